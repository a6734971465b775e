// Schotten-Totten in words: card names, formations and the log lines, in the page's language.
// Pure (no DOM), so node tests it directly (web-tests/tests/i18n-games-st-kw.test.mjs).
//
// The log contract (re-exported by schotten-totten.js; table.js and replay.js call it for every
// log line and the result panel, and show the server's English `text` when it returns ''):
// - `describe(entry, ctx)`: `entry = { text, event }` with `event` the structured event as the
//   crate serialises it (`{"type": "played", "seat": 0, "card": "r7", "stone": 3}`, see
//   crates/schotten-totten/src/event.rs); `ctx = { seatName(seat), isYou(seat), table, you }`.
//   Returns the line in the page's language, cards in words ("Ada played yellow 6 on stone 3",
//   "Du legst Gelb 6 an Stein 3"), or '' for an event it cannot read.
// - `reasonText(reason, ctx)`: `reason = { code, text }`, the match's end reason (codes
//   `three-adjacent-stones`, `five-stones`, `settlement`, crates/schotten-totten/src/lib.rs);
//   returns e.g. "Ada won with three adjacent stones", or '' for a code it does not know.
// - `actionText(action, state)`: one legal action in notation as a short phrase for the hint
//   panel ("Play red 7 on stone 3", "Rot 7 an Stein 3 legen"), '' for one it cannot read.

import { tr, lang } from '../js/i18n.js';
import { STRINGS } from './schotten-totten.strings.js';

/** `key` of the Schotten-Totten strings in the page's language. */
export const t = (key, params) => tr(STRINGS, key, params);

const COLOUR_BY_LETTER = { r: 'red', b: 'blue', g: 'green', y: 'yellow', p: 'purple', n: 'brown' };

/** The tactic card codes (ST-40 … ST-45), in canonical order. */
export const TACTIC_CODES = ['joker1', 'joker2', 'spy', 'shield', 'bluff', 'mud', 'recruiter', 'strategist', 'banshee', 'traitor'];

/** `r7` → `{colour: 'red', value: 7, code: 'r7'}`, or null for anything else. */
export function parseCard(text) {
  const m = /^([rbgypn])(\d{1,2})$/i.exec(String(text || '').trim());
  return m ? { colour: COLOUR_BY_LETTER[m[1].toLowerCase()], value: Number(m[2]), code: `${m[1].toLowerCase()}${Number(m[2])}` } : null;
}

/** Whether `code` is a tactic card. */
export const isTactic = (code) => TACTIC_CODES.includes(code);

/** A tactic card's name in this mode (Battle Line names them its own way). */
export function tacticName(code, battleLine) {
  if (!isTactic(code)) return code;
  return t(`tactic.${code}${battleLine ? '.bl' : ''}`);
}

/** What a tactic card does, in a few words. */
export function tacticWhat(code, battleLine) {
  if (!isTactic(code)) return code;
  return code === 'spy' && battleLine ? t('tactic.spy.what.bl') : t(`tactic.${code}.what`);
}

/** A card in words: `r7` → "red 7" / "Rot 7", `spy` → "Spy" / "Spion"; anything else as given. */
export function cardLabel(code, battleLine = false) {
  const c = parseCard(code);
  if (c) return t('card', { colour: t(`colour.${c.colour}`), value: c.value });
  return isTactic(code) ? tacticName(code, battleLine) : String(code);
}

/** The name of a formation as the view gives it (`{class, sum}`), e.g. "colour run (24)". */
export function describeFormation(formation) {
  if (!formation || !formation.class) return '';
  const key = `formation.${formation.class}`;
  return key in STRINGS.en ? t(key, { sum: formation.sum }) : `${formation.class} (${formation.sum})`;
}

/** The formation name of three (or four) clan cards, for a tooltip when the view gives none. */
export function formationName(cards) {
  const parsed = cards.map(parseCard).filter(Boolean);
  if (parsed.length < 3) return '';
  const values = parsed.map((c) => c.value).sort((a, b) => a - b);
  const sameColour = parsed.every((c) => c.colour === parsed[0].colour);
  const run = values.every((v, i) => i === 0 || v === values[i - 1] + 1);
  const sum = values.reduce((a, b) => a + b, 0);
  const kind = sameColour && run ? 'colour-run' : values.every((v) => v === values[0]) ? 'of-a-kind' : sameColour ? 'colour' : run ? 'run' : 'sum';
  return describeFormation({ class: kind, sum });
}

// ---- the log ------------------------------------------------------------------------------------

const isSeat = (x) => Number.isInteger(x) && x >= 0;
const isStone = (x) => Number.isInteger(x) && x >= 1 && x <= 9;

/** The key, or its `.self` variant when `seat` is the viewer's and the language has one. */
function own(key, seat, ctx) {
  const self = `${key}.self`;
  const here = STRINGS[lang()] || STRINGS.en;
  return ctx && typeof ctx.isYou === 'function' && ctx.isYou(seat) && self in here ? self : key;
}

function nameOf(seat, ctx) {
  return ctx && typeof ctx.seatName === 'function' ? ctx.seatName(seat) : `Seat ${seat + 1}`;
}

const battleLineOf = (ctx) => Boolean(ctx && ctx.table && ctx.table.config && ctx.table.config['battle-line']);

/** One line for `seat`: the `.self` form for the viewer, `{who}` filled with the seat's name. */
function say(key, seat, ctx, params = {}) {
  return t(own(key, seat, ctx), { who: nameOf(seat, ctx), ...params });
}

function place(stone, ctx, capital = false) {
  const word = battleLineOf(ctx) ? 'Flag' : 'Stone';
  return t(`log.${capital ? word : word.toLowerCase()}`, { n: stone });
}

/** The elite troops fixed at a resolution (ST-42): ", Joker as red 7" for each. */
function resolvedText(resolved, ctx) {
  if (!Array.isArray(resolved)) return '';
  const bl = battleLineOf(ctx);
  return resolved.flat().filter((p) => p && p.card && p.as)
    .map((p) => t('log.as', { card: cardLabel(p.card, bl), as: cardLabel(p.as, bl) })).join('');
}

const cardsText = (cards, bl) => cards.map((c) => cardLabel(c, bl)).join(', ');

const pileWord = (pile, ctx) => t(`pile.under.${pile === 'tactic' ? 'tactic' : battleLineOf(ctx) ? 'troop' : 'clan'}`);

const LINES = {
  played: (e, ctx, bl) => isStone(e.stone) && e.card && say('log.played', e.seat, ctx, { card: cardLabel(e.card, bl), place: place(e.stone, ctx) }),
  claimed: (e, ctx, bl) => {
    if (!isStone(e.stone)) return '';
    const shown = Array.isArray(e.revealed) && e.revealed.length ? t(own('log.showing', e.seat, ctx), { cards: cardsText(e.revealed, bl) }) : '';
    return say('log.claimed', e.seat, ctx, { place: place(e.stone, ctx) }) + shown + resolvedText(e.resolved, ctx);
  },
  drew: (e, ctx, bl) => {
    if (e.card) return say('log.drew', e.seat, ctx, { card: cardLabel(e.card, bl) });
    return say(e.pile === 'tactic' ? 'log.drew-tactic' : 'log.drew-clan', e.seat, ctx);
  },
  ruse: (e, ctx, bl) => e.card && say('log.ruse', e.seat, ctx, { card: cardLabel(e.card, bl) }),
  returned: (e, ctx, bl) => (e.card
    ? say('log.returned', e.seat, ctx, { card: cardLabel(e.card, bl), pile: pileWord(e.pile, ctx) })
    : say('log.returned-hidden', e.seat, ctx, { pile: pileWord(e.pile, ctx) })),
  moved: (e, ctx, bl) => isStone(e.from) && isStone(e.to) && e.card
    && say('log.moved', e.seat, ctx, { card: cardLabel(e.card, bl), from: place(e.from, ctx), to: place(e.to, ctx) }),
  discarded: (e, ctx, bl) => isStone(e.from) && e.card && say('log.discarded', e.seat, ctx, { card: cardLabel(e.card, bl), from: place(e.from, ctx) }),
  passed: (e, ctx) => say('log.passed', e.seat, ctx),
  done: (e, ctx) => say('log.done', e.seat, ctx),
  awarded: (e, ctx) => isStone(e.stone) && say('log.awarded', e.seat, ctx, { place: place(e.stone, ctx, true) }) + resolvedText(e.resolved, ctx),
  'game-won': (e, ctx) => {
    const reason = `win.${e.reason}`;
    if (!(reason in STRINGS.en) || !Array.isArray(e.scores)) return '';
    return say('log.game-won', e.seat, ctx, { game: e.game, reason: t(reason), a: e.scores[0], b: e.scores[1] });
  },
  'game-started': (e, ctx) => isSeat(e.starting_seat) && say('log.game-started', e.starting_seat, ctx, { game: e.game }),
  'match-over': (e, ctx) => {
    if (!Array.isArray(e.scores)) return '';
    const scores = { a: e.scores[0], b: e.scores[1] };
    return isSeat(e.winner) ? say('log.match-over', e.winner, ctx, scores) : t('log.match-draw', scores);
  },
};

// Events whose line names no seat need none; every other one is unreadable without it.
const SEATLESS = new Set(['game-started', 'match-over']);

/** The log line of `entry.event` in the page's language with cards in words, '' if unreadable. */
export function describe(entry, ctx) {
  const e = entry && entry.event;
  if (!e || typeof e !== 'object') return '';
  const line = LINES[e.type];
  if (!line || (!SEATLESS.has(e.type) && !isSeat(e.seat))) return '';
  try {
    return line(e, ctx, battleLineOf(ctx)) || '';
  } catch {
    return '';
  }
}

/** The winner of a finished match: the seat the reason names, else place 1 of the outcome. */
function winnerOf(reason, ctx) {
  const m = /\bseat (\d+)/.exec(String((reason && reason.text) || ''));
  if (m) return Number(m[1]);
  const places = ctx && ctx.table && ctx.table.outcome && ctx.table.outcome.places;
  const seat = Array.isArray(places) ? places.indexOf(1) : -1;
  return seat >= 0 ? seat : null;
}

/** The match's end reason (`{code, text}`) as a line in the page's language, '' if unknown. */
export function reasonText(reason, ctx) {
  const code = reason && reason.code;
  const winner = winnerOf(reason, ctx);
  if (!['three-adjacent-stones', 'five-stones', 'settlement'].includes(code) || winner === null) return '';
  const text = String(reason.text || '');
  let line;
  if (code === 'settlement') {
    // The settlement names the ST-30 condition it met in its text only.
    const won = /more stones/.test(text) ? 'most-stones' : /five stones/.test(text) ? 'five-stones' : /three adjacent/.test(text) ? 'three-adjacent-stones' : null;
    line = won ? t('reason.settled', { won: say(`reason.${won}`, winner, ctx) }) : say('reason.settlement', winner, ctx);
  } else {
    line = say(`reason.${/more stones/.test(text) ? 'most-stones' : code}`, winner, ctx);
  }
  const games = /in the last game of (\d+)/.exec(text);
  return games ? t('reason.last-game', { line, games: Number(games[1]) }) : line;
}

// ---- actions in words (the hint panel) ----------------------------------------------------------

/** Whether `code` names a card: a clan card (`r7`) or a tactic card (`spy`). */
const isCard = (code) => Boolean(parseCard(code)) || isTactic(code);

/** The stone (1–9) a card lies at in the view, or null. */
function stoneOf(code, view) {
  const stones = view && (view.stones || view.board);
  if (!Array.isArray(stones)) return null;
  for (let i = 0; i < stones.length; i++) {
    const sides = (stones[i] && (stones[i].sides || stones[i].cards)) || [];
    const cards = (Array.isArray(sides) ? sides : []).flat().map((c) => (typeof c === 'string' ? c : c && (c.card || c.code)));
    if (cards.includes(code)) return i + 1;
  }
  return null;
}

/** One legal action in notation (`play r7 3`, `claim 4`, `draw tactic`, …) as a short phrase in
 *  the page's language ("Play red 7 on stone 3" / "Rot 7 an Stein 3 legen"); `state` is
 *  `{ view, legal, you, table }` (may be missing: the phrase then names no origin stone and
 *  says stones, not flags). '' for anything it cannot read. */
export function actionText(action, state = {}) {
  const words = String(action || '').trim().toLowerCase().split(/\s+/);
  const { view, table } = state || {};
  const v = view || {};
  const bl = Boolean(v.battle_line) || battleLineOf({ table });
  const ctx = { table: { config: { 'battle-line': bl } } };
  const [verb, a, b] = words;
  const stone = (x) => (/^[1-9]$/.test(x || '') ? Number(x) : null);
  const card = (x) => (isCard(x) ? cardLabel(x, bl) : null);
  if (words.length === 1) {
    if (verb === 'pass') return t(v.phase === 'final-claims' ? 'button.pass-final' : v.tactics ? 'button.pass-tactics' : 'button.pass');
    if (verb === 'done') return t('button.done');
    return '';
  }
  if (words.length === 2) {
    if (verb === 'claim' && stone(a)) return t('hint.claim', { place: place(stone(a), ctx) });
    if (verb === 'draw' && (a === 'clan' || a === 'tactic')) return t(a === 'tactic' ? 'button.draw-tactic' : bl ? 'button.draw-troop' : 'button.draw-clan');
    if (!card(a)) return '';
    if (verb === 'play' && isTactic(a)) return t('hand.play', { card: card(a) });
    if (verb === 'return') return t('hint.return', { card: card(a), pile: t(`pile.under.${isTactic(a) ? 'tactic' : bl ? 'troop' : 'clan'}`) });
    if (verb === 'discard') {
      const from = stoneOf(a, v);
      return from ? t('hint.discard-from', { card: card(a), from: place(from, ctx) }) : t('button.discard', { card: card(a) });
    }
    return '';
  }
  if (words.length === 3 && card(a) && stone(b)) {
    if (verb === 'play') return t('hint.play', { card: card(a), place: place(stone(b), ctx) });
    if (verb === 'move') {
      const from = stoneOf(a, v);
      const to = place(stone(b), ctx);
      return from ? t('hint.move-from', { card: card(a), from: place(from, ctx), to }) : t('hint.move', { card: card(a), to });
    }
  }
  return '';
}
