/**
 * The names designers read for the catalogue's slugs: "Phosphor" for `ph`, "Outline" for
 * `outline`, as the plugin window shows them. Read once per run; when they cannot be read, the
 * slugs stand in and the next call tries again, so a name never costs a suggestion.
 */
import type { MainCatalogue } from './catalogue-fetch'

export interface CatalogueNames {
  iconset(slug: string): string
  style(slug: string): string
}

const SLUGS: CatalogueNames = { iconset: (slug) => slug, style: (slug) => slug }

async function readNames(catalogue: Pick<MainCatalogue, 'iconsets' | 'styles'>): Promise<CatalogueNames> {
  const [iconsets, styles] = await Promise.all([catalogue.iconsets(), catalogue.styles()])
  const setNames = new Map(iconsets.iconsets.map((set) => [set.slug, set.name]))
  const styleNames = new Map(styles.styles.map((style) => [style.slug, style.name]))
  return { iconset: (slug) => setNames.get(slug) ?? slug, style: (slug) => styleNames.get(slug) ?? slug }
}

/** A reader of the catalogue's names that asks the catalogue until it has answered once. */
export function catalogueNames(catalogue: Pick<MainCatalogue, 'iconsets' | 'styles'>): () => Promise<CatalogueNames> {
  let read: Promise<CatalogueNames> | null = null
  return () => {
    read ??= readNames(catalogue).catch(() => {
      read = null
      return SLUGS
    })
    return read
  }
}
