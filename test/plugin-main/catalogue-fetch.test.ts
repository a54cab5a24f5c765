/**
 * The main thread's own door to the catalogue (Quick Actions) over real HTTP: its timeout covers
 * the whole answer, so a server that sends its head and then stalls mid-body fails the request in
 * time, as one that never answers does, rather than leaving a Quick Actions insert waiting forever.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createMainCatalogue } from '../../src/plugin/main/catalogue-fetch'

let server: Server | undefined

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  server = undefined
})

/** A server that answers every request with a 200 head and the first bytes of `body`, then nothing more. */
async function stallingServer(contentType: string, body: string): Promise<string> {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': contentType, 'content-length': String(body.length) })
    response.write(body.slice(0, 10))
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('the main thread’s catalogue requests', () => {
  it('fail within their timeout when the body stalls after the head, for JSON and for SVG', async () => {
    const json = createMainCatalogue(await stallingServer('application/json', JSON.stringify({ total: 0, iconsets: [] })), 300)
    await expect(json.iconsets()).rejects.toThrow('The icon catalogue did not answer within 0.3 s. Try again.')
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))

    const svg = createMainCatalogue(await stallingServer('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 300)
    await expect(svg.svg('lucide', 'house', { size: 24, color: '#000000' })).rejects.toThrow('did not answer within 0.3 s')
  })
})
