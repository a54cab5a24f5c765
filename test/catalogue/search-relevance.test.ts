/**
 * Relevance of search for queries designers type, over real HTTP with the real icon data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IconDetail, IconSummary, SearchResult, StyleSlug } from '../../src/api/catalogue-schemas'
import { searchUrl } from '../../src/api/catalogue-urls'
import { startCatalogue, type RunningCatalogue } from '../support/catalogue'

let service: RunningCatalogue

beforeAll(async () => {
  service = await startCatalogue({ data: 'full' })
})

afterAll(async () => {
  await service.close()
})

async function search(
  q: string,
  options: { style?: StyleSlug; limit?: number; iconset?: string[]; offset?: number; families_only?: boolean } = {}
): Promise<SearchResult> {
  const response = await fetch(searchUrl(service.url, { ...options, q, limit: options.limit ?? 96 }))
  expect(response.status).toBe(200)
  return (await response.json()) as SearchResult
}

const named = (icon: IconSummary, ...words: string[]): boolean => words.some((word) => icon.slug.split('-').includes(word))
const slugs = (icons: IconSummary[]): string[] => icons.map((icon) => `${icon.iconset}:${icon.slug}`)

describe('designer queries', () => {
  it('a blank query, the browse grid, lists everyday logos after the symbols, and no apple that is a fruit among them', async () => {
    const page = async (offset: number) => ((await (await fetch(searchUrl(service.url, { offset, limit: 96 }))).json()) as SearchResult).icons
    const listed = [...(await page(0)), ...(await page(96)), ...(await page(192))]
    // Slack is the last everyday symbol (samples.ts).
    const everydayEnd = listed.findLastIndex((icon) => icon.family === 'slack')
    expect(everydayEnd).toBeGreaterThan(0)
    const everyday = slugs(listed.slice(0, everydayEnd + 1))
    expect(everyday).toEqual(expect.arrayContaining(['lucide:house', 'simple-icons:github', 'fa6-brands:figma']))
    for (const fruit of ['lucide:apple', 'tabler:apple', 'carbon:apple']) expect(everyday).not.toContain(fruit)
  })

  it('a set browsed in its own order shows its symbols before its numbers: Material Symbols\' 10k and 10mp come last', async () => {
    const browse = { iconset: ['material-symbols'], families_only: true }
    const first = await search('', browse)
    expect(first.icons.filter((icon) => /^\d/.test(icon.slug))).toEqual([])
    const last = await search('', { ...browse, offset: first.total - 24, limit: 24 })
    expect(last.icons.map((icon) => icon.slug).filter((slug) => !/^\d/.test(slug))).toEqual([])
  })

  it('"delete" finds trash icons on the first page', async () => {
    const { icons } = await search('delete')
    expect(icons.slice(0, 10).every((icon) => named(icon, 'delete', 'trash') || icon.tags.includes('trash'))).toBe(true)
    expect(icons.filter((icon) => named(icon, 'trash')).length).toBeGreaterThanOrEqual(10)
    expect(slugs(icons)).toEqual(expect.arrayContaining(['lucide:trash', 'tabler:trash', 'ph:trash', 'heroicons:trash']))
  })

  it('"settings" finds gears and cogs', async () => {
    const { icons } = await search('settings')
    expect(icons.slice(0, 5).every((icon) => named(icon, 'settings'))).toBe(true)
    expect(icons.filter((icon) => named(icon, 'gear', 'cog')).length).toBeGreaterThanOrEqual(5)
    expect(slugs(icons)).toEqual(expect.arrayContaining(['ph:gear', 'lucide:cog']))
  })

  it('reads a typo that is also a misspelt tag of a few drawings as the word spelt right: "calender" finds what "calendar" finds, "arow left" what "arrow left" does', async () => {
    for (const [typo, right] of [
      ['calender', 'calendar'],
      ['arow left', 'arrow left']
    ] as const) {
      const [typed, spelt] = await Promise.all([search(typo), search(right)])
      expect([typed.suggestion, typed.total], typo).toEqual([right, spelt.total])
      expect(slugs(typed.icons), typo).toEqual(slugs(spelt.icons))
    }
    // A rare word that is no typo loses nothing: 'abode' (a house's tag) is most often 'above', but the house comes first.
    const abode = await search('abode')
    expect([abode.suggestion, slugs(abode.icons)[0]]).toEqual(['above', 'lucide:house-heart'])
    expect(slugs(abode.icons)).toEqual(expect.arrayContaining(slugs((await search('above')).icons)))
  })

  it('puts a correction\'s results first, before what the typo found only by a tag it begins or a near spelling of its own: "hert" is hearts, not hertz or vert', async () => {
    for (const [q, meant] of [
      ['arow', 'arrow'],
      ['arows', 'arrows'],
      ['hert', 'heart'],
      ['mailt', 'mail'],
      ['musc', 'music'],
      ['stas', 'stars']
    ] as const) {
      const result = await search(q, { limit: 8, families_only: true })
      expect(result.suggestion, q).toBe(meant)
      // The correction's own words, or its singular ('stars': star).
      expect(result.icons.filter((icon) => !named(icon, meant, meant.replace(/s$/, ''))).map((icon) => `${icon.iconset}:${icon.slug}`), q).toEqual([])
    }
  })

  it('suggests what a typo was read as, through a misspelt tag ("calander": calendar, not the tag "calender"), and no near word for a word it knows ("grey": not "grab")', async () => {
    const calander = await search('calander')
    expect(calander.suggestion).toBe('calendar')
    expect(slugs(calander.icons)).toEqual(slugs((await search('calendar')).icons))
    const grey = await search('grey')
    expect(grey.suggestion).toBeNull()
    expect(grey.icons.some((icon) => named(icon, 'grab'))).toBe(false)
    expect(slugs(grey.icons)).toContain('twemoji:grey-heart')
  })

  it('finds for a word that finds nothing as typed what the word spelt right finds: "seach" brings magnifying glasses, "profle" people', async () => {
    expect(slugs((await search('seach', { limit: 24 })).icons)).toEqual(expect.arrayContaining(['ph:magnifying-glass', 'heroicons:magnifying-glass']))
    expect(slugs((await search('profle', { limit: 12 })).icons)).toEqual(expect.arrayContaining(['lucide:user', 'ph:user']))
    expect(slugs((await search('lgoin', { limit: 12 })).icons)).toContain('lucide:log-in')
  })

  it('reads a word being typed as the word it most likely is, its other names too: "arr" brings arrows first, "hom" Lucide\'s house, "del" trash cans, but "cal" (calendar, call or calculator) no phones', async () => {
    const hom = slugs((await search('hom', { limit: 24 })).icons)
    expect(hom).toEqual(expect.arrayContaining(['tabler:home', 'lucide:house', 'ph:house']))
    expect(slugs((await search('del', { limit: 24 })).icons)).toEqual(expect.arrayContaining(['lucide:delete', 'lucide:trash', 'tabler:trash']))
    expect((await search('cal', { limit: 48 })).icons.some((icon) => named(icon, 'phone', 'telephone'))).toBe(false)
    // Matched as the word it most likely is, so that word's drawings come first: arrows, not array or arrange.
    expect((await search('arr', { limit: 16 })).icons.every((icon) => named(icon, 'arrow', 'arrows'))).toBe(true)
    expect((await search('del', { limit: 6 })).icons.every((icon) => named(icon, 'delete'))).toBe(true)
  })

  it('"hou" (still typing) finds houses first', async () => {
    const { icons } = await search('hou')
    expect(slugs(icons.slice(0, 5))).toContain('lucide:house')
    expect(icons.slice(0, 20).filter((icon) => named(icon, 'house')).length).toBeGreaterThanOrEqual(5)
  })

  it('"search" finds magnifying glasses', async () => {
    const { icons } = await search('search')
    expect(icons.slice(0, 10).every((icon) => named(icon, 'search'))).toBe(true)
    expect(slugs(icons)).toEqual(expect.arrayContaining(['ph:magnifying-glass', 'fa6-solid:magnifying-glass']))
  })

  it('"user" finds people and accounts', async () => {
    const { icons } = await search('user')
    expect(icons.slice(0, 10).every((icon) => named(icon, 'user'))).toBe(true)
    expect(slugs(icons)).toEqual(expect.arrayContaining(['lucide:user', 'ph:person', 'mdi:account']))
  })

  it('"arrow left" finds left arrows first', async () => {
    const { icons } = await search('arrow left')
    expect(icons.slice(0, 20).every((icon) => named(icon, 'arrow') && named(icon, 'left'))).toBe(true)
    expect(slugs(icons.slice(0, 3))).toContain('lucide:arrow-left')
  })

  it('"close" finds x marks, never crucifixes or ban signs', async () => {
    const { icons } = await search('close', { limit: 24 })
    expect(slugs(icons)).toEqual(expect.arrayContaining(['lucide:x', 'tabler:x', 'ph:x']))
    expect(icons.some((icon) => named(icon, 'cross', 'cancel', 'ban'))).toBe(false)
    for (const [q, first] of [['lucide close', 'lucide:x'], ['phosphor close', 'ph:x']]) {
      expect(slugs((await search(q as string, { limit: 1 })).icons), q).toEqual([first])
    }
  })

  it('"cart", "warning", "info", "note" and "back" find the symbol designers mean before its neighbours', async () => {
    const cart = slugs((await search('cart', { limit: 12 })).icons)
    expect(cart).toEqual(expect.arrayContaining(['lucide:shopping-cart', 'tabler:shopping-cart', 'ph:shopping-cart', 'heroicons:shopping-cart']))
    expect(cart.some((slug) => /basket|trolley/.test(slug))).toBe(false)
    const warning = (await search('warning', { limit: 12 })).icons
    expect(slugs(warning)).toEqual(expect.arrayContaining(['lucide:triangle-alert', 'tabler:alert-triangle', 'heroicons:exclamation-triangle']))
    // A bare exclamation mark is not a warning sign.
    expect(warning.some((icon) => named(icon, 'exclamation') && !named(icon, 'triangle', 'circle'))).toBe(false)
    expect((await search('info', { limit: 12 })).icons.some((icon) => named(icon, 'help', 'question'))).toBe(false)
    expect((await search('note', { limit: 8 })).icons.some((icon) => icon.slug === 'music')).toBe(false)
    expect(slugs((await search('back', { limit: 8 })).icons)).toEqual(expect.arrayContaining(['lucide:arrow-left', 'tabler:arrow-left']))
    expect(slugs((await search('sign up', { limit: 4 })).icons)).toContain('lucide:user-plus')
    expect(slugs((await search('swap', { limit: 8 })).icons)).toEqual(expect.arrayContaining(['lucide:arrow-left-right', 'heroicons:arrows-right-left']))
    expect(slugs((await search('payment', { limit: 12 })).icons)).toEqual(expect.arrayContaining(['lucide:credit-card', 'tabler:credit-card']))
    // Heroicons draws logging out as an arrow leaving a rectangle, logging in as one ending on it.
    const logout = slugs((await search('logout', { limit: 12 })).icons)
    expect(logout).toEqual(expect.arrayContaining(['heroicons:arrow-right-start-on-rectangle', 'heroicons:arrow-right-on-rectangle']))
    expect(logout).not.toContain('heroicons:arrow-left-on-rectangle')
    const login = slugs((await search('login', { limit: 12 })).icons)
    expect(login).toEqual(expect.arrayContaining(['heroicons:arrow-right-end-on-rectangle', 'heroicons:arrow-left-on-rectangle']))
    expect(login).not.toContain('heroicons:arrow-right-on-rectangle')
    // A credit card is no stack of banknotes, though a payment may be either.
    expect(slugs((await search('credit card', { limit: 24 })).icons)).not.toContain('material-symbols:payments')
  })

  it('reads British spellings as icon names spell them: "colour palette" is the color palette, not the colour style', async () => {
    const british = await search('colour palette')
    expect(british.interpreted).toMatchObject({ terms: ['color', 'palette'], style: null })
    expect(slugs(british.icons)).toEqual(slugs((await search('color palette')).icons))
    expect(slugs((await search('grey')).icons)).toContain('twemoji:grey-heart')
    // Names that spell it the British way are found either way.
    for (const q of ['tyre', 'tire']) expect(slugs((await search(q)).icons), q).toContain('mingcute:tyre-line')
    for (const q of ['colour tuning', 'color tuning']) expect((await search(q)).icons.some((icon) => icon.slug.startsWith('colour-tuning')), q).toBe(true)
    // And a word not applied is echoed as typed.
    expect((await search('lucide heart Colour')).interpreted.unapplied).toEqual(['Colour'])
    expect((await search('dustbin', { limit: 8 })).icons.filter((icon) => named(icon, 'trash')).length).toBeGreaterThanOrEqual(4)
  })

  it('"close" finds x marks', async () => {
    const { icons } = await search('close')
    expect(icons.slice(0, 5).every((icon) => named(icon, 'close'))).toBe(true)
    expect(slugs(icons)).toEqual(expect.arrayContaining(['lucide:x', 'tabler:x', 'fluent:dismiss-24-regular']))
  })

  it('"home" finds houses too', async () => {
    const { icons } = await search('home')
    expect(icons.slice(0, 5).every((icon) => named(icon, 'home'))).toBe(true)
    expect(slugs(icons)).toEqual(expect.arrayContaining(['lucide:house', 'ph:house']))
  })

  it('"home" shows every set\'s house before a brand\'s mark the thesaurus names with it: Simple Icons\' Homepage logo is no house', async () => {
    const { icons } = await search('home', { limit: 24 })
    expect(slugs(icons)).toEqual(expect.arrayContaining(['lucide:house', 'ph:house', 'bi:house', 'fa6-solid:house']))
    expect(icons.filter((icon) => icon.style === 'logo')).toEqual([])
    // Named by its own name, a mark still comes first.
    expect((await search('homepage', { limit: 1 })).icons.map((icon) => icon.slug)).toEqual(['homepage'])
  })

  it('"bell" brings no warning triangle and "moon" no person in a dark skin tone, though "alert" and "dark" find bells and moons', async () => {
    // Alone, alert names warnings too (mdi:alert is a triangle) and dark a skin tone: they find the symbol, it does not find them.
    const bell = await search('bell')
    expect(bell.icons.slice(0, 24).filter((icon) => !named(icon, 'bell', 'notification', 'notifications'))).toEqual([])
    const moon = await search('moon', { limit: 96 })
    expect(moon.icons.filter((icon) => icon.slug.includes('skin-tone'))).toEqual([])
    expect(moon.total).toBeLessThan(400)
    expect(slugs((await search('alert')).icons)).toEqual(expect.arrayContaining(['lucide:bell']))
    expect(slugs((await search('dark')).icons)).toEqual(expect.arrayContaining(['lucide:moon']))
  })

  it('"bell" finds the bell of a set that names it otherwise: Fluent\'s alert, Material Symbols\' notifications', async () => {
    const fluent = await search('bell', { iconset: ['fluent'] })
    expect(slugs(fluent.icons).slice(0, 2)).toEqual(['fluent:service-bell-24-regular', 'fluent:alert-24-regular'])
    const material = await search('bell', { iconset: ['material-symbols'] })
    expect(slugs(material.icons)[0]).toBe('material-symbols:notifications')
  })

  it('"warning" finds the warning triangle of sets that name it alert, and "menu" Octicons\' three-bars on the first page', async () => {
    for (const [set, slug] of [['octicon', 'octicon:alert-24'], ['ri', 'ri:alert-line'], ['mingcute', 'mingcute:alert-line']]) {
      expect(slugs((await search('warning', { iconset: [set as string] })).icons)).toContain(slug)
    }
    expect(slugs((await search('menu')).icons)).toContain('octicon:three-bars-24')
  })

  it('"send" brings paper planes before shares; "bell" RemixIcon\'s bell it names notification, but not Phosphor\'s dotted square', async () => {
    // Only upstream tags that say 'send' bring a share, after the planes.
    expect((await search('send', { limit: 24 })).icons.filter((icon) => icon.family === 'share')).toEqual([])
    expect(slugs((await search('bell', { iconset: ['ri'] })).icons)).toContain('ri:notification-line')
    expect(slugs((await search('bell')).icons)).not.toContain('ph:notification')
  })

  it('"heart" in solid gives filled hearts only', async () => {
    const { icons } = await search('heart', { style: 'solid' })
    expect(icons.length).toBeGreaterThan(10)
    expect(icons.every((icon) => icon.style === 'solid')).toBe(true)
    expect(icons.slice(0, 5).every((icon) => named(icon, 'heart'))).toBe(true)
  })

  it('"github" in logo gives the brand marks', async () => {
    const { icons } = await search('github', { style: 'logo' })
    expect(slugs(icons.slice(0, 4))).toEqual(expect.arrayContaining(['simple-icons:github', 'fa6-brands:github']))
  })

  it('"edit" finds pencils', async () => {
    const { icons } = await search('edit')
    expect(icons.slice(0, 5).every((icon) => named(icon, 'edit'))).toBe(true)
    expect(slugs(icons)).toEqual(expect.arrayContaining(['lucide:pencil', 'ph:pencil']))
  })

  it('"more" finds dots and ellipses', async () => {
    const { icons } = await search('more')
    expect(icons.filter((icon) => named(icon, 'dots', 'ellipsis')).length).toBeGreaterThanOrEqual(5)
  })

  it('"trash can" finds trash cans first', async () => {
    const { icons } = await search('trash can')
    expect(icons.slice(0, 5).every((icon) => named(icon, 'trash'))).toBe(true)
  })

  it('puts a name that begins with the word before one that ends with it: "tabler user" shows users with a check or a plus before calendars with a user on them', async () => {
    const users = slugs((await search('tabler user')).icons)
    for (const added of ['tabler:calendar-user', 'tabler:folder-user', 'tabler:message-user']) {
      expect(users.indexOf('tabler:user-check'), added).toBeLessThan(users.indexOf(added))
      expect(users.indexOf('tabler:user-plus'), added).toBeLessThan(users.indexOf(added))
    }
    const toggles = slugs((await search('toggle')).icons)
    expect(toggles.indexOf('tabler:toggle-left')).toBeGreaterThanOrEqual(0)
    expect(toggles.indexOf('tabler:toggle-left')).toBeLessThan(toggles.indexOf('tabler:history-toggle'))
  })

  it('"smile" brings each set\'s smiling face before calendars and files with a smile on them', async () => {
    const smile = slugs((await search('smile', { limit: 12 })).icons)
    expect(smile).toEqual(expect.arrayContaining(['heroicons:face-smile', 'tabler:mood-smile', 'bi:emoji-smile', 'ph:smiley', 'lucide:face-slightly-smiling']))
    expect(smile).not.toContain('tabler:calendar-smile')
  })

  it('"card" brings the credit cards each set draws right after the plain cards', async () => {
    const card = slugs((await search('card', { limit: 16 })).icons)
    expect(card).toEqual(expect.arrayContaining(['lucide:credit-card', 'tabler:credit-card', 'ph:credit-card', 'heroicons:credit-card']))
  })

  it('"weather" brings the sun behind a cloud as each set names it, beside clouds', async () => {
    const weather = slugs((await search('weather', { limit: 24 })).icons)
    expect(weather).toEqual(expect.arrayContaining(['lucide:cloud-sun', 'ph:cloud-sun', 'material-symbols:partly-cloudy-day', 'mdi:weather-partly-cloudy', 'lucide:cloud']))
  })

  it('"loading" brings spinners before a truck being loaded', async () => {
    const loading = slugs((await search('loading')).icons)
    for (const spinner of ['lucide:loader', 'tabler:loader', 'ph:spinner', 'fa6-solid:spinner']) {
      expect(loading.indexOf(spinner), spinner).toBeGreaterThanOrEqual(0)
      expect(loading.indexOf(spinner), spinner).toBeLessThan(loading.indexOf('tabler:truck-loading'))
    }
  })

  it('"chart" brings bar, line and pie charts first, not network graphs or flow diagrams; "graph" and "diagram" still find charts', async () => {
    const chart = (await search('chart', { limit: 24 })).icons
    expect(chart.every((icon) => icon.slug.includes('chart')), slugs(chart).join(' ')).toBe(true)
    expect(slugs(chart)).toEqual(expect.arrayContaining(['lucide:chart-bar', 'tabler:chart-bar', 'ph:chart-bar', 'heroicons:chart-bar']))
    for (const word of ['graph', 'diagram']) expect(slugs((await search(word)).icons), word).toContain('lucide:chart-bar')
  })

  it('"load" alone brings the spinners first, and load balancers after; "loading" brings no load balancer', async () => {
    const load = slugs((await search('load')).icons)
    for (const spinner of ['lucide:loader', 'tabler:loader', 'ph:spinner', 'mdi:loading']) {
      expect(load.indexOf(spinner), spinner).toBeGreaterThanOrEqual(0)
      expect(load.indexOf(spinner), spinner).toBeLessThan(load.indexOf('tabler:load-balancer'))
    }
    expect(slugs((await search('loading')).icons).filter((slug) => slug.includes('load-balancer'))).toEqual([])
  })

  it('"twemoji heart" starts with the red heart, the emoji a heart is; "heart" keeps every set\'s heart first', async () => {
    expect(slugs((await search('twemoji heart', { limit: 1 })).icons)).toEqual(['twemoji:red-heart'])
    expect(slugs((await search('heart', { limit: 8 })).icons).every((slug) => slug.split(':')[1]?.startsWith('heart'))).toBe(true)
  })

  it('an emoji in its skin tones is one family: "ok hand" is one tile, its five tones its variants, and a tone asked for is found', async () => {
    const response = await fetch(searchUrl(service.url, { q: 'ok hand', families_only: true }))
    const okHand = (await response.json()) as SearchResult
    // The emoji once, and MDI's hand-okay, the same sign by another name.
    expect(okHand.families).toBe(2)
    expect(okHand.icons).toMatchObject([
      { iconset: 'twemoji', slug: 'ok-hand', family: 'ok-hand', variant_count: 6 },
      { iconset: 'mdi', slug: 'hand-okay' }
    ])
    expect(slugs((await search('thumbs up', { limit: 48 })).icons).filter((slug) => slug.includes('skin-tone'))).toEqual([])
    expect((await search('ok hand dark skin tone', { limit: 1 })).icons[0]).toMatchObject({ iconset: 'twemoji', slug: 'ok-hand-dark-skin-tone' })
  })

  it('a pair of people in two skin tones is a drawing of the pair: one family, named without its tones', async () => {
    const response = await fetch(searchUrl(service.url, { q: 'couple with heart man man', iconset: ['twemoji'], families_only: true }))
    const couples = (await response.json()) as SearchResult
    expect(couples.icons.map((icon) => icon.family)).toEqual(['couple-with-heart-man-man', 'couple-with-heart-woman-man'])
    const twoTones = (await (await fetch(`${service.url}/iconsets/twemoji/couple-with-heart-man-man-light-skin-tone-dark-skin-tone`)).json()) as IconDetail
    // The pair without a tone, in each of the five tones and in the twenty pairs of two: 26 drawings.
    expect(twoTones).toMatchObject({ name: 'Couple with heart man man', family: 'couple-with-heart-man-man', variant_count: 26 })
  })

  it('lets the sets take turns of four among equally good matches: "bolt" shows other sets\' lightning bolts before most of Tabler\'s bells and baskets with a bolt', async () => {
    const first = (await search('bolt')).icons.slice(0, 24)
    expect(slugs(first)).toEqual(expect.arrayContaining(['mdi:lightning-bolt', 'fa6-solid:bolt-lightning', 'heroicons:bolt-slash', 'material-symbols:electric-bolt']))
    // Its own bolt, then four variations a turn: Tabler has some forty.
    expect(first.filter((icon) => icon.iconset === 'tabler').length).toBeLessThanOrEqual(6)
  })

  it('keeps a set\'s turn together: "arrow" starts with Lucide\'s four directions, then Tabler\'s, and its first page spans six sets', async () => {
    const first = (await search('arrow')).icons.slice(0, 24)
    expect(slugs(first.slice(0, 4))).toEqual(['lucide:arrow-down', 'lucide:arrow-left', 'lucide:arrow-right', 'lucide:arrow-up'])
    expect(first.slice(4, 8).every((icon) => icon.iconset === 'tabler')).toBe(true)
    expect(new Set(first.map((icon) => icon.iconset)).size).toBe(6)
  })

  it('puts every set\'s exact name first: a name that repeats the word (check-check, square-square) is not the word\'s whole name', async () => {
    for (const [q, doubled] of [
      ['check', 'lucide:check-check'],
      ['square', 'lucide:square-square'],
      ['circle', 'material-symbols:circle-circle']
    ] as const) {
      const { icons } = await search(q, { limit: 48 })
      const exact = icons.slice(0, icons.findLastIndex((icon) => icon.family === q) + 1)
      expect(exact.length, q).toBeGreaterThanOrEqual(12)
      expect(slugs(exact), q).not.toContain(doubled)
    }
  })

  it('fills a set\'s turns with the names most sets draw: "chevron" and "arrow" show each set\'s four directions before its rarer names', async () => {
    const direction = /^(chevron|arrow)-(down|left|right|up)($|-)/
    const turnsOf = (icons: IconSummary[], iconset: string) => icons.filter((icon) => icon.iconset === iconset).map((icon) => icon.slug)
    // Lucide names its chevrons down, first, last, left, right, up: first and last (two sets draw them) wait for every set's directions.
    const chevrons = (await search('chevron', { limit: 48 })).icons
    expect(turnsOf(chevrons, 'lucide').slice(0, 4)).toEqual(['chevron-down', 'chevron-left', 'chevron-right', 'chevron-up'])
    expect(chevrons.findIndex((icon) => icon.slug === 'chevron-first')).toBeGreaterThan(chevrons.findLastIndex((icon) => direction.test(icon.slug) && icon.iconset !== 'lucide'))
    // Tabler's arrow-back, arrow-bounce and arrow-capsule come before arrow-down by name; no longer on the first page.
    const arrows = (await search('arrow', { limit: 48 })).icons
    for (const iconset of ['tabler', 'ph', 'mdi', 'fluent']) expect(turnsOf(arrows, iconset).every((slug) => direction.test(slug)), iconset).toBe(true)
  })

  it('puts names that point only the way asked before those that point elsewhere too: "arrow right", "chevron up", "thumbs up"', async () => {
    const pointsAlso = { 'arrow right': /(^|-)(up|down|left|top|bottom)(-|$)/, 'chevron up': /(^|-)(down|left|right|bottom)(-|$)/, 'thumbs up': /(^|-)down(-|$)/ }
    for (const [q, elsewhere] of Object.entries(pointsAlso)) {
      const { icons, families } = await search(q, { limit: 96 })
      // Names of the query's words and one more, such as arrow-big-right and arrow-down-right: those pointing elsewhere come last.
      const oneMore = icons
        .slice(0, families)
        .filter((icon) => icon.family.split('-').length === q.split(' ').length + 1 && q.split(' ').every((word) => icon.family.split('-').includes(word)))
        .map((icon) => elsewhere.test(icon.family))
      expect(oneMore.length, q).toBeGreaterThan(0)
      expect(oneMore, q).toEqual([...oneMore].sort())
    }
    // Lucide's and Tabler's diagonals, which came in the first rows of 'arrow right', are below every set's horizontal arrows.
    const arrows = (await search('arrow right', { limit: 40 })).icons.map((icon) => `${icon.iconset}:${icon.slug}`)
    for (const diagonal of ['lucide:arrow-down-right', 'lucide:arrow-up-right', 'tabler:arrow-up-right']) expect(arrows).not.toContain(diagonal)
    expect(arrows).toEqual(expect.arrayContaining(['lucide:arrow-big-right', 'tabler:arrow-right-circle', 'heroicons:arrow-long-right']))
  })

  it('keeps the turns within a style: "arrow" in Solid comes four of a set at a time too, its sets in their order', async () => {
    const first = (await search('arrow', { style: 'solid', limit: 16 })).icons
    const turns = [0, 4, 8, 12].map((at) => new Set(first.slice(at, at + 4).map((icon) => icon.iconset)))
    expect(turns.every((sets) => sets.size === 1)).toBe(true)
    expect(turns.map((sets) => [...sets][0])).toEqual(['ph', 'heroicons', 'material-symbols', 'mdi'])
  })
})

describe('two words that name one symbol', () => {
  const rankOf = (icons: IconSummary[], slug: string): number => slugs(icons).indexOf(slug)

  it('find the symbol when its icons are named by one of the words ("trash can", "trash bin", "play button")', async () => {
    // Nothing in lucide:trash says 'can', and 'can' is no longer the start of 'cancel' (x marks).
    const trashCan = await search('trash can', { limit: 24 })
    expect(slugs(trashCan.icons)).toEqual(expect.arrayContaining(['lucide:trash', 'ph:trash', 'heroicons:trash']))
    expect(trashCan.icons.slice(0, 12).every((icon) => named(icon, 'trash'))).toBe(true)
    expect(rankOf((await search('trash bin')).icons, 'lucide:trash')).toBeLessThan(8)
    const play = await search('play button', { limit: 8 })
    expect(slugs(play.icons)).toEqual(expect.arrayContaining(['lucide:play', 'ph:play', 'mdi:play']))
  })

  it('find the symbol a phrase of the thesaurus names ("hamburger menu", "sign in")', async () => {
    const menu = await search('hamburger menu', { limit: 8 })
    expect(slugs(menu.icons)).toContain('lucide:menu')
    expect(menu.icons.every((icon) => named(icon, 'menu'))).toBe(true)
    const signIn = await search('sign in', { limit: 8 })
    expect(signIn.icons.every((icon) => named(icon, 'sign', 'login', 'log', 'signin'))).toBe(true)
    expect(slugs(signIn.icons)).toEqual(expect.arrayContaining(['lucide:log-in', 'tabler:login']))
    // Map pins of every set, not Tabler's bells and baskets whose tags say they carry a location pin.
    const pins = (await search('location pin', { limit: 24 })).icons
    expect(slugs(pins)).toEqual(expect.arrayContaining(['lucide:map-pin', 'ph:map-pin', 'heroicons:map-pin', 'mdi:map-marker', 'tabler:location-pin']))
    expect(slugs(pins)).not.toContain('tabler:bell-pin')
  })

  it('rank a set\'s whole name for the symbol with the other sets\' (location: map pin, warning: triangle alert)', async () => {
    const location = await search('location')
    for (const id of ['lucide:map-pin', 'tabler:map-pin', 'heroicons:map-pin']) {
      expect(rankOf(location.icons, id), id).toBeGreaterThanOrEqual(0)
      expect(rankOf(location.icons, id), id).toBeLessThan(16)
    }
    const warning = await search('warning')
    expect(rankOf(warning.icons, 'lucide:triangle-alert')).toBeGreaterThanOrEqual(0)
    expect(rankOf(warning.icons, 'lucide:triangle-alert')).toBeLessThan(12)
  })

  it('bring the symbol for a word that alone also names other drawings, but not those drawings for the symbol', async () => {
    // A pushpin and a highlighter are no location, a burger no menu, a recording dot no microphone.
    const location = slugs((await search('location')).icons)
    expect(location).not.toContain('lucide:pin')
    expect(location).not.toContain('mdi:marker')
    const menu = await (await fetch(searchUrl(service.url, { q: 'menu', iconset: ['ph'] }))).json() as SearchResult
    expect(slugs(menu.icons)).not.toContain('ph:hamburger')
    expect(slugs(menu.icons)[0]).toBe('ph:list')
    expect(slugs((await search('hamburger menu')).icons)).not.toContain('ph:hamburger')
    expect(slugs((await search('mic')).icons)).not.toContain('ph:record')
    // The other way, each still finds the symbol beside its own drawings.
    expect(slugs((await search('hamburger')).icons)).toEqual(expect.arrayContaining(['lucide:menu', 'ph:hamburger']))
    expect(slugs((await search('pin')).icons)).toEqual(expect.arrayContaining(['lucide:pin', 'tabler:location']))
  })

  it('find the sets that name a symbol with a number or a frame in its name by what it is for', async () => {
    const cases: Array<[string, string[]]> = [
      ['settings', ['heroicons:cog-6-tooth']],
      ['menu', ['heroicons:bars-3']],
      ['edit', ['heroicons:pencil-square', 'lucide:square-pen', 'fa6-solid:pen-to-square']]
    ]
    for (const [q, ids] of cases) {
      const found = slugs((await search(q)).icons)
      for (const id of ids) {
        expect(found.indexOf(id), `${q}: ${id}`).toBeGreaterThanOrEqual(0)
        expect(found.indexOf(id), `${q}: ${id}`).toBeLessThan(48)
      }
    }
  })

  it('find each set\'s name for the ban sign and the small caret: "ban" brings prohibit, "caret down" menu-down and arrow-drop-down', async () => {
    const cases: Array<[string, string[]]> = [
      ['ban', ['ph:prohibit', 'fluent:prohibited-24-regular', 'heroicons:no-symbol', 'octicon:circle-slash-24']],
      ['caret down', ['mdi:menu-down', 'material-symbols:arrow-drop-down']]
    ]
    for (const [q, ids] of cases) {
      const found = slugs((await search(q, { families_only: true })).icons)
      for (const id of ids) expect(found.indexOf(id), `${q}: ${id}`).toBeGreaterThanOrEqual(0)
    }
  })

  it('do not let one name of a symbol answer for both words ("chat bubble" is no bubble tea)', async () => {
    const { icons } = await search('chat bubble')
    expect(icons.slice(0, 24).every((icon) => named(icon, 'chat', 'message', 'comment', 'conversation'))).toBe(true)
    expect(slugs(icons)).not.toContain('tabler:bubble-tea')
    // After the sets' whole-name chat bubbles (Phosphor's chat-circle among them), still on the first screen of results.
    expect(rankOf(icons, 'heroicons:chat-bubble-left')).toBeGreaterThanOrEqual(0)
    expect(rankOf(icons, 'heroicons:chat-bubble-left')).toBeLessThan(32)
  })

  it('read a short word beside others whole ("sign in" is not "indian", "trash can" not "cancel")', async () => {
    const signIn = await search('sign in')
    expect(signIn.icons.some((icon) => named(icon, 'indian', 'intersection'))).toBe(false)
    const trashCan = await search('trash can')
    // Not on the first two pages: far down, Tabler's x comes through its tag delete, a name of the trash can.
    expect(trashCan.icons.slice(0, 48).some((icon) => named(icon, 'cancel', 'x') && !named(icon, 'trash'))).toBe(false)
  })

  it('still complete the last word while it is being typed ("trash c", "arrow d", "map pi")', async () => {
    for (const [typed, wanted] of [
      ['trash c', 'mdi:trash-can'],
      ['arrow d', 'lucide:arrow-down'],
      ['map pi', 'lucide:map-pin'],
      ['credit car', 'lucide:credit-card']
    ]) {
      const { icons } = await search(typed as string, { limit: 8 })
      expect(slugs(icons), typed).toContain(wanted)
    }
  })

  it('find each set\'s own name for a media button: "volume up", "next track", "previous track", "heart rate"', async () => {
    for (const [query, wanted] of [
      ['volume up', ['material-symbols:volume-up', 'mdi:volume-high', 'fa6-solid:volume-high', 'ph:speaker-high', 'heroicons:speaker-wave']],
      ['volume down', ['material-symbols:volume-down', 'mdi:volume-low', 'ph:speaker-low']],
      ['next track', ['lucide:skip-forward', 'mdi:skip-next', 'fa6-solid:forward-step', 'tabler:player-track-next', 'ph:skip-forward']],
      ['previous track', ['lucide:skip-back', 'mdi:skip-previous', 'fa6-solid:backward-step', 'tabler:player-track-prev']],
      ['heart rate', ['lucide:heart-pulse', 'fa6-solid:heart-pulse', 'ph:heartbeat', 'tabler:heartbeat']],
      ['video call', ['material-symbols:video-call', 'ph:video-conference', 'carbon:video-chat']]
    ] as const) {
      const { icons } = await search(query, { limit: 24 })
      expect(slugs(icons), query).toEqual(expect.arrayContaining([...wanted]))
    }
  })

  it('read two words of one thesaurus group as its symbol ("burger menu"), and "back button" as a back arrow, not undo', async () => {
    const burger = await search('burger menu', { limit: 8 })
    expect(slugs(burger.icons)).toContain('lucide:menu')
    const back = await search('back button', { limit: 8 })
    expect(back.icons.every((icon) => named(icon, 'left', 'back'))).toBe(true)
    expect(back.icons.some((icon) => named(icon, 'undo'))).toBe(false)
  })
})
