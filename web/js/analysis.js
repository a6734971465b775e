// "Analyse my game" on the replay page: the Expert bot looks at each decision of the seat the
// replay is viewed as, in the background (a progress bar), then the replay marks each decision
// with its estimated chance against the best one, "mistake" (10 points or more below) and
// "blunder" (25 or more). The server stores the result (docs/web-api.md), so a second look
// is instant.

import { api, friendlyError } from './api.js';
import { h, replace } from './dom.js';
import { t } from './strings.js';

const POLL_MS = 500;

/** A chance (0 to 1) as whole percent. */
const pct = (x) => Math.round(x * 100);

/**
 * Runs the analysis panel in `panel` for seat `seat` (null: a spectator's view, which has no
 * decisions) of finished table `id`. `mine`: the viewer played that seat. `onResult(byIndex)`
 * gets the judged decisions by their index in the record once there are some.
 */
export function analysisPanel({ panel, id, seat, mine, name, onResult }) {
  const heading = h('h2', { id: 'analysis-title' }, t('analysis.heading'));
  if (seat === null) {
    replace(panel, heading, h('p', { class: 'muted small' }, t('analysis.choose-seat')));
    return;
  }
  let timer = null;
  const show = (...children) => replace(panel, heading, ...children);
  const askButton = () =>
    h('button', { type: 'button', class: 'btn primary', id: 'analyse', onclick: start }, mine ? t('analysis.mine') : t('analysis.theirs', { name }));

  function idle() {
    show(h('p', { class: 'muted small' }, t('analysis.about')), askButton());
  }

  function running(progress) {
    const { done, total } = progress;
    show(
      h('p', { class: 'small' }, t('analysis.running', { done, total })),
      h('progress', { id: 'analysis-progress', max: String(Math.max(total, 1)), value: String(done), 'aria-label': t('analysis.progress') }),
    );
    clearTimeout(timer);
    timer = setTimeout(poll, POLL_MS);
  }

  function failed(message) {
    show(h('p', { class: 'small error-text' }, message), askButton());
  }

  function done(analysis) {
    const byIndex = new Map(analysis.decisions.map((d) => [d.index, d]));
    const marked = analysis.decisions.filter((d) => d.mark);
    show(
      h('p', { class: 'small', id: 'analysis-summary' }, t('analysis.summary', { decisions: analysis.decisions.length, mistakes: analysis.mistakes, blunders: analysis.blunders })),
      marked.length
        ? h('p', { class: 'muted small' }, t('analysis.marks-in-log'))
        : h('p', { class: 'muted small' }, t('analysis.clean')),
    );
    onResult(byIndex);
  }

  function answer(json) {
    if (json.status === 'done') done(json.analysis);
    else if (json.status === 'running') running(json);
    else failed(t('analysis.failed', { message: json.message || '' }));
  }

  async function poll() {
    try {
      answer(await api.analysis(id, seat));
    } catch (e) {
      failed(friendlyError(e.code, e.message));
    }
  }

  async function start() {
    try {
      answer(await api.analyse(id, seat));
    } catch (e) {
      failed(friendlyError(e.code, e.message));
    }
  }

  // An analysis asked for before (by anyone) is shown at once; else the button.
  api.analysis(id, seat).then(answer, (e) => (e.status === 404 ? idle() : failed(friendlyError(e.code, e.message))));
}

/** The mark of a judged decision in the move list: "?" (mistake) or "??" (blunder). */
export function markBadge(decision) {
  if (!decision || !decision.mark) return null;
  const text = decision.mark === 'blunder' ? '??' : '?';
  return h('span', { class: `analysis-mark ${decision.mark}`, title: t(`analysis.${decision.mark}`) }, ` ${text}`);
}

/** What the analysis says of one decision, for the line under the board. `describe(action)`
 * says an action in words ('' when it cannot). */
export function judgement(decision, describe) {
  if (!decision) return null;
  const words = (a) => describe(a) || a;
  const parts = [t('analysis.chance', { pct: pct(decision.chance) })];
  if (decision.best !== decision.action) parts.push(t('analysis.best', { pct: pct(decision.best_chance), action: words(decision.best) }));
  else parts.push(t('analysis.was-best'));
  return h(
    'span',
    { class: ['analysis-judgement', decision.mark], dataset: { mark: decision.mark || '' } },
    decision.mark ? h('strong', {}, `${t(`analysis.${decision.mark}`)}: `) : null,
    parts.join(' · '),
  );
}
