import { h } from 'preact'
import { useId, useRef, useState } from 'preact/hooks'

import type { ColorBinding, FileColor } from '../../api/plugin-protocol'

export function bindingKey(binding: ColorBinding | null | undefined): string {
  return binding === null || binding === undefined ? '' : `${binding.kind}:${binding.id}`
}

/** Styles first, then each variable collection, as Figma's own colour picker groups them. */
function groups(colors: readonly FileColor[]): Array<{ title: string; colors: FileColor[] }> {
  const byTitle = new Map<string, FileColor[]>()
  for (const color of colors) {
    const title = color.kind === 'style' ? 'Colour styles' : color.collection
    byTitle.set(title, [...(byTitle.get(title) ?? []), color])
  }
  return [...byTitle].map(([title, members]) => ({ title, colors: members }))
}

/**
 * The file's colour styles and colour variables, beside the hex field. The button names the chosen
 * one; opening the menu asks main for the file's colours again, as a style or mode may have
 * changed. Escape closes the menu only, not the search behind it.
 */
export function FileColorMenu(props: {
  colors: readonly FileColor[]
  /** The chosen file colour; null for a plain hex, undefined when the selected icons differ. */
  value: ColorBinding | null | undefined
  onOpen: () => void
  onChoose: (color: FileColor) => void
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const chosen = props.colors.find((color) => bindingKey(color) === bindingKey(props.value))
  const label = props.value === undefined ? 'Mixed' : chosen === undefined ? 'File colours' : chosen.name

  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }
  return (
    <div
      class="ic-file-colors"
      onFocusOut={(event) => {
        // Focus moving out of the button and menu closes it, as a click elsewhere does.
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) close(false)
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return
        event.preventDefault()
        close(true)
      }}
    >
      <button
        ref={button}
        type="button"
        class="ic-file-color-button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={`File colour: ${label}`}
        disabled={props.colors.length === 0}
        title={props.colors.length === 0 ? 'This file has no colour styles or colour variables' : undefined}
        onClick={() => {
          if (!open) props.onOpen()
          setOpen(!open)
        }}
      >
        {chosen === undefined ? null : <span class="ic-swatch" style={{ backgroundColor: chosen.color }} />}
        <span class="ic-file-color-name">{label}</span>
      </button>
      {open ? (
        <div id={`${id}-menu`} class="ic-file-color-menu" role="group" aria-label="File colours">
          {groups(props.colors).map((group) => (
            <div key={group.title} role="group" aria-label={group.title}>
              <p class="ic-file-color-group" aria-hidden="true">
                {group.title}
              </p>
              {group.colors.map((color) => (
                <button
                  key={bindingKey(color)}
                  type="button"
                  class="ic-file-color"
                  aria-label={`${color.name} ${color.color.toUpperCase()}`}
                  aria-pressed={bindingKey(color) === bindingKey(props.value)}
                  onClick={() => {
                    props.onChoose(color)
                    close(true)
                  }}
                >
                  <span class="ic-swatch" style={{ backgroundColor: color.color }} />
                  <span class="ic-file-color-name">{color.name}</span>
                  <span class="ic-file-color-hex">{color.color.toUpperCase()}</span>
                </button>
              ))}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  )
}
