// @vitest-environment happy-dom
/**
 * Choosing icon sets in the plugin UI against a real catalogue: the set filter beside the style
 * filter (type to narrow, tick several, keyboard, remembered through main), chips for sets that
 * stay in step with it, a search box inside a set's own view, placeholders where thumbnails are
 * still coming, and pages already fetched never fetched again.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact'
import { h } from 'preact'
import { describe, expect, test } from 'vitest'

import { DEFAULT_PREFERENCES, type Preferences } from '../../src/api/plugin-protocol'
import { createCatalogueClient } from '../../src/plugin/ui/catalogue-client'
import { Plugin } from '../../src/plugin/ui/plugin'
import { useRealCatalogue } from './real-catalogue'
import { chooseOption, typeInto } from './ui-harness'

const WAIT = { timeout: 15_000 }
const real = useRealCatalogue()

const searchBox = () => screen.getByRole('textbox', { name: 'Search icons' }) as HTMLInputElement
const setButton = () => screen.getByRole('button', { name: /^Filter by icon set: / })
const results = () => screen.findByRole('list', { name: 'Search results' }, WAIT)
/** The results grid now: a new search's results replace it, so it is found again each time it is read. */
const grid = () => screen.getByRole('list', { name: 'Search results' })
const summaryText = () => document.querySelector('.ic-summary')?.textContent ?? ''

async function setName(slug: string): Promise<string> {
  const set = (await real.direct.iconsets()).iconsets.find((candidate) => candidate.slug === slug)
  if (set === undefined) throw new Error(`the catalogue has no ${slug}`)
  return set.name
}

/** Opens the set filter's panel and waits for its list of sets. */
async function openSetFilter() {
  fireEvent.click(setButton())
  const panel = await screen.findByRole('dialog', { name: 'Choose icon sets' }, WAIT)
  await within(panel).findAllByRole('checkbox', {}, WAIT)
  return panel
}

/** The set every tile of a grid says it is from, from its accessible name "Name, Set, Style". */
function setsShown(grid: HTMLElement): Set<string> {
  return new Set([...grid.querySelectorAll('[role="listitem"] button')].map((tile) => (tile.getAttribute('aria-label') ?? '').split(', ').at(-2) ?? ''))
}

describe('the set filter', () => {
  test('typing narrows the list of sets; ticking two keeps the results to them and the button says so compactly', async () => {
    const fluent = await setName('fluent')
    const lucide = await setName('lucide')
    render(<Plugin client={real.direct} />)
    typeInto(searchBox(), 'home')
    await results()
    expect(setButton().textContent).toBe('All sets')

    const panel = await openSetFilter()
    const all = within(panel).getAllByRole('checkbox')
    expect(all.length).toBe((await real.direct.iconsets()).total)
    const find = within(panel).getByRole('textbox', { name: 'Find a set' })
    expect(document.activeElement).toBe(find)
    typeInto(find, 'flu')
    expect(within(panel).getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual([fluent])
    fireEvent.click(within(panel).getByRole('checkbox', { name: fluent }))
    typeInto(find, 'luc')
    fireEvent.click(within(panel).getByRole('checkbox', { name: lucide }))
    expect(within(panel).getByText('2 sets chosen')).toBeTruthy()

    const expected = await real.direct.search({ q: 'home', iconset: ['lucide', 'fluent'] })
    await waitFor(() => expect(summaryText()).toBe(`${expected.families.toLocaleString('en-US')} drawings for “home”`), WAIT)
    // The catalogue's order, whichever was ticked first.
    expect(setButton().textContent).toBe(`${lucide} +1`)
    expect(setButton().getAttribute('aria-label')).toBe(`Filter by icon set: ${lucide} +1`)
    await results()
    await waitFor(() => expect(setsShown(grid())).toEqual(new Set([fluent, lucide])), WAIT)
  })

  test('a style chip removed leaves the set the filter chose in the filter, not written into the query, where clearing the filter could not undo it', async () => {
    const fluent = await setName('fluent')
    render(<Plugin client={real.direct} />)
    const panel = await openSetFilter()
    fireEvent.click(within(panel).getByRole('checkbox', { name: fluent }))
    fireEvent.keyDown(within(panel).getByRole('textbox', { name: 'Find a set' }), { key: 'Escape' })
    typeInto(searchBox(), 'home filled')
    fireEvent.click(await screen.findByRole('button', { name: 'Search every style, not only Solid' }, WAIT))
    await waitFor(() => expect(searchBox().value).toBe('home'), WAIT)
    expect(setButton().textContent).toBe(fluent)
  })

  test('works from the keyboard: ↓ into the list, Enter ticks the first match, Escape closes it and keeps the search', async () => {
    const twemoji = await setName('twemoji')
    render(<Plugin client={real.direct} />)
    typeInto(searchBox(), 'star')
    await results()
    fireEvent.keyDown(setButton(), { key: 'ArrowDown' })
    const panel = await screen.findByRole('dialog', { name: 'Choose icon sets' }, WAIT)
    await within(panel).findAllByRole('checkbox', {}, WAIT)
    expect(setButton().getAttribute('aria-expanded')).toBe('true')
    const find = within(panel).getByRole('textbox', { name: 'Find a set' })

    fireEvent.keyDown(find, { key: 'ArrowDown' })
    const boxes = within(panel).getAllByRole('checkbox')
    expect(document.activeElement).toBe(boxes[0])
    fireEvent.keyDown(boxes[0] as HTMLElement, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(boxes[1])
    fireEvent.keyDown(boxes[1] as HTMLElement, { key: 'End' })
    expect(document.activeElement).toBe(boxes.at(-1))
    fireEvent.keyDown(boxes[0] as HTMLElement, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(find)

    typeInto(find, 'twem')
    fireEvent.keyDown(find, { key: 'Enter' })
    expect((within(panel).getByRole('checkbox', { name: twemoji }) as HTMLInputElement).checked).toBe(true)

    fireEvent.keyDown(find, { key: 'Escape' })
    expect(screen.queryByRole('dialog', { name: 'Choose icon sets' })).toBeNull()
    expect(document.activeElement).toBe(setButton())
    expect(searchBox().value).toBe('star')
    expect(setButton().textContent).toBe(twemoji)
    await results()
    await waitFor(() => expect(setsShown(grid())).toEqual(new Set([twemoji])), WAIT)
  })

  test('a set alone, with no words, lists that set; "Search every set" clears the filter', async () => {
    const brands = await setName('fa6-brands')
    render(<Plugin client={real.direct} />)
    const panel = await openSetFilter()
    fireEvent.click(within(panel).getByRole('checkbox', { name: brands }))
    const expected = await real.direct.search({ iconset: ['fa6-brands'] })
    await waitFor(() => expect(summaryText()).toBe(`${expected.families.toLocaleString('en-US')} drawings`), WAIT)
    fireEvent.click(within(panel).getByRole('button', { name: 'Search every set' }))
    expect(setButton().textContent).toBe('All sets')
    expect(document.activeElement).toBe(within(panel).getByRole('textbox', { name: 'Find a set' }))
    expect(await screen.findByRole('list', { name: 'All icons' }, WAIT)).toBeTruthy()
  })

  test('is remembered: the chosen sets go to main with the preferences, and a run that starts with them searches them', async () => {
    const ph = await setName('ph')
    const first = render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, query: 'heart' }} />)
    const panel = await openSetFilter()
    fireEvent.click(within(panel).getByRole('checkbox', { name: ph }))
    await waitFor(() => {
      const saved = real.messages.events('SAVE_PREFERENCES').at(-1) as Preferences | undefined
      expect(saved?.iconsets).toEqual(['ph'])
    }, WAIT)
    first.unmount()

    const stored = real.messages.events('SAVE_PREFERENCES').at(-1) as Preferences
    render(<Plugin client={real.direct} preferences={stored} />)
    await waitFor(() => expect(setButton().textContent).toBe(ph), WAIT)
    const expected = await real.direct.search({ q: 'heart', iconset: ['ph'] })
    await waitFor(() => expect(summaryText()).toBe(`${expected.families.toLocaleString('en-US')} drawings for “heart”`), WAIT)
  })

  test('a remembered set the catalogue no longer has is left out, not an error', async () => {
    const asked: string[] = []
    const client = createCatalogueClient(real.catalogue.url, {
      fetch: (input, init) => {
        asked.push(String(input))
        return fetch(input, init)
      }
    })
    render(<Plugin client={client} preferences={{ ...DEFAULT_PREFERENCES, query: 'home', iconsets: ['retired-set', 'lucide'] }} />)
    const lucide = await setName('lucide')
    await waitFor(() => expect(setButton().textContent).toBe(lucide), WAIT)
    await results()
    await waitFor(() => expect(setsShown(grid())).toEqual(new Set([lucide])), WAIT)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(asked.filter((url) => url.includes('retired-set'))).toEqual([])
  })
})

describe('the style filter beside it', () => {
  const filter = () => screen.getByRole('combobox', { name: 'Filter by style' }) as HTMLSelectElement
  const offered = () => [...filter().options].map((option) => option.value).filter((value) => value !== '')

  test('with sets chosen it offers only the styles they draw; a style chosen before stays chosen, marked as not in them', async () => {
    const [{ iconsets }, { styles }] = await Promise.all([real.direct.iconsets(), real.direct.styles()])
    const lucide = iconsets.find((set) => set.slug === 'lucide')!
    const phosphor = iconsets.find((set) => set.slug === 'ph')!
    const solid = styles.find((style) => style.slug === 'solid')!
    // Lucide draws outlines only: the case a designer met, Lucide in Solid finding nothing.
    expect(lucide.styles).not.toContain('solid')
    render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, query: 'home' }} />)
    await results()
    await waitFor(() => expect(offered()).toEqual(styles.map((style) => style.slug)), WAIT)
    chooseOption(filter(), 'solid')

    const panel = await openSetFilter()
    fireEvent.click(within(panel).getByRole('checkbox', { name: lucide.name }))
    await waitFor(() => expect(offered()).toEqual([...styles.filter((style) => lucide.styles.includes(style.slug)).map((style) => style.slug), 'solid']))
    expect(filter().value).toBe('solid')
    expect(filter().selectedOptions[0]?.textContent).toBe(`${solid.name} (not in these sets)`)

    // A second set adds what it draws; Phosphor has Solid, which is then offered as any other.
    fireEvent.click(within(panel).getByRole('checkbox', { name: phosphor.name }))
    const drawn = new Set([...lucide.styles, ...phosphor.styles])
    await waitFor(() => expect(offered()).toEqual(styles.filter((style) => drawn.has(style.slug)).map((style) => style.slug)))
    expect(filter().selectedOptions[0]?.textContent).toBe(solid.name)
  })
})

describe('nothing to browse', () => {
  test('a set and a style that leave nothing, with no words typed, are named, and no words are quoted', async () => {
    const lucide = await setName('lucide')
    const solid = (await real.direct.styles()).styles.find((style) => style.slug === 'solid')!.name
    // Lucide draws no Solid: the two chosen one after the other (the Styles tab chooses a style whatever the sets).
    render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, iconsets: ['lucide'], style: 'solid' }} />)
    const empty = await screen.findByText(`${lucide} has no icons in ${solid}. Try All styles or another set.`, undefined, WAIT)
    expect(empty.textContent).not.toContain('“')
    const fixes = within(screen.getByLabelText('Ways to find more'))
    expect(fixes.getAllByRole('button').map((button) => button.textContent)).toEqual(['Search all styles', `Search all sets, not only ${lucide}`])
  })

  test('so are they for words typed under them: the filters leave nothing, whatever the words', async () => {
    const lucide = await setName('lucide')
    const solid = (await real.direct.styles()).styles.find((style) => style.slug === 'solid')!.name
    render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, iconsets: ['lucide'], style: 'solid', query: 'home' }} />)
    const empty = await screen.findByText(`${lucide} has no icons in ${solid}. Try All styles or another set.`, undefined, WAIT)
    expect(empty.textContent).not.toContain('“home”')
  })
})

describe('chips for sets, in step with the filter', () => {
  test('each set chosen in the filter shows as a chip; removing one takes it out of the filter', async () => {
    const fluent = await setName('fluent')
    const lucide = await setName('lucide')
    render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, query: 'search', iconsets: ['fluent', 'lucide'] }} />)
    const reading = await screen.findByLabelText('Search read as', {}, WAIT)
    await waitFor(() => expect(within(reading).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([`Leave out ${lucide}`, `Leave out ${fluent}`]), WAIT)
    fireEvent.click(within(reading).getByRole('button', { name: `Leave out ${lucide}` }))
    expect(setButton().textContent).toBe(fluent)
    expect(searchBox().value).toBe('search')
    await waitFor(() => expect(screen.getByLabelText('Search read as').textContent).toBe(`${fluent}×`), WAIT)
  })

  test('a set named in the query narrows the filter; removing its chip takes it out of both', async () => {
    const fluent = await setName('fluent')
    render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, query: 'fluent home', iconsets: ['fluent', 'lucide'] }} />)
    const reading = await screen.findByLabelText('Search read as', {}, WAIT)
    await waitFor(() => expect(reading.textContent).toBe(`${fluent}×`), WAIT)
    fireEvent.click(within(reading).getByRole('button', { name: `Search every set, not only ${fluent}` }))
    await waitFor(() => expect(searchBox().value).toBe('home'))
    expect(setButton().textContent).toBe(await setName('lucide'))
  })

  test('an empty result in the chosen sets offers to search every set, which clears the filter', async () => {
    render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, query: 'heart', iconsets: ['fa6-brands'] }} />)
    const fixes = await screen.findByLabelText('Ways to find more', {}, WAIT)
    fireEvent.click(within(fixes).getByRole('button', { name: /^Search all sets, not only / }))
    expect(setButton().textContent).toBe('All sets')
    await results()
  })
})

describe("a set's own search box", () => {
  async function openSet(slug: string) {
    const name = await setName(slug)
    fireEvent.click(screen.getByRole('tab', { name: 'Icon sets' }))
    const list = await screen.findByRole('list', { name: 'Icon sets' }, WAIT)
    fireEvent.click(within(list).getByRole('button', { name: new RegExp(`^${name}, `) }))
    await screen.findByRole('list', { name: `Icons in ${name}` }, WAIT)
    return { name, box: screen.getByRole('textbox', { name: `Search ${name}` }) as HTMLInputElement }
  }

  test('counts what the search with the set chosen counts, in the same word: drawings, each once with its variants', async () => {
    render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, iconsets: ['lucide'] }} />)
    const drawings = `${(await real.direct.search({ iconset: ['lucide'] })).families.toLocaleString('en-US')} drawings`
    await waitFor(() => expect(summaryText()).toBe(drawings), WAIT)
    await openSet('lucide')
    await waitFor(() => expect(summaryText()).toBe(`${drawings}, each once with its variants`), WAIT)
  })

  test('searches that set only, and Escape clears it without touching the main search', async () => {
    render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, query: 'star' }} />)
    const { name, box } = await openSet('lucide')
    typeInto(box, 'arrow')
    const grid = await screen.findByRole('list', { name: `Results in ${name}` }, WAIT)
    const expected = await real.direct.search({ q: 'arrow', iconset: ['lucide'] })
    await waitFor(() => expect(summaryText()).toBe(`${expected.families.toLocaleString('en-US')} drawings for “arrow” in ${name}`), WAIT)
    await waitFor(() => expect(grid.dataset.loaded).toBe(String(expected.icons.length)), WAIT)
    expect(setsShown(grid)).toEqual(new Set([name]))

    fireEvent.keyDown(box, { key: 'Escape' })
    await waitFor(() => expect(box.value).toBe(''))
    expect(document.activeElement).toBe(box)
    expect(await screen.findByRole('list', { name: `Icons in ${name}` }, WAIT)).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: 'Search' }))
    expect(searchBox().value).toBe('star')
  })

  test('nothing found in the set says so and offers the correction', async () => {
    render(<Plugin client={real.direct} />)
    const { name, box } = await openSet('lucide')
    typeInto(box, 'zzqxjw')
    expect(await screen.findByText(`No icons in ${name} match “zzqxjw”. Try another word.`, { exact: false }, WAIT)).toBeTruthy()
    typeInto(box, 'serach')
    const fixes = await screen.findByLabelText('Search read as', {}, WAIT)
    expect(within(fixes).getByRole('button', { name: 'Did you mean “search”?' })).toBeTruthy()
    expect(within(fixes).queryByRole('button', { name: /^Search every set/ })).toBeNull()
  })

  test('nothing found in the set offers the same words in every set and style, on the Search tab, whatever its filters held', async () => {
    render(<Plugin client={real.direct} preferences={{ ...DEFAULT_PREFERENCES, iconsets: ['fluent'], style: 'color' }} />)
    const { box } = await openSet('lucide')
    typeInto(box, 'envelope')
    fireEvent.click(await screen.findByRole('button', { name: 'Search all sets for “envelope”' }, WAIT))
    expect(screen.getByRole('tab', { name: 'Search' }).getAttribute('aria-selected')).toBe('true')
    expect(searchBox().value).toBe('envelope')
    const grid = await results()
    // Phosphor's envelopes, which the Fluent and colour filters would have kept out.
    const phosphor = await setName('ph')
    await waitFor(() => expect(grid.querySelector('[data-index="0"]')?.getAttribute('aria-label')).toMatch(new RegExp(`^Envelope, ${phosphor}, `)), WAIT)
  })
})

describe('thumbnails', () => {
  test('a tile shows a neutral placeholder until its thumbnail has loaded', async () => {
    render(<Plugin client={real.direct} />)
    fireEvent.click(screen.getByRole('tab', { name: 'Icon sets' }))
    const list = await screen.findByRole('list', { name: 'Icon sets' }, WAIT)
    const lucide = await setName('lucide')
    fireEvent.click(within(list).getByRole('button', { name: new RegExp(`^${lucide}, `) }))
    const grid = await screen.findByRole('list', { name: `Icons in ${lucide}` }, WAIT)
    const frame = grid.querySelector('[data-index="0"] .ic-thumb-frame') as HTMLElement
    expect(frame.dataset.state).toBe('loading')
    expect(frame.querySelector('.ic-skeleton')?.getAttribute('aria-hidden')).toBe('true')
    act(() => {
      frame.querySelector('img')?.dispatchEvent(new Event('load'))
    })
    expect(frame.dataset.state).toBe('ready')
    expect(frame.querySelector('.ic-skeleton')).toBeNull()
  })

  test('switching the theme or going back to a filter already seen asks the catalogue nothing more', async () => {
    const asked: string[] = []
    const client = createCatalogueClient(real.catalogue.url, {
      fetch: (input, init) => {
        asked.push(String(input))
        return fetch(input, init)
      }
    })
    render(<Plugin client={client} />)
    typeInto(searchBox(), 'home')
    await results()
    await waitFor(() => expect(summaryText()).toMatch(/drawings for “home”$/), WAIT)
    const style = screen.getByRole('combobox', { name: 'Filter by style' })
    await waitFor(() => expect(screen.getByRole('option', { name: 'Solid' })).toBeTruthy(), WAIT)
    chooseOption(style, 'solid')
    const searches = () => asked.filter((url) => url.startsWith(`${real.catalogue.url}/search`))
    await waitFor(() => expect(searches().filter((url) => url.includes('style=solid'))).toHaveLength(1), WAIT)
    await results()
    const before = asked.length

    chooseOption(style, '')
    await waitFor(() => expect(summaryText()).toMatch(/drawings for “home”$/), WAIT)
    chooseOption(style, 'solid')
    await waitFor(() => expect(summaryText()).toMatch(/drawings for “home” in Solid$/), WAIT)
    const grid = await results()
    const sources = () => [...grid.querySelectorAll('img')].map((image) => image.getAttribute('src') ?? '')
    const light = sources()
    act(() => document.documentElement.classList.add('figma-dark'))
    await waitFor(() => expect(sources()).not.toEqual(light))
    for (const source of sources()) expect(source.startsWith('data:image/svg+xml')).toBe(true)
    act(() => document.documentElement.classList.remove('figma-dark'))
    expect(asked.length).toBe(before)
  })
})
