//! The yes/no questions a game asks, and what is drawn over the board.

use crate::ai::Seat;
use crate::rules::{Game, Player};
use crate::session::GameConfig;
use crate::strings::{question, table};

/// A yes/no question on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Question {
    /// Quit the game in progress?
    Quit,
    /// Abandon the game in progress for a new one?
    NewGame,
    /// Continue the autosaved game found at start-up, or start a new one?
    Resume,
    /// This player resigns the game in progress?
    Resign(Player),
    /// At a server table: the other player asks to take back their last move.
    UndoAsked,
    /// At a server table: the other player offers a rematch, colours swapped.
    Rematch,
    /// At a server table: leave the game in progress?
    Leave,
    /// Against the server's AI at a table: leave the game in progress? `kept`: the
    /// server has it on disk (its last write succeeded), so the question may say so.
    LeaveAi {
        /// The table's last write succeeded.
        kept: bool,
    },
}

impl Question {
    /// The whole question: whether quitting keeps the game (`autosaved`; if not, the
    /// question says so and offers `s`), the autosaved game offered and the seats of
    /// the new game offered instead (`new_seats`) change the wording.
    pub fn text(
        self,
        autosaved: bool,
        offer: Option<&(GameConfig, Game)>,
        new_seats: [Seat; 2],
    ) -> String {
        match (self, offer) {
            (Question::Quit, _) if autosaved => question::QUIT_AUTOSAVED.to_owned(),
            (Question::Quit, _) => question::QUIT_NOT_KEPT.to_owned(),
            (Question::NewGame, _) => question::NEW_GAME.to_owned(),
            (Question::Resume, Some((config, game))) => {
                question::resume(config.seats, game, new_seats)
            }
            (Question::Resume, None) => question::RESUME.to_owned(),
            (Question::Resign(player), _) => question::resign(player),
            (Question::UndoAsked, _) => table::UNDO_ASKED.to_owned(),
            (Question::Rematch, _) => table::REMATCH.to_owned(),
            (Question::Leave, _) => table::LEAVE.to_owned(),
            (Question::LeaveAi { kept: true }, _) => table::LEAVE_KEPT.to_owned(),
            (Question::LeaveAi { kept: false }, _) => table::LEAVE_NOT_KEPT.to_owned(),
        }
    }

    /// The wordings for the status line under the question's box, longest first: the
    /// whole question, then shorter ones, the last being the answers alone.
    pub fn status_wordings(
        self,
        autosaved: bool,
        offer: Option<&(GameConfig, Game)>,
        new_seats: [Seat; 2],
    ) -> Vec<String> {
        let mut wordings = vec![self.text(autosaved, offer, new_seats)];
        match (self, offer) {
            (Question::Quit, _) if autosaved => {
                wordings.push(question::QUIT_AUTOSAVED_SHORT.to_owned())
            }
            (Question::Quit, _) => wordings.push(question::QUIT_NOT_KEPT_SHORT.to_owned()),
            (Question::Resume, Some((_, game))) => {
                wordings.push(question::resume_short(game, new_seats));
                wordings.push(question::resume_answers(new_seats));
            }
            _ => {}
        }
        wordings.push(
            match self {
                Question::Quit => question::QUIT_ANSWERS,
                Question::NewGame => question::NEW_GAME_ANSWERS,
                Question::Resume => question::RESUME_ANSWERS,
                Question::Resign(_) => question::RESIGN_ANSWERS,
                Question::UndoAsked => table::UNDO_ASKED_ANSWERS,
                Question::Rematch => table::REMATCH_ANSWERS,
                Question::Leave | Question::LeaveAi { .. } => table::LEAVE_ANSWERS,
            }
            .to_owned(),
        );
        wordings
    }
}

/// What is drawn over the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing: the board has the keys.
    None,
    /// The help.
    Help,
    /// A yes/no question.
    Question(Question),
}

/// The first of `wordings` that fits in `width` columns, else the last.
pub(crate) fn fitting(wordings: &[String], width: u16) -> &str {
    crate::text::first_fitting(wordings.iter().map(String::as_str), usize::from(width))
        .or(wordings.last().map(String::as_str))
        .unwrap_or("")
}
