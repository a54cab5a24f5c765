/**
 * Reads files shipped inside installed npm packages, whatever their `exports` field allows.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
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

export async function readPackageJson<T>(name: string, file: string): Promise<T> {
  return JSON.parse(await readFile(join(packageDir(name), file), 'utf8')) as T
}

export async function readOptionalPackageJson<T>(name: string, file: string): Promise<T | undefined> {
  const path = join(packageDir(name), file)
  return existsSync(path) ? (JSON.parse(await readFile(path, 'utf8')) as T) : undefined
}
