/** What the playground puts around the plugin's HTML in its iframe, and what a canvas click selects. */
import { describe, expect, it } from 'vitest'
import { pluginFrameDocument, themeCss } from '../../src/playground/browser/plugin-frame-document'
import { nodesAt, selectionTargetAt } from '../../src/playground/browser/click-selection'
import { pluginContentSecurityPolicy } from '../../src/playground/network-access'
import type { NodeSnapshot } from '../../src/playground/figma-emulator/snapshot'

describe('the plugin frame document', () => {
  const html = '<div id="create-figma-plugin"></div><script>start()</script>'

  it('sets the catalogue URL before the plugin HTML and escapes it', () => {
    const document = pluginFrameDocument({ html, catalogueUrl: 'http://x/</script><b>', csp: null, theme: null })
    const setUrl = document.indexOf('window.__ICON_CATALOGUE_URL__')
    expect(setUrl).toBeGreaterThan(-1)
    expect(setUrl).toBeLessThan(document.indexOf(html))
    expect(document).not.toContain('</script><b>')
    expect(document).not.toContain('class="figma-')
  })

  it('adds Figma theme colours and class when themeColors is on', () => {
    const css = themeCss({ '--figma-color-bg': '#2c2c2c' })
    const document = pluginFrameDocument({ html, catalogueUrl: 'http://x', csp: null, theme: { name: 'dark', css } })
    expect(document).toContain('<html class="figma-dark">')
    expect(document).toContain('<style id="figma-style">:root { --figma-color-bg: #2c2c2c; }</style>')
  })

  it('puts the manifest’s Content-Security-Policy first in the head, where it governs everything loaded', () => {
    const csp = pluginContentSecurityPolicy({ allowedDomains: ['https://icons.example.org'], devAllowedDomains: ['http://localhost:8787'] }, true)
    const document = pluginFrameDocument({ html, catalogueUrl: 'http://x', csp, theme: null })
    expect(document).toMatch(/^<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src data: blob: https:\/\/icons.example.org http:\/\/localhost:8787; /)
  })
})

describe('the plugin iframe’s Content-Security-Policy', () => {
  it('allows data:, blob: and the allowed domains, plus the development ones while developing', () => {
    const access = { allowedDomains: ['https://icons.example.org'], devAllowedDomains: ['http://localhost:8787'] }
    expect(pluginContentSecurityPolicy(access, false)).toMatch(/^default-src data: blob: https:\/\/icons.example.org;/)
    expect(pluginContentSecurityPolicy(access, true)).toMatch(/^default-src data: blob: https:\/\/icons.example.org http:\/\/localhost:8787;/)
  })

  it('allows nothing beyond data: and blob: for ["none"], anything for ["*"], and sets none without networkAccess', () => {
    expect(pluginContentSecurityPolicy({ allowedDomains: ['none'] }, true)).toMatch(/^default-src data: blob:;/)
    expect(pluginContentSecurityPolicy({ allowedDomains: ['*'] }, true)).toMatch(/^default-src data: blob: \*;/)
    expect(pluginContentSecurityPolicy(undefined, true)).toBeNull()
  })
})

function node(id: string, box: [number, number, number, number], extra: Partial<NodeSnapshot> = {}): NodeSnapshot {
  const [absoluteX, absoluteY, width, height] = box
  return { id, type: 'FRAME', name: id, x: absoluteX, y: absoluteY, absoluteX, absoluteY, width, height, visible: true, locked: false, pluginData: {}, sharedPluginData: {}, relaunchData: {}, ...extra }
}

describe('clicking the canvas', () => {
  const vector = node('vector', [110, 110, 20, 20], { type: 'VECTOR' })
  const icon = node('icon', [110, 110, 20, 20], { pluginData: { iconset: 'lucide' }, children: [vector], clipsContent: false })
  const frame = node('frame', [100, 100, 100, 100], { clipsContent: true, children: [icon] })
  const hidden = node('hidden', [0, 0, 500, 500], { visible: false })
  const page = [hidden, frame]

  it('finds the nodes under a point, outermost first', () => {
    expect(nodesAt(page, { x: 115, y: 115 }).map((found) => found.id)).toEqual(['frame', 'icon', 'vector'])
    expect(nodesAt(page, { x: 5, y: 5 })).toEqual([])
  })

  it('selects a placed icon whole, else the top-level node', () => {
    expect(selectionTargetAt(page, { x: 115, y: 115 })?.id).toBe('icon')
    expect(selectionTargetAt(page, { x: 190, y: 190 })?.id).toBe('frame')
    expect(selectionTargetAt(page, { x: 300, y: 300 })).toBeNull()
  })

  it('never selects a locked node or anything inside it: the click goes through to what is beneath', () => {
    const background = node('background', [0, 0, 400, 400])
    const lockedFrame = { ...frame, locked: true }
    expect(selectionTargetAt([background, lockedFrame], { x: 115, y: 115 })?.id).toBe('background')
    expect(selectionTargetAt([lockedFrame], { x: 115, y: 115 })).toBeNull()
  })
})
