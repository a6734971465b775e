// Node test (no browser, no server): each game's `actionText(action, state)` says one legal
// action in notation as a short phrase for the hint panel, in English and German, with the
// board's and the log's words; anything it cannot read gives '' (the panel then shows the
// notation). The states are abridged views in the shapes the game crates serialise.
//
// Run from web-tests/:  node --test tests/action-text.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stubI18n } from '../lib/i18n-stub.mjs';

// i18n.js reads the language from localStorage (the switch's choice) before the browser's: a
// stub that the tests set per language.
let language = 'en';
// A missing key makes tr() warn and return the key: the warnings are collected to fail on.
const warnings = stubI18n(() => language);

const st = await import('../../web/games/schotten-totten.js');
const kw = await import('../../web/games/knock-out-whist.js');
const kk = await import('../../web/games/kopf-an-kopf.js');
const ko = await import('../../web/games/knock-out.js');
const { STRINGS: ST_STRINGS } = await import('../../web/games/schotten-totten.strings.js');
const { STRINGS: KW_STRINGS } = await import('../../web/games/knock-out-whist.strings.js');
const { STRINGS: KO_STRINGS } = await import('../../web/games/knock-out.strings.js');

/** A table of the API with these seat names (seat 2 a bot when `bot`). */
function tableOf(names, config = {}, bot = false) {
  const seats = names.map((name, seat) => ({ seat, kind: 'human', taken: true, name }));
  if (bot) seats[2] = { seat: 2, kind: 'bot', taken: true, name: 'Bot Anna', persona: 'Anna', level: 'hard', bot: 'ismcts' };
  return { config, seats };
}

/** Checks `rows`: [action, {en, de}], with `state` (or none). */
function expectTexts(module, rows, state) {
  warnings.length = 0;
  for (const lang of ['en', 'de']) {
    language = lang;
    for (const [action, expected] of rows) {
      assert.equal(module.actionText(action, state), expected[lang], `${lang}: ${action}`);
    }
  }
  language = 'en';
  assert.deepEqual(warnings, [], 'every text exists');
}

const UNREADABLE = ['', '   ', 'frobnicate', 'play', 'claim', 'claim 0', 'claim 10', 'play r7', 'play banana 3', 'play r7 3 4',
  'play QH', 'play 3', 'trump H', 'vote', 'hold', 'draw', 'draw 3', 'move r7', 'train', 'offer green 2', 'challenge L'];

/** The actions of `valid` read, every other one of UNREADABLE gives ''. */
function expectUnreadable(module, valid, state) {
  for (const lang of ['en', 'de']) {
    language = lang;
    for (const action of UNREADABLE.filter((a) => !valid.includes(a))) {
      assert.equal(module.actionText(action, state), '', `${lang}: ${JSON.stringify(action)} is unreadable`);
    }
    assert.equal(module.actionText(undefined, state), '', `${lang}: no action`);
    assert.equal(module.actionText(null), '', `${lang}: null and no state`);
  }
  language = 'en';
}

// ---- Schotten-Totten --------------------------------------------------------------------------

const stStones = (cards) => Array.from({ length: 9 }, (_, i) => ({ number: i + 1, sides: cards[i + 1] || [[], []], owner: null }));

test('Schotten-Totten: plays, claims and the turn\'s end in words', () => {
  const state = { view: { phase: 'play', tactics: false, battle_line: false, stones: stStones({}) }, legal: [], you: 0, table: tableOf(['Ada', 'Bob']) };
  expectTexts(st, [
    ['play r7 3', { en: 'Play red 7 on stone 3', de: 'Rot 7 an Stein 3 legen' }],
    ['play n1 9', { en: 'Play brown 1 on stone 9', de: 'Braun 1 an Stein 9 legen' }],
    ['PLAY Y6 1', { en: 'Play yellow 6 on stone 1', de: 'Gelb 6 an Stein 1 legen' }],
    ['claim 4', { en: 'Claim stone 4', de: 'Stein 4 beanspruchen' }],
    ['pass', { en: 'Pass (no card can be played)', de: 'Passen (keine Karte spielbar)' }],
    ['done', { en: 'Done — draw a card', de: 'Fertig — Karte ziehen' }],
  ], state);
  // In the final claim turns a pass ends the claims.
  expectTexts(st, [['pass', { en: 'Pass — no more claims', de: 'Passen — nichts mehr beanspruchen' }]],
    { ...state, view: { ...state.view, phase: 'final-claims' } });
});

test('Schotten-Totten: the tactic cards, draws and the ruses\' steps in words', () => {
  const view = { phase: 'strategist', tactics: true, battle_line: false, stones: stStones({ 2: [['r7', 'joker1'], ['g3']] }) };
  const state = { view, legal: [], you: 0, table: tableOf(['Ada', 'Bob'], { tactics: true }) };
  expectTexts(st, [
    ['play recruiter', { en: 'Play Recruiter', de: 'Anwerber ausspielen' }],
    ['play joker1 5', { en: 'Play Joker on stone 5', de: 'Joker an Stein 5 legen' }],
    ['play spy 2', { en: 'Play Spy on stone 2', de: 'Spion an Stein 2 legen' }],
    ['draw clan', { en: 'Draw a clan card', de: 'Clan-Karte ziehen' }],
    ['draw tactic', { en: 'Draw a tactic card', de: 'Taktikkarte ziehen' }],
    ['return r7', { en: 'Put red 7 under the clan pile', de: 'Rot 7 unter den Clan-Stapel legen' }],
    ['return banshee', { en: 'Put Banshee under the tactic pile', de: 'Banshee unter den Taktikstapel legen' }],
    ['move r7 5', { en: 'Move red 7 from stone 2 to stone 5', de: 'Rot 7 von Stein 2 an Stein 5 versetzen' }],
    ['discard g3', { en: 'Discard green 3 from stone 2', de: 'Grün 3 von Stein 2 abwerfen' }],
    // A card the view does not show on a stone: said without where it lies.
    ['move b4 1', { en: 'Move blue 4 to stone 1', de: 'Blau 4 an Stein 1 versetzen' }],
    ['discard b4', { en: 'Discard blue 4', de: 'Blau 4 abwerfen' }],
    ['pass', { en: 'Pass (no clan card to play)', de: 'Passen (keine Clan-Karte spielbar)' }],
  ], state);
});

test('Schotten-Totten: Battle Line says flags and its own card names', () => {
  const state = { view: { phase: 'play', tactics: true, battle_line: true, stones: stStones({}) }, legal: [], you: 1, table: tableOf(['Ada', 'Bob'], { 'battle-line': true }) };
  expectTexts(st, [
    ['play r10 3', { en: 'Play red 10 on flag 3', de: 'Rot 10 an Flagge 3 legen' }],
    ['play joker2 7', { en: 'Play Leader on flag 7', de: 'Anführer an Flagge 7 legen' }],
    ['claim 9', { en: 'Claim flag 9', de: 'Flagge 9 beanspruchen' }],
    ['draw clan', { en: 'Draw a troop card', de: 'Truppenkarte ziehen' }],
  ], state);
});

test('Schotten-Totten: without a state, and what it cannot read', () => {
  expectTexts(st, [
    ['play r7 3', { en: 'Play red 7 on stone 3', de: 'Rot 7 an Stein 3 legen' }],
    ['claim 4', { en: 'Claim stone 4', de: 'Stein 4 beanspruchen' }],
  ]);
  expectUnreadable(st, [], { view: { stones: stStones({}) } });
  assert.equal(st.actionText('play x7 3'), '');
  assert.equal(st.actionText('move r7 0'), '');
  assert.equal(st.actionText('draw everything'), '');
});

// ---- Knock-Out Whist --------------------------------------------------------------------------

test('Knock-Out Whist: plays, trump, votes and the mercy hold in words', () => {
  const state = { view: { phase: 'play', hand: ['QH', 'TS'] }, legal: [], you: 0, table: tableOf(['Ada', 'Bob', 'Cy']) };
  expectTexts(kw, [
    ['play QH', { en: 'Play queen of hearts', de: 'Herz-Dame spielen' }],
    ['play TS', { en: 'Play 10 of spades', de: 'Pik-10 spielen' }],
    ['play 10d', { en: 'Play 10 of diamonds', de: 'Karo-10 spielen' }],
    ['play AC', { en: 'Play ace of clubs', de: 'Kreuz-Ass spielen' }],
    ['trump H', { en: 'Choose hearts as trump', de: 'Herz als Trumpf wählen' }],
    ['vote D', { en: 'Vote for diamonds as trump', de: 'Für Karo als Trumpf stimmen' }],
    ['hold', { en: 'Hold your card (sit this trick out)', de: 'Karte zurückhalten (diesen Stich aussetzen)' }],
  ], state);
  expectUnreadable(kw, ['play QH', 'trump H', 'hold'], state);
  for (const action of ['play 1H', 'play QX', 'vote X', 'trump HH', 'hold on', 'play QH now']) assert.equal(kw.actionText(action, state), '', action);
});

// ---- Kopf an Kopf -----------------------------------------------------------------------------

const KK_HORSES = ['Donnerhuf', 'Silberpfeil', 'Rote Rakete', 'Nebelläufer', 'Glückskeks', 'Sturmwind', 'Kleiner Prinz',
  'Eisenherz', 'Mondschein', 'Letzte Hoffnung'].map((name, i) => ({ number: i + 1, name }));

test('Kopf an Kopf: actions as the action bar labels them, seats named as the table names them', () => {
  const table = tableOf(['Ada', 'Bob', 'Cleo'], {}, true);
  const state = { view: { phase: 'action', horses: KK_HORSES }, legal: [], you: 0, table };
  expectTexts(kk, [
    ['bet 7 3', { en: 'Bet 3 € on horse 7 Kleiner Prinz', de: '3 € auf Pferd 7 Kleiner Prinz wetten' }],
    ['bet 7', { en: 'Bet 5 € on horse 7 Kleiner Prinz', de: '5 € auf Pferd 7 Kleiner Prinz wetten' }],
    ['buy 8', { en: 'Buy horse 8 Eisenherz', de: 'Pferd 8 Eisenherz kaufen' }],
    ['play gallop 1', { en: 'Play Galopp on horse 1 Donnerhuf', de: 'Galopp auf Pferd 1 Donnerhuf spielen' }],
    ['play h7', { en: 'Play Pferd 7 +2', de: 'Pferd 7 +2 spielen' }],
    ['play pickpocket 1', { en: 'Play Taschendieb on Bob', de: 'Taschendieb gegen Bob spielen' }],
    ['play inspector 2', { en: 'Play Inspektor on Bot Anna', de: 'Inspektor gegen Bot Anna spielen' }],
    ['discard gallop mud', { en: 'Discard Galopp + Schlammbahn', de: 'Galopp + Schlammbahn ablegen' }],
    ['draw 2', { en: 'Draw from pile 2', de: 'Vom Stapel 2 ziehen' }],
    ['pass', { en: 'Pass', de: 'Passen' }],
  ], state);
  expectTexts(kk, [
    ['steal', { en: 'Take a random card from Bob', de: 'Zufällige Karte von Bob ziehen' }],
    ['decline', { en: 'Take no card', de: 'Keine Karte nehmen' }],
    ['pile 1', { en: 'Take from pile 1', de: 'Vom Stapel 1 nehmen' }],
  ], { ...state, view: { phase: 'three-card', three_from: 1, horses: KK_HORSES } });
  expectTexts(kk, [
    ['pass', { en: 'Let it happen', de: 'Geschehen lassen' }],
    ['object', { en: 'Object (Einspruch)', de: 'Einspruch erheben' }],
    ['reroll horse', { en: 'Re-roll the horse die', de: 'Neuer Wurf: Pferdewürfel' }],
  ], { ...state, view: { phase: 'reaction', horses: KK_HORSES } });
  expectTexts(kk, [
    ['sprint 4', { en: 'Move horse 4 Nebelläufer now', de: 'Pferd 4 Nebelläufer jetzt ziehen' }],
    ['decline', { en: 'Leave horses 2, 4 where they are', de: 'Pferde 2, 4 stehen lassen' }],
  ], { ...state, view: { phase: 'sprint', sprinters: [2, 4], horses: KK_HORSES } });
  expectTexts(kk, [
    ['keep', { en: 'Keep the roll', de: 'Wurf behalten' }],
    ['chance move', { en: 'Second chance: roll the movement die again', de: 'Zweite Chance: Bewegungswürfel neu würfeln' }],
    ['use 3', { en: 'Use the ability of horse 3 Rote Rakete', de: 'Eigenschaft von Pferd 3 Rote Rakete nutzen' }],
  ], state);
});

test('Kopf an Kopf: what it cannot read gives \'\'', () => {
  const state = { view: { phase: 'action', horses: KK_HORSES }, legal: [], you: 0, table: tableOf(['Ada', 'Bob']) };
  expectUnreadable(kk, [], state);
  for (const action of ['bet', 'bet x 3', 'buy', 'play foo 1', 'play gallop', 'play whip 3', 'play objection', 'chance dice', 'discard gallop', 'take', 'pile 3', 'keep it', 'bet 7 3 1']) {
    assert.equal(kk.actionText(action, state), '', action);
  }
  // Without a state: the horses by number.
  assert.equal(kk.actionText('buy 7'), 'Buy horse 7');
});

// ---- Knock Out --------------------------------------------------------------------------------

const KO_VIEW = {
  phase: 'betting',
  managers: [0, 1, 2].map((seat) => ({
    seat,
    boxers: [
      { id: `${seat}L`, class: 'light', name: ['Kid Kowalski', 'Flash Ferreira', 'Sugar Sato'][seat] },
      { id: `${seat}H`, class: 'heavy', name: ['Iron Ivanov', 'Big Ben Boateng', 'Tank Tomasz'][seat] },
    ],
  })),
  tableaus: [
    { tableau: 'red', backs: '0L', fields: [
      { number: 1, name: 'Sieg', stake: 10000, offer: 0, accept: null },
      { number: 2, name: 'Sieg', stake: 20000, offer: null, accept: null },
      { number: 3, name: 'Punktsieg', stake: 20000, offer: null, accept: null },
      { number: 4, name: 'K.O.', stake: 30000, offer: 0, accept: null }] },
    { tableau: 'blue', backs: '1H', fields: [
      { number: 1, name: 'Sieg', stake: 10000, offer: null, accept: null },
      { number: 2, name: 'Sieg', stake: 20000, offer: 1, accept: null },
      { number: 3, name: 'Punktsieg', stake: 20000, offer: null, accept: null },
      { number: 4, name: 'K.O.', stake: 30000, offer: 1, accept: null }] },
  ],
};

test('Knock Out: challenges, training, bets and the exchange in the board\'s words', () => {
  const state = { view: KO_VIEW, legal: [], you: 0, table: tableOf(['Ada', 'Bob', 'Cleo'], {}, true) };
  expectTexts(ko, [
    ['challenge L 1H', { en: 'Challenge Big Ben Boateng (Bob) with Kid Kowalski', de: 'Big Ben Boateng (Bob) mit Kid Kowalski herausfordern' }],
    ['challenge h 2l', { en: 'Challenge Sugar Sato (Bot Anna) with Iron Ivanov', de: 'Sugar Sato (Bot Anna) mit Iron Ivanov herausfordern' }],
    ['train 5 1 3 2', { en: 'Train with 1, 2, 3, 5', de: 'Mit 1, 2, 3, 5 trainieren' }],
    ['offer red 2', { en: 'Offer the bet on red 2 (Sieg, 20,000 S)', de: 'Die Wette Rot 2 (Sieg, 20.000 S) anbieten' }],
    ['accept blue 4', { en: "Accept Bob's bet on blue 4 (K.O., 30,000 S)", de: 'Die Wette Blau 4 (K.O., 30.000 S) von Bob annehmen' }],
    ['accept red 4', { en: 'Accept your own bet on red 4 (K.O., 30,000 S) — a bluff: it cancels itself', de: 'Die eigene Wette Rot 4 (K.O., 30.000 S) annehmen — ein Bluff: sie hebt sich auf' }],
    ['pass', { en: 'Pass (a chip on the pass field)', de: 'Passen (ein Chip auf das Passe-Feld)' }],
    ['play 3', { en: 'Play the 3 in this exchange', de: 'Die 3 in dieser Kampfrunde spielen' }],
  ], state);
});

test('Knock Out: without a state the edition\'s names; what it cannot read gives \'\'', () => {
  expectTexts(ko, [
    ['challenge L 1H', { en: 'Challenge Big Ben Boateng (Seat 2) with your lightweight', de: 'Big Ben Boateng (Platz 2) mit deinem kleinen Boxer herausfordern' }],
    ['offer blue 3', { en: 'Offer the bet on blue 3 (Punktsieg, 20,000 S)', de: 'Die Wette Blau 3 (Punktsieg, 20.000 S) anbieten' }],
    ['accept red 1', { en: 'Accept the bet on red 1 (Sieg, 10,000 S)', de: 'Die Wette Rot 1 (Sieg, 10.000 S) annehmen' }],
  ]);
  const state = { view: KO_VIEW, legal: [], you: 0, table: tableOf(['Ada', 'Bob', 'Cleo']) };
  expectUnreadable(ko, ['play 3'], state);
  for (const action of ['play 6', 'play 0', 'train 1 2 x', 'offer red', 'offer red 0', 'accept blue x', 'challenge X 1H', 'challenge L 1', 'pass now']) {
    assert.equal(ko.actionText(action, state), '', action);
  }
});

test('the hint texts are in both languages of every table', () => {
  for (const [name, table] of [['schotten-totten', ST_STRINGS], ['knock-out-whist', KW_STRINGS], ['knock-out', KO_STRINGS]]) {
    const hints = Object.keys(table.en).filter((k) => k.startsWith('hint.'));
    assert.ok(hints.length > 0, `${name} has hint texts`);
    assert.deepEqual(hints.filter((k) => !(k in table.de)), [], `${name}: every hint text in German`);
  }
});
