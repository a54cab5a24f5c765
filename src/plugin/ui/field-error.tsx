import { h } from 'preact'

/** A toolbar field's error under it, announced as it appears; the field names it with aria-describedby `${id}-error`. */
export function FieldError(props: { id: string; error: string | null }) {
  if (props.error === null) return null
  return (
    <p id={`${props.id}-error`} class="ic-field-error" role="alert">
      {props.error}
    </p>
  )
}
