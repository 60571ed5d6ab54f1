/**
 * What Zod's JSON Schema needs to be a plain OpenAPI 3.0.3 schema that strict validators, linters
 * and client generators read as the service behaves: applied to every schema of a conversion.
 */
type Json = Record<string, unknown>;

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** `int32` when the bounds fit in 32 bits, else `int64` (ids, counts and ranges up to 2^53−1). */
export const integerFormat = (minimum: unknown, maximum: unknown): 'int32' | 'int64' =>
  typeof minimum === 'number' && typeof maximum === 'number' && minimum >= INT32_MIN && maximum <= INT32_MAX ? 'int32' : 'int64';

export interface RewriteOptions {
  /** Finds a named schema (`DateTime`) by its id. */
  lookup: (id: string) => Json | undefined;
  /**
   * Keeps `default`s. A request body's are dropped (its descriptions say them): openapi-typescript
   * types a property with a default as always present, so `{petId}` alone would not be an order.
   */
  defaults: boolean;
}

/** Rewrites one converted schema in place (with every schema inside it); returns the examples it declared. */
export function rewriteForOpenApi30(schema: Json, options: RewriteOptions): unknown[] | undefined {
  const examples = Array.isArray(schema.examples) ? (schema.examples as unknown[]) : undefined;
  eachSchema(schema, (node) => {
    inlineNullableReference(node, options.lookup);
    // OpenAPI 3.0.3: `nullable` adds null to the type, but an `enum` must list null itself (a PATCH's `sex: null`).
    if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum.push(null);
    if (node.type === 'integer' && node.format === undefined) node.format = integerFormat(node.minimum, node.maximum);
    untypeAllOfMembers(node);
    if (!options.defaults) delete node.default;
    // 3.0 has one `example` per schema; the whole list goes to the media types that use it.
    if (Array.isArray(node.examples)) {
      if (node.example === undefined && node.examples.length) node.example = node.examples[0];
      delete node.examples;
    }
  });
  return examples;
}

/** Calls `visit` on a schema and every schema inside it (not on examples, nor on `properties` maps as such). */
function eachSchema(schema: unknown, visit: (node: Json) => void): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
  const node = schema as Json;
  visit(node);
  for (const inner of Object.values((node.properties ?? {}) as Json)) eachSchema(inner, visit);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) (Array.isArray(node[key]) ? (node[key] as unknown[]) : []).forEach((inner) => eachSchema(inner, visit));
  for (const key of ['items', 'additionalProperties', 'not'] as const) eachSchema(node[key], visit);
}

/**
 * A nullable reference (`DateTime.nullable()`: `{nullable: true, allOf: [{$ref}]}`) takes the
 * referenced schema in place, beside `nullable`: OpenAPI 3.0.3 reads `nullable` only with a `type`
 * in the same schema, and an `allOf` member that refuses null would refuse it for the whole.
 */
function inlineNullableReference(node: Json, lookup: RewriteOptions['lookup']): void {
  const ref = Array.isArray(node.allOf) && node.allOf.length === 1 ? ((node.allOf[0] as Json).$ref as string | undefined) : undefined;
  if (node.nullable !== true || !ref) return;
  const id = ref.replace(/^#\/(definitions|components\/schemas)\//, '');
  const target = lookup(id);
  if (typeof target?.type !== 'string') throw new Error(`A nullable ${id} needs a schema with a type to stand in for it`);
  const { allOf: _allOf, ...own } = node;
  for (const key of Object.keys(node)) delete node[key];
  Object.assign(node, structuredClone(target), own);
}

/**
 * `{type: string, maxLength: 100, allOf: [{type: string, pattern}, …]}` (Zod's way of giving one
 * string two patterns) says the type once: a member repeating it reads as a string of its own,
 * unbounded, to linters, where it only adds a pattern to the bounded string around it.
 */
function untypeAllOfMembers(node: Json): void {
  if (typeof node.type !== 'string' || !Array.isArray(node.allOf)) return;
  for (const member of node.allOf as Json[]) if (member.type === node.type && member.$ref === undefined) delete member.type;
}
