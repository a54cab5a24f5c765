/** JSON that is safe to place inside an HTML <script> element whatever its strings contain. */
export function inertJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}
