/**
 * The playground, served beside the catalogue: a page that hosts the real built plugin
 * (build/ui.js in a null-origin iframe, build/main.js against the in-browser Figma emulator)
 * with the catalogue itself as the plugin's backend. Not part of the API, so hidden from OpenAPI.
 */
import { readFile, stat } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { FastifyPluginAsync } from 'fastify'
import type { ProblemDocument } from '../api/catalogue-schemas'
import { representation, sendRepresentation, type Representation } from '../catalogue/http-caching'
import { sendProblem } from '../catalogue/problem-errors'
import { problemOfType } from '../catalogue/problems'
import { networkAccessFor } from '../../build-figma-plugin.manifest.js'
import { FIGMA_PAGE_URL } from './browser/plugin-frame-document'
import { loadFigmaTheme } from './figma-theme'
import { pluginContentSecurityPolicy, type NetworkAccess } from './network-access'
import { playgroundBundle } from './playground-bundle'
import { playgroundPage, type QuickActionCommand } from './playground-page'

export const PLAYGROUND_PATH = '/playground'

/** The playground's own problems, beside the catalogue's (which know nothing of the playground). */
const PLAYGROUND_PROBLEMS = {
  plugin_main_not_built: { status: 404, title: 'Plugin not built' },
  plugin_ui_not_built: { status: 404, title: 'Plugin not built' }
} as const satisfies Record<string, { status: number; title: string }>

function playgroundProblem(code: keyof typeof PLAYGROUND_PROBLEMS, detail: string): ProblemDocument {
  return problemOfType(code, PLAYGROUND_PROBLEMS[code], detail)
}

export interface PlaygroundOptions {
  /** Where `npm run build` wrote main.js and ui.js; the package's build/ by default. */
  buildDirectory?: string
  /** The catalogue's public base URL, which the plugin talks to; the playground page's own origin by default. */
  baseUrl?: string
  /**
   * The public URL of the server these routes are registered on (its BASE_URL), whose path a proxy
   * strips before passing requests on: the page's own links (its script, the plugin files) start
   * with that path. The host's root by default.
   */
  servedAt?: string
  /**
   * The manifest's networkAccess, which the plugin iframe is held to as in Figma (development
   * mode: devAllowedDomains count); the generated manifest.json's by default.
   */
  networkAccess?: NetworkAccess
  /** Settles when a build started with the server has finished; plugin files are served after it. */
  pluginBuilt?: Promise<void>
}

const defaultBuildDirectory = fileURLToPath(new URL('../../build/', import.meta.url))
const manifestPath = fileURLToPath(new URL('../../manifest.json', import.meta.url))

async function manifestNetworkAccess(): Promise<NetworkAccess | undefined> {
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { networkAccess?: NetworkAccess }
  return manifest.networkAccess
}

/** Whether a manifest's networkAccess (development domains included) lets the plugin reach `url`'s origin. */
function allows(networkAccess: NetworkAccess, url: string): boolean {
  const origin = new URL(url).origin
  return [...networkAccess.allowedDomains, ...(networkAccess.devAllowedDomains ?? [])].some((pattern) => {
    if (pattern === '*') return true
    try {
      return new URL(pattern).origin === origin
    } catch {
      return false
    }
  })
}

export interface PlaygroundNetworkAccess {
  networkAccess: NetworkAccess | undefined
  /**
   * Null when the plugin as built (manifest.json) may reach the catalogue at `baseUrl`. Otherwise
   * what to tell the person who started it: the playground then holds the plugin to the
   * networkAccess a build for that URL would declare (CATALOGUE_URL), since the playground hands
   * the plugin this catalogue's URL; Figma would still need that build.
   */
  notice: string | null
}

/**
 * The networkAccess the playground holds the plugin to when it talks to the catalogue at
 * `baseUrl`: the generated manifest's, unless that does not allow this catalogue (a start on
 * another port than the default build's), in which case a build's for this URL. manifest.json
 * itself is never rewritten: it stays what the committed default build makes.
 */
export async function playgroundNetworkAccess(baseUrl: string | undefined): Promise<PlaygroundNetworkAccess> {
  const manifest = await manifestNetworkAccess()
  if (baseUrl === undefined || manifest === undefined || allows(manifest, baseUrl)) return { networkAccess: manifest, notice: null }
  return {
    networkAccess: networkAccessFor(baseUrl),
    notice:
      `the built plugin (manifest.json) may reach only ${manifest.allowedDomains.join(', ')}, not this catalogue at ${new URL(baseUrl).origin}; ` +
      `the playground lets it, as a build with CATALOGUE_URL=${baseUrl} would. For Figma, run \`CATALOGUE_URL=${baseUrl} npm run build\` ` +
      '(it rewrites manifest.json: do not commit it) or start on the default port.'
  }
}

/** The manifest's menu commands that take parameters: what Quick Actions can run. */
async function manifestQuickActions(): Promise<QuickActionCommand[]> {
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { menu?: Array<Partial<QuickActionCommand>> }
  return (manifest.menu ?? []).flatMap((item) =>
    typeof item.name === 'string' && typeof item.command === 'string' && Array.isArray(item.parameters)
      ? [{ name: item.name, command: item.command, parameters: item.parameters }]
      : []
  )
}
/** Where the playground is in the public URL space: PLAYGROUND_PATH under the path of the URL it is served at. */
export function playgroundBasePath(servedAt: string | undefined): string {
  const prefix = servedAt === undefined ? '' : new URL(servedAt).pathname.replace(/\/+$/, '')
  return prefix + PLAYGROUND_PATH
}

const hidden = { schema: { hide: true } }
const PLUGIN_FILES = { 'main.js': 'main', 'ui.js': 'ui' } as const
const SCRIPT_TYPE = 'text/javascript; charset=utf-8'
/** Revalidated on every load (a cheap 304), so a rebuild shows up on reload. */
const NO_CACHE = 'no-cache'

/**
 * The page runs build/main.js with `new Function` (as Figma's sandbox runs it) and the plugin UI
 * inline in a srcdoc iframe, which inherits this policy: hence inline and eval for scripts. What
 * the policy is for: the page can only be framed by its own origin, talks only to itself and the
 * catalogue, and loads no plugins; the one base URL a document may set is Figma's page, which the
 * plugin's frame takes so that relative URLs resolve there, as in Figma (plugin-frame-document.ts).
 */
export function playgroundContentSecurityPolicy(catalogueUrl: string | undefined): string {
  const catalogue = catalogueUrl === undefined ? '' : ` ${new URL(catalogueUrl).origin}`
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${catalogue}`,
    `connect-src 'self'${catalogue}`,
    "frame-src 'self' about:",
    "object-src 'none'",
    `base-uri ${FIGMA_PAGE_URL}`,
    "form-action 'none'",
    "frame-ancestors 'self'"
  ].join('; ')
}

/** A script as built: compressed at most once per encoding, with an ETag. */
function script(code: string): Representation {
  return representation(code, SCRIPT_TYPE, NO_CACHE)
}

export const playgroundRoutes: FastifyPluginAsync<PlaygroundOptions> = async (app, options) => {
  const buildDirectory = options.buildDirectory ?? defaultBuildDirectory
  const policy = playgroundContentSecurityPolicy(options.baseUrl)
  let page: Representation | undefined
  let bundle: Representation | undefined
  /** Each plugin file as last read, by its modification time: a rebuild shows up on reload. */
  const built = new Map<string, { mtimeMs: number; entry: Representation }>()

  app.get(PLAYGROUND_PATH, hidden, async (request, reply) => {
    if (page === undefined) {
      // The build that runs with the server regenerates manifest.json: read it once that is done.
      await options.pluginBuilt
      const networkAccess = options.networkAccess ?? (await playgroundNetworkAccess(options.baseUrl)).networkAccess
      const pluginCsp = pluginContentSecurityPolicy(networkAccess, true)
      page = representation(
        playgroundPage({
          catalogueUrl: options.baseUrl ?? null,
          pluginCsp,
          theme: await loadFigmaTheme(),
          basePath: playgroundBasePath(options.servedAt),
          quickActions: await manifestQuickActions()
        }),
        'text/html; charset=utf-8',
        NO_CACHE
      )
    }
    reply.header('content-security-policy', policy)
    sendRepresentation(request, reply, page)
    return reply
  })

  app.get(`${PLAYGROUND_PATH}/playground.js`, hidden, async (request, reply) => {
    bundle ??= script(await playgroundBundle())
    sendRepresentation(request, reply, bundle)
    return reply
  })

  for (const [file, kind] of Object.entries(PLUGIN_FILES)) {
    app.get(`${PLAYGROUND_PATH}/plugin/${file}`, hidden, async (request, reply) => {
      await options.pluginBuilt
      const path = `${buildDirectory}/${file}`
      let entry: Representation
      try {
        const { mtimeMs } = await stat(path)
        const known = built.get(file)
        entry = known !== undefined && known.mtimeMs === mtimeMs ? known.entry : script(await readFile(path, 'utf8'))
        built.set(file, { mtimeMs, entry })
      } catch {
        return sendProblem(reply, playgroundProblem(`plugin_${kind}_not_built`, `build/${file} is missing: run \`npm run build\` (npm start does it for you), then reload.`))
      }
      sendRepresentation(request, reply, entry)
      return reply
    })
  }
}
