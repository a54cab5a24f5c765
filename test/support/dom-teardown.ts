/**
 * Preact runs effects after the next frame: on requestAnimationFrame, or on a 35 ms timer if no
 * frame comes (preact/hooks' afterNextFrame), which then cancels the frame. In a DOM test file
 * that ends with effects still waiting, the timer would fire after the file's happy-dom window is
 * gone and call a cancelAnimationFrame that no longer exists. So each DOM test file waits that
 * timer out before its window goes; other files wait for nothing.
 */
import { afterAll } from 'vitest'

const PREACT_FRAME_TIMEOUT_MS = 35

afterAll(async () => {
  if (typeof globalThis.cancelAnimationFrame !== 'function') return
  await new Promise((resolve) => setTimeout(resolve, PREACT_FRAME_TIMEOUT_MS * 2))
})
