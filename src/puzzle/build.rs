//! Building a puzzle set: positions drawn from seeded games between different
//! AI levels, each kept only when the exact solver proves that one move, and
//! only one, does what the puzzle asks ([`judge`]).

use std::collections::HashSet;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::engine::{self, Proof};
use super::set::{FORMAT_VERSION, Goal, Kind, Puzzle, PuzzleSet, PuzzleTheme};
use crate::ai::Level;
use crate::ai::search::Wdl;
use crate::rating::Rating;
use crate::rules::{COMBINATIONS, Move, Player, Position};

/// Puzzles have at most this many empty sections, so each proof is cheap.
pub const MAX_EMPTIES: u32 = 20;

/// The pairs of different levels whose games the positions come from (Blue, Yellow).
pub const PAIRINGS: [(Level, Level); 8] = [
    (Level::Easy, Level::Medium),
    (Level::Medium, Level::Easy),
    (Level::Random, Level::Medium),
    (Level::Medium, Level::Random),
    (Level::Easy, Level::Random),
    (Level::Hard, Level::Medium),
    (Level::Medium, Level::Hard),
    (Level::Random, Level::Easy),
];

/// Nodes per move for hard in those games (one thread, so the games are reproducible).
pub const HARD_NODES: u64 = 4000;

/// Why a candidate position was not made a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rejection {
    /// One legal move or none: nothing to find.
    Forced,
    /// Two or more moves do equally well: not unique.
    Tie,
    /// Already seen (the same position from another game).
    Duplicate,
}

/// A candidate judged: a puzzle, or why not.
pub type Verdict = Result<Puzzle, Rejection>;

/// What a proof makes of a position: the kind of puzzle, the goal and the
/// one answer, or why it is no puzzle. The decision rule the build and the
/// tests share.
pub fn classify(proof: &Proof) -> Result<(Kind, Goal, Move), Rejection> {
    if proof.moves.len() < 2 {
        return Err(Rejection::Forced);
    }
    let best = proof
        .moves
        .iter()
        .map(|m| m.outcome)
        .max()
        .ok_or(Rejection::Forced)?;
    let goal = match best {
        Wdl::Win => Goal::Win,
        Wdl::Draw => Goal::Draw,
        Wdl::Loss => Goal::Loss,
    };
    let keeping: Vec<Move> = proof
        .moves
        .iter()
        .filter(|m| m.outcome == best)
        .map(|m| m.mv)
        .collect();
    if best != Wdl::Loss && keeping.len() == 1 {
        return Ok((Kind::OnlyMove, goal, keeping[0]));
    }
    let reaching: Vec<Move> = proof
        .moves
        .iter()
        .filter(|m| m.best_margin)
        .map(|m| m.mv)
        .collect();
    match reaching.as_slice() {
        [answer] => Ok((Kind::MostPoints, goal, *answer)),
        _ => Err(Rejection::Tie),
    }
}

/// The themes of `answer` in `position`: the combinations it completes, whether
/// it takes a section the opponent needed, and otherwise the endgame.
pub fn themes(position: &Position, answer: Move) -> Vec<PuzzleTheme> {
    let mut themes = Vec::new();
    let mut after = *position;
    let placement = after.play_unchecked(answer);
    let combos = placement.combos();
    for combo in combos.iter() {
        let theme = match combo.kind() {
            crate::rules::ComboKind::Square => PuzzleTheme::Square,
            crate::rules::ComboKind::Sequence | crate::rules::ComboKind::CornersSequence => {
                PuzzleTheme::Sequence
            }
            crate::rules::ComboKind::SameNumber | crate::rules::ComboKind::CornersSameNumber => {
                PuzzleTheme::SameNumber
            }
        };
        if !themes.contains(&theme) {
            themes.push(theme);
        }
    }
    if combos.len() >= 2 {
        themes.push(PuzzleTheme::Double);
    }
    // A block: the opponent owns the other three cells of a combination through this cell.
    let cell = placement.cell.bit();
    let theirs = position.stones(position.to_move().other());
    let blocks = COMBINATIONS
        .iter()
        .any(|c| c.mask() & cell != 0 && (theirs | cell) & c.mask() == c.mask());
    if blocks {
        themes.push(PuzzleTheme::Block);
    }
    if themes.is_empty() || position.empty_sections() <= 8 {
        themes.push(PuzzleTheme::Endgame);
    }
    themes.sort();
    themes
}

/// The puzzle rating a difficulty ships with: 1100 for 1 up to 1900 for 5.
pub fn initial_rating(difficulty: u8) -> Rating {
    Rating {
        rating: 900.0 + 200.0 * f64::from(difficulty.clamp(1, 5)),
        ..Rating::default()
    }
}

/// Judges the position after `moves`: proves it with the exact solver and,
/// when one move alone does what a puzzle asks, makes it a puzzle (`id`
/// and `source` as given). Difficulty: the moves a 2-ply search values at
/// least as highly as the answer (1 to 4, 4 for four or more), plus 1 from
/// 15 empty sections (a longer proof).
pub fn judge(moves: &[Move], id: String, source: String) -> Option<Verdict> {
    let mut position = Position::new();
    for &mv in moves {
        position.play(mv).ok()?;
    }
    let proof = engine::judge(&position)?;
    let (kind, goal, answer) = match classify(&proof) {
        Ok(found) => found,
        Err(why) => return Some(Err(why)),
    };
    let shallow = engine::shallow_values(&position, 2);
    let answer_value = shallow
        .iter()
        .find(|(m, _)| *m == answer)
        .map_or(i32::MIN, |&(_, v)| v);
    let lookalikes = shallow.iter().filter(|(_, v)| *v >= answer_value).count();
    let difficulty = (lookalikes.clamp(1, 4) as u8) + u8::from(position.empty_sections() >= 15);
    Some(Ok(Puzzle {
        id,
        moves: moves.to_vec(),
        kind,
        answer,
        goal,
        margin: proof.margin,
        themes: themes(&position, answer),
        difficulty,
        lookalikes: lookalikes.min(16) as u8,
        rating: initial_rating(difficulty),
        source,
    }))
}

/// One seeded game between `blue` and `yellow` (after 0-3 random opening
/// moves), as its move list.
pub fn game(blue: Level, yellow: Level, seed: u64) -> Vec<Move> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut position = Position::new();
    let mut moves = Vec::with_capacity(64);
    let opening = rng.random_range(0..4);
    while !position.is_over() {
        let level = if moves.len() < opening {
            Level::Random
        } else if position.to_move() == Player::Blue {
            blue
        } else {
            yellow
        };
        let Some(mv) = engine::ai_move(level, &position, rng.random(), HARD_NODES) else {
            break;
        };
        position.play_unchecked(mv);
        moves.push(mv);
    }
    moves
}

/// Tallies of a build.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Candidate positions proved.
    pub proved: u64,
    /// Rejected: two or more answers.
    pub ties: u64,
    /// Rejected: at most one legal move.
    pub forced: u64,
    /// Skipped: the same position again.
    pub duplicates: u64,
}

/// Builds a set of `count` puzzles from `seed`: games cycle through
/// [`PAIRINGS`]; from each game, `per_game` positions between `min_empties`
/// and [`MAX_EMPTIES`] empty sections are tried, chosen by the seed. `progress`
/// is called after each game.
pub fn build(
    seed: u64,
    count: usize,
    per_game: usize,
    min_empties: u32,
    max_empties: u32,
    built_by: &str,
    mut progress: impl FnMut(&Tally, usize),
) -> (PuzzleSet, Tally) {
    let max_empties = max_empties.min(MAX_EMPTIES);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut puzzles = Vec::new();
    let mut tally = Tally::default();
    while puzzles.len() < count {
        let (blue, yellow) = PAIRINGS[(tally.games % PAIRINGS.len() as u64) as usize];
        let game_seed: u64 = rng.random();
        let moves = game(blue, yellow, game_seed);
        tally.games += 1;
        // Plies whose position has min..=max empty sections (ply n leaves 64 - n).
        let first = 64 - max_empties as usize;
        let last = 64 - min_empties as usize;
        let mut plies: Vec<usize> = (first..=last.min(moves.len().saturating_sub(1))).collect();
        for _ in 0..per_game.min(plies.len()) {
            if puzzles.len() >= count {
                break;
            }
            let ply = plies.swap_remove(rng.random_range(0..plies.len()));
            let prefix = &moves[..ply];
            let mut position = Position::new();
            for &mv in prefix {
                position.play_unchecked(mv);
            }
            if !seen.insert(position) {
                tally.duplicates += 1;
                continue;
            }
            let id = format!("p{:04}", puzzles.len() + 1);
            let source = format!("{blue} vs {yellow}, game {}, move {}", tally.games, ply + 1);
            match judge(prefix, id, source) {
                Some(Ok(puzzle)) => {
                    tally.proved += 1;
                    puzzles.push(puzzle);
                }
                Some(Err(Rejection::Tie)) => {
                    tally.proved += 1;
                    tally.ties += 1;
                }
                Some(Err(Rejection::Forced)) => {
                    tally.proved += 1;
                    tally.forced += 1;
                }
                Some(Err(Rejection::Duplicate)) | None => {}
            }
        }
        progress(&tally, puzzles.len());
    }
    let set = PuzzleSet {
        version: FORMAT_VERSION,
        seed,
        built_by: built_by.to_string(),
        puzzles,
    };
    (set, tally)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::engine::MoveProof;

    fn proof(margin: i32, moves: &[(Move, Wdl, bool)]) -> Proof {
        Proof {
            margin,
            moves: moves
                .iter()
                .map(|&(mv, outcome, best_margin)| MoveProof {
                    mv,
                    outcome,
                    best_margin,
                })
                .collect(),
            nodes: 0,
        }
    }

    const A: Move = Move::A1;
    const B: Move = Move::B1;
    const C: Move = Move::C1;

    #[test]
    fn one_winning_move_is_an_only_move_puzzle() {
        let p = proof(
            5,
            &[
                (A, Wdl::Loss, false),
                (B, Wdl::Win, true),
                (C, Wdl::Draw, false),
            ],
        );
        assert_eq!(classify(&p), Ok((Kind::OnlyMove, Goal::Win, B)));
    }

    #[test]
    fn two_winning_moves_with_one_best_margin_is_a_most_points_puzzle() {
        let p = proof(
            30,
            &[
                (A, Wdl::Win, false),
                (B, Wdl::Win, true),
                (C, Wdl::Loss, false),
            ],
        );
        assert_eq!(classify(&p), Ok((Kind::MostPoints, Goal::Win, B)));
    }

    #[test]
    fn ties_are_rejected() {
        let p = proof(
            30,
            &[
                (A, Wdl::Win, true),
                (B, Wdl::Win, true),
                (C, Wdl::Loss, false),
            ],
        );
        assert_eq!(classify(&p), Err(Rejection::Tie));
        // Every move loses, two by the least: a tie, never an "only move".
        let p = proof(-10, &[(A, Wdl::Loss, true), (B, Wdl::Loss, true)]);
        assert_eq!(classify(&p), Err(Rejection::Tie));
    }

    #[test]
    fn a_lost_position_with_one_least_bad_move_is_most_points() {
        let p = proof(-10, &[(A, Wdl::Loss, false), (B, Wdl::Loss, true)]);
        assert_eq!(classify(&p), Ok((Kind::MostPoints, Goal::Loss, B)));
    }

    #[test]
    fn one_legal_move_is_forced() {
        let p = proof(0, &[(A, Wdl::Draw, true)]);
        assert_eq!(classify(&p), Err(Rejection::Forced));
    }

    #[test]
    fn the_proof_of_a_near_end_position_matches_plain_minimax() {
        // A seeded game between two levels, cut at 7 empty sections.
        let moves = game(Level::Easy, Level::Medium, 7);
        let mut position = Position::new();
        for &mv in &moves[..57] {
            position.play_unchecked(mv);
        }
        let proof = engine::judge(&position).expect("moves left");
        assert_eq!(
            proof.margin,
            crate::ai::test_support::brute_force(&position)
        );
        for m in &proof.moves {
            let mut child = position;
            child.play_unchecked(m.mv);
            let value = -crate::ai::test_support::brute_force(&child);
            assert_eq!(m.best_margin, value == proof.margin, "{}", m.mv);
            assert_eq!(m.outcome, Wdl::from_value(value), "{}", m.mv);
        }
    }

    #[test]
    fn themes_read_the_answer() {
        // Blue fills a1 with three stones, Yellow elsewhere; Blue's fourth completes the square.
        let mut position = Position::new();
        for mv in [Move::A1, Move::D4, Move::A1, Move::D4, Move::A1, Move::C4] {
            position.play_unchecked(mv);
        }
        assert_eq!(themes(&position, Move::A1), vec![PuzzleTheme::Square]);
        // Yellow to move takes the section Blue needed: a block.
        let mut yellow = position;
        yellow.play_unchecked(Move::B2);
        assert_eq!(themes(&yellow, Move::A1), vec![PuzzleTheme::Block]);
    }
}
