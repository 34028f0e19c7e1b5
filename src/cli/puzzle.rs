//! `hijara puzzle`: a puzzle near your rating, the day's puzzle, or your stats.

use anyhow::{Context, bail};
use serde::Serialize;

use crate::puzzle::explain::{SOLVE_BUDGET, judge, judge_within};
use crate::puzzle::{IfUnreadable, Progress, ProgressError, Puzzle, PuzzleSet, Tried, daily};
use crate::session::{data_dir, data_folder_problem};
use crate::strings::{describe, puzzle as words, storage as storage_words};
use crate::text::display_path;
use crate::ui::PuzzleState;

use super::PuzzleArgs;
use super::config::RunPrefs;

/// The `--stats --json` output.
#[derive(Serialize)]
struct Stats {
    /// The progress file's format version.
    version: u32,
    rating: f64,
    deviation: f64,
    volatility: f64,
    tries: u32,
    solved: u32,
    streak: u32,
    best_streak: u32,
    /// Distinct puzzles solved at least once.
    puzzles_solved: usize,
    /// Puzzles in the set.
    puzzles_in_set: usize,
    dailies_solved: usize,
}

pub(crate) fn run(args: &PuzzleArgs, prefs: &RunPrefs) -> anyhow::Result<()> {
    let screen = !args.headless();
    if !screen {
        return run_on(
            args,
            prefs,
            &mut crate::ui::Frontend::full_screen(),
            PuzzlesBack::Out,
        )
        .map(|_| ());
    }
    let plain = args.plain.plain || prefs.prefs().plain;
    // Not from the start screen: the summary is printed, nothing returned.
    run_on(
        args,
        prefs,
        &mut crate::ui::Frontend::choose(plain)?,
        PuzzlesBack::Out,
    )
    .map(|_| ())
}

/// Where the puzzle screen's `q` goes, and where what they sum up is said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PuzzlesBack {
    /// Out of the program (`hijara puzzle`): the summary printed.
    Out,
    /// Back to the start screen that opened them: the summary returned for it.
    StartScreen,
    /// Back to the lessons' menu that opened them (`p`): the summary returned for it.
    Lessons,
}

/// A puzzle, on `front` (the start screen's or the lessons', when they opened it;
/// `back`: where leaving goes). The rating line said when the screen is left is
/// printed, or, when it goes back, returned for the start screen or the lessons'
/// menu to say (as the lessons' summary).
pub(crate) fn run_on(
    args: &PuzzleArgs,
    prefs: &RunPrefs,
    front: &mut crate::ui::Frontend,
    back: PuzzlesBack,
) -> anyhow::Result<Option<String>> {
    let set = PuzzleSet::shipped().context("the shipped puzzle set")?;
    let dir = data_dir();
    let screen = !args.headless();
    // Said on the puzzle screen: printed alone, it went under the full screen (the
    // start screen or the lessons opened it) or was read only after leaving.
    let mut afresh = None;
    // `--stats` only reads: a file it cannot read is left as it is (qa48: it was
    // moved aside, so an older build's query took a newer one's progress away).
    let unreadable = if args.stats {
        IfUnreadable::Leave
    } else {
        IfUnreadable::KeepAside
    };
    let mut progress = match &dir {
        Some(dir) => match Progress::read(dir, unreadable) {
            Ok(p) => p,
            // Stats of a progress not read would be a fresh start's, not the player's.
            Err(e @ ProgressError::Left { .. }) => {
                bail!("{}", storage_words::no_stats(&e.to_string()))
            }
            Err(e) => {
                // A file in the data folder's place is said of the folder: the file's
                // own error was "Not a directory (os error 20)".
                let error = data_folder_problem(dir).unwrap_or_else(|| e.to_string());
                // On the screen whenever there is one (s33 qa35: `hijara puzzle` printed
                // it before its screen opened, read only after leaving), and printed
                // where the screens do not hold the terminal yet, to stay after them.
                if screen {
                    afresh = Some(storage_words::starting_afresh_on_screen(&error));
                }
                if !front.holds_terminal() || !screen {
                    super::out::note(storage_words::starting_afresh(&error));
                }
                Progress::default()
            }
        },
        None => Progress::default(),
    };
    if args.stats {
        return stats(&set, &progress, args.json).map(|()| None);
    }
    let today = args.date.unwrap_or_else(|| chrono::Utc::now().date_naive());
    // A puzzle on a lesson's position is not offered: the player has just solved it.
    let lesson_twins = lesson_twins(&set);
    let puzzle: &Puzzle = if args.daily {
        daily(&set, today).context("the puzzle set is empty")?
    } else if let Some(id) = &args.id {
        // Ids are `p0001`; `P0001` names it too, as squares and levels read in any case.
        match set
            .puzzle(id)
            .or_else(|| set.puzzle(&id.to_ascii_lowercase()))
        {
            Some(p) => p,
            None => bail!(
                "no puzzle is named \"{}\" (p0001 to p{:04})",
                quoted(id),
                set.puzzles.len()
            ),
        }
    } else {
        progress
            .next_except(&set, &lesson_twins)
            .context("the puzzle set is empty")?
    };
    if screen {
        let state = PuzzleState::new(
            set.clone(),
            progress,
            dir.clone(),
            puzzle.clone(),
            args.daily.then_some(today),
        )
        .passing_over(lesson_twins);
        let mut state = match back {
            PuzzlesBack::Out => state,
            PuzzlesBack::StartScreen => state.from_start(),
            PuzzlesBack::Lessons => state.from_lessons(),
        };
        if let Some(notice) = prefs.notice() {
            state.notify(notice);
        }
        if let Some(afresh) = afresh {
            state.notify(afresh);
        }
        let setup = prefs.setup(front);
        let ended = crate::ui::puzzles(state, front, setup)?;
        let p = ended.progress();
        let summary = words::after_try(p.player.rating, p.player.deviation, p.streak);
        if back != PuzzlesBack::Out {
            return Ok(Some(summary));
        }
        front.restore_terminal();
        super::out::say_after(front, summary)?;
        return Ok(None);
    }
    let position = puzzle.position()?;
    let mover = position.to_move();
    // A full square is refused before the puzzle is printed: an error after it would
    // leave a script the puzzle on standard output and a failure.
    let judged = match args.answer {
        Some(answer) => match judge_within(puzzle, answer, &SOLVE_BUDGET) {
            Some(v) => Some(v),
            None => bail!(words::full_answer(&puzzle.id, answer)),
        },
        None => None,
    };
    // The proven answer, played as the screen's `g` plays it.
    let given_up = match args.give_up {
        true => match judge(puzzle, puzzle.answer) {
            Some(v) => Some(v),
            // A shipped set's answers are all legal (checked when it is read).
            None => bail!(words::full_answer(&puzzle.id, puzzle.answer)),
        },
        false => None,
    };
    let date = today.to_string();
    super::out::say(words::heading(
        &puzzle.id,
        puzzle.kind.name(),
        progress.puzzle_rating(puzzle).rating,
        args.daily.then_some(date.as_str()),
    ))?;
    super::out::say(position)?;
    super::out::say(words::under_board(puzzle))?;
    if let Some(answer) = given_up {
        let daily_date = (args.daily).then_some(today);
        let tried = progress.record(puzzle, false, daily_date);
        let counted = tried == Tried::First;
        for line in describe::puzzle_given_up(puzzle, &answer, counted) {
            super::out::say(line)?;
        }
        return after_try(&mut progress, tried, dir.as_deref());
    }
    let Some(v) = judged else {
        let given = args.date.map(|d| d.to_string());
        super::out::say(match args.daily {
            true => words::answer_daily_with(&puzzle.id, given.as_deref()),
            false => words::answer_with(&puzzle.id),
        })?;
        super::out::say(words::give_up_with(
            &puzzle.id,
            args.daily,
            given.as_deref(),
        ))?;
        return Ok(None);
    };
    for line in describe::puzzle_explained(puzzle, &v, &mover.other().to_string()) {
        super::out::say(line)?;
    }
    let daily_date = (args.daily).then_some(today);
    let tried = progress.record(puzzle, v.solved, daily_date);
    let said = after_try(&mut progress, tried, dir.as_deref())?;
    // A wrong answer exits 1, all said on standard output (qa45: 0 as a right one,
    // so a script could not tell them apart).
    if !v.solved {
        return Err(super::out::QuietExit(1).into());
    }
    Ok(said)
}

/// After a try from the command line (an answer or a give-up): says whether it
/// counted and the rating now, and keeps the progress in `dir` when it changed.
fn after_try(
    progress: &mut Progress,
    tried: Tried,
    dir: Option<&std::path::Path>,
) -> anyhow::Result<Option<String>> {
    // Written before the rating is said: the save takes in the tries another hijara
    // kept meanwhile, and the rating said is the one kept.
    let saved = match dir {
        // A repeat changed nothing, so nothing is written.
        _ if tried == Tried::Again => Ok(()),
        Some(dir) => progress
            .save(dir)
            .with_context(|| format!("saving puzzle progress in {}", display_path(dir))),
        None => Ok(()),
    };
    if tried == Tried::Again {
        super::out::say(words::TRIED_BEFORE)?;
    }
    super::out::say(words::after_try(
        progress.player.rating,
        progress.player.deviation,
        progress.streak,
    ))?;
    if dir.is_none() && tried == Tried::First {
        super::out::note(words::TRY_NOT_KEPT);
    }
    saved.map(|()| None)
}

fn stats(set: &PuzzleSet, progress: &Progress, json: bool) -> anyhow::Result<()> {
    let stats = Stats {
        version: progress.version,
        rating: progress.player.rating,
        deviation: progress.player.deviation,
        volatility: progress.player.volatility,
        tries: progress.tries,
        solved: progress.solved,
        streak: progress.streak,
        best_streak: progress.best_streak,
        // Counted over the set, so an id the set has not (a hand-edited file, an older
        // set) never makes more solved than there are.
        puzzles_solved: set
            .puzzles
            .iter()
            .filter(|p| progress.puzzles.get(&p.id).is_some_and(|e| e.solved > 0))
            .count(),
        puzzles_in_set: set.puzzles.len(),
        dailies_solved: progress.dailies_solved.len(),
    };
    if json {
        super::out::say_json(&stats)?;
        return Ok(());
    }
    super::out::say(words::your_rating(stats.rating, stats.deviation))?;
    super::out::say(words::tries(
        stats.tries,
        stats.solved,
        stats.streak,
        stats.best_streak,
    ))?;
    super::out::say(words::solved(
        stats.puzzles_solved,
        stats.puzzles_in_set,
        stats.dailies_solved,
    ))?;
    Ok(())
}

/// The longest piece of an `--id` quoted back, in display columns.
const QUOTE_LIMIT: usize = 40;

/// An `--id` for an error: made safe to show and cut with `…`, so a long argument
/// gives a one-line error.
fn quoted(id: &str) -> String {
    use crate::text::{MAX_MARKS, cap_marks, fit_sanitized, sanitize};
    fit_sanitized(&cap_marks(&sanitize(id), MAX_MARKS), QUOTE_LIMIT)
}

/// The puzzles whose position is a lesson's (lesson 10 is puzzle p0004's position).
fn lesson_twins(set: &PuzzleSet) -> Vec<String> {
    let lessons = crate::learn::lessons().unwrap_or_default();
    set.puzzles
        .iter()
        .filter(|p| {
            p.position()
                .is_ok_and(|position| lessons.iter().any(|l| *l.game.position() == position))
        })
        .map(|p| p.id.clone())
        .collect()
}
