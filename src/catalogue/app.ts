/**
 * Builds the catalogue's HTTP app from a loaded Catalogue, one plugin per concern. The app is
 * returned unstarted so callers (start.ts, the test support, the playground) can add routes first.
 */
import { readFileSync } from 'node:fs'
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import fastifyCors from '@fastify/cors'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Catalogue } from './catalogue'
import accessLog from './access-log'
import httpCaching from './http-caching'
import problemErrors, { clientErrorHandler, frameworkErrors } from './problem-errors'
import { RenderPool } from './render-pool'
import openapi from './routes/openapi'
import { healthRoutes } from './routes/health'
import { iconRoutes } from './routes/icons'
import { iconsetRoutes } from './routes/iconsets'
import { searchRoutes } from './routes/search'
import { styleRoutes } from './routes/styles'
import { welcomeRoutes } from './routes/welcome'

export interface CatalogueAppOptions {
  catalogue: Catalogue
  /** Public base URL, possibly with a path prefix (https://x.example/icons); routes are still served at /. */
  baseUrl: string
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger']
  /** Where PNGs are rendered; by default a pool of its own (one thread per core), closed with the app. */
  renderPool?: RenderPool
}

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }

export function buildCatalogueApp({ catalogue, baseUrl, logger = false, renderPool }: CatalogueAppOptions): FastifyInstance {
  const app = Fastify({
    logger,
    // access-log.ts writes the one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors,
    clientErrorHandler
  }).withTypeProvider<TypeBoxTypeProvider>()

  const routeOptions = { catalogue, baseUrl: baseUrl.replace(/\/+$/, '') }
  // CORS first, so its header is on every answer, 405s and 304s included. The Figma UI has a null origin.
  app.register(fastifyCors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'OPTIONS'],
    exposedHeaders: ['ETag', 'Content-Length'],
    maxAge: 86400,
    strictPreflight: false
  })
  app.register(accessLog)
  app.register(problemErrors)
  app.register(httpCaching)
  app.register(openapi, { baseUrl: routeOptions.baseUrl, version })
  app.register(healthRoutes)
  app.register(welcomeRoutes, { ...routeOptions, version })
  app.register(searchRoutes, routeOptions)
  app.register(iconsetRoutes, routeOptions)
  const pool = renderPool ?? new RenderPool()
  if (renderPool === undefined) app.addHook('onClose', () => pool.close())
  app.register(iconRoutes, { ...routeOptions, renderPool: pool })
  app.register(styleRoutes, routeOptions)
  return app
}
