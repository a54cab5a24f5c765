/**
 * The search index: an inverted index from words to icons, ranked in tiers (exact name, name
 * synonym, tag, then partial: prefix and one-typo matches), AND across query words.
 *
 * A full-text engine's BM25 scores cannot express strict tiers, and building a match object per
 * document is too slow for a one-letter prefix over ~100k icons. Prefixes are a range of a sorted
 * term list (two binary searches); a typo's near spellings are looked up the same way, letter by
 * letter within the terms that share the word's start, and only for words that find few icons as typed.
 * Postings are typed arrays, scoring is one pass over them and ordering is a counting sort.
 *
 * Words and prefixes that match many icons ('a', 'ar', 'arrow') are where that pass is long, so
 * their matches are ranked once, when the index is built, into one packed list each (`rankedKeys`):
 * a query of one such word reads its families off that list, filtered by set and style. A query of
 * several starts from its rarest word and narrows those candidates word by word; a word with a
 * list is read through once against a bit per candidate, so 'arrow' in 'arrow left' costs a scan,
 * not a mark for each of its thousands of icons. The index's arrays (SearchIndexData) are what
 * index-snapshot.ts stores, so a start reads them instead of building them.
 *
 * A search allocates little besides its answer, which is an Int32Array of one icon per family:
 * recent answers are kept outside the collected heap, and icons are looked up for the page shown.
 *
 * An icon's rank, most significant first: the whole family name matched exactly (2), or through
 * a synonym (1); the worst class of any query word (AND: the weakest word decides the tier); the
 * sum of the classes; fewer name words left unmatched; fewer letters added by prefix completion.
 * Equal ranks take the sets in turns of a few, each set's icons in the catalogue's stable order, so
 * one set's forty `bell-bolt`, `home-bolt` variations do not fill the page before another set's
 * lightning bolt (see interleaveSets). Words that name one symbol together ('trash can',
 * 'sign in') also match that symbol's names, and no synonym answers for two words (see wordMatchings).
 *
 * The query is first read (query-reading.ts) into words, a set scope and a style. Results are
 * families, not icons: each family (one drawing in one set, across its styles and sizes) shows
 * once, as its best-ranked member, ties going to the member listed first (the set's default).
 */
import { LRUCache } from 'lru-cache'
import { STYLE_SLUGS, type SearchInterpretation, type SearchRequest, type StyleSlug } from '../api/catalogue-schemas'
import { excerpt, ProblemError } from './problems'
import { everydayDrawings } from './samples'
import { buildVocabulary, CORNER_STYLES, readQuery, variantOf, withoutOtherLibraries, withSetNamesCorrected, type NameLookup, type QueryReading, type SetNaming, type Vocabulary } from './query-reading'
import { phrasesIn, relatedWords, synonymPhrases, synonymsOf, wordForms } from './synonyms'
import { words } from './tokenize'
import { listValues } from '../api/catalogue-urls'
import { queryText } from '../api/query-text'

export interface IndexedIcon {
  iconset: string
  slug: string
  family: string
  style: StyleSlug
  tags: readonly string[]
}

/**
 * What a search found and how it read the query. The families found are kept as numbers (each as
 * the position of the member shown, in the index's icons), so that recent outcomes cost the
 * collector nothing; icons are looked up only for the page shown. After every family found, once,
 * come their other members (`siblings`): every match is in the results, each family shown once
 * before its siblings.
 */
export class SearchOutcome<T> {
  private siblingCount = -1
  private siblingList: Int32Array | null = null
  private members: FamilyMembers | null = null

  constructor(
    private readonly all: readonly T[],
    /** One per family, best first. */
    readonly ids: Int32Array,
    readonly interpreted: SearchInterpretation,
    /** The query's words with a misspelt one corrected, when the results come from the correction (without a variant's size words, see withVariant). */
    public suggestion: string | null
  ) {}

  /** How many families were found: the results shown one per family, before the siblings. */
  get families(): number {
    return this.ids.length
  }

  /** How many icons were found: one per family, then their siblings, counted without listing them. */
  get total(): number {
    if (this.siblingCount === -1) this.siblingCount = this.members === null ? 0 : this.members.count(this.ids, this.interpreted)
    return this.ids.length + this.siblingCount
  }

  /** Gives the outcome the families' other members, which come after the families (SearchIndex.search). */
  withSiblings(members: FamilyMembers): this {
    this.members = members
    return this
  }

  /** The icons ranked `offset` to `offset + limit - 1`: families first, then their siblings; every one from `offset` without a limit. */
  icons(offset = 0, limit = this.total): T[] {
    const { ids } = this
    const total = this.total
    const from = Math.min(Math.max(offset, 0), total)
    const to = Math.min(total, from + Math.max(limit, 0))
    // Most pages hold families alone: the siblings are listed only for a page that reaches them.
    const siblings = to > ids.length ? (this.siblingList ??= this.members?.list(this.ids, this.interpreted) ?? new Int32Array(0)) : null
    const page = new Array<T>(to - from)
    for (let i = from; i < to; i++) page[i - from] = this.all[(i < ids.length ? ids[i] : (siblings as Int32Array)[i - ids.length]) as number] as T
    return page
  }
}

/** Where each family's other members come from: their number, and the members themselves. */
export interface FamilyMembers {
  /** How many other members the families `ids` shows have (in the style the results are limited to). */
  count(ids: Int32Array, interpreted: SearchInterpretation): number
  /** Those members, family by family, each family's in the catalogue's order. */
  list(ids: Int32Array, interpreted: SearchInterpretation): Int32Array
}

/**
 * Everything the index builds from the icons, as flat arrays a snapshot can hold. Icons are named by
 * their position in the catalogue's stable order, so the data fits only the very icons it was built from.
 */
export interface SearchIndexData {
  /** Every indexed word, sorted; the postings of term i are postings[postingEnds[i - 1] .. postingEnds[i]). */
  terms: string[]
  /** The first TERM_LETTERS letter codes of each term, 0 past its end, for near spellings (see `letterAt`). */
  termLetters: Uint16Array
  /**
   * For a letter added to or changed in a word at its start (0) or after its first letter (1): the
   * positions of the terms longer than that, sorted by their letters before it, then by those after
   * it, then by it. The terms that one position's additions or changes make of a word sit together,
   * in letter order, found by one binary search instead of one per letter.
   */
  nearOrder0: Int32Array
  nearOrder1: Int32Array
  postingEnds: Uint32Array
  /** icon position * 4 + Kind. */
  postings: Int32Array
  /**
   * Per icon: how many words its family name has (at most 255), a repeated one counted again, so that
   * check-check is not a whole name for 'check'; its set (a position in the sets) and its family.
   */
  baseWordCount: Uint8Array
  /** Per icon: the term its family name begins with, the thing drawn in most sets' naming ('user' of user-check, not of calendar-user). */
  leadTerm: Int32Array
  setOf: Uint8Array
  familyOf: Int32Array
  familyCount: number
  /**
   * Per family: how many sets draw a family of its name (at most 255). Among equal ranks, each set's
   * turns show its most widely drawn names first (see interleaveSets): arrow-left before arrow-bounce.
   */
  familyReach: Uint8Array
  /** Per family: the directions its name's words point in (directionsOf), 0 for none. */
  familyDirections: Uint8Array
  /** Icon positions sorted by set, then slug: the exact names a query spells out. */
  slugOrder: Uint32Array
  /**
   * For each style (a position in STYLE_SLUGS), the first icon of each family in that style, in
   * stable order, which is what a listing by style shows: styleLeads[styleLeadEnds[style - 1] .. styleLeadEnds[style]).
   */
  styleLeads: Int32Array
  styleLeadEnds: Int32Array
  /**
   * What a listing shows first: each everyday symbol (samples.ts) in every set that draws it, symbol
   * by symbol, as the member a listing of that style shows (the family's first icon of the style), or
   * for no style (the last slot) its first icon: everydayLeads[everydayLeadEnds[slot - 1] .. everydayLeadEnds[slot]).
   */
  everydayLeads: Int32Array
  everydayLeadEnds: Int32Array
  /**
   * Where each run of icons of one set starts, then the icon count. The catalogue's order keeps a
   * set's icons together (its leading members, then its other sizes and variants), so there are few.
   */
  setRuns: Int32Array
  /** Postings of the icons whose family is a thesaurus phrase ('magnifying glass'), by the phrase. */
  familyNames: Array<[string, number[]]>
  /** The words and prefixes ranked at build time, sorted; list i is ranked[rankedEnds[i - 1] .. rankedEnds[i]). */
  rankedKeys: string[]
  rankedEnds: Uint32Array
  /**
   * Per match, in the rank order of a query of that word alone: icon << 12 | first << 11 | class << 7 | slack << 3 | span,
   * where `first` marks the first match of its family, the one that query shows when no set or style narrows it.
   */
  ranked: Uint32Array
}

/**
 * How a posting's word occurs in the icon: the family name, the rest of the slug, a tag, or a
 * category-like tag (one a large share of the set's families have, such as twemoji's 'smileys').
 */
const enum Kind {
  Category = 0,
  Tag = 1,
  Suffix = 2,
  Base = 3
}

/**
 * Match classes of a query word against an icon, best first; 0 = no match. A category-like tag
 * matched exactly or by synonym ranks below every other exact, synonym or prefix match, and by
 * prefix below that; near spellings rank below all.
 */
const EXACT_BASE = 10
const SYNONYM_BASE = 9
const EXACT_OTHER = 8
const SYNONYM_OTHER = 7
const PREFIX_BASE = 6
const PREFIX_OTHER = 5
const CATEGORY = 4
const CATEGORY_PREFIX = 3
const FUZZY_BASE = 2
const FUZZY_OTHER = 1

/**
 * A tag word that this share of a set's families have, and at least CATEGORY_MIN_FAMILIES of them,
 * sorts the set into categories rather than describing an icon (twemoji's 'smileys', 4%; mdi's 'home automation').
 */
const CATEGORY_SHARE = 0.03
const CATEGORY_MIN_FAMILIES = 64

/** Words of this length or more tolerate one typo: one edit, or two neighbouring letters swapped. */
const FUZZY_MIN_LENGTH = 4
/**
 * A shorter word that finds nothing as typed tolerates only a letter left out ('hme' is home, 'usr'
 * user, 'lft' left), the typo fast typing makes: a letter changed or added is as often another
 * word ('usr' is not usb), and one that finds a little is meant ('ion' is Ionic, not icon).
 */
const SHORT_FUZZY_LENGTH = 3
/** Near spellings add or change only these letters. */
const LETTER_A = 97
const LETTER_Z = 122
/** How many first letters of each term near spellings keep at hand (see `letterAt`). */
const TERM_LETTERS = 8
/** Letters added or changed this near the start are looked up in an order of their own (see `nearOrder0`). */
const NEAR_ORDERS = 2
/** How many times more icons a near spelling must name than the word as typed to be suggested instead. */
const CORRECTION_RATIO = 4
/** A word that matches fewer icons than this exactly, by prefix or by synonym also gets its near spellings. */
const FEW_MATCHES = 48
/** A half-typed word being typed this long or more may be completed within a set that has no word it begins (see completionAmong). */
const COMPLETION_MIN_LENGTH = 3
/**
 * A word this short beside others, that is a word of some icon's name, is meant whole: 'in' of
 * 'sign in' is not 'indian', 'can' of 'trash can' not 'cancel'. Alone, or last and not yet naming a
 * symbol with the words before it ('trash c', 'arrow d'), it may still be half typed.
 */
const SHORT_WORD = 3
/** A span of this plus n (see `mark`) counts n name words only where they are the icon's whole name, else none. */
const SPAN_IF_WHOLE = 16
/**
 * How many families of equal rank a set shows in a turn before the next set (see interleaveSets):
 * enough for a set's arrows in four directions to stay together, few enough that its sixty
 * variations of a word do not fill the page.
 */
const SET_TURN = 4
/** A family's reach (how many sets draw its name) is counted up to this, as many sets as an icon's set number (Uint8Array) tells apart. */
const MAX_REACH = 255

/**
 * The words that name a direction, as bits: a name that points elsewhere too (arrow-up-right,
 * arrow-left-right for 'arrow right') is another symbol than the one asked for, however few words it adds.
 */
const DIRECTION_BITS: ReadonlyMap<string, number> = new Map([
  ['up', 1],
  ['top', 1],
  ['north', 1],
  ['down', 2],
  ['bottom', 2],
  ['south', 2],
  ['left', 4],
  ['west', 4],
  ['right', 8],
  ['east', 8]
])

/** The directions these words name, as DIRECTION_BITS. */
function directionsOf(words: readonly string[]): number {
  let bits = 0
  for (const word of words) bits |= DIRECTION_BITS.get(word) ?? 0
  return bits
}
/** More words than this add nothing a designer would type; the rest are ignored. */
const MAX_QUERY_WORDS = 12

/** The shortest word read as two joined: shorter ones are more likely typos or initials. */
const JOINED_MIN_LENGTH = 5

/** A brand's mark, as a position in STYLE_SLUGS. */
const LOGO = STYLE_SLUGS.indexOf('logo')

/** Above every rank computed in rank(). */
const RANK_SPAN = 3 * 16 * 128 * 8 * 16 * 2

/**
 * A word or prefix that matches this many icons as typed is ranked at build time (~4,800 of them
 * in the 20 sets, ~9 MB of packed matches); one below it is matched in a few microseconds.
 */
const RANKED_MIN_MATCHES = FEW_MATCHES
/** Packed match: the icon's position above 12 bits of family first (1), class (4), slack (4) and span (3). */
const PACKED_ICON_SHIFT = 12
const FAMILY_FIRST = 1 << 11
const MAX_PACKED_ICONS = 2 ** (32 - PACKED_ICON_SHIFT)

export class SearchIndex<T extends IndexedIcon> {
  private readonly icons: readonly T[]
  private readonly data: SearchIndexData
  /** The index's arrays, unpacked from `data` for the hot loops. */
  private readonly terms: readonly string[]
  private readonly postingEnds: Uint32Array
  private readonly postingData: Int32Array
  private readonly baseWordCount: Uint8Array
  private readonly leadTerm: Int32Array
  /** Each icon's style, as a position in STYLE_SLUGS. */
  private readonly styleOf: Uint8Array
  /** Each icon's set, as a position in `setSlugs`, and its family, as a number. */
  private readonly setSlugs: readonly string[]
  /** Each set's aliases, by position in `setSlugs`. */
  private readonly aliases: ReadonlyArray<ReadonlyMap<string, string> | undefined>
  private readonly setOf: Uint8Array
  private readonly familyOf: Int32Array
  private readonly familyReach: Uint8Array
  private readonly familyDirections: Uint8Array
  /** The directions the query being ranked names (directionsOf), 0 for none. */
  private queryDirections = 0
  /**
   * Each family's members, and how many it has in all and in each style: what a search's siblings are
   * read from. Made on the first search that needs them (one that is not families_only), not at start.
   */
  private siblingTable: FamilyTable | null = null
  private readonly familySeen: Uint8Array
  private readonly vocabulary: Vocabulary
  private readonly familyNames: ReadonlyMap<string, Int32Array>
  /**
   * Per icon, how the query word being matched matches it (`wordMark`: class, slack and span), and
   * which icons it marked (`touched`). Slack is the letters a prefix or typo match differs by ('hou'
   * is closer to house than hourglass); span, the family-name words it matched: 0 (a tag or style
   * word), 1, or more for a synonym like 'magnifying glass'. One array, so a mark is one memory access.
   */
  private readonly wordMark: Uint16Array
  private readonly touched: Int32Array
  /**
   * Scratch space, reused by every search so that only the result itself is allocated: the icons
   * matching every word so far, each with its summed match (`summed`, see `addMatch`) beside it,
   * so that narrowing them reads both in order.
   */
  private readonly candidates: Int32Array
  private readonly summed: Int32Array
  /** The summed match of each icon left, while they are put in rank order. */
  private readonly matchOf: Int32Array
  /** The families familiesMatching last found by rank(), whose matches `matchOf` holds; null after one read off a ranked list. */
  private lastRanked: Int32Array | null = null
  /** One bit per icon: the candidates, while rank() narrows them, then while they are put in order. */
  private readonly inPlay: Uint32Array
  /** One bit per icon: the candidates a word with a ranked list matches. */
  private readonly hit: Uint32Array
  private readonly ranks: Int32Array
  private readonly ordered: Int32Array
  /** The first icon of each family, in order, while a result is gathered. */
  private readonly firsts: Int32Array
  /** The ranked list of each query word, if it has one, while rank() runs. */
  private readonly wordLists: Array<Uint32Array | undefined> = []
  /** The term positions of a word's near spellings, in the order they were found. */
  private near = new Int32Array(64)
  private readonly termLetters: Uint16Array
  /** `nearOrder0` and `nearOrder1`, by depth. */
  private readonly nearOrders: readonly Int32Array[]
  private readonly rankCount = new Int32Array(RANK_SPAN)
  /** Whether the query being ranked is one word, which alone decides whether a name is matched whole (see mark). */
  private oneWord = false
  /** Per icon, 1 while the one-word query being ranked is a name of its whole drawing by a synonym (see mark). */
  private readonly coveredWhole: Uint8Array
  /**
   * While a run of equal rank is interleaved: how many families each set has had, each family's turn,
   * where each turn starts, and where the families of each reach start in that order.
   */
  private readonly setTurn: Int32Array
  private readonly familyTurn: Int32Array
  private readonly turnStart: Int32Array
  /** Sized by the sets, as no name is drawn by more sets than there are, so a run's count clears few slots. */
  private readonly reachStart: Int32Array
  /**
   * Recent outcomes, bounded by their total length in 4-byte units: their ids (outside the collected
   * heap) and their keys (two bytes a letter), at most ~16 MB in all. It sits beside the response
   * cache's CACHE_MB (README, Memory).
   */
  private readonly cache = new LRUCache<string, SearchOutcome<T>>({
    max: 5000,
    maxSize: 4_000_000,
    // What an outcome holds until a page past its families lists their siblings: its families' ids.
    sizeCalculation: (outcome, key) => outcome.families + 1 + Math.ceil(key.length / 2)
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
    this.aliases = sets.map((set) => set.aliases)
    this.vocabulary = buildVocabulary(sets)
    this.styleOf = Uint8Array.from(icons, (icon) => STYLE_SLUGS.indexOf(icon.style))
    this.wordMark = new Uint16Array(n)
    this.touched = new Int32Array(n)
    this.candidates = new Int32Array(n)
    this.summed = new Int32Array(n)
    this.matchOf = new Int32Array(n)
    this.inPlay = new Uint32Array(Math.ceil(n / 32))
    this.hit = new Uint32Array(Math.ceil(n / 32))
    this.ranks = new Int32Array(n)
    this.ordered = new Int32Array(n)
    this.firsts = new Int32Array(n)
    this.setTurn = new Int32Array(sets.length)
    this.reachStart = new Int32Array(sets.length + 2)
    this.turnStart = new Int32Array(n + 2)

    this.data = data ?? indexIcons(icons, this.setSlugs)
    this.terms = this.data.terms
    this.termLetters = this.data.termLetters
    this.nearOrders = [this.data.nearOrder0, this.data.nearOrder1]
    this.postingEnds = this.data.postingEnds
    this.postingData = this.data.postings
    this.baseWordCount = this.data.baseWordCount
    this.leadTerm = this.data.leadTerm
    this.setOf = this.data.setOf
    this.familyOf = this.data.familyOf
    this.familyReach = this.data.familyReach
    this.familyDirections = this.data.familyDirections
    this.familySeen = new Uint8Array(this.data.familyCount)
    this.coveredWhole = new Uint8Array(icons.length)
    this.familyTurn = new Int32Array(this.data.familyCount)
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
    const { terms, postingEnds, matchOf, familyOf, familySeen } = this
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
        for (const { entry } of relatedWords(key)) {
          postings += (entry.includes(' ') ? this.familyNames.get(entry) : this.postingsOf(entry))?.length ?? 0
        }
        if (postings < RANKED_MIN_MATCHES) continue
        const ids = this.rank([key], null, new Map())
        // A word that needed its near spellings to reach this many keeps being matched as typed, for its corrections.
        // rank() leaves each icon's match in `matchOf`.
        if (ids.length < RANKED_MIN_MATCHES || ids.some((id) => worstOf(matchOf[id] as number) < CATEGORY_PREFIX || spanOf(matchOf[id] as number) > 7)) continue
        for (const id of ids) {
          const match = matchOf[id] as number
          const family = familyOf[id] as number
          const first = familySeen[family] === 0 ? FAMILY_FIRST : 0
          familySeen[family] = 1
          packed.push(((id << PACKED_ICON_SHIFT) | first | (worstOf(match) << 7) | (slackOf(match) << 3) | spanOf(match)) >>> 0)
        }
        for (const id of ids) familySeen[familyOf[id] as number] = 0
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
   * style and sets, the everyday symbols first, then in stable order. Unknown set slugs are a bad request that lists the known ones.
   * Outcomes are kept for the next asking unless `remember` is false (a rehearsal: warm-up.ts).
   */
  search(request: SearchRequest, remember = true): SearchOutcome<T> {
    const query = queryText(request.q ?? '')
    const requestedSets = this.requestedSets(request.iconset)
    const requestedStyle = request.style === undefined || request.style === '' ? null : request.style
    // Words are read between runs of spaces, so 'home  arrow' is 'home arrow' and asks again.
    const key = `${requestedStyle ?? ''}\u0000${requestedSets.join(',')}\u0000${query.trim().replace(/\s+/g, ' ')}`
    let outcome = this.cache.get(key)
    if (!outcome) {
      outcome = this.answer(query, requestedSets, requestedStyle).withSiblings(this.familyMembers)
      if (remember) this.cache.set(key, outcome)
    }
    return outcome
  }

  /**
   * The other members of the families a search shows, family by family, each family's in the
   * catalogue's order: in the style the results are limited to, if any; none for a set's variant
   * ('heroicons mini star' asks for the 20 px drawings alone). Counting them reads one number per
   * family, so a first page costs little more than before; they are listed only for a page past the families.
   */
  private readonly familyMembers: FamilyMembers = {
    count: (ids, interpreted) => {
      const styleAt = siblingStyle(interpreted)
      if (styleAt === null) return 0
      const { familyOf, styleOf } = this
      const { sizes, styleSizes } = this.familyTable()
      let count = 0
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i] as number
        const family = familyOf[id] as number
        count += styleAt === -1 ? (sizes[family] as number) - 1 : (styleSizes[family * STYLE_SLUGS.length + styleAt] as number) - (styleOf[id] === styleAt ? 1 : 0)
      }
      return count
    },
    list: (ids, interpreted) => {
      const styleAt = siblingStyle(interpreted)
      if (styleAt === null) return new Int32Array(0)
      const { familyOf, styleOf } = this
      const { starts, members } = this.familyTable()
      const siblings = new Int32Array(this.familyMembers.count(ids, interpreted))
      let at = 0
      for (const id of ids) {
        const family = familyOf[id] as number
        for (let k = starts[family] as number, end = starts[family + 1] as number; k < end; k++) {
          const member = members[k] as number
          if (member !== id && (styleAt === -1 || styleOf[member] === styleAt)) siblings[at++] = member
        }
      }
      return siblings
    }
  }

  private familyTable(): FamilyTable {
    this.siblingTable ??= familyTable(this.familyOf, this.data.familyCount, this.styleOf)
    return this.siblingTable
  }

  private requestedSets(iconset: SearchRequest['iconset']): string[] {
    if (iconset === undefined) return []
    const asked = listValues(iconset)
    const unknown = asked.filter((slug) => !this.setSlugs.includes(slug))
    if (unknown.length > 0) {
      throw new ProblemError(
        'unknown_iconset',
        `Unknown icon set ${unknown.slice(0, 3).map(excerpt).join(', ')}; use one or more of ${this.setSlugs.join(', ')}.`
      )
    }
    return asked.sort((a, b) => this.setSlugs.indexOf(a) - this.setSlugs.indexOf(b))
  }

  /** The query with slips of set names read (answerSlipsRead), but never a correction as a way out when it finds nothing either. */
  private answer(query: string, requestedSets: readonly string[], requestedStyle: StyleSlug | null): SearchOutcome<T> {
    const outcome = this.answerSlipsRead(query, requestedSets, requestedStyle)
    const { terms, unapplied, iconsets, style, variant } = outcome.interpreted
    if (outcome.families === 0 && outcome.suggestion === null && variant === null) return this.withOneWordLeftOut(outcome) ?? outcome
    if (outcome.families > 0 || outcome.suggestion === null || terms.length < 2 || variant !== null) return outcome
    // The correction finds nothing either ('home zzzz': 'zzz' is a word, but no home has it), so it
    // is no way out: the words found only misspelt are left out, as a word matching nothing is, and
    // said to be (within the sets and style the query was read in).
    const known = terms.filter((term) => this.matchesAsTyped(term))
    if (known.length === 0 || known.length === terms.length) return outcome
    const kept = this.answerAsTyped(known.join(' '), iconsets, style)
    return kept.families > 0 ? withUnapplied(kept, [...unapplied, ...terms.filter((term) => !known.includes(term))]) : outcome
  }

  /**
   * For words each of which finds icons but that find none together ('wifi off zzz'), rather than a
   * dead end: the words without one of them, the last first (the one added to narrow the others),
   * that one reported as not applied, within the sets and style the words were read in; null when
   * no words without one of them find any. Words that needed reading another way are not tried.
   * What the query had already left out stays reported ('heart zebra qqq' is hearts, zebra and
   * qqq not applied), so a word matching nothing never turns the way out into a dead end.
   */
  private withOneWordLeftOut(found: SearchOutcome<T>): SearchOutcome<T> | null {
    const { terms, iconsets, style, unapplied } = found.interpreted
    if (terms.length < 2) return null
    for (let at = terms.length - 1; at >= 0; at--) {
      const outcome = this.answerAsTyped(terms.filter((_, i) => i !== at).join(' '), iconsets, style)
      if (outcome.families > 0 && outcome.interpreted.unapplied.length === 0 && outcome.suggestion === null) {
        return withUnapplied(outcome, [terms[at] as string, ...unapplied])
      }
    }
    return null
  }

  /**
   * The query as typed, unless a word of it is a slip of a set's name ('lucid heart') that the
   * query as typed did not find icons with as it is: it found none, or only through a correction
   * of that word ('phospor': the Phosphor logo), or left the word out as naming nothing ('heroicns
   * user'). Then, if it finds icons, the query with such words read as the sets' names, and a
   * suggestion saying so: the words it matched, as for any correction, with the set among those
   * applied (a query that was only the name has no words to suggest; the sets applied say how it
   * was read). A word the query as typed did find icons with stays ('table chiar': tables).
   */
  private answerSlipsRead(query: string, requestedSets: readonly string[], requestedStyle: StyleSlug | null): SearchOutcome<T> {
    const typed = this.answerAsTyped(query, requestedSets, requestedStyle)
    const slip = withSetNamesCorrected(query, this.vocabulary, (word) => typed.families > 0 && (matchedAsTyped(typed, word) || this.readAsDoubled(typed, word)))
    if (slip === null) return typed
    const corrected = this.answerAsTyped(slip.query, requestedSets, requestedStyle)
    if (corrected.families === 0) return typed
    if (corrected.interpreted.terms.length > 0) corrected.suggestion ??= corrected.interpreted.terms.join(' ')
    return corrected
  }

  /**
   * Whether `outcome` read `word` as a word other than a set's name with a letter typed twice taken
   * out ('tablee': table, not Tabler): a key struck twice is a likelier slip than the one that
   * makes the word the set's name.
   */
  private readAsDoubled(outcome: SearchOutcome<T>, word: string): boolean {
    // Word by word: a term may be a phrase of several ('real estate'), as the suggestion spells them.
    const at = outcome.interpreted.terms.flatMap((term) => term.split(' ')).indexOf(word)
    const read = at === -1 ? undefined : outcome.suggestion?.split(' ')[at]
    return read !== undefined && read.length === word.length - 1 && doubles(word, read) && !this.vocabulary.setNames.has(read)
  }

  private answerAsTyped(query: string, requestedSets: readonly string[], requestedStyle: StyleSlug | null): SearchOutcome<T> {
    const read = readQuery(query, this.vocabulary, this.nameLookup, requestedSets)
    // The sets and style asked for are filters ("Only icons of these sets", "Only icons in this
    // style"): sets the query names narrow them, but neither those nor a style word the query names
    // ever widen or replace them ('lucide heart' with iconset=tabler, 'heart solid' with
    // style=outline); such words are reported as not applied.
    const outside = (sets: readonly string[]) => requestedSets.length > 0 && !sets.some((slug) => requestedSets.includes(slug))
    const setsRefused = read.iconsets.length > 0 && outside(read.iconsets)
    // A set's variant goes with its set and with its style, and so do its size words and the style
    // it gave: 'heroicons mini star' in outline is the 24 px star, within Fluent Fluent's star; so
    // does the style a component's library draws its set in (HiHome within Lucide is Lucide's home).
    const variant = read.variant === null ? undefined : variantOf(read.variant)
    const variantRefused =
      variant !== undefined && ((requestedSets.length > 0 && !requestedSets.includes(variant.set)) || (requestedStyle !== null && variant.style !== undefined && variant.style !== requestedStyle))
    const style = (variantRefused && read.stylePhrase === read.variant) || (setsRefused && read.styleOfSet) ? null : read.style
    const styleRefused = requestedStyle !== null && style !== null && style !== requestedStyle
    // A corner style refused for a fill style takes back the slug word its fill word left ('home
    // rounded outline' within outline is an outlined home); within the other corner style the fill
    // word still says which of its drawings (home-outline-sharp).
    const fill = styleRefused && !CORNER_STYLES.has(requestedStyle) ? read.fillWord : null
    const terms = fill?.term == null ? read.terms : read.terms.filter((term, at) => at !== read.terms.indexOf(fill.term as string))
    const kept: QueryReading = {
      ...read,
      terms,
      ...(setsRefused ? { iconsets: [], setPhrases: [] } : {}),
      ...(styleRefused || style === null ? { style: null, styleName: null, stylePhrase: null } : {})
    }
    const reading = variantRefused ? withoutVariant(kept) : kept
    // A query that was only those words lists what the filters hold, as a blank one does.
    const onlyRefused = (setsRefused || styleRefused || variantRefused) && reading.terms.length === 0 && reading.iconsets.length === 0 && reading.style === null
    const outcome = this.answerReading(onlyRefused ? '' : query, reading, requestedSets, requestedStyle)
    // A style word a set's variant word overrode is reported whichever way the query was answered,
    // unless its style is the one applied after all ('heroicons mini outline star' in outline).
    const declined = read.declinedStyle !== null && read.declinedStyle.style !== outcome.interpreted.style ? read.declinedStyle.phrase : null
    // Each phrase naming only sets outside the filter, whether or not others inside it were kept ('lucide tabler heart' within Tabler).
    const setsOutside = read.setPhrases.filter(({ sets }) => outside(sets)).map(({ phrase }) => phrase)
    const refused = [
      ...setsOutside,
      variantRefused ? read.variant : null,
      styleRefused ? read.stylePhrase : null,
      declined,
      fill !== null && fill.style !== requestedStyle ? fill.phrase : null,
      ...read.unread
    ]
    if (refused.some((phrase) => phrase !== null)) withUnapplied(outcome, refused)
    return withVariant(outcome, reading.variant)
  }

  private answerReading(query: string, reading: QueryReading, requestedSets: readonly string[], requestedStyle: StyleSlug | null): SearchOutcome<T> {
    // Sets named in the query narrow the requested ones (answer() has set aside any that share none).
    const sets = reading.iconsets.length === 0 ? requestedSets : reading.iconsets.filter((slug) => requestedSets.length === 0 || requestedSets.includes(slug))
    const style = reading.style ?? requestedStyle
    // Punctuation alone names nothing; a set name or style word alone lists its icons.
    if (query.trim() !== '' && reading.terms.length === 0 && reading.iconsets.length === 0 && reading.style === null) {
      return new SearchOutcome(this.icons, new Int32Array(0), { terms: [], variant: null, iconsets: [...sets], style, unapplied: [] }, null)
    }
    const allowed = this.allowed(sets, style, reading.styleName, suffixOf(reading))
    const found = this.find(reading, sets, style, allowed)
    if (found.families > 0 || query.trim() === '') return found
    // Nothing: the words read as a style or a set may have been ordinary words after all. A set's
    // variant, which gives a style, goes with the style.
    if (reading.style !== null && reading.style !== requestedStyle) {
      const unstyled = this.find({ ...withoutVariant(reading), style: null }, sets, requestedStyle)
      if (unstyled.families > 0) return withUnapplied(unstyled, [reading.stylePhrase])
    }
    // Before the sets and style are given up on, a word may be misspelt there ('heroicons setings': its
    // cog), or still being typed: the last word that names a drawing, as set names, style and filler
    // words typed after it don't ('heroicons sear', 'dele bootstrap', 'heroicons sear outline icon').
    const corrected = this.findCorrected(found.interpreted, reading.terms.at(-1), allowed)
    if (corrected !== null) return corrected
    if (reading.iconsets.length > 0 || reading.style !== null) {
      const literal = this.find({ ...reading, terms: reading.literal, iconsets: [], style: null, names: [], variant: null }, requestedSets, requestedStyle)
      // Only as every word reads literally: one it left out ('fa6' of 'fa6 brands home') says the set was meant.
      if (literal.families > 0 && literal.interpreted.unapplied.length === 0) return withUnapplied(literal, [...reading.setPhrases.map(({ phrase }) => phrase), reading.stylePhrase])
    }
    // Sets named that draw none of it, whose names are words too ('lucide github': Lucide dropped its
    // brand icons, and 'lucide' is Simple Icons' Lucide logo, so read literally the words find nothing):
    // the words in the sets asked for, or every set, and the sets named reported as not applied.
    // A variant of the named set goes with it, its size words and its style too, as does the style
    // its components imply (HiHome's solid); a style word the set spelt its own way means what it
    // means elsewhere ('solar github bold': bold, not Solar's Bold, which is solid).
    if (reading.iconsets.length > 0) {
      const styleOfSet = reading.styleOfSet || (reading.variant !== null && reading.stylePhrase === reading.variant)
      const styleThere = requestedStyle ?? (styleOfSet ? null : (reading.generalStyle ?? reading.style))
      const elsewhere = this.find({ ...withoutVariant(reading), iconsets: [], names: [] }, requestedSets, styleThere)
      if (elsewhere.families > 0) return withUnapplied(elsewhere, [...reading.setPhrases.map(({ phrase }) => phrase), reading.variant])
    }
    return found
  }

  /** The query read so within the sets and style; `allowed` is the filter they make (see allowed()). */
  private find(reading: QueryReading, sets: readonly string[], style: StyleSlug | null, allowed = this.allowed(sets, style, reading.styleName, suffixOf(reading))): SearchOutcome<T> {
    const interpreted: SearchInterpretation = { terms: [...new Set(reading.terms)].slice(0, MAX_QUERY_WORDS), variant: null, iconsets: [...sets], style, unapplied: [] }
    const pinned = this.pinned(reading.names, sets, allowed)
    if (interpreted.terms.length === 0) {
      return new SearchOutcome(this.icons, this.listing(pinned, sets, style, suffixOf(reading)), interpreted, null)
    }
    const corrections = new Map<string, string>()
    let ids = this.familiesMatching(interpreted.terms, pinned, allowed, corrections)
    if (ids === null && (reading.iconsets.length > 0 || reading.style !== null) && !interpreted.terms.some((term) => this.matches(term))) {
      // Words that match nothing at all, not even misspelt, beside the sets or style the query named
      // ('tabler blorp', 'blorp outline'): the query is those, said so, as it would be without them.
      interpreted.unapplied = [...interpreted.terms]
      interpreted.terms = []
      ids = this.listing(pinned, sets, style, suffixOf(reading))
    } else if (ids === null && interpreted.terms.length > 1) {
      // A word that matches nothing at all, not even misspelt ('home page qqqxx'), and the name of a
      // library the catalogue does not serve ('feather home') are left out rather than emptying the page.
      const { kept, libraries } = withoutOtherLibraries(interpreted.terms, reading.otherLibraries)
      const known = kept.filter((term) => this.matches(term))
      if (known.length > 0 && known.length < interpreted.terms.length) {
        // Left out, but not silently: the designer sees the words were not applied.
        interpreted.unapplied = [...libraries, ...kept.filter((term) => !known.includes(term))]
        interpreted.terms = known
        // A word left out is not corrected either ('nope:home' suggests no 'note').
        corrections.clear()
        ids = this.familiesMatching(known, pinned, allowed, corrections)
      } else if (libraries.length === 0 && this.halfTyped(interpreted.terms.at(-1) as string)) {
        // The last word is still being typed ('heart outlin', on its way to the style word
        // 'outline'; 'star rounde'): rather than empty the page at each letter, the words before it
        // are searched, and it is shown as not applied yet.
        const before = interpreted.terms.slice(0, -1)
        const found = this.familiesMatching(before, pinned, allowed, corrections)
        if (found !== null && found.length > 0) {
          interpreted.unapplied = [interpreted.terms.at(-1) as string]
          interpreted.terms = before
          ids = found
        }
      }
    }
    ids ??= this.families(pinned, new Int32Array(0))
    // A correction is offered even when the set or style filter leaves nothing, as one of the ways out.
    let suggestion: string | null = null
    if (corrections.size > 0) {
      const spelt = interpreted.terms.map((term) => corrections.get(term) ?? term)
      suggestion = spelt.join(' ')
      // The words are then searched as spelt right, synonyms and plurals and all ('seach' brings the
      // magnifying glasses 'search' does), where that finds anything, as the suggestion says. So is a
      // word that finds a little as typed ('calender' is a tag of a few calendars, 'arow' of MingCute's
      // arrows), but nothing it found is lost: what the words spelt right do not find comes first
      // where the words named it as typed ('abode', a tag of a house, is most often 'above'), and
      // after the correction's results where they only began a tag ('hert': hertz) or found it by
      // a near spelling of their own ('arow': row, 'hert': vert), which the correction outranks.
      const named = this.namedAsTyped(ids, pinned)
      const respelt = new Map<string, string>()
      let right = this.familiesMatching(spelt, pinned, allowed, respelt)
      // A correction that is itself a rare misspelling is corrected again ('calander' is the tag
      // 'calender', which is most often 'calendar'), and searched so: the suggestion names what was found.
      const again = spelt.map((word) => respelt.get(word) ?? word)
      if (respelt.size > 0) right = this.familiesMatching(again, pinned, allowed, new Map()) ?? right
      if (right !== null && right.length > 0) {
        ids = this.aroundCorrection(right, ids, named)
        suggestion = again.join(' ')
      }
    }
    return new SearchOutcome(this.icons, ids, interpreted, suggestion)
  }

  /**
   * Which of `ids`, the families the last rank() found, every query word matched as typed by a
   * name: exactly, by synonym or as the prefix of a family name, not only as the prefix of a tag or
   * by a near spelling; the pinned icons too. rank() leaves each icon's match in `matchOf`; families
   * read off a word's ranked list, or any other than the last ranked, have no match there (what it
   * holds is an earlier query's), so they all count as named, and keep their place before a correction.
   */
  private namedAsTyped(ids: Int32Array, pinned: readonly number[]): boolean[] {
    const { matchOf } = this
    const ranked = ids === this.lastRanked
    return Array.from(ids, (id) => !ranked || pinned.includes(id) || worstOf(matchOf[id] as number) >= PREFIX_BASE)
  }

  /**
   * The families of `right`, what a correction found, between those of `found`, what the words found
   * as typed, that it lacks: before it those `named` (see namedAsTyped), after it the rest, each in their order.
   */
  private aroundCorrection(right: Int32Array, found: Int32Array, named: readonly boolean[]): Int32Array {
    const { familyOf, familySeen } = this
    for (const id of right) familySeen[familyOf[id] as number] = 1
    const missing = (byName: boolean) => found.filter((id, at) => named[at] === byName && familySeen[familyOf[id] as number] === 0)
    const before = missing(true)
    const after = missing(false)
    for (const id of right) familySeen[familyOf[id] as number] = 0
    if (before.length === 0 && after.length === 0) return right
    const all = new Int32Array(before.length + right.length + after.length)
    all.set(before)
    all.set(right, before.length)
    all.set(after, before.length + right.length)
    return all
  }

  /**
   * The query within its sets and style (null when it has neither) with each word that matches
   * nothing there as typed read as its likeliest near spelling there, as if typed so, and the word
   * being typed, `typing`, first as its likeliest completion there ('heroicons
   * searc': search, which Heroicons draws as magnifying-glass); null when a word has neither, or
   * the words so read find nothing together. The words are those find() kept, which has left out a
   * word matching nothing anywhere, not even misspelt: the last of those is completed only if it is
   * the one being typed ('heroicons sear zzzzq' has typed past 'sear' to a word that names nothing). The corrections found
   * over every set may name nothing in these ('setings' is settings, which Heroicons draws as cog-6-tooth).
   * Near spellings are tried for the words they are tried for over every set (see matchWord):
   * 'heroicons github' means GitHub's logo, which Heroicons lacks.
   */
  private findCorrected(interpreted: SearchInterpretation, typing: string | undefined, allowed: ((id: number) => boolean) | null): SearchOutcome<T> | null {
    // Over every set and style (no filter), find() has tried the near spellings already.
    if (allowed === null) return null
    const { terms: typed, iconsets: sets } = interpreted
    const halfTyped = typing !== undefined && typed.at(-1) === typing && mayBeHalfTyped(typing) ? typed.length - 1 : -1
    // A word ranked at build time finds too many icons as typed to be misspelt (see rankCommonWords),
    // and most words of an empty page are such: with no other word but one being typed, there is nothing to try.
    // Each is asked as finding nothing, as it does here; correctionAmong asks again with what it finds anywhere.
    const correctable = typed.some((word) => mayBeMisspelt(word, 0) && this.rankedList(word) === undefined)
    if (!correctable && halfTyped === -1) return null
    const scope = { allowed, runs: this.runsOf(sets) }
    const read: string[] = []
    for (const [i, word] of typed.entries()) {
      if (this.countInScope(word, scope) > 0) {
        read.push(word)
        continue
      }
      // A word that is itself an icon's name is meant as typed ('heroicons github' means GitHub's logo).
      if (this.namesIconsAsTyped(word)) return null
      const reading = (i === halfTyped ? this.completionAmong(word, scope) : null) ?? this.correctionAmong(word, scope)
      if (reading === null) return null
      read.push(reading)
    }
    if (read.every((word, i) => word === typed[i])) return null
    const ids = this.familiesMatching(read, [], allowed, new Map())
    if (ids === null || ids.length === 0) return null
    return new SearchOutcome(this.icons, ids, { terms: [...typed], variant: null, iconsets: [...sets], style: interpreted.style, unapplied: [...interpreted.unapplied] }, read.join(' '))
  }

  /**
   * `families` of the allowed icons matching every word, best first; null when ranking finds no
   * allowed icon that matches them all. One word ranked at build time is its list ('arrow', or a
   * correction such as 'settings'): its families are read off it without ranking, and never null.
   */
  private familiesMatching(
    queryWords: readonly string[],
    pinned: readonly number[],
    allowed: ((id: number) => boolean) | null,
    corrections: Map<string, string>
  ): Int32Array | null {
    const list = queryWords.length === 1 ? this.rankedList(queryWords[0] as string) : undefined
    if (list !== undefined) {
      this.lastRanked = null
      return this.rankedFamilies(pinned, list, allowed)
    }
    const ranked = this.rank(queryWords, allowed, corrections)
    const families = ranked.length === 0 ? null : this.families(pinned, ranked)
    this.lastRanked = families
    return families
  }

  /**
   * The likeliest completion in the scope of a word being typed that begins no word there: of the
   * indexed words it begins, the one matching the most icons of the scope as that whole word
   * would, through its synonyms too; of equals, the first in order. None when no word it begins
   * matches anything in the scope. findCorrected asks only for a word being typed, long enough to
   * say much (mayBeHalfTyped), that is no icon's name.
   *
   * Unlike a near spelling, a completion is not given up for a word that finds many icons elsewhere
   * (see correctionAmong). There, finding icons as typed shows the word is no typo, so a near
   * spelling would be another word ('twemoji gith' is github, not 'with'). But a word being typed
   * begins many names elsewhere by its nature ('dele' begins delete in some 280 families, none of
   * Heroicons'), and what it is completed to begins with every letter typed: it is the word being
   * typed, as the set draws it ('heroicons dele' is Heroicons' trash). The guard would take away
   * nearly every completion; what shows a word is meant as typed is that it names icons, above.
   */
  private completionAmong(word: string, scope: Scope): string | null {
    const first = this.lowerBound(word)
    const end = this.lowerBound(`${word}\uffff`, first)
    let best: string | null = null
    let bestSize = 0
    for (let position = first; position < end; position++) {
      const term = this.terms[position] as string
      // The typed word's lists by prefix, this term's and the longer words' included, found nothing
      // in the scope (that is why it is completed), so the longer words it begins are not read again:
      // the term is sized by its own list, whole (its style and size words count), and its synonyms.
      const size = this.countInScope(term, scope, false)
      if (size > bestSize) {
        best = term
        bestSize = size
      }
    }
    return best
  }

  /**
   * The likeliest near spelling in the scope of a word that matches nothing there as typed, sized
   * by the icons it matches there as typed (see countInScope); findCorrected asks only for a word
   * that is no icon's name. None when no near spelling keeps the word's first letter (few words are at hand in a set, so another first letter is more
   * often another word), nor when the word finds icons elsewhere as typed and its near spelling is
   * not far more used here: 'twemoji gith' is github being typed, not 'with'.
   */
  private correctionAmong(word: string, scope: Scope): string | null {
    const anywhere = this.countAsTyped(word)
    if (anywhere >= FEW_MATCHES || !mayBeMisspelt(word, anywhere)) return null
    const nearCount = this.nearSpellings(word)
    const { position, size } = this.likeliestNear(word, nearCount, (near) => this.countInScope(this.terms[near] as string, scope))
    const correction = this.terms[position]
    if (correction === undefined || correction.charCodeAt(0) !== word.charCodeAt(0)) return null
    return size >= anywhere * CORRECTION_RATIO ? correction : null
  }

  /**
   * How many icons of the scope the word matches as typed, the icons `matchAsTyped` finds: its lists
   * are read only within the scope's runs (a set is a few per cent of the icons), and without marking
   * their classes. A word ranked at build time is read from its lists too: its ranked list holds
   * the same icons, but in rank order, where a set's runs cannot be searched for. Without
   * `prefixes`, the longer words it begins are left out (completionAmong knows they find nothing).
   */
  private countInScope(word: string, scope: Scope, prefixes = true): number {
    let count = 0
    this.asTypedLists(word, prefixes ? ALONE : WHOLE, (list, from, to, _base, _other, _slack, _span, whole) => {
      count = this.touchInScope(list, from, to, whole, scope, count)
    })
    return this.untouch(count)
  }

  /**
   * Adds to `touched`, from `count` on, the icons of postings `list[from .. to)` in the scope not
   * touched yet, marking them in `wordMark` (a slug's style and size words only `whole`, as `mark`
   * takes them); returns the new count. Postings and runs are both in icon order, so each run is
   * looked for from where the one before ended.
   */
  private touchInScope(list: Int32Array, from: number, to: number, whole: boolean, scope: Scope, count: number): number {
    const { wordMark, touched } = this
    const { runs, allowed } = scope
    let i = from
    for (let r = 0; r + 1 < runs.length; r += 2) {
      const end = runs[r + 1] as number
      for (i = firstOfIcon(list, runs[r] as number, i, to); i < to; i++) {
        const posting = list[i] as number
        const id = posting >> 2
        if (id >= end) break
        if ((!whole && (posting & 3) === Kind.Suffix) || wordMark[id] !== 0 || !allowed(id)) continue
        wordMark[id] = 1
        touched[count++] = id
      }
    }
    return count
  }

  /** The runs of the catalogue order the sets' icons take, as [start, end) pairs; all the icons for no set. */
  private runsOf(sets: readonly string[]): number[] {
    if (sets.length === 0) return [0, this.icons.length]
    const starts = this.data.setRuns
    const runs: number[] = []
    for (let run = 0; run + 1 < starts.length; run++) {
      const start = starts[run] as number
      if (sets.includes(this.setSlugs[this.setOf[start] as number] as string)) runs.push(start, starts[run + 1] as number)
    }
    return runs
  }

  /** How many icons the word matches as typed. */
  private countAsTyped(word: string): number {
    return this.untouch(this.matchAsTyped(word, ALONE))
  }

  /** Whether the word matches any icon, as typed, by prefix, by synonym or misspelt. */
  private matches(word: string): boolean {
    return this.untouch(this.matchWord(word, new Map(), ALONE)) > 0
  }

  /** Whether the word alone matches some icon as typed: exactly, by synonym or by prefix, not misspelt. */
  private matchesAsTyped(word: string): boolean {
    return this.untouch(this.matchAsTyped(word, ALONE)) > 0
  }

  /** Clears the marks of the first `count` icons touched, for the next word; returns `count`. */
  private untouch(count: number): number {
    const { wordMark, touched } = this
    for (let i = 0; i < count; i++) wordMark[touched[i] as number] = 0
    return count
  }

  /**
   * Whether an icon may be shown, by its set and style, and by how its slug ends for a set's variant
   * (`suffix`, see variantOf); null when every icon may. An icon whose family name holds
   * `styleName` (the style word, see QueryReading) may be shown in any style.
   */
  private allowed(sets: readonly string[], style: StyleSlug | null, styleName: string | null = null, suffix: string | null = null): ((id: number) => boolean) | null {
    if (sets.length === 0 && style === null && suffix === null) return null
    const inSet = new Uint8Array(this.setSlugs.length)
    for (const slug of sets) inSet[this.setSlugs.indexOf(slug)] = 1
    const anySet = sets.length === 0
    const styleAt = style === null ? -1 : STYLE_SLUGS.indexOf(style)
    const named = new Set<number>()
    const postings = style === null || styleName === null ? undefined : this.postingsOf(styleName)
    if (postings) for (const posting of postings) if ((posting & 3) === Kind.Base) named.add(posting >> 2)
    return (id) =>
      (anySet || inSet[this.setOf[id] as number] === 1) &&
      (style === null || this.styleOf[id] === styleAt || named.has(id)) &&
      (suffix === null || (this.icons[id] as T).slug.endsWith(suffix))
  }

  /**
   * Icons the query named whole, in the sets it is scoped to, first found first. A name that is an
   * alias ('material-symbols:airplanemode-active', drawn as flight) pins the icon it names. Either
   * must pass the filters (`allowed`): a style asked for holds even for the very drawing named.
   */
  private pinned(names: readonly string[], sets: readonly string[], allowed: ((id: number) => boolean) | null): number[] {
    const ids: number[] = []
    for (const name of names) {
      for (const slug of sets) {
        const set = this.setSlugs.indexOf(slug)
        const target = this.aliases[set]?.get(name)
        const id = this.iconNamed(set, name) ?? (target === undefined ? undefined : this.iconNamed(set, target))
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

  /**
   * The first icon of each family, pinned icons first. The ids are gathered in scratch space and
   * the result allocated once at its size: a short prefix matches tens of thousands of icons.
   */
  private families(pinned: readonly number[], ranked: Int32Array): Int32Array {
    let count = this.takePinned(pinned)
    const { familyOf, familySeen, firsts } = this
    for (let i = 0; i < ranked.length; i++) {
      const id = ranked[i] as number
      const family = familyOf[id] as number
      if (familySeen[family] === 1) continue
      familySeen[family] = 1
      firsts[count++] = id
    }
    return this.takenFamilies(count)
  }

  /**
   * `families` of the allowed icons of a list ranked at build time, in its order. With every icon
   * allowed, the families' first matches are marked in the list, so only pinned families are looked up.
   */
  private rankedFamilies(pinned: readonly number[], list: Uint32Array, allowed: ((id: number) => boolean) | null): Int32Array {
    let count = this.takePinned(pinned)
    const { familyOf, familySeen, firsts } = this
    if (allowed === null && count === 0) {
      for (let i = 0; i < list.length; i++) {
        const packed = list[i] as number
        if ((packed & FAMILY_FIRST) !== 0) firsts[count++] = packed >>> PACKED_ICON_SHIFT
      }
      return firsts.slice(0, count)
    }
    if (allowed === null) {
      for (let i = 0; i < list.length; i++) {
        const packed = list[i] as number
        if ((packed & FAMILY_FIRST) === 0) continue
        const id = packed >>> PACKED_ICON_SHIFT
        if (familySeen[familyOf[id] as number] === 0) firsts[count++] = id
      }
    } else {
      for (let i = 0; i < list.length; i++) {
        const id = (list[i] as number) >>> PACKED_ICON_SHIFT
        const family = familyOf[id] as number
        if (familySeen[family] === 1 || !allowed(id)) continue
        familySeen[family] = 1
        firsts[count++] = id
      }
    }
    return this.takenFamilies(count)
  }

  /**
   * `families` of every icon of the sets (all when none) and style: what a query of no words lists.
   * The everyday symbols come first (see `everydayLeads`), then the rest in stable order. Only the
   * runs of icons of those sets are read (see `setRuns`), or with a style, the style's family leads.
   */
  private listing(pinned: readonly number[], sets: readonly string[], style: StyleSlug | null, suffix: string | null = null): Int32Array {
    let count = this.takePinned(pinned)
    const { familyOf, familySeen, firsts, setOf } = this
    const styleAt = style === null ? -1 : STYLE_SLUGS.indexOf(style)
    const inSet = new Uint8Array(this.setSlugs.length).fill(sets.length === 0 ? 1 : 0)
    for (const slug of sets) inSet[this.setSlugs.indexOf(slug)] = 1
    const take = (id: number) => {
      const family = familyOf[id] as number
      if (inSet[setOf[id] as number] === 0 || familySeen[family] === 1) return
      familySeen[family] = 1
      firsts[count++] = id
    }
    const { everydayLeads, everydayLeadEnds, styleLeads, styleLeadEnds } = this.data
    const slot = styleAt === -1 ? STYLE_SLUGS.length : styleAt
    const everydayFrom = slot === 0 ? 0 : (everydayLeadEnds[slot - 1] as number)
    const everydayTo = everydayLeadEnds[slot] as number
    if (suffix !== null) {
      // A set's variant: each family's first drawing whose slug ends so, in the style; the everyday
      // symbols' families first, in their order, as in any listing, then the rest in stable order.
      const variant = (id: number): boolean => (styleAt === -1 || this.styleOf[id] === styleAt) && (this.icons[id] as T).slug.endsWith(suffix)
      const everydayRank = new Map<number, number>()
      for (let i = everydayFrom; i < everydayTo; i++) {
        const family = familyOf[everydayLeads[i] as number] as number
        if (!everydayRank.has(family)) everydayRank.set(family, everydayRank.size)
      }
      const everyday: number[] = []
      const runs = this.runsOf(sets)
      for (let r = 0; r + 1 < runs.length; r += 2) {
        for (let id = runs[r] as number; id < (runs[r + 1] as number); id++) {
          if (everydayRank.has(familyOf[id] as number) && variant(id)) everyday.push(id)
        }
      }
      // Stable: a family's first drawing of the variant stays ahead of its others.
      everyday.sort((a, b) => (everydayRank.get(familyOf[a] as number) as number) - (everydayRank.get(familyOf[b] as number) as number))
      everyday.forEach(take)
      for (let r = 0; r + 1 < runs.length; r += 2) {
        for (let id = runs[r] as number; id < (runs[r + 1] as number); id++) if (variant(id)) take(id)
      }
      return this.takenFamilies(count)
    }
    for (let i = everydayFrom; i < everydayTo; i++) take(everydayLeads[i] as number)
    if (styleAt !== -1) {
      // A family's first icon of the style is the one listed for it, so only those are read.
      for (let i = styleAt === 0 ? 0 : (styleLeadEnds[styleAt - 1] as number); i < (styleLeadEnds[styleAt] as number); i++) take(styleLeads[i] as number)
      return this.takenFamilies(count)
    }
    const runs = this.runsOf(sets)
    for (let r = 0; r + 1 < runs.length; r += 2) {
      for (let id = runs[r] as number; id < (runs[r + 1] as number); id++) take(id)
    }
    return this.takenFamilies(count)
  }

  /** Puts the pinned icons first in `firsts`, one per family, and marks their families seen; returns how many. */
  private takePinned(pinned: readonly number[]): number {
    const { familyOf, familySeen, firsts } = this
    let count = 0
    for (const id of pinned) {
      const family = familyOf[id] as number
      if (familySeen[family] === 1) continue
      familySeen[family] = 1
      firsts[count++] = id
    }
    return count
  }

  /** The first `count` ids of `firsts`, as a new array, and their families no longer marked seen. */
  private takenFamilies(count: number): Int32Array {
    const { familyOf, familySeen, firsts } = this
    for (let i = 0; i < count; i++) familySeen[familyOf[firsts[i] as number] as number] = 0
    return firsts.slice(0, count)
  }

  /** namesWords() for query reading: names that hold the words, and names that are the words (in a style). */
  private readonly nameLookup: NameLookup = {
    holds: (names) => this.namesWords(names, false),
    is: (names, style) => this.namesWords(names, true, style === undefined ? -1 : STYLE_SLUGS.indexOf(style)),
    joined: (word) => this.joinedWords(word)
  }

  /**
   * The two family-name words a word typed as one stands for ('creditcard': credit card,
   * 'arrowleft': arrow left), split where one name holds both, first from the left; null for a word
   * that begins some word of the index, so a word still being typed and a name some set writes as
   * one (logout, nodejs, qrcode: see the thesaurus for those) are read as typed, and for a short word.
   */
  private joinedWords(word: string): readonly string[] | null {
    if (word.length < JOINED_MIN_LENGTH || this.terms[this.lowerBound(word)]?.startsWith(word) === true) return null
    for (let at = 1; at < word.length; at++) {
      const pair = [word.slice(0, at), word.slice(at)]
      if (this.namesWords(pair, false)) return pair
    }
    return null
  }

  /**
   * Whether some icon's family name holds every one of the words, and no other word if `whole`;
   * an icon of the style at `style` in STYLE_SLUGS, unless that is -1. Postings are in icon order
   * (an icon's family-name posting first among its own), so each family-name posting of the
   * shortest list is looked for in the others by galloping forward from where the last one was found.
   */
  private namesWords(names: readonly string[], whole: boolean, style = -1): boolean {
    const wordCount = names.length
    const lists: Int32Array[] = []
    for (const word of names) {
      const list = this.postingsOf(word)
      if (list === undefined) return false
      lists.push(list)
    }
    const [shortest, ...others] = lists.sort((a, b) => a.length - b.length)
    if (shortest === undefined) return false
    const from = others.map(() => 0)
    for (let i = 0; i < shortest.length; i++) {
      const posting = shortest[i] as number
      if ((posting & 3) !== Kind.Base) continue
      let inAll = true
      for (let l = 0; l < others.length && inAll; l++) {
        const list = others[l] as Int32Array
        const at = firstOfIcon(list, posting >> 2, from[l] as number)
        from[l] = at
        inAll = list[at] === posting
      }
      const icon = posting >> 2
      if (inAll && (!whole || this.baseWordCount[icon] === wordCount) && (style === -1 || this.styleOf[icon] === style)) return true
    }
    return false
  }

  /** Ids of every icon matching all words, best first; `corrections` gets each misspelt word's correction. */
  private rank(queryWords: readonly string[], allowed: ((id: number) => boolean) | null, corrections: Map<string, string>): Int32Array {
    const { candidates, summed, touched, wordMark } = this
    const matchings = this.wordMatchings(queryWords)
    this.oneWord = queryWords.length === 1
    this.queryDirections = directionsOf(queryWords)
    // The words ranked at build time come last, fewest matches first: each then only looks up the
    // candidates left ('arrow' in 'arrow left' is checked for the icons 'left' found) instead of
    // marking all its matches. Matches add up word by word, so the order changes no result.
    const order = this.wordOrder(queryWords, matchings)
    let count = 0
    for (let k = 0; k < order.length; k++) {
      const w = order[k] as number
      const list = this.wordLists[w]
      const matching = matchings[w] as WordMatching
      if (k === 0 && list !== undefined && matching.compounds.length === 0) {
        // Its list is the candidates, in order, as they are.
        count = list.length
        for (let i = 0; i < count; i++) {
          const packed = list[i] as number
          candidates[i] = packed >>> PACKED_ICON_SHIFT
          summed[i] = firstMatch((packed >>> 7) & 15, (packed >>> 3) & 15, packed & 7)
        }
        continue
      }
      if (k > 0 && list !== undefined) {
        count = this.keepRanked(list, matching.compounds, count)
      } else {
        const touchedCount = this.matchWord(queryWords[w] as string, corrections, matching)
        if (k === 0) {
          for (let i = 0; i < touchedCount; i++) {
            const id = touched[i] as number
            const mark = wordMark[id] as number
            wordMark[id] = 0
            candidates[i] = id
            summed[i] = firstMatch(mark >>> 8, 15 - ((mark >>> 4) & 15), mark & 15)
          }
          count = touchedCount
        } else {
          count = this.keepMarked(count)
          for (let i = 0; i < touchedCount; i++) wordMark[touched[i] as number] = 0
        }
      }
      if (count === 0) {
        this.oneWord = false
        return new Int32Array(0)
      }
    }
    const ranked = this.inRankOrder(count, allowed, this.leadRanges(queryWords, matchings))
    this.oneWord = false
    return ranked
  }

  /**
   * The terms a name may begin with to be led by a query word, as [first, end) pairs of term
   * positions: the word itself, or every word it begins where it matches those.
   */
  private leadRanges(queryWords: readonly string[], matchings: readonly WordMatching[]): number[] {
    const ranges: number[] = []
    queryWords.forEach((word, w) => {
      const first = this.lowerBound(word)
      if (matchings[w]?.prefixes === true) ranges.push(first, this.lowerBound(`${word}\uffff`, first))
      else if (this.terms[first] === word) ranges.push(first, first + 1)
    })
    return ranges
  }

  /**
   * How each query word is matched beside the others. Two words that an icon writes as one ('log
   * out': logout, 'sign in': signin) match it as both: the first word covers its name, the second
   * only has to be there. Words that name one symbol together ('trash can', 'sign in', see
   * phrasesIn) also match each icon named by one of its names. A word does not match through a
   * synonym that is another word of the query ('chat' in 'chat bubble' is not 'bubble'), so one
   * name never answers for two words ('bubble tea' is no chat bubble). A short word that names
   * icons is meant whole (see SHORT_WORD).
   */
  private wordMatchings(queryWords: readonly string[]): WordMatching[] {
    if (queryWords.length === 1) return [ALONE]
    const last = queryWords.length - 1
    // The postings of each word written together with the next, where the index has them.
    const joined = queryWords.map((word, w) => (w === last ? undefined : this.postingsOf(`${word}${queryWords[w + 1] as string}`)))
    const phrases = phrasesIn(queryWords)
    // Each word's synonyms, found once for all the words' checks.
    const synonyms = queryWords.map((word) => relatedWords(word).map(({ entry }) => entry))
    return queryWords.map((word, w): WordMatching => {
      const others = queryWords.filter((other) => other !== word)
      const theirs = new Set(synonyms.filter((_, v) => queryWords[v] !== word).flat())
      const otherWords = (synonyms[w] ?? []).filter((synonym) => others.includes(synonym) || theirs.has(synonym))
      const phrase = phrases.find(({ start, length }) => start <= w && w < start + length)
      // The last word may still be being typed ('trash c' is on its way to 'trash can'), so it keeps
      // its prefixes unless with the words before it it already names a symbol or a compound ('sign in').
      const compounds = compoundsOf(w === 0 ? undefined : joined[w - 1], joined[w])
      const typing = w === last && compounds.length === 0 && phrase === undefined
      const prefixes = typing || word.length > SHORT_WORD || !this.namesIconsAsTyped(word)
      return wordMatching(compounds, phrase?.names ?? [], otherWords, prefixes)
    })
  }

  /**
   * The allowed candidates, best first. Each candidate's rank, most significant first: the whole
   * family name matched exactly or by synonym, the worst class, the classes' sum, fewer name words
   * left unmatched (a direction the query does not name counting as one more), less slack, and a
   * name that begins with a query word (`leads`, see leadRanges):
   * most sets name the thing drawn first and what is added to it after (user-check, calendar-user),
   * so for 'user' a user with a check comes before a calendar with a user on it. Ranks take few
   * distinct values, so a stable counting sort by rank over the candidates in stable order replaces
   * a comparison sort. Each run of equal rank then takes its sets in turn (interleaveSets).
   */
  private inRankOrder(count: number, allowed: ((id: number) => boolean) | null, leads: readonly number[]): Int32Array {
    const { candidates, summed, matchOf, ranks, rankCount, baseWordCount, leadTerm, coveredWhole, oneWord, styleOf, familyOf, familyDirections, queryDirections } = this
    for (let i = 0; i < count; i++) matchOf[candidates[i] as number] = summed[i] as number
    const ids = this.inStableOrder(count)
    const distinct: number[] = []
    let k = 0
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number
      // Only a query of one word marks names covered whole (see mark).
      let covered = 0
      if (oneWord) {
        covered = coveredWhole[id] as number
        coveredWhole[id] = 0
      }
      if (allowed !== null && !allowed(id)) continue
      const match = matchOf[id] as number
      const worst = worstOf(match)
      const extra = (baseWordCount[id] as number) - spanOf(match)
      // More name words matched than the name has is two query words on one name word, which
      // wordMatchings allows only where the words name one symbol ('trash can': trash).
      // A brand's mark named by a synonym is not the thing itself ('home': Simple Icons' Homepage
      // logo is no house), so it ranks by its class below the names and synonyms of drawings.
      const named = extra <= 0 && worst >= SYNONYM_BASE ? (worst === EXACT_BASE ? 2 : 1) : covered
      const exact = named === 1 && worst !== EXACT_BASE && styleOf[id] === LOGO ? 0 : named
      const lead = leadTerm[id] as number
      let led = 0
      for (let r = 0; r < leads.length && led === 0; r += 2) if (lead >= (leads[r] as number) && lead < (leads[r + 1] as number)) led = 1
      // A name that also points in a direction the query does not ask for ranks as one word longer.
      const elsewhere = queryDirections !== 0 && ((familyDirections[familyOf[id] as number] as number) & ~queryDirections) !== 0 ? 1 : 0
      const rank = ((((exact * 16 + worst) * 128 + totalOf(match)) * 8 + (7 - Math.min(Math.max(extra, 0) + elsewhere, 7))) * 16 + (15 - slackOf(match))) * 2 + led
      candidates[k] = id
      ranks[k++] = rank
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
    const result = new Int32Array(k)
    for (let i = 0; i < k; i++) {
      const rank = ranks[i] as number
      const position = rankCount[rank] as number
      result[position] = candidates[i] as number
      rankCount[rank] = position + 1
    }
    // Each rank's count is now where its run ends.
    let from = 0
    for (const rank of distinct) {
      const to = rankCount[rank] as number
      rankCount[rank] = 0
      if (to - from > 1) this.interleaveSets(result, from, to)
      from = to
    }
    return result
  }

  /**
   * Reorders `ids[from .. to)`, icons of equal rank in stable order, so that the sets take turns:
   * each set's first SET_TURN families, then each set's next SET_TURN, and so on. A set's families
   * take their turns most widely drawn first (`familyReach`), as the catalogue's order has them
   * among equal reach: for 'arrow' a set's arrows in four directions before its arrow-bounce. Within
   * a turn, icons keep their order (set by set, each set's in name order). A family's other icons in
   * the run (its other styles) take its turn, behind its first, which shows for it (see `families`):
   * a list ranked at build time, then read for one style, keeps the turns. `ranks`, `candidates` and
   * `ordered` are free here (inRankOrder is done with them) and hold each icon's turn, the reordered
   * run and the run's families by reach.
   */
  private interleaveSets(ids: Int32Array, from: number, to: number): void {
    const { familyOf, familyReach, familySeen, familyTurn, setOf, setTurn, turnStart, reachStart, ranks: turnOf, candidates: scratch, ordered: byReach } = this
    const last = to - from
    // Slot s holds the families of reach `widest - s`: widest first.
    const widest = reachStart.length - 2
    // The run's families, each at its first icon, counted by reach (widest first), then placed so.
    reachStart.fill(0)
    for (let i = from; i < to; i++) {
      const family = familyOf[ids[i] as number] as number
      if (familySeen[family] === 1) continue
      familySeen[family] = 1
      const slot = widest - (familyReach[family] as number) + 1
      reachStart[slot] = (reachStart[slot] as number) + 1
    }
    for (let slot = 1; slot <= widest + 1; slot++) reachStart[slot] = (reachStart[slot] as number) + (reachStart[slot - 1] as number)
    for (let i = from; i < to; i++) {
      const family = familyOf[ids[i] as number] as number
      if (familySeen[family] !== 1) continue
      familySeen[family] = 2
      const slot = widest - (familyReach[family] as number)
      byReach[reachStart[slot] as number] = i
      reachStart[slot] = (reachStart[slot] as number) + 1
    }
    // The last slot (widest + 1) is the count of them all, which placing them leaves as it was.
    const familiesInRun = reachStart[widest + 1] as number
    for (let k = 0; k < familiesInRun; k++) {
      const id = ids[byReach[k] as number] as number
      const set = setOf[id] as number
      const taken = setTurn[set] as number
      setTurn[set] = taken + 1
      familyTurn[familyOf[id] as number] = (taken / SET_TURN) | 0
    }
    turnStart.fill(0, 0, last + 2)
    for (let i = from; i < to; i++) {
      const id = ids[i] as number
      const family = familyOf[id] as number
      familySeen[family] = 0
      setTurn[setOf[id] as number] = 0
      const turn = familyTurn[family] as number
      turnOf[i] = turn
      turnStart[turn + 1] = (turnStart[turn + 1] as number) + 1
    }
    for (let turn = 1; turn <= last; turn++) turnStart[turn] = (turnStart[turn] as number) + (turnStart[turn - 1] as number)
    for (let i = from; i < to; i++) {
      const turn = turnOf[i] as number
      scratch[from + (turnStart[turn] as number)] = ids[i] as number
      turnStart[turn] = (turnStart[turn] as number) + 1
    }
    ids.set(scratch.subarray(from, to), from)
  }

  /**
   * The first `count` candidates sorted by id, which is the stable order. Few are sorted as they
   * are; many by a bit per icon and one pass over the bits, cheaper than sorting thousands.
   */
  private inStableOrder(count: number): Int32Array {
    const { candidates, inPlay, ordered } = this
    if (count * 8 < inPlay.length) return candidates.subarray(0, count).sort()
    for (let i = 0; i < count; i++) {
      const id = candidates[i] as number
      inPlay[id >>> 5] = (inPlay[id >>> 5] as number) | (1 << (id & 31))
    }
    let k = 0
    for (let word = 0; word < inPlay.length; word++) {
      let bits = inPlay[word] as number
      if (bits === 0) continue
      inPlay[word] = 0
      while (bits !== 0) {
        const low = bits & -bits
        ordered[k++] = word * 32 + 31 - Math.clz32(low)
        bits ^= low
      }
    }
    return ordered.subarray(0, k)
  }

  /** Positions of the query words in the order rank() takes them (see there); their lists are left in `wordLists`. */
  private wordOrder(queryWords: readonly string[], matchings: readonly WordMatching[]): number[] {
    const lists = this.wordLists
    lists.length = 0
    queryWords.forEach((word, w) => lists.push((matchings[w] as WordMatching).alone ? this.rankedList(word) : undefined))
    const size = (w: number): number => lists[w]?.length ?? -1
    // Pushed one by one, the positions are always an array of the same kind (small integers,
    // packed), where `map` made them of one kind or another (see wordMatching below).
    const order: number[] = []
    for (let w = 0; w < queryWords.length; w++) order.push(w)
    return order.sort((a, b) => size(a) - size(b))
  }

  /**
   * Narrows the first `count` candidates to those a word with a ranked list matches (`compounds`
   * as in matchWord), adding its match to theirs; returns how many are left. The candidates are a
   * bit each, and so are those the word matches: the list is read through, and only the icons it
   * shares with the candidates are looked up.
   */
  private keepRanked(list: Uint32Array, compounds: readonly Compound[], count: number): number {
    const { candidates, summed, inPlay, hit, wordMark } = this
    for (let i = 0; i < count; i++) {
      const id = candidates[i] as number
      inPlay[id >>> 5] = (inPlay[id >>> 5] as number) | (1 << (id & 31))
    }
    for (let i = 0; i < list.length; i++) {
      const packed = list[i] as number
      const id = packed >>> PACKED_ICON_SHIFT
      const bit = 1 << (id & 31)
      if (((inPlay[id >>> 5] as number) & bit) === 0) continue
      hit[id >>> 5] = (hit[id >>> 5] as number) | bit
      wordMark[id] = (((packed >>> 7) & 15) << 8) | ((15 - ((packed >>> 3) & 15)) << 4) | (packed & 7)
    }
    if (compounds.length > 0) {
      // Rare ('log out'): mark the compound's candidates, then count every candidate the word marked as hit.
      for (const compound of compounds) this.mark(compound.list, 0, compound.list.length, EXACT_BASE, EXACT_OTHER, 0, compound.span, true, 0, true)
      for (let i = 0; i < count; i++) {
        const id = candidates[i] as number
        if (wordMark[id] !== 0) hit[id >>> 5] = (hit[id >>> 5] as number) | (1 << (id & 31))
      }
    }
    let kept = 0
    for (let i = 0; i < count; i++) {
      const id = candidates[i] as number
      inPlay[id >>> 5] = 0
      const bit = 1 << (id & 31)
      if (((hit[id >>> 5] as number) & bit) === 0) continue
      hit[id >>> 5] = (hit[id >>> 5] as number) & ~bit
      const mark = wordMark[id] as number
      wordMark[id] = 0
      candidates[kept] = id
      summed[kept++] = addMatch(summed[i] as number, mark >>> 8, 15 - ((mark >>> 4) & 15), mark & 15)
    }
    return kept
  }

  /** Narrows the first `count` candidates to those the word marked, adding its match to theirs; returns how many are left. */
  private keepMarked(count: number): number {
    const { candidates, summed, wordMark } = this
    let kept = 0
    for (let i = 0; i < count; i++) {
      const id = candidates[i] as number
      const mark = wordMark[id] as number
      if (mark === 0) continue
      candidates[kept] = id
      summed[kept++] = addMatch(summed[i] as number, mark >>> 8, 15 - ((mark >>> 4) & 15), mark & 15)
    }
    return kept
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

  /**
   * Marks every icon the word matches with its best class; returns how many icons it touched.
   * Near spellings are only tried when the word itself finds few icons, and always rank below.
   */
  private matchWord(word: string, corrections: Map<string, string>, matching: WordMatching): number {
    const count = this.matchAsTyped(word, matching)
    // A word that names icons as typed ('band') is what was meant: no correction, no near spellings.
    if (count >= FEW_MATCHES || !mayBeMisspelt(word, count) || this.namesIconsAsTyped(word)) return count
    return this.matchNear(word, count, corrections)
  }

  /** Marks every icon the word matches as typed: exactly, by a compound, by synonym or by prefix; returns how many icons it touched. */
  private matchAsTyped(word: string, matching: WordMatching): number {
    const { wordMark, touched } = this
    let count = 0
    const ranked = matching.alone ? this.rankedList(word) : undefined
    if (ranked !== undefined) {
      // Ranked at build time: its matches as the marking below leaves them, before any compound.
      for (let i = 0; i < ranked.length; i++) {
        const packed = ranked[i] as number
        const id = packed >>> PACKED_ICON_SHIFT
        touched[count++] = id
        wordMark[id] = (((packed >>> 7) & 15) << 8) | ((15 - ((packed >>> 3) & 15)) << 4) | (packed & 7)
      }
      for (const compound of matching.compounds) count = this.mark(compound.list, 0, compound.list.length, EXACT_BASE, EXACT_OTHER, 0, compound.span, true, count, false)
      return count
    }
    this.asTypedLists(word, matching, (list, from, to, base, other, slack, span, whole) => {
      count = this.mark(list, from, to, base, other, slack, span, whole, count, false)
    })
    return count
  }

  /**
   * Hands `visit` each list of postings `list[from .. to)` the word matches as typed, with how it
   * matches them (see `mark`): exactly, by a compound, by synonym or a name of its phrase's symbol,
   * then by prefix.
   */
  private asTypedLists(word: string, matching: WordMatching, visit: PostingsVisit): void {
    const { postingData, postingEnds, terms } = this
    const first = this.lowerBound(word)
    if (terms[first] === word) visit(postingData, this.postingStart(first), postingEnds[first] as number, EXACT_BASE, EXACT_OTHER, 0, 1, true)
    for (const compound of matching.compounds) visit(compound.list, 0, compound.list.length, EXACT_BASE, EXACT_OTHER, 0, compound.span, true)
    for (const { entry, slack, form } of relatedWords(word)) {
      if (matching.otherWords.includes(entry) || (form !== '' && !this.meantForm(word, form))) continue
      this.visitName(entry, slack, visit)
    }
    // A name of the phrase's symbol covers the icon's name only where it is all of it ('trash can':
    // trash, not trash-off), as each word of the phrase matches it.
    for (const [name, slack] of matching.phraseNames) this.visitName(name, slack, visit, SPAN_IF_WHOLE)
    if (!matching.prefixes) return
    const end = this.lowerBound(`${word}\uffff`, first)
    // A word being typed that is most likely one word ('arr': arrow, 'hom': home) is matched as
    // that word would be, its other names too (Lucide's house), a step further than typed in full,
    // so the symbol shows first before the word is done: arrows before array and arrange.
    const likely = terms[first] === word || word.length < COMPLETION_MIN_LENGTH ? -1 : this.likelyCompletion(first, end)
    for (let position = first; position < end; position++) {
      const term = terms[position] as string
      if (term !== word && position !== likely) visit(postingData, this.postingStart(position), postingEnds[position] as number, PREFIX_BASE, PREFIX_OTHER, Math.min(term.length - word.length, 255), 1, false)
    }
    if (likely === -1) return
    const completion = terms[likely] as string
    visit(postingData, this.postingStart(likely), postingEnds[likely] as number, EXACT_BASE, EXACT_OTHER, 1, 1, false)
    for (const { entry, slack, form } of relatedWords(completion)) {
      if (form !== '' || matching.otherWords.includes(entry)) continue
      const list = entry.includes(' ') ? this.familyNames.get(entry) : this.postingsOf(entry)
      if (list) visit(list, 0, list.length, SYNONYM_BASE, SYNONYM_OTHER, slack + 1, entry.split(' ').length, true)
    }
  }

  /**
   * The term of `terms[first .. end)`, the words a prefix begins, that is most likely the one being
   * typed: the one that names at least half of the icons they name, by name, not tag ('hou' is
   * house, though more icons are tagged household); -1 when none does (for 'cal', calendar, call
   * and calculator are all as likely).
   */
  private likelyCompletion(first: number, end: number): number {
    const { postingData, postingEnds } = this
    let total = 0
    let most = 0
    let likely = -1
    for (let position = first; position < end; position++) {
      let named = 0
      for (let i = this.postingStart(position); i < (postingEnds[position] as number); i++) if (((postingData[i] as number) & 3) === Kind.Base) named++
      total += named
      if (named > most) {
        most = named
        likely = position
      }
    }
    return most * 2 >= total ? likely : -1
  }

  /** Hands `visit` the postings of a synonym: a word's, or those of the icons a phrase names whole ('magnifying glass'). */
  private visitName(name: string, slack: number, visit: PostingsVisit, spanFrom = 0): void {
    const phrase = name.includes(' ')
    const list = phrase ? this.familyNames.get(name) : this.postingsOf(name)
    if (list) visit(list, 0, list.length, SYNONYM_BASE, SYNONYM_OTHER, slack, spanFrom + (phrase ? name.split(' ').length : 1), true)
  }

  /**
   * Marks the icons of the word's near spellings, after the `found` it touched as typed; returns
   * how many icons it touched in all. Near spellings always rank below what was found as typed.
   */
  private matchNear(word: string, found: number, corrections: Map<string, string>): number {
    const { postingData, postingEnds, terms } = this
    let count = found
    const nearCount = this.nearSpellings(word)
    if (nearCount === 0) return count
    // Sized by how many icons it and its singular or plural name.
    const { position: best, size: bestSize } = this.likeliestNear(word, nearCount, (position) => {
      let size = (postingEnds[position] as number) - this.postingStart(position)
      for (const form of wordForms(terms[position] as string)) size += this.postingsOf(form)?.length ?? 0
      return size
    })
    if (best === -1) return count
    // A word found rarely as typed, whose near spelling is far more used, was most likely misspelt
    // ('calender' is a tag of a few calendars): its correction is matched whole. So is the likeliest
    // near spelling of a word found nowhere, however rare ('abcde': abode), and said as the suggestion.
    const corrected = found === 0 || bestSize >= found * CORRECTION_RATIO
    if (corrected) corrections.set(word, terms[best] as string)
    if (corrected) {
      count = this.mark(postingData, this.postingStart(best), postingEnds[best] as number, FUZZY_BASE, FUZZY_OTHER, 1, 1, false, count, false)
      // Its singular or plural too: 'seting' is setting, and so settings.
      for (const form of wordForms(terms[best] as string)) {
        const list = this.meantForm(terms[best] as string, form) ? this.postingsOf(form) : undefined
        if (list) count = this.mark(list, 0, list.length, FUZZY_BASE, FUZZY_OTHER, 2, 1, false, count, false)
      }
    }
    // A word nothing matches as typed is read as its likeliest correction alone ('hause' is house,
    // not pause); a word that matches a little also finds its other near spellings, below, but no
    // more of them than it found as typed, so that they never outnumber what was asked for.
    if (found === 0) return count
    const limit = count + found
    for (let j = 0; j < nearCount && count < limit; j++) {
      const position = this.near[j] as number
      if (corrected && position === best) continue
      count = this.mark(postingData, this.postingStart(position), postingEnds[position] as number, FUZZY_BASE, FUZZY_OTHER, position === best ? 1 : 2, 1, false, count, false, limit)
    }
    return count
  }

  /**
   * Of the first `nearCount` near spellings in `near`, the likeliest correction of the word: one
   * that keeps its first letter (typos are rarely there, but for its first two letters swapped:
   * 'oflder' is folder, not older), then of the best weight: its size, more
   * for a swapped pair or a dropped letter than for a changed or an extra one; of equals, the one
   * found first. None (position -1) when every one's size is 0.
   */
  private likeliestNear(word: string, nearCount: number, sizeOf: (position: number) => number): { position: number; size: number } {
    const firstLetter = word.charCodeAt(0)
    let best = { position: -1, size: 0 }
    let bestKeepsFirst = false
    let bestWeight = 0
    for (let j = 0; j < nearCount; j++) {
      const position = this.near[j] as number
      const term = this.terms[position] as string
      const keepsFirst = term.charCodeAt(0) === firstLetter || swapsFirstTwo(word, term)
      const size = sizeOf(position)
      if (size === 0) continue
      const weight = size * editWeight(word, term)
      if (best.position === -1 || (keepsFirst && !bestKeepsFirst) || (keepsFirst === bestKeepsFirst && weight > bestWeight)) {
        best = { position, size }
        bestKeepsFirst = keepsFirst
        bestWeight = weight
      }
    }
    return best
  }

  /**
   * Marks the icons of postings `list[from .. to)` with the class `base` (the family name) or
   * `other`, where that beats their mark so far (a better class, the same with less slack, or the
   * same over more words of the name: for 'warning', Lucide's triangle-alert is its whole name
   * `triangle alert`, not only its `alert`); new
   * ones go to `touched` from `count` on, and the new count is returned. A slug's style and size
   * words ('outline', '24') match only `whole`: 'out' is not 'outline'. A span past SPAN_IF_WHOLE
   * counts only on icons it names whole. `among`: only the
   * candidates in play, which are not counted. Slack past 15 counts as 15, as it does in a rank.
   */
  private mark(
    list: Int32Array,
    from: number,
    to: number,
    base: number,
    other: number,
    slack: number,
    span: number,
    whole: boolean,
    count: number,
    among: boolean,
    limit = Infinity
  ): number {
    const { wordMark, touched, inPlay, baseWordCount, coveredWhole } = this
    const oneWord = this.oneWord && !among
    const exactOrSynonym = base >= SYNONYM_BASE
    const closeness = (15 - Math.min(slack, 15)) << 4
    const ifWhole = span > SPAN_IF_WHOLE
    const baseMark = (base << 8) | closeness | Math.min(ifWhole ? span - SPAN_IF_WHOLE : span, 15)
    const otherMark = (other << 8) | closeness
    const categoryMark = ((other >= SYNONYM_OTHER ? CATEGORY : other >= PREFIX_OTHER ? CATEGORY_PREFIX : other) << 8) | closeness
    for (let i = from; i < to; i++) {
      const posting = list[i] as number
      const kind = posting & 3
      if (!whole && kind === Kind.Suffix) continue
      const id = posting >> 2
      if (among && ((inPlay[id >>> 5] as number) & (1 << (id & 31))) === 0) continue
      const wholeName = !ifWhole || baseWordCount[id] === span - SPAN_IF_WHOLE
      const mark = kind === Kind.Base ? (wholeName ? baseMark : baseMark & ~15) : kind === Kind.Category ? categoryMark : otherMark
      const previous = wordMark[id] as number
      if (mark > previous) {
        if (previous === 0 && !among) {
          if (count >= limit) break
          touched[count++] = id
        }
        wordMark[id] = mark
      }
      // A query of one word that is a name of the whole drawing ('cart': shopping-cart) ranks it with
      // the names it is, though it also names one word of it (see inRankOrder). Beside other words,
      // which may name the rest ('map pin': map-pin), its class decides as it does for every match.
      if (oneWord && exactOrSynonym && kind === Kind.Base && wholeName && (baseMark & 15) >= (baseWordCount[id] as number)) coveredWhole[id] = 1
    }
    return count
  }

  /**
   * Puts in `near` the positions of the indexed words one edit (a letter dropped, added or changed)
   * or one swap of neighbouring letters away, each once, and returns how many. Every such word
   * shares the first i letters of the word for some i, so the spellings are looked for position by
   * position within the range of terms that share them: a letter is only tried where some term has
   * it, within the terms that have it, and the search ends where no term shares the start.
   */
  private nearSpellings(word: string): number {
    const length = word.length
    let count = 0
    let low = 0
    let high = this.terms.length
    for (let i = 0; i <= length; i++) {
      if (i > 0) {
        const code = word.charCodeAt(i - 1)
        low = this.letterBound(code, i - 1, low, high, false)
        high = this.letterBound(code, i - 1, low, high, true)
      }
      if (low === high) break
      // The word without its letter i, then with it swapped with the next.
      if (i < length) count = this.keepNearTail(word, i + 1, i, low, high, count)
      if (i + 1 < length && word[i] !== word[i + 1]) {
        count = this.keepNearTail(`${word[i + 1] as string}${word[i] as string}${word.slice(i + 2)}`, 0, i, low, high, count)
      }
      if (i < NEAR_ORDERS) {
        count = this.keepLettersAt(word, i, count)
        continue
      }
      // The letters terms have after the shared start, each once, in order: each letter's terms are a range.
      for (let next = low; next < high; ) {
        const letter = this.letterAt(next, i)
        if (letter === 0) {
          next++
          continue
        }
        const end = this.letterBound(letter, i, next, high, true)
        if (letter >= LETTER_A && letter <= LETTER_Z) {
          // The letter added before the rest of the word, then in place of its next letter.
          count = this.keepNearTail(word, i, i + 1, next, end, count)
          if (i < length && letter !== word.charCodeAt(i)) count = this.keepNearTail(word, i + 1, i + 1, next, end, count)
        }
        next = end
      }
    }
    return length < FUZZY_MIN_LENGTH ? this.keepLonger(length, count) : count
  }

  /** Keeps, of the first `count` near spellings, those one letter longer than the word (see SHORT_FUZZY_LENGTH); returns how many. */
  private keepLonger(length: number, count: number): number {
    const { near, terms } = this
    let kept = 0
    for (let j = 0; j < count; j++) {
      const position = near[j] as number
      if ((terms[position] as string).length === length + 1) near[kept++] = position
    }
    return kept
  }

  /**
   * `nearSpellings` of a letter added or changed at `at` (0 or 1), where the most terms share the
   * word's start: from `nearOrders`, in which the terms each makes are together and in letter order,
   * taken in the order the letter by letter search takes them (added before changed).
   */
  private keepLettersAt(word: string, at: number, count: number): number {
    const order = this.nearOrders[at] as Int32Array
    const changes = at < word.length
    let added = this.nearBound(order, word, at, at)
    let changed = changes ? this.nearBound(order, word, at, at + 1) : order.length
    const current = word.charCodeAt(at)
    for (;;) {
      const addedLetter = added < order.length && this.compareNear(order[added] as number, word, at, at) === 0 ? this.letterAt(order[added] as number, at) : Infinity
      const changedLetter =
        changes && changed < order.length && this.compareNear(order[changed] as number, word, at, at + 1) === 0 ? this.letterAt(order[changed] as number, at) : Infinity
      if (addedLetter === Infinity && changedLetter === Infinity) return count
      if (addedLetter <= changedLetter) {
        if (addedLetter >= LETTER_A && addedLetter <= LETTER_Z) count = this.addNear(order[added] as number, count)
        added++
      } else {
        if (changedLetter >= LETTER_A && changedLetter <= LETTER_Z && changedLetter !== current) count = this.addNear(order[changed] as number, count)
        changed++
      }
    }
  }

  /** The first place in `order` (see `nearOrders`) whose term's key is not below the word's letters before `at` and from `from` on. */
  private nearBound(order: Int32Array, word: string, at: number, from: number): number {
    let low = 0
    let high = order.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (this.compareNear(order[middle] as number, word, at, from) < 0) low = middle + 1
      else high = middle
    }
    return low
  }

  /** How the term at `position`, without its letter at `at`, compares with the word's letters before `at` and from `from` on. */
  private compareNear(position: number, word: string, at: number, from: number): number {
    for (let j = 0; j < at; j++) {
      const difference = this.letterAt(position, j) - word.charCodeAt(j)
      if (difference !== 0) return difference
    }
    return this.compareTail(position, at + 1, word, from)
  }

  /**
   * Adds to `near` the term of `terms[from .. to)`, which share their first `shared` letters, that
   * goes on as `tail.slice(at)`, if there is one; returns the new count.
   */
  private keepNearTail(tail: string, at: number, shared: number, from: number, to: number, count: number): number {
    while (from < to) {
      const middle = (from + to) >>> 1
      const order = this.compareTail(middle, shared, tail, at)
      if (order < 0) from = middle + 1
      else if (order > 0) to = middle
      else return this.addNear(middle, count)
    }
    return count
  }

  /** How the term at `position` from its letter `from` on compares with `tail.slice(at)` in string order. */
  private compareTail(position: number, from: number, tail: string, at: number): number {
    for (;;) {
      const letter = this.letterAt(position, from++)
      const other = at < tail.length ? tail.charCodeAt(at++) : 0
      if (letter !== other || letter === 0) return letter - other
    }
  }

  private addNear(position: number, count: number): number {
    for (let j = 0; j < count; j++) if (this.near[j] === position) return count
    if (count === this.near.length) {
      const grown = new Int32Array(count * 2)
      grown.set(this.near)
      this.near = grown
    }
    this.near[count] = position
    return count + 1
  }

  /**
   * In `terms[from .. to)`, which share their first `at` letters, the first term whose letter at
   * `at` is not below `code` (with `upper`, above it); a term that ends there sorts first.
   */
  private letterBound(code: number, at: number, from: number, to: number, upper: boolean): number {
    while (from < to) {
      const middle = (from + to) >>> 1
      const letter = this.letterAt(middle, at)
      if (letter < code || (upper && letter === code)) from = middle + 1
      else to = middle
    }
    return from
  }

  /**
   * The code of the term's letter at `at`, 0 past its end. Near spellings' binary searches read
   * the first letters of many terms: from one small array they cost a fraction of reading the strings.
   */
  private letterAt(position: number, at: number): number {
    if (at < TERM_LETTERS) return this.termLetters[position * TERM_LETTERS + at] as number
    const term = this.terms[position] as string
    return at < term.length ? term.charCodeAt(at) : 0
  }

  /**
   * Whether a word's singular or plural `form` is likely what it asks for: a singular always
   * ('notifications': notification), a plural only where it is far more used than the word
   * ('setting': settings), not where it names other drawings ('folder' is not 'folders').
   */
  private meantForm(word: string, form: string): boolean {
    if (form.length < word.length) return true
    const plural = this.postingsOf(form)?.length ?? 0
    return plural >= Math.max(1, this.postingsOf(word)?.length ?? 0) * CORRECTION_RATIO
  }

  /** Whether the word is no indexed word but begins some: a word on its way to being typed ('outlin'). */
  private halfTyped(word: string): boolean {
    const position = this.lowerBound(word)
    const term = this.terms[position]
    return term !== undefined && term !== word && term.startsWith(word)
  }

  /** Whether the term at `position` is a word of some icon's family name. */
  private namesIcons(position: number): boolean {
    const { postingData } = this
    for (let i = this.postingStart(position); i < (this.postingEnds[position] as number); i++) if (((postingData[i] as number) & 3) === Kind.Base) return true
    return false
  }

  /** Whether the word is, as typed, a word of some icon's family name. */
  private namesIconsAsTyped(word: string): boolean {
    const position = this.lowerBound(word)
    return this.terms[position] === word && this.namesIcons(position)
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

/** A compound of two query words ('log out': logout) and how many family-name words it covers for one of them. */
interface Compound {
  list: Int32Array
  span: number
}

/** How a query word is matched beside the others (see wordMatchings). */
interface WordMatching {
  readonly compounds: readonly Compound[]
  /** The names of the symbol a phrase it is part of names, [name, slack] (see phrasesIn). */
  readonly phraseNames: ReadonlyArray<readonly [string, number]>
  /** Its synonyms that are other words of the query: not matched through it. */
  readonly otherWords: readonly string[]
  /** Whether it matches the longer words it begins. */
  readonly prefixes: boolean
  /** Whether it matches what it does alone, so that its list ranked at build time holds its matches (compounds aside). */
  readonly alone: boolean
}

/** Whether an outcome matched `word` as typed: among its words, and left so by its suggestion (which spells its words in order). */
function matchedAsTyped(outcome: SearchOutcome<unknown>, word: string): boolean {
  const at = outcome.interpreted.terms.indexOf(word)
  return at !== -1 && (outcome.suggestion === null || outcome.suggestion.split(' ')[at] === word)
}

/** A word's compounds: with the word before it, `before`, the second part; with the one after, `after`, the first. */
function compoundsOf(before: Int32Array | undefined, after: Int32Array | undefined): readonly Compound[] {
  if (before === undefined) return after === undefined ? [] : [{ list: after, span: 1 }]
  return after === undefined ? [{ list: before, span: 0 }] : [{ list: before, span: 0 }, { list: after, span: 1 }]
}

/**
 * An empty list of the kind V8 gives the lists a query's words are matched with (packed, of any
 * value), where `[]` is another kind (small integers) until something is put in it.
 */
const NONE: readonly never[] = (() => {
  const list: unknown[] = [null]
  list.pop()
  return list as never[]
})()

/**
 * Every WordMatching is made here, so that all have one shape and so do their lists, an empty one
 * being NONE: the ranking code, compiled for the shapes it met first, is sent back to the
 * interpreter (and compiled again) when it meets another. `node --import tsx
 * test/bench/compile-in-pass.ts` counted 11–13 deoptimisations in a fresh server's first 3,000
 * queries with this against 15–16 without (the positions array of wordOrder likewise), in three
 * alternating pairs; the CPU per answer moved within the machine's noise.
 */
function wordMatching(compounds: readonly Compound[], phraseNames: WordMatching['phraseNames'], otherWords: readonly string[], prefixes: boolean): WordMatching {
  return {
    compounds: compounds.length === 0 ? NONE : compounds,
    phraseNames: phraseNames.length === 0 ? NONE : phraseNames,
    otherWords: otherWords.length === 0 ? NONE : otherWords,
    prefixes,
    alone: prefixes && phraseNames.length === 0 && otherWords.length === 0
  }
}

/** A word matched alone, and whole only. */
const ALONE = wordMatching([], [], [], true)
const WHOLE = wordMatching([], [], [], false)

/** Icons the scoped typo retry may show (see findCorrected): each passes `allowed`, and all lie in `runs`, [start, end) pairs of the catalogue order. */
interface Scope {
  allowed: (id: number) => boolean
  runs: readonly number[]
}

/** Takes postings `list[from .. to)` matched with the classes, slack and span `mark` takes, and whether only `whole`. */
type PostingsVisit = (list: Int32Array, from: number, to: number, base: number, other: number, slack: number, span: number, whole: boolean) => void

/** The reading without the set's variant it took, nor the size words the index matches the variant by. */
function withoutVariant(reading: QueryReading): QueryReading {
  const variant = reading.variant === null ? undefined : variantOf(reading.variant)
  return variant === undefined ? reading : { ...reading, variant: null, terms: reading.terms.filter((term) => !variant.words.includes(term)) }
}

/** How the slugs of the set's variant the reading took end, where the variant is told so (see variantOf). */
function suffixOf(reading: QueryReading): string | null {
  return reading.variant === null ? null : (variantOf(reading.variant)?.suffix ?? null)
}

/**
 * A fallback's outcome, saying which of the words read as a set or a style (`phrases`) it does not
 * apply, besides those it reports already (a word that matches nothing): those it did not take as
 * ordinary words either, so none is dropped without a word.
 */
function withUnapplied<T>(outcome: SearchOutcome<T>, phrases: ReadonlyArray<string | null>): SearchOutcome<T> {
  const { interpreted } = outcome
  interpreted.unapplied = [...new Set([...interpreted.unapplied, ...phrases])].filter((phrase): phrase is string => phrase !== null && !phrase.split(' ').every((word) => interpreted.terms.includes(word)))
  return outcome
}

/**
 * The outcome with the set's variant the reading took ('mini' in 'heroicons mini star', see
 * QueryReading.variant) reported by its word, where the answer still applies it, in place of the
 * size words the index matched its drawings by: read back after the set's name, the word is the same
 * variant, which its size word typed ('heroicons 20 star') is not.
 */
function withVariant<T>(outcome: SearchOutcome<T>, variant: string | null): SearchOutcome<T> {
  const read = variant === null ? undefined : variantOf(variant)
  const { interpreted } = outcome
  if (read === undefined || interpreted.style !== read.style || !interpreted.iconsets.includes(read.set) || !read.words.every((word) => interpreted.terms.includes(word))) {
    return outcome
  }
  const withoutSizes = (words: readonly string[]) => words.filter((word) => !read.words.includes(word))
  interpreted.terms = withoutSizes(interpreted.terms)
  interpreted.variant = variant
  if (outcome.suggestion !== null) outcome.suggestion = withoutSizes(outcome.suggestion.split(' ')).join(' ')
  return outcome
}

/**
 * A candidate's match summed over the query words so far, in one number: the worst class (bits
 * 19-22), the sum of classes (12-18), the slack (8-11, at most 15) and the span (0-7, at most 255:
 * more than any family name's words, see baseWordCount).
 */
function firstMatch(matchClass: number, slack: number, span: number): number {
  return (matchClass << 19) | (matchClass << 12) | (Math.min(slack, 15) << 8) | Math.min(span, 255)
}

function addMatch(match: number, matchClass: number, slack: number, span: number): number {
  return (
    (Math.min(worstOf(match), matchClass) << 19) |
    (Math.min(totalOf(match) + matchClass, 127) << 12) |
    (Math.min(slackOf(match) + slack, 15) << 8) |
    Math.min(spanOf(match) + span, 255)
  )
}

const worstOf = (match: number): number => match >>> 19
const totalOf = (match: number): number => (match >>> 12) & 127
const slackOf = (match: number): number => (match >>> 8) & 15
const spanOf = (match: number): number => match & 255

/**
 * The first position of postings `list[from .. to)` whose icon is not below `icon` (`to` when none):
 * a galloping search, which costs little when it is near `from`.
 */
function firstOfIcon(list: Int32Array, icon: number, from: number, to = list.length): number {
  let step = 1
  let low = from
  let high = from
  while (high < to && (list[high] as number) >> 2 < icon) {
    low = high + 1
    high += step
    step *= 2
  }
  high = Math.min(high, to)
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((list[middle] as number) >> 2 < icon) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * How likely a near spelling is what was meant, by the kind of slip: two neighbouring letters
 * swapped ('fiel': file) or a key struck twice ('cartt': cart, not caret) most, a letter left out
 * ('seting': setting) next, a letter changed or added least.
 */
function editWeight(word: string, term: string): number {
  if (term.length === word.length + 1) return 2
  if (term.length === word.length - 1) return doubles(word, term) ? 4 : 1
  if (term.length !== word.length) return 1
  let at = 0
  while (at < word.length && word[at] === term[at]) at++
  const swapped = word[at] === term[at + 1] && word[at + 1] === term[at] && word.slice(at + 2) === term.slice(at + 2)
  return swapped ? 4 : 1
}

/** Whether `word` is `term` with one of its letters typed twice ('ttree', 'trree': tree). */
function doubles(word: string, term: string): boolean {
  let at = 0
  while (at < term.length && word[at] === term[at]) at++
  return at > 0 && word[at] === word[at - 1] && word.slice(at + 1) === term.slice(at)
}

/** Whether `term` is `word` with its first two letters swapped back ('ohme': home). */
function swapsFirstTwo(word: string, term: string): boolean {
  return term.length === word.length && term[0] === word[1] && term[1] === word[0] && term.slice(2) === word.slice(2)
}

/**
 * Whether near spellings may be what a word meant, given the `found` icons it finds as typed: it is
 * long enough to tell (three letters only when it finds nothing, see SHORT_FUZZY_LENGTH), no
 * number, and no word the thesaurus knows ('grey' is the colour, however few icons say so, not 'grab').
 */
function mayBeMisspelt(word: string, found: number): boolean {
  const long = word.length >= FUZZY_MIN_LENGTH || (word.length === SHORT_FUZZY_LENGTH && found === 0)
  return long && !/\d/.test(word) && synonymsOf(word).length === 0
}

/** Whether the word being typed may be the start of a longer one (see completionAmong). */
function mayBeHalfTyped(word: string): boolean {
  return word.length >= COMPLETION_MIN_LENGTH && !/\d/.test(word)
}

/** The category-like tag words of each set (see CATEGORY_SHARE), as 'set position:word'. */
function categoryWords(icons: readonly IndexedIcon[], setPosition: ReadonlyMap<string, number>): Set<string> {
  const families = new Map<string, readonly string[]>()
  for (const icon of icons) families.set(`${setPosition.get(icon.iconset) ?? -1}:${icon.family}`, icon.tags)
  const familyCount = new Map<number, number>()
  const wordCount = new Map<string, number>()
  for (const [key, tags] of families) {
    const set = Number(key.slice(0, key.indexOf(':')))
    familyCount.set(set, (familyCount.get(set) ?? 0) + 1)
    for (const word of new Set(tags.flatMap(words))) wordCount.set(`${set}:${word}`, (wordCount.get(`${set}:${word}`) ?? 0) + 1)
  }
  const categories = new Set<string>()
  for (const [key, count] of wordCount) {
    const set = Number(key.slice(0, key.indexOf(':')))
    if (count >= CATEGORY_MIN_FAMILIES && count >= (familyCount.get(set) ?? 0) * CATEGORY_SHARE) categories.add(key)
  }
  return categories
}

/** Slots per family in `familyFirsts`: one per style, then one for any style. */
const FIRST_SLOTS = STYLE_SLUGS.length + 1

/** Each family's members in the catalogue's order, members[starts[f] .. starts[f + 1]), and its sizes in all and per style (family * styles + style). */
interface FamilyTable {
  starts: Int32Array
  members: Int32Array
  sizes: Int32Array
  styleSizes: Uint16Array
}

function familyTable(familyOf: Int32Array, familyCount: number, styleOf: Uint8Array): FamilyTable {
  const sizes = new Int32Array(familyCount)
  const styleSizes = new Uint16Array(familyCount * STYLE_SLUGS.length)
  familyOf.forEach((family, id) => {
    sizes[family] = (sizes[family] as number) + 1
    const at = family * STYLE_SLUGS.length + (styleOf[id] as number)
    styleSizes[at] = (styleSizes[at] as number) + 1
  })
  const starts = new Int32Array(familyCount + 1)
  for (let f = 0; f < familyCount; f++) starts[f + 1] = (starts[f] as number) + (sizes[f] as number)
  const next = starts.slice(0, -1)
  const members = new Int32Array(familyOf.length)
  familyOf.forEach((family, id) => {
    members[next[family] as number] = id
    next[family] = (next[family] as number) + 1
  })
  return { starts, members, sizes, styleSizes }
}

/** The style a search's siblings are in (-1: any), or null for none: a set's variant asks for its own drawings alone. */
function siblingStyle(interpreted: SearchInterpretation): number | null {
  if (interpreted.variant !== null) return null
  return interpreted.style === null ? -1 : STYLE_SLUGS.indexOf(interpreted.style)
}

/** Per family, its first icon in each style and, in the last slot, at all; -1 where it has none. */
function familyFirsts(icons: readonly IndexedIcon[], familyOf: Int32Array, familyCount: number): Int32Array {
  const firsts = new Int32Array(familyCount * FIRST_SLOTS).fill(-1)
  icons.forEach((icon, id) => {
    const at = (familyOf[id] as number) * FIRST_SLOTS
    const style = at + STYLE_SLUGS.indexOf(icon.style)
    if (firsts[style] === -1) firsts[style] = id
    if (firsts[at + FIRST_SLOTS - 1] === -1) firsts[at + FIRST_SLOTS - 1] = id
  })
  return firsts
}

/** `styleLeads` and `styleLeadEnds` (see SearchIndexData) of the icons, in their order. */
function leadsByStyle(firsts: Int32Array): { leads: Int32Array; ends: Int32Array } {
  const byStyle = STYLE_SLUGS.map((_, style) => firsts.filter((id, at) => at % FIRST_SLOTS === style && id !== -1).sort())
  let end = 0
  return { leads: Int32Array.from(byStyle.flatMap((ids) => [...ids])), ends: Int32Array.from(byStyle, (ids) => (end += ids.length)) }
}

/**
 * The everyday symbols' icons that listings show first (see `everydayLeads`): for each style, then
 * for no style, each set's drawing of each symbol, as its family's first icon in that style or at all.
 */
function everydayLeadsOf(firsts: Int32Array, familyIds: ReadonlyMap<string, number>, setSlugs: readonly string[]): { leads: Int32Array; ends: Int32Array } {
  const bySlot = Array.from({ length: FIRST_SLOTS }, (_, slot) =>
    everydayDrawings(setSlugs, (set, family) => {
      const at = familyIds.get(`${set}:${family}`)
      const id = at === undefined ? -1 : (firsts[at * FIRST_SLOTS + slot] as number)
      return id === -1 ? undefined : id
    })
  )
  let end = 0
  return { leads: Int32Array.from(bySlot.flat()), ends: Int32Array.from(bySlot, (ids) => (end += ids.length)) }
}

/** The positions of the terms longer than `at` letters, by their letters before `at`, then after it, then at it (see `nearOrder0`). */
function nearOrder(terms: readonly string[], at: number): Int32Array {
  const positions = Int32Array.from(terms.keys()).filter((position) => (terms[position] as string).length > at)
  return positions.sort((a, b) => {
    const first = terms[a] as string
    const second = terms[b] as string
    for (let j = 0; j < at; j++) {
      const difference = first.charCodeAt(j) - second.charCodeAt(j)
      if (difference !== 0) return difference
    }
    for (let j = at + 1; j < first.length && j < second.length; j++) {
      const difference = first.charCodeAt(j) - second.charCodeAt(j)
      if (difference !== 0) return difference
    }
    return first.length - second.length || first.charCodeAt(at) - second.charCodeAt(at)
  })
}

/** The first TERM_LETTERS letter codes of each term, 0 past its end: no term holds a code 0. */
function termLetters(terms: readonly string[]): Uint16Array {
  const letters = new Uint16Array(terms.length * TERM_LETTERS)
  terms.forEach((term, position) => {
    for (let at = 0; at < TERM_LETTERS && at < term.length; at++) letters[position * TERM_LETTERS + at] = term.charCodeAt(at)
  })
  return letters
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
  const tagLists = new Map<readonly string[], Array<[number[], Kind]>>()
  const categories = categoryWords(icons, setPosition)
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
    baseWordCount[id] = Math.min(icon.family.split('-').length, 255)
    for (const list of base) list.push(id * 4 + Kind.Base)
    // The family is the slug's beginning; the rest holds style and size words ('24', 'filled').
    if (icon.slug.length > icon.family.length) {
      for (const word of icon.slug.slice(icon.family.length + 1).split('-')) listOf(word).push(id * 4 + Kind.Suffix)
    }
    let tags = tagLists.get(icon.tags)
    if (!tags) {
      const kindOf = (word: string): Kind => (categories.has(`${set}:${word}`) ? Kind.Category : Kind.Tag)
      tagLists.set(icon.tags, (tags = [...new Set(icon.tags.flatMap(words))].map((word): [number[], Kind] => [listOf(word), kindOf(word)])))
    }
    for (const [list, kind] of tags) list.push(id * 4 + kind)
    const phrase = phrases.get(icon.family)
    if (phrase !== undefined) {
      const members = familyNames.get(phrase)
      if (members) members.push(id * 4 + Kind.Base)
      else familyNames.set(phrase, [id * 4 + Kind.Base])
    }
  })
  const terms = [...postings.keys()].sort()
  const termPosition = new Map(terms.map((term, position) => [term, position]))
  const leadTerm = Int32Array.from(icons, (icon) => termPosition.get(icon.family.split('-')[0] as string) ?? -1)
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
  const firsts = familyFirsts(icons, familyOf, familyIds.size)
  // A family key is `set:name`, one per set, so the keys of a name count the sets that draw it.
  const setsDrawing = new Map<string, number>()
  const nameOf = (key: string): string => key.slice(key.indexOf(':') + 1)
  for (const key of familyIds.keys()) setsDrawing.set(nameOf(key), (setsDrawing.get(nameOf(key)) ?? 0) + 1)
  const familyReach = new Uint8Array(familyIds.size)
  const familyDirections = new Uint8Array(familyIds.size)
  for (const [key, family] of familyIds) {
    familyReach[family] = Math.min(setsDrawing.get(nameOf(key)) as number, MAX_REACH)
    familyDirections[family] = directionsOf(nameOf(key).split('-'))
  }
  const { leads: styleLeads, ends: styleLeadEnds } = leadsByStyle(firsts)
  const { leads: everydayLeads, ends: everydayLeadEnds } = everydayLeadsOf(firsts, familyIds, setSlugs)
  return {
    terms,
    termLetters: termLetters(terms),
    nearOrder0: nearOrder(terms, 0),
    nearOrder1: nearOrder(terms, 1),
    postingEnds,
    postings: postingData,
    baseWordCount,
    leadTerm,
    setOf,
    familyOf,
    familyCount: familyIds.size,
    familyReach,
    familyDirections,
    slugOrder,
    styleLeads,
    styleLeadEnds,
    everydayLeads,
    everydayLeadEnds,
    setRuns: Int32Array.from([...setOf.keys()].filter((id) => id === 0 || setOf[id] !== setOf[id - 1]).concat(n)),
    familyNames: [...familyNames],
    rankedKeys: [],
    rankedEnds: new Uint32Array(0),
    ranked: new Uint32Array(0)
  }
}
