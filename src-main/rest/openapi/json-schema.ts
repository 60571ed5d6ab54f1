import { z } from 'zod';
import { rewriteForOpenApi30 } from './schema-rewrites';

type Json = Record<string, unknown>;

export interface ConvertOptions {
  /** False for a request body: its defaults are said in words (see `RewriteOptions.defaults`). */
  defaults?: boolean;
}

/**
 * Converts a contract schema to an OpenAPI 3.0 schema object. Named schemas (`.meta({ id })`)
 * are moved into `components` and referenced, so each appears once in the document.
 */
export function createSchemaConverter() {
  const components: Record<string, Json> = {};
  const examples = new Map<string, unknown[]>();

  function register(id: string, schema: Json): void {
    const existing = components[id];
    if (existing && JSON.stringify(existing) !== JSON.stringify(schema)) {
      throw new Error(`Schema ${id} converts differently in two places; give the variants distinct ids`);
    }
    components[id] = schema;
  }

  function convert(schema: z.ZodType, io: 'input' | 'output', { defaults = true }: ConvertOptions = {}): Json {
    const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any', override: addDiscriminator }) as Json;
    const definitions = (json.definitions ?? {}) as Record<string, Json>;
    delete json.definitions;
    delete json.$schema;
    const options = { lookup: (id: string) => definitions[id] ?? components[id], defaults };
    rewriteForOpenApi30(json, options);
    for (const [id, definition] of Object.entries(definitions)) {
      const declared = rewriteForOpenApi30(definition, options);
      if (declared) examples.set(id, declared);
    }
    for (const [id, definition] of Object.entries(definitions)) register(id, relink(definition) as Json);
    return relink(json) as Json;
  }

  /** The examples a named schema declares (JSON Schema's `examples`), for the media types that use it. */
  const examplesOf = (converted: Json): unknown[] =>
    typeof converted.$ref === 'string' ? (examples.get(converted.$ref.replace('#/components/schemas/', '')) ?? []) : [];

  return { convert, components, examplesOf };
}

/**
 * A discriminated union of named schemas (`StoreEvent`) says which member each value of its
 * discriminator picks, so client generators can narrow on it (OpenAPI's `discriminator`).
 */
function addDiscriminator({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: Json }): void {
  const def = (zodSchema as z.ZodType)._zod.def as { type: string; discriminator?: string; options?: z.ZodType[] };
  if (def.type !== 'union' || !def.discriminator || !def.options) return;
  const propertyName = def.discriminator;
  const mapping: Record<string, string> = {};
  for (const option of def.options) {
    const id = z.globalRegistry.get(option)?.id;
    const values = ((option as z.ZodObject).shape[propertyName] as z.ZodType | undefined)?._zod.values;
    if (!id || !values) return; // an unnamed member cannot be referenced: no discriminator
    for (const value of values) mapping[String(value)] = `#/components/schemas/${id}`;
  }
  jsonSchema.discriminator = { propertyName, mapping };
}

/** Rewrites `#/definitions/X` references to `#/components/schemas/X` and drops `$id`s (3.0 has none). */
function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink);
  if (value && typeof value === 'object') {
    // Zod wraps a reference with siblings as `allOf: [ref]` (3.0 allows none beside $ref): one that
    // only adds a description keeps it (a field's own words, "Defaults to `available`"); with nothing
    // beside it, the reference alone.
    const { allOf, ...rest } = value as Json;
    if (Array.isArray(allOf) && allOf.length === 1 && Object.keys(rest).length === 0) return relink(allOf[0]);
    const out: Json = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$id') continue;
      out[key] = key === '$ref' && typeof inner === 'string' ? inner.replace('#/definitions/', '#/components/schemas/') : relink(inner);
    }
    return out;
  }
  return value;
}
