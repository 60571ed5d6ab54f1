import { parse } from 'fast-querystring';

/**
 * Set on a parsed query whose percent-encoding is broken (`%ZZ`, a lone `%`, or bytes that are
 * not UTF-8 such as Latin-1 `B%E4r`); holds the parameter's name. The default parser keeps such
 * text as it was sent, so a search for `B%E4r` would quietly match nothing.
 */
export const BROKEN_ENCODING = Symbol('broken percent-encoding');

export type ParsedQuery = Record<string, string | string[] | undefined> & { [BROKEN_ENCODING]?: string };

/** Fastify's query parser (fast-querystring's), refusing what it cannot decode instead of passing it on. */
export function parseQueryString(query: string): ParsedQuery {
  if (query.length === 0) return {};
  if (query.includes('%')) {
    const broken = brokenParameter(query);
    if (broken !== undefined) return { [BROKEN_ENCODING]: broken };
  }
  return parse(query) as ParsedQuery;
}

/** The name of the first parameter whose name or value does not decode as UTF-8, if any. */
function brokenParameter(query: string): string | undefined {
  for (const pair of query.split('&')) {
    const [name = '', value = ''] = splitOnce(pair.replace(/\+/g, ' '));
    const decodedName = decodes(name);
    if (decodedName === undefined) return name.slice(0, 100);
    if (decodes(value) === undefined) return decodedName.slice(0, 100);
  }
  return undefined;
}

function splitOnce(pair: string): [string, string] {
  const at = pair.indexOf('=');
  return at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
}

function decodes(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
