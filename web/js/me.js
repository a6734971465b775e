// "My games": the player's tables (those where it is their turn first), their finished games
// with the result and a replay link, their name, the device link with its QR code (drawn here:
// the key goes to no outside service) and revoking every key.

import { api, links, store, friendlyError } from './api.js';
import { h, s, replace, toast } from './dom.js';
import { t } from './strings.js';
import { setupPage } from './page.js';
import { ensurePlayer, deviceLink } from './player.js';
import { resultHeadline, seatName, clockText, ratingText, reasonLine } from './tableui.js';
import { rendererFor } from '../games/registry.js';
import qrcode from '../vendor/qrcode-generator.js';

const $ = (id) => document.getElementById(id);
const POLL_MS = 15000;

/** Who else sits at `table`, by name. */
function others(table, you) {
  return table.seats.filter((seat) => seat.seat !== you).map((seat) => seatName(table, seat.seat, you, { plain: true })).join(', ');
}

/** The time left for the player's decision, when a deadline runs. */
function deadline(table, seat) {
  const left = table.clock && table.clock.seats && table.clock.seats[seat] ? table.clock.seats[seat].remaining_ms : null;
  return left === null || left === undefined ? null : h('span', { class: 'me-deadline small' }, t('me.deadline', { left: clockText(left) }));
}

function playingItem(entry) {
  const { table, seat } = entry;
  return h('li', { class: ['me-item', entry.your_turn && 'your-turn'], dataset: { table: table.id } },
    h('a', { class: 'me-game', href: links.table(table.id) }, table.title || table.game),
    h('span', { class: 'muted small' }, t('me.against', { names: others(table, seat) })),
    entry.your_turn ? h('span', { class: 'me-badge' }, t('me.your-turn')) : h('span', { class: 'muted small' }, table.status === 'open' ? t('list.status-open') : t('me.their-turn')),
    entry.your_turn ? deadline(table, seat) : null,
    h('a', { class: 'btn small', href: links.table(table.id) }, entry.your_turn ? t('me.play') : t('list.open-table')));
}

/** A rated game's change of the player's rating: "Rating 1512 (+12)". */
function ratingChange(change) {
  if (!change) return null;
  const sign = change.change > 0 ? '+' : change.change < 0 ? '−' : '±';
  return h('span', { class: ['me-rating-change', change.change > 0 ? 'up' : change.change < 0 && 'down'], title: change.away ? t('me.rated-away') : '' },
    t('me.rating-change', { rating: ratingText({ rating: change.after, provisional: change.provisional }), change: `${sign}${Math.abs(change.change)}` }));
}

/** Each game's renderer (for the end reasons in its own words), loaded once. */
const renderers = {};

async function renderer(game) {
  if (!(game in renderers)) renderers[game] = await rendererFor(game).catch(() => null);
  return renderers[game];
}

function finishedItem(entry) {
  const { table, seat } = entry;
  return h('li', { class: 'me-item', dataset: { table: table.id } },
    h('span', { class: 'me-game' }, table.title || table.game),
    h('span', { class: 'small' }, resultHeadline(table, seat)),
    table.reason ? h('span', { class: 'muted small me-reason' }, reasonLine(renderers[table.game], table.reason, table, seat)) : null,
    ratingChange(entry.rating),
    h('span', { class: 'muted small' }, t('me.against', { names: others(table, seat) })),
    h('a', { class: 'btn small ghost', href: links.replay(table.id, seat) }, t('result.replay')));
}

async function drawRatings() {
  const mine = await api.myRatings();
  replace($('my-ratings'), mine.ratings.length
    ? mine.ratings.map((r) => h('li', { class: 'me-item', dataset: { game: r.game } },
      h('span', { class: 'me-game' }, r.title || r.game),
      h('span', { class: 'me-rating' }, ratingText(r)),
      h('span', { class: 'muted small' }, t('me.rated-games', { n: r.games })),
      h('a', { class: 'btn small ghost', href: links.ratings(r.game) }, t('ratings.link'))))
    : h('li', { class: 'muted' }, t('me.no-ratings')));
}

async function drawTables() {
  try {
    await drawRatings();
    const mine = await api.myTables();
    await Promise.all([...new Set(mine.finished.map((e) => e.table.game))].map(renderer));
    replace($('playing'), mine.playing.length ? mine.playing.map(playingItem) : h('li', { class: 'muted' }, t('me.none-playing')));
    replace($('finished'), mine.finished.length ? mine.finished.map(finishedItem) : h('li', { class: 'muted' }, t('me.none-finished')));
    document.body.dataset.yourTurn = String(mine.your_turn);
  } catch (e) {
    toast(friendlyError(e.code, e.message), 'error');
  }
}

/** The QR code of `text` as an SVG drawn square by square. */
function qrSvg(text) {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  let path = '';
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) path += `M${c + 4},${r + 4}h1v1h-1z`;
  return s('svg', { viewBox: `0 0 ${n + 8} ${n + 8}`, role: 'img', 'aria-label': t('me.qr'), class: 'qr-code' },
    s('rect', { width: String(n + 8), height: String(n + 8), fill: '#fff' }),
    s('path', { d: path, fill: '#000' }));
}

function drawDevice(key) {
  const link = deviceLink(key);
  $('device-link').value = link;
  replace($('qr'), qrSvg(link));
}

/** The player this browser is (a new one if its key was revoked elsewhere), its device link
 * drawn; null when the server cannot be reached. */
async function whoAmI() {
  for (let attempt = 0; attempt < 2; attempt++) {
    const key = await ensurePlayer();
    if (!key) return null;
    try {
      const me = await api.me();
      drawDevice(store.playerKey());
      return me;
    } catch (e) {
      // A revoked key is forgotten by the API call: the next round gets a new player.
      if (e.code !== 'no-player') return null;
    }
  }
  return null;
}

async function start() {
  setupPage();
  let me = await whoAmI();
  if (!me) {
    toast(t('me.offline'), 'error');
    return;
  }
  $('me-name').value = me.name || store.name();
  $('rename').addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      me = await api.rename($('me-name').value);
      $('me-name').value = me.name;
      store.setName(me.name);
      toast(t('me.name-saved'), 'info');
    } catch (e) {
      toast(friendlyError(e.code, e.message), 'error');
    }
  });
  $('copy-link').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText($('device-link').value);
      toast(t('me.copied'), 'info');
    } catch {
      $('device-link').select();
    }
  });
  $('revoke').addEventListener('click', async () => {
    if (!confirm(t('me.revoke-confirm'))) return;
    try {
      const answer = await api.revoke();
      store.setPlayerKey(answer.key);
      drawDevice(answer.key);
      toast(t('me.revoked'), 'info');
    } catch (e) {
      toast(friendlyError(e.code, e.message), 'error');
    }
  });
  await drawTables();
  setInterval(drawTables, POLL_MS);
}

start();
