// create-figma-plugin's manifest override: network access follows the catalogue URL baked in at build time.

const LOCAL_CATALOGUE = 'http://localhost:8787'
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]']

/**
 * The catalogue base URL from CATALOGUE_URL (default http://localhost:8787), as an origin-like URL
 * without a trailing slash. Figma allows plain http only for localhost
 * (https://developers.figma.com/docs/plugins/manifest/#networkaccess), so any other http URL is
 * refused here rather than failing silently in Figma.
 */
export function catalogueUrl() {
  const raw = process.env.CATALOGUE_URL || LOCAL_CATALOGUE
  let url
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`CATALOGUE_URL must be an absolute http(s) URL, got ${JSON.stringify(raw)}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`CATALOGUE_URL must use http or https, got ${JSON.stringify(raw)}`)
  }
  if (url.protocol === 'http:' && !LOCAL_HOSTS.includes(url.hostname)) {
    throw new Error(
      `CATALOGUE_URL must use https unless the catalogue runs on this machine: Figma lets plugins use plain http only for localhost, got ${JSON.stringify(raw)}`
    )
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

/**
 * The allowedDomains entry for a catalogue at `url`. Figma reads a pattern with a path but no
 * trailing slash as that exact resource, and one with a trailing slash as everything below it
 * (https://developers.figma.com/docs/plugins/updates/2023/05/10/version-1-update-66/), so a
 * catalogue under a path (https://icons.example.org/api) is allowed as `…/api/`, letting the
 * plugin reach `…/api/search` and the rest.
 */
export function allowedEntry(url) {
  return new URL(url).pathname === '/' ? url : `${url}/`
}

/** The manifest's networkAccess for a plugin that talks to the catalogue at `url`. */
export function networkAccessFor(url) {
  const isLocal = LOCAL_HOSTS.includes(new URL(url).hostname)
  return {
    allowedDomains: [allowedEntry(url)],
    // A catalogue on the developer's own machine, for `npm start` while developing.
    devAllowedDomains: [...new Set([LOCAL_CATALOGUE, ...(isLocal ? [allowedEntry(url)] : [])])],
    reasoning: 'The plugin searches the Icon Catalogue and downloads icon SVGs and thumbnails from it; it contacts no other server.'
  }
}

export default function (manifest) {
  return { ...manifest, networkAccess: networkAccessFor(catalogueUrl()) }
}
