/** GET / — what the API is, how big the catalogue is, and where to go next. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Welcome } from '../../api/catalogue-schemas'
import { NOT_MODIFIED_RESPONSE, type Representation, sendRepresentation } from '../http-caching'
import { welcome } from '../to-wire'
import { jsonRepresentation, jsonResponse, type CatalogueRouteOptions } from './route-options'

export const welcomeRoutes: FastifyPluginAsyncTypebox<CatalogueRouteOptions & { version: string }> = async (
  app,
  { catalogue, baseUrl, cache, version }
) => {
  let body: Representation | undefined
  app.get(
    '/',
    {
      schema: {
        operationId: 'getRoot',
        summary: 'API root: statistics and links',
        tags: ['catalogue'],
        response: { 200: jsonResponse('Statistics and links to start from', Welcome), ...NOT_MODIFIED_RESPONSE }
      }
    },
    (request, reply) => {
      body ??= jsonRepresentation(reply, welcome(baseUrl, catalogue, version))
      return sendRepresentation(request, reply, body, { cache, urls: ['/'] })
    }
  )
}
