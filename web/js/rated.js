// The lobby's "Rated" choice: a rated table needs a time control, bots chosen by level (their
// ratings are fixed) and its creator at the table with their player key; the form follows.

const $ = (id) => document.getElementById(id);

/** Whether the table to create is rated. */
export function rated() {
  return $('rated').checked;
}

/** Makes the form fit a rated table while "Rated" is ticked: levels only for bots, a time
 * control (two minutes a decision when it was off), the creator seated. Called after the seats
 * are drawn again, and when the box changes. */
export function applyRated() {
  const on = rated();
  for (const select of document.querySelectorAll('#seat-list select[data-seat]')) {
    for (const option of select.options) {
      // A bot spec of "Advanced" is no level: it has no fixed rating.
      const advanced = option.value.startsWith('bot:') && option.parentElement.tagName === 'OPTGROUP' && !option.parentElement.dataset.levels;
      option.disabled = on && advanced;
    }
    if (on && select.selectedOptions[0] && select.selectedOptions[0].disabled) {
      select.value = [...select.options].find((o) => !o.disabled && o.value.startsWith('bot:'))?.value || 'human';
      select.dispatchEvent(new Event('change'));
    }
  }
  const clock = $('clock');
  if (on && !clock.value) {
    clock.value = '120';
    clock.dataset.touched = 'yes';
  }
  for (const option of clock.options) if (option.value === '') option.disabled = on;
  if (on) $('sit-down').checked = true;
  $('sit-down').disabled = on;
}

/** Wires the box. */
export function setupRated() {
  $('rated').addEventListener('change', applyRated);
}
