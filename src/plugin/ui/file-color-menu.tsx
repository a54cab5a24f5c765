import { IconDetachSmall24, IconStyles24 } from '@create-figma-plugin/ui'
import { h } from 'preact'
import { useId } from 'preact/hooks'

import type { ColorBinding, FileColor } from '../../api/plugin-protocol'
import { sameBinding } from '../shared/color-binding'
import { useDropdown } from './use-dropdown'

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
 * A file colour's own name, without the groups it is filed in ('Ink' for Icon/Ink): in a narrow
 * toolbar the group, which sibling colours share, would be all that shows. The full name is the
 * button's title and accessible name.
 */
function leafName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1)
}

/**
 * The file's colour styles and colour variables, beside the hex field. The button names the chosen
 * one; opening the menu asks main for the file's colours again, as a style or mode may have
 * changed. With a file colour chosen, "Detach" keeps its value as a plain hex, as Figma's detach
 * does: the hex field alone can't, since the same hex typed again changes nothing.
 */
export function FileColorMenu(props: {
  colors: readonly FileColor[]
  /** The chosen file colour; null for a plain hex, undefined when the selected icons differ. */
  value: ColorBinding | null | undefined
  onOpen: () => void
  onChoose: (color: FileColor) => void
  onDetach: () => void
}) {
  const id = useId()
  const menu = useDropdown(props.onOpen)
  const chosen = props.colors.find((color) => sameBinding(color, props.value))
  const label = props.value === undefined ? 'Mixed' : chosen === undefined ? 'File colours' : chosen.name
  const bound = props.value !== null && props.value !== undefined
  // On the button: the chosen colour's own name, or "Mixed" for icons bound to different ones (or
  // some to none), not only in its title; nothing beside the icon when none is chosen.
  const shown = chosen === undefined ? (label === 'Mixed' ? label : null) : leafName(chosen.name)
  return (
    <div class="ic-file-colors" {...menu.containerProps}>
      <button
        ref={menu.button}
        type="button"
        class="ic-file-color-button"
        aria-expanded={menu.open}
        aria-controls={`${id}-menu`}
        aria-label={chosen === undefined && props.value !== undefined ? 'File colours' : `File colour: ${label}`}
        disabled={props.colors.length === 0}
        title={props.colors.length === 0 ? 'This file has no colour styles or colour variables' : label}
        onClick={menu.toggle}
      >
        {chosen === undefined ? <IconStyles24 /> : <span class="ic-swatch" style={{ backgroundColor: chosen.color }} />}
        {shown === null ? null : <span class="ic-file-color-name">{shown}</span>}
      </button>
      {menu.open ? (
        <div id={`${id}-menu`} class="ic-file-color-menu" role="group" aria-label="File colours">
          {bound ? (
            <button
              type="button"
              class="ic-file-color"
              title="Keep this colour's value as a plain hex, no longer tied to the file colour"
              onClick={() => {
                props.onDetach()
                menu.close(true)
              }}
            >
              <IconDetachSmall24 />
              <span class="ic-file-color-name">Detach</span>
            </button>
          ) : null}
          {groups(props.colors).map((group) => (
            <div key={group.title} role="group" aria-label={group.title}>
              <p class="ic-file-color-group" aria-hidden="true">
                {group.title}
              </p>
              {group.colors.map((color) => (
                <button
                  key={`${color.kind}:${color.id}`}
                  type="button"
                  class="ic-file-color"
                  aria-label={`${color.name} ${color.color.toUpperCase()}`}
                  aria-pressed={sameBinding(color, props.value)}
                  onClick={() => {
                    props.onChoose(color)
                    menu.close(true)
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
