//! Message boxes and questions on the pure game state and its drawing: Enter, Space
//! and Esc only close a box, any other key closes it and acts, a saved path breaks after a separator, no to a question
//! brings back no older message, and every status-line copy of a question keeps it.
//! On the real binary: `e2e_play`.

use crate::common::{drawn, press, rows, sized, typing};
use hijara::rules::{Game, Square};
use hijara::session::{GameConfig, Notice};
use hijara::ui::{App, Effect, Overlay, Question};
use ratatui::crossterm::event::KeyCode;

/// Issue 18's snag 2, as issue 28 changed it: Enter, Space and Esc close a long
/// message's box and do nothing else; any other key closes it and acts.
#[test]
fn enter_space_and_esc_only_close_a_long_message_box() {
    let mut app = sized(App::new(GameConfig::default()), 80, 24);
    let _ = typing(&mut app, "b2c3");
    let path = "/home/ann/a-rather-long-folder-name/with/many/levels/hijara-20261130-041500.hij";
    for code in [KeyCode::Enter, KeyCode::Char(' '), KeyCode::Esc] {
        app.notify(Notice::Info(format!("Saved to {path}")));
        let screen = rows(&drawn(&app, 80, 24)).join("\n");
        assert!(screen.contains("hijara-20261130-041500.hij"), "{screen}");
        let effects = press(&mut app, code);
        assert_eq!(effects, vec![Effect::Redraw], "{code:?}");
        assert_eq!(app.overlay(), Overlay::None);
        assert!(app.message().is_none());
        assert_eq!(app.game().len(), 2);
    }
    // Another key closes it and is a key like any other.
    app.notify(Notice::Info(format!("Saved to {path}")));
    let _ = press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.overlay(), Overlay::Question(Question::NewGame));
}

/// Issue 28, defect 4: with a box up ("The earlier unfinished game was kept as …"),
/// Yellow typed `d1`: `d` closed the box and `1` got "Type a square…"; in a claim
/// game a typed sequence shifted by one move. The key that closes it acts.
#[test]
fn a_move_typed_over_a_message_box_is_played() {
    let long = "The earlier unfinished game was kept as /home/ann/.local/share/hijara/hijara-20261201-101010.hij";
    let mut app = sized(App::new(GameConfig::default()), 80, 24);
    let _ = typing(&mut app, "b2");
    app.notify(Notice::Info(long.to_owned()));
    assert!(!app.message().unwrap().fits(80));
    let _ = typing(&mut app, "d1");
    assert_eq!(app.game().len(), 2, "{:?}", app.message());
    assert_eq!(app.game().last().unwrap().square(), Square::D1);
    // A claim game: moves typed over a box all act.
    let mut claims = sized(
        App::new(GameConfig {
            claims: true,
            ..GameConfig::default()
        }),
        80,
        24,
    );
    let _ = typing(&mut claims, "a1");
    claims.notify(Notice::Info(long.to_owned()));
    let _ = typing(&mut claims, "b1c1");
    let moves: Vec<String> = claims.game().moves().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["a1", "b1", "c1"]);
}

#[test]
fn the_save_box_breaks_a_path_after_a_separator_not_mid_word() {
    let mut app = sized(App::new(GameConfig::default()), 80, 24);
    let _ = typing(&mut app, "b2");
    let path = "/home/ann/a-rather-long-folder-name/with/many/levels/hijara-20261130-041500.hij";
    app.notify(Notice::Info(format!("Saved to {path}")));
    let screen = rows(&drawn(&app, 80, 24));
    // Each piece of the path on the box's rows ends at a separator, or is the file name
    // (the first on the row of "Saved to", where it fits).
    let pieces: Vec<String> = screen
        .iter()
        .flat_map(|row| {
            row.split('│')
                .map(str::trim)
                .map(|part| part.strip_prefix("Saved to ").unwrap_or(part))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .filter(|part| part.len() > 3 && path.contains(part.as_str()))
        .collect();
    assert_eq!(pieces.concat(), path, "{}", screen.join("\n"));
    assert!(!pieces.is_empty(), "{}", screen.join("\n"));
    for piece in &pieces {
        assert!(
            piece.ends_with('/') || piece.ends_with(".hij"),
            "{piece:?} cut mid-word:\n{}",
            screen.join("\n")
        );
    }
}

#[test]
fn no_to_the_quit_question_brings_back_no_older_message() {
    let mut app = sized(App::new(GameConfig::default()), 80, 24);
    let _ = typing(&mut app, "b2");
    let _ = press(&mut app, KeyCode::Char('U'));
    assert_eq!(
        app.message().map(|m| m.text.as_str()),
        Some("Nothing to redo")
    );
    let _ = press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.overlay(), Overlay::Question(Question::Quit));
    let _ = press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.overlay(), Overlay::None);
    assert!(app.message().is_none(), "{:?}", app.message());
    let screen = rows(&drawn(&app, 80, 24)).join("\n");
    assert!(!screen.contains("Nothing to redo"), "{screen}");
}

#[test]
fn every_status_line_copy_of_a_question_keeps_the_question() {
    let game = Game::from_moves([Square::B2, Square::C3]).unwrap();
    for autosaved in [false, true] {
        let app = App::with_game(GameConfig::default(), game.clone()).with_autosave(autosaved);
        for width in [44, 60, 80, 120] {
            let quit = app.question_status(Question::Quit, width);
            assert!(quit.starts_with("Quit"), "{width}: {quit}");
            let new = app.question_status(Question::NewGame, width);
            assert!(
                new.starts_with("New game?") || new.starts_with("Abandon"),
                "{width}: {new}"
            );
        }
    }
}
