//! The state of a game on screen: pure. [`Input`]s and AI replies go in, a list of
//! [`Effect`]s comes out, for the event loop to carry out (autosave, save, ask the AI,
//! redraw, quit). No terminal, thread, clock, file or screen layout here: clicks
//! arrive as squares, texts come from [`crate::strings`].
//!
//! This file holds the state and what can be read of it; how inputs change it is split
//! by what they are about: [`input`] (keys, clicks, questions), [`moves`] (stones,
//! undo and redo, the AI), [`claims`] and [`ending`] (the clocks, resigning, an early
//! end); [`network`] holds what only a served game has.
//!
//! [`Input`]: super::effect::Input
//! [`Effect`]: super::effect::Effect

mod claims;
mod ending;
mod input;
mod moves;
mod network;

pub(crate) use claims::CLAIM_DIGITS;

use std::time::{Duration, Instant};

use ratatui::layout::Rect;

use crate::ai::Seat;
use crate::rules::{ClaimState, Game, Move, Placement, Player, Square};
use crate::session::{
    Course, Ending, GameConfig, Names, Notice, Played, ResumeOffer, StorageReport,
};
use crate::strings::question::{Answering, Brief};

use super::ai_turns::AiTurns;
use super::ai_worker::AiJob;
use super::cursor::Cursor;
use super::help::HelpView;
use super::keymap::{Action, KeyContext, Leaving};
use super::layout::ScreenLayout;
use super::look::Look;
use super::message::{Keyed, Message};
use super::question::{Keeping, Overlay, Question};

/// How the player left the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Quit {
    /// By a key that asks first when there is something to lose (`q`).
    Asked,
    /// By `Ctrl-c`, at once.
    Forced,
}

/// What `+` began: a claim's digits, or a claim refused, whose digits and Enter stay
/// off the board (qa38: after a refused `+`, the Enter of `+20 Enter` placed a stone
/// on the cursor's square).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ClaimTyping {
    /// The digits typed so far.
    Digits(String),
    /// `+` was refused, for this reason: the digits and Enter after it are too.
    Refused(String),
}

/// The whole state of a game on screen.
#[derive(Debug, Clone)]
pub struct App {
    config: GameConfig,
    game: Game,
    /// How the game ended when the board did not decide it.
    course: Course,
    cursor: Cursor,
    overlay: Overlay,
    /// The help's first line shown, while [`Overlay::Help`] is.
    help_top: u16,
    message: Option<Message>,
    hint: Option<Square>,
    ai: AiTurns,
    /// The screen size last seen (columns, rows): picks the message wording.
    area: Rect,
    quit: Option<Quit>,
    /// Advances while the AI thinks, to animate the indicator.
    spinner: usize,
    /// Whether the autosave holds the game as it is (quitting keeps it for `hijara
    /// resume`), a write of it is on its way to the disk, or it does not.
    keeping: Keeping,
    /// An autosaved game offered at start-up, until the question is answered (boxed:
    /// most games have none, and a screen state stays small).
    resume_offer: Option<Box<ResumeOffer>>,
    /// The time now, as the event loop last said ([`App::set_now`]): the clocks read
    /// it, so the app itself never reads the system clock. `None`: no clock runs.
    now: Option<Instant>,
    /// When the autosave was last asked to note the thinking on the turn under way
    /// ([`Effect::NoteThinking`](super::effect::Effect::NoteThinking)).
    noted: Option<Instant>,
    /// A claim game: what `+` began, until the claim is made or let go.
    claim_entry: Option<ClaimTyping>,
    /// A claim game: the person let the AI play on without claiming (Enter).
    go_on: bool,
    /// A claim game: the AI's move, kept until the person's last stone is claimed or let go.
    held: Option<Move>,
    /// How many messages were set: a view that says each once (the line mode) tells a
    /// new one, even with the same words, by this count.
    said: u64,
    /// The message is what the last stone placed did (a view that says the move its
    /// own way leaves it out).
    said_of_move: bool,
    /// Where the finished game was kept (its path, made safe) while the claim for the
    /// stone that filled the board is open: the claim's line keeps it
    /// ([`super::message::Keyed::KeptAfterClaim`]), since typing the claim cleared
    /// the line that said it. Forgotten at the next change of game.
    kept_claim_open: Option<String>,
    /// Served over the network (`hijara serve`): the seats played at another terminal,
    /// and what only a served game has; `None` for a local game.
    network: Option<Network>,
    /// A local game played on, resumed or loaded from a record: its people's names,
    /// as the record has them ([`App::with_people`]).
    people: Names,
    /// [`App::people`] as the game's words say them ([`App::said_names`]): each named
    /// seat's name through the gate every displayed name takes, a seat with none by
    /// its colour; `None` where no seat is named. Kept with `people` ([`App::seat_people`]).
    people_said: Option<[String; 2]>,
    /// Opened by the start screen ([`App::from_start`]): `q` goes back to it.
    from_start: bool,
}

/// A served game's own state.
#[derive(Debug, Clone, Default)]
struct Network {
    /// The seats played at another terminal, by [`crate::rules::Player::index`].
    remote: [bool; 2],
    /// How many watch the game (at a table).
    watching: usize,
    /// A message to the other player, while it is typed after `m`.
    typing: Option<String>,
    /// Why the game stopped before a full board, once it has.
    stopped: Option<Message>,
    /// At a game over, the message a refused key covered: it comes back with the
    /// next key ([`App::end_back`]); boxed, as most screens have none.
    under_refusal: Option<Box<Message>>,
    /// A game against the server's AI at a table of its own: this screen plays both
    /// seats (the AI on the server's pool), and the table decides undo, rematch and
    /// resignation, answering at once for the AI.
    ai_table: bool,
    /// The table's last write of the game failed ([`News::Saved`](super::table_link::News::Saved)).
    unsaved: bool,
    /// The players' names as shown, by [`crate::rules::Player::index`], once the table
    /// said them.
    names: Option<[String; 2]>,
    /// At a rated game, the players' ratings as the table said them, by
    /// [`crate::rules::Player::index`]: shown beside the names, never in them.
    ratings: [Option<crate::rating::Shown>; 2],
    /// A correspondence game: leaving it asks nothing (it waits for the next move).
    correspondence: bool,
    /// The other player got up from the table ([`News::OpponentLeft`](super::table_link::News::OpponentLeft)).
    alone: bool,
    /// This player's rematch offer waits for the other's answer
    /// ([`News::RematchWaiting`](super::table_link::News::RematchWaiting)).
    rematch_sent: bool,
    /// A request was handed to the table whose answer comes back as its news (an
    /// undo against the server's AI, a rematch taken or asked of it, an undo agreed
    /// to): until news comes, the screen's state is no answer to it.
    asked: bool,
    /// The other player is away from the live game in play
    /// ([`News::OpponentAway`](super::table_link::News::OpponentAway)).
    away: bool,
    /// A correspondence game's line about its time as last told
    /// ([`News::TimeLine`](super::table_link::News::TimeLine)); boxed, as most screens
    /// have none and the screen enum stays small.
    time_line: Option<Box<Message>>,
    /// What was said at the table (boxed: most screens have none, and the screen
    /// enum stays small).
    chat: Box<Chat>,
    /// The table adjourned the game ([`News::Adjourned`](super::table_link::News::Adjourned)):
    /// the line the lobby shows once the screen is back there.
    farewell: Option<Box<Message>>,
    /// The lobby opened this table on the last digit of its number, typed: an Enter
    /// as the first key is the one that would have ended the number, and is dropped
    /// (it placed a stone at a1 as the table's first move).
    enter_after_number: bool,
}

/// What was said at a table, as one screen saw it.
#[derive(Debug, Clone, Default)]
struct Chat {
    /// The last lines said ([`News::Chat`](super::table_link::News::Chat)), oldest
    /// first, at most [`CHAT_KEPT`].
    lines: std::collections::VecDeque<String>,
    /// How many lines were said since the screen opened: a view that says each line
    /// once (the line mode) counts them.
    count: u64,
    /// The last line said, while this player has pressed no key since it came: it
    /// stays on the status line whatever message comes after it (a move's line).
    held: Option<Message>,
    /// The lines said before this screen opened which this player saw already
    /// ([`News::Earlier`](super::table_link::News::Earlier)), oldest first, at most
    /// [`CHAT_KEPT`]: the line mode reads them out once, as lines said earlier.
    earlier: Vec<String>,
}

/// How many lines said at a table a screen keeps to show again.
pub(crate) const CHAT_KEPT: usize = 20;

impl Network {
    fn new(remote: [bool; 2]) -> Network {
        Network {
            remote,
            ..Network::default()
        }
    }
}

impl App {
    /// A new game with these seats, under these rules.
    pub fn new(config: GameConfig) -> App {
        App::with_game(config, config.new_game())
    }

    /// Continues `game` (for a loaded or resumed record) with these seats.
    ///
    /// The game's rules (variant, claims) win over the set-up's, so a new game after it
    /// is played under the same rules.
    pub fn with_game(config: GameConfig, game: Game) -> App {
        App {
            config: config.with_rules_of(&game),
            game,
            course: config.new_course(),
            cursor: Cursor::default(),
            overlay: Overlay::None,
            help_top: 0,
            message: None,
            hint: None,
            ai: AiTurns::default(),
            area: Rect::new(0, 0, 80, 24),
            quit: None,
            spinner: 0,
            keeping: Keeping::NotKept,
            resume_offer: None,
            now: None,
            noted: None,
            claim_entry: None,
            go_on: false,
            held: None,
            said: 0,
            said_of_move: false,
            kept_claim_open: None,
            network: None,
            people: Names::default(),
            people_said: None,
            from_start: false,
        }
    }

    /// A local game whose people have these names (played on, resumed or loaded from
    /// a record, see [`Names::played_on`]): the ladders and the line mode's heading say
    /// them; the records are written with them by the session's storage, told the
    /// same names.
    pub fn with_people(mut self, names: Names) -> App {
        self.seat_people(names);
        self
    }

    /// Seats `names` as this game's people, and how its words say them (s36: a named
    /// hot-seat game's moves still said `Yellow played b1`).
    /// A seat with no name is said by its colour, or an AI's by its level (s37: `hard
    /// AI wins`, where a named person plays the AI).
    pub(crate) fn seat_people(&mut self, names: Names) {
        let named = |player: Player| names.of(player).map(crate::text::safe_text);
        let config = &self.config;
        let unnamed = |player: Player| match config.seat(player) {
            crate::ai::Seat::Human => player.to_string(),
            seat => crate::strings::seat_name(seat).to_owned(),
        };
        self.people_said = (!names.is_empty())
            .then(|| Player::BOTH.map(|player| named(player).unwrap_or_else(|| unnamed(player))));
        self.people = names;
    }

    /// A local game the start screen opened: `q` (and its question) goes back to
    /// the start screen, not out of the program; `Ctrl-c` still leaves the program.
    pub fn from_start(mut self) -> App {
        self.from_start = true;
        self
    }

    /// What a move or take-back refused at a local game's end says: its keys, `q`
    /// going back to the start screen when that opened the game.
    pub(crate) fn game_over_keyed(&self) -> Keyed {
        if self.from_start {
            Keyed::GameOverBack
        } else {
            Keyed::GameOver
        }
    }

    /// The game with `question` open, as a key would have opened it (tests).
    #[cfg(test)]
    pub(crate) fn asking(mut self, question: Question) -> App {
        self.overlay = Overlay::Question(question);
        self
    }

    /// Whether the start screen opened this game ([`App::from_start`]).
    pub fn is_from_start(&self) -> bool {
        self.from_start
    }

    /// The people's names of a local game from a record ([`App::with_people`]).
    pub fn people(&self) -> &Names {
        &self.people
    }

    /// A game served over the network: the seats marked in `remote` are played at
    /// another terminal (their moves come through [`App::remote_move`]), so this screen
    /// places no stone for them; nothing is saved on the server's disk, and a game with
    /// a remote seat can't be undone, redone, restarted or hinted from one side.
    pub fn served(mut self, remote: [bool; 2]) -> App {
        self.network = Some(Network::new(remote));
        self
    }

    /// Whether `player`'s stones are placed at another terminal.
    pub fn is_remote(&self, player: Player) -> bool {
        self.network
            .as_ref()
            .is_some_and(|served| served.remote[player.index()])
    }

    /// Says whether the autosave holds the game, so the quit question can say that
    /// quitting keeps it, or that it does not.
    pub fn with_autosave(mut self, autosaved: bool) -> App {
        self.keeping = Keeping::of(autosaved);
        self
    }

    /// The same, on an app in use: after every write of the autosave, which may fail.
    pub fn set_autosaved(&mut self, autosaved: bool) {
        self.keeping = Keeping::of(autosaved);
    }

    /// What the autosave holds of the game, on an app in use: [`Keeping::Saving`]
    /// while a write of it is on its way to the disk.
    pub(crate) fn set_keeping(&mut self, keeping: Keeping) {
        self.keeping = keeping;
    }

    /// Offers to continue an autosaved game (seats and settings included) instead of
    /// this one: a question shown at once. Yes swaps it in; any other key keeps this game.
    pub fn offer_resume(self, config: GameConfig, game: Game) -> App {
        self.offer(ResumeOffer {
            config,
            game,
            ..ResumeOffer::default()
        })
    }

    /// Offers `offer` ([`App::offer_resume`]) with its course and people's names.
    /// The new game a no starts instead is this one: the question names its people.
    pub fn offer(mut self, offer: ResumeOffer) -> App {
        let new_people = self.people.clone();
        self.resume_offer = Some(Box::new(ResumeOffer {
            new_people,
            ..offer
        }));
        self.overlay = Overlay::Question(Question::Resume);
        self
    }

    /// The autosaved game the resume question offers, while it is asked: what the
    /// line mode's readings (`board`, `score`, `moves`) describe there, the game the
    /// question is about (s36: they read the new empty board behind it).
    pub fn offered_game(&self) -> Option<&Game> {
        match self.overlay {
            Overlay::Question(Question::Resume) => self.resume_offer.as_ref().map(|o| &o.game),
            _ => None,
        }
    }

    /// The autosaved game offered and never answered: the player left at the
    /// question. An answer takes the offer, yes or no.
    pub(crate) fn unanswered_offer(&mut self) -> Option<Box<ResumeOffer>> {
        self.resume_offer.take()
    }

    /// The text of `question` as its box shows it, with the details only the app
    /// knows: a colour and its total joined by [`crate::text::NO_BREAK`], which the box's
    /// wrapping writes as a space.
    pub fn question_text(&self, question: Question) -> String {
        if let Some(named) = self.named_question(question, Answering::Keys) {
            return named;
        }
        question.text(
            Answering::Keys,
            self.keeping,
            self.resume_offer.as_deref(),
            self.config.seats,
            self.from_start,
        )
    }

    /// The box of `question` `columns` wide inside: its text and the answers a click
    /// picks ([`Question::boxed`]: the resume question's in fewer words where one of
    /// its answers would not be whole on a row); the other player's question at a
    /// table by its names ([`App::question_text`]).
    pub(crate) fn boxed_question(
        &self,
        question: Question,
        columns: usize,
    ) -> (String, Vec<String>) {
        if let Some(named) = self.named_question(question, Answering::Keys) {
            return (named, self.clickable_answers(question));
        }
        question.boxed(
            self.keeping,
            self.resume_offer.as_deref(),
            self.config.seats,
            self.from_start,
            columns,
        )
    }

    /// The answers of `question` a click in its box picks: yes, no, then save when
    /// offered ([`Question::clickable_answers`]).
    pub(crate) fn clickable_answers(&self, question: Question) -> Vec<String> {
        question.clickable_answers(
            self.keeping,
            self.resume_offer.as_deref(),
            self.config.seats,
            self.from_start,
        )
    }

    /// While the resume question is asked, what each of its answers does, by the
    /// action its key asks for ([`super::question::resume_answer_actions`]): the
    /// line mode's `help` there lists these, not the board's commands.
    pub(crate) fn resume_answer_actions(&self) -> Option<[(Action, String); 3]> {
        (self.overlay == Overlay::Question(Question::Resume)).then(|| {
            super::question::resume_answer_actions(
                self.resume_offer.as_deref(),
                self.config.seats,
                self.from_start,
            )
        })
    }

    /// The text of `question` in one line, its answers named `how` (the line mode's
    /// commands).
    pub(crate) fn question_words(&self, question: Question, how: Answering) -> String {
        let text = self.named_question(question, how).unwrap_or_else(|| {
            question.text(
                how,
                self.keeping,
                self.resume_offer.as_deref(),
                self.config.seats,
                self.from_start,
            )
        });
        crate::text::plain_spaces(&text).into_owned()
    }

    /// `question` on a status line `width` wide: whole if it fits, else shorter.
    pub fn question_status(&self, question: Question, width: u16) -> String {
        self.question_brief(question, width).text
    }

    /// `question` on a status line `width` wide, as [`App::question_status`] words
    /// it, with its answers' words there in the order [`App::clickable_answers`] gives
    /// them: what a click on the status line picks.
    pub(crate) fn question_brief(&self, question: Question, width: u16) -> Brief {
        let mut wordings = question.status_wordings(
            self.keeping,
            self.resume_offer.as_deref(),
            self.config.seats,
            self.from_start,
        );
        // The other player's question names them (and the stones) where it fits:
        // the whole question first, then the named brief, before the plain ones.
        if let Some(named) = self.named_question(question, Answering::Keys)
            && let Some(whole) = wordings.first_mut()
        {
            whole.text = crate::text::plain_spaces(&named).into_owned();
        }
        let at = 1.min(wordings.len());
        wordings.splice(at..at, self.named_briefs(question));
        super::question::fitting_brief(&wordings, width)
            .cloned()
            .unwrap_or_default()
    }

    /// The seats and AI settings.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The game: every move, position and score.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The square under the cursor.
    pub fn cursor(&self) -> Square {
        self.cursor.square()
    }

    /// What is drawn over the board.
    pub fn overlay(&self) -> Overlay {
        self.overlay
    }

    /// The key a turn of the mouse wheel (`down`, or up) stands for: over the help, a
    /// line's scroll of it (none where it shows whole: a key closes it). Nothing on the
    /// board: its arrows move the cursor, and the list of moves follows the game.
    pub(crate) fn wheel_key(&self, down: bool) -> Option<ratatui::crossterm::event::KeyEvent> {
        if self.key_context() != KeyContext::Help {
            return None;
        }
        let area = super::layout::above_status(self.area);
        super::help::wheel_key(&self.help_view(Look::PLAIN), area, down)
    }

    /// The help of this game, drawn with `look`, scrolled as it is: a game at a server
    /// table lists the table's keys, a spectator's its few; the claim keys are listed
    /// in a claim game.
    pub(crate) fn help_view(&self, look: Look) -> HelpView {
        HelpView {
            look,
            context: if self.spectating() {
                KeyContext::Watching
            } else if self.at_table() {
                KeyContext::Served
            } else if self.against_table_ai() {
                KeyContext::ServedAi
            } else {
                KeyContext::Board
            },
            ruleset: self.game.ruleset(),
            claims: self.game.claim_mode(),
            ai: self.config.seats.iter().any(|seat| *seat != Seat::Human),
            top: self.help_top,
            suspends: !self.is_served(),
            // A served game's own rows say where its `q` goes (the lobby).
            leaving: if self.from_start {
                Leaving::StartScreen
            } else {
                Leaving::Out
            },
            acts_as: None,
        }
    }

    /// The status-line message.
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// Sets the status-line message; `of_move` when it says what the stone just
    /// placed did.
    pub(super) fn set_message(&mut self, message: Message, of_move: bool) {
        self.message = Some(message);
        self.said = self.said.wrapping_add(1);
        self.said_of_move = of_move;
    }

    /// How many messages were set so far, and whether the last says what the stone
    /// just placed did: a view that says each message once compares the count.
    pub fn said(&self) -> (u64, bool) {
        (self.said, self.said_of_move)
    }

    /// Shows a notice from the session's storage.
    pub fn notify(&mut self, notice: Notice) {
        let message = match notice {
            Notice::Resumed(to_move) => self.resumed(to_move),
            notice => Message::notice(notice),
        };
        self.set_message(message, false);
    }

    /// What a resumed game says first: whose move, or, where the last stone's claim
    /// is still open here, that stone's claim prompt as it was when the game was left
    /// (s36: only `Resumed: Yellow to move`, no word of the claim). The line mode's
    /// words stay `Resumed`: its state line says who may still claim.
    pub(super) fn resumed(&self, to_move: Player) -> Message {
        let keyed = Message::keyed(super::message::MessageKind::Info, Keyed::Resumed(to_move));
        match self.last_move() {
            Some((last, Some(ClaimState::Pending)))
                if self.config.is_human(last.player) && !self.is_remote(last.player) =>
            {
                let prompt = Message::played(last, Some(ClaimState::Pending), None);
                Message {
                    text: crate::strings::message::resumed_then(&prompt.text),
                    short: prompt
                        .short
                        .as_deref()
                        .map(crate::strings::message::resumed_then),
                    ..keyed
                }
            }
            _ => keyed,
        }
    }

    /// Shows what a write of the session's storage came to.
    pub fn report(&mut self, report: &StorageReport) {
        let mut message = Message::storage(report);
        // The last stone's claim prompt stays first: the note that the game was kept
        // took its place, and nothing said the points could still be claimed.
        if let (StorageReport::Archived(path), Some(_), Some(last)) =
            (report, self.final_claim_open(), self.game.last())
        {
            let path = crate::text::display_path(path);
            message = Message::kept_claim_open(last, &path);
            self.kept_claim_open = Some(path);
        } else if let (StorageReport::Archived(_) | StorageReport::ArchivedBeside { .. }, true) =
            (report, self.is_over())
            && let Some(stone) = &self.message
            && (self.said_of_move || self.says_the_ending(&stone.text))
        {
            // The note replaces the line of the stone that filled the board, or of
            // how the game ended (a resignation, a flag): it says that line too, so
            // what the stone made (qa29) and how the game ended (s38: `bob
            // resigned` was on screen nowhere, the turn line's winner alone beside
            // the keys) stay on screen. Kept in the history, on one row where it
            // can be (s39: at 44×16 its box hid the final position).
            message = match report {
                StorageReport::Archived(path) => {
                    Message::kept(&crate::text::display_path(path), Some(stone))
                }
                _ => Message::keyed(
                    super::message::MessageKind::Info,
                    super::message::Keyed::KeptAfterLast(stone.text.clone(), message.text),
                ),
            };
        }
        self.set_message(message, false);
    }

    /// The way out waits for the disk to take the writes asked (a slow disk): the
    /// question answered goes, and the status row says so ([`crate::strings::storage::SAVING`]),
    /// the line mode printing it as a line.
    pub(crate) fn saving_on_the_way_out(&mut self) {
        self.overlay = Overlay::None;
        let message = Message::with_short(
            super::message::MessageKind::Info,
            crate::strings::storage::SAVING,
            crate::strings::storage::SAVING_SHORT.to_owned(),
        );
        self.set_message(message, false);
    }

    /// Shows what a write came to that came back after newer news was said on the
    /// status row (a slow disk: `s`, then a move, its `Saved to` a second later): the
    /// newer line stays first and the report follows it, so nothing said since the
    /// write was asked is hidden (s38: `Yellow played c3 (section 1)` was replaced by
    /// `Saved to ...`). The line mode, which said the newer line as it came, says the
    /// report alone.
    pub fn report_late(&mut self, report: &StorageReport) {
        let Some(newer) = self.message.as_ref() else {
            self.report(report);
            return;
        };
        let said = Message::storage(report);
        let late = Keyed::LateReport {
            newer: newer.text.clone(),
            report: said.text.clone(),
            line: said.line_words().into_owned(),
        };
        self.set_message(Message::keyed(said.kind, late), false);
    }

    /// Whether `text` says how this game ended early ([`App::tells_the_ending`]).
    fn says_the_ending(&self, text: &str) -> bool {
        self.played()
            .course
            .ending()
            .is_some_and(|ending| self.tells_the_ending(ending, text))
    }

    /// The square the hard AI suggested, until the game changes.
    pub fn hint(&self) -> Option<Square> {
        self.hint
    }

    /// What the AI is thinking about, if anything.
    pub fn thinking(&self) -> Option<AiJob> {
        self.ai.waiting()
    }

    /// Frame of the thinking indicator.
    pub fn spinner(&self) -> usize {
        self.spinner
    }

    /// Whether the app is done.
    pub fn should_quit(&self) -> bool {
        self.quit.is_some()
    }

    /// Whether the app was left with `Ctrl-c` (not by `q` and its question): over
    /// the network, the session ends and the table takes it as a dropped link.
    pub fn forced_out(&self) -> bool {
        self.quit == Some(Quit::Forced)
    }

    /// The screen size the app last saw.
    pub fn area(&self) -> Rect {
        self.area
    }

    /// Whether a game has started and not finished: quitting it would lose it.
    pub fn in_progress(&self) -> bool {
        self.played().in_progress()
    }

    /// Whether the game is over: the board is full, or it ended early.
    pub fn is_over(&self) -> bool {
        self.played().is_over()
    }

    /// The game with its course (how it ended), as saves and records take it.
    pub fn played(&self) -> Played<'_> {
        Played::new(&self.game, &self.course)
    }

    /// The game's course beside its moves.
    pub fn course(&self) -> &Course {
        &self.course
    }

    /// The early ending, if the game had one.
    pub fn ending(&self) -> Option<Ending> {
        self.course.ending()
    }

    /// Continues the game with this course (a resumed or loaded game's). A course
    /// without clocks keeps the set-up's (`--clock` on a loaded game): they start
    /// from the base time.
    pub fn with_course(mut self, course: Course) -> App {
        let fresh = self.course.clock().cloned();
        self.course = course;
        if self.course.clock().is_none() && fresh.is_some() {
            // Synced to the board's moves when the game starts.
            self.course = Course::with_clock(fresh);
        }
        self
    }

    /// The people's names of the autosaved game offered ([`App::offer_resume`]): a yes
    /// names them as that game's record did.
    pub fn with_resume_people(mut self, names: Names) -> App {
        if let Some(offer) = &mut self.resume_offer {
            offer.people = names;
        }
        self
    }

    /// Tells the app the time now: the event loop calls it at every wake, before the
    /// input; tests pass their own instants. The clocks are read at this time.
    pub fn set_now(&mut self, now: Instant) {
        self.now = Some(now);
        // A game opened before the time was known (play on from the replay viewer)
        // starts its clock now.
        if self.course.clock().is_some_and(|c| !c.is_running()) && !self.is_over() {
            self.sync_clock();
        }
    }

    /// The time the player to move has used on the turn under way, for the autosave to
    /// note ([`crate::session::Storage::note_thinking`]): while a clock runs in a local
    /// game in progress whose autosave holds it. `None` otherwise (no clock, or one
    /// stopped: the game over, the resume question asked; a served game, whose
    /// server notes its clocks; no autosave).
    pub fn thinking_to_note(&self) -> Option<Duration> {
        // A write on its way holds the game as it is, as the note would.
        if self.keeping == Keeping::NotKept {
            return None;
        }
        self.course.clock().filter(|c| c.is_running())?;
        self.turn_used()
    }

    /// The time the player to move has used on the turn under way in a local game in
    /// progress with clocks, running or stopped (a resumed game's charged turn under
    /// the resume question): what every autosave of it keeps. `None` for a served
    /// game, whose server keeps its clocks.
    pub fn turn_used(&self) -> Option<Duration> {
        if self.is_served() || self.is_over() {
            return None;
        }
        Some(self.course.clock()?.thought(self.now?))
    }

    /// [`Effect::NoteThinking`](super::effect::Effect::NoteThinking) when a note is
    /// due: the turn under way has [`NOTE_THINKING_EVERY`] of thinking or more (a
    /// move's own autosave holds the turn's start) and the last note is that long ago,
    /// so a clock that runs writes at most once every 2 s and a stopped one never.
    ///
    /// [`NOTE_THINKING_EVERY`]: crate::session::NOTE_THINKING_EVERY
    pub(super) fn note_due(&mut self) -> Option<super::effect::Effect> {
        let every = crate::session::NOTE_THINKING_EVERY;
        let now = self.now?;
        let used = self.thinking_to_note()?;
        let due = used >= every
            && self
                .noted
                .is_none_or(|at| now.saturating_duration_since(at) >= every);
        due.then(|| {
            self.noted = Some(now);
            super::effect::Effect::NoteThinking
        })
    }

    /// The program was stopped (`Ctrl-z`) from `from` until `to` (`fg`): a running
    /// clock stands still over it, as over a game left and resumed, where the board was
    /// hidden and no move could be made (the system's clock ran on, and a long stop
    /// lost the game on time at `fg`). The turn's thinking before and after counts.
    pub fn suspended(&mut self, from: Instant, to: Instant) {
        // A served game's clocks are its server's, which no local stop holds.
        if self.is_served() {
            return;
        }
        if let Some(clock) = self.course.clock_mut().filter(|c| c.is_running()) {
            clock.pause(from);
            clock.start(to);
        }
        self.now = Some(to);
    }

    /// `player`'s time left now, if the game has clocks.
    pub fn clock_left(&self, player: Player) -> Option<Duration> {
        let clock = self.course.clock()?;
        let now = self.now?;
        Some(clock.remaining(player, now))
    }

    /// How long until a running clock shows another second or its flag falls: the
    /// event loop wakes then, so the clock is drawn and the flag falls with no key
    /// pressed. `None` when no clock runs (the loop then sleeps until an input).
    pub fn clock_wake(&self) -> Option<Duration> {
        let clock = self.course.clock()?;
        // A millisecond late, so the second shown has surely changed.
        let change = clock.next_change(self.now?)? + Duration::from_millis(1);
        // The AI's wait for a claim ends on time, not only at the next second.
        Some(match self.claim_wait_left() {
            Some(left) => change.min(left + Duration::from_millis(1)),
            None => change,
        })
    }

    /// Under a clock, how long the AI to move still waits for the person's claim: it
    /// waits no longer than the share of its time it would think for (qa37: it
    /// waited on its own clock until its flag fell, so a person won on time by not
    /// pressing Enter). `None` without a clock or a wait.
    pub fn claim_wait_left(&self) -> Option<Duration> {
        let clock = self.course.clock().filter(|c| c.is_running())?;
        let now = self.now?;
        if !self.waits_for_claim() {
            return None;
        }
        let budget = self.ai_share(clock.banked(self.game.to_move()))?;
        Some(budget.saturating_sub(clock.thought(now)))
    }

    /// The share of `left` on its clock the AI to move thinks for under the game's
    /// clock ([`crate::session::ai_budget`] over the mover's moves to come): what it is
    /// asked to think for, and how long it waits for a claim. `None` without a clock.
    pub(super) fn ai_share(&self, left: Duration) -> Option<Duration> {
        let clock = self.course.clock()?;
        let moves_left = self.game.position().empty_sections().div_ceil(2);
        Some(crate::session::ai_budget(
            left,
            clock.control().increment(),
            moves_left,
        ))
    }

    /// The digits of the claim being typed after `+`, if one is.
    pub fn claim_entry(&self) -> Option<&str> {
        match &self.claim_entry {
            Some(ClaimTyping::Digits(digits)) => Some(digits),
            Some(ClaimTyping::Refused(_)) | None => None,
        }
    }

    /// In a claim game, whether the AI to move waits for a person's claim: the last
    /// stone is a person's, and the person has not let the AI play on (Enter). A claim
    /// made meanwhile stays on screen (message and highlight) until that Enter. The AI
    /// may think meanwhile; its move is played after. Under a clock the wait ends by
    /// itself ([`App::claim_wait_left`]).
    pub fn awaits_claim(&self) -> bool {
        self.waits_for_claim() && self.claim_wait_left() != Some(Duration::ZERO)
    }

    /// [`App::awaits_claim`] with no regard to the clock.
    fn waits_for_claim(&self) -> bool {
        let game = &self.game;
        let Some(last) = game.last() else {
            return false;
        };
        game.claim_mode()
            && !self.go_on
            && !self.is_over()
            && self.config.is_human(last.player)
            && !self.config.is_human(game.to_move())
    }

    /// The person here whose stone filled the board and may still claim it: no
    /// next stone will forfeit that claim, so it stays open after the game is over
    /// (the result then counts it). `None` in any other case.
    pub fn final_claim_open(&self) -> Option<Player> {
        self.final_claim_pending()
            .filter(|&player| !self.is_remote(player))
    }

    /// [`App::final_claim_open`] in a game played here, not at a server table (whose
    /// `n` and `q` are the table's): `n` and `q` ask before they forfeit it.
    pub(crate) fn claim_open_here(&self) -> Option<Player> {
        self.final_claim_open().filter(|_| !self.is_served())
    }

    /// [`App::final_claim_open`] whoever's screen this is: at a table also the other
    /// player's stone, its claim to come from their terminal (s33: the screen that
    /// waited on it said `bob wins`, a result the claim could change). Not the other
    /// player's stone that scored nothing, whose points this screen shows: no claim
    /// of it can change the result, and none is waited on (qa44: the other player's
    /// screen said `alice may claim +0`); on its own player's screen the claim stays
    /// open, as any stone's does, so that screen gives nothing away, except at a
    /// server, whose table ends such a game at once and takes no claim after it (s40:
    /// the claimer's screen still said `You may claim`).
    pub fn final_claim_pending(&self) -> Option<Player> {
        let (last, state) = self.last_move()?;
        (self.is_over()
            && self.ending().is_none()
            && state == Some(ClaimState::Pending)
            && self.config.is_human(last.player)
            && (last.points > 0 || !(self.is_remote(last.player) || self.is_served())))
        .then_some(last.player)
    }

    /// The last stone and what may be shown of it: in a claim game, its claim state.
    pub fn last_move(&self) -> Option<(&Placement, Option<ClaimState>)> {
        let last = self.game.last()?;
        Some((last, self.game.claim_state(self.game.len() - 1)))
    }

    /// The contexts a key is looked up in now, in order: on the board, a server
    /// table's own keys, then a claim game's, come before the board's.
    pub(crate) fn key_contexts(&self) -> Vec<KeyContext> {
        match self.key_context() {
            KeyContext::Board => {
                let mut contexts = Vec::with_capacity(3);
                if self.at_table() {
                    contexts.push(KeyContext::Served);
                } else if self.against_table_ai() {
                    contexts.push(KeyContext::ServedAi);
                }
                if self.game.claim_mode() {
                    contexts.push(KeyContext::ClaimGame);
                }
                contexts.push(KeyContext::Board);
                contexts
            }
            context => vec![context],
        }
    }

    /// The keys' context now.
    pub fn key_context(&self) -> KeyContext {
        match self.overlay {
            // Served, the enlarge screen shows a question, and takes its answer.
            Overlay::Question(_) if self.is_served() => KeyContext::Question,
            // q goes back there: to a served screen's lobby, or to the start screen.
            _ if ScreenLayout::new(self.area).is_none()
                && (self.is_served() || self.from_start) =>
            {
                KeyContext::TooSmallGoesBack
            }
            _ if ScreenLayout::new(self.area).is_none() => KeyContext::TooSmall,
            Overlay::None if self.claim_entry().is_some() => KeyContext::ClaimEntry,
            Overlay::None => KeyContext::Board,
            Overlay::Help => KeyContext::Help,
            Overlay::Question(Question::Resume) => KeyContext::ResumeQuestion,
            Overlay::Question(_) => KeyContext::Question,
        }
    }
}
