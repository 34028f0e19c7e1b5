//! The screens shown in README.md and docs/learning.md are drawn by the screens
//! themselves, so the docs cannot drift from what a player sees (issue 28, defect 13).
//!
//! Each snapshot in a doc follows a marker line `<!-- screen: NAME -->` and is the
//! fenced block after it. This test draws each screen at 80×24 without colour (the
//! cells' symbols, trailing blanks and blank rows trimmed) and fails when a doc's block
//! differs. After a change to a screen, rewrite the docs' blocks with
//!
//! ```sh
//! HIJARA_BLESS_DOCS=1 cargo test --test it doc_screens
//! ```

use std::path::{Path, PathBuf};

use hijara::ai::SearchLimit;
use hijara::learn::{LearnProgress, lessons};
use hijara::puzzle::{Progress, PuzzleSet};
use hijara::rules::Square;
use hijara::ui::{
    Effect, Input, LessonState, LessonView, Look, PuzzleState, PuzzleView, StartState, StartView,
    solve_request,
};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::widgets::Widget;

const WIDTH: u16 = 80;
const HEIGHT: u16 = 24;

/// The environment variable that rewrites the docs' blocks instead of failing.
const BLESS: &str = "HIJARA_BLESS_DOCS";

/// The cells' symbols, row by row, each row's trailing blanks and the blank rows at
/// the top and bottom trimmed, and the columns every row leaves blank on the left.
fn text_of(buffer: &Buffer) -> String {
    let mut rows = Vec::new();
    for y in 0..buffer.area.height {
        let mut row = String::new();
        let mut x = 0;
        while x < buffer.area.width {
            let symbol = buffer[(x, y)].symbol();
            row.push_str(symbol);
            // A wide character's second cell is part of it.
            x += u16::try_from(hijara::text::width(symbol).max(1)).unwrap_or(1);
        }
        rows.push(row.trim_end().to_owned());
    }
    while rows.first().is_some_and(String::is_empty) {
        rows.remove(0);
    }
    while rows.last().is_some_and(String::is_empty) {
        rows.pop();
    }
    let margin = rows
        .iter()
        .filter(|r| !r.is_empty())
        .map(|r| r.len() - r.trim_start_matches(' ').len())
        .min()
        .unwrap_or(0);
    let rows: Vec<&str> = rows.iter().map(|r| r.get(margin..).unwrap_or("")).collect();
    rows.join("\n")
}

/// `widget` drawn at 80×24, as text.
fn drawn(widget: impl Widget) -> String {
    let mut terminal = Terminal::new(TestBackend::new(WIDTH, HEIGHT)).unwrap();
    terminal
        .draw(|frame| frame.render_widget(widget, frame.area()))
        .unwrap();
    text_of(terminal.backend().buffer())
}

fn key(c: char) -> Input {
    Input::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
}

/// The start screen, with no autosave and a history.
fn start_screen() -> String {
    let mut state = StartState::new(false, true);
    let _ = state.handle(Input::Resize(WIDTH, HEIGHT));
    drawn(&StartView {
        state: &state,
        look: Look::PLAIN,
    })
}

/// Lesson 5 after the wrong try c2.
fn lesson_wrong_try() -> String {
    let mut state = LessonState::resume(lessons().unwrap(), LearnProgress::default(), None);
    let _ = state.handle(Input::Resize(WIDTH, HEIGHT));
    for c in "m5c2".chars() {
        let _ = state.handle(key(c));
    }
    drawn(&LessonView {
        state: &state,
        look: Look::PLAIN,
    })
}

/// Puzzle p0001 answered b4 with a click, its cost checked.
fn puzzle_wrong_answer() -> String {
    let set = PuzzleSet::shipped().unwrap();
    let puzzle = set.puzzle("p0001").unwrap().clone();
    let mut state = PuzzleState::new(set, Progress::default(), None, puzzle, None);
    let _ = state.handle(Input::Resize(WIDTH, HEIGHT));
    let effects = state.handle(Input::Click(Some(Square::B4)));
    let request = effects
        .iter()
        .find_map(|e| match e {
            Effect::CheckPuzzle(request) => Some(*request),
            _ => None,
        })
        .expect("a wrong answer asks what it costs");
    let _ = state.on_check(solve_request(request, &SearchLimit::nodes(20_000_000)));
    drawn(&PuzzleView {
        state: &state,
        look: Look::PLAIN,
    })
}

/// `hijara puzzle --id p0001 --answer SQUARE`'s lines, without the rating line (which
/// depends on the player's progress).
fn puzzle_answer(square: &str) -> String {
    let data = tempfile::tempdir().unwrap();
    let out = crate::common::hijara_command()
        .env("HIJARA_DATA_DIR", data.path())
        .args(["puzzle", "--id", "p0001", "--answer", square])
        .output()
        .unwrap();
    // 0 for the right answer, 1 for a wrong one (all said on standard output).
    let code = if square == "c4" { 0 } else { 1 };
    assert_eq!(out.status.code(), Some(code), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    // The heading and the board come first, the board's status line last (`... Yellow
    // to move`); the task line under it starts what the doc shows.
    let lines: Vec<&str> = text.lines().collect();
    let from = lines.iter().position(|l| l.contains(" to move")).unwrap() + 1;
    lines[from..]
        .iter()
        .filter(|l| !l.starts_with("Your puzzle rating"))
        .copied()
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every snapshot: the doc, its name, and how it is drawn.
fn snapshots() -> Vec<(&'static str, &'static str, String)> {
    let start = start_screen();
    vec![
        ("README.md", "start", start.clone()),
        ("docs/learning.md", "start", start),
        ("docs/learning.md", "lesson-wrong-try", lesson_wrong_try()),
        (
            "docs/learning.md",
            "puzzle-wrong-answer",
            puzzle_wrong_answer(),
        ),
        (
            "docs/learning.md",
            "puzzle-answer-right",
            puzzle_answer("c4"),
        ),
        (
            "docs/learning.md",
            "puzzle-answer-wrong",
            puzzle_answer("b4"),
        ),
    ]
}

/// The byte range of the block after `<!-- screen: NAME -->` in `doc` (its lines
/// between the fences), or why there is none.
fn block(doc: &str, name: &str) -> Result<std::ops::Range<usize>, String> {
    let marker = format!("<!-- screen: {name} -->");
    let at = doc.find(&marker).ok_or(format!("no {marker}"))?;
    let fence = doc[at..]
        .find("```")
        .ok_or(format!("no block after {marker}"))?;
    let open = at + fence;
    let start = open + doc[open..].find('\n').ok_or("an open fence")? + 1;
    let end = start + doc[start..].find("```").ok_or("an open fence")?;
    Ok(start..end)
}

fn path(doc: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(doc)
}

#[test]
fn the_docs_show_the_screens_as_they_are() {
    let bless = std::env::var_os(BLESS).is_some();
    let mut stale = Vec::new();
    for (doc, name, screen) in snapshots() {
        let file = path(doc);
        let mut text = std::fs::read_to_string(&file).unwrap();
        let range = block(&text, name).unwrap_or_else(|e| panic!("{doc}: {e}"));
        let want = format!("{screen}\n");
        if text[range.clone()] == want {
            continue;
        }
        if bless {
            text.replace_range(range, &want);
            std::fs::write(&file, text).unwrap();
        } else {
            stale.push(format!(
                "{doc}, screen {name}: the doc shows\n{}\nthe screen draws\n{want}",
                &text[range]
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "{}\n{BLESS}=1 cargo test --test it doc_screens rewrites them",
        stale.join("\n")
    );
}
