import { h } from 'preact'
import { useEffect, useId, useState } from 'preact/hooks'

import { STROKE_WIDTH_LIMITS } from '../../api/limits'
import { useNativeChange } from './use-native-change'

export type StrokeParse = { ok: true; width: number | null } | { ok: false; message: string }

/** An empty box means "as drawn"; otherwise px within the limits, in quarter-pixel steps or finer. */
export function parseStrokeWidth(text: string): StrokeParse {
  const trimmed = text.trim().replace(/\s*px$/i, '')
  if (trimmed === '') return { ok: true, width: null }
  const width = Number(trimmed)
  if (!/^\d*\.?\d+$/.test(trimmed) || width < STROKE_WIDTH_LIMITS.min || width > STROKE_WIDTH_LIMITS.max) {
    return { ok: false, message: `Stroke must be from ${STROKE_WIDTH_LIMITS.min} to ${STROKE_WIDTH_LIMITS.max} px, or empty for as drawn.` }
  }
  return { ok: true, width }
}

/**
 * Stroke width in px at the icon's size, for stroke-drawn icons (Lucide, Tabler, Iconoir,
 * Heroicons outline…); empty keeps each icon's own strokes. Commits on Enter or on leaving the box.
 */
export function StrokeControl(props: {
  /** null: as drawn (or, with icons selected, differing). */
  value: number | null
  /** What "as drawn" is, e.g. "2 px at 24", shown while the box is empty. */
  native: string | null
  disabled: boolean
  onCommit: (width: number | null) => void
}) {
  const id = useId()
  const [text, setText] = useState(props.value === null ? '' : String(props.value))
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    setText(props.value === null ? '' : String(props.value))
    setError(null)
  }, [props.value])
  const input = useNativeChange<HTMLInputElement>((value) => {
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
      <div class="ic-field">
        <label class="ic-field-label" for={id}>
          Stroke
        </label>
        <input
          ref={input}
          id={id}
          class={error === null ? 'ic-input ic-stroke-input' : 'ic-input ic-stroke-input ic-input-invalid'}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={props.native === null ? 'As drawn' : `As drawn (${props.native})`}
          disabled={props.disabled}
          value={text}
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : `${id}-error`}
          onInput={(event) => setText(event.currentTarget.value)}
        />
        <span class="ic-unit">px</span>
      </div>
      {error === null ? null : (
        <p id={`${id}-error`} class="ic-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
