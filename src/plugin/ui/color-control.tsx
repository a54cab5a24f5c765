import { h } from 'preact'
import { useId } from 'preact/hooks'

import { isColor } from '../../api/limits'
import { useNativeChange } from './use-native-change'

/** Icon colour (replaces currentColor). `commitOn: 'change'` waits until the picker is closed. */
export function ColorControl(props: { value: string; onCommit: (color: string) => void; commitOn: 'input' | 'change' }) {
  const id = useId()
  const commit = (value: string) => {
    const color = value.toLowerCase()
    if (isColor(color) && color !== props.value.toLowerCase()) props.onCommit(color)
  }
  const input = useNativeChange<HTMLInputElement>(commit)
  return (
    <div class="ic-field">
      <label class="ic-field-label" for={id}>
        Colour
      </label>
      <input
        ref={input}
        id={id}
        class="ic-color"
        type="color"
        value={props.value}
        onInput={(event) => {
          if (props.commitOn === 'input') commit(event.currentTarget.value)
        }}
      />
      <span class="ic-color-hex">{props.value.toUpperCase()}</span>
    </div>
  )
}
