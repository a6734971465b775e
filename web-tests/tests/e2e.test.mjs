// Browser end-to-end test: the real server binary, Debian's chromium, a person's clicks.
//
// Run from web-tests/:  npm ci && SPIELTISCH_BIN=../target/debug/spieltisch npm test
// (SPIELTISCH_BIN defaults to ../target/debug/spieltisch; build it with `cargo build -p cli`.)
// Screenshots go to web-tests/artifacts/ (ignored by git): a test never rewrites a tracked file.

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
const MAX_MOVES = 400;

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

/** A new page that fails the test on any script error. */
async function newPage(viewport = { width: 1280, height: 1100 }) {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  return page;
}

/** Creates a table in the lobby: `seats` lists `human` or a bot value (`bot:heuristic`). */
async function createTable(page, { game, seats, name = 'Ada' }) {
  await page.goto(`${server.url}/`);
  await page.fill('#player-name', name);
  await page.click(`.game-choice[data-game="${game}"]`);
  if (!(await page.isDisabled('#seat-count'))) {
    await page.fill('#seat-count', String(seats.length));
    await page.dispatchEvent('#seat-count', 'input');
  }
  for (const [i, kind] of seats.entries()) await page.selectOption(`select[data-seat="${i}"]`, kind);
  await page.check('#sit-down');
  await Promise.all([page.waitForURL(/table\.html\?id=/), page.click('#create-button')]);
  await page.waitForSelector('body[data-status]');
  return new URL(page.url()).searchParams.get('id');
}

/** Waits until it is the player's turn or the game is over; returns `you`, `finished` or throws. */
async function waitForTurn(page) {
  await page.waitForFunction(
    () => document.body.dataset.status === 'finished' || (document.body.dataset.turn === 'you' && !document.body.classList.contains('pending')),
    null,
    { timeout: STEP_TIMEOUT },
  );
  return page.evaluate(() => (document.body.dataset.status === 'finished' ? 'finished' : 'you'));
}

/** Runs `click` and waits until the table moved on; fails on an error toast. */
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

/** Fails clearly when the server does not offer `game` (an empty catalog, a game not registered). */
async function requireGame(game) {
  const games = await (await fetch(`${server.url}/api/games`)).json();
  const names = games.map((g) => g.name);
  assert.ok(names.includes(game), `the server offers no ${game} (GET /api/games lists: ${names.join(', ') || 'nothing'}); is it registered in crates/catalog?`);
}

/** The same page seen from another origin (localhost instead of 127.0.0.1): no stored seat token, so a spectator. */
function spectatorUrl(url) {
  return url.replace('//127.0.0.1:', '//localhost:');
}

async function noHorizontalScroll(page, what) {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= inner, `${what} scrolls sideways at ${inner} px: the page is ${scroll} px wide`);
}

async function checkResult(page, scores) {
  await page.waitForSelector('#result:not([hidden]) table.standings', { timeout: STEP_TIMEOUT });
  const rows = await page.$$eval('#result table.standings tbody tr', (trs) => trs.map((tr) => tr.textContent));
  assert.ok(rows.length >= 2, 'the result lists every player');
  assert.match(rows[0], /1\./, 'the result starts with the winner');
  assert.match(await page.textContent('#banner'), /Game over/);
  assert.match(await page.textContent('#score-note'), scores, 'the result says what the scores mean');
}

test('Schotten-Totten against the heuristic bot, played to the end by clicking', async () => {
  await requireGame('schotten-totten');
  const page = await newPage();
  const id = await createTable(page, { game: 'schotten-totten', seats: ['human', 'bot:heuristic'] });
  assert.ok(id, 'the lobby opened the new table');
  await page.waitForSelector('.st-board');
  let moves = 0;
  let shot = false;
  let whyChecked = false;
  for (;;) {
    if ((await waitForTurn(page)) === 'finished') break;
    assert.ok(++moves <= MAX_MOVES, 'the game ends');
    if (moves === 4) {
      // A spectator sees the table but no hand: only card backs at both sides.
      const watcher = await newPage();
      await watcher.goto(spectatorUrl(page.url()));
      await watcher.waitForSelector('.st-board .st-stone');
      assert.match(await watcher.textContent('#banner'), /spectating/i);
      assert.equal(await watcher.$$eval('.st-hand [data-card]:not(.revealed)', (cards) => cards.length), 0, 'a spectator sees no hand card');
      assert.equal(await watcher.$$eval('button.card', (b) => b.length), 0, 'a spectator gets nothing to click');
      assert.deepEqual(watcher.errors, [], 'no script errors for the spectator');
      await watcher.close();
    }
    if (moves === 2) {
      // A refused move is explained in words, and the table carries on.
      await page.evaluate(() => window.spieltisch.act('claim 9'));
      const toast = await page.waitForSelector('.toast.error', { timeout: STEP_TIMEOUT });
      assert.match(await toast.textContent(), /not allowed|illegal|cannot|can't/i, 'the refusal is explained');
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(artifacts, 'schotten-totten-refused.png') });
      await page.evaluate(() => document.querySelectorAll('.toast').forEach((t) => t.remove()));
      await waitForTurn(page);
    }
    if (moves === 6 && server.restart) {
      // The server restarts: the page reconnects by itself and the game goes on where it was.
      const step = await page.evaluate(() => document.body.dataset.step);
      await server.restart();
      await page.waitForFunction((s) => document.querySelector('#connection').classList.contains('ok') && document.body.dataset.step === s, step, { timeout: STEP_TIMEOUT });
      await waitForTurn(page);
    }
    const why = whyChecked ? null : await page.$('button.st-claim.why');
    if (why) {
      // "Why can't I claim this stone?" is answered with the engine's own reason.
      await why.click();
      const toast = await page.waitForSelector('.toast.error', { timeout: STEP_TIMEOUT });
      const reason = await toast.textContent();
      assert.match(reason, /Not allowed: \w.{10,}/, 'the reason says why');
      assert.doesNotMatch(reason, /\b(ST|KW|KO|KK)-\d/, 'in words, without a rule id');
      await page.screenshot({ path: path.join(artifacts, 'schotten-totten-why.png') });
      await page.evaluate(() => document.querySelectorAll('.toast').forEach((t) => t.remove()));
      whyChecked = true;
      await waitForTurn(page);
    }
    const claim = await page.$('button.st-claim:not(.why)');
    const pass = await page.$('[data-action="pass"]');
    const done = await page.$('[data-action="done"]');
    if (claim) {
      await actAndWait(page, () => claim.click());
      continue;
    }
    if (pass) {
      await actAndWait(page, () => pass.click());
      continue;
    }
    const card = await page.$('.st-hand button.card');
    if (card) {
      await card.click();
      const stone = await page.waitForSelector('button.st-stone.target', { timeout: 5000 });
      if (!shot && moves >= 12) {
        // A card chosen, its stones highlighted: the screenshot for the README.
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(artifacts, 'schotten-totten-midgame.png') });
        shot = true;
        // On a 1366×768 laptop the banner, all nine stones and the whole hand are in view
        // without scrolling, with a card chosen.
        await page.setViewportSize({ width: 1366, height: 768 });
        await page.waitForTimeout(300);
        const fit = await page.evaluate(() => {
          const bottom = (sel) => Math.max(...[...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect().bottom));
          const banner = document.getElementById('banner').getBoundingClientRect();
          return { scrollY, banner: banner.top, stones: bottom('.st-stone'), hand: bottom('.st-hand .card'), height: innerHeight };
        });
        await page.screenshot({ path: path.join(artifacts, 'schotten-totten-laptop.png') });
        assert.equal(fit.scrollY, 0, 'choosing a card does not scroll the page');
        assert.ok(fit.banner >= 0 && fit.stones <= fit.height && fit.hand <= fit.height, `the board fits 1366×768: ${JSON.stringify(fit)}`);
        await page.setViewportSize({ width: 1280, height: 1100 });
      }
      await actAndWait(page, () => stone.click());
      continue;
    }
    if (done) {
      await actAndWait(page, () => done.click());
      continue;
    }
    assert.fail(`it is our turn but the page offers nothing to click (legal moves exist: ${await page.evaluate(() => document.body.dataset.turn)})`);
  }
  assert.ok(shot || moves < 12, 'a mid-game screenshot was taken');
  assert.ok(whyChecked, 'a full side that could not be claimed was asked about');
  // The log in words: cards by colour and value, seats by name, no notation.
  const log = await page.$$eval('#log li', (items) => items.map((li) => li.textContent));
  assert.ok(log.some((line) => /^You played (red|blue|green|yellow|purple|brown) \d on stone \d$/.test(line)), `the log says our plays in words: ${log.slice(0, 4).join(' | ')}`);
  assert.ok(log.some((line) => /^Bot Anna \(Hard\) drew a card$/.test(line)), 'the log says the bot, by its name and level, drew a card');
  assert.deepEqual(log.filter((line) => /\bseat \d|\b[rbgypn]\d\b/.test(line)), [], 'no seat numbers or card codes in the log');
  await checkResult(page, /^Score: match points/);
  await page.waitForTimeout(400); // let the last card land
  await page.screenshot({ path: path.join(artifacts, 'schotten-totten-end.png'), fullPage: true });

  // The replay steps through the same game.
  await Promise.all([page.waitForURL(/replay\.html/), page.click('#result a[href^="replay.html"]')]);
  await page.waitForSelector('.st-board');
  assert.equal(await page.inputValue('#slider'), '0');
  await page.click('#last');
  const last = Number(await page.inputValue('#slider'));
  assert.ok(last > 10, `the replay has the game's moves (${last})`);
  await page.click('#prev');
  assert.equal(Number(await page.inputValue('#slider')), last - 1);
  await page.screenshot({ path: path.join(artifacts, 'schotten-totten-replay.png'), fullPage: true });

  // A rematch seats us again at a new table.
  await page.goBack();
  await page.waitForSelector('#rematch');
  await Promise.all([page.waitForURL((url) => !url.search.includes(id)), page.click('#rematch')]);
  await page.waitForFunction(() => document.body.dataset.status === 'running');
  assert.match(await page.textContent('#seats'), /you/i, 'the rematch seats us');
  assert.deepEqual(page.errors, [], 'no script errors');
  await page.close();
});

test('Knock-Out Whist with two bots, played to the end by clicking', async () => {
  await requireGame('knock-out-whist');
  const page = await newPage();
  await createTable(page, { game: 'knock-out-whist', seats: ['human', 'bot:heuristic', 'bot:random'] });
  await page.waitForSelector('.kw-board');
  let moves = 0;
  let shot = false;
  for (;;) {
    if ((await waitForTurn(page)) === 'finished') break;
    assert.ok(++moves <= MAX_MOVES, 'the game ends');
    const choice = await page.$('.kw-choices button[data-action^="trump "], .kw-choices button[data-action^="vote "]');
    const card = await page.$('.kw-hand button.card');
    const hold = await page.$('[data-action="hold"]');
    if (!shot && card && moves >= 3) {
      await page.waitForTimeout(400); // let the last card land
      await page.screenshot({ path: path.join(artifacts, 'knock-out-whist-midgame.png') });
      shot = true;
    }
    if (choice) await actAndWait(page, () => choice.click());
    else if (card) await actAndWait(page, () => card.click());
    else if (hold) await actAndWait(page, () => hold.click());
    else assert.fail('it is our turn but the page offers nothing to click');
  }
  await checkResult(page, /^Score: rounds survived/);
  await page.waitForTimeout(400); // let the last card land
  await page.screenshot({ path: path.join(artifacts, 'knock-out-whist-end.png'), fullPage: true });
  assert.deepEqual(page.errors, [], 'no script errors');
  await page.close();
});

test('in German: both tables, their prompts and their logs speak German, and fit a phone', async (t) => {
  await requireGame('schotten-totten');
  await requireGame('knock-out-whist');
  // A browser of its own: the language switch's choice is kept in localStorage, and the tests
  // after this one must still see the page in English.
  const german = await launch();
  t.after(() => german.close());
  const page = await german.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  // The language switch's choice, as the page stores it.
  await page.addInitScript(() => localStorage.setItem('spieltisch.lang', 'de'));
  await createTable(page, { game: 'schotten-totten', seats: ['human', 'bot:heuristic'] });
  await page.waitForSelector('.st-board');
  for (let i = 0; i < 5; i++) {
    if ((await waitForTurn(page)) === 'finished') break;
    const card = await page.$('.st-hand button.card');
    if (!card) break;
    await card.click();
    const stone = await page.waitForSelector('button.st-stone.target');
    assert.match(await page.textContent('.st-prompt'), /^Wähle jetzt einen markierten Grenzstein für (Rot|Blau|Grün|Gelb|Lila|Braun) \d\.$/);
    if (i === 4) break; // leave the last card chosen for the screenshot
    await actAndWait(page, () => stone.click());
  }
  assert.match(await page.textContent('.st-player.bottom .st-player-name'), /^Deine Hand/);
  assert.match(await page.textContent('.st-score'), /Grenzsteine: Du \d – \d /);
  const stLog = await page.$$eval('#log li', (items) => items.map((li) => li.textContent));
  assert.ok(stLog.some((line) => /^Du legst (Rot|Blau|Grün|Gelb|Lila|Braun) \d an Stein \d$/.test(line)), `the log says our plays in German: ${stLog.slice(0, 4).join(' | ')}`);
  assert.ok(stLog.some((line) => /^Bot Anna \(Schwer\) zieht eine Karte$/.test(line) || /^Du ziehst /.test(line)), 'the log says the draws in German');
  assert.deepEqual(stLog.filter((line) => /\bseat \d|played|\b[rbgypn]\d\b/.test(line)), [], 'no English or card codes in the log');
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(artifacts, 'de-schotten-totten-midgame.png') });
  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalScroll(page, 'the German Schotten-Totten table');
  await page.screenshot({ path: path.join(artifacts, 'de-phone-schotten-totten.png'), fullPage: true });

  await page.setViewportSize({ width: 1280, height: 1100 });
  await createTable(page, { game: 'knock-out-whist', seats: ['human', 'bot:heuristic', 'bot:random'] });
  await page.waitForSelector('.kw-board');
  for (let i = 0; i < 3; i++) {
    if ((await waitForTurn(page)) === 'finished') break;
    const choice = await page.$('.kw-choices button[data-action^="trump "], .kw-choices button[data-action^="vote "]');
    const card = await page.$('.kw-hand button.card');
    if (!choice && !card) break;
    await actAndWait(page, () => (choice || card).click());
  }
  assert.match(await page.textContent('.kw-round'), /^Runde \d+ von \d+je \d Karten?$/);
  assert.match(await page.textContent('.kw-trump .kw-label'), /^Trumpf$/);
  const kwLog = await page.$$eval('#log li', (items) => items.map((li) => li.textContent));
  assert.ok(kwLog.some((line) => /^Runde 1: .* gibs?t je 7 Karten/.test(line)), `the deal in German: ${kwLog.slice(0, 2).join(' | ')}`);
  assert.ok(kwLog.some((line) => /^Du spielst (10|[2-9JQKA])[♠♥♦♣]$/.test(line)), `our plays in symbols: ${kwLog.slice(-4).join(' | ')}`);
  assert.deepEqual(kwLog.filter((line) => /\bseat \d|plays|\b(10|[2-9TJQKA])[CDHS]\b/.test(line)), [], 'no English or card codes in the log');
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(artifacts, 'de-knock-out-whist-midgame.png') });
  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalScroll(page, 'the German Knock-Out Whist table');
  await page.evaluate(() => scrollTo(0, 0));
  await assertWhistHandInView(page, 'in German');
  await page.screenshot({ path: path.join(artifacts, 'de-phone-knock-out-whist.png'), fullPage: true });
  assert.deepEqual(page.errors, [], 'no script errors');
  await page.close();
});

/** The Whist hand is on a 360×740 phone's screen without scrolling. */
async function assertWhistHandInView(page, what) {
  const hand = await page.evaluate(() => ({
    scrollY,
    bottom: Math.max(...[...document.querySelectorAll('.kw-me .card')].map((c) => c.getBoundingClientRect().bottom)),
    height: innerHeight,
  }));
  assert.ok(hand.scrollY === 0 && hand.bottom <= hand.height, `the Whist hand is in view at 360×740, ${what}: ${JSON.stringify(hand)}`);
}

test('phone width (360 px): lobby and tables fit without sideways scrolling', async () => {
  await requireGame('schotten-totten');
  await requireGame('knock-out-whist');
  const page = await newPage({ width: 360, height: 740 });
  await page.goto(`${server.url}/`);
  await page.waitForSelector('.game-choice');
  await noHorizontalScroll(page, 'the lobby');
  await page.screenshot({ path: path.join(artifacts, 'phone-lobby.png'), fullPage: true });

  await createTable(page, { game: 'schotten-totten', seats: ['human', 'bot:heuristic'] });
  await page.waitForSelector('.st-board');
  // Play a few moves so cards lie on the stones.
  for (let i = 0; i < 4; i++) {
    if ((await waitForTurn(page)) === 'finished') break;
    const card = await page.$('.st-hand button.card');
    if (!card) break;
    await card.click();
    const stone = await page.waitForSelector('button.st-stone.target');
    await actAndWait(page, () => stone.click());
  }
  await waitForTurn(page);
  await noHorizontalScroll(page, 'the Schotten-Totten table');
  await page.screenshot({ path: path.join(artifacts, 'phone-schotten-totten.png'), fullPage: true });

  await createTable(page, { game: 'knock-out-whist', seats: ['human', 'bot:heuristic', 'bot:heuristic', 'bot:random'] });
  await page.waitForSelector('.kw-board');
  await waitForTurn(page);
  await noHorizontalScroll(page, 'the Knock-Out Whist table');
  await page.screenshot({ path: path.join(artifacts, 'phone-knock-out-whist.png'), fullPage: true });
  await assertWhistHandInView(page, 'three opponents and all');
  assert.deepEqual(page.errors, [], 'no script errors');
  await page.close();
});
