import type { ColorBinding } from '../../api/plugin-protocol'

/** Whether two bindings are the same file colour; none and none are the same too. */
export function sameBinding(a: ColorBinding | null | undefined, b: ColorBinding | null | undefined): boolean {
  return a?.kind === b?.kind && a?.id === b?.id
}
