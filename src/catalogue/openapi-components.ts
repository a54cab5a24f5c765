/**
 * The API's named schemas (those of src/api with an `$id`: IconSummary, Problem, SearchResult…) as
 * the OpenAPI document's components, each written once and referred to wherever an answer holds it,
 * so a client's code generator makes one named type of each rather than an anonymous copy per
 * operation. @fastify/swagger writes every route's schemas inline, named only by a title, so the
 * document is rewritten after it: a schema equal to a named one, title aside, becomes its $ref.
 */

/** A schema as JSON holds it. */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/**
 * What a schema is, whatever names it: its JSON with keys in order, without `$id` and `title`, and a
 * `const` as the one-value `enum` @fastify/swagger writes it as in some places.
 */
function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if ('const' in value && !('enum' in value)) {
    const { const: only, ...rest } = value
    return canonical({ ...rest, enum: [only as Json] })
  }
  const keys = Object.keys(value)
    .filter((key) => key !== '$id' && key !== 'title')
    .sort()
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key] as Json)}`).join(',')}}`
}

const refTo = (name: string): Json => ({ $ref: `#/components/schemas/${name}` })

/**
 * `value` with every schema in it equal to a named one replaced by a $ref to it, outermost first (a
 * SearchResult is one $ref, not a copy holding a $ref to IconSummary); `own` is left whole, being
 * the named schema itself.
 */
function referring(value: Json, names: ReadonlyMap<string, string>, own?: string): Json {
  if (Array.isArray(value)) return value.map((item) => referring(item, names))
  if (value === null || typeof value !== 'object') return value
  const name = names.get(canonical(value))
  if (name !== undefined && name !== own) return refTo(name)
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, referring(field, names)]))
}

/** The document with `named` (schemas with an `$id`) as its components.schemas, referred to from its paths. */
export function withComponents<T extends object>(document: T, named: ReadonlyArray<{ $id?: string }>): T {
  const plain = named.flatMap((schema) => (schema.$id === undefined ? [] : [[schema.$id, JSON.parse(JSON.stringify(schema)) as Json] as const]))
  const names = new Map(plain.map(([name, schema]) => [canonical(schema), name]))
  const schemas = Object.fromEntries(
    plain.map(([name, schema]) => {
      const { $id: _id, ...rest } = referring(schema, names, name) as { [key: string]: Json }
      return [name, rest]
    })
  )
  const { paths, components } = document as { paths?: Json; components?: { schemas?: Record<string, Json> } }
  return {
    ...document,
    paths: referring(paths ?? {}, names),
    components: { ...components, schemas: { ...components?.schemas, ...schemas } }
  }
}
