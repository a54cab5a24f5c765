import type { RefObject } from 'preact'
import { useEffect, useRef } from 'preact/hooks'

import type { IconGridProps } from './icon-grid'

/** What every icon grid does with its icons: the same in search results and in an icon set. */
export type GridActions = Pick<
  IconGridProps,
  'activeKey' | 'picked' | 'onPick' | 'onOpen' | 'onShown' | 'onInsert' | 'onDragStart' | 'onDragEnd'
>

/**
 * ArrowDown in a view's search box: into the view's grid, on its current tile (the one tab stop it
 * has), but only into results for the words in the box (`current`). Pressed while those are on their
 * way (the typing not settled yet, the page not in), it goes in when they come, if the box still has
 * focus and nothing more was typed (`typed`): the grid still showing the last words' results must not
 * take focus (Enter would insert one of them) only to lose it to the new ones. Nothing when the grid is empty.
 */
export function useIntoGrid(view: RefObject<HTMLElement>, current: boolean, typed: string): (event: KeyboardEvent) => void {
  const waiting = useRef(false)
  const enter = (): boolean => {
    const tile = view.current?.querySelector<HTMLElement>('.ic-grid [tabindex="0"]')
    if (tile === null || tile === undefined) return false
    tile.focus()
    return true
  }
  useEffect(() => {
    waiting.current = false
  }, [typed])
  useEffect(() => {
    if (!current || !waiting.current) return
    waiting.current = false
    const box = document.activeElement
    if (box instanceof HTMLInputElement && view.current?.contains(box) === true) enter()
  })
  return (event) => {
    if (current) {
      if (enter()) event.preventDefault()
      return
    }
    event.preventDefault()
    waiting.current = true
  }
}
