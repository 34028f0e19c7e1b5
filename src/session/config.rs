//! The game set-up: who sits in each seat and how the AI thinks.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::ai::{AiSettings, Level, Seat};
use crate::record::TimeControl;
use crate::rules::{Game, Placement, Player, Ruleset};

/// Who plays and how the AI is set up: everything decided before the game.
///
/// New settings (a variant, a claim mode) go here as fields with a default, so
/// `GameConfig { .., ..GameConfig::default() }` keeps compiling everywhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GameConfig {
    /// Who sits in each seat, indexed by [`Player::index`] (Blue, Yellow).
    pub seats: [Seat; 2],
    /// The AI's thinking time per move; `None` for each level's default.
    pub think_ms: Option<u64>,
    /// Seed for the AI's random choices.
    pub seed: u64,
    /// The rules new games are played under (standard or corners).
    pub ruleset: Ruleset,
    /// Whether players must claim their own points (`--claim`).
    pub claims: bool,
    /// Threads for the AI's search and the replay's analysis (`--threads`);
    /// `None` for every core ([`crate::ai::thread_count`]).
    pub threads: Option<usize>,
    /// The clocks new games are played with (`--clock 5+3`); `None` for no clock.
    pub clock: Option<TimeControl>,
}

impl GameConfig {
    /// Who sits in `player`'s seat.
    pub fn seat(&self, player: Player) -> Seat {
        self.seats[player.index()]
    }

    /// Whether a person plays `player`.
    pub fn is_human(&self, player: Player) -> bool {
        self.seat(player) == Seat::Human
    }

    /// These settings for a game played on from a record at a position where
    /// `to_move` is to move: where two AIs sat, the person who asked to play on takes
    /// the side to move (the AIs would play the game out at once, as it went); any
    /// other seating stays.
    pub fn played_on(mut self, to_move: Player) -> GameConfig {
        if !self.seats.contains(&Seat::Human) {
            self.seats[to_move.index()] = Seat::Human;
        }
        self
    }

    /// A new game on the empty board under these rules.
    pub fn new_game(&self) -> Game {
        Game::with_rules(self.ruleset, self.claims)
    }

    /// A new game's course: its clocks, stopped, if these settings have a clock.
    pub fn new_course(&self) -> super::Course {
        super::Course::with_clock(self.clock.map(super::Clock::new))
    }

    /// These settings with the rules `game` is played under: a loaded, resumed or
    /// replayed game keeps its own rules, and a new game after it plays them too.
    pub fn with_rules_of(mut self, game: &Game) -> GameConfig {
        self.ruleset = game.ruleset();
        self.claims = game.claim_mode();
        self
    }

    /// The AI settings for `level`.
    pub fn ai_settings(&self, level: Level) -> AiSettings {
        AiSettings {
            level,
            think_ms: self.think_ms,
            seed: self.seed,
            threads: self.threads,
        }
    }
}

impl GameConfig {
    /// Takes back moves in `game` until one made by a person is taken back, so against
    /// the AI both the person's move and the AI's reply go. Returns how many moves went:
    /// 0 when no person has moved.
    pub fn undo_turn(&self, game: &mut Game) -> usize {
        if !game.placements().iter().any(|p| self.is_human(p.player)) {
            return 0;
        }
        let mut count = 0;
        while let Some(placement) = game.undo() {
            count += 1;
            if self.is_human(placement.player) {
                break;
            }
        }
        count
    }

    /// Plays again in `game` what undo took back, up to the next person's turn, and
    /// returns the last move replayed (`None` when there was nothing to redo).
    pub fn redo_turn(&self, game: &mut Game) -> Option<Placement> {
        let mut last = game.redo()?;
        while !game.is_over() && !self.is_human(game.to_move()) {
            match game.redo() {
                Some(placement) => last = placement,
                None => break,
            }
        }
        Some(last)
    }
}

/// A new seed each game, so the easy AI's mistakes vary.
pub fn fresh_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
