/**
 * British spellings designers type, to the spelling most icon names use ('colour palette' is carbon's
 * color-palette, not a style word and a palette). A query reads a word so, singular or plural, and
 * each pair is a thesaurus group too, for the names that spell it the British way (solar's colour-tuning, mingcute's tyre).
 */
const AMERICAN: Readonly<Record<string, string>> = {
  colour: 'color',
  grey: 'gray',
  centre: 'center',
  favourite: 'favorite',
  licence: 'license',
  catalogue: 'catalog',
  dialogue: 'dialog',
  theatre: 'theater',
  metre: 'meter',
  litre: 'liter',
  tyre: 'tire',
  jewellery: 'jewelry',
  organise: 'organize',
  customise: 'customize',
  analyse: 'analyze',
  optimise: 'optimize',
  minimise: 'minimize',
  maximise: 'maximize',
  synchronise: 'synchronize'
}

/**
 * A small designer's thesaurus: each group lists the words and icon names a designer uses for the
 * same symbol. A query word also finds icons named or tagged with the other entries of its groups;
 * an entry of several words ('magnifying glass') finds icons with exactly that name. Entries after
 * ' | ' find the symbol but are not found by it: alone they also name other drawings ('hamburger'
 * is food in Phosphor, 'marker' a highlighter, 'pin' a pushpin, 'record' a dot, 'options' sliders,
 * 'security' a shield, 'notification' Phosphor's dotted square), so 'menu' must not bring a burger, while 'hamburger'
 * still brings the menu.
 */
const GROUPS: readonly string[] = [
  'delete, trash, trash can, bin, garbage, rubbish, dustbin, discard | erase, remove',
  'remove, minus, subtract',
  'settings, gear, gear six, cog, cogs, cog 6 tooth, cog 8 tooth, preferences, configuration | options, sliders',
  'home, house, house line, homepage',
  'cplusplus, cpp',
  'dotnet, dot net',
  'nodejs, node js',
  'qrcode, qr code',
  'tshirt, t shirt',
  'search, magnifier, magnifying glass, find, zoom, lookup',
  'user, person, account, profile, avatar, user circle',
  'users, people, group, team',
  'close, x, xmark, x mark, dismiss | cross, cancel',
  'add, plus, new, create',
  'edit, pencil, pen, write, modify, compose, pencil simple, pencil square, pen to square, square pen',
  'image, picture, photo, photograph, gallery',
  'mail, email, envelope, letter, inbox, envelope simple',
  'phone, call, telephone',
  'message, chat, comment, bubble, conversation, chat circle',
  'notifications, bell | notification, alert',
  'warning, caution, triangle alert, alert triangle, exclamation triangle, danger triangle, warning circle | alert, exclamation, danger',
  'info, information',
  'help, question, support, question circle, help circle, circle help, circle question mark, question mark circle, question mark',
  'check, tick, checkmark, done, success, confirm',
  'calendar, date, event, schedule, calendar blank',
  'time, clock, hour, watch',
  // Twemoji's heart is the red one (❤️); its other hearts are named by their colour or what they do.
  'heart, like, love, favourite, favorite, red heart',
  'star, favourite, favorite, rating',
  'bookmark, save for later',
  'lock, padlock, locked, lock closed | secure, security',
  'unlock, unlocked, lock open',
  'eye, view, visible, show, visibility',
  'eye off, eye slash, visibility off, invisible, hidden, eye closed | hide',
  'location, place, map pin, map marker, location pin, location marker, location on | pin, marker',
  'refresh, reload, sync, rotate, update, arrows clockwise, arrow path, refresh cw, rotate cw, arrow sync, arrow clockwise',
  'menu, bars, bars 3, three bars, line horizontal 3, hamburger menu | hamburger, burger',
  'more, dots, ellipsis, kebab, meatballs, overflow, dots three, more horizontal, more vertical',
  'filter, funnel',
  // A designer's chart is bars, lines or a pie: the graphs and diagrams (networks, flows, trees) find charts, not the reverse.
  'chart | graph, statistics, analytics, diagram',
  'ok hand, hand okay, okay hand, ok sign',
  'cart, shopping cart | basket, trolley, shopping',
  'money, cash, currency, dollar, dollar sign, payment, coin',
  'folder, directory',
  'file, document, page, paper',
  'link, chain, url, hyperlink',
  'attach, attachment, paperclip, clip',
  'copy, duplicate, clone, content copy, document duplicate, file copy',
  // A link that opens elsewhere: each set draws an arrow leaving a square and names it its own way.
  'external link, link external, open in new, arrow square out, arrow top right on square, square arrow out up right',
  'save, floppy, disk, floppy disk, device floppy',
  'print, printer',
  'volume, sound, speaker, audio, speaker high',
  'mute, silent, volume off, speaker slash',
  // Media controls: each set names the same buttons its own way (lucide's skip-forward, mdi's
  // skip-next, fa's forward-step, tabler's player-track-next; ph's speaker-high, mdi's volume-high).
  'volume up, volume high, volume plus, volume increase, speaker high, speaker wave, speaker simple high',
  'volume down, volume low, volume minus, volume decrease, speaker low, speaker simple low',
  'next track, skip next, skip forward, forward step, track next, player skip forward, player track next',
  'previous track, skip previous, skip back, skip backward, backward step, track previous, player skip back, player track prev',
  'video, film, movie, video camera',
  'music, song, music note',
  'download, import, arrow down tray, arrow download',
  'upload, export, arrow up tray, arrow upload',
  'share, share network, share android',
  // Heroicons draws them as an arrow that starts on a rectangle and leaves it, or ends on it; its
  // older names are the same drawings (arrow-right-on-rectangle is arrow-right-start-on-rectangle).
  // Chevrons, as the sets that draw them name them: Material's keyboard arrow, Solar's alt arrow,
  // Iconoir's nav arrow, RemixIcon's small ('s') arrow.
  'chevron down, keyboard arrow down, expand more, alt arrow down, nav arrow down, arrow down s',
  'chevron up, keyboard arrow up, expand less, alt arrow up, nav arrow up, arrow up s',
  'chevron left, keyboard arrow left, alt arrow left, nav arrow left, arrow left s',
  'chevron right, keyboard arrow right, alt arrow right, nav arrow right, arrow right s',
  // Small filled triangles: Material Design's menu-down, Material Symbols' arrow-drop-down, Tabler's and Font Awesome's caret-down.
  'caret down, menu down, arrow drop down',
  'caret up, menu up, arrow drop up',
  'caret left, menu left',
  'caret right, menu right',
  'ban, prohibit, prohibited, no symbol, circle slash, slash circle',
  'logout, signout, sign out, log out, arrow right start on rectangle, arrow left start on rectangle, arrow right on rectangle | exit',
  'login, signin, sign in, log in, enter, arrow right end on rectangle, arrow left end on rectangle, arrow left on rectangle',
  'sun, brightness, day, weather sunny, light mode',
  'moon, night, weather moon, dark mode | dark',
  'wifi, wireless, network, signal',
  'globe, world, earth, internet, web, language',
  'gift, present',
  'trophy, award, prize, cup',
  'flag, report',
  'tag, label, price',
  'undo, revert, arrow uturn left, arrow back up',
  'redo, arrow uturn right, arrow forward up',
  'play, start',
  'stop, halt',
  'expand, maximize, fullscreen',
  'collapse, minimize',
  'grid, apps, dashboard, layout, squares four',
  'lightbulb, idea, bulb, light bulb',
  'car, vehicle, automobile',
  'plane, airplane, flight, aeroplane',
  'building, office, company',
  'key, password',
  'shield, protection, security',
  'thumbs up, like, approve',
  'bag, shopping bag',
  'briefcase, work, job | business',
  'book, read, library',
  'microphone, mic | record',
  'camera, photo camera',
  'cloud, weather',
  // A weather icon is most often the sun behind a cloud, which each set names its own way.
  'weather, cloud sun, sun cloud, partly cloudy, partly cloudy day, weather partly cloudy, sun behind cloud',
  'code, developer, programming, brackets',
  'error, failure, alert circle, circle alert, exclamation circle',
  'heart rate, heart pulse, heartbeat, heart rate monitor, activity heartbeat',
  // 'load' alone is most often the spinner a designer wants; it does not bring load balancers to 'loading'.
  'loading, loader, spinner, loader circle, spinner gap | load',
  'video call, video conference, video chat',
  'send, paper plane, paper airplane, send plane',
  'photo, camera',
  // The smiling face each set names its own way (heroicons' face-smile, tabler's mood-smile, bi's emoji-smile).
  'smile, smiley, smiling, grin, grinning, happy, face smile, mood smile, emoji smile, mood happy, face smiling, face slightly smiling, smiling face, emotion happy',
  'arrow left | back',
  'user plus, user add, add user, person add, sign up, signup, register',
  'smartphone, mobile, cellphone, device mobile, phone mobile',
  'swap, exchange, arrow left right, arrows right left, arrows exchange',
  // 'card' alone is most often the credit card; it names UI cards too, which keep their own names' ranks.
  'credit card | payment, payments, card'
]

interface Group {
  /** Every entry, in order: the words that name the symbol. */
  readonly entries: readonly string[]
  /** The entries the symbol is found by, in order (all but those after ' | '). */
  readonly names: readonly string[]
}

/** Each group split once: the query path reads them for every pair of words. */
const GROUP_ENTRIES: readonly Group[] = [...GROUPS, ...Object.entries(AMERICAN).map(([british, american]) => `${american}, ${british}`)].map((group) => {
  const [names = '', oneWay] = group.split(' | ')
  return { entries: [...names.split(', '), ...(oneWay?.split(', ') ?? [])], names: names.split(', ') }
})

/** Each entry (or each of the names alone, not those after ' | ') to the names of its groups but itself. */
function namesOfGroups(entryOf: (entry: string) => boolean, oneWay = true): ReadonlyMap<string, readonly string[]> {
  const map = new Map<string, Set<string>>()
  for (const { entries, names } of GROUP_ENTRIES) {
    for (const entry of (oneWay ? entries : names).filter(entryOf)) {
      const others = map.get(entry) ?? new Set<string>()
      for (const name of names) if (name !== entry) others.add(name)
      map.set(entry, others)
    }
  }
  return new Map([...map].map(([entry, others]) => [entry, [...others]]))
}

/** Only one-word entries can be a query word; longer entries are found through their group. */
const THESAURUS = namesOfGroups((entry) => !entry.includes(' '))

/** The word as icon names spell it: its American spelling, if it has another ('colours': colors). */
export function americanSpelling(word: string): string {
  if (Object.hasOwn(AMERICAN, word)) return AMERICAN[word] as string
  const singular = word.endsWith('s') ? word.slice(0, -1) : ''
  if (Object.hasOwn(AMERICAN, singular)) return `${AMERICAN[singular] as string}s`
  // Every -isation is an -ization (organisation, localisation, visualisation), unlike -ise words (promise, noise).
  return word.replace(/isation(s?)$/, 'ization$1')
}

/** Words ending in s that are no plural, or whose singular names something else ('news' is not 'new'). */
const NOT_PLURAL: ReadonlySet<string> = new Set([
  'news', 'lens', 'gas', 'bus', 'plus', 'yes', 'this', 'its', 'always', 'canvas', 'atlas', 'christmas', 'ios', 'sms', 'gps', 'css', 'dns', 'aws',
  'analytics', 'physics', 'maths', 'series', 'species', 'glasses', 'pants', 'shorts', 'scissors', 'headphones', 'tweezers', 'binoculars', 'thanks',
  'ms', 'os', 'xs', 'status', 'campus', 'virus', 'cactus', 'lotus', 'bonus', 'focus', 'radius', 'axis', 'basis', 'tennis', 'chess'
])

/** Plurals no rule makes ('mice' is mouse, not mic), each way. */
const IRREGULAR_PLURALS: ReadonlyMap<string, string> = (() => {
  const plurals = { mouse: 'mice', tooth: 'teeth', foot: 'feet', goose: 'geese', man: 'men', woman: 'women', child: 'children' }
  return new Map(Object.entries(plurals).flatMap(([singular, plural]) => [[singular, plural], [plural, singular]]))
})()

/**
 * A word's singular or plural, as an index might spell it ('settings': setting, 'photo': photos,
 * 'boxes': box, 'categories': category, 'knives': knife, 'leaf': leaves): light stemming, with no
 * dictionary, so a form may name nothing ('waves' also tries wafe); the caller looks each up.
 */
export function wordForms(word: string): string[] {
  const irregular = IRREGULAR_PLURALS.get(word)
  if (irregular !== undefined) return [irregular]
  if (word.length < 3 || /\d/.test(word) || NOT_PLURAL.has(word)) return []
  if (word.endsWith('ies') && word.length > 4) return [`${word.slice(0, -3)}y`]
  if (word.endsWith('es') && /(?:s|x|z|ch|sh)es$/.test(word)) return [word.slice(0, -2), word.slice(0, -1)]
  // Leaves, wolves, knives; and waves, gloves, whose singular only drops the s.
  if (word.endsWith('ves') && word.length > 4) return [`${word.slice(0, -3)}f`, `${word.slice(0, -3)}fe`, word.slice(0, -1)]
  if (word.endsWith('s')) return /(?:ss|us|is)$/.test(word) ? [] : [word.slice(0, -1)]
  if (/(?:x|z|ch|sh)$/.test(word)) return [`${word}es`]
  if (/[^aeiou]y$/.test(word)) return [`${word.slice(0, -1)}ies`, `${word}s`]
  if (/[^f]fe?$/.test(word)) return [`${word}s`, `${word.replace(/fe?$/, '')}ves`]
  return [`${word}s`]
}

/** What a query word also finds (see relatedWords). */
export interface RelatedWord {
  readonly entry: string
  /** How far it strays, 0 nearest. */
  readonly slack: number
  /** The form of the query word it came through, '' for the word's own entries. */
  readonly form: string
}

/**
 * What a query word also finds, as synonyms: its thesaurus entries (slack 0), its singular or
 * plural (1: 'notifications', notification; 'user' is nearer 'person' than 'users'), and, for a
 * word the thesaurus lacks, that form's entries (2: 'notifications', bell). The index decides
 * whether a plural is what was meant (see `wordForms`). Each entry once, nearest first.
 */
export function relatedWords(word: string): readonly RelatedWord[] {
  const related = new Map<string, RelatedWord>()
  const add = (entry: string, slack: number, form: string): void => {
    if (entry !== word && !related.has(entry)) related.set(entry, { entry, slack, form })
  }
  const synonyms = synonymsOf(word)
  for (const synonym of synonyms) add(synonym, 0, '')
  const forms = wordForms(word)
  for (const form of forms) add(form, 1, form)
  if (synonyms.length === 0) {
    for (const form of forms) for (const synonym of synonymsOf(form)) add(synonym, 2, form)
  }
  return [...related.values()]
}

/**
 * Nouns that name what a symbol sits on or in rather than the symbol ('trash can', 'play button',
 * 'chat bubble'): after a word the thesaurus knows, the pair asks for that word's symbol. Alone they
 * name other things ('bubble tea', 'binoculars'), so they never stand for the symbol themselves.
 */
const GENERIC_NOUNS: ReadonlySet<string> = new Set(['can', 'bin', 'button', 'bubble'])

/** Query words that name one symbol together, words[start .. start + length), and that symbol's names (see phrasesIn). */
export interface QueryPhrase {
  start: number
  length: number
  /** [name, slack]: 0 for the nearest name, 1 for the others. */
  names: ReadonlyArray<readonly [string, number]>
}

/**
 * Thesaurus phrases that name their group's symbol as a whole, to the entries of their groups (a
 * group's first entry, the symbol's usual name, nearest): those none of whose words is an entry
 * ('sign in': login; 'eye off': hide), or all ('hamburger menu'). A phrase that adds a word to an
 * entry names a drawing of its own ('user circle' is not every user), found by its words.
 */
const PHRASE_NAMES: ReadonlyMap<string, ReadonlyArray<readonly [string, number]>> = (() => {
  const map = new Map<string, Map<string, number>>()
  for (const { entries, names: groupNames } of GROUP_ENTRIES) {
    for (const phrase of entries) {
      const entered = phrase.split(' ').filter((word) => entries.includes(word)).length
      if (!phrase.includes(' ') || (entered > 0 && entered < phrase.split(' ').length)) continue
      const names = map.get(phrase) ?? new Map<string, number>()
      groupNames.forEach((entry, position) => {
        const slack = position === 0 ? 0 : 1
        if (entry !== phrase && !GENERIC_NOUNS.has(entry) && slack < (names.get(entry) ?? 2)) names.set(entry, slack)
      })
      // A phrase its group gives no other name is no phrase: its words find it.
      if (names.size > 0) map.set(phrase, names)
    }
  }
  return new Map([...map].map(([phrase, names]) => [phrase, [...names]]))
})()

/** The longest thesaurus phrase, in words. */
const LONGEST_PHRASE = Math.max(...[...PHRASE_NAMES.keys()].map((phrase) => phrase.split(' ').length))

/**
 * The runs of query words that name one symbol together, left to right, none overlapping: a
 * thesaurus phrase ('sign in': login; 'hamburger menu': menu), or a word the thesaurus knows before
 * a generic noun ('trash can', 'play button': that word's symbol, the word itself nearest). An icon
 * named by one of the symbol's names matches each word of the run, so `lucide:trash` answers
 * 'trash can' though nothing in it says 'can'; generic nouns are left out of the names.
 */
export function phrasesIn(words: readonly string[]): QueryPhrase[] {
  const phrases: QueryPhrase[] = []
  for (let start = 0; start + 1 < words.length; ) {
    const phrase = phraseAt(words, start)
    if (phrase === null) start++
    else {
      phrases.push(phrase)
      start += phrase.length
    }
  }
  return phrases
}

function phraseAt(words: readonly string[], start: number): QueryPhrase | null {
  for (let length = Math.min(LONGEST_PHRASE, words.length - start); length >= 2; length--) {
    const names = PHRASE_NAMES.get(words.slice(start, start + length).join(' '))
    if (names !== undefined) return { start, length, names }
  }
  const word = words[start] as string
  const next = words[start + 1] as string
  // Two entries of one group name its symbol together ('burger menu', 'bars menu'), as a listed phrase does.
  const shared = synonymsOf(word).includes(next) ? GROUP_ENTRIES.find(({ entries }) => entries.includes(word) && entries.includes(next)) : undefined
  if (shared !== undefined) {
    const names = shared.names.filter((entry) => !GENERIC_NOUNS.has(entry))
    return { start, length: 2, names: names.map((name, position) => [name, position === 0 ? 0 : 1] as const) }
  }
  if (!GENERIC_NOUNS.has(next) || GENERIC_NOUNS.has(word) || synonymsOf(word).length === 0) return null
  const others = synonymsOf(word).filter((synonym) => !GENERIC_NOUNS.has(synonym))
  return { start, length: 2, names: [[word, 0], ...others.map((synonym) => [synonym, 1] as const)] }
}

/** Entries of several words, each a whole icon name. */
export function synonymPhrases(): string[] {
  return [...new Set(GROUP_ENTRIES.flatMap(({ entries }) => entries).filter((entry) => entry.includes(' ')))]
}

/** Other words and names for a query word; an entry with spaces is a whole icon name ('magnifying glass'). */
export function synonymsOf(word: string): readonly string[] {
  return THESAURUS.get(word) ?? []
}

/**
 * Every name, phrases included, to the other names of its groups. Not an entry after ' | ': it finds
 * the symbol but is another drawing alone (Phosphor's hamburger is food, not the menu).
 */
const ALIKE = namesOfGroups(() => true, false)

/**
 * Other names of the symbol a whole icon name (words joined by spaces: 'eye off', 'search') names,
 * in the thesaurus's order: how another set may name the same icon.
 */
export function namesAlike(name: string): readonly string[] {
  return ALIKE.get(name) ?? []
}

/** One-word names only, for a word of an icon name. */
const WORDS_ALIKE = namesOfGroups((entry) => !entry.includes(' '), false)

/** Other words for the symbol a word of an icon name names: as synonymsOf, but no entry after ' | ' ('send' is no 'share'). */
export function wordsAlike(word: string): readonly string[] {
  return WORDS_ALIKE.get(word) ?? []
}
