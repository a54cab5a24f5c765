import { h } from 'preact'
import { useEffect, useId, useRef, useState } from 'preact/hooks'

import { parseSize, SIZE_PRESETS } from './size'
import { useNativeChange } from './use-native-change'

const DOUBLE_COMMIT_MS = 500

/**
 * Size in px: a text box named "Size" taking any whole number from 1 to 1024, and preset buttons.
 * `commitOn: 'input'` reports every valid keystroke (insert settings); `'change'` waits for
 * Enter or leaving the box (re-rendering selected icons), and presets always commit at once.
 */
export function SizeControl(props: {
  /** Null when the selected icons differ in size. */
  value: number | null
  onCommit: (size: number) => void
  onValidityChange?: (valid: boolean) => void
  commitOn: 'input' | 'change'
}) {
  const [text, setText] = useState(props.value === null ? '' : String(props.value))
  const [error, setError] = useState<string | null>(null)
  const lastCommit = useRef({ size: 0, at: 0 })
  const id = useId()

  // A new value from outside (a preset, the selection changing) replaces what was typed.
  const shown = useRef(props.value)
  useEffect(() => {
    if (shown.current === props.value) return
    shown.current = props.value
    setText((current) => {
      if (props.value === null) return ''
      const parsed = parseSize(current)
      return parsed.ok && parsed.size === props.value ? current : String(props.value)
    })
    setError(null)
  }, [props.value])

  // Told after this box has rendered its own state, so the parent's update never races it.
  const { onValidityChange } = props
  useEffect(() => onValidityChange?.(error === null), [error, onValidityChange])

  const check = (value: string) => {
    setText(value)
    const parsed = parseSize(value)
    setError(parsed.ok ? null : parsed.message)
    return parsed
  }

  const commit = (value: string) => {
    const parsed = check(value)
    if (!parsed.ok || parsed.size === props.value) return
    // Enter and the change event that follows it are one request, not two.
    const now = Date.now()
    if (parsed.size === lastCommit.current.size && now - lastCommit.current.at < DOUBLE_COMMIT_MS) return
    lastCommit.current = { size: parsed.size, at: now }
    props.onCommit(parsed.size)
  }

  const input = useNativeChange<HTMLInputElement>(commit)

  return (
    <div class="ic-size">
      <div class="ic-field">
        <label class="ic-field-label" for={`${id}-input`}>
          Size
        </label>
        <input
          ref={input}
          id={`${id}-input`}
          class={error === null ? 'ic-input ic-size-input' : 'ic-input ic-size-input ic-input-invalid'}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : `${id}-error`}
          onInput={(event) => (props.commitOn === 'input' ? commit : check)(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit(event.currentTarget.value)
          }}
        />
        <span class="ic-unit">px</span>
      </div>
      <div class="ic-presets" role="group" aria-label="Size presets">
        {SIZE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            class="ic-chip"
            aria-pressed={preset === props.value && error === null}
            onClick={() => commit(String(preset))}
          >
            {preset}
          </button>
        ))}
      </div>
      {error === null ? null : (
        <p id={`${id}-error`} class="ic-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
