import { Fragment, h } from 'preact'
import { useRef, useState } from 'preact/hooks'

import { humanName } from '../../api/icon-name'
import type { SelectedIcon } from '../../api/plugin-protocol'
import { useCatalogue } from './catalogue-context'
import type { SelectionChange } from '../shared/icon-payloads'
import { keepClosedSelectFromChanging } from './select-keys'
import { SwapSet } from './swap-set'
import type { SwapPlan } from './swap-plan'
import { useCommonStyles } from './use-common-styles'
import { SelectedIconPreview } from './icon-preview'

/**
 * The plugin icons selected on the canvas: one line saying how many, in the header, which opens over
 * the grid (so the grid keeps most of the window) onto their list, their style and Swap set.
 * Choosing another style re-renders each of them in place (size and colour are in the toolbar);
 * main keeps each node's identity and position. Swap set moves them, and the icons inside selected
 * frames and groups, to another set. Escape inside folds it, leaving the search alone.
 */
export function SelectionPanel(props: {
  selection: readonly SelectedIcon[]
  /** The icons selected or inside selected frames and groups. */
  iconsInSelection: readonly SelectedIcon[]
  /** Open from the start: the plugin was opened from the icons' "Swap icon" button. */
  startOpen: boolean
  busy: boolean
  onChange: (change: SelectionChange) => void
  onSwapSet: (target: string, plan: SwapPlan) => Promise<boolean>
}) {
  const { selection, iconsInSelection } = props
  const [expanded, setExpanded] = useState(props.startOpen)
  const toggle = useRef<HTMLButtonElement>(null)
  const first = selection[0]
  if (first === undefined && iconsInSelection.length === 0) return null

  const listed = first === undefined ? iconsInSelection : selection
  const count = (n: number) => (n === 1 ? '1 icon' : `${n} icons`)
  const heading = first === undefined ? `${count(listed.length)} in the selection` : `${count(selection.length)} selected`

  return (
    <section class="ic-selection-panel" aria-label="Selected icons">
      <h2 class="ic-panel-title">
        <button ref={toggle} type="button" class="ic-disclosure" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {heading}
        </button>
      </h2>
      {/* Hidden rather than gone when folded, so a Swap set list under way keeps its choices. */}
      <div
        class="ic-selection-body"
        hidden={!expanded}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || event.defaultPrevented) return
          event.preventDefault()
          setExpanded(false)
          toggle.current?.focus()
        }}
      >
        <SelectionBody {...props} />
      </div>
    </section>
  )
}

function SelectionBody(props: Parameters<typeof SelectionPanel>[0]) {
  const { nameOfSet, nameOfStyle } = useCatalogue()
  const { selection, iconsInSelection } = props
  const common = useCommonStyles(selection)
  const first = selection[0]
  const sameStyle = selection.every((icon) => icon.style === first?.style)
  const current = [...new Set(selection.map((icon) => icon.style))]
  // Alphabetical, so the list doesn't reorder itself after each swap.
  const styles = [...(common ?? (sameStyle ? current : []))].sort((a, b) => nameOfStyle(a).localeCompare(nameOfStyle(b)))
  const listed = first === undefined ? iconsInSelection : selection
  return (
    <Fragment>
      <ul class="ic-selection-list">
        {listed.map((icon) => (
          <li key={icon.nodeId} class="ic-selection-item">
            <SelectedIconPreview icon={icon} />
            <span>
              {humanName(icon.icon)} · {nameOfSet(icon.iconset)} · {nameOfStyle(icon.style)} · {icon.size} px
            </span>
          </li>
        ))}
      </ul>
      {first === undefined ? null : (
        <fieldset class="ic-fieldset" disabled={props.busy}>
          <div class="ic-field">
            <label class="ic-field-label" for="ic-selection-style">
              Style
            </label>
            <select
              id="ic-selection-style"
              class="ic-select"
              value={sameStyle ? first.style : ''}
              onKeyDown={keepClosedSelectFromChanging}
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
        </fieldset>
      )}
      <SwapSet icons={iconsInSelection} busy={props.busy} onSwap={props.onSwapSet} />
    </Fragment>
  )
}
