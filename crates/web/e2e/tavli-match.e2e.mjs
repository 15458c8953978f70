// End-to-end, whole Tavli matches (Portes, Plakoto, Fevga in turn,
// TAVLI.md Part 3) as a person sees them:
//
// 1. A Tavli match to 3 against the computer, started from the new-match
//    dialog and played to its end by clicks on a desktop (1280x820), and
//    by taps and a finger's drags on a phone (390x844, touch). At every
//    turn the score line names the Tavli match, the score, the game being
//    played and the next one, and the board is drawn as that game
//    (data-game); each game's end (its board, its result, the match score)
//    stays on screen, a reload too, until the person goes on to the next
//    game, whose start says who starts and why; the match ends with a
//    winner on 3 points or more, and the API's match state (score, games
//    in the rotation's order, winner) is what the page shows.
// 2. A Tavli match to 3 online between two browsers while a third watches:
//    the three boards and score lines name the same game at every turn
//    and follow every single move; a checker hit in Portes is drawn on
//    the bar on all three pages; a player reloads mid-turn and keeps its
//    seat and its single move; each page shows each game's end until its
//    own Next game; the match is played to its end.
//
// Screenshots: test-artifacts/tavli-match-*.png. Imported by
// play.test.mjs; run alone with `node --test tavli-match.e2e.mjs`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  LIVE_MS, api, artifacts, body, launchBrowser, personsPhase, playTurnByClicking, playTurnOnline, reloadAtGameEnd, sameBoard, sleep,
  startServer, stopServer, until, watchErrors,
} from './server.mjs';

const ROTATION = ['portes', 'plakoto', 'fevga'];
const NAME = { portes: 'Portes', plakoto: 'Plakoto', fevga: 'Fevga' };
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
// The game the rotation plays as game `n` (1 for the first).
const rotation = (n) => ROTATION[(n - 1) % 3];

// The score line for a match state: the match, the score, the game and the next.
function scoreLine(m) {
  const g = m.game;
  const head = g.next_game ? `${NAME[g.game]}, then ${NAME[g.next_game]}` : NAME[g.game];
  return `Tavli match to ${m.match_to} · White ${m.score.white} – ${m.score.black} Black · Game ${g.number}: ${head}`;
}

// A game's result as the page words it, from the API's `result`.
function resultLine(r) {
  const side = cap(r.winner || ''), s = r.points === 1 ? '' : 's';
  switch (r.reason) {
    case 'bear-off': return `${side} bears off all checkers and wins ${r.points} point${s}.${r.points === 2 ? ' A double game!' : ''}`;
    case 'mother': return `${side} pins the mother and wins 2 points.`;
    case 'both-mothers': return 'Draw: both mothers are pinned. No points; the opening roll decides who starts next.';
    case 'resign': return `${cap(r.winner === 'white' ? 'black' : 'white')} resigns: ${side} wins ${r.points} point${s}.`;
    default: throw new Error(`unknown result ${JSON.stringify(r)}`);
  }
}

// What the start of game `g` says: its game, and who starts and why.
function openingLine(m) {
  const g = m.game;
  const head = `Game ${g.number}: ${NAME[g.game]}\\. `;
  if (g.start === 'winner') return new RegExp(`^${head}${cap(g.first)} won the last game and starts\\.$`);
  assert.equal(g.start, 'opening-roll', `game ${g.number} starts by the opening roll or by the last winner`);
  const draw = g.number > 1 ? 'After the drawn Plakoto the rotation goes on to Fevga; the opening roll decides who starts\\. ' : '';
  return new RegExp(`^${head}${draw}Opening roll: .*White \\d, Black \\d\\. ${cap(g.first)} starts\\.$`);
}

// The board's game, the score line and what the page shows of the match
// agree with the API's state `m` and with the rotation.
async function assertNamesGame(page, m, who = 'the page') {
  assert.equal(m.game.game, rotation(m.game.number), `game ${m.game.number} is the rotation's`);
  assert.equal(m.game.next_game, m.over ? null : rotation(m.game.number + 1), 'the next game is the rotation\'s');
  assert.equal(await page.getAttribute('#board', 'data-game'), m.game.game, `${who}: the board is ${m.game.game}'s`);
  assert.equal(await page.textContent('#score'), scoreLine(m), `${who}: the score line`);
}

// Errors in a page, and its console's, are collected in `errors`; its
// dialogs (a resignation's confirmation) are accepted.
// ---- 1. Against the computer, on a desktop and on a phone.

const DEVICES = [
  { name: 'desktop', color: 'white', touch: false, context: { viewport: { width: 1280, height: 820 } } },
  { name: 'phone', color: 'black', touch: true, context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
];

for (const device of DEVICES) {
  test(`a whole Tavli match to 3 against the computer, played on a ${device.name}`, { timeout: 300000 }, async () => {
    mkdirSync(artifacts, { recursive: true });
    const started = Date.now();
    const dir = mkdtempSync(path.join(tmpdir(), `plakoto-e2e-tavli-${device.name}-`));
    const server = await startServer(path.join(dir, 'tavli.db'));
    const url = server.url;
    const browser = await launchBrowser();
    const errors = [];
    const shot = (page, what) => page.screenshot({ path: path.join(artifacts, `tavli-match-${device.name}-${what}.png`) });
    const press = (page, sel) => (device.touch ? page.tap(sel) : page.click(sel));
    try {
      const context = await browser.newContext(device.context);
      await context.addInitScript(() => {
        if (!localStorage.getItem('plakoto-lang')) localStorage.setItem('plakoto-lang', 'en');
        localStorage.setItem('tavli-engine-delay', '0');
      });
      const page = watchErrors(await context.newPage(), errors, device.name);
      await page.goto(url);

      // The new-match dialog (a first visit opens it): a Tavli match to 3
      // against the computer (random level, so that a game takes seconds).
      await page.waitForSelector('#new-dialog[open]');
      await page.check('input[name=opponent][value=engine]');
      await page.selectOption('#match-games', 'tavli');
      await page.selectOption('#length', '3');
      await page.selectOption('#level', 'random');
      await page.selectOption('#color', device.color);
      await press(page, '#new-start');
      await page.waitForURL(/\/match\/[A-Za-z0-9_-]+$/);
      const id = page.url().split('/').pop();
      const state = () => api(url, 'GET', `/api/v1/matches/${id}`);
      const first = await state();
      assert.deepEqual([first.rules.games, first.match_to, first.opponent, first.players[device.color]], ['tavli', 3, 'engine', 'human'],
        'the dialog made a Tavli match to 3 against the computer');
      if (device.touch) {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 390, `the page fits the phone's width (${width} px)`);
      }

      let turns = 0, passes = 0, drags = 0, reloaded = false;
      const starts = new Map(), ends = [];
      for (let guard = 0; guard < 3000; guard++) {
        const { phase, m } = await personsPhase(page, state);
        if (phase === 'over') break;

        if (phase === 'ended') {
          // The game just ended stays on screen: its board and result, the
          // match score, and nothing to move, until the person goes on.
          const prev = m.previous_game;
          assert.equal(prev.number, m.game.number - 1);
          assert.equal(prev.game, rotation(prev.number));
          const summary = m.games[prev.number - 1];
          assert.deepEqual(summary.result, prev.result);
          const result = `Game ${prev.number}: ${NAME[prev.game]}: ${resultLine(prev.result)}`;
          const check = async () => {
            assert.equal(await page.textContent('#status'), result, 'the status says how the game ended');
            assert.equal(await page.getAttribute('#board', 'data-game'), prev.game, 'the board is still the finished game\'s');
            assert.equal((await body(page)).board, prev.position_id, 'the finished game\'s last position is drawn');
            assert.equal(await page.textContent('#position-id'), prev.position_id, 'the position ID is the board\'s shown');
            assert.equal(await page.textContent('#notice'), `Match score: White ${m.score.white}, Black ${m.score.black}, playing to 3. Go on when you are ready.`);
            assert.equal(await page.textContent('#score'), scoreLine(m), 'the score line names the game to come');
            assert.ok(await page.isVisible('#next-game'), 'the person goes on when ready');
            assert.equal(await page.textContent('#next-game'), `Next game: ${NAME[m.game.game]}`);
            assert.equal(await page.locator('#board rect.hit[data-movable="1"]').count(), 0, 'nothing moves on a finished game');
            assert.equal((await state()).game.log.length, 0, 'the next game waits for the person (the computer has not played)');
          };
          await check();
          await shot(page, `end-${prev.number}`);
          if (!reloaded) {
            // A reload shows the end of the game again, not the next one.
            reloaded = true;
            await reloadAtGameEnd(page, check);
          }
          ends.push(`${prev.game} ${prev.result.winner || 'draw'} +${prev.result.points}`);
          await press(page, '#next-game');
          // (A tap's click may come after tap() returns.)
          await page.waitForFunction(() => document.body.dataset.phase !== 'ended', null, { timeout: 5000 });
          continue;
        }

        // The person's turn.
        await assertNamesGame(page, m);
        if (!starts.has(m.game.number)) {
          // The start of each game says which game it is and who starts;
          // the side that started played the game's first turn.
          starts.set(m.game.number, m.game.first);
          assert.match(await page.textContent('#opening'), openingLine(m));
          if (m.game.number > 1) {
            // The last game's result stays in view, naming that game.
            const prev = m.games[m.game.number - 2];
            assert.equal(await page.textContent('#notice'), `Game ${prev.number}: ${NAME[prev.game]}: ${resultLine(prev.result)}`,
              'the last game\'s result, naming its game');
          }
          if (m.game.number > 1) {
            assert.equal(m.game.start === 'winner' ? m.game.first : null, m.games[m.game.number - 2].result.winner || null,
              'the last game\'s winner starts the next');
          }
          const first = m.game.log[0];
          assert.equal(first ? first.side : m.to_act.side, m.game.first, 'the side said to start played first');
          await shot(page, `start-${m.game.number}`);
        }
        const drag = turns % 5 === 0;
        const kind = await playTurnByClicking(page, { drag, touch: device.touch });
        await page.waitForFunction((v) => document.body.dataset.version !== v, String(m.version), { timeout: 30000 });
        if (kind === 'pass') passes++; else if (drag) drags++;
        turns++;
      }

      // The end of the match: the winner's message, the score as the
      // API has it, the games in the rotation's order.
      assert.equal((await body(page)).phase, 'over', 'the match was played to its end');
      const m = await state();
      assert.equal(m.over, true);
      const w = m.winner, l = w === 'white' ? 'black' : 'white';
      assert.ok(m.score[w] >= 3, `the winner has 3 points or more: ${JSON.stringify(m.score)}`);
      assert.ok(m.score[l] < 3);
      const score = `${m.score[w]}–${m.score[l]}`;
      assert.equal(await page.textContent('#status'), w === device.color ? `You win the match ${score}!` : `The computer wins the match ${score}.`);
      await assertNamesGame(page, m);
      assert.equal(await page.isVisible('#next-game'), false, 'no next game after the match');
      const games = m.games.map((g) => g.game);
      assert.ok(games.length >= 2, `a match to 3 takes two games or more: ${games}`);
      assert.deepEqual(games, games.map((_, i) => rotation(i + 1)), 'the games follow the rotation');
      assert.ok(new Set(games).size >= 2, 'two different games were played');
      const points = { white: 0, black: 0 };
      for (const g of m.games) {
        assert.ok(g.result, `game ${g.number} ended`);
        if (g.result.winner) points[g.result.winner] += g.result.points;
      }
      assert.deepEqual(points, m.score, 'the score is the games\' points');
      assert.deepEqual([...starts.keys()], m.games.map((g) => g.number), 'the person played in every game');
      assert.equal(ends.length, m.games.length - 1, 'every game but the last ended on screen before the next');
      await shot(page, 'over');
      assert.deepEqual(errors, [], 'no errors in the page');
      console.log(`# tavli ${device.name}: ${turns} turns by ${device.touch ? 'taps' : 'clicks'} (${passes} passes, ${drags} begun by a drag), `
        + `games ${ends.concat(`${games.at(-1)} ${w}`).join(', ')}; ${w} won ${JSON.stringify(m.score)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    } finally {
      await browser.close().catch(() => {});
      await stopServer(server).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

// ---- 2. Online, two people and a spectator.

// The checkers drawn on the bar, `side:count` for each side that has some.
const barDrawn = (page) => page.$$eval('#board [data-bar]', (gs) => gs.map((g) => `${g.dataset.bar}:${g.querySelectorAll('circle.checker:not(.inner)').length}`).sort());

test('two people play a Tavli match online in two browsers while a third watches', { timeout: 600000 }, async () => {
  mkdirSync(artifacts, { recursive: true });
  const started = Date.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'plakoto-e2e-tavli-online-'));
  const server = await startServer(path.join(dir, 'online.db'));
  const url = server.url;
  const browser = await launchBrowser();
  const errors = [];
  const contexts = [];
  const context = async () => {
    const c = await browser.newContext({ viewport: { width: 1180, height: 860 } });
    await c.addInitScript(() => { if (!localStorage.getItem('plakoto-lang')) localStorage.setItem('plakoto-lang', 'en'); });
    contexts.push(c);
    return c;
  };
  const shot = (page, what) => page.screenshot({ path: path.join(artifacts, `tavli-match-online-${what}.png`) });
  try {
    const [ctxA, ctxB, ctxC] = [await context(), await context(), await context()];

    // The creator: a Tavli match to 3 with a friend online, White.
    let A = watchErrors(await ctxA.newPage(), errors, 'white');
    await A.goto(url);
    await A.waitForSelector('#new-dialog[open]');
    await A.check('input[name=opponent][value=online]');
    await A.selectOption('#match-games', 'tavli');
    await A.selectOption('#length', '3');
    await A.selectOption('#color', 'white');
    await A.click('#new-start');
    await A.waitForURL(/\/match\/[A-Za-z0-9_-]+$/);
    const id = A.url().split('/').pop();
    const state = () => api(url, 'GET', `/api/v1/matches/${id}`);
    await A.waitForSelector('#invite:not(.hidden)');
    const link = await A.inputValue('#invite-link');
    assert.equal((await state()).rules.games, 'tavli', 'the dialog made a Tavli match');

    // The friend takes Black's seat by the link; a third browser watches.
    let B = watchErrors(await ctxB.newPage(), errors, 'black');
    await B.goto(link);
    await until(B, { seat: 'black', live: '1' }, 10000, 'the friend takes the seat');
    const C = watchErrors(await ctxC.newPage(), errors, 'spectator');
    await C.goto(`${url}/match/${id}`);
    await until(C, { seat: 'none', live: '1' }, 10000, 'the spectator\'s live stream');
    const pages = () => ({ white: A, black: B });

    let turns = 0, passes = 0, singles = 0, reloaded = null, barShown = null;
    const endsSeen = { white: new Set(), black: new Set(), spectator: new Set() };
    // Each page that shows a game's end: what it shows, then its Next game.
    const goOn = async (page, who, d) => {
      const m = await state();
      const n = Number(d.game) - 1;
      const prev = m.games[n - 1];
      assert.equal(prev.game, rotation(n));
      assert.equal(await page.textContent('#status'), `Game ${n}: ${NAME[prev.game]}: ${resultLine(prev.result)}`, `${who} sees how game ${n} ended`);
      assert.equal(await page.getAttribute('#board', 'data-game'), prev.game, `${who}: the board is still the finished game's`);
      assert.equal(m.previous_game.number, n);
      assert.equal((await body(page)).board, m.previous_game.position_id, `${who}: the finished game's last position is drawn`);
      assert.equal(await page.textContent('#position-id'), m.previous_game.position_id, `${who}: the position ID is the board's shown`);
      assert.equal(await page.textContent('#next-game'), `Next game: ${NAME[rotation(n + 1)]}`, `${who}: Next game names the game to come`);
      if (!endsSeen[who].size) await shot(page, `end-${n}-${who}`);
      endsSeen[who].add(n);
      await page.click('#next-game');
    };
    for (let guard = 0; guard < 1000; guard++) {
      // Whose turn: one page may move, the other waits; a page that shows
      // the end of a game goes on.
      let side = null;
      for (let i = 0; i < 200 && !side; i++) {
        const [a, b, c] = await Promise.all([body(A), body(B), body(C)]);
        if (a.phase === 'over' && b.phase === 'over') break;
        for (const [p, d, who] of [[A, a, 'white'], [B, b, 'black'], [C, c, 'spectator']]) if (d.phase === 'ended') await goOn(p, who, d);
        if (a.phase === 'human' && b.phase === 'waiting') side = 'white';
        else if (b.phase === 'human' && a.phase === 'waiting') side = 'black';
        else await sleep(50);
      }
      if (!side) break;
      const P = pages()[side], O = pages()[side === 'white' ? 'black' : 'white'];
      await sameBoard(P, [O, C], 'the turn\'s start');
      if ((await body(C)).phase === 'ended') await goOn(C, 'spectator', await body(C));
      await until(C, { phase: 'watching' }, LIVE_MS, 'the spectator watching');
      // All three name the same game, the score and the next game, as the server has them.
      const m = await state();
      assert.equal(String(m.version), (await body(P)).version);
      for (const [page, who] of [[P, 'the player on roll'], [O, 'the other player'], [C, 'the spectator']]) await assertNamesGame(page, m, who);
      if (turns === 0) for (const [page, who] of [[A, 'white'], [B, 'black'], [C, 'spectator']]) await shot(page, `start-${who}`);

      // The seat on roll plays one checker at a time; the other two see
      // every single move, and any checker hit onto the bar, as it is made.
      const played = await playTurnOnline(P, [O, C], {
        drag: (k) => k === 0 && turns % 4 === 1,
        afterMove: async () => {
          const bars = await Promise.all([P, O, C].map(barDrawn));
          assert.deepEqual(bars[1], bars[0], 'the other player draws the bar as the mover does');
          assert.deepEqual(bars[2], bars[0], 'the spectator draws the bar as the mover does');
          if (bars[0].length && !barShown) {
            barShown = `${bars[0].join(' ')} in game ${m.game.number}`;
            for (const [page, who] of [[A, 'white'], [B, 'black'], [C, 'spectator']]) await shot(page, `bar-${who}`);
          }
          if (!reloaded && turns >= 3 && Number((await body(P)).pending) === 1 && !(await P.isEnabled('#confirm'))) {
            // The player on roll reloads in the middle of its turn: it keeps
            // its seat and the single move made, and the others still see it.
            const kept = (await body(P)).board;
            await P.reload();
            await until(P, { seat: side, live: '1', phase: 'human', pending: 1, board: kept }, 10000, 'the reload kept the seat and the move');
            await assertNamesGame(P, m, 'the reloaded page');
            await sameBoard(P, [O, C], 'after the reload');
            reloaded = `${side} in game ${m.game.number} (${m.game.game}), turn ${m.game.log.length + 1}`;
          }
        },
      });
      if (played.passed) passes++;
      singles += played.singles;
      const after = await body(P);
      await Promise.all([O, C].map((w) => until(w, { version: after.version, game: after.game }, LIVE_MS, 'the play')));
      // The bar at the end of the play, as the server has it, on all three.
      const s = await state();
      const bar = s.game.number === m.game.number ? s.game.position.bar : s.previous_game.position.bar;
      const want = Object.entries(bar || {}).filter(([, n]) => n > 0).map(([c, n]) => `${c}:${Math.min(n, 4)}`).sort();
      for (const page of [P, O, C]) assert.deepEqual(await barDrawn(page), want, 'the bar after the play is the server\'s');
      turns++;
    }

    // The match is over, the same on all three pages.
    for (const p of [A, B, C]) await until(p, { phase: 'over' }, LIVE_MS, 'the end');
    const final = await state();
    assert.equal(final.over, true);
    const w = final.winner, l = w === 'white' ? 'black' : 'white';
    assert.ok(final.score[w] >= 3, JSON.stringify(final.score));
    const score = `${final.score[w]}–${final.score[l]}`;
    assert.equal(await pages()[w].textContent('#status'), `You win the match ${score}!`);
    assert.equal(await pages()[l].textContent('#status'), `Your friend wins the match ${score}.`);
    assert.equal(await C.textContent('#status'), `${cap(w)} wins the match ${score}.`);
    for (const [page, who] of [[A, 'white'], [B, 'black'], [C, 'spectator']]) {
      await assertNamesGame(page, final, who);
      await shot(page, `over-${who}`);
    }
    const games = final.games.map((g) => g.game);
    assert.deepEqual(games, games.map((_, i) => rotation(i + 1)), 'the games follow the rotation');
    assert.ok(games.length >= 2 && games[0] === 'portes' && games[1] === 'plakoto', `Portes, then Plakoto: ${games}`);
    for (const who of ['white', 'black', 'spectator']) {
      assert.deepEqual([...endsSeen[who]].sort(), final.games.slice(0, -1).map((g) => g.number), `${who} saw every game's end but the last's`);
    }
    assert.ok(reloaded, 'a player reloaded in the middle of a turn');
    assert.deepEqual(errors, [], 'no errors in the pages');
    console.log(`# tavli online: ${turns} turns (${passes} passes, ${singles} single moves) over ${games.join(', ')}; `
      + `the bar: ${barShown || 'no checker was hit'}; reload: ${reloaded}; ${w} won ${JSON.stringify(final.score)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    for (const c of contexts) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await stopServer(server, 'SIGKILL').catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
});
