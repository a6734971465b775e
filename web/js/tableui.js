// Pieces the table page and the replay page share: seat names, the players bar, the result and log lines.

import { h, replace } from './dom.js';
import { lang } from './i18n.js';
import { t } from './strings.js';

/** The display name of `seat` at `table` ("You"/"Du" for the viewer's own seat when `you` is
 * given); `short` leaves a bot's level out ("Bot Anna"), for labels with little room. */
export function seatName(table, seat, you = null, { plain = false, short = false } = {}) {
  const info = table && table.seats ? table.seats.find((s) => s.seat === seat) : null;
  if (!plain && you !== null && you !== undefined && seat === you) return t('seat.you');
  if (!info) return t('seat.n', { n: seat + 1 });
  if (info.kind === 'bot') return short && info.persona ? t('seat.bot-persona', { persona: info.persona }) : botName(info);
  if (!info.taken) return t('seat.free', { n: seat + 1 });
  return info.name || t('seat.n', { n: seat + 1 });
}

/** A bot seat's name in the page's language: its own name and its level, "Bot Anna (Hard)"
 * (an expert's spec instead of a level: "Bot Anna (ismcts:500)"). */
export function botName(info) {
  const name = info.persona ? t('seat.bot-persona', { persona: info.persona }) : info.name || info.bot || 'bot';
  const level = info.level ? t(`level.${info.level}`) : info.bot;
  return level ? t('seat.bot-level', { name, level }) : name;
}

/** `seat`'s name with its seat number, for choosing a target: "Bot Anna (Hard) · seat 3". */
export function seatTarget(table, seat, you = null) {
  return t('seat.target', { name: seatName(table, seat, you), n: seat + 1 });
}

/** Milliseconds `seat` has left, `elapsed` ms after `table` arrived; null without a deadline. */
export function remainingMs(table, seat, elapsed = 0) {
  const clock = table && table.clock && table.clock.seats[seat];
  if (!clock || clock.remaining_ms === null || clock.remaining_ms === undefined) return null;
  return Math.max(0, clock.remaining_ms - elapsed);
}

/** A clock reading: `1:05`, `0:09`; at turn-based tables `11 h 59 min`, `2 d 23 h`; empty
 * without a deadline. */
export function clockText(ms) {
  if (ms === null || ms === undefined) return '';
  const secs = Math.ceil(ms / 1000);
  if (secs >= 86400) return t('clock.days', { d: Math.floor(secs / 86400), h: Math.floor((secs % 86400) / 3600) });
  if (secs >= 3600) return t('clock.hours', { h: Math.floor(secs / 3600), m: Math.floor((secs % 3600) / 60) });
  return `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, '0')}`;
}

/** A rating as shown: the number, with "?" while it is provisional (fewer than ten games). */
export function ratingText(rating) {
  return `${rating.rating}${rating.provisional ? '?' : ''}`;
}

/** Draws the players bar: who sits where, who is connected, who is to act, every seat's time
 * left and which seats are away (the table plays for them). */
export function renderSeats(container, table, you) {
  const toAct = new Set(table.status === 'running' ? table.to_act || [] : []);
  const clocks = table.status === 'running' && table.clock ? table.clock.seats : [];
  replace(
    container,
    table.seats.map((seat) => {
      const isBot = seat.kind === 'bot';
      const classes = ['seat-tag', isBot ? 'bot' : 'human', toAct.has(seat.seat) && 'to-act', seat.seat === you && 'you', !seat.taken && 'free'];
      const place = table.outcome ? table.outcome.places[seat.seat] : null;
      return h('div', { class: classes, dataset: { seat: seat.seat } },
        isBot
          ? h('span', { class: 'seat-icon', 'aria-hidden': 'true' }, '⚙')
          : h('span', { class: ['dot', seat.connected ? 'on' : 'off'], title: seat.connected ? t('seat.connected') : t('seat.not-connected') }),
        h('span', { class: 'seat-name' }, isBot ? botName(seat) : seat.taken ? seat.name || t('seat.n', { n: seat.seat + 1 }) : t('seat.free-seat')),
        seat.seat === you ? h('span', { class: 'you-badge' }, t('seat.you-badge')) : null,
        seat.rating ? h('span', { class: 'seat-rating', title: t('seat.rating-title') }, ratingText(seat.rating)) : null,
        place === 1 ? h('span', { class: 'crown', title: t('result.winner'), 'aria-label': t('result.winner') }, '★') : null,
        clocks[seat.seat] && clocks[seat.seat].away ? h('span', { class: 'seat-away', title: t('seat.away-title') }, t('seat.away')) : null,
        clocks[seat.seat] && clocks[seat.seat].remaining_ms !== null && toAct.has(seat.seat)
          ? h('span', { class: 'seat-clock', dataset: { seat: seat.seat }, title: t('seat.time-left') }, clockText(clocks[seat.seat].remaining_ms))
          : null,
        toAct.has(seat.seat) ? h('span', { class: 'sr-only' }, t('seat.to-act')) : null);
    }),
  );
}

/** Places and scores, best first: `[{seat, place, score}]`. */
export function standings(table) {
  if (!table.outcome) return [];
  return table.seats
    .map((seat) => ({ seat: seat.seat, place: table.outcome.places[seat.seat], score: table.outcome.scores[seat.seat] }))
    .sort((a, b) => a.place - b.place || a.seat - b.seat);
}

/** The result table: places, names and scores (as the renderer `module` writes them, its
 * optional `scoreText(score)`: money with its currency and digit groups). */
export function resultTable(table, you, module = null) {
  const score = (value) => (module && typeof module.scoreText === 'function' ? module.scoreText(value) : String(value));
  return h('table', { class: 'standings' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('result.place')), h('th', { scope: 'col' }, t('result.player')), h('th', { scope: 'col', class: 'num' }, t('result.score')))),
    h('tbody', {}, standings(table).map((row) =>
      h('tr', { class: [row.seat === you && 'you', row.place === 1 && 'winner'] },
        h('td', {}, h('span', { class: ['place-badge', `p${Math.min(row.place, 4)}`] }, `${row.place}.`)),
        h('td', {}, seatName(table, row.seat, you)),
        h('td', { class: 'num' }, score(row.score))))));
}

/** The headline of a finished game for the viewer. */
export function resultHeadline(table, you) {
  const winners = standings(table).filter((r) => r.place === 1).map((r) => r.seat);
  if (you !== null && you !== undefined && winners.includes(you)) return winners.length > 1 ? t('result.you-share') : t('result.you-win');
  const names = winners.map((seat) => seatName(table, seat, you));
  const params = { names: names.join(' & '), many: names.length > 1 };
  return you !== null && you !== undefined ? t('result.better-luck', params) : t('result.wins', params);
}

// Verbs the games' log lines use after a seat, in the third person, and their form after "you".
const SECOND_PERSON = { is: 'are', has: 'have', wins: 'win', plays: 'play', holds: 'hold', chooses: 'choose', deals: 'deal', takes: 'take', leads: 'lead', votes: 'vote', starts: 'start', gets: 'get', draws: 'draw', claims: 'claim', passes: 'pass' };

/** Makes an event line friendlier: "seat 0" becomes the player's name ("you" for the viewer). */
export function logText(text, table, you) {
  if (!table) return text;
  return String(text)
    .replace(/\b[Ss]eats (\d+(?:, \d+)*)/g, (whole, list) =>
      list.split(', ').map((n) => seatName(table, Number(n), you)).join(', ').replace(/^You\b/, 'you'))
    .replace(/\b[Ss]eat (\d+)('s)?(\s+(\w+))?/g, (whole, n, possessive, space, verb, offset) => {
      const seat = Number(n);
      if (!table.seats || !table.seats.some((s) => s.seat === seat)) return whole;
      const name = seatName(table, seat, you);
      if (name !== 'You') return `${name}${possessive || ''}${space || ''}`;
      const start = offset === 0 || /[:.;]\s*$/.test(text.slice(0, offset));
      const pronoun = start ? 'You' : 'you';
      if (possessive) return `${start ? 'Your' : 'your'}${space || ''}`;
      return `${pronoun}${space ? space.replace(verb, SECOND_PERSON[verb] || verb) : ''}`;
    });
}

/** What a renderer's `describe` and `reasonText` get: how to name seats for this viewer. */
function describeContext(table, you) {
  return {
    seatName: (seat) => seatName(table, seat, you),
    shortName: (seat) => seatName(table, seat, you, { short: true }),
    isYou: (seat) => you !== null && you !== undefined && seat === you,
    table,
    you,
    lang: lang(),
  };
}

/** What a renderer's optional `name` function says (`''` when it has none, says nothing or fails). */
function ask(module, name, arg, table, you) {
  if (!module || typeof module[name] !== 'function') return '';
  try {
    return module[name](arg, describeContext(table, you)) || '';
  } catch (e) {
    console.error(`the renderer's ${name} failed`, e);
    return '';
  }
}

/** One log line for an event `{text, event}`: the renderer's words in the page's language, else
 * the server's line with seat numbers turned into names. */
export function eventLine(module, entry, table, you) {
  return (entry.event && ask(module, 'describe', entry, table, you)) || logText(entry.text, table, you);
}

/** The mark of a log line whose action the table chose for a person (`played_for`, their seat):
 * "played for you" for the viewer's own seat, else "played by the table"; null otherwise. */
export function playedForMark(playedFor, you) {
  if (playedFor === null || playedFor === undefined) return null;
  const mine = you !== null && you !== undefined && playedFor === you;
  return h('span', { class: 'played-for', title: t('log.played-for-title') }, mine ? t('log.played-for-you') : t('log.played-by-table'));
}

/** Why the game ended, `{code, text}`, in the renderer's words, else the server's line. */
export function reasonLine(module, reason, table, you) {
  return ask(module, 'reasonText', reason, table, you) || logText(reason.text, table, you);
}
