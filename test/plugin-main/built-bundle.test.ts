/**
 * The built build/main.js (what Figma and the playground run, produced by `npm run build`) against
 * the emulator, with `figma` and `__html__` as its only globals, as in Figma's sandbox.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'

import type { OperationResult } from '../../src/api/plugin-protocol'
import { createFigmaEmulator } from '../../src/playground/figma-emulator'
import { insertRequest } from './plugin-harness'

describe('build/main.js', () => {
  it('inserts an icon through the typed events, as in Figma', async () => {
    const posted: unknown[][] = []
    const emulator = createFigmaEmulator({ ui: { show: () => undefined, post: (message) => void posted.push(message as unknown[]) } })
    const code = readFileSync(new URL('../../build/main.js', import.meta.url), 'utf8')
    new Function('figma', '__html__', 'window', code)(emulator.figma, '<p>UI</p>', undefined)
    // Main shows its UI once it has read the stored preferences; only a shown UI can send anything.
    await vi.waitFor(() => expect(emulator.ui.shown).toBe(true))

    const request = insertRequest('fluent', 'home-32-regular', { size: 32 })
    emulator.deliverFromUi(['INSERT_ICON', request])
    const result = await vi.waitFor(() => {
      const answer = posted.find((message) => message[0] === 'OPERATION_RESULT')?.[1] as OperationResult | undefined
      if (answer === undefined) throw new Error('No OPERATION_RESULT yet')
      return answer
    })
    expect(result).toMatchObject({ requestId: request.requestId, ok: true })
    const [node] = emulator.snapshot().children
    expect(node).toMatchObject({ name: 'fluent/home-32-regular', width: 32, height: 32, pluginData: { size: '32' } })
    expect(emulator.ui.html).toContain('<p>UI</p>')
  })
})
