/**
 * How much of a first-sight pass is V8 optimising code rather than answering: the server as npm
 * start runs it, with V8's --trace-opt and --trace-deopt, warmed by the bench's warm-up queries;
 * then the fresh pass of 3,000 distinct queries and the running-server pass of 3,000 others, as
 * `npm run bench` sends them. For each pass: req/s, CPU per answer, split between the main thread
 * and the others (V8's optimising compiler and GC helpers, libuv's pool), and the time V8 reports
 * for the optimising compilations (wall time on its background threads, so more than their CPU
 * when the cores are busy) and the deoptimisations in it.
 *
 * The passes differ in kind as well as in time: the first holds the search mix's prefixes and words,
 * whose pages are fuller (about 29 icons a page against 14), so SWAPPED=1 asks the second list first
 * to tell the server's warmth from the pages' size.
 *
 * IDLE_MS=1000 leaves the server idle that long after it is ready, as a service is before its first
 * designer, which it spends warming up (src/catalogue/warm-up.ts); the bench asks at once.
 *
 * Usage (after `npm run build && node src/start.mjs --build-only`), NODE_FLAGS to try V8 flags:
 *   [NODE_FLAGS='--max-semi-space-size=16'] [SWAPPED=1] [IDLE_MS=1000] node --import tsx test/bench/compile-in-pass.ts
 */
import { readFileSync, statSync } from 'node:fs'
import { CATALOGUE_API, waitForSearch } from './comparison'
import { measureOnce, type LoadResult } from './load'
import { spawnServer, threadCpuSeconds, type Server } from './processes'
import { firstSightQueries, moreFirstSightQueries, searchMix, warmupQueries } from './queries'
import { startArguments } from './start-costs'

interface CompileWork {
  /** Optimising compilations finished in the pass, and the ms V8 reports for them. */
  compilations: number
  compileMs: number
  deoptimisations: number
  /** The functions that took longest to compile, with their ms. */
  costliest: Array<[string, number]>
}

/** TurboFan's finished compilations (newer V8 writes TURBOFAN_JS); Maglev's, where it runs, are not counted. */
const COMPILED = /<JSFunction ([^ ]*) .*\(target TURBOFAN(?:_JS)?\).* - took ([0-9.]+), ([0-9.]+), ([0-9.]+) ms/g
const DEOPTIMISED = /bailout \(kind: /g

function compileWork(log: string): CompileWork {
  const byFunction = new Map<string, number>()
  let compilations = 0
  let compileMs = 0
  for (const [, name = '?', prepare, execute, finalise] of log.matchAll(COMPILED)) {
    const ms = Number(prepare) + Number(execute) + Number(finalise)
    compilations++
    compileMs += ms
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms)
  }
  const costliest = [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 8)
  return { compilations, compileMs, deoptimisations: log.match(DEOPTIMISED)?.length ?? 0, costliest }
}

/** The pass's load result, and what the server's log says V8 compiled meanwhile. */
async function pass(server: Server, queries: readonly string[]): Promise<{ load: LoadResult; work: CompileWork; threads: { main: number; others: number } }> {
  const pid = server.child.pid as number
  const from = statSync(server.logFile).size
  const before = threadCpuSeconds(pid)
  const load = await measureOnce(server.url, queries.map(CATALOGUE_API.search), pid)
  // V8 writes a compilation's line when it is finalised on the main thread, after the answers that made it hot.
  await new Promise((resolve) => setTimeout(resolve, 200))
  const after = threadCpuSeconds(pid)
  const threads = { main: after.main - before.main, others: after.others - before.others }
  return { load, work: compileWork(readFileSync(server.logFile).subarray(from).toString()), threads }
}

const queries = firstSightQueries()
const more = moreFirstSightQueries(queries)
const warmup = warmupQueries(searchMix())
  .map((query) => query.q)
  .filter((q) => !queries.includes(q) && !more.includes(q))
const flags = (process.env.NODE_FLAGS ?? '').split(' ').filter((flag) => flag !== '')
const server = await spawnServer({
  name: 'compile-in-pass',
  args: ['--trace-opt', '--trace-deopt', ...flags, ...startArguments()],
  tsx: false,
  env: { WORKERS: '1' }
})
try {
  await waitForSearch(server, CATALOGUE_API)
  // As a service up a while before its first designer, which it spends warming up (warm-up.ts).
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.IDLE_MS ?? 0)))
  await measureOnce(server.url, warmup.map(CATALOGUE_API.search))
  const passes = [
    { list: queries, kind: "the bench's fresh-server list" },
    { list: more, kind: "the bench's running-server list" }
  ]
  if (process.env.SWAPPED === '1') passes.reverse()
  for (const [at, { list, kind }] of passes.entries()) {
    const label = `${at === 0 ? 'fresh server' : 'running server'}, ${kind}`
    const { load, work, threads } = await pass(server, list)
    const perAnswer = (seconds: number) => Math.round((seconds * 1e6) / load.responses)
    console.log(
      `${label}: ${Math.round(load.requestsPerSecond)} req/s, ${Math.round(load.cpuMicrosPerResponse ?? 0)} µs CPU per answer ` +
        `(main thread ${perAnswer(threads.main)} µs, other threads ${perAnswer(threads.others)} µs), p99 ${load.p99.toFixed(1)} ms; ` +
        `${work.compilations} optimising compilations taking ${Math.round(work.compileMs)} ms, ${work.deoptimisations} deoptimisations`
    )
    console.log(`  costliest: ${work.costliest.map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(', ')}`)
  }
} finally {
  await server.stop()
}
