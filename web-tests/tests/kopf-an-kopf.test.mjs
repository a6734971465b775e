// Browser end-to-end test of Kopf an Kopf: a person and three heuristic bots, a whole 4-player
// game played by clicking, reaction prompts answered, and the table at phone width.
//
// Run from web-tests/:  npm ci && SPIELTISCH_BIN=../target/release/spieltisch node --test tests/kopf-an-kopf.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../lib/server.mjs';
import { launch } from '../lib/browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.join(here, '..', 'artifacts');
const STEP_TIMEOUT = 30000;
const MAX_MOVES = 2500;

let server;
let browser;

before(async () => {
  fs.mkdirSync(artifacts, { recursive: true });
  server = await startServer();
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

/** What to click among the offered actions: bet on the leader's neighbours, keep the roll,
 * let reactions pass, draw — a plain but complete way through a game. */
function pick(actions) {
  const prefer = [/^bet /, /^keep$/, /^pass$/, /^use /, /^sprint /, /^pile 1$/, /^take /, /^draw 1$/, /^play prize$/, /^discard /];
  for (const p of prefer) {
    const hit = actions.find((a) => p.test(a));
    if (hit) return hit;
  }
  return actions[0];
}

test('Kopf an Kopf: a person and three bots, a whole game by clicking, with reaction prompts and phone width', async () => {
  const games = await (await fetch(`${server.url}/api/games`)).json();
  assert.ok(games.some((g) => g.name === 'kopf-an-kopf'), 'the server offers kopf-an-kopf');
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 1100 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto(`${server.url}/`);
  await page.fill('#player-name', 'Ada');
  await page.click('.game-choice[data-game="kopf-an-kopf"]');
  await page.fill('#seat-count', '4');
  await page.dispatchEvent('#seat-count', 'input');
  for (const [i, kind] of ['human', 'bot:heuristic', 'bot:heuristic', 'bot:heuristic'].entries()) {
    await page.selectOption(`select[data-seat="${i}"]`, kind);
  }
  await page.check('#sit-down');
  await Promise.all([page.waitForURL(/table\.html\?id=/), page.click('#create-button')]);
  await page.waitForSelector('.kk-board .kk-track');

  let moves = 0;
  let reactions = 0;
  let phoneChecked = false;
  for (;;) {
    await page.waitForFunction(
      () => document.body.dataset.status === 'finished' || (document.body.dataset.turn === 'you' && !document.body.classList.contains('pending') && document.querySelector('.kk-actions [data-action]')),
      null,
      { timeout: STEP_TIMEOUT },
    );
    if (await page.evaluate(() => document.body.dataset.status === 'finished')) break;
    assert.ok(++moves <= MAX_MOVES, 'the game ends');
    if (await page.$('.kk-window.asked')) {
      reactions += 1;
      if (reactions === 1) await page.screenshot({ path: path.join(artifacts, 'kopf-an-kopf-reaction.png') });
      // (Read again after the banner: the table may answer a pass-only seat meanwhile.)
      const banner = await page.textContent('#banner');
      if (await page.$('.kk-window.asked')) assert.match(banner, /^React\? .*(Re-roll|Objection)/, 'the banner says which reaction is open');
    }
    if (!phoneChecked && moves >= 20) {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.waitForTimeout(200);
      const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      assert.ok(scroll <= inner, `the table scrolls sideways at phone width: ${scroll} > ${inner}`);
      await page.screenshot({ path: path.join(artifacts, 'kopf-an-kopf-phone.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 1100 });
      phoneChecked = true;
    }
    const actions = await page.$$eval('.kk-actions [data-action]', (bs) => bs.map((b) => b.dataset.action));
    // A reaction window can close between the wait and the reading (the others answered, the
    // table passed for a seat that may only pass): then wait for the next decision.
    if (!actions.length) continue;
    const choice = pick(actions);
    const step = await page.evaluate(() => document.body.dataset.step);
    const clicked = await page.click(`.kk-actions [data-action="${choice}"]`, { timeout: 3000 }).then(() => true, () => false);
    if (!clicked) {
      assert.notEqual(await page.evaluate(() => document.body.dataset.step), step, `${choice} was offered but could not be clicked`);
      continue;
    }
    await page.waitForFunction(
      (before) => document.body.dataset.step !== before || document.querySelector('.toast.error') || document.body.dataset.status === 'finished',
      step,
      { timeout: STEP_TIMEOUT },
    );
    const error = await page.$eval('.toast.error', (e) => e.textContent).catch(() => null);
    assert.equal(error, null, `the server refused ${choice}: ${error}`);
  }
  assert.ok(reactions > 0, 'a reaction prompt was answered');
  assert.ok(phoneChecked, 'the table was checked at phone width');
  await page.waitForSelector('.kk-settlement', { timeout: STEP_TIMEOUT });
  await page.waitForSelector('#result:not([hidden]) #score-note', { timeout: STEP_TIMEOUT });
  assert.match(await page.textContent('#score-note'), /^Score: money at the end/, 'the result says what the scores mean');
  await page.screenshot({ path: path.join(artifacts, 'kopf-an-kopf-end.png'), fullPage: true });
  // A race logs hundreds of lines: the log's numbers keep all their digits in view.
  const log = await page.$eval('#log', (ol) => {
    const last = ol.lastElementChild;
    const canvas = document.createElement('canvas').getContext('2d');
    canvas.font = getComputedStyle(last).font;
    return { lines: ol.children.length, number: canvas.measureText(`${ol.children.length}. `).width, room: parseFloat(getComputedStyle(ol).paddingLeft) };
  });
  assert.ok(log.lines >= 100, `a whole race logs at least 100 lines: ${log.lines}`);
  assert.ok(log.number <= log.room, `line ${log.lines}'s number (${log.number.toFixed(1)} px) fits the log's margin (${log.room} px)`);
  assert.deepEqual(errors, [], 'no script errors');
});
