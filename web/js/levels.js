// Bot levels in the lobby: a seat's bot is chosen by level (Easy … Expert, with the level's
// fixed rating), and experts still find every bot spec of the game under "Advanced".

import { h } from './dom.js';
import { t } from './strings.js';

/** The bots a seat of game `g` can have: the game's levels with their ratings, then (for
 * experts) every bot spec the game knows. Option values are `bot:<level or spec>`. */
export function botOptions(g) {
  const levels = (g.levels || []).map((l) => h('option', { value: `bot:${l.level}` }, t('new.level', { level: t(`level.${l.level}`), rating: l.rating })));
  const specs = (g.bots || []).map((b) => h('option', { value: `bot:${b}` }, t('new.bot', { bot: b })));
  if (!levels.length) return specs;
  return [h('optgroup', { label: t('new.levels'), dataset: { levels: 'yes' } }, levels), h('optgroup', { label: t('new.advanced') }, specs)];
}

/** The level `name` of game `g` (`{level, spec, rating}`), if it is one. */
export function levelAbout(g, name) {
  return (g.levels || []).find((l) => l.level === name) || null;
}
