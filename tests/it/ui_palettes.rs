//! The palettes and the ASCII board at 80×24: a snapshot of every palette with the
//! cells' colours and modifiers (the buffer's styles, not only its symbols), the same
//! text in every palette (colour is never the only cue), and the ASCII board, whose
//! every screen draws ASCII only with the cursor, the hint and the corner squares
//! still told apart.

use crate::common::{asked, press, typing};
use hijara::learn::{LearnProgress, lessons};
use hijara::prefs::Palette;
use hijara::puzzle::{Progress, PuzzleSet};
use hijara::session::GameConfig;
use hijara::ui::{
    AiJob, AiReply, App, AppView, Input, LessonState, LessonView, Look, PuzzleState, PuzzleView,
    StartState, StartView,
};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::style::Color;
use ratatui::widgets::Widget;

/// A corners game after Blue's stone completed two lines (+20), the cursor moved on,
/// and the hint shown: every style the game screen has.
fn scene() -> App {
    let mut app = App::new(GameConfig {
        ruleset: hijara::rules::Ruleset::Corners,
        ..GameConfig::default()
    });
    let _ = app.handle(Input::Resize(80, 24));
    let _ = typing(&mut app, "a2b2a3b3a4b4b1c2c1c3d1c4a1");
    let _ = press(&mut app, KeyCode::Right);
    let _ = press(&mut app, KeyCode::Down);
    let hint = asked(&press(&mut app, KeyCode::Char('t'))).expect("the hint is asked");
    let _ = app.on_ai_reply(AiReply {
        tag: hint.tag,
        job: AiJob::Hint,
        mv: Some("d4".parse().unwrap()),
    });
    // The cursor goes to the hint; moved off it, both show.
    let _ = press(&mut app, KeyCode::Up);
    assert_eq!(app.hint(), Some("d4".parse().unwrap()));
    assert_eq!(app.cursor(), "d3".parse().unwrap());
    app
}

/// `widget` drawn at 80×24 in `look`, finished as the event loop finishes a frame.
fn drawn(widget: impl Widget, look: Look) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|frame| {
            frame.render_widget(widget, frame.area());
            look.finish(frame.buffer_mut());
        })
        .unwrap();
    terminal.backend().buffer().clone()
}

fn game(app: &App, look: Look) -> Buffer {
    drawn(&AppView { app, look }, look)
}

fn symbols(buf: &Buffer) -> String {
    buf.content().iter().map(|c| c.symbol()).collect()
}

fn check_palette(palette: Palette) -> String {
    let app = scene();
    let look = Look::new(palette, false);
    let buf = game(&app, look);
    assert_eq!(
        symbols(&buf),
        symbols(&game(&app, Look::PLAIN)),
        "{palette}: colour adds or changes text"
    );
    let coloured = buf
        .content()
        .iter()
        .filter(|c| c.fg != Color::Reset || c.bg != Color::Reset)
        .count();
    if palette.has_colour() {
        assert!(coloured > 0, "{palette}: no colour at all");
    } else {
        assert_eq!(coloured, 0, "{palette}: colour without a palette");
    }
    // The buffer's Debug form lists the cells' styles after the text.
    format!("{buf:?}")
}

#[test]
fn palette_default_80x24() {
    insta::assert_snapshot!(check_palette(Palette::Default));
}

#[test]
fn palette_colour_blind_80x24() {
    let shown = check_palette(Palette::ColourBlind);
    // Okabe–Ito blue and orange stones, no red-against-green cue.
    assert!(shown.contains("bg: Indexed(25)") && shown.contains("bg: Indexed(214)"));
    for ansi in ["Red", "Green", "LightRed", "LightGreen"] {
        assert!(!shown.contains(&format!("fg: {ansi},")), "{ansi}");
    }
    insta::assert_snapshot!(shown);
}

#[test]
fn palette_light_80x24() {
    insta::assert_snapshot!(check_palette(Palette::Light));
}

#[test]
fn palette_high_contrast_80x24() {
    let shown = check_palette(Palette::HighContrast);
    assert!(!shown.contains("DIM"), "nothing dimmed");
    insta::assert_snapshot!(shown);
}

#[test]
fn palette_none_80x24() {
    insta::assert_snapshot!(check_palette(Palette::None));
}

/// Every character is ASCII.
fn all_ascii(buf: &Buffer, what: &str) {
    let text = symbols(buf);
    let odd: String = text.chars().filter(|c| !c.is_ascii()).collect();
    assert!(odd.is_empty(), "{what}: {odd:?} in\n{buf:?}");
}

#[test]
fn ascii_board_80x24() {
    let app = scene();
    let look = Look::new(Palette::Default, true);
    let buf = game(&app, look);
    all_ascii(&buf, "game");
    let text = TestBackend::with_lines(
        symbols(&buf)
            .chars()
            .collect::<Vec<_>>()
            .chunks(80)
            .map(|row| row.iter().collect::<String>())
            .collect::<Vec<_>>(),
    )
    .to_string();
    // The cursor's heavy border, the hint's double one and the corners' dashed ones
    // stay apart: #, * and . : (the cursor on d3, above the hint on d4).
    for sides in ["#  2   3  #", "*  2   3  *", ":  2   3  :"] {
        assert!(text.contains(sides), "{sides}:\n{text}");
    }
    insta::assert_snapshot!(text);
}

#[test]
fn every_screen_draws_ascii_only_with_the_ascii_look() {
    let look = Look::new(Palette::Default, true);
    let mut start = StartState::new(false, true);
    let _ = start.handle(Input::Resize(80, 24));
    all_ascii(
        &drawn(
            &StartView {
                state: &start,
                look,
            },
            look,
        ),
        "start",
    );
    let mut lesson = LessonState::resume(lessons().unwrap(), LearnProgress::default(), None);
    let _ = lesson.handle(Input::Resize(80, 24));
    all_ascii(
        &drawn(
            &LessonView {
                state: &lesson,
                look,
            },
            look,
        ),
        "lesson",
    );
    let set = PuzzleSet::shipped().unwrap();
    let puzzle = set.puzzles[0].clone();
    let mut state = PuzzleState::new(set, Progress::default(), None, puzzle, None);
    let _ = state.handle(Input::Resize(80, 24));
    all_ascii(
        &drawn(
            &PuzzleView {
                state: &state,
                look,
            },
            look,
        ),
        "puzzle",
    );
}
