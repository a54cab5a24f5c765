/**
 * What every view of the plugin reads about the catalogue: the client, the theme's thumbnail ink,
 * the icon sets and styles, and their display names. Provided once by `Plugin`.
 */
import { createContext } from 'preact'
import { useCallback, useContext, useMemo } from 'preact/hooks'

import type { IconSetList, IconSetStroke, StyleList } from '../../api/catalogue-schemas'
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
  /** The set's native stroke for a style drawn with strokes; undefined for filled drawings. */
  strokeOf: (iconset: string, style: string) => IconSetStroke | undefined
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
  const strokes = useMemo(
    () =>
      new Map(
        (iconsets.data?.iconsets ?? []).flatMap((iconset) =>
          iconset.strokes.map((stroke) => [`${iconset.slug}/${stroke.style}`, stroke] as const)
        )
      ),
    [iconsets.data]
  )
  const strokeOf = useCallback((iconset: string, style: string) => strokes.get(`${iconset}/${style}`), [strokes])
  return useMemo(
    () => ({ client, ink, background, iconsets, styles, nameOfSet, nameOfStyle, strokeOf }),
    [client, ink, background, iconsets, styles, nameOfSet, nameOfStyle, strokeOf]
  )
}
