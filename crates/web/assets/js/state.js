// What the page holds (the match, the turn being entered, the hint), what
// it asks of it (whose turn, which side the board faces), and the hooks
// through which the lower modules ask for a redraw without importing the
// page's top (main.js).

export const S = {
  match: null,        // the match state from the server
  stack: [],          // turn states of the turn being entered, the start first
  selected: null,     // point (White's numbering) of the picked checker
  hint: null,         // the hint for the current turn: { ply, plays, loss, best, mid }
  shownHint: null,    // index of the hint drawn on the board
  busy: false,
  error: '',
  why: '',            // why the last click could not move anything, as the server said it
  ranks: {},          // how the person's past plays ranked, by match:game:index
  copied: false,
  copiedInvite: false,
  logLen: -1,
  levels: [],
  watchReason: '',    // why this browser watches a match played online (an invitation used already)
  drag: null,         // the checker being dragged: { from, x0, y0, moved, ghost }
  sawGameEnd: null,   // the game this page saw start as the one before it ended: { id, number }
};

// Set by main.js: a redraw of the whole page, and what follows one (the
// engine's turn asked for when due).
export const hooks = { render() {}, afterRender() {} };
export const render = () => hooks.render();
export const afterRender = () => hooks.afterRender();

export const $ = (id) => document.getElementById(id);

export function engineDelay() {
  const v = localStorage.getItem('tavli-engine-delay');
  return v === null ? 700 : Number(v);
}

export function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }

export const game = () => S.match?.game;
export const turnState = () => S.stack[S.stack.length - 1] || null;
export const mover = () => game()?.turn;
// The game of the board shown: the game before while it stays on screen
// between two games, else the game being played (`portes`, `plakoto`,
// `fevga`, `gulbara`).
// While a review shows a turn, its board's game (review.js says which
// board through `showReviewedBoard`, as state.js must not import it).
let reviewedBoard = () => null;
export function showReviewedBoard(f) { reviewedBoard = f; }
export const shownGame = () => {
  const reviewed = reviewedBoard();
  if (reviewed) return reviewed.game || 'plakoto';
  return betweenGames()?.game || game()?.game || 'plakoto';
};
export const isGame = (kind) => shownGame() === kind;

// How each game is drawn, as `GET /api/v1/games` lists them: `parallel`
// when both sides go round the same way (Fevga, Gul bara), `bar` when a
// hit checker goes to the bar (Portes). The games known when this page was
// written stand until the list comes (actions.js asks for it), so that a
// game added to the server is drawn by its list entry, named by its
// `title` where the page has no words for it.
export const GAMES = {
  portes: { bar: true }, plakoto: {}, fevga: { parallel: true }, gulbara: { parallel: true },
};
export const parallel = (kind) => !!GAMES[kind]?.parallel;
export const hasBar = (kind) => !!GAMES[kind]?.bar;

// The games each kind of match plays in turn, as `GET /api/v1/games`
// lists them (`matches[].of`): the two that rotate are known until the
// list comes; a match of one game plays that game.
export const MATCHES = {
  tavli: ['portes', 'plakoto', 'fevga'], tabla: ['tabla', 'gulbara', 'tapa'],
};
// Does a match of `games` (its `rules.games`) go round several games?
export const rotates = (games) => (MATCHES[games]?.length || 1) > 1;

// Points in a move are in the mover's numbering; the board is drawn in
// White's. Black's point n is White's 25 − n in Portes and Plakoto, and in
// Fevga and Gul bara, where Black starts on White's 12, White's
// ((n + 11) mod 24) + 1 (the same map both ways). Portes's bar is 25 in
// the mover's numbering and 'bar' on the board; 0 is off.
function otherNumbering(p, side, kind) {
  if (p === 0) return 0;
  if (side !== 'black') return p;
  return parallel(kind) ? ((p + 11) % 24) + 1 : 25 - p;
}
export const toWhite = (p, side, kind = shownGame()) => (p === 25 ? 'bar' : otherNumbering(p, side, kind));
export const fromWhite = (p, side, kind = shownGame()) => (p === 'bar' ? 25 : otherNumbering(p, side, kind));

// Online, `to_act.who` is "human" for both sides: this browser acts only for
// the seat it holds.
export const isOnline = () => S.match?.opponent === 'online';
export const mySeat = () => (isOnline() ? S.match.online?.you || null : null);

export function humanToAct() {
  const a = S.match?.to_act;
  if (!a || a.who !== 'human') return false;
  return isOnline() ? mySeat() === a.side : true;
}

export function viewer() {
  // The board faces the person against the engine, and online the seat
  // this browser holds (a spectator sees it from White's side); for two
  // people on one device it turns to face the side on roll, as when
  // passing the board.
  if (isOnline()) return mySeat() || 'white';
  if (S.match?.human_color) return S.match.human_color;
  if (S.match?.opponent === 'human') return mover() || 'white';
  return 'white';
}

// Between two games of a match: the game before, as it ended, shown until
// the person goes on (a click on Next game, kept over a reload) and while
// the next game has no turn yet. Online each browser goes on when it
// likes: the friend may have played the next game's first turn meanwhile
// (a spectator may see the players go further), and nobody waits for
// this page; a page opened or reloaded later than the next game's first
// turns shows that game.
const seenKey = (id) => `plakoto-next-game-${id}`;
export function betweenGames() {
  const m = S.match, prev = m?.previous_game;
  if (!prev || m.over || m.game.number !== prev.number + 1) return null;
  if (Number(localStorage.getItem(seenKey(m.id)) || 0) >= m.game.number) return null;
  const sawItEnd = S.sawGameEnd?.id === m.id && S.sawGameEnd.number === m.game.number;
  if (m.game.log.length > (m.opponent === 'online' ? 1 : 0) && !(m.opponent === 'online' && sawItEnd)) return null;
  return prev;
}
export function goOnToNextGame() {
  if (S.match) localStorage.setItem(seenKey(S.match.id), String(S.match.game.number));
}

export const rankKey = (i) => `${S.match.id}:${S.match.game.number}:${i}`;

export function showError(msg) {
  S.error = msg || '';
  $('error').textContent = S.error;
}
