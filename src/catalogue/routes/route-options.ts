import type { FastifyReply } from 'fastify'
import type { Catalogue } from '../catalogue'
import { CACHE_DATA, JSON_TYPE, representation, type Representation } from '../http-caching'

/** What every catalogue route plugin is registered with. */
export interface CatalogueRouteOptions {
  catalogue: Catalogue
  /** Public base URL every link in a response is built from. */
  baseUrl: string
}

/**
 * Serialises with the route's own 200 schema (fast-json-stringify) into a cacheable representation.
 * `byMediaType` is for routes whose 200 response has a schema per media type.
 */
export function jsonRepresentation(reply: FastifyReply, value: unknown, byMediaType = false): Representation {
  const json = byMediaType ? reply.serializeInput(value as Record<string, unknown>, '200', 'application/json') : reply.serialize(value)
  return representation(json as string, JSON_TYPE, CACHE_DATA)
}
