// End-to-end, online: two people play a whole match against each other in
// two browser contexts (separate storage, as two browsers), by clicking and
// dragging, while a third context watches.
//
// - The creator picks "A friend online", gets the invitation link (copied
//   with its button) and keeps its seat's secret in localStorage, never in
//   the address; the friend opens the link, takes the other seat, and the
//   code leaves the address bar.
// - Each sees the other's single moves appear on its board as they are
//   entered (and taken back), and the confirmed play, within LIVE_MS.
// - Only the seat on roll can move: the other seat and the spectator have
//   no movable checkers, their clicks do nothing, their controls are
//   disabled (the other seat may still resign), and a play sent without the
//   seat's secret or out of turn is refused (403, 409).
// - Presence: each player sees whether the friend is connected, also when
//   the friend closes the page and comes back.
// - One player reloads in the middle of a turn and goes on with its seat
//   and its single move kept; the server is killed and restarted, and every
//   page reconnects by itself and plays on.
// - An invitation used already opens the match to watch, and says so.
// - A second match: the seat not on roll resigns; both players and the
//   spectator see the end of game 1 until each goes on, the winner playing
//   game 2's first turn meanwhile.
//
// Screenshots of both players' pages and the spectator's go to
// test-artifacts/online-*.png. Imported by play.test.mjs, so that
// scripts/test-e2e runs it with the same `node --test play.test.mjs`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIVE_MS, artifacts, body, launchBrowser, oneMove, playTurnOnline, resignAll, sameBoard, sleep, startServer, stopServer, until, untilText } from './server.mjs';

const text = (page, sel) => page.textContent(sel);

// The page cannot move anything: no movable checker, a click on one of
// the mover's checkers changes nothing, Undo/Confirm/Hint disabled.
async function assertCannotMove(page, moverPoint, who) {
  assert.equal(await page.locator('#board rect.hit[data-movable="1"]').count(), 0, `${who}: no movable checker`);
  assert.equal(await page.locator('#board circle.checker.movable').count(), 0, `${who}: no checker highlighted`);
  for (const sel of ['#undo', '#confirm', '#hint']) assert.equal(await page.isDisabled(sel), true, `${who}: ${sel} is disabled`);
  const before = await body(page);
  await page.click(`#board rect.hit[data-point="${moverPoint}"]`);
  await page.waitForTimeout(150);
  const after = await body(page);
  assert.equal(after.pending, before.pending, `${who}: a click on a checker moves nothing`);
  assert.equal(after.phase, before.phase);
  assert.equal(await page.locator('#board rect.hit[data-dest="1"]').count(), 0, `${who}: a click picks no checker`);
  assert.equal(await page.textContent('#why'), '', `${who}: no reason asked for`);
}

// A point (White's numbering, as the board's data-point) where `side` has a checker on top.
function pointOf(state, side) {
  const b = state.game.position.board;
  const p = Object.keys(b).find((k) => (side === 'white' ? b[k] > 0 : b[k] < 0));
  return Number(p);
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

test('two people play a whole match online in two browsers while a third watches', { timeout: 900000 }, async () => {
  mkdirSync(artifacts, { recursive: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'plakoto-e2e-online-'));
  const db = path.join(dir, 'online.db');
  let server = await startServer(db);
  const url = server.url;
  const browser = await launchBrowser();
  const errors = [];
  // Responses refused on purpose (the test's forged requests, a used
  // invitation) and a stopped server log errors in the page; only those
  // are allowed, and only while expected.
  const allow = { refusals: false, down: false };
  const watch = (page, who) => {
    page.on('pageerror', (e) => errors.push(`${who}: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      const s = m.text();
      if (allow.refusals && /status of (403|409)/.test(s)) return;
      if (allow.down && /net::ERR_|Failed to load resource|Failed to fetch/.test(s)) return;
      errors.push(`${who}: ${s}`);
    });
    page.on('dialog', (d) => d.accept());
    return page;
  };
  const viewport = { width: 1180, height: 860 };
  const contexts = [];
  const context = async () => {
    const c = await browser.newContext({ viewport });
    // English, unless the page switches language itself.
    await c.addInitScript(() => { if (!localStorage.getItem('plakoto-lang')) localStorage.setItem('plakoto-lang', 'en'); });
    contexts.push(c);
    return c;
  };
  try {
    const ctxA = await context(), ctxB = await context(), ctxC = await context();

    // ---- The creator: a match with a friend online, to 1 point, White.
    let A = watch(await ctxA.newPage(), 'white');
    await A.goto(url);
    await A.waitForSelector('#new-dialog[open]');
    await A.check('input[name=opponent][value=online]');
    assert.equal(await A.isVisible('#engine-options'), false, 'no engine level for a friend online');
    assert.equal(await A.isVisible('#color'), true, 'the side to play is chosen');
    assert.match(await A.textContent('#online-about'), /link to send to your friend/);
    await A.selectOption('#color', 'white');
    await A.selectOption('#match-games', 'plakoto');
    await A.selectOption('#length', '1');
    await A.click('#new-start');
    await A.waitForURL(/\/match\/[A-Za-z0-9_-]+$/);
    const id = A.url().split('/').pop();
    await A.waitForSelector('#invite:not(.hidden)');
    const link = await A.inputValue('#invite-link');
    assert.match(link, new RegExp(`^${url}/match/${id}#join=[0-9a-f]+$`), 'the invitation link is the full address');
    assert.equal(await text(A, '#invite-help'), 'Send this link to your friend; it works once.');
    const seatA = await A.evaluate((k) => JSON.parse(localStorage.getItem(`plakoto-seat-${k}`)), id);
    assert.equal(seatA.side, 'white');
    assert.match(seatA.token, /^[0-9a-f]{32,}$/, 'the seat secret is kept in localStorage');
    assert.ok(!A.url().includes(seatA.token) && !link.includes(seatA.token), 'the secret is in no address');
    await ctxA.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    await A.click('#copy-invite');
    await A.waitForFunction(() => document.getElementById('copy-invite').textContent === 'Copied', null, { timeout: 5000 });
    assert.equal(await A.evaluate(() => navigator.clipboard.readText()), link, 'Copy puts the link on the clipboard');
    await until(A, { seat: 'white', live: '1' }, 5000, 'the creator\'s live stream');
    assert.equal(await text(A, '#presence'), 'You play White. Your friend has not opened the link yet.');
    // The dice wait for the friend's share: this browser drew its own.
    assert.match(seatA.contribution, /^[0-9a-f]{64}$/, 'the creator\'s browser drew its share of the dice');
    assert.equal(await text(A, '#status'), 'The first roll comes when your friend takes the other seat.');
    assert.match(await text(A, '#dice-note'), new RegExp(`Your share: ${seatA.contribution.slice(0, 12)}…$`));
    await A.screenshot({ path: path.join(artifacts, 'online-invite.png') });

    // ---- The friend opens the link in another browser: Black's seat.
    let B = watch(await ctxB.newPage(), 'black');
    await B.goto(link);
    await until(B, { seat: 'black', live: '1' }, 10000, 'the friend takes the seat');
    assert.equal(B.url(), `${url}/match/${id}`, 'the invitation code leaves the address bar');
    const seatB = await B.evaluate((k) => JSON.parse(localStorage.getItem(`plakoto-seat-${k}`)), id);
    assert.equal(seatB.side, 'black');
    assert.notEqual(seatB.token, seatA.token);
    assert.equal(seatB.invite, undefined, 'the friend holds no invitation');
    assert.match(seatB.contribution, /^[0-9a-f]{64}$/, 'the friend\'s browser drew its share of the dice');
    const shares = (await (await fetch(`${url}/api/v1/matches/${id}`)).json()).dice_from;
    assert.deepEqual(shares.contributions, { white: seatA.contribution, black: seatB.contribution }, 'both shares are in the dice');
    await untilText(A, '#presence', /^You play White\. Your friend is connected\.$/);
    await untilText(B, '#presence', /^You play Black\. Your friend is connected\.$/);
    await A.waitForSelector('#invite.hidden', { state: 'attached', timeout: LIVE_MS });
    assert.equal(await A.evaluate((k) => JSON.parse(localStorage.getItem(`plakoto-seat-${k}`)).invite, id), undefined,
      'the used invitation is forgotten');

    // ---- A third browser opens the match's address: it watches.
    const C = watch(await ctxC.newPage(), 'spectator');
    const spectatorWrites = [];
    C.on('response', (r) => {
      const p = new URL(r.url()).pathname;
      if (r.request().method() === 'POST' && /^\/api\/v1\/matches\/[^/]+\/(play|moves|resign|engine-move)$/.test(p) && r.ok()) {
        spectatorWrites.push(`${r.status()} ${p}`);
      }
    });
    await C.goto(`${url}/match/${id}`);
    await until(C, { seat: 'none', live: '1' }, 10000, 'the spectator\'s live stream');
    await untilText(C, '#status', /^You are watching\. (White|Black) to play: \d-\d\.$/);
    assert.equal(await text(C, '#watch-note'), 'Only the two players can move; you see their moves as they make them.');
    assert.equal(await A.isVisible('#watch-note'), false, 'a player is not told it watches');
    assert.equal(await text(C, '#presence'), 'White is connected. Black is connected.');
    assert.equal(await C.isDisabled('#resign'), true, 'a spectator cannot resign');
    assert.equal(await text(C, '#notice'), '', 'opened by its address, the match says nothing of invitations');
    // The used invitation, opened again: the match, to watch, and why.
    {
      const C2 = watch(await ctxC.newPage(), 'spectator by the used link');
      allow.refusals = true;
      await C2.goto(link);
      await until(C2, { seat: 'none' }, 10000);
      allow.refusals = false;
      assert.equal(C2.url(), `${url}/match/${id}`, 'the used code leaves the address bar too');
      assert.match(await text(C2, '#notice'), /^This invitation has been used already, and this browser holds no seat in the match: you are watching it\./);
      await C2.close();
    }

    const pages = { white: A, black: B };
    let turns = 0, passes = 0, singles = 0, undone = false, reloaded = false, reopened = false, restarted = false;
    let shots = false, forged = false, greek = false;
    for (let guard = 0; guard < 400; guard++) {
      // Whose turn: one page may move, the other waits.
      let side = null;
      for (let i = 0; i < 200 && !side; i++) {
        const [a, b] = await Promise.all([body(A), body(B)]);
        if (a.phase === 'over' && b.phase === 'over') break;
        // A game that ended without ending the match (a draw) stays shown until each goes on.
        for (const [p, d] of [[A, a], [B, b]]) if (d.phase === 'ended') await p.click('#next-game');
        if ((await body(C)).phase === 'ended') await C.click('#next-game');
        if (a.phase === 'human' && b.phase === 'waiting') side = 'white';
        else if (b.phase === 'human' && a.phase === 'waiting') side = 'black';
        else await sleep(50);
      }
      if (!side) break;
      const P = pages[side], O = pages[side === 'white' ? 'black' : 'white'];
      const state = await (await fetch(`${url}/api/v1/matches/${id}`)).json();
      await sameBoard(P, [O, C], 'the turn\'s start');

      if (turns < 4 || turns % 10 === 0) {
        // The other seat waits, the spectator watches; neither can move.
        await untilText(O, '#status', new RegExp(`^Waiting for your friend \\(${cap(side)}\\) to play: \\d-\\d\\.$`));
        await untilText(C, '#status', new RegExp(`^You are watching\\. ${cap(side)} to play: `));
        await assertCannotMove(O, pointOf(state, side), 'the other seat');
        await assertCannotMove(C, pointOf(state, side), 'the spectator');
        assert.equal(await O.isEnabled('#resign'), true, 'a seat may resign on the friend\'s turn');
        assert.match(await text(P, '#status'), /^Your turn: \d-\d\./);
        // The engine's advice is off between two people online, for both
        // seats (the server refuses it too): no Hint, no "How good?".
        for (const page of [P, O]) {
          assert.equal(await page.isVisible('#hint'), false, 'no Hint between two people online');
          assert.equal(await page.locator('#log button.rank').count(), 0, 'no "How good?" between two people online');
        }
      }
      if (!forged && state.game.plays.length && state.game.plays[0].moves.length) {
        // A play sent without the seat's secret (the spectator's page) or by
        // the other seat is refused, and nothing changes.
        forged = true;
        allow.refusals = true;
        const send = (page, withSeat) => page.evaluate(async ({ k, v, moves, withSeat }) => {
          const seat = JSON.parse(localStorage.getItem(`plakoto-seat-${k}`) || 'null');
          const headers = { 'Content-Type': 'application/json' };
          if (withSeat && seat) headers.Authorization = `Bearer ${seat.token}`;
          const r = await fetch(`/api/v1/matches/${k}/play`, { method: 'POST', headers, body: JSON.stringify({ version: v, moves }) });
          return { status: r.status, code: (await r.json()).error?.code };
        }, { k: id, v: state.version, moves: state.game.plays[0].moves, withSeat });
        assert.deepEqual(await send(C, false), { status: 403, code: 'not-your-seat' }, 'the spectator cannot play');
        assert.deepEqual(await send(O, true), { status: 409, code: 'not-your-turn' }, 'the other seat cannot play out of turn');
        allow.refusals = false;
        assert.equal((await (await fetch(`${url}/api/v1/matches/${id}`)).json()).version, state.version, 'nothing was played');
      }
      if (turns === 2 && !reopened) {
        // The friend closes the page: the creator sees it, then the friend
        // comes back by the match's address and holds its seat still.
        const away = side === 'white' ? 'black' : 'white';
        const Q = pages[away], P2 = pages[side];
        await Q.close();
        await untilText(P2, '#presence', /Your friend is not connected\.$/);
        await untilText(C, '#presence', new RegExp(`${cap(away)} is not connected\\.`));
        const ctx = away === 'white' ? ctxA : ctxB;
        const back = watch(await ctx.newPage(), away);
        await back.goto(`${url}/match/${id}`);
        await until(back, { seat: away, live: '1', phase: 'waiting' }, 10000, 'the friend back in its seat');
        await untilText(P2, '#presence', /Your friend is connected\.$/);
        pages[away] = back;
        if (away === 'white') A = back; else B = back;
        reopened = true;
        continue;
      }
      if (turns === 6 && !restarted) {
        // The server stops (killed) and comes back on the same address: every
        // page says the connection is lost, reconnects by itself, and the
        // match goes on.
        const port = new URL(url).port;
        allow.down = true;
        await stopServer(server, 'SIGKILL');
        await Promise.all([A, B, C].map((p) => until(p, { live: '0' }, 5000, 'the stream dropped')));
        await untilText(A, '#presence', /^The connection to the server was lost; reconnecting…$/, 5000);
        assert.equal(await A.getAttribute('#presence', 'data-friend'), 'lost', 'no green dot while the connection is lost');
        await A.screenshot({ path: path.join(artifacts, 'online-reconnecting.png') });
        server = await startServer(db, `127.0.0.1:${port}`);
        await Promise.all([A, B, C].map((p) => until(p, { live: '1' }, 15000, 'the stream back')));
        allow.down = false;
        await untilText(A, '#presence', /^You play White\. Your friend is connected\.$/);
        await untilText(C, '#presence', /^White is connected\. Black is connected\.$/);
        restarted = true;
        continue;
      }
      if (turns === 3 && !greek) {
        // Greek on the waiting seat and the spectator.
        greek = true;
        for (const p of [O, C]) await p.selectOption('#lang', 'el');
        await untilText(O, '#status', /^Περιμένεις τον φίλο σου \((Άσπρα|Μαύρα)\) να παίξει: \d-\d\.$/);
        assert.match(await text(O, '#presence'), /^Παίζεις με τα (Άσπρα|Μαύρα)\. Ο φίλος σου είναι συνδεδεμένος\.$/);
        assert.match(await text(C, '#status'), /^Παρακολουθείς\. Παίζουν τα (Άσπρα|Μαύρα): \d-\d\./);
        assert.equal(await text(C, '#presence'), 'Τα Άσπρα είναι συνδεδεμένα. Τα Μαύρα είναι συνδεδεμένα.');
        for (const p of [O, C]) await p.selectOption('#lang', 'en');
      }

      // The seat on roll plays its turn one checker at a time; the other two
      // see every single move on their boards as it is made.
      const played = await playTurnOnline(P, [O, C], {
        drag: (k) => k === 0 && turns % 3 === 1,
        afterMove: async () => {
          if (!shots && turns >= 3) {
            shots = true;
            await A.screenshot({ path: path.join(artifacts, 'online-white.png') });
            await B.screenshot({ path: path.join(artifacts, 'online-black.png') });
            await C.screenshot({ path: path.join(artifacts, 'online-spectator.png') });
          }
          if (!undone && turns >= 1 && Number((await body(P)).pending) === 1) {
            // Undo: the others see the checker go back.
            undone = true;
            await P.click('#undo');
            await until(P, { pending: 0 });
            await sameBoard(P, [O, C], 'an undo');
            return;
          }
          if (!reloaded && side === 'black' && turns >= 4 && Number((await body(P)).pending) === 1 && !(await P.isEnabled('#confirm'))) {
            // Black reloads in the middle of its turn: the seat and the single
            // move made are kept, and the others still see it.
            reloaded = true;
            const kept = (await body(P)).board;
            await P.reload();
            await until(P, { seat: 'black', live: '1', phase: 'human', pending: 1, board: kept }, 10000, 'the reload kept the seat and the move');
            await sameBoard(P, [O, C], 'after the reload');
          }
        },
      });
      if (played.passed) passes++;
      singles += played.singles;
      // The play reaches the others at once: the new state, the log.
      const after = await body(P);
      await Promise.all([O, C].map((w) => until(w, { version: after.version, turns: after.turns, board: after.board }, LIVE_MS, 'the play')));
      // (A play that ends a game starts the next with an empty log: the
      // match's random dice decide when that happens.)
      if (Number(after.turns) > 0) {
        const lastP = await P.locator('#log li .play').last().textContent();
        assert.equal(await O.locator('#log li .play').last().textContent(), lastP, 'the friend\'s log has the play');
        assert.equal(await C.locator('#log li .play').last().textContent(), lastP, 'the spectator\'s log has the play');
      }
      turns++;
    }

    // ---- The match is over, the same on all three pages.
    for (const p of [A, B, C]) await until(p, { phase: 'over' }, LIVE_MS, 'the end');
    const final = await (await fetch(`${url}/api/v1/matches/${id}`)).json();
    assert.equal(final.over, true);
    const w = final.winner, l = w === 'white' ? 'black' : 'white';
    const score = `${final.score[w]}–${final.score[l]}`;
    assert.equal(await text(pages[w], '#status'), `You win the match ${score}!`);
    assert.equal(await text(pages[l], '#status'), `Your friend wins the match ${score}.`);
    assert.equal(await text(C, '#status'), `${cap(w)} wins the match ${score}.`);
    assert.match(await text(A, '#dice-note'), /check every roll with `tavli verify` on the match record\.$/);
    const record = await (await fetch(`${url}/api/v1/matches/${id}/record`)).json();
    assert.match(String(record.seed), /^[0-9a-f]{64}$/, 'the record reveals the seed at the end');
    for (const p of [A, B, C]) {
      for (const sel of ['#undo', '#confirm', '#hint', '#resign']) assert.equal(await p.isDisabled(sel), true, `${sel} disabled at the end`);
      assert.notEqual(await text(p, '#game-result'), '');
    }
    await A.screenshot({ path: path.join(artifacts, 'online-white-end.png') });
    await B.screenshot({ path: path.join(artifacts, 'online-black-end.png') });
    await C.screenshot({ path: path.join(artifacts, 'online-spectator-end.png') });
    assert.ok(reopened && restarted && reloaded && undone && forged && shots, JSON.stringify({ reopened, restarted, reloaded, undone, forged, shots }));
    assert.deepEqual(spectatorWrites, [], 'the spectator\'s page made no successful play, moves or resign request');

    // ---- A second match from the same pages: the seat not on roll resigns.
    await A.click('#new');
    await A.waitForSelector('#new-dialog[open]');
    await A.check('input[name=opponent][value=online]');
    await A.selectOption('#color', 'black');
    await A.selectOption('#match-games', 'plakoto');
    await A.selectOption('#length', '3');
    await A.click('#new-start');
    await A.waitForFunction((old) => /\/match\/[A-Za-z0-9_-]+$/.test(location.pathname) && !location.pathname.endsWith(old), id);
    const id2 = A.url().split('/').pop();
    await until(A, { seat: 'black', live: '1' }, 10000);
    const link2 = await A.inputValue('#invite-link');
    await B.goto(link2);
    await until(B, { seat: 'white', live: '1' }, 10000);
    await untilText(A, '#presence', /Your friend is connected\.$/);
    const s2 = await (await fetch(`${url}/api/v1/matches/${id2}`)).json();
    const waiting = s2.to_act.side === 'white' ? A : B;
    const winner = s2.to_act.side === 'white' ? B : A;
    const waitingSide = s2.to_act.side === 'white' ? 'black' : 'white';
    const points = s2.resign_points[waitingSide];
    assert.equal((await body(waiting)).phase, 'waiting');
    await C.goto(`${url}/match/${id2}`);
    await until(C, { seat: 'none', live: '1' }, 10000, 'the spectator of the second match');
    await resignAll(waiting);
    // The resignation reaches all three at once; the match (to 3) goes on
    // with game 2, but each page shows the end of game 1 (its board, its
    // result, the score) until its own Next game.
    const resigned = `Game 1: ${cap(waitingSide)} resigns: ${cap(s2.to_act.side)} wins ${points} point${points === 1 ? '' : 's'}.`;
    await until(waiting, { game: 2 }, LIVE_MS, 'the resignation');
    const s3 = await (await fetch(`${url}/api/v1/matches/${id2}`)).json();
    const endBoard = s3.previous_game.position_id;
    const scoreLine = new RegExp(`^Match score: White ${s3.score.white}, Black ${s3.score.black}, playing to 3\\. Go on when you are ready\\.$`);
    for (const p of [A, B, C]) {
      await until(p, { game: 2, phase: 'ended', board: endBoard }, LIVE_MS, 'the end of game 1');
      assert.equal(await text(p, '#status'), resigned, 'each sees the resignation');
      assert.match(await text(p, '#notice'), scoreLine);
      assert.equal(await p.isVisible('#next-game'), true, 'each may go on when it likes');
      assert.equal(await p.locator('#board rect.hit[data-movable="1"]').count(), 0, 'nothing moves on the end of a game');
    }
    await waiting.screenshot({ path: path.join(artifacts, 'online-game-end.png') });
    // The winner goes on and plays game 2's first turn; the friend and the
    // spectator get the new state but still see the end of game 1.
    await winner.click('#next-game');
    await until(winner, { phase: 'human', game: 2 }, LIVE_MS, 'the next game for the one who went on');
    if ((await body(winner)).pass === '1') {
      await winner.click('#confirm');
    } else {
      for (let k = 0; k < 10 && !(await winner.isEnabled('#confirm')); k++) await oneMove(winner, false);
      await winner.click('#confirm');
    }
    for (const p of [waiting, C]) {
      await until(p, { turns: 1, phase: 'ended', board: endBoard }, LIVE_MS, 'game 2 played on behind the end of game 1');
    }
    // Then the friend goes on: game 2, its turn, the result of game 1 still in a line.
    await waiting.click('#next-game');
    await until(waiting, { phase: 'human', turns: 1 }, LIVE_MS, 'game 2 for the friend');
    assert.equal(await text(waiting, '#notice'), resigned, 'the result of game 1 stays in view');
    assert.notEqual((await body(waiting)).board, endBoard);
    await C.click('#next-game');
    await until(C, { phase: 'watching', turns: 1 }, LIVE_MS, 'game 2 for the spectator');
    assert.deepEqual(errors, [], 'no errors in the pages');
    console.log(`# online: ${turns} turns (${passes} passes, ${singles} single moves), each seen by the friend and the spectator within ${LIVE_MS} ms; `
      + `${w} won ${JSON.stringify(final.score)}; a page closed and reopened, a reload mid-turn, a server restart; second match resigned by ${waitingSide}`);
  } finally {
    for (const c of contexts) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await stopServer(server, 'SIGKILL').catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
});
