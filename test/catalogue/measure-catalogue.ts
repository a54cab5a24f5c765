/**
 * Measures the data layer alone: time to load all configured sets and build the index, memory
 * once loaded, and search latency, uncached (every query new to the catalogue) and repeated.
 * Wall times include waiting for a core; the CPU times show the work itself on a busy machine.
 * Run: node --expose-gc --import tsx test/catalogue/measure-catalogue.ts
 */
import { performance } from 'node:perf_hooks'
import { loadCatalogue } from '../../src/catalogue/catalogue'

const DESIGNER_QUERIES = [
  'home', 'delete', 'settings', 'calender', 'search', 'user', 'arrow left', 'close', 'star', 'heart', 'mail',
  'phone', 'camera', 'edit', 'check circle', 'chevron down', 'download', 'upload', 'share', 'lock', 'eye',
  'bell', 'cloud', 'folder', 'file text', 'image', 'music', 'video', 'play', 'pause', 'plus', 'minus', 'trash',
  'filter', 'sort', 'menu', 'more', 'refresh', 'link', 'copy', 'save', 'print', 'map pin', 'globe', 'sun',
  'moon', 'wifi', 'battery', 'cart', 'money', 'chart', 'code', 'terminal', 'github', 'smile', 'car', 'plane',
  'book', 'key', 'shield', 'flag', 'tag', 'gift', 'trophy', 'coffee', 'notification', 'chat', 'info',
  'warning', 'question', 'grid', 'list', 'layout', 'expand', 'undo', 'redo', 'microphone', 'volume',
  'logout', 'person add', 'arrow right circle', 'thumbs up', 'light bulb', 'building'
]

/** Every prefix of every query, as typed letter by letter: 'h', 'ho', 'hom', 'home'. */
const TYPED = [...new Set(DESIGNER_QUERIES.flatMap((query) => [...query].map((_, end) => query.slice(0, end + 1))))]

function percentiles(samples: number[]): Record<string, number> {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (share: number): number => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN
  const round = (ms: number): number => Math.round(ms * 100) / 100
  return { count: sorted.length, p50: round(at(0.5)), p90: round(at(0.9)), p99: round(at(0.99)), max: round(at(1)) }
}

const megabytes = (bytes: number): number => Math.round(bytes / 1048576)

const cpuBefore = process.cpuUsage()
const started = performance.now()
const catalogue = await loadCatalogue()
const loadMs = Math.round(performance.now() - started)
const cpu = process.cpuUsage(cpuBefore)
globalThis.gc?.()
const memory = process.memoryUsage()

// CPU time beside wall time: on a busy machine the wall clock mostly measures waiting for a core.
const uncached: number[] = []
const uncachedCpu: number[] = []
for (const style of [null, 'outline', 'solid'] as const) {
  for (const query of TYPED) {
    const cpuStart = process.cpuUsage()
    const start = performance.now()
    catalogue.search({ q: query, style: style ?? undefined })
    uncached.push(performance.now() - start)
    const used = process.cpuUsage(cpuStart)
    uncachedCpu.push((used.user + used.system) / 1000)
  }
}
const repeated: number[] = []
for (const query of TYPED) {
  const start = performance.now()
  catalogue.search({ q: query })
  repeated.push(performance.now() - start)
}

console.log(
  JSON.stringify(
    {
      icons: catalogue.totalIcons,
      iconsets: catalogue.iconsets.length,
      skipped: catalogue.skipped,
      loadMs,
      loadCpuMs: Math.round((cpu.user + cpu.system) / 1000),
      rssMB: megabytes(memory.rss),
      heapUsedMB: megabytes(memory.heapUsed),
      searchUncachedMs: percentiles(uncached),
      searchUncachedCpuMs: percentiles(uncachedCpu),
      searchRepeatedMs: percentiles(repeated)
    },
    null,
    2
  )
)
