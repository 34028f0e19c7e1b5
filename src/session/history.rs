//! The game history: every finished game kept in the data folder's `games/`, and the
//! list of them that `hijara games` prints and `hijara replay N` picks from.
//!
//! Files are numbered newest first from 1, by when their game was played (`When`):
//! the file name's stamp, else the record's `Date` (and `Time`) tag; files with
//! neither come after, by name. Unreadable files keep their number, so the numbers of
//! the other games do not shift when one file is damaged.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::ai::{Level, Seat};
use crate::record::{GameResult, Termination};
use crate::rules::{Player, Ruleset};

use super::autosave::write_new_save;
use super::disk::{kind_of, read_regular};
use super::record_io::{parse_record, seat_in, seat_tag};

/// The history's folder inside the data folder.
pub const GAMES_DIR: &str = "games";

/// The history folder inside a data folder.
pub fn games_dir(data_dir: &Path) -> PathBuf {
    data_dir.join(GAMES_DIR)
}

/// Writes a finished game's record into `dir` (created if missing) under a new
/// `hijara-YYYYMMDD-HHMMSS.hij` name, atomically; returns the path.
pub fn archive(dir: &Path, record_text: &str) -> io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    write_new_save(dir, record_text.as_bytes())
}

/// One game of the history, as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// Its number in the list (1 = newest), as `hijara replay N` takes it.
    pub n: usize,
    /// The file name inside the history folder.
    pub file: String,
    /// When it was kept (`YYYY-MM-DD HH:MM` from the file name), else its `Date` tag
    /// when that is a date ([`crate::record::is_date`]).
    pub date: Option<String>,
    /// Why the `Date` tag, where the list would show it, was read as not known (it is
    /// no date: where it is and what it says); `hijara games` says so on standard
    /// error. Not in JSON, whose `date` is then null.
    #[serde(skip)]
    pub date_warning: Option<String>,
    /// Who played Blue (the `Blue` tag, or `?`).
    pub blue: String,
    /// Who played Yellow.
    pub yellow: String,
    /// The result, `blue`, `yellow`, `draw` or `unfinished` in JSON.
    pub result: GameResult,
    /// How it ended: `normal` (the board), `time forfeit`, `resignation` or `abandoned`.
    pub termination: Termination,
    /// Blue's total.
    pub blue_score: u32,
    /// Yellow's total.
    pub yellow_score: u32,
    /// How many moves were played.
    pub moves: usize,
    /// The ruleset: `standard` or `corners` in JSON.
    pub variant: Ruleset,
    /// Whether points were claimed (the claim variant).
    pub claims: bool,
    /// What sat in each seat (Blue, Yellow), read by [`seat_in`]: a person
    /// ([`Seat::Human`]), an AI, or `None` when the record does not say. Not in JSON.
    #[serde(skip)]
    pub seats: [Option<Seat>; 2],
}

/// A file in the history that could not be read as a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unreadable {
    /// Its number in the list (1 = newest).
    pub n: usize,
    /// The file name inside the history folder.
    pub file: String,
    /// Why it could not be read (line, column, move and square where they apply).
    pub error: String,
}

/// One line of the list: a game, or a file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Listed {
    /// A readable game.
    Game(Entry),
    /// A damaged or foreign file.
    Unreadable(Unreadable),
}

/// A person's results against one AI level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// The AI level played against: `random`, `easy`, `medium` or `hard`.
    pub opponent: Level,
    /// Games the person won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the person lost.
    pub losses: u32,
}

/// The history: every `.hij` file of the folder, newest first.
#[derive(Debug, Clone, Default)]
pub struct History {
    /// The folder read.
    pub folder: PathBuf,
    /// Every file, newest first; entry `i` has number `i + 1`.
    pub listed: Vec<Listed>,
    /// The `.hij` names that are no file (a folder, a FIFO), by name: not numbered.
    pub skipped: Vec<Skipped>,
    /// The names of `listed`'s files as they are (`file` is lossy), in its order:
    /// what `hijara replay N` opens.
    names: Vec<OsString>,
}

/// When a file's game was played, as the list orders it (newest first; a file with
/// none comes after every file with one). From the file name's stamp
/// (`hijara-YYYYMMDD-HHMMSS[-N].hij`), else from the record's `Date` tag when it is a
/// date (a part not known, `??`, counts as 0: before every known day of its year or
/// month) and its `Time` tag (`HH:MM` or `HH:MM:SS`) when it is a time; a day without
/// a time comes before that day's timed games. An `N` orders a second's files.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct When {
    /// `YYYY-MM-DD`.
    day: String,
    /// `HH:MM:SS`, or empty when not known.
    time: String,
    /// The clash number of a stamped name (its first file has none: 1).
    clash: u32,
}

/// [`When`] from a `hijara-YYYYMMDD-HHMMSS[-N].hij` name.
fn when_of_name(file: &str) -> Option<When> {
    let stamp = file.strip_prefix("hijara-")?.get(..15)?;
    let time = chrono::NaiveDateTime::parse_from_str(stamp, "%Y%m%d-%H%M%S").ok()?;
    Some(When {
        day: time.format("%Y-%m-%d").to_string(),
        time: time.format("%H:%M:%S").to_string(),
        clash: sort_key(file).1,
    })
}

/// [`When`] from the `Date` tag (`None` when it is missing or no date) and the
/// `Time` tag (left out when it is missing or no time).
fn when_of_tags(record: &crate::record::Record) -> Option<When> {
    let day = record.date().ok().flatten()?;
    // `is_date` checked it: ten ASCII characters, `-` or `.` between the parts.
    let day: String = day
        .chars()
        .map(|c| match c {
            '.' => '-',
            '?' => '0',
            c => c,
        })
        .collect();
    let time = record
        .tag(TIME_TAG)
        .and_then(|t| {
            chrono::NaiveTime::parse_from_str(t, "%H:%M:%S")
                .or_else(|_| chrono::NaiveTime::parse_from_str(t, "%H:%M"))
                .ok()
        })
        .map(|t| t.format("%H:%M:%S").to_string())
        .unwrap_or_default();
    Some(When {
        day,
        time,
        clash: 0,
    })
}

/// The tag with the time of day a game started (PGN's): orders a folder's games
/// within a `Date`.
const TIME_TAG: &str = "Time";

/// Sort key for `hijara-YYYYMMDD-HHMMSS[-N].hij`: the time, then the number that
/// avoids a clash (the first file of a second has none, so it counts as 1).
fn sort_key(file: &str) -> (String, u32) {
    let stem = file.trim_end_matches(".hij");
    match stem.rsplit_once('-') {
        Some((head, tail)) if head.matches('-').count() >= 2 => {
            (head.to_owned(), tail.parse().unwrap_or(0))
        }
        _ => (stem.to_owned(), 1),
    }
}

/// `YYYY-MM-DD HH:MM` from a `hijara-YYYYMMDD-HHMMSS[-N].hij` name.
fn stamp_of(file: &str) -> Option<String> {
    let stamp = file.strip_prefix("hijara-")?.get(..15)?;
    let time = chrono::NaiveDateTime::parse_from_str(stamp, "%Y%m%d-%H%M%S").ok()?;
    Some(time.format("%Y-%m-%d %H:%M").to_string())
}

/// A `.hij` name in the folder that is no file at all (a folder, a FIFO, a device, a
/// socket): left out of the list and its numbers, and never opened (opening a FIFO
/// blocks until a writer comes). `hijara games` says each on standard error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// The name inside the folder (lossy where it is not UTF-8; not yet escaped).
    pub file: String,
    /// What it is: `a folder`, `a FIFO`, `a device`, `a socket`, or `its type could
    /// not be read (ERROR)`.
    pub what: String,
}

/// The `.hij` file names in `dir`, newest first by their names alone (the stamp of
/// `hijara-YYYYMMDD-HHMMSS[-N].hij`; other names after it in reverse order; what
/// `hijara games` lists is [`History::read`]'s order, which reads the records' dates
/// too): regular files and symlinks (a link to something other than a record is
/// listed as unreadable when read), and names that are not UTF-8 too. A missing
/// folder has none.
pub fn files_newest_first(dir: &Path) -> io::Result<Vec<OsString>> {
    scan(dir).map(|(files, _)| files)
}

/// [`files_newest_first`], and the `.hij` names it leaves out as no file at all. The
/// type comes from the folder's listing (or `lstat`), never from opening the entry.
fn scan(dir: &Path) -> io::Result<(Vec<OsString>, Vec<Skipped>)> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((Vec::new(), Vec::new())),
        Err(e) => return Err(e),
    };
    let (mut files, mut skipped) = (Vec::new(), Vec::new());
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let lossy = name.to_string_lossy();
        // Leading dots are the atomic writes' temporary files.
        if !lossy.ends_with(".hij") || lossy.starts_with('.') {
            continue;
        }
        let what = match entry.file_type() {
            Ok(t) if t.is_file() || t.is_symlink() => {
                files.push(name);
                continue;
            }
            Ok(t) => kind_of(t).to_owned(),
            Err(e) => format!("its type could not be read ({e})"),
        };
        skipped.push(Skipped {
            file: lossy.into_owned(),
            what,
        });
    }
    files.sort_by(|a, b| {
        let (a, b) = (a.to_string_lossy(), b.to_string_lossy());
        sort_key(&b).cmp(&sort_key(&a)).then_with(|| b.cmp(&a))
    });
    skipped.sort_by(|a, b| a.file.cmp(&b.file));
    Ok((files, skipped))
}

impl History {
    /// Reads every `.hij` file in `dir`. A missing folder is an empty history; a
    /// file that cannot be read is listed with its error.
    pub fn read(dir: &Path) -> io::Result<History> {
        let (files, skipped) = scan(dir)?;
        let mut read: Vec<(Option<When>, OsString, Listed)> = files
            .into_iter()
            .map(|name| {
                let file = name.to_string_lossy().into_owned();
                let (when, listed) = match read_entry(&dir.join(&name), 0, &file) {
                    Ok((entry, tags)) => (when_of_name(&file).or(tags), Listed::Game(entry)),
                    Err(error) => (
                        when_of_name(&file),
                        Listed::Unreadable(Unreadable { n: 0, file, error }),
                    ),
                };
                (when, name, listed)
            })
            .collect();
        // Newest first, then the files with no date; `scan`'s name order (stable)
        // between equals. It went by the names alone, so a folder of hand-named
        // records was listed by name under `newest first` (QA s31).
        read.sort_by(|(a, _, _), (b, _, _)| match (a, b) {
            (Some(a), Some(b)) => b.cmp(a),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        });
        let (mut listed, mut names) = (Vec::new(), Vec::new());
        for (i, (_, name, mut entry)) in read.into_iter().enumerate() {
            match &mut entry {
                Listed::Game(e) => e.n = i + 1,
                Listed::Unreadable(u) => u.n = i + 1,
            }
            listed.push(entry);
            names.push(name);
        }
        Ok(History {
            folder: dir.to_path_buf(),
            listed,
            skipped,
            names,
        })
    }

    /// The path of game `n` (1 = newest) as listed, readable or not.
    pub fn path(&self, n: usize) -> Option<PathBuf> {
        let name = self.names.get(n.checked_sub(1)?)?;
        Some(self.folder.join(name))
    }

    /// Whether there is no file at all.
    pub fn is_empty(&self) -> bool {
        self.listed.is_empty()
    }

    /// The readable games, newest first.
    pub fn games(&self) -> impl Iterator<Item = &Entry> {
        self.listed.iter().filter_map(|l| match l {
            Listed::Game(entry) => Some(entry),
            Listed::Unreadable(_) => None,
        })
    }

    /// The files that could not be read, newest first.
    pub fn unreadable(&self) -> impl Iterator<Item = &Unreadable> {
        self.listed.iter().filter_map(|l| match l {
            Listed::Unreadable(u) => Some(u),
            Listed::Game(_) => None,
        })
    }

    /// A person's results per AI level, in the order random, easy, medium, hard;
    /// levels never played are left out.
    pub fn tally(&self) -> Vec<Tally> {
        tally(self.games())
    }
}

/// The game of `path`, and when it was played by its tags ([`when_of_tags`]).
fn read_entry(path: &Path, n: usize, file: &str) -> Result<(Entry, Option<When>), String> {
    let bytes = read_regular(path).map_err(|e| e.to_string())?;
    // Where the bad byte is, as `hijara score` says it of the same file.
    let text = super::record_io::utf8_text(bytes)?;
    let loaded = parse_record(&text).map_err(|e| e.to_string())?;
    let (record, game) = (&loaded.record, &loaded.game);
    let seat = |player| record.tag(seat_tag(player)).unwrap_or("?").to_owned();
    // The file name's stamp, else the Date tag: one that is no date is listed as not
    // known (`?`), with a warning, not shown as if it were one (QA, cli25).
    let stamp = stamp_of(file);
    let shown_date = record.date();
    let entry = Entry {
        n,
        file: file.to_owned(),
        date: stamp
            .clone()
            .or_else(|| shown_date.clone().ok().flatten().map(str::to_owned)),
        date_warning: match (&stamp, shown_date) {
            (None, Err(error)) => Some(error.to_string()),
            _ => None,
        },
        blue: seat(Player::Blue),
        yellow: seat(Player::Yellow),
        result: loaded.played().result(),
        termination: record.termination().unwrap_or_default(),
        blue_score: game.score(Player::Blue),
        yellow_score: game.score(Player::Yellow),
        moves: game.len(),
        variant: game.ruleset(),
        claims: game.claim_mode(),
        seats: Player::BOTH.map(|player| seat_in(record, player)),
    };
    Ok((entry, when_of_tags(record)))
}

/// Person-against-AI results per level, from the person's side.
fn tally<'a>(games: impl Iterator<Item = &'a Entry>) -> Vec<Tally> {
    let levels = [Level::Random, Level::Easy, Level::Medium, Level::Hard];
    let mut counts = levels.map(|opponent| Tally {
        opponent,
        wins: 0,
        draws: 0,
        losses: 0,
    });
    for game in games {
        let level = |seat: Option<Seat>| seat.map(Seat::level);
        let (person, level) = match game.seats.map(level) {
            [Some(None), Some(Some(level))] => (Player::Blue, level),
            [Some(Some(level)), Some(None)] => (Player::Yellow, level),
            _ => continue,
        };
        let Some(count) = counts.iter_mut().find(|t| t.opponent == level) else {
            continue;
        };
        match game.result {
            GameResult::Draw => count.draws += 1,
            GameResult::Unfinished => {}
            GameResult::BlueWins if person == Player::Blue => count.wins += 1,
            GameResult::YellowWins if person == Player::Yellow => count.wins += 1,
            GameResult::BlueWins | GameResult::YellowWins => count.losses += 1,
        }
    }
    counts
        .into_iter()
        .filter(|t| t.wins + t.draws + t.losses > 0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::session::{GameConfig, parse_seat, record_of};

    #[test]
    fn newest_first_with_clash_numbers() {
        let dir = tempfile::tempdir().unwrap();
        for name in [
            "hijara-20261130-101010.hij",
            "hijara-20261201-090000.hij",
            "hijara-20261130-101010-2.hij",
            "hijara-20261130-101010-10.hij",
            ".hijara-20261202-000000.hij.1-0.tmp",
            "notes.txt",
        ] {
            fs::write(dir.path().join(name), "").unwrap();
        }
        assert_eq!(
            files_newest_first(dir.path()).unwrap(),
            [
                "hijara-20261201-090000.hij",
                "hijara-20261130-101010-10.hij",
                "hijara-20261130-101010-2.hij",
                "hijara-20261130-101010.hij"
            ]
        );
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_and_non_utf8_names_are_listed_not_skipped() {
        use std::os::unix::ffi::OsStrExt;
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        let good = elsewhere.path().join("good.hij");
        fs::write(&good, "[Blue \"human\"]\na1 b1\n").unwrap();
        std::os::unix::fs::symlink(&good, dir.path().join("hijara-20261130-101010.hij")).unwrap();
        std::os::unix::fs::symlink("/dev/zero", dir.path().join("hijara-20261130-090000.hij"))
            .unwrap();
        let odd = std::ffi::OsStr::from_bytes(b"hijara-20261130-080000-\xff.hij");
        fs::write(dir.path().join(odd), "a1\n").unwrap();
        let history = History::read(dir.path()).unwrap();
        assert_eq!(history.listed.len(), 3, "{:?}", history.listed);
        let games: Vec<_> = history.games().collect();
        assert_eq!(games.len(), 2);
        assert_eq!((games[0].n, games[0].moves), (1, 2));
        assert_eq!(
            (games[1].n, games[1].file.as_str()),
            (3, "hijara-20261130-080000-\u{fffd}.hij")
        );
        let bad: Vec<_> = history.unreadable().collect();
        assert_eq!(bad[0].n, 2);
        assert!(bad[0].error.contains("not a regular file"), "{bad:?}");
        // The odd name is still reachable by number.
        assert_eq!(files_newest_first(dir.path()).unwrap()[2], odd);
    }

    #[test]
    fn dates_come_from_the_file_name() {
        assert_eq!(
            stamp_of("hijara-20261130-143005-2.hij").as_deref(),
            Some("2026-11-30 14:30")
        );
        assert_eq!(stamp_of("mine.hij"), None);
        assert_eq!(stamp_of("hijara-2026.hij"), None);
    }

    #[test]
    fn a_missing_folder_is_an_empty_history() {
        let dir = tempfile::tempdir().unwrap();
        let history = History::read(&dir.path().join("nope")).unwrap();
        assert!(history.is_empty());
        assert!(history.tally().is_empty());
    }

    #[test]
    fn corrupt_files_are_listed_as_unreadable_and_keep_their_number() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("hijara-20261130-111111.hij"), "a1 e9\n").unwrap();
        fs::write(
            dir.path().join("hijara-20261130-101010.hij"),
            "[Blue \"human\"]\na1 b1\n",
        )
        .unwrap();
        fs::write(dir.path().join("hijara-20261130-121212.hij"), [0xff, 0xfe]).unwrap();
        let history = History::read(dir.path()).unwrap();
        let games: Vec<_> = history.games().collect();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].n, 3);
        assert_eq!(games[0].result, GameResult::Unfinished);
        assert_eq!(games[0].date.as_deref(), Some("2026-11-30 10:10"));
        let bad: Vec<_> = history.unreadable().collect();
        assert_eq!(bad.len(), 2);
        assert_eq!(
            (bad[0].n, bad[0].file.as_str()),
            (1, "hijara-20261130-121212.hij")
        );
        assert_eq!(
            (bad[1].n, bad[1].file.as_str()),
            (2, "hijara-20261130-111111.hij")
        );
        assert!(bad[1].error.contains("e9"), "{bad:?}");
    }

    #[test]
    fn archived_games_read_back_with_their_tags() {
        let dir = tempfile::tempdir().unwrap();
        let games = dir.path().join("data").join(GAMES_DIR);
        let mut game = Game::new();
        while let Some(mv) = game.position().legal_moves().next() {
            game.play(mv).unwrap();
        }
        let config = GameConfig {
            seats: [Seat::Human, Seat::Hard],
            think_ms: None,
            seed: 3,
            ..GameConfig::default()
        };
        let text = record_of(&config, &game, "2026-11-30").to_string();
        let path = archive(&games, &text).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), text);
        let history = History::read(&games).unwrap();
        let entry = history.games().next().unwrap();
        assert_eq!(
            (entry.blue.as_str(), entry.yellow.as_str()),
            ("human", "hard")
        );
        assert_eq!(entry.moves, game.len());
        assert_eq!(entry.blue_score, game.score(Player::Blue));
        assert_ne!(entry.result, GameResult::Unfinished);
        assert_eq!(history.tally().len(), 1);
        assert_eq!(history.tally()[0].opponent, Level::Hard);
    }

    #[test]
    fn tallies_count_from_the_persons_side() {
        // Seats read the old way, from the names alone (no type tags).
        let old = |name: &str| (name != "?").then(|| parse_seat(name).unwrap_or(Seat::Human));
        let entry = |blue: &str, yellow: &str, result| Entry {
            n: 0,
            file: String::new(),
            date: None,
            date_warning: None,
            blue: blue.into(),
            yellow: yellow.into(),
            result,
            termination: Termination::Normal,
            blue_score: 0,
            yellow_score: 0,
            moves: 64,
            variant: Ruleset::Standard,
            claims: false,
            seats: [old(blue), old(yellow)],
        };
        let games = [
            entry("human", "hard", GameResult::YellowWins),
            entry("hard", "human", GameResult::YellowWins),
            entry("Ann", "HARD", GameResult::Draw),
            entry("human", "easy", GameResult::BlueWins),
            entry("human", "human", GameResult::BlueWins),
            entry("medium", "hard", GameResult::BlueWins),
            entry("human", "hard", GameResult::Unfinished),
            entry("?", "hard", GameResult::YellowWins),
        ];
        let tally = |opponent, wins, draws, losses| Tally {
            opponent,
            wins,
            draws,
            losses,
        };
        assert_eq!(
            super::tally(games.iter()),
            vec![tally(Level::Easy, 1, 0, 0), tally(Level::Hard, 1, 1, 1)]
        );
    }

    #[test]
    fn a_person_named_like_a_level_is_tallied_as_a_person() {
        let dir = tempfile::tempdir().unwrap();
        let full = {
            let mut game = Game::new();
            while let Some(mv) = game.position().legal_moves().next() {
                game.play(mv).unwrap();
            }
            game
        };
        let moves = crate::record::Record::from_game(&full, [("Blue", "x")])
            .unwrap()
            .to_string();
        let moves = moves.split_once("\n\n").unwrap().1;
        let result = GameResult::of(&full);
        let records = [
            // New: a person called `hard` against the easy AI.
            "[Blue \"hard\"]\n[Yellow \"easy\"]\n[BlueType \"human\"]\n[YellowType \"program\"]\n",
            // New: two people, one called `medium`; no AI, no tally.
            "[Blue \"Ann\"]\n[Yellow \"medium\"]\n[BlueType \"human\"]\n[YellowType \"human\"]\n",
            // Old: `hard` is the hard AI, as it always read.
            "[Blue \"human\"]\n[Yellow \"hard\"]\n",
        ];
        for (i, tags) in records.iter().enumerate() {
            let name = format!("hijara-20261130-10101{i}.hij");
            fs::write(dir.path().join(name), format!("{tags}\n{moves}")).unwrap();
        }
        let history = History::read(dir.path()).unwrap();
        assert_eq!(history.games().count(), 3);
        let seats: Vec<_> = history.games().map(|e| e.seats).collect();
        assert_eq!(
            seats,
            [
                [Some(Seat::Human), Some(Seat::Hard)],
                [Some(Seat::Human), Some(Seat::Human)],
                [Some(Seat::Human), Some(Seat::Easy)],
            ]
        );
        let levels: Vec<_> = history.tally().iter().map(|t| t.opponent).collect();
        assert_eq!(levels, [Level::Easy, Level::Hard]);
        let won = u32::from(result == GameResult::BlueWins);
        assert_eq!(history.tally()[0].wins, won);
    }

    /// The exact JSON text of a listed game and a tally (`hijara games --json`).
    #[test]
    fn the_json_text_is_kept_exactly() {
        let dir = tempfile::tempdir().unwrap();
        let records = [
            (
                "hijara-20261130-101010.hij",
                "[Blue \"human\"]\n[Yellow \"hard\"]\n[Variant \"corners\"]\n[Claim \"on\"]\na1\n",
            ),
            (
                "hijara-20261130-101011.hij",
                include_str!("../../assets/games/complete.hij"),
            ),
        ];
        for (file, record) in records {
            fs::write(dir.path().join(file), record).unwrap();
        }
        let history = History::read(dir.path()).unwrap();
        let games: Vec<String> = history
            .games()
            .map(|e| serde_json::to_string(e).unwrap())
            .collect();
        assert_eq!(games, GOLDEN_GAMES);
        let tally = Tally {
            opponent: Level::Medium,
            wins: 1,
            draws: 2,
            losses: 3,
        };
        assert_eq!(serde_json::to_string(&tally).unwrap(), GOLDEN_TALLY);
    }

    const GOLDEN_GAMES: [&str; 2] = [
        r#"{"n":1,"file":"hijara-20261130-101011.hij","date":"2026-11-30 10:10","blue":"random","yellow":"random","result":"yellow","termination":"normal","blue_score":75,"yellow_score":100,"moves":64,"variant":"standard","claims":false}"#,
        r#"{"n":2,"file":"hijara-20261130-101010.hij","date":"2026-11-30 10:10","blue":"human","yellow":"hard","result":"unfinished","termination":"normal","blue_score":0,"yellow_score":0,"moves":1,"variant":"corners","claims":true}"#,
    ];
    const GOLDEN_TALLY: &str = r#"{"opponent":"medium","wins":1,"draws":2,"losses":3}"#;
}
