// Knock-Out Whist: the other players around the top, the trick in the middle, the own hand at
// the bottom. Playable cards are buttons (the rest dimmed); trump choice and votes are suit
// buttons; a mercy player gets a "Hold" button. Everything clickable comes from the `legal`
// notation list: `play QS`, `hold`, `trump H`, `vote D`.

import { h, replace, loadStyle } from '../js/dom.js';
import { playingCardSvg, cardBackSvg, cardElement, suitIcon, SUITS, rankLabel } from '../js/cards.js';

const SUIT_ORDER = ['S', 'H', 'C', 'D']; // alternating colours in the hand
const RANKS = '23456789TJQKA';

/** `QS` → `{rank: 'Q', suit: 'S'}`; `10H` and `TH` both read as the ten. */
export function parseCard(text) {
  const m = /^(10|[2-9TJQKA])([CDHS])$/i.exec(String(text || '').trim());
  if (!m) return null;
  const rank = m[1] === '10' ? 'T' : m[1].toUpperCase();
  const suit = m[2].toUpperCase();
  return { rank, suit, code: `${rank}${suit}` };
}

/** What the legal notation list offers. */
export function offers(legal) {
  const plays = new Set();
  const trumps = [];
  const votes = [];
  let hold = false;
  for (const action of legal || []) {
    const [word, arg] = action.trim().split(/\s+/);
    const w = word.toLowerCase();
    if (w === 'play' && arg) {
      const c = parseCard(arg);
      if (c) plays.add(c.code);
    } else if (w === 'trump' && arg) trumps.push(arg.toUpperCase());
    else if (w === 'vote' && arg) votes.push(arg.toUpperCase());
    else if (w === 'hold') hold = true;
  }
  return { plays, trumps, votes, hold };
}

function sortHand(cards) {
  return cards
    .map(parseCard)
    .filter(Boolean)
    .sort((a, b) => SUIT_ORDER.indexOf(a.suit) - SUIT_ORDER.indexOf(b.suit) || RANKS.indexOf(a.rank) - RANKS.indexOf(b.rank));
}

function cardName(code) {
  const c = parseCard(code);
  if (!c) return code;
  const names = { A: 'ace', K: 'king', Q: 'queen', J: 'jack' };
  return `${names[c.rank] || rankLabel(c.rank)} of ${SUITS[c.suit].name}`;
}

function faceCard(code, options = {}) {
  const c = parseCard(code);
  if (!c) return cardElement(cardBackSvg('french'), options);
  const el = cardElement(playingCardSvg(c.suit, c.rank), options);
  el.dataset.card = c.code;
  return el;
}

function suitWord(suit) {
  return SUITS[suit] ? SUITS[suit].name : suit;
}

const TRUMP_FROM = {
  turned: 'turned up',
  chosen: 'chosen',
  voted: 'voted',
  fixed: 'fixed',
  'no-trump': 'no trump',
  pending: 'to be chosen',
};

/** Draws Knock-Out Whist: see registry.js for the contract. */
/** What is at stake when the viewer is asked to choose secretly (the banner says it). */
export function stake({ legal }) {
  if (offers(legal || []).votes.length) return 'vote for the next round\'s trump — the suit with most votes wins; nobody sees a vote before all are in';
  return '';
}

/** What the result's scores mean, for the result panel. */
export function scoreNote() {
  return 'Score: rounds survived — the winner has the round the game ended in, a player knocked out in round r has r − 1.';
}

export function mount(root, ctx) {
  loadStyle(new URL('./knock-out-whist.css', import.meta.url));
  const board = h('div', { class: 'kw-board' });
  root.append(board);
  let seenPlays = 0;

  function draw(state) {
    const { view, legal, you } = state;
    const v = view || {};
    const interactive = ctx.mode === 'play' && you !== null && you !== undefined;
    const offer = offers(interactive ? legal : []);
    const seats = v.seats || (v.players || []).length;
    const players = v.players || [];
    const toAct = new Set(v.to_act || []);
    const me = you === null || you === undefined ? null : you;

    // The others, clockwise from the player's left.
    const order = [];
    for (let k = 1; k <= seats; k++) {
      const seat = me === null ? k - 1 : (me + k) % seats;
      if (seat !== me) order.push(seat);
    }

    const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
    const playerBox = (seat, where) => {
      const p = players.find((x) => x.seat === seat) || { seat, standing: 'in', cards: 0, tricks: 0 };
      const badges = [];
      if (seat === v.dealer) badges.push(h('span', { class: 'kw-chip dealer', title: 'dealer' }, 'D'));
      if (p.standing === 'mercy') badges.push(h('span', { class: 'kw-chip mercy', title: 'on a mercy chance: one card, may hold' }, 'mercy'));
      if (p.standing === 'out') badges.push(h('span', { class: 'kw-chip out' }, p.out_round ? `out (round ${p.out_round})` : 'out'));
      if (p.place === 1) badges.push(h('span', { class: 'kw-chip winner' }, '★ winner'));
      const backs = where === 'top' ? h('div', { class: 'kw-backs', 'aria-hidden': 'true' },
        Array.from({ length: Math.min(p.cards || 0, 8) }, () => cardElement(cardBackSvg('french')))) : null;
      const tricks = p.standing === 'out' ? null : h('div', { class: 'kw-tricks', title: `${count(p.tricks || 0, 'trick', 'tricks')} this round` },
        Array.from({ length: p.tricks || 0 }, () => h('span', { class: 'kw-trick-pip', 'aria-hidden': 'true' })),
        h('span', { class: 'kw-trick-count' }, count(p.tricks || 0, 'trick', 'tricks')));
      return h('div', { class: ['kw-player', where, `standing-${p.standing}`, toAct.has(seat) && 'to-act'], dataset: { seat }, 'aria-label': `${ctx.seatName(seat)}: ${count(p.cards || 0, 'card', 'cards')}, ${count(p.tricks || 0, 'trick', 'tricks')}${p.standing !== 'in' ? `, ${p.standing}` : ''}` },
        h('div', { class: 'kw-player-head' }, h('span', { class: 'kw-name' }, ctx.seatName(seat)), badges),
        backs,
        h('div', { class: 'kw-player-foot' }, where === 'top' ? h('span', { class: 'small kw-cards' }, count(p.cards || 0, 'card', 'cards')) : null, tricks));
    };

    // Round and trump.
    const trump = v.trump;
    const trumpBox = h('div', { class: 'kw-trump' },
      h('span', { class: 'kw-label' }, 'Trump'),
      trump
        ? h('span', { class: ['kw-trump-suit', SUITS[trump] && SUITS[trump].red && 'red'], 'aria-label': `trump: ${suitWord(trump)}` }, suitIcon(trump, 26), h('span', {}, suitWord(trump)))
        : h('span', { class: 'kw-trump-suit none' }, v.trump_from === 'no-trump' ? 'none' : '?'),
      h('span', { class: 'kw-label small' }, TRUMP_FROM[v.trump_from] || ''),
      v.turned ? faceCard(v.turned, { classes: ['kw-turned'], title: `turned card: ${cardName(v.turned)}` }) : null);
    const roundBox = h('div', { class: 'kw-round' },
      h('strong', {}, `Round ${v.round || 1}`), h('span', { class: 'muted' }, ` of ${v.rounds || '?'}`),
      h('div', { class: 'small' }, `${v.cards_per_hand} ${v.cards_per_hand === 1 ? 'card' : 'cards'} each`));

    // The trick: the current one, or the last finished one while the next is not led yet.
    const trick = v.trick || { plays: [] };
    const finished = v.tricks || [];
    const showingLast = (!trick.plays || trick.plays.length === 0) && finished.length > 0;
    const shown = showingLast ? finished[finished.length - 1] : trick;
    const plays = shown.plays || [];
    const fresh = !showingLast && plays.length > seenPlays;
    const trickCards = plays.map((play, i) =>
      h('div', { class: ['kw-play', play.seat === shown.winner && 'winning', fresh && i === plays.length - 1 && 'fresh'] },
        play.card ? faceCard(play.card) : h('div', { class: 'card kw-held' }, h('span', {}, 'held')),
        h('span', { class: 'kw-play-name' }, ctx.seatName(play.seat))));
    seenPlays = showingLast ? 0 : plays.length;
    let trickNote = '';
    if (showingLast) trickNote = `Last trick: ${ctx.seatName(shown.winner)} won it`;
    else if (plays.length === 0) trickNote = v.phase === 'play' ? `${ctx.seatName(trick.leader)} to lead` : '';
    else if (shown.winner !== null && shown.winner !== undefined) trickNote = `${ctx.seatName(shown.winner)} ${v.phase === 'over' ? 'took the last trick' : 'is winning'}`;
    const trickBox = h('div', { class: ['kw-trick', showingLast && 'past'], 'aria-label': 'The trick' },
      h('div', { class: 'kw-trick-cards' }, trickCards.length ? trickCards : h('div', { class: 'kw-trick-empty' }, v.phase === 'over' ? 'Game over' : '')),
      trickNote ? h('div', { class: 'kw-trick-note small' }, trickNote) : null);

    // Choices: trump, vote, hold.
    const choices = [];
    if (offer.trumps.length) {
      choices.push(h('div', { class: 'kw-choice' }, h('span', { class: 'kw-choice-title' }, 'Choose trump:'),
        offer.trumps.map((suit) => h('button', { type: 'button', class: 'btn kw-suit', dataset: { action: `trump ${suit}` }, onclick: () => ctx.act(`trump ${suit}`), 'aria-label': `Trump ${suitWord(suit)}` }, suitIcon(suit, 20), suitWord(suit)))));
    }
    if (offer.votes.length) {
      choices.push(h('div', { class: 'kw-choice' }, h('span', { class: 'kw-choice-title' }, 'Vote for trump:'),
        offer.votes.map((suit) => h('button', { type: 'button', class: 'btn kw-suit', dataset: { action: `vote ${suit}` }, onclick: () => ctx.act(`vote ${suit}`), 'aria-label': `Vote ${suitWord(suit)}` }, suitIcon(suit, 20), suitWord(suit)))));
    }
    if (offer.hold) {
      choices.push(h('div', { class: 'kw-choice' },
        h('button', { type: 'button', class: 'btn primary', dataset: { action: 'hold' }, onclick: () => ctx.act('hold') }, 'Hold my card (sit this trick out)')));
    }
    if (v.vote && me !== null) {
      const voted = new Set(v.vote.voted || []);
      const line = v.vote.votes
        ? `Votes: ${v.vote.votes.map((x) => `${ctx.seatName(x.seat)} ${suitWord(x.suit)}`).join(', ')}`
        : `Trump vote: ${voted.size} of ${(v.vote.voters || []).length} voted${v.vote.mine ? ` (you: ${suitWord(v.vote.mine)})` : ''}`;
      choices.push(h('div', { class: 'kw-vote-status small' }, line));
    }

    // The own hand.
    let hand = null;
    if (me !== null) {
      const cards = sortHand(v.hand || []);
      const anyPlay = offer.plays.size > 0;
      hand = h('div', { class: 'kw-me' },
        h('div', { class: ['kw-hand', anyPlay && 'active'], 'aria-label': 'Your hand', style: { '--n': String(Math.max(cards.length, 5)) } },
          cards.length
            ? cards.map((c) => {
              const playable = offer.plays.has(c.code);
              const isTrump = trump && c.suit === trump;
              const classes = [anyPlay && !playable && 'dimmed', isTrump && 'trump'];
              return faceCard(c.code, playable ? { onclick: () => ctx.act(`play ${c.code}`), actionLabel: `Play ${cardName(c.code)}`, classes } : { classes });
            })
            : h('div', { class: 'kw-hand-empty muted' }, players.find((p) => p.seat === me)?.standing === 'out' ? 'You are knocked out — watch the rest.' : 'No cards')),
        playerBox(me, 'bottom'));
    }

    let prompt = '';
    if (interactive && legal.length) {
      if (offer.trumps.length) prompt = 'You took the most tricks: choose the trump suit.';
      else if (offer.votes.length) prompt = 'You are out, but you get a vote on the trump.';
      else if (offer.plays.size) {
        const led = trick.led;
        prompt = led && [...offer.plays].every((c) => c.endsWith(led)) ? `Follow suit: play a ${suitWord(led).replace(/s$/, '')}.` : offer.plays.size && trick.plays && trick.plays.length === 0 ? 'Your lead: play any card.' : 'Play a card.';
        if (offer.hold) prompt = 'Play your mercy card or hold it.';
      }
    }

    replace(board,
      h('div', { class: 'kw-top' }, roundBox, trumpBox),
      h('div', { class: 'kw-others' }, order.map((seat) => playerBox(seat, 'top'))),
      trickBox,
      prompt ? h('div', { class: 'kw-prompt' }, prompt) : null,
      choices.length ? h('div', { class: 'kw-choices' }, choices) : null,
      hand);
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
