/**
 * The playground file's own colours, made through the plugin API as a designer's file would have
 * them: a brand colour style, and a Theme collection whose Light and Dark modes give the icon ink
 * two values, so a mode switch shows an icon bound to it recolour.
 */
/** A `#rrggbb` colour as the plugin API's RGB. */
export function rgb(hex: string): RGB {
  const channel = (start: number) => parseInt(hex.slice(start, start + 2), 16) / 255
  return { r: channel(1), g: channel(3), b: channel(5) }
}

export function seedColors(figma: PluginAPI): void {
  const brand = figma.createPaintStyle()
  brand.name = 'Brand/Primary'
  brand.paints = [{ type: 'SOLID', color: rgb('#0f6cbd') }]
  const danger = figma.createPaintStyle()
  danger.name = 'Status/Danger'
  danger.paints = [{ type: 'SOLID', color: rgb('#c50f1f') }]

  const theme = figma.variables.createVariableCollection('Theme')
  theme.renameMode(theme.defaultModeId, 'Light')
  const dark = theme.addMode('Dark')
  const values: Array<[string, string, string]> = [
    ['Icon/Ink', '#242424', '#f5f5f5'],
    ['Icon/Accent', '#0f6cbd', '#479ef5']
  ]
  for (const [name, light, night] of values) {
    const variable = figma.variables.createVariable(name, theme, 'COLOR')
    variable.setValueForMode(theme.defaultModeId, { ...rgb(light), a: 1 })
    variable.setValueForMode(dark, { ...rgb(night), a: 1 })
  }
}
