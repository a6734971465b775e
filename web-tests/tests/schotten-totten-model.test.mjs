// Unit tests of the Schotten-Totten renderer's pure parts, without a browser: the final claim
// turns (ST-31) read from the view and said in words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalize, finalClaimsNote } from '../../web/games/schotten-totten.js';

// The texts follow the page's language (web/js/i18n.js reads the switch's choice from
// localStorage first, at every call): pinned to English, so the test does not depend on the machine's locale.
globalThis.localStorage = { getItem: (key) => (key === 'spieltisch.lang' ? 'en' : null), setItem() {} };

test('the final claim turns left are read from the view and said', () => {
  const two = normalize({ phase: 'final-claims', final_claim_turns: 2 }, 0);
  assert.equal(two.finalClaimTurns, 2);
  assert.match(finalClaimsNote(two), /^Nobody can play a card: 2 final claim turns left, this one included/);
  assert.match(finalClaimsNote(normalize({ phase: 'final-claims', final_claim_turns: 1 }, 1)), /the last final claim turn,/);
  assert.equal(finalClaimsNote(normalize({ phase: 'play', final_claim_turns: null }, 0)), '');
});
