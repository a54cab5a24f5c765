/**
 * The playground, served beside the catalogue: a page that hosts the real built plugin
 * (build/ui.js in a null-origin iframe, build/main.js against the in-browser Figma emulator)
 * with the catalogue itself as the plugin's backend. Not part of the API, so hidden from OpenAPI.
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { FastifyPluginAsync } from 'fastify'
import { sendProblem } from '../catalogue/problem-errors'
import { problem } from '../catalogue/problems'
import { loadFigmaTheme } from './figma-theme'
import { playgroundBundle } from './playground-bundle'
import { playgroundPage } from './playground-page'

export const PLAYGROUND_PATH = '/playground'

export interface PlaygroundOptions {
  /** Where `npm run build` wrote main.js and ui.js; the package's build/ by default. */
  buildDirectory?: string
  /** The catalogue's public base URL, which the plugin talks to; the playground page's own origin by default. */
  baseUrl?: string
  /** Settles when a build started with the server has finished; plugin files are served after it. */
  pluginBuilt?: Promise<void>
}

const defaultBuildDirectory = fileURLToPath(new URL('../../build/', import.meta.url))
const hidden = { schema: { hide: true } }
const PLUGIN_FILES = { 'main.js': 'main', 'ui.js': 'ui' } as const

export const playgroundRoutes: FastifyPluginAsync<PlaygroundOptions> = async (app, options) => {
  const buildDirectory = options.buildDirectory ?? defaultBuildDirectory

  app.get(PLAYGROUND_PATH, hidden, async (_request, reply) => {
    const theme = await loadFigmaTheme()
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(playgroundPage({ catalogueUrl: options.baseUrl ?? null, theme, basePath: PLAYGROUND_PATH }))
  })

  app.get(`${PLAYGROUND_PATH}/playground.js`, hidden, async (_request, reply) => {
    const code = await playgroundBundle()
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(code)
  })

  for (const [file, kind] of Object.entries(PLUGIN_FILES)) {
    // Read on every request so that a rebuild shows up on reload, byte for byte as built.
    app.get(`${PLAYGROUND_PATH}/plugin/${file}`, hidden, async (_request, reply) => {
      await options.pluginBuilt
      let code: string
      try {
        code = await readFile(`${buildDirectory}/${file}`, 'utf8')
      } catch {
        return sendProblem(reply, problem(`plugin_${kind}_not_built`, `build/${file} is missing: run \`npm run build\` (npm start does it for you), then reload.`))
      }
      return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(code)
    })
  }
}
