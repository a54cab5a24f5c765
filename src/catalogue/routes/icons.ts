/**
 * GET /iconsets/{iconset_slug}/{icon_slug} — the icon's metadata and download links, or, with
 * ?format=svg|png&size=N&color=%23rrggbb, the icon itself rendered at that size.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { FORMATS, IconDetail, RenderQuery } from '../../api/catalogue-schemas'
import { iconUrl } from '../../api/catalogue-urls'
import { MAX_SIZE, MIN_SIZE, normalColor } from '../../api/limits'
import { CACHE_IMAGE, cacheKey, NOT_MODIFIED_RESPONSE, representation, sendRepresentation } from '../http-caching'
import { type ParameterProblems, problemResponses, sendProblem } from '../problem-errors'
import { excerpt, problem, ProblemError } from '../problems'
import { RenderAbandoned, type RenderPool } from '../render-pool'
import { renderedOptions, renderSvg } from '../render-svg'
import { iconDetail } from '../to-wire'
import { IconsetParams } from './iconsets'
import { jsonRepresentation, type CatalogueRouteOptions } from './route-options'

const SVG_TYPE = 'image/svg+xml; charset=utf-8'
const PNG_TYPE = 'image/png'

const IconParams = Type.Object({
  ...IconsetParams.properties,
  icon: Type.String({ description: 'Icon slug, unique within its set, e.g. house' })
})

const RENDER_PROBLEMS: ParameterProblems = {
  format: (_, value) => ['unknown_format', `Unknown format ${excerpt(value)}; use one of ${FORMATS.join(', ')}.`],
  size: (keyword, value) => [
    keyword === 'minimum' || keyword === 'maximum' ? 'size_out_of_range' : 'invalid_size',
    `size must be a whole number of px from ${MIN_SIZE} to ${MAX_SIZE}, written plainly (24, not 024 or 2.4e1), got ${excerpt(value)}.`
  ],
  color: (_, value) => ['invalid_color', `color must be a hex color such as #1e1e1e or #f60, got ${excerpt(value)}.`]
}

const CONTENT_LOCATION = {
  description:
    'Where the icon asked for by another name (an alias Iconify keeps for a renamed icon, Lucide\'s home for house) is at its own slug; absent when asked for by it',
  type: 'string',
  format: 'uri'
} as const

const CONTENT_DISPOSITION = {
  description:
    'For a rendered icon: `inline`, with the file name a download is saved under (`lucide-house-64.png`: set, icon, size and colour, as the URL asks for them; the colour only where it recoloured the drawing)',
  type: 'string'
} as const

/**
 * The name a rendered icon is saved under: its URL ends in no file name (`/iconsets/lucide/house?format=png&size=64`),
 * so a browser would save it as `house`, without its type. Slugs and hex colours need no quoting.
 */
function downloadName(iconset: string, icon: string, render: { format: string; size?: number; color?: string }): string {
  const parts = [iconset, icon, render.size, render.color?.slice(1)].filter((part) => part !== undefined)
  return `${parts.join('-')}.${render.format}`
}

export const iconRoutes: FastifyPluginAsyncTypebox<CatalogueRouteOptions & { renderPool: RenderPool }> = async (
  app,
  { catalogue, baseUrl, cache, renderPool }
) => {
  app.get(
    '/iconsets/:iconset/:icon',
    {
      config: { parameterProblems: RENDER_PROBLEMS },
      schema: {
        operationId: 'getIcon',
        summary: 'One icon: metadata and downloads, or the icon rendered as SVG or PNG',
        tags: ['icons'],
        params: IconParams,
        querystring: RenderQuery,
        response: {
          200: {
            description: 'The icon resource (no format), or the rendered icon',
            headers: { 'Content-Location': CONTENT_LOCATION, 'Content-Disposition': CONTENT_DISPOSITION },
            content: {
              'application/json': { schema: IconDetail },
              'image/svg+xml': { schema: { type: 'string', description: 'The longest side equal to size (the other in whole px), with the drawing\'s viewBox' } },
              'image/png': { schema: { type: 'string', contentMediaType: 'image/png', description: 'Exactly size px on the longest side' } }
            }
          },
          // A 304 carries the 200's Content-Location (RFC 9110 §15.4.5).
          304: { ...NOT_MODIFIED_RESPONSE[304], headers: { 'Content-Location': CONTENT_LOCATION } },
          ...problemResponses(
            'unknown_format',
            'invalid_size',
            'size_out_of_range',
            'invalid_color',
            'format_required',
            'repeated_parameter',
            'invalid_parameter',
            'iconset_not_found',
            'icon_not_found',
            'render_failed',
            'render_queue_full'
          )
        }
      }
    },
    (request, reply) => {
      const { iconset, icon: slug } = request.params
      const { format, size, color } = request.query
      const set = catalogue.getIconset(iconset)
      if (set === undefined) throw new ProblemError('iconset_not_found', `No icon set ${excerpt(iconset)}; GET /iconsets lists them.`)
      const icon = catalogue.getIcon(set.slug, slug)
      if (icon === undefined) throw new ProblemError('icon_not_found', `No icon ${excerpt(slug)} in the icon set ${set.slug}.`)
      if (format === undefined && (size !== undefined || color !== undefined)) {
        throw new ProblemError('format_required', 'size and color apply to a rendered icon: add format=svg or format=png.')
      }
      // By the icon's own slug (an alias names the same icon), and by what is drawn: the colour in
      // one form (#F60 is #ff6600), none for a drawing it cannot change, and the size it comes at.
      const normal = color === undefined ? undefined : (normalColor(color) ?? undefined)
      const drawn = format === undefined ? undefined : renderedOptions(catalogue.iconData(icon), { size, color: normal })
      const key = cacheKey('icon', set.slug, icon.slug, format ?? 'json', drawn?.size ?? null, drawn?.color ?? null)
      const render = format === undefined ? undefined : { format, size, color: normal }
      const place = { cache, key, urls: [iconUrl('', set.slug, icon.slug, render)] }
      // Asked for by an alias (Lucide's home is house): the same representation, which has a URL of its own (RFC 9110 §8.7).
      if (icon.slug !== slug) reply.header('Content-Location', iconUrl(baseUrl, set.slug, icon.slug, render))
      // Shown in the browser as before, saved under its own name (RFC 6266).
      // A colour names the file only where it recoloured the drawing: Twemoji's have no currentColor.
      if (render !== undefined) {
        reply.header('Content-Disposition', `inline; filename="${downloadName(set.slug, icon.slug, { ...render, color: drawn?.color })}"`)
      }
      const cached = cache.lookup(key)
      if (cached !== undefined) return sendRepresentation(request, reply, cached, place)
      if (format === undefined) {
        return sendRepresentation(request, reply, cache.set(key, jsonRepresentation(reply, iconDetail(baseUrl, catalogue, set, icon))), place)
      }

      const { svg } = renderSvg(catalogue.iconData(icon), drawn)
      if (format === 'svg') return sendRepresentation(request, reply, cache.set(key, representation(svg, SVG_TYPE, CACHE_IMAGE)), place)
      // The connection owns the render: its renders share the queue fairly with others', and are dropped when it closes.
      renderPool.render(svg, request.raw.socket).then(
        (png) => sendRepresentation(request, reply, cache.set(key, representation(png, PNG_TYPE, CACHE_IMAGE)), place),
        (error: Error) => {
          // The client has gone: there is nobody to answer.
          if (error instanceof RenderAbandoned) return
          // A full render queue is an answer (503 with Retry-After), not a failure to log.
          if (error instanceof ProblemError) return sendProblem(reply.headers(error.headers), error.problem)
          request.log.error({ err: error }, 'PNG render failed')
          sendProblem(reply, problem('render_failed', 'The icon could not be rendered as PNG; it has been logged.'))
        }
      )
    }
  )
}
