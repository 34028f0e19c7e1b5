//! The corners variant and claims on screen at 80×24: insta snapshots (plain look), and
//! the corner squares' dashed edges.

use crate::common::{drawn, press, render, sized, typing};
use hijara::ai::Seat;
use hijara::rules::{Game, Ruleset, Square};
use hijara::session::GameConfig;
use hijara::ui::{App, Look, ScreenLayout};
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

/// How many `B` stones are drawn underlined: the combinations the last stone shows.
fn underlined_blue(app: &App) -> usize {
    drawn(app, 80, 24)
        .content()
        .iter()
        .filter(|c| c.symbol() == "B" && c.modifier.contains(Modifier::UNDERLINED))
        .count()
}

fn screen(app: &App) -> String {
    render(app, 80, 24, Look::PLAIN).backend().to_string()
}

fn config(ruleset: Ruleset, claims: bool) -> GameConfig {
    GameConfig {
        seats: [Seat::Human; 2],
        seed: 1,
        ruleset,
        claims,
        ..GameConfig::default()
    }
}

/// A claim game where Blue's last stone, a1:4, completed square a1 (20), not claimed yet.
fn claim_game() -> App {
    let mut app = App::new(config(Ruleset::Standard, true));
    let _ = typing(&mut app, "a1b2a1b2a1b2a1");
    app
}

#[test]
fn corners_game_with_a_corner_formation_highlighted() {
    let mut app = App::new(config(Ruleset::Corners, false));
    // Blue ends with a1:1, d1:2, a4:3 and d4:4: corners 1-2-3-4.
    let _ = typing(&mut app, "a1d1d1a4b2a4a4d4b2d4b2d4d4");
    assert_eq!(
        app.message().unwrap().text,
        "Blue +15: corners 1-2-3-4 (15)"
    );
    assert_eq!(
        underlined_blue(&app),
        4,
        "a1:1, d1:2, a4:3 and the last stone d4:4"
    );
    let _ = press(&mut app, KeyCode::Left);
    insta::assert_snapshot!("corners_formation_80x24", screen(&app));
}

#[test]
fn claim_game_before_during_and_after_a_claim() {
    let mut app = claim_game();
    assert_eq!(underlined_blue(&app), 0, "nothing shown before a claim");
    let before = screen(&app);
    assert!(before.contains("Blue 0  Yellow 0"), "{before}");
    insta::assert_snapshot!("claim_before_80x24", before);
    let _ = typing(&mut app, "+20");
    insta::assert_snapshot!("claim_typing_80x24", screen(&app));
    let _ = press(&mut app, KeyCode::Enter);
    assert_eq!(underlined_blue(&app), 4, "square a1 shown once claimed");
    let after = screen(&app);
    assert!(after.contains("Blue 20  Yellow 0"), "{after}");
    insta::assert_snapshot!("claim_after_80x24", after);
}

#[test]
fn claim_game_after_a_wrong_claim_and_a_forfeit() {
    let mut app = claim_game();
    let _ = typing(&mut app, "+25");
    let _ = press(&mut app, KeyCode::Enter);
    insta::assert_snapshot!("claim_wrong_80x24", screen(&app));
    let mut app = claim_game();
    let _ = typing(&mut app, "c3");
    insta::assert_snapshot!("claim_forfeited_80x24", screen(&app));
}

#[test]
fn help_of_a_corners_game_with_claims() {
    let mut app = App::new(config(Ruleset::Corners, true));
    let _ = typing(&mut app, "?");
    insta::assert_snapshot!("help_corners_claims_80x24", screen(&app));
}

#[test]
fn status_line_against_the_ai_waiting_for_a_claim() {
    let mut app = App::new(GameConfig {
        seats: [Seat::Human, Seat::Hard],
        ruleset: Ruleset::Corners,
        claims: true,
        seed: 1,
        ..GameConfig::default()
    });
    let _ = typing(&mut app, "b2");
    assert!(app.awaits_claim());
    insta::assert_snapshot!("claim_ai_waits_80x24", screen(&app));
}

#[test]
fn the_corner_squares_are_marked_on_the_board_in_the_corners_variant() {
    for (ruleset, dashed) in [(Ruleset::Corners, true), (Ruleset::Standard, false)] {
        let mut app = sized(
            App::with_game(GameConfig::default(), Game::with_ruleset(ruleset)),
            80,
            24,
        );
        // The cursor's heavy border away from the corners, on b2.
        let _ = press(&mut app, KeyCode::Right);
        let _ = press(&mut app, KeyCode::Down);
        let buf = drawn(&app, 80, 24);
        let geometry = ScreenLayout::new(Rect::new(0, 0, 80, 24))
            .unwrap()
            .board_geometry()
            .unwrap();
        // The top edge of each square.
        let edge = |square: Square| -> String {
            let rect = geometry.square_rect(square);
            (rect.x..rect.right())
                .map(|x| buf[(x, rect.y - 1)].symbol().to_owned())
                .collect()
        };
        for corner in [Square::A1, Square::D1, Square::A4, Square::D4] {
            assert_eq!(edge(corner).contains('╌'), dashed, "{ruleset:?} {corner}");
        }
        for inner in [Square::C3, Square::B1, Square::C4] {
            assert!(!edge(inner).contains('╌'), "{ruleset:?} {inner}");
        }
    }
}

/// At the smallest size (44×16), `? help` is on screen in every ruleset, before a
/// move, after one and after a scoring stone (its claim asked for): the rules at the
/// right of the first line took its room in a corners game with claims, and the hint
/// line lost it (it now makes room for it, as the claim's short wording does).
#[test]
fn question_mark_help_is_on_screen_at_44x16_in_every_ruleset() {
    for ruleset in [Ruleset::Standard, Ruleset::Corners] {
        for claims in [false, true] {
            let mut app = App::new(config(ruleset, claims));
            for typed in ["", "b2", "a1b3a1b3a1b3a1"] {
                let _ = typing(&mut app, typed);
                let shown = render(&app, 44, 16, Look::PLAIN).backend().to_string();
                assert!(
                    shown.contains("? help"),
                    "{ruleset:?} claims {claims} after {typed:?}:\n{shown}"
                );
            }
        }
    }
}
