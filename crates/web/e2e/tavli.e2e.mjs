// End-to-end, Tavli's games on the page (issue 30), one test per fault:
//
// - Portes: a checker on the bar; the points it can enter on are lit
//   before it is picked, it enters by two clicks (the bar, then a lit
//   point), and the play is confirmed;
// - Fevga: the shared way round, each side's start and home are drawn,
//   and a click on a checker the runner rule holds back says why;
// - a Tavli match from the new-match dialog: the score line names the
//   match, the game and the next one, and the board is Portes's.
//
// Screenshots: test-artifacts/tavli-*.png. Imported by play.test.mjs; run
// alone with `node --test tavli.e2e.mjs`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, artifacts, launchBrowser, startServer } from './server.mjs';

async function withPage(name, viewport, body) {
  mkdirSync(artifacts, { recursive: true });
  const dir = mkdtempSync(path.join(tmpdir(), `plakoto-e2e-${name}-`));
  const server = await startServer(path.join(dir, 'tavli.db'));
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(server.url);
    await page.evaluate(() => {
      localStorage.setItem('tavli-engine-delay', '0');
      localStorage.setItem('plakoto-lang', 'en');
    });
    await body(server.url, page);
    assert.deepEqual(errors, [], 'no error in the page');
  } finally {
    await browser.close();
    server.proc.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

// White has a checker on the bar (two people on one device, White on roll).
const ON_BAR = {
  game: 'portes', turn: 'white', bar: { white: 1 },
  board: { 24: 1, 13: 5, 8: 3, 6: 5, 1: -2, 12: -5, 17: -3, 19: -5 },
};

test('Portes: a checker on the bar enters on a lit point', async () => {
  await withPage('portes', { width: 1280, height: 900 }, async (url, page) => {
    const m = await api(url, 'POST', '/api/v1/matches', { opponent: 'human', games: 'portes', position: ON_BAR, seed: 5 });
    await page.goto(`${url}/match/${m.id}`);
    await page.waitForSelector('#board[data-game=portes] [data-bar=white]');
    // The entering points, lit before the checker is picked, are the
    // server's legal entries (White enters on 19 to 24).
    const entries = (m.game.entry.legal_moves.filter(([f]) => f === 25).map(([, to]) => to)).sort((a, b) => a - b);
    const lit = await page.$$eval('[data-entry]', (es) => es.map((e) => Number(e.dataset.entry)).sort((a, b) => a - b));
    assert.deepEqual(lit, [...new Set(entries)], 'the lit points are where the checker can enter');
    assert.ok(lit.every((p) => p >= 19), `White enters in Black's home: ${lit}`);
    assert.match(await page.textContent('#game-note'), /bar/);
    await page.screenshot({ path: path.join(artifacts, 'tavli-portes-bar.png') });
    // A click on another checker says it must enter first.
    await page.click('.hit[data-point="13"]');
    assert.match(await page.textContent('#why'), /on the bar/);
    // The bar, then a lit point: the checker enters.
    await page.click('.hit[data-point="bar"]');
    await page.click(`.hit[data-point="${lit[0]}"]`);
    await page.waitForFunction(() => !document.querySelector('[data-bar=white]'));
    // The rest of the roll: the first legal next moves, then confirm.
    for (let i = 0; i < 4 && await page.isDisabled('#confirm'); i++) {
      const movable = await page.$('.hit[data-movable="1"]');
      if (!movable) break;
      await movable.click();
      const dest = await page.$('.hit[data-dest="1"]');
      if (dest) await dest.click();
      await page.waitForTimeout(150);
    }
    await page.click('#confirm');
    await page.waitForFunction(() => /Black/.test(document.querySelector('#status').textContent));
    const after = await api(url, 'GET', `/api/v1/matches/${m.id}`);
    assert.equal(after.game.log[0].moves[0][0], 25, 'the play entered from the bar');
  });
});

test('Fevga: the way round, starts and homes drawn; the runner rule explained', async () => {
  const runner = { game: 'fevga', turn: 'white', board: { 24: 14, 13: 1, 12: -15 } };
  await withPage('fevga', { width: 390, height: 844 }, async (url, page) => {
    // A roll the runner can play (a 1 is blocked by Black's start on 12).
    let m;
    for (let seed = 7; !m || m.game.plays[0].notation === 'pass'; seed++) {
      m = await api(url, 'POST', '/api/v1/matches', { opponent: 'human', games: 'fevga', position: runner, seed });
    }
    await page.goto(`${url}/match/${m.id}`);
    await page.waitForSelector('#board[data-game=fevga] [data-travel]');
    for (const side of ['white', 'black']) {
      assert.ok(await page.$(`[data-home=${side}]`), `${side}'s home is marked`);
      assert.ok(await page.$(`[data-start=${side}]`), `${side}'s start is marked`);
    }
    await page.click('.hit[data-point="24"]');
    assert.match(await page.textContent('#why'), /only your runner may move/i);
    assert.match(await page.textContent('#game-note'), /runner/);
    await page.screenshot({ path: path.join(artifacts, 'tavli-fevga-runner.png') });
  });
});

test('a Tavli match from the dialog names the match, the game and the next', async () => {
  await withPage('tavli', { width: 1280, height: 900 }, async (url, page) => {
    // A first visit opens the dialog by itself.
    await page.waitForSelector('#new-dialog[open]');
    await page.check('input[name=opponent][value=engine]');
    await page.selectOption('#match-games', 'tavli');
    assert.equal(await page.inputValue('#length'), '5', 'a Tavli match is 5 points unless chosen');
    await page.selectOption('#level', 'random');
    await page.selectOption('#color', 'white');
    await page.click('#new-start');
    await page.waitForSelector('#board[data-game=portes]');
    assert.match(await page.textContent('#score'), /Tavli match to 5 .* Game 1: Portes, then Plakoto/);
    assert.match(await page.textContent('#opening'), /Game 1: Portes\. Opening roll:/);
    await page.screenshot({ path: path.join(artifacts, 'tavli-match.png') });
    // The next new match offers Tavli again.
    await page.click('#new');
    await page.waitForSelector('#new-dialog[open]');
    assert.equal(await page.inputValue('#match-games'), 'tavli');
  });
});
