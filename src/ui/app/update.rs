//! How inputs and AI replies change a game on screen, and the effects that follow.

use ratatui::layout::Rect;

use crate::record::Termination;
use crate::rules::{ClaimError, ClaimOutcome, ClaimState, Move, Player, Square};
use crate::session::{EndError, Ending};
use crate::strings::{claim as claim_words, describe, message, table};

use super::super::ai_worker::{AiJob, AiReply};
use super::super::cursor::{Cursor, Pointed};
use super::super::effect::{Effect, Effects, Input};
use super::super::keymap::{self, Action, KeyContext};
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
        self.sync_clock();
        self.ask_ai_seat(effects)
    }

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
    fn check_flag(&mut self) -> Effects {
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

    /// Handles one input.
    pub fn handle(&mut self, input: Input) -> Effects {
        let mut flag = self.check_flag();
        let effects = self.handle_input(input);
        flag.extend(effects);
        flag
    }

    fn handle_input(&mut self, input: Input) -> Effects {
        let effects = match input {
            Input::Key(key) => {
                let context = self.key_context();
                // A message to the other player takes every key while it is typed.
                if self.overlay == Overlay::None
                    && let Some(effects) = self.typing_key(key)
                {
                    return effects;
                }
                if context != KeyContext::TooSmall
                    && self
                        .message
                        .as_ref()
                        .is_some_and(|m| !m.fits(self.area.width))
                {
                    // A message too long for the status line sat in a box over the board
                    // (or under the help or a question): the key closes it and, when the
                    // box was in view, does nothing else. Ctrl-c still quits.
                    self.message = None;
                    if self.overlay == Overlay::None
                        && keymap::action(key, context) != Some(Action::ForceQuit)
                    {
                        return vec![Effect::Redraw];
                    }
                }
                // A server table's own keys, then a claim game's, come before the board's.
                let action = match context {
                    KeyContext::Board if self.at_table() => keymap::action(key, KeyContext::Served)
                        .or_else(|| {
                            self.game
                                .claim_mode()
                                .then(|| keymap::action(key, KeyContext::ClaimGame))
                                .flatten()
                        })
                        .or_else(|| keymap::action(key, context)),
                    KeyContext::Board if self.game.claim_mode() => {
                        keymap::action(key, KeyContext::ClaimGame)
                            .or_else(|| keymap::action(key, context))
                    }
                    _ => keymap::action(key, context),
                };
                match action {
                    Some(action) => self.apply(action),
                    // Behind the "please enlarge" screen other keys do nothing at all.
                    None if context == KeyContext::TooSmall => Vec::new(),
                    None if context == KeyContext::ClaimEntry => {
                        self.refuse(claim_words::TYPE_DIGITS)
                    }
                    None => {
                        let _ = self.cursor.apply(Action::No);
                        if self.spectating() {
                            self.refuse(table::SPECTATING)
                        } else {
                            self.refuse(message::UNKNOWN_KEY)
                        }
                    }
                }
            }
            Input::Resize(width, height) => {
                self.area = Rect::new(0, 0, width, height);
                vec![Effect::Redraw]
            }
            Input::Click(square) => self.click(square),
            Input::Pick(_) => Vec::new(),
            Input::Tick => {
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

    /// Adds [`Effect::Archive`] after a change that leaves the game over (the last
    /// move, a redo to the end, a claim that ends it): the storage keeps each finished
    /// game once, so an undo and redo back to the same end writes nothing new.
    fn archive_if_over(&self, mut effects: Effects) -> Effects {
        // Before the autosave is cleared, so a crash in between cannot lose the game.
        if self.is_over()
            && let Some(at) = effects.iter().position(|e| *e == Effect::Autosave)
        {
            effects.insert(at, Effect::Archive);
        }
        effects
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
        if self.claim_entry.is_some() {
            return self.claim_key(action);
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
            Action::ForceQuit => self.quit(),
            Action::Yes => self.answer(true),
            Action::No => self.answer(false),
            Action::Help => {
                self.overlay = Overlay::Help;
                vec![Effect::Redraw]
            }
            // A spectator leaves nothing behind; a stopped game has nothing to lose.
            Action::Quit if self.spectating() || self.stopped().is_some() => self.quit(),
            // Against the server's AI the table keeps the game for later.
            Action::Quit if self.in_progress() && self.against_table_ai() => {
                self.ask(Question::LeaveAi {
                    kept: self.table_saved(),
                })
            }
            Action::Quit if self.in_progress() && self.is_served() => self.ask(Question::Leave),
            Action::Quit if self.in_progress() => self.ask(Question::Quit),
            Action::Quit => self.quit(),
            Action::NewGame if self.in_progress() => self.ask(Question::NewGame),
            Action::NewGame => self.new_game(),
            Action::Place if self.awaits_claim() => self.let_ai_play(),
            Action::Place => self.place(self.cursor.square()),
            Action::ClaimStart => self.start_claim(),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Hint => self.ask_hint(),
            // The quit question offers `s` when the game is not autosaved: it saves,
            // and the question closes so the player sees where the game went.
            Action::Save if self.overlay == Overlay::Question(Question::Quit) => {
                self.overlay = Overlay::None;
                vec![Effect::Save, Effect::Redraw]
            }
            Action::Save if matches!(self.overlay, Overlay::Question(_)) => self.answer(false),
            Action::Save => vec![Effect::Save, Effect::Redraw],
            Action::Review if self.is_over() => vec![Effect::Review],
            Action::Resign => self.ask_resign(),
            Action::Review => self.refuse(message::REVIEW_AFTER_THE_GAME),
            // Cursor keys are handled above; the replay viewer's never reach a game.
            _ => Vec::new(),
        }
    }

    /// Plays the move made at another terminal for its seat (a game over the network).
    pub fn remote_move(&mut self, mv: Move) -> Effects {
        self.play(mv)
    }

    pub(super) fn quit(&mut self) -> Effects {
        self.quit = true;
        vec![Effect::Quit]
    }

    pub(super) fn ask(&mut self, question: Question) -> Effects {
        self.overlay = Overlay::Question(question);
        vec![Effect::Redraw]
    }

    /// Shows a message, and asks for a redraw.
    pub(super) fn say(&mut self, kind: MessageKind, text: impl Into<String>) -> Effects {
        self.message = Some(Message::new(kind, text));
        vec![Effect::Redraw]
    }

    pub(super) fn refuse(&mut self, text: impl Into<String>) -> Effects {
        self.say(MessageKind::Error, text)
    }

    fn answer(&mut self, yes: bool) -> Effects {
        let overlay = std::mem::replace(&mut self.overlay, Overlay::None);
        if let Overlay::Question(question) = overlay
            && let Some(effects) = self.served_answer(question, yes)
        {
            return effects;
        }
        match (overlay, yes) {
            (Overlay::Question(Question::Quit), true) => self.quit(),
            (Overlay::Question(Question::NewGame), true) => self.new_game(),
            (Overlay::Question(Question::Quit | Question::NewGame), false) => {
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
                Some((config, game)) if yes => {
                    self.config = config;
                    self.game = game;
                    self.course = std::mem::take(&mut self.resume_course);
                    self.sync_clock();
                    if let Some(last) = self.game.last() {
                        self.cursor.set(last.square());
                    }
                    self.changed();
                    let text = message::resumed(self.game.to_move());
                    let _ = self.say(MessageKind::Info, text);
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

    /// Forgets any AI request in flight (its reply will carry an old tag), and any
    /// claim being typed or AI move held for one.
    pub(super) fn changed(&mut self) {
        self.ai.reset();
        self.hint = None;
        self.claim_entry = None;
        self.go_on = false;
        self.held = None;
    }

    /// `+`: starts typing a claim for the last stone, if it may still be claimed.
    fn start_claim(&mut self) -> Effects {
        let len = self.game.len();
        let refused = match self.game.claim_state(len.wrapping_sub(1)) {
            _ if !self.game.claim_mode() => Some(ClaimError::ClaimsOff),
            None => Some(ClaimError::NoStone),
            Some(ClaimState::Pending) => None,
            Some(_) => Some(ClaimError::AlreadyClaimed {
                move_number: len as u32,
            }),
        };
        if let Some(error) = refused {
            return self.refuse(claim_words::refused(error));
        }
        if let Some(last) = self.game.last()
            && !self.config.is_human(last.player)
        {
            // An AI claims its own stones in full as it places them.
            return self.refuse(claim_words::ai_stone(last.player));
        }
        self.claim_entry = Some(String::new());
        self.message = None;
        vec![Effect::Redraw]
    }

    /// A key while a claim is typed: digits, Backspace, Enter, Esc.
    fn claim_key(&mut self, action: Action) -> Effects {
        let Some(entry) = self.claim_entry.as_mut() else {
            return Vec::new();
        };
        match action {
            Action::ForceQuit => self.quit(),
            Action::Digit(d) if entry.len() < 3 => {
                entry.push(char::from(b'0' + d));
                self.message = None;
                vec![Effect::Redraw]
            }
            Action::Digit(_) => self.refuse(claim_words::TOO_LONG),
            Action::Backspace if !entry.is_empty() => {
                entry.pop();
                self.message = None;
                vec![Effect::Redraw]
            }
            Action::Backspace | Action::No => {
                self.claim_entry = None;
                self.say(MessageKind::Info, claim_words::CANCELLED)
            }
            Action::Claim => match entry.parse::<u32>() {
                Ok(points) => self.claim(points),
                Err(_) => self.refuse(claim_words::EMPTY),
            },
            _ => self.refuse(claim_words::TYPE_DIGITS),
        }
    }

    /// Claims `points` for the last stone (one try): awarded or wrong, it is settled.
    fn claim(&mut self, points: u32) -> Effects {
        let Some(placement) = self.game.last().copied() else {
            return self.refuse(claim_words::refused(ClaimError::NoStone));
        };
        match self.game.claim(points) {
            Ok(outcome) => {
                self.claim_entry = None;
                self.hint = None;
                let message = match outcome {
                    ClaimOutcome::Awarded { points, combos } => Message {
                        kind: MessageKind::Score(placement.player),
                        text: describe::claim_awarded(&placement, points, combos),
                        short: Some(describe::claim_awarded_short(&placement, points)),
                    },
                    // Whole, in a box if need be: what the stone made is the lesson.
                    ClaimOutcome::Wrong { claimed, .. } => Message::new(
                        MessageKind::Error,
                        describe::wrong_claim(&placement, claimed),
                    ),
                };
                self.message = Some(message);
                vec![Effect::Autosave, Effect::Redraw]
            }
            Err(error) => {
                self.claim_entry = None;
                self.refuse(claim_words::refused(error))
            }
        }
    }

    /// Enter while the AI waits for a person's claim: the AI plays (its move at once
    /// if it has one ready).
    fn let_ai_play(&mut self) -> Effects {
        self.go_on = true;
        match self.held.take() {
            Some(mv) => self.play(mv),
            None => vec![Effect::Redraw],
        }
    }

    fn new_game(&mut self) -> Effects {
        self.game = self.config.new_game();
        self.course = self.config.new_course();
        self.sync_clock();
        self.cursor = Cursor::default();
        self.changed();
        let _ = self.say(MessageKind::Info, message::NEW_GAME);
        vec![Effect::Autosave, Effect::Redraw]
    }

    /// A person places a stone on `square` for the player to move.
    fn place(&mut self, square: Square) -> Effects {
        self.cursor.set(square);
        if self.at_table() && (self.is_over() || self.stopped().is_some()) {
            return self.refuse(table::GAME_OVER);
        }
        if self.is_served() && (self.is_over() || self.stopped().is_some()) {
            let text = if self.spectating() {
                table::SPECTATING
            } else {
                table::GAME_OVER_AI
            };
            return self.refuse(text);
        }
        if self.is_over() {
            return self.refuse(message::GAME_OVER);
        }
        let mover = self.game.to_move();
        if self.awaits_claim() {
            return self.refuse(claim_words::GO_ON);
        }
        if !self.config.is_human(mover) {
            return self.refuse(message::wait_for(mover, self.config.seat(mover)));
        }
        if self.is_remote(mover) {
            return self.refuse(message::wait_for_remote(mover));
        }
        self.play(square)
    }

    /// Plays `square` for the player to move, whoever it is. In a claim game an AI
    /// claims its stone's points in full at once, and the message says what the
    /// stone before went without, if it went unclaimed.
    fn play(&mut self, square: Move) -> Effects {
        let flag = self.check_flag();
        if !flag.is_empty() {
            return flag;
        }
        let before = self.last_move().map(|(p, state)| (*p, state));
        let len_before = self.game.len();
        match self.game.play(square) {
            Ok(placement) => {
                // The mover's clock stops with the time left plus the increment; the
                // opponent's starts (claims are made on the opponent's time).
                if let (Some(now), Some(clock)) = (self.now, self.course.clock_mut()) {
                    clock.sync(len_before, now);
                    let _ = clock.moved(now);
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
                self.message = Some(Message::played(&placement, state, unclaimed.as_ref()));
                vec![Effect::Autosave, Effect::RestartTimer, Effect::Redraw]
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
        // Taking a move back plays on: an early ending goes with it, and the clocks
        // are those after the earlier move.
        self.course.clear_ending();
        self.sync_clock();
        self.changed();
        if let Some(last) = self.game.last() {
            self.cursor.set(last.square());
        }
        let _ = self.say(MessageKind::Info, message::took_back(count));
        vec![Effect::Autosave, Effect::RestartTimer, Effect::Redraw]
    }

    fn redo(&mut self) -> Effects {
        if self.ending().is_some() {
            return self.refuse(message::GAME_OVER);
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
        self.message = Some(Message::played(&last, state, None));
        vec![Effect::Autosave, Effect::RestartTimer, Effect::Redraw]
    }

    fn ask_hint(&mut self) -> Effects {
        if self.is_over() {
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
    pub(super) fn ask_ai_seat(&mut self, mut effects: Effects) -> Effects {
        if self.quit
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
            && let Some(clock) = self.course.clock()
        {
            let moves_left = (64 - self.game.len() as u32).div_ceil(2);
            let budget = crate::session::ai_budget(left, clock.control().increment(), moves_left);
            let ms = u64::try_from(budget.as_millis()).unwrap_or(u64::MAX).max(1);
            config.think_ms = Some(config.think_ms.map_or(ms, |set| set.min(ms)));
        }
        if let Some(request) = self.ai.ask_seat(&config, &self.game) {
            effects.extend([Effect::AskAi(request), Effect::Redraw]);
        }
        effects
    }

    /// `R`: asks whether the person playing here resigns. In a game between two
    /// people at one keyboard, the player to move resigns.
    fn ask_resign(&mut self) -> Effects {
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
    fn resigner(&self) -> Option<Player> {
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
    /// game is kept in the history and the autosave cleared, as at a full board.
    pub fn end(&mut self, termination: Termination, loser: Player) -> Result<Effects, EndError> {
        let ending: Ending = self.course.end(&self.game, termination, loser)?;
        self.changed();
        self.overlay = Overlay::None;
        let _ = self.say(MessageKind::Info, describe::ending(ending));
        Ok(self.archive_if_over(vec![Effect::Autosave, Effect::Redraw]))
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
            let _ = self.say(MessageKind::Info, describe::ending(ending));
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
        let effects = self.ask_ai_seat(effects);
        self.archive_if_over(effects)
    }
}
