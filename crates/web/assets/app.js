// Plakoto web app: draws the board in SVG and talks to /api/v1. It knows no
// rules: legal single moves, plays, results and hints all come from the
// server; this file only draws them and sends what the person chose.
'use strict';

// ---------------------------------------------------------------- language

const TEXT = {
  en: {
    title: 'Plakoto', newMatch: 'New match', undo: 'Undo', confirm: 'Confirm', pass: 'Pass',
    hint: 'Hint', resign: 'Resign', log: 'Game log', opponent: 'Opponent', vsEngine: 'The computer',
    vsHuman: 'A friend on this device', level: 'Level', yourColor: 'You play', whiteSide: 'White',
    blackSide: 'Black', randomSide: 'Random', length: 'Match to (points)', resume: 'Resume last match',
    cancel: 'Cancel', start: 'Start', white: 'White', black: 'Black', you: 'You', engine: 'Computer',
    pips: 'pips', off: 'off', matchTo: 'Match to {n}', game: 'Game {n}',
    yourTurn: 'Your turn: {dice}.', sideTurn: '{side} to play: {dice}.', thinking: 'The computer is thinking…',
    pickChecker: 'Click or drag a checker (πούλι).', pickDest: 'Now click where it goes.',
    complete: 'Play complete: confirm it, or undo.', mustPass: 'No legal play with {dice} (γκέλα): the turn passes.',
    opening: 'Opening roll:', openingRoll: 'White {w}, Black {b}', openingTie: 'tie, roll again', starts: '{side} starts.',
    winnerStarts: '{side} won the last game and starts.',
    winBearOff: '{side} bears off all checkers and wins {n} point{s}.', double: 'A double game (διπλό)!',
    winMother: '{side} pins the mother (μάνα) and wins 2 points.',
    draw: 'Draw: both mothers are pinned. No points; the opening roll decides who starts next.',
    winResign: '{loser} resigns: {side} wins {n} point{s}.',
    matchOver: '{side} wins the match {a}–{b}.', youWin: 'You win the match {a}–{b}!', youLose: 'The computer wins the match {a}–{b}.',
    confirmResign: 'Resign this game? The opponent scores {n} point{s}.', hintTitle: 'Best plays', playThis: 'Play this',
    equity: 'equity', noMatch: 'Start a new match.', notFound: 'That match does not exist. Start a new one.',
    busy: 'The server is busy; trying again…', pinned: 'pinned', score: 'Score',
    levelName: {
      random: 'Random', heuristic: 'Heuristic', beginner: 'Beginner', casual: 'Casual', advanced: 'Advanced',
      expert: 'Expert', master: 'Master',
    },
    pinnedBy: 'pinned checker',
  },
  el: {
    title: 'Πλακωτό', newMatch: 'Νέος αγώνας', undo: 'Αναίρεση', confirm: 'Επιβεβαίωση', pass: 'Πάσο',
    hint: 'Βοήθεια', resign: 'Παραίτηση', log: 'Κινήσεις παρτίδας', opponent: 'Αντίπαλος',
    vsEngine: 'Ο υπολογιστής', vsHuman: 'Φίλος στην ίδια συσκευή', level: 'Επίπεδο', yourColor: 'Παίζεις με',
    whiteSide: 'Άσπρα', blackSide: 'Μαύρα', randomSide: 'Τυχαία', length: 'Αγώνας στους (πόντους)',
    resume: 'Συνέχεια τελευταίου αγώνα', cancel: 'Άκυρο', start: 'Έναρξη', white: 'Άσπρα', black: 'Μαύρα',
    you: 'Εσύ', engine: 'Υπολογιστής', pips: 'πιπς', off: 'μαζεμένα', matchTo: 'Αγώνας στους {n}',
    game: 'Παρτίδα {n}', yourTurn: 'Σειρά σου: {dice}.', sideTurn: 'Παίζουν τα {side}: {dice}.',
    thinking: 'Ο υπολογιστής σκέφτεται…', pickChecker: 'Πάτησε ή σύρε ένα πούλι.',
    pickDest: 'Τώρα πάτησε πού πηγαίνει.', complete: 'Η κίνηση είναι πλήρης: επιβεβαίωσε ή αναίρεσε.',
    mustPass: 'Γκέλα: καμία κίνηση με {dice}· η σειρά περνά.',
    opening: 'Πρώτη ζαριά:', openingRoll: 'Άσπρα {w}, Μαύρα {b}', openingTie: 'ισοπαλία, ξαναρίχνουν', starts: 'Ξεκινούν τα {side}.',
    winnerStarts: 'Τα {side} κέρδισαν την προηγούμενη παρτίδα και ξεκινούν.',
    winBearOff: 'Τα {side} μάζεψαν όλα τα πούλια και κερδίζουν {n} {pts}.', double: 'Διπλό!',
    winMother: 'Τα {side} πλάκωσαν τη μάνα και κερδίζουν 2 πόντους (διπλό).',
    draw: 'Ισοπαλία: πλακώθηκαν και οι δύο μάνες. Κανείς πόντος· η πρώτη ζαριά κρίνει ποιος ξεκινά.',
    winResign: 'Τα {loser} παραιτούνται: τα {side} κερδίζουν {n} {pts}.',
    matchOver: 'Τα {side} κερδίζουν τον αγώνα {a}–{b}.', youWin: 'Κέρδισες τον αγώνα {a}–{b}!',
    youLose: 'Ο υπολογιστής κερδίζει τον αγώνα {a}–{b}.',
    confirmResign: 'Παραιτείσαι από την παρτίδα; Ο αντίπαλος παίρνει {n} {pts}.', hintTitle: 'Καλύτερες κινήσεις',
    playThis: 'Παίξ’ την', equity: 'αναμενόμενοι πόντοι', noMatch: 'Ξεκίνα νέο αγώνα.',
    notFound: 'Αυτός ο αγώνας δεν υπάρχει. Ξεκίνα νέο.', busy: 'Ο διακομιστής είναι απασχολημένος· ξαναδοκιμάζω…',
    pinned: 'πλακωμένο', score: 'Σκορ', levelName: {
      random: 'Τυχαίο', heuristic: 'Ευρετικό', beginner: 'Αρχάριος', casual: 'Ερασιτέχνης',
      advanced: 'Προχωρημένος', expert: 'Έμπειρος', master: 'Μάστορας',
    },
    pinnedBy: 'πλακωμένο πούλι',
  },
};

let lang = localStorage.getItem('plakoto-lang') || ((navigator.language || '').startsWith('el') ? 'el' : 'en');
if (!TEXT[lang]) lang = 'en';

function t(key, vars) {
  let s = TEXT[lang][key] ?? TEXT.en[key] ?? key;
  for (const [k, v] of Object.entries(vars || {})) s = s.split(`{${k}}`).join(String(v));
  return s;
}

function sideName(c) { return t(c); }

function pointsWord(n) {
  if (lang === 'el') return n === 1 ? 'πόντο' : 'πόντους';
  return '';
}

// ---------------------------------------------------------------- state

const S = {
  match: null,        // the match state from the server
  stack: [],          // turn states of the turn being entered, the start first
  selected: null,     // point (White's numbering) of the picked checker
  hints: null,        // ranked plays for the current turn
  shownHint: null,    // index of the hint drawn on the board
  busy: false,
  error: '',
  lastGame: 0,
  levels: [],
};

const $ = (id) => document.getElementById(id);
const board = $('board');
const SVGNS = 'http://www.w3.org/2000/svg';

function engineDelay() {
  const v = localStorage.getItem('plakoto-engine-delay');
  return v === null ? 700 : Number(v);
}

// ---------------------------------------------------------------- server

async function api(method, path, body) {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let data = null;
    try { data = await res.json(); } catch { data = null; }
    if (res.status === 503 && attempt < 5) {
      showError(t('busy'));
      await sleep(800 * (attempt + 1));
      continue;
    }
    if (!res.ok) {
      const err = new Error(data?.error?.message || `HTTP ${res.status}`);
      err.status = res.status;
      err.code = data?.error?.code;
      throw err;
    }
    return data;
  }
}

function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }

// ---------------------------------------------------------------- helpers

const game = () => S.match?.game;
const turnState = () => S.stack[S.stack.length - 1] || null;
const mover = () => game()?.turn;
// Points in a move are in the mover's numbering; the board is drawn in White's.
const toWhite = (p, side) => (p === 0 ? 0 : side === 'black' ? 25 - p : p);
const fromWhite = (p, side) => (p === 0 ? 0 : side === 'black' ? 25 - p : p);

function humanToAct() {
  const a = S.match?.to_act;
  return !!a && a.who === 'human';
}

function viewer() {
  // The board faces the person against the engine; for two people on one
  // device it turns to face the side on roll, as when passing the board.
  if (S.match?.human_color) return S.match.human_color;
  if (S.match?.opponent === 'human') return mover() || 'white';
  return 'white';
}

// Single moves of the turn in progress are kept in the browser, so a reload
// or a closed tab does not lose them; they apply only at the same version.
const pendingKey = (id) => `plakoto-pending-${id}`;

function savePending() {
  const m = S.match, ts = turnState();
  if (!m) return;
  if (ts && ts.moves.length && humanToAct()) {
    localStorage.setItem(pendingKey(m.id), JSON.stringify({ version: m.version, moves: ts.moves }));
  } else {
    localStorage.removeItem(pendingKey(m.id));
  }
}

// Replays the saved single moves of this turn through the API (one turn
// state per move, so undo works as before). Anything stale is dropped.
async function restorePending() {
  const m = S.match;
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(pendingKey(m.id))); } catch { saved = null; }
  if (!saved || saved.version !== m.version || !humanToAct() || !Array.isArray(saved.moves)) {
    localStorage.removeItem(pendingKey(m.id));
    return;
  }
  const g = game();
  try {
    for (let k = 1; k <= Math.min(saved.moves.length, 4); k++) {
      S.stack.push(await api('POST', '/api/v1/turn', { position: g.position, dice: g.dice, moves: saved.moves.slice(0, k) }));
    }
  } catch {
    S.stack = S.stack.slice(0, 1);
    localStorage.removeItem(pendingKey(m.id));
  }
}

function diceText(d) { return d ? `${d[0]}-${d[1]}` : ''; }

function resultText(r) {
  if (!r) return '';
  const side = r.winner ? sideName(r.winner) : '';
  const n = r.points;
  const s = n === 1 ? '' : 's';
  switch (r.reason) {
    case 'bear-off': return t('winBearOff', { side, n, s, pts: pointsWord(n) }) + (n === 2 ? ' ' + t('double') : '');
    case 'mother': return t('winMother', { side });
    case 'both-mothers': return t('draw');
    case 'resign': return t('winResign', { side, loser: sideName(r.winner === 'white' ? 'black' : 'white'), n, s, pts: pointsWord(n) });
    default: return '';
  }
}

// ---------------------------------------------------------------- board geometry

const G = {
  W: 1030, H: 720, M: 20, PW: 70, PH: 290, BAR: 50, R: 30,
  leftX: 20, rightX: 20 + 420 + 50, trayX: 20 + 420 + 50 + 420 + 20, trayW: 80,
};

// Display slot of a point in White's numbering: column x and whether it is on top.
function slot(p) {
  const d = viewer() === 'black' ? 25 - p : p;
  let x, top;
  if (d <= 6) { x = G.rightX + (6 - d) * G.PW; top = false; }
  else if (d <= 12) { x = G.leftX + (12 - d) * G.PW; top = false; }
  else if (d <= 18) { x = G.leftX + (d - 13) * G.PW; top = true; }
  else { x = G.rightX + (d - 19) * G.PW; top = true; }
  return { x, top, cx: x + G.PW / 2, base: top ? G.M : G.H - G.M };
}

// Centre of the i-th checker (0 at the edge) of a stack of n on point p,
// with `skip` checker-heights left free at the base (for a pinned checker).
function checkerXY(p, i, n, skip = 0) {
  const s = slot(p);
  const room = G.PH - 2 * G.R - skip;
  const step = n <= 1 ? 0 : Math.min(2 * G.R, room / (n - 1));
  const off = G.R + skip + i * step;
  return { x: s.cx, y: s.top ? s.base + off : s.base - off };
}

// The bear-off tray of a side: White's next to its 1-point, Black's next to its.
function traySlot(side) {
  const bottom = (side === viewer());
  return { x: G.trayX, y: bottom ? G.H / 2 + 20 : G.M, h: G.H / 2 - 20 - G.M, bottom };
}

function svgPoint(evt) {
  const pt = board.createSVGPoint();
  pt.x = evt.clientX; pt.y = evt.clientY;
  return pt.matrixTransform(board.getScreenCTM().inverse());
}

// What is under board coordinates (x, y): a point (White's numbering), 'off' or null.
function hitTest(x, y) {
  if (x >= G.trayX && x <= G.trayX + G.trayW) return 'off';
  for (let p = 1; p <= 24; p++) {
    const s = slot(p);
    if (x >= s.x && x < s.x + G.PW && (s.top ? y < G.H / 2 : y >= G.H / 2)) return p;
  }
  return null;
}

// ---------------------------------------------------------------- drawing

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function currentPosition() {
  const ts = turnState();
  if (ts && S.stack.length > 1) return ts.position;
  return game()?.position;
}

// Pip counts of the board shown, as the server counted them.
function currentPips() {
  const ts = turnState();
  if (ts && S.stack.length > 1 && ts.pips) return ts.pips;
  return game()?.pips || { white: 0, black: 0 };
}

// Legal next moves in White's numbering: { from: [to, ...] }.
function legalByFrom() {
  const ts = turnState();
  const out = {};
  if (!ts || !humanToAct() || S.busy) return out;
  for (const [f, to] of ts.legal_moves) {
    const wf = toWhite(f, mover());
    (out[wf] ||= []).push(to === 0 ? 'off' : toWhite(to, mover()));
  }
  return out;
}

function drawChecker(g, x, y, color, cls = '') {
  el('circle', { cx: x, cy: y, r: G.R - 1, class: `checker ${color} ${cls}` }, g);
  el('circle', { cx: x, cy: y, r: G.R - 9, class: `checker inner ${color}`, stroke: color === 'white' ? '#5a4a36' : '#c9b89a' }, g);
}

function drawDie(g, x, y, size, value, color, used) {
  el('rect', { x, y, width: size, height: size, rx: size / 6, class: `die ${color} ${used ? 'used' : ''}` }, g);
  const pips = {
    1: [[.5, .5]], 2: [[.25, .25], [.75, .75]], 3: [[.25, .25], [.5, .5], [.75, .75]],
    4: [[.25, .25], [.75, .25], [.25, .75], [.75, .75]],
    5: [[.25, .25], [.75, .25], [.5, .5], [.25, .75], [.75, .75]],
    6: [[.25, .25], [.75, .25], [.25, .5], [.75, .5], [.25, .75], [.75, .75]],
  }[value] || [];
  for (const [px, py] of pips) {
    el('circle', {
      cx: x + px * size, cy: y + py * size, r: size / 11,
      class: `pip ${color === 'black' ? 'on-black' : ''}`, opacity: used ? .3 : 1,
    }, g);
  }
}

function render() {
  renderBoard();
  renderPanel();
  document.body.dataset.phase = phase();
  document.body.dataset.version = S.match ? S.match.version : '';
  document.body.dataset.game = S.match ? S.match.game.number : '';
  document.body.dataset.pass = turnState()?.pass && humanToAct() ? '1' : '0';
  document.body.dataset.turns = S.match ? S.match.game.log.length : '';
  document.body.dataset.pending = turnState()?.moves?.length || 0;
}

function phase() {
  if (!S.match) return S.busy ? 'loading' : 'idle';
  if (S.busy) return 'busy';
  if (S.match.over) return 'over';
  return humanToAct() ? 'human' : 'engine';
}

function renderBoard() {
  board.replaceChildren();
  el('rect', { x: 0, y: 0, width: G.W, height: G.H, rx: 14, class: 'frame' }, board);
  el('rect', { x: G.leftX, y: G.M, width: 420, height: G.H - 2 * G.M, class: 'felt' }, board);
  el('rect', { x: G.rightX, y: G.M, width: 420, height: G.H - 2 * G.M, class: 'felt' }, board);
  el('rect', { x: G.leftX + 420, y: G.M, width: G.BAR, height: G.H - 2 * G.M, class: 'bar' }, board);
  el('rect', { x: G.trayX, y: G.M, width: G.trayW, height: G.H - 2 * G.M, rx: 6, class: 'tray' }, board);
  el('line', { x1: G.trayX, x2: G.trayX + G.trayW, y1: G.H / 2, y2: G.H / 2, stroke: '#6b3f1d', 'stroke-width': 4 }, board);

  const pos = currentPosition();
  const legal = legalByFrom();
  const dests = S.selected !== null ? (legal[S.selected] || []) : [];

  // Points.
  for (let p = 1; p <= 24; p++) {
    const s = slot(p);
    const tipY = s.top ? s.base + G.PH : s.base - G.PH;
    el('polygon', {
      points: `${s.x},${s.base} ${s.x + G.PW},${s.base} ${s.cx},${tipY}`,
      class: p % 2 ? 'tri-a' : 'tri-b',
    }, board);
    if (dests.includes(p)) {
      el('polygon', { points: `${s.x},${s.base} ${s.x + G.PW},${s.base} ${s.cx},${tipY}`, class: 'dest' }, board);
    }
  }
  // Point numbers in the mover's (or the viewer's) numbering, in the middle gap.
  const numSide = humanToAct() ? mover() : viewer();
  for (let p = 1; p <= 24; p++) {
    const s = slot(p);
    el('text', { x: s.cx, y: s.top ? G.M / 2 + 1 : G.H - G.M / 2 + 1, class: 'num' }, board).textContent = fromWhite(p, numSide);
  }

  if (pos) {
    for (let p = 1; p <= 24; p++) {
      const n = Math.abs(pos.board[p] || 0);
      if (!n && !pos.pinned[p]) continue;
      const color = (pos.board[p] || 0) > 0 ? 'white' : 'black';
      const g = el('g', { class: 'stack' }, board);
      const pinned = pos.pinned[p];
      let skip = 0;
      if (pinned) {
        const { x, y } = checkerXY(p, 0, 1);
        drawChecker(g, x, y, pinned, '');
        el('circle', { cx: x, cy: y, r: G.R + 3, class: 'pinned-mark' }, g);
        el('title', {}, g).textContent = t('pinnedBy');
        skip = G.R; // the pinner sits half over it
      }
      for (let i = 0; i < n; i++) {
        const { x, y } = checkerXY(p, i, n, skip);
        let cls = '';
        if (i === n - 1 && legal[p]) cls = S.selected === p ? 'selected' : 'movable';
        drawChecker(g, x, y, color, cls);
        if (i === n - 1 && n > 5) {
          el('text', { x, y, class: `count ${color}` }, g).textContent = n;
        }
      }
    }
    // Borne-off trays.
    for (const side of ['white', 'black']) {
      const tr = traySlot(side);
      const n = pos.off[side] || 0;
      for (let i = 0; i < n; i++) {
        const y = tr.bottom ? tr.y + tr.h - (i + 1) * 17 : tr.y + i * 17 + 2;
        el('rect', { x: tr.x + 8, y, width: G.trayW - 16, height: 14, rx: 4, class: `off-slab ${side}` }, board);
      }
      if (n) {
        el('text', { x: tr.x + G.trayW / 2, y: tr.bottom ? tr.y + 14 : tr.y + tr.h - 8, class: 'label', 'text-anchor': 'middle' }, board)
          .textContent = `${n}`;
      }
    }
    if (dests.includes('off')) {
      const tr = traySlot(mover());
      el('rect', { x: tr.x, y: tr.y, width: G.trayW, height: tr.h, class: 'dest' }, board);
    }
    // Pip counts in the left half's middle gap.
    const { white: wp, black: bp } = currentPips();
    el('text', { x: G.leftX + 12, y: G.H / 2 + 5, class: 'label' }, board)
      .textContent = `${t('white')} ${wp} · ${t('black')} ${bp} ${t('pips')}`;
  }

  // Dice of the side on roll, in the right half's middle gap.
  const d = game()?.dice;
  if (d && !S.match.over) {
    const ts = turnState();
    const dice = d[0] === d[1] ? [d[0], d[0], d[0], d[0]] : [d[0], d[1]];
    const left = ts ? [...ts.dice_left] : [...dice];
    const used = dice.map((v) => {
      const i = left.indexOf(v);
      if (i >= 0) { left.splice(i, 1); return false; }
      return true;
    });
    const size = dice.length === 4 ? 44 : 54;
    const total = dice.length * (size + 12) - 12;
    let x = G.rightX + 210 - total / 2;
    const g = el('g', { id: 'dice', 'data-dice': diceText(d) }, board);
    dice.forEach((v, i) => {
      drawDie(g, x, G.H / 2 - size / 2, size, v, mover(), S.stack.length > 1 && used[i]);
      x += size + 12;
    });
  }

  // A hint drawn as arrows.
  if (S.hints && S.shownHint !== null && S.hints[S.shownHint]) {
    const side = mover();
    const counts = {};
    for (const [f, to] of S.hints[S.shownHint].moves) {
      const wf = toWhite(f, side), wt = to === 0 ? 'off' : toWhite(to, side);
      const a = arrowEnd(wf, pos, counts, -1), b = arrowEnd(wt, pos, counts, +1);
      el('path', { d: `M${a.x},${a.y} L${b.x},${b.y}`, class: 'arrow', 'marker-end': 'url(#arrowhead)' }, board);
    }
    const defs = el('defs', {}, board);
    const m = el('marker', { id: 'arrowhead', markerWidth: 4, markerHeight: 4, refX: 2, refY: 2, orient: 'auto' }, defs);
    el('path', { d: 'M0,0 L4,2 L0,4 z', fill: '#1666c5' }, m);
  }

  // Hit areas last, on top: one per point and one for the tray.
  for (let p = 1; p <= 24; p++) {
    const s = slot(p);
    el('rect', {
      x: s.x, y: s.top ? G.M : G.H / 2, width: G.PW, height: G.H / 2 - G.M, class: 'hit',
      'data-point': p, 'data-movable': legal[p] ? '1' : '0', 'data-dest': dests.includes(p) ? '1' : '0',
    }, board);
  }
  const tr = traySlot(mover() || 'white');
  el('rect', {
    x: G.trayX, y: tr.y, width: G.trayW, height: tr.h, class: 'hit',
    'data-point': 'off', 'data-movable': '0', 'data-dest': dests.includes('off') ? '1' : '0',
  }, board);
}

function arrowEnd(p, pos, counts, dir) {
  if (p === 'off') {
    const tr = traySlot(mover());
    return { x: tr.x + G.trayW / 2, y: tr.y + tr.h / 2 };
  }
  const n = Math.abs(pos?.board[p] || 0);
  const { x, y } = checkerXY(p, Math.max(0, Math.min(n, 5) - (dir < 0 ? 1 : 0)), Math.max(n, 1));
  counts[p] = (counts[p] || 0) + 1;
  return { x, y };
}


function renderPanel() {
  document.documentElement.lang = lang;
  document.title = t('title');
  for (const e of document.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
  $('lang').textContent = lang === 'en' ? 'Ελληνικά' : 'English';
  $('lang').lang = lang === 'en' ? 'el' : 'en';
  $('notice').textContent = noticeText();
  $('error').textContent = S.error;

  const m = S.match;
  if (!m) {
    $('score').textContent = '';
    $('status').textContent = t('noMatch');
    for (const id of ['undo', 'confirm', 'hint', 'resign']) $(id).disabled = true;
    $('players').replaceChildren();
    $('log').replaceChildren();
    $('opening').textContent = '';
    $('game-result').textContent = '';
    $('hints').replaceChildren();
    $('games').textContent = '';
    return;
  }
  $('score').textContent = `${t('matchTo', { n: m.match_to })} · ${t('white')} ${m.score.white} – ${m.score.black} ${t('black')} · ${t('game', { n: m.game.number })}`;

  // Players with pip counts and borne-off checkers.
  const pos = currentPosition();
  const rows = [];
  for (const side of ['white', 'black']) {
    const who = m.players[side] === 'human'
      ? (m.opponent === 'engine' ? t('you') : sideName(side))
      : `${t('engine')} (${levelName(m.level)})`;
    const dot = document.createElement('span');
    dot.className = `dot ${side}`;
    const name = document.createElement('span');
    name.textContent = `${who}`;
    if (m.to_act && m.to_act.side === side) name.className = 'on-roll';
    const pips = document.createElement('span');
    pips.className = 'pips';
    pips.textContent = `${currentPips()[side]} ${t('pips')} · ${pos.off[side]} ${t('off')}`;
    rows.push(dot, name, pips);
  }
  $('players').replaceChildren(...rows);

  $('status').textContent = statusText();

  const ts = turnState();
  const mine = humanToAct() && !S.busy;
  $('undo').disabled = !mine || S.stack.length <= 1;
  const canConfirm = mine && ts && (ts.complete || ts.pass);
  $('confirm').disabled = !canConfirm;
  $('confirm').textContent = ts?.pass ? t('pass') : t('confirm');
  $('hint').disabled = !mine || !ts || ts.pass;
  $('resign').disabled = S.busy || m.over || !m.to_act || (m.opponent === 'engine' && !m.human_color);

  renderHints();
  renderLog();
}

// The previous game's result stays in view at the start of the next game.
function noticeText() {
  const m = S.match;
  if (!m || m.game.number < 2 || m.game.log.length >= 2) return '';
  const prev = m.games[m.game.number - 2];
  return `${t('game', { n: prev.number })}: ${resultText(prev.result)}`;
}

function levelName(l) {
  return (TEXT[lang].levelName || {})[l] || l || '';
}

function statusText() {
  const m = S.match;
  if (m.over) {
    const a = m.score[m.winner], b = m.score[m.winner === 'white' ? 'black' : 'white'];
    if (m.opponent === 'engine') return m.winner === m.human_color ? t('youWin', { a, b }) : t('youLose', { a, b });
    return t('matchOver', { side: sideName(m.winner), a, b });
  }
  if (!m.to_act) return '';
  const d = diceText(m.game.dice);
  if (m.to_act.who === 'engine') return `${t('thinking')} (${sideName(m.to_act.side)} ${d})`;
  const ts = turnState();
  let s = m.opponent === 'engine' ? t('yourTurn', { dice: d }) : t('sideTurn', { side: sideName(m.to_act.side), dice: d });
  if (ts?.pass) s += ' ' + t('mustPass', { dice: d });
  else if (ts?.complete && !ts.legal_moves.length) s += ' ' + t('complete');
  else if (S.selected !== null) s += ' ' + t('pickDest');
  else s += ' ' + t('pickChecker');
  return s;
}

function openingText(g) {
  if (!g.opening.length) return g.first ? t('winnerStarts', { side: sideName(g.first) }) : '';
  const parts = g.opening.map(([w, b]) => t('openingRoll', { w, b }) + (w === b ? ` (${t('openingTie')})` : ''));
  return `${t('opening')} ${parts.join('; ')}. ${g.first ? t('starts', { side: sideName(g.first) }) : ''}`;
}

function renderLog() {
  const g = game();
  const items = [];
  $('opening').textContent = openingText(g);
  for (const e of g.log) {
    const li = document.createElement('li');
    li.className = e.side;
    const notation = e.notation === 'pass' ? (lang === 'el' ? 'γκέλα' : 'pass') : e.notation;
    li.textContent = `${sideName(e.side)} ${e.dice[0]}-${e.dice[1]}: ${notation}`;
    items.push(li);
  }
  $('log').replaceChildren(...items);
  $('game-result').textContent = g.result ? resultText(g.result) : '';
  $('log').scrollTop = $('log').scrollHeight;
  const done = S.match.games.filter((x) => x.result && x.number < g.number);
  $('games').textContent = done.map((x) => `${t('game', { n: x.number })}: ${resultText(x.result)}`).join(' ');
}

function renderHints() {
  const box = $('hints');
  if (!S.hints) { box.replaceChildren(); return; }
  const title = document.createElement('h2');
  title.textContent = t('hintTitle');
  const ol = document.createElement('ol');
  S.hints.forEach((h, i) => {
    const li = document.createElement('li');
    if (i === S.shownHint) li.className = 'shown';
    li.textContent = h.notation;
    const eq = document.createElement('span');
    eq.className = 'eq';
    eq.textContent = `${h.equity >= 0 ? '+' : ''}${h.equity.toFixed(3)}${i ? ` (${(-h.diff).toFixed(3)})` : ''}`;
    li.appendChild(eq);
    li.addEventListener('click', () => { S.shownHint = i; render(); });
    ol.appendChild(li);
  });
  const play = document.createElement('button');
  play.textContent = t('playThis');
  play.id = 'play-hint';
  play.disabled = S.shownHint === null;
  play.addEventListener('click', () => playHint());
  box.replaceChildren(title, ol, play);
}

function showError(msg) {
  S.error = msg || '';
  $('error').textContent = S.error;
}

// ---------------------------------------------------------------- actions

async function run(fn) {
  if (S.busy) return;
  S.busy = true;
  render();
  try {
    await fn();
    S.error = '';
  } catch (e) {
    S.error = e.message;
    if (e.status === 409) await reload();
  } finally {
    S.busy = false;
    render();
  }
  afterRender();
}

function setMatch(m) {
  S.match = m;
  S.stack = m.game.entry ? [m.game.entry] : [];
  S.selected = null;
  S.hints = null;
  S.shownHint = null;
  localStorage.setItem('plakoto-last', m.id);
  // Moves saved for an earlier version were confirmed or overtaken.
  try {
    if (JSON.parse(localStorage.getItem(pendingKey(m.id)))?.version !== m.version) localStorage.removeItem(pendingKey(m.id));
  } catch { localStorage.removeItem(pendingKey(m.id)); }
}

async function reload() {
  if (!S.match) return;
  setMatch(await api('GET', `/api/v1/matches/${S.match.id}`));
}

let engineTimer = null;
function afterRender() {
  clearTimeout(engineTimer);
  const m = S.match;
  if (m && !m.over && m.to_act && m.to_act.who === 'engine' && !S.busy) {
    engineTimer = setTimeout(() => run(async () => {
      setMatch(await api('POST', `/api/v1/matches/${m.id}/engine-move`, { version: m.version }));
    }), engineDelay());
  }
}

async function move(from, to) {
  // from/to in White's numbering ('off' for the tray); sent in the mover's.
  const side = mover();
  const f = fromWhite(from, side), tt = to === 'off' ? 0 : fromWhite(to, side);
  const ts = turnState();
  await run(async () => {
    const next = await api('POST', '/api/v1/turn', {
      position: game().position, dice: game().dice, moves: [...ts.moves, [f, tt]],
    });
    S.stack.push(next);
    S.selected = null;
    S.shownHint = null;
    savePending();
  });
}

function clickPoint(p) {
  if (!humanToAct() || S.busy) return;
  const legal = legalByFrom();
  if (S.selected !== null && (legal[S.selected] || []).includes(p)) {
    move(S.selected, p);
    return;
  }
  if (p !== 'off' && legal[p]) {
    if (legal[p].length === 1) { move(p, legal[p][0]); return; }
    S.selected = S.selected === p ? null : p;
  } else {
    S.selected = null;
  }
  render();
}

function undo() {
  if (S.stack.length > 1) S.stack.pop();
  savePending();
  S.selected = null;
  render();
}

async function confirmPlay() {
  const ts = turnState();
  if (!ts || !(ts.complete || ts.pass)) return;
  const m = S.match;
  await run(async () => {
    setMatch(await api('POST', `/api/v1/matches/${m.id}/play`, { moves: ts.pass ? [] : ts.moves, version: m.version }));
  });
}

async function hint() {
  const g = game();
  await run(async () => {
    S.hints = (await api('POST', '/api/v1/hint', { position: g.position, dice: g.dice, ply: 0, max: 5 })).plays;
    S.shownHint = S.hints.length ? 0 : null;
  });
}

async function playHint() {
  const h = S.hints?.[S.shownHint];
  if (!h) return;
  const g = game();
  await run(async () => {
    const next = await api('POST', '/api/v1/turn', { position: g.position, dice: g.dice, moves: h.moves });
    S.stack = [S.stack[0], next];
    S.hints = null;
    S.shownHint = null;
  });
}

async function resign() {
  const m = S.match;
  const side = m.opponent === 'engine' ? m.human_color : m.to_act.side;
  // The rules decide the points (2 while nothing is borne off, else 1); the
  // server says how many, and the request confirms that number.
  const n = m.resign_points ? m.resign_points[side] : 1;
  if (!window.confirm(t('confirmResign', { n, s: n === 1 ? '' : 's', pts: pointsWord(n) }))) return;
  await run(async () => {
    setMatch(await api('POST', `/api/v1/matches/${m.id}/resign`, { side, points: n, version: m.version }));
  });
}

async function openMatch(id) {
  await run(async () => {
    try {
      setMatch(await api('GET', `/api/v1/matches/${encodeURIComponent(id)}`));
      await restorePending();
    } catch (e) {
      if (e.status === 404) { S.match = null; openNewDialog(); throw new Error(t('notFound')); }
      throw e;
    }
  });
}

async function newMatch(form) {
  const opponent = form.opponent.value;
  const body = { opponent, length: Number(form.length.value) };
  if (opponent === 'engine') { body.level = form.level.value; body.human_color = form.color.value; }
  await run(async () => {
    const m = await api('POST', '/api/v1/matches', body);
    history.pushState({}, '', `/match/${m.id}`);
    S.match = null;
    setMatch(m);
  });
}

async function openNewDialog() {
  if (!S.levels.length) {
    try { S.levels = await api('GET', '/api/v1/levels'); } catch { S.levels = []; }
  }
  const sel = $('level');
  sel.replaceChildren(...S.levels.map((l) => {
    const o = document.createElement('option');
    o.value = l.name;
    o.textContent = levelName(l.name);
    o.title = l.about;
    if (l.default) o.selected = true;
    return o;
  }));
  const last = localStorage.getItem('plakoto-last');
  $('resume').classList.toggle('hidden', !last || (S.match && S.match.id === last));
  for (const e of $('new-dialog').querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
  toggleEngineOptions();
  if (!$('new-dialog').open) $('new-dialog').showModal();
}

function toggleEngineOptions() {
  const engine = $('new-form').opponent.value === 'engine';
  $('engine-options').classList.toggle('hidden', !engine);
}

// ---------------------------------------------------------------- input: click and drag

let drag = null;

board.addEventListener('pointerdown', (evt) => {
  if (!humanToAct() || S.busy) return;
  const { x, y } = svgPoint(evt);
  const p = hitTest(x, y);
  drag = { from: p, x0: x, y0: y, moved: false, ghost: null };
  board.setPointerCapture(evt.pointerId);
});

board.addEventListener('pointermove', (evt) => {
  if (!drag) return;
  const { x, y } = svgPoint(evt);
  const legal = legalByFrom();
  if (!drag.moved && Math.hypot(x - drag.x0, y - drag.y0) > 8 && drag.from !== null && legal[drag.from]) {
    drag.moved = true;
    S.selected = drag.from;
    render();
    drag.ghost = el('circle', { r: G.R, class: `checker ${mover()} ghost` }, board);
  }
  if (drag.ghost) { drag.ghost.setAttribute('cx', x); drag.ghost.setAttribute('cy', y); }
});

board.addEventListener('pointerup', (evt) => {
  if (!drag) return;
  const d = drag;
  drag = null;
  const { x, y } = svgPoint(evt);
  const p = hitTest(x, y);
  if (d.ghost) d.ghost.remove();
  if (d.moved) {
    const legal = legalByFrom();
    if (p !== null && p !== d.from && (legal[d.from] || []).includes(p)) move(d.from, p);
    else { S.selected = null; render(); }
  } else if (p !== null) {
    clickPoint(p);
  }
});

board.addEventListener('pointercancel', () => { if (drag?.ghost) drag.ghost.remove(); drag = null; });

// ---------------------------------------------------------------- wiring

$('undo').addEventListener('click', undo);
$('confirm').addEventListener('click', confirmPlay);
$('hint').addEventListener('click', hint);
$('resign').addEventListener('click', resign);
$('new').addEventListener('click', openNewDialog);
$('lang').addEventListener('click', () => {
  lang = lang === 'en' ? 'el' : 'en';
  localStorage.setItem('plakoto-lang', lang);
  render();
  if ($('new-dialog').open) openNewDialog();
});
$('new-form').addEventListener('change', toggleEngineOptions);
$('new-form').addEventListener('submit', (evt) => {
  evt.preventDefault();
  $('new-dialog').close();
  newMatch($('new-form'));
});
$('new-cancel').addEventListener('click', () => $('new-dialog').close());
$('resume').addEventListener('click', () => {
  const id = localStorage.getItem('plakoto-last');
  $('new-dialog').close();
  history.pushState({}, '', `/match/${id}`);
  openMatch(id);
});
window.addEventListener('popstate', route);
document.addEventListener('keydown', (evt) => {
  if (evt.target.closest('dialog')) return;
  if (evt.key === 'Enter' && !$('confirm').disabled) confirmPlay();
  else if ((evt.key === 'Backspace' || evt.key === 'z') && !$('undo').disabled) undo();
});

function route() {
  const m = location.pathname.match(/^\/match\/([A-Za-z0-9_-]+)$/);
  if (m) openMatch(m[1]);
  else { S.match = null; render(); openNewDialog(); }
}

render();
route();
