//! The seeds the match tools give each side (`strength`, and `mcts` against a
//! level other than hard), shared so that a level meets the same randomness in
//! both: medium's game `g` in an `mcts` run is its game `g` in a `strength` run.

use hijara::rules::Player;

/// A side's seed in game `game`, distinct per game and colour.
pub fn side_seed(seed: u64, game: u64, player: Player) -> u64 {
    (seed.wrapping_mul(1_000_003) ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(player.index() as u64 * 7919)
}
