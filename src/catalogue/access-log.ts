/**
 * One structured log line per answered request. Failures log at error; the refusal the service makes
 * on purpose, a 503 (a full render queue, a process starting or shutting down), at warn, as it is no
 * failure; everything else at debug, so LOG_LEVEL=debug gives a full access log while the default
 * (info) keeps hot paths free of per-request logging cost (pino skips disabled levels without
 * formatting anything). The URL is logged as a short excerpt: under abuse a 16 kB junk URL per refused
 * request would make the log the service's largest output.
 */
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'

/** How much of a URL a log line keeps. */
export const MAX_LOGGED_URL = 200

/** The 5xx status the service answers on purpose, not because something failed. */
const REFUSAL = 503

const accessLog: FastifyPluginAsync = async (app) => {
  const debug = (app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('debug') === true
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode
    if (debug || status >= 500) {
      const url = request.url.length > MAX_LOGGED_URL ? `${request.url.slice(0, MAX_LOGGED_URL)}…` : request.url
      const fields = { method: request.method, url, status, ms: Math.round(reply.elapsedTime * 10) / 10 }
      if (status === REFUSAL) request.log.warn(fields, 'request refused')
      else if (status >= 500) request.log.error(fields, 'request failed')
      else request.log.debug(fields, 'request')
    }
    done()
  })
}

export default fp(accessLog, { name: 'access-log' })
