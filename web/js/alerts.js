// Turn alerts: the tab's title and icon say when the viewer has a decision to make, and — if
// the player switched them on — a short sound and a browser notification while the tab is in
// the background. Nothing here knows a game: the table page says when there is a decision.

import { h, s } from './dom.js';
import { t } from './strings.js';

const KEY = 'spieltisch.alerts';
const TURN_ICON = 'favicon-turn.svg';

const state = { lastStep: null, icon: null, audio: null };

/** The player's alert settings: `{sound, notify}`, both off until switched on. */
export function alertSettings() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || '{}');
    return { sound: saved.sound === true, notify: saved.notify === true };
  } catch (e) {
    return { sound: false, notify: false };
  }
}

function saveSettings(settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch (e) {
    // Storage full or blocked: the settings last for this page only.
  }
}

function iconLink() {
  if (!state.icon) {
    state.icon = document.querySelector('link[rel="icon"]');
    if (state.icon) state.icon.dataset.plain = state.icon.getAttribute('href');
  }
  return state.icon;
}

/** A short two-tone chime, made on the spot (no sound file to fetch). */
function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    state.audio = state.audio || new Context();
    const ctx = state.audio;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const start = ctx.currentTime + i * 0.16;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.15);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + 0.16);
    }
  } catch (e) {
    // Browsers may refuse sound before the page was clicked: the title and icon still say it.
  }
}

function notify(title) {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  try {
    const note = new Notification(t('alerts.your-turn'), { body: title, tag: 'spieltisch-turn' });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch (e) {
    // Some browsers only notify from a service worker: the title and icon still say it.
  }
}

/**
 * Shows in the tab whether the viewer has a decision at `step` of the table named `title`; the
 * sound and the notification (if switched on) come once per step, when the decision appears.
 */
export function showTurn({ decision, step, title }) {
  document.title = decision ? t('alerts.tab-turn', { title }) : t('alerts.tab', { title });
  document.body.dataset.alert = decision ? 'turn' : '';
  const link = iconLink();
  if (link) link.setAttribute('href', decision ? TURN_ICON : link.dataset.plain);
  if (!decision) {
    state.lastStep = null;
    return;
  }
  if (state.lastStep === step) return;
  state.lastStep = step;
  const settings = alertSettings();
  if (settings.sound) chime();
  if (settings.notify && document.hidden) notify(title);
}

/** A bell, drawn (headless and minimal systems have no emoji font). */
function bell() {
  return s('svg', { viewBox: '0 0 24 24', width: 12, height: 12, 'aria-hidden': 'true', class: 'alerts-bell' },
    s('path', { fill: 'currentColor', d: 'M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2zm6-6v-5c0-3.1-1.6-5.6-4.5-6.3V4a1.5 1.5 0 0 0-3 0v.7C7.6 5.4 6 7.9 6 11v5l-2 2v1h16v-1z' }));
}

/** The "Alerts" control of the top bar: sound and background notifications, on or off. */
export function alertControls() {
  const settings = alertSettings();
  const sound = h('input', { type: 'checkbox', id: 'alert-sound' });
  sound.checked = settings.sound;
  const notes = h('input', { type: 'checkbox', id: 'alert-notify' });
  notes.checked = settings.notify && 'Notification' in window && Notification.permission === 'granted';
  const status = h('span', { class: 'muted small', id: 'alert-status', role: 'status' });
  sound.addEventListener('change', () => {
    saveSettings({ ...alertSettings(), sound: sound.checked });
    if (sound.checked) chime();
  });
  notes.addEventListener('change', async () => {
    if (!notes.checked) {
      saveSettings({ ...alertSettings(), notify: false });
      status.textContent = '';
      return;
    }
    if (!('Notification' in window)) {
      notes.checked = false;
      status.textContent = t('alerts.no-notifications');
      return;
    }
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    notes.checked = permission === 'granted';
    saveSettings({ ...alertSettings(), notify: notes.checked });
    status.textContent = notes.checked ? '' : t('alerts.refused');
  });
  return h('details', { class: 'alerts', id: 'alerts' },
    h('summary', { title: t('alerts.title') }, bell(), h('span', { class: 'alerts-label' }, t('alerts.label'))),
    h('div', { class: 'alerts-menu' },
      h('p', { class: 'small' }, t('alerts.always')),
      h('label', {}, sound, t('alerts.sound')),
      h('label', {}, notes, t('alerts.notify')),
      status));
}
