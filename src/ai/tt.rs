//! A bounded, lock-free transposition table keyed by a hash of the two bitboards.
//!
//! A position is determined by who owns each section, so `(blue, yellow)` is
//! the whole key; the side to move, the ply and the scores follow from it.
//!
//! The table is shared by every thread of a parallel search (`&TranspositionTable` is
//! enough to probe and store). Each slot is two atomic words, `key ^ data` and
//! `data`, written and read with relaxed ordering: a slot torn by two threads
//! writing at once fails the key check and reads as a miss (the "xor trick"),
//! so a probe never returns half of one entry and half of another.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::rules::{Player, Position, Ruleset, Square};

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

/// One stored search result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The stored value, from the mover's view.
    pub value: i32,
    /// The depth it was searched to (a search to the end of the game stores
    /// the position's empty sections).
    pub depth: u8,
    /// What the value bounds.
    pub bound: Bound,
    /// The best move found, if any.
    pub mv: Option<Square>,
}

/// Where each field sits in a packed entry: value in bits 0-31, depth 32-39,
/// bound 40-41 (0 marks an empty slot, so a zeroed table is empty), move 42-46
/// (0 for none, else the square's index + 1).
mod packed {
    pub const DEPTH: u32 = 32;
    pub const BOUND: u32 = 40;
    pub const MOVE: u32 = 42;
    pub const BOUND_MASK: u64 = 0b11;
    pub const MOVE_MASK: u64 = 0b1_1111;
}

impl Entry {
    fn pack(self) -> u64 {
        let bound: u64 = match self.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let mv = self.mv.map_or(0, |s| s.index() as u64 + 1);
        self.value as u32 as u64
            | (self.depth as u64) << packed::DEPTH
            | bound << packed::BOUND
            | mv << packed::MOVE
    }

    fn unpack(data: u64) -> Option<Entry> {
        let bound = match (data >> packed::BOUND) & packed::BOUND_MASK {
            0 => return None,
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        let mv = ((data >> packed::MOVE) & packed::MOVE_MASK) as u8;
        Some(Entry {
            value: data as u32 as i32,
            depth: (data >> packed::DEPTH) as u8,
            bound,
            mv: mv.checked_sub(1).and_then(Square::from_index),
        })
    }
}

/// The hash of a position: a mix of its two bitboards, without the ruleset.
/// Seeds the random levels' choices (kept as it is so seeded games stay the
/// same); transposition tables use [`key`], which adds the ruleset.
#[inline]
pub fn hash(position: &Position) -> u64 {
    hash_stones(
        position.stones(Player::Blue),
        position.stones(Player::Yellow),
    )
}

/// The table key of a position: its [`hash`], salted by its ruleset so that an
/// entry stored under one ruleset is never read under another (the engine can
/// switch variant, and hard keeps a table between moves). The standard rules'
/// salt is 0, so their keys, node counts and seeded games are unchanged.
#[inline]
pub fn key(position: &Position) -> u64 {
    hash(position) ^ RULESET_SALT[position.ruleset() as usize]
}

/// Each ruleset's salt for [`key`], indexed by `Ruleset as usize`. The hash is a
/// full avalanche mix, so a fixed odd constant moves a corners key as far from
/// every standard one as two random keys are from each other.
const RULESET_SALT: [u64; 2] = [0, 0xD1B5_4A32_D192_ED03];
const _: () = assert!(RULESET_SALT.len() == Ruleset::ALL.len());

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

/// One slot: `[key ^ data, data]`.
type Slot = [AtomicU64; 2];

/// A table of two-slot buckets: one slot keeps the deepest result, one the latest.
pub struct TranspositionTable {
    slots: Box<[Slot]>,
    mask: usize,
}

impl TranspositionTable {
    /// A table of `2^bits` buckets (32 bytes each).
    pub fn new(bits: u32) -> TranspositionTable {
        let buckets = 1usize << bits;
        TranspositionTable {
            slots: zeroed_slots(buckets * 2),
            mask: buckets - 1,
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key >> 16) as usize & self.mask) * 2
    }

    #[inline]
    fn read(slot: &Slot) -> (u64, u64) {
        let data = slot[1].load(Ordering::Relaxed);
        (slot[0].load(Ordering::Relaxed) ^ data, data)
    }

    #[inline]
    fn write(slot: &Slot, key: u64, data: u64) {
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }

    /// The stored result for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        self.slots[b..b + 2].iter().find_map(|slot| {
            let (k, data) = TranspositionTable::read(slot);
            if k == key { Entry::unpack(data) } else { None }
        })
    }

    /// Stores a result: into the deep slot when at least as deep (or the same
    /// position), otherwise into the always-replace slot.
    #[inline]
    pub fn store(&self, key: u64, entry: Entry) {
        let b = self.bucket(key);
        let (deep_key, deep_data) = TranspositionTable::read(&self.slots[b]);
        // Only the deep slot's bound (empty?) and depth matter: no full unpack.
        let deep_empty = (deep_data >> packed::BOUND) & packed::BOUND_MASK == 0;
        let deep_depth = (deep_data >> packed::DEPTH) as u8;
        let to_deep = deep_empty || deep_key == key || entry.depth >= deep_depth;
        let slot = if to_deep { b } else { b + 1 };
        TranspositionTable::write(&self.slots[slot], key, entry.pack());
    }
}

/// A table of its own with every entry of this one: for the tests that go on from
/// one kept table down several lines of play, none seeing another's entries. (The
/// product never copies a table; its searches share one through an `Arc`.)
#[cfg(test)]
impl Clone for TranspositionTable {
    fn clone(&self) -> TranspositionTable {
        let copy = TranspositionTable {
            slots: zeroed_slots(self.slots.len()),
            mask: self.mask,
        };
        for (to, from) in copy.slots.iter().zip(self.slots.iter()) {
            let words = from.each_ref().map(|w| w.load(Ordering::Relaxed));
            // Empty slots stay unwritten, so their pages stay unmapped.
            if words != [0, 0] {
                to[0].store(words[0], Ordering::Relaxed);
                to[1].store(words[1], Ordering::Relaxed);
            }
        }
        copy
    }
}

/// `len` atomic words, all zero, from zeroed memory: the system maps such a
/// block lazily, so a big table costs nothing until a search writes to it
/// (32 MiB of `AtomicU64::new(0)` written one by one take about 20 ms).
fn zeroed_slots(len: usize) -> Box<[Slot]> {
    let layout = match std::alloc::Layout::array::<Slot>(len) {
        Ok(layout) if layout.size() > 0 => layout,
        // Too big to address, or empty: build it the plain way.
        _ => {
            return (0..len)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect();
        }
    };
    // SAFETY: the layout is non-empty and describes `len` slots; an all-zero
    // `AtomicU64` is a valid value (it has the bit validity of `u64`); the
    // pointer comes from the global allocator with this very layout, as
    // `Box<[Slot]>` frees it, and a null pointer is handled before use.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<Slot>();
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        huge_pages(ptr.cast(), layout.size());
        Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len))
    }
}

/// Asks the system to back a big table with huge pages (2 MiB on x86-64) where it
/// can. A search writes all over its table: at 30,000 nodes nearly every 4 KiB page
/// of 32 MiB is first touched, 8,192 page faults a move; a test run of node-limited
/// games spent 17-34 s of system time in 7.3M such faults (s27). Only advice: the
/// memory and so every search stay the same, and where transparent huge pages are
/// off (or another system) nothing changes.
#[cfg(target_os = "linux")]
fn huge_pages(start: *mut u8, size: usize) {
    const HUGE: usize = 2 << 20;
    // The 2 MiB-aligned part of the block; a small table has none.
    let first = (start as usize).next_multiple_of(HUGE);
    let end = (start as usize).saturating_add(size) / HUGE * HUGE;
    if end > first {
        // SAFETY: [first, end) lies inside the block just allocated, which this
        // table owns; MADV_HUGEPAGE changes how pages are backed, never their
        // contents (still zero). Its error (EINVAL where the kernel has no
        // transparent huge pages) leaves the pages as they were: ignored.
        unsafe {
            libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
        }
    }
}

/// Other systems: no advice.
#[cfg(not(target_os = "linux"))]
fn huge_pages(_: *mut u8, _: usize) {}

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
        let t = TranspositionTable::new(4);
        let key = hash(&Position::new());
        assert!(t.probe(key).is_none());
        let entry = Entry {
            value: -42,
            depth: 3,
            bound: Bound::Lower,
            mv: Some(Square::D4),
        };
        t.store(key, entry);
        assert_eq!(t.probe(key), Some(entry));
        let none = Entry {
            mv: None,
            bound: Bound::Exact,
            value: i32::MIN + 1,
            depth: 64,
        };
        t.store(key, none);
        assert_eq!(t.probe(key), Some(none));
    }

    #[test]
    fn the_deep_slot_keeps_the_deepest_entry() {
        let t = TranspositionTable::new(0);
        let entry = |depth| Entry {
            value: depth as i32,
            depth,
            bound: Bound::Exact,
            mv: Some(Square::A1),
        };
        t.store(1 << 20, entry(9));
        t.store(2 << 20, entry(3));
        t.store(3 << 20, entry(4));
        // The deep entry survives; the shallow ones share the other slot.
        assert_eq!(t.probe(1 << 20), Some(entry(9)));
        assert_eq!(t.probe(2 << 20), None);
        assert_eq!(t.probe(3 << 20), Some(entry(4)));
    }

    #[test]
    fn a_slot_torn_by_two_writers_reads_as_a_miss() {
        let t = TranspositionTable::new(0);
        let a = Entry {
            value: 1,
            depth: 1,
            bound: Bound::Exact,
            mv: None,
        };
        let b = Entry { value: 2, ..a };
        // Writer A's key word (key 7) with writer B's data word (key 9).
        t.slots[0][0].store(7 ^ a.pack(), Ordering::Relaxed);
        t.slots[0][1].store(b.pack(), Ordering::Relaxed);
        assert_eq!(t.probe(7), None);
        assert_eq!(t.probe(9), None);
    }
}
