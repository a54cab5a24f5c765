/**
 * The whole catalogue as ingested from the installed packages: every configured set with its
 * metadata, about 100k icons each with one style, a family, a native size and tags.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { STYLE_SLUGS } from '../../src/api/catalogue-schemas'
import { byStyleWeight } from '../../src/api/style-order'
import { ICONSET_CONFIG, loadCatalogue, type Catalogue, type IconRecord } from '../../src/catalogue/catalogue'

let catalogue: Catalogue

beforeAll(async () => {
  catalogue = await loadCatalogue()
})

function icon(iconset: string, slug: string): IconRecord {
  const found = catalogue.getIcon(iconset, slug)
  if (!found) throw new Error(`${iconset}/${slug} is missing`)
  return found
}

function familySlugs(iconset: string, slug: string): string[] {
  return catalogue.family(icon(iconset, slug)).map((member) => member.slug)
}

describe('icon sets', () => {
  it('serves every configured set with its metadata', () => {
    expect(catalogue.iconsets.map((set) => set.slug)).toEqual(ICONSET_CONFIG.map((entry) => entry.slug))
    expect(catalogue.iconsets).toHaveLength(20)
    for (const set of catalogue.iconsets) {
      expect(set.name).not.toBe('')
      // The set's own release where its data names one, else none; always the package it comes from.
      expect(set.version ?? '1.0', set.slug).toMatch(/^\d+\.\d+/)
      expect(set.package.name, set.slug).toMatch(/^@iconify-json\//)
      expect(set.package.version, set.slug).toMatch(/^\d+\.\d+\.\d+/)
      expect(set.author.name).not.toBe('')
      expect(set.license.spdx).not.toBe('')
      // {name, spdx, url} for every set: its own URL, else the SPDX list's page.
      expect(set.license.url, set.slug).toMatch(/^https:\/\//)
      expect(set.icons.length).toBeGreaterThan(100)
      expect(set.samples.length).toBeGreaterThanOrEqual(3)
      for (const sample of set.samples) expect(catalogue.getIcon(set.slug, sample)?.slug).toBe(sample)
      expect(set.styles).toEqual([...STYLE_SLUGS].sort(byStyleWeight).filter((style) => set.icons.some((member) => member.style === style)))
    }
    expect(catalogue.getIconset('lucide')?.license.spdx).toBe('ISC')
    expect(catalogue.getIconset('carbon')?.license.url).toBe('https://spdx.org/licenses/Apache-2.0.html')
    expect(catalogue.getIconset('flat-color-icons')?.license.url).toBe('https://spdx.org/licenses/MIT.html')
    expect(catalogue.getIconset('tabler')?.author.url).toBe('https://github.com/tabler/tabler-icons')
    expect(catalogue.getIconset('nope')).toBeUndefined()
  })

  it('holds about 100k icons, each set listed once in a stable order', () => {
    const total = catalogue.iconsets.reduce((sum, set) => sum + set.icons.length, 0)
    expect(catalogue.totalIcons).toBe(total)
    expect(total).toBeGreaterThan(90_000)
    const keys = new Set(catalogue.iconsets.flatMap((set) => set.icons.map((member) => `${member.iconset}/${member.slug}`)))
    expect(keys.size).toBe(total)
    expect(catalogue.skipped).toBe(catalogue.skippedIcons.length)
  })

  it('counts styles over the icons that have them', () => {
    expect(catalogue.styles.map((style) => style.slug)).toEqual([...STYLE_SLUGS].sort(byStyleWeight))
    for (const style of catalogue.styles) {
      const having = catalogue.iconsets.filter((set) => set.styles.includes(style.slug))
      expect(style.iconsets).toEqual(having.map((set) => set.slug))
      expect(style.totalIcons).toBe(
        having.reduce((sum, set) => sum + set.icons.filter((member) => member.style === style.slug).length, 0)
      )
      expect(style.name.toLowerCase()).toBe(style.slug)
    }
    expect(catalogue.styles.find((style) => style.slug === 'logo')?.iconsets).toEqual(['fa6-brands', 'simple-icons'])
  })

  it('does not list hidden icons', () => {
    // lucide's 'home' is a hidden old name of 'house'; it resolves but is not listed.
    const lucide = catalogue.getIconset('lucide')
    expect(lucide?.icons.some((member) => member.slug === 'home')).toBe(false)
    expect(catalogue.getIcon('lucide', 'home')?.slug).toBe('house')
  })
})

describe('icons', () => {
  it('have a human name and a native size', () => {
    expect(icon('lucide', 'arrow-left').name).toBe('Arrow left')
    expect(icon('fluent', 'home-16-regular')).toMatchObject({ width: 16, height: 16, nativeSize: 16 })
    expect(icon('fluent', 'home-48-filled')).toMatchObject({ width: 48, height: 48, nativeSize: 48 })
    expect(icon('ph', 'house')).toMatchObject({ width: 256, height: 256 })
    expect(icon('fa6-brands', 'github')).toMatchObject({ width: 496, height: 512, nativeSize: 512 })
    expect(icon('heroicons', 'home-20-solid')).toMatchObject({ width: 20, height: 20 })
  })

  it('have exactly one style from the shared vocabulary', () => {
    expect(icon('ph', 'house-bold').style).toBe('bold')
    expect(icon('ph', 'house-fill').style).toBe('solid')
    expect(icon('fluent', 'home-24-regular').style).toBe('outline')
    expect(icon('tabler', 'home-filled').style).toBe('solid')
    expect(icon('mdi', 'home-outline').style).toBe('outline')
    expect(icon('twemoji', 'house').style).toBe('color')
    expect(icon('simple-icons', 'github').style).toBe('logo')
    const vocabulary = new Set<string>(STYLE_SLUGS)
    const outside = catalogue.iconsets.flatMap((set) => set.icons.filter((member) => !vocabulary.has(member.style)))
    expect(outside).toEqual([])
  })

  it('give full drawing data for rendering', () => {
    const data = catalogue.iconData(icon('fluent', 'home-16-regular'))
    expect(data).toMatchObject({ width: 16, height: 16, left: 0, top: 0, rotate: 0, hFlip: false, vFlip: false })
    expect(data.body).toContain('<path')
    expect(catalogue.iconData(icon('lucide', 'house')).body).toContain('stroke')
  })
})

describe('families', () => {
  it('group Fluent sizes and themes', () => {
    const family = familySlugs('fluent', 'home-24-regular')
    for (const size of [16, 20, 24, 28, 32, 48]) {
      expect(family).toContain(`home-${size}-regular`)
      expect(family).toContain(`home-${size}-filled`)
    }
    expect(family[0]).toBe('home-24-regular')
    expect(familySlugs('fluent', 'home-16-filled')).toEqual(family)
  })

  it('group Heroicons outline and solid sizes', () => {
    expect(familySlugs('heroicons', 'home-20-solid')).toEqual(['home', 'home-solid', 'home-20-solid', 'home-16-solid'])
  })

  it('group Phosphor weights', () => {
    expect(new Set(familySlugs('ph', 'house-bold'))).toEqual(
      new Set(['house', 'house-bold', 'house-fill', 'house-duotone', 'house-thin', 'house-light'])
    )
  })

  it('group Octicons sizes, the filled drawings as the solid members', () => {
    expect(familySlugs('octicon', 'home-16')).toEqual(['home-24', 'home-16', 'home-fill-24', 'home-fill-16'])
    expect(familySlugs('octicon', 'check-circle-fill-12')).toEqual([
      'check-circle-24',
      'check-circle-16',
      'check-circle-fill-24',
      'check-circle-fill-16',
      'check-circle-fill-12'
    ])
  })

  it('include the icon itself and only icons of its set', () => {
    for (const set of catalogue.iconsets) {
      for (const member of set.icons.slice(0, 200)) {
        const family = catalogue.family(member)
        expect(family).toContain(member)
        for (const relative of family) {
          expect(relative.iconset).toBe(member.iconset)
          expect(relative.family).toBe(member.family)
        }
      }
    }
  })
})

describe('tags', () => {
  it('come from lucide-static', () => {
    expect(icon('lucide', 'house').tags).toEqual(expect.arrayContaining(['living', 'building']))
  })

  it('come from @tabler/icons, for the filled style too', () => {
    expect(icon('tabler', 'home').tags).toEqual(expect.arrayContaining(['house', 'dashboard']))
    expect(icon('tabler', 'home-filled').tags).toEqual(expect.arrayContaining(['house']))
  })

  it('come from @phosphor-icons/core for every weight', () => {
    expect(icon('ph', 'trash').tags).toEqual(expect.arrayContaining(['garbage']))
    expect(icon('ph', 'trash-bold').tags).toEqual(icon('ph', 'trash').tags)
  })

  it('come from @mdi/svg aliases', () => {
    expect(icon('mdi', 'delete').tags).toEqual(expect.arrayContaining(['trash', 'trash can', 'bin']))
  })

  it('come from Iconify aliases and categories', () => {
    expect(icon('lucide', 'house').tags).toContain('home')
    expect(icon('mdi', 'home').tags.length).toBeGreaterThan(0)
    expect(icon('carbon', 'home').tags.length).toBeGreaterThan(0)
  })

  it('are normalised and listed once', () => {
    const wellFormed = /^[\p{L}\p{N}]+( [\p{L}\p{N}]+)*$/u
    const bad = catalogue.iconsets.flatMap((set) =>
      set.icons.filter((member) => new Set(member.tags).size !== member.tags.length || !member.tags.every((tag) => wellFormed.test(tag)))
    )
    expect(bad.map((member) => `${member.iconset}/${member.slug}: ${member.tags.join(', ')}`)).toEqual([])
  })
})

describe('configuration', () => {
  it('adds a set under a new slug with one entry and no code change', async () => {
    const lucide = ICONSET_CONFIG.find((entry) => entry.slug === 'lucide')
    if (!lucide) throw new Error('lucide is not configured')
    const copy = await loadCatalogue([lucide, { ...lucide, slug: 'lucide-copy', prefix: 'lucide' }])
    expect(copy.iconsets.map((set) => set.slug)).toEqual(['lucide', 'lucide-copy'])
    expect(copy.getIcon('lucide-copy', 'house')?.iconset).toBe('lucide-copy')
    expect(copy.totalIcons).toBe(2 * (copy.getIconset('lucide')?.icons.length ?? 0))
  })

  it('refuses a package whose prefix does not match, with a clear message', async () => {
    await expect(loadCatalogue([{ slug: 'other', package: '@iconify-json/lucide', styles: { base: 'outline' } }])).rejects.toThrow(
      /prefix "lucide"/
    )
  })
})
