//! Where a game went on disk, in words: a save, the autosave, the history of
//! finished games, and the farewell line printed after a game left in progress.

use crate::rules::{Game, Player};

use super::question::Answering;
use super::{first_moves, moves_count, totals};

pub(crate) fn saved(path: &str) -> String {
    format!("Saved to {path}")
}

/// A save that failed, naming where it was to go: a new file in the folder `path`
/// (empty or `.`: the current folder), else the file `path` saved to before.
pub(crate) fn not_saved_at(path: &str, new_file: bool, error: &str) -> String {
    match (new_file, path) {
        (true, "" | ".") => format!("Not saved in the current folder: {error}"),
        (true, folder) => format!("Not saved in {folder}: {error}"),
        (false, file) => format!("Not saved to {file}: {error}"),
    }
}

pub(crate) fn kept_aside(path: &str) -> String {
    format!("The earlier unfinished game was kept as {path}")
}

pub(crate) fn autosave_off(path: &str, error: &str) -> String {
    format!("Autosave off: the earlier unfinished game in {path} could not be kept aside ({error})")
}

pub(crate) fn autosave_failed(path: &str, error: &str) -> String {
    format!("Autosave failed ({path}): {error}; s saves by hand")
}

/// Another program holds the autosave's lock: this game is not autosaved. First the
/// why and what it means, then the remedy, so a status line cut short says the most.
/// In words that fit both faces (a session's first notice is plain text): the quit
/// question names the key or the command that saves.
/// 79 columns, so the status line at 80 shows it whole.
pub(crate) const AUTOSAVE_BUSY: &str =
    "Another hijara plays from this data folder: not autosaved; a file save keeps it";

/// `hijara resume` (and the start screen's resume door) while another program holds
/// the autosave: its game is that program's, still being played.
pub(crate) const RESUME_BUSY: &str = "another hijara is playing from this data folder: its game in the autosave is resumed once that program has ended";

pub(crate) fn autosave_unreadable(path: &str, error: &str) -> String {
    format!("The autosave {path} is unreadable ({error}); it is kept aside at your first move")
}

/// A damaged autosave whose first `moves` moves still read (offered to resume).
pub(crate) fn autosave_salvaged(path: &str, error: &str, moves: usize) -> String {
    format!(
        "The autosave {path} is damaged ({error}); its {} can be resumed, and the file is kept aside",
        first_moves(moves)
    )
}

/// An autosave path that is no file to read or replace (a FIFO, a device).
pub(crate) fn autosave_unusable(path: &str, error: &str) -> String {
    format!(
        "The autosave {path} cannot be read ({error}); it is left alone and games are not autosaved"
    )
}

/// A finished game written to the history folder as `path` (its whole path, as a
/// save's [`saved`] says it).
pub(crate) fn archived(path: &str) -> String {
    format!("Game kept as {path} (see: hijara games)")
}

/// [`archived`] without where to see it, for a row with no room for both: `Game kept
/// as …/games/hijara-20261130-041500.hij` (41 columns with its last folder cut).
pub(crate) fn archived_brief(path: &str) -> String {
    format!("Game kept as {path}")
}

/// [`archived`] with no path, for a row with no room for one.
pub(crate) const ARCHIVED_SHORT: &str = "Game kept (see: hijara games)";

/// [`kept_after_last`] with no path, for a row with no room for one: `Game kept.
/// alice wins: bob resigned` (35 columns: whole at 44).
pub(crate) fn kept_then(stone: &str) -> String {
    format!("Game kept. {stone}")
}

/// [`kept_then`] in fewer words, which leaves `? help` room beside it at 44 columns:
/// `Kept. Blue wins: Yellow resigned` (32 columns; `Game kept. ...` is 37).
pub(crate) fn kept_then_brief(stone: &str) -> String {
    format!("Kept. {stone}")
}

/// Where the finished game was kept (`kept`, [`archived`]'s note, first: its whole
/// path stays on the status line where it fits), then the line the note took the
/// place of (`stone`): what the stone that filled the board did, whose points were
/// left only in the move list (qa29), or how the game ended early (`alice wins: bob
/// resigned`, s38: said nowhere while the note showed).
pub(crate) fn kept_after_last(stone: &str, kept: &str) -> String {
    format!("{kept}. {stone}")
}

/// What a write came to, come back after `newer` was said (a slow disk): the newer
/// line stays first, so the report hides nothing said since it was asked.
pub(crate) fn late_report(newer: &str, report: &str) -> String {
    let newer = newer.trim_end();
    if newer.ends_with(['.', '!', '?']) {
        format!("{newer} {report}")
    } else {
        format!("{newer}. {report}")
    }
}

/// A finished game kept beside the history folder, which could not take it.
pub(crate) fn archived_beside(dir: &str, error: &str, path: &str) -> String {
    format!("Game not kept in {dir} ({error}): kept as {path} instead")
}

pub(crate) fn not_archived(dir: &str, error: &str) -> String {
    format!("Game not kept in {dir}: {error}")
}

/// A command named in a line said after the screens: in backticks after the full
/// screen, in words after the line mode, where a screen reader may say the backticks.
fn command(how: Answering, command: &str) -> String {
    match how {
        Answering::Keys => format!("`{command}`"),
        Answering::Commands => format!("the command {command}"),
    }
}

/// Said on the normal screen after a game in progress that only `s` (`save`) saved.
pub(crate) fn farewell_saved(game: &Game, path: &str, how: Answering) -> String {
    format!(
        "The game is NOT in the autosave; it is saved in {path} ({}, {}): {} continues it.",
        moves_count(game.len()),
        totals(game),
        command(how, &format!("hijara play --load {path}")),
    )
}

/// On the status row while the way out waits for the disk to take the writes asked
/// (a slow disk; at most `ui::writer::FINISH_WAIT`), and its short wording.
pub(crate) const SAVING: &str = "Saving… the way out waits for the disk to take the last write";
/// [`SAVING`] on a narrow screen.
pub(crate) const SAVING_SHORT: &str = "Saving… waiting for the disk";

/// Said on the normal screen after a game in progress whose last write did not
/// finish before the way out stopped waiting (a disk that did not answer): not that
/// it failed, and which file holds it as the write before left it (`previous`), if
/// one does.
pub(crate) fn farewell_unfinished(game: &Game, previous: Option<&str>) -> String {
    let head = format!(
        "The game ({}, {}) was NOT saved as it is now: its last write to the disk did not finish",
        moves_count(game.len()),
        totals(game),
    );
    match previous {
        Some(path) => format!("{head}. {path} holds it as the write before left it."),
        None => format!("{head}, and no earlier write holds it."),
    }
}

/// Said on the normal screen after a game in progress that is on disk nowhere.
pub(crate) fn farewell_lost(game: &Game, how: Answering) -> String {
    let save = match how {
        Answering::Keys => "s",
        Answering::Commands => "the command save",
    };
    format!(
        "The game ({}, {}) was NOT saved: the autosave failed and it was not saved with {save}.",
        moves_count(game.len()),
        totals(game),
    )
}

/// Said on the normal screen after a game in progress never autosaved (another
/// hijara held the autosave) and not saved by hand.
pub(crate) fn farewell_not_autosaved(game: &Game, how: Answering) -> String {
    let save = match how {
        Answering::Keys => "s",
        Answering::Commands => "the command save",
    };
    format!(
        "The game ({}, {}) was NOT saved: another hijara was playing from this data folder, so it was not autosaved, and it was not saved with {save}.",
        moves_count(game.len()),
        totals(game),
    )
}

/// Said on the start screen when a game it opened is left in progress, the autosave
/// holding it: the door `resume` (its key) continues it. The path is the door's
/// business.
pub(crate) fn kept_for_start(game: &Game, resume: char) -> String {
    kept_for_start_counts(
        game.len(),
        [Player::Blue, Player::Yellow].map(|p| game.score(p)),
        resume,
    )
}

/// [`kept_for_start`] of a game of `moves` moves with these totals (Blue's, then
/// Yellow's). `Game kept`, not `The game is kept` (s24): with 64 moves and totals in
/// the hundreds it is 57 columns, one row of the start screen's box at 80x24 (58
/// inside), where `it.` went to a row of its own; two rows at 44 columns, the key
/// joined to its words by a no-break space (a row ended with `r` alone).
pub(crate) fn kept_for_start_counts(moves: usize, scores: [u32; 2], resume: char) -> String {
    format!(
        "Game kept ({}, {} {}, {} {}): {resume}\u{a0}resumes it.",
        moves_count(moves),
        Player::Blue,
        scores[0],
        Player::Yellow,
        scores[1],
    )
}

/// Said on the normal screen after a game that is kept for `hijara resume`. The
/// only farewell without a full stop: it ends with the autosave's path, which a
/// stop would seem part of when copied.
pub(crate) fn farewell(game: &Game, autosave: &str, how: Answering) -> String {
    format!(
        "The game is kept ({}, {}): {} continues it. Autosave: {autosave}",
        moves_count(game.len()),
        totals(game),
        command(how, "hijara resume"),
    )
}

/// A progress file (lessons, puzzles) that could not be read: the run starts afresh.
pub(crate) fn starting_afresh(error: &str) -> String {
    format!("hijara: {}", starting_afresh_on_screen(error))
}

/// `hijara puzzle --stats` on a progress file it cannot read (left as it is): no
/// stats, which would be a fresh start's, not the player's.
pub(crate) fn no_stats(error: &str) -> String {
    format!("{error}: no stats to show (this build reads only its own format)")
}

/// [`starting_afresh`] as the lesson or puzzle screen says it (no program name).
pub(crate) fn starting_afresh_on_screen(error: &str) -> String {
    format!("{error}; starting afresh")
}

/// The error a worker's panic ends a screen with: `what` ("AI", "puzzle check")
/// failed with the panic's `message`; `kept`, the farewell line of the game in
/// progress when it is on disk.
pub(crate) fn internal_error(what: &str, message: &str, kept: Option<&str>) -> String {
    let mut text = format!("internal error in the {what}: {message}");
    if let Some(kept) = kept {
        text.push('\n');
        text.push_str(kept);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::{PlayerSummary, Review, ReviewBudget};
    use crate::rules::Player;

    /// QA (cli23): the broken autosave said `its first 1 move read`. Every count in
    /// the messages of this kind reads in the number it is: one move is "its first
    /// move", "1 move", never "first 1" or "1 moves".
    #[test]
    fn a_count_of_one_reads_in_the_singular() {
        let salvaged = autosave_salvaged("a.hij", "bad", 1);
        assert!(
            salvaged.contains("; its first move can be resumed,"),
            "{salvaged}"
        );
        assert!(autosave_salvaged("a.hij", "bad", 2).contains("its first 2 moves can be"));
        assert_eq!(
            super::super::message::no_such_move("5", 1),
            "No move 5: the record has 1 move (g 0 is the start)"
        );
        assert_eq!(
            super::super::line::no_such_move("5", 1),
            "No move 5: the record has 1 move (go 0 is the start)"
        );
        let reviewed = super::super::reports::reviewed("x.hij", 1, 0.5, ReviewBudget::Nodes(9), 1);
        assert!(
            reviewed.contains("\n1 move reviewed in 0.5 s"),
            "{reviewed}"
        );
        let review = Review {
            total_moves: 1,
            moves: Vec::new(),
            summary: [Player::Blue, Player::Yellow].map(|p| PlayerSummary::of(p, &[])),
        };
        let mut table = Vec::new();
        super::super::review::write_review(&mut table, &review).unwrap();
        let table = String::from_utf8(table).unwrap();
        assert!(table.contains("(0 of 1 move reviewed)"), "{table}");
        for text in [salvaged, reviewed, table] {
            assert!(
                !text.contains("first 1") && !text.contains(" 1 moves"),
                "{text}"
            );
        }
    }
}
