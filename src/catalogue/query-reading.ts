/**
 * Reads a query as designers and developers write it: set names and style words become filters,
 * Iconify ids (`mdi:account-circle`) and icon component names (`FaGithub`, `HiOutlineHome`,
 * `Home24Regular`) name a set, a style and an exact icon, and camelCase, PascalCase, snake_case
 * and kebab-case split into words; a pasted emoji reads as its name. Pure but for Twemoji's emoji
 * names, read once (emoji-names.ts): the index decides what the reading finds.
 */
import type { StyleSlug } from '../api/catalogue-schemas'
import { withEmojiNamed } from './emoji-names'
import { americanSpelling, wordForms } from './synonyms'
import { words } from './tokenize'

export interface SetNaming {
  slug: string
  /** The set's own name, e.g. 'Fluent UI System Icons'. */
  name: string
  /** Name suffixes of the set's styles ('fill' → solid in Remix), from its StyleRules. */
  suffixes: Readonly<Record<string, StyleSlug>>
  /** The styles the set draws. */
  styles: readonly StyleSlug[]
  /** Iconify aliases (other names of one drawing) to the slug they name: an id may spell one. */
  aliases?: ReadonlyMap<string, string>
  /** An earlier version's names of the set's drawings to their names now (see IconSetConfig): read as the new name. */
  renamed?: Readonly<Record<string, string>>
}

/** What the reader knows of the catalogue, built once at start-up. */
export interface Vocabulary {
  /** Set names and aliases (lower-case words joined by spaces) to the sets they name. */
  readonly setNames: ReadonlyMap<string, readonly string[]>
  /** Iconify prefixes, including those of sister sets the catalogue answers for, to set slugs. */
  readonly prefixes: ReadonlyMap<string, readonly string[]>
  readonly suffixes: ReadonlyMap<string, Readonly<Record<string, StyleSlug>>>
  /** Each set's styles, by set slug. */
  readonly styles: ReadonlyMap<string, readonly StyleSlug[]>
  /** Each set's `renamed` names (see SetNaming), by set slug. */
  readonly renamed: ReadonlyMap<string, Readonly<Record<string, string>>>
  /** The longest set name, in words. */
  readonly longestName: number
  /** The set names of one word long enough to be told from a slip of another word (see withSetNamesCorrected). */
  readonly slipNames: readonly string[]
}

/** Words of a query read as naming sets: a set's name, an Iconify id, a component name. */
export interface SetPhrase {
  phrase: string
  sets: readonly string[]
}

export interface QueryReading {
  /** Words to match, lower case, in query order. */
  terms: string[]
  /** Sets the query named; empty when it named none. */
  iconsets: string[]
  /** The style a word of the query asked for. */
  style: StyleSlug | null
  /** Icon names the query spelled out whole (an Iconify id, a component name), to try as slugs in `iconsets`. */
  names: string[]
  /** What the query holds that reads as no word (★, →, '-' alone), as typed: reported as not applied. */
  unread: string[]
  /** Every word taken literally, for when the reading finds nothing ('solar panel' is a panel, not the Solar set). */
  literal: string[]
  /**
   * The style word, when with the other words it also names icons ('brand github': tabler's
   * brand-github): icons whose name holds it are shown whatever their style, beside the style's.
   */
  styleName: string | null
  /** The words read as set names, as typed ('font awesome'), and the sets each named, to report those whose sets cannot be kept. */
  setPhrases: SetPhrase[]
  /** Prefixes of Iconify ids of sets the catalogue does not serve ('ion' in 'ion:home'), left out if the words find nothing with them. */
  otherLibraries: OtherLibrary[]
  /** The word or words read as the style ('filled', 'mini'), to report it if the style cannot be applied. */
  stylePhrase: string | null
  /** Whether the style is the one a component's library draws its set in (`HiHome`, see COMPONENT_DEFAULT_STYLES): it goes with the set. */
  styleOfSet: boolean
  /** The style word's general meaning, where a set in scope spells another style so ('bold' is Solar's solid): for when the set is given up on. */
  generalStyle: StyleSlug | null
  /** A style word a set's variant word overrode ('outline' in 'heroicons mini outline star'), and its style, to report it. */
  declinedStyle: { phrase: string; style: StyleSlug } | null
  /** A set's variant word read ('mini' in 'heroicons mini star' and HiMiniStar), whose size words are among the terms or whose slugs' ending filters the results (see variantOf). */
  variant: string | null
  /**
   * The fill word read beside a corner style ('outline' in 'home rounded outline'), its style, and
   * the slug word it left among the terms (home-outline-rounded), to undo if the corner style cannot be applied.
   */
  fillWord: { phrase: string; style: StyleSlug; term: string | null } | null
}

/** What the index knows of icons' names, for telling a style word from a word of a name. */
export interface NameLookup {
  /** Whether some icon's family name holds every one of the words ('heart light': twemoji's light-blue-heart). */
  holds: (words: readonly string[]) => boolean
  /** Whether some icon's family name is the words and no others, in any order ('light bulb', 'text bold'); of `style` if given. */
  is: (words: readonly string[], style?: StyleSlug) => boolean
  /** The two words of a family name that a word typed as one stands for ('creditcard': credit card), or null. */
  joined: (word: string) => readonly string[] | null
}

/** Names designers use for the sets besides the sets' own names. */
const SET_ALIASES: Readonly<Record<string, readonly string[]>> = {
  phosphor: ['ph'],
  'phosphor icons': ['ph'],
  hero: ['heroicons'],
  'hero icons': ['heroicons'],
  material: ['material-symbols', 'mdi'],
  'material icons': ['material-symbols'],
  'google material': ['material-symbols'],
  'material design': ['mdi'],
  'material community': ['mdi'],
  fluent: ['fluent'],
  'fluent ui': ['fluent'],
  'fluent icons': ['fluent'],
  fluentui: ['fluent'],
  'microsoft fluent': ['fluent'],
  remix: ['ri'],
  remixicon: ['ri'],
  bootstrap: ['bi'],
  octicons: ['octicon'],
  'github octicons': ['octicon'],
  primer: ['octicon'],
  'font awesome': ['fa6-solid', 'fa6-regular', 'fa6-brands'],
  fontawesome: ['fa6-solid', 'fa6-regular', 'fa6-brands'],
  fa: ['fa6-solid', 'fa6-regular', 'fa6-brands'],
  fa6: ['fa6-solid', 'fa6-regular', 'fa6-brands'],
  'flat color': ['flat-color-icons'],
  twemoji: ['twemoji'],
  // Its package's name for it.
  'twitter emoji': ['twemoji'],
  'simple icons': ['simple-icons'],
  simpleicons: ['simple-icons'],
  mingcute: ['mingcute'],
  'ming cute': ['mingcute'],
  tabler: ['tabler'],
  ti: ['tabler'],
  'ibm carbon': ['carbon'],
  'material ui': ['material-symbols'],
  mui: ['material-symbols']
}

/**
 * Names of icon libraries the catalogue does not serve, as designers type them, where a name finds
 * icons of its own, so that beside another word it would empty the page: Feather is a feather, Simple
 * Icons draws Iconify's, Icons8's, Flaticon's and Nucleo's logos, and 'ion' (Ionicons' Iconify
 * prefix, typed with a space: 'ion home') begins 'ionic'. A name that finds no icon at all needs
 * no entry: such a word is left out anyway.
 */
const OTHER_LIBRARIES: readonly OtherLibrary[] = [
  'feather',
  'iconify',
  'icons8',
  'flaticon',
  'nucleo',
  'sf symbols',
  'ion',
  'ionicons',
  'bx',
  'boxicons',
  'uil',
  'unicons',
  'eva',
  'radix',
  'akar',
  'majesticons',
  'hugeicons',
  'iconsax',
  'typicons',
  'streamline'
].map((name) => ({ words: name.split(' '), name }))

/** A library the catalogue does not serve, named in a query: its words among the terms, and its name to report. */
export interface OtherLibrary {
  words: readonly string[]
  name: string
}

/**
 * The words without the names of other libraries in them (see OTHER_LIBRARIES, and `named`: the
 * prefixes of ids of sets the catalogue does not serve, 'ion' in 'ion:home'), and those names, for a
 * query whose words find nothing together ('feather home', 'sf symbols home', 'ion:home'): the
 * designer meant that library's home, and the catalogue's homes are the nearest thing it has.
 */
export function withoutOtherLibraries(terms: readonly string[], named: readonly OtherLibrary[]): { kept: string[]; libraries: string[] } {
  const kept: string[] = []
  const libraries: string[] = []
  const all = [...named, ...OTHER_LIBRARIES]
  for (let at = 0; at < terms.length; ) {
    const library = all.find(({ words }) => words.length > 0 && words.every((word, i) => terms[at + i] === word))
    if (library === undefined) kept.push(terms[at++] as string)
    else {
      libraries.push(library.name)
      at += library.words.length
    }
  }
  return { kept, libraries }
}

/** Iconify prefixes of sister sets whose names match one the catalogue serves. */
const PREFIX_ALIASES: Readonly<Record<string, readonly string[]>> = {
  fa: ['fa6-solid', 'fa6-regular', 'fa6-brands'],
  'fa-solid': ['fa6-solid'],
  'fa-regular': ['fa6-regular'],
  'fa-brands': ['fa6-brands'],
  'fa7-solid': ['fa6-solid'],
  'fa7-regular': ['fa6-regular'],
  'fa7-brands': ['fa6-brands'],
  ic: ['material-symbols'],
  'material-symbols-light': ['material-symbols'],
  'mdi-light': ['mdi'],
  'heroicons-outline': ['heroicons'],
  'heroicons-solid': ['heroicons'],
  feather: ['lucide'],
  logos: ['simple-icons'],
  'ri-line': ['ri']
}

/**
 * Leading words of component names in the popular React and Vue icon libraries (react-icons,
 * @tabler/icons-react, @mdi/js, Font Awesome's `faGithub`, simple-icons' `siGithub`, Phosphor's
 * Vue `PhHeart`), to the sets they draw from. Feather's names are Lucide's.
 */
const COMPONENT_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  Fa: ['fa6-solid', 'fa6-regular', 'fa6-brands'],
  fa: ['fa6-solid', 'fa6-regular', 'fa6-brands'],
  Md: ['material-symbols'],
  Bs: ['bi'],
  Hi: ['heroicons'],
  Lu: ['lucide'],
  Lucide: ['lucide'],
  Fi: ['lucide'],
  Ri: ['ri'],
  Pi: ['ph'],
  Ph: ['ph'],
  Tb: ['tabler'],
  Icon: ['tabler'],
  Si: ['simple-icons'],
  si: ['simple-icons'],
  Go: ['octicon'],
  Fc: ['flat-color-icons'],
  mdi: ['mdi'],
  Mdi: ['mdi'],
  // Libraries the catalogue does not serve: their prefix is dropped and every set searched.
  Ai: [],
  Bi: [],
  Ci: [],
  Cg: [],
  Di: [],
  Gi: [],
  Gr: [],
  Im: [],
  Io: [],
  Lia: [],
  Rx: [],
  Sl: [],
  Tfi: [],
  Ti: [],
  Vsc: [],
  Wi: []
}

interface Modifier {
  iconsets?: readonly string[]
  words?: readonly string[]
  style?: StyleSlug
  /** The set whose variant the word also names as a word typed after the set's name: 'heroicons mini star' is HiMiniStar. */
  after?: string
  /** How the variant's slugs end, where no word of theirs says it alone ('line' is also in crown-line-bold-duotone). */
  suffix?: string
}

/**
 * The style of a library's components whose names say none: react-icons' Heroicons are the solid
 * drawings unless `Outline`, `Mini` or `Micro` follows (`HiHome` is home-solid, `HiOutlineHome` home).
 */
const COMPONENT_DEFAULT_STYLES: Readonly<Record<string, StyleSlug>> = { Hi: 'solid' }

/**
 * Words inside component names that pick a set or a drawing (`FaRegHeart`, `HiMiniHome`), and a
 * set's variants typed after its name (`after`), in one word or two.
 */
const COMPONENT_MODIFIERS: Readonly<Record<string, Modifier>> = {
  reg: { iconsets: ['fa6-regular'] },
  // Heroicons' Mini and Micro are its 20 px and 16 px drawings, all solid.
  mini: { words: ['20'], style: 'solid', after: 'heroicons' },
  micro: { words: ['16'], style: 'solid', after: 'heroicons' },
  round: { words: ['rounded'] },
  // Solar draws two duotones, Bold Duotone (home-bold-duotone) and Line Duotone (home-line-duotone).
  'bold duotone': { suffix: '-bold-duotone', style: 'duotone', after: 'solar' },
  'line duotone': { suffix: '-line-duotone', style: 'duotone', after: 'solar' }
}

/**
 * Sister sets' prefixes that name a style of the set the catalogue serves, to the words its slugs
 * spell the style with: heroicons-solid:home is heroicons:home-solid.
 */
const PREFIX_STYLE_WORDS: Readonly<Record<string, readonly string[]>> = {
  'heroicons-solid': ['solid']
}

/** Leading words of Google's Material icon names elsewhere (ic:outline-home), as the catalogue's sets spell them. */
const ID_VARIANT_WORDS: Readonly<Record<string, readonly string[]>> = {
  baseline: [],
  outline: ['outline'],
  round: ['rounded'],
  sharp: ['sharp'],
  twotone: []
}

/**
 * Glue that some names hold ('arrow-right-to-line', Twemoji's 'face-with-tears', Tabler's letter-a
 * and a-b): kept where, with it, the words name an icon, dropped where they name none ('add to
 * cart' is add cart, 'svg of a cat' a cat).
 */
const NAMING_GLUE: ReadonlySet<string> = new Set(['to', 'with', 'the', 'a', 'an', 'of', 'for', 'and'])
/** Glue that links parts of a name ('arrow-right-to-line'), so kept where it is in a name with the other words, if not all of it. */
const NAMES_HOLD: ReadonlySet<string> = new Set(['to', 'with'])

/**
 * The frameworks in the package names developers paste with a set's name (`lucide-react`,
 * `lucide-vue-next`, `@tabler/icons-react`, `@heroicons/vue`), and the words such a name goes on
 * with after one (`-next`, `-native`): they say how the icons are used, not which.
 */
const FRAMEWORK_WORDS: ReadonlySet<string> = new Set(['react', 'vue', 'svelte', 'angular', 'preact'])
const PACKAGE_TAIL_WORDS: ReadonlySet<string> = new Set(['next', 'native', 'icons'])
/** A package of many sets' components, named without a set (`react-icons home`; `react-icons/fa home` names Font Awesome after it). */
const MANY_SETS_PACKAGE = 'react icons'
/**
 * A set's version typed after its name: 'font awesome 6 home', 'heroicons v2 user'. A number of two
 * digits there is a size ('heroicons 20 star', its 20 px drawings), which no version is.
 */
const VERSION = /^v?\d$|^v\d+$/

/** Words that describe every icon rather than one; also ordinary English glue. */
const FILLER_WORDS: ReadonlySet<string> = new Set(['icon', 'icons', 'svg', 'png', 'vector', 'symbol', 'the', 'a', 'an', 'of', 'for', 'and'])

/** Fluent's React components end in a size and style: `Home24Regular`, `AddCircle20Filled`. */
const FLUENT_COMPONENT = /\d(Regular|Filled|Light|Color)$/

/**
 * Words for styles. An ambiguous word is also an ordinary icon name ('bold' text, a 'light' bulb,
 * a 'line' chart) and is read as a style only beside other words that name no icon with it. A
 * word that is a style only beside others is a style even where a set draws logos by name
 * ('github logo' asks for the brand marks, not only Phosphor's github-logo), but alone it is a word.
 */
const STYLE_WORDS: Readonly<Record<string, { style: StyleSlug; ambiguous?: true; alone?: true }>> = {
  outline: { style: 'outline' },
  outlined: { style: 'outline' },
  outlines: { style: 'outline' },
  stroke: { style: 'outline' },
  stroked: { style: 'outline' },
  linear: { style: 'outline' },
  regular: { style: 'outline' },
  line: { style: 'outline', ambiguous: true },
  solid: { style: 'solid' },
  filled: { style: 'solid' },
  glyph: { style: 'solid' },
  fill: { style: 'solid', ambiguous: true },
  duotone: { style: 'duotone' },
  'two tone': { style: 'duotone' },
  twotone: { style: 'duotone' },
  thin: { style: 'thin', ambiguous: true },
  light: { style: 'light', ambiguous: true },
  bold: { style: 'bold', ambiguous: true },
  // Material Symbols' Rounded and Sharp; also words in names ('square rounded', 'music sharp').
  rounded: { style: 'rounded', ambiguous: true },
  // Google's Material Icons call the same corners Round ('Material Icons Round', ic:round-home).
  round: { style: 'rounded', ambiguous: true },
  sharp: { style: 'sharp', ambiguous: true },
  colored: { style: 'color' },
  coloured: { style: 'color' },
  colorful: { style: 'color' },
  colourful: { style: 'color' },
  multicolor: { style: 'color' },
  multicolour: { style: 'color' },
  color: { style: 'color', ambiguous: true },
  colour: { style: 'color', ambiguous: true },
  logo: { style: 'logo', alone: true },
  logos: { style: 'logo', alone: true },
  brand: { style: 'logo', alone: true },
  brands: { style: 'logo', alone: true }
}
const LONGEST_STYLE_WORDS = 2

/**
 * Styles that say how corners are drawn, not whether shapes are filled: a fill word beside one
 * picks among its drawings ('home outline rounded' is the unfilled rounded home, a slug word).
 */
export const CORNER_STYLES: ReadonlySet<StyleSlug> = new Set(['rounded', 'sharp'])
/** The slug word a set writes for its unfilled drawings of a corner style (material-symbols home-outline-rounded). */
const UNFILLED_WORD = 'outline'

/** Set names shorter than this are not looked for among near spellings: 'remx' is too near too much. */
const SET_TYPO_MIN_LENGTH = 5

export function buildVocabulary(sets: readonly SetNaming[]): Vocabulary {
  const known = new Set(sets.map((set) => set.slug))
  const setNames = new Map<string, string[]>()
  const add = (name: string, slugs: readonly string[]): void => {
    const key = words(name).join(' ')
    const present = slugs.filter((slug) => known.has(slug))
    if (key === '' || present.length === 0) return
    setNames.set(key, [...new Set([...(setNames.get(key) ?? []), ...present])])
  }
  // A set's name with its last word in its other number too, as designers type it: 'heroicon',
  // 'octicons', 'simple icon', 'material symbol'.
  const addWithForms = (name: string, slug: string): void => {
    add(name, [slug])
    const nameWords = words(name)
    const last = nameWords.at(-1) ?? ''
    if (last.length < 4) return
    for (const form of wordForms(last)) add([...nameWords.slice(0, -1), form].join(' '), [slug])
  }
  for (const set of sets) {
    addWithForms(set.slug, set.slug)
    addWithForms(set.name, set.slug)
    // 'Tabler Icons' is also 'tabler', 'MingCute Icon' 'mingcute'; 'Font Awesome 6 Solid' also 'font awesome solid'.
    add(set.name.replace(/\s+icons?$/i, ''), [set.slug])
    add(set.name.replace(/\s+\d+\s+/, ' '), [set.slug])
  }
  for (const [alias, slugs] of Object.entries(SET_ALIASES)) {
    add(alias, slugs)
    // An alias of several sets with the word that tells them apart picks one: 'fa brands',
    // 'fontawesome solid' (the sets' names, less the words they share: Font Awesome 6 Brands).
    const named = sets.filter((set) => slugs.includes(set.slug))
    if (named.length < 2) continue
    const nameWords = named.map((set) => words(set.name).filter((word) => !/^\d+$/.test(word)))
    const shared = (nameWords[0] ?? []).filter((word) => nameWords.every((other) => other.includes(word)))
    named.forEach((set, i) => {
      const own = (nameWords[i] ?? []).filter((word) => !shared.includes(word))
      if (own.length !== 1) return
      for (const word of [own[0] as string, ...wordForms(own[0] as string)]) add(`${alias} ${word}`, [set.slug])
    })
  }
  const prefixes = new Map<string, readonly string[]>(sets.map((set) => [set.slug, [set.slug]]))
  for (const [prefix, slugs] of Object.entries(PREFIX_ALIASES)) {
    const present = slugs.filter((slug) => known.has(slug))
    if (!prefixes.has(prefix) && present.length > 0) prefixes.set(prefix, present)
  }
  return {
    setNames,
    prefixes,
    suffixes: new Map(sets.map((set) => [set.slug, set.suffixes])),
    styles: new Map(sets.map((set) => [set.slug, set.styles])),
    renamed: new Map(sets.map((set) => [set.slug, set.renamed ?? {}])),
    longestName: Math.max(1, ...[...setNames.keys()].map((name) => name.split(' ').length)),
    slipNames: [...setNames.keys()].filter((name) => !name.includes(' ') && name.length >= SET_TYPO_MIN_LENGTH)
  }
}

/**
 * The query with each word one slip from a set's one-word name read as that name ('lucid heart',
 * 'heroicns user', 'phospor home', 'lucid-heart'), and those words as typed (lower case); null when no word is.
 * A slip is a letter left out, added or changed, or two neighbouring letters swapped, with the first
 * letter as typed, as the index's own near spellings keep it. Words shorter than SET_TYPO_MIN_LENGTH,
 * set names themselves, words `meant` says were meant as typed (the index's to say: 'tables' is a
 * word of icons' names) and all but plain words stay as typed: ids and component names
 * (`FaGithub`) name their sets already.
 */
export function withSetNamesCorrected(query: string, vocabulary: Vocabulary, meant: (word: string) => boolean): { query: string; slips: string[] } | null {
  const slips: string[] = []
  // Split where the index splits words ('lucid-heart' is two), keeping what stood between them.
  const tokens = query.split(/([^\p{L}\p{N}]+)/u).map((token) => {
    const word = token.toLowerCase()
    if (word.length < SET_TYPO_MIN_LENGTH || !/^[A-Za-z][a-z]+$/.test(token) || vocabulary.setNames.has(word) || meant(word)) return token
    const name = vocabulary.slipNames.find((key) => key[0] === word[0] && oneSlipApart(word, key))
    if (name === undefined) return token
    slips.push(word)
    return name
  })
  return slips.length === 0 ? null : { query: tokens.join(''), slips }
}

/** Whether one slip makes `a` into `b`: a letter left out, added or changed, or two neighbouring letters swapped. */
export function oneSlipApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false
  let at = 0
  while (at < a.length && a[at] === b[at]) at++
  if (a.length === b.length) {
    return a.slice(at + 1) === b.slice(at + 1) || (a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2))
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a]
  return longer.slice(at + 1) === shorter.slice(at)
}

/** A style word read from the query; `at`: where among the kept words it stood. */
interface StyleWordRead {
  style: StyleSlug
  ambiguous: boolean
  alone: boolean
  text: string
  at: number
}

/** A word of the query and where it came from. */
interface Word {
  text: string
  /** Sets named by the id or component name the word came from. */
  iconsets: readonly string[] | null
  /** Inside an id or component name, where a style word can only be a style. */
  named: boolean
}

/**
 * Names whose punctuation is the name, spelt as Simple Icons spells them in its slugs ('+' as plus,
 * '#' as sharp, a leading '.' as dot: cplusplus, csharp, dotnet), where reading the words alone
 * would leave the letter c for 'c++'; and e-mail, e-book as one word, not the letter e and another.
 */
function punctuationSpelt(token: string): string {
  return token
    .replace(/^([a-z0-9]+)\+\+$/i, '$1plusplus')
    .replace(/^([a-z])#$/i, '$1sharp')
    .replace(/^\.(net)$/i, 'dot$1')
    .replace(/^e-([a-z]{3,})$/i, 'e$1')
}

const IONIFY_ID = /^([a-z0-9]+(?:-[a-z0-9]+)*):([a-z0-9]+(?:-[a-z0-9]+)*)$/
const CAMEL = /^[A-Za-z][A-Za-z0-9]*$/

/** 'BsThreeDotsVertical' → ['Bs', 'Three', 'Dots', 'Vertical']; 'Home24Regular' → ['Home', '24', 'Regular']. */
export function splitCamel(token: string): string[] {
  return token
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .split(' ')
}

/**
 * Reads the query. `names` tells whether icons' names hold given words, so that 'text bold' stays
 * the bold-text icon while 'heart bold' asks for bold hearts. `requestedSets`: the sets the search
 * is limited to besides those the query names, empty for every set.
 */
export function readQuery(query: string, vocabulary: Vocabulary, names: NameLookup, requestedSets: readonly string[] = []): QueryReading {
  const reading: QueryReading = {
    terms: [],
    iconsets: [],
    style: null,
    names: [],
    literal: [],
    unread: [],
    styleName: null,
    setPhrases: [],
    otherLibraries: [],
    stylePhrase: null,
    styleOfSet: false,
    generalStyle: null,
    declinedStyle: null,
    variant: null,
    fillWord: null
  }
  const { sequence, nameSets } = readWords(query, vocabulary, names, reading)
  const { kept, querySets, styleWord, fillWord } = readPhrases(sequence, vocabulary, requestedSets, reading)
  reading.terms = kept.map((word) => word.text)
  keepSetNamesOfIcons(reading, sequence, kept, querySets, styleWord, names.holds)
  if (styleWord !== null) settleStyleWord(reading, styleWord, fillWord, { nameSets, querySets, requestedSets }, vocabulary, names)
  reading.iconsets = [...new Set([...nameSets, ...querySets])]
  withoutWordsNamingNothing(reading, names)
  return reading
}

/**
 * The query's words in order (`sequence`), and the sets its ids and component names name; records the
 * words read and what holds none on `reading`. Each of readQuery's steps is a function of its own:
 * V8 optimises each alone, so a query that takes a new path recompiles one step, not the whole reading.
 */
function readWords(query: string, vocabulary: Vocabulary, names: NameLookup, reading: QueryReading): { sequence: Word[]; nameSets: Set<string> } {
  const sequence: Word[] = []
  /** Tokens that hold no word. */
  const wordless: string[] = []
  const nameSets = new Set<string>()
  // Code pasted whole (<HomeIcon />, icon="mdi:home") splits at its punctuation; ids keep their colon.
  for (const token of withEmojiNamed(query).trim().split(/[\s"'`<>{}()[\]=,;/\\]+/)) {
    if (token === '') continue
    const idText = iconClassAsId(token, vocabulary) ?? token
    const id = idText.includes(':') ? IONIFY_ID.exec(idText.toLowerCase()) : null
    const idSets = id ? vocabulary.prefixes.get(id[1] as string) : undefined
    if (id && idSets) {
      for (const slug of idSets) nameSets.add(slug)
      // The id as typed names the sets, to report if they cannot be kept ('mdi:home' within Lucide).
      reading.setPhrases.push({ phrase: token, sets: idSets })
      // A former name is the name now: a Font Awesome 5 name in an fa id ('fa:times', 'fa-solid:trash-alt') is its FA6 name.
      const slugName = renamedTo(vocabulary, idSets, id[2] as string) ?? (id[2] as string)
      reading.names.push(slugName)
      let name = words(slugName)
      // Sister sets spell variants the catalogue's sets do not: ic:baseline-home, logos:github-icon.
      const variant = own(ID_VARIANT_WORDS, name[0] as string)
      if (name.length > 1 && variant !== undefined) name = [...name.slice(1), ...variant]
      if (name.length > 1 && name[name.length - 1] === 'icon') name = name.slice(0, -1)
      name = [...name, ...(own(PREFIX_STYLE_WORDS, id[1] as string) ?? [])]
      for (const text of name) sequence.push({ text, iconsets: idSets, named: true })
      continue
    }
    // The id of a set the catalogue does not serve ('ion:home', 'akar-icons:home'): its name is read
    // as words, its prefix too ('arrow:left' is still an arrow left), but that one may be left out.
    if (id) reading.otherLibraries.push({ words: words(id[1] as string).filter((word) => !FILLER_WORDS.has(word)), name: id[1] as string })
    const parts = CAMEL.test(token) && /[a-z0-9][A-Z]/.test(token) ? splitCamel(token) : null
    if (parts) {
      sequence.push(...readComponent(parts, nameSets, reading, vocabulary, names))
      continue
    }
    const read = words(punctuationSpelt(token))
    if (read.length === 0) wordless.push(token)
    for (const text of read) {
      const spelt = americanSpelling(text)
      for (const part of names.joined(spelt) ?? [spelt]) sequence.push({ text: part, iconsets: null, named: false })
    }
  }
  reading.literal = sequence.map((word) => word.text)
  // Symbols that are no word (★, →, an emoji Twemoji does not draw) are reported as not applied, and
  // so is punctuation that is all the query holds ('-', and '(' or '/', which the split above drops),
  // as typed between spaces; beside words, it is glue ('black & white').
  reading.unread = sequence.length === 0 ? query.trim().split(/\s+/).filter((chunk) => chunk !== '') : wordless.filter((token) => /\p{S}/u.test(token))
  return { sequence, nameSets }
}

/** A fill word read beside a corner style: the style to fall back on if the corner word is an ordinary word. */
interface FillWordRead {
  style: StyleSlug
  asTerm: boolean
  text: string
}

/** Set names and style phrases among the words typed as words (recorded on `reading`), and the words left as terms. */
function readPhrases(
  sequence: readonly Word[],
  vocabulary: Vocabulary,
  requestedSets: readonly string[],
  reading: QueryReading
): { kept: Word[]; querySets: Set<string>; styleWord: StyleWordRead | null; fillWord: FillWordRead | null } {
  // Set names and style phrases, longest first, among the words typed as words.
  const kept: Word[] = []
  const querySets = new Set<string>()
  /** `at`: where among the kept words it stood, to put it back if it is an ordinary word after all. */
  let styleWord: StyleWordRead | null = null
  /** A fill word read beside a corner style: the style to fall back on if the corner word is an ordinary word. */
  let fillWord: FillWordRead | null = null
  for (let at = 0; at < sequence.length; ) {
    const word = sequence[at] as Word
    let taken = 0
    if (!word.named) {
      for (let length = Math.min(vocabulary.longestName, sequence.length - at); length >= 1 && taken === 0; length--) {
        const phrase = phraseAt(sequence, at, length)
        if (phrase === null) continue
        const sets = vocabulary.setNames.get(phrase)
        const entry = length <= LONGEST_STYLE_WORDS ? own(STYLE_WORDS, phrase) : undefined
        const variant = length <= LONGEST_STYLE_WORDS ? own(COMPONENT_MODIFIERS, phrase) : undefined
        if (sets) {
          // The longest whole name: one that overlaps this one and goes on past it, naming the same
          // set, joins it ('google material' + 'material symbols': Material Symbols, no word left).
          const [named, nameEnd] = longestName(sequence, at, length, sets, vocabulary)
          const end = afterPackageWords(sequence, nameEnd)
          for (const slug of named) querySets.add(slug)
          reading.setPhrases.push({ phrase: phraseAt(sequence, at, end - at) as string, sets: named })
          taken = end - at
        } else if (phrase === MANY_SETS_PACKAGE && afterPackageWords(sequence, at) === at + length) {
          // Said only by how it is used: dropped, as a filler word is.
          taken = length
        } else if (variant?.after !== undefined && (querySets.has(variant.after) || (querySets.size === 0 && requestedSets.includes(variant.after)))) {
          // After the set's name, or within the set asked for with `iconset` ('mini star' in Heroicons).
          for (const text of variant.words ?? []) kept.push({ text, iconsets: [variant.after], named: true })
          reading.variant = phrase
          if (variant.style) {
            reading.style = variant.style
            reading.stylePhrase = phrase
          }
          taken = length
        } else if (entry && (styleWord === null || pairsWith(styleWord.style, entry.style, fillWord))) {
          const read: StyleWordRead = { style: entry.style, ambiguous: entry.ambiguous === true, alone: entry.alone === true, text: phrase, at: kept.length }
          if (styleWord === null) styleWord = read
          else {
            // One fill word and one corner word: the corner is the style, an unfilled fill a slug word.
            const [corner, fill]: [StyleWordRead, StyleWordRead] = CORNER_STYLES.has(read.style) ? [read, styleWord] : [styleWord, read]
            const asTerm = fill.style === 'outline'
            if (asTerm) kept.splice(fill.at, 0, { text: UNFILLED_WORD, iconsets: null, named: false })
            fillWord = { style: fill.style, asTerm, text: fill.text }
            styleWord = { ...corner, at: corner === read ? kept.length : corner.at }
          }
          taken = length
        } else if (entry && styleWord !== null && fillWord === null && plainStyleWord(entry) && plainStyleWord(styleWord)) {
          // Two styles that cannot go together ('home outline solid'): the later word is the style,
          // as a designer changing their mind types it, and the earlier is reported as not applied,
          // so the words' order never turns one of them into a word of icons' names.
          reading.declinedStyle = { phrase: styleWord.text, style: styleWord.style }
          styleWord = { style: entry.style, ambiguous: false, alone: false, text: phrase, at: kept.length }
          taken = length
        }
      }
    } else {
      // Inside a name, a word is a style if the set spells its styles so (`PiHeartBold`, `RiHomeLine`)
      // or if it can be nothing else (`HiOutlineHome`); `IconBrandGithub` is a brand icon, not a logo.
      const style = word.iconsets ? styleOfSuffix(word.text, word.iconsets, vocabulary) : undefined
      const generic = own(STYLE_WORDS, word.text)
      const entry = style ? { style } : generic?.ambiguous || generic?.alone ? undefined : generic
      if (entry) {
        styleWord = { style: entry.style, ambiguous: false, alone: false, text: word.text, at: kept.length }
        taken = 1
      }
    }
    if (taken === 0) {
      kept.push(word)
      taken = 1
    }
    at += taken
  }
  return { kept, querySets, styleWord, fillWord }
}

/** Undoes the reading of a set's name where, with the words beside it, it names icons (`namesWords`). */
function keepSetNamesOfIcons(
  reading: QueryReading,
  sequence: readonly Word[],
  kept: readonly Word[],
  querySets: Set<string>,
  styleWord: StyleWordRead | null,
  namesWords: NameLookup['holds']
): void {
  // A set's name beside words that, with it, name an icon is part of that name: 'solar panel', and
  // 'solar panel icon', as filler words typed beside it name nothing ('solar icons' is still the set).
  // A filler word in the set's own name is part of it: 'simple icons x' is Simple Icons' X.
  if (querySets.size > 0 && kept.some((word) => !FILLER_WORDS.has(word.text))) {
    const fillers = new Set(kept.filter((word) => FILLER_WORDS.has(word.text)))
    const styleTexts = new Set(styleWord?.text.split(' ') ?? [])
    const unstyled = sequence.filter((word) => word.named || !(styleTexts.has(word.text) || fillers.has(word))).map((word) => word.text)
    if (namesWords(unstyled)) {
      querySets.clear()
      reading.setPhrases = []
      reading.terms = unstyled
    }
  }
}

/** The sets a search is within: named by ids and component names, by the query's words, and asked for with `iconset`. */
interface SetsInScope {
  nameSets: ReadonlySet<string>
  querySets: ReadonlySet<string>
  requestedSets: readonly string[]
}

/** Whether the style word read is the style, or a word of icons' names after all (recorded on `reading`). */
function settleStyleWord(
  reading: QueryReading,
  read: StyleWordRead,
  fillWord: FillWordRead | null,
  { nameSets, querySets, requestedSets }: SetsInScope,
  vocabulary: Vocabulary,
  names: NameLookup
): void {
  const namesWords = names.holds
  let styleWord = read
  // A set in scope may spell a style its own way, where it draws none by the word's general
  // meaning: Solar's Bold drawings are its solid ones ('solar user bold').
  const inScope = querySets.size + nameSets.size > 0 ? [...nameSets, ...querySets] : requestedSets
  const general = styleWord.style
  const spelt = styleOfSuffix(styleWord.text.replaceAll(' ', '-'), inScope, vocabulary)
  if (spelt !== undefined && spelt !== general && !inScope.some((slug) => vocabulary.styles.get(slug)?.includes(general) === true)) {
    styleWord = { ...styleWord, style: spelt }
    reading.generalStyle = general
  }
  // A style word alone is an ordinary word, and so is an ambiguous one beside words that, with
  // it, are an icon's whole name ('text bold', 'light bulb'), or are part of one ('music sharp':
  // music-accidental-sharp) unless a set in scope draws the other words whole in the style:
  // 'heart light' are Phosphor's light hearts, not twemoji's light-blue-heart.
  const withIt = [...reading.terms, ...styleWord.text.split(' ')]
  // Asked last, only for an ambiguous word beside others that it is part of a name of.
  const styleDrawsThem = (style: StyleSlug): boolean => {
    const drawn = inScope.length === 0 ? [...vocabulary.styles.values()].flat() : inScope.flatMap((slug) => vocabulary.styles.get(slug) ?? [])
    return drawn.includes(style) && names.is(reading.terms, style)
  }
  // Beside set names alone, it is a style every set named draws among others: 'phosphor bold' is
  // Phosphor's Bold weight, 'material symbols rounded' its Rounded drawings; 'tabler bold' (Tabler
  // draws one style) is Tabler's bold icon. Alone with `iconset` it stays a word: a client asking
  // a set for 'bold' (the equivalents of Lucide's bold) asks for icons of that name.
  const style = styleWord.style
  const setsDrawIt =
    reading.terms.length === 0 &&
    querySets.size > 0 &&
    [...querySets].every((slug) => {
      const drawn = vocabulary.styles.get(slug) ?? []
      return drawn.length > 1 && drawn.includes(style)
    })
  const ordinary =
    (styleWord.alone && reading.terms.length === 0) ||
    (styleWord.ambiguous && !setsDrawIt && (reading.terms.length === 0 || names.is(withIt) || (namesWords(withIt) && !styleDrawsThem(style))))
  if (ordinary) {
    reading.terms.splice(Math.min(styleWord.at, reading.terms.length), 0, ...styleWord.text.split(' '))
    // 'square rounded outline': the corner word names the icon, so the fill word is the style again.
    if (fillWord !== null) {
      if (fillWord.asTerm) reading.terms.splice(reading.terms.indexOf(UNFILLED_WORD), 1)
      styleOnce(reading, fillWord.style, fillWord.text)
    }
  } else {
    styleOnce(reading, styleWord.style, styleWord.text)
    if (fillWord !== null) reading.fillWord = { phrase: fillWord.text, style: fillWord.style, term: fillWord.asTerm ? UNFILLED_WORD : null }
    // A style word only beside others that, with them, names icons ('brand github': tabler's
    // brand-github) keeps those icons too: the style alone would hide them.
    if (styleWord.alone && reading.terms.length > 0 && namesWords([...reading.terms, styleWord.text])) reading.styleName = styleWord.text
  }
}

/** Drops from the terms the words that name no drawing, unless nothing else is left to search by. */
function withoutWordsNamingNothing(reading: QueryReading, names: NameLookup): void {
  const namesWords = names.holds
  // 'home icon', 'fluent icons', 'svg of a cat': words that name no drawing, dropped beside others;
  // glue too, unless with it the words name an icon: 'to' and 'with' part of one ('arrow to line'),
  // the rest all of one ('letter a icon', 'home and garden'; 'a home' is a home).
  const named = reading.terms.filter((term) => NAMING_GLUE.has(term) || !FILLER_WORDS.has(term))
  const glued = named.some((term) => NAMING_GLUE.has(term)) && (named.some((term) => NAMES_HOLD.has(term)) ? namesWords(named) : names.is(named))
  const meaningful = named.filter((term) => glued || !NAMING_GLUE.has(term))
  if (meaningful.length > 0 || reading.iconsets.length > 0 || reading.style !== null) reading.terms = meaningful
}

/**
 * A set's variant word (QueryReading.variant): its set, its style, and the size words the index
 * matches its drawings by or the way their slugs end (`suffix`), which the search filters by.
 */
export function variantOf(word: string): { set: string; style: StyleSlug | undefined; words: readonly string[]; suffix: string | null } | undefined {
  const modifier = own(COMPONENT_MODIFIERS, word)
  return modifier?.after === undefined ? undefined : { set: modifier.after, style: modifier.style, words: modifier.words ?? [], suffix: modifier.suffix ?? null }
}

/** Reads `phrase` as the style unless a set's variant word gave one already ('HiMiniStar', 'heroicons mini'). */
function styleOnce(reading: QueryReading, style: StyleSlug, phrase: string): void {
  // A style typed wins over the one a component's library implies ('HiHome outline' is the outline home).
  if (reading.style !== null && !reading.styleOfSet) {
    if (style !== reading.style) reading.declinedStyle = { phrase, style }
    return
  }
  reading.style = style
  reading.stylePhrase = phrase
  reading.styleOfSet = false
}

/** The entry of `key` in a table of words, if it has one of its own: a query's 'constructor' is no style. */
function own<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined
}

/** The `length` words from `at` joined by spaces, or null when one of them is part of a name. */
function phraseAt(sequence: readonly Word[], at: number, length: number): string | null {
  let phrase = ''
  for (let k = at; k < at + length; k++) {
    const word = sequence[k] as Word
    if (word.named) return null
    phrase = k === at ? word.text : `${phrase} ${word.text}`
  }
  return phrase
}

/**
 * The sets named by the name of `length` words at `at`, and where the name ends, after joining
 * each overlapping name that goes on past it and names some of the same sets.
 */
function longestName(sequence: readonly Word[], at: number, length: number, sets: readonly string[], vocabulary: Vocabulary): [readonly string[], number] {
  let named = sets
  let end = at + length
  for (let start = at + 1; start < end; start++) {
    for (let size = Math.min(vocabulary.longestName, sequence.length - start); start + size > end; size--) {
      const phrase = phraseAt(sequence, start, size)
      const shared = phrase === null ? [] : (vocabulary.setNames.get(phrase) ?? []).filter((slug) => named.includes(slug))
      if (shared.length === 0) continue
      named = shared
      end = start + size
      break
    }
  }
  return [named, end]
}

/**
 * Where the words of a package's name after `at` end (see FRAMEWORK_WORDS, VERSION): a framework
 * and the words its package name goes on with, or a version, if a word follows them that names
 * what is wanted. Alone they may be that ('tabler react' is Tabler's React logo).
 */
function afterPackageWords(sequence: readonly Word[], at: number): number {
  let end = at
  if (sequence[end]?.named === false && VERSION.test(sequence[end]?.text ?? '')) end++
  let framework = false
  for (let word = sequence[end]; word?.named === false; word = sequence[++end]) {
    if (FRAMEWORK_WORDS.has(word.text)) framework = true
    else if (!framework || !PACKAGE_TAIL_WORDS.has(word.text)) break
  }
  return end < sequence.length ? end : at
}

/** A word that can only mean a style: not also a word of icons' names ('line', 'light') nor a style only alone ('logo'). */
const plainStyleWord = (word: { ambiguous?: boolean; alone?: boolean }): boolean => word.ambiguous !== true && word.alone !== true

/** Whether a second style word can join the first: one says how corners are drawn, the other whether shapes are filled. */
function pairsWith(first: StyleSlug, second: StyleSlug, fillWord: { style: StyleSlug } | null): boolean {
  if (fillWord !== null) return false
  const fills = (style: StyleSlug) => style === 'outline' || style === 'solid'
  return (CORNER_STYLES.has(first) && fills(second)) || (CORNER_STYLES.has(second) && fills(first))
}

/** An Iconify prefix (`mdi`, `material-symbols`) among the leading words `from` on, and how many words it took. */
function iconifyPrefixAt(words: readonly string[], from: number, vocabulary: Vocabulary): { sets: readonly string[]; length: number } | null {
  // Longest first: `material-symbols` before a set called `material`; a name stays after it.
  for (let length = Math.min(3, words.length - from - 1); length >= 1; length--) {
    const sets = vocabulary.prefixes.get(words.slice(from, from + length).join('-').toLowerCase())
    if (sets !== undefined) return { sets, length }
  }
  return null
}

/**
 * unplugin-icons' and UnoCSS's spelling of an Iconify id, as the id: `i-mdi-account-circle`,
 * `i-mdi:account-circle` (UnoCSS's preset-icons classes, the tags unplugin-icons' resolver takes).
 */
function iconClassAsId(token: string, vocabulary: Vocabulary): string | null {
  const match = /^i-([a-z0-9]+(?:[-:][a-z0-9]+)+)$/.exec(token.toLowerCase())
  if (match === null) return null
  const body = match[1] as string
  if (body.includes(':')) return body
  const words = body.split('-')
  const prefix = iconifyPrefixAt(words, 0, vocabulary)
  return prefix === null ? null : `${words.slice(0, prefix.length).join('-')}:${words.slice(prefix.length).join('-')}`
}

/**
 * unplugin-icons' component names for Vue and React (`IconMdiAccountCircle`, or `IMdiAccountCircle`
 * from its resolver): `Icon` or `I`, an Iconify prefix, the icon's name.
 */
function unpluginPrefix(parts: readonly string[], vocabulary: Vocabulary): { sets: readonly string[]; length: number } | null {
  if (parts[0] !== 'Icon' && parts[0] !== 'I') return null
  const prefix = iconifyPrefixAt(parts, 1, vocabulary)
  return prefix === null ? null : { sets: prefix.sets, length: 1 + prefix.length }
}

/** A component name's words: its library prefix and modifiers read off, the rest kept as words. */
function readComponent(parts: string[], nameSets: Set<string>, reading: QueryReading, vocabulary: Vocabulary, names: NameLookup): Word[] {
  let sets: readonly string[] | null = null
  let rest = parts
  // Tabler's own names come first where its words name a drawing: IconSolarPanel, IconFeatherOff.
  const tablers = parts[0] === 'Icon' && names.is(parts.slice(1).map((part) => part.toLowerCase()))
  const unplugin = tablers ? null : unpluginPrefix(parts, vocabulary)
  const prefixSets = own(COMPONENT_PREFIXES, parts[0] as string)
  if (unplugin !== null) {
    sets = unplugin.sets
    rest = parts.slice(unplugin.length)
  } else if (prefixSets && parts.length > 1) {
    sets = prefixSets
    rest = parts.slice(1)
  } else if (FLUENT_COMPONENT.test(parts.join(''))) {
    sets = ['fluent']
  }
  if (rest.length > 1 && rest[rest.length - 1] === 'Icon') rest = rest.slice(0, -1)
  const out: Word[] = []
  if (sets !== null) {
    for (const [index, part] of rest.entries()) {
      const modifier = index === 0 ? own(COMPONENT_MODIFIERS, part.toLowerCase()) : undefined
      if (modifier && rest.length > 1) {
        if (modifier.iconsets) sets = modifier.iconsets
        for (const text of modifier.words ?? []) out.push({ text, iconsets: sets, named: true })
        if (modifier.after !== undefined) reading.variant = part.toLowerCase()
        if (modifier.style) {
          reading.style = modifier.style
          reading.stylePhrase = part.toLowerCase()
        }
        continue
      }
      out.push({ text: part.toLowerCase(), iconsets: sets, named: true })
    }
    const unsaid = unplugin === null ? own(COMPONENT_DEFAULT_STYLES, parts[0] as string) : undefined
    if (unsaid !== undefined && reading.style === null && !out.some((word) => own(STYLE_WORDS, word.text) !== undefined)) {
      reading.style = unsaid
      reading.styleOfSet = true
    }
    // A former name is the name now: react-icons/fa draws Font Awesome 5, whose names FA6 changed (FaTimes is xmark, FaTrashAlt trash-can).
    const renamed = renamedTo(vocabulary, sets, out.map((word) => word.text).join('-'))
    if (renamed !== undefined) out.splice(0, out.length, ...renamed.split('-').map((text) => ({ text, iconsets: sets, named: true })))
    for (const slug of sets) nameSets.add(slug)
    // The name as typed names the sets, to report if they cannot be kept ('FaGithub' within Lucide).
    reading.setPhrases.push({ phrase: parts.join(''), sets })
    // The whole name is the slug in some sets (`PiHeartBold`: heart-bold); without its style words in others (`HiOutlineHome`: home).
    reading.names.push(out.map((word) => word.text).join('-'))
    reading.names.push(out.filter((word) => own(STYLE_WORDS, word.text) === undefined).map((word) => word.text).join('-'))
    return out
  }
  const split = rest.map((part) => part.toLowerCase())
  // A name written as its owner writes it (GitHub, YouTube, LinkedIn) is one word where icons are
  // named by it whole and no name holds its parts (ThumbsUp is thumbs-up, though Octicons has a thumbsup).
  const joined = split.join('')
  if (split.length > 1 && !names.holds(split) && names.holds([joined])) return [{ text: joined, iconsets: null, named: false }]
  return split.map((text) => ({ text, iconsets: null, named: false }))
}

/** The name now of a former name in one of the sets, from the first set that renamed it. */
function renamedTo(vocabulary: Vocabulary, sets: readonly string[], name: string): string | undefined {
  for (const slug of sets) {
    const renamed = vocabulary.renamed.get(slug)
    const now = renamed === undefined ? undefined : own(renamed, name)
    if (now !== undefined) return now
  }
  return undefined
}

function styleOfSuffix(text: string, iconsets: readonly string[], vocabulary: Vocabulary): StyleSlug | undefined {
  for (const slug of iconsets) {
    const suffixes = vocabulary.suffixes.get(slug)
    const style = suffixes === undefined ? undefined : own(suffixes, text)
    if (style) return style
  }
  return undefined
}
