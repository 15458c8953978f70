// Game review in the page: the review of the open match (or of a record
// pasted or uploaded) from /api/v1, drawn as a graph of the viewing side's
// chances with the marked plays on it (review-graph.js), a list of every
// play with its mark, and the board of the chosen turn with the play made
// and the best play drawn.
// A review is a job on the server: the page starts it, shows the turns
// done as it goes, and shows the review at the end; the depth menu offers
// only the depths the server reviews a match of this length at.
// main.js draws it (renderReview) and board.js asks `reviewTurn()` what
// to draw while a review is open.

import { api } from './api.js';
import { $, S, afterRender, isOnline, render, showReviewedBoard, sleep } from './state.js';
import { drawPaths, el, playPaths } from './svg.js';
import { drawReviewGraph, graphSide } from './review-graph.js';
import { reviewErrorText, rt } from './review-text.js';
import { diceText, gameName, gameTitle, num, percent, sideName, signed, t } from './text.js';

// The review shown: its data, where it came from, the turn chosen; the
// job under way (its id and last status) and a counter that makes the
// answers of a job given up go unheard.
export const R = {
  open: false, data: null, matchId: null, record: null, ply: 1, sel: null, busy: false, error: '',
  job: null, progress: null, run: 0,
};

// The server's review limits (`GET /api/v1/reviews/limits`), once.
let reviewLimits = null;
async function loadReviewLimits() {
  if (!reviewLimits) {
    try { reviewLimits = await api('GET', '/api/v1/reviews/limits'); } catch { reviewLimits = null; }
  }
  return reviewLimits;
}

// How many turns the review goes through, when the page knows: the open
// match's games, or the review shown.
function reviewTurnCount() {
  if (R.matchId && S.match?.id === R.matchId) return S.match.games.reduce((n, g) => n + g.turns, 0);
  return R.data ? R.data.games.reduce((n, g) => n + g.turns.length, 0) : null;
}

// Can the server review this many turns at `ply`?
function plyFits(ply, turns) {
  const max = reviewLimits?.max_turns?.[ply];
  return turns == null || max == null || turns <= max;
}

// The deepest depth up to `ply` the server reviews the match at.
function fittingPly(ply) {
  const turns = reviewTurnCount();
  let p = ply;
  while (p > 0 && !plyFits(p, turns)) p--;
  return p;
}

// Gives the job under way up (the server stops it unless someone else
// asked for the same review); its answers are no longer awaited.
export function dropReviewJob() {
  R.run++;
  const id = R.job;
  R.job = null;
  R.progress = null;
  if (id) api('DELETE', `/api/v1/reviews/${id}`).catch(() => {});
}

const REVIEW_POLL_MS = 400;


// Every turn of the review in order: { g, t, turn, position }.
function reviewTurns() {
  const out = [];
  if (!R.data) return out;
  R.data.games.forEach((game, g) => game.turns.forEach((turn, t) => out.push({ g, t, turn, position: R.data.positions[g][t] })));
  return out;
}

// Is a record pasted or uploaded under review (not the match open)?
export const reviewingRecord = () => R.open && !R.matchId;

// The chosen turn while a review is open (app.js draws its board), or null.
export function reviewTurn() {
  if (!R.open || !R.sel || !R.data) return null;
  const turn = R.data.games[R.sel.g]?.turns[R.sel.t];
  return turn ? { ...turn, board: R.data.positions[R.sel.g][R.sel.t] } : null;
}
// The board shown is of the chosen turn's game (its numbering, bar, marks).
showReviewedBoard(() => reviewTurn()?.board);

// Starts the review at R.ply as a job and follows it to its end: the
// turns done meanwhile, then the review (the one shown until then stays).
// `started` is called once the server has taken the job.
async function fetchReview(started) {
  dropReviewJob();
  const run = R.run;
  R.busy = true; R.error = '';
  render();
  try {
    await loadReviewLimits();
    if (run !== R.run) return;
    let job = R.matchId
      ? await api('POST', `/api/v1/matches/${R.matchId}/review?ply=${R.ply}`)
      : await api('POST', '/api/v1/reviews', { ...R.record, ply: R.ply });
    const active = job.status === 'queued' || job.status === 'running';
    if (run !== R.run) {
      // Given up while it was being started.
      if (active) api('DELETE', `/api/v1/reviews/${job.id}`).catch(() => {});
      return;
    }
    started?.();
    while (run === R.run && (job.status === 'queued' || job.status === 'running')) {
      R.job = job.id;
      R.progress = job;
      render();
      await sleep(REVIEW_POLL_MS);
      if (run !== R.run) return;
      job = await api('GET', `/api/v1/reviews/${job.id}`);
    }
    if (run !== R.run) return;
    R.job = null;
    if (job.status === 'failed') throw Object.assign(new Error(job.error?.message || job.status), { code: job.error?.code });
    if (job.status === 'cancelled') throw Object.assign(new Error(rt('cancelled')), { code: 'cancelled' });
    R.data = job.review;
    R.ply = R.data.ply;
    const all = reviewTurns();
    if (!all.some((x) => x.g === R.sel?.g && x.t === R.sel?.t)) R.sel = all.length ? { g: all[0].g, t: all[0].t } : null;
  } catch (e) {
    if (run !== R.run) return;
    R.job = null;
    R.error = reviewErrorText(e);
    // The menu goes back to the depth of the review shown.
    if (R.data) R.ply = R.data.ply;
  } finally {
    if (run === R.run) {
      R.busy = false;
      R.progress = null;
      render();
    }
  }
}

// Opens the review of the match shown.
async function openReview() {
  if (!S.match) return;
  dropReviewJob();
  Object.assign(R, { open: true, matchId: S.match.id, record: null, data: null, sel: null, error: '' });
  await loadReviewLimits();
  R.ply = fittingPly(R.ply);
  fetchReview();
}

export function closeReview() {
  dropReviewJob();
  Object.assign(R, { open: false, data: null, sel: null, error: '', busy: false });
  render();
  afterRender();
}

// A record pasted or uploaded: JSON is a match record, anything else a move list.
function reviewText(text) {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try { return { record: JSON.parse(trimmed) }; } catch (e) { throw Object.assign(new Error(e.message), { code: 'bad-json' }); }
  }
  return { text };
}

function openReviewDialog() {
  $('review-error').textContent = '';
  $('review-dialog').showModal();
}

async function submitReviewDialog() {
  let record;
  try { record = reviewText($('review-text').value); } catch (e) { $('review-error').textContent = reviewErrorText(e); return; }
  R.ply = Number($('review-dialog-ply').value);
  Object.assign(R, { open: true, matchId: null, record, data: null, sel: null });
  // Once the server has taken the record the dialog closes and the panel
  // shows the progress; a record it refuses keeps the dialog open with the fault.
  let taken = false;
  await fetchReview(() => { taken = true; $('review-dialog').close(); });
  if (!taken && R.error) { $('review-error').textContent = R.error; R.open = false; render(); }
}

function chooseTurn(g, t) {
  R.sel = { g, t };
  render();
  document.querySelector('#review-turns li.chosen')?.scrollIntoView({ block: 'nearest' });
}

export function stepTurn(delta) {
  const all = reviewTurns();
  const i = all.findIndex((x) => x.g === R.sel?.g && x.t === R.sel?.t);
  const next = all[Math.max(0, Math.min(all.length - 1, i + delta))];
  if (next) chooseTurn(next.g, next.t);
}

// What a play lost: in a match the chance to win the match lost (in
// percentage points) against the best play, else the points lost.
function lossText(turn) {
  const chance = turn.match_winning_chance, best = turn.best_match_winning_chance;
  if (chance != null && best != null) return t('chanceLost', { p: percent(Math.max(0, best - chance)) });
  return rt('lost', { x: num(turn.loss) });
}

function markSymbol(mark) {
  return { doubtful: '?!', bad: '?', 'very-bad': '??' }[mark] || '';
}

// The graph of the viewing side's chances (review-graph.js).
function renderReviewGraph(svg) {
  const all = reviewTurns();
  const side = graphSide(S.match, R.matchId);
  const words = {
    game: (n) => gameLabel(R.data.games[n - 1]),
    turn: rt('turnAxis'),
    markTitle: (a) => `${sideName(a.turn.side)} ${diceText(a.turn.dice)}: ${a.turn.played} (${rt('markName')[a.turn.mark]}, ${lossText(a.turn)})`,
  };
  const chosen = all.findIndex((a) => a.g === R.sel?.g && a.t === R.sel?.t);
  drawReviewGraph(svg, all, chosen, side, words, (i) => chooseTurn(all[i].g, all[i].t));
  const inMatch = all.some((a) => a.turn.white_match != null);
  $('review-graph-title').textContent = rt((inMatch ? 'graphTitleMatch' : 'graphTitle') + (side === 'black' ? 'Black' : ''));
}

// A game's name in the review: its number, and which game it was when
// the match was not of Plakoto alone.
function gameLabel(game) {
  if (!game) return '';
  return gameTitle(game.number, game.game, (R.data.match_games || 'plakoto') !== 'plakoto');
}

// Both sides' error rate, rating and luck in a game, or over the games of
// one kind, on one line.
function figuresText(players) {
  return ['white', 'black'].map((side) => {
    const p = players[side];
    return rt('gameFigures', { side: sideName(side), rate: num(p.error_rate, 1), rating: rt('rating')[p.rating] || p.rating, luck: signed(p.luck) });
  }).join(' · ');
}

function renderReviewSummary(table) {
  table.replaceChildren();
  const head = document.createElement('tr');
  table.append(head);
  for (const h of ['', rt('errorRate'), rt('ratingHead'), rt('marksHead'), rt('luckHead'), rt('adjustedHead')]) {
    const th = document.createElement('th');
    th.textContent = h;
    head.append(th);
  }
  head.children[1].title = rt('perDecision');
  head.children[5].title = rt('adjustedAbout');
  for (const side of ['white', 'black']) {
    const p = R.data.players[side];
    const tr = document.createElement('tr');
    tr.dataset.side = side;
    const cells = [
      sideName(side), num(p.error_rate, 1), rt('rating')[p.rating] || p.rating,
      `${p.doubtful}/${p.bad}/${p.very_bad}`, signed(p.luck), signed(p.luck_adjusted_result),
    ];
    for (const c of cells) {
      const td = document.createElement('td');
      td.textContent = c;
      tr.append(td);
    }
    // How the adjusted figure is made, from figures shown: the result
    // (not a column) less this side's luck plus the other's.
    const them = R.data.players[side === 'white' ? 'black' : 'white'];
    tr.children[5].title = rt('adjustedSum', {
      result: signed(p.result), mine: signed(p.luck), theirs: signed(them.luck), x: signed(p.luck_adjusted_result),
    });
    table.append(tr);
  }
  // The results the adjusted figures start from, and in a match the
  // chance to win it each side's plays gave away (each play's line has
  // its own).
  const result = document.createElement('tr');
  result.className = 'review-result';
  const td = document.createElement('td');
  td.colSpan = 6;
  const W = R.data.players.white, B = R.data.players.black;
  const parts = [rt('resultLine', { white: signed(W.result), black: signed(B.result) })];
  if (W.match_chance_lost != null && B.match_chance_lost != null) {
    parts.push(rt('matchLostLine', { white: percent(W.match_chance_lost), black: percent(B.match_chance_lost) }));
  }
  td.textContent = parts.join(' · ');
  result.append(td);
  table.append(result);
  // In a Tavli match where a game came round again, each kind's figures
  // over its games (else they are the games' own, in the list).
  const kinds = R.data.by_game || [];
  if (kinds.length && R.data.games.length > kinds.length) {
    for (const k of kinds) {
      const tr = document.createElement('tr');
      tr.className = 'review-kind';
      tr.dataset.game = k.game;
      const td = document.createElement('td');
      td.colSpan = 6;
      td.textContent = `${rt('byGame', { name: gameName(k.game), n: k.games })}: ${figuresText(k.players)}`;
      tr.append(td);
      table.append(tr);
    }
  }
}

function renderReviewList(list) {
  list.replaceChildren();
  R.data.games.forEach((game, g) => {
    if (R.data.games.length > 1) {
      const li = document.createElement('li');
      li.className = 'review-game';
      li.dataset.game = game.game || 'plakoto';
      li.textContent = `${gameLabel(game)} (${game.score[0]}–${game.score[1]})`;
      // Each game's own figures under its name.
      if (game.players) {
        const small = document.createElement('small');
        small.className = 'review-game-figures';
        small.textContent = figuresText(game.players);
        li.append(document.createElement('br'), small);
      }
      list.append(li);
    }
    game.turns.forEach((turn, i) => {
      const li = document.createElement('li');
      li.dataset.turn = `${g}:${i}`;
      li.dataset.mark = turn.mark;
      if (R.sel?.g === g && R.sel?.t === i) li.className = 'chosen';
      const head = document.createElement('span');
      head.textContent = `${i + 1}. ${sideName(turn.side)} ${diceText(turn.dice)}: ${turn.played} ${markSymbol(turn.mark)}`;
      li.append(head);
      const small = document.createElement('small');
      const parts = [];
      if (turn.forced) parts.push(rt('forced'));
      else {
        // In a match, the chance to win the match the plays were ranked
        // by, beside the equity, as a hint shows them.
        if (turn.match_winning_chance != null) {
          parts.push(`${t('matchChance', { p: percent(turn.match_winning_chance) })} · ${signed(turn.equity)}`);
          li.dataset.match = turn.match_winning_chance;
        }
        if (turn.loss > 0) parts.push(lossText(turn), rt('bestWas', { p: turn.best }));
      }
      parts.push(rt('luckOf', { x: signed(turn.luck) }));
      small.textContent = ` ${parts.join(' · ')}`;
      li.append(small);
      li.addEventListener('click', () => chooseTurn(g, i));
      list.append(li);
    });
  });
  if (!list.children.length) {
    const li = document.createElement('li');
    li.textContent = rt('noTurns');
    list.append(li);
  }
}

// The review panel (hidden unless a review is open); app.js calls it from render().
export function renderReview() {
  document.body.dataset.reviewing = R.open ? '1' : '0';
  $('review').textContent = rt('review');
  // Between two people online the engine reviews the match only once it
  // is over (the server refuses it before, 403 no-engine-help).
  $('review').disabled = !S.match || S.busy || (isOnline() && !S.match.over);
  $('review-record').textContent = rt('reviewRecord');
  $('review-dialog-title').textContent = rt('reviewRecord');
  $('review-help').textContent = rt('reviewPaste');
  $('review-go').textContent = rt('reviewGo');
  $('review-cancel').textContent = t('cancel');
  $('review-file-label').textContent = rt('reviewFile');
  $('review-dialog-ply-label').textContent = rt('plyLabel');
  $('review-panel').classList.toggle('hidden', !R.open);
  if (!R.open) return;
  // The depth of the review shown, not of the one asked for.
  $('review-heading').textContent = `${rt('reviewTitle')}${R.data ? ` · ${t('depth', { n: R.data.ply })}` : ''}`;
  $('review-close').textContent = rt('close');
  $('review-ply-label').textContent = rt('plyLabel');
  const turns = reviewTurnCount();
  for (const o of $('review-ply').options) {
    o.disabled = !plyFits(Number(o.value), turns);
    o.title = o.disabled ? rt('tooLong') : '';
  }
  $('review-ply').value = String(R.ply);
  $('review-keys').textContent = rt('keys');
  const dl = $('review-download');
  dl.classList.toggle('hidden', !R.matchId);
  if (R.matchId) {
    dl.textContent = rt('download');
    dl.href = `/api/v1/matches/${R.matchId}/record`;
    dl.download = `plakoto-${R.matchId}.json`;
  }
  $('review-status').textContent = R.busy ? reviewProgressText() : R.error;
  const bar = $('review-progress');
  bar.classList.toggle('hidden', !R.busy);
  if (R.progress?.status === 'running' && R.progress.total > 0) {
    bar.max = R.progress.total;
    bar.value = R.progress.done;
  } else {
    bar.removeAttribute('value');
  }
  $('review-graph-title').textContent = rt('graphTitle');
  document.body.dataset.reviewTurn = R.sel ? `${R.sel.g}:${R.sel.t}` : '';
  if (!R.data) {
    $('review-summary').replaceChildren();
    $('review-graph').replaceChildren();
    $('review-turns').replaceChildren();
    return;
  }
  renderReviewSummary($('review-summary'));
  renderReviewGraph($('review-graph'));
  renderReviewList($('review-turns'));
}

// What the job under way is doing, in words.
function reviewProgressText() {
  const p = R.progress;
  if (p?.status === 'queued' && p.ahead > 0) return rt('queued', { n: p.ahead });
  if (p?.status === 'running') return rt('progress', { ply: p.ply, done: p.done, total: p.total });
  return rt('reviewing');
}

// On the board: the chosen turn's play made (violet) and the best play
// (blue) from the position before it.
export function drawReviewArrows(parent, turn) {
  const g = el('g', { class: 'review-arrows' }, parent);
  if (turn.best_moves.length && turn.loss > 0) {
    drawPaths(g, playPaths(turn.best_moves, turn.side), turn.side, turn.board, true, 'arrow', 'arrowhead', { 'data-review': 'best' });
  }
  if (turn.played_moves.length) {
    drawPaths(g, playPaths(turn.played_moves, turn.side), turn.side, turn.board, true, 'last-arrow', 'lastarrowhead', { 'data-review': 'played' });
  }
}

export function wireReview() {
  $('review').addEventListener('click', openReview);
  $('review-close').addEventListener('click', closeReview);
  $('review-ply').addEventListener('change', (evt) => { R.ply = Number(evt.target.value); fetchReview(); });
  $('review-record').addEventListener('click', openReviewDialog);
  $('review-cancel').addEventListener('click', () => $('review-dialog').close());
  $('review-form').addEventListener('submit', (evt) => { evt.preventDefault(); submitReviewDialog(); });
  $('review-file').addEventListener('change', async (evt) => {
    const f = evt.target.files[0];
    if (f) $('review-text').value = await f.text();
  });
  // A page closed mid-review gives its job up, so the server does not go on for nobody.
  window.addEventListener('pagehide', () => {
    if (R.job) fetch(`/api/v1/reviews/${R.job}`, { method: 'DELETE', keepalive: true }).catch(() => {});
  });
}
