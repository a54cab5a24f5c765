import type { IconSummary, SearchResult } from '../../api/catalogue-schemas'

/**
 * A search page's tiles: its results up to the catalogue's `families`, one per family. Those after
 * are the families' other styles and sizes, which the plugin leaves to the details and the swap
 * controls (the grid) or to the name's other suggestions (Quick Actions).
 */
export function tilesOf(result: Pick<SearchResult, 'offset' | 'families' | 'icons'>): IconSummary[] {
  return result.icons.slice(0, Math.max(0, result.families - result.offset))
}
