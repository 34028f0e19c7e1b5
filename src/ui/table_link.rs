//! A served game's link to its table (`hijara serve`): the [`Link`], what a player
//! asks of the table ([`Request`], carried by the event loop as an effect), what the
//! table tells a screen ([`News`]), and the terminal's bell ([`Bell`]).
//!
//! The ui knows these as a trait and plain values; the server implements the link, so
//! the ui never reaches into the server.

use std::fmt::Debug;
use std::io::Write;

use ratatui::backend::{CrosstermBackend, TestBackend};

use crate::rules::{Game, Move};

/// A game on screen linked to one played elsewhere too (a table of `hijara serve`).
pub(crate) trait Link: Debug {
    /// Hands over the moves made on this screen beyond those the other side knows,
    /// and returns the moves made elsewhere beyond `game`'s, to play here in order.
    fn sync(&mut self, game: &Game) -> Vec<Move>;

    /// Carries out what the player asked of the table.
    fn request(&mut self, _request: Request) {}

    /// The player leaves the game on purpose (`q`), rather than their link dropping.
    fn leave(&mut self) {}

    /// What the table has to say since the last call.
    fn news(&mut self) -> Vec<News> {
        Vec::new()
    }

    /// The screen was drawn (or said, in the line mode) with `status` on its status
    /// line: a line the table asked to be told once is told now, or comes again.
    fn shown(&mut self, _status: Option<&super::Message>) {}

    /// The shared game's clocks and early ending, which decide over the screen's own
    /// (a table's clocks run on the server); `None` to keep the screen's.
    fn course(&mut self) -> Option<crate::session::Course> {
        None
    }
}

/// What a player at a table asks of it, beyond their moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// Ask the opponent to take back the last move (and the opponent's reply after it).
    Undo,
    /// Answer the opponent's request to take back moves.
    AnswerUndo(bool),
    /// Resign the game.
    Resign,
    /// Offer a rematch with the colours swapped, or accept the one offered.
    Rematch,
    /// Turn down the rematch offered.
    DeclineRematch,
    /// A short message to the other player.
    Say(String),
    /// Mute the other player's messages, or hear them again.
    ToggleMute,
    /// The bell on "your move", on or off.
    ToggleBell,
}

/// What the table tells a screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum News {
    /// The table's game took the place of the screen's (an agreed undo, a rematch):
    /// go on from it, with these seats played at other terminals.
    Game {
        /// The game as the table has it.
        game: Game,
        /// The seats played elsewhere, by [`crate::rules::Player::index`].
        remote: [bool; 2],
        /// At a game against the server's AI: the colour it plays now (a rematch swaps
        /// the colours) and its level.
        ai: Option<(crate::rules::Player, crate::ai::Level)>,
        /// The players' names as shown, by [`crate::rules::Player::index`] (a rematch
        /// swaps them).
        names: [String; 2],
        /// At a rated game, each player's rating in it as the game began, by
        /// [`crate::rules::Player::index`]; `None` at a casual game or against the AI.
        /// Apart from the names, so that an ending never says `alice 1500 wins`.
        ratings: [Option<crate::rating::Shown>; 2],
    },
    /// The opponent asks to take back moves: the player answers yes or no.
    UndoAsked,
    /// The undo this player was asked about is no longer asked, the game going on:
    /// settled at another screen of theirs (a correspondence seat takes more than
    /// one), by an answer or a move. A screen still asking the question closes it.
    UndoSettled,
    /// The opponent offers a rematch with the colours swapped.
    RematchOffered,
    /// Whether this player's own rematch offer waits for the other player's answer:
    /// `true` once the table holds it, `false` once it no longer does (declined; a
    /// rematch taken comes as [`News::Game`] instead).
    RematchWaiting(bool),
    /// The opponent got up from the table: no rematch, and nobody reads a message.
    OpponentLeft,
    /// This player resigned: the game ends (the session's rule, [`crate::session::Course`]).
    Resigned(crate::rules::Player),
    /// The game stopped before a full board without an ending (a player left): this
    /// line says how, and no more stones are placed.
    Stopped(super::Message),
    /// The table adjourned the game (its mover sent nothing for the idle time-out): the
    /// screen goes back to the lobby, which shows this line.
    Adjourned(super::Message),
    /// A line for the status line (an answer, a switch turned, a player away).
    Note(super::Message),
    /// A line a player said at the table (`name: text`, this player's own too): it
    /// stays on the status line until this player's next key, whatever comes after
    /// it, and the last few are shown again while a reply is typed.
    Chat(super::Message),
    /// A line said at the table before this screen opened, which its player saw
    /// already (on another screen, or before the server restarted): shown again among
    /// the lines shown while a reply is typed, never on the status line.
    Earlier(super::Message),
    /// The line about the game's time, told before as `was`, with only its time left
    /// moved (a correspondence board's minute, a dropped player's countdown): it takes
    /// the status line's place only while that shows `was` or nothing, never over a
    /// newer message (the opponent's chat line, an answer), and is no new message: a
    /// view that says each message once (the line mode) does not say it.
    TimeLeft {
        /// The line as last told.
        was: super::Message,
        /// The line now.
        now: super::Message,
    },
    /// The line about a correspondence game's time as it is now (whose move, the time
    /// left), sent with each new one, refresh or not: kept to be read out on request
    /// (the line mode's `clock`), never shown by itself.
    TimeLine(super::Message),
    /// Whether the other player is away from the live game in play (their link
    /// dropped, or they left it adjourned): leaving then adjourns it, losing nothing.
    OpponentAway(bool),
    /// How many watch the game now.
    Watching(usize),
    /// Whether the table's game is on disk now (`false`: its last write failed).
    Saved(bool),
    /// It is this player's move now, and their bell is on.
    Bell,
}

/// A terminal that can ring its bell (a served session's, on "your move").
pub(crate) trait Bell {
    /// Rings the bell (BEL); a terminal without one does nothing.
    fn ring(&mut self) -> std::io::Result<()>;

    /// Writes what tells the player it is their move ([`super::alert::Alerts::bytes`]:
    /// a bell, a notification's escape sequence). A terminal that takes only the bell
    /// rings it when the bytes hold one.
    fn alert(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        if bytes.contains(&0x07) {
            self.ring()
        } else {
            Ok(())
        }
    }

    /// What is known of the terminal, for the notifications' protocol: nothing, unless
    /// the backend was told (a served client's `TERM`).
    fn terminal_env(&self) -> super::alert::TerminalEnv {
        super::alert::TerminalEnv::default()
    }

    /// Called before each frame: `true` when the screen must be cleared and drawn
    /// whole, as what is shown sits at another place in the window (a served screen
    /// centred in a window larger than it draws). A local terminal never moves it.
    fn placed_anew(&mut self) -> bool {
        false
    }

    /// `Ctrl-z`: stops the program as a shell's job, if this terminal can (the local
    /// one); `true` once it is continued, and the screen must be drawn whole again.
    fn suspend(&mut self) -> bool {
        false
    }
}

impl<W: Write> Bell for CrosstermBackend<W> {
    fn ring(&mut self) -> std::io::Result<()> {
        self.write_all(b"\x07")?;
        self.flush()
    }

    fn alert(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.write_all(bytes)?;
        self.flush()
    }

    fn suspend(&mut self) -> bool {
        super::terminal::suspend()
    }
}

impl Bell for TestBackend {
    fn ring(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
