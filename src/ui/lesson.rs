//! The lesson screen's state: the lessons menu, and one lesson on the real
//! board with its text and task; a move is checked by the rules, and a wrong
//! try gets a hint saying why, with the combination highlighted. Pure:
//! [`Input`]s in, [`Effect`]s out; [`Effect::SaveProgress`] asks the event loop to keep
//! the progress.

use std::path::PathBuf;

use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::learn::{Check, LearnProgress, Lesson, check};
use crate::rules::{ClaimOutcome, Game, Move, Square};
use crate::strings::{claim as claim_words, describe, lesson as words};

use super::app::CLAIM_DIGITS;
use super::board_input::{BoardInput, BoardKeys};
use super::effect::{Effect, Effects, Input, behind_enlarge};
use super::help::HelpView;
use super::keymap::{
    self, Action, Direction, HintLine, KeyContext, Scroll, hint_line_leaving_doing,
};
use super::layout::{ScreenLayout, WHOLE_LADDER, wrapped_last_top};
use super::look::Look;
use super::message::{Keyed, Message, MessageKind};
use super::overlay::Overlays;

/// Where the lesson screen is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LessonPhase {
    /// The list of lessons; the one selected.
    Menu(usize),
    /// A lesson, waiting for a move.
    Asking,
    /// A claim lesson's move was played and scored: its points wait for the
    /// player's claim (`+`, the points, Enter), as in a claim game. The digits
    /// typed after `+`, once `+` was pressed.
    Claiming(Move, Option<String>),
    /// A move (or a claim) was tried: the rules' verdict.
    Tried(Move, Check),
}

/// The lessons, the one shown and the progress through them.
#[derive(Debug, Clone)]
pub struct LessonState {
    lessons: Vec<Lesson>,
    progress: LearnProgress,
    data_dir: Option<PathBuf>,
    index: usize,
    game: Game,
    board: BoardKeys,
    phase: LessonPhase,
    note: Option<Message>,
    quit: bool,
    /// The help (`?`) and the text read in full in place of the board (`e`).
    overlays: Overlays,
    /// The text side's first line shown, when the text is longer than the side.
    text_top: u16,
    /// The player left for the puzzles (`p` in the menu).
    puzzles: bool,
    /// Opened from the start screen, which `q` goes back to: the hints say "back".
    from_start: bool,
    /// The lesson behind the menu, as it was when the menu was opened from it (`m`, or
    /// `n` after the last lesson): `Esc` on the menu goes back to it.
    behind_menu: Option<(LessonPhase, Game)>,
}

/// Which keys a lesson's hint line `line` names (as `keymap::hint_rows_doing` asks):
/// after the last lesson not `n: next`, which opens the menu there (QA, s27), but on
/// [`HintLine::LessonHiddenDone`], which has room for only one of the two, `m: menu`
/// in its place.
pub(crate) fn hint_keys(state: &LessonState, line: HintLine) -> impl Fn(Action) -> bool {
    let next = state.has_next();
    move |action| match action {
        Action::NewGame => next,
        Action::Menu => !next || line != HintLine::LessonHiddenDone,
        _ => true,
    }
}

/// The keys a stone's points waiting for their claim take (`claim_key`, before `+`),
/// from the key table's [`HintLine::LessonClaim`]: `+: claim`, then the lesson's
/// others (`u: again · n: next · m: menu · q: quit`). `e` and `?` are refused then.
pub(crate) fn claim_waiting_keys(state: &LessonState) -> [String; 2] {
    let line = HintLine::LessonClaim;
    let takes = hint_keys(state, line);
    let back = state.is_from_start();
    [
        hint_line_leaving_doing(line, back, &|action| action == Action::ClaimStart),
        hint_line_leaving_doing(line, back, &|action| {
            action != Action::ClaimStart && takes(action)
        }),
    ]
}

/// Columns the board side takes at least (the game screen's minimum width).
const BOARD_WIDTH: u16 = super::layout::MIN_WIDTH;
/// Columns the board side takes when the text keeps [`MIN_TEXT`]: two whole
/// ladders and a board of 28 columns.
const BOARD_SIDE: u16 = 2 * WHOLE_LADDER + 28;
/// The narrowest text side worth giving the board room for.
const MIN_TEXT: u16 = 24;
/// The narrowest text side beside the board: its border and 14 columns of text, as at
/// 60 columns. Narrower, the text goes under the board where there are rows for it.
const MIN_TEXT_SIDE: u16 = 16;
/// The lowest text panel under the board: its borders and one line.
const MIN_TEXT_UNDER: u16 = 3;
/// The highest text panel under the board; more rows go to the board.
const MAX_TEXT_UNDER: u16 = 10;

impl LessonState {
    /// The screen at the first lesson not done (the menu when all are done).
    pub fn resume(
        lessons: Vec<Lesson>,
        progress: LearnProgress,
        data_dir: Option<PathBuf>,
    ) -> LessonState {
        let all_done = lessons.iter().all(|l| progress.is_done(&l.id));
        let index = progress.resume_at(&lessons);
        let game = Game::new();
        let mut state = LessonState {
            lessons,
            progress,
            data_dir,
            index: 0,
            board: BoardKeys::new(&game, KeyContext::Lesson),
            game,
            phase: LessonPhase::Asking,
            note: None,
            quit: false,
            overlays: Overlays::default(),
            text_top: 0,
            puzzles: false,
            from_start: false,
            behind_menu: None,
        };
        state.open(index);
        if all_done {
            state.phase = LessonPhase::Menu(0);
        }
        state
    }

    fn open(&mut self, index: usize) {
        let Some(lesson) = self.lessons.get(index) else {
            return;
        };
        self.index = index;
        self.behind_menu = None;
        self.game = lesson.game.clone();
        self.board.restart(&self.game);
        self.phase = LessonPhase::Asking;
        self.note = None;
    }

    /// Every lesson.
    pub fn lessons(&self) -> &[Lesson] {
        &self.lessons
    }

    /// The lesson shown (or selected last).
    pub fn lesson(&self) -> Option<&Lesson> {
        self.lessons.get(self.index)
    }

    /// The hint after `check`, a try that did not do the task: the lesson's own,
    /// or, after its right stone was claimed wrongly, how to claim.
    pub fn hint_after(&self, check: &Check) -> &str {
        match (check.claimed, self.lesson()) {
            (Some(_), _) => words::CLAIM_AGAIN,
            (None, Some(lesson)) => &lesson.hint,
            (None, None) => "",
        }
    }

    /// Its index.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The board shown.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Where the screen is.
    pub fn phase(&self) -> &LessonPhase {
        &self.phase
    }

    /// The progress.
    pub fn progress(&self) -> &LearnProgress {
        &self.progress
    }

    /// The folder the progress is kept in and the progress, for its save (which
    /// takes in what another hijara kept there meanwhile); `None` for this run only.
    pub fn progress_to_keep(&mut self) -> Option<(&std::path::Path, &mut LearnProgress)> {
        Some((self.data_dir.as_deref()?, &mut self.progress))
    }

    /// Where the progress is kept; `None` for this run only.
    pub fn data_dir(&self) -> Option<&std::path::Path> {
        self.data_dir.as_deref()
    }

    /// The square under the cursor.
    pub fn cursor(&self) -> Square {
        self.board.square()
    }

    /// The one-line note, if any.
    pub fn note(&self) -> Option<&str> {
        self.note.as_ref().map(|note| note.text.as_str())
    }

    /// The note's style in `look`: an error's colour for a refusal, the palette's
    /// plain text for what the puzzles sum up (s36: the summary came in red, as if
    /// something had gone wrong).
    pub(crate) fn note_style(&self, look: Look) -> ratatui::style::Style {
        self.note
            .as_ref()
            .map_or_else(|| look.error(), |note| note.style(look))
    }

    /// The note in the line mode's words.
    pub(crate) fn note_words(&self) -> Option<std::borrow::Cow<'_, str>> {
        self.note.as_ref().map(Message::line_words)
    }

    /// Sets the note (the event loop reports a failed save here).
    pub fn notify(&mut self, text: impl Into<String>) {
        self.note = Some(Message::new(MessageKind::Error, text));
    }

    /// The text side's first line shown (PgDn, PgUp), when its text is longer than it.
    pub fn text_top(&self) -> u16 {
        self.text_top
    }

    /// Whether the help is shown.
    pub fn help_shown(&self) -> bool {
        self.overlays.help_shown()
    }

    /// The first line shown of the text read in full in place of the board (`e`),
    /// while it is read.
    pub fn reading(&self) -> Option<u16> {
        self.overlays.reading()
    }

    /// The help, drawn with `look` over the whole terminal, scrolled as it is.
    /// In the menu: the menu's keys and the standard rules.
    pub(crate) fn help_view(&self, look: Look) -> HelpView {
        if let LessonPhase::Menu(_) = self.phase {
            return HelpView {
                look,
                context: KeyContext::LessonMenu,
                ruleset: crate::rules::Ruleset::Standard,
                claims: false,
                ai: false,
                top: self.overlays.help_top(),
                suspends: true,
                leaving: keymap::Leaving::Out,
                acts_as: None,
            };
        }
        HelpView {
            top: self.overlays.help_top(),
            acts_as: self.acts_as(),
            ..HelpView::on_board(look, KeyContext::Lesson, &self.game)
        }
    }

    /// Whether the player has left.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Whether the player left for the puzzles (`p` in the menu).
    pub fn wants_puzzles(&self) -> bool {
        self.puzzles
    }

    /// The screen come back to from the puzzles its menu opened: the menu again, as
    /// it was left, with `note` (what the puzzles sum up) on it. The progress is
    /// kept: the puzzles write none of the lessons'.
    pub fn back_from_puzzles(mut self, note: Option<String>) -> LessonState {
        self.quit = false;
        self.puzzles = false;
        if let Some(note) = note {
            self.note = Some(Message::new(MessageKind::Info, note));
        }
        self
    }

    /// The screen as the start screen opens it: leaving goes back there, and the
    /// hints say `q: back`, not `q: quit`.
    pub fn from_start(mut self) -> LessonState {
        self.from_start = true;
        self
    }

    /// Whether the start screen opened this screen (its `q` goes back there).
    pub fn is_from_start(&self) -> bool {
        self.from_start
    }

    /// Whether a lesson follows the one shown: after the last, `n` opens the menu.
    pub fn has_next(&self) -> bool {
        self.index + 1 < self.lessons.len()
    }

    /// A key of a lesson that does another's action here: after the last lesson, the
    /// next lesson's (`n`, `next`) opens the menu, as `m` does. The help says so, in
    /// the full screen and the line mode.
    pub(crate) fn acts_as(&self) -> Option<(Action, Action)> {
        (!self.has_next()).then_some((Action::NewGame, Action::Menu))
    }

    /// The whole terminal.
    pub fn size(&self) -> Rect {
        self.board.size()
    }

    /// Where the ladders, board and status are drawn (`None`: the terminal is
    /// too small); a click on the board maps to a square through it.
    pub fn layout(&self) -> Option<ScreenLayout> {
        layout(self.board.size())
    }

    /// Where the game layout (ladders, board) sits: the left part (clicks are
    /// placed by `lesson_screen::click_at`, with the lesson's own ladders).
    pub fn area(&self) -> Rect {
        board_area(self.board.size())
    }

    /// The key a turn of the mouse wheel (`down`, or up) stands for: over the help or
    /// the text read in full, a line's scroll of it; in the menu, the pointer's move;
    /// in a lesson, a page of its text (PgDn, PgUp: no key scrolls it by a line, the
    /// arrows move the board's cursor).
    pub(crate) fn wheel_key(&self, down: bool) -> Option<KeyEvent> {
        let help = self.help_view(Look::PLAIN);
        let lines = reading_lines(self, Look::PLAIN);
        if let Some(key) = self.overlays.wheel_key(&help, &lines, self.size(), down) {
            return key;
        }
        let (action, context) = match self.phase {
            LessonPhase::Menu(_) if down => {
                (Action::Cursor(Direction::Down), KeyContext::LessonMenu)
            }
            LessonPhase::Menu(_) => (Action::Cursor(Direction::Up), KeyContext::LessonMenu),
            _ if down => (Action::Scroll(Scroll::PageDown), KeyContext::Lesson),
            _ => (Action::Scroll(Scroll::PageUp), KeyContext::Lesson),
        };
        keymap::key_for(action, &[context])
    }

    /// One input.
    pub fn handle(&mut self, input: Input) -> Effects {
        let help = self.help_view(Look::PLAIN);
        let lines = reading_lines(self, Look::PLAIN);
        let size = self.size();
        if let Some(overlaid) = self.overlays.answer(&help, &lines, size, input) {
            return overlaid.effects(|| self.apply(Action::ForceQuit));
        }
        // Behind the "please enlarge" screen only q and Ctrl-c act, as behind the
        // game's: a square or a claim typed or clicked there would be a try nobody saw.
        if !matches!(self.phase, LessonPhase::Menu(_))
            && self.layout().is_none()
            && let Some(effects) = behind_enlarge(input, |action| self.apply(action))
        {
            return effects;
        }
        // A click is the player's next step as a key is: the note on the last one goes
        // (a full square's note stayed beside the try clicked next).
        if let Input::Click(_) = input {
            self.note = None;
        }
        if let Input::Key(key) = input {
            self.note = None;
            let typing = matches!(self.phase, LessonPhase::Claiming(_, Some(_)));
            let menu = matches!(self.phase, LessonPhase::Menu(_));
            // `m` opens the menu from a lesson, but a claim being typed; on the menu it
            // is a key like any other the menu does not take.
            if !typing && !menu && keymap::action(key, KeyContext::Lesson) == Some(Action::Menu) {
                self.open_menu();
                return vec![Effect::Redraw];
            }
            if let LessonPhase::Menu(selected) = self.phase {
                return self.menu_key(key, selected);
            }
            if let LessonPhase::Claiming(..) = self.phase {
                return self.claim_key(key);
            }
        }
        // A square clicked while the stone's points wait for a claim is refused as a
        // typed one is: it is no new try.
        if let (LessonPhase::Claiming(..), Input::Click(Some(_))) = (&self.phase, input) {
            return self.say_keyed(Keyed::ClaimFirst);
        }
        if let LessonPhase::Menu(_) = self.phase {
            return match input {
                Input::Pick(item) if item < self.lessons.len() => {
                    self.open(item);
                    vec![Effect::Redraw]
                }
                Input::Resize(..) => self
                    .board
                    .input(input)
                    .effects(&mut self.note, Keyed::LessonUnknownKey),
                _ => Vec::new(),
            };
        }
        let shown = (self.index, self.phase.clone(), self.note.clone());
        let effects = match self.board.input(input) {
            BoardInput::Play(square) => self.try_move(square),
            BoardInput::Action(action) => self.apply(action),
            // The lesson's keys are on screen already: an unknown key only says so.
            other => other.effects(&mut self.note, Keyed::LessonUnknownKey),
        };
        // Another text on the side starts at its top.
        if (self.index, &self.phase, &self.note) != (shown.0, &shown.1, &shown.2) {
            self.text_top = 0;
        }
        effects
    }

    /// The menu, over the lesson shown, which `Esc` there goes back to. Its cursor is
    /// on that lesson; once it is done, on the next lesson not done (the way on), or
    /// on it still when none after it is left.
    fn open_menu(&mut self) {
        let at = match &self.phase {
            LessonPhase::Tried(_, checked) if checked.done => (self.index + 1..self.lessons.len())
                .find(|&i| !self.progress.is_done(&self.lessons[i].id))
                .unwrap_or(self.index),
            _ => self.index,
        };
        let lesson = std::mem::replace(&mut self.phase, LessonPhase::Menu(at));
        if !matches!(lesson, LessonPhase::Menu(_)) {
            self.behind_menu = Some((lesson, self.game.clone()));
        }
    }

    fn menu_key(&mut self, key: KeyEvent, selected: usize) -> Effects {
        let last = self.lessons.len().saturating_sub(1);
        match keymap::action(key, KeyContext::LessonMenu) {
            Some(Action::Cursor(Direction::Up)) => {
                self.phase = LessonPhase::Menu(selected.saturating_sub(1))
            }
            Some(Action::Cursor(Direction::Down)) => {
                self.phase = LessonPhase::Menu((selected + 1).min(last))
            }
            Some(Action::Start) => self.phase = LessonPhase::Menu(0),
            Some(Action::End) => self.phase = LessonPhase::Menu(last),
            Some(Action::Help) => self.overlays.show_help(),
            Some(Action::Confirm) => self.open(selected),
            // Back to the lesson the menu was opened from, as every other screen over
            // another goes back; with none behind it, the menu leaves as `q` does.
            Some(Action::No) => match self.behind_menu.take() {
                Some((phase, game)) => {
                    self.phase = phase;
                    self.game = game;
                }
                None => {
                    self.quit = true;
                    return vec![Effect::Quit];
                }
            },
            Some(Action::Quit | Action::ForceQuit) => {
                self.quit = true;
                return vec![Effect::Quit];
            }
            Some(Action::Puzzles) => {
                self.quit = true;
                self.puzzles = true;
                return vec![Effect::Quit];
            }
            Some(Action::Item(item)) if usize::from(item) < self.lessons.len() => {
                self.open(usize::from(item));
            }
            // A letter the menu does not take says so, as on the start screen, rather
            // than nothing happening.
            None if matches!(key.code, KeyCode::Char(_)) => {
                self.note = Some(Message::keyed(MessageKind::Error, Keyed::LessonUnknownKey));
            }
            _ => {}
        }
        vec![Effect::Redraw]
    }

    fn apply(&mut self, action: Action) -> Effects {
        match action {
            Action::Quit | Action::ForceQuit => {
                self.quit = true;
                vec![Effect::Quit]
            }
            Action::NewGame => {
                // Next lesson (the menu after the last).
                if self.index + 1 < self.lessons.len() {
                    self.open(self.index + 1);
                } else {
                    self.open_menu();
                }
                vec![Effect::Redraw]
            }
            Action::Undo => {
                self.open(self.index);
                vec![Effect::Redraw]
            }
            Action::Scroll(scroll) => {
                self.text_top = text_scrolled(self, scroll);
                vec![Effect::Redraw]
            }
            Action::Help | Action::Read => {
                self.overlays.open(action);
                vec![Effect::Redraw]
            }
            _ => vec![Effect::Redraw],
        }
    }

    fn try_move(&mut self, mv: Move) -> Effects {
        let Some(lesson) = self.lessons.get(self.index) else {
            return Vec::new();
        };
        if matches!(&self.phase, LessonPhase::Tried(_, c) if c.done) {
            self.note = Some(Message::keyed(MessageKind::Error, Keyed::LessonDone));
            return vec![Effect::Redraw];
        }
        self.board.set(mv);
        let Some(checked) = check(lesson.task, &lesson.game, mv, lesson.answer) else {
            self.note = Some(Message::new(
                MessageKind::Error,
                crate::strings::puzzle::full(mv),
            ));
            return vec![Effect::Redraw];
        };
        if !checked.done {
            // A wrong try leaves the position to try again.
            self.phase = LessonPhase::Tried(mv, checked);
            return vec![Effect::Redraw];
        }
        // Show the stone played.
        let scored = self.game.play(mv).map(|p| p.points).unwrap_or(0);
        if self.game.claim_mode() && scored > 0 {
            // Its points count only once claimed, as in a claim game.
            self.phase = LessonPhase::Claiming(mv, None);
            return vec![Effect::Redraw];
        }
        self.phase = LessonPhase::Tried(mv, checked);
        self.done()
    }

    /// Marks the lesson done (once).
    fn done(&mut self) -> Effects {
        let mut effects = vec![Effect::Redraw];
        if let Some(lesson) = self.lessons.get(self.index)
            && !self.progress.is_done(&lesson.id)
        {
            let id = lesson.id.clone();
            self.progress.mark_done(&id);
            effects.push(Effect::SaveProgress);
        }
        effects
    }

    /// A key while the stone's points wait for a claim: `+` starts it, then
    /// digits, Backspace, Esc and Enter, from the claim game's key table.
    fn claim_key(&mut self, key: KeyEvent) -> Effects {
        let LessonPhase::Claiming(mv, entry) = &mut self.phase else {
            return Vec::new();
        };
        let mv = *mv;
        let Some(typed) = entry.as_mut() else {
            let action = keymap::action(key, KeyContext::ClaimGame)
                .or_else(|| keymap::action(key, KeyContext::Board));
            return match action {
                Some(Action::ClaimStart) => {
                    *entry = Some(String::new());
                    vec![Effect::Redraw]
                }
                Some(
                    action @ (Action::Quit | Action::ForceQuit | Action::Undo | Action::NewGame),
                ) => self.apply(action),
                _ => self.say_keyed(Keyed::ClaimFirst),
            };
        };
        match keymap::action(key, KeyContext::ClaimEntry) {
            Some(Action::ForceQuit) => self.apply(Action::ForceQuit),
            Some(Action::Digit(d)) if typed.len() < CLAIM_DIGITS => {
                typed.push(char::from(b'0' + d));
                vec![Effect::Redraw]
            }
            Some(Action::Digit(_)) => self.say(claim_words::TOO_LONG),
            Some(Action::Backspace) if !typed.is_empty() => {
                typed.pop();
                vec![Effect::Redraw]
            }
            Some(Action::Backspace | Action::No) => {
                *entry = None;
                self.say(claim_words::CANCELLED)
            }
            Some(Action::Claim) => match typed.parse::<u32>() {
                Ok(points) => self.claim(mv, points),
                Err(_) => self.say(claim_words::EMPTY),
            },
            _ => self.say(claim_words::TYPE_DIGITS),
        }
    }

    /// Claims `points` for the stone on `mv` with the game's own rule: the
    /// lesson is done when the claim takes all the stone scored. Otherwise the
    /// points are lost, and the position comes back to try again.
    fn claim(&mut self, mv: Move, points: u32) -> Effects {
        let Some(placement) = self.game.last().copied() else {
            return Vec::new();
        };
        let cells = placement.combos().cells_mask() | placement.cell.bit();
        let (done, what, what_short) = match self.game.claim(points) {
            Ok(ClaimOutcome::Awarded { points, combos }) => (
                points == placement.points,
                describe::claim_awarded(&placement, points, combos),
                describe::claim_awarded_short(&placement, points),
            ),
            Ok(ClaimOutcome::Wrong { claimed, .. }) => (
                false,
                describe::claim_missed(&placement, claimed),
                describe::claim_missed_short(&placement, claimed),
            ),
            Err(error) => return self.say(&claim_words::refused(error)),
        };
        self.phase = LessonPhase::Tried(
            mv,
            Check {
                done,
                what,
                what_short,
                cells,
                why: None,
                claimed: Some(points),
            },
        );
        if done {
            return self.done();
        }
        if let Some(lesson) = self.lessons.get(self.index) {
            self.game = lesson.game.clone();
        }
        vec![Effect::Redraw]
    }

    fn say(&mut self, text: &str) -> Effects {
        self.note = Some(Message::new(MessageKind::Error, text));
        vec![Effect::Redraw]
    }

    fn say_keyed(&mut self, keyed: Keyed) -> Effects {
        self.note = Some(Message::keyed(MessageKind::Error, keyed));
        vec![Effect::Redraw]
    }
}

/// Where the board side (ladders, board, status) and the lesson's text go on a `size`
/// terminal. The text goes right of the board (at most 40 columns; from 80 columns the
/// board side is wide enough for whole ladder words) when it gets [`MIN_TEXT_SIDE`]
/// columns there; else under the board, in the rows the game's screen does not need,
/// when they hold a line of it; else nowhere, and the status line says the verdict of a
/// try and any note ([`status_feedback`]).
fn split(size: Rect) -> (Rect, Rect) {
    let mut side = size.width.saturating_sub(BOARD_SIDE).min(40);
    if side < MIN_TEXT {
        side = size.width.saturating_sub(BOARD_WIDTH).min(40);
    }
    if side >= MIN_TEXT_SIDE {
        let left = Rect::new(size.x, size.y, size.width - side, size.height);
        return (left, Rect::new(left.right(), size.y, side, size.height));
    }
    let mut under = size
        .height
        .saturating_sub(super::layout::MIN_HEIGHT)
        .min(MAX_TEXT_UNDER);
    if under < MIN_TEXT_UNDER {
        under = 0;
    }
    let top = Rect::new(size.x, size.y, size.width, size.height - under);
    (top, Rect::new(size.x, top.bottom(), size.width, under))
}

/// The part of a `size` terminal the board and ladders get ([`split`]).
pub(crate) fn board_area(size: Rect) -> Rect {
    split(size).0
}

/// Where the ladders, board and status go in a `size` terminal (`None`: too small for
/// the board, the game screen's [`super::layout::MIN_WIDTH`]×[`super::layout::MIN_HEIGHT`]).
pub(crate) fn layout(size: Rect) -> Option<ScreenLayout> {
    let left = board_area(size);
    let whole = (left.width >= BOARD_SIDE).then_some(WHOLE_LADDER);
    ScreenLayout::with_ladders(left, whole)
}

/// Where the text goes on a `size` screen: right of the board, under it, or nowhere
/// (an empty rectangle), as [`split`] has it.
pub(crate) fn text_area(size: Rect) -> Rect {
    split(size).1
}

/// The text side's first line shown after `scroll`.
pub(crate) fn text_scrolled(state: &LessonState, scroll: Scroll) -> u16 {
    let area = text_area(state.size());
    let last = wrapped_last_top(&text_lines(state, Look::PLAIN, area), area);
    super::layout::text_scrolled(state.text_top(), last, area, scroll)
}

/// The text side's lines in `area` (its border around them): the lesson, the task,
/// the verdict and the keys.
pub(crate) fn text_lines(state: &LessonState, look: Look, area: Rect) -> Vec<Line<'static>> {
    text_parts(state, look, false, inside_columns(area)).0
}

/// The columns inside the border of the text in `area`.
fn inside_columns(area: Rect) -> usize {
    usize::from(area.width.saturating_sub(2))
}

/// The text read in full in place of the board (`e`): the lesson's text always (the
/// side leaves it out after a try), the task and the verdict; its keys are in its border.
pub(crate) fn reading_lines(state: &LessonState, look: Look) -> Vec<Line<'static>> {
    text_parts(state, look, true, 0).0
}

/// Whether a `size` screen has no room for the lesson's text (44×16), so the status line
/// says the key that reads it in place of the board.
pub(crate) fn text_hidden(size: Rect) -> bool {
    let area = text_area(size);
    area.width <= 2 || area.height <= 2
}

/// What the status line says, before the side to move and the task, of a wrong try
/// and of a note when the text cannot show them in view on a `size` screen (none
/// there, or too few lines before them): so a try never looks like nothing happened.
/// The note first, the latest; empty when the text shows both (and a done task and a
/// claim waiting are said on the status line anyway). With `short`, the verdict in
/// fewest words ([`crate::learn::Check::what_short`]), for a status line with no room
/// for it whole beside the keys.
pub(crate) fn status_feedback(
    state: &LessonState,
    size: Rect,
    look: Look,
    short: bool,
) -> Vec<Line<'static>> {
    let area = text_area(size);
    let (lines, feedback) = text_parts(state, look, false, inside_columns(area));
    let in_view = |end: usize| {
        area.width > 2 && area.height > 2 && wrapped_last_top(&lines[..end], area) == 0
    };
    let mut said = Vec::new();
    if let Some((end, note)) = feedback.note
        && !in_view(end)
    {
        // The unknown key's note says the keys are listed below: not where there is
        // no text, or it is out of view; the help lists them.
        let note = if note == words::UNKNOWN_KEY {
            words::UNKNOWN_KEY_NO_TEXT.to_owned()
        } else {
            note
        };
        said.push(Line::styled(note, state.note_style(look)));
    }
    if let Some((end, verdict)) = feedback.verdict
        && !in_view(end)
    {
        let verdict = match state.phase() {
            LessonPhase::Tried(_, check) if short => words::not_yet(&check.what_short),
            _ => verdict,
        };
        said.push(Line::styled(verdict, look.error()));
    }
    said
}

/// Where the feedback is among the text's lines: the end of each (the index after its
/// last line), with its words for the status line.
#[derive(Debug, Default)]
struct Feedback {
    /// A wrong try's verdict and what it did.
    verdict: Option<(usize, String)>,
    /// The note.
    note: Option<(usize, String)>,
}

/// [`text_lines`] (or `whole`, [`reading_lines`]), the rows of keys at most `columns`
/// wide, and where the feedback is among them.
fn text_parts(
    state: &LessonState,
    look: Look,
    whole: bool,
    columns: usize,
) -> (Vec<Line<'static>>, Feedback) {
    let mut feedback = Feedback::default();
    let Some(lesson) = state.lesson() else {
        return (Vec::new(), feedback);
    };
    // After a try the verdict and hint take the lesson text's place, so all fits at 80×24.
    // The title as a line, not the border's title, so a long one wraps.
    let mut lines = vec![Line::styled(lesson.title.clone(), look.strong())];
    if whole || matches!(state.phase(), LessonPhase::Asking) {
        lines.push(Line::raw(lesson.text.clone()));
    }
    lines.push(Line::styled(words::task(lesson.task), look.strong()));
    if let LessonPhase::Claiming(_, typed) = state.phase() {
        lines.push(Line::styled(words::NOW_CLAIM, look.banner()));
        if let Some(typed) = typed {
            lines.push(Line::styled(words::claim_typed(typed), look.strong()));
        }
    }
    if let LessonPhase::Tried(_, check) = state.phase() {
        let why = check
            .why
            .as_ref()
            .map(|why| words::why(why, check.done, lesson.game.to_move().other()));
        if check.done {
            lines.push(Line::styled(words::WELL_DONE, look.banner()));
            lines.push(Line::raw(words::what_it_did(&check.what)));
            lines.extend(why.map(Line::raw));
        } else {
            lines.push(Line::styled(words::NOT_YET, look.error()));
            lines.push(Line::raw(words::what_it_did(&check.what)));
            feedback.verdict = Some((lines.len(), words::not_yet(&check.what)));
            lines.extend(why.map(Line::raw));
            lines.push(Line::raw(state.hint_after(check).to_owned()));
        }
    }
    if let Some(note) = state.note() {
        lines.push(Line::styled(note.to_string(), state.note_style(look)));
        feedback.note = Some((lines.len(), note.to_string()));
    }
    if !whole {
        lines.push(Line::raw(""));
        // Once the stone is played a square is no try: its keys are not offered.
        // While its points wait for a claim, `claim_key` takes `+` and the lesson's
        // keys (s31: the row did not say `+`); a claim being typed takes only its own
        // (s30: the row offered `u`, `n`, `m` and `q`, refused then, not Enter).
        let line = match state.phase() {
            LessonPhase::Claiming(_, Some(_)) => HintLine::ClaimEntry,
            LessonPhase::Claiming(_, None) => {
                // `+` on a row of its own: the row of all five broke `n:` / `next`
                // in the text's 28 columns at 80×24.
                let [claim, others] = claim_waiting_keys(state);
                for keys in [claim, others] {
                    lines.extend(key_rows(&keys, columns, look));
                }
                return (lines, feedback);
            }
            LessonPhase::Tried(_, check) if check.done => HintLine::LessonPlayed,
            _ => HintLine::Lesson,
        };
        let keys = hint_line_leaving_doing(line, state.is_from_start(), &hint_keys(state, line));
        lines.extend(key_rows(&keys, columns, look));
    }
    (lines, feedback)
}

/// A row of `keys` as lines of at most `columns`, each `key: action` whole on one
/// (s32: the text's wrapping broke `Backspace:` / `rub out` in the 28 columns at 80×24).
fn key_rows(keys: &str, columns: usize, look: Look) -> Vec<Line<'static>> {
    crate::text::parts_in_rows(keys, columns)
        .into_iter()
        .map(|row| Line::styled(row, look.dim()))
        .collect()
}
