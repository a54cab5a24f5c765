/**
 * Warm-up. A fresh process answers its first searches with code V8 has not optimised yet, and
 * spends more again compiling it on other threads meanwhile: about half as much CPU again per
 * answer as once it has been up a while (`node --import tsx test/bench/compile-in-pass.ts`).
 * So, once ready, the service rehearses searches made of its own icons' names through the whole
 * search path (reading, ranking, paging, records, JSON, compression), and keeps nothing: no
 * answer, record or outcome is cached, so a designer's first search is still computed, by code
 * that is optimised by then. Only while no request is in flight, one rehearsal per turn of the
 * event loop, so a request that arrives meanwhile waits for one at most; a shutdown stops it.
 */
import type { SearchRequest } from '../api/catalogue-schemas'
import { MAX_LIMIT } from '../api/limits'
import type { Catalogue, IconRecord } from './catalogue'
import { encodedNow } from './http-caching'
import type { SearchAnswers } from './routes/search'

/** Enough for V8 to have optimised what a search runs (about 0.3 s of one core). */
export const WARM_UP_SEARCHES = 400

/**
 * Searches as designers type them, drawn from icon names spread over every set: a word's first
 * letters, the word, the word mistyped, two words of a name; some in a style, some in the icon's
 * set, some with their SVG, most for families alone, so that the paths searches take most have run (all but keeping records:
 * a rehearsal keeps none).
 */
export function warmUpSearches(catalogue: Catalogue, count = WARM_UP_SEARCHES): SearchRequest[] {
  const total = catalogue.iconsets.reduce((sum, set) => sum + set.icons.length, 0)
  const searches: SearchRequest[] = []
  // Each icon makes two to four searches: a step for three spreads them over nearly every set.
  for (const icon of spread(catalogue, Math.max(1, Math.floor((total * 3) / count)))) {
    if (searches.length >= count) break
    const [first, second] = icon.slug.split('-').filter((word) => /^[a-z]{3,}$/.test(word))
    if (first === undefined) continue
    const typed = [first.slice(0, 2), first, ...(first.length < 5 ? [] : [mistyped(first)]), ...(second === undefined ? [] : [`${first} ${second}`])]
    for (const q of typed) {
      const n = searches.length
      const style = n % 4 === 3 ? catalogue.styles[(n >> 2) % catalogue.styles.length]?.slug : undefined
      searches.push({
        q,
        offset: 0,
        limit: MAX_LIMIT,
        ...(style === undefined ? {} : { style }),
        ...(n % 5 === 4 ? { iconset: [icon.iconset] } : {}),
        ...(n % 2 === 1 ? { svg: true } : {}),
        // The plugin's grid asks for families alone, every time; other clients may not.
        ...(n % 3 === 2 ? {} : { families_only: true })
      })
    }
  }
  return searches.slice(0, count)
}

/** Every `step`-th icon of the catalogue, its sets one after another: one list of them all would cost 10 ms of start. */
function* spread(catalogue: Catalogue, step: number): Generator<IconRecord> {
  let from = 0
  for (const { icons } of catalogue.iconsets) {
    let at = from
    for (; at < icons.length; at += step) yield icons[at] as IconRecord
    from = at - icons.length
  }
}

/** The word with two letters in its middle swapped: a typo search corrects. */
function mistyped(word: string): string {
  const at = Math.floor(word.length / 2)
  return `${word.slice(0, at - 1)}${word.charAt(at)}${word.charAt(at - 1)}${word.slice(at + 1)}`
}

/** How long a rehearsal waits for the requests in flight to end before it looks again. */
const BUSY_WAIT_MS = 5

/**
 * Rehearses `searches` while no request is in flight (`busy()`), one per turn of the event loop,
 * until done or `stopped()`; resolves with how many ran. It uses the time a new service spends
 * waiting for its first designers; one that is busy from the start warms itself by answering.
 */
export function warmUp(
  answers: SearchAnswers,
  searches: readonly SearchRequest[],
  when: { busy: () => boolean; stopped: () => boolean }
): Promise<number> {
  const rehearsal = answers.rehearsal()
  return new Promise((resolve) => {
    let done = 0
    const next = () => {
      const search = searches[done]
      if (search === undefined || when.stopped()) return resolve(done)
      if (when.busy()) return void setTimeout(next, BUSY_WAIT_MS)
      const { entry } = rehearsal.answer(search)
      encodedNow(entry, done % 2 === 0 ? 'br' : 'gzip')
      done += 1
      setImmediate(next)
    }
    setImmediate(next)
  })
}
