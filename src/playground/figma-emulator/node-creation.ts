/**
 * The plugin API's calls that make nodes: the figma.create* calls, each putting its node on the
 * current page, createComponentFromNode, and group and the boolean operations, which move nodes
 * into a new one. emulator.ts puts them on `figma`.
 */
import { asEmulated, asFigma } from './api-values'
import { EmulatedBooleanOperation } from './boolean-operations'
import { createComponentFromNode, EmulatedComponent, type ComponentRules } from './components'
import { createStar } from './created-shapes'
import { EmulatedContainer, EmulatedFrame, EmulatedGroup, pageOf, type EmulatedSceneNode, type NodeRegistry } from './nodes'
import { EmulatedSection } from './sections'
import { createSvgFrame } from './svg-nodes'
import { EmulatedText, type LoadedFonts } from './text-nodes'

/** The node-making members of `figma`, and appendToPage for the host's own scene set-up. */
export function createNodeCalls(registry: NodeRegistry, components: ComponentRules, fonts: LoadedFonts) {
  /**
   * A new group or boolean operation of `children`, made at `index` in `parent` (the end by
   * default), with the children moved into it in order (PluginAPI.group in the typings). Every move
   * is checked first, in the name of `method`, so a refused one leaves nothing made; the messages are
   * the reference's "Possible error cases" (https://developers.figma.com/docs/plugins/api/properties/figma-group);
   * union, subtract, intersect and exclude take the same arguments and get the same messages.
   */
  function combine<T extends EmulatedGroup>(method: string, children: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index: number | undefined, make: () => T): T {
    const members = children.map((child) => asEmulated(child))
    if (members.length === 0) throw new Error(`in ${method}: First argument must be an array of at least one node`)
    const container = asEmulated(parent)
    if (!(container instanceof EmulatedContainer)) throw new Error(`in ${method}: The parent cannot hold children`)
    const at = index ?? container.contents.length
    const page = pageOf(container)
    for (const member of members) {
      if (pageOf(member) !== page) throw new Error(`in ${method}: Grouped nodes must be in the same page as the parent`)
      // A member goes inside the new node, which goes at `at` in the container: what the container refuses, the new node would.
      container.refuseMove(method, at, member)
    }
    const made = make()
    container.move(method, at, made)
    for (const member of members as EmulatedSceneNode[]) made.move(method, made.contents.length, member)
    return made
  }

  function booleanOperation(method: string, operation: BooleanOperationNode['booleanOperation'], children: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number): BooleanOperationNode {
    const made = combine(method, children, parent, index, () => new EmulatedBooleanOperation(registry, operation))
    made.paintLikeMembers(made.contents)
    return asFigma<BooleanOperationNode>(made)
  }

  /** Puts a node just made on the current page, where Figma's create calls put theirs. */
  function appendToPage<T extends EmulatedSceneNode>(node: T): T {
    registry.currentPage().appendChild(node)
    return node
  }

  return {
    appendToPage,
    api: {
      createNodeFromSvg: ((svg: string) => asFigma<FrameNode>(appendToPage(createSvgFrame(registry, svg)))) satisfies PluginAPI['createNodeFromSvg'],
      createFrame: (() => asFigma<FrameNode>(appendToPage(new EmulatedFrame(registry)))) satisfies PluginAPI['createFrame'],
      createComponent: (() => asFigma<ComponentNode>(appendToPage(new EmulatedComponent(registry, components)))) satisfies PluginAPI['createComponent'],
      createSection: (() => asFigma<SectionNode>(appendToPage(new EmulatedSection(registry)))) satisfies PluginAPI['createSection'],
      createComponentFromNode: ((node: SceneNode) =>
        asFigma<ComponentNode>(createComponentFromNode(registry, components, asEmulated(node)))) satisfies PluginAPI['createComponentFromNode'],
      group: ((children: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number) =>
        asFigma<GroupNode>(combine('group', children, parent, index, () => new EmulatedGroup(registry)))) satisfies PluginAPI['group'],
      union: ((children: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number) =>
        booleanOperation('union', 'UNION', children, parent, index)) satisfies PluginAPI['union'],
      subtract: ((children: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number) =>
        booleanOperation('subtract', 'SUBTRACT', children, parent, index)) satisfies PluginAPI['subtract'],
      intersect: ((children: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number) =>
        booleanOperation('intersect', 'INTERSECT', children, parent, index)) satisfies PluginAPI['intersect'],
      exclude: ((children: ReadonlyArray<BaseNode>, parent: BaseNode & ChildrenMixin, index?: number) =>
        booleanOperation('exclude', 'EXCLUDE', children, parent, index)) satisfies PluginAPI['exclude'],
      createStar: (() => asFigma<StarNode>(appendToPage(createStar(registry)))) satisfies PluginAPI['createStar'],
      createText: (() => asFigma<TextNode>(appendToPage(new EmulatedText(registry, fonts)))) satisfies PluginAPI['createText']
    }
  }
}
