/** Counts as designers read them: 19,904. */
export const formatCount = (value: number) => value.toLocaleString('en-US')

/** A count and its noun, singular for one: "1 set", "2,933 icons". */
export const counted = (value: number, singular: string, plural = `${singular}s`) =>
  `${formatCount(value)} ${value === 1 ? singular : plural}`
