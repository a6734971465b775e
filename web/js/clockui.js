// The table clock on the table page: every seat's time counting down, the viewer's own
// countdown in the banner and in the Rules dialog, and what the page says when the table
// answered for the viewer (one missed decision: a note; two in a row: away, with "I'm back").
// The rules behind it are the server's (crates/server/src/table/clock.rs, docs/web-api.md).

import { h, toast } from './dom.js';
import { t } from './strings.js';
import { clockText, remainingMs } from './tableui.js';

const TICK_MS = 250;
const LOW_MS = 10000;

let timer = null;
let rulesClock = null;

/** The clock of `seat` at `table` (`{remaining_ms, away, missed}`), or null. */
function seatClock(table, seat) {
  return (table && table.clock && table.clock.seats && table.clock.seats[seat]) || null;
}

/** Whether the person at `seat` is away: the table plays for them at a person's pace. */
export function isAway(table, seat) {
  return Boolean(seatClock(table, seat) && seatClock(table, seat).away);
}

/** How many decisions in a row the table answered for `seat` because its time ran out. */
export function missedCount(table, seat) {
  const clock = seatClock(table, seat);
  return clock ? clock.missed || 0 : 0;
}

/** The viewer's countdown for the Rules dialog's header (one element, updated while it ticks),
 * so nobody loses a decision unaware while reading the rules. */
export function rulesClockElement() {
  if (!rulesClock) rulesClock = h('span', { class: 'banner-clock rules-clock', id: 'rules-clock', hidden: true, role: 'timer' });
  return rulesClock;
}

/** Counts every seat's clock down between messages: the seat chips, the banner's and the Rules
 * dialog's countdown of the viewer. `receivedAt` is when `table` arrived. */
export function startClocks(table, you, receivedAt) {
  clearInterval(timer);
  const running = table && table.status === 'running' && table.clock && table.clock.seats.some((s) => s.remaining_ms !== null);
  const rules = rulesClockElement();
  if (!running) {
    rules.hidden = true;
    return;
  }
  const tick = () => {
    const elapsed = Date.now() - receivedAt;
    for (const el of document.querySelectorAll('#seats .seat-clock')) {
      el.textContent = clockText(remainingMs(table, Number(el.dataset.seat), elapsed));
    }
    const left = you === null || you === undefined ? null : remainingMs(table, you, elapsed);
    const asked = left !== null && (table.to_act || []).includes(you);
    const mine = document.getElementById('my-clock');
    if (mine && asked) {
      mine.textContent = clockText(left);
      mine.classList.toggle('low', left < LOW_MS);
    }
    rules.hidden = !asked;
    if (asked) {
      rules.textContent = t('clock.your-time', { time: clockText(left) });
      rules.classList.toggle('low', left < LOW_MS);
    }
  };
  tick();
  timer = setInterval(tick, TICK_MS);
}

/** What the banner adds for the viewer's own seat: while away, the notice and the "I'm back"
 * button (`onBack` sends it); after one missed decision, a note that one more makes them away. */
export function awayNotice(table, you, onBack) {
  if (you === null || you === undefined || table.status !== 'running') return null;
  if (isAway(table, you)) {
    return h('span', { class: 'away-notice' },
      h('span', {}, t('away.text')),
      h('button', { type: 'button', class: 'btn small primary', id: 'im-back', onclick: onBack }, t('away.back')));
  }
  if (missedCount(table, you) > 0 && (table.to_act || []).includes(you)) {
    return h('span', { class: 'missed-note small' }, t('away.one-missed'));
  }
  return null;
}

/** Tells the viewer when the table just answered a decision for them (their misses rose). */
export function noticeMisses(before, table, you) {
  if (you === null || you === undefined || !before) return;
  const was = missedCount(before, you);
  const now = missedCount(table, you);
  if (now > was) toast(now >= 2 ? t('away.now-away') : t('away.missed'), 'error', 7000);
}
