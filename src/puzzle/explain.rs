//! Why a move is right or wrong: the combinations it scored, and for a wrong
//! move the opponent's best reply and what the move cost under best play.

use super::engine;
use super::set::{Goal, Kind, Puzzle};
use crate::rules::{ComboSet, Move, Position};

/// What happened when a move was tried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The move tried.
    pub mv: Move,
    /// Whether it is the puzzle's answer.
    pub solved: bool,
    /// The combinations the move completed.
    pub scored: ComboSet,
    /// The points they are worth.
    pub points: u32,
    /// The final margin (mover minus opponent) the move leads to under best play.
    pub margin: i32,
    /// For a wrong move: the opponent's best reply and the points it scores at once.
    pub reply: Option<(Move, u32)>,
}

impl Verdict {
    /// The final-margin points the move gives away against the answer.
    pub fn cost(&self, puzzle: &Puzzle) -> i32 {
        puzzle.margin - self.margin
    }
}

/// Judges `mv` in `puzzle` (`None` if the position does not replay or `mv` is
/// not legal there). A wrong move is solved exactly to find the reply.
pub fn verdict(puzzle: &Puzzle, mv: Move) -> Option<Verdict> {
    let position = puzzle.position().ok()?;
    if position.is_full(mv) {
        return None;
    }
    let mut after = position;
    let placement = after.play_unchecked(mv);
    let scored = placement.combos();
    if mv == puzzle.answer {
        return Some(Verdict {
            mv,
            solved: true,
            scored,
            points: placement.points,
            margin: puzzle.margin,
            reply: None,
        });
    }
    let (margin, reply) = match engine::solve(&after) {
        Some((reply, opponent_margin)) => {
            let mut replied = after;
            let points = replied.play_unchecked(reply).points;
            (-opponent_margin, Some((reply, points)))
        }
        // The move ended the game.
        None => (final_margin(&after), None),
    };
    Some(Verdict {
        mv,
        solved: false,
        scored,
        points: placement.points,
        margin,
        reply,
    })
}

/// The final margin of a finished game for the player who just moved.
fn final_margin(after: &Position) -> i32 {
    let mover = after.to_move().other();
    after.score(mover) as i32 - after.score(mover.other()) as i32
}

/// Words for an outcome from the mover's view: "win by 15", "draw", "lose by 5".
pub fn outcome_words(margin: i32) -> String {
    match margin {
        0 => "a draw".to_string(),
        m if m > 0 => format!("a win by {m}"),
        m => format!("a loss by {}", -m),
    }
}

/// What the puzzle asks, in one line.
pub fn task(puzzle: &Puzzle) -> String {
    match (puzzle.kind, puzzle.goal) {
        (Kind::OnlyMove, Goal::Win) => "One move keeps the win. Find it.".to_string(),
        (Kind::OnlyMove, _) => "One move keeps the draw. Find it.".to_string(),
        (Kind::MostPoints, Goal::Loss) => {
            "Lose by as little as you can: one move does best.".to_string()
        }
        (Kind::MostPoints, _) => "One move ends the game best for you. Find it.".to_string(),
    }
}

/// The lines that explain a verdict.
pub fn explain(puzzle: &Puzzle, verdict: &Verdict, opponent: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let scored: Vec<String> = verdict
        .scored
        .iter()
        .map(|c| format!("{c} ({})", c.points()))
        .collect();
    let made = if scored.is_empty() {
        format!("{} scores nothing at once", verdict.mv)
    } else {
        format!(
            "{} completes {}: {} points",
            verdict.mv,
            scored.join(" and "),
            verdict.points
        )
    };
    if verdict.solved {
        lines.push(format!("Right! {made}."));
        lines.push(match puzzle.kind {
            Kind::OnlyMove => format!(
                "It is the only move that keeps {} (best play: {}).",
                if puzzle.goal == Goal::Win {
                    "the win"
                } else {
                    "the draw"
                },
                outcome_words(puzzle.margin)
            ),
            Kind::MostPoints => format!(
                "Best play from here ends in {}; no other move does as well.",
                outcome_words(puzzle.margin)
            ),
        });
    } else {
        lines.push(format!("Not this one: {made}."));
        if let Some((reply, points)) = verdict.reply {
            let gets = if points > 0 {
                format!("scoring {points}")
            } else {
                "scoring nothing yet".to_string()
            };
            lines.push(format!("{opponent}'s best reply is {reply}, {gets}."));
        }
        lines.push(format!(
            "Best play now ends in {}: {} points worse than the answer ({}).",
            outcome_words(verdict.margin),
            verdict.cost(puzzle),
            outcome_words(puzzle.margin)
        ));
    }
    lines
}
