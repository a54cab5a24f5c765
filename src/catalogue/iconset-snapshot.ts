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
  mkdirSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { IconifyIcon } from '@iconify/types'
import { getIconData } from '@iconify/utils'
import type { Author, IconSetPackage, License, StyleSlug } from '../api/catalogue-schemas'
import { groupFamilies } from './icon-families'
import type { IconSetConfig } from './iconset-config'
import { loadIconSet, type IconRecord, type LoadedIconSet } from './load-iconset'
import { setSamples } from './samples'
import { packageDir } from './package-files'
import { humanName } from '../api/icon-name'
import { encodeSnapshotFile, openSnapshot, readSnapshotColumns, readSnapshotHeader, snapshotProblem, type ColumnsOf } from './snapshot-file'

/** A set as the catalogue uses it: the ingest output, with drawings read on demand. */
export interface IngestedIconSet extends Omit<LoadedIconSet, 'data' | 'upstreamSamples'> {
  /** The key of its snapshot: changes whenever anything its ingest depends on does. */
  key: string
  /**
   * A digest of everything the snapshot holds (the records, tags, drawings and the set's facts),
   * made when it was written: the same for the same content on every machine, where `key` also
   * depends on the package files' times.
   */
  content: string
  /** A few icons that show the set at a glance, as slugs (setSamples). */
  samples: string[]
  /** The set's families by name, in name order (byName), each in family order (see icon-families.ts); `icons` is these, in this order. */
  families: Map<string, IconRecord[]>
  /**
   * The set's icons in the catalogue's order: family by family, each family's default drawing
   * (defaultMember) first. `leads[i]` says whether `ordered[i]` leads its style in its family
   * (the catalogue lists the leads of every set before the other sizes and variants).
   */
  ordered: IconRecord[]
  leads: Uint8Array
  /** The styles the set has. */
  styles: StyleSlug[]
  /**
   * One of this set's icons' drawing as Iconify stores it (set defaults and alias transforms
   * applied), read at the record's place in the file rather than found by its slug (a page with
   * `svg=true` reads dozens); undefined for a record that is not this set's.
   */
  drawingOf(icon: IconRecord): IconifyIcon | undefined
  /** The icon with this slug (not an alias), found by binary search: no map of ~100k slugs in memory. */
  find(slug: string): IconRecord | undefined
  /** The drawing a family is shown by, its default (Solar's house-linear for house), found by the family's name. */
  shownBy(family: string): IconRecord | undefined
}

/** Bump when the layout below changes in a way the code hash cannot see (it sees every source file it names). */
const FORMAT = 2

/** Source files whose output the snapshot holds: a change to any of them changes every key. */
const INGEST_SOURCES = [
  './iconset-snapshot.ts',
  './snapshot-file.ts',
  './load-iconset.ts',
  './upstream-tags.ts',
  './sanitise-svg.ts',
  './style-mapping.ts',
  './tokenize.ts',
  './icon-families.ts',
  './samples.ts'
]

/** Snapshots nobody has read for this long are pruned when a new one is written (tests' temporary sets). */
const UNUSED_FOR_MS = 7 * 24 * 3600 * 1000

/**
 * The strings of a snapshot, as JSON; its numbers are in typed columns after it (COLUMNS). The long
 * lists are each one string of lines (LINES), which JSON.parse reads as one value and split() cuts:
 * about twice as fast as an array of as many strings, at every start.
 */
interface SnapshotHeader {
  key: string
  /** IngestedIconSet.content. */
  content: string
  name: string
  version: string | null
  package: IconSetPackage
  author: Author
  license: License
  samples: string[]
  rejected: Array<{ slug: string; reason: string }>
  styleNames: StyleSlug[]
  /** Interned tag strings; each family's tag list is a run of `tagWords` (positions in here). */
  words: string
  /** Family names in name order (byName); each family's members follow each other in `slugs`. */
  families: string
  slugs: string
  /** Plain aliases and, line for line, the slug each names (its position is in `aliasTargets` too, when it is listed). */
  aliases: string
  aliasTargets: string
  /** How many numbers each column holds, in COLUMNS order. */
  columns: number[]
}

/** What separates the strings of one list in the header: no slug, family, tag or alias holds it (lines() checks). */
const LINE = '\n'

function lines(list: readonly string[], what: string): string {
  const broken = list.find((item) => item.includes(LINE))
  if (broken !== undefined) throw new Error(`The ${what} ${JSON.stringify(broken)} holds a line break, which a snapshot cannot store`)
  return list.join(LINE)
}

function unlines(text: string): string[] {
  return text === '' ? [] : text.split(LINE)
}

/**
 * Typed columns, read straight into typed arrays. Per icon: size, drawing end (a byte offset after
 * the columns), style (in styleNames) and the icon's position in slug order; per family: member
 * count, the end of its run of tag words and its default drawing; per alias, the icon it names.
 * Wider columns come before narrower ones, so each stays aligned.
 */
const COLUMNS = {
  widths: Float64Array,
  heights: Float64Array,
  drawingEnds: Uint32Array,
  slugOrder: Uint32Array,
  familySizes: Uint32Array,
  familyTagEnds: Uint32Array,
  tagWords: Uint32Array,
  /** Per family: the position in it of its default drawing. */
  defaults: Uint32Array,
  /** Per alias: the position of the icon it names, or UNLISTED (a hidden drawing, say). */
  aliasTargets: Uint32Array,
  styles: Uint8Array,
  /** Per icon, in catalogue order: 1 when it leads its style in its family. */
  leads: Uint8Array
}

type Columns = ColumnsOf<typeof COLUMNS>

const COLUMN_NAMES = Object.keys(COLUMNS) as Array<keyof typeof COLUMNS>

/** An alias target that is not one of the set's listed icons. */
const UNLISTED = 0xffffffff

let codeHash: string | undefined

function ingestCodeHash(): string {
  codeHash ??= sourceHash(INGEST_SOURCES, FORMAT)
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

/** One hash of source files beside this one; a bundled build has no sources beside it and hashes itself. */
export function sourceHash(sources: readonly string[], format: number): string {
  const hash = createHash('sha256').update(String(format))
  try {
    for (const source of sources) hash.update(readFileSync(new URL(source, import.meta.url)))
  } catch {
    hash.update(readFileSync(fileURLToPath(import.meta.url)))
  }
  return hash.digest('hex')
}

/**
 * Where snapshots live: the project's node_modules/.cache (the folder build tools use, so
 * `rm -rf node_modules` clears it), or the system temp folder when that cannot be written; or
 * only `cacheDir` when given (tests use their own).
 */
export function snapshotDirs(cacheDir?: string): string[] {
  if (cacheDir !== undefined) return [cacheDir]
  const root = fileURLToPath(new URL('../../', import.meta.url))
  return [join(root, 'node_modules', '.cache', 'icon-catalogue'), join(tmpdir(), 'icon-catalogue-cache')]
}

/** Says why a snapshot is being built, where a person starting the service sees it. */
export type SnapshotLog = (message: string) => void

export const logToStderr: SnapshotLog = (message) => process.stderr.write(`icon-catalogue: ${message}\n`)

/**
 * The set's ingest output, from its snapshot when one matches, else ingested now and snapshotted.
 * `cacheDir` replaces the default folders (tests use their own).
 */
export async function loadIngestedIconSet(config: IconSetConfig, cacheDir?: string, log: SnapshotLog = logToStderr): Promise<IngestedIconSet> {
  const dirs = snapshotDirs(cacheDir)
  const key = snapshotKey(config)
  const file = `${snapshotStem(config)}${key}.snapshot`
  const problems: string[] = []
  for (const dir of dirs) {
    const snapshot = readSnapshot(join(dir, file), key, config, problems)
    if (snapshot) return snapshot
  }
  log(`ingesting the ${config.slug} icon set into a snapshot, once for this package version and code: ${problems.at(-1) ?? 'there is none yet'}`)
  const loaded = await loadIconSet(config)
  const bytes = encodeSnapshot(key, loaded)
  for (const dir of dirs) {
    if (!writeSnapshot(dir, file, bytes)) continue
    const snapshot = readSnapshot(join(dir, file), key, config, problems)
    if (snapshot) return snapshot
  }
  throw new Error(`No writable folder for the ${config.slug} snapshot: tried ${dirs.join(', ')}`)
}

/** The style of a set's unsuffixed names: its default style. */
function baseStyle(config: IconSetConfig): StyleSlug {
  return config.styles?.base ?? 'outline'
}

/**
 * The drawing a set shows by default: its unsuffixed name (mdi 'home' is solid; 'home-outline' is
 * the variant), else the first of the set's base style in the order its rules list the suffixes
 * (Solar's 'linear' before 'broken'), else the family's first member.
 */
function defaultMember(members: readonly IconRecord[], base: StyleSlug, suffixes: readonly string[]): IconRecord {
  const lead = members[0] as IconRecord
  const plain = members.find((icon) => icon.slug === lead.family)
  if (plain) return plain
  const order = (icon: IconRecord): number => {
    const position = suffixes.findIndex((suffix) => icon.slug.endsWith(`-${suffix}`))
    return position === -1 ? suffixes.length : position
  }
  const ofBase = members.filter((icon) => icon.style === base)
  // Family order already puts the nearest-24px drawing first; the suffix order only breaks ties of size.
  return (
    ofBase.reduce<IconRecord | undefined>(
      (best, icon) => (best === undefined || (icon.nativeSize === best.nativeSize && order(icon) < order(best)) ? icon : best),
      undefined
    ) ?? lead
  )
}

/**
 * Where each family's default drawing is in it, and which icons lead their style in their family
 * in the catalogue's order (the default first, then the family in its order): the first member of
 * each style (nearest 24px, plainest name) leads it; the others are sizes and variants a designer
 * reaches through the family. Computed once at ingest, so a start only reads it.
 */
function catalogueOrder(config: IconSetConfig, families: ReadonlyArray<readonly IconRecord[]>) {
  const base = baseStyle(config)
  const baseSuffixes = Object.entries(config.styles?.suffixes ?? {})
    .filter(([, style]) => style === base)
    .map(([suffix]) => suffix)
  const leads: number[] = []
  const defaults = Uint32Array.from(families, (members) => {
    const first = defaultMember(members, base, baseSuffixes)
    const led = new Set<StyleSlug>()
    for (const icon of [first, ...members.filter((member) => member !== first)]) {
      leads.push(led.has(icon.style) ? 0 : 1)
      led.add(icon.style)
    }
    return members.indexOf(first)
  })
  return { defaults, leads: Uint8Array.from(leads) }
}

/**
 * Name order, names that start with a letter first: a set browsed in its own order shows its
 * symbols before its numbers (Material Symbols' 10k, 10mp, 11mp… after account-circle, not before).
 */
function byName(a: string, b: string): number {
  const digitFirst = Number(/^\d/.test(a)) - Number(/^\d/.test(b))
  return digitFirst !== 0 ? digitFirst : a < b ? -1 : a > b ? 1 : 0
}

function encodeSnapshot(key: string, loaded: LoadedIconSet): Buffer {
  // Stored grouped into families, each in family order with the family's shared tags, and the
  // families in name order: the catalogue's own order, which loading then needs no work to restore.
  const grouped = groupFamilies(loaded.icons)
  const families = [...grouped.keys()].sort(byName)
  const icons = families.flatMap((family) => grouped.get(family) ?? [])
  const words: string[] = []
  const wordIds = new Map<string, number>()
  const tagWords: number[] = []
  const styleNames = [...new Set(icons.map((icon) => icon.style))]
  const drawings = icons.map((icon) => Buffer.from(JSON.stringify(getIconData(loaded.data, icon.slug))))
  const positions = new Map(icons.map((icon, position) => [icon.slug, position]))
  let end = 0
  const columns: Columns = {
    widths: Float64Array.from(icons, (icon) => icon.width),
    heights: Float64Array.from(icons, (icon) => icon.height),
    drawingEnds: Uint32Array.from(drawings, (drawing) => (end += drawing.length)),
    slugOrder: Uint32Array.from(icons.keys()).sort((a, b) => ((icons[a] as IconRecord).slug < (icons[b] as IconRecord).slug ? -1 : 1)),
    familySizes: Uint32Array.from(families, (family) => grouped.get(family)?.length ?? 0),
    familyTagEnds: Uint32Array.from(families, (family) => {
      for (const tag of grouped.get(family)?.[0]?.tags ?? []) {
        let id = wordIds.get(tag)
        if (id === undefined) wordIds.set(tag, (id = words.push(tag) - 1))
        tagWords.push(id)
      }
      return tagWords.length
    }),
    tagWords: new Uint32Array(0),
    defaults: new Uint32Array(0),
    aliasTargets: Uint32Array.from(loaded.aliases.values(), (target) => positions.get(target) ?? UNLISTED),
    styles: Uint8Array.from(icons, (icon) => styleNames.indexOf(icon.style)),
    leads: new Uint8Array(0)
  }
  columns.tagWords = Uint32Array.from(tagWords)
  const order = catalogueOrder(loaded.config, families.map((family) => grouped.get(family) ?? []))
  columns.defaults = order.defaults
  columns.leads = order.leads
  const defaults = new Map(families.map((family, index) => [family, grouped.get(family)?.[order.defaults[index] as number] as IconRecord]))
  const familyOf = new Map(icons.map((icon) => [icon.slug, icon.family]))
  const upstreamFamilies = loaded.upstreamSamples.flatMap((slug) => familyOf.get(slug) ?? [])
  const facts: Omit<SnapshotHeader, 'key' | 'content'> = {
    name: loaded.name,
    version: loaded.version,
    package: loaded.package,
    author: loaded.author,
    license: loaded.license,
    samples: setSamples(defaults, baseStyle(loaded.config), upstreamFamilies),
    rejected: loaded.rejected,
    styleNames,
    words: lines(words, 'tag'),
    families: lines(families, 'family'),
    slugs: lines(
      icons.map((icon) => icon.slug),
      'icon'
    ),
    aliases: lines([...loaded.aliases.keys()], 'alias'),
    aliasTargets: lines([...loaded.aliases.values()], 'alias target'),
    columns: COLUMN_NAMES.map((name) => columns[name].length)
  }
  const content = createHash('sha256').update(JSON.stringify(facts))
  for (const name of COLUMN_NAMES) content.update(columns[name])
  for (const drawing of drawings) content.update(drawing)
  return encodeSnapshotFile(
    { key, content: content.digest('hex').slice(0, 32), ...facts },
    COLUMN_NAMES.map((name) => columns[name]),
    drawings
  )
}

/** Written under a temporary name and renamed, so a reader (another worker) never sees half a file. */
export function writeSnapshot(dir: string, file: string, bytes: Buffer): boolean {
  const temporary = join(dir, `${file}.${process.pid}.${Date.now()}.tmp`)
  try {
    mkdirSync(dir, { recursive: true })
    writeFileSync(temporary, bytes)
    renameSync(temporary, join(dir, file))
  } catch {
    return false
  }
  pruneSnapshots(dir, file)
  return true
}

/**
 * What a snapshot's name starts with: the set's prefix and which package it came from, so the full
 * set and the test fixture's cut of it (another package folder) keep a snapshot each.
 */
function snapshotStem(config: IconSetConfig): string {
  const source = createHash('sha256').update(packageDir(config.package)).digest('hex').slice(0, 8)
  return `${config.prefix ?? config.slug}-${source}-`
}

/**
 * A new snapshot replaces those of the same set and package under other keys (an older package
 * version or ingest code); any snapshot nobody has read for a week goes too, and so do files a
 * crashed writer left. A process still using a removed snapshot keeps reading its open file.
 */
function pruneSnapshots(dir: string, current: string): void {
  const extension = current.slice(current.lastIndexOf('.'))
  const stem = current.slice(0, current.length - '0'.repeat(32).length - extension.length)
  for (const name of readdirSync(dir)) {
    if (name === current || !(name.endsWith(extension) || name.endsWith('.tmp'))) continue
    try {
      const path = join(dir, name)
      const replaced = name.startsWith(stem) && name.endsWith(extension)
      if (replaced || Date.now() - statSync(path).mtimeMs > UNUSED_FOR_MS) unlinkSync(path)
    } catch {
      // Pruned by another process meanwhile.
    }
  }
}

/** Closes a set's snapshot file once its catalogue is garbage. */
const openFiles = new FinalizationRegistry<number>((fd) => closeSync(fd))

/**
 * The set from its snapshot, or undefined when there is none or it is not whole (then it is
 * rebuilt); `problems` gets why.
 */
function readSnapshot(path: string, key: string, config: IconSetConfig, problems: string[]): IngestedIconSet | undefined {
  const fd = openSnapshot(path, problems)
  if (fd === undefined) return undefined
  try {
    const { header, columnsStart, size } = readSnapshotHeader<SnapshotHeader>(fd)
    if (header.key !== key) throw new Error('another key')
    const { columns, end: drawingsStart } = readSnapshotColumns(fd, COLUMNS, header.columns, columnsStart, size)
    if (drawingsStart + (columns.drawingEnds.at(-1) ?? 0) !== size) throw new Error('not whole')
    markUsed(path)
    return setFromSnapshot(header, columns, config, fd, drawingsStart)
  } catch (error) {
    problems.push(snapshotProblem(path, error))
    closeSync(fd)
    return undefined
  }
}

/** A snapshot's time is when it was last read, which is what pruning goes by. */
export function markUsed(path: string): void {
  try {
    const now = new Date()
    utimesSync(path, now, now)
  } catch {
    // A read-only cache is used as it is.
  }
}

/**
 * An icon read from a snapshot. Its human name and native size are derived when asked for (a
 * response serialises them once) rather than held: ~94k names were 4 MB of heap and a quarter of
 * what a start parsed, and every size held is a boxed number.
 */
class SnapshotIcon implements IconRecord {
  /** Its place in its set's icons, which is its drawing's place in the file; private, so no record or answer shows it. */
  readonly #position: number

  constructor(
    public iconset: string,
    public slug: string,
    public style: StyleSlug,
    public width: number,
    public height: number,
    public tags: string[],
    public family: string,
    public variants: number,
    position: number
  ) {
    this.#position = position
  }

  /** The place in its set of a record made from a snapshot; undefined for any other record. */
  static positionOf(icon: IconRecord): number | undefined {
    return #position in icon ? icon.#position : undefined
  }

  get name(): string {
    return humanName(this.family)
  }

  get nativeSize(): number {
    return Math.max(this.width, this.height)
  }
}

function setFromSnapshot(
  header: SnapshotHeader,
  columns: Columns,
  config: IconSetConfig,
  fd: number,
  drawingsStart: number
): IngestedIconSet {
  const { styleNames } = header
  const words = unlines(header.words)
  const slugs = unlines(header.slugs)
  const familyNames = unlines(header.families)
  const { widths, heights, styles, familySizes, familyTagEnds, tagWords, defaults } = columns
  // Most families have no tags: they share one empty list.
  const none: string[] = []
  const icons: IconRecord[] = new Array(slugs.length)
  const ordered: IconRecord[] = new Array(slugs.length)
  const families = new Map<string, IconRecord[]>()
  let position = 0
  for (let index = 0; index < familyNames.length; index++) {
    const family = familyNames[index] as string
    const tagsFrom = index === 0 ? 0 : (familyTagEnds[index - 1] as number)
    const tagsTo = familyTagEnds[index] as number
    const tags = tagsTo === tagsFrom ? none : new Array<string>(tagsTo - tagsFrom)
    for (let tag = tagsFrom; tag < tagsTo; tag++) tags[tag - tagsFrom] = words[tagWords[tag] as number] as string
    const size = familySizes[index] as number
    const members = new Array<IconRecord>(size)
    for (let member = 0; member < size; member++, position++) {
      const width = widths[position] as number
      const height = heights[position] as number
      const style = styleNames[styles[position] as number] as StyleSlug
      members[member] = icons[position] = new SnapshotIcon(config.slug, slugs[position] as string, style, width, height, tags, family, size, position)
    }
    families.set(family, members)
    // The default drawing first, then the rest in family order.
    const first = position - size
    const chosen = defaults[index] as number
    ordered[first] = members[chosen] as IconRecord
    for (let member = 0, at = first + 1; member < size; member++) if (member !== chosen) ordered[at++] = members[member] as IconRecord
  }
  // Copied out of the column buffer, so the rest of it can go.
  const slugOrder = columns.slugOrder.slice()
  // An alias's target is the very string of the icon it names, not a copy; the lines of targets
  // are read only for a target that is not listed.
  const aliases = new Map<string, string>()
  const { aliasTargets } = columns
  let targets: string[] | undefined
  unlines(header.aliases).forEach((alias, index) => {
    const position = aliasTargets[index] as number
    const target = position === UNLISTED ? (targets ??= unlines(header.aliasTargets))[index] : icons[position]?.slug
    aliases.set(alias, target as string)
  })
  const drawingOf = drawingReader(fd, drawingsStart, columns.drawingEnds.slice(), icons)
  return setOf(header, config, { icons, ordered, leads: columns.leads.slice(), families, aliases, drawingOf, slugOrder })
}

/** The set's public face; a scope of its own, so that it keeps none of the header's lists alive. */
function setOf(
  header: SnapshotHeader,
  config: IconSetConfig,
  read: Pick<IngestedIconSet, 'icons' | 'ordered' | 'leads' | 'families' | 'aliases' | 'drawingOf'> & { slugOrder: Uint32Array }
): IngestedIconSet {
  const { icons, slugOrder } = read
  return {
    config,
    key: header.key,
    content: header.content,
    name: header.name,
    version: header.version,
    package: header.package,
    author: header.author,
    license: header.license,
    samples: header.samples,
    styles: header.styleNames,
    icons,
    ordered: read.ordered,
    leads: read.leads,
    families: read.families,
    aliases: read.aliases,
    rejected: header.rejected,
    drawingOf: read.drawingOf,
    find: (slug) => {
      const position = findSlug(icons, slugOrder, slug)
      return position === undefined ? undefined : icons[position]
    },
    shownBy: (family) => {
      const first = read.families.get(family)?.[0]
      // A family is one block of `ordered` as of `icons`, its default first.
      return first === undefined ? undefined : read.ordered[SnapshotIcon.positionOf(first) as number]
    }
  }
}

/** The position of the icon with this slug, by binary search over the positions in slug order. */
function findSlug(icons: readonly IconRecord[], positions: Uint32Array, slug: string): number | undefined {
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

/** Reads drawings from the open snapshot; a scope of its own, so it keeps nothing else of the header alive. */
function drawingReader(fd: number, start: number, ends: Uint32Array, icons: readonly IconRecord[]): IngestedIconSet['drawingOf'] {
  // The reader holds this, so the file is closed once the reader is not held.
  const file = { fd }
  openFiles.register(file, fd)
  return (icon) => {
    const position = SnapshotIcon.positionOf(icon)
    if (position === undefined || icons[position] !== icon) return undefined
    const from = position === 0 ? 0 : (ends[position - 1] as number)
    const bytes = Buffer.allocUnsafe((ends[position] as number) - from)
    if (readSync(file.fd, bytes, 0, bytes.length, start + from) !== bytes.length) throw new Error('The snapshot file was cut short while in use')
    return JSON.parse(bytes.toString('utf8')) as IconifyIcon
  }
}
