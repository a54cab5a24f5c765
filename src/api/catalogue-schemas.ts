/**
 * The catalogue's wire contract, defined once as JSON Schema (TypeBox).
 * The service validates and serialises with these schemas, the OpenAPI document is generated
 * from them, and the UI and the tests use the derived types. Import types with `import type`
 * from browser code so that TypeBox never reaches the plugin bundle.
 */
import { LINE_JOINS } from './line-joins'
import { Type, type Static } from 'typebox'

import {
  COLOR_PATTERN,
  MAX_ALTERNATIVES,
  MAX_EQUIVALENT_ICONS,
  MAX_ICONSET_FILTER,
  MAX_ICONSET_VALUE,
  MAX_LIMIT,
  MAX_QUERY_LENGTH,
  MAX_SIZE,
  MIN_SIZE
} from './limits'

/** One vocabulary of styles shared by every set; see the README for how each set maps onto it. */
export const STYLE_SLUGS = ['outline', 'solid', 'duotone', 'thin', 'light', 'bold', 'rounded', 'sharp', 'color', 'logo'] as const
export type StyleSlug = (typeof STYLE_SLUGS)[number]

export const FORMATS = ['svg', 'png'] as const
export type IconFormat = (typeof FORMATS)[number]


const Url = Type.String({ format: 'uri' })
const NullableUrl = Type.Union([Url, Type.Null()])

export const Author = Type.Object(
  { name: Type.String(), url: NullableUrl },
  { $id: 'Author' }
)
export type Author = Static<typeof Author>

export const License = Type.Object(
  { name: Type.String(), spdx: Type.String(), url: NullableUrl },
  { $id: 'License' }
)
export type License = Static<typeof License>

export const IconSummary = Type.Object(
  {
    iconset: Type.String({ description: 'Slug of the icon set' }),
    slug: Type.String({ description: 'Unique within its icon set' }),
    name: Type.String({
      description:
        "Its family's name as designers read it, without the style and size words its slug carries: Calendar for fluent calendar-24-regular, House for ph house-bold"
    }),
    style: Type.String({ description: 'A style slug' }),
    width: Type.Number({ description: 'Native width of the drawing' }),
    height: Type.Number({ description: 'Native height of the drawing' }),
    tags: Type.Array(Type.String()),
    preview_url: Type.String({ format: 'uri', description: 'SVG of the icon' }),
    url: Type.String({ format: 'uri', description: 'The icon resource' }),
    family: Type.String({ description: 'The drawing this icon is one style or size of, within its set' }),
    variant_count: Type.Integer({ minimum: 1, description: 'How many icons the family has, this one included (its detail lists the others as variants)' }),
    svg: Type.Optional(Type.String({ description: 'The SVG markup at its native size in currentColor; only in search results asked for with svg=true' }))
  },
  { $id: 'IconSummary' }
)
export type IconSummary = Static<typeof IconSummary>

export const IconVariant = Type.Object(
  {
    slug: Type.String(),
    style: Type.String(),
    size: Type.Number({ description: 'Native drawing size in px (longest side)' }),
    label: Type.Union([Type.String(), Type.Null()], {
      description:
        "What tells it apart in its family, in words: its slug past the family's name ('outline rounded' for Material Symbols' home-outline-rounded, " +
        "'broken' for Solar's home-broken, '24 filled' for Fluent's home-24-filled); null for the drawing named as its family"
    }),
    url: Url
  },
  { $id: 'IconVariant' }
)
export type IconVariant = Static<typeof IconVariant>

export const Download = Type.Object(
  {
    format: Type.Enum(FORMATS),
    size: Type.Integer(),
    url: Url
  },
  { $id: 'Download' }
)
export type Download = Static<typeof Download>

export const IconDetail = Type.Object(
  {
    ...IconSummary.properties,
    iconset_name: Type.String(),
    author: Author,
    license: License,
    variants: Type.Array(IconVariant, { description: 'The rest of its family: other styles and native sizes' }),
    downloads: Type.Array(Download, {
      description:
        'One entry for every format and size. Each points at the drawing of the icon’s style drawn at that size, else the one drawn nearest it ' +
        '(the larger of two as near), else the icon itself: Fluent’s home-24-regular downloads at 16 from home-16-regular and at 64 from home-48-regular.'
    })
  },
  { $id: 'IconDetail' }
)
export type IconDetail = Static<typeof IconDetail>

/**
 * Everything a search can ask, as the /search query string carries it. The route validates it, the
 * index reads it, the client turns it into a URL and the UI hook passes it through, each without
 * naming its fields, so a new search parameter is added here, in the index and in the control that
 * sets it, and named once more in SEARCH_FIELDS (catalogue-urls.ts), which the compiler asks for:
 * the URL builders, shared with the plugin's bundle, read no schema. Until search-url.ts reads it
 * too, a search using it takes fastify's slower path, answered the same.
 */
export const SearchRequest = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: MAX_QUERY_LENGTH,
      description:
        'Search text, matched against names, tags and synonyms; a prefix matches while typing, and a misspelt word its near spellings. ' +
        'Set names (fluent, font awesome) and style words (outline, filled, rounded, sharp) in it become filters; an Iconify id (mdi:account-circle) ' +
        'or an icon component name (FaGithub, HiOutlineHome, IconBrandGithub) finds that icon first. ' +
        'Invisible characters (a soft hyphen, zero-width spaces, direction marks, a byte-order mark) are read as nothing, so pasted words read as typed. ' +
        'Blank lists the catalogue (of the style and sets asked for): everyday symbols first (home, search, user, settings…, each in every set that draws it), then every other family.',
      examples: ['heart', 'fluent home', 'arrow left outline', 'home rounded', 'mdi:account-circle', 'BsThreeDotsVertical', 'serach']
    })
  ),
  style: Type.Optional(Type.Enum([...STYLE_SLUGS, ''], { description: 'Only icons in this style; blank for every style.' })),
  iconset: Type.Optional(
    Type.Array(Type.String({ maxLength: MAX_ICONSET_VALUE }), {
      maxItems: MAX_ICONSET_FILTER,
      description: 'Only icons of these sets: repeat the parameter or separate slugs with commas. An unknown slug is a 400 that lists the known ones.',
      examples: [['fluent'], ['lucide,tabler']]
    })
  ),
  svg: Type.Optional(
    Type.Boolean({
      description: "With `true`, each icon carries its SVG markup (`svg`: native size, `currentColor`), so a page of thumbnails costs this one request."
    })
  ),
  families_only: Type.Optional(
    Type.Boolean({
      description:
        'With `true`, only the families: one icon per family, as a grid of tiles shows them, and `total` equals `families`. ' +
        'By default every family\'s other styles and sizes follow the families, so paging returns every match.'
    })
  ),
  offset: Type.Optional(
    // No maximum: however far past the end, an offset is an empty page, never a mistake.
    Type.Integer({
      minimum: 0,
      default: 0,
      description:
        'Index of the first match to return, in plain decimal digits (no sign, exponent or leading zero) of any length. ' +
        'Past the end, an empty page that still counts every match; one past 9007199254740991 (2^53 − 1, the largest a JSON number holds exactly) is read, and echoed, as that.'
    })
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: MAX_LIMIT, description: 'Matches per page.' }))
})
export type SearchRequest = Static<typeof SearchRequest>

/** The query of GET /iconsets/{iconset}/{icon}: with a format, the icon itself rendered that way. */
export const RenderQuery = Type.Object({
  format: Type.Optional(Type.Enum([...FORMATS], { description: 'Return the icon itself in this format instead of its metadata.' })),
  size: Type.Optional(
    Type.Integer({ minimum: MIN_SIZE, maximum: MAX_SIZE, description: 'Longest side in px; the other side is in whole px too (at least 1), as a PNG\'s is, and the drawing keeps its aspect ratio, centred inside (the SVG\'s viewBox). Default: the native size.' })
  ),
  color: Type.Optional(Type.String({ pattern: COLOR_PATTERN, description: 'Replaces currentColor: #rrggbb, or #rgb as CSS reads it, e.g. %23e11d48 for #e11d48.' }))
})
export type RenderQuery = Static<typeof RenderQuery>

/** How the service read a query: the words it matched, and the sets and style it applied. */
export const SearchInterpretation = Type.Object(
  {
    terms: Type.Array(Type.String(), {
      description: "Words matched against names and tags; a pasted emoji is read as the name Twemoji gives it ('🏠' is house, '👍' thumbs up)"
    }),
    variant: Type.Union([Type.String(), Type.Null()], {
      description:
        "A set's variant the results are limited to, as the words that name it after the set's name: Heroicons' mini (20 px) " +
        "and micro (16 px), solid, so also given as `style` ('heroicons mini star', HiMiniStar); Solar's bold duotone and line duotone, " +
        "both given as the duotone `style` ('solar home line duotone')"
    }),
    iconsets: Type.Array(Type.String(), { description: 'Sets the results are limited to, named in the query or requested; empty for every set' }),
    style: Type.Union([Type.Enum(STYLE_SLUGS), Type.Null()], { description: 'Style the results are limited to' }),
    unapplied: Type.Array(Type.String(), {
      description:
        'Words of the query the results do not apply, as typed. A word read as a set or a style: no set in scope draws the style ' +
        "('lucide heart filled'), the named sets draw nothing that matches and the results are from every set, " +
        "or it names a set or style outside the `iconset` or `style` asked for, which stay the filters ('heart solid' with style=outline); " +
        "and, beside words that find icons, a word that matches nothing, not even misspelt, which is left out ('blorp home'); " +
        "a symbol that is no word ('★', '→', an emoji Twemoji does not draw), and punctuation that is all the query holds ('-')"
    })
  },
  {
    $id: 'SearchInterpretation',
    examples: [
      { terms: ['home'], variant: null, iconsets: ['fluent'], style: 'solid', unapplied: [] },
      { terms: ['star'], variant: 'mini', iconsets: ['heroicons'], style: 'solid', unapplied: [] },
      { terms: ['heart'], variant: null, iconsets: ['lucide'], style: null, unapplied: ['filled'] }
    ]
  }
)
export type SearchInterpretation = Static<typeof SearchInterpretation>

export const SearchResult = Type.Object(
  {
    query: Type.String(),
    style: Type.Union([Type.String(), Type.Null()]),
    iconsets: Type.Array(Type.String(), { description: 'The requested sets, empty for every set' }),
    interpreted: SearchInterpretation,
    suggestion: Type.Union([Type.String(), Type.Null()], {
      description:
        "The query's words with a misspelt one corrected, when the results are for the correction (the sets and style it applied are in `interpreted`). " +
        "A set's name typed with a slip ('lucid heart') is read as the set when that finds icons: `interpreted.iconsets` holds it, and the suggestion the other words."
    }),
    offset: Type.Integer({ minimum: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_LIMIT }),
    total: Type.Integer({
      minimum: 0,
      description: 'Exact number of matching icons: the `families` found, then their other styles and sizes. Paging by offset returns each exactly once.'
    }),
    families: Type.Integer({
      minimum: 0,
      description:
        'How many of the results, from the first, show one family each (one drawing in one set, across its styles and sizes), best first. ' +
        'The results from `families` on are those families’ other members, family by family (in the style asked for, if any), ' +
        'so a family shows once before its siblings; a client showing one tile per family pages up to `families`.'
    }),
    icons: Type.Array(IconSummary, {
      description: 'The page: up to `families`, one icon per family (the best match, else the requested style or the set default); after it, their siblings'
    }),
    next: NullableUrl,
    previous: NullableUrl
  },
  {
    $id: 'SearchResult',
    examples: [
      // /search?q=fluent home filled&limit=1&svg=true: a set and a style read from the words, one tile per family, its drawing inline.
      {
        query: 'fluent home filled',
        style: null,
        iconsets: [],
        interpreted: {
          terms: ['home'],
          variant: null,
          iconsets: ['fluent'],
          style: 'solid',
          unapplied: []
        },
        suggestion: null,
        offset: 0,
        limit: 1,
        total: 49,
        families: 14,
        icons: [
          {
            iconset: 'fluent',
            slug: 'home-24-filled',
            name: 'Home',
            style: 'solid',
            width: 24,
            height: 24,
            tags: [],
            preview_url: 'https://icons.example/iconsets/fluent/home-24-filled?format=svg',
            url: 'https://icons.example/iconsets/fluent/home-24-filled',
            family: 'home',
            variant_count: 14,
            svg: '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path fill="currentColor" d="M13.45 2.533a2.25 2.25 0 0 0-2.9 0L3.8 8.228a2.25 2.25 0 0 0-.8 1.72v9.305c0 .966.784 1.75 1.75 1.75h3a1.75 1.75 0 0 0 1.75-1.75V15.25c0-.68.542-1.232 1.217-1.25h2.566a1.25 1.25 0 0 1 1.217 1.25v4.003c0 .966.784 1.75 1.75 1.75h3a1.75 1.75 0 0 0 1.75-1.75V9.947a2.25 2.25 0 0 0-.8-1.72z"/></svg>'
          }
        ],
        next: 'https://icons.example/search?limit=1&offset=1&q=fluent+home+filled&svg=true',
        previous: null
      },
      // /search?q=serach&limit=1: a typo tolerated, its near spellings' results, and the correction offered.
      {
        query: 'serach',
        style: null,
        iconsets: [],
        interpreted: {
          terms: ['serach'],
          variant: null,
          iconsets: [],
          style: null,
          unapplied: []
        },
        suggestion: 'search',
        offset: 0,
        limit: 1,
        total: 986,
        families: 367,
        icons: [
          {
            iconset: 'lucide',
            slug: 'search',
            name: 'Search',
            style: 'outline',
            width: 24,
            height: 24,
            tags: ['find', 'scan', 'magnifier', 'magnifying glass', 'lens', 'locate', 'explore', 'discover', 'enlarge', 'zoom'],
            preview_url: 'https://icons.example/iconsets/lucide/search?format=svg',
            url: 'https://icons.example/iconsets/lucide/search',
            family: 'search',
            variant_count: 1
          }
        ],
        next: 'https://icons.example/search?limit=1&offset=1&q=serach',
        previous: null
      }
    ]
  }
)
export type SearchResult = Static<typeof SearchResult>

/** How an equivalent was found: the same family name, a synonym of it, or shared name words and tags. */
export const EQUIVALENT_KINDS = ['name', 'synonym', 'tags'] as const
export type EquivalentKind = (typeof EQUIVALENT_KINDS)[number]

/** What /iconsets/{iconset}/equivalents asks: the icons to find equivalents of, as Iconify ids. */
export const EquivalentsRequest = Type.Object({
  // A value holds many comma-separated ids; MAX_EQUIVALENT_ICONS of them fit in this.
  icons: Type.Array(Type.String({ maxLength: MAX_EQUIVALENT_ICONS * 100 }), {
    minItems: 1,
    maxItems: MAX_EQUIVALENT_ICONS,
    description:
      `Icons to find equivalents of, as Iconify ids (set:icon), repeated or separated by commas; at most ${MAX_EQUIVALENT_ICONS}. ` +
      'An id that is not set:icon is a 400 that names it; an icon the catalogue does not have is answered as unknown.',
    examples: [['lucide:house,lucide:user,lucide:settings']]
  })
})
export type EquivalentsRequest = Static<typeof EquivalentsRequest>

/**
 * Without $ids, the icon schema inlined: an answer holds it twice (match and alternatives), which one
 * $id cannot. Exactly IconSummary's, no description added, so the OpenAPI document refers to it by
 * $ref (openapi-components.ts) and a client's generator makes one type of it.
 */
export const Equivalent = Type.Object(
  {
    icon: Type.Object(IconSummary.properties),
    confidence: Type.Number({ minimum: 0, maximum: 1, description: '1 for the same family name; lower as the evidence weakens' }),
    matched_by: Type.Enum([...EQUIVALENT_KINDS], { description: 'name: the same family name or its words; synonym: a synonym of it; tags: shared tags' })
  }
)
export type Equivalent = Static<typeof Equivalent>

export const IconEquivalents = Type.Object(
  {
    iconset: Type.String({ description: 'The target set' }),
    total: Type.Integer({ minimum: 0 }),
    matched: Type.Integer({ minimum: 0, description: 'How many icons have a match' }),
    equivalents: Type.Array(
      Type.Object({
        source: Type.String({ description: 'The icon as requested, set:icon' }),
        known: Type.Boolean({
          description:
            'False when the catalogue has no such icon (its set or the icon itself: a file made with another catalogue or an older ' +
            'version of a set); it then has no match and no alternatives, and the other icons are answered as usual'
        }),
        match: Type.Union([Equivalent, Type.Null()], {
          description: 'The likeliest equivalent, in the target style closest to the source style; null for a miss'
        }),
        alternatives: Type.Array(Equivalent, { maxItems: MAX_ALTERNATIVES, description: 'Other likely families, best first; for a miss, the closest there are' })
      }),
      { description: 'One entry per distinct requested icon, in request order' }
    )
  },
  {
    $id: 'IconEquivalents',
    examples: [
      {
        iconset: 'ph',
        total: 1,
        matched: 1,
        equivalents: [
          {
            source: 'lucide:settings',
            known: true,
            match: {
              icon: {
                iconset: 'ph',
                slug: 'gear',
                name: 'Gear',
                style: 'outline',
                width: 256,
                height: 256,
                tags: ['8', 'settings', 'setup', 'preferences', 'cogs', 'gears', 'machinery', 'mechanical', 'system'],
                preview_url: 'https://icons.example/iconsets/ph/gear?format=svg',
                url: 'https://icons.example/iconsets/ph/gear',
                family: 'gear',
                variant_count: 6
              },
              confidence: 0.94,
              matched_by: 'synonym'
            },
            alternatives: [
              {
                icon: {
                  iconset: 'ph',
                  slug: 'gear-six',
                  name: 'Gear six',
                  style: 'outline',
                  width: 256,
                  height: 256,
                  tags: ['6', 'settings', 'setup', 'preferences', 'cogs', 'gears', 'machinery', 'mechanical', 'system'],
                  preview_url: 'https://icons.example/iconsets/ph/gear-six?format=svg',
                  url: 'https://icons.example/iconsets/ph/gear-six',
                  family: 'gear-six',
                  variant_count: 6
                },
                confidence: 0.93,
                matched_by: 'synonym'
              },
              {
                icon: {
                  iconset: 'ph',
                  slug: 'user-gear',
                  name: 'User gear',
                  style: 'outline',
                  width: 256,
                  height: 256,
                  tags: ['person', 'users', 'profile', 'account', 'contact', 'settings', 'preferences', 'people'],
                  preview_url: 'https://icons.example/iconsets/ph/user-gear?format=svg',
                  url: 'https://icons.example/iconsets/ph/user-gear',
                  family: 'user-gear',
                  variant_count: 6
                },
                confidence: 0.8,
                matched_by: 'tags'
              },
              {
                icon: {
                  iconset: 'ph',
                  slug: 'user-circle-gear',
                  name: 'User circle gear',
                  style: 'outline',
                  width: 256,
                  height: 256,
                  tags: ['person', 'users', 'profile', 'account', 'contact', 'settings', 'preferences', 'people'],
                  preview_url: 'https://icons.example/iconsets/ph/user-circle-gear?format=svg',
                  url: 'https://icons.example/iconsets/ph/user-circle-gear',
                  family: 'user-circle-gear',
                  variant_count: 6
                },
                confidence: 0.71,
                matched_by: 'tags'
              }
            ]
          }
        ]
      }
    ]
  }
)
export type IconEquivalents = Static<typeof IconEquivalents>

export const IconSetStroke = Type.Object(
  {
    style: Type.String({ description: 'A style of this set whose drawings are strokes: nearly all of them (at least 80% of an even sample) stroke at `width`' }),
    width: Type.Number({ exclusiveMinimum: 0, description: 'Stroke width in px at `drawn_at`' }),
    drawn_at: Type.Integer({ minimum: 1, description: 'The size (px) the icons are drawn at' }),
    suffixes: Type.Optional(
      Type.Array(Type.String(), {
        description:
          "Only the style's icons whose slug ends in `-` and one of these: where a style holds drawings of several kinds (Solar's outline is its linear and broken strokes, and filled outlines). Absent: the style's icons. Most, not all: a drawing the set outlined into filled shapes (some of MingCute's line icons) has no stroke, and a stroke width leaves it as drawn",
        examples: [['linear', 'broken']]
      })
    ),
    outlined: Type.Optional(
      Type.Object(
        {
          join: Type.Enum(LINE_JOINS, {
            description: "How the drawings' lines meet at corners, which the widening stroke follows: round for Phosphor and Material Symbols Rounded, mitred for the other Material Symbols"
          })
        },
        {
          description:
            "Present where the set's data outlined the strokes into filled shapes (Phosphor, Material Symbols): their lines are `width` wide at `drawn_at`, " +
            'and another width is given by widening them with a stroke in their own colour, centred on their edges, so they can be made wider than drawn but not narrower (a lighter style is the thinner line)'
        }
      )
    )
  },
  { $id: 'IconSetStroke' }
)
export type IconSetStroke = Static<typeof IconSetStroke>

export const IconSetPackage = Type.Object(
  {
    name: Type.String({ description: 'The npm package the icon data comes from', examples: ['@iconify-json/tabler'] }),
    version: Type.String({ description: 'Its version as installed', examples: ['1.2.41'] })
  },
  { $id: 'IconSetPackage' }
)
export type IconSetPackage = Static<typeof IconSetPackage>

const iconSetFields = {
  slug: Type.String(),
  name: Type.String(),
  version: Type.Union([Type.String(), Type.Null()], {
    description: "The set's own release, where its data names one (Tabler 3.48.0); null where it does not (the package's version is no release of the set)"
  }),
  package: IconSetPackage,
  author: Author,
  license: License,
  total_icons: Type.Integer({ minimum: 0 }),
  styles: Type.Array(Type.String()),
  strokes: Type.Array(IconSetStroke, {
    description: 'The styles drawn with strokes, or with strokes outlined into fills, and their native stroke width; a designer can set another width'
  }),
  samples: Type.Array(Type.String(), {
    description: "Slugs of a few icons that show the set at a glance: everyday symbols (home, search, user, settings…) first, each in the set's default style, one per family"
  }),
  previews: Type.Array(Url, { description: 'SVG URLs of the sample icons' }),
  url: Url
}

export const IconSetSummary = Type.Object(iconSetFields, { $id: 'IconSetSummary' })
export type IconSetSummary = Static<typeof IconSetSummary>

export const IconSetList = Type.Object(
  { total: Type.Integer({ minimum: 0 }), iconsets: Type.Array(IconSetSummary) },
  { $id: 'IconSetList' }
)
export type IconSetList = Static<typeof IconSetList>

export const IconSetDetail = Type.Object(
  { ...iconSetFields, icons: Type.Array(IconSummary) },
  { $id: 'IconSetDetail' }
)
export type IconSetDetail = Static<typeof IconSetDetail>

const styleFields = {
  slug: Type.String(),
  name: Type.String(),
  total_iconsets: Type.Integer({ minimum: 0 }),
  total_icons: Type.Integer({ minimum: 0, description: 'Icons in this style, over every set' }),
  samples: Type.Array(
    Type.Object({ iconset: Type.String(), slug: Type.String(), preview_url: Type.String({ format: 'uri', description: 'SVG of the icon' }) }),
    { description: 'A few icons that show the style at a glance: everyday symbols (home, search, user, settings…) in this style, one per family' }
  ),
  url: Url
}

export const StyleSummary = Type.Object(styleFields, { $id: 'StyleSummary' })
export type StyleSummary = Static<typeof StyleSummary>

export const StyleList = Type.Object(
  { total: Type.Integer({ minimum: 0 }), styles: Type.Array(StyleSummary) },
  { $id: 'StyleList' }
)
export type StyleList = Static<typeof StyleList>

export const StyleDetail = Type.Object(
  {
    ...styleFields,
    iconsets: Type.Array(
      Type.Object({
        slug: Type.String(),
        name: Type.String(),
        total_icons: Type.Integer({ minimum: 0, description: 'The set\'s icons in this style, not all of its icons' }),
        url: Url
      }),
      { description: 'The sets drawn in this style' }
    ),
    search_url: Url
  },
  { $id: 'StyleDetail' }
)
export type StyleDetail = Static<typeof StyleDetail>

export const Welcome = Type.Object(
  {
    name: Type.String(),
    version: Type.String(),
    beta: Type.Literal(true),
    statistics: Type.Object({
      iconsets: Type.Integer(),
      icons: Type.Integer(),
      styles: Type.Integer()
    }),
    links: Type.Object({ search: Url, iconsets: Url, styles: Url, openapi: Url })
  },
  { $id: 'Welcome' }
)
export type Welcome = Static<typeof Welcome>

/** RFC 9457 problem details, with a stable machine-readable `code`. */
/**
 * Every `code` a problem can carry: what a client branches on (each has one status and title,
 * src/catalogue/problems.ts). A code is never renamed; a new one may be added.
 */
export const PROBLEM_CODES = [
  'invalid_parameter', 'repeated_parameter', 'query_too_long', 'unknown_style', 'invalid_iconset',
  'unknown_iconset', 'invalid_icons', 'too_many_icons', 'invalid_svg', 'invalid_families_only',
  'invalid_offset', 'invalid_limit', 'unknown_format', 'invalid_size', 'size_out_of_range', 'invalid_color',
  'format_required', 'malformed_url', 'malformed_request', 'missing_host', 'http_version_not_supported',
  'not_implemented', 'invalid_content_length', 'invalid_body', 'bad_request', 'not_found',
  'iconset_not_found', 'icon_not_found', 'style_not_found', 'method_not_allowed', 'request_timeout',
  'payload_too_large', 'unsupported_media_type', 'precondition_failed', 'expectation_failed',
  'headers_too_large', 'internal_error', 'render_failed', 'render_queue_full', 'starting',
  'shutting_down', 'uri_too_long', 'no_process_available', 'process_timeout', 'too_many_requests'
] as const
export type ProblemCode = (typeof PROBLEM_CODES)[number]

export const Problem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.Enum(PROBLEM_CODES, { description: 'Stable: what a client branches on. Each operation\'s answers list the codes they can carry.' })
  },
  { $id: 'Problem' }
)
export type Problem = Static<typeof Problem>
/** A problem as any route of the server writes it: the playground, no part of the API, has codes of its own. */
export type ProblemDocument = Omit<Problem, 'code'> & { code: string }
