/**
 * Health and readiness for load balancers and orchestrators: /healthz answers while the process
 * lives, /readyz while it serves the catalogue; neither may be kept by a cache.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startCatalogue, type RunningCatalogue } from '../support/catalogue'
import { openapiValidator } from './http-client'

let service: RunningCatalogue

beforeAll(async () => {
  service = await startCatalogue()
})

afterAll(async () => {
  await service?.close()
})

it.each([
  ['/healthz', 'ok'],
  ['/readyz', 'ready']
])('%s answers %s, uncached, as documented', async (path, status) => {
  const check = await openapiValidator(service.url)
  const response = await fetch(`${service.url}${path}`)
  const body: unknown = await response.json()
  expect(response.status).toBe(200)
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(body).toEqual({ status })
  check(response.url, response.status, response.headers.get('content-type'), body)
})
