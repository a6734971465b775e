// The server's HTTP API (docs/web-api.md) and what the browser remembers in localStorage.

import { t } from './strings.js';

/** An error answer of the API: `code` is the server's error code, `message` its human text. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code || 'http';
  }
}

async function request(method, path, body, { withKey = true } = {}) {
  const key = withKey ? store.playerKey() : null;
  const headers = body === undefined ? {} : { 'content-type': 'application/json' };
  if (key) headers.authorization = `Bearer ${key}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, 'network', 'The server cannot be reached. Is it running?');
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (key && response.status === 401 && data && data.error === 'unknown-player') {
    // The player's keys were revoked (on another device): this browser is nobody now; the next
    // page gets it a new player. The request goes on without a key.
    store.setPlayerKey(null);
    return request(method, path, body, { withKey: false });
  }
  if (!response.ok) {
    throw new ApiError(response.status, data && data.error, (data && data.message) || text || response.statusText);
  }
  return data;
}

/** The calls of the HTTP API. */
export const api = {
  games: () => request('GET', '/api/games'),
  limits: () => request('GET', '/api/limits'),
  tables: (status) => request('GET', `/api/tables${status ? `?status=${encodeURIComponent(status)}` : ''}`),
  table: (id) => request('GET', `/api/tables/${encodeURIComponent(id)}`),
  createTable: (body) => request('POST', '/api/tables', body),
  join: (id, name, seat, invite) =>
    request('POST', `/api/tables/${encodeURIComponent(id)}/join`, {
      name,
      ...(seat === undefined || seat === null ? {} : { seat }),
      ...(invite ? { invite } : {}),
    }),
  seatToken: (id) => request('POST', `/api/tables/${encodeURIComponent(id)}/token`, {}),
  close: (id, owner) => request('POST', `/api/tables/${encodeURIComponent(id)}/close`, { owner }),
  rematch: (id) => request('POST', `/api/tables/${encodeURIComponent(id)}/rematch`),
  record: (id) => request('GET', `/api/tables/${encodeURIComponent(id)}/record`),
  newPlayer: (name) => request('POST', '/api/players', name ? { name } : {}, { withKey: false }),
  me: () => request('GET', '/api/me'),
  rename: (name) => request('PUT', '/api/me', { name }),
  revoke: () => request('POST', '/api/me/revoke', {}),
  myTables: () => request('GET', '/api/me/tables'),
  myRatings: () => request('GET', '/api/me/ratings'),
  leaderboard: (game) => request('GET', `/api/ratings/${encodeURIComponent(game)}`),
  analysis: (id, seat) => request('GET', `/api/tables/${encodeURIComponent(id)}/analysis?seat=${seat}`),
  analyse: (id, seat) => request('POST', `/api/tables/${encodeURIComponent(id)}/analysis`, { seat }),
  replay: (id, seat) =>
    request('GET', `/api/tables/${encodeURIComponent(id)}/replay${seat === null || seat === undefined ? '' : `?seat=${seat}`}`),
};

/** The URL of a table's record, for download links. */
export const recordUrl = (id) => `/api/tables/${encodeURIComponent(id)}/record`;

/** The WebSocket URL of a table; without a token the socket is a spectator's. */
export function wsUrl(id, token) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `${scheme}//${location.host}/api/tables/${encodeURIComponent(id)}/ws${query}`;
}

function get(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function set(key, value) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, String(value));
  } catch {
    // Private mode without storage: the page still works, it only forgets.
  }
}

/** What the browser remembers: the player key, the display name and a seat token per table. */
export const store = {
  /** This browser's player key (docs/web-api.md: the server keeps only its hash). */
  playerKey: () => get('spieltisch.player'),
  setPlayerKey: (key) => set('spieltisch.player', key),
  name: () => get('spieltisch.name') || '',
  setName: (name) => set('spieltisch.name', name),
  token: (id) => get(`spieltisch.token.${id}`),
  seat: (id) => {
    const seat = get(`spieltisch.seat.${id}`);
    return seat === null || seat === '' ? null : Number(seat);
  },
  saveSeat: (id, seat, token) => {
    set(`spieltisch.token.${id}`, token);
    set(`spieltisch.seat.${id}`, seat);
  },
  forget: (id) => {
    set(`spieltisch.token.${id}`, null);
    set(`spieltisch.seat.${id}`, null);
    set(`spieltisch.owner.${id}`, null);
  },
  /** The token that lets the creator close table `id`. */
  owner: (id) => get(`spieltisch.owner.${id}`),
  saveOwner: (id, owner) => set(`spieltisch.owner.${id}`, owner),
};

/** Human text for an error code of the API or the WebSocket. */
export function friendlyError(code, message) {
  const known = ['not-your-turn', 'not-seated', 'not-started', 'over', 'too-fast', 'too-large', 'bad-request', 'invite-required', 'wrong-invite', 'too-many', 'closed', 'name-taken', 'stopping', 'moved', 'hint-busy', 'hint-later', 'no-hint', 'hint-failed', 'hint-rated', 'not-ratable', 'rated-needs-player', 'already-seated'];
  // Codes whose own words say it all (the server's English message adds nothing).
  const complete = ['not-your-turn', 'name-taken', 'stopping', 'moved', 'hint-busy', 'hint-later', 'no-hint', 'hint-rated', 'rated-needs-player', 'already-seated'];
  if (code === 'illegal') return message ? t('error.illegal-because', { message }) : t('error.illegal');
  if (!known.includes(code)) return message || code;
  const text = t(`error.${code}`);
  return message && !complete.includes(code) ? `${text} (${message})` : text;
}

/** The page URL of a table, a replay and the lobby. */
export const links = {
  table: (id) => `table.html?id=${encodeURIComponent(id)}`,
  replay: (id, seat) => `replay.html?id=${encodeURIComponent(id)}${seat === null || seat === undefined ? '' : `&seat=${seat}`}`,
  lobby: () => './',
  ratings: (game) => `ratings.html${game ? `?game=${encodeURIComponent(game)}` : ''}`,
};
