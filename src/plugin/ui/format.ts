/** Counts as designers read them: 19,904. */
export const formatCount = (value: number) => value.toLocaleString('en-US')
