import { MAX_RECENT } from '../../api/limits'
import type { RecentIcon } from '../../api/plugin-protocol'

/** Puts an icon first in the recent list, once. */
export function withRecent(recent: readonly RecentIcon[], icon: RecentIcon): RecentIcon[] {
  const others = recent.filter((item) => item.iconset !== icon.iconset || item.icon !== icon.icon)
  return [icon, ...others].slice(0, MAX_RECENT)
}
