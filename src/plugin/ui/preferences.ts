import type { Preferences, RecentIcon } from '../../api/plugin-protocol'

export const DEFAULT_PREFERENCES: Preferences = { query: '', style: null, size: 24, color: '#000000', recent: [] }

export const MAX_RECENT = 12

/** Puts an icon first in the recent list, once. */
export function withRecent(recent: readonly RecentIcon[], icon: RecentIcon): RecentIcon[] {
  const others = recent.filter((item) => item.iconset !== icon.iconset || item.icon !== icon.icon)
  return [icon, ...others].slice(0, MAX_RECENT)
}
