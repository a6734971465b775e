//! Secret seat tokens and public table ids.
//!
//! A seat token is 160 random bits from the operating system's generator, as 40 hex digits. Only
//! its SHA-256 hash is stored: a leaked database does not let anyone act for a seat.

use rand::Rng;
use sha2::{Digest, Sha256};

/// The hash of a seat token, as stored.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct TokenHash(String);

impl TokenHash {
    /// The hash of `token`.
    pub(crate) fn of(token: &str) -> TokenHash {
        TokenHash(hex(&Sha256::digest(token.as_bytes())))
    }

    /// A hash as the database holds it.
    pub(crate) fn from_stored(hash: String) -> TokenHash {
        TokenHash(hash)
    }

    /// The hash as stored.
    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether this is `other`, compared in constant time (how long it takes says nothing
    /// about where two hashes differ).
    pub(crate) fn matches(&self, other: &TokenHash) -> bool {
        use subtle::ConstantTimeEq;
        self.0.len() == other.0.len() && bool::from(self.0.as_bytes().ct_eq(other.0.as_bytes()))
    }
}

/// A new seat token (160 random bits, URL-safe).
pub(crate) fn new_token() -> String {
    let bytes: [u8; 20] = rand::rng().random();
    hex(&bytes)
}

/// A server's node id for this run: random, so a restarted server is a new owner.
pub(crate) fn new_node_id() -> String {
    new_token()[..16].to_owned()
}

/// A new table id: 10 characters of `[a-z0-9]`.
pub(crate) fn new_table_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::rng();
    (0..10).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char).collect()
}

/// Whether `id` could be a table id (checked before any lookup).
pub(crate) fn plausible_table_id(id: &str) -> bool {
    (1..=32).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 15)] as char);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_distinct_and_hash_stably() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 40);
        assert_ne!(a, b);
        assert_eq!(TokenHash::of(&a), TokenHash::of(&a));
        assert_ne!(TokenHash::of(&a), TokenHash::of(&b));
        assert_ne!(TokenHash::of(&a).as_str(), a);
        assert!(TokenHash::of(&a).matches(&TokenHash::from_stored(TokenHash::of(&a).as_str().to_owned())));
        assert!(!TokenHash::of(&a).matches(&TokenHash::of(&b)));
        assert!(!TokenHash::of(&a).matches(&TokenHash::from_stored(String::new())));
    }

    #[test]
    fn table_ids_are_plausible() {
        let id = new_table_id();
        assert!(plausible_table_id(&id), "{id}");
        assert!(!plausible_table_id("../etc"));
        assert!(!plausible_table_id(""));
    }
}
