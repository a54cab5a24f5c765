declare global {
  interface Window {
    /** Set by a host page (the playground) that runs the catalogue somewhere else. */
    __ICON_CATALOGUE_URL__?: string
  }
}

/** The catalogue base URL: the host page's override, else the one baked in at build time. */
export function catalogueUrl(): string {
  const override = typeof window === 'undefined' ? undefined : window.__ICON_CATALOGUE_URL__
  if (typeof override === 'string' && override !== '') return override
  return CATALOGUE_URL
}
