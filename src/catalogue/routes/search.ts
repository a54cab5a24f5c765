/** GET /search — ranked, paged icon search, one icon per family, optionally filtered by style and sets. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { STYLE_SLUGS, SearchRequest, SearchResult } from '../../api/catalogue-schemas'
import { listItemCount, listValues, SEARCH_FIELDS, searchUrl } from '../../api/catalogue-urls'
import { MAX_ICONSET_FILTER, MAX_ICONSET_VALUE, MAX_LIMIT, MAX_QUERY_LENGTH } from '../../api/limits'
import { queryText } from '../../api/query-text'
import type { Catalogue } from '../catalogue'
import {
  CACHE_VERSIONED,
  cacheKey,
  etagOf,
  JSON_TYPE,
  NOT_KEPT_BY_PROXY,
  NOT_MODIFIED_RESPONSE,
  representation,
  RepresentationCache,
  routeHeadersOf,
  sendRepresentation,
  versionedEtag,
  type Representation
} from '../http-caching'
import { type ParameterProblems, problemResponses } from '../problem-errors'
import { excerpt, ProblemError } from '../problems'
import { iconSummaryJson, searchPage, searchPageJson } from '../to-wire'
import { jsonResponse } from './route-options'

const ICONSET_LIMIT = `iconset must be one to ${MAX_ICONSET_FILTER} set slugs, repeated or separated by commas.`

const SEARCH_PROBLEMS: ParameterProblems = {
  q: () => ['query_too_long', `q must be at most ${MAX_QUERY_LENGTH} characters.`],
  style: (_, value) => ['unknown_style', `Unknown style ${excerpt(value)}; use one of ${STYLE_SLUGS.join(', ')}.`],
  offset: (_, value) => ['invalid_offset', `offset must be a whole number of 0 or more, got ${excerpt(value)}.`],
  limit: (_, value) => ['invalid_limit', `limit must be a whole number from 1 to ${MAX_LIMIT}, got ${excerpt(value)}.`],
  iconset: (keyword) => [
    'invalid_iconset',
    keyword === 'maxLength' ? `Each iconset value holds at most ${MAX_ICONSET_VALUE} characters; ${ICONSET_LIMIT}` : ICONSET_LIMIT
  ],
  svg: (_, value) => ['invalid_svg', `svg must be true or false, got ${excerpt(value)}.`],
  families_only: (_, value) => ['invalid_families_only', `families_only must be true or false, got ${excerpt(value)}.`]
}

/**
 * The format of search answers, named in their ETags: bump it whenever what a search answers
 * changes for the same request (its fields, its ranking, how it reads a query), so that a cache
 * revalidating a page of the old format gets the new one rather than a 304. The package version
 * is no substitute: it is not bumped with every change to the service.
 */
export const SEARCH_FORMAT = 60

/**
 * What a search answer depends on besides the request: the service and its answers' format,
 * where it is served from (every URL in it), and the catalogue's content (Catalogue.contentKey:
 * not only the sets' package versions, since a tag package or a style rule changes answers too).
 */
export function catalogueVersion(catalogue: Catalogue, serviceVersion: string, baseUrl: string, format = SEARCH_FORMAT): string {
  return etagOf(`icon-catalogue@${serviceVersion} search-format-${format} ${baseUrl} ${catalogue.contentKey}`).slice(1, -1)
}

const KEY_FIELDS = Object.keys(SEARCH_FIELDS) as Array<keyof SearchRequest>

/**
 * The one normal form of a validated request, which its cache key, ETag, echo and links are all
 * made from, so that spellings of one question (`iconset=a,b` or `iconset=a&iconset=b`, a blank
 * `style=`, `svg=false`) are one answer: iconset split at commas, trimmed, without blanks or
 * repeats, in first-seen order; a blank q (or one of spaces alone: it matches nothing more), style
 * or set list, svg=false and families_only=false left out as the defaults. Any other q is kept as written.
 */
export function normalSearchRequest(request: SearchRequest): SearchRequest {
  const { q, style, iconset, svg, families_only: familiesOnly, ...rest } = request
  const sets = listValues(iconset ?? [])
  return {
    ...rest,
    ...(q === undefined || queryText(q) === '' ? {} : { q }),
    ...(style === undefined || style === '' ? {} : { style }),
    ...(sets.length === 0 ? {} : { iconset: sets }),
    ...(svg === true ? { svg } : {}),
    ...(familiesOnly === true ? { families_only: familiesOnly } : {})
  }
}

/**
 * The URL searchUrl() writes for this validated request (defaults filled in) with its defaults
 * (offset 0, the largest limit) spelt out or left out as `url` has them, as a client may do either:
 * the one spelling of the request that `url` can be, without writing the others.
 */
function spellingLike(query: SearchRequest, url: string): string {
  const { offset, limit } = query
  return searchUrl('', {
    ...query,
    offset: offset === 0 && !hasParameter(url, 'offset') ? undefined : offset,
    limit: limit === MAX_LIMIT && !hasParameter(url, 'limit') ? undefined : limit
  })
}

/** Whether the query string has this parameter; in a URL searchUrl() wrote, `=` in a value is %-encoded. */
function hasParameter(url: string, name: string): boolean {
  return url.includes(`?${name}=`) || url.includes(`&${name}=`)
}

/**
 * Search answers: a validated request's representation, from the cache or made now and kept. The
 * route and the fast path (fast-path.ts, for search URLs it reads itself) answer with the same one.
 */
export class SearchAnswers {
  private readonly catalogueAt: string
  /** The headers fastify's hooks add to a search answer (CORS, security), once it has answered one (learnRouteHeaders). */
  routeHeaders: readonly string[] | undefined
  /** The same, for a URL spelt other than the URL builders write it (see NOT_KEPT_BY_PROXY). */
  otherSpellingHeaders: readonly string[] | undefined

  constructor(
    private readonly catalogue: Catalogue,
    private readonly baseUrl: string,
    readonly cache: RepresentationCache,
    private readonly version: string,
    /** False for a rehearsal, whose outcomes the catalogue does not keep either. */
    private readonly remember = true
  ) {
    this.catalogueAt = catalogueVersion(catalogue, version, baseUrl)
  }

  /** Keeps the headers fastify's hooks gave the first search answered, for the fast path's answers. */
  learnRouteHeaders(headers: readonly string[]): void {
    this.routeHeaders = this.cache.internHeaders(headers)
    this.otherSpellingHeaders = this.cache.internHeaders([...headers, ...NOT_KEPT_BY_PROXY])
  }

  /** The same answers, made by the same code, keeping nothing anywhere: for warming that code up (warm-up.ts). */
  rehearsal(): SearchAnswers {
    return new SearchAnswers(this.catalogue, this.baseUrl, new RepresentationCache(0), this.version, false)
  }

  /**
   * Kept in the cache (`kept`) only from its second asking: a designer types a new query almost
   * every time. `request` is the validated request in normal form, which the answer is made from.
   * Throws a ProblemError for a request the catalogue refuses (an unknown set).
   */
  answer(validated: SearchRequest): { entry: Representation; key: string; kept: boolean; request: SearchRequest } {
    const { catalogue, baseUrl, cache } = this
    // The schema counts repeated values; sets given in one value, separated by commas, count alike.
    if (listItemCount(validated.iconset ?? []) > MAX_ICONSET_FILTER) throw new ProblemError('invalid_iconset', ICONSET_LIMIT)
    const query = normalSearchRequest(validated)
    // Every field of the request (the URL builders' own list), defaults filled in by validation,
    // and nothing else: a field added to SearchRequest joins the key by itself, junk never does.
    const key = cacheKey('search', ...KEY_FIELDS.map((name) => query[name] ?? null))
    const { entry, kept } = cache.getOnSecondAsking(key, () => {
      const { envelope, icons } = searchPage(baseUrl, query, catalogue.search(query, this.remember))
      const svg = query.svg === true
      // Each icon's record is serialised once and shared by every page it appears on.
      const records = icons.map((icon) =>
        cache.fragment(svg ? 'icon-summary+svg' : 'icon-summary', icon, () => iconSummaryJson(baseUrl, catalogue, icon, svg))
      )
      cache.countFragments()
      const json = searchPageJson(JSON.stringify(envelope), records)
      return representation(json, JSON_TYPE, CACHE_VERSIONED, versionedEtag(this.catalogueAt, key), true)
    })
    return { entry, key, kept, request: query }
  }

  /** Whether `url` spells the request (in normal form) as the URL builders write it, and so may be remembered (see Cached). */
  isOwnSpelling(query: SearchRequest, url: string): boolean {
    return spellingLike(query, url) === url
  }
}

export const searchRoutes: FastifyPluginAsyncTypebox<{ answers: SearchAnswers }> = async (app, { answers }) => {
  app.get(
    '/search',
    {
      config: { parameterProblems: SEARCH_PROBLEMS },
      schema: {
        operationId: 'searchIcons',
        summary: 'Search icons',
        description:
          'Exact name matches first, then synonyms and tags, then prefixes; near spellings only when those are few. ' +
          'One icon per family (one drawing across its styles and sizes) for the first `families` results, then those families\' other members ' +
          '(none with families_only=true). Set names, style words, Iconify ids (mdi:account-circle) ' +
          'and icon component names (FaGithub, HiOutlineHome) in `q` become filters, reported in `interpreted`; ' +
          'a set or style word the results could not apply, or a word that matches nothing beside words that do, is listed in `interpreted.unapplied` ' +
          '(lucide heart filled: Lucide draws no solid hearts; blorp home), and so is one left out of words that find icons alone but none together (wifi off zzz). ' +
          'Paging by offset returns every match once, in a stable order. ' +
          `Answers may be cached (\`Cache-Control: ${CACHE_VERSIONED}\`): their ETag is derived from the catalogue's version ` +
          '(the service and each icon package version) and the request in normal form, not from the bytes, so every process ' +
          'serving the same catalogue gives the same ETag, it changes only with an upgrade, and If-None-Match gets a 304.',
        tags: ['search'],
        querystring: SearchRequest,
        response: { 200: jsonResponse('One page of matches, best first', SearchResult), ...NOT_MODIFIED_RESPONSE, ...problemResponses(
            'invalid_offset',
            'invalid_limit',
            'unknown_style',
            'unknown_iconset',
            'invalid_iconset',
            'invalid_svg',
            'invalid_families_only',
            'query_too_long',
            'repeated_parameter',
            'invalid_parameter'
          ) }
      }
    },
    (request, reply) => {
      const { entry, key, kept, request: normal } = answers.answer(request.query)
      if (answers.routeHeaders === undefined) answers.learnRouteHeaders(routeHeadersOf(reply))
      const url = request.raw.url ?? ''
      sendRepresentation(request, reply, entry, { cache: answers.cache, key, urls: answers.isOwnSpelling(normal, url) ? [url] : [], kept })
    }
  )
}
