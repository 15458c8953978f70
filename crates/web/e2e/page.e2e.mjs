// End-to-end, what a player meets between the games of a match and in the
// review panel (issue 27), one test per fault:
//
// - the review panel inside the page at 1280 px and at 390 px: every cell
//   of the summary and the Close button in view, nothing wider than the
//   screen;
// - the last play's marks leave a stack's count readable;
// - the end of a game inside a match: the final board, the last play
//   marked and the result stay shown, and the engine does not start the
//   next game, until the player goes on;
// - the review of a match drawn from the player's side (Black here): the
//   chance to win and to win double, with a turn axis and the games
//   labelled.
//
// Screenshots: test-artifacts/game-end*.png, review-desktop.png,
// review-phone.png. Imported by play.test.mjs; run alone with
// `node --test page.e2e.mjs`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { artifacts, withServer } from './server.mjs';

async function api(url, method, p, body) {
  const res = await fetch(`${url}${p}`, {
    method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json();
  assert.ok(res.ok, `${method} ${p}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

// White (the engine) bears its last checker off with any roll, Black (the
// person) has borne off none: White wins game 1 double, and starts game 2.
const LAST_ROLL = { turn: 'white', board: { 1: 1, 12: -15 }, pinned: {}, off: { white: 14, black: 0 } };

// The right edge of every element matching `sel` past the right edge of
// `box` (or of the viewport).
async function overflow(page, sel, box) {
  return page.evaluate(([s, b]) => {
    const limit = b ? document.querySelector(b).getBoundingClientRect().right : document.documentElement.clientWidth;
    return [...document.querySelectorAll(s)]
      .map((e) => ({ text: e.textContent || e.id, right: e.getBoundingClientRect().right }))
      .filter((e) => e.right > limit + 0.5)
      .map((e) => `${e.text} ends at ${e.right.toFixed(0)} px, past ${limit.toFixed(0)} px`);
  }, [sel, box]);
}

// A server and a browser for `body`, cleaned up after it.
async function openPage(browser, url, viewport) {
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  await page.goto(url);
  await page.evaluate(() => {
    localStorage.setItem('tavli-engine-delay', '0');
    localStorage.setItem('plakoto-lang', 'en');
  });
  return { page, errors };
}

// A match between two people with `n` turns played.
async function playedMatch(url, n, seed = 21) {
  let m = await api(url, 'POST', '/api/v1/matches', { opponent: 'human', length: 3, seed });
  for (let i = 0; i < n; i++) {
    const plays = m.game.plays;
    const play = i % 2 ? plays[plays.length - 1] : plays[0];
    m = await api(url, 'POST', `/api/v1/matches/${m.id}/play`, { moves: play.moves, version: m.version });
  }
  return m;
}

test('the review panel fits a 1280 px desktop and a 390 px phone', { timeout: 120000 }, async () => {
  await withServer('review-fit', async (url, browser) => {
    const m = await playedMatch(url, 6);
    const { page, errors } = await openPage(browser, url, { width: 1280, height: 820 });
    await page.goto(`${url}/match/${m.id}`);
    await page.waitForFunction(() => document.body.dataset.phase === 'human');
    await page.click('#review');
    await page.waitForFunction(() => document.querySelectorAll('#review-summary tr[data-side]').length === 2, null, { timeout: 30000 });
    assert.deepEqual(await overflow(page, '#review-summary th, #review-summary td', 'aside'), [], 'the summary fits the panel');
    assert.deepEqual(await overflow(page, '#review-close'), [], 'Close is in view');
    await page.screenshot({ path: path.join(artifacts, 'review-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => document.documentElement.clientWidth === 390);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.equal(width, 390, `the page is ${width} px wide on a 390 px phone`);
    assert.deepEqual(await overflow(page, '#review-close, #review-summary th, #review-summary td, #review-graph'), [], 'the review fits the phone');
    await page.screenshot({ path: path.join(artifacts, 'review-phone.png'), fullPage: true });
    assert.deepEqual(errors, [], 'no errors in the page');
  });
});

// White to move with a checker on each of its points 2 to 7: whatever the
// roll, a play lands on its point 1, a stack of eight.
const TALL_STACK = { turn: 'white', board: { 1: 8, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 2, 24: -15 }, pinned: {}, off: { white: 0, black: 0 } };

test('the last play\'s marks leave a tall stack\'s count readable', { timeout: 120000 }, async () => {
  await withServer('count', async (url, browser) => {
    let m = await api(url, 'POST', '/api/v1/matches', { opponent: 'human', length: 1, position: TALL_STACK });
    // One landing there (the match's roll is random: with two, as 4/1 3/1
    // on 3-2, the point has two rings).
    const play = m.game.plays.find((p) => p.moves.filter(([, to]) => to === 1).length === 1);
    assert.ok(play, 'a play lands on point 1 once');
    m = await api(url, 'POST', `/api/v1/matches/${m.id}/play`, { moves: play.moves, version: m.version });
    const n = m.game.position.board[1];
    const { page, errors } = await openPage(browser, url, { width: 1280, height: 820 });
    await page.goto(`${url}/match/${m.id}`);
    await page.waitForFunction(() => document.body.dataset.phase === 'human');
    const to = page.locator('#board circle.last-to[data-point="1"]');
    assert.equal(await to.count(), 1, 'the landing on point 1 is ringed');
    const count = page.locator('#board text.count', { hasText: String(n) });
    assert.equal(await count.count(), 1, `the count ${n} is drawn`);
    // Drawn after (over) every mark of the last play, with a halo.
    const over = await page.evaluate(() => {
      const c = [...document.querySelectorAll('#board text.count')];
      const marks = [...document.querySelectorAll('#board .last-play *')];
      return c.every((t) => marks.every((mk) => mk.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING));
    });
    assert.ok(over, 'the counts are drawn over the last play\'s rings and arrows');
    assert.equal(await count.evaluate((t) => getComputedStyle(t).paintOrder.startsWith('stroke')), true, 'the count has a halo');
    await page.locator('#board').screenshot({ path: path.join(artifacts, 'count-over-last-play.png') });
    assert.deepEqual(errors, []);
  });
});

for (const viewport of [{ width: 1280, height: 820 }, { width: 390, height: 844 }]) {
  test(`the end of a game in a match is shown until the player goes on (${viewport.width} px)`, { timeout: 120000 }, async () => {
    await withServer('game-end', async (url, browser) => {
      const m = await api(url, 'POST', '/api/v1/matches', {
        opponent: 'engine', level: 'random', human_color: 'black', length: 3, position: LAST_ROLL,
      });
      const { page, errors } = await openPage(browser, url, viewport);
      await page.goto(`${url}/match/${m.id}`);
      // The engine bears off and wins game 1: its final board, the last
      // play marked, the result; game 2 waits for the player.
      await page.waitForFunction(() => document.body.dataset.phase === 'ended', null, { timeout: 30000 });
      await new Promise((r) => setTimeout(r, 300));
      const state = await api(url, 'GET', `/api/v1/matches/${m.id}`);
      assert.equal(state.game.number, 2, 'the server is at game 2');
      assert.equal(state.game.log.length, 0, 'the engine has not played game 2 while the end of game 1 is shown');
      const prev = state.previous_game;
      assert.equal(prev.number, 1);
      assert.equal(prev.last.notation, '1/off');
      assert.deepEqual(prev.result, state.games[0].result);
      assert.equal(await page.evaluate(() => document.body.dataset.board), prev.position_id, 'the final board of game 1');
      assert.equal(await page.getAttribute('#board g.last-play', 'data-last-play'), '1/off', 'the last play is marked');
      assert.equal(await page.textContent('#status'), 'Game 1: White bears off all checkers and wins 2 points. A double game!');
      assert.match(await page.textContent('#last-play'), /White \d-\d: 1\/off/);
      assert.match(await page.textContent('#notice'), /Match score: White 2, Black 0/);
      assert.equal(await page.locator('#board #dice').count(), 0, 'no dice on the finished board');
      assert.deepEqual(prev.pips, { white: 0, black: 195 }, 'the final pip counts of game 1');
      assert.match(await page.textContent('#players'), /0 pips · 15 off/, 'the final pip counts');
      for (const sel of ['#undo', '#confirm', '#hint', '#resign']) assert.ok(await page.isDisabled(sel), `${sel} is disabled`);
      assert.ok(await page.isVisible('#next-game'));
      await page.selectOption('#lang', 'el');
      assert.equal(await page.textContent('#next-game'), 'Επόμενη παρτίδα');
      await page.selectOption('#lang', 'en');
      await page.screenshot({ path: path.join(artifacts, `game-end-${viewport.width}.png`), fullPage: true });
      // Also after a reload, until the player goes on.
      await page.reload();
      await page.waitForFunction(() => document.body.dataset.phase === 'ended');
      // Next game: the engine (the winner) starts it.
      await page.click('#next-game');
      await page.waitForFunction(() => Number(document.body.dataset.turns) >= 1
        && ['human', 'over'].includes(document.body.dataset.phase), null, { timeout: 30000 });
      assert.ok(await page.isHidden('#next-game'));
      assert.equal((await api(url, 'GET', `/api/v1/matches/${m.id}`)).game.log.length >= 1, true, 'game 2 goes on');
      assert.deepEqual(errors, [], 'no errors in the page');
    });
  });
}

test('the review graph: the player\'s side, a turn axis, the games labelled', { timeout: 120000 }, async () => {
  await withServer('graph', async (url, browser) => {
    const m = await api(url, 'POST', '/api/v1/matches', {
      opponent: 'engine', level: 'random', human_color: 'black', length: 3, position: LAST_ROLL,
    });
    const { page, errors } = await openPage(browser, url, { width: 1280, height: 820 });
    await page.goto(`${url}/match/${m.id}`);
    // Game 1 ends at once; go on, and the engine plays game 2's first turn.
    await page.waitForFunction(() => ['ended', 'human'].includes(document.body.dataset.phase), null, { timeout: 30000 });
    if (await page.isVisible('#next-game')) await page.click('#next-game');
    await page.waitForFunction(() => document.body.dataset.game === '2' && Number(document.body.dataset.turns) >= 1
      && ['human', 'over'].includes(document.body.dataset.phase), null, { timeout: 30000 });
    const review = await api(url, 'GET', `/api/v1/matches/${m.id}/review?ply=1`);
    const n = review.games.reduce((k, g) => k + g.turns.length, 0);
    await page.click('#review');
    await page.waitForFunction((k) => document.querySelectorAll('#review-turns li[data-turn]').length === k, n, { timeout: 30000 });
    assert.equal(await page.getAttribute('#review-graph', 'data-side'), 'black', 'the graph shows the player\'s chances');
    assert.match(await page.textContent('#review-graph-title'), /^Black’s chances after each turn/);
    assert.deepEqual(await page.$$eval('#review-graph text.graph-game-label', (ts) => ts.map((x) => x.textContent)), ['Game 1', 'Game 2']);
    assert.ok(await page.locator('#review-graph text.graph-turn').count() >= 2, 'the turn axis is numbered');
    const first = review.games[0].turns[0];
    const y = await page.$eval('#review-graph path.graph-win', (p) => p.getAttribute('data-first'));
    assert.ok(Math.abs(Number(y) - (1 - first.white_win)) < 1e-6, `Black's first chance ${y} is 1 − White's win ${first.white_win}`);
    // Black's chance to win double too, as White's is drawn for White.
    assert.equal(await page.locator('#review-graph path.graph-double').count(), 1, 'the double-win line from Black\'s side');
    const d0 = await page.$eval('#review-graph path.graph-double', (p) => p.getAttribute('data-first'));
    assert.equal(Number(d0), first.white_lose_double, 'Black\'s double win is White\'s double loss');
    const doubles = await page.$eval('#review-graph path.graph-double', (p) => p.getAttribute('d'));
    assert.equal(doubles.split(/[ML]/).filter(Boolean).length, n, 'a point for every turn');
    const wins = await page.$eval('#review-graph path.graph-win', (p) => p.getAttribute('d'));
    assert.notEqual(doubles, wins, 'not the win line again');
    assert.match(await page.textContent('#review-graph-title'), /win the match \(thick violet\), win the game \(solid\), win it double \(dashed\)/);
    // In a match, Black's chance to win the match over the turns.
    const m0 = await page.$eval('#review-graph path.graph-match', (p) => p.getAttribute('data-first'));
    assert.ok(Math.abs(Number(m0) - (1 - first.white_match)) < 1e-6, `Black's match chance ${m0} is 1 − White's ${first.white_match}`);
    // A match: each decision shows the chance to win the match it was
    // judged by beside the equity, the loss as that chance lost.
    const g2 = review.games[1].turns;
    const k = g2.findIndex((x) => !x.forced);
    assert.ok(k >= 0 && g2[k].match_winning_chance != null, 'the review gives the chance to win the match');
    const line = await page.textContent(`#review-turns li[data-turn="1:${k}"] small`);
    const eq = `${g2[k].equity < 0 ? '−' : '+'}${Math.abs(g2[k].equity).toFixed(3)}`;
    assert.ok(line.includes(`match ${(100 * g2[k].match_winning_chance).toFixed(1)}% · ${eq}`), line);
    if (g2[k].loss > 0) {
      const lost = Math.max(0, g2[k].best_match_winning_chance - g2[k].match_winning_chance);
      assert.ok(line.includes(`−${(100 * lost).toFixed(1)}% of the match`), line);
    }
    // The graph and the summary (a rating as long as Supernatural) in the panel.
    assert.deepEqual(await overflow(page, '#review-summary th, #review-summary td, #review-graph text', 'aside'), [], 'the review fits the panel');
    await page.locator('#review-panel').screenshot({ path: path.join(artifacts, 'review-graph-black.png') });
    await page.selectOption('#lang', 'el');
    assert.match(await page.textContent('#review-graph-title'), /^Οι πιθανότητες των Μαύρων.*νίκη στην παρτίδα \(συνεχής\), διπλή νίκη \(διακεκομμένη\)/);
    assert.match(await page.textContent(`#review-turns li[data-turn="1:${k}"] small`), /αγώνας \d+,\d%/);
    assert.deepEqual(await page.$$eval('#review-graph text.graph-game-label', (ts) => ts.map((x) => x.textContent)), ['Παρτίδα 1', 'Παρτίδα 2']);
    await page.selectOption('#lang', 'en');
    assert.deepEqual(errors, [], 'no errors in the page');
  });
});
