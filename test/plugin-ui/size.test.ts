/**
 * Parsing the size a designer types, and the size presets.
 */
import { describe, expect, test } from 'vitest'

import { MAX_SIZE, MIN_SIZE } from '../../src/api/limits'
import { parseSize, SIZE_PRESETS } from '../../src/plugin/ui/size'

describe('parseSize', () => {
  test('accepts every preset and any whole number from 1 to 1024', () => {
    for (const size of [...SIZE_PRESETS, MIN_SIZE, 7, 333, MAX_SIZE]) {
      expect(parseSize(String(size))).toEqual({ ok: true, size })
    }
    expect(parseSize(' 48 px ')).toEqual({ ok: true, size: 48 })
  })

  test('offers the size presets 12 to 64', () => {
    expect(SIZE_PRESETS).toEqual([12, 16, 20, 24, 32, 48, 64])
  })

  test('rejects out-of-range, fractional, negative and non-numeric input with a clear message', () => {
    expect(parseSize('0')).toEqual({ ok: false, message: 'Size must be from 1 to 1024 px.' })
    expect(parseSize('1025')).toEqual({ ok: false, message: 'Size must be from 1 to 1024 px.' })
    for (const text of ['12.5', '-4', 'big', '1e3']) {
      expect(parseSize(text)).toEqual({ ok: false, message: 'Size must be a whole number from 1 to 1024.' })
    }
    expect(parseSize('  ')).toEqual({ ok: false, message: 'Enter a size in pixels.' })
  })
})
