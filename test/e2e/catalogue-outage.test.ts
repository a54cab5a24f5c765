/**
 * The catalogue goes away under the running plugin and comes back on the same port: the UI says
 * so instead of spinning, what it kept still inserts, and Retry brings results back. Its own catalogue server, since stopping
 * it must not disturb other test files.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCatalogue, type RunningCatalogue } from '../support/catalogue'
import { holdRequests, pluginIcons, startPlaygroundSession, waitForDocument, type Playground } from './support/playground'

let catalogue: RunningCatalogue | undefined
let browser: Browser
let playground: Playground

beforeAll(async () => {
  ;({ catalogue, browser, playground } = await startPlaygroundSession())
})

afterAll(async () => {
  await browser?.close()
  await catalogue?.close()
})

describe('when the catalogue stops and comes back', () => {
  it('the UI shows an error instead of spinning, and Retry brings results back', async () => {
    const { plugin } = playground
    const port = catalogue!.port
    const searchBox = plugin.getByRole('textbox', { name: 'Search icons' })
    const summary = plugin.getByRole('status').filter({ hasText: /drawings? for/ })
    const results = plugin.getByRole('list', { name: 'Search results' })
    const alert = plugin.getByRole('alert').filter({ has: plugin.getByRole('button', { name: 'Retry' }) })

    await searchBox.fill('home')
    await expect.poll(() => summary.textContent()).toMatch(/drawings? for “home”$/)
    // The drawing an insert sends, which the open details fetch a moment after they open (not a
    // thumbnail, which is an image): the catalogue stops only once it has come, however slow the machine.
    const drawing = playground.page.waitForResponse(
      (response) => response.request().resourceType() === 'fetch' && new URL(response.url()).searchParams.get('format') === 'svg'
    )
    await results.getByRole('button').first().click()
    const insert = plugin.getByRole('region', { name: 'Icon details' }).getByRole('button', { name: 'Insert' })
    await insert.waitFor()
    await (await drawing).finished()
    const before = await playground.snapshot()

    await catalogue!.close()
    catalogue = undefined

    // The details fetched the drawing while they were open: at another size the plugin makes it
    // from that one, as the catalogue would, so the insert goes in at 40 px all the same.
    await plugin.getByRole('group', { name: /next insert/i }).getByRole('textbox', { name: 'Size' }).fill('40')
    await insert.click()
    const offline = await waitForDocument(playground, 'an icon inserted while the catalogue is away', (snapshot) => pluginIcons(snapshot).size === pluginIcons(before).size + 1)
    const made = [...pluginIcons(offline).values()].find((node) => !pluginIcons(before).has(node.id))!
    expect([made.width, made.height]).toEqual([40, 40])

    // An icon whose drawing it never fetched needs the catalogue: it fails cleanly, nothing half-inserted.
    await results.getByRole('button').nth(2).press('Enter')
    await expect.poll(() => playground.hook((hook) => hook.notifications().filter((note) => note.error).length)).toBeGreaterThan(0)
    await expect(plugin.getByRole('alert').first().textContent()).resolves.toMatch(/\w/)
    expect((await playground.snapshot()).children).toEqual(offline.children)

    // Another icon's details cannot load either: the window says the catalogue is away once, in the details beside their Retry.
    await results.getByRole('button').nth(1).click()
    const detailAlert = plugin.getByRole('region', { name: 'Icon details' }).getByRole('alert')
    await detailAlert.waitFor()
    const away = await detailAlert.locator('p').textContent()
    await expect.poll(() => plugin.getByRole('alert').filter({ hasText: away! }).count()).toBe(1)
    await plugin.getByRole('button', { name: 'Close details' }).click()

    // A new search fails too: an error with Retry, and no spinner left behind.
    await searchBox.fill('house')
    await alert.waitFor()
    expect(await alert.textContent()).toMatch(/\w{3,}/)
    await expect.poll(() => plugin.getByText('Searching…').count()).toBe(0)
    expect(await results.count()).toBe(0)

    // Searches are held while the catalogue comes back, so the plugin's own retry cannot bring the
    // results before Retry is clicked; let go, the click's search answers.
    const searches = await holdRequests(playground.page, (url) => url.pathname === '/search')
    catalogue = await startCatalogue({ port, withPlayground: true, data: 'full' })
    await alert.getByRole('button', { name: 'Retry' }).click()
    await expect.poll(searches.count).toBeGreaterThan(0)
    await searches.release()
    await expect.poll(() => summary.textContent()).toMatch(/drawings? for “house”$/)
    expect(await results.getByRole('button').count()).toBeGreaterThan(0)
    expect(await alert.count()).toBe(0)

    // And the plugin works again end to end: an insert reaches the emulated document.
    await results.getByRole('button').first().click()
    await insert.click()
    const after = await waitForDocument(playground, 'an icon inserted after the restart', (snapshot) => pluginIcons(snapshot).size === pluginIcons(offline).size + 1)
    expect(after.children.length).toBe(offline.children.length + 1)
  })
})
