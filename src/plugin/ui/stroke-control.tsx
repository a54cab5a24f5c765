import { IconStrokeWeight24 } from '@create-figma-plugin/ui'
import { h } from 'preact'
import { useEffect, useId } from 'preact/hooks'

import { roundSize, STROKE_WIDTH_LIMITS } from '../../api/limits'
import { FieldError } from './field-error'
import { revertOnEscape } from './field-keys'
import { MIXED, type Mixed } from './selection-look'
import { stepOf, typedValue } from './size'
import { useFieldText, useValidityReport } from './use-field-text'
import { useNativeChange } from './use-native-change'

/**
 * Why the box is greyed with icons selected: none of them is drawn with strokes (Fluent, MDI and
 * Font Awesome draw filled shapes, whose weight is a style, not a number), or which are is not
 * known yet: that comes with the list of icon sets.
 */
export const STROKE_UNSET_REASONS = {
  filled: 'The selected icons are filled shapes, with no stroke to set; a lighter or bolder style may be what you want',
  unknown: 'Which icons have strokes to set comes with the list of icon sets'
} as const

export type StrokeParse = { ok: true; width: number | null } | { ok: false; message: string }

/** An empty box means "as drawn"; otherwise px within the limits, in quarter-pixel steps or finer. */
export function parseStrokeWidth(text: string): StrokeParse {
  const width = typedValue(text)
  if (width === null) return { ok: true, width: null }
  if (!(width >= STROKE_WIDTH_LIMITS.min && width <= STROKE_WIDTH_LIMITS.max)) {
    return { ok: false, message: `Stroke must be from ${STROKE_WIDTH_LIMITS.min} to ${STROKE_WIDTH_LIMITS.max} px, or empty for as drawn.` }
  }
  return { ok: true, width }
}

/**
 * ↑/↓ in the stroke box, as in Figma's stroke weight field (stepOf: 1 px, 10 with Shift): from the
 * width typed, else the one shown, else the drawing's own (an empty box is as drawn), within the
 * limits. Null with nothing to step from: widths that differ (Mixed), or as drawn with no icon selected.
 */
export function stepStrokeWidth(text: string, shown: number | null | Mixed, native: string | null | Mixed, step: number): number | null {
  const typed = parseStrokeWidth(text)
  const own = shown === MIXED || native === null || native === MIXED ? null : Number(native)
  const from = typed.ok && typed.width !== null ? typed.width : typeof shown === 'number' ? shown : own
  if (from === null || !Number.isFinite(from)) return null
  return Math.min(STROKE_WIDTH_LIMITS.max, Math.max(STROKE_WIDTH_LIMITS.min, roundSize(from + step)))
}

/** What the box says of itself on hover: what a width does, what empty gives, and the steps. */
function strokeTitle(native: string | null | Mixed, outlined: boolean): string {
  const drawn = native === null || native === MIXED ? '' : ` (${native} px)`
  return outlined
    ? `Stroke (px) at the icon's size: its lines are filled shapes, widened to a wider width and never thinned; empty: as drawn${drawn}; ↑/↓ steps 1, Shift 10`
    : `Stroke (px) at the icon's size; empty: as drawn${drawn}; ↑/↓ steps 1, Shift 10`
}

/**
 * Stroke width in px at the icon's size, for stroke-drawn icons (Lucide, Tabler, Iconoir,
 * Heroicons outline…) and those whose lines their set outlined into fills (Phosphor, Material
 * Symbols), which a width widens; empty keeps each icon's own strokes. Commits on Enter or on leaving the box.
 */
export function StrokeControl(props: {
  /** null: as drawn; MIXED: the selected icons differ. */
  value: number | null | Mixed
  /** What "as drawn" is at the selected icons' size, e.g. "1.67" (px), shown while the box is empty; MIXED where they differ. */
  native: string | null | Mixed
  /** Whether the selected icons' lines are filled shapes, which a width widens but never thins. */
  outlined: boolean
  /** Why the box is greyed (STROKE_UNSET_REASONS), or null when it takes a width. */
  disabledBecause: string | null
  onCommit: (width: number | null) => void
  /** One more each time the field is to go back to its value (useFieldText). */
  resets: number
  /** Told whether the box holds a width it takes (an error shows otherwise). */
  onValidityChange?: (valid: boolean) => void
}) {
  const id = useId()
  const shown = props.value === null || props.value === MIXED ? '' : String(props.value)
  const { text, setText, error, setError, revert } = useFieldText(shown, props.resets)
  const { disabledBecause } = props
  useValidityReport(error, props.onValidityChange)
  // Greyed, the box can be neither mended nor left with Escape: it goes back to its value, the refusal with it.
  useEffect(() => {
    if (disabledBecause !== null) revert()
  }, [disabledBecause])
  const input = useNativeChange<HTMLInputElement>((value) => {
    // "Mixed" left as it is changes nothing.
    if (value.trim() === '' && props.value === MIXED) return
    const parsed = parseStrokeWidth(value)
    if (!parsed.ok) {
      setError(parsed.message)
      return
    }
    setError(null)
    if (parsed.width !== props.value) props.onCommit(parsed.width)
  })
  return (
    <div class="ic-stroke-control">
      <div class="ic-field-box" title={props.disabledBecause ?? strokeTitle(props.native, props.outlined)}>
        <label class="ic-field-icon" for={id}>
          <IconStrokeWeight24 />
          <span class="ic-visually-hidden">Stroke</span>
        </label>
        <input
          ref={input}
          id={id}
          class={error === null ? 'ic-input ic-stroke-input' : 'ic-input ic-stroke-input ic-input-invalid'}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={props.value === MIXED || props.native === MIXED ? 'Mixed' : (props.native ?? 'As drawn')}
          disabled={props.disabledBecause !== null}
          value={text}
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : `${id}-error`}
          onInput={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (revertOnEscape(event, shown, revert)) return
            if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return
            event.preventDefault()
            const stepped = stepStrokeWidth(event.currentTarget.value, props.value, props.native, stepOf(event.key, event.shiftKey))
            if (stepped === null) return
            setText(String(stepped))
            setError(null)
            if (stepped !== props.value) props.onCommit(stepped)
          }}
        />
      </div>
      <FieldError id={id} error={error} />
    </div>
  )
}
