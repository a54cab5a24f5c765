import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    root: '.',
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The real catalogue loads ~100k icons per process; two cores want few parallel files.
    maxWorkers: 2
  },
  esbuild: { jsx: 'transform', jsxFactory: 'h', jsxFragment: 'Fragment' }
})
