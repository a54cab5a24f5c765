import { readFileSync } from 'node:fs'
import { configDefaults, defineConfig, type Plugin } from 'vitest/config'

/**
 * @create-figma-plugin's published files name source maps whose sources are not in the package,
 * which Vite reports once per file. Loading them without the map comment keeps the output quiet.
 */
function withoutDanglingSourceMaps(): Plugin {
  return {
    name: 'create-figma-plugin-without-source-maps',
    enforce: 'pre',
    load(id) {
      if (!/\/node_modules\/@create-figma-plugin\/[^/]+\/lib\/.*\.js$/.test(id)) return null
      return { code: readFileSync(id, 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, ''), map: null }
    }
  }
}

export default defineConfig({
  plugins: [withoutDanglingSourceMaps()],
  test: {
    root: '.',
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // The fleet needs nginx: `npm run test:fleet` runs it with its own config.
    exclude: [...configDefaults.exclude, 'test/fleet/**'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/dom-teardown.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // A poll waits for what the browser or the server does next. Its default second is shorter than
    // a cold catalogue's first renders on a busy two-core machine, which made waits fail, not checks.
    expect: { poll: { timeout: 10_000 } },
    // Two cores: more parallel files only queue for them.
    maxWorkers: 2,
    // @create-figma-plugin/ui imports its CSS (including create-figma-plugin's `!global.css`
    // form), which only Vite's pipeline understands. /utilities keeps its event registry in module
    // state, which main-thread tests reset per plugin run with vi.resetModules.
    server: { deps: { inline: [/@create-figma-plugin\/(ui|utilities)/] } }
  },
  resolve: { alias: [{ find: /^!(.*\.css)$/, replacement: '$1' }] },
  // Vite 8 transforms TypeScript with oxc; classic JSX with Preact's `h`, as in tsconfig.json.
  oxc: { jsx: { runtime: 'classic', pragma: 'h', pragmaFrag: 'Fragment', development: false } }
})
