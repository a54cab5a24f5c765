/**
 * `src/server.ts` as `npm start` runs it: configured by PORT, HOST and BASE_URL, prints
 * its URLs, logs structured JSON, serves under the BASE_URL prefix, and shuts down cleanly on SIGTERM.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { expect, it } from 'vitest'
import type { Welcome } from '../../src/api/catalogue-schemas'

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0))
    })
  })
}

it('starts with PORT/HOST/BASE_URL, prints both URLs, logs JSON and stops on SIGTERM', async () => {
  const port = await freePort()
  const base = 'https://icons.example.test/api'
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: `${base}/`, LOG_LEVEL: 'info', WORKERS: '' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  try {
    await expect.poll(() => output, { timeout: 25_000, interval: 200 }).toContain('Playground')
    expect(output).toContain(`Icon Catalogue API  ${base}/`)
    expect(output).toContain(`Playground          ${base}/playground`)
    const ready = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; icons?: number; readyMs?: number })
      .find((line) => line.msg === 'catalogue ready')
    expect(ready?.icons).toBeGreaterThan(50_000)
    expect(ready?.readyMs).toBeGreaterThan(0)

    const root = (await (await fetch(`http://127.0.0.1:${port}/`)).json()) as Welcome
    expect(root.links.search).toBe(`${base}/search`)
    expect((await fetch(`http://127.0.0.1:${port}/playground`)).status).toBe(200)

    child.kill('SIGTERM')
    const [code] = (await once(child, 'exit')) as [number | null]
    expect(code).toBe(0)
    expect(output).toContain('shutting down')
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL')
  }
})
