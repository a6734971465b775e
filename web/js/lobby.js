// The lobby: pick a game and its variants, seat humans and bots, list and join tables.

import { api, store, links, friendlyError } from './api.js';
import { h, replace, toast } from './dom.js';
import { lang } from './i18n.js';
import { t } from './strings.js';
import { setupPage, showRules } from './page.js';
import { lobbyTexts } from '../games/registry.js';
import { botOptions, levelAbout } from './levels.js';
import { rated, applyRated, setupRated } from './rated.js';
import { showInvites } from './invites.js';
import { rememberName } from './player.js';
import { tableItem } from './lobby-tables.js';

const REFRESH_MS = 5000;
/** What the registry says about bot `name` of game `g` (label and cost), if anything. */
function botAbout(g, name) {
  return (g.bot_info || []).find((b) => b.name === name) || null;
}

/** The default time control: a minute per decision when two or more people sit at the table
 * (so one who leaves does not hold the others up), else off — a person alone with bots keeps
 * all the time they want unless they ask for a clock. */
function defaultClock(seats) {
  return seats.filter((s) => s.bot === null).length >= 2 ? '60' : '';
}

const state = {
  games: [],
  // The server's limits (GET /api/limits); the name length is the server's, counted in characters.
  limits: { name_max_chars: 24 },
  game: null,
  tab: 'open',
  tables: { open: [], running: [], finished: [] },
  // Per game, what the lobby says of it beyond English (`LOBBY` of `web/games/<game>.strings.js`).
  texts: {},
};

const $ = (id) => document.getElementById(id);

function gameInfo(name) {
  return state.games.find((g) => g.name === name);
}

/** The game's own text `key` in the page's language (its summary, a variant's line), else `fallback`
 * (the server's English). */
function gameText(g, key, fallback) {
  const texts = g && state.texts[g.name];
  const here = texts ? (texts[lang()] || {})[key] : undefined;
  return here === undefined ? fallback : here;
}

/** A bot's label: the standard bots' in the page's language, else what the server says. */
function botLabel(g, about) {
  const key = `bot.${about.name}`;
  return gameText(g, `bot.${about.name}`, lang() === 'en' || !['random', 'heuristic', 'ismcts'].includes(about.name) ? about.label : t(key));
}

// ---- the player's name --------------------------------------------------------------------

function setupName() {
  const input = $('player-name');
  input.value = store.name();
  input.addEventListener('input', () => {
    store.setName(input.value.trim());
    showNameProblem(nameProblem(input.value));
  });
}

/** What is wrong with a name before the server sees it (the server cleans and checks it too). */
function nameProblem(raw) {
  const name = raw.trim();
  const max = state.limits.name_max_chars;
  // Characters as the server counts them (code points), not UTF-16 units.
  if ([...name].length > max) return t('name.too-long', { max });
  return null;
}

function showNameProblem(problem) {
  const box = $('name-problem');
  box.textContent = problem || '';
  box.hidden = !problem;
}

/** The display name, or null after asking for it. */
function requireName() {
  const input = $('player-name');
  const name = input.value.trim();
  const problem = name ? nameProblem(name) : t('name.missing');
  if (!problem) {
    rememberName(name);
    return name;
  }
  input.classList.add('attention');
  input.focus();
  setTimeout(() => input.classList.remove('attention'), 1600);
  toast(problem, 'error');
  return null;
}

// ---- the new-table form ---------------------------------------------------------------------

function renderGamePicker() {
  const picker = $('game-picker');
  replace(
    picker,
    state.games.map((g) =>
      h(
        'button',
        {
          type: 'button',
          role: 'radio',
          class: ['game-choice', g.name === state.game && 'chosen'],
          'aria-checked': String(g.name === state.game),
          dataset: { game: g.name },
          onclick: () => chooseGame(g.name),
        },
        h('span', { class: 'game-title' }, g.title),
        h('span', { class: 'game-seats' }, t('new.players', { min: g.min_seats, max: g.max_seats })),
      ),
    ),
  );
}

function chooseGame(name) {
  state.game = name;
  const g = gameInfo(name);
  renderGamePicker();
  // The catalog gives the summary in each language (`summary_de`); English is `summary`.
  const summary = g && (g[`summary_${lang()}`] || g.summary);
  $('game-blurb').textContent = g ? summary || t('new.rules-version', { version: g.rules_version }) : '';
  renderVariants(g);
  renderPresets(g);
  summarizeVariants();
  const count = $('seat-count');
  count.min = g.min_seats;
  count.max = g.max_seats;
  count.value = Math.min(g.max_seats, Math.max(g.min_seats, Number(count.value) || g.min_seats));
  count.disabled = g.min_seats === g.max_seats;
  renderSeats();
}

function renderVariants(g) {
  const box = $('variants');
  const variants = (g && g.variants) || [];
  const summary = h('summary', {}, `${t('new.variants')} `, h('span', { class: 'muted small variant-summary' }));
  replace(
    box,
    summary,
    variants.length === 0 ? h('p', { class: 'muted small' }, t('new.no-variants')) : null,
    variants.map((v) => {
      const id = `variant-${v.name}`;
      const desc = h('span', { class: 'variant-desc' }, gameText(g, `variant.${v.name}`, v.description));
      if (v.kind === 'flag') {
        return h('label', { class: 'variant check', for: id },
          h('input', { type: 'checkbox', id, dataset: { variant: v.name, kind: 'flag' } }),
          h('span', {}, h('code', {}, v.name), ' ', desc));
      }
      if (v.kind === 'choice') {
        return h('label', { class: 'variant', for: id },
          h('span', {}, h('code', {}, v.name), ' ', desc),
          h('select', { id, dataset: { variant: v.name, kind: 'choice', default: String(v.default) } },
            (v.options || []).map((o) => h('option', { value: o, selected: o === v.default }, o))));
      }
      return h('label', { class: 'variant', for: id },
        h('span', {}, h('code', {}, v.name), ' ', desc),
        h('input', { type: 'number', id, min: v.min, max: v.max, value: v.default, inputmode: 'numeric', dataset: { variant: v.name, kind: 'number', default: String(v.default) } }));
    }),
  );
}

// ---- presets: a game's named ways to play, each a set of variant settings (`GameInfo.presets`)

/** The variant names any preset of `g` sets: choosing a preset sets these and leaves the others. */
function presetVariants(g) {
  return new Set(((g && g.presets) || []).flatMap((p) => p.variants.map((v) => v.split('=')[0].trim())));
}

/** The value variant control `input` has under preset `p`: a flag on when named, else its default. */
function presetValue(p, input) {
  const { variant, kind } = input.dataset;
  const setting = p.variants.find((v) => v.split('=')[0].trim() === variant);
  const value = setting === undefined ? undefined : setting.split('=')[1];
  if (kind === 'flag') return setting !== undefined && !['false', 'off'].includes((value || '').trim());
  return value === undefined ? input.dataset.default : value.trim();
}

/** The variant controls a preset of the current game sets. */
function presetInputs() {
  const names = presetVariants(gameInfo(state.game));
  return [...$('variants').querySelectorAll('[data-variant]')].filter((input) => names.has(input.dataset.variant));
}

function renderPresets(g) {
  const presets = (g && g.presets) || [];
  $('preset-field').hidden = presets.length === 0;
  replace(
    $('preset'),
    presets.map((p) => h('option', { value: p.name }, (lang() === 'de' && p.title_de) || p.title)),
    h('option', { value: '', hidden: true }, t('new.preset-other')),
  );
  matchPreset();
}

/** Sets the variant controls to the chosen preset. */
function applyPreset() {
  const p = (gameInfo(state.game).presets || []).find((x) => x.name === $('preset').value);
  if (!p) return;
  for (const input of presetInputs()) {
    if (input.dataset.kind === 'flag') input.checked = presetValue(p, input);
    else input.value = presetValue(p, input);
  }
  summarizeVariants();
}

/** Shows the preset the variant controls now match, or "other" when none does. */
function matchPreset() {
  const inputs = presetInputs();
  const now = (input) => (input.dataset.kind === 'flag' ? input.checked : input.value);
  const match = (gameInfo(state.game).presets || []).find((p) => inputs.every((input) => presetValue(p, input) === now(input)));
  $('preset').value = match ? match.name : '';
}

function summarizeVariants() {
  const changed = [];
  for (const input of $('variants').querySelectorAll('[data-variant]')) {
    const { variant, kind } = input.dataset;
    if (kind === 'flag' ? input.checked : input.value !== input.dataset.default) changed.push(kind === 'flag' ? variant : `${variant}=${input.value}`);
  }
  const label = $('variants').querySelector('.variant-summary');
  if (label) label.textContent = changed.length ? `— ${changed.join(', ')}` : t('new.standard-rules');
}

function chosenVariants() {
  const out = [];
  for (const input of $('variants').querySelectorAll('[data-variant]')) {
    const { variant, kind } = input.dataset;
    if (kind === 'flag') {
      if (input.checked) out.push(variant);
    } else if (input.value !== '') {
      out.push(`${variant}=${input.value}`);
    }
  }
  return out;
}

function renderSeats() {
  const g = gameInfo(state.game);
  const list = $('seat-list');
  const count = Math.min(g.max_seats, Math.max(g.min_seats, Number($('seat-count').value) || g.min_seats));
  const previous = [...list.querySelectorAll('li')].map((li) => ({
    kind: li.querySelector('select').value,
    budget: li.querySelector('.budget input').value,
    unit: li.querySelector('.budget select').value,
  }));
  const defaultBot = levelAbout(g, 'medium') ? 'bot:medium' : (g.bots || []).includes('heuristic') ? 'bot:heuristic' : `bot:${(g.bots || ['random'])[0]}`;
  const rows = [];
  for (let i = 0; i < count; i++) {
    const prev = previous[i] || { kind: i === 0 ? 'human' : defaultBot, budget: '1000', unit: '' };
    const select = h('select', { 'aria-label': t('new.who-sits', { n: i + 1 }), dataset: { seat: i } },
      h('option', { value: 'human' }, t('new.human')),
      botOptions(g));
    select.value = [...select.options].some((o) => o.value === prev.kind) ? prev.kind : defaultBot;
    const budget = h('span', { class: 'budget' },
      h('input', { type: 'number', min: 1, value: prev.budget, 'aria-label': t('new.budget', { n: i + 1 }), inputmode: 'numeric' }),
      h('select', { 'aria-label': t('new.budget-unit', { n: i + 1 }) },
        h('option', { value: '', selected: prev.unit === '' }, t('new.iterations')),
        h('option', { value: 'ms', selected: prev.unit === 'ms' }, 'ms')));
    const hint = h('span', { class: 'seat-hint muted small' });
    const sync = () => {
      const bot = select.value.startsWith('bot:') ? select.value.slice(4) : null;
      budget.hidden = !(bot && bot.startsWith('ismcts'));
      const level = bot ? levelAbout(g, bot) : null;
      const about = bot && !level ? botAbout(g, bot.split(':')[0]) : null;
      if (level) hint.textContent = t(`level.${level.level}.about`);
      else hint.textContent = bot ? (about ? [botLabel(g, about), gameText(g, `bot-cost.${about.name}`, about.cost)].filter(Boolean).join(' · ') : '') : t('new.person-joins');
    };
    select.addEventListener('change', () => {
      sync();
      syncClock();
    });
    sync();
    rows.push(h('li', {}, h('span', { class: 'seat-no' }, t('new.seat', { n: i + 1 })), select, budget, hint));
  }
  replace(list, rows);
  syncClock();
  applyRated();
}

/** Follows the seats with the default time control until the player picks one. */
function syncClock() {
  const clock = $('clock');
  if (clock.dataset.touched) return;
  clock.value = defaultClock(chosenSeats());
}

function chosenSeats() {
  return [...$('seat-list').querySelectorAll('li')].map((li) => {
    const kind = li.querySelector('select').value;
    if (kind === 'human') return { bot: null };
    let bot = kind.slice(4);
    const budget = li.querySelector('.budget');
    if (!budget.hidden) {
      const n = Math.max(1, Math.round(Number(budget.querySelector('input').value) || 1000));
      bot = `${bot}:${n}${budget.querySelector('select').value}`;
    }
    return { bot };
  });
}

async function createTable(event) {
  event.preventDefault();
  const seats = chosenSeats();
  const sitDown = $('sit-down').checked && seats.some((seat) => seat.bot === null);
  const name = sitDown ? requireName() : null;
  if (sitDown && !name) return;
  const isPrivate = $('private').checked && seats.some((seat) => seat.bot === null);
  const button = $('create-button');
  button.disabled = true;
  try {
    // One request creates the table and seats its creator: both happen or neither.
    const clock = $('clock').value ? Number($('clock').value) : null;
    const body = { game: state.game, variants: chosenVariants(), seats, clock };
    if (sitDown) body.join = { name };
    if (isPrivate) Object.assign(body, { private: true, invites: $('invite-mode').value });
    if (rated()) body.rated = true;
    const answer = await api.createTable(body);
    const { table } = answer;
    if (answer.owner) store.saveOwner(table.id, answer.owner);
    if (sitDown) store.saveSeat(table.id, answer.seat, answer.token);
    if (isPrivate) {
      showInvites(table, answer.invites || []);
      return;
    }
    if (sitDown || !seats.some((s) => s.bot === null)) {
      location.href = links.table(table.id);
      return;
    }
    toast(t('new.created'));
    showTab('open');
    await refreshTables();
  } catch (e) {
    toast(t('new.failed', { error: friendlyError(e.code, e.message) }), 'error', 7000);
  } finally {
    button.disabled = false;
  }
}

/** Opened from an invite link (`/?table=ID&invite=CODE`): offers the seat the link is for. */
async function showInvitation() {
  const params = new URLSearchParams(location.search);
  const id = params.get('table');
  const invite = params.get('invite');
  if (!id || !invite) return;
  const panel = $('invitation');
  try {
    const table = await api.table(id);
    const free = table.seats.filter((seat) => seat.kind === 'human' && !seat.taken).length;
    $('invitation-text').textContent = table.status === 'open' && free
      ? t('invitation.waits', { game: table.title || table.game })
      : t('invitation.full', { game: table.title || table.game });
    $('accept-invite').hidden = !(table.status === 'open' && free);
  } catch (e) {
    $('invitation-text').textContent = friendlyError(e.code, e.message);
    $('accept-invite').hidden = true;
  }
  $('accept-invite').onclick = () => joinTable(id, undefined, requireName(), invite);
  panel.hidden = false;
}

async function closeTable(id) {
  try {
    await api.close(id, store.owner(id));
    store.forget(id);
    toast(t('list.closed'));
  } catch (e) {
    toast(t('list.close-failed', { error: friendlyError(e.code, e.message) }), 'error', 7000);
  }
  refreshTables();
}

async function joinTable(id, seat, name = requireName(), invite = undefined) {
  if (!name) return;
  try {
    const answer = await api.join(id, name, seat, invite);
    store.saveSeat(id, answer.seat, answer.token);
    location.href = links.table(id);
  } catch (e) {
    toast(t('list.join-failed', { error: friendlyError(e.code, e.message) }), 'error', 7000);
    refreshTables();
  }
}

// ---- the table list -------------------------------------------------------------------------

function showTab(status) {
  state.tab = status;
  for (const tab of document.querySelectorAll('.tab')) tab.setAttribute('aria-selected', String(tab.dataset.status === status));
  renderTables();
}

/** What the table list's buttons do. */
const onTable = { join: (id, seat) => joinTable(id, seat), close: (id) => closeTable(id) };

function renderTables() {
  const list = $('table-list');
  const tables = state.tables[state.tab] || [];
  for (const [status, items] of Object.entries(state.tables)) {
    const count = document.querySelector(`[data-count="${status}"]`);
    if (count) count.textContent = items.length ? String(items.length) : '';
  }
  replace(list, tables.length ? tables.map((table) => tableItem(table, gameInfo(table.game), onTable)) : h('li', { class: 'empty muted' }, t(`list.empty-${state.tab}`)));
}

let refreshing = false;
async function refreshTables() {
  if (refreshing) return;
  refreshing = true;
  try {
    const [open, running, finished] = await Promise.all(['open', 'running', 'finished'].map((st) => api.tables(st)));
    state.tables = { open, running, finished };
    renderTables();
  } catch (e) {
    replace($('table-list'), h('li', { class: 'empty error-text' }, friendlyError(e.code, e.message)));
  } finally {
    refreshing = false;
  }
}

// ---- start ----------------------------------------------------------------------------------

async function start() {
  setupPage();
  $('game-blurb').after(h('p', { class: 'rules-link' }, h('button', { type: 'button', class: 'btn small ghost', id: 'lobby-rules', onclick: () => state.game && showRules(state.game) }, t('rules.button')),
    ' ', h('a', { class: 'btn small ghost', id: 'lobby-ratings', href: links.ratings(), onclick: (e) => { e.currentTarget.href = links.ratings(state.game); } }, t('ratings.link'))));
  setupName();
  for (const tab of document.querySelectorAll('.tab')) tab.addEventListener('click', () => showTab(tab.dataset.status));
  $('refresh').addEventListener('click', refreshTables);
  $('seat-count').addEventListener('input', renderSeats);
  $('clock').addEventListener('change', () => {
    $('clock').dataset.touched = 'yes';
  });
  $('create-form').addEventListener('submit', createTable);
  setupRated();
  $('variants').addEventListener('change', () => {
    summarizeVariants();
    matchPreset();
  });
  $('preset').addEventListener('change', applyPreset);
  $('private').addEventListener('change', () => {
    document.querySelector('.invite-mode').hidden = !$('private').checked;
  });
  try {
    state.limits = { ...state.limits, ...(await api.limits()) };
  } catch {
    // An older server: keep the default.
  }
  // Room for characters outside the BMP (two UTF-16 units each); the length is checked in characters.
  $('player-name').maxLength = 2 * state.limits.name_max_chars;
  showInvitation();
  try {
    state.games = await api.games();
  } catch (e) {
    replace($('game-picker'), h('p', { class: 'error-text' }, t('list.games-failed', { error: friendlyError(e.code, e.message) })));
  }
  await Promise.all(state.games.map(async (g) => {
    state.texts[g.name] = await lobbyTexts(g.name);
  }));
  if (state.games.length) chooseGame(state.games[0].name);
  else $('create-button').disabled = true;
  await refreshTables();
  setInterval(() => {
    if (!document.hidden) refreshTables();
  }, REFRESH_MS);
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) refreshTables();
  });
}

start();
