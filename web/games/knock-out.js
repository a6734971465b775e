// Knock Out: the managers with their two boxers, money and debts; the bonus pot; the ring with
// the red and blue figures walking towards the K.O. field; the red and blue betting tableaus
// with their offer and accept slots (chips in the players' colours) and the pass field; the
// fight cards in hand. Everything clickable comes from the `legal` notation list:
// `challenge L 2H`, `train 1 2 3 5` (built by selecting cards, then confirming), `offer red 2`,
// `accept blue 4`, `pass`, `play 3`; `actionText(action, state)` says one of them in words for
// the hint panel.

import { h, replace, loadStyle } from '../js/dom.js';
import { tr } from '../js/i18n.js';
import { STRINGS } from './knock-out.strings.js';
import { seatName } from '../js/tableui.js';
import { money, levelName, sideName, boxerName as editionName, boxerLabel, fieldInfo } from './knock-out.log.js';

export { describe, reasonText, money, money as scoreText } from './knock-out.log.js';

const t = (key, params) => tr(STRINGS, key, params);
const COLOURS = ['#e0b43a', '#3aa36b', '#9b59d0', '#e07a2f', '#2fb8c9'];

/** What the legal notation list offers. */
export function offers(legal) {
  const o = { challenges: [], trainings: new Set(), slots: new Set(), pass: false, plays: new Set() };
  for (const action of legal || []) {
    const words = action.trim().split(/\s+/);
    const w = words[0].toLowerCase();
    if (w === 'challenge') o.challenges.push(action);
    else if (w === 'train') o.trainings.add(words.slice(1).map(Number).sort((a, b) => a - b).join(' '));
    else if (w === 'offer' || w === 'accept') o.slots.add(action);
    else if (w === 'pass') o.pass = true;
    else if (w === 'play') o.plays.add(Number(words[1]));
  }
  return o;
}

function chip(seat, ctx, extra = {}) {
  return h('span', { class: ['ko-chip', extra.class || null], style: { '--c': COLOURS[seat % COLOURS.length] }, title: ctx.seatName(seat), dataset: { seat } }, String(seat));
}

function fightCard(value, attrs = {}) {
  const extra = [attrs.class].flat(Infinity).filter(Boolean);
  return h(attrs.onclick ? 'button' : 'span', { type: attrs.onclick ? 'button' : undefined, ...attrs, class: ['ko-card', `v${value}`, ...extra] }, String(value));
}

/** What is at stake when the viewer is asked to choose secretly (the banner says it). */
export function stake({ view }) {
  const fight = view && view.fight;
  if (!fight) return '';
  if (view.phase === 'training') return t('stake.training');
  if (view.phase === 'fight') return t('stake.fight', { n: (fight.exchanges || []).length + 1 });
  return '';
}

/** What to do now when it is the viewer's turn (the banner says it): challenge, bet, play. */
export function prompt({ view, legal }) {
  const v = view || {};
  const o = offers(legal);
  if (o.challenges.length) return t('challenge.prompt');
  if (v.betting && (o.slots.size || o.pass)) return t('betting.prompt', { pass: v.betting.pass });
  if (o.plays.size) return t('play.prompt');
  return '';
}

/** One legal action in notation as a short phrase in the page's language for the hint panel, in
 * the board's words ("Challenge Iron Ivanov (Bob) with Kid Kowalski", "Die Wette Rot 2 (Sieg,
 * 20.000 S) anbieten", "Train with 1, 2, 3, 5"); '' for anything it cannot read. `state` is
 * `{ view, legal, you, table }`: boxers and bet fields are named from it (else the edition's). */
export function actionText(action, state = {}) {
  const words = String(action || '').trim().toLowerCase().split(/\s+/);
  const { view, you, table } = state || {};
  const v = view || {};
  const mine = you !== null && you !== undefined;
  const ctx = { table, you, isYou: (seat) => mine && seat === you, seatName: (seat) => seatName(table, seat, you, { short: true }) };
  // A boxer by id (`2H`): its name in the view (else the edition's) and its owner.
  const boxer = (id, owner = true) => {
    const m = (v.managers || [])[Number(id.slice(0, -1))];
    const known = m && (m.boxers || []).find((x) => x.id === id);
    if (!known) return owner ? boxerLabel(id, ctx) : editionName(id, ctx);
    return owner ? t('boxer', { name: known.name, owner: ctx.seatName(m.seat) }) : known.name;
  };
  const [verb, a, b] = words;
  if (verb === 'pass' && words.length === 1) return t('hint.pass');
  if (verb === 'play' && words.length === 2 && /^[1-5]$/.test(a)) return t('hint.play', { card: a });
  if (verb === 'train' && words.length > 1 && words.slice(1).every((w) => /^[1-5]$/.test(w))) {
    return t('hint.train', { cards: words.slice(1).map(Number).sort((x, y) => x - y).join(t('list')) });
  }
  if (verb === 'challenge' && words.length === 3 && /^[lh]$/.test(a) && /^\d+[lh]$/.test(b)) {
    const target = boxer(b.toUpperCase());
    const own = mine ? boxer(`${you}${a.toUpperCase()}`, false) : t(`hint.own.${a === 'l' ? 'light' : 'heavy'}`);
    return t('hint.challenge', { target, mine: own });
  }
  if ((verb === 'offer' || verb === 'accept') && words.length === 3 && (a === 'red' || a === 'blue') && /^\d{1,2}$/.test(b) && Number(b) >= 1) {
    const n = Number(b);
    const tableau = (v.tableaus || []).find((x) => x.tableau === a);
    const f = tableau && (tableau.fields || []).find((x) => x.number === n);
    const field = f ? t('ev.field', { name: f.name, stake: money(f.stake) }) : fieldInfo(n - 1, ctx);
    const params = { tableau: sideName(a), n, field };
    if (verb === 'offer') return t('hint.offer', params);
    const by = f ? f.offer : null;
    if (by === null || by === undefined) return t('hint.accept', params);
    return mine && by === you ? t('hint.accept.bluff', params) : t('hint.accept.of', { ...params, offerer: ctx.seatName(by) });
  }
  return '';
}

/** What the result's scores mean, for the result panel. */
export function scoreNote() {
  return t('score.note');
}

/** Draws Knock Out: see registry.js for the contract. */
export function mount(root, ctx) {
  loadStyle(new URL('./knock-out.css', import.meta.url));
  const board = h('div', { class: 'ko-board' });
  root.append(board);
  let selected = []; // indices into the hand while choosing training cards
  let lastState = null;

  function boxerName(v, id) {
    const m = (v.managers || [])[Number(id.slice(0, -1))];
    const b = m && m.boxers[id.endsWith('L') ? 0 : 1];
    return b ? b.name : id;
  }

  function draw(state) {
    lastState = state;
    const { view, legal, you } = state;
    const v = view || {};
    const interactive = ctx.mode === 'play' && you !== null && you !== undefined;
    const offer = offers(interactive ? legal : []);
    const toAct = new Set(v.to_act || []);
    const fight = v.fight;
    const ed = state.table && state.table.config && state.table.config.edition;
    const debtAmount = (ed && ed.debt_amount) || 50000;

    // Header: season, fight, pot, certificates.
    const season = v.pro ? t('season.pro', { season: v.season, seasons: v.seasons }) : t('season.basic');
    const head = h('div', { class: 'ko-head' },
      h('span', { class: 'ko-season' }, season),
      h('span', {}, t('fight', { n: (v.fights || 0) + (fight && !fight.result ? 1 : 0) || 1 })),
      h('span', { class: 'ko-pot', title: t('pot.title') }, t('pot'), h('strong', {}, money(v.pot || 0))),
      h('span', { class: 'small muted' }, t('certificates', { n: v.certificates_left })));

    // The managers.
    const managers = h('div', { class: 'ko-managers' }, (v.managers || []).map((m) => {
      const boxers = m.boxers.map((b) => {
        const marks = [];
        if (b.trophy) marks.push(h('span', { class: 'ko-mark trophy', title: t('mark.trophy.title') }, t('mark.trophy')));
        if (b.steak) marks.push(h('span', { class: 'ko-mark steak', title: t('mark.steak.title') }, t('mark.steak')));
        if (b.belt) marks.push(h('span', { class: 'ko-mark belt', title: t('mark.belt.title') }, t('mark.belt')));
        if (b.knocked_out) marks.push(h('span', { class: 'ko-mark ko-out', title: t('mark.ko.title') }, t('mark.ko')));
        return h('div', { class: ['ko-boxer', b.knocked_out && 'out', `level-${b.level}`], dataset: { boxer: b.id } },
          h('span', { class: ['ko-class', b.class], title: t(`class.${b.class === 'light' ? 'light' : 'heavy'}`) }, b.class === 'light' ? 'L' : 'H'),
          h('span', { class: 'ko-bname' }, b.name, ' ', h('span', { class: 'muted small' }, b.id)),
          h('span', { class: 'ko-level' }, levelName(b.level)),
          h('span', { class: 'ko-start small' }, money(b.start_money)),
          marks);
      });
      const chips = Array.from({ length: m.chips || 0 }, () => chip(m.seat, ctx));
      return h('div', { class: ['ko-manager', toAct.has(m.seat) && 'to-act', m.seat === you && 'me'], dataset: { seat: m.seat }, style: { '--c': COLOURS[m.seat % COLOURS.length] } },
        h('div', { class: 'ko-mhead' },
          h('span', { class: 'ko-dot' }),
          h('span', { class: 'ko-name' }, ctx.seatName(m.seat)),
          m.seat === v.active ? h('span', { class: 'ko-redtab', title: t('redtab.title') }, t('redtab')) : null,
          h('span', { class: 'ko-money' }, money(m.money)),
          m.debts ? h('span', { class: 'ko-debts', title: t('debts.title', { amount: money(debtAmount) }) }, t('debts', { n: m.debts })) : null),
        boxers,
        h('div', { class: 'ko-held small', title: t('held.title') },
          h('span', { class: 'muted' }, t('held')), (m.cards || []).map((c) => fightCard(c, { class: 'mini' })),
          chips.length ? h('span', { class: 'ko-chips' }, chips) : null));
    }));

    // The ring.
    let ring = null;
    if (fight) {
      const width = Math.max(fight.start[0], fight.start[1]);
      const track = (side) => {
        const cells = [];
        for (let d = 0; d <= width; d++) {
          const here = fight.distance[side] === d || (d === 0 && fight.distance[side] <= 0);
          cells.push(h('span', { class: ['ko-cell', d === 0 && 'ko-field', d === fight.start[side] && 'start'] },
            d === 0 ? t('ring.ko') : here ? '' : String(d),
            here ? h('span', { class: ['ko-figure', side === 0 ? 'red' : 'blue'], title: t('figure.title', { boxer: boxerName(v, fight.boxers[side]), d: fight.distance[side] }) }, '●') : null));
        }
        return h('div', { class: ['ko-track', side === 0 ? 'red' : 'blue'] },
          h('span', { class: 'ko-corner' }, t('corner', { side: t(side === 0 ? 'Red' : 'Blue'), boxer: boxerName(v, fight.boxers[side]), owner: ctx.seatName(Number(fight.boxers[side].slice(0, -1))) })),
          h('div', { class: 'ko-cells' }, cells));
      };
      const exchanges = (fight.exchanges || []).map((x, i) => h('div', { class: ['ko-exchange', x.hook && 'hook'], dataset: { exchange: i + 1 } },
        h('span', { class: 'muted' }, `${i + 1}. `), fightCard(x.red, { class: 'red' }), t('exchange.vs'), fightCard(x.blue, { class: 'blue' }), ' ',
        x.moved ? `${x.hook ? t('exchange.hook') : ''}${t('exchange.moves', { side: sideName(x.moved), by: x.by })}` : t('exchange.nobody')));
      const status = [];
      const sides = (flags, done) => flags.map((f, i) => t(f ? done : 'status.choosing', { side: sideName(i ? 'blue' : 'red') })).join(', ');
      if (v.phase === 'training') status.push(t('status.training', { list: sides(fight.trained, 'status.ready') }));
      if (v.phase === 'fight') status.push(t('status.exchange', { n: (fight.exchanges || []).length + 1, list: sides(fight.chosen, 'status.chosen') }));
      if (fight.result) status.push(t(fight.result.knock_out ? 'status.ko' : 'status.points', { name: boxerName(v, fight.boxers[fight.result.winner === 'red' ? 0 : 1]) }));
      ring = h('div', { class: 'ko-ring', 'aria-label': t('ring') }, track(0), track(1),
        exchanges.length ? h('div', { class: 'ko-exchanges' }, exchanges) : null,
        status.length ? h('div', { class: ['ko-status', fight.result && 'result'] }, status.join(' · ')) : null);
    }

    // The tableaus.
    let tableaus = null;
    let bettingBar = null;
    if (fight && !fight.result) {
      const slot = (tableau, f, kind) => {
        const action = `${kind} ${tableau} ${f.number}`;
        const who = kind === 'offer' ? f.offer : f.accept;
        const can = offer.slots.has(action);
        const label = t(kind === 'offer' ? 'slot.offer' : 'slot.accept');
        const content = who !== null && who !== undefined ? chip(who, ctx, { class: kind === 'accept' ? 'blank' : '' }) : h('span', { class: 'ko-empty' }, label);
        const title = t(`slot.${kind === 'offer' ? 'offer' : 'accept'}.title`, { tableau: sideName(tableau), n: f.number });
        return can
          ? h('button', { type: 'button', class: ['ko-slot', kind, 'can'], dataset: { action }, onclick: () => ctx.act(action), title, 'aria-label': title }, content)
          : h('span', { class: ['ko-slot', kind] }, content);
      };
      const tableauBox = (tb) => h('div', { class: ['ko-tableau', tb.tableau] },
        h('div', { class: 'ko-thead' }, t(tb.tableau === 'red' ? 'tableau.head.red' : 'tableau.head.blue', { name: tb.backs ? boxerName(v, tb.backs) : '' })),
        tb.fields.map((f) => h('div', { class: 'ko-field-row' },
          h('span', { class: 'ko-fname' }, `${f.number}. ${f.name}`, h('span', { class: 'small muted' }, ` ${money(f.stake)}`)),
          slot(tb.tableau, f, 'offer'), slot(tb.tableau, f, 'accept'))));
      const passField = h('div', { class: 'ko-pass' },
        h('span', { class: 'muted small' }, t('pass.field')), (v.pass_field || []).map((s) => chip(s, ctx)),
        offer.pass ? h('button', { type: 'button', class: 'btn', dataset: { action: 'pass' }, onclick: () => ctx.act('pass') }, t('pass')) : null);
      const betting = v.betting ? h('div', { class: 'ko-betting-line small' }, t('betting', { pass: v.betting.pass, order: v.betting.order.map((s) => ctx.seatName(s)).join(t('list')) })) : null;
      // What to do in the betting step, and the pass, above the tableaus: in view, not below them.
      bettingBar = h('div', { class: 'ko-betting-bar' }, betting, passField);
      tableaus = h('div', { class: 'ko-tableaus' }, (v.tableaus || []).map(tableauBox));
    }

    // Challenges.
    let challenges = null;
    if (offer.challenges.length) {
      challenges = h('div', { class: 'ko-challenges' }, h('div', { class: 'ko-prompt' }, t('challenge.prompt')),
        offer.challenges.map((a) => {
          const [, mine, target] = a.split(/\s+/);
          const myId = `${you}${mine.toUpperCase()}`;
          return h('button', { type: 'button', class: 'btn ko-challenge', dataset: { action: a }, onclick: () => ctx.act(a) },
            t('challenge.button', { mine: boxerName(v, myId), target: boxerName(v, target), owner: ctx.seatName(Number(target.slice(0, -1))) }));
        }));
    }

    // My cards: training selection or exchange play.
    let hand = null;
    const mine = you !== null && you !== undefined ? (v.managers || [])[you] : null;
    if (mine) {
      const need = offer.trainings.size ? Number([...offer.trainings][0].split(' ').length) : 0;
      const cards = mine.cards || [];
      if (need) {
        selected = selected.filter((i) => i < cards.length);
        const chosen = selected.map((i) => cards[i]).sort((a, b) => a - b).join(' ');
        const ok = selected.length === need && offer.trainings.has(chosen);
        hand = h('div', { class: 'ko-hand training' },
          h('div', { class: 'ko-prompt' }, t('train.prompt', { need, n: selected.length })),
          h('div', { class: 'ko-cards' }, cards.map((c, i) => fightCard(c, {
            class: ['ko-train-card', selected.includes(i) && 'selected'],
            dataset: { trainCard: i, value: c },
            onclick: () => {
              selected = selected.includes(i) ? selected.filter((x) => x !== i) : selected.length < need ? [...selected, i] : selected;
              draw(lastState);
            },
          }))),
          h('button', { type: 'button', class: 'btn primary', id: 'ko-confirm', disabled: !ok, onclick: () => { const a = `train ${chosen}`; selected = []; ctx.act(a); } }, t('train.confirm')));
      } else {
        selected = [];
        const training = fight && !fight.result ? fight.my_training : null;
        const playing = offer.plays.size > 0;
        hand = h('div', { class: 'ko-hand' },
          playing ? h('div', { class: 'ko-prompt' }, t('play.prompt')) : null,
          training ? h('div', { class: 'ko-cards' }, h('span', { class: 'muted small' }, t('training')),
            training.map((c) => (playing && offer.plays.has(c)
              ? fightCard(c, { dataset: { action: `play ${c}` }, onclick: () => ctx.act(`play ${c}`), title: t('play.title', { card: c }) })
              : fightCard(c, { class: fight.my_card === c ? 'chosen' : '' })))) : null,
          h('div', { class: 'ko-cards small' }, h('span', { class: 'muted small' }, t('hand')), (training ? without(cards, training) : cards).map((c) => fightCard(c, { class: 'mini' }))));
      }
    }

    // After a fight (or at the end): who paid whom, and why.
    let settlement = null;
    if ((v.settlement || []).length && (!fight || fight.result || v.phase === 'over')) {
      const party = (p) => (typeof p === 'number' ? ctx.seatName(p) : t(p === 'bank' ? 'party.bank' : 'party.pot'));
      const why = (p) => (`why.${p.why}` in STRINGS.en ? t(`why.${p.why}`) : p.why);
      settlement = h('details', { class: 'ko-settlement', open: true },
        h('summary', {}, t(v.phase === 'over' ? 'settlement.final' : 'settlement.fight')),
        h('table', {}, h('tbody', {}, v.settlement.map((p) => h('tr', {},
          h('td', {}, party(p.from)), h('td', {}, '→'), h('td', {}, party(p.to)), h('td', { class: 'num' }, money(p.amount)),
          h('td', { class: 'small muted' }, `${why(p)}${p.field ? t('settlement.field', { tableau: sideName(p.field[0]), n: p.field[1] }) : ''}`))))));
    }
    // The pro game's second season has just begun: say what changed (KO-52), until its first
    // fight is over.
    let seasonStart = null;
    if (v.pro && v.season > 1 && v.season_fights === 0 && v.phase !== 'over') {
      const supers = (v.managers || []).flatMap((m) => m.boxers
        .filter((b) => b.level === 'superchampion')
        .map((b) => `${b.name} (${ctx.seatName(m.seat)})`));
      seasonStart = h('div', { class: 'ko-season-start', role: 'status' },
        h('strong', {}, t('season.over', { last: v.season - 1, season: v.season, seasons: v.seasons })),
        h('ul', {},
          h('li', {}, t('season.cards')),
          h('li', {}, t('season.cleared')),
          h('li', {}, supers.length ? t('season.supers', { list: supers.join(t('list')) }) : t('season.nosupers')),
          h('li', {}, t('season.nomoney'))));
    }
    let result = null;
    if (v.result) {
      const best = Math.max(...v.result);
      const over = v.pro ? t('final.pro', { seasons: v.seasons }) : t('final.basic');
      result = h('div', { class: 'ko-final' }, h('strong', {}, over),
        v.result.map((m, s) => h('span', { class: ['ko-final-seat', m === best && 'winner'] }, `${ctx.seatName(s)} ${money(m)}`)));
    }

    // While betting the tableaus are what to click: before the hand.
    const play = v.phase === 'betting' ? [bettingBar, tableaus, hand] : [hand, bettingBar, tableaus];
    replace(board, head, seasonStart, result, challenges, ring, ...play, settlement, managers);
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

/** `cards` without one of each value in `minus`. */
function without(cards, minus) {
  const rest = [...cards];
  for (const c of minus) {
    const i = rest.indexOf(c);
    if (i >= 0) rest.splice(i, 1);
  }
  return rest;
}
