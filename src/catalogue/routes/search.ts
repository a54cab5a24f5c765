/** GET /search — ranked, paged icon search, one icon per family, optionally filtered by style and sets. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { SearchRequest, SearchResult } from '../../api/catalogue-schemas'
import { answerFromCache, NOT_MODIFIED_RESPONSE, RepresentationCache, SELF_ENCODED, sendRepresentation } from '../http-caching'
import { problemResponses, rejectNonFinite } from '../problem-errors'
import { searchResult } from '../to-wire'
import { jsonRepresentation, jsonResponse, type CatalogueRouteOptions } from './route-options'

/** Serialised pages of recent queries; a page is ~40 kB, so this keeps the last thousand or so. */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024

export const searchRoutes: FastifyPluginAsyncTypebox<CatalogueRouteOptions> = async (app, { catalogue, baseUrl }) => {
  const pages = new RepresentationCache(PAGE_CACHE_BYTES)
  app.get(
    '/search',
    {
      ...SELF_ENCODED,
      onRequest: answerFromCache(pages),
      schema: {
        summary: 'Search icons',
        description:
          'Exact name matches first, then synonyms and tags, then prefixes; near spellings only when those are few. ' +
          'One icon per family (one drawing across its styles and sizes). Set names, style words, Iconify ids (mdi:account-circle) ' +
          'and icon component names (FaGithub, HiOutlineHome) in `q` become filters, reported in `interpreted`. ' +
          'Paging by offset returns every family once, in a stable order.',
        tags: ['search'],
        querystring: SearchRequest,
        response: { 200: jsonResponse('One page of matches, best first', SearchResult), ...NOT_MODIFIED_RESPONSE, ...problemResponses(400) }
      }
    },
    (request, reply) => {
      rejectNonFinite(request.query)
      const page = jsonRepresentation(reply, searchResult(baseUrl, catalogue, request.query, catalogue.search(request.query)))
      sendRepresentation(request, reply, pages.set(request.url, page))
    }
  )
}
