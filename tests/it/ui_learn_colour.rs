//! The start, lesson and puzzle screens at 80×24 in colour and under
//! `NO_COLOR`: the same text in both (so colour is never the only cue: the
//! selected row has `▶`, the side to move `▶ to move`, a verdict its words),
//! no colour at all under `NO_COLOR`, and snapshots of the coloured cells.

use hijara::learn::{LearnProgress, lessons};
use hijara::puzzle::{Progress, PuzzleSet};
use hijara::ui::{
    Input, LessonState, LessonView, Look, PuzzleState, PuzzleView, StartState, StartView,
};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;
use ratatui::widgets::Widget;

/// What a screen draws, as a widget for a look.
trait Screen {
    fn draw(&self, look: Look, area: ratatui::layout::Rect, buf: &mut Buffer);
}

impl Screen for StartState {
    fn draw(&self, look: Look, area: ratatui::layout::Rect, buf: &mut Buffer) {
        (&StartView { state: self, look }).render(area, buf);
    }
}

impl Screen for LessonState {
    fn draw(&self, look: Look, area: ratatui::layout::Rect, buf: &mut Buffer) {
        (&LessonView { state: self, look }).render(area, buf);
    }
}

impl Screen for PuzzleState {
    fn draw(&self, look: Look, area: ratatui::layout::Rect, buf: &mut Buffer) {
        (&PuzzleView { state: self, look }).render(area, buf);
    }
}

fn render(screen: &impl Screen, look: Look) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|frame| screen.draw(look, frame.area(), frame.buffer_mut()))
        .unwrap();
    terminal
}

/// The same text in colour and without; no colour without; the coloured
/// cells, for the snapshot.
fn check(screen: &impl Screen, what: &str) -> String {
    let color = render(screen, Look::DEFAULT);
    let plain = render(screen, Look::PLAIN);
    assert_eq!(
        color.backend().to_string(),
        plain.backend().to_string(),
        "{what}: colour adds text"
    );
    assert!(
        plain
            .backend()
            .buffer()
            .content()
            .iter()
            .all(|c| (c.fg, c.bg) == (Color::Reset, Color::Reset)),
        "{what}: colour under NO_COLOR"
    );
    let coloured = color
        .backend()
        .buffer()
        .content()
        .iter()
        .filter(|c| c.fg != Color::Reset || c.bg != Color::Reset)
        .count();
    assert!(coloured > 0, "{what}: no colour at all");
    format!("{:?}", color.backend().buffer())
}

fn key(c: char) -> Input {
    Input::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
}

#[test]
fn start_screen_in_colour_80x24() {
    let mut s = StartState::new(false, true);
    let _ = s.handle(Input::Resize(80, 24));
    let _ = s.handle(Input::Key(KeyEvent::new(KeyCode::Down, KeyModifiers::NONE)));
    insta::assert_snapshot!(check(&s, "start"));
}

#[test]
fn lesson_screen_in_colour_80x24() {
    let mut s = LessonState::resume(lessons().unwrap(), LearnProgress::default(), None);
    let _ = s.handle(Input::Resize(80, 24));
    insta::assert_snapshot!(check(&s, "lesson asking"));
    // A wrong try, the task done, a claim typed, the menu: the same text in both.
    let _ = s.handle(key('c'));
    let _ = s.handle(key('3'));
    let _ = check(&s, "lesson wrong");
    let _ = s.handle(key('a'));
    let _ = s.handle(key('1'));
    let _ = check(&s, "lesson done");
    let _ = s.handle(key('m'));
    let _ = check(&s, "lesson menu");
    let _ = s.handle(key('8'));
    for c in "a1+2".chars() {
        let _ = s.handle(key(c));
    }
    let _ = check(&s, "lesson claim");
}

#[test]
fn puzzle_screen_in_colour_80x24() {
    let set = PuzzleSet::shipped().unwrap();
    let puzzle = set.puzzles[0].clone();
    let mut s = PuzzleState::new(set, Progress::default(), None, puzzle, None);
    let _ = s.handle(Input::Resize(80, 24));
    insta::assert_snapshot!(check(&s, "puzzle asking"));
    let _ = s.handle(key('b'));
    let _ = s.handle(key('4'));
    let _ = check(&s, "puzzle checking");
}
