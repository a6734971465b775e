//! Where a fuzz run's choices come from: the fuzzer's bytes while they last, then a generator
//! seeded from them, so every input plays its game to the end.

use arbitrary::Unstructured;
use rand::Rng;

use crate::rng::{GameRng, seeded};

/// The choices of one fuzz input.
pub(super) struct Source<'a> {
    bytes: Unstructured<'a>,
    rest: GameRng,
}

impl<'a> Source<'a> {
    /// Choices from `data`; once it is used up, from a generator seeded by a hash of `data`
    /// (FNV-1a: the same input always plays the same game).
    pub(super) fn new(data: &'a [u8]) -> Self {
        let hash =
            data.iter().fold(0xCBF2_9CE4_8422_2325_u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01B3));
        Source { bytes: Unstructured::new(data), rest: seeded(hash) }
    }

    /// A number below `n` (`n > 0`).
    pub(super) fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        if self.bytes.is_empty() {
            return self.rest.random_range(0..n);
        }
        self.bytes.int_in_range(0..=n - 1).unwrap_or(0)
    }

    /// One byte.
    pub(super) fn byte(&mut self) -> u8 {
        self.below(256) as u8
    }

    /// A 64-bit number (a seed).
    pub(super) fn u64(&mut self) -> u64 {
        if self.bytes.is_empty() {
            return self.rest.random();
        }
        self.bytes.arbitrary().unwrap_or(0)
    }

    /// One of `items` (not empty).
    pub(super) fn pick<'t, T>(&mut self, items: &'t [T]) -> &'t T {
        &items[self.below(items.len())]
    }

    /// Some text: up to `max` bytes of the input read as UTF-8 (lossily), or a short run of
    /// characters from `alphabet` once the input is used up.
    pub(super) fn text(&mut self, max: usize, alphabet: &[char]) -> String {
        let len = self.below(max + 1);
        if self.bytes.is_empty() {
            return (0..len).map(|_| *self.pick(alphabet)).collect();
        }
        let bytes = self.bytes.bytes(len.min(self.bytes.len())).unwrap_or(&[]);
        String::from_utf8_lossy(bytes).into_owned()
    }
}
