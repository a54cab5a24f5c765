/**
 * Search as the designer sees it in the real plugin, in Chromium, against the whole catalogue: a
 * page of results and its thumbnails cost one request, each drawing shows once with its variant
 * count, a set named in the query shows as a removable chip, and variants are chosen in the details.
 */
import type { Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { RunningCatalogue } from '../support/catalogue'
import { playgroundSessionPerFile, type Playground } from './support/playground'

let catalogue: RunningCatalogue
let playground: Playground

playgroundSessionPerFile((session) => ({ catalogue, playground } = session))

const results = () => playground.plugin.getByRole('list', { name: 'Search results' })
const summary = () => playground.plugin.getByRole('status').filter({ hasText: /drawings? for/ })

describe('search families in the plugin', () => {
  it('a page of 96 results with their thumbnails costs one request', async () => {
    const requested: string[] = []
    const record = (request: Request) => {
      if (request.url().startsWith(catalogue.url)) requested.push(new URL(request.url()).pathname + new URL(request.url()).search)
    }
    playground.page.on('request', record)
    await playground.plugin.getByRole('textbox', { name: 'Search icons' }).fill('arrow')
    await expect.poll(() => summary().textContent()).toMatch(/drawings? for “arrow”$/)
    await expect.poll(() => results().getAttribute('data-loaded')).toBe('96')
    // Every tile's thumbnail is drawn from the page itself.
    const sources = await results().locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''))
    expect(sources.length).toBeGreaterThan(24)
    for (const source of sources) expect(source.startsWith('data:image/svg+xml')).toBe(true)
    playground.page.off('request', record)
    expect(requested.filter((path) => path.startsWith('/search'))).toHaveLength(1)
    expect(requested.filter((path) => path.startsWith('/iconsets/'))).toEqual([])
  })

  it('shows each drawing once, with a badge on those that come in several styles or sizes', async () => {
    await playground.plugin.getByRole('textbox', { name: 'Search icons' }).fill('heart')
    await expect.poll(() => summary().textContent()).toMatch(/drawings? for “heart”$/)
    const tiles = results().getByRole('button')
    await expect.poll(() => tiles.count()).toBeGreaterThan(24)
    const titles = await tiles.evaluateAll((buttons) => buttons.slice(0, 24).map((button) => button.getAttribute('title')))
    expect(new Set(titles).size).toBe(titles.length)
    expect(await results().locator('.ic-variant-badge').count()).toBeGreaterThan(0)
  })

  it('a set named in the query scopes the results and shows as a chip; removing it searches every set', async () => {
    const box = playground.plugin.getByRole('textbox', { name: 'Search icons' })
    await box.fill('fluent home')
    const reading = playground.plugin.getByLabel('Search read as')
    await expect.poll(() => reading.textContent()).toContain('Fluent')
    const labels = await results().getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''))
    expect(labels.length).toBeGreaterThan(0)
    for (const label of labels) expect(label).toContain(', Fluent UI System Icons, ')
    await reading.getByRole('button', { name: /^Search every set/ }).click()
    await expect.poll(() => box.inputValue()).toBe('home')
    await expect.poll(() => summary().textContent()).toMatch(/drawings? for “home”$/)
  })

  it('variants of a drawing are chosen in its details', async () => {
    await playground.plugin.getByRole('textbox', { name: 'Search icons' }).fill('phosphor house')
    await expect.poll(() => summary().textContent()).toMatch(/drawings? for “phosphor house”$/)
    await results().getByRole('button').first().click()
    const details = playground.plugin.getByRole('region', { name: 'Icon details' })
    await expect.poll(() => details.getByRole('button', { name: 'Bold' }).count()).toBeGreaterThan(0)
    await details.getByRole('button', { name: 'Bold' }).first().click()
    // The drawing is named by its family; its style is said beside it.
    await expect.poll(() => details.textContent()).toContain('Phosphor · Bold')
    expect(await details.getByRole('heading', { name: 'House', exact: true }).count()).toBe(1)
  })
})
