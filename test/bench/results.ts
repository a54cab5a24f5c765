/**
 * The shape of a bench run's results (written as JSON), the project's performance goals checked
 * against them (reported, never asserted), and the Markdown tables printed and kept in
 * test/bench/RESULTS.md.
 */
import type { CaseResult } from './catalogue-cases'
import type { ComparisonCase, ComparisonResult } from './comparison'
import type { LoadResult, LoadSettings } from './load'
import type { PlaygroundResult } from './playground'
import type { BundleSize } from './plugin-size'
import type { SoakResult } from './soak'

export interface Machine {
  cpus: number
  cpuModel: string
  memoryGiB: number
  node: string
  platform: string
  /** One-minute load average when the run began and ended: other work on the machine skews every figure. */
  loadAverage?: { start: number; end: number }
}

export interface ScalingResult {
  scale: number
  iconsets: number
  icons: number
  /**
   * Spawn to the first answer, measured by the parent, started as `npm start` starts (its node
   * flags, a bundle with its code cache: no TypeScript compiled); the median of a few starts.
   */
  startMs: number
  /** The catalogue's own load time (its `catalogue ready` log line, from process start); the median of the same starts. */
  loadedMs: number
  /** How many starts the two times are the medians of. */
  starts: number
  rssBytes: number
  /** Each distinct request of the mix once, on a fresh server: the cost of search itself. */
  firstSight: LoadResult
  /** The mix cycled after a warm-up: pages come from the catalogue's caches. */
  steady: LoadResult
}

export interface WorkersResult {
  workers: number
  startMs: number
  rssBytes: number
  firstSight: LoadResult
  steady: LoadResult
}

export interface BenchResults {
  date: string
  command: string
  machine: Machine
  settings: { connections: number; durationSeconds: number; warmupSeconds: number }
  git: string
  comparison?: ComparisonResult
  catalogue?: { startMs: number; rssAfterCasesBytes: number; cases: CaseResult[]; failures: string[]; rounds: number; roundSettings: LoadSettings }
  workers?: WorkersResult[]
  scaling?: ScalingResult[]
  plugin?: { bundles: BundleSize[]; playground: PlaygroundResult | { error: string } }
  soak?: SoakResult
  goals: Goal[]
}

export interface Goal {
  goal: string
  actual: string
  met: boolean | null
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

const ms = (value: number) => (Number.isFinite(value) ? (value < 10 ? value.toFixed(2) : value.toFixed(1)) : 'n/a')
const rate = (value: number) => Math.round(value).toLocaleString('en-US')
const percent = (value: number) => `${Math.round(value * 100)}%`
const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n')
}

function caseById(results: BenchResults, id: string): CaseResult | undefined {
  return results.catalogue?.cases.find((item) => item.id === id)
}

/**
 * The ratio a goal is judged by: throughput against the ceiling, or the CPU cost per request
 * against the ceiling's when that is lower. On two cores the load generator shares the machine,
 * so a fast server can match the ceiling's req/s while doing more work per request.
 */
function judgedRatio(item: CaseResult): number {
  return item.cpuRatio === null ? item.ratio : Math.min(item.ratio, item.cpuRatio)
}

const ratios = (item: CaseResult) =>
  `${percent(item.ratio)} of req/s${item.cpuRatio === null ? '' : `, ${percent(item.cpuRatio)} of CPU efficiency`}`

/** The ceiling's CPU per response over this service's: the share of the ceiling when the client sets the pace. */
function ceilingCpuShare(item: ComparisonCase): number | null {
  const ours = item.catalogue.cpuMicrosPerResponse
  const bare = item.ceiling?.cpuMicrosPerResponse ?? null
  return ours === null || bare === null || !(ours > 0) ? null : bare / ours
}

function comparisonGoals(comparison: ComparisonResult): Goal[] {
  const goals: Goal[] = []
  const byId = (id: string) => comparison.cases.find((item) => item.id === id)
  const first = byId('first-sight')
  if (first?.iconify != null) {
    const times = first.catalogue.requestsPerSecond / first.iconify.requestsPerSecond
    goals.push({
      goal: 'First-sight search ≥ 5× Iconify, p99 < 5 ms',
      // The bare ceiling's p99 in the same pass says how much of it any Node server on this machine pays.
      actual: `${times.toFixed(1)}×; p99 ${ms(first.catalogue.p99)} ms${first.ceiling === null ? '' : ` (the ceiling's: ${ms(first.ceiling.p99)} ms)`}`,
      met: times >= 5 && first.catalogue.p99 < 5
    })
  }
  for (const id of ['repeated-home', 'repeated-arrow', 'svg-48', 'png-48']) {
    const item = byId(id)
    if (item?.ceiling == null) continue
    const share = item.catalogue.requestsPerSecond / item.ceiling.requestsPerSecond
    const cpuShare = ceilingCpuShare(item)
    goals.push({
      goal: `${item.label}: ≥ 85% of the ceiling`,
      actual: `${percent(share)} of req/s${cpuShare === null ? '' : `, ${percent(cpuShare)} of CPU efficiency`}`,
      met: Math.min(share, cpuShare ?? share) >= 0.85
    })
  }
  goals.push({ goal: 'Ready < 1 s (spawn to first search answered)', actual: `${ms(comparison.catalogue.readyMs / 1000)} s`, met: comparison.catalogue.readyMs < 1000 })
  goals.push({ goal: 'RSS at ready ≤ 150 MB', actual: mb(comparison.catalogue.rssAtReadyBytes), met: comparison.catalogue.rssAtReadyBytes <= 150 * 1_048_576 })
  return goals
}

export function evaluateGoals(results: BenchResults): Goal[] {
  const goals: Goal[] = results.comparison === undefined ? [] : comparisonGoals(results.comparison)
  for (const id of ['search-mix', 'search-mix-first-sight']) {
    const mix = caseById(results, id)
    if (mix === undefined) continue
    goals.push({
      goal: `${id === 'search-mix' ? 'Search mix, steady state' : 'Search mix, first sight (uncached)'} ≥ 50% of ceiling, p99 < 10 ms`,
      actual: `${ratios(mix)}; p99 ${ms(mix.catalogue.p99)} ms`,
      met: judgedRatio(mix) >= 0.5 && mix.catalogue.p99 < 10
    })
  }
  for (const id of ['svg-48', 'png-64-warm', 'png-512-warm']) {
    const item = caseById(results, id)
    if (item !== undefined) goals.push({ goal: `${item.label} ≥ 70% of ceiling`, actual: ratios(item), met: judgedRatio(item) >= 0.7 })
  }
  const cold = caseById(results, 'png-512-cold')
  if (cold !== undefined) {
    goals.push({ goal: 'Cold PNG 512: renders per second (reported)', actual: `${rate(cold.catalogue.requestsPerSecond)} renders/s`, met: null })
  }
  const scaling = results.scaling ?? []
  const full = scaling.find((row) => row.scale === 1)
  if (full !== undefined) {
    goals.push({ goal: 'Ready < 3 s at 100%', actual: `${ms(full.startMs / 1000)} s`, met: full.startMs < 3000 })
    goals.push({ goal: 'RSS < 400 MB at 100%, after the search mix', actual: mb(full.rssBytes), met: full.rssBytes < 400 * 1_048_576 })
  }
  // The same catalogue after every case, its response cache full and its render threads up: what a
  // process serving PNGs holds, not only one that has searched.
  const served = results.catalogue?.rssAfterCasesBytes
  if (served !== undefined) {
    goals.push({ goal: 'RSS < 400 MB at 100%, after every catalogue case (cache full, PNGs rendered)', actual: mb(served), met: served < 400 * 1_048_576 })
  }
  if (scaling.length >= 2) {
    // Linear or better: each step's start time grows by no more than its icon count (10% for noise).
    const steps = scaling.slice(1).map((row, index) => {
      const previous = scaling[index] as ScalingResult
      return { from: shortScale(previous.scale), to: shortScale(row.scale), time: row.startMs / previous.startMs, icons: row.icons / previous.icons }
    })
    goals.push({
      goal: 'Start grows no worse than linearly with icons',
      actual: steps.map((step) => `${step.from} → ${step.to}: ×${step.time.toFixed(2)} time for ×${step.icons.toFixed(2)} icons`).join('; '),
      met: steps.every((step) => step.time <= step.icons * 1.1)
    })
  }
  const ui = results.plugin?.bundles.find((bundle) => bundle.file === 'build/ui.js')
  if (ui !== undefined) goals.push({ goal: 'ui.js < 80 KB gzipped', actual: kb(ui.gzipBytes), met: ui.gzipBytes < 80_000 })
  const playground = results.plugin?.playground
  if (playground !== undefined && !('error' in playground)) {
    const painted = median(playground.search.map((sample) => sample.paintedMs))
    goals.push({ goal: 'First results painted < 100 ms after the request', actual: `median ${ms(painted)} ms`, met: painted < 100 })
    const insert = median(playground.insert.map((sample) => sample.insertMs))
    goals.push({ goal: 'Insert < 50 ms in the playground', actual: `median ${ms(insert)} ms`, met: insert < 50 })
  }
  const soak = results.soak
  if (soak !== undefined) {
    goals.push({ goal: 'Soak: peak RSS < 1 GB', actual: mb(soak.peakRssBytes), met: soak.peakRssBytes < 1024 * 1_048_576 })
    goals.push({ goal: 'Soak: RSS < 600 MB 15 s after the load', actual: mb(soak.idleRssBytes), met: soak.idleRssBytes < 600 * 1_048_576 })
    goals.push({ goal: 'Soak: GET / p99 < 50 ms while PNGs render', actual: `${ms(soak.rootP99)} ms`, met: soak.rootP99 < 50 })
    goals.push({
      goal: 'Soak: no 5xx but deliberate 503s of a full render queue',
      actual: `${soak.errors} errors in ${soak.requests} requests, ${soak.renderQueueFull} queue-full 503s`,
      met: soak.errors === 0
    })
  }
  return goals
}

/** A catalogue size in a few characters: 25%, 100%, 4×. */
const shortScale = (scale: number): string => (scale <= 1 ? percent(scale) : `${scale}×`)

/**
 * A share is of the icons, in whole sets chosen to come closest to it (scaled-config.ts), so it
 * also says the share it got (when the full catalogue was measured too).
 */
function scaleLabel(row: ScalingResult, full: ScalingResult | undefined): string {
  if (row.scale === 1) return '100%'
  if (row.scale > 1) return `${row.scale}× (copies)`
  const got = full === undefined ? '' : ` (${percent(row.icons / full.icons)})`
  return `${percent(row.scale)} of the icons, in whole sets${got}`
}

/** Server CPU per response, and how busy the server was (cores). */
function cpuCell(load: LoadResult): string {
  if (load.cpuMicrosPerResponse === null || load.serverCpu === null) return 'n/a'
  return `${Math.round(load.cpuMicrosPerResponse)} (${load.serverCpu.toFixed(2)} cores)`
}

function loadCells(load: LoadResult): string[] {
  return [rate(load.requestsPerSecond), ms(load.p50), ms(load.p99)]
}

export function renderMarkdown(results: BenchResults): string {
  const parts: string[] = []
  const { machine, settings } = results
  parts.push(
    `Run ${results.date} at ${results.git} with \`${results.command}\` on ${machine.cpus} × ${machine.cpuModel}, ` +
      `${machine.memoryGiB} GiB, Node ${machine.node} (${machine.platform}). autocannon, ${settings.connections} connections, ` +
      `${settings.warmupSeconds} s warm-up then ${settings.durationSeconds} s for a case run once (repeatable cases run in rounds, as each table says), \`Accept-Encoding: gzip, br\`, loopback. ` +
      'Latencies in ms; the ceiling is a bare node:http server replaying the same responses byte for byte.' +
      (machine.loadAverage === undefined
        ? ''
        : ` Load average from all work on the machine: ${machine.loadAverage.start.toFixed(1)} at the start, ` +
          `${machine.loadAverage.end.toFixed(1)} at the end (${machine.cpus} cores).`)
  )
  parts.push(
    'How to read it: on a small machine the load generator shares the cores, so a fast server can match the ' +
      "ceiling's req/s while doing more work per request. Each server's CPU per response (from /proc, with the cores " +
      'it kept busy) is therefore shown too, and a goal is judged by the lower of the two ratios. "Steady state" cycles ' +
      'the mix, so its pages come from the catalogue\'s caches; "first sight" sends each distinct request once to a server ' +
      'that has not seen it, which is the cost of search itself. "Painted" is the rendering update that lays out the first ' +
      'result; "main thread free" is when the UI can next run a task, after the thumbnails queued ahead of it; ' +
        '"thumbnails in view drawn" is the first frame at which every result thumbnail in the grid\'s visible area has loaded and decoded.'
  )
  if (results.goals.length > 0) {
    parts.push('### Goals')
    parts.push(
      table(
        ['Goal', 'Now', 'Met'],
        results.goals.map((goal) => [goal.goal, goal.actual, goal.met === null ? '—' : goal.met ? 'yes' : '**no**'])
      )
    )
  }
  if (results.comparison !== undefined) parts.push(...renderComparison(results.comparison))
  if (results.catalogue !== undefined) {
    const { rounds, roundSettings } = results.catalogue
    parts.push(`### Catalogue against the ceiling`)
    parts.push(
      `Repeatable cases: ${rounds} alternating rounds of ${roundSettings.durationSeconds} s, the first after ${roundSettings.warmupSeconds} s of warm-up, ` +
        `each side's round of median req/s with the median CPU per response of its rounds. First sight and cold renders: ` +
        `one pass each, since a second would find the answers cached.`
    )
    parts.push(
      table(
        ['Case', 'req/s', 'p50', 'p99', 'CPU µs/req', 'Ceiling req/s', 'Ceiling p99', 'Ceiling CPU µs/req', 'Ratio req/s', 'Ratio CPU', 'Response'],
        results.catalogue.cases.map((item) => [
          item.label,
          ...loadCells(item.catalogue),
          cpuCell(item.catalogue),
          rate(item.ceiling.requestsPerSecond),
          ms(item.ceiling.p99),
          cpuCell(item.ceiling),
          percent(item.ratio),
          item.cpuRatio === null ? 'n/a' : percent(item.cpuRatio),
          `${item.contentType.split(';')[0]}${item.contentEncoding === null ? '' : ` (${item.contentEncoding})`}, ${kb(item.bodyBytes)}` +
            (item.catalogue.non2xx + item.catalogue.errors > 0 ? `, ${item.catalogue.non2xx} non-2xx, ${item.catalogue.errors} errors` : '')
        ])
      )
    )
    for (const failure of results.catalogue.failures) parts.push(`Not measured: ${failure}`)
    parts.push(
      `Start (spawn of npm start's command to first answer): ${ms(results.catalogue.startMs / 1000)} s; ` +
        `RSS after all cases (PNG cache full): ${mb(results.catalogue.rssAfterCasesBytes)}.`
    )
  }
  if (results.scaling !== undefined) {
    parts.push('### Scaling with catalogue size')
    parts.push(
      `Each size runs the service as \`npm start\` does (its node flags, one bundle run with its V8 code cache, so no start compiles TypeScript), ` +
        `with its icon sets chosen by the bench: whole real sets for a share, copies under new slugs for a multiple. ` +
        `"Start → ready" is spawn to the first answer; "Loaded" is the catalogue's own load time in its process. ` +
        `Both are the medians of ${results.scaling[0]?.starts ?? 1} starts of each size, after one start not counted (it writes that size's snapshots and the code cache); the rest is measured on the last.`
    )
    parts.push(
      table(
        [
          'Catalogue',
          'Sets',
          'Icons',
          'Start → ready',
          'Loaded (in process)',
          'RSS after warm-up',
          'First sight req/s',
          'p50',
          'p99',
          'Steady req/s',
          'p50',
          'p99'
        ],
        results.scaling.map((row) => [
          scaleLabel(row, results.scaling?.find((each) => each.scale === 1)),
          String(row.iconsets),
          rate(row.icons),
          `${ms(row.startMs)} ms`,
          `${ms(row.loadedMs)} ms`,
          mb(row.rssBytes),
          ...loadCells(row.firstSight),
          ...loadCells(row.steady)
        ])
      )
    )
  }
  if (results.soak !== undefined) {
    const soak = results.soak
    parts.push(`### Soak (${Math.round(soak.seconds)} s of searches, metadata, SVGs and cold 1024 px PNGs with junk parameters, plus slow clients)`)
    parts.push(
      table(
        ['Peak RSS', 'RSS 15 s later', 'GET / p50', 'GET / p99', 'PNG renders/s', 'Queue-full 503s', 'Requests', 'Errors'],
        [
          [
            mb(soak.peakRssBytes),
            mb(soak.idleRssBytes),
            ms(soak.rootP50),
            ms(soak.rootP99),
            soak.pngRendersPerSecond.toFixed(1),
            String(soak.renderQueueFull),
            String(soak.requests),
            soak.errors === 0 ? '0' : `${soak.errors}: ${soak.errorExamples.join('; ')}`
          ]
        ]
      )
    )
  }
  if (results.workers !== undefined) {
    parts.push('### Multi-core (`WORKERS=N npm start`, the search mix)')
    parts.push(
      table(
        ['Workers', 'First sight req/s', 'p50', 'p99', 'Steady req/s', 'p50', 'p99', 'Start → all listening', 'RSS (all processes)'],
        results.workers.map((row) => [
          String(row.workers),
          ...loadCells(row.firstSight),
          ...loadCells(row.steady),
          `${ms(row.startMs)} ms`,
          mb(row.rssBytes)
        ])
      )
    )
  }
  if (results.plugin !== undefined) {
    parts.push('### Plugin')
    parts.push(
      table(
        ['Bundle', 'Raw', 'gzip -9'],
        results.plugin.bundles.map((bundle) => [bundle.file, kb(bundle.rawBytes), kb(bundle.gzipBytes)])
      )
    )
    const playground = results.plugin.playground
    if ('error' in playground) {
      parts.push(`Playground: not measured (${playground.error}).`)
    } else {
      const painted = playground.search.map((sample) => sample.paintedMs)
      const responses = playground.search.map((sample) => sample.responseMs)
      const inDom = playground.search.map((sample) => sample.domMs)
      const free = playground.search.map((sample) => sample.freeMs)
      const thumbnails = playground.search.map((sample) => sample.thumbnailsMs)
      const inserts = playground.insert.map((sample) => sample.insertMs)
      parts.push(
        table(
          ['In the playground (headless Chromium)', 'Samples', 'Median', 'Worst'],
          [
            ['Search request sent → results painted', String(painted.length), `${ms(median(painted))} ms`, `${ms(Math.max(...painted))} ms`],
            ['… response fully received', String(responses.length), `${ms(median(responses))} ms`, `${ms(Math.max(...responses))} ms`],
            ['… results in the DOM', String(inDom.length), `${ms(median(inDom))} ms`, `${ms(Math.max(...inDom))} ms`],
            ['Search request sent → UI main thread free again', String(free.length), `${ms(median(free))} ms`, `${ms(Math.max(...free))} ms`],
            ['Search request sent → thumbnails in view drawn', String(thumbnails.length), `${ms(median(thumbnails))} ms`, `${ms(Math.max(...thumbnails))} ms`],
            ['Click Insert → node in the document', String(inserts.length), `${ms(median(inserts))} ms`, `${ms(Math.max(...inserts))} ms`]
          ]
        )
      )
    }
  }
  return parts.join('\n\n')
}

/** How many times cheaper per request: their CPU over ours. */
const cpuTimes = (theirs: number | null | undefined, ours: number | null) =>
  theirs == null || ours === null || !(ours > 0) ? '—' : `${(theirs / ours).toFixed(1)}×`
const times = (ours: number, theirs: number | undefined) => (theirs === undefined || !(theirs > 0) ? '—' : `${(ours / theirs).toFixed(1)}×`)

function comparisonRow(item: ComparisonCase): string[] {
  const none = ['—', '—', '—', '—']
  const side = (load: LoadResult | null) => (load === null ? none : [...loadCells(load), cpuCell(load)])
  return [
    item.label,
    ...side(item.catalogue),
    ...side(item.iconify),
    times(item.catalogue.requestsPerSecond, item.iconify?.requestsPerSecond),
    cpuTimes(item.iconify?.cpuMicrosPerResponse, item.catalogue.cpuMicrosPerResponse),
    item.ceiling === null ? '—' : rate(item.ceiling.requestsPerSecond),
    item.ceiling === null ? '—' : cpuCell(item.ceiling),
    item.ceiling === null ? '—' : percent(item.catalogue.requestsPerSecond / item.ceiling.requestsPerSecond),
    ceilingCpuShare(item) === null ? '—' : percent(ceilingCpuShare(item) as number)
  ]
}

export function renderComparison(comparison: ComparisonResult): string[] {
  const { catalogue, iconify, settings } = comparison
  const passes = comparison.cases.filter((item) => item.id.startsWith('first-sight'))
  const failed = (side: (item: ComparisonCase) => LoadResult | null): string => {
    const loads = passes.map(side)
    if (loads.some((load) => load === null)) return '—'
    const sum = (count: (load: LoadResult) => number) => (loads as LoadResult[]).reduce((total, load) => total + count(load), 0)
    return `${sum((load) => load.non2xx)} / ${sum((load) => load.errors)}`
  }
  return [
    `### This service, the Iconify API ${comparison.iconifyVersion} and the ceiling`,
    `The same ${comparison.iconsets} sets on both (Iconify: merged per set as \`@iconify/json\` ships them, its default ` +
      `configuration, Node 22), the same client and headers, one after the other on the same machine. Repeated cases: ` +
      `${comparison.rounds} alternating rounds of ${settings.durationSeconds} s, the first after ${settings.warmupSeconds} s of warm-up, ` +
      'the round of median req/s of each server, with the median CPU per response of its rounds. The ceiling is a bare node:http server replaying this service\'s responses byte ' +
      'for byte (for first sight, its answer to every tenth query, the median one for the rest); "of ceiling CPU" is the ' +
      'ceiling\'s CPU per response over this service\'s. The first-sight goal is judged on the fresh server; the ' +
      'running-server row then asks as many other queries, never asked before either (words and word pairs from ' +
      'icon names, as most of the first pass is, but none of the search mix\'s), once V8 has optimised the code the ' +
      'first pass made hot and the icon records pages share have been written, as on a server that has been up a ' +
      'while. The ceiling takes both passes the same way, after the same warm-up, so each row is read against a bare ' +
      'server in the same state: a fresh process, even a bare one, spends more per request than it will once warm. CPU is the server\'s µs per response (cores kept busy); on a busy machine it is the steadier comparison, ' +
      'and "× Iconify CPU" is how many times less CPU this service spends per response. Iconify renders no PNG.',
    table(
      ['Case', 'req/s', 'p50', 'p99', 'CPU µs/req', 'Iconify req/s', 'p50', 'p99', 'CPU µs/req', '× Iconify req/s', '× Iconify CPU', 'Ceiling req/s', 'CPU µs/req', 'of ceiling req/s', 'of ceiling CPU'],
      comparison.cases.map(comparisonRow)
    ),
    table(
      ['Fresh server', 'This service', 'Iconify API', 'Ratio'],
      [
        ['Spawn → first search answered', `${ms(catalogue.readyMs / 1000)} s`, `${ms(iconify.readyMs / 1000)} s`, times(catalogue.readyMs, iconify.readyMs)],
        ['RSS at ready', mb(catalogue.rssAtReadyBytes), mb(iconify.rssAtReadyBytes), times(catalogue.rssAtReadyBytes, iconify.rssAtReadyBytes)],
        ...(passes.length === 0 ? [] : [['First sight non-2xx / errors, both passes', failed((item) => item.catalogue), failed((item) => item.iconify), '—']])
      ]
    )
  ]
}
