/**
 * Reads files shipped inside installed npm packages, whatever their `exports` field allows.
 */
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { isAbsolute, join } from 'node:path'

const require = createRequire(import.meta.url)

/** An installed package by name, or a package directory given as an absolute path. */
export function packageDir(name: string): string {
  if (isAbsolute(name)) return name
  for (const modules of require.resolve.paths(name) ?? []) {
    const dir = join(modules, name)
    if (existsSync(join(dir, 'package.json'))) return dir
  }
  throw new Error(`npm package ${name} is not installed`)
}

// Start-up reads synchronously: nothing else runs yet, and on a busy machine every hop through
// the thread pool is another wait for a core.
export function readPackageJson<T>(name: string, file: string): T {
  return JSON.parse(readFileSync(join(packageDir(name), file), 'utf8')) as T
}

export function readOptionalPackageJson<T>(name: string, file: string): T | undefined {
  const path = join(packageDir(name), file)
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : undefined
}
