//! The clocks and how a game ends before a full board: a flag fallen, a
//! resignation asked and made, and the ending a served table decides.

use crate::record::Termination;
use crate::rules::Player;
use crate::session::{EndError, Ending};
use crate::strings::message;
use crate::strings::table::{self, Who};

use super::super::effect::{Effect, Effects};
use super::super::message::{Message, MessageKind};
use super::super::question::{Overlay, Question};
use super::App;

impl App {
    /// Keeps the clocks in step with the board: the turn of the player to move runs
    /// from now while the game is on (and not offered for a swap), else they stop.
    pub(super) fn sync_clock(&mut self) {
        let Some(now) = self.now else { return };
        let playing = !self.is_over() && self.overlay != Overlay::Question(Question::Resume);
        let len = self.game.len();
        if let Some(clock) = self.course.clock_mut() {
            clock.sync(len, now);
            if playing {
                clock.start(now);
            } else {
                clock.stop();
            }
        }
    }

    /// Ends the game on time if the flag of the player to move has fallen by now.
    pub(super) fn check_flag(&mut self) -> Effects {
        let Some(now) = self.now else {
            return Vec::new();
        };
        if self.is_over() {
            return Vec::new();
        }
        let Some(flagged) = self.course.clock().and_then(|c| c.flagged(now)) else {
            return Vec::new();
        };
        let effects = self
            .end(Termination::TimeForfeit, flagged)
            .unwrap_or_default();
        if let Some(clock) = self.course.clock_mut() {
            clock.fall();
        }
        effects
    }

    /// `R`: asks whether the person playing here resigns. In a game between two
    /// people at one keyboard, the player to move resigns.
    pub(super) fn ask_resign(&mut self) -> Effects {
        if self.is_over() {
            return self.refuse(message::NOTHING_TO_RESIGN);
        }
        match self.resigner() {
            Some(player) => self.ask(Question::Resign(player)),
            None => self.refuse(message::NO_ONE_TO_RESIGN),
        }
    }

    /// Who `R` resigns for: the one person playing at this keyboard, or the player to
    /// move when both are; nobody when only AIs (or remote players) play.
    pub(super) fn resigner(&self) -> Option<Player> {
        let here = |p: Player| self.config.is_human(p) && !self.is_remote(p);
        match (here(Player::Blue), here(Player::Yellow)) {
            (true, true) => Some(self.game.to_move()),
            (true, false) => Some(Player::Blue),
            (false, true) => Some(Player::Yellow),
            (false, false) => None,
        }
    }

    /// Ends the game early by `termination`, `loser` losing (a resignation, a flag
    /// fallen, a win claimed after a disconnect): the rule is the session's. The
    /// clocks stop where they stand: the mover's thinking on the turn under way counts,
    /// on the ended screen and in the record's `TurnUsed`. The game is kept in the
    /// history and the autosave cleared, as at a full board.
    pub fn end(&mut self, termination: Termination, loser: Player) -> Result<Effects, EndError> {
        // `Course::end` stops the clock without charging the turn (a resigner's clock
        // went back to their last move): pause it at now first, which charges it.
        if let (Some(now), Some(clock)) = (self.now, self.course.clock_mut()) {
            clock.pause(now);
        }
        let ending: Ending = match self.course.end(&self.game, termination, loser) {
            Ok(ending) => ending,
            Err(error) => {
                // Refused: the game goes on, its clock running again from the pause.
                self.sync_clock();
                return Err(error);
            }
        };
        self.changed();
        self.overlay = Overlay::None;
        self.set_message(self.ending_message(ending), false);
        Ok(self.archive_if_over(vec![Effect::Autosave, Effect::Redraw]))
    }

    /// How an early ending is said on the status row: by the players' names
    /// ([`App::ending_words`]), by colour where the names leave it no room (s40: at
    /// 44×16 `alexandrapetrova wins: bartholomewjones resigned`, 48 columns, was a box
    /// over the final position, and the turn line had no room to name `r review`
    /// beside it). A player's own seat is `You` in either (as the turn line's
    /// wording by colour says it).
    pub(crate) fn ending_message(&self, ending: Ending) -> Message {
        let named = self.ending_words(ending);
        let colours = Player::BOTH.map(|player| player.to_string());
        let mut by_colour = Who::both(&colours);
        if let Some(mine) = self.own_seat() {
            by_colour[mine.index()] = Who::You;
        }
        let by_colour = table::named_ending(ending, by_colour);
        if by_colour == named {
            Message::new(MessageKind::Info, named)
        } else {
            Message::with_short(MessageKind::Info, named, by_colour)
        }
    }

    /// Follows the clocks and early ending of a game shared with other screens (a
    /// table of `hijara serve`, whose server decides): an ending that is new here is
    /// said as if it happened here.
    pub fn follow_course(&mut self, course: crate::session::Course) -> Effects {
        let new_ending = course.ending().filter(|_| self.ending().is_none());
        let changed = course != self.course;
        self.course = course;
        if let Some(ending) = new_ending {
            self.changed();
            self.overlay = Overlay::None;
            self.set_message(self.ending_message(ending), false);
            return self.archive_if_over(vec![
                Effect::Autosave,
                Effect::RestartTimer,
                Effect::Redraw,
            ]);
        }
        if changed {
            vec![Effect::RestartTimer, Effect::Redraw]
        } else {
            Vec::new()
        }
    }
}
