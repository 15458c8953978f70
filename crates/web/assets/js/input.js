// Click and drag on the board: a checker picked, then where it goes; or
// dragged there and dropped. (S.drag holds the checker being dragged.)

import { clickPoint, move } from './actions.js';
import { legalByFrom, renderBoard } from './board.js';
import { R } from './review.js';
import { $, S, humanToAct, mover, render } from './state.js';
import { G, Z, board, boardScale, el, hitTest, svgPoint } from './svg.js';

board.addEventListener('pointerdown', (evt) => {
  if (!humanToAct() || S.busy || R.open) return;
  const { x, y } = svgPoint(evt);
  const p = hitTest(x, y);
  S.drag = { from: p, x0: x, y0: y, moved: false, ghost: null };
  board.setPointerCapture(evt.pointerId);
});

board.addEventListener('pointermove', (evt) => {
  if (!S.drag) return;
  const { x, y } = svgPoint(evt);
  const legal = legalByFrom();
  if (!S.drag.moved && Math.hypot(x - S.drag.x0, y - S.drag.y0) > 8 && S.drag.from !== null && legal[S.drag.from]) {
    S.drag.moved = true;
    S.selected = S.drag.from;
    S.why = '';
    render();
    S.drag.ghost = el('circle', { r: G.R, class: `checker ${mover()} ghost` }, board);
  }
  if (S.drag.ghost) { S.drag.ghost.setAttribute('cx', x); S.drag.ghost.setAttribute('cy', y); }
});

board.addEventListener('pointerup', (evt) => {
  if (!S.drag) return;
  const d = S.drag;
  S.drag = null;
  const { x, y } = svgPoint(evt);
  const p = hitTest(x, y);
  if (d.ghost) d.ghost.remove();
  // The turn ended meanwhile (online: the friend resigned).
  if (!humanToAct()) { S.selected = null; render(); return; }
  if (d.moved) {
    // Dropped on another point: legal or not, the server decides (and says why not).
    if (p !== null && p !== d.from) move(d.from, p);
    else { S.selected = null; render(); }
  } else if (p !== null) {
    clickPoint(p);
  }
});

board.addEventListener('pointercancel', () => { if (S.drag?.ghost) S.drag.ghost.remove(); S.drag = null; });

// The text sizes follow the board's size on screen.
new ResizeObserver(() => {
  if (S.drag) return;
  if (Math.abs(boardScale() - (Z.k || 0)) > 0.005) renderBoard();
}).observe($('board-wrap'));
