// @vitest-environment happy-dom
/**
 * The file's colour styles and variables in the toolbar: listed by name beside the hex, asked for
 * again when the menu opens, chosen for the next insert (by name, remembered) or for the selected
 * icons, kept through a size swap, and dropped for a plain hex.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test } from 'vitest'

import {
  DEFAULT_PREFERENCES,
  type FileColor,
  type InsertRequest,
  type Preferences,
  type ReplaceRequest,
  type SelectedIcon
} from '../../src/api/plugin-protocol'
import { Plugin } from '../../src/plugin/ui/plugin'
import { useRealCatalogue } from './real-catalogue'
import { choosePreset, sendToUi, typeAndCommit, typeInto } from './ui-harness'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()

const BRAND: FileColor = { kind: 'style', id: 'S:1,', name: 'Brand/Primary', collection: '', color: '#0f6cbd' }
const INK: FileColor = { kind: 'variable', id: 'VariableID:2:0', name: 'Icon/Ink', collection: 'Theme', color: '#1a1a1a' }
const COLORS = [BRAND, INK]

function start(preferences: Partial<Preferences> = {}, selection: SelectedIcon[] = []) {
  render(<Plugin preferences={{ ...DEFAULT_PREFERENCES, ...preferences }} selection={selection} fileColors={COLORS} />)
}

const toolbar = () => screen.getByRole('group', { name: /next insert/i })
const menuButton = () => within(toolbar()).getByRole('button', { name: /^File colour(s$|:)/ })

async function waitForEvent<T>(name: string, count = 1): Promise<T> {
  await waitFor(() => expect(real.messages.events(name)).toHaveLength(count), WAIT)
  return real.messages.events(name)[count - 1] as T
}

function choose(name: string): void {
  fireEvent.click(menuButton())
  fireEvent.click(within(screen.getByRole('group', { name: 'File colours' })).getByRole('button', { name: new RegExp(`^${name}`) }))
}

describe('file colours in the toolbar', () => {
  test('lists styles and each variable collection, and asks main for them again when opened', async () => {
    start()
    expect(menuButton().getAttribute('aria-label')).toBe('File colours')
    fireEvent.click(menuButton())
    expect(real.messages.events('REFRESH_FILE_COLORS')).toHaveLength(1)
    const menu = screen.getByRole('group', { name: 'File colours' })
    expect(within(within(menu).getByRole('group', { name: 'Colour styles' })).getByRole('button').textContent).toBe('Brand/Primary#0F6CBD')
    expect(within(within(menu).getByRole('group', { name: 'Theme' })).getByRole('button').textContent).toBe('Icon/Ink#1A1A1A')

    sendToUi('FILE_COLORS', [BRAND, INK, { ...INK, id: 'VariableID:3:0', name: 'Icon/Accent', color: '#c50f1f' }])
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Theme' })).getAllByRole('button')).toHaveLength(2))

    typeInto(screen.getByRole('textbox', { name: 'Search icons' }), 'home')
    fireEvent.keyDown(menuButton(), { key: 'Escape' })
    expect(screen.queryByRole('group', { name: 'File colours' })).toBeNull()
    expect((screen.getByRole('textbox', { name: 'Search icons' }) as HTMLInputElement).value).toBe('home')
  })

  test('↓ on the menu button opens it on the first colour, asking main for them again; the arrows move through them', async () => {
    start()
    menuButton().focus()
    fireEvent.keyDown(menuButton(), { key: 'ArrowDown' })
    const menu = await screen.findByRole('group', { name: 'File colours' })
    expect(real.messages.events('REFRESH_FILE_COLORS')).toHaveLength(1)
    const [brand, ink] = within(menu).getAllByRole('button')
    await waitFor(() => expect(document.activeElement).toBe(brand))
    fireEvent.keyDown(brand as HTMLElement, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(ink)
    fireEvent.keyDown(ink as HTMLElement, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(brand)
  })

  test('a chosen variable shows by name, colours the next insert, binds it and is remembered', async () => {
    start()
    choose('Icon/Ink')
    expect(menuButton().getAttribute('aria-label')).toBe('File colour: Icon/Ink')
    expect((within(toolbar()).getByRole('textbox', { name: 'Colour' }) as HTMLInputElement).value).toBe('#1A1A1A')

    typeInto(screen.getByRole('textbox', { name: 'Search icons' }), 'home')
    const grid = await screen.findByRole('list', { name: 'Search results' }, WAIT)
    fireEvent.keyDown(await waitFor(() => grid.querySelector('[data-index="0"]') as HTMLElement, WAIT), { key: 'Enter' })
    const request = await waitForEvent<InsertRequest>('INSERT_ICON')
    expect(request.icon).toMatchObject({ color: '#1a1a1a', binding: { kind: 'variable', id: INK.id } })
    expect(request.svg).toContain('#1a1a1a')
    await waitFor(() => expect(real.messages.events('SAVE_PREFERENCES').at(-1)).toMatchObject({ color: '#1a1a1a', colorBinding: { kind: 'variable', id: INK.id } }), WAIT)
  })

  test('follows the chosen colour’s new value, forgets one the file no longer has, and a hex replaces it', async () => {
    start({ color: '#1a1a1a', colorBinding: { kind: 'variable', id: INK.id } })
    const hex = within(toolbar()).getByRole('textbox', { name: 'Colour' }) as HTMLInputElement
    sendToUi('FILE_COLORS', [BRAND, { ...INK, color: '#f5f5f5' }])
    await waitFor(() => expect(hex.value).toBe('#F5F5F5'))
    expect(menuButton().getAttribute('aria-label')).toBe('File colour: Icon/Ink')

    sendToUi('FILE_COLORS', [BRAND])
    await waitFor(() => expect(menuButton().getAttribute('aria-label')).toBe('File colours'))
    expect(hex.value).toBe('#F5F5F5')

    choose('Brand/Primary')
    typeAndCommit(hex, '#00aa00')
    await waitFor(() => expect(real.messages.events('SAVE_PREFERENCES').at(-1)).toMatchObject({ color: '#00aa00', colorBinding: null }), WAIT)
  })

  test('Detach, offered only with a file colour chosen, keeps its hex for the next insert', async () => {
    start({ color: BRAND.color, colorBinding: { kind: 'style', id: BRAND.id } })
    fireEvent.click(menuButton())
    fireEvent.click(within(screen.getByRole('group', { name: 'File colours' })).getByRole('button', { name: 'Detach' }))
    await waitFor(() => expect(real.messages.events('SAVE_PREFERENCES').at(-1)).toMatchObject({ color: '#0f6cbd', colorBinding: null }), WAIT)
    expect(menuButton().getAttribute('aria-label')).toBe('File colours')
    fireEvent.click(menuButton())
    expect(within(screen.getByRole('group', { name: 'File colours' })).queryByRole('button', { name: 'Detach' })).toBeNull()
  })
})

describe('file colours on selected icons', () => {
  const bound: SelectedIcon = {
    nodeId: '7:1',
    iconset: 'lucide',
    icon: 'house',
    style: 'outline',
    size: 24,
    color: '#0f6cbd',
    binding: { kind: 'style', id: BRAND.id }
  }

  test('shows their colour style by name; a size swap keeps it, another file colour rebinds and a hex unbinds', async () => {
    start({}, [bound])
    expect(menuButton().getAttribute('aria-label')).toBe('File colour: Brand/Primary')

    choosePreset(toolbar(), 48)
    const resized = await waitForEvent<ReplaceRequest>('REPLACE_ICONS')
    expect(resized.items[0]?.icon).toMatchObject({ size: 48, color: '#0f6cbd', binding: { kind: 'style', id: BRAND.id } })
    sendToUi('OPERATION_RESULT', { requestId: resized.requestId, ok: true, nodeIds: ['7:1'] })
    sendToUi('SELECTION_CHANGED', [{ ...bound, size: 48 }])
    await screen.findByText('Updated 1 icon to 48 px', undefined, WAIT)

    choose('Icon/Ink')
    const rebound = await waitForEvent<ReplaceRequest>('REPLACE_ICONS', 2)
    expect(rebound.items[0]?.icon).toMatchObject({ size: 48, color: '#1a1a1a', binding: { kind: 'variable', id: INK.id } })
    expect(rebound.items[0]?.svg).toContain('#1a1a1a')
    sendToUi('OPERATION_RESULT', { requestId: rebound.requestId, ok: true, nodeIds: ['7:1'] })
    sendToUi('SELECTION_CHANGED', [{ ...bound, size: 48, color: '#1a1a1a', binding: { kind: 'variable', id: INK.id } }])
    await waitFor(() => expect(screen.queryByText('Updating selected icons…')).toBeNull(), WAIT)

    typeAndCommit(within(toolbar()).getByRole('textbox', { name: 'Colour' }), '#00aa00')
    const plain = await waitForEvent<ReplaceRequest>('REPLACE_ICONS', 3)
    expect(plain.items[0]?.icon.color).toBe('#00aa00')
    expect(plain.items[0]?.icon.binding).toBeUndefined()
  })

  test('Detach keeps the colour they are drawn in as a plain hex, bound to nothing', async () => {
    start({}, [bound])
    fireEvent.click(menuButton())
    fireEvent.click(within(screen.getByRole('group', { name: 'File colours' })).getByRole('button', { name: 'Detach' }))
    const detached = await waitForEvent<ReplaceRequest>('REPLACE_ICONS')
    expect(detached.items[0]?.icon).toMatchObject({ color: '#0f6cbd', size: 24 })
    expect(detached.items[0]?.icon.binding).toBeUndefined()
  })

  test('shows the value their file colour has now: a mode switch the icon was not inserted in', async () => {
    const inInk: SelectedIcon = { ...bound, color: '#1a1a1a', binding: { kind: 'variable', id: INK.id } }
    start({}, [inInk])
    const hex = within(toolbar()).getByRole('textbox', { name: 'Colour' }) as HTMLInputElement
    expect(hex.value).toBe('#1A1A1A')
    // Main found the page in the Dark mode; the icon, drawn in the variable, is drawn in its Dark value.
    sendToUi('FILE_COLORS', [BRAND, { ...INK, color: '#f5f5f5' }])
    await waitFor(() => expect(hex.value).toBe('#F5F5F5'))
    expect(menuButton().getAttribute('aria-label')).toBe('File colour: Icon/Ink')
    // A file colour the file no longer has leaves the icon's own record.
    sendToUi('FILE_COLORS', [BRAND])
    await waitFor(() => expect(hex.value).toBe('#1A1A1A'))
  })

  test('says Mixed when the selected icons have different file colours', () => {
    start({}, [bound, { ...bound, nodeId: '7:2', binding: undefined }])
    expect(menuButton().getAttribute('aria-label')).toBe('File colour: Mixed')
    // On the button itself too, not only to a screen reader.
    expect(menuButton().textContent).toBe('Mixed')
  })
  test('a multicolour icon in its own colours is swapped in the next insert’s file colour, bound as an insert would be', async () => {
    const emoji: SelectedIcon = { nodeId: '2:3', iconset: 'twemoji', icon: 'house', style: 'color', size: 36, color: null }
    start({ color: INK.color, colorBinding: { kind: 'variable', id: INK.id } }, [emoji])
    choosePreset(toolbar(), 48)
    const swap = await waitForEvent<ReplaceRequest>('REPLACE_ICONS')
    expect(swap.items[0]?.icon).toMatchObject({ size: 48, color: INK.color, binding: { kind: 'variable', id: INK.id } })
    expect(swap.items[0]?.colorChosen).toBeUndefined()
  })
})
