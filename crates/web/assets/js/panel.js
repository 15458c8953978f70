// The panel beside the board: status, players, log, hints, the online
// seats and the dice's origin.

import { playHint, rankPlay } from './actions.js';
import { seatOf } from './api.js';
import { currentPips, currentPosition, lastOpponentTurn, lastPlayToMark } from './board.js';
import { decisionDice, ladderText, logDice, logHead } from './ladder.js';
import { LIVE } from './live.js';
import { reasonText } from './reasons.js';
import { reviewingRecord } from './review.js';
import { rt } from './review-text.js';
import { $, S, betweenGames, game, humanToAct, isOnline, mySeat, rankKey, render, rotates, shownGame, turnState, viewer } from './state.js';
import { gameName, gameTitle, lang, levelName, num, ordinal, other, percent, resultText, sideGenitive, sideName, signed, t } from './text.js';

export function renderPanel() {
  document.documentElement.lang = lang;
  document.title = t('title');
  for (const e of document.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
  $('lang').value = lang;
  $('lang').setAttribute('aria-label', t('language'));
  $('notice').textContent = noticeText();
  $('error').textContent = S.error;
  $('why').textContent = S.why ? reasonText(S.why) : '';
  $('copy-id').textContent = t(S.copied ? 'copied' : 'copy');
  $('copy-invite').textContent = t(S.copiedInvite ? 'copied' : 'copy');
  renderOnline();

  const m = S.match;
  renderScore(m);
  if (!m) {
    $('status').textContent = t('noMatch');
    $('last-play').textContent = '';
    $('pin-legend').classList.add('hidden');
    for (const id of ['undo', 'confirm', 'hint', 'resign']) $(id).disabled = true;
    $('players').replaceChildren();
    $('position-row').classList.add('hidden');
    $('log').replaceChildren();
    $('numbering').textContent = '';
    $('opening').textContent = '';
    $('game-result').textContent = '';
    $('hints').replaceChildren();
    $('games').textContent = '';
    $('game-note').textContent = '';
    $('ladder').textContent = '';
    return;
  }
  $('score').dataset.game = m.game.game;
  $('game-note').textContent = gameNote(shownGame());
  $('ladder').textContent = ladderText(m);
  $('ladder').dataset.stage = m.game.stage?.kind || '';

  // Players with pip counts and borne-off checkers.
  const pos = currentPosition();
  const rows = [];
  for (const side of ['white', 'black']) {
    let who = m.players[side] === 'human'
      ? (m.opponent === 'engine' ? t('you') : sideName(side))
      : `${t('engine')} (${levelName(m.level)})`;
    if (isOnline() && mySeat()) who = side === mySeat() ? t('you') : t('friend');
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

  // The position ID of the turn's start (a mid-turn board has none of its
  // own); between two games, that of the finished game's board shown.
  const ended = betweenGames();
  $('position-row').classList.remove('hidden');
  $('position-id').textContent = (ended || m.game).position_id;

  const endedHead = ended && gameTitle(ended.number, ended.game, !plakotoOnly(m));
  $('status').textContent = ended ? `${endedHead}: ${resultText(ended.result)}` : statusText();
  $('next-game').classList.toggle('hidden', !ended);
  $('next-game').textContent = plakotoOnly(m) ? t('nextGame') : t('nextGameOf', { game: gameName(m.game.game) });
  $('last-play').textContent = lastPlayText(ended);
  const pinned = Object.values(pos?.pinned || {}).some(Boolean);
  $('pin-legend').textContent = pinned ? t('pinLegend') : '';
  $('pin-legend').classList.toggle('hidden', !pinned);

  const ts = turnState();
  const mine = humanToAct() && !S.busy && !ended;
  $('undo').disabled = !mine || S.stack.length <= 1;
  const canConfirm = mine && ts && (ts.complete || ts.pass);
  $('confirm').disabled = !canConfirm;
  // Pass only to the side that must pass and plays from this page: the
  // friend's turn online, or a match watched, offers nothing to do.
  $('confirm').textContent = humanToAct() && !ended && ts?.pass ? t('pass') : t('confirm');
  $('hint').disabled = !mine || !ts || ts.pass;
  // Between two people online the engine's advice is off for both seats
  // (the server refuses it too, 403 no-engine-help).
  $('hint').classList.toggle('hidden', isOnline());
  // Online a seat's holder may resign its own game on either turn; a
  // spectator may not.
  $('resign').disabled = S.busy || m.over || !!ended || !m.to_act || (m.opponent === 'engine' && !m.human_color)
    || (isOnline() && !mySeat());

  renderHints();
  renderLog();
}

// What the panel says of a game's own rules: Tabla's are Portes's, under its name.
const NOTES = { portes: 'portesNote', tabla: 'portesNote', fevga: 'fevgaNote', gulbara: 'gulbaraNote' };
const gameNote = (kind) => (NOTES[kind] ? t(NOTES[kind], { game: gameName(kind) }) : '');

// The opponent's last play (or its last decisions, a Gul bara ladder's
// stages), each headed as the log heads it.
function lastPlayText(ended) {
  const last = lastOpponentTurn();
  if (!last || (S.match.game.log.length === 0 && !ended)) return '';
  const marked = !!lastPlayToMark();
  if (last.parts) {
    const plays = last.parts.map((e) => `${logHead(e)}: ${notationText(e.notation)}`).join('; ');
    return t(marked ? 'lastPlays' : 'lastPlainMany', { plays });
  }
  const side = sideName(last.side), dice = logDice(last);
  // A pass; but a ladder that could not start is written with the dice it
  // hands over (`pass > 4,4,4,4,5,…`), shown as a play.
  if (!last.moves.length && !last.notation.includes(' > ')) return t('lastPass', { side, dice });
  return t(marked ? 'lastPlay' : 'lastPlain', { side, dice, play: notationText(last.notation) });
}

// A play's notation as the log shows it: `pass` (also before a hand-off,
// `pass > 4,4,4,4,5,…`) in the page's language.
const notationText = (n) => n.replace(/^pass\b/, t('passLog'));

// The previous game's result stays in view at the start of the next game;
// a spectator of a match played online is told why it only watches.
function noticeText() {
  const m = S.match;
  if (!m) return '';
  const out = [];
  if (isOnline() && !mySeat() && S.watchReason) out.push(t(S.watchReason));
  if (betweenGames()) {
    out.push(t('matchScore', { w: m.score.white, b: m.score.black, n: m.match_to }));
  } else if (m.game.number >= 2 && m.game.log.length < 2) {
    const prev = m.games[m.game.number - 2];
    out.push(`${gameTitle(prev.number, prev.game, !plakotoOnly(m))}: ${resultText(prev.result)}`);
  }
  return out.join(' ');
}

// The invitation link while the friend's seat is free, and who is connected.
// A resignation offered online: the other seat answers it here; the
// offerer waits; anyone watching sees it.
function renderOffer(m) {
  const offer = m && !m.over ? m.offer : null, me = mySeat();
  $('offer').classList.toggle('hidden', !offer);
  if (!offer) return;
  const names = { side: sideName(offer.side), other: sideName(other(offer.side)) };
  const answering = me === other(offer.side);
  $('offer-text').textContent = t(me === offer.side ? 'offerWaiting' : answering ? 'offerToYou' : 'offerWatched', names);
  for (const [id, key] of [['offer-accept', 'accept'], ['offer-decline', 'decline']]) {
    $(id).textContent = t(key);
    $(id).classList.toggle('hidden', !answering);
    $(id).disabled = S.busy;
  }
}

function renderOnline() {
  const m = S.match;
  renderOffer(m);
  const box = $('invite'), pres = $('presence');
  $('watch-note').classList.toggle('hidden', !m || !isOnline() || !!mySeat() || m.over);
  if (!m || !isOnline()) {
    box.classList.add('hidden');
    pres.classList.add('hidden');
    $('dice-note').classList.add('hidden');
    pres.textContent = '';
    return;
  }
  const me = mySeat(), on = m.online;
  const invite = me && !m.over && !on.taken[other(me)] ? seatOf(m.id)?.invite : null;
  box.classList.toggle('hidden', !invite);
  if (invite) {
    const link = inviteLink(m.id, invite);
    if ($('invite-link').value !== link) $('invite-link').value = link;
  }
  let s;
  const lost = !LIVE.up && LIVE.wasUp;
  if (lost) s = t('reconnecting');
  else if (me) {
    const friend = other(me);
    s = `${t('youPlay', { side: sideName(me) })} `
      + t(on.connected[friend] ? 'friendOn' : on.taken[friend] ? 'friendOff' : 'friendNotYet');
  } else {
    s = ['white', 'black'].map((c) => t(on.connected[c] ? 'sideOn' : 'sideOff', { side: sideName(c) })).join(' ');
  }
  pres.textContent = s;
  pres.dataset.friend = lost ? 'lost' : me ? (on.connected[other(me)] ? 'connected' : 'away') : '';
  pres.classList.remove('hidden');
  renderDiceNote(m, me);
}

// Where the dice of a match online come from, and once it is over how to
// check them (the record reveals the server's secret).
function renderDiceNote(m, me) {
  const note = $('dice-note');
  const shares = m.dice_from?.kind === 'contributions';
  note.classList.toggle('hidden', !shares);
  if (!shares) return;
  const mine = me && seatOf(m.id)?.contribution;
  note.replaceChildren(document.createTextNode(
    mine && m.dice_from.contributions[me] === mine ? t('diceShares', { mine: mine.slice(0, 12) }) : t('diceSharesWatch')));
  if (m.over) {
    note.append(document.createElement('br'), document.createTextNode(`${t('diceCheck')} `));
    const a = document.createElement('a');
    a.href = `/api/v1/matches/${encodeURIComponent(m.id)}/record`;
    a.textContent = t('recordLink');
    a.download = `plakoto-${m.id}.json`;
    note.append(a, document.createTextNode('.'));
  }
}

const inviteLink = (id, code) => `${location.origin}/match/${id}#join=${encodeURIComponent(code)}`;

function statusText() {
  const m = S.match;
  if (m.over) {
    const a = m.score[m.winner], b = m.score[other(m.winner)];
    if (m.opponent === 'engine') return m.winner === m.human_color ? t('youWin', { a, b }) : t('youLose', { a, b });
    if (mySeat()) return m.winner === mySeat() ? t('youWin', { a, b }) : t('friendWins', { a, b });
    return t('matchOver', { side: sideName(m.winner), a, b });
  }
  if (!m.to_act) return isOnline() && !(m.online.taken.white && m.online.taken.black) ? t('waitJoin') : '';
  const d = decisionDice(m.game);
  if (m.to_act.who === 'engine') return `${t('thinking')} (${sideName(m.to_act.side)} ${d})`;
  if (isOnline() && !humanToAct()) {
    const side = sideName(m.to_act.side);
    return mySeat() ? t('waitFriend', { side, dice: d }) : t('watching', { side, dice: d });
  }
  const ts = turnState();
  let s = m.opponent === 'engine' || isOnline() ? t('yourTurn', { dice: d }) : t('sideTurn', { side: sideName(m.to_act.side), dice: d });
  if (ts?.pass) s += ' ' + t('mustPass', { dice: d });
  else if (ts?.complete && !ts.legal_moves.length) s += ' ' + t('complete');
  else if (S.selected !== null) s += ' ' + t('pickDest');
  else s += ' ' + t('pickChecker');
  return s;
}

// Who started the game and why: the opening roll (the first game, and in
// a Tavli match the game after a drawn Plakoto, in a Tabla match after a
// drawn Tapa), the last game's winner,
// or a set-up position; in a match not of Plakoto alone, its game first.
function openingText(g) {
  const m = S.match;
  const head = plakotoOnly(m) ? '' : `${gameTitle(g.number, g.game, true)}. `;
  if (g.start === 'position') return head + t('setUp', { side: sideName(g.first) });
  if (!g.opening.length) return head + (g.first ? t('winnerStarts', { side: sideName(g.first) }) : '');
  const prev = m.games[g.number - 2];
  const afterDraw = rotates(m.rules?.games) && prev?.result && !prev.result.winner && prev.game !== g.game
    ? `${t('afterDraw', { drawn: gameName(prev.game), next: gameName(g.game) })} ` : '';
  const parts = g.opening.map(([w, b]) => t('openingRoll', { w, b }) + (w === b ? ` (${t('openingTie')})` : ''));
  return `${head}${afterDraw}${t('opening')} ${parts.join('; ')}. ${g.first ? t('starts', { side: sideName(g.first) }) : ''}`;
}

// A match of Plakoto alone (as every match before Tavli): its texts stay as they were.
const plakotoOnly = (m) => !m.rules || m.rules.games === 'plakoto';

// The header's line on the match: its name, its score, the game played
// and the next; on a phone (style.css) the name and the next give way, and
// the whole line is the title. A pasted record under review is not the
// match open: the header says so instead.
function renderScore(m) {
  const box = $('score');
  if (reviewingRecord() || !m) {
    box.textContent = reviewingRecord() ? rt('recordHeader') : '';
  } else {
    const part = (text, cls) => Object.assign(document.createElement('span'), { textContent: text, className: cls });
    const played = gameTitle(m.game.number, m.game.game, !plakotoOnly(m)), head = gameHead(m);
    box.replaceChildren(
      part(`${matchName(m)} · `, 'score-match'),
      `${t('white')} ${m.score.white} – ${m.score.black} ${t('black')} · `,
      ...(head.startsWith(played) ? [played, part(head.slice(played.length), 'score-next')] : [head]),
    );
  }
  box.title = box.textContent;
}

// The match: `Match to 3`, `Tavli match to 5`, `Tabla match to 5`.
const MATCH_TO = { tavli: 'tavliMatchTo', tabla: 'tablaMatchTo' };
function matchName(m) {
  return t(MATCH_TO[m.rules?.games] || 'matchTo', { n: m.match_to });
}

// The game being played: `Game 2`, and in a match not of Plakoto alone its
// game, and in a match that goes round several games the next (`Game 2:
// Plakoto, then Fevga`).
function gameHead(m) {
  const g = m.game;
  if (plakotoOnly(m)) return t('game', { n: g.number });
  const name = gameName(g.game);
  const shown = g.next_game && rotates(m.rules.games) ? t('gameAndNext', { game: name, next: gameName(g.next_game) }) : name;
  return t('gameOf', { n: g.number, game: shown });
}

function rankText(r) {
  if (r.pending) return t('ranking');
  if (r.error) return r.error;
  if (r.of <= 1) return t('rankOnly');
  if (r.rank === 1) return t('rankBest', { of: r.of });
  // In a match: the chance to win the match lost, in percentage points.
  if (r.chance != null && r.bestChance != null) {
    return t('rankNthMatch', { nth: ordinal(r.rank), of: r.of, p: percent(Math.max(0, r.bestChance - r.chance)), best: r.best });
  }
  return t('rankNth', { nth: ordinal(r.rank), of: r.of, x: num(r.loss), best: r.best });
}

function renderLog() {
  const m = S.match, g = game();
  const items = [];
  $('opening').textContent = openingText(g);
  $('numbering').textContent = t('numbering', { other: sideGenitive(other(viewer())) });
  g.log.forEach((e, i) => {
    const li = document.createElement('li');
    li.className = e.side;
    const play = document.createElement('span');
    play.className = 'play';
    play.textContent = `${logHead(e)}: ${notationText(e.notation)}`;
    if (e.stage) li.dataset.stage = e.stage.kind;
    li.appendChild(play);
    // The person's own plays can be ranked against the others of their roll
    // (not online between two people: the engine's advice is off there).
    if (m.players[e.side] === 'human' && e.moves.length && !isOnline()) {
      const r = S.ranks[rankKey(i)];
      if (r) {
        const span = document.createElement('span');
        span.className = 'rank-result';
        span.textContent = rankText(r);
        li.appendChild(span);
      } else {
        const b = document.createElement('button');
        b.className = 'rank';
        b.type = 'button';
        b.textContent = t('rankButton');
        b.title = t('rankTitle');
        b.dataset.index = i;
        b.addEventListener('click', () => rankPlay(i));
        li.appendChild(b);
      }
    }
    items.push(li);
  });
  $('log').replaceChildren(...items);
  $('game-result').textContent = g.result ? resultText(g.result) : '';
  const key = `${m.id}:${g.number}:${g.log.length}`;
  if (S.logLen !== key) { $('log').scrollTop = $('log').scrollHeight; S.logLen = key; }
  const done = m.games.filter((x) => x.result && x.number < g.number);
  const head = (x) => gameTitle(x.number, x.game, !plakotoOnly(m));
  $('games').textContent = done.map((x) => `${head(x)}: ${resultText(x.result)}`).join(' ');
}

function renderHints() {
  const box = $('hints');
  const H = S.hint;
  if (!H) { box.replaceChildren(); delete box.dataset.ply; delete box.dataset.mid; return; }
  box.dataset.ply = H.ply;
  box.dataset.mid = H.mid ? '1' : '0';
  const out = [];
  const title = document.createElement('h2');
  title.textContent = `${t('hintTitle')} · ${t('depth', { n: H.ply })}`;
  out.push(title);
  if (H.mid) {
    const p = document.createElement('p');
    p.id = 'hint-loss';
    p.className = H.loss > 0.0005 ? 'loss' : 'no-loss';
    p.textContent = H.loss > 0.0005
      ? `${t('movesLose', { x: num(H.loss) })} ${H.best ? t('bestPlay', { play: H.best.notation }) : ''}`
      : t('movesFine');
    out.push(p);
    const from = document.createElement('p');
    from.className = 'note';
    from.textContent = t('hintFrom');
    out.push(from);
  }
  const ol = document.createElement('ol');
  H.plays.forEach((h, i) => {
    const li = document.createElement('li');
    if (i === S.shownHint) li.className = 'shown';
    const play = document.createElement('span');
    play.className = 'play';
    play.textContent = h.notation;
    const eq = document.createElement('span');
    eq.className = 'eq';
    // In a match the plays are ranked by the chance to win the match, shown
    // beside the equity, and a play's loss is that chance lost.
    const mwc = h.match_winning_chance;
    const best = H.plays[0]?.match_winning_chance;
    eq.textContent = mwc != null
      ? `${t('matchChance', { p: percent(mwc) })} · ${signed(h.equity)}${i && best != null ? ` (${t('chanceLost', { p: percent(Math.max(0, best - mwc)) })})` : ''}`
      : `${signed(h.equity)}${i ? ` (−${num(h.diff)})` : ''}`;
    if (mwc != null) eq.dataset.match = mwc;
    const odds = document.createElement('span');
    odds.className = 'odds';
    odds.textContent = [
      t('win', { p: percent(h.probabilities.win) }),
      t('winDouble', { p: percent(h.probabilities.win_double) }),
      t('loseDouble', { p: percent(h.probabilities.lose_double) }),
      t('depth', { n: h.ply }),
    ].join(' · ');
    li.append(play, eq, odds);
    li.addEventListener('click', () => { S.shownHint = i; render(); });
    ol.appendChild(li);
  });
  out.push(ol);
  const play = document.createElement('button');
  play.textContent = t('playThis');
  play.id = 'play-hint';
  play.disabled = S.shownHint === null;
  play.addEventListener('click', () => playHint());
  out.push(play);
  box.replaceChildren(...out);
}
