import { IconChevronDown16, IconSizeSmall24 } from '@create-figma-plugin/ui'
import { h } from 'preact'
import { useEffect, useId, useRef, useState } from 'preact/hooks'

import { FieldError } from './field-error'
import { revertOnEscape } from './field-keys'
import { parseSize, SIZE_PRESETS, stepOf, stepSize } from './size'
import { useDropdown } from './use-dropdown'
import { useValidityReport } from './use-field-text'
import { useNativeChange } from './use-native-change'

const DOUBLE_COMMIT_MS = 500

/**
 * Size in px: a text box named "Size" taking any number from 1 to 1024 (to hundredths), stepped with ↑/↓
 * (Shift: 10; on Mixed sizes, each icon from its own), and a menu of presets beside it, all in one line of the toolbar.
 * `commitOn: 'input'` reports every valid keystroke (insert settings); `'change'` waits for
 * Enter or leaving the box (re-rendering selected icons); presets and steps always commit at once.
 * Once committed, the box reads the size as it is used (12.345 is 12.35).
 */
export function SizeControl(props: {
  /** Null when the selected icons differ in size. */
  value: number | null
  onCommit: (size: number) => void
  /** ↑/↓ on Mixed sizes, nothing typed: each selected icon is to step from its own size, as Figma's W and H fields step each layer. */
  onStepEach?: (step: number) => void
  onValidityChange?: (valid: boolean) => void
  commitOn: 'input' | 'change'
  /** One more each time the box is to go back to its value: a swap to the typed size failed. */
  resets: number
}) {
  const shownText = props.value === null ? '' : String(props.value)
  const [text, setText] = useState(shownText)
  const [error, setError] = useState<string | null>(null)
  const lastCommit = useRef({ size: 0, at: 0 })
  // What Escape puts back with nothing selected: the size when editing began (focus, or the last
  // Enter, step or preset), since every keystroke in between was committed as it was typed.
  const before = useRef(props.value)
  const presets = useDropdown()
  const id = useId()

  /** A size committed that the value has not come back as yet: the selected icons are being swapped to it. */
  const awaited = useRef<number | null>(null)
  // A new value from outside (a preset, the selection changing) replaces what was typed; but not, while
  // the box still waits for a size it committed, a size the icons pass through on their way to it (a
  // held ↑ outruns the swaps), which would take the next step back.
  const shown = useRef(props.value)
  useEffect(() => {
    if (shown.current === props.value) return
    shown.current = props.value
    if (awaited.current !== null) {
      const arrived = props.value === awaited.current
      if (arrived) awaited.current = null
      if (arrived || (props.value !== null && document.activeElement === input.current)) return
      awaited.current = null
    }
    setText((current) => {
      if (props.value === null) return ''
      const parsed = parseSize(current)
      return parsed.ok && parsed.size === props.value ? current : String(props.value)
    })
    setError(null)
  }, [props.value])

  const resetsSeen = useRef(props.resets)
  useEffect(() => {
    if (resetsSeen.current === props.resets) return
    resetsSeen.current = props.resets
    awaited.current = null
    setText(shownText)
    setError(null)
  }, [props.resets, shownText])

  useValidityReport(error, props.onValidityChange)

  const check = (value: string) => {
    setText(value)
    // "Mixed" left as it is: nothing was typed, so nothing is wrong.
    const parsed = value.trim() === '' && props.value === null ? null : parseSize(value)
    setError(parsed === null || parsed.ok ? null : parsed.message)
    return parsed
  }

  const send = (size: number) => {
    if (size === props.value) return
    // Enter and the change event that follows it are one request, not two.
    const now = Date.now()
    if (size === lastCommit.current.size && now - lastCommit.current.at < DOUBLE_COMMIT_MS) return
    lastCommit.current = { size, at: now }
    awaited.current = size
    props.onCommit(size)
  }

  /** `typed`: a keystroke committed as it comes, which Escape takes back; else Enter, leaving the box, a step or a preset. */
  const commit = (value: string, typed = false) => {
    const parsed = check(value)
    if (parsed === null || !parsed.ok) return
    if (!typed) {
      setText(String(parsed.size))
      before.current = parsed.size
    }
    send(parsed.size)
  }

  const input = useNativeChange<HTMLInputElement>(commit)

  return (
    <div class="ic-size" {...presets.containerProps}>
      <div class="ic-field-box" title="Size (px): ↑/↓ steps 1, Shift 10">
        <label class="ic-field-icon" for={`${id}-input`}>
          <IconSizeSmall24 />
          <span class="ic-visually-hidden">Size</span>
        </label>
        <input
          ref={input}
          id={`${id}-input`}
          class={error === null ? 'ic-input ic-size-input' : 'ic-input ic-size-input ic-input-invalid'}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={props.value === null ? 'Mixed' : undefined}
          value={text}
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : `${id}-error`}
          onFocus={() => {
            before.current = props.value
          }}
          onInput={(event) => (props.commitOn === 'input' ? commit(event.currentTarget.value, true) : check(event.currentTarget.value))}
          onKeyDown={(event) => {
            // With icons selected nothing was committed while typing, so the box goes back to what it shows.
            const back = props.commitOn === 'input' ? before.current : props.value
            const backText = back === null ? '' : String(back)
            const takeBack = () => {
              check(backText)
              if (back !== null) send(back)
            }
            if (revertOnEscape(event, backText, takeBack)) return
            if (event.key === 'Enter') commit(event.currentTarget.value)
            if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return
            event.preventDefault()
            const stepped = stepSize(event.currentTarget.value, props.value, event.key, event.shiftKey)
            if (stepped !== null) commit(String(stepped))
            else if (event.currentTarget.value.trim() === '') props.onStepEach?.(stepOf(event.key, event.shiftKey))
          }}
        />
        <button
          ref={presets.button}
          type="button"
          class="ic-field-menu"
          aria-label="Size presets"
          aria-expanded={presets.open}
          aria-controls={`${id}-presets`}
          onClick={presets.toggle}
        >
          <IconChevronDown16 />
        </button>
      </div>
      {presets.open ? (
        <div id={`${id}-presets`} class="ic-menu" role="group" aria-label="Presets">
          {SIZE_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              class="ic-menu-item"
              aria-pressed={preset === props.value && error === null}
              // Closed first, so focus is on the menu's button, which stays, while the selected icons swap.
              onClick={() => {
                presets.close(true)
                commit(String(preset))
              }}
            >
              {preset}
            </button>
          ))}
        </div>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  )
}
