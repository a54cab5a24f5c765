/**
 * The main thread's `fetch`, as Figma's sandbox gives it (the global `fetch` of the typings,
 * https://developers.figma.com/docs/plugins/api/properties/global-fetch/): a string URL, headers as
 * a plain object, and a FetchResponse with `headersObject`, not the browser's Response. The
 * manifest's networkAccess holds it as it holds the UI
 * (https://developers.figma.com/docs/plugins/making-network-requests/), so each request goes out
 * from a hidden frame under the plugin UI's Content-Security-Policy: Chromium refuses there what it
 * refuses in the UI, and the promise rejects as a refused fetch does. The errors for a URL that is
 * not a string and for headers that are not a plain object are the emulator's: Figma publishes none.
 */
import { policyHead } from './plugin-frame-document'

export type SandboxFetch = (url: string, init?: FetchOptions) => Promise<FetchResponse>

export function createSandboxFetch(csp: string | null): SandboxFetch {
  let frameFetch: Promise<typeof fetch> | undefined
  const frameWindowFetch = (): Promise<typeof fetch> =>
    (frameFetch ??= new Promise((resolve) => {
      const frame = document.createElement('iframe')
      frame.hidden = true
      frame.title = 'The main thread’s network access'
      frame.addEventListener('load', () => resolve((frame.contentWindow as Window & typeof globalThis).fetch), { once: true })
      frame.srcdoc = `<!doctype html><html><head>${policyHead(csp)}</head></html>`
      document.body.append(frame)
    }))

  return async (url, init = {}) => {
    if (typeof url !== 'string') throw new TypeError('in fetch: the URL must be a string')
    const headers = init.headers ?? init.headersObject ?? {}
    if (Object.getPrototypeOf(headers) !== Object.prototype || !Object.values(headers).every((value) => typeof value === 'string')) {
      throw new TypeError('in fetch: headers must be a plain object of strings')
    }
    const { method, body, credentials, cache, redirect, referrer, integrity } = init
    const response = await (await frameWindowFetch())(url, {
      headers,
      ...(method === undefined ? {} : { method }),
      ...(body === undefined ? {} : { body: body as BodyInit }),
      ...(credentials === undefined ? {} : { credentials: credentials as RequestCredentials }),
      ...(cache === undefined ? {} : { cache: cache as RequestCache }),
      ...(redirect === undefined ? {} : { redirect: redirect as RequestRedirect }),
      ...(referrer === undefined ? {} : { referrer }),
      ...(integrity === undefined ? {} : { integrity })
    })
    return {
      headersObject: Object.fromEntries(response.headers.entries()),
      ok: response.ok,
      redirected: response.redirected,
      status: response.status,
      statusText: response.statusText,
      type: response.type,
      url: response.url,
      arrayBuffer: () => response.arrayBuffer(),
      text: () => response.text(),
      json: () => response.json() as Promise<unknown>
    }
  }
}
