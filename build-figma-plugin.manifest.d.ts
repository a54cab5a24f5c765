/** Types for build-figma-plugin.manifest.js, which create-figma-plugin loads as plain JavaScript. */
import type { NetworkAccess } from './src/playground/network-access'

export function catalogueUrl(): string
export function networkAccessFor(url: string): NetworkAccess
export default function (manifest: Record<string, unknown>): Record<string, unknown> & { networkAccess: NetworkAccess }
