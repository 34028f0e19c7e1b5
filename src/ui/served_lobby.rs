//! The server's lobby as a screen of the one event loop ([`Lobby`]): the ui knows it
//! as a trait, which the server implements, so the ui never reaches into the server
//! and the loop stays the only loop.

use std::fmt::Debug;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::app::App;
use super::effect::{Effects, Input};
use super::keymap::KeyContext;
use super::look::Look;
use super::table_link::Link;

/// What became of the server's review of a finished game a replay waits for.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ServedReview {
    /// Made and kept: each position's value.
    Made(Vec<crate::review::PositionValue>),
    /// The reviewer is done with it, and there is none to show: it could not be made
    /// or kept (the write failed, the record does not read).
    NotMade,
}

/// The server's lobby as a screen of the one loop. Its keys may open a game: it says
/// so with [`Effect::Open`](super::effect::Effect::Open), and the loop takes the game with [`Lobby::take_game`].
pub(crate) trait Lobby: Debug {
    /// Handles one input (keys, resizes, the idle timer's tick).
    fn handle(&mut self, input: Input) -> Effects;
    /// The shared state changed (a [`Wake::Linked`](super::inbox::Wake::Linked)): redraw, or open the game
    /// an opponent just sat down at.
    fn linked(&mut self) -> Effects;
    /// Draws the lobby.
    fn render(&self, area: Rect, buf: &mut Buffer);
    /// Where the lobby drawn in `drawn` puts its foot (its keys' hint lines and the
    /// note), in which a click on `? help` opens the help as the key does
    /// ([`super::navigation::Screen::status_help`]); `None` if it has none.
    fn status_area(&self, _drawn: Rect) -> Option<Rect> {
        None
    }
    /// The lobby as lines of text, as drawn (the line mode says those it did not say).
    fn lines(&self) -> Vec<String>;
    /// [`Lobby::lines`] as the line mode's `list` (or an empty line) reads them: without
    /// the note, which answered an earlier line and was said then.
    fn lines_again(&self) -> Vec<String> {
        self.lines()
    }
    /// [`Lobby::lines`] one for one, as the line mode weighs them for news: a line is
    /// said again only when its counterpart here changed (another player's table is
    /// news when it opens, closes or a seat is freed or taken, not at each move).
    fn as_news(&self) -> Vec<String> {
        self.lines()
    }
    /// The numbers of the tables listed to this player, on any page: one gone is said
    /// (`Table 3 closed.`).
    fn table_numbers(&self) -> Vec<usize> {
        Vec::new()
    }
    /// Whether the lobby's lines list the tables now (not a club screen's): while they
    /// do not, the line mode says no table opened or gone, and says them on the return
    /// to the list, each once.
    fn lists_tables(&self) -> bool {
        true
    }
    /// What became of table `number`, listed before and not in [`Lobby::table_numbers`]
    /// now: closed, or still there and listed to its players only (a correspondence
    /// game begun, a game adjourned).
    fn unlisted(&self, number: usize) -> String {
        crate::strings::line::table_closed(number)
    }
    /// Which keys apply now.
    fn key_context(&self) -> KeyContext;
    /// The colours and the board's characters chosen in the lobby, for every screen of
    /// the session.
    fn look(&self) -> Look;
    /// Whether "your move" is told by a desktop notification too (where the terminal
    /// says it is in the background), as chosen in the lobby.
    fn notify(&self) -> bool {
        true
    }
    /// Whether "your move" rings the bell, as switched (at a table, `B`).
    fn bell(&self) -> bool {
        true
    }
    /// The area last sized to.
    fn area(&self) -> Rect;
    /// The lobby was drawn (or said, in the line mode): a line to be told once is
    /// told now.
    fn shown(&mut self) {}
    /// How long until the lobby wants an [`Input::Tick`] (its idle time-out, or
    /// sooner to draw a changed time).
    fn tick_every(&self) -> Option<std::time::Duration>;
    /// How long a screen over the lobby (a game watched, one with nothing running)
    /// may be left alone before the session closes: the lobby's idle time-out.
    fn idle_limit(&self) -> Option<std::time::Duration> {
        self.tick_every()
    }
    /// The game asked for by [`Effect::Open`](super::effect::Effect::Open), with its link to a table.
    fn take_game(&mut self) -> Option<(App, Option<Box<dyn Link>>)>;
    /// Back in the lobby from a game.
    fn back(&mut self) -> Effects;
    /// A line for the lobby's status line, from the game just left (the table sent
    /// the screen back: [`News::Adjourned`](super::table_link::News::Adjourned)).
    fn tell(&mut self, _said: super::Message) {}
    /// The face the player asked for when they left the lobby to switch (`true`: the
    /// line mode), once; `None` when they left for good.
    fn face_asked(&mut self) -> Option<bool>;
    /// Whether the player is a guest (no key): nothing of theirs is kept.
    fn guest(&self) -> bool {
        false
    }
    /// The palette the terminal's background suggests, learnt as the full screen
    /// opens after the line mode: taken unless the player chose one.
    fn suggest_palette(&mut self, _palette: crate::prefs::Palette) {}
    /// The session ends because it was left alone past its idle limit (on a game
    /// watched or a screen with nothing running), for the server's log.
    fn idled(&mut self) {}
    /// Whether the lobby waits at a table for an opponent: table news is then
    /// taken at once, not gathered for [`LOBBY_NEWS_EVERY`].
    fn waiting(&self) -> bool;
    /// The replay viewer asked for by [`Effect::Open`](super::effect::Effect::Open) (a
    /// finished game), rather than a game; `q` in it comes back to the lobby.
    fn take_replay(&mut self) -> Option<super::replay::ReplayState> {
        None
    }
    /// The engine's review of the finished game shown in the replay viewer, once the
    /// server has made it: the viewer opened before it was, and the server woke the
    /// session when it was done. `None` until then, and after it was taken.
    fn take_review(&mut self) -> Option<ServedReview> {
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
