//! How a game on screen takes its input: a key turned into an action through the key
//! table (a served table's and a claim game's keys first), a click on a square, a
//! resize, the timer; the action carried out, a question answered.

use ratatui::layout::Rect;

use crate::record::Termination;
use crate::rules::Square;
use crate::session::ResumeOffer;
use crate::strings::{claim as claim_words, message};

use super::super::cursor::Pointed;
use super::super::effect::{Effect, Effects, Input};
use super::super::keymap::{self, Action, KeyContext};
use super::super::look::Look;
use super::super::message::{Keyed, Message, MessageKind};
use super::super::question::{Overlay, Question};
use super::App;

/// What a question's no was given by, to act on the board after it
/// ([`App::no_then_board`]).
#[derive(Debug, Clone, Copy)]
enum Under {
    /// A key: a column letter begins a square.
    Key(ratatui::crossterm::event::KeyEvent),
    /// A click on a square under the question.
    Square(Square),
}

impl App {
    /// Handles one input.
    pub fn handle(&mut self, input: Input) -> Effects {
        let mut flag = self.check_flag();
        let effects = self.handle_input(input);
        flag.extend(effects);
        // After the input's own autosave, if any: the last write holds the thinking.
        flag.extend(self.note_due());
        flag
    }

    pub(super) fn handle_input(&mut self, input: Input) -> Effects {
        let effects = match input {
            Input::Key(key) => {
                if self.enter_after_number(key) {
                    return Vec::new();
                }
                let context = self.key_context();
                // A line said at the table was on screen when this key came.
                let chat_boxed = self.boxed_chat(self.area.width).is_some();
                self.chat_seen();
                // A message to the other player takes every key while it is typed.
                if self.overlay == Overlay::None
                    && let Some(effects) = self.typing_key(key)
                {
                    return effects;
                }
                let boxed = self
                    .message
                    .as_ref()
                    .is_some_and(|m| !m.fits(self.area.width));
                if !matches!(context, KeyContext::TooSmall | KeyContext::TooSmallGoesBack)
                    && (boxed || chat_boxed)
                {
                    // A message too long for the status line sat in a box over the board
                    // (or under the help or a question), or a line said at the table did:
                    // the key closes it. Enter, Space and Esc, with the box in view, do
                    // nothing else; any other key acts too, so a move typed over the box
                    // is played.
                    if boxed {
                        self.message = None;
                    }
                    if self.overlay == Overlay::None
                        && keymap::action(key, KeyContext::MessageBox) == Some(Action::No)
                    {
                        return vec![Effect::Redraw];
                    }
                }
                // A refusal said over a finished game's end lasts one key.
                self.end_back();
                let action = self
                    .key_contexts()
                    .into_iter()
                    .find_map(|context| keymap::action(key, context));
                match action {
                    // A column letter at a question is its no, as any other key, and
                    // then the start of a square on the board (QA s27, s29).
                    Some(Action::No) if matches!(self.overlay, Overlay::Question(_)) => {
                        self.no_then_board(Under::Key(key))
                    }
                    Some(action) => self.apply(action),
                    // Behind the "please enlarge" screen other keys do nothing at all.
                    None if matches!(
                        context,
                        KeyContext::TooSmall | KeyContext::TooSmallGoesBack
                    ) =>
                    {
                        Vec::new()
                    }
                    None if context == KeyContext::ClaimEntry => {
                        self.refuse(claim_words::TYPE_DIGITS)
                    }
                    None => {
                        let _ = self.cursor.apply(Action::No);
                        self.keep_under_refusal();
                        if self.spectating() {
                            self.refuse_keyed(Keyed::Spectating)
                        } else {
                            self.refuse_keyed(Keyed::UnknownKey)
                        }
                    }
                }
            }
            Input::Resize(width, height) => {
                self.area = Rect::new(0, 0, width, height);
                vec![Effect::Redraw]
            }
            Input::Click(square) => self.click(square),
            // A click on an answer in the question's box: as its key would answer
            // (yes, no, save), by the one way keys take.
            Input::Pick(choice) => match self.overlay {
                Overlay::Question(question) if choice < self.clickable_answers(question).len() => {
                    match choice {
                        0 => self.apply(Action::Yes),
                        1 => self.apply(Action::No),
                        // The resume question's third answer is its `q`.
                        _ if question == Question::Resume => self.apply(Action::Quit),
                        _ => self.apply(Action::Save),
                    }
                }
                _ => Vec::new(),
            },
            Input::Tick => {
                // The AI's wait for a claim is over: its move held meanwhile is played.
                if self.held.is_some() && self.waits_for_claim() && !self.awaits_claim() {
                    let mut effects = self.let_ai_play();
                    if !self.is_over() && self.config.is_human(self.game.to_move()) {
                        effects.push(Effect::YourMove);
                    }
                    return self.archive_if_over(effects);
                }
                let clock_runs = self.course.clock().is_some_and(|c| c.is_running());
                if self.ai.waiting().is_none() {
                    // A running clock is drawn again each second.
                    return if clock_runs {
                        vec![Effect::Redraw]
                    } else {
                        Vec::new()
                    };
                }
                self.spinner = self.spinner.wrapping_add(1);
                vec![Effect::Redraw]
            }
        };
        let effects = self.ask_ai_seat(effects);
        self.archive_if_over(effects)
    }

    pub(super) fn click(&mut self, square: Option<Square>) -> Effects {
        match (self.overlay, square) {
            (Overlay::Help, _) => {
                self.overlay = Overlay::None;
                vec![Effect::Redraw]
            }
            (Overlay::None, Some(square)) => self.place(square),
            // A click on a square the question's box leaves in view: as its square
            // typed there (the box's own clicks are its answers, or nothing).
            (Overlay::Question(_), Some(square)) => self.no_then_board(Under::Square(square)),
            _ => Vec::new(),
        }
    }

    /// A question answered no by a key or a click meant for the board under it, then
    /// that key or click on the board once the no has left the board the keys: a
    /// column letter begins a square, a square clicked is played. One way for every
    /// question, as the line mode plays a square typed at any question (QA s27: `a1`
    /// at the resume question lost the `a`; s29: at quit, new game or resign, and a
    /// click under the resume question did nothing). Never a yes: a square typed or
    /// clicked does not quit, resign or drop a game. The no's own message stays (the
    /// resume question's says where the autosave goes); without one, a letter is
    /// prompted as the board prompts it.
    fn no_then_board(&mut self, under: Under) -> Effects {
        let mut effects = self.apply(Action::No);
        // Still a question (the other player's asked meanwhile), a claim being typed,
        // or the "please enlarge" screen: the board does not have the keys.
        if self.key_context() != KeyContext::Board {
            return effects;
        }
        match under {
            Under::Key(key) => {
                let column = self
                    .key_contexts()
                    .into_iter()
                    .find_map(|context| keymap::action(key, context))
                    .filter(|action| matches!(action, Action::Column(_)));
                match column {
                    Some(column) if self.message.is_some() => {
                        let _ = self.cursor.apply(column);
                    }
                    Some(column) => effects.extend(self.apply(column)),
                    None => {}
                }
            }
            Under::Square(square) => effects.extend(self.place(square)),
        }
        effects
    }

    /// Carries out one action, as a key would.
    pub fn apply(&mut self, action: Action) -> Effects {
        if let Action::Scroll(scroll) = action
            && self.overlay == Overlay::Help
        {
            // A help shown whole closes, as its "Press any key or click to close" says.
            let area = super::super::layout::above_status(self.area);
            let help = self.help_view(Look::PLAIN);
            match help.scrolled(area, self.help_top, scroll) {
                Some(top) => self.help_top = top,
                None => self.overlay = Overlay::None,
            }
            return vec![Effect::Redraw];
        }
        // A claim typed takes the keys; over it, the help (`?`) or a question the
        // other player asked takes them first, and the claim waits.
        if self.claim_entry().is_some() && self.overlay == Overlay::None && action != Action::Help {
            return self.claim_key(action);
        }
        if self.overlay == Overlay::None
            && let Some(effects) = self.refused_claim_key(action)
        {
            return effects;
        }
        match self.cursor.apply(action) {
            Pointed::Moved(None) => return vec![Effect::Redraw],
            Pointed::Moved(Some(letter)) => {
                return self.say(MessageKind::Info, message::type_the_row(letter));
            }
            Pointed::Square(square) => return self.place(square),
            Pointed::LoneDigit => return self.refuse(message::TYPE_A_SQUARE),
            Pointed::Other => {}
        }
        if !matches!(self.overlay, Overlay::Question(_))
            && let Some(effects) = self.served_action(action)
        {
            return effects;
        }
        match action {
            Action::ForceQuit => self.force_quit(),
            Action::Yes => self.answer(true),
            Action::No => self.answer(false),
            Action::Help => {
                self.overlay = Overlay::Help;
                self.help_top = 0;
                vec![Effect::Redraw]
            }
            // Behind the "please enlarge" screen of a game the start screen opened, no
            // question could be seen: q goes back at once, as it left the program at
            // once from a game started on the command line (the autosave is as after
            // the last change either way).
            Action::Quit
                if !self.is_served() && self.key_context() == KeyContext::TooSmallGoesBack =>
            {
                self.quit()
            }
            // The resume question's `q`: out as the game was opened (back to the start
            // screen, or out of the program), before any game is chosen, so the
            // autosave stays as it was and no new game starts (s25: it was a no).
            Action::Quit if self.overlay == Overlay::Question(Question::Resume) => {
                self.overlay = Overlay::None;
                self.quit()
            }
            // A spectator leaves nothing behind; a stopped game has nothing to lose.
            Action::Quit if self.spectating() || self.stopped().is_some() => self.quit(),
            // At a server, this player's claim of the stone that filled the board is
            // open: leaving forfeits it (the table ends the game unclaimed), so it is
            // asked first, as in a local game (s40: `q` left at once, a winning claim
            // of 45 forfeited unasked).
            Action::Quit if self.is_served() && self.final_claim_open().is_some() => {
                match self.final_claim_open() {
                    Some(claimer) => self.ask(Question::ClaimOpen {
                        claimer,
                        new_game: false,
                    }),
                    None => Vec::new(),
                }
            }
            // A correspondence game waits for its next move: leaving loses nothing.
            Action::Quit if self.corresponding() => self.quit(),
            // Against the server's AI the table keeps the game for later.
            Action::Quit if self.in_progress() && self.against_table_ai() => {
                self.ask(Question::LeaveAi {
                    kept: self.table_saved(),
                })
            }
            // The other player is away: leaving adjourns the game, as the table's line
            // says; the question's "stops for both, lost as abandoned" would be wrong.
            Action::Quit if self.in_progress() && self.opponent_away() => self.quit(),
            Action::Quit if self.in_progress() && self.is_served() => self.ask(Question::Leave {
                early: self.leaving_early(),
            }),
            // From the start screen, `y` goes back to it: the question says so.
            Action::Quit if self.in_progress() && self.from_start => self.ask(Question::Back),
            Action::Quit if self.in_progress() => self.ask(Question::Quit),
            // The stone that filled the board may still be claimed: leaving or a new
            // game would forfeit that claim unasked (qa38).
            Action::Quit | Action::NewGame if self.claim_open_here().is_some() => {
                match self.claim_open_here() {
                    Some(claimer) => self.ask(Question::ClaimOpen {
                        claimer,
                        new_game: action == Action::NewGame,
                    }),
                    None => Vec::new(),
                }
            }
            Action::Quit => self.quit(),
            Action::NewGame if self.in_progress() => self.ask(Question::NewGame),
            Action::NewGame => self.new_game(),
            // A rematch with the sides swapped: at the end only (a game in progress
            // is not swapped under its players), the last stone's claim made first.
            Action::SwapRematch if !self.is_over() => self.refuse(message::SWAP_AT_THE_END),
            Action::SwapRematch if self.claim_open_here().is_some() => {
                self.refuse(message::SWAP_AFTER_THE_CLAIM)
            }
            Action::SwapRematch => self.swap_rematch(),
            Action::Place if self.awaits_claim() => self.let_ai_play(),
            Action::Place => self.place(self.cursor.square()),
            Action::ClaimStart => self.start_claim(),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Hint => self.ask_hint(),
            // The quit question offers `s` when the game is not autosaved: it saves,
            // and the question closes so the player sees where the game went.
            Action::Save
                if matches!(
                    self.overlay,
                    Overlay::Question(Question::Quit | Question::Back)
                ) =>
            {
                self.overlay = Overlay::None;
                vec![Effect::Save, Effect::Redraw]
            }
            Action::Save if matches!(self.overlay, Overlay::Question(_)) => self.answer(false),
            Action::Save => vec![Effect::Save, Effect::Redraw],
            Action::Review if self.is_over() => vec![Effect::Review],
            Action::Resign => self.ask_resign(),
            Action::Review => self.refuse_keyed(Keyed::ReviewAfterTheGame),
            // Cursor keys are handled above; the replay viewer's never reach a game.
            _ => Vec::new(),
        }
    }

    pub(super) fn answer(&mut self, yes: bool) -> Effects {
        let overlay = std::mem::replace(&mut self.overlay, Overlay::None);
        if let Overlay::Question(question) = overlay
            && let Some(effects) = self.served_answer(question, yes)
        {
            return effects;
        }
        match (overlay, yes) {
            (Overlay::Question(Question::Quit | Question::Back), true) => self.quit(),
            (Overlay::Question(Question::NewGame), true) => self.new_game(),
            (Overlay::Question(Question::ClaimOpen { new_game, .. }), true) => {
                // Left, the finished game's last claim is forfeited, as its kept
                // record reads back (s36: it read `not claimed yet`).
                self.game.close_last_claim();
                if new_game {
                    self.new_game()
                } else {
                    self.quit()
                }
            }
            // Back to the finished game, whose turn line says who may claim.
            (Overlay::Question(Question::ClaimOpen { .. }), false) => {
                self.message = None;
                vec![Effect::Redraw]
            }
            (Overlay::Question(Question::Quit | Question::Back | Question::NewGame), false) => {
                // Back to the game as it was: no older message comes back under it.
                self.message = None;
                vec![Effect::Redraw]
            }
            (Overlay::Question(Question::Resign(player)), true) => {
                self.message = None;
                match self.end(Termination::Resignation, player) {
                    Ok(effects) => effects,
                    Err(error) => self.refuse(error.to_string()),
                }
            }
            (Overlay::Question(Question::Resign(_)), false) => {
                self.message = None;
                vec![Effect::Redraw]
            }
            (Overlay::Question(Question::Resume), yes) => match self.resume_offer.take() {
                Some(offer) if yes => {
                    let ResumeOffer {
                        config,
                        game,
                        course,
                        people,
                        ..
                    } = *offer;
                    self.config = config;
                    self.game = game;
                    self.course = course;
                    self.seat_people(people);
                    self.sync_clock();
                    if let Some(last) = self.game.last() {
                        self.cursor.set(last.square());
                    }
                    self.changed();
                    let resumed = self.resumed(self.game.to_move());
                    self.set_message(resumed, false);
                    // Not a change to save: the autosave already holds this game.
                    vec![Effect::ResumedAutosave, Effect::Redraw]
                }
                _ => {
                    self.sync_clock();
                    self.say(MessageKind::Info, message::NEW_INSTEAD_OF_RESUME)
                }
            },
            _ => vec![Effect::Redraw],
        }
    }

    pub(super) fn quit(&mut self) -> Effects {
        self.quit = Some(super::Quit::Asked);
        vec![Effect::Quit]
    }

    /// `Ctrl-c`: out at once, asking nothing.
    pub(super) fn force_quit(&mut self) -> Effects {
        self.quit = Some(super::Quit::Forced);
        vec![Effect::Quit]
    }

    pub(super) fn ask(&mut self, question: Question) -> Effects {
        self.overlay = Overlay::Question(question);
        vec![Effect::Redraw]
    }

    /// Shows a message, and asks for a redraw.
    pub(super) fn say(&mut self, kind: MessageKind, text: impl Into<String>) -> Effects {
        self.set_message(Message::new(kind, text), false);
        vec![Effect::Redraw]
    }

    pub(super) fn refuse(&mut self, text: impl Into<String>) -> Effects {
        self.say(MessageKind::Error, text)
    }

    /// Says a text that names what to type: each face words it its own way.
    pub(super) fn say_keyed(&mut self, kind: MessageKind, keyed: Keyed) -> Effects {
        self.set_message(Message::keyed(kind, keyed), false);
        vec![Effect::Redraw]
    }

    /// Refuses with a text that names what to type instead.
    pub(super) fn refuse_keyed(&mut self, keyed: Keyed) -> Effects {
        self.say_keyed(MessageKind::Error, keyed)
    }
}
