/**
 * The icon sets the catalogue serves, as data. Adding a set is one entry here plus its npm package.
 * The order of the list is the catalogue's tie-break preference: when two icons match a query
 * equally well, the one from the set listed first comes first (popular 24px outline sets lead).
 */
import type { StyleSlug } from '../api/catalogue-schemas'
import type { LineJoin } from '../api/line-joins'
import { FA5_RENAMED } from './fa5-names'

/** Packages whose upstream keywords we can read; each has a reader in upstream-tags.ts. */
export type UpstreamTagSource = 'lucide-static' | '@tabler/icons' | '@phosphor-icons/core' | '@mdi/svg'

/** How a set's icon names map onto the shared style vocabulary and onto families. */
export interface StyleRules {
  /** Style of an icon whose name carries none of the suffixes below. */
  base: StyleSlug
  /** Name suffix (the text after a '-') to style; the longest matching suffix wins. */
  suffixes?: Readonly<Record<string, StyleSlug>>
  /** Native sizes written as a name segment, before the style suffix or after it (Fluent home-24-filled, Octicons heart-fill-24). */
  sizes?: readonly number[]
}

export interface IconSetConfig {
  /** Catalogue slug of the set; also its Iconify prefix unless `prefix` says otherwise. */
  slug: string
  /** npm package holding the Iconify JSON, e.g. '@iconify-json/lucide', or an absolute path to such a package directory. */
  package: string
  /** Iconify prefix inside that package, when the catalogue slug differs from it. */
  prefix?: string
  /** The name designers know the set by, where its package's differs (Iconify's 'HeroIcons', 'Twitter Emoji'). */
  name?: string
  /** Upstream package whose keywords become tags. */
  tags?: UpstreamTagSource
  /** How names map onto styles and families; without rules every icon is an outline icon of its own family. */
  styles?: StyleRules
  /**
   * Names an earlier version of the set gave its drawings, to their names now, for the ids and
   * component names that still use them; a query reads them as the new name, words and all.
   */
  renamed?: Readonly<Record<string, string>>
  /**
   * Words a set's names and upstream keywords lack for what it draws, by family: they join the
   * family's tags (Fluent draws the bell as `alert`, Octicons the warning triangle).
   */
  keywords?: Readonly<Record<string, string[]>>
  /**
   * Where the set's data outlined its strokes into filled shapes, how wide those lines are, in the
   * drawings' units, and how they join, by the name suffix of the drawings ('' for names without
   * one): the width a designer sets is then reached by widening them (IconSetStroke.outlined).
   */
  outlined?: Readonly<Record<string, { width: number; join: LineJoin }>>
}

const FLUENT_SIZES = [10, 12, 16, 20, 24, 28, 32, 48] as const

/** The Fitzpatrick skin tones as Twemoji's names end: ok-hand-medium-dark-skin-tone. */
const SKIN_TONES = ['light', 'medium-light', 'medium', 'medium-dark', 'dark'] as const
/**
 * The endings of Twemoji's emoji in a skin tone: one tone, or two for a pair of people in two
 * (couple-with-heart-man-man-light-skin-tone-dark-skin-tone; a pair in one tone takes one).
 */
const SKIN_TONE_ENDINGS = [
  ...SKIN_TONES.map((tone) => `${tone}-skin-tone`),
  ...SKIN_TONES.flatMap((first) => SKIN_TONES.filter((second) => second !== first).map((second) => `${first}-skin-tone-${second}-skin-tone`))
]

export const ICONSET_CONFIG: IconSetConfig[] = [
  { slug: 'lucide', package: '@iconify-json/lucide', tags: 'lucide-static', styles: { base: 'outline' } },
  {
    slug: 'tabler',
    package: '@iconify-json/tabler',
    tags: '@tabler/icons',
    styles: { base: 'outline', suffixes: { filled: 'solid' } }
  },
  {
    slug: 'ph',
    package: '@iconify-json/ph',
    tags: '@phosphor-icons/core',
    styles: {
      base: 'outline',
      suffixes: { thin: 'thin', light: 'light', bold: 'bold', fill: 'solid', duotone: 'duotone' }
    },
    // Phosphor's weights on its 256 grid, as the round ends of its lines show (minus: `a8 8` in
    // Regular, a 16-unit line; `a4 4` in Thin).
    outlined: {
      '': { width: 16, join: 'round' },
      thin: { width: 8, join: 'round' },
      light: { width: 12, join: 'round' },
      bold: { width: 24, join: 'round' }
    }
  },
  {
    slug: 'heroicons',
    package: '@iconify-json/heroicons',
    name: 'Heroicons',
    styles: { base: 'outline', suffixes: { solid: 'solid' }, sizes: [16, 20] }
  },
  {
    slug: 'material-symbols',
    package: '@iconify-json/material-symbols',
    styles: {
      base: 'solid',
      // Google's three styles are Outlined (the plain names here), Rounded and Sharp, each filled or not.
      suffixes: {
        rounded: 'rounded',
        sharp: 'sharp',
        outline: 'outline',
        'outline-rounded': 'rounded',
        'outline-sharp': 'sharp'
      }
    },
    // Google's weight 400 at the 24 px optical size: 2 px lines (crop-square-outline-sharp is an
    // 18 px square with a 14 px hole), with rounded corners in Rounded. The filled drawings have no lines to widen.
    outlined: {
      outline: { width: 2, join: 'miter' },
      'outline-rounded': { width: 2, join: 'round' },
      'outline-sharp': { width: 2, join: 'miter' }
    }
  },
  {
    slug: 'mdi',
    package: '@iconify-json/mdi',
    tags: '@mdi/svg',
    styles: { base: 'solid', suffixes: { outline: 'outline' } }
  },
  {
    slug: 'fluent',
    package: '@iconify-json/fluent',
    styles: {
      base: 'outline',
      suffixes: { regular: 'outline', filled: 'solid', light: 'light' },
      sizes: FLUENT_SIZES
    },
    // Alone, 'alert' is a warning in other sets, so the thesaurus cannot take it for a bell.
    keywords: { alert: ['bell', 'notification'], 'alert-badge': ['bell'], 'alert-off': ['bell'], 'alert-on': ['bell'], 'alert-snooze': ['bell'] }
  },
  {
    slug: 'solar',
    package: '@iconify-json/solar',
    styles: {
      base: 'outline',
      suffixes: {
        linear: 'outline',
        outline: 'outline',
        broken: 'outline',
        bold: 'solid',
        'bold-duotone': 'duotone',
        'line-duotone': 'duotone'
      }
    }
  },
  {
    slug: 'iconoir',
    package: '@iconify-json/iconoir',
    styles: { base: 'outline', suffixes: { solid: 'solid' } }
  },
  {
    slug: 'ri',
    package: '@iconify-json/ri',
    styles: { base: 'outline', suffixes: { line: 'outline', fill: 'solid' } },
    // Its alert is a warning triangle and its notification a bell, which 'warning' and 'bell' alone would not find.
    keywords: { alert: ['warning'], notification: ['bell'], 'notification-2': ['bell'], 'notification-3': ['bell'], 'notification-4': ['bell'] }
  },
  {
    slug: 'mingcute',
    package: '@iconify-json/mingcute',
    name: 'MingCute Icons',
    styles: { base: 'outline', suffixes: { line: 'outline', fill: 'solid' } },
    keywords: { alert: ['warning'], notification: ['bell'] }
  },
  { slug: 'bi', package: '@iconify-json/bi', styles: { base: 'outline', suffixes: { fill: 'solid' } } },
  {
    slug: 'carbon',
    package: '@iconify-json/carbon',
    styles: { base: 'outline', suffixes: { filled: 'solid', solid: 'solid' } }
  },
  {
    slug: 'octicon',
    package: '@iconify-json/octicon',
    // Filled drawings are heart-fill-24: the size follows the style word.
    styles: { base: 'outline', suffixes: { fill: 'solid' }, sizes: [12, 16, 24, 48, 96] },
    // Octicons calls the warning triangle alert, and the menu three-bars.
    keywords: { alert: ['warning'], 'three-bars': ['menu', 'hamburger'] }
  },
  // Font Awesome 5 ids and react-icons/fa names tell no more than a style, so each fa6 set takes every FA5 name.
  { slug: 'fa6-solid', package: '@iconify-json/fa6-solid', styles: { base: 'solid' }, renamed: FA5_RENAMED },
  { slug: 'fa6-regular', package: '@iconify-json/fa6-regular', styles: { base: 'outline' }, renamed: FA5_RENAMED },
  { slug: 'flat-color-icons', package: '@iconify-json/flat-color-icons', styles: { base: 'color' } },
  {
    slug: 'twemoji',
    package: '@iconify-json/twemoji',
    name: 'Twemoji',
    // An emoji in a skin tone is a drawing of the emoji's family, as Figma's emoji picker has it: one
    // tile for the thumbs up, its tones among its Variants, not five more tiles in every search.
    styles: { base: 'color', suffixes: Object.fromEntries(SKIN_TONE_ENDINGS.map((ending) => [ending, 'color'])) }
  },
  { slug: 'fa6-brands', package: '@iconify-json/fa6-brands', styles: { base: 'logo' }, renamed: FA5_RENAMED },
  { slug: 'simple-icons', package: '@iconify-json/simple-icons', styles: { base: 'logo' } }
]
