/**
 * Fastify's own schema compilers (Ajv for what a request brings, fast-json-stringify for what a
 * response sends), each route's compiled the first time the route needs it instead of all at start.
 * At start fastify compiles every schema of every route, its HEAD twin included: with this catalogue's
 * routes that was about 200 ms of a start, most of it for routes a given process never serves or whose
 * bodies are sent prebuilt. Deferred, a route pays a few ms once, on its first request. What is
 * compiled, and so what is validated, coerced, defaulted and serialised, is exactly what fastify's
 * defaults would have compiled; the route schemas (and so the OpenAPI document) are untouched.
 */
import { AjvCompiler } from '@fastify/ajv-compiler'
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>

/** A compiler's output as fastify calls it: a function, which fastify may also read properties of. */
type Compiled = ((...args: never[]) => unknown) & Record<string, unknown>

/**
 * A function that compiles on its first call or property read, then behaves as the compiled one:
 * fastify reads an Ajv validator's `errors` after a call and its `schemaEnv` before one.
 */
function compiledOnFirstUse(compile: () => Compiled, properties: readonly string[]): Compiled {
  let compiled: Compiled | undefined
  const target = (): Compiled => (compiled ??= compile())
  const lazy = ((...args: never[]) => target()(...args)) as Compiled
  for (const name of properties) Object.defineProperty(lazy, name, { get: () => target()[name] })
  return lazy
}

/** A compiler factory as fastify calls it (the packages' own types describe Ajv's compile instead). */
type Factory = (externalSchemas: unknown, options: unknown) => (route: unknown) => Compiled

function lazily(factory: Factory, properties: readonly string[]): Factory {
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options)
    return (route) => compiledOnFirstUse(() => compile(route), properties)
  }
}

export function lazySchemaCompilers(): CompilersFactory {
  return {
    buildValidator: lazily(AjvCompiler() as unknown as Factory, ['errors', 'schemaEnv']) as unknown as CompilersFactory['buildValidator'],
    buildSerializer: lazily(SerializerSelector() as unknown as Factory, []) as unknown as CompilersFactory['buildSerializer']
  }
}
