/**
 * The service's configuration, read from the environment and checked as a whole before anything
 * is built or loaded: a mistake stops `npm start` at once with one line that says what to fix.
 * readConfig is pure: the environment goes in, a complete configuration or a ConfigError comes out;
 * readConfigOrExit, the composition root's, ends the process on a mistake.
 */
import { availableParallelism } from 'node:os'
import { DEFAULT_CACHE_BYTES } from './catalogue/http-caching'
import { ICONSET_CONFIG, type IconSetConfig } from './catalogue/iconset-config'
import { defaultQueueLimit } from './catalogue/render-pool'
import { exitWith, StartFailure } from './catalogue/workers'

const MB = 1024 * 1024

export interface ServiceConfig {
  port: number
  host: string
  /** The public base URL without a trailing slash; null: the address the service listens on. */
  baseUrl: string | null
  logLevel: string
  /** Catalogue processes sharing the port; 1 runs no cluster. */
  workers: number
  /** How long a shutdown may take before every connection is closed, in ms. */
  shutdownTimeoutMs: number
  /** The byte budget of the response caches, per process. */
  cacheBytes: number
  /** The icon sets to serve, in catalogue order: all of ICONSET_CONFIG unless ICONSETS names some. */
  iconsets: IconSetConfig[]
  /** PNG render threads per process. */
  renderThreads: number
  /** Distinct PNG renders that may wait for a thread, per process, before more are refused with a 503. */
  renderQueue: number
  /** Connections a process holds open at once; past them a new one is closed at once. */
  maxConnections: number
}

/** What a mistake in the configuration exits with: EX_CONFIG from sysexits.h. */
export const EXIT_CONFIG = 78

export class ConfigError extends Error {}

export const MAX_WORKERS = 64
/** More render threads than cores only adds memory. */
export const MAX_RENDER_THREADS = 64
/** Each waiting render holds its request and its SVG: a bound on what a burst can pile up. */
const MAX_RENDER_QUEUE = 100_000
/**
 * Connections per process unless MAX_CONNECTIONS says otherwise: far more than a process answers
 * at once (each holds its buffers, some kB, and a file descriptor), and well under the file
 * descriptors a process may open (Node raises its limit to the hard one, commonly 524,288), so a
 * flood of idle connections is refused before it takes the descriptors that the process's own
 * files, threads and connections to clients it serves need.
 */
export const DEFAULT_MAX_CONNECTIONS = 10_000
const MAX_MAX_CONNECTIONS = 1_000_000
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/** A whole number as people write it: no sign, exponent, hex, fraction or leading zero. */
function wholeNumber(name: string, value: string | undefined, fallback: number, min: number, max: number, hint = ''): number {
  const text = value?.trim() ?? ''
  if (text === '') return fallback
  const number = /^(0|[1-9][0-9]*)$/.test(text) ? Number(text) : NaN
  if (!(number >= min && number <= max)) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}${hint}, got ${JSON.stringify(value)}.`)
  }
  return number
}

function baseUrlFrom(value: string | undefined): string | null {
  const text = value?.trim() ?? ''
  if (text === '') return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new ConfigError(`BASE_URL must be an absolute http(s) URL such as https://icons.example.org/api, got ${JSON.stringify(value)}.`)
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '' || url.username !== '') {
    throw new ConfigError(`BASE_URL must be an http(s) URL without credentials, query or fragment, got ${JSON.stringify(value)}.`)
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

function workersFrom(value: string | undefined): number {
  if (value?.trim() === 'auto') return Math.min(availableParallelism(), MAX_WORKERS)
  return wholeNumber('WORKERS', value, 1, 1, MAX_WORKERS, ' or "auto"')
}

function hostFrom(value: string | undefined): string {
  const host = value?.trim() ?? ''
  if (host === '') return '127.0.0.1'
  if (!/^[A-Za-z0-9.:-]+$/.test(host)) throw new ConfigError(`HOST must be a host name or IP address, got ${JSON.stringify(value)}.`)
  return host
}

function logLevelFrom(value: string | undefined): string {
  const level = value?.trim() ?? ''
  if (level === '') return 'info'
  if (!LOG_LEVELS.includes(level)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(value)}.`)
  return level
}

function iconsetsFrom(value: string | undefined): IconSetConfig[] {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  if (names.length === 0) return ICONSET_CONFIG
  const unknown = names.filter((name) => !ICONSET_CONFIG.some((set) => set.slug === name))
  if (unknown.length > 0) {
    throw new ConfigError(`ICONSETS names unknown sets (${unknown.join(', ')}); choose from ${ICONSET_CONFIG.map((set) => set.slug).join(', ')}.`)
  }
  return ICONSET_CONFIG.filter((set) => names.includes(set.slug))
}

/** By default the cores are shared among the processes on this machine, at least one thread each. */
function renderThreadsFrom(value: string | undefined, workers: number): number {
  const shareOfCores = Math.max(1, Math.floor(availableParallelism() / workers))
  return wholeNumber('RENDER_THREADS', value, shareOfCores, 1, MAX_RENDER_THREADS)
}

export function readConfig(env: Record<string, string | undefined>): ServiceConfig {
  const workers = workersFrom(env.WORKERS)
  const renderThreads = renderThreadsFrom(env.RENDER_THREADS, workers)
  return {
    port: wholeNumber('PORT', env.PORT, 8787, 0, 65535),
    host: hostFrom(env.HOST),
    baseUrl: baseUrlFrom(env.BASE_URL),
    logLevel: logLevelFrom(env.LOG_LEVEL),
    workers,
    renderThreads,
    renderQueue: wholeNumber('RENDER_QUEUE', env.RENDER_QUEUE, defaultQueueLimit(renderThreads), 1, MAX_RENDER_QUEUE),
    shutdownTimeoutMs: wholeNumber('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000, 0, 600_000),
    cacheBytes: wholeNumber('CACHE_MB', env.CACHE_MB, DEFAULT_CACHE_BYTES / MB, 0, 65_536) * MB,
    maxConnections: wholeNumber('MAX_CONNECTIONS', env.MAX_CONNECTIONS, DEFAULT_MAX_CONNECTIONS, 1, MAX_MAX_CONNECTIONS),
    iconsets: iconsetsFrom(env.ICONSETS)
  }
}

/** Loopback addresses, spelled `localhost` in the base URL. */
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost'])
/** Every interface: an address to listen on, never one a client can reach. */
const WILDCARD = new Set(['0.0.0.0', '::', '0:0:0:0:0:0:0:0'])

/** The configuration, or the process ended with its mistake in one line and EXIT_CONFIG. */
export function readConfigOrExit(env: Record<string, string | undefined>): ServiceConfig {
  try {
    return readConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) exitWith(new StartFailure(EXIT_CONFIG, error.message))
    throw error
  }
}

/**
 * The warning to print at start when the links in answers cannot be right for other machines:
 * listening on every interface without BASE_URL, links say localhost, which only this machine reaches.
 */
export function baseUrlWarning(config: Pick<ServiceConfig, 'host' | 'baseUrl'>): string | undefined {
  if (config.baseUrl !== null || !WILDCARD.has(config.host)) return undefined
  return `HOST=${config.host} listens on every interface, but without BASE_URL every link in the answers says localhost; set BASE_URL to the address clients use.`
}

/**
 * The base URL a client reaches a listening service at, unless BASE_URL says otherwise. On this
 * machine it is spelled `localhost`, like the plugin's default CATALOGUE_URL: Figma checks every
 * URL the plugin loads (thumbnails included) against the manifest's networkAccess by name, so a
 * `127.0.0.1` preview URL is blocked by a manifest that allows `http://localhost:8787`.
 */
export function listeningUrl(host: string, port: number): string {
  // Listening everywhere, this machine reaches it as localhost too (baseUrlWarning says so at start).
  if (LOOPBACK.has(host) || WILDCARD.has(host)) return `http://localhost:${port}`
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
}
