/**
 * Helpers for DOM tests of the plugin UI: what it sends to main (window.parent.postMessage, which
 * is where Figma listens) and messages from main, delivered the way Figma delivers them.
 */
import { act, fireEvent, screen, within } from '@testing-library/preact'
import { vi } from 'vitest'

import { createCatalogueClient, type CatalogueClient } from '../../src/plugin/ui/catalogue-client'
import { PREVIEW_SVG_SIZE } from '../../src/plugin/ui/icon-preview'
import { svgDataUrl } from '../../src/plugin/ui/use-theme-ink'

export type MainBound = { pluginMessage?: [string, ...unknown[]]; pluginDrop?: Record<string, unknown> }

/**
 * A client of the real catalogue at `url` that records every URL it fetches, and holds back the
 * answers to those `held` picks until `release()`.
 */
export function recordingClient(url: string, held: (fetched: string) => boolean = () => false): { client: CatalogueClient; fetched: string[]; release: () => void } {
  const fetched: string[] = []
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const client = createCatalogueClient(url, {
    fetch: async (input, init) => {
      fetched.push(String(input))
      if (held(String(input))) await released
      return fetch(input, init)
    }
  })
  return { client, fetched, release }
}

/**
 * The image a preview shows of an icon (icon-preview.tsx): the catalogue's SVG text at
 * PREVIEW_SVG_SIZE in currentColor, its strokes set by `restroke` when given, in `ink`.
 */
export async function previewImage(client: CatalogueClient, iconset: string, icon: string, ink: string, restroke: (svg: string) => string = (svg) => svg): Promise<string> {
  const svg = await client.svg(iconset, icon, { size: PREVIEW_SVG_SIZE })
  return svgDataUrl(restroke(svg).replaceAll('currentColor', ink))
}

/** The sources of the images in an element, in order. */
export const imagesIn = (element: HTMLElement) => [...element.querySelectorAll('img')].map((image) => image.getAttribute('src'))

/** Records every message the UI posts to its parent; happy-dom's top window is its own parent. */
export function captureMessagesToMain() {
  const sent: MainBound[] = []
  const spy = vi.spyOn(window.parent, 'postMessage').mockImplementation((message: unknown) => {
    sent.push(message as MainBound)
  })
  return {
    sent,
    events: (name: string) => sent.filter((message) => message.pluginMessage?.[0] === name).map((message) => message.pluginMessage?.[1]),
    /** The names of the messages sent of those named, in the order they went. */
    order: (...names: string[]) => sent.map((message) => message.pluginMessage?.[0]).filter((name) => names.includes(name as string)),
    drops: () => sent.filter((message) => message.pluginDrop !== undefined).map((message) => message.pluginDrop),
    restore: () => spy.mockRestore()
  }
}

/**
 * A message from main, as Figma delivers it to the UI iframe. create-figma-plugin listens through
 * `window.onmessage`, which happy-dom does not call on dispatch, so the handler is called the way
 * a browser would call it.
 */
export function sendToUi(name: string, ...args: unknown[]): void {
  const event = new MessageEvent('message', { data: { pluginMessage: [name, ...args] } })
  act(() => {
    window.onmessage?.call(window, event)
  })
}

export function typeInto(input: HTMLElement, text: string): void {
  ;(input as HTMLInputElement).value = text
  fireEvent.input(input)
}

export function gridLabels(grid: HTMLElement): Array<[number, string]> {
  return [...grid.querySelectorAll<HTMLElement>('[role="listitem"]')].map((item) => [
    Number(item.getAttribute('aria-posinset')),
    item.querySelector('button')?.getAttribute('aria-label') ?? ''
  ])
}

/** Picks an option as a browser does: the value changes, then `input` and `change` fire. */
export function chooseOption(select: HTMLElement, value: string): void {
  ;(select as HTMLSelectElement).value = value
  select.dispatchEvent(new Event('input', { bubbles: true }))
  select.dispatchEvent(new Event('change', { bubbles: true }))
}

/** Types into a text box and commits it with Enter, as a designer does. */
export function typeAndCommit(input: HTMLElement, text: string): void {
  typeInto(input, text)
  fireEvent.keyDown(input, { key: 'Enter' })
  // Inside act, as fireEvent is: the DOM tests run no animation frames, so a commit's render could
  // otherwise wait past the next keystroke, which would then type over a value not yet committed.
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }))
  })
}

/** Ends a drag at a point in the UI's coordinates; happy-dom's DragEvent drops mouse coordinates. */
export function dragEndAt(element: HTMLElement, clientX: number, clientY: number): void {
  element.dispatchEvent(new MouseEvent('dragend', { bubbles: true, clientX, clientY }))
}

/**
 * Browsers have `ondragstart`/`ondragend` on every element and Preact relies on that to listen for
 * `dragstart`/`dragend`; happy-dom lacks them, so they are declared as a browser would.
 */
export function declareDragHandlers(): void {
  for (const name of ['ondragstart', 'ondragend']) {
    if (!(name in HTMLElement.prototype)) {
      Object.defineProperty(HTMLElement.prototype, name, { value: null, writable: true, configurable: true })
    }
  }
}

/** Picks a size from the toolbar's presets menu, as a designer does: open it, then choose. */
export function choosePreset(toolbar: HTMLElement, size: number): void {
  fireEvent.click(within(toolbar).getByRole('button', { name: 'Size presets' }))
  fireEvent.click(within(within(toolbar).getByRole('group', { name: 'Presets' })).getByRole('button', { name: String(size) }))
}

/** The selected icons' panel, opened from its line in the header onto their list, style and Swap set. */
export function openSelectionPanel(): HTMLElement {
  const panel = screen.getByRole('region', { name: 'Selected icons' })
  const toggle = within(within(panel).getByRole('heading')).getByRole('button')
  if (toggle.getAttribute('aria-expanded') === 'false') fireEvent.click(toggle)
  return panel
}
