/**
 * Security headers on every response. The API answers data, never a page: its policy lets nothing
 * load or frame it (inline styles stay allowed, so an SVG opened on its own still draws). A route
 * that serves a page (the playground) sets its own Content-Security-Policy.
 */
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/** The headers themselves, also for answers made where this plugin's hook does not run (problem-errors.ts). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': API_CONTENT_SECURITY_POLICY
}

const securityHeaders: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS)
    done()
  })
}

export default fp(securityHeaders, { name: 'security-headers' })
