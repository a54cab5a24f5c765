/**
 * The emulated node tree. Each class implements the fields of the real node type the plugin uses
 * (checked against @figma/plugin-typings through `implements Pick<…>`), with Figma's geometry rules:
 * x/y are relative to the parent's coordinate space, and a group has none of its own, so its
 * children's x/y are in the group's parent's space and its bounds follow its children.
 * Auto-layout frames place their children (auto-layout.ts computes where); rescale scales sizes, positions, paths
 * and the lengths of each node's look (stroke weights, padding, gaps), which a resize keeps.
 * Getters hand out frozen copies and setters check their values' types, as Figma's do (api-values.ts).
 *
 * This module is the index of the node modules, and every module, theirs included, imports node
 * classes from it: it evaluates them base class first (base-node.ts, scene-node.ts, painted.ts,
 * shapes.ts, container.ts, frame.ts, group.ts, page.ts), so no class extends one not yet defined,
 * while each can still name the others (instanceof) in its methods.
 */
export * from './base-node'
export * from './scene-node'
export * from './painted'
export * from './shapes'
export * from './container'
export * from './frame'
export * from './group'
export * from './page'
