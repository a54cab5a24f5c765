/**
 * Warm-up: once ready, the service rehearses searches made of its own icons' names through the
 * whole search path, so that its first designers' searches run optimised code; it keeps nothing,
 * so each of those searches is still computed as a first asking, with the same answer, and it
 * gives way to requests in flight and to a shutdown.
 */
import { Value } from 'typebox/value'
import { beforeAll, describe, expect, it } from 'vitest'
import { SearchRequest } from '../../src/api/catalogue-schemas'
import type { Catalogue } from '../../src/catalogue/catalogue'
import { RepresentationCache } from '../../src/catalogue/http-caching'
import { SearchAnswers } from '../../src/catalogue/routes/search'
import { warmUp, warmUpSearches, WARM_UP_SEARCHES } from '../../src/catalogue/warm-up'
import { sharedCatalogue } from '../support/catalogue'

const BASE = 'http://icons.example'

let catalogue: Catalogue
beforeAll(async () => {
  catalogue = await sharedCatalogue()
})

const answersOver = (cache = new RepresentationCache(8 * 1024 * 1024)) => new SearchAnswers(catalogue, BASE, cache, '1.0.0')

describe('the searches rehearsed', () => {
  it('are valid requests drawn from every set, of every kind a designer types', () => {
    const searches = warmUpSearches(catalogue)
    expect(searches).toHaveLength(WARM_UP_SEARCHES)
    for (const search of searches) expect(Value.Check(SearchRequest, search)).toBe(true)
    const iconNames = catalogue.iconsets.flatMap((set) => set.icons.map((icon) => icon.slug))
    const words = searches.map((search) => search.q ?? '')
    // A word's first letters, a whole word, two words, a typo no icon is named by.
    expect(words.some((q) => q.length === 2)).toBe(true)
    expect(words.some((q) => iconNames.some((name) => name.split('-').includes(q)))).toBe(true)
    expect(words.some((q) => q.includes(' '))).toBe(true)
    expect(words.some((q) => q.length >= 5 && !q.includes(' ') && !iconNames.some((name) => name.includes(q)))).toBe(true)
    expect(searches.some((search) => search.style !== undefined)).toBe(true)
    expect(searches.some((search) => search.svg === true)).toBe(true)
    // Most as the plugin's grid asks, for families alone; some as other clients may.
    expect(searches.filter((search) => search.families_only === true).length).toBeGreaterThan(searches.length / 2)
    expect(searches.some((search) => search.families_only === undefined)).toBe(true)
    expect(new Set(searches.flatMap((search) => search.iconset ?? [])).size).toBeGreaterThan(1)
  })
})

describe('a rehearsal', () => {
  it('answers byte for byte as the service does, and keeps no answer or outcome: the first real asking is still computed', () => {
    const answers = answersOver()
    const rehearsal = answers.rehearsal()
    const request = { q: 'arrow left', offset: 0, limit: 24, svg: true }
    const rehearsed = rehearsal.answer(request)
    expect(rehearsed.kept).toBe(false)
    expect(rehearsal.answer(request).kept).toBe(false)

    const first = answers.answer(request)
    expect(first.kept).toBe(false)
    expect(first.entry.body.equals(rehearsed.entry.body)).toBe(true)
    expect(first.entry.etag).toBe(rehearsed.entry.etag)
    // Kept from its second asking, as every search answer is (http-caching.ts).
    expect(answers.answer(request).kept).toBe(true)
  })

  it('leaves the catalogue’s outcome out of those it keeps for the next asking', () => {
    const request = { q: 'calendar check', offset: 0, limit: 96 }
    const rehearsed = catalogue.search(request, false)
    const asked = catalogue.search(request)
    expect(asked).not.toBe(rehearsed)
    expect(asked.icons().map((icon) => icon.slug)).toEqual(rehearsed.icons().map((icon) => icon.slug))
    expect(catalogue.search(request)).toBe(asked)
  })
})

describe('warmUp', () => {
  it('rehearses every search, one per turn of the event loop, so what arrives meanwhile is not kept waiting', async () => {
    const searches = warmUpSearches(catalogue, 40)
    const turns: number[] = []
    let done = 0
    const warming = warmUp(answersOver(), searches, { busy: () => false, stopped: () => false }).then((count) => (done = count))
    // A request's callback, queued as the warm-up starts, runs long before it ends.
    await new Promise((resolve) => setImmediate(resolve))
    turns.push(done)
    expect(await warming).toBe(searches.length)
    expect(turns).toEqual([0])
  })

  it('waits while requests are in flight, and goes on once there are none', async () => {
    let busy = true
    let done: number | null = null
    const warming = warmUp(answersOver(), warmUpSearches(catalogue, 10), { busy: () => busy, stopped: () => false }).then((count) => (done = count))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(done).toBeNull()
    busy = false
    expect(await warming).toBe(10)
  })

  it('stops when told, as at a shutdown', async () => {
    let stop = false
    const warming = warmUp(answersOver(), warmUpSearches(catalogue, 40), { busy: () => false, stopped: () => stop })
    await new Promise((resolve) => setImmediate(resolve))
    stop = true
    expect(await warming).toBeLessThan(40)
  })
})
