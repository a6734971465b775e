// Kopf an Kopf: the track with ten lanes (dark zone shaded, the finish on the right) and the
// winners' ladder; the horse cards (owner, price, odds, sprint bar, ability, bets, chips); the
// players' money, cards and second chance; the dice of the last roll; the own hand with what
// each card does; the reaction window; the settlement at the end. Everything clickable comes
// from the `legal` notation list (see the crate docs of kopf-an-kopf for the notation).

import { h, replace, loadStyle } from '../js/dom.js';

const HORSE_COLOURS = ['#c0392b', '#7f8c8d', '#e67e22', '#6c5ce7', '#f1c40f', '#16a085', '#2980b9', '#8e5a2b', '#34495e', '#27ae60'];

/** A readable label for one action in notation. */
export function actionLabel(action, view) {
  const [word, ...rest] = action.trim().split(/\s+/);
  const name = (n) => {
    const horse = (view.horses || [])[Number(n) - 1];
    return horse ? `${n} ${horse.name}` : n;
  };
  switch (word) {
    case 'use': return `Use the ability of horse ${name(rest[0])}`;
    case 'skip': return `Skip the ability of horse ${name(rest[0])}`;
    case 'keep': return 'Keep the roll';
    case 'chance': return rest[0] === 'horse' ? 'Second chance: roll the horse die again' : 'Second chance: roll the movement die again';
    case 'reroll': return rest[0] === 'horse' ? 'Re-roll the horse die' : 'Re-roll the movement die';
    case 'object': return 'Object (Einspruch)';
    case 'pass': return view.phase === 'reaction' ? 'Let it happen' : 'Pass';
    case 'sprint': return `Move sprint horse ${name(rest[0])}`;
    case 'pile': return `Take from pile ${rest[0]}`;
    case 'draw': return `Draw from pile ${rest[0]}`;
    case 'buy': return `Buy horse ${name(rest[0])}`;
    case 'bet': return `Bet on horse ${name(rest[0])}`;
    case 'take': return `Take ${rest[0]}`;
    case 'discard': return `Discard ${rest.join(' + ')}`;
    case 'play': {
      const [card, target] = rest;
      if (target === undefined) return `Play ${card}`;
      if (card === 'pickpocket' || card === 'inspector') return `Play ${card} on seat ${target}`;
      return `Play ${card} on horse ${name(target)}`;
    }
    default: return action;
  }
}

/** Groups the legal actions for the action bar: by their first word (and card for plays). */
export function groupActions(legal) {
  const groups = new Map();
  for (const action of legal || []) {
    const words = action.split(/\s+/);
    const key = words[0] === 'play' ? `play ${words[1]}` : words[0];
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(action);
  }
  return groups;
}

/** Draws Kopf an Kopf: see registry.js for the contract. */
/** What is at stake when the viewer is asked in a reaction window (the banner says it). */
export function stake({ view, table }) {
  const w = view && view.window;
  if (!w) return '';
  if (w.kind === 're-roll') return `horse ${view.dice ? view.dice.horse : '?'} is to move ${view.dice ? view.dice.movement : '?'}: play a Re-roll (Neuer Wurf), or let the dice stand`;
  const last = (w.stack || [])[w.stack ? w.stack.length - 1 : 0];
  const who = last && table && table.seats[last.seat] ? table.seats[last.seat].name || `seat ${last.seat}` : 'a player';
  return `${last ? `${last.card} by ${who}` : 'an action card'}: play an Objection (Einspruch), or let it happen`;
}

/** What the result's scores mean (KK-53), for the result panel. */
export function scoreNote() {
  return 'Score: money at the end, in €, after the bets are paid out; the most money wins.';
}

export function mount(root, ctx) {
  loadStyle(new URL('./kopf-an-kopf.css', import.meta.url));
  const board = h('div', { class: 'kk-board' });
  root.append(board);

  function draw(state) {
    const { view, legal, you } = state;
    const v = view || {};
    const interactive = ctx.mode === 'play' && you !== null && you !== undefined;
    const acts = interactive ? legal || [] : [];
    const track = v.track || 20;
    const [darkFrom, darkTo] = v.dark_zone || [15, 19];
    const horses = v.horses || [];
    const toAct = new Set(v.to_act || []);

    // The track: ten lanes.
    const lanes = horses.map((horse, i) => {
      const cells = [];
      for (let f = 0; f <= track; f++) {
        const here = horse.position === f;
        cells.push(h('div', { class: ['kk-cell', f >= darkFrom && f <= darkTo && 'dark', f === track && 'finish', f === 0 && 'start'] },
          here ? h('span', { class: 'kk-horse', style: { background: HORSE_COLOURS[i] }, title: `${horse.number} ${horse.name}: field ${f}` }, String(horse.number)) : null));
      }
      return h('div', { class: ['kk-lane', horse.place && 'finished'], dataset: { horse: horse.number }, style: { '--fields': String(track + 1) } },
        h('span', { class: 'kk-lane-name' }, `${horse.number}`), ...cells);
    });
    const ladder = h('div', { class: 'kk-ladder', 'aria-label': "Winners' ladder" },
      [1, 2, 3].map((p) => {
        const horse = (v.ladder || [])[p - 1];
        const card = horse ? horses[horse - 1] : null;
        return h('div', { class: ['kk-rung', card && 'taken'] }, h('strong', {}, `${p}.`), card ? ` ${card.number} ${card.name}` : ' —');
      }));

    // The dice.
    const dice = v.dice
      ? h('div', { class: 'kk-dice', 'aria-label': `dice: horse ${v.dice.horse}, moves ${v.dice.movement}` },
        h('span', { class: 'kk-die horse', style: { background: HORSE_COLOURS[v.dice.horse - 1] } }, String(v.dice.horse)),
        h('span', { class: 'kk-die move' }, String(v.dice.movement)),
        h('span', { class: 'small' }, `rolled by ${ctx.seatName(v.dice.by)}`))
      : h('div', { class: 'kk-dice small' }, 'no roll yet');

    // Players.
    const players = (v.players || []).map((p) => h('div', { class: ['kk-player', p.seat === v.active && 'active', toAct.has(p.seat) && 'to-act', p.seat === you && 'me'], dataset: { seat: p.seat } },
      h('strong', {}, ctx.seatName(p.seat)), ' ',
      h('span', { class: 'kk-money' }, `${p.money} €`), ' ',
      h('span', { class: 'small' }, `${p.cards} ${p.cards === 1 ? 'card' : 'cards'}`),
      p.second_chance ? h('span', { class: 'kk-chip', title: 'second chance unused' }, '2nd chance') : null,
      p.horses.length ? h('span', { class: 'small' }, ` · horses ${p.horses.join(', ')}`) : null));

    // Horse cards.
    const cards = horses.map((horse, i) => h('div', { class: ['kk-card', horse.dark && 'in-dark', horse.place && 'placed'], dataset: { horse: horse.number } },
      h('div', { class: 'kk-card-head', style: { borderColor: HORSE_COLOURS[i] } },
        h('strong', {}, `${horse.number} ${horse.name}`),
        h('span', { class: 'small' }, horse.owner === null || horse.owner === undefined ? `bank · ${horse.price} €` : `${ctx.seatName(horse.owner)}`)),
      h('div', { class: 'small' }, `odds ${horse.odds.join(' / ')} · sprint ${horse.sprint.length ? horse.sprint.join(', ') : '—'} · chips ${horse.chips_left}`),
      h('div', { class: 'small kk-ability' }, horse.ability),
      horse.bets.length ? h('div', { class: 'small kk-bets' }, horse.bets.map((b) => `${ctx.seatName(b.seat)} ${b.amount} €${b.free ? ` + ${b.free} € free` : ''}`).join(' · ')) : null));

    // The reaction window.
    let windowBox = null;
    if (v.window) {
      const w = v.window;
      const stack = (w.stack || []).map((c) => `${c.card} (${ctx.seatName(c.seat)})`).join(' ← ');
      const mine = toAct.has(you) && interactive;
      const text = w.kind === 're-roll'
        ? `The dice show horse ${v.dice ? v.dice.horse : '?'} moving ${v.dice ? v.dice.movement : '?'}. A Re-roll (Neuer Wurf) may be played.`
        : `${stack}${w.play ? ` — ${w.play}` : ''}: an Objection (Einspruch) may be played.`;
      windowBox = h('div', { class: ['kk-window', mine && 'asked'], role: mine ? 'alertdialog' : 'status' },
        h('strong', {}, w.kind === 're-roll' ? 'Reaction: re-roll?' : 'Reaction: object?'), ' ', text,
        w.mine ? h('div', { class: 'small' }, `Your answer: ${w.mine}`) : null,
        !mine && !w.mine ? h('div', { class: 'small' }, 'Waiting for reactions…') : null);
    }

    // The own hand.
    let hand = null;
    if (you !== null && you !== undefined && v.hand_info) {
      const counts = {};
      for (const c of v.hand || []) counts[c] = (counts[c] || 0) + 1;
      hand = h('div', { class: 'kk-hand', 'aria-label': 'Your hand' },
        v.hand_info.length ? v.hand_info.map((c) => h('div', { class: 'kk-hand-card', dataset: { card: c.card } },
          h('strong', {}, `${counts[c.card] > 1 ? `${counts[c.card]}× ` : ''}${c.name}`), h('div', { class: 'small' }, c.text)))
          : h('div', { class: 'muted small' }, 'No cards'));
    }
    const known = (v.known || []).map((k) => h('div', { class: 'small' }, `You know ${ctx.seatName(k.seat)} holds: ${k.cards.join(', ')}`));

    // The action bar.
    const groups = groupActions(acts);
    const bar = acts.length
      ? h('div', { class: 'kk-actions' }, [...groups.entries()].map(([key, list]) => h('div', { class: 'kk-action-group', dataset: { group: key } },
        list.map((a) => h('button', { type: 'button', class: ['btn', (a === 'pass' || a === 'keep') && 'secondary'], dataset: { action: a }, onclick: () => ctx.act(a) }, actionLabel(a, v))))))
      : null;

    // The settlement.
    const settlement = v.settlement
      ? h('table', { class: 'kk-settlement' },
        h('thead', {}, h('tr', {}, ['Player', 'Cash', 'Handed back', 'Winnings', 'Total'].map((t) => h('th', {}, t)))),
        h('tbody', {}, v.settlement.map((r) => h('tr', {}, h('td', {}, ctx.seatName(r.seat)), h('td', {}, `${r.cash} €`), h('td', {}, `${r.handed_back} €`), h('td', {}, `${r.winnings} €`), h('td', {}, h('strong', {}, `${r.total} €`))))))
      : null;

    replace(board,
      h('div', { class: 'kk-top' }, h('strong', {}, `Turn ${v.turn || 1}`), h('span', { class: 'small' }, ` · ${v.phase} · piles ${(v.piles || []).join(' / ')}`), dice),
      h('div', { class: 'kk-race' }, h('div', { class: 'kk-track', 'aria-label': 'The track' }, lanes), ladder),
      windowBox,
      bar,
      h('div', { class: 'kk-players' }, players),
      hand, known,
      settlement,
      h('details', { class: 'kk-cards-box', open: true }, h('summary', {}, 'Horse cards'), h('div', { class: 'kk-cards' }, cards)));
  }

  return {
    update(state) {
      draw(state);
    },
    destroy() {
      root.replaceChildren();
    },
  };
}
