//! [`Decision`]: what a level decided and why, as [`super::Engine::decide`] returns it.

use super::search::{SearchResult, Wdl};
use crate::rules::Move;

/// What a level decided and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// The move to play.
    pub mv: Move,
    /// Hard's heuristic search behind it (`None` for the other levels).
    pub search: Option<SearchResult>,
    /// The proven outcome of `mv` for the mover, when hard's proof finished.
    pub solved: Option<Wdl>,
    /// The exact final margin of `mv` for the mover (points), when hard proved
    /// it: `mv` then has the best margin of the position.
    pub margin: Option<i32>,
    /// Whether `mv` is the mirror move (Yellow's half-turn copy of Blue's play,
    /// while Yellow has copied every move): hard plays it only when its search prefers it.
    pub mirrored: bool,
    /// Nodes visited in all of hard's searches for this move (0 for a book move).
    pub nodes: u64,
    /// Whether `mv` is hard's opening-book move ([`super::book`]): played
    /// without a search.
    pub book: bool,
}
