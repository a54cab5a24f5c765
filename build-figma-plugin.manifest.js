// create-figma-plugin's manifest override: network access follows the catalogue URL baked in at build time.

/** The catalogue base URL from CATALOGUE_URL (default http://localhost:8787), as an origin-like URL without a trailing slash. */
export function catalogueUrl() {
  const raw = process.env.CATALOGUE_URL || 'http://localhost:8787'
  let url
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`CATALOGUE_URL must be an absolute http(s) URL, got ${JSON.stringify(raw)}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`CATALOGUE_URL must use http or https, got ${JSON.stringify(raw)}`)
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

const LOCAL_CATALOGUE = 'http://localhost:8787'

export default function (manifest) {
  const url = catalogueUrl()
  const isLocal = ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname)
  return {
    ...manifest,
    networkAccess: {
      allowedDomains: [url],
      // A catalogue on the developer's own machine, for `npm start` while developing.
      devAllowedDomains: [...new Set([LOCAL_CATALOGUE, ...(isLocal ? [url] : [])])],
      reasoning:
        'The plugin searches the Icon Catalogue and downloads icon SVGs and thumbnails from it; it contacts no other server.'
    }
  }
}
