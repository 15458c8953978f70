// What the person does: moves, undo, confirm, hint, resign, new matches,
// invitations; and the engine's turn asked for when due.

import { api, saveSeat } from './api.js';
import { currentPosition, legalByFrom } from './board.js';
import { shareMoves, sharedAll } from './live.js';
import { noMatch, reload, restorePending, savePending, setMatch, turnStates } from './match.js';
import { R } from './review.js';
import { $, GAMES, MATCHES, S, afterRender, betweenGames, engineDelay, fromWhite, game, humanToAct, isOnline, mover, mySeat, rankKey, render, turnState } from './state.js';
import { gameName, knowGameTitles, levelAbout, levelName, other, pointsWord, sideName, t } from './text.js';

// This browser's own random share of the dice of a match online: 32 bytes
// from the platform's cryptographic generator, as 64 hex digits.
function newShare() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

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

let engineTimer = null;
// After each redraw: the engine's turn is asked for when it is due.
export function engineNext() {
  clearTimeout(engineTimer);
  const m = S.match;
  // The engine waits while the person reviews the match.
  if (m && !m.over && m.to_act && m.to_act.who === 'engine' && !S.busy && !R.open && !betweenGames()) {
    engineTimer = setTimeout(() => run(async () => {
      setMatch(await api('POST', `/api/v1/matches/${m.id}/engine-move`, { version: m.version }));
    }), engineDelay());
  }
}

// Sends a single move to /turn. A legal one is made; an illegal one (a drop
// or click on a point it cannot go to) is refused with the server's reason,
// which is shown.
export async function move(from, to) {
  // from/to in White's numbering ('off' for the tray, 'bar' for Portes's
  // bar); sent in the mover's (0 off, 25 the bar).
  const side = mover();
  const f = fromWhite(from, side), tt = to === 'off' ? 0 : fromWhite(to, side);
  const ts = turnState();
  const m = S.match;
  await run(async () => {
    let next;
    try {
      next = await api('POST', '/api/v1/turn', {
        position: game().position, dice: game().dice, moves: [...ts.moves, [f, tt]],
      });
    } catch (e) {
      if (e.status !== 422) throw e;
      S.why = { reason: e.reason, message: e.message };
      S.selected = null;
      return;
    }
    // The match moved on meanwhile (online: the friend resigned): drop it.
    if (S.match !== m) return;
    S.stack.push(next);
    S.selected = null;
    S.hint = null;
    S.shownHint = null;
    S.why = '';
    savePending();
  });
}

// Why nothing can move from point p (White's numbering), as the server said.
function whyNot(p) {
  const ts = turnState();
  if (!ts || p === 'off' || p === null) return '';
  const pos = currentPosition();
  const n = pos?.board[p] || 0;
  const theirs = mover() === 'white' ? n < 0 : n > 0;
  const point = fromWhite(p, mover());
  // The opponent's checker on top (the mover's maybe pinned under it):
  // say whose it is, not that the mover has none there.
  if (theirs && pos.pinned?.[p] !== mover()) return { reason: { code: 'opponents-checker', params: { point } } };
  const reason = ts.why_not_reasons?.[point];
  return reason ? { reason, message: ts.why_not?.[point] } : '';
}

// Does point p show a checker of the mover's (on top, or pinned underneath)?
function holdsMover(p) {
  const pos = currentPosition();
  if (!pos || p === 'off') return false;
  if (p === 'bar') return (pos.bar?.[mover()] || 0) > 0;
  const n = pos.board[p] || 0;
  return (mover() === 'white' ? n > 0 : n < 0) || pos.pinned?.[p] === mover();
}

export function clickPoint(p) {
  if (!humanToAct() || S.busy) return;
  const legal = legalByFrom();
  if (S.selected !== null && (legal[S.selected] || []).includes(p)) {
    move(S.selected, p);
    return;
  }
  if (p !== 'off' && legal[p]) {
    S.why = '';
    if (legal[p].length === 1) { move(p, legal[p][0]); return; }
    S.selected = S.selected === p ? null : p;
  } else if (S.selected !== null && p !== S.selected && !holdsMover(p)) {
    // A destination the picked checker cannot reach: the server says why.
    move(S.selected, p);
    return;
  } else {
    S.why = whyNot(p);
    S.selected = null;
  }
  render();
}

export function undo() {
  if (S.stack.length > 1) S.stack.pop();
  savePending();
  S.selected = null;
  S.hint = null;
  S.shownHint = null;
  S.why = '';
  render();
}

export async function confirmPlay() {
  const ts = turnState();
  if (!ts || !(ts.complete || ts.pass)) return;
  const m = S.match;
  await run(async () => {
    // The friend sees the last single move before the play.
    await sharedAll();
    setMatch(await api('POST', `/api/v1/matches/${m.id}/play`, { moves: ts.pass ? [] : ts.moves, version: m.version }));
  });
}

// What a hint or a judgement is asked with: the match (a match between two
// people online refuses the engine's advice) and, in a match of more than
// a point, the score from the mover's side, so that plays are ranked by the
// chance to win the match (a single game: by points).
function matchContext(side = mover()) {
  const m = S.match;
  if (!m) return {};
  const out = { match: m.id };
  if (m.match_to > 1 && side) {
    out.score = { length: m.match_to, mine: m.score[side], theirs: m.score[side === 'white' ? 'black' : 'white'] };
    // A Tavli match's score is valued by the games to come.
    if (m.rules?.games) out.games = m.rules.games;
  }
  return out;
}

// The hint at 2-ply (the API's default, as deep as the strongest level),
// asked for by name so the page says what it shows; in the middle of a turn it
// ranks the plays that go on from the single moves made, and says what
// those moves cost.
export async function hint() {
  const g = game();
  const ts = turnState();
  const mid = S.stack.length > 1 && ts?.moves?.length > 0;
  await run(async () => {
    const body = { position: g.position, dice: g.dice, ply: 2, max: 5, ...matchContext() };
    if (mid) body.moves = ts.moves;
    const r = await api('POST', '/api/v1/hint', body);
    S.why = '';
    S.hint = { ply: r.ply, plays: r.plays, loss: r.loss ?? 0, best: r.best || null, mid };
    S.shownHint = r.plays.length ? 0 : null;
  });
}

export async function playHint() {
  const h = S.hint?.plays?.[S.shownHint];
  if (!h) return;
  const m = S.match;
  await run(async () => {
    const states = await turnStates(h.moves);
    if (S.match !== m) return;
    S.stack = [S.stack[0], ...states];
    S.hint = null;
    S.shownHint = null;
    S.selected = null;
    S.why = '';
    savePending();
  });
}

// How one of the person's past plays ranked among the plays of its roll.
export async function rankPlay(i) {
  const e = game().log[i];
  const key = rankKey(i);
  S.ranks[key] = { pending: true };
  render();
  try {
    const body = { position: e.position_id, dice: e.dice, played: e.moves, ply: 2, max: 1, ...matchContext(e.side) };
    const r = await api('POST', '/api/v1/hint', body);
    const p = r.played;
    S.ranks[key] = {
      rank: p.rank, of: p.of, loss: p.loss, best: r.plays[0]?.notation || '',
      chance: p.match_winning_chance, bestChance: r.plays[0]?.match_winning_chance,
    };
  } catch (err) {
    S.ranks[key] = { error: err.message };
  }
  if (S.match) render();
}

export async function resign() {
  const m = S.match;
  const side = m.opponent === 'engine' ? m.human_color : isOnline() ? mySeat() : m.to_act.side;
  if (!side) return;
  // The rules decide the most a resignation gives (2 while nothing is
  // borne off, else 1); the server says how many. Fewer (a single game)
  // are an offer the other side answers: the engine at once, a person at
  // this screen here, a friend online on its own page (`answerOffer`).
  const due = m.resign_points ? m.resign_points[side] : 1;
  const points = due > 1 ? await askResignPoints(side, due) : window.confirm(t('confirmResign', { n: due, s: '', pts: pointsWord(due) })) ? due : 0;
  if (!points) return;
  const names = { side: sideName(side), other: sideName(other(side)) };
  const declined = () => new Error(t('offerDeclined', names));
  // Two people at one screen: the other answers here.
  if (points < due && m.opponent !== 'engine' && !isOnline() && !window.confirm(t('offerToPerson', names))) {
    S.error = declined().message;
    render();
    return;
  }
  await run(async () => {
    try {
      setMatch(await api('POST', `/api/v1/matches/${m.id}/resign`, { side, points, version: m.version }));
    } catch (e) {
      // The engine plays on: nothing changed, nothing to reload.
      if (e.code === 'offer-declined') throw declined();
      throw e;
    }
  });
}

// Online, the answer of this page's seat to the friend's offer to resign.
export async function answerOffer(accept) {
  const m = S.match;
  await run(async () => {
    setMatch(await api('POST', `/api/v1/matches/${m.id}/resign/answer`, { accept, version: m.version }));
  });
}

// Asks how to resign where the rules give `due` points: all of them, or
// a single game offered; resolves to the points chosen, 0 for neither.
function askResignPoints(side, due) {
  const d = $('resign-dialog');
  $('resign-title').textContent = t('resignTitle');
  const n = { n: due, s: due === 1 ? '' : 's', pts: pointsWord(due) };
  $('resign-help').textContent = t('resignHelp', { other: sideName(other(side)), ...n });
  $('resign-single').textContent = t('resignSingle');
  $('resign-all').textContent = t('resignAll', n);
  $('resign-cancel').textContent = t('cancel');
  d.returnValue = '';
  d.showModal();
  return new Promise((resolve) => {
    d.addEventListener('close', () => resolve({ single: 1, all: due }[d.returnValue] || 0), { once: true });
  });
}

export async function copyPositionId() {
  const id = $('position-id').textContent;
  try {
    await navigator.clipboard.writeText(id);
  } catch {
    // Without the clipboard API (an insecure page), copy the selection.
    const range = document.createRange();
    range.selectNodeContents($('position-id'));
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    try { document.execCommand('copy'); } catch { /* the ID stays selected */ }
  }
  S.copied = true;
  $('copy-id').textContent = t('copied');
  setTimeout(() => { S.copied = false; $('copy-id').textContent = t('copy'); }, 1500);
}

export async function copyInvite() {
  const input = $('invite-link');
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    try { document.execCommand('copy'); } catch { /* the link stays selected */ }
  }
  S.copiedInvite = true;
  $('copy-invite').textContent = t('copied');
  setTimeout(() => { S.copiedInvite = false; $('copy-invite').textContent = t('copy'); }, 1500);
}

export async function openMatch(id) {
  await run(async () => {
    try {
      setMatch(await api('GET', `/api/v1/matches/${encodeURIComponent(id)}`));
      await restorePending();
      // Online, the friend sees the moves kept over a reload (or a restart
      // of the server, which keeps them in memory only).
      if (isOnline() && S.stack.length > 1) shareMoves();
    } catch (e) {
      if (e.status === 404) { noMatch(); openNewDialog(); throw new Error(t('notFound')); }
      throw e;
    }
  });
}

// its secret. An invitation used already, or a wrong one, opens the match
// to watch.
export async function joinMatch(id, code) {
  await run(async () => {
    try {
      const contribution = newShare();
      const r = await api('POST', `/api/v1/matches/${encodeURIComponent(id)}/join`, { invite: code, contribution });
      saveSeat(id, { side: r.seat.side, token: r.seat.token, contribution });
      S.watchReason = '';
      setMatch(r);
    } catch (e) {
      if (e.status === 404) { noMatch(); openNewDialog(); throw new Error(t('notFound')); }
      // Used already (409), or not this match's invitation (403): watch.
      if (e.status !== 409 && e.status !== 403) throw e;
      S.watchReason = e.status === 403 ? 'inviteWrong' : 'inviteUsed';
      setMatch(await api('GET', `/api/v1/matches/${encodeURIComponent(id)}`));
    }
  });
}

export async function newMatch(form) {
  const opponent = form.opponent.value;
  const body = { opponent, games: form.games.value, length: Number(form.length.value) };
  if (opponent === 'engine') { body.level = form.level.value; body.human_color = form.color.value; }
  if (opponent === 'online') { body.human_color = form.color.value; body.contribution = newShare(); }
  const start = form.position.value.trim();
  if (start) body.position = start;
  $('new-error').textContent = '';
  let refused = null;
  await run(async () => {
    let m;
    try {
      m = await api('POST', '/api/v1/matches', body);
    } catch (e) {
      // A position that cannot be read: say why in the dialog, kept open.
      if (e.status === 422 && start) { refused = e; return; }
      throw e;
    }
    $('new-dialog').close();
    form.position.value = '';
    // The next new match offers the same games (a Tavli player gets Tavli).
    localStorage.setItem('plakoto-games', body.games);
    history.pushState({}, '', `/match/${m.id}`);
    // Online: this browser's seat, and the invitation to send (shown until the friend takes it).
    if (m.seat) saveSeat(m.id, { side: m.seat.side, token: m.seat.token, invite: m.invite, contribution: body.contribution });
    S.watchReason = '';
    S.match = null;
    setMatch(m);
  });
  if (refused) {
    $('new-error').textContent = refused.message;
    if (!$('new-dialog').open) $('new-dialog').showModal();
  } else if ($('new-dialog').open && S.error) {
    $('new-dialog').close();
  }
}

export function showLevelAbout() {
  const l = S.levels.find((x) => x.name === $('level').value);
  $('level-about').textContent = l ? levelAbout(l) : '';
}

// The kinds of match offered (`GET /api/v1/games`), once loaded: {games,
// of, length}; until then the dialog's own options.
let matchKinds = null;

// Every game's way of drawing, and the kinds of match, from the server.
export async function loadGames() {
  if (matchKinds) return;
  let list;
  try { list = await api('GET', '/api/v1/games'); } catch { return; }
  const titles = {};
  for (const g of list.games) {
    GAMES[g.name] = { parallel: g.parallel, bar: g.bar };
    titles[g.name] = g.title;
  }
  knowGameTitles(titles);
  matchKinds = list.matches;
  for (const k of matchKinds) MATCHES[k.games] = k.of;
  if ($('new-dialog').open) fillMatchKinds();
}

// A kind of match as the dialog names it: the Tavli or the Tabla match by
// its games, or a game alone (`tabla-only`: Tabla).
const ROTATION_NAMES = { tavli: 'tavliMatch', tabla: 'tablaMatch' };
const matchKindName = (games) => (ROTATION_NAMES[games] ? t(ROTATION_NAMES[games]) : gameName(MATCHES[games]?.[0] || games));

// The dialog's menu of matches, from the server's list, in the page's language.
function fillMatchKinds() {
  const sel = $('match-games');
  const chosen = sel.value;
  if (matchKinds) {
    sel.replaceChildren(...matchKinds.map((k) => {
      const o = document.createElement('option');
      o.value = k.games;
      return o;
    }));
    sel.value = matchKinds.some((k) => k.games === chosen) ? chosen : matchKinds[0].games;
  }
  for (const o of sel.options) o.textContent = matchKindName(o.value);
}

export async function openNewDialog() {
  if (!S.levels.length) {
    try { S.levels = await api('GET', '/api/v1/levels'); } catch { S.levels = []; }
  }
  await loadGames();
  fillMatchKinds();
  const sel = $('level');
  const chosen = sel.value;
  sel.replaceChildren(...S.levels.map((l) => {
    const o = document.createElement('option');
    o.value = l.name;
    o.textContent = levelName(l.name);
    o.title = levelAbout(l);
    if (chosen ? l.name === chosen : l.default) o.selected = true;
    return o;
  }));
  showLevelAbout();
  const games = localStorage.getItem('plakoto-games');
  if (games && !$('new-dialog').open && [...$('match-games').options].some((o) => o.value === games) && $('match-games').value !== games) {
    $('match-games').value = games;
    gamesChosen();
  }
  const last = localStorage.getItem('plakoto-last');
  $('resume').classList.toggle('hidden', !last || (S.match && S.match.id === last));
  for (const e of $('new-dialog').querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
  $('position-input').placeholder = t('startFromHint');
  toggleEngineOptions();
  if (!$('new-dialog').open) $('new-dialog').showModal();
}

// A match's length unless chosen otherwise, as the server has it (a
// Tavli match 5 points, a match of one game 3).
export function gamesChosen() {
  const form = $('new-form');
  const kind = matchKinds?.find((k) => k.games === form.games.value);
  const length = String(kind ? kind.length : form.games.value === 'tavli' ? 5 : 3);
  if (![...form.length.options].some((o) => o.value === length)) form.length.append(new Option(length, length));
  form.length.value = length;
}

export function toggleEngineOptions() {
  const opponent = $('new-form').opponent.value;
  $('engine-options').classList.toggle('hidden', opponent !== 'engine');
  $('color-options').classList.toggle('hidden', opponent === 'human');
  $('online-about').classList.toggle('hidden', opponent !== 'online');
}
