/** GET /styles and /styles/{style_slug} — the shared style vocabulary and where each style occurs. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { StyleDetail, StyleList } from '../../api/catalogue-schemas'
import { styleUrl, stylesUrl } from '../../api/catalogue-urls'
import { cacheKey, NOT_MODIFIED_RESPONSE, type Representation, sendRepresentation } from '../http-caching'
import { problemResponses } from '../problem-errors'
import { excerpt, ProblemError } from '../problems'
import { styleDetail, styleList } from '../to-wire'
import { jsonRepresentation, jsonResponse, type CatalogueRouteOptions } from './route-options'

export const styleRoutes: FastifyPluginAsyncTypebox<CatalogueRouteOptions> = async (app, { catalogue, baseUrl, cache }) => {
  let list: Representation | undefined
  app.get(
    '/styles',
    {
      schema: {
        operationId: 'listStyles',
        summary: 'List styles',
        tags: ['styles'],
        response: { 200: jsonResponse('Every style that has icons', StyleList), ...NOT_MODIFIED_RESPONSE }
      }
    },
    (request, reply) => {
      list ??= jsonRepresentation(reply, styleList(baseUrl, catalogue))
      return sendRepresentation(request, reply, list, { cache, urls: [stylesUrl('')] })
    }
  )

  app.get(
    '/styles/:style',
    {
      schema: {
        operationId: 'getStyle',
        summary: 'One style: the sets that have it and a search filtered by it',
        tags: ['styles'],
        params: Type.Object({ style: Type.String({ description: 'Style slug, e.g. outline' }) }),
        response: { 200: jsonResponse('The style, its icon sets and a filtered search', StyleDetail), ...NOT_MODIFIED_RESPONSE, ...problemResponses('style_not_found') }
      }
    },
    (request, reply) => {
      const style = catalogue.styles.find((candidate) => candidate.slug === request.params.style)
      if (style === undefined) throw new ProblemError('style_not_found', `No style ${excerpt(request.params.style)}; GET /styles lists them.`)
      const key = cacheKey('style', style.slug)
      sendRepresentation(request, reply, cache.get(key, () => jsonRepresentation(reply, styleDetail(baseUrl, catalogue, style))), { cache, key, urls: [styleUrl('', style.slug)] })
    }
  )
}
