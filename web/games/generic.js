// The fallback renderer for games without their own module: the view as readable data and the
// legal actions as buttons. A choice built from parts (many legal actions that are one verb with
// several parts, e.g. `pick a c`) is offered as part toggles and a confirm button, enabled when
// the selected parts make one of the legal actions.

import { h, replace } from '../js/dom.js';
import { tr } from '../js/i18n.js';
import { STRINGS } from './generic.strings.js';

const t = (key, params) => tr(STRINGS, key, params);

/** At least this many actions of one verb with several parts make a compound choice. */
const COMPOUND_MIN = 3;

/** Splits the legal actions into compound choices (`{verb, parts, actions}`) and the rest. */
export function compoundChoices(legal) {
  const byVerb = new Map();
  for (const action of legal) {
    const [verb, ...parts] = action.trim().split(/\s+/);
    if (!byVerb.has(verb)) byVerb.set(verb, []);
    byVerb.get(verb).push({ action, parts });
  }
  const compound = [];
  const single = [];
  for (const [verb, entries] of byVerb) {
    const multi = entries.filter((e) => e.parts.length >= 2);
    if (multi.length >= COMPOUND_MIN && multi.length === entries.length) {
      const parts = [...new Set(entries.flatMap((e) => e.parts))];
      compound.push({ verb, parts, actions: entries });
    } else {
      single.push(...entries.map((e) => e.action));
    }
  }
  return { compound, single };
}

/** The legal action of `choice` whose parts are exactly `selected` (in any order), or null. */
export function matching(choice, selected) {
  const want = [...selected].sort().join(' ');
  const found = choice.actions.find((e) => [...e.parts].sort().join(' ') === want);
  return found ? found.action : null;
}

function compoundPicker(choice, ctx) {
  const selected = new Set();
  const confirm = h('button', { type: 'button', class: 'btn primary confirm', disabled: true }, `${choice.verb} …`);
  const toggles = choice.parts.map((part) => {
    const toggle = h('button', { type: 'button', class: 'btn part', 'aria-pressed': 'false', dataset: { part } }, part);
    toggle.addEventListener('click', () => {
      if (selected.has(part)) selected.delete(part);
      else selected.add(part);
      toggle.setAttribute('aria-pressed', String(selected.has(part)));
      toggle.classList.toggle('selected', selected.has(part));
      const action = matching(choice, selected);
      confirm.disabled = !action;
      confirm.textContent = action || `${choice.verb} …`;
    });
    return toggle;
  });
  confirm.addEventListener('click', () => {
    const action = matching(choice, selected);
    if (action) ctx.act(action);
  });
  return h('div', { class: 'compound', dataset: { verb: choice.verb } },
    h('p', { class: 'small muted' }, t('compound', { verb: choice.verb })),
    h('div', { class: 'parts' }, toggles),
    confirm);
}

/** Draws any game: see registry.js for the contract. */
export function mount(root, ctx) {
  const actions = h('div', { class: 'generic-actions' });
  const view = h('pre', { class: 'generic-view' });
  root.append(h('div', { class: 'generic' }, h('h3', {}, t('moves')), actions, h('h3', {}, t('view')), view));
  let shown = '';
  return {
    update(state) {
      const legal = ctx.mode === 'play' ? state.legal || [] : [];
      const key = legal.join('\n');
      // Keep a half-made selection while other seats' moves arrive.
      if (key !== shown || !legal.length) {
        shown = key;
        const { compound, single } = compoundChoices(legal);
        replace(
          actions,
          legal.length
            ? [
              ...compound.map((choice) => compoundPicker(choice, ctx)),
              ...single.map((a) => h('button', { type: 'button', class: 'btn action', onclick: () => ctx.act(a) }, a)),
            ]
            : h('p', { class: 'muted' }, ctx.mode === 'play' ? t('nothing') : ''),
        );
      }
      view.textContent = JSON.stringify(state.view, null, 2);
    },
    destroy() {
      root.replaceChildren();
    },
  };
}
