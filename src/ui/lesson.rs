//! The lesson screen's state: the lessons menu, and one lesson on the real
//! board with its text and task; a move is checked by the rules, and a wrong
//! try gets a hint saying why, with the combination highlighted. Pure:
//! [`Input`]s in, [`Effect`]s out; [`Effect::Save`] asks the event loop to keep
//! the progress.

use std::path::PathBuf;

use ratatui::crossterm::event::{KeyCode, KeyModifiers};
use ratatui::layout::Rect;

use crate::learn::{Check, LearnProgress, Lesson, check};
use crate::rules::{Game, Move, Square};

use super::cursor::{Cursor, Pointed};
use super::effect::{Effect, Effects, Input};
use super::keymap::{self, Action, KeyContext};

/// Where the lesson screen is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LessonPhase {
    /// The list of lessons; the one selected.
    Menu(usize),
    /// A lesson, waiting for a move.
    Asking,
    /// A move was tried: the rules' verdict.
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
    cursor: Cursor,
    phase: LessonPhase,
    note: Option<String>,
    size: Rect,
    quit: bool,
}

/// Columns the board side takes at least (the game screen's minimum width).
const BOARD_WIDTH: u16 = super::screen::MIN_WIDTH;

impl LessonState {
    /// The screen at the first lesson not done (the menu when all are done).
    pub fn resume(
        lessons: Vec<Lesson>,
        progress: LearnProgress,
        data_dir: Option<PathBuf>,
    ) -> LessonState {
        let all_done = lessons.iter().all(|l| progress.is_done(&l.id));
        let index = progress.resume_at(&lessons);
        let mut state = LessonState {
            lessons,
            progress,
            data_dir,
            index: 0,
            game: Game::new(),
            cursor: Cursor::default(),
            phase: LessonPhase::Asking,
            note: None,
            size: Rect::default(),
            quit: false,
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
        self.game = lesson.game.clone();
        self.cursor = Cursor::default();
        if let Some(open) = self.game.position().legal_moves().next() {
            self.cursor.set(open);
        }
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

    /// Where the progress is kept; `None` for this run only.
    pub fn data_dir(&self) -> Option<&std::path::Path> {
        self.data_dir.as_deref()
    }

    /// The square under the cursor.
    pub fn cursor(&self) -> Square {
        self.cursor.square()
    }

    /// The one-line note, if any.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// Sets the note (the event loop reports a failed save here).
    pub fn notify(&mut self, text: impl Into<String>) {
        self.note = Some(text.into());
    }

    /// Whether the player has left.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// The whole terminal.
    pub fn size(&self) -> Rect {
        self.size
    }

    /// Where the game layout (ladders, board) sits: the left part; clicks map to squares within it.
    pub fn area(&self) -> Rect {
        board_area(self.size)
    }

    /// One input.
    pub fn handle(&mut self, input: Input) -> Effects {
        match input {
            Input::Resize(width, height) => {
                self.size = Rect::new(0, 0, width, height);
                vec![Effect::Redraw]
            }
            Input::Tick => Vec::new(),
            Input::Click(Some(square)) if !matches!(self.phase, LessonPhase::Menu(_)) => {
                self.cursor.set(square);
                self.try_move(square)
            }
            Input::Click(_) => Vec::new(),
            Input::Key(key) => {
                self.note = None;
                // `m` opens the menu from anywhere (the game's table has no `m`).
                if key.code == KeyCode::Char('m') && key.modifiers == KeyModifiers::NONE {
                    self.phase = LessonPhase::Menu(self.index);
                    return vec![Effect::Redraw];
                }
                if let LessonPhase::Menu(selected) = self.phase {
                    return self.menu_key(key.code, selected);
                }
                match keymap::action(key, KeyContext::Board) {
                    Some(action) => self.apply(action),
                    None => {
                        self.note = Some(crate::strings::lesson::KEYS.to_string());
                        vec![Effect::Redraw]
                    }
                }
            }
        }
    }

    fn menu_key(&mut self, code: KeyCode, selected: usize) -> Effects {
        let last = self.lessons.len().saturating_sub(1);
        match code {
            KeyCode::Up | KeyCode::Char('k') => {
                self.phase = LessonPhase::Menu(selected.saturating_sub(1))
            }
            KeyCode::Down | KeyCode::Char('j') => {
                self.phase = LessonPhase::Menu((selected + 1).min(last))
            }
            KeyCode::Home => self.phase = LessonPhase::Menu(0),
            KeyCode::End => self.phase = LessonPhase::Menu(last),
            KeyCode::Enter | KeyCode::Char(' ') => self.open(selected),
            KeyCode::Esc | KeyCode::Char('q') => {
                self.quit = true;
                return vec![Effect::Quit];
            }
            KeyCode::Char(c) if c.is_ascii_digit() => {
                // 1-9 open that lesson, 0 the tenth.
                let n = c
                    .to_digit(10)
                    .map_or(0, |d| if d == 0 { 10 } else { d as usize });
                if (1..=self.lessons.len()).contains(&n) {
                    self.open(n - 1);
                }
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
                    self.phase = LessonPhase::Menu(self.index);
                }
                vec![Effect::Redraw]
            }
            Action::Undo => {
                self.open(self.index);
                vec![Effect::Redraw]
            }
            _ => match self.cursor.apply(action) {
                Pointed::Square(square) => self.try_move(square),
                Pointed::Other if action == Action::Place => self.try_move(self.cursor.square()),
                _ => vec![Effect::Redraw],
            },
        }
    }

    fn try_move(&mut self, mv: Move) -> Effects {
        let Some(lesson) = self.lessons.get(self.index) else {
            return Vec::new();
        };
        if matches!(&self.phase, LessonPhase::Tried(_, c) if c.done) {
            self.note = Some(crate::strings::lesson::DONE_ALREADY.to_string());
            return vec![Effect::Redraw];
        }
        self.cursor.set(mv);
        let Some(verdict) = check(lesson.task, &lesson.game, mv, lesson.answer) else {
            self.note = Some(crate::strings::puzzle::full(mv));
            return vec![Effect::Redraw];
        };
        let mut effects = vec![Effect::Redraw];
        if verdict.done {
            // Show the stone played; a wrong try leaves the position to try again.
            let _ = self.game.play(mv);
            if !self.progress.is_done(&lesson.id) {
                self.progress.mark_done(&lesson.id.clone());
                effects.push(Effect::Save);
            }
        }
        self.phase = LessonPhase::Tried(mv, verdict);
        effects
    }
}

/// The part of a `size` terminal the board and ladders get: the left part,
/// leaving the rest (at most 40 columns) for the lesson's text.
pub(crate) fn board_area(size: Rect) -> Rect {
    let text = size.width.saturating_sub(BOARD_WIDTH).min(40);
    Rect::new(size.x, size.y, size.width - text, size.height)
}
