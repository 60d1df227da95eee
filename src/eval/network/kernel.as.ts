// The network's arithmetic in WebAssembly (AssemblyScript source; `npm run build:kernel`
// compiles it into kernel-wasm.ts, which is what the evaluator loads). Plain JavaScript has no
// vector instructions: the same network there cost over ten times as much as the pattern
// evaluation, here less. Integer weights, as the shipped file's are quantised on load
// (kernel.ts): the first layer's outputs are 16-bit (127 = 1.0), the second layer's weights
// 16-bit (64 = 1.0), so that its products sum in 32-bit lanes with no overflow.
//
// Memory, from the first 16-byte boundary past the module's own data: W1 (inputs x H1, i16,
// row by input), B1 (H1, i16), W2 (i16, in pairs of hidden inputs: for each pair, for each
// output k, the weights of the pair's two inputs), B2 (H2, i32), W3 (H2, f32); then scratch:
// the hidden layer (H1, i16), the rows of the inputs to add or subtract (64 i32: a board's
// pieces, or those that went and came), for each side to move the first layer's sums before
// clipping (H1 i16) with the bitboards they are the sums of (eight words), and the square
// table of the 10x10 board (below).
//
// Two entries. evaluate() takes the 8x8 board's four 32-bit boards already turned to the side
// to move's view, bit n - 1 for its square n: the input rows follow from the bits directly.
// evaluateWide() takes the 10x10 board's words as the position holds them (two a bitboard,
// with the ghost bits of rules/international.ts), and a table, filled once by the caller, gives
// each bit's square from either side's view: turning a 50-square board half a turn is no bit
// trick, and a look-up a piece costs less than rebuilding the words.
//
// Those sums make the first layer incremental: successive evaluations from one side's view
// (siblings and cousins in the search) differ in a few squares, so the sums are brought up to
// date by subtracting the rows of the inputs that went, then adding those that came, rather than
// summed afresh over every piece. In that order every partial sum is over pieces of one board
// (the old one's that stay, then the new one's), so for weights where no board's sum can leave
// the 16-bit range the saturating arithmetic never saturates and the result is exactly the sum
// afresh; kernel.ts enables updates only for such weights.

const WEIGHTS: usize = (__heap_base + 15) & ~15;

/** Inputs: four a square (own man, own king, opposing man, opposing king), 128 or 200. */
let INPUTS: i32 = 128;
let H1: i32 = 0;
let H2: i32 = 0;
let w1: usize = 0;
let b1: usize = 0;
let w2: usize = 0;
let b2: usize = 0;
let w3: usize = 0;
let hidden: usize = 0;
let rows: usize = 0;
let sums: usize = 0;
let boards: usize = 0;
let squareRows: usize = 0;
let b3: f32 = 0;
let scale2: f32 = 1;
let incremental: bool = false;
/** Bit s set: side s's sums and bitboards are filled in. */
let filled: i32 = 0;

/** Lays out a network of `inputs` inputs (128 or 200), h1 and h2 hidden units (multiples of 16); returns where its weights go. */
export function setup(inputs: i32, h1: i32, h2: i32, bias3: f32, secondScale: f32): usize {
  INPUTS = inputs; H1 = h1; H2 = h2; b3 = bias3; scale2 = secondScale;
  w1 = WEIGHTS;
  b1 = w1 + <usize>(INPUTS * H1 * 2);
  w2 = b1 + <usize>(H1 * 2);
  b2 = w2 + <usize>(H1 * H2 * 2);
  w3 = b2 + <usize>(H2 * 4);
  hidden = w3 + <usize>(H2 * 4);
  rows = hidden + <usize>(H1 * 2);
  sums = rows + 64 * 4;
  boards = sums + <usize>(2 * H1 * 2);
  squareRows = boards + 2 * 32;
  incremental = false;
  filled = 0;
  return WEIGHTS;
}

/** Once the weights are in: 1 if no first-layer sum can leave the 16-bit range, so that it may be updated. */
export function allowUpdates(on: i32): void {
  incremental = on != 0;
  filled = 0;
}

/** Bytes of memory the network set up needs. */
export function needed(): usize {
  return squareRows + 2 * 64 * 4;
}

/**
 * Where evaluateWide()'s square table goes: for each side's view (0, then 1) and each of the
 * 64 bits of a position's two words, the square (0-based) it is from that view; entries for
 * bits that are no square are never read.
 */
export function squareTable(): usize {
  return squareRows;
}

/**
 * The network's output (before the logistic) for the side to move's men and kings and the
 * opponent's, one bit a square from that side's view (bit n - 1 is square n); `side` (0 or 1)
 * names the view, whose first-layer sums are kept from one call to the next.
 */
export function evaluate(side: i32, ownMen: u32, ownKings: u32, oppMen: u32, oppKings: u32): f32 {
  const rowBytes = H1 * 2;
  const st = boards + <usize>(side << 5), acc = sums + <usize>(side * rowBytes);
  const om = load<u32>(st), ok = load<u32>(st, 4), pm = load<u32>(st, 8), pk = load<u32>(st, 12);
  store<u32>(st, ownMen); store<u32>(st, ownKings, 4); store<u32>(st, oppMen, 8); store<u32>(st, oppKings, 12);
  const changes = popcnt(om ^ ownMen) + popcnt(ok ^ ownKings) + popcnt(pm ^ oppMen) + popcnt(pk ^ oppKings);
  const pieces = popcnt(ownMen | ownKings | oppMen | oppKings);

  // Updated: from the kept sums, subtract the rows of the inputs that went, then add those that
  // came. Afresh: from the biases, add every piece's row.
  const update = incremental && (filled >> side & 1) != 0 && changes < pieces;
  if (!update) filled |= 1 << side;
  const start = update ? acc : b1;
  const removed = update ? listRows(0, om & ~ownMen, ok & ~ownKings, pm & ~oppMen, pk & ~oppKings, rowBytes) : 0;
  const n = update
    ? listRows(removed, ownMen & ~om, ownKings & ~ok, oppMen & ~pm, oppKings & ~pk, rowBytes)
    : listRows(0, ownMen, ownKings, oppMen, oppKings, rowBytes);
  return layers(start, acc, removed, n, rowBytes);
}

/**
 * evaluate() for the 10x10 board: the side to move's men and kings and the opponent's, each
 * as the position's two words (squares 1-30 low, 31-50 high, ghost bits clear), from nobody's
 * view; `side` (0 or 1) picks the square table's view and the kept sums.
 */
export function evaluateWide(side: i32, ownMenLo: u32, ownMenHi: u32, ownKingsLo: u32, ownKingsHi: u32,
  oppMenLo: u32, oppMenHi: u32, oppKingsLo: u32, oppKingsHi: u32): f32 {
  const rowBytes = H1 * 2;
  const st = boards + <usize>(side << 5), acc = sums + <usize>(side * rowBytes);
  const oml = load<u32>(st), omh = load<u32>(st, 4), okl = load<u32>(st, 8), okh = load<u32>(st, 12);
  const pml = load<u32>(st, 16), pmh = load<u32>(st, 20), pkl = load<u32>(st, 24), pkh = load<u32>(st, 28);
  store<u32>(st, ownMenLo); store<u32>(st, ownMenHi, 4); store<u32>(st, ownKingsLo, 8); store<u32>(st, ownKingsHi, 12);
  store<u32>(st, oppMenLo, 16); store<u32>(st, oppMenHi, 20); store<u32>(st, oppKingsLo, 24); store<u32>(st, oppKingsHi, 28);
  const changes = popcnt(oml ^ ownMenLo) + popcnt(omh ^ ownMenHi) + popcnt(okl ^ ownKingsLo) + popcnt(okh ^ ownKingsHi) +
    popcnt(pml ^ oppMenLo) + popcnt(pmh ^ oppMenHi) + popcnt(pkl ^ oppKingsLo) + popcnt(pkh ^ oppKingsHi);
  const pieces = popcnt(ownMenLo | ownKingsLo | oppMenLo | oppKingsLo) + popcnt(ownMenHi | ownKingsHi | oppMenHi | oppKingsHi);

  // As in evaluate(): the rows that went, then those that came, or every piece's afresh.
  const update = incremental && (filled >> side & 1) != 0 && changes < pieces;
  if (!update) filled |= 1 << side;
  const start = update ? acc : b1;
  const table = squareRows + <usize>(side << 8), S = INPUTS >> 2;
  let removed: usize = 0, n: usize = 0;
  if (update) {
    n = listWide(n, oml & ~ownMenLo, omh & ~ownMenHi, 0, table, rowBytes);
    n = listWide(n, okl & ~ownKingsLo, okh & ~ownKingsHi, S, table, rowBytes);
    n = listWide(n, pml & ~oppMenLo, pmh & ~oppMenHi, 2 * S, table, rowBytes);
    n = listWide(n, pkl & ~oppKingsLo, pkh & ~oppKingsHi, 3 * S, table, rowBytes);
    removed = n;
    n = listWide(n, ownMenLo & ~oml, ownMenHi & ~omh, 0, table, rowBytes);
    n = listWide(n, ownKingsLo & ~okl, ownKingsHi & ~okh, S, table, rowBytes);
    n = listWide(n, oppMenLo & ~pml, oppMenHi & ~pmh, 2 * S, table, rowBytes);
    n = listWide(n, oppKingsLo & ~pkl, oppKingsHi & ~pkh, 3 * S, table, rowBytes);
  } else {
    n = listWide(n, ownMenLo, ownMenHi, 0, table, rowBytes);
    n = listWide(n, ownKingsLo, ownKingsHi, S, table, rowBytes);
    n = listWide(n, oppMenLo, oppMenHi, 2 * S, table, rowBytes);
    n = listWide(n, oppKingsLo, oppKingsHi, 3 * S, table, rowBytes);
  }
  return layers(start, acc, removed, n, rowBytes);
}

/** The first layer's sums from `start` less the first `removed` listed rows plus the rest up to `n`, kept in `acc`; then the layers above. */
function layers(start: usize, acc: usize, removed: usize, n: usize, rowBytes: i32): f32 {
  // 32 hidden units at a time (then 16 for the rest: H1 is a multiple of 16), summed over the
  // inputs in four registers, so that each input's row offset is read once a block; one
  // register a pass over the inputs was a quarter slower.
  const end = <usize>rowBytes;
  let o: usize = 0;
  for (; o + 64 <= end; o += 64) { // 32 units of 2 bytes
    let s0 = v128.load(start + o), s1 = v128.load(start + o, 16), s2 = v128.load(start + o, 32), s3 = v128.load(start + o, 48);
    let i: usize = 0;
    for (; i < removed; i++) {
      const r = w1 + <usize>load<i32>(rows + (i << 2)) + o;
      s0 = i16x8.sub_sat_s(s0, v128.load(r)); s1 = i16x8.sub_sat_s(s1, v128.load(r, 16));
      s2 = i16x8.sub_sat_s(s2, v128.load(r, 32)); s3 = i16x8.sub_sat_s(s3, v128.load(r, 48));
    }
    for (; i < n; i++) {
      const r = w1 + <usize>load<i32>(rows + (i << 2)) + o;
      s0 = i16x8.add_sat_s(s0, v128.load(r)); s1 = i16x8.add_sat_s(s1, v128.load(r, 16));
      s2 = i16x8.add_sat_s(s2, v128.load(r, 32)); s3 = i16x8.add_sat_s(s3, v128.load(r, 48));
    }
    keep(acc, o, s0); keep(acc, o + 16, s1); keep(acc, o + 32, s2); keep(acc, o + 48, s3);
  }
  for (; o < end; o += 32) { // the last 16 units
    let s0 = v128.load(start + o), s1 = v128.load(start + o, 16);
    let i: usize = 0;
    for (; i < removed; i++) {
      const r = w1 + <usize>load<i32>(rows + (i << 2)) + o;
      s0 = i16x8.sub_sat_s(s0, v128.load(r)); s1 = i16x8.sub_sat_s(s1, v128.load(r, 16));
    }
    for (; i < n; i++) {
      const r = w1 + <usize>load<i32>(rows + (i << 2)) + o;
      s0 = i16x8.add_sat_s(s0, v128.load(r)); s1 = i16x8.add_sat_s(s1, v128.load(r, 16));
    }
    keep(acc, o, s0); keep(acc, o + 16, s1);
  }

  // Second layer, sixteen outputs at a time: each pair of hidden units is broadcast and
  // multiplied into four lanes of outputs at once. Two pairs a step, as independent sums, and
  // no test for zero units: a branch there mispredicts more than the products cost.
  let z: f32 = b3;
  const pairs = H1 >> 1;
  const sc = f32x4.splat(scale2), fz = f32x4.splat(0), f1 = f32x4.splat(1);
  for (let g = 0; g < H2; g += 16) {
    let s0 = i32x4.splat(0), s1 = i32x4.splat(0), s2 = i32x4.splat(0), s3 = i32x4.splat(0);
    for (let p = 0; p < pairs; p += 2) {
      const u = i32x4.splat(load<i32>(hidden + <usize>(p << 2)));
      const v = i32x4.splat(load<i32>(hidden + <usize>((p + 1) << 2)));
      const r = w2 + <usize>((p * H2 + g) * 4), q = r + <usize>(H2 * 4);
      s0 = i32x4.add(s0, i32x4.add(i32x4.dot_i16x8_s(u, v128.load(r)), i32x4.dot_i16x8_s(v, v128.load(q))));
      s1 = i32x4.add(s1, i32x4.add(i32x4.dot_i16x8_s(u, v128.load(r, 16)), i32x4.dot_i16x8_s(v, v128.load(q, 16))));
      s2 = i32x4.add(s2, i32x4.add(i32x4.dot_i16x8_s(u, v128.load(r, 32)), i32x4.dot_i16x8_s(v, v128.load(q, 32))));
      s3 = i32x4.add(s3, i32x4.add(i32x4.dot_i16x8_s(u, v128.load(r, 48)), i32x4.dot_i16x8_s(v, v128.load(q, 48))));
    }
    const bb = b2 + <usize>(g * 4), wb = w3 + <usize>(g * 4);
    let t = f32x4.mul(clip(i32x4.add(s0, v128.load(bb)), sc, fz, f1), v128.load(wb));
    t = f32x4.add(t, f32x4.mul(clip(i32x4.add(s1, v128.load(bb, 16)), sc, fz, f1), v128.load(wb, 16)));
    t = f32x4.add(t, f32x4.mul(clip(i32x4.add(s2, v128.load(bb, 32)), sc, fz, f1), v128.load(wb, 32)));
    t = f32x4.add(t, f32x4.mul(clip(i32x4.add(s3, v128.load(bb, 48)), sc, fz, f1), v128.load(wb, 48)));
    z += f32x4.extract_lane(t, 0) + f32x4.extract_lane(t, 1) + f32x4.extract_lane(t, 2) + f32x4.extract_lane(t, 3);
  }
  return z;
}

/** Lists the rows of W1 (byte offsets) of the four bitboards' pieces after the first n in the list; returns the new length. */
// @ts-ignore: decorator
@inline function listRows(n: usize, men: u32, kings: u32, oppMen: u32, oppKings: u32, rowBytes: i32): usize {
  for (let x = men; x != 0; x &= x - 1) { store<i32>(rows + (n++ << 2), <i32>ctz(x) * rowBytes); }
  for (let x = kings; x != 0; x &= x - 1) { store<i32>(rows + (n++ << 2), (32 + <i32>ctz(x)) * rowBytes); }
  for (let x = oppMen; x != 0; x &= x - 1) { store<i32>(rows + (n++ << 2), (64 + <i32>ctz(x)) * rowBytes); }
  for (let x = oppKings; x != 0; x &= x - 1) { store<i32>(rows + (n++ << 2), (96 + <i32>ctz(x)) * rowBytes); }
  return n;
}

/** Lists the rows of W1 (byte offsets) of a 10x10 bitboard's pieces of one kind (`first`: the kind's first input) after the first n; returns the new length. */
function listWide(n: usize, lo: u32, hi: u32, first: i32, table: usize, rowBytes: i32): usize {
  for (let x = lo; x != 0; x &= x - 1) { store<i32>(rows + (n++ << 2), (first + load<i32>(table + (<usize>ctz(x) << 2))) * rowBytes); }
  for (let x = hi; x != 0; x &= x - 1) { store<i32>(rows + (n++ << 2), (first + load<i32>(table + 128 + (<usize>ctz(x) << 2))) * rowBytes); }
  return n;
}

/** Keeps eight units' sums `s` at `acc + o` and their clipped outputs (0..127) in the hidden layer. */
// @ts-ignore: decorator
@inline function keep(acc: usize, o: usize, s: v128): void {
  v128.store(acc + o, s);
  v128.store(hidden + o, i16x8.min_s(i16x8.max_s(s, i16x8.splat(0)), i16x8.splat(127)));
}

// @ts-ignore: decorator
@inline function clip(x: v128, scale: v128, lo: v128, hi: v128): v128 {
  return f32x4.min(f32x4.max(f32x4.mul(f32x4.convert_i32x4_s(x), scale), lo), hi);
}
