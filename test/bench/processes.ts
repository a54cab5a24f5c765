/**
 * Child processes for the bench: every server under test runs in its own process so that the
 * load generator never shares its event loop. Output goes straight to a log file (not through
 * this process, which is busy generating load).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, openSync, closeSync, readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

export const ROOT = new URL('../../', import.meta.url).pathname
export const OUTPUT_DIR = join(ROOT, 'bench-results')
const LOG_DIR = join(OUTPUT_DIR, 'logs')

export interface Server {
  name: string
  url: string
  port: number
  child: ChildProcess
  logFile: string
  /** When the process was spawned, in this process's performance.now() clock. */
  spawnedAt: number
  stop(): Promise<void>
}

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('No free port')
  return address.port
}

export interface SpawnOptions {
  name: string
  /** Arguments to node: the script and its arguments. */
  args: string[]
  /** Load TypeScript sources through tsx (default); off for plain JavaScript such as the server bundle. */
  tsx?: boolean
  env?: Record<string, string>
  nodeOptions?: string[]
  port?: number
  ipc?: boolean
}

export async function spawnServer(options: SpawnOptions): Promise<Server> {
  mkdirSync(LOG_DIR, { recursive: true })
  const port = options.port ?? (await freePort())
  const logFile = join(LOG_DIR, `${options.name}.log`)
  const log = openSync(logFile, 'w')
  const url = `http://127.0.0.1:${port}`
  const spawnedAt = performance.now()
  const child = spawn(process.execPath, [...(options.nodeOptions ?? []), ...(options.tsx === false ? [] : ['--import', 'tsx']), ...options.args], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: url,
      ...options.env
    },
    stdio: ['ignore', log, log, ...(options.ipc === true ? (['ipc'] as const) : [])],
    // Recorded responses travel to the ceiling as bytes.
    serialization: 'advanced'
  })
  closeSync(log)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    name: options.name,
    url,
    port,
    child,
    logFile,
    spawnedAt,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const stopped = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)])
      if (!stopped) {
        child.kill('SIGKILL')
        await exited
      }
    }
  }
}

export function logTail(server: Server, lines = 20): string {
  try {
    return readFileSync(server.logFile, 'utf8').split('\n').slice(-lines).join('\n')
  } catch {
    return ''
  }
}

function assertAlive(server: Server): void {
  const { exitCode, signalCode } = server.child
  if (exitCode !== null || signalCode !== null) {
    throw new Error(`${server.name} exited (${exitCode ?? signalCode}) before it was ready:\n${logTail(server)}`)
  }
}

/** Polls `GET /` until it answers 200; returns ms from spawn to the first good answer. */
export async function waitForHttp(server: Server, timeoutMs = 120_000): Promise<number> {
  const deadline = performance.now() + timeoutMs
  while (performance.now() < deadline) {
    assertAlive(server)
    try {
      const response = await fetch(`${server.url}/`, { signal: AbortSignal.timeout(2_000) })
      await response.arrayBuffer()
      if (response.ok) return performance.now() - server.spawnedAt
    } catch {
      // Not listening yet.
    }
    await sleep(20)
  }
  throw new Error(`${server.name} not ready after ${timeoutMs} ms:\n${logTail(server)}`)
}

/** Waits until the server's log has a line matching `pattern` (how a cluster says all workers listen). */
export async function waitForLog(server: Server, pattern: RegExp, timeoutMs = 120_000): Promise<number> {
  const deadline = performance.now() + timeoutMs
  while (performance.now() < deadline) {
    assertAlive(server)
    if (pattern.test(readFileSync(server.logFile, 'utf8'))) return performance.now() - server.spawnedAt
    await sleep(50)
  }
  throw new Error(`${server.name}: no log line matching ${pattern} after ${timeoutMs} ms:\n${logTail(server)}`)
}

/** Waits for the first IPC message from the child that satisfies `accept`. */
export function waitForMessage<T>(server: Server, accept: (message: unknown) => message is T, timeoutMs = 300_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`${server.name}: no ready message after ${timeoutMs} ms`)), timeoutMs)
    const onMessage = (message: unknown) => {
      if (accept(message)) done(undefined, message)
    }
    const onExit = () => done(new Error(`${server.name} exited before it was ready:\n${logTail(server)}`))
    function done(error?: Error, message?: T) {
      clearTimeout(timer)
      server.child.off('message', onMessage)
      server.child.off('exit', onExit)
      if (error !== undefined) reject(error)
      else resolve(message as T)
    }
    server.child.on('message', onMessage)
    server.child.once('exit', onExit)
  })
}

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
  } catch {
    return []
  }
}

function rssBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match === null ? 0 : Number(match[1]) * 1024
  } catch {
    return 0
  }
}

/** Resident memory of a process and all its descendants (a cluster's primary plus its workers). */
export function treeRss(pid: number): number {
  return rssBytes(pid) + childPids(pid).reduce((sum, child) => sum + treeRss(child), 0)
}

/** CPU seconds (user + system) used so far by a process and its descendants, from /proc. */
export function treeCpuSeconds(pid: number): number {
  let ticks = 0
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()?.split(' ') ?? []
    ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0)
  } catch {
    return 0
  }
  return ticks / CLOCK_TICKS + childPids(pid).reduce((sum, child) => sum + treeCpuSeconds(child), 0)
}

/**
 * CPU seconds one process has used so far on its main thread (JavaScript, the event loop) and on
 * all its other threads (V8's optimising compiler and GC helpers, libuv's pool), from /proc.
 */
export function threadCpuSeconds(pid: number): { main: number; others: number } {
  let main = 0
  let others = 0
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    const fields = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8').split(') ').pop()?.split(' ') ?? []
    const seconds = (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / CLOCK_TICKS
    if (thread === String(pid)) main += seconds
    else others += seconds
  }
  return { main, others }
}

/** USER_HZ; 100 on every Linux Node supports. */
const CLOCK_TICKS = 100
