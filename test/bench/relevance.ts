/**
 * The relevance benchmark: designers' and developers' queries of seven kinds, each judged by what a
 * right answer looks like (the words its name must hold, its set, its style, or one exact icon),
 * asked of the real service over HTTP. Reports per kind hit@8 (a right answer in the first 8),
 * P@24 (share of right answers in the first 24), MRR (1 / rank of the first right answer),
 * families@24 (distinct drawings in the first 24) and sets@24 (distinct sets among them: one set's
 * sixty variations of a word should not fill the page).
 *
 * Part of `npm run bench` (BENCH_ONLY=relevance for just this); also runs alone:
 * node --import tsx test/bench/relevance.ts
 */
import { fileURLToPath } from 'node:url'
import type { IconSummary, SearchRequest, SearchResult, StyleSlug } from '../../src/api/catalogue-schemas'
import { searchUrl } from '../../src/api/catalogue-urls'
import { startCatalogue } from '../support/catalogue'

export const KINDS = ['set-scoped', 'identifier', 'typo', 'style', 'multi-word', 'precision', 'diversity'] as const
export type Kind = (typeof KINDS)[number]

interface Judgement {
  /** Any of these name words (each entry: words that must all be in the family name, space-separated). */
  names?: readonly string[]
  iconsets?: readonly string[]
  style?: StyleSlug
  /** The one right answer, `set:slug`; the others are judged by `names`, `iconsets` and `style`. */
  icon?: string
  /** A word the slug must hold besides the family's (a variant: 'sharp'). */
  slugWord?: string
}

export interface RelevanceCase {
  kind: Kind
  request: SearchRequest
  right: Judgement
}

const c = (kind: Kind, q: string, right: Judgement, extra: Omit<SearchRequest, 'q'> = {}): RelevanceCase => ({
  kind,
  request: { q, ...extra },
  right
})

const FA = ['fa6-solid', 'fa6-regular', 'fa6-brands']
const HOME = ['home', 'house']
const USER = ['user', 'person', 'account']
const SETTINGS = ['settings', 'gear', 'cog', 'cogs', 'options', 'sliders', 'gear six']
const TRASH = ['trash', 'delete', 'bin', 'garbage', 'trash can']
const SEARCH = ['search', 'magnifying glass', 'magnifier', 'zoom']

export const CASES: readonly RelevanceCase[] = [
  // Set-scoped: the set named in words or asked for by parameter; right = in the set and on topic.
  c('set-scoped', 'fluent home', { names: HOME, iconsets: ['fluent'] }),
  c('set-scoped', 'home', { names: HOME, iconsets: ['fluent'] }, { iconset: ['fluent'] }),
  c('set-scoped', 'heroicons user', { names: USER, iconsets: ['heroicons'] }),
  c('set-scoped', 'material symbols search', { names: SEARCH, iconsets: ['material-symbols'] }),
  c('set-scoped', 'phosphor heart', { names: ['heart'], iconsets: ['ph'] }),
  c('set-scoped', 'font awesome star', { names: ['star'], iconsets: FA }),
  c('set-scoped', 'bootstrap gear', { names: SETTINGS, iconsets: ['bi'] }),
  c('set-scoped', 'remix settings', { names: SETTINGS, iconsets: ['ri'] }),
  c('set-scoped', 'octicons repo', { names: ['repo'], iconsets: ['octicon'] }),
  c('set-scoped', 'material design account', { names: USER, iconsets: ['mdi'] }),
  c('set-scoped', 'tabler user', { names: USER, iconsets: ['tabler'] }),
  c('set-scoped', 'lucide arrow right', { names: ['arrow right'], iconsets: ['lucide'] }),
  c('set-scoped', 'carbon chart', { names: ['chart'], iconsets: ['carbon'] }),
  c('set-scoped', 'solar bell', { names: ['bell'], iconsets: ['solar'] }),
  c('set-scoped', 'iconoir camera', { names: ['camera'], iconsets: ['iconoir'] }),
  c('set-scoped', 'mingcute mail', { names: ['mail'], iconsets: ['mingcute'] }),
  c('set-scoped', 'simple icons github', { icon: 'simple-icons:github', iconsets: ['simple-icons'] }),
  c('set-scoped', 'flat color folder', { names: ['folder'], iconsets: ['flat-color-icons'] }),
  c('set-scoped', 'trash', { names: TRASH, iconsets: ['lucide', 'tabler'] }, { iconset: ['lucide,tabler'] }),
  c('set-scoped', 'user', { names: USER, iconsets: ['ph', 'heroicons'] }, { iconset: ['ph', 'heroicons'] }),
  c('set-scoped', 'heroicons', { iconsets: ['heroicons'] }),
  c('set-scoped', 'fluent', { iconsets: ['fluent'] }),
  c('set-scoped', 'phosphor', { iconsets: ['ph'] }),
  // Set names as designers type them: a Font Awesome name with the word for one of its sets, the longest whole name.
  c('set-scoped', 'fontawesome brands', { iconsets: ['fa6-brands'] }),
  c('set-scoped', 'fa brands', { iconsets: ['fa6-brands'] }),
  c('set-scoped', 'fa brands github', { icon: 'fa6-brands:github', iconsets: ['fa6-brands'] }),
  c('set-scoped', 'google material symbols', { iconsets: ['material-symbols'] }),
  c('set-scoped', 'google material symbols home', { names: HOME, iconsets: ['material-symbols'] }),
  // A last word still being typed is completed within the set, as the set draws the whole word (Heroicons' search is magnifying-glass).
  c('set-scoped', 'heroicons searc', { names: SEARCH, iconsets: ['heroicons'] }),
  // A set's category tags ('smileys') rank below names and their synonyms.
  // A set's own variant words after its name, as its component names use them: Heroicons' Mini is 20 px solid.
  c('set-scoped', 'heroicons mini star', { icon: 'heroicons:star-20-solid', iconsets: ['heroicons'] }),
  c('set-scoped', 'heroicons micro bell', { icon: 'heroicons:bell-16-solid', iconsets: ['heroicons'] }),
  c('set-scoped', 'octicons heart', { names: ['heart'], iconsets: ['octicon'] }),
  // Twemoji's heart is the red one.
  c('set-scoped', 'twemoji heart', { icon: 'twemoji:red-heart' }),
  // Package names pasted with the set's name: the framework and a version say nothing of the icon.
  c('set-scoped', 'lucide react house', { names: HOME, iconsets: ['lucide'] }),
  c('set-scoped', '@tabler/icons-react user', { names: USER, iconsets: ['tabler'] }),
  c('set-scoped', 'lucide-vue-next home', { names: HOME, iconsets: ['lucide'] }),
  c('set-scoped', 'font awesome 6 home', { names: HOME, iconsets: FA }),
  c('set-scoped', 'react-icons home', { names: HOME }),
  c('set-scoped', 'twemoji smile', { names: ['smile', 'smiling', 'smiley', 'grin', 'grinning'], iconsets: ['twemoji'] }),

  // Identifiers developers paste: Iconify ids, component names, code spellings.
  c('identifier', 'mdi:account-circle', { icon: 'mdi:account-circle' }),
  c('identifier', 'lucide:house', { icon: 'lucide:house' }),
  c('identifier', 'ph:heart-fill', { icon: 'ph:heart-fill' }),
  c('identifier', 'tabler:brand-github', { icon: 'tabler:brand-github' }),
  c('identifier', 'fa6-brands:github', { icon: 'fa6-brands:github' }),
  c('identifier', 'IconMdiAccountCircle', { icon: 'mdi:account-circle' }),
  c('identifier', 'i-ph-heart-bold', { icon: 'ph:heart-bold' }),
  c('identifier', 'material-symbols:delete-outline', { icon: 'material-symbols:delete-outline' }),
  c('identifier', 'FaGithub', { icon: 'fa6-brands:github' }),
  c('identifier', 'MdDelete', { icon: 'material-symbols:delete' }),
  c('identifier', 'BsThreeDotsVertical', { icon: 'bi:three-dots-vertical' }),
  c('identifier', 'IconBrandGithub', { icon: 'tabler:brand-github' }),
  c('identifier', 'LuHouse', { icon: 'lucide:house' }),
  c('identifier', 'HiOutlineHome', { icon: 'heroicons:home' }),
  c('identifier', 'PiHeartBold', { icon: 'ph:heart-bold' }),
  c('identifier', 'RiHomeLine', { icon: 'ri:home-line' }),
  c('identifier', 'TbSettings', { icon: 'tabler:settings' }),
  c('identifier', 'SiGithub', { icon: 'simple-icons:github' }),
  c('identifier', 'FaRegHeart', { icon: 'fa6-regular:heart' }),
  c('identifier', 'Home24Regular', { icon: 'fluent:home-24-regular' }),
  c('identifier', 'mdiAccountCircle', { icon: 'mdi:account-circle' }),
  // An id that is an Iconify alias pins the drawing it names; Font Awesome 5 names are their FA6 renames.
  c('identifier', 'material-symbols:airplanemode-active', { icon: 'material-symbols:flight' }),
  c('identifier', 'material-symbols:home-sharp', { icon: 'material-symbols:home-sharp' }),
  c('identifier', 'FaTimes', { icon: 'fa6-solid:xmark' }),
  c('identifier', 'FaTrashAlt', { icon: 'fa6-solid:trash-can' }),
  c('identifier', 'fa:cog', { icon: 'fa6-solid:gear' }),
  c('identifier', 'ChevronDown', { names: ['chevron down'] }),
  c('identifier', 'ThumbsUp', { names: ['thumbs up', 'thumb up'] }),
  c('identifier', 'arrow_left', { names: ['arrow left'] }),
  c('identifier', 'user-plus', { names: ['user plus', 'user add', 'person add', 'account plus', 'person plus'] }),
  c('identifier', 'shoppingCart', { names: ['shopping cart', 'cart'] }),

  // Typos: one edit or a swapped pair in a word of four letters or more.
  // A typo is judged by the names of what the word spelt right finds (its thesaurus names too: a
  // misspelt word that finds nothing as typed is searched as spelt right).
  c('typo', 'serach', { names: SEARCH }),
  c('typo', 'calender', { names: ['calendar'] }),
  c('typo', 'hause', { names: HOME }),
  c('typo', 'setings', { names: SETTINGS }),
  c('typo', 'delte', { names: TRASH }),
  c('typo', 'downlaod', { names: ['download', 'import', 'arrow down tray'] }),
  c('typo', 'uplaod', { names: ['upload', 'export', 'arrow up tray'] }),
  c('typo', 'notifcation', { names: ['notification', 'bell', 'alert'] }),
  c('typo', 'camrea', { names: ['camera', 'photo camera'] }),
  c('typo', 'lcok', { names: ['lock', 'padlock'] }),
  c('typo', 'hpme', { names: HOME }),
  c('typo', 'arrwo left', { names: ['arrow left'] }),
  c('typo', 'fodler', { names: ['folder', 'directory'] }),
  c('typo', 'trahs', { names: TRASH }),
  c('typo', 'shiled', { names: ['shield', 'security', 'protection'] }),
  c('typo', 'messgae', { names: ['message', 'chat', 'comment', 'bubble', 'conversation'] }),
  c('typo', 'bookmrak', { names: ['bookmark'] }),
  c('typo', 'pencel', { names: ['pencil', 'edit', 'pen', 'square pen', 'compose'] }),
  c('typo', 'favorit', { names: ['favorite', 'heart', 'star'] }),
  c('typo', 'microphnoe', { names: ['microphone', 'mic'] }),
  c('typo', 'seting', { names: SETTINGS }),
  c('typo', 'notifcations', { names: ['notification', 'notifications', 'bell', 'alert'] }),
  // The first two letters swapped, each also one letter from a word that keeps the first (older, ohm, loud, rash).
  c('typo', 'oflder', { names: ['folder', 'directory'] }),
  c('typo', 'ohme', { names: HOME }),
  c('typo', 'lcoud', { names: ['cloud'] }),
  c('typo', 'rtash', { names: TRASH }),
  // A correction's results before what the typo found by a tag it begins ('hertz') or a near spelling of its own ('vert', 'row').
  c('typo', 'hert', { names: ['heart'] }),
  c('typo', 'arow', { names: ['arrow'] }, { families_only: true }),
  c('typo', 'arows', { names: ['arrows', 'arrow'] }),
  c('typo', 'musc', { names: ['music'] }),
  c('typo', 'mailt', { names: ['mail'] }),
  c('typo', 'stas', { names: ['stars', 'star'] }),
  // A key struck twice is the word without it ('cartt' is no caret, 'ttree' no three).
  c('typo', 'cartt', { names: ['cart'] }),
  c('typo', 'ccart', { names: ['cart'] }),
  c('typo', 'ttree', { names: ['tree'] }),
  // So it is rather than a set's name one other slip away ('tablee' is no Tabler), and an irregular plural is its singular ('mice' is no mic).
  c('typo', 'tablee', { names: ['table'] }),
  c('typo', 'mice', { names: ['mouse'] }),
  // Typos within a set, named or asked for: read as that set draws the word (Heroicons' settings are cogs, Phosphor's home a house).
  c('typo', 'lucide seting', { names: SETTINGS, iconsets: ['lucide'] }),
  c('typo', 'tabler settngs', { names: SETTINGS, iconsets: ['tabler'] }),
  c('typo', 'tabler calender', { names: ['calendar'], iconsets: ['tabler'] }),
  c('typo', 'calender', { names: ['calendar'], iconsets: ['tabler'] }, { iconset: ['tabler'] }),
  c('typo', 'fa brands githb', { icon: 'fa6-brands:github' }),
  c('typo', 'heroicons setings', { names: SETTINGS, iconsets: ['heroicons'] }),
  c('typo', 'setings', { names: SETTINGS, iconsets: ['heroicons'] }, { iconset: ['heroicons'] }),
  c('typo', 'heroicons serach', { names: SEARCH, iconsets: ['heroicons'] }),
  c('typo', 'phosphor hpme', { names: HOME, iconsets: ['ph'] }),
  c('typo', 'hpme', { names: HOME, iconsets: ['ph'] }, { iconset: ['ph'] }),
  c('typo', 'twemoji hoem', { names: HOME, iconsets: ['twemoji'] }),
  c('typo', 'bootstrap sttings', { names: SETTINGS, iconsets: ['bi'] }),
  c('typo', 'octicons setings', { names: SETTINGS, iconsets: ['octicon'] }),
  // Typos in a set's name: read as the set, as its chip then says.
  c('typo', 'lucid heart', { names: ['heart'], iconsets: ['lucide'] }),
  c('typo', 'heroicns user', { names: USER, iconsets: ['heroicons'] }),
  c('typo', 'phospor home', { names: HOME, iconsets: ['ph'] }),
  c('typo', 'fluetn settings', { names: SETTINGS, iconsets: ['fluent'] }),
  c('typo', 'tabelr arrow left', { names: ['arrow left'], iconsets: ['tabler'] }),

  // Style words: the filter they imply, whatever the set calls its styles.
  c('style', 'heart solid', { names: ['heart'], style: 'solid' }),
  c('style', 'solar user bold', { names: ['user'], iconsets: ['solar'], style: 'solid' }),
  // Beside a set's name alone: that set's drawings in the style.
  c('style', 'phosphor bold', { iconsets: ['ph'], style: 'bold' }),
  c('style', 'material symbols rounded', { iconsets: ['material-symbols'], style: 'rounded' }),
  c('style', 'solar home line duotone', { names: ['home'], iconsets: ['solar'], style: 'duotone', slugWord: 'line' }),
  c('style', 'home outline', { names: HOME, style: 'outline' }),
  c('style', 'star filled', { names: ['star'], style: 'solid' }),
  c('style', 'bell duotone', { names: ['bell', 'notification'], style: 'duotone' }),
  c('style', 'user bold', { names: USER, style: 'bold' }),
  c('style', 'gear thin', { names: SETTINGS, style: 'thin' }),
  c('style', 'arrow left light', { names: ['arrow left'], style: 'light' }),
  c('style', 'github logo', { names: ['github'], style: 'logo' }),
  c('style', 'colored folder', { names: ['folder'], style: 'color' }),
  c('style', 'mail fill', { names: ['mail', 'envelope'], style: 'solid' }),
  c('style', 'calendar regular', { names: ['calendar'], style: 'outline' }),
  c('style', 'trash outlined', { names: TRASH, style: 'outline' }),
  c('style', 'camera solid', { names: ['camera'], style: 'solid' }),
  c('style', 'lock filled', { names: ['lock'], style: 'solid' }),
  c('style', 'cloud bold', { names: ['cloud'], style: 'bold' }),
  c('style', 'twitter brand', { names: ['twitter', 'x'], style: 'logo' }),
  // A logo word that is also part of icons' names keeps those icons (tabler's brand-*).
  c('style', 'brand github', { names: ['github'] }),
  c('style', 'home sharp', { names: HOME, style: 'sharp' }),
  // Material Symbols names its Sharp drawings of home by an alias of home: the member shown is home-sharp.
  c('style', 'home sharp', { icon: 'material-symbols:home-sharp' }),
  c('style', 'home rounded', { names: HOME, style: 'rounded' }),
  c('style', 'search rounded', { names: SEARCH, style: 'rounded' }),
  c('style', 'settings sharp', { names: SETTINGS, style: 'sharp' }),
  c('style', 'wifi rounded', { names: ['wifi'], style: 'rounded' }),
  c('style', 'delete outline rounded', { names: TRASH, style: 'rounded', slugWord: 'outline' }),
  c('style', 'ic:round-home', { names: HOME, style: 'rounded', iconsets: ['material-symbols'] }),
  c('style', 'star duotone', { names: ['star'], style: 'duotone' }),
  // Octicons' filled drawings (heart-fill-24) are the solid members of their families.
  c('style', 'heart', { icon: 'octicon:heart-fill-24' }, { iconset: ['octicon'], style: 'solid' }),
  c('style', 'octicons star filled', { icon: 'octicon:star-fill-24', style: 'solid' }),
  c('style', 'check circle filled', { names: ['check circle'], iconsets: ['octicon'], style: 'solid' }, { iconset: ['octicon'] }),
  // An ambiguous style word is the style where sets draw the other words whole in it: Phosphor's light heart, not twemoji's light-skin-tone hearts.
  c('style', 'light heart', { names: ['heart'], style: 'light' }),
  c('style', 'star line', { names: ['star'], style: 'outline' }),
  // A style no set in scope draws is reported, and the set's icons shown.
  c('style', 'lucide heart filled', { names: ['heart'], iconsets: ['lucide'] }),
  c('style', 'text bold', { names: ['bold', 'text bold', 'format bold', 'text b'] }),
  c('style', 'light bulb', { names: ['lightbulb', 'light bulb', 'bulb'] }),

  // Multi-word intents.
  c('multi-word', 'arrow left', { names: ['arrow left'] }),
  c('multi-word', 'check circle', { names: ['check circle', 'circle check', 'checkmark circle'] }),
  c('multi-word', 'chevron down', { names: ['chevron down'] }),
  c('multi-word', 'map pin', { names: ['map pin', 'map marker', 'location', 'pin'] }),
  c('multi-word', 'shopping cart', { names: ['shopping cart', 'cart'] }),
  c('multi-word', 'credit card', { names: ['credit card'] }),
  c('multi-word', 'add user', { names: ['user add', 'user plus', 'person add', 'account plus', 'add user', 'person plus'] }),
  c('multi-word', 'file text', { names: ['file text', 'document text', 'text file'] }),
  c('multi-word', 'thumbs up', { names: ['thumbs up', 'thumb up'] }),
  c('multi-word', 'paper plane', { names: ['paper plane', 'send', 'paper airplane'] }),
  c('multi-word', 'trash can', { names: TRASH }),
  c('multi-word', 'magnifying glass', { names: SEARCH }),
  c('multi-word', 'eye off', { names: ['eye off', 'eye slash', 'eye closed', 'eye hide'] }),
  c('multi-word', 'cloud upload', { names: ['cloud upload', 'cloud arrow up', 'upload cloud'] }),
  c('multi-word', 'calendar check', { names: ['calendar check', 'calendar checkmark'] }),
  c('multi-word', 'log out', { names: ['logout', 'log out', 'sign out', 'exit'] }),
  c('multi-word', 'arrow right circle', { names: ['arrow right circle', 'circle arrow right', 'arrow circle right'] }),
  c('multi-word', 'question mark', { names: ['question', 'help'] }),
  c('multi-word', 'volume off', { names: ['volume off', 'volume mute', 'volume x', 'speaker slash', 'mute'] }),
  c('multi-word', 'user circle', { names: ['user circle', 'account circle', 'person circle', 'circle user'] }),
  c('multi-word', 'trash bin', { names: TRASH }),
  c('multi-word', 'play button', { names: ['play'] }),
  c('multi-word', 'hamburger menu', { names: ['menu'] }),
  c('multi-word', 'chat bubble', { names: ['chat', 'message', 'comment'] }),
  c('multi-word', 'sign in', { names: ['sign in', 'login', 'log in', 'signin'] }),
  c('multi-word', 'notification bell', { names: ['bell', 'notification'] }),
  c('multi-word', 'location pin', { names: ['location', 'map pin', 'map marker', 'location pin', 'location on'] }),

  // Precision: short words that near spellings and loose prefixes pollute.
  c('precision', 'folder', { names: ['folder', 'directory'] }),
  c('precision', 'bell', { names: ['bell', 'notification'] }),
  c('precision', 'moon', { names: ['moon', 'night'] }),
  c('precision', 'mail', { names: ['mail', 'email', 'envelope', 'inbox'] }),
  c('precision', 'star', { names: ['star', 'favorite', 'rating'] }),
  c('precision', 'lock', { names: ['lock', 'padlock', 'locked'] }),
  c('precision', 'car', { names: ['car', 'vehicle', 'automobile'] }),
  c('precision', 'cat', { names: ['cat'] }),
  c('precision', 'key', { names: ['key', 'password'] }),
  c('precision', 'sun', { names: ['sun', 'brightness', 'day', 'sunny'] }),
  c('precision', 'map', { names: ['map'] }),
  c('precision', 'tag', { names: ['tag', 'label', 'price', 'tags'] }),
  c('precision', 'eye', { names: ['eye', 'view', 'visible', 'visibility'] }),
  c('precision', 'box', { names: ['box', 'package', 'archive', 'cube'] }),
  c('precision', 'pin', { names: ['pin', 'pushpin', 'location', 'marker', 'map pin'] }),
  c('precision', 'tabler user', { names: USER, iconsets: ['tabler'] }),
  // Synonyms that name other drawings too: a close is no crucifix, a cart no basket, info no help, a note no music.
  c('precision', 'close', { names: ['close', 'x', 'xmark', 'x mark', 'dismiss'] }),
  c('precision', 'cart', { names: ['cart', 'shopping cart'] }),
  c('precision', 'warning', { names: ['warning', 'triangle alert', 'alert triangle', 'exclamation triangle', 'caution', 'danger'] }),
  c('precision', 'info', { names: ['info', 'information'] }),
  c('precision', 'note', { names: ['note', 'notes', 'sticky note', 'notebook', 'notepad'] }),
  c('precision', 'back', { names: ['back', 'arrow left', 'arrow back'] }),
  // A word that names icons as typed is not padded with its near spellings ('band' is no 'brand', 'hand' or 'bank').
  c('precision', 'band', { names: ['band', 'bandage', 'bandaid', 'bandaids', 'bandcamp', 'bandlab', 'drum', 'guitar', 'ribbon'] }),
  // Plurals and singulars find the same drawings.
  c('precision', 'setting', { names: SETTINGS }),
  c('precision', 'notifications', { names: ['notification', 'notifications', 'bell', 'alert'] }),
  c('precision', 'photos', { names: ['photo', 'photos', 'image', 'picture', 'camera', 'photograph'] }),
  c('precision', 'charts', { names: ['chart', 'charts', 'graph', 'analytics', 'diagram', 'statistics'] }),
  // Corner words that are part of an icon's name stay words.
  c('precision', 'square rounded', { names: ['square rounded'] }),
  c('precision', 'music sharp', { names: ['music sharp'] }),

  // Diversity: broad queries whose first page should show many drawings.
  c('diversity', 'heart', { names: ['heart', 'like', 'love', 'favorite'] }),
  c('diversity', 'settings', { names: SETTINGS }),
  c('diversity', 'home', { names: HOME }),
  c('diversity', 'user', { names: USER }),
  c('diversity', 'arrow', { names: ['arrow'] }),
  c('diversity', 'search', { names: SEARCH }),
  c('diversity', 'calendar', { names: ['calendar'] }),
  c('diversity', 'trash', { names: TRASH }),
  c('diversity', 'edit', { names: ['edit', 'pencil', 'pen'] }),
  c('diversity', 'phone', { names: ['phone', 'call', 'telephone'] }),
  c('diversity', 'camera', { names: ['camera'] }),
  c('diversity', 'chart', { names: ['chart', 'graph', 'analytics'] }),
  c('diversity', 'cloud', { names: ['cloud'] }),
  c('diversity', 'check', { names: ['check', 'checkmark', 'tick', 'done'] }),
  c('diversity', 'close', { names: ['close', 'x', 'xmark', 'dismiss', 'cross'] }),
  c('diversity', 'bolt', { names: ['bolt', 'lightning', 'flash', 'zap'] })
]

/** Whether the family name holds every word of the entry, in any order. */
function nameHolds(family: string, entry: string): boolean {
  const words = new Set(family.split('-'))
  return entry.split(' ').every((word) => words.has(word))
}

export function isRight(icon: IconSummary, right: Judgement): boolean {
  if (right.icon !== undefined) return `${icon.iconset}:${icon.slug}` === right.icon
  if (right.iconsets && !right.iconsets.includes(icon.iconset)) return false
  if (right.style && icon.style !== right.style) return false
  if (right.slugWord && !icon.slug.split('-').includes(right.slugWord)) return false
  return right.names === undefined || right.names.some((entry) => nameHolds(icon.family, entry))
}

export interface CaseScore {
  hit8: number
  precision24: number
  reciprocalRank: number
  families24: number
  sets24: number
}

export function score(icons: readonly IconSummary[], right: Judgement): CaseScore {
  const first = icons.slice(0, 24)
  const rank = icons.findIndex((icon) => isRight(icon, right))
  // With one right answer, P@24 asks only that it be there.
  const precision = right.icon !== undefined ? (rank !== -1 && rank < 24 ? 1 : 0) : first.filter((icon) => isRight(icon, right)).length / Math.max(1, first.length)
  return {
    hit8: rank !== -1 && rank < 8 ? 1 : 0,
    precision24: precision,
    reciprocalRank: rank === -1 ? 0 : 1 / (rank + 1),
    families24: new Set(first.map((icon) => `${icon.iconset}:${icon.family}`)).size,
    sets24: new Set(first.map((icon) => icon.iconset)).size
  }
}

export interface KindSummary {
  kind: Kind
  queries: number
  hit8: number
  precision24: number
  mrr: number
  families24: number
  sets24: number
  /** Queries with no right answer in the first 8, to look at. */
  misses: string[]
}

export async function measureRelevance(baseUrl: string, cases: readonly RelevanceCase[] = CASES): Promise<KindSummary[]> {
  const scored: Array<{ kind: Kind; q: string; score: CaseScore }> = []
  for (const relevanceCase of cases) {
    const response = await fetch(searchUrl(baseUrl, { ...relevanceCase.request, limit: 96 }))
    if (!response.ok) throw new Error(`${relevanceCase.request.q}: HTTP ${response.status}`)
    const result = (await response.json()) as SearchResult
    scored.push({ kind: relevanceCase.kind, q: searchUrl('', relevanceCase.request), score: score(result.icons, relevanceCase.right) })
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length)
  return KINDS.map((kind) => {
    const of = scored.filter((entry) => entry.kind === kind)
    return {
      kind,
      queries: of.length,
      hit8: mean(of.map((entry) => entry.score.hit8)),
      precision24: mean(of.map((entry) => entry.score.precision24)),
      mrr: mean(of.map((entry) => entry.score.reciprocalRank)),
      families24: mean(of.map((entry) => entry.score.families24)),
      sets24: mean(of.map((entry) => entry.score.sets24)),
      misses: of.filter((entry) => entry.score.hit8 === 0).map((entry) => entry.q)
    }
  })
}

export function relevanceTable(summaries: readonly KindSummary[]): string {
  const all = summaries.reduce((sum, row) => sum + row.queries, 0)
  const weighted = (pick: (row: KindSummary) => number) => summaries.reduce((sum, row) => sum + pick(row) * row.queries, 0) / Math.max(1, all)
  const line = (name: string, queries: number, hit8: number, p24: number, mrr: number, families: number, sets: number) =>
    `| ${name} | ${queries} | ${hit8.toFixed(2)} | ${p24.toFixed(2)} | ${mrr.toFixed(2)} | ${families.toFixed(1)} | ${sets.toFixed(1)} |`
  return [
    '| kind | queries | hit@8 | P@24 | MRR | families@24 | sets@24 |',
    '|---|---|---|---|---|---|---|',
    ...summaries.map((row) => line(row.kind, row.queries, row.hit8, row.precision24, row.mrr, row.families24, row.sets24)),
    line(
      'all',
      all,
      weighted((row) => row.hit8),
      weighted((row) => row.precision24),
      weighted((row) => row.mrr),
      weighted((row) => row.families24),
      weighted((row) => row.sets24)
    )
  ].join('\n')
}

/** The section `npm run bench` runs: the real service over every set, in this process, on 127.0.0.1. */
export async function relevanceSection(): Promise<KindSummary[]> {
  console.log(`Relevance: ${CASES.length} queries of ${KINDS.length} kinds`)
  const service = await startCatalogue({ data: 'full' })
  try {
    const summaries = await measureRelevance(service.url)
    console.log(relevanceTable(summaries))
    for (const row of summaries) if (row.misses.length > 0) console.log(`  ${row.kind} misses: ${row.misses.join(', ')}`)
    return summaries
  } finally {
    await service.close()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await relevanceSection()
