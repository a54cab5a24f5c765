import { h } from 'preact'

import { iconKey } from '../../api/icon-key'
import type { RecentIcon } from '../../api/plugin-protocol'
import { useCatalogue } from './catalogue-context'
import { IconPreview } from './icon-preview'
import { usePreferences } from './preferences-context'
import { usePreviewInk } from './use-preview-ink'
import { iconThumbnailUrl } from './use-theme-ink'

/** The icons inserted most recently, newest first; choosing one opens it. */
export function RecentIcons(props: { onOpen: (icon: RecentIcon) => void }) {
  const { client, nameOfSet, nameOfStyle } = useCatalogue()
  // Name, set and style, as a result's tile says them; icons recorded before the style was kept have none to say.
  const captionOf = (icon: RecentIcon) => [icon.name, nameOfSet(icon.iconset), ...(icon.style === undefined ? [] : [nameOfStyle(icon.style)])]
  const ink = usePreviewInk()
  const { recent, size, strokeWidth } = usePreferences().preferences
  if (recent.length === 0) return null
  return (
    <div class="ic-recent">
      <h2 class="ic-section-title" id="ic-recent-title">
        Recent
      </h2>
      <ul class="ic-recent-list" aria-labelledby="ic-recent-title">
        {recent.map((icon) => (
          <li key={iconKey(icon.iconset, icon.icon)}>
            <button
              type="button"
              class="ic-tile"
              aria-label={captionOf(icon).join(', ')}
              title={captionOf(icon).join(' · ')}
              onClick={() => props.onOpen(icon)}
            >
              <IconPreview
                iconset={icon.iconset}
                slug={icon.icon}
                {...(icon.style === undefined ? {} : { style: icon.style })}
                url={iconThumbnailUrl(client.baseUrl, icon.iconset, icon.icon, ink)}
                ink={ink}
                size={size}
                strokeWidth={strokeWidth}
                width={24}
              />
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
