/** GET /search — ranked, paged icon search, optionally filtered by style. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { STYLE_SLUGS, SearchResult, type StyleSlug } from '../../api/catalogue-schemas'
import { MAX_LIMIT, MAX_QUERY_LENGTH } from '../../api/limits'
import { cacheKey, NOT_MODIFIED_RESPONSE, sendRepresentation } from '../http-caching'
import { type ParameterProblems, problemResponses } from '../problem-errors'
import { excerpt } from '../problems'
import { searchResult } from '../to-wire'
import { jsonRepresentation, jsonResponse, type CatalogueRouteOptions } from './route-options'

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

const SEARCH_PROBLEMS: ParameterProblems = {
  q: () => ['query_too_long', `q must be at most ${MAX_QUERY_LENGTH} characters.`],
  style: (_, value) => ['unknown_style', `Unknown style ${excerpt(value)}; use one of ${STYLE_SLUGS.join(', ')}.`],
  offset: (_, value) => ['invalid_offset', `offset must be a whole number of 0 or more, got ${excerpt(value)}.`],
  limit: (_, value) => ['invalid_limit', `limit must be a whole number from 1 to ${MAX_LIMIT}, got ${excerpt(value)}.`]
}

export const searchRoutes: FastifyPluginAsyncTypebox<CatalogueRouteOptions> = async (app, { catalogue, baseUrl, cache }) => {
  app.get(
    '/search',
    {
      config: { parameterProblems: SEARCH_PROBLEMS },
      schema: {
        summary: 'Search icons',
        description: 'Exact name matches first, then tag matches, then partial ones. Paging by offset returns every match once, in a stable order.',
        tags: ['search'],
        querystring: SearchQuery,
        response: { 200: jsonResponse('One page of matches, best first', SearchResult), ...NOT_MODIFIED_RESPONSE, ...problemResponses('invalid_parameter') }
      }
    },
    (request, reply) => {
      const { q = '', style = '', offset = 0, limit = MAX_LIMIT } = request.query
      const filter = style === '' ? null : (style as StyleSlug)
      // The answer echoes q as given, so q is part of the key as given.
      const page = cache.get(cacheKey('search', q, filter, offset, limit), () =>
        jsonRepresentation(reply, searchResult(baseUrl, { q, style: filter, offset, limit }, catalogue.search(q, filter)))
      )
      sendRepresentation(request, reply, page)
    }
  )
}
