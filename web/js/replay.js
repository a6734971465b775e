// The replay page: step through a finished game, drawn by the same game module as the live table.

import { api, links, recordUrl, friendlyError, store } from './api.js';
import { h, replace } from './dom.js';
import { rendererFor } from '../games/registry.js';
import { renderSeats, resultTable, resultHeadline, seatName, eventLine, playedForMark, reasonLine } from './tableui.js';
import { t } from './strings.js';
import { setupPage } from './page.js';
import { analysisPanel, markBadge, judgement } from './analysis.js';

const AUTOPLAY_MS = 900;
const PLAY_ICON = '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M7 5v14l12-7z" fill="currentColor"/></svg>';
const PAUSE_ICON = '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M6 5h4v14H6zM14 5h4v14h-4z" fill="currentColor"/></svg>';
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const id = params.get('id');
const seatParam = params.get('seat');

const page = {
  table: null,
  replay: null,
  you: seatParam === null || seatParam === '' ? null : Number(seatParam),
  at: 0,
  renderer: null,
  timer: null,
  module: null,
  /** The analysed decisions of the viewed seat, by their index in the record. */
  judged: new Map(),
};

/** An action of the viewed seat in words, as the board is before move `i` (1-based). */
function actionWords(action, i) {
  const module = page.module;
  if (!module || typeof module.actionText !== 'function') return '';
  try {
    return module.actionText(action, { view: viewAt(i - 1), legal: [], you: page.you, table: page.table }) || '';
  } catch (e) {
    console.error("the renderer's actionText failed", e);
    return '';
  }
}

/** One event as a log line, in the renderer's words where it has them. */
function line(e) {
  return eventLine(page.module, e, page.table, page.you);
}

/** What the set-up did (a card turned for trump), as the viewer saw it. */
function opening() {
  return page.replay ? page.replay.opening || [] : [];
}

/** The mark of a step the table chose for its seat's person, if it did. */
function playedFor(step) {
  return playedForMark(step.by_table ? step.seat : null, page.you);
}

function steps() {
  return page.replay ? page.replay.steps : [];
}

function viewAt(i) {
  return i === 0 ? page.replay.initial : steps()[i - 1].view;
}

function go(i) {
  const n = steps().length;
  page.at = Math.max(0, Math.min(n, i));
  draw();
  if (page.at >= n) stop();
}

function draw() {
  const { table, you, at } = page;
  const n = steps().length;
  $('slider').max = String(n);
  $('slider').value = String(at);
  $('position').textContent = `${at} / ${n}`;
  $('first').disabled = $('prev').disabled = at === 0;
  $('last').disabled = $('next').disabled = at === n;
  const step = at > 0 ? steps()[at - 1] : null;
  const judged = step ? page.judged.get(at - 1) : null;
  replace($('move'), step
    ? [h('strong', {}, `${seatName(table, step.seat, you)}: `), h('code', {}, step.action), playedFor(step), ' ', h('span', { class: 'muted' }, (step.events || []).map(line).join(' · ')),
      judged ? h('br') : null, judgement(judged, (a) => actionWords(a, at))]
    : h('span', { class: 'muted' }, [t('replay.deal'), ...opening().map((e) => ' ' + line(e))]));
  // At the last position the table shows its final state: who won.
  const shown = at === n ? table : { ...table, status: 'running', outcome: null, to_act: [] };
  renderSeats($('seats'), shown, you);
  page.renderer.update({ view: viewAt(at), legal: [], you, table: shown, events: step ? step.events || [] : [] });
  drawLog();
}

function drawLog() {
  const list = $('log');
  const items = [];
  const opened = opening().map(line);
  if (opened.length) {
    items.push(h('li', { class: [page.at === 0 && 'current'] },
      h('button', { type: 'button', class: 'log-jump', onclick: () => go(0), 'aria-label': t('replay.go-deal') }, '0.'),
      ' ', opened.join(' · ')));
  }
  steps().forEach((step, i) => {
    const lines = (step.events || []).map(line);
    items.push(h('li', { class: [i + 1 === page.at && 'current', i + 1 > page.at && 'future'] },
      h('button', { type: 'button', class: 'log-jump', onclick: () => go(i + 1), 'aria-label': t('replay.go-move', { n: i + 1 }) }, `${i + 1}.`),
      ' ', lines.length ? lines.join(' · ') : `${seatName(page.table, step.seat, page.you)}: ${step.action}`, playedFor(step), markBadge(page.judged.get(i))));
  });
  replace(list, items);
  const current = list.querySelector('.current');
  // Scroll the list only, never the page (scrollIntoView would move the whole page on phones).
  if (current) list.scrollTop = current.offsetTop - list.clientHeight / 2; // .log is positioned
}

function play() {
  if (page.timer) return stop();
  if (page.at >= steps().length) go(0);
  $('play').innerHTML = PAUSE_ICON;
  $('play').setAttribute('aria-label', t('replay.pause'));
  page.timer = setInterval(() => go(page.at + 1), AUTOPLAY_MS);
}

function stop() {
  clearInterval(page.timer);
  page.timer = null;
  $('play').innerHTML = PLAY_ICON;
  $('play').setAttribute('aria-label', t('replay.play'));
}

function drawResult() {
  const { table, you } = page;
  const panel = $('result');
  panel.hidden = !table.outcome;
  if (panel.hidden) return;
  replace(panel,
    h('h2', { id: 'result-title' }, resultHeadline(table, you)),
    resultTable(table, you, page.module),
    table.reason ? h('p', { class: 'small muted', id: 'result-reason' }, reasonLine(page.module, table.reason, table, you)) : null,
    h('div', { class: 'result-actions' },
      h('a', { class: 'btn ghost', href: recordUrl(id), download: `${table.game}-${id}.json` }, t('result.record')),
      h('a', { class: 'btn ghost', href: links.lobby() }, t('result.lobby'))));
}

function drawPerspective() {
  const select = $('perspective');
  replace(select,
    h('option', { value: '' }, t('replay.spectator')),
    page.table.seats.map((seat) => h('option', { value: String(seat.seat) }, seatName(page.table, seat.seat, null))));
  select.value = page.you === null ? '' : String(page.you);
  select.onchange = () => {
    const seat = select.value;
    location.href = links.replay(id, seat === '' ? null : Number(seat));
  };
}

async function start() {
  setupPage(() => page.table && page.table.game);
  if (!id) {
    replace($('board'), h('p', { class: 'panel' }, t('table.none')));
    return;
  }
  try {
    [page.table, page.replay] = await Promise.all([api.table(id), api.replay(id, page.you)]);
  } catch (e) {
    const text = e.status === 409 ? t('replay.not-finished') : friendlyError(e.code, e.message);
    replace($('board'), h('div', { class: 'panel fatal' }, h('h2', {}, text), h('a', { class: 'btn primary', href: e.status === 409 ? links.table(id) : links.lobby() }, e.status === 409 ? t('replay.watch') : t('brand.back'))));
    return;
  }
  document.title = t('replay.page-title', { title: page.table.title });
  $('game-title').textContent = t('replay.heading', { title: page.table.title || page.table.game });
  $('table-id').textContent = `#${id}`;
  const module = await rendererFor(page.table.game);
  page.module = module;
  $('board').dataset.game = page.table.game;
  page.renderer = module.mount($('board'), {
    mode: 'replay',
    act: () => {},
    seatName: (seat) => seatName(page.table, seat, page.you),
    shortName: (seat) => seatName(page.table, seat, page.you, { short: true }),
  });
  drawPerspective();
  drawResult();
  const mine = page.you !== null && store.seat(id) === page.you && store.token(id) !== null;
  analysisPanel({
    panel: $('analysis'),
    id,
    seat: page.you,
    mine,
    name: page.you === null ? '' : seatName(page.table, page.you, null, { plain: true }),
    onResult: (byIndex) => {
      page.judged = byIndex;
      draw();
    },
  });
  $('first').onclick = () => go(0);
  $('prev').onclick = () => go(page.at - 1);
  $('next').onclick = () => go(page.at + 1);
  $('last').onclick = () => go(steps().length);
  $('play').onclick = play;
  $('slider').oninput = () => go(Number($('slider').value));
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === 'ArrowLeft') go(page.at - 1);
    else if (e.key === 'ArrowRight') go(page.at + 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(steps().length);
    else if (e.key === ' ') {
      e.preventDefault();
      play();
    } else return;
  });
  go(0);
}

start();
