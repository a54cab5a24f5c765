/**
 * Ingest once, start fast: each icon set's ingest output (its icon records, aliases, rejections and
 * every drawing) is written to a snapshot file the first time the set is needed, and read back on
 * every later start instead of parsing and sanitising the package's whole Iconify JSON again.
 *
 * A snapshot is named by a key over everything its content depends on: the set's config (its slug
 * aside), the installed package's version and files, the upstream keyword package's version and the
 * ingest code itself. Upgrading a package, editing the config or changing the ingest makes a new key,
 * so the snapshot is rebuilt on the next start without anyone deleting anything.
 *
 * Memory: the records are built from compact columns; the drawings stay in the file and are read one
 * at a time when an icon is rendered (the response caches keep what is asked often), so the ~65 MB
 * of SVG bodies of the 20 sets never sit in the heap.
 *
 * File layout: a 4-byte little-endian header length, the header as JSON, then every drawing as JSON,
 * back to back, in the header's icon order.
 */
import { createHash } from 'node:crypto'
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { IconifyIcon } from '@iconify/types'
import { getIconData } from '@iconify/utils'
import type { Author, License, StyleSlug } from '../api/catalogue-schemas'
import { groupFamilies } from './icon-families'
import type { IconSetConfig } from './iconset-config'
import { loadIconSet, type IconRecord, type LoadedIconSet } from './load-iconset'
import { packageDir } from './package-files'

/** A set as the catalogue uses it: the ingest output, with drawings read on demand. */
export interface IngestedIconSet extends Omit<LoadedIconSet, 'data'> {
  /** The set's families by name, in name order, each in family order (see icon-families.ts); `icons` is these, in this order. */
  families: Map<string, IconRecord[]>
  /** The icon's drawing as Iconify stores it (set defaults and alias transforms applied), or undefined. */
  drawing(slug: string): IconifyIcon | undefined
}

/** Bump when the layout below changes in a way the code hash cannot see (it sees every source file it names). */
const FORMAT = 1

/** Source files whose output the snapshot holds: a change to any of them changes every key. */
const INGEST_SOURCES = [
  './iconset-snapshot.ts',
  './load-iconset.ts',
  './upstream-tags.ts',
  './sanitise-svg.ts',
  './style-mapping.ts',
  './tokenize.ts',
  './icon-families.ts'
]

/** Snapshots of a set under an older key, untouched for this long, are pruned when a new one is written. */
const PRUNE_AFTER_MS = 3600 * 1000

interface SnapshotHeader {
  key: string
  name: string
  version: string
  author: Author
  license: License
  samples: string[]
  /** Interned tag strings and the tag lists built from them, one per family. */
  words: string[]
  tagLists: number[][]
  /** Families in name order, as [name, member count, tag list]; their members follow each other in `slugs`. */
  families: Array<[string, number, number]>
  styleNames: StyleSlug[]
  slugs: string[]
  /** Human names, stored rather than derived on load: flat strings are half the memory of derived ones. */
  names: string[]
  styles: number[]
  widths: number[]
  heights: number[]
  /** Byte offset, after the header, where each icon's drawing ends. */
  drawingEnds: number[]
  aliases: Array<[string, string]>
  rejected: Array<{ slug: string; reason: string }>
}

let codeHash: string | undefined

/** One hash of the ingest code; a bundled build has no sources beside it and hashes itself. */
function ingestCodeHash(): string {
  if (codeHash !== undefined) return codeHash
  const hash = createHash('sha256').update(String(FORMAT))
  try {
    for (const source of INGEST_SOURCES) hash.update(readFileSync(new URL(source, import.meta.url)))
  } catch {
    hash.update(readFileSync(fileURLToPath(import.meta.url)))
  }
  codeHash = hash.digest('hex')
  return codeHash
}

/** Size and time of a package file, so a package rewritten in place (a local set) gets a new key too. */
function fileIdentity(dir: string, file: string): string {
  try {
    const stat = statSync(join(dir, file))
    return `${stat.size}:${stat.mtimeMs}`
  } catch {
    return 'none'
  }
}

function packageIdentity(name: string): unknown {
  const dir = packageDir(name)
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string }
  return { version, files: ['icons.json', 'info.json', 'metadata.json'].map((file) => fileIdentity(dir, file)) }
}

/** The key of a set's snapshot: every input of its ingest. The slug is left out, so copies of a set share one. */
export function snapshotKey(config: IconSetConfig): string {
  const { slug: _slug, prefix: _prefix, ...rest } = config
  const inputs = {
    code: ingestCodeHash(),
    config: rest,
    prefix: config.prefix ?? config.slug,
    iconset: packageIdentity(config.package),
    tags: config.tags === undefined ? null : packageIdentity(config.tags)
  }
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 32)
}

/**
 * Where snapshots live: ICON_CATALOGUE_CACHE, or the project's node_modules/.cache (the folder build
 * tools use, so `rm -rf node_modules` clears it), with the system temp folder when that is read-only.
 */
function cacheDirs(): string[] {
  const configured = process.env.ICON_CATALOGUE_CACHE
  if (configured !== undefined && configured !== '') return [configured]
  const root = fileURLToPath(new URL('../../', import.meta.url))
  return [join(root, 'node_modules', '.cache', 'icon-catalogue'), join(tmpdir(), 'icon-catalogue-cache')]
}

/** The set's ingest output, from its snapshot when one matches, else ingested now and snapshotted. */
export async function loadIngestedIconSet(config: IconSetConfig): Promise<IngestedIconSet> {
  const key = snapshotKey(config)
  const file = `${config.prefix ?? config.slug}-${key}.snapshot`
  for (const dir of cacheDirs()) {
    const snapshot = readSnapshot(join(dir, file), key, config)
    if (snapshot) return snapshot
  }
  const loaded = await loadIconSet(config)
  const bytes = encodeSnapshot(key, loaded)
  for (const dir of cacheDirs()) {
    if (!writeSnapshot(dir, file, bytes)) continue
    const snapshot = readSnapshot(join(dir, file), key, config)
    if (snapshot) return snapshot
  }
  throw new Error(`No writable cache folder for the ${config.slug} snapshot: tried ${cacheDirs().join(', ')}`)
}

function encodeSnapshot(key: string, loaded: LoadedIconSet): Buffer {
  // Stored grouped into families, each in family order with the family's shared tags, and the
  // families in name order: the catalogue's own order, which loading then needs no work to restore.
  const grouped = groupFamilies(loaded.icons)
  const families = [...grouped.keys()].sort().map((name) => [name, grouped.get(name) ?? []] as const)
  const words: string[] = []
  const wordIds = new Map<string, number>()
  const tagLists: number[][] = []
  const styleNames: StyleSlug[] = []
  const header: SnapshotHeader = {
    key,
    name: loaded.name,
    version: loaded.version,
    author: loaded.author,
    license: loaded.license,
    samples: loaded.samples,
    words,
    tagLists,
    families: [],
    styleNames,
    slugs: [],
    names: [],
    styles: [],
    widths: [],
    heights: [],
    drawingEnds: [],
    aliases: [...loaded.aliases],
    rejected: loaded.rejected
  }
  const drawings: Buffer[] = []
  let end = 0
  for (const [family, members] of families) {
    const tags = (members[0] as IconRecord).tags.map((tag) => {
      let id = wordIds.get(tag)
      if (id === undefined) wordIds.set(tag, (id = words.push(tag) - 1))
      return id
    })
    header.families.push([family, members.length, tagLists.push(tags) - 1])
    for (const icon of members) {
      let style = styleNames.indexOf(icon.style)
      if (style < 0) style = styleNames.push(icon.style) - 1
      header.slugs.push(icon.slug)
      header.names.push(icon.name)
      header.styles.push(style)
      header.widths.push(icon.width)
      header.heights.push(icon.height)
      const drawing = Buffer.from(JSON.stringify(getIconData(loaded.data, icon.slug)))
      drawings.push(drawing)
      end += drawing.length
      header.drawingEnds.push(end)
    }
  }
  const json = Buffer.from(JSON.stringify(header))
  const length = Buffer.alloc(4)
  length.writeUInt32LE(json.length)
  return Buffer.concat([length, json, ...drawings])
}

/** Written under a temporary name and renamed, so a reader (another worker) never sees half a file. */
function writeSnapshot(dir: string, file: string, bytes: Buffer): boolean {
  const temporary = join(dir, `${file}.${process.pid}.${Date.now()}.tmp`)
  try {
    mkdirSync(dir, { recursive: true })
    writeFileSync(temporary, bytes)
    renameSync(temporary, join(dir, file))
  } catch {
    return false
  }
  pruneOlderSnapshots(dir, file)
  return true
}

/** Snapshots of the same prefix under older keys are left from earlier versions; long unused ones go. */
function pruneOlderSnapshots(dir: string, current: string): void {
  const prefix = current.slice(0, current.lastIndexOf('-') + 1)
  for (const name of readdirSync(dir)) {
    if (name === current || !name.startsWith(prefix) || !/^[0-9a-f]{32}\.snapshot$/.test(name.slice(prefix.length))) continue
    try {
      const path = join(dir, name)
      if (Date.now() - statSync(path).mtimeMs > PRUNE_AFTER_MS) unlinkSync(path)
    } catch {
      // Pruned by another process meanwhile.
    }
  }
}

/** Closes a set's snapshot file once its catalogue is garbage. */
const openFiles = new FinalizationRegistry<number>((fd) => closeSync(fd))

/** The set from its snapshot, or undefined when there is none or it is not whole (then it is rebuilt). */
function readSnapshot(path: string, key: string, config: IconSetConfig): IngestedIconSet | undefined {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return undefined
  }
  let header: SnapshotHeader
  let drawingsStart: number
  try {
    const size = fstatSync(fd).size
    const length = Buffer.alloc(4)
    readSync(fd, length, 0, 4, 0)
    const json = Buffer.alloc(length.readUInt32LE())
    readSync(fd, json, 0, json.length, 4)
    header = JSON.parse(json.toString('utf8')) as SnapshotHeader
    drawingsStart = 4 + json.length
    if (header.key !== key || drawingsStart + (header.drawingEnds.at(-1) ?? 0) !== size) throw new Error('stale')
  } catch {
    closeSync(fd)
    return undefined
  }

  return setFromHeader(header, config, fd, drawingsStart)
}

function setFromHeader(header: SnapshotHeader, config: IconSetConfig, fd: number, drawingsStart: number): IngestedIconSet {
  const { words, slugs, names, widths, heights, styles, styleNames } = header
  // Most families have no tags: they share one empty list.
  const none: string[] = []
  const tagLists = header.tagLists.map((list) => (list.length === 0 ? none : list.map((id) => words[id] as string)))
  const icons: IconRecord[] = []
  const families = new Map<string, IconRecord[]>()
  for (const [family, count, tags] of header.families) {
    const shared = tagLists[tags] as string[]
    const first = icons.length
    for (let member = 0; member < count; member++) {
      const position = first + member
      const width = widths[position] as number
      const height = heights[position] as number
      icons.push({
        iconset: config.slug,
        slug: slugs[position] as string,
        name: names[position] as string,
        style: styleNames[styles[position] as number] as StyleSlug,
        width,
        height,
        tags: shared,
        family,
        nativeSize: Math.max(width, height)
      })
    }
    // A slice is exactly as long as the family; an array grown by push keeps room for 17.
    families.set(family, icons.slice(first, first + count))
  }
  // An alias's target is the very string of the icon it names, not a copy.
  const positions = sortedBySlug(icons)
  const aliases = new Map<string, string>()
  for (const [alias, target] of header.aliases) {
    const position = findSlug(icons, positions, target)
    aliases.set(alias, position === undefined ? target : (icons[position] as IconRecord).slug)
  }
  return {
    config,
    name: header.name,
    version: header.version,
    author: header.author,
    license: header.license,
    samples: header.samples,
    icons,
    families,
    aliases,
    rejected: header.rejected,
    drawing: drawingReader(fd, drawingsStart, Uint32Array.from(header.drawingEnds), icons, positions)
  }
}

/** Positions of the icons in slug order: a tenth of the memory of a Map, for a binary search per render. */
function sortedBySlug(icons: readonly IconRecord[]): Int32Array {
  const slugOf = (position: number): string => (icons[position] as IconRecord).slug
  return Int32Array.from(icons.keys()).sort((a, b) => (slugOf(a) < slugOf(b) ? -1 : 1))
}

function findSlug(icons: readonly IconRecord[], positions: Int32Array, slug: string): number | undefined {
  let low = 0
  let high = positions.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((icons[positions[middle] as number] as IconRecord).slug < slug) low = middle + 1
    else high = middle
  }
  const position = positions[low]
  return position !== undefined && (icons[position] as IconRecord).slug === slug ? position : undefined
}

/** Reads one drawing from the open snapshot; a scope of its own, so it keeps nothing else of the header alive. */
function drawingReader(
  fd: number,
  start: number,
  ends: Uint32Array,
  icons: readonly IconRecord[],
  positions: Int32Array
): IngestedIconSet['drawing'] {
  const drawing = (slug: string): IconifyIcon | undefined => {
    const position = findSlug(icons, positions, slug)
    if (position === undefined) return undefined
    const from = position === 0 ? 0 : (ends[position - 1] as number)
    const bytes = Buffer.alloc((ends[position] as number) - from)
    readSync(fd, bytes, 0, bytes.length, start + from)
    return JSON.parse(bytes.toString('utf8')) as IconifyIcon
  }
  openFiles.register(drawing, fd)
  return drawing
}
