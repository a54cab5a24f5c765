/**
 * The main thread's `fetch`, as Figma's sandbox gives it (the global `fetch` of the typings,
 * https://developers.figma.com/docs/plugins/api/properties/global-fetch/): a string URL, headers as
 * a plain object, and a FetchResponse with `headersObject`, not the browser's Response. Both limits
 * Figma puts on plugin requests hold (https://developers.figma.com/docs/plugins/making-network-requests/):
 * the manifest's networkAccess, and CORS from a `null` origin, "only APIs answering
 * `Access-Control-Allow-Origin: *` work". So each request goes out from a hidden frame sandboxed to
 * an opaque origin, under the plugin UI's Content-Security-Policy: Chromium refuses there what it
 * refuses in the UI, sends `Origin: null`, and the promise rejects as a refused fetch does. An
 * opaque frame cannot be called into, so the request and its answer travel as messages.
 * The errors for a URL that is not a string and for headers that are not a plain object are the
 * emulator's: Figma publishes none.
 */
import { policyHead } from './plugin-frame-document'

export type SandboxFetch = (url: string, init?: FetchOptions) => Promise<FetchResponse>

/** What the page asks of the relay frame. */
interface RelayRequest {
  id: number
  url: string
  init: RequestInit
}

/** What the relay frame answers: the response, its body read whole, or the fetch's error message. */
type RelayAnswer =
  | { id: number; response: Omit<FetchResponse, 'headersObject' | 'arrayBuffer' | 'text' | 'json'> & { headers: Array<[string, string]> }; body: ArrayBuffer }
  | { id: number; error: string }

/** Runs in the relay frame: fetches what the page asks, only for the page. */
const RELAY = `addEventListener('message', function (event) {
  if (event.source !== parent) return;
  var id = event.data.id;
  fetch(event.data.url, event.data.init).then(function (response) {
    return response.arrayBuffer().then(function (body) {
      var head = { ok: response.ok, redirected: response.redirected, status: response.status, statusText: response.statusText,
        type: response.type, url: response.url, headers: Array.from(response.headers.entries()) };
      parent.postMessage({ id: id, response: head, body: body }, '*', [body]);
    });
  }).catch(function (error) {
    parent.postMessage({ id: id, error: String(error && error.message || error) }, '*');
  });
});`

export function createSandboxFetch(csp: string | null): SandboxFetch {
  const pending = new Map<number, (answer: RelayAnswer) => void>()
  let nextId = 0
  let relay: Promise<Window> | undefined
  const relayWindow = (): Promise<Window> =>
    (relay ??= new Promise((resolve) => {
      const frame = document.createElement('iframe')
      frame.hidden = true
      frame.title = 'The main thread’s network access'
      // Scripts only: an opaque origin, as the sandbox's requests have.
      frame.setAttribute('sandbox', 'allow-scripts')
      frame.addEventListener('load', () => resolve(frame.contentWindow as Window), { once: true })
      window.addEventListener('message', (event: MessageEvent<RelayAnswer>) => {
        if (event.source !== frame.contentWindow) return
        pending.get(event.data.id)?.(event.data)
        pending.delete(event.data.id)
      })
      frame.srcdoc = `<!doctype html><html><head>${policyHead(csp)}<script>${RELAY}</script></head></html>`
      document.body.append(frame)
    }))

  return async (url, init = {}) => {
    if (typeof url !== 'string') throw new TypeError('in fetch: the URL must be a string')
    const headers = init.headers ?? init.headersObject ?? {}
    if (Object.getPrototypeOf(headers) !== Object.prototype || !Object.values(headers).every((value) => typeof value === 'string')) {
      throw new TypeError('in fetch: headers must be a plain object of strings')
    }
    const { method, body, credentials, cache, redirect, referrer, integrity } = init
    const request: RelayRequest = {
      id: nextId++,
      url,
      init: {
        headers,
        ...(method === undefined ? {} : { method }),
        ...(body === undefined ? {} : { body: body as BodyInit }),
        ...(credentials === undefined ? {} : { credentials: credentials as RequestCredentials }),
        ...(cache === undefined ? {} : { cache: cache as RequestCache }),
        ...(redirect === undefined ? {} : { redirect: redirect as RequestRedirect }),
        ...(referrer === undefined ? {} : { referrer }),
        ...(integrity === undefined ? {} : { integrity })
      }
    }
    const target = await relayWindow()
    const answer = await new Promise<RelayAnswer>((resolve, reject) => {
      pending.set(request.id, resolve)
      try {
        target.postMessage(request, '*')
      } catch (error) {
        // A body the frame cannot be sent (the structured clone refused it).
        pending.delete(request.id)
        reject(error as Error)
      }
    })
    if ('error' in answer) throw new TypeError(answer.error)
    const { headers: headerList, ...head } = answer.response
    const text = () => Promise.resolve(new TextDecoder().decode(answer.body))
    return {
      ...head,
      headersObject: Object.fromEntries(headerList),
      // A copy each time, as each read of a response body is its own.
      arrayBuffer: () => Promise.resolve(answer.body.slice(0)),
      text,
      json: async () => JSON.parse(await text()) as unknown
    }
  }
}
