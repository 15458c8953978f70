// End-to-end, the Bulgarian Tabla match (REGIONAL.md Part 5; issue 40):
// Tabla, Gul bara and Tapa in turn, as a person sees it.
//
// 1. A Tabla match to 5 against the computer at 1280 px, in English,
//    chosen in the new-match dialog (named with its three games, 5 points
//    unless chosen) and played by clicks to its end, Gul bara's ladders a
//    stage at a time. At every turn the board is drawn as the game being
//    played and the score line names the Tabla match, the score, the game
//    and the next one; each game's start is headed by its own name
//    (Tabla, Gul bara, Tapa) and says who starts; each game's end stays
//    on screen until Next game, which names the game to come; the final
//    score is shown as the API has it; the match is reviewed, game by game.
// 2. Two people play a Tabla match online, the friend taking the seat by
//    the invitation link, one page in English and the other in
//    Bulgarian, by clicks to its end: each page names every game in its
//    own language and sees the other's single moves and plays live.
//
// Screenshots: test-artifacts/tabla-*.png. Imported by play.test.mjs; run
// alone with `node --test tabla-match.e2e.mjs`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  api, artifacts, body, personsPhase, playTurnByClicking, playTurnOnline, reloadAtGameEnd, sameBoard, sleep, until, watchErrors,
  withServer,
} from './server.mjs';

const ROTATION = ['tabla', 'gulbara', 'tapa'];
// The game the rotation plays as game `n` (1 for the first): after a drawn
// Tapa comes Tabla, as after any Tapa.
const rotation = (n) => ROTATION[(n - 1) % 3];

// What each page says, in its language.
const WORDS = {
  en: {
    name: { tabla: 'Tabla', gulbara: 'Gul bara', tapa: 'Tapa' },
    offered: 'Tabla: Tabla, Gul bara, Tapa in turn',
    // The rules' note beside the board: Tabla's is Portes's, under its name; Tapa has none.
    note: { tabla: 'Tabla: a checker that is hit goes to the bar', gulbara: 'Gul bara: no hitting', tapa: '' },
    match: (n) => `Tabla match to ${n}`,
    white: 'White', black: 'Black', game: (n, g) => `Game ${n}: ${g}`, then: (g, next) => `${g}, then ${next}`,
    next: (g) => `Next game: ${g}`,
    won: (score) => `You win the match ${score}!`, lost: (score) => `Your friend wins the match ${score}.`,
  },
  bg: {
    name: { tabla: 'Табла', gulbara: 'Гюлбара', tapa: 'Тапа' },
    offered: 'Табла: Табла, Гюлбара, Тапа поред',
    note: { tabla: 'Табла: ударен пул отива на бара', gulbara: 'Гюлбара: не се бие', tapa: '' },
    match: (n) => `Мач Табла до ${n}`,
    white: 'Белите', black: 'Черните', game: (n, g) => `Партия ${n}: ${g}`, then: (g, next) => `${g}, после ${next}`,
    next: (g) => `Следваща партия: ${g}`,
    won: (score) => `Спечели мача ${score}!`, lost: (score) => `Приятелят ти печели мача ${score}.`,
  },
};

// The score line for the match state `m` in language `l`.
function scoreLine(m, l) {
  const w = WORDS[l], g = m.game;
  const head = g.next_game ? w.then(w.name[g.game], w.name[g.next_game]) : w.name[g.game];
  return `${w.match(m.match_to)} · ${w.white} ${m.score.white} – ${m.score.black} ${w.black} · ${w.game(g.number, head)}`;
}

// The page (in language `l`) shows the game of the API's state `m`, the
// rotation's, on its board and in its score line.
async function assertNamesGame(page, m, l, who) {
  assert.equal(m.game.game, rotation(m.game.number), `game ${m.game.number} is the rotation's`);
  assert.equal(m.game.next_game, m.over ? null : rotation(m.game.number + 1), 'the next game is the rotation\'s');
  assert.equal(await page.getAttribute('#board', 'data-game'), m.game.game, `${who}: the board is drawn as ${m.game.game}`);
  assert.equal(await page.textContent('#score'), scoreLine(m, l), `${who}: the score line`);
}

// The start of a game on a page in language `l`, at its first turn: headed
// by the game's own name (`Game 2: Gul bara. White won the last game and
// starts.`), the rules' note its own.
async function assertGameStart(page, m, l, who) {
  const w = WORDS[l], g = m.game;
  const head = `${w.game(g.number, w.name[g.game])}. `;
  const opening = await page.textContent('#opening');
  assert.ok(opening.startsWith(head), `${who}: "${opening}" begins "${head}"`);
  const note = await page.textContent('#game-note');
  assert.ok(w.note[g.game] ? note.startsWith(w.note[g.game]) : note === '', `${who}: the note on ${g.game}'s rules: "${note}"`);
  return opening.slice(head.length);
}

// The games of a finished match: in the rotation's order, all three played
// (no game scores more than 2, so 5 points take three games or more), the
// score their points, the winner on `length` or more.
function assertMatchPlayed(m, length) {
  assert.equal(m.over, true);
  const w = m.winner, l = w === 'white' ? 'black' : 'white';
  assert.ok(m.score[w] >= length && m.score[l] < length, `the winner has ${length} points or more: ${JSON.stringify(m.score)}`);
  const games = m.games.map((g) => g.game);
  assert.deepEqual(games, games.map((_, i) => rotation(i + 1)), `the games follow the rotation: ${games}`);
  const points = { white: 0, black: 0 };
  for (const g of m.games) {
    assert.ok(g.result, `game ${g.number} ended`);
    if (g.result.winner) points[g.result.winner] += g.result.points;
  }
  assert.deepEqual(points, m.score, 'the score is the games\' points');
  return { w, l, games, score: `${m.score[w]}–${m.score[l]}` };
}

// A page's context, its language set before the page loads and the
// computer playing at once.
async function context(browser, lang, viewport = { width: 1280, height: 820 }) {
  const c = await browser.newContext({ viewport });
  await c.addInitScript((l) => {
    if (!localStorage.getItem('plakoto-lang')) localStorage.setItem('plakoto-lang', l);
    localStorage.setItem('tavli-engine-delay', '0');
  }, lang);
  return c;
}

// The new-match dialog of `page` (open): the Tabla match is offered, named
// with its games, 5 points unless chosen; `choose` sets the rest, then it starts.
async function startTabla(page, lang, choose) {
  await page.waitForSelector('#new-dialog[open]');
  const offered = await page.$$eval('#match-games option', (os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(offered.find(([v]) => v === 'tabla'), ['tabla', WORDS[lang].offered], 'the Tabla match is offered by its games');
  const names = offered.map(([, n]) => n);
  assert.equal(new Set(names).size, names.length, `every kind of match has a name of its own: ${names}`);
  await page.selectOption('#match-games', 'tabla');
  assert.equal(await page.inputValue('#length'), '5', 'a Tabla match is 5 points unless chosen');
  await choose();
  await page.click('#new-start');
  await page.waitForURL(/\/match\/[A-Za-z0-9_-]+$/);
  return page.url().split('/').pop();
}

test('a whole Tabla match to 5 against the computer, chosen in the dialog and played by clicks', { timeout: 300000 }, async () => {
  await withServer('tabla', async (url, browser) => {
    const started = Date.now();
    const errors = [];
    const page = watchErrors(await (await context(browser, 'en')).newPage(), errors, 'person');
    const shot = (what) => page.screenshot({ path: path.join(artifacts, `tabla-${what}.png`) });
    await page.goto(url);
    const id = await startTabla(page, 'en', async () => {
      await page.check('input[name=opponent][value=engine]');
      await page.selectOption('#level', 'random');
      await page.selectOption('#color', 'white');
    });
    const state = () => api(url, 'GET', `/api/v1/matches/${id}`);
    const first = await state();
    assert.deepEqual([first.rules.games, first.match_to, first.opponent], ['tabla', 5, 'engine']);

    let turns = 0, hints = 0, reloaded = false;
    const headed = new Set(), ended = [], stages = { rolled: 0, ladder: 0, handed: 0 };
    for (let guard = 0; guard < 3000; guard++) {
      const { phase, m } = await personsPhase(page, state);
      if (phase === 'over') break;

      if (phase === 'ended') {
        // The finished game stays on screen, named, until the person goes on.
        const prev = m.previous_game;
        assert.equal(prev.game, rotation(prev.number));
        const check = async () => {
          assert.ok((await page.textContent('#status')).startsWith(`Game ${prev.number}: ${WORDS.en.name[prev.game]}: `),
            `the end of game ${prev.number} is told: ${await page.textContent('#status')}`);
          assert.equal(await page.getAttribute('#board', 'data-game'), prev.game, 'the board is still the finished game\'s');
          assert.equal(await page.textContent('#score'), scoreLine(m, 'en'), 'the score line names the game to come');
          assert.equal(await page.textContent('#next-game'), WORDS.en.next(WORDS.en.name[m.game.game]));
        };
        await check();
        if (!ended.length) await shot(`end-${prev.number}`);
        if (!reloaded) {
          // A reload shows the end of the game again.
          reloaded = true;
          await reloadAtGameEnd(page, check);
        }
        ended.push(`${prev.game} ${prev.result.winner || 'draw'} +${prev.result.points}`);
        await page.click('#next-game');
        await page.waitForFunction(() => document.body.dataset.phase !== 'ended', null, { timeout: 5000 });
        continue;
      }

      await assertNamesGame(page, m, 'en', 'the person');
      if (!headed.has(m.game.number)) {
        // Each game's start is headed by its own name and says who starts:
        // the last game's winner, or after a drawn Tapa the opening roll.
        headed.add(m.game.number);
        const starts = await assertGameStart(page, m, 'en', 'the person');
        const prev = m.games[m.game.number - 2];
        if (m.game.start === 'winner') assert.equal(starts, `${m.game.first === 'white' ? 'White' : 'Black'} won the last game and starts.`);
        else if (prev) {
          assert.ok(!prev.result.winner, 'only a draw is followed by an opening roll');
          assert.match(starts, /^After the drawn Tapa the rotation goes on to Tabla; the opening roll decides who starts\. Opening roll: /);
        }
        await shot(`start-${m.game.number}-${m.game.game}`);
        if (!m.game.stage) {
          // A hint, ranked by the chance to win the Tabla match at the score.
          await page.click('#hint');
          await page.waitForSelector('#hints li', { timeout: 30000 });
          assert.ok(await page.getAttribute('#hints li .eq', 'data-match'), `the hint in ${m.game.game} is for the match`);
          hints++;
        }
      }
      if (m.game.stage) {
        // A ladder's stage, or dice handed over: worded, and drawn as the stage's dice.
        stages[m.game.stage.kind]++;
        assert.notEqual(await page.textContent('#ladder'), '', 'the ladder is worded');
        assert.equal(await page.getAttribute('#dice', 'data-stage'), Array(m.game.stage.moves).fill(m.game.stage.die).join(','));
        if (m.game.stage.kind === 'handed' && stages.handed === 1) await shot('handed');
      }
      await playTurnByClicking(page, { drag: turns % 7 === 3 });
      await page.waitForFunction((v) => document.body.dataset.version !== v, String(m.version), { timeout: 30000 });
      turns++;
    }

    assert.equal((await body(page)).phase, 'over', 'the match was played to its end');
    const m = await state();
    const { w, games, score } = assertMatchPlayed(m, 5);
    assert.equal(await page.textContent('#status'), w === 'white' ? `You win the match ${score}!` : `The computer wins the match ${score}.`);
    await assertNamesGame(page, m, 'en', 'the person');
    assert.equal(await page.isVisible('#next-game'), false, 'no next game after the match');
    assert.deepEqual([...headed], m.games.map((g) => g.number), 'the person played in every game');
    assert.equal(ended.length, m.games.length - 1, 'every game but the last ended on screen before the next');
    await shot('over');

    // The match reviewed: every game headed by its own name, every
    // decision a turn, a reviewed turn's board drawn as its game's.
    await page.click('#review');
    const record = await api(url, 'GET', `/api/v1/matches/${id}/record`);
    const decisions = record.games.reduce((n, g) => n + g.turns.length, 0);
    await page.waitForFunction((n) => document.querySelectorAll('#review-turns li[data-turn]').length === n, decisions, { timeout: 120000 });
    const reviewed = await page.$$eval('#review-turns li.review-game', (ls) => ls.map((l) => [l.dataset.game, l.firstChild.textContent]));
    assert.deepEqual(reviewed.map(([g]) => g), games, 'each game reviewed under its own name');
    reviewed.forEach(([g, label], i) => assert.ok(label.startsWith(`Game ${i + 1}: ${WORDS.en.name[g]} (`), label));
    await page.click('#review-turns li[data-turn="1:0"]');
    await page.waitForFunction(() => document.getElementById('board').dataset.game === 'gulbara', null, { timeout: 10000 });
    await shot('review');
    await page.click('#review-close');
    assert.deepEqual(errors, [], 'no errors in the page');
    assert.ok(hints >= 3, `a hint in each game: ${hints}`);
    console.log(`# tabla against the computer: ${turns} decisions by clicks (Gul bara's stages ${JSON.stringify(stages)}), `
      + `games ${ended.concat(`${games.at(-1)} ${w}`).join(', ')}; ${w} won ${score} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  });
});

// The match online is played to 5, as against the computer: 200 to 400
// decisions by clicks, 1.5 to 3 minutes on two cores (3 would halve it,
// and might end before a Tapa).
const ONLINE_LENGTH = 5;

test(`two people play a Tabla match to ${ONLINE_LENGTH} online in two browsers, one in Bulgarian`, { timeout: 420000 }, async () => {
  await withServer('tabla-online', async (url, browser) => {
    const started = Date.now();
    const errors = [];
    const lang = { white: 'en', black: 'bg' };
    const A = watchErrors(await (await context(browser, lang.white, { width: 1180, height: 860 })).newPage(), errors, 'white');
    await A.goto(url);
    const id = await startTabla(A, 'en', async () => {
      await A.check('input[name=opponent][value=online]');
      await A.selectOption('#length', String(ONLINE_LENGTH));
      await A.selectOption('#color', 'white');
    });
    const state = () => api(url, 'GET', `/api/v1/matches/${id}`);
    await A.waitForSelector('#invite:not(.hidden)');
    const link = await A.inputValue('#invite-link');

    // The friend, whose page speaks Bulgarian, takes Black's seat by the link.
    const B = watchErrors(await (await context(browser, lang.black, { width: 1024, height: 768 })).newPage(), errors, 'black');
    await B.goto(link);
    await until(B, { seat: 'black', live: '1' }, 10000, 'the friend takes the seat');
    await until(A, { live: '1' }, 10000, 'the creator\'s live stream');
    assert.equal(await B.evaluate(() => document.documentElement.lang), 'bg');
    const pages = { white: A, black: B };

    let turns = 0, singles = 0;
    const endsSeen = { white: new Set(), black: new Set() }, begun = new Set(), stages = { rolled: 0, ladder: 0, handed: 0 };
    // A page that shows a game's end says it in its language, then goes on.
    const goOn = async (side, d) => {
      const P = pages[side], w = WORDS[lang[side]];
      const m = await state();
      const n = Number(d.game) - 1, prev = m.games[n - 1];
      assert.ok((await P.textContent('#status')).startsWith(`${w.game(n, w.name[prev.game])}: `), `${side} sees how game ${n} ended`);
      assert.equal(await P.getAttribute('#board', 'data-game'), prev.game, `${side}: the board is still the finished game's`);
      assert.equal(await P.textContent('#next-game'), w.next(w.name[rotation(n + 1)]), `${side}: Next game names the game to come`);
      if (!endsSeen[side].size) await P.screenshot({ path: path.join(artifacts, `tabla-online-end-${n}-${side}.png`) });
      endsSeen[side].add(n);
      await P.click('#next-game');
    };
    for (let guard = 0; guard < 2000; guard++) {
      let side = null;
      for (let i = 0; i < 200 && !side; i++) {
        const [a, b] = await Promise.all([body(A), body(B)]);
        if (a.phase === 'over' && b.phase === 'over') break;
        if (a.phase === 'ended') await goOn('white', a);
        if (b.phase === 'ended') await goOn('black', b);
        if (a.phase === 'human' && b.phase === 'waiting') side = 'white';
        else if (b.phase === 'human' && a.phase === 'waiting') side = 'black';
        else await sleep(50);
      }
      if (!side) break;
      const P = pages[side], O = pages[side === 'white' ? 'black' : 'white'];
      await sameBoard(P, [O], 'the turn\'s start');
      const m = await state();
      assert.equal(String(m.version), (await body(P)).version);
      for (const s of ['white', 'black']) await assertNamesGame(pages[s], m, lang[s], s);
      if (!begun.has(m.game.number)) {
        begun.add(m.game.number);
        for (const s of ['white', 'black']) await assertGameStart(pages[s], m, lang[s], s);
      }
      if (m.game.stage) stages[m.game.stage.kind]++;
      if (turns === 0) for (const s of ['white', 'black']) await pages[s].screenshot({ path: path.join(artifacts, `tabla-online-start-${s}.png`) });
      const played = await playTurnOnline(P, [O], { drag: (k) => k === 0 && turns % 5 === 2 });
      singles += played.singles;
      await until(O, { version: (await body(P)).version }, 2000, 'the play seen by the friend');
      turns++;
    }

    for (const p of [A, B]) await until(p, { phase: 'over' }, 2000, 'the end');
    const final = await state();
    const { w, l, games, score } = assertMatchPlayed(final, ONLINE_LENGTH);
    assert.equal(await pages[w].textContent('#status'), WORDS[lang[w]].won(score));
    assert.equal(await pages[l].textContent('#status'), WORDS[lang[l]].lost(score));
    for (const s of ['white', 'black']) {
      await assertNamesGame(pages[s], final, lang[s], s);
      assert.deepEqual([...endsSeen[s]].sort((x, y) => x - y), final.games.slice(0, -1).map((g) => g.number), `${s} saw every game's end but the last's`);
      await pages[s].screenshot({ path: path.join(artifacts, `tabla-online-over-${s}.png`) });
    }
    assert.deepEqual(errors, [], 'no errors in the pages');
    console.log(`# tabla online to ${ONLINE_LENGTH}: ${turns} decisions (${singles} single moves; Gul bara's stages ${JSON.stringify(stages)}) over ${games.join(', ')}; `
      + `${w} won ${score} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  });
});
