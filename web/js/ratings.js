// The leaderboard: a game's rated players, best first (your row marked), beside its bot levels'
// fixed ratings on the same scale.

import { api, links, friendlyError } from './api.js';
import { h, replace, toast } from './dom.js';
import { t } from './strings.js';
import { setupPage } from './page.js';
import { ensurePlayer } from './player.js';
import { ratingText } from './tableui.js';

const $ = (id) => document.getElementById(id);

async function draw(game) {
  try {
    const board = await api.leaderboard(game);
    const rows = board.players.map((p) =>
      h('tr', { class: p.you && 'you' },
        h('td', {}, String(p.rank)),
        h('td', {}, p.name || '—', p.you ? h('span', { class: 'you-badge' }, t('seat.you-badge')) : null),
        h('td', { class: 'board-rating' }, ratingText(p)),
        h('td', {}, String(p.games))));
    replace($('board-rows'), rows.length ? rows : h('tr', {}, h('td', { colspan: 4, class: 'muted' }, t('ratings.none'))));
    replace($('board-levels'), board.levels.map((l) => h('li', {}, t('new.level', { level: t(`level.${l.level}`), rating: l.rating }))));
  } catch (e) {
    toast(friendlyError(e.code, e.message), 'error');
  }
}

async function start() {
  setupPage();
  await ensurePlayer();
  let games = [];
  try {
    games = await api.games();
  } catch (e) {
    toast(friendlyError(e.code, e.message), 'error');
    return;
  }
  const wanted = new URLSearchParams(location.search).get('game');
  const select = $('board-game');
  replace(select, games.map((g) => h('option', { value: g.name }, g.title)));
  select.value = games.some((g) => g.name === wanted) ? wanted : games[0].name;
  select.addEventListener('change', () => {
    history.replaceState(null, '', links.ratings(select.value));
    draw(select.value);
  });
  await draw(select.value);
}

start();
