// @vitest-environment happy-dom
/**
 * Keyboard use and accessible names: the search box is focused on open, ArrowDown moves into the
 * results, Escape closes the details before it clears the search, arrows and type-ahead on a
 * closed select are kept from acting, every button has a name, and a mixed selection is offered only common styles.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test } from 'vitest'

import type { SearchRequest } from '../../src/api/catalogue-schemas'
import type { Preferences, SelectedIcon } from '../../src/api/plugin-protocol'
import { DEFAULT_PREFERENCES } from '../../src/api/plugin-protocol'
import { familyOf, stylesOf } from '../../src/api/choose-variant'
import { Plugin } from '../../src/plugin/ui/plugin'
import { commonStyles } from '../../src/plugin/ui/use-selected-details'
import { useRealCatalogue, withSvgHeldBack } from './real-catalogue'
import { openSelectionPanel, typeInto } from './ui-harness'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()

function start(preferences: Partial<Preferences> = {}, selection: SelectedIcon[] = []) {
  render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, ...preferences }} selection={selection} />)
}

const searchBox = () => screen.getByRole('textbox', { name: 'Search icons' }) as HTMLInputElement

describe('keyboard', () => {
  test('the search box has focus when the plugin opens, and ArrowDown moves into the results', async () => {
    start()
    await waitFor(() => expect(document.activeElement).toBe(searchBox()))
    typeInto(searchBox(), 'home')
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    await waitFor(() => expect(grid.querySelector('[data-index="0"]')).not.toBeNull(), WAIT)
    expect(fireEvent.keyDown(searchBox(), { key: 'ArrowDown' })).toBe(false)
    expect((document.activeElement as HTMLElement).dataset.index).toBe('0')
    expect(grid.contains(document.activeElement)).toBe(true)
  })

  test('↓ right after typing waits for the new words’ results, never entering the last words’ grid', async () => {
    start()
    typeInto(searchBox(), 'heart')
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    await waitFor(() => expect(grid.querySelector('[data-index="0"]')?.getAttribute('aria-label')).toMatch(/^Heart/), WAIT)
    searchBox().focus()
    typeInto(searchBox(), 'moon')
    // The hearts are still on screen: ↓ stays in the box, and the box keeps its caret.
    expect(fireEvent.keyDown(searchBox(), { key: 'ArrowDown' })).toBe(false)
    expect(document.activeElement).toBe(searchBox())
    await waitFor(() => expect((document.activeElement as HTMLElement).dataset.index).toBe('0'), WAIT)
    expect((document.activeElement as HTMLElement).getAttribute('aria-label')).toMatch(/moon/i)
  })

  test('↓ pressed before results come does nothing once more has been typed', async () => {
    start()
    typeInto(searchBox(), 'heart')
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    await waitFor(() => expect(grid.querySelector('[data-index="0"]')).not.toBeNull(), WAIT)
    searchBox().focus()
    typeInto(searchBox(), 'mo')
    fireEvent.keyDown(searchBox(), { key: 'ArrowDown' })
    typeInto(searchBox(), 'moon')
    await screen.findByText(/drawings? for “moon”/, undefined, WAIT)
    expect(document.activeElement).toBe(searchBox())
  })

  test('↓ past the tiles loaded, while the next page is on its way, moves there once it comes instead of being dropped', async () => {
    // The next page is held back, as a slow one is while ↓ is held down.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const nextPages: number[] = []
    const client = {
      ...real.direct,
      search: async (request: SearchRequest, signal?: AbortSignal) => {
        if ((request.offset ?? 0) > 0) {
          nextPages.push(request.offset ?? 0)
          await held
        }
        return real.direct.search(request, signal)
      }
    }
    render(<Plugin client={client} preferences={{ ...DEFAULT_PREFERENCES, query: 'arrow' }} selection={[]} />)
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    await waitFor(() => expect(grid.dataset.loaded).toBe('96'), WAIT)
    fireEvent.keyDown(searchBox(), { key: 'ArrowDown' })
    await waitFor(() => expect((document.activeElement as HTMLElement).dataset.index).toBe('0'), WAIT)
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'End' })
    await waitFor(() => expect((document.activeElement as HTMLElement).dataset.index).toBe('95'), WAIT)
    // The grid's columns: the tiles that start a row, a row apart.
    const rowStarts = [...grid.querySelectorAll<HTMLElement>('[role="listitem"]')]
      .filter((cell) => cell.style.left === '0px')
      .map((cell) => Number(cell.querySelector<HTMLElement>('[data-index]')?.dataset.index))
    const columns = (rowStarts.at(-1) ?? 0) - (rowStarts.at(-2) ?? 0)
    expect(columns).toBeGreaterThan(0)
    const tile = document.activeElement as HTMLElement
    // Twice: the second ↓ adds a row to the move awaited.
    expect(fireEvent.keyDown(tile, { key: 'ArrowDown' })).toBe(false)
    expect(fireEvent.keyDown(tile, { key: 'ArrowDown' })).toBe(false)
    await waitFor(() => expect(nextPages).toEqual([96]), WAIT)
    expect(document.activeElement).toBe(tile)
    release()
    await waitFor(() => expect((document.activeElement as HTMLElement).dataset.index).toBe(String(95 + 2 * columns)), WAIT)
    expect(grid.contains(document.activeElement)).toBe(true)
  })

  test('new words in the search box close the details of the last words’ result, focus staying in the box', async () => {
    start({ query: 'heart' })
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    const tile = await waitFor(() => grid.querySelector<HTMLButtonElement>('[data-index="0"]') as HTMLButtonElement, WAIT)
    fireEvent.click(tile)
    await screen.findByRole('region', { name: 'Icon details' }, WAIT)
    searchBox().focus()
    typeInto(searchBox(), 'heart ')
    // The same words: the details stay.
    expect(screen.getByRole('region', { name: 'Icon details' })).toBeTruthy()
    typeInto(searchBox(), 'moon')
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Icon details' })).toBeNull())
    expect(document.activeElement).toBe(searchBox())
  })

  test('another tab closes the details, which belong to a tile of the view left; the same tab keeps them', async () => {
    start({ query: 'heart' })
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    fireEvent.click(await waitFor(() => grid.querySelector<HTMLButtonElement>('[data-index="0"]') as HTMLButtonElement, WAIT))
    await screen.findByRole('region', { name: 'Icon details' }, WAIT)
    fireEvent.click(screen.getByRole('tab', { name: 'Search' }))
    expect(screen.getByRole('region', { name: 'Icon details' })).toBeTruthy()
    // As a click does in a browser, the tab takes the focus, and keeps it: closing the details moves it nowhere.
    const styles = screen.getByRole('tab', { name: 'Styles' })
    styles.focus()
    fireEvent.click(styles)
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Icon details' })).toBeNull())
    expect(document.activeElement).toBe(styles)
  })

  test('the plugin opens on the remembered query selected, so typing starts a new search; back on the tab, the caret stays after it', async () => {
    start({ query: 'bell' })
    await waitFor(() => expect(document.activeElement).toBe(searchBox()))
    expect([searchBox().selectionStart, searchBox().selectionEnd]).toEqual([0, 4])
    // A return to the tab is not an opening: the words are there to go on with.
    fireEvent.click(screen.getByRole('tab', { name: 'Styles' }))
    fireEvent.click(screen.getByRole('tab', { name: 'Search' }))
    await waitFor(() => expect(document.activeElement).toBe(searchBox()))
    expect([searchBox().selectionStart, searchBox().selectionEnd]).toEqual([4, 4])
  })

  test('Escape closes the icon details first, and only then clears the search', async () => {
    start({ query: 'home' })
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    const tile = await waitFor(() => grid.querySelector<HTMLButtonElement>('[data-index="0"]') as HTMLButtonElement, WAIT)
    fireEvent.click(tile)
    const detail = await screen.findByRole('region', { name: 'Icon details' }, WAIT)
    fireEvent.keyDown(within(detail).getByRole('button', { name: 'Close details' }), { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Icon details' })).toBeNull())
    expect(searchBox().value).toBe('home')

    fireEvent.keyDown(searchBox(), { key: 'Escape' })
    await waitFor(() => expect(searchBox().value).toBe(''))
    expect(document.activeElement).toBe(searchBox())
  })

  test('closing the icon details from inside them puts focus back on the tile that opened them', async () => {
    start({ query: 'home' })
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    const tile = await waitFor(() => grid.querySelector<HTMLButtonElement>('[data-index="0"]') as HTMLButtonElement, WAIT)
    for (const close of ['button', 'Escape'] as const) {
      tile.focus()
      fireEvent.click(tile)
      const detail = await screen.findByRole('region', { name: 'Icon details' }, WAIT)
      // Fully drawn (its set and style are the last to come), so the button focused below stays.
      await waitFor(() => expect(detail.textContent).toContain('Fluent UI System Icons · Outline'), WAIT)
      const closeButton = within(detail).getByRole('button', { name: 'Close details' })
      closeButton.focus()
      expect(document.activeElement).toBe(closeButton)
      if (close === 'button') fireEvent.click(closeButton)
      else fireEvent.keyDown(closeButton, { key: 'Escape' })
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Icon details' })).toBeNull())
      await waitFor(() => expect(document.activeElement).toBe(tile))
    }
  })

  test('Escape on another tab leaves the search alone', async () => {
    start({ query: 'home' })
    fireEvent.click(screen.getByRole('tab', { name: 'Styles' }))
    fireEvent.keyDown(document.body, { key: 'Escape' })
    fireEvent.click(screen.getByRole('tab', { name: 'Search' }))
    await waitFor(() => expect(searchBox().value).toBe('home'))
  })

  // happy-dom moves no select on a key whether or not the plugin prevents it, so what shows here is
  // each key's default action being prevented; that the value then stays is shown in Chromium (e2e/search.test.ts).
  test('arrow keys and type-ahead on a closed select are kept from acting, on the style filter and the selection’s Style and Swap set; keys that open it and shortcuts go through', () => {
    const selected: SelectedIcon = { nodeId: '3:1', iconset: 'lucide', icon: 'house', style: 'outline', size: 24, color: '#000000' }
    start({ query: 'home' }, [selected])
    const panel = openSelectionPanel()
    const selects = [
      screen.getByRole('combobox', { name: 'Filter by style' }),
      within(panel).getByRole('combobox', { name: 'Style' }),
      within(panel).getByRole('combobox', { name: 'Swap set' })
    ] as HTMLSelectElement[]
    for (const select of selects) {
      // Chrome would move the value with these and fire `change` at once: each is kept from acting.
      for (const key of ['ArrowDown', 'ArrowUp', 'ArrowRight', 'End', 's', 'd', 'S', '1']) {
        expect(fireEvent.keyDown(select, { key }), `${select.getAttribute('aria-label') ?? select.id}: ${key}`).toBe(false)
      }
      // Space and Alt+ArrowDown open the list, where keys move and Enter chooses; shortcuts go through.
      expect(fireEvent.keyDown(select, { key: ' ' })).toBe(true)
      expect(fireEvent.keyDown(select, { key: 'ArrowDown', altKey: true })).toBe(true)
      expect(fireEvent.keyDown(select, { key: 'a', ctrlKey: true })).toBe(true)
    }
  })

  test('every button has an accessible name: search, results, details, selection, toolbar', async () => {
    const selected: SelectedIcon = { nodeId: '3:1', iconset: 'lucide', icon: 'house', style: 'outline', size: 24, color: '#000000' }
    start({ query: 'home', recent: [{ iconset: 'lucide', icon: 'house', name: 'House' }] }, [selected])
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    await waitFor(() => expect(grid.querySelector('[data-index="0"]')).not.toBeNull(), WAIT)
    fireEvent.click(screen.getByRole('button', { name: /icons? selected/ }))
    expect(screen.queryAllByRole('button', { name: '' })).toEqual([])
    fireEvent.click(grid.querySelector('[data-index="0"]') as HTMLElement)
    await within(await screen.findByRole('region', { name: 'Icon details' }, WAIT)).findByRole('button', { name: 'Insert' }, WAIT)
    expect(screen.queryAllByRole('button', { name: '' })).toEqual([])
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeTruthy()
  })

  test('the arrow keys move through a menu, round its ends; ↓ on its closed button opens it on the size chosen, else on the first item', async () => {
    // 25 px is no preset.
    start({ query: 'home', size: 25 })
    await screen.findByRole('list', { name: 'Search results' }, WAIT)
    const opener = screen.getByRole('button', { name: 'Size presets' })
    opener.focus()
    expect(fireEvent.keyDown(opener, { key: 'ArrowDown' })).toBe(false)
    const presets = await screen.findByRole('group', { name: 'Presets' }, WAIT)
    const items = within(presets).getAllByRole('button')
    const focused = () => (document.activeElement as HTMLElement).textContent
    await waitFor(() => expect(document.activeElement).toBe(items[0]))
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(items[1])
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'End' })
    expect(document.activeElement).toBe(items.at(-1))
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(items[0])
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(items.at(-1))
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Home' })
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' })
    expect(focused()).toBe(items[1]?.textContent)
    // Enter on an item chooses it, as a click does, and the menu closes with focus on its button.
    fireEvent.click(document.activeElement as HTMLElement)
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Presets' })).toBeNull())
    expect(document.activeElement).toBe(opener)
    expect((screen.getByRole('textbox', { name: 'Size' }) as HTMLInputElement).value).toBe(items[1]?.textContent)

    // ↑ on the closed button opens the menu on the preset now chosen, as ↓ does; Escape closes it, back on the button.
    fireEvent.keyDown(opener, { key: 'ArrowUp' })
    const again = await screen.findByRole('group', { name: 'Presets' }, WAIT)
    await waitFor(() => expect(document.activeElement).toBe(within(again).getAllByRole('button')[1]))
    expect((document.activeElement as HTMLElement).getAttribute('aria-pressed')).toBe('true')
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Presets' })).toBeNull())
    expect(document.activeElement).toBe(opener)
  })

  test('the arrow keys in the size box step the size, not the menu beside it', async () => {
    start({ query: 'home', size: 24 })
    await screen.findByRole('list', { name: 'Search results' }, WAIT)
    fireEvent.click(screen.getByRole('button', { name: 'Size presets' }))
    await screen.findByRole('group', { name: 'Presets' }, WAIT)
    const box = screen.getByRole('textbox', { name: 'Size' }) as HTMLInputElement
    box.focus()
    fireEvent.keyDown(box, { key: 'ArrowUp' })
    expect(box.value).toBe('25')
    expect(document.activeElement).toBe(box)
  })

  test('every button has an accessible name: menus, the set filter, icon sets, a set, styles', async () => {
    const unnamed = () => screen.queryAllByRole('button', { name: '' })
    start({ query: 'home' })
    await screen.findByRole('list', { name: 'Search results' }, WAIT)
    fireEvent.click(screen.getByRole('button', { name: 'Size presets' }))
    await screen.findByRole('group', { name: 'Presets' }, WAIT)
    expect(unnamed()).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: /^File colour/ }))
    expect(unnamed()).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: /^Filter by icon set/ }))
    await within(await screen.findByRole('dialog', { name: 'Choose icon sets' }, WAIT)).findAllByRole('checkbox', {}, WAIT)
    expect(unnamed()).toEqual([])
    fireEvent.click(screen.getByRole('tab', { name: 'Icon sets' }))
    const sets = await screen.findByRole('list', { name: 'Icon sets' }, WAIT)
    await waitFor(() => expect(within(sets).getAllByRole('button').length).toBeGreaterThan(1), WAIT)
    expect(unnamed()).toEqual([])
    fireEvent.click(within(sets).getAllByRole('button')[0] as HTMLElement)
    await screen.findByRole('button', { name: 'Back to icon sets' }, WAIT)
    await screen.findByRole('list', { name: /^Icons in / }, WAIT)
    expect(unnamed()).toEqual([])
    fireEvent.click(screen.getByRole('tab', { name: 'Styles' }))
    await waitFor(() => expect(screen.getAllByRole('button', { name: /set/ }).length).toBeGreaterThan(1), WAIT)
    expect(unnamed()).toEqual([])
  })
})

describe('selection', () => {
  test('the selection list is folded away until asked for', async () => {
    const selected: SelectedIcon = { nodeId: '3:1', iconset: 'lucide', icon: 'house', style: 'outline', size: 24, color: '#000000' }
    start({}, [selected, { ...selected, nodeId: '3:2', icon: 'bell' }])
    const panel = await screen.findByRole('region', { name: 'Selected icons' }, WAIT)
    const toggle = within(panel).getByRole('button', { name: '2 icons selected' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(within(panel).queryByRole('list')).toBeNull()
    fireEvent.click(toggle)
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2)
  })

  test('Escape folds the open selection panel wherever focus is, and only then clears the search', async () => {
    const selected: SelectedIcon = { nodeId: '3:1', iconset: 'lucide', icon: 'house', style: 'outline', size: 24, color: '#000000' }
    start({ query: 'house' }, [selected])
    const toggle = within(await screen.findByRole('region', { name: 'Selected icons' }, WAIT)).getByRole('button', { name: '1 icon selected' })
    const escapeFrom = (element: HTMLElement) => {
      element.focus()
      fireEvent.keyDown(element, { key: 'Escape' })
    }

    // From its own line, from a field inside it, and from the search box.
    for (const from of [() => toggle, () => within(openSelectionPanel()).getByRole('combobox', { name: 'Style' }), searchBox]) {
      if (toggle.getAttribute('aria-expanded') === 'false') fireEvent.click(toggle)
      const focused = from()
      escapeFrom(focused)
      expect(toggle.getAttribute('aria-expanded')).toBe('false')
      expect(searchBox().value).toBe('house')
      // A field that folded away hands focus to the panel's line; anywhere else focus stays.
      expect(document.activeElement).toBe(focused === searchBox() ? searchBox() : toggle)
    }

    escapeFrom(toggle)
    await waitFor(() => expect(searchBox().value).toBe(''))
    expect(document.activeElement).toBe(searchBox())
  })

  test('opened from the icon’s “Swap icon” button, the selection list starts open on it, by its name', async () => {
    const selected: SelectedIcon = { nodeId: '3:1', iconset: 'lucide', icon: 'house', style: 'outline', size: 24, color: '#000000' }
    render(<Plugin client={real.direct} preferences={DEFAULT_PREFERENCES} selection={[selected]} openSelection />)
    const panel = screen.getByRole('region', { name: 'Selected icons' })
    expect(within(panel).getByRole('button', { name: '1 icon selected' }).getAttribute('aria-expanded')).toBe('true')
    // Each icon by the name designers read, not its slug.
    await waitFor(() => expect(within(panel).getByRole('listitem').textContent).toBe('House · Lucide · Outline · 24 px'), WAIT)
    expect(within(panel).getByRole('combobox', { name: 'Style' })).toBeTruthy()
  })

  test('with icons of different families selected, the style menu offers only the styles all of them have', async () => {
    const fluent: SelectedIcon = { nodeId: '5:1', iconset: 'fluent', icon: 'home-24-regular', style: 'outline', size: 24, color: '#000000' }
    const lucide: SelectedIcon = { nodeId: '5:2', iconset: 'lucide', icon: 'house', style: 'outline', size: 24, color: '#000000' }
    const families = await Promise.all([fluent, lucide].map(async (icon) => stylesOf(familyOf(await real.direct.icon(icon.iconset, icon.icon)))))
    const expected = commonStyles(families)
    expect(families[0]).toContain('solid')
    expect(expected).not.toContain('solid')

    start({}, [fluent, lucide])
    await screen.findByRole('region', { name: 'Selected icons' }, WAIT)
    const menu = within(openSelectionPanel()).getByRole('combobox', { name: 'Style' }) as HTMLSelectElement
    await waitFor(() => expect([...menu.options].map((option) => option.value).sort()).toEqual([...expected].sort()), WAIT)
    expect(menu.disabled).toBe(false)
  })

  test('with icons that share no style selected, the style menu is disabled and says why', async () => {
    // Font Awesome's GitHub logo and Lucide's outline house: no style drawn by both.
    const logo: SelectedIcon = { nodeId: '6:1', iconset: 'fa6-brands', icon: 'github', style: 'logo', size: 24, color: '#000000' }
    const outline: SelectedIcon = { nodeId: '6:2', iconset: 'lucide', icon: 'house', style: 'outline', size: 24, color: '#000000' }
    start({}, [logo, outline])
    await screen.findByRole('region', { name: 'Selected icons' }, WAIT)
    const menu = within(openSelectionPanel()).getByRole('combobox', { name: 'Style' }) as HTMLSelectElement
    await waitFor(() => expect(menu.disabled).toBe(true), WAIT)
    const note = document.getElementById(menu.getAttribute('aria-describedby') ?? '')
    expect(note?.textContent).toBe('No style is drawn by all the selected icons: select fewer, or those of one set.')
  })

  test('Cmd/Ctrl+Z pressed while an insert’s drawing is still coming goes to main after the insert, so it undoes that insert', async () => {
    const { client, release } = withSvgHeldBack(real.direct)
    render(<Plugin client={client} preferences={DEFAULT_PREFERENCES} selection={[]} />)
    typeInto(searchBox(), 'home')
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    const tile = await waitFor(() => grid.querySelector('[data-index="0"]') as HTMLElement, WAIT)
    tile.focus()
    fireEvent.keyDown(tile, { key: 'Enter' })
    fireEvent.keyDown(tile, { key: 'z', ctrlKey: true })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(real.messages.events('UNDO')).toHaveLength(0)
    release()
    await waitFor(() => expect(real.messages.events('UNDO')).toHaveLength(1), WAIT)
    expect(real.messages.order('INSERT_ICON', 'UNDO')).toEqual(['INSERT_ICON', 'UNDO'])
  })

  test('Cmd/Ctrl+Z outside a text field asks main to undo on the canvas; in a field it is left to the field', async () => {
    start()
    typeInto(searchBox(), 'home')
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    await waitFor(() => expect(grid.querySelector('[data-index="0"]')).not.toBeNull(), WAIT)
    const tile = grid.querySelector('[data-index="0"]') as HTMLElement
    tile.focus()
    expect(fireEvent.keyDown(tile, { key: 'z', ctrlKey: true })).toBe(false)
    expect(fireEvent.keyDown(tile, { key: 'z', metaKey: true })).toBe(false)
    await waitFor(() => expect(real.messages.events('UNDO')).toHaveLength(2), WAIT)
    // Redo has no plugin API; the text fields keep their own undo.
    expect(fireEvent.keyDown(tile, { key: 'z', metaKey: true, shiftKey: true })).toBe(true)
    expect(fireEvent.keyDown(searchBox(), { key: 'z', ctrlKey: true })).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(real.messages.events('UNDO')).toHaveLength(2)
  })
})

describe('commonStyles', () => {
  test('keeps the styles every list has, in the first list’s order', () => {
    expect(commonStyles([['outline', 'solid', 'duotone'], ['duotone', 'outline'], ['outline', 'duotone', 'thin']])).toEqual(['outline', 'duotone'])
    expect(commonStyles([])).toEqual([])
  })
})
