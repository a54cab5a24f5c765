/**
 * The document Figma would load into a plugin's iframe: the plugin's `figma.showUI` HTML in the
 * body, and in the head what the host adds. With `themeColors` that is Figma's colour variables
 * and a figma-light/figma-dark class on <html>, both updated live when the theme changes.
 */
import type { FigmaThemeName } from '../figma-theme'
import { inertJson } from '../inert-json'

/** What the host posts into the frame to switch theme; ignored by create-figma-plugin's onmessage. */
export interface ThemeMessage {
  playgroundTheme: { name: FigmaThemeName; css: string }
}

export function themeCss(variables: Record<string, string>): string {
  const declarations = Object.entries(variables).map(([name, value]) => `${name}: ${value};`)
  return `:root { ${declarations.join(' ')} }`
}

export interface PluginFrameOptions {
  /** The HTML the plugin passed to figma.showUI. */
  html: string
  catalogueUrl: string
  /** The Content-Security-Policy Figma holds the iframe to (from the manifest's networkAccess); null for none. */
  csp: string | null
  /** null when the plugin opted out of themeColors. */
  theme: { name: FigmaThemeName; css: string } | null
}

/** Runs inside the frame: applies ThemeMessages from the host page, and only from it. */
const THEME_LISTENER = `addEventListener('message', function (event) {
  var theme = event.source === parent && event.data && event.data.playgroundTheme;
  if (!theme) return;
  document.documentElement.className = 'figma-' + theme.name;
  document.getElementById('figma-style').textContent = theme.css;
});`

/**
 * The page a plugin's UI is framed in, in Figma: its srcdoc document (about:srcdoc, as seen in
 * https://github.com/CoreBunch/Core-Framework/issues/11) resolves relative URLs against it, where
 * the plugin's CSP lets nothing reach, so a UI's assets must be inlined (create-figma-plugin's recipe
 * "Using image assets in your plugin/widget UI"). Framed in the playground without this base, a
 * relative URL would reach the playground's own server, which is the catalogue's, and work here
 * while it fails in Figma.
 */
export const FIGMA_PAGE_URL = 'https://www.figma.com/file/'

/** The <meta> that holds a document to a Content-Security-Policy; nothing for none. */
export function policyHead(csp: string | null): string {
  return csp === null ? '' : `<meta http-equiv="Content-Security-Policy" content="${csp.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`
}

export function pluginFrameDocument(options: PluginFrameOptions): string {
  const themeClass = options.theme === null ? '' : ` class="figma-${options.theme.name}"`
  const themeHead =
    options.theme === null
      ? ''
      : `<style id="figma-style">${options.theme.css.replace(/</g, '\\3c ')}</style><script>${THEME_LISTENER}</script>`
  // First in <head>, so it governs everything the document loads.
  const cspHead = policyHead(options.csp)
  return `<!doctype html><html${themeClass}><head>${cspHead}<base href="${FIGMA_PAGE_URL}"><meta charset="utf-8">${themeHead}<script>window.__ICON_CATALOGUE_URL__ = ${inertJson(options.catalogueUrl)};</script></head><body>${options.html}</body></html>`
}
