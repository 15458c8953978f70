// End-to-end, what players reported in issue 41, one test per point:
//
// - item 14: no Pass button for the player not on move or a spectator;
// - item 9: a pin drawn over the last play's ring, and named in the
//   page's language;
// - item 10: "Review a game" refusals in the page's language, and the
//   header not showing the open match's score over a pasted record;
// - item 7: the review panel without sideways scrolling or words cut,
//   and the graph's game labels apart;
// - item 8: on a phone, tap targets of a finger's size, a header of at
//   most two lines, and a refusal in view.
//
// Screenshots: test-artifacts/players41-*.png. Imported by play.test.mjs;
// run alone with `node --test players41.e2e.mjs`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { api, artifacts, openPage, withServer } from './server.mjs';

// The texts of the buttons the person sees.
const visibleButtons = (page) => page.$$eval('button', (bs) => bs
  .filter((b) => b.offsetParent !== null && getComputedStyle(b).visibility !== 'hidden')
  .map((b) => b.textContent.trim()));

// A Portes match online, both seats taken, played by the API (the middle
// play of each roll) until the side on roll has no legal play (a match
// online starts from the usual position, and its dice are drawn: a new
// match is begun as long as none comes). Returns the match and both seats.
async function onlinePass(url) {
  for (let tries = 0; tries < 50; tries++) {
    const created = await api(url, 'POST', '/api/v1/matches', { opponent: 'online', human_color: 'white', length: 1, games: 'portes' });
    let m = await api(url, 'POST', `/api/v1/matches/${created.id}/join`, { invite: created.invite });
    const seats = { white: created.seat, black: m.seat };
    while (!m.over && m.to_act) {
      if (m.game.entry?.pass) return { m, seats };
      const plays = m.game.plays;
      const res = await fetch(`${url}/api/v1/matches/${m.id}/play`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${seats[m.to_act.side].token}` },
        body: JSON.stringify({ moves: plays[Math.floor(plays.length / 2)].moves, version: m.version }),
      });
      assert.ok(res.ok, `a play: ${res.status}`);
      m = await res.json();
    }
  }
  throw new Error('no pass in 50 matches');
}

test('players41: no Pass button for the player not on move or a spectator', { timeout: 120000 }, async () => {
  await withServer('p41-pass', async (url, browser) => {
    const { m, seats } = await onlinePass(url);
    const mover = m.to_act.side, other = mover === 'white' ? 'black' : 'white';
    // The other seat (waiting) and a spectator (watching), in English and Greek.
    for (const [who, seat, phase] of [[other, seats[other], 'waiting'], ['a spectator', null, 'watching']]) {
      for (const lang of ['en', 'el']) {
        const { page, errors } = await openPage(browser, url, { lang });
        if (seat) await page.evaluate(([id, s]) => localStorage.setItem(`plakoto-seat-${id}`, JSON.stringify(s)), [m.id, seat]);
        await page.goto(`${url}/match/${m.id}`);
        await page.waitForFunction((p) => document.body.dataset.phase === p, phase);
        const buttons = await visibleButtons(page);
        assert.ok(!buttons.some((b) => /^(Pass|Πάσο)$/.test(b)), `${who} sees no Pass button (${lang}): ${buttons.join(', ')}`);
        assert.deepEqual(errors, []);
        await page.close();
      }
    }
  });
});

// White to move, its checkers on its 24 and 13; a lone Black checker on
// each of White's 18 to 23: any first move from the 24 pins one.
const PIN_NEXT = {
  turn: 'white', board: { 24: 13, 13: 2, 1: -9, 18: -1, 19: -1, 20: -1, 21: -1, 22: -1, 23: -1 },
  pinned: {}, off: { white: 0, black: 0 },
};

test('players41: a pin is drawn over the last play and named, in English and Greek', { timeout: 120000 }, async () => {
  await withServer('p41-pin', async (url, browser) => {
    let m = await api(url, 'POST', '/api/v1/matches', { opponent: 'human', length: 1, games: 'plakoto', position: PIN_NEXT, seed: 3 });
    const play = m.game.plays.find((p) => p.moves.some(([f, to]) => f === 24 && to >= 18));
    m = await api(url, 'POST', `/api/v1/matches/${m.id}/play`, { moves: play.moves, version: m.version });
    const pinnedAt = Object.keys(m.game.position.pinned);
    assert.ok(pinnedAt.length >= 1, 'White\'s play pinned a Black checker');
    for (const [lang, word] of [['en', /pinned/], ['el', /πλακωμένο/]]) {
      const { page, errors } = await openPage(browser, url, { lang });
      await page.goto(`${url}/match/${m.id}`);
      await page.waitForFunction(() => document.body.dataset.phase === 'human');
      // White's landing on the pinned checker's point is ringed in violet.
      const p = pinnedAt[0];
      assert.equal(await page.locator(`#board circle.last-to[data-point="${p}"]`).count(), 1, 'the pinner\'s landing is ringed');
      const mark = page.locator(`#board g.pin[data-pinned="${p}"]`);
      assert.equal(await mark.count(), 1, 'the pin is marked');
      const box = await mark.boundingBox();
      assert.ok(box && box.width > 10 && box.height > 10, `the pin's mark is drawn (${JSON.stringify(box)})`);
      // Drawn after (over) every mark of the last play.
      const over = await page.evaluate((q) => {
        const pin = document.querySelector(`#board g.pin[data-pinned="${q}"]`);
        return [...document.querySelectorAll('#board .last-play *')].every((mk) => mk.compareDocumentPosition(pin) & Node.DOCUMENT_POSITION_FOLLOWING);
      }, p);
      assert.ok(over, 'the pin is drawn over the last play\'s rings');
      assert.match(await mark.locator('title').textContent(), word, 'the mark is named on hover');
      assert.ok(await page.isVisible('#pin-legend'), 'the legend is shown');
      assert.match(await page.textContent('#pin-legend'), word, `the legend names the pin (${lang})`);
      await page.locator('#board').screenshot({ path: path.join(artifacts, `players41-pin-${lang}.png`) });
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});

// A move list whose third line cannot be played, and one that can.
const BAD_LIST = 'white starts\n6-4: 24/18 24/20\n5-3: 24/12\n';
const GOOD_LIST = 'white starts\n6-4: 24/18 24/20\n5-3: 24/19 24/21\n';

test('players41: "Review a game" refuses in the page\'s language, and the header leaves the open match out', { timeout: 120000 }, async () => {
  await withServer('p41-record', async (url, browser) => {
    const m = await api(url, 'POST', '/api/v1/matches', { opponent: 'human', length: 3, seed: 21 });
    for (const [lang, refusal, header] of [
      ['en', /line 3/, /^Reviewing a pasted record$/],
      ['el', /^Αυτό δεν είναι αρχείο αγώνα ή λίστα κινήσεων που διαβάζεται \(γραμμή 3\)\.$/, /^Ανάλυση επικολλημένου αρχείου$/],
    ]) {
      const { page, errors } = await openPage(browser, url, { lang });
      await page.goto(`${url}/match/${m.id}`);
      await page.waitForFunction(() => document.body.dataset.phase === 'human');
      const matchScore = await page.textContent('#score');
      assert.match(matchScore, /0 – 0/, 'the header shows the match\'s score');
      await page.click('#review-record');
      await page.fill('#review-text', BAD_LIST);
      await page.click('#review-go');
      await page.waitForFunction(() => document.getElementById('review-error').textContent !== '');
      const said = await page.textContent('#review-error');
      assert.match(said, refusal, `the refusal in ${lang}`);
      if (lang !== 'en') assert.doesNotMatch(said, /[A-Za-z]{3,}/, `no English in the ${lang} refusal: ${said}`);
      // A good record: the panel reviews it, and the header does not show
      // the open match's score meanwhile.
      await page.fill('#review-text', GOOD_LIST);
      await page.click('#review-go');
      await page.waitForFunction(() => document.querySelectorAll('#review-turns li[data-turn]').length === 2);
      const shown = await page.textContent('#score');
      assert.match(shown, header, `the header while a record is reviewed (${lang}): ${shown}`);
      await page.click('#review-close');
      await page.waitForFunction(() => document.body.dataset.reviewing === '0');
      assert.equal(await page.textContent('#score'), matchScore, 'the match\'s score comes back');
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});

// The widths the review is checked at: a phone, a small laptop, a desktop.
const VIEWPORTS = [
  { width: 390, height: 844 }, { width: 1024, height: 768 }, { width: 1280, height: 820 },
];

// A Tavli match between two people with several short games: two turns,
// then the side on roll resigns, three times; two turns of the fourth.
async function shortGames(url) {
  let m = await api(url, 'POST', '/api/v1/matches', { opponent: 'human', games: 'tavli', length: 7, seed: 8 });
  for (let g = 0; g < 4; g++) {
    for (let i = 0; i < 2; i++) {
      m = await api(url, 'POST', `/api/v1/matches/${m.id}/play`, { moves: m.game.plays[0].moves, version: m.version });
    }
    if (g < 3) m = await api(url, 'POST', `/api/v1/matches/${m.id}/resign`, { version: m.version });
  }
  assert.equal(m.game.number, 4);
  return m;
}

// What of the review panel goes wrong: its width past its box, words
// broken over two lines, text past the panel's right edge.
const panelFaults = (page) => page.evaluate(() => {
  const panel = document.getElementById('review-panel');
  const faults = [];
  if (panel.scrollWidth > panel.clientWidth) faults.push(`the panel scrolls sideways: ${panel.scrollWidth} > ${panel.clientWidth}`);
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth) faults.push(`the page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
  const right = panel.getBoundingClientRect().right;
  const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
  for (let n; (n = walker.nextNode());) {
    const el = n.parentElement;
    if (el.closest('svg') || !el.getClientRects().length) continue;
    for (const m of n.data.matchAll(/[\p{L}\p{N}]+/gu)) {
      const r = document.createRange();
      r.setStart(n, m.index);
      r.setEnd(n, m.index + m[0].length);
      const rects = [...r.getClientRects()].filter((x) => x.width > 0);
      if (new Set(rects.map((x) => Math.round(x.top))).size > 1) faults.push(`"${m[0]}" is cut over two lines`);
      if (rects.some((x) => x.right > right + 0.5)) faults.push(`"${m[0]}" goes past the panel`);
    }
  }
  return faults;
});

// Pairs of game labels of the graph whose boxes meet.
const labelOverlaps = (page) => page.$$eval('#review-graph .graph-game-label', (ls) => {
  const boxes = ls.map((l) => ({ text: l.textContent, b: l.getBoundingClientRect() }));
  const out = [];
  boxes.forEach((p, i) => boxes.slice(i + 1).forEach((q) => {
    if (p.b.left < q.b.right && q.b.left < p.b.right && p.b.top < q.b.bottom && q.b.top < p.b.bottom) out.push(`${p.text} / ${q.text}`);
  }));
  return out;
});

// The graph's words that reach past its drawing (cut off by its edge).
const graphCuts = (page) => page.$eval('#review-graph', (svg) => {
  const box = svg.getBoundingClientRect();
  return [...svg.querySelectorAll('text')].filter((t) => {
    const b = t.getBoundingClientRect();
    return b.left < box.left - 0.5 || b.right > box.right + 0.5 || b.top < box.top - 0.5 || b.bottom > box.bottom + 0.5;
  }).map((t) => t.textContent);
});

test('players41: the review panel fits, words whole, and the graph\'s game labels apart', { timeout: 240000 }, async () => {
  await withServer('p41-review', async (url, browser) => {
    const m = await shortGames(url);
    for (const lang of ['en', 'el']) {
      const { page, errors } = await openPage(browser, url, { lang });
      await page.goto(`${url}/match/${m.id}`);
      await page.waitForFunction(() => document.body.dataset.phase === 'human');
      await page.click('#review');
      await page.waitForFunction(() => document.querySelectorAll('#review-graph .graph-game-label').length === 4, null, { timeout: 60000 });
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.waitForFunction((w) => document.documentElement.clientWidth <= w, viewport.width);
        // The graph is laid out again at the new size (a turn chosen redraws it).
        await page.click('#review-turns li[data-turn="0:0"]');
        assert.deepEqual(await panelFaults(page), [], `the review panel at ${viewport.width} px in ${lang}`);
        assert.deepEqual(await labelOverlaps(page), [], `the game labels at ${viewport.width} px in ${lang}`);
        assert.deepEqual(await graphCuts(page), [], `the graph's words inside it at ${viewport.width} px in ${lang}`);
        await page.screenshot({ path: path.join(artifacts, `players41-review-${lang}-${viewport.width}.png`) });
      }
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});

// Portes, White on roll with a checker on the bar (it must enter first).
const ON_BAR = {
  game: 'portes', turn: 'white', bar: { white: 1 },
  board: { 24: 1, 13: 5, 8: 3, 6: 5, 1: -2, 12: -5, 17: -3, 19: -5 },
};
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

// How many lines the header's items take (their distinct tops).
const headerLines = (page) => page.$$eval('header > *', (es) => {
  const tops = es.filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect());
  const lines = [];
  for (const b of tops.sort((p, q) => p.top - q.top)) {
    if (!lines.some((l) => b.top < l.bottom && l.top < b.bottom)) lines.push({ top: b.top, bottom: b.bottom });
  }
  return lines.length;
});

test('players41: on a phone, dice and the bar take a finger, the header keeps to two lines, a refusal is in view', { timeout: 180000 }, async () => {
  await withServer('p41-phone', async (url, browser) => {
    const portes = await api(url, 'POST', '/api/v1/matches', { opponent: 'human', games: 'portes', position: ON_BAR, seed: 5 });
    const entries = new Set(portes.game.entry.legal_moves.filter(([f]) => f === 25).map(([, to]) => to)).size;
    // Online, each seat with its share of the dice, after the first play.
    const shares = { white: 'a1'.repeat(32), black: 'b2'.repeat(32) };
    const created = await api(url, 'POST', '/api/v1/matches', {
      opponent: 'online', human_color: 'white', length: 3, games: 'tavli', contribution: shares.white,
    });
    let online = await api(url, 'POST', `/api/v1/matches/${created.id}/join`, { invite: created.invite, contribution: shares.black });
    const onlineSeats = { white: { ...created.seat, contribution: shares.white }, black: { ...online.seat, contribution: shares.black } };
    const first = await fetch(`${url}/api/v1/matches/${online.id}/play`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${onlineSeats[online.to_act.side].token}` },
      body: JSON.stringify({ moves: online.game.plays[0].moves, version: online.version }),
    });
    assert.ok(first.ok, `the first play: ${first.status}`);
    online = await first.json();
    const tavli = await api(url, 'POST', '/api/v1/matches', { opponent: 'engine', level: 'random', human_color: 'white', games: 'tavli', length: 7, seed: 5 });
    for (const lang of ['en', 'el']) {
      const { page, errors } = await openPage(browser, url, { viewport: PHONE.viewport, lang, context: PHONE });
      // The header: at most two lines, in a Tavli match (the longest score line).
      await page.goto(`${url}/match/${tavli.id}`);
      await page.waitForFunction(() => ['human', 'engine'].includes(document.body.dataset.phase));
      assert.ok(await headerLines(page) <= 2, `the header keeps to two lines (${lang}): ${await headerLines(page)}`);
      await page.screenshot({ path: path.join(artifacts, `players41-phone-header-${lang}.png`) });
      await page.goto(`${url}/match/${portes.id}`);
      await page.waitForSelector('#board[data-game=portes] [data-bar=white]');
      await page.waitForFunction(() => document.body.dataset.phase === 'human');
      // The dice: each a finger's size (a doublet's four as far as the
      // half's width allows).
      const dice = await page.locator('#dice rect.die').all();
      for (const die of dice) {
        const b = await die.boundingBox();
        const least = dice.length > 2 ? 35 : 40;
        assert.ok(b.width >= least && b.height >= least, `one of ${dice.length} dice is ${b.width.toFixed(1)}×${b.height.toFixed(1)} px`);
      }
      // The checker on the bar: its target a finger's size, and a tap
      // beside the checker, off the bar's column, still takes it.
      const target = await page.locator('#board rect.hit[data-point=bar]').boundingBox();
      assert.ok(target.width >= 36 && target.height >= 36, `the bar's target is ${target.width.toFixed(0)}×${target.height.toFixed(0)} px`);
      const checker = await page.locator('#board [data-bar=white] circle.checker.movable').boundingBox();
      const cx = checker.x + checker.width / 2, cy = checker.y + checker.height / 2;
      const column = await page.locator('#board rect.bar').boundingBox();
      await page.touchscreen.tap(column.x + column.width + 6, cy);
      if (entries === 1) {
        // Its one entry is played at once: taken back for what follows.
        await page.waitForFunction(() => document.body.dataset.pending === '1');
        await page.tap('#undo');
        await page.waitForFunction(() => document.body.dataset.pending === '0');
      } else {
        await page.waitForFunction(() => document.querySelectorAll('#board circle.checker.selected').length === 1);
        await page.touchscreen.tap(cx, cy);
        await page.waitForFunction(() => document.querySelectorAll('#board circle.checker.selected').length === 0);
      }
      await page.close();

      // A refusal online, where the dice's origin, who is connected and
      // the friend's last play stand above the buttons: a tap on a point
      // where the person has no checker says why, in view without scrolling.
      const seated = await openPage(browser, url, { viewport: PHONE.viewport, lang, context: PHONE });
      const mover = online.to_act.side;
      await seated.page.evaluate(([id, s]) => localStorage.setItem(`plakoto-seat-${id}`, JSON.stringify(s)), [online.id, onlineSeats[mover]]);
      await seated.page.goto(`${url}/match/${online.id}`);
      await seated.page.waitForFunction(() => document.body.dataset.phase === 'human');
      const board = online.game.position.board;
      const empty = [...Array(24).keys()].map((i) => i + 1).find((p) => !board[p]);
      await seated.page.tap(`#board rect.hit[data-point="${empty}"]`);
      await seated.page.waitForFunction(() => document.getElementById('why').textContent !== '');
      const why = await seated.page.locator('#why').boundingBox();
      const scrolled = await seated.page.evaluate(() => window.scrollY);
      assert.ok(why.y >= 0 && why.y + why.height <= 844, `the refusal is in view (${lang}: at ${why.y.toFixed(0)}–${(why.y + why.height).toFixed(0)} px, the page scrolled ${scrolled} px)`);
      await seated.page.screenshot({ path: path.join(artifacts, `players41-phone-refusal-${lang}.png`) });
      assert.deepEqual([...errors, ...seated.errors], []);
      await seated.page.close();
    }
  });
});
