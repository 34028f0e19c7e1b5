//! The line mode's commands, as data beside the key table: each a word (and its
//! aliases), what may follow it, where it applies, its help, and what it does: the
//! key-table actions it types (so it acts exactly as the full screen's keys do), a
//! square played, or something read out. The `help` command is built from this table.

use crate::rules::Square;

use super::super::keymap::{Action, KeyContext, Leaving};

/// Which screen a command applies on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    /// A game.
    Game,
    /// The replay viewer.
    Replay,
    /// A lesson, or the lessons menu.
    Lesson,
    /// A puzzle.
    Puzzle,
    /// The start screen.
    Start,
    /// A served session's lobby.
    Lobby,
}

/// What follows a command's word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Arg {
    /// Nothing.
    None,
    /// A number (`claim 25`, `go 40`).
    Number,
    /// A square (`square b3`).
    Square,
    /// A row, 1-4 (`row 2`).
    Row,
    /// A column, a-d (`column b`).
    Column,
    /// Any text (`say hello`).
    Text,
    /// A player's name (`find bob`, `player bob`): text, named as the lobby's line names it.
    Name,
    /// An invitation code (`code k7q2`): text, named as the lobby's line names it.
    Code,
}

impl Arg {
    /// How the help names it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Arg::None => "",
            Arg::Number => "N",
            Arg::Square => "b3",
            Arg::Row => "2",
            Arg::Column => "b",
            Arg::Text => "text",
            Arg::Name => "NAME",
            Arg::Code => "CODE",
        }
    }

    /// What it is, in words, for a line that left it out or gave something else.
    pub(crate) fn what(self) -> &'static str {
        match self {
            Arg::None => "nothing more",
            Arg::Number => "a number",
            Arg::Square => "a square (a1 to d4)",
            Arg::Row => "a row (1 to 4)",
            Arg::Column => "a column (a to d)",
            Arg::Text => "some text",
            Arg::Name => "a player's name",
            Arg::Code => "an invitation code",
        }
    }
}

/// One step of a command typed as keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// The key that asks for this action in the screen's context.
    Key(Action),
    /// The argument, typed character by character.
    Arg,
    /// The menu item the argument numbers (from 1).
    Item,
}

/// What the line mode reads out of the state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reading {
    /// The board, row by row.
    Board,
    /// One square in detail.
    Square,
    /// One row.
    Row,
    /// One column.
    Column,
    /// The two long diagonals.
    Diagonals,
    /// The totals and the turn.
    Score,
    /// The last stone.
    Last,
    /// Every move.
    Moves,
    /// The squares open to the next stone, each with the section it takes.
    Legal,
    /// The clocks.
    Clock,
    /// This help.
    Help,
    /// The review of the move shown.
    Why,
    /// The screen's own lines again (the lobby's tables, the menu, the task).
    Again,
}

/// What a command does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Does {
    /// Types these steps as keys.
    Keys(&'static [Step]),
    /// Places a stone on the square typed (the command is the square itself).
    Play,
    /// Reads something out.
    Read(Reading),
}

/// One command of the line mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Command {
    /// Its word, then its aliases; empty for a square typed.
    pub(crate) words: &'static [&'static str],
    /// What follows the word.
    pub(crate) arg: Arg,
    /// Where it applies.
    pub(crate) places: &'static [Place],
    /// What it does, for the help.
    pub(crate) help: &'static str,
    /// What it does.
    pub(crate) does: Does,
}

use Action as A;
use Place as P;
use Step as S;

const BOARDS: &[Place] = &[P::Game, P::Replay, P::Lesson, P::Puzzle];
const ALL: &[Place] = &[P::Game, P::Replay, P::Lesson, P::Puzzle, P::Start, P::Lobby];

/// The commands, in the order the help lists them.
pub(crate) const COMMANDS: &[Command] = &[
    Command {
        words: &[],
        arg: Arg::Square,
        places: &[P::Game, P::Lesson, P::Puzzle],
        help: "place a stone on that square",
        does: Does::Play,
    },
    Command {
        words: &["board", "b"],
        arg: Arg::None,
        places: BOARDS,
        help: "read the board row by row",
        does: Does::Read(Reading::Board),
    },
    Command {
        words: &["square"],
        arg: Arg::Square,
        places: BOARDS,
        help: "read one square, section by section",
        does: Does::Read(Reading::Square),
    },
    Command {
        words: &["row"],
        arg: Arg::Row,
        places: BOARDS,
        help: "read one row",
        does: Does::Read(Reading::Row),
    },
    // Columns and diagonals score as rows do (qa39: only `board` read them, a
    // blind player's way to a column being four rows; lichess's `scan` reads files).
    Command {
        words: &["column"],
        arg: Arg::Column,
        places: BOARDS,
        help: "read one column",
        does: Does::Read(Reading::Column),
    },
    Command {
        words: &["diagonals", "diagonal"],
        arg: Arg::None,
        places: BOARDS,
        help: "read the two long diagonals",
        does: Does::Read(Reading::Diagonals),
    },
    Command {
        words: &["score"],
        arg: Arg::None,
        places: BOARDS,
        help: "the totals and whose move it is",
        does: Does::Read(Reading::Score),
    },
    Command {
        words: &["legal"],
        arg: Arg::None,
        places: BOARDS,
        help: "the squares open to a stone, each with the section it takes",
        does: Does::Read(Reading::Legal),
    },
    Command {
        words: &["last"],
        arg: Arg::None,
        places: BOARDS,
        help: "the last stone again",
        does: Does::Read(Reading::Last),
    },
    Command {
        words: &["moves"],
        arg: Arg::None,
        places: BOARDS,
        help: "every move so far",
        does: Does::Read(Reading::Moves),
    },
    Command {
        words: &["clock"],
        arg: Arg::None,
        places: &[P::Game],
        help: "both clocks (a correspondence game: its time left)",
        does: Does::Read(Reading::Clock),
    },
    Command {
        words: &["hint", "t"],
        arg: Arg::None,
        places: &[P::Game],
        help: "the hard AI's move for you",
        does: Does::Keys(&[S::Key(A::Hint)]),
    },
    Command {
        words: &["undo", "u"],
        arg: Arg::None,
        places: &[P::Game],
        help: "take back a move (at a table, asks the other player; against the AI, yours and its reply)",
        does: Does::Keys(&[S::Key(A::Undo)]),
    },
    Command {
        words: &["redo", "U"],
        arg: Arg::None,
        places: &[P::Game],
        help: "play again a move taken back",
        does: Does::Keys(&[S::Key(A::Redo)]),
    },
    Command {
        words: &["claim", "+"],
        arg: Arg::Number,
        places: &[P::Game, P::Lesson],
        help: "claim N points for your last stone (claim games)",
        does: Does::Keys(&[S::Key(A::ClaimStart), S::Arg, S::Key(A::Claim)]),
    },
    Command {
        words: &["go"],
        arg: Arg::None,
        places: &[P::Game],
        help: "claim nothing: let the AI play on (claim games)",
        does: Does::Keys(&[S::Key(A::Place)]),
    },
    Command {
        words: &["save", "s"],
        arg: Arg::None,
        places: &[P::Game],
        help: "save the game as a .hij record",
        does: Does::Keys(&[S::Key(A::Save)]),
    },
    Command {
        words: &["new", "n"],
        arg: Arg::None,
        places: &[P::Game],
        help: "a new game (at a server table: offer a rematch)",
        does: Does::Keys(&[S::Key(A::NewGame)]),
    },
    Command {
        words: &["review", "r"],
        arg: Arg::None,
        places: &[P::Game],
        help: "review the finished game with the engine",
        does: Does::Keys(&[S::Key(A::Review)]),
    },
    Command {
        words: &["resign", "R"],
        arg: Arg::None,
        places: &[P::Game],
        help: "resign the game (asks first)",
        does: Does::Keys(&[S::Key(A::Resign)]),
    },
    Command {
        words: &["say", "m"],
        arg: Arg::Text,
        places: &[P::Game],
        help: "a message to the other player (server tables)",
        does: Does::Keys(&[S::Key(A::Message), S::Arg, S::Key(A::Confirm)]),
    },
    Command {
        words: &["mute", "M"],
        arg: Arg::None,
        places: &[P::Game],
        help: "mute the other player's messages, or hear them again",
        does: Does::Keys(&[S::Key(A::Mute)]),
    },
    Command {
        words: &["bell", "B"],
        arg: Arg::None,
        places: &[P::Game],
        help: "the bell on your move, on or off (server tables)",
        does: Does::Keys(&[S::Key(A::Bell)]),
    },
    // The replay viewer.
    Command {
        words: &["next", "n"],
        arg: Arg::None,
        places: &[P::Replay],
        help: "the next move",
        does: Does::Keys(&[S::Key(A::Step(1))]),
    },
    Command {
        words: &["back"],
        arg: Arg::None,
        places: &[P::Replay],
        help: "the move before",
        does: Does::Keys(&[S::Key(A::Step(-1))]),
    },
    Command {
        words: &["ten"],
        arg: Arg::None,
        places: &[P::Replay],
        help: "ten moves on",
        does: Does::Keys(&[S::Key(A::Step(10))]),
    },
    Command {
        words: &["ten back"],
        arg: Arg::None,
        places: &[P::Replay],
        help: "ten moves back",
        does: Does::Keys(&[S::Key(A::Step(-10))]),
    },
    Command {
        words: &["go", "g"],
        arg: Arg::Number,
        places: &[P::Replay],
        help: "go to move N (go 0: the start)",
        does: Does::Keys(&[S::Key(A::Goto), S::Arg, S::Key(A::Jump)]),
    },
    Command {
        words: &["start"],
        arg: Arg::None,
        places: &[P::Replay],
        help: "the start, before the first move",
        does: Does::Keys(&[S::Key(A::Start)]),
    },
    Command {
        words: &["end"],
        arg: Arg::None,
        places: &[P::Replay],
        help: "the last move",
        does: Does::Keys(&[S::Key(A::End)]),
    },
    Command {
        words: &["why"],
        arg: Arg::None,
        places: &[P::Replay],
        help: "the engine's verdict on the move shown (starts the analysis)",
        does: Does::Read(Reading::Why),
    },
    Command {
        words: &["mistake back"],
        arg: Arg::None,
        places: &[P::Replay],
        help: "the mistake or blunder before",
        does: Does::Keys(&[S::Key(A::PreviousMistake)]),
    },
    Command {
        words: &["mistake"],
        arg: Arg::None,
        places: &[P::Replay],
        help: "the next mistake or blunder",
        does: Does::Keys(&[S::Key(A::NextMistake)]),
    },
    Command {
        words: &["analysis", "a"],
        arg: Arg::None,
        places: &[P::Replay],
        help: "start the analysis, or hide it",
        does: Does::Keys(&[S::Key(A::Analysis)]),
    },
    Command {
        words: &["deep"],
        arg: Arg::None,
        places: &[P::Replay],
        help: "a deep review, 4 times the thinking per move, with progress; deep again stops it",
        does: Does::Keys(&[S::Key(A::DeepReview)]),
    },
    Command {
        words: &["auto"],
        arg: Arg::None,
        places: &[P::Replay],
        help: "autoplay on or off: a move a second",
        does: Does::Keys(&[S::Key(A::Autoplay)]),
    },
    Command {
        words: &["faster"],
        arg: Arg::None,
        places: &[P::Replay],
        help: "autoplay faster",
        does: Does::Keys(&[S::Key(A::Faster)]),
    },
    Command {
        words: &["slower"],
        arg: Arg::None,
        places: &[P::Replay],
        help: "autoplay slower",
        does: Does::Keys(&[S::Key(A::Slower)]),
    },
    Command {
        words: &["play", "c"],
        arg: Arg::None,
        places: &[P::Replay],
        help: "play on from the move shown (asks when later moves are dropped)",
        does: Does::Keys(&[S::Key(A::Continue)]),
    },
    // Lessons and puzzles.
    Command {
        words: &["again", "u"],
        arg: Arg::None,
        places: &[P::Lesson],
        help: "start this lesson again",
        does: Does::Keys(&[S::Key(A::Undo)]),
    },
    Command {
        words: &["again", "u"],
        arg: Arg::None,
        places: &[P::Puzzle],
        help: "try this puzzle again",
        does: Does::Keys(&[S::Key(A::Undo)]),
    },
    Command {
        words: &["next", "n"],
        arg: Arg::None,
        places: &[P::Lesson],
        help: "the next lesson",
        does: Does::Keys(&[S::Key(A::NewGame)]),
    },
    Command {
        words: &["next", "n"],
        arg: Arg::None,
        places: &[P::Puzzle],
        help: "the next puzzle (unanswered: skips this one)",
        does: Does::Keys(&[S::Key(A::NewGame)]),
    },
    Command {
        words: &["giveup", "g", "answer"],
        arg: Arg::None,
        places: &[P::Puzzle],
        help: "the proven answer, said; the puzzle counts as not solved",
        does: Does::Keys(&[S::Key(A::GiveUp)]),
    },
    Command {
        // `hint` too: the full screen's hint key shows a puzzle's themes.
        words: &["themes", "t", "hint"],
        arg: Arg::None,
        places: &[P::Puzzle],
        help: "the puzzle's themes, which are its hint",
        does: Does::Keys(&[S::Key(A::Hint)]),
    },
    Command {
        words: &["menu", "m"],
        arg: Arg::None,
        places: &[P::Lesson],
        help: "the lessons menu",
        does: Does::Keys(&[S::Key(A::Menu)]),
    },
    Command {
        words: &["open"],
        arg: Arg::Number,
        places: &[P::Lesson],
        help: "open lesson N, from the menu or any lesson",
        does: Does::Keys(&[S::Item]),
    },
    Command {
        words: &["puzzles", "p"],
        arg: Arg::None,
        places: &[P::Lesson],
        help: "leave the lessons menu for the puzzles",
        does: Does::Keys(&[S::Key(A::Puzzles)]),
    },
    // The menu's Esc: the help leaves it out in a lesson, where Esc leaves.
    Command {
        words: &["back"],
        arg: Arg::None,
        places: &[P::Lesson],
        help: "the lessons menu: back to the lesson it came from (none: leave, as quit)",
        does: Does::Keys(&[S::Key(A::No)]),
    },
    // s36: the rematch with the sides swapped, at a game's end (`w`).
    Command {
        words: &["swap"],
        arg: Arg::None,
        places: &[P::Game],
        help: "at the end: a rematch with the sides swapped",
        does: Does::Keys(&[S::Key(A::SwapRematch)]),
    },
    // s36: the hot-seat players' names (`n`): the next lines are the names.
    Command {
        words: &["names"],
        arg: Arg::None,
        places: &[P::Start],
        help: "the players' names: Blue's on the next line, then Yellow's",
        does: Does::Keys(&[S::Key(A::Names)]),
    },
    // Each screen's `list` says what it lists (QA: one help named all three).
    Command {
        words: &["list"],
        arg: Arg::None,
        places: &[P::Start],
        help: "the doors again",
        does: Does::Read(Reading::Again),
    },
    Command {
        words: &["list"],
        arg: Arg::None,
        places: &[P::Lesson],
        help: "the lessons again",
        does: Does::Read(Reading::Again),
    },
    // The lobby of a server.
    Command {
        words: &["list"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "the tables again",
        does: Does::Read(Reading::Again),
    },
    Command {
        words: &["table"],
        arg: Arg::Number,
        places: &[P::Lobby],
        help: "sit at table N, or watch it (a number alone does too)",
        does: Does::Keys(&[S::Arg]),
    },
    Command {
        words: &["new", "n"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "open a table for two players",
        does: Does::Keys(&[S::Key(A::NewGame)]),
    },
    Command {
        words: &["ai", "a"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "play the server's AI",
        does: Does::Keys(&[S::Key(A::PlayAi)]),
    },
    Command {
        words: &["find", "f"],
        arg: Arg::Name,
        places: &[P::Lobby],
        help: "find a player by name",
        does: Does::Keys(&[S::Key(A::FindPlayer), S::Arg, S::Key(A::Confirm)]),
    },
    Command {
        words: &["hide"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "no longer list the correspondence games find listed to watch (it never leaves here)",
        does: Does::Keys(&[S::Key(A::HideFound)]),
    },
    Command {
        words: &["motd"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "the club's message of the day again (said whole when you come in)",
        does: Does::Keys(&[S::Key(A::Motd)]),
    },
    Command {
        words: &["code", "i"],
        arg: Arg::Code,
        places: &[P::Lobby],
        help: "join a private table by its invitation code",
        does: Does::Keys(&[S::Key(A::Invitation), S::Arg, S::Key(A::Confirm)]),
    },
    Command {
        words: &["win", "w"],
        arg: Arg::Number,
        places: &[P::Lobby],
        help: "claim the win at table N, your opponent gone",
        does: Does::Keys(&[S::Key(A::ClaimWin), S::Arg]),
    },
    Command {
        words: &["palette", "colour", "c"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "the full screen's next palette (default, colour-blind, light, high-contrast, none)",
        does: Does::Keys(&[S::Key(A::Palette)]),
    },
    Command {
        words: &["ascii"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "the full screen's board in ASCII, or back in boxes (kept for your key)",
        does: Does::Keys(&[S::Key(A::Ascii)]),
    },
    Command {
        words: &["notifications"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "desktop notifications on your move at the full screen, on or off (kept for your key)",
        does: Does::Keys(&[S::Key(A::Notify)]),
    },
    Command {
        words: &["screen"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "leave the line mode for the full screen (kept for your key)",
        does: Does::Keys(&[S::Key(A::LineMode)]),
    },
    Command {
        words: &["due"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "the correspondence game at your move with least time left",
        does: Does::Keys(&[S::Key(A::NextMove)]),
    },
    Command {
        words: &["leaderboard"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "the leaderboards",
        does: Does::Keys(&[S::Key(A::Leaderboard)]),
    },
    Command {
        words: &["profile"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "your profile and games",
        does: Does::Keys(&[S::Key(A::Profile)]),
    },
    Command {
        words: &["player"],
        arg: Arg::Name,
        places: &[P::Lobby],
        help: "another player's profile",
        does: Does::Keys(&[S::Key(A::ViewProfile), S::Arg, S::Key(A::Confirm)]),
    },
    Command {
        words: &["page"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "the next page of the list",
        does: Does::Keys(&[S::Key(A::NextPage)]),
    },
    Command {
        words: &["page back"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "the previous page of the list",
        does: Does::Keys(&[S::Key(A::PreviousPage)]),
    },
    Command {
        words: &["speed"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "a leaderboard: the other speed (live, correspondence)",
        does: Does::Keys(&[S::Key(A::Speed)]),
    },
    Command {
        words: &["watch"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "a profile: list the player's correspondence games in play in the lobby, to watch one",
        does: Does::Keys(&[S::Key(A::WatchInPlay)]),
    },
    Command {
        words: &["chart"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "a profile: the chart of the next rating",
        does: Does::Keys(&[S::Key(A::Chart)]),
    },
    Command {
        words: &["listed"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "your profile: leave the leaderboards, or come back",
        does: Does::Keys(&[S::Key(A::Listed)]),
    },
    Command {
        words: &["rated"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "the form: rated or not",
        does: Does::Keys(&[S::Key(A::Rated)]),
    },
    Command {
        words: &["opponent", "o"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "the new table's form: the next opponent",
        does: Does::Keys(&[S::Key(A::Opponent)]),
    },
    Command {
        words: &["side", "s"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "the form: the other side",
        does: Does::Keys(&[S::Key(A::Side)]),
    },
    Command {
        words: &["variant", "v"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "the form: the other variant",
        does: Does::Keys(&[S::Key(A::Variant)]),
    },
    Command {
        words: &["claims", "k"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "the form: claims on or off",
        does: Does::Keys(&[S::Key(A::ClaimsRule)]),
    },
    Command {
        words: &["private", "p"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "the form: private or listed",
        does: Does::Keys(&[S::Key(A::Private)]),
    },
    Command {
        words: &["clock", "t"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "the form: the next clock",
        does: Does::Keys(&[S::Key(A::Clock)]),
    },
    Command {
        words: &["start"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "the form: start the game",
        does: Does::Keys(&[S::Key(A::Confirm)]),
    },
    Command {
        words: &["cancel"],
        arg: Arg::None,
        places: &[P::Lobby],
        help: "close the form",
        does: Does::Keys(&[S::Key(A::No)]),
    },
    // Everywhere.
    Command {
        words: &["yes", "y"],
        arg: Arg::None,
        places: &[P::Game, P::Replay],
        help: "answer yes to the question asked",
        does: Does::Keys(&[S::Key(A::Yes)]),
    },
    Command {
        words: &["no"],
        arg: Arg::None,
        places: &[P::Game, P::Replay],
        help: "answer no",
        does: Does::Keys(&[S::Key(A::No)]),
    },
    Command {
        words: &["help", "?"],
        arg: Arg::None,
        places: ALL,
        help: "these commands",
        does: Does::Read(Reading::Help),
    },
    Command {
        words: &["quit", "q"],
        arg: Arg::None,
        places: &[P::Game],
        help: GAME_QUIT_HELP,
        does: Does::Keys(&[S::Key(A::Quit)]),
    },
    // No question elsewhere: a replay, a lesson or a puzzle is left as it is.
    Command {
        words: &["quit", "q"],
        arg: Arg::None,
        places: &[P::Replay, P::Lesson, P::Puzzle, P::Start, P::Lobby],
        help: QUIT_HELP,
        does: Does::Keys(&[S::Key(A::Quit)]),
    },
];

/// The help of `quit` in a game.
const GAME_QUIT_HELP: &str = "leave (asks while a game is in progress)";
/// The help of `quit` elsewhere.
const QUIT_HELP: &str = "leave";

/// The help of `command` on a screen whose `quit` goes `to`, as its full screen's leave
/// key does: back to the start screen that opened it (a game, the replay viewer, the
/// lessons, the puzzles), to the game a review is of, or to a server's lobby, said so;
/// out of the program, its own words. QA (qa29): a review's help said `quit (or q):
/// leave.`, where it goes back to the game.
///
/// At a server's table (`to` the lobby) a game's `quit` goes back to the lobby (qa30:
/// it said `leave`); `asks`: whether it asks first while the game is in progress (a
/// correspondence game, which waits for its next move, does not).
pub(crate) fn help_leaving(command: &Command, to: Leaving, asks: bool) -> &'static str {
    match (command.help, to) {
        (GAME_QUIT_HELP, Leaving::StartScreen) => {
            "back to the start screen (asks while a game is in progress)"
        }
        (GAME_QUIT_HELP, Leaving::Lobby) if asks => {
            "back to the lobby (asks while a game is in progress)"
        }
        (GAME_QUIT_HELP, Leaving::Lobby) => "back to the lobby",
        (QUIT_HELP, Leaving::StartScreen) => "back to the start screen",
        (QUIT_HELP, Leaving::Game) => "back to the game",
        (QUIT_HELP, Leaving::Lobby) => "back to the lobby",
        (QUIT_HELP, Leaving::Lessons) => "back to the lessons",
        (help, _) => help,
    }
}

/// A lobby command's help on a club screen over the lobby, where it does what the
/// screen's key does (qa39: the leaderboard's help said `table N: sit at table N`
/// where a number opens a profile, `list: the tables again` and `variant: the form:
/// the other variant`); `None` where the lobby's own words hold.
pub(crate) fn club_help(command: &Command, context: KeyContext) -> Option<&'static str> {
    let board = match context {
        KeyContext::LobbyBoard => true,
        KeyContext::LobbyProfile => false,
        _ => return None,
    };
    Some(match (command.words.first().copied()?, board) {
        ("list", true) => "the leaderboard again",
        ("list", false) => "the profile again",
        ("table", true) => "the profile of the player numbered N (a number alone does too)",
        ("table", false) => "the replay of the game numbered N (a number alone does too)",
        ("variant", true) => "the leaderboard of the other variant",
        _ => return None,
    })
}

/// A line typed, understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Parsed {
    /// A command and its argument (as typed, trimmed).
    Command(&'static Command, String),
    /// A square typed alone.
    Square(Square),
    /// One character with no command: the full screen's key of that character.
    Key(char),
    /// Nothing typed.
    Empty,
    /// A word that is no command here.
    Unknown(String),
    /// A command without the argument it needs.
    Needs(&'static Command),
    /// A command of a word or more that takes nothing, with words after it (`next
    /// mistake`): no unknown word, and not another screen's.
    TakesNothing(&'static Command),
}

/// The commands of `place`, in table order.
pub(crate) fn of(place: Place) -> impl Iterator<Item = &'static Command> {
    COMMANDS.iter().filter(move |c| c.places.contains(&place))
}

/// The command word `word` is on another screen than `place`, as the table spells
/// it: a word that is no command here but one elsewhere is not answered as unknown.
pub(crate) fn elsewhere(word: &str, place: Place) -> Option<&'static str> {
    let lower = word.to_lowercase();
    COMMANDS
        .iter()
        .filter(|c| !c.places.contains(&place))
        .flat_map(|c| c.words.iter().copied())
        .find(|w| w.len() > 1 && *w == lower)
}

/// Understands `line` typed on `place`: the longest command word it starts with
/// (`ten back` before `ten`), a square, or a single key.
pub(crate) fn parse(line: &str, place: Place) -> Parsed {
    let line = line.trim();
    if line.is_empty() {
        return Parsed::Empty;
    }
    let lower = line.to_lowercase();
    let squares = [P::Game, P::Lesson, P::Puzzle].contains(&place);
    if squares && let Ok(square) = lower.parse::<Square>() {
        return Parsed::Square(square);
    }
    // `+25` and `claim 25` alike: a word may be glued to its number.
    let found = of(place)
        .flat_map(|c| c.words.iter().map(move |w| (c, *w)))
        .filter(|(_, word)| {
            let rest = if word.chars().all(|c| c.is_alphabetic() || c == ' ') {
                // Words match in any case but the one-letter keys, which are keys.
                let matched = if word.len() == 1 {
                    line.strip_prefix(word)
                } else {
                    lower.strip_prefix(word)
                };
                matched.filter(|rest| rest.is_empty() || rest.starts_with(' '))
            } else {
                line.strip_prefix(word)
            };
            rest.is_some()
        })
        .max_by_key(|(_, word)| word.len());
    let Some((command, word)) = found else {
        let mut chars = line.chars();
        return match (chars.next(), chars.next()) {
            (Some(c), None) => Parsed::Key(c),
            _ => Parsed::Unknown(line.split_whitespace().next().unwrap_or(line).to_owned()),
        };
    };
    let arg = line[word.len()..].trim().to_owned();
    let fits = match command.arg {
        Arg::None => arg.is_empty(),
        Arg::Number => !arg.is_empty() && arg.chars().all(|c| c.is_ascii_digit()),
        Arg::Square => arg.to_lowercase().parse::<Square>().is_ok(),
        Arg::Row => matches!(arg.as_str(), "1" | "2" | "3" | "4"),
        Arg::Column => matches!(arg.to_lowercase().as_str(), "a" | "b" | "c" | "d"),
        Arg::Text | Arg::Name | Arg::Code => !arg.is_empty(),
    };
    match fits {
        true => Parsed::Command(command, arg),
        // A one-letter word with something after it is no command: `b3` is a square.
        false if command.arg == Arg::None && !arg.is_empty() && word.chars().count() == 1 => {
            Parsed::Unknown(line.split_whitespace().next().unwrap_or(line).to_owned())
        }
        // A command word of this screen with words after it (qa45: `next mistake` in
        // the replay viewer said `next does nothing here`, `undo now` in a game
        // `Unknown command: undo`).
        false if command.arg == Arg::None => Parsed::TakesNothing(command),
        false => Parsed::Needs(command),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// qa43: the lobby's `?` help and the line mode's `palette` help wrote `high
    /// contrast` where the command line and the config file take `high-contrast`.
    /// Both now list the palettes by the names typed elsewhere.
    #[test]
    fn the_palette_helps_name_the_palettes_as_they_are_typed() {
        let names: Vec<&str> = crate::prefs::Palette::ALL
            .iter()
            .map(|p| p.name())
            .collect();
        let listed = names.join(", ");
        let command = COMMANDS
            .iter()
            .find(|c| c.words.first() == Some(&"palette"))
            .map(|c| c.help);
        assert!(
            command.is_some_and(|help| help.contains(&listed)),
            "{command:?} lacks {listed}"
        );
        let key = crate::ui::keymap::BINDINGS
            .iter()
            .filter(|b| b.contexts.contains(&KeyContext::Lobby))
            .find(|b| b.keys.iter().any(|(_, a)| *a == A::Palette))
            .map(|b| b.help);
        assert!(
            key.is_some_and(|help| help.contains(&listed)),
            "{key:?} lacks {listed}"
        );
    }

    /// qa43: the help said `claim N (or +)`, and `+` alone is refused (`claim needs a
    /// number`): a sign's alias is written with its argument, `+N`.
    #[test]
    fn the_claim_help_writes_its_sign_alias_with_its_number() {
        let claim = COMMANDS
            .iter()
            .find(|c| c.words.first() == Some(&"claim"))
            .map(|c| crate::strings::line::help_row(c.words, c.arg.name(), c.help));
        assert_eq!(
            claim.as_deref(),
            Some("claim N (or +N): claim N points for your last stone (claim games).")
        );
    }

    fn word(parsed: Parsed) -> Option<&'static str> {
        match parsed {
            Parsed::Command(c, _) => c.words.first().copied(),
            _ => None,
        }
    }

    #[test]
    fn lines_become_commands_squares_or_keys() {
        assert_eq!(parse("b3", Place::Game), Parsed::Square(Square::B3));
        assert_eq!(parse(" B3 ", Place::Game), Parsed::Square(Square::B3));
        assert_eq!(word(parse("board", Place::Game)), Some("board"));
        assert_eq!(word(parse("b", Place::Game)), Some("board"));
        assert_eq!(word(parse("Undo", Place::Game)), Some("undo"));
        assert!(matches!(
            parse("claim 25", Place::Game),
            Parsed::Command(c, arg) if c.words[0] == "claim" && arg == "25"
        ));
        assert!(matches!(
            parse("+25", Place::Game),
            Parsed::Command(c, arg) if c.words[0] == "claim" && arg == "25"
        ));
        assert!(matches!(parse("claim", Place::Game), Parsed::Needs(_)));
        assert_eq!(word(parse("ten back", Place::Replay)), Some("ten back"));
        assert_eq!(word(parse("ten", Place::Replay)), Some("ten"));
        assert_eq!(
            word(parse("mistake back", Place::Replay)),
            Some("mistake back")
        );
        assert_eq!(word(parse("next", Place::Lesson)), Some("next"));
        assert_eq!(word(parse("n", Place::Replay)), Some("next"));
        // R resigns, r reviews: one-letter keys keep their case.
        assert_eq!(word(parse("R", Place::Game)), Some("resign"));
        assert_eq!(word(parse("r", Place::Game)), Some("review"));
        assert_eq!(parse("x", Place::Game), Parsed::Key('x'));
        assert_eq!(parse("h", Place::Start), Parsed::Key('h'));
        assert_eq!(parse("", Place::Game), Parsed::Empty);
        assert!(matches!(parse("dance now", Place::Game), Parsed::Unknown(w) if w == "dance"));
        assert!(matches!(
            parse("next mistake", Place::Replay),
            Parsed::TakesNothing(c) if c.words == ["next", "n"]
        ));
        assert!(matches!(parse("b now", Place::Game), Parsed::Unknown(w) if w == "b"));
        // A square means nothing in the replay viewer.
        assert!(matches!(parse("b3", Place::Replay), Parsed::Unknown(_)));
        // The game's readings read a lesson's and a puzzle's board too, and `hint`
        // is a puzzle's themes, as its key is on the full screen (QA: all three
        // answered "Unknown command").
        for place in [Place::Lesson, Place::Puzzle] {
            assert_eq!(word(parse("last", place)), Some("last"));
            assert_eq!(word(parse("moves", place)), Some("moves"));
        }
        assert_eq!(word(parse("hint", Place::Puzzle)), Some("themes"));
        assert_eq!(elsewhere("Hint", Place::Lesson), Some("hint"));
        assert_eq!(elsewhere("dance", Place::Lesson), None);
    }

    /// Docs helper: docs/line-mode.md, the line mode's manual, left out `mute`, `bell`,
    /// `faster`, `slower` and `puzzles`. It names every command by its first word.
    #[test]
    fn the_line_mode_s_docs_name_every_command() {
        let docs = include_str!("../../../docs/line-mode.md");
        let missing: Vec<&str> = COMMANDS
            .iter()
            .filter_map(|c| c.words.first().copied())
            .filter(|word| !docs.contains(&format!("`{word}")))
            .collect();
        assert!(missing.is_empty(), "docs/line-mode.md lacks {missing:?}");
    }
}

#[cfg(test)]
mod coverage {
    use super::super::super::keymap::BINDINGS;
    use super::*;

    /// The key actions the line commands `commands` carry out.
    fn typed<'a>(commands: impl Iterator<Item = &'a Command>) -> Vec<Action> {
        commands
            .filter_map(|c| match c.does {
                Does::Keys(steps) => Some(steps),
                _ => None,
            })
            .flatten()
            .filter_map(|s| match s {
                Step::Key(a) => Some(*a),
                _ => None,
            })
            .collect()
    }

    /// QA: the lobby's `?` lists its keys; the line mode's `help` at the lobby must
    /// list a command for each of them (a number is `table N`; `help` itself, Ctrl-c).
    #[test]
    fn the_lobby_s_help_in_lines_has_a_command_for_every_key_its_help_lists() {
        use crate::ui::keymap::KeyContext;
        let typed_at_the_lobby = typed(of(Place::Lobby));
        for context in [
            KeyContext::Lobby,
            KeyContext::LobbyForm,
            KeyContext::LobbyBoard,
            KeyContext::LobbyProfile,
        ] {
            for binding in BINDINGS
                .iter()
                .filter(|b| b.contexts.contains(&context) && !b.help.is_empty())
            {
                for (_, action) in binding.keys {
                    let otherwise =
                        matches!(action, Action::Digit(_) | Action::Help | Action::ForceQuit);
                    assert!(
                        otherwise || typed_at_the_lobby.contains(action),
                        "{} ({action:?}) in {context:?} has no command",
                        binding.names
                    );
                }
            }
        }
        let help: Vec<&str> = of(Place::Lobby)
            .flat_map(|c| c.words.iter().copied())
            .collect();
        assert!(help.contains(&"help"), "{help:?}");
    }

    /// Every action of the full screen's key table is reached by a line command,
    /// or by a square or a number typed, or has no use without a cursor or a mouse.
    /// The list of the last kind, with the reason for each, is the line mode's
    /// answer to "which keys have no equivalent" (docs/line-mode.md).
    #[test]
    fn every_key_of_the_full_screen_has_a_line_or_a_reason() {
        let typed = typed(COMMANDS.iter());
        let mut left: Vec<Action> = Vec::new();
        for (_, action) in BINDINGS.iter().flat_map(|b| b.keys) {
            if !typed.contains(action) && !left.contains(action) {
                left.push(*action);
            }
        }
        let reached_otherwise = |a: &Action| match a {
            // A square is typed whole (`b3`): no cursor to move, column and row at once.
            Action::Cursor(_) | Action::Column(_) | Action::Row(_) => true,
            // A number is the argument of its command (`claim 25`, `go 40`, `table 3`,
            // `win 3`), typed as keys by Step::Arg; `lesson 3` is Step::Item.
            Action::Digit(_) | Action::Item(_) => true,
            // The line editor (or the terminal's own) edits the typed line.
            Action::Backspace => true,
            // `help` reads the commands as lines; Ctrl-c and the end of input quit.
            Action::Help | Action::ForceQuit => true,
            // The help's scrolling keys: `help` prints it whole, the terminal scrolls.
            Action::Scroll(_) => true,
            // A lesson's or a puzzle's text read in place of the board: the line mode
            // says the text as lines, whole, and the terminal scrolls.
            Action::Read => true,
            _ => false,
        };
        left.retain(|a| !reached_otherwise(a));
        assert_eq!(left, Vec::<Action>::new(), "keys with no line command");
    }
}
