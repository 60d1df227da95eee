// The piscina worker entry of the local leaf searcher (leaf-searcher.ts): one leaf search a task.

import { searchLeaf } from './leaf-search.ts';

export default searchLeaf;
