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
//
// Every text is in the page's language (schotten-totten.strings.js). The log in words —
// `describe(entry, ctx)` for a log line and `reasonText(reason, ctx)` for the end reason, both
// '' when they cannot read their input so the caller shows the server's text — and
// `actionText(action, state)`, one legal action in words for the hint panel, live in
// schotten-totten.log.js (pure, tested in node) and are re-exported here.

import { h, s, replace, loadStyle } from '../js/dom.js';
import { clanCardSvg, cardBackSvg, cardElement, CLAN_COLOURS, relabel } from '../js/cards.js';
import { STRINGS } from './schotten-totten.strings.js';
import { t, parseCard, isTactic, tacticName, tacticWhat, cardLabel as labelOf, describeFormation, formationName } from './schotten-totten.log.js';

export { parseCard, tacticName, describeFormation, formationName, describe, reasonText, actionText } from './schotten-totten.log.js';

const STONES = 9;
const STONE_PATH = 'M14 58 C4 50 4 30 14 18 C22 8 40 4 56 6 C74 8 92 16 95 32 C98 48 88 62 70 65 C52 68 26 68 14 58 Z';
const RUSES = new Set(['recruiter', 'strategist', 'banshee', 'traitor']);

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

// ---- drawing ---------------------------------------------------------------------------------

let battleLineNames = false; // set per draw: Battle Line names the tactic cards its own way

const cardLabel = (code) => labelOf(code, battleLineNames);

// A word of an SVG face is shrunk to the card's width rather than cut off: German names
// ("Schlammschlacht", "Gefährten-Reiterei") are longer than the card.
function fitText(attrs, text, charWidth, room = 84) {
  const wide = text.length * charWidth > room;
  return s('text', wide ? { ...attrs, textLength: room, lengthAdjust: 'spacingAndGlyphs' } : attrs, text);
}

/** The face of a tactic card: its name, what it does, a badge by family. */
function tacticCardSvg(code) {
  const name = tacticName(code, battleLineNames);
  const title = name.replace(/\u00ad/g, '');
  const what = tacticWhat(code, battleLineNames);
  const family = RUSES.has(code) ? 'ruse' : code === 'mud' || code === 'bluff' ? 'mode' : 'elite';
  const fill = { elite: '#7b5b2e', mode: '#3f5f7a', ruse: '#6b3f6e' }[family];
  // One word a line; a long word breaks after its hyphen or soft hyphen ("Schlamm-schlacht").
  const words = name.split(/\s+|(?<=[-\u00ad])/).filter(Boolean).map((w) => w.replace(/\u00ad$/, '-'));
  return s('svg', { class: 'card-svg', viewBox: '0 0 100 150', role: 'img', 'aria-label': `${title}: ${what}`, focusable: 'false' },
    s('title', {}, `${title}: ${what}`),
    s('rect', { x: 1, y: 1, width: 98, height: 148, rx: 9, fill, stroke: '#2a2419', 'stroke-width': 2 }),
    s('rect', { x: 7, y: 7, width: 86, height: 136, rx: 6, fill: '#fbf5e6' }),
    s('rect', { x: 7, y: 7, width: 86, height: 24, rx: 6, fill, opacity: 0.85 }),
    fitText({ x: 50, y: 25, 'text-anchor': 'middle', class: 'st-tactic-family', fill: '#fff' }, t(`family.${family}`), 8.5, 80),
    ...words.map((w, i) => fitText({ x: 50, y: 70 + i * 20, 'text-anchor': 'middle', class: 'st-tactic-name', fill: '#2a2419' }, w, 9)));
}

/** Names an SVG card face in the page's language (cards.js labels faces in English). */
function faceCard(code, options = {}) {
  const c = parseCard(code);
  if (!c && isTactic(code)) {
    const el = cardElement(tacticCardSvg(code), options);
    el.dataset.card = code;
    el.classList.add('tactic');
    return el;
  }
  if (!c) return cardElement(cardBackSvg('clan', t('hand.hidden')), options);
  const el = cardElement(relabel(clanCardSvg(c.colour, c.value), cardLabel(c.code)), options);
  el.dataset.card = c.code;
  return el;
}

const back = (kind) => cardElement(cardBackSvg(kind, t(kind === 'tactic' ? 'hand.hidden-tactic' : 'hand.hidden')));

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

/** What to do now when it is the viewer's turn (the banner says it). */
export function prompt({ view, legal, you }) {
  return promptFor(normalize(view, you).phase, offers(legal));
}

/** What to click next, in words (the steps of a ruse and the tactics draw included). */
export function promptFor(phase, offer, { selected, picked, recruit } = {}) {
  if (selected) return t('prompt.play-at', { card: cardLabel(selected) });
  if (picked) return t(offer.discards.has(picked) ? 'prompt.move-or-discard' : 'prompt.move', { card: cardLabel(picked) });
  const name = (code) => tacticName(code, battleLineNames);
  switch (phase) {
    case 'draw': return t('prompt.draw');
    case 'recruit':
      if (offer.draws.size) return t('prompt.recruit-draw', { name: name('recruiter'), n: recruit ? recruit.draws : 1 });
      return t('prompt.recruit-return', { name: name('recruiter'), n: recruit ? recruit.returns : 1 });
    case 'strategist': return t('prompt.strategist', { name: name('strategist') });
    case 'banshee': return t('prompt.banshee', { name: name('banshee') });
    case 'traitor': return t('prompt.traitor', { name: name('traitor') });
    default: break;
  }
  if (offer.plays.size || offer.ruses.size) return t(offer.claims.size ? 'prompt.claim-or-play' : 'prompt.play');
  if (offer.claims.size) return t('prompt.claim-or-finish');
  return '';
}

/** The notice of the final claim turns (ST-31), or '' outside them: how many are left. */
export function finalClaimsNote(model) {
  if (model.phase !== 'final-claims' || model.finalClaimTurns === null) return '';
  const turns = model.finalClaimTurns === 1 ? t('final.last') : t('final.left', { n: model.finalClaimTurns });
  return t('final.note', { turns });
}

/** What the result's scores mean (ST-32), for the result panel. */
export function scoreNote(table) {
  const config = (table && table.config) || {};
  return t('score.note', { loser: t(config['iello-scoring'] ? 'score.loser.iello' : 'score.loser.plain') });
}

// What an elite troop was fixed to (ST-42), on the card: the value in its colour; the name in
// words is the badge's tooltip (a full "= yellow 7" would not fit under a narrow card).
function resolvedBadge(stands) {
  const c = parseCard(stands);
  const colour = c && CLAN_COLOURS[c.colour] ? CLAN_COLOURS[c.colour].dark : undefined;
  return h('span', { class: 'st-resolved', title: `= ${cardLabel(stands)}`, style: colour ? { color: colour } : undefined }, `= ${c ? c.value : cardLabel(stands)}`);
}

/** Draws Schotten-Totten: see registry.js for the contract. */
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
                actionLabel: t(model.phase === 'banshee' ? 'side.discard' : 'side.take', { card: cardLabel(code), n: stone + 1 }),
                onclick: () => (model.phase === 'banshee' ? ctx.act(`discard ${code}`) : pickTableCard(code)),
              }
            : { classes, title: stands ? t('side.counted-as', { card: cardLabel(code), as: cardLabel(stands) }) : undefined };
          const el = faceCard(code, options);
          if (takeable) el.dataset.take = code;
          if (!stands) return el;
          return h('div', { class: 'st-elite', dataset: { resolved: stands } }, el, resolvedBadge(stands));
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
      const stoneText = owner === null ? t('stone.label', { n: number })
        : owner === model.bottom && you !== null && you !== undefined ? t('stone.yours', { n: number }) : t('stone.won-by', { n: number, name: ctx.seatName(owner) });
      const moving = selected || picked;
      const stone = target
        ? h('button', { type: 'button', class: stoneClasses, onclick: () => ctx.act(toward(number)), 'aria-label': t(selected ? 'stone.play' : 'stone.move', { card: cardLabel(moving), n: number }), dataset: { stone: number } }, stoneSvg(number, owner, tint))
        : h('div', { class: stoneClasses, role: 'img', 'aria-label': stoneText, dataset: { stone: number } }, stoneSvg(number, owner, tint));
      // Who owns a claimed stone, not by colour alone: an arrow toward the owner's side.
      const mineHere = owner === model.bottom;
      const marker = owner === null ? null : h('span', { class: ['st-owner', mineHere ? 'mine' : 'theirs'], 'aria-hidden': 'true', title: stoneText, dataset: { owner: mineHere ? 'bottom' : 'top' } }, mineHere ? [h('span', { class: 'st-flag' }, '⚑'), '▼'] : ['▲', h('span', { class: 'st-flag' }, '⚑')]);
      // A full side of the player's that cannot be claimed now: "?" asks the engine, whose
      // refusal (shown by the table) says why — a proof that does not hold yet, the timing.
      const why = !claimable && interactive && legal.length > 0 && owner === null
        && st.sides[model.bottom].length >= st.capacity;
      const claim = claimable
        ? h('button', { type: 'button', class: 'st-claim', onclick: () => ctx.act(`claim ${number}`), 'aria-label': t('claim.label', { n: number }), dataset: { claim: number } }, t('claim'))
        : why
          ? h('button', { type: 'button', class: 'st-claim why', onclick: () => ctx.act(`claim ${number}`), 'aria-label': t('claim.why', { n: number }), title: t('claim.why', { n: number }), dataset: { why: number } }, '?')
          : null;
      // Combat modes lie on the stone (ST-43, ST-44).
      const modes = st.modes.length
        ? h('div', { class: 'st-modes' }, st.modes.map((code) => h('span', { class: ['st-mode', code], dataset: { mode: code }, title: `${tacticName(code, model.battleLine)}: ${tacticWhat(code, model.battleLine)}` }, tacticName(code, model.battleLine))))
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
        let label = selected === code ? t('hand.chosen', { card: cardLabel(code) }) : cardLabel(code);
        if (offer.returns.has(code)) {
          onclick = () => ctx.act(`return ${code}`);
          label = t('hand.put-back', { card: cardLabel(code) });
        } else if (offer.ruses.has(code)) {
          onclick = () => ctx.act(`play ${code}`);
          label = t('hand.play', { card: cardLabel(code) });
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
        ...Array.from({ length: Math.max(0, model.handCounts[model.bottom] - bottomRevealed.length - bottomTactics) }, () => back('clan')),
        ...Array.from({ length: bottomTactics }, () => back('tactic')),
      ];
    }

    const buttons = [];
    if (offer.pass) buttons.push(h('button', { type: 'button', class: 'btn primary', dataset: { action: 'pass' }, onclick: () => ctx.act('pass') }, t(model.phase === 'final-claims' ? 'button.pass-final' : model.tactics ? 'button.pass-tactics' : 'button.pass')));
    if (offer.done) buttons.push(h('button', { type: 'button', class: 'btn primary', dataset: { action: 'done' }, onclick: () => ctx.act('done') }, t('button.done')));
    for (const pile of ['clan', 'tactic']) {
      if (offer.draws.has(pile)) buttons.push(h('button', { type: 'button', class: 'btn primary', dataset: { action: `draw ${pile}` }, onclick: () => ctx.act(`draw ${pile}`) }, t(pile === 'tactic' ? 'button.draw-tactic' : model.battleLine ? 'button.draw-troop' : 'button.draw-clan')));
    }
    if (picked && offer.discards.has(picked)) buttons.push(h('button', { type: 'button', class: 'btn', dataset: { action: 'discard' }, onclick: () => ctx.act(`discard ${picked}`) }, t('button.discard', { card: cardLabel(picked) })));

    const prompt = interactive && legal.length ? promptFor(model.phase, offer, { selected, picked, recruit: model.recruit }) : '';

    const pileCard = (kind, count, what) => {
      const canDraw = offer.draws.has(kind);
      const face = count > 0 ? cardElement(cardBackSvg(kind, t('pile.back', { what, n: count })), canDraw ? { onclick: () => ctx.act(`draw ${kind}`), actionLabel: t('pile.draw', { what }), classes: ['drawable'] } : {}) : h('div', { class: 'card st-pile-empty' });
      return h('div', { class: ['st-pile', kind], title: t('pile.title', { what, n: count }), dataset: { pile: kind } }, face, h('span', { class: 'st-pile-count' }, t('pile.left', { n: count })));
    };
    const piles = model.pile === null ? [] : [pileCard('clan', model.pile, t(model.battleLine ? 'pile.troop' : 'pile.clan'))];
    if (model.tactics) {
      piles.push(pileCard('tactic', model.tacticPile, t('pile.tactic')));
      piles.push(h('div', { class: 'st-discard', 'aria-label': t('discard.label'), dataset: { discard: model.discard.join(' ') } },
        h('span', { class: 'muted small' }, t('discard.title')),
        h('div', { class: 'st-discard-cards' }, model.discard.length ? model.discard.map((code) => faceCard(code, { title: cardLabel(code) })) : h('span', { class: 'muted small' }, t('discard.empty')))));
    }

    const played = (seat) => model.played[seat] ? model.played[seat].length : 0;
    const opponent = h('div', { class: 'st-player top' },
      h('div', { class: 'st-player-info' },
        h('div', { class: 'st-player-name' }, ctx.seatName(model.top)),
        h('div', { class: 'muted small' }, t('hand.count', { n: model.handCounts[model.top] }) + (topTactics ? t('hand.count-tactic', { n: topTactics }) : '') + (model.tactics ? t('hand.tactics-played', { n: played(model.top) }) : '')),
        h('div', { class: 'st-hand small-hand', 'aria-label': t('hand.of', { name: ctx.seatName(model.top), n: model.handCounts[model.top] }) },
          topShown.map((code) => faceCard(code, { classes: ['revealed'], title: t(model.known.includes(code) ? 'hand.known' : 'hand.revealed', { card: cardLabel(code) }) })),
          Array.from({ length: topBacks }, () => back('clan')),
          Array.from({ length: topTactics }, () => back('tactic')))),
      h('div', { class: 'st-piles' }, piles));

    const tacticNote = model.tactics && you !== null && you !== undefined
      ? h('span', { class: 'muted small st-tactic-note' }, t('tactics.note', { mine: played(model.bottom), name: ctx.seatName(model.top), theirs: played(model.top) })
        + (model.tucked.length ? t('tactics.tucked', { cards: model.tucked.map(cardLabel).join(', ') }) : ''))
      : null;
    const mine = h('div', { class: 'st-player bottom' },
      h('div', { class: 'st-player-name' }, you === null || you === undefined ? ctx.seatName(model.bottom) : t('hand.yours'),
        prompt ? h('span', { class: 'st-prompt' }, prompt) : null, tacticNote),
      h('div', { class: ['st-hand', 'my-hand', interactive && (offer.plays.size || offer.ruses.size || offer.returns.size) && 'active'], 'aria-label': t('hand.yours'), style: { '--n': String(Math.max(handCards.length, 6)) } }, handCards),
      buttons.length ? h('div', { class: 'st-buttons' }, buttons) : null);

    const wonCount = (seat) => model.stones.filter((st) => st.owner === seat).length;
    const bottomName = ctx.seatName(model.bottom); // "You" / "Du" for the viewer
    const match = model.games > 1 && model.scores
      ? h('span', { class: 'st-match' }, t('score.match', { game: model.game, games: model.games, a: bottomName, x: model.scores[model.bottom], y: model.scores[model.top], b: ctx.seatName(model.top) }))
      : null;
    const prev = model.previous;
    const previous = prev && model.games > 1
      ? h('span', { class: 'small' }, t(prev.winner === model.bottom && you !== null && you !== undefined ? 'score.previous.self' : 'score.previous', {
        game: prev.game, name: ctx.seatName(prev.winner), reason: `win.${prev.reason}` in STRINGS.en ? t(`win.${prev.reason}`) : prev.reason,
      }))
      : null;
    const finalNote = finalClaimsNote(model);
    const tally = { a: bottomName, x: wonCount(model.bottom), y: wonCount(model.top), b: ctx.seatName(model.top) };
    const score = h('div', { class: 'st-score', 'aria-label': t('score.label') }, previous,
      finalNote ? h('span', { class: 'st-final-claims', role: 'status' }, finalNote) : null,
      h('span', {}, t(model.battleLine ? 'score.flags' : 'score.stones', tally)),
      match || h('span', { class: 'muted small' }, t(model.battleLine ? 'score.goal.bl' : 'score.goal')));

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
