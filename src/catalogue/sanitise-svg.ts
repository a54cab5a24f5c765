/**
 * Decides at ingest whether an icon's SVG body is safe to serve: no scripts, no event handlers,
 * no foreignObject, no external references. Unsafe icons are skipped, never served or repaired.
 *
 * Names are compared without their namespace prefix and case (`<s:SCRIPT xmlns:s=…>` is a script
 * to a browser), and values as a browser reads them: character references are decoded first, and
 * CSS escapes (`@\69mport`) are refused outright, since no icon needs one and they can spell anything.
 */
import { parse, type ElementNode, type Node } from 'svg-parser'

/** Elements that can run code or embed foreign documents. */
const FORBIDDEN_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler'])

/** Attributes whose value is a link: only a same-document fragment (#id) is allowed. */
const REFERENCE_ATTRIBUTES = new Set(['href', 'src'])

/** Attributes of set and animate* that give the value an animated attribute takes. */
const ANIMATION_VALUES = ['to', 'from', 'by', 'values']

/**
 * The fast path: a body with none of these cannot hold a script, handler, reference or escape, so
 * the common case skips the full parse. It errs towards parsing: any colon (a namespace prefix, a
 * URL scheme, CSS), `@`, `&`, backslash, `//` or name that could start something unsafe is parsed
 * and checked element by element.
 */
const SUSPICIOUS =
  /[:@&\\]|\/\/|<[\s/]*(?:script|foreign|iframe|embed|object|handler|set|animate|[!?])|on[\w.-]*\s*=|href|src|url|image|element|cross-fade|attributename/i

/** A reference to another document in CSS or an attribute value: a URL with an authority, or a scheme that needs none. */
const EXTERNAL_REFERENCE = /\/\/|(?:javascript|vbscript|data):/i

/** CSS functions that load an image without url(): image-set('x.png' 1x) and its kin. */
const CSS_RESOURCE_FUNCTION = /(?:image-set|image|cross-fade|element)\s*\(/i

const NAMED_REFERENCES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

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
        ? checkText(decodeReferences(String(typeof node === 'string' ? node : (node.value ?? ''))))
        : checkElement(node)
    if (problem !== null) return { safe: false, reason: problem }
  }
  return { safe: true }
}

/** `s:script` is `script`, and `xlink:href` is `href`: what a browser acts on is the local name. */
function localName(name: string): string {
  return name.slice(name.lastIndexOf(':') + 1).toLowerCase()
}

function checkElement(element: ElementNode): string | null {
  const tag = localName(element.tagName ?? '')
  if (FORBIDDEN_ELEMENTS.has(tag)) return `<${tag}> element`
  const properties = element.properties ?? {}
  for (const [name, raw] of Object.entries(properties)) {
    // A namespace declaration names a namespace; nothing fetches it.
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue
    const attribute = localName(name)
    const value = decodeReferences(String(raw))
    if (attribute.startsWith('on')) return `${attribute} event handler`
    if (REFERENCE_ATTRIBUTES.has(attribute) && !isFragment(value)) return `external ${attribute}`
    const problem = checkText(value)
    if (problem !== null) return problem
  }
  if (tag === 'set' || tag.startsWith('animate')) {
    const problem = checkAnimation(properties)
    if (problem !== null) return problem
  }
  const nested = checkNodes(element.children)
  return nested.safe ? null : nested.reason
}

/** An animation may not set an event handler, nor point a link anywhere but into the icon itself. */
function checkAnimation(properties: Readonly<Record<string, string | number>>): string | null {
  const entries = Object.entries(properties).map(([name, value]) => [localName(name), decodeReferences(String(value)).trim()] as const)
  const target = entries.find(([name]) => name === 'attributename')?.[1] ?? ''
  if (/^on/i.test(target)) return `animated ${target}`
  if (!REFERENCE_ATTRIBUTES.has(localName(target))) return null
  const links = entries.filter(([name]) => ANIMATION_VALUES.includes(name)).flatMap(([, value]) => value.split(';'))
  return links.every(isFragment) ? null : `animated ${target} to another document`
}

function isFragment(value: string): boolean {
  return value.trim().startsWith('#')
}

/** Attribute values and <style> text, decoded: only same-document url(#id) references are allowed. */
function checkText(text: string): string | null {
  if (text.includes('\\')) return 'CSS escape'
  if (/@import/i.test(text)) return '@import'
  if (EXTERNAL_REFERENCE.test(text)) return 'external reference'
  if (CSS_RESOURCE_FUNCTION.test(text)) return 'CSS image function'
  // A character reference svg-parser leaves as written and XML does not know (`&lpar;`) is one an
  // HTML parser, inlining the SVG, would decode into something else.
  if (/&[a-z][a-z0-9]*;/i.test(text)) return 'HTML character reference'
  // CSS takes a url( left open at the end of a value as a URL all the same.
  for (const match of text.matchAll(/url\s*\(\s*(['"]?)\s*([^)'"]*)/gi)) {
    if (!(match[2] ?? '').startsWith('#')) return 'external url()'
  }
  return null
}

/** The text a browser sees: svg-parser leaves character references (&#106; &amp;) as written. */
function decodeReferences(text: string): string {
  return text.replace(/&(?:#x([0-9a-f]+)|#([0-9]+)|([a-z]+));/gi, (whole, hex?: string, decimal?: string, name?: string) => {
    if (name !== undefined) return NAMED_REFERENCES[name] ?? whole
    const code = hex !== undefined ? parseInt(hex, 16) : Number(decimal)
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}
