/**
 * Conversion over real HTTP: every download URL of sample icons from each set, of the fixture and of
 * the whole catalogue, resolves with the right content type, and the PNG's pixels and the SVG's
 * width/height equal the requested size.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IconDetail, IconSetList } from '../../src/api/catalogue-schemas'
import { iconUrl } from '../../src/api/catalogue-urls'
import { ICONSET_CONFIG } from '../../src/catalogue/iconset-config'
import { startCatalogue, type CatalogueData, type RunningCatalogue } from '../support/catalogue'
import { FIXTURE_WORDS } from '../support/fixture-catalogue'
import { getJson, pngSize, svgSize } from './http-client'

let service: RunningCatalogue
/** The whole catalogue, for the sample icons of every set. */
let full: RunningCatalogue

beforeAll(async () => {
  ;[service, full] = await Promise.all([startCatalogue(), startCatalogue({ data: 'full' })])
})

afterAll(async () => {
  await Promise.all([service?.close(), full?.close()])
})

/** The box an icon of native width x height gets when its longest side is `size`. */
function expectedBox(icon: IconDetail, size: number): { width: number; height: number } {
  const longest = Math.max(icon.width, icon.height)
  const scale = (side: number) => Math.max(1, Math.round((size * side) / longest))
  return icon.width >= icon.height ? { width: size, height: scale(icon.height) } : { width: scale(icon.width), height: size }
}

const SETS: [CatalogueData, string][] = [
  ...Object.keys(FIXTURE_WORDS).map((slug): [CatalogueData, string] => ['fixture', slug]),
  ...ICONSET_CONFIG.map((config): [CatalogueData, string] => ['full', config.slug])
]

describe('downloads', () => {
  it.each(SETS)('every download of a sample icon (%s data, %s) has the requested size', async (data, slug) => {
    const running = data === 'full' ? full : service
    const list = await getJson<IconSetList>(`${running.url}/iconsets`)
    const set = list.iconsets.find((candidate) => candidate.slug === slug)!
    expect(set, slug).toBeDefined()
    const icon = await getJson<IconDetail>(iconUrl(running.url, slug, set.samples[0]!))
    expect(icon.downloads.length).toBeGreaterThanOrEqual(18)
    for (const download of icon.downloads) {
      const response = await fetch(download.url)
      expect(response.status, download.url).toBe(200)
      const box = expectedBox(icon, download.size)
      if (download.format === 'png') {
        expect(response.headers.get('content-type')).toBe('image/png')
        expect(pngSize(new Uint8Array(await response.arrayBuffer())), download.url).toEqual(box)
      } else {
        expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
        const svg = svgSize(await response.text())
        expect({ width: svg.width, height: svg.height }, download.url).toEqual(box)
        expect(svg.viewBox).toMatch(/^-?[\d.]+ -?[\d.]+ [\d.]+ [\d.]+$/)
      }
    }
  })

  it('keeps the aspect ratio of a non-square icon (Font Awesome is wider or taller than square)', async () => {
    const icon = await getJson<IconDetail>(iconUrl(service.url, 'fa6-brands', 'github'))
    expect(icon.width).toBeLessThan(icon.height)
    const png = await fetch(iconUrl(service.url, 'fa6-brands', 'github', { format: 'png', size: 100 }))
    expect(pngSize(new Uint8Array(await png.arrayBuffer()))).toEqual({ width: Math.round((100 * icon.width) / icon.height), height: 100 })
  })

  it('renders the native size when no size is given, and any size from 1 to 1024', async () => {
    const svg = svgSize(await (await fetch(iconUrl(service.url, 'lucide', 'house', { format: 'svg' }))).text())
    expect(svg).toEqual({ width: 24, height: 24, viewBox: '0 0 24 24' })
    for (const size of [1, 37, 1024]) {
      const png = await fetch(iconUrl(service.url, 'lucide', 'house', { format: 'png', size }))
      expect(pngSize(new Uint8Array(await png.arrayBuffer()))).toEqual({ width: size, height: size })
    }
  })

  it('replaces currentColor with the requested colour in SVG and PNG', async () => {
    const plain = await (await fetch(iconUrl(service.url, 'lucide', 'house', { format: 'svg' }))).text()
    expect(plain).toContain('currentColor')
    const red = await (await fetch(iconUrl(service.url, 'lucide', 'house', { format: 'svg', color: '#e11d48' }))).text()
    expect(red).not.toContain('currentColor')
    expect(red).toContain('#e11d48')

    const png = new Uint8Array(await (await fetch(iconUrl(service.url, 'ph', 'house-fill', { format: 'png', size: 64, color: '#ff0000' }))).arrayBuffer())
    const black = new Uint8Array(await (await fetch(iconUrl(service.url, 'ph', 'house-fill', { format: 'png', size: 64 }))).arrayBuffer())
    expect(Buffer.from(png).equals(Buffer.from(black))).toBe(false)
  })

  it('serves the same rendered PNG again from its cache, byte for byte with the same ETag', async () => {
    const url = iconUrl(service.url, 'lucide', 'house', { format: 'png', size: 256 })
    const first = await fetch(url)
    const second = await fetch(url)
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(Buffer.from(await second.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true)
  })
})
