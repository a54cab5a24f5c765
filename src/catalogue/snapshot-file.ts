/**
 * The file layout both snapshots share (a set's, iconset-snapshot.ts; the index's, index-snapshot.ts):
 * a little-endian u32 length, that many bytes of JSON header, padding to a multiple of 8, then the
 * typed columns one after another (their lengths in the header's `columns`), then whatever the
 * caller appended (a set's drawings).
 */
import { fstatSync, openSync, readSync } from 'node:fs'
import { messageOf } from '../api/message-of'

type TypedArrayType =
  | Float64ArrayConstructor
  | Int32ArrayConstructor
  | Uint32ArrayConstructor
  | Uint16ArrayConstructor
  | Uint8ArrayConstructor

/** Column names and their typed-array types, in file order. */
export type ColumnTypes = Record<string, TypedArrayType>

export type ColumnsOf<C extends ColumnTypes> = { [name in keyof C]: InstanceType<C[name]> }

/** Bytes that bring `length` to a multiple of 8, where the typed columns start. */
function padding(length: number): number {
  return (8 - (length % 8)) % 8
}

export function encodeSnapshotFile(header: object, columns: readonly ArrayBufferView[], tail: readonly Buffer[] = []): Buffer {
  const json = Buffer.from(JSON.stringify(header))
  const start = Buffer.alloc(4 + json.length + padding(4 + json.length))
  start.writeUInt32LE(json.length)
  json.copy(start, 4)
  const numbers = columns.map((column) => Buffer.from(column.buffer, column.byteOffset, column.byteLength))
  return Buffer.concat([start, ...numbers, ...tail])
}

/** Why a snapshot file could not be used: it is missing, or it is not a whole snapshot of this key. */
export function snapshotProblem(path: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code === 'ENOENT' ? 'there is none yet' : `${path} is unreadable (${messageOf(error)})`
}

/** The snapshot file at `path`, open for reading, or undefined with why in `problems`. */
export function openSnapshot(path: string, problems: string[]): number | undefined {
  try {
    return openSync(path, 'r')
  } catch (error) {
    problems.push(snapshotProblem(path, error))
    return undefined
  }
}

/** The header of an open snapshot file, where its columns start, and the file's size; throws when there is none. */
export function readSnapshotHeader<Header>(fd: number): { header: Header; columnsStart: number; size: number } {
  const size = fstatSync(fd).size
  const length = Buffer.alloc(4)
  if (readSync(fd, length, 0, 4, 0) !== 4 || length.readUInt32LE() > size) throw new Error('no header')
  const json = Buffer.alloc(length.readUInt32LE())
  readSync(fd, json, 0, json.length, 4)
  return { header: JSON.parse(json.toString('utf8')) as Header, columnsStart: 4 + json.length + padding(4 + json.length), size }
}

/** The typed columns from `start`, with `counts` elements each, and the byte where they end; throws when the file is shorter. */
export function readSnapshotColumns<C extends ColumnTypes>(
  fd: number,
  types: C,
  counts: readonly number[],
  start: number,
  size: number
): { columns: ColumnsOf<C>; end: number } {
  const names = Object.keys(types)
  const columnBytes = names.reduce((sum, name, position) => sum + (counts[position] ?? 0) * (types[name]?.BYTES_PER_ELEMENT ?? 0), 0)
  if (start + columnBytes > size) throw new Error('not whole')
  // Its own ArrayBuffer, at offset 0, so every column view is aligned.
  const numbers = new ArrayBuffer(columnBytes)
  readSync(fd, new Uint8Array(numbers), 0, columnBytes, start)
  let offset = 0
  const columns = Object.fromEntries(
    names.map((name, position) => {
      const type = types[name] as TypedArrayType
      const count = counts[position] ?? 0
      const column = new type(numbers, offset, count)
      offset += count * type.BYTES_PER_ELEMENT
      return [name, column]
    })
  ) as ColumnsOf<C>
  return { columns, end: start + columnBytes }
}
