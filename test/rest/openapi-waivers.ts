/**
 * The Spectral errors (spectral:oas and the OWASP ruleset) the served document keeps on purpose,
 * each with its reason. `where` matches the finding's path, its keys joined with dots
 * (`paths./pets/{petId}.get.parameters.0.schema`); `when`, if given, must also hold for what the
 * document has there. test/rest/openapi-lint.test.ts fails on an error no waiver matches and on a
 * waiver that matches nothing.
 */
export interface Waiver {
  rule: string;
  where: RegExp;
  when?: (found: any) => boolean;
  reason: string;
}

export const SPECTRAL_WAIVERS: Waiver[] = [
  {
    rule: 'owasp:api1:2023-no-numeric-ids',
    where: /^paths\.[^.]+\.(get|put|patch|post|delete)\.parameters\.\d+\.schema$/,
    reason:
      'The interface makes every id an integer (int64), and the brief has the service assign them as increasing integers. ' +
      'An id is no credential: every request needs a token, and any token may read every record of the shop.',
  },
  {
    rule: 'owasp:api8:2023-define-cors-origin',
    where: /^(paths\.[^.]+\.\w+\.responses\.\d+|components)\.headers$/,
    reason:
      'CORS is off until the owner lists origins (brief); then every answer to a listed page carries ' +
      '`Access-Control-Allow-Origin` (docs/decisions.md#cors-is-off-until-origins-are-listed). Clients other than browser pages never see it.',
  },
  {
    rule: 'owasp:api4:2023-rate-limit',
    where: /^paths\.[^.]+\.\w+\.responses\.(401|408|431)(\.headers)?$/,
    reason:
      'Answered before a token is known, so no budget applies: the budget is per token. A 401 refuses the token; ' +
      '408 and 431 are written on the socket before routing.',
  },
  {
    rule: 'owasp:api4:2023-rate-limit',
    where: /^paths\.[^.]+\.\w+\.responses\.\d+\.headers$/,
    when: (headers) => 'RateLimit' in headers && 'X-RateLimit-Limit' in headers,
    reason:
      "The rule's `oneOf` takes exactly one way of telling the budget; every answer with a token sends two: the IETF fields " +
      '(`RateLimit`, `RateLimit-Policy`) and `X-RateLimit-*`, which older clients read. The rule passes with either alone.',
  },
  {
    rule: 'owasp:api4:2023-rate-limit',
    where: /^paths\.\/health\.get\.responses\.\d+(\.headers)?$/,
    reason: 'GET /health needs no token (brief), and the rate limit is a budget per token.',
  },
  {
    rule: 'owasp:api4:2023-rate-limit',
    where: /^paths\.\/tills\/pair\.post\.responses\.\d+(\.headers)?$/,
    reason:
      "A till pairs before it holds a token, and the rate limit is a budget per token; a refused pairing counts in the address's " +
      'authentication throttle instead (429 `AUTH_THROTTLED`, docs/decisions.md#pairing-a-till).',
  },
  {
    rule: 'owasp:api2:2023-write-restricted',
    where: /^paths\.\/tills\/pair\.post\.security$/,
    reason: "The one-time code's proof is the credential: a till has no token until this answer gives it one.",
  },
  {
    rule: 'owasp:api4:2023-string-limit',
    where: /^paths\.[^.]+\.get\.responses\.200\.headers\.Link\.schema$/,
    reason:
      "A page's next link is the request's own address with the next cursor: as long as the URL the client sent " +
      '(the request line and headers are at most 16 KiB, else 431 HEADERS_TOO_LARGE).',
  },
  {
    rule: 'owasp:api4:2023-string-limit',
    where: /^(components\.schemas\.(DateTime|OrderPatch\.properties\.shipDate)|paths\.\/tills\/pair\.post\.responses\.200\.content\.application\/json\.schema\.properties\.till\.properties\.(lastUsedAt|revokedAt))$/,
    reason:
      "An ISO 8601 date-time (the interface's `format: date-time`): its pattern fixes every character but a fraction's digits, " +
      'which only the 64 KiB body limit bounds; it is kept as its 24-character instant in UTC.',
  },
  {
    rule: 'owasp:api4:2023-string-limit',
    where: /^components\.schemas\.Error\.properties\.(message|details\.items\.properties\.(path|message))$/,
    reason:
      "The Error object's text is the server's own, never a client's input: a message, and a field's path cut at 100 characters " +
      'a part (src-shared/errors.ts, the error catalogue, declares the schema).',
  },
];
