// Browser end-to-end test of Knock Out: a person and two heuristic bots play whole 3-player
// games by clicking, the basic and the pro game, and the table fits a phone.
//
// Run from web-tests/:  SPIELTISCH_BIN=../target/debug/spieltisch npm test
// Screenshots go to web-tests/artifacts/knock-out-*.png.

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
const MAX_MOVES = 600;

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

async function newPage(viewport = { width: 1280, height: 1100 }) {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  return page;
}

async function requireGame(game) {
  const games = await (await fetch(`${server.url}/api/games`)).json();
  assert.ok(games.some((g) => g.name === game), `the server offers no ${game}; is it registered in crates/catalog?`);
}

async function createTable(page, { seats, pro = false }) {
  await page.goto(`${server.url}/`);
  await page.fill('#player-name', 'Ada');
  await page.click('.game-choice[data-game="knock-out"]');
  if (!(await page.isDisabled('#seat-count'))) {
    await page.fill('#seat-count', String(seats.length));
    await page.dispatchEvent('#seat-count', 'input');
  }
  for (const [i, kind] of seats.entries()) await page.selectOption(`select[data-seat="${i}"]`, kind);
  if (pro) {
    await page.evaluate(() => document.querySelectorAll('#variants details, details#variants').forEach((d) => { d.open = true; }));
    await page.check('#variant-pro');
  }
  await page.check('#sit-down');
  await Promise.all([page.waitForURL(/table\.html\?id=/), page.click('#create-button')]);
  await page.waitForSelector('body[data-status]');
}

async function waitForTurn(page) {
  await page.waitForFunction(
    () => document.body.dataset.status === 'finished' || (document.body.dataset.turn === 'you' && !document.body.classList.contains('pending')),
    null,
    { timeout: STEP_TIMEOUT },
  );
  return page.evaluate(() => (document.body.dataset.status === 'finished' ? 'finished' : 'you'));
}

async function actAndWait(page, click) {
  const step = await page.evaluate(() => document.body.dataset.step);
  await click();
  await page.waitForFunction(
    (before) => document.body.dataset.step !== before || document.querySelector('.toast.error'),
    step,
    { timeout: STEP_TIMEOUT },
  );
  const error = await page.$eval('.toast.error', (e) => e.textContent).catch(() => null);
  assert.equal(error, null, `the server refused a move offered by the page: ${error}`);
}

async function noHorizontalScroll(page, what) {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= inner, `${what} scrolls sideways at ${inner} px: the page is ${scroll} px wide`);
}

/** Plays our seat to the end by clicking; returns what kinds of moves were made. */
async function playToTheEnd(page, name, { phone = false } = {}) {
  const made = { challenge: 0, train: 0, bet: 0, play: 0, seasonStart: '' };
  let moves = 0;
  const shots = new Set();
  const shoot = async (what) => {
    if (shots.has(what)) return;
    shots.add(what);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(artifacts, `knock-out-${name}-${what}.png`), fullPage: true });
    if (phone) await noHorizontalScroll(page, `the Knock Out table (${what})`);
  };
  for (;;) {
    if ((await waitForTurn(page)) === 'finished') break;
    assert.ok(++moves <= MAX_MOVES, 'the game ends');
    const seasonStart = await page.$('.ko-season-start');
    if (seasonStart) {
      made.seasonStart = await seasonStart.textContent();
      await shoot('season-start');
    }
    const challenge = await page.$('.ko-challenges button[data-action^="challenge "]');
    const trainCards = await page.$$('.ko-train-card');
    const play = await page.$('.ko-hand button[data-action^="play "]');
    const slots = await page.$$('.ko-tableau button.ko-slot.can');
    const pass = await page.$('button[data-action="pass"]');
    if (challenge) {
      await shoot('challenge');
      made.challenge++;
      // Locators, not element handles: a state message during a secret step redraws the table.
      await actAndWait(page, () => page.locator('.ko-challenges button[data-action^="challenge "]').first().click());
    } else if (trainCards.length) {
      // Choose the cards one by one: the first, the last and the middle ones.
      const need = Number((await page.textContent('.ko-hand.training .ko-prompt')).match(/choose (\d+)/)[1]);
      const order = [trainCards.length - 1, 0, ...Array.from({ length: trainCards.length }, (_, i) => i).slice(1, -1)];
      for (const i of order.slice(0, need)) await page.locator(`.ko-train-card[data-train-card="${i}"]`).click();
      assert.equal(await page.$$eval('.ko-train-card.selected', (c) => c.length), need, 'the cards are selected');
      assert.match(await page.textContent('#banner'), /^Choose secretly: train/, 'the banner says what is chosen, and that it is secret');
      await shoot('training');
      made.train++;
      await actAndWait(page, () => page.click('#ko-confirm'));
    } else if (play) {
      await shoot('exchange');
      assert.match(await page.textContent('#banner'), /^Choose secretly: exchange \d of 3/, 'the banner names the exchange');
      const cards = page.locator('.ko-hand button[data-action^="play "]');
      const count = await cards.count();
      made.play++;
      await actAndWait(page, () => cards.nth(moves % count).click());
    } else if (slots.length || pass) {
      await shoot('betting');
      made.bet++;
      const choice = slots.length && (moves % 3 !== 0 || !pass)
        ? page.locator('.ko-tableau button.ko-slot.can').nth(moves % slots.length)
        : page.locator('button[data-action="pass"]').first();
      await actAndWait(page, () => choice.click());
    } else {
      await page.screenshot({ path: path.join(artifacts, `knock-out-${name}-stuck.png`), fullPage: true });
      assert.fail(`it is our turn but the page offers nothing to click: ${await page.evaluate(() => JSON.stringify(window.spieltisch && window.spieltisch.legal()))}`);
    }
    if (moves > 8 && (await page.$('.ko-settlement'))) await shoot('settlement');
  }
  await page.waitForSelector('#result:not([hidden]) table.standings', { timeout: STEP_TIMEOUT });
  assert.match(await page.textContent('#score-note'), /^Score: money at the end/, 'the result says what the scores mean');
  await page.waitForSelector('.ko-final');
  await page.screenshot({ path: path.join(artifacts, `knock-out-${name}-end.png`), fullPage: true });
  if (phone) await noHorizontalScroll(page, 'the finished Knock Out table');
  return made;
}

test('Knock Out, basic game: a person and two bots, played to the end by clicking', async () => {
  await requireGame('knock-out');
  const page = await newPage();
  await createTable(page, { seats: ['human', 'bot:heuristic', 'bot:heuristic'] });
  await page.waitForSelector('.ko-board .ko-head');
  const made = await playToTheEnd(page, 'basic');
  assert.ok(made.challenge > 0 && made.train > 0 && made.bet > 0 && made.play > 0, `every kind of move was made: ${JSON.stringify(made)}`);
  assert.match(await page.textContent('.ko-settlement summary'), /Final settlement/, 'the final settlement is shown');
  assert.equal(await page.$$eval('.ko-final-seat', (s) => s.length), 3, 'the final money of every manager');
  assert.equal(made.seasonStart, '', 'the basic game has one season');
  assert.deepEqual(page.errors, [], 'no script errors');
  await page.close();
});

test('Knock Out, pro game at phone width: two seasons played to the end', async () => {
  await requireGame('knock-out');
  const page = await newPage({ width: 390, height: 844 });
  await createTable(page, { seats: ['human', 'bot:heuristic', 'bot:heuristic'], pro: true });
  await page.waitForSelector('.ko-board .ko-head');
  assert.match(await page.textContent('.ko-head'), /season 1 of 2/);
  await page.screenshot({ path: path.join(artifacts, 'knock-out-pro-phone-start.png'), fullPage: true });
  await noHorizontalScroll(page, 'the Knock Out table');
  const made = await playToTheEnd(page, 'pro-phone', { phone: true });
  assert.ok(made.train > 0 && made.play > 0, `fights were fought: ${JSON.stringify(made)}`);
  assert.match(await page.textContent('.ko-head'), /season 2 of 2/, 'the second season was played');
  assert.match(made.seasonStart, /Season 1 is over — season 2 of 2 begins\..*12 fight cards back.*No money was settled/,
    'the start of season 2 says what changed');
  assert.match(await page.textContent('.ko-final'), /Game over after 2 seasons/);
  assert.deepEqual(page.errors, [], 'no script errors');
  await page.close();
});
