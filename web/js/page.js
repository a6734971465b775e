// What every page of the site does first: speak the chosen language and offer the switch and
// the rules of the game at hand.

import { h } from './dom.js';
import { lang, languageSwitch, translatePage } from './i18n.js';
import { UI, t } from './strings.js';
import { myGamesLink } from './player.js';

/** Opens the rules of `game` in the page's language (the overlay loads on first use); `extra`
 * (an element, such as the table's running clock) is shown in the dialog's header. */
export async function showRules(game, extra = null) {
  const { openRules } = await import('./rules.js');
  return openRules(game, lang(), extra);
}

/** A "Rules" button for the game `currentGame()` names (hidden while it names none);
 * `rulesExtra()` gives an element for the dialog's header. */
export function rulesButton(currentGame, attrs = {}, rulesExtra = null) {
  const button = h('button', { type: 'button', class: 'btn small ghost rules-button', id: 'rules-button', ...attrs }, t('rules.button'));
  button.addEventListener('click', () => {
    const game = currentGame();
    if (game) showRules(game, rulesExtra ? rulesExtra() : null);
  });
  return button;
}

/** Translates the page's static text and puts the "My games" link, the language switch (and,
 * when `currentGame` is given, a rules button; `rulesExtra` as for `rulesButton`) at the end of
 * the top bar. */
export function setupPage(currentGame = null, { rulesExtra = null } = {}) {
  translatePage(UI);
  const bar = document.querySelector('.topbar');
  if (!bar) return;
  const tools = h('div', { class: 'page-tools' });
  tools.append(myGamesLink());
  if (currentGame) tools.append(rulesButton(currentGame, {}, rulesExtra));
  tools.append(languageSwitch(t('lang.label')));
  bar.append(tools);
}
