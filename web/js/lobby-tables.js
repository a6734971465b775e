// The lobby's list of tables: one item per table, with its seats, result and actions.

import { store, links, recordUrl } from './api.js';
import { h, ago } from './dom.js';
import { t } from './strings.js';
import { botName, ratingText } from './tableui.js';

/** The table's variants that differ from the game's defaults (`tactics, rounds=5`). */
function configSummary(table, g) {
  if (!g || !table.config || typeof table.config !== 'object') return '';
  const parts = [];
  for (const [key, value] of Object.entries(table.config)) {
    const base = g.default_config ? g.default_config[key] : undefined;
    if (JSON.stringify(value) === JSON.stringify(base)) continue;
    parts.push(value === true ? key : `${key}=${typeof value === 'object' ? JSON.stringify(value) : value}`);
  }
  return parts.join(', ');
}

function seatChip(table, seat, on) {
  const mine = store.seat(table.id) === seat.seat && store.token(table.id);
  const toAct = (table.to_act || []).includes(seat.seat) && table.status === 'running';
  if (seat.kind === 'bot') {
    return h('span', { class: ['chip', 'bot', toAct && 'to-act'] }, h('span', { class: 'chip-icon', 'aria-hidden': 'true' }, '⚙'), botName(seat), rating(seat));
  }
  if (!seat.taken) {
    if (table.status !== 'open') return h('span', { class: 'chip empty' }, t('list.empty-seat'));
    return h('button', { type: 'button', class: 'chip join', onclick: () => on.join(table.id, seat.seat), 'aria-label': t('list.join-label', { title: table.title, n: seat.seat + 1 }) }, t('list.join-seat', { n: seat.seat + 1 }));
  }
  return h('span', { class: ['chip', 'human', mine && 'mine', toAct && 'to-act'] },
    h('span', { class: ['dot', seat.connected ? 'on' : 'off'], title: seat.connected ? t('seat.connected') : t('list.away') }),
    seat.name || t('seat.n', { n: seat.seat + 1 }), mine ? t('list.you') : '', rating(seat));
}

/** A seat's rating at a rated table. */
function rating(seat) {
  return seat.rating ? h('span', { class: 'chip-rating' }, ratingText(seat.rating)) : null;
}

function resultLine(table) {
  if (!table.outcome) return null;
  const winners = table.seats.filter((seat) => table.outcome.places[seat.seat] === 1).map((seat) => (seat.kind === 'bot' ? botName(seat) : seat.name || t('seat.n', { n: seat.seat + 1 })));
  return h('span', { class: 'result-line' }, `★ ${winners.join(' & ')}`);
}

/** One table of the list: title, state, seats (a free seat of an open table is a join button)
 * and what one can do with it; `g` is its game's info, `on` has `join(id, seat)` and `close(id)`. */
export function tableItem(table, g, on) {
  const mine = store.token(table.id) !== null && store.seat(table.id) !== null;
  const summary = configSummary(table, g);
  const actions = [];
  if (mine && table.status !== 'finished') actions.push(h('a', { class: 'btn small primary', href: links.table(table.id) }, t('list.continue')));
  if (table.status !== 'finished') actions.push(h('a', { class: 'btn small', href: links.table(table.id) }, mine ? t('list.open-table') : t('list.watch')));
  if (table.status !== 'finished' && store.owner(table.id)) {
    actions.push(h('button', { type: 'button', class: 'btn small ghost', onclick: () => on.close(table.id), 'aria-label': t('list.close-label', { id: table.id }) }, t('list.close')));
  }
  if (table.status === 'finished') {
    actions.push(h('a', { class: 'btn small', href: links.table(table.id) }, t('list.table')));
    actions.push(h('a', { class: 'btn small primary', href: links.replay(table.id, mine ? store.seat(table.id) : null) }, t('list.replay')));
    actions.push(h('a', { class: 'btn small ghost', href: recordUrl(table.id), download: `${table.game}-${table.id}.json` }, t('list.record')));
  }
  return h('li', { class: ['table-item', `status-${table.status}`], dataset: { table: table.id, game: table.game } },
    h('div', { class: 'ti-head' },
      h('strong', { class: 'ti-title' }, table.title || table.game),
      h('span', { class: ['pill', table.status] }, t(`list.status-${table.status}`)),
      table.rated ? h('span', { class: 'pill rated', title: t('list.rated-title') }, t('list.rated')) : null,
      h('span', { class: 'muted small' }, `#${table.id}`, table.created ? ` · ${ago(table.created)}` : '', table.status === 'running' ? ` · ${t('list.move', { n: table.step })}` : ''),
      resultLine(table)),
    summary ? h('div', { class: 'ti-config small muted' }, summary) : null,
    h('div', { class: 'ti-seats' }, table.seats.map((seat) => seatChip(table, seat, on))),
    h('div', { class: 'ti-actions' }, actions));
}
