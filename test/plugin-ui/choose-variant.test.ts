/**
 * Choosing the family member for a requested size and style: the native drawing when there is one,
 * otherwise the nearest in size, rescaled, on made-up and on real families.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import type { IconDetail } from '../../src/api/catalogue-schemas'
import type { SelectedIcon } from '../../src/api/plugin-protocol'
import { retargetSelection } from '../../src/plugin/shared/icon-payloads'
import { createCatalogueClient } from '../../src/plugin/ui/catalogue-client'
import { chooseVariant, drawingLabel, drawingsAlike, familyOf, nativeSizesOf, stylesOf, type FamilyMember } from '../../src/api/choose-variant'
import { startCatalogue, type RunningCatalogue } from '../support/catalogue'

describe('chooseVariant (pure)', () => {
  const family: FamilyMember[] = [
    { slug: 'bell-24-regular', style: 'outline', size: 24 },
    { slug: 'bell-16-regular', style: 'outline', size: 16 },
    { slug: 'bell-48-regular', style: 'outline', size: 48 },
    { slug: 'bell-20-filled', style: 'solid', size: 20 },
    { slug: 'bell-28-filled', style: 'solid', size: 28 }
  ]
  const current = family[0] as FamilyMember

  test('uses the native drawing when the family has one at that size and style', () => {
    expect(chooseVariant(current, family, { style: 'outline', size: 48 })).toEqual({
      slug: 'bell-48-regular',
      style: 'outline',
      native: true
    })
  })

  test('rescales the drawing nearest in size when none was made for that size, the larger of two as near', () => {
    expect(chooseVariant(current, family, { style: 'outline', size: 40 })).toEqual({
      slug: 'bell-48-regular',
      style: 'outline',
      native: false
    })
    expect(chooseVariant(current, family, { style: 'outline', size: 20 })).toEqual({
      slug: 'bell-24-regular',
      style: 'outline',
      native: false
    })
  })

  test('the drawing depends on the size asked for, not on the drawing the icon has now', () => {
    for (const from of family.filter((member) => member.style === 'outline')) {
      expect(chooseVariant(from, family, { style: 'outline', size: 13 })).toMatchObject({ slug: 'bell-16-regular' })
      expect(chooseVariant(from, family, { style: 'outline', size: 44 })).toMatchObject({ slug: 'bell-48-regular' })
    }
  })

  test('of drawings the same size in the style, the current one stays', () => {
    const solar: FamilyMember[] = [
      { slug: 'home-linear', style: 'outline', size: 24 },
      { slug: 'home-broken', style: 'outline', size: 24 },
      { slug: 'home-bold', style: 'solid', size: 24 }
    ]
    const broken = solar[1] as FamilyMember
    expect(chooseVariant(broken, solar, { style: 'outline', size: 40 })).toEqual({ slug: 'home-broken', style: 'outline', native: false })
    expect(chooseVariant(broken, solar, { style: 'outline', size: 24 })).toEqual({ slug: 'home-broken', style: 'outline', native: true })
  })

  test('another style picks that style, nearest in size when none matches exactly', () => {
    expect(chooseVariant(current, family, { style: 'solid', size: 28 })).toEqual({
      slug: 'bell-28-filled',
      style: 'solid',
      native: true
    })
    expect(chooseVariant(current, family, { style: 'solid', size: 24 })).toEqual({
      slug: 'bell-28-filled',
      style: 'solid',
      native: false
    })
    expect(chooseVariant(current, family, { style: 'solid', size: 17 })).toEqual({
      slug: 'bell-20-filled',
      style: 'solid',
      native: false
    })
  })

  test('a style the family lacks keeps the current drawing', () => {
    expect(chooseVariant(current, family, { style: 'duotone', size: 24 })).toEqual({
      slug: 'bell-24-regular',
      style: 'outline',
      native: false
    })
  })

  test('lists the family styles and native sizes', () => {
    expect(stylesOf(family)).toEqual(['outline', 'solid'])
    expect(nativeSizesOf(family, 'outline')).toEqual([16, 24, 48])
  })
})

describe('drawings alike: one style, one size, several drawings (pure)', () => {
  const solarHome: FamilyMember[] = [
    { slug: 'home-linear', style: 'outline', size: 24 },
    { slug: 'home-outline', style: 'outline', size: 24 },
    { slug: 'home-broken', style: 'outline', size: 24 },
    { slug: 'home-bold', style: 'solid', size: 24 }
  ]

  test('lists the drawings in the style and size, in name order whichever is open', () => {
    expect(drawingsAlike(solarHome, 'outline', 24).map((member) => member.slug)).toEqual(['home-broken', 'home-linear', 'home-outline'])
    expect(drawingsAlike([...solarHome].reverse(), 'outline', 24).map((member) => member.slug)).toEqual(['home-broken', 'home-linear', 'home-outline'])
    expect(drawingsAlike(solarHome, 'solid', 24).map((member) => member.slug)).toEqual(['home-bold'])
    expect(drawingsAlike(solarHome, 'outline', 16)).toEqual([])
  })

  test('names each by what its name adds to the family’s', () => {
    expect(drawingLabel('home-broken', 'home')).toBe('Broken')
    expect(drawingLabel('home-outline-rounded', 'home')).toBe('Outline rounded')
    expect(drawingLabel('ok-hand', 'ok-hand')).toBe('Plain')
    expect(drawingLabel('arrow-up', 'chevron')).toBe('Arrow up')
  })
})

describe('chooseVariant on real families from the catalogue', () => {
  let catalogue: RunningCatalogue
  let fluentHome: IconDetail
  let lucideHouse: IconDetail

  beforeAll(async () => {
    catalogue = await startCatalogue()
    const client = createCatalogueClient(catalogue.url)
    fluentHome = await client.icon('fluent', 'home-24-regular')
    lucideHouse = await client.icon('lucide', 'house')
  })
  afterAll(() => catalogue.close())

  test('Fluent has native drawings at 16/20/24/28/32/48, in regular and filled', () => {
    const family = familyOf(fluentHome)
    const [self] = family
    if (self === undefined) throw new Error('empty family')
    for (const size of [16, 20, 24, 28, 32, 48]) {
      expect(chooseVariant(self, family, { style: fluentHome.style, size })).toEqual({
        slug: `home-${size}-regular`,
        style: fluentHome.style,
        native: true
      })
    }
    expect(chooseVariant(self, family, { style: fluentHome.style, size: 40 })).toEqual({
      slug: 'home-48-regular',
      style: fluentHome.style,
      native: false
    })
    const filled = family.find((member) => member.slug === 'home-24-filled')
    expect(filled).toBeDefined()
    expect(chooseVariant(self, family, { style: filled?.style ?? '', size: 24 })).toMatchObject({
      slug: 'home-24-filled',
      native: true
    })
  })

  test('a family without sized drawings is always rescaled', () => {
    const family = familyOf(lucideHouse)
    const [self] = family
    if (self === undefined) throw new Error('empty family')
    expect(chooseVariant(self, family, { style: lucideHouse.style, size: 64 })).toEqual({
      slug: 'house',
      style: lucideHouse.style,
      native: false
    })
  })
})

describe('a size swap on the canvas, over the full catalogue: the drawing made for the size, else the icon’s own rescaled', () => {
  let catalogue: RunningCatalogue
  beforeAll(async () => {
    catalogue = await startCatalogue({ data: 'full' })
  })
  afterAll(() => catalogue.close())

  const swappedTo = async (iconset: string, icon: string, style: string, from: number, size: number): Promise<string | undefined> => {
    const selected: SelectedIcon = { nodeId: '1:1', iconset, icon, style, size: from, color: '#000000' }
    const client = createCatalogueClient(catalogue.url)
    const [item] = await retargetSelection(client, [selected], { size }, () => undefined, { color: '#000000', strokeWidth: null })
    return item?.icon.icon
  }

  test('Heroicons draws its solid icons at 16, 20 and 24', async () => {
    expect(await swappedTo('heroicons', 'home-solid', 'solid', 24, 16)).toBe('home-16-solid')
    expect(await swappedTo('heroicons', 'home-16-solid', 'solid', 16, 20)).toBe('home-20-solid')
    expect(await swappedTo('heroicons', 'home-20-solid', 'solid', 20, 24)).toBe('home-solid')
    // Its outline drawings come at 24 alone: rescaled.
    expect(await swappedTo('heroicons', 'home', 'outline', 24, 20)).toBe('home')
  })

  test('Fluent’s home at 48 taken to 13 px, a size it draws no home at, stays its 48 px drawing, where an insert at 13 takes the 12', async () => {
    expect(await swappedTo('fluent', 'home-48-regular', 'outline', 48, 13)).toBe('home-48-regular')
    expect(await swappedTo('fluent', 'home-48-regular', 'outline', 48, 12)).toBe('home-12-regular')
  })

  test('Octicons draws at 16 and 24, and any other size rescales the drawing the icon has', async () => {
    expect(await swappedTo('octicon', 'home-24', 'outline', 24, 16)).toBe('home-16')
    expect(await swappedTo('octicon', 'home-16', 'outline', 16, 24)).toBe('home-24')
    expect(await swappedTo('octicon', 'home-16', 'outline', 16, 40)).toBe('home-16')
    expect(await swappedTo('octicon', 'home-fill-24', 'solid', 24, 16)).toBe('home-fill-16')
  })
})
