/**
 * Search over the whole catalogue: prefixes while typing, near spellings of words of four letters
 * or more only where the word finds few icons, ranking by name, synonym, tag and partial match,
 * AND of words, one icon per family, the style filter and a stable order.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { loadCatalogue, type Catalogue, type IconRecord } from '../../src/catalogue/catalogue'
import { synonymsOf } from '../../src/catalogue/synonyms'
import { fixtureIconsetConfig } from '../support/fixture-catalogue'

let catalogue: Catalogue

beforeAll(async () => {
  catalogue = await loadCatalogue()
})

const key = (icon: IconRecord): string => `${icon.iconset}:${icon.slug}`
const keys = (icons: readonly IconRecord[]): string[] => icons.map(key)
const nameWords = (icon: IconRecord): string[] => icon.slug.split('-')
const tagWords = (icon: IconRecord): string[] => icon.tags.flatMap((tag) => tag.split(' '))

function firstIndex(icons: readonly IconRecord[], test: (icon: IconRecord) => boolean): number {
  const index = icons.findIndex(test)
  return index === -1 ? Infinity : index
}

function lastIndex(icons: readonly IconRecord[], test: (icon: IconRecord) => boolean): number {
  return icons.findLastIndex(test)
}

describe('search', () => {
  it('matches prefixes while typing', () => {
    expect(keys(catalogue.search({ q: 'hou' }).icons(0, 10))).toContain('lucide:house')
    expect(keys(catalogue.search({ q: 'calen' }).icons(0, 10))).toContain('lucide:calendar')
  })

  it('tolerates one edit or one swapped pair of letters in words of four letters or more, and says what it corrected', () => {
    expect(keys(catalogue.search({ q: 'calender' }).icons(0, 20))).toEqual(
      expect.arrayContaining(['lucide:calendar', 'tabler:calendar', 'ph:calendar'])
    )
    expect(keys(catalogue.search({ q: 'hause' }).icons(0, 20))).toContain('lucide:house')
    const swapped = catalogue.search({ q: 'serach' })
    expect(keys(swapped.icons(0, 5))).toContain('lucide:search')
    expect(swapped.suggestion).toBe('search')
    expect(catalogue.search({ q: 'hpme' }).icons().some((icon) => icon.family === 'home')).toBe(true)
    expect(catalogue.search({ q: 'home' }).suggestion).toBeNull()
  })

  it('reads a word with its first two letters swapped as the word meant, before a nearer spelling that keeps the first letter', () => {
    // Each typo is also one letter from another word that starts as it does: older, ohm, loud, oman.
    for (const [typed, meant] of [['oflder', 'folder'], ['ohme', 'home'], ['lcoud', 'cloud'], ['omon', 'moon']] as const) {
      const found = catalogue.search({ q: typed })
      expect(found.suggestion, typed).toBe(meant)
      expect(found.icons(0, 8).every((icon) => nameWords(icon).includes(meant) || icon.tags.some((tag) => tag.split(' ').includes(meant))), typed).toBe(true)
    }
  })

  it('tolerates only a letter left out in a word of three letters that finds nothing as typed', () => {
    const hme = catalogue.search({ q: 'hme' })
    expect([hme.suggestion, hme.icons().some((icon) => icon.family === 'home')]).toEqual(['home', true])
    // A letter changed is as often another word: 'usr' is a user, not the USB plug one letter away.
    const usr = catalogue.search({ q: 'usr' })
    expect(usr.suggestion).toBe('user')
    expect(usr.icons().some((icon) => icon.family.includes('usb'))).toBe(false)
    // A word that finds a little is what was meant: 'usb' is a USB plug, not a user.
    const usb = catalogue.search({ q: 'usb' })
    expect(usb.suggestion).toBeNull()
    expect(usb.icons()[0]?.family).toBe('usb')
    expect(usb.icons().some((icon) => icon.family === 'user')).toBe(false)
  })

  it('tries near spellings only for words that find few icons as typed', () => {
    // 'folder' is one letter from 'folded' (folded hands), 'bell' from 'belt' and 'ball', 'mail' from 'nail'.
    const near = (query: string, ...others: string[]) =>
      catalogue.search({ q: query }).icons().filter((icon) => icon.family.split('-').some((word) => others.includes(word)))
    expect(near('folder', 'folded')).toEqual([])
    expect(near('bell', 'belt', 'ball')).toEqual([])
    expect(near('mail', 'nail', 'main')).toEqual([])
  })

  it('ranks exact name matches first, then tag matches, then partial ones', () => {
    const query = 'house'
    const words = new Set([query, ...synonymsOf(query)])
    const outcome = catalogue.search({ q: query })
    const results = outcome.icons(0, outcome.families)
    const exactName = (icon: IconRecord) => icon.family === query
    const inName = (icon: IconRecord) => nameWords(icon).some((word) => words.has(word))
    const inTags = (icon: IconRecord) => tagWords(icon).some((word) => words.has(word))

    expect(results.length).toBeGreaterThan(100)
    expect(lastIndex(results, exactName)).toBeLessThan(firstIndex(results, (icon) => !exactName(icon)))
    expect(lastIndex(results, (icon) => nameWords(icon).includes(query))).toBeLessThan(
      firstIndex(results, (icon) => !inName(icon))
    )
    // A tag most of a set's families share is its category ('home automation' in mdi), ranked below partial matches.
    const categorySets = new Map<string, boolean>()
    const category = (icon: IconRecord) => {
      let shared = categorySets.get(icon.iconset)
      if (shared === undefined) {
        const families = new Map((catalogue.getIconset(icon.iconset)?.icons ?? []).map((member) => [member.family, member]))
        const sharing = [...families.values()].filter((member) => tagWords(member).some((word) => words.has(word))).length
        categorySets.set(icon.iconset, (shared = sharing >= 64 && sharing >= families.size * 0.03))
      }
      return shared
    }
    const tagOnly = (icon: IconRecord) => !inName(icon) && inTags(icon) && !category(icon)
    const partial = (icon: IconRecord) => !inName(icon) && !inTags(icon)
    expect(results.some(tagOnly)).toBe(true)
    expect(results.some(partial)).toBe(true)
    expect(lastIndex(results, inName)).toBeLessThan(firstIndex(results, tagOnly))
    expect(lastIndex(results, tagOnly)).toBeLessThan(firstIndex(results, partial))
    const categoryOnly = (icon: IconRecord) => !inName(icon) && inTags(icon) && category(icon)
    expect(results.some(categoryOnly)).toBe(true)
    expect(lastIndex(results, (icon) => partial(icon) && nameWords(icon).some((word) => word.startsWith(query)))).toBeLessThan(firstIndex(results, categoryOnly))
  })

  it('finds synonyms from the designer thesaurus', () => {
    expect(keys(catalogue.search({ q: 'delete' }).icons(0, 60))).toEqual(expect.arrayContaining(['lucide:trash', 'tabler:trash']))
    expect(keys(catalogue.search({ q: 'settings' }).icons(0, 96))).toEqual(expect.arrayContaining(['ph:gear']))
    expect(keys(catalogue.search({ q: 'close' }).icons(0, 60))).toContain('lucide:x')
  })

  it('requires every word of a multi-word query (AND)', () => {
    const both = new Set(keys(catalogue.search({ q: 'arrow left' }).icons()))
    const arrow = new Set(keys(catalogue.search({ q: 'arrow' }).icons()))
    const left = new Set(keys(catalogue.search({ q: 'left' }).icons()))
    const intersection = [...arrow].filter((icon) => left.has(icon))
    expect(both.size).toBeGreaterThan(50)
    expect([...both].sort()).toEqual(intersection.sort())
    expect(keys(catalogue.search({ q: 'arrow left' }).icons(0, 3))).toContain('lucide:arrow-left')
  })

  it('ignores case, punctuation and word order', () => {
    expect(keys(catalogue.search({ q: 'Arrow-LEFT' }).icons())).toEqual(keys(catalogue.search({ q: 'arrow left' }).icons()))
    expect(new Set(keys(catalogue.search({ q: 'left arrow' }).icons()))).toEqual(new Set(keys(catalogue.search({ q: 'arrow left' }).icons())))
  })

  it('finds nothing for nonsense or bare punctuation, and leaves out a nonsense word beside real ones', () => {
    expect(catalogue.search({ q: 'zzqxjv' }).icons()).toEqual([])
    // Beside a real word, a word that matches nothing, even misspelt, is left out and the reading says so.
    const partly = catalogue.search({ q: 'house zzqxjv' })
    expect(partly.interpreted.terms).toEqual(['house'])
    expect(partly.interpreted.unapplied).toEqual(['zzqxjv'])
    expect(keys(partly.icons())).toEqual(keys(catalogue.search({ q: 'house' }).icons()))
    expect(catalogue.search({ q: '?!' }).icons()).toEqual([])
  })

  it('reads words that are names of JavaScript object properties as ordinary words, not as styles or sets', () => {
    const constructor = catalogue.search({ q: 'constructor' })
    expect(constructor.interpreted).toEqual({ terms: ['constructor'], variant: null, iconsets: [], style: null, unapplied: [] })
    expect(constructor.total).toBe(0)
    expect(catalogue.search({ q: 'FaConstructor' }).interpreted.style).toBeNull()
  })

  it('understands style words in the query, whatever the set calls its styles', () => {
    const solidHearts = catalogue.search({ q: 'heart solid' }).icons()
    expect(keys(solidHearts.slice(0, 40))).toEqual(expect.arrayContaining(['tabler:heart-filled', 'fluent:heart-24-filled', 'ph:heart-fill']))
    expect(solidHearts.slice(0, 40).every((icon) => icon.style === 'solid')).toBe(true)
    expect(keys(catalogue.search({ q: 'home outline' }).icons())).toEqual(expect.arrayContaining(['tabler:home', 'fluent:home-24-regular']))
    // Whole style words only: a first letter must not match every icon of a style.
    expect(catalogue.search({ q: 'so' }).icons().some((icon) => !/\bso/.test(`${icon.slug.replaceAll('-', ' ')} ${icon.tags.join(' ')}`))).toBe(false)
  })

  it('ignores accents', () => {
    expect(keys(catalogue.search({ q: 'Hôuse' }).icons())).toEqual(keys(catalogue.search({ q: 'house' }).icons()))
  })

  it('lists every family once for a blank query, in a stable order, by style too', () => {
    const every = catalogue.iconsets.flatMap((set) => set.icons)
    const families = (icons: readonly IconRecord[]) => new Set(icons.map((icon) => `${icon.iconset}:${icon.family}`))
    const listing = catalogue.search({ q: '' })
    const shown = listing.icons(0, listing.families)
    expect(shown).toHaveLength(families(every).size)
    expect(families(shown).size).toBe(shown.length)
    // Then every other icon, once: the whole catalogue.
    const all = listing.icons()
    expect(new Set(keys(all)).size).toBe(every.length)
    expect(all).toHaveLength(every.length)
    expect(keys(catalogue.search({ q: '   ' }).icons())).toEqual(keys(all))
    const solidListing = catalogue.search({ q: '', style: 'solid' })
    const solid = solidListing.icons()
    expect(solidListing.families).toBe(families(every.filter((icon) => icon.style === 'solid')).size)
    expect(solid).toHaveLength(every.filter((icon) => icon.style === 'solid').length)
    expect(solid.every((icon) => icon.style === 'solid')).toBe(true)
  })

  it('filters by style, showing each family in that style once', () => {
    for (const style of ['solid', 'duotone', 'logo'] as const) {
      const outcome = catalogue.search({ q: 'home', style })
      const filtered = outcome.icons(0, outcome.families)
      expect(filtered.length).toBeGreaterThan(0)
      expect(outcome.icons().every((icon) => icon.style === style)).toBe(true)
      expect(new Set(filtered.map((icon) => `${icon.iconset}:${icon.family}`)).size).toBe(filtered.length)
    }
    const solidHome = catalogue.search({ q: 'home', style: 'solid' })
    expect(keys(solidHome.icons(0, solidHome.families))).toEqual(
      expect.arrayContaining(['mdi:home', 'tabler:home-filled', 'fluent:home-24-filled', 'ph:house-fill'])
    )
    expect(catalogue.search({ q: 'github', style: 'logo' }).icons().map(key)).toEqual(expect.arrayContaining(['simple-icons:github', 'fa6-brands:github']))
  })

  it('returns every match exactly once, in the same order every time', () => {
    for (const query of ['a', 'arrow', 'user', 'star']) {
      const first = keys(catalogue.search({ q: query }).icons())
      expect(new Set(first).size).toBe(first.length)
      const pages: string[] = []
      for (let offset = 0; offset < first.length; offset += 96) {
        pages.push(...keys(catalogue.search({ q: query }).icons(offset, 96)))
      }
      expect(pages).toEqual(first)
    }
  })

  it('gives the same order from a fresh catalogue, so ties break deterministically', async () => {
    // Two loads of the same sets; the fixture's five keep this from loading all 20 twice.
    const [once, again] = await Promise.all([loadCatalogue(fixtureIconsetConfig()), loadCatalogue(fixtureIconsetConfig())])
    for (const query of ['home', 'arrow left', 'cal', 'star']) {
      expect(keys(again.search({ q: query }).icons())).toEqual(keys(once.search({ q: query }).icons()))
      expect(once.search({ q: query }).icons().length).toBeGreaterThan(0)
    }
  })
})
