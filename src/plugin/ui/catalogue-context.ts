/**
 * What every view of the plugin reads about the catalogue: the client, the theme's thumbnail ink,
 * the icon sets and styles, and their display names. Provided once by `Plugin`.
 */
import { createContext } from 'preact'
import { useCallback, useContext, useMemo } from 'preact/hooks'

import type { IconSetList, StyleList } from '../../api/catalogue-schemas'
import { strokesIn, type StrokeOf } from '../shared/icon-payloads'
import type { CatalogueClient } from './catalogue-client'
import { useResource, type Resource } from './use-resource'
import { useThemeInk } from './use-theme-ink'

export interface Catalogue {
  client: CatalogueClient
  /** The colour thumbnails are drawn in, following Figma's theme, and the background they sit on. */
  ink: string
  background: string
  iconsets: Resource<IconSetList> & { retry: () => void }
  styles: Resource<StyleList> & { retry: () => void }
  nameOfSet: (slug: string) => string
  nameOfStyle: (slug: string) => string
  /** The set's native stroke for an icon drawn with strokes; undefined for filled drawings. */
  strokeOf: StrokeOf
  /**
   * Which drawings are stroke-drawn, for an insert, copy or swap: an icon opened from Recent can be
   * acted on before the list of sets has come, and must not lose its stroke width for it, so until
   * then this asks the catalogue for the list itself (once for all who wait).
   */
  strokeOfNow: () => Promise<StrokeOf>
}

export const CatalogueContext = createContext<Catalogue | null>(null)

export function useCatalogue(): Catalogue {
  const catalogue = useContext(CatalogueContext)
  if (catalogue === null) throw new Error('useCatalogue needs a CatalogueContext provider')
  return catalogue
}

/** Builds the context's value for one client. */
export function useCatalogueState(client: CatalogueClient): Catalogue {
  const { ink, background } = useThemeInk()
  const iconsets = useResource('iconsets', (signal) => client.iconsets(signal))
  const styles = useResource('styles', (signal) => client.styles(signal))
  const setNames = useMemo(
    () => new Map((iconsets.data?.iconsets ?? []).map((iconset) => [iconset.slug, iconset.name])),
    [iconsets.data]
  )
  const styleNames = useMemo(() => new Map((styles.data?.styles ?? []).map((style) => [style.slug, style.name])), [styles.data])
  const nameOfSet = useCallback((slug: string) => setNames.get(slug) ?? slug, [setNames])
  const nameOfStyle = useCallback((slug: string) => styleNames.get(slug) ?? slug, [styleNames])
  const strokeOf = useMemo(() => strokesIn(iconsets.data), [iconsets.data])
  const listed = iconsets.data !== null
  // One request for the list, however many actions wait for it; if it fails they go on with the
  // strokes known (none yet), as an action did before it waited, and the next one asks again.
  const asking = useMemo<{ list: Promise<StrokeOf> | null }>(() => ({ list: null }), [client])
  const strokeOfNow = useCallback(async () => {
    if (listed) return strokeOf
    asking.list ??= client.iconsets().then(strokesIn, () => {
      asking.list = null
      return strokeOf
    })
    return await asking.list
  }, [listed, strokeOf, client, asking])
  return useMemo(
    () => ({ client, ink, background, iconsets, styles, nameOfSet, nameOfStyle, strokeOf, strokeOfNow }),
    [client, ink, background, iconsets, styles, nameOfSet, nameOfStyle, strokeOf, strokeOfNow]
  )
}
