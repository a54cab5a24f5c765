/**
 * Text layers, as far as a plugin that places icons meets them: a layer a designer drops an icon
 * on, which holds no children (as a shape does not), and
 * which a plugin may write. `figma.createText()` makes an empty text layer
 * (PluginAPI.createText in the typings) in Figma's default font, Inter Regular 12, with a black fill.
 * Its characters, font and size can be written only once its font is loaded: "Cannot write to node
 * with unloaded font" (https://developers.figma.com/docs/plugins/api/api-errors), which
 * `figma.loadFontAsync` does for the plugin's run (https://developers.figma.com/docs/plugins/api/properties/figma-loadfontasync/).
 *
 * Not modelled: text layout. The box is the characters' count by an average advance of 0.6 em, one
 * line of 1.2 em, as if auto-resized to width and height until the layer is resized, which fixes
 * it; styled ranges, line breaks, `textAutoResize` and the other text properties are not held. Any
 * family and style loads: which fonts a designer's machine has is not modelled.
 */
import { expectNumber, expectType } from './api-values'
import { EmulatedSceneNode, Painted, type NodeRegistry } from './nodes'

const DEFAULT_FONT: FontName = { family: 'Inter', style: 'Regular' }
const DEFAULT_SIZE = 12
const BLACK: SolidPaint = { type: 'SOLID', color: { r: 0, g: 0, b: 0 }, opacity: 1, visible: true, blendMode: 'NORMAL' }
/** The average advance of a letter and the height of a line, in ems: see "Not modelled" above. */
const ADVANCE_EM = 0.6
const LINE_EM = 1.2

/** The fonts a plugin's run has loaded with figma.loadFontAsync. */
export interface LoadedFonts {
  load(member: string, font: unknown): Promise<void>
  /** Refuses a write to a layer in `font` unless it is loaded. */
  require(member: string, font: FontName): void
  /** A new run of the plugin has loaded none. */
  forget(): void
}

const fontKey = (font: FontName): string => `${font.family}\u0000${font.style}`

function checkedFont(member: string, value: unknown): FontName {
  expectType(member, 'fontName', value, 'object')
  const { family, style } = value as Partial<FontName>
  expectType(member, 'fontName.family', family, 'string')
  expectType(member, 'fontName.style', style, 'string')
  return { family: family as string, style: style as string }
}

export function createLoadedFonts(): LoadedFonts {
  const loaded = new Set<string>()
  return {
    async load(member, font) {
      const checked = checkedFont(member, font)
      // Loaded once the promise settles, not as it is made: "await the returned promise first".
      await Promise.resolve()
      loaded.add(fontKey(checked))
    },
    require(member, font) {
      if (!loaded.has(fontKey(font))) {
        throw new Error(
          `in ${member}: Cannot write to node with unloaded font "${font.family} ${font.style}". Please call figma.loadFontAsync({ family: "${font.family}", style: "${font.style}" }) and await the returned promise first.`
        )
      }
    },
    forget() {
      loaded.clear()
    }
  }
}

export class EmulatedText extends Painted(EmulatedSceneNode) {
  get type(): 'TEXT' {
    return 'TEXT'
  }
  private _characters = ''
  private _fontName: FontName = DEFAULT_FONT
  private _fontSize = DEFAULT_SIZE
  /** A layer named by the plugin keeps its name; otherwise it is named by what it says, as in the editor. */
  private named = false
  /** Resized, the box stays as it was made; until then it fits the characters. */
  private fixedBox = false

  constructor(
    registry: NodeRegistry,
    private readonly fonts: LoadedFonts
  ) {
    super(registry, 'Text')
    this._fills = [BLACK]
    this.fit()
  }

  override get name(): string {
    return super.name
  }
  override set name(value: string) {
    super.name = value
    this.named = true
  }

  get characters(): string {
    this.alive('get_characters')
    return this._characters
  }
  set characters(value: string) {
    this.alive('set_characters')
    expectType('set_characters', 'characters', value, 'string')
    this.fonts.require('set_characters', this._fontName)
    this._characters = value
    if (!this.named) super.name = value === '' ? 'Text' : value
    this.fit()
    this.placed(['characters', 'width', 'height'])
  }

  get fontName(): FontName {
    this.alive('get_fontName')
    return { ...this._fontName }
  }
  set fontName(value: FontName) {
    this.alive('set_fontName')
    const font = checkedFont('set_fontName', value)
    // "Setting this property to a different value requires the new font to be loaded" (TextNode.fontName in the typings).
    if (fontKey(font) !== fontKey(this._fontName)) this.fonts.require('set_fontName', font)
    this._fontName = font
    this.registry.changed(this, ['fontName'])
  }

  get fontSize(): number {
    this.alive('get_fontSize')
    return this._fontSize
  }
  set fontSize(value: number) {
    this.alive('set_fontSize')
    const size = expectNumber('set_fontSize', 'fontSize', value, 1)
    this.fonts.require('set_fontSize', this._fontName)
    this._fontSize = size
    this.fit()
    this.placed(['fontSize', 'width', 'height'])
  }

  scaleGeometry(scale: number): void {
    this._fontSize *= scale
    this._width *= scale
    this._height *= scale
  }
  protected override resizeGeometry(width: number, height: number): void {
    super.resizeGeometry(width, height)
    this.fixedBox = true
  }

  /** The box an auto-resized line of these characters takes (see "Not modelled"); a resized one keeps its box. */
  private fit(): void {
    if (this.fixedBox) return
    this._width = Math.max(1, this._characters.length) * this._fontSize * ADVANCE_EM
    this._height = this._fontSize * LINE_EM
  }
}
