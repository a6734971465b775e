// Cards drawn as SVG: Schotten-Totten clan cards, French playing cards and card backs.
// Every card scales with its container (CSS sets the width; the aspect ratio is 2:3).

import { h, s } from './dom.js';
import { t } from './strings.js';

/** The clan colours of Schotten-Totten, as the screen shows them. */
export const CLAN_COLOURS = {
  red: { fill: '#c8343a', dark: '#8e1f24', get label() { return t('colour.red'); } },
  blue: { fill: '#2b67b8', dark: '#1b437a', get label() { return t('colour.blue'); } },
  green: { fill: '#2f8d4a', dark: '#1d5c2f', get label() { return t('colour.green'); } },
  yellow: { fill: '#e2b01c', dark: '#9c7607', get label() { return t('colour.yellow'); } },
  purple: { fill: '#7d46a8', dark: '#512b70', get label() { return t('colour.purple'); } },
  brown: { fill: '#8c5a30', dark: '#5c3819', get label() { return t('colour.brown'); } },
};

const SUIT_PATHS = {
  H: 'M50 90 C22 68 4 50 4 30 C4 14 16 4 30 4 C39 4 46 9 50 17 C54 9 61 4 70 4 C84 4 96 14 96 30 C96 50 78 68 50 90 Z',
  D: 'M50 2 L88 50 L50 98 L12 50 Z',
  S: 'M50 3 C40 22 5 38 5 62 C5 76 16 85 28 85 C36 85 42 81 46 76 C45 86 40 92 31 97 L69 97 C60 92 55 86 54 76 C58 81 64 85 72 85 C84 85 95 76 95 62 C95 38 60 22 50 3 Z',
  C: 'M50 5 A21 21 0 0 1 66 40 A21 21 0 1 1 56 74 C57 85 61 91 69 97 L31 97 C39 91 43 85 44 74 A21 21 0 1 1 34 40 A21 21 0 0 1 50 5 Z',
};

/** Suit letters to names and colours. */
export const SUITS = {
  S: { get name() { return t('suit.S'); }, symbol: '♠', red: false },
  H: { get name() { return t('suit.H'); }, symbol: '♥', red: true },
  D: { get name() { return t('suit.D'); }, symbol: '♦', red: true },
  C: { get name() { return t('suit.C'); }, symbol: '♣', red: false },
};

const rankName = (r) => (['A', 'K', 'Q', 'J'].includes(r) ? t(`rank.${r}`) : r);

/** The rank as printed on a card (`T` → `10`). */
export function rankLabel(rank) {
  return String(rank) === 'T' ? '10' : String(rank);
}

/** A suit symbol as a small SVG, for buttons and labels. */
export function suitIcon(suit, size = 18) {
  const info = SUITS[suit];
  return s(
    'svg',
    { class: 'suit-icon', width: size, height: size, viewBox: '0 0 100 100', 'aria-hidden': 'true' },
    s('path', { d: SUIT_PATHS[suit], fill: info && info.red ? '#c0282d' : '#1d1d1d' }),
  );
}

function cardSvg(label, ...children) {
  return s(
    'svg',
    { class: 'card-svg', viewBox: '0 0 100 150', role: 'img', 'aria-label': label, focusable: 'false' },
    s('title', {}, label),
    ...children,
  );
}

/** Gives a card picture `svg` the name `label` (for screen readers and its tooltip). */
export function relabel(svg, label) {
  svg.setAttribute('aria-label', label);
  const title = svg.querySelector('title');
  if (title) title.textContent = label;
  return svg;
}

/** The face of a clan card (`colour` a key of CLAN_COLOURS, `value` 1–10). */
export function clanCardSvg(colour, value) {
  const c = CLAN_COLOURS[colour] || { fill: '#777', dark: '#444', label: colour };
  const label = `${c.label} ${value}`;
  const stripes = [];
  for (let i = 0; i < 4; i++) {
    stripes.push(s('rect', { x: 8, y: 20 + i * 34, width: 84, height: 5, fill: c.fill, opacity: 0.13 }));
    stripes.push(s('rect', { x: 14 + i * 22, y: 8, width: 5, height: 134, fill: c.fill, opacity: 0.1 }));
  }
  return cardSvg(
    label,
    s('rect', { x: 1, y: 1, width: 98, height: 148, rx: 9, fill: c.fill, stroke: c.dark, 'stroke-width': 2 }),
    s('rect', { x: 7, y: 7, width: 86, height: 136, rx: 6, fill: '#fbf5e6' }),
    ...stripes,
    s('circle', { cx: 50, cy: 78, r: 27, fill: c.fill, stroke: c.dark, 'stroke-width': 2 }),
    s('text', { x: 50, y: 92, 'text-anchor': 'middle', class: 'card-big', fill: '#fff' }, String(value)),
    s('text', { x: 14, y: 34, class: 'card-corner', fill: c.dark }, String(value)),
    s('text', { x: 86, y: 132, class: 'card-corner', fill: c.dark, 'text-anchor': 'end' }, String(value)),
  );
}

/** The face of a French playing card: `suit` one of S H D C, `rank` one of 2–9, T/10, J, Q, K, A. */
export function playingCardSvg(suit, rank) {
  const info = SUITS[suit] || { name: suit, red: false };
  const ink = info.red ? '#c0282d' : '#1d1d1d';
  const r = rankLabel(rank);
  const label = t('card.playing', { rank: rankName(r), suit: info.name });
  const face = ['J', 'Q', 'K'].includes(r);
  const suitAt = (x, y, size) =>
    s('path', { d: SUIT_PATHS[suit] || '', fill: ink, transform: `translate(${x} ${y}) scale(${size / 100})` });
  return cardSvg(
    label,
    s('rect', { x: 1, y: 1, width: 98, height: 148, rx: 9, fill: '#fffdf8', stroke: '#b9b2a2', 'stroke-width': 2 }),
    face ? s('rect', { x: 22, y: 30, width: 56, height: 90, rx: 4, fill: info.red ? '#fbe3e0' : '#e6e9f2', stroke: ink, 'stroke-width': 1.5 }) : null,
    s('text', { x: 8, y: 30, class: 'card-rank', fill: ink }, r),
    suitAt(9, 36, 17),
    s('g', { transform: 'rotate(180 50 75)' }, s('text', { x: 8, y: 30, class: 'card-rank', fill: ink }, r), suitAt(9, 36, 17)),
    face
      ? [
          s('text', { x: 50, y: 86, 'text-anchor': 'middle', class: 'card-face', fill: ink }, r),
          suitAt(40, 92, 20),
        ]
      : suitAt(25, 50, 50),
  );
}

/** A card back (`kind` chooses the pattern: `clan` or `french`). */
export function cardBackSvg(kind = 'clan', label = t('card.back')) {
  const base = kind === 'clan' ? '#2c4f3a' : '#24407a';
  const line = kind === 'clan' ? '#d9b44a' : '#f1f1f1';
  const lines = [];
  for (let i = -150; i < 150; i += 14) {
    lines.push(s('line', { x1: i, y1: 0, x2: i + 150, y2: 150, stroke: line, 'stroke-width': 2, opacity: 0.22 }));
    lines.push(s('line', { x1: i + 150, y1: 0, x2: i, y2: 150, stroke: line, 'stroke-width': 2, opacity: 0.22 }));
  }
  return cardSvg(
    label,
    s('rect', { x: 1, y: 1, width: 98, height: 148, rx: 9, fill: '#f4eedf', stroke: '#8c7f66', 'stroke-width': 2 }),
    s('svg', { x: 7, y: 7, width: 86, height: 136, viewBox: '0 0 100 150', preserveAspectRatio: 'none' },
      s('rect', { x: 0, y: 0, width: 100, height: 150, rx: 6, fill: base }),
      ...lines),
    s('rect', { x: 7, y: 7, width: 86, height: 136, rx: 6, fill: 'none', stroke: line, 'stroke-width': 2, opacity: 0.6 }),
  );
}

/**
 * A card in the page: a `<button>` when `onclick` is given (then `actionLabel` names the action
 * for screen readers), otherwise a plain element. `classes` add state (`selected`, `dimmed`, …).
 */
export function cardElement(svg, { onclick, actionLabel, classes = [], title } = {}) {
  const label = svg.getAttribute('aria-label');
  if (onclick) {
    return h('button', { type: 'button', class: ['card', 'clickable', ...classes], onclick, 'aria-label': actionLabel || label, title: title || actionLabel || label }, svg);
  }
  return h('div', { class: ['card', ...classes], title: title || label }, svg);
}
