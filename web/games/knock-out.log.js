// The Knock Out log in words: `describe` turns one structured event (crates/knock-out/src/event.rs,
// a `type` tag in kebab-case) into a line in the page's language, `reasonText` the end reason.
// Pure (no DOM), so node tests it directly; the table and the replay fall back to the server's
// English line when a function returns ''.

import { tr } from '../js/i18n.js';
import { STRINGS } from './knock-out.strings.js';

const t = (key, params) => tr(STRINGS, key, params);

// The default edition's boxer names (crates/knock-out/src/edition.toml), for a table whose
// config does not carry its edition: the log names boxers as the board does.
const DEFAULT_NAMES = {
  light: ['Kid Kowalski', 'Flash Ferreira', 'Sugar Sato', 'Tiny Tapia', 'Lucky Lindqvist'],
  heavy: ['Iron Ivanov', 'Big Ben Boateng', 'Tank Tomasz', 'Rocky Romero', 'Granite Grant'],
};
const DEFAULT_FIELDS = [
  { name: 'Sieg', stake: 10000 },
  { name: 'Sieg', stake: 20000 },
  { name: 'Punktsieg', stake: 20000 },
  { name: 'K.O.', stake: 30000 },
];
const LEVEL_ORDER = ['amateur', 'profi', 'champion', 'superchampion', 'world-champion'];

/** `12,000 S` (English) or `12.000 S` (German): Schmelings with the language's digit groups. */
export function money(amount) {
  const n = Number(amount) || 0;
  const digits = String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, t('thousands'));
  return `${n < 0 ? '−' : ''}${digits} S`;
}

/** A level's name (`profi` → Profi, `world-champion` → World champion / Weltmeister). */
export function levelName(level) {
  const key = `level.${level}`;
  return key in STRINGS.en ? t(key) : String(level);
}

/** The tableau's colour as a word (`red` → red / Rot). */
export function sideName(tableau) {
  return tableau === 'red' || tableau === 'blue' ? t(tableau) : String(tableau);
}

function edition(ctx) {
  const config = ctx && ctx.table && ctx.table.config;
  return (config && config.edition) || {};
}

function isYou(seat, ctx) {
  if (typeof seat !== 'number') return false;
  if (ctx && typeof ctx.isYou === 'function') return Boolean(ctx.isYou(seat));
  return Boolean(ctx) && ctx.you !== null && ctx.you !== undefined && ctx.you === seat;
}

function nameOf(seat, ctx) {
  return ctx && typeof ctx.seatName === 'function' ? ctx.seatName(seat) : `#${seat + 1}`;
}

/** A seat inside a sentence: its name, or "you"/"du" (lower case) for the viewer. */
function mid(seat, ctx) {
  return isYou(seat, ctx) ? t('you.mid') : nameOf(seat, ctx);
}

/** A seat as an object after a preposition: "you"/"dir" for the viewer. */
function dat(seat, ctx) {
  return isYou(seat, ctx) ? t('you.dat') : nameOf(seat, ctx);
}

/** `key.self` when the viewer is `seat` and the table has that variant, else `key`. */
function subject(key, seat, ctx) {
  return isYou(seat, ctx) && `${key}.self` in STRINGS.en ? `${key}.self` : key;
}

/** A boxer id (`2H`: seat 2's heavyweight) as its name in the table's edition ("Iron Ivanov"). */
export function boxerName(id, ctx) {
  const m = /^(\d+)([LH])$/.exec(String(id));
  if (!m) return String(id);
  const cls = m[2] === 'L' ? 'light' : 'heavy';
  const names = (edition(ctx).names || {})[cls] || DEFAULT_NAMES[cls];
  return names[Number(m[1])] || `${m[1]}${m[2]}`;
}

/** A boxer id (`2H`: seat 2's heavyweight) as "Iron Ivanov (Ada)", with its level when given
 * ("Iron Ivanov (Ada, Profi)"). */
export function boxerLabel(id, ctx, level) {
  const m = /^(\d+)([LH])$/.exec(String(id));
  if (!m) return String(id);
  const seat = Number(m[1]);
  const name = boxerName(id, ctx);
  if (level) return t('boxer.level', { name, owner: mid(seat, ctx), level: levelName(level) });
  return t('boxer', { name, owner: mid(seat, ctx) });
}

/** A bet field (`field` from 0) as " (Sieg, 20,000 S)", from the table's edition; '' if unknown. */
export function fieldInfo(field, ctx) {
  const fields = edition(ctx).bet_fields || DEFAULT_FIELDS;
  const f = fields[field];
  return f ? t('ev.field', { name: f.name, stake: money(f.stake) }) : '';
}

function cardList(cards) {
  return (cards || []).join(t('list'));
}

function paid(e, ctx) {
  const amount = money(e.amount);
  // The log says a little more than the settlement table's short column (`ev.why.*` first).
  const whyKey = [`ev.why.${e.why}`, `why.${e.why}`].find((k) => k in STRINGS.en);
  const why = whyKey ? t(whyKey) : String(e.why);
  const field = Array.isArray(e.field) ? t('ev.paid.field', { tableau: sideName(e.field[0]), n: e.field[1] }) : '';
  const seatFrom = typeof e.from === 'number';
  const seatTo = typeof e.to === 'number';
  if (seatFrom && seatTo) {
    if (isYou(e.to, ctx)) return t('ev.paid.seat.victim', { from: nameOf(e.from, ctx), amount, why, field });
    return t(subject('ev.paid.seat', e.from, ctx), { from: nameOf(e.from, ctx), to: dat(e.to, ctx), amount, why, field });
  }
  if (seatFrom && e.to === 'bank') return t(subject('ev.paid.bank', e.from, ctx), { from: nameOf(e.from, ctx), amount, why, field });
  if (seatFrom && e.to === 'pot') return t(subject('ev.paid.pot', e.from, ctx), { from: nameOf(e.from, ctx), amount, why, field });
  if (e.from === 'bank' && seatTo) return t(subject('ev.paid.from-bank', e.to, ctx), { to: nameOf(e.to, ctx), amount, why, field });
  if (e.from === 'pot' && seatTo) return t(subject('ev.paid.from-pot', e.to, ctx), { to: nameOf(e.to, ctx), amount });
  if (e.from === 'pot' && e.to === 'bank') return t('ev.paid.pot-bank', { amount });
  return '';
}

function exchange(e) {
  const [d0, d1] = Array.isArray(e.distance) ? e.distance : ['?', '?'];
  let result;
  if (!e.moved) result = t('ev.exchange.nobody');
  else result = t(e.hook ? 'ev.exchange.hook' : 'ev.exchange.moves', { side: sideName(e.moved), by: e.by, d0, d1 });
  return t('ev.exchange', { number: e.number, red: e.red, blue: e.blue, result });
}

/** One log line in the page's language for `entry = { text, event }` (a Knock Out event),
 * or '' when the event is not one this module knows (the caller shows `text`). */
export function describe(entry, ctx = {}) {
  const e = entry && entry.event;
  if (!e || typeof e.type !== 'string') return '';
  const seat = e.seat;
  const who = typeof seat === 'number' ? nameOf(seat, ctx) : '';
  switch (e.type) {
    case 'season-started':
      return t(subject('ev.season-started', e.opener, ctx), { season: e.season, seat: nameOf(e.opener, ctx) });
    case 'passed-on':
      return t(subject('ev.passed-on', seat, ctx), { seat: who });
    case 'challenged': {
      const levels = e.levels || [];
      const start = e.start || [];
      return t('ev.challenged', {
        red: boxerLabel(e.red, ctx, levels[0]), blue: boxerLabel(e.blue, ctx, levels[1]), rs: start[0], bs: start[1],
      });
    }
    case 'trained':
      return Array.isArray(e.cards)
        ? t(subject('ev.trained', seat, ctx), { seat: who, cards: cardList(e.cards) })
        : t(subject('ev.trained.hidden', seat, ctx), { seat: who });
    case 'offered':
      return t(subject('ev.offered', seat, ctx), { seat: who, tableau: sideName(e.tableau), n: e.field + 1, field: fieldInfo(e.field, ctx) });
    case 'accepted': {
      const params = { seat: who, tableau: sideName(e.tableau), n: e.field + 1, offerer: dat(e.offerer, ctx) };
      if (e.bluff) return t(subject('ev.accepted.bluff', seat, ctx), params);
      if (isYou(e.offerer, ctx)) return t('ev.accepted.victim', params);
      return t(subject('ev.accepted', seat, ctx), params);
    }
    case 'passed':
      return t(subject('ev.passed', seat, ctx), { seat: who });
    case 'betting-closed':
      return t('ev.betting-closed');
    case 'chose':
      return typeof e.card === 'number'
        ? t(subject('ev.chose', seat, ctx), { seat: who, card: e.card })
        : t(subject('ev.chose.hidden', seat, ctx), { seat: who });
    case 'exchange':
      return exchange(e);
    case 'fight-won':
      return t(e.knock_out ? 'ev.fight-won.ko' : 'ev.fight-won.points', { winner: boxerLabel(e.winner, ctx), loser: boxerLabel(e.loser, ctx) });
    case 'knocked-out':
      return t('ev.knocked-out', { boxer: boxerLabel(e.boxer, ctx) });
    case 'level-changed': {
      const up = LEVEL_ORDER.indexOf(e.to) > LEVEL_ORDER.indexOf(e.from);
      return t(up ? 'ev.level-changed.up' : 'ev.level-changed.down', { boxer: boxerLabel(e.boxer, ctx), from: levelName(e.from), to: levelName(e.to) });
    }
    case 'paid':
      return paid(e, ctx);
    case 'cancelled':
      return t(subject('ev.cancelled', seat, ctx), { seat: who, tableau: sideName(e.tableau), n: e.field + 1 });
    case 'season-over':
      return t('ev.season-over', { season: e.season });
    case 'game-over':
      return t('ev.game-over', {
        list: (e.money || []).map((m, s) => t('ev.game-over.seat', { seat: nameOf(s, ctx), money: money(m) })).join(t('list')),
      });
    default:
      return '';
  }
}

/** Who had the most money, read from the server's reason text ("seat 1 and seat 2 share the
 * most money, 123 S"), as a localized sentence; '' if the text does not say. */
function richest(text, ctx) {
  const m = /((?:seat \d+(?: and )?)+) (?:has|share) the most money, (-?\d+) S/.exec(text);
  if (!m) return '';
  const seats = [...m[1].matchAll(/seat (\d+)/g)].map((x) => Number(x[1]));
  const names = seats.map((s) => mid(s, ctx)).join(t('and'));
  return t(seats.length > 1 ? 'reason.richest.shared' : 'reason.richest', { names, money: money(Number(m[2])) });
}

/** The game's end reason `{ code, text }` in the page's language; '' for an unknown code.
 * The numbers (last fight, season, the richest) are read from the server's English text and
 * left out when it does not carry them. */
export function reasonText(reason, ctx = {}) {
  if (!reason || !['out-of-fight-cards', 'no-challenge-left'].includes(reason.code)) return '';
  const text = String(reason.text || '');
  const fight = /after fight (\d+)/.exec(text);
  const season = /of season (\d+)/.exec(text);
  const min = /held (\d+) fight cards/.exec(text);
  const cause = t(`reason.${reason.code}`, { min: min ? min[1] : '' });
  const line = fight
    ? t('reason.nobody.when', { fight: fight[1], season: season ? t('reason.season', { season: season[1] }) : '', cause })
    : t('reason.nobody', { cause });
  return line + richest(text, ctx);
}
