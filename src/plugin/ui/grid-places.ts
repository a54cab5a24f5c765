/**
 * Where each view's grid was scrolled to, and for which search: the tabs mount only the view shown,
 * so a view left for another tab would come back at the top of its results. Come back to, it opens
 * where the designer left it; a new search in it starts at the top, and is the one remembered.
 */
import { createContext, type RefObject } from 'preact'
import { useContext, useLayoutEffect } from 'preact/hooks'

/** A grid's view (the Search tab, an open set) and the search it shows. */
export interface GridPlace {
  view: string
  request: string
}

export type GridPlaces = Map<string, { request: string; top: number }>

export const GridPlacesContext = createContext<GridPlaces | null>(null)

/** Scrolls a grid newly mounted back to where its view left the same search; returns what to call as it scrolls. */
export function useGridPlace(place: GridPlace | undefined, scroller: RefObject<HTMLElement>): (top: number) => void {
  const places = useContext(GridPlacesContext)
  useLayoutEffect(() => {
    const element = scroller.current
    if (places === null || place === undefined || element === null) return
    const left = places.get(place.view)
    // Setting scrollTop fires the grid's scroll event, which draws the rows there.
    if (left?.request === place.request) element.scrollTop = left.top
    else places.set(place.view, { request: place.request, top: 0 })
    // Once, as the grid mounts: a new search mounts a new grid (its key).
  }, [])
  return (top) => {
    if (places !== null && place !== undefined) places.set(place.view, { request: place.request, top })
  }
}
