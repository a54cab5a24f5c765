/**
 * Parsing the size a designer types, stepping it with the arrow keys, and the size presets.
 */
import { describe, expect, test } from 'vitest'

import { MAX_SIZE, MIN_SIZE } from '../../src/api/limits'
import { parseSize, SIZE_PRESETS, stepSize } from '../../src/plugin/ui/size'

describe('parseSize', () => {
  test('accepts every preset and any number from 1 to 1024', () => {
    for (const size of [...SIZE_PRESETS, MIN_SIZE, 7, 12.5, 20.25, 333, MAX_SIZE]) {
      expect(parseSize(String(size))).toEqual({ ok: true, size })
    }
    expect(parseSize(' 48 px ')).toEqual({ ok: true, size: 48 })
  })

  test('rounds decimals to hundredths, as Figma’s W and H fields do', () => {
    expect(parseSize('12.555')).toEqual({ ok: true, size: 12.56 })
    expect(parseSize('12.5 px')).toEqual({ ok: true, size: 12.5 })
    // A decimal comma, as much of Europe types one.
    expect(parseSize('12,5')).toEqual({ ok: true, size: 12.5 })
    expect(parseSize('13,456 px')).toEqual({ ok: true, size: 13.46 })
    expect(parseSize('1024.004')).toEqual({ ok: true, size: MAX_SIZE })
  })

  test('reads arithmetic as Figma’s number fields do: 16*2, 32/2, 20+4, (12+4)*1,5', () => {
    const cases: Array<[string, number]> = [
      ['16*2', 32],
      ['32/2', 16],
      ['20+4', 24],
      ['24 - 4 px', 20],
      ['(12+4)*1,5', 24],
      ['-(-8)*3', 24],
      ['100/3', 33.33]
    ]
    for (const [text, size] of cases) expect(parseSize(text), text).toEqual({ ok: true, size })
    for (const text of ['2*-3', '10/0', '512*4']) expect(parseSize(text), text).toEqual({ ok: false, message: 'Enter a size from 1 to 1024 px.' })
    for (const text of ['16*', '(16', '16)', '0/0', '2**3', '16 2', 'sixteen*2']) {
      expect(parseSize(text), text).toEqual({ ok: false, message: 'Enter a size from 1 to 1024 px.' })
    }
  })

  test('offers the size presets 12 to 64', () => {
    expect(SIZE_PRESETS).toEqual([12, 16, 20, 24, 32, 48, 64])
  })

  test('rejects out-of-range, negative and non-numeric input with a clear message', () => {
    for (const text of ['0', '0.5', '1025', '-4', '-0,5']) expect(parseSize(text)).toEqual({ ok: false, message: 'Enter a size from 1 to 1024 px.' })
    for (const text of ['big', '1e3', '12,5,1', '1.2.3', '1,2.3']) {
      expect(parseSize(text)).toEqual({ ok: false, message: 'Enter a size from 1 to 1024 px.' })
    }
    expect(parseSize('  ')).toEqual({ ok: false, message: 'Enter a size in pixels.' })
  })
})

describe('stepSize', () => {
  test('steps what the box holds by one, or ten with Shift, within 1 to 1024', () => {
    expect(stepSize('24', 24, 'ArrowUp', false)).toBe(25)
    expect(stepSize('24', 24, 'ArrowDown', true)).toBe(14)
    expect(stepSize('5', 24, 'ArrowDown', true)).toBe(MIN_SIZE)
    expect(stepSize('1020', 1020, 'ArrowUp', true)).toBe(MAX_SIZE)
    expect(stepSize('12.3', 12.3, 'ArrowUp', true)).toBe(22.3)
  })

  test('steps from the size shown when the box holds no size, and not at all when the icons differ', () => {
    expect(stepSize('2000', 48, 'ArrowUp', false)).toBe(49)
    expect(stepSize('', null, 'ArrowUp', false)).toBeNull()
  })
})
