/**
 * Figma's colour tokens for light and dark, as Figma injects them into a plugin iframe when
 * `themeColors` is true. The values come from @create-figma-plugin/ui's copy of Figma's published
 * token list, so the playground never carries a hand-made palette that could drift from it.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

export type FigmaThemeName = 'light' | 'dark'
export type FigmaThemeVariables = Record<FigmaThemeName, Record<string, string>>

const require = createRequire(import.meta.url)

/** Reads the `--figma-color-*` declarations of the `.figma-light` and `.figma-dark` blocks. */
export function parseFigmaTheme(css: string): FigmaThemeVariables {
  return { light: readBlock(css, 'figma-light'), dark: readBlock(css, 'figma-dark') }
}

function readBlock(css: string, className: string): Record<string, string> {
  const block = new RegExp(`\\.${className}\\s*\\{([^}]*)\\}`).exec(css)
  if (block === null) throw new Error(`Figma theme CSS has no .${className} block`)
  const variables: Record<string, string> = {}
  for (const match of (block[1] ?? '').matchAll(/(--figma-color-[\w-]+)\s*:\s*([^;]+);/g)) {
    variables[match[1] as string] = (match[2] as string).trim()
  }
  return variables
}

let themeVariables: Promise<FigmaThemeVariables> | undefined

export function loadFigmaTheme(): Promise<FigmaThemeVariables> {
  themeVariables ??= readFile(require.resolve('@create-figma-plugin/ui/css/theme.css'), 'utf8').then(parseFigmaTheme)
  return themeVariables
}
