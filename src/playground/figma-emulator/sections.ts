/**
 * Sections: figma.createSection (PluginAPI.createSection and SectionNode in the typings,
 * https://developers.figma.com/docs/plugins/api/SectionNode/). A section holds children in its own
 * coordinate space, as a frame does, has fills and strokes (MinimalFillsMixin, MinimalStrokesMixin),
 * and resizes without moving its children: "Sections do not propagate constraints to their
 * children" (SectionNode.resize). It has no auto-layout and clips nothing.
 *
 * Its default look is not published: the emulator gives it a white fill, as a section drawn in the
 * editor has. Which parents may hold a section is not published either, so the emulator refuses none.
 */
import { expectType } from './api-values'
import { EmulatedContainer, Painted, WHITE_BACKGROUND, type NodeRegistry } from './nodes'

export class EmulatedSection extends Painted(EmulatedContainer) implements Pick<SectionNode, 'sectionContentsHidden'> {
  get type(): 'SECTION' {
    return 'SECTION'
  }
  private _sectionContentsHidden = false

  constructor(registry: NodeRegistry) {
    super(registry, 'Section')
    this._fills = WHITE_BACKGROUND
  }

  get sectionContentsHidden(): boolean {
    this.alive('get_sectionContentsHidden')
    return this._sectionContentsHidden
  }
  /** NodeChangeProperty names no property for it: the change is reported without one. */
  set sectionContentsHidden(value: boolean) {
    this.alive('set_sectionContentsHidden')
    expectType('set_sectionContentsHidden', 'sectionContentsHidden', value, 'boolean')
    this._sectionContentsHidden = value
    this.registry.changed(this)
  }

  scaleGeometry(scale: number): void {
    this.scaleBoxAndContents(scale)
  }
}
