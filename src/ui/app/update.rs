//! How inputs and AI replies change a game on screen, and the effects that follow.

use ratatui::layout::Rect;

use crate::rules::{Game, Move, Square};
use crate::strings::message;

use super::super::ai_worker::{AiJob, AiReply};
use super::super::cursor::{Cursor, Pointed};
use super::super::effect::{Effect, Effects, Input};
use super::super::keymap::{self, Action};
use super::super::message::{Message, MessageKind};
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
        self.ask_ai_seat(effects)
    }

    /// Handles one input.
    pub fn handle(&mut self, input: Input) -> Effects {
        let effects = match input {
            Input::Key(key) => {
                if self
                    .message
                    .as_ref()
                    .is_some_and(|m| !m.fits(self.area.width))
                {
                    // A message too long for the status line sat in a box over the board.
                    self.message = None;
                }
                match keymap::action(key, self.key_context()) {
                    Some(action) => self.apply(action),
                    None => {
                        let _ = self.cursor.apply(Action::No);
                        self.refuse(message::UNKNOWN_KEY)
                    }
                }
            }
            Input::Resize(width, height) => {
                self.area = Rect::new(0, 0, width, height);
                vec![Effect::Redraw]
            }
            Input::Click(square) => self.click(square),
            Input::Tick => {
                if self.ai.waiting().is_none() {
                    return Vec::new();
                }
                self.spinner = self.spinner.wrapping_add(1);
                vec![Effect::Redraw]
            }
        };
        self.ask_ai_seat(effects)
    }

    fn click(&mut self, square: Option<Square>) -> Effects {
        match (self.overlay, square) {
            (Overlay::Help, _) => {
                self.overlay = Overlay::None;
                vec![Effect::Redraw]
            }
            (Overlay::None, Some(square)) => self.place(square),
            _ => Vec::new(),
        }
    }

    /// Carries out one action, as a key would.
    pub fn apply(&mut self, action: Action) -> Effects {
        match self.cursor.apply(action) {
            Pointed::Moved(None) => return vec![Effect::Redraw],
            Pointed::Moved(Some(letter)) => {
                return self.say(MessageKind::Info, message::type_the_row(letter));
            }
            Pointed::Square(square) => return self.place(square),
            Pointed::LoneDigit => return self.refuse(message::TYPE_A_SQUARE),
            Pointed::Other => {}
        }
        match action {
            Action::ForceQuit => self.quit(),
            Action::Yes => self.answer(true),
            Action::No => self.answer(false),
            Action::Help => {
                self.overlay = Overlay::Help;
                vec![Effect::Redraw]
            }
            Action::Quit if self.in_progress() => self.ask(Question::Quit),
            Action::Quit => self.quit(),
            Action::NewGame if self.in_progress() => self.ask(Question::NewGame),
            Action::NewGame => self.new_game(),
            Action::Place => self.place(self.cursor.square()),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Hint => self.ask_hint(),
            Action::Save => vec![Effect::Save, Effect::Redraw],
            Action::Review if self.game.is_over() => vec![Effect::Review],
            Action::Review => self.refuse(message::REVIEW_AFTER_THE_GAME),
            // Cursor keys are handled above; the replay viewer's never reach a game.
            _ => Vec::new(),
        }
    }

    fn quit(&mut self) -> Effects {
        self.quit = true;
        vec![Effect::Quit]
    }

    fn ask(&mut self, question: Question) -> Effects {
        self.overlay = Overlay::Question(question);
        vec![Effect::Redraw]
    }

    /// Shows a message, and asks for a redraw.
    fn say(&mut self, kind: MessageKind, text: impl Into<String>) -> Effects {
        self.message = Some(Message::new(kind, text));
        vec![Effect::Redraw]
    }

    fn refuse(&mut self, text: impl Into<String>) -> Effects {
        self.say(MessageKind::Error, text)
    }

    fn answer(&mut self, yes: bool) -> Effects {
        let overlay = std::mem::replace(&mut self.overlay, Overlay::None);
        match (overlay, yes) {
            (Overlay::Question(Question::Quit), true) => self.quit(),
            (Overlay::Question(Question::NewGame), true) => self.new_game(),
            (Overlay::Question(Question::Resume), yes) => match self.resume_offer.take() {
                Some((config, game)) if yes => {
                    self.config = config;
                    self.game = game;
                    if let Some(last) = self.game.last() {
                        self.cursor.set(last.square());
                    }
                    self.changed();
                    let text = message::resumed(self.game.to_move());
                    let _ = self.say(MessageKind::Info, text);
                    // Not a change to save: the autosave already holds this game.
                    vec![Effect::ResumedAutosave, Effect::Redraw]
                }
                _ => self.say(MessageKind::Info, message::NEW_INSTEAD_OF_RESUME),
            },
            _ => vec![Effect::Redraw],
        }
    }

    /// Forgets any AI request in flight: its reply will carry an old tag.
    fn changed(&mut self) {
        self.ai.reset();
        self.hint = None;
    }

    fn new_game(&mut self) -> Effects {
        self.game = Game::new();
        self.cursor = Cursor::default();
        self.changed();
        let _ = self.say(MessageKind::Info, message::NEW_GAME);
        vec![Effect::Autosave, Effect::Redraw]
    }

    /// A person places a stone on `square` for the player to move.
    fn place(&mut self, square: Square) -> Effects {
        self.cursor.set(square);
        if self.game.is_over() {
            return self.refuse(message::GAME_OVER);
        }
        let mover = self.game.to_move();
        if !self.config.is_human(mover) {
            return self.refuse(message::wait_for(mover, self.config.seat(mover)));
        }
        self.play(square)
    }

    /// Plays `square` for the player to move, whoever it is.
    fn play(&mut self, square: Move) -> Effects {
        match self.game.play(square) {
            Ok(placement) => {
                self.changed();
                self.message = Some(Message::placement(&placement));
                vec![Effect::Autosave, Effect::Redraw]
            }
            Err(_) => self.refuse(message::full(square)),
        }
    }

    /// Undo and redo go by turns: against the AI, a person's move and the AI's reply.
    fn undo(&mut self) -> Effects {
        let count = self.config.undo_turn(&mut self.game);
        if count == 0 {
            return self.refuse(message::NOTHING_TO_UNDO);
        }
        self.changed();
        if let Some(last) = self.game.last() {
            self.cursor.set(last.square());
        }
        let _ = self.say(MessageKind::Info, message::took_back(count));
        vec![Effect::Autosave, Effect::Redraw]
    }

    fn redo(&mut self) -> Effects {
        let Some(last) = self.config.redo_turn(&mut self.game) else {
            return self.refuse(message::NOTHING_TO_REDO);
        };
        self.changed();
        self.cursor.set(last.square());
        self.message = Some(Message::placement(&last));
        vec![Effect::Autosave, Effect::Redraw]
    }

    fn ask_hint(&mut self) -> Effects {
        if self.game.is_over() {
            return self.refuse(message::NO_HINT);
        }
        let mover = self.game.to_move();
        if !self.config.is_human(mover) {
            return self.refuse(message::wait(mover));
        }
        if self.ai.waiting() == Some(AiJob::Hint) {
            return Vec::new();
        }
        self.hint = None;
        let _ = self.say(MessageKind::Info, message::HINT_THINKING);
        let request = self.ai.ask_hint(&self.config, &self.game);
        vec![Effect::AskAi(request), Effect::Redraw]
    }

    /// Adds the request for an AI seat whose turn it is, once per turn; none in a game
    /// that may yet be swapped for the autosaved one, or that has quit.
    fn ask_ai_seat(&mut self, mut effects: Effects) -> Effects {
        if self.quit || self.overlay == Overlay::Question(Question::Resume) {
            return effects;
        }
        if let Some(request) = self.ai.ask_seat(&self.config, &self.game) {
            effects.extend([Effect::AskAi(request), Effect::Redraw]);
        }
        effects
    }

    /// Takes the AI worker's answer. A reply to an outdated request is ignored.
    pub fn on_ai_reply(&mut self, reply: AiReply) -> Effects {
        if !self.ai.accept(&reply) {
            return Vec::new();
        }
        let effects = match (reply.job, reply.mv) {
            (AiJob::Move, Some(mv)) if self.game.position().next_section(mv).is_some() => {
                self.play(mv)
            }
            (AiJob::Move, _) => {
                // Asking again would loop: wait for the players to undo or start over.
                self.ai.stall();
                self.refuse(message::AI_STALLED)
            }
            (AiJob::Hint, Some(mv)) => {
                self.hint = Some(mv);
                self.cursor.set(mv);
                self.say(MessageKind::Info, message::hint(mv))
            }
            (AiJob::Hint, None) => vec![Effect::Redraw],
        };
        self.ask_ai_seat(effects)
    }
}
