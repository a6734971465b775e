// The fallback renderer for games without their own module: the view as readable data and the
// legal actions as buttons.

import { h, replace } from '../js/dom.js';

/** Draws any game: see registry.js for the contract. */
export function mount(root, ctx) {
  const actions = h('div', { class: 'generic-actions' });
  const view = h('pre', { class: 'generic-view' });
  root.append(h('div', { class: 'generic' }, h('h3', {}, 'Your moves'), actions, h('h3', {}, 'What you see'), view));
  return {
    update(state) {
      const legal = ctx.mode === 'play' ? state.legal || [] : [];
      replace(
        actions,
        legal.length
          ? legal.map((a) => h('button', { type: 'button', class: 'btn action', onclick: () => ctx.act(a) }, a))
          : h('p', { class: 'muted' }, ctx.mode === 'play' ? 'Nothing to do right now.' : ''),
      );
      view.textContent = JSON.stringify(state.view, null, 2);
    },
    destroy() {
      root.replaceChildren();
    },
  };
}
