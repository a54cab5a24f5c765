/**
 * The Content-Security-Policy Figma puts on a plugin's iframe, built from the manifest's
 * `networkAccess`, so that a request or image Figma would block fails in the playground too.
 *
 * Figma's documented error shows the policy is a `default-src` list with `data:` and `blob:` and no
 * explicit `connect-src` (https://developers.figma.com/docs/plugins/making-network-requests/); the
 * allowed patterns are `allowedDomains`, plus `devAllowedDomains` while developing
 * (https://developers.figma.com/docs/plugins/manifest/#networkaccess). Inline scripts and styles
 * must run, since the plugin's UI is inline HTML: those directives are the playground's assumption
 * (Figma does not publish them). Without `networkAccess` Figma enforces no list.
 */
export interface NetworkAccess {
  allowedDomains: string[]
  devAllowedDomains?: string[]
  reasoning?: string
}

/** The sources a list of manifest patterns allows: '*' anything, 'none' nothing, else the patterns as given. */
function sources(patterns: string[]): string[] {
  if (patterns.includes('*')) return ['*']
  return patterns.filter((pattern) => pattern !== 'none')
}

/** The policy for the plugin iframe, or null when the manifest declares no network access. */
export function pluginContentSecurityPolicy(networkAccess: NetworkAccess | undefined, development: boolean): string | null {
  if (networkAccess === undefined) return null
  const allowed = sources([...networkAccess.allowedDomains, ...(development ? (networkAccess.devAllowedDomains ?? []) : [])])
  const list = ['data:', 'blob:', ...new Set(allowed)].join(' ')
  return `default-src ${list}; script-src 'unsafe-inline' 'unsafe-eval' ${list}; style-src 'unsafe-inline' ${list}`
}
