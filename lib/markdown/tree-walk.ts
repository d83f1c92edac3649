// A depth-first pass over a unist tree (mdast or hast) that lets the callback replace a child with
// zero or more nodes. Written here rather than importing unist-util-visit, which is only a
// transitive dependency of the remark packages.

type Parent<N> = { children: N[] };

/** Calls `replace` for every node; a returned array takes the node's place (its items are not revisited). */
export function walk<N extends object>(parent: Parent<N>, replace: (node: N, parent: Parent<N>) => N[] | undefined): void {
  for (let i = 0; i < parent.children.length; i += 1) {
    const node = parent.children[i] as N;
    const replacement = replace(node, parent);
    if (replacement) {
      parent.children.splice(i, 1, ...replacement);
      i += replacement.length - 1;
      continue;
    }
    if ("children" in node && Array.isArray(node.children)) walk(node as unknown as Parent<N>, replace);
  }
}
