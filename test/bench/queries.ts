/**
 * The search mix: what designers type into the plugin's search box, in the order they type it.
 * Deterministic, so every run sends the same requests and runs can be compared.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { STYLE_SLUGS, type StyleSlug } from '../../src/api/catalogue-schemas'

const require = createRequire(import.meta.url)

/** Concepts designers look for most, from UI kits and the top queries of public icon sites. */
const WORDS = [
  'home', 'house', 'search', 'settings', 'user', 'users', 'calendar', 'trash', 'delete', 'edit',
  'pencil', 'arrow', 'chevron', 'close', 'check', 'plus', 'minus', 'heart', 'star', 'bell',
  'notification', 'mail', 'email', 'message', 'chat', 'phone', 'camera', 'image', 'photo', 'video',
  'music', 'play', 'pause', 'stop', 'download', 'upload', 'cloud', 'folder', 'file', 'document',
  'share', 'link', 'lock', 'unlock', 'key', 'shield', 'eye', 'hidden', 'filter', 'sort',
  'menu', 'grid', 'list', 'dashboard', 'chart', 'graph', 'analytics', 'cart', 'shopping', 'bag',
  'wallet', 'money', 'dollar', 'gift', 'tag', 'bookmark', 'flag', 'map', 'location', 'pin',
  'compass', 'globe', 'world', 'clock', 'time', 'alarm', 'timer', 'sun', 'moon', 'weather',
  'rain', 'snow', 'wind', 'fire', 'water', 'leaf', 'tree', 'car', 'bus', 'train',
  'plane', 'bike', 'rocket', 'building', 'office', 'store', 'bank', 'school', 'book', 'library',
  'code', 'terminal', 'bug', 'database', 'server', 'wifi', 'bluetooth', 'battery', 'power', 'refresh',
  'sync', 'undo', 'redo', 'copy', 'paste', 'save', 'print', 'zoom', 'expand', 'collapse',
  'fullscreen', 'volume', 'mute', 'microphone', 'headphones', 'keyboard', 'mouse', 'monitor', 'laptop', 'mobile',
  'tablet', 'printer', 'logout', 'login', 'profile', 'account', 'team', 'group', 'help', 'info',
  'warning', 'error', 'question', 'smile', 'emoji', 'like', 'comment', 'send', 'attach', 'paperclip',
  'layers', 'crop', 'brush', 'palette', 'color', 'text', 'bold', 'italic', 'underline', 'align',
  'github', 'twitter', 'google', 'apple', 'facebook', 'instagram', 'youtube', 'linkedin', 'slack', 'figma'
]

const PHRASES = [
  'arrow left', 'arrow right', 'arrow up', 'arrow down', 'chevron down', 'chevron right', 'user plus',
  'user circle', 'file text', 'credit card', 'shopping cart', 'thumbs up', 'map pin', 'log out',
  'external link', 'check circle', 'alert triangle', 'plus circle', 'x circle', 'cloud upload',
  'bar chart', 'pie chart', 'trash can', 'eye off', 'volume high', 'play circle', 'calendar event',
  'paper plane', 'light bulb', 'magnifying glass', 'shield check', 'lock open', 'phone call',
  'home heart', 'star half', 'bell off', 'folder open', 'image plus', 'mail open', 'dots vertical'
]

/** Other concepts, typed the same way, to warm the server's code without touching the mix's caches. */
const WARMUP_WORDS = [
  'bolt', 'box', 'briefcase', 'bulb', 'calculator', 'chip', 'clipboard', 'coffee', 'cube', 'diamond',
  'dice', 'door', 'droplet', 'feather', 'film', 'fingerprint', 'flask', 'gauge', 'hammer', 'hash',
  'headset', 'inbox', 'kanban', 'lamp', 'language', 'layout', 'lifebuoy', 'magnet', 'medal', 'megaphone',
  'mountain', 'navigation', 'package', 'paint', 'parking', 'percent', 'pill', 'pizza', 'plug', 'podcast',
  'puzzle', 'qrcode', 'radio', 'receipt', 'recycle', 'robot', 'ruler', 'scissors', 'shirt', 'shuffle',
  'signal', 'sparkles', 'speaker', 'stamp', 'sticker', 'table', 'target', 'ticket', 'toggle', 'tool',
  'trophy', 'truck', 'umbrella', 'vault', 'wand', 'watch', 'wrench', 'anchor', 'atom', 'award'
]

/** Designers mostly leave the filter on "All styles"; when they filter, outline and solid dominate. */
const FILTERED_STYLES = ['outline', 'outline', 'solid', 'solid', 'duotone', 'bold', 'color', 'logo'] as const

export interface SearchQuery {
  q: string
  style: StyleSlug | null
}

/** A small seeded PRNG (mulberry32): the mix is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy
}

/** One plausible typo per word: a swapped, dropped, doubled or neighbouring letter. */
function typo(word: string, random: () => number): string {
  const at = 1 + Math.floor(random() * (word.length - 2))
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + (word[at + 1] ?? '') + word[at] + word.slice(at + 2)
    case 1:
      return word.slice(0, at) + word.slice(at + 1)
    case 2:
      return word.slice(0, at) + word[at] + word.slice(at)
    default:
      return word.slice(0, at) + (word[at] === 'e' ? 'a' : 'e') + word.slice(at + 1)
  }
}

/** What the search box sends while a word is typed: its first letters, then the word. */
function typed(word: string): string[] {
  const prefixes = []
  for (let length = 1; length < Math.min(word.length, 5); length++) prefixes.push(word.slice(0, length))
  return [...prefixes, word]
}

/**
 * The mix as a sequence of requests: each word as it is typed (prefixes, then the word), some
 * followed by a typo or by a second word, about a quarter of them with a style filter.
 */
export function searchMix(seed = 5): SearchQuery[] {
  const random = seededRandom(seed)
  const sequence: SearchQuery[] = []
  const add = (q: string) => {
    const style = random() < 0.25 ? (FILTERED_STYLES[Math.floor(random() * FILTERED_STYLES.length)] as StyleSlug) : null
    sequence.push({ q, style })
  }
  const phrases = shuffled(PHRASES, random)
  for (const [index, word] of shuffled(WORDS, random).entries()) {
    for (const q of typed(word)) add(q)
    if (word.length >= 5 && random() < 0.6) add(typo(word, random))
    if (index % 4 === 0) add(phrases[(index / 4) % phrases.length] as string)
  }
  return sequence
}

/** Queries like the mix's but none of them, for warming a server whose caches the mix must find cold. */
export function warmupQueries(mix: readonly SearchQuery[]): SearchQuery[] {
  const taken = new Set(mix.map((query) => query.q))
  const random = seededRandom(7)
  return WARMUP_WORDS.flatMap((word) => (word.length >= 5 ? [...typed(word), typo(word, random)] : typed(word)))
    .filter((q) => !taken.has(q))
    .map((q) => ({ q, style: random() < 0.25 ? (FILTERED_STYLES[Math.floor(random() * FILTERED_STYLES.length)] as StyleSlug) : null }))
}

export function distinctQueries(mix: readonly SearchQuery[]): number {
  return new Set(mix.map((query) => query.q)).size
}

/** Styles the mix filters by, checked against the shared vocabulary so a renamed style fails loudly. */
export function assertStylesKnown(): void {
  for (const style of FILTERED_STYLES) {
    if (!(STYLE_SLUGS as readonly string[]).includes(style)) throw new Error(`Search mix uses unknown style ${style}`)
  }
}

/** Sets whose icon names supply the first-sight queries beyond the mix: common UI vocabulary. */
const NAME_SOURCES = ['@iconify-json/lucide', '@iconify-json/tabler', '@iconify-json/mdi', '@iconify-json/material-symbols']
/** Name parts that say how an icon is drawn, not what it shows. */
const STYLE_WORDS = new Set(['filled', 'fill', 'outline', 'outlined', 'rounded', 'sharp', 'line', 'solid', 'bold', 'thin', 'light', 'duotone', 'twotone', 'round'])

/**
 * At least `count` distinct real queries for a first-sight pass: the mix's, then the words and
 * word pairs icon names are made of ('calendar', 'calendar check'), which is what designers type
 * for a concept the mix lacks. Deterministic; no style filter, which the Iconify API lacks.
 */
export function firstSightQueries(count = 3000): string[] {
  const random = seededRandom(3000)
  const mix = [...new Set(searchMix().map((query) => query.q))]
  const taken = new Set([...mix, ...warmupQueries(searchMix()).map((query) => query.q)])
  const candidates = new Set<string>()
  for (const source of NAME_SOURCES) {
    const { icons } = JSON.parse(readFileSync(require.resolve(`${source}/icons.json`), 'utf8')) as { icons: Record<string, unknown> }
    for (const name of Object.keys(icons)) {
      const words = name.split('-').filter((word) => /^[a-z]{3,}$/.test(word))
      if (words[0] !== undefined) candidates.add(words[0])
      if (words.length >= 2 && !STYLE_WORDS.has(words[1] as string)) candidates.add(`${words[0]} ${words[1]}`)
    }
  }
  const extra = shuffled([...candidates].filter((query) => !taken.has(query)), random)
  const queries = shuffled([...mix, ...extra.slice(0, Math.max(0, count - mix.length))], random)
  if (queries.length < count) throw new Error(`Only ${queries.length} distinct first-sight queries`)
  return queries
}

/**
 * Another `count` distinct real queries of the same kind, none of them in `asked` (a first-sight
 * pass): a second pass that a server which has answered the first has still never seen.
 */
export function moreFirstSightQueries(asked: readonly string[], count = 3000): string[] {
  const taken = new Set(asked)
  const more = firstSightQueries(asked.length + count).filter((query) => !taken.has(query))
  if (more.length < count) throw new Error(`Only ${more.length} more distinct first-sight queries`)
  return more.slice(0, count)
}
