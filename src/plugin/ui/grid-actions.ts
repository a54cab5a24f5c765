import type { IconGridProps } from './icon-grid'

/** What every icon grid does with its icons: the same in search results and in an icon set. */
export type GridActions = Pick<
  IconGridProps,
  'activeKey' | 'picked' | 'onPick' | 'onOpen' | 'onInsert' | 'onDragStart' | 'onDragEnd'
>

/**
 * ArrowDown in a view's search box: into the view's grid, on its current tile (the one tab stop it
 * has); nothing when the grid is empty.
 */
export function intoGrid(view: { current: HTMLElement | null }): (event: KeyboardEvent) => void {
  return (event) => {
    const tile = view.current?.querySelector<HTMLElement>('.ic-grid [tabindex="0"]')
    if (tile === null || tile === undefined) return
    event.preventDefault()
    tile.focus()
  }
}
