// The table page: one live game over a WebSocket, as a player (with a seat token) or a spectator.

import { api, store, links, wsUrl, recordUrl, friendlyError } from './api.js';
import { h, replace, toast } from './dom.js';
import { rendererFor } from '../games/registry.js';
import { renderSeats, resultTable, resultHeadline, seatName, eventLine, playedForMark, reasonLine, clockText, remainingMs } from './tableui.js';
import { isAway, startClocks, awayNotice, noticeMisses, rulesClockElement } from './clockui.js';
import { t } from './strings.js';
import { setupPage } from './page.js';
import { showTurn, alertControls } from './alerts.js';
import { hintState, followDecision, hintButton, renderHintPanel, isHintError } from './hints.js';
import { rememberName } from './player.js';

const PING_MS = 20000;
const MAX_BACKOFF_MS = 8000;

const $ = (id) => document.getElementById(id);
const id = new URLSearchParams(location.search).get('id');

const page = {
  socket: null,
  backoff: 500,
  reconnectTimer: null,
  pingTimer: null,
  closing: false,
  everConnected: false,
  table: null,
  you: null,
  view: null,
  legal: [],
  pass: null,
  receivedAt: 0,
  log: [],
  renderer: null,
  rendererModule: null,
  rendererGame: null,
  pending: false,
  queue: Promise.resolve(),
  hints: hintState(),
};

// ---- connection -----------------------------------------------------------------------------

function setConnection(text, kind) {
  const box = $('connection');
  box.textContent = text;
  box.className = `connection ${kind}`;
}

function connect() {
  clearTimeout(page.reconnectTimer);
  const token = store.token(id);
  let socket;
  try {
    socket = new WebSocket(wsUrl(id, token));
  } catch (e) {
    scheduleReconnect();
    return;
  }
  page.socket = socket;
  setConnection(page.everConnected ? t('conn.reconnecting') : t('conn.connecting'), 'wait');
  socket.addEventListener('open', () => {
    page.backoff = 500;
    page.everConnected = true;
    setConnection(token ? t('conn.connected') : t('conn.watching'), 'ok');
    clearInterval(page.pingTimer);
    page.pingTimer = setInterval(() => send({ type: 'ping' }), PING_MS);
  });
  socket.addEventListener('message', (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    // Handle messages one after another: drawing may wait for a renderer module to load.
    page.queue = page.queue.then(() => onMessage(message)).catch((e) => console.error(e));
  });
  socket.addEventListener('close', () => {
    clearInterval(page.pingTimer);
    if (page.socket !== socket) return;
    page.socket = null;
    page.pending = false;
    if (!page.closing) scheduleReconnect();
  });
}

function scheduleReconnect() {
  setConnection(t('conn.offline-retry'), 'bad');
  clearTimeout(page.reconnectTimer);
  page.reconnectTimer = setTimeout(async () => {
    // A table that does not exist will never connect: say so instead of retrying forever.
    try {
      await api.table(id);
    } catch (e) {
      if (e.status === 404) {
        showFatal(t('table.gone'));
        return;
      }
    }
    connect();
  }, page.backoff);
  page.backoff = Math.min(MAX_BACKOFF_MS, page.backoff * 2);
}

function send(message) {
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN) return false;
  page.socket.send(JSON.stringify(message));
  return true;
}

/** Sends an action for the player's seat. */
function act(notation) {
  if (page.pending) return;
  if (!send({ type: 'act', action: notation })) {
    toast(t('table.not-sent'), 'error');
    return;
  }
  page.pending = true;
  document.body.classList.add('pending');
}

// ---- messages -------------------------------------------------------------------------------

async function onMessage(message) {
  if (message.type === 'state') {
    page.pending = false;
    document.body.classList.remove('pending');
    noticeMisses(page.table, message.table, message.you === undefined ? null : message.you);
    // A spectator hears when the players start a rematch (players go there by their button).
    if (message.you === null && page.table && !page.table.rematch && message.table.rematch) toast(t('result.rematch-started'), 'info', 7000);
    followDecision(page.hints, page.legal, message);
    page.table = message.table;
    page.you = message.you === undefined ? null : message.you;
    page.view = message.view;
    page.legal = message.legal || [];
    page.pass = message.pass || null;
    page.receivedAt = Date.now();
    if (Array.isArray(message.log)) page.log = message.log.slice();
    else if (Array.isArray(message.events)) page.log.push(...message.events);
    await render(message.events || []);
  } else if (message.type === 'void') {
    // A pass held back in a reaction window that closed first: nothing to show, the state
    // that closed the window follows.
    page.pending = false;
    document.body.classList.remove('pending');
  } else if (message.type === 'hint') {
    page.hints.waiting = false;
    // Only for the decision still open (the server sends none for a step that is over).
    if (hasDecision() && message.moves.every((m) => page.legal.includes(m.action))) page.hints.answer = message;
    renderBanner();
    renderHint();
  } else if (message.type === 'error') {
    if (isHintError(message.error)) {
      page.hints.waiting = false;
      renderBanner();
    }
    page.pending = false;
    document.body.classList.remove('pending');
    // The server stopping or the table moving elsewhere is no refusal: the page reconnects by itself.
    const passing = message.error === 'stopping' || message.error === 'moved';
    toast(friendlyError(message.error, message.message), passing ? 'info' : 'error', 6000);
  }
}

// ---- drawing --------------------------------------------------------------------------------

async function ensureRenderer(game) {
  if (page.renderer && page.rendererGame === game) return;
  if (page.renderer && page.renderer.destroy) page.renderer.destroy();
  const module = await rendererFor(game);
  const board = $('board');
  board.replaceChildren();
  board.dataset.game = game;
  page.rendererGame = game;
  page.rendererModule = module;
  page.renderer = module.mount(board, {
    mode: 'play',
    act,
    seatName: (seat) => seatName(page.table, seat, page.you),
    shortName: (seat) => seatName(page.table, seat, page.you, { short: true }),
  });
}

async function render(events) {
  const table = page.table;
  $('game-title').textContent = table.title || table.game;
  $('table-id').textContent = `#${table.id}`;
  renderSeats($('seats'), table, page.you);
  await ensureRenderer(table.game);
  renderBanner();
  renderJoin();
  renderResult();
  renderLog();
  renderHint();
  page.renderer.update({ view: page.view, legal: page.legal, you: page.you, table, events, pending: page.pending });
  // Set last, once drawn. State for tests and styles: status, step and whether it is the viewer's turn.
  document.body.dataset.status = table.status;
  document.body.dataset.step = String(table.step);
  document.body.dataset.stepKind = table.status === 'running' ? table.step_kind || 'turn' : '';
  document.body.dataset.away = page.you !== null && isAway(table, page.you) ? 'you' : '';
  startClocks(table, page.you, page.receivedAt);
  document.body.dataset.turn = yourTurn() ? 'you' : 'other';
  showTurn({ decision: hasDecision(), step: `${table.id}:${table.step}`, title: table.title || table.game });
}

/** Whether the viewer has a choice to make now: a reaction window where they can only pass is
 * answered by the table, so it is not one (and alerting on it every roll would be noise). */
function hasDecision() {
  const { table, legal, pass } = page;
  return yourTurn() && !(table.step_kind === 'reaction' && legal.length === 1 && legal[0] === pass);
}

/** Whether the viewer's seat is asked to act now (and has something to do). */
function yourTurn() {
  const { table, you, legal } = page;
  return you !== null && table.status === 'running' && (table.to_act || []).includes(you) && legal.length > 0;
}

/** What the renderer's optional `name` function says of `args` ('' when it has none or fails). */
function rendererSays(name, ...args) {
  const module = page.rendererModule;
  if (!module || typeof module[name] !== 'function') return '';
  try {
    return module[name](...args) || '';
  } catch (e) {
    console.error(`the renderer's ${name} failed`, e);
    return '';
  }
}

function renderBanner() {
  const { table, you } = page;
  const banner = $('banner');
  let text;
  let kind = 'wait';
  if (table.status === 'open') {
    const free = table.seats.filter((s) => s.kind === 'human' && !s.taken).length;
    text = t('banner.waiting-players', { free });
  } else if (table.status === 'finished') {
    text = t('banner.over', { headline: resultHeadline(table, you) });
    kind = 'over';
  } else if (yourTurn()) {
    const stake = stakeText();
    if (table.step_kind === 'secret') text = stake ? t('banner.secret', { stake }) : t('banner.secret-plain');
    else if (table.step_kind === 'reaction') text = stake ? t('banner.react', { stake }) : t('banner.react-plain');
    else {
      const prompt = rendererSays('prompt', { view: page.view, legal: page.legal, you, table });
      text = prompt ? t('banner.your-turn-to', { prompt }) : t('banner.your-turn');
    }
    kind = 'you';
  } else {
    const names = (table.to_act || []).map((seat) => seatName(table, seat, you, { plain: true }));
    text = names.length ? t('banner.waiting-for', { names: names.join(', ') }) : t('banner.waiting');
  }
  const away = awayNotice(table, you, () => send({ type: 'take-back' }));
  if (away && isAway(table, you)) kind = 'away';
  banner.className = `banner ${kind}`;
  const left = kind === 'you' ? remainingMs(table, you, Date.now() - page.receivedAt) : null;
  const countdown = left !== null ? h('span', { class: 'banner-clock', id: 'my-clock', title: t('banner.time-left') }, clockText(left)) : null;
  const hint = hasDecision() && !table.rated ? hintButton(page.hints, () => send({ type: 'hint' })) : null;
  replace(banner, h('span', { class: 'banner-text' }, text), away, hint, countdown, you === null ? h('span', { class: 'spectator-badge' }, t('banner.spectating')) : null);
}

/** The hint panel under the banner, while the viewer has the decision it is for. */
function renderHint() {
  renderHintPanel($('hint'), page.hints, hasDecision(), {
    describe: (action) => rendererSays('actionText', action, { view: page.view, legal: page.legal, you: page.you, table: page.table }),
    act,
  });
}

/** What is at stake in a secret choice or reaction window, as the game's renderer says it. */
function stakeText() {
  return rendererSays('stake', { view: page.view, legal: page.legal, you: page.you, table: page.table, pass: page.pass, kind: page.table.step_kind });
}

function renderJoin() {
  const { table, you } = page;
  const panel = $('join');
  const free = table.seats.filter((s) => s.kind === 'human' && !s.taken);
  panel.hidden = !(table.status === 'open' && you === null && free.length);
  if (panel.hidden) return;
  if (panel.dataset.free === free.map((s) => s.seat).join(',')) return; // keep what is typed
  panel.dataset.free = free.map((s) => s.seat).join(',');
  const nameInput = h('input', { type: 'text', maxlength: 40, value: store.name(), autocomplete: 'nickname', 'aria-label': t('name.label'), placeholder: t('name.label') });
  const join = async (seat) => {
    const name = nameInput.value.trim();
    if (!name) {
      toast(t('join.name-missing'), 'error');
      nameInput.focus();
      return;
    }
    rememberName(name);
    try {
      const answer = await api.join(id, name, seat);
      store.saveSeat(id, answer.seat, answer.token);
      reconnectNow();
    } catch (e) {
      toast(t('list.join-failed', { error: friendlyError(e.code, e.message) }), 'error', 7000);
    }
  };
  replace(panel,
    h('h2', {}, t('join.title')),
    h('p', { class: 'small muted' }, t('join.text')),
    nameInput,
    h('div', { class: 'join-buttons' }, free.map((s) => h('button', { type: 'button', class: 'btn primary', onclick: () => join(s.seat) }, t('join.sit', { n: s.seat + 1 })))));
}

/** The renderer's line on what the scores mean, if it has one. */
function scoreNote() {
  const note = rendererSays('scoreNote', page.table);
  return note ? h('p', { class: 'small muted', id: 'score-note' }, note) : null;
}

function renderResult() {
  const { table, you } = page;
  const panel = $('result');
  panel.hidden = table.status !== 'finished' || !table.outcome;
  if (panel.hidden) return;
  const rematch = async (button) => {
    button.disabled = true;
    try {
      // Asking again gives the same table, so both players land at one rematch.
      const { table: next } = await api.rematch(id);
      if (you !== null && !store.token(next.id)) {
        // The name this person had here: unique at the old table, so at the rematch too.
        const name = (table.seats[you] && table.seats[you].name) || store.name();
        const answer = await api.join(next.id, name, you);
        store.saveSeat(next.id, answer.seat, answer.token);
      }
      location.href = links.table(next.id);
    } catch (e) {
      button.disabled = false;
      toast(t('result.rematch-failed', { error: friendlyError(e.code, e.message) }), 'error', 7000);
    }
  };
  const rematchButton = h('button', { type: 'button', class: 'btn primary', id: 'rematch' }, table.rematch ? t('result.join-rematch') : t('result.rematch'));
  rematchButton.addEventListener('click', () => rematch(rematchButton));
  replace(panel,
    h('h2', { id: 'result-title' }, resultHeadline(table, you)),
    resultTable(table, you, page.rendererModule),
    scoreNote(),
    table.reason ? h('p', { class: 'small muted', id: 'result-reason' }, reasonLine(page.rendererModule, table.reason, table, you)) : null,
    h('div', { class: 'result-actions' },
      you !== null ? rematchButton : null,
      you === null && table.rematch ? h('a', { class: 'btn primary', id: 'watch-rematch', href: links.table(table.rematch) }, t('result.watch-rematch')) : null,
      h('a', { class: 'btn', href: links.replay(id, you) }, t('result.replay')),
      h('a', { class: 'btn ghost', href: recordUrl(id), download: `${table.game}-${id}.json` }, t('result.record')),
      h('a', { class: 'btn ghost', href: links.lobby() }, t('result.lobby'))));
}

function renderLog() {
  const list = $('log');
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  replace(list, page.log.length
    ? page.log.map((e, i) => h('li', { class: i >= page.log.length - 1 ? 'fresh' : '' }, eventLine(page.rendererModule, e, page.table, page.you), playedForMark(e.played_for, page.you)))
    : h('li', { class: 'log-empty muted' }, t('table.log-empty')));
  if (atBottom || page.log.length < 3) list.scrollTop = list.scrollHeight;
}

function showFatal(message) {
  setConnection(t('conn.offline'), 'bad');
  replace($('board'), h('div', { class: 'panel fatal' }, h('h2', {}, message), h('p', {}, h('a', { class: 'btn primary', href: links.lobby() }, t('brand.back')))));
}

function reconnectNow() {
  page.backoff = 500;
  if (page.socket) {
    const old = page.socket;
    page.socket = null;
    old.close();
  }
  connect();
}

/** A player who has a seat here but no token on this device (they sat down on another one)
 * gets one of its own for the seat; anyone else watches. */
async function seatOfThisDevice() {
  if (store.token(id) || !store.playerKey()) return;
  try {
    const answer = await api.seatToken(id);
    store.saveSeat(id, answer.seat, answer.token);
  } catch {
    // Not this player's table (or no server): a spectator.
  }
}

// ---- start ----------------------------------------------------------------------------------

if (!id) {
  showFatal(t('table.none'));
} else {
  // For the console and tests: act by notation, peek at what the page holds.
  window.spieltisch = { act, legal: () => page.legal.slice(), view: () => page.view, table: () => page.table, pass: () => page.pass };
  $('connection').before(alertControls());
  setupPage(() => page.table && page.table.game, { rulesExtra: rulesClockElement });
  seatOfThisDevice().then(connect);
  window.addEventListener('beforeunload', () => {
    page.closing = true;
  });
  // Phones drop sockets in the background: reconnect as soon as the page is visible again.
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden && !page.socket) reconnectNow();
  });
  window.addEventListener('online', () => {
    if (!page.socket) reconnectNow();
  });
}
