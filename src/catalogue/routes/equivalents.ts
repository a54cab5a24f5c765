/**
 * GET /iconsets/{iconset_slug}/equivalents?icons=lucide:house,lucide:user — each icon's likeliest
 * equivalent in another set, with a confidence and how it was found, or a miss: what a designer
 * sees before moving a selection to another set. The static segment outranks the icon route's
 * parameter, and no set has an icon named "equivalents".
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { EquivalentsRequest, IconEquivalents, type Equivalent as WireEquivalent } from '../../api/catalogue-schemas'
import { MAX_EQUIVALENT_ICONS } from '../../api/limits'
import type { Catalogue, IconRecord } from '../catalogue'
import { findEquivalent, type Equivalent } from '../equivalents'
import { cacheKey, NOT_MODIFIED_RESPONSE, sendRepresentation } from '../http-caching'
import { type ParameterProblems, problemResponses } from '../problem-errors'
import { excerpt, ProblemError } from '../problems'
import { iconSummary } from '../to-wire'
import { jsonRepresentation, jsonResponse, type CatalogueRouteOptions } from './route-options'
import { listItemCount, listValues } from '../../api/catalogue-urls'

/** How long finding equivalents runs before it lets other requests be answered. */
const SLICE_MS = 5

const TOO_MANY = `icons names at most ${MAX_EQUIVALENT_ICONS} icons per request; split the selection.`

const INVALID = 'icons must be one or more Iconify ids (set:icon), repeated or separated by commas.'

const EQUIVALENTS_PROBLEMS: ParameterProblems = {
  icons: (keyword, value) => {
    if (keyword === 'maxItems') return ['too_many_icons', TOO_MANY]
    if (keyword !== 'maxLength') return ['invalid_icons', INVALID]
    // A value over the length that many ids fit in: too many of them, or one far longer than any id.
    const ids = listValues(Array.isArray(value) ? value.map(String) : [String(value)])
    return ids.length > MAX_EQUIVALENT_ICONS ? ['too_many_icons', TOO_MANY] : ['invalid_icons', `${INVALID} Each value holds at most ${MAX_EQUIVALENT_ICONS * 100} characters.`]
  }
}

/**
 * The requested icons, each once in request order, with the catalogue's record of each, if it has
 * one: a selection may hold icons of another catalogue or an older set, and the rest still swap.
 * An id that is not set:icon is a 400 that says which.
 */
function requestedIcons(catalogue: Catalogue, icons: readonly string[]): Array<{ id: string; icon: IconRecord | undefined }> {
  const ids = listValues(icons)
  if (ids.length === 0) throw new ProblemError('invalid_icons', 'icons must name at least one icon, as set:icon.')
  // Given in one value or repeated, each id counts, repeats too, as the schema counts repeated values.
  if (listItemCount(icons) > MAX_EQUIVALENT_ICONS) throw new ProblemError('too_many_icons', TOO_MANY)
  return ids.map((id) => {
    const [iconset = '', slug = '', ...extra] = id.split(':')
    if (iconset === '' || slug === '' || extra.length > 0) {
      throw new ProblemError('invalid_icons', `${excerpt(id)} is not an Iconify id; write set:icon, e.g. lucide:house.`)
    }
    return { id, icon: catalogue.getIcon(iconset, slug) }
  })
}

export const equivalentsRoutes: FastifyPluginAsyncTypebox<CatalogueRouteOptions> = async (app, { catalogue, baseUrl, cache }) => {
  const toWire = (equivalent: Equivalent): WireEquivalent => ({
    icon: iconSummary(baseUrl, equivalent.icon),
    confidence: equivalent.confidence,
    matched_by: equivalent.kind
  })

  app.get(
    '/iconsets/:iconset/equivalents',
    {
      config: { parameterProblems: EQUIVALENTS_PROBLEMS },
      schema: {
        operationId: 'getEquivalents',
        summary: 'Equivalents in this set of icons from other sets',
        description:
          'For each icon, the likeliest icon of this set that draws the same thing: the same family name (confidence 1), a synonym ' +
          '(settings → gear), or shared name words and upstream tags, in the style of this set closest to the icon’s own (Lucide ' +
          `outline → Phosphor regular). A confidence below 0.5 is a miss (match null), with the closest families as alternatives. ` +
          'An icon the catalogue does not have (from another catalogue, or renamed in a newer version of its set) is answered ' +
          'with known false and no match, and the others as usual, so the rest of a selection can still move. ' +
          `At most ${MAX_EQUIVALENT_ICONS} icons per request.`,
        tags: ['iconsets'],
        params: Type.Object({ iconset: Type.String({ description: 'The target set’s slug, e.g. ph' }) }),
        querystring: EquivalentsRequest,
        response: {
          200: jsonResponse('Each icon’s equivalent or miss, in request order', IconEquivalents),
          ...NOT_MODIFIED_RESPONSE,
          ...problemResponses('invalid_icons', 'too_many_icons', 'iconset_not_found')
        }
      }
    },
    async (request, reply) => {
      const target = catalogue.getIconset(request.params.iconset)
      if (target === undefined) throw new ProblemError('iconset_not_found', `No icon set ${excerpt(request.params.iconset)}; GET /iconsets lists them.`)
      const icons = requestedIcons(catalogue, request.query.icons)
      const key = cacheKey('equivalents', target.slug, ...icons.map(({ id }) => id))
      const kept = cache.lookup(key)
      if (kept !== undefined) {
        sendRepresentation(request, reply, kept)
        return reply
      }
      // An icon's equivalent takes up to a few ms (a few searches of the set); a hundred of them at
      // once would hold every other request that long. So the work gives way to them every
      // SLICE_MS, and stops if the client has gone meanwhile.
      const equivalents: IconEquivalents['equivalents'] = []
      let sliceStart = performance.now()
      for (const { id, icon } of icons) {
        if (performance.now() - sliceStart > SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve))
          if (request.raw.socket.destroyed) return reply
          sliceStart = performance.now()
        }
        if (icon === undefined) {
          equivalents.push({ source: id, known: false, match: null, alternatives: [] })
          continue
        }
        const { match, alternatives } = findEquivalent(catalogue, icon, target)
        equivalents.push({ source: id, known: true, match: match === null ? null : toWire(match), alternatives: alternatives.map(toWire) })
      }
      const body: IconEquivalents = {
        iconset: target.slug,
        total: equivalents.length,
        matched: equivalents.filter((entry) => entry.match !== null).length,
        equivalents
      }
      sendRepresentation(request, reply, cache.set(key, jsonRepresentation(reply, body)))
      return reply
    }
  )
}
