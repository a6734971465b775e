// Kopf an Kopf: the track with ten lanes (dark zone shaded, the finish on the right) and the
// winners' ladder; the horse cards (owner, price, odds, sprint bar, ability, bets, chips); the
// players' money, cards and second chance; the dice of the last roll; the own hand with what
// each card does; the reaction window; what the sprint bar and a rolled 3 let the player choose;
// the settlement at the end. Everything clickable comes from the `legal` notation list (see the
// crate docs of kopf-an-kopf for the notation); bets (`bet H EUROS`) are one chooser of horse
// and stake instead of a button per horse and amount. `actionText(action, state)` says one action
// in words for the hint panel, as the action bar labels it.

import { h, replace, loadStyle } from '../js/dom.js';
import { tr, lang } from '../js/i18n.js';
import { STRINGS } from './kopf-an-kopf.strings.js';
import { seatName } from '../js/tableui.js';
import { cardName, quotedCard, cardText, abilityText } from './kopf-an-kopf.log.js';

export { describe, reasonText } from './kopf-an-kopf.log.js';

const t = (key, params) => tr(STRINGS, key, params);
const HORSE_COLOURS = ['#c0392b', '#7f8c8d', '#e67e22', '#6c5ce7', '#f1c40f', '#16a085', '#2980b9', '#8e5a2b', '#34495e', '#27ae60'];

/** A readable label for one action in notation, in the page's language; `seatName` names the
 * target seat of a Taschendieb or Inspektor (else "#n"). */
export function actionLabel(action, view, seatName = (s) => `#${s + 1}`) {
  const [word, ...rest] = action.trim().split(/\s+/);
  const name = (n) => {
    const horse = (view.horses || [])[Number(n) - 1];
    return horse ? `${n} ${horse.name}` : n;
  };
  switch (word) {
    case 'use': return t('act.use', { h: name(rest[0]) });
    case 'skip': return t('act.skip', { h: name(rest[0]) });
    case 'keep': return t('act.keep');
    case 'chance': return t(rest[0] === 'horse' ? 'act.chance.horse' : 'act.chance.move');
    case 'reroll': return t(rest[0] === 'horse' ? 'act.reroll.horse' : 'act.reroll.move');
    case 'object': return t('act.object');
    case 'pass': return t(view.phase === 'reaction' ? 'act.let' : 'act.pass');
    case 'sprint': return t('act.sprint', { h: name(rest[0]) });
    case 'decline': {
      if (view.phase !== 'sprint') return t('act.decline.three');
      const list = (view.sprinters || []).join(', ');
      return t('act.decline.sprint', { list, n: (view.sprinters || []).length });
    }
    case 'steal': return t('act.steal', { seat: view.three_from === null || view.three_from === undefined ? '?' : seatName(view.three_from) });
    case 'pile': return t('act.pile', { n: rest[0] });
    case 'draw': return t('act.draw', { n: rest[0] });
    case 'buy': return t('act.buy', { h: name(rest[0]) });
    case 'bet': return t('act.bet', { h: name(rest[0]), amount: rest[1] === undefined ? 5 : rest[1] });
    case 'take': return t('act.take', { card: cardName(rest[0]) });
    case 'discard': return t('act.discard', { cards: rest.map(cardName).join(' + ') });
    case 'play': {
      const [card, target] = rest;
      if (target === undefined) return t('act.play', { card: cardName(card) });
      if (card === 'pickpocket' || card === 'inspector') return t('act.play.seat', { card: cardName(card), seat: seatName(Number(target)) });
      return t('act.play.horse', { card: cardName(card), h: name(target) });
    }
    default: return action;
  }
}

// The shapes of the notation (crates/kopf-an-kopf/src/action.rs): what actionText reads.
const CARD = /^(?:h\d{1,2}|gallop|mud|prize|stable|free-bet|late-bet|pickpocket|inspector|bargain|whip|objection|reroll)$/;
const NUMBER = /^\d{1,2}$/;
const DIE = /^(?:horse|move)$/;
const PILE = /^[12]$/;
const SHAPES = {
  use: [NUMBER], skip: [NUMBER], keep: [], chance: [DIE], reroll: [DIE], object: [], pass: [],
  sprint: [NUMBER], decline: [], steal: [], pile: [PILE], draw: [PILE], buy: [NUMBER],
  bet: [NUMBER, NUMBER], take: [CARD], discard: [CARD, CARD],
};
// A played card: with a horse or seat as its target, or none (`play h7`, `play whip`).
const PLAY_TARGETED = /^(?:gallop|mud|free-bet|late-bet|pickpocket|inspector|bargain) \d{1,2}$/;
const PLAY_ALONE = /^(?:h\d{1,2}|prize|stable|whip)$/;

/** Whether `word args` is in the notation's shape (`bet 7` is 5 €: its amount may be left out). */
function readable(word, args) {
  if (word === 'play') return PLAY_TARGETED.test(args.join(' ')) || PLAY_ALONE.test(args.join(' '));
  const shape = Object.hasOwn(SHAPES, word) ? SHAPES[word] : null;
  if (!shape) return false;
  const least = word === 'bet' ? 1 : shape.length;
  return args.length >= least && args.length <= shape.length && args.every((a, i) => shape[i].test(a));
}

/** One legal action in notation as a short phrase in the page's language for the hint panel
 * ("Bet 3 € on horse 7 Kleiner Prinz" / "3 € auf Pferd 7 Kleiner Prinz wetten"), as the action
 * bar labels it (`actionLabel`), seats named as the table names them; '' for anything it cannot
 * read. `state` is `{ view, legal, you, table }`. */
export function actionText(action, state = {}) {
  const [word, ...args] = String(action || '').trim().toLowerCase().split(/\s+/);
  if (!readable(word, args)) return '';
  const { view, you, table } = state || {};
  return actionLabel([word, ...args].join(' '), view || {}, (seat) => seatName(table, seat, you, { short: true }));
}

/** What the bottom card of a window would do (`gallop 4` → "Galopp → horse 4"), or the
 * re-rolled die (`reroll horse`). */
function playText(play, seatName) {
  const [word, arg] = String(play).trim().split(/\s+/);
  if (word === 'reroll') return t('play.reroll', { die: t(arg === 'horse' ? 'die.horse' : 'die.movement') });
  if (arg === undefined) return cardName(word);
  if (word === 'pickpocket' || word === 'inspector') return t('play.target.seat', { card: cardName(word), seat: seatName(Number(arg)) });
  return t('play.target.horse', { card: cardName(word), h: arg });
}

/** The legal bets as a map from horse number to the stakes allowed on it, ascending. */
export function betOptions(legal) {
  const options = new Map();
  for (const action of legal || []) {
    const m = /^bet (\d+) (\d+)$/.exec(action);
    if (!m) continue;
    const [horse, amount] = [Number(m[1]), Number(m[2])];
    if (!options.has(horse)) options.set(horse, []);
    options.get(horse).push(amount);
  }
  for (const amounts of options.values()) amounts.sort((a, b) => a - b);
  return options;
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

/** What is at stake when the viewer is asked in a reaction window (the banner says it). */
export function stake({ view, table }) {
  const w = view && view.window;
  if (!w) return '';
  if (w.kind === 're-roll') return t('stake.reroll', { h: view.dice ? view.dice.horse : '?', m: view.dice ? view.dice.movement : '?' });
  const last = (w.stack || [])[w.stack ? w.stack.length - 1 : 0];
  const who = last && table && table.seats[last.seat] ? table.seats[last.seat].name || `#${last.seat + 1}` : t('stake.a.player');
  return t('stake.objection', { card: last ? t('stake.card.by', { card: quotedCard(last.card), who }) : t('stake.a.card') });
}

/** What to do now when it is the viewer's turn (the banner says it), by the turn's phase. */
export function prompt({ view }) {
  const v = view || {};
  const key = `prompt.${v.phase}`;
  return key in STRINGS.en ? t(key, { h: v.ability || '?' }) : '';
}

/** A score as the result panel shows it: euros, with the language's digit groups. */
export function scoreText(score) {
  return `${Number(score).toLocaleString(lang() === 'de' ? 'de-DE' : 'en-GB')} €`;
}

/** What the result's scores mean (KK-53), for the result panel. */
export function scoreNote() {
  return t('score.note');
}

/** Draws Kopf an Kopf: see registry.js for the contract. */
export function mount(root, ctx) {
  loadStyle(new URL('./kopf-an-kopf.css', import.meta.url));
  const board = h('div', { class: 'kk-board' });
  root.append(board);
  // The bet being put together (horse, stake): kept across updates while it stays legal.
  const bet = { horse: null, amount: null };
  let last = null;

  /** KK-24: the bet chooser — a horse, a stake of 1 € up to the most (those beyond the
   * player's money shown but off), and the button that bets it. */
  function betChooser(options, v, money, table) {
    const horses = [...options.keys()];
    if (!options.has(bet.horse)) bet.horse = horses[0];
    const amounts = options.get(bet.horse);
    if (!amounts.includes(bet.amount)) bet.amount = amounts[amounts.length - 1];
    const edition = table && table.config && table.config.edition;
    const most = Math.max(Number(edition && edition.bet) || 5, ...amounts);
    const action = `bet ${bet.horse} ${bet.amount}`;
    const horseName = (n) => { const x = (v.horses || [])[n - 1]; return x ? `${n} ${x.name}` : String(n); };
    return h('div', { class: 'kk-action-group kk-bet', dataset: { group: 'bet' } },
      h('label', { class: 'kk-bet-horse' }, h('span', { class: 'small' }, t('bet.horse')),
        h('select', { 'aria-label': t('bet.horse'), onchange: (e) => { bet.horse = Number(e.target.value); draw(last); } },
          horses.map((n) => h('option', { value: String(n), selected: n === bet.horse }, horseName(n))))),
      h('div', { class: 'kk-amounts', role: 'group', 'aria-label': t('bet.amount') },
        Array.from({ length: most }, (_, i) => i + 1).map((n) => h('button', {
          type: 'button',
          class: ['kk-amount', n === bet.amount && 'chosen'],
          'aria-pressed': String(n === bet.amount),
          disabled: !amounts.includes(n),
          title: amounts.includes(n) ? null : t('bet.short', { money }),
          dataset: { amount: String(n) },
          onclick: () => { bet.amount = n; draw(last); },
        }, t('bet.euros', { n })))),
      h('button', { type: 'button', class: 'btn', dataset: { action }, onclick: () => ctx.act(action) }, actionLabel(action, v, ctx.seatName)));
  }

  function draw(state) {
    last = state;
    const { view, legal, you, table } = state;
    const v = view || {};
    const interactive = ctx.mode === 'play' && you !== null && you !== undefined;
    const acts = interactive ? legal || [] : [];
    const track = v.track || 20;
    const [darkFrom, darkTo] = v.dark_zone || [15, 19];
    const horses = v.horses || [];
    const toAct = new Set(v.to_act || []);
    // A seat after "by"/"von": "dir" for the viewer in German, where seatName says "Du".
    const byName = (seat) => (seat === you ? t('you.dat') : ctx.seatName(seat));

    // The track: ten lanes.
    const lanes = horses.map((horse, i) => {
      const cells = [];
      for (let f = 0; f <= track; f++) {
        const here = horse.position === f;
        cells.push(h('div', { class: ['kk-cell', f >= darkFrom && f <= darkTo && 'dark', f === track && 'finish', f === 0 && 'start'] },
          here ? h('span', { class: 'kk-horse', style: { background: HORSE_COLOURS[i] }, title: t('lane.title', { n: horse.number, name: horse.name, f }) }, String(horse.number)) : null));
      }
      const sprinter = v.phase === 'sprint' && (v.sprinters || []).includes(horse.number);
      return h('div', { class: ['kk-lane', horse.place && 'finished', sprinter && 'sprinter'], dataset: { horse: horse.number }, style: { '--fields': String(track + 1) } },
        h('span', { class: 'kk-lane-name' }, `${horse.number}`), ...cells);
    });
    const ladder = h('div', { class: 'kk-ladder', 'aria-label': t('ladder') },
      [1, 2, 3].map((p) => {
        const horse = (v.ladder || [])[p - 1];
        const card = horse ? horses[horse - 1] : null;
        return h('div', { class: ['kk-rung', card && 'taken'] }, h('strong', {}, `${p}.`), card ? ` ${card.number} ${card.name}` : ' —');
      }));

    // The dice.
    const dice = v.dice
      ? h('div', { class: 'kk-dice', 'aria-label': t('dice.aria', { h: v.dice.horse, m: v.dice.movement }) },
        h('span', { class: 'kk-die horse', style: { background: HORSE_COLOURS[v.dice.horse - 1] } }, String(v.dice.horse)),
        h('span', { class: 'kk-die move' }, String(v.dice.movement)),
        h('span', { class: 'small' }, t('dice.by', { seat: byName(v.dice.by) })))
      : h('div', { class: 'kk-dice small' }, t('dice.none'));

    // Players.
    const players = (v.players || []).map((p) => h('div', { class: ['kk-player', p.seat === v.active && 'active', toAct.has(p.seat) && 'to-act', p.seat === you && 'me'], dataset: { seat: p.seat } },
      h('strong', {}, ctx.seatName(p.seat)), ' ',
      h('span', { class: 'kk-money' }, `${p.money} €`), ' ',
      h('span', { class: 'small' }, t('cards.count', { n: p.cards })),
      p.second_chance ? h('span', { class: 'kk-chip', title: t('chance.title') }, t('chance')) : null,
      p.horses.length ? h('span', { class: 'small' }, t('horses.owned', { list: p.horses.join(', ') })) : null));

    // Horse cards.
    const cards = horses.map((horse, i) => h('div', { class: ['kk-card', horse.dark && 'in-dark', horse.place && 'placed'], dataset: { horse: horse.number } },
      h('div', { class: 'kk-card-head', style: { borderColor: HORSE_COLOURS[i] } },
        h('strong', {}, `${horse.number} ${horse.name}`),
        h('span', { class: 'small' }, horse.owner === null || horse.owner === undefined ? t('horse.bank', { price: horse.price }) : `${ctx.seatName(horse.owner)}`)),
      h('div', { class: 'small' }, t('horse.line', { odds: horse.odds.join(' / '), sprint: horse.sprint.length ? horse.sprint.join(', ') : '—', chips: horse.chips_left })),
      h('div', { class: 'small kk-ability' }, abilityText(horse.ability)),
      horse.bets.length ? h('div', { class: 'small kk-bets' }, horse.bets.map((b) => `${t('bet.line', { seat: ctx.seatName(b.seat), amount: b.amount })}${b.free ? t('bet.free', { free: b.free }) : ''}`).join(' · ')) : null));

    // The reaction window.
    let windowBox = null;
    if (v.window) {
      const w = v.window;
      const stack = (w.stack || []).map((c) => `${quotedCard(c.card)} (${ctx.seatName(c.seat)})`).join(' ← ');
      const mine = toAct.has(you) && interactive;
      const text = w.kind === 're-roll'
        ? t('window.reroll', { h: v.dice ? v.dice.horse : '?', m: v.dice ? v.dice.movement : '?' })
        : t('window.objection', { stack: `${stack}${w.play ? ` — ${playText(w.play, ctx.seatName)}` : ''}` });
      const answer = w.mine && `answer.${w.mine}` in STRINGS.en ? t(`answer.${w.mine}`) : w.mine;
      windowBox = h('div', { class: ['kk-window', mine && 'asked'], role: mine ? 'alertdialog' : 'status' },
        h('strong', {}, t(w.kind === 're-roll' ? 'window.reroll.title' : 'window.objection.title')), ' ', text,
        w.mine ? h('div', { class: 'small' }, t('window.answer', { answer })) : null,
        !mine && !w.mine ? h('div', { class: 'small' }, t('window.waiting')) : null);
    }

    // The own hand.
    let hand = null;
    if (you !== null && you !== undefined && v.hand_info) {
      const counts = {};
      for (const c of v.hand || []) counts[c] = (counts[c] || 0) + 1;
      hand = h('div', { class: 'kk-hand', 'aria-label': t('hand') },
        v.hand_info.length ? v.hand_info.map((c) => h('div', { class: 'kk-hand-card', dataset: { card: c.card } },
          h('strong', {}, `${counts[c.card] > 1 ? `${counts[c.card]}× ` : ''}${c.name}`), h('div', { class: 'small' }, cardText(c.text))))
          : h('div', { class: 'muted small' }, t('hand.none')));
    }
    const known = (v.known || []).map((k) => h('div', { class: 'small' }, t('known', { seat: ctx.seatName(k.seat), cards: k.cards.map(cardName).join(', ') })));

    // What the sprint bar (KK-11.2) or a rolled 3 (KK-11.3) lets the active player choose.
    let stepBox = null;
    const mineToChoose = interactive && v.active === you && toAct.has(you);
    if (v.phase === 'sprint') {
      const sprinters = v.sprinters || [];
      const list = sprinters.map((n) => (horses[n - 1] ? `${n} ${horses[n - 1].name}` : String(n))).join(', ');
      stepBox = h('div', { class: ['kk-step', mineToChoose && 'asked'], role: 'status' }, h('strong', {}, t('sprint.title')), ' ',
        mineToChoose ? t('sprint.prompt', { list, m: v.dice ? v.dice.movement : '?', n: sprinters.length }) : t('sprint.other', { seat: ctx.seatName(v.active) }));
    } else if (v.phase === 'three-card') {
      const from = v.three_from;
      const text = !mineToChoose ? t('three.other', { seat: ctx.seatName(v.active) })
        : from === null || from === undefined ? t('three.prompt.pile') : t('three.prompt.seat', { seat: byName(from) });
      stepBox = h('div', { class: ['kk-step', mineToChoose && 'asked'], role: 'status' }, h('strong', {}, t('three.title')), ' ', text);
    }

    // The action bar: a button per action, but one chooser for all the bets, first (the most
    // common action, above the card plays that may fill the bar).
    const me = (v.players || []).find((p) => p.seat === you);
    // A seat one picks as a target shows its number too.
    const target = (seat) => t('seat.target', { name: ctx.seatName(seat), n: seat + 1 });
    const groups = groupActions(acts);
    const bets = groups.get('bet');
    groups.delete('bet');
    const bar = acts.length
      ? h('div', { class: 'kk-actions' }, bets ? betChooser(betOptions(bets), v, me ? me.money : 0, table) : null,
        [...groups.entries()].map(([key, list]) => h('div', { class: 'kk-action-group', dataset: { group: key } },
          list.map((a) => h('button', { type: 'button', class: ['btn', (a === 'pass' || a === 'keep' || a === 'decline') && 'secondary'], dataset: { action: a }, onclick: () => ctx.act(a) }, actionLabel(a, v, target))))))
      : null;

    // The settlement.
    const settlement = v.settlement
      ? h('table', { class: 'kk-settlement' },
        h('thead', {}, h('tr', {}, ['settle.player', 'settle.cash', 'settle.back', 'settle.winnings', 'settle.total'].map((k) => h('th', {}, t(k))))),
        h('tbody', {}, v.settlement.map((r) => h('tr', {}, h('td', {}, ctx.seatName(r.seat)), h('td', {}, `${r.cash} €`), h('td', {}, `${r.handed_back} €`), h('td', {}, `${r.winnings} €`), h('td', {}, h('strong', {}, `${r.total} €`))))))
      : null;

    replace(board,
      h('div', { class: 'kk-top' }, h('strong', {}, t('top.turn', { n: v.turn || 1 })), h('span', { class: 'small' }, t('top.piles', { phase: `phase.${v.phase}` in STRINGS.en ? t(`phase.${v.phase}`) : v.phase, piles: (v.piles || []).join(' / ') })), dice),
      h('div', { class: 'kk-race' }, h('div', { class: 'kk-track', 'aria-label': t('track') }, lanes), ladder),
      windowBox,
      stepBox,
      bar,
      h('div', { class: 'kk-players' }, players),
      hand, known,
      settlement,
      h('details', { class: 'kk-cards-box', open: true }, h('summary', {}, t('horse.cards')), h('div', { class: 'kk-cards' }, cards)));
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
