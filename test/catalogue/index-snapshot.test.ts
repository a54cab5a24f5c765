/**
 * The search index is built once into a snapshot beside the sets' snapshots and read on later
 * starts: a catalogue whose index comes from the snapshot answers every kind of search exactly as
 * one whose index was just built; a new version of an icon package rebuilds the index with it; and
 * a missing or damaged index snapshot is rebuilt, with a line in the log that says why, never a crash.
 */
import { mkdtemp, readdir, rm, truncate, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SearchRequest } from '../../src/api/catalogue-schemas'
import { ICONSET_CONFIG, loadCatalogue, type Catalogue, type IconSetConfig } from '../../src/catalogue/catalogue'

const REAL_SETS = ['lucide', 'heroicons', 'tabler'].map((slug) => ICONSET_CONFIG.find((entry) => entry.slug === slug) as IconSetConfig)

/** One of each kind of search: prefixes as typed, words, phrases, typos, names, filters. */
const SEARCHES: SearchRequest[] = [
  ...['a', 'ar', 'arr', 'arro', 'arrow', 'arrow left', 'arrow-left', 'h', 'ho', 'hom', 'home', 'house'].map((q) => ({ q })),
  ...['calender', 'hause', 'serch', 'trash can', 'log out', 'magnifying glass', 'user circle plus', 'home page qqqxx'].map((q) => ({ q })),
  ...['lucide:house', 'HiOutlineHome', 'tabler chevron', 'solid star', 'bell off'].map((q) => ({ q })),
  { q: 'a', style: 'solid' },
  { q: 'arrow', style: 'outline' },
  { q: 'star', iconset: ['heroicons'] },
  { q: 'ch', iconset: ['lucide,tabler'], style: 'outline' },
  { q: '' },
  { q: '', style: 'solid' }
]

function answers(catalogue: Catalogue): unknown[] {
  return SEARCHES.map((request) => {
    const outcome = catalogue.search(request)
    const icons = outcome.icons().map((icon) => `${icon.iconset}:${icon.slug}`)
    return { request, icons, total: outcome.total, interpreted: outcome.interpreted, suggestion: outcome.suggestion }
  })
}

let cache: string
let logged: string[] = []
const load = (config: IconSetConfig[]): Promise<Catalogue> => loadCatalogue(config, { cacheDir: cache, log: (line) => logged.push(line) })

async function indexFiles(): Promise<string[]> {
  return (await readdir(cache)).filter((name) => name.endsWith('.index')).sort()
}

beforeAll(async () => {
  cache = await mkdtemp(join(tmpdir(), 'index-cache-'))
})

afterAll(async () => {
  await rm(cache, { recursive: true, force: true })
})

describe('the index of real sets', () => {
  let built: unknown[]

  beforeAll(async () => {
    built = answers(await load(REAL_SETS))
  })

  it('is built once into a snapshot, and a catalogue read from it answers exactly as the built one', async () => {
    expect(logged.filter((line) => line.startsWith('building the search index'))).toHaveLength(1)
    expect(await indexFiles()).toHaveLength(1)

    logged = []
    const read = await load(REAL_SETS)
    expect(logged).toEqual([])
    expect(answers(read)).toEqual(built)
  })

  it('is rebuilt, said in the log, when its snapshot is damaged', async () => {
    const [file] = await indexFiles()
    await truncate(join(cache, file as string), 100)

    logged = []
    const rebuilt = await load(REAL_SETS)
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatch(/^building the search index .*\.index is unreadable/)
    expect(answers(rebuilt)).toEqual(built)
  })

  it('is rebuilt, said in the log, when its snapshot is missing', async () => {
    for (const file of await indexFiles()) await unlink(join(cache, file))

    logged = []
    const rebuilt = await load(REAL_SETS)
    expect(logged).toEqual([expect.stringMatching(/^building the search index .*there is none yet/)])
    expect(answers(rebuilt)).toEqual(built)
    expect(await indexFiles()).toHaveLength(1)
  })
})

describe('the index of a set whose package changes', () => {
  let dir: string
  const config = (): IconSetConfig[] => [REAL_SETS[1] as IconSetConfig, { slug: 'local', package: dir }]

  const writePackage = async (version: string, icons: Record<string, { body: string }>): Promise<void> => {
    await writeFile(join(dir, 'icons.json'), JSON.stringify({ prefix: 'local', width: 24, height: 24, icons }))
    await writeFile(join(dir, 'info.json'), JSON.stringify({ name: 'Local', author: { name: 'Tester' }, license: { title: 'MIT' } }))
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'local-icons', version }))
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'local-icons-'))
  })

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('is rebuilt with the new version, which replaces the old snapshot', async () => {
    await writePackage('1.0.0', { dot: { body: '<circle cx="12" cy="12" r="2"/>' } })
    const before = await load(config())
    expect(before.search({ q: 'zigzag' }).icons()).toEqual([])
    const files = await indexFiles()

    await writePackage('1.1.0', { dot: { body: '<circle cx="12" cy="12" r="2"/>' }, zigzag: { body: '<path d="M3 12l4-4 4 8 4-8 4 4"/>' } })
    logged = []
    const after = await load(config())
    expect(logged).toEqual([
      expect.stringMatching(/^ingesting the local icon set into a snapshot/),
      expect.stringMatching(/^building the search index/)
    ])
    expect(after.search({ q: 'zigzag' }).icons().map((icon) => icon.slug)).toEqual(['zigzag'])
    const now = await indexFiles()
    expect(now).toHaveLength(files.length)
    expect(now).not.toEqual(files)
  })
})
