// Browser test of the table clock at a table of two people: a missed decision is answered once
// by the table (marked "played for you"), the second miss in a row makes the seat away (a banner
// with "I'm back", an "away" chip for the other player), an away seat is played at a person's
// pace, "I'm back" gives the seat back with its full time, and the Rules dialog shows the clock.
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
// The table answers an away seat after this long (a person's pace; the bots wait 30 ms).
const AWAY_MS = 1500;
const WAIT = 30000;

let server;
let browser;

before(async () => {
  fs.mkdirSync(artifacts, { recursive: true });
  server = await startServer({ extraArgs: ['--away-delay', String(AWAY_MS)] });
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

/** A page of `origin` seated at table `id` with the join answer `joined`. */
async function seated(origin, id, joined) {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1366, height: 768 });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await keepSeat(page, origin, id, joined);
  await page.goto(`${origin}/table.html?id=${id}`);
  await page.waitForSelector('body[data-status="running"]', { timeout: WAIT });
  return page;
}

/** Plays the first legal action on `page` as soon as it is the viewer's turn. */
async function actWhenAsked(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const poll = setInterval(() => {
      const legal = window.spieltisch.legal();
      if (document.body.dataset.turn === 'you' && legal.length && !document.body.classList.contains('pending')) {
        clearInterval(poll);
        window.spieltisch.act(legal[0]);
        resolve(legal[0]);
      }
    }, 20);
  }));
}

/** From now on `page` plays whenever it is asked (the other person, who never misses). */
async function autoPlay(page) {
  await page.evaluate(() => setInterval(() => {
    const legal = window.spieltisch.legal();
    if (document.body.dataset.turn === 'you' && legal.length && !document.body.classList.contains('pending')) window.spieltisch.act(legal[0]);
  }, 50));
}


test('a table of two people: one miss is answered once, two make the seat away, I am back', async () => {
  const { table } = await post(`${server.url}/api/tables`, {
    game: 'schotten-totten',
    seats: [{ bot: null }, { bot: null }],
    clock: CLOCK_SECONDS,
  });
  const ada = await post(`${server.url}/api/tables/${table.id}/join`, { name: 'Ada', seat: 0 });
  const grace = await post(`${server.url}/api/tables/${table.id}/join`, { name: 'Grace', seat: 1 });
  // The game starts with the second join: whoever is asked first is the slow one. The other
  // person's page opens first and plays whenever asked, before the slow one's time runs out.
  const first = grace.table.to_act[0];
  const joins = [ada, grace];
  // Two origins, so each page keeps its own seat token.
  const origins = [server.url, server.url.replace('//127.0.0.1:', '//localhost:')];
  const other = await seated(origins[1 - first], table.id, joins[1 - first]);
  await autoPlay(other);
  const slow = await seated(origins[first], table.id, joins[first]);
  const pages = [slow, other];
  const marked = (page, text) => page.waitForFunction((want) => [...document.querySelectorAll('#log .played-for')].some((m) => m.textContent === want), text, { timeout: WAIT });

  // The first decision runs out: the table makes that one move, marked for both players, and
  // the next decision is the person's again.
  await slow.waitForSelector('body[data-turn="you"] #my-clock', { timeout: WAIT });
  await marked(slow, 'played for you');
  await marked(other, 'played by the table');
  assert.equal(await slow.evaluate(() => document.body.dataset.away), '', 'one miss is not away');

  // The next decision runs out too: away, with "I'm back", and seen by the other player.
  await slow.waitForSelector('body[data-away="you"] #banner #im-back', { timeout: WAIT });
  await other.waitForSelector(`#seats [data-seat="${first}"] .seat-away`, { timeout: WAIT });
  await slow.screenshot({ path: path.join(artifacts, 'clock-away.png') });

  // Away: the table plays for the seat at a person's pace, never at once (the decision that
  // was missed is answered at once; the next ones wait).
  const missedAt = await slow.evaluate(() => Number(document.body.dataset.step));
  const asked = await (await slow.waitForFunction(({ seat, after }) => {
    const table = window.spieltisch.table();
    const step = Number(document.body.dataset.step);
    return table.to_act.includes(seat) && step > after && step;
  }, { seat: first, after: missedAt }, { timeout: WAIT, polling: 10 })).jsonValue();
  const since = Date.now();
  await slow.waitForFunction((before) => Number(document.body.dataset.step) > before, asked, { timeout: WAIT, polling: 10 });
  const took = Date.now() - since;
  assert.ok(took >= AWAY_MS - 500, `the table waited a person's pace for the away seat (${took} ms)`);
  assert.ok((await slow.$$('#log .played-for')).length >= 3, 'every move the table made is marked');

  // "I'm back": the seat is the person's again, with the full time on the next decision; the
  // Rules dialog shows the running clock.
  await slow.click('#im-back');
  await slow.waitForFunction(() => document.body.dataset.away === '', null, { timeout: WAIT });
  await other.waitForFunction((seat) => !document.querySelector(`#seats [data-seat="${seat}"] .seat-away`), first, { timeout: WAIT });
  await slow.waitForSelector('body[data-turn="you"] #my-clock', { timeout: WAIT });
  await slow.click('#rules-button');
  await slow.waitForSelector('#rules-dialog[open] #rules-clock:not([hidden])', { timeout: WAIT });
  assert.match(await slow.textContent('#rules-clock'), /Your time: 0:0[0-3]/);
  await slow.screenshot({ path: path.join(artifacts, 'clock-rules-dialog.png') });
  await slow.keyboard.press('Escape');
  const played = await actWhenAsked(slow);
  assert.ok(played, 'the person plays again');
  await slow.waitForFunction(() => !window.spieltisch.table().clock.seats.some((s) => s.away), null, { timeout: WAIT });
  for (const page of pages) {
    assert.deepEqual(page.errors, [], 'no script errors');
    await page.close();
  }
});
