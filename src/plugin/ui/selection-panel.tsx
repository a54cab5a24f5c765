import { Fragment, h, type RefObject } from 'preact'

import type { SelectedIcon } from '../../api/plugin-protocol'
import { byStyleWeight } from '../../api/style-order'
import { useCatalogue } from './catalogue-context'
import type { SelectionChange } from '../shared/icon-payloads'
import type { KeptDrawings } from '../shared/kept-drawings'
import { keepClosedSelectFromChanging } from './select-keys'
import { SwapSet } from './swap-set'
import type { SwapPlan } from './swap-plan'
import { commonStylesOf, selectedDrawing, selectedName, useSelectedDetails } from './use-selected-details'
import { SelectedIconPreview } from './icon-preview'
import type { Outcome } from './use-operations'

/**
 * The plugin icons selected on the canvas: one line saying how many, in the header beside the tabs,
 * which opens onto their list, their style and Swap set in the row under the tabs, in flow: it
 * pushes the toolbar and the search down rather than lying over them, and folded it costs the grid
 * no height. Choosing another style re-renders each of them in place (size and colour are in the
 * toolbar); main keeps each node's identity and position. Swap set moves them, and the icons inside
 * selected frames and groups, to another set. The hub holds whether it is open, because Escape
 * anywhere in the plugin folds it before it clears the search.
 */
export function SelectionPanel(props: {
  selection: readonly SelectedIcon[]
  /** The icons selected or inside selected frames and groups. */
  iconsInSelection: readonly SelectedIcon[]
  busy: boolean
  expanded: boolean
  onExpandedChange: (expanded: boolean) => void
  /** Where Escape puts focus when it folds the panel from inside. */
  toggleRef: RefObject<HTMLButtonElement>
  onChange: (change: SelectionChange) => void
  onSwapSet: (target: string, plan: SwapPlan) => Promise<Outcome>
  /** What the icons were drawn as before a swap, for Swap set's previews (kept-drawings.ts). */
  kept: KeptDrawings
}) {
  const { selection, iconsInSelection, expanded } = props
  const first = selection[0]
  if (first === undefined && iconsInSelection.length === 0) return null

  const listed = first === undefined ? iconsInSelection : selection
  const count = (n: number) => (n === 1 ? '1 icon' : `${n} icons`)
  const heading = first === undefined ? `${count(listed.length)} in the selection` : `${count(selection.length)} selected`

  return (
    <section class="ic-selection-panel" aria-label="Selected icons">
      <h2 class="ic-panel-title">
        <button
          ref={props.toggleRef}
          type="button"
          class="ic-disclosure"
          aria-expanded={expanded}
          aria-controls="ic-selection-body"
          title={heading}
          onClick={() => props.onExpandedChange(!expanded)}
        >
          {/* aria-expanded says open or folded; the glyph read out would only prefix the name. */}
          <span class="ic-disclosure-mark" aria-hidden="true">
            {expanded ? '▾' : '▸'}
          </span>
          {heading}
        </button>
      </h2>
      {/* Hidden rather than gone when folded, so a Swap set list under way keeps its choices. */}
      <div id="ic-selection-body" class="ic-selection-body" hidden={!expanded}>
        <SelectionBody {...props} />
      </div>
    </section>
  )
}

/** Why the style menu of icons with no style in common offers none. */
const NO_COMMON_STYLE = 'No style is drawn by all the selected icons: select fewer, or those of one set.'

function SelectionBody(props: Parameters<typeof SelectionPanel>[0]) {
  const { nameOfSet, nameOfStyle } = useCatalogue()
  const { selection, iconsInSelection } = props
  // Asked once for both lists: the style menu needs the selected icons' families, and the lists their names.
  // The icons inside selected frames are named only in the open panel: a frame may hold hundreds.
  const details = useSelectedDetails(props.expanded ? [...selection, ...iconsInSelection] : selection)
  const common = commonStylesOf(selection, details)
  const first = selection[0]
  const sameStyle = selection.every((icon) => icon.style === first?.style)
  const current = [...new Set(selection.map((icon) => icon.style))]
  // By weight, one fixed order, so the list doesn't reorder itself after each swap.
  const styles = [...(common ?? (sameStyle ? current : []))].sort(byStyleWeight)
  // Known to share no style (not merely still being looked up): nothing to choose, and the menu says why.
  const noCommonStyle = !sameStyle && common !== null && styles.length === 0
  const listed = first === undefined ? iconsInSelection : selection
  return (
    <Fragment>
      <ul class="ic-selection-list">
        {alikeOnce(listed, (icon) =>
          [selectedName(icon, details), nameOfSet(icon.iconset), nameOfStyle(icon.style), selectedDrawing(icon, details), `${icon.size} px`]
            .filter((part) => part !== null)
            .join(' · ')
        ).map(({ icon, line, count }) => (
          <li key={icon.nodeId} class="ic-selection-item">
            <SelectedIconPreview icon={icon} />
            <span>{count === 1 ? line : `${line} × ${count}`}</span>
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
              disabled={noCommonStyle}
              title={noCommonStyle ? NO_COMMON_STYLE : undefined}
              aria-describedby={noCommonStyle ? 'ic-selection-style-note' : undefined}
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
          {noCommonStyle ? (
            <p id="ic-selection-style-note" class="ic-muted">
              {NO_COMMON_STYLE}
            </p>
          ) : null}
        </fieldset>
      )}
      <SwapSet icons={iconsInSelection} details={details} busy={props.busy} onSwap={props.onSwapSet} kept={props.kept} />
    </Fragment>
  )
}

/**
 * The selected icons as the panel lists them: icons its line would name alike (three copies of one
 * icon at one size) once, with how many, in the order they first come; the preview is the first's.
 */
function alikeOnce(icons: readonly SelectedIcon[], lineOf: (icon: SelectedIcon) => string): Array<{ icon: SelectedIcon; line: string; count: number }> {
  const rows = new Map<string, { icon: SelectedIcon; line: string; count: number }>()
  for (const icon of icons) {
    const line = lineOf(icon)
    const row = rows.get(line)
    if (row === undefined) rows.set(line, { icon, line, count: 1 })
    else row.count++
  }
  return [...rows.values()]
}
