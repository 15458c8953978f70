// The board's geometry in SVG units, where each point, checker and tray
// is drawn, and the drawing primitives (checkers, dice, paths of plays).

import { $, fromWhite, toWhite, viewer } from './state.js';

export const board = $('board');
const SVGNS = 'http://www.w3.org/2000/svg';



// Board units. MY (the frame above and below the points, where the point
// numbers are) and H grow on a small screen so the numbers stay legible.
export const G = {
  W: 1030, H: 760, M: 20, MY: 40, GAP: 100, PW: 70, PH: 290, BAR: 50, R: 30,
  leftX: 20, rightX: 20 + 420 + 50, trayX: 20 + 420 + 50 + 420 + 20, trayW: 80,
};

// Text sizes in board units, chosen so that they render at least about
// 11 px (point numbers, pip counts) wherever the board is drawn.
export let Z = {};
export function boardScale() {
  const w = board.getBoundingClientRect().width;
  return w > 0 ? w / G.W : 1;
}
export function layout() {
  const k = boardScale();
  const size = (min, px, max) => Math.min(max, Math.max(min, px / k));
  Z = {
    k,
    num: size(16, 11.5, 36),     // the viewer's point numbers
    num2: size(11, 8, 26),       // the opponent's point numbers, beside them
    label: size(17, 11.5, 36),   // pip counts, borne-off counts
    count: size(22, 10.5, 40),   // the count on a tall stack
    ring: size(5, 2.5, 12),      // the pin ring's stroke
    pinBadge: size(9, 5, 14),    // the radius of a pin's badge
    tap: 44 / k,                 // a finger's target, 44 px (the dice, the bar)
  };
  G.MY = Math.round(Math.min(80, Math.max(40, 1.1 * (Z.num + Z.num2) + 8)));
  // The middle gap holds the dice at a finger's size, and a ladder's label under them.
  G.GAP = Math.round(Math.max(100, Z.tap + 4 + Z.label + 16));
  G.H = 2 * G.MY + 2 * G.PH + G.GAP;
  board.setAttribute('viewBox', `0 0 ${G.W} ${G.H}`);
}

// Display slot of a point in White's numbering: column x and whether it is
// on top. The board faces the viewer: its own 1-point bottom right (in
// Fevga, Black's is White's 13).
export function slot(p) {
  const d = fromWhite(p, viewer());
  let x, top;
  if (d <= 6) { x = G.rightX + (6 - d) * G.PW; top = false; }
  else if (d <= 12) { x = G.leftX + (12 - d) * G.PW; top = false; }
  else if (d <= 18) { x = G.leftX + (d - 13) * G.PW; top = true; }
  else { x = G.rightX + (d - 19) * G.PW; top = true; }
  return { x, top, cx: x + G.PW / 2, base: top ? G.MY : G.H - G.MY };
}

// Centre of the i-th checker (0 at the edge) of a stack of n on point p,
// with `skip` checker-heights left free at the base (for a pinned checker).
export function checkerXY(p, i, n, skip = 0) {
  const s = slot(p);
  const room = G.PH - 2 * G.R - skip;
  const step = n <= 1 ? 0 : Math.min(2 * G.R, room / (n - 1));
  const off = G.R + skip + i * step;
  return { x: s.cx, y: s.top ? s.base + off : s.base - off };
}

// Where one more checker on point p in pos would go.
function stackNext(p, pos) {
  const n = Math.abs(pos?.board[p] || 0), skip = pos?.pinned?.[p] ? G.R : 0;
  return checkerXY(p, n, n + 1, skip);
}

// Portes's bar: the column between the halves. A side's hit checkers
// stand in its own half (the viewer's below, the opponent's above), from
// the middle outwards; they are drawn smaller to fit the column.
export const BAR_R = 23;
export const barX = () => G.leftX + 420 + G.BAR / 2;
export function barXY(side, i) {
  const below = side === viewer();
  const off = 24 + BAR_R + i * (2 * BAR_R - 4);
  return { x: barX(), y: below ? G.H / 2 + off : G.H / 2 - off };
}

// The bear-off tray of a side: White's next to its 1-point, Black's next to its.
export function traySlot(side) {
  const bottom = (side === viewer());
  return { x: G.trayX, y: bottom ? G.H / 2 + 20 : G.MY, h: G.H / 2 - 20 - G.MY, bottom };
}

function trayXY(side) {
  const tr = traySlot(side);
  return { x: tr.x + G.trayW / 2, y: tr.y + tr.h / 2 };
}

export function svgPoint(evt) {
  const pt = board.createSVGPoint();
  pt.x = evt.clientX; pt.y = evt.clientY;
  return pt.matrixTransform(board.getScreenCTM().inverse());
}

// Portes: while a checker on the bar is to move, the area round the bar's
// stack that takes it ({ x, y, width, height }, wider than the column on a
// small screen), else null. board.js sets it as it draws the bar.
let barTarget = null;
export function setBarTarget(r) { barTarget = r; }
export const getBarTarget = () => barTarget;

// What is under board coordinates (x, y): a point (White's numbering),
// 'off' (the tray), 'bar' (the column between the halves) or null.
export function hitTest(x, y) {
  if (x >= G.trayX && x <= G.trayX + G.trayW) return 'off';
  const b = barTarget;
  if (b && x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height) return 'bar';
  if (x >= G.leftX + 420 && x < G.rightX) return 'bar';
  for (let p = 1; p <= 24; p++) {
    const s = slot(p);
    if (x >= s.x && x < s.x + G.PW && (s.top ? y < G.H / 2 : y >= G.H / 2)) return p;
  }
  return null;
}



export function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export function text(parent, x, y, cls, size, content, attrs = {}) {
  const e = el('text', { x, y, class: cls, style: `font-size:${size.toFixed(1)}px`, ...attrs }, parent);
  e.textContent = content;
  return e;
}

export function drawChecker(g, x, y, color, cls = '', r = G.R) {
  el('circle', { cx: x, cy: y, r: r - 1, class: `checker ${color} ${cls}` }, g);
  el('circle', { cx: x, cy: y, r: r - 1 - (8 * r) / G.R, class: `checker inner ${color}`, stroke: color === 'white' ? '#5a4a36' : '#c9b89a' }, g);
}

export function drawDie(g, x, y, size, value, color, used) {
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

// A play as paths, one per checker moved: single moves that go on from
// where an earlier one landed are the same checker hopping on. Points in
// White's numbering, 'off' for the tray, 'bar' for Portes's bar.
export function playPaths(moves, side) {
  const paths = [];
  for (const [f, to] of moves) {
    const wf = toWhite(f, side), wt = to === 0 ? 'off' : toWhite(to, side);
    const prev = [...paths].reverse().find((q) => q[q.length - 1] === wf);
    if (prev) prev.push(wt); else paths.push([wf, wt]);
  }
  return paths;
}

// A move from one row to the other goes round the board's corner (a
// checker's path turns where the viewer's numbering passes 12/13 or
// 24/1): the x, just inside that side's edge, where its curve turns; null
// for a move within a row, from the bar or off. A move is at most 6 pips,
// so the nearer corner is the one it passes.
function cornerX(p, q) {
  if (typeof p !== 'number' || typeof q !== 'number' || slot(p).top === slot(q).top) return null;
  const viaLeft = Math.abs(fromWhite(p, viewer()) - 12.5) + Math.abs(fromWhite(q, viewer()) - 12.5);
  return viaLeft < 12 ? G.leftX + 12 : G.rightX + 420 - 12;
}

// Draws paths on pos. `before`: the board is the one before the play (a
// hint: the checker is still at the start); else after it (the last play:
// it has landed). Returns, per path, its points, its ends (points and board
// units) and the path drawn.
export function drawPaths(parent, paths, side, pos, before, cls, marker, attrs = {}) {
  const departures = {}, arrivals = {};
  const at = (p, kind) => {
    if (p === 'off') return trayXY(side);
    if (p === 'bar') return barXY(side, Math.max(0, (pos?.bar?.[side] || 0) - (before ? 1 : 0)));
    const n = Math.abs(pos?.board[p] || 0), skip = pos?.pinned?.[p] ? G.R : 0;
    const seen = kind === 'start' ? (departures[p] = (departures[p] || 0) + 1) - 1 : (arrivals[p] = (arrivals[p] || 0) + 1) - 1;
    // A hint starts from the stack's top and lands beyond it; the last play
    // started beyond the stack's top and has landed on it.
    const up = (kind === 'start') !== before;
    const i = up ? n + seen : Math.max(0, n - 1 - seen);
    return checkerXY(p, i, Math.max(n + (up ? seen + 1 : 0), 1), skip);
  };
  const out = [];
  for (const path of paths) {
    const pts = path.map((p, j) => (j === 0 ? at(p, 'start') : j === path.length - 1 ? at(p, 'end') : stackNext(p, pos)));
    // Each leg a line, or a curve round the corner where it changes rows:
    // its control points set so that its middle passes at the corner's x.
    const bends = path.slice(1).map((p, j) => {
      const x = cornerX(path[j], p);
      return x === null ? null : x + (x - (pts[j].x + pts[j + 1].x) / 2) / 3;
    });
    const n = pts.length - 1, b = pts[n], bend = bends[n - 1];
    // The arrow stops short of the landing, along its last direction.
    const a = bend === null ? pts[n - 1] : { x: bend, y: b.y };
    const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1;
    const short = Math.min(len / 2, G.R * 0.7);
    const ends = [...pts.slice(0, -1), { x: b.x - dx / len * short, y: b.y - dy / len * short }];
    const xy = (q) => `${q.x.toFixed(1)},${q.y.toFixed(1)}`;
    const d = ends.map((q, j) => {
      if (!j) return `M${xy(q)}`;
      const x = bends[j - 1];
      return x === null ? `L${xy(q)}` : `C${xy({ x, y: ends[j - 1].y })} ${xy({ x, y: q.y })} ${xy(q)}`;
    }).join(' ');
    const line = el('path', { d, class: cls, 'marker-end': `url(#${marker})`, ...attrs }, parent);
    out.push({ route: path, from: path[0], to: path[path.length - 1], a: pts[0], b, line });
  }
  return out;
}
