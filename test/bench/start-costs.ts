/**
 * What a start costs, the way `npm start` starts (package.json's start script: node, its flags and
 * src/start.mjs, the bundled server; the bundle is built first if it is stale, outside the measurement): from spawn to the first 200 of
 * /readyz and to the first answered search, the CPU the process used by then, and its RSS once
 * ready, after a garbage collection (test/bench/gc-report.mjs). Repeated ROUNDS times; the machine
 * may be shared, so the CPU figures are the fairer ones, and the medians are reported.
 * Run: node --import tsx test/bench/start-costs.ts [rounds]
 * Prints one JSON object; `startCosts()` returns it for other bench scripts.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort, ROOT } from './processes'

export interface StartCosts {
  readyMs: number
  firstSearchMs: number
  /** CPU (user + system) of the server process at its first answered search. */
  cpuMs: number
  rssMB: number
  heapUsedMB: number
  heapTotalMB: number
  /** Typed arrays and buffers outside the JS heap. */
  arrayBuffersMB: number
}

const megabytes = (bytes: number): number => Math.round(bytes / 1048576)

/** What `npm start` passes to node: the start script without its leading `node`. */
export function startArguments(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
  const [command, ...rest] = scripts.start.split(/\s+/)
  if (command !== 'node') throw new Error(`npm start runs ${command}, not node`)
  return rest
}

/** CPU of a process so far, from /proc (Linux): utime + stime, in clock ticks of 10 ms. */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) * 10
}

async function waitFor(url: string, deadline: number): Promise<void> {
  while (performance.now() < deadline) {
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.status === 200) return
    } catch {
      // Not listening yet.
    }
    await sleep(5)
  }
  throw new Error(`${url} did not answer 200 in time`)
}

export async function startCost(): Promise<StartCosts> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'start-costs-'))
  const report = join(dir, 'memory.json')
  const url = `http://127.0.0.1:${port}`
  const spawnedAt = performance.now()
  const child = spawn(process.execPath, ['--expose-gc', '--import', './test/bench/gc-report.mjs', ...startArguments()], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: url, LOG_LEVEL: 'warn', GC_REPORT_FILE: report },
    stdio: 'ignore'
  })
  try {
    await waitFor(`${url}/readyz`, spawnedAt + 60_000)
    const readyMs = performance.now() - spawnedAt
    await waitFor(`${url}/search?q=arrow`, spawnedAt + 60_000)
    const firstSearchMs = performance.now() - spawnedAt
    const cpuMs = processCpuMs(child.pid as number)
    child.kill('SIGUSR2')
    for (let tries = 0; tries < 200; tries++) {
      try {
        const memory = JSON.parse(readFileSync(report, 'utf8')) as NodeJS.MemoryUsage
        return {
          readyMs: Math.round(readyMs),
          firstSearchMs: Math.round(firstSearchMs),
          cpuMs,
          rssMB: megabytes(memory.rss),
          heapUsedMB: megabytes(memory.heapUsed),
          heapTotalMB: megabytes(memory.heapTotal),
          arrayBuffersMB: megabytes(memory.arrayBuffers)
        }
      } catch {
        await sleep(10)
      }
    }
    throw new Error('The server wrote no memory report')
  } finally {
    child.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

export async function startCosts(rounds = 5): Promise<{ rounds: StartCosts[]; median: StartCosts }> {
  // Builds the bundle if it is stale, so that no round pays for it.
  execFileSync(process.execPath, ['src/start.mjs', '--build-only'], { cwd: ROOT, stdio: 'inherit' })
  const results: StartCosts[] = []
  for (let round = 0; round < rounds; round++) results.push(await startCost())
  const of = (name: keyof StartCosts): number => median(results.map((result) => result[name]))
  return {
    rounds: results,
    median: {
      readyMs: of('readyMs'),
      firstSearchMs: of('firstSearchMs'),
      cpuMs: of('cpuMs'),
      rssMB: of('rssMB'),
      heapUsedMB: of('heapUsedMB'),
      heapTotalMB: of('heapTotalMB'),
      arrayBuffersMB: of('arrayBuffersMB')
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await startCosts(Number(process.argv[2] ?? 5)), null, 2))
}
