//! The screens, rendered with ratatui's `TestBackend`: insta snapshots, every size from
//! 1×1 up without a panic, and no colour at all under the plain (`NO_COLOR`) look.

use crate::common::{asked, autosaves, only_redraw, press, render, typing};
use hijara::ai::Seat;
use hijara::rules::{Game, Square};
use hijara::session::GameConfig;
use hijara::ui::{
    AiJob, AiReply, App, BoardView, Effect, Highlight, Input, Look, Overlay, Question,
};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use ratatui::style::{Color, Modifier};

fn sized(mut app: App, width: u16, height: u16) -> App {
    assert_eq!(app.handle(Input::Resize(width, height)), [Effect::Redraw]);
    app
}

/// A game where Blue's last stone completed two lines at once (+20), cursor moved on.
fn mid_game() -> App {
    let mut app = App::new(GameConfig::default());
    let moves = typing(&mut app, "a2b2a3b3a4b4b1c2c1c3d1c4a1");
    assert_eq!(autosaves(&moves), 13, "each move is saved");
    only_redraw(&press(&mut app, KeyCode::Right));
    only_redraw(&press(&mut app, KeyCode::Down));
    app
}

fn finished() -> App {
    let mut app = App::new(GameConfig::default());
    for square in Square::ALL {
        for _ in 0..4 {
            let effects = typing(&mut app, &square.to_string());
            assert_eq!(autosaves(&effects), 1, "{square}");
        }
    }
    app
}

#[test]
fn empty_board_80x24() {
    let app = App::new(GameConfig::default());
    insta::assert_snapshot!(render(&app, 80, 24, Look::PLAIN).backend());
}

#[test]
fn mid_game_with_highlights_80x24() {
    let app = mid_game();
    insta::assert_snapshot!(render(&app, 80, 24, Look::PLAIN).backend());
}

#[test]
fn mid_game_large_120x40() {
    let app = sized(mid_game(), 120, 40);
    insta::assert_snapshot!(render(&app, 120, 40, Look::PLAIN).backend());
}

#[test]
fn smallest_playable_44x16() {
    let app = sized(mid_game(), 44, 16);
    insta::assert_snapshot!(render(&app, 44, 16, Look::PLAIN).backend());
}

#[test]
fn help_overlay_80x24() {
    let mut app = App::new(GameConfig::default());
    only_redraw(&press(&mut app, KeyCode::Char('?')));
    insta::assert_snapshot!(render(&app, 80, 24, Look::PLAIN).backend());
}

/// The help at the smallest game screen: longer than it, scrolled by keys, with the
/// keys and "more" in its borders (top, then the end).
#[test]
fn help_overlay_scrolls_at_44x16() {
    let mut app = sized(App::new(GameConfig::default()), 44, 16);
    only_redraw(&press(&mut app, KeyCode::Char('?')));
    insta::assert_snapshot!(render(&app, 44, 16, Look::PLAIN).backend());
    only_redraw(&press(&mut app, KeyCode::End));
    insta::assert_snapshot!(render(&app, 44, 16, Look::PLAIN).backend());
}

#[test]
fn quit_question_80x24() {
    let mut app = mid_game();
    only_redraw(&press(&mut app, KeyCode::Char('q')));
    insta::assert_snapshot!(render(&app, 80, 24, Look::PLAIN).backend());
}

#[test]
fn game_over_80x24() {
    let app = finished();
    insta::assert_snapshot!(render(&app, 80, 24, Look::PLAIN).backend());
}

/// s23: at 44×16 a finished game's first status line said the result alone (`Draw`)
/// beside the totals, and the second the last move: the keys that go on (`n`, `r`,
/// `q`) were named nowhere on screen. In fewer words, they take the totals' place,
/// which the ladders show in digits.
#[test]
fn game_over_44x16() {
    let app = finished();
    let rows = crate::common::rows(render(&app, 44, 16, Look::PLAIN).backend().buffer());
    assert_eq!(
        // s37: `w` too, while the last move's note hides the hint row (s39: a note
        // with room for `? help` beside it takes it, and `r review` goes here; s40:
        // the last move's three combinations said by their count leave that room,
        // where their names were a box over the board and `r review` was not named).
        rows[14].trim_end(),
        "Draw. n new, w swap, r review, q quit",
        "{}",
        rows.join("\n")
    );
    // The last move is still said under it, and the ladders give both totals; the
    // way to the help is on one of the two rows; no box over the board.
    assert!(
        rows[15].starts_with("Yellow +30: 3 combinations"),
        "{}",
        rows[15]
    );
    assert!(
        rows[..14].iter().all(|row| !row.contains("Yellow +30")),
        "{}",
        rows.join("\n")
    );
    assert!(
        rows[14..16].concat().contains("? help"),
        "{}",
        rows.join("\n")
    );
    assert_eq!(rows[2].matches(" 200 ").count(), 2, "{}", rows.join("\n"));
}

/// s24: a game the start screen opened went out of the program on `q`, while the
/// lessons and puzzles it opened came back to it. Such a game's `q` goes back too, and
/// its screens say so: the game-over line and hint line (`q: back`, at 80×24 and at
/// 44×16), a move tried after the end, the help, and the "please enlarge" screen, where
/// `q` goes back at once (no question it could not show). `Ctrl-c` still leaves.
#[test]
fn a_game_the_start_screen_opened_says_q_goes_back() {
    let mut app = sized(finished().from_start(), 80, 24);
    let shown = render(&app, 80, 24, Look::PLAIN).backend().to_string();
    assert!(
        shown.contains("Draw. n new, w swap, r review, q back"),
        "{shown}"
    );
    assert!(!shown.contains("quit"), "{shown}");
    let rows = crate::common::rows(render(&app, 44, 16, Look::PLAIN).backend().buffer());
    // s40: `r review` too, the last move said in fewer words beside `? help`.
    assert!(
        rows[14].starts_with("Draw. n new, w swap, r review, q back"),
        "{}",
        rows[14]
    );
    let _ = typing(&mut app, "a1");
    assert_eq!(
        app.message().map(|m| m.text.as_str()),
        Some("The game is over: n new game, w swap sides, r review, q to the start screen")
    );
    only_redraw(&press(&mut app, KeyCode::Char('?')));
    let help = render(&app, 80, 24, Look::PLAIN).backend().to_string();
    assert!(
        help.contains("back to the start screen (asks while a game is in"),
        "{help}"
    );
    assert!(!help.contains("quit (asks"), "{help}");
    only_redraw(&press(&mut app, KeyCode::Char('x')));
    assert_eq!(press(&mut app, KeyCode::Char('q')), [Effect::Quit]);
    assert!(app.should_quit() && !app.forced_out());

    // Too small: q goes back at once, where `hijara play`'s quits at once.
    let mut small = sized(mid_game().from_start(), 40, 12);
    let shown = render(&small, 40, 12, Look::PLAIN).backend().to_string();
    assert!(shown.contains("q: back to the start"), "{shown}");
    assert_eq!(press(&mut small, KeyCode::Char('q')), [Effect::Quit]);
    assert!(small.should_quit() && !small.forced_out());
    let mut played = sized(mid_game(), 40, 12);
    assert_eq!(press(&mut played, KeyCode::Char('q')), [Effect::Quit]);
    assert!(played.forced_out());
    // In progress, q asks first, as ever; Ctrl-c leaves the program.
    let mut asked = sized(mid_game().from_start(), 80, 24);
    only_redraw(&press(&mut asked, KeyCode::Char('q')));
    assert!(!asked.should_quit());
    let ctrl_c = Input::Key(ratatui::crossterm::event::KeyEvent::new(
        KeyCode::Char('c'),
        ratatui::crossterm::event::KeyModifiers::CONTROL,
    ));
    assert_eq!(asked.handle(ctrl_c), [Effect::Quit]);
    assert!(asked.forced_out());
    // The question says where `y` goes, and where the kept game is resumed: not
    // "quit", which `hijara play`'s question says.
    for autosaved in [true, false] {
        let mut back = sized(mid_game().from_start().with_autosave(autosaved), 80, 24);
        only_redraw(&press(&mut back, KeyCode::Char('q')));
        assert_eq!(back.overlay(), Overlay::Question(Question::Back));
        let text = back.question_text(Question::Back);
        assert!(
            text.starts_with("Back to the start screen? The game is "),
            "{text}"
        );
        assert!(text.contains("y: back") && !text.contains("quit"), "{text}");
        assert_eq!(
            text.contains("r there resumes it"),
            autosaved,
            "{autosaved}: {text}"
        );
        let shown = render(&back, 80, 24, Look::PLAIN).backend().to_string();
        assert!(
            shown.contains("y: back") && !shown.contains("quit"),
            "{shown}"
        );
        for width in [80, 44] {
            let status = back.question_status(Question::Back, width);
            assert!(
                status.starts_with("Back? ") && status.contains("y: back"),
                "{status}"
            );
            assert!(status.len() <= usize::from(width), "{status}");
        }
        assert_eq!(press(&mut back, KeyCode::Char('y')), [Effect::Quit]);
        assert!(back.should_quit() && !back.forced_out());
    }
    let mut played = sized(mid_game(), 80, 24);
    only_redraw(&press(&mut played, KeyCode::Char('q')));
    assert_eq!(played.overlay(), Overlay::Question(Question::Quit));
}

#[test]
fn ai_thinking_and_hint_80x24() {
    let mut app = App::new(GameConfig {
        seats: [Seat::Human, Seat::Hard],
        think_ms: None,
        seed: 1,
        ..GameConfig::default()
    });
    let request = asked(&typing(&mut app, "b2")).unwrap();
    insta::assert_snapshot!("ai_thinking", render(&app, 80, 24, Look::PLAIN).backend());
    let played = app.on_ai_reply(AiReply {
        tag: request.tag,
        job: AiJob::Move,
        mv: Some("c3".parse().unwrap()),
    });
    assert_eq!(autosaves(&played), 1, "the AI's move is saved");
    let hint = asked(&press(&mut app, KeyCode::Char('t'))).unwrap();
    only_redraw(&app.on_ai_reply(AiReply {
        tag: hint.tag,
        job: AiJob::Hint,
        mv: Some("d4".parse().unwrap()),
    }));
    insta::assert_snapshot!("hint_shown", render(&app, 80, 24, Look::PLAIN).backend());
}

#[test]
fn too_small_40x12() {
    let app = sized(mid_game(), 40, 12);
    insta::assert_snapshot!(render(&app, 40, 12, Look::PLAIN).backend());
}

#[test]
fn one_by_one() {
    let app = sized(mid_game(), 1, 1);
    insta::assert_snapshot!(render(&app, 1, 1, Look::PLAIN).backend());
}

#[test]
fn no_size_panics_from_1x1_to_100x40() {
    let mut help = mid_game();
    only_redraw(&press(&mut help, KeyCode::Char('?')));
    let mut question = mid_game();
    only_redraw(&press(&mut question, KeyCode::Char('q')));
    let apps = [mid_game(), finished(), help, question];
    for width in 1..=100 {
        for height in 1..=40 {
            for (i, app) in apps.iter().enumerate() {
                // Every size for the main screen; the overlays on a sample, to keep it quick.
                if i > 0 && (width + height) % 7 != 0 {
                    continue;
                }
                let app = sized(app.clone(), width, height);
                let _ = render(&app, width, height, Look::DEFAULT);
            }
        }
    }
}

#[test]
fn board_widget_alone_renders_in_any_area() {
    let game = Game::from_moves(["a1", "a1", "b2"].map(|s| s.parse().unwrap())).unwrap();
    for width in 0..=50 {
        for height in 0..=25 {
            let mut terminal = Terminal::new(TestBackend::new(50, 25)).unwrap();
            let view = BoardView {
                position: game.position(),
                highlight: Highlight::last_move(game.last()),
                look: Look::DEFAULT,
            };
            terminal
                .draw(|frame| {
                    let area = ratatui::layout::Rect::new(0, 0, width, height);
                    frame.render_widget(&view, area);
                })
                .unwrap();
        }
    }
}

#[test]
fn plain_theme_uses_no_colour_and_colour_theme_does() {
    let app = mid_game();
    let plain = render(&app, 80, 24, Look::PLAIN);
    for cell in plain.backend().buffer().content() {
        assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset), "{cell:?}");
    }
    let colour = render(&app, 80, 24, Look::DEFAULT);
    let cells = colour.backend().buffer().content();
    assert!(
        cells
            .iter()
            .any(|c| c.bg == Color::Blue && c.symbol() == "B")
    );
    assert!(
        cells
            .iter()
            .any(|c| c.bg == Color::Yellow && c.symbol() == "Y")
    );
    // Only the 16 ANSI colours: no RGB or indexed colours.
    for cell in cells {
        for color in [cell.fg, cell.bg] {
            assert!(
                !matches!(color, Color::Rgb(..) | Color::Indexed(_)),
                "{color:?}"
            );
        }
    }
}

#[test]
fn status_line_shows_both_totals_in_text() {
    let app = mid_game();
    let terminal = render(&app, 80, 24, Look::PLAIN);
    let screen = format!("{}", terminal.backend());
    assert!(screen.contains("Blue 20  Yellow 0"), "{screen}");
    assert!(
        screen.contains("Blue +20: row 1 same number 1s (10), column a same number 1s (10)"),
        "{screen}"
    );
}

#[test]
fn the_last_stone_and_its_combinations_stand_out_without_colour() {
    let app = mid_game();
    let terminal = render(&app, 80, 24, Look::PLAIN);
    let buffer = terminal.backend().buffer();
    // a1:1 is the last stone, bracketed; its combinations (row 1 and column a, sections 1)
    // are drawn underlined instead of reversed like the other Blue stones.
    let blue: Vec<_> = buffer
        .content()
        .iter()
        .filter(|c| c.symbol() == "B")
        .collect();
    let highlighted = blue
        .iter()
        .filter(|c| c.modifier.contains(Modifier::UNDERLINED))
        .count();
    assert_eq!(highlighted, 7, "a1 b1 c1 d1 a2 a3 a4, section 1");
    let screen = format!("{}", terminal.backend());
    assert!(screen.contains("[B]"));
}
