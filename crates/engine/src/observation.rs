//! Observation tensors: what one seat knows, as a flat vector of `f32` for learning code.
//!
//! A game that offers them says the tensor's shape for a config and seat count
//! ([`crate::Game::observation_shape`]) and fills it for a seat ([`crate::Game::observe`]). The
//! contract, which [`crate::testing`] checks for every game:
//! - **The seat's information set only**: the tensor is a function of what the seat may know
//!   (its view): equal in every world [`crate::Game::determinize`] samples for that seat.
//! - **The declared shape**: `observe` writes exactly the product of the shape's values, and
//!   only finite numbers.
//! - **Allocation-free**: it writes into the caller's buffer, so environments that observe
//!   every step reuse one buffer.
//!
//! Each game documents its layout (segment by segment, in order) in its crate docs; the
//! [`Tensor`] writer keeps a fill in step with it.

/// A cursor that writes an observation segment by segment into a caller's buffer.
///
/// Every write advances the cursor; [`Tensor::finish`] checks (in debug builds) that the whole
/// buffer was written, so a layout and its length cannot drift apart unnoticed.
///
/// ```
/// use engine::Tensor;
///
/// let mut out = [9.0f32; 7];
/// let mut t = Tensor::new(&mut out);
/// t.one_hot(Some(1), 3); // a seat of three
/// t.bits(0b101, 3);      // a set of three things
/// t.scaled(2, 4);        // a count of at most 4
/// t.finish();
/// assert_eq!(out, [0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.5]);
/// ```
#[derive(Debug)]
pub struct Tensor<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> Tensor<'a> {
    /// A writer at the start of `out`, which it zeroes.
    pub fn new(out: &'a mut [f32]) -> Self {
        // One fill of the whole buffer: a fill per segment was a tenth of a step of games
        // with many small segments. The cursor only moves on, so what is past it stays zero.
        out.fill(0.0);
        Tensor { out, at: 0 }
    }

    /// The next `n` values, zeroed, for a fill of its own; the cursor moves past them.
    #[inline]
    pub fn take(&mut self, n: usize) -> &mut [f32] {
        let segment = &mut self.out[self.at..self.at + n];
        self.at += n;
        segment
    }

    /// One value.
    #[inline]
    pub fn value(&mut self, x: f32) {
        self.out[self.at] = x;
        self.at += 1;
    }

    /// A flag: 1 or 0.
    #[inline]
    pub fn flag(&mut self, on: bool) {
        self.value(if on { 1.0 } else { 0.0 });
    }

    /// A count scaled by the most it can be (`count / max`, so mostly within 0 to 1).
    #[inline]
    pub fn scaled(&mut self, count: impl Into<f64>, max: impl Into<f64>) {
        // In f32, and by the reciprocal: a division a value was most of the time of
        // observations of many counts, and a constant or loop-invariant `max`'s reciprocal is
        // worked out once (the value may differ from the quotient in the last bit).
        let max = max.into() as f32;
        self.value(if max == 0.0 { 0.0 } else { count.into() as f32 * (1.0 / max) });
    }

    /// `n` values, the one at `index` set (none set for `None` or an index past `n`).
    #[inline]
    pub fn one_hot(&mut self, index: Option<usize>, n: usize) {
        let segment = self.take(n);
        if let Some(i) = index.filter(|&i| i < n) {
            segment[i] = 1.0;
        }
    }

    /// `n` values, value `i` set where bit `i` of `bits` is.
    #[inline]
    pub fn bits(&mut self, bits: u128, n: usize) {
        let segment = self.take(n);
        let mut rest = if n >= 128 { bits } else { bits & ((1u128 << n) - 1) };
        while rest != 0 {
            segment[rest.trailing_zeros() as usize] = 1.0;
            rest &= rest - 1;
        }
    }

    /// How many values are written so far.
    pub fn written(&self) -> usize {
        self.at
    }

    /// Ends the fill; in debug builds, checks that it wrote the whole buffer.
    pub fn finish(self) {
        debug_assert_eq!(self.at, self.out.len(), "an observation fill wrote {} of {} values", self.at, self.out.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_follow_each_other_and_clear_what_they_cover() {
        let mut out = [7.0f32; 9];
        let mut t = Tensor::new(&mut out);
        t.one_hot(None, 2);
        t.one_hot(Some(5), 2); // out of range: nothing set
        t.bits(u128::MAX, 3);
        t.flag(true);
        t.scaled(1, 0);
        assert_eq!(t.written(), 9);
        t.finish();
        assert_eq!(out, [0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 0.0]);
    }
}
