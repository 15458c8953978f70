// End-to-end, resigning a single or a double game (issue 41, item 3):
//
// - against the computer with nothing borne off, Resign asks: the double
//   game (the rules' 2 points) or a single game offered; the computer
//   accepts a single game in an even game, and declines it where a double
//   game is all but sure (the game goes on; the refusal is in the page's
//   language);
// - between two people at one screen, the other person answers the offer;
// - online, the friend answers it on its own page.
//
// Imported by play.test.mjs; run alone with `node --test resign.e2e.mjs`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, withServer } from './server.mjs';

// Black (the person) has 15 checkers back and none off; White bears its
// last two checkers off next turn: a double game is all but sure.
const HOPELESS = { turn: 'black', board: { 1: 2, 12: -15 }, pinned: {}, off: { white: 13, black: 0 } };

async function open(browser, url, id, lang) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.evaluate((l) => {
    localStorage.setItem('tavli-engine-delay', '0');
    localStorage.setItem('plakoto-lang', l);
  }, lang);
  await page.goto(`${url}/match/${id}`);
  await page.waitForFunction(() => document.body.dataset.phase === 'human', null, { timeout: 30000 });
  return { page, errors };
}

// Waits until the page shows the game ended (between games, or the match
// over): "not the person's turn" would also be the moment the resignation
// is still on its way to the server.
async function gameEnded(page) {
  await page.waitForFunction(() => ['ended', 'over'].includes(document.body.dataset.phase), null, { timeout: 30000 });
}

// Clicks Resign and answers the dialog with `choice` (its button's id).
async function resignWith(page, choice) {
  await page.click('#resign');
  await page.waitForSelector('#resign-dialog[open]');
  await page.click(`#${choice}`);
  await page.waitForFunction(() => !document.querySelector('#resign-dialog').open);
}

test('the computer accepts a single game in an even game', { timeout: 120000 }, async () => {
  await withServer('resign-even', async (url, browser) => {
    const m = await api(url, 'POST', '/api/v1/matches', { opponent: 'engine', level: 'advanced', human_color: 'white', length: 3, seed: 5 });
    const { page, errors } = await open(browser, url, m.id, 'en');
    await page.click('#resign');
    await page.waitForSelector('#resign-dialog[open]');
    assert.equal(await page.textContent('#resign-single'), 'Offer a single game (1 point)');
    assert.equal(await page.textContent('#resign-all'), 'Resign: 2 points');
    assert.match(await page.textContent('#resign-help'), /Resigning gives Black 2 points and ends the game\. Or offer a single game/);
    await page.click('#resign-single');
    await gameEnded(page);
    const state = await api(url, 'GET', `/api/v1/matches/${m.id}`);
    assert.deepEqual(state.games[0].result, { winner: 'black', points: 1, reason: 'resign' });
    assert.equal(state.score.black, 1);
    assert.deepEqual(errors, []);
  });
});

test('the computer declines a single game where it is sure of a double; the double ends it (Greek)', { timeout: 120000 }, async () => {
  await withServer('resign-hopeless', async (url, browser) => {
    const m = await api(url, 'POST', '/api/v1/matches', { opponent: 'engine', level: 'advanced', human_color: 'black', length: 3, position: HOPELESS });
    const { page, errors } = await open(browser, url, m.id, 'el');
    await resignWith(page, 'resign-single');
    await page.waitForFunction(() => document.querySelector('#error')?.textContent.includes('δεν δέχονται'), null, { timeout: 30000 });
    assert.equal((await page.textContent('#error')).trim(), 'Τα Άσπρα δεν δέχονται το μονό· το παιχνίδι συνεχίζεται.');
    const before = await api(url, 'GET', `/api/v1/matches/${m.id}`);
    assert.equal(before.version, m.version, 'a declined offer changes nothing');
    assert.equal(await page.evaluate(() => document.body.dataset.phase), 'human', 'the person plays on');
    await resignWith(page, 'resign-all');
    await gameEnded(page);
    const after = await api(url, 'GET', `/api/v1/matches/${m.id}`);
    assert.deepEqual(after.games[0].result, { winner: 'white', points: 2, reason: 'resign' });
    assert.deepEqual(errors, []);
  });
});

test('between two people at one screen the other answers a single game offered', { timeout: 120000 }, async () => {
  await withServer('resign-people', async (url, browser) => {
    const m = await api(url, 'POST', '/api/v1/matches', { opponent: 'human', length: 3, position: HOPELESS });
    const { page, errors } = await open(browser, url, m.id, 'en');
    const asked = [];
    let answer = false;
    page.on('dialog', (d) => { asked.push(d.message()); answer ? d.accept() : d.dismiss(); });
    await resignWith(page, 'resign-single');
    await page.waitForFunction(() => document.querySelector('#error')?.textContent.includes('declines'));
    assert.deepEqual(asked, ['Black offers to resign a single game (1 point). White: do you accept?']);
    assert.equal((await page.textContent('#error')).trim(), 'White declines the single game: play on.');
    assert.equal((await api(url, 'GET', `/api/v1/matches/${m.id}`)).version, m.version);
    answer = true;
    await resignWith(page, 'resign-single');
    await gameEnded(page);
    const after = await api(url, 'GET', `/api/v1/matches/${m.id}`);
    assert.deepEqual(after.games[0].result, { winner: 'white', points: 1, reason: 'resign' });
    assert.deepEqual(errors, []);
  });
});

// Online: the seat on roll offers a single game on its page; the friend's
// page shows the offer with Accept and Decline (in Greek here), the
// offerer's that it waits; declined, both play on; offered again and
// accepted, the game ends for 1 point on both pages.
test('online the friend answers a single game offered on its own page', { timeout: 120000 }, async () => {
  await withServer('resign-online', async (url, browser) => {
    const created = await api(url, 'POST', '/api/v1/matches', { opponent: 'online', human_color: 'white', length: 3 });
    const joined = await api(url, 'POST', `/api/v1/matches/${created.id}/join`, { invite: created.invite });
    const seats = { white: created.seat, black: joined.seat };
    const onRoll = joined.to_act.side, friend = onRoll === 'white' ? 'black' : 'white';
    const pageOf = async (side, lang) => {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 820 } });
      const page = await ctx.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(url);
      await page.evaluate(([id, seat, l]) => {
        localStorage.setItem(`plakoto-seat-${id}`, JSON.stringify(seat));
        localStorage.setItem('plakoto-lang', l);
      }, [created.id, seats[side], lang]);
      await page.goto(`${url}/match/${created.id}`);
      await page.waitForFunction((s) => document.body.dataset.seat === s, side, { timeout: 30000 });
      return { page, errors };
    };
    const O = await pageOf(onRoll, 'en'), F = await pageOf(friend, 'el');
    const offered = async () => {
      await resignWith(O.page, 'resign-single');
      await F.page.waitForSelector('#offer-accept:visible', { timeout: 10000 });
    };
    await offered();
    assert.equal(await O.page.textContent('#offer-text'), `You offered a single game (1 point): waiting for ${onRoll === 'white' ? 'Black' : 'White'}'s answer.`);
    assert.equal(await O.page.isVisible('#offer-accept'), false, 'the offerer does not answer its own offer');
    const greek = { white: 'Άσπρα', black: 'Μαύρα' };
    assert.equal(await F.page.textContent('#offer-text'), `Τα ${greek[onRoll]} προτείνουν παραίτηση με μονό (1 πόντος).`);
    assert.equal(await F.page.textContent('#offer-decline'), 'Δεν δέχομαι');
    await F.page.click('#offer-decline');
    await O.page.waitForSelector('#offer', { state: 'hidden', timeout: 10000 });
    let state = await api(url, 'GET', `/api/v1/matches/${created.id}`);
    assert.equal(state.offer, null);
    assert.equal(state.games[0].result, null, 'declined: the game goes on');
    await offered();
    await F.page.click('#offer-accept');
    await O.page.waitForFunction(() => document.querySelector('#offer').classList.contains('hidden'), null, { timeout: 10000 });
    state = await api(url, 'GET', `/api/v1/matches/${created.id}`);
    assert.deepEqual(state.games[0].result, { winner: friend, points: 1, reason: 'resign' });
    assert.deepEqual([...O.errors, ...F.errors], []);
  });
});
