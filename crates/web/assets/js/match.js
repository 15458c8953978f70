// The match shown: opening one, the single moves of the turn kept over a
// reload, and the news of the live stream applied to it.

import { api, saveSeat, seatOf } from './api.js';
import { LIVE, liveRender, setLiveUp, shareMoves, startLive, stopLive } from './live.js';
import { R, dropReviewJob } from './review.js';
import { S, afterRender, game, humanToAct, mySeat, render, turnState } from './state.js';
import { other } from './text.js';

const pendingKey = (id) => `plakoto-pending-${id}`;

export function savePending() {
  const m = S.match, ts = turnState();
  if (!m) return;
  if (ts && ts.moves.length && humanToAct()) {
    localStorage.setItem(pendingKey(m.id), JSON.stringify({ version: m.version, moves: ts.moves }));
  } else {
    localStorage.removeItem(pendingKey(m.id));
  }
  shareMoves();
}

// The turn states after each prefix of `moves` (one per single move, so
// undo takes back one checker at a time).
export async function turnStates(moves) {
  const g = game();
  const out = [];
  for (let k = 1; k <= Math.min(moves.length, 4); k++) {
    out.push(await api('POST', '/api/v1/turn', { position: g.position, dice: g.dice, moves: moves.slice(0, k) }));
  }
  return out;
}

// Replays the saved single moves of this turn through the API. Anything
// stale is dropped.
export async function restorePending() {
  const m = S.match;
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(pendingKey(m.id))); } catch { saved = null; }
  // Online the server also keeps the moves shown to the friend.
  if ((!saved || saved.version !== m.version) && m.pending && m.pending.side === mySeat()) {
    saved = { version: m.pending.version, moves: m.pending.moves };
  }
  if (!saved || saved.version !== m.version || !humanToAct() || !Array.isArray(saved.moves)) {
    localStorage.removeItem(pendingKey(m.id));
    return;
  }
  try {
    S.stack.push(...await turnStates(saved.moves));
  } catch {
    S.stack = S.stack.slice(0, 1);
    localStorage.removeItem(pendingKey(m.id));
  }
}

export function setMatch(m) {
  // A review of another match ends when this one opens.
  if (R.open && R.matchId !== m.id) {
    dropReviewJob();
    Object.assign(R, { open: false, data: null, sel: null, busy: false });
  }
  // A game of this match ended while this page showed it: online its end
  // stays shown until this browser goes on, however far the others play.
  if (S.match?.id === m.id && m.game.number > S.match.game.number) S.sawGameEnd = { id: m.id, number: m.game.number };
  S.match = m;
  S.stack = m.game.entry ? [m.game.entry] : [];
  S.selected = null;
  S.hint = null;
  S.shownHint = null;
  S.why = '';
  localStorage.setItem('plakoto-last', m.id);
  // Moves saved for an earlier version were confirmed or overtaken.
  try {
    if (JSON.parse(localStorage.getItem(pendingKey(m.id)))?.version !== m.version) localStorage.removeItem(pendingKey(m.id));
  } catch { localStorage.removeItem(pendingKey(m.id)); }
  if (m.opponent === 'online') {
    forgetUsedInvite();
    startLive(m.id, onLive);
    // The single moves the friend has entered so far of this turn.
    if (m.pending && !humanToAct()) showRemoteMoves(m.pending);
  } else {
    stopLive();
  }
}

// Once the friend has taken the seat, the invitation is of no more use.
function forgetUsedInvite() {
  const m = S.match, me = mySeat();
  if (!m || !me) return;
  const seat = seatOf(m.id);
  if (seat?.invite && m.online.taken[other(me)]) {
    delete seat.invite;
    saveSeat(m.id, seat);
  }
}

export async function reload() {
  if (!S.match) return;
  setMatch(await api('GET', `/api/v1/matches/${S.match.id}`));
}

export function noMatch() {
  stopLive();
  S.match = null;
}

// An event of the live stream of the match shown.
function onLive({ event, data }) {
  let d;
  try { d = JSON.parse(data); } catch { return; }
  const m = S.match;
  if (!m || m.id !== LIVE.id) return;
  if (event === 'state') {
    setLiveUp(true);
    applyLiveState(d);
  } else if (event === 'moves') {
    // This browser's own moves come back too.
    if (d.side !== mySeat()) showRemoteMoves(d);
  } else if (event === 'presence') {
    if (m.online) {
      m.online.connected = { white: !!d.white, black: !!d.black };
      // A seat connected is a seat taken.
      for (const c of ['white', 'black']) if (d[c]) m.online.taken[c] = true;
      forgetUsedInvite();
      liveRender();
    }
  }
}

// A state from the stream: newer than the one shown replaces it; the same
// version brings the seats and who is connected (and any moves of the
// friend's turn missed); an older one is dropped.
function applyLiveState(d) {
  const m = S.match;
  if (!d || d.id !== m.id || d.version < m.version) return;
  if (d.version === m.version) {
    m.online = d.online;
    m.pending = d.pending;
    forgetUsedInvite();
    if (d.pending && !humanToAct()) showRemoteMoves(d.pending);
    liveRender();
    return;
  }
  setMatch(d);
  liveRender();
  afterRender();
}

// The single moves the side on roll has entered, drawn on this board as the
// server's /turn gives the board after them. The latest wins.
let remoteSeq = 0;
async function showRemoteMoves({ version, side, moves }) {
  const m = S.match;
  if (!m || version !== m.version || humanToAct() || side !== m.to_act?.side || !S.stack.length) return;
  const seq = ++remoteSeq;
  let states = [];
  if (moves.length) {
    try {
      states = [await api('POST', '/api/v1/turn', { position: m.game.position, dice: m.game.dice, moves })];
    } catch {
      return;
    }
  }
  if (seq !== remoteSeq || S.match !== m) return;
  S.stack = [S.stack[0], ...states];
  render();
}
