//! The start screen: a snapshot at 80×24, its keys (hot-seat one key away),
//! closed doors explained, every size without a panic or colour.

use hijara::ai::Level;
use hijara::ui::{Effect, Input, Look, START_ITEMS, StartChoice, StartState, StartView};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;

fn press(s: &mut StartState, code: KeyCode) -> Vec<Effect> {
    s.handle(Input::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

/// The state as the event loop hands it over: told the terminal's size (80x24) first.
fn sized(mut s: StartState) -> StartState {
    let _ = s.handle(Input::Resize(80, 24));
    s
}

fn render(s: &StartState, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| {
            frame.render_widget(
                &StartView {
                    state: s,
                    look: Look::PLAIN,
                },
                frame.area(),
            )
        })
        .unwrap();
    terminal
}

#[test]
fn start_screen_80x24() {
    let mut s = StartState::new(false, true);
    let _ = s.handle(Input::Resize(80, 24));
    insta::assert_snapshot!(render(&s, 80, 24).backend());
}

#[test]
fn hot_seat_is_one_key_away_and_enter_too() {
    let mut s = sized(StartState::new(true, true));
    assert_eq!(press(&mut s, KeyCode::Char('h')), vec![Effect::Quit]);
    assert_eq!(s.choice(), Some(StartChoice::HotSeat));
    let mut s = sized(StartState::new(true, true));
    assert_eq!(press(&mut s, KeyCode::Enter), vec![Effect::Quit]);
    assert_eq!(s.choice(), Some(StartChoice::HotSeat));
}

#[test]
fn every_item_has_its_own_key() {
    for (choice, key, _) in START_ITEMS {
        let mut s = sized(StartState::new(true, true));
        let _ = press(&mut s, KeyCode::Char(key));
        assert_eq!(s.choice(), Some(choice), "{key}");
    }
    let mut s = sized(StartState::new(true, true));
    let _ = press(&mut s, KeyCode::Down);
    let _ = press(&mut s, KeyCode::Down);
    let _ = press(&mut s, KeyCode::Enter);
    assert_eq!(s.choice(), Some(StartChoice::Ai(Level::Medium)));
}

#[test]
fn closed_doors_say_why_and_q_leaves_without_a_choice() {
    let mut s = sized(StartState::new(false, false));
    assert_eq!(press(&mut s, KeyCode::Char('r')), vec![Effect::Redraw]);
    assert!(s.note().unwrap().contains("no unfinished game"));
    let _ = press(&mut s, KeyCode::Char('v'));
    assert!(s.note().unwrap().contains("No finished game"));
    assert_eq!(press(&mut s, KeyCode::Char('q')), vec![Effect::Quit]);
    assert_eq!(s.choice(), None);
}

#[test]
fn every_size_draws_without_panic_or_colour() {
    let s = StartState::new(true, false);
    for (w, h) in [(1, 1), (20, 5), (44, 16), (80, 24), (120, 40)] {
        for cell in render(&s, w, h).backend().buffer().content() {
            assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset));
        }
    }
}

/// Issue 28, defect 8: at 40×12 the start screen was cut off with no word; like the
/// game, it asks to enlarge the terminal (and says `q` quits).
#[test]
fn a_start_screen_too_small_asks_to_enlarge() {
    let mut s = StartState::new(false, true);
    for (w, h) in [(40, 12), (42, 24), (80, 13), (43, 15)] {
        let _ = s.handle(Input::Resize(w, h));
        let shown = render(&s, w, h).backend().to_string();
        assert!(shown.contains("Please enlarge"), "{w}x{h}:\n{shown}");
    }
    // From 44x16 (the game's smallest board) the start screen is drawn: it needed
    // 49 columns, so `hijara` at 44x16 asked to enlarge where the game itself plays.
    // 43x15 since s35 (the side's row against the AI; was 43x14); 43x16 since s36
    // (the hot-seat names' row), 44x16 still.
    for (w, h) in [(43, 16), (44, 16), (80, 24)] {
        let _ = s.handle(Input::Resize(w, h));
        let shown = render(&s, w, h).backend().to_string();
        assert!(!shown.contains("Please enlarge"), "{w}x{h}:\n{shown}");
        assert!(shown.contains("Replay your last game"), "{shown}");
    }
}

/// `?` shows the start screen's keys (from the key table) over it, as every other
/// screen's; any other key closes it. The screen says so in its border.
#[test]
fn question_mark_shows_the_start_screen_s_help_80x24() {
    let mut s = StartState::new(false, true);
    let _ = s.handle(Input::Resize(80, 24));
    let shown = render(&s, 80, 24).backend().to_string();
    assert!(shown.contains("? help"), "{shown}");
    assert_eq!(press(&mut s, KeyCode::Char('?')), vec![Effect::Redraw]);
    assert!(s.help_shown());
    assert_eq!(s.note(), None);
    insta::assert_snapshot!(render(&s, 80, 24).backend());
    assert_eq!(press(&mut s, KeyCode::Char('h')), vec![Effect::Redraw]);
    assert!(!s.help_shown());
    assert_eq!(s.choice(), None);
}

/// At the smallest start screen the `? help` mark is on it, and the help opens there.
#[test]
fn the_help_at_the_smallest_start_screen() {
    let (w, h) = (hijara::ui::START_MIN_WIDTH, hijara::ui::START_MIN_HEIGHT);
    let mut s = StartState::new(false, true);
    let _ = s.handle(Input::Resize(w, h));
    let shown = render(&s, w, h).backend().to_string();
    assert!(shown.contains("? help"), "{shown}");
    let _ = press(&mut s, KeyCode::Char('?'));
    let shown = render(&s, w, h).backend().to_string();
    assert!(shown.contains("the door beside the key"), "{shown}");
    // A click closes it and picks no door under it.
    let _ = s.handle(Input::Click(None));
    assert!(!s.help_shown());
    assert_eq!(s.choice(), None);
}

/// QA (localqa5): behind the "please enlarge" screen a key still picked a door the
/// player could not see (`v` opened the replay at 44x17, when the box needed 49
/// columns; 40x17 is behind it now). Only q and Ctrl-c act there,
/// as behind the game's; once the box fits, the keys work again.
#[test]
fn behind_the_enlarge_screen_only_q_and_ctrl_c_act() {
    let mut s = StartState::new(true, true);
    let _ = s.handle(Input::Resize(40, 17));
    for code in [
        KeyCode::Char('v'),
        KeyCode::Char('h'),
        KeyCode::Char('2'),
        KeyCode::Enter,
        KeyCode::Down,
        KeyCode::Char('x'),
    ] {
        assert_eq!(press(&mut s, code), vec![], "{code:?}");
        assert_eq!(s.choice(), None, "{code:?}");
        assert_eq!(s.note(), None, "{code:?}");
        assert_eq!(s.selected(), 0, "{code:?}");
    }
    assert_eq!(s.handle(Input::Pick(7)), vec![]);
    assert_eq!(s.choice(), None);
    assert_eq!(press(&mut s, KeyCode::Char('q')), vec![Effect::Quit]);
    assert_eq!(s.choice(), None, "q leaves without a choice");
    let mut s = StartState::new(true, true);
    let _ = s.handle(Input::Resize(40, 17));
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(s.handle(Input::Key(ctrl_c)), vec![Effect::Quit]);
    // Enlarged, the keys choose again.
    let mut s = StartState::new(true, true);
    let _ = s.handle(Input::Resize(40, 17));
    let _ = s.handle(Input::Resize(80, 24));
    assert_eq!(press(&mut s, KeyCode::Char('v')), vec![Effect::Quit]);
    assert_eq!(s.choice(), Some(StartChoice::Replay));
}

/// QA (s13): back from the lessons or the puzzles, the start screen's note (their
/// summary) took the key hints' line until the next key, so the player just back read
/// no `q: quit`. The note and the hints show together, at 80×24 and at the smallest
/// served size; a summary is drawn plain, not in the error colour.
#[test]
fn a_summary_and_the_key_hints_show_together() {
    let lessons = "Lessons done: 10 of 10. Next: the puzzles (p).";
    let puzzles = "Your puzzle rating: 1500, give or take 350; streak 0.";
    for (name, summary) in [("lessons", lessons), ("puzzles", puzzles)] {
        for (w, h) in [(80, 24), (44, 16)] {
            let mut s = StartState::new(true, true).with_summary(summary.to_owned());
            let _ = s.handle(Input::Resize(w, h));
            let drawn = render(&s, w, h);
            let shown = drawn.backend().to_string();
            assert!(shown.contains("q: quit"), "{name} {w}x{h}:\n{shown}");
            let words: Vec<&str> = summary.split_whitespace().collect();
            let drawn_words: Vec<&str> = shown
                .split(['│', '"', '\n'])
                .flat_map(str::split_whitespace)
                .collect();
            assert!(
                drawn_words.windows(words.len()).any(|w| w == words),
                "{name} {w}x{h}:\n{shown}"
            );
            insta::assert_snapshot!(format!("summary_{name}_{w}x{h}"), drawn.backend());
        }
    }
    // In colour: the summary is not an error.
    let mut s = StartState::new(true, true).with_summary(lessons.to_owned());
    let _ = s.handle(Input::Resize(80, 24));
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let look = Look::DEFAULT;
    terminal
        .draw(|frame| frame.render_widget(&StartView { state: &s, look }, frame.area()))
        .unwrap();
    let buffer = terminal.backend().buffer();
    let row = (0..24)
        .find(|&y| {
            (0..80)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
                .contains("Lessons done")
        })
        .unwrap();
    let x = (0..80)
        .find(|&x| buffer[(x, row)].symbol() == "L" && buffer[(x + 1, row)].symbol() == "e")
        .unwrap();
    assert_eq!(buffer[(x, row)].fg, Color::Reset, "{:?}", buffer[(x, row)]);
}
