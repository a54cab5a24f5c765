import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    root: '.',
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // The fleet needs nginx: `npm run test:fleet` runs it with its own config.
    exclude: [...configDefaults.exclude, 'test/fleet/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The real catalogue loads ~100k icons per process; two cores want few parallel files.
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
