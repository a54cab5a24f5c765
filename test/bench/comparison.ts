/**
 * This service beside the Iconify API 3.x and the ceiling, in one run with the same client and
 * settings: start to ready and RSS at ready on a fresh server; the first-sight mix (thousands of
 * distinct queries, each asked once of a server that has not seen it); repeated queries; SVG 48
 * and PNG 48 (Iconify renders no PNG). Repeated cases alternate the servers round by round and
 * keep each one's median round, so a busy moment of the machine does not land on one side only.
 */
import { searchUrl, iconUrl } from '../../src/api/catalogue-urls'
import type { SearchResult } from '../../src/api/catalogue-schemas'
import { medianResponse, recordAll, startCeiling, type Ceiling } from './ceiling'
import { spawnIconifyApi } from './iconify-api'
import { cycle, measureOnce, type LoadResult, type LoadSettings } from './load'
import { treeRss, type Server } from './processes'
import { firstSightQueries, moreFirstSightQueries, warmupQueries, searchMix } from './queries'
import { alternate, type Contender } from './rounds'

export interface ServerReadiness {
  /** Spawn to the first search answered with results, in ms. */
  readyMs: number
  rssAtReadyBytes: number
}

export interface ComparisonCase {
  id: string
  label: string
  catalogue: LoadResult
  iconify: LoadResult | null
  ceiling: LoadResult | null
}

export interface ComparisonResult {
  iconifyVersion: string
  iconsets: number
  distinctFirstSightQueries: number
  rounds: number
  settings: LoadSettings
  catalogue: ServerReadiness
  iconify: ServerReadiness
  cases: ComparisonCase[]
}

/** One server's spelling of the same requests. */
export interface Api {
  search(q: string): string
  svg(iconset: string, slug: string, size: number): string
  png?(iconset: string, slug: string, size: number): string
  /** A search answer that lists icons. */
  hasResults(body: unknown): boolean
}

const LIMIT = 96
/** Every so many first-sight queries, one answer is recorded for the ceiling to replay. */
const FIRST_SIGHT_SAMPLE = 10

export const CATALOGUE_API: Api = {
  // As the plugin asks: one icon per family (families_only), so a page is the tiles it shows.
  search: (q) => searchUrl('', { q, limit: LIMIT, families_only: true }),
  svg: (iconset, slug, size) => iconUrl('', iconset, slug, { format: 'svg', size }),
  png: (iconset, slug, size) => iconUrl('', iconset, slug, { format: 'png', size }),
  hasResults: (body) => ((body as SearchResult).icons?.length ?? 0) > 0
}

const ICONIFY_API: Api = {
  search: (q) => `/search?query=${encodeURIComponent(q)}&limit=${LIMIT}`,
  // Iconify sizes by height; every icon the cases use is square, so that is the longest side.
  svg: (iconset, slug, size) => `/${iconset}/${slug}.svg?height=${size}`,
  hasResults: (body) => ((body as { icons?: string[] }).icons?.length ?? 0) > 0
}

export async function waitForSearch(server: Server, api: Api, timeoutMs = 180_000): Promise<ServerReadiness> {
  const deadline = performance.now() + timeoutMs
  while (performance.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`${server.name} exited before it was ready (see ${server.logFile})`)
    try {
      const response = await fetch(`${server.url}${api.search('home')}`, { signal: AbortSignal.timeout(2_000) })
      if (response.ok && api.hasResults(await response.json())) {
        return { readyMs: performance.now() - server.spawnedAt, rssAtReadyBytes: treeRss(server.child.pid as number) }
      }
    } catch {
      // Not listening, or not loaded yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`${server.name} answered no search within ${timeoutMs} ms (see ${server.logFile})`)
}

/**
 * Code warmed by other queries, then every distinct query once, in order; then as many other
 * distinct queries once more, which the server, running for a while now, has still never seen.
 */
async function firstSight(
  server: Server,
  api: Api,
  passes: { queries: readonly string[]; more: readonly string[]; warmup: readonly string[] }
): Promise<{ fresh: LoadResult; running: LoadResult }> {
  await measureOnce(server.url, passes.warmup.map(api.search))
  const pid = server.child.pid as number
  const fresh = await measureOnce(server.url, passes.queries.map(api.search), pid)
  return { fresh, running: await measureOnce(server.url, passes.more.map(api.search), pid) }
}

export async function compareWithIconify(
  startCatalogue: () => Promise<Server>,
  options: { iconsets: number; iconifyVersion: string; rounds: number; settings: LoadSettings }
): Promise<ComparisonResult> {
  const queries = firstSightQueries()
  const more = moreFirstSightQueries(queries)
  const warmup = warmupQueries(searchMix()).map((query) => query.q).filter((q) => !queries.includes(q) && !more.includes(q))
  const say = (text: string) => process.stdout.write(text)

  // Each server fresh, alone on the machine for its start and its first-sight pass.
  say('  this service: start…')
  const catalogue = await startCatalogue()
  const servers: Array<Server | Ceiling> = [catalogue]
  try {
    const catalogueReady = await waitForSearch(catalogue, CATALOGUE_API)
    say(` ready in ${Math.round(catalogueReady.readyMs)} ms; first sight of ${queries.length} queries…`)
    const catalogueFirst = await firstSight(catalogue, CATALOGUE_API, { queries, more, warmup })
    say(` ${Math.round(catalogueFirst.fresh.requestsPerSecond)}, then ${Math.round(catalogueFirst.running.requestsPerSecond)} req/s\n  Iconify API: start…`)
    const iconify = await spawnIconifyApi()
    servers.push(iconify)
    const iconifyReady = await waitForSearch(iconify, ICONIFY_API)
    say(` ready in ${Math.round(iconifyReady.readyMs)} ms; first sight…`)
    const iconifyFirst = await firstSight(iconify, ICONIFY_API, { queries, more, warmup })
    say(` ${Math.round(iconifyFirst.fresh.requestsPerSecond)}, then ${Math.round(iconifyFirst.running.requestsPerSecond)} req/s\n`)
    const ceiling = await startCeiling()
    servers.push(ceiling)

    // The ceiling for first sight: every query once, each answered with this service's answer to
    // it (a sample recorded, the median one for the rest), as a bare server would send it. Its
    // passes follow the servers': warmed by the same other queries, then the fresh pass, then the
    // running one. A bare server is not at its best on its first thousands of requests either, so
    // each row is read against the ceiling in the same state.
    say('  ceiling: first sight…')
    const replay = async (paths: string[]) => {
      const sampled = await recordAll(catalogue.url, paths.filter((_, index) => index % FIRST_SIGHT_SAMPLE === 0))
      await ceiling.load(sampled, medianResponse(sampled.values()))
      return paths
    }
    const firstSightPaths = await replay(queries.map(CATALOGUE_API.search))
    await measureOnce(ceiling.url, warmup.map(CATALOGUE_API.search))
    const ceilingFirst = await measureOnce(ceiling.url, firstSightPaths, ceiling.pid)
    const ceilingRunning = await measureOnce(ceiling.url, await replay(more.map(CATALOGUE_API.search)), ceiling.pid)
    say(` ${Math.round(ceilingFirst.requestsPerSecond)}, then ${Math.round(ceilingRunning.requestsPerSecond)} req/s\n`)

    const found = (await (await fetch(`${catalogue.url}${searchUrl('', { q: 'home', limit: 16 })}`)).json()) as SearchResult
    // Square icons only, so both APIs draw the same box at the same size.
    const icons = found.icons.filter((icon) => icon.width === icon.height).slice(0, 16)
    const cases: ComparisonCase[] = [
      {
        id: 'first-sight',
        label: `First sight: ${queries.length} distinct queries, each once, fresh server`,
        catalogue: catalogueFirst.fresh,
        iconify: iconifyFirst.fresh,
        ceiling: ceilingFirst
      },
      {
        id: 'first-sight-running',
        label: `First sight on a running server: ${more.length} other distinct queries, each once, right after those`,
        catalogue: catalogueFirst.running,
        iconify: iconifyFirst.running,
        ceiling: ceilingRunning
      }
    ]
    const repeated: Array<{ id: string; label: string; paths: (api: Api) => string[] | null }> = [
      { id: 'repeated-home', label: 'Repeated `home`, limit 96', paths: (api) => [api.search('home')] },
      { id: 'repeated-arrow', label: 'Repeated `arrow`, limit 96', paths: (api) => [api.search('arrow')] },
      { id: 'svg-48', label: `SVG 48 px, ${icons.length} icons repeated`, paths: (api) => icons.map((icon) => api.svg(icon.iconset, icon.slug, 48)) },
      {
        id: 'png-48',
        label: `PNG 48 px, ${icons.length} icons repeated`,
        paths: (api) => (api.png === undefined ? null : icons.map((icon) => api.png?.(icon.iconset, icon.slug, 48) ?? ''))
      }
    ]
    for (const item of repeated) {
      say(`  ${item.label}…`)
      const ours = item.paths(CATALOGUE_API) ?? []
      const recorded = await recordAll(catalogue.url, ours)
      await ceiling.load(recorded, medianResponse(recorded.values()))
      const theirs = item.paths(ICONIFY_API)
      const contenders: Contender[] = [
        { url: catalogue.url, pid: catalogue.child.pid as number, source: () => cycle(ours) },
        ...(theirs === null ? [] : [{ url: iconify.url, pid: iconify.child.pid as number, source: () => cycle(theirs) }]),
        { url: ceiling.url, pid: ceiling.pid, source: () => cycle(ours) }
      ]
      const [mine, other, bare] = await alternate(contenders, options.rounds, options.settings)
      const result: ComparisonCase = {
        id: item.id,
        label: item.label,
        catalogue: mine as LoadResult,
        iconify: theirs === null ? null : (other as LoadResult),
        ceiling: (theirs === null ? other : bare) as LoadResult
      }
      cases.push(result)
      say(` ${Math.round(result.catalogue.requestsPerSecond)} / ${result.iconify === null ? '—' : Math.round(result.iconify.requestsPerSecond)} / ${Math.round(result.ceiling?.requestsPerSecond ?? 0)} req/s\n`)
    }
    return {
      iconifyVersion: options.iconifyVersion,
      iconsets: options.iconsets,
      distinctFirstSightQueries: queries.length,
      rounds: options.rounds,
      settings: options.settings,
      catalogue: catalogueReady,
      iconify: iconifyReady,
      cases
    }
  } finally {
    for (const server of servers.reverse()) await server.stop()
  }
}
