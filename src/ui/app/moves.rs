//! The stones on the board: a person's move, a move made at another terminal, undo
//! and redo by turns, a new game, and the AI's turn and hints (asked of the worker,
//! its replies taken).

use crate::rules::{ClaimState, Move, Player, Square};
use crate::strings::message;

use super::super::ai_worker::{AiJob, AiReply};
use super::super::cursor::Cursor;
use super::super::effect::{Effect, Effects};
use super::super::message::{Keyed, Message, MessageKind, Unclaimed};
use super::super::question::{Overlay, Question};
use super::App;

impl App {
    /// The effects of opening the game: a loaded game in progress is autosaved from
    /// the start, and an AI to move is asked.
    pub fn start(&mut self) -> Effects {
        let mut effects = vec![Effect::Redraw];
        if self.in_progress() {
            effects.push(Effect::Autosave);
        }
        self.sync_clock();
        self.ask_ai_seat(effects)
    }

    /// Plays the move made at another terminal for its seat (a game over the network).
    pub fn remote_move(&mut self, mv: Move) -> Effects {
        let effects = self.play(mv);
        self.reword_leave_question();
        effects
    }

    /// Forgets any AI request in flight (its reply will carry an old tag), and any
    /// claim being typed or AI move held for one.
    pub(super) fn changed(&mut self) {
        self.ai.reset();
        self.hint = None;
        self.claim_entry = None;
        self.go_on = false;
        self.held = None;
        self.kept_claim_open = None;
    }

    pub(super) fn new_game(&mut self) -> Effects {
        self.game = self.config.new_game();
        self.course = self.config.new_course();
        self.sync_clock();
        self.cursor = Cursor::default();
        self.changed();
        let _ = self.say_keyed(MessageKind::Info, Keyed::NewGame);
        vec![Effect::Autosave, Effect::Redraw]
    }

    /// A rematch with the sides swapped (`w` at the end): each seat's player, and
    /// their name, takes the other colour, and a new game starts. Against the AI the
    /// person plays the other colour; at one keyboard, the player who was Yellow
    /// moves first.
    pub(super) fn swap_rematch(&mut self) -> Effects {
        self.config.seats.swap(0, 1);
        let swapped = std::mem::take(&mut self.people).swapped();
        self.seat_people(swapped);
        let mut effects = vec![Effect::PeopleSeated];
        effects.extend(self.new_game());
        let said = match (
            Player::BOTH.map(|p| self.config.is_human(p)),
            self.people.of(Player::Blue).map(crate::text::safe_text),
            self.people.of(Player::Yellow).map(crate::text::safe_text),
        ) {
            ([true, true], Some(blue), Some(yellow)) => message::swapped_named(&blue, &yellow),
            ([true, true], ..) => message::SWAPPED_HOT_SEAT.to_owned(),
            ([true, false], ..) => message::swapped_against_ai(Player::Blue),
            ([false, true], ..) => message::swapped_against_ai(Player::Yellow),
            ([false, false], ..) => message::SWAPPED_AIS.to_owned(),
        };
        // Where the whole line does not fit (a long name at 44 columns), the short.
        self.set_message(
            Message::with_short(MessageKind::Info, said, message::SWAPPED_SHORT.to_owned()),
            false,
        );
        effects
    }

    /// A person places a stone on `square` for the player to move.
    pub(super) fn place(&mut self, square: Square) -> Effects {
        self.cursor.set(square);
        // A spectator places no stone, the game over or not: "Wait: Blue plays at
        // another terminal" told them to wait for a turn that never comes.
        if self.spectating() {
            return self.refuse_keyed(Keyed::Spectating);
        }
        if self.at_table() && (self.is_over() || self.stopped().is_some()) {
            return self.refuse_keyed(self.table_over());
        }
        if self.is_served() && (self.is_over() || self.stopped().is_some()) {
            return self.refuse_keyed(Keyed::TableOverAi);
        }
        if self.is_over() {
            return self.refuse_keyed(self.game_over_keyed());
        }
        let mover = self.game.to_move();
        if self.awaits_claim() {
            return self.refuse_keyed(Keyed::GoOn(self.claim_refusal().is_none()));
        }
        if !self.config.is_human(mover) {
            return self.refuse(message::wait_for(mover, self.config.seat(mover)));
        }
        if self.is_remote(mover) {
            let said = match self.player_names() {
                // Away: no use waiting on their move at another terminal.
                Some(names) if self.opponent_away() => Message::keyed(
                    MessageKind::Error,
                    Keyed::WaitAway(names[mover.index()].clone(), mover),
                ),
                // Named with the colour where it fits; by name alone narrower (s34:
                // by colour alone on a narrow screen).
                Some(names) => {
                    let name = &names[mover.index()];
                    Message {
                        middle: vec![message::wait_for_remote(name)],
                        ..Message::with_short(
                            MessageKind::Error,
                            message::wait_for_remote_named(name, mover),
                            message::wait_for_turn(name),
                        )
                    }
                }
                None => Message::new(MessageKind::Error, message::wait_for_remote(mover)),
            };
            self.set_message(said, false);
            return vec![Effect::Redraw];
        }
        self.play(square)
    }

    /// Plays `square` for the player to move, whoever it is. In a claim game an AI
    /// claims its stone's points in full at once, and the message says what the
    /// stone before went without, if it went unclaimed.
    pub(super) fn play(&mut self, square: Move) -> Effects {
        let flag = self.check_flag();
        if !flag.is_empty() {
            return flag;
        }
        let before = self.last_move().map(|(p, state)| (*p, state));
        let len_before = self.game.len();
        match self.game.play(square) {
            Ok(placement) => {
                // The mover's clock stops with the time left plus the increment (none
                // on the move that fills the board: `Course::moved`); the opponent's
                // starts (claims are made on the opponent's time).
                if let (Some(now), Some(clock)) = (self.now, self.course.clock_mut()) {
                    clock.sync(len_before, now);
                    let _ = self.course.moved(&self.game, now);
                }
                self.sync_clock();
                self.changed();
                let index = self.game.len() - 1;
                if self.game.claim_mode()
                    && placement.points > 0
                    && !self.config.is_human(placement.player)
                {
                    // A claim of the stone's own points always matches (all its combinations).
                    let _ = self.game.claim(placement.points);
                }
                let unclaimed = before
                    .filter(|(p, state)| *state == Some(ClaimState::Pending) && p.points > 0)
                    .map(|(p, _)| p);
                // An AI's stone that scored nothing has nothing to claim: said plainly.
                let state = self.game.claim_state(index).filter(|s| {
                    self.config.is_human(placement.player) || *s != ClaimState::Pending
                });
                let remote = self.is_remote(placement.player);
                // At a table by the players' names (s34: by colour alone), this
                // screen's player in the second person (s35).
                let names = self.seated_said();
                // The other player's stone (at another terminal, or the AI's), come to
                // the player at this keyboard to move: news that must not take the Enter
                // meant for their move (qa46 B).
                let mover = self.game.to_move();
                let news = (remote || !self.config.is_human(placement.player))
                    && !self.game.is_over()
                    && self.config.is_human(mover)
                    && !self.is_remote(mover);
                let unclaimed = match unclaimed.as_ref() {
                    Some(earlier) if news => Unclaimed::News(earlier),
                    Some(earlier) => Unclaimed::Whole(earlier),
                    None => Unclaimed::None,
                };
                let played = Message::played_at(&placement, state, unclaimed, remote, names);
                self.set_message(played, true);
                vec![Effect::Autosave, Effect::RestartTimer, Effect::Redraw]
            }
            Err(_) => self.refuse(message::full(square)),
        }
    }

    /// Undo and redo go by turns: against the AI, a person's move and the AI's reply.
    pub(super) fn undo(&mut self) -> Effects {
        let count = self.config.undo_turn(&mut self.game);
        if count == 0 {
            return self.refuse(message::NOTHING_TO_UNDO);
        }
        // Taking a move back plays on: an early ending goes with it, and the clocks
        // are those after the earlier move.
        self.course.clear_ending();
        self.sync_clock();
        self.changed();
        if let Some(last) = self.game.last() {
            self.cursor.set(last.square());
        }
        let _ = self.say_keyed(MessageKind::Info, Keyed::TookBack(count));
        vec![Effect::Autosave, Effect::RestartTimer, Effect::Redraw]
    }

    pub(super) fn redo(&mut self) -> Effects {
        if self.ending().is_some() {
            return self.refuse_keyed(self.game_over_keyed());
        }
        let Some(last) = self.config.redo_turn(&mut self.game) else {
            return self.refuse(message::NOTHING_TO_REDO);
        };
        self.sync_clock();
        self.changed();
        self.cursor.set(last.square());
        let state = self
            .game
            .claim_state(self.game.len() - 1)
            .filter(|s| self.config.is_human(last.player) || *s != ClaimState::Pending);
        // By the people's names where they have them, as the move was said.
        let played = Message::played_at(&last, state, Unclaimed::None, false, self.seated_said());
        self.set_message(played, true);
        vec![Effect::Autosave, Effect::RestartTimer, Effect::Redraw]
    }

    pub(super) fn ask_hint(&mut self) -> Effects {
        if self.is_over() {
            return self.refuse(message::NO_HINT);
        }
        // The AI waits for the person's claim (Enter lets it play): it is not thinking.
        if self.awaits_claim() {
            return self.refuse_keyed(Keyed::GoOn(self.claim_refusal().is_none()));
        }
        let mover = self.game.to_move();
        if !self.config.is_human(mover) {
            return self.refuse(message::wait(mover));
        }
        if self.ai.waiting() == Some(AiJob::Hint) {
            return Vec::new();
        }
        self.hint = None;
        let _ = self.say_keyed(MessageKind::Info, Keyed::HintThinking);
        let request = self.ai.ask_hint(&self.config, &self.game);
        vec![Effect::AskAi(request), Effect::Redraw]
    }

    /// Adds the request for an AI seat whose turn it is, once per turn; none in a game
    /// that may yet be swapped for the autosaved one, or that has quit.
    pub(super) fn ask_ai_seat(&mut self, mut effects: Effects) -> Effects {
        // An AI seat played at another terminal (a spectator's view of a game against
        // the server's AI) is not run here.
        if self.quit.is_some()
            || self.is_remote(self.game.to_move())
            || self.overlay == Overlay::Question(Question::Resume)
            || self.held.is_some()
            || self.ending().is_some()
        {
            return effects;
        }
        // Under a clock the AI thinks for a share of its time left, never more than
        // the thinking time set (`--think-ms`).
        let mut config = self.config;
        if let Some(left) = self.clock_left(self.game.to_move())
            && let Some(budget) = self.ai_share(left)
        {
            let ms = u64::try_from(budget.as_millis()).unwrap_or(u64::MAX).max(1);
            config.think_ms = Some(config.think_ms.map_or(ms, |set| set.min(ms)));
        }
        if let Some(request) = self.ai.ask_seat(&config, &self.game) {
            effects.extend([Effect::AskAi(request), Effect::Redraw]);
        }
        effects
    }

    /// Takes the AI worker's answer. A reply to an outdated request is ignored.
    pub fn on_ai_reply(&mut self, reply: AiReply) -> Effects {
        let flag = self.check_flag();
        if !flag.is_empty() {
            return flag;
        }
        if !self.ai.accept(&reply) {
            return Vec::new();
        }
        let effects = match (reply.job, reply.mv) {
            (AiJob::Move, Some(mv))
                if self.awaits_claim() && self.game.position().next_section(mv).is_some() =>
            {
                // Played when the person has claimed or let the AI play on (Enter).
                self.held = Some(mv);
                vec![Effect::Redraw]
            }
            (AiJob::Move, Some(mv)) if self.game.position().next_section(mv).is_some() => {
                let mut effects = self.play(mv);
                // A person plays next: tell them (a table's own bell tells a served one).
                if !self.is_over() && self.config.is_human(self.game.to_move()) && !self.is_served()
                {
                    effects.push(Effect::YourMove);
                }
                effects
            }
            (AiJob::Move, _) => {
                // Asking again would loop: wait for the players to undo or start over.
                self.ai.stall();
                self.refuse_keyed(Keyed::AiStalled)
            }
            (AiJob::Hint, Some(mv)) => {
                self.hint = Some(mv);
                self.cursor.set(mv);
                self.say_keyed(MessageKind::Info, Keyed::Hint(mv))
            }
            (AiJob::Hint, None) => vec![Effect::Redraw],
        };
        let effects = self.ask_ai_seat(effects);
        self.archive_if_over(effects)
    }

    /// Adds [`Effect::Archive`] after a change that leaves the game over (the last
    /// move, a redo to the end, a claim that ends it): the storage keeps each finished
    /// game once, so an undo and redo back to the same end writes nothing new.
    pub(super) fn archive_if_over(&self, mut effects: Effects) -> Effects {
        // Before the autosave is cleared, so a crash in between cannot lose the game.
        if self.is_over()
            && let Some(at) = effects.iter().position(|e| *e == Effect::Autosave)
        {
            effects.insert(at, Effect::Archive);
        }
        effects
    }
}
