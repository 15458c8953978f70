// End-to-end: a person plays a whole game against the engine in a real
// headless Chromium (Debian's, driven by playwright-core), by clicking and
// dragging checkers on the SVG board; reloads the page midway, in the middle
// of a turn, and goes on with the single move made before it;
// switches to Greek; saves screenshots in test-artifacts/.
//
// Run by scripts/test-e2e, which builds the binary first. PLAKOTO_BIN
// chooses the binary (default target/release/plakoto).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const bin = process.env.PLAKOTO_BIN || path.join(root, 'target/release/plakoto');
const artifacts = path.join(root, 'test-artifacts');

async function startServer(db) {
  const proc = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--db', db], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the server did not start in 20 s')), 20000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/serving on (http:\/\/\S+?)\/?\s/);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`the server exited with ${code}`)); });
  });
  return { proc, url };
}

// Waits until the page is ready for the person (or the match is over).
async function settle(page) {
  await page.waitForFunction(() => ['human', 'over'].includes(document.body.dataset.phase), null, { timeout: 30000 });
  return page.evaluate(() => document.body.dataset.phase);
}

async function idle(page) {
  await page.waitForFunction(() => document.body.dataset.phase !== 'busy', null, { timeout: 30000 });
}

// Drags the checker on the first movable point to its first destination.
async function dragOne(page) {
  const src = await page.locator('[data-movable="1"]').first().boundingBox();
  const x = src.x + src.width / 2, y = src.y + src.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 15, y + 15, { steps: 3 });
  const dest = await page.locator('[data-dest="1"]').first().boundingBox();
  await page.mouse.move(dest.x + dest.width / 2, dest.y + dest.height / 2, { steps: 5 });
  await page.mouse.up();
  await idle(page);
}

// Plays one turn by clicking: a checker, then a highlighted destination if
// the click did not already play it, until the play is complete.
async function playTurnByClicking(page, { drag = false } = {}) {
  if (await page.evaluate(() => document.body.dataset.pass === '1')) {
    await page.click('#confirm');
    return 'pass';
  }
  for (let i = 0; i < 10; i++) {
    if (await page.isEnabled('#confirm')) break;
    if (drag && i === 0) { await dragOne(page); continue; }
    await page.locator('[data-movable="1"]').first().click();
    await idle(page);
    if (await page.locator('[data-dest="1"]').count()) {
      await page.locator('[data-dest="1"]').first().click();
      await idle(page);
    }
  }
  assert.ok(await page.isEnabled('#confirm'), 'the play should be complete after clicking');
  await page.click('#confirm');
  return 'play';
}

test('a whole game against the engine in the browser, with a reload midway', { timeout: 300000 }, async () => {
  mkdirSync(artifacts, { recursive: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'plakoto-e2e-'));
  const { proc, url } = await startServer(path.join(dir, 'e2e.db'));
  const context = await chromium.launchPersistentContext(path.join(dir, 'profile'), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 820 },
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync',
    ],
  });
  const errors = [];
  try {
    const page = context.pages()[0] || await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('dialog', (d) => d.accept());

    await page.goto(url);
    await page.evaluate(() => {
      localStorage.setItem('plakoto-engine-delay', '0');
      localStorage.setItem('plakoto-lang', 'en');
    });
    await page.reload();

    // New match: against the engine (random level, so a game takes seconds), to 1 point.
    await page.waitForSelector('#new-dialog[open]');
    await page.check('input[name=opponent][value=engine]');
    await page.selectOption('#level', 'random');
    await page.selectOption('#color', 'white');
    await page.selectOption('#length', '1');
    await page.click('#new-start');
    await page.waitForURL(/\/match\/[A-Za-z0-9_-]+$/);
    const matchUrl = page.url();
    assert.equal(await page.textContent('#title'), 'Plakoto');
    assert.match(await page.textContent('#opening'), /Opening roll: White \d, Black \d/);

    let turns = 0, passes = 0, reloaded = false, moved = false;
    for (let guard = 0; guard < 600; guard++) {
      if ((await settle(page)) === 'over') break;
      const kind = await playTurnByClicking(page, { drag: turns === 0 });
      if (kind === 'pass') passes++;
      turns++;
      if (turns === 4 && !reloaded) {
        // Reload midway: the same match, as it was after the last answered
        // move, with the single move of the turn in progress kept too.
        if ((await settle(page)) === 'human' && await page.isEnabled('#hint')) {
          // The hint: the best plays with equities, the first drawn on the board.
          await page.click('#hint');
          await idle(page);
          assert.ok(await page.locator('#hints li').count() >= 1, 'the hint lists plays');
          assert.ok(await page.locator('#board .arrow').count() >= 1, 'the hint is drawn on the board');
          if (await page.evaluate(() => document.body.dataset.pass !== '1')) {
            await page.locator('[data-movable="1"]').first().click();
            await idle(page);
            if (await page.locator('[data-dest="1"]').count()) {
              await page.locator('[data-dest="1"]').first().click();
              await idle(page);
            }
            moved = true;
          }
        }
        const before = await page.evaluate(() => {
          const d = document.body.dataset;
          return { v: d.version, n: d.turns, pending: d.pending };
        });
        if (moved) assert.ok(Number(before.pending) >= 1, 'a single move is pending before the reload');
        await page.screenshot({ path: path.join(artifacts, 'page-midgame.png') });
        await page.reload();
        await settle(page);
        assert.equal(page.url(), matchUrl);
        const after = await page.evaluate(() => {
          const d = document.body.dataset;
          return { v: d.version, n: d.turns, pending: d.pending };
        });
        assert.deepEqual(after, before, 'the reloaded page shows the match as it was');
        reloaded = true;
        // Switch to Greek once, and play on in Greek.
        await page.click('#lang');
        assert.equal(await page.textContent('#title'), 'Πλακωτό');
        assert.equal(await page.evaluate(() => document.documentElement.lang), 'el');
        assert.match(await page.textContent('#confirm'), /Επιβεβαίωση|Πάσο/);
      }
    }
    assert.ok(reloaded, 'the game lasted past the reload');
    assert.equal(await settle(page), 'over');
    const status = await page.textContent('#status');
    assert.match(status, /Κέρδισες τον αγώνα|Ο υπολογιστής κερδίζει τον αγώνα/);
    assert.notEqual(await page.textContent('#game-result'), '');
    await page.locator('#board').screenshot({ path: path.join(artifacts, 'board.png') });
    await page.screenshot({ path: path.join(artifacts, 'page-end.png') });

    // The API agrees: the match is over and has a winner.
    const id = matchUrl.split('/').pop();
    const state = await (await fetch(`${url}/api/v1/matches/${id}`)).json();
    assert.equal(state.over, true);
    assert.ok(['white', 'black'].includes(state.winner));
    assert.deepEqual(errors, [], 'no errors in the page');
    console.log(`# played ${turns} turns by clicking (${passes} passes); ${state.winner} won ${JSON.stringify(state.score)}; `
      + `a single move ${moved ? 'was' : 'was not'} pending over the reload`);
  } finally {
    await context.close();
    proc.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
});
