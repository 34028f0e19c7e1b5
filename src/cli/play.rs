//! `hijara play` (and `hijara` alone): the full-screen game.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::ai::{Level, Seat};
use crate::ui::{self, GameConfig};

use super::PlayArgs;

/// The seat that plays at `level`.
fn seat_of(level: Level) -> Seat {
    match level {
        Level::Random => Seat::Random,
        Level::Easy => Seat::Easy,
        Level::Medium => Seat::Medium,
        Level::Hard => Seat::Hard,
    }
}

/// The game set-up the options ask for: `--ai LEVEL` is you as Blue against that level.
pub(crate) fn config(args: &PlayArgs) -> GameConfig {
    let seats = match args.ai {
        Some(level) => [Seat::Human, seat_of(level)],
        None => [args.blue, args.yellow],
    };
    // Without --seed, a new seed each game, so the easy AI's mistakes vary.
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    GameConfig {
        seats,
        think_ms: args.think_ms,
        seed,
    }
}

pub(crate) fn run(args: PlayArgs) -> anyhow::Result<()> {
    ui::play(config(&args))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_form_is_human_blue_against_the_ai() {
        let args = PlayArgs {
            ai: Some(Level::Hard),
            seed: Some(7),
            ..PlayArgs::default()
        };
        let config = config(&args);
        assert_eq!(config.seats, [Seat::Human, Seat::Hard]);
        assert_eq!(config.seed, 7);
    }

    #[test]
    fn default_is_hot_seat() {
        let config = config(&PlayArgs::default());
        assert_eq!(config.seats, [Seat::Human, Seat::Human]);
    }
}
