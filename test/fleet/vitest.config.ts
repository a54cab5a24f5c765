import { defineConfig } from 'vitest/config'

/** `npm run test:fleet`: needs nginx on the PATH, so it is not part of `npm test`. */
export default defineConfig({
  test: {
    root: '.',
    include: ['test/fleet/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000
  }
})
