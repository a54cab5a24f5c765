/**
 * Security headers on every response. The API answers data, never a page: its policy lets nothing
 * load or frame it (inline styles stay allowed, so an SVG opened on its own still draws). A route
 * that serves a page (the playground) sets its own Content-Security-Policy.
 */
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

const securityHeaders: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', (_request, reply, done) => {
    reply
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', API_CONTENT_SECURITY_POLICY)
    done()
  })
}

export default fp(securityHeaders, { name: 'security-headers' })
