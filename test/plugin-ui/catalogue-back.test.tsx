// @vitest-environment happy-dom
/**
 * When the icon catalogue goes away and comes back, the plugin finds out by itself: it asks again
 * with backoff (1 s, then 2 s, …) and each error message goes once an answer replaces it, with no
 * click on Retry. Time is moved on with fake timers; the catalogue is the real one, behind a
 * switch that makes every request fail as an unreachable catalogue does.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

import { DEFAULT_PREFERENCES } from '../../src/api/plugin-protocol'
import { backoffDelay } from '../../src/plugin/ui/backoff'
import { CATALOGUE_BACK } from '../../src/plugin/ui/use-operations'
import { CatalogueError, type CatalogueClient } from '../../src/plugin/ui/catalogue-client'
import { Plugin } from '../../src/plugin/ui/plugin'
import { useRealCatalogue } from './real-catalogue'
import { captureMessagesToMain, typeInto } from './ui-harness'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()

/**
 * The real catalogue, which answers only while `away` is false; `asked` counts requests by method,
 * and `last` holds each method's latest answer, to wait until the plugin has heard it.
 */
function switchableCatalogue(base: CatalogueClient) {
  const state = { away: false, asked: new Map<string, number>(), last: new Map<string, Promise<unknown>>() }
  const guarded = <A extends unknown[], R>(name: string, call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      state.asked.set(name, (state.asked.get(name) ?? 0) + 1)
      const answer = state.away
        ? Promise.reject(new CatalogueError(`Can't reach the icon catalogue at ${base.baseUrl}.`, { transient: true }))
        : call(...args)
      state.last.set(name, answer)
      return answer
    }
  const client: CatalogueClient = {
    baseUrl: base.baseUrl,
    search: guarded('search', base.search),
    iconsets: guarded('iconsets', base.iconsets),
    icon: guarded('icon', base.icon),
    styles: guarded('styles', base.styles),
    reachable: guarded('reachable', base.reachable),
    equivalents: guarded('equivalents', base.equivalents),
    svg: guarded('svg', base.svg),
    // What the client keeps is no request: it is there whether the catalogue is or not.
    keptIcon: base.keptIcon,
    keptSvg: base.keptSvg,
    // Only a request let through reaches the real client, which hears its answer.
    onAnswer: base.onAnswer
  }
  return { client, state }
}

/** Waits until the plugin has asked `name` more than `before` times and has heard the last answer, whatever it was. */
async function heard(state: ReturnType<typeof switchableCatalogue>['state'], name: string, before: number): Promise<void> {
  await waitFor(() => expect(state.asked.get(name)).toBeGreaterThan(before), WAIT)
  await act(async () => {
    await state.last.get(name)?.catch(() => undefined)
  })
}

/** Moves the fake clock on by the wait before the `failures`th automatic retry, and lets what it starts run. */
async function waitOutBackoff(failures: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(backoffDelay(failures))
  })
}

beforeEach(() => {
  // Only timeouts are faked; time still flows, so real HTTP answers and the debounce behave as in use.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('the catalogue comes back', () => {
  test('a search that failed is asked again with backoff, and its results replace the error by themselves', async () => {
    const { client, state } = switchableCatalogue(real.direct)
    state.away = true
    // Opened on the words of last time, so the failure is the search's alone, not first the listing's of no words.
    render(<Plugin client={client} preferences={{ ...DEFAULT_PREFERENCES, query: 'home' }} />)
    const alert = await screen.findByText(/Can't reach the icon catalogue/, undefined, WAIT)
    const searches = state.asked.get('search') ?? 0

    // Still away after the first wait: asked once more, and the message stays.
    await waitOutBackoff(1)
    await heard(state, 'search', searches)
    expect(screen.getByText(/Can't reach the icon catalogue/)).toBe(alert)

    state.away = false
    await waitOutBackoff(2)
    const expected = await real.direct.search({ q: 'home', limit: 96 })
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    await waitFor(() => expect(grid.dataset.loaded).toBe(String(Math.min(expected.families, 96))), WAIT)
    expect(screen.queryByText(/Can't reach the icon catalogue/)).toBeNull()
  })

  test('a next page that failed is asked again with backoff; it joins the results and its error goes', async () => {
    const { client, state } = switchableCatalogue(real.direct)
    const { families } = await real.direct.search({ q: 'arrow', limit: 1 })
    render(<Plugin client={client} />)
    typeInto(screen.getByRole('textbox', { name: 'Search icons' }), 'arrow')
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    await waitFor(() => expect(grid.dataset.loaded).toBe('96'), WAIT)

    state.away = true
    grid.scrollTop = Number.parseFloat((grid.firstElementChild as HTMLElement).style.height)
    fireEvent.scroll(grid)
    const height = (grid.firstElementChild as HTMLElement).style.height
    const alert = await screen.findByRole('alert', undefined, WAIT)
    expect(alert.textContent).toContain("Can't reach the icon catalogue")
    // Asked again by itself, the page keeps its placeholders: the grid keeps its height under a
    // designer scrolled to its end, rather than jumping back a page's rows.
    expect(grid.querySelectorAll('.ic-grid-pending').length).toBeGreaterThan(0)
    expect((grid.firstElementChild as HTMLElement).style.height).toBe(height)

    state.away = false
    await waitOutBackoff(1)
    await waitFor(() => expect(grid.dataset.loaded).toBe(String(Math.min(families, 192))), WAIT)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  test('the list of icon sets that failed to load appears by itself', async () => {
    const { client, state } = switchableCatalogue(real.direct)
    state.away = true
    render(<Plugin client={client} />)
    fireEvent.click(screen.getByRole('tab', { name: 'Icon sets' }))
    await screen.findByText(/Can't reach the icon catalogue/, undefined, WAIT)

    state.away = false
    await waitOutBackoff(1)
    const list = await screen.findByRole('list', { name: 'Icon sets' }, WAIT)
    const [first] = (await real.direct.iconsets()).iconsets
    expect(within(list).getByRole('button', { name: new RegExp(`^${first?.name}, `) })).toBeTruthy()
    expect(screen.queryByText(/Can't reach the icon catalogue/)).toBeNull()
  })

  test('the icon sets listed before the catalogue went away say it is away, whose samples cannot load, until it answers', async () => {
    const { client, state } = switchableCatalogue(real.direct)
    render(<Plugin client={client} />)
    await waitFor(() => expect(state.asked.get('iconsets')).toBe(1), WAIT)
    await act(async () => {
      await state.last.get('iconsets')
    })
    state.away = true
    fireEvent.click(screen.getByRole('tab', { name: 'Icon sets' }))
    const alert = await screen.findByRole('alert', undefined, WAIT)
    expect(alert.textContent).toContain("Can't reach the icon catalogue")
    expect(screen.getByRole('list', { name: 'Icon sets' })).toBeTruthy()

    // Retry while still away asks at once, and the bar stays.
    const asked = state.asked.get('reachable') ?? 0
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    await heard(state, 'reachable', asked)
    expect(screen.getByRole('alert').textContent).toContain("Can't reach the icon catalogue")

    state.away = false
    await waitOutBackoff(1)
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), WAIT)
  })

  test('an insert that failed because the catalogue was away leaves a message that, once it answers again, says the insert is still to do', async () => {
    const { client, state } = switchableCatalogue(real.direct)
    render(<Plugin client={client} />)
    typeInto(screen.getByRole('textbox', { name: 'Search icons' }), 'home')
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    state.away = true
    fireEvent.keyDown(within(grid).getAllByRole('button')[0] as HTMLElement, { key: 'Enter' })
    const alert = await screen.findByRole('alert', undefined, WAIT)
    expect(alert.textContent).toContain("Can't reach the icon catalogue")

    // Still away at the first probe: once the plugin has heard its failure, the message stays.
    await waitOutBackoff(1)
    await heard(state, 'reachable', 0)
    expect(screen.getByRole('alert').textContent).toContain("Can't reach the icon catalogue")

    state.away = false
    await waitOutBackoff(2)
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), WAIT)
    expect(screen.getByText(CATALOGUE_BACK)).toBeTruthy()
  })

  test('an insert that failed because the catalogue was away offers Try again, which runs that insert once it answers again', async () => {
    const { client, state } = switchableCatalogue(real.direct)
    const toMain = captureMessagesToMain()
    try {
      render(<Plugin client={client} />)
      typeInto(screen.getByRole('textbox', { name: 'Search icons' }), 'home')
      const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
      const first = within(grid).getAllByRole('button')[0] as HTMLElement
      state.away = true
      fireEvent.keyDown(first, { key: 'Enter' })
      const alert = await screen.findByRole('alert', undefined, WAIT)

      // Tried while still away: it fails as before and still offers to try again; nothing reached main.
      const asked = state.asked.get('icon') ?? 0
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
      await waitFor(() => expect(state.asked.get('icon')).toBeGreaterThan(asked), WAIT)
      const again = await screen.findByRole('alert', undefined, WAIT)
      expect(again.textContent).toContain("Can't reach the icon catalogue")
      expect(toMain.events('INSERT_ICON')).toEqual([])

      // Back: the notice that nothing changed keeps the button, and the insert goes to main as asked.
      state.away = false
      await waitOutBackoff(1)
      const notice = (await screen.findByText(CATALOGUE_BACK, undefined, WAIT)).closest('[role="status"]') as HTMLElement
      fireEvent.click(within(notice).getByRole('button', { name: 'Try again' }))
      await waitFor(() => expect(toMain.events('INSERT_ICON')).toHaveLength(1), WAIT)
      const [best] = (await real.direct.search({ q: 'home', limit: 1 })).icons
      expect(toMain.events('INSERT_ICON')[0]).toMatchObject({ icon: { iconset: best?.iconset, icon: best?.slug } })
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(`Inserting ${best?.name}…`)
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    } finally {
      toMain.restore()
    }
  })

  test('an insert the catalogue answered with a 503 keeps saying so, with Try again: the catalogue was there, so nothing says it answers again', async () => {
    const busy = new CatalogueError('The icon catalogue is too busy to answer (503). Try again in a moment.', { transient: true, status: 503 })
    let refusing = true
    const client: CatalogueClient = { ...real.direct, svg: (...args) => (refusing ? Promise.reject(busy) : real.direct.svg(...args)) }
    const toMain = captureMessagesToMain()
    try {
      render(<Plugin client={client} />)
      typeInto(screen.getByRole('textbox', { name: 'Search icons' }), 'home')
      const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
      fireEvent.keyDown(within(grid).getAllByRole('button')[0] as HTMLElement, { key: 'Enter' })
      const alert = await screen.findByRole('alert', undefined, WAIT)
      expect(alert.textContent).toContain('too busy to answer (503)')
      // Past the first backoffs: no watch replaced it.
      for (const failures of [1, 2, 3]) await waitOutBackoff(failures)
      expect(screen.getByRole('alert').textContent).toContain('too busy to answer (503)')
      expect(screen.queryByText(CATALOGUE_BACK)).toBeNull()
      refusing = false
      fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }))
      await waitFor(() => expect(toMain.events('INSERT_ICON')).toHaveLength(1), WAIT)
    } finally {
      toMain.restore()
    }
  })

  test('a search answered while the insert’s message waits out its backoff clears the message at once', async () => {
    const { client, state } = switchableCatalogue(real.direct)
    render(<Plugin client={client} />)
    const box = screen.getByRole('textbox', { name: 'Search icons' })
    typeInto(box, 'home')
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    state.away = true
    fireEvent.keyDown(within(grid).getAllByRole('button')[0] as HTMLElement, { key: 'Enter' })
    await screen.findByRole('alert', undefined, WAIT)
    // Five probes fail: the next is 30 s away, longer than the wait below.
    for (const failures of [1, 2, 3, 4, 5]) {
      const asked = state.asked.get('reachable') ?? 0
      await waitOutBackoff(failures)
      await heard(state, 'reachable', asked)
    }
    expect(screen.getByRole('alert').textContent).toContain("Can't reach the icon catalogue")

    // Back, and the designer searches again: its answer asks now, without the clock moving on.
    state.away = false
    typeInto(box, 'star')
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), WAIT)
    expect(screen.getByText(CATALOGUE_BACK)).toBeTruthy()
  })
})
