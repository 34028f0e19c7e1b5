//! The player's puzzle progress: a Glicko-2 rating ([`crate::rating`]),
//! each tried puzzle's local rating, streaks and the daily puzzle. Kept in the
//! data folder as `puzzles.json`, with a format version, written atomically.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use super::set::{Puzzle, PuzzleSet};
use crate::rating::{Glicko2, Outcome, Rating};

/// The progress file's name in the data folder.
pub const PROGRESS_FILE: &str = "puzzles.json";

/// The version of the progress file's format.
pub const PROGRESS_VERSION: u32 = 1;

/// The largest progress file read.
pub const MAX_PROGRESS_BYTES: u64 = 1 << 20;

/// What the player did with one puzzle, and its rating here.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PuzzleProgress {
    /// The puzzle's rating, updated locally after each try.
    pub rating: Rating,
    /// Tries.
    pub tries: u32,
    /// Tries that found the answer.
    pub solved: u32,
}

/// The player's progress with puzzles.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// The file format's version ([`PROGRESS_VERSION`]).
    pub version: u32,
    /// The player's rating.
    pub player: Rating,
    /// Puzzles tried (counting every try).
    pub tries: u32,
    /// Tries that found the answer.
    pub solved: u32,
    /// Answers found in a row, up to now.
    pub streak: u32,
    /// The longest streak.
    pub best_streak: u32,
    /// Each tried puzzle, by id.
    pub puzzles: BTreeMap<String, PuzzleProgress>,
    /// The UTC dates (`YYYY-MM-DD`) whose daily puzzle was solved.
    pub dailies_solved: Vec<String>,
    /// The tries recorded here since the file was last read or written, in order:
    /// [`Progress::save`] records them again on the file as it is then, so that the
    /// tries another hijara on the data folder kept meanwhile stay. Never in the file.
    #[serde(skip)]
    pub unwritten: Vec<Try>,
}

/// One try at a puzzle, kept to be recorded again on the file ([`Progress::unwritten`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Try {
    /// The puzzle's id.
    pub id: String,
    /// The puzzle's rating in the set (its rating here until it is first tried).
    pub shipped: Rating,
    /// Whether the answer was found.
    pub solved: bool,
    /// The UTC date when it was that day's puzzle.
    pub daily: Option<NaiveDate>,
}

impl Default for Progress {
    fn default() -> Progress {
        Progress {
            version: PROGRESS_VERSION,
            player: Rating::default(),
            tries: 0,
            solved: 0,
            streak: 0,
            best_streak: 0,
            puzzles: BTreeMap::new(),
            dailies_solved: Vec::new(),
            unwritten: Vec::new(),
        }
    }
}

/// Whether a try changed the progress: only a puzzle's first try counts, so reopening
/// a puzzle (the daily one again, `--id` twice) cannot pump the rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tried {
    /// The first try at this puzzle: the ratings, counts and streak were updated.
    First,
    /// The puzzle was tried before: nothing changed.
    Again,
}

/// A progress file that could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ProgressError {
    /// Reading or writing failed.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why: in the message, and not its `source`, which `{:#}` (how `hijara`
        /// prints an error) printed a second time.
        error: io::Error,
    },
    /// Not a progress file this build reads; it was moved aside, not destroyed.
    #[error("{path} could not be read ({why}); it was kept as {kept}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What was wrong.
        why: String,
        /// Where it was moved.
        kept: PathBuf,
    },
    /// Not a progress file this build reads, found by a query that writes nothing
    /// ([`IfUnreadable::Leave`]): left where it is, as it is.
    #[error("{path} could not be read ({why}); it was left as it is")]
    Left {
        /// The file.
        path: PathBuf,
        /// What was wrong.
        why: String,
    },
}

/// What [`Progress::read`] does with a file it cannot read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IfUnreadable {
    /// Moves it aside (`puzzles.json.unreadable-N`), so a try can be saved afresh.
    KeepAside,
    /// Leaves it as it is: a read-only query (`--stats`) moves and writes nothing.
    Leave,
}

/// The new ratings of a player and a puzzle after one try: Glicko-2, one game
/// in which the player wins when `solved`.
pub fn rate(player: Rating, puzzle: Rating, solved: bool) -> (Rating, Rating) {
    let outcome = if solved { Outcome::Win } else { Outcome::Loss };
    let (player, puzzle) = Glicko2::PUZZLES.rate_game(player, puzzle, outcome);
    // Within the bounds a file is read with, so the progress always reads back.
    (player.bounded(), puzzle.bounded())
}

/// The day's puzzle: the same for everyone on a given UTC date, a pure
/// function of the date and the set (a hash of the day number picks it).
pub fn daily(set: &PuzzleSet, date: NaiveDate) -> Option<&Puzzle> {
    let n = set.puzzles.len() as u64;
    if n == 0 {
        return None;
    }
    // SplitMix64 of the day number: neighbouring days land far apart.
    let mut z = (date.num_days_from_ce() as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    set.puzzles.get((z % n) as usize)
}

impl Progress {
    /// The progress file in `data_dir`.
    pub fn path_in(data_dir: &Path) -> PathBuf {
        data_dir.join(PROGRESS_FILE)
    }

    /// Reads the progress in `data_dir`; none yet is a fresh start. A file
    /// that is too large, not JSON of the right shape or of another version is
    /// moved aside (`puzzles.json.unreadable-N`) and reported, never destroyed.
    pub fn load(data_dir: &Path) -> Result<Progress, ProgressError> {
        Progress::read(data_dir, IfUnreadable::KeepAside)
    }

    /// [`Progress::load`], a file it cannot read moved aside or left as `unreadable`
    /// says.
    pub fn read(data_dir: &Path, unreadable: IfUnreadable) -> Result<Progress, ProgressError> {
        let path = Progress::path_in(data_dir);
        let io_error = |error| ProgressError::Io {
            path: path.clone(),
            error,
        };
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Progress::default()),
            Err(e) => return Err(io_error(e)),
        };
        let why = if !meta.is_file() {
            Some("not a regular file".to_string())
        } else if meta.len() > MAX_PROGRESS_BYTES {
            Some(format!("larger than {MAX_PROGRESS_BYTES} bytes"))
        } else {
            // Bytes, not text: a file that is not UTF-8 is unreadable too, and kept.
            let bytes = std::fs::read(&path).map_err(io_error)?;
            // A byte-order mark (an editor's save) is no part of the JSON, which
            // serde_json refuses: the file was moved aside as unreadable (QA, cli26).
            match std::str::from_utf8(&bytes).map(crate::session::without_bom) {
                Ok(text) => match Progress::parse(text) {
                    Ok(progress) => return Ok(progress),
                    Err(why) => Some(why),
                },
                Err(e) => Some(format!("not UTF-8 text: {e}")),
            }
        };
        let why = why.unwrap_or_default();
        if unreadable == IfUnreadable::Leave {
            return Err(ProgressError::Left { path, why });
        }
        let kept = crate::session::keep_aside(&path).map_err(io_error)?;
        Err(ProgressError::Unreadable { path, why, kept })
    }

    /// Reads progress from its JSON text.
    pub fn parse(text: &str) -> Result<Progress, String> {
        #[derive(Deserialize)]
        struct Versioned {
            version: u32,
        }
        let v: Versioned = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if v.version != PROGRESS_VERSION {
            // A newer build's file is said to be one: this build can't read it,
            // that build can.
            let whose = if v.version > PROGRESS_VERSION {
                " (a newer hijara's)"
            } else {
                ""
            };
            return Err(format!(
                "format version {}{whose}, this build reads {PROGRESS_VERSION}",
                v.version
            ));
        }
        let progress: Progress = serde_json::from_str(text).map_err(|e| e.to_string())?;
        // Numbers the rating could not go on from (NaN once rated, written `null`).
        progress
            .player
            .check()
            .map_err(|e| format!("player: {e}"))?;
        for (id, puzzle) in &progress.puzzles {
            let id = crate::text::sanitize(id);
            puzzle
                .rating
                .check()
                .map_err(|e| format!("puzzles: {id}: {e}"))?;
        }
        Ok(progress)
    }

    /// Writes the progress to `data_dir` atomically, creating the folder if needed:
    /// the file as it is now (another hijara on the folder may have written it since
    /// this one read it) with the [`unwritten`](Progress::unwritten) tries recorded on
    /// it, read and written holding the folder (`session::hold_folder`).
    /// This progress becomes what was written. With no file yet, or one that cannot
    /// be read now (kept aside by [`Progress::load`]), this progress is written as it
    /// is (a change made other than by [`Progress::record`] is kept only then).
    pub fn save(&mut self, data_dir: &Path) -> Result<(), ProgressError> {
        let path = Progress::path_in(data_dir);
        let result = (|| {
            crate::session::create_data_folder(data_dir)?;
            let _held = crate::session::hold_folder(data_dir);
            let there = std::fs::symlink_metadata(&path).is_ok();
            let mut kept = match there.then(|| Progress::load(data_dir)) {
                Some(Ok(mut now)) => {
                    for attempt in &self.unwritten {
                        now.apply(attempt);
                    }
                    now
                }
                // None yet (this one is the first), or one that cannot be read now.
                _ => self.clone(),
            };
            kept.unwritten.clear();
            let text = serde_json::to_string_pretty(&kept).map_err(io::Error::other)?;
            crate::session::write_atomic(&path, text.as_bytes())?;
            Ok(kept)
        })();
        match result {
            Ok(kept) => {
                *self = kept;
                Ok(())
            }
            // The tries stay unwritten: the next save records them.
            Err(error) => Err(ProgressError::Io { path, error }),
        }
    }

    /// The puzzle's rating here: the local one once tried, else the shipped one.
    pub fn puzzle_rating(&self, puzzle: &Puzzle) -> Rating {
        self.rating_of(&puzzle.id, puzzle.rating)
    }

    /// The rating here of the puzzle `id`, whose rating in the set is `shipped`.
    fn rating_of(&self, id: &str, shipped: Rating) -> Rating {
        self.puzzles.get(id).map_or(shipped, |p| p.rating)
    }

    /// Whether `puzzle` was tried before (so a try now does not count).
    pub fn tried(&self, puzzle: &Puzzle) -> bool {
        self.puzzles.get(&puzzle.id).is_some_and(|p| p.tries > 0)
    }

    /// Records one try at `puzzle`: both ratings, the counts and the streak, on the
    /// first try only ([`Tried::Again`] changes nothing). `daily` is the UTC date when
    /// it was that day's puzzle. A try that counts is also kept
    /// [`unwritten`](Progress::unwritten) for [`Progress::save`].
    pub fn record(&mut self, puzzle: &Puzzle, solved: bool, daily: Option<NaiveDate>) -> Tried {
        let attempt = Try {
            id: puzzle.id.clone(),
            shipped: puzzle.rating,
            solved,
            daily,
        };
        let tried = self.apply(&attempt);
        if tried == Tried::First {
            self.unwritten.push(attempt);
        }
        tried
    }

    /// Records `attempt` as [`Progress::record`] does, without keeping it unwritten.
    fn apply(&mut self, attempt: &Try) -> Tried {
        let Try {
            id,
            shipped,
            solved,
            daily,
        } = attempt;
        let (solved, daily) = (*solved, *daily);
        if self.puzzles.get(id).is_some_and(|p| p.tries > 0) {
            return Tried::Again;
        }
        let (player, rating) = rate(self.player, self.rating_of(id, *shipped), solved);
        self.player = player;
        let entry = self.puzzles.entry(id.clone()).or_insert(PuzzleProgress {
            rating,
            tries: 0,
            solved: 0,
        });
        entry.rating = rating;
        entry.tries += 1;
        self.tries += 1;
        if solved {
            entry.solved += 1;
            self.solved += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
            if let Some(date) = daily {
                let date = date.format("%Y-%m-%d").to_string();
                if !self.dailies_solved.contains(&date) {
                    self.dailies_solved.push(date);
                }
            }
        } else {
            self.streak = 0;
        }
        Tried::First
    }

    /// The next puzzle to offer: among those not yet solved, the one whose
    /// rating is nearest the player's (the earlier in the set on a tie);
    /// once all are solved, the nearest of all.
    pub fn next<'s>(&self, set: &'s PuzzleSet) -> Option<&'s Puzzle> {
        self.next_except(set, &[])
    }

    /// As [`Progress::next`], passing over the puzzles named in `except` (those shown
    /// or skipped already) while any other is left.
    pub fn next_except<'s>(&self, set: &'s PuzzleSet, except: &[String]) -> Option<&'s Puzzle> {
        let distance = |p: &Puzzle| (self.puzzle_rating(p).rating - self.player.rating).abs();
        let nearest = |keep: &dyn Fn(&Puzzle) -> bool| {
            set.puzzles
                .iter()
                .filter(|p| keep(p))
                .min_by(|a, b| distance(a).total_cmp(&distance(b)))
        };
        let unsolved = |p: &Puzzle| self.puzzles.get(&p.id).is_none_or(|e| e.solved == 0);
        let fresh = |p: &Puzzle| !except.contains(&p.id);
        nearest(&|p| unsolved(p) && fresh(p))
            .or_else(|| nearest(&fresh))
            .or_else(|| nearest(&unsolved))
            .or_else(|| nearest(&|_| true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// QA (s16 learn): a file in the data folder's place made the save say only
    /// `File exists (os error 17)`.
    #[test]
    fn a_file_in_the_data_folder_s_place_is_said_as_such() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("data");
        std::fs::write(&file, "x").unwrap();
        let error = Progress::default().save(&file).unwrap_err().to_string();
        assert!(
            error.contains("data is not a folder (a file is there)"),
            "{error}"
        );
    }

    fn set() -> PuzzleSet {
        PuzzleSet::shipped().expect("the shipped set parses")
    }

    #[test]
    fn a_solve_raises_the_player_and_lowers_the_puzzle() {
        let start = Rating::default();
        let puzzle = Rating {
            rating: 1700.0,
            ..Rating::default()
        };
        let (p, q) = rate(start, puzzle, true);
        assert!(p.rating > start.rating && q.rating < puzzle.rating);
        assert!(p.deviation < start.deviation);
        let (p, q) = rate(start, puzzle, false);
        assert!(p.rating < start.rating && q.rating > puzzle.rating);
        // Beating a stronger puzzle is worth more than beating a weaker one.
        let weak = Rating {
            rating: 1300.0,
            ..Rating::default()
        };
        assert!(rate(start, puzzle, true).0.rating > rate(start, weak, true).0.rating);
    }

    /// The figures docs/learning.md gives for a first try (qa: ratings move a lot on
    /// a first try): 162 points against a puzzle at 1500 with deviation 350, 175
    /// against a settled one (75), either way; both under what Lichess moves a
    /// newcomer (250 and 237, from its 1500/500) and far under its 700 cap.
    #[test]
    fn a_first_try_moves_the_rating_as_the_docs_say() {
        let start = Rating::default();
        assert_eq!(start.deviation, 350.0);
        for (deviation, moved, after) in [(350.0, 162.3, 290.3), (75.0, 175.0, 250.0)] {
            let puzzle = Rating {
                rating: 1500.0,
                deviation,
                ..Rating::default()
            };
            for (solved, sign) in [(true, 1.0), (false, -1.0)] {
                let (p, _) = rate(start, puzzle, solved);
                let change = p.rating - start.rating;
                assert!((change - sign * moved).abs() < 0.1, "{deviation}: {change}");
                assert!((p.deviation - after).abs() < 0.1, "{}", p.deviation);
            }
        }
    }

    #[test]
    fn the_rating_update_is_glickmans_one_game_period() {
        // Glickman's worked example (player 1500/200 vs 1400/30, a win), one game.
        let (p, _) = rate(
            Rating {
                rating: 1500.0,
                deviation: 200.0,
                volatility: 0.06,
            },
            Rating {
                rating: 1400.0,
                deviation: 30.0,
                volatility: 0.06,
            },
            true,
        );
        assert!((p.rating - 1563.56).abs() < 0.5, "{}", p.rating);
        assert!((p.deviation - 175.4).abs() < 0.5, "{}", p.deviation);
    }

    #[test]
    fn streaks_count_solves_in_a_row() {
        let set = set();
        let mut progress = Progress::default();
        for (puzzle, solved) in set.puzzles.iter().zip([true, true, false, true]) {
            assert_eq!(progress.record(puzzle, solved, None), Tried::First);
        }
        assert_eq!((progress.tries, progress.solved), (4, 3));
        assert_eq!((progress.streak, progress.best_streak), (1, 2));
        assert_eq!(progress.puzzles["p0001"].tries, 1);
        assert_ne!(
            progress.puzzle_rating(&set.puzzles[0]),
            set.puzzles[0].rating
        );
    }

    /// Issue 28, defect 1: reopening a solved puzzle counted every repeat (the
    /// rating went 1301, 1344, 1371, 1389 on the same answer).
    #[test]
    fn only_the_first_try_at_a_puzzle_counts() {
        let set = set();
        let puzzle = &set.puzzles[3];
        let day = NaiveDate::from_ymd_opt(2026, 12, 1);
        let mut progress = Progress::default();
        assert!(!progress.tried(puzzle));
        assert_eq!(progress.record(puzzle, false, day), Tried::First);
        let after_first = progress.clone();
        assert!(progress.tried(puzzle));
        for solved in [true, true, false] {
            assert_eq!(progress.record(puzzle, solved, day), Tried::Again);
        }
        assert_eq!(progress, after_first, "a repeat changes nothing");
        assert!(progress.dailies_solved.is_empty());
    }

    #[test]
    fn the_daily_puzzle_is_a_function_of_the_date() {
        let set = set();
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).expect("a date");
        let first = daily(&set, day(2026, 11, 30)).expect("a puzzle");
        assert_eq!(
            daily(&set, day(2026, 11, 30)).expect("a puzzle").id,
            first.id
        );
        // Pinned, so that every build gives everyone the same puzzle on a date.
        assert_eq!(first.id, "p0235");
        // A week of dates gives at least five different puzzles.
        let week: std::collections::HashSet<_> = (1..=7)
            .map(|d| daily(&set, day(2026, 12, d)).expect("a puzzle").id.clone())
            .collect();
        assert!(week.len() >= 5, "{week:?}");
    }

    #[test]
    fn the_next_puzzle_is_the_unsolved_one_nearest_the_rating() {
        let set = set();
        let mut progress = Progress::default();
        let first = progress.next(&set).expect("a puzzle").clone();
        let nearest = set
            .puzzles
            .iter()
            .map(|p| (p.rating.rating - 1500.0).abs())
            .fold(f64::INFINITY, f64::min);
        assert_eq!((first.rating.rating - 1500.0).abs(), nearest);
        progress.record(&first, true, None);
        assert_ne!(progress.next(&set).expect("a puzzle").id, first.id);
    }

    #[test]
    fn progress_round_trips_and_bad_files_are_kept_aside() {
        let dir = tempfile::tempdir().expect("a temp dir");
        assert_eq!(
            Progress::load(dir.path()).expect("none yet"),
            Progress::default()
        );
        let mut progress = Progress::default();
        progress.record(&set().puzzles[3], true, NaiveDate::from_ymd_opt(2026, 1, 2));
        progress.save(dir.path()).expect("saved");
        let back = Progress::load(dir.path()).expect("read back");
        // JSON keeps ratings to within a unit in the last place.
        assert!((back.player.rating - progress.player.rating).abs() < 1e-9);
        assert_eq!(back.puzzles.keys().collect::<Vec<_>>(), ["p0004"]);
        assert_eq!((back.tries, back.solved, back.streak), (1, 1, 1));
        assert_eq!(back.dailies_solved, ["2026-01-02"]);
        let path = Progress::path_in(dir.path());
        std::fs::write(&path, "{\"version\":99}").expect("written");
        match Progress::load(dir.path()) {
            Err(ProgressError::Unreadable { kept, .. }) => {
                assert_eq!(
                    std::fs::read_to_string(kept).expect("kept"),
                    "{\"version\":99}"
                );
            }
            other => panic!("{other:?}"),
        }
        assert!(!path.exists());
    }

    /// QA (cli26): a `puzzles.json` saved by an editor that starts files with a
    /// byte-order mark was moved aside as unreadable (`expected value at line 1
    /// column 1`), and the puzzles started afresh.
    #[test]
    fn a_progress_file_starting_with_a_byte_order_mark_is_read() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let mut progress = Progress::default();
        progress.record(&set().puzzles[3], true, NaiveDate::from_ymd_opt(2026, 1, 2));
        progress.save(dir.path()).expect("saved");
        let path = Progress::path_in(dir.path());
        let text = std::fs::read_to_string(&path).expect("read");
        std::fs::write(&path, format!("\u{feff}{text}")).expect("written");
        let back = Progress::load(dir.path()).expect("read with its mark");
        assert_eq!(back.puzzles.keys().collect::<Vec<_>>(), ["p0004"]);
        assert_eq!((back.tries, back.solved, back.streak), (1, 1, 1));
        assert_eq!(back.dailies_solved, ["2026-01-02"]);
        let files = std::fs::read_dir(dir.path()).expect("listed").count();
        assert_eq!(files, 1, "nothing moved aside");
    }

    /// QA (qa35): two hijara on one data folder (two terminals, a puzzle in each) each
    /// wrote the progress they had read at their start with their own try on it: the
    /// later save wrote over the earlier's try, said to its player with its rating
    /// (`Your puzzle rating: 1192`) and then gone. A save now records its tries on
    /// the file as it is.
    #[test]
    fn a_save_keeps_the_tries_another_hijara_saved_meanwhile() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let set = set();
        let mut first = Progress::load(dir.path()).expect("none yet");
        let mut second = Progress::load(dir.path()).expect("none yet");
        second.record(&set.puzzles[0], false, None);
        second.save(dir.path()).expect("saved");
        first.record(&set.puzzles[8], true, None);
        first.save(dir.path()).expect("saved");
        let back = Progress::load(dir.path()).expect("read back");
        assert_eq!(back.puzzles.keys().collect::<Vec<_>>(), ["p0001", "p0009"]);
        assert_eq!((back.tries, back.solved, back.streak), (2, 1, 1));
        // Rated one try after the other, as one program would have.
        let mut one = Progress::default();
        one.record(&set.puzzles[0], false, None);
        one.record(&set.puzzles[8], true, None);
        assert!((back.player.rating - one.player.rating).abs() < 1e-9);
        // The screen that saved last shows what the file holds.
        assert_eq!(first.tries, 2);
        assert!((first.player.rating - back.player.rating).abs() < 1e-9);
        // A try the other had made already counts once.
        second.record(&set.puzzles[8], false, None);
        second.save(dir.path()).expect("saved");
        let back = Progress::load(dir.path()).expect("read back");
        assert_eq!((back.tries, back.solved), (2, 1));
    }

    /// Defect: a file that was not UTF-8 was an I/O error, not moved aside: the run
    /// started afresh and its next save overwrote it.
    #[test]
    fn a_progress_file_not_in_utf8_is_kept_aside() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = Progress::path_in(dir.path());
        std::fs::write(&path, b"\xff\xfe{}").expect("written");
        match Progress::load(dir.path()) {
            Err(ProgressError::Unreadable { kept, why, .. }) => {
                assert_eq!(std::fs::read(kept).expect("kept"), b"\xff\xfe{}");
                assert!(why.contains("UTF-8"), "{why}");
            }
            other => panic!("{other:?}"),
        }
        assert!(!path.exists());
    }
}
