//! A bounded transposition table keyed by a hash of the two bitboards.
//!
//! A position is determined by who owns each section, so `(blue, yellow)` is
//! the whole key; the side to move, the ply and the scores follow from it.

use crate::rules::{Player, Position};

/// What a stored value means relative to the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (a beta cut-off).
    Lower,
    /// The true value is at most this (every move failed low).
    Upper,
}

/// One stored search result, packed: `[key, value | depth << 32 | bound << 40 | move << 48]`.
/// A bound of 0 marks an empty slot, so a zeroed table is empty (and cheap to allocate).
type Slot = [u64; 2];

/// A probe hit.
#[derive(Debug, Clone, Copy)]
pub struct Hit {
    /// The stored value.
    pub value: i32,
    /// The depth it was searched to.
    pub depth: u8,
    /// What the value bounds.
    pub bound: Bound,
    /// The best move's square index, if one was stored.
    pub mv: Option<u8>,
}

/// The hash of a position: a mix of its two bitboards.
#[inline]
pub fn hash(position: &Position) -> u64 {
    hash_stones(
        position.stones(Player::Blue),
        position.stones(Player::Yellow),
    )
}

/// The hash of the bitboards `(blue, yellow)`.
///
/// Each board goes through a full avalanche mix in turn, so every input bit
/// moves about half the output bits. An earlier hash, `blue * K1 ^ rotl(yellow,
/// 29) * K2` then one mix, collided on structured pairs: Blue's cell 63 and
/// Yellow's cell 34 both flip only bit 63 of the product, so two positions that
/// differ just there had one key. A 10-empty search met 200 such collisions
/// and took heuristic entries of other positions as exact (issue 9).
#[inline]
pub fn hash_stones(blue: u64, yellow: u64) -> u64 {
    mix(mix(blue ^ 0x9E37_79B9_7F4A_7C15) ^ yellow)
}

/// The splitmix64 finaliser: a bijection with full avalanche.
#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A table of two-slot buckets: one slot keeps the deepest result, one the latest.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` buckets (32 bytes each).
    pub fn new(bits: u32) -> Table {
        let buckets = 1usize << bits;
        Table {
            // All zeros: allocated lazily by the system, so a short search stays cheap.
            slots: vec![[0u64; 2]; buckets * 2],
            mask: buckets - 1,
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key >> 16) as usize & self.mask) * 2
    }

    /// The stored result for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let b = self.bucket(key);
        for slot in &self.slots[b..b + 2] {
            let data = slot[1];
            let bound = (data >> 40) as u8;
            if slot[0] == key && bound != 0 {
                let mv = (data >> 48) as u8;
                return Some(Hit {
                    value: data as u32 as i32,
                    depth: (data >> 32) as u8,
                    bound: match bound {
                        1 => Bound::Exact,
                        2 => Bound::Lower,
                        _ => Bound::Upper,
                    },
                    mv: (mv != 255).then_some(mv),
                });
            }
        }
        None
    }

    /// Stores a result: into the deep slot when at least as deep (or the same
    /// position), otherwise into the always-replace slot.
    #[inline]
    pub fn store(&mut self, key: u64, value: i32, depth: u8, bound: Bound, mv: Option<u8>) {
        let b = self.bucket(key);
        let bound = match bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = value as u32 as u64
            | (depth as u64) << 32
            | bound << 40
            | (mv.unwrap_or(255) as u64) << 48;
        let deep = self.slots[b];
        let deep_depth = (deep[1] >> 32) as u8;
        let deep_empty = (deep[1] >> 40) as u8 == 0;
        if deep_empty || deep[0] == key || depth >= deep_depth {
            self.slots[b] = [key, data];
        } else {
            self.slots[b + 1] = [key, data];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The old hash's failure: two boards that differ by one Blue bit and one
    /// Yellow bit. Every such pair around many bases must hash apart.
    #[test]
    fn boards_one_bit_apart_on_each_side_hash_apart() {
        // The pair a 10-empty search of issue 9 met, among 200 others.
        assert_ne!(
            hash_stones(0x536b_2bf0_8f10_a205, 0x2494_5407_70ef_5d32),
            hash_stones(0xd36b_2bf0_8f10_a205, 0x2494_5403_70ef_5d32)
        );
        let mut base = 0x0123_4567_89ab_cdefu64;
        for _ in 0..8 {
            base = mix(base);
            let (blue, yellow) = (base, mix(base) & !base);
            let mut seen = std::collections::HashSet::new();
            for i in 0..64 {
                for j in 0..64 {
                    seen.insert(hash_stones(blue ^ 1 << i, yellow ^ 1 << j));
                }
            }
            assert_eq!(seen.len(), 64 * 64);
        }
    }

    #[test]
    fn stores_and_probes() {
        let mut t = Table::new(4);
        let key = hash(&Position::new());
        assert!(t.probe(key).is_none());
        t.store(key, 42, 3, Bound::Lower, Some(5));
        let hit = t.probe(key).unwrap();
        assert_eq!(
            (hit.value, hit.depth, hit.bound, hit.mv),
            (42, 3, Bound::Lower, Some(5))
        );
    }
}
