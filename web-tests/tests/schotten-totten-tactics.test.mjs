// Browser end-to-end tests of Schotten-Totten's tactic cards (ST-40 … ST-45) and the Battle Line
// mode (ST-50): a whole `tactics` game and a whole `battle-line` game (with tactics) against a
// bot, played by a person's clicks. Every click is one the page offers: a claim badge, a pass,
// a pile to draw from, a ruse card, a card to put back, a table card to move or discard, a hand
// card and then a highlighted stone. And the lobby's versions (ST-3): "Battle Line" is one choice,
// `battle-line` with `tactics`, in English and German.
//
// Run from web-tests/:  npm ci && SPIELTISCH_BIN=../target/debug/spieltisch node --test tests/schotten-totten-tactics.test.mjs
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

async function newPage() {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 1200 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  return page;
}

/** Creates a table with the lobby's version `preset` (if given) and variant switches `variants` on,
 * a human at seat 0 and `bot`. */
async function createTable(page, variants, bot, preset = null) {
  await page.goto(`${server.url}/`);
  await page.fill('#player-name', 'Ada');
  await page.click('.game-choice[data-game="schotten-totten"]');
  if (preset) await page.selectOption('#preset', preset);
  await page.click('#variants summary');
  for (const variant of variants) {
    const box = `#variant-${variant}`;
    await page.waitForSelector(box, { timeout: STEP_TIMEOUT });
    await page.check(box);
  }
  await page.selectOption('select[data-seat="0"]', 'human');
  await page.selectOption('select[data-seat="1"]', bot);
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

/** The prompt the page shows for the current step. */
const promptText = (page) => page.$eval('.st-prompt', (e) => e.textContent).catch(() => '');

/**
 * Plays one whole game by clicking, preferring tactic cards whenever the page offers them so the
 * ruses' steps are walked through. Returns what was seen along the way.
 */
async function playByClicking(page, name) {
  const seen = { moves: 0, ruses: new Set(), phases: new Set(), tacticDraws: 0, modes: 0, elites: 0, prompts: new Set() };
  for (;;) {
    if ((await waitForTurn(page)) === 'finished') break;
    assert.ok(++seen.moves <= MAX_MOVES, `${name}: the game ends`);
    const phase = await page.$eval('.st-board', (b) => b.dataset.phase);
    seen.phases.add(phase);
    const prompt = await promptText(page);
    if (prompt) seen.prompts.add(prompt.split(':')[0]);
    seen.modes = Math.max(seen.modes, await page.$$eval('.st-mode', (m) => m.length));
    seen.elites = Math.max(seen.elites, await page.$$eval('.st-side .card.tactic', (c) => c.length));

    const claim = await page.$('button.st-claim:not(.why)');
    if (claim) {
      await actAndWait(page, () => claim.click());
      continue;
    }
    // The tactics draw and the Recruiter's draws: alternate between the piles.
    const drawTactic = await page.$('[data-action="draw tactic"]');
    const drawClan = await page.$('[data-action="draw clan"]');
    if (drawTactic || drawClan) {
      assert.match(prompt, /draw/i, `${name}: the prompt says to draw`);
      const useTactic = drawTactic && (seen.moves % 3 === 0 || !drawClan);
      if (useTactic) seen.tacticDraws++;
      await actAndWait(page, () => (useTactic ? drawTactic : drawClan).click());
      continue;
    }
    // The Recruiter's put-back: click a hand card.
    const back = await page.$('.st-hand button.card[data-return]');
    if (back) {
      assert.match(prompt, /put it back/i, `${name}: the prompt says to put a card back`);
      await actAndWait(page, () => back.click());
      continue;
    }
    // Strategist, Banshee, Traitor: a card on the table, then (unless the Banshee) a stone or Discard.
    // A covered card shows only a strip, and the card over it may be one that cannot be taken
    // (a Traitor's clan card under a Shield-bearer): a person clicks what they see, so the
    // click goes to a visible part of the card (CI once clicked the middle, which belonged to
    // the Shield-bearer over it, and timed out).
    const take = await visibleTake(page);
    if (take) {
      const click = () => take.handle.click({ position: take.position });
      if (phase === 'banshee') {
        await actAndWait(page, click);
        continue;
      }
      await click();
      await page.waitForFunction(() => document.querySelector('button.st-stone.target') || document.querySelector('[data-action="discard"]'), null, { timeout: 5000 });
      assert.match(await promptText(page), /highlighted stone/i, `${name}: the prompt says where to click next`);
      const stone = await page.$('button.st-stone.target');
      const discard = await page.$('[data-action="discard"]');
      await actAndWait(page, () => (stone && (!discard || seen.moves % 2 === 0) ? stone : discard).click());
      continue;
    }
    // A ruse in hand: one click plays it.
    const ruse = await page.$('.st-hand button.card[data-ruse]');
    if (ruse && seen.moves % 2 === 0) {
      seen.ruses.add(await ruse.getAttribute('data-ruse'));
      await actAndWait(page, () => ruse.click());
      continue;
    }
    // A hand card, tactic cards first, then a highlighted stone.
    const card = (await page.$('.st-hand button.card.tactic:not([data-ruse])')) || (await page.$('.st-hand button.card:not([data-ruse])'));
    if (card) {
      await card.click();
      const stone = await page.waitForSelector('button.st-stone.target', { timeout: 5000 });
      await actAndWait(page, () => stone.click());
      continue;
    }
    if (ruse) {
      seen.ruses.add(await ruse.getAttribute('data-ruse'));
      await actAndWait(page, () => ruse.click());
      continue;
    }
    const pass = await page.$('[data-action="pass"]');
    if (pass) {
      await actAndWait(page, () => pass.click());
      continue;
    }
    const done = await page.$('[data-action="done"]');
    if (done) {
      await actAndWait(page, () => done.click());
      continue;
    }
    assert.fail(`${name}: it is our turn but the page offers nothing to click (phase ${phase})`);
  }
  await page.waitForSelector('#result:not([hidden]) table.standings', { timeout: STEP_TIMEOUT });
  assert.match(await page.textContent('#banner'), /Game over/);
  assert.deepEqual(page.errors, [], `${name}: no script errors`);
  return seen;
}

/** The last card on the table that can be taken and a point of it not covered by another
 * card (its middle, else its top or bottom strip), or null. */
async function visibleTake(page) {
  const takes = await page.$$('.st-side button.card[data-take]');
  for (const handle of takes.reverse()) {
    await handle.scrollIntoViewIfNeeded();
    const position = await handle.evaluate((el) => {
      const r = el.getBoundingClientRect();
      for (const y of [r.height / 2, 6, r.height - 6]) {
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + y);
        if (hit && el.contains(hit)) return { x: r.width / 2, y };
      }
      return null;
    });
    if (position) return { handle, position };
  }
  return null;
}

test('Schotten-Totten with tactic cards, played to the end by clicking', async () => {
  const page = await newPage();
  await createTable(page, ['tactics'], 'bot:random');
  await page.waitForSelector('.st-board');
  // Seven cards, the tactic pile and the discard pile.
  assert.equal(await page.$$eval('.st-hand.my-hand .card', (c) => c.length), 7);
  await page.waitForSelector('.st-pile.tactic');
  await page.waitForSelector('.st-discard');
  const seen = await playByClicking(page, 'tactics');
  await page.screenshot({ path: path.join(artifacts, 'schotten-totten-tactics-end.png'), fullPage: true });
  assert.ok(seen.phases.has('draw'), 'the pile was chosen by clicking');
  assert.ok(seen.tacticDraws > 0, 'tactic cards were drawn');
  assert.ok(seen.ruses.size + seen.modes + seen.elites > 0, `tactic cards were played (${JSON.stringify([...seen.ruses])})`);
  await page.close();
});

test('the lobby offers the four ways to play, Battle Line (with tactics) as one choice, in English and German', async () => {
  const page = await newPage();
  const options = () => page.$$eval('#preset option:not([hidden])', (os) => os.map((o) => [o.value, o.textContent]));
  const flags = () => page.evaluate(() => ['battle-line', 'tactics'].map((v) => document.getElementById(`variant-${v}`).checked));
  await page.goto(`${server.url}/`);
  await page.evaluate(() => localStorage.setItem('spieltisch.lang', 'en'));
  await page.reload();
  await page.click('.game-choice[data-game="schotten-totten"]');
  assert.equal(await page.isVisible('#preset'), true, 'the version is chosen outside the variants');
  assert.deepEqual(await options(), [
    ['schotten-totten', 'Schotten-Totten'],
    ['schotten-totten-tactics', 'Schotten-Totten with tactics'],
    ['battle-line', 'Battle Line'],
    ['battle-line-troops', 'Battle Line, troops only'],
  ]);
  assert.equal(await page.inputValue('#preset'), 'schotten-totten', 'the default game');
  await page.selectOption('#preset', 'battle-line');
  assert.deepEqual(await flags(), [true, true], 'Battle Line is battle-line with tactics');
  assert.match(await page.textContent('.variant-summary'), /tactics, battle-line|battle-line, tactics/);
  await page.selectOption('#preset', 'battle-line-troops');
  assert.deepEqual(await flags(), [true, false]);
  // Switching a variant by hand shows the version it now is.
  await page.click('#variants summary');
  await page.check('#variant-tactics');
  assert.equal(await page.inputValue('#preset'), 'battle-line');
  await page.uncheck('#variant-battle-line');
  assert.equal(await page.inputValue('#preset'), 'schotten-totten-tactics');
  // Other variants are left as they are.
  await page.check('#variant-claim-after-play');
  await page.selectOption('#preset', 'schotten-totten');
  assert.equal(await page.isChecked('#variant-claim-after-play'), true);
  assert.equal(await page.inputValue('#preset'), 'schotten-totten');
  await page.screenshot({ path: path.join(artifacts, 'schotten-totten-presets-lobby.png') });
  // A game without presets shows no version.
  await page.click('.game-choice[data-game="knock-out-whist"]');
  assert.equal(await page.isVisible('#preset'), false);
  // In German.
  await page.evaluate(() => localStorage.setItem('spieltisch.lang', 'de'));
  await page.reload();
  await page.click('.game-choice[data-game="schotten-totten"]');
  assert.match(await page.textContent('#preset-field'), /Fassung/);
  assert.deepEqual((await options()).map(([, title]) => title), [
    'Schotten-Totten',
    'Schotten-Totten mit Taktikkarten',
    'Battle Line',
    'Battle Line, nur Truppenkarten',
  ]);
  await page.evaluate(() => localStorage.removeItem('spieltisch.lang'));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Battle Line with tactics, nine flags and cards up to 10, played to the end by clicking', async () => {
  const page = await newPage();
  // Chosen as the lobby offers it: the version "Battle Line" (ST-3).
  await createTable(page, [], 'bot:heuristic', 'battle-line');
  await page.waitForSelector('.st-board.battle-line');
  await page.waitForSelector('.st-pile.tactic');
  assert.equal(await page.$$eval('.st-stone', (s) => s.length), 9, 'nine flags');
  assert.equal(await page.$$eval('.st-hand.my-hand .card', (c) => c.length), 7);
  const seen = await playByClicking(page, 'battle-line');
  await page.screenshot({ path: path.join(artifacts, 'battle-line-end.png'), fullPage: true });
  assert.ok(seen.moves > 10, 'a whole game');
  await page.close();
});

test('Battle Line without tactics, played to the end by clicking', async () => {
  const page = await newPage();
  await createTable(page, ['battle-line'], 'bot:random');
  await page.waitForSelector('.st-board.battle-line');
  assert.equal(await page.$$eval('.st-pile.tactic', (p) => p.length), 0, 'no tactic pile');
  const seen = await playByClicking(page, 'battle-line plain');
  assert.ok(!seen.phases.has('draw'), 'no pile to choose');
  await page.close();
});
