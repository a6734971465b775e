//! Where an action stands in the legal-action list: a small open-addressing table, built only
//! when a long list must be searched, so finding a node's children among many legal actions
//! costs a hash instead of a scan.

use std::hash::{Hash, Hasher};

/// Lists up to this long are scanned; longer ones get a table.
const SCAN_MAX: usize = 12;

/// An index of one legal-action list; reused (and rebuilt lazily) for every list.
#[derive(Clone, Debug, Default)]
pub(crate) struct LegalIndex {
    /// Position + 1 of the action hashed to each slot; 0 = empty. Length a power of two.
    slots: Vec<u32>,
    built: bool,
}

impl LegalIndex {
    /// Forgets the previous list.
    #[inline]
    pub fn reset(&mut self) {
        self.built = false;
    }

    /// Where `action` is in `legal` (the list since the last [`LegalIndex::reset`]), trying
    /// position `hint` first.
    #[inline]
    pub fn position<A: Hash + Eq>(&mut self, legal: &[A], action: &A, hint: usize) -> Option<usize> {
        if legal.get(hint) == Some(action) {
            return Some(hint);
        }
        if legal.len() <= SCAN_MAX {
            return legal.iter().position(|a| a == action);
        }
        if !self.built {
            self.build(legal);
        }
        let mask = self.slots.len() - 1;
        let mut slot = hash(action) as usize & mask;
        loop {
            match self.slots[slot] {
                0 => return None,
                at if legal[at as usize - 1] == *action => return Some(at as usize - 1),
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    fn build<A: Hash>(&mut self, legal: &[A]) {
        let size = (legal.len() * 2).next_power_of_two();
        self.slots.clear();
        self.slots.resize(size, 0);
        let mask = size - 1;
        for (at, action) in legal.iter().enumerate() {
            let mut slot = hash(action) as usize & mask;
            while self.slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = at as u32 + 1;
        }
        self.built = true;
    }
}

fn hash<A: Hash>(action: &A) -> u64 {
    let mut hasher = Fx(0);
    action.hash(&mut hasher);
    // Fold the high bits in: the table masks the low ones.
    hasher.0 ^ (hasher.0 >> 29)
}

/// The Fx hash (as in rustc): a rotate, xor and multiply per word. Fast for the few small
/// integers an action hashes to; not DoS-resistant, which does not matter here.
struct Fx(u64);

impl Fx {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    fn write_isize(&mut self, i: isize) {
        self.add(i as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_action_of_long_and_short_lists() {
        let mut index = LegalIndex::default();
        for len in [0usize, 3, 12, 13, 54, 200] {
            let legal: Vec<(u8, u16)> = (0..len).map(|i| ((i % 7) as u8, (i * 31) as u16)).collect();
            index.reset();
            for (at, action) in legal.iter().enumerate() {
                assert_eq!(index.position(&legal, action, 0), Some(at));
                assert_eq!(index.position(&legal, action, len.saturating_sub(1)), Some(at));
            }
            assert_eq!(index.position(&legal, &(99, 1), 0), None);
        }
    }
}
