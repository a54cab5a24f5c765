/** Counts as designers read them: 19,904. */
export const formatCount = (value: number) => value.toLocaleString('en-US')

/** A failure as one sentence for the UI and figma.notify. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))
