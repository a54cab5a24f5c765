/**
 * How each set's icon names map onto the shared style vocabulary and onto families, from the
 * configured rules alone.
 */
import { describe, expect, it } from 'vitest'
import { ICONSET_CONFIG } from '../../src/catalogue/iconset-config'
import { styleMatcher } from '../../src/catalogue/style-mapping'

function rulesOf(slug: string) {
  const entry = ICONSET_CONFIG.find((set) => set.slug === slug)
  if (!entry?.styles) throw new Error(`no style rules for ${slug}`)
  return styleMatcher(entry.styles)
}

describe('style mapping from the configured rules', () => {
  const cases: Array<[string, string, string, string]> = [
    ['ph', 'house', 'outline', 'house'],
    ['ph', 'house-bold', 'bold', 'house'],
    ['ph', 'house-fill', 'solid', 'house'],
    ['ph', 'house-duotone', 'duotone', 'house'],
    ['ph', 'house-thin', 'thin', 'house'],
    ['ph', 'house-light', 'light', 'house'],
    ['fluent', 'home-24-regular', 'outline', 'home'],
    ['fluent', 'home-16-filled', 'solid', 'home'],
    ['fluent', 'home-24-light', 'light', 'home'],
    ['tabler', 'home', 'outline', 'home'],
    ['tabler', 'home-filled', 'solid', 'home'],
    ['mdi', 'delete', 'solid', 'delete'],
    ['mdi', 'delete-outline', 'outline', 'delete'],
    ['ri', 'home-line', 'outline', 'home'],
    ['ri', 'home-fill', 'solid', 'home'],
    ['bi', 'house', 'outline', 'house'],
    ['bi', 'house-fill', 'solid', 'house'],
    ['heroicons', 'home', 'outline', 'home'],
    ['heroicons', 'home-solid', 'solid', 'home'],
    ['heroicons', 'home-20-solid', 'solid', 'home'],
    ['heroicons', 'home-16-solid', 'solid', 'home'],
    ['material-symbols', 'home', 'solid', 'home'],
    ['material-symbols', 'home-outline', 'outline', 'home'],
    ['material-symbols', 'home-outline-rounded', 'rounded', 'home'],
    ['material-symbols', 'home-rounded', 'rounded', 'home'],
    ['material-symbols', 'home-sharp', 'sharp', 'home'],
    ['material-symbols', 'home-outline-sharp', 'sharp', 'home'],
    ['solar', 'home-linear', 'outline', 'home'],
    ['solar', 'home-bold', 'solid', 'home'],
    ['solar', 'home-bold-duotone', 'duotone', 'home'],
    ['solar', 'home-line-duotone', 'duotone', 'home'],
    ['solar', 'home-broken', 'outline', 'home'],
    ['mingcute', 'home-1-line', 'outline', 'home-1'],
    ['mingcute', 'home-1-fill', 'solid', 'home-1'],
    ['octicon', 'home-16', 'outline', 'home'],
    ['octicon', 'home-24', 'outline', 'home'],
    ['octicon', 'heart-fill-24', 'solid', 'heart'],
    ['octicon', 'check-circle-fill-12', 'solid', 'check-circle'],
    ['lucide', 'arrow-left', 'outline', 'arrow-left'],
    ['carbon', 'home', 'outline', 'home'],
    ['iconoir', 'home', 'outline', 'home'],
    ['fa6-solid', 'house', 'solid', 'house'],
    ['fa6-regular', 'calendar', 'outline', 'calendar'],
    ['fa6-brands', 'github', 'logo', 'github'],
    ['simple-icons', 'github', 'logo', 'github'],
    ['flat-color-icons', 'home', 'color', 'home'],
    ['twemoji', 'house', 'color', 'house']
  ]
  it.each(cases)('%s %s is %s in family %s', (set, name, style, family) => {
    expect(rulesOf(set)(name)).toEqual({ style, family })
  })

  it('prefers the longest suffix', () => {
    expect(rulesOf('material-symbols')('search-outline-sharp')).toEqual({ style: 'sharp', family: 'search' })
    expect(rulesOf('material-symbols')('search-outline')).toEqual({ style: 'outline', family: 'search' })
  })

  it('strips only configured sizes, so numbered symbols keep their number', () => {
    expect(rulesOf('tabler')('clock-24')).toEqual({ style: 'outline', family: 'clock-24' })
    expect(rulesOf('fluent')('clock-12-24-regular')).toEqual({ style: 'outline', family: 'clock-12' })
    expect(rulesOf('octicon')('x-12')).toEqual({ style: 'outline', family: 'x' })
  })

  it('never strips a whole name down to nothing', () => {
    expect(rulesOf('ri')('fill')).toEqual({ style: 'outline', family: 'fill' })
    expect(rulesOf('octicon')('16')).toEqual({ style: 'outline', family: '16' })
  })
})
