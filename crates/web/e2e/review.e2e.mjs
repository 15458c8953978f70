// End-to-end, game review in the browser: the review of a match being
// played (its graph of the chances with the marked plays, the summary per
// player, the list of plays), a click on a play showing the board before
// it with the play made and the best play drawn, the arrow keys stepping
// through the turns, another depth, the record's download link; then a
// move list pasted into "Review a game", and a bad one refused naming its
// line. Screenshot: test-artifacts/review.png. Imported by play.test.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { artifacts, launchBrowser, startServer, withServer } from './server.mjs';

async function api(url, method, p, body) {
  const res = await fetch(`${url}${p}`, {
    method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json();
  assert.ok(res.ok, `${method} ${p}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

test('a match reviewed in the browser, and a move list pasted in', { timeout: 120000 }, async () => {
  mkdirSync(artifacts, { recursive: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'plakoto-e2e-review-'));
  const server = await startServer(path.join(dir, 'review.db'));
  const browser = await launchBrowser();
  try {
    const { url } = server;
    // Eight turns between two people on one device, some with the last
    // play listed (often a poor one), so that there are marks.
    let m = await api(url, 'POST', '/api/v1/matches', { opponent: 'human', length: 3, seed: 21 });
    for (let i = 0; i < 8; i++) {
      const plays = m.game.plays;
      const play = i % 2 ? plays[plays.length - 1] : plays[0];
      m = await api(url, 'POST', `/api/v1/matches/${m.id}/play`, { moves: play.moves, version: m.version });
    }
    const expected = await api(url, 'GET', `/api/v1/matches/${m.id}/review?ply=1`);
    const turns = expected.games[0].turns;
    assert.equal(turns.length, 8);

    const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${url}/match/${m.id}`);
    await page.waitForFunction(() => document.body.dataset.phase === 'human');
    const before = await page.evaluate(() => document.body.dataset.board);

    await page.click('#review');
    await page.waitForFunction(() => document.querySelectorAll('#review-turns li[data-turn]').length === 8);
    assert.equal(await page.evaluate(() => document.body.dataset.reviewing), '1');
    assert.ok(await page.isHidden('#controls'), 'the game controls give way to the review');
    assert.equal(await page.locator('#review-summary tr[data-side]').count(), 2, 'a summary row per player');
    assert.equal(await page.locator('#review-graph path.graph-win').count(), 1, 'the graph of the chances');
    const marked = turns.filter((x) => x.mark !== 'none').length;
    assert.equal(await page.locator('#review-graph circle.graph-mark').count(), marked, 'a dot per marked play');

    // A click on a play: the board before it, the play made drawn, and the
    // best play when it was not the one made.
    const k = Math.max(0, turns.findIndex((x) => x.loss > 0));
    await page.click(`#review-turns li[data-turn="0:${k}"]`);
    await page.waitForFunction((sel) => document.body.dataset.reviewTurn === sel, `0:${k}`);
    assert.equal(await page.evaluate(() => document.body.dataset.board), turns[k].position, 'the board before the play');
    assert.ok(await page.locator('[data-review="played"]').count() >= 1, 'the play made is drawn');
    assert.equal(await page.locator('[data-review="best"]').count() > 0, turns[k].loss > 0, 'the best play is drawn when it differs');
    assert.equal(await page.getAttribute('#dice', 'data-dice'), `${turns[k].dice[0]}-${turns[k].dice[1]}`, 'the roll of that turn');
    assert.equal(await page.locator('[data-movable="1"]').count(), 0, 'nothing moves while reviewing');
    await page.screenshot({ path: path.join(artifacts, 'review.png') });
    const next = Math.min(7, k + 1);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((sel) => document.body.dataset.reviewTurn === sel, `0:${next}`);
    assert.equal(await page.evaluate(() => document.body.dataset.board), turns[next].position);

    // Another depth; the record to download.
    await page.selectOption('#review-ply', '0');
    await page.waitForFunction(() => /0/.test(document.getElementById('review-heading').textContent) && !document.getElementById('review-status').textContent);
    assert.equal(await page.getAttribute('#review-download', 'href'), `/api/v1/matches/${m.id}/record`);

    // Closed: the match as it was, the person on roll again.
    await page.click('#review-close');
    await page.waitForFunction(() => document.body.dataset.reviewing === '0' && document.body.dataset.phase === 'human');
    assert.equal(await page.evaluate(() => document.body.dataset.board), before);

    // A move list pasted in is reviewed the same way; a bad one is refused.
    await page.click('#review-record');
    await page.fill('#review-text', 'white starts\n6-4: 24/18 24/20\n5-3: 24/19 24/21\n');
    await page.click('#review-go');
    await page.waitForFunction(() => document.querySelectorAll('#review-turns li[data-turn]').length === 2);
    assert.ok(!(await page.isVisible('#review-dialog')), 'the dialog closes');
    assert.ok(await page.isHidden('#review-download'), 'no download for a record that came from the person');
    await page.click('#review-close');
    await page.click('#review-record');
    await page.fill('#review-text', 'white starts\n6-4: 24/18 24/20\n5-3: 24/12\n');
    await page.click('#review-go');
    await page.waitForFunction(() => document.getElementById('review-error').textContent.includes('line 3'));
    assert.ok(await page.isVisible('#review-dialog'), 'the dialog stays open with the fault');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.proc.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});

// A whole game reviewed at 2-ply on the page: the review is a job on the
// server, and the page shows its progress (the turns done, a bar) until
// the review comes, then the review with its depth in the heading. By
// default a game of 52 turns; TAVLI_LONG_TESTS=1 reviews one of 103
// (the case: a 2-ply review of an ordinary game used to run out
// of time). Screenshot: test-artifacts/review-progress.png.
const LONG = process.env.TAVLI_LONG_TESTS === '1';

test('a whole game reviewed at 2-ply shows its progress, then the review', { timeout: LONG ? 600000 : 180000 }, async () => {
  mkdirSync(artifacts, { recursive: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'plakoto-e2e-review2-'));
  const server = await startServer(path.join(dir, 'review2.db'));
  const browser = await launchBrowser();
  try {
    const { url } = server;
    // A single game between two people to its end, plays picked along the list.
    const seed = LONG ? 2 : 3;
    let m = await api(url, 'POST', '/api/v1/matches', { opponent: 'human', length: 1, seed });
    let n = 0;
    while (!m.over) {
      const plays = m.game.plays;
      m = await api(url, 'POST', `/api/v1/matches/${m.id}/play`, { moves: plays[(n * 7) % plays.length].moves, version: m.version });
      n++;
    }
    assert.equal(n, LONG ? 103 : 52);

    const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${url}/match/${m.id}`);
    await page.waitForFunction(() => document.body.dataset.phase === 'over');
    await page.click('#review');
    await page.waitForFunction((k) => document.querySelectorAll('#review-turns li[data-turn]').length === k
      && /1/.test(document.getElementById('review-heading').textContent) && !document.getElementById('review-status').textContent, n);
    assert.deepEqual(await page.$$eval('#review-ply option', (os) => os.map((o) => o.disabled)), [false, false, false],
      'a game of this length is reviewed at every depth');

    const t0 = Date.now();
    await page.selectOption('#review-ply', '2');
    // Under way: the turns done in words and on a bar, growing.
    await page.waitForFunction(() => /turn [1-9]\d* of \d+/.test(document.getElementById('review-status').textContent), null, { timeout: LONG ? 300000 : 120000 });
    const first = await page.evaluate(() => ({
      text: document.getElementById('review-status').textContent,
      value: document.getElementById('review-progress').value,
      max: document.getElementById('review-progress').max,
      shown: !document.getElementById('review-progress').classList.contains('hidden'),
      heading: document.getElementById('review-heading').textContent,
    }));
    assert.ok(first.shown, 'the progress bar is shown');
    assert.equal(first.max, n);
    assert.match(first.text, new RegExp(`^Reviewing at 2-ply: turn \\d+ of ${n}`));
    assert.match(first.heading, /1-ply/, 'the heading names the depth of the review shown, not of the one under way');
    await page.screenshot({ path: path.join(artifacts, 'review-progress.png') });
    // In Greek too.
    await page.selectOption('#lang', 'el');
    await page.waitForFunction((k) => new RegExp(`κίνηση \\d+ από ${k}`).test(document.getElementById('review-status').textContent), n);
    await page.selectOption('#lang', 'en');
    await page.waitForFunction((v) => document.getElementById('review-progress').value > v, first.value, { timeout: LONG ? 300000 : 120000 });

    // Done: the review at 2-ply, every turn listed, the bar gone.
    await page.waitForFunction(() => /2-ply/.test(document.getElementById('review-heading').textContent), null, { timeout: LONG ? 540000 : 160000 });
    const seconds = (Date.now() - t0) / 1000;
    assert.equal(await page.locator('#review-turns li[data-turn]').count(), n);
    assert.ok(await page.isHidden('#review-progress'));
    assert.equal(await page.textContent('#review-status'), '');
    assert.equal(await page.inputValue('#review-ply'), '2');
    console.log(`# ${n} turns reviewed at 2-ply on the page in ${seconds.toFixed(1)} s`);

    // The same again: at once, from the server's cache.
    await page.selectOption('#review-ply', '1');
    await page.waitForFunction(() => /1-ply/.test(document.getElementById('review-heading').textContent));
    const t1 = Date.now();
    await page.selectOption('#review-ply', '2');
    await page.waitForFunction(() => /2-ply/.test(document.getElementById('review-heading').textContent));
    assert.ok(Date.now() - t1 < 5000, `the cached review took ${Date.now() - t1} ms`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.proc.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});

// A Tavli match reviewed on the page: each game named in the list with
// its own figures and on the graph, the chance to win the match drawn,
// and a chosen turn's board drawn in that turn's game (Portes's bar,
// then Plakoto's board). Screenshot: test-artifacts/review-tavli.png.
test('a Tavli match reviewed game by game on the page', { timeout: 180000 }, async () => {
  await withServer('review3', async (url, browser) => {
    // Two people on one device play Portes to its end, then three turns of Plakoto.
    let m = await api(url, 'POST', '/api/v1/matches', { opponent: 'human', games: 'tavli', length: 3, seed: 4 });
    let n = 0;
    while (m.games.length < 2 || m.games[1].turns < 3) {
      const plays = m.game.plays;
      m = await api(url, 'POST', `/api/v1/matches/${m.id}/play`, { moves: plays[(n * 5) % plays.length].moves, version: m.version });
      n++;
      assert.ok(n < 2000, 'Portes ends');
    }
    assert.equal(m.game.game, 'plakoto');
    const expected = await api(url, 'GET', `/api/v1/matches/${m.id}/review?ply=1`);
    assert.deepEqual(expected.games.map((g) => g.game), ['portes', 'plakoto']);
    const portesTurns = expected.games[0].turns.length;

    const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${url}/match/${m.id}`);
    await page.evaluate(() => localStorage.setItem('plakoto-lang', 'en'));
    await page.waitForFunction(() => document.body.dataset.phase === 'human');
    await page.click('#review');
    await page.waitForFunction((k) => document.querySelectorAll('#review-turns li[data-turn]').length === k, n);
    // The games in the list, named, each with its figures.
    const heads = await page.$$eval('#review-turns li.review-game', (ls) => ls.map((l) => ({ game: l.dataset.game, text: l.textContent })));
    assert.deepEqual(heads.map((h) => h.game), ['portes', 'plakoto']);
    assert.match(heads[0].text, /^Game 1: Portes \(0–0\)/);
    assert.match(heads[1].text, /^Game 2: Plakoto/);
    for (const h of heads) assert.match(h.text, /White [\d.]+ \(.+\), luck [+−-][\d.]+ · Black/, h.text);
    // The graph: the chance to win the match, and each game's name.
    assert.equal(await page.locator('#review-graph path.graph-match').count(), 1, 'the match line');
    const labels = await page.$$eval('#review-graph .graph-game-label', (ts) => ts.map((x) => x.textContent));
    assert.deepEqual(labels, ['Game 1: Portes', 'Game 2: Plakoto']);
    assert.match(await page.textContent('#review-graph-title'), /win the match/);
    // The summary says the results the adjusted figures come from, how each
    // is made, and the chance to win the match the plays gave away (issue
    // 41 item 6).
    const line = await page.textContent('#review-summary tr.review-result');
    assert.match(line, /^Result: White [+−][\d.]+, Black [+−][\d.]+ · chance to win the match given away by the plays: White [\d.]+%, Black [\d.]+%$/, line);
    const value = (x) => Number(x.replace('−', '-'));
    for (const side of ['white', 'black']) {
      const title = await page.getAttribute(`#review-summary tr[data-side=${side}] td:nth-child(6)`, 'title');
      const [result, mine, theirs, x] = title.match(/[+−][\d.]+/g).map(value);
      assert.ok(Math.abs(result - mine + theirs - x) < 0.003, title);
      assert.ok(Math.abs(result - expected.players[side].result) < 0.0006, title);
    }

    // A Portes turn where a checker was on the bar, if any, else the first:
    // the board is Portes's; then a Plakoto turn: the board is Plakoto's.
    const onBar = expected.positions[0].findIndex((p) => (p.bar?.white || 0) + (p.bar?.black || 0) > 0);
    const k = Math.max(0, onBar);
    await page.click(`#review-turns li[data-turn="0:${k}"]`);
    await page.waitForSelector('#board[data-game=portes]');
    assert.equal(await page.evaluate(() => document.body.dataset.board), expected.games[0].turns[k].position);
    if (onBar >= 0) assert.ok(await page.locator('#board [data-bar]').count() > 0, 'the bar is drawn');
    await page.screenshot({ path: path.join(artifacts, 'review-tavli.png') });
    await page.click('#review-turns li[data-turn="1:1"]');
    await page.waitForSelector('#board[data-game=plakoto]');
    assert.equal(await page.evaluate(() => document.body.dataset.board), expected.games[1].turns[1].position);
    assert.ok(portesTurns > 10);

    // In Greek, the games by their Greek names.
    await page.selectOption('#lang', 'el');
    await page.waitForFunction(() => /Πόρτες/.test(document.querySelector('#review-turns li.review-game').textContent));
    // Closed: the match as it is, Plakoto's board.
    await page.click('#review-close');
    await page.waitForSelector('#board[data-game=plakoto]');
    assert.deepEqual(errors, []);
  });
});
