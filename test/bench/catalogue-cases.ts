/**
 * The catalogue's own cases, as request paths against a running catalogue, each measured
 * beside the ceiling replaying the same responses: in alternating rounds where the case can be
 * repeated (rounds.ts), once where it cannot (cold renders, whose icons a second round would find
 * rendered).
 */
import type { IconSetDetail, IconSetList, SearchResult } from '../../src/api/catalogue-schemas'
import { iconUrl, iconsetsUrl, searchUrl } from '../../src/api/catalogue-urls'
import { recordAll, medianResponse, type Ceiling } from './ceiling'
import { cycle, measure, measureOnce, once, type LoadResult, type LoadSettings, type PathSource } from './load'
import { searchMix, seededRandom, shuffled, warmupQueries, type SearchQuery } from './queries'
import { alternate } from './rounds'

export const COMMON_QUERY = 'home'
/** Icons the warm cases cycle through: what a designer opens after searching the common query. */
const WARM_ICONS = 16
/** Cold renders recorded to give the ceiling a body of typical size. */
const COLD_SAMPLES = 25

export interface IconRef {
  iconset: string
  slug: string
}

export interface CaseResult {
  id: string
  label: string
  distinctPaths: number
  catalogue: LoadResult
  ceiling: LoadResult
  /** Catalogue req/s over ceiling req/s. */
  ratio: number
  /** Ceiling CPU per response over catalogue CPU per response: the ratio when the client sets the pace. */
  cpuRatio: number | null
  contentType: string
  contentEncoding: string | null
  /** Body bytes of the median recorded response. */
  bodyBytes: number
}

interface CaseDefinition {
  id: string
  label: string
  /** Paths recorded for the ceiling (and requested once, which warms the catalogue). */
  recorded: string[]
  /** What the catalogue is sent during the run. */
  source: () => PathSource
  /** What the ceiling is sent; by default the recorded paths in a cycle. */
  ceilingSource?: () => PathSource
  /** Whether a second run meets the catalogue as the first did, so the case may take rounds. */
  repeatable: boolean
}

const toPath = (query: SearchQuery) => searchUrl('', { q: query.q, style: query.style ?? undefined })

export function searchMixPaths(): string[] {
  return searchMix().map(toPath)
}

/**
 * The mix as a server meets it the first time: every distinct request once, in typing order,
 * after a pass of other queries has warmed the code (not the caches). The catalogue caches search
 * results and pages, so a cycling mix soon measures those caches; this measures search itself.
 */
export async function searchFirstSight(origin: string, pid?: number): Promise<LoadResult> {
  const mix = searchMix()
  await measureOnce(origin, [...new Set(warmupQueries(mix).map(toPath))])
  return measureOnce(origin, [...new Set(mix.map(toPath))], pid)
}

function cpuRatio(catalogue: LoadResult, ceiling: LoadResult): number | null {
  return catalogue.cpuMicrosPerResponse === null || ceiling.cpuMicrosPerResponse === null
    ? null
    : ceiling.cpuMicrosPerResponse / catalogue.cpuMicrosPerResponse
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`)
  return (await response.json()) as T
}

/** Every icon in the catalogue, through its public API. */
export async function listIcons(origin: string): Promise<IconRef[]> {
  const list = await getJson<IconSetList>(iconsetsUrl(origin))
  const icons: IconRef[] = []
  for (const summary of list.iconsets) {
    const detail = await getJson<IconSetDetail>(summary.url)
    for (const icon of detail.icons) icons.push({ iconset: icon.iconset, slug: icon.slug })
  }
  return icons
}

async function warmIcons(origin: string): Promise<IconRef[]> {
  const result = await getJson<SearchResult>(searchUrl(origin, { q: COMMON_QUERY, limit: WARM_ICONS }))
  if (result.icons.length === 0) throw new Error(`"${COMMON_QUERY}" finds nothing`)
  return result.icons.map((icon) => ({ iconset: icon.iconset, slug: icon.slug }))
}

function renderPaths(icons: readonly IconRef[], format: 'svg' | 'png', size: number): string[] {
  return icons.map((icon) => iconUrl('', icon.iconset, icon.slug, { format, size }))
}

async function definitions(origin: string): Promise<CaseDefinition[]> {
  const warm = await warmIcons(origin)
  const warmKeys = new Set(warm.map((icon) => `${icon.iconset}/${icon.slug}`))
  const cold = shuffled(
    (await listIcons(origin)).filter((icon) => !warmKeys.has(`${icon.iconset}/${icon.slug}`)),
    seededRandom(64)
  )
  const coldCase = (size: number, pool: IconRef[]): CaseDefinition => {
    const samples = renderPaths(pool.slice(-COLD_SAMPLES), 'png', size)
    const fresh = renderPaths(pool.slice(0, -COLD_SAMPLES), 'png', size)
    return {
      id: `png-${size}-cold`,
      label: `PNG ${size} cold (distinct icons)`,
      recorded: samples,
      source: () => once(fresh, `PNG ${size} cold`),
      ceilingSource: () => cycle(fresh),
      repeatable: false
    }
  }
  const mix = searchMixPaths()
  const warmCase = (id: string, label: string, paths: string[]): CaseDefinition => ({
    id,
    label,
    recorded: paths,
    source: () => cycle(paths),
    repeatable: true
  })
  return [
    warmCase('search-mix', `/search mix, steady state (${new Set(mix).size} distinct requests cycled)`, mix),
    // One query repeated is the comparison's case (beside Iconify), not repeated here.
    warmCase('icon-json', 'Icon JSON', warm.map((icon) => iconUrl('', icon.iconset, icon.slug))),
    warmCase('svg-48', 'SVG at 48', renderPaths(warm, 'svg', 48)),
    warmCase('png-64-warm', 'PNG 64 warm', renderPaths(warm, 'png', 64)),
    warmCase('png-512-warm', 'PNG 512 warm', renderPaths(warm, 'png', 512)),
    // Renders are cached per icon and size, so each size may use every icon.
    coldCase(64, cold),
    coldCase(512, shuffled(cold, seededRandom(512)))
  ]
}

export async function runCatalogueCases(
  origin: string,
  pid: number,
  ceiling: Ceiling,
  measured: { settings: LoadSettings; rounds: number; roundSettings: LoadSettings },
  only?: (id: string) => boolean
): Promise<{ cases: CaseResult[]; failures: string[] }> {
  const results: CaseResult[] = []
  const failures: string[] = []
  // Before anything else touches search, so that no query of the mix is cached yet.
  const firstSight = only === undefined || only('search-mix') ? await searchFirstSight(origin, pid) : undefined
  for (const definition of await definitions(origin)) {
    if (only !== undefined && !only(definition.id)) continue
    try {
      results.push(...(await runCase(definition)))
    } catch (error) {
      // One broken case must not cost the rest of the run; the table says what is missing.
      console.error(`\n  ${definition.label} failed: ${String(error)}`)
      failures.push(`${definition.label}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return { cases: results, failures }

  type Measured = { catalogue: LoadResult; ceiling: LoadResult; distinctPaths: number }

  async function inRounds(definition: CaseDefinition): Promise<Measured> {
    const [catalogue, bare] = (await alternate(
      [
        { url: origin, pid, source: definition.source },
        { url: ceiling.url, pid: ceiling.pid, source: definition.ceilingSource ?? definition.source }
      ],
      measured.rounds,
      measured.roundSettings
    )) as [LoadResult, LoadResult]
    return { catalogue, ceiling: bare, distinctPaths: new Set(definition.recorded).size }
  }

  async function onceEach(definition: CaseDefinition): Promise<Measured> {
    const source = definition.source()
    const catalogue = await measure(origin, source, measured.settings, pid)
    const bare = await measure(ceiling.url, (definition.ceilingSource ?? definition.source)(), measured.settings, ceiling.pid)
    // A cold case counts the icons it rendered (warm-up included), none of them twice.
    return { catalogue, ceiling: bare, distinctPaths: source.used?.() ?? new Set(definition.recorded).size }
  }

  async function runCase(definition: CaseDefinition): Promise<CaseResult[]> {
    const rows: CaseResult[] = []
    const recorded = await recordAll(origin, definition.recorded)
    const typical = medianResponse(recorded.values())
    await ceiling.load(recorded, typical)
    process.stdout.write(`  ${definition.label}…`)
    const { catalogue, ceiling: ceilingResult, distinctPaths } = definition.repeatable ? await inRounds(definition) : await onceEach(definition)
    process.stdout.write(` ${Math.round(catalogue.requestsPerSecond)} / ${Math.round(ceilingResult.requestsPerSecond)} req/s\n`)
    const header = (name: string) => {
      const value = typical.headers[name]
      return value === undefined ? null : String(value)
    }
    rows.push({
      id: definition.id,
      label: definition.label,
      distinctPaths,
      catalogue,
      ceiling: ceilingResult,
      ratio: catalogue.requestsPerSecond / ceilingResult.requestsPerSecond,
      cpuRatio: cpuRatio(catalogue, ceilingResult),
      contentType: header('content-type') ?? '',
      contentEncoding: header('content-encoding'),
      bodyBytes: typical.body.length
    })
    const last = rows[0] as CaseResult
    if (definition.id === 'search-mix' && firstSight !== undefined) {
      rows.push({
        ...last,
        id: 'search-mix-first-sight',
        label: '/search mix, first sight (each distinct request once, uncached)',
        catalogue: firstSight,
        ratio: firstSight.requestsPerSecond / last.ceiling.requestsPerSecond,
        cpuRatio: cpuRatio(firstSight, last.ceiling)
      })
    }
    return rows
  }
}
