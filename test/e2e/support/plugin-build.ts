/**
 * The e2e tests run the real built plugin. `npm test` builds it first; when a test file is run
 * on its own and build/ is missing, the first file to need it builds it, and the others wait.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const built = (): boolean => existsSync(`${root}build/main.js`) && existsSync(`${root}build/ui.js`)
const lock = `${tmpdir()}/icon-catalogue-plugin-build.lock`
/** A lock older than any build is left over from a killed run. */
const STALE_LOCK_MS = 5 * 60_000

function lockIsStale(): boolean {
  try {
    return Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS
  } catch {
    return false
  }
}

export async function ensurePluginBuilt(): Promise<void> {
  while (!built()) {
    try {
      mkdirSync(lock)
    } catch {
      // Another test file is building: wait for it.
      if (lockIsStale()) rmSync(lock, { recursive: true, force: true })
      await sleep(500)
      continue
    }
    try {
      if (!built()) await promisify(execFile)('npm', ['run', 'build'], { cwd: root })
    } finally {
      rmSync(lock, { recursive: true, force: true })
    }
  }
}
