//! What a lesson asks, and the rules' verdict on a move: right, or wrong with
//! why and the cells to highlight.

use std::fmt;
use std::str::FromStr;

use crate::ai::SearchLimit;
use crate::puzzle::engine;
use crate::rules::{Cell, Combination, ComboKind, Game, Move, Position, Section};

/// The nodes each exact solve of a `best` task may search: ample for an
/// endgame (lesson 10's 7 empty sections need a few thousand).
pub const BEST_NODES: u64 = 2_000_000;

/// A lesson's task, as its `[Task "..."]` tag writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// `section N`: place a stone on a section N.
    Section(u8),
    /// `complete square|same|sequence|corners`: complete a combination of this kind.
    Complete(Kind),
    /// `score N`: score exactly N points with one stone.
    Score(u32),
    /// `block`: take a section the opponent needs to complete a combination.
    Block,
    /// `mirror`: answer the last move with its half-turn rotation.
    Mirror,
    /// `best`: the one move with the best exact final margin (the solver says).
    Best,
}

/// The kinds of combination a task can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A square (20).
    Square,
    /// A same number along a line (10).
    Same,
    /// A sequence along a line (15).
    Sequence,
    /// A corner formation (corners variant).
    Corners,
}

impl Kind {
    fn matches(self, kind: ComboKind) -> bool {
        match self {
            Kind::Square => kind == ComboKind::Square,
            Kind::Same => kind == ComboKind::SameNumber,
            Kind::Sequence => kind == ComboKind::Sequence,
            Kind::Corners => matches!(
                kind,
                ComboKind::CornersSameNumber | ComboKind::CornersSequence
            ),
        }
    }

    fn words(self) -> &'static str {
        match self {
            Kind::Square => "a square",
            Kind::Same => "a same number",
            Kind::Sequence => "a sequence",
            Kind::Corners => "a corner formation",
        }
    }
}

impl FromStr for Task {
    type Err = String;

    fn from_str(text: &str) -> Result<Task, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let number = |w: &str| {
            w.parse::<u32>()
                .map_err(|_| format!("{w:?} is not a number"))
        };
        match words.as_slice() {
            ["section", n] => match number(n)? {
                n @ 1..=4 => Ok(Task::Section(n as u8)),
                _ => Err("sections are 1 to 4".to_string()),
            },
            ["complete", "square"] => Ok(Task::Complete(Kind::Square)),
            ["complete", "same"] => Ok(Task::Complete(Kind::Same)),
            ["complete", "sequence"] => Ok(Task::Complete(Kind::Sequence)),
            ["complete", "corners"] => Ok(Task::Complete(Kind::Corners)),
            ["score", n] => Ok(Task::Score(number(n)?)),
            ["block"] => Ok(Task::Block),
            ["mirror"] => Ok(Task::Mirror),
            ["best"] => Ok(Task::Best),
            _ => Err("not a task (section N, complete KIND, score N, block, mirror, best)".into()),
        }
    }
}

impl fmt::Display for Task {
    /// The task as the player reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Task::Section(n) => write!(f, "Place a stone on a section {n}."),
            Task::Complete(kind) => write!(f, "Complete {} with one stone.", kind.words()),
            Task::Score(n) => write!(f, "Score {n} points with one stone."),
            Task::Block => f.write_str("Stop your opponent's combination."),
            Task::Mirror => f.write_str("Answer with the half-turn mirror of the last move."),
            Task::Best => f.write_str("Find the one move with the best final margin."),
        }
    }
}

/// Why a move does the task or not, beyond what it scored, for the tasks whose
/// answer scores nothing by itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// A `block` task: the opponent's combinations the stone stops.
    Blocked(Vec<Combination>),
    /// A `best` task: the move tried and the exact final margin (mover minus
    /// opponent) every legal move leads to under best play, in square order.
    Margins(Move, Vec<(Move, i32)>),
}

/// The rules' verdict on a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// Whether the move does the task.
    pub done: bool,
    /// What the move did, in words (`"c2 lands on section 1 and scores nothing"`).
    pub what: String,
    /// [`Check::what`] in fewest words, the combinations left out (`"c2 lands on
    /// section 1, no points"`, `"b2 lands on section 4: 10 points"`): at most 34
    /// columns, so that after `Not yet: ` it keeps one row of a 44-column status line.
    pub what_short: String,
    /// Cells to highlight (a bitboard): what the move completed when right; when
    /// wrong, what the task was about (the combination to complete or stop).
    pub cells: u64,
    /// Why, for a `block` stone that stopped something and every `best` try.
    pub why: Option<Why>,
    /// The points claimed, when the try was a claim lesson's claim (its stone was
    /// right): `None` for a move.
    pub claimed: Option<u32>,
}

/// Judges `mv` after `game` against `task`; `answer` is the intended move,
/// whose combinations are highlighted after a wrong try. `None` when `mv`
/// names a full square.
pub fn check(task: Task, game: &Game, mv: Move, answer: Move) -> Option<Check> {
    let position = game.position();
    if position.is_full(mv) {
        return None;
    }
    let mut after = *position;
    let placement = after.play_unchecked(mv);
    let combos = placement.combos();
    let section = placement.cell.section.number();
    let scored: Vec<String> = combos
        .iter()
        .map(|c| format!("{c} ({})", c.points()))
        .collect();
    let what = if scored.is_empty() {
        format!("{mv} lands on section {section} and scores nothing")
    } else {
        format!(
            "{mv} lands on section {section} and completes {}: {} points",
            scored.join(", "),
            placement.points
        )
    };
    let what_short = if scored.is_empty() {
        format!("{mv} lands on section {section}, no points")
    } else {
        format!(
            "{mv} lands on section {section}: {} points",
            placement.points
        )
    };
    let answer_cells = || {
        let mut a = *position;
        let p = a.play_unchecked(answer);
        p.combos().cells_mask() | p.cell.bit()
    };
    let mut why = None;
    let done = match task {
        Task::Section(n) => section == n,
        Task::Complete(kind) => combos.iter().any(|c| kind.matches(c.kind())),
        Task::Score(n) => placement.points == n,
        Task::Block => {
            let stopped = stopped(position, placement.cell.bit());
            let done = !stopped.is_empty();
            why = done.then_some(Why::Blocked(stopped));
            done
        }
        Task::Mirror => game
            .last()
            .is_some_and(|last| last.square().rotated() == mv),
        // Node-limited, so a lesson file with an early position cannot hang the
        // screen: cut short, the move is not counted as done (the tests play
        // every lesson's answer, so a shipped lesson is never cut short).
        Task::Best => match engine::move_margins(position, &SearchLimit::nodes(BEST_NODES)) {
            Some(margins) => {
                let best = margins.iter().map(|&(_, m)| m).max();
                let reaching: Vec<Move> = margins
                    .iter()
                    .filter(|&&(_, m)| Some(m) == best)
                    .map(|&(m, _)| m)
                    .collect();
                why = Some(Why::Margins(mv, margins));
                reaching == [mv]
            }
            None => false,
        },
    };
    let cells = if done {
        combos.cells_mask() | placement.cell.bit()
    } else {
        match task {
            Task::Block => {
                let mut a = *position;
                let cell = a.play_unchecked(answer).cell.bit();
                blocked(position, cell)
            }
            Task::Section(n) => position
                .legal_moves()
                .filter_map(|m| {
                    let s = position.next_section(m)?;
                    (s == Section::new(n)?).then(|| Cell::new(m, s).bit())
                })
                .fold(0, |a, b| a | b),
            _ => answer_cells(),
        }
    };
    Some(Check {
        done,
        what,
        what_short,
        cells,
        why,
        claimed: None,
    })
}

/// The opponent's combinations that a stone on `cell` stops: those where the
/// opponent holds the other three sections.
fn stopped(position: &Position, cell: u64) -> Vec<Combination> {
    let theirs = position.stones(position.to_move().other());
    position
        .ruleset()
        .combinations()
        .iter()
        .filter(|c| c.mask() & cell != 0 && (theirs | cell) & c.mask() == c.mask())
        .copied()
        .collect()
}

/// The cells of the combinations that a stone on `cell` stops.
fn blocked(position: &Position, cell: u64) -> u64 {
    stopped(position, cell)
        .iter()
        .fold(0, |acc, c| acc | c.mask())
}
