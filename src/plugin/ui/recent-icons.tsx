import { h } from 'preact'

import { iconKey } from '../../api/icon-key'
import type { RecentIcon } from '../../api/plugin-protocol'
import { iconThumbnailUrl } from './use-theme-ink'

/** The icons inserted most recently, newest first; choosing one opens it. */
export function RecentIcons(props: {
  recent: readonly RecentIcon[]
  baseUrl: string
  ink: string
  nameOfSet: (iconset: string) => string
  onOpen: (icon: RecentIcon) => void
}) {
  if (props.recent.length === 0) return null
  return (
    <div class="ic-recent">
      <h2 class="ic-section-title" id="ic-recent-title">
        Recent
      </h2>
      <ul class="ic-recent-list" aria-labelledby="ic-recent-title">
        {props.recent.map((icon) => (
          <li key={iconKey(icon.iconset, icon.icon)}>
            <button
              type="button"
              class="ic-tile"
              aria-label={`${icon.name}, ${props.nameOfSet(icon.iconset)}`}
              title={`${icon.name} · ${props.nameOfSet(icon.iconset)}`}
              onClick={() => props.onOpen(icon)}
            >
              <img
                class="ic-thumb"
                src={iconThumbnailUrl(props.baseUrl, icon.iconset, icon.icon, props.ink)}
                alt=""
                width={24}
                height={24}
              />
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
