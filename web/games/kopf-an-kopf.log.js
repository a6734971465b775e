// The Kopf an Kopf log in words and symbols: `describe` turns one structured event
// (crates/kopf-an-kopf/src/event.rs, a `type` tag in kebab-case) into a line in the page's
// language, `reasonText` the end reason; `cardText` and `abilityText` say what a card or a
// horse's ability does. Pure (no DOM), so node tests it directly; the table and the replay fall
// back to the server's English line when describe returns ''.

import { tr } from '../js/i18n.js';
import { STRINGS } from './kopf-an-kopf.strings.js';

const t = (key, params) => tr(STRINGS, key, params);

// The names printed on the action cards (German in the box, so in both languages), by notation.
const CARD_NAMES = {
  gallop: 'Galopp',
  mud: 'Schlammbahn',
  prize: 'Preisgeld',
  stable: 'Stallprämie',
  'free-bet': 'Freiwette',
  'late-bet': 'Späte Wette',
  pickpocket: 'Taschendieb',
  inspector: 'Inspektor',
  bargain: 'Schnäppchen',
  whip: 'Peitsche',
  objection: 'Einspruch',
  reroll: 'Neuer Wurf',
};
// The default edition's horse names (crates/kopf-an-kopf/src/edition.toml), for a table whose
// config does not carry its edition.
const DEFAULT_HORSES = ['Donnerhuf', 'Silberpfeil', 'Rote Rakete', 'Nebelläufer', 'Glückskeks',
  'Sturmwind', 'Kleiner Prinz', 'Eisenherz', 'Mondschein', 'Letzte Hoffnung'];
const DIE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
const WHY_WORDS = ['roll', 're-roll', 'second chance', 'sprint bar'];

/** The printed name of a card in notation (`h4` → "Pferd 4 +2", `gallop` → "Galopp"). */
export function cardName(code) {
  const plus = /^h(\d+)$/.exec(String(code));
  if (plus) return `Pferd ${plus[1]} +2`;
  return CARD_NAMES[code] || String(code);
}

/** A card's name in the language's quotes ("“Galopp”", "„Galopp“"). */
export function quotedCard(code) {
  return t('card.quoted', { name: cardName(code) });
}

/** The movement die as a face symbol (⚀ … ⚅), or the number beyond six. */
export function dieFace(n) {
  return DIE_FACES[Number(n) - 1] || String(n);
}

function horseNames(ctx) {
  const config = ctx && ctx.table && ctx.table.config;
  const horses = config && config.edition && config.edition.horses;
  return Array.isArray(horses) ? horses.map((x) => x.name) : DEFAULT_HORSES;
}

/** A horse number as "horse 4 Nebelläufer" / "Pferd 4 Nebelläufer" (`Horse` at a sentence start). */
export function horseLabel(n, ctx, start = false) {
  const name = horseNames(ctx)[Number(n) - 1] || '';
  return t(start ? 'Horse' : 'horse', { n, name }).trim();
}

function isYou(seat, ctx) {
  if (typeof seat !== 'number') return false;
  if (ctx && typeof ctx.isYou === 'function') return Boolean(ctx.isYou(seat));
  return Boolean(ctx) && ctx.you !== null && ctx.you !== undefined && ctx.you === seat;
}

function nameOf(seat, ctx) {
  return ctx && typeof ctx.seatName === 'function' ? ctx.seatName(seat) : `#${seat + 1}`;
}

/** A seat inside a sentence: its name, or "you"/"du" for the viewer. */
function mid(seat, ctx) {
  return isYou(seat, ctx) ? t('you.mid') : nameOf(seat, ctx);
}

/** A seat after a preposition: "you"/"dir" for the viewer. */
function dat(seat, ctx) {
  return isYou(seat, ctx) ? t('you.dat') : nameOf(seat, ctx);
}

/** A seat as the object of "gegen"/"on": "you"/"dich" for the viewer. */
function acc(seat, ctx) {
  return isYou(seat, ctx) ? t('you.acc') : nameOf(seat, ctx);
}

/** `key.victim` when the viewer is `object`, `key.self` when it is `seat`, else `key`. */
function variant(key, seat, ctx, object) {
  if (object !== undefined && isYou(object, ctx) && `${key}.victim` in STRINGS.en) return `${key}.victim`;
  if (isYou(seat, ctx) && `${key}.self` in STRINGS.en) return `${key}.self`;
  return key;
}

function cards(list) {
  return (list || []).map(quotedCard).join(t('list'));
}

/** Why a horse moved or money was paid: the server's word (`roll`, `ability of horse 4`, a
 * card's German name) in the page's language. */
export function whyText(why) {
  const w = String(why || '');
  if (WHY_WORDS.includes(w)) return t(`why.${w}`);
  const ability = /^ability of horse (\d+)$/.exec(w);
  if (ability) return t('why.ability', { h: ability[1] });
  return w ? t('card.quoted', { name: w }) : '';
}

function played(e, ctx) {
  const card = quotedCard(e.card);
  let target = '';
  const arg = typeof e.play === 'string' ? e.play.trim().split(/\s+/)[1] : undefined;
  if (arg !== undefined && /^\d+$/.test(arg)) {
    target = e.card === 'pickpocket' || e.card === 'inspector'
      ? t('ev.target.seat', { seat: acc(Number(arg), ctx) })
      : t('ev.target.horse', { horse: horseLabel(Number(arg), ctx) });
  } else if (e.die === 'horse' || e.die === 'movement' || e.die === 'move') {
    target = t(e.die === 'horse' ? 'ev.target.die.horse' : 'ev.target.die.movement');
  }
  return t(variant('ev.played', e.seat, ctx), { seat: nameOf(e.seat, ctx), card, target });
}

/** One log line in the page's language for `entry = { text, event }` (a Kopf an Kopf event),
 * or '' when the event is not one this module knows (the caller shows `text`). */
export function describe(entry, ctx = {}) {
  const e = entry && entry.event;
  if (!e || typeof e.type !== 'string') return '';
  const seat = typeof e.seat === 'number' ? e.seat : undefined;
  const who = seat === undefined ? '' : nameOf(seat, ctx);
  const horse = e.horse !== undefined ? horseLabel(e.horse, ctx) : '';
  switch (e.type) {
    case 'dealt':
      return Array.isArray(e.hand) ? t('ev.dealt', { cards: cards(e.hand) }) : t('ev.dealt.hidden');
    case 'turn':
      return t(variant('ev.turn', seat, ctx), { turn: e.turn, seat: who });
    case 'ability':
      return t(variant(e.used ? 'ev.ability.used' : 'ev.ability.unused', seat, ctx), { seat: who, horse });
    case 'rolled': {
      const why = e.why && e.why !== 'roll' ? t('ev.why', { why: whyText(e.why) }) : '';
      return t(variant('ev.rolled', seat, ctx), { seat: who, horse, die: dieFace(e.movement), m: e.movement, why });
    }
    case 'window':
      return e.kind === 're-roll' || e.kind === 'objection' ? t(`ev.window.${e.kind}`) : '';
    case 'window-closed':
      return typeof e.reacted === 'number'
        ? t(variant('ev.window-closed', e.reacted, ctx), { seat: nameOf(e.reacted, ctx) })
        : t('ev.window-closed.none');
    case 'played':
      return played(e, ctx);
    case 'cancelled':
      return t(variant('ev.cancelled', seat, ctx), { seat: dat(seat, ctx), card: quotedCard(e.card) });
    case 'moved': {
      const why = e.why ? t('ev.why', { why: whyText(e.why) }) : '';
      return t('ev.moved', { horse: horseLabel(e.horse, ctx, true), from: e.from, to: e.to, why });
    }
    case 'held': {
      const labels = (e.horses || []).map((n) => horseLabel(n, ctx));
      const horses = labels.length > 1 ? `${labels.slice(0, -1).join(t('list'))}${t('and')}${labels[labels.length - 1]}` : labels.join('');
      return t(variant('ev.held', seat, ctx), { seat: who, horses });
    }
    case 'declined':
      return typeof e.from === 'number'
        ? t(variant('ev.declined.seat', seat, ctx), { seat: who, from: dat(e.from, ctx) })
        : t(variant('ev.declined.pile', seat, ctx), { seat: who });
    case 'finished':
      return t('ev.finished', { horse: horseLabel(e.horse, ctx, true), place: t('place', { n: e.place }) });
    case 'paid':
      return t(variant('ev.paid', seat, ctx), { seat: who, amount: e.amount, why: whyText(e.why) });
    case 'bought':
      return t(variant('ev.bought', seat, ctx), { seat: who, horse, price: e.price });
    case 'bet': {
      const kind = ['bet', 'free', 'late'].includes(e.kind) ? e.kind : 'bet';
      return t(variant(`ev.bet.${kind}`, seat, ctx), { seat: who, amount: e.amount, horse });
    }
    case 'discarded': {
      const [a, b] = e.cards || [];
      return t(variant('ev.discarded', seat, ctx), { seat: who, a: quotedCard(a), b: quotedCard(b), paid: e.paid });
    }
    case 'drew':
      return t(variant('ev.drew', seat, ctx), { seat: who, card: e.card ? quotedCard(e.card) : t('a.card'), pile: e.pile });
    case 'stole':
      return t(variant('ev.stole', seat, ctx, e.from), { seat: who, from: dat(e.from, ctx), card: e.card ? quotedCard(e.card) : t('a.card') });
    case 'inspected': {
      const seen = Array.isArray(e.hand) ? t('ev.inspected.cards', { cards: cards(e.hand) }) : '';
      return t(variant('ev.inspected', seat, ctx, e.target), { seat: who, target: dat(e.target, ctx), cards: seen });
    }
    case 'took':
      return t(variant('ev.took', seat, ctx, e.target), { seat: who, target: dat(e.target, ctx), card: e.card ? quotedCard(e.card) : t('a.card') });
    case 'reshuffled':
      return t('ev.reshuffled', { a: (e.piles || [])[0], b: (e.piles || [])[1] });
    case 'game-over': {
      const [h1, h2, h3] = (e.ladder || []).map((n) => horseLabel(n, ctx));
      return t('ev.game-over', { h1, h2, h3 });
    }
    default:
      return '';
  }
}

/** The game's end reason `{ code, text }` in the page's language; '' for an unknown code. The
 * ladder and the richest seats are read from the server's English text ("1st 4 Nebelläufer, …;
 * … seat 1 has the most money, 45 €") and left out when it does not carry them. */
export function reasonText(reason, ctx = {}) {
  if (!reason || reason.code !== 'third-horse-finished') return '';
  const text = String(reason.text || '');
  const places = ['1st', '2nd', '3rd']
    .map((ordinal, i) => {
      const m = new RegExp(`${ordinal} (\\d+)\\b`).exec(text);
      return m ? t('reason.ladder.place', { n: i + 1, horse: horseLabel(Number(m[1]), ctx) }) : null;
    })
    .filter(Boolean);
  let line = places.length ? t('reason.third-horse-finished', { ladder: places.join(t('list')) }) : t('reason.third-horse-finished.bare');
  const rich = /((?:seat \d+(?: and )?)+) (?:has|share) the most money, (-?\d+) €/.exec(text);
  if (rich) {
    const seats = [...rich[1].matchAll(/seat (\d+)/g)].map((x) => Number(x[1]));
    const names = seats.map((s) => mid(s, ctx)).join(t('and'));
    line += t(seats.length > 1 ? 'reason.richest.shared' : 'reason.richest', { names, money: rich[2] });
  }
  return line;
}

// What the view's English card texts say, as patterns over their numbers (crates/kopf-an-kopf/
// src/view.rs, card_text): the German line is built from the same numbers, and a text that no
// longer matches is shown as the server wrote it.
const CARD_PATTERNS = [
  ['horse-plus', /^horse (\d+) moves (\d+) forward$/, (m) => ({ h: m[1], n: m[2] })],
  ['gallop', /^any racing horse moves (\d+) forward$/, (m) => ({ n: m[1] })],
  ['mud', /^any racing horse moves (\d+) back$/, (m) => ({ n: m[1] })],
  ['prize', /^take (\d+) €$/, (m) => ({ n: m[1] })],
  ['stable', /^take (\d+) € if you own the leading horse$/, (m) => ({ n: m[1] })],
  ['free-bet', /^bet (\d+) € of the bank's money; no place, nothing back$/, (m) => ({ n: m[1] })],
  ['late-bet', /^bet (\d+) € on any racing horse, dark zone allowed$/, (m) => ({ n: m[1] })],
  ['pickpocket', /^take a random card from another player$/, () => ({})],
  ['inspector', /^look at a hand and take one card$/, () => ({})],
  ['bargain', /^buy a horse for half its price$/, () => ({})],
  ['whip', /^the rolled horse moves its roll again$/, () => ({})],
  ['objection', /^reaction: stop a card another player plays$/, () => ({})],
  ['reroll', /^reaction: after a roll, roll one die again$/, () => ({})],
];
const BLOCKED = '; not once a horse has finished';

/** What a card does, in the page's language, from the view's English `text` of it. */
export function cardText(text) {
  const english = String(text || '');
  const blocked = english.endsWith(BLOCKED);
  const body = blocked ? english.slice(0, -BLOCKED.length) : english;
  for (const [key, pattern, params] of CARD_PATTERNS) {
    const m = pattern.exec(body);
    if (m) return t(`card.${key}`, params(m)) + (blocked ? t('card.blocked') : '');
  }
  return english;
}

const ABILITY_PATTERNS = [
  ['none', /^none$/, () => ({})],
  ['leads-alone-draw', /^if it leads alone: draw (\d+) card\(s\)$/, (m) => ({ n: m[1] })],
  ['level-take-money', /^if another horse is level with it: take (\d+) €$/, (m) => ({ n: m[1] })],
  ['last-forward', /^if it is last: (must|may) move it (\d+) forward$/, (m) => ({ may: m[1], n: m[2] })],
  ['dark-zone-take-money', /^if it is in the dark zone: take (\d+) €$/, (m) => ({ n: m[1] })],
  ['few-cards-draw', /^if you hold fewer than (\d+) cards: draw one$/, (m) => ({ n: m[1] })],
  ['push-ahead-back', /^(must|may) move the nearest horse ahead of it (\d+) back$/, (m) => ({ may: m[1], n: m[2] })],
  ['behind-horse-forward', /^if it is behind horse (\d+): (must|may) move it (\d+) forward$/, (m) => ({ h: m[1], may: m[2], n: m[3] })],
  ['at-start-take-money', /^if it is at the start: take (\d+) €$/, (m) => ({ n: m[1] })],
  ['level-with-horse-forward', /^if it is level with horse (\d+): (must|may) move it (\d+) forward$/, (m) => ({ h: m[1], may: m[2], n: m[3] })],
];

/** What a horse's ability does, in the page's language, from the view's English text. */
export function abilityText(text) {
  const english = String(text || '');
  for (const [key, pattern, params] of ABILITY_PATTERNS) {
    const m = pattern.exec(english);
    if (m) {
      const p = params(m);
      if (p.may) p.may = t(`ability.${p.may}`);
      return t(`ability.${key}`, p);
    }
  }
  return english;
}
