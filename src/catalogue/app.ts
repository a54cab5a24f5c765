/**
 * Builds the catalogue's HTTP app from a loaded Catalogue, one plugin per concern. The app is
 * returned unstarted so callers (src/server.ts, the test support) can add routes first.
 */
import { readFileSync } from 'node:fs'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import fastifyCors from '@fastify/cors'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Catalogue } from './catalogue'
import accessLog from './access-log'
import { withFastPath } from './fast-path'
import { createCatalogueServer } from './http-server'
import { DEFAULT_CACHE_BYTES, RepresentationCache } from './http-caching'
import { lazySchemaCompilers } from './lazy-schemas'
import { Lifecycle } from './lifecycle'
import securityHeaders from './security-headers'
import health from './routes/health'
import problemErrors, { clientErrorHandler, EXPOSED_HEADERS, frameworkErrors, PREFLIGHT_MAX_AGE } from './problem-errors'
import { parseQueryString } from './query-string'
import { RenderPool } from './render-pool'
import openapi from './routes/openapi'
import { equivalentsRoutes } from './routes/equivalents'
import { iconRoutes } from './routes/icons'
import { iconsetRoutes } from './routes/iconsets'
import { SearchAnswers, searchRoutes } from './routes/search'
import { styleRoutes } from './routes/styles'
import { welcomeRoutes } from './routes/welcome'
import { warmUp, warmUpSearches } from './warm-up'

export interface CatalogueAppOptions {
  catalogue: Catalogue
  /** Public base URL, possibly with a path prefix (https://x.example/icons); routes are still served at /. */
  baseUrl: string
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger']
  /**
   * The HTTP server to answer on, possibly listening already (src/server.ts binds its port before
   * the catalogue loads); the app takes over its requests when it is ready. A new one by default.
   */
  server?: Server
  /** The one response cache of the app, with its byte budget. */
  cache?: RepresentationCache
  /** Readiness and requests in flight, which src/server.ts's shutdown drives. */
  lifecycle?: Lifecycle
  /** Where PNGs are rendered; by default a pool of its own (one thread per core), closed with the app. */
  renderPool?: RenderPool
  /** Whether searches are rehearsed once ready, keeping nothing (warm-up.ts), as the service does. */
  warmUp?: boolean
}

/** Longer than any URL Node's parser lets through (its 16 kB header limit). */
const MAX_PARAM_LENGTH = 16 * 1024

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }

export function buildCatalogueApp({
  catalogue,
  baseUrl,
  logger = false,
  server = createCatalogueServer(),
  cache = new RepresentationCache(DEFAULT_CACHE_BYTES),
  lifecycle = new Lifecycle(),
  renderPool,
  warmUp: rehearse = false
}: CatalogueAppOptions): FastifyInstance {
  const routeOptions = { catalogue, baseUrl: baseUrl.replace(/\/+$/, ''), cache }
  const searchAnswers = new SearchAnswers(catalogue, routeOptions.baseUrl, cache, version)
  let handler: ((request: IncomingMessage, response: ServerResponse) => void) | undefined
  const app = Fastify({
    serverFactory: (httpHandler) => {
      handler = httpHandler
      return server
    },
    logger,
    schemaController: { compilersFactory: lazySchemaCompilers() },
    // Ajv would first compile its meta-schema to check each route schema against it: 50 ms of the
    // first request. The schemas are constants, which a test checks against the meta-schema instead,
    // and Ajv's strict mode still rejects unknown keywords when it compiles them.
    ajv: { customOptions: { validateSchema: false } },
    // access-log.ts writes the one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    // A slug of any length is the route's to refuse (an unknown set or icon is a 404), never the
    // router's 414: the URL is bounded already by Node's 16 kB limit on the request line and headers
    // together (problem-errors.ts tells a long URL's overflow, a 414, from long headers', a 431). The query string is
    // decoded once, by a parser that tells bad %-encoding apart (query-string.ts).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH, querystringParser: parseQueryString },
    frameworkErrors,
    clientErrorHandler,
    // routes/health.ts answers a problem (with CORS) while shutting down, instead of fastify's plain 503.
    return503OnClosing: false
  }).withTypeProvider<TypeBoxTypeProvider>()
  let closed = false
  app.addHook('onClose', (_instance, done) => {
    closed = true
    done()
  })
  app.addHook('onReady', (done) => {
    // Whatever answered while the app was being built (src/server.ts's "starting" answer) stops now.
    server.removeAllListeners('request')
    // A debug access log wants a line per request, which only fastify's hooks write.
    const debug = (app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('debug') === true
    if (handler !== undefined) server.on('request', debug ? handler : withFastPath(cache, lifecycle, handler, searchAnswers))
    if (rehearse) {
      void warmUp(searchAnswers, warmUpSearches(catalogue), { busy: () => lifecycle.requestsInFlight > 0, stopped: () => closed || lifecycle.draining })
    }
    done()
  })

  // CORS first, so its header is on every answer, 405s and 304s included. The Figma UI has a null origin.
  app.register(fastifyCors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'OPTIONS'],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE,
    strictPreflight: false,
    // Its hook adds the preflight headers and lets the request through: a preflight of a path the
    // API serves gets its 204 from the route (with the security headers every answer has), and one
    // of any other path the same 404 as a GET (problem-errors.ts).
    preflightContinue: true
  })
  app.register(securityHeaders)
  app.register(accessLog)
  app.register(problemErrors)
  app.register(openapi, { baseUrl: routeOptions.baseUrl, version })
  app.register(health, { lifecycle })
  app.register(welcomeRoutes, { ...routeOptions, version })
  app.register(searchRoutes, { answers: searchAnswers })
  app.register(iconsetRoutes, routeOptions)
  app.register(equivalentsRoutes, routeOptions)
  const pool = renderPool ?? new RenderPool()
  if (renderPool === undefined) app.addHook('onClose', () => pool.close())
  app.register(iconRoutes, { ...routeOptions, renderPool: pool })
  app.register(styleRoutes, routeOptions)
  return app
}
