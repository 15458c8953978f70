// End-to-end, Gul bara on the page (REGIONAL.md Part 4; issue 40): its
// board drawn as Fevga's, its roll counter, and the doubles ladder played
// stage by stage, a stalled stage handing the rest to the other side.
//
// 1. Against the computer at 1280 px, in English, from a position typed
//    into the new-match dialog: the computer's ladder of 4-4 plays its
//    stage of 4s and stalls in the 5s; the page shows the hand-off (who
//    plays the dice handed over, the stage and the stages to come, the
//    stage's three dice on the board, the computer's stages marked and
//    logged in the core's notation `6/1 > 5,5,5,6,6,6,6`); the person asks
//    for a hint, enters the fives and then the sixes by clicks, stage by
//    stage, and plays the game to its end; the match is reviewed.
// 2. On a phone (390 × 844) whose browser asks for Bulgarian: the page
//    speaks Bulgarian; the person's own ladder, its 4s entered by taps and
//    its 5s stalling, hands the rest to the computer, which plays it and
//    wins; a second game is resigned.
// 3. Online at 1024 px, one player in Greek and the other in Bulgarian:
//    turns played by clicks, seen live by the other; the game is played on
//    through the API until a ladder stalls, and the hand-off gives the turn
//    to the other browser, which enters the dice handed over by clicks
//    while the first watches; the first then resigns.
//
// Screenshots: test-artifacts/gulbara-*.png. Imported by play.test.mjs;
// run alone with `node --test gulbara.e2e.mjs`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  LIVE_MS, api, artifacts, body, launchBrowser, playTurnByClicking, playTurnOnline, resignAll, settle, startServer, until, untilText, watchErrors,
} from './server.mjs';

// Black (the computer) has the ladder of a 4-4 thrown on the game's roll 8
// still to play: its 4s are forced (its 22 to its 6), its 5s stall after
// one (its 6/1; its 21-point stack is blocked by White's 4, its 16), so
// White gets 5,5,5 and then 6,6,6,6 to play before its own roll 9.
const ENGINE_STALLS = {
  game: 'gulbara', turn: 'black', board: { 20: 3, 5: 3, 4: 2, 3: 1, 10: -1, 9: -5 },
  roll: 9, ladder: [4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6], off: { white: 6, black: 9 },
};

// REGIONAL.md's GB6 with White's (the person's) ladder of 4-4 pending:
// its 4s are 22/18/14/10/6, its 5s stall after 6/1, and Black gets
// 5,5,5,6,6,6,6, with which it bears off its last six checkers.
const PERSON_STALLS = {
  game: 'gulbara', turn: 'white', board: { 22: 1, 21: 14, 17: -3, 16: -2, 15: -1 },
  roll: 5, ladder: [4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6], off: { white: 0, black: 9 },
};

// A server over a database of its own and a browser, both stopped however `run` ends.
async function withServer(name, run) {
  mkdirSync(artifacts, { recursive: true });
  const dir = mkdtempSync(path.join(tmpdir(), `plakoto-e2e-gulbara-${name}-`));
  const server = await startServer(path.join(dir, 'gulbara.db'));
  const browser = await launchBrowser();
  try {
    await run(server.url, browser);
  } finally {
    await browser.close();
    server.proc.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

const matchOf = (page) => page.url().split('/').pop();
const stateOf = (url, page) => api(url, 'GET', `/api/v1/matches/${matchOf(page)}`);

// Starts a Gul bara match against the computer (random level) from the
// new-match dialog, from `position`, the person White.
async function newGame(page, position) {
  await page.click('#new');
  await page.waitForSelector('#new-dialog[open]');
  await page.check('input[name=opponent][value=engine]');
  await page.selectOption('#level', 'random');
  await page.selectOption('#color', 'white');
  await page.selectOption('#match-games', 'gulbara');
  assert.equal(await page.inputValue('#length'), '3', 'a match of one game is 3 points unless chosen');
  await page.selectOption('#length', '1');
  await page.fill('#position-input', position ? JSON.stringify(position) : '');
  await page.click('#new-start');
  await page.waitForSelector('#board[data-game=gulbara] [data-travel]');
}

test('Gul bara against the computer: its stalled ladder handed over, played by clicks, and the game to its end', { timeout: 240000 }, async () => {
  await withServer('engine', async (url, browser) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 820 } });
    await context.addInitScript(() => {
      localStorage.setItem('plakoto-lang', 'en');
      localStorage.setItem('tavli-engine-delay', '0');
    });
    const errors = [];
    const page = watchErrors(await context.newPage(), errors, 'person');
    await page.goto(url);
    await page.waitForSelector('#new-dialog[open]');
    // The dialog offers Gul bara beside the Tavli and Tabla matches and the other games alone.
    const offered = await page.$$eval('#match-games option', (os) => os.map((o) => [o.value, o.textContent]));
    assert.deepEqual(offered.find(([v]) => v === 'gulbara'), ['gulbara', 'Gul bara']);
    assert.deepEqual(offered.map(([v]) => v).slice(0, 6), ['tavli', 'tabla', 'portes', 'plakoto', 'fevga', 'gulbara']);
    await page.click('#new-cancel');
    await newGame(page, ENGINE_STALLS);
    assert.match(await page.textContent('#score'), /^Match to 1 · White 0 – 0 Black · Game 1: Gul bara$/);
    assert.match(await page.textContent('#game-note'), /^Gul bara: .*ladder/);
    for (const side of ['white', 'black']) {
      assert.ok(await page.$(`[data-home=${side}]`), `${side}'s home is marked, as in Fevga`);
      assert.ok(await page.$(`[data-start=${side}]`), `${side}'s start is marked`);
    }

    // The computer plays its two stages, the second stalling: the rest is White's.
    assert.equal(await settle(page), 'human');
    const m = await stateOf(url, page);
    assert.deepEqual(m.game.stage, { kind: 'handed', die: 5, moves: 3, then: [6, 6, 6, 6], roll: 8 });
    assert.equal(m.game.log.length, 2);
    assert.equal(m.game.log[1].notation, '6/1 > 5,5,5,6,6,6,6');
    assert.equal(await page.textContent('#ladder'),
      'Black’s ladder stalled: White plays the dice handed over before rolling, now 5,5,5; what cannot be played is lost. Still to come: 6,6,6,6.');
    assert.equal(await page.getAttribute('#ladder', 'data-stage'), 'handed');
    assert.equal(await page.textContent('#status'), 'Your turn: 5,5,5. Click or drag a checker.');
    // On the board: the stage's three dice, and the numbers to come.
    assert.equal(await page.getAttribute('#dice', 'data-stage'), '5,5,5');
    assert.equal(await page.locator('#dice rect').count(), 3, 'three dice for three fives');
    assert.equal(await page.textContent('#dice [data-ladder]'), 'handed over 5 → 6');
    // Both of the computer's stages are its last turn: marked and named.
    assert.equal(await page.getAttribute('#board g.last-play', 'data-last-play'), '22/18/14/10/6 | 6/1 > 5,5,5,6,6,6,6');
    assert.equal(await page.textContent('#last-play'),
      'Last turn, marked in violet: Black (ladder, 4,4,4,4): 22/18/14/10/6; Black (ladder, 5,5,5,5): 6/1 > 5,5,5,6,6,6,6.');
    assert.deepEqual(await page.$$eval('#log li .play', (ls) => ls.map((l) => l.textContent)),
      ['Black (ladder, 4,4,4,4): 22/18/14/10/6', 'Black (ladder, 5,5,5,5): 6/1 > 5,5,5,6,6,6,6']);
    await page.screenshot({ path: path.join(artifacts, 'gulbara-handed.png') });

    // A hint for the dice handed over: plays of three fives.
    await page.click('#hint');
    await page.waitForSelector('#hints li');
    const hinted = await page.$$eval('#hints li .play', (ls) => ls.map((l) => l.textContent));
    assert.ok(hinted.length >= 1 && hinted.every((h) => !/ > /.test(h)), `the hint lists stage plays: ${hinted}`);

    // The fives by clicks, then (still handed over) the sixes.
    await playTurnByClicking(page);
    assert.equal(await settle(page), 'human');
    assert.equal(await page.textContent('#ladder'),
      'Black’s ladder stalled: White plays the dice handed over before rolling, now 6,6,6,6; what cannot be played is lost. This is the last stage.');
    assert.equal(await page.getAttribute('#dice', 'data-stage'), '6,6,6,6');
    // The last-play mark is the person's own now: none.
    assert.equal(await page.locator('#board g.last-play').count(), 0);
    await playTurnByClicking(page);

    // Then White's own roll 9, and the game to its end.
    let ownLadders = 0, turns = 2;
    for (let guard = 0; guard < 400; guard++) {
      if ((await settle(page)) === 'over') break;
      const s = await stateOf(url, page);
      const ladder = await page.textContent('#ladder');
      if (!s.game.stage) assert.equal(ladder, `Roll ${s.game.position.roll} of the game; doublets ladder from roll 4.`);
      else if (s.game.stage.kind === 'rolled') { ownLadders++; assert.match(ladder, /^Roll \d+ of the game: (\d)-\1 is a ladder, played stage by stage\. Now /); }
      await playTurnByClicking(page);
      turns++;
    }
    assert.equal(await settle(page), 'over');
    const end = await stateOf(url, page);
    assert.ok(end.over && end.game.result, 'the game is over');
    assert.match(await page.textContent('#status'), /^(You win the match|The computer wins the match) \d–\d!?\.?$/);
    assert.equal(await page.textContent('#ladder'), '', 'no ladder line once the game is over');
    assert.notEqual(await page.textContent('#game-result'), '');
    await page.screenshot({ path: path.join(artifacts, 'gulbara-end.png') });

    // The review of the game: every decision a turn of it.
    await page.click('#review');
    await page.waitForFunction(() => document.querySelectorAll('#review-turns li[data-turn]').length > 0, null, { timeout: 60000 });
    assert.equal(await page.locator('#review-turns li[data-turn]').count(), end.game.log.length, 'every decision reviewed');
    assert.equal(await page.getAttribute('#board', 'data-game'), 'gulbara', 'the reviewed board is Gul bara\'s');
    await page.click('#review-close');
    assert.deepEqual(errors, [], 'no error in the page');
    console.log(`# Gul bara against the computer: ${turns} of the person's decisions by clicks (${ownLadders} ladders of its own), `
      + `${end.game.log.length} decisions in all; ${end.game.result.winner} won ${end.game.result.points}`);
  });
});

test('Gul bara on a phone in Bulgarian: the person\'s ladder by taps stalls, and the computer plays the rest', { timeout: 120000 }, async () => {
  await withServer('phone', async (url, browser) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'bg-BG',
    });
    await context.addInitScript(() => localStorage.setItem('tavli-engine-delay', '0'));
    const errors = [];
    const page = watchErrors(await context.newPage(), errors, 'phone');
    await page.goto(url);
    // The browser asks for Bulgarian: the page speaks it from the start.
    await page.waitForSelector('#new-dialog[open]');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'bg');
    assert.equal(await page.inputValue('#lang'), 'bg');
    assert.equal(await page.textContent('#new-dialog h2'), 'Нов мач');
    const names = await page.$$eval('#match-games option', (os) => os.map((o) => o.textContent));
    assert.deepEqual(names, [
      'Тавли: Портес, Плакото, Февга поред', 'Табла: Табла, Гюлбара, Тапа поред',
      'Портес', 'Плакото', 'Февга', 'Гюлбара', 'Тапа', 'Цилитон', 'Махбуса', 'Табла',
    ]);
    await page.click('#new-cancel');
    await newGame(page, PERSON_STALLS);
    assert.equal(await settle(page), 'human');
    assert.equal(await page.textContent('#score'), 'Мач до 1 · Белите 0 – 0 Черните · Партия 1: Гюлбара');
    assert.equal(await page.textContent('#ladder'), 'Стълбата от хвърляне 4 продължава: сега 4,4,4,4. Следват: 5,5,5,5 · 6,6,6,6.');
    assert.equal(await page.textContent('#status'), 'Твой ход: 4,4,4,4. Щракни или плъзни пул.');
    assert.equal(await page.textContent('#dice [data-ladder]'), 'стълба 4 → 5 → 6');
    // Legible on the phone.
    const k = await page.evaluate(() => document.getElementById('board').getScreenCTM().a);
    const size = await page.$eval('#dice [data-ladder]', (t) => parseFloat(getComputedStyle(t).fontSize));
    assert.ok(size * k >= 10, `the ladder's label is ${(size * k).toFixed(1)} px on the phone`);
    await page.screenshot({ path: path.join(artifacts, 'gulbara-phone-ladder.png'), fullPage: true });

    // The 4s by taps, confirmed: the 5s are the next stage, the same side's.
    await playTurnByClicking(page, { touch: true });
    assert.equal(await settle(page), 'human');
    assert.equal(await page.textContent('#ladder'), 'Стълбата от хвърляне 4 продължава: сега 5,5,5,5. Следват: 6,6,6,6.');
    assert.equal(await page.textContent('#log li .play'), 'Белите (стълба, 4,4,4,4): 22/18/14/10/6');
    // A tap on the stack that cannot move says why, in Bulgarian.
    await page.tap('#board rect.hit[data-point="21"]');
    assert.match(await page.textContent('#why'), /^[А-Яа-я]/, 'the reason is Bulgarian');
    // One five, and the stage stalls: the rest goes to the computer, which
    // plays it (the fives, then the sixes) and bears off its last checkers.
    await playTurnByClicking(page, { touch: true });
    assert.equal(await settle(page), 'over');
    const plays = await page.$$eval('#log li .play', (ls) => ls.map((l) => l.textContent));
    assert.equal(plays[1], 'Белите (стълба, 5,5,5,5): 6/1 > 5,5,5,6,6,6,6');
    assert.match(plays[2], /^Черните \(предадени, 5,5,5\): /);
    assert.match(plays[3], /^Черните \(предадени, 6,6,6,6\): /);
    assert.equal(await page.textContent('#game-result'), 'Черните събраха всички пулове и печелят 2 точки. Марс!');
    assert.equal(await page.textContent('#status'), 'Компютърът печели мача 2–0.');
    await page.screenshot({ path: path.join(artifacts, 'gulbara-phone-end.png'), fullPage: true });
    // No English on the Bulgarian page but the notation and codes.
    const shown = await page.evaluate(() => { document.getElementById('lang').style.display = 'none'; const s = document.body.innerText; document.getElementById('lang').style.display = ''; return s; });
    assert.doesNotMatch(shown, /\b(the|and|White|Black|Your|roll|ladder|stage|Game|Match)\b/, 'no English words on the Bulgarian page');

    // Resigning a Gul bara game: 2 points while nothing is borne off.
    await newGame(page, null);
    assert.equal(await settle(page), 'human');
    assert.match(await page.textContent('#ladder'), /^Хвърляне [12] в партията; от хвърляне 4 чифтовете стават стълба\.$/);
    await resignAll(page, { tap: true });
    await until(page, { phase: 'over' }, 10000, 'the resignation');
    assert.equal(await page.textContent('#game-result'), 'Белите се предават: Черните печелят 2 точки.');
    assert.deepEqual(errors, [], 'no error in the page');
  });
});

// Plays the match on through the API, each seat with its own secret, the
// last legal play each time, until a ladder stalls with the game going
// on: the state just after the hand-off, or null if the game ended first.
// (The last play, which moves the checkers furthest back first, keeps the
// board blocked: 18 of 19 such games had a hand-off, against 18 of 27 for
// the first play.)
async function untilHandOff(url, id, tokens) {
  for (let i = 0; i < 600; i++) {
    const m = await api(url, 'GET', `/api/v1/matches/${id}`);
    if (m.over) return null;
    const side = m.to_act.side;
    const res = await fetch(`${url}/api/v1/matches/${id}/play`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens[side]}` },
      body: JSON.stringify({ moves: m.game.plays[m.game.plays.length - 1].moves, version: m.version }),
    });
    const next = await res.json();
    assert.ok(res.ok, JSON.stringify(next));
    if (!next.over && next.game.stage?.kind === 'handed' && next.to_act.side !== side) return next;
  }
  return null;
}

test('Gul bara online between two browsers, in Greek and Bulgarian: a hand-off gives the turn to the other browser', { timeout: 240000 }, async () => {
  await withServer('online', async (url, browser) => {
    const errors = [];
    const player = async (lang, who) => {
      const c = await browser.newContext({ viewport: { width: 1024, height: 768 } });
      await c.addInitScript((l) => { if (!localStorage.getItem('plakoto-lang')) localStorage.setItem('plakoto-lang', l); }, lang);
      return watchErrors(await c.newPage(), errors, who);
    };
    // Up to three matches: a game may end before any ladder stalls.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const A = await player('el', `white ${attempt}`);
      await A.goto(url);
      await A.waitForSelector('#new-dialog[open]');
      await A.check('input[name=opponent][value=online]');
      await A.selectOption('#match-games', 'gulbara');
      await A.selectOption('#length', '1');
      await A.selectOption('#color', 'white');
      await A.click('#new-start');
      await A.waitForURL(/\/match\/[A-Za-z0-9_-]+$/);
      await A.waitForSelector('#invite:not(.hidden)');
      const link = await A.inputValue('#invite-link');
      const id = matchOf(A);
      const B = await player('bg', `black ${attempt}`);
      await B.goto(link);
      await until(B, { seat: 'black', live: '1' }, 10000, 'the friend takes the seat');
      await until(A, { live: '1' }, 10000, 'the creator\'s live stream');
      const pages = { white: A, black: B };
      assert.equal(await A.getAttribute('#board', 'data-game'), 'gulbara');
      assert.equal(await B.getAttribute('#board', 'data-game'), 'gulbara');

      // Two turns by clicks, each seen live on the other page.
      for (let k = 0; k < 2; k++) {
        const m = await api(url, 'GET', `/api/v1/matches/${id}`);
        const P = pages[m.to_act.side], O = pages[m.to_act.side === 'white' ? 'black' : 'white'];
        await until(P, { version: m.version, phase: 'human' }, LIVE_MS, 'the seat on roll');
        await until(O, { version: m.version, phase: 'waiting' }, LIVE_MS, 'the other seat');
        await playTurnOnline(P, [O]);
        const after = await body(P);
        await until(O, { version: after.version }, LIVE_MS, 'the play seen by the other');
      }
      // The roll counter in each player's language.
      await untilText(A, '#ladder', /^Ζαριά 3 της παρτίδας· οι διπλές γίνονται σκάλα από τη ζαριά 4\.$/);
      await untilText(B, '#ladder', /^Хвърляне 3 в партията; от хвърляне 4 чифтовете стават стълба\.$/);

      const tokens = {};
      for (const [side, P] of Object.entries(pages)) {
        tokens[side] = await P.evaluate((i) => JSON.parse(localStorage.getItem(`plakoto-seat-${i}`)).token, id);
      }
      const handed = await untilHandOff(url, id, tokens);
      if (!handed) {
        await A.context().close();
        await B.context().close();
        continue;
      }
      // The turn is the other browser's: it plays the dice handed over.
      const side = handed.to_act.side, from = side === 'white' ? 'black' : 'white';
      const R = pages[side], G = pages[from];
      await until(R, { version: handed.version, phase: 'human' }, LIVE_MS, 'the hand-off reaches the receiver');
      await until(G, { version: handed.version, phase: 'waiting' }, LIVE_MS, 'the staller waits');
      const now = Array(handed.game.stage.moves).fill(handed.game.stage.die).join(',');
      const words = {
        el: { white: ['Άσπρων', 'Άσπρα'], black: ['Μαύρων', 'Μαύρα'] },
        bg: { white: ['белите', 'Белите'], black: ['черните', 'Черните'] },
      };
      const handedText = {
        el: `Η σκάλα των ${words.el[from][0]} κόλλησε: τα ${words.el[side][1]} παίζουν πρώτα τα ζάρια που τους δόθηκαν και μετά ρίχνουν, τώρα ${now}· ό,τι δεν παίζεται χάνεται.`,
        bg: `Стълбата на ${words.bg[from][0]} спря: ${words.bg[side][1]} първо изиграват предадените зарове и после хвърлят, сега ${now}; каквото не може да се изиграе, се губи.`,
      };
      const langOf = { white: 'el', black: 'bg' };
      for (const [P, who] of [[R, side], [G, from]]) {
        assert.ok((await P.textContent('#ladder')).startsWith(handedText[langOf[who]]), `${who}: ${await P.textContent('#ladder')}`);
        assert.equal(await P.getAttribute('#dice', 'data-stage'), now, `${who}: the stage's dice on the board`);
      }
      assert.equal(await G.textContent('#status'), langOf[from] === 'el'
        ? `Περιμένεις τον φίλο σου (${words.el[side][1]}) να παίξει: ${now}.`
        : `Чакаш приятеля си (${words.bg[side][1]}) да изиграе: ${now}.`);
      await R.screenshot({ path: path.join(artifacts, `gulbara-online-handed-${side}.png`) });
      await G.screenshot({ path: path.join(artifacts, `gulbara-online-staller-${from}.png`) });

      // The receiver enters the handed-over stages by clicks, watched live.
      let stages = 0;
      for (let guard = 0; guard < 4; guard++) {
        const m = await api(url, 'GET', `/api/v1/matches/${id}`);
        if (m.over || m.to_act.side !== side || m.game.stage?.kind !== 'handed') break;
        await until(R, { version: m.version, phase: 'human' }, LIVE_MS, 'a handed stage to play');
        await playTurnOnline(R, [G]);
        stages++;
      }
      assert.ok(stages >= 1, 'the receiver played the dice handed over');
      const m = await api(url, 'GET', `/api/v1/matches/${id}`);
      await until(G, { version: m.version }, LIVE_MS, 'the staller sees the receiver\'s play');
      const log = m.game.log.slice(-stages);
      assert.ok(log.every((e) => e.side === side && e.stage?.kind === 'handed'), JSON.stringify(log));
      if (!m.over) {
        // The staller resigns the game: both pages see the match end.
        await resignAll(G);
        await until(G, { phase: 'over' }, LIVE_MS * 2, 'the resignation');
        await until(R, { phase: 'over' }, LIVE_MS * 2, 'the resignation seen by the friend');
      }
      assert.deepEqual(errors, [], 'no error in either page');
      console.log(`# Gul bara online: attempt ${attempt}, ${from}'s ladder stalled, ${side} played ${stages} handed stage(s) by clicks`);
      return;
    }
    assert.fail('no ladder stalled in three online games');
  });
});
