/**
 * Every endpoint over real HTTP with real icon data (the fixture catalogue): shapes, links, paging and
 * the style filter; paging and the style filter over the whole catalogue too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  STYLE_SLUGS,
  type IconDetail,
  type IconEquivalents,
  type IconSetDetail,
  type IconSetList,
  type IconSummary,
  type SearchResult,
  type StyleDetail,
  type StyleList,
  type Welcome
} from '../../src/api/catalogue-schemas'
import { MAX_LIMIT } from '../../src/api/limits'
import { equivalentsUrl, iconUrl, iconsetUrl, searchUrl, styleUrl } from '../../src/api/catalogue-urls'
import type { Catalogue } from '../../src/catalogue/catalogue'
import { startCatalogue, type RunningCatalogue } from '../support/catalogue'
import { FIXTURE_WORDS } from '../support/fixture-catalogue'
import { getJson } from './http-client'

let service: RunningCatalogue

/** Search lists families: one drawing in one set across its styles and sizes. */
function familyCount(catalogue: Catalogue, style?: string): number {
  const icons = catalogue.iconsets.flatMap((set) => set.icons).filter((icon) => style === undefined || icon.style === style)
  return new Set(icons.map((icon) => `${icon.iconset}:${icon.family}`)).size
}

/**
 * Follows a search's next links to its end, checking each page as it goes: the same total on every
 * page, each offset where the last page ended, full pages until the last, and no icon twice. The
 * pages hold every match: as many icons as the total, in ceil(total / limit) pages.
 */
async function walk(first: string): Promise<{ total: number; icons: IconSummary[] }> {
  const icons: IconSummary[] = []
  let url: string | null = first
  let total = -1
  let limit = 0
  let pages = 0
  while (url !== null) {
    const page: SearchResult = await getJson<SearchResult>(url)
    if (pages === 0) [total, limit] = [page.total, page.limit]
    expect([page.total, page.offset, page.icons.length], url).toEqual([total, icons.length, Math.min(limit, total - page.offset)])
    icons.push(...page.icons)
    url = page.next
    pages++
  }
  expect(icons).toHaveLength(total)
  expect(new Set(icons.map((icon) => `${icon.iconset}/${icon.slug}`)).size, 'each icon once').toBe(total)
  expect(pages).toBe(Math.max(1, Math.ceil(total / limit)))
  return { total, icons }
}

beforeAll(async () => {
  service = await startCatalogue()
})

afterAll(async () => {
  await service?.close()
})

describe('GET /', () => {
  it('names the API, says it is a beta, counts the catalogue and links onwards', async () => {
    const root = await getJson<Welcome>(`${service.url}/`)
    expect(root.name).toBe('Icon Catalogue')
    expect(root.version).toMatch(/^\d+\.\d+\.\d+/)
    expect(root.beta).toBe(true)
    expect(root.statistics.iconsets).toBe(service.catalogue.iconsets.length)
    expect(root.statistics.icons).toBe(service.catalogue.totalIcons)
    expect(root.statistics.styles).toBe(service.catalogue.styles.length)
    expect(root.links).toEqual({
      search: `${service.url}/search`,
      iconsets: `${service.url}/iconsets`,
      styles: `${service.url}/styles`,
      openapi: `${service.url}/openapi.json`
    })
    for (const link of Object.values(root.links)) expect((await fetch(link)).status).toBe(200)
  })
})

describe('GET /search', () => {
  it('returns a page of ranked IconSummaries with the query echoed and paging links', async () => {
    const page = await getJson<SearchResult>(searchUrl(service.url, { q: 'house', limit: 10 }))
    expect(page).toMatchObject({ query: 'house', style: null, offset: 0, limit: 10, previous: null })
    expect(page.total).toBeGreaterThan(10)
    expect(page.icons).toHaveLength(10)
    expect(page.next).toBe(searchUrl(service.url, { q: 'house', offset: 10, limit: 10 }))
    const first = page.icons[0]!
    expect(first.preview_url).toBe(iconUrl(service.url, first.iconset, first.slug, { format: 'svg' }))
    expect(first.url).toBe(iconUrl(service.url, first.iconset, first.slug))
    expect(first.width).toBeGreaterThan(0)
    expect(STYLE_SLUGS).toContain(first.style)
  })

  it('defaults to 96 per page and follows next and previous', async () => {
    const first = await getJson<SearchResult>(searchUrl(service.url, { q: 'arrow' }))
    expect(first.limit).toBe(MAX_LIMIT)
    expect(first.icons).toHaveLength(MAX_LIMIT)
    const second = await getJson<SearchResult>(first.next!)
    expect(second.offset).toBe(MAX_LIMIT)
    // The first page's link leaves the default offset out, as every link the service writes does.
    expect(second.previous).toBe(searchUrl(service.url, { q: 'arrow' }))
    const back = await getJson<SearchResult>(second.previous!)
    expect(back.icons).toEqual(first.icons)
  })

  it('walks every page of a common query: each match exactly once, no gaps, count equal to total', async () => {
    const { total } = await walk(searchUrl(service.url, { q: 'arrow', limit: MAX_LIMIT }))
    expect(total).toBeGreaterThan(MAX_LIMIT)
  })

  it('answers past the end with an empty page that still counts every match', async () => {
    const { total } = await getJson<SearchResult>(searchUrl(service.url, { q: 'home', limit: 1 }))
    const past = await getJson<SearchResult>(searchUrl(service.url, { q: 'home', offset: total + 500 }))
    expect(past.icons).toEqual([])
    expect(past.total).toBe(total)
    expect(past.next).toBeNull()
    expect(past.previous).not.toBeNull()
    // The last page as paging from 0 by the limit meets it, not the last 96 results, which would overlap the page before.
    const lastPage = searchUrl(service.url, { q: 'home', offset: Math.floor((total - 1) / MAX_LIMIT) * MAX_LIMIT })
    expect(past.previous).toBe(lastPage)
    // However far past: a number of any length is still a place past the end, not a mistake.
    for (const offset of [String(Number.MAX_SAFE_INTEGER), '9999999999999999', '99999999999999999999', '9'.repeat(400)]) {
      const huge = await getJson<SearchResult>(`${service.url}/search?q=home&offset=${offset}`)
      expect(huge, offset).toMatchObject({ icons: [], total, next: null, previous: lastPage })
    }
    // With nothing found, nothing comes before.
    expect(await getJson<SearchResult>(searchUrl(service.url, { q: 'zzqxjv', offset: 1 }))).toMatchObject({ total: 0, next: null, previous: null })
  })

  it('refuses an offset that is not a whole number, quoting it as it was sent', async () => {
    for (const offset of ['-1', '-0', '1.0', '1e3', '010', 'abc']) {
      const response = await fetch(`${service.url}/search?q=home&offset=${offset}`)
      expect(response.status, offset).toBe(400)
      const problem = (await response.json()) as { code: string; detail: string }
      expect(problem.code).toBe('invalid_offset')
      expect(problem.detail, offset).toContain(`got "${offset}"`)
    }
    const limit = (await (await fetch(`${service.url}/search?q=home&limit=9999999999999999`)).json()) as { code: string; detail: string }
    expect(limit).toMatchObject({ code: 'invalid_limit', detail: expect.stringContaining('got "9999999999999999"') })
  })

  it('restricts results to the style filter', async () => {
    for (const style of ['solid', 'outline', 'duotone', 'color', 'logo'] as const) {
      const page = await getJson<SearchResult>(searchUrl(service.url, { q: style === 'logo' ? 'github' : 'star', style }))
      expect(page.style).toBe(style)
      expect(page.total, style).toBeGreaterThan(0)
      expect(page.icons.every((icon) => icon.style === style), style).toBe(true)
      expect(page.next === null || page.next.includes(`style=${style}`)).toBe(true)
    }
    const all = await getJson<SearchResult>(searchUrl(service.url, { q: 'star' }))
    const solid = await getJson<SearchResult>(searchUrl(service.url, { q: 'star', style: 'solid' }))
    expect(solid.total).toBeLessThan(all.total)
  })

  it('lists every family of the catalogue in a stable order for a blank query, then every other icon: the whole catalogue, by style too', async () => {
    const everything = await getJson<SearchResult>(searchUrl(service.url, { limit: 5 }))
    expect(everything.families).toBe(familyCount(service.catalogue))
    expect(everything.total).toBe(service.catalogue.totalIcons)
    expect(await getJson<SearchResult>(searchUrl(service.url, { limit: 5 }))).toEqual(everything)
    const solid = await getJson<SearchResult>(`${service.url}/search?q=&style=solid&limit=5`)
    expect(solid.families).toBe(familyCount(service.catalogue, 'solid'))
    expect(solid.total).toBe(service.catalogue.iconsets.flatMap((set) => set.icons).filter((icon) => icon.style === 'solid').length)
    expect(solid.icons.every((icon) => icon.style === 'solid')).toBe(true)
    const fluent = await getJson<SearchResult>(searchUrl(service.url, { iconset: ['fluent'], limit: 5 }))
    expect(fluent.total).toBe(service.catalogue.getIconset('fluent')?.icons.length)
  })

  it('lists the everyday symbols first for a blank query, each in every set that draws it, symbol by symbol in set order, then the rest as before', async () => {
    const first = await getJson<SearchResult>(searchUrl(service.url, { limit: 16 }))
    expect(first.icons.map((icon) => `${icon.iconset}:${icon.family}`)).toEqual([
      'lucide:house',
      'ph:house',
      'fluent:home',
      'twemoji:house',
      'lucide:search',
      'ph:magnifying-glass',
      'fluent:search',
      'twemoji:magnifying-glass-tilted-left',
      'lucide:settings',
      'ph:gear',
      'fluent:settings',
      'lucide:heart',
      'ph:heart',
      'twemoji:red-heart',
      'lucide:star',
      'ph:star'
    ])
    // Paged by offset, every family still comes once: the everyday ones are not listed again in their set's turn.
    const all: IconSummary[] = []
    for (let offset = 0; offset < first.families; offset += MAX_LIMIT) {
      all.push(...(await getJson<SearchResult>(searchUrl(service.url, { offset, limit: Math.min(MAX_LIMIT, first.families - offset) }))).icons)
    }
    const families = all.map((icon) => `${icon.iconset}:${icon.family}`)
    expect(families).toHaveLength(familyCount(service.catalogue))
    expect(new Set(families).size).toBe(families.length)
    // After the brands' everyday logos, Lucide's families resume in their usual order.
    const lastEveryday = families.indexOf('fa6-brands:github')
    expect(families.slice(lastEveryday + 1, lastEveryday + 3)).toEqual(['lucide:arrow-big-down', 'lucide:arrow-big-down-dash'])
  })

  it('lists the everyday symbols first within the sets and style asked for, as the members of that style', async () => {
    const solid = await getJson<SearchResult>(searchUrl(service.url, { iconset: ['ph', 'fluent'], style: 'solid', limit: 4 }))
    expect(solid.icons.map((icon) => `${icon.iconset}:${icon.slug}`)).toEqual(['ph:house-fill', 'fluent:home-24-filled', 'ph:magnifying-glass-fill', 'fluent:search-24-filled'])
    const phosphor = await getJson<SearchResult>(searchUrl(service.url, { iconset: ['ph'], limit: 3 }))
    expect(phosphor.icons.map((icon) => icon.slug)).toEqual(['house', 'magnifying-glass', 'gear'])
  })
})

describe('GET /search over the whole catalogue', () => {
  let full: RunningCatalogue

  beforeAll(async () => {
    full = await startCatalogue({ data: 'full' })
  })

  afterAll(async () => {
    await full?.close()
  })

  it.each([
    ['house', undefined],
    ['arrow', undefined],
    ['trash', undefined],
    ['star', 'solid']
  ] as const)('walks every page of "%s" (style %s): each match exactly once, no gaps, count equal to total', async (q, style) => {
    const { total, icons } = await walk(searchUrl(full.url, { q, style, limit: MAX_LIMIT }))
    expect(total).toBeGreaterThan(MAX_LIMIT)
    if (style !== undefined) expect(icons.every((icon) => icon.style === style)).toBe(true)
  })

  it('walks the whole catalogue for a blank query: every icon once, its families first', async () => {
    const { statistics } = await getJson<Welcome>(`${full.url}/`)
    const { families } = await getJson<SearchResult>(searchUrl(full.url, { limit: 1 }))
    const { total, icons } = await walk(searchUrl(full.url, { limit: MAX_LIMIT }))
    expect(total).toBe(statistics.icons)
    const family = (icon: IconSummary) => `${icon.iconset}:${icon.family}`
    expect(new Set(icons.slice(0, families).map(family)).size).toBe(families)
    expect(new Set(icons.map(family)).size).toBe(families)
  })

  it('lists, for each style it names, exactly the icons of that style in the search it links to: as many as the style counts, and every icon under one style', async () => {
    const { styles } = await getJson<StyleList>(`${full.url}/styles`)
    const listed = new Set<string>()
    for (const style of styles) {
      const { search_url } = await getJson<StyleDetail>(style.url)
      const { total, icons } = await walk(search_url)
      expect(total, style.slug).toBe(style.total_icons)
      expect(icons.filter((icon) => icon.style !== style.slug), style.slug).toEqual([])
      for (const icon of icons) listed.add(`${icon.iconset}/${icon.slug}`)
    }
    expect(listed.size).toBe(full.catalogue.totalIcons)
  })
})

describe('GET /iconsets', () => {
  it('lists every set with author, licence, counts, styles, previews and its URL', async () => {
    const list = await getJson<IconSetList>(`${service.url}/iconsets`)
    expect(list.total).toBe(list.iconsets.length)
    const slugs = list.iconsets.map((set) => set.slug)
    expect(slugs.sort()).toEqual(Object.keys(FIXTURE_WORDS).sort())
    for (const set of list.iconsets) {
      expect(set.url).toBe(iconsetUrl(service.url, set.slug))
      expect(set.total_icons).toBeGreaterThan(0)
      expect(set.license.spdx).not.toBe('')
      expect(set.styles.length).toBeGreaterThan(0)
      expect(set.previews).toEqual(set.samples.map((sample) => iconUrl(service.url, set.slug, sample, { format: 'svg' })))
    }
    const lucide = list.iconsets.find((set) => set.slug === 'lucide')!
    const preview = await fetch(lucide.previews[0]!)
    expect(preview.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    // Named as designers know them, where the package names a set otherwise ('Twitter Emoji').
    expect(list.iconsets.find((set) => set.slug === 'twemoji')?.name).toBe('Twemoji')
    const byOldName = await getJson<SearchResult>(searchUrl(service.url, { q: 'twitter emoji heart' }))
    expect(byOldName.interpreted).toMatchObject({ terms: ['heart'], iconsets: ['twemoji'] })
  })

  it("samples each set with everyday symbols in its default style, one per family: Phosphor's card shows its regular drawings, not a mix of duotone, thin and fill", async () => {
    const list = await getJson<IconSetList>(`${service.url}/iconsets`)
    const defaultStyle: Record<string, string> = { lucide: 'outline', ph: 'outline', fluent: 'outline', twemoji: 'color', 'fa6-brands': 'logo' }
    for (const set of list.iconsets) {
      const samples = await Promise.all(set.samples.map((sample) => getJson<IconDetail>(iconUrl(service.url, set.slug, sample))))
      expect(samples.length, set.slug).toBeGreaterThanOrEqual(1)
      expect(samples.map((sample) => sample.style), set.slug).toEqual(samples.map(() => defaultStyle[set.slug]))
      expect(new Set(samples.map((sample) => sample.family)).size, set.slug).toBe(samples.length)
    }
    const samplesOf = (slug: string) => list.iconsets.find((set) => set.slug === slug)?.samples
    expect(samplesOf('ph')).toEqual(['house', 'magnifying-glass', 'gear', 'heart', 'star', 'envelope'])
    expect(samplesOf('fluent')?.slice(0, 3)).toEqual(['home-24-regular', 'search-24-regular', 'settings-24-regular'])
  })

  it('gives one set with the complete list of its icons', async () => {
    const set = await getJson<IconSetDetail>(iconsetUrl(service.url, 'fluent'))
    expect(set.slug).toBe('fluent')
    expect(set.icons).toHaveLength(set.total_icons)
    expect(new Set(set.icons.map((icon) => icon.slug)).size).toBe(set.total_icons)
    expect(set.icons.every((icon) => icon.iconset === 'fluent')).toBe(true)
    expect(set.icons.map((icon) => icon.slug)).toEqual(expect.arrayContaining(['home-24-regular', 'home-24-filled', 'home-20-regular', 'home-16-filled']))
  })
})

describe('GET /iconsets/{iconset}/{icon}', () => {
  it('gives an icon with its family as variants and a download for every format and size', async () => {
    const icon = await getJson<IconDetail>(iconUrl(service.url, 'fluent', 'home-24-regular'))
    expect(icon).toMatchObject({ iconset: 'fluent', slug: 'home-24-regular', style: 'outline', iconset_name: expect.any(String) })
    expect(icon.author.name).not.toBe('')
    expect(icon.license.spdx).toBe('MIT')
    const variantSlugs = icon.variants.map((variant) => variant.slug)
    expect(variantSlugs).toEqual(expect.arrayContaining(['home-24-filled', 'home-16-regular', 'home-48-regular']))
    expect(variantSlugs).not.toContain('home-24-regular')
    // Each says in words what tells it apart in the family, which its style and size alone may not.
    expect(icon.variants.find((variant) => variant.slug === 'home-24-filled')).toMatchObject({ style: 'solid', size: 24, label: '24 filled' })
    for (const variant of icon.variants) expect(variant.url).toBe(iconUrl(service.url, 'fluent', variant.slug))
    const sizes = [...new Set(icon.downloads.map((download) => download.size))]
    for (const size of [16, 20, 24, 28, 32, 48, 64, 128, 256, 512]) expect(sizes).toContain(size)
    expect(icon.downloads).toHaveLength(sizes.length * 2)
  })

  it('answers an alias with the icon it names, and says where that icon is at its own slug', async () => {
    // Iconify keeps Lucide's arrow-down-circle as an alias of circle-arrow-down, its name since Lucide renamed it.
    const alias = await fetch(iconUrl(service.url, 'lucide', 'arrow-down-circle'))
    const own = await fetch(iconUrl(service.url, 'lucide', 'circle-arrow-down'))
    expect([alias.status, own.status]).toEqual([200, 200])
    expect(await alias.json()).toStrictEqual(await own.json())
    expect(alias.headers.get('content-location')).toBe(iconUrl(service.url, 'lucide', 'circle-arrow-down'))
    expect(own.headers.get('content-location')).toBeNull()
    expect(alias.headers.get('access-control-expose-headers')).toContain('Content-Location')
    // A rendering too, at the same size and colour; and again from the cache, which the first answer filled.
    for (let round = 0; round < 2; round++) {
      const svg = await fetch(iconUrl(service.url, 'lucide', 'arrow-down-circle', { format: 'svg', size: 32, color: '#F60' }))
      expect(svg.headers.get('content-location'), `round ${round}`).toBe(iconUrl(service.url, 'lucide', 'circle-arrow-down', { format: 'svg', size: 32, color: '#ff6600' }))
    }
  })

  it('names each download after its set, icon, size and colour, shown inline, the same from the cache; the metadata has no file name', async () => {
    for (const [render, name] of [
      [{ format: 'png', size: 64 }, 'lucide-circle-arrow-down-64.png'],
      [{ format: 'svg' }, 'lucide-circle-arrow-down.svg'],
      // By the icon's own slug (asked for by its alias too), and the colour in one form, as the representation is.
      [{ format: 'svg', size: 32, color: '#F60' }, 'lucide-circle-arrow-down-32-ff6600.svg']
    ] as const) {
      for (const slug of ['circle-arrow-down', 'arrow-down-circle']) {
        for (let round = 0; round < 2; round++) {
          const response = await fetch(iconUrl(service.url, 'lucide', slug, render))
          expect(response.headers.get('content-disposition'), `${slug} ${name} round ${round}`).toBe(`inline; filename="${name}"`)
          expect(response.headers.get('access-control-expose-headers')).toContain('Content-Disposition')
        }
      }
    }
    expect((await fetch(iconUrl(service.url, 'lucide', 'circle-arrow-down'))).headers.get('content-disposition')).toBeNull()
    // A colour that changes nothing (Twemoji's drawings have their own) does not name the file.
    for (let round = 0; round < 2; round++) {
      const emoji = await fetch(iconUrl(service.url, 'twemoji', 'red-heart', { format: 'svg', color: '#000000' }))
      expect(emoji.headers.get('content-disposition'), `round ${round}`).toBe('inline; filename="twemoji-red-heart.svg"')
    }
  })

  it('downloads each size the family was drawn at from the drawing made for it, in the same style; other sizes from the drawing nearest them', async () => {
    const icon = await getJson<IconDetail>(iconUrl(service.url, 'fluent', 'home-24-regular'))
    const nearest: Record<number, number> = { 64: 48, 128: 48, 256: 48, 512: 48 }
    for (const download of icon.downloads) {
      const { format, size } = download
      const drawn = `home-${nearest[size] ?? size}-regular`
      expect(download.url, `${format} at ${size}`).toBe(iconUrl(service.url, 'fluent', drawn, { format, size }))
    }
    // The filled drawings for the filled icon, never the regular ones.
    const filled = await getJson<IconDetail>(iconUrl(service.url, 'fluent', 'home-16-filled'))
    expect(filled.downloads.find((download) => download.size === 24 && download.format === 'png')?.url).toBe(
      iconUrl(service.url, 'fluent', 'home-24-filled', { format: 'png', size: 24 })
    )
  })

  it('is its summary (as set listings and searches give it) plus more: every summary field the same, variants the rest of its variant_count', async () => {
    for (const [iconset, slug] of [['fluent', 'home-24-regular'], ['ph', 'house'], ['lucide', 'star']] as const) {
      const listed = (await getJson<IconSetDetail>(iconsetUrl(service.url, iconset))).icons.find((icon) => icon.slug === slug)
      const found = (await getJson<SearchResult>(searchUrl(service.url, { q: slug, iconset: [iconset] }))).icons.find((icon) => icon.slug === slug)
      const detail = await getJson<IconDetail>(iconUrl(service.url, iconset, slug))
      expect(found).toStrictEqual(listed)
      expect(detail).toMatchObject(listed as IconSummary)
      expect(detail.variants).toHaveLength(detail.variant_count - 1)
    }
  })

  it('names an icon by its family, as designers read it: the style and size words stay in its slug and style', async () => {
    const named = [
      ['fluent', 'home-24-regular', 'Home'],
      ['fluent', 'home-16-filled', 'Home'],
      ['fluent', 'arrow-left-24-regular', 'Arrow left'],
      ['ph', 'house-bold', 'House'],
      ['ph', 'magnifying-glass-duotone', 'Magnifying glass'],
      ['lucide', 'house', 'House']
    ] as const
    for (const [iconset, slug, name] of named) {
      const detail = await getJson<IconDetail>(iconUrl(service.url, iconset, slug))
      const listed = (await getJson<IconSetDetail>(iconsetUrl(service.url, iconset))).icons.find((icon) => icon.slug === slug)
      const found = (await getJson<SearchResult>(searchUrl(service.url, { q: `${iconset}:${slug}` }))).icons[0]
      expect([detail.name, listed?.name, found?.slug, found?.name], `${iconset}:${slug}`).toEqual([name, name, slug, name])
    }
    // Equivalents name their matches and alternatives the same way.
    const swap = await getJson<IconEquivalents>(equivalentsUrl(service.url, 'fluent', [{ iconset: 'lucide', icon: 'house' }]))
    const [house] = swap.equivalents
    expect(house?.match?.icon).toMatchObject({ family: 'home', name: 'Home' })
    expect(house?.match?.icon.slug).toMatch(/^home-\d+-regular$/)
    for (const alternative of house?.alternatives ?? []) expect(alternative.icon.name).not.toMatch(/\d|regular|filled/i)
  })

  it('finds the other styles of a family (Phosphor house)', async () => {
    const icon = await getJson<IconDetail>(iconUrl(service.url, 'ph', 'house'))
    const styles = new Set(icon.variants.map((variant) => variant.style))
    expect(styles).toContain('bold')
    expect(styles).toContain('solid')
    expect(styles).toContain('duotone')
  })
})

describe('GET /styles', () => {
  it('lists styles with counts and links, and one style with its sets and a filtered search', async () => {
    const list = await getJson<StyleList>(`${service.url}/styles`)
    expect(list.total).toBe(list.styles.length)
    expect(list.styles.map((style) => style.slug)).toEqual(expect.arrayContaining(['outline', 'solid', 'color', 'logo']))
    const counted = list.styles.reduce((sum, style) => sum + style.total_icons, 0)
    expect(counted).toBe(service.catalogue.totalIcons)
    for (const style of list.styles) expect(style.url).toBe(styleUrl(service.url, style.slug))

    const solid = await getJson<StyleDetail>(styleUrl(service.url, 'solid'))
    const summary = list.styles.find((style) => style.slug === 'solid')!
    expect(solid).toMatchObject(summary)
    expect(solid.iconsets).toHaveLength(solid.total_iconsets)
    expect(solid.iconsets.reduce((sum, set) => sum + set.total_icons, 0)).toBe(solid.total_icons)
    expect(solid.search_url).toBe(searchUrl(service.url, { style: 'solid' }))
    const search = await getJson<SearchResult>(solid.search_url)
    expect(search.families).toBe(familyCount(service.catalogue, 'solid'))
    expect(search.total).toBe(solid.total_icons)
  })

  it('lists styles, and each set its styles, by weight as designers pick them: thin to solid and duotone, then the rest', async () => {
    const list = await getJson<StyleList>(`${service.url}/styles`)
    expect(list.styles.map((style) => style.slug)).toEqual(['thin', 'light', 'outline', 'bold', 'solid', 'duotone', 'color', 'logo'])
    const phosphor = await getJson<IconSetDetail>(iconsetUrl(service.url, 'ph'))
    expect(phosphor.styles).toEqual(['thin', 'light', 'outline', 'bold', 'solid', 'duotone'])
  })

  it('samples each style with everyday symbols drawn in it, one per family, rather than its first names A to Z', async () => {
    const list = await getJson<StyleList>(`${service.url}/styles`)
    for (const style of list.styles) {
      const samples = await Promise.all(style.samples.map((sample) => getJson<IconDetail>(iconUrl(service.url, sample.iconset, sample.slug))))
      expect(samples.length, style.slug).toBeGreaterThanOrEqual(1)
      expect(samples.map((sample) => sample.style), style.slug).toEqual(samples.map(() => style.slug))
      expect(new Set(samples.map((sample) => `${sample.iconset}:${sample.family}`)).size, style.slug).toBe(samples.length)
      for (const sample of style.samples) expect(sample.preview_url).toBe(iconUrl(service.url, sample.iconset, sample.slug, { format: 'svg' }))
    }
    const samplesOf = (slug: string) => list.styles.find((style) => style.slug === slug)?.samples.map((sample) => `${sample.iconset}:${sample.slug}`)
    expect(samplesOf('outline')?.slice(0, 3)).toEqual(['lucide:house', 'lucide:search', 'lucide:settings'])
    expect(samplesOf('thin')?.slice(0, 3)).toEqual(['ph:house-thin', 'ph:magnifying-glass-thin', 'ph:gear-thin'])
  })
})

describe('BASE_URL with a path prefix', () => {
  it('builds every link under the prefix while serving at / on the server itself', async () => {
    const base = 'https://icons.example.test/catalogue/v1'
    const proxied = await startCatalogue({ catalogue: service.catalogue, baseUrl: base })
    try {
      const root = await getJson<Welcome>(`${proxied.url}/`)
      expect(root.links.search).toBe(`${base}/search`)
      expect(root.links.openapi).toBe(`${base}/openapi.json`)
      const page = await getJson<SearchResult>(`${proxied.url}/search?q=home&limit=2`)
      expect(page.next).toBe(`${base}/search?limit=2&offset=2&q=home`)
      expect(page.icons[0]!.url.startsWith(`${base}/iconsets/`)).toBe(true)
      const icon = await getJson<IconDetail>(`${proxied.url}/iconsets/lucide/house`)
      for (const download of icon.downloads) expect(download.url.startsWith(`${base}/iconsets/lucide/house?`)).toBe(true)
      const document = await getJson<{ servers: { url: string }[] }>(`${proxied.url}/openapi.json`)
      expect(document.servers[0]!.url).toBe(base)
    } finally {
      await proxied.close()
    }
  })
})
