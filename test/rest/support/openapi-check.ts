import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';

type Json = Record<string, any>;

/** The API's own headers: an answer that carries one must have it declared for its status. */
const API_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'ratelimit-policy', 'ratelimit', 'etag', 'retry-after', 'location', 'link', 'x-total-count', 'deprecation', 'sunset', 'www-authenticate', 'idempotent-replayed'];

/**
 * Checks answers against the OpenAPI document the server itself serves: for the operation that
 * matches the request's method and path, the answer's status must be declared, and its body must
 * validate against the schema declared for that status (an undeclared status fails the test).
 */
export async function createOpenApiChecker(origin: string) {
  const doc = (await (await fetch(`${origin}/openapi.json`)).json()) as Json;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ components: doc.components }, 'openapi');
  const compiled = new Map<string, ValidateFunction>();

  const operations = Object.entries(doc.paths as Json).flatMap(([path, methods]) =>
    Object.entries(methods as Json).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      pattern: new RegExp(`^/v1${path.replace(/\{\w+\}/g, '[^/]+')}/?$`),
      operation: operation as Json,
    })),
  );

  function find(method: string, url: string) {
    const pathname = new URL(url, 'http://x').pathname;
    return operations.find((op) => op.method === method && op.pattern.test(pathname));
  }

  return {
    doc,
    /**
     * Asserts the response is one the document declares for this request and returns its parsed body
     * (undefined for empty answers). Requests to routes the document does not have are not checked.
     */
    async check(method: string, url: string, response: Response): Promise<any> {
      const bytes = Buffer.from(await response.arrayBuffer());
      const text = bytes.toString('utf8');
      const op = find(method, url);
      if (!op) return text ? JSON.parse(text) : undefined;
      const declared = op.operation.responses[String(response.status)];
      expect(declared, `${method} ${op.path} answered ${response.status}, which the document does not declare`).toBeDefined();
      const declaredHeaders = new Map(Object.entries((declared.headers ?? {}) as Json).map(([name, header]) => [name.toLowerCase(), header as Json]));
      for (const name of API_HEADERS) {
        if (response.headers.has(name)) {
          expect(declaredHeaders.has(name), `${method} ${op.path} answered ${response.status} with ${name}, which the document does not declare for it`).toBe(true);
          // A header the document fixes (WWW-Authenticate's challenge) must be sent as declared.
          const values = declaredHeaders.get(name)?.schema?.enum as unknown[] | undefined;
          if (values) expect(values, `${method} ${op.path} ${response.status}: ${name}`).toContain(response.headers.get(name));
        }
      }
      const content = Object.entries((declared.content ?? {}) as Json);
      if (!content.length) {
        expect(text, `${method} ${op.path} ${response.status} should have no body`).toBe('');
        return undefined;
      }
      // The media type the answer was sent as must be one the document declares for it (a photo: one of three).
      const sentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const [mediaType, media] = content.find(([type]) => type === sentType) ?? [];
      expect(mediaType, `${method} ${op.path} ${response.status} answered ${sentType}, which the document does not declare`).toBeDefined();
      // A file (`format: binary`) is given back as its bytes, within the declared length.
      if (media.schema?.format === 'binary') {
        if (media.schema.maxLength !== undefined) expect(bytes.length).toBeLessThanOrEqual(media.schema.maxLength);
        return bytes;
      }
      if (mediaType !== 'application/json') return text;
      const body = JSON.parse(text);
      const key = `${method} ${op.path} ${response.status}`;
      let validate = compiled.get(key);
      if (!validate) {
        const schema = JSON.parse(JSON.stringify(media.schema).replaceAll('"#/components/', '"openapi#/components/'));
        validate = ajv.compile(schema);
        compiled.set(key, validate);
      }
      expect(validate(body), `${key} body does not match the document: ${ajv.errorsText(validate.errors)}\n${text.slice(0, 500)}`).toBe(true);
      return body;
    },

    /** Asserts one message of an event stream (its `data`, parsed) matches what the document declares for the stream's 200. */
    streamed(method: string, url: string, data: unknown): void {
      const op = find(method, url);
      const schema = op?.operation.responses['200']?.content?.['text/event-stream']?.schema;
      expect(schema, `${method} ${url} is no event stream in the document`).toBeDefined();
      const key = `${method} ${op!.path} stream`;
      let validate = compiled.get(key);
      if (!validate) {
        validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')));
        compiled.set(key, validate);
      }
      expect(validate(data), `${key} message does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(data).slice(0, 500)}`).toBe(true);
    },
  };
}
