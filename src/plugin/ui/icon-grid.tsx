import { h } from 'preact'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'

import { iconKeyOf } from '../../api/icon-key'
import type { IconSummary } from '../../api/catalogue-schemas'
import { useCatalogue } from './catalogue-context'
import { useGridPlace, type GridPlace } from './grid-places'
import { Thumbnail } from './thumbnail'
import { usePrefetchedInsert } from './use-prefetched-insert'
import { usePreviewThumbnail } from './use-preview-ink'
import { VariantBadge } from './variant-badge'

export const CELL_SIZE = 52
const OVERSCAN_ROWS = 3
/** Ask for the next page this many rows before the last one scrolls into view, so it arrives in time. */
const PREFETCH_ROWS = 2
/** Used until the grid has been laid out (and in DOM tests, which have no layout). */
const FALLBACK_VIEWPORT = { width: 312, height: 416 }
/** The least room a tile's caption keeps from the grid's sides, in px. */
const CAPTION_MARGIN = 4

/**
 * How far to slide a caption centred under its tile so that it lies inside `bounds`, `margin` in
 * from either side: none where it fits, else just enough to meet the nearer side.
 */
export function captionShift(caption: { left: number; right: number }, bounds: { left: number; right: number }, margin: number): number {
  const start = bounds.left + margin - caption.left
  if (start > 0) return start
  return Math.min(0, bounds.right - margin - caption.right)
}

/**
 * Fits a focused tile's caption inside the grid's visible width, which its text's width and the
 * tile's column decide (measured, as only the laid-out caption knows how wide its words are), and
 * above the tile where the grid's visible foot would cut it off below.
 */
function fitCaption(tile: Element | null): void {
  const caption = tile?.querySelector<HTMLElement>('.ic-tile-caption')
  const grid = tile?.closest('.ic-grid')
  if (caption == null || grid == null) return
  caption.style.setProperty('--ic-caption-shift', '0px')
  caption.classList.remove('ic-tile-caption-above')
  // Shown only with a keyboard's focus ring (a click's focus has none): a hidden caption has no width to fit.
  const box = caption.getBoundingClientRect()
  if (box.width === 0) return
  const frame = grid.getBoundingClientRect()
  const left = frame.left + grid.clientLeft
  const shift = captionShift(box, { left, right: left + grid.clientWidth }, CAPTION_MARGIN)
  caption.style.setProperty('--ic-caption-shift', `${shift}px`)
  // On the last row in view (where ↓ keeps the focus as it walks down), or the grid's last, below
  // the tile it would be cut off by the grid's foot: it shows above the tile instead.
  if (box.bottom > frame.top + grid.clientTop + grid.clientHeight) caption.classList.add('ic-tile-caption-above')
}

export interface IconGridProps {
  icons: readonly IconSummary[]
  /** Accessible name of the grid, e.g. "Search results". */
  label: string
  /** All matches, of which `icons` may be the first pages. */
  total: number
  /** Slots after the loaded icons that the next page is on its way to fill; they show placeholders. */
  pending?: number
  /** The last search's results, shown dimmed while a new one loads. */
  stale?: boolean
  /** Its view and search, to open where the view left it (grid-places.ts). */
  place?: GridPlace
  /** Key of the icon whose details are open. */
  activeKey?: string | null
  /** Keys of the icons picked for a multi-insert. */
  picked?: ReadonlySet<string>
  /** Cmd/Ctrl-click toggles one icon; Shift-click adds the run from the last one clicked. */
  /** `toward`: which end of an added run the designer reached for, whose icons it keeps when the run is too long. */
  onPick?: (icons: readonly IconSummary[], mode: 'toggle' | 'add', toward?: 'start' | 'end') => void
  /** `stale`: opened from the dimmed results a new search is replacing. */
  onOpen: (icon: IconSummary, stale: boolean) => void
  /** The results it shows now, not dimmed: a new search's, which details opened from the last may not be among. */
  onShown?: (icons: readonly IconSummary[]) => void
  onInsert: (icon: IconSummary) => void
  onEndReached?: () => void
  onDragStart?: (icon: IconSummary, event: DragEvent) => void
  onDragEnd?: (icon: IconSummary, event: DragEvent) => void
}


function useViewport(element: { current: HTMLElement | null }) {
  const [size, setSize] = useState(FALLBACK_VIEWPORT)
  useLayoutEffect(() => {
    const node = element.current
    if (node === null) return
    const measure = () => {
      // The columns share the width inside the grid's side padding, which clientWidth counts: over
      // all of it, the last column poked past the padding and the grid scrolled sideways.
      const { paddingLeft, paddingRight } = getComputedStyle(node)
      const width = node.clientWidth - Number.parseFloat(paddingLeft) - Number.parseFloat(paddingRight)
      if (width > 0 && node.clientHeight > 0) setSize({ width, height: node.clientHeight })
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(node)
    return () => observer.disconnect()
  }, [element])
  return size
}

/**
 * A virtualised grid of thumbnails: only the rows in view (plus a few) are in the DOM, so a
 * 20,000-icon set scrolls as smoothly as a page of search results. One tab stop; arrow keys move,
 * Home/End jump, Enter inserts, a click opens the icon, a double click inserts it; Cmd/Ctrl- and
 * Shift-click pick several.
 */
export function IconGrid(props: IconGridProps) {
  const { icons, onEndReached } = props
  const { nameOfSet, nameOfStyle } = useCatalogue()
  const thumbnail = usePreviewThumbnail()
  const scroller = useRef<HTMLDivElement>(null)
  const viewport = useViewport(scroller)
  const [scrollTop, setScrollTop] = useState(0)
  const [focusIndex, setFocusIndex] = useState(0)
  /** The tile that has the focus, if one has: Enter would insert it, so it is got ready. */
  const [focused, setFocused] = useState<IconSummary | null>(null)
  usePrefetchedInsert(focused)
  /** The tile a key moved to, to focus once it is drawn. */
  const pendingFocus = useRef<number | null>(null)
  const anchor = useRef<number | null>(null)
  /** Where a move down past the tiles loaded goes once the next page's tiles, on their way, come. */
  const awaited = useRef<number | null>(null)

  const columns = Math.max(1, Math.floor(viewport.width / CELL_SIZE))
  const cellWidth = viewport.width / columns
  const rows = Math.ceil(icons.length / columns)
  const slots = icons.length + Math.max(0, props.pending ?? 0)
  const slotRows = Math.ceil(slots / columns)
  const scrolledTo = useGridPlace(props.place, scroller, slotRows * CELL_SIZE)
  const firstRow = Math.max(0, Math.floor(scrollTop / CELL_SIZE) - OVERSCAN_ROWS)
  const lastVisibleRow = Math.ceil((scrollTop + viewport.height) / CELL_SIZE) - 1
  const lastRow = Math.min(slotRows - 1, lastVisibleRow + OVERSCAN_ROWS)
  const current = Math.min(focusIndex, Math.max(0, icons.length - 1))

  useEffect(() => {
    // Only what the designer can see counts: overscan rows would fetch page two before any scrolling.
    if (rows > 0 && lastVisibleRow >= rows - 1 - PREFETCH_ROWS) onEndReached?.()
  }, [lastVisibleRow, rows, onEndReached])

  // A narrower or wider window moves the focused tile: its caption fits again where it now is.
  useLayoutEffect(() => {
    const focused = document.activeElement
    if (focused !== null && scroller.current?.contains(focused) === true) fitCaption(focused)
  }, [viewport.width])

  useEffect(() => {
    // The target, not this render's `current`: an earlier render's effect can run after the key
    // (Preact runs effects after paint), and would focus the tile the key left.
    const target = pendingFocus.current
    const tile = target === null ? null : scroller.current?.querySelector<HTMLButtonElement>(`[data-index="${target}"]`)
    // Not drawn yet (scrolled to, its row not rendered): the render that draws it focuses it.
    if (tile == null) return
    pendingFocus.current = null
    tile.focus()
  })

  const moveTo = useCallback(
    (index: number) => {
      const target = Math.max(0, Math.min(icons.length - 1, index))
      const node = scroller.current
      if (node !== null) {
        const top = Math.floor(target / columns) * CELL_SIZE
        if (top < node.scrollTop) node.scrollTop = top
        else if (top + CELL_SIZE > node.scrollTop + viewport.height) node.scrollTop = top + CELL_SIZE - viewport.height
        setScrollTop(node.scrollTop)
      }
      pendingFocus.current = target
      setFocusIndex(target)
    },
    [icons.length, columns, viewport.height]
  )

  const coming = props.pending ?? 0
  useEffect(() => {
    const target = awaited.current
    if (target === null || (target >= icons.length && coming > 0)) return
    awaited.current = null
    // Made only while the focus is still in the grid, and to a tile the page brought: a page that
    // failed or came short leaves the focus where it is, as at the grid's end.
    if (target < icons.length && scroller.current?.contains(document.activeElement) === true) {
      anchor.current = target
      moveTo(target)
    }
  }, [icons.length, coming, moveTo])

  // A new search's results are drawn in a grid of their own, which says what it shows.
  const { stale, onShown } = props
  useEffect(() => {
    if (stale !== true) onShown?.(icons)
  }, [stale, icons, onShown])

  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: columns,
      ArrowUp: -columns,
      PageDown: columns * Math.max(1, Math.floor(viewport.height / CELL_SIZE)),
      PageUp: -columns * Math.max(1, Math.floor(viewport.height / CELL_SIZE))
    }
    const step = steps[event.key]
    // Where a move goes from: past the tiles loaded, a move still awaited adds to it.
    const from = awaited.current ?? current
    // Any key but a move down that stays awaited ends it.
    awaited.current = null
    if (step !== undefined && step > 0 && !event.shiftKey && coming > 0 && from + step > icons.length - 1) {
      // Past the tiles loaded while the next page's placeholders show (a held ↓ outruns the page):
      // the move is made when the page comes rather than dropped.
      event.preventDefault()
      awaited.current = Math.min(from + step, icons.length - 1 + coming)
      onEndReached?.()
    } else if (step !== undefined) {
      event.preventDefault()
      // ↑ on the first row and ↓ on the last have no row to go to: the focus stays in its column.
      const row = Math.floor(current / columns)
      if ((event.key === 'ArrowUp' && row === 0) || (event.key === 'ArrowDown' && row === Math.floor((icons.length - 1) / columns))) return
      if (event.shiftKey && props.onPick !== undefined) {
        // Shift with an arrow picks as Shift-click does: every tile from the anchor to the one reached.
        const target = Math.max(0, Math.min(icons.length - 1, current + step))
        const from = (anchor.current ??= current)
        props.onPick(icons.slice(Math.min(from, target), Math.max(from, target) + 1), 'add', target < from ? 'start' : 'end')
      }
      // Without Shift a move sets where the next Shift-move picks from.
      else anchor.current = Math.max(0, Math.min(icons.length - 1, current + step))
      moveTo(current + step)
    } else if (event.key === ' ' && (event.metaKey || event.ctrlKey) && props.onPick !== undefined) {
      // Ctrl-Space (Cmd-Space too, where macOS leaves it to the app) picks or unpicks the focused tile, as Cmd/Ctrl-click does; a plain Space opens it.
      const icon = icons[current]
      if (icon === undefined) return
      event.preventDefault()
      anchor.current = current
      props.onPick([icon], 'toggle')
    } else if (event.key === 'Home') {
      event.preventDefault()
      moveTo(0)
    } else if (event.key === 'End') {
      event.preventDefault()
      moveTo(icons.length - 1)
    } else if (event.key === 'Enter') {
      const icon = icons[current]
      if (icon === undefined) return
      // Enter would also click the button, which only opens the icon.
      event.preventDefault()
      props.onInsert(icon)
    }
  }

  const cells = []
  for (let row = firstRow; row <= lastRow; row++) {
    for (let column = 0; column < columns; column++) {
      const index = row * columns + column
      if (index >= slots) break
      const icon = icons[index]
      const place = { top: `${row * CELL_SIZE}px`, left: `${column * cellWidth}px`, width: `${cellWidth}px` }
      if (icon === undefined) {
        // Not loaded yet: a placeholder where its tile will be, hidden from screen readers.
        cells.push(
          <div key={`pending:${index}`} class="ic-grid-cell ic-grid-pending" aria-hidden="true" style={place}>
            <span class="ic-tile">
              <span class="ic-skeleton" />
            </span>
          </div>
        )
        continue
      }
      const key = iconKeyOf(icon)
      const setName = nameOfSet(icon.iconset)
      const styleName = nameOfStyle(icon.style)
      const caption = `${icon.name} · ${setName} · ${styleName}`
      // Picked and open in the details look apart (ui.css), so the tile whose details show is not taken for a pick.
      const tileClass = ['ic-tile', ...(props.picked?.has(key) === true ? ['ic-tile-picked'] : []), ...(key === props.activeKey ? ['ic-tile-open'] : [])].join(' ')
      cells.push(
        <div
          key={key}
          role="listitem"
          aria-posinset={index + 1}
          aria-setsize={props.total}
          class="ic-grid-cell"
          style={place}
        >
          <button
            type="button"
            class={tileClass}
            data-index={index}
            aria-pressed={props.picked === undefined || props.picked.size === 0 ? undefined : props.picked.has(key)}
            aria-label={`${icon.name}, ${setName}, ${styleName}`}
            aria-describedby={(icon.variant_count ?? 0) > 1 ? `ic-variants-${index}` : undefined}
            title={caption}
            tabIndex={index === current ? 0 : -1}
            draggable
            onFocus={(event) => {
              setFocusIndex(index)
              setFocused(icon)
              fitCaption(event.currentTarget)
            }}
            onBlur={() => setFocused(null)}
            onClick={(event) => {
              setFocusIndex(index)
              if (props.onPick !== undefined && (event.metaKey || event.ctrlKey)) {
                anchor.current = index
                props.onPick([icon], 'toggle')
              } else if (props.onPick !== undefined && event.shiftKey) {
                const from = anchor.current ?? index
                props.onPick(icons.slice(Math.min(from, index), Math.max(from, index) + 1), 'add', index < from ? 'start' : 'end')
              } else {
                anchor.current = index
                props.onOpen(icon, props.stale === true)
              }
            }}
            // A double click inserts, as Enter does (its first click opened the details); with
            // Cmd/Ctrl or Shift it is two picks, as each of its clicks was.
            onDblClick={(event) => {
              if (!event.metaKey && !event.ctrlKey && !event.shiftKey) props.onInsert(icon)
            }}
            onDragStart={(event) => props.onDragStart?.(icon, event)}
            onDragEnd={(event) => props.onDragEnd?.(icon, event)}
          >
            <Thumbnail src={thumbnail(icon)} />
            <VariantBadge count={icon.variant_count} id={`ic-variants-${index}`} />
            {/* The title, seen on keyboard focus too (ui.css); its accessible name already says it. */}
            <span class="ic-tile-caption" aria-hidden="true">
              {caption}
            </span>
          </button>
        </div>
      )
    }
  }

  return (
    <div
      ref={scroller}
      class={props.stale === true ? 'ic-grid ic-grid-stale' : 'ic-grid'}
      role="list"
      aria-label={props.label}
      aria-busy={props.stale === true}
      data-loaded={icons.length}
      onScroll={(event) => {
        setScrollTop(event.currentTarget.scrollTop)
        scrolledTo(event.currentTarget.scrollTop)
      }}
      onKeyDown={onKeyDown}
      // A tile focused by a click shows its caption from the first key pressed on it (Escape closing
      // its details, say), without a new focus event: the caption fits once it shows.
      onKeyUp={(event) => {
        if (event.target instanceof HTMLElement && event.target.classList.contains('ic-tile')) fitCaption(event.target)
      }}
    >
      <div class="ic-grid-spacer" style={{ height: `${slotRows * CELL_SIZE}px` }}>
        {cells}
      </div>
    </div>
  )
}
