/**
 * The designer's last query, style, set filter, size, colour, recent icons, window size and whether
 * to insert components, kept in figma.clientStorage.
 * Whatever is stored is checked field by field: a bad field falls back to its default, never the rest.
 */
import { MAX_RECENT } from '../../api/limits'
import { DEFAULT_PREFERENCES, type Preferences, type RecentIcon, type WindowSize } from '../../api/plugin-protocol'
import { isColor, isSize, isStrokeWidth, MAX_ICONSET_FILTER, WINDOW_LIMITS } from '../../api/limits'
import { isColorBinding } from './file-colors'

const STORAGE_KEY = 'preferences'

function isRecentIcon(value: unknown): value is RecentIcon {
  if (typeof value !== 'object' || value === null) return false
  const { iconset, icon, name } = value as Record<string, unknown>
  return typeof iconset === 'string' && typeof icon === 'string' && typeof name === 'string' && iconset !== '' && icon !== ''
}

/** Distinct non-blank slugs, at most as many as a search may name; whether the catalogue knows them is its to say. */
function iconsetSlugs(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  const slugs = value.filter((slug): slug is string => typeof slug === 'string' && slug.trim() !== '' && !slug.includes(','))
  return [...new Set(slugs)].slice(0, MAX_ICONSET_FILTER)
}

/** A window size within WINDOW_LIMITS, or null for anything that is not two numbers. */
export function windowSizeWithinLimits(value: unknown): WindowSize | null {
  if (typeof value !== 'object' || value === null) return null
  const { width, height } = value as Record<string, unknown>
  if (typeof width !== 'number' || typeof height !== 'number' || !Number.isFinite(width) || !Number.isFinite(height)) return null
  const clamp = (side: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, side)))
  return {
    width: clamp(width, WINDOW_LIMITS.minWidth, WINDOW_LIMITS.maxWidth),
    height: clamp(height, WINDOW_LIMITS.minHeight, WINDOW_LIMITS.maxHeight)
  }
}

export function sanitisePreferences(value: unknown): Preferences {
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  const { query, style, iconsets, size, color, recent, strokeWidth, window: windowSize, colorBinding, asComponent } = stored
  return {
    query: typeof query === 'string' ? query : DEFAULT_PREFERENCES.query,
    style: typeof style === 'string' && style !== '' ? style : null,
    iconsets: iconsetSlugs(iconsets),
    size: isSize(size) ? size : DEFAULT_PREFERENCES.size,
    color: isColor(color) ? color : DEFAULT_PREFERENCES.color,
    recent: Array.isArray(recent) ? recent.filter(isRecentIcon).slice(0, MAX_RECENT).map(({ iconset, icon, name, style }) => ({ iconset, icon, name, ...(typeof style === 'string' && style !== '' ? { style } : {}) })) : [],
    strokeWidth: isStrokeWidth(strokeWidth) ? strokeWidth : null,
    window: windowSizeWithinLimits(windowSize) ?? DEFAULT_PREFERENCES.window,
    colorBinding: isColorBinding(colorBinding) ? { kind: colorBinding.kind, id: colorBinding.id } : null,
    asComponent: typeof asComponent === 'boolean' ? asComponent : DEFAULT_PREFERENCES.asComponent
  }
}

/** Never fails: the UI waits for these to start, so unreadable storage means a fresh start. */
export async function loadPreferences(): Promise<Preferences> {
  try {
    return sanitisePreferences(await figma.clientStorage.getAsync(STORAGE_KEY))
  } catch {
    return sanitisePreferences(undefined)
  }
}

export async function savePreferences(value: unknown): Promise<void> {
  await figma.clientStorage.setAsync(STORAGE_KEY, sanitisePreferences(value))
}
