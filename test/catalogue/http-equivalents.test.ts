/**
 * GET /iconsets/{iconset}/equivalents over real HTTP with the real icon data: each icon's likeliest
 * equivalent in another set, in the closest style, with a confidence and how it was found; misses
 * said plainly; bad requests answered with problems. The quality check moves thirty-odd everyday
 * Lucide icons to Phosphor and to Tabler and holds every confident match to the right icon.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IconEquivalents, type Equivalent, type IconSetDetail, type Problem } from '../../src/api/catalogue-schemas'
import { equivalentsUrl, iconsetUrl } from '../../src/api/catalogue-urls'
import { MAX_EQUIVALENT_ICONS } from '../../src/api/limits'
import { startCatalogue, type RunningCatalogue } from '../support/catalogue'
import { getJson, openapiValidator } from './http-client'

let service: RunningCatalogue
let check: Awaited<ReturnType<typeof openapiValidator>>

beforeAll(async () => {
  service = await startCatalogue({ data: 'full' })
  check = await openapiValidator(service.url)
})

afterAll(async () => {
  await service.close()
})

const lucide = (...slugs: string[]) => slugs.map((icon) => ({ iconset: 'lucide', icon }))

async function equivalents(target: string, slugs: readonly string[]): Promise<IconEquivalents> {
  return equivalentsOf(target, lucide(...slugs))
}

/** The same for icons of any set. */
async function equivalentsOf(target: string, icons: ReadonlyArray<{ iconset: string; icon: string }>): Promise<IconEquivalents> {
  const url = equivalentsUrl(service.url, target, icons)
  const body = await getJson<IconEquivalents>(url)
  check(url, 200, 'application/json', body)
  return body
}

/** Icons by their ids: `ph:house`. */
const ids = (...names: string[]) => names.map((id) => ({ iconset: id.slice(0, id.indexOf(':')), icon: id.slice(id.indexOf(':') + 1) }))

async function problemAt(url: string): Promise<{ status: number; problem: Problem }> {
  const response = await fetch(url)
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
  const problem = (await response.json()) as Problem
  check(url, response.status, response.headers.get('content-type'), problem)
  return { status: response.status, problem }
}

const slugOf = (equivalent: Equivalent | null) => (equivalent === null ? null : equivalent.icon.slug)

/** What each icon (by id: `lucide:house`) becomes in `target`: its match's slug, or null for a miss. */
const slugsIn = async (target: string, from: string[]) => (await equivalentsOf(target, ids(...from))).equivalents.map((entry) => slugOf(entry.match))

/** The same, as the match's family: the symbol, whatever its style and size. */
const familiesIn = async (target: string, from: string[]) =>
  (await equivalentsOf(target, ids(...from))).equivalents.map((entry) => entry.match?.icon.family ?? null)

describe('GET /iconsets/{iconset}/equivalents', () => {
  it('answers each icon, in request order, with its match, a confidence, how it was found and alternatives', async () => {
    const body = await equivalents('ph', ['house', 'settings', 'search'])
    expect(body).toMatchObject({ iconset: 'ph', total: 3, matched: 3 })
    expect(body.equivalents.map((entry) => entry.source)).toEqual(['lucide:house', 'lucide:settings', 'lucide:search'])
    const [house, settings, search] = body.equivalents
    expect(house?.match).toMatchObject({ confidence: 1, matched_by: 'name', icon: { iconset: 'ph', slug: 'house' } })
    expect(settings?.match).toMatchObject({ matched_by: 'synonym', icon: { slug: 'gear' } })
    expect(search?.match).toMatchObject({ matched_by: 'synonym', icon: { slug: 'magnifying-glass' } })
    for (const entry of body.equivalents) {
      expect(entry.alternatives.length).toBeGreaterThan(0)
      expect(entry.alternatives.length).toBeLessThanOrEqual(3)
      const confidences = [entry.match, ...entry.alternatives].map((equivalent) => equivalent?.confidence ?? 0)
      expect(confidences).toEqual([...confidences].sort((a, b) => b - a))
      expect(entry.alternatives.map((alternative) => alternative.icon.family)).not.toContain(entry.match?.icon.family)
    }
  })

  it('prefers another name of the whole symbol to a framed drawing, and trusts a synonym the source\'s tags name: x, bell, copy, external link', async () => {
    const matches = async (target: string, slugs: string[]) => (await equivalents(target, slugs)).equivalents.map((entry) => slugOf(entry.match))
    // Heroicons' x-mark is the X; x-circle is an X in a circle. Lucide's x is tagged 'close', Material's close only by its category.
    expect(await matches('heroicons', ['x', 'copy', 'external-link'])).toEqual(['x-mark', 'document-duplicate', 'arrow-top-right-on-square'])
    expect(await matches('material-symbols', ['x', 'bell', 'external-link'])).toEqual(['close-outline', 'notifications-outline', 'open-in-new-outline'])
    expect(await matches('ph', ['external-link'])).toEqual(['arrow-square-out'])
  })

  it('knows a set that names a symbol its own way: Phosphor\'s chevrons are carets, both ways, and Tabler\'s caret is a triangle', async () => {
    expect((await equivalents('ph', ['chevron-down', 'chevrons-up'])).equivalents.map((entry) => entry.match)).toMatchObject([
      { icon: { slug: 'caret-down' }, confidence: 1, matched_by: 'name' },
      { icon: { slug: 'caret-double-up' }, confidence: 1, matched_by: 'name' }
    ])
    const fromPhosphor = async (target: string, slugs: string[]) =>
      (await equivalentsOf(target, slugs.map((icon) => ({ iconset: 'ph', icon })))).equivalents.map((entry) => slugOf(entry.match))
    expect(await fromPhosphor('lucide', ['caret-down', 'caret-double-left'])).toEqual(['chevron-down', 'chevrons-left'])
    expect(await fromPhosphor('tabler', ['caret-down'])).toEqual(['chevron-down'])
    // In a name of more words, which other sets may write in another order: a chevron in a circle, not a triangle in one, nor one pointing up.
    expect(await fromPhosphor('tabler', ['caret-circle-down', 'caret-circle-left'])).toEqual(['circle-chevron-down', 'circle-chevron-left'])
    expect(await fromPhosphor('lucide', ['caret-circle-down'])).toEqual(['circle-chevron-down'])
    expect(await fromPhosphor('mdi', ['caret-circle-left'])).toEqual(['chevron-left-circle-outline'])
  })

  it('picks the target style closest to the source: Lucide outline becomes Phosphor regular, a Phosphor fill becomes Tabler filled', async () => {
    const outline = await equivalents('ph', ['heart'])
    expect(outline.equivalents[0]?.match?.icon).toMatchObject({ slug: 'heart', style: 'outline' })
    const url = equivalentsUrl(service.url, 'tabler', [{ iconset: 'ph', icon: 'heart-fill' }])
    const solid = await getJson<IconEquivalents>(url)
    expect(solid.equivalents[0]?.match?.icon).toMatchObject({ slug: 'heart-filled', style: 'solid' })
  })

  it('reports a miss as a null match, with the closest families it found as alternatives', async () => {
    const body = await equivalents('heroicons', ['house', 'message-circle'])
    expect(body).toMatchObject({ total: 2, matched: 1 })
    expect(body.equivalents[1]).toMatchObject({ source: 'lucide:message-circle', match: null })
  })

  it('names each distinct icon once and finds an icon by any of its names', async () => {
    const body = await equivalents('tabler', ['home', 'home', 'house'])
    expect(body.equivalents.map((entry) => [entry.source, slugOf(entry.match)])).toEqual([
      ['lucide:home', 'home'],
      ['lucide:house', 'home']
    ])
  })

  it('answers the same request from its cache with the same body and an ETag', async () => {
    const url = equivalentsUrl(service.url, 'ph', lucide('star', 'moon'))
    const first = await fetch(url)
    const second = await fetch(url, { headers: { 'if-none-match': first.headers.get('etag') ?? '' } })
    expect(first.status).toBe(200)
    expect(second.status).toBe(304)
  })
})

describe('bad requests are problems', () => {
  it('an unknown target set is a 404', async () => {
    const { status, problem } = await problemAt(equivalentsUrl(service.url, 'nope', lucide('house')))
    expect(status).toBe(404)
    expect(problem.code).toBe('iconset_not_found')
  })

  it('answers an icon it does not have, of an unknown set or renamed, as unknown, and the others as usual', async () => {
    // A selection may hold icons of another catalogue or of an older version of a set: the rest still move.
    const url = equivalentsUrl(service.url, 'ph', [{ iconset: 'nope', icon: 'house' }, ...lucide('no-such-icon', 'house')])
    const body = await getJson<IconEquivalents>(url)
    check(url, 200, 'application/json', body)
    expect(body).toMatchObject({ iconset: 'ph', total: 3, matched: 1 })
    expect(body.equivalents.map(({ source, known, match, alternatives }) => [source, known, slugOf(match), alternatives.length])).toEqual([
      ['nope:house', false, null, 0],
      ['lucide:no-such-icon', false, null, 0],
      ['lucide:house', true, 'house', body.equivalents[2]?.alternatives.length]
    ])
    expect(body.equivalents[2]?.alternatives.length).toBeGreaterThan(0)
  })

  it(`more than ${MAX_EQUIVALENT_ICONS} icons, none, or one that is not set:icon is a 400`, async () => {
    const many = Array.from({ length: MAX_EQUIVALENT_ICONS + 1 }, (_, index) => ({ iconset: 'lucide', icon: `house-${index}` }))
    expect(await problemAt(equivalentsUrl(service.url, 'ph', many))).toMatchObject({ status: 400, problem: { code: 'too_many_icons' } })
    expect(await problemAt(`${service.url}/iconsets/ph/equivalents`)).toMatchObject({ status: 400, problem: { code: 'invalid_icons' } })
    expect(await problemAt(`${service.url}/iconsets/ph/equivalents?icons=,`)).toMatchObject({ status: 400, problem: { code: 'invalid_icons' } })
    expect(await problemAt(`${service.url}/iconsets/ph/equivalents?icons=house`)).toMatchObject({ status: 400, problem: { code: 'invalid_icons' } })
    // A value too long to be ids says so, whether it holds too many or one far too long.
    const tooLong = await problemAt(`${service.url}/iconsets/ph/equivalents?icons=lucide:${'a'.repeat(MAX_EQUIVALENT_ICONS * 100)}`)
    expect(tooLong).toMatchObject({ status: 400, problem: { code: 'invalid_icons' } })
    const manyInOne = Array.from({ length: MAX_EQUIVALENT_ICONS + 1 }, (_, index) => `lucide:${'a'.repeat(90)}-${index}`).join(',')
    expect(await problemAt(`${service.url}/iconsets/ph/equivalents?icons=${manyInOne}`)).toMatchObject({ status: 400, problem: { code: 'too_many_icons' } })
    // Repeats count, in one value as when repeated.
    const sameInOne = Array.from({ length: MAX_EQUIVALENT_ICONS + 1 }, () => 'lucide:house').join(',')
    expect(await problemAt(`${service.url}/iconsets/ph/equivalents?icons=${sameInOne}`)).toMatchObject({ status: 400, problem: { code: 'too_many_icons' } })
  })

  it(`answers other requests while it finds the equivalents of ${MAX_EQUIVALENT_ICONS} icons, rather than hold them until it is done`, async () => {
    // Icons not asked for before: each costs a few searches of Phosphor, tens of ms in all.
    const { icons } = await getJson<IconSetDetail>(iconsetUrl(service.url, 'lucide'))
    const many = lucide(...icons.slice(200, 200 + MAX_EQUIVALENT_ICONS).map((icon) => icon.slug))
    const answered = async (url: string): Promise<number> => {
      const response = await fetch(url)
      expect(response.status, url).toBe(200)
      await response.arrayBuffer()
      return performance.now()
    }
    const equivalents = answered(equivalentsUrl(service.url, 'ph', many))
    // Sent once the equivalents are under way (they take 40-120 ms here).
    await new Promise((resolve) => setTimeout(resolve, 20))
    const [healthzAt, equivalentsAt] = await Promise.all([answered(`${service.url}/healthz`), equivalents])
    // Held, it would come in the same turn as the equivalents (well under a ms apart); answered
    // between two slices of the work (5 ms each), it comes the rest of the work before them.
    expect(equivalentsAt - healthzAt).toBeGreaterThan(5)
  })

  it('is documented in the OpenAPI document, with an example answer', async () => {
    const document = (await (await fetch(`${service.url}/openapi.json`)).json()) as {
      paths: Record<string, { get?: { parameters?: Array<{ name: string }> } }>
      components: { schemas: Record<string, { examples?: unknown[] }> }
    }
    const operation = document.paths['/iconsets/{iconset}/equivalents']?.get
    expect(operation?.parameters?.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['iconset', 'icons']))
    expect(JSON.stringify(document)).toContain('"matched_by"')
    // The example is the answer itself, served from icons.example: it cannot drift from what the service says.
    const [example] = (IconEquivalents as { examples?: unknown[] }).examples ?? []
    const answer = JSON.stringify(await equivalents('ph', ['settings'])).replaceAll(service.url, 'https://icons.example')
    expect(JSON.parse(answer)).toEqual(example)
    expect(JSON.stringify(document)).toContain(JSON.stringify(example))
  })
})

/**
 * Everyday Lucide icons and the icon a designer would pick by hand in each set. A match at 0.8 or
 * more must be that icon; and most of the list must be matched at that confidence.
 */
const BY_HAND: Record<string, { ph: string; tabler: string }> = {
  house: { ph: 'house', tabler: 'home' },
  user: { ph: 'user', tabler: 'user' },
  settings: { ph: 'gear', tabler: 'settings' },
  trash: { ph: 'trash', tabler: 'trash' },
  'trash-2': { ph: 'trash', tabler: 'trash' },
  search: { ph: 'magnifying-glass', tabler: 'search' },
  x: { ph: 'x', tabler: 'x' },
  plus: { ph: 'plus', tabler: 'plus' },
  minus: { ph: 'minus', tabler: 'minus' },
  check: { ph: 'check', tabler: 'check' },
  heart: { ph: 'heart', tabler: 'heart' },
  star: { ph: 'star', tabler: 'star' },
  bell: { ph: 'bell', tabler: 'bell' },
  mail: { ph: 'envelope', tabler: 'mail' },
  calendar: { ph: 'calendar', tabler: 'calendar' },
  clock: { ph: 'clock', tabler: 'clock' },
  camera: { ph: 'camera', tabler: 'camera' },
  image: { ph: 'image', tabler: 'photo' },
  lock: { ph: 'lock', tabler: 'lock' },
  eye: { ph: 'eye', tabler: 'eye' },
  'eye-off': { ph: 'eye-slash', tabler: 'eye-off' },
  pencil: { ph: 'pencil', tabler: 'pencil' },
  download: { ph: 'download', tabler: 'download' },
  upload: { ph: 'upload', tabler: 'upload' },
  copy: { ph: 'copy', tabler: 'copy' },
  folder: { ph: 'folder', tabler: 'folder' },
  file: { ph: 'file', tabler: 'file' },
  'arrow-left': { ph: 'arrow-left', tabler: 'arrow-left' },
  'arrow-right': { ph: 'arrow-right', tabler: 'arrow-right' },
  menu: { ph: 'list', tabler: 'menu' },
  'circle-user': { ph: 'user-circle', tabler: 'user-circle' },
  'triangle-alert': { ph: 'warning', tabler: 'alert-triangle' },
  'log-out': { ph: 'sign-out', tabler: 'logout' },
  'map-pin': { ph: 'map-pin', tabler: 'map-pin' },
  phone: { ph: 'phone', tabler: 'phone' },
  'user-round': { ph: 'user', tabler: 'user' },
  'user-round-plus': { ph: 'user-plus', tabler: 'user-plus' },
  'key-round': { ph: 'key', tabler: 'key' },
  'message-square': { ph: 'chat', tabler: 'message' },
  'circle-x': { ph: 'x-circle', tabler: 'circle-x' }
}

describe('brand marks', () => {
  it('a brand’s mark is the same brand’s mark whatever its set calls it: github-logo, brand-github, github', async () => {
    const body = await equivalentsOf('simple-icons', ids('ph:github-logo', 'tabler:brand-github'))
    expect(body.equivalents.map((entry) => entry.match?.icon.slug)).toEqual(['github', 'github'])
    const back = await equivalentsOf('tabler', ids('ph:github-logo', 'simple-icons:github'))
    expect(back.equivalents.map((entry) => entry.match?.icon.family)).toEqual(['brand-github', 'brand-github'])
  })

  it('a brand’s mark called by its brand is the mark, not the same mark in a square', async () => {
    const [github] = (await equivalentsOf('fa6-brands', ids('tabler:brand-github'))).equivalents
    expect(github?.match?.icon.slug).toBe('github')
    // A mark that says nothing of being one is still its brand's.
    expect((await equivalentsOf('simple-icons', ids('iconoir:github'))).equivalents[0]?.match?.icon.slug).toBe('github')
  })

  it('a symbol and a brand’s mark of the same name are not the same: Lucide’s x is not the X logo', async () => {
    for (const [target, source] of [['simple-icons', 'lucide:x'], ['lucide', 'simple-icons:x']] as const) {
      const [entry] = (await equivalentsOf(target, ids(source))).equivalents
      expect(entry?.match).toBeNull()
      expect(entry?.alternatives.find((alternative) => alternative.icon.slug === 'x')?.confidence).toBeLessThan(0.5)
    }
  })

  it('a symbol never swaps to a brand’s mark found by a synonym: Phosphor’s house is not Simple Icons’ Homepage logo', async () => {
    const [house] = (await equivalentsOf('simple-icons', ids('ph:house'))).equivalents
    expect(house?.match).toBeNull()
    expect(house?.alternatives[0]?.icon.slug).toBe('homepage')
    expect(house?.alternatives[0]?.confidence).toBeLessThan(0.5)
  })
})

describe('own set, defaults and sizes', () => {
  it('an icon in its own set is itself, not another drawing of its family', async () => {
    const own = async (id: string) => (await equivalentsOf(id.slice(0, id.indexOf(':')), ids(id))).equivalents[0]?.match
    for (const id of ['solar:home-linear', 'material-symbols:home-outline-sharp', 'ri:home-3-line', 'twemoji:waving-hand-dark-skin-tone']) {
      expect(await own(id)).toMatchObject({ icon: { slug: id.slice(id.indexOf(':') + 1) }, confidence: 1, matched_by: 'name' })
    }
    // Another numbered drawing of the same words is close, but never as sure as the same name.
    const [home3] = (await equivalentsOf('ri', ids('ri:home-3-line'))).equivalents
    expect(home3?.alternatives.every((alternative) => alternative.confidence < 1)).toBe(true)
  })

  it('swaps to the drawing the target set shows a family by, at the size the set draws for 24 px', async () => {
    // Solar draws each family linear, broken and more, all outline: linear is its default.
    expect(await slugsIn('solar', ['lucide:house', 'lucide:copy'])).toEqual(['house-linear', 'copy-linear'])
    // Phosphor draws on a 256 grid, which says nothing of the size meant: Fluent's 24 px drawing, not its 48.
    expect(await slugsIn('fluent', ['ph:gear-fill', 'lucide:house'])).toEqual(['settings-24-filled', 'home-24-regular'])
    // A source at one of the target's sizes keeps it.
    expect(await slugsIn('fluent', ['octicon:gear-16'])).toEqual(['settings-16-regular'])
  })
})

describe('names each set gives a symbol', () => {
  it('an icon named by a style word is the icon of that name, never the set\'s drawings in that style: Lucide\'s bold is Solar\'s text-bold', async () => {
    expect(await familiesIn('solar', ['lucide:bold', 'tabler:bold'])).toEqual(['text-bold', 'text-bold'])
  })

  it('a chevron is Material\'s keyboard arrow or expand more, Solar\'s alt arrow, Iconoir\'s nav arrow and RemixIcon\'s small arrow', async () => {
    expect(await familiesIn('solar', ['lucide:chevron-down', 'lucide:chevron-right'])).toEqual(['alt-arrow-down', 'alt-arrow-right'])
    expect(await familiesIn('iconoir', ['lucide:chevron-down'])).toEqual(['nav-arrow-down'])
    expect(await familiesIn('ri', ['lucide:chevron-down'])).toEqual(['arrow-down-s'])
    expect(['expand-more', 'keyboard-arrow-down']).toContain((await familiesIn('material-symbols', ['lucide:chevron-down']))[0])
  })

  it('Fluent\'s arrow-download, arrow-sync and weather-sunny, Solar\'s gallery and Material\'s dark-mode are the everyday symbols', async () => {
    expect(await familiesIn('fluent', ['lucide:download', 'lucide:upload', 'lucide:refresh-cw', 'lucide:sun', 'lucide:moon'])).toEqual([
      'arrow-download',
      'arrow-upload',
      'arrow-sync',
      'weather-sunny',
      'weather-moon'
    ])
    expect(await familiesIn('lucide', ['fluent:arrow-download-24-regular'])).toEqual(['download'])
    expect(await familiesIn('solar', ['lucide:image'])).toEqual(['gallery'])
    expect(await familiesIn('material-symbols', ['lucide:moon'])).toEqual(['dark-mode'])
  })

  it('a swap there and back keeps a menu a menu: Phosphor\'s list is the menu, its list-bullets the list', async () => {
    expect(await familiesIn('ph', ['lucide:menu', 'lucide:list'])).toEqual(['list', 'list-bullets'])
    expect(await familiesIn('lucide', ['ph:list', 'ph:list-bullets'])).toEqual(['menu', 'list'])
    expect(await familiesIn('tabler', ['ph:list'])).toEqual(['menu'])
    // Elsewhere a list is a list: Solar's menu is its hamburger-menu.
    expect(await familiesIn('solar', ['lucide:menu'])).toEqual(['hamburger-menu'])
  })

  it('a warning triangle is a warning, never the plain triangle its name holds', async () => {
    expect(await familiesIn('fluent', ['lucide:triangle-alert'])).toEqual(['warning'])
    expect(await familiesIn('mingcute', ['lucide:triangle-alert'])).toEqual(['warning'])
    for (const target of ['ri', 'octicon']) {
      const [entry] = (await equivalentsOf(target, ids('lucide:triangle-alert'))).equivalents
      expect(entry?.match?.icon.family).not.toBe('triangle')
      expect(entry?.alternatives.filter((alternative) => alternative.icon.family === 'triangle').every((alternative) => alternative.confidence < 0.5)).toBe(true)
    }
  })

  it('RemixIcon\'s, Octicons\' and Material Design\'s alert is the warning triangle, both ways', async () => {
    for (const source of ['ri:alert-line', 'octicon:alert-24', 'mdi:alert']) {
      expect(await familiesIn('lucide', [source])).toEqual(['triangle-alert'])
      expect(await familiesIn('tabler', [source])).toEqual(['alert-triangle'])
      expect(await familiesIn('ph', [source])).toEqual(['warning'])
      expect(await familiesIn('material-symbols', [source])).toEqual(['warning'])
    }
    expect(await familiesIn('ri', ['lucide:triangle-alert', 'tabler:alert-triangle', 'ph:warning'])).toEqual(['alert', 'alert', 'alert'])
    expect(await familiesIn('octicon', ['lucide:triangle-alert'])).toEqual(['alert'])
    expect(await familiesIn('mdi', ['lucide:triangle-alert'])).toEqual(['alert'])
  })

  it('RemixIcon\'s notification is a bell, not the dotted square Tabler and Phosphor call notification', async () => {
    expect(await familiesIn('tabler', ['ri:notification-line', 'ri:notification-off-line'])).toEqual(['bell', 'bell-off'])
    expect(await familiesIn('lucide', ['ri:notification-line', 'ri:notification-2-line', 'ri:notification-off-line'])).toEqual(['bell', 'bell', 'bell-off'])
    expect(await familiesIn('ph', ['ri:notification-line'])).toEqual(['bell'])
    expect(await familiesIn('material-symbols', ['ri:notification-line'])).toEqual(['notifications'])
    expect(await familiesIn('ri', ['lucide:bell-off'])).toEqual(['notification-off'])
  })

  it('Fluent\'s navigation is a menu and its location-arrow the navigation arrow, both ways', async () => {
    expect(await familiesIn('lucide', ['fluent:navigation-24-regular', 'fluent:location-arrow-24-regular'])).toEqual(['menu', 'navigation'])
    expect(await familiesIn('ph', ['fluent:navigation-24-regular'])).toEqual(['list'])
    expect(await familiesIn('fluent', ['lucide:menu', 'lucide:navigation'])).toEqual(['navigation', 'location-arrow'])
  })

  it('what Phosphor, Heroicons, Font Awesome and Octicons strike out as -slash is everyone else\'s -off, both ways', async () => {
    expect(await familiesIn('lucide', ['ph:bell-slash', 'ph:camera-slash', 'heroicons:bookmark-slash', 'fa6-solid:video-slash', 'octicon:bell-slash-24'])).toEqual([
      'bell-off',
      'camera-off',
      'bookmark-off',
      'video-off',
      'bell-off'
    ])
    expect(await familiesIn('ph', ['lucide:bell-off', 'lucide:cloud-off', 'lucide:phone-off'])).toEqual(['bell-slash', 'cloud-slash', 'phone-slash'])
    expect(await familiesIn('heroicons', ['lucide:bell-off'])).toEqual(['bell-slash'])
    // But Octicons' circle-slash is the ban sign, not a circle struck out.
    expect(await familiesIn('lucide', ['octicon:circle-slash-24'])).toEqual(['ban'])
    expect(await familiesIn('octicon', ['lucide:ban'])).toEqual(['circle-slash'])
  })

  it('Material Symbols\' arrows are arrow-forward, arrow-back, arrow-upward and arrow-downward; its arrow-right is a caret', async () => {
    expect(await familiesIn('material-symbols', ['lucide:arrow-right', 'lucide:arrow-left', 'lucide:arrow-up', 'lucide:arrow-down'])).toEqual([
      'arrow-forward',
      'arrow-back',
      'arrow-upward',
      'arrow-downward'
    ])
    expect(await familiesIn('lucide', ['material-symbols:arrow-forward', 'material-symbols:arrow-back', 'material-symbols:arrow-upward'])).toEqual([
      'arrow-right',
      'arrow-left',
      'arrow-up'
    ])
    // The caret is a caret wherever the set has one, and never the arrow of the same name.
    expect(await familiesIn('tabler', ['material-symbols:arrow-right', 'material-symbols:arrow-drop-down'])).toEqual(['caret-right', 'caret-down'])
    expect(await familiesIn('mdi', ['material-symbols:arrow-right', 'material-symbols:arrow-drop-down'])).toEqual(['menu-right', 'menu-down'])
    expect(await familiesIn('material-symbols', ['tabler:caret-right', 'fa6-solid:caret-down'])).toEqual(['arrow-right', 'arrow-drop-down'])
    const [caret] = (await equivalentsOf('lucide', ids('material-symbols:arrow-right'))).equivalents
    expect(caret?.match?.icon.family).not.toBe('arrow-right')
    expect(caret?.alternatives.map((alternative) => alternative.icon.family)).not.toContain('arrow-right')
  })

  it('Fluent\'s alert is a bell, where Material Design\'s is the warning triangle', async () => {
    expect(await familiesIn('lucide', ['fluent:alert-24-regular', 'fluent:alert-off-24-regular'])).toEqual(['bell', 'bell-off'])
    expect(await familiesIn('mdi', ['fluent:alert-24-regular'])).toEqual(['bell'])
    expect(await familiesIn('fluent', ['lucide:bell', 'lucide:bell-off', 'mdi:alert'])).toEqual(['alert', 'alert-off', 'warning'])
  })

  it('the ban sign is ban, prohibit, prohibited or circle-slash, whichever the set calls it', async () => {
    expect(await familiesIn('ph', ['lucide:ban'])).toEqual(['prohibit'])
    expect(await familiesIn('fluent', ['lucide:ban'])).toEqual(['prohibited'])
    expect(await familiesIn('lucide', ['ph:prohibit', 'fluent:prohibited-24-regular', 'ri:prohibited-line'])).toEqual(['ban', 'ban', 'ban'])
  })

  it('names with a number, and the sets that call a symbol otherwise: cog-6-tooth, arrow-path, three-bars', async () => {
    expect(await familiesIn('ph', ['heroicons:cog-6-tooth'])).toEqual(['gear'])
    expect(['settings', 'cog']).toContain((await familiesIn('lucide', ['heroicons:cog-6-tooth']))[0])
    expect(await familiesIn('lucide', ['heroicons:arrow-path'])).toEqual(['refresh-cw'])
    expect(await familiesIn('octicon', ['lucide:menu'])).toEqual(['three-bars'])
  })

  it('a name that holds another name of the symbol whole is close: Lucide\'s music is Fluent\'s music-note-1', async () => {
    expect(await familiesIn('fluent', ['lucide:music'])).toEqual(['music-note-1'])
  })

  it('a category for tags (Material\'s and Solar\'s only tags) says nothing against a synonym, both ways', async () => {
    expect(await familiesIn('material-symbols', ['lucide:copy', 'lucide:eye-off'])).toEqual(['content-copy', 'visibility-off'])
    expect(await familiesIn('lucide', ['material-symbols:content-copy-outline', 'material-symbols:visibility-off-outline'])).toEqual(['copy', 'eye-off'])
    expect(await familiesIn('ph', ['solar:danger-triangle-linear'])).toEqual(['warning'])
    // Fluent's tags are its category: its dismiss is Lucide's x as surely as a synonym is.
    const [dismiss] = (await equivalentsOf('fluent', ids('lucide:x'))).equivalents
    expect(dismiss?.match?.icon.family).toBe('dismiss')
    expect(dismiss?.match?.confidence).toBeGreaterThan(0.8)
  })

  it('offers no alternative that shares neither a name word nor a tag with the icon', async () => {
    const body = await equivalentsOf('ph', ids('lucide:house', 'lucide:x', 'lucide:log-out'))
    const simple = await equivalentsOf('simple-icons', ids('lucide:x', 'lucide:house'))
    for (const entry of [...body.equivalents, ...simple.equivalents]) {
      expect(entry.alternatives.every((alternative) => alternative.confidence >= 0.2)).toBe(true)
    }
    // Phosphor's paint-brush-household was once the house's third alternative, by search alone.
    expect(body.equivalents[0]?.alternatives.map((alternative) => alternative.icon.family)).not.toContain('paint-brush-household')
  })

  it('a word that only finds a symbol does not name it: sending is a paper plane, Material\'s hide no eye, Solar\'s danger and exit no warning or log-out, a hamburger food', async () => {
    expect(await familiesIn('ph', ['lucide:send'])).toEqual(['paper-plane'])
    expect(await familiesIn('octicon', ['lucide:send'])).toEqual(['paper-airplane'])
    expect(await familiesIn('ri', ['lucide:send'])).toEqual(['send-plane'])
    expect(await familiesIn('material-symbols', ['lucide:eye-off'])).toEqual(['visibility-off'])
    expect(await familiesIn('solar', ['lucide:triangle-alert', 'lucide:log-out'])).toEqual(['danger-triangle', 'logout'])
    expect(await familiesIn('tabler', ['lucide:hamburger'])).not.toEqual(['menu'])
  })

  it('a question mark in a circle is the circled one: help, question, question-circle', async () => {
    expect(await familiesIn('ph', ['lucide:circle-help'])).toEqual(['question'])
    expect(await familiesIn('tabler', ['lucide:circle-help'])).toEqual(['help-circle'])
    expect(await familiesIn('octicon', ['lucide:circle-help'])).toEqual(['question'])
    expect(await familiesIn('ri', ['lucide:circle-help'])).toEqual(['question'])
  })

  it('a lock is a lock, not a shield; sharing is not sending; a gear is not sliders', async () => {
    expect(await familiesIn('carbon', ['lucide:lock'])).toEqual(['locked'])
    const [share] = (await equivalentsOf('iconoir', ids('lucide:share-2'))).equivalents
    expect(share?.match?.icon.family).not.toBe('send')
    expect(await familiesIn('fluent', ['ph:gear-fill'])).toEqual(['settings'])
  })
})

describe('frame words', () => {
  it('a name is found without a frame word the target lacks, and a frame both have is kept', async () => {
    const body = await equivalents('mdi', ['user-round-plus', 'message-square', 'key-round', 'circle-x', 'circle-check'])
    expect(body.equivalents.map((entry) => entry.match?.icon.family)).toEqual(['account-plus', 'message', 'key', 'close-circle', 'check-circle'])
  })
})

describe('quality over real pairs', () => {
  for (const target of ['ph', 'tabler'] as const) {
    it(`every confident match of ${Object.keys(BY_HAND).length} everyday Lucide icons in ${target} is the icon a designer would pick`, async () => {
      const body = await equivalents(target, Object.keys(BY_HAND))
      const confident = body.equivalents.filter((entry) => (entry.match?.confidence ?? 0) >= 0.8)
      const wrong = confident
        .filter((entry) => entry.match?.icon.family !== BY_HAND[entry.source.replace('lucide:', '')]?.[target])
        .map((entry) => `${entry.source} → ${entry.match?.icon.slug} (${entry.match?.confidence})`)
      expect(wrong).toEqual([])
      expect(confident.length).toBeGreaterThanOrEqual(Object.keys(BY_HAND).length - 2)
      // An outline source keeps an outline drawing wherever the target has one.
      expect(confident.every((entry) => entry.match?.icon.style === 'outline')).toBe(true)
    })
  }
})
