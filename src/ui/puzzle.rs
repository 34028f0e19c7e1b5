//! The puzzle screen's state: a puzzle shown on the real board, a move tried
//! with the keyboard or the mouse, and why it was right or wrong. Pure:
//! [`Input`]s in, [`Effect`]s out; the progress it updates is saved by the
//! event loop on [`Effect::SaveProgress`].

use std::path::PathBuf;

use chrono::NaiveDate;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::puzzle::explain::{Verdict, judge};
use crate::puzzle::{Progress, Puzzle, PuzzleSet, PuzzleTheme, daily};
use crate::rules::{Game, Move, Square};

use crate::strings::{describe, puzzle as words};

use super::board_input::{BoardInput, BoardKeys};
use super::effect::{Effect, Effects, Input, behind_enlarge};
use super::help::HelpView;
use super::keymap::{Action, HintLine, KeyContext, hint_line_leaving};
use super::layout::{ScreenLayout, wrapped_last_top};
use super::look::Look;
use super::message::{Keyed, Message, MessageKind};
use super::overlay::Overlays;
use super::puzzle_check::{CheckReply, CheckRequest};

/// Rows under the board for the explanation panel, when the terminal has them.
pub(crate) const PANEL_HEIGHT: u16 = 7;
/// The lowest panel: its borders and one line of text (a longer verdict scrolls).
/// Lower, there is none, and the status line says the verdict and any note
/// ([`status_feedback`]).
const MIN_PANEL_HEIGHT: u16 = 3;

/// What the screen shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PuzzlePhase {
    /// Waiting for a move.
    Asking,
    /// A move was tried: the verdict and its explanation. A wrong move's cost
    /// is being checked while [`Verdict::needs_solve`].
    Answered(Verdict, Vec<String>),
    /// The puzzle was given up (`g`): its answer played on the board, judged, and why
    /// it is the answer.
    GivenUp(Verdict, Vec<String>),
}

/// One puzzle on screen, the set it came from and the player's progress.
#[derive(Debug, Clone)]
pub struct PuzzleState {
    set: PuzzleSet,
    progress: Progress,
    /// Where the progress is kept; `None` keeps it for this run only.
    data_dir: Option<PathBuf>,
    puzzle: Puzzle,
    /// The date when the puzzle is that day's.
    daily: Option<NaiveDate>,
    game: Game,
    board: BoardKeys,
    phase: PuzzlePhase,
    /// Whether this puzzle's first try was already counted in the ratings.
    counted: bool,
    /// Whether it was tried before it was opened (so the screen says no try counts).
    repeat: bool,
    /// The puzzles shown so far in this round on this screen (`n` passes over them
    /// while others are left; when none is left, a new round begins).
    shown: Vec<String>,
    /// The puzzles `n` passes over in every round while others are left (those on a
    /// lesson's position).
    passed: Vec<String>,
    /// The themes are shown (`t`).
    hint: bool,
    /// A one-line note (a save failure, an unknown key).
    note: Option<Message>,
    /// The tag of the last check asked for; a reply with another is stale.
    tag: u64,
    quit: bool,
    /// The help (`?`) and the task and the panel's text read in full in place of the
    /// board (`e`).
    overlays: Overlays,
    /// The panel's first line shown, when its text is longer than its room.
    panel_top: u16,
    /// Opened from the start screen, which `q` goes back to: the keys say "back".
    /// Also set when opened from the lessons' menu ([`PuzzleState::from_lessons`]).
    from_start: bool,
    /// Opened from the lessons' menu, which `q` goes back to.
    from_lessons: bool,
}

impl PuzzleState {
    /// The screen on `puzzle` (the day's puzzle of `daily`, if given).
    pub fn new(
        set: PuzzleSet,
        progress: Progress,
        data_dir: Option<PathBuf>,
        puzzle: Puzzle,
        daily: Option<NaiveDate>,
    ) -> PuzzleState {
        let game = puzzle.game().unwrap_or_default();
        let board = BoardKeys::new(&game, KeyContext::Puzzle);
        // Only a puzzle's first try counts: one tried before is answered for nothing.
        let counted = progress.tried(&puzzle);
        let shown = vec![puzzle.id.clone()];
        PuzzleState {
            set,
            progress,
            data_dir,
            puzzle,
            daily,
            game,
            board,
            phase: PuzzlePhase::Asking,
            counted,
            repeat: counted,
            shown,
            passed: Vec::new(),
            hint: false,
            note: None,
            tag: 0,
            quit: false,
            overlays: Overlays::default(),
            panel_top: 0,
            from_start: false,
            from_lessons: false,
        }
    }

    /// The screen as the lessons' menu opens it (`p`): leaving goes back there (qa37:
    /// `hijara learn`, `p`, `q` quit the program), and the keys say `q: back`.
    pub fn from_lessons(mut self) -> PuzzleState {
        self.from_start = true;
        self.from_lessons = true;
        self
    }

    /// Whether the lessons' menu opened this screen (its `q` goes back there).
    pub fn is_from_lessons(&self) -> bool {
        self.from_lessons
    }

    /// The screen as the start screen opens it: leaving goes back there, and the
    /// keys say `q: back`, not `q: quit`.
    pub fn from_start(mut self) -> PuzzleState {
        self.from_start = true;
        self
    }

    /// Whether the start screen (or the lessons' menu) opened this screen: its `q`
    /// goes back there.
    pub fn is_from_start(&self) -> bool {
        self.from_start
    }

    /// The screen on the unsolved puzzle nearest the player's rating, or on
    /// the day's puzzle of `daily`. `None` when the set is empty.
    pub fn open(
        set: PuzzleSet,
        progress: Progress,
        data_dir: Option<PathBuf>,
        daily_date: Option<NaiveDate>,
    ) -> Option<PuzzleState> {
        let puzzle = match daily_date {
            Some(date) => daily(&set, date)?.clone(),
            None => progress.next(&set)?.clone(),
        };
        Some(PuzzleState::new(
            set, progress, data_dir, puzzle, daily_date,
        ))
    }

    /// This screen, with `n` passing over the puzzles named (those on a lesson's
    /// position) while others are left.
    pub fn passing_over(mut self, ids: Vec<String>) -> PuzzleState {
        self.shown.extend(ids.iter().cloned());
        self.passed.extend(ids);
        self
    }

    /// The puzzle shown.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The board shown: the puzzle's position, or after the move tried.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The player's progress, updated after each first try.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// The folder the progress is kept in and the progress, for its save (which
    /// takes in what another hijara kept there meanwhile); `None` for this run only.
    pub fn progress_to_keep(&mut self) -> Option<(&std::path::Path, &mut Progress)> {
        Some((self.data_dir.as_deref()?, &mut self.progress))
    }

    /// Where the progress is kept.
    pub fn data_dir(&self) -> Option<&std::path::Path> {
        self.data_dir.as_deref()
    }

    /// What the screen shows.
    pub fn phase(&self) -> &PuzzlePhase {
        &self.phase
    }

    /// The square under the cursor.
    pub fn cursor(&self) -> Square {
        self.board.square()
    }

    /// Whether this puzzle was tried before it was opened: a try now changes nothing.
    pub fn tried_before(&self) -> bool {
        self.repeat
    }

    /// Whether the themes are shown.
    pub fn hint_shown(&self) -> bool {
        self.hint
    }

    /// The one-line note, if any.
    pub fn note(&self) -> Option<&str> {
        self.note.as_ref().map(|note| note.text.as_str())
    }

    /// The note in the line mode's words.
    pub(crate) fn note_words(&self) -> Option<std::borrow::Cow<'_, str>> {
        self.note.as_ref().map(Message::line_words)
    }

    /// Sets the one-line note (the event loop reports a failed save here).
    pub fn notify(&mut self, text: impl Into<String>) {
        self.note = Some(Message::new(MessageKind::Error, text));
    }

    /// Whether this is the day's puzzle, and of which date.
    pub fn daily(&self) -> Option<NaiveDate> {
        self.daily
    }

    /// The panel's first line shown (PgDn, PgUp), when its text is longer than it.
    pub fn panel_top(&self) -> u16 {
        self.panel_top
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
    pub(crate) fn help_view(&self, look: Look) -> HelpView {
        HelpView {
            top: self.overlays.help_top(),
            ..HelpView::on_board(look, KeyContext::Puzzle, &self.game)
        }
    }

    /// Whether the player has left.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// The whole terminal.
    pub fn size(&self) -> Rect {
        self.board.size()
    }

    /// Where the game layout (ladders, board, status) sits: the terminal less
    /// the explanation panel. Clicks map to squares within it.
    pub fn area(&self) -> Rect {
        board_area(self.board.size())
    }

    /// The key a turn of the mouse wheel (`down`, or up) stands for: over the help or
    /// the text read in full, a line's scroll of it; else a page of the panel's text
    /// (PgDn, PgUp: no key scrolls it by a line, the arrows move the board's cursor).
    pub(crate) fn wheel_key(&self, down: bool) -> Option<ratatui::crossterm::event::KeyEvent> {
        let help = self.help_view(Look::PLAIN);
        let lines = reading_lines(self, Look::PLAIN);
        if let Some(key) = self.overlays.wheel_key(&help, &lines, self.size(), down) {
            return key;
        }
        let scroll = if down {
            super::keymap::Scroll::PageDown
        } else {
            super::keymap::Scroll::PageUp
        };
        super::keymap::key_for(Action::Scroll(scroll), &[KeyContext::Puzzle])
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
        // game's: a square typed or clicked there would be a rated try nobody saw.
        if layout(self.size()).is_none()
            && let Some(effects) = behind_enlarge(input, |action| self.apply(action))
        {
            return effects;
        }
        // A key or a click is the player's next step: the note on the last one goes
        // (a click of a full square's note stayed beside the answer clicked next).
        if matches!(input, Input::Key(_) | Input::Click(_)) {
            self.note = None;
        }
        let shown = (self.tag, self.hint, self.note.clone());
        let effects = match self.board.input(input) {
            BoardInput::Play(square) => self.try_move(square),
            BoardInput::Action(action) => self.apply(action),
            other => other.effects(&mut self.note, Keyed::PuzzleUnknownKey),
        };
        // Another text in the panel starts at its top.
        if (self.tag, self.hint, &self.note) != (shown.0, shown.1, &shown.2) {
            self.panel_top = 0;
        }
        effects
    }

    fn apply(&mut self, action: Action) -> Effects {
        match action {
            Action::Quit | Action::ForceQuit => {
                self.quit = true;
                vec![Effect::Quit]
            }
            Action::Undo => {
                // Try again: back to the puzzle's position (the first try still counts).
                self.game = self.puzzle.game().unwrap_or_default();
                self.phase = PuzzlePhase::Asking;
                self.tag += 1;
                vec![Effect::Redraw]
            }
            Action::NewGame => {
                // The next puzzle, never the one shown (a skip must skip).
                if let Some((next, mut shown)) = self.next_puzzle() {
                    let size = self.board.size();
                    shown.push(next.id.clone());
                    *self = PuzzleState {
                        tag: self.tag + 1,
                        shown,
                        passed: std::mem::take(&mut self.passed),
                        // The way out stays the same: back to the start screen,
                        // or to the lessons.
                        from_start: self.from_start,
                        from_lessons: self.from_lessons,
                        ..PuzzleState::new(
                            self.set.clone(),
                            self.progress.clone(),
                            self.data_dir.clone(),
                            next,
                            None,
                        )
                    };
                    let _ = self.board.input(Input::Resize(size.width, size.height));
                }
                vec![Effect::Redraw]
            }
            Action::Hint => {
                self.hint = !self.hint;
                vec![Effect::Redraw]
            }
            Action::GiveUp => self.give_up(),
            Action::Scroll(scroll) => {
                let area = panel_area(self.size());
                let last = wrapped_last_top(&panel_lines(self, Look::PLAIN).0, area);
                self.panel_top = super::layout::text_scrolled(self.panel_top, last, area, scroll);
                vec![Effect::Redraw]
            }
            Action::Help | Action::Read => {
                self.overlays.open(action);
                vec![Effect::Redraw]
            }
            _ => vec![Effect::Redraw],
        }
    }

    /// The puzzle `n` opens, and the puzzles shown before it in its round: the
    /// nearest not shown yet; once every one has been, a new round begins, passing
    /// over the one on screen (and those on a lesson's position) while others are
    /// left. The one on screen again only when the set has no other.
    fn next_puzzle(&mut self) -> Option<(Puzzle, Vec<String>)> {
        let on_screen = self.puzzle.id.clone();
        if let Some(fresh) = self
            .progress
            .next_except(&self.set, &self.shown)
            .filter(|p| !self.shown.contains(&p.id))
        {
            return Some((fresh.clone(), std::mem::take(&mut self.shown)));
        }
        let round: Vec<String> = self.passed.iter().cloned().chain([on_screen]).collect();
        let other = |except: &[String]| {
            self.progress
                .next_except(&self.set, except)
                .filter(|p| p.id != self.puzzle.id)
        };
        let next = other(&round)
            .or_else(|| other(std::slice::from_ref(&self.puzzle.id)))
            .or_else(|| self.progress.next(&self.set))?;
        Some((next.clone(), round))
    }

    fn try_move(&mut self, mv: Move) -> Effects {
        if self.phase != PuzzlePhase::Asking {
            self.note = Some(Message::keyed(MessageKind::Error, Keyed::PuzzleAnswered));
            return vec![Effect::Redraw];
        }
        let Some(v) = judge(&self.puzzle, mv) else {
            self.note = Some(Message::new(MessageKind::Error, words::full(mv)));
            return vec![Effect::Redraw];
        };
        let opponent = self.game.to_move().other();
        let lines = describe::puzzle_explained(&self.puzzle, &v, &opponent.to_string());
        // Show the board after the move, with what it completed marked.
        let _ = self.game.play(mv);
        let mut effects = vec![Effect::Redraw];
        if !self.counted {
            // The answer is proven unique, so right or wrong is known at once.
            self.counted = true;
            self.progress.record(&self.puzzle, v.solved, self.daily);
            effects.push(Effect::SaveProgress);
        }
        if v.needs_solve() {
            self.tag += 1;
            effects.push(Effect::CheckPuzzle(CheckRequest {
                tag: self.tag,
                position: v.after,
            }));
        }
        self.phase = PuzzlePhase::Answered(v, lines);
        effects
    }

    /// Gives the puzzle up: its proven answer is played from the puzzle's position
    /// and said, and, when no try has counted yet, it counts as not solved. After the
    /// answer was found or shown, only a note says so.
    fn give_up(&mut self) -> Effects {
        let answered = match &self.phase {
            PuzzlePhase::Answered(v, _) => v.solved,
            PuzzlePhase::GivenUp(..) => true,
            PuzzlePhase::Asking => false,
        };
        if answered {
            self.note = Some(Message::keyed(MessageKind::Error, Keyed::PuzzleAnswered));
            return vec![Effect::Redraw];
        }
        let game = self.puzzle.game().unwrap_or_default();
        let Some(answer) = judge(&self.puzzle, self.puzzle.answer) else {
            // A shipped set's answers are all legal (checked when it is read).
            return vec![Effect::Redraw];
        };
        let mut effects = vec![Effect::Redraw];
        let counted = !self.counted;
        if counted {
            self.counted = true;
            self.progress.record(&self.puzzle, false, self.daily);
            effects.push(Effect::SaveProgress);
        }
        let lines = describe::puzzle_given_up(&self.puzzle, &answer, counted);
        self.game = game;
        let _ = self.game.play(self.puzzle.answer);
        // A wrong try's check still under way is of no use now.
        self.tag += 1;
        self.phase = PuzzlePhase::GivenUp(answer, lines);
        effects
    }

    /// Whether a wrong move's cost is being checked.
    pub fn checking(&self) -> bool {
        matches!(&self.phase, PuzzlePhase::Answered(v, _) if v.needs_solve())
    }

    /// The check worker's reply: the explanation is completed, unless the
    /// reply is for an earlier try.
    pub fn on_check(&mut self, reply: CheckReply) -> Effects {
        if reply.tag != self.tag {
            return Vec::new();
        }
        let PuzzlePhase::Answered(v, lines) = &mut self.phase else {
            return Vec::new();
        };
        if !v.needs_solve() {
            return Vec::new();
        }
        v.settle(reply.solution);
        let opponent = self.game.to_move();
        *lines = describe::puzzle_explained(&self.puzzle, v, &opponent.to_string());
        vec![Effect::Redraw]
    }
}

/// The part of a `size` terminal the game layout gets: all but the panel rows,
/// keeping at least the game screen's minimum height; all of it when the rows left
/// would not hold a panel with a line of text ([`MIN_PANEL_HEIGHT`]).
pub(crate) fn board_area(size: Rect) -> Rect {
    let mut panel = size
        .height
        .saturating_sub(super::layout::MIN_HEIGHT)
        .min(PANEL_HEIGHT);
    if panel < MIN_PANEL_HEIGHT {
        panel = 0;
    }
    Rect::new(size.x, size.y, size.width, size.height - panel)
}

/// Where the ladders, board and status go in a `size` terminal (`None`: too small for
/// them, the game screen's [`super::layout::MIN_WIDTH`]×[`super::layout::MIN_HEIGHT`]).
pub(crate) fn layout(size: Rect) -> Option<ScreenLayout> {
    ScreenLayout::new(board_area(size))
}

/// Where the panel under the board goes on a `size` screen.
pub(crate) fn panel_area(size: Rect) -> Rect {
    let top = board_area(size);
    Rect::new(
        size.x,
        top.bottom(),
        size.width,
        size.bottom() - top.bottom(),
    )
}

/// The text read in full in place of the board (`e`): the task, then the panel's text
/// (the verdict and why, the themes asked for, notes).
pub(crate) fn reading_lines(state: &PuzzleState, look: Look) -> Vec<Line<'static>> {
    let mut lines = vec![Line::styled(task(state), look.strong())];
    lines.extend(panel_lines(state, look).0);
    lines
}

/// What the puzzle asks now: the move to find, or after a try, the move tried.
pub(crate) fn task(state: &PuzzleState) -> String {
    let to_move = state.game().to_move();
    match state.phase() {
        PuzzlePhase::Asking => words::asking(to_move, state.puzzle()),
        PuzzlePhase::Answered(judged, _) => words::answered(to_move, judged.mv),
        PuzzlePhase::GivenUp(judged, _) => words::given_up(to_move, judged.mv),
    }
}

/// [`task`] in the longest wording that fits `width` columns, so that on the status
/// line it keeps the row under the puzzle's title (the shortest fits 44 columns, the
/// narrowest screen; narrower, the shortest).
pub(crate) fn task_in(state: &PuzzleState, width: u16) -> String {
    let PuzzlePhase::Asking = state.phase() else {
        return task(state);
    };
    let [long, short] = words::asking_wordings(state.game().to_move(), state.puzzle());
    if crate::text::fits(&long, usize::from(width)) {
        long
    } else {
        short
    }
}

/// Whether a `size` screen has no room for the panel while it has something to say
/// (44×16), so the status line says the key that reads it in place of the board.
pub(crate) fn panel_hidden(state: &PuzzleState, size: Rect) -> bool {
    panel_area(size).height <= 2 && !panel_lines(state, Look::PLAIN).0.is_empty()
}

/// What the status line says, before the puzzle's title and the task, of the verdict,
/// of a note and of the themes asked for when the panel cannot show them in view on a
/// `size` screen (none there, or too few lines): so a try (or `t`) never looks like
/// nothing happened. The note first, the latest, then the verdict, then the themes;
/// empty when the panel shows them all. With `short`, the verdict in
/// fewest words ([`describe::puzzle_verdict_short`]), for a status line with no room
/// for its first line whole beside the keys.
pub(crate) fn status_feedback(
    state: &PuzzleState,
    size: Rect,
    look: Look,
    short: bool,
) -> Vec<Line<'static>> {
    let (lines, _, feedback) = panel_parts(state, look);
    let area = panel_area(size);
    let in_view = |end: usize| {
        area.width > 2 && area.height > 2 && wrapped_last_top(&lines[..end], area) == 0
    };
    let mut said = Vec::new();
    if let Some((end, note)) = feedback.note
        && !in_view(end)
    {
        said.push(Line::styled(note, look.error()));
    }
    if let Some((end, verdict)) = feedback.verdict
        && !in_view(end)
    {
        let fewest = match state.phase() {
            PuzzlePhase::Answered(judged, _) if short => {
                Some(describe::puzzle_verdict_short(judged, false))
            }
            PuzzlePhase::GivenUp(judged, _) if short => {
                Some(describe::puzzle_verdict_short(judged, true))
            }
            _ => None,
        };
        said.push(match fewest {
            Some(text) => Line::styled(text, verdict_style(state, look)),
            None => verdict,
        });
    }
    // The themes asked for, after the verdict (they may have been asked before the
    // try): at 44×16 `t` showed nothing but the key to read them (QA s23).
    if let Some((end, themes)) = feedback.themes
        && !in_view(end)
    {
        said.push(Line::raw(themes));
    }
    said
}

/// The style of the verdict's first line: a right answer's banner, else an error's
/// (a wrong try, the answer given up).
fn verdict_style(state: &PuzzleState, look: Look) -> ratatui::style::Style {
    match state.phase() {
        PuzzlePhase::Answered(verdict, _) if verdict.solved => look.banner(),
        _ => look.error(),
    }
}

/// Where the feedback is among the panel's lines: the end of each (the index after
/// its last line), with its words for the status line.
#[derive(Debug, Default)]
struct Feedback {
    /// The verdict's first line (`Right!`, `Not this one`), styled.
    verdict: Option<(usize, Line<'static>)>,
    /// The note.
    note: Option<(usize, String)>,
    /// The themes asked for (`t`).
    themes: Option<(usize, String)>,
}

/// The panel's lines (the verdict and why, or the themes asked for, and notes) and
/// the keys for its border.
pub(crate) fn panel_lines(state: &PuzzleState, look: Look) -> (Vec<Line<'static>>, String) {
    let (lines, keys, _) = panel_parts(state, look);
    (lines, keys)
}

/// [`panel_lines`], and where the feedback is among them.
fn panel_parts(state: &PuzzleState, look: Look) -> (Vec<Line<'static>>, String, Feedback) {
    let mut feedback = Feedback::default();
    let puzzle = state.puzzle();
    let mut lines: Vec<Line<'static>> = Vec::new();
    let keys = match state.phase() {
        PuzzlePhase::Asking => hint_line_leaving(HintLine::PuzzleAsking, state.is_from_start()),
        PuzzlePhase::Answered(_, explanation) | PuzzlePhase::GivenUp(_, explanation) => {
            let style = verdict_style(state, look);
            for (i, text) in explanation.iter().enumerate() {
                lines.push(if i == 0 {
                    Line::styled(text.clone(), style)
                } else {
                    Line::raw(text.clone())
                });
                if i == 0 {
                    feedback.verdict = Some((lines.len(), Line::styled(text.clone(), style)));
                }
            }
            hint_line_leaving(HintLine::PuzzleAnswered, state.is_from_start())
        }
    };
    // The themes asked for (`t`), before a try or after it.
    if state.hint_shown() {
        let themes: Vec<&str> = puzzle
            .themes
            .iter()
            .map(|t| PuzzleTheme::name(*t))
            .collect();
        let themes = words::themes(&themes);
        lines.push(Line::raw(themes.clone()));
        feedback.themes = Some((lines.len(), themes));
    }
    if state.tried_before() {
        lines.push(Line::styled(words::TRIED_BEFORE, look.dim()));
    }
    if let Some(note) = state.note() {
        lines.push(Line::styled(note.to_string(), look.error()));
        feedback.note = Some((lines.len(), note.to_string()));
    }
    (lines, keys, feedback)
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use super::*;

    /// A screen on the first of the shipped set's first `count` puzzles.
    fn first_of(count: usize) -> PuzzleState {
        let mut set = PuzzleSet::shipped().unwrap();
        set.puzzles.truncate(count);
        let puzzle = set.puzzles[0].clone();
        let mut state = PuzzleState::new(set, Progress::default(), None, puzzle, None);
        let _ = state.handle(Input::Resize(80, 24));
        state
    }

    fn next(state: &mut PuzzleState) -> String {
        let key = KeyEvent::new(KeyCode::Char('n'), KeyModifiers::NONE);
        let _ = state.handle(Input::Key(key));
        state.puzzle().id.clone()
    }

    /// QA (uifit): once every puzzle of the set had been shown, `n` opened the one
    /// nearest the player's rating whatever was on screen, so it could open the same
    /// puzzle again, and again at each press. Now a new round begins past the one on
    /// screen: never the same twice in a row, and each round shows every puzzle.
    #[test]
    fn next_never_repeats_the_puzzle_on_screen() {
        for count in [2, 3, 5] {
            let mut state = first_of(count);
            let mut on_screen = state.puzzle().id.clone();
            let mut seen = std::collections::BTreeSet::new();
            for press in 0..4 * count {
                let id = next(&mut state);
                assert_ne!(id, on_screen, "{count} puzzles, press {press}");
                seen.insert(id.clone());
                on_screen = id;
            }
            assert_eq!(seen.len(), count, "every puzzle comes round");
        }
        // With one puzzle, `n` can only open it again, from its start.
        let mut state = first_of(1);
        let id = state.puzzle().id.clone();
        assert_eq!(next(&mut state), id);
    }

    /// QA (qa37): a puzzle the start screen opened said `q: back`, but after `n` its
    /// keys said `q: quit` while `q` still went back: the next puzzle lost the mark.
    #[test]
    fn the_next_puzzle_keeps_the_way_back_to_the_start_screen() {
        let mut state = first_of(3).from_start();
        let (_, keys) = panel_lines(&state, Look::PLAIN);
        assert!(keys.ends_with("q: back"), "{keys}");
        next(&mut state);
        assert!(state.is_from_start());
        let (_, keys) = panel_lines(&state, Look::PLAIN);
        assert!(keys.ends_with("q: back"), "{keys}");
    }

    /// QA (the lead, in the line mode, whose squares are clicks): a full square's note
    /// ("a1 is full") stayed after the next square answered the puzzle, and was said
    /// again after the answer's cost. A click clears it, as a key does.
    #[test]
    fn a_click_clears_the_note_of_the_click_before() {
        let mut state = first_of(1);
        let position = *state.game().position();
        let full = Square::ALL.into_iter().find(|&s| position.is_full(s));
        let open = Square::ALL.into_iter().find(|&s| !position.is_full(s));
        let (Some(full), Some(open)) = (full, open) else {
            panic!("the first puzzle has a full square and an open one");
        };
        let _ = state.handle(Input::Click(Some(full)));
        assert!(
            state.note().is_some_and(|n| n.contains("full")),
            "{:?}",
            state.note()
        );
        let _ = state.handle(Input::Click(Some(open)));
        assert_eq!(state.note(), None);
    }

    /// A puzzle on a lesson's position is passed over in every round while others
    /// are left, not only in the first.
    #[test]
    fn a_lesson_s_puzzle_is_passed_over_in_every_round() {
        let state = first_of(4);
        let twin = state.set.puzzles[2].id.clone();
        let mut state = state.passing_over(vec![twin.clone()]);
        for press in 0..12 {
            assert_ne!(next(&mut state), twin, "press {press}");
        }
    }
}
