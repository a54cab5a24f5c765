/**
 * One structured log line per answered request. Failures log at error; everything else at debug,
 * so LOG_LEVEL=debug gives a full access log while the default (info) keeps hot paths free of
 * per-request logging cost (pino skips disabled levels without formatting anything).
 */
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'

const accessLog: FastifyPluginAsync = async (app) => {
  const debug = (app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('debug') === true
  app.addHook('onResponse', (request, reply, done) => {
    if (debug || reply.statusCode >= 500) {
      const fields = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }
      if (reply.statusCode >= 500) request.log.error(fields, 'request failed')
      else request.log.debug(fields, 'request')
    }
    done()
  })
}

export default fp(accessLog, { name: 'access-log' })
