/**
 * Maps catalogue records onto the wire contract (src/api/catalogue-schemas.ts). Pure functions;
 * every URL is absolute and built from the base URL, so the service works behind a path prefix.
 */
import {
  FORMATS,
  type Download,
  type IconDetail,
  type IconSetDetail,
  type IconSetList,
  type IconSetSummary,
  type IconSummary,
  type SearchRequest,
  type SearchResult,
  type StyleDetail,
  type StyleList,
  type StyleSummary,
  type Welcome
} from '../api/catalogue-schemas'
import { chooseVariant } from '../api/choose-variant'
import { variantLabel } from '../api/icon-name'
import { MAX_LIMIT, MAX_SIZE, MIN_SIZE, STANDARD_SIZES } from '../api/limits'
import {
  iconUrl,
  iconsetUrl,
  iconsetsUrl,
  openapiUrl,
  searchUrl,
  styleUrl,
  stylesUrl
} from '../api/catalogue-urls'
import type { Catalogue, IconRecord, IconSetRecord, StyleRecord } from './catalogue'
import { renderSvg } from './render-svg'
import { asTyped } from './tokenize'
import type { SearchOutcome } from './search-index'

export function iconSummary(base: string, icon: IconRecord): IconSummary {
  const url = iconUrl(base, icon.iconset, icon.slug)
  return {
    iconset: icon.iconset,
    slug: icon.slug,
    name: icon.name,
    style: icon.style,
    width: icon.width,
    height: icon.height,
    tags: icon.tags,
    // What iconUrl(..., { format: 'svg' }) builds, without building the path twice.
    preview_url: `${url}?format=svg`,
    url,
    family: icon.family,
    variant_count: icon.variants
  }
}

/** The family's native drawing sizes plus the standard ones, ascending, each once. */
export function downloadSizes(family: readonly IconRecord[]): number[] {
  const sizes = new Set<number>(STANDARD_SIZES)
  for (const member of family) {
    const size = Math.round(member.nativeSize)
    if (size >= MIN_SIZE && size <= MAX_SIZE) sizes.add(size)
  }
  return [...sizes].sort((a, b) => a - b)
}

/**
 * The drawing a download size is rendered from, as the plugin picks it (chooseVariant): the
 * family's member in the icon's own style drawn at that size, else the one drawn nearest it
 * (Fluent's home-48-regular for home-24-regular at 64), else the icon itself.
 */
function drawingForSize(icon: IconRecord, family: readonly IconRecord[]): (size: number) => IconRecord {
  const bySlug = new Map(family.map((member) => [member.slug, member]))
  const members = family.map((member) => ({ slug: member.slug, style: member.style, size: member.nativeSize }))
  const self = { slug: icon.slug, style: icon.style, size: icon.nativeSize }
  return (size) => bySlug.get(chooseVariant(self, members, { style: icon.style, size }).slug) ?? icon
}

export function iconDetail(base: string, catalogue: Catalogue, set: IconSetRecord, icon: IconRecord): IconDetail {
  // A family holds only icons of its own set, the icon itself among them.
  const family = catalogue.family(icon)
  const drawingAt = drawingForSize(icon, family)
  const sizes = downloadSizes(family)
  const downloads: Download[] = []
  for (const format of FORMATS) {
    for (const size of sizes) {
      const drawing = drawingAt(size)
      downloads.push({ format, size, url: iconUrl(base, drawing.iconset, drawing.slug, { format, size }) })
    }
  }
  return {
    ...iconSummary(base, icon),
    iconset_name: set.name,
    author: set.author,
    license: set.license,
    variants: family
      .filter((member) => member.slug !== icon.slug || member.iconset !== icon.iconset)
      .map((member) => ({
        slug: member.slug,
        style: member.style,
        size: member.nativeSize,
        label: variantLabel(member.family, member.slug),
        url: iconUrl(base, member.iconset, member.slug)
      })),
    downloads
  }
}

export function iconsetSummary(base: string, set: IconSetRecord): IconSetSummary {
  return {
    slug: set.slug,
    name: set.name,
    version: set.version,
    package: { ...set.package },
    author: set.author,
    license: set.license,
    total_icons: set.icons.length,
    styles: [...set.styles],
    strokes: set.strokes.map((stroke) => ({ ...stroke })),
    samples: [...set.samples],
    previews: set.samples.map((sample) => iconUrl(base, set.slug, sample, { format: 'svg' })),
    url: iconsetUrl(base, set.slug)
  }
}

export function iconsetList(base: string, catalogue: Catalogue): IconSetList {
  return { total: catalogue.iconsets.length, iconsets: catalogue.iconsets.map((set) => iconsetSummary(base, set)) }
}

export function iconsetDetail(base: string, set: IconSetRecord): IconSetDetail {
  return { ...iconsetSummary(base, set), icons: set.icons.map((icon) => iconSummary(base, icon)) }
}

export function styleSummary(base: string, style: StyleRecord): StyleSummary {
  return {
    slug: style.slug,
    name: style.name,
    total_iconsets: style.iconsets.length,
    total_icons: style.totalIcons,
    samples: style.samples.map((icon) => ({ iconset: icon.iconset, slug: icon.slug, preview_url: iconUrl(base, icon.iconset, icon.slug, { format: 'svg' }) })),
    url: styleUrl(base, style.slug)
  }
}

export function styleList(base: string, catalogue: Catalogue): StyleList {
  return { total: catalogue.styles.length, styles: catalogue.styles.map((style) => styleSummary(base, style)) }
}

/** Each set's `total_icons` here counts only its icons in this style. */
export function styleDetail(base: string, catalogue: Catalogue, style: StyleRecord): StyleDetail {
  const iconsets = style.iconsets.flatMap((slug) => {
    const set = catalogue.getIconset(slug)
    if (set === undefined) return []
    const total = set.icons.reduce((count, icon) => (icon.style === style.slug ? count + 1 : count), 0)
    return [{ slug: set.slug, name: set.name, total_icons: total, url: iconsetUrl(base, set.slug) }]
  })
  return { ...styleSummary(base, style), iconsets, search_url: searchUrl(base, { style: style.slug }) }
}

export function welcome(base: string, catalogue: Catalogue, version: string): Welcome {
  return {
    name: 'Icon Catalogue',
    version,
    beta: true,
    statistics: { iconsets: catalogue.iconsets.length, icons: catalogue.totalIcons, styles: catalogue.styles.length },
    links: { search: searchUrl(base), iconsets: iconsetsUrl(base), styles: stylesUrl(base), openapi: openapiUrl(base) }
  }
}

/** A search page without its icons, which searchPageJson() joins in already serialised. */
export type SearchEnvelope = Omit<SearchResult, 'icons'> & { icons: [] }

/**
 * One page of ranked families for a request in normal form (normalSearchRequest): the envelope,
 * and the icons on the page; `next`/`previous` repeat the request at another offset, the defaults
 * (offset 0, the largest limit) left out, as `search_url` and the root's links write them.
 */
export function searchPage(
  base: string,
  request: SearchRequest,
  outcome: SearchOutcome<IconRecord>
): { envelope: SearchEnvelope; icons: readonly IconRecord[] } {
  const { q = '', style = '', offset = 0, limit = MAX_LIMIT, iconset = [] } = request
  // families_only: the families alone, as though nothing followed them.
  const { families } = outcome
  const total = request.families_only === true ? families : outcome.total
  const { interpreted } = outcome
  const link = (at: number): string =>
    searchUrl(base, { ...request, offset: at === 0 ? undefined : at, limit: limit === MAX_LIMIT ? undefined : limit })
  return {
    envelope: {
      query: q,
      style: style === '' ? null : style,
      iconsets: iconset,
      // Field by field, in the schema's order: the page is serialised with JSON.stringify (the schema's
      // serialiser checks each nullable URL against a URI pattern on every page).
      interpreted: {
        terms: interpreted.terms,
        variant: interpreted.variant,
        iconsets: interpreted.iconsets,
        style: interpreted.style,
        unapplied: interpreted.unapplied.map((phrase) => asTyped(phrase, q))
      },
      suggestion: outcome.suggestion,
      offset,
      limit,
      total,
      families,
      icons: [],
      next: offset + limit < total ? link(offset + limit) : null,
      // Past the end, the last page as paging from 0 meets it; with no results at all, none.
      previous: offset === 0 || total === 0 ? null : link(offset < total ? Math.max(0, offset - limit) : Math.floor((total - 1) / limit) * limit)
    },
    icons: outcome.icons(offset, Math.max(0, Math.min(limit, total - offset)))
  }
}

/** Each set's icon URLs' common start, by base URL, as JSON without its closing quote: `"${base}/iconsets/${set}/`. */
const iconUrlStarts = new Map<string, Map<string, string>>()

function iconUrlStartJson(base: string, iconset: string): string {
  let starts = iconUrlStarts.get(base)
  if (starts === undefined) iconUrlStarts.set(base, (starts = new Map()))
  let start = starts.get(iconset)
  if (start === undefined) starts.set(iconset, (start = JSON.stringify(`${iconsetUrl(base, iconset)}/`).slice(0, -1)))
  return start
}

/** What JSON.stringify escapes in a string (quotes, backslashes, controls, lone surrogates), and any surrogate besides. */
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/

/** A string as JSON.stringify writes it; names, slugs and tags almost never need escaping, and skip its work. */
function jsonString(text: string): string {
  return ESCAPED.test(text) ? JSON.stringify(text) : `"${text}"`
}

function jsonStrings(list: readonly string[]): string {
  if (list.length === 0) return '[]'
  const joined = list.join('","')
  return ESCAPED.test(joined) ? JSON.stringify(list) : `["${joined}"]`
}

/**
 * One icon's record in a search page, as JSON: its summary, and with `svg` its drawing last, where
 * the schema has it. Written by hand, field by field in the schema's order, to the very text
 * JSON.stringify(iconSummary(base, icon)) gives: a first-sight search writes dozens of new ones.
 * (encodeURIComponent leaves nothing JSON would escape.)
 */
export function iconSummaryJson(base: string, catalogue: Catalogue, icon: IconRecord, svg: boolean): string {
  const url = iconUrlStartJson(base, icon.iconset) + encodeURIComponent(icon.slug)
  const summary =
    `{"iconset":${jsonString(icon.iconset)},"slug":${jsonString(icon.slug)},"name":${jsonString(icon.name)},` +
    `"style":"${icon.style}","width":${icon.width},"height":${icon.height},"tags":${jsonStrings(icon.tags)},` +
    `"preview_url":${url}?format=svg","url":${url}","family":${jsonString(icon.family)},"variant_count":${icon.variants}`
  return svg ? `${summary},"svg":${JSON.stringify(renderSvg(catalogue.iconData(icon)).svg)}}` : `${summary}}`
}

const EMPTY_ICONS = '"icons":[]'
const COMMA = Buffer.from(',')

/**
 * The page's JSON bytes from its serialised envelope and each icon's serialised record. A key in
 * quotes cannot occur inside a JSON string (its quotes would be escaped), and the envelope's only
 * `icons` is its own, so the first occurrence is the place.
 */
export function searchPageJson(envelope: string, icons: readonly Buffer[]): Buffer {
  const at = envelope.indexOf(EMPTY_ICONS)
  if (at === -1) throw new Error('The serialised search envelope has no empty icons list')
  const open = at + EMPTY_ICONS.length - 1
  const parts: Buffer[] = [Buffer.from(envelope.slice(0, open))]
  icons.forEach((icon, index) => {
    if (index > 0) parts.push(COMMA)
    parts.push(icon)
  })
  parts.push(Buffer.from(envelope.slice(open)))
  return Buffer.concat(parts)
}
