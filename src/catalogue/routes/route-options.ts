import type { FastifyReply } from 'fastify'
import type { Catalogue } from '../catalogue'
import { CACHE_DATA, JSON_TYPE, representation, type Representation, type RepresentationCache } from '../http-caching'

/** What every catalogue route plugin is registered with. */
export interface CatalogueRouteOptions {
  catalogue: Catalogue
  /** Public base URL every link in a response is built from. */
  baseUrl: string
  /** The app's one response cache; each route keys its entries with cacheKey(route, ...parameters). */
  cache: RepresentationCache
}

/** Route-schema fragment for a described JSON success, so the OpenAPI document says what it is. */
export function jsonResponse<Schema>(description: string, schema: Schema) {
  return { description, content: { 'application/json': { schema } } }
}

/** Serialises with the route's own 200 JSON schema (fast-json-stringify) into a cacheable representation. */
export function jsonRepresentation(reply: FastifyReply, value: unknown): Representation {
  const json = reply.serializeInput(value as Record<string, unknown>, '200', 'application/json')
  return representation(json as string, JSON_TYPE, CACHE_DATA)
}
