//! The puzzle screen: snapshots at 80×24 (asking, a right and a wrong answer),
//! the keyboard and the mouse, the progress it records, and every size without
//! a panic or colour under `NO_COLOR`.

use hijara::puzzle::{Progress, PuzzleSet};
use hijara::rules::Square;
use hijara::ui::{Effect, Input, PuzzlePhase, PuzzleState, PuzzleView, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;

fn state(id: &str) -> PuzzleState {
    let set = PuzzleSet::shipped().unwrap();
    let puzzle = set.puzzles.iter().find(|p| p.id == id).unwrap().clone();
    let mut state = PuzzleState::new(set, Progress::default(), None, puzzle, None);
    let _ = state.handle(Input::Resize(80, 24));
    state
}

fn press(state: &mut PuzzleState, code: KeyCode) -> Vec<Effect> {
    state.handle(Input::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

fn typing(state: &mut PuzzleState, text: &str) -> Vec<Effect> {
    text.chars()
        .flat_map(|c| press(state, KeyCode::Char(c)))
        .collect()
}

fn render(state: &PuzzleState, width: u16, height: u16, theme: Theme) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| frame.render_widget(&PuzzleView { state, theme }, frame.area()))
        .unwrap();
    terminal
}

#[test]
fn puzzle_asking_80x24() {
    let mut s = state("p0001");
    let _ = press(&mut s, KeyCode::Char('t'));
    insta::assert_snapshot!(render(&s, 80, 24, Theme::PLAIN).backend());
}

#[test]
fn puzzle_right_answer_80x24() {
    let mut s = state("p0001");
    let effects = typing(&mut s, "c4");
    assert!(effects.contains(&Effect::Save), "{effects:?}");
    match s.phase() {
        PuzzlePhase::Answered(v, _) => assert!(v.solved),
        other => panic!("{other:?}"),
    }
    assert_eq!(s.progress().solved, 1);
    insta::assert_snapshot!(render(&s, 80, 24, Theme::PLAIN).backend());
}

#[test]
fn puzzle_wrong_answer_by_mouse_80x24() {
    let mut s = state("p0001");
    let effects = s.handle(Input::Click(Some(Square::B4)));
    assert!(effects.contains(&Effect::Save));
    match s.phase() {
        PuzzlePhase::Answered(v, _) => {
            assert!(!v.solved);
            assert!(v.reply.is_some());
        }
        other => panic!("{other:?}"),
    }
    assert_eq!((s.progress().tries, s.progress().solved), (1, 0));
    insta::assert_snapshot!(render(&s, 80, 24, Theme::PLAIN).backend());
}

#[test]
fn trying_again_counts_only_the_first_try() {
    let mut s = state("p0001");
    let _ = typing(&mut s, "b4");
    let _ = press(&mut s, KeyCode::Char('u'));
    assert_eq!(s.phase(), &PuzzlePhase::Asking);
    let effects = typing(&mut s, "c4");
    assert!(!effects.contains(&Effect::Save));
    assert_eq!((s.progress().tries, s.progress().solved), (1, 0));
    // The next puzzle is another one, and q leaves.
    let _ = press(&mut s, KeyCode::Char('n'));
    assert_ne!(s.puzzle().id, "p0001");
    assert_eq!(press(&mut s, KeyCode::Char('q')), vec![Effect::Quit]);
    assert!(s.has_quit());
}

#[test]
fn a_full_square_is_refused_with_a_note() {
    let mut s = state("p0001");
    let effects = typing(&mut s, "a1");
    assert!(!effects.contains(&Effect::Save));
    assert_eq!(s.phase(), &PuzzlePhase::Asking);
    assert!(s.note().unwrap().contains("a1 is full"));
}

#[test]
fn the_enter_key_plays_the_cursor_square() {
    let mut s = state("p0001");
    // The cursor starts on the first open square, d1; walk to c4.
    assert_eq!(s.cursor(), Square::D1);
    for code in [KeyCode::Left, KeyCode::Down, KeyCode::Down, KeyCode::Down] {
        let _ = press(&mut s, code);
    }
    assert_eq!(s.cursor(), Square::C4);
    let _ = press(&mut s, KeyCode::Enter);
    assert!(matches!(s.phase(), PuzzlePhase::Answered(v, _) if v.solved));
}

#[test]
fn every_size_draws_without_panic_and_plain_has_no_colour() {
    let mut s = state("p0001");
    let _ = typing(&mut s, "b4");
    for (w, h) in [(1, 1), (20, 5), (44, 16), (60, 20), (80, 24), (120, 40)] {
        let _ = s.handle(Input::Resize(w, h));
        let t = render(&s, w, h, Theme::PLAIN);
        for cell in t.backend().buffer().content() {
            assert_eq!(cell.fg, Color::Reset);
            assert_eq!(cell.bg, Color::Reset);
        }
    }
}
