// Tiny DOM helpers: build elements from tag names, attributes and children, without a framework.

import { t } from './strings.js';
import { lang } from './i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Applies attributes: `class`, `style` (object or text), `on*` handlers, `dataset`, plain attributes. */
function applyAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.setAttribute('class', Array.isArray(value) ? value.filter(Boolean).join(' ') : value);
    else if (key === 'style' && typeof value === 'object') {
      for (const [prop, v] of Object.entries(value)) {
        if (prop.startsWith('--')) node.style.setProperty(prop, v);
        else node.style[prop] = v;
      }
    }
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else if (key === 'text') node.textContent = value;
    else if (key in node && !(node instanceof SVGElement) && typeof value !== 'string') node[key] = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: `h('button', {class: 'x', onclick}, 'label')`. */
export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  applyAttrs(node, attrs);
  append(node, children);
  return node;
}

/** An SVG element, like `h`. */
export function s(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  applyAttrs(node, attrs);
  append(node, children);
  return node;
}

/** Replaces all children of `node`. */
export function replace(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** Shows a short message at the bottom of the screen; `kind` is `error` or `info`. */
export function toast(message, kind = 'info', ms = 4500) {
  let box = document.getElementById('toasts');
  if (!box) {
    box = h('div', { id: 'toasts', 'aria-live': 'polite', role: 'status' });
    document.body.append(box);
  }
  const item = h('div', { class: ['toast', kind] }, message);
  box.append(item);
  requestAnimationFrame(() => item.classList.add('in'));
  setTimeout(() => {
    item.classList.remove('in');
    setTimeout(() => item.remove(), 400);
  }, ms);
  return item;
}

/** `n` with its noun, singular or plural. */
export function plural(n, one, many = one + 's') {
  return `${n} ${n === 1 ? one : many}`;
}

/** A short relative time for an ISO date ("3 min ago"). */
export function ago(iso) {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const secs = Math.max(0, Math.round((Date.now() - then) / 1000));
  if (secs < 60) return t('time.now');
  if (secs < 3600) return t('time.min', { n: Math.round(secs / 60) });
  if (secs < 86400) return t('time.hours', { n: Math.round(secs / 3600) });
  return new Date(then).toLocaleDateString(lang());
}

/** Adds a stylesheet once (game modules bring their own CSS beside them). */
export function loadStyle(url) {
  const href = String(url);
  if ([...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === href)) return;
  document.head.append(h('link', { rel: 'stylesheet', href }));
}
