/**
 * The playground's own browser code, bundled with esbuild (the bundler @create-figma-plugin/build
 * already brings) the first time it is asked for and kept in memory for the life of the server.
 */
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const entryPoint = fileURLToPath(new URL('./browser/playground.ts', import.meta.url))

async function bundlePlayground(): Promise<string> {
  const result = await build({
    entryPoints: [entryPoint],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome110',
    sourcemap: 'inline',
    logLevel: 'silent'
  })
  const output = result.outputFiles[0]
  if (output === undefined) throw new Error('esbuild produced no playground bundle')
  return output.text
}

let bundle: Promise<string> | undefined

export function playgroundBundle(): Promise<string> {
  bundle ??= bundlePlayground().catch((error: unknown) => {
    // A failed bundle is not cached, so fixing the source and reloading is enough.
    bundle = undefined
    throw error
  })
  return bundle
}
