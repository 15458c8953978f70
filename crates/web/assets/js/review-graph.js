// The review's graph: the chances of the side the page is played from
// after each turn, on a numbered turn axis with each game's start marked
// and labelled, the marked plays as dots. review.js draws it.

import { el, text } from './svg.js';

// B holds the turn numbers and, under them, the axis's word (its labels
// are centred on their y, so each keeps half its height clear of the edge).
const W = 320, H = 156, L = 32, R = 8, T = 16, B = 22;
// The games' labels above the plot: a row's height, and the room kept
// between two labels of a row.
const LABEL_ROW = 11, LABEL_GAP = 4;

// The side whose chances the graph shows: the person's against the
// engine, the seat held online; else (two people on one device, a record
// pasted in) White's.
export function graphSide(match, matchId) {
  if (!match || match.id !== matchId) return 'white';
  if (match.opponent === 'online') return match.online?.you || 'white';
  return match.human_color || 'white';
}

// A tick step of 1, 2, 5, 10, 20, 50… giving at most about six ticks.
function tickStep(n) {
  for (let k = 1; ; k *= 10) for (const s of [1, 2, 5]) if (n / (s * k) <= 6) return s * k;
}

// `all`: the turns in order ({ g, turn }); `chosen`: the index shown;
// `side`: whose chances (of the game, to win it double, and in match
// play of the match); `words`: { game(n), turn, markTitle(a) };
// `choose(i)`: a click on the graph.
export function drawReviewGraph(svg, all, chosen, side, words, choose) {
  svg.replaceChildren();
  svg.dataset.side = side;
  const n = all.length;
  const x = (i) => L + (n > 1 ? (i / (n - 1)) * (W - L - R) : (W - L - R) / 2);
  // Each game's label, in as many rows above the plot as keep them apart.
  const rows = drawGameLabels(svg, all, x, words);
  const top = T + LABEL_ROW * (rows - 1), height = H + LABEL_ROW * (rows - 1);
  svg.setAttribute('viewBox', `0 0 ${W} ${height}`);
  const y = (p) => top + (1 - p) * (height - top - B);
  const win = (turn) => (side === 'black' ? 1 - turn.white_win : turn.white_win);
  el('rect', { x: L, y: top, width: W - L - R, height: height - top - B, class: 'graph-bg' }, svg);
  for (const p of [0, 0.5, 1]) {
    el('line', { x1: L, x2: W - R, y1: y(p), y2: y(p), class: p === 0.5 ? 'graph-mid' : 'graph-grid' }, svg);
    text(svg, L - 4, y(p), 'graph-label', 9, `${Math.round(p * 100)}%`, { 'text-anchor': 'end' });
  }
  // The turn axis: turns counted through the whole review, from 1.
  const step = tickStep(n);
  for (let k = 1; k <= n; k++) {
    if (k !== 1 && k % step) continue;
    el('line', { x1: x(k - 1), x2: x(k - 1), y1: height - B, y2: height - B + 3, class: 'graph-tick' }, svg);
    text(svg, x(k - 1), height - B + 9, 'graph-label graph-turn', 8, String(k), { 'text-anchor': 'middle' });
  }
  text(svg, W - R, height - 5, 'graph-label graph-axis', 7.5, words.turn, { 'text-anchor': 'end' });
  // Each game's start but the first's: a line.
  all.forEach((a, i) => {
    if (i > 0 && a.g !== all[i - 1].g) el('line', { x1: x(i) - 0.5, x2: x(i) - 0.5, y1: top, y2: height - B, class: 'graph-game' }, svg);
  });
  const line = (value, cls) => {
    const d = all.map((a, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(value(a.turn)).toFixed(1)}`).join(' ');
    if (d) el('path', { d, class: cls, 'data-first': String(value(all[0].turn)) }, svg);
  };
  // In match play, the viewer's chance to win the match.
  if (all.some((a) => a.turn.white_match != null)) {
    line((turn) => (side === 'black' ? 1 - (turn.white_match ?? 0.5) : turn.white_match ?? 0.5), 'graph-match');
  }
  line(win, 'graph-win');
  // The viewer's chance to win double: Black's is White's chance to lose double.
  line((turn) => (side === 'black' ? turn.white_lose_double : turn.white_win_double), 'graph-double');
  if (chosen >= 0) el('line', { x1: x(chosen), x2: x(chosen), y1: top, y2: height - B, class: 'graph-chosen' }, svg);
  all.forEach((a, i) => {
    if (a.turn.mark === 'none') return;
    const c = el('circle', { cx: x(i), cy: y(win(a.turn)), r: 3.5, class: `graph-mark ${a.turn.mark}`, 'data-turn': i }, svg);
    el('title', {}, c).textContent = words.markTitle(a);
  });
  svg.onclick = (evt) => {
    if (!n) return;
    const r = svg.getBoundingClientRect();
    const px = ((evt.clientX - r.left) / r.width) * W;
    choose(Math.max(0, Math.min(n - 1, Math.round(((px - L) / (W - L - R)) * (n - 1)))));
  };
}

// Draws each game's label above its start, from the line where it starts
// (ending there where it would pass the right edge), each in the first
// row where it meets no other label; returns how many rows it took.
function drawGameLabels(svg, all, x, words) {
  const rows = [];
  const labels = [];
  all.forEach((a, i) => {
    if (i > 0 && a.g === all[i - 1].g) return;
    const label = text(svg, x(i) + 2, 0, 'graph-label graph-game-label', 8.5, words.game(a.g + 1), { 'data-game': a.g + 1 });
    const w = label.getComputedTextLength();
    let from = x(i) + 2;
    if (from + w > W) {
      from = Math.max(0, x(i) - 2 - w);
      label.setAttribute('x', x(i) - 2);
      label.setAttribute('text-anchor', 'end');
    }
    const box = { from, to: from + w };
    let r = rows.findIndex((row) => row.every((b) => box.from >= b.to + LABEL_GAP || box.to + LABEL_GAP <= b.from));
    if (r < 0) r = rows.push([]) - 1;
    rows[r].push(box);
    labels.push({ label, r });
  });
  // The first row nearest the plot, the others above it.
  const count = Math.max(1, rows.length);
  for (const { label, r } of labels) label.setAttribute('y', T - 6 + LABEL_ROW * (count - 1 - r));
  return count;
}
