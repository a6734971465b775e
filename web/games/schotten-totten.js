// Schotten-Totten (and Battle Line): nine boundary stones in a row, each player's cards on their
// side of them, the player's own side and hand at the bottom.
//
// Playing: click a hand card, then one of the highlighted stones; click a stone's "Claim" badge
// to claim it; a full side that cannot be claimed shows "?", which asks the server and shows its
// reason; "Pass" / "Done" buttons appear when those actions are legal. With tactic cards:
// a ruse card in hand is played by clicking it; the draw is a choice of two buttons (or the two
// piles); the Recruiter's put-back is a click on a hand card; the Strategist and the Traitor
// take a card on the table, then a highlighted stone (or "Discard"); the Banshee a card of the
// opponent's. A prompt says what to click next. Everything clickable (but "?", which asks on
// purpose) comes from the `legal` notation list: `play r7 3`, `play recruiter`, `claim 4`, `pass`, `done`, `draw clan`,
// `draw tactic`, `return r7`, `move r7 5`, `discard r7`.

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

/** The tactic cards (ST-40 … ST-45): notation → [Schotten-Totten name, Battle Line name, what it does]. */
export const TACTICS = {
  joker1: ['Joker', 'Leader', 'any colour and value'],
  joker2: ['Joker', 'Leader', 'any colour and value'],
  spy: ['Spy', 'Companion Cavalry', 'a 7 of any colour'],
  shield: ['Shield-bearer', 'Shield Bearers', 'a 1, 2 or 3 of any colour'],
  bluff: ["Blind-man's bluff", 'Fog', 'only the sum counts at its stone'],
  mud: ['Mud fight', 'Mud', 'four cards a side at its stone'],
  recruiter: ['Recruiter', 'Scout', 'draw 3, put 2 back under their piles'],
  strategist: ['Strategist', 'Redeploy', 'move or discard one of your cards'],
  banshee: ['Banshee', 'Deserter', "discard one of the opponent's cards"],
  traitor: ['Traitor', 'Traitor', "take one of the opponent's clan cards"],
};
const RUSES = new Set(['recruiter', 'strategist', 'banshee', 'traitor']);

/** A tactic card's name in this mode. */
export function tacticName(code, battleLine) {
  const t = TACTICS[code];
  if (!t) return code;
  return t[battleLine ? 1 : 0];
}

/** What the legal notation list offers: plays by card, claims, pass and done; with tactics also
 *  ruses, draws, put-backs, moves by card and discards. */
export function offers(legal) {
  const plays = new Map(); // card → Set(stone)
  const moves = new Map(); // card on the table → Set(stone)
  const claims = new Set();
  const ruses = new Set();
  const draws = new Set(); // 'clan', 'tactic'
  const returns = new Set();
  const discards = new Set();
  let pass = false;
  let done = false;
  for (const action of legal || []) {
    const words = action.trim().toLowerCase().split(/\s+/);
    if (words[0] === 'play' && words.length === 3) {
      if (!plays.has(words[1])) plays.set(words[1], new Set());
      plays.get(words[1]).add(Number(words[2]));
    } else if (words[0] === 'play' && words.length === 2) ruses.add(words[1]);
    else if (words[0] === 'move' && words.length === 3) {
      if (!moves.has(words[1])) moves.set(words[1], new Set());
      moves.get(words[1]).add(Number(words[2]));
    } else if (words[0] === 'claim' && words.length === 2) claims.add(Number(words[1]));
    else if (words[0] === 'draw' && words.length === 2) draws.add(words[1]);
    else if (words[0] === 'return' && words.length === 2) returns.add(words[1]);
    else if (words[0] === 'discard' && words.length === 2) discards.add(words[1]);
    else if (words[0] === 'pass') pass = true;
    else if (words[0] === 'done') done = true;
  }
  return { plays, moves, claims, ruses, draws, returns, discards, pass, done };
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
    const resolved = Array.isArray(st.resolved) ? st.resolved : [[], []];
    stones.push({
      sides: [cardList(sides[0]), cardList(sides[1])],
      first: pick(st, 'first', 'completed_first'),
      owner: pick(st, 'owner', 'claimed_by'),
      formations: Array.isArray(st.formations) ? st.formations : [null, null],
      modes: cardList(st.modes),
      capacity: typeof st.capacity === 'number' ? st.capacity : 3,
      // card → the clan card it was fixed to (ST-42), per side
      resolved: [0, 1].map((i) => new Map((resolved[i] || []).map((p) => [p.card, p.as]))),
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
  const played = Array.isArray(v.played_tactics) ? v.played_tactics.map(cardList) : [[], []];
  return {
    bottom, top, hand, handCounts, revealed, stones, pile, lastPlayed,
    tactics: Boolean(v.tactics),
    battleLine: Boolean(v.battle_line),
    tacticPile: typeof v.tactic_pile === 'number' ? v.tactic_pile : 0,
    handTactics: Array.isArray(v.hand_tactics) ? v.hand_tactics : [0, 0],
    discard: cardList(v.discard),
    played,
    tucked: cardList(v.tucked),
    known: cardList(v.known),
    recruit: v.recruit || null,
    phase: v.phase || null,
    finalClaimTurns: typeof v.final_claim_turns === 'number' ? v.final_claim_turns : null,
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

let battleLineNames = false; // set per draw: Battle Line names the tactic cards its own way

function cardLabel(code) {
  const c = parseCard(code);
  if (!c && TACTICS[code]) return tacticName(code, battleLineNames);
  return c ? `${CLAN_COLOURS[c.colour] ? CLAN_COLOURS[c.colour].label : c.colour} ${c.value}` : code;
}

/** The face of a tactic card: its name, what it does, a badge by family. */
function tacticCardSvg(code) {
  const [name, blName, what] = TACTICS[code];
  const title = battleLineNames ? blName : name;
  const family = RUSES.has(code) ? 'ruse' : code === 'mud' || code === 'bluff' ? 'mode' : 'elite';
  const fill = { elite: '#7b5b2e', mode: '#3f5f7a', ruse: '#6b3f6e' }[family];
  const words = title.split(' ');
  return s('svg', { class: 'card-svg', viewBox: '0 0 100 150', role: 'img', 'aria-label': `${title}: ${what}`, focusable: 'false' },
    s('title', {}, `${title}: ${what}`),
    s('rect', { x: 1, y: 1, width: 98, height: 148, rx: 9, fill, stroke: '#2a2419', 'stroke-width': 2 }),
    s('rect', { x: 7, y: 7, width: 86, height: 136, rx: 6, fill: '#fbf5e6' }),
    s('rect', { x: 7, y: 7, width: 86, height: 24, rx: 6, fill, opacity: 0.85 }),
    s('text', { x: 50, y: 25, 'text-anchor': 'middle', class: 'st-tactic-family', fill: '#fff' }, family),
    ...words.map((w, i) => s('text', { x: 50, y: 70 + i * 20, 'text-anchor': 'middle', class: 'st-tactic-name', fill: '#2a2419' }, w)));
}

function faceCard(code, options = {}) {
  const c = parseCard(code);
  if (!c && TACTICS[code]) {
    const el = cardElement(tacticCardSvg(code), options);
    el.dataset.card = code;
    el.classList.add('tactic');
    return el;
  }
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

/** What to click next, in words (the steps of a ruse and the tactics draw included). */
export function promptFor(phase, offer, { selected, picked, recruit } = {}) {
  if (selected) return `Now choose a highlighted stone for ${cardLabel(selected)}.`;
  if (picked) {
    const discard = offer.discards.has(picked) ? ', or discard it' : '';
    return `Now choose a highlighted stone to move ${cardLabel(picked)} to${discard}.`;
  }
  switch (phase) {
    case 'draw': return 'Draw a card: from the clan pile or the tactic pile.';
    case 'recruit':
      if (offer.draws.size) return `Recruiter: draw ${recruit ? recruit.draws : ''} more — click a pile.`.replace('  ', ' ');
      return `Recruiter: click a hand card to put it back under its pile (${recruit ? recruit.returns : 1} to go).`;
    case 'strategist': return 'Strategist: click one of your cards on an unclaimed stone, then where it goes (or discard it).';
    case 'banshee': return "Banshee: click one of the opponent's cards to discard it.";
    case 'traitor': return "Traitor: click one of the opponent's clan cards, then a stone on your side.";
    default: break;
  }
  if (offer.plays.size || offer.ruses.size) return offer.claims.size ? 'Claim a stone, or pick a card to play.' : 'Pick a card to play.';
  if (offer.claims.size) return 'Claim a stone, or finish your turn.';
  return '';
}

/** The notice of the final claim turns (ST-31), or '' outside them: how many are left. */
export function finalClaimsNote(model) {
  if (model.phase !== 'final-claims' || model.finalClaimTurns === null) return '';
  const turns = model.finalClaimTurns === 1 ? 'the last final claim turn' : `${model.finalClaimTurns} final claim turns left`;
  return `Nobody can play a card: ${turns}, this one included — claim what you can prove; then every open stone with two full sides is settled (ST-31).`;
}

/** Draws Schotten-Totten: see registry.js for the contract. */
/** What the result's scores mean (ST-32), for the result panel. */
export function scoreNote(table) {
  const config = (table && table.config) || {};
  const loser = config['iello-scoring'] ? 'the loser 1 for each stone they own' : 'the loser nothing';
  return `Score: match points — the winner of each game scores 5, ${loser}.`;
}

export function mount(root, ctx) {
  let selected = null; // the hand card chosen for playing
  let picked = null; // the table card chosen for a move (Strategist, Traitor)
  let last = null; // the latest state, to redraw after a selection
  let known = new Set(); // cards on the table at the previous draw, to animate new ones

  loadStyle(new URL('./schotten-totten.css', import.meta.url));
  const board = h('div', { class: 'st-board' });
  root.append(board);

  function chooseCard(code) {
    selected = selected === code ? null : code;
    picked = null;
    draw();
  }

  function pickTableCard(code) {
    picked = picked === code ? null : code;
    selected = null;
    draw();
  }

  function draw() {
    if (!last) return;
    const { view, legal, you } = last;
    const interactive = ctx.mode === 'play' && you !== null && you !== undefined;
    const offer = interactive ? offers(legal) : offers([]);
    if (selected && !offer.plays.has(selected)) selected = null;
    if (picked && !offer.moves.has(picked) && !offer.discards.has(picked)) picked = null;
    const model = normalize(view, you);
    battleLineNames = model.battleLine;
    const targets = selected ? offer.plays.get(selected) : picked ? offer.moves.get(picked) || new Set() : new Set();
    const toward = (number) => (selected ? `play ${selected} ${number}` : `move ${picked} ${number}`);
    const nowOnTable = new Set();

    const sideCards = (stone, seat, where) => {
      const st = model.stones[stone];
      const cards = st.sides[seat];
      const formation = describeFormation(st.formations[seat]) || formationName(cards);
      return h('div', { class: ['st-side', where, st.capacity > 3 && 'four'], title: formation || undefined },
        cards.map((code) => {
          nowOnTable.add(code);
          const classes = [known.size && !known.has(code) && 'new', code === model.lastPlayed && 'last', picked === code && 'selected'];
          const takeable = offer.moves.has(code) || offer.discards.has(code);
          const stands = st.resolved[seat].get(code);
          const options = takeable
            ? {
                classes,
                actionLabel: `${model.phase === 'banshee' ? 'Discard' : 'Take'} ${cardLabel(code)} from stone ${stone + 1}`,
                onclick: () => (model.phase === 'banshee' ? ctx.act(`discard ${code}`) : pickTableCard(code)),
              }
            : { classes, title: stands ? `${cardLabel(code)}, counted as ${cardLabel(stands)}` : undefined };
          const el = faceCard(code, options);
          if (takeable) el.dataset.take = code;
          if (!stands) return el;
          return h('div', { class: 'st-elite', dataset: { resolved: stands } }, el, h('span', { class: 'st-resolved' }, `= ${stands}`));
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
      const moving = selected || picked;
      const stone = target
        ? h('button', { type: 'button', class: stoneClasses, onclick: () => ctx.act(toward(number)), 'aria-label': `${selected ? 'Play' : 'Move'} ${cardLabel(moving)} at stone ${number}`, dataset: { stone: number } }, stoneSvg(number, owner, tint))
        : h('div', { class: stoneClasses, role: 'img', 'aria-label': `Stone ${number}${ownerText}`, dataset: { stone: number } }, stoneSvg(number, owner, tint));
      const marker = owner === null ? null : h('span', { class: ['st-owner', owner === model.bottom ? 'mine' : 'theirs'], 'aria-hidden': 'true' }, owner === model.bottom ? '⚑' : '⚑');
      // A full side of the player's that cannot be claimed now: "?" asks the engine, whose
      // refusal (shown by the table) says why — a proof that does not hold yet, the timing.
      const why = !claimable && interactive && legal.length > 0 && owner === null
        && st.sides[model.bottom].length >= st.capacity;
      const claim = claimable
        ? h('button', { type: 'button', class: 'st-claim', onclick: () => ctx.act(`claim ${number}`), 'aria-label': `Claim stone ${number}`, dataset: { claim: number } }, 'Claim')
        : why
          ? h('button', { type: 'button', class: 'st-claim why', onclick: () => ctx.act(`claim ${number}`), 'aria-label': `Why can't I claim stone ${number}?`, title: `Why can't I claim stone ${number}?`, dataset: { why: number } }, '?')
          : null;
      // Combat modes lie on the stone (ST-43, ST-44).
      const modes = st.modes.length
        ? h('div', { class: 'st-modes' }, st.modes.map((code) => h('span', { class: ['st-mode', code], dataset: { mode: code }, title: TACTICS[code] ? TACTICS[code][2] : code }, tacticName(code, model.battleLine))))
        : null;
      const sideTarget = (seat, where) => {
        const side = sideCards(i, seat, where);
        if (seat === model.bottom && target) {
          side.classList.add('target');
          side.addEventListener('click', (e) => {
            if (e.target.closest('button')) return;
            ctx.act(toward(number));
          });
        }
        return side;
      };
      columns.push(h('div', { class: ['st-column', owner !== null && 'claimed', owner === model.bottom && 'won', owner === model.top && 'lost'], dataset: { stone: number } },
        sideTarget(model.top, 'top'),
        h('div', { class: 'st-stone-cell' }, stone, marker, claim, modes),
        sideTarget(model.bottom, 'bottom')));
    }

    // The opponent's hand: backs (tactic cards on their own backs: their number is public), with
    // cards revealed in proofs (or known to this player) face up.
    const topShown = [...new Set([...(model.revealed[model.top] || []), ...model.known])];
    const topTactics = model.handTactics[model.top] || 0;
    const topBacks = Math.max(0, model.handCounts[model.top] - topShown.length - topTactics);

    // The own hand (a spectator sees the bottom player's hand as backs).
    const myRevealed = new Set(model.revealed[model.bottom] || []);
    let handCards;
    if (model.hand.length) {
      handCards = model.hand.map((code) => {
        const playable = offer.plays.has(code) || offer.ruses.has(code) || offer.returns.has(code);
        const classes = [selected === code && 'selected', myRevealed.has(code) && 'revealed', interactive && (offer.plays.size || offer.returns.size) && !playable && 'dimmed'];
        let onclick = () => chooseCard(code);
        let label = `${cardLabel(code)}${selected === code ? ' (chosen)' : ''}`;
        if (offer.returns.has(code)) {
          onclick = () => ctx.act(`return ${code}`);
          label = `Put ${cardLabel(code)} back under its pile`;
        } else if (offer.ruses.has(code)) {
          onclick = () => ctx.act(`play ${code}`);
          label = `Play ${cardLabel(code)}`;
        }
        const el = faceCard(code, playable ? { onclick, actionLabel: label, classes } : { classes });
        if (offer.ruses.has(code)) el.dataset.ruse = code;
        if (offer.returns.has(code)) el.dataset.return = code;
        return el;
      });
    } else {
      const bottomRevealed = model.revealed[model.bottom] || [];
      const bottomTactics = model.handTactics[model.bottom] || 0;
      handCards = [
        ...bottomRevealed.map((code) => faceCard(code, { classes: ['revealed'] })),
        ...Array.from({ length: Math.max(0, model.handCounts[model.bottom] - bottomRevealed.length - bottomTactics) }, () => cardElement(cardBackSvg('clan', 'hidden card'))),
        ...Array.from({ length: bottomTactics }, () => cardElement(cardBackSvg('tactic', 'hidden tactic card'))),
      ];
    }

    const buttons = [];
    if (offer.pass) buttons.push(h('button', { type: 'button', class: 'btn primary', dataset: { action: 'pass' }, onclick: () => ctx.act('pass') }, model.phase === 'final-claims' ? 'Pass — no more claims' : model.tactics ? 'Pass (no clan card to play)' : 'Pass (no card can be played)'));
    if (offer.done) buttons.push(h('button', { type: 'button', class: 'btn primary', dataset: { action: 'done' }, onclick: () => ctx.act('done') }, 'Done — draw a card'));
    for (const pile of ['clan', 'tactic']) {
      if (offer.draws.has(pile)) buttons.push(h('button', { type: 'button', class: 'btn primary', dataset: { action: `draw ${pile}` }, onclick: () => ctx.act(`draw ${pile}`) }, `Draw a ${pile} card`));
    }
    if (picked && offer.discards.has(picked)) buttons.push(h('button', { type: 'button', class: 'btn', dataset: { action: 'discard' }, onclick: () => ctx.act(`discard ${picked}`) }, `Discard ${cardLabel(picked)}`));

    const prompt = interactive && legal.length ? promptFor(model.phase, offer, { selected, picked, recruit: model.recruit }) : '';

    const pileCard = (kind, count, what) => {
      const canDraw = offer.draws.has(kind);
      const face = count > 0 ? cardElement(cardBackSvg(kind, `${what}, ${count} cards`), canDraw ? { onclick: () => ctx.act(`draw ${kind}`), actionLabel: `Draw from the ${what}`, classes: ['drawable'] } : {}) : h('div', { class: 'card st-pile-empty' });
      return h('div', { class: ['st-pile', kind], title: `${what}: ${count} cards left`, dataset: { pile: kind } }, face, h('span', { class: 'st-pile-count' }, `${count} left`));
    };
    const piles = model.pile === null ? [] : [pileCard('clan', model.pile, model.battleLine ? 'troop pile' : 'clan pile')];
    if (model.tactics) {
      piles.push(pileCard('tactic', model.tacticPile, 'tactic pile'));
      piles.push(h('div', { class: 'st-discard', 'aria-label': 'Discard pile', dataset: { discard: model.discard.join(' ') } },
        h('span', { class: 'muted small' }, 'discard'),
        h('div', { class: 'st-discard-cards' }, model.discard.length ? model.discard.map((code) => faceCard(code, { title: cardLabel(code) })) : h('span', { class: 'muted small' }, 'empty'))));
    }

    const played = (seat) => model.played[seat] ? model.played[seat].length : 0;
    const opponent = h('div', { class: 'st-player top' },
      h('div', { class: 'st-player-info' },
        h('div', { class: 'st-player-name' }, ctx.seatName(model.top)),
        h('div', { class: 'muted small' }, `${model.handCounts[model.top]} cards in hand${topTactics ? ` (${topTactics} tactic)` : ''}${model.tactics ? ` · ${played(model.top)} tactic cards played` : ''}`),
        h('div', { class: 'st-hand small-hand', 'aria-label': `${ctx.seatName(model.top)}'s hand: ${model.handCounts[model.top]} cards` },
          topShown.map((code) => faceCard(code, { classes: ['revealed'], title: `${cardLabel(code)} (${model.known.includes(code) ? 'you put it back, they drew it' : 'revealed in a proof'})` })),
          Array.from({ length: topBacks }, () => cardElement(cardBackSvg('clan', 'hidden card'))),
          Array.from({ length: topTactics }, () => cardElement(cardBackSvg('tactic', 'hidden tactic card'))))),
      h('div', { class: 'st-piles' }, piles));

    const tacticNote = model.tactics && you !== null && you !== undefined
      ? h('span', { class: 'muted small st-tactic-note' }, `tactic cards played: you ${played(model.bottom)}, ${ctx.seatName(model.top)} ${played(model.top)}${model.tucked.length ? ` · under the piles: ${model.tucked.join(' ')}` : ''}`)
      : null;
    const mine = h('div', { class: 'st-player bottom' },
      h('div', { class: 'st-player-name' }, you === null || you === undefined ? ctx.seatName(model.bottom) : 'Your hand',
        prompt ? h('span', { class: 'st-prompt' }, prompt) : null, tacticNote),
      h('div', { class: ['st-hand', 'my-hand', interactive && (offer.plays.size || offer.ruses.size || offer.returns.size) && 'active'], 'aria-label': 'Your hand', style: { '--n': String(Math.max(handCards.length, 6)) } }, handCards),
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
    const flags = model.battleLine ? 'flags' : 'stones';
    const finalNote = finalClaimsNote(model);
    const score = h('div', { class: 'st-score', 'aria-label': 'Stones won' }, previous,
      finalNote ? h('span', { class: 'st-final-claims', role: 'status' }, finalNote) : null,
      h('span', {}, `${model.battleLine ? 'Flags' : 'Stones'}: ${bottomName} ${wonCount(model.bottom)} – ${wonCount(model.top)} ${ctx.seatName(model.top)}`),
      match || h('span', { class: 'muted small' }, `3 adjacent or any 5 ${flags} win`));

    replace(board, opponent, score, h('div', { class: 'st-stones' }, columns), mine);
    board.classList.toggle('choosing', Boolean(selected || picked));
    board.classList.toggle('battle-line', model.battleLine);
    board.dataset.phase = model.phase || '';
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
