//! Records and set-ups: the tags that let a saved game come back exactly (seats,
//! thinking time, seed), and reading a record file with errors that say where.

use std::path::Path;

use anyhow::Context;
use clap::ValueEnum;

use crate::ai::Seat;
use crate::record::{Record, RecordError};
use crate::rules::{Game, Player};
use crate::text::display_path;

use super::{Course, GameConfig, Played, TURN_USED_TAG};

/// Tag with the AI's thinking time per move, when one was set.
pub const THINK_MS_TAG: &str = "ThinkMs";
/// Tag with the seed of the AI's random choices.
pub const SEED_TAG: &str = "Seed";
/// The tag naming who plays `player`: `Blue` or `Yellow`.
pub fn seat_tag(player: Player) -> &'static str {
    match player {
        Player::Blue => "Blue",
        Player::Yellow => "Yellow",
    }
}

/// The tag saying what sits in `player`'s seat: `BlueType` or `YellowType` (PGN's
/// `WhiteType`), `human` or `program`. New records always write it, so a person whose
/// name is `hard` stays a person; a record without it reads as before (the name
/// decides).
pub fn seat_type_tag(player: Player) -> &'static str {
    match player {
        Player::Blue => "BlueType",
        Player::Yellow => "YellowType",
    }
}

/// The [`seat_type_tag`] value for a person.
pub const HUMAN_TYPE: &str = "human";
/// The [`seat_type_tag`] value for an AI (the seat's name tag then names its level).
pub const PROGRAM_TYPE: &str = "program";

/// The [`seat_type_tag`] value for `seat`.
pub fn seat_type(seat: Seat) -> &'static str {
    match seat {
        Seat::Human => HUMAN_TYPE,
        _ => PROGRAM_TYPE,
    }
}

/// Who sits in `player`'s seat, as `record` says: `None` when it does not say.
///
/// - `[BlueType "human"]`: a person, whatever the `Blue` name.
/// - `[BlueType "program"]`: the AI level the `Blue` tag names; `None` for a program
///   this build does not know (or no name).
/// - No type tag (older records), or another value: the old reading, by the name: a
///   level name (`hard`) is that AI, `human` or any other name a person, no name `None`.
pub fn seat_in(record: &Record, player: Player) -> Option<Seat> {
    let name = record.tag(seat_tag(player));
    let kind = record.tag(seat_type_tag(player)).map(str::trim);
    match kind {
        Some(kind) if kind.eq_ignore_ascii_case(HUMAN_TYPE) => Some(Seat::Human),
        Some(kind) if kind.eq_ignore_ascii_case(PROGRAM_TYPE) => name
            .and_then(parse_seat)
            .filter(|seat| *seat != Seat::Human),
        _ => name.map(|name| parse_seat(name).unwrap_or(Seat::Human)),
    }
}

/// The name a seat has in records and on the command line: `human`, `hard`, …
pub fn seat_token(seat: Seat) -> String {
    seat.to_possible_value()
        .map(|v| v.get_name().to_owned())
        .unwrap_or_default()
}

/// The seat a tag value names (`human`, `hard`, any case), if it names one.
pub fn parse_seat(value: &str) -> Option<Seat> {
    Seat::from_str(value.trim(), true).ok()
}

/// The people's names in a local game's seats, by [`Player::index`], as a record's
/// seat tags gave them (a game played on, resumed or loaded from a record): `None` for
/// a seat an AI plays, and for a person with no name (written and shown `human`, as
/// ever); and the record's other tags (`Event`, `Site`, `Round`, …), which a game
/// played on from it keeps.
///
/// Names and tags are kept as the record has them; they come from a file, so they are
/// shown only through [`crate::text::safe_text`], the gate every displayed name takes,
/// and written only made safe ([`record_named`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Names {
    seats: [Option<String>; 2],
    /// The record's tags that `hijara` does not write from the game itself
    /// ([`is_own_tag`]), in the record's order.
    others: Vec<(String, String)>,
}

/// Whether `hijara` writes the tag `name` from the game and its set-up (the seats,
/// their types, the date, the AI's settings, the rules, the clock, the ending and the
/// result): a game played on writes its own, never the record's.
fn is_own_tag(name: &str) -> bool {
    use crate::record::{CLAIM_TAG, TERMINATION_TAG, TIME_CONTROL_TAG, VARIANT_TAG};
    Player::BOTH
        .iter()
        .any(|&p| name == seat_tag(p) || name == seat_type_tag(p))
        || [
            "Date",
            "Result",
            THINK_MS_TAG,
            SEED_TAG,
            TURN_USED_TAG,
            VARIANT_TAG,
            CLAIM_TAG,
            TIME_CONTROL_TAG,
            TERMINATION_TAG,
        ]
        .contains(&name)
}

/// The tag with `player`'s key fingerprint, which `hijara serve` writes: it names that
/// seat's person, so it goes where their name goes (and marks a server game's record).
pub fn key_tag(player: Player) -> &'static str {
    match player {
        Player::Blue => "BlueKey",
        Player::Yellow => "YellowKey",
    }
}

/// `text` from a record made safe to write into one: each control character (C0, DEL,
/// C1), bidi control and invisible character becomes its visible escape (`\u{1b}`,
/// `\n`), as [`crate::text::sanitize`] shows it; the rest as it is. Doing it twice
/// changes nothing, so a game played on again from its own record keeps the same text.
fn safe_to_write(text: &str) -> String {
    crate::text::sanitize(text).into_owned()
}

impl Names {
    /// The names the people of `record` have: the name tag of each seat the record
    /// says a person sat in ([`seat_in`]), when it names one: not empty, and not
    /// `human` (the word for a person with no name); and its other tags.
    pub fn people_in(record: &Record) -> Names {
        Names {
            seats: Player::BOTH.map(|player| {
                let name = record.tag(seat_tag(player))?;
                let named = !name.trim().is_empty() && parse_seat(name) != Some(Seat::Human);
                (named && seat_in(record, player) == Some(Seat::Human)).then(|| name.to_owned())
            }),
            others: record
                .tags()
                .filter(|(name, _)| !is_own_tag(name))
                .map(|(name, value)| (name.to_owned(), value.to_owned()))
                .collect(),
        }
    }

    /// These names for a game whose seats are `seats`: a seat a person plays keeps
    /// its colour's name; a seat an AI plays has none (it is named as any AI seat is),
    /// nor the key fingerprint of the person who sat there.
    pub fn seated(self, seats: [Seat; 2]) -> Names {
        let ai = |player: Player| seats[player.index()] != Seat::Human;
        let [blue, yellow] = self.seats;
        Names {
            seats: [
                blue.filter(|_| !ai(Player::Blue)),
                yellow.filter(|_| !ai(Player::Yellow)),
            ],
            others: self
                .others
                .into_iter()
                .filter(|(name, _)| !Player::BOTH.iter().any(|&p| ai(p) && name == key_tag(p)))
                .collect(),
        }
    }

    /// The names a game played on from `record` with `seats` keeps: a seat that stays
    /// a person keeps the record's name for its colour when the record says a person
    /// sat there; a seat given an AI, and a seat with no usable name in the record
    /// (none, an empty one, or the record's AI now played by a person), has none.
    /// The record's other tags are kept ([`Names::people_in`]).
    pub fn played_on(record: &Record, seats: [Seat; 2]) -> Names {
        Names::people_in(record).seated(seats)
    }

    /// The names two people typed for a new game at one keyboard (the start screen's
    /// hot-seat), by [`Player::index`]: `None` for a seat left at its colour. The
    /// caller has made them safe (no control character, a width limit).
    pub fn typed(seats: [Option<String>; 2]) -> Names {
        Names {
            seats,
            others: Vec::new(),
        }
    }

    /// These names with the seats swapped (a rematch, sides swapped): each person's
    /// name goes with them to the other colour; a key fingerprint, which names the
    /// seat's person at a server, is not carried over to the wrong seat.
    pub fn swapped(self) -> Names {
        let [blue, yellow] = self.seats;
        Names {
            seats: [yellow, blue],
            others: self
                .others
                .into_iter()
                .filter(|(name, _)| !Player::BOTH.iter().any(|&p| name == key_tag(p)))
                .collect(),
        }
    }

    /// The name of `player`'s person, as the record has it, if there is one.
    pub fn of(&self, player: Player) -> Option<&str> {
        self.seats[player.index()].as_deref()
    }

    /// The record's other tags, as it has them.
    pub fn others(&self) -> impl Iterator<Item = (&str, &str)> {
        self.others.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// Whether no seat is named.
    pub fn is_empty(&self) -> bool {
        self.seats.iter().all(Option::is_none)
    }
}

/// The record of `game` played with `config`, dated `date` (`YYYY-MM-DD`). The
/// `Variant` and `Claim` tags and each move's claim come from the game itself; an
/// early ending (`Termination` and the winner) from its course.
pub fn record_of<'a>(config: &GameConfig, played: impl Into<Played<'a>>, date: &str) -> Record {
    record_named(config, &Names::default(), played, date)
}

/// [`record_of`] with the people's `names`: a person's seat tag is their name (its
/// type tag still `human`), where `human` would be, and the record's other tags come
/// first, as it had them; every other tag as `record_of`. A name or tag from the record
/// is written made safe: controls, bidi and invisible characters as visible escapes.
pub fn record_named<'a>(
    config: &GameConfig,
    names: &Names,
    played: impl Into<Played<'a>>,
    date: &str,
) -> Record {
    let played = played.into();
    let game = played.game;
    let seat_name = |player: Player| match names.of(player) {
        Some(name) if config.is_human(player) => safe_to_write(name),
        _ => seat_token(config.seat(player)),
    };
    // The record's own tags first, as they stood (`Event` and `Site` lead, as in PGN).
    let mut tags: Vec<(&str, String)> = names
        .others()
        .map(|(name, value)| (name, safe_to_write(value)))
        .collect();
    tags.extend([
        (seat_tag(Player::Blue), seat_name(Player::Blue)),
        (seat_tag(Player::Yellow), seat_name(Player::Yellow)),
        (
            seat_type_tag(Player::Blue),
            seat_type(config.seats[0]).to_owned(),
        ),
        (
            seat_type_tag(Player::Yellow),
            seat_type(config.seats[1]).to_owned(),
        ),
        ("Date", date.to_owned()),
    ]);
    if let Some(ms) = config.think_ms {
        tags.push((THINK_MS_TAG, ms.to_string()));
    }
    tags.push((SEED_TAG, config.seed.to_string()));
    // Every name above is a valid tag name; `from_game` adds the Result tag.
    let mut record = Record::from_game(game, tags).unwrap_or_default();
    played.course.write_to(&mut record);
    record
}

/// The settings a record's tags give, where they give them; `fallback` for the rest.
/// The seats are read by [`seat_in`]: a person's name is a human seat.
pub fn config_of(record: &Record, fallback: GameConfig) -> GameConfig {
    let seat = |player: Player| seat_in(record, player).unwrap_or(fallback.seat(player));
    GameConfig {
        seats: [seat(Player::Blue), seat(Player::Yellow)],
        // A thinking time past an hour (2^64-1 ms, say) is no budget: ignored.
        think_ms: record
            .tag(THINK_MS_TAG)
            .and_then(|v| v.trim().parse().ok())
            .filter(|&ms| ms <= crate::ai::gtp::MAX_THINK_MS)
            .or(fallback.think_ms),
        seed: record
            .tag(SEED_TAG)
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(fallback.seed),
        // `Variant` and `Claim` tags: a record without them is the standard game
        // without claims, whatever the fallback. An unknown variant is refused
        // when the record is played (`to_game`); here it cannot reach a game.
        ruleset: record.ruleset().unwrap_or_default(),
        claims: record.claim_mode(),
        // Not a tag: the machine's, from the command line.
        threads: fallback.threads,
        // A bad tag is refused when the record is read (`to_game`).
        clock: record.time_control().ok().flatten().or(fallback.clock),
    }
}

/// Today's local date as `YYYY-MM-DD`, for the `Date` tag.
pub fn today() -> String {
    chrono::Local::now().format("%Y-%m-%d").to_string()
}

/// A record read from a file or the autosave, checked, with its game played out.
#[derive(Debug, Clone)]
pub struct LoadedRecord {
    /// The record as written.
    pub record: Record,
    /// Its moves played by the rules.
    pub game: Game,
    /// How it ended, when not by a full board.
    pub course: Course,
}

impl LoadedRecord {
    /// The game and its course.
    pub fn played(&self) -> Played<'_> {
        Played::new(&self.game, &self.course)
    }
}

/// Parses and checks a record's text, as read from a file. Errors name the line,
/// column, move and square; text that holds no record at all (empty, or only white
/// space and comments) is [`RecordError::Empty`] ([`Record::parse_file`]).
pub fn parse_record(text: &str) -> Result<LoadedRecord, RecordError> {
    let record = Record::parse_file(text)?;
    let game = record.to_game()?;
    let course = Course::of_record(&record)?;
    Ok(LoadedRecord {
        record,
        game,
        course,
    })
}

/// The name a record's source goes by in messages: `<stdin>` for `-`, else the path.
pub fn input_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_owned()
    } else {
        display_path(path)
    }
}

/// The byte offset of `location` in `text`, counting lines as the parser does
/// (LF, CRLF or a lone CR ends a line); `None` past the end.
fn offset_of(text: &str, location: crate::record::Location) -> Option<usize> {
    let (mut line, mut column) = (1u32, 1u32);
    // A byte-order mark starting the text takes no column, as the parser counts.
    let bom = usize::from(text.starts_with('\u{feff}'));
    let mut chars = text.char_indices().skip(bom).peekable();
    while let Some((i, c)) = chars.next() {
        if (line, column) == (location.line, location.column) {
            return Some(i);
        }
        let ends_line = c == '\n' || (c == '\r' && chars.peek().is_none_or(|&(_, n)| n != '\n'));
        if ends_line {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
    }
    ((line, column) == (location.line, location.column)).then_some(text.len())
}

/// What can still be played of a damaged record (truncated, an illegal move, a bad
/// tag): its text up to the first error, and its moves up to the first that does
/// not play. `None` when not one move is left.
pub fn salvage(text: &str) -> Option<LoadedRecord> {
    let mut text = text.to_owned();
    // Each round cuts the text at an error; a few rounds reach what reads.
    for _ in 0..8 {
        match text.parse::<Record>() {
            Ok(mut record) => {
                // A claimed result (or early ending) no longer holds for fewer moves.
                record.remove_tag("Result");
                record.remove_tag(crate::record::TERMINATION_TAG);
                record.set_result(None);
                // No game has more than 64 moves: the rest cannot play.
                record.truncate_moves(record.moves().len().min(64));
                while !record.moves().is_empty() {
                    if let Ok(game) = record.to_game() {
                        return Some(LoadedRecord {
                            record,
                            game,
                            course: Course::default(),
                        });
                    }
                    record.truncate_moves(record.moves().len() - 1);
                }
                return None;
            }
            Err(error) => {
                let cut = offset_of(&text, error.location()?)?;
                if cut >= text.len() {
                    return None;
                }
                text.truncate(cut);
            }
        }
    }
    None
}

/// Reads `path` (`-` for stdin) as UTF-8 text; the error names the file as `name`
/// ([`input_name`]) and, for bad UTF-8, where the first bad byte is.
pub fn read_text(path: &Path, name: &str) -> anyhow::Result<String> {
    let bytes = if path == Path::new("-") {
        // Named as the parse errors name it (it said `standard input` here, `<stdin>`
        // there: QA s31).
        super::disk::read_limited(std::io::stdin().lock())
            .with_context(|| format!("cannot read {name}"))?
    } else {
        super::disk::read_regular(path).with_context(|| format!("cannot read {name}"))?
    };
    utf8_text(bytes).map_err(|error| anyhow::anyhow!("{name}: {error}"))
}

/// `bytes` as text; else where the first byte that is not UTF-8 is:
/// `line 3, column 5: the file is not UTF-8 text`.
pub(crate) fn utf8_text(bytes: Vec<u8>) -> Result<String, String> {
    // UTF-16 (with a byte-order mark, or ASCII with NULs between) says so, and how to
    // convert it: a NUL is valid UTF-8, so it would otherwise be a syntax error.
    if let Some(error) = crate::record::utf16_error(&bytes) {
        return Err(error);
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // The prefix up to `valid_up_to` is valid UTF-8 by definition.
        let good = std::str::from_utf8(good).unwrap_or_default();
        // Lines end at LF, CRLF or a lone CR, as the parser counts them, so a file of
        // old Mac line ends is placed where `score` would place a syntax error.
        let (mut line, mut column) = (1u32, 1u32);
        // A byte-order mark starting the file takes no column, as the parser counts.
        let good = good.strip_prefix('\u{feff}').unwrap_or(good);
        let mut chars = good.chars().peekable();
        while let Some(c) = chars.next() {
            let ends_line = c == '\n' || (c == '\r' && chars.peek() != Some(&'\n'));
            if ends_line {
                line = line.saturating_add(1);
                column = 1;
            } else if c != '\r' {
                column = column.saturating_add(1);
            }
        }
        format!("line {line}, column {column}: the file is not UTF-8 text")
    })
}

/// Reads and checks a record file: a missing file, bad syntax or an illegal move is
/// an error naming the file, line, column, move and square.
pub fn read_record(path: &Path) -> anyhow::Result<LoadedRecord> {
    let name = display_path(path);
    let text = read_text(path, &name)?;
    parse_record(&text).with_context(|| name.clone())
}

/// Checks that a record can be written to `path` before work is done for it: its
/// folder exists, and it is not a folder, a FIFO, a device or a link to nowhere
/// (a symlink to a file is fine: the file is written through it).
pub fn check_writable(path: &Path) -> anyhow::Result<()> {
    let name = display_path(path);
    let target = super::disk::write_target(path).map_err(|e| cannot_write(path, &e))?;
    let folder = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if folder.exists() && !folder.is_dir() {
        anyhow::bail!(
            "cannot write {name}: {} is not a folder",
            display_path(folder)
        );
    }
    if !folder.is_dir() {
        anyhow::bail!(
            "cannot write {name}: the folder {} does not exist",
            display_path(folder)
        );
    }
    Ok(())
}

/// Writes `record` to `path` atomically (the old file stays whole if the write fails).
pub fn write_record_file(path: &Path, record: &Record) -> anyhow::Result<()> {
    let text = record.to_string();
    readable_size(&text)
        .and_then(|()| super::disk::write_atomic(path, text.as_bytes()))
        .map_err(|e| cannot_write(path, &e))
}

/// A record that could not be written: the file asked for and why, said `cannot
/// write PATH: WHY` with `PATH` named once, as its reader gave it (control
/// characters escaped), and `WHY` the system's reason or hijara's refusal, never a
/// temporary file's name nor an error number.
#[derive(Debug)]
pub struct CannotWrite {
    /// The file asked for.
    pub path: std::path::PathBuf,
    /// Why it was not written.
    pub reason: WriteReason,
}

/// Why a record was not written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WriteReason {
    /// The system refused: its error number and its words (`No space left on
    /// device`).
    Os {
        /// The error number (`ENOSPC`).
        code: i32,
        /// The system's words for it.
        text: String,
    },
    /// hijara refused before asking: the file is a folder, a device, a link to
    /// nowhere, or the record would be too large to read back.
    Refused(String),
    /// Any other failure, as it was said (control characters escaped).
    Other(String),
}

impl std::fmt::Display for WriteReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteReason::Os { text, .. } => f.write_str(text),
            WriteReason::Refused(text) | WriteReason::Other(text) => f.write_str(text),
        }
    }
}

impl std::fmt::Display for CannotWrite {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot write {}: {}",
            display_path(&self.path),
            self.reason
        )
    }
}

impl std::error::Error for CannotWrite {}

/// The system's words for error number `code`, without std's ` (os error N)`.
fn os_words(code: i32) -> String {
    let said = std::io::Error::from_raw_os_error(code).to_string();
    match said.rsplit_once(" (os error ") {
        Some((words, _)) => words.to_owned(),
        None => said,
    }
}

/// The system's error number in `error` or in what it wraps. `tempfile` wraps the
/// temporary file's error with that file's path in a private type whose source is
/// lost, leaving only its words: `... (os error 28) at path "..."`, std's form of an
/// error number, is read back from them.
fn os_code(error: &(dyn std::error::Error + 'static)) -> Option<i32> {
    let mut at = Some(error);
    while let Some(e) = at {
        if let Some(code) = e
            .downcast_ref::<std::io::Error>()
            .and_then(std::io::Error::raw_os_error)
        {
            return Some(code);
        }
        at = e.source();
    }
    let said = error.to_string();
    let (_, after) = said.split_once(" (os error ")?;
    let (digits, _) = after.split_once(')')?;
    digits.parse().ok()
}

impl WriteReason {
    /// Why the write to `path` failed with `error`.
    fn of(path: &Path, error: &std::io::Error) -> WriteReason {
        use super::disk::Refusal;
        if let Some(code) = error.raw_os_error() {
            return WriteReason::Os {
                code,
                text: os_words(code),
            };
        }
        let Some(inner) = error.get_ref() else {
            return WriteReason::Other(error.kind().to_string());
        };
        if let Some(refusal) = inner.downcast_ref::<Refusal>() {
            return WriteReason::Refused(match refusal {
                Refusal::NotAFilePath(_) => "it is not a file path".to_owned(),
                Refusal::NotRegular { target, what } if target == path => {
                    format!("it is {what}: not written")
                }
                Refusal::NotRegular { target, what } => format!(
                    "it leads to {}, which is {what}: not written",
                    display_path(target)
                ),
                Refusal::Dangling { error, .. } => match error.raw_os_error() {
                    Some(code) => format!("it is a symlink to nowhere ({})", os_words(code)),
                    None => "it is a symlink to nowhere".to_owned(),
                },
            });
        }
        if let Some(code) = os_code(inner) {
            return WriteReason::Os {
                code,
                text: os_words(code),
            };
        }
        if error.kind() == std::io::ErrorKind::InvalidData {
            // `readable_size`'s refusal: hijara's own words.
            return WriteReason::Refused(crate::text::sanitize(&inner.to_string()).into_owned());
        }
        WriteReason::Other(crate::text::sanitize(&inner.to_string()).into_owned())
    }
}

/// The error for a failed write of a record to `path`: a [`CannotWrite`].
fn cannot_write(path: &Path, error: &std::io::Error) -> anyhow::Error {
    anyhow::Error::new(CannotWrite {
        path: path.to_path_buf(),
        reason: WriteReason::of(path, error),
    })
}

/// Whether a record's `text` is one hijara reads back: no larger than
/// [`super::MAX_RECORD_BYTES`], the most a read takes. A larger one is refused before
/// anything is written (an annotated record can grow past it).
pub fn readable_size(text: &str) -> std::io::Result<()> {
    let bytes = text.len() as u64;
    if bytes > super::MAX_RECORD_BYTES {
        // Worded beside `disk`'s refusal of a read, as `session` is below `strings`.
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "the record would be {bytes} bytes, larger than the {} MiB hijara reads: \
                 not written",
                super::MAX_RECORD_BYTES >> 20
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

    /// A failed write names the file asked for and the system's reason, and is
    /// typed: before, the temporary file's path came after the reason (`No such file
    /// or directory (os error 2) at path "/x/.hijara-Ab12.tmp"`), the error number
    /// with it, and a symlink's target was named with its control characters raw.
    #[cfg(unix)]
    #[test]
    fn a_failed_write_names_the_file_and_the_system_s_reason() {
        let dir = tempfile::tempdir().unwrap();
        let record = Record::default();
        let missing = dir.path().join("gone").join("x.hij");
        let error = write_record_file(&missing, &record).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "cannot write {}: No such file or directory",
                missing.display()
            )
        );
        let typed = error.downcast_ref::<CannotWrite>().expect("typed");
        assert_eq!(typed.path, missing);
        assert!(matches!(typed.reason, WriteReason::Os { code, .. } if code == libc::ENOENT));
        // The disk full: its words, not its number.
        let full = cannot_write(
            Path::new("/x/y.hij"),
            &std::io::Error::from_raw_os_error(libc::ENOSPC),
        );
        assert_eq!(
            full.to_string(),
            "cannot write /x/y.hij: No space left on device"
        );
        // A symlink to a folder: the folder named, its control characters escaped.
        let folder = dir.path().join("r\x1bo");
        std::fs::create_dir(&folder).unwrap();
        let link = dir.path().join("l.hij");
        std::os::unix::fs::symlink(&folder, &link).unwrap();
        let said = write_record_file(&link, &record).unwrap_err().to_string();
        assert!(!said.contains('\x1b'), "{said:?}");
        assert_eq!(
            said,
            format!(
                "cannot write {}: it leads to {}, which is a folder: not written",
                display_path(&link),
                display_path(&folder)
            )
        );
        // The path itself a folder: named once.
        let said = write_record_file(&folder, &record).unwrap_err().to_string();
        assert_eq!(
            said,
            format!(
                "cannot write {}: it is a folder: not written",
                display_path(&folder)
            )
        );
        let nowhere = dir.path().join("nowhere.hij");
        std::os::unix::fs::symlink(dir.path().join("no").join("x"), &nowhere).unwrap();
        let said = check_writable(&nowhere).unwrap_err().to_string();
        assert_eq!(
            said,
            format!(
                "cannot write {}: it is a symlink to nowhere (No such file or directory)",
                display_path(&nowhere)
            )
        );
    }

    #[test]
    fn seats_and_settings_survive_a_record() {
        let config = GameConfig {
            seats: [Seat::Human, Seat::Hard],
            think_ms: Some(250),
            seed: 42,
            ..GameConfig::default()
        };
        let game = Game::from_moves([Square::B2, Square::C3]).unwrap();
        let text = record_of(&config, &game, "2026-11-30").to_string();
        assert!(text.contains("[Blue \"human\"]"), "{text}");
        assert!(text.contains("[Yellow \"hard\"]"), "{text}");
        assert!(text.contains("[Date \"2026-11-30\"]"), "{text}");
        assert!(text.contains("[Result \"*\"]"), "{text}");
        let loaded = parse_record(&text).unwrap();
        assert_eq!(loaded.game.placements(), game.placements());
        assert_eq!(config_of(&loaded.record, GameConfig::default()), config);
    }

    #[test]
    fn a_damaged_record_gives_back_the_moves_that_read() {
        // Issue 18 A's reproducer: truncated in the middle of a move.
        let truncated = "[Blue \"human\"]\n[Yellow \"random\"]\n[Seed \"3\"]\n[Result \"*\"]\n\n1. a1 c3 2. b2 b";
        assert!(parse_record(truncated).is_err());
        let saved = salvage(truncated).unwrap();
        assert_eq!(
            saved.game.moves().collect::<Vec<_>>(),
            [Square::A1, Square::C3, Square::B2]
        );
        assert_eq!(saved.record.tag("Yellow"), Some("random"));
        // An illegal fifth stone on a1: the four before it.
        let illegal = salvage("a1 a1 a1 a1 a1 b2").unwrap();
        assert_eq!(illegal.game.len(), 4);
        // A bad tag after the moves' start, and a claimed result that no longer holds.
        let tagged = salvage("[Result \"1-0\"]\na1 b1 c1 [Bad").unwrap();
        assert_eq!(tagged.game.len(), 3);
        // Bad bytes read lossily stop the moves there; CR-ended lines count as lines.
        let lossy = String::from_utf8_lossy(b"a1 b1\rc1 \xff d1");
        assert_eq!(salvage(&lossy).unwrap().game.len(), 3);
        assert!(salvage("[Blue \"x\"]\n[Oops").is_none());
        assert!(salvage("").is_none());
        // A byte-order mark takes no column, here as in the parser: the cut falls at
        // the `}`, not on the `2` before it.
        assert_eq!(salvage("\u{feff}a1 b2}").unwrap().game.len(), 2);
    }

    /// The first byte that is not UTF-8 is placed as the parser counts columns: a
    /// byte-order mark starting the file takes none.
    #[test]
    fn a_byte_order_mark_takes_no_column_before_a_bad_byte() {
        let error = utf8_text(b"\xef\xbb\xbfa1 \xff".to_vec()).unwrap_err();
        assert!(error.starts_with("line 1, column 4: "), "{error}");
    }

    #[test]
    fn new_records_say_which_seats_are_ais_and_no_name_fakes_one() {
        let config = GameConfig {
            seats: [Seat::Human, Seat::Hard],
            seed: 1,
            ..GameConfig::default()
        };
        let mut record = record_of(&config, &Game::new(), "2026-11-30");
        let text = record.to_string();
        assert!(text.contains("[BlueType \"human\"]"), "{text}");
        assert!(text.contains("[YellowType \"program\"]"), "{text}");
        // A person who calls themselves `hard`, and an AI: the type decides.
        record.set_tag("Blue", "hard").unwrap();
        let record: Record = record.to_string().parse().unwrap();
        assert_eq!(seat_in(&record, Player::Blue), Some(Seat::Human));
        assert_eq!(seat_in(&record, Player::Yellow), Some(Seat::Hard));
        assert_eq!(
            config_of(&record, GameConfig::default()).seats,
            [Seat::Human, Seat::Hard]
        );
    }

    #[test]
    fn seat_types_read_in_every_combination() {
        let seats = |text: &str| {
            let record: Record = text.parse().unwrap();
            Player::BOTH.map(|p| seat_in(&record, p))
        };
        // Older records: the name decides, as before.
        assert_eq!(
            seats("[Blue \"hard\"]\n[Yellow \"Ann\"]\n"),
            [Some(Seat::Hard), Some(Seat::Human)]
        );
        assert_eq!(seats("[Yellow \"EASY\"]\n"), [None, Some(Seat::Easy)]);
        // Typed: human is a person whatever the name; program needs a level's name.
        assert_eq!(
            seats(
                "[Blue \"Medium\"]\n[BlueType \"human\"]\n[Yellow \"medium\"]\n[YellowType \"program\"]\n"
            ),
            [Some(Seat::Human), Some(Seat::Medium)]
        );
        assert_eq!(
            seats(
                "[Blue \"gnu-hijara\"]\n[BlueType \"program\"]\n[Yellow \"human\"]\n[YellowType \"program\"]\n"
            ),
            [None, None]
        );
        // A person with no name tag is still a person; an odd type reads as before.
        assert_eq!(
            seats("[BlueType \"Human\"]\n[Yellow \"hard\"]\n[YellowType \"robot\"]\n"),
            [Some(Seat::Human), Some(Seat::Hard)]
        );
        // An unknown program is played as the command line says.
        let record: Record = "[Blue \"gnu\"]\n[BlueType \"program\"]\n".parse().unwrap();
        let fallback = GameConfig {
            seats: [Seat::Easy, Seat::Human],
            ..GameConfig::default()
        };
        assert_eq!(
            config_of(&record, fallback).seats,
            [Seat::Easy, Seat::Human]
        );
    }

    #[test]
    fn names_that_are_not_seats_are_people() {
        let record: Record = "[Blue \"Ann\"]\n[Yellow \"MEDIUM\"]\nb2\n".parse().unwrap();
        let fallback = GameConfig {
            seats: [Seat::Easy, Seat::Easy],
            think_ms: None,
            seed: 9,
            ..GameConfig::default()
        };
        let config = config_of(&record, fallback);
        assert_eq!(config.seats, [Seat::Human, Seat::Medium]);
        assert_eq!(config.seed, 9);
    }

    /// The names a game played on from `text` with `seats` keeps, as strings.
    fn played_on(text: &str, seats: [Seat; 2]) -> [Option<String>; 2] {
        let record: Record = text.parse().unwrap();
        let names = Names::played_on(&record, seats);
        Player::BOTH.map(|p| names.of(p).map(str::to_owned))
    }

    const TYPED: &str =
        "[Blue \"Ann\"]\n[BlueType \"human\"]\n[Yellow \"Bob\"]\n[YellowType \"human\"]\nb2\n";

    #[test]
    fn a_seat_that_stays_a_person_keeps_the_record_s_name_for_its_colour() {
        let people = [Seat::Human; 2];
        assert_eq!(
            played_on(TYPED, people),
            [Some("Ann".into()), Some("Bob".into())]
        );
        // A record without type tags (older ones): a name that is no level is a person.
        assert_eq!(
            played_on("[Blue \"Ann\"]\n[Yellow \"Bob\"]\n", people),
            [Some("Ann".into()), Some("Bob".into())]
        );
        // A person called like a level is a person, with that name.
        assert_eq!(
            played_on("[Blue \"hard\"]\n[BlueType \"human\"]\n", people)[0].as_deref(),
            Some("hard")
        );
        // Kept as the record has it: what is shown is made safe where it is shown.
        assert_eq!(
            played_on("[Blue \"A\\\"n\u{1b}[2J\"]\n", people)[0].as_deref(),
            Some("A\"n\u{1b}[2J")
        );
    }

    #[test]
    fn a_seat_given_an_ai_is_that_ai_with_no_name() {
        assert_eq!(
            played_on(TYPED, [Seat::Human, Seat::Hard]),
            [Some("Ann".into()), None]
        );
        assert_eq!(played_on(TYPED, [Seat::Easy, Seat::Random]), [None, None]);
    }

    #[test]
    fn a_seat_with_no_usable_name_in_the_record_stays_human() {
        // Blue is named each time, so each case is Yellow's alone.
        for yellow in [
            // No tag; a person's type with no name.
            "",
            "[YellowType \"human\"]\n",
            // Empty, blank, or the word for a person with no name.
            "[Yellow \"\"]\n[YellowType \"human\"]\n",
            "[Yellow \"  \"]\n",
            "[Yellow \"Human\"]\n[YellowType \"human\"]\n",
            "[Yellow \"human\"]\n",
            // The record's AI (typed, untyped, or a program this build does not know),
            // now played by a person.
            "[Yellow \"hard\"]\n[YellowType \"program\"]\n",
            "[Yellow \"easy\"]\n",
            "[Yellow \"gnu-hijara\"]\n[YellowType \"program\"]\n",
        ] {
            let text = format!("[Blue \"Ann\"]\n{yellow}b2\n");
            assert_eq!(
                played_on(&text, [Seat::Human; 2]),
                [Some("Ann".into()), None],
                "{yellow}"
            );
        }
    }

    #[test]
    fn a_named_record_writes_the_names_where_human_would_be_and_reads_back() {
        let config = GameConfig {
            seats: [Seat::Human, Seat::Hard],
            seed: 5,
            ..GameConfig::default()
        };
        let record: Record = TYPED.parse().unwrap();
        let names = Names::played_on(&record, config.seats);
        let game = Game::from_moves([Square::B2]).unwrap();
        let text = record_named(&config, &names, &game, "2026-11-30").to_string();
        assert!(text.contains("[Blue \"Ann\"]"), "{text}");
        assert!(text.contains("[BlueType \"human\"]"), "{text}");
        assert!(text.contains("[Yellow \"hard\"]"), "{text}");
        assert!(text.contains("[YellowType \"program\"]"), "{text}");
        let back = parse_record(&text).unwrap().record;
        assert_eq!(config_of(&back, GameConfig::default()), config);
        assert_eq!(Names::people_in(&back), names);
        // A name for a seat the set-up gives an AI is never written.
        let yellow: Record = "[Yellow \"Bob\"]\n".parse().unwrap();
        let text = record_named(&config, &Names::people_in(&yellow), &game, "").to_string();
        assert!(text.contains("[Yellow \"hard\"]"), "{text}");
        // Without names, as `record_of`.
        assert_eq!(
            record_named(&config, &Names::default(), &game, "d").to_string(),
            record_of(&config, &game, "d").to_string()
        );
    }

    /// QA (learn4): a game played on from a record wrote its people's names with the
    /// record's raw control characters, and dropped `Event`, `Site` and the rest. Every
    /// other tag is kept, in the record's order; names and tags are written safe; and
    /// playing on again from what was written changes nothing.
    #[test]
    fn a_record_played_on_keeps_its_tags_written_safe_and_round_trips() {
        let source = "[Event \"Club\u{1b}[2J night\"]\n[Site \"Oslo\u{202e}\"]\n\
                      [Blue \"Ann\u{1b}]0;pwned\u{7}\"]\n[BlueKey \"SHA256:ann\"]\n\
                      [Yellow \"Bob\"]\n[YellowType \"human\"]\n[YellowKey \"SHA256:bob\"]\n\
                      [Round \"3\"]\n[Date \"2026-01-01\"]\n[Annotator \"Tab\there\"]\n\
                      [Result \"*\"]\n1. b2 c3 *\n";
        let record: Record = source.parse().unwrap();
        let config = GameConfig {
            seats: [Seat::Human, Seat::Hard],
            seed: 5,
            ..GameConfig::default()
        };
        let game = Game::from_moves([Square::B2, Square::C3, Square::A1]).unwrap();
        let names = Names::played_on(&record, config.seats);
        let text = record_named(&config, &names, &game, "2026-12-05").to_string();
        assert!(
            !text.chars().any(|c| c != '\n' && crate::text::is_unsafe(c)),
            "{text:?}"
        );
        let back = parse_record(&text).unwrap().record;
        let tags: Vec<_> = back.tags().collect();
        assert_eq!(
            tags,
            [
                ("Event", "Club\\u{1b}[2J night"),
                ("Site", "Oslo\\u{202e}"),
                ("BlueKey", "SHA256:ann"),
                ("Round", "3"),
                ("Annotator", "Tab\\there"),
                ("Blue", "Ann\\u{1b}]0;pwned\\u{7}"),
                ("Yellow", "hard"),
                ("BlueType", "human"),
                ("YellowType", "program"),
                ("Date", "2026-12-05"),
                ("Seed", "5"),
                ("Result", "*"),
            ],
            "Bob's key goes with Bob, whose seat the AI took"
        );
        // Played on again from its own record: the same record.
        let again = record_named(
            &config,
            &Names::played_on(&back, config.seats),
            &game,
            "2026-12-05",
        );
        assert_eq!(again.to_string(), text);
    }

    #[test]
    fn the_variant_and_claims_survive_a_record() {
        use crate::rules::Ruleset;
        let config = GameConfig {
            seats: [Seat::Human, Seat::Easy],
            seed: 3,
            ruleset: Ruleset::Corners,
            claims: true,
            ..GameConfig::default()
        };
        let mut game = config.new_game();
        for mv in [Square::A1, Square::B2, Square::A1, Square::B2] {
            game.play(mv).unwrap();
        }
        for mv in [Square::A1, Square::B2, Square::A1] {
            game.play(mv).unwrap();
        }
        assert_eq!(game.last().unwrap().points, 20);
        game.claim(20).unwrap();
        let text = record_of(&config, &game, "2026-11-30").to_string();
        assert!(text.contains("[Variant \"corners\"]"), "{text}");
        assert!(text.contains("[Claim \"on\"]"), "{text}");
        assert!(text.contains("a1+20"), "{text}");
        let loaded = parse_record(&text).unwrap();
        assert_eq!(loaded.game.ruleset(), Ruleset::Corners);
        assert!(loaded.game.claim_mode());
        assert_eq!(loaded.game.score(Player::Blue), 20);
        assert_eq!(config_of(&loaded.record, GameConfig::default()), config);
        // A record without the tags is the standard game without claims.
        let plain: Record = "b2\n".parse().unwrap();
        assert_eq!(config_of(&plain, config).ruleset, Ruleset::Standard);
        assert!(!config_of(&plain, config).claims);
    }
}
