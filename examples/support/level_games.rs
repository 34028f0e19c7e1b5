//! Whole games between two AI levels for the review tools (`review_error`,
//! `review_verdicts`): a seed per move, so the seeded levels vary within a game
//! too, and hard on a node budget and one thread, so a seed gives the same game
//! on any machine.

use anyhow::Context;
use hijara::ai::{AiSettings, Engine, Level, SearchLimit, easy, medium, random};
use hijara::rules::{Move, Player, Position};

/// The moves of a game from the start, `blue` against `yellow`, to a full board.
pub fn play_game(
    blue: Level,
    yellow: Level,
    seed: u64,
    hard_nodes: u64,
) -> anyhow::Result<Vec<Move>> {
    let mut position = Position::new();
    let mut moves = Vec::new();
    while !position.is_over() {
        let level = if position.to_move() == Player::Blue {
            blue
        } else {
            yellow
        };
        let s = seed.wrapping_mul(1000).wrapping_add(moves.len() as u64);
        let mv = match level {
            Level::Random => random::choose(&position, s),
            Level::Easy => easy::choose(&position, s),
            Level::Medium => medium::choose(&position, s),
            Level::Hard => {
                let settings = AiSettings {
                    threads: Some(1),
                    seed: s,
                    ..AiSettings::new(Level::Hard)
                };
                Engine::new(settings).choose(&position, &SearchLimit::nodes(hard_nodes))
            }
        }
        .context("a move on a board that is not full")?;
        position.play(mv)?;
        moves.push(mv);
    }
    Ok(moves)
}
