/**
 * The catalogue: every configured icon set ingested once at start-up, with lookups, families and
 * search. This is the data layer's whole public interface; the HTTP layer reads only this.
 */
import { createHash } from 'node:crypto'
import type { IconifyIcon } from '@iconify/types'
import { defaultIconProps } from '@iconify/utils'
import { STYLE_SLUGS, type Author, type IconSetPackage, type IconSetStroke, type License, type SearchRequest, type StyleSlug } from '../api/catalogue-schemas'
import { iconKey } from '../api/icon-key'
import { byStyleWeight } from '../api/style-order'
import { ICONSET_CONFIG, type IconSetConfig } from './iconset-config'
import { indexCodeHash, loadSearchIndex } from './index-snapshot'
import { loadIngestedIconSet, logToStderr, type IngestedIconSet, type SnapshotLog } from './iconset-snapshot'
import type { IconRecord } from './load-iconset'
import { styleSamples } from './samples'
import type { SearchOutcome } from './search-index'
import { outlinedKinds, outlinedStrokes, strokeStyles } from './stroke-widths'

export { ICONSET_CONFIG, type IconSetConfig } from './iconset-config'

export type { IconRecord } from './load-iconset'

export interface IconSetRecord {
  slug: string
  name: string
  version: string | null
  package: IconSetPackage
  author: Author
  license: License
  styles: StyleSlug[]
  strokes: IconSetStroke[]
  samples: string[]
  /** Stable order: by family, each family in its own order (outline first, nearest 24px). */
  icons: readonly IconRecord[]
}

export interface StyleRecord {
  slug: StyleSlug
  name: string
  iconsets: string[]
  totalIcons: number
  /** A few icons that show the style at a glance (styleSamples). */
  samples: readonly IconRecord[]
}

/** Styles as the API lists them, a set's and the catalogue's: in the order designers pick them. */
const STYLES_BY_WEIGHT = [...STYLE_SLUGS].sort(byStyleWeight)

export interface SkippedIcon {
  iconset: string
  slug: string
  reason: string
}

export interface Catalogue {
  readonly iconsets: readonly IconSetRecord[]
  /** Only styles that have icons, in vocabulary order. */
  readonly styles: readonly StyleRecord[]
  readonly totalIcons: number
  /**
   * What every answer is made from, as one key: each set's configuration and the content of its
   * snapshot (IngestedIconSet.content), in order, and the code that orders and indexes them. The same
   * on every machine with the same install; another whenever an answer could change.
   */
  readonly contentKey: string
  /** Icons rejected by sanitising; never served. */
  readonly skipped: number
  readonly skippedIcons: readonly SkippedIcon[]
  getIconset(slug: string): IconSetRecord | undefined
  /** An icon by slug; an Iconify alias (another name of the same drawing) finds the icon it names. */
  getIcon(iconset: string, slug: string): IconRecord | undefined
  /** A family of a set by its name ('house'), as the drawing search shows it by (Solar's house-linear). */
  getFamily(iconset: string, family: string): IconRecord | undefined
  /** Full icon data (aliases resolved, every dimension filled) for @iconify/utils iconToSVG. */
  iconData(icon: IconRecord): IconifyIcon
  /** The whole family including the icon itself, in family order. */
  family(icon: IconRecord): readonly IconRecord[]
  /**
   * One icon per matching family, ranked, paging ignored; the same request always gives the same
   * order. Kept for the next asking unless `remember` is false (a rehearsal: warm-up.ts).
   */
  search(request: SearchRequest, remember?: boolean): SearchOutcome<IconRecord>
}

interface SetEntry {
  record: IconSetRecord
  drawingOf: IngestedIconSet['drawingOf']
  find: IngestedIconSet['find']
  shownBy: IngestedIconSet['shownBy']
  aliases: Map<string, string>
  families: Map<string, IconRecord[]>
}

export interface LoadOptions {
  /** Where the icon set and index snapshots are kept; node_modules/.cache/icon-catalogue by default (iconset-snapshot.ts). */
  cacheDir?: string
  /** Told when a snapshot is missing or unusable and is being built; standard error by default. */
  log?: SnapshotLog
}

export async function loadCatalogue(config: IconSetConfig[] = ICONSET_CONFIG, options: LoadOptions = {}): Promise<Catalogue> {
  const slugs = new Set<string>()
  for (const entry of config) {
    if (slugs.has(entry.slug)) throw new Error(`Icon set "${entry.slug}" is configured twice`)
    slugs.add(entry.slug)
    outlinedKinds(entry)
  }
  // One set at a time: each set's JSON text is garbage before the next is read, which keeps the
  // peak memory of start-up near the size of the finished catalogue. A set ingested before comes
  // from its snapshot (iconset-snapshot.ts), without reading its package's JSON at all.
  const loaded = []
  const log = options.log ?? logToStderr
  for (const entry of config) loaded.push(await loadIngestedIconSet(entry, options.cacheDir, log))

  const sets = new Map<string, SetEntry>()
  const skippedIcons: SkippedIcon[] = []
  // The catalogue's stable order, which breaks every search tie: each family's lead icons before
  // its other sizes and variants, then the preferred sets (config order), then by family name.
  // Each set's snapshot holds its own order and which icons lead (iconset-snapshot.ts).
  const leads: IconRecord[] = []
  const variants: IconRecord[] = []
  for (const set of loaded) {
    const icons = set.ordered
    for (let position = 0; position < icons.length; position++) (set.leads[position] === 1 ? leads : variants).push(icons[position] as IconRecord)
    const styles = STYLES_BY_WEIGHT.filter((style) => set.styles.includes(style))
    let strokes: IconSetStroke[] | undefined
    sets.set(set.config.slug, {
      record: {
        slug: set.config.slug,
        name: set.name,
        version: set.version,
        package: set.package,
        author: set.author,
        license: set.license,
        styles,
        // Read from a sample of drawings in the snapshot file, when first asked rather than at start-up.
        get strokes() {
          strokes ??= [...strokeStyles(icons, set.drawingOf, Object.keys(set.config.styles?.suffixes ?? {})), ...outlinedStrokes(icons, set.config)]
          return strokes
        },
        samples: set.samples,
        icons
      },
      drawingOf: set.drawingOf,
      find: set.find,
      shownBy: set.shownBy,
      aliases: set.aliases,
      families: set.families
    })
    for (const { slug, reason } of set.rejected) skippedIcons.push({ iconset: set.config.slug, slug, reason })
  }
  const ordered = leads.concat(variants)
  // Built from the same snapshots in the same order, the index is read from its own snapshot too (index-snapshot.ts).
  const index = loadSearchIndex(
    ordered,
    loaded.map((set) => ({
      slug: set.config.slug,
      name: set.name,
      suffixes: set.config.styles?.suffixes ?? {},
      styles: set.styles,
      aliases: set.aliases,
      renamed: set.config.renamed
    })),
    { setKeys: loaded.map((set) => set.key), cacheDir: options.cacheDir, log }
  )

  const iconsets = [...sets.values()].map((entry) => entry.record)
  const families = [...sets.values()].map((entry) => entry.families)
  const styleCounts = new Map<StyleSlug, number>()
  for (const icon of ordered) styleCounts.set(icon.style, (styleCounts.get(icon.style) ?? 0) + 1)
  const styles: StyleRecord[] = STYLES_BY_WEIGHT.flatMap((style) => {
    const having = iconsets.filter((set) => set.styles.includes(style))
    if (having.length === 0) return []
    const totalIcons = styleCounts.get(style) ?? 0
    const samples = styleSamples(style, families, leads)
    return [{ slug: style, name: style.charAt(0).toUpperCase() + style.slice(1), iconsets: having.map((set) => set.slug), totalIcons, samples }]
  })

  const entryOf = (icon: IconRecord): SetEntry => {
    const entry = sets.get(icon.iconset)
    if (!entry || entry.find(icon.slug) !== icon) throw new Error(`${iconKey(icon.iconset, icon.slug)} is not in this catalogue`)
    return entry
  }

  return {
    iconsets,
    styles,
    totalIcons: ordered.length,
    contentKey: createHash('sha256')
      .update(JSON.stringify({ index: indexCodeHash(), sets: loaded.map((set) => [set.config, set.content]) }))
      .digest('hex')
      .slice(0, 32),
    skipped: skippedIcons.length,
    skippedIcons,
    getIconset: (slug) => sets.get(slug)?.record,
    getIcon(iconset, slug) {
      const entry = sets.get(iconset)
      if (!entry) return undefined
      const target = entry.aliases.get(slug)
      return entry.find(slug) ?? (target === undefined ? undefined : entry.find(target))
    },
    getFamily: (iconset, family) => sets.get(iconset)?.shownBy(family),
    iconData(icon) {
      const data = sets.get(icon.iconset)?.drawingOf(icon)
      if (!data) throw new Error(`${iconKey(icon.iconset, icon.slug)} is not in this catalogue`)
      return { ...defaultIconProps, ...data }
    },
    family(icon) {
      return entryOf(icon).families.get(icon.family) ?? [icon]
    },
    search: (request, remember) => index.search(request, remember)
  }
}
