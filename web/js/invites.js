// After creating a private table: its invite links, each with a copy button, and the way to the
// table.

import { links } from './api.js';
import { h, replace, toast } from './dom.js';
import { t } from './strings.js';

const $ = (id) => document.getElementById(id);

/** After creating a private table: its invite links to copy, and the way to the table. */
export function showInvites(table, invites) {
  const items = invites.map((invite) => {
    const url = new URL(invite.link, location.href).href;
    const label = invite.seat === null || invite.seat === undefined ? t('invites.any-seat') : t('new.seat', { n: invite.seat + 1 });
    const field = h('input', { type: 'text', readonly: true, value: url, 'aria-label': t('invites.link', { label }), dataset: { seat: invite.seat ?? '' } });
    const copy = h('button', { type: 'button', class: 'btn small', onclick: async () => {
      field.select();
      try {
        await navigator.clipboard.writeText(url);
        toast(t('invites.copied'));
      } catch {
        toast(t('invites.copy-by-hand'));
      }
    } }, t('invites.copy'));
    return h('li', {}, h('span', { class: 'small' }, label), field, copy);
  });
  replace($('invite-links'), items);
  $('go-to-table').href = links.table(table.id);
  $('invites').hidden = false;
  $('invites').scrollIntoView({ block: 'start' });
}
