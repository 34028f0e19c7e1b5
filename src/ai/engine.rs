//! [`Engine`]: one AI player, owning everything it keeps between moves.
//!
//! Whoever plays owns one: the AI worker of a seat, an engine-protocol session,
//! a self-play game. Nothing is process-wide, so two games in one process (a
//! server's) never see each other's tables or settings.

use super::book::Book;
use super::decision::Decision;
use super::hard::{self, Kept};
use super::limit::SearchLimit;
use super::settings::{AiSettings, Level};
use super::{easy, medium, random};
use crate::rules::{Move, Position};

/// One AI player: its settings, and hard's kept proofs and table (which
/// change its speed, never the soundness of a proof).
pub struct Engine {
    settings: AiSettings,
    kept: Option<Kept>,
    /// Hard's opening book, if it plays from one.
    book: Option<&'static Book>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("settings", &self.settings)
            .field("keeps_a_proof", &self.kept.is_some())
            .finish()
    }
}

/// A second player in this one's state, its table a copy (tests only: the state
/// after a long proof, reused for several continuations instead of proving again).
/// The product has no use for it: whoever plays owns one player.
#[cfg(test)]
impl Clone for Engine {
    fn clone(&self) -> Engine {
        Engine {
            settings: self.settings,
            kept: self.kept.clone(),
            book: self.book,
        }
    }
}

#[cfg(test)]
impl Engine {
    /// A second player in this one's state without its kept proofs: its table a
    /// copy, no proof (tests only: what the kept table does alone).
    pub(crate) fn with_table_only(&self) -> Engine {
        Engine {
            settings: self.settings,
            kept: self.kept.as_ref().map(Kept::table_only),
            book: self.book,
        }
    }
}

impl Engine {
    /// A player with these settings, keeping nothing yet; hard plays from the
    /// shipped opening book ([`Book::shipped`]).
    pub fn new(settings: AiSettings) -> Engine {
        Engine::with_book(settings, Some(Book::shipped()))
    }

    /// A player with these settings whose hard level plays from `book` (or
    /// searches every move, with `None`: the tool that builds the book).
    pub fn with_book(settings: AiSettings, book: Option<&'static Book>) -> Engine {
        Engine {
            settings,
            kept: None,
            book,
        }
    }

    /// The settings.
    pub fn settings(&self) -> &AiSettings {
        &self.settings
    }

    /// Changes the settings. What is kept stays: a kept proof applies only to
    /// positions that follow it under its own rules, whatever the settings.
    pub fn set_settings(&mut self, settings: AiSettings) {
        self.settings = settings;
    }

    /// Forgets the kept proofs and table: the next move is searched from
    /// nothing, as by a new player.
    pub fn forget(&mut self) {
        self.kept = None;
    }

    /// The move to play in `position`, or `None` when the board is full.
    ///
    /// Hard thinks within `limit`; a limit with no time, deadline or node count
    /// (say only a stop flag) means the settings' thinking time. The other
    /// levels answer at once. Call it from a worker thread in a UI. With one
    /// thread and a node limit, the same settings, position and history give
    /// the same move.
    pub fn choose(&mut self, position: &Position, limit: &SearchLimit) -> Option<Move> {
        self.decide(position, limit).map(|d| d.mv)
    }

    /// Like [`Engine::choose`], with what the level decided and why.
    pub fn decide(&mut self, position: &Position, limit: &SearchLimit) -> Option<Decision> {
        let s = self.settings;
        let quick = |mv: Option<Move>| {
            mv.map(|mv| Decision {
                mv,
                search: None,
                solved: None,
                margin: None,
                mirrored: false,
                nodes: 0,
                book: false,
            })
        };
        match s.level {
            Level::Random => quick(random::choose(position, s.seed)),
            Level::Easy => quick(easy::choose(position, s.seed)),
            Level::Medium => quick(medium::choose(position, s.seed)),
            Level::Hard => {
                let limit = if limit.is_unbounded() {
                    SearchLimit {
                        stop: limit.stop,
                        ..s.limit()
                    }
                } else {
                    *limit
                };
                hard::decide(
                    position,
                    &limit,
                    s.seed,
                    s.threads(),
                    &mut self.kept,
                    self.book,
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_support::random_position;

    /// Hard against hard, node-limited on one thread: each side its own player.
    fn players(seed: u64) -> [Engine; 2] {
        [seed, seed + 1].map(|seed| {
            Engine::new(AiSettings {
                seed,
                threads: Some(1),
                ..AiSettings::new(Level::Hard)
            })
        })
    }

    /// One move of the game; whether the mover's player keeps a proof after it.
    /// Every detail of the decision is recorded: its move, proof, search and nodes.
    fn step(engines: &mut [Engine; 2], position: &mut Position, moves: &mut Vec<Decision>) -> bool {
        let engine = &mut engines[position.to_move().index()];
        let d = engine
            .decide(position, &SearchLimit::nodes(20_000))
            .unwrap();
        position.play(d.mv).unwrap();
        moves.push(d);
        engine.kept.is_some()
    }

    /// The moves of a whole game from `start`, played alone; and whether a proof was kept.
    fn alone(start: Position, seed: u64) -> (Vec<Decision>, bool) {
        let (mut engines, mut position, mut moves) = (players(seed), start, Vec::new());
        let mut kept = false;
        while !position.is_over() {
            kept |= step(&mut engines, &mut position, &mut moves);
        }
        (moves, kept)
    }

    #[test]
    fn two_games_at_once_cannot_see_each_others_tables() {
        // 28 empty sections: both games reach hard's solve range and keep proofs,
        // and node-limited moves change if a search finds another game's entries.
        let starts = [random_position(36, 1), random_position(36, 2)];
        let (a, kept_a) = alone(starts[0], 10);
        let (b, kept_b) = alone(starts[1], 20);
        assert!(
            kept_a && kept_b,
            "the games must keep proofs for this to test anything"
        );
        assert_ne!(a, b);

        // Both in one thread, a move of each in turn.
        let mut games = [
            (players(10), starts[0], Vec::new()),
            (players(20), starts[1], Vec::new()),
        ];
        while games.iter().any(|g| !g.1.is_over()) {
            for (engines, position, moves) in &mut games {
                if !position.is_over() {
                    step(engines, position, moves);
                }
            }
        }
        assert_eq!((&games[0].2, &games[1].2), (&a, &b));

        // Both on their own threads at the same time.
        let (x, y) = std::thread::scope(|scope| {
            let x = scope.spawn(|| alone(starts[0], 10).0);
            let y = scope.spawn(|| alone(starts[1], 20).0);
            (x.join().unwrap(), y.join().unwrap())
        });
        assert_eq!((x, y), (a, b));
    }
}
