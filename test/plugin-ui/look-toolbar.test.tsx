// @vitest-environment happy-dom
/**
 * The toolbar's fields as Figma's properties panel has them: what it shows is what the next insert
 * uses, "Mixed" where the selected icons differ, Escape puts a field back and leaves the search,
 * ↑/↓ step the size, and a size the box refuses stops every way of inserting.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test } from 'vitest'

import { DEFAULT_PREFERENCES, type InsertRequest, type Preferences, type ReplaceRequest, type SelectedIcon } from '../../src/api/plugin-protocol'
import { Plugin } from '../../src/plugin/ui/plugin'
import { followedBy } from '../../src/plugin/shared/icon-payloads'
import { parseStrokeWidth, stepStrokeWidth } from '../../src/plugin/ui/stroke-control'
import { useRealCatalogue, withSvgHeldBack } from './real-catalogue'
import { choosePreset, declareDragHandlers, dragEndAt, sendToUi, typeAndCommit, typeInto } from './ui-harness'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()

const HOUSE: SelectedIcon = { nodeId: '2:1', iconset: 'lucide', icon: 'house', style: 'outline', size: 24, color: '#000000' }

function start(preferences: Partial<Preferences> = {}, selection: SelectedIcon[] = [], operationTimeoutMs?: number) {
  render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, ...preferences }} selection={selection} operationTimeoutMs={operationTimeoutMs} />)
}

const toolbar = () => screen.getByRole('group', { name: /next insert/i })
const field = (name: 'Size' | 'Colour' | 'Stroke') => within(toolbar()).getByRole('textbox', { name }) as HTMLInputElement
const searchBox = () => screen.getByRole('textbox', { name: 'Search icons' }) as HTMLInputElement

async function waitForEvent<T>(name: string, count = 1): Promise<T> {
  await waitFor(() => expect(real.messages.events(name)).toHaveLength(count), WAIT)
  return real.messages.events(name)[count - 1] as T
}

async function firstTile(): Promise<HTMLElement> {
  const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
  return waitFor(() => grid.querySelector('[data-index="0"]') as HTMLElement, WAIT)
}

describe('what the toolbar shows is what goes in', () => {
  test('a 48 chosen with nothing selected gives way to the selected 24 px icon the toolbar shows, for the next insert too', async () => {
    start({ query: 'home', size: 48, color: '#ff0000' }, [HOUSE])
    await waitFor(() => expect(field('Size').value).toBe('24'))
    expect(field('Colour').value).toBe('#000000')

    fireEvent.keyDown(await firstTile(), { key: 'Enter' })
    const request = await waitForEvent<InsertRequest>('INSERT_ICON')
    expect(request.icon).toMatchObject({ size: 24, color: '#000000' })
  })

  test('what the selected icons don’t share stays as it was for the next insert', async () => {
    start({ query: 'home', size: 48 }, [HOUSE, { ...HOUSE, nodeId: '2:2', size: 32 }])
    await waitFor(() => expect(field('Size').placeholder).toBe('Mixed'))
    fireEvent.keyDown(await firstTile(), { key: 'Enter' })
    expect((await waitForEvent<InsertRequest>('INSERT_ICON')).icon.size).toBe(48)
  })

  test('with only filled icons selected, the stroke box is greyed and says why', async () => {
    // Lucide's house is strokes: once the list of sets says so, the box takes a width.
    start({ query: 'home' }, [HOUSE])
    await waitFor(() => expect(field('Stroke').disabled).toBe(false), WAIT)
    expect(field('Stroke').closest('[title]')?.getAttribute('title')).toMatch(/^Stroke \(px\)/)
    // Fluent's drawings are filled shapes.
    sendToUi('SELECTION_CHANGED', [{ ...HOUSE, iconset: 'fluent', icon: 'home-24-regular' }])
    await waitFor(() => expect(field('Stroke').disabled).toBe(true), WAIT)
    expect(field('Stroke').closest('[title]')?.getAttribute('title')).toMatch(/filled shapes, with no stroke to set/)
  })

  test('with a Phosphor icon selected, the box takes a width, shows its lines’ own and says a width only widens them; a swap sends both', async () => {
    const phosphor: SelectedIcon = { nodeId: '2:3', iconset: 'ph', icon: 'house', style: 'outline', size: 24, color: '#000000' }
    start({ query: 'home' }, [phosphor])
    await waitFor(() => expect(field('Stroke').disabled).toBe(false), WAIT)
    // Phosphor Regular's 16 units on 256 are 1.5 px at 24.
    expect(field('Stroke').placeholder).toBe('1.5')
    expect(field('Stroke').closest('[title]')?.getAttribute('title')).toMatch(/filled shapes, widened to a wider width and never thinned; empty: as drawn \(1\.5 px\); ↑\/↓ steps 1, Shift 10$/)
    typeAndCommit(field('Stroke'), '2')
    const swap = await waitForEvent<ReplaceRequest>('REPLACE_ICONS')
    expect(swap.items.map((item) => item.icon)).toMatchObject([{ iconset: 'ph', icon: 'house', size: 24, strokeWidth: 2, outline: { width: 1.5, join: 'round' } }])
  })

  test('a stroke the box refused is dropped when the box greys, so it stops no insert it cannot be mended for', async () => {
    start({ query: 'home' }, [HOUSE])
    await waitFor(() => expect(field('Stroke').disabled).toBe(false), WAIT)
    typeAndCommit(field('Stroke'), '100')
    await within(toolbar()).findByRole('alert')
    sendToUi('SELECTION_CHANGED', [{ ...HOUSE, iconset: 'fluent', icon: 'home-24-regular' }])
    await waitFor(() => expect(field('Stroke').disabled).toBe(true), WAIT)
    await waitFor(() => expect(within(toolbar()).queryByRole('alert')).toBeNull(), WAIT)
    fireEvent.keyDown(await firstTile(), { key: 'Enter' })
    await waitForEvent<InsertRequest>('INSERT_ICON')
  })

  test('a size in decimals goes in as typed, to hundredths as Figma’s W and H take it', async () => {
    start({ query: 'home' })
    typeInto(field('Size'), '12.5')
    expect(within(toolbar()).queryByRole('alert')).toBeNull()
    fireEvent.keyDown(await firstTile(), { key: 'Enter' })
    expect((await waitForEvent<InsertRequest>('INSERT_ICON')).icon.size).toBe(12.5)
  })
})

describe('a size committed', () => {
  test('reads as the hundredths it goes in at', async () => {
    start({ query: 'home' })
    const tile = await firstTile()
    typeAndCommit(field('Size'), '12.345')
    await waitFor(() => expect(field('Size').value).toBe('12.35'))
    fireEvent.keyDown(tile, { key: 'Enter' })
    expect((await waitForEvent<InsertRequest>('INSERT_ICON')).icon.size).toBe(12.35)
  })

  test('with icons selected, reads as the size they are swapped to', async () => {
    start({}, [HOUSE])
    await waitFor(() => expect(field('Size').value).toBe('24'))
    typeAndCommit(field('Size'), '12.345')
    expect((await waitForEvent<ReplaceRequest>('REPLACE_ICONS')).items[0]?.icon.size).toBe(12.35)
    expect(field('Size').value).toBe('12.35')
  })
})

describe('selecting is not choosing', () => {
  test('the selected icons’ look goes with the next insert while they are selected, and is never saved as the designer’s', async () => {
    start({ query: 'home' })
    sendToUi('SELECTION_CHANGED', [{ ...HOUSE, size: 48, color: '#ff0000' }])
    await waitFor(() => expect(field('Size').value).toBe('48'))

    fireEvent.keyDown(await firstTile(), { key: 'Enter' })
    const request = await waitForEvent<InsertRequest>('INSERT_ICON')
    expect(request.icon).toMatchObject({ size: 48, color: '#ff0000' })
    // Preferences are saved at once on a change, so the insert's save being the first proves selecting saved nothing.
    sendToUi('OPERATION_RESULT', { requestId: request.requestId, ok: true, nodeIds: ['3:1'] })
    const saved = await waitForEvent<Preferences>('SAVE_PREFERENCES')
    expect(saved).toMatchObject({ size: DEFAULT_PREFERENCES.size, color: DEFAULT_PREFERENCES.color, recent: [{ icon: request.icon.icon }] })
  })

  test('deselected, an icon clicked only to look at it leaves the next insert as the designer set it; a size changed while selected stays', async () => {
    start({ query: 'home' })
    sendToUi('SELECTION_CHANGED', [{ ...HOUSE, size: 48, color: '#ff0000' }])
    await waitFor(() => expect(field('Size').value).toBe('48'))
    sendToUi('SELECTION_CHANGED', [])
    await waitFor(() => expect(toolbar().getAttribute('aria-label')).toBe('Next insert'))
    expect([field('Size').value, field('Colour').value.toLowerCase()]).toEqual([String(DEFAULT_PREFERENCES.size), DEFAULT_PREFERENCES.color.toLowerCase()])
    fireEvent.keyDown(await firstTile(), { key: 'Enter' })
    const insert = await waitForEvent<InsertRequest>('INSERT_ICON')
    expect(insert.icon).toMatchObject({ size: DEFAULT_PREFERENCES.size, color: DEFAULT_PREFERENCES.color })
    sendToUi('OPERATION_RESULT', { requestId: insert.requestId, ok: true, nodeIds: ['3:1'] })

    // A size typed while an icon is selected swaps it, and is the designer's choice: it stays once deselected.
    sendToUi('SELECTION_CHANGED', [{ ...HOUSE, size: 48, color: '#ff0000' }])
    await waitFor(() => expect(field('Size').value).toBe('48'))
    typeAndCommit(field('Size'), '20')
    expect((await waitForEvent<ReplaceRequest>('REPLACE_ICONS')).items[0]?.icon.size).toBe(20)
    sendToUi('SELECTION_CHANGED', [])
    await waitFor(() => expect(toolbar().getAttribute('aria-label')).toBe('Next insert'))
    expect([field('Size').value, field('Colour').value.toLowerCase()]).toEqual(['20', DEFAULT_PREFERENCES.color.toLowerCase()])
  })
})

describe('Mixed', () => {
  test('each field says Mixed where the selected icons differ, and leaving it untouched changes nothing', async () => {
    start({}, [
      { ...HOUSE, strokeWidth: 1.5 },
      { ...HOUSE, nodeId: '2:2', size: 32, color: '#ff0000', strokeWidth: 3 }
    ])
    for (const name of ['Size', 'Colour', 'Stroke'] as const) {
      await waitFor(() => expect(field(name).placeholder).toBe('Mixed'), WAIT)
      expect(field(name).value).toBe('')
      typeAndCommit(field(name), '')
    }
    // Its swatch is not the many colours of a drawing in its own (below).
    expect(within(toolbar()).getByLabelText('Colour picker').className).toBe('ic-color ic-color-mixed')
    expect(within(toolbar()).queryByRole('alert')).toBeNull()
    expect(real.messages.events('REPLACE_ICONS')).toEqual([])
    // A swap goes out only once its drawings have come, so the fields left alone are proved by the
    // first swap a real change then sends: the size, with each icon's own colour and stroke width.
    choosePreset(toolbar(), 48)
    const swap = await waitForEvent<ReplaceRequest>('REPLACE_ICONS')
    expect(swap.items.map((item) => [item.nodeId, item.icon.size, item.icon.color, item.icon.strokeWidth])).toEqual([
      [HOUSE.nodeId, 48, '#000000', 1.5],
      ['2:2', 48, '#ff0000', 3]
    ])
  })

  test('the empty stroke box says Mixed where the selected icons’ own strokes come to different widths at their sizes', async () => {
    start({}, [HOUSE, { ...HOUSE, nodeId: '2:2' }, { ...HOUSE, nodeId: '2:3', size: 32 }])
    // The list of sets says which icons are stroke-drawn; until it comes the box is greyed.
    await waitFor(() => expect(field('Stroke').disabled).toBe(false), WAIT)
    // Lucide's 2 px on 24 is 2 px at 24 and 2.67 px at 32: no one width applies.
    expect(field('Stroke').placeholder).toBe('Mixed')
    sendToUi('SELECTION_CHANGED', [HOUSE, { ...HOUSE, nodeId: '2:2' }])
    await waitFor(() => expect(field('Stroke').placeholder).toBe('2'), WAIT)
  })

  test('a field the selected icons share shows their value', async () => {
    start({}, [
      { ...HOUSE, strokeWidth: 1.5 },
      { ...HOUSE, nodeId: '2:2', strokeWidth: 1.5 }
    ])
    await waitFor(() => expect(field('Stroke').value).toBe('1.5'), WAIT)
    expect(field('Size').value).toBe('24')
  })
})

describe('a multicolour icon in its own colours', () => {
  const EMOJI_HOUSE: SelectedIcon = { nodeId: '2:3', iconset: 'twemoji', icon: 'house', style: 'color', size: 36, color: null }

  test('shows no colour, and the next insert keeps the toolbar’s', async () => {
    start({ query: 'home', color: '#ff0000' }, [EMOJI_HOUSE])
    await waitFor(() => expect(field('Size').value).toBe('36'), WAIT)
    expect(field('Colour').value).toBe('')
    expect(field('Colour').placeholder).toBe('Original')
    expect(within(toolbar()).getByLabelText('Colour picker').className).toBe('ic-color ic-color-original')
    fireEvent.keyDown(await firstTile(), { key: 'Enter' })
    expect((await waitForEvent<InsertRequest>('INSERT_ICON')).icon).toMatchObject({ size: 36, color: '#ff0000' })
  })

  test('keeps its own colours on a size swap, and takes a colour chosen for it', async () => {
    start({ color: '#ff0000' }, [EMOJI_HOUSE])
    await waitFor(() => expect(field('Size').value).toBe('36'), WAIT)
    typeAndCommit(field('Size'), '48')
    const swap = await waitForEvent<ReplaceRequest>('REPLACE_ICONS')
    expect(swap.items[0]).toMatchObject({ nodeId: '2:3', icon: { size: 48 } })
    expect(swap.items[0]?.colorChosen).toBeUndefined()
    sendToUi('OPERATION_RESULT', { requestId: swap.requestId, ok: true, nodeIds: ['2:3'] })
    sendToUi('SELECTION_CHANGED', [{ ...EMOJI_HOUSE, size: 48 }])
    await screen.findByText('Updated 1 icon to 48 px', undefined, WAIT)
    expect(field('Colour').placeholder).toBe('Original')
    typeAndCommit(field('Colour'), '#00aa00')
    const painted = await waitForEvent<ReplaceRequest>('REPLACE_ICONS', 2)
    expect(painted.items[0]).toMatchObject({ colorChosen: true, icon: { color: '#00aa00' } })
  })

  test('painted in one colour, takes its own colours back when the colour is emptied; a Lucide icon beside it keeps its own', async () => {
    const painted = { ...EMOJI_HOUSE, color: '#00aa00' }
    const greenHouse = { ...HOUSE, color: '#00aa00' }
    start({ color: '#ff0000' }, [painted, greenHouse])
    await waitFor(() => expect(field('Colour').value).toBe('#00AA00'), WAIT)
    expect(field('Colour').closest('[title]')?.getAttribute('title')).toMatch(/empty gives multicolour icons their own colours back/)
    typeAndCommit(field('Colour'), '')
    const back = await waitForEvent<ReplaceRequest>('REPLACE_ICONS')
    expect(back.items.map((item) => [item.nodeId, item.ownColors, item.colorChosen, item.icon.color])).toEqual([
      ['2:3', true, undefined, '#00aa00'],
      ['2:1', true, undefined, '#00aa00']
    ])
    expect(field('Colour').getAttribute('aria-invalid')).toBe('false')
    sendToUi('OPERATION_RESULT', { requestId: back.requestId, ok: true, nodeIds: ['2:3', '2:1'] })
    sendToUi('SELECTION_CHANGED', [EMOJI_HOUSE, greenHouse])
    await screen.findByText('Updated 1 icon to their own colours', undefined, WAIT)
    expect(field('Colour').placeholder).toBe('Mixed')
  })

  test('an emptied colour is still refused where no multicolour icon is painted', async () => {
    start({}, [HOUSE])
    await waitFor(() => expect(field('Colour').value).toBe('#000000'), WAIT)
    typeAndCommit(field('Colour'), '')
    await waitFor(() => expect(field('Colour').getAttribute('aria-invalid')).toBe('true'), WAIT)
    expect(real.messages.events('REPLACE_ICONS')).toEqual([])
  })
})

describe('Escape in a field', () => {
  test('puts back the value the field shows, leaves the search alone and goes back to it', async () => {
    start({ query: 'home' })
    await firstTile()
    const typed = { Size: '2000', Colour: 'f60', Stroke: '40' } as const
    const shown = { Size: '24', Colour: '#000000', Stroke: '' } as const
    for (const name of ['Size', 'Colour', 'Stroke'] as const) {
      field(name).focus()
      typeInto(field(name), typed[name])
      fireEvent.keyDown(field(name), { key: 'Escape' })
      await waitFor(() => expect(field(name).value).toBe(shown[name]))
      // Focus goes back to the search box, not to the page's body.
      expect(document.activeElement).toBe(searchBox())
    }
    expect(within(toolbar()).queryByRole('alert')).toBeNull()
    expect(searchBox().value).toBe('home')
    // Put back to a size it takes, so an insert goes through at it.
    fireEvent.keyDown(await firstTile(), { key: 'Enter' })
    expect((await waitForEvent<InsertRequest>('INSERT_ICON')).icon.size).toBe(24)
  })
})

describe('Escape in the size box', () => {
  test('with nothing selected, takes back a size taken as it was typed: the box, what is saved and the next insert go back to the size before', async () => {
    start({ query: 'home' })
    const tile = await firstTile()
    field('Size').focus()
    typeInto(field('Size'), '4')
    typeInto(field('Size'), '48')
    fireEvent.keyDown(field('Size'), { key: 'Escape' })
    await waitFor(() => expect(field('Size').value).toBe('24'))
    await waitFor(() => expect((real.messages.events('SAVE_PREFERENCES').at(-1) as Preferences | undefined)?.size).toBe(24), WAIT)
    fireEvent.keyDown(tile, { key: 'Enter' })
    expect((await waitForEvent<InsertRequest>('INSERT_ICON')).icon.size).toBe(24)
  })

  test('with nothing selected, goes back to the size Enter last took, not the one before it', async () => {
    start()
    field('Size').focus()
    typeAndCommit(field('Size'), '32')
    typeInto(field('Size'), '48')
    fireEvent.keyDown(field('Size'), { key: 'Escape' })
    await waitFor(() => expect(field('Size').value).toBe('32'))
    await waitFor(() => expect((real.messages.events('SAVE_PREFERENCES').at(-1) as Preferences | undefined)?.size).toBe(32), WAIT)
  })

  test('with an icon selected, takes back a size typed, and swaps nothing', async () => {
    start({}, [HOUSE])
    await waitFor(() => expect(field('Size').value).toBe('24'))
    field('Size').focus()
    typeInto(field('Size'), '48')
    fireEvent.keyDown(field('Size'), { key: 'Escape' })
    await waitFor(() => expect(field('Size').value).toBe('24'))
    expect(real.messages.events('REPLACE_ICONS')).toEqual([])
    expect(real.messages.events('SAVE_PREFERENCES')).toEqual([])
  })
})

describe('a value a field refuses', () => {
  test('is said under the field, which names it, and the message goes with Escape or with another selection’s look', async () => {
    start({ query: 'home' }, [HOUSE])
    await waitFor(() => expect(field('Size').value).toBe('24'))
    const refused = { Size: '2000', Colour: 'zz', Stroke: 'abc' } as const
    for (const name of ['Size', 'Colour', 'Stroke'] as const) {
      typeAndCommit(field(name), refused[name])
      const alert = await within(toolbar()).findByRole('alert', undefined, WAIT)
      expect(field(name).getAttribute('aria-invalid'), name).toBe('true')
      expect(field(name).getAttribute('aria-describedby'), name).toBe(alert.id)
      fireEvent.keyDown(field(name), { key: 'Escape' })
      await waitFor(() => expect(within(toolbar()).queryByRole('alert')).toBeNull())
      expect(field(name).getAttribute('aria-invalid'), name).toBe('false')
    }
    // Another selection shows another look, and what was refused goes with the look it was typed over.
    typeAndCommit(field('Colour'), 'zz')
    typeAndCommit(field('Stroke'), 'abc')
    await waitFor(() => expect(within(toolbar()).getAllByRole('alert')).toHaveLength(2), WAIT)
    sendToUi('SELECTION_CHANGED', [{ ...HOUSE, color: '#ff0000', strokeWidth: 3 }])
    await waitFor(() => expect(field('Colour').value).toBe('#FF0000'), WAIT)
    await waitFor(() => expect(within(toolbar()).queryByRole('alert')).toBeNull())
    expect(field('Stroke').value).toBe('3')
  })
})

describe('↑/↓ in the size box', () => {
  test('step by one, by ten with Shift, within 1 to 1024', async () => {
    start({ size: 1020 })
    fireEvent.keyDown(field('Size'), { key: 'ArrowUp' })
    await waitFor(() => expect(field('Size').value).toBe('1021'))
    fireEvent.keyDown(field('Size'), { key: 'ArrowUp', shiftKey: true })
    await waitFor(() => expect(field('Size').value).toBe('1024'))
    fireEvent.keyDown(field('Size'), { key: 'ArrowDown', shiftKey: true })
    await waitFor(() => expect(field('Size').value).toBe('1014'))
    await waitFor(() => expect((real.messages.events('SAVE_PREFERENCES').at(-1) as Preferences | undefined)?.size).toBe(1014), WAIT)
  })

  test('with icons selected, steps made while a swap runs all count: they wait, and go as one swap when it ends', async () => {
    start({}, [HOUSE])
    await waitFor(() => expect(field('Size').value).toBe('24'))
    field('Size').focus()
    fireEvent.keyDown(field('Size'), { key: 'ArrowUp' })
    const first = await waitForEvent<ReplaceRequest>('REPLACE_ICONS')
    expect(first.items.map((item) => item.icon.size)).toEqual([25])
    // A held ↑ repeats faster than Figma swaps.
    for (let step = 0; step < 4; step++) fireEvent.keyDown(field('Size'), { key: 'ArrowUp' })
    await waitFor(() => expect(field('Size').value).toBe('29'))
    expect(real.messages.events('REPLACE_ICONS')).toHaveLength(1)

    sendToUi('SELECTION_CHANGED', [{ ...HOUSE, size: 25 }])
    sendToUi('OPERATION_RESULT', { requestId: first.requestId, ok: true, nodeIds: [HOUSE.nodeId] })
    const second = await waitForEvent<ReplaceRequest>('REPLACE_ICONS', 2)
    expect(second.items.map((item) => item.icon.size)).toEqual([29])
    // The size the icons passed through did not take the box back.
    expect(field('Size').value).toBe('29')
    fireEvent.keyDown(field('Size'), { key: 'ArrowUp' })
    await waitFor(() => expect(field('Size').value).toBe('30'))

    sendToUi('SELECTION_CHANGED', [{ ...HOUSE, size: 29 }])
    sendToUi('OPERATION_RESULT', { requestId: second.requestId, ok: true, nodeIds: [HOUSE.nodeId] })
    expect((await waitForEvent<ReplaceRequest>('REPLACE_ICONS', 3)).items.map((item) => item.icon.size)).toEqual([30])
    expect(field('Size').value).toBe('30')
  })

  /**
   * Swaps the selected house to 32, then, while that runs, to 40, and presses Cmd/Ctrl+Z: the 32's
   * request.
   */
  async function undoBehindTwoSwaps(client = real.direct): Promise<ReplaceRequest> {
    render(<Plugin client={client} preferences={DEFAULT_PREFERENCES} selection={[HOUSE]} />)
    await waitFor(() => expect(field('Size').value).toBe('24'))
    typeAndCommit(field('Size'), '32')
    const first = await waitForEvent<ReplaceRequest>('REPLACE_ICONS')
    typeAndCommit(field('Size'), '40')
    // Outside the text fields, which keep their own undo.
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(real.messages.events('UNDO')).toHaveLength(0)
    return first
  }

  const sentOrder = () => real.messages.order('REPLACE_ICONS', 'UNDO')

  test('Cmd/Ctrl+Z pressed while a step waits behind a swap goes to main after that step, so it undoes the designer’s last change', async () => {
    const first = await undoBehindTwoSwaps()
    sendToUi('OPERATION_RESULT', { requestId: first.requestId, ok: true, nodeIds: [HOUSE.nodeId] })
    expect((await waitForEvent<ReplaceRequest>('REPLACE_ICONS', 2)).items[0]?.icon.size).toBe(40)
    await waitForEvent('UNDO')
    expect(sentOrder()).toEqual(['REPLACE_ICONS', 'REPLACE_ICONS', 'UNDO'])
  })

  test('a change made after Cmd/Ctrl+Z, while the step it waits for is still on its way, goes to main after the undo, which leaves it be', async () => {
    // The 40 px drawing the second swap fetches is held back.
    const { client, release } = withSvgHeldBack(real.direct, (_iconset, _icon, render) => render?.size === 40)
    const first = await undoBehindTwoSwaps(client)
    sendToUi('OPERATION_RESULT', { requestId: first.requestId, ok: true, nodeIds: [HOUSE.nodeId] })
    // The 40 px swap is fetching its drawing: the 48 waits behind it, as a step of its own.
    await new Promise((resolve) => setTimeout(resolve, 20))
    typeAndCommit(field('Size'), '48')
    release()
    await waitForEvent('UNDO')
    const second = real.messages.events('REPLACE_ICONS')[1] as ReplaceRequest
    expect(second.items[0]?.icon.size).toBe(40)
    sendToUi('OPERATION_RESULT', { requestId: second.requestId, ok: true, nodeIds: [HOUSE.nodeId] })
    expect((await waitForEvent<ReplaceRequest>('REPLACE_ICONS', 3)).items[0]?.icon.size).toBe(48)
    expect(sentOrder()).toEqual(['REPLACE_ICONS', 'REPLACE_ICONS', 'UNDO', 'REPLACE_ICONS'])
  })

  test('a change made after Cmd/Ctrl+Z does not join the step the undo waits for: it waits apart, and goes after the undo', async () => {
    const first = await undoBehindTwoSwaps()
    typeAndCommit(field('Size'), '48')
    sendToUi('OPERATION_RESULT', { requestId: first.requestId, ok: true, nodeIds: [HOUSE.nodeId] })
    const second = await waitForEvent<ReplaceRequest>('REPLACE_ICONS', 2)
    expect(second.items[0]?.icon.size).toBe(40)
    await waitForEvent('UNDO')
    sendToUi('OPERATION_RESULT', { requestId: second.requestId, ok: true, nodeIds: [HOUSE.nodeId] })
    expect((await waitForEvent<ReplaceRequest>('REPLACE_ICONS', 3)).items[0]?.icon.size).toBe(48)
    expect(sentOrder()).toEqual(['REPLACE_ICONS', 'REPLACE_ICONS', 'UNDO', 'REPLACE_ICONS'])
  })

  test('a change made after Cmd/Ctrl+Z does not carry the change the undo took back into its swap', async () => {
    start({}, [HOUSE])
    await waitFor(() => expect(field('Size').value).toBe('24'))
    typeAndCommit(field('Size'), '32')
    const first = await waitForEvent<ReplaceRequest>('REPLACE_ICONS')
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true })
    await waitForEvent('UNDO')
    typeAndCommit(field('Colour'), '#ff0000')
    // Main undid the 32 px swap, and says the house is 24 px again.
    sendToUi('OPERATION_RESULT', { requestId: first.requestId, ok: true, nodeIds: [HOUSE.nodeId] })
    sendToUi('SELECTION_CHANGED', [HOUSE])
    const recolored = await waitForEvent<ReplaceRequest>('REPLACE_ICONS', 2)
    expect(recolored.items[0]?.icon).toMatchObject({ size: 24, color: '#ff0000' })
  })

  test('after Cmd/Ctrl+Z, ↑ on icons of Mixed sizes steps from the sizes the undo left, not from those it took back', async () => {
    const larger: SelectedIcon = { ...HOUSE, nodeId: '2:2', size: 30 }
    start({}, [HOUSE, larger])
    await waitFor(() => expect(field('Size').placeholder).toBe('Mixed'))
    field('Size').focus()
    fireEvent.keyDown(field('Size'), { key: 'ArrowUp' })
    const first = await waitForEvent<ReplaceRequest>('REPLACE_ICONS')
    fireEvent.keyDown(field('Size'), { key: 'ArrowUp' })
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true })
    const sizes = [25, 31]
    sendToUi('SELECTION_CHANGED', [{ ...HOUSE, size: 25 }, { ...larger, size: 31 }])
    sendToUi('OPERATION_RESULT', { requestId: first.requestId, ok: true, nodeIds: ['2:1', '2:2'] })
    const second = await waitForEvent<ReplaceRequest>('REPLACE_ICONS', 2)
    await waitForEvent('UNDO')
    // The undo took the second step back: the icons are one px up, and ↑ makes them two.
    fireEvent.keyDown(field('Size'), { key: 'ArrowUp' })
    sendToUi('OPERATION_RESULT', { requestId: second.requestId, ok: true, nodeIds: ['2:1', '2:2'] })
    const third = await waitForEvent<ReplaceRequest>('REPLACE_ICONS', 3)
    expect(third.items.map((item) => item.icon.size)).toEqual(sizes.map((size) => size + 1))
  })

  test('Cmd/Ctrl+Z pressed while a step waits behind a swap that fails goes once the step is dropped with it', async () => {
    const first = await undoBehindTwoSwaps()
    sendToUi('OPERATION_RESULT', { requestId: first.requestId, ok: false, message: 'Figma could not draw this SVG.' })
    await waitForEvent('UNDO')
    expect(real.messages.events('REPLACE_ICONS')).toHaveLength(1)
  })

  test('a change made while a swap runs goes with that swap’s change, though main has not yet reported the selection it made', async () => {
    start({}, [HOUSE])
    await waitFor(() => expect(field('Size').value).toBe('24'))
    typeAndCommit(field('Colour'), '#ff0000')
    const recolored = await waitForEvent<ReplaceRequest>('REPLACE_ICONS')
    typeAndCommit(field('Size'), '40')
    sendToUi('OPERATION_RESULT', { requestId: recolored.requestId, ok: true, nodeIds: [HOUSE.nodeId] })
    const resized = await waitForEvent<ReplaceRequest>('REPLACE_ICONS', 2)
    expect(resized.items[0]?.icon).toMatchObject({ size: 40, color: '#ff0000' })
  })

  test('with icons selected, each step swaps them', async () => {
    start({}, [HOUSE])
    await waitFor(() => expect(field('Size').value).toBe('24'))
    fireEvent.keyDown(field('Size'), { key: 'ArrowDown' })
    const request = await waitForEvent<ReplaceRequest>('REPLACE_ICONS')
    expect(request.items.map((item) => item.icon.size)).toEqual([23])
  })
})

describe('↑/↓ in the stroke box, as in Figma’s stroke weight field', () => {
  const STROKED: SelectedIcon = { ...HOUSE, strokeWidth: 2 }

  test('with icons selected, step their width by one, by ten with Shift, within the limits, each step a swap', async () => {
    start({}, [STROKED])
    await waitFor(() => expect(field('Stroke').value).toBe('2'), WAIT)
    fireEvent.keyDown(field('Stroke'), { key: 'ArrowUp' })
    expect(field('Stroke').value).toBe('3')
    const up = await waitForEvent<ReplaceRequest>('REPLACE_ICONS')
    expect(up.items.map((item) => item.icon.strokeWidth)).toEqual([3])
    sendToUi('OPERATION_RESULT', { requestId: up.requestId, ok: true, nodeIds: ['2:1'] })
    sendToUi('SELECTION_CHANGED', [{ ...STROKED, strokeWidth: 3 }])
    await screen.findByText('Updated 1 icon to 3 px strokes', undefined, WAIT)
    fireEvent.keyDown(field('Stroke'), { key: 'ArrowUp', shiftKey: true })
    expect(field('Stroke').value).toBe('13')
    const shifted = await waitForEvent<ReplaceRequest>('REPLACE_ICONS', 2)
    expect(shifted.items.map((item) => item.icon.strokeWidth)).toEqual([13])
  })

  test('from an empty box, step from the width the drawing has at its size', async () => {
    // Lucide draws 2 on 24: 1.33 px at 16.
    start({}, [{ ...HOUSE, size: 16 }])
    await waitFor(() => expect(field('Stroke').placeholder).toBe('1.33'), WAIT)
    fireEvent.keyDown(field('Stroke'), { key: 'ArrowDown' })
    expect(field('Stroke').value).toBe('0.33')
    expect((await waitForEvent<ReplaceRequest>('REPLACE_ICONS')).items[0]?.icon.strokeWidth).toBe(0.33)
  })

  test('stop at the limits: never under 0.25 px nor over 16', () => {
    expect(stepStrokeWidth('0.5', null, null, -1)).toBe(0.25)
    expect(stepStrokeWidth('12', null, null, 10)).toBe(16)
    expect(stepStrokeWidth('', 'mixed', 'mixed', 1)).toBeNull()
    expect(stepStrokeWidth('', 'mixed', '2', 1)).toBeNull()
    expect(stepStrokeWidth('', null, null, 1)).toBeNull()
    expect(stepStrokeWidth('abc', 2, '2', 1)).toBe(3)
  })
})

describe('↑/↓ on Mixed sizes', () => {
  const SMALL = { ...HOUSE, nodeId: '2:2', size: 16 }

  test('step each selected icon from its own size, as Figma’s W and H fields do, and the box still says Mixed', async () => {
    start({}, [HOUSE, SMALL])
    await waitFor(() => expect(field('Size').placeholder).toBe('Mixed'))
    fireEvent.keyDown(field('Size'), { key: 'ArrowUp', shiftKey: true })
    const request = await waitForEvent<ReplaceRequest>('REPLACE_ICONS')
    expect(request.items.map((item) => [item.nodeId, item.icon.size])).toEqual([
      ['2:1', 34],
      ['2:2', 26]
    ])
    expect(field('Size').value).toBe('')

    sendToUi('SELECTION_CHANGED', [{ ...HOUSE, size: 34 }, { ...SMALL, size: 26 }])
    sendToUi('OPERATION_RESULT', { requestId: request.requestId, ok: true, nodeIds: ['2:1', '2:2'] })
    expect(await screen.findByText('Updated 2 icons to 26, 34 px', {}, WAIT)).toBeTruthy()
    fireEvent.keyDown(field('Size'), { key: 'ArrowDown' })
    const down = await waitForEvent<ReplaceRequest>('REPLACE_ICONS', 2)
    expect(down.items.map((item) => item.icon.size)).toEqual([33, 25])
  })

  test('steps made while a swap runs start from the sizes it was asked for, so none is lost', async () => {
    start({}, [HOUSE, SMALL])
    await waitFor(() => expect(field('Size').placeholder).toBe('Mixed'))
    fireEvent.keyDown(field('Size'), { key: 'ArrowUp' })
    const first = await waitForEvent<ReplaceRequest>('REPLACE_ICONS')
    expect(first.items.map((item) => item.icon.size)).toEqual([25, 17])
    for (let step = 0; step < 3; step++) fireEvent.keyDown(field('Size'), { key: 'ArrowUp' })

    // Main answers before the UI has seen the selection it made.
    sendToUi('OPERATION_RESULT', { requestId: first.requestId, ok: true, nodeIds: ['2:1', '2:2'] })
    const second = await waitForEvent<ReplaceRequest>('REPLACE_ICONS', 2)
    expect(second.items.map((item) => item.icon.size)).toEqual([28, 20])
  })

  test('stop each icon at 1 and 1024', async () => {
    start({}, [{ ...HOUSE, size: 1020 }, { ...SMALL, size: 4 }])
    await waitFor(() => expect(field('Size').placeholder).toBe('Mixed'))
    fireEvent.keyDown(field('Size'), { key: 'ArrowDown', shiftKey: true })
    expect((await waitForEvent<ReplaceRequest>('REPLACE_ICONS')).items.map((item) => item.icon.size)).toEqual([1010, 1])
  })
})

describe('a swap that fails', () => {
  test('puts each field back to what the selected icon still is, and the next insert with it', async () => {
    // The designer's own choices, which the selected icon's look stands in for while it is selected.
    const chosen = { size: 32, color: '#336699', strokeWidth: 1.5 }
    start({ query: 'home', ...chosen }, [HOUSE])
    await waitFor(() => expect(field('Size').value).toBe('24'))
    const edits: Array<['Size' | 'Colour' | 'Stroke', string, string]> = [
      ['Size', '40', '24'],
      ['Colour', '#FF0000', '#000000'],
      ['Stroke', '3', '']
    ]
    for (const [index, [name, typed, still]] of edits.entries()) {
      typeAndCommit(field(name), typed)
      const request = await waitForEvent<ReplaceRequest>('REPLACE_ICONS', index + 1)
      sendToUi('OPERATION_RESULT', { requestId: request.requestId, ok: false, message: 'Figma could not draw this SVG.' })
      await waitFor(() => expect(field(name).value).toBe(still))
      expect(screen.getByRole('alert').textContent).toContain('Figma could not draw this SVG.')
      // The failed choice was saved when it was made; what the designer had chosen before is saved again.
      await waitFor(() => expect(real.messages.events('SAVE_PREFERENCES').at(-1)).toMatchObject(chosen))
    }

    fireEvent.keyDown(await firstTile(), { key: 'Enter' })
    const insert = await waitForEvent<InsertRequest>('INSERT_ICON')
    expect(insert.icon).toMatchObject({ size: 24, color: '#000000' })
    expect(insert.icon.strokeWidth).toBeUndefined()
  })
})

describe('a swap Figma does not confirm in time', () => {
  test('keeps what the designer chose, since it may have happened: the selection main reports tells', async () => {
    start({ query: 'home', size: 32 }, [HOUSE], 300)
    await waitFor(() => expect(field('Size').value).toBe('24'))
    typeAndCommit(field('Size'), '40')
    await waitForEvent<ReplaceRequest>('REPLACE_ICONS')
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Figma did not confirm within 0.3 s.'), WAIT)
    expect(field('Size').value).toBe('40')
    // The next choice goes out after the first has ended: nothing put the earlier 32 back between them.
    typeAndCommit(field('Size'), '41')
    await waitForEvent<ReplaceRequest>('REPLACE_ICONS', 2)
    expect(real.messages.events('SAVE_PREFERENCES').map((saved) => (saved as Preferences).size)).toEqual([40, 41])
  })
})

describe('a colour or stroke the box refuses', () => {
  for (const [name, typed, problem] of [
    ['Colour', 'zz', 'Set a colour such as #0F6CBD first.'],
    ['Stroke', '100', 'Set a stroke from 0.25 to 16 px, or empty for as drawn, first.']
  ] as const) {
    test(`stops an insert in the last good one (${name} ${typed}), which says why, until it is mended`, async () => {
      start({ query: 'arrow' })
      const tile = await firstTile()
      typeAndCommit(field(name), typed)
      await within(toolbar()).findByRole('alert')
      fireEvent.keyDown(tile, { key: 'Enter' })
      await screen.findByText(problem, undefined, WAIT)
      expect(real.messages.events('INSERT_ICON')).toEqual([])
      // Escape puts the box back: the refusal goes, and the insert goes in.
      fireEvent.keyDown(field(name), { key: 'Escape' })
      await waitFor(() => expect(screen.queryByText(problem)).toBeNull(), WAIT)
      fireEvent.keyDown(tile, { key: 'Enter' })
      await waitForEvent<InsertRequest>('INSERT_ICON')
    })
  }
})

describe('a size the box refuses', () => {
  async function withRefusedSize() {
    start({ query: 'arrow' })
    const tile = await firstTile()
    typeInto(field('Size'), '2000')
    await within(toolbar()).findByRole('alert')
    return tile
  }

  test('stops Insert N icons, which says why', async () => {
    const tile = await withRefusedSize()
    fireEvent.click(tile, { metaKey: true })
    fireEvent.click(within(screen.getByRole('region', { name: 'Picked icons' })).getByRole('button', { name: 'Insert 1 icon' }))
    await screen.findByText('Set a size from 1 to 1024 px first.', undefined, WAIT)
    expect(real.messages.events('INSERT_ICONS')).toEqual([])
    expect(screen.getByRole('region', { name: 'Picked icons' })).toBeTruthy()
  })

  test('says so until the size is mended, then the next insert goes in', async () => {
    const tile = await withRefusedSize()
    fireEvent.keyDown(tile, { key: 'Enter' })
    await screen.findByText('Set a size from 1 to 1024 px first.', undefined, WAIT)
    typeInto(field('Size'), '32')
    await waitFor(() => expect(screen.queryByText('Set a size from 1 to 1024 px first.')).toBeNull(), WAIT)
    fireEvent.keyDown(tile, { key: 'Enter' })
    expect((await waitForEvent<InsertRequest>('INSERT_ICON')).icon.size).toBe(32)
  })

  test('stops a drag to the canvas, which says why', async () => {
    declareDragHandlers()
    const tile = await withRefusedSize()
    fireEvent.dragStart(tile)
    dragEndAt(tile, -40, 120)
    await screen.findByText('Set a size from 1 to 1024 px first.', undefined, WAIT)
    expect(real.messages.drops()).toEqual([])
    expect(real.messages.events('DROP_CONTENT')).toEqual([])
  })
})

describe('changes made while a swap runs, merged into the one that waits', () => {
  test('keep the later of a colour and the icons’ own colours, which take each other back', () => {
    expect(followedBy({ ownColors: true }, { color: '#00aa00', binding: null })).toEqual({ color: '#00aa00', binding: null })
    expect(followedBy({ color: '#00aa00', size: 32 }, { ownColors: true })).toEqual({ size: 32, ownColors: true })
    expect(followedBy({ size: 32 }, { strokeWidth: 2 })).toEqual({ size: 32, strokeWidth: 2 })
  })
})

describe('parseStrokeWidth', () => {
  test('reads px from 0.25 to 16, a decimal comma as a point, and an empty box as the drawing’s own', () => {
    expect(parseStrokeWidth('1.5')).toEqual({ ok: true, width: 1.5 })
    expect(parseStrokeWidth('1,5 px')).toEqual({ ok: true, width: 1.5 })
    expect(parseStrokeWidth('  ')).toEqual({ ok: true, width: null })
    for (const text of ['0', '-1', '17', 'thin', '1,5,0']) expect(parseStrokeWidth(text).ok, text).toBe(false)
    // Arithmetic too, as in the size box: half of 3 px.
    expect(parseStrokeWidth('3/2')).toEqual({ ok: true, width: 1.5 })
    expect(parseStrokeWidth('1+')).toMatchObject({ ok: false })
  })
})

describe('the colour picker', () => {
  test('while it is dragged the hex follows it, and the icons take the colour only when it closes', async () => {
    start({}, [HOUSE])
    await waitFor(() => expect(field('Size').value).toBe('24'), WAIT)
    const picker = within(toolbar()).getByLabelText('Colour picker') as HTMLInputElement
    for (const step of ['#330000', '#663300']) {
      picker.value = step
      fireEvent.input(picker)
    }
    expect(field('Colour').value).toBe('#663300')
    // Drawn where the pointer is, not put back to black by the render the hex's text made.
    expect(picker.value).toBe('#663300')
    expect(real.messages.events('REPLACE_ICONS')).toEqual([])
    // Closed: the DOM's own change event (fireEvent.change would send an input event through preact).
    act(() => {
      picker.dispatchEvent(new Event('change', { bubbles: true }))
    })
    expect((await waitForEvent<ReplaceRequest>('REPLACE_ICONS')).items[0]?.icon.color).toBe('#663300')
    // Closed, it stays on the colour chosen while the swap runs, not on the icons' colour before it.
    expect(picker.value).toBe('#663300')
  })
})
