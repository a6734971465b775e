// Schotten-Totten: nine boundary stones in a row, each player's cards on their side of them,
// the player's own side and hand at the bottom.
//
// Playing: click a hand card, then one of the highlighted stones; click a stone's "Claim" badge
// to claim it; "Pass" / "Done" buttons appear when those actions are legal. Everything clickable
// comes from the `legal` notation list: `play r7 3`, `claim 4`, `pass`, `done`.

import { h, s, replace, loadStyle } from '../js/dom.js';
import { clanCardSvg, cardBackSvg, cardElement, CLAN_COLOURS } from '../js/cards.js';

const COLOUR_BY_LETTER = { r: 'red', b: 'blue', g: 'green', y: 'yellow', p: 'purple', n: 'brown' };
const STONES = 9;
const STONE_PATH = 'M14 58 C4 50 4 30 14 18 C22 8 40 4 56 6 C74 8 92 16 95 32 C98 48 88 62 70 65 C52 68 26 68 14 58 Z';

/** `r7` → `{colour: 'red', value: 7}`, or null for anything else. */
export function parseCard(text) {
  const m = /^([rbgypn])(\d{1,2})$/i.exec(String(text || '').trim());
  return m ? { colour: COLOUR_BY_LETTER[m[1].toLowerCase()], value: Number(m[2]), code: `${m[1].toLowerCase()}${Number(m[2])}` } : null;
}

/** What the legal notation list offers: plays by card, claims, pass and done. */
export function offers(legal) {
  const plays = new Map(); // card → Set(stone)
  const claims = new Set();
  let pass = false;
  let done = false;
  for (const action of legal || []) {
    const words = action.trim().toLowerCase().split(/\s+/);
    if (words[0] === 'play' && words.length === 3) {
      if (!plays.has(words[1])) plays.set(words[1], new Set());
      plays.get(words[1]).add(Number(words[2]));
    } else if (words[0] === 'claim' && words.length === 2) claims.add(Number(words[1]));
    else if (words[0] === 'pass') pass = true;
    else if (words[0] === 'done') done = true;
  }
  return { plays, claims, pass, done };
}

// ---- reading the view -------------------------------------------------------------------------

const pick = (object, ...keys) => {
  for (const key of keys) if (object && object[key] !== undefined && object[key] !== null) return object[key];
  return undefined;
};

const cardList = (value) => (Array.isArray(value) ? value.map((c) => (typeof c === 'string' ? c : c && (c.card || c.code))).filter(Boolean) : []);

/**
 * The view in one shape, whatever spelling the game crate chose: `{ bottom, top, hand, handCounts,
 * revealed, stones: [{ sides, first, owner }], pile }`.
 */
export function normalize(view, you) {
  const v = view || {};
  const bottom = you === null || you === undefined ? 0 : you;
  const top = 1 - bottom;
  const rawStones = pick(v, 'stones', 'board') || [];
  const stones = [];
  for (let i = 0; i < STONES; i++) {
    const st = rawStones[i] || {};
    const sides = pick(st, 'sides', 'cards') || [[], []];
    stones.push({
      sides: [cardList(sides[0]), cardList(sides[1])],
      first: pick(st, 'first', 'completed_first'),
      owner: pick(st, 'owner', 'claimed_by'),
      formations: Array.isArray(st.formations) ? st.formations : [null, null],
    });
  }
  const counts = pick(v, 'hand_sizes', 'hand_counts', 'hands') || [];
  const handCounts = [0, 1].map((seat) => (Array.isArray(counts) && typeof counts[seat] === 'number' ? counts[seat] : Array.isArray(counts[seat]) ? counts[seat].length : 0));
  const hand = cardList(pick(v, 'hand', 'your_hand'));
  if (hand.length && you !== null && you !== undefined) handCounts[bottom] = hand.length;
  const rev = pick(v, 'revealed', 'shown') || [[], []];
  const revealed = Array.isArray(rev) && Array.isArray(rev[0]) ? [cardList(rev[0]), cardList(rev[1])] : [cardList(rev), []];
  const pileRaw = pick(v, 'pile', 'draw_pile', 'deck', 'pile_size');
  const pile = typeof pileRaw === 'number' ? pileRaw : Array.isArray(pileRaw) ? pileRaw.length : null;
  const last = v.last_action && typeof v.last_action.action === 'string' ? v.last_action : null;
  const lastPlayed = last && /^play /.test(last.action) ? last.action.split(/\s+/)[1] : null;
  return {
    bottom, top, hand, handCounts, revealed, stones, pile, lastPlayed,
    phase: v.phase || null,
    game: v.game || 1,
    games: v.games || 1,
    scores: Array.isArray(v.scores) ? v.scores : null,
    previous: v.previous_game || null,
  };
}

// ---- formations (labels only; the server decides everything) ----------------------------------

const CLASS_NAMES = { sum: 'sum', run: 'run', colour: 'colour', 'of-a-kind': 'three of a kind', 'colour-run': 'colour run' };

/** The name of a formation as the view gives it (`{class, sum}`), e.g. "colour run (24)". */
export function describeFormation(formation) {
  if (!formation || !formation.class) return '';
  const name = CLASS_NAMES[formation.class] || formation.class;
  return formation.class === 'sum' ? `sum ${formation.sum}` : `${name} (${formation.sum})`;
}

/** The formation name of three (or four) cards, for a tooltip when the view gives none. */
export function formationName(cards) {
  const parsed = cards.map(parseCard).filter(Boolean);
  if (parsed.length < 3) return '';
  const values = parsed.map((c) => c.value).sort((a, b) => a - b);
  const sameColour = parsed.every((c) => c.colour === parsed[0].colour);
  const run = values.every((v, i) => i === 0 || v === values[i - 1] + 1);
  const sum = values.reduce((a, b) => a + b, 0);
  if (sameColour && run) return `colour run (${sum})`;
  if (values.every((v) => v === values[0])) return `three of a kind (${sum})`;
  if (sameColour) return `colour (${sum})`;
  if (run) return `run (${sum})`;
  return `sum ${sum}`;
}

// ---- drawing ---------------------------------------------------------------------------------

function cardLabel(code) {
  const c = parseCard(code);
  return c ? `${CLAN_COLOURS[c.colour] ? CLAN_COLOURS[c.colour].label : c.colour} ${c.value}` : code;
}

function faceCard(code, options = {}) {
  const c = parseCard(code);
  if (!c) return cardElement(cardBackSvg('clan'), options);
  const el = cardElement(clanCardSvg(c.colour, c.value), options);
  el.dataset.card = c.code;
  return el;
}

function stoneSvg(number, owner, tint) {
  return s('svg', { class: 'st-stone-svg', viewBox: '0 0 100 70', 'aria-hidden': 'true' },
    s('defs', {},
      s('radialGradient', { id: `st-stone-grad-${number}`, cx: '40%', cy: '30%', r: '80%' },
        s('stop', { offset: '0%', 'stop-color': '#d9d6cc' }),
        s('stop', { offset: '60%', 'stop-color': '#a29d90' }),
        s('stop', { offset: '100%', 'stop-color': '#6f6a5e' }))),
    s('path', {
      d: STONE_PATH,
      fill: `url(#st-stone-grad-${number})`,
      stroke: owner === null ? '#4d493f' : '#2a2419',
      'stroke-width': 2.5,
    }),
    tint ? s('path', { d: STONE_PATH, class: `st-stone-tint ${tint}` }) : null,
    s('path', { d: 'M22 22 C30 14 44 12 54 13', stroke: '#ffffff', 'stroke-opacity': 0.35, 'stroke-width': 3, fill: 'none', 'stroke-linecap': 'round' }),
    s('text', { x: 50, y: 48, 'text-anchor': 'middle', class: 'st-stone-number' }, String(number)));
}

/** Draws Schotten-Totten: see registry.js for the contract. */
export function mount(root, ctx) {
  let selected = null; // the hand card chosen for playing
  let last = null; // the latest state, to redraw after a selection
  let known = new Set(); // cards on the table at the previous draw, to animate new ones

  loadStyle(new URL('./schotten-totten.css', import.meta.url));
  const board = h('div', { class: 'st-board' });
  root.append(board);

  function chooseCard(code) {
    selected = selected === code ? null : code;
    draw();
  }

  function draw() {
    if (!last) return;
    const { view, legal, you } = last;
    const interactive = ctx.mode === 'play' && you !== null && you !== undefined;
    const offer = interactive ? offers(legal) : offers([]);
    if (selected && !offer.plays.has(selected)) selected = null;
    const model = normalize(view, you);
    const targets = selected ? offer.plays.get(selected) : new Set();
    const nowOnTable = new Set();

    const sideCards = (stone, seat, where) => {
      const cards = model.stones[stone].sides[seat];
      const formation = describeFormation(model.stones[stone].formations[seat]) || formationName(cards);
      return h('div', { class: ['st-side', where], title: formation || undefined },
        cards.map((code) => {
          nowOnTable.add(code);
          const classes = [known.size && !known.has(code) && 'new', code === model.lastPlayed && 'last'];
          return faceCard(code, { classes });
        }),
        formation ? h('span', { class: 'st-formation' }, formation) : null);
    };

    const columns = [];
    for (let i = 0; i < STONES; i++) {
      const number = i + 1;
      const st = model.stones[i];
      const owner = st.owner === undefined || st.owner === null ? null : st.owner;
      const target = targets && targets.has(number);
      const claimable = offer.claims.has(number);
      const tint = owner === null ? null : owner === model.bottom ? 'mine' : 'theirs';
      const stoneClasses = ['st-stone', owner === model.bottom && 'mine', owner === model.top && 'theirs', target && 'target'];
      const ownerText = owner === null ? '' : owner === model.bottom ? (you === null ? `, won by ${ctx.seatName(owner)}` : ', yours') : `, won by ${ctx.seatName(owner)}`;
      const stone = target
        ? h('button', { type: 'button', class: stoneClasses, onclick: () => ctx.act(`play ${selected} ${number}`), 'aria-label': `Play ${cardLabel(selected)} at stone ${number}`, dataset: { stone: number } }, stoneSvg(number, owner, tint))
        : h('div', { class: stoneClasses, role: 'img', 'aria-label': `Stone ${number}${ownerText}`, dataset: { stone: number } }, stoneSvg(number, owner, tint));
      const marker = owner === null ? null : h('span', { class: ['st-owner', owner === model.bottom ? 'mine' : 'theirs'], 'aria-hidden': 'true' }, owner === model.bottom ? '⚑' : '⚑');
      const claim = claimable
        ? h('button', { type: 'button', class: 'st-claim', onclick: () => ctx.act(`claim ${number}`), 'aria-label': `Claim stone ${number}`, dataset: { claim: number } }, 'Claim')
        : null;
      const sideTarget = (seat, where) => {
        const side = sideCards(i, seat, where);
        if (seat === model.bottom && target) {
          side.classList.add('target');
          side.addEventListener('click', () => ctx.act(`play ${selected} ${number}`));
        }
        return side;
      };
      columns.push(h('div', { class: ['st-column', owner !== null && 'claimed', owner === model.bottom && 'won', owner === model.top && 'lost'], dataset: { stone: number } },
        sideTarget(model.top, 'top'),
        h('div', { class: 'st-stone-cell' }, stone, marker, claim),
        sideTarget(model.bottom, 'bottom')));
    }

    // The opponent's hand: backs, with cards revealed in proofs face up.
    const topRevealed = model.revealed[model.top] || [];
    const topBacks = Math.max(0, model.handCounts[model.top] - topRevealed.length);

    // The own hand (a spectator sees the bottom player's hand as backs).
    const myRevealed = new Set(model.revealed[model.bottom] || []);
    let handCards;
    if (model.hand.length) {
      handCards = model.hand.map((code) => {
        const playable = offer.plays.has(code);
        const classes = [selected === code && 'selected', myRevealed.has(code) && 'revealed', interactive && offer.plays.size && !playable && 'dimmed'];
        return faceCard(code, playable
          ? { onclick: () => chooseCard(code), actionLabel: `${cardLabel(code)}${selected === code ? ' (chosen)' : ''}`, classes }
          : { classes });
      });
    } else {
      const bottomRevealed = model.revealed[model.bottom] || [];
      handCards = [
        ...bottomRevealed.map((code) => faceCard(code, { classes: ['revealed'] })),
        ...Array.from({ length: Math.max(0, model.handCounts[model.bottom] - bottomRevealed.length) }, () => cardElement(cardBackSvg('clan', 'hidden card'))),
      ];
    }

    const buttons = [];
    if (offer.pass) buttons.push(h('button', { type: 'button', class: 'btn primary', dataset: { action: 'pass' }, onclick: () => ctx.act('pass') }, model.phase === 'final-claims' ? 'Pass — no more claims' : 'Pass (no card can be played)'));
    if (offer.done) buttons.push(h('button', { type: 'button', class: 'btn primary', dataset: { action: 'done' }, onclick: () => ctx.act('done') }, 'Done — draw a card'));

    let prompt = '';
    if (interactive && legal.length) {
      if (selected) prompt = `Now choose a highlighted stone for ${cardLabel(selected)}.`;
      else if (offer.plays.size) prompt = offer.claims.size ? 'Claim a stone, or pick a card to play.' : 'Pick a card to play.';
      else if (offer.claims.size) prompt = 'Claim a stone, or finish your turn.';
    }

    const pile = model.pile === null ? null : h('div', { class: 'st-pile', title: `${model.pile} cards left to draw` },
      model.pile > 0 ? cardElement(cardBackSvg('clan', `draw pile, ${model.pile} cards`)) : h('div', { class: 'card st-pile-empty' }),
      h('span', { class: 'st-pile-count' }, `${model.pile} left`));

    const opponent = h('div', { class: 'st-player top' },
      h('div', { class: 'st-player-info' },
        h('div', { class: 'st-player-name' }, ctx.seatName(model.top)),
        h('div', { class: 'muted small' }, `${model.handCounts[model.top]} cards in hand`),
        h('div', { class: 'st-hand small-hand', 'aria-label': `${ctx.seatName(model.top)}'s hand: ${model.handCounts[model.top]} cards` },
          topRevealed.map((code) => faceCard(code, { classes: ['revealed'], title: `${cardLabel(code)} (revealed in a proof)` })),
          Array.from({ length: topBacks }, () => cardElement(cardBackSvg('clan', 'hidden card'))))),
      pile);

    const mine = h('div', { class: 'st-player bottom' },
      h('div', { class: 'st-player-name' }, you === null || you === undefined ? ctx.seatName(model.bottom) : 'Your hand',
        prompt ? h('span', { class: 'st-prompt' }, prompt) : null),
      h('div', { class: ['st-hand', 'my-hand', interactive && offer.plays.size && 'active'], 'aria-label': 'Your hand', style: { '--n': String(Math.max(handCards.length, 6)) } }, handCards),
      buttons.length ? h('div', { class: 'st-buttons' }, buttons) : null);

    const wonCount = (seat) => model.stones.filter((st) => st.owner === seat).length;
    const bottomName = you === null || you === undefined ? ctx.seatName(model.bottom) : 'You';
    const match = model.games > 1 && model.scores
      ? h('span', { class: 'st-match' }, `Game ${model.game} of ${model.games} · points ${bottomName} ${model.scores[model.bottom]} – ${model.scores[model.top]} ${ctx.seatName(model.top)}`)
      : null;
    const reasons = { 'three-adjacent': 'three adjacent stones', 'five-stones': 'five stones', 'most-stones': 'more stones' };
    const previous = model.previous && model.games > 1
      ? h('span', { class: 'small' }, `Game ${model.previous.game}: ${model.previous.winner === model.bottom && you !== null && you !== undefined ? 'you' : ctx.seatName(model.previous.winner)} won with ${reasons[model.previous.reason] || model.previous.reason}`)
      : null;
    const score = h('div', { class: 'st-score', 'aria-label': 'Stones won' }, previous,
      h('span', {}, `Stones: ${bottomName} ${wonCount(model.bottom)} – ${wonCount(model.top)} ${ctx.seatName(model.top)}`),
      match || h('span', { class: 'muted small' }, '3 adjacent or any 5 stones win'));

    replace(board, opponent, score, h('div', { class: 'st-stones' }, columns), mine);
    board.classList.toggle('choosing', Boolean(selected));
    known = nowOnTable;
  }

  return {
    update(state) {
      last = state;
      draw();
    },
    destroy() {
      root.replaceChildren();
    },
  };
}
