import type { RefObject } from 'preact'
import { useLayoutEffect } from 'preact/hooks'

/**
 * Where the view's grid begins, written on `app` as `--ic-grid-top` (px from the window's top), so
 * the icon details, which lie over the grid's foot, leave it two rows (ui.css): at 320 × 520 with
 * the selection's panel open, their whole height would leave the grid a sliver. The panels above
 * the view (the selection's, the toolbar's error line) and the window's height change the view's
 * size; the lines inside it above the grid (the search's reading, a set's note) come and go as the
 * filters change, and the grid itself is made anew for each search's results. So it is measured when the
 * details open, when the view is resized, and when anything in it changes, from the grid (or the
 * cards of sets and styles), else from the view's own top.
 */
export function useGridTop(app: RefObject<HTMLElement>, view: RefObject<HTMLElement>, detailOpen: boolean, viewKey: string): void {
  useLayoutEffect(() => {
    const root = app.current
    const main = view.current
    if (!detailOpen || root === null || main === null) return
    const measure = () => {
      const grid = main.querySelector('.ic-grid, .ic-cards') ?? main
      root.style.setProperty('--ic-grid-top', `${Math.round(grid.getBoundingClientRect().top)}px`)
    }
    measure()
    const resized = new ResizeObserver(measure)
    resized.observe(main)
    const changed = new MutationObserver(measure)
    changed.observe(main, { childList: true, subtree: true, characterData: true })
    return () => {
      resized.disconnect()
      changed.disconnect()
    }
  }, [app, view, detailOpen, viewKey])
}
