/**
 * Builds the Figma plugin (build/main.js, build/ui.js, manifest.json) for `npm start`, in a child
 * process that runs while the catalogue loads, and only when the build is older than its sources.
 * Type-checking is `npm run typecheck`'s job, so this build (like the toolkit's watch mode) skips it.
 */
import { spawn } from 'node:child_process'
import { readdir, readFile, stat } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const OUTPUTS = ['build/main.js', 'build/ui.js', 'manifest.json']
/** What the bundles are made from: the plugin, the wire contract it imports, and the build's own configuration. */
const SOURCE_DIRECTORIES = ['src/plugin', 'src/api']
const SOURCE_FILES = ['package.json', 'tsconfig.json', 'build-figma-plugin.manifest.js', 'build-figma-plugin.ui.js', 'build-figma-plugin.main.js']
/** The catalogue URL a build without CATALOGUE_URL bakes in (build-figma-plugin.manifest.js). */
const DEFAULT_CATALOGUE_URL = 'http://localhost:8787'
/** CSS typings the build itself writes beside the sources (and .gitignore leaves out). */
const GENERATED = '.d.css.ts'

export type PluginBuildOutcome = 'built' | 'current'

async function newestSourceMs(): Promise<number> {
  const times: number[] = []
  for (const directory of SOURCE_DIRECTORIES) {
    const entries = await readdir(`${ROOT}${directory}`, { recursive: true, withFileTypes: true })
    for (const entry of entries) {
      if (entry.isFile() && !entry.name.endsWith(GENERATED)) times.push((await stat(`${entry.parentPath}/${entry.name}`)).mtimeMs)
    }
  }
  for (const file of SOURCE_FILES) times.push((await stat(`${ROOT}${file}`)).mtimeMs)
  return Math.max(...times)
}

/**
 * True when every output is newer than every source and was built for the default catalogue URL.
 * A build for another CATALOGUE_URL is never taken for current: that URL is baked into the bundle.
 */
export async function pluginBuildIsCurrent(env: Record<string, string | undefined>): Promise<boolean> {
  if ((env.CATALOGUE_URL ?? '') !== '') return false
  try {
    const built = await Promise.all(OUTPUTS.map(async (file) => (await stat(`${ROOT}${file}`)).mtimeMs))
    const manifest = JSON.parse(await readFile(`${ROOT}manifest.json`, 'utf8')) as { networkAccess?: { allowedDomains?: string[] } }
    if (manifest.networkAccess?.allowedDomains?.[0] !== DEFAULT_CATALOGUE_URL) return false
    return Math.min(...built) >= (await newestSourceMs())
  } catch {
    return false
  }
}

/** Runs build-figma-plugin (minified, no type-check); rejects with its output when it fails. */
function runBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${ROOT}node_modules/@create-figma-plugin/build/lib/cli.js`, '--minify'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`The plugin build failed:\n${output.trim()}`))))
  })
}

export async function buildPluginIfStale(env: Record<string, string | undefined>): Promise<PluginBuildOutcome> {
  if (await pluginBuildIsCurrent(env)) return 'current'
  await runBuild()
  return 'built'
}
