// End-to-end, what players reported in issue 41 item 13, the drawing of
// the last play's route, one test per point:
//
// - a play from one row to the other goes round the board's corner, in
//   Fevga (both sides, each round its own corner), Portes and Plakoto,
//   not straight back across the board;
// - the routes keep off the pip counts;
// - Portes: where the last play hit a blot and where it entered from the
//   bar are marked and named in the page's language.
//
// Each at 1280×820 and 390×844. Screenshots: test-artifacts/route13-*.png.
// Imported by play.test.mjs; run alone with `node --test route13.e2e.mjs`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { api, artifacts, openPage, withServer } from './server.mjs';

const VIEWPORTS = { desktop: { width: 1280, height: 820 }, phone: { width: 390, height: 844 } };

// Positions (White's numbering) where the side on roll has checkers on its
// 13 to 15, so that most rolls take one round the corner to its 12 or lower.
const CORNERS = {
  'Fevga, White': { game: 'fevga', turn: 'white', board: { 15: 5, 14: 5, 13: 5, 12: -15 } },
  // Black's 13 to 15 are White's 1 to 3: Black turns the other corner.
  'Fevga, Black': { game: 'fevga', turn: 'black', board: { 3: -5, 2: -5, 1: -5, 24: 15 } },
  'Portes, White': { game: 'portes', turn: 'white', board: { 15: 5, 14: 5, 13: 5, 1: -15 } },
  'Portes, Black': { game: 'portes', turn: 'black', board: { 10: -5, 11: -5, 12: -5, 24: 15 } },
  'Plakoto, White': { game: 'plakoto', turn: 'white', board: { 15: 5, 14: 5, 13: 5, 1: -15 } },
};

// A move round the corner: from the mover's 13 or higher to its 12 or lower.
const turnsCorner = ([f, to]) => f >= 13 && to >= 1 && to <= 12;

// Two people on one device: the side on roll of `position` makes the first
// play `pick` accepts (the dice drawn by seed, tried until one gives it).
// Returns the match after it: the last play is marked for the other side.
async function played(url, position, pick) {
  for (let seed = 1; seed <= 60; seed++) {
    const m = await api(url, 'POST', '/api/v1/matches', { opponent: 'human', length: 1, games: position.game, position, seed });
    const play = m.game.plays.find(pick);
    if (play) return api(url, 'POST', `/api/v1/matches/${m.id}/play`, { moves: play.moves, version: m.version });
  }
  throw new Error(`no play for ${JSON.stringify(position)}`);
}

// The match's board in `page`, the last play marked.
async function showLastPlay(page, url, m) {
  await page.goto(`${url}/match/${m.id}`);
  await page.waitForFunction(() => document.body.dataset.phase === 'human');
  await page.waitForSelector('#board g.last-play');
}

// The last play's arrows: points along each (board units, every 4 units
// or so), the board's height and the map to the screen.
const lastArrows = (page) => page.$$eval('#board [data-last-play="arrow"]', (paths) => paths.map((p) => {
  const len = p.getTotalLength(), n = Math.max(2, Math.ceil(len / 4));
  const pts = [];
  for (let i = 0; i <= n; i++) {
    const q = p.getPointAtLength((len * i) / n);
    pts.push({ x: q.x, y: q.y });
  }
  const m = p.getScreenCTM();
  return {
    d: p.getAttribute('d'), pts, height: p.ownerSVGElement.viewBox.baseVal.height,
    ctm: { a: m.a, b: m.b, c: m.c, d: m.d, e: m.e, f: m.f }, half: Number.parseFloat(getComputedStyle(p).strokeWidth) / 2,
  };
}));

test('route13: a play round the board\'s corner is drawn round it, in Fevga, Portes and Plakoto', { timeout: 240000 }, async () => {
  await withServer('r13-corner', async (url, browser) => {
    for (const [name, position] of Object.entries(CORNERS)) {
      const m = await played(url, position, (p) => p.moves.some(turnsCorner));
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        const { page, errors } = await openPage(browser, url, { viewport });
        await showLastPlay(page, url, m);
        // The arrows from one row to the other (across the middle gap).
        const crossing = (await lastArrows(page)).filter(({ pts, height }) => (pts[0].y - height / 2) * (pts[pts.length - 1].y - height / 2) < 0);
        assert.ok(crossing.length >= 1, `${name} (${size}): an arrow goes from one row to the other`);
        for (const { d, pts } of crossing) {
          // Round the corner: beyond the centre of the end column (the
          // points 12/13 or 24/1, x 55 or 875), towards the board's edge.
          const xs = pts.map((q) => q.x);
          assert.ok(Math.min(...xs) < 45 || Math.max(...xs) > 885, `${name} (${size}): the route goes round the corner: ${d}`);
        }
        await page.locator('#board').screenshot({ path: path.join(artifacts, `route13-corner-${name.replace(/\W+/g, '-').toLowerCase()}-${size}.png`) });
        assert.deepEqual(errors, []);
        await page.close();
      }
    }
  });
});

// Portes, White on roll with a checker on the bar, each point it can enter
// on held by a Black blot: any entry hits.
const HIT_ON_ENTRY = {
  game: 'portes', turn: 'white', bar: { white: 1 },
  board: { 13: 14, 19: -1, 20: -1, 21: -1, 22: -1, 23: -1, 24: -1, 1: -9 },
};
const fromBar = (p) => p.moves[0][0] === 25;

test('route13: the routes keep off the pip counts', { timeout: 180000 }, async () => {
  await withServer('r13-pips', async (url, browser) => {
    // Round the corner next to the pip counts' half, and in from the bar.
    const plays = {
      'portes-white': await played(url, CORNERS['Portes, White'], (p) => p.moves.every(turnsCorner)),
      'portes-black': await played(url, CORNERS['Portes, Black'], (p) => p.moves.every(turnsCorner)),
      entry: await played(url, HIT_ON_ENTRY, fromBar),
    };
    for (const [name, m] of Object.entries(plays)) {
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        const { page, errors } = await openPage(browser, url, { viewport });
        await showLastPlay(page, url, m);
        const pips = await page.$$eval('#board text.pip-count', (ts) => ts.map((t) => {
          const r = t.getBoundingClientRect();
          return { text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        }));
        assert.equal(pips.length, 2);
        // The stroke of each arrow, as boxes round points along it (a
        // route round the corner spans a quarter of the board, so its
        // bounding box as a whole would meet any text in that quarter).
        for (const { d, pts, ctm, half } of await lastArrows(page)) {
          const r = half * ctm.a;
          for (const q of pts) {
            const x = ctm.a * q.x + ctm.c * q.y + ctm.e, y = ctm.b * q.x + ctm.d * q.y + ctm.f;
            for (const t of pips) {
              const meets = x + r > t.left && x - r < t.right && y + r > t.top && y - r < t.bottom;
              assert.ok(!meets, `${m.game.log[0].notation} (${size}): the arrow ${d} runs over "${t.text}"`);
            }
          }
        }
        await page.locator('#board').screenshot({ path: path.join(artifacts, `route13-pips-${name}-${size}.png`) });
        assert.deepEqual(errors, []);
        await page.close();
      }
    }
  });
});

// The points (White's numbering, White's moves) where White's `moves` hit
// a Black blot on `board`.
function whiteHits(board, moves) {
  const b = { ...board }, hits = [];
  for (const [, to] of moves) {
    if (to === 0) continue;
    if (b[to] === -1) { hits.push(to); b[to] = 0; }
    b[to] = (b[to] || 0) + 1;
  }
  return hits;
}

test('route13: Portes marks where the last play hit a blot and entered from the bar, named in the page\'s language', { timeout: 180000 }, async () => {
  await withServer('r13-hit', async (url, browser) => {
    const m = await played(url, HIT_ON_ENTRY, fromBar);
    const { moves } = m.game.log[0];
    const hits = whiteHits(HIT_ON_ENTRY.board, moves).map(String).sort();
    assert.ok(hits.length >= 1, 'the entry hit a blot');
    const names = {
      en: ['a checker was hit here', 'entered from the bar'],
      el: ['εδώ χτυπήθηκε πούλι', 'μπήκε από τη μπάρα'],
      bg: ['тук беше ударен пул', 'влезе от бара'],
    };
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const [lang, [hitName, entryName]] of Object.entries(names)) {
        const { page, errors } = await openPage(browser, url, { viewport, lang });
        await showLastPlay(page, url, m);
        // A mark on each point where a Black checker was hit, named.
        const marks = page.locator('#board .last-play [data-last-play="hit"]');
        const marked = await marks.evaluateAll((es) => es.map((e) => e.dataset.point).sort());
        assert.deepEqual(marked, hits, `${lang} (${size}): the hits are marked`);
        for (let i = 0; i < hits.length; i++) {
          const box = await marks.nth(i).boundingBox();
          assert.ok(box && box.width > 5 && box.height > 5, `${lang} (${size}): the hit's mark is drawn (${JSON.stringify(box)})`);
          assert.equal(await marks.nth(i).locator('title').textContent(), hitName);
        }
        // The entering checker's route, from the bar to where it entered, named.
        const entry = page.locator('#board .last-play path[data-entered]');
        assert.equal(await entry.count(), 1, `${lang} (${size}): the entry from the bar is drawn`);
        assert.equal(await entry.getAttribute('data-entered'), String(moves[0][1]));
        assert.equal(await entry.locator('title').textContent(), entryName);
        // The bar's column is at x 465 (board units).
        const startX = await entry.evaluate((p) => p.getPointAtLength(0).x);
        assert.ok(Math.abs(startX - 465) < 1, `${lang} (${size}): the route starts on the bar (x ${startX})`);
        await page.locator('#board').screenshot({ path: path.join(artifacts, `route13-hit-${lang}-${size}.png`) });
        assert.deepEqual(errors, []);
        await page.close();
      }
    }
  });
});
