// A deliberately simple Lasca move generator, written straight from RULES.md: columns are
// strings (top first), squares are file/rank pairs, and every capture is played out on a copy
// of the board as a player would, one jump at a time. Clarity over speed.

export interface RefLascaBoard {
  white: boolean; // White to move
  /** Index 1..25 by square number (a7 = 1 ... g1 = 25); '' is an empty square. */
  columns: string[];
}

export interface RefLascaMove {
  from: number;
  /** Landing squares in order; [to] for a quiet move. */
  landings: number[];
  /** Squares jumped, in order. */
  jumped: number[];
  promotes: boolean;
}

// Square numbers from coordinates: ranks from 7 down to 1, files a to g, the squares where
// file + rank (0-based) is even (a1 is used).
const NUMBER = new Map<string, number>();
const COORD: [number, number][] = [[-1, -1]];
for (let rank = 6; rank >= 0; rank--) {
  for (let file = 0; file < 7; file++) {
    if ((file + rank) % 2 !== 0) continue;
    NUMBER.set(`${file},${rank}`, COORD.length);
    COORD.push([file, rank]);
  }
}

export const refSquareName = (sq: number) => String.fromCharCode(97 + COORD[sq][0]) + String(COORD[sq][1] + 1);

function square(file: number, rank: number): number {
  return NUMBER.get(`${file},${rank}`) ?? 0;
}

const isWhitePiece = (ch: string) => ch === 'w' || ch === 'W';
const isOfficer = (ch: string) => ch === 'W' || ch === 'B';

/** Diagonal directions as (file, rank) steps; White's forward is up the ranks. */
const DIAGONALS: [number, number][] = [[-1, 1], [1, 1], [-1, -1], [1, -1]];

export function refLascaMoves(board: RefLascaBoard): RefLascaMove[] {
  const mine = (col: string) => col !== '' && isWhitePiece(col[0]) === board.white;
  const theirs = (col: string) => col !== '' && isWhitePiece(col[0]) !== board.white;
  const farRank = board.white ? 6 : 0;
  const captures: RefLascaMove[] = [];

  for (let from = 1; from <= 25; from++) {
    if (!mine(board.columns[from])) continue;
    const officer = isOfficer(board.columns[from][0]);
    const directions = officer ? DIAGONALS : DIAGONALS.filter(([, dr]) => (board.white ? dr > 0 : dr < 0));
    // Play the jumps out on a copy: lift the column, carry it, take prisoners under it.
    const walk = (columns: string[], at: number, carried: string, landings: number[], jumped: number[]) => {
      let went = false;
      for (const [df, dr] of directions) {
        const [f, r] = COORD[at];
        const over = square(f + df, r + dr);
        const land = square(f + 2 * df, r + 2 * dr);
        if (over === 0 || land === 0) continue;
        if (!theirs(columns[over]) || jumped.includes(over) || columns[land] !== '') continue;
        went = true;
        const next = [...columns];
        const prisoner = next[over][0];
        next[over] = next[over].slice(1);
        const column = carried + prisoner;
        if (!officer && COORD[land][1] === farRank) {
          captures.push({ from, landings: [...landings, land], jumped: [...jumped, over], promotes: true });
        } else {
          walk(next, land, column, [...landings, land], [...jumped, over]);
        }
      }
      if (!went && jumped.length > 0) captures.push({ from, landings, jumped, promotes: false });
    };
    const lifted = [...board.columns];
    lifted[from] = '';
    walk(lifted, from, board.columns[from], [], []);
  }
  if (captures.length > 0) return captures;

  const quiet: RefLascaMove[] = [];
  for (let from = 1; from <= 25; from++) {
    if (!mine(board.columns[from])) continue;
    const officer = isOfficer(board.columns[from][0]);
    for (const [df, dr] of DIAGONALS) {
      if (!officer && (board.white ? dr < 0 : dr > 0)) continue;
      const [f, r] = COORD[from];
      const to = square(f + df, r + dr);
      if (to === 0 || board.columns[to] !== '') continue;
      quiet.push({ from, landings: [to], jumped: [], promotes: !officer && COORD[to][1] === farRank });
    }
  }
  return quiet;
}

export function refLascaApply(board: RefLascaBoard, move: RefLascaMove): RefLascaBoard {
  const columns = [...board.columns];
  let column = columns[move.from];
  columns[move.from] = '';
  for (const over of move.jumped) {
    column += columns[over][0];
    columns[over] = columns[over].slice(1);
  }
  if (move.promotes) column = column[0].toUpperCase() + column.slice(1);
  columns[move.landings[move.landings.length - 1]] = column;
  return { white: !board.white, columns };
}

export function refLascaPerft(board: RefLascaBoard, depth: number): number {
  const moves = refLascaMoves(board);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) total += refLascaPerft(refLascaApply(board, m), depth - 1);
  return total;
}

export function refLascaStart(): RefLascaBoard {
  const columns = [''];
  for (let sq = 1; sq <= 25; sq++) columns.push(COORD[sq][1] >= 4 ? 'b' : COORD[sq][1] <= 2 ? 'w' : '');
  return { white: true, columns };
}
