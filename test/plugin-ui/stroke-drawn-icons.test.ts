/**
 * Which icons take the toolbar's stroke width: those of a set's stroke-drawn styles, and within a
 * style that holds drawings of several kinds, only the kinds drawn with strokes. Solar's outline
 * style is its Linear and Broken drawings, stroked at 1.5 px, and its Outline drawings, filled;
 * its duotone style is its Line Duotone strokes and its Bold Duotone fills. Through the real
 * service over the real Solar set, and the UI's own client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { IconSetStroke } from '../../src/api/catalogue-schemas'
import type { InsertLook, SelectedIcon } from '../../src/api/plugin-protocol'
import { loadCatalogue } from '../../src/catalogue/catalogue'
import { ICONSET_CONFIG } from '../../src/catalogue/iconset-config'
import { insertedLook, retargetSelection, strokeAmong, type SelectionChange, type StrokeOf } from '../../src/plugin/shared/icon-payloads'
import { keepDrawings, type KeptDrawings } from '../../src/plugin/shared/kept-drawings'
import { createCatalogueClient, type CatalogueClient } from '../../src/plugin/ui/catalogue-client'
import { startCatalogue, type RunningCatalogue } from '../support/catalogue'

let service: RunningCatalogue | undefined
let client: CatalogueClient
let strokes: IconSetStroke[]
const strokeOf: StrokeOf = (icon) => strokeAmong(strokes, icon)

beforeAll(async () => {
  service = await startCatalogue({ catalogue: await loadCatalogue(ICONSET_CONFIG.filter((entry) => entry.slug === 'solar')) })
  client = createCatalogueClient(service.url)
  strokes = (await client.iconsets()).iconsets.find((set) => set.slug === 'solar')?.strokes ?? []
})

afterAll(async () => {
  await service?.close()
})

const NEXT: InsertLook = { size: 32, color: '#333333', strokeWidth: 2 }
const STROKED = ['home-linear', 'home-broken', 'home-line-duotone']
const FILLED = ['home-outline', 'home-bold', 'home-bold-duotone']
/** The styles the catalogue files the selected drawings under. */
const STYLE_OF: Readonly<Record<string, string>> = { 'home-linear': 'outline', 'home-outline': 'outline', 'home-line-duotone': 'duotone' }

const selected = (slug: string, nodeId: string, strokeWidth?: number): SelectedIcon => ({
  nodeId,
  iconset: 'solar',
  icon: slug,
  style: STYLE_OF[slug] ?? 'outline',
  size: 24,
  color: '#333333',
  ...(strokeWidth === undefined ? {} : { strokeWidth })
})

describe('stroke-drawn icons', () => {
  it('Solar lists its outline style as stroke-drawn for its Linear and Broken drawings only', () => {
    expect(strokes).toContainEqual({ style: 'outline', width: 1.5, drawn_at: 24, suffixes: ['linear', 'broken'] })
    expect(strokeAmong(strokes, { style: 'outline', slug: 'home-linear' })?.width).toBe(1.5)
    expect(strokeAmong(strokes, { style: 'outline', slug: 'home-outline' })).toBeUndefined()
  })

  it('an insert of a Linear, Broken or Line Duotone drawing takes the stroke width; an Outline, Bold or Bold Duotone one is as drawn', async () => {
    for (const slug of [...STROKED, ...FILLED]) {
      const look = insertedLook(NEXT, await client.icon('solar', slug), strokeOf)
      expect([slug, look.strokeWidth]).toEqual([slug, STROKED.includes(slug) ? 2 : undefined])
    }
  })

  it('a stroke width chosen for the selection goes to its stroke-drawn icons only, and a resize keeps a Linear icon’s own', async () => {
    const selection = [selected('home-linear', '1:1'), selected('home-outline', '1:2'), selected('home-line-duotone', '1:3')]
    const widened = await retargetSelection(client, selection, { strokeWidth: 3 }, strokeOf, NEXT)
    expect(widened.map((item) => [item.icon.icon, item.icon.strokeWidth])).toEqual([
      ['home-linear', 3],
      ['home-outline', undefined],
      ['home-line-duotone', 3]
    ])
    const resized = await retargetSelection(client, [selected('home-linear', '1:1', 3)], { size: 48 }, strokeOf, NEXT)
    expect(resized.map((item) => [item.icon.icon, item.icon.size, item.icon.strokeWidth])).toEqual([['home-linear', 48, 3]])
  })

  it('replaced, a filled icon’s stroke-drawn successor takes the next insert’s width, as the details draw it; a stroke-drawn icon keeps its own', async () => {
    const broken = await client.icon('solar', 'home-broken')
    const replaced = async (icon: SelectedIcon) =>
      (await retargetSelection(client, [icon], { replaceWith: broken }, strokeOf, NEXT)).map((item) => item.icon.strokeWidth)
    // A filled drawing has no width of its own to keep: the one the toolbar shows goes.
    expect(await replaced(selected('home-outline', '1:2'))).toEqual([NEXT.strokeWidth])
    // A Linear icon as drawn stays as drawn; one at 3 px stays at 3 px.
    expect(await replaced(selected('home-linear', '1:1'))).toEqual([undefined])
    expect(await replaced(selected('home-linear', '1:1', 3))).toEqual([3])
  })

  it('a style swap through Solid and back gives an icon its own drawing and width again, not the first drawing and the next insert’s width', async () => {
    const kept: KeptDrawings = new Map()
    /** One swap as the toolbar makes it: the icon as it is now is noted first. */
    const swapped = async (icon: SelectedIcon, change: SelectionChange): Promise<SelectedIcon> => {
      keepDrawings(kept, [icon], strokeOf)
      const [item] = await retargetSelection(client, [icon], change, strokeOf, NEXT, kept)
      const { iconset, icon: slug, style, size, color, strokeWidth } = item!.icon
      return { nodeId: icon.nodeId, iconset, icon: slug, style, size, color, ...(strokeWidth === undefined ? {} : { strokeWidth }) }
    }
    const solid = await swapped(selected('home-linear', '1:1', 3), { style: 'solid' })
    expect([solid.icon, solid.strokeWidth]).toEqual(['home-bold', undefined])
    const back = await swapped(solid, { style: 'outline' })
    expect([back.icon, back.strokeWidth]).toEqual(['home-linear', 3])
    // Replaced since by another icon, the node's past drawings are another family's: its own outline comes.
    const star = await swapped(back, { replaceWith: await client.icon('solar', 'star-bold') })
    expect((await swapped(star, { style: 'outline' })).icon).toMatch(/^star-/)
    // Without a past, Solid to Outline is the family's first outline drawing, at the next insert's width.
    const fresh = await retargetSelection(client, [{ ...solid, nodeId: '1:9' }], { style: 'outline' }, strokeOf, NEXT, kept)
    expect(fresh.map((item) => [item.icon.icon, item.icon.strokeWidth])).toEqual([['home-broken', NEXT.strokeWidth]])
  })
})
