import { Checkbox, IconChevronDown16 } from '@create-figma-plugin/ui'
import { h } from 'preact'
import { useEffect, useId, useRef, useState } from 'preact/hooks'

import type { IconSetSummary } from '../../api/catalogue-schemas'
import { MAX_ICONSET_FILTER } from '../../api/limits'
import { counted, formatCount } from './format'
import { SearchBox } from './search-box'

export const ALL_SETS = 'All sets'

/** What the closed filter says: every set, one set by name, or the first and how many more. */
export function chosenSummary(chosen: readonly string[], nameOfSet: (slug: string) => string): string {
  const [first] = chosen
  if (first === undefined) return ALL_SETS
  return chosen.length === 1 ? nameOfSet(first) : `${nameOfSet(first)} +${chosen.length - 1}`
}

/** Sets whose name or slug holds what was typed, in the catalogue's order. */
export function setsMatching(iconsets: readonly IconSetSummary[], typed: string): IconSetSummary[] {
  const wanted = typed.trim().toLowerCase()
  if (wanted === '') return [...iconsets]
  return iconsets.filter((set) => set.name.toLowerCase().includes(wanted) || set.slug.includes(wanted))
}

/** `chosen` with `slug` added or taken out, kept in the catalogue's order. */
export function toggled(chosen: readonly string[], slug: string, on: boolean, order: readonly IconSetSummary[]): string[] {
  const next = new Set(chosen)
  if (on) next.add(slug)
  else next.delete(slug)
  const rank = (value: string) => {
    const at = order.findIndex((set) => set.slug === value)
    return at === -1 ? order.length : at
  }
  return [...next].sort((a, b) => rank(a) - rank(b)).slice(0, MAX_ICONSET_FILTER)
}

/**
 * The set filter: a button that says what is chosen, opening a panel where typing narrows the list
 * of sets and checkboxes choose any number of them. ↓ from the box moves into the list, ↑/↓ move
 * through it, Space ticks, Enter in the box ticks the first match, and Escape (or a click or Tab
 * elsewhere) closes it, back on the button.
 */
export function SetFilter(props: {
  iconsets: readonly IconSetSummary[] | null
  value: readonly string[]
  nameOfSet: (slug: string) => string
  onChange: (iconsets: string[]) => void
}) {
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const panelId = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const box = useRef<HTMLInputElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const summary = chosenSummary(props.value, props.nameOfSet)
  const known = props.iconsets ?? []
  const shown = setsMatching(known, typed)

  const close = (refocus: boolean) => {
    setOpen(false)
    setTyped('')
    if (refocus) button.current?.focus()
  }

  useEffect(() => {
    if (!open) return
    box.current?.focus()
    // A press anywhere outside closes the panel, as a menu does.
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || root.current?.contains(event.target) !== true) close(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const boxes = () => [...(list.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])]
  const moveFrom = (current: HTMLInputElement, step: number | 'first' | 'last') => {
    const all = boxes()
    const at = all.indexOf(current)
    const target = step === 'first' ? 0 : step === 'last' ? all.length - 1 : at + step
    if (target < 0) box.current?.focus()
    else all[Math.min(target, all.length - 1)]?.focus()
  }
  const set = (slug: string, on: boolean) => props.onChange(toggled(props.value, slug, on, known))

  return (
    <div
      class="ic-set-filter"
      ref={root}
      onFocusOut={(event) => {
        // Tabbing out of the panel closes it; moving within it does not.
        const next = event.relatedTarget
        if (open && next instanceof Node && root.current?.contains(next) !== true) close(false)
      }}
    >
      <button
        ref={button}
        type="button"
        class="ic-filter-button"
        aria-label={`Filter by icon set: ${summary}`}
        title={props.value.length > 1 ? props.value.map(props.nameOfSet).join(', ') : undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-active={props.value.length > 0}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault()
            setOpen(true)
          }
        }}
      >
        <span class="ic-filter-label">{summary}</span>
        <IconChevronDown16 />
      </button>
      {open ? (
        <div
          id={panelId}
          class="ic-set-panel"
          role="dialog"
          aria-label="Choose icon sets"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return
            // Escape closes the panel only: the search and the icon details stay as they are.
            event.preventDefault()
            event.stopPropagation()
            close(true)
          }}
        >
          <SearchBox
            inputRef={box}
            label="Find a set"
            value={typed}
            maxLength={100}
            onValueInput={setTyped}
            onArrowDown={(event) => {
              event.preventDefault()
              boxes()[0]?.focus()
            }}
            onEnter={(event) => {
              const first = shown[0]
              if (first === undefined) return
              event.preventDefault()
              set(first.slug, !props.value.includes(first.slug))
            }}
          />
          <div class="ic-set-panel-head">
            <span class="ic-muted" aria-live="polite">
              {props.value.length === 0 ? 'Searching every set' : `${counted(props.value.length, 'set')} chosen`}
            </span>
            {props.value.length > 0 ? (
              <button
                type="button"
                class="ic-link"
                onClick={() => {
                  props.onChange([])
                  // The button goes with the choice; focus stays in the panel, on its box.
                  box.current?.focus()
                }}
              >
                Search every set
              </button>
            ) : null}
          </div>
          {props.iconsets === null ? <p class="ic-muted ic-set-panel-note">Loading icon sets…</p> : null}
          {props.iconsets !== null && shown.length === 0 ? (
            <p class="ic-muted ic-set-panel-note">No set is called “{typed.trim()}”.</p>
          ) : null}
          <ul class="ic-set-options" ref={list} aria-label="Icon sets">
            {shown.map((iconset) => (
              <li key={iconset.slug}>
                <Checkbox
                  value={props.value.includes(iconset.slug)}
                  aria-label={iconset.name}
                  onValueChange={(on) => set(iconset.slug, on)}
                  onKeyDown={(event) => {
                    const steps: Record<string, number | 'first' | 'last'> = { ArrowDown: 1, ArrowUp: -1, Home: 'first', End: 'last' }
                    const step = steps[event.key]
                    if (step === undefined) return
                    event.preventDefault()
                    moveFrom(event.currentTarget, step)
                  }}
                >
                  <span class="ic-set-option">
                    <span class="ic-set-option-name">{iconset.name}</span>
                    <span class="ic-muted">{formatCount(iconset.total_icons)}</span>
                  </span>
                </Checkbox>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
