// @vitest-environment happy-dom
/**
 * An insert the catalogue fails, each way it can fail over real HTTP (unreachable, no answer in
 * time, a 404, a 503, JSON that does not parse, an SVG that is not one): the UI says what went
 * wrong in its alert, main is asked to say the same with figma.notify (REPORT_ERROR), nothing
 * reaches the canvas, and no progress is left spinning.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { h } from 'preact'
import { afterAll, describe, expect, test } from 'vitest'

import { Plugin } from '../../src/plugin/ui/plugin'
import { createCatalogueClient, type CatalogueClient } from '../../src/plugin/ui/catalogue-client'
import { useRealCatalogue } from './real-catalogue'
import { typeInto } from './ui-harness'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()
const servers: Server[] = []
afterAll(() =>
  Promise.all(
    servers.map((server) => {
      // A server that never answers holds its connections open.
      server.closeAllConnections()
      return new Promise((resolve) => server.close(resolve))
    })
  )
)

/** A server answering as `handler` does, to a page's cross-origin fetch as the catalogue answers it (CORS). */
async function misbehaving(handler: RequestListener): Promise<string> {
  const server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*')
    if (request.method !== 'OPTIONS') return handler(request, response)
    response.writeHead(204, { 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET' })
    response.end()
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** The real catalogue for the search, and `failing`'s answers for the icon inserted. */
function insertingFrom(failing: CatalogueClient): CatalogueClient {
  return { ...real.direct, icon: failing.icon, svg: failing.svg }
}

const problem = (status: number, detail: string): RequestListener => (_request, response) => {
  response.statusCode = status
  response.setHeader('content-type', 'application/problem+json')
  response.end(JSON.stringify({ type: 'about:blank', title: 'Problem', status, detail, code: 'x' }))
}

const FAILURES: Array<{ kind: string; failing: () => Promise<CatalogueClient>; says: RegExp }> = [
  {
    kind: 'an unreachable catalogue',
    failing: async () => {
      const url = await misbehaving(() => undefined)
      const server = servers.pop() as Server
      await new Promise((resolve) => server.close(resolve))
      return createCatalogueClient(url)
    },
    says: /^Can't reach the icon catalogue at http:\/\/127\.0\.0\.1:\d+\. Check that it is running, then retry\./
  },
  {
    kind: 'no answer in time',
    failing: async () => createCatalogueClient(await misbehaving(() => undefined), { timeoutMs: 300 }),
    says: /^The icon catalogue did not answer within 0\.3 s\. Try again\./
  },
  {
    kind: 'a 404',
    failing: async () => createCatalogueClient(await misbehaving(problem(404, 'No icon house in lucide'))),
    says: /^Not found in the icon catalogue: No icon house in lucide\./
  },
  {
    kind: 'a 503',
    failing: async () => createCatalogueClient(await misbehaving(problem(503, 'Index rebuilding'))),
    says: /^The icon catalogue is too busy to answer \(503\): Index rebuilding\. Try again in a moment\./
  },
  {
    kind: 'JSON that does not parse',
    failing: async () =>
      createCatalogueClient(
        await misbehaving((_request, response) => {
          response.setHeader('content-type', 'application/json')
          response.end('{"iconset": ')
        })
      ),
    says: /^The icon catalogue sent .+ that is not valid JSON\./
  },
  {
    kind: 'an SVG that is not one',
    failing: async () => {
      const garbled = createCatalogueClient(
        await misbehaving((_request, response) => {
          response.setHeader('content-type', 'image/svg+xml')
          response.end('<html>502 Bad Gateway</html>')
        })
      )
      return { ...real.direct, svg: garbled.svg }
    },
    says: /^The icon catalogue sent something that is not an SVG for /
  }
]

describe('an insert the catalogue fails', () => {
  test.each(FAILURES)('after $kind, the UI and Figma’s toast say why, and nothing is inserted', async ({ failing, says }) => {
    render(<Plugin client={insertingFrom(await failing())} />)
    typeInto(screen.getByRole('textbox', { name: 'Search icons' }), 'home')
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    const first = await waitFor(() => grid.querySelector('[data-index="0"]') as HTMLElement, WAIT)
    fireEvent.keyDown(first, { key: 'Enter' })

    const alert = await screen.findByRole('alert', undefined, WAIT)
    expect(alert.textContent).toMatch(says)
    await waitFor(() => expect(real.messages.events('REPORT_ERROR')).toHaveLength(1), WAIT)
    expect(real.messages.events('REPORT_ERROR')[0]).toMatch(says)
    expect(real.messages.events('INSERT_ICON')).toEqual([])
    expect(within(document.body).queryByText(/^Inserting /)).toBeNull()
  })
})
