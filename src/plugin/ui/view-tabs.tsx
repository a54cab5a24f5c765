import { h } from 'preact'

export interface TabOption<T extends string> {
  value: T
  label: string
}

/** A WAI-ARIA tab list: one tab stop, arrow keys move between tabs. */
export function ViewTabs<T extends string>(props: {
  options: readonly TabOption<T>[]
  value: T
  onChange: (value: T) => void
}) {
  const { options } = props
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (step === 0) return
    event.preventDefault()
    const index = options.findIndex((option) => option.value === props.value)
    const next = options[(index + step + options.length) % options.length]
    if (next === undefined) return
    props.onChange(next.value)
    const tablist = event.currentTarget as HTMLElement
    requestAnimationFrame(() => tablist.querySelector<HTMLElement>(`#ic-tab-${next.value}`)?.focus())
  }
  return (
    <div class="ic-tabs" role="tablist" aria-label="Views" onKeyDown={onKeyDown}>
      {options.map((option) => (
        <button
          key={option.value}
          id={`ic-tab-${option.value}`}
          type="button"
          role="tab"
          class="ic-tab"
          aria-selected={option.value === props.value}
          aria-controls={`ic-panel-${option.value}`}
          tabIndex={option.value === props.value ? 0 : -1}
          onClick={() => props.onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}
