import { h } from 'preact'
import { useState } from 'preact/hooks'

/**
 * A 24px thumbnail that shows a neutral placeholder until its image has loaded, so a grid still
 * waiting for a drawing reads as loading rather than empty. One that fails keeps a still placeholder.
 * A new source (the theme's ink changed) keeps the old drawing until the new one is there, with no flash.
 */
export function Thumbnail(props: { src: string }) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  return (
    <span class="ic-thumb-frame" data-state={state}>
      {state === 'ready' ? null : <span class="ic-skeleton" aria-hidden="true" />}
      <img
        class="ic-thumb"
        src={props.src}
        alt=""
        width={24}
        height={24}
        loading="lazy"
        decoding="async"
        draggable={false}
        ref={(image) => {
          // Drawn already (from the cache) before the load listener could hear it.
          if (image !== null && image.complete && image.naturalWidth > 0 && state === 'loading') setState('ready')
        }}
        onLoad={() => setState('ready')}
        onError={() => setState('failed')}
      />
    </span>
  )
}
