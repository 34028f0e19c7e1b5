//! A game: the position plus its history, with undo and redo, and in claim
//! mode what each stone's player claimed.

use super::combination::ComboSet;
use super::position::{FullSquare, Outcome, Placement, Position};
use super::ruleset::Ruleset;
use super::square::{Move, Player};

/// What became of a stone's points in a game with claims.
///
/// A stone starts [`Pending`](ClaimState::Pending). Its player may claim once
/// ([`Game::claim`]) before the next stone is placed; the next placement turns a
/// stone still pending into [`Unclaimed`](ClaimState::Unclaimed). Once settled a
/// stone stays settled: undo and redo keep its state ([`Game::undo`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimState {
    /// The last stone, not claimed yet: its points are neither awarded nor forfeited.
    Pending,
    /// A claim equal to the points of `combos`, a subset of what the stone
    /// completed: `points` are awarded, the rest of the stone's points forfeited.
    Claimed {
        /// The points awarded.
        points: u32,
        /// The combinations the claim was matched to (for highlighting).
        combos: ComboSet,
    },
    /// A claim no subset of the stone's combinations adds up to: all the stone's points are forfeited.
    Wrong {
        /// The number claimed.
        claimed: u32,
    },
    /// The next stone was placed before any claim: all the stone's points are forfeited.
    Unclaimed,
}

impl ClaimState {
    /// The points awarded.
    pub fn awarded(self) -> u32 {
        match self {
            ClaimState::Claimed { points, .. } => points,
            ClaimState::Pending | ClaimState::Wrong { .. } | ClaimState::Unclaimed => 0,
        }
    }

    /// Of `scored` points (what the stone completed), how many are forfeited.
    pub fn forfeited(self, scored: u32) -> u32 {
        match self {
            ClaimState::Pending => 0,
            ClaimState::Claimed { points, .. } => scored.saturating_sub(points),
            ClaimState::Wrong { .. } | ClaimState::Unclaimed => scored,
        }
    }

    /// Whether the stone's points are settled (anything but pending).
    pub fn is_settled(self) -> bool {
        self != ClaimState::Pending
    }
}

/// What a claim gave: see [`Game::claim`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimOutcome {
    /// The claim matched: these points and combinations are awarded.
    Awarded {
        /// The points awarded (the number claimed).
        points: u32,
        /// The combinations matched.
        combos: ComboSet,
    },
    /// The claim matched no subset of the stone's combinations: the stone's points are forfeited.
    Wrong {
        /// The number claimed.
        claimed: u32,
        /// The stone's points, now forfeited.
        forfeited: u32,
    },
}

/// A claim refused by [`Game::claim`]; the game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ClaimError {
    /// The game is not played with claims: every point is scored automatically.
    #[error("this game is not played with claims")]
    ClaimsOff,
    /// No stone is on the board yet.
    #[error("there is no stone to claim for")]
    NoStone,
    /// The last stone already had its one try.
    #[error("the stone of move {move_number} has already been claimed (one try per stone)")]
    AlreadyClaimed {
        /// The 1-based number of the last move.
        move_number: u32,
    },
    /// A claim of 0 points claims nothing.
    #[error("a claim must be at least 1 point")]
    Zero,
    /// The last stone's claim closed unclaimed: the next stone was placed (and
    /// perhaps taken back since) or the game was left; its points are forfeited.
    #[error(
        "the claim for the stone of move {move_number} closed unclaimed (its points are forfeited)"
    )]
    Closed {
        /// The 1-based number of the last move.
        move_number: u32,
    },
}

/// Which subset of `combos` (in table order) adds up to `points`, if any.
///
/// A stone completes at most 14 combinations (a corner cell in the corners
/// variant), so trying every subset is at most 16384 sums.
fn subset_with_points(combos: ComboSet, points: u32) -> Option<ComboSet> {
    let list: Vec<_> = combos.iter().collect();
    let n = list.len().min(20);
    (1u32..1 << n).find_map(|bits| {
        let mut set = ComboSet::EMPTY;
        let mut sum = 0;
        for (i, combo) in list.iter().enumerate().take(n) {
            if bits & (1 << i) != 0 {
                sum += combo.points();
                set = set.union(ComboSet::single(*combo));
            }
        }
        (sum == points).then_some(set)
    })
}

/// A move refused by [`Game::play`]: it names a full square. The game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("move {move_number}: square {} is full", .error.square)]
pub struct PlayError {
    /// The 1-based number the move would have had.
    pub move_number: u32,
    /// What was wrong.
    pub error: FullSquare,
}

/// A game in progress or finished: every position from the start, and the moves between.
///
/// In claim mode ([`Game::with_claims`]) each stone also has a [`ClaimState`],
/// and [`Game::score`] is the sum of the points awarded, derived from those
/// states. [`Position::score`] stays the full automatic score either way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// `positions[n]` is the position after `n` moves; never empty.
    positions: Vec<Position>,
    /// `placements[n]` is move `n + 1`.
    placements: Vec<Placement>,
    /// In claim mode, `claims[n]` is move `n + 1`'s claim state; empty otherwise.
    claims: Vec<ClaimState>,
    /// Whether players must claim their points.
    claim_mode: bool,
    /// Moves taken back, the next to redo last, each with its claim state.
    redo: Vec<(Move, ClaimState)>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// A new game on the empty board, standard rules, no claims.
    pub fn new() -> Game {
        Game::with_rules(Ruleset::Standard, false)
    }

    /// A new game on the empty board under `ruleset`, no claims.
    pub fn with_ruleset(ruleset: Ruleset) -> Game {
        Game::with_rules(ruleset, false)
    }

    /// A new game on the empty board under `ruleset`; `claims` turns claim mode on.
    pub fn with_rules(ruleset: Ruleset, claims: bool) -> Game {
        Game {
            positions: vec![Position::with_ruleset(ruleset)],
            placements: Vec::new(),
            claims: Vec::new(),
            claim_mode: claims,
            redo: Vec::new(),
        }
    }

    /// A new game on the empty board with standard rules and claim mode on.
    pub fn with_claims() -> Game {
        Game::with_rules(Ruleset::Standard, true)
    }

    /// The game after playing `moves` from the start; stops at the first illegal one.
    pub fn from_moves(moves: impl IntoIterator<Item = Move>) -> Result<Game, PlayError> {
        Game::from_moves_with(Ruleset::Standard, moves)
    }

    /// The game under `ruleset` after playing `moves` from the start (no claims);
    /// stops at the first illegal one.
    pub fn from_moves_with(
        ruleset: Ruleset,
        moves: impl IntoIterator<Item = Move>,
    ) -> Result<Game, PlayError> {
        let mut game = Game::with_ruleset(ruleset);
        for mv in moves {
            game.play(mv)?;
        }
        Ok(game)
    }

    /// The rules the game is played under.
    pub fn ruleset(&self) -> Ruleset {
        // Every position of a game has the start's ruleset.
        self.positions[0].ruleset()
    }

    /// Whether players must claim their points.
    pub fn claim_mode(&self) -> bool {
        self.claim_mode
    }

    /// Move `index`'s (0-based) claim state; `None` without claim mode or past the last move.
    pub fn claim_state(&self, index: usize) -> Option<ClaimState> {
        self.claims.get(index).copied()
    }

    /// Every move's claim state, in order (empty without claim mode).
    pub fn claim_states(&self) -> &[ClaimState] {
        &self.claims
    }

    /// The points awarded for move `index` (0-based): without claim mode, all it scored.
    pub fn awarded(&self, index: usize) -> u32 {
        let scored = self.placements.get(index).map_or(0, |p| p.points);
        match self.claims.get(index) {
            Some(state) => state.awarded(),
            None if self.claim_mode => 0,
            None => scored,
        }
    }

    /// The points forfeited at move `index` (0-based): 0 without claim mode.
    pub fn forfeited(&self, index: usize) -> u32 {
        let scored = self.placements.get(index).map_or(0, |p| p.points);
        self.claims.get(index).map_or(0, |s| s.forfeited(scored))
    }

    /// All the points `player` has forfeited: 0 without claim mode.
    pub fn forfeited_total(&self, player: Player) -> u32 {
        (0..self.placements.len())
            .filter(|&i| self.placements[i].player == player)
            .map(|i| self.forfeited(i))
            .sum()
    }

    /// Claims points for the last stone. One try per stone.
    ///
    /// If `points` equals the points of some subset of the combinations the stone
    /// completed, that many points are awarded and the subset is returned; any
    /// other number is a wrong claim, and the stone's points are forfeited.
    pub fn claim(&mut self, points: u32) -> Result<ClaimOutcome, ClaimError> {
        if !self.claim_mode {
            return Err(ClaimError::ClaimsOff);
        }
        if points == 0 {
            return Err(ClaimError::Zero);
        }
        let move_number = self.placements.len() as u32;
        let (Some(placement), Some(state)) = (self.placements.last(), self.claims.last_mut())
        else {
            return Err(ClaimError::NoStone);
        };
        match state {
            ClaimState::Pending => {}
            ClaimState::Unclaimed => return Err(ClaimError::Closed { move_number }),
            ClaimState::Claimed { .. } | ClaimState::Wrong { .. } => {
                return Err(ClaimError::AlreadyClaimed { move_number });
            }
        }
        // A claim can match only when the stone scored at least that much.
        let matched = (points <= placement.points)
            .then(|| subset_with_points(placement.combos(), points))
            .flatten();
        Ok(match matched {
            Some(combos) => {
                *state = ClaimState::Claimed { points, combos };
                ClaimOutcome::Awarded { points, combos }
            }
            None => {
                *state = ClaimState::Wrong { claimed: points };
                ClaimOutcome::Wrong {
                    claimed: points,
                    forfeited: placement.points,
                }
            }
        })
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        // Never empty: `new` pushes the start and `undo` never pops it.
        &self.positions[self.placements.len()]
    }

    /// The position after the first `n` moves (clamped to the moves played).
    pub fn position_at(&self, n: usize) -> &Position {
        &self.positions[n.min(self.placements.len())]
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.position().to_move()
    }

    /// `player`'s total: with claims, the points awarded so far (derived from the
    /// claim states); otherwise the position's automatic score.
    pub fn score(&self, player: Player) -> u32 {
        if !self.claim_mode {
            return self.position().score(player);
        }
        self.claims
            .iter()
            .zip(&self.placements)
            .filter(|(_, p)| p.player == player)
            .map(|(s, _)| s.awarded())
            .sum()
    }

    /// The moves played so far, with what each scored.
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// The squares played so far, in order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.placements.iter().map(Placement::square)
    }

    /// The number of moves played.
    pub fn len(&self) -> usize {
        self.placements.len()
    }

    /// Whether no move has been played.
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty()
    }

    /// The last move played, if any.
    pub fn last(&self) -> Option<&Placement> {
        self.placements.last()
    }

    /// Whether the game is in progress: begun and not over. Only such a game is worth
    /// an autosave, a resume or a question before it is left.
    pub fn in_progress(&self) -> bool {
        !self.is_empty() && !self.is_over()
    }

    /// Whether the board is full.
    pub fn is_over(&self) -> bool {
        self.position().is_over()
    }

    /// The outcome once the board is full, by [`Game::score`] (claimed totals in claim mode).
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.claim_mode {
            return self.position().outcome();
        }
        if !self.is_over() {
            return None;
        }
        Some(Outcome::of_totals(
            self.score(Player::Blue),
            self.score(Player::Yellow),
        ))
    }

    /// Plays `mv` for the player to move. Clears the redo list.
    ///
    /// A full square is refused and the game is left unchanged. In claim mode the
    /// previous stone, if still pending, forfeits its points.
    pub fn play(&mut self, mv: Move) -> Result<Placement, PlayError> {
        let placement = self.apply(mv)?;
        self.redo.clear();
        Ok(placement)
    }

    fn apply(&mut self, mv: Move) -> Result<Placement, PlayError> {
        let mut next = *self.position();
        let placement = next.play(mv).map_err(|error| PlayError {
            move_number: self.placements.len() as u32 + 1,
            error,
        })?;
        self.positions.push(next);
        self.placements.push(placement);
        if self.claim_mode {
            if let Some(last) = self.claims.last_mut()
                && *last == ClaimState::Pending
            {
                *last = ClaimState::Unclaimed;
            }
            self.claims.push(ClaimState::Pending);
        }
        Ok(placement)
    }

    /// Takes back the last move, with its claim, keeping both for [`Game::redo`].
    ///
    /// The stone before it keeps the claim state it has: a claim settled (claimed,
    /// wrong, or closed unclaimed by this move) stays settled, so taking a stone
    /// back never reopens a claim the table rule had closed, and a redo gives back
    /// exactly the game that was (s36: an undo let a forfeited 20 be claimed).
    pub fn undo(&mut self) -> Option<Placement> {
        let placement = self.placements.pop()?;
        self.positions.pop();
        let state = self.claims.pop().unwrap_or(ClaimState::Pending);
        self.redo.push((placement.square(), state));
        Some(placement)
    }

    /// Closes the last stone's claim if it is still pending, as the next stone
    /// would: its points are forfeited ([`ClaimState::Unclaimed`]). For a game
    /// that ends with that claim open (left, or read back from a finished record).
    /// Returns whether a claim was closed.
    pub fn close_last_claim(&mut self) -> bool {
        match self.claims.last_mut() {
            Some(last) if *last == ClaimState::Pending => {
                *last = ClaimState::Unclaimed;
                true
            }
            _ => false,
        }
    }

    /// The claim of the stone that filled the board open again, if it was closed
    /// unclaimed: for a game kept while that claim was still open and read back from
    /// a record, which closes it ([`crate::record::Record::to_game`] reads a full
    /// board as over). Only a full board's last claim, only an `Unclaimed` one (a
    /// claim made or a wrong one stays settled). Whether it was reopened.
    pub fn reopen_last_claim(&mut self) -> bool {
        if !self.is_over() || self.claims.last() != Some(&ClaimState::Unclaimed) {
            return false;
        }
        self.reopen_last();
        true
    }

    /// The last stone back to pending if only the next placement had settled it
    /// (a game cut back to an earlier point, [`Game::truncate`]).
    fn reopen_last(&mut self) {
        // `Unclaimed` is only ever set by the next placement, so this undoes exactly that.
        if let Some(last) = self.claims.last_mut()
            && *last == ClaimState::Unclaimed
        {
            *last = ClaimState::Pending;
        }
    }

    /// Plays again the last move taken back, with the claim it had.
    pub fn redo(&mut self) -> Option<Placement> {
        let (mv, state) = self.redo.pop()?;
        // A redone move was legal in this very position before `undo`.
        match self.apply(mv) {
            Ok(placement) => {
                if let Some(last) = self.claims.last_mut() {
                    *last = state;
                }
                Some(placement)
            }
            Err(_) => {
                self.redo.clear();
                None
            }
        }
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        !self.placements.is_empty()
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Keeps only the first `n` moves, dropping the rest and the redo list.
    ///
    /// In claim mode the new last stone gets back the claim state it had before
    /// the next move (see [`Game::undo`]).
    pub fn truncate(&mut self, n: usize) {
        let before = self.placements.len();
        self.placements.truncate(n);
        self.positions.truncate(self.placements.len() + 1);
        self.claims.truncate(n);
        if self.placements.len() < before {
            self.reopen_last();
        }
        self.redo.clear();
    }
}
