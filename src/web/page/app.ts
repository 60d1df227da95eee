// The play page: a person against the engine, which runs in a Web Worker of this page.
// Query parameters preset the form and the first game: ?variant=english&human=black&time=0.5&fen=...

import { DraughtsGame, type MoveInfo, type Search, type Side, type VariantInfo, createEngine, variants } from '../../api/browser.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const boardEl = $<HTMLDivElement>('board');
const statusEl = $<HTMLParagraphElement>('status');
const analysisEl = $<HTMLParagraphElement>('analysis');
const movesEl = $<HTMLOListElement>('moves');
const pdnEl = $<HTMLTextAreaElement>('pdn');
const errorEl = $<HTMLParagraphElement>('error');
const choiceEl = $<HTMLDivElement>('choice');
const routesEl = $<HTMLDivElement>('routes');
const variantEl = $<HTMLSelectElement>('variant');
const humanEl = $<HTMLSelectElement>('human');
const timeEl = $<HTMLSelectElement>('time');

// The shipped opening book where the variant has one (downloaded by the worker on its first move).
const engine = createEngine({ tableMb: 32, book: true });
const params = new URLSearchParams(location.search);
for (const v of variants()) variantEl.add(new Option(v.name[0].toUpperCase() + v.name.slice(1), v.name));
preset(variantEl, params.get('variant') ?? 'international');
preset(humanEl, params.get('human') ?? 'white');
preset(timeEl, params.get('time') ?? '1', (t) => `${t} s a move`);

let game = firstGame();
let flipped = false;
let selected: number | null = null;
let thinking: Search | null = null;
/** Bumped whenever the game is replaced or taken back, so that a late engine answer is dropped. */
let epoch = 0;
/** Milliseconds from navigation to the engine's first move (read by the browser tests and bench). */
const timings: { firstEngineMove?: number } = {};
(window as unknown as { damkaTimings: typeof timings }).damkaTimings = timings;

function firstGame(): DraughtsGame {
  try {
    return DraughtsGame.create(variantEl.value, params.get('fen') ?? undefined);
  } catch (err) {
    errorEl.textContent = err instanceof Error ? err.message : String(err);
    return DraughtsGame.create(variantEl.value);
  }
}

function preset(select: HTMLSelectElement, value: string, label = (v: string) => v): void {
  if (![...select.options].some((o) => o.value === value)) select.add(new Option(label(value), value));
  select.value = value;
}

const humanSide = (): Side | null => (humanEl.value === 'none' ? null : (humanEl.value as Side));
const enginesTurn = () => !game.status().over && game.status().toMove !== humanSide();

function render(): void {
  const v: VariantInfo = game.variant;
  const pieces = game.board();
  const legal = game.legalMoves();
  const history = game.history();
  const last = history[history.length - 1];
  const targets = selected === null ? [] : legal.filter((m) => m.from === selected).map((m) => m.to);
  const size = 100 / v.rows;
  boardEl.replaceChildren();
  v.coordinates.forEach(({ row, file }, i) => {
    const square = i + 1;
    const r = flipped ? v.rows - 1 - row : row;
    const f = flipped ? v.rows - 1 - file : file;
    const cell = document.createElement('div');
    cell.className = 'square';
    cell.dataset.square = String(square);
    cell.style.cssText = `left:${f * size}%;top:${r * size}%;width:${size}%;height:${size}%`;
    if (last && (last.from === square || last.path.includes(square))) cell.classList.add('last');
    if (selected === square) cell.classList.add('from');
    if (targets.includes(square)) cell.classList.add('target');
    const number = document.createElement('span');
    number.className = 'number';
    number.textContent = String(square);
    cell.append(number);
    const piece = pieces[i];
    if (piece) {
      const disc = document.createElement('div');
      disc.className = `piece ${piece.toLowerCase()}${piece === 'W' || piece === 'B' ? ' king' : ''}`;
      disc.dataset.piece = piece;
      cell.append(disc);
    }
    cell.addEventListener('click', () => clickSquare(square));
    boardEl.append(cell);
  });
  movesEl.replaceChildren(...pairs(history).map((line) => Object.assign(document.createElement('li'), { textContent: line })));
  movesEl.scrollTop = movesEl.scrollHeight;
  pdnEl.value = game.pdn({ Event: 'Damka web game', White: humanSide() === 'white' ? 'You' : 'Damka', Black: humanSide() === 'black' ? 'You' : 'Damka' });
  const status = game.status();
  statusEl.textContent = status.over
    ? `Game over: ${status.result} (${status.reason})`
    : `${status.toMove === 'white' ? 'White' : 'Black'} to move${thinking ? ': the engine is thinking…' : ''}`;
  document.body.dataset.thinking = String(thinking !== null);
  document.body.dataset.ply = String(game.ply);
}

/** Move texts two to a numbered line, the first mover's move first. */
function pairs(history: MoveInfo[]): string[] {
  const lines: string[] = [];
  const toMove = game.status().toMove;
  const startSide = history.length % 2 === 0 ? toMove : toMove === 'white' ? 'black' : 'white';
  const moves = history.map((m) => m.text);
  if (startSide !== game.variant.firstToMove) moves.unshift('…');
  for (let i = 0; i < moves.length; i += 2) lines.push(moves.slice(i, i + 2).join('  '));
  return lines;
}

function clickSquare(square: number): void {
  errorEl.textContent = '';
  if (thinking || game.status().over || enginesTurn()) return;
  const legal = game.legalMoves();
  if (selected !== null) {
    const routes = legal.filter((m) => m.from === selected && m.to === square);
    if (routes.length === 1) { playHuman(routes[0]); return; }
    if (routes.length > 1) { chooseRoute(routes); return; }
  }
  hideChoice();
  if (legal.some((m) => m.from === square)) selected = square;
  else {
    if (selected === null && game.board()[square - 1]) errorEl.textContent = whyNot(square, legal);
    selected = null;
  }
  render();
}

function whyNot(square: number, legal: MoveInfo[]): string {
  const captures = legal.filter((m) => m.captured.length > 0);
  if (captures.length > 0) return `A capture is compulsory: ${captures.map((m) => m.text).join(', ')}`;
  return `The piece on ${square} cannot move.`;
}

/** Several captures share start and end: the person picks the route. */
function chooseRoute(routes: MoveInfo[]): void {
  routesEl.replaceChildren(...routes.map((m) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = `${m.long} (takes ${m.captured.join(', ')})`;
    button.dataset.move = m.long;
    button.addEventListener('click', () => { hideChoice(); playHuman(m); });
    button.addEventListener('mouseenter', () => markTaken(m.captured));
    button.addEventListener('mouseleave', () => markTaken([]));
    return button;
  }));
  choiceEl.hidden = false;
}

function markTaken(squares: number[]): void {
  for (const cell of boardEl.querySelectorAll<HTMLElement>('.square')) {
    cell.classList.toggle('taken', squares.includes(Number(cell.dataset.square)));
  }
}

function hideChoice(): void {
  choiceEl.hidden = true;
  routesEl.replaceChildren();
}

function playHuman(move: MoveInfo): void {
  selected = null;
  game.play(move.long);
  render();
  maybeEngine();
}

function maybeEngine(): void {
  if (enginesTurn() && !thinking) void engineMove();
}

async function engineMove(): Promise<void> {
  if (game.status().over || thinking) return;
  const mine = epoch;
  const seconds = Number(timeEl.value);
  const search = engine.search(game, { time: seconds }, {
    onInfo: (info) => {
      const score = info.mate !== null ? (info.mate > 0 ? `win in ${info.mate}` : `loss in ${-info.mate}`) : (info.score / 100).toFixed(2);
      analysisEl.textContent = info.book
        ? `book  score ${score}  ${info.pv.join(' ')}`
        : `depth ${info.depth}/${info.selDepth}  score ${score}  ${(info.nodesPerSecond / 1e6).toFixed(2)} Mn/s  ${info.pv.join(' ')}`;
    },
  });
  thinking = search;
  render();
  try {
    const result = await search.result;
    if (mine !== epoch || !result.move) return;
    game.play(result.move.long);
    timings.firstEngineMove ??= performance.now();
  } catch (err) {
    errorEl.textContent = err instanceof Error ? err.message : String(err);
  } finally {
    if (thinking === search) thinking = null;
    render();
  }
  if (mine === epoch) maybeEngine();
}

function stopThinking(): void {
  epoch++;
  thinking?.stop();
  thinking = null;
}

function newGame(): void {
  stopThinking();
  engine.newGame();
  game = DraughtsGame.create(variantEl.value);
  selected = null;
  analysisEl.textContent = '';
  errorEl.textContent = '';
  hideChoice();
  render();
  maybeEngine();
}

function undo(): void {
  stopThinking();
  selected = null;
  hideChoice();
  game.undo();
  // Back to the person's turn: their last move and the engine's answer to it. With the
  // engine on both sides, the person takes over the side to move.
  if (humanSide() === null) preset(humanEl, game.status().toMove);
  while (game.ply > 0 && enginesTurn()) game.undo();
  render();
  maybeEngine();
}

$('new').addEventListener('click', newGame);
variantEl.addEventListener('change', newGame);
$('undo').addEventListener('click', undo);
$('flip').addEventListener('click', () => { flipped = !flipped; render(); });
// The engine takes over the side to move; the person plays the other.
$('go').addEventListener('click', () => {
  if (thinking || game.status().over) return;
  if (humanSide() !== null) preset(humanEl, game.status().toMove === 'white' ? 'black' : 'white');
  maybeEngine();
});
humanEl.addEventListener('change', () => { flipped = humanSide() === 'black'; render(); maybeEngine(); });
$('copy').addEventListener('click', async () => {
  try {
    await navigator.clipboard.writeText(pdnEl.value);
    errorEl.textContent = '';
  } catch {
    pdnEl.select(); // no clipboard permission: select it for Ctrl-C
  }
});

flipped = humanSide() === 'black';
render();
maybeEngine();
