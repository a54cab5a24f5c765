/** A failure as one sentence for a person: the UI, figma.notify, the playground's banner. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
