/**
 * `npm start`: runs src/server.ts from one esbuild bundle of it, the modules it imports and the
 * packages they use, so that a start spends no time compiling TypeScript or resolving hundreds of
 * package files. The bundle is rebuilt first whenever one of the sources it was made from (esbuild's
 * own list of inputs) or the installed packages (package-lock.json) are newer than it, so an edited
 * source always runs as edited.
 * `node src/start.mjs --build-only` builds it without starting (postinstall does).
 *
 * Plain JavaScript: it runs before anything could compile TypeScript.
 */
import { readFileSync, statSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const BUNDLE = `${ROOT}build/server/server.mjs`
const INPUTS = `${ROOT}build/server/inputs.json`
const EXTERNAL = ['@resvg/resvg-js', 'esbuild', 'tsx', '@create-figma-plugin/build', 'playwright-core']

function bundleIsCurrent() {
  try {
    const built = statSync(BUNDLE).mtimeMs
    const inputs = JSON.parse(readFileSync(INPUTS, 'utf8'))
    return [...inputs, 'package.json', 'package-lock.json'].every((input) => statSync(`${ROOT}${input}`).mtimeMs <= built)
  } catch {
    return false
  }
}

/**
 * Each module keeps its own import.meta.url, the source file's: the files it finds beside itself
 * (package.json, the render worker, the playground's build folder) are where they are from source.
 */
const sourceUrls = {
  name: 'source-urls',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: args.path.endsWith('x') ? 'tsx' : 'ts'
    }))
  }
}

async function buildBundle() {
  const { build } = await import('esbuild')
  const { metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: ['src/server.ts'],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Native code, and tools that start processes or threads from their own files, stay packages.
    external: EXTERNAL,
    // Bundled CommonJS packages require Node's own modules.
    banner: { js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);" },
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceUrls]
  })
  const { writeFileSync } = await import('node:fs')
  writeFileSync(INPUTS, JSON.stringify(Object.keys(metafile.inputs).filter((input) => !input.startsWith('node_modules/'))))
}

if (!bundleIsCurrent()) await buildBundle()
if (!process.argv.includes('--build-only')) await import(pathToFileURL(BUNDLE).href)
