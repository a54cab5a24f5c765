/**
 * Build the search index once, start fast: the index of a catalogue (its postings and the lists it
 * ranks ahead, see search-index.ts) is written to a snapshot file beside the sets' snapshots the
 * first time that catalogue loads, and read back on every later start instead of being built.
 *
 * The index names icons by their position in the catalogue's order, so its key covers everything
 * that order and the index depend on: each set's snapshot key (package version, config, ingest
 * code), the sets' slugs in config order, and the code that orders and indexes them. A new package
 * version changes a set's key and so this one; the old file is replaced when the new one is written.
 *
 * File layout: a 4-byte little-endian header length, the header as JSON (the strings), padding to
 * 8 bytes, then the typed columns back to back, in COLUMNS order.
 */
import { createHash } from 'node:crypto'
import { closeSync } from 'node:fs'
import { join } from 'node:path'
import { markUsed, snapshotDirs, sourceHash, writeSnapshot, type SnapshotLog } from './iconset-snapshot'
import type { SetNaming } from './query-reading'
import { encodeSnapshotFile, openSnapshot, readSnapshotColumns, readSnapshotHeader, snapshotProblem } from './snapshot-file'
import { SearchIndex, type IndexedIcon, type SearchIndexData } from './search-index'

/** Bump when the layout below changes in a way the code hash cannot see. */
const FORMAT = 7

/** Source files that decide the icons' order and what the index holds. */
const INDEX_SOURCES = ['./index-snapshot.ts', './snapshot-file.ts', './search-index.ts', './samples.ts', './synonyms.ts', './tokenize.ts', './catalogue.ts']

/** One icon in this many is checked against the snapshot's record of it: a cheap guard against a key that lies. */
const CHECK_EVERY = 997

const COLUMNS = {
  postingEnds: Uint32Array,
  postings: Int32Array,
  rankedEnds: Uint32Array,
  ranked: Uint32Array,
  slugOrder: Uint32Array,
  styleLeads: Int32Array,
  styleLeadEnds: Int32Array,
  everydayLeads: Int32Array,
  everydayLeadEnds: Int32Array,
  setRuns: Int32Array,
  familyOf: Int32Array,
  leadTerm: Int32Array,
  nearOrder0: Int32Array,
  nearOrder1: Int32Array,
  termLetters: Uint16Array,
  baseWordCount: Uint8Array,
  setOf: Uint8Array,
  familyReach: Uint8Array,
  familyDirections: Uint8Array
}

type ColumnName = keyof typeof COLUMNS

const COLUMN_NAMES = Object.keys(COLUMNS) as ColumnName[]

interface IndexHeader {
  key: string
  icons: number
  familyCount: number
  terms: string[]
  familyNames: Array<[string, number[]]>
  rankedKeys: string[]
  /** `set:slug` of every CHECK_EVERY-th icon. */
  check: string[]
  /** How many numbers each column holds, in COLUMN_NAMES order. */
  columns: number[]
}

let codeHash: string | undefined

/** A hash of the code that orders and indexes the catalogue's icons. */
export function indexCodeHash(): string {
  codeHash ??= sourceHash(INDEX_SOURCES, FORMAT)
  return codeHash
}

/** The key of a catalogue's index: `setKeys` are its sets' snapshot keys, in config order. */
function indexKey(sets: readonly SetNaming[], setKeys: readonly string[], icons: number): string {
  const inputs = { code: indexCodeHash(), sets: sets.map((set) => set.slug), setKeys, icons }
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 32)
}

/** Catalogues of other sets (tests' temporary ones) keep an index each; a new version of the same sets replaces the old. */
function indexStem(sets: readonly SetNaming[]): string {
  return `index-${createHash('sha256').update(sets.map((set) => set.slug).join(',')).digest('hex').slice(0, 8)}-`
}

function checkOf(icons: readonly IndexedIcon[]): string[] {
  const check: string[] = []
  for (let id = 0; id < icons.length; id += CHECK_EVERY) check.push(`${(icons[id] as IndexedIcon).iconset}:${(icons[id] as IndexedIcon).slug}`)
  return check
}

export interface IndexSnapshotOptions {
  /** The sets' snapshot keys, in the order of `sets`. */
  setKeys: readonly string[]
  /** Only this folder, instead of the default ones (iconset-snapshot.ts). */
  cacheDir?: string
  log: SnapshotLog
}

/**
 * The search index of `icons` (in the catalogue's order), from its snapshot when one matches, else
 * built now and snapshotted. A snapshot that cannot be used is said in the log and rebuilt.
 */
export function loadSearchIndex<T extends IndexedIcon>(icons: readonly T[], sets: readonly SetNaming[], options: IndexSnapshotOptions): SearchIndex<T> {
  const dirs = snapshotDirs(options.cacheDir)
  const key = indexKey(sets, options.setKeys, icons.length)
  const file = `${indexStem(sets)}${key}.index`
  const problems: string[] = []
  for (const dir of dirs) {
    const data = readIndex(join(dir, file), key, icons, problems)
    if (data) return new SearchIndex(icons, sets, data)
  }
  options.log(`building the search index into a snapshot, once for these icon sets and code: ${problems.at(-1) ?? 'there is none yet'}`)
  const index = new SearchIndex(icons, sets)
  const bytes = encodeIndex(key, icons, index.snapshot())
  // Serving does not depend on the write: a read-only cache only means building again next time.
  for (const dir of dirs) if (writeSnapshot(dir, file, bytes)) break
  return index
}

function encodeIndex(key: string, icons: readonly IndexedIcon[], data: SearchIndexData): Buffer {
  const header: IndexHeader = {
    key,
    icons: icons.length,
    familyCount: data.familyCount,
    terms: data.terms,
    familyNames: data.familyNames,
    rankedKeys: data.rankedKeys,
    check: checkOf(icons),
    columns: COLUMN_NAMES.map((name) => data[name].length)
  }
  return encodeSnapshotFile(header, COLUMN_NAMES.map((name) => data[name]))
}

/** The index data of the snapshot at `path`, or undefined (and why, in `problems`) when it is missing or not this index whole. */
function readIndex(path: string, key: string, icons: readonly IndexedIcon[], problems: string[]): SearchIndexData | undefined {
  const fd = openSnapshot(path, problems)
  if (fd === undefined) return undefined
  try {
    const { header, columnsStart, size } = readSnapshotHeader<IndexHeader>(fd)
    if (header.key !== key || header.icons !== icons.length) throw new Error('another key')
    if (checkOf(icons).join('\n') !== header.check.join('\n')) throw new Error('other icons')
    const { columns, end } = readSnapshotColumns(fd, COLUMNS, header.columns, columnsStart, size)
    if (end !== size) throw new Error('not whole')
    markUsed(path)
    return { ...columns, terms: header.terms, familyNames: header.familyNames, rankedKeys: header.rankedKeys, familyCount: header.familyCount }
  } catch (error) {
    problems.push(snapshotProblem(path, error))
    return undefined
  } finally {
    closeSync(fd)
  }
}
