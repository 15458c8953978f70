// End-to-end, in a real headless Chromium (Debian's, driven by
// playwright-core):
//
// 1. A person plays a whole game against the engine by clicking and dragging
//    checkers on the SVG board; sees the engine's last play marked and both
//    numberings on the board; asks for a hint (2-ply, with win and
//    double-win chances), and in the middle of a turn for a hint that says
//    what the moves so far cost; reloads the page in the middle of a turn
//    and goes on with the single move made before it; asks how one of its
//    past plays ranked; switches to Greek.
// 2. A match from a set-up position typed into the new-match dialog: the
//    position ID shown and copied, clicks that cannot move anything get the
//    server's reason, a drop on a point the checker cannot reach gets the
//    server's refusal, and the board at phone width (390 px) has legible
//    point numbers and pip counts.
// 3. Online (online.e2e.mjs, imported here so that the same command runs
//    it): two browsers play a whole match against each other while a third
//    watches, each seeing the other's single moves and plays live.
//
// Screenshots go to test-artifacts/.
//
// Run by scripts/test-e2e, which builds the binary first. TAVLI_BIN
// chooses the binary (default target/release/tavli).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { artifacts, idle, launchPersistent, playTurnByClicking, settle, startServer } from './server.mjs';
import './online.e2e.mjs';
import './review.e2e.mjs';
import './page.e2e.mjs';
import './tavli.e2e.mjs';
import './tavli-match.e2e.mjs';
import './gulbara.e2e.mjs';
import './tabla-match.e2e.mjs';
import './resign.e2e.mjs';
import './players41.e2e.mjs';
import './route13.e2e.mjs';

const GREEN = 'rgb(31, 122, 77)'; // --accent, the enabled Confirm

async function launch(dir, viewport = { width: 1280, height: 820 }) {
  return launchPersistent(path.join(dir, 'profile'), viewport);
}

async function post(url, p, body) {
  const res = await fetch(`${url}${p}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

async function matchState(page, url) {
  const id = page.url().split('/').pop();
  return (await fetch(`${url}/api/v1/matches/${id}`)).json();
}

// A disabled button must not look like an enabled one (the green Confirm).
async function assertLooksDisabled(page, sel, when) {
  assert.equal(await page.isDisabled(sel), true, `${sel} is disabled ${when}`);
  const bg = await page.$eval(sel, (e) => getComputedStyle(e).backgroundColor);
  assert.notEqual(bg, GREEN, `${sel} does not stay green when disabled ${when}`);
}

// Text the person sees, without the language menu (which names each language in itself).
async function visibleText(page) {
  return page.evaluate(() => {
    const lang = document.getElementById('lang');
    lang.style.display = 'none';
    const s = document.body.innerText;
    lang.style.display = '';
    return s;
  });
}

// Both numberings on the board: the viewer's large, the opponent's small,
// the two adding up to 25 on every point.
async function assertBothNumberings(page) {
  const labels = await page.$$eval('#board text.num', (ts) => ts.map((t) => ({
    own: t.classList.contains('num-own'), point: t.dataset.point, n: Number(t.textContent),
    size: parseFloat(getComputedStyle(t).fontSize),
  })));
  const own = labels.filter((l) => l.own), theirs = labels.filter((l) => !l.own);
  assert.equal(own.length, 24, 'every point has the viewer\'s number');
  assert.equal(theirs.length, 24, 'every point has the opponent\'s number');
  for (const o of own) {
    const t = theirs.find((x) => x.point === o.point);
    assert.equal(o.n + t.n, 25, `point ${o.point}: the two numberings add up to 25`);
    assert.ok(o.size > t.size, 'the viewer\'s number is the prominent one');
  }
}

// The rendered size (CSS px) of board text: its font size times the SVG's scale.
async function renderedSizes(page, sel) {
  return page.$$eval(sel, (ts) => {
    const k = document.getElementById('board').getScreenCTM().a;
    return ts.map((t) => ({
      font: parseFloat(getComputedStyle(t).fontSize) * k,
      height: t.getBoundingClientRect().height,
    }));
  });
}

// Makes one single move on the board by clicking: the checker, then (if the
// click did not already move it) the destination.
async function clickMove(page, from, to) {
  await page.click(`#board rect.hit[data-point="${from}"]`);
  await idle(page);
  const pending = () => page.evaluate(() => Number(document.body.dataset.pending));
  const before = await pending();
  if (await page.locator(`#board rect.hit[data-dest="1"]`).count()) {
    await page.click(`#board rect.hit[data-point="${to === 0 ? 'off' : to}"]`);
    await idle(page);
  }
  return (await pending()) > before || before > 0;
}

// Drags the checker on point `from` and drops it on point `to` (board numbering).
async function dragTo(page, from, to) {
  const a = await page.locator(`#board rect.hit[data-point="${from}"]`).boundingBox();
  const b = await page.locator(`#board rect.hit[data-point="${to}"]`).boundingBox();
  const x = a.x + a.width / 2, y = a.y + a.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 15, y + 15, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
  await idle(page);
}

test('a whole game against the engine in the browser, with a reload midway', { timeout: 300000 }, async () => {
  mkdirSync(artifacts, { recursive: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'plakoto-e2e-'));
  const { proc, url } = await startServer(path.join(dir, 'e2e.db'));
  const context = await launch(dir);
  const errors = [];
  try {
    const page = context.pages()[0] || await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('dialog', (d) => d.accept());

    await page.goto(url);
    await page.evaluate(() => {
      localStorage.setItem('tavli-engine-delay', '0');
      localStorage.setItem('plakoto-lang', 'en');
    });
    await page.reload();

    // New match: against the engine (random level, so a game takes seconds), to 1 point.
    await page.waitForSelector('#new-dialog[open]');
    await page.check('input[name=opponent][value=engine]');
    await page.selectOption('#level', 'random');
    // The chosen level's description, from /api/v1/levels.
    const levels = await (await fetch(`${url}/api/v1/levels`)).json();
    assert.equal(await page.textContent('#level-about'), levels.find((l) => l.name === 'random').about);
    await page.selectOption('#color', 'white');
    // A Tavli match to 5 unless chosen otherwise.
    assert.equal(await page.inputValue('#match-games'), 'tavli');
    assert.equal(await page.inputValue('#length'), '5');
    await page.selectOption('#match-games', 'plakoto');
    await page.selectOption('#length', '1');
    await page.click('#new-start');
    await page.waitForURL(/\/match\/[A-Za-z0-9_-]+$/);
    const matchUrl = page.url();
    assert.equal(await page.textContent('#title'), 'Tavli');
    assert.match(await page.textContent('#opening'), /Opening roll: White \d, Black \d/);

    let turns = 0, passes = 0, reloaded = false, moved = false, lossy = null;
    let marked = 0, checkedFirstTurn = false, ranked = null;
    for (let guard = 0; guard < 600; guard++) {
      if ((await settle(page)) === 'over') break;
      const m = await matchState(page, url);
      const last = m.game.log[m.game.log.length - 1];
      const pending = await page.evaluate(() => Number(document.body.dataset.pending));
      // The engine's last play is marked on the board until the person moves.
      if (last && last.side === 'black' && last.moves.length && pending === 0) {
        assert.ok(await page.locator('#board [data-last-play]').count() >= 1, 'the engine\'s last play is marked on the board');
        assert.equal(await page.getAttribute('#board g.last-play', 'data-last-play'), last.notation);
        assert.match(await page.textContent('#last-play'), new RegExp(`(Black|Μαύρα) ${last.dice[0]}-${last.dice[1]}: ${last.notation.replace(/[()*]/g, '\\$&')}`));
        if (marked++ === 0) await page.locator('#board').screenshot({ path: path.join(artifacts, 'board-last-play.png') });
      }
      if (!checkedFirstTurn && !reloaded && await page.evaluate(() => document.body.dataset.pass !== '1')) {
        checkedFirstTurn = true;
        await assertBothNumberings(page);
        assert.match(await page.textContent('#numbering'), /small numbers on the board are Black’s/);
        await assertLooksDisabled(page, '#confirm', 'at the start of a turn');
        // English only, in English: no Greek word anywhere on the page.
        assert.doesNotMatch(await visibleText(page), /[\u0370-\u03ff\u1f00-\u1fff]/, 'the English page has no Greek in it');
        // A click on a point with nothing to move says why, as the server put it.
        // (Not a point topped by the opponent's checkers: the page says
        // whose those are.)
        const theirs = (p) => (m.game.position.turn === 'white' ? -1 : 1) * (m.game.position.board[p] || 0) > 0;
        const stuck = (await page.$$eval('#board rect.hit[data-movable="0"]', (rs) => rs.map((r) => r.dataset.point)))
          .filter((p) => p !== 'off' && !theirs(p));
        const ts = (await post(url, '/api/v1/turn', { position: m.game.position, dice: m.game.dice, moves: [] })).body;
        await page.click(`#board rect.hit[data-point="${stuck[0]}"]`);
        const why = ts.why_not[stuck[0]];
        assert.ok(why, `the server says why point ${stuck[0]} cannot move`);
        assert.equal(await page.textContent('#why'), why.charAt(0).toUpperCase() + why.slice(1) + '.');
      }
      if (turns >= 4 && !reloaded && (await settle(page)) === 'human' && await page.isEnabled('#hint')) {
        // The hint: the best plays at 2-ply with equities and the chances to
        // win and to win double, the first drawn on the board.
        await page.click('#hint');
        await idle(page);
        assert.ok(await page.locator('#hints li').count() >= 1, 'the hint lists plays');
        assert.ok(await page.locator('#board .arrow').count() >= 1, 'the hint is drawn on the board');
        assert.equal(await page.getAttribute('#hints', 'data-ply'), '2', 'the hint is searched 2-ply');
        assert.match(await page.textContent('#hints h2'), /Best plays · 2-ply/);
        assert.match(await page.textContent('#hints li .odds'), /^win \d+\.\d% · double \d+\.\d% · lose double \d+\.\d% · \d-ply$/);
        // One single move, then the hint again: it ranks what can follow and
        // says what the move cost. The test picks a costly move when there is one.
        const g = (await matchState(page, url)).game;
        const firsts = [...new Map(g.entry.legal_moves.map((mv) => [mv.join('/'), mv])).values()];
        let pick = firsts[0], cost = 0;
        for (const mv of firsts) {
          const r = (await post(url, '/api/v1/hint', { position: g.position, dice: g.dice, moves: [mv], ply: 2, max: 1 })).body;
          if (r.loss > 0.0005) { pick = mv; cost = r.loss; break; }
        }
        await clickMove(page, pick[0], pick[1]);
        assert.equal(await page.evaluate(() => document.body.dataset.pending), '1', 'one single move made');
        moved = true;
        assert.equal(await page.locator('#board [data-last-play]').count(), 0, 'the last-play mark goes once the person moves');
        if (await page.isEnabled('#hint')) {
          await page.click('#hint');
          await idle(page);
          assert.equal(await page.getAttribute('#hints', 'data-mid'), '1', 'the mid-turn hint sends the moves made');
          const said = await page.textContent('#hint-loss');
          if (cost > 0) {
            lossy = `${pick.join('/')} lost ${cost.toFixed(3)}`;
            const shown = said.match(/^Your moves so far lose (\d\.\d{3})\. Best play: .+\.$/);
            assert.ok(shown, `the mid-turn hint says what the move cost: ${said}`);
            assert.ok(Math.abs(Number(shown[1]) - cost) < 0.002, `the cost shown (${shown[1]}) is the API's (${cost})`);
          } else {
            assert.equal(said, 'Your moves so far lose nothing.');
          }
          await page.screenshot({ path: path.join(artifacts, 'page-hint-midturn.png') });
        }
        // Reload midway: the same match, as it was after the last answered
        // move, with the single move of the turn in progress kept too.
        const before = await page.evaluate(() => {
          const d = document.body.dataset;
          return { v: d.version, n: d.turns, pending: d.pending };
        });
        assert.ok(Number(before.pending) >= 1, 'a single move is pending before the reload');
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
        // How one of the person's own past plays ranked, from the log.
        const mine = page.locator('#log button.rank');
        if (await mine.count()) {
          const i = Number(await mine.first().getAttribute('data-index'));
          await mine.first().click();
          await page.waitForFunction(() => {
            const r = document.querySelector('#log .rank-result');
            return r && r.textContent !== 'ranking…';
          }, null, { timeout: 30000 });
          ranked = await page.textContent('#log .rank-result');
          const e = (await matchState(page, url)).game.log[i];
          const r = (await post(url, '/api/v1/hint', { position: e.position_id, dice: e.dice, played: e.moves, ply: 2, max: 1 })).body;
          const p = r.played;
          if (p.of <= 1) assert.equal(ranked, 'your play was the only legal play');
          else if (p.rank === 1) assert.equal(ranked, `your play was the best of ${p.of}`);
          else {
            const best = r.plays[0].notation.replace(/[()*]/g, '\\$&');
            const shown = ranked.match(new RegExp(`^your play was the ${p.rank}(?:st|nd|rd|th) best of ${p.of}, −(\\d+\\.\\d{3}) \\(best ${best}\\)$`));
            assert.ok(shown, `the rank of the play: ${ranked}`);
            assert.ok(Math.abs(Number(shown[1]) - p.loss) < 0.002, 'the loss shown is the API\'s');
          }
        }
        // Switch to Greek once, and play on in Greek.
        await page.selectOption('#lang', 'el');
        assert.equal(await page.textContent('#title'), 'Τάβλι');
        assert.equal(await page.evaluate(() => document.documentElement.lang), 'el');
        assert.match(await page.textContent('#confirm'), /Επιβεβαίωση|Πάσο/);
        assert.equal(await page.textContent('#hint'), 'Υπόδειξη');
        assert.match(await page.textContent('#players'), /\d+ βήματα/);
        assert.match(await page.textContent('#board'), /Άσπρα \d+ βήματα/);
        assert.doesNotMatch(await visibleText(page), /πιπς/);
      }
      const kind = await playTurnByClicking(page, { drag: turns === 0 });
      if (kind === 'pass') passes++;
      turns++;
    }
    assert.ok(reloaded, 'the game lasted past the reload');
    assert.equal(await settle(page), 'over');
    const status = await page.textContent('#status');
    assert.match(status, /Κέρδισες τον αγώνα|Ο υπολογιστής κερδίζει τον αγώνα/);
    assert.notEqual(await page.textContent('#game-result'), '');
    await assertLooksDisabled(page, '#confirm', 'at game over');
    await page.locator('#board').screenshot({ path: path.join(artifacts, 'board.png') });
    await page.screenshot({ path: path.join(artifacts, 'page-end.png') });

    // The API agrees: the match is over and has a winner.
    const id = matchUrl.split('/').pop();
    const state = await (await fetch(`${url}/api/v1/matches/${id}`)).json();
    assert.equal(state.over, true);
    assert.ok(['white', 'black'].includes(state.winner));
    assert.deepEqual(errors, [], 'no errors in the page');
    assert.ok(marked >= 1, 'the engine\'s last play was marked at least once');
    console.log(`# played ${turns} turns by clicking (${passes} passes); ${state.winner} won ${JSON.stringify(state.score)}; `
      + `a single move ${moved ? 'was' : 'was not'} pending over the reload; the last play marked ${marked} times; `
      + `mid-turn hint: ${lossy || 'no costly first move'}; ranked: ${ranked || 'none'}`);
  } finally {
    await context.close();
    proc.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
});

// A position with a pin each way: White's checker pinned on White's 14, a
// Black checker pinned under White's on White's 5; some checkers borne off.
const SETUP = {
  turn: 'white',
  board: { 24: 6, 13: 2, 8: 2, 5: 1, 14: -1, 1: -9, 19: -2, 20: -1 },
  pinned: { 14: 'white', 5: 'black' },
  off: { white: 3, black: 1 },
};

test('a match from a set-up position: its ID, why a click cannot move, and the board on a phone', { timeout: 120000 }, async () => {
  mkdirSync(artifacts, { recursive: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'plakoto-e2e-'));
  const { proc, url } = await startServer(path.join(dir, 'e2e.db'));
  const context = await launch(dir);
  const errors = [];
  try {
    const id = (await post(url, '/api/v1/eval', { position: SETUP, ply: 0 })).body.id;
    assert.match(id, /^[A-Za-z0-9_-]+$/);
    const page = context.pages()[0] || await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    // The page asks /turn and /matches on purpose with what they refuse
    // (422); the browser logs those responses, which are not faults.
    page.on('console', (m) => { if (m.type() === 'error' && !/status of 422/.test(m.text())) errors.push(m.text()); });
    await page.goto(url);
    await page.evaluate(() => {
      localStorage.setItem('tavli-engine-delay', '0');
      localStorage.setItem('plakoto-lang', 'en');
    });
    await page.reload();

    // The new-match dialog: a position that cannot be read is refused in the dialog.
    await page.waitForSelector('#new-dialog[open]');
    await page.check('input[name=opponent][value=engine]');
    await page.selectOption('#level', 'random');
    await page.selectOption('#color', 'white');
    await page.selectOption('#match-games', 'plakoto');
    await page.selectOption('#length', '1');
    await page.fill('#position-input', 'not a position');
    await page.click('#new-start');
    await page.waitForFunction(() => document.getElementById('new-error').textContent !== '');
    assert.ok(await page.isVisible('#new-dialog[open]'), 'the dialog stays open to correct the position');
    assert.equal(await page.textContent('#level-about'), 'any legal play, at random');
    await page.screenshot({ path: path.join(artifacts, 'page-new-match.png') });
    // Its ID starts the match from it, White on roll.
    await page.fill('#position-input', id);
    await page.click('#new-start');
    await page.waitForURL(/\/match\/[A-Za-z0-9_-]+$/);
    assert.equal(await settle(page), 'human');
    assert.equal(await page.textContent('#position-id'), id, 'the position ID is shown');
    assert.match(await page.textContent('#opening'), /set-up position, White on roll/);
    const m = await matchState(page, url);
    assert.equal(m.game.position_id, id);
    assert.deepEqual(m.game.position.pinned, { 14: 'white', 5: 'black' });

    // The copy button copies it.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    await page.click('#copy-id');
    await page.waitForFunction(() => document.getElementById('copy-id').textContent === 'Copied', null, { timeout: 5000 });
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), id, 'the clipboard holds the position ID');

    await assertLooksDisabled(page, '#confirm', 'before any move');
    await assertLooksDisabled(page, '#undo', 'before any move');
    assert.equal(await page.locator('#board .pinned-mark').count(), 2, 'both pinned checkers are ringed');
    await page.screenshot({ path: path.join(artifacts, 'page-setup.png') });

    // Clicks that cannot move anything say why: a pinned checker, an empty
    // point, the opponent's checkers.
    await page.click('#board rect.hit[data-point="14"]');
    assert.equal(await page.textContent('#why'), 'Your checker on point 14 is pinned and cannot move.');
    await page.click('#board rect.hit[data-point="10"]');
    assert.equal(await page.textContent('#why'), 'You have no checker on point 10.');
    await page.click('#board rect.hit[data-point="19"]');
    assert.equal(await page.textContent('#why'), 'The checker on point 19 is your opponent\'s; you move your own.');

    // A checker dropped where it cannot go: the server's refusal is shown,
    // and nothing is moved.
    const ts = (await post(url, '/api/v1/turn', { position: m.game.position, dice: m.game.dice, moves: [] })).body;
    let refusal = null;
    for (const [from] of ts.legal_moves) {
      const dests = ts.legal_moves.filter(([f]) => f === from).map(([, to]) => to);
      for (let to = from - 1; to >= 1 && !refusal; to--) {
        if (dests.includes(to)) continue;
        const r = await post(url, '/api/v1/turn', { position: m.game.position, dice: m.game.dice, moves: [[from, to]] });
        if (r.status === 422) refusal = { from, to, message: r.body.error.message };
      }
      if (refusal) break;
    }
    assert.ok(refusal, 'some drop is illegal');
    await dragTo(page, refusal.from, refusal.to);
    // Worded by the page from the reason's code, as the server's message
    // says it in English, once (not "15/1: 15/1 is 14 pips…").
    const expected = refusal.message.charAt(0).toUpperCase() + refusal.message.slice(1) + '.';
    assert.equal(await page.textContent('#why'), expected, 'the refusal of /turn is shown');
    assert.doesNotMatch(expected, /^(\d+\/\w+): \1/, 'the move is named once');
    assert.equal(await page.evaluate(() => document.body.dataset.pending), '0', 'the illegal drop moved nothing');

    // The same by clicking: a checker with two or more destinations picked,
    // then a click on an empty point it cannot reach.
    const pos = m.game.position;
    const empty = (p) => !pos.board[p] && !pos.pinned[p];
    let clicked = null;
    for (const [from] of ts.legal_moves) {
      const dests = ts.legal_moves.filter(([f]) => f === from).map(([, to]) => to);
      if (dests.length < 2) continue;
      for (let to = from - 1; to >= 1 && !clicked; to--) {
        if (dests.includes(to) || !empty(to)) continue;
        const r = await post(url, '/api/v1/turn', { position: pos, dice: m.game.dice, moves: [[from, to]] });
        if (r.status === 422) clicked = { from, to, message: r.body.error.message };
      }
      if (clicked) break;
    }
    if (clicked) {
      await page.click(`#board rect.hit[data-point="${clicked.from}"]`);
      assert.ok(await page.locator('#board rect.hit[data-dest="1"]').count() >= 2, 'the checker is picked');
      await page.click(`#board rect.hit[data-point="${clicked.to}"]`);
      await idle(page);
      assert.equal(await page.textContent('#why'), clicked.message.charAt(0).toUpperCase() + clicked.message.slice(1) + '.');
      assert.equal(await page.evaluate(() => document.body.dataset.pending), '0', 'the illegal click moved nothing');
    }

    // In Greek, the same reasons in Greek.
    await page.selectOption('#lang', 'el');
    await page.click('#board rect.hit[data-point="14"]');
    assert.equal(await page.textContent('#why'), 'Το πούλι σου στη θέση 14 είναι πλακωμένο και δεν κινείται.');
    await page.click('#board rect.hit[data-point="10"]');
    assert.equal(await page.textContent('#why'), 'Δεν έχεις πούλι στη θέση 10.');
    assert.match(await page.textContent('#copy-id'), /^(Αντιγραφή|Αντιγράφηκε)$/);
    // The server's refusal of a drop, worded in Greek from its code: no
    // English word in it (`off` is notation).
    await dragTo(page, refusal.from, refusal.to);
    const greek = await page.textContent('#why');
    assert.match(greek, /[\u0370-\u03ff]{4,}/, `the refusal in Greek: ${greek}`);
    assert.doesNotMatch(greek, /\b(?!off\b)[a-z]{3,}\b/, `no English in the Greek refusal: ${greek}`);
    await page.click('#board rect.hit[data-point="19"]');
    assert.equal(await page.textContent('#why'), 'Το πούλι στη θέση 19 είναι του αντιπάλου· κινείς τα δικά σου.');
    await page.selectOption('#lang', 'en');
    // A hint clears the old reason, and gives the chance of losing double too.
    await page.click('#board rect.hit[data-point="10"]');
    assert.notEqual(await page.textContent('#why'), '');
    await page.click('#hint');
    await page.waitForSelector('#hints li');
    assert.equal(await page.textContent('#why'), '', 'the old reason is gone under the hint');
    assert.match(await page.textContent('#hints li .odds'), /win \d+\.\d% · double \d+\.\d% · lose double \d+\.\d%/);

    // On a phone (390 px wide): point numbers and pip counts at least 10 px,
    // the pin ring at least 2 px wide.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => document.getElementById('board').getScreenCTM().a < 0.5);
    await page.waitForTimeout(200);
    const nums = await renderedSizes(page, '#board text.num-own');
    assert.equal(nums.length, 24);
    for (const n of nums) {
      assert.ok(n.font >= 10, `a point number is ${n.font.toFixed(1)} px at phone width`);
      assert.ok(n.height >= 10, `a point number's box is ${n.height.toFixed(1)} px high at phone width`);
    }
    const pips = await renderedSizes(page, '#board text.pip-count');
    assert.equal(pips.length, 2);
    for (const n of pips) assert.ok(n.font >= 10, `the pip count is ${n.font.toFixed(1)} px at phone width`);
    const offs = await renderedSizes(page, '#board text.off-count');
    for (const n of offs) assert.ok(n.font >= 10, `a borne-off count is ${n.font.toFixed(1)} px at phone width`);
    const ring = await page.$eval('#board .pinned-mark', (c) => Number(c.getAttribute('stroke-width')) * document.getElementById('board').getScreenCTM().a);
    assert.ok(ring >= 2, `the pin ring is ${ring.toFixed(1)} px wide at phone width`);
    await page.screenshot({ path: path.join(artifacts, 'phone-setup.png'), fullPage: true });

    // In the middle of a turn the hint ranks what can follow the single
    // moves made and says what they cost: a costly first move is made (the
    // test asks the API for one; on a roll without one, it plays on).
    let costly = null;
    for (let turn = 0; turn < 8 && !costly; turn++) {
      if ((await settle(page)) !== 'human') break;
      const g = (await matchState(page, url)).game;
      if (!g.entry || g.entry.pass) { await playTurnByClicking(page); continue; }
      const firsts = [...new Map(g.entry.legal_moves.map((mv) => [mv.join('/'), mv])).values()];
      for (const mv of firsts) {
        const r = (await post(url, '/api/v1/hint', { position: g.position, dice: g.dice, moves: [mv], ply: 2, max: 1 })).body;
        if (r.loss > 0.0005) { costly = { move: mv, loss: r.loss, best: r.best.notation }; break; }
      }
      if (!costly) { await playTurnByClicking(page); continue; }
      await clickMove(page, costly.move[0], costly.move[1]);
      assert.equal(await page.evaluate(() => document.body.dataset.pending), '1', 'one single move made');
      await page.click('#hint');
      await idle(page);
      assert.equal(await page.getAttribute('#hints', 'data-mid'), '1');
      const said = await page.textContent('#hint-loss');
      const shown = said.match(/^Your moves so far lose (\d\.\d{3})\. Best play: (.+)\.$/);
      assert.ok(shown, `the mid-turn hint says what the move cost: ${said}`);
      assert.ok(Math.abs(Number(shown[1]) - costly.loss) < 0.002, `the cost shown (${shown[1]}) is the API's (${costly.loss})`);
      assert.equal(shown[2], costly.best, 'the best play of the whole roll is named');
      await page.screenshot({ path: path.join(artifacts, 'phone-hint-midturn.png'), fullPage: true });
    }
    assert.ok(costly, 'a costly first move was found within 8 turns');

    assert.deepEqual(errors, [], 'no errors in the page');
    console.log(`# set-up position ${id}: refused drop ${refusal.from}/${refusal.to}: ${expected}; `
      + `refused click: ${clicked ? `${clicked.from}/${clicked.to}` : 'no checker with two destinations'}; `
      + `mid-turn hint after ${costly.move.join('/')}: lose ${costly.loss.toFixed(3)}; `
      + `phone: point numbers ${Math.min(...nums.map((n) => n.font)).toFixed(1)} px, pips ${Math.min(...pips.map((n) => n.font)).toFixed(1)} px, pin ring ${ring.toFixed(1)} px`);
  } finally {
    await context.close();
    proc.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
});
