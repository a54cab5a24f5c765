/**
 * A small catalogue of real icons for the tests that are not about the whole data set: about a
 * thousand icons from five installed sets (over a hundred families with an arrow, so that a search
 * spans pages), cut from their @iconify-json packages with their
 * metadata, aliases and upstream tags, and configured exactly as the service configures them.
 * Lucide and Phosphor bring upstream tags (Phosphor has six styles), Fluent native sizes, Twemoji
 * colour and Font Awesome Brands non-square logos.
 *
 * The cut packages are written once per version of the icon packages, under node_modules/.cache,
 * and loading them takes a fraction of a second instead of the full catalogue's several seconds.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { IconifyJSON } from '@iconify/types'
import { getIcons } from '@iconify/utils'
import { ICONSET_CONFIG, type IconSetConfig } from '../../src/catalogue/iconset-config'

/** Per set, the icon names kept: each word itself and every name that starts with `${word}-`. */
export const FIXTURE_WORDS: Readonly<Record<string, readonly string[]>> = {
  lucide: ['house', 'star', 'moon', 'heart', 'trash', 'settings', 'search', 'sun', 'hourglass', 'check', 'arrow', 'circle-arrow', 'square-arrow', 'github'],
  ph: ['house', 'star', 'moon', 'heart', 'trash', 'gear', 'magnifying-glass', 'sun', 'arrow', 'github-logo', 'envelope'],
  fluent: ['home', 'delete', 'settings', 'search', 'arrow-left', 'arrow-right', 'hourglass'],
  twemoji: ['house', 'star', 'crescent-moon', 'red-heart', 'magnifying-glass-tilted-left', 'hourglass-done', 'sun', 'calendar'],
  'fa6-brands': ['github']
}

const root = fileURLToPath(new URL('../../', import.meta.url))
const require = createRequire(import.meta.url)

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`))
}

function keeps(words: readonly string[], name: string): boolean {
  return words.some((word) => name === word || name.startsWith(`${word}-`))
}

/** Writes one set's cut package into `dir`: icons.json, info.json, metadata.json and package.json. */
function writeCut(config: IconSetConfig, words: readonly string[], dir: string): void {
  const source = packageDir(config.package)
  const data = readJson<IconifyJSON>(join(source, 'icons.json'))
  const names = [...Object.keys(data.icons), ...Object.keys(data.aliases ?? {})].filter((name) => keeps(words, name))
  const cut = getIcons(data, names)
  if (cut === null) throw new Error(`No icons of ${config.slug} match ${words.join(', ')}`)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'icons.json'), JSON.stringify(cut))
  writeFileSync(join(dir, 'info.json'), readFileSync(join(source, 'info.json')))
  writeFileSync(join(dir, 'package.json'), readFileSync(join(source, 'package.json')))
  const metadataPath = join(source, 'metadata.json')
  if (existsSync(metadataPath)) {
    const metadata = readJson<{ categories?: Record<string, string[]> }>(metadataPath)
    const categories = Object.fromEntries(
      Object.entries(metadata.categories ?? {}).map(([category, slugs]) => [category, slugs.filter((slug) => slug in cut.icons)])
    )
    writeFileSync(join(dir, 'metadata.json'), JSON.stringify({ categories }))
  }
}

function fixtureConfigs(): IconSetConfig[] {
  return ICONSET_CONFIG.filter((config) => config.slug in FIXTURE_WORDS)
}

/** The fixture's directory, named by the icon packages' versions and the words kept. */
function fixtureDir(): string {
  const hash = createHash('sha256')
  for (const config of fixtureConfigs()) {
    hash.update(`${config.package}@${readJson<{ version: string }>(join(packageDir(config.package), 'package.json')).version}`)
  }
  hash.update(JSON.stringify(FIXTURE_WORDS))
  return join(root, 'node_modules', '.cache', 'icon-catalogue', `fixture-${hash.digest('hex').slice(0, 12)}`)
}

/** Builds the fixture packages unless they exist; safe when several processes race to do it. */
export function prepareFixture(): string {
  const dir = fixtureDir()
  if (existsSync(dir)) return dir
  const building = `${dir}.${process.pid}`
  for (const config of fixtureConfigs()) writeCut(config, FIXTURE_WORDS[config.slug] ?? [], join(building, config.slug))
  try {
    renameSync(building, dir)
  } catch (error) {
    // Another process finished first; its copy is the same.
    rmSync(building, { recursive: true, force: true })
    if (!existsSync(dir)) throw error
  }
  return dir
}

/** The service's own configuration of the fixture's sets, each pointing at its cut package. */
export function fixtureIconsetConfig(): IconSetConfig[] {
  const dir = prepareFixture()
  return fixtureConfigs().map((config) => ({ ...config, package: join(dir, config.slug) }))
}
