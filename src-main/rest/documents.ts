import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderDocsPage } from './openapi/docs-page';
import { buildOpenApiDocument } from './openapi/document';
import { compress, preferredEncoding, addVary, type Encoding } from './compression';
import { answerNotModified, entityTag } from './entity-tag';

/**
 * One version of a document (the OpenAPI JSON or its reference page): its text, its tag and its
 * compressed forms, each made once, when first asked for. The tag is weak (`W/`): the compressed
 * forms are other bytes of the same document.
 */
class StaticAnswer {
  readonly tag: string;
  private readonly compressed = new Map<Encoding, Promise<Buffer>>();

  constructor(
    readonly body: string,
    readonly type: string,
  ) {
    this.tag = `W/${entityTag(body)}`;
  }

  /** Answers 304 to a client holding this version, else the body, compressed if the client asks. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<unknown> | FastifyReply {
    addVary(reply, 'Accept-Encoding');
    // Public and the same for everyone; `no-cache`: kept, and asked again each time with the tag.
    if (answerNotModified(request, reply, this.tag, 'no-cache')) return reply;
    reply.type(this.type);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(this.body);
    let bytes = this.compressed.get(encoding);
    if (!bytes) this.compressed.set(encoding, (bytes = compress(this.body, encoding)));
    return bytes.then((compressed) => reply.header('content-encoding', encoding).send(compressed));
  }
}

/**
 * The OpenAPI document and its reference page, rebuilt only when the settings they mention (the
 * sunset date) change.
 */
export function createDocuments(sunsetDate: () => string) {
  let built: { sunsetDate: string; json: StaticAnswer; html: StaticAnswer } | undefined;
  const current = () => {
    const date = sunsetDate();
    if (built?.sunsetDate !== date) {
      const doc = buildOpenApiDocument({ sunsetDate: date });
      built = {
        sunsetDate: date,
        json: new StaticAnswer(JSON.stringify(doc), 'application/json; charset=utf-8'),
        html: new StaticAnswer(renderDocsPage(doc), 'text/html; charset=utf-8'),
      };
    }
    return built;
  };
  return {
    openapi: (request: FastifyRequest, reply: FastifyReply) => current().json.send(request, reply),
    docs: (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'");
      return current().html.send(request, reply);
    },
  };
}
