//! The replay viewer's state: pure, like a game's `App`. Inputs (keys, timer ticks)
//! go in, effects come out; `replay_screen` draws it and the one event loop runs it,
//! as it runs a game.
//!
//! Every total and message comes from the rules' [`Game`] of the record: the viewer
//! only chooses how many of its moves to show.

use std::time::Duration;

use ratatui::layout::Rect;

use crate::record::{Mark, Record};
use crate::review::{MoveReview, PositionValue};
use crate::rules::{Game, Placement, Position};
use crate::strings::question::Answering;
use crate::strings::{analysis as analysis_words, message, question};

use super::effect::{Effect, Effects, Input};
use super::help::HelpView;
use super::keymap::{self, Action, KeyContext};
use super::look::Look;
use super::message::{Keyed, Message, MessageKind};
use super::replay_analysis::{Analysis, Deep};

/// Autoplay delays between moves, slowest first.
pub const SPEEDS: [Duration; 6] = [
    Duration::from_millis(4000),
    Duration::from_millis(2000),
    Duration::from_millis(1000),
    Duration::from_millis(500),
    Duration::from_millis(250),
    Duration::from_millis(100),
];
/// The autoplay speed at start: one move a second.
const DEFAULT_SPEED: usize = 2;
/// The longest move number typed after `g`.
pub(crate) const GOTO_DIGITS: usize = 3;

/// What is drawn over the viewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayOverlay {
    /// Nothing.
    None,
    /// The help.
    Help,
    /// Play on from the move shown, dropping the later ones?
    ConfirmContinue,
}

/// How the viewer ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayExit {
    /// The viewer was closed.
    Quit,
    /// `Ctrl-c`: leave at once, from a review after a game too.
    ForceQuit,
    /// Play on from the position after this many moves.
    Continue(usize),
}

const VIEW: [Effect; 1] = [Effect::Redraw];
const MOVED: [Effect; 2] = [Effect::Redraw, Effect::RestartTimer];

/// The whole state of the replay viewer.
#[derive(Debug, Clone)]
pub struct ReplayState {
    /// What the title shows: usually the file name.
    name: String,
    /// A shorter title for a narrow header ([`ReplayState::with_short_name`]).
    short_name: Option<String>,
    tags: Vec<(String, String)>,
    /// Every move of the record, played by the rules.
    game: Game,
    /// How many moves are shown: 0 (the empty board) to `game.len()`.
    at_move: usize,
    autoplay: bool,
    speed: usize,
    /// The move number typed after `g`, while typing.
    goto: Option<String>,
    overlay: ReplayOverlay,
    /// The help's first line shown, while [`ReplayOverlay::Help`] is.
    help_top: u16,
    /// A message that replaces the move's own until the next key.
    message: Option<Message>,
    exit: Option<ReplayExit>,
    area: Rect,
    /// The record's mark and comments after each move.
    notes: Vec<(Option<Mark>, Vec<String>)>,
    /// The record's comments before the first move.
    game_comments: Vec<String>,
    /// The engine's verdicts, as they arrive.
    analysis: Analysis,
    /// Whether the analysis panel is open.
    panel: bool,
    /// The record's clocks (`TimeControl` and each move's `%clk`), if it has them.
    clock: Option<crate::session::Clock>,
    /// How the record's game ended, when not by a full board.
    ending: Option<crate::session::Ending>,
    /// At a server ([`ReplayState::served`]): why there is no review to show yet,
    /// if there is none; playing on is not offered there.
    served: Option<Option<String>>,
    /// Who sat in each seat, as the record's tags say (`None`: they don't).
    seats: [Option<crate::ai::Seat>; 2],
    /// The record's people's names, for a game played on from it ([`ReplayState::names_for`]).
    people: crate::session::Names,
    /// The review of the game under it ([`ReplayState::over_game`]): `q` goes back to
    /// that game, behind the "please enlarge" screen too.
    over_game: bool,
    /// Opened by the start screen ([`ReplayState::from_start`]): `q` goes back to it.
    from_start: bool,
}

/// The widest a record's name is said in the replay's result (a server's names are
/// at most 16 columns).
const REPLAY_NAME_COLUMNS: usize = 16;

impl ReplayState {
    /// The viewer on `game` (the record's moves, played), at the start.
    pub fn new(name: impl Into<String>, record: &Record, game: Game) -> ReplayState {
        let notes = (0..game.len())
            .map(|i| (record.mark(i), record.comments(i).to_vec()))
            .collect();
        let analysis = Analysis::new(game.len());
        // A checked record: a bad tag here reads as none (the game was played without).
        let course = crate::session::Course::of_record(record).unwrap_or_default();
        ReplayState {
            clock: course.clock().cloned(),
            ending: course.ending(),
            name: name.into(),
            short_name: None,
            tags: record
                .tags()
                .map(|(n, v)| (n.to_owned(), v.to_owned()))
                .collect(),
            game,
            at_move: 0,
            autoplay: false,
            speed: DEFAULT_SPEED,
            goto: None,
            overlay: ReplayOverlay::None,
            help_top: 0,
            message: None,
            exit: None,
            area: Rect::new(0, 0, 80, 24),
            notes,
            game_comments: record.game_comments().to_vec(),
            analysis,
            panel: false,
            served: None,
            seats: crate::rules::Player::BOTH.map(|p| crate::session::seat_in(record, p)),
            people: crate::session::Names::people_in(record),
            over_game: false,
            from_start: false,
        }
    }

    /// The viewer at a server: the engine's review made there, as kept (each
    /// position's value), or, without one, `pending` saying when it comes; the
    /// review is never run here, and playing on is not offered.
    pub fn served(mut self, review: Option<Vec<PositionValue>>, pending: String) -> ReplayState {
        self.analysis.request();
        match review {
            Some(values) => {
                for (index, value) in values.into_iter().enumerate() {
                    self.analysis.set(&self.game, index, value);
                }
                self.analysis.finish();
                self.served = Some(None);
            }
            None => self.served = Some(Some(pending)),
        }
        self
    }

    /// The server's review, made after this replay of its game opened: shown as if it
    /// had been there at the start, and said on the message line.
    pub fn review_arrived(&mut self, review: Vec<PositionValue>) -> Effects {
        for (index, value) in review.into_iter().enumerate() {
            self.analysis.set(&self.game, index, value);
        }
        self.analysis.finish();
        self.served = Some(None);
        self.message = Some(Message::keyed(MessageKind::Info, Keyed::ReviewArrived));
        VIEW.to_vec()
    }

    /// The server's review will not come (it could not be made or kept): said now,
    /// and by `a`, `]` and `[` from here on in place of "it shows here when it is
    /// ready", so nothing waits for it and no jump says "no mistake".
    pub fn review_not_made(&mut self) -> Effects {
        let said = crate::strings::club::REVIEW_NOT_MADE;
        self.served = Some(Some(said.to_owned()));
        self.message = Some(Message::new(MessageKind::Error, said));
        VIEW.to_vec()
    }

    /// A server's game whose review is still to be made: what the server said of it
    /// (when to open the game again, unless it comes while the replay is open).
    pub fn review_pending(&self) -> Option<&str> {
        self.served.as_ref().and_then(|pending| pending.as_deref())
    }

    /// Whether this is a server's game ([`ReplayState::served`]): no playing on.
    pub fn is_served(&self) -> bool {
        self.served.is_some()
    }

    /// `player`'s time left after the moves shown, if the record has clocks: the
    /// time their last move shown left, or the starting time; at the last move, the
    /// clocks as the game ended ([`Clock::standing`](crate::session::Clock::standing)):
    /// a fallen flag at 0, a mover who resigned or got up after thinking charged that
    /// thinking (`TurnUsed`), as the game's own screen showed them at its end.
    pub fn clock_left(&self, player: crate::rules::Player) -> Option<std::time::Duration> {
        let clock = self.clock.as_ref()?;
        let history = clock.history();
        if self.at_move >= self.game.len() && self.at_move >= history.len() {
            return Some(clock.standing(player));
        }
        let at_move = self.at_move.min(history.len());
        let at = crate::session::Clock::with_history(clock.control(), history[..at_move].to_vec());
        Some(at.banked(player))
    }

    /// How the game ended early (time, resignation, abandonment), once its last move is shown.
    pub fn ending(&self) -> Option<crate::session::Ending> {
        self.ending.filter(|_| self.at_move == self.game.len())
    }

    /// The result shown at the move shown: none before the end; an early ending's
    /// winner; else the game's ([`Game::outcome`](crate::rules::Game::outcome): on the
    /// points claimed in a claim game, where the position's full totals count what
    /// was forfeited too). A full board is the record's last move.
    pub fn outcome(&self) -> Option<crate::rules::Outcome> {
        if let Some(ending) = self.ending() {
            return Some(crate::rules::Outcome::Winner(ending.winner()));
        }
        if !self.position().is_over() {
            return None;
        }
        self.game.outcome()
    }

    /// The players' names of a record that names a person (s32: only a server's,
    /// with its key tags, did; a local game's with its players' names said colours):
    /// a person's name as the record gives it, made safe and cut to
    /// [`REPLAY_NAME_COLUMNS`] (a record's tags are a stranger's text), an AI by its
    /// level (`hard AI`). `None` for a record naming no person, a seat neither
    /// names, or two seats named alike: its ending is said by colours.
    pub(crate) fn names(&self) -> Option<[String; 2]> {
        use crate::rules::Player;
        if Player::BOTH.iter().all(|&p| self.people.of(p).is_none()) {
            return None;
        }
        let name = |player: Player| match (self.people.of(player), self.seats[player.index()]) {
            (Some(name), _) => Some(crate::text::safe_within(
                name,
                REPLAY_NAME_COLUMNS,
                crate::text::MAX_SHOWN_BYTES,
            )),
            (None, Some(seat)) if seat != crate::ai::Seat::Human => {
                Some(crate::strings::seat_name(seat).to_owned())
            }
            _ => None,
        };
        let names = [name(Player::Blue)?, name(Player::Yellow)?];
        (names[0] != names[1]).then_some(names)
    }

    /// How the game ended, once its last move is shown: by the players' names in a
    /// record that gives them ([`ReplayState::names`]: `bob wins: alice resigned`), else
    /// by colours (`Yellow wins: Blue resigned`); `None` before the end.
    pub(crate) fn result_words(&self) -> Option<String> {
        let names = self.names();
        match (self.ending(), self.outcome(), names) {
            (Some(ending), _, Some(names)) => Some(crate::strings::table::named_ending(
                ending,
                crate::strings::table::Who::both(&names),
            )),
            (Some(ending), _, None) => Some(crate::strings::describe::ending(ending)),
            (None, Some(outcome), Some(names)) => Some(crate::strings::table::named_outcome(
                outcome,
                crate::strings::table::Who::both(&names),
            )),
            (None, Some(outcome), None) => Some(outcome.to_string()),
            (None, None, _) => None,
        }
    }

    /// [`ReplayState::result_words`] within a sentence, after `Game over: ` (s36: the
    /// full screen's and the line mode's `Game over: Yellow wins: Blue resigned`, two
    /// colons): `bob wins, alice resigned`, `Yellow wins, Blue resigned`, `a draw`.
    pub(crate) fn result_within(&self) -> Option<String> {
        use crate::strings::table::{Who, ending_within, outcome_within};
        let names = self
            .names()
            .unwrap_or_else(|| crate::rules::Player::BOTH.map(|p| p.to_string()));
        let said = Who::both(&names);
        match (self.ending(), self.outcome()) {
            (Some(ending), _) => Some(ending_within(ending, said)),
            (None, Some(outcome)) => Some(outcome_within(outcome, said)),
            (None, None) => None,
        }
    }

    /// The viewer as it was, ready to open again after it quit (a review left with
    /// `q` and opened again with `r`).
    pub fn reopened(mut self) -> ReplayState {
        self.exit = None;
        self.message = None;
        self
    }

    /// The record's mark after move `number` (1-based), if it has one.
    pub fn mark(&self, number: usize) -> Option<Mark> {
        number
            .checked_sub(1)
            .and_then(|i| self.notes.get(i))
            .and_then(|(mark, _)| *mark)
    }

    /// The record's comments after move `number` (1-based); those before the first
    /// move for 0.
    pub fn comments(&self, number: usize) -> &[String] {
        match number.checked_sub(1) {
            None => &self.game_comments,
            Some(i) => self.notes.get(i).map_or(&[], |(_, c)| c.as_slice()),
        }
    }

    /// The game's analysis so far.
    pub fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    /// Whether the analysis panel is open.
    pub fn panel(&self) -> bool {
        self.panel
    }

    /// The review of the move shown last, once analysed.
    pub fn current_review(&self) -> Option<&MoveReview> {
        self.analysis.move_review(self.at_move)
    }

    /// Opens the analysis panel; the first time, asks the event loop to start the
    /// analysis ([`Effect::Analyse`]). Review after a game opens the viewer this way.
    pub fn open_panel(&mut self) -> Effects {
        self.panel = true;
        let mut effects = VIEW.to_vec();
        if self.analysis.request() {
            effects.push(Effect::Analyse);
        }
        effects
    }

    /// `D`: starts the deep review of every position not valued exactly or deeply
    /// yet ([`Effect::DeepReview`], in place of the analysis running), with the panel
    /// open; while it runs, stops it ([`Effect::StopAnalysis`]), keeping what it found,
    /// and has the positions still without a value analysed ([`Effect::AnalyseRest`]).
    fn deep_review(&mut self) -> Effects {
        if self.served.is_some() {
            self.message = Some(Message::new(
                MessageKind::Info,
                analysis_words::DEEP_AT_SERVER,
            ));
            return VIEW.to_vec();
        }
        if let Some(Deep::Running { done, total }) = self.analysis.deep() {
            self.analysis.stop_deep();
            self.message = Some(Message::keyed(
                MessageKind::Info,
                Keyed::DeepStopped(done, total),
            ));
            let mut effects = VIEW.to_vec();
            effects.push(Effect::StopAnalysis);
            // The deep review took the analysis's place: the positions it left with no
            // value are analysed as before, or the panel and `]` waited for ever.
            let rest = self.analysis.unvalued();
            if !rest.is_empty() {
                effects.push(Effect::AnalyseRest(rest));
            }
            return effects;
        }
        let positions = self.analysis.to_deepen();
        if positions.is_empty() {
            self.message = Some(Message::new(
                MessageKind::Info,
                analysis_words::DEEP_NOTHING_LEFT,
            ));
            return VIEW.to_vec();
        }
        self.analysis.start_deep(positions.len());
        self.panel = true;
        self.message = Some(Message::keyed(
            MessageKind::Info,
            Keyed::DeepStarted(positions.len()),
        ));
        let mut effects = VIEW.to_vec();
        effects.push(Effect::DeepReview(positions));
        effects
    }

    /// The value of the position after `index` moves has arrived.
    pub fn analysis_result(&mut self, index: usize, value: PositionValue) -> Effects {
        self.analysis.set(&self.game, index, value);
        self.settle_mistake_search();
        if self.panel {
            VIEW.to_vec()
        } else {
            Vec::new()
        }
    }

    /// No more analysis results will come.
    pub fn analysis_finished(&mut self) -> Effects {
        let deep = self.analysis.deep();
        self.analysis.finish();
        self.settle_mistake_search();
        if let (Some(Deep::Running { .. }), Some(Deep::Done { total })) =
            (deep, self.analysis.deep())
        {
            self.message = Some(Message::new(
                MessageKind::Info,
                analysis_words::deep_done(total),
            ));
        }
        VIEW.to_vec()
    }

    /// The analysis ended on an internal error (a panic in its thread): no more
    /// results will come, and the message line says why the values stop there.
    pub fn analysis_failed(&mut self) -> Effects {
        let effects = self.analysis_finished();
        self.message = Some(Message::new(
            MessageKind::Error,
            analysis_words::ANALYSIS_FAILED,
        ));
        effects
    }

    /// Once the analysis is done, a `]` or `[` that found nothing "yet" is not left
    /// saying the analysis still runs: it says there is none, or goes where there
    /// is one now (the key finds it).
    fn settle_mistake_search(&mut self) {
        if !self.analysis.finished() {
            return;
        }
        for later in [true, false] {
            let pending = analysis_words::no_mistake(later, false);
            if self.message.as_ref().is_some_and(|m| m.text == pending) {
                let found = if later {
                    self.analysis.next_mistake(self.at_move)
                } else {
                    self.analysis.previous_mistake(self.at_move)
                };
                self.message = match found {
                    Some(_) => None,
                    None => Some(Message::new(
                        MessageKind::Info,
                        analysis_words::no_mistake(later, true),
                    )),
                };
            }
        }
    }

    /// The title: the file name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The viewer with a shorter title, which the header says where the whole one
    /// leaves no room for the date.
    pub fn with_short_name(mut self, short: impl Into<String>) -> ReplayState {
        self.short_name = Some(short.into());
        self
    }

    /// The shorter title, if it has one.
    pub fn short_name(&self) -> Option<&str> {
        self.short_name.as_deref()
    }

    /// The viewer as the review of the finished game under it (`r`), which its `q`
    /// goes back to.
    pub(crate) fn over_game(mut self) -> ReplayState {
        self.over_game = true;
        self
    }

    /// The viewer the start screen opened (its replay door): `q` goes back to it,
    /// behind the "please enlarge" screen too, and so does a game played on from it
    /// ([`super::App::from_start`]); `Ctrl-c` leaves the program.
    pub fn from_start(mut self) -> ReplayState {
        self.from_start = true;
        self
    }

    /// Whether the start screen opened the viewer ([`ReplayState::from_start`]).
    pub fn is_from_start(&self) -> bool {
        self.from_start
    }

    /// Whether it is the review of the game under it ([`ReplayState::over_game`]).
    pub(crate) fn is_over_game(&self) -> bool {
        self.over_game
    }

    /// Who sat in `player`'s seat, as the record's tags say.
    pub fn seat(&self, player: crate::rules::Player) -> Option<crate::ai::Seat> {
        self.seats[player.index()]
    }

    /// The record's clocks' time control, if it has clocks.
    pub fn time_control(&self) -> Option<crate::record::TimeControl> {
        self.clock.as_ref().map(|c| c.control())
    }

    /// The record's tags, in order.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of tag `name`, if the record has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The whole game of the record.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// How many moves are shown (0 = the empty board).
    pub fn at_move(&self) -> usize {
        self.at_move
    }

    /// How many moves the record has.
    pub fn len(&self) -> usize {
        self.game.len()
    }

    /// Whether the record has no move at all.
    pub fn is_empty(&self) -> bool {
        self.game.is_empty()
    }

    /// The position after the moves shown.
    pub fn position(&self) -> &Position {
        self.game.position_at(self.at_move)
    }

    /// The move shown last (the one that led to [`ReplayState::position`]).
    pub fn current(&self) -> Option<&Placement> {
        self.at_move
            .checked_sub(1)
            .and_then(|i| self.game.placements().get(i))
    }

    /// Whether autoplay runs.
    pub fn autoplay(&self) -> bool {
        self.autoplay
    }

    /// The time between two autoplay moves, while autoplay runs.
    pub fn autoplay_delay(&self) -> Option<Duration> {
        self.autoplay.then_some(SPEEDS[self.speed])
    }

    /// The autoplay delay, whether or not it runs.
    pub fn speed(&self) -> Duration {
        SPEEDS[self.speed]
    }

    /// The move number typed after `g`, while typing.
    pub fn goto(&self) -> Option<&str> {
        self.goto.as_deref()
    }

    /// What is drawn over the viewer.
    pub fn overlay(&self) -> ReplayOverlay {
        self.overlay
    }

    /// A message replacing the move's own (an error, a hint).
    pub fn message(&self) -> Option<(MessageKind, &str)> {
        self.message.as_ref().map(|m| (m.kind, m.text.as_str()))
    }

    /// How the viewer ended, once it has.
    pub fn exit(&self) -> Option<ReplayExit> {
        self.exit
    }

    /// The screen size last seen.
    pub fn area(&self) -> Rect {
        self.area
    }

    /// The question shown while [`ReplayOverlay::ConfirmContinue`] is up.
    pub fn continue_question(&self) -> String {
        self.continue_words(Answering::Keys)
    }

    /// The play-on question's answers a click picks in its box, as its whole text on
    /// the full screen words them: play on, then stay ([`question::key_answers`], as
    /// every question of a game gives its own).
    pub(crate) fn continue_answers(&self) -> Vec<String> {
        question::key_answers(question::PLAY_ON.yes, None, question::PLAY_ON.no)
    }

    /// The play-on question, its answers named `how` (the line mode's commands).
    pub(crate) fn continue_words(&self, how: Answering) -> String {
        match self.ending() {
            // The last move of a game resigned, lost on time or abandoned: it is
            // played on only when asked, and the question says the ending is left out.
            Some(ending) => question::play_on_ended(
                self.at_move,
                &crate::strings::describe::ending(ending),
                how,
            ),
            None => question::play_on(self.at_move, self.len() - self.at_move, how),
        }
    }

    /// The play-on question on a status line `width` wide: whole if it fits, else shorter.
    pub fn continue_status(&self, width: u16) -> String {
        self.continue_brief(width).text
    }

    /// The play-on question on a status line `width` wide, as [`Self::continue_status`]
    /// words it, with its answers' words there in the order of
    /// [`Self::continue_answers`]: what a click on the status line picks (s26: only
    /// the box took one).
    pub(crate) fn continue_brief(&self, width: u16) -> question::Brief {
        let dropped = self.len() - self.at_move;
        let short = match self.ending() {
            Some(_) => question::play_on_ended_short(self.at_move),
            None => question::play_on_short(self.at_move, dropped),
        };
        let wordings = [
            question::Brief {
                text: self.continue_question(),
                answers: self.continue_answers(),
            },
            short,
            question::play_on_answers(),
        ];
        super::question::fitting_brief(&wordings, width)
            .cloned()
            .unwrap_or_default()
    }

    /// The people's names of a game played on from this record with `seats`
    /// ([`crate::session::Names::played_on`]).
    pub fn names_for(&self, seats: [crate::ai::Seat; 2]) -> crate::session::Names {
        self.people.clone().seated(seats)
    }

    /// The game to play on with after [`ReplayExit::Continue`]: the first `n` moves.
    pub fn game_at(&self, n: usize) -> Game {
        let mut game = self.game.clone();
        game.truncate(n);
        game
    }

    /// The help of the viewer, drawn with `look`, scrolled as it is.
    pub(crate) fn help_view(&self, look: Look) -> HelpView {
        HelpView {
            look,
            context: KeyContext::Replay,
            ruleset: self.game.ruleset(),
            claims: self.game.claim_mode(),
            ai: false,
            top: self.help_top,
            suspends: !self.is_served(),
            leaving: self.leaving(),
            acts_as: None,
        }
    }

    /// Where the viewer's `q` goes, which both helps say.
    pub(crate) fn leaving(&self) -> keymap::Leaving {
        // A review goes back to its game first (from the start screen's game too).
        if self.over_game {
            keymap::Leaving::Game
        } else if self.is_served() {
            keymap::Leaving::Lobby
        } else if self.from_start {
            keymap::Leaving::StartScreen
        } else {
            keymap::Leaving::Out
        }
    }

    /// The keys' context now.
    pub fn key_context(&self) -> KeyContext {
        match (self.overlay, &self.goto) {
            // At a server q goes back to the lobby, as on the viewer itself.
            _ if super::layout::replay_too_small(self.area) && self.is_served() => {
                KeyContext::TooSmallGoesBack
            }
            // A review goes back to its game as its own `q` does: the game's minimum
            // (44x16) is a row short of the viewer's, and quitting there lost the game's
            // screen (a new game, undo).
            _ if super::layout::replay_too_small(self.area) && self.over_game => {
                KeyContext::TooSmallGoesBack
            }
            // From the start screen q goes back to it there too, as a game's does.
            _ if super::layout::replay_too_small(self.area) && self.from_start => {
                KeyContext::TooSmallGoesBack
            }
            _ if super::layout::replay_too_small(self.area) => KeyContext::TooSmall,
            (ReplayOverlay::Help, _) => KeyContext::Help,
            (ReplayOverlay::ConfirmContinue, _) => KeyContext::Question,
            (ReplayOverlay::None, Some(_)) => KeyContext::Goto,
            (ReplayOverlay::None, None) => KeyContext::Replay,
        }
    }

    /// The key a turn of the mouse wheel (`down`, or up) stands for: over the help, a
    /// line's scroll of it (none where it shows whole: a key closes it); on the viewer,
    /// a move on or back, as the list of moves scrolls with the move shown; nothing
    /// while a question is open or a move number is typed.
    pub(crate) fn wheel_key(&self, down: bool) -> Option<ratatui::crossterm::event::KeyEvent> {
        match self.key_context() {
            KeyContext::Help => {
                let area = super::layout::above_status(self.area);
                super::help::wheel_key(&self.help_view(Look::PLAIN), area, down)
            }
            KeyContext::Replay => keymap::key_for(
                Action::Step(if down { 1 } else { -1 }),
                &[KeyContext::Replay],
            ),
            _ => None,
        }
    }

    /// Handles one input: key presses, resizes and the autoplay timer; a click closes the
    /// help and answers the play-on question, and does nothing else.
    pub fn handle(&mut self, input: Input) -> Effects {
        match input {
            Input::Key(key) => match keymap::action(key, self.key_context()) {
                Some(action) => self.apply(action),
                None if matches!(
                    self.key_context(),
                    KeyContext::TooSmall | KeyContext::TooSmallGoesBack
                ) =>
                {
                    Vec::new()
                }
                None => {
                    self.error_keyed(Keyed::UnknownKey);
                    VIEW.to_vec()
                }
            },
            Input::Resize(width, height) => {
                self.area = Rect::new(0, 0, width, height);
                VIEW.to_vec()
            }
            Input::Tick => self.tick(),
            // A click on an answer in the play-on question's box: as its key would
            // answer, by the one way keys take (s25: the viewer took no click).
            Input::Pick(0) if self.overlay == ReplayOverlay::ConfirmContinue => {
                self.apply(Action::Yes)
            }
            Input::Pick(1) if self.overlay == ReplayOverlay::ConfirmContinue => {
                self.apply(Action::No)
            }
            // A click closes the help, as its foot says and as the game's help does
            // (s40: the viewer's stayed open under `Press any key or click`).
            Input::Click(_) if self.overlay == ReplayOverlay::Help => self.apply(Action::No),
            Input::Click(_) | Input::Pick(_) => Vec::new(),
        }
    }

    /// The replacing message in the line mode's words.
    pub(crate) fn message_words(&self) -> Option<std::borrow::Cow<'_, str>> {
        self.message.as_ref().map(Message::line_words)
    }

    fn error(&mut self, text: impl Into<String>) {
        self.message = Some(Message::new(MessageKind::Error, text));
    }

    fn error_keyed(&mut self, keyed: Keyed) {
        self.message = Some(Message::keyed(MessageKind::Error, keyed));
    }

    /// Carries out one action, as a key would.
    pub fn apply(&mut self, action: Action) -> Effects {
        self.message = None;
        match action {
            Action::ForceQuit | Action::Quit => {
                self.autoplay = false;
                self.exit = Some(if action == Action::ForceQuit {
                    ReplayExit::ForceQuit
                } else {
                    ReplayExit::Quit
                });
                vec![Effect::Quit]
            }
            Action::Step(n) => {
                let target = if n < 0 {
                    self.at_move.saturating_sub(n.unsigned_abs() as usize)
                } else {
                    self.at_move.saturating_add(n as usize)
                };
                self.show(target)
            }
            Action::Start => self.show(0),
            Action::End => self.show(self.len()),
            Action::Goto => {
                self.goto = Some(String::new());
                VIEW.to_vec()
            }
            Action::Digit(d) => {
                if let Some(typed) = &mut self.goto
                    && typed.len() < GOTO_DIGITS
                {
                    typed.push(char::from(b'0' + d));
                }
                VIEW.to_vec()
            }
            Action::Backspace => {
                if let Some(typed) = &mut self.goto {
                    typed.pop();
                }
                VIEW.to_vec()
            }
            Action::Jump => self.jump(),
            Action::Autoplay => {
                if self.autoplay {
                    self.autoplay = false;
                    return VIEW.to_vec();
                }
                if self.at_move == self.len() {
                    // At the end, autoplay starts over.
                    self.at_move = 0;
                }
                self.autoplay = !self.is_empty();
                MOVED.to_vec()
            }
            Action::Faster => {
                self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
                VIEW.to_vec()
            }
            Action::Slower => {
                self.speed = self.speed.saturating_sub(1);
                VIEW.to_vec()
            }
            Action::Continue if self.served.is_some() => {
                self.error(message::NOT_OVER_THE_NETWORK);
                VIEW.to_vec()
            }
            Action::Continue => self.ask_continue(),
            Action::Analysis if !self.panel && matches!(&self.served, Some(Some(_))) => {
                let pending = self.served.clone().flatten().unwrap_or_default();
                self.message = Some(Message::new(MessageKind::Info, pending));
                VIEW.to_vec()
            }
            Action::Analysis if self.panel => {
                self.panel = false;
                VIEW.to_vec()
            }
            Action::Analysis => self.open_panel(),
            Action::DeepReview => self.deep_review(),
            Action::Scroll(scroll) if self.overlay == ReplayOverlay::Help => {
                // A help shown whole closes, as its "Press any key or click to close" says.
                let area = super::layout::above_status(self.area);
                let help = self.help_view(Look::PLAIN);
                match help.scrolled(area, self.help_top, scroll) {
                    Some(top) => self.help_top = top,
                    None => self.overlay = ReplayOverlay::None,
                }
                VIEW.to_vec()
            }
            // A server's game whose review is still to be made: no analysis runs
            // here to find one, so the jump says what the server said.
            Action::NextMistake | Action::PreviousMistake if self.review_pending().is_some() => {
                let pending = self.review_pending().unwrap_or_default().to_owned();
                self.message = Some(Message::new(MessageKind::Info, pending));
                VIEW.to_vec()
            }
            Action::NextMistake | Action::PreviousMistake => {
                let later = action == Action::NextMistake;
                let found = if later {
                    self.analysis.next_mistake(self.at_move)
                } else {
                    self.analysis.previous_mistake(self.at_move)
                };
                let mut effects = match found {
                    Some(n) => {
                        self.autoplay = false;
                        self.show(n)
                    }
                    None => {
                        // None can come before the first move or after the last,
                        // whatever the analysis finds (qa45: `[` at the start said
                        // `... yet: the analysis is still running`).
                        let none_ever = if later {
                            self.at_move >= self.len()
                        } else {
                            self.at_move <= 1
                        };
                        let settled = self.analysis.finished() || none_ever;
                        let text = analysis_words::no_mistake(later, settled);
                        self.message = Some(Message::new(MessageKind::Info, text));
                        VIEW.to_vec()
                    }
                };
                // Jumping to a mistake is pointless with the panel shut: open it.
                if !self.panel {
                    effects.extend(self.open_panel());
                }
                effects
            }
            Action::Help => {
                self.overlay = ReplayOverlay::Help;
                self.help_top = 0;
                VIEW.to_vec()
            }
            Action::Yes => {
                let asked = std::mem::replace(&mut self.overlay, ReplayOverlay::None);
                if asked == ReplayOverlay::ConfirmContinue {
                    self.exit = Some(ReplayExit::Continue(self.at_move));
                    return vec![Effect::PlayOn(self.at_move)];
                }
                VIEW.to_vec()
            }
            Action::No => {
                // Closing the help opened while a number was typed keeps the number.
                if std::mem::replace(&mut self.overlay, ReplayOverlay::None) != ReplayOverlay::Help
                {
                    self.goto = None;
                }
                VIEW.to_vec()
            }
            // The game's actions never reach the viewer.
            _ => Vec::new(),
        }
    }

    /// Shows the first `n` moves (clamped to the record).
    fn show(&mut self, n: usize) -> Effects {
        let n = n.min(self.len());
        if n == self.at_move {
            return Vec::new();
        }
        self.at_move = n;
        MOVED.to_vec()
    }

    fn jump(&mut self) -> Effects {
        let typed = self.goto.take().unwrap_or_default();
        if typed.is_empty() {
            return VIEW.to_vec();
        }
        match typed.parse::<usize>() {
            Ok(n) if n <= self.len() => {
                self.show(n);
                MOVED.to_vec()
            }
            _ => {
                self.error_keyed(Keyed::NoSuchMove(typed, self.len()));
                VIEW.to_vec()
            }
        }
    }

    fn ask_continue(&mut self) -> Effects {
        self.autoplay = false;
        if self.position().is_over() {
            self.error_keyed(Keyed::OverAtThisMove);
        } else if self.at_move == self.len() && self.ending().is_none() {
            // Nothing would be dropped: no need to ask. (A game that ended here by
            // resignation, time or abandonment is asked about: s36, `c` played on
            // from it at once, as if it had not ended, and said nothing.)
            self.exit = Some(ReplayExit::Continue(self.at_move));
            return vec![Effect::PlayOn(self.at_move)];
        } else {
            self.overlay = ReplayOverlay::ConfirmContinue;
        }
        VIEW.to_vec()
    }

    /// The autoplay timer fired: one move on; autoplay stops at the last move.
    pub fn tick(&mut self) -> Effects {
        if !self.autoplay {
            return Vec::new();
        }
        if self.overlay != ReplayOverlay::None || self.goto.is_some() {
            // Paused while a question, the help or a move number is on screen.
            return Vec::new();
        }
        let mut effects = self.show(self.at_move + 1);
        if self.at_move == self.len() {
            self.autoplay = false;
        }
        if !effects.contains(&Effect::Redraw) {
            effects.push(Effect::Redraw);
        }
        effects
    }
}
