import { useEffect, useState } from 'preact/hooks'

import { iconUrl } from '../../api/catalogue-urls'

/** Figma's text and background colours in each theme (--figma-color-text, --figma-color-bg). */
const LIGHT = { ink: '#1e1e1e', background: '#ffffff' }
const DARK = { ink: '#f0f0f0', background: '#2c2c2c' }

function isDark(): boolean {
  return document.documentElement.classList.contains('figma-dark') || document.body.classList.contains('figma-dark')
}

/**
 * The colour thumbnails are drawn in, following Figma's theme class, and the background they sit
 * on. Thumbnails are <img>s, which can't inherit CSS colour, so the catalogue renders them in
 * this colour instead of currentColor.
 */
export function useThemeInk(): { ink: string; background: string } {
  const [dark, setDark] = useState(isDark)
  useEffect(() => {
    const observer = new MutationObserver(() => setDark(isDark()))
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
    observer.observe(document.body, { attributes: true, attributeFilter: ['class'] })
    return () => observer.disconnect()
  }, [])
  return dark ? DARK : LIGHT
}

/** A thumbnail URL: the catalogue's SVG preview in the theme's ink. */
export function thumbnailUrl(previewUrl: string, ink: string): string {
  try {
    const url = new URL(previewUrl)
    url.searchParams.set('color', ink)
    return url.toString()
  } catch {
    return previewUrl
  }
}

/**
 * A thumbnail for an icon as listed: the SVG that came inline with its search results (so a page of
 * thumbnails costs no request, and a new theme only repaints), else the catalogue's preview URL.
 * An <img> never runs what an SVG holds, so the markup is safe to show this way.
 */
export function thumbnailOf(icon: { preview_url: string; svg?: string }, ink: string): string {
  return icon.svg === undefined ? thumbnailUrl(icon.preview_url, ink) : inkedSvgDataUrl(icon.svg, ink)
}

/** A catalogue SVG drawn in `currentColor` as an image URL in `ink`; a multicolour one's own colours stay. */
export function inkedSvgDataUrl(svg: string, ink: string): string {
  return svgDataUrl(svg.replaceAll('currentColor', ink))
}

/** An SVG's markup as an image URL, for an <img>, which never runs what the SVG holds. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

/** A thumbnail URL for an icon known only by set and slug (recent and selected icons). */
export function iconThumbnailUrl(baseUrl: string, iconset: string, icon: string, ink: string): string {
  return iconUrl(baseUrl, iconset, icon, { format: 'svg', color: ink })
}
