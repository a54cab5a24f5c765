/**
 * The service's public base URL when BASE_URL is not set. On this machine it is spelled
 * `localhost`, like the plugin's default CATALOGUE_URL: Figma checks every URL the plugin loads
 * (thumbnails included) against the manifest's networkAccess by name, so a `127.0.0.1` preview URL
 * is blocked by a manifest that allows `http://localhost:8787`.
 */
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::'])

export function defaultBaseUrl(host: string, port: number): string {
  if (LOOPBACK.has(host)) return `http://localhost:${port}`
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
}
