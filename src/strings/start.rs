//! The start screen.

/// The doors, one an item.
pub(crate) const HOT_SEAT: &str = "Two players here, hot-seat";
/// See [`HOT_SEAT`].
pub(crate) const AI_EASY: &str = "Play the AI: easy";
/// See [`HOT_SEAT`].
pub(crate) const AI_MEDIUM: &str = "Play the AI: medium";
/// See [`HOT_SEAT`].
pub(crate) const AI_HARD: &str = "Play the AI: hard";
/// See [`HOT_SEAT`].
pub(crate) const RESUME: &str = "Resume the autosaved game";
/// See [`HOT_SEAT`].
pub(crate) const LEARN: &str = "Learn: lessons on the board";
/// See [`HOT_SEAT`].
pub(crate) const PUZZLES: &str = "Puzzles, each answer proven";
/// See [`HOT_SEAT`].
pub(crate) const REPLAY: &str = "Replay your last game";
/// The doors' short names, for the line mode's start screen said again (after a game,
/// a lesson or the puzzles): [`crate::ui::StartChoice::short_name`]. The AI's doors
/// are named as the ladders name the AI ([`super::seat_name`]: `easy AI`).
pub(crate) const SHORT_HOT_SEAT: &str = "hot-seat";
/// See [`SHORT_HOT_SEAT`].
pub(crate) const SHORT_RESUME: &str = "resume";
/// See [`SHORT_HOT_SEAT`].
pub(crate) const SHORT_LEARN: &str = "lessons";
/// See [`SHORT_HOT_SEAT`].
pub(crate) const SHORT_PUZZLES: &str = "puzzles";
/// See [`SHORT_HOT_SEAT`].
pub(crate) const SHORT_REPLAY: &str = "replay";
/// The row under the doors: the side taken in a game against the AI, before its name.
pub(crate) const SIDE: &str = "Your side against the AI";
/// The sides' names ([`crate::ui::AiSide`]).
pub(crate) const SIDE_BLUE: &str = "Blue";
/// See [`SIDE_BLUE`].
pub(crate) const SIDE_YELLOW: &str = "Yellow";
/// See [`SIDE_BLUE`]: drawn as the game starts.
pub(crate) const SIDE_RANDOM: &str = "random";
/// The side's row: its key, [`SIDE`] and the side's name, beside the doors.
pub(crate) fn side_row(key: char, side: &str) -> String {
    format!("  {key}  {SIDE}: {side}")
}
/// The side turned with `s` could not be kept in the config file: `why`, with the
/// file's path.
pub(crate) fn side_not_kept(why: &str) -> String {
    format!("Your side is not kept for the next start: {why}.")
}
/// The names typed with `n` could not be kept in the config file: `why`, with the
/// file's path.
pub(crate) fn names_not_kept(why: &str) -> String {
    format!("The names are not kept for the next start: {why}.")
}
/// The row under the side's: the players' names (hot-seat, and yours against the AI),
/// before them.
pub(crate) const NAMES: &str = "Names";
/// The names' row: its key, [`NAMES`] and the names (a seat with none by its
/// colour).
pub(crate) fn names_row(key: char, blue: &str, yellow: &str) -> String {
    format!("  {key}  {NAMES}: {blue}, {yellow}")
}
/// The names' row while `player`'s name is typed: `Blue's name: ali_`.
pub(crate) fn name_typing_row(key: char, player: crate::rules::Player, typed: &str) -> String {
    format!("  {key}  {player}'s name: {typed}_")
}
/// A character typed past the widest name (`columns` display columns): said at
/// once, on screen and in the line mode (qa45: the typing stopped without a word).
pub(crate) fn name_too_long(columns: usize) -> String {
    format!("Names are at most {columns} columns wide")
}
/// The line mode's prompt for a name, in its commands (qa47: it said the full
/// screen's keys, `then Enter (Enter alone: Blue; Esc or cancel: ...)`):
/// `Blue's name on the next line (an empty line: Blue; cancel: as they were):`.
pub(crate) fn name_prompt(player: crate::rules::Player) -> String {
    format!("{player}'s name on the next line (an empty line: {player}; cancel: as they were):")
}
/// The box's title.
pub(crate) const TITLE: &str = " Hijara ";
/// The first line.
pub(crate) const WELCOME: &str = "The four-by-four board game. Press a key:";
/// Put after a door that is closed.
pub(crate) const CLOSED: &str = " (none)";

/// An item's line: the pointer on the one selected, its key, its label, and
/// [`CLOSED`] after a door that is closed.
pub(crate) fn item(selected: bool, key: char, label: &str, open: bool) -> String {
    let pointer = if selected { "▶" } else { " " };
    let closed = if open { "" } else { CLOSED };
    format!("{pointer} {key}  {label}{closed}")
}
/// A key that is no item's.
pub(crate) const UNKNOWN_KEY: &str = "Press one of the keys listed, or q to quit.";
/// Resume chosen with no autosave.
pub(crate) const NOTHING_TO_RESUME: &str = "There is no unfinished game to resume.";
/// Resume chosen when no move of the autosave reads: `why`, the damaged autosave's
/// line (where it is, what is wrong, what becomes of it).
pub(crate) fn cannot_resume(why: &str) -> String {
    format!("Your autosaved game cannot be resumed. {why}.")
}
/// The resume door while another hijara holds the autosave (playing its game).
pub(crate) const RESUME_BUSY: &str = "Another hijara is playing your autosaved game from this data folder: resume it once that program has ended.";
/// The start screen's note while something other than a folder is where the data
/// folder should be (`problem`, as `session::data_folder_problem` says it): no
/// autosave, no history.
pub(crate) fn nothing_kept(problem: &str) -> String {
    format!("Nothing is kept: {problem}.")
}
/// Replay chosen with no history.
pub(crate) const NO_HISTORY: &str = "No finished game is kept yet: play one first.";
/// Replay chosen when the newest game of the history cannot be read: why.
pub(crate) fn cannot_replay(error: &str) -> String {
    format!("Your last game cannot be replayed: {error}")
}
/// After `hijara --help`'s list of commands.
pub(crate) const NO_COMMAND_HELP: &str = "With no command, `hijara` opens the start screen: \
    hot-seat, the AI, resume, lessons, puzzles and replay, one key each.";
