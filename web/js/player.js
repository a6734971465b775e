// The player this browser is, without a password: a player key the server issued on the first
// visit (kept in localStorage; the server keeps only its hash), the "My games" link in every
// page's top bar with the number of tables waiting for the player, and the device link that
// makes another browser the same player (the key in the URL fragment, never sent to a server).

import { api, store } from './api.js';
import { h, s } from './dom.js';
import { t } from './strings.js';

// The feed says when a turn comes; the poll is the fallback (a table on another server node).
const POLL_MS = 60000;
const FEED_RETRY_MS = 5000;

let pending = null;

/** Makes sure this browser is a player (asks the server for a key on the first visit, with the
 * name last used, if any); resolves to the key, or null when the server cannot be reached. */
export function ensurePlayer() {
  adoptKeyFromLink();
  const key = store.playerKey();
  if (key) return Promise.resolve(key);
  if (!pending) {
    pending = api
      .newPlayer(store.name() || null)
      .catch(() => api.newPlayer(null))
      .then((answer) => {
        store.setPlayerKey(answer.key);
        return answer.key;
      })
      .catch(() => null)
      .finally(() => {
        pending = null;
      });
  }
  return pending;
}

/** Remembers `name` as the one this browser plays under, and as the player's name at every
 * table (the server cleans and checks it; a refusal leaves the player's name as it was). */
export function rememberName(name) {
  store.setName(name);
  if (store.playerKey()) api.rename(name).catch(() => {});
}

/** A device link opened here (`…#key=K`): this browser becomes that player; the key leaves the
 * address bar at once. */
export function adoptKeyFromLink() {
  const match = /(?:^#|&)key=([0-9a-f]{32,128})(?:&|$)/i.exec(location.hash || '');
  if (!match) return false;
  store.setPlayerKey(match[1].toLowerCase());
  history.replaceState(null, '', location.pathname + location.search);
  return true;
}

/** The device link of key `key`: the "My games" page with the key in the fragment. */
export function deviceLink(key) {
  return `${location.origin}/me.html#key=${key}`;
}

/** Beyond a table's own page (which shows its own turn), the tab says when tables wait for the
 * player: "(2) " before the title and the turn favicon. */
function alertTab(waiting) {
  if (document.body.classList.contains('page-table')) return;
  const plain = document.title.replace(/^\(\d+\) /, '');
  document.title = waiting ? `(${waiting}) ${plain}` : plain;
  const icon = document.querySelector('link[rel="icon"]');
  if (icon) icon.setAttribute('href', waiting ? 'favicon-turn.svg' : 'favicon.svg');
  document.body.dataset.waiting = String(waiting);
}

/** The top bar's "My games" link, its count of tables waiting for the player kept fresh. */
export function myGamesLink() {
  const count = h('span', { class: 'my-games-count', id: 'my-games-count', hidden: true });
  // On phones only the icon (and the count) shows: the top bar has little room.
  const icon = s('svg', { viewBox: '0 0 24 24', width: 14, height: 14, 'aria-hidden': 'true', class: 'my-games-icon' },
    s('path', { fill: 'currentColor', d: 'M4 5h16v3H4zm0 5.5h16v3H4zM4 16h16v3H4z' }));
  const link = h('a', { class: 'btn small ghost my-games', id: 'my-games', href: 'me.html', 'aria-label': t('me.link') },
    icon, h('span', { class: 'my-games-label' }, t('me.link')), count);
  const refresh = async () => {
    if (!(await ensurePlayer())) return;
    try {
      const mine = await api.myTables();
      count.textContent = String(mine.your_turn);
      count.hidden = mine.your_turn === 0;
      link.title = t('me.waiting', { n: mine.your_turn });
      alertTab(mine.your_turn);
    } catch {
      // Offline: the link stays, without a count.
    }
  };
  refresh();
  setInterval(refresh, POLL_MS);
  openFeed(refresh);
  return link;
}

/** The player's feed (one WebSocket for the page, whatever the number of tables): `onTurn`
 * runs when one of their seats starts or stops being asked to act. The key goes in the first
 * message, never in the URL. Reconnects after a break. */
function openFeed(onTurn) {
  ensurePlayer().then((key) => {
    if (!key) return setTimeout(() => openFeed(onTurn), FEED_RETRY_MS);
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    let socket;
    try {
      socket = new WebSocket(`${scheme}//${location.host}/api/me/feed`);
    } catch {
      return setTimeout(() => openFeed(onTurn), FEED_RETRY_MS);
    }
    let refused = false;
    socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'hello', key })));
    socket.addEventListener('message', (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === 'turn') onTurn();
      else if (message.type === 'error') refused = true;
    });
    socket.addEventListener('close', () => {
      // A refused key (revoked elsewhere) is forgotten by the next API call; try again later.
      setTimeout(() => openFeed(onTurn), refused ? POLL_MS : FEED_RETRY_MS);
    });
  });
}
