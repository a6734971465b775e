// Pieces the table page and the replay page share: seat names, the players bar, the result and log lines.

import { h, replace } from './dom.js';

/** The display name of `seat` at `table` ("You" for the viewer's own seat when `you` is given). */
export function seatName(table, seat, you = null, { plain = false } = {}) {
  const info = table && table.seats ? table.seats.find((s) => s.seat === seat) : null;
  if (!plain && you !== null && you !== undefined && seat === you) return 'You';
  if (!info) return `Seat ${seat + 1}`;
  if (info.kind === 'bot') return `${info.name || info.bot || 'bot'} (bot)`;
  if (!info.taken) return `Seat ${seat + 1} (free)`;
  return info.name || `Seat ${seat + 1}`;
}

/** Draws the players bar: who sits where, who is connected, who is to act. */
export function renderSeats(container, table, you) {
  const toAct = new Set(table.status === 'running' ? table.to_act || [] : []);
  replace(
    container,
    table.seats.map((seat) => {
      const isBot = seat.kind === 'bot';
      const classes = ['seat-tag', isBot ? 'bot' : 'human', toAct.has(seat.seat) && 'to-act', seat.seat === you && 'you', !seat.taken && 'free'];
      const place = table.outcome ? table.outcome.places[seat.seat] : null;
      return h('div', { class: classes, dataset: { seat: seat.seat } },
        isBot
          ? h('span', { class: 'seat-icon', 'aria-hidden': 'true' }, '⚙')
          : h('span', { class: ['dot', seat.connected ? 'on' : 'off'], title: seat.connected ? 'connected' : 'not connected' }),
        h('span', { class: 'seat-name' }, seat.taken ? seat.name || `Seat ${seat.seat + 1}` : 'free seat'),
        seat.seat === you ? h('span', { class: 'you-badge' }, 'you') : null,
        place === 1 ? h('span', { class: 'crown', title: 'winner', 'aria-label': 'winner' }, '★') : null,
        toAct.has(seat.seat) ? h('span', { class: 'sr-only' }, ' (to act)') : null);
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

/** The result table: places, names and scores. */
export function resultTable(table, you) {
  return h('table', { class: 'standings' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Place'), h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col', class: 'num' }, 'Score'))),
    h('tbody', {}, standings(table).map((row) =>
      h('tr', { class: [row.seat === you && 'you', row.place === 1 && 'winner'] },
        h('td', {}, h('span', { class: ['place-badge', `p${Math.min(row.place, 4)}`] }, `${row.place}.`)),
        h('td', {}, seatName(table, row.seat, you)),
        h('td', { class: 'num' }, String(row.score))))));
}

/** The headline of a finished game for the viewer. */
export function resultHeadline(table, you) {
  const winners = standings(table).filter((r) => r.place === 1).map((r) => r.seat);
  if (you !== null && you !== undefined && winners.includes(you)) return winners.length > 1 ? 'You share the win!' : 'You win!';
  const names = winners.map((seat) => seatName(table, seat, you));
  if (you !== null && you !== undefined) return `${names.join(' & ')} ${names.length > 1 ? 'win' : 'wins'}. Better luck next time!`;
  return `${names.join(' & ')} ${names.length > 1 ? 'win' : 'wins'}.`;
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
