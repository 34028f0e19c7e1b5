//! What a served session (`hijara serve`) brings to the one event loop: the server's
//! lobby as a screen ([`Lobby`]), a game's link to its table ([`Link`]), what a player
//! asks of the table ([`Request`]) and what the table tells a screen ([`News`]).
//!
//! The ui knows these as traits and plain values; the server implements them, so the
//! ui never reaches into the server and the loop stays the only loop.

use std::fmt::Debug;
use std::io::Write;

use ratatui::backend::{CrosstermBackend, TestBackend};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::rules::{Game, Move};

use super::app::App;
use super::effect::{Effects, Input};
use super::theme::Theme;

/// The server's lobby as a screen of the one loop. Its keys may open a game: it says
/// so with [`super::Effect::Open`], and the loop takes the game with [`Lobby::take_game`].
pub(crate) trait Lobby: Debug {
    /// Handles one input (keys, resizes, the idle timer's tick).
    fn handle(&mut self, input: Input) -> Effects;
    /// The shared state changed (a [`super::Wake::Linked`]): redraw, or open the game
    /// an opponent just sat down at.
    fn linked(&mut self) -> Effects;
    /// Draws the lobby.
    fn render(&self, area: Rect, buf: &mut Buffer);
    /// The colours chosen in the lobby, for every screen of the session.
    fn theme(&self) -> Theme;
    /// The area last sized to.
    fn area(&self) -> Rect;
    /// How long until the lobby wants an [`Input::Tick`] (its idle time-out).
    fn tick_every(&self) -> Option<std::time::Duration>;
    /// The game asked for by [`super::Effect::Open`], with its link to a table.
    fn take_game(&mut self) -> Option<(App, Option<Box<dyn Link>>)>;
    /// Back in the lobby from a game.
    fn back(&mut self) -> Effects;
    /// Whether the lobby waits at a table for an opponent: table news is then
    /// taken at once, not gathered for [`LOBBY_NEWS_EVERY`].
    fn waiting(&self) -> bool;
    /// The replay viewer asked for by [`super::Effect::Open`] (a finished game),
    /// rather than a game; `q` in it comes back to the lobby.
    fn take_replay(&mut self) -> Option<super::replay::ReplayState> {
        None
    }
    /// Whether the lobby wants the terminal's bell now (a correspondence game came to
    /// this player's move); asked after each of its inputs and news.
    fn take_bell(&mut self) -> bool {
        false
    }
}

/// Table news redraws a lobby at most this often: with many lobbies open, each
/// move would otherwise redraw every one of them (at 500 sessions and 9 tables,
/// 59% of a core went to lobby redraws).
pub(crate) const LOBBY_NEWS_EVERY: std::time::Duration = std::time::Duration::from_millis(500);

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

    /// The shared game's clocks and early ending, which decide over the screen's own
    /// (a table's clocks run on the server); `None` to keep the screen's.
    fn course(&mut self) -> Option<crate::session::Course> {
        None
    }
}

/// What a player at a table asks of it, beyond their moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Request {
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
    },
    /// The opponent asks to take back moves: the player answers yes or no.
    UndoAsked,
    /// The opponent offers a rematch with the colours swapped.
    RematchOffered,
    /// This player resigned: the game ends (the session's rule, [`crate::session::Course`]).
    Resigned(crate::rules::Player),
    /// The game stopped before a full board without an ending (a player left): this
    /// line says how, and no more stones are placed.
    Stopped(String),
    /// A line for the status line (a message, an answer, a switch turned).
    Note(String),
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
}

impl<W: Write> Bell for CrosstermBackend<W> {
    fn ring(&mut self) -> std::io::Result<()> {
        self.write_all(b"\x07")?;
        self.flush()
    }
}

impl Bell for TestBackend {
    fn ring(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
