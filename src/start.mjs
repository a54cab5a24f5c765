/**
 * `npm start`: runs src/server.ts from one esbuild bundle of it, the modules it imports and the
 * packages they use, so that a start spends no time compiling TypeScript or resolving hundreds of
 * package files. The bundle is rebuilt first whenever one of the sources it was made from (esbuild's
 * own list of inputs), this file (how it is made) or the installed packages (package-lock.json) are
 * newer than it, so an edited source always runs as edited.
 * `node src/start.mjs --build-only` builds it without starting (postinstall does).
 * `startBundled` does the same for another entry into another folder: the bench starts its scaled
 * catalogues this way (test/bench/serve-scaled.mjs), and the start test builds into a temporary one.
 *
 * The bundle is a CommonJS script run through node:vm with a V8 code cache beside it
 * (build/server/server.cache), which Node 20 offers only for scripts: a start then skips parsing
 * and compiling the ~3 MB bundle's code it runs. The cache is written when a start had none or V8
 * rejected it (another Node version or V8 flags, a rebuilt bundle), once that start has served for
 * a few seconds or when it exits, if sooner and not on a failure, so it holds the functions a start
 * and its first requests compile. A missing or rejected cache only costs that time, never correctness.
 *
 * Plain JavaScript: it runs before anything could compile TypeScript.
 */
import { readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, isAbsolute, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import vm from 'node:vm'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const EXTERNAL = ['@resvg/resvg-js', 'esbuild', 'tsx', '@create-figma-plugin/build', 'playwright-core']
/** How long after its start a process without a usable cache writes one: past its first requests. */
const CACHE_AFTER_MS = 5_000

/** Where a bundle of `entry` is kept in `outDir` (relative to the project, or absolute): itself, its code cache, its list of inputs. */
function bundlePaths(outDir) {
  const dir = isAbsolute(outDir) ? outDir : join(ROOT, outDir)
  return { bundle: join(dir, 'server.cjs'), codeCache: join(dir, 'server.cache'), inputs: join(dir, 'inputs.json') }
}

function bundleIsCurrent({ bundle, inputs: inputsFile }) {
  try {
    const built = statSync(bundle).mtimeMs
    const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'))
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

async function buildBundle(entry, { bundle, codeCache, inputs }) {
  const { build } = await import('esbuild')
  const { metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outfile: bundle,
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
  rmSync(codeCache, { force: true })
  writeFileSync(inputs, JSON.stringify(Object.keys(metafile.inputs).filter((input) => !input.startsWith('node_modules/'))))
}

function readCodeCache(codeCache) {
  try {
    return readFileSync(codeCache)
  } catch {
    return undefined
  }
}

/** Written under a temporary name and renamed, so another process never reads half a cache. */
function writeCodeCache(script, codeCache) {
  const temporary = `${codeCache}.${process.pid}.tmp`
  try {
    writeFileSync(temporary, script.createCachedData())
    renameSync(temporary, codeCache)
  } catch {
    // A read-only build folder: every start compiles, as without a cache.
    rmSync(temporary, { force: true })
  }
}

/** Runs the bundle as Node runs a CommonJS module, with its code cache when there is a usable one. */
function runBundle({ bundle, codeCache }) {
  const cachedData = readCodeCache(codeCache)
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'utf8')}\n})`, {
    filename: bundle,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER
  })
  const module = { exports: {} }
  // Packages left outside the bundle resolve from this project, wherever the bundle is kept.
  script.runInThisContext()(module.exports, createRequire(import.meta.url), module, bundle, dirname(bundle))
  if (cachedData !== undefined && !script.cachedDataRejected) return
  let written = false
  const write = () => {
    if (written) return
    written = true
    writeCodeCache(script, codeCache)
  }
  setTimeout(write, CACHE_AFTER_MS).unref()
  // A process stopped sooner (a test, a bench round) leaves it for the next start too, unless its
  // start failed (a mistake in the configuration, a port in use): that one compiled little of what
  // a start runs, and its cache would stand, unrejected, in the way of a good one.
  process.once('exit', (code) => {
    if (code === 0) write()
  })
}

/**
 * The configuration checked as the bundle will check it (`config`: a module, relative to this
 * file, exporting readConfigOrExit), through tsx, which compiles that module and the few it imports
 * (about 0.3 s, only when the bundle is stale): a mistake stops the process with its one line and
 * exit code 78 before the rebuild, which takes seconds. tsx's loader stays registered for the rest
 * of such a start; the bundle is a CommonJS script run through node:vm, which it does not touch.
 */
async function checkConfiguration(config) {
  const { tsImport } = await import('tsx/esm/api')
  const { readConfigOrExit } = await tsImport(config, import.meta.url)
  readConfigOrExit(process.env)
}

/**
 * Builds `entry` (a source path relative to the project) into `outDir` if the bundle there is
 * stale, first checking the configuration if `config` names its module, then, unless `buildOnly`,
 * runs it in this process with its code cache.
 */
export async function startBundled({ entry, outDir, buildOnly = false, config }) {
  const paths = bundlePaths(outDir)
  if (!bundleIsCurrent(paths)) {
    if (!buildOnly && config !== undefined) await checkConfiguration(config)
    await buildBundle(entry, paths)
  }
  if (!buildOnly) runBundle(paths)
}

/** `npm start`'s own bundle: the service (src/server.ts) in build/server, configured as config.ts reads it. */
export const SERVICE_BUNDLE = { entry: 'src/server.ts', outDir: 'build/server', config: './config.ts' }

function isMain() {
  try {
    return realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)
  } catch {
    return false
  }
}

if (isMain()) {
  await startBundled({ ...SERVICE_BUNDLE, buildOnly: process.argv.includes('--build-only') })
}
