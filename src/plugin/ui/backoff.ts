/** How long to wait before the next automatic retry: 1 s, 2 s, 4 s… never more than 30 s. */
export const FIRST_RETRY_MS = 1_000
export const MAX_RETRY_MS = 30_000

export function backoffDelay(failures: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1))
}
