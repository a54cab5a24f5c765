/**
 * GET /healthz (the process answers) and GET /readyz (the catalogue is loaded and the process is
 * not shutting down), for load balancers and orchestrators; and, while shutting down, a 503
 * problem for every other request, so a client retries elsewhere instead of waiting on a process
 * that is going away, and a Connection: close on the answers still in flight. Counts the requests
 * in flight, which a graceful shutdown waits for.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import type { Lifecycle } from '../lifecycle'
import { problemResponses, sendProblem } from '../problem-errors'
import { problem } from '../problems'
import { jsonResponse } from './route-options'

const HealthStatus = Type.Object({ status: Type.Literal('ok') }, { $id: 'HealthStatus' })
const ReadyStatus = Type.Object({ status: Type.Literal('ready') }, { $id: 'ReadyStatus' })
const PROBE_PATHS = new Set(['/healthz', '/readyz'])
const NOT_CACHED = 'no-store'

export interface HealthOptions {
  lifecycle: Lifecycle
}

const health: FastifyPluginAsyncTypebox<HealthOptions> = async (app, { lifecycle }) => {
  app.addHook('onRequest', (request, reply, done) => {
    lifecycle.track(request.raw, reply.raw)
    if (!lifecycle.draining || PROBE_PATHS.has(request.routeOptions.url ?? '')) return done()
    reply.header('connection', 'close').header('retry-after', '1')
    sendProblem(reply, problem('shutting_down', 'This catalogue process is shutting down; retry, and another will answer.'))
  })
  // An answer to a request made before the shutdown began is the connection's last: it says so, as
  // RFC 9112 §9.6 asks, so a client opens a new connection rather than reuse one about to close.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.draining) reply.header('connection', 'close')
    done(null, payload)
  })

  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Liveness: the process answers',
        tags: ['operations'],
        response: { 200: jsonResponse('The process is alive', HealthStatus) }
      }
    },
    (_request, reply) => {
      reply.header('cache-control', NOT_CACHED).send({ status: 'ok' as const })
    }
  )

  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'getReadiness',
        summary: 'Readiness: the catalogue is loaded and the process is not shutting down',
        tags: ['operations'],
        response: { 200: jsonResponse('Ready for traffic', ReadyStatus), ...problemResponses('shutting_down') }
      }
    },
    (_request, reply) => {
      if (lifecycle.draining) sendProblem(reply, problem('shutting_down', 'This catalogue process is shutting down.'))
      else reply.header('cache-control', NOT_CACHED).send({ status: 'ready' as const })
    }
  )
}

export default fp(health, { name: 'health' })
