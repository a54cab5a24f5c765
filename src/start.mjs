/**
 * `npm start`: runs src/server.ts from one esbuild bundle of it, the modules it imports and the
 * packages they use, so that a start spends no time compiling TypeScript or resolving hundreds of
 * package files. The bundle is rebuilt first whenever one of the sources it was made from (esbuild's
 * own list of inputs), this file (how it is made) or the installed packages (package-lock.json) are
 * newer than it, so an edited source always runs as edited.
 * `node src/start.mjs --build-only` builds it without starting (postinstall does).
 *
 * The bundle is a CommonJS script run through node:vm with a V8 code cache beside it
 * (build/server/server.cache), which Node 20 offers only for scripts: a start then skips parsing
 * and compiling the ~3 MB bundle's code it runs. The cache is written when a start had none or V8
 * rejected it (another Node version or V8 flags, a rebuilt bundle), once that start has served for
 * a few seconds or when it exits, if sooner, so it holds the functions a start and its first
 * requests compile. A missing or rejected cache only costs that time, never correctness.
 *
 * Plain JavaScript: it runs before anything could compile TypeScript.
 */
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import vm from 'node:vm'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const BUNDLE = `${ROOT}build/server/server.cjs`
const CODE_CACHE = `${ROOT}build/server/server.cache`
const INPUTS = `${ROOT}build/server/inputs.json`
const EXTERNAL = ['@resvg/resvg-js', 'esbuild', 'tsx', '@create-figma-plugin/build', 'playwright-core']
/** How long after its start a process without a usable cache writes one: past its first requests. */
const CACHE_AFTER_MS = 5_000

function bundleIsCurrent() {
  try {
    const built = statSync(BUNDLE).mtimeMs
    const inputs = JSON.parse(readFileSync(INPUTS, 'utf8'))
    return [...inputs, 'src/start.mjs', 'package.json', 'package-lock.json'].every((input) => statSync(`${ROOT}${input}`).mtimeMs <= built)
  } catch {
    return false
  }
}

/**
 * Each module keeps its own import.meta.url, the source file's: the files it finds beside itself
 * (package.json, the render worker, the playground's build folder) are where they are from source.
 * import.meta.resolve('a-package'), which a script has not, is resolved now: the bundle runs from
 * this project, whose packages it resolves to.
 */
const sourceUrls = {
  name: 'source-urls',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replace(/import\.meta\.resolve\((['"])([^./'"][^'"]*)\1\)/g, (_, quote, name) => JSON.stringify(import.meta.resolve(name))),
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
    format: 'cjs',
    target: 'node20',
    // Native code, and tools that start processes or threads from their own files, stay packages.
    external: EXTERNAL,
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceUrls]
  })
  rmSync(CODE_CACHE, { force: true })
  writeFileSync(INPUTS, JSON.stringify(Object.keys(metafile.inputs).filter((input) => !input.startsWith('node_modules/'))))
}

function readCodeCache() {
  try {
    return readFileSync(CODE_CACHE)
  } catch {
    return undefined
  }
}

/** Written under a temporary name and renamed, so another process never reads half a cache. */
function writeCodeCache(script) {
  const temporary = `${CODE_CACHE}.${process.pid}.tmp`
  try {
    writeFileSync(temporary, script.createCachedData())
    renameSync(temporary, CODE_CACHE)
  } catch {
    // A read-only build folder: every start compiles, as without a cache.
    rmSync(temporary, { force: true })
  }
}

/** Runs the bundle as Node runs a CommonJS module, with its code cache when there is a usable one. */
function runBundle() {
  const cachedData = readCodeCache()
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(BUNDLE, 'utf8')}\n})`, {
    filename: BUNDLE,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER
  })
  const module = { exports: {} }
  script.runInThisContext()(module.exports, createRequire(BUNDLE), module, BUNDLE, dirname(BUNDLE))
  if (cachedData !== undefined && !script.cachedDataRejected) return
  let written = false
  const write = () => {
    if (written) return
    written = true
    writeCodeCache(script)
  }
  setTimeout(write, CACHE_AFTER_MS).unref()
  // A process stopped sooner (a test, a bench round) leaves it for the next start too.
  process.once('exit', write)
}

if (!bundleIsCurrent()) await buildBundle()
if (!process.argv.includes('--build-only')) runBundle()
