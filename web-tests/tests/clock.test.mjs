// Browser test of the table clock: a person's time runs out, the table plays on for them (shown
// to everyone), and the person takes the seat back by acting again.
//
// Run from web-tests/ like e2e.test.mjs. Screenshots go to web-tests/artifacts/.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../lib/server.mjs';
import { launch } from '../lib/browser.mjs';
import { post, keepSeat } from '../lib/tables.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.join(here, '..', 'artifacts');
const CLOCK_SECONDS = 3;
// The table answers for a seat it plays after the bot delay: long enough for the test to act first.
const BOT_DELAY_MS = 1500;
const WAIT = 30000;

let server;
let browser;

before(async () => {
  fs.mkdirSync(artifacts, { recursive: true });
  server = await startServer({ botDelayMs: BOT_DELAY_MS });
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});


test('time runs out: the table plays for the person, who takes the seat back by acting', async () => {
  const { table } = await post(`${server.url}/api/tables`, {
    game: 'schotten-totten',
    seats: [{ bot: null }, { bot: 'heuristic' }],
    clock: CLOCK_SECONDS,
  });
  assert.equal(table.clock.seconds, CLOCK_SECONDS);
  const joined = await post(`${server.url}/api/tables/${table.id}/join`, { name: 'Ada' });
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 1000 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await keepSeat(page, server.url, table.id, joined);
  await page.goto(`${server.url}/table.html?id=${table.id}`);

  // The person is asked, with their time shown on their seat and in the banner.
  await page.waitForSelector('body[data-turn="you"][data-step-kind="turn"]', { timeout: WAIT });
  await page.waitForSelector('#seats .seat-clock', { timeout: WAIT });
  assert.match(await page.textContent('#my-clock'), /^0:0[0-3]$/);
  await page.screenshot({ path: path.join(artifacts, 'clock-running.png') });

  // Nobody acts: the time runs out, the table plays for the seat and everyone sees it.
  await page.waitForSelector('body[data-by-table="you"]', { timeout: WAIT });
  await page.waitForSelector('#take-back:not([hidden]) #take-back-button');
  assert.match(await page.textContent('#seats [data-seat="0"]'), /played by the table/);
  const step = Number(await page.evaluate(() => document.body.dataset.step));
  // The table keeps answering for the seat at once, not a full clock later.
  await page.waitForFunction((before) => Number(document.body.dataset.step) >= before + 3, step, { timeout: WAIT });
  const spectator = await browser.context.newPage();
  await spectator.goto(`${server.url.replace('//127.0.0.1:', '//localhost:')}/table.html?id=${table.id}`);
  await spectator.waitForSelector('#seats .by-table', { timeout: WAIT });
  await spectator.close();
  await page.screenshot({ path: path.join(artifacts, 'clock-played-by-the-table.png') });

  // The person acts again as soon as it is their turn: the seat is theirs again.
  const acted = await page.evaluate(() => new Promise((resolve) => {
    const poll = setInterval(() => {
      const legal = window.spieltisch.legal();
      if (document.body.dataset.turn === 'you' && legal.length && !document.body.classList.contains('pending')) {
        clearInterval(poll);
        window.spieltisch.act(legal[0]);
        resolve(legal[0]);
      }
    }, 20);
  }));
  assert.ok(acted, 'the person acted');
  await page.waitForFunction(() => document.body.dataset.byTable === '', null, { timeout: WAIT });
  assert.equal(await page.isHidden('#take-back'), true, 'the take-back notice is gone');
  assert.doesNotMatch(await page.textContent('#seats [data-seat="0"]'), /played by the table/);
  await page.screenshot({ path: path.join(artifacts, 'clock-taken-back.png') });
  assert.deepEqual(errors, [], 'no script errors');
  await page.close();
});
