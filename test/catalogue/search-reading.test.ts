/**
 * /search over real HTTP with the real icon data, as designers and developers write queries: set
 * scope by parameter or by name, style words, one tile per family, identifiers pasted from code,
 * typos with a suggestion, and a page of thumbnails in one request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IconSummary, Problem, SearchRequest, SearchResult, StyleList } from '../../src/api/catalogue-schemas'
import { searchUrl } from '../../src/api/catalogue-urls'
import { MAX_ICONSET_FILTER } from '../../src/api/limits'
import { startCatalogue, type RunningCatalogue } from '../support/catalogue'

let service: RunningCatalogue

// About the real data as a whole: set names, aliases and identifiers name the twenty sets.
beforeAll(async () => {
  service = await startCatalogue({ data: 'full' })
})

afterAll(async () => {
  await service?.close()
})

async function search(request: SearchRequest): Promise<SearchResult> {
  const response = await fetch(searchUrl(service.url, request))
  expect(response.status).toBe(200)
  return (await response.json()) as SearchResult
}

const key = (icon: IconSummary): string => `${icon.iconset}:${icon.slug}`
const familyOf = (icon: IconSummary): string => `${icon.iconset}:${icon.family}`
const words = (icon: IconSummary): string[] => icon.family.split('-')

describe('set scope', () => {
  it('iconset limits results to the set, and total and paging follow the filter', async () => {
    const page = await search({ q: 'home', iconset: ['fluent'], limit: 10 })
    expect(page.icons.length).toBe(10)
    expect(page.icons.every((icon) => icon.iconset === 'fluent')).toBe(true)
    expect(page.iconsets).toEqual(['fluent'])
    const everything = await search({ q: 'home' })
    expect(page.total).toBeLessThan(everything.total)
    const next = await (await fetch(page.next as string)).json() as SearchResult
    expect(next.icons.every((icon) => icon.iconset === 'fluent')).toBe(true)
    expect(next.offset).toBe(10)
  })

  it('takes several sets, repeated or separated by commas', async () => {
    const repeated = await (await fetch(`${service.url}/search?q=user&iconset=lucide&iconset=tabler`)).json() as SearchResult
    const commas = await (await fetch(`${service.url}/search?q=user&iconset=lucide,tabler`)).json() as SearchResult
    expect(new Set(repeated.icons.map((icon) => icon.iconset))).toEqual(new Set(['lucide', 'tabler']))
    expect(commas.icons.map(key)).toEqual(repeated.icons.map(key))
  })

  it('refuses an unknown set with a 400 that lists the known ones', async () => {
    const response = await fetch(`${service.url}/search?q=home&iconset=fluent,nope`)
    expect(response.status).toBe(400)
    const problem = (await response.json()) as Problem
    expect(problem.code).toBe('unknown_iconset')
    expect(problem.detail).toContain('"nope"')
    for (const slug of ['lucide', 'fluent', 'material-symbols', 'simple-icons']) expect(problem.detail).toContain(slug)
  })

  it('keeps the sets and style asked for as filters: words of the query naming others never widen or replace them, and are reported as not applied', async () => {
    const cases: Array<[SearchRequest, Partial<SearchResult['interpreted']>, (icon: IconSummary) => boolean]> = [
      [{ q: 'heart solid', style: 'outline' }, { terms: ['heart'], style: 'outline', unapplied: ['solid'] }, (icon) => icon.style === 'outline'],
      [{ q: 'lucide heart', iconset: ['tabler'] }, { terms: ['heart'], iconsets: ['tabler'], unapplied: ['lucide'] }, (icon) => icon.iconset === 'tabler'],
      [{ q: 'FaGithub', iconset: ['tabler'] }, { terms: ['github'], iconsets: ['tabler'], unapplied: ['FaGithub'] }, (icon) => icon.iconset === 'tabler'],
      [{ q: 'HiOutlineHome', style: 'solid' }, { terms: ['home'], iconsets: ['heroicons'], style: 'solid', unapplied: ['outline'] }, (icon) => icon.style === 'solid'],
      // The variant goes with the style it gives: Heroicons' 24 px outline star, "mini" not applied.
      [{ q: 'heroicons mini star', style: 'outline' }, { terms: ['star'], variant: null, iconsets: ['heroicons'], style: 'outline', unapplied: ['mini'] }, (icon) => icon.slug !== 'star-20-solid'],
      // ...and with its set, in Fluent: Fluent's stars of every size, "mini" not applied either.
      [{ q: 'heroicons mini star', iconset: ['fluent'] }, { terms: ['star'], variant: null, iconsets: ['fluent'], style: null, unapplied: ['heroicons', 'mini'] }, (icon) => icon.iconset === 'fluent'],
      // A style word the variant overrode is not reported when it is the style applied after all.
      [{ q: 'heroicons mini outline star', style: 'outline' }, { terms: ['star'], style: 'outline', unapplied: ['mini'] }, (icon) => icon.style === 'outline'],
      [{ q: 'mdi:home', iconset: ['lucide'] }, { terms: ['home'], iconsets: ['lucide'], unapplied: ['mdi:home'] }, (icon) => icon.iconset === 'lucide'],
      // A corner style refused takes back the slug word of its fill word (Material Symbols' home-outline-rounded), which is the style asked for.
      [{ q: 'home rounded outline', style: 'outline' }, { terms: ['home'], style: 'outline', unapplied: ['rounded'] }, (icon) => icon.style === 'outline'],
      [{ q: 'home rounded outline', style: 'solid' }, { terms: ['home'], style: 'solid', unapplied: ['rounded', 'outline'] }, (icon) => icon.style === 'solid'],
      // Within the other corner style, the fill word still says which of its drawings: home-outline-sharp.
      [{ q: 'home rounded outline', style: 'sharp' }, { terms: ['home', 'outline'], style: 'sharp', unapplied: ['rounded'] }, (icon) => icon.style === 'sharp'],
      // A set named beside one inside the filter is reported too, though the other is kept.
      [{ q: 'lucide tabler heart', iconset: ['tabler'] }, { terms: ['heart'], iconsets: ['tabler'], unapplied: ['lucide'] }, (icon) => icon.iconset === 'tabler'],
      [{ q: 'FaGithub tabler', iconset: ['tabler'] }, { terms: ['github'], iconsets: ['tabler'], unapplied: ['FaGithub'] }, (icon) => icon.iconset === 'tabler'],
      // A query of such words alone lists what the filters hold, as a blank one does.
      [{ q: 'tabler', iconset: ['lucide'] }, { terms: [], iconsets: ['lucide'], unapplied: ['tabler'] }, (icon) => icon.iconset === 'lucide']
    ]
    for (const [request, interpreted, kept] of cases) {
      const result = await search(request)
      expect(result.interpreted, request.q).toMatchObject(interpreted)
      expect(result.icons.length, request.q).toBeGreaterThan(0)
      expect(result.icons.every(kept), request.q).toBe(true)
    }
    expect((await search({ q: 'heroicons mini star', style: 'outline' })).icons[0]?.slug).toBe('star')
    // Sets the query names within the ones asked for still narrow them.
    const narrowed = await search({ q: 'lucide home', iconset: ['lucide', 'tabler'] })
    expect(narrowed.interpreted).toMatchObject({ iconsets: ['lucide'], unapplied: [] })
  })

  it('refuses more sets than the filter takes with a 400 that says how many it takes', async () => {
    const response = await fetch(`${service.url}/search?q=home&${Array.from({ length: MAX_ICONSET_FILTER + 1 }, () => 'iconset=lucide').join('&')}`)
    expect(response.status).toBe(400)
    const problem = (await response.json()) as Problem
    expect(problem.code).toBe('invalid_iconset')
    expect(problem.detail).toContain(`one to ${MAX_ICONSET_FILTER} set slugs`)
    // Separated by commas, they count alike, repeats too.
    const inOne = await fetch(`${service.url}/search?q=home&iconset=${Array.from({ length: MAX_ICONSET_FILTER + 1 }, () => 'lucide').join(',')}`)
    expect(inOne.status).toBe(400)
    expect(((await inOne.json()) as Problem).code).toBe('invalid_iconset')
    expect((await fetch(`${service.url}/search?q=home&iconset=${Array.from({ length: MAX_ICONSET_FILTER }, () => 'lucide').join(',')}`)).status).toBe(200)
    // One value longer than a value may be says so, whatever its number of slugs.
    const long = await fetch(`${service.url}/search?q=home&iconset=${'lucide,'.repeat(58)}`)
    expect(long.status).toBe(400)
    expect(((await long.json()) as Problem).detail).toMatch(/^Each iconset value holds at most 400 characters;/)
  })

  it('reads set names and aliases in the query as the set filter', async () => {
    const named = await search({ q: 'fluent home' })
    const filtered = await search({ q: 'home', iconset: ['fluent'] })
    expect(named.icons.map(key)).toEqual(filtered.icons.map(key))
    expect(named.interpreted).toEqual({ terms: ['home'], variant: null, iconsets: ['fluent'], style: null, unapplied: [] })
    const aliases: Record<string, string[]> = {
      'heroicons user': ['heroicons'],
      'material symbols search': ['material-symbols'],
      'phosphor heart': ['ph'],
      'font awesome star': ['fa6-solid', 'fa6-regular', 'fa6-brands'],
      'bootstrap gear': ['bi'],
      'remix settings': ['ri'],
      'octicons repo': ['octicon'],
      'material design account': ['mdi'],
      'fluentui home': ['fluent'],
      'microsoft fluent home': ['fluent']
    }
    for (const [q, sets] of Object.entries(aliases)) {
      const result = await search({ q })
      expect(result.interpreted.iconsets, q).toEqual(sets)
      expect(result.icons.length, q).toBeGreaterThan(0)
      expect(result.icons.every((icon) => sets.includes(icon.iconset)), q).toBe(true)
    }
  })

  it('reads a package name pasted with a set\'s name as the set, its framework and version aside: "lucide react house", "@tabler/icons-react user"', async () => {
    for (const [q, sets, terms] of [
      ['lucide react house', ['lucide'], ['house']],
      ['@tabler/icons-react user', ['tabler'], ['user']],
      ['lucide-vue-next home', ['lucide'], ['home']],
      ['lucide-react-native camera', ['lucide'], ['camera']],
      ['@heroicons/react home', ['heroicons'], ['home']],
      ['lucide-react ChevronDown', ['lucide'], ['chevron', 'down']],
      ['font awesome 6 home', ['fa6-solid', 'fa6-regular', 'fa6-brands'], ['home']],
      // react-icons holds many sets: its name says none, and the set after it is the one meant.
      ['react-icons home', [], ['home']],
      ['react-icons/fa home', ['fa6-solid', 'fa6-regular', 'fa6-brands'], ['home']]
    ] as const) {
      const result = await search({ q })
      expect([result.interpreted.iconsets, result.interpreted.terms, result.interpreted.unapplied], q).toEqual([sets, terms, []])
      expect(result.total, q).toBeGreaterThan(0)
      expect(result.icons.every((icon) => sets.length === 0 || (sets as readonly string[]).includes(icon.iconset)), q).toBe(true)
    }
    expect((await search({ q: 'react-icons home', limit: 8 })).icons.every((icon) => ['home', 'house'].some((word) => words(icon).includes(word)))).toBe(true)
    // Alone beside a set's name, a framework or a number is what is wanted: Tabler's React logo, its number 1.
    const react = await search({ q: 'tabler react' })
    expect([react.interpreted.terms, key(react.icons[0] as IconSummary)]).toEqual([['react'], 'tabler:brand-react'])
    expect((await search({ q: 'tabler 1' })).interpreted.terms).toEqual(['1'])
  })

  it('lists a set for a query that is only its name', async () => {
    const result = await search({ q: 'heroicons' })
    expect(result.interpreted).toEqual({ terms: [], variant: null, iconsets: ['heroicons'], style: null, unapplied: [] })
    expect(result.total).toBeGreaterThan(100)
    expect(result.icons.every((icon) => icon.iconset === 'heroicons')).toBe(true)
  })

  it('keeps a set name that is part of an icon name a word: "solar panel", and "solar panel icon"', async () => {
    for (const q of ['solar panel', 'solar panel icon', 'solar panel svg icons']) {
      const result = await search({ q })
      expect(result.interpreted, q).toEqual({ terms: ['solar', 'panel'], variant: null, iconsets: [], style: null, unapplied: [] })
      expect(result.icons.slice(0, 8).some((icon) => icon.family === 'solar-panel'), q).toBe(true)
    }
    // Filler words alone beside it leave the name the set's.
    expect((await search({ q: 'solar icons' })).interpreted).toEqual({ terms: [], variant: null, iconsets: ['solar'], style: null, unapplied: [] })
  })

  it('leaves out the name of a library it does not serve where the words find nothing together ("feather home", "SF Symbols home", "ion home"), as typed in unapplied', async () => {
    const homes = (await search({ q: 'home' })).icons.map(key)
    for (const [q, library] of [
      ['feather home', 'feather'],
      ['Iconify home', 'Iconify'],
      ['SF Symbols home', 'SF Symbols'],
      // Iconify prefixes typed with a space, and names of libraries that find an icon or two alone.
      ['ion home', 'ion'],
      ['bx home', 'bx'],
      ['Ionicons home', 'Ionicons'],
      ['radix home', 'radix']
    ] as const) {
      const result = await search({ q })
      expect(result.interpreted, q).toEqual({ terms: ['home'], variant: null, iconsets: [], style: null, unapplied: [library] })
      expect(result.icons.map(key), q).toEqual(homes)
    }
    // Alone, or with words that find it, the word is the drawing it names.
    expect((await search({ q: 'feather' })).icons.map(key)).toContain('lucide:feather')
    expect((await search({ q: 'feather pen' })).interpreted).toMatchObject({ terms: ['feather', 'pen'], unapplied: [] })
  })

  it('reads an Iconify id of a set it does not serve as its name, the prefix left out where it finds nothing with it ("ion:home", "bx:home")', async () => {
    const homes = (await search({ q: 'home' })).icons.map(key)
    for (const [q, prefix] of [
      ['ion:home', 'ion'],
      ['bx:home', 'bx'],
      ['akar-icons:home', 'akar-icons'],
      // A prefix that is near a word is not corrected into one: no 'note home'.
      ['nope:home', 'nope']
    ] as const) {
      const result = await search({ q })
      expect([result.interpreted, result.suggestion], q).toEqual([{ terms: ['home'], variant: null, iconsets: [], style: null, unapplied: [prefix] }, null])
      expect(result.icons.map(key), q).toEqual(homes)
    }
    // The name's style words still apply.
    expect((await search({ q: 'eva:home-outline' })).interpreted).toEqual({ terms: ['home'], variant: null, iconsets: [], style: 'outline', unapplied: ['eva'] })
    // Words that find icons together stay words, colon or not.
    expect((await search({ q: 'arrow:left' })).icons.map(key).slice(0, 3)).toEqual((await search({ q: 'arrow left' })).icons.map(key).slice(0, 3))
  })

  it('reads a set’s name with its last word singular or plural, as designers type it: "heroicon", "octicons", "material symbol"', async () => {
    for (const [q, set, terms] of [
      ['heroicon home', 'heroicons', ['home']],
      ['octicons star', 'octicon', ['star']],
      ['material symbol home', 'material-symbols', ['home']],
      ['simple icon github', 'simple-icons', ['github']]
    ] as const) {
      const result = await search({ q })
      expect(result.interpreted, q).toMatchObject({ terms, iconsets: [set], unapplied: [] })
      expect(result.icons.every((icon) => icon.iconset === set), q).toBe(true)
    }
    // Words of icon names stay words: 'solar panel' is the panel, not the Solar set.
    expect((await search({ q: 'solar panel' })).interpreted).toMatchObject({ terms: ['solar', 'panel'], iconsets: [] })
  })

  it('reads a set’s name typed with a slip as the set, saying so: "lucid heart", "heroicns user", "phospor home"', async () => {
    for (const [q, set, terms] of [
      ['lucid heart', 'lucide', ['heart']],
      ['heroicns user', 'heroicons', ['user']],
      ['phospor home', 'ph', ['home']],
      ['Fluetn settings', 'fluent', ['settings']],
      ['tablerr user', 'tabler', ['user']],
      ['fluemt star', 'fluent', ['star']],
      // Words split where the index splits them.
      ['lucid-heart', 'lucide', ['heart']],
      ['tablerr_user', 'tabler', ['user']]
    ] as const) {
      const result = await search({ q })
      expect([result.interpreted.iconsets, result.interpreted.terms, result.suggestion], q).toEqual([[set], terms, terms.join(' ')])
      expect(result.total, q).toBeGreaterThan(0)
      expect(result.icons.every((icon) => icon.iconset === set), q).toBe(true)
    }
    // Only the name: the set's listing, whose chip says how it was read.
    const listing = await search({ q: 'phospor' })
    expect([listing.interpreted.iconsets, listing.interpreted.terms, listing.suggestion]).toEqual([['ph'], [], null])
    expect(listing.total).toBe((await search({ q: 'phosphor' })).total)
  })

  it('reads a word that is another with a key struck twice as that word, not a set\'s name one slip away: "tablee" is table, not Tabler', async () => {
    for (const [q, terms, suggestion] of [
      ['tablee', ['tablee'], 'table'],
      ['tablee chair', ['tablee', 'chair'], 'table chair']
    ] as const) {
      const result = await search({ q })
      expect([result.interpreted.iconsets, result.interpreted.terms, result.suggestion], q).toEqual([[], terms, suggestion])
      expect(result.icons.slice(0, 8).every((icon) => words(icon).includes('table')), q).toBe(true)
    }
    // The set's own name with a key struck twice is still the set.
    expect((await search({ q: 'tablerr user' })).interpreted.iconsets).toEqual(['tabler'])
  })

  it('keeps a word one slip from a set’s name as typed where it finds icons as it is: "tables", "carton box"', async () => {
    const tables = await search({ q: 'tables' })
    expect([tables.interpreted.iconsets, tables.interpreted.terms, tables.suggestion]).toEqual([[], ['tables'], null])
    expect(tables.icons.slice(0, 8).every((icon) => icon.family.includes('table'))).toBe(true)
    const carton = await search({ q: 'carton box' })
    expect([carton.interpreted.iconsets, carton.interpreted.terms]).toEqual([[], ['carton', 'box']])
    // A word found as typed stays so beside another word's correction ('chiar' is a chair, 'table' stays a table).
    const chair = await search({ q: 'table chiar' })
    expect([chair.interpreted.iconsets, chair.interpreted.terms]).toEqual([[], ['table', 'chiar']])
    // Two slips are no slip, and component names name their own sets (LuHeart is Lucide's).
    expect((await search({ q: 'luxidr heart' })).interpreted.iconsets).toEqual([])
    expect((await search({ q: 'LuHeart' })).interpreted.iconsets).toEqual(['lucide'])
    // Words of four letters are not read as set names: one slip makes too many of them.
    expect((await search({ q: 'remx heart' })).interpreted.iconsets).toEqual([])
  })

  it('keeps a filler word in a set’s own name part of the name: "simple icons x", "remix icon add"', async () => {
    for (const [q, set, first] of [
      ['simple icons x', 'simple-icons', 'x'],
      ['home simple icons', 'simple-icons', 'homepage'],
      ['remix icon add', 'ri', 'add-line']
    ] as const) {
      const result = await search({ q })
      expect(result.interpreted.iconsets, q).toEqual([set])
      expect(result.icons[0], q).toMatchObject({ iconset: set, slug: first })
    }
  })

  it('reads set names as designers type them: the longest whole name, and the word that picks one Font Awesome set', async () => {
    for (const q of ['fontawesome brands', 'fa brands', 'fa6 brands', 'font awesome brands']) {
      const result = await search({ q })
      expect(result.interpreted, q).toEqual({ terms: [], variant: null, iconsets: ['fa6-brands'], style: null, unapplied: [] })
      expect(result.total, q).toBeGreaterThan(400)
    }
    const github = await search({ q: 'fa brand github' })
    expect(github.interpreted.iconsets).toEqual(['fa6-brands'])
    expect(key(github.icons[0] as IconSummary)).toBe('fa6-brands:github')
    expect((await search({ q: 'fontawesome solid house' })).interpreted).toEqual({ terms: ['house'], variant: null, iconsets: ['fa6-solid'], style: null, unapplied: [] })
    const google = await search({ q: 'google material symbols' })
    expect(google.interpreted).toEqual({ terms: [], variant: null, iconsets: ['material-symbols'], style: null, unapplied: [] })
    expect(google.total).toBeGreaterThan(3000)
    expect((await search({ q: 'google material symbols home' })).interpreted).toEqual({ terms: ['home'], variant: null, iconsets: ['material-symbols'], style: null, unapplied: [] })
  })

  it('reads a set\'s own variant words after its name as its component names do: "heroicons mini star" is HiMiniStar', async () => {
    for (const [q, slug] of [
      ['heroicons mini star', 'star-20-solid'],
      ['heroicons star mini', 'star-20-solid'],
      ['heroicons micro star', 'star-16-solid']
    ]) {
      const result = await search({ q })
      expect(result.interpreted, q).toMatchObject({ iconsets: ['heroicons'], style: 'solid', unapplied: [] })
      expect(result.icons[0], q).toMatchObject({ iconset: 'heroicons', slug })
    }
    expect((await search({ q: 'HiMiniStar' })).icons[0]?.slug).toBe('star-20-solid')
    // A second style word the variant overrides is reported, not dropped.
    const outlined = await search({ q: 'heroicons mini outline star' })
    expect(outlined.interpreted).toMatchObject({ iconsets: ['heroicons'], style: 'solid', unapplied: ['outline'] })
    expect(outlined.icons[0]).toMatchObject({ iconset: 'heroicons', slug: 'star-20-solid' })
    // Within the set asked for with `iconset`, as the plugin's set filter asks.
    expect((await search({ q: 'mini star', iconset: ['heroicons'] })).icons[0]).toMatchObject({ iconset: 'heroicons', slug: 'star-20-solid' })
    // Without the set's name it is an ordinary word.
    expect((await search({ q: 'mini' })).interpreted).toMatchObject({ terms: ['mini'], iconsets: [], style: null })
  })

  it("reads react-icons' Heroicons names as they draw: solid unless Outline, Mini or Micro says otherwise, the style going with the set", async () => {
    for (const [q, slug, style] of [
      ['HiHome', 'home-solid', 'solid'],
      ['HiOutlineHome', 'home', 'outline'],
      ['HiMicroStar', 'star-16-solid', 'solid']
    ] as const) {
      const result = await search({ q })
      expect(result.interpreted, q).toMatchObject({ iconsets: ['heroicons'], style, unapplied: [] })
      expect(result.icons[0], q).toMatchObject({ iconset: 'heroicons', slug })
    }
    // A style typed beside the name wins, with nothing to report.
    const typed = await search({ q: 'HiHome outline' })
    expect(typed.interpreted).toMatchObject({ iconsets: ['heroicons'], style: 'outline', unapplied: [] })
    expect(typed.icons[0]).toMatchObject({ iconset: 'heroicons', slug: 'home' })
    // The style filter asked for wins, with nothing to report: the name said no style.
    const outlined = await search({ q: 'HiHome', style: 'outline' })
    expect(outlined.interpreted).toMatchObject({ iconsets: ['heroicons'], style: 'outline', unapplied: [] })
    expect(outlined.icons[0]).toMatchObject({ iconset: 'heroicons', slug: 'home' })
    // Within another set the name's set is not applied, and neither is the style it draws in.
    const inLucide = await search({ q: 'HiHome', iconset: ['lucide'] })
    expect(inLucide.interpreted).toMatchObject({ iconsets: ['lucide'], style: null, unapplied: ['HiHome'] })
    expect(inLucide.icons[0]).toMatchObject({ iconset: 'lucide', slug: 'house' })
  })

  it('reports a variant by its word, as the set and style are, so the reading sent back is the same search', async () => {
    for (const q of ['heroicons mini star', 'HiMiniStar']) {
      const result = await search({ q })
      expect(result.interpreted, q).toEqual({ terms: ['star'], variant: 'mini', iconsets: ['heroicons'], style: 'solid', unapplied: [] })
      // As the plugin sends it back: set, variant, words, style.
      const { iconsets, variant, terms, style } = result.interpreted
      const again = await search({ q: [...iconsets, variant, ...terms, style].join(' ') })
      expect(again.interpreted, q).toEqual(result.interpreted)
      expect(again.icons.slice(0, 8).map(key), q).toEqual(result.icons.slice(0, 8).map(key))
    }
    expect((await search({ q: 'heroicons micro bell' })).interpreted).toMatchObject({ terms: ['bell'], variant: 'micro', style: 'solid' })
    // A size typed as a number is a word of the query, and sent back reads the same.
    expect((await search({ q: 'heroicons 20 star' })).interpreted).toEqual({ terms: ['20', 'star'], variant: null, iconsets: ['heroicons'], style: null, unapplied: [] })
    // The same drawings asked for by number and style are no variant the query named.
    expect((await search({ q: 'heroicons 20 star solid' })).interpreted).toEqual({ terms: ['20', 'star'], variant: null, iconsets: ['heroicons'], style: 'solid', unapplied: [] })
    // A correction is of the words, without the variant's size word.
    const misspelt = await search({ q: 'heroicons mini satr' })
    expect([misspelt.interpreted.variant, misspelt.suggestion]).toEqual(['mini', 'star'])
  })

  it('never corrects a set name into an icon word: "tabler user" is users in Tabler, not tables', async () => {
    const result = await search({ q: 'tabler user' })
    expect(result.suggestion).toBeNull()
    expect(result.icons.every((icon) => icon.iconset === 'tabler')).toBe(true)
    expect(result.icons.some((icon) => words(icon).includes('table'))).toBe(false)
    expect(key(result.icons[0] as IconSummary)).toBe('tabler:user')
  })
})

describe('style words', () => {
  it('become the style filter, whatever the set calls its styles', async () => {
    const solid = await search({ q: 'heart filled' })
    expect(solid.interpreted).toEqual({ terms: ['heart'], variant: null, iconsets: [], style: 'solid', unapplied: [] })
    expect(solid.icons.every((icon) => icon.style === 'solid')).toBe(true)
    expect(solid.icons.map(key)).toEqual(expect.arrayContaining(['tabler:heart-filled', 'ph:heart-fill', 'fluent:heart-24-filled']))
    expect((await search({ q: 'user bold' })).icons.every((icon) => icon.style === 'bold')).toBe(true)
    expect((await search({ q: 'bell duotone' })).interpreted.style).toBe('duotone')
    expect((await search({ q: 'github logo' })).icons.slice(0, 4).map(key)).toEqual(
      expect.arrayContaining(['simple-icons:github', 'fa6-brands:github'])
    )
  })

  it('read as the set in scope spells them where it draws none by their general meaning: Solar\'s Bold drawings are its solid ones', async () => {
    const solar = await search({ q: 'solar user bold' })
    expect(solar.interpreted).toEqual({ terms: ['user'], variant: null, iconsets: ['solar'], style: 'solid', unapplied: [] })
    expect(key(solar.icons[0] as IconSummary)).toBe('solar:user-bold')
    // With iconset=solar too; and where a set in scope draws a bold style, bold is that style.
    expect((await search({ q: 'user bold', iconset: ['solar'] })).interpreted.style).toBe('solid')
    expect((await search({ q: 'phosphor user bold' })).interpreted.style).toBe('bold')
  })

  it('read beside a set\'s name alone as a style the set draws among others: "phosphor bold" is its Bold weight', async () => {
    const cases = [
      ['phosphor bold', 'ph', 'bold'],
      ['phosphor thin', 'ph', 'thin'],
      ['phosphor fill', 'ph', 'solid'],
      ['material symbols rounded', 'material-symbols', 'rounded'],
      ['material symbols sharp', 'material-symbols', 'sharp']
    ] as const
    for (const [q, iconset, style] of cases) {
      const found = await search({ q, limit: 96 })
      expect(found.interpreted, q).toEqual({ terms: [], variant: null, iconsets: [iconset], style, unapplied: [] })
      expect(found.total, q).toBe((await search({ q: '', iconset: [iconset], style, limit: 1 })).total)
      expect(found.icons.every((icon) => icon.iconset === iconset && icon.style === style), q).toBe(true)
    }
    // Alone within the set asked for, it is a word: a client asks for icons of that name.
    expect((await search({ q: 'bold', iconset: ['ph'] })).interpreted).toMatchObject({ style: null, terms: ['bold'] })
    // Tabler draws one style: its bold is the icon of that name, and Lucide's line its line icons.
    const tabler = await search({ q: 'tabler bold' })
    expect([tabler.interpreted.style, tabler.interpreted.terms, key(tabler.icons[0] as IconSummary)]).toEqual([null, ['bold'], 'tabler:bold'])
    expect((await search({ q: 'lucide line' })).interpreted).toMatchObject({ style: null, terms: ['line'] })
    // Alone, with no set, it is a word: text bold icons.
    expect((await search({ q: 'bold' })).interpreted).toMatchObject({ style: null, terms: ['bold'] })
  })

  it('read Solar\'s two duotones, Bold Duotone and Line Duotone, as the drawings they name', async () => {
    for (const variant of ['bold duotone', 'line duotone']) {
      const q = `solar home ${variant}`
      const found = await search({ q })
      expect(found.interpreted, q).toEqual({ terms: ['home'], variant, iconsets: ['solar'], style: 'duotone', unapplied: [] })
      const suffix = `-${variant.replace(' ', '-')}`
      expect(found.icons[0]?.slug, q).toBe(`home${suffix}`)
      expect(found.icons.every((icon) => icon.slug.endsWith(suffix)), q).toBe(true)
    }
    // Told by how the slugs end: 'line' is also a word of crown-line-bold-duotone's name.
    const crowns = await search({ q: 'solar crown line duotone' })
    expect(crowns.icons[0]?.slug).toBe('crown-line-duotone')
    expect(crowns.icons.every((icon) => icon.slug.endsWith('-line-duotone'))).toBe(true)
    // The variant alone lists it.
    const listed = await search({ q: 'solar line duotone' })
    expect(listed.total).toBeGreaterThan(1000)
    expect(listed.icons.every((icon) => icon.slug.endsWith('-line-duotone'))).toBe(true)
    // The everyday symbols first, as in any listing: the families Solar's duotone listing starts with.
    expect(listed.icons[0]?.slug).toBe('home-line-duotone')
    const duotones = await search({ iconset: ['solar'], style: 'duotone' })
    expect(listed.icons.slice(0, 6).map((icon) => icon.family)).toEqual(duotones.icons.slice(0, 6).map((icon) => icon.family))
    // Within the set asked for with iconset too.
    expect((await search({ q: 'star line duotone', iconset: ['solar'] })).icons[0]?.slug).toBe('star-line-duotone')
  })

  it('reads the later of two style words that cannot go together as the style, and reports the earlier, in either order', async () => {
    for (const [q, style, declined] of [
      ['home outline solid', 'solid', 'outline'],
      ['home solid outline', 'outline', 'solid'],
      ['solid home outline', 'outline', 'solid'],
      ['star outline duotone', 'duotone', 'outline']
    ] as const) {
      const result = await search({ q })
      expect(result.interpreted, q).toEqual({ terms: [q.startsWith('star') ? 'star' : 'home'], variant: null, iconsets: [], style, unapplied: [declined] })
      // Every set's drawings in that style, as the style word alone gives them.
      expect(result.icons.map(key), q).toEqual((await search({ q: `${result.interpreted.terms[0]} ${style}` })).icons.map(key))
    }
  })

  it('read sharp and rounded as the Material Symbols styles, a fill word beside them picking the drawing', async () => {
    const rounded = await search({ q: 'home rounded' })
    expect(rounded.interpreted).toEqual({ terms: ['home'], variant: null, iconsets: [], style: 'rounded', unapplied: [] })
    expect(rounded.icons[0]).toMatchObject({ iconset: 'material-symbols', slug: 'home-rounded', style: 'rounded', family: 'home' })
    expect(rounded.icons.every((icon) => icon.style === 'rounded')).toBe(true)
    for (const q of ['home outline rounded', 'rounded outline home']) {
      const unfilled = await search({ q })
      expect(unfilled.interpreted.style, q).toBe('rounded')
      expect(unfilled.icons[0]?.slug, q).toBe('home-outline-rounded')
    }
    expect((await search({ q: 'home rounded filled' })).icons[0]?.slug).toBe('home-rounded')
    // Google's Material Icons call the same corners Round.
    for (const q of ['home round', 'round home']) {
      const round = await search({ q })
      expect(round.interpreted, q).toEqual({ terms: ['home'], variant: null, iconsets: [], style: 'rounded', unapplied: [] })
      expect(round.icons[0]?.slug, q).toBe('home-rounded')
    }
    const sharp = await search({ q: 'settings sharp' })
    expect(sharp.interpreted).toEqual({ terms: ['settings'], variant: null, iconsets: [], style: 'sharp', unapplied: [] })
    expect(sharp.icons.length).toBeGreaterThan(0)
    expect(sharp.icons.every((icon) => icon.iconset === 'material-symbols' && icon.style === 'sharp')).toBe(true)
    expect((await search({ q: 'ic:round-home' })).icons[0]?.slug).toBe('home-rounded')
    const styles = (await (await fetch(`${service.url}/styles`)).json()) as StyleList
    for (const slug of ['rounded', 'sharp']) {
      expect(styles.styles.find((style) => style.slug === slug)).toMatchObject({ total_iconsets: 1 })
    }
  })

  it('keep sharp and rounded words where they name an icon: "square rounded", "music sharp", "rounded" alone', async () => {
    const square = await search({ q: 'square rounded' })
    expect(square.interpreted.style).toBeNull()
    expect(square.icons.slice(0, 4).map(key)).toEqual(expect.arrayContaining(['tabler:square-rounded']))
    expect((await search({ q: 'music sharp' })).icons[0]?.slug).toBe('music-accidental-sharp')
    expect((await search({ q: 'rounded' })).interpreted).toEqual({ terms: ['rounded'], variant: null, iconsets: [], style: null, unapplied: [] })
    // Lucide's user-round and key-round are named so: "round" there is the icon's, not a style.
    for (const [q, slug] of [['user round', 'user-round'], ['key round', 'key-round']] as const) {
      const named = await search({ q })
      expect(named.interpreted.style, q).toBeNull()
      expect(named.icons[0]?.slug, q).toBe(slug)
    }
    expect((await search({ q: 'round' })).interpreted.style).toBeNull()
  })

  it('show the member of the style asked for where a set names that style of a drawing by an alias', async () => {
    // Material Symbols' home-sharp is an Iconify alias of home (the same drawing), named in the Sharp style.
    const sharp = await search({ q: 'home sharp' })
    expect(sharp.interpreted).toEqual({ terms: ['home'], variant: null, iconsets: [], style: 'sharp', unapplied: [] })
    expect(sharp.icons[0]).toMatchObject({ iconset: 'material-symbols', slug: 'home-sharp', style: 'sharp', family: 'home' })
    expect(sharp.icons.every((icon) => icon.style === 'sharp')).toBe(true)
    expect((await search({ q: 'material-symbols:home-sharp' })).icons[0]).toMatchObject({ slug: 'home-sharp', style: 'sharp' })
    expect((await search({ q: 'home', iconset: ['material-symbols'] })).icons[0]?.slug).toBe('home')
    const svg = await fetch(`${service.url}/iconsets/material-symbols/home-sharp?format=svg&size=24`)
    expect(svg.status).toBe(200)
    expect(await svg.text()).toContain('<svg')
  })

  it('keep the icons a logo word names beside the logo style: "brand github" has tabler:brand-github', async () => {
    for (const q of ['brand github', 'brand-github', 'github brand']) {
      const result = await search({ q })
      expect(result.interpreted, q).toEqual({ terms: ['github'], variant: null, iconsets: [], style: 'logo', unapplied: [] })
      expect(result.icons.slice(0, 4).map(key), q).toEqual(expect.arrayContaining(['fa6-brands:github', 'simple-icons:github', 'tabler:brand-github']))
      // Only logos, or icons named with the word: no other outline github.
      expect(result.icons.every((icon) => icon.style === 'logo' || words(icon).includes('brand')), q).toBe(true)
    }
    const logo = await search({ q: 'github logo' })
    expect(logo.icons.slice(0, 2).map(key)).toEqual(['fa6-brands:github', 'simple-icons:github'])
    expect(logo.icons.map(key)).toContain('ph:github-logo')
  })

  it('are the style where a set draws the other words whole in it: "heart light" are light hearts, not twemoji\'s light-skin-tone ones', async () => {
    for (const q of ['heart light', 'light heart']) {
      const light = await search({ q })
      expect(light.interpreted, q).toEqual({ terms: ['heart'], variant: null, iconsets: [], style: 'light', unapplied: [] })
      expect(light.icons[0], q).toMatchObject({ iconset: 'ph', slug: 'heart-light' })
      expect(light.icons.every((icon) => icon.style === 'light'), q).toBe(true)
    }
  })

  it('are reported, not dropped, where no set in scope draws the style: "lucide heart filled" is Lucide\'s hearts, "filled" unapplied', async () => {
    const filled = await search({ q: 'lucide heart filled' })
    expect(filled.interpreted).toEqual({ terms: ['heart'], variant: null, iconsets: ['lucide'], style: null, unapplied: ['filled'] })
    expect(filled.icons[0]).toMatchObject({ iconset: 'lucide', slug: 'heart' })
    const solid = await search({ q: 'lucide solid' })
    expect(solid.interpreted).toEqual({ terms: [], variant: null, iconsets: ['lucide'], style: null, unapplied: ['solid'] })
    expect(solid.total).toBeGreaterThan(1000)
    expect((await search({ q: 'heart filled', iconset: ['lucide'] })).interpreted.unapplied).toEqual(['filled'])
  })

  it('stay words where they name an icon: "text bold", "light bulb", "bold" alone', async () => {
    expect((await search({ q: 'text bold' })).interpreted.style).toBeNull()
    expect((await search({ q: 'text bold' })).icons.slice(0, 4).some((icon) => icon.family === 'text-bold')).toBe(true)
    expect((await search({ q: 'light bulb' })).interpreted.style).toBeNull()
    expect((await search({ q: 'bold' })).interpreted).toEqual({ terms: ['bold'], variant: null, iconsets: [], style: null, unapplied: [] })
  })
})

describe('one tile per family', () => {
  it('shows each family once, with its family and variant count, and many drawings on the first page', async () => {
    for (const q of ['heart', 'settings', 'home', 'arrow']) {
      const { icons } = await search({ q })
      const first = icons.slice(0, 24)
      expect(new Set(first.map(familyOf)).size, q).toBeGreaterThanOrEqual(18)
      expect(new Set(icons.map(familyOf)).size, q).toBe(icons.length)
    }
    const { icons } = await search({ q: 'heart' })
    const phosphor = icons.find((icon) => icon.iconset === 'ph' && icon.family === 'heart')
    expect(phosphor).toMatchObject({ slug: 'heart', family: 'heart', variant_count: 6 })
  })

  it('shows each family once before its siblings: paging on past the families gives every other match, family by family', async () => {
    const first = await search({ q: 'heart', iconset: ['ph'] })
    const all: IconSummary[] = []
    for (let offset = 0; offset < first.total; offset += 40) all.push(...(await search({ q: 'heart', iconset: ['ph'], offset, limit: 40 })).icons)
    expect(all).toHaveLength(first.total)
    expect(new Set(all.map(key)).size).toBe(first.total)
    const shown = all.slice(0, first.families)
    expect(new Set(shown.map(familyOf)).size).toBe(first.families)
    expect(shown[0]).toMatchObject({ slug: 'heart', family: 'heart' })
    // Every sibling's family was shown before it, and Phosphor's heart comes in all its weights.
    const siblings = all.slice(first.families)
    expect(siblings.every((icon) => shown.some((family) => familyOf(family) === familyOf(icon)))).toBe(true)
    expect(siblings.slice(0, 5).map((icon) => icon.slug).sort()).toEqual(['heart-bold', 'heart-duotone', 'heart-fill', 'heart-light', 'heart-thin'])
    expect(first.total).toBe(first.icons.slice(0, first.families).reduce((sum, icon) => sum + icon.variant_count, 0))
  })

  it('gives the families alone with families_only=true, as a grid of tiles shows them', async () => {
    const every = await search({ q: 'heart', iconset: ['ph'] })
    const tiles = await search({ q: 'heart', iconset: ['ph'], families_only: true })
    expect([tiles.total, tiles.families]).toEqual([every.families, every.families])
    expect(tiles.icons.map(key)).toEqual(every.icons.slice(0, every.families).map(key))
    expect(tiles.next).toBeNull()
    expect((await search({ q: 'heart', iconset: ['ph'], families_only: true, offset: every.families })).icons).toEqual([])
    const refused = await fetch(`${service.url}/search?q=heart&families_only=maybe`)
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as Problem).code).toBe('invalid_families_only')
  })

  it('groups Octicons\' filled drawings with their outlines as the solid member', async () => {
    const heart = await search({ q: 'octicons heart' })
    expect(heart.icons.slice(0, heart.families).filter((icon) => icon.family === 'heart')).toEqual([
      expect.objectContaining({ slug: 'heart-24', style: 'outline', variant_count: 4 })
    ])
    const solid = await search({ q: 'heart', iconset: ['octicon'], style: 'solid' })
    expect(solid.icons.slice(0, solid.families).map(key)).toEqual(['octicon:heart-fill-24'])
    // Then its other size, in the style asked for.
    expect(solid.icons.map(key)).toEqual(['octicon:heart-fill-24', 'octicon:heart-fill-16'])
    const filled = await search({ q: 'star filled', iconset: ['octicon'] })
    expect(filled.interpreted).toEqual({ terms: ['star'], variant: null, iconsets: ['octicon'], style: 'solid', unapplied: [] })
    expect(filled.icons[0]).toMatchObject({ slug: 'star-fill-24', family: 'star', style: 'solid' })
    const set = (await (await fetch(`${service.url}/iconsets/octicon`)).json()) as { styles: string[] }
    expect(set.styles).toEqual(['outline', 'solid'])
  })

  it('shows the member in the requested style, else the set default', async () => {
    const plain = await search({ q: 'home', iconset: ['mdi'] })
    expect(plain.icons[0]).toMatchObject({ slug: 'home', style: 'solid' })
    const outline = await search({ q: 'home', iconset: ['mdi'], style: 'outline' })
    expect(outline.icons[0]).toMatchObject({ slug: 'home-outline', style: 'outline' })
    const solar = await search({ q: 'solar home' })
    expect(solar.icons[0]?.slug).toBe('home-linear')
  })
})

describe('words as people write them', () => {
  it('splits camelCase, PascalCase, snake_case and kebab-case', async () => {
    expect((await search({ q: 'ThumbsUp' })).icons.slice(0, 4).every((icon) => icon.family === 'thumbs-up')).toBe(true)
    expect((await search({ q: 'arrow_left' })).icons.slice(0, 4).every((icon) => icon.family === 'arrow-left')).toBe(true)
    expect((await search({ q: 'user-plus' })).icons.slice(0, 4).every((icon) => icon.family === 'user-plus')).toBe(true)
    expect((await search({ q: 'ChevronDown' })).icons.slice(0, 4).every((icon) => icon.family === 'chevron-down')).toBe(true)
  })

  it('reads a name written as its owner writes it as the one word icons are named by: GitHub is github, not git and hub', async () => {
    for (const q of ['GitHub', 'YouTube', 'LinkedIn']) {
      const written = await search({ q })
      const lower = await search({ q: q.toLowerCase() })
      expect(written.interpreted.terms, q).toEqual([q.toLowerCase()])
      expect(written.icons.map(key), q).toEqual(lower.icons.map(key))
    }
  })

  it('ignores words that describe every icon and code around a pasted name', async () => {
    const home = (await search({ q: 'home' })).icons.map(key)
    expect((await search({ q: 'home icon' })).icons.map(key)).toEqual(home)
    expect((await search({ q: '<HomeIcon />' })).icons.map(key)).toEqual(home)
    expect(key((await search({ q: 'icon="mdi:home"' })).icons[0] as IconSummary)).toBe('mdi:home')
  })

  it('finds icons that write two of the words as one: "log out" is logout, "light bulb" lightbulb', async () => {
    const logOut = (await search({ q: 'log out' })).icons.slice(0, 8).map(key)
    expect(logOut).toEqual(expect.arrayContaining(['lucide:log-out', 'tabler:logout', 'mdi:logout']))
    const bulb = (await search({ q: 'light bulb' })).icons.slice(0, 8).map(key)
    expect(bulb).toEqual(expect.arrayContaining(['lucide:lightbulb', 'heroicons:light-bulb']))
  })

  it('finds the icon an Iconify id or a component name spells first', async () => {
    const first: Record<string, string> = {
      'mdi:account-circle': 'mdi:account-circle',
      'ph:heart-fill': 'ph:heart-fill',
      FaGithub: 'fa6-brands:github',
      MdDelete: 'material-symbols:delete',
      BsThreeDotsVertical: 'bi:three-dots-vertical',
      IconBrandGithub: 'tabler:brand-github',
      LuHouse: 'lucide:house',
      HiOutlineHome: 'heroicons:home',
      PiHeartBold: 'ph:heart-bold',
      FaRegHeart: 'fa6-regular:heart',
      Home24Regular: 'fluent:home-24-regular',
      // unplugin-icons' component names for Vue and React, and its and UnoCSS's classes.
      IconMdiAccountCircle: 'mdi:account-circle',
      IMdiAccountCircle: 'mdi:account-circle',
      IconPhHeartBold: 'ph:heart-bold',
      IconMaterialSymbolsDelete: 'material-symbols:delete',
      // Tabler's own names whose first word is also a prefix (feather, solar) stay Tabler's.
      IconSolarPanel: 'tabler:solar-panel',
      IconFeatherOff: 'tabler:feather-off',
      'i-mdi-account-circle': 'mdi:account-circle',
      'i-mdi:account-circle': 'mdi:account-circle',
      'i-material-symbols-delete': 'material-symbols:delete',
      // A sister set's prefix that names a style.
      'heroicons-solid:home': 'heroicons:home-solid'
    }
    for (const [q, expected] of Object.entries(first)) {
      expect(key((await search({ q })).icons[0] as IconSummary), q).toBe(expected)
    }
    expect((await search({ q: 'HiOutlineHome' })).interpreted).toEqual({ terms: ['home'], variant: null, iconsets: ['heroicons'], style: 'outline', unapplied: [] })
  })

  it('tolerates a swapped pair of letters and one edit, ranks corrections below real matches and suggests the correction', async () => {
    const swapped = await search({ q: 'serach' })
    expect(swapped.suggestion).toBe('search')
    expect(swapped.icons.slice(0, 8).every((icon) => words(icon).includes('search'))).toBe(true)
    expect((await search({ q: 'calender' })).suggestion).toBe('calendar')
    expect((await search({ q: 'search' })).suggestion).toBeNull()
  })

  it('keeps near spellings out of words that find enough as typed: "folder" shows no folded hands', async () => {
    const { icons } = await search({ q: 'folder' })
    expect(icons.some((icon) => words(icon).includes('folded'))).toBe(false)
  })

  it('pins the drawing an alias id names, and reads Font Awesome 5 names as their FA6 renames', async () => {
    const first = async (q: string) => key((await search({ q })).icons[0] as IconSummary)
    expect(await first('material-symbols:airplanemode-active')).toBe('material-symbols:flight')
    expect(await first('FaTimes')).toBe('fa6-solid:xmark')
    expect(await first('FaTrashAlt')).toBe('fa6-solid:trash-can')
    expect(await first('FaRegTimesCircle')).toBe('fa6-regular:circle-xmark')
    expect(await first('fa-solid:cog')).toBe('fa6-solid:gear')
  })

  it('keeps the style asked for when an alias id or component name names a drawing in another style: the filter holds, the name is not applied', async () => {
    for (const q of ['lucide:home', 'LuHome', 'FiHome']) {
      const solid = await search({ q, style: 'solid' })
      expect(solid.icons.length, q).toBeGreaterThan(0)
      expect(solid.icons.every((icon) => icon.style === 'solid'), q).toBe(true)
      expect(solid.interpreted.unapplied, q).toEqual([q])
    }
    // Within the set, the family's drawing in that style instead: Material Symbols' outlined flight.
    const outline = await search({ q: 'material-symbols:airplanemode-active', style: 'outline' })
    expect(outline.icons.map(key)).toEqual(['material-symbols:flight-outline'])
  })

  it('reads a Font Awesome 5 name as its FA6 name, words and all, in the fa sets only: "edit" is pen-to-square there and edit in Tabler', async () => {
    const fa = ['fa6-solid', 'fa6-regular', 'fa6-brands']
    expect((await search({ q: 'FaTrashAlt' })).interpreted).toEqual({ terms: ['trash', 'can'], variant: null, iconsets: fa, style: null, unapplied: [] })
    expect((await search({ q: 'fa:times' })).interpreted).toEqual({ terms: ['xmark'], variant: null, iconsets: fa, style: null, unapplied: [] })
    for (const q of ['fa:edit', 'FaEdit']) expect((await search({ q })).interpreted.terms, q).toEqual(['pen', 'to', 'square'])
    expect((await search({ q: 'FaRegEdit' })).icons.map(key)).toEqual(['fa6-regular:pen-to-square'])
    for (const q of ['tabler:edit', 'TbEdit']) {
      const tabler = await search({ q })
      expect(tabler.interpreted.terms, q).toEqual(['edit'])
      expect(tabler.icons[0] && key(tabler.icons[0]), q).toBe('tabler:edit')
    }
  })

  it('offers the correction when a set or style filter leaves nothing, even read within it', async () => {
    for (const request of [{ q: 'calender', iconset: ['simple-icons'] }, { q: 'calender', style: 'logo' as const }]) {
      const result = await search(request)
      expect(result.total, request.q).toBe(0)
      expect(result.suggestion, request.q).not.toBeNull()
    }
    // A set named in the query is no filter: one that draws none of it is given up on, as not applied.
    const named = await search({ q: 'fluent githb' })
    expect(named).toMatchObject({ suggestion: 'github', interpreted: { iconsets: [], unapplied: ['fluent'] } })
    expect(named.icons.slice(0, 4).every((icon) => words(icon).includes('github'))).toBe(true)
  })

  it('never suggests a correction that finds nothing either: beside real words, a word found only misspelt is left out, as nonsense is', async () => {
    const homes = (await search({ q: 'home' })).icons.map(key)
    for (const [q, unapplied] of [
      ['home zzzz', 'zzzz'],
      ['home qqqq', 'qqqq']
    ]) {
      const result = await search({ q })
      expect(result.suggestion, q).toBeNull()
      expect(result.interpreted, q).toMatchObject({ terms: ['home'], unapplied: [unapplied] })
      expect(result.icons.map(key), q).toEqual(homes)
    }
    // A correction that does find icons is still offered: each word of it, as typed or corrected, is found.
    const corrected = await search({ q: 'user plsu' })
    expect(corrected.suggestion).toBe('user plus')
    expect(corrected.total).toBeGreaterThan(0)
  })

  it('reads a misspelt word within a named or requested set, as the set draws it, before giving up on the set', async () => {
    // A correction the set has is read there: Tabler's calendars.
    for (const request of [{ q: 'tabler calender' }, { q: 'calender', iconset: ['tabler'] }]) {
      const result = await search(request)
      expect(result.suggestion, request.q).toBe('calendar')
      expect(result.icons[0] && key(result.icons[0]), request.q).toBe('tabler:calendar')
    }
    // One it lacks by that name is read as the set draws it: Heroicons' settings are cogs, Phosphor's home a house.
    const drawnOtherwise: Array<[SearchRequest, string, string]> = [
      [{ q: 'heroicons setings' }, 'settings', 'heroicons:cog-6-tooth'],
      [{ q: 'setings', iconset: ['heroicons'] }, 'settings', 'heroicons:cog-6-tooth'],
      [{ q: 'phosphor hpme' }, 'home', 'ph:house'],
      [{ q: 'hpme', iconset: ['ph'] }, 'home', 'ph:house']
    ]
    for (const [request, suggestion, icon] of drawnOtherwise) {
      const result = await search(request)
      const [set] = icon.split(':')
      expect(result.interpreted.iconsets, request.q).toEqual([set])
      expect(result.suggestion, request.q).toBe(suggestion)
      expect(result.icons.map(key), request.q).toContain(icon)
      expect(result.icons.every((found) => found.iconset === set)).toBe(true)
    }
    // A word that matches nothing anywhere, not even misspelt, is left out there as it is everywhere.
    const withNonsense = await search({ q: 'heroicons setings qqqxx' })
    expect(withNonsense.interpreted.iconsets).toEqual(['heroicons'])
    expect(withNonsense.suggestion).toBe('settings')
    expect(withNonsense.interpreted.unapplied).toEqual(['qqqxx'])
    expect(withNonsense.icons.map(key)).toContain('heroicons:cog-6-tooth')
    // A style filter is kept the same way: a misspelt home among the logos finds what home does.
    const logos = await search({ q: 'hoem', style: 'logo' })
    expect(logos.suggestion).toBe('home')
    expect(logos.icons.map(key)).toEqual((await search({ q: 'home', style: 'logo' })).icons.map(key))
  })

  it('completes a half-typed last word within a named or requested set, as the set draws the whole word, before giving up on the set', async () => {
    // Heroicons has no word starting 'conve', but draws a conversation as a chat bubble: what 'heroicons conversation' shows.
    const whole = await search({ q: 'heroicons conversation' })
    for (const request of [{ q: 'heroicons conve' }, { q: 'heroicons conv' }, { q: 'conve', iconset: ['heroicons'] }]) {
      const typing = await search(request)
      expect(typing.interpreted.iconsets, request.q).toEqual(['heroicons'])
      expect(typing.interpreted.terms, request.q).toEqual([request.q.split(' ').at(-1)])
      expect(typing.suggestion, request.q).toBe('conversation')
      expect(typing.icons[0] && familyOf(typing.icons[0]), request.q).toBe('heroicons:chat-bubble-left')
      expect(typing.icons.map(key), request.q).toEqual(whole.icons.map(key))
    }
    // 'searc' is search nearly everywhere, so it finds search's other names as it finds search, in
    // any set, before any completion: Heroicons' magnifying glass, with nothing to say about it.
    const magnifier = await search({ q: 'heroicons search' })
    for (const request of [{ q: 'heroicons searc' }, { q: 'heroicons sear' }]) {
      const typing = await search(request)
      expect(typing.suggestion, request.q).toBeNull()
      expect(typing.icons.map(key), request.q).toEqual(magnifier.icons.map(key))
    }
    // Settings being typed are Heroicons' cogs.
    expect((await search({ q: 'heroicons sett' })).icons.map(familyOf)).toContain('heroicons:cog-6-tooth')
    // A word the set already begins is answered as before, and a misspelt one is still read as its near spelling there.
    const begun = await search({ q: 'heroicons magn' })
    expect(begun.suggestion).toBeNull()
    expect(begun.icons.every((icon) => icon.iconset === 'heroicons' && words(icon).includes('magnifying'))).toBe(true)
    const misspelt = await search({ q: 'heroicons hpme' })
    expect(misspelt.interpreted.iconsets).toEqual(['heroicons'])
    expect(misspelt.suggestion).toBe('home')
    expect(misspelt.icons.map(key)).toContain('heroicons:home')
  })

  it('completes only the word being typed: the last that names a drawing, set names, style and filler words after it aside', async () => {
    for (const [q, set] of [
      ['heroicons conv', 'heroicons'],
      ['heroicons conv icon', 'heroicons'],
      ['conv heroicons', 'heroicons'],
      ['heroicons conv outline', 'heroicons']
    ] as const) {
      const typing = await search({ q })
      expect(typing.suggestion, q).toBe('conversation')
      expect(typing.interpreted.iconsets, q).toEqual([set])
      expect(typing.icons.map(familyOf), q).toContain('heroicons:chat-bubble-left')
    }
    // A set whose name is itself a word of icon names, typed after the word: still that set's icons.
    const trash = await search({ q: 'dele bootstrap' })
    expect(trash.interpreted.iconsets).toEqual(['bi'])
    expect(trash.icons.map(familyOf)).toContain('bi:trash')
    // 'hambu' can only be hamburger, so Remix's menu is found as its other name, with nothing to complete.
    const menu = await search({ q: 'hambu remix' })
    expect(menu.suggestion).toBeNull()
    expect(menu.icons.some((icon) => icon.iconset === 'ri' && icon.slug === 'menu-line')).toBe(true)
    // Typed past, to a word that names nothing: 'conv' is read as it stands, and the set given up for it.
    const typedPast = await search({ q: 'heroicons conv zzzzq' })
    expect(typedPast.suggestion).toBeNull()
    expect(typedPast.interpreted.iconsets).toEqual([])
    expect(typedPast.icons.map(familyOf)).not.toContain('heroicons:chat-bubble-left')
    expect(typedPast.icons.slice(0, 8).every((icon) => words(icon).some((word) => word.startsWith('conv')))).toBe(true)
  })

  it('completes a word being typed though it begins many names in other sets: the completion is that word, as the set draws it', async () => {
    // 'conve' begins conversation, convert and convex across the catalogue, but no word of Heroicons, which draws a conversation as a chat bubble.
    const everywhere = await search({ q: 'conve' })
    expect(everywhere.total).toBeGreaterThan(100)
    expect(everywhere.icons.some((icon) => icon.iconset === 'heroicons')).toBe(false)
    const typing = await search({ q: 'heroicons conve' })
    expect(typing.interpreted.iconsets).toEqual(['heroicons'])
    expect(typing.suggestion).toBe('conversation')
    expect(typing.icons.map(familyOf)).toContain('heroicons:chat-bubble-left')
    // The page is the whole word's, as Heroicons draws it.
    expect(typing.icons.map(familyOf)).toEqual((await search({ q: 'heroicons conversation' })).icons.map(familyOf))
  })

  it('gives up on the set for a word that names icons elsewhere: "heroicons github" shows GitHub logos, not a near spelling in Heroicons', async () => {
    const github = await search({ q: 'heroicons github' })
    expect(github.suggestion).toBeNull()
    expect(github.interpreted).toMatchObject({ iconsets: [], unapplied: ['heroicons'] })
    expect(github.icons.slice(0, 8).every((icon) => words(icon).includes('github'))).toBe(true)
    // Half typed, github is still github: Twemoji's 'with' is another word.
    const typing = await search({ q: 'gith', iconset: ['twemoji'] })
    expect(typing.total).toBe(0)
    expect(typing.suggestion).toBeNull()
  })

  it('gives up on a set that draws none of it even where its name is a word too: "lucide github" shows GitHub logos, Lucide not applied', async () => {
    // 'lucide' is also Simple Icons' Lucide logo, so the words read literally find nothing together.
    const github = await search({ q: 'lucide github' })
    expect(github.interpreted).toMatchObject({ terms: ['github'], iconsets: [], unapplied: ['lucide'] })
    expect(github.icons.slice(0, 8).every((icon) => words(icon).includes('github'))).toBe(true)
    // The sets asked for stay the filter.
    const within = await search({ q: 'lucide github', iconset: ['tabler', 'lucide'] })
    expect(within.interpreted.unapplied).toEqual(['lucide'])
    expect(within.icons.map(key)).toContain('tabler:brand-github')
    expect(within.icons.every((icon) => icon.iconset === 'tabler')).toBe(true)
    // A slip in a word the set does not draw is corrected over every set, so the suggestion leads somewhere.
    const slip = await search({ q: 'lucide spoitfy' })
    expect(slip).toMatchObject({ suggestion: 'spotify', interpreted: { iconsets: [], unapplied: ['lucide'] } })
    expect(slip.icons.slice(0, 4).every((icon) => words(icon).includes('spotify'))).toBe(true)
    // A word that matches nothing stays reported through the fallbacks.
    expect((await search({ q: 'lucide github blorp' })).interpreted.unapplied).toEqual(expect.arrayContaining(['lucide', 'blorp']))
    // The style parameter stays the filter; a set's variant, its size words and its style go with the set.
    const logos = await search({ q: 'lucide github', style: 'logo' })
    expect(logos.total).toBeGreaterThan(0)
    expect(logos.icons.every((icon) => icon.style === 'logo')).toBe(true)
    for (const [q, unapplied] of [['heroicons mini github', ['heroicons', 'mini']], ['solar github line duotone', ['solar', 'line duotone']]] as const) {
      const found = await search({ q })
      expect(found.interpreted, q).toMatchObject({ terms: ['github'], variant: null, iconsets: [], style: null, unapplied })
      expect(found.icons.slice(0, 8).every((icon) => words(icon).includes('github')), q).toBe(true)
    }
    // A style word the set spelt its own way means what it means elsewhere: Solar's Bold is solid, bold is Phosphor's Bold.
    const bold = await search({ q: 'solar github bold' })
    expect(bold.interpreted).toMatchObject({ terms: ['github'], iconsets: [], style: 'bold', unapplied: ['solar'] })
    expect(bold.icons[0]).toMatchObject({ iconset: 'ph', slug: 'github-logo-bold' })
  })

  it('reports the words it did not apply as they were typed, while reading them in lower case', async () => {
    const cases = [
      ['Lucide heart Filled', ['Filled']],
      ['BLORP home', ['BLORP']],
      ['Solar Github Line-Duotone', ['Solar', 'Line Duotone']],
      ['home Ǆ', ['Ǆ']]
    ] as const
    for (const [q, unapplied] of cases) {
      const typed = await search({ q })
      expect(typed.interpreted.unapplied, q).toEqual(unapplied)
      // The same answer as in lower case, but for the echo.
      const lower = await search({ q: q.toLowerCase() })
      expect(typed.icons.map(key), q).toEqual(lower.icons.map(key))
      expect(typed.interpreted.terms, q).toEqual(lower.interpreted.terms)
    }
  })

  it('neither corrects nor pads a word that names icons as typed: "band" is no "brand"', async () => {
    const band = await search({ q: 'band', limit: 96 })
    expect(band.suggestion).toBeNull()
    expect(band.icons.every((icon) => icon.slug.includes('band') || icon.tags.some((tag) => tag.includes('band')))).toBe(true)
  })

  it('keeps the page while the last word is typed: a half-typed word that finds nothing with the others is not applied yet ("heart outlin")', async () => {
    for (const [typed, before, set] of [
      ['heart outlin', 'heart', null],
      ['star rounde', 'star', null],
      ['material symbols star rounde', 'star', 'material-symbols']
    ] as const) {
      const typing = await search({ q: typed })
      expect(typing.interpreted.unapplied, typed).toEqual([typed.split(' ').at(-1)])
      expect(typing.interpreted.terms, typed).toEqual([before])
      expect(typing.total, typed).toBeGreaterThan(0)
      expect(typing.icons.map(key), typed).toEqual((await search({ q: typed.split(' ').slice(0, -1).join(' ') })).icons.map(key))
      if (set !== null) expect(typing.interpreted.iconsets, typed).toEqual([set])
    }
    // Typed whole, the style word applies.
    expect((await search({ q: 'heart outline' })).interpreted.style).toBe('outline')
    // A whole word that finds nothing with the others is no typo, but no dead end either: the others' icons, it not applied.
    const whole = await search({ q: 'heart zebra' })
    expect(whole.interpreted).toMatchObject({ terms: ['heart'], unapplied: ['zebra'] })
    expect(whole.icons.map(key)).toEqual((await search({ q: 'heart' })).icons.map(key))
  })

  it('reads the set or style a query names beside words that match nothing at all as that set or style, the words not applied: "tabler blorp", "blorp outline"', async () => {
    for (const [q, alone, word] of [
      ['tabler blorp', 'tabler', 'blorp'],
      ['lucide xqzv', 'lucide', 'xqzv'],
      ['blorp outline', 'outline', 'blorp']
    ] as const) {
      const [result, listing] = await Promise.all([search({ q }), search({ q: alone })])
      expect(result.interpreted, q).toEqual({ ...listing.interpreted, unapplied: [word] })
      expect(result.icons.map(key), q).toEqual(listing.icons.map(key))
    }
    // A set of one word that is a word too, beside one the set does not draw, reports the set, not its words: 'fa6 brands home' is every set's home.
    const brands = await search({ q: 'fa6 brands home' })
    expect(brands.interpreted).toMatchObject({ terms: ['home'], iconsets: [], unapplied: ['fa6 brands'] })
  })

  it('leaves out one word of words that each find icons but none together, the last first, and says so: "wifi off zzz" is wifi off', async () => {
    for (const [q, terms, unapplied] of [
      ['wifi off zzz', ['wifi', 'off'], 'zzz'],
      ['arrow left pizza', ['arrow', 'left'], 'pizza'],
      // Within the set the query named: Lucide draws a pizza and hearts, but no pizza with a heart.
      ['pizza lucide heart', ['pizza'], 'heart']
    ] as const) {
      const result = await search({ q })
      expect(result.interpreted, q).toMatchObject({ terms, unapplied: [unapplied] })
      expect(result.total, q).toBeGreaterThan(0)
    }
    // Each word alone finds icons: the page is never empty for them together.
    expect((await search({ q: 'zzz' })).total).toBeGreaterThan(0)
    // Nor once a word matching nothing was left out first: both are said to be.
    for (const [q, terms, unapplied] of [
      ['heart zebra qqqxx', ['heart'], ['zebra', 'qqqxx']],
      ['wifi off zzz qqqxx', ['wifi', 'off'], ['zzz', 'qqqxx']]
    ] as const) {
      const result = await search({ q })
      expect(result.interpreted, q).toMatchObject({ terms })
      expect([...result.interpreted.unapplied].sort(), q).toEqual([...unapplied].sort())
      expect(result.total, q).toBeGreaterThan(0)
    }
  })

  it('says the correction a word found nowhere was read as, however rare: "abcde" is the tag abode, itself read as above, as a search for abode is', async () => {
    const rare = await search({ q: 'abcde' })
    expect(rare.suggestion).toBe('above')
    expect((await search({ q: 'abode' })).suggestion).toBe('above')
    expect(rare.icons.some((icon) => icon.tags.includes('abode'))).toBe(true)
    expect(rare.icons.some((icon) => icon.slug.split('-').includes('above'))).toBe(true)
    expect((await search({ q: 'qqqxx' })).suggestion).toBeNull()
  })

  it('prefers a swapped pair, a dropped letter and the more used word when correcting', async () => {
    expect((await search({ q: 'seting' })).suggestion).toBe('setting')
    expect((await search({ q: 'seting' })).icons.slice(0, 5).every((icon) => words(icon).includes('settings'))).toBe(true)
    expect((await search({ q: 'fodler' })).suggestion).toBe('folder')
  })

  it('corrects a key struck twice to the word without it: "cartt" and "ccart" are cart, not caret or chart; "ttree" is tree, not three', async () => {
    for (const [q, meant] of [
      ['cartt', 'cart'],
      ['ccart', 'cart'],
      ['caart', 'cart'],
      ['ttree', 'tree'],
      ['trree', 'tree']
    ] as const) {
      const result = await search({ q, limit: 8 })
      expect(result.suggestion, q).toBe(meant)
      expect(result.icons.every((icon) => words(icon).includes(meant)), q).toBe(true)
    }
  })

  it('finds singulars and plurals: "notifications" has bells, "setting" starts with settings, "folder" keeps to folders', async () => {
    expect((await search({ q: 'notifications' })).icons.slice(0, 24).some((icon) => words(icon).includes('bell'))).toBe(true)
    expect((await search({ q: 'setting' })).icons.slice(0, 5).every((icon) => words(icon).includes('settings'))).toBe(true)
    expect((await search({ q: 'photos' })).icons.slice(0, 5).some((icon) => words(icon).includes('photo'))).toBe(true)
    expect((await search({ q: 'folder' })).icons.slice(0, 24).some((icon) => words(icon).includes('folders'))).toBe(false)
    // A plural no rule makes: 'mice' are mice, not a mic.
    const mice = await search({ q: 'mice', limit: 8 })
    expect(mice.suggestion).toBeNull()
    expect(mice.icons.every((icon) => words(icon).includes('mouse'))).toBe(true)
  })

  it('reads a pasted emoji as the name Twemoji gives it: 🏠 is a house, 👍🏽 its skin tone, 🇫🇷 the flag, 1️⃣ the keycap', async () => {
    const house = await search({ q: '🏠' })
    expect(house.interpreted.terms).toEqual(['house'])
    expect(house.icons.slice(0, 4).every((icon) => words(icon).includes('house'))).toBe(true)
    expect((await search({ q: '👍' })).interpreted.terms).toEqual(['thumbs', 'up'])
    expect((await search({ q: '👍🏽', limit: 1 })).icons[0]).toMatchObject({ iconset: 'twemoji', slug: 'thumbs-up-medium-skin-tone' })
    expect((await search({ q: '❤️', limit: 1 })).icons[0]).toMatchObject({ iconset: 'twemoji', slug: 'red-heart' })
    expect((await search({ q: '🇫🇷', limit: 1 })).icons[0]).toMatchObject({ iconset: 'twemoji', slug: 'flag-france' })
    expect((await search({ q: '1️⃣', limit: 1 })).icons[0]).toMatchObject({ iconset: 'twemoji', slug: 'keycap-1' })
    expect((await search({ q: 'roof 🏠' })).interpreted.terms).toEqual(['roof', 'house'])
  })

  it('reads words pasted with invisible characters in them as the words: a soft hyphen, a zero-width space or a byte-order mark splits nothing, and an emoji keeps its joiner', async () => {
    const heart = await search({ q: 'heart' })
    for (const q of ['hea\u00adrt', 'hea\u200brt', '\ufeffheart\u2060', 'heart\u200e']) {
      const pasted = await search({ q })
      expect(pasted.interpreted.terms, JSON.stringify(q)).toEqual(['heart'])
      expect(pasted.icons.map(key), JSON.stringify(q)).toEqual(heart.icons.map(key))
    }
    // 🏳️‍🌈 is one emoji by its zero-width joiner: Twemoji's rainbow flag, not a white flag and a rainbow.
    expect((await search({ q: '\u{1f3f3}\ufe0f\u200d\u{1f308}', limit: 1 })).icons[0]).toMatchObject({ iconset: 'twemoji', slug: 'rainbow-flag' })
  })

  it('reads a name whose punctuation is the name as icon names spell it: c++, c#, .net, e-mail; node.js finds Simple Icons\' nodedotjs too', async () => {
    const top = async (q: string, count = 8) => (await search({ q, families_only: true })).icons.slice(0, count).map(key)
    const cpp = await search({ q: 'c++', families_only: true })
    expect(cpp.interpreted.terms).toEqual(['cplusplus'])
    expect(cpp.icons.slice(0, 8).map(key)).toEqual(expect.arrayContaining(['simple-icons:cplusplus', 'carbon:cplusplus', 'tabler:brand-cpp', 'mdi:language-cpp']))
    expect(cpp.icons.some((icon) => icon.family === 'c' || icon.family === 'letter-c')).toBe(false)
    expect((await search({ q: 'C#' })).interpreted.terms).toEqual(['csharp'])
    expect(await top('c#')).toEqual(expect.arrayContaining(['mdi:language-csharp', 'tabler:brand-c-sharp']))
    expect(await top('.net')).toEqual(expect.arrayContaining(['simple-icons:dotnet', 'mdi:dot-net']))
    expect(await top('node.js')).toEqual(expect.arrayContaining(['simple-icons:nodedotjs', 'fa6-brands:node-js', 'mdi:nodejs']))
    expect(await top('vue.js')).toEqual(expect.arrayContaining(['simple-icons:vuedotjs', 'mdi:vuejs']))
    const mail = await search({ q: 'e-mail', families_only: true })
    expect(mail.interpreted.terms).toEqual(['email'])
    expect(mail.icons.slice(0, 24).some((icon) => icon.family.startsWith('letter-'))).toBe(false)
    expect(mail.icons.slice(0, 24).map(key)).toEqual(expect.arrayContaining(['lucide:mail', 'mdi:email']))
  })

  it('reads a word typed for two joined as those two: "creditcard", "shoppingcart", "arrowleft"; a name some set writes as one finds the others too', async () => {
    for (const [q, terms, expected] of [
      ['creditcard', ['credit', 'card'], ['lucide:credit-card', 'ph:credit-card']],
      ['shoppingcart', ['shopping', 'cart'], ['material-symbols:shopping-cart', 'fa6-solid:cart-shopping']],
      ['arrowleft', ['arrow', 'left'], ['lucide:arrow-left', 'tabler:arrow-left']],
      // Some sets write these as one word: the thesaurus joins them to the others' two.
      ['qrcode', ['qrcode'], ['mdi:qrcode', 'lucide:qr-code', 'ph:qr-code', 'heroicons:qr-code']],
      ['nodejs', ['nodejs'], ['mdi:nodejs', 'fa6-brands:node-js']],
      ['tshirt', ['tshirt'], ['ph:t-shirt']]
    ] as const) {
      const found = await search({ q, families_only: true })
      expect(found.interpreted.terms, q).toEqual(terms)
      expect(found.icons.slice(0, 24).map(key), q).toEqual(expect.arrayContaining([...expected]))
    }
    // Names written as one, and a word still being typed, are read as typed.
    expect((await search({ q: 'logout' })).interpreted.terms).toEqual(['logout'])
    expect((await search({ q: 'creditc' })).interpreted.terms).toEqual(['creditc'])
  })

  it('reads every British -isation as -ization: "organisation" finds what "organization" does', async () => {
    for (const [british, american] of [['organisation', 'organization'], ['visualisations', 'visualizations']] as const) {
      const [typed, spelt] = await Promise.all([search({ q: british }), search({ q: american })])
      expect(typed.interpreted.terms, british).toEqual([american])
      expect(typed.icons.map(key), british).toEqual(spelt.icons.map(key))
    }
  })

  it('drops "to" and "with" where, with them, the words name no icon: "add to cart" is add cart; "arrow right to line" keeps its to', async () => {
    const cart = await search({ q: 'add to cart', families_only: true })
    expect(cart.interpreted.terms).toEqual(['add', 'cart'])
    expect(cart.icons.slice(0, 24).map(key)).toEqual(expect.arrayContaining(['mdi:cart-plus', 'material-symbols:add-shopping-cart']))
    expect((await search({ q: 'user with plus' })).interpreted.terms).toEqual(['user', 'plus'])
    const line = await search({ q: 'arrow right to line' })
    expect(line.interpreted.terms).toEqual(['arrow', 'right', 'to', 'line'])
    expect(line.icons.map(key)).toContain('lucide:arrow-right-to-line')
    expect((await search({ q: 'face with tears of joy', limit: 1 })).icons[0]).toMatchObject({ iconset: 'twemoji', slug: 'face-with-tears-of-joy' })
  })

  it('keeps "a", "and", "of" where with them the words are an icon\'s whole name: "letter a" is the letter A, "a b" the A/B test; "a home" is a home', async () => {
    for (const [q, glue, first] of [
      ['letter a', 'a', 'tabler:letter-a'],
      ['letter a icon', 'a', 'tabler:letter-a'],
      ['a b', 'a', 'tabler:a-b'],
      ['a-arrow-down', 'a', 'lucide:a-arrow-down'],
      ['home and garden', 'and', 'material-symbols:home-and-garden']
    ] as const) {
      const result = await search({ q, limit: 1 })
      expect([result.interpreted.terms.includes(glue), result.icons[0] && key(result.icons[0])], q).toEqual([true, first])
    }
    const homes = (await search({ q: 'home' })).icons.map(key)
    for (const q of ['a home', 'the home', 'an icon of a home']) expect((await search({ q })).icons.map(key), q).toEqual(homes)
  })

  it('says a symbol that names nothing was not applied, alone or beside words, and punctuation alone; punctuation beside words is glue', async () => {
    for (const q of ['★', '→', '-', '(', '\\', '/', "'", '"', ',', '`', '((']) {
      const alone = await search({ q })
      expect(alone.total, q).toBe(0)
      expect(alone.interpreted, q).toMatchObject({ terms: [], unapplied: [q] })
    }
    // As typed between spaces, however the words would have been split.
    expect((await search({ q: ' ( - ' })).interpreted.unapplied).toEqual(['(', '-'])
    const beside = await search({ q: '★ home' })
    expect(beside.interpreted).toMatchObject({ terms: ['home'], unapplied: ['★'] })
    expect(beside.total).toBeGreaterThan(0)
    expect((await search({ q: 'black & white' })).interpreted.unapplied).toEqual([])
  })

  it('finds plurals in -ves as their singulars: "knives", "leaves", "wolves"; and "waves" still as waves', async () => {
    for (const [q, word] of [['knives', 'knife'], ['leaves', 'leaf'], ['wolves', 'wolf'], ['scarves', 'scarf']] as const) {
      const plural = await search({ q, limit: 5 })
      expect(plural.total, q).toBeGreaterThan(0)
      expect(plural.icons[0] === undefined ? [] : words(plural.icons[0]), q).toContain(word)
    }
    expect((await search({ q: 'waves', limit: 3 })).icons.every((icon) => words(icon).some((each) => each.startsWith('wave')))).toBe(true)
  })

  it('ranks tags a large share of a set has (its categories) below names and specific tags', async () => {
    const smile = await search({ q: 'twemoji smile' })
    const first = smile.icons.slice(0, 12).map((icon) => icon.slug)
    // The smiling face, a thesaurus name of the smile, first; then the name with smile in it.
    expect(first[0]).toBe('smiling-face')
    expect(first).toEqual(expect.arrayContaining(['cat-with-wry-smile', 'grinning-face']))
    // Only twemoji's Smileys & Emotion category ties these to a smile.
    for (const slug of ['alien', 'collision', 'dizzy', 'ghost', 'goblin']) expect(first).not.toContain(slug)
    // Carbon files a quarter of its icons under Enterprise: the icons named so come first.
    const enterprise = await search({ q: 'carbon enterprise' })
    const named = (icon: IconSummary) => words(icon).some((word) => word.startsWith('enterprise'))
    const firstUnnamed = enterprise.icons.findIndex((icon) => !named(icon))
    expect(firstUnnamed).toBeGreaterThan(0)
    expect(enterprise.icons.slice(firstUnnamed).some(named)).toBe(false)
  })

  it('finds nothing for nonsense, with no suggestion', async () => {
    const result = await search({ q: 'zzqxjv' })
    expect(result.total).toBe(0)
    expect(result.suggestion).toBeNull()
  })
})

describe('thumbnails in bulk', () => {
  it('carries every icon’s SVG in one response of 96 when asked', async () => {
    const page = await search({ q: 'arrow', svg: true, limit: 96 })
    expect(page.icons).toHaveLength(96)
    for (const icon of page.icons) {
      expect(icon.svg).toMatch(/^<svg[^>]*viewBox="[^"]+"/)
      expect(icon.svg).not.toMatch(/<script/i)
    }
    expect(page.next).toContain('svg=true')
    const plain = await search({ q: 'arrow', limit: 96 })
    expect(plain.icons.every((icon) => icon.svg === undefined)).toBe(true)
  })
})
