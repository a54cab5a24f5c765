/**
 * What a start costs, the way `npm start` starts (package.json's start script: node, its flags and
 * src/start.mjs, the bundled server; the bundle is built first if it is stale, and started once to
 * write its code cache, outside the measurement), read the way the full bench reads it (comparison.ts): `GET /search?q=home&limit=96`
 * asked every 25 ms from spawn until it answers 200 with icons. At that moment it takes the CPU the
 * process used and the RSS of its process tree as they are (what the bench reports as RSS at ready);
 * then, for comparison, the process's memory after a garbage collection (test/bench/gc-report.mjs).
 * Repeated ROUNDS times; the machine may be shared, so the CPU figures are the fairer ones, and the
 * medians are reported.
 * Run: node --import tsx test/bench/start-costs.ts [rounds]
 * Prints one JSON object; `startCosts()` returns it for other bench scripts.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort, ROOT, treeRss } from './processes'

export interface StartCosts {
  /** Spawn to the first search answered with icons. */
  firstSearchMs: number
  /** CPU (user + system) of the server process at its first answered search. */
  cpuMs: number
  /** RSS of the process tree at the first answered search, as it is: what the bench reads. */
  rssAtFirstSearchMB: number
  /** RSS after a garbage collection, read just after. */
  rssAfterGcMB: number
  heapUsedMB: number
  heapTotalMB: number
  /** Typed arrays and buffers outside the JS heap. */
  arrayBuffersMB: number
}

/** The bench's readiness probe (comparison.ts): the catalogue's search for `home`, a page of 96. */
const PROBE = '/search?q=home&limit=96'
const POLL_MS = 25

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

async function answersWithIcons(url: string): Promise<boolean> {
  try {
    const response = await fetch(url)
    const body = (await response.json()) as { icons?: unknown[] }
    return response.status === 200 && (body.icons?.length ?? 0) > 0
  } catch {
    // Not listening, or not loaded yet.
    return false
  }
}

export async function startCost(): Promise<StartCosts> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'start-costs-'))
  const report = join(dir, 'memory.json')
  const url = `http://127.0.0.1:${port}`
  const spawnedAt = performance.now()
  const child = spawn(process.execPath, ['--import', './test/bench/gc-report.mjs', ...startArguments()], {
    cwd: ROOT,
    env: { ...process.env, WORKERS: '1', PORT: String(port), HOST: '127.0.0.1', BASE_URL: url, LOG_LEVEL: 'warn', GC_REPORT_FILE: report },
    stdio: 'ignore'
  })
  try {
    while (!(await answersWithIcons(`${url}${PROBE}`))) {
      if (performance.now() - spawnedAt > 60_000) throw new Error(`${PROBE} answered no icons in 60 s`)
      await sleep(POLL_MS)
    }
    const firstSearchMs = performance.now() - spawnedAt
    const rssAtFirstSearch = treeRss(child.pid as number)
    const cpuMs = processCpuMs(child.pid as number)
    child.kill('SIGUSR2')
    for (let tries = 0; tries < 200; tries++) {
      try {
        const memory = JSON.parse(readFileSync(report, 'utf8')) as NodeJS.MemoryUsage
        return {
          firstSearchMs: Math.round(firstSearchMs),
          cpuMs,
          rssAtFirstSearchMB: megabytes(rssAtFirstSearch),
          rssAfterGcMB: megabytes(memory.rss),
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
    const exited = new Promise((resolve) => child.once('exit', resolve))
    if (child.exitCode === null) child.kill('SIGTERM')
    // A start that had no code cache writes one as it exits (src/start.mjs), for the next round.
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

export async function startCosts(rounds = 5): Promise<{ rounds: StartCosts[]; median: StartCosts }> {
  // Builds the bundle if it is stale, and starts once uncounted so that its code cache is written:
  // no round pays for either.
  execFileSync(process.execPath, ['src/start.mjs', '--build-only'], { cwd: ROOT, stdio: 'inherit' })
  await startCost()
  const results: StartCosts[] = []
  for (let round = 0; round < rounds; round++) results.push(await startCost())
  const of = (name: keyof StartCosts): number => median(results.map((result) => result[name]))
  const names = Object.keys(results[0] ?? {}) as Array<keyof StartCosts>
  return { rounds: results, median: Object.fromEntries(names.map((name) => [name, of(name)])) as unknown as StartCosts }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await startCosts(Number(process.argv[2] ?? 5)), null, 2))
}
