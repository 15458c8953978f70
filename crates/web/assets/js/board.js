// The board as it stands: the position shown (mid-turn, or the review's
// chosen turn), the checkers that may move, the last play, the hint.

import { boardLabel, stageDice } from './ladder.js';
import { R, drawReviewArrows, reviewTurn } from './review.js';
import { S, betweenGames, fromWhite, game, hasBar, humanToAct, isOnline, mover, mySeat, parallel, shownGame, toWhite, turnState, viewer } from './state.js';
import { BAR_R, G, Z, barX, barXY, board, checkerXY, drawChecker, drawDie, drawPaths, el, getBarTarget, layout, playPaths, setBarTarget, slot, text, traySlot } from './svg.js';
import { diceText, gameName, other, sideName, t } from './text.js';

export function currentPosition() {
  const rv = reviewTurn();
  if (rv) return rv.board;
  if (R.open && !S.match) return null;
  const ended = R.open ? null : betweenGames();
  if (ended) return ended.position;
  const ts = turnState();
  if (ts && S.stack.length > 1) return ts.position;
  return game()?.position;
}

// Pip counts of the board shown, as the server counted them.
export function currentPips() {
  const ended = R.open ? null : betweenGames();
  if (ended) return ended.pips;
  const ts = turnState();
  if (ts && S.stack.length > 1 && ts.pips) return ts.pips;
  return game()?.pips || { white: 0, black: 0 };
}

// Legal next moves in White's numbering: { from: [to, ...] }.
export function legalByFrom() {
  const ts = turnState();
  const out = {};
  if (!ts || !humanToAct() || S.busy || R.open || betweenGames()) return out;
  for (const [f, to] of ts.legal_moves) {
    const wf = toWhite(f, mover());
    (out[wf] ||= []).push(to === 0 ? 'off' : toWhite(to, mover()));
  }
  return out;
}

// The opponent's last play, while the person has not started the turn.
// Where a side plays several decisions running (Gul bara's ladder stages,
// dice handed over), all those since the person's own: one entry with
// their moves, their notations joined by ` | ` and each of them in `parts`.
export function lastOpponentTurn() {
  const g = game();
  // Between two games: the last turn of the game before, whoever played it.
  const ended = betweenGames();
  if (ended) return ended.last;
  if (!g || !g.log.length) return null;
  const e = g.log[g.log.length - 1];
  // A spectator of a match played online sees every last play marked.
  if (isOnline() && !mySeat()) return e;
  if (e.side === viewer()) return null;
  let k = g.log.length - 1;
  while (k > 0 && g.log[k - 1].side === e.side) k--;
  const parts = g.log.slice(k);
  if (parts.length === 1) return e;
  return {
    ...e, parts, moves: parts.flatMap((x) => x.moves), notation: parts.map((x) => x.notation).join(' | '),
  };
}
export function lastPlayToMark() {
  const e = lastOpponentTurn();
  if (R.open || !e || !e.moves.length || S.stack.length > 1 || S.selected !== null || S.drag?.moved) return null;
  return e;
}

export function renderBoard() {
  layout();
  board.replaceChildren();
  const kind = shownGame();
  board.setAttribute('aria-label', t('boardOf', { game: gameName(kind) }));
  board.dataset.game = kind;
  const defs = el('defs', {}, board);
  for (const [id, colour] of [['arrowhead', '#1666c5'], ['lastarrowhead', '#8a2be2'], ['travelhead', '#7a5a2e']]) {
    const mk = el('marker', { id, markerWidth: 4, markerHeight: 4, refX: 2, refY: 2, orient: 'auto' }, defs);
    el('path', { d: 'M0,0 L4,2 L0,4 z', fill: colour }, mk);
  }
  el('rect', { x: 0, y: 0, width: G.W, height: G.H, rx: 14, class: 'frame' }, board);
  el('rect', { x: G.leftX, y: G.MY, width: 420, height: G.H - 2 * G.MY, class: 'felt' }, board);
  el('rect', { x: G.rightX, y: G.MY, width: 420, height: G.H - 2 * G.MY, class: 'felt' }, board);
  el('rect', { x: G.leftX + 420, y: G.MY, width: G.BAR, height: G.H - 2 * G.MY, class: 'bar' }, board);
  el('rect', { x: G.trayX, y: G.MY, width: G.trayW, height: G.H - 2 * G.MY, rx: 6, class: 'tray' }, board);
  el('line', { x1: G.trayX, x2: G.trayX + G.trayW, y1: G.H / 2, y2: G.H / 2, stroke: '#6b3f1d', 'stroke-width': 4 }, board);

  const pos = currentPosition();
  const legal = legalByFrom();
  const dests = S.selected !== null ? (legal[S.selected] || []) : [];
  // Portes: while the mover has a checker on the bar, the points it can
  // enter on are lit before it is picked.
  const entries = S.selected === null && legal.bar ? legal.bar : [];

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
    } else if (entries.includes(p)) {
      el('polygon', { points: `${s.x},${s.base} ${s.x + G.PW},${s.base} ${s.cx},${tipY}`, class: 'entry', 'data-entry': p }, board);
    }
  }
  if (parallel(kind)) drawParallelMarks(kind);
  // Point numbers in the frame: the viewer's numbering large, next to the
  // point; the opponent's small, beyond it (the log writes each side's
  // plays in that side's numbering).
  const own = viewer(), theirs = other(own);
  for (let p = 1; p <= 24; p++) {
    const s = slot(p);
    const sign = s.top ? -1 : 1;
    const edge = s.top ? G.MY : G.H - G.MY;
    const y1 = edge + sign * (0.55 * Z.num + 2);
    const y2 = y1 + sign * (0.5 * Z.num + 0.55 * Z.num2 + 1);
    text(board, s.cx, y1, 'num num-own', Z.num, fromWhite(p, own), { 'data-point': p, 'data-side': own });
    text(board, s.cx, y2, 'num num-other', Z.num2, fromWhite(p, theirs), { 'data-point': p, 'data-side': theirs });
  }

  // A tall stack's count and a pin's mark, drawn after the marks of the
  // last play, the review and the hint so that their rings and arrowheads
  // stay under them.
  const counts = [], pins = [];
  if (pos) {
    for (let p = 1; p <= 24; p++) {
      const n = Math.abs(pos.board[p] || 0);
      if (!n && !pos.pinned?.[p]) continue;
      const color = (pos.board[p] || 0) > 0 ? 'white' : 'black';
      const g = el('g', { class: 'stack' }, board);
      const pinned = pos.pinned?.[p];
      let skip = 0;
      if (pinned) {
        const { x, y } = checkerXY(p, 0, 1);
        drawChecker(g, x, y, pinned, '');
        el('title', {}, g).textContent = t('pinnedBy');
        pins.push({ x, y, p, top: slot(p).top });
        skip = G.R; // the pinner sits half over it
      }
      for (let i = 0; i < n; i++) {
        const { x, y } = checkerXY(p, i, n, skip);
        let cls = '';
        if (i === n - 1 && legal[p]) cls = S.selected === p ? 'selected' : 'movable';
        drawChecker(g, x, y, color, cls);
        if (i === n - 1 && n > 5) counts.push({ x, y, color, n, p });
      }
    }
    // Portes's bar: the hit checkers, the top one movable while they must enter.
    for (const side of ['white', 'black']) {
      const n = pos.bar?.[side] || 0;
      if (!n) continue;
      const g = el('g', { class: 'bar-stack', 'data-bar': side }, board);
      const shown = Math.min(n, 4);
      for (let i = 0; i < shown; i++) {
        const { x, y } = barXY(side, i);
        const top = i === shown - 1 && side === mover() && legal.bar;
        drawChecker(g, x, y, side, top ? (S.selected === 'bar' ? 'selected' : 'movable') : '', BAR_R);
        if (i === shown - 1 && n > 1) counts.push({ x, y, color: side, n, p: 'bar' });
      }
    }
    // Borne-off trays, the count next to the checkers.
    for (const side of ['white', 'black']) {
      const tr = traySlot(side);
      const n = pos.off[side] || 0;
      let edge = tr.bottom ? tr.y + tr.h : tr.y;
      for (let i = 0; i < n; i++) {
        const y = tr.bottom ? tr.y + tr.h - (i + 1) * 17 : tr.y + i * 17 + 2;
        el('rect', { x: tr.x + 8, y, width: G.trayW - 16, height: 14, rx: 4, class: `off-slab ${side}` }, board);
        edge = tr.bottom ? y : y + 14;
      }
      if (n) {
        const y = tr.bottom ? edge - 4 - 0.5 * Z.label : edge + 4 + 0.5 * Z.label;
        text(board, tr.x + G.trayW / 2, y, 'off-count', Z.label, n, { 'data-off': side });
      }
    }
    if (dests.includes('off')) {
      const tr = traySlot(mover());
      el('rect', { x: tr.x, y: tr.y, width: G.trayW, height: tr.h, class: 'dest' }, board);
    }
    // Pip counts in the left half's middle gap: the opponent's above (their
    // side of the board), the viewer's below. Against the bar, so that the
    // routes round the board's corner (near its edge) pass clear of them.
    const pips = currentPips();
    const dy = 0.62 * Z.label;
    const pipX = G.leftX + 420 - 14, pipAt = { 'text-anchor': 'end' };
    if (!R.open) text(board, pipX, G.H / 2 - dy, 'pip-count', Z.label, `${sideName(theirs)} ${pips[theirs]} ${t('pips')}`, { ...pipAt, 'data-side': theirs });
    if (!R.open) text(board, pipX, G.H / 2 + dy, 'pip-count', Z.label, `${sideName(own)} ${pips[own]} ${t('pips')}`, { ...pipAt, 'data-side': own });
  }

  // Dice of the side on roll, in the right half's middle gap: a ladder's
  // stage (Gul bara) as its moves, with the numbers to come under them.
  const reviewed = reviewTurn();
  const d = reviewed ? reviewed.dice : R.open || betweenGames() ? null : game()?.dice;
  const roller = reviewed ? reviewed.side : mover();
  if (d && (reviewed || !S.match.over)) {
    const ts = reviewed ? null : turnState();
    const stage = reviewed ? null : game()?.stage;
    const dice = stageDice(stage) || (d[0] === d[1] ? [d[0], d[0], d[0], d[0]] : [d[0], d[1]]);
    const left = ts ? [...ts.dice_left] : [...dice];
    const used = dice.map((v) => {
      const i = left.indexOf(v);
      if (i >= 0) { left.splice(i, 1); return false; }
      return true;
    });
    const label = boardLabel(stage);
    // Smaller beside a label, so that both fit between the travel arrows;
    // on a small screen a finger's size, as far as the half's width allows.
    const gap = 10;
    const base = dice.length > 2 ? (label ? 38 : 44) : 54;
    const size = Math.min(Math.max(base, Z.tap), (412 - (dice.length - 1) * gap) / dice.length);
    const total = dice.length * (size + gap) - gap;
    // With a label the dice and it are centred together in the gap.
    const top = G.H / 2 - (label ? size + 4 + Z.label : size) / 2;
    let x = G.rightX + 210 - total / 2;
    const g = el('g', { id: 'dice', 'data-dice': diceText(d) }, board);
    if (stage) g.dataset.stage = dice.join(',');
    dice.forEach((v, i) => {
      drawDie(g, x, top, size, v, roller, !reviewed && S.stack.length > 1 && used[i]);
      x += size + gap;
    });
    if (label) text(g, G.rightX + 210, top + size + 4 + Z.label / 2, 'ladder-label', Z.label, label, { 'data-ladder': stage.kind });
  }

  // The opponent's last play, in violet: where each checker left (a dashed
  // ring), an arrow, and a ring round where it landed. It goes once the
  // person picks a checker.
  const last = lastPlayToMark();
  if (last && pos) {
    const g = el('g', { class: 'last-play', 'data-last-play': last.notation }, board);
    const drawn = drawPaths(g, playPaths(last.moves, last.side), last.side, pos, false, 'last-arrow', 'lastarrowhead', { 'data-last-play': 'arrow' });
    for (const { route, from, to, a, b, line } of drawn) {
      el('circle', { cx: a.x, cy: a.y, r: G.R - 3, class: 'last-from', 'data-last-play': 'from', 'data-point': from }, g);
      if (to !== 'off') el('circle', { cx: b.x, cy: b.y, r: G.R + 2, class: 'last-to', 'data-last-play': 'to', 'data-point': to }, g);
      if (from === 'bar') {
        line.setAttribute('data-entered', route[1]);
        el('title', {}, line).textContent = t('enteredFromBar');
      }
    }
    if (hasBar(kind)) for (const p of hitPoints(last)) drawHitMark(g, p, pos);
  }

  // Reviewing: the play made and the best play of the chosen turn.
  if (reviewed && pos) drawReviewArrows(board, reviewed);

  // A hint drawn as arrows: the moves still to make.
  const h = R.open ? null : S.hint?.plays?.[S.shownHint];
  if (h && pos) {
    const made = [...(turnState()?.moves || [])];
    const rest = h.moves.filter(([f, to]) => {
      const i = made.findIndex(([a, b]) => a === f && b === to);
      if (i >= 0) { made.splice(i, 1); return false; }
      return true;
    });
    drawPaths(board, playPaths(rest, mover()), mover(), pos, true, 'arrow', 'arrowhead');
  }

  // Each pinned checker: a red ring round it, over the pinner's edge, and
  // a red badge on its free side (toward the board's edge), named on hover
  // and in the panel's legend.
  const pinLayer = el('g', { class: 'pins' }, board);
  for (const { x, y, p, top } of pins) {
    const g = el('g', { class: 'pin', 'data-pinned': p }, pinLayer);
    el('circle', { cx: x, cy: y, r: G.R + 1, class: 'pinned-halo', 'stroke-width': Z.ring * 2 }, g);
    el('circle', { cx: x, cy: y, r: G.R + 1, class: 'pinned-mark', 'stroke-width': Z.ring }, g);
    const by = y + (top ? -1 : 1) * (G.R - Z.pinBadge);
    el('circle', { cx: x, cy: by, r: Z.pinBadge, class: 'pinned-badge' }, g);
    el('title', {}, g).textContent = t('pinnedBy');
  }

  const countLayer = el('g', { class: 'counts' }, board);
  for (const c of counts) text(countLayer, c.x, c.y, `count ${c.color}`, Z.count, c.n, { 'data-count': c.p });

  // Hit areas last, on top: one per point (the number in the frame too),
  // one for the tray, and in Portes one for the bar.
  for (let p = 1; p <= 24; p++) {
    const s = slot(p);
    el('rect', {
      x: s.x, y: s.top ? 0 : G.H / 2, width: G.PW, height: G.H / 2, class: 'hit',
      'data-point': p, 'data-movable': legal[p] ? '1' : '0', 'data-dest': dests.includes(p) ? '1' : '0',
    }, board);
  }
  setBarTarget(hasBar(kind) && legal.bar ? barStackTarget(pos) : null);
  if (hasBar(kind)) {
    // The column; while a checker on it is to move, the area round its stack.
    const area = getBarTarget() || { x: barX() - G.BAR / 2, y: G.MY, width: G.BAR, height: G.H - 2 * G.MY };
    el('rect', {
      ...area, class: 'hit', 'data-point': 'bar', 'data-movable': legal.bar ? '1' : '0', 'data-dest': '0',
    }, board);
  }
  const tr = traySlot(mover() || 'white');
  el('rect', {
    x: G.trayX, y: tr.y, width: G.trayW, height: tr.h, class: 'hit',
    'data-point': 'off', 'data-movable': '0', 'data-dest': dests.includes('off') ? '1' : '0',
  }, board);
}

// Portes: the points (White's numbering) where a play hit a blot, starred
// in its notation (in the mover's numbering).
function hitPoints(play) {
  return [...play.notation.matchAll(/(\d+)\*/g)].map((m) => toWhite(Number(m[1]), play.side));
}

// Where a hit checker stood: a cross in a ring on the edge side of the
// checker that hit it (the bottom of the stack), named on hover.
function drawHitMark(parent, p, pos) {
  const { x, y } = checkerXY(p, 0, Math.abs(pos.board[p] || 0) || 1);
  const cy = y + (slot(p).top ? -1 : 1) * (G.R - Z.pinBadge);
  const r = Z.pinBadge + 2, k = r * 0.5;
  const g = el('g', { class: 'last-hit', 'data-last-play': 'hit', 'data-point': p }, parent);
  el('circle', { cx: x, cy, r, class: 'last-hit-ring' }, g);
  el('path', { d: `M${x - k},${cy - k} L${x + k},${cy + k} M${x + k},${cy - k} L${x - k},${cy + k}`, class: 'last-hit-cross' }, g);
  el('title', {}, g).textContent = t('hitHere');
}

// The area that takes the mover's checkers on the bar: their stack with
// a margin, at least a finger's target wide and tall.
function barStackTarget(pos) {
  const side = mover();
  const shown = Math.max(1, Math.min(pos?.bar?.[side] || 0, 4));
  const ends = [barXY(side, 0).y, barXY(side, shown - 1).y];
  const y0 = Math.min(...ends) - BAR_R, y1 = Math.max(...ends) + BAR_R;
  const width = Math.max(G.BAR, Z.tap), height = Math.max(y1 - y0, Z.tap);
  const cy = (y0 + y1) / 2;
  return { x: barX() - width / 2, y: cy - height / 2, width, height };
}

// Fevga and Gul bara: both sides go round the same way (arrows along both
// rows), each from its start (μάνα) to its home, both marked in the side's
// colour.
function drawParallelMarks(kind) {
  const g = el('g', { class: 'fevga-marks' }, board);
  // The travel: from the viewer's 24 down to its 1, the rows' ends joined.
  const at = (n) => slot(toWhite(n, viewer(), kind));
  const top = at(24).top;
  const y24 = top ? G.MY + G.PH + 12 : G.H - G.MY - G.PH - 12;
  const y1 = top ? G.H - G.MY - G.PH - 12 : G.MY + G.PH + 12;
  const row = (a, b, y) => `M${at(a).cx},${y} L${at(b).cx},${y}`;
  el('path', { d: `${row(24, 13, y24)} L${at(12).cx},${y1} L${at(1).cx},${y1}`, class: 'travel', 'marker-end': 'url(#travelhead)', 'data-travel': '1' }, g);
  for (const side of ['white', 'black']) {
    // Home: the side's own 1 to 6, a band along their bases.
    const home = [1, 6].map((n) => slot(toWhite(n, side, kind)));
    const x0 = Math.min(home[0].x, home[1].x), x1 = Math.max(home[0].x, home[1].x) + G.PW;
    const yb = home[0].top ? G.MY : G.H - G.MY - 8;
    el('rect', { x: x0, y: yb, width: x1 - x0, height: 8, class: `home-band ${side}`, 'data-home': side }, g);
    // Start: the side's own 24, its point ringed.
    const st = slot(toWhite(24, side, kind));
    const tip = st.top ? st.base + G.PH : st.base - G.PH;
    el('polygon', { points: `${st.x + 3},${st.base} ${st.x + G.PW - 3},${st.base} ${st.cx},${tip}`, class: `start-mark ${side}`, 'data-start': side }, g);
  }
}
