// Knock-Out Whist: the other players around the top, the trick in the middle, the own hand at
// the bottom. Playable cards are buttons (the rest dimmed); trump choice and votes are suit
// buttons; a mercy player gets a "Hold" button. Everything clickable comes from the `legal`
// notation list: `play QS`, `hold`, `trump H`, `vote D`.
//
// Every text is in the page's language (knock-out-whist.strings.js). The log contract, called
// by table.js and replay.js for every log line and the result panel (they show the server's
// English `text` when these return ''):
// - `describe(entry, ctx)`: `entry = { text, event }`, `event` as the crate serialises it
//   (`{"type": "played", "seat": 1, "card": "QS"}`, crates/knock-out-whist/src/event.rs);
//   `ctx = { seatName(seat), isYou(seat), table, you }`. Returns the line with cards as rank
//   and suit symbol ("Ada played 10♠", "Du spielst Q♥"), or '' for an event it cannot read.
// - `reasonText(reason, ctx)`: `reason = { code, text }` with the codes `sweep`, `last-round`,
//   `last-player-standing` (crates/knock-out-whist/src/lib.rs); '' for anything else.
// Both are pure (no DOM): node tests them (web-tests/tests/i18n-games-st-kw.test.mjs), as is
// `actionText(action)`, one legal action in words for the hint panel (action-text.test.mjs).

import { h, replace, loadStyle } from '../js/dom.js';
import { playingCardSvg, cardBackSvg, cardElement, suitIcon, SUITS, relabel } from '../js/cards.js';
import { tr, lang } from '../js/i18n.js';
import { STRINGS } from './knock-out-whist.strings.js';

const SUIT_ORDER = ['S', 'H', 'C', 'D']; // alternating colours in the hand
const RANKS = '23456789TJQKA';

const t = (key, params) => tr(STRINGS, key, params);

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

/** A card in words: `QH` → "queen of hearts" / "Herz-Dame". */
export function cardName(code) {
  const c = parseCard(code);
  if (!c) return String(code);
  const rank = /[AKQJT]/.test(c.rank) ? t(`rank.${c.rank}`) : c.rank;
  return t('card.name', { rank, suit: suitWord(c.suit) });
}

/** A card as rank and suit symbol, for the log: `TS` → "10♠", `QH` → "Q♥". */
export function cardShort(code) {
  const c = parseCard(code);
  if (!c) return String(code);
  const rank = /[AKQJT]/.test(c.rank) ? t(`short.${c.rank}`) : c.rank;
  return `${rank}${SUITS[c.suit].symbol}`;
}

/** A suit's name ("spades" / "Pik"). */
export function suitWord(suit) {
  return SUITS[suit] ? t(`suit.${suit}`) : String(suit);
}

// A suit in the log: symbol and name, "♠ spades" / "♠ Pik".
const suitText = (suit) => (SUITS[suit] ? `${SUITS[suit].symbol} ${suitWord(suit)}` : '');

// Names an SVG card face in the page's language (cards.js labels faces in English).
function faceCard(code, options = {}) {
  const c = parseCard(code);
  if (!c) return cardElement(cardBackSvg('french', t('card.hidden')), options);
  const el = cardElement(relabel(playingCardSvg(c.suit, c.rank), cardName(c.code)), options);
  el.dataset.card = c.code;
  return el;
}

/** What is at stake when the viewer is asked to choose secretly (the banner says it). */
export function stake({ legal }) {
  return offers(legal || []).votes.length ? t('stake') : '';
}

/** What the result's scores mean, for the result panel. */
export function scoreNote() {
  return t('score.note');
}

// ---- the log --------------------------------------------------------------------------------------

const isSeat = (x) => Number.isInteger(x) && x >= 0;

/** The key, or its `.self` variant when `seat` is the viewer's and the language has one. */
function own(key, seat, ctx) {
  const self = `${key}.self`;
  const here = STRINGS[lang()] || STRINGS.en;
  return ctx && typeof ctx.isYou === 'function' && ctx.isYou(seat) && self in here ? self : key;
}

const nameOf = (seat, ctx) => (ctx && typeof ctx.seatName === 'function' ? ctx.seatName(seat) : `Seat ${seat + 1}`);

function say(key, seat, ctx, params = {}) {
  return t(own(key, seat, ctx), { who: nameOf(seat, ctx), ...params });
}

// "Ada, Bob and you": the viewer lower-cased where the list does not start with them.
function seatList(seats, ctx) {
  const names = seats.map((seat, i) => {
    const name = nameOf(seat, ctx);
    return i > 0 && ctx && typeof ctx.isYou === 'function' && ctx.isYou(seat) ? name.toLowerCase() : name;
  });
  return names.length > 1 ? `${names.slice(0, -1).join(', ')}${t('log.and')}${names[names.length - 1]}` : names.join('');
}

const andList = (words) => (words.length > 1 ? `${words.slice(0, -1).join(', ')}${t('log.and')}${words[words.length - 1]}` : words.join(''));
const isSuit = (x) => Boolean(SUITS[x]);

const LINES = {
  dealt: (e, ctx) => {
    if (!isSeat(e.dealer)) return '';
    const line = say('log.dealt', e.dealer, ctx, { round: e.round, n: e.cards_per_hand });
    return Array.isArray(e.hand) && e.hand.length ? line + t('log.hand', { hand: sortHand(e.hand).map((c) => cardShort(c.code)).join(' ') }) : line;
  },
  'trump-turned': (e) => parseCard(e.card) && t('log.trump-turned', { card: cardShort(e.card), suit: suitText(parseCard(e.card).suit) }),
  'trump-kept': (e) => isSuit(e.suit) && t('log.trump-kept', { suit: suitText(e.suit) }),
  'no-trump': (e) => t('log.no-trump', { round: e.round }),
  'most-tricks': (e, ctx) => {
    if (!isSeat(e.seat)) return '';
    const tied = Array.isArray(e.tied) ? e.tied : [];
    if (tied.length > 1) return say('log.tied', e.seat, ctx, { list: seatList(tied, ctx), n: e.tricks });
    return say('log.most-tricks', e.seat, ctx, { n: e.tricks });
  },
  'vote-opened': (e, ctx) => {
    const voters = Array.isArray(e.voters) ? e.voters : [];
    if (!voters.length) return '';
    if (voters.length === 1) return say('log.vote-opened', voters[0], ctx, { list: seatList(voters, ctx), many: false });
    return t('log.vote-opened', { list: seatList(voters, ctx), many: true });
  },
  voted: (e, ctx) => (isSeat(e.seat) ? (isSuit(e.suit) ? say('log.voted', e.seat, ctx, { suit: suitText(e.suit) }) : say('log.voted-hidden', e.seat, ctx)) : ''),
  'vote-resolved': (e, ctx) => {
    const votes = Array.isArray(e.votes) ? e.votes : [];
    const leading = Array.isArray(e.leading) ? e.leading.filter(isSuit) : [];
    if (!leading.length) return '';
    const list = votes.map((v) => `${nameOf(v.seat, ctx)} ${suitText(v.suit)}`).join(', ');
    return leading.length === 1 ? t('log.vote-resolved', { list, suit: suitText(leading[0]) }) : t('log.vote-tied', { list, suits: andList(leading.map(suitText)) });
  },
  'trump-chosen': (e, ctx) => isSeat(e.seat) && isSuit(e.suit) && say('log.trump-chosen', e.seat, ctx, { suit: suitText(e.suit) }),
  played: (e, ctx) => isSeat(e.seat) && parseCard(e.card) && say('log.played', e.seat, ctx, { card: cardShort(e.card) }),
  held: (e, ctx) => isSeat(e.seat) && say('log.held', e.seat, ctx),
  'trick-won': (e, ctx) => isSeat(e.seat) && parseCard(e.card) && say('log.trick-won', e.seat, ctx, { trick: e.trick, card: cardShort(e.card) }),
  'back-in': (e, ctx) => isSeat(e.seat) && say('log.back-in', e.seat, ctx),
  mercy: (e, ctx) => isSeat(e.seat) && say('log.mercy', e.seat, ctx),
  'knocked-out': (e, ctx) => isSeat(e.seat) && say('log.knocked-out', e.seat, ctx, { round: e.round }),
  sweep: (e, ctx) => isSeat(e.seat) && say('log.sweep', e.seat, ctx, { round: e.round }),
  'game-over': (e, ctx) => isSeat(e.winner) && say('log.game-over', e.winner, ctx),
};

/** The log line of `entry.event` in the page's language, cards as rank and symbol; '' if unreadable. */
export function describe(entry, ctx) {
  const e = entry && entry.event;
  const line = e && typeof e === 'object' ? LINES[e.type] : null;
  if (!line) return '';
  try {
    return line(e, ctx) || '';
  } catch {
    return '';
  }
}

/** The game's end reason (`{code, text}`) as a line in the page's language, '' if unknown. */
export function reasonText(reason, ctx) {
  const code = reason && reason.code;
  if (!['sweep', 'last-round', 'last-player-standing'].includes(code)) return '';
  const text = String(reason.text || '');
  const seat = /\bseat (\d+)/.exec(text);
  const places = ctx && ctx.table && ctx.table.outcome && ctx.table.outcome.places;
  const winner = seat ? Number(seat[1]) : Array.isArray(places) ? places.indexOf(1) : -1;
  const round = /\bround (\d+)/.exec(text);
  if (winner < 0 || (code !== 'last-round' && !round)) return '';
  return say(`reason.${code}`, winner, ctx, { round: round ? Number(round[1]) : '' });
}

/** One legal action in notation (`play QH`, `trump H`, `vote D`, `hold`) as a short phrase in
 *  the page's language for the hint panel ("Play queen of hearts" / "Herz-Dame spielen"); ''
 *  for anything it cannot read. `state` (`{ view, legal, you, table }`) is not needed. */
export function actionText(action) {
  const [word, arg, extra] = String(action || '').trim().split(/\s+/);
  if (extra !== undefined) return '';
  const w = (word || '').toLowerCase();
  if (w === 'hold') return arg === undefined ? t('hint.hold') : '';
  if (w === 'play') return parseCard(arg) ? t('hand.play', { card: cardName(arg) }) : '';
  const suit = String(arg || '').toUpperCase();
  if (!SUITS[suit] || suit.length !== 1) return '';
  if (w === 'trump') return t('hint.trump', { suit: suitWord(suit) });
  if (w === 'vote') return t('hint.vote', { suit: suitWord(suit) });
  return '';
}

/** What to do now when the viewer is asked (the banner says it, and the board above the hand). */
export function prompt({ view, legal }) {
  const offer = offers(legal);
  const trick = (view && view.trick) || { plays: [] };
  if (offer.trumps.length) return t('prompt.trump');
  if (offer.votes.length) return t('prompt.vote');
  if (!offer.plays.size) return '';
  if (offer.hold) return t('prompt.mercy');
  const led = trick.led;
  if (led && [...offer.plays].every((c) => c.endsWith(led))) return t('prompt.follow', { suit: t(`suit.one.${led}`) });
  return trick.plays && trick.plays.length === 0 ? t('prompt.lead') : t('prompt.play');
}

/** Draws Knock-Out Whist: see registry.js for the contract. */
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

    // A line naming `seat`, in its `.self` form when that is the viewer.
    const about = (key, seat, params) => t(me !== null && seat === me && `${key}.self` in (STRINGS[lang()] || {}) ? `${key}.self` : key, { name: ctx.seatName(seat), ...params });
    const playerBox = (seat, where) => {
      const p = players.find((x) => x.seat === seat) || { seat, standing: 'in', cards: 0, tricks: 0 };
      const badges = [];
      if (seat === v.dealer) badges.push(h('span', { class: 'kw-chip dealer', title: t('dealer') }, t('dealer.chip')));
      if (p.standing === 'mercy') badges.push(h('span', { class: 'kw-chip mercy', title: t('mercy.title') }, t('mercy')));
      if (p.standing === 'out') badges.push(h('span', { class: 'kw-chip out' }, p.out_round ? t('out.round', { round: p.out_round }) : t('out')));
      if (p.place === 1) badges.push(h('span', { class: 'kw-chip winner' }, t('winner')));
      const backs = where === 'top' ? h('div', { class: 'kw-backs', 'aria-hidden': 'true' },
        Array.from({ length: Math.min(p.cards || 0, 8) }, () => cardElement(cardBackSvg('french', t('card.hidden'))))) : null;
      const tricks = p.standing === 'out' ? null : h('div', { class: 'kw-tricks', title: t('tricks.title', { tricks: t('tricks', { n: p.tricks || 0 }) }) },
        Array.from({ length: p.tricks || 0 }, () => h('span', { class: 'kw-trick-pip', 'aria-hidden': 'true' })),
        h('span', { class: 'kw-trick-count' }, t('tricks', { n: p.tricks || 0 })));
      return h('div', { class: ['kw-player', where, `standing-${p.standing}`, toAct.has(seat) && 'to-act'], dataset: { seat }, 'aria-label': t('player.label', {
        name: ctx.seatName(seat), cards: t('cards', { n: p.cards || 0 }), tricks: t('tricks', { n: p.tricks || 0 }),
        standing: p.standing === 'mercy' || p.standing === 'out' ? t(`standing.${p.standing}`) : '',
      }) },
        h('div', { class: 'kw-player-head' }, h('span', { class: 'kw-name' }, ctx.seatName(seat)), badges),
        backs,
        h('div', { class: 'kw-player-foot' }, where === 'top' ? h('span', { class: 'small kw-cards' }, t('cards', { n: p.cards || 0 })) : null, tricks));
    };

    // Round and trump.
    const trump = v.trump;
    const trumpBox = h('div', { class: 'kw-trump' },
      h('span', { class: 'kw-label' }, t('trump')),
      trump
        ? h('span', { class: ['kw-trump-suit', SUITS[trump] && SUITS[trump].red && 'red'], 'aria-label': t('trump.label', { suit: suitWord(trump) }) }, suitIcon(trump, 26), h('span', {}, suitWord(trump)))
        : h('span', { class: 'kw-trump-suit none' }, v.trump_from === 'no-trump' ? t('trump.none') : '?'),
      h('span', { class: 'kw-label small' }, v.trump_from && `from.${v.trump_from}` in STRINGS.en ? t(`from.${v.trump_from}`) : ''),
      v.turned ? faceCard(v.turned, { classes: ['kw-turned'], title: t('turned.title', { card: cardName(v.turned) }) }) : null);
    const roundBox = h('div', { class: 'kw-round' },
      h('strong', {}, t('round', { round: v.round || 1 })), h('span', { class: 'muted' }, t('round.of', { rounds: v.rounds || '?' })),
      h('div', { class: 'small' }, t('round.cards', { n: v.cards_per_hand })));

    // The trick: the current one, or the last finished one while the next is not led yet.
    const trick = v.trick || { plays: [] };
    const finished = v.tricks || [];
    const showingLast = (!trick.plays || trick.plays.length === 0) && finished.length > 0;
    const shown = showingLast ? finished[finished.length - 1] : trick;
    const plays = shown.plays || [];
    const fresh = !showingLast && plays.length > seenPlays;
    const trickCards = plays.map((play, i) =>
      h('div', { class: ['kw-play', play.seat === shown.winner && 'winning', fresh && i === plays.length - 1 && 'fresh'] },
        play.card ? faceCard(play.card) : h('div', { class: 'card kw-held' }, h('span', {}, t('held'))),
        h('span', { class: 'kw-play-name' }, (ctx.shortName || ctx.seatName)(play.seat))));
    seenPlays = showingLast ? 0 : plays.length;
    let trickNote = '';
    if (showingLast) trickNote = about('trick.last', shown.winner);
    else if (plays.length === 0) trickNote = v.phase === 'play' ? about('trick.lead', trick.leader) : '';
    else if (shown.winner !== null && shown.winner !== undefined) trickNote = about(v.phase === 'over' ? 'trick.took-last' : 'trick.winning', shown.winner);
    const trickBox = h('div', { class: ['kw-trick', showingLast && 'past'], 'aria-label': t('trick.label') },
      h('div', { class: 'kw-trick-cards' }, trickCards.length ? trickCards : h('div', { class: 'kw-trick-empty' }, v.phase === 'over' ? t('game.over') : '')),
      trickNote ? h('div', { class: 'kw-trick-note small' }, trickNote) : null);

    // Choices: trump, vote, hold.
    const choices = [];
    if (offer.trumps.length) {
      choices.push(h('div', { class: 'kw-choice' }, h('span', { class: 'kw-choice-title' }, t('choose.trump')),
        offer.trumps.map((suit) => h('button', { type: 'button', class: 'btn kw-suit', dataset: { action: `trump ${suit}` }, onclick: () => ctx.act(`trump ${suit}`), 'aria-label': t('choose.trump.label', { suit: suitWord(suit) }) }, suitIcon(suit, 20), suitWord(suit)))));
    }
    if (offer.votes.length) {
      choices.push(h('div', { class: 'kw-choice' }, h('span', { class: 'kw-choice-title' }, t('choose.vote')),
        offer.votes.map((suit) => h('button', { type: 'button', class: 'btn kw-suit', dataset: { action: `vote ${suit}` }, onclick: () => ctx.act(`vote ${suit}`), 'aria-label': t('choose.vote.label', { suit: suitWord(suit) }) }, suitIcon(suit, 20), suitWord(suit)))));
    }
    if (offer.hold) {
      choices.push(h('div', { class: 'kw-choice' },
        h('button', { type: 'button', class: 'btn primary', dataset: { action: 'hold' }, onclick: () => ctx.act('hold') }, t('button.hold'))));
    }
    if (v.vote && me !== null) {
      const voted = new Set(v.vote.voted || []);
      const line = v.vote.votes
        ? t('votes.all', { list: v.vote.votes.map((x) => `${ctx.seatName(x.seat)} ${suitWord(x.suit)}`).join(', ') })
        : t('votes.count', { n: voted.size, of: (v.vote.voters || []).length }) + (v.vote.mine ? t('votes.mine', { suit: suitWord(v.vote.mine) }) : '');
      choices.push(h('div', { class: 'kw-vote-status small' }, line));
    }

    // The own hand.
    let hand = null;
    if (me !== null) {
      const cards = sortHand(v.hand || []);
      const anyPlay = offer.plays.size > 0;
      hand = h('div', { class: 'kw-me' },
        h('div', { class: ['kw-hand', anyPlay && 'active'], 'aria-label': t('hand.label'), style: { '--n': String(Math.max(cards.length, 5)) } },
          cards.length
            ? cards.map((c) => {
              const playable = offer.plays.has(c.code);
              const isTrump = trump && c.suit === trump;
              const classes = [anyPlay && !playable && 'dimmed', isTrump && 'trump'];
              return faceCard(c.code, playable ? { onclick: () => ctx.act(`play ${c.code}`), actionLabel: t('hand.play', { card: cardName(c.code) }), classes } : { classes });
            })
            : h('div', { class: 'kw-hand-empty muted' }, players.find((p) => p.seat === me)?.standing === 'out' ? t('hand.out') : t('hand.empty'))),
        playerBox(me, 'bottom'));
    }

    const asked = interactive && legal.length ? prompt({ view: v, legal }) : '';

    replace(board,
      h('div', { class: 'kw-top' }, roundBox, trumpBox),
      h('div', { class: 'kw-others' }, order.map((seat) => playerBox(seat, 'top'))),
      trickBox,
      asked ? h('div', { class: 'kw-prompt' }, asked) : null,
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
