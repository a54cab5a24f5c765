/** Which theme the playground (and the plugin inside it) starts in, and remembering the choice. */
import type { FigmaThemeName } from '../figma-theme'

const STORAGE_KEY = 'icon-catalogue-playground:theme'

function isTheme(value: unknown): value is FigmaThemeName {
  return value === 'light' || value === 'dark'
}

/** `?theme=dark` first (handy for links and screenshots), then the last choice, then the system's. */
export function initialTheme(): FigmaThemeName {
  const requested = new URLSearchParams(location.search).get('theme')
  if (isTheme(requested)) return requested
  const remembered = localStorage.getItem(STORAGE_KEY)
  if (isTheme(remembered)) return remembered
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

export function rememberTheme(theme: FigmaThemeName): void {
  localStorage.setItem(STORAGE_KEY, theme)
}
