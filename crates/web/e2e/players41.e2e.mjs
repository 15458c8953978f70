// End-to-end, what players reported in issue 41, one test per point:
//
// - item 14: no Pass button for the player not on move or a spectator.
//
// Screenshots: test-artifacts/players41-*.png. Imported by play.test.mjs;
// run alone with `node --test players41.e2e.mjs`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { api, artifacts, withServer } from './server.mjs';

// A page at `viewport` (and the `context`'s other options) in `lang`, its
// errors collected (not the refusals the page asks for on purpose, 422).
async function openPage(browser, url, { viewport = { width: 1280, height: 820 }, lang = 'en', context = {} } = {}) {
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
