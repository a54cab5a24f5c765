/**
 * Ingests one icon set from its npm package: reads the Iconify JSON once, drops unsafe and hidden
 * icons, and describes every remaining icon (style, family, native size, tags).
 */
import type { ExtendedIconifyIcon, IconifyJSON } from '@iconify/types'
import { getIconData, getIconsTree } from '@iconify/utils'
import type { Author, IconSetPackage, License, StyleSlug } from '../api/catalogue-schemas'
import type { IconSetConfig } from './iconset-config'
import { readOptionalPackageJson, readPackageJson } from './package-files'
import { checkSvgBody } from './sanitise-svg'
import { styleMatcher } from './style-mapping'
import { humanName } from '../api/icon-name'
import { normaliseTag } from './tokenize'
import { loadUpstreamTags } from './upstream-tags'

/** One icon as the catalogue lists it. */
export interface IconRecord {
  iconset: string
  slug: string
  /** Its family's human name, without the slug's style and size words: 'Calendar' for calendar-24-regular. */
  name: string
  style: StyleSlug
  width: number
  height: number
  /** Normalised tags; at ingest possibly repeated and shared, until icon-families.ts gives each family its own list. */
  tags: string[]
  /** The family's symbol name, shared by every member: 'home' for home-24-filled. */
  family: string
  /** Longest side of the native drawing. */
  nativeSize: number
  /** How many icons its family has, itself included; set by icon-families.ts. */
  variants: number
}

export interface LoadedIconSet {
  config: IconSetConfig
  name: string
  /** The set's own release, where its data names one (Tabler 3.48.0); null where it does not. */
  version: string | null
  /** The npm package the set's data comes from, as installed (@iconify-json/tabler 1.2.41). */
  package: IconSetPackage
  author: Author
  license: License
  /** The icons upstream shows the set by, in whatever styles they are; the snapshot chooses the set's samples (samples.ts). */
  upstreamSamples: string[]
  /** The Iconify JSON without unsafe icons, from which each icon's full drawing goes into the set's snapshot. */
  data: IconifyJSON
  icons: IconRecord[]
  /** Plain aliases (other names of the same drawing) to the slug of the icon they name. */
  aliases: Map<string, string>
  /** Icons rejected by the sanitiser, with why. */
  rejected: Array<{ slug: string; reason: string }>
}

interface IconifyInfo {
  name: string
  version?: string
  author: { name: string; url?: string }
  license: { title: string; spdx?: string; url?: string }
  samples?: string[]
}

interface IconifyMetadata {
  categories?: Record<string, string[]>
}

const NO_TAGS: string[] = []

/** Alias fields that only rename; any other field (rotate, flip, size) makes a different drawing. */
const RENAMING_ALIAS_FIELDS = new Set(['parent', 'hidden'])

/** An SPDX licence identifier, such as MIT or Apache-2.0. */
const SPDX_ID = /^[A-Za-z0-9][A-Za-z0-9.+-]*$/

/**
 * Where a set's licence can be read: its own URL, else the SPDX list's page for its identifier
 * (carbon and flat-color-icons name only the identifier), so every set answers {name, spdx, url}.
 */
function licenseUrl(license: IconifyInfo['license']): string | null {
  if (license.url !== undefined && license.url !== '') return license.url
  if (license.spdx !== undefined && SPDX_ID.test(license.spdx)) return `https://spdx.org/licenses/${license.spdx}.html`
  return null
}

/**
 * Simple Icons spells a title's '.' as 'dot' in its slugs (Node.js is nodedotjs, Chart.js
 * chartdotjs, Itch.io itchdotio): such a name is tagged with its two words too, so that 'node.js'
 * and 'node js' find it as they find other sets' node-js.
 */
const DOTTED_NAME = /^([a-z0-9]+)dot(js|io|com|net|org|dev|ai|css|rs|sh|me|fm|tv|so|app)$/

export async function loadIconSet(config: IconSetConfig): Promise<LoadedIconSet> {
  const data = readPackageJson<IconifyJSON>(config.package, 'icons.json')
  const info = readPackageJson<IconifyInfo>(config.package, 'info.json')
  const metadata = readOptionalPackageJson<IconifyMetadata>(config.package, 'metadata.json')
  const pkg = readPackageJson<{ name: string; version: string }>(config.package, 'package.json')
  const upstream = config.tags ? await loadUpstreamTags(config.tags) : undefined
  const prefix = config.prefix ?? config.slug
  if (data.prefix !== prefix) {
    throw new Error(`${config.package} holds the Iconify prefix "${data.prefix}", not "${prefix}"; set "prefix" in the config`)
  }

  const rejected: LoadedIconSet['rejected'] = []
  for (const slug in data.icons) {
    const verdict = checkSvgBody((data.icons[slug] as ExtendedIconifyIcon).body)
    if (!verdict.safe) {
      rejected.push({ slug, reason: verdict.reason })
      delete data.icons[slug]
    }
  }

  const extraTags = new Map<string, string[]>()
  const addTag = (slug: string, tag: string): void => {
    if (tag === '') return
    const list = extraTags.get(slug)
    if (list) list.push(tag)
    else extraTags.set(slug, [tag])
  }
  for (const slug in data.icons) {
    const dotted = DOTTED_NAME.exec(slug)
    if (dotted) addTag(slug, `${dotted[1] as string} ${dotted[2] as string}`)
  }
  for (const [category, slugs] of Object.entries(metadata?.categories ?? {})) {
    // 'Account / User' is two keywords, not one.
    for (const part of category.split(/[/&,]/).map(normaliseTag)) for (const slug of slugs) addTag(slug, part)
  }

  const matchStyle = styleMatcher(config.styles ?? { base: 'outline' })
  const aliases = new Map<string, string>()
  const drawnAliases: string[] = []
  const tree = getIconsTree(data)
  for (const [slug, alias] of Object.entries(data.aliases ?? {})) {
    const parents = tree[slug]
    if (!parents) continue
    const target = parents[parents.length - 1] as string
    const renames = Object.keys(alias).every((field) => RENAMING_ALIAS_FIELDS.has(field))
    // A name in another of the set's styles for the same drawing (Material Symbols' home-sharp is
    // home) is that family's member in that style: a style filter shows it under its own name.
    const named = matchStyle(slug)
    const drawn = matchStyle(target)
    if (renames && !alias.hidden && named.family === drawn.family && named.style !== drawn.style) {
      drawnAliases.push(slug)
      continue
    }
    // A visible name for a hidden drawing is listed itself, or the drawing would be lost.
    if (renames && !(data.icons[target]?.hidden && !alias.hidden)) {
      aliases.set(slug, target)
      // 'trash-can-outline' names the outline drawing; as a keyword it is 'trash can'.
      addTag(target, normaliseTag(matchStyle(slug).family))
    } else if (!alias.hidden) {
      drawnAliases.push(slug)
    }
  }

  const icons: IconRecord[] = []
  const describe = (slug: string, width: number, height: number): void => {
    const { style, family } = matchStyle(slug)
    const upstreamTags = upstream?.get(slug) ?? upstream?.get(family) ?? NO_TAGS
    const keywords = config.keywords?.[family]
    const extra = keywords === undefined ? extraTags.get(slug) : [...keywords, ...(extraTags.get(slug) ?? [])]
    icons.push({
      iconset: config.slug,
      slug,
      name: humanName(family),
      style,
      width,
      height,
      tags: extra ? upstreamTags.concat(extra) : upstreamTags,
      family,
      nativeSize: Math.max(width, height),
      variants: 1
    })
  }
  for (const slug in data.icons) {
    const icon = data.icons[slug] as ExtendedIconifyIcon
    if (icon.hidden) continue
    describe(slug, icon.width ?? data.width ?? 16, icon.height ?? data.height ?? 16)
  }
  for (const slug of drawnAliases) {
    const full = getIconData(data, slug)
    if (full) describe(slug, full.width ?? data.width ?? 16, full.height ?? data.height ?? 16)
  }

  const listed = new Set(icons.map((icon) => icon.slug))
  const upstreamSamples = (info.samples ?? []).filter((slug) => listed.has(slug))

  return {
    config,
    name: config.name ?? info.name,
    version: info.version ?? null,
    package: { name: pkg.name, version: pkg.version },
    author: { name: info.author.name, url: info.author.url ?? null },
    license: { name: info.license.title, spdx: info.license.spdx ?? info.license.title, url: licenseUrl(info.license) },
    upstreamSamples,
    data,
    icons,
    aliases,
    rejected
  }
}
