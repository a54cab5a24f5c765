/**
 * The Iconify API 3.x as the bench's reference: installed from npm into a folder of its own
 * (bench-results/iconify-api, not a dependency of this package), with the Node 22 it asks for
 * from the npm package that ships Node's binary, serving the catalogue's 20 sets merged per set
 * as @iconify/json ships them (icons, info, metadata and chars in one file), with its own defaults.
 */
import { execFileSync, spawn } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { arch, platform } from 'node:os'
import { dirname, join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { ICONSET_CONFIG } from '../../src/catalogue/iconset-config'
import { OUTPUT_DIR, freePort, type Server } from './processes'

export const ICONIFY_API_VERSION = '3.2.0'
const NODE_MAJOR = '22'
const DIR = join(OUTPUT_DIR, 'iconify-api')
const NODE_PACKAGE = `node-${platform()}-${arch()}`
const require = createRequire(import.meta.url)

const readJson = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>

/** Installs the API and Node 22 once; later runs reuse them while the version matches. */
function install(): void {
  const marker = join(DIR, 'installed.json')
  const wanted = JSON.stringify({ api: ICONIFY_API_VERSION, node: NODE_MAJOR })
  if (existsSync(marker) && readFileSync(marker, 'utf8') === wanted) return
  mkdirSync(DIR, { recursive: true })
  writeFileSync(join(DIR, 'package.json'), JSON.stringify({ private: true, description: 'Iconify API for npm run bench' }))
  console.log(`  installing @iconify/api@${ICONIFY_API_VERSION} and Node ${NODE_MAJOR} into ${DIR}…`)
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', '--no-save', `@iconify/api@${ICONIFY_API_VERSION}`, `${NODE_PACKAGE}@${NODE_MAJOR}`],
    { cwd: DIR, stdio: 'inherit' }
  )
  writeFileSync(marker, wanted)
}

/** Each configured set as one @iconify/json-style file in icons/, which the API loads at start. */
function writeIconSets(): number {
  const icons = join(DIR, 'icons')
  rmSync(icons, { recursive: true, force: true })
  mkdirSync(icons, { recursive: true })
  for (const config of ICONSET_CONFIG) {
    const dir = dirname(require.resolve(`${config.package}/package.json`))
    const optional = (file: string) => (existsSync(join(dir, file)) ? readJson(join(dir, file)) : {})
    const data = readJson(join(dir, 'icons.json'))
    const merged = { ...data, info: readJson(join(dir, 'info.json')), ...optional('metadata.json'), chars: optional('chars.json') }
    writeFileSync(join(icons, `${String(data.prefix)}.json`), JSON.stringify(merged))
  }
  return ICONSET_CONFIG.length
}

export function prepareIconifyApi(): { iconsets: number } {
  install()
  return { iconsets: writeIconSets() }
}

export async function spawnIconifyApi(name = 'iconify-api'): Promise<Server> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  mkdirSync(join(OUTPUT_DIR, 'logs'), { recursive: true })
  const logFile = join(OUTPUT_DIR, 'logs', `${name}.log`)
  const log = openSync(logFile, 'w')
  const spawnedAt = performance.now()
  // As its own `npm start` runs it; only the icon source and the address are set.
  const child = spawn(join(DIR, 'node_modules', NODE_PACKAGE, 'bin', 'node'), ['--expose-gc', 'node_modules/@iconify/api/lib/index.js'], {
    cwd: DIR,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ICONIFY_SOURCE: 'none', HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', log, log]
  })
  closeSync(log)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    name,
    url,
    port,
    child,
    logFile,
    spawnedAt,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      if (!(await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]))) {
        child.kill('SIGKILL')
        await exited
      }
    }
  }
}
