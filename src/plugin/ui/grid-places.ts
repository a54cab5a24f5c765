/**
 * Where each view's grid was scrolled to, and for which search: the tabs mount only the view shown,
 * so a view left for another tab would come back at the top of its results. Come back to, it opens
 * where the designer left it; a new search in it starts at the top, and is the one remembered.
 */
import { createContext, type RefObject } from 'preact'
import { useContext, useLayoutEffect, useRef } from 'preact/hooks'

/** A grid's view (the Search tab, an open set) and the search it shows. */
export interface GridPlace {
  view: string
  request: string
}

export type GridPlaces = Map<string, { request: string; top: number }>

export const GridPlacesContext = createContext<GridPlaces | null>(null)

/**
 * Scrolls a grid newly mounted back to where its view left the same search; returns what to call as
 * it scrolls. The pages below the first may come back after it mounts: until the grid is tall enough
 * (`height`, its content's), it is scrolled as far as it goes and again as each page comes, unless
 * the designer scrolls first; the place stays the one left meanwhile.
 */
export function useGridPlace(place: GridPlace | undefined, scroller: RefObject<HTMLElement>, height: number): (top: number) => void {
  const places = useContext(GridPlacesContext)
  /** Where the grid is still on its way back to, and where it was last put on the way. */
  const target = useRef<number | null>(null)
  const putAt = useRef<number | null>(null)
  const goBack = (element: HTMLElement, top: number) => {
    // Setting scrollTop fires the grid's scroll event, which draws the rows there.
    element.scrollTop = top
    target.current = element.scrollTop < top - 1 ? top : null
    putAt.current = element.scrollTop
  }
  useLayoutEffect(() => {
    const element = scroller.current
    if (places === null || place === undefined || element === null) return
    const left = places.get(place.view)
    if (left?.request === place.request) goBack(element, left.top)
    else places.set(place.view, { request: place.request, top: 0 })
    // Once, as the grid mounts: a new search mounts a new grid (its key).
  }, [])
  useLayoutEffect(() => {
    const element = scroller.current
    if (target.current !== null && element !== null) goBack(element, target.current)
  }, [height])
  return (top) => {
    if (places === null || place === undefined) return
    // A scroll of the grid's own on its way back keeps the place left; the designer's ends the way back.
    if (target.current !== null && top === putAt.current) return
    target.current = null
    places.set(place.view, { request: place.request, top })
  }
}
