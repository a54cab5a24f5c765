/**
 * What the data layer costs, in process: CPU to load the catalogue (snapshots read, index ready),
 * RSS and heap once loaded (after a GC), and CPU per first-sight search (3,000 distinct real
 * queries, each asked once of a fresh catalogue, so no cache answers), measured with
 * process.cpuUsage so that a busy machine does not inflate it. Repeats the search pass ROUNDS times
 * on fresh catalogues and reports each round's figures and their median.
 * Run: node --expose-gc --import tsx test/bench/index-costs.ts [rounds]
 * Prints one JSON object; `indexCosts()` returns it for other bench scripts.
 */
import { performance } from 'node:perf_hooks'
import { loadCatalogue, type Catalogue } from '../../src/catalogue/catalogue'
import { firstSightQueries } from './queries'

export interface IndexCosts {
  icons: number
  loadCpuMs: number
  loadWallMs: number
  rssMB: number
  heapUsedMB: number
  externalMB: number
  queries: number
  /** CPU per query, in microseconds: mean, median and 99th percentile of every query of the round. */
  searchCpuUs: { mean: number; p50: number; p99: number }
  /** The round's costliest queries and their CPU in microseconds, costliest first: where to look next. */
  slowest: Array<[string, number]>
}

const megabytes = (bytes: number): number => Math.round(bytes / 1048576)

function cpuMicros(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since)
  return used.user + used.system
}

function searchRound(catalogue: Catalogue, queries: readonly string[]): Pick<IndexCosts, 'searchCpuUs' | 'slowest'> {
  const samples: number[] = []
  // Per query, and for the whole pass: cpuUsage's resolution is coarse next to one query.
  const pass = process.cpuUsage()
  for (const q of queries) {
    const start = process.cpuUsage()
    catalogue.search({ q })
    samples.push(cpuMicros(start))
  }
  const mean = cpuMicros(pass) / queries.length
  const slowest = queries.map((q, i): [string, number] => [q, samples[i] ?? NaN]).sort((a, b) => b[1] - a[1]).slice(0, 5)
  samples.sort((a, b) => a - b)
  const at = (share: number): number => samples[Math.min(samples.length - 1, Math.floor(share * samples.length))] ?? NaN
  return { searchCpuUs: { mean: Math.round(mean), p50: Math.round(at(0.5)), p99: Math.round(at(0.99)) }, slowest }
}

export async function indexCosts(queries = firstSightQueries()): Promise<IndexCosts> {
  const cpu = process.cpuUsage()
  const started = performance.now()
  const catalogue = await loadCatalogue()
  const loadCpuMs = Math.round(cpuMicros(cpu) / 1000)
  const loadWallMs = Math.round(performance.now() - started)
  globalThis.gc?.()
  const memory = process.memoryUsage()
  return {
    icons: catalogue.totalIcons,
    loadCpuMs,
    loadWallMs,
    rssMB: megabytes(memory.rss),
    heapUsedMB: megabytes(memory.heapUsed),
    externalMB: megabytes(memory.external + memory.arrayBuffers),
    queries: queries.length,
    ...searchRound(catalogue, queries)
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rounds = Number(process.argv[2] ?? 3)
  const queries = firstSightQueries()
  const results: IndexCosts[] = []
  for (let round = 0; round < rounds; round++) results.push(await indexCosts(queries))
  const first = results[0] as IndexCosts
  console.log(
    JSON.stringify(
      {
        rounds: results,
        median: {
          icons: first.icons,
          // The first round alone loads modules cold; later rounds share them.
          firstLoadCpuMs: first.loadCpuMs,
          rssMBFirstRound: first.rssMB,
          searchCpuUsMean: median(results.map((result) => result.searchCpuUs.mean)),
          searchCpuUsP50: median(results.map((result) => result.searchCpuUs.p50)),
          searchCpuUsP99: median(results.map((result) => result.searchCpuUs.p99))
        }
      },
      null,
      2
    )
  )
}
