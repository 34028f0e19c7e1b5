//! Game values in words: what a placement or a claim made, how a game ended, a
//! reviewed move, why a puzzle move is right or wrong. Here live the functions that
//! choose and join words by what the values hold; the plain texts they sit beside
//! are in the subject modules.

use crate::puzzle::explain::{BestPlay, Verdict};
use crate::puzzle::{Goal, Kind, Puzzle};
use crate::review::MoveReview;
use crate::rules::{ClaimState, ComboSet, ComboShape, Game, Placement};
use crate::session::{Damaged, Ending, Kept, Notice, Played, StorageReport};
use crate::text::display_path;

use super::question::Answering;
use super::storage as words;
use super::who::Who;

/// A wrong puzzle answer's cost, while the solve that finds it runs.
pub(crate) const CHECKING_COST: &str = "Checking what it costs…";

/// What a placement did, in words: `Blue +45: square b2 (20), row 2 same number 2s (10)`,
/// or `Yellow played c3 (section 2)` when it scored nothing, its player said as `player`
/// says them (a colour; a name at a table, s34: `alice +45: ...`). The points come from
/// the rules.
pub(crate) fn placement_by(placement: &Placement, player: &str) -> String {
    if placement.points == 0 {
        let cell = placement.cell;
        return format!("{player} played {} (section {})", cell.square, cell.section);
    }
    let combos: Vec<String> = placement
        .combos()
        .iter()
        .map(|combo| format!("{combo} ({})", combo.points()))
        .collect();
    format!("{player} +{}: {}", placement.points, combos.join(", "))
}

/// [`placement_by`] in fewer words, for narrow screens: `Yellow +30: row 4 4s (10),
/// column d 4s (10), diagonal a1-d4 1234 (15)`.
pub(crate) fn placement_short_by(placement: &Placement, player: &str) -> String {
    if placement.points == 0 {
        return placement_by(placement, player);
    }
    let combos = short_combo_list(placement.combos().iter());
    format!("{player} +{}: {combos}", placement.points)
}

/// [`placement_short_by`] in the fewest words, for a stone of more than one
/// combination: `Yellow +30: 3 combinations`; `None` for one or none (whose short
/// wording is short).
pub(crate) fn placement_counted_by(placement: &Placement, player: &str) -> Option<String> {
    let count = placement.combos().len();
    (count > 1).then(|| format!("{player} +{}: {count} combinations", placement.points))
}

/// `square a1 (20), column a 4s (10)`: combinations in their short names, with their
/// points.
fn short_combo_list(combos: impl Iterator<Item = crate::rules::Combination>) -> String {
    let names: Vec<String> = combos
        .map(|combo| {
            let name = match combo.shape() {
                ComboShape::Square(square) => format!("square {square}"),
                ComboShape::SameNumber(line, section) => format!("{line} {section}s"),
                ComboShape::Sequence { line, .. } => format!("{line} 1234"),
                ComboShape::CornersSameNumber(section) => format!("corners {section}s"),
                ComboShape::CornersSequence(_) => "corners 1234".to_owned(),
            };
            format!("{name} ({})", combo.points())
        })
        .collect();
    names.join(", ")
}

/// `square b2 (20), row 2 same number 2s (10)`: combinations with their points.
fn combo_list(combos: impl Iterator<Item = crate::rules::Combination>) -> String {
    let names: Vec<String> = combos
        .map(|combo| format!("{combo} ({})", combo.points()))
        .collect();
    names.join(", ")
}

/// The combinations of `placement` outside `claimed`: what a part claim left.
fn unclaimed_combos(placement: &Placement, claimed: ComboSet) -> String {
    combo_list(placement.combos().iter().filter(|c| !claimed.contains(*c)))
}

/// The earlier stone went unclaimed when the next was placed: what was forfeited, its
/// player said as `player` says them (a colour; a name at a table, `Your a4` to its
/// player there).
pub(crate) fn unclaimed_by(earlier: &Placement, player: Who<'_>) -> String {
    unclaimed_as(earlier, player, &combo_list(earlier.combos().iter()))
}

/// [`unclaimed_by`] without its combinations, for the status line when the other
/// player's move brings it (`Your d1 went unclaimed, 10 forfeited`): the move list's
/// `✗10` and the line mode say the rest.
pub(crate) fn unclaimed_brief(earlier: &Placement, player: Who<'_>) -> String {
    format!(
        "{} went unclaimed, {} forfeited",
        player.whose(earlier.square()),
        earlier.points,
    )
}

/// [`unclaimed_by`] with its combinations named as `combos` says.
pub(crate) fn unclaimed_as(earlier: &Placement, player: Who<'_>, combos: &str) -> String {
    format!(
        "{} went unclaimed, {} forfeited: {combos}",
        player.whose(earlier.square()),
        earlier.points,
    )
}

/// An AI's stone, claimed in full at once, its player said as `player` says them (a
/// colour; at a table with the server's AI, its name there: `hard AI +10 (claimed)`).
pub(crate) fn ai_claimed(placement: &Placement, player: &str) -> String {
    format!(
        "{player} +{} (claimed): {}",
        placement.points,
        combo_list(placement.combos().iter())
    )
}

/// A claim of `points` awarded: the combinations it stands for, and any rest forfeited.
pub(crate) fn claim_awarded(placement: &Placement, points: u32, combos: ComboSet) -> String {
    let colour = placement.player.to_string();
    claim_awarded_by(placement, Who::Named(&colour), points, combos)
}

/// [`claim_awarded`] with its player said as `player` says them (a name at a table:
/// s34, `Blue claims 20 for a4` on the other player's screen; s35, `You claim 20 for
/// a4` on the claimer's).
pub(crate) fn claim_awarded_by(
    placement: &Placement,
    player: Who<'_>,
    points: u32,
    combos: ComboSet,
) -> String {
    let mut text = format!(
        "{} {points} for {}: {}",
        player.does("claim", "claims"),
        placement.square(),
        combo_list(combos.iter())
    );
    let rest = placement.points.saturating_sub(points);
    if rest > 0 {
        text.push_str(&format!(
            "; {rest} more forfeited: {}",
            unclaimed_combos(placement, combos)
        ));
    }
    text
}

/// A part claim in fewer words, naming what it forfeited (the combinations awarded
/// light up on the board): `Blue +25 claimed; 20 forfeited: square a1 (20)`, `You +25
/// ...` to the claimer at a table. Where nothing was forfeited,
/// [`claim_awarded_short_by`].
pub(crate) fn claim_awarded_middle(
    placement: &Placement,
    player: &str,
    points: u32,
    combos: ComboSet,
) -> String {
    let rest = placement.points.saturating_sub(points);
    if rest == 0 {
        return claim_awarded_short_by(placement, player, points);
    }
    format!(
        "{player} +{points} claimed; {rest} forfeited: {}",
        short_combo_list(placement.combos().iter().filter(|c| !combos.contains(*c)))
    )
}

/// The same, in fewer words.
pub(crate) fn claim_awarded_short(placement: &Placement, points: u32) -> String {
    claim_awarded_short_by(placement, &placement.player.to_string(), points)
}

/// [`claim_awarded_short`] with its player said as `player` says them (`You +20
/// claimed` to the claimer at a table).
pub(crate) fn claim_awarded_short_by(placement: &Placement, player: &str, points: u32) -> String {
    let rest = placement.points.saturating_sub(points);
    if rest > 0 {
        format!("{player} +{points} claimed; {rest} forfeited")
    } else {
        format!("{player} +{points} claimed")
    }
}

/// A wrong claim in a lesson, said after its verdict (`Not yet: a1 made 20 from …, not
/// the 15 claimed; all 20 forfeited.`) and on a line of its own under it: from the
/// stone's square, as a lesson's other verdicts are (`b1 lands on …`), so it reads on
/// from the verdict's colon and alone alike.
pub(crate) fn claim_missed(placement: &Placement, claimed: u32) -> String {
    if placement.points == 0 {
        return format!(
            "{} made no points, not the {claimed} claimed",
            placement.square()
        );
    }
    format!(
        "{} made {} from {}, not the {claimed} claimed; all {} forfeited",
        placement.square(),
        placement.points,
        combo_list(placement.combos().iter()),
        placement.points
    )
}

/// [`claim_missed`] in fewest words, the combinations and the forfeit left out (`a1
/// made 20, not the 15 claimed`): at most 34 columns, for a 44-column status line
/// after `Not yet: `.
pub(crate) fn claim_missed_short(placement: &Placement, claimed: u32) -> String {
    format!(
        "{} made {}, not the {claimed} claimed",
        placement.square(),
        placement.points
    )
}

/// A wrong claim: what the stone made, all of it forfeited, its player said as
/// `player` says them (a colour; a name at a table, `your a4` to its player there).
pub(crate) fn wrong_claim_by(placement: &Placement, player: Who<'_>, claimed: u32) -> String {
    let stone = player.whose_within(placement.square());
    if placement.points == 0 {
        return format!("Wrong claim: {stone} made no points, not {claimed}");
    }
    format!(
        "Wrong claim of {claimed}: {stone} made {} from {}; {} forfeited",
        placement.points,
        combo_list(placement.combos().iter()),
        placement.points
    )
}

/// A wrong claim's short wording for a narrow screen, where it says all there is to
/// learn: the stone made nothing (`Wrong claim: Yellow's a1 made 0, not 25`, at most
/// 40 columns; `your a1` to its player at a table). `None` when it made points, whose
/// combinations are the lesson and are read whole, in a box if need be.
pub(crate) fn wrong_claim_short_by(
    placement: &Placement,
    player: Who<'_>,
    claimed: u32,
) -> Option<String> {
    (placement.points == 0).then(|| {
        format!(
            "Wrong claim: {} made 0, not {claimed}",
            player.whose_within(placement.square())
        )
    })
}

/// A move of a finished claim game (the replay viewer): what it made and what
/// became of it.
pub(crate) fn settled(placement: &Placement, state: ClaimState) -> String {
    let colour = placement.player.to_string();
    settled_by(placement, state, Who::Named(&colour))
}

/// [`settled`] with its player said as `player` says them (a name at a table: the
/// other player's claim as it arrives).
pub(crate) fn settled_by(placement: &Placement, state: ClaimState, player: Who<'_>) -> String {
    if placement.points == 0 {
        return match state {
            ClaimState::Wrong { claimed } => wrong_claim_by(placement, player, claimed),
            _ => placement_by(placement, &player.to_string()),
        };
    }
    match state {
        ClaimState::Claimed { points, combos } => {
            claim_awarded_by(placement, player, points, combos)
        }
        ClaimState::Wrong { claimed } => wrong_claim_by(placement, player, claimed),
        ClaimState::Unclaimed => unclaimed_by(placement, player),
        ClaimState::Pending => format!(
            "{}; not claimed yet",
            placement_by(placement, &player.to_string())
        ),
    }
}

/// How a game ended, with the early ending's reason: `Yellow wins: Blue resigned`.
pub(crate) fn ended(played: Played<'_>) -> String {
    match played.course.ending() {
        Some(ending) => self::ending(ending),
        None => played.result().describe().to_owned(),
    }
}

/// An early ending in words: `Yellow wins: Blue resigned`, `Blue wins on time`.
pub(crate) fn ending(ending: Ending) -> String {
    use crate::record::Termination;
    let (winner, loser) = (ending.winner(), ending.loser());
    match ending.termination() {
        Termination::TimeForfeit => format!("{winner} wins on time"),
        Termination::Resignation => format!("{winner} wins: {loser} resigned"),
        Termination::Abandoned => format!("{winner} wins: {loser} left"),
        Termination::Normal => format!("{winner} wins"),
    }
}

/// The result alone, capitalised for a short line: `Yellow wins`.
pub(crate) fn result_sentence(outcome: impl std::fmt::Display) -> String {
    let outcome = outcome.to_string();
    let mut chars = outcome.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The move shown, judged, each value beside its move: `Move 12 Blue b3??:
/// blunder, lost 20 · b3 -5 · best c3 +15 for Blue`; from estimates, worded as
/// likely with the range of the true loss: `likely mistake, lost 12 (4-20) · b3 ~-9 ·
/// best c3 ~+3 for Blue`. The best move is left out when it is the move played, so
/// it is said once: `Move 30 Yellow a4: best, +5 for Yellow`. `played` is the square
/// with its mark; `played_value` and `best_value` the values as text, the mover's
/// margins, which `for` names (QA, s27: beside the graph's `Blue ▲ Yellow ▼` a
/// Yellow move's `+99` read as Blue's).
pub(crate) fn reviewed_move(
    m: &MoveReview,
    played: &str,
    played_value: &str,
    best_value: &str,
) -> String {
    let (number, player) = (m.number, m.player);
    format!(
        "Move {number} {player} {}",
        reviewed_move_unnumbered(m, played, played_value, best_value)
    )
}

/// [`reviewed_move`] without `Move 20 Yellow`, for a line the status line under it
/// numbers: `b2?!: likely inaccuracy, lost 12 (0-26) · b2 ~+15 · best a1 ~+27 for
/// Yellow`.
pub(crate) fn reviewed_move_unnumbered(
    m: &MoveReview,
    played: &str,
    played_value: &str,
    best_value: &str,
) -> String {
    let class = super::review::verdict_text(m);
    let side = m.player;
    if m.best == m.mv {
        return format!("{played}: {class}, {played_value} for {side}");
    }
    let lost = match m.lost {
        0 => String::new(),
        lost => format!(", lost {}", super::review::lost_text(lost, m.lost_range)),
    };
    let (mv, best) = (m.mv, m.best);
    format!("{played}: {class}{lost} · {mv} {played_value} · best {best} {best_value} for {side}")
}

/// A reviewed move in a few words, for a message line too narrow for
/// [`reviewed_move`] (the status line above it numbers the move): `b1??: blunder, lost
/// 28, best c3`, at most 44 columns (the replay viewer's narrowest), the values and the
/// range of the points lost left out, and the best move too when it is the move played.
/// `played` is the square with its mark.
pub(crate) fn reviewed_move_short(m: &MoveReview, played: &str) -> String {
    let class = super::review::class_text(m.class, m.likely);
    if m.best == m.mv {
        return format!("{played}: {class}");
    }
    let lost = match m.lost {
        0 => String::new(),
        lost => format!(", lost {lost}"),
    };
    format!("{played}: {class}{lost}, best {}", m.best)
}

/// How much of a reviewed move a narrow line ([`reviewed_move_compact`]) says beside
/// who played it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Compact {
    /// The move with its value, the verdict, the points lost, the best move with its
    /// value: `Blue a3?? -40: blunder, lost 28, best a1 -12`.
    Valued,
    /// The values left out: `Blue a3??: blunder, lost 28, best a1`.
    Unvalued,
    /// The best move left out too (the board's double border shows it): `Yellow
    /// d4?!: likely inaccuracy, lost 128`, at most 40 columns.
    Fewest,
}

/// A reviewed move for a line narrower than [`reviewed_move_unnumbered`] (the replay
/// viewer's message line at 44×16), always from who played it, and the points it
/// lost: qa41, at 44×16 `c2?!: likely inaccuracy, lost 5, best a1` left the learner
/// to work out who played c2 and said no value. `played` is the square with its mark;
/// `played_value` and `best_value` the values as text (the mover's margins: the
/// player is named first); `class` the verdict's words ([`super::review::class_text`]
/// or [`super::review::verdict_text`]). A move that was the best says its one value:
/// `Yellow d4: best, +5`.
pub(crate) fn reviewed_move_compact(
    m: &MoveReview,
    how: Compact,
    played: &str,
    values: [&str; 2],
    class: &str,
) -> String {
    let [played_value, best_value] = values;
    let player = m.player;
    if m.best == m.mv {
        return match how {
            Compact::Valued => format!("{player} {played}: {class}, {played_value}"),
            Compact::Unvalued | Compact::Fewest => format!("{player} {played}: {class}"),
        };
    }
    let lost = match m.lost {
        0 => String::new(),
        lost => format!(", lost {lost}"),
    };
    let best = m.best;
    match how {
        Compact::Valued => {
            format!("{player} {played} {played_value}: {class}{lost}, best {best} {best_value}")
        }
        Compact::Unvalued => format!("{player} {played}: {class}{lost}, best {best}"),
        Compact::Fewest => format!("{player} {played}: {class}{lost}"),
    }
}

/// A final margin from the mover's view: "a win by 15", "a draw", "a loss by 5".
pub(crate) fn margin(margin: i32) -> String {
    match margin {
        0 => "a draw".to_string(),
        m if m > 0 => format!("a win by {m}"),
        m => format!("a loss by {}", -m),
    }
}

/// What a puzzle move judged `judged` completed: `c4 completes square c4 (20): 20
/// points`, or `b1 scores nothing at once`.
fn puzzle_move_made(judged: &Verdict) -> String {
    let scored: Vec<String> = judged
        .scored
        .iter()
        .map(|c| format!("{c} ({})", c.points()))
        .collect();
    if scored.is_empty() {
        format!("{} scores nothing at once", judged.mv)
    } else {
        format!(
            "{} completes {}: {} points",
            judged.mv,
            scored.join(" and "),
            judged.points
        )
    }
}

/// [`puzzle_move_made`] in fewest words, the combinations left out: `c4, 20 points`,
/// `b1, nothing at once`.
fn puzzle_move_short(judged: &Verdict) -> String {
    if judged.scored.is_empty() {
        format!("{}, nothing at once", judged.mv)
    } else {
        format!("{}, {} points", judged.mv, judged.points)
    }
}

/// The first line of [`puzzle_explained`] (or of [`puzzle_given_up`], `given_up`) in
/// fewest words, for a status line with no room for it whole beside a puzzle's keys
/// (44×16, where no panel says it): `Not this one: b4, 10 points.`, at most 44
/// columns; `e` reads the whole.
pub(crate) fn puzzle_verdict_short(judged: &Verdict, given_up: bool) -> String {
    let made = puzzle_move_short(judged);
    if given_up {
        format!("Given up. The answer: {made}.")
    } else if judged.solved {
        format!("Right! {made}.")
    } else {
        format!("Not this one: {made}.")
    }
}

/// Why the answer of `puzzle` is its answer, proved by the solver.
fn puzzle_answer_why(puzzle: &Puzzle) -> String {
    match puzzle.kind {
        Kind::OnlyMove => format!(
            "It is the only move that keeps {} (best play: {}).",
            if puzzle.goal == Goal::Win {
                "the win"
            } else {
                "the draw"
            },
            self::margin(puzzle.margin)
        ),
        Kind::MostPoints => format!(
            "Best play from here ends in {}; no other move does as well.",
            self::margin(puzzle.margin)
        ),
    }
}

/// The lines that show the answer of a puzzle given up, `answer` being the answer
/// judged; `counted`: the giving up was the puzzle's counted try.
pub(crate) fn puzzle_given_up(puzzle: &Puzzle, answer: &Verdict, counted: bool) -> Vec<String> {
    let mut lines = vec![
        format!("Given up. The answer: {}.", puzzle_move_made(answer)),
        puzzle_answer_why(puzzle),
    ];
    if counted {
        lines.push(PUZZLE_NOT_SOLVED.to_owned());
    }
    lines
}

/// Said of a puzzle given up before any try: how it counts.
pub(crate) const PUZZLE_NOT_SOLVED: &str = "It counts as not solved.";

/// The lines that explain a puzzle move judged `judged`; `opponent` names the other side.
pub(crate) fn puzzle_explained(puzzle: &Puzzle, judged: &Verdict, opponent: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let made = puzzle_move_made(judged);
    if judged.solved {
        lines.push(format!("Right! {made}."));
        lines.push(puzzle_answer_why(puzzle));
        return lines;
    }
    lines.push(format!("Not this one: {made}."));
    match judged.best_play {
        BestPlay::Known { margin, reply } => {
            if let Some((reply, points)) = reply {
                let gets = if points > 0 {
                    format!("scoring {points}")
                } else {
                    "scoring nothing yet".to_string()
                };
                lines.push(format!("{opponent}'s best reply is {reply}, {gets}."));
            }
            lines.push(format!(
                "Best play now ends in {}: {} points worse than the answer ({}).",
                self::margin(margin),
                puzzle.margin - margin,
                self::margin(puzzle.margin)
            ));
        }
        BestPlay::Unsolved => lines.push(CHECKING_COST.to_string()),
        BestPlay::OutOfBudget => lines.push(format!(
            "The solver ran out of its time before proving what it costs; \
             the answer keeps {}.",
            self::margin(puzzle.margin)
        )),
    }
    lines
}

/// What a write of the storage came to, as a line for the status line.
pub(crate) fn storage_report(report: &StorageReport) -> Notice {
    let text = match report {
        StorageReport::Saved(path) => words::saved(&display_path(path)),
        StorageReport::NotSaved {
            path,
            new_file,
            error,
        } => words::not_saved_at(&display_path(path), *new_file, error),
        StorageReport::KeptAside(path) => words::kept_aside(&display_path(path)),
        StorageReport::AutosaveOff { path, error } => {
            words::autosave_off(&display_path(path), error)
        }
        StorageReport::AutosaveBusy { .. } => words::AUTOSAVE_BUSY.to_owned(),
        StorageReport::AutosaveFailed { path, error } => {
            words::autosave_failed(&display_path(path), error)
        }
        StorageReport::Archived(path) => words::archived(&display_path(path)),
        StorageReport::ArchivedBeside { dir, error, path } => {
            words::archived_beside(&display_path(dir), error, &display_path(path))
        }
        StorageReport::NotArchived { dir, error } => words::not_archived(&display_path(dir), error),
    };
    if report.is_failure() {
        Notice::Error(text)
    } else {
        Notice::Info(text)
    }
}

/// A damaged autosave found at start: where it is, what is wrong, and what becomes
/// of it (its moves that read offered, kept aside, or left alone).
pub(crate) fn damaged_autosave(damaged: &Damaged) -> String {
    let path = display_path(&damaged.path);
    match &damaged.salvaged {
        _ if !damaged.readable => words::autosave_unusable(&path, &damaged.error),
        Some(loaded) => words::autosave_salvaged(&path, &damaged.error, loaded.game.len()),
        None => words::autosave_unreadable(&path, &damaged.error),
    }
}

/// What the resume question says first of a damaged autosave at `path` whose first
/// `moves` moves read ([`crate::session::ResumeOffer::damage`]): its file's name and
/// where `error` places what is wrong (`line 3, column 7`), else `error` itself.
pub(crate) fn salvaged_autosave(path: &std::path::Path, error: &str, moves: usize) -> String {
    let file = path.file_name().map_or_else(
        || display_path(path),
        |name| display_path(std::path::Path::new(name)),
    );
    let at = error
        .split_once(": ")
        .map(|(at, _)| at)
        .filter(|at| is_line_and_column(at));
    let at = match at {
        Some(at) => at.to_owned(),
        None => format!("({})", crate::text::safe_text(error)),
    };
    super::question::resume_damaged(&file, &at, moves)
}

/// Whether `text` is a place as errors say it: `line 3, column 7`.
fn is_line_and_column(text: &str) -> bool {
    let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    text.strip_prefix("line ")
        .and_then(|rest| rest.split_once(", column "))
        .is_some_and(|(line, column)| number(line) && number(column))
}

/// The line printed after a game left in progress, kept as `kept` says, naming
/// commands and keys as the face the game was played on does (`how`).
pub(crate) fn farewell(kept: &Kept, game: &Game, how: Answering) -> String {
    match kept {
        Kept::Autosave(path) => words::farewell(game, &display_path(path), how),
        Kept::Saved(path) => words::farewell_saved(game, &display_path(path), how),
        Kept::Nowhere => words::farewell_lost(game, how),
        Kept::NotAutosaved => words::farewell_not_autosaved(game, how),
        Kept::Unfinished(previous) => {
            let previous = previous.as_deref().map(display_path);
            words::farewell_unfinished(game, previous.as_deref())
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::rules::Square;

    fn text(notice: Notice) -> String {
        match notice {
            Notice::Info(text) | Notice::Error(text) => text,
            Notice::Resumed(to_move) => super::super::message::resumed(to_move),
        }
    }

    /// Deepest parenthesis nesting in `text`.
    fn paren_depth(text: &str) -> u32 {
        let (mut depth, mut deepest) = (0u32, 0u32);
        for c in text.chars() {
            match c {
                '(' => {
                    depth += 1;
                    deepest = deepest.max(depth);
                }
                ')' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        deepest
    }

    /// QA (qa43 item 11): claim texts wrapped the combinations, which carry their
    /// points in parentheses, in parentheses of their own: `Wrong claim of 25: Blue's
    /// a1 made 20 (square a1 (20)); 20 forfeited`. No claim text nests them now. Failed
    /// on the old code (depth 2 in every text that names combinations).
    #[test]
    fn no_claim_text_nests_parentheses() {
        // The moves of assets/games/combinations.hij: Blue's last a1 makes 20 + 10 + 15.
        let record: crate::record::Record = include_str!("../../assets/games/combinations.hij")
            .parse()
            .unwrap();
        let mut game = Game::with_rules(crate::rules::Ruleset::Standard, true);
        for mv in record.moves() {
            game.play(*mv).unwrap();
        }
        game.claim(25).unwrap();
        let index = game.len() - 1;
        let placement = *game.last().unwrap();
        assert_eq!(placement.points, 45);
        let Some(ClaimState::Claimed { points, combos }) = game.claim_state(index) else {
            panic!("a claim of 25 is awarded: {:?}", game.claim_state(index));
        };
        let blue = Who::Named("Blue");
        let texts = [
            unclaimed_by(&placement, blue),
            claim_awarded(&placement, points, combos),
            claim_awarded_by(&placement, blue, points, combos),
            claim_awarded_middle(&placement, "Blue", points, combos),
            claim_awarded_short(&placement, points),
            claim_missed(&placement, 15),
            claim_missed_short(&placement, 15),
            wrong_claim_by(&placement, blue, 15),
            ai_claimed(&placement, "Blue"),
            settled(&placement, ClaimState::Unclaimed),
            settled(&placement, ClaimState::Wrong { claimed: 15 }),
            settled(&placement, ClaimState::Claimed { points, combos }),
        ];
        for text in &texts {
            assert!(paren_depth(text) <= 1, "{text}");
        }
        assert_eq!(
            wrong_claim_by(&placement, blue, 15),
            format!(
                "Wrong claim of 15: Blue's a1 made 45 from {}; 45 forfeited",
                combo_list(placement.combos().iter())
            )
        );
    }

    #[test]
    fn storage_reports_say_where_the_game_went_and_failures_are_errors() {
        // The whole path, as a save's report gives it: `games/…` named no folder one
        // could open from where the program was started.
        let archived = storage_report(&StorageReport::Archived(PathBuf::from(
            "/data/games/hijara-1.hij",
        )));
        assert!(matches!(&archived, Notice::Info(_)));
        assert_eq!(
            text(archived),
            "Game kept as /data/games/hijara-1.hij (see: hijara games)"
        );
        let aside = storage_report(&StorageReport::KeptAside(PathBuf::from("d/old.hij")));
        assert_eq!(
            text(aside),
            "The earlier unfinished game was kept as d/old.hij"
        );
        let failed = storage_report(&StorageReport::AutosaveFailed {
            path: PathBuf::from("a.hij"),
            error: "No space left on device (os error 28)".into(),
        });
        assert!(matches!(&failed, Notice::Error(t) if t.contains("os error 28")));
        let beside = storage_report(&StorageReport::ArchivedBeside {
            dir: PathBuf::from("games"),
            error: "not a folder".into(),
            path: PathBuf::from("hijara-2.hij"),
        });
        assert!(matches!(&beside, Notice::Error(t) if t.contains("hijara-2.hij")));
        // A failed save names where it was to go.
        let not_saved = |path: &str, new_file| {
            text(storage_report(&StorageReport::NotSaved {
                path: PathBuf::from(path),
                new_file,
                error: "No such file or directory (os error 2)".into(),
            }))
        };
        assert_eq!(
            not_saved("", true),
            "Not saved in the current folder: No such file or directory (os error 2)"
        );
        assert!(not_saved("/g/saves", true).starts_with("Not saved in /g/saves: "));
        assert!(not_saved("a.hij", false).starts_with("Not saved to a.hij: "));
        // A path's control characters are made visible.
        let saved = storage_report(&StorageReport::Saved(PathBuf::from("a\u{1b}b.hij")));
        assert!(!text(saved).contains('\u{1b}'));
    }

    /// The short verdict fits the replay viewer's narrowest message line, 44 columns,
    /// in its longest wording (found at 44×17: `likely inaccuracy` cut `best d1` off).
    #[test]
    fn a_short_verdict_fits_44_columns() {
        use crate::review::{Class, Value};
        let value = Value {
            margin: -100,
            exact: false,
            outcome: None,
            margin_error: 40,
        };
        let m = MoveReview {
            number: 64,
            player: crate::rules::Player::Yellow,
            mv: Square::D2,
            best: Square::A1,
            best_value: value,
            played_value: value,
            lost: 128,
            lost_range: Some([100, 200]),
            class: Class::Inaccuracy,
            likely: true,
        };
        let short = reviewed_move_short(&m, "d2?!");
        assert_eq!(short, "d2?!: likely inaccuracy, lost 128, best a1");
        assert!(crate::text::width(&short) <= 44, "{short}");
    }

    #[test]
    fn a_damaged_autosave_says_what_becomes_of_it() {
        let damaged = |readable, salvaged: Option<Game>| Damaged {
            path: PathBuf::from("autosave.hij"),
            readable,
            error: "not UTF-8 text".into(),
            salvaged: salvaged.map(|game| {
                let record = crate::record::Record::from_game(&game, [("Blue", "x")]).unwrap();
                Box::new(crate::session::LoadedRecord {
                    record,
                    game,
                    course: Default::default(),
                })
            }),
        };
        let two = Game::from_moves([Square::A1, Square::B1]).unwrap();
        let salvaged = damaged_autosave(&damaged(true, Some(two)));
        assert!(salvaged.contains("kept aside"), "{salvaged}");
        assert!(salvaged.contains("2 moves"), "{salvaged}");
        let unreadable = damaged_autosave(&damaged(true, None));
        assert!(unreadable.contains("not UTF-8"), "{unreadable}");
        let unusable = damaged_autosave(&damaged(false, None));
        assert!(unusable.contains("left alone"), "{unusable}");
    }

    #[test]
    fn the_farewell_never_calls_a_game_kept_that_is_not() {
        let game = Game::from_moves([Square::A1, Square::B2]).unwrap();
        let line = farewell(&Kept::Nowhere, &game, Answering::Keys);
        assert!(line.contains("NOT saved"), "{line}");
        assert!(!line.contains("is kept"), "{line}");
        let line = farewell(&Kept::NotAutosaved, &game, Answering::Keys);
        assert!(line.contains("NOT saved"), "{line}");
        assert!(line.contains("another hijara"), "{line}");
        let path = PathBuf::from("saves/hijara-1.hij");
        let line = farewell(&Kept::Saved(path.clone()), &game, Answering::Keys);
        assert!(
            line.contains(&display_path(&path)) && line.contains("NOT in the autosave"),
            "{line}"
        );
        let line = farewell(
            &Kept::Autosave(PathBuf::from("a.hij")),
            &game,
            Answering::Keys,
        );
        assert!(line.starts_with("The game is kept"), "{line}");
        assert!(line.contains("`hijara resume`"), "{line}");
    }

    /// s38: writes past the way out's wait (a disk that does not answer) made the
    /// farewell say `was NOT saved: the autosave failed`, though no write failed: the
    /// last one did not finish. It says so now, naming the file the write before
    /// left, which holds the game as it was then; with no such file, it says none.
    #[test]
    fn a_write_left_unfinished_is_not_called_failed_and_the_file_before_is_named() {
        use crate::session::{Autosave, GameConfig, Storage};
        let dir = tempfile::tempdir().unwrap();
        let autosave = Autosave::at(dir.path().join("autosave.hij"));
        let config = GameConfig::default();
        let before = Game::from_moves([Square::A1]).unwrap();
        let now = Game::from_moves([Square::A1, Square::B2]).unwrap();
        let mut storage = Storage::new(dir.path().to_path_buf(), Some(autosave.clone()));
        assert_eq!(storage.after_change(&config, &before), None);
        storage.writes_unfinished();
        let line = farewell(&storage.kept(&config, &now), &now, Answering::Keys);
        assert!(line.contains("NOT saved"), "{line}");
        assert!(!line.contains("failed"), "{line}");
        assert!(line.contains("did not finish"), "{line}");
        assert!(line.contains(&display_path(autosave.path())), "{line}");
        // Nothing written before: no file is named.
        let mut storage = Storage::new(dir.path().to_path_buf(), None);
        storage.writes_unfinished();
        let line = farewell(&storage.kept(&config, &now), &now, Answering::Keys);
        assert!(!line.contains("failed"), "{line}");
        assert!(line.contains("no earlier write holds it"), "{line}");
    }

    /// QA (s13 lines): after a game left in the line mode the last line said
    /// `` `hijara resume` continues it``, whose backticks a screen reader may say,
    /// and a game on disk nowhere `not saved with s`, the full screen's key.
    #[test]
    fn the_farewell_after_the_line_mode_names_commands_in_words() {
        let game = Game::from_moves([Square::A1, Square::B2]).unwrap();
        let how = Answering::Commands;
        let kept = farewell(&Kept::Autosave(PathBuf::from("a.hij")), &game, how);
        assert!(
            kept.contains("the command hijara resume continues it"),
            "{kept}"
        );
        let saved = farewell(&Kept::Saved(PathBuf::from("b.hij")), &game, how);
        assert!(
            saved.contains("the command hijara play --load b.hij"),
            "{saved}"
        );
        let lost = farewell(&Kept::Nowhere, &game, how);
        assert!(lost.ends_with("not saved with the command save."), "{lost}");
        for line in [kept, saved, lost] {
            assert!(!line.contains('`'), "{line}");
        }
    }

    /// qa34: the exit line of a game on disk nowhere (`... and it was not saved with
    /// the command save`) had no full stop, nor the saved game's (`... continues
    /// it`). Each ends its sentence, but the autosave's, which ends with its path.
    #[test]
    fn every_farewell_but_the_autosave_s_path_ends_with_a_full_stop() {
        let game = Game::from_moves([Square::A1, Square::B2]).unwrap();
        for how in [Answering::Keys, Answering::Commands] {
            for kept in [
                Kept::Saved(PathBuf::from("b.hij")),
                Kept::Nowhere,
                Kept::NotAutosaved,
            ] {
                let line = farewell(&kept, &game, how);
                assert!(line.ends_with('.'), "{kept:?}: {line}");
            }
            let kept = farewell(&Kept::Autosave(PathBuf::from("a.hij")), &game, how);
            assert!(kept.ends_with("Autosave: a.hij"), "{kept}");
        }
        assert!(crate::strings::lesson::NEXT.ends_with('.'));
    }
}
