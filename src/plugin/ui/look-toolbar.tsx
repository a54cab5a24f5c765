import { h } from 'preact'
import { useEffect, useMemo, useRef, useState } from 'preact/hooks'

import { MAX_SIZE, MIN_SIZE, STROKE_WIDTH_LIMITS } from '../../api/limits'
import type { ColorBinding, FileColor, SelectedIcon } from '../../api/plugin-protocol'
import { sameBinding } from '../shared/color-binding'
import { useCatalogue } from './catalogue-context'
import { ColorControl } from './color-control'
import { FileColorMenu } from './file-color-menu'
import { ComponentOption } from './component-option'
import { followedBy, type SelectionChange, type StrokeOf } from '../shared/icon-payloads'
import { strokeWidthAt } from '../shared/stroke-widths'
import { usePreferences, type LookPreferences } from './preferences-context'
import { MIXED, nextInsertLook, paintedMulticolor, selectionLook, type Mixed } from './selection-look'
import { steppedSize } from './size'
import { SizeControl } from './size-control'
import { STROKE_UNSET_REASONS, StrokeControl } from './stroke-control'
import type { Outcome } from './use-operations'

/** What an insert says while a box shows a value it refuses. */
const ENTRY_PROBLEMS = {
  size: `Set a size from ${MIN_SIZE} to ${MAX_SIZE} px first.`,
  color: 'Set a colour such as #0F6CBD first.',
  stroke: `Set a stroke from ${STROKE_WIDTH_LIMITS.min} to ${STROKE_WIDTH_LIMITS.max} px, or empty for as drawn, first.`
} as const

/**
 * What the selected stroke-drawn icons' own strokes come to at their sizes, as the empty stroke box
 * shows it: Lucide's 2 px on 24 is 1.67 px at 20. MIXED where they come to different widths (the
 * same icon at 24 and 32 px, or two sets drawn at different widths), as no one value applies; null
 * with none selected.
 */
function asDrawn(selection: readonly SelectedIcon[], strokeOf: StrokeOf): string | Mixed | null {
  const widths = new Set(
    selection.flatMap((icon) => {
      const stroke = strokeOf({ iconset: icon.iconset, style: icon.style, slug: icon.icon })
      return stroke === undefined ? [] : [String(Math.round(strokeWidthAt(stroke, icon.size) * 100) / 100)]
    })
  )
  const [only] = widths
  if (only === undefined) return null
  return widths.size === 1 ? only : MIXED
}

/**
 * Changes waiting for the swap under way, merged into one swap; `restore` is what the designer had
 * chosen before them, for each field they change; `undos` the undo count when the first was made.
 * `taken` settles their turn (onWaitTurn) once they have gone or been dropped; once `sealed` (an
 * undo waits for them), later changes wait apart.
 */
interface WaitingStep {
  change: SelectionChange
  restore: Partial<LookPreferences>
  undos: number
  taken: () => void
  sealed: boolean
}

/** A step waiting its turn, announced to `onWaitTurn`. */
function waitingStep(
  change: SelectionChange,
  restore: Partial<LookPreferences>,
  undos: number,
  onWaitTurn: (turn: Promise<void>, seal: () => void) => void
): WaitingStep {
  const step: WaitingStep = { change, restore, undos, taken: () => {}, sealed: false }
  onWaitTurn(new Promise<void>((resolve) => (step.taken = resolve)), () => (step.sealed = true))
  return step
}

/**
 * Always above the grid, in one line: the size, colour and stroke width of the next insert and of
 * the selected icons (stroke width only touches stroke-drawn ones). With plugin icons selected it
 * shows theirs (as Figma's properties panel does, "Mixed" where they differ), and what they share
 * becomes the next insert's, so what the toolbar shows is what goes in, without being saved as the
 * designer's preferences; a change (which is saved) swaps them in place.
 */
export function LookToolbar(props: {
  selection: readonly SelectedIcon[]
  busy: boolean
  /** The file's colour styles and variables, offered beside the hex. */
  fileColors: readonly FileColor[]
  onOpenFileColors: () => void
  /** Resolves 'refused' when the swap failed and the selected icons are as they were. */
  onSwap: (change: SelectionChange) => Promise<Outcome>
  /** A change waits for the swap under way: `turn` settles once it has gone to onSwap or been dropped; `seal` keeps later changes apart from it. */
  onWaitTurn: (turn: Promise<void>, seal: () => void) => void
  /** How many undos the designer has asked for: a change one took back is not carried into the next swap. */
  undoCount: () => number
  /** Why nothing can be inserted (ENTRY_PROBLEMS) while a box holds a value it refuses, else null. */
  onEntryProblem: (problem: string | null) => void
}) {
  const { preferences, chosen, update, adopt } = usePreferences()
  const { strokeOf, iconsets } = useCatalogue()
  const { selection, fileColors } = props
  const selected = selection.length > 0
  // An icon in a file colour shows that colour's value now: a mode switch or an edited style changes
  // what it is drawn in, while its own record keeps the value it was inserted with.
  const look = useMemo(
    () =>
      selectionLook(
        selection,
        (icon) =>
          icon.binding === undefined ? icon.color : (fileColors.find((file) => sameBinding(file, icon.binding))?.color ?? icon.color),
        (icon) => strokeOf({ iconset: icon.iconset, style: icon.style, slug: icon.icon }) !== undefined
      ),
    [selection, fileColors, strokeOf]
  )
  // Keyed by its text, so only a new look of the selection (not each new array main sends) is adopted.
  // Deselected, the toolbar goes back to what the designer chose (clicking an icon to look at it is
  // no choice), keeping only what they changed while it was selected.
  const adopted = selected ? JSON.stringify(nextInsertLook(look)) : '{}'
  useEffect(() => adopt(JSON.parse(adopted) as Partial<LookPreferences>), [adopted, adopt])

  const size = selected ? look.size : preferences.size
  const color = selected ? look.color : preferences.color
  const binding = selected ? look.binding : preferences.colorBinding
  const strokeWidth = selected ? (look.strokeWidth ?? null) : preferences.strokeWidth
  const native = asDrawn(selection, strokeOf)
  // Lines a set outlined into fills (Phosphor, Material Symbols) are widened, never thinned.
  const outlined = selection.some((icon) => strokeOf({ iconset: icon.iconset, style: icon.style, slug: icon.icon })?.outlined !== undefined)
  // A failed swap leaves the icons as they were, so the fields, and the next insert, go back to their
  // look (the box would otherwise say 40 px of an icon still 24), and what the designer had chosen
  // before is saved again (a reopened plugin would otherwise start at 40). Each failure is a new `resets`.
  const [resets, setResets] = useState(0)
  // The selection's look, and its swap, as they are when a swap ends, not as they were when it began.
  const latestLook = useRef(look)
  latestLook.current = look
  const onSwap = useRef(props.onSwap)
  onSwap.current = props.onSwap
  // One swap at a time: a change made while one runs (a held ↑ in Size) waits, merged with any other
  // waiting (apart from those an undo waits for), and goes when it ends, so no step is lost and none
  // races the swap before it.
  const waiting = useRef<WaitingStep[]>([])
  useEffect(() => () => waiting.current.forEach((step) => step.taken()), [])
  // A ref for the changes of one event loop turn, which all see one render; the state for the fieldset.
  const running = useRef(false)
  // The sizes the swaps running were asked for, each icon's, which the next step of Mixed sizes starts
  // from: the selection may not yet show them (a held ↑), and a step from it would be lost. Not
  // after an undo (`undos`), which may have taken them back.
  const stepped = useRef<{ sizes: ReadonlyMap<string, number>; undos: number } | null>(null)
  const [swapping, setSwapping] = useState(false)
  const swap = (change: SelectionChange, restore: Partial<LookPreferences>, undos = props.undoCount()) => {
    running.current = true
    setSwapping(true)
    // Unconfirmed, the swap may have happened: the selection's look, when main reports it, tells.
    void onSwap.current(change).then((outcome) => {
      const steps = waiting.current
      const [next, ...later] = steps
      waiting.current = outcome === 'refused' ? [] : later
      if (outcome === 'refused') {
        // What waited is dropped with it: the icons are as they were before this swap, and the
        // fields go back to what the designer had chosen before the first change.
        update(Object.assign({}, ...steps.map((step) => step.restore).reverse(), restore))
        adopt(nextInsertLook(latestLook.current))
        setResets((count) => count + 1)
        steps.forEach((step) => step.taken())
      } else if (next !== undefined) {
        // With this swap's change again: the selection the next one reads may not yet be the one this
        // swap made. Unless an undo, pressed since, went after it and took it back.
        const undone = props.undoCount() !== undos
        try {
          return swap(undone ? next.change : followedBy(change, next.change), next.restore, next.undos)
        } finally {
          next.taken()
        }
      }
      stepped.current = null
      running.current = false
      setSwapping(false)
    })
  }
  const choose = (change: Partial<LookPreferences>, swapped: SelectionChange) => {
    const before = Object.fromEntries(Object.keys(change).map((field) => [field, chosen[field as keyof LookPreferences]]))
    update(change)
    if (!selected) return
    if (!running.current) return swap(swapped, before)
    const last = waiting.current.at(-1)
    if (last === undefined || last.sealed) waiting.current.push(waitingStep(swapped, before, props.undoCount(), props.onWaitTurn))
    else Object.assign(last, { change: followedBy(last.change, swapped), restore: { ...before, ...last.restore } })
  }
  const apply = (change: { size: number } | { strokeWidth: number | null }) => choose(change, change)
  const stepEach = (step: number) => {
    const from = running.current && stepped.current?.undos === props.undoCount() ? stepped.current.sizes : null
    const sizes = new Map(selection.map((icon) => [icon.nodeId, steppedSize(from?.get(icon.nodeId) ?? icon.size, step)]))
    stepped.current = { sizes, undos: props.undoCount() }
    // What the icons share is not a size, so the next insert's stays as it was.
    choose({}, { sizes })
  }
  // A box showing a value it refuses stops every insert, which says which box: the next insert is what the toolbar shows.
  const [sizeTaken, setSizeTaken] = useState(true)
  const [colorTaken, setColorTaken] = useState(true)
  const [strokeTaken, setStrokeTaken] = useState(true)
  const problem = !sizeTaken ? ENTRY_PROBLEMS.size : !colorTaken ? ENTRY_PROBLEMS.color : !strokeTaken ? ENTRY_PROBLEMS.stroke : null
  const { onEntryProblem } = props
  useEffect(() => onEntryProblem(problem), [problem, onEntryProblem])
  // A hex removes any file colour; a file colour sets its value as the colour too.
  const applyColor = (hex: string, binding: ColorBinding | null) => choose({ color: hex, colorBinding: binding }, { color: hex, binding })
  // Icons in differing colours (only ever selected ones) each keep their own value.
  const detach = () => {
    if (color !== MIXED && color !== null) return applyColor(color, null)
    choose({ colorBinding: null }, { binding: null })
  }
  return (
    // While an insert runs, a swap would race it; the toolbar's own swaps take their turns (swap above).
    <fieldset class="ic-look" aria-label={selected ? 'Selected icons and next insert' : 'Next insert'} disabled={selected && props.busy && !swapping}>
      <SizeControl
        value={size === MIXED ? null : size}
        commitOn={selected ? 'change' : 'input'}
        resets={resets}
        onCommit={(chosen) => apply({ size: chosen })}
        onStepEach={stepEach}
        onValidityChange={setSizeTaken}
      />
      <ColorControl
        value={color === MIXED ? null : color}
        unset={color === MIXED ? 'Mixed' : 'Original'}
        resets={resets}
        onCommit={(chosen) => applyColor(chosen, null)}
        onClear={selected && selection.some(paintedMulticolor) ? () => choose({}, { ownColors: true }) : undefined}
        onValidityChange={setColorTaken}
      />
      <FileColorMenu
        colors={fileColors}
        value={binding === MIXED ? undefined : binding}
        onOpen={props.onOpenFileColors}
        onChoose={(chosen) => applyColor(chosen.color, { kind: chosen.kind, id: chosen.id })}
        onDetach={detach}
      />
      <StrokeControl
        value={strokeWidth}
        native={native}
        outlined={outlined}
        disabledBecause={
          !selected || look.strokeWidth !== undefined ? null : iconsets.status === 'ready' ? STROKE_UNSET_REASONS.filled : STROKE_UNSET_REASONS.unknown
        }
        resets={resets}
        onCommit={(chosen) => apply({ strokeWidth: chosen })}
        onValidityChange={setStrokeTaken}
      />
      <ComponentOption />
    </fieldset>
  )
}
