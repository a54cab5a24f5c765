/**
 * GET /healthz — the process is alive and answering; GET /readyz — it serves the catalogue and is
 * not shutting down, so a load balancer, orchestrator or CDN may send it traffic. Never cached.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { problemResponses, sendProblem } from '../problem-errors'
import { problem } from '../problems'

const Status = Type.Object({ status: Type.String({ description: '"ok" or "ready"' }) })

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  let closing = false
  app.addHook('preClose', (done) => {
    closing = true
    done()
  })
  const noStore = { 'cache-control': 'no-store' }

  app.get(
    '/healthz',
    { schema: { summary: 'Liveness: the process answers', tags: ['operations'], response: { 200: Status } } },
    (_request, reply) => {
      reply.headers(noStore)
      return { status: 'ok' }
    }
  )

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness: the catalogue is loaded and the process is not shutting down',
        tags: ['operations'],
        response: { 200: Status, ...problemResponses('shutting_down') }
      }
    },
    (_request, reply) => {
      if (closing) {
        sendProblem(reply, problem('shutting_down', 'This process is shutting down; use another.'))
        return
      }
      reply.headers(noStore)
      return { status: 'ready' }
    }
  )
}
