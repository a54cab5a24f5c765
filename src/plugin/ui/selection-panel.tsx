import { h } from 'preact'

import { iconKey } from '../../api/icon-key'
import type { SelectedIcon } from '../../api/plugin-protocol'
import { useCatalogue } from './catalogue-context'
import { familyOf, stylesOf } from './choose-variant'
import { ColorControl } from './color-control'
import type { SelectionChange } from './icon-payloads'
import { SizeControl } from './size-control'
import { useResource } from './use-resource'
import { iconThumbnailUrl } from './use-theme-ink'

/**
 * The plugin icons selected on the canvas. Choosing another size, style or colour re-renders each
 * of them in place; main keeps each node's identity and position.
 */
export function SelectionPanel(props: {
  selection: readonly SelectedIcon[]
  busy: boolean
  onChange: (change: SelectionChange) => void
}) {
  const { client, ink, nameOfSet, nameOfStyle } = useCatalogue()
  const { selection } = props
  const first = selection[0]
  const key = first === undefined ? null : iconKey(first.iconset, first.icon)
  const family = useResource(key, (signal) => client.icon(first?.iconset ?? '', first?.icon ?? '', signal))
  if (first === undefined) return null

  const sameSize = selection.every((icon) => icon.size === first.size)
  const sameStyle = selection.every((icon) => icon.style === first.style)
  // Alphabetical, so the list doesn't reorder itself after each swap.
  const styles = (family.status === 'ready' ? stylesOf(familyOf(family.data)) : [first.style]).sort((a, b) =>
    nameOfStyle(a).localeCompare(nameOfStyle(b))
  )
  const heading = selection.length === 1 ? '1 icon selected' : `${selection.length} icons selected`

  return (
    <section class="ic-panel" aria-label="Selected icons">
      <h2 class="ic-panel-title">{heading}</h2>
      <ul class="ic-selection-list">
        {selection.map((icon) => (
          <li key={icon.nodeId} class="ic-selection-item">
            <img
              class="ic-thumb"
              src={iconThumbnailUrl(client.baseUrl, icon.iconset, icon.icon, ink)}
              alt=""
              width={16}
              height={16}
            />
            <span>
              {icon.icon} · {nameOfSet(icon.iconset)} · {nameOfStyle(icon.style)} · {icon.size} px
            </span>
          </li>
        ))}
      </ul>
      <fieldset class="ic-fieldset" disabled={props.busy}>
        <SizeControl value={sameSize ? first.size : null} commitOn="change" onCommit={(size) => props.onChange({ size })} />
        <div class="ic-field">
          <label class="ic-field-label" for="ic-selection-style">
            Style
          </label>
          <select
            id="ic-selection-style"
            class="ic-select"
            value={sameStyle ? first.style : ''}
            onChange={(event) => {
              if (event.currentTarget.value !== '') props.onChange({ style: event.currentTarget.value })
            }}
          >
            {sameStyle ? null : <option value="">Mixed</option>}
            {styles.map((style) => (
              <option key={style} value={style}>
                {nameOfStyle(style)}
              </option>
            ))}
          </select>
        </div>
        <ColorControl value={first.color} commitOn="change" onCommit={(color) => props.onChange({ color })} />
      </fieldset>
    </section>
  )
}
