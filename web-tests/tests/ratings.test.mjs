// Browser test: a rated, turn-based game across two devices. Ada creates a rated Knock-Out Whist
// table in the lobby (a day per decision) against Bob and the Easy bot, and closes the page.
// Her phone opens the device link: My games says it is her turn; she plays from there (the
// phone gets a seat token of its own), the game is played out, and My games shows her new
// rating with its change, the leaderboard ranks her, and the seats showed the ratings.
//
// Run from web-tests/:  npm ci && SPIELTISCH_BIN=../target/release/spieltisch npm test

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../lib/server.mjs';
import { launch } from '../lib/browser.mjs';

const TIMEOUT = 30000;

let server;
let desk;
let phone;
let bob;

before(async () => {
  server = await startServer({ botDelayMs: 5 });
  [desk, phone, bob] = await Promise.all([launch(), launch(), launch()]);
});

after(async () => {
  for (const b of [desk, phone, bob]) if (b) await b.close();
  if (server) await server.stop();
});

/** A page in English that records script errors in `errors`. */
async function open(browser, url, errors) {
  const page = await browser.context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.evaluate(() => localStorage.setItem('spieltisch.lang', 'en'));
  await page.reload();
  return page;
}

/** Plays random legal actions on every page (each a seat's table page) until the game is over. */
async function playOut(pages) {
  for (let round = 0; round < 3000; round++) {
    for (const page of pages) {
      const over = await page.evaluate(() => {
        const table = window.spieltisch.table();
        if (table && table.status === 'finished') return true;
        const legal = window.spieltisch.legal();
        if (legal.length && !document.body.classList.contains('pending')) window.spieltisch.act(legal[Math.floor(Math.random() * legal.length)]);
        return false;
      });
      if (over) return;
    }
    await pages[0].waitForTimeout(40);
  }
  assert.fail('the game did not end');
}

test('a rated turn-based game played on a second device changes the rating shown in My games', async () => {
  const errors = [];
  // Ada's computer: a rated Knock-Out Whist table for Ada, a second person and the Easy bot.
  const page = await open(desk, `${server.url}/`, errors);
  await page.waitForFunction(() => localStorage.getItem('spieltisch.player'), null, { timeout: TIMEOUT });
  await page.fill('#player-name', 'Ada');
  await page.click('.game-choice[data-game="knock-out-whist"]');
  await page.fill('#seat-count', '3');
  await page.dispatchEvent('#seat-count', 'input');
  await page.selectOption('select[data-seat="1"]', 'human');
  await page.selectOption('select[data-seat="2"]', 'bot:easy');
  await page.selectOption('#clock', '86400');
  await page.check('#rated');
  assert.ok(await page.isDisabled('select[data-seat="2"] option[value="bot:heuristic"]'), 'a rated table offers bot levels only');
  await Promise.all([page.waitForURL(/table\.html\?id=/, { timeout: TIMEOUT }), page.click('#create-button')]);
  const id = new URL(page.url()).searchParams.get('id');
  await page.waitForSelector('.seat-tag[data-seat="0"] .seat-rating', { timeout: TIMEOUT });
  assert.equal((await page.textContent('.seat-tag[data-seat="0"] .seat-rating')).trim(), '1500?', 'a new player: provisional');
  const key = await page.evaluate(() => localStorage.getItem('spieltisch.player'));
  await page.close();

  // Bob takes the free seat from the lobby's list.
  const bobPage = await open(bob, `${server.url}/`, errors);
  await bobPage.fill('#player-name', 'Bob');
  await bobPage.click(`li[data-table="${id}"] button.chip.join`, { timeout: TIMEOUT });
  await bobPage.waitForURL(/table\.html\?id=/, { timeout: TIMEOUT });
  await bobPage.waitForSelector('body[data-status="running"]', { timeout: TIMEOUT });

  // Ada's phone opens the device link: My games, the table, and (once Bob and the bot have
  // played, if they lead) "your turn".
  const phonePage = await open(phone, `${server.url}/me.html#key=${key}`, errors);
  const row = `#playing li[data-table="${id}"]`;
  await phonePage.waitForSelector(row, { timeout: TIMEOUT });
  for (let i = 0; i < 100 && !(await phonePage.$(`${row}.your-turn`)); i++) {
    await bobPage.evaluate(() => {
      const legal = window.spieltisch.legal();
      if (legal.length) window.spieltisch.act(legal[0]);
    });
    await phonePage.reload();
    await phonePage.waitForSelector(row, { timeout: TIMEOUT });
  }
  assert.match(await phonePage.textContent(row), /Your turn/);
  assert.match(await phonePage.textContent(`${row} .me-deadline`), /left/, 'with the time left');

  // She plays from the phone: the table page gets this device its own seat token.
  await Promise.all([phonePage.waitForURL(/table\.html\?id=/, { timeout: TIMEOUT }), phonePage.click(`${row} a.btn`)]);
  await phonePage.waitForFunction(() => document.body.dataset.turn === 'you', null, { timeout: TIMEOUT });
  assert.equal(await phonePage.$('#hint-button'), null, 'no hints at a rated table');
  const card = await phonePage.evaluate(() => window.spieltisch.legal()[0]);
  await phonePage.evaluate((action) => window.spieltisch.act(action), card);
  await phonePage.waitForFunction((action) => !window.spieltisch.legal().includes(action), card, { timeout: TIMEOUT });
  await playOut([phonePage, bobPage]);

  // My games: the finished game with Ada's new rating and its change; her rating in the game.
  await phonePage.goto(`${server.url}/me.html`);
  const done = `#finished li[data-table="${id}"] .me-rating-change`;
  await phonePage.waitForSelector(done, { timeout: TIMEOUT });
  const change = (await phonePage.textContent(done)).trim();
  assert.ok((await phonePage.textContent(`#finished li[data-table="${id}"] .me-reason`)).trim(), 'why the game ended');
  const match = change.match(/^Rating (\d+)\? \(([+−±])(\d+)\)$/);
  assert.ok(match, change);
  assert.notEqual(match[2], '±', `the rating changed: ${change}`);
  const rating = Number(match[1]);
  assert.equal(rating, match[2] === '+' ? 1500 + Number(match[3]) : 1500 - Number(match[3]), change);
  assert.equal((await phonePage.textContent('#my-ratings li[data-game="knock-out-whist"] .me-rating')).trim(), `${rating}?`);

  // The leaderboard ranks both players, Ada's row marked.
  await phonePage.click('#my-ratings li[data-game="knock-out-whist"] a');
  await phonePage.waitForSelector('#board-rows tr.you', { timeout: TIMEOUT });
  assert.match(await phonePage.textContent('#board-rows tr.you'), new RegExp(`Ada.*${rating}\\?`));
  assert.equal((await phonePage.$$('#board-rows tr')).length, 2);
  await phonePage.setViewportSize({ width: 360, height: 740 });
  await phonePage.waitForTimeout(200);
  const [scroll, inner] = await phonePage.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= inner, `the leaderboard scrolls sideways at 360 px: ${scroll} > ${inner}`);
  assert.deepEqual(errors, [], 'no script errors');
});
