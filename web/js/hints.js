// Hints at a live table: the "Hint" button in the banner while the viewer has a decision, and
// the panel with the Expert level's best decisions for it (the server's `hint` message, see
// docs/web-api.md), each in words with its estimated chance and a button that plays it.

import { h, replace } from './dom.js';
import { t } from './strings.js';

/** What the page knows of hints: whether one is being worked out, and the answer for the
 * decision the viewer has now. */
export function hintState() {
  return { waiting: false, answer: null };
}

/** Forgets the hint once the decision it was for is gone: the viewer acted, or their legal
 * actions changed (a new decision). */
export function followDecision(hints, previousLegal, message) {
  const legal = message.legal || [];
  const same = previousLegal.length === legal.length && previousLegal.every((a, i) => a === legal[i]);
  if (message.acted || !same) {
    hints.answer = null;
    hints.waiting = false;
  }
}

/** The banner's "Hint" button (`ask` sends the request). */
export function hintButton(hints, ask) {
  const busy = hints.waiting;
  return h(
    'button',
    {
      type: 'button',
      class: 'btn small hint-button',
      id: 'hint-button',
      disabled: busy || hints.answer !== null,
      title: t('hint.title'),
      onclick: () => {
        hints.waiting = ask();
      },
    },
    busy ? t('hint.thinking') : t('hint.ask'),
  );
}

/** Draws the panel of the hint for the viewer's decision, or hides it. `describe(action)`
 * says an action in words ('' when it cannot); `act(action)` plays it. */
export function renderHintPanel(panel, hints, show, { describe, act }) {
  const answer = show ? hints.answer : null;
  panel.hidden = !answer;
  if (!answer) {
    panel.replaceChildren();
    return;
  }
  const items = answer.moves.map((m, i) => {
    const words = describe(m.action);
    return h(
      'li',
      { class: 'hint-move', dataset: { action: m.action } },
      h('span', { class: 'hint-rank' }, `${i + 1}.`),
      h('span', { class: 'hint-action' }, words || m.action),
      h('span', { class: 'hint-chance', title: t('hint.chance-title') }, t('hint.chance', { pct: Math.round(m.chance * 100) })),
      h('button', { type: 'button', class: 'btn small', onclick: () => act(m.action) }, t('hint.play')),
    );
  });
  replace(
    panel,
    h('h2', { class: 'hint-title' }, t('hint.heading')),
    h('ol', { class: 'hint-moves' }, items),
    h('p', { class: 'muted small' }, t('hint.note')),
  );
}

/** Whether an error code answers a hint request (the button can be pressed again). */
export function isHintError(code) {
  return code === 'no-hint' || (typeof code === 'string' && code.startsWith('hint-'));
}
