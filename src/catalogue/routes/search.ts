/** GET /search — ranked, paged icon search, optionally filtered by style. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { MAX_LIMIT, MAX_QUERY_LENGTH, STYLE_SLUGS, SearchResult, type StyleSlug } from '../../api/catalogue-schemas'
import { answerFromCache, NOT_MODIFIED_RESPONSE, RepresentationCache, SELF_ENCODED, sendRepresentation } from '../http-caching'
import { problemResponses, rejectNonFinite } from '../problem-errors'
import { searchResult } from '../to-wire'
import { jsonRepresentation, jsonResponse, type CatalogueRouteOptions } from './route-options'

/** Serialised pages of recent queries; a page is ~40 kB, so this keeps the last thousand or so. */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024

export const SearchQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: MAX_QUERY_LENGTH,
      description: 'Search text, matched against names, tags and synonyms; a prefix matches while typing. Blank lists the catalogue.'
    })
  ),
  style: Type.Optional(
    Type.Enum([...STYLE_SLUGS, ''], { description: 'Only icons in this style; blank for every style.' })
  ),
  offset: Type.Optional(
    Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0, description: 'Index of the first match to return.' })
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: MAX_LIMIT, description: 'Matches per page.' })
  )
})

export const searchRoutes: FastifyPluginAsyncTypebox<CatalogueRouteOptions> = async (app, { catalogue, baseUrl }) => {
  const pages = new RepresentationCache(PAGE_CACHE_BYTES)
  app.get(
    '/search',
    {
      ...SELF_ENCODED,
      onRequest: answerFromCache(pages),
      schema: {
        summary: 'Search icons',
        description: 'Exact name matches first, then tag matches, then partial ones. Paging by offset returns every match once, in a stable order.',
        tags: ['search'],
        querystring: SearchQuery,
        response: { 200: jsonResponse('One page of matches, best first', SearchResult), ...NOT_MODIFIED_RESPONSE, ...problemResponses(400) }
      }
    },
    (request, reply) => {
      rejectNonFinite(request.query)
      const { q = '', style = '', offset = 0, limit = MAX_LIMIT } = request.query
      const filter = style === '' ? null : (style as StyleSlug)
      const page = jsonRepresentation(reply, searchResult(baseUrl, { q, style: filter, offset, limit }, catalogue.search(q, filter)))
      sendRepresentation(request, reply, pages.set(request.url, page))
    }
  )
}
