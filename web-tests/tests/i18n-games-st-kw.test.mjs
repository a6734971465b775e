// Unit tests without a browser: the Schotten-Totten and Knock-Out Whist log in words and symbols
// (`describe`, `reasonText`) in English and German, and the completeness of both string tables.
// The sample events are real `spieltisch engine` output (random matches, see docs/protocol.md),
// plus the shapes of crates/*/src/event.rs for the few a random match rarely shows.
//
// Run from web-tests/:  node --test tests/i18n-games-st-kw.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';

// The page's language comes from localStorage (the switch) before navigator: a stub picks it.
let chosen = 'en';
globalThis.localStorage = { getItem: (key) => (key === 'spieltisch.lang' ? chosen : null), setItem() {} };
if (!globalThis.navigator) globalThis.navigator = { languages: ['en'], language: 'en' };

const st = await import('../../web/games/schotten-totten.js');
const kw = await import('../../web/games/knock-out-whist.js');
const { STRINGS: ST_STRINGS } = await import('../../web/games/schotten-totten.strings.js');
const { STRINGS: KW_STRINGS } = await import('../../web/games/knock-out-whist.strings.js');

const NAMES = ['Ada', 'Bob', 'Cy', 'Dee'];

/** The ctx table.js passes: the viewer (`you`) is "You" / "Du", the others by name. */
function ctxFor(you, table = {}) {
  return {
    you,
    table,
    isYou: (seat) => you !== null && seat === you,
    seatName: (seat) => (you !== null && seat === you ? (chosen === 'de' ? 'Du' : 'You') : NAMES[seat]),
  };
}

function inBoth(check) {
  for (const language of ['en', 'de']) {
    chosen = language;
    check(language);
  }
  chosen = 'en';
}

/** Checks `lines`: [event, {en, de}] for a spectator (you = null) or the given viewer. */
function expectLines(module, rows, you = null, table = {}) {
  inBoth((language) => {
    for (const [event, expected] of rows) {
      assert.equal(module.describe({ text: 'server text', event }, ctxFor(you, table)), expected[language], `${language}: ${JSON.stringify(event)}`);
    }
  });
}

test('Schotten-Totten: every event type in words, for a spectator', () => {
  expectLines(st, [
    [{ card: 'y6', seat: 0, stone: 3, type: 'played' }, { en: 'Ada played yellow 6 on stone 3', de: 'Ada legt Gelb 6 an Stein 3' }],
    [{ card: 'n3', pile: 'clan', seat: 0, type: 'drew' }, { en: 'Ada drew brown 3', de: 'Ada zieht Braun 3' }],
    [{ card: null, pile: 'clan', seat: 1, type: 'drew' }, { en: 'Bob drew a card', de: 'Bob zieht eine Karte' }],
    [{ card: null, pile: 'tactic', seat: 1, type: 'drew' }, { en: 'Bob drew a tactic card', de: 'Bob zieht eine Taktikkarte' }],
    [{ resolved: [[], []], revealed: [], seat: 0, stone: 1, type: 'claimed' }, { en: 'Ada claimed stone 1', de: 'Ada beansprucht Stein 1' }],
    [{ resolved: [[], [{ as: 'r3', card: 'shield' }]], revealed: ['b8', 'n2'], seat: 1, stone: 4, type: 'claimed' },
      { en: 'Bob claimed stone 4, showing blue 8, brown 2, Shield-bearer as red 3', de: 'Bob beansprucht Stein 4 und zeigt Blau 8, Braun 2, Schildträger als Rot 3' }],
    [{ card: 'banshee', seat: 1, type: 'ruse' }, { en: 'Bob played Banshee', de: 'Bob spielt Banshee aus' }],
    [{ card: 'recruiter', seat: 0, type: 'ruse' }, { en: 'Ada played Recruiter', de: 'Ada spielt Anwerber aus' }],
    [{ card: 'y7', pile: 'clan', seat: 0, type: 'returned' }, { en: 'Ada put yellow 7 under the clan pile', de: 'Ada legt Gelb 7 unter den Clan-Stapel' }],
    [{ card: null, pile: 'tactic', seat: 0, type: 'returned' }, { en: 'Ada put a card under the tactic pile', de: 'Ada legt eine Karte unter den Taktikstapel' }],
    [{ card: 'y1', from: 8, seat: 0, to: 2, type: 'moved' }, { en: 'Ada moved yellow 1 from stone 8 to stone 2', de: 'Ada versetzt Gelb 1 von Stein 8 an Stein 2' }],
    [{ card: 'g7', from: 5, seat: 1, type: 'discarded' }, { en: 'Bob discarded green 7 from stone 5', de: 'Bob wirft Grün 7 von Stein 5 ab' }],
    [{ seat: 0, type: 'passed' }, { en: 'Ada passed', de: 'Ada passt' }],
    [{ seat: 1, type: 'done' }, { en: 'Bob is done claiming', de: 'Bob beansprucht nichts mehr' }],
    [{ resolved: [[{ as: 'r9', card: 'joker1' }], []], seat: 1, stone: 9, type: 'awarded' }, { en: 'Stone 9 goes to Bob, Joker as red 9', de: 'Stein 9 geht an Bob, Joker als Rot 9' }],
    [{ game: 1, points: [5, 0], reason: 'three-adjacent', scores: [5, 0], seat: 0, type: 'game-won' },
      { en: 'Ada won game 1 with three adjacent stones; score 5–0', de: 'Ada gewinnt Partie 1 mit drei benachbarten Steinen; Stand 5:0' }],
    [{ game: 2, points: [0, 5], reason: 'five-stones', scores: [5, 5], seat: 1, type: 'game-won' },
      { en: 'Bob won game 2 with five stones; score 5–5', de: 'Bob gewinnt Partie 2 mit fünf Steinen; Stand 5:5' }],
    [{ game: 2, points: [5, 0], reason: 'most-stones', scores: [10, 5], seat: 0, type: 'game-won' },
      { en: 'Ada won game 2 with more stones; score 10–5', de: 'Ada gewinnt Partie 2 mit mehr Steinen; Stand 10:5' }],
    [{ game: 2, starting_seat: 1, type: 'game-started' }, { en: 'Game 2: Bob starts', de: 'Partie 2: Bob beginnt' }],
    [{ scores: [10, 5], type: 'match-over', winner: 0 }, { en: 'Match over: Ada wins 10–5', de: 'Match vorbei: Ada gewinnt 10:5' }],
    [{ scores: [5, 5], type: 'match-over', winner: null }, { en: 'Match over: a draw at 5–5', de: 'Match vorbei: unentschieden 5:5' }],
  ]);
});

test('Schotten-Totten: the viewer\'s own lines take the "you" / "du" form', () => {
  expectLines(st, [
    [{ card: 'y6', seat: 0, stone: 3, type: 'played' }, { en: 'You played yellow 6 on stone 3', de: 'Du legst Gelb 6 an Stein 3' }],
    [{ card: 'spy', pile: 'tactic', seat: 0, type: 'drew' }, { en: 'You drew Spy', de: 'Du ziehst Spion' }],
    [{ resolved: [[], []], revealed: ['y9'], seat: 0, stone: 4, type: 'claimed' }, { en: 'You claimed stone 4, showing yellow 9', de: 'Du beanspruchst Stein 4 und zeigst Gelb 9' }],
    [{ card: 'traitor', seat: 0, type: 'ruse' }, { en: 'You played Traitor', de: 'Du spielst Verräter aus' }],
    [{ card: 'b2', from: 1, seat: 0, type: 'discarded' }, { en: 'You discarded blue 2 from stone 1', de: 'Du wirfst Blau 2 von Stein 1 ab' }],
    [{ seat: 0, type: 'passed' }, { en: 'You passed', de: 'Du passt' }],
    [{ seat: 0, type: 'done' }, { en: 'You are done claiming', de: 'Du beanspruchst nichts mehr' }],
    [{ resolved: [[], []], seat: 0, stone: 2, type: 'awarded' }, { en: 'Stone 2 goes to you', de: 'Stein 2 geht an dich' }],
    [{ game: 1, points: [5, 0], reason: 'three-adjacent', scores: [5, 0], seat: 0, type: 'game-won' },
      { en: 'You won game 1 with three adjacent stones; score 5–0', de: 'Du gewinnst Partie 1 mit drei benachbarten Steinen; Stand 5:0' }],
    [{ game: 3, starting_seat: 0, type: 'game-started' }, { en: 'Game 3: you start', de: 'Partie 3: Du beginnst' }],
    [{ scores: [10, 5], type: 'match-over', winner: 0 }, { en: 'Match over: you win 10–5', de: 'Match vorbei: Du gewinnst 10:5' }],
  ], 0);
});

test('Battle Line names its tactic cards and flags its own way', () => {
  const table = { config: { 'battle-line': true } };
  expectLines(st, [
    [{ card: 'r10', seat: 1, stone: 7, type: 'played' }, { en: 'Bob played red 10 on flag 7', de: 'Bob legt Rot 10 an Flagge 7' }],
    [{ card: 'recruiter', seat: 1, type: 'ruse' }, { en: 'Bob played Scout', de: 'Bob spielt Späher aus' }],
    [{ resolved: [[{ as: 'b8', card: 'spy' }], []], seat: 0, stone: 3, type: 'awarded' }, { en: 'Flag 3 goes to Ada, Companion Cavalry as blue 8', de: 'Flagge 3 geht an Ada, Gefährten-Reiterei als Blau 8' }],
    [{ card: null, pile: 'clan', seat: 0, type: 'returned' }, { en: 'Ada put a card under the troop pile', de: 'Ada legt eine Karte unter den Truppenstapel' }],
  ], null, table);
});

test('Schotten-Totten: unreadable events give \'\' so the server text is shown', () => {
  const ctx = ctxFor(null);
  assert.equal(st.describe({ text: 'x' }, ctx), '');
  assert.equal(st.describe({ text: 'x', event: { type: 'teleported', seat: 0 } }, ctx), '');
  assert.equal(st.describe({ text: 'x', event: { type: 'played', card: 'r7', stone: 3 } }, ctx), '', 'no seat');
  assert.equal(st.describe({ text: 'x', event: { type: 'played', card: 'r7', seat: 0, stone: 12 } }, ctx), '', 'no such stone');
  assert.equal(st.describe({ text: 'x', event: { type: 'game-won', seat: 0, game: 1, reason: 'luck', scores: [5, 0] } }, ctx), '', 'an unknown reason');
});

test('Schotten-Totten: the end reasons in words', () => {
  const rows = [
    [{ code: 'three-adjacent-stones', text: 'seat 1 won three adjacent stones' }, { en: 'Bob won with three adjacent stones', de: 'Bob gewinnt mit drei benachbarten Steinen' }],
    [{ code: 'five-stones', text: 'seat 1 won five stones in the last game of 2' },
      { en: 'Bob won with five stones, in the last game of 2', de: 'Bob gewinnt mit fünf Steinen, in der letzten von 2 Partien' }],
    [{ code: 'settlement', text: 'seat 1 won three adjacent stones in the settlement, once nobody could play a card' },
      { en: 'Bob won with three adjacent stones in the settlement, once nobody could play a card', de: 'Bob gewinnt mit drei benachbarten Steinen bei der Schlusswertung, als niemand mehr eine Karte spielen konnte' }],
    [{ code: 'settlement', text: 'seat 0 won more stones than the other, who also had three adjacent or five in the settlement, once nobody could play a card' },
      { en: 'Ada won with more stones than the other, who also had three adjacent or five in the settlement, once nobody could play a card', de: 'Ada gewinnt mit mehr Steinen als der Gegner (der ebenfalls drei benachbarte oder fünf hat) bei der Schlusswertung, als niemand mehr eine Karte spielen konnte' }],
  ];
  inBoth((language) => {
    for (const [reason, expected] of rows) assert.equal(st.reasonText(reason, ctxFor(null)), expected[language], `${language}: ${reason.text}`);
    // The viewer's own win; the winner from the outcome when the text names no seat.
    assert.equal(st.reasonText({ code: 'three-adjacent-stones', text: 'seat 0 won three adjacent stones' }, ctxFor(0)),
      { en: 'You won with three adjacent stones', de: 'Du gewinnst mit drei benachbarten Steinen' }[language]);
    assert.equal(st.reasonText({ code: 'five-stones', text: '' }, ctxFor(null, { outcome: { places: [2, 1] } })),
      { en: 'Bob won with five stones', de: 'Bob gewinnt mit fünf Steinen' }[language]);
    assert.equal(st.reasonText({ code: 'resigned', text: 'seat 0 resigned' }, ctxFor(null)), '');
    assert.equal(st.reasonText(null, ctxFor(null)), '');
  });
});

test('Knock-Out Whist: every event type in words and symbols, for a spectator', () => {
  expectLines(kw, [
    [{ cards_per_hand: 7, counts: [7, 7, 7], dealer: 0, round: 1, type: 'dealt' }, { en: 'Round 1: Ada deals 7 cards each', de: 'Runde 1: Ada gibt je 7 Karten' }],
    [{ cards_per_hand: 1, counts: [1, 1], dealer: 1, round: 7, type: 'dealt' }, { en: 'Round 7: Bob deals 1 card each', de: 'Runde 7: Bob gibt je 1 Karte' }],
    [{ card: 'JH', type: 'trump-turned' }, { en: 'J♥ is turned up: ♥ hearts are trump', de: 'J♥ wird aufgedeckt: ♥ Herz ist Trumpf' }],
    [{ suit: 'D', type: 'trump-kept' }, { en: '♦ diamonds stay trump', de: '♦ Karo bleibt Trumpf' }],
    [{ round: 7, type: 'no-trump' }, { en: 'Round 7 is played without trump', de: 'Runde 7 wird ohne Trumpf gespielt' }],
    [{ seat: 0, tied: [0], tricks: 4, type: 'most-tricks' }, { en: 'Ada took the most tricks (4 tricks)', de: 'Ada hat die meisten Stiche (4 Stiche)' }],
    [{ seat: 1, tied: [0, 1, 2], tricks: 1, type: 'most-tricks' }, { en: 'Ada, Bob and Cy tied with 1 trick; the cut goes to Bob', de: 'Ada, Bob und Cy haben gleich viele Stiche (1); Bob gewinnt das Abheben' }],
    [{ type: 'vote-opened', voters: [2] }, { en: 'Cy votes on trump', de: 'Cy stimmt über den Trumpf ab' }],
    [{ type: 'vote-opened', voters: [2, 3] }, { en: 'Cy and Dee vote on trump', de: 'Cy und Dee stimmen über den Trumpf ab' }],
    [{ seat: 2, type: 'voted' }, { en: 'Cy voted', de: 'Cy hat abgestimmt' }],
    [{ seat: 2, suit: 'S', type: 'voted' }, { en: 'Cy voted ♠ spades', de: 'Cy stimmt für ♠ Pik' }],
    [{ leading: ['S'], type: 'vote-resolved', votes: [{ seat: 2, suit: 'S' }] }, { en: 'Votes: Cy ♠ spades; ♠ spades are trump', de: 'Stimmen: Cy ♠ Pik; ♠ Pik ist Trumpf' }],
    [{ leading: ['D', 'H'], type: 'vote-resolved', votes: [{ seat: 0, suit: 'H' }, { seat: 2, suit: 'D' }] },
      { en: 'Votes: Ada ♥ hearts, Cy ♦ diamonds; a tie between ♦ diamonds and ♥ hearts', de: 'Stimmen: Ada ♥ Herz, Cy ♦ Karo; Gleichstand zwischen ♦ Karo und ♥ Herz' }],
    [{ seat: 0, suit: 'H', type: 'trump-chosen' }, { en: 'Ada chose ♥ hearts as trump', de: 'Ada wählt ♥ Herz als Trumpf' }],
    [{ card: 'TS', seat: 1, type: 'played' }, { en: 'Bob played 10♠', de: 'Bob spielt 10♠' }],
    [{ card: 'QH', seat: 1, type: 'played' }, { en: 'Bob played Q♥', de: 'Bob spielt Q♥' }],
    [{ seat: 3, type: 'held' }, { en: 'Dee held their card', de: 'Dee hält die Karte zurück' }],
    [{ card: 'KC', seat: 0, trick: 1, type: 'trick-won' }, { en: 'Ada won trick 1 with K♣', de: 'Ada gewinnt Stich 1 mit K♣' }],
    [{ seat: 3, type: 'back-in' }, { en: "Dee's mercy card won a trick: back in", de: 'Die Gnadenkarte von Dee gewinnt einen Stich: wieder dabei' }],
    [{ seat: 2, type: 'mercy' }, { en: 'Cy won no trick and gets a mercy chance', de: 'Cy hat keinen Stich und bekommt eine Gnadenchance' }],
    [{ round: 3, seat: 2, type: 'knocked-out' }, { en: 'Cy is knocked out in round 3', de: 'Cy scheidet in Runde 3 aus' }],
    [{ round: 6, seat: 0, type: 'sweep' }, { en: 'Ada won every trick of round 6: a sweep', de: 'Ada gewinnt alle Stiche der Runde 6: Durchmarsch' }],
    [{ places: [1, 2, 3], type: 'game-over', winner: 0 }, { en: 'Game over: Ada wins', de: 'Spiel vorbei: Ada gewinnt' }],
  ]);
});

test('Knock-Out Whist: the viewer\'s own lines take the "you" / "du" form, the hand in symbols', () => {
  expectLines(kw, [
    [{ cards_per_hand: 7, counts: [7, 7, 7], dealer: 0, hand: ['KC', '4D', '9H', '3S', '7S', 'TS', 'AS'], round: 1, type: 'dealt' },
      { en: 'Round 1: you deal 7 cards each; your hand: 3♠ 7♠ 10♠ A♠ 9♥ K♣ 4♦', de: 'Runde 1: Du gibst je 7 Karten; deine Hand: 3♠ 7♠ 10♠ A♠ 9♥ K♣ 4♦' }],
    [{ card: 'TS', seat: 0, type: 'played' }, { en: 'You played 10♠', de: 'Du spielst 10♠' }],
    [{ seat: 0, tied: [0], tricks: 1, type: 'most-tricks' }, { en: 'You took the most tricks (1 trick)', de: 'Du hast die meisten Stiche (1 Stich)' }],
    [{ seat: 0, tied: [1, 0], tricks: 2, type: 'most-tricks' }, { en: 'Bob and you tied with 2 tricks; the cut goes to you', de: 'Bob und du haben gleich viele Stiche (2); du gewinnst das Abheben' }],
    [{ type: 'vote-opened', voters: [0] }, { en: 'You vote on trump', de: 'Du stimmst über den Trumpf ab' }],
    [{ seat: 0, suit: 'C', type: 'voted' }, { en: 'You voted ♣ clubs', de: 'Du stimmst für ♣ Kreuz' }],
    [{ seat: 0, suit: 'S', type: 'trump-chosen' }, { en: 'You chose ♠ spades as trump', de: 'Du wählst ♠ Pik als Trumpf' }],
    [{ seat: 0, type: 'held' }, { en: 'You held your card', de: 'Du hältst deine Karte zurück' }],
    [{ card: 'AS', seat: 0, trick: 2, type: 'trick-won' }, { en: 'You won trick 2 with A♠', de: 'Du gewinnst Stich 2 mit A♠' }],
    [{ seat: 0, type: 'back-in' }, { en: 'Your mercy card won a trick: you are back in', de: 'Deine Gnadenkarte gewinnt einen Stich: Du bist wieder dabei' }],
    [{ seat: 0, type: 'mercy' }, { en: 'You won no trick and get a mercy chance', de: 'Du hast keinen Stich und bekommst eine Gnadenchance' }],
    [{ round: 2, seat: 0, type: 'knocked-out' }, { en: 'You are knocked out in round 2', de: 'Du scheidest in Runde 2 aus' }],
    [{ round: 4, seat: 0, type: 'sweep' }, { en: 'You won every trick of round 4: a sweep', de: 'Du gewinnst alle Stiche der Runde 4: Durchmarsch' }],
    [{ places: [1, 2], type: 'game-over', winner: 0 }, { en: 'Game over: you win', de: 'Spiel vorbei: Du gewinnst' }],
  ], 0);
});

test('Knock-Out Whist: unreadable events give \'\', the end reasons in words', () => {
  const ctx = ctxFor(null);
  assert.equal(kw.describe({ text: 'x' }, ctx), '');
  assert.equal(kw.describe({ text: 'x', event: { type: 'shuffled' } }, ctx), '');
  assert.equal(kw.describe({ text: 'x', event: { type: 'played', seat: 0, card: 'ZZ' } }, ctx), '');
  const rows = [
    [{ code: 'sweep', text: 'seat 1 won every trick of round 5' }, { en: 'Bob won every trick of round 5', de: 'Bob gewinnt alle Stiche der Runde 5' }],
    [{ code: 'last-round', text: 'seat 3 won the only trick of the 1-card round' }, { en: 'Dee won the only trick of the 1-card round', de: 'Dee gewinnt den einzigen Stich der Ein-Karten-Runde' }],
    [{ code: 'last-player-standing', text: 'seat 2 was the last player left after round 4' },
      { en: 'Cy was the last player left after round 4', de: 'Cy bleibt nach Runde 4 als Letzte oder Letzter übrig' }],
  ];
  inBoth((language) => {
    for (const [reason, expected] of rows) assert.equal(kw.reasonText(reason, ctx), expected[language], `${language}: ${reason.text}`);
    assert.equal(kw.reasonText({ code: 'sweep', text: 'seat 0 won every trick of round 3' }, ctxFor(0)),
      { en: 'You won every trick of round 3', de: 'Du gewinnst alle Stiche der Runde 3' }[language]);
    assert.equal(kw.reasonText({ code: 'resigned', text: 'seat 0 resigned' }, ctx), '');
  });
});

/** Every English key has a German text, and German has no key English lacks (but `.self` forms). */
function checkComplete(name, table) {
  const en = Object.keys(table.en);
  const de = Object.keys(table.de);
  const missing = en.filter((key) => !(key in table.de));
  assert.deepEqual(missing, [], `${name}: German lacks ${missing.join(', ')}`);
  const stray = de.filter((key) => !(key in table.en) && !(key.endsWith('.self') && key.slice(0, -5) in table.en));
  assert.deepEqual(stray, [], `${name}: German keys without an English one (a typo?): ${stray.join(', ')}`);
  // A German text fills the same slots as the English one (a slot lost in translation would
  // leave a name or a card out; an extra one would print as "{card}").
  const slots = (value) => (typeof value === 'string' ? [...new Set(value.match(/\{\w+\}/g) || [])].sort() : null);
  for (const key of en) {
    const [english, german] = [slots(table.en[key]), slots(table.de[key])];
    if (english && german) assert.deepEqual(german, english, `${name}.${key}: the German slots differ`);
  }
  // Every value gives a text, whatever the parameters.
  const params = { n: 2, who: 'Ada', name: 'Ada', list: 'Ada und Bob', round: 3, many: true, suit: 'Pik', card: 'Rot 7', what: 'x' };
  for (const language of ['en', 'de']) {
    for (const [key, value] of Object.entries(table[language])) {
      const text = typeof value === 'function' ? value(params) : value;
      assert.equal(typeof text, 'string', `${name}.${language}.${key}`);
      assert.ok(text.length > 0, `${name}.${language}.${key} is empty`);
    }
  }
}

test('both string tables are complete in German', () => {
  checkComplete('schotten-totten', ST_STRINGS);
  checkComplete('knock-out-whist', KW_STRINGS);
});

test('the renderers\' own texts follow the language', () => {
  inBoth((language) => {
    assert.equal(st.scoreNote({ config: {} }), { en: 'Score: match points — the winner of each game scores 5, the loser nothing.', de: 'Wertung: Matchpunkte — wer eine Partie gewinnt, erhält 5, wer verliert, nichts.' }[language]);
    assert.match(kw.scoreNote(), { en: /^Score: rounds survived/, de: /^Wertung: überstandene Runden/ }[language]);
    assert.equal(kw.stake({ legal: ['vote S'] }).length > 0, true);
    assert.equal(kw.stake({ legal: ['play QS'] }), '');
    assert.equal(st.describeFormation({ class: 'colour-run', sum: 24 }), { en: 'colour run (24)', de: 'Farbreihe (24)' }[language]);
    assert.equal(st.formationName(['r7', 'r8', 'r9']), { en: 'colour run (24)', de: 'Farbreihe (24)' }[language]);
    assert.equal(st.tacticName('mud', true), { en: 'Mud', de: 'Schlamm' }[language]);
    assert.equal(kw.cardName('QH'), { en: 'queen of hearts', de: 'Herz-Dame' }[language]);
  });
});
