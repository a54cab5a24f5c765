/** GET /styles and /styles/{style_slug} — the shared style vocabulary and where each style occurs. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { StyleDetail, StyleList } from '../../api/catalogue-schemas'
import { NOT_MODIFIED_RESPONSE, type Representation, SELF_ENCODED, sendRepresentation } from '../http-caching'
import { notFound, problemResponses } from '../problem-errors'
import { styleDetail, styleList } from '../to-wire'
import { jsonRepresentation, type CatalogueRouteOptions } from './route-options'

export const styleRoutes: FastifyPluginAsyncTypebox<CatalogueRouteOptions> = async (app, { catalogue, baseUrl }) => {
  let list: Representation | undefined
  app.get(
    '/styles',
    {
      ...SELF_ENCODED,
      schema: {
        summary: 'List styles',
        tags: ['styles'],
        response: { 200: StyleList, ...NOT_MODIFIED_RESPONSE }
      }
    },
    (request, reply) => {
      list ??= jsonRepresentation(reply, styleList(baseUrl, catalogue))
      return sendRepresentation(request, reply, list)
    }
  )

  const details = new Map<string, Representation>()
  app.get(
    '/styles/:style',
    {
      ...SELF_ENCODED,
      schema: {
        summary: 'One style: the sets that have it and a search filtered by it',
        tags: ['styles'],
        params: Type.Object({ style: Type.String({ description: 'Style slug, e.g. outline' }) }),
        response: { 200: StyleDetail, ...NOT_MODIFIED_RESPONSE, ...problemResponses(404) }
      }
    },
    (request, reply) => {
      const style = catalogue.styles.find((candidate) => candidate.slug === request.params.style)
      if (style === undefined) throw notFound('style_not_found', `No style ${JSON.stringify(request.params.style)}; GET /styles lists them.`)
      let detail = details.get(style.slug)
      if (detail === undefined) {
        detail = jsonRepresentation(reply, styleDetail(baseUrl, catalogue, style))
        details.set(style.slug, detail)
      }
      return sendRepresentation(request, reply, detail)
    }
  )
}
