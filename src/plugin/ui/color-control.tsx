import { h } from 'preact'
import { useEffect, useId, useState } from 'preact/hooks'

import { parseHexColor } from './color'
import { FieldError } from './field-error'
import { revertOnEscape } from './field-keys'
import { useFieldText, useValidityReport } from './use-field-text'
import { useNativeChange } from './use-native-change'

/** What the picker shows when the selected icons show no one colour of the toolbar's. */
const MIXED_PICKER = '#000000'

/**
 * Icon colour (replaces currentColor): the native picker and a hex field beside it. The picker
 * commits when it closes, the hex field on Enter or on leaving it (both are the DOM `change`
 * event), so a half-typed `#0f6` is never sent, and a drag across the picker is one swap, not one per step.
 */
export function ColorControl(props: {
  /** `#rrggbb`, or null when the selected icons differ in colour or keep their drawing's own. */
  value: string | null
  /** Why `value` is null, which the hex field says and the swatch shows: they differ, or keep their own colours. */
  unset: 'Mixed' | 'Original'
  onCommit: (color: string) => void
  /** Where given, emptying the hex field calls it (multicolour icons take back their own colours) rather than refusing the empty box. */
  onClear?: () => void
  /** One more each time the field is to go back to its value (useFieldText). */
  resets: number
  /** Told whether the box holds a colour it takes (an error shows otherwise). */
  onValidityChange?: (valid: boolean) => void
}) {
  const id = useId()
  const shown = props.value?.toUpperCase() ?? ''
  const { text, setText, error, setError, revert } = useFieldText(shown, props.resets)
  useValidityReport(error, props.onValidityChange)

  // Where the picker is while it is dragged: drawn so, not put back to the value at each re-render,
  // until the value comes back from the swap (or the swap fails, a new `resets`).
  const [dragged, setDragged] = useState<string | null>(null)
  useEffect(() => setDragged(null), [props.value, props.resets])
  const commit = (value: string) => {
    const parsed = parseHexColor(value)
    if (!parsed.ok) {
      setError(parsed.message)
      return
    }
    setError(null)
    setText(parsed.color.toUpperCase())
    if (parsed.color !== props.value) props.onCommit(parsed.color)
  }
  const picker = useNativeChange<HTMLInputElement>(commit)
  const hex = useNativeChange<HTMLInputElement>((value) => {
    if (value.trim() === '' && props.value === null) return
    if (value.trim() === '' && props.onClear !== undefined) {
      setError(null)
      props.onClear()
      return
    }
    commit(value)
  })

  return (
    <div class="ic-color-control">
      <div
        class="ic-field-box"
        title={`Colour: the picker, or a hex such as #0F6CBD${props.onClear === undefined ? '' : '; empty gives multicolour icons their own colours back'}`}
      >
        <label class="ic-visually-hidden" for={`${id}-hex`}>
          Colour
        </label>
        <input
          ref={picker}
          class={props.value === null ? `ic-color ic-color-${props.unset.toLowerCase()}` : 'ic-color'}
          type="color"
          aria-label="Colour picker"
          value={dragged ?? props.value ?? MIXED_PICKER}
          // The hex follows the picker while it is dragged; the icons take the colour when it closes.
          onInput={(event) => {
            setDragged(event.currentTarget.value)
            setText(event.currentTarget.value.toUpperCase())
          }}
        />
        <input
          ref={hex}
          id={`${id}-hex`}
          class={error === null ? 'ic-input ic-hex-input' : 'ic-input ic-hex-input ic-input-invalid'}
          type="text"
          spellcheck={false}
          autoComplete="off"
          placeholder={props.value === null ? props.unset : undefined}
          value={text}
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : `${id}-error`}
          onInput={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => revertOnEscape(event, shown, revert)}
        />
      </div>
      <FieldError id={id} error={error} />
    </div>
  )
}
