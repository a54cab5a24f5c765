/** Injected at build time by esbuild `define`; the catalogue the plugin talks to. */
declare const CATALOGUE_URL: string
