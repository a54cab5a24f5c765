/**
 * The UI's only door to the catalogue: every call has a timeout and can be cancelled, every
 * response is checked, and every failure becomes a CatalogueError whose message a designer can act on.
 */
import type {
  IconDetail,
  IconEquivalents,
  IconSetList,
  SearchRequest,
  SearchResult,
  StyleList
} from '../../api/catalogue-schemas'
import {
  equivalentsUrl,
  iconUrl,
  iconsetsUrl,
  searchUrl,
  stylesUrl
} from '../../api/catalogue-urls'
import { isSvgText, notSvgMessage } from '../../api/svg-text'
import {
  isIconDetail,
  isIconEquivalents,
  isIconSetList,
  isProblem,
  isSearchPage,
  isStyleList,
  withFamilies,
  type Guard
} from '../shared/response-shapes'
import { rerendered } from './kept-svg'
import { RecentlyUsed } from './recently-used'

export const DEFAULT_TIMEOUT_MS = 10_000
/**
 * Search pages kept for the plugin's run, newest last. The catalogue does not change while the
 * plugin is open, so going back to a filter or query already seen shows its pages without asking again.
 */
export const SEARCH_PAGES_KEPT = 40
/**
 * SVG texts kept, the least recently used dropped first: each is a few hundred bytes to a few KB,
 * so this holds a few hundred KB at most however long the plugin stays open. The grid's tiles never
 * come here (their SVG comes inline with the search pages kept above). What does is fewer than
 * this on screen at once: the recent icons (12), the details panel (1), the icon sets' cards'
 * stroke-drawn samples (24 in the full catalogue) and Swap set's rows (up to 100 icons and their
 * equivalents), so showing any of them again restrokes at once and only
 * drawings long gone are fetched again. Inserts' SVGs pass through too.
 */
export const SVG_TEXTS_KEPT = 256
/**
 * Icons' details kept, the least recently used dropped first: each is about a kilobyte. They are
 * asked for by the icon sets' cards (the style of each stroke-drawn sample in a set of several
 * styles, 18 in the full catalogue), Swap set's rows, the details panel, the selection's styles and
 * every insert, so opening the Icon sets tab again, or the same icon again, asks nothing more.
 */
const ICON_DETAILS_KEPT = 256

export class CatalogueError extends Error {
  override name = 'CatalogueError'
  /** The catalogue was unreachable, slow or failing (5xx): the same request may work later. */
  readonly transient: boolean
  /** The HTTP status the catalogue answered with; undefined where no answer came. */
  readonly status: number | undefined
  constructor(message: string, options: { cause?: unknown; transient?: boolean; status?: number } = {}) {
    super(message, { cause: options.cause })
    this.transient = options.transient ?? false
    this.status = options.status
  }
}

/** Worth trying again by itself, later: the catalogue was away, not the request wrong. */
export function isTransient(error: unknown): boolean {
  return error instanceof CatalogueError && error.transient
}

/**
 * The catalogue could not be reached or did not answer in time: what a watch for its return
 * (use-clear-when-back.ts) is for. One that answered, even with a 5xx, is there.
 */
export function isAway(error: unknown): boolean {
  return isTransient(error) && (error as CatalogueError).status === undefined
}

export interface CatalogueClient {
  readonly baseUrl: string
  search(request: SearchRequest, signal?: AbortSignal): Promise<SearchResult>
  iconsets(signal?: AbortSignal): Promise<IconSetList>
  /** Asked once however many callers wait on it, and kept while among the ICON_DETAILS_KEPT most recently used. */
  icon(iconset: string, slug: string, signal?: AbortSignal): Promise<IconDetail>
  styles(signal?: AbortSignal): Promise<StyleList>
  /**
   * Resolves once the catalogue itself answers (its list of styles, asked past the browser's cache,
   * which keeps that list five minutes and would answer for a catalogue that is away).
   */
  reachable(signal?: AbortSignal): Promise<void>
  /** Each icon's likeliest equivalent in the `iconset` set, or a miss. */
  equivalents(iconset: string, icons: ReadonlyArray<{ iconset: string; icon: string }>, signal?: AbortSignal): Promise<IconEquivalents>
  /**
   * The icon's SVG at a size, in a colour or (without one) in currentColor, as text; never put into
   * the DOM. Asked once however many previews wait on it, and kept while it is among the
   * SVG_TEXTS_KEPT most recently used.
   */
  svg(iconset: string, slug: string, render: SvgRender, signal?: AbortSignal): Promise<string>
  /** What `icon` and `svg` would answer at once from what the client keeps, or undefined: for a first paint that needs no wait. */
  keptIcon(iconset: string, slug: string): IconDetail | undefined
  keptSvg(iconset: string, slug: string, render: SvgRender): string | undefined
  /**
   * Calls `listener` whenever an answer comes (below 500: the catalogue, or the browser's cache for
   * it, is there), so what waits for the catalogue to come back need not wait out its backoff.
   * Returns what stops it.
   */
  onAnswer(listener: () => void): () => void
}

/** How an SVG is asked for: its size, and its colour (currentColor when none is given). */
export interface SvgRender {
  size: number
  color?: string
}

export interface ClientOptions {
  timeoutMs?: number
  fetch?: typeof fetch
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

export function createCatalogueClient(baseUrl: string, options: ClientOptions = {}): CatalogueClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  const answerListeners = new Set<() => void>()

  /**
   * GETs `url` and reads its body with `read`, both within the time limit: a catalogue that sends
   * its headers and then stalls must not leave a spinner turning. `read` throws a CatalogueError
   * for a body it cannot use.
   */
  async function request<T>(
    url: string,
    accept: string,
    signal: AbortSignal | undefined,
    read: (response: Response) => Promise<T>,
    cache: RequestCache = 'default'
  ): Promise<T> {
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const forwardAbort = () => controller.abort()
    signal?.addEventListener('abort', forwardAbort)
    try {
      if (signal?.aborted === true) controller.abort()
      const response = await doFetch(url, { headers: { accept }, signal: controller.signal, cache })
      if (response.status < 500) for (const listener of answerListeners) listener()
      if (!response.ok) throw new CatalogueError(await describeFailure(response), { transient: response.status >= 500, status: response.status })
      return await read(response)
    } catch (error) {
      if (timedOut) {
        throw new CatalogueError(`The icon catalogue did not answer within ${timeoutMs / 1000} s. Try again.`, { transient: true })
      }
      if (signal?.aborted === true) throw new DOMException('Cancelled', 'AbortError')
      if (error instanceof CatalogueError) throw error
      throw new CatalogueError(`Can't reach the icon catalogue at ${baseUrl}. Check that it is running, then retry.`, {
        transient: true
      })
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', forwardAbort)
    }
  }

  function getJson<T>(url: string, guard: Guard<T>, what: string, signal?: AbortSignal): Promise<T> {
    return request(url, 'application/json', signal, async (response) => {
      let body: unknown
      try {
        body = await response.json()
      } catch (error) {
        // A time-out or a cancel while reading is told as such by request().
        throw new CatalogueError(`The icon catalogue sent ${what} that is not valid JSON.`, { cause: error })
      }
      if (!guard(body)) throw new CatalogueError(`The icon catalogue sent ${what} in an unexpected shape.`)
      return body
    })
  }

  const searchPages = new RecentlyUsed<string, SearchResult>(SEARCH_PAGES_KEPT)
  async function search(request: SearchRequest, signal?: AbortSignal): Promise<SearchResult> {
    const url = searchUrl(baseUrl, request)
    const kept = searchPages.get(url)
    if (kept !== undefined) return kept
    const result = withFamilies(await getJson(url, isSearchPage, 'search results', signal))
    searchPages.set(url, result)
    return result
  }

  const svgTexts = sharedAndKept<string>(SVG_TEXTS_KEPT)
  const svgUrl = (iconset: string, slug: string, render: SvgRender) => iconUrl(baseUrl, iconset, slug, { format: 'svg', ...render })
  function svg(iconset: string, slug: string, render: SvgRender, signal?: AbortSignal): Promise<string> {
    const url = svgUrl(iconset, slug, render)
    const load = () =>
      request(url, 'image/svg+xml', undefined, async (response) => {
        const body = await response.text()
        if (!isSvgText(body)) throw new CatalogueError(notSvgMessage(iconset, slug))
        return body
      })
    return svgTexts.ask(url, load, signal).catch((error: unknown) => {
      // Away, the same drawing kept at another size (or in currentColor) still gives a swap of size
      // or colour what it needs; it is not kept as this answer, which the catalogue is asked for next time.
      const kept = isTransient(error) ? keptRendering(iconset, slug, render) : null
      if (kept === null) throw error
      return kept
    })
  }

  /** The icon's SVG as `render` asks, made from one of its renderings the client keeps (kept-svg.ts); null when none will do. */
  function keptRendering(iconset: string, slug: string, render: SvgRender): string | null {
    const path = new URL(iconUrl(baseUrl, iconset, slug)).pathname
    let found: string | null = null
    svgTexts.each((url, text) => {
      const asked = new URL(url)
      if (asked.pathname !== path) return false
      const color = asked.searchParams.get('color') ?? undefined
      const made = rerendered(text, { size: Number(asked.searchParams.get('size')), color }, render)
      if (made === null) return false
      found = made
      // One in the colour asked for is the catalogue's own drawing; one in currentColor is recoloured, so a better one may follow.
      return color !== undefined
    })
    return found
  }

  const iconDetails = sharedAndKept<IconDetail>(ICON_DETAILS_KEPT)
  function icon(iconset: string, slug: string, signal?: AbortSignal): Promise<IconDetail> {
    const url = iconUrl(baseUrl, iconset, slug)
    return iconDetails.ask(url, () => getJson(url, isIconDetail, 'an icon'), signal)
  }

  return {
    baseUrl,
    search,
    iconsets: (signal) => getJson(iconsetsUrl(baseUrl), isIconSetList, 'the list of icon sets', signal),
    icon,
    styles: (signal) => getJson(stylesUrl(baseUrl), isStyleList, 'the list of styles', signal),
    reachable: (signal) => request(stylesUrl(baseUrl), 'application/json', signal, async () => undefined, 'no-store'),
    equivalents: (iconset, icons, signal) =>
      getJson(equivalentsUrl(baseUrl, iconset, icons), isIconEquivalents, 'equivalent icons', signal),
    svg,
    keptIcon: (iconset, slug) => iconDetails.kept(iconUrl(baseUrl, iconset, slug)),
    onAnswer: (listener) => {
      answerListeners.add(listener)
      return () => answerListeners.delete(listener)
    },
    keptSvg: (iconset, slug, render) => svgTexts.kept(svgUrl(iconset, slug, render))
  }
}

/**
 * Loads each URL's answer once, however many callers wait on it while it is on its way. It is
 * loaded without any one caller's signal, so a caller that goes away does not fail the others;
 * each caller can still stop waiting. An answer is kept among the `limit` most recently used; a
 * request in flight is never dropped (it is not among them until it is answered), so callers
 * waiting together always share it. A failure is forgotten, so the next ask tries again.
 */
function sharedAndKept<T>(limit: number): {
  ask: (url: string, load: () => Promise<T>, signal?: AbortSignal) => Promise<T>
  kept: (url: string) => T | undefined
  /** Visits every kept answer, newest first, until `visit` returns true; none counts as a use. */
  each: (visit: (url: string, value: T) => boolean) => void
} {
  const answers = new RecentlyUsed<string, T>(limit)
  const inFlight = new Map<string, Promise<T>>()
  const ask = (url: string, load: () => Promise<T>, signal?: AbortSignal): Promise<T> => {
    const kept = answers.get(url)
    if (kept !== undefined) return untilAborted(Promise.resolve(kept), signal)
    let answer = inFlight.get(url)
    if (answer === undefined) {
      answer = load()
      inFlight.set(url, answer)
      answer.then(
        (value) => {
          answers.set(url, value)
          inFlight.delete(url)
        },
        () => inFlight.delete(url)
      )
    }
    return untilAborted(answer, signal)
  }
  // A preview reads what is kept on every render; only asking for it counts as a use.
  return { ask, kept: (url) => answers.peek(url), each: (visit) => answers.each(visit) }
}

/** The promise's outcome, or an AbortError as soon as `signal` aborts, leaving the promise itself running. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise
  if (signal.aborted) return Promise.reject(new DOMException('Cancelled', 'AbortError'))
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new DOMException('Cancelled', 'AbortError'))
    signal.addEventListener('abort', abort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

async function describeFailure(response: Response): Promise<string> {
  let detail = ''
  try {
    const body: unknown = await response.json()
    if (isProblem(body)) detail = `: ${body.detail || body.title}`
  } catch {
    // A body that is not a problem document still leaves the status to report.
  }
  // A 503 is a refusal for now (a full render queue, a process starting); 502 and 504 come from a
  // proxy in front of the catalogue that found no process to answer in time.
  if (response.status === 503) return `The icon catalogue is too busy to answer (503)${detail}. Try again in a moment.`
  if (response.status === 502 || response.status === 504) return `The icon catalogue could not answer (${response.status})${detail}. Try again in a moment.`
  if (response.status >= 500) return `The icon catalogue had an internal error (${response.status})${detail}. Try again in a moment.`
  if (response.status === 404) return `Not found in the icon catalogue${detail}.`
  return `The icon catalogue refused the request (${response.status})${detail}.`
}
