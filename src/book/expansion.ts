// Drop-out expansion (Lincke 2000): which leaf of the book to expand next.
//
// Scores first: a leaf's is its search's; an expanded node's the negamax of its children's
// (the best move's score for the side to move). A child on the line being scored (a repetition,
// possible only with kings) counts as a draw, as the rules make a repeated position.
//
// Then every node's expansion priority, the cheapest way to reach it from a root:
//     priority(root) = its plies from the start (0 for the start)
//     priority(child) = priority(parent) + 1 + EXPANSION_WEIGHT × drop(parent, child)
//     drop(parent, child) = value(parent) − (−value(child))
// drop is how many centi-men the move to the child is worse than the parent's best move, for
// whichever side is to move there, so a line's priority is its length in plies plus the weight
// for every centi-man its moves gave away, by either side. The leaf with the smallest priority
// is expanded next: the main line (drop 0 all along) grows one ply for every ply of a move
// 1/EXPANSION_WEIGHT centi-men worse, so alternatives are covered to a depth that shrinks with
// how much worse they are. With several roots (English: the start, the positions after one and
// two moves, the ballots), each root starts at its plies from the start, its depth in the book,
// so that the ballots are expanded in turn and each grows from its own best line.
//
// EXPANSION_WEIGHT = 1 a centi-man: a line a centi-man worse than the best costs a ply of
// depth, a tenth of a man worse ten plies. Opening scores lie close together (the nine first
// moves of International within 0.35 men), so a small weight grows a tree nearly breadth-first
// and a large one nearly a single line. Measured on builds of 600 leaf searches of 20,000 nodes
// from the International start (2026-12-01): weight
// 0.03, main line 4 plies (all nine first moves 3 plies deep); 0.1, 5 plies; 0.3, 6 plies with
// the first moves 5, 5, 4, 3, 2, 1 plies deep; 1, 10 plies, the first moves 0.06-0.08 men worse
// 3-4 plies deep and those 0.10 men worse or more 0-1; 3, 9 plies with its deepest lines at 14,
// the second move 4 plies deep and every other 0-1. Weight 1 is the one that both leaves the
// opening along the main line and keeps the near-equal alternatives a few plies deep.

import type { BookGraph, BookNode } from './book-graph.ts';

export const EXPANSION_WEIGHT = 1;

/** Where the book grows from, with its plies from the start. */
export interface BookRoot {
  node: BookNode;
  ply: number;
}

/** Sets every node's value and height (plies of book below it along its best line). */
export function scoreNodes(graph: BookGraph): void {
  const done = new Set<BookNode>();
  const onLine = new Set<BookNode>();
  const score = (node: BookNode): number => {
    if (done.has(node)) return node.value;
    if (onLine.has(node)) return 0;
    if (!node.expanded) {
      node.value = node.search?.score ?? 0;
      node.height = 0;
      done.add(node);
      return node.value;
    }
    onLine.add(node);
    let best = -Infinity, height = 0;
    for (const c of node.children!) {
      const v = -score(c.node);
      if (v > best) { best = v; height = onLine.has(c.node) ? 0 : c.node.height + 1; }
    }
    onLine.delete(node);
    node.value = best;
    node.height = height;
    done.add(node);
    return best;
  };
  for (const node of graph.nodes.values()) score(node);
}

/** Sets every node's priority from the roots (Dijkstra: all steps cost at least a ply). Call scoreNodes first. */
export function prioritise(graph: BookGraph, roots: readonly BookRoot[], weight = EXPANSION_WEIGHT): void {
  for (const node of graph.nodes.values()) node.priority = Infinity;
  const heap = new MinHeap();
  for (const { node, ply } of roots) if (ply < node.priority) { node.priority = ply; heap.push(node); }
  const settled = new Set<BookNode>();
  for (let node = heap.pop(); node !== undefined; node = heap.pop()) {
    if (settled.has(node)) continue;
    settled.add(node);
    if (!node.expanded) continue;
    for (const c of node.children!) {
      const drop = Math.max(0, node.value + c.node.value);
      const p = node.priority + 1 + weight * drop;
      if (p < c.node.priority) { c.node.priority = p; heap.push(c.node); }
    }
  }
}

/** Whether a node is a leaf the builder may expand now: not while a search of it (a deeper one, --deepen) is running. */
export function expandable(node: BookNode): boolean {
  return node.search !== null && !node.pending && node.children === null && !node.terminal && node.priority < Infinity;
}

/** The leaf to expand next: the smallest priority, ties by key (so a build is the same every time), or null. */
export function nextLeaf(graph: BookGraph, roots: readonly BookRoot[], weight = EXPANSION_WEIGHT): BookNode | null {
  return first(graph, roots, weight, expandable);
}

/**
 * The leaf to search again next (a build that deepens a book, --deepen): of the leaves `wanted`
 * accepts, the one drop-out expansion would expand first, so that a deeper search reaches the
 * main lines and the ballots' best lines before the alternatives far below them.
 */
export function nextLeafToDeepen(graph: BookGraph, roots: readonly BookRoot[], weight: number, wanted: (node: BookNode) => boolean): BookNode | null {
  return first(graph, roots, weight, (n) => expandable(n) && wanted(n));
}

function first(graph: BookGraph, roots: readonly BookRoot[], weight: number, accept: (node: BookNode) => boolean): BookNode | null {
  scoreNodes(graph);
  prioritise(graph, roots, weight);
  let best: BookNode | null = null;
  for (const node of graph.nodes.values()) {
    if (!accept(node)) continue;
    if (best === null || node.priority < best.priority || (node.priority === best.priority && node.key < best.key)) best = node;
  }
  return best;
}

/** The line of best moves from a node to the leaf it ends in. */
export function mainLine(node: BookNode): string[] {
  const line: string[] = [];
  const seen = new Set<BookNode>();
  while (node.expanded && !seen.has(node)) {
    seen.add(node);
    const best = node.children!.find((c) => -c.node.value === node.value);
    if (best === undefined) break;
    line.push(best.move);
    node = best.node;
  }
  return line;
}

/** Nodes by the priority they were pushed with (a node improved later is pushed again; the stale entry is skipped). */
class MinHeap {
  private readonly items: { p: number; node: BookNode }[] = [];
  push(node: BookNode): void {
    const a = this.items;
    a.push({ p: node.priority, node });
    for (let i = a.length - 1; i > 0;) {
      const up = (i - 1) >> 1;
      if (a[up].p <= a[i].p) break;
      [a[up], a[i]] = [a[i], a[up]];
      i = up;
    }
  }
  pop(): BookNode | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      a[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < a.length && a[l].p < a[m].p) m = l;
        if (r < a.length && a[r].p < a[m].p) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i], a[m]];
        i = m;
      }
    }
    return top?.node;
  }
}
