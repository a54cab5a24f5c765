/**
 * `npm run bench`: every performance figure of the project from one command, in about ten
 * minutes. Builds nothing itself (the npm script builds the plugin first); starts every server as
 * its own process; writes bench-results/latest.json, prints the tables and, after a full run,
 * test/bench/RESULTS.md. The `compare` section installs and starts the Iconify API beside this
 * service (see iconify-api.ts); nothing in it is asserted, the tables say where the goals stand.
 *
 * For quicker runs while working on something: BENCH_ONLY=compare,catalogue,plugin,workers,scaling,relevance,soak picks
 * sections, BENCH_CASES=search-mix,svg-48 picks catalogue cases, BENCH_DURATION and BENCH_WARMUP
 * set seconds per case, BENCH_SOAK the soak's seconds of load (30), BENCH_CPU_PROF=1 starts catalogues under `node --cpu-prof`
 * (profiles in bench-results/profiles/<server>; the largest is the main thread's). Only a full default run rewrites RESULTS.md.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, loadavg, platform, release, totalmem } from 'node:os'
import { join } from 'node:path'
import { allListeningMessage } from '../../src/catalogue/workers'
import { runCatalogueCases, searchFirstSight, searchMixPaths } from './catalogue-cases'
import { startCeiling } from './ceiling'
import { CONNECTIONS, cycle, measure, type LoadResult, type LoadSettings } from './load'
import { measurePlayground } from './playground'
import { bundleSizes } from './plugin-size'
import { freePort, OUTPUT_DIR, ROOT, spawnServer, treeRss, waitForHttp, waitForLog, type Server } from './processes'
import { distinctQueries, searchMix, assertStylesKnown } from './queries'
import { compareWithIconify } from './comparison'
import { ICONIFY_API_VERSION, prepareIconifyApi } from './iconify-api'
import { relevanceSection } from './relevance'
import { evaluateGoals, median, renderMarkdown, type BenchResults, type Machine, type ScalingResult, type WorkersResult } from './results'
import { runSoak } from './soak'
import { startArguments, startCost } from './start-costs'

const SECTIONS = ['compare', 'catalogue', 'plugin', 'workers', 'scaling', 'relevance', 'soak'] as const
type Section = (typeof SECTIONS)[number]
/** A quarter, half and all of the real sets, and twice and four times them (copies under new slugs). */
const SCALES = [0.25, 0.5, 1, 2, 4]
/**
 * The comparison alternates the servers over this many rounds of this many seconds per case. On
 * this shared VM the same case's CPU per response moves by a fifth between runs; five rounds'
 * medians hold it closer than three did.
 */
const COMPARE_ROUNDS = 5
const COMPARE_SETTINGS: LoadSettings = { durationSeconds: 3, warmupSeconds: 1 }
/** The catalogue's repeatable cases against the ceiling, the same way: their goals (70%) leave more room. */
const CATALOGUE_ROUNDS = 3

function listFromEnv(name: string): string[] | undefined {
  const value = process.env[name]?.trim()
  return value === undefined || value === '' ? undefined : value.split(',').map((item) => item.trim())
}

function secondsFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback)
  if (!(value >= 0)) throw new Error(`${name} must be a number of seconds`)
  return value
}

/** Seconds per case: long enough for stable medians, short enough for a whole run in about ten minutes. */
const DEFAULT_DURATION_SECONDS = 5
const onlySections = listFromEnv('BENCH_ONLY')
const onlyCases = listFromEnv('BENCH_CASES')
for (const section of onlySections ?? []) {
  if (!(SECTIONS as readonly string[]).includes(section)) throw new Error(`BENCH_ONLY: unknown section ${section}`)
}
const runs = (section: Section) => onlySections === undefined || onlySections.includes(section)
const settings: LoadSettings = {
  durationSeconds: secondsFromEnv('BENCH_DURATION', DEFAULT_DURATION_SECONDS),
  warmupSeconds: secondsFromEnv('BENCH_WARMUP', 2)
}
const fullRun = onlySections === undefined && onlyCases === undefined && settings.durationSeconds === DEFAULT_DURATION_SECONDS
const profiling = process.env.BENCH_CPU_PROF === '1'
/** One directory per server: tsx's loader thread writes a profile of its own beside the main thread's. */
const nodeOptions = (name: string) => (profiling ? ['--cpu-prof', '--cpu-prof-dir', join(OUTPUT_DIR, 'profiles', name)] : [])

function machine(): Machine {
  return {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${platform()} ${release()}`,
    loadAverage: { start: loadavg()[0] ?? 0, end: 0 }
  }
}

function gitDescription(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'test'], { cwd: ROOT, encoding: 'utf8' }).trim()
    return dirty === '' ? commit : `${commit} (with uncommitted changes)`
  } catch {
    return 'unknown'
  }
}

const describe = (load: LoadResult) =>
  `${Math.round(load.requestsPerSecond)} req/s, p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms`

/** The real start path, as `npm start` runs it: the server bundle, with npm start's node flags. */
function startCatalogue(name: string, workers: number): Promise<Server> {
  return spawnServer({
    name,
    args: startArguments(),
    tsx: false,
    env: { WORKERS: String(workers) },
    nodeOptions: nodeOptions(name)
  })
}

async function compareSection(results: BenchResults): Promise<void> {
  console.log(`This service, the Iconify API ${ICONIFY_API_VERSION} and the ceiling, side by side`)
  const { iconsets } = prepareIconifyApi()
  results.comparison = await compareWithIconify(() => startCatalogue('compare', 1), {
    iconsets,
    iconifyVersion: ICONIFY_API_VERSION,
    rounds: COMPARE_ROUNDS,
    settings: COMPARE_SETTINGS
  })
}

async function catalogueSection(results: BenchResults): Promise<void> {
  console.log('Catalogue (WORKERS=1) against the ceiling')
  const server = await startCatalogue('catalogue', 1)
  const startMs = await waitForHttp(server)
  console.log(`  ready in ${Math.round(startMs)} ms`)
  const ceiling = await startCeiling()
  try {
    const only = onlyCases === undefined ? undefined : (id: string) => onlyCases.includes(id)
    const { cases, failures } = await runCatalogueCases(
      server.url,
      server.child.pid as number,
      ceiling,
      { settings, rounds: CATALOGUE_ROUNDS, roundSettings: COMPARE_SETTINGS },
      only
    )
    results.catalogue = {
      startMs,
      rssAfterCasesBytes: treeRss(server.child.pid as number),
      cases,
      failures,
      rounds: CATALOGUE_ROUNDS,
      roundSettings: COMPARE_SETTINGS
    }
  } finally {
    await ceiling.stop()
    await server.stop()
  }
}

async function workersSection(results: BenchResults): Promise<void> {
  console.log('Multi-core: the search mix with 1 and 2 workers')
  const rows: WorkersResult[] = []
  for (const workers of [1, 2]) {
    const server = await startCatalogue(`workers-${workers}`, workers)
    try {
      const startMs =
        workers === 1 ? await waitForHttp(server) : await waitForLog(server, new RegExp(allListeningMessage(workers, '').trim()))
      const pid = server.child.pid as number
      const firstSight = await searchFirstSight(server.url, pid)
      const steady = await measure(server.url, cycle(searchMixPaths()), settings, pid)
      rows.push({ workers, startMs, rssBytes: treeRss(pid), firstSight, steady })
      console.log(`  ${workers} worker(s): first sight ${describe(firstSight)}; steady ${describe(steady)}`)
    } finally {
      await server.stop()
    }
  }
  results.workers = rows
}

/** Starts per catalogue size: one start of a few seconds on a shared VM is too noisy to compare sizes by. */
const SCALED_STARTS = 3

/**
 * The service at `scale` (test/bench/serve-catalogue.ts), started as `npm start` starts it: its
 * node flags, and a bundle run with its code cache (test/bench/serve-scaled.mjs), so no start
 * compiles TypeScript and each size's start is what its catalogue costs.
 */
function startScaled(scale: number): Promise<Server> {
  const name = `scale-${scale}`
  const nodeFlags = startArguments().slice(0, -1)
  return spawnServer({
    name,
    args: [...nodeFlags, 'test/bench/serve-scaled.mjs'],
    tsx: false,
    env: { BENCH_SCALE: String(scale), WORKERS: '1', LOG_LEVEL: 'info' },
    nodeOptions: nodeOptions(name)
  })
}

interface ScaledStart {
  iconsets: number
  icons: number
  /** Spawn to the first 200 from `GET /`, measured here. */
  startMs: number
  /** The catalogue's own load time, from its `catalogue ready` log line (ms since its process started). */
  loadedMs: number
}

async function scaledStart(server: Server): Promise<ScaledStart> {
  const startMs = await waitForHttp(server)
  await waitForLog(server, /"msg":"catalogue ready"/)
  const line = readFileSync(server.logFile, 'utf8')
    .split('\n')
    .find((each) => each.includes('"msg":"catalogue ready"'))
  const ready = JSON.parse(line ?? '{}') as { iconsets?: number; icons?: number; loadMs?: number }
  if (ready.icons === undefined || ready.iconsets === undefined || ready.loadMs === undefined) {
    throw new Error(`${server.name}: its catalogue ready line has no icons, iconsets or loadMs: ${line}`)
  }
  return { iconsets: ready.iconsets, icons: ready.icons, startMs, loadedMs: ready.loadMs }
}

async function scalingSection(results: BenchResults): Promise<void> {
  console.log('Scaling with catalogue size')
  // Built now if stale, so that no start measured pays for it.
  execFileSync(process.execPath, ['test/bench/serve-scaled.mjs', '--build-only'], { cwd: ROOT, stdio: 'inherit' })
  const rows: ScalingResult[] = []
  for (const scale of SCALES) {
    // One start not measured: it writes what a size's first start on a machine builds (the copies'
    // icon set snapshots, the index snapshot of these sets, the bundle's code cache).
    const first = await startScaled(scale)
    try {
      await scaledStart(first)
    } finally {
      await first.stop()
    }
    // The start and load times are the medians of SCALED_STARTS starts; the last one is measured under load.
    const starts: ScaledStart[] = []
    for (let start = 1; start < SCALED_STARTS; start++) {
      const server = await startScaled(scale)
      try {
        starts.push(await scaledStart(server))
      } finally {
        await server.stop()
      }
    }
    const server = await startScaled(scale)
    try {
      const ready = await scaledStart(server)
      starts.push(ready)
      const startMs = median(starts.map((each) => each.startMs))
      const loadedMs = median(starts.map((each) => each.loadedMs))
      const pid = server.child.pid as number
      const firstSight = await searchFirstSight(server.url, pid)
      const steady = await measure(server.url, cycle(searchMixPaths()), settings, pid)
      const rssBytes = treeRss(pid)
      rows.push({ scale, iconsets: ready.iconsets, icons: ready.icons, startMs, loadedMs, starts: starts.length, rssBytes, firstSight, steady })
      console.log(
        `  ×${scale}: ${ready.icons} icons, ready in ${Math.round(startMs)} ms (loaded in ${Math.round(loadedMs)} ms), ` +
          `RSS ${Math.round(rssBytes / 1_048_576)} MB, first sight ${describe(firstSight)}; steady ${describe(steady)}`
      )
    } finally {
      await server.stop()
    }
  }
  results.scaling = rows
}

async function soakSection(results: BenchResults): Promise<void> {
  const seconds = secondsFromEnv('BENCH_SOAK', 30)
  console.log(`Soak: ${seconds} s of mixed abuse, then 15 s idle`)
  const server = await startCatalogue('soak', 1)
  try {
    await waitForHttp(server)
    results.soak = await runSoak(server.url, server.child.pid as number, seconds)
    const soak = results.soak
    console.log(
      `  peak RSS ${Math.round(soak.peakRssBytes / 1_048_576)} MB, idle ${Math.round(soak.idleRssBytes / 1_048_576)} MB; ` +
        `GET / p99 ${soak.rootP99.toFixed(1)} ms; ${soak.pngRendersPerSecond.toFixed(1)} renders/s; ${soak.errors} errors`
    )
  } finally {
    await server.stop()
  }
}

async function pluginSection(results: BenchResults): Promise<void> {
  console.log('Plugin: bundle sizes, and the playground in headless Chromium')
  const bundles = bundleSizes()
  // Any free port, spelled as npm start spells it: on another port than the default build's, the
  // playground holds the plugin to what a build for this address would allow (playground-routes.ts).
  const port = await freePort()
  const catalogueUrl = `http://localhost:${port}`
  const server = await spawnServer({
    name: 'playground',
    args: startArguments(),
    tsx: false,
    port,
    env: { BASE_URL: catalogueUrl },
    nodeOptions: nodeOptions('playground')
  })
  try {
    await waitForHttp(server)
    results.plugin = { bundles, playground: await measurePlayground(catalogueUrl) }
  } catch (error) {
    // The rest of the bench still runs; the table says why this part is missing.
    console.error(error)
    results.plugin = { bundles, playground: { error: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error) } }
  } finally {
    await server.stop()
  }
}

async function main(): Promise<void> {
  assertStylesKnown()
  const mix = searchMix()
  if (distinctQueries(mix) < 500) throw new Error(`The search mix has only ${distinctQueries(mix)} distinct queries`)
  const began = performance.now()
  const results: BenchResults = {
    date: new Date().toISOString(),
    command: 'npm run bench',
    machine: machine(),
    settings: { connections: CONNECTIONS, ...settings },
    git: gitDescription(),
    goals: []
  }

  // What npm install prepares for npm start, made now if stale (the snapshots, if an index or set
  // changed; the server bundle, if a source is newer), then one start not measured, which writes
  // the bundle's code cache: no start measured pays for any of them.
  execFileSync(process.execPath, ['--import', 'tsx', 'src/catalogue/prepare-snapshots.ts'], { cwd: ROOT, stdio: 'inherit' })
  execFileSync(process.execPath, ['src/start.mjs', '--build-only'], { cwd: ROOT, stdio: 'inherit' })
  await startCost()
  if (runs('compare')) await compareSection(results)
  if (runs('plugin')) await pluginSection(results)
  if (runs('catalogue')) await catalogueSection(results)
  if (runs('workers')) await workersSection(results)
  if (runs('scaling')) await scalingSection(results)
  if (runs('relevance')) await relevanceSection()
  if (runs('soak')) await soakSection(results)

  if (results.machine.loadAverage !== undefined) results.machine.loadAverage.end = loadavg()[0] ?? 0
  results.goals = evaluateGoals(results)
  mkdirSync(OUTPUT_DIR, { recursive: true })
  const json = JSON.stringify(results, null, 2)
  writeFileSync(join(OUTPUT_DIR, 'latest.json'), json)
  writeFileSync(join(OUTPUT_DIR, `bench-${results.date.replace(/[:.]/g, '-')}.json`), json)
  const markdown = renderMarkdown(results)
  console.log(`\n${markdown}\n`)
  console.log(`Results: ${join(OUTPUT_DIR, 'latest.json')} (${Math.round((performance.now() - began) / 1000)} s)`)
  if (fullRun) {
    writeFileSync(
      join(ROOT, 'test/bench/RESULTS.md'),
      `# Benchmark results\n\nThe latest full run of \`npm run bench\`; see test/bench/run.ts for what each figure measures.\n\n${markdown}\n`
    )
    console.log('Updated test/bench/RESULTS.md')
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
