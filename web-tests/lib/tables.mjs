// Tables made through the HTTP API, and a browser page seated at one: for tests that need a
// table in a given state without clicking through the lobby.

import assert from 'node:assert/strict';

/** POSTs `body` as JSON to `url` and returns the JSON answer; fails the test on an error status. */
export async function post(url, body) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await response.json();
  assert.ok(response.ok, `POST ${url}: ${JSON.stringify(json)}`);
  return json;
}

/** Stores the seat `joined` (the join answer) of table `id` in `page`'s origin, as the lobby does. */
export async function keepSeat(page, serverUrl, id, joined) {
  await page.goto(`${serverUrl}/`);
  await page.evaluate(({ id, seat, token }) => {
    localStorage.setItem(`spieltisch.token.${id}`, token);
    localStorage.setItem(`spieltisch.seat.${id}`, String(seat));
  }, { id, seat: joined.seat, token: joined.token });
}
