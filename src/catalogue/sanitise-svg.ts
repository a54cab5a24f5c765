/**
 * Decides at ingest whether an icon's SVG body is safe to serve: no scripts, no event handlers,
 * no foreignObject, no external references. Unsafe icons are skipped, never served or repaired.
 */
import { parse, type ElementNode, type Node } from 'svg-parser'

/** Elements that can run code or embed foreign documents. */
const FORBIDDEN_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler'])

/**
 * Any body without these substrings cannot hold a script, handler or reference, so the common
 * case skips the full parse; anything that might is parsed and checked element by element.
 */
const SUSPICIOUS = /<[\s/]*(?:script|foreign|iframe|embed|object|handler|[!?])|\son[a-z]+\s*=|href|url\s*\(|@import|javascript:|&/i

export type SanitiseResult = { safe: true } | { safe: false; reason: string }

export function checkSvgBody(body: string): SanitiseResult {
  if (!SUSPICIOUS.test(body)) return { safe: true }
  if (/<![^-]|<\?/.test(body)) return { safe: false, reason: 'declaration or processing instruction' }
  let root
  try {
    root = parse(`<svg>${body}</svg>`)
  } catch {
    return { safe: false, reason: 'not well-formed' }
  }
  return checkNodes(root.children)
}

function checkNodes(nodes: ReadonlyArray<Node | string>): SanitiseResult {
  for (const node of nodes) {
    const problem =
      typeof node === 'string' || node.type === 'text'
        ? checkText(String(typeof node === 'string' ? node : (node.value ?? '')))
        : checkElement(node)
    if (problem !== null) return { safe: false, reason: problem }
  }
  return { safe: true }
}

function checkElement(element: ElementNode): string | null {
  const tag = (element.tagName ?? '').toLowerCase()
  if (FORBIDDEN_ELEMENTS.has(tag)) return `<${tag}> element`
  for (const [name, raw] of Object.entries(element.properties ?? {})) {
    const attribute = name.toLowerCase()
    const value = String(raw)
    if (attribute.startsWith('on')) return `${attribute} event handler`
    if (attribute.endsWith('href') && !value.trim().startsWith('#')) return `external ${attribute}`
    if (tag === 'set' || tag.startsWith('animate')) {
      if (attribute === 'attributename' && /^(on|.*href$)/i.test(value.trim())) return `animated ${value}`
    }
    const problem = checkText(value)
    if (problem !== null) return problem
  }
  const nested = checkNodes(element.children)
  return nested.safe ? null : nested.reason
}

/** Attribute values and <style> text: only same-document url(#id) references are allowed. */
function checkText(text: string): string | null {
  if (/javascript:/i.test(text)) return 'javascript: URL'
  if (/@import/i.test(text)) return '@import'
  for (const match of text.matchAll(/url\s*\(\s*(['"]?)\s*([^)]*)\)/gi)) {
    if (!(match[2] ?? '').startsWith('#')) return 'external url()'
  }
  return null
}
