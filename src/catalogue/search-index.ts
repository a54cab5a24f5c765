/**
 * The search index: an inverted index from words to icons, ranked in tiers (exact name, name
 * synonym, tag, then partial: prefix and one-typo matches), AND across query words.
 *
 * A full-text engine's BM25 scores cannot express strict tiers, and building a match object per
 * document is too slow for a one-letter prefix over ~100k icons. Prefixes are a range of a sorted
 * term list (two binary searches); a typo's near spellings are generated and looked up the same
 * way, and only for words that find few icons as typed.
 * Postings are typed arrays, scoring is one pass over them and ordering is a counting sort.
 *
 * Words and prefixes that match many icons ('a', 'ar', 'arrow') are where that pass is long, so
 * their matches are ranked once, when the index is built, into one packed list each (`RankedLists`):
 * a query of one such word is that list, filtered by set and style; a query of several marks their
 * matches from the lists instead of walking hundreds of terms. The index's arrays (SearchIndexData)
 * are what index-snapshot.ts stores, so a start reads them instead of building them.
 *
 * An icon's rank, most significant first: the whole family name matched exactly (2), or through
 * a synonym (1); the worst class of any query word (AND: the weakest word decides the tier); the
 * sum of the classes; fewer name words left unmatched; fewer letters added by prefix completion.
 * Equal ranks keep the catalogue's stable order.
 *
 * The query is first read (query-reading.ts) into words, a set scope and a style. Results are
 * families, not icons: each family (one drawing in one set, across its styles and sizes) shows
 * once, as its best-ranked member, ties going to the member listed first (the set's default).
 */
import { LRUCache } from 'lru-cache'
import { STYLE_SLUGS, type SearchInterpretation, type SearchRequest, type StyleSlug } from '../api/catalogue-schemas'
import { excerpt, ProblemError } from './problems'
import { buildVocabulary, readQuery, type QueryReading, type SetNaming, type Vocabulary } from './query-reading'
import { synonymPhrases, synonymsOf } from './synonyms'
import { words } from './tokenize'

export interface IndexedIcon {
  iconset: string
  slug: string
  family: string
  style: StyleSlug
  tags: readonly string[]
}

/** What a search found and how it read the query. */
export interface SearchOutcome<T> {
  /** One icon per family, best first. */
  icons: readonly T[]
  interpreted: SearchInterpretation
  /** The query with a misspelt word corrected, when the results come from the correction. */
  suggestion: string | null
}

/**
 * Everything the index builds from the icons, as flat arrays a snapshot can hold. Icons are named by
 * their position in the catalogue's stable order, so the data fits only the very icons it was built from.
 */
export interface SearchIndexData {
  /** Every indexed word, sorted; the postings of term i are postings[postingEnds[i - 1] .. postingEnds[i]). */
  terms: string[]
  postingEnds: Uint32Array
  /** icon position * 4 + Kind. */
  postings: Int32Array
  /** Per icon: how many distinct words its family name has (at most 255), its set (a position in the sets) and its family. */
  baseWordCount: Uint8Array
  setOf: Uint8Array
  familyOf: Int32Array
  familyCount: number
  /** Icon positions sorted by set, then slug: the exact names a query spells out. */
  slugOrder: Uint32Array
  /** Postings of the icons whose family is a thesaurus phrase ('magnifying glass'), by the phrase. */
  familyNames: Array<[string, number[]]>
  /** The words and prefixes ranked at build time, sorted; list i is ranked[rankedEnds[i - 1] .. rankedEnds[i]). */
  rankedKeys: string[]
  rankedEnds: Uint32Array
  /** Per match, in the rank order of a query of that word alone: icon << 11 | class << 7 | slack << 3 | span. */
  ranked: Uint32Array
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

/** Words of this length or more tolerate one typo: one edit, or two neighbouring letters swapped. */
const FUZZY_MIN_LENGTH = 4
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz'
/** How many times more icons a near spelling must name than the word as typed to be suggested instead. */
const CORRECTION_RATIO = 4
/** A word that matches fewer icons than this exactly, by prefix or by synonym also gets its near spellings. */
const FEW_MATCHES = 48
/** More words than this add nothing a designer would type; the rest are ignored. */
const MAX_QUERY_WORDS = 12

/** Above every rank computed in rank(). */
const RANK_SPAN = 3 * 16 * 128 * 8 * 16

/**
 * A word or prefix that matches this many icons as typed is ranked at build time (~4,800 of them
 * in the 20 sets, ~9 MB of packed matches); one below it is matched in a few microseconds.
 */
const RANKED_MIN_MATCHES = FEW_MATCHES
/** Packed match: the icon's position above 11 bits of class (4), slack (4) and span (3). */
const PACKED_ICON_SHIFT = 11
const MAX_PACKED_ICONS = 2 ** (32 - PACKED_ICON_SHIFT)

export class SearchIndex<T extends IndexedIcon> {
  private readonly icons: readonly T[]
  private readonly data: SearchIndexData
  /** The index's arrays, unpacked from `data` for the hot loops. */
  private readonly terms: readonly string[]
  private readonly postingEnds: Uint32Array
  private readonly postingData: Int32Array
  private readonly baseWordCount: Uint8Array
  /** Each icon's style, as a position in STYLE_SLUGS. */
  private readonly styleOf: Uint8Array
  /** Each icon's set, as a position in `setSlugs`, and its family, as a number. */
  private readonly setSlugs: readonly string[]
  private readonly setOf: Uint8Array
  private readonly familyOf: Int32Array
  private readonly familySeen: Uint8Array
  private readonly vocabulary: Vocabulary
  private readonly familyNames: ReadonlyMap<string, Int32Array>
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
  /** Scratch space, reused by every search so that only the result itself is allocated. */
  private readonly candidates: Int32Array
  /** One bit per icon. */
  private readonly member: Uint32Array
  private readonly ordered: Int32Array
  private readonly ranks: Int32Array
  private readonly rankCount = new Int32Array(RANK_SPAN)
  /** Recent outcomes, bounded by their total length: at most ~32 MB of references. */
  private readonly cache = new LRUCache<string, SearchOutcome<T>>({
    max: 5000,
    maxSize: 4_000_000,
    sizeCalculation: (outcome) => outcome.icons.length + 1
  })

  /**
   * `icons` in the catalogue's stable order, which breaks every tie; within a family, the member a
   * search shows when several match equally comes first. `sets` name the sets for query reading.
   * `data` is what `snapshot()` gave for these very icons and sets; without it the index is built.
   */
  constructor(icons: readonly T[], sets: readonly SetNaming[], data?: SearchIndexData) {
    this.icons = icons
    const n = icons.length
    this.setSlugs = sets.map((set) => set.slug)
    this.vocabulary = buildVocabulary(sets)
    this.styleOf = Uint8Array.from(icons, (icon) => STYLE_SLUGS.indexOf(icon.style))
    this.matchClass = new Uint8Array(n)
    this.touched = new Int32Array(n)
    this.worst = new Uint8Array(n)
    this.total = new Uint16Array(n)
    this.wordSlack = new Uint8Array(n)
    this.slack = new Uint16Array(n)
    this.wordSpan = new Uint8Array(n)
    this.span = new Uint16Array(n)
    this.candidates = new Int32Array(n)
    this.member = new Uint32Array(Math.ceil(n / 32))
    this.ordered = new Int32Array(n)
    this.ranks = new Int32Array(n)

    this.data = data ?? indexIcons(icons, this.setSlugs)
    this.terms = this.data.terms
    this.postingEnds = this.data.postingEnds
    this.postingData = this.data.postings
    this.baseWordCount = this.data.baseWordCount
    this.setOf = this.data.setOf
    this.familyOf = this.data.familyOf
    this.familySeen = new Uint8Array(this.data.familyCount)
    this.familyNames = new Map(this.data.familyNames.map(([phrase, postings]) => [phrase, Int32Array.from(postings)]))
    if (data === undefined) this.rankCommonWords()
  }

  /** The arrays to store, for a later `new SearchIndex(icons, sets, data)` over the same icons and sets. */
  snapshot(): SearchIndexData {
    return this.data
  }

  /**
   * Ranks every word and prefix that matches at least RANKED_MIN_MATCHES icons as typed (without near
   * spellings), as a query of that word alone ranks them, and packs each icon's match with it. Such
   * words match at least FEW_MATCHES icons, so they never try near spellings and make no corrections.
   */
  private rankCommonWords(): void {
    if (this.icons.length >= MAX_PACKED_ICONS) return
    const { terms, postingEnds, worst, slack, span } = this
    const keys: string[] = []
    const ends: number[] = []
    const packed: number[] = []
    for (let position = 0; position < terms.length; position++) {
      const term = terms[position] as string
      const previous = position === 0 ? '' : (terms[position - 1] as string)
      let shared = 0
      while (shared < previous.length && previous[shared] === term[shared]) shared++
      // Each prefix once: those this term shares with the one before were considered with it.
      for (let length = shared + 1; length <= term.length; length++) {
        const key = term.slice(0, length)
        const end = this.lowerBound(`${key}\uffff`, position)
        // At most this many icons match it: its terms' postings and its synonyms'.
        let postings = (postingEnds[end - 1] as number) - this.postingStart(position)
        for (const synonym of synonymsOf(key)) {
          postings += (synonym.includes(' ') ? this.familyNames.get(synonym) : this.postingsOf(synonym))?.length ?? 0
        }
        if (postings < RANKED_MIN_MATCHES) continue
        const ids = this.rank([key], null, new Map())
        // A word that needed its near spellings to reach this many keeps being matched as typed, for its corrections.
        if (ids.length < RANKED_MIN_MATCHES || ids.some((id) => (worst[id] as number) < PREFIX_OTHER || (span[id] as number) > 7)) continue
        for (const id of ids) {
          packed.push(((id << PACKED_ICON_SHIFT) | (worst[id] as number) << 7 | Math.min(slack[id] as number, 15) << 3 | (span[id] as number)) >>> 0)
        }
        keys.push(key)
        ends.push(packed.length)
      }
    }
    // Lookups need them sorted, whatever order they were found in.
    const order = keys.map((_, i) => i).sort((a, b) => ((keys[a] as string) < (keys[b] as string) ? -1 : 1))
    const rankedEnds = new Uint32Array(keys.length)
    const ranked = new Uint32Array(packed.length)
    let offset = 0
    order.forEach((i, sorted) => {
      const from = i === 0 ? 0 : (ends[i - 1] as number)
      const to = ends[i] as number
      for (let k = from; k < to; k++) ranked[offset++] = packed[k] as number
      rankedEnds[sorted] = offset
    })
    this.data.rankedKeys = order.map((i) => keys[i] as string)
    this.data.rankedEnds = rankedEnds
    this.data.ranked = ranked
  }

  /**
   * One icon per family, best first, paging ignored. A blank query lists the families of the
   * style and sets in stable order. Unknown set slugs are a bad request that lists the known ones.
   */
  search(request: SearchRequest): SearchOutcome<T> {
    const query = request.q ?? ''
    const requestedSets = this.requestedSets(request.iconset)
    const requestedStyle = request.style === undefined || request.style === '' ? null : request.style
    const key = `${requestedStyle ?? ''}\u0000${requestedSets.join(',')}\u0000${query.trim()}`
    let outcome = this.cache.get(key)
    if (!outcome) {
      outcome = this.answer(query, requestedSets, requestedStyle)
      this.cache.set(key, outcome)
    }
    return outcome
  }

  private requestedSets(iconset: SearchRequest['iconset']): string[] {
    if (iconset === undefined) return []
    const asked = [...new Set(iconset.flatMap((value) => value.split(',')).map((slug) => slug.trim()).filter((slug) => slug !== ''))]
    const unknown = asked.filter((slug) => !this.setSlugs.includes(slug))
    if (unknown.length > 0) {
      throw new ProblemError(
        'unknown_iconset',
        `Unknown icon set ${unknown.slice(0, 3).map(excerpt).join(', ')}; use one or more of ${this.setSlugs.join(', ')}.`
      )
    }
    return asked.sort((a, b) => this.setSlugs.indexOf(a) - this.setSlugs.indexOf(b))
  }

  private answer(query: string, requestedSets: readonly string[], requestedStyle: StyleSlug | null): SearchOutcome<T> {
    const reading = readQuery(query, this.vocabulary, (names) => this.namesWords(names))
    // Sets named in the query narrow the requested ones, or replace them when they share none.
    const named = reading.iconsets.filter((slug) => requestedSets.length === 0 || requestedSets.includes(slug))
    const sets = reading.iconsets.length === 0 ? requestedSets : named.length > 0 ? named : reading.iconsets
    const style = reading.style ?? requestedStyle
    // Punctuation alone names nothing; a set name or style word alone lists its icons.
    if (query.trim() !== '' && reading.terms.length === 0 && reading.iconsets.length === 0 && reading.style === null) {
      return { icons: [], interpreted: { terms: [], iconsets: [...sets], style }, suggestion: null }
    }
    const found = this.find(reading, sets, style)
    if (found.icons.length > 0 || query.trim() === '') return found
    // Nothing: the words read as a style or a set may have been ordinary words after all.
    if (reading.style !== null && reading.style !== requestedStyle) {
      const unstyled = this.find({ ...reading, style: null }, sets, requestedStyle)
      if (unstyled.icons.length > 0) return unstyled
    }
    if (reading.iconsets.length > 0 || reading.style !== null) {
      const literal = this.find({ ...reading, terms: reading.literal, iconsets: [], style: null, names: [] }, requestedSets, requestedStyle)
      if (literal.icons.length > 0) return literal
    }
    return found
  }

  private find(reading: QueryReading, sets: readonly string[], style: StyleSlug | null): SearchOutcome<T> {
    const interpreted: SearchInterpretation = { terms: [...new Set(reading.terms)].slice(0, MAX_QUERY_WORDS), iconsets: [...sets], style }
    const allowed = this.allowed(sets, style)
    const pinned = this.pinned(reading.names, sets, allowed)
    if (interpreted.terms.length === 0) {
      return { icons: this.families(pinned, this.inStableOrder(null, allowed)), interpreted, suggestion: null }
    }
    const corrections = new Map<string, string>()
    let ranked = this.rank(interpreted.terms, allowed, corrections)
    if (ranked.length === 0 && interpreted.terms.length > 1) {
      // A word that matches nothing at all, not even misspelt ('home page qqqxx'), is left out rather than emptying the page.
      const known = interpreted.terms.filter((term) => this.matches(term))
      if (known.length > 0 && known.length < interpreted.terms.length) {
        interpreted.terms = known
        ranked = this.rank(known, allowed, corrections)
      }
    }
    const icons = this.families(pinned, ranked)
    let suggestion: string | null = null
    if (corrections.size > 0 && icons.length > 0) {
      suggestion = interpreted.terms.map((term) => corrections.get(term) ?? term).join(' ')
    }
    return { icons, interpreted, suggestion }
  }

  /** Whether the word matches any icon, as typed, by prefix, by synonym or misspelt. */
  private matches(word: string): boolean {
    const count = this.matchWord(word, new Map(), [])
    for (let i = 0; i < count; i++) this.matchClass[this.touched[i] as number] = 0
    return count > 0
  }

  /** Whether an icon may be shown, by its set and style; null when every icon may. */
  private allowed(sets: readonly string[], style: StyleSlug | null): ((id: number) => boolean) | null {
    if (sets.length === 0 && style === null) return null
    const inSet = new Uint8Array(this.setSlugs.length)
    for (const slug of sets) inSet[this.setSlugs.indexOf(slug)] = 1
    const anySet = sets.length === 0
    const styleAt = style === null ? -1 : STYLE_SLUGS.indexOf(style)
    return (id) => (anySet || inSet[this.setOf[id] as number] === 1) && (style === null || this.styleOf[id] === styleAt)
  }

  /** Icons the query named whole, in the sets it is scoped to, first found first. */
  private pinned(names: readonly string[], sets: readonly string[], allowed: ((id: number) => boolean) | null): number[] {
    const ids: number[] = []
    for (const name of names) {
      for (const slug of sets) {
        const id = this.iconNamed(this.setSlugs.indexOf(slug), name)
        if (id !== undefined && (allowed === null || allowed(id)) && !ids.includes(id)) ids.push(id)
      }
    }
    return ids
  }

  /** The icon of the set (a position in `setSlugs`) with this slug, by binary search over `slugOrder`. */
  private iconNamed(set: number, slug: string): number | undefined {
    const { slugOrder } = this.data
    let low = 0
    let high = slugOrder.length
    while (low < high) {
      const middle = (low + high) >>> 1
      const id = slugOrder[middle] as number
      const other = this.setOf[id] as number
      if (other < set || (other === set && (this.icons[id] as T).slug < slug)) low = middle + 1
      else high = middle
    }
    const id = slugOrder[low]
    return id !== undefined && this.setOf[id] === set && (this.icons[id] as T).slug === slug ? id : undefined
  }

  /** The first icon of each family, pinned icons first. */
  private families(pinned: readonly number[], ranked: ArrayLike<number>): T[] {
    const { familyOf, familySeen } = this
    const result: T[] = []
    const taken: number[] = []
    const take = (id: number): void => {
      const family = familyOf[id] as number
      if (familySeen[family] === 1) return
      familySeen[family] = 1
      taken.push(family)
      result.push(this.icons[id] as T)
    }
    for (const id of pinned) take(id)
    for (let i = 0; i < ranked.length; i++) take(ranked[i] as number)
    for (const family of taken) familySeen[family] = 0
    return result
  }

  /** Whether some icon's family name holds every one of the words. */
  private namesWords(names: readonly string[]): boolean {
    const lists = names.map((word) => this.postingsOf(word))
    if (lists.some((list) => list === undefined)) return false
    const [shortest, ...others] = (lists as Int32Array[]).sort((a, b) => a.length - b.length)
    if (shortest === undefined) return false
    // Postings are in icon order, so the lists intersect by merging.
    let having = shortest.filter((posting) => (posting & 3) === Kind.Base)
    for (const list of others) {
      let kept = 0
      let j = 0
      for (let i = 0; i < having.length; i++) {
        const posting = having[i] as number
        while (j < list.length && (list[j] as number) < posting) j++
        if (list[j] === posting) having[kept++] = posting
      }
      if (kept === 0) return false
      having = having.subarray(0, kept)
    }
    return having.length > 0
  }

  /** Ids of every icon matching all words, best first; `corrections` gets each misspelt word's correction. */
  private rank(queryWords: readonly string[], allowed: ((id: number) => boolean) | null, corrections: Map<string, string>): Int32Array {
    const { matchClass, touched, worst, total, wordSlack, slack, wordSpan, span } = this
    if (queryWords.length === 1) {
      const list = this.rankedList(queryWords[0] as string)
      if (list !== undefined) return this.rankedIds(list, allowed)
    }
    const candidates = this.candidates
    let count = 0
    // Two words that an icon writes as one ('log out': logout, 'sign in': signin) match it as both:
    // the first word covers its name, the second only has to be there.
    const compounds = queryWords.map((): Array<{ list: Int32Array; span: number }> => [])
    for (let w = 0; w + 1 < queryWords.length; w++) {
      const list = this.postingsOf(`${queryWords[w] as string}${queryWords[w + 1] as string}`)
      if (list === undefined) continue
      compounds[w]?.push({ list, span: 1 })
      compounds[w + 1]?.push({ list, span: 0 })
    }
    for (let w = 0; w < queryWords.length; w++) {
      const touchedCount = this.matchWord(queryWords[w] as string, corrections, compounds[w] ?? [])
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
      if (count === 0) return new Int32Array(0)
    }

    const ids = this.inStableOrder(candidates.subarray(0, count), allowed)
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
    const result = new Int32Array(ids.length)
    for (let i = 0; i < ids.length; i++) {
      const rank = ranks[i] as number
      const position = rankCount[rank] as number
      result[position] = ids[i] as number
      rankCount[rank] = position + 1
    }
    for (const rank of distinct) rankCount[rank] = 0
    return result
  }

  /** The allowed icons of a ranked list, in its order: a query of its word alone. */
  private rankedIds(list: Uint32Array, allowed: ((id: number) => boolean) | null): Int32Array {
    const ids = new Int32Array(list.length)
    let k = 0
    for (let i = 0; i < list.length; i++) {
      const id = (list[i] as number) >>> PACKED_ICON_SHIFT
      if (allowed === null || allowed(id)) ids[k++] = id
    }
    return k === ids.length ? ids : ids.slice(0, k)
  }

  /** The word's list ranked at build time, if it is common enough to have one. */
  private rankedList(word: string): Uint32Array | undefined {
    const { rankedKeys, rankedEnds, ranked } = this.data
    let low = 0
    let high = rankedKeys.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((rankedKeys[middle] as string) < word) low = middle + 1
      else high = middle
    }
    if (rankedKeys[low] !== word) return undefined
    return ranked.subarray(low === 0 ? 0 : (rankedEnds[low - 1] as number), rankedEnds[low] as number)
  }

  /** The allowed candidates, ascending by id (the stable order); every allowed icon when `candidates` is null. */
  private inStableOrder(candidates: Int32Array | null, allowed: ((id: number) => boolean) | null): Int32Array {
    const n = this.icons.length
    if (candidates === null) {
      const all = new Int32Array(n)
      let k = 0
      for (let id = 0; id < n; id++) if (allowed === null || allowed(id)) all[k++] = id
      return all.subarray(0, k)
    }
    // A bit per icon, then one pass over the words of bits: cheaper than sorting from a few hundred candidates up.
    const { member, ordered } = this
    for (let i = 0; i < candidates.length; i++) {
      const id = candidates[i] as number
      member[id >>> 5] = (member[id >>> 5] as number) | (1 << (id & 31))
    }
    let k = 0
    for (let word = 0; word < member.length; word++) {
      let bits = member[word] as number
      if (bits === 0) continue
      member[word] = 0
      while (bits !== 0) {
        const low = bits & -bits
        const id = word * 32 + 31 - Math.clz32(low)
        bits ^= low
        if (allowed === null || allowed(id)) ordered[k++] = id
      }
    }
    return ordered.subarray(0, k)
  }

  /**
   * Marks every icon the word matches with its best class; returns how many icons it touched.
   * Near spellings are only tried when the word itself finds few icons, and always rank below.
   */
  private matchWord(word: string, corrections: Map<string, string>, compounds: ReadonlyArray<{ list: Int32Array; span: number }>): number {
    const { matchClass, touched, wordSlack, wordSpan, postingData } = this
    let count = 0
    // A slug's style and size words ('outline', '24') match only whole: 'out' is not 'outline'.
    const mark = (list: Int32Array, from: number, to: number, base: number, other: number, slack: number, span = 1, whole = true): void => {
      for (let i = from; i < to; i++) {
        const posting = list[i] as number
        if (!whole && (posting & 3) === Kind.Suffix) continue
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
    const markList = (list: Int32Array, base: number, other: number, slack: number, span = 1): void =>
      mark(list, 0, list.length, base, other, slack, span)
    const ranked = this.rankedList(word)
    if (ranked !== undefined) {
      // Ranked at build time: its matches as the marking below leaves them, before any compound.
      for (let i = 0; i < ranked.length; i++) {
        const packed = ranked[i] as number
        const id = packed >>> PACKED_ICON_SHIFT
        touched[count++] = id
        matchClass[id] = (packed >>> 7) & 15
        wordSlack[id] = (packed >>> 3) & 15
        wordSpan[id] = packed & 7
      }
      for (const compound of compounds) markList(compound.list, EXACT_BASE, EXACT_OTHER, 0, compound.span)
      return count
    }
    const first = this.lowerBound(word)
    const end = this.lowerBound(`${word}\uffff`, first)
    if (this.terms[first] === word) mark(postingData, this.postingStart(first), this.postingEnds[first] as number, EXACT_BASE, EXACT_OTHER, 0)
    for (const compound of compounds) markList(compound.list, EXACT_BASE, EXACT_OTHER, 0, compound.span)
    for (const synonym of synonymsOf(word)) {
      const phrase = synonym.includes(' ')
      const list = phrase ? this.familyNames.get(synonym) : this.postingsOf(synonym)
      if (list) markList(list, SYNONYM_BASE, SYNONYM_OTHER, 0, phrase ? synonym.split(' ').length : 1)
    }
    for (let position = first; position < end; position++) {
      const term = this.terms[position] as string
      if (term !== word) {
        const slack = Math.min(term.length - word.length, 255)
        mark(postingData, this.postingStart(position), this.postingEnds[position] as number, PREFIX_BASE, PREFIX_OTHER, slack, 1, false)
      }
    }
    if (count >= FEW_MATCHES || word.length < FUZZY_MIN_LENGTH || /\d/.test(word)) return count
    const found = count
    // The likeliest correction keeps the first letter (typos are rarely there), then is the most used word.
    const near = this.nearSpellings(word)
      .map((position) => ({ position, term: this.terms[position] as string, size: (this.postingEnds[position] as number) - this.postingStart(position) }))
      .sort((a, b) => Number(b.term[0] === word[0]) - Number(a.term[0] === word[0]) || b.size - a.size)
    const best = near[0]
    if (best === undefined) return count
    // A word nothing matches as typed is read as its likeliest correction alone ('hause' is house,
    // not pause); a word that matches a little also finds its near spellings, below.
    for (const candidate of found === 0 ? [best] : near) {
      const { position } = candidate
      mark(postingData, this.postingStart(position), this.postingEnds[position] as number, FUZZY_BASE, FUZZY_OTHER, candidate === best ? 1 : 2, 1, false)
    }
    // A word found rarely as typed, whose near spelling is far more used, was most likely misspelt
    // ('calender' is a tag of a few calendars).
    if (best.size >= Math.max(1, found) * CORRECTION_RATIO) corrections.set(word, best.term)
    return count
  }

  /**
   * Positions of the indexed words one edit (a letter dropped, added or changed) or one swap of
   * neighbouring letters away. Every such word shares the first i letters of the word for some i,
   * so the spellings are generated position by position within the range of terms that share them:
   * only letters some term has there are tried, and the search ends where no term shares the start.
   */
  private nearSpellings(word: string): number[] {
    const { terms } = this
    const positions = new Set<number>()
    let low = 0
    let high = terms.length
    const consider = (spelling: string): void => {
      if (spelling === word) return
      const position = this.lowerBound(spelling, low, high)
      if (terms[position] === spelling) positions.add(position)
    }
    for (let i = 0; i <= word.length; i++) {
      const head = word.slice(0, i)
      const tail = word.slice(i)
      low = this.lowerBound(head, low, high)
      high = this.lowerBound(`${head}\uffff`, low, high)
      if (low === high) break
      if (i < word.length) consider(head + tail.slice(1))
      if (i + 1 < word.length) consider(head + (tail[1] as string) + (tail[0] as string) + tail.slice(2))
      // The letters terms have after the head, each once, in order: the next term past each letter's range.
      for (let next = low; next < high; ) {
        const letter = (terms[next] as string)[i]
        if (letter === undefined) {
          next++
          continue
        }
        if (ALPHABET.includes(letter)) {
          consider(head + letter + tail)
          if (i < word.length) consider(head + letter + tail.slice(1))
        }
        next = this.lowerBound(`${head}${letter}\uffff`, next, high)
      }
    }
    return [...positions]
  }

  /** Where the postings of the term at `position` start in `postingData`. */
  private postingStart(position: number): number {
    return position === 0 ? 0 : (this.postingEnds[position - 1] as number)
  }

  private postingsOf(term: string): Int32Array | undefined {
    const position = this.lowerBound(term)
    return this.terms[position] === term ? this.postingData.subarray(this.postingStart(position), this.postingEnds[position]) : undefined
  }

  /** Position of the first term not less than `text`, looked for from `low` up to `high`. */
  private lowerBound(text: string, low = 0, high = this.terms.length): number {
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((this.terms[middle] as string) < text) low = middle + 1
      else high = middle
    }
    return low
  }
}

/**
 * The postings and per-icon arrays of the icons, in their order; no lists ranked yet. A word in
 * both the name and the tags is posted twice; matching keeps the better class. Families and tag
 * lists are shared by many icons, so their words are looked up once each.
 */
function indexIcons(icons: readonly IndexedIcon[], setSlugs: readonly string[]): SearchIndexData {
  const n = icons.length
  const setPosition = new Map(setSlugs.map((slug, position) => [slug, position]))
  const baseWordCount = new Uint8Array(n)
  const setOf = new Uint8Array(n)
  const familyOf = new Int32Array(n)
  const postings = new Map<string, number[]>()
  const listOf = (term: string): number[] => {
    let list = postings.get(term)
    if (!list) postings.set(term, (list = []))
    return list
  }
  const familyLists = new Map<string, number[][]>()
  const familyIds = new Map<string, number>()
  const tagLists = new Map<readonly string[], number[][]>()
  const phrases = new Map(synonymPhrases().map((phrase) => [phrase.replaceAll(' ', '-'), phrase]))
  const familyNames = new Map<string, number[]>()
  icons.forEach((icon, id) => {
    const set = setPosition.get(icon.iconset)
    if (set === undefined) throw new Error(`${icon.iconset}:${icon.slug} is in no set the index was given`)
    setOf[id] = set
    const familyKey = `${icon.iconset}:${icon.family}`
    let family = familyIds.get(familyKey)
    if (family === undefined) familyIds.set(familyKey, (family = familyIds.size))
    familyOf[id] = family
    // Iconify names are lower-case words joined by '-', so they need no full tokenizer.
    let base = familyLists.get(icon.family)
    if (!base) familyLists.set(icon.family, (base = [...new Set(icon.family.split('-'))].map(listOf)))
    baseWordCount[id] = Math.min(base.length, 255)
    for (const list of base) list.push(id * 4 + Kind.Base)
    // The family is the slug's beginning; the rest holds style and size words ('24', 'filled').
    if (icon.slug.length > icon.family.length) {
      for (const word of icon.slug.slice(icon.family.length + 1).split('-')) listOf(word).push(id * 4 + Kind.Suffix)
    }
    let tags = tagLists.get(icon.tags)
    if (!tags) tagLists.set(icon.tags, (tags = [...new Set(icon.tags.flatMap(words))].map(listOf)))
    for (const list of tags) list.push(id * 4 + Kind.Tag)
    const phrase = phrases.get(icon.family)
    if (phrase !== undefined) {
      const members = familyNames.get(phrase)
      if (members) members.push(id * 4 + Kind.Base)
      else familyNames.set(phrase, [id * 4 + Kind.Base])
    }
  })
  const terms = [...postings.keys()].sort()
  const postingEnds = new Uint32Array(terms.length)
  const postingData = new Int32Array(terms.reduce((sum, term) => sum + (postings.get(term)?.length ?? 0), 0))
  let offset = 0
  terms.forEach((term, position) => {
    for (const posting of postings.get(term) ?? []) postingData[offset++] = posting
    postingEnds[position] = offset
  })
  const slugOrder = Uint32Array.from(icons.keys()).sort((a, b) => {
    const bySet = (setOf[a] as number) - (setOf[b] as number)
    if (bySet !== 0) return bySet
    const slugA = (icons[a] as IndexedIcon).slug
    const slugB = (icons[b] as IndexedIcon).slug
    return slugA < slugB ? -1 : slugA > slugB ? 1 : 0
  })
  return {
    terms,
    postingEnds,
    postings: postingData,
    baseWordCount,
    setOf,
    familyOf,
    familyCount: familyIds.size,
    slugOrder,
    familyNames: [...familyNames],
    rankedKeys: [],
    rankedEnds: new Uint32Array(0),
    ranked: new Uint32Array(0)
  }
}
