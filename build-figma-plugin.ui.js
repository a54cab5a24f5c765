// create-figma-plugin's esbuild override for the UI bundle: bake the catalogue URL in as CATALOGUE_URL.
import { catalogueUrl } from './build-figma-plugin.manifest.js'

export default function (buildOptions) {
  return {
    ...buildOptions,
    define: { ...buildOptions.define, CATALOGUE_URL: JSON.stringify(catalogueUrl()) }
  }
}
