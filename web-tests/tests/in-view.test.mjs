// What a player must see is on the screen without scrolling, at 1366×768 and on a 360×740
// phone: the Knock-Out Whist hand at the player's turn, the Knock Out betting prompt (the banner
// says what to do, the bar with the pass above the tableaus), and a Schotten-Totten stone's
// owner shown by a mark that does not depend on colour.
//
// Run from web-tests/:  npm ci && SPIELTISCH_BIN=../target/release/spieltisch npm test

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
const WAIT = 60000;
const SIZES = [[1366, 768, 'wide'], [360, 740, 'phone']];

let server;
let browser;

before(async () => {
  fs.mkdirSync(artifacts, { recursive: true });
  server = await startServer({ botDelayMs: 5 });
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

/** A page seated at a new table of `game` with `bots` easy bots. */
async function seatedAt(game, bots) {
  const seats = [{ bot: null }, ...Array.from({ length: bots }, () => ({ bot: 'easy' }))];
  const created = await post(`${server.url}/api/tables`, { game, seats, join: { name: 'Ada' } });
  const page = await browser.context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await keepSeat(page, server.url, created.table.id, created);
  await page.goto(`${server.url}/table.html?id=${created.table.id}`);
  return page;
}

/** Plays on `page` (`prefer(legal)`, run here, picks; else the first legal action) until
 * `done()`, run in the page, holds. */
async function playUntil(page, done, prefer = () => null) {
  const deadline = Date.now() + WAIT;
  while (!(await page.evaluate(done))) {
    assert.ok(Date.now() < deadline, 'the game reaches the state in time');
    const legal = await page.evaluate(() => (document.body.dataset.turn === 'you' && !document.body.classList.contains('pending') ? window.spieltisch.legal() : []));
    if (legal.length) await page.evaluate((action) => window.spieltisch.act(action), prefer(legal) || legal[0]);
    await page.waitForTimeout(100);
  }
}

/** How many elements of `selector` are not wholly inside the viewport (-1: there are none). */
function outOfView(page, selector) {
  return page.$$eval(selector, (els) => (els.length ? els.filter((e) => {
    const r = e.getBoundingClientRect();
    return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth;
  }).length : -1));
}

test('Knock-Out Whist: the own hand is in view at the player\'s turn', async () => {
  const page = await seatedAt('knock-out-whist', 3);
  await page.waitForSelector('body[data-turn="you"] .kw-hand .card', { timeout: WAIT });
  for (const [width, height, name] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(200);
    assert.ok((await page.$$('.kw-hand .card')).length >= 5, 'the hand is drawn');
    assert.equal(await outOfView(page, '.kw-hand .card'), 0, `every card of the hand in view (${name})`);
    assert.equal(await outOfView(page, '.kw-me'), 0, `the hand with the own tricks in view (${name})`);
    assert.equal(await outOfView(page, '#banner'), 0, `the banner in view (${name})`);
    await page.screenshot({ path: path.join(artifacts, `in-view-whist-${name}.png`) });
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Knock Out: the betting banner says what to do, and the betting bar is in view', async () => {
  const page = await seatedAt('knock-out', 2);
  await playUntil(page, () => document.body.dataset.turn === 'you' && window.spieltisch.view().phase === 'betting');
  const banner = await page.textContent('#banner');
  assert.match(banner, /^Your turn — Betting pass [123] of 3 — put a chip on an offer or accept field, or pass\./, banner);
  for (const [width, height, name] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(200);
    assert.equal(await outOfView(page, '#banner'), 0, `the banner in view (${name})`);
    assert.equal(await outOfView(page, '.ko-betting-bar'), 0, `the betting bar with the pass in view (${name})`);
    await page.screenshot({ path: path.join(artifacts, `in-view-betting-${name}.png`) });
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Schotten-Totten: who owns a claimed stone is marked by shape, not colour alone', async () => {
  const page = await seatedAt('schotten-totten', 1);
  await page.setViewportSize({ width: 1366, height: 768 });
  // Claim whenever possible; play until a stone is claimed (by either side) or the game ends.
  await playUntil(page, () => document.querySelectorAll('.st-column.claimed').length > 0 || document.body.dataset.status === 'finished',
    (legal) => legal.find((a) => a.startsWith('claim')));
  const marks = await page.$$eval('.st-column.claimed', (cols) => cols.map((c) => ({
    won: c.classList.contains('won'),
    text: c.querySelector('.st-owner').textContent,
    label: c.querySelector('.st-stone').getAttribute('aria-label'),
  })));
  assert.ok(marks.length > 0, 'a stone was claimed');
  for (const mark of marks) {
    assert.equal(mark.text.includes('▼'), mark.won, `an arrow toward the owner's side: ${JSON.stringify(mark)}`);
    assert.equal(mark.text.includes('▲'), !mark.won, `an arrow toward the owner's side: ${JSON.stringify(mark)}`);
    assert.match(mark.label, mark.won ? /yours/i : /won by/i, 'and the stone says so in words');
  }
  await page.screenshot({ path: path.join(artifacts, 'in-view-stone-marks.png') });
  assert.deepEqual(page.errors, []);
  await page.close();
});
