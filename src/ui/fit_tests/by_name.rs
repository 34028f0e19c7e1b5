//! s34 (words34): a table's last words by colour said by the players' names: the
//! other player's stone, whose turn, the winner at 44 columns with two 16-column
//! names, a square chosen on the other's turn. At 80×24 and 44×16, for a player and
//! a watcher, the line mode too.

use crate::rules::{Game, Player, Ruleset, Square};
use crate::session::GameConfig;
use crate::ui::line::narrate::Narrator;
use crate::ui::navigation::Screen;
use crate::ui::{App, Input, News};

use super::{game_screen_at, rows_of};

const SHORT: [&str; 2] = ["alice", "bob"];
const LONG: [&str; 2] = ["alexandrapetrova", "bartholomewjones"];

/// Six stones (a1 b1 a2 b2 a3 b3), Blue to move, seen from a screen whose remote
/// seats are `remote` (Yellow's: `[true, false]`; a watcher's: `[true, true]`).
fn at_a_table(claims: bool, remote: [bool; 2], names: [&str; 2]) -> App {
    let mut game = Game::with_rules(Ruleset::Standard, claims);
    for square in ["a1", "b1", "a2", "b2", "a3", "b3"] {
        game.play(square.parse().unwrap()).unwrap();
    }
    App::with_game(GameConfig::default(), game)
        .served(remote)
        .named(names.map(str::to_owned))
}

/// The two status rows of `app` drawn at `width`×`height`, and the whole screen.
fn status_at(app: &App, width: u16, height: u16) -> ([String; 2], String) {
    let rows = rows_of(&game_screen_at(app, width, height));
    let shown = rows.join("\n");
    let n = rows.len();
    (
        [
            rows[n - 2].trim_end().to_owned(),
            rows[n - 1].trim_end().to_owned(),
        ],
        shown,
    )
}

/// The other player's stone (Blue's a4, which scores) read `Blue played a4 (section
/// 1): Blue may claim its points` on Yellow's screen and a watcher's in a claim game,
/// `Blue +10: ...` without claims, and `Blue a4, section 1` in the line mode, where
/// both players have names. By name, whole at 80 and 44 columns with two 16-column
/// names. Fails on the old code.
#[test]
fn the_other_player_s_stone_is_said_by_name() {
    for names in [SHORT, LONG] {
        let blue = names[0];
        for remote in [[true, false], [true, true]] {
            // A claim game: who may claim, by name.
            let mut app = at_a_table(true, remote, names);
            let mut narrator = Narrator::default();
            let _ = narrator.tell(&Screen::Game(app.clone()));
            let _ = app.remote_move(Square::A4);
            let text = app.message().map(|m| m.text.clone()).unwrap_or_default();
            assert!(
                text.starts_with(&format!("{blue} played a4 (section 1): {blue} may claim")),
                "{text}"
            );
            for (width, height) in [(80, 24), (44, 16)] {
                let ([_, said], shown) = status_at(&app, width, height);
                assert!(
                    said.starts_with(&format!("{blue} played a4")) && said.contains("may claim"),
                    "{width}x{height}:\n{shown}"
                );
                assert!(!said.contains('…'), "{width}x{height}:\n{shown}");
                assert!(!shown.contains("Blue played"), "{shown}");
                assert!(!shown.contains("Blue may"), "{shown}");
            }
            let heard = narrator.tell(&Screen::Game(app.clone())).join(" ");
            assert!(
                heard.contains(&format!("{blue} (Blue) a4, section 1")),
                "{heard}"
            );
            assert!(!heard.contains("Blue a4"), "{heard}");
            // No claims: what it scored, by name, in Blue's colour still.
            let mut app = at_a_table(false, remote, names);
            let _ = app.remote_move(Square::A4);
            let message = app.message().cloned().unwrap_or_else(|| unreachable!());
            assert!(
                message.text.starts_with(&format!("{blue} +10: ")),
                "{message:?}"
            );
            assert_eq!(message.kind, crate::ui::MessageKind::Score(Player::Blue));
            for (width, height) in [(80, 24), (44, 16)] {
                let ([_, said], shown) = status_at(&app, width, height);
                assert!(
                    said.starts_with(&format!("{blue} +10")),
                    "{width}x{height}:\n{shown}"
                );
            }
        }
    }
}

/// The turn line at a table said `Blue to move` for the players and watchers: by
/// name where it fits (80 columns; 44 with short names), by colour where not (44
/// columns with a 16-column name beside the totals and `? help`). Fails on the old
/// code.
#[test]
fn the_turn_at_a_table_is_said_by_name_where_it_fits() {
    for remote in [[false, true], [true, false], [true, true]] {
        // Blue's own screen says `Your move` (s35, fit_tests::second_person).
        let mine = remote == [false, true];
        let app = at_a_table(false, remote, SHORT);
        for (width, height) in [(80, 24), (44, 16)] {
            let ([turn, _], shown) = status_at(&app, width, height);
            let said = if mine { "Your move" } else { "alice to move" };
            assert!(turn.contains(said), "{width}x{height}:\n{shown}");
            assert!(!turn.contains("Blue to move"), "{width}x{height}:\n{shown}");
        }
        let app = at_a_table(false, remote, LONG);
        let ([turn, _], shown) = status_at(&app, 80, 24);
        let said = if mine {
            "Your move (Blue)"
        } else {
            "alexandrapetrova to move"
        };
        assert!(turn.contains(said), "{shown}");
        let ([turn, _], shown) = status_at(&app, 44, 16);
        let said = ["to move", "▶", "Your move"];
        assert!(said.iter().any(|s| turn.contains(s)), "{shown}");
        assert!(!turn.contains('…'), "{shown}");
    }
}

/// At 44 columns with two 16-column names a player read the result by colour alone
/// (`Blue wins. n: rematch, q: lobby`), the last resort: the winner by name with the
/// key to leave, in the totals' place. Fails on the old code.
#[test]
fn the_winner_is_named_at_44_columns_with_two_long_names() {
    for remote in [[false, true], [true, false]] {
        let mut app = at_a_table(false, remote, LONG);
        app.table_news(News::Resigned(Player::Yellow));
        let ([first, second], shown) = status_at(&app, 44, 16);
        // The winner's own screen (s35): `You win` has room beside both keys, and
        // the row under them says how it ended.
        if remote == [false, true] {
            assert!(first.contains("n: rematch, q: lobby"), "{shown}");
            assert!(second.starts_with("You win: bartholomewjones"), "{shown}");
            assert!(!shown.contains("Blue wins"), "{shown}");
            continue;
        }
        // The loser's own screen (s35): the winner by name, how it ended (`you
        // resigned`) on the row under the keys, where it fits now.
        assert!(shown.contains("alexandrapetrova wins"), "{shown}");
        assert!(first.contains("q: lobby"), "{shown}");
        assert!(!shown.contains("Blue wins"), "{shown}");
        assert!(!first.contains('…'), "{shown}");
        // At 80 columns how it ended, with both keys, as before.
        let ([first, _], shown) = status_at(&app, 80, 24);
        assert!(first.contains("n: rematch, q: lobby"), "{shown}");
    }
}

/// A square chosen on the other player's turn said `Wait: Blue plays at another
/// terminal` where the name did not fit with its colour (44 columns): by name.
/// Fails on the old code.
#[test]
fn a_square_on_the_other_s_turn_names_them_at_every_width() {
    for names in [SHORT, LONG] {
        let mut app = at_a_table(false, [true, false], names);
        let _ = app.handle(Input::Click(Some(Square::C3)));
        for (width, height) in [(80, 24), (44, 16)] {
            let ([_, said], shown) = status_at(&app, width, height);
            assert!(
                said.starts_with(&format!("Wait: {}", names[0])),
                "{width}x{height}:\n{shown}"
            );
            assert!(!shown.contains("Wait: Blue"), "{shown}");
        }
    }
}

/// The other player's claim, as the table's game brought it, said `Blue claims 10 for
/// a4: ...` on Yellow's screen and a watcher's, and in the line mode: by name.
/// Fails on the old code.
#[test]
fn the_other_player_s_claim_is_said_by_name() {
    for remote in [[true, false], [true, true]] {
        let mut app = at_a_table(true, remote, SHORT);
        let _ = app.remote_move(Square::A4);
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Game(app.clone()));
        let mut game = app.game().clone();
        let points = game.last().map(|last| last.points).unwrap_or_default();
        assert!(game.claim(points).is_ok());
        let _ = app.table_news(News::Game {
            game,
            remote,
            ai: None,
            names: SHORT.map(str::to_owned),
            ratings: [None; 2],
        });
        let text = app.message().map(|m| m.text.clone()).unwrap_or_default();
        let claims = format!("alice claims {points} for a4");
        assert!(text.starts_with(&claims), "{text}");
        let heard = narrator.tell(&Screen::Game(app.clone())).join(" ");
        assert!(heard.contains(&claims), "{heard}");
        assert!(!heard.contains("Blue claims"), "{heard}");
    }
}
