/**
 * The search index: an inverted index from words to icons, ranked in tiers (exact name, name
 * synonym, tag, then partial: prefix and one-typo matches), AND across query words.
 *
 * MiniSearch's engine is not used: its BM25 scores cannot express strict tiers, and it builds a
 * match object per document, too slow for a one-letter prefix over ~100k icons. Its radix tree
 * (SearchableMap) does the one-typo lookup; prefixes are a range of a sorted term list, because
 * walking the tree costs ~2 ms per letter against microseconds for two binary searches.
 * Postings are typed arrays, scoring is one pass over them and ordering is a counting sort.
 *
 * An icon's rank, most significant first: the whole family name matched exactly (2), or through
 * a synonym (1); the worst class of any query word (AND: the weakest word decides the tier); the
 * sum of the classes; fewer name words left unmatched; fewer letters added by prefix completion.
 * Equal ranks keep the catalogue's stable order.
 */
import { LRUCache } from 'lru-cache'
import SearchableMap from 'minisearch/SearchableMap'
import type { SearchRequest, StyleSlug } from '../api/catalogue-schemas'
import { synonymPhrases, synonymsOf } from './synonyms'
import { words } from './tokenize'

export interface IndexedIcon {
  slug: string
  family: string
  style: StyleSlug
  tags: readonly string[]
}

/** How a posting's word occurs in the icon: the family name, the rest of the slug, or a tag. */
const enum Kind {
  Tag = 1,
  Suffix = 2,
  Base = 3
}

/** Match classes of a query word against an icon, best first; 0 = no match. */
const EXACT_BASE = 8
const SYNONYM_BASE = 7
const EXACT_OTHER = 6
const SYNONYM_OTHER = 5
const PREFIX_BASE = 4
const PREFIX_OTHER = 3
const FUZZY_BASE = 2
const FUZZY_OTHER = 1

/** Words of this length or more tolerate one typo. */
const FUZZY_MIN_LENGTH = 5
/** More words than this add nothing a designer would type; the rest are ignored. */
const MAX_QUERY_WORDS = 12

/** Above every rank computed in rank(). */
const RANK_SPAN = 3 * 16 * 128 * 8 * 16

export class SearchIndex<T extends IndexedIcon> {
  private readonly icons: readonly T[]
  /** Every indexed word, sorted, and the postings of each. */
  private readonly terms: string[]
  private readonly postings: Int32Array[]
  /** Word to its position in `terms`, for typo lookup. */
  private readonly fuzzyTerms = new SearchableMap<number>()
  private readonly baseWordCount: Uint8Array
  private readonly styles: readonly StyleSlug[]
  private readonly matchClass: Uint8Array
  private readonly touched: Int32Array
  private readonly worst: Uint8Array
  private readonly total: Uint16Array
  /** Letters a word's prefix or typo match differs by: 'hou' is closer to house than hourglass. */
  private readonly wordSlack: Uint8Array
  private readonly slack: Uint16Array
  /** Family-name words a query word matched: 0 (a tag or style word), 1, or more for a synonym like 'magnifying glass'. */
  private readonly wordSpan: Uint8Array
  private readonly span: Uint16Array
  /**
   * Postings of every icon by its style, so 'home outline' or 'heart solid' work in sets whose names
   * say 'regular' or 'filled'. Whole words only: as prefixes they would make 's' match every solid icon.
   */
  private readonly styleWords: ReadonlyMap<string, Int32Array>
  /** Postings of the icons whose family is a thesaurus phrase, by the phrase: 'magnifying glass'. */
  private readonly familyNames = new Map<string, number[]>()
  private readonly listings = new Map<StyleSlug | null, readonly T[]>()
  /** Scratch space, reused by every search so that only the result itself is allocated. */
  private readonly candidates: Int32Array
  private readonly member: Uint8Array
  private readonly ordered: Int32Array
  private readonly ranks: Int32Array
  private readonly rankCount = new Int32Array(RANK_SPAN)
  /** Recent results, bounded by their total length: at most ~32 MB of references. */
  private readonly cache = new LRUCache<string, readonly T[]>({
    max: 5000,
    maxSize: 4_000_000,
    sizeCalculation: (result) => result.length + 1
  })

  /** `icons` in the catalogue's stable order, which breaks every tie. */
  constructor(icons: readonly T[]) {
    this.icons = icons
    const n = icons.length
    this.baseWordCount = new Uint8Array(n)
    this.styles = icons.map((icon) => icon.style)
    this.matchClass = new Uint8Array(n)
    this.touched = new Int32Array(n)
    this.worst = new Uint8Array(n)
    this.total = new Uint16Array(n)
    this.wordSlack = new Uint8Array(n)
    this.slack = new Uint16Array(n)
    this.wordSpan = new Uint8Array(n)
    this.span = new Uint16Array(n)
    this.candidates = new Int32Array(n)
    this.member = new Uint8Array(n)
    this.ordered = new Int32Array(n)
    this.ranks = new Int32Array(n)

    // A word in both the name and the tags is posted twice; matching keeps the better class.
    // Families and tag lists are shared by many icons, so their words are looked up once each.
    const postings = new Map<string, number[]>()
    const listOf = (term: string): number[] => {
      let list = postings.get(term)
      if (!list) postings.set(term, (list = []))
      return list
    }
    const familyLists = new Map<string, number[][]>()
    const tagLists = new Map<readonly string[], number[][]>()
    const phrases = new Map(synonymPhrases().map((phrase) => [phrase.replaceAll(' ', '-'), phrase]))
    const styleMembers = new Map<string, number[]>()
    icons.forEach((icon, id) => {
      // Iconify names are lower-case words joined by '-', so they need no full tokenizer.
      let base = familyLists.get(icon.family)
      if (!base) familyLists.set(icon.family, (base = [...new Set(icon.family.split('-'))].map(listOf)))
      this.baseWordCount[id] = Math.min(base.length, 255)
      for (const list of base) list.push(id * 4 + Kind.Base)
      // The family is the slug's beginning; the rest holds style and size words ('24', 'filled').
      if (icon.slug.length > icon.family.length) {
        for (const word of icon.slug.slice(icon.family.length + 1).split('-')) listOf(word).push(id * 4 + Kind.Suffix)
      }
      const sameStyle = styleMembers.get(icon.style)
      if (sameStyle) sameStyle.push(id * 4 + Kind.Suffix)
      else styleMembers.set(icon.style, [id * 4 + Kind.Suffix])
      let tags = tagLists.get(icon.tags)
      if (!tags) tagLists.set(icon.tags, (tags = [...new Set(icon.tags.flatMap(words))].map(listOf)))
      for (const list of tags) list.push(id * 4 + Kind.Tag)
      const phrase = phrases.get(icon.family)
      if (phrase !== undefined) {
        const members = this.familyNames.get(phrase)
        if (members) members.push(id * 4 + Kind.Base)
        else this.familyNames.set(phrase, [id * 4 + Kind.Base])
      }
    })
    this.styleWords = new Map([...styleMembers].map(([style, list]) => [style, Int32Array.from(list)]))
    this.terms = [...postings.keys()].sort()
    this.postings = this.terms.map((term, position) => {
      this.fuzzyTerms.set(term, position)
      return Int32Array.from(postings.get(term) ?? [])
    })
  }

  /** Every match, best first, paging ignored; a blank query lists everything (of the style) in stable order. */
  search(request: SearchRequest): readonly T[] {
    const query = request.q ?? ''
    const style = request.style === undefined || request.style === '' ? null : request.style
    if (query.trim() === '') return this.listing(style)
    const queryWords = [...new Set(words(query))].slice(0, MAX_QUERY_WORDS)
    // Punctuation alone names no icon.
    if (queryWords.length === 0) return []
    const key = `${style ?? ''}\u0000${queryWords.join(' ')}`
    let result = this.cache.get(key)
    if (!result) {
      result = this.rank(queryWords, style)
      this.cache.set(key, result)
    }
    return result
  }

  private listing(style: StyleSlug | null): readonly T[] {
    let list = this.listings.get(style)
    if (!list) {
      list = style === null ? this.icons : this.icons.filter((icon) => icon.style === style)
      this.listings.set(style, list)
    }
    return list
  }

  private rank(queryWords: readonly string[], style: StyleSlug | null): readonly T[] {
    const { matchClass, touched, worst, total, wordSlack, slack, wordSpan, span } = this
    const candidates = this.candidates
    let count = 0
    for (let w = 0; w < queryWords.length; w++) {
      const touchedCount = this.matchWord(queryWords[w] as string)
      if (w === 0) {
        candidates.set(touched.subarray(0, touchedCount))
        count = touchedCount
        for (let i = 0; i < count; i++) {
          const id = candidates[i] as number
          worst[id] = matchClass[id] as number
          total[id] = matchClass[id] as number
          slack[id] = wordSlack[id] as number
          span[id] = wordSpan[id] as number
        }
      } else {
        let kept = 0
        for (let i = 0; i < count; i++) {
          const id = candidates[i] as number
          const c = matchClass[id] as number
          if (c === 0) continue
          candidates[kept++] = id
          if (c < (worst[id] as number)) worst[id] = c
          total[id] = (total[id] as number) + c
          slack[id] = (slack[id] as number) + (wordSlack[id] as number)
          span[id] = (span[id] as number) + (wordSpan[id] as number)
        }
        count = kept
      }
      for (let i = 0; i < touchedCount; i++) matchClass[touched[i] as number] = 0
      if (count === 0) return []
    }

    const ids = this.inStableOrder(candidates.subarray(0, count), style)
    // Ranks take few distinct values, so a stable counting sort by rank (ids already in stable
    // order) replaces a comparison sort: a one-letter query matches a third of the catalogue.
    const { rankCount } = this
    const ranks = this.ranks
    const distinct: number[] = []
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number
      const low = worst[id] as number
      const extra = (this.baseWordCount[id] as number) - (span[id] as number)
      const exact = extra === 0 && low >= SYNONYM_BASE ? (low === EXACT_BASE ? 2 : 1) : 0
      const rank =
        (((exact * 16 + low) * 128 + Math.min(total[id] as number, 127)) * 8 + (7 - Math.min(Math.max(extra, 0), 7))) * 16 +
        (15 - Math.min(slack[id] as number, 15))
      ranks[i] = rank
      if (rankCount[rank] === 0) distinct.push(rank)
      rankCount[rank] = (rankCount[rank] as number) + 1
    }
    distinct.sort((a, b) => b - a)
    let offset = 0
    for (const rank of distinct) {
      const size = rankCount[rank] as number
      rankCount[rank] = offset
      offset += size
    }
    const result = new Array<T>(ids.length)
    for (let i = 0; i < ids.length; i++) {
      const rank = ranks[i] as number
      const position = rankCount[rank] as number
      result[position] = this.icons[ids[i] as number] as T
      rankCount[rank] = position + 1
    }
    for (const rank of distinct) rankCount[rank] = 0
    return result
  }

  /** The candidates of the style, ascending by id (the stable order). */
  private inStableOrder(candidates: Int32Array, style: StyleSlug | null): Int32Array {
    const n = this.icons.length
    const keep = (id: number): boolean => style === null || this.styles[id] === style
    if (candidates.length * 16 < n) {
      return candidates.filter(keep).sort()
    }
    // Many candidates: one pass over the whole catalogue beats sorting them.
    const { member, ordered } = this
    for (let i = 0; i < candidates.length; i++) member[candidates[i] as number] = 1
    let k = 0
    for (let id = 0; id < n; id++) {
      if (member[id] === 1) {
        member[id] = 0
        if (keep(id)) ordered[k++] = id
      }
    }
    return ordered.subarray(0, k)
  }

  /** Marks every icon the word matches with its best class; returns how many icons it touched. */
  private matchWord(word: string): number {
    const { matchClass, touched, wordSlack, wordSpan } = this
    let count = 0
    const mark = (list: ArrayLike<number>, base: number, other: number, slack: number, span = 1): void => {
      for (let i = 0; i < list.length; i++) {
        const posting = list[i] as number
        const id = posting >> 2
        const c = (posting & 3) === Kind.Base ? base : other
        const previous = matchClass[id] as number
        if (c > previous || (c === previous && slack < (wordSlack[id] as number))) {
          if (previous === 0) touched[count++] = id
          matchClass[id] = c
          wordSlack[id] = slack
          wordSpan[id] = (posting & 3) === Kind.Base ? span : 0
        }
      }
    }
    const first = this.lowerBound(word)
    const end = this.lowerBound(`${word}\uffff`)
    if (this.terms[first] === word) mark(this.postings[first] as Int32Array, EXACT_BASE, EXACT_OTHER, 0)
    const style = this.styleWords.get(word)
    if (style) mark(style, EXACT_BASE, EXACT_OTHER, 0)
    for (const synonym of synonymsOf(word)) {
      const phrase = synonym.includes(' ')
      const list = phrase ? this.familyNames.get(synonym) : this.postingsOf(synonym)
      if (list) mark(list, SYNONYM_BASE, SYNONYM_OTHER, 0, phrase ? synonym.split(' ').length : 1)
    }
    for (let position = first; position < end; position++) {
      const term = this.terms[position] as string
      if (term !== word) {
        mark(this.postings[position] as Int32Array, PREFIX_BASE, PREFIX_OTHER, Math.min(term.length - word.length, 255))
      }
    }
    if (word.length >= FUZZY_MIN_LENGTH) {
      for (const [term, [position, distance]] of this.fuzzyTerms.fuzzyGet(word, 1)) {
        if (distance > 0 && term !== word) mark(this.postings[position] as Int32Array, FUZZY_BASE, FUZZY_OTHER, 1)
      }
    }
    return count
  }

  private postingsOf(term: string): Int32Array | undefined {
    const position = this.lowerBound(term)
    return this.terms[position] === term ? this.postings[position] : undefined
  }

  /** Position of the first term not less than `text`. */
  private lowerBound(text: string): number {
    let low = 0
    let high = this.terms.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((this.terms[middle] as string) < text) low = middle + 1
      else high = middle
    }
    return low
  }
}
