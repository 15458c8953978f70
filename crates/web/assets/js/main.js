// The Tavli web app: draws the board in SVG and talks to /api/v1. It knows no
// rules: legal single moves, plays, results, hints, pip counts and the
// reasons a move is illegal all come from the server; the page only draws
// them and sends what the person chose. The page is these ES modules,
// served as they are (no build step); this one draws everything and wires
// the buttons.

import { answerOffer, confirmPlay, copyInvite, copyPositionId, engineNext, gamesChosen, hint, joinMatch, loadGames, newMatch, openMatch, openNewDialog, resign, showLevelAbout, toggleEngineOptions, undo } from './actions.js';
import { seatOf } from './api.js';
import { renderBoard } from './board.js';
import { LIVE } from './live.js';
import { noMatch } from './match.js';
import { renderPanel } from './panel.js';
import { R, closeReview, renderReview, reviewTurn, stepTurn, wireReview } from './review.js';
import { $, S, betweenGames, game, goOnToNextGame, hooks, humanToAct, isOnline, mySeat, render, turnState } from './state.js';
import { setLang } from './text.js';
// Click and drag on the board (listeners only).
import './input.js';

// Draws the whole page from S (and the review's R).
function draw() {
  renderBoard();
  renderPanel();
  renderReview();
  document.body.dataset.phase = phase();
  document.body.dataset.version = S.match ? S.match.version : '';
  document.body.dataset.game = S.match ? S.match.game.number : '';
  document.body.dataset.pass = turnState()?.pass && humanToAct() ? '1' : '0';
  document.body.dataset.turns = S.match ? S.match.game.log.length : '';
  document.body.dataset.pending = turnState()?.moves?.length || 0;
  // The board shown (mid-turn too), and online: the seat held, the live
  // stream and who is connected.
  document.body.dataset.board = (reviewTurn()?.position ?? (R.open ? null : betweenGames()?.position_id) ?? (S.stack.length > 1 ? turnState()?.id : game()?.position_id)) || '';
  const on = S.match?.online;
  document.body.dataset.seat = isOnline() ? (mySeat() || 'none') : '';
  document.body.dataset.live = isOnline() ? (LIVE.up ? '1' : '0') : '';
  document.body.dataset.connected = on ? ['white', 'black'].filter((c) => on.connected[c]).join(' ') : '';
}

// What the page is doing, for the tests and the styles: body[data-phase].
function phase() {
  if (!S.match) return S.busy ? 'loading' : 'idle';
  if (S.busy) return 'busy';
  if (S.match.over) return 'over';
  if (betweenGames()) return 'ended';
  if (humanToAct()) return 'human';
  // Online, the other seat's turn: this browser waits, or only watches.
  if (isOnline()) return mySeat() ? 'waiting' : 'watching';
  return 'engine';
}

hooks.render = draw;
hooks.afterRender = engineNext;

$('undo').addEventListener('click', undo);
$('next-game').addEventListener('click', () => { goOnToNextGame(); render(); engineNext(); });
$('confirm').addEventListener('click', confirmPlay);
$('hint').addEventListener('click', hint);
$('resign').addEventListener('click', resign);
$('offer-accept').addEventListener('click', () => answerOffer(true));
$('offer-decline').addEventListener('click', () => answerOffer(false));
$('copy-id').addEventListener('click', copyPositionId);
$('copy-invite').addEventListener('click', copyInvite);
$('invite-link').addEventListener('focus', (evt) => evt.target.select());
$('new').addEventListener('click', openNewDialog);
$('lang').addEventListener('change', (evt) => {
  setLang(evt.target.value);
  render();
  if ($('new-dialog').open) openNewDialog();
});
$('new-form').addEventListener('change', toggleEngineOptions);
$('match-games').addEventListener('change', gamesChosen);
$('level').addEventListener('change', showLevelAbout);
$('new-form').addEventListener('submit', (evt) => {
  evt.preventDefault();
  newMatch($('new-form'));
});
$('new-cancel').addEventListener('click', () => $('new-dialog').close());
$('resume').addEventListener('click', () => {
  const id = localStorage.getItem('plakoto-last');
  $('new-dialog').close();
  history.pushState({}, '', `/match/${id}`);
  openMatch(id);
});
wireReview();
window.addEventListener('popstate', route);
document.addEventListener('keydown', (evt) => {
  if (evt.target.closest('dialog')) return;
  if (R.open) {
    if (evt.key === 'ArrowLeft') stepTurn(-1);
    else if (evt.key === 'ArrowRight') stepTurn(1);
    else if (evt.key === 'Escape') closeReview();
    return;
  }
  if (evt.key === 'Enter' && !$('confirm').disabled) confirmPlay();
  else if ((evt.key === 'Backspace' || evt.key === 'z') && !$('undo').disabled) undo();
});

// Opens what the address names: a match, an invitation, or the new-match dialog.
function route() {
  const m = location.pathname.match(/^\/match\/([A-Za-z0-9_-]+)$/);
  if (!m) { noMatch(); render(); openNewDialog(); return; }
  // A friend's invitation: /match/ID#join=CODE. The code leaves the address
  // bar at once; a browser that holds a seat in the match already just opens it.
  const join = location.hash.match(/^#join=([^&]+)/);
  if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  S.watchReason = '';
  if (join && !seatOf(m[1])) joinMatch(m[1], decodeURIComponent(join[1]));
  else openMatch(m[1]);
}

render();
route();
// How each game is drawn, and the kinds of match offered (the page knows
// the games of its time until the list comes).
loadGames().then(render);
