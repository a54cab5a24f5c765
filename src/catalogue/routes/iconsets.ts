/** GET /iconsets and /iconsets/{iconset_slug} — the sets, and one set with all its icons. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { IconSetDetail, IconSetList } from '../../api/catalogue-schemas'
import { iconsetsUrl, iconsetUrl } from '../../api/catalogue-urls'
import { cacheKey, NOT_MODIFIED_RESPONSE, type Representation, sendRepresentation } from '../http-caching'
import { problemResponses } from '../problem-errors'
import { excerpt, ProblemError } from '../problems'
import { iconsetDetail, iconsetList } from '../to-wire'
import { jsonRepresentation, jsonResponse, type CatalogueRouteOptions } from './route-options'

export const IconsetParams = Type.Object({
  iconset: Type.String({ description: 'Icon set slug (its Iconify prefix), e.g. lucide' })
})

export const iconsetRoutes: FastifyPluginAsyncTypebox<CatalogueRouteOptions> = async (app, { catalogue, baseUrl, cache }) => {
  let list: Representation | undefined
  app.get(
    '/iconsets',
    {
      schema: {
        operationId: 'listIconsets',
        summary: 'List icon sets',
        tags: ['iconsets'],
        response: { 200: jsonResponse('Every icon set, with previews', IconSetList), ...NOT_MODIFIED_RESPONSE }
      }
    },
    (request, reply) => {
      list ??= jsonRepresentation(reply, iconsetList(baseUrl, catalogue))
      return sendRepresentation(request, reply, list, { cache, urls: [iconsetsUrl('')] })
    }
  )

  app.get(
    '/iconsets/:iconset',
    {
      schema: {
        operationId: 'getIconset',
        summary: 'One icon set with the complete list of its icons',
        tags: ['iconsets'],
        params: IconsetParams,
        response: { 200: jsonResponse('The icon set and all its icons', IconSetDetail), ...NOT_MODIFIED_RESPONSE, ...problemResponses('iconset_not_found') }
      }
    },
    (request, reply) => {
      const set = catalogue.getIconset(request.params.iconset)
      if (set === undefined) throw new ProblemError('iconset_not_found', `No icon set ${excerpt(request.params.iconset)}; GET /iconsets lists them.`)
      const key = cacheKey('iconset', set.slug)
      sendRepresentation(request, reply, cache.get(key, () => jsonRepresentation(reply, iconsetDetail(baseUrl, set))), { cache, key, urls: [iconsetUrl('', set.slug)] })
    }
  )
}
