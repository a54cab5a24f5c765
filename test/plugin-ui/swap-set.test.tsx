// @vitest-environment happy-dom
/**
 * Swap set in the selection panel, against the real catalogue: with icons selected, or a frame
 * holding them, choosing a set lists each icon's match (with its preview and confidence) and the
 * misses, and nothing is sent to main until the designer confirms; then one replace request
 * carries every match at its own size and colour, and the misses stay out of it.
 */
import nodeConsole from 'node:console'

import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, onTestFinished, test, vi } from 'vitest'

import { DEFAULT_PREFERENCES, type ReplaceRequest, type SelectedIcon } from '../../src/api/plugin-protocol'
import { Plugin } from '../../src/plugin/ui/plugin'
import { useRealCatalogue } from './real-catalogue'
import { chooseOption, openSelectionPanel, previewImage, sendToUi } from './ui-harness'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()

const icon = (nodeId: string, name: string, size: number, color: string): SelectedIcon => ({
  nodeId,
  iconset: 'lucide',
  icon: name,
  style: 'outline',
  size,
  color
})
/** Three Lucide icons in a frame: Phosphor has the first two, under other names for settings. */
const IN_FRAME = [icon('5:1', 'house', 32, '#ff0000'), icon('5:2', 'settings', 20, '#0000ff'), icon('5:3', 'hourglass', 24, '#000000')]

function start(selection: SelectedIcon[], iconsInSelection: SelectedIcon[]) {
  render(<Plugin preferences={DEFAULT_PREFERENCES} selection={selection} iconsInSelection={iconsInSelection} />)
}

const panel = openSelectionPanel

async function previewIn(setName: string) {
  const select = await within(panel()).findByRole('combobox', { name: 'Swap set' })
  await within(select).findByRole('option', { name: setName }, WAIT)
  chooseOption(select, (within(select).getByRole('option', { name: setName }) as HTMLOptionElement).value)
  return within(panel()).findByRole('list', { name: `Swap to ${setName}` }, WAIT)
}

const HOW = { name: 'same name', synonym: 'synonym', tags: 'shared tags' } as const
const rows = (list: HTMLElement) => within(list).getAllByRole('listitem').map((row) => row.getAttribute('aria-label'))

describe('Swap set', () => {
  test('with a frame of icons selected, shows matches and misses before anything changes', async () => {
    start([], IN_FRAME)
    expect(within(panel()).getByRole('button', { name: '3 icons in the selection' })).toBeTruthy()
    // Only Swap set applies to icons inside a frame; the style menu is for icons selected themselves.
    expect(within(panel()).queryByRole('combobox', { name: 'Style' })).toBeNull()

    const list = await previewIn('Phosphor')
    expect(rows(list)).toEqual([
      'House to House, 100% (same name)',
      'Settings to Gear, 94% (synonym)',
      'Hourglass: no match, stays as it is'
    ])
    // Phosphor's house, in the theme's ink.
    const house = await previewImage(real.direct, 'ph', 'house', '#1e1e1e')
    await waitFor(() => expect(list.querySelectorAll('img')[1]?.getAttribute('src')).toBe(house), WAIT)
    expect(within(panel()).getByText('2 of 3 to swap to Phosphor; 1 stays as it is')).toBeTruthy()
    expect(real.messages.events('REPLACE_ICONS')).toEqual([])
  })

  test('an icon already in the set swapped to stays, and is not counted among those to swap', async () => {
    start([], [icon('6:1', 'house', 24, '#000000'), { ...icon('6:2', 'gear', 24, '#000000'), iconset: 'ph' }])
    const list = await previewIn('Lucide')
    // Two sets in the list: each row names its icon's.
    expect(rows(list)).toEqual(['House · Lucide: already in this set', expect.stringMatching(/^Gear · Phosphor to Settings, \d+% \(/)])
    // The set on a line of its own under the icon's name, whole, never cut down to a few letters; all of it on hover.
    const names = [...list.querySelectorAll('.ic-swap-name')]
    expect(names.map((name) => [...name.children].map((line) => line.textContent))).toEqual([
      ['House', 'Lucide'],
      ['Gear', 'Phosphor']
    ])
    expect(names.map((name) => name.getAttribute('title'))).toEqual(['House · Lucide', 'Gear · Phosphor'])
    expect(within(panel()).getByText('1 of 2 to swap to Lucide; 1 already in it')).toBeTruthy()
    expect(within(panel()).getByRole('button', { name: 'Swap 1 icon' })).toBeTruthy()
  })

  test('says so when no icon has an equivalent in the set, and offers no swap of none', async () => {
    start([], [icon('6:1', 'hourglass', 24, '#000000')])
    const list = await previewIn('Phosphor')
    expect(rows(list)).toEqual(['Hourglass: no match, stays as it is'])
    expect(within(panel()).getByText('No equivalent in Phosphor: the icon stays as it is.')).toBeTruthy()
    expect(within(panel()).queryByRole('button', { name: /^Swap \d/ })).toBeNull()
    expect(within(panel()).getByRole('button', { name: 'Cancel' })).toBeTruthy()
  })

  test('Swap sends every match in one replace request at its own size and colour; the miss is left out and reported', async () => {
    start([], IN_FRAME)
    await previewIn('Phosphor')
    fireEvent.click(within(panel()).getByRole('button', { name: 'Swap 2 icons' }))

    await waitFor(() => expect(real.messages.events('REPLACE_ICONS')).toHaveLength(1), WAIT)
    const request = real.messages.events('REPLACE_ICONS')[0] as ReplaceRequest
    expect(request.mode).toBe('replace')
    // Phosphor Regular's lines, outlined into fills, are 16 of its 256 units: 2 px at 32, 1.25 at 20.
    expect(request.items.map((item) => [item.nodeId, item.icon])).toEqual([
      ['5:1', { iconset: 'ph', icon: 'house', style: 'outline', size: 32, color: '#ff0000', outline: { width: 2, join: 'round' } }],
      ['5:2', { iconset: 'ph', icon: 'gear', style: 'outline', size: 20, color: '#0000ff', outline: { width: 1.25, join: 'round' } }]
    ])
    expect(request.items[0]?.svg).toContain('#ff0000')

    // Main reports the swapped icons just before it confirms; the list stays as the designer saw it.
    sendToUi('ICONS_IN_SELECTION', [
      { ...IN_FRAME[0], iconset: 'ph', icon: 'house' },
      { ...IN_FRAME[1], iconset: 'ph', icon: 'gear' },
      IN_FRAME[2]
    ])
    expect(within(panel()).queryByText(/Finding equivalents/)).toBeNull()
    expect(within(panel()).getByRole('list', { name: 'Swap to Phosphor' })).toBeTruthy()
    sendToUi('OPERATION_RESULT', { requestId: request.requestId, ok: true, nodeIds: ['5:1', '5:2'] })
    await screen.findByText('Swapped 2 icons to Phosphor; 1 icon left as it was', undefined, WAIT)
    expect(within(panel()).queryByRole('list', { name: 'Swap to Phosphor' })).toBeNull()
  })

  test('after a swap that moved every icon, the menu says “Move to another set…” again, not nothing', async () => {
    const both = IN_FRAME.slice(0, 2)
    start([], both)
    await previewIn('Phosphor')
    fireEvent.click(within(panel()).getByRole('button', { name: 'Swap 2 icons' }))
    await waitFor(() => expect(real.messages.events('REPLACE_ICONS')).toHaveLength(1), WAIT)
    const request = real.messages.events('REPLACE_ICONS')[0] as ReplaceRequest
    const swapped = [
      { ...IN_FRAME[0], iconset: 'ph', icon: 'house' },
      { ...IN_FRAME[1], iconset: 'ph', icon: 'gear' }
    ]
    sendToUi('ICONS_IN_SELECTION', swapped)
    sendToUi('OPERATION_RESULT', { requestId: request.requestId, ok: true, nodeIds: ['5:1', '5:2'] })
    await screen.findByText('Swapped 2 icons to Phosphor', undefined, WAIT)
    const select = within(panel()).getByRole('combobox', { name: 'Swap set' }) as HTMLSelectElement
    await waitFor(() => expect(select.selectedIndex).toBe(0))
    expect(select.selectedOptions[0]?.textContent).toBe('Move to another set…')
    // Every icon is in Phosphor now: it is no longer a set to move to.
    expect(within(select).queryByRole('option', { name: 'Phosphor' })).toBeNull()
  })

  test('Cancel closes the list and changes nothing', async () => {
    start(IN_FRAME.slice(0, 1), IN_FRAME.slice(0, 1))
    await previewIn('Phosphor')
    fireEvent.click(within(panel()).getByRole('button', { name: 'Cancel' }))
    expect(within(panel()).queryByRole('list', { name: 'Swap to Phosphor' })).toBeNull()
    expect(real.messages.events('REPLACE_ICONS')).toEqual([])
  })

  test('each row offers the alternatives and keeping the icon; the swap follows the choices, one request', async () => {
    // Phosphor has no heart-crack, only families close to it.
    const selection = [IN_FRAME[0]!, IN_FRAME[1]!, icon('5:3', 'heart-crack', 24, '#000000')]
    start([], selection)
    const list = await previewIn('Phosphor')
    const answer = await real.direct.equivalents('ph', selection)
    const [house, settings, heartCrack] = answer.equivalents
    expect(heartCrack?.match).toBeNull()
    expect(settings?.alternatives.length).toBeGreaterThan(0)
    expect(heartCrack?.alternatives.length).toBeGreaterThan(0)
    const choice = (name: string) => within(list).getByRole('combobox', { name: `Swap ${name} to` }) as HTMLSelectElement
    // The suggestion first, then the alternatives, then keeping it; a miss starts kept.
    const offered = (name: string) => [...choice(name).options].map((option) => option.textContent)
    const option = (equivalent: { icon: { name: string }; confidence: number }) => `${equivalent.icon.name} · ${Math.round(equivalent.confidence * 100)}%`
    expect(offered('Settings')).toEqual([settings!.match!, ...settings!.alternatives].map(option).concat('Keep as it is'))
    expect(offered('Heart crack')).toEqual(heartCrack!.alternatives.map(option).concat('Keep as it is'))
    expect(choice('Heart crack').value).toBe('keep')
    expect(rows(list)[2]).toBe('Heart crack: no match, stays as it is')

    // Settings to its first alternative, house kept, heart-crack to its closest family.
    const alternative = settings!.alternatives[0]!
    const closest = heartCrack!.alternatives[0]!
    chooseOption(choice('Settings'), '1')
    chooseOption(choice('House'), 'keep')
    chooseOption(choice('Heart crack'), '0')
    await waitFor(() =>
      expect(rows(list)).toEqual([
        'House: stays as it is',
        `Settings to ${alternative.icon.name}, ${Math.round(alternative.confidence * 100)}% (${HOW[alternative.matched_by]})`,
        `Heart crack to ${closest.icon.name}, ${Math.round(closest.confidence * 100)}% (${HOW[closest.matched_by]})`
      ])
    )
    expect(house?.match?.icon.slug).toBe('house')
    expect(within(panel()).getByText('2 of 3 to swap to Phosphor; 1 stays as it is')).toBeTruthy()
    expect(real.messages.events('REPLACE_ICONS')).toEqual([])

    fireEvent.click(within(panel()).getByRole('button', { name: 'Swap 2 icons' }))
    await waitFor(() => expect(real.messages.events('REPLACE_ICONS')).toHaveLength(1), WAIT)
    const request = real.messages.events('REPLACE_ICONS')[0] as ReplaceRequest
    expect(request.items.map((item) => [item.nodeId, item.icon.iconset, item.icon.icon, item.icon.size])).toEqual([
      ['5:2', 'ph', alternative.icon.slug, 20],
      ['5:3', 'ph', closest.icon.slug, 24]
    ])
  })

  test('Cancel forgets the choices: the list opens again with the suggestions', async () => {
    start([], IN_FRAME)
    let list = await previewIn('Phosphor')
    chooseOption(within(list).getByRole('combobox', { name: 'Swap House to' }), 'keep')
    await waitFor(() => expect(rows(list)[0]).toBe('House: stays as it is'))
    fireEvent.click(within(panel()).getByRole('button', { name: 'Cancel' }))
    list = await previewIn('Phosphor')
    expect(rows(list)[0]).toBe('House to House, 100% (same name)')
  })

  test('a row’s choice, closed, is kept from moving with arrows and type-ahead, as the panel’s other selects are (keyboard.test.tsx)', async () => {
    start([], IN_FRAME.slice(0, 1))
    const choice = within(await previewIn('Phosphor')).getByRole('combobox', { name: 'Swap House to' })
    for (const key of ['ArrowDown', 'ArrowUp', 'End', 'k', 'H']) expect(fireEvent.keyDown(choice, { key }), key).toBe(false)
    expect(fireEvent.keyDown(choice, { key: ' ' })).toBe(true)
  })

  test('names each icon as the catalogue does, without the style and size words its slug carries; by its slug until the catalogue answers', async () => {
    const fluent: SelectedIcon = { ...icon('7:1', 'home-24-regular', 24, '#000000'), iconset: 'fluent' }
    const phosphor: SelectedIcon = { ...icon('7:2', 'house-bold', 24, '#000000'), iconset: 'ph', style: 'bold' }
    let answer = () => undefined as void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const client = { ...real.direct, icon: async (...args: Parameters<typeof real.direct.icon>) => answered.then(() => real.direct.icon(...args)) }
    render(<Plugin client={client} preferences={DEFAULT_PREFERENCES} selection={[]} iconsInSelection={[fluent, phosphor]} />)
    const items = () => within(panel()).getAllByRole('listitem').map((item) => item.textContent)
    // The sets' and styles' names arrive meanwhile; the icons' details are held back.
    await waitFor(() => expect(items()).toEqual(['Home 24 regular · Fluent UI System Icons · Outline · 24 px', 'House bold · Phosphor · Bold · 24 px']), WAIT)

    answer()
    await waitFor(() => expect(items()).toEqual(['Home · Fluent UI System Icons · Outline · 24 px', 'House · Phosphor · Bold · 24 px']), WAIT)
    const list = await previewIn('Lucide')
    expect(rows(list).map((row) => row?.split(',')[0])).toEqual(['Home · Fluent UI System Icons to House', 'House · Phosphor to House'])
  })

  test('asks for the details of the icons inside a selected frame only once the panel is open, and keeps their names when asking again fails', async () => {
    const asked: string[] = []
    let failing = false
    const client = {
      ...real.direct,
      icon: async (...args: Parameters<typeof real.direct.icon>) => {
        asked.push(`${args[0]}:${args[1]}`)
        if (failing) throw new Error('The catalogue is away.')
        return real.direct.icon(...args)
      }
    }
    // Fluent's home-24-regular, whose name the catalogue gives as Home; by its slug alone it would read "Home 24 regular".
    const home: SelectedIcon = { ...icon('5:2', 'home-24-regular', 24, '#0000ff'), iconset: 'fluent' }
    render(<Plugin client={client} preferences={DEFAULT_PREFERENCES} selection={[]} iconsInSelection={[home]} />)
    const region = await screen.findByRole('region', { name: 'Selected icons' })
    await within(region).findByRole('button', { name: '1 icon in the selection' }, WAIT)
    // A frame may hold hundreds of icons: folded, the panel names none of them.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(asked).toEqual([])
    const items = () => within(panel()).getAllByRole('listitem').map((item) => item.textContent)
    await waitFor(() => expect(items()).toEqual(['Home · Fluent UI System Icons · Outline · 24 px']), WAIT)
    expect(asked).toEqual(['fluent:home-24-regular'])
    // Another icon joins the frame while the catalogue is away: the one already named keeps its name.
    failing = true
    sendToUi('ICONS_IN_SELECTION', [home, icon('5:4', 'house', 24, '#000000')])
    await waitFor(() => expect(asked).toContain('lucide:house'), WAIT)
    // Both requests fail at once; their answers are taken in by the next render.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(asked).toEqual(['fluent:home-24-regular', 'fluent:home-24-regular', 'lucide:house'])
    expect(items()[0]).toBe('Home · Fluent UI System Icons · Outline · 24 px')
  })

  test('an icon the catalogue does not have stays, said plainly, and the others still swap', async () => {
    // From another catalogue's set, or renamed in a newer version of its own.
    const strangers = [icon('6:1', 'no-such-icon', 24, '#000000'), { ...icon('6:2', 'house', 24, '#000000'), iconset: 'gone' }]
    start([], [...strangers, IN_FRAME[0]!])
    const list = await previewIn('Phosphor')
    // Two houses, told apart by their sets.
    expect(rows(list)).toEqual([
      'No such icon · Lucide: not in this catalogue, stays as it is',
      'House · gone: not in this catalogue, stays as it is',
      'House · Lucide to House, 100% (same name)'
    ])
    expect(within(list).getAllByText('not in this catalogue, stays')).toHaveLength(2)
    fireEvent.click(within(panel()).getByRole('button', { name: 'Swap 1 icon' }))
    await waitFor(() => expect(real.messages.events('REPLACE_ICONS')).toHaveLength(1), WAIT)
    expect((real.messages.events('REPLACE_ICONS')[0] as ReplaceRequest).items.map((item) => item.nodeId)).toEqual(['5:1'])
  })

  test('says why when the catalogue refuses the list, and sends nothing', async () => {
    // Plugin data that no longer reads as an icon id (set:icon) is refused whole. As in a browser, the
    // refused request is also logged to the page's console (happy-dom's is Node's own); keep it out of the output.
    const pageConsole = vi.spyOn(nodeConsole, 'error').mockImplementation(() => undefined)
    onTestFinished(() => pageConsole.mockRestore())
    start([], [icon('6:1', 'broken:name', 24, '#000000')])
    const select = await within(panel()).findByRole('combobox', { name: 'Swap set' })
    await within(select).findByRole('option', { name: 'Phosphor' }, WAIT)
    chooseOption(select, 'ph')
    const alert = await within(panel()).findByRole('alert', undefined, WAIT)
    expect(alert.textContent).toContain('"lucide:broken:name" is not an Iconify id')
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy()
    expect(real.messages.events('REPLACE_ICONS')).toEqual([])
  })

  test('appears when main reports icons inside the new selection, and offers only sets to move to', async () => {
    start([], [])
    expect(screen.queryByRole('region', { name: 'Selected icons' })).toBeNull()
    sendToUi('ICONS_IN_SELECTION', IN_FRAME)
    const select = await within(panel()).findByRole('combobox', { name: 'Swap set' })
    await within(select).findByRole('option', { name: 'Phosphor' }, WAIT)
    const offered = within(select).getAllByRole('option').map((option) => option.textContent)
    expect(offered).not.toContain('Lucide')
  })
})
