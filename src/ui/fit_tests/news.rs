//! qa46 B (s39): in a claim game nearly every move of the other player forfeited
//! something (`Your a4 went unclaimed, 10 forfeited: column a same number 1s (10).
//! bob played b4 (section 1): bob may claim its points`), too long for the status
//! line, so it showed in a box whose closing key, Enter, was all the player's Enter at
//! the board did: the move meant was lost. The other player's move is news to the
//! player now to move: said on the status line in as few words as it takes, never in a
//! box, so Enter places at the cursor. A stone played at this keyboard still says its
//! forfeit whole, in a box if need be.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::ai::Seat;
use crate::rules::{Game, Ruleset, Square};
use crate::session::GameConfig;
use crate::ui::ai_worker::{AiJob, AiReply};
use crate::ui::{App, Input};

use super::{click_asking_the_ai, enter, game_screen_at, rows_of};

const SIZES: [(u16, u16); 2] = [(80, 24), (44, 16)];

/// Six stones (a1 b1 a2 b2 a3 b3), Blue to move: a4 makes column a's 1s (10) for
/// Blue, b4 column b's for Yellow.
fn six_stones() -> Game {
    let mut game = Game::with_rules(Ruleset::Standard, true);
    for square in ["a1", "b1", "a2", "b2", "a3", "b3"] {
        game.play(square.parse().unwrap()).unwrap();
    }
    game
}

/// Whether `app`'s message shows in a box at `width` (it does not fit the status line).
fn boxed(app: &App, width: u16) -> bool {
    app.message().is_some_and(|m| !m.fits(width))
}

/// The cursor moved to `to` by the arrows (which one goes which way is the key
/// table's business: each step takes the arrow that brings it nearer).
fn move_cursor(app: &mut App, to: Square) {
    let distance = |s: Square| s.column().abs_diff(to.column()) + s.row().abs_diff(to.row());
    while app.cursor() != to {
        let arrows = [KeyCode::Left, KeyCode::Right, KeyCode::Up, KeyCode::Down];
        let nearer = arrows
            .into_iter()
            .map(|code| {
                let mut moved = app.clone();
                let _ = moved.handle(Input::Key(KeyEvent::new(code, KeyModifiers::NONE)));
                moved
            })
            .find(|moved| distance(moved.cursor()) < distance(app.cursor()))
            .unwrap_or_else(|| unreachable!("an arrow brings the cursor nearer"));
        *app = nearer;
    }
}

/// Blue's screen at a table: Blue's a4 left unclaimed, bob's b4 forfeits it. At
/// 80×24 and 44×16, with short and 16-column names, the news shows on the status line
/// (no box), and Blue's Enter places at the cursor (c4). Failed on the old code: the
/// message was boxed and Enter only closed it (7 + 2 stones, not 10).
#[test]
fn the_other_player_s_forfeit_news_leaves_enter_to_the_board() {
    for names in [["alice", "bob"], ["alexandrapetrova", "bartholomewjones"]] {
        let config = GameConfig {
            claims: true,
            ..GameConfig::default()
        };
        let mut app = App::with_game(config, six_stones())
            .served([false, true])
            .named(names.map(str::to_owned));
        let _ = app.handle(Input::Click(Some(Square::A4)));
        let _ = app.remote_move(Square::B4);
        let text = app.message().map(|m| m.text.clone()).unwrap_or_default();
        assert!(
            text.starts_with("Your a4 went unclaimed, 10 forfeited: column a"),
            "{text}"
        );
        for (width, height) in SIZES {
            assert!(!boxed(&app, width), "{width}: {text}");
            let rows = rows_of(&game_screen_at(&app, width, height));
            let said = rows[rows.len() - 1].trim_end();
            assert!(said.starts_with("Your a4"), "{width}x{height}:\n{rows:#?}");
            assert!(
                said.contains("10 forfeited"),
                "{width}x{height}:\n{rows:#?}"
            );
            assert!(said.contains("b4"), "{width}x{height}:\n{rows:#?}");
            if names[0] == "alexandrapetrova" {
                insta::assert_snapshot!(format!("forfeit_news_{width}x{height}"), rows.join("\n"));
            }
        }
        move_cursor(&mut app, Square::C4);
        let _ = enter(&mut app);
        assert_eq!(app.game().len(), 9, "Enter placed at the cursor");
        assert_eq!(app.game().last().map(|p| p.square()), Some(Square::C4));
    }
}

/// The same against the AI here (`hijara play --claim`): Blue's a4 left unclaimed,
/// Enter lets the AI play b4, which forfeits it; the news does not box, and the next
/// Enter places. Failed on the old code (boxed; the Enter only closed it).
#[test]
fn the_ai_s_forfeit_news_leaves_enter_to_the_board() {
    let config = GameConfig {
        seats: [Seat::Human, Seat::Easy],
        claims: true,
        seed: 1,
        ..GameConfig::default()
    };
    let mut app = App::with_game(config, six_stones());
    let tag = click_asking_the_ai(&mut app, Square::A4);
    let _ = app.on_ai_reply(AiReply {
        tag,
        job: AiJob::Move,
        mv: Some(Square::B4),
    });
    let _ = enter(&mut app);
    assert_eq!(app.game().len(), 8, "the AI's held move is played");
    let text = app.message().map(|m| m.text.clone()).unwrap_or_default();
    assert!(
        text.starts_with("Blue's a4 went unclaimed, 10 forfeited"),
        "{text}"
    );
    for (width, _) in SIZES {
        assert!(!boxed(&app, width), "{width}: {text}");
    }
    let cursor = app.cursor();
    let _ = enter(&mut app);
    assert_eq!(app.game().len(), 9, "Enter placed at the cursor");
    assert_eq!(app.game().last().map(|p| p.square()), Some(cursor));
}

/// A stone played at this keyboard that forfeits the stone before (two people at one
/// keyboard) still says the forfeit whole, in its box at 44 columns: it is the lesson,
/// and the player who reads it is not the one the Enter would place for.
#[test]
fn a_forfeit_played_here_is_still_said_whole() {
    let config = GameConfig {
        claims: true,
        ..GameConfig::default()
    };
    let mut app = App::with_game(config, six_stones());
    let _ = app.handle(Input::Click(Some(Square::A4)));
    let _ = app.handle(Input::Click(Some(Square::B4)));
    let message = app.message().cloned().unwrap_or_else(|| unreachable!());
    assert!(
        message.text.starts_with("Blue's a4 went unclaimed"),
        "{message:?}"
    );
    assert!(!message.fits(44), "{message:?}");
}
