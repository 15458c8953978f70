// What the browser tests share: the binary under test, where screenshots
// go, starting `tavli serve` on a free port, and launching Debian's
// headless Chromium.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../../..');
export const bin = process.env.TAVLI_BIN || path.join(root, 'target/release/tavli');
export const artifacts = path.join(root, 'test-artifacts');

const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];

// Starts `tavli serve` on `db` at `addr` (with `args` more); resolves to
// { proc, url } once it serves.
export async function startServer(db, addr = '127.0.0.1:0', args = []) {
  const proc = spawn(bin, ['serve', '--addr', addr, '--db', db, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
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

// A headless Chromium browser.
export function launchBrowser() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

// A headless Chromium with its profile in `profileDir`, at `viewport`.
export function launchPersistent(profileDir, viewport) {
  return chromium.launchPersistentContext(profileDir, { executablePath: '/usr/bin/chromium', headless: true, viewport, args: CHROMIUM_ARGS });
}

// ---- Helpers for the page, shared by the browser tests.

// How soon the other browsers of a match online must see a move, a play or
// a presence change.
export const LIVE_MS = 2000;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Stops a server started by startServer and waits until it has exited.
export async function stopServer(server, signal = 'SIGTERM') {
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) return;
  const gone = new Promise((r) => server.proc.once('exit', r));
  server.proc.kill(signal);
  await gone;
}

// A JSON request to the server's API, asserted to succeed.
export async function api(url, method, p, body) {
  const res = await fetch(`${url}${p}`, {
    method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json();
  assert.ok(res.ok, `${method} ${p}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

// A page at `viewport` (and the `context`'s other options) in `lang`, its
// errors collected (not the refusals the page asks for on purpose, 422).
export async function openPage(browser, url, { viewport = { width: 1280, height: 820 }, lang = 'en', context = {} } = {}) {
  const page = await browser.newPage({ viewport, ...context });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' && !/status of 422/.test(m.text())) errors.push(m.text()); });
  await page.goto(url);
  await page.evaluate((l) => {
    localStorage.setItem('tavli-engine-delay', '0');
    localStorage.setItem('plakoto-lang', l);
  }, lang);
  return { page, errors };
}

// The page's body data attributes (phase, version, game, board, seat…).
export const body = (page) => page.evaluate(() => ({ ...document.body.dataset }));

// Collects the errors `page` logs or throws into `errors`, each marked
// `who`, and accepts its dialogs (a resignation's confirmation).
export function watchErrors(page, errors, who) {
  page.on('pageerror', (e) => errors.push(`${who}: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`${who}: ${m.text()}`); });
  page.on('dialog', (d) => d.accept());
  return page;
}

// Waits until the page is not busy with a request.
export async function idle(page) {
  await page.waitForFunction(() => document.body.dataset.phase !== 'busy', null, { timeout: 30000 });
}

// Waits until the page is ready for the person (or the match is over).
// A game that ended without ending the match (a draw in a 1-point match)
// stays shown until the person goes on: go on.
export async function settle(page) {
  const ready = ['human', 'over', 'ended'];
  await page.waitForFunction((r) => r.includes(document.body.dataset.phase), ready, { timeout: 30000 });
  if (await page.evaluate(() => document.body.dataset.phase) === 'ended') {
    await page.click('#next-game');
    return settle(page);
  }
  return page.evaluate(() => document.body.dataset.phase);
}

// In a match against the computer: waits until the person is to act, a
// game has ended or the match is over, and says which (`human`, `ended`,
// `over`) with the API's match state (`state()`), the one the page shows
// (nothing is asked meanwhile: the computer's turns are asked by the
// page, which is idle).
export async function personsPhase(page, state) {
  await page.waitForFunction(() => ['human', 'ended', 'over'].includes(document.body.dataset.phase), null, { timeout: 30000 });
  const phase = (await body(page)).phase;
  if (phase === 'over') return { phase, m: null };
  const m = await state();
  assert.equal((await body(page)).version, String(m.version), 'the page shows the match as the server has it');
  return { phase, m };
}

// Reloads `page`, which shows the end of a game: the end stays shown, as
// `check` asserts.
export async function reloadAtGameEnd(page, check) {
  await page.reload();
  await page.waitForFunction(() => ['ended', 'human', 'engine', 'over'].includes(document.body.dataset.phase), null, { timeout: 30000 });
  assert.equal((await body(page)).phase, 'ended', 'the end of the game stays over a reload');
  await check();
}

// Waits, at most `ms`, until the page's body data attributes include `want`.
export async function until(page, want, ms = LIVE_MS, what = '') {
  try {
    await page.waitForFunction((w) => Object.entries(w).every(([k, v]) => document.body.dataset[k] === String(v)), want, { timeout: ms });
  } catch (e) {
    throw new Error(`${what || JSON.stringify(want)} not seen within ${ms} ms: the page shows ${JSON.stringify(await body(page))}`);
  }
}

// Waits, at most `ms`, until the text of `sel` matches `re`.
export async function untilText(page, sel, re, ms = LIVE_MS) {
  try {
    await page.waitForFunction(([s, src]) => new RegExp(src).test(document.querySelector(s)?.textContent || ''), [sel, re.source], { timeout: ms });
  } catch {
    throw new Error(`${sel} does not match ${re} within ${ms} ms: "${await page.textContent(sel)}"`);
  }
}

const centre = (box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

// `p` (viewport coordinates), refused with `what` named when it lies outside
// the page's viewport, where a pointer event would reach nothing.
function inView(page, p, what) {
  const size = page.viewportSize();
  if (!size) return p;
  const { width, height } = size;
  assert.ok(p.x >= 0 && p.y >= 0 && p.x < width && p.y < height, `${what} at ${JSON.stringify(p)} lies outside the ${width}×${height} viewport`);
  return p;
}

// Drags the checker on the first movable point to its first destination,
// with the mouse, or with a finger when `touch`.
export async function dragOne(page, { touch = false } = {}) {
  const before = Number((await body(page)).pending);
  // The mouse and the finger act at viewport coordinates, and a click on a
  // button below the board (Next game, on a short window) leaves the page
  // scrolled: the board is brought into view first, as a person would, and
  // each point pressed must lie in the viewport.
  await page.locator('#board').scrollIntoViewIfNeeded();
  const a = inView(page, centre(await page.locator('#board rect.hit[data-movable="1"]').first().boundingBox()), 'the checker dragged');
  if (touch) {
    // The destinations are lit once the checker is picked by the drag; a
    // finger is put down, moved past the drag threshold, then to the first.
    const cdp = await page.context().newCDPSession(page);
    try {
      const at = (p) => [{ x: p.x, y: p.y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(a) });
      for (let i = 1; i <= 3; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at({ x: a.x + 5 * i, y: a.y + 5 * i }) });
      const b = inView(page, centre(await page.locator('#board rect.hit[data-dest="1"]').first().boundingBox()), 'the destination');
      for (let i = 1; i <= 5; i++) {
        const p = { x: a.x + 15 + ((b.x - a.x - 15) * i) / 5, y: a.y + 15 + ((b.y - a.y - 15) * i) / 5 };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(p) });
      }
      // The finger rests on the destination before it is lifted, as a
      // person's does. Lifted while moving fast, the tap after it was lost
      // now and then (Confirm, when the drag completed the play: 4 runs of
      // the phone's Tavli match in 11), a fling, it seems, that the tap
      // only stopped; resting, 6 runs in 6 passed.
      await sleep(150);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(b) });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    } finally {
      await cdp.detach();
    }
  } else {
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(a.x + 15, a.y + 15, { steps: 3 });
    const b = inView(page, centre(await page.locator('#board rect.hit[data-dest="1"]').first().boundingBox()), 'the destination');
    await page.mouse.move(b.x, b.y, { steps: 5 });
    await page.mouse.up();
  }
  await idle(page);
  assert.equal(Number((await body(page)).pending), before + 1, `the ${touch ? 'finger' : 'mouse'} dragged a checker to its destination`);
}

// A click, or a tap with a finger when `touch`.
const press = (locator, touch) => (touch ? locator.tap() : locator.click());

// Plays one turn by clicking (tapping when `touch`): a checker, then a
// highlighted destination if the click did not already play it, until the
// play is complete; the first single move dragged when `drag`.
export async function playTurnByClicking(page, { drag = false, touch = false } = {}) {
  if (await page.evaluate(() => document.body.dataset.pass === '1')) {
    await press(page.locator('#confirm'), touch);
    return 'pass';
  }
  for (let i = 0; i < 10; i++) {
    if (await page.isEnabled('#confirm')) break;
    if (drag && i === 0) { await dragOne(page, { touch }); continue; }
    await press(page.locator('#board rect.hit[data-movable="1"]').first(), touch);
    await idle(page);
    if (await page.locator('#board rect.hit[data-dest="1"]').count()) {
      await press(page.locator('#board rect.hit[data-dest="1"]').first(), touch);
      await idle(page);
    }
  }
  assert.ok(await page.isEnabled('#confirm'), 'the play should be complete after clicking');
  await press(page.locator('#confirm'), touch);
  return 'play';
}

// One single move by the seat on roll: a click on the first movable checker
// and (when it has a choice) on its first destination, or a drag there.
// True when it moved a checker.
export async function oneMove(page, drag) {
  const before = Number((await body(page)).pending);
  if (drag) {
    await dragOne(page);
  } else {
    await page.locator('#board rect.hit[data-movable="1"]').first().click();
    await idle(page);
    if (Number((await body(page)).pending) === before && await page.locator('#board rect.hit[data-dest="1"]').count()) {
      await page.locator('#board rect.hit[data-dest="1"]').first().click();
      await idle(page);
    }
  }
  return Number((await body(page)).pending) > before;
}

// The pages `watchers` show the board as the mover's page shows it
// (mid-turn too), within LIVE_MS.
export async function sameBoard(mover, watchers, what) {
  const b = await body(mover);
  await Promise.all(watchers.map((w) => until(w, { version: b.version, pending: b.pending, board: b.board }, LIVE_MS, what)));
}

// The seat on roll (page `mover`) plays its turn online one checker at a
// time (`drag(k)` says whether the k-th single move is dragged), the
// `watchers` seeing every single move as it is made; `afterMove()` runs
// after each one (it may look, reload or take the move back). A pass is
// confirmed as it is. Resolves once the play is in (the mover's page past
// its version), with whether it was a pass and the single moves made.
export async function playTurnOnline(mover, watchers, { drag = () => false, afterMove = async () => {} } = {}) {
  const v0 = (await body(mover)).version;
  let singles = 0;
  const passed = (await body(mover)).pass === '1';
  if (passed) {
    await mover.click('#confirm');
  } else {
    for (let k = 0; k < 10 && !(await mover.isEnabled('#confirm')); k++) {
      if (!await oneMove(mover, drag(k))) continue;
      singles++;
      await sameBoard(mover, watchers, 'a single move');
      await afterMove();
    }
    assert.ok(await mover.isEnabled('#confirm'), 'the play is complete');
    await mover.click('#confirm');
  }
  await mover.waitForFunction((v) => document.body.dataset.version !== v && document.body.dataset.phase !== 'busy', v0, { timeout: 30000 });
  return { passed, singles };
}

// A server over a database of its own and a browser for `body(url,
// browser)`, both stopped and the database removed however it ends.
// Resigns the game for all the rules give: clicks Resign (`tap` on a
// phone), then, where the rules give more than a single game and the page
// asks how many, the whole of it (where they give 1, the page's confirm is
// accepted by the test's dialog handler).
export async function resignAll(page, { tap = false } = {}) {
  const press = (sel) => (tap ? page.tap(sel) : page.click(sel));
  await press('#resign');
  const asked = await page.waitForSelector('#resign-dialog[open]', { timeout: 2000 }).then(() => true, () => false);
  if (asked) await press('#resign-all');
}

export async function withServer(name, body) {
  mkdirSync(artifacts, { recursive: true });
  const dir = mkdtempSync(path.join(tmpdir(), `plakoto-e2e-${name}-`));
  const server = await startServer(path.join(dir, `${name}.db`));
  const browser = await launchBrowser();
  try {
    await body(server.url, browser);
  } finally {
    await browser.close();
    server.proc.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
