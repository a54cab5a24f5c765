/**
 * `src/server.ts` as `npm start` runs it: configured by PORT, HOST and BASE_URL, prints its URLs,
 * logs structured JSON, serves under the BASE_URL prefix, and shuts down on SIGTERM even while a
 * client has sent half a request. A configuration mistake or a taken port stops it at once with
 * one clear line, before it builds or loads anything.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { once } from 'node:events'
import { connect, createServer, type Server } from 'node:net'
import { describe, expect, it } from 'vitest'
import type { Welcome } from '../../src/api/catalogue-schemas'

function listening(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => resolve(server))
  })
}

function portOf(server: Server): number {
  const address = server.address()
  return typeof address === 'object' && address !== null ? address.port : 0
}

async function freePort(): Promise<number> {
  const server = await listening()
  const port = portOf(server)
  await new Promise((resolve) => server.close(resolve))
  return port
}

interface Started {
  child: ChildProcessWithoutNullStreams
  output: () => string
  stderr: () => string
  /** The exit code, or the signal that ended the process, so that a failure says which. */
  exited: Promise<number | NodeJS.Signals>
}

/** Starts the service with a few small sets (ICONSETS), so that it is up in a moment. */
function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', WORKERS: '', BASE_URL: '', ICONSETS: 'lucide,heroicons,octicon', ...env }
  })
  let output = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    stderr += chunk.toString()
  })
  const exited = once(child, 'exit').then(([code, signal]) => (code as number | null) ?? (signal as NodeJS.Signals))
  return { child, output: () => output, stderr: () => stderr, exited }
}

async function stopped(started: Started): Promise<void> {
  if (started.child.exitCode === null) started.child.kill('SIGKILL')
  await started.exited
}

it('starts with PORT/HOST/BASE_URL, prints both URLs, logs JSON and stops on SIGTERM', async () => {
  const port = await freePort()
  const base = 'https://icons.example.test/api'
  const started = start({ PORT: String(port), BASE_URL: `${base}/` })
  try {
    await expect.poll(started.output, { timeout: 25_000, interval: 200 }).toContain('Playground')
    expect(started.output()).toContain(`Icon Catalogue API  ${base}/`)
    expect(started.output()).toContain(`Playground          ${base}/playground`)
    const ready = started
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; icons?: number; readyMs?: number })
      .find((line) => line.msg === 'catalogue ready')
    expect(ready?.icons).toBeGreaterThan(1_000)
    expect(ready?.readyMs).toBeGreaterThan(0)

    const root = (await (await fetch(`http://127.0.0.1:${port}/`)).json()) as Welcome
    expect(root.links.search).toBe(`${base}/search`)
    expect((await fetch(`http://127.0.0.1:${port}/playground`)).status).toBe(200)

    started.child.kill('SIGTERM')
    expect(await started.exited).toBe(0)
    expect(started.output()).toContain('shutting down')
  } finally {
    await stopped(started)
  }
}, 30_000)

it('with PORT=0 advertises the port it got, and stops on SIGTERM while a client has sent half a request', async () => {
  const started = start({ PORT: '0' })
  try {
    await expect.poll(started.output, { timeout: 25_000, interval: 200 }).toContain('Playground')
    // On this machine the base URL is spelled localhost, the origin the plugin's manifest allows.
    const url = /Icon Catalogue API {2}http:\/\/localhost:(\d+)\//.exec(started.output())
    const port = Number(url?.[1])
    expect(port).toBeGreaterThan(0)
    const root = (await (await fetch(`http://127.0.0.1:${port}/`)).json()) as Welcome
    expect(root.links.search).toBe(`http://localhost:${port}/search`)

    const half = connect(port, '127.0.0.1')
    half.on('error', () => undefined)
    await once(half, 'connect')
    half.write('GET /search?q=home HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Never-Finished: ')
    started.child.kill('SIGTERM')
    expect(await started.exited).toBe(0)
    half.destroy()
  } finally {
    await stopped(started)
  }
}, 30_000)

it('with WORKERS=2 serves from two processes on one port, replaces a worker that dies, and stops them all on SIGTERM', async () => {
  const started = start({ PORT: '0', WORKERS: '2' })
  try {
    await expect.poll(started.output, { timeout: 20_000, interval: 200 }).toContain('Playground')
    const port = Number(/Icon Catalogue API {2}http:\/\/localhost:(\d+)\//.exec(started.output())?.[1])
    const answer = await fetch(`http://127.0.0.1:${port}/search?q=home&limit=1`)
    expect(answer.status).toBe(200)
    await answer.arrayBuffer()
    const workerPids = () => [...started.output().matchAll(/"pid":(\d+)[^\n]*"msg":"catalogue ready"/g)].map((match) => Number(match[1]))
    await expect.poll(() => new Set(workerPids()).size, { timeout: 20_000 }).toBe(2)
    const [first] = workerPids()
    process.kill(first as number, 'SIGKILL')
    await expect.poll(started.output, { timeout: 10_000 }).toContain('a worker died; starting a replacement')
    await expect.poll(() => new Set(workerPids()).size, { timeout: 20_000, interval: 200 }).toBe(3)
    const again = await fetch(`http://127.0.0.1:${port}/search?q=star&limit=1`)
    expect(again.status).toBe(200)
    await again.arrayBuffer()
    started.child.kill('SIGTERM')
    expect(await started.exited).toBe(0)
    expect(started.output()).toContain('stopping workers')
    for (const pid of workerPids()) expect(() => process.kill(pid, 0)).toThrow()
  } finally {
    await stopped(started)
  }
}, 30_000)

it('with MAX_CONNECTIONS=2 refuses a third connection at once, and serves again once one closes', async () => {
  const started = start({ PORT: '0', MAX_CONNECTIONS: '2' })
  try {
    await expect.poll(started.output, { timeout: 25_000, interval: 200 }).toContain('Playground')
    const port = Number(/Icon Catalogue API {2}http:\/\/localhost:(\d+)\//.exec(started.output())?.[1])
    const held = await Promise.all(
      [1, 2].map(async () => {
        const socket = connect(port, '127.0.0.1')
        socket.on('error', () => undefined)
        await once(socket, 'connect')
        return socket
      })
    )
    // Past the limit, the service closes the connection before reading a request.
    const third = connect(port, '127.0.0.1')
    third.on('error', () => undefined)
    let answered = ''
    third.on('data', (chunk: Buffer) => (answered += chunk.toString('latin1')))
    third.write('GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n')
    // Closed, or reset if the request arrived first: `once` would reject on the reset's 'error'.
    await new Promise((resolve) => third.on('close', resolve))
    expect(answered).toBe('')
    held[0]!.destroy()
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status, { timeout: 5_000 }).toBe(200)
    held[1]!.destroy()
  } finally {
    await stopped(started)
  }
}, 30_000)

it('stops on SIGTERM when its standard output is a broken pipe (npm start | head)', async () => {
  const started = start({ PORT: '0', SHUTDOWN_TIMEOUT_MS: '2000' })
  try {
    await expect.poll(started.output, { timeout: 25_000, interval: 200 }).toContain('Playground')
    // The reader goes away, as `head -3` does: every later write to stdout is EPIPE.
    started.child.stdout.destroy()
    started.child.kill('SIGTERM')
    expect(await started.exited).toBe(0)
  } finally {
    await stopped(started)
  }
}, 30_000)

it('listening on every interface without BASE_URL, warns once and links to localhost, never 0.0.0.0', async () => {
  const started = start({ PORT: '0', HOST: '0.0.0.0' })
  try {
    await expect.poll(started.output, { timeout: 25_000, interval: 200 }).toContain('Playground')
    expect(started.stderr()).toContain('HOST=0.0.0.0 listens on every interface')
    expect(started.stderr()).toContain('BASE_URL')
    const port = Number(/Icon Catalogue API {2}http:\/\/localhost:(\d+)\//.exec(started.output())?.[1])
    expect(port).toBeGreaterThan(0)
    const root = (await (await fetch(`http://127.0.0.1:${port}/`)).json()) as Welcome
    expect(root.links.search).toBe(`http://localhost:${port}/search`)
    expect(started.output()).not.toContain('0.0.0.0:')
  } finally {
    await stopped(started)
  }
}, 30_000)

describe('start-up checks', () => {
  it.each([
    ['PORT', '0x24C5'],
    ['PORT', '65536'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['WORKERS', 'lots'],
    ['BASE_URL', 'icons.example.org'],
    ['BASE_URL', 'ftp://icons.example.org'],
    ['LOG_LEVEL', 'loud'],
    ['SHUTDOWN_TIMEOUT_MS', '1e4'],
    ['CACHE_MB', '-5'],
    ['RENDER_QUEUE', '0'],
    ['MAX_CONNECTIONS', '0'],
    ['ICONSETS', 'lucide,no-such-set']
  ])('%s=%s stops it with one line naming the variable, exit code 78, before loading', async (name, value) => {
    const started = start({ [name]: value, PORT: name === 'PORT' ? value : '0' })
    try {
      expect(await started.exited).toBe(78)
      const lines = started.stderr().trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain(name)
      expect(started.output()).not.toMatch(/\n\s+at /)
      expect(started.output()).not.toContain('catalogue ready')
    } finally {
      await stopped(started)
    }
  })

  it.each(['1', '2'])('with WORKERS=%s, a HOST that is no address of this machine stops it with one line and exit code 78', async (workers) => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine.
    const started = start({ PORT: '0', HOST: '192.0.2.1', WORKERS: workers })
    try {
      expect(await started.exited).toBe(78)
      const lines = started.stderr().trim().split('\n')
      expect(lines).toEqual(['icon-catalogue: HOST 192.0.2.1 is not an address of this machine.'])
      expect(started.output()).not.toMatch(/\n\s+at /)
    } finally {
      await stopped(started)
    }
  })

  it('stops with one line when the port is taken', async () => {
    const taken = await listening()
    const started = start({ PORT: String(portOf(taken)) })
    try {
      expect(await started.exited).toBe(1)
      const lines = started.stderr().trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain('already in use')
      expect(started.output()).not.toContain('catalogue ready')
    } finally {
      await stopped(started)
      await new Promise((resolve) => taken.close(resolve))
    }
  })
})
