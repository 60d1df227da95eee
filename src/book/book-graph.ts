// The builder's book in memory: one node a position, found by its Zobrist key, so that a
// position reached by two move orders (a transposition) is one node with two parents. A node
// is searched once (its leaf search), and expanded once: all its moves get child nodes, and it
// counts as expanded when every child has been searched.

import { formatFen } from '../notation/fen.ts';
import { formatMove } from '../notation/move-text.ts';
import { computeKey } from '../rules/convert.ts';
import { type Color, Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { MATE_BOUND } from '../search/score.ts';
import { type Book, BookFileError } from './book-file.ts';
import type { BookRecord } from './book-format.ts';
import type { LeafResult } from './types.ts';

export class BookNode {
  search: LeafResult | null = null;
  /** Set when the node is expanded or being expanded: every move, with the node it leads to. */
  children: { move: string; node: BookNode }[] | null = null;
  /** Every child searched: the node's value is the negamax of theirs. */
  expanded = false;
  /** A search is running for it. */
  pending = false;
  /** Worked out by expansion.ts from the searches. */
  value = 0;
  height = 0;
  priority = Infinity;
  /** A played game's position the build was taught: kept as such in the file, so that stats can tell it from the rest. */
  gamePosition = false;

  constructor(readonly pos: Position, readonly key: string) {}

  /** Nothing to expand: no move, or a win or loss the search already saw to the end. */
  get terminal(): boolean {
    return this.search !== null && (this.search.move === '' || Math.abs(this.search.score) > MATE_BOUND);
  }
}

export class BookGraph {
  readonly nodes = new Map<string, BookNode>();
  /** Nodes with children still to be searched. */
  readonly expanding = new Set<BookNode>();

  constructor(readonly variant: Variant) {
    if (variant.name === 'lasca') throw new Error('books are for the games without columns: not Lasca');
  }

  /** The node of a position, made when it is new. */
  node(pos: Position): BookNode {
    const key = pos.keyString();
    let node = this.nodes.get(key);
    if (node === undefined) {
      node = new BookNode(pos.clone(), key);
      this.nodes.set(key, node);
    }
    return node;
  }

  fen(node: BookNode): string {
    return formatFen(this.variant, this.variant.toBoard(node.pos));
  }

  /** Gives a node its children; returns those still to be searched (the node is expanded at once when none are). */
  expand(node: BookNode): BookNode[] {
    if (node.children === null) {
      const legal = this.variant.legalMoves(node.pos);
      node.children = legal.map((m) => ({ move: formatMove(this.variant, m, legal, 'hub'), node: this.node(this.variant.play(node.pos, m)) }));
    }
    this.expanding.add(node);
    const waiting = node.children.filter((c) => c.node.search === null).map((c) => c.node);
    this.settle();
    return waiting;
  }

  /** Marks as expanded the nodes whose children have all been searched by now. */
  settle(): void {
    for (const node of this.expanding) {
      if (node.children!.every((c) => c.node.search !== null)) {
        node.expanded = true;
        this.expanding.delete(node);
      }
    }
  }

  /** The searched positions as the file stores them (a node half expanded is stored as a leaf). */
  records(): BookRecord[] {
    const searched = [...this.nodes.values()].filter((n) => n.search !== null);
    const index = new Map(searched.map((n, i) => [n, i]));
    return searched.map((n) => ({
      keyLo: n.pos.keyLo, keyHi: n.pos.keyHi,
      board: [n.pos.wLo, n.pos.wHi, n.pos.bLo, n.pos.bHi, n.pos.kLo, n.pos.kHi, n.pos.side],
      search: n.search!, value: n.expanded ? n.value : n.search!.score, height: n.expanded ? n.height : 0, expanded: n.expanded, gamePosition: n.gamePosition,
      moves: n.expanded ? n.children!.map((c) => ({ move: c.move, child: index.get(c.node)! })) : [],
    }));
  }

  /** The graph of a book file, to extend it. Each stored position's key is checked against its pieces. */
  static fromBook(variant: Variant, book: Book, name: string): BookGraph {
    const graph = new BookGraph(variant);
    const nodes: BookNode[] = [];
    for (let i = 0; i < book.size; i++) {
      const b = book.boardAt(i);
      const pos = new Position();
      [pos.wLo, pos.wHi, pos.bLo, pos.bHi, pos.kLo, pos.kHi] = [b[0], b[1], b[2], b[3], b[4], b[5]];
      pos.side = b[6] as Color;
      computeKey(pos);
      if (pos.keyLo !== book.keyLoAt(i) || pos.keyHi !== book.keyHiAt(i)) throw new BookFileError(`book ${name}: position ${i} does not match its key (damaged, or written by another Damka)`);
      const node = graph.node(pos);
      node.search = book.searchAt(i);
      node.gamePosition = book.gamePosition(i);
      nodes.push(node);
    }
    for (let i = 0; i < book.size; i++) {
      if (!book.expanded(i)) continue;
      // The stored moves are checked by making them again: a book from other rules is refused.
      const node = nodes[i];
      graph.expand(node);
      const stored = book.movesAt(i).map((m) => `${m.move} ${nodes[m.child].key}`).sort();
      const made = node.children!.map((c) => `${c.move} ${c.node.key}`).sort();
      if (stored.join() !== made.join()) throw new BookFileError(`book ${name}: the moves stored for position ${i} are not its legal moves`);
    }
    return graph;
  }
}
