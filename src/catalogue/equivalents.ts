/**
 * An icon's equivalent in another set, for moving a design from one set to another (Lucide to
 * Phosphor): the target family with the same name, else one named by a synonym, else the search
 * index's best matches judged by shared name words and upstream tags. Each answer has a
 * confidence in 0..1 and says how it was found; below MATCH_THRESHOLD it is only an alternative.
 * Pure over the catalogue's public interface: the same icon and set always give the same answer.
 */
import type { EquivalentKind, StyleSlug } from '../api/catalogue-schemas'
import { MAX_ALTERNATIVES } from '../api/limits'
import type { Catalogue, IconRecord, IconSetRecord } from './catalogue'
import { namesAlike, wordForms, wordsAlike } from './synonyms'
import { words } from './tokenize'

export interface Equivalent {
  icon: IconRecord
  /** 1: the same family name; lower as the evidence weakens. */
  confidence: number
  kind: EquivalentKind
}

export interface EquivalentOutcome {
  /** The best equivalent, or null when none is likely enough to swap to. */
  match: Equivalent | null
  /** The next best other families, best first. */
  alternatives: Equivalent[]
}

/** Below this an equivalent is offered as an alternative, never as the match. */
export const MATCH_THRESHOLD = 0.5
/** Below this not even as an alternative: a search hit that shares neither name words nor tags. */
const ALTERNATIVE_FLOOR = 0.2
/** How many search results are judged; the right family, when search finds it, ranks far higher. */
const SEARCHED = 24

const SAME_NAME = 1
/** The same words in another order or without a number ('circle-user' and 'user-circle', 'trash-2' and 'trash'). */
const SAME_WORDS = 0.95
const SYNONYM = 0.9
/**
 * The same words plus only a frame or a simplification ('info' and 'info-circle'): below another
 * name of the whole symbol, which draws it unframed (Heroicons' x-mark for 'x', not x-circle).
 */
const FRAMED = 0.87
/** Every word matched, some through a synonym ('user-circle' and 'person-circle'). */
const SYNONYM_WORDS = 0.85
/** The most that partial name words and tags can add up to; below SYNONYM_WORDS. */
const PARTIAL_CEILING = 0.8

/**
 * Styles in the order a swap prefers them, by the source's style: an outline icon becomes the
 * target's outline (Phosphor regular), else its lightest drawing; a solid one the target's solid.
 */
const STYLE_PREFERENCE: Readonly<Record<StyleSlug, readonly StyleSlug[]>> = {
  outline: ['outline', 'light', 'thin', 'bold', 'duotone', 'solid', 'rounded', 'sharp', 'color', 'logo'],
  light: ['light', 'thin', 'outline', 'bold', 'duotone', 'solid', 'rounded', 'sharp', 'color', 'logo'],
  thin: ['thin', 'light', 'outline', 'bold', 'duotone', 'solid', 'rounded', 'sharp', 'color', 'logo'],
  bold: ['bold', 'outline', 'solid', 'duotone', 'light', 'thin', 'rounded', 'sharp', 'color', 'logo'],
  solid: ['solid', 'bold', 'duotone', 'outline', 'light', 'thin', 'rounded', 'sharp', 'color', 'logo'],
  duotone: ['duotone', 'solid', 'bold', 'outline', 'light', 'thin', 'rounded', 'sharp', 'color', 'logo'],
  // Material Symbols' Rounded and Sharp hold filled drawings and unfilled ones; filled comes first in their families.
  rounded: ['rounded', 'solid', 'outline', 'sharp', 'bold', 'duotone', 'light', 'thin', 'color', 'logo'],
  sharp: ['sharp', 'solid', 'outline', 'rounded', 'bold', 'duotone', 'light', 'thin', 'color', 'logo'],
  color: ['color', 'solid', 'duotone', 'outline', 'bold', 'light', 'thin', 'rounded', 'sharp', 'logo'],
  logo: ['logo', 'solid', 'outline', 'color', 'bold', 'duotone', 'light', 'thin', 'rounded', 'sharp']
}

/**
 * The most a brand's mark scores for a symbol that is no brand's mark, or the other way round:
 * below MATCH_THRESHOLD, so it is offered only as an alternative. Simple Icons' Homepage logo is no
 * house, though 'homepage' is a name of the house, and its X (the former Twitter) is not Lucide's x.
 */
const BRAND_FOR_SYMBOL = 0.45

/** Words in a name or tags that say a drawing is a brand's mark (Phosphor's github-logo, Tabler's 'brand' tag). */
const BRAND_WORDS: ReadonlySet<string> = new Set(['logo', 'logos', 'brand', 'brands'])

/** A family name's words without numbers, which only tell drawings apart ('trash-2'). */
function nameWords(family: string): string[] {
  return family.split('-').filter((word) => word !== '' && !/^\d+$/.test(word))
}

/**
 * Words that frame or simplify a symbol without changing what it shows; and those that only say a
 * drawing is a brand's mark (Phosphor's github-logo, Tabler's brand-github are GitHub's mark).
 */
const FRAME_WORDS: ReadonlySet<string> = new Set(['circle', 'square', 'round', 'simple', 'alt', 'logo', 'brand'])

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((word) => b.has(word))
}

/** A word and the one-word names of the same symbol: not those that only find it ('send' is no 'share'). */
function withSynonyms(word: string): string[] {
  return [word, ...wordsAlike(word)]
}

/**
 * The member of a target family to swap to: the source itself when the family is its own; else the
 * style nearest the source's, then the source's native size if the family has it, then `shown`, the
 * drawing search shows for the family (Solar's house-linear, not house-broken, which family order puts first).
 */
function closestMember(family: readonly IconRecord[], source: IconRecord, shown: IconRecord): IconRecord {
  if (family.includes(source)) return source
  const order = STYLE_PREFERENCE[source.style]
  let best = shown
  for (const member of family) {
    const byStyle = order.indexOf(member.style) - order.indexOf(best.style)
    // Only the very size counts: Phosphor's 256-unit drawings are no nearer Fluent's 48 than its 24.
    const bySize = Number(best.nativeSize === source.nativeSize) - Number(member.nativeSize === source.nativeSize)
    if (byStyle < 0 || (byStyle === 0 && bySize < 0)) best = member
  }
  return best
}

interface TagEvidence {
  /** Share of the smaller list's tag words the other list has too, 0..1. */
  shared: number
  /** The candidate's tags name the source ('settings' among the gear's tags). */
  namesSource: boolean
  /** The source's tags name the candidate. */
  namesCandidate: boolean
  /** Both have descriptive tags, so their silence about each other is evidence. */
  comparable: boolean
}

/** The fewest tag words that describe a drawing rather than file it under a category. */
const DESCRIPTIVE_TAG_WORDS = 3

/** Tag words by tag list: a family's members share one list, and the same candidates come up again and again. */
const tagWordCache = new WeakMap<readonly string[], ReadonlySet<string>>()

function tagWords(icon: IconRecord): ReadonlySet<string> {
  let found = tagWordCache.get(icon.tags)
  if (found === undefined) tagWordCache.set(icon.tags, (found = new Set(icon.tags.flatMap(words))))
  return found
}

function tagEvidence(source: IconRecord, candidate: IconRecord): TagEvidence {
  const sourceTags = tagWords(source)
  const candidateTags = tagWords(candidate)
  const common = [...sourceTags].filter((word) => candidateTags.has(word)).length
  const smaller = Math.min(sourceTags.size, candidateTags.size)
  // A tag in the singular or plural names it too ('notification' among the bell's tags, Material's 'notifications').
  const names = (tags: ReadonlySet<string>, icon: IconRecord) => {
    const name = nameWords(icon.family)
    return name.length > 0 && name.every((word) => tags.has(word) || wordForms(word).some((form) => tags.has(form)))
  }
  return {
    shared: smaller === 0 ? 0 : common / smaller,
    namesSource: names(candidateTags, source),
    namesCandidate: names(sourceTags, candidate),
    // A word or two is a category ('actions', 'arrows': Material's and Solar's only tags), which says nothing of the drawing.
    comparable: smaller >= DESCRIPTIVE_TAG_WORDS
  }
}

/**
 * How a synonym's confidence moves with the tags: up when the candidate's tags name the source or
 * share words with its tags; well down when both have tags that have nothing to do with each other
 * (Phosphor's 'hamburger' is food, not Lucide's menu), unless the source's own tags name the
 * candidate (Lucide's x is tagged 'close', Material's close is tagged by its category alone).
 */
function synonymTrust(tags: TagEvidence): number {
  if (tags.comparable && !tags.namesSource && !tags.namesCandidate && tags.shared === 0) return -0.3
  return 0.05 * tags.shared + (tags.namesSource ? 0.03 : 0)
}

/**
 * How likely `candidate` (a family in the target set) draws what `source` draws, from names and tags
 * alone; `named` is the source's name in the target set's words (ownName).
 */
export function judge(source: IconRecord, candidate: IconRecord, named = source.family): Equivalent {
  const tags = tagEvidence(source, candidate)
  const bonus = 0.05 * tags.shared
  const from = new Set(nameWords(named))
  const to = new Set(nameWords(candidate.family))
  if (candidate.family === named) return { icon: candidate, confidence: SAME_NAME, kind: 'name' }
  // Never as sure as the same name: RemixIcon's home-3-line is its home-3, not its home.
  if (from.size > 0 && sameSet(from, to)) return { icon: candidate, confidence: Math.min(SAME_WORDS + bonus, SAME_NAME - 0.01), kind: 'name' }
  // The same words, either side with frame words the other lacks ('info-circle' for 'info', 'github' for 'github-logo').
  const framedIn = (names: ReadonlySet<string>, others: ReadonlySet<string>) => [...names].every((word) => others.has(word) || FRAME_WORDS.has(word))
  // Frame words one name has and the other lacks: the fewer, the likelier the same drawing ('circle-x'
  // is 'close-circle' before 'close'; 'square-play' is 'play' before 'play-circle').
  // Brand words are no frame: they say what the drawing is, not how it is drawn (Tabler's brand-github is Font Awesome's github before its square-github).
  const unframed = [...from, ...to].filter((word) => FRAME_WORDS.has(word) && !BRAND_WORDS.has(word) && !(from.has(word) && to.has(word))).length
  if ([...from].some((word) => to.has(word) && !FRAME_WORDS.has(word)) && framedIn(from, to) && framedIn(to, from)) {
    return { icon: candidate, confidence: FRAMED + bonus - 0.03 * (unframed - 1), kind: 'name' }
  }
  // Each word another name of one of the other's, frame words aside ('user-round-plus' and 'account-plus').
  const reaches = (names: ReadonlySet<string>, others: ReadonlySet<string>) =>
    [...names].every((word) => FRAME_WORDS.has(word) || withSynonyms(word).some((synonym) => others.has(synonym)))
  const symbol = (names: ReadonlySet<string>) => [...names].some((word) => !FRAME_WORDS.has(word))
  if (symbol(from) && symbol(to) && reaches(from, to) && reaches(to, from)) {
    return { icon: candidate, confidence: SYNONYM_WORDS + synonymTrust(tags) - 0.02 * unframed, kind: 'synonym' }
  }
  // Partly the same name ('house-plus' for 'house'), or all of another name of the whole symbol
  // ('log-out' and RemixIcon's logout-box-r), whichever shares more; or tags that name the other icon.
  const expanded = new Set([...from].flatMap(withSynonyms))
  const held = namesAlike([...from].join(' '))
    .map((alike) => alike.split(' '))
    .filter((alike) => alike.every((word) => to.has(word)))
  const overlap = Math.max([...to].filter((word) => expanded.has(word)).length, ...held.map((alike) => alike.length)) / Math.max(from.size, to.size, 1)
  const byName = 0.55 * overlap
  // Tags that name the other icon say more only where its name does not already: a part of the
  // name is not the symbol (Lucide's triangle-alert, tagged 'alert triangle', is no plain triangle).
  const within = (names: ReadonlySet<string>, others: ReadonlySet<string>) => [...names].every((word) => others.has(word))
  const tagsName = (tags.namesSource && !within(from, to)) || (tags.namesCandidate && !within(to, from))
  const byTags = (tagsName ? 0.35 : 0) + 0.3 * tags.shared
  const confidence = Math.min(PARTIAL_CEILING, 0.1 + byName + byTags)
  return { icon: candidate, confidence, kind: byTags > byName ? 'tags' : 'name' }
}

/** Phosphor, Heroicons, Font Awesome and Octicons strike a symbol out as its -slash, where others make it -off. */
const STRUCK_OUT = ['off', 'slash'] as const

/**
 * Sets that name a symbol their own way, by set, as [other sets' words, the set's words]: Phosphor
 * draws chevrons and calls them carets, while elsewhere a caret is a filled triangle, so the
 * thesaurus (which search reads too) cannot make the words one. RemixIcon's notification is a
 * bell (its bell too), where Tabler's and Phosphor's is a dotted square; Fluent's alert is a bell
 * (its mail-alert a letter with one), where others' is a warning.
 */
const OWN_WORDS: Readonly<Record<string, ReadonlyArray<readonly [string, string]>>> = {
  ph: [['chevrons', 'caret-double'], ['chevron', 'caret'], STRUCK_OUT],
  heroicons: [STRUCK_OUT],
  'fa6-solid': [STRUCK_OUT],
  'fa6-regular': [STRUCK_OUT],
  octicon: [STRUCK_OUT],
  ri: [['bell', 'notification']],
  fluent: [['bell', 'alert']]
}

/**
 * Whole names a set gives other sets' symbols, by set, as [other sets' name, the set's name]:
 * Phosphor's list is everyone's menu, and its list-bullets their list, so a swap there and back
 * keeps a menu a menu. RemixIcon's, Octicons' and Material Design's alert is the warning triangle
 * (where Lucide's and Tabler's alerts are circles); Fluent's navigation is a menu, and its
 * location-arrow everyone's navigation arrow. Material's arrow-right and arrow-left are carets (small
 * filled triangles), its arrows arrow-forward, arrow-back, arrow-upward and arrow-downward.
 */
const OWN_NAMES: Readonly<Record<string, ReadonlyArray<readonly [string, string]>>> = {
  ph: [
    ['menu', 'list'],
    ['list', 'list-bullets']
  ],
  ri: [['warning', 'alert']],
  // Its circle-slash is the ban sign, not a circle struck out (Lucide's circle-off).
  octicon: [
    ['warning', 'alert'],
    ['ban', 'circle-slash']
  ],
  mdi: [['warning', 'alert']],
  fluent: [
    ['menu', 'navigation'],
    ['navigation', 'location-arrow']
  ],
  'material-symbols': [
    ['caret-right', 'arrow-right'],
    ['caret-left', 'arrow-left'],
    ['arrow-right', 'arrow-forward'],
    ['arrow-left', 'arrow-back'],
    ['arrow-up', 'arrow-upward'],
    ['arrow-down', 'arrow-downward']
  ]
}

/** Whether `name` is `common`, or another name of its symbol ('triangle-alert' is a 'warning'). */
const namesSymbol = (name: string, common: string): boolean =>
  name === common || namesAlike(common.replaceAll('-', ' ')).includes(name.replaceAll('-', ' '))

/** A name's whole words `words` ('caret', 'caret-double'), wherever they stand in it. */
const wholeWords = (words: string) => new RegExp(`(?<=^|-)${words}(?=-|$)`, 'g')

/** A family name in other sets' words: Phosphor's caret-down is everyone's chevron-down, RemixIcon's alert their warning. */
function commonName(family: string, from: string): string {
  const named = OWN_NAMES[from]?.find(([, own]) => own === family)?.[0]
  if (named !== undefined) return named
  return (OWN_WORDS[from] ?? []).reduce((name, [theirs, own]) => name.replace(wholeWords(own), theirs), family)
}

/** A name in other sets' words, in the words of the set it goes to: Lucide's chevrons-up is Phosphor's caret-double-up, its triangle-alert RemixIcon's alert. */
function ownName(common: string, to: string): string {
  const named = OWN_NAMES[to]?.find(([name]) => namesSymbol(name, common))?.[1]
  if (named !== undefined) return named
  return (OWN_WORDS[to] ?? []).reduce((name, [theirs, own]) => name.replace(wholeWords(theirs), own), common)
}

/**
 * Whether `set` gives `family` (as the set `other` spells it) to another symbol than other sets
 * do: a name or word of its own for what they call otherwise (Phosphor's list is their menu, its
 * caret their chevron, Material's arrow-right their caret-right), unless `other` spells it so too.
 */
function givesOther(set: string, family: string, other: string): boolean {
  const spelt = [...(OWN_NAMES[other] ?? []), ...(OWN_WORDS[other] ?? [])]
  const names = (OWN_NAMES[set] ?? []).filter(([theirs, own]) => own === family && !namesSymbol(theirs, family))
  const words = (OWN_WORDS[set] ?? []).filter(([, own]) => wholeWords(own).test(family))
  return [...names, ...words].some(([theirs, own]) => !spelt.some((pair) => pair[0] === theirs && pair[1] === own))
}

/**
 * How the source's name reads for the target: in other sets' words (`common`), in the target's
 * (`renamed`), and whether its same name may be trusted there (see findEquivalent).
 */
interface Naming {
  common: string
  renamed: string
  sameNameTrusted: boolean
}

/** Target families named like the source, or by a synonym of its name, with their confidence. */
function namedCandidates(catalogue: Catalogue, source: IconRecord, target: IconSetRecord, naming: Naming): Equivalent[] {
  const { common, renamed, sameNameTrusted } = naming
  const found: Equivalent[] = []
  const lookup = (name: string, confidence: number, kind: EquivalentKind) => {
    // An icon of that name, else a family of it: Solar and Fluent name every drawing by its style or size.
    const icon = catalogue.getIcon(target.slug, name) ?? catalogue.getFamily(target.slug, name)
    if (icon === undefined) return
    found.push({ icon, confidence: kind === 'synonym' ? confidence + synonymTrust(tagEvidence(source, icon)) : confidence, kind })
  }
  // In its own set, an icon is its own equivalent: another member of its family is another drawing.
  if (source.iconset === target.slug) found.push({ icon: source, confidence: SAME_NAME, kind: 'name' })
  // The name in the target's words first: where a set names the symbol its own way, another set's
  // same name may be another drawing (Tabler's caret-down is a triangle).
  if (renamed !== source.family) lookup(renamed, SAME_NAME, 'name')
  // The name as it is, less sure where the sets name the symbol apart.
  if (sameNameTrusted) lookup(source.family, renamed === source.family ? SAME_NAME : SAME_WORDS, 'name')
  const name = nameWords(common)
  if (name.join('-') !== common && name.length > 0) lookup(name.join('-'), SAME_WORDS, 'name')
  // Another name of the whole symbol ('search' -> 'magnifying glass', 'eye off' -> 'eye slash'), in
  // the thesaurus's order; the first the target has is the likeliest, the later ones follow as alternatives.
  // By the whole name first, numbers too: Heroicons' cog-6-tooth is a name of the gear, 'cog tooth' none.
  // Of the name in other sets' words: RemixIcon's alert is everyone's warning, Phosphor's caret-down no triangle.
  const alike = new Set([common, name.join('-')].flatMap((spelt) => namesAlike(spelt.replaceAll('-', ' '))))
  ;[...alike].forEach((synonym, position) => lookup(synonym.replaceAll(' ', '-'), SYNONYM - 0.01 * Math.min(position, 10), 'synonym'))
  return found
}

/** A brand's mark: a logo, or named or tagged as one. */
function brandMark(icon: IconRecord, family: readonly IconRecord[]): boolean {
  if (family.every((member) => member.style === 'logo')) return true
  return nameWords(icon.family).some((word) => BRAND_WORDS.has(word)) || [...tagWords(icon)].some((word) => BRAND_WORDS.has(word))
}

/**
 * One of the two is a brand's mark and the other is not (`sourceMark`: whether the source is). By
 * the same name, only where the thesaurus knows the name, frame words aside, as a symbol's: Lucide's
 * x and circle-x (close) are not the X logo, but Iconoir's github, which says nothing of being a
 * mark, is GitHub's.
 */
function oneIsBrand(catalogue: Catalogue, source: IconRecord, sourceMark: boolean, found: Equivalent): boolean {
  if (sourceMark === brandMark(found.icon, catalogue.family(found.icon))) return false
  const symbol = nameWords((sourceMark ? found.icon : source).family).filter((word) => !FRAME_WORDS.has(word))
  return found.kind !== 'name' || namesAlike(symbol.join(' ')).length > 0
}

/** The equivalent of `source` in `target`: the likeliest family in its closest style, and a few alternatives. */
export function findEquivalent(catalogue: Catalogue, source: IconRecord, target: IconSetRecord): EquivalentOutcome {
  const best = new Map<string, Equivalent>()
  const sourceMark = brandMark(source, catalogue.family(source))
  const consider = (found: Equivalent) => {
    const family = found.icon.family
    const equivalent = oneIsBrand(catalogue, source, sourceMark, found) ? { ...found, confidence: Math.min(found.confidence, BRAND_FOR_SYMBOL) } : found
    const known = best.get(family)
    if (known === undefined || equivalent.confidence > known.confidence) best.set(family, equivalent)
  }
  // Never by the same name where either set gives it to another symbol: Phosphor's list is no Lucide
  // list, Lucide's arrow-right no Material arrow-right (a caret), Fluent's alert (a bell) no Material Design alert.
  const sameNameTrusted = !givesOther(source.iconset, source.family, target.slug) && !givesOther(target.slug, source.family, source.iconset)
  // The name in other sets' words, then in the target's: once, for the lookups and the searches.
  const common = commonName(source.family, source.iconset)
  const renamed = ownName(common, target.slug)
  for (const named of namedCandidates(catalogue, source, target, { common, renamed, sameNameTrusted })) consider(named)
  // The name, and the name without its frame words: a search finds only icons with every word of it,
  // and 'message-square' is Tabler's 'message', 'user-round-plus' Material Design's 'account-plus'.
  // Both in the target set's words too: Phosphor's caret-circle-down is Tabler's circle-chevron-down.
  const queries = new Set<string>()
  for (const name of [nameWords(source.family), nameWords(renamed)]) {
    queries.add(name.join(' '))
    queries.add(name.filter((word) => !FRAME_WORDS.has(word)).join(' '))
  }
  for (const query of queries) {
    if (query === '') continue
    // Search reads set names and style words in a query as filters ('bold' alone would list the
    // set's bold icons); judge() keeps such results from counting as equivalents.
    const found = catalogue.search({ q: query, iconset: [target.slug] })
    // The families found, each as search shows it, not their siblings after them.
    for (const icon of found.icons(0, Math.min(SEARCHED, found.families))) {
      if (sameNameTrusted || icon.family !== source.family) consider(judge(source, icon, renamed))
    }
  }
  // Search order breaks ties: Map keeps the order families were first found.
  const ranked = [...best.values()]
    .sort((a, b) => b.confidence - a.confidence)
    .map((equivalent) => ({
      ...equivalent,
      confidence: Math.round(Math.min(1, equivalent.confidence) * 100) / 100,
      icon: closestMember(catalogue.family(equivalent.icon), source, equivalent.icon)
    }))
  const [first, ...rest] = ranked
  const match = first !== undefined && first.confidence >= MATCH_THRESHOLD ? first : null
  const alternatives = (match === null ? ranked : rest).filter((equivalent) => equivalent.confidence >= ALTERNATIVE_FLOOR)
  return { match, alternatives: alternatives.slice(0, MAX_ALTERNATIVES) }
}
