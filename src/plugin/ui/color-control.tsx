import { h } from 'preact'
import { useId } from 'preact/hooks'

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
 * event), so a half-typed `#0f6` is never sent.
 */
export function ColorControl(props: {
  /** `#rrggbb`, or null when the selected icons differ in colour or keep their drawing's own. */
  value: string | null
  /** What the hex field says while `value` is null: why there is no one colour. */
  unsetLabel: string
  onCommit: (color: string) => void
  /** One more each time the field is to go back to its value (useFieldText). */
  resets: number
  /** Told whether the box holds a colour it takes (an error shows otherwise). */
  onValidityChange?: (valid: boolean) => void
}) {
  const id = useId()
  const shown = props.value?.toUpperCase() ?? ''
  const { text, setText, error, setError, revert } = useFieldText(shown, props.resets)
  useValidityReport(error, props.onValidityChange)

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
    commit(value)
  })

  return (
    <div class="ic-color-control">
      <div class="ic-field-box" title="Colour: the picker, or a hex such as #0F6CBD">
        <label class="ic-visually-hidden" for={`${id}-hex`}>
          Colour
        </label>
        <input
          ref={picker}
          class={props.value === null ? 'ic-color ic-color-unset' : 'ic-color'}
          type="color"
          aria-label="Colour picker"
          value={props.value ?? MIXED_PICKER}
        />
        <input
          ref={hex}
          id={`${id}-hex`}
          class={error === null ? 'ic-input ic-hex-input' : 'ic-input ic-hex-input ic-input-invalid'}
          type="text"
          spellcheck={false}
          autoComplete="off"
          placeholder={props.value === null ? props.unsetLabel : undefined}
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
