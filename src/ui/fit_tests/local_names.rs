//! s36 (local40): a local game whose people have names says them in its messages as
//! its status line does (`alice to move (Blue)` above `Yellow played b1` before), and
//! a game of two AIs says no one claims but them.

use crate::ai::Seat;
use crate::rules::{Game, Ruleset, Square};
use crate::session::{GameConfig, Names, record_named};
use crate::ui::{App, Input};

use super::{enter, game_screen_at, key, rows_of};

const SIZES: [(u16, u16); 2] = [(80, 24), (44, 16)];

/// Six stones, `a1 b1 a2 b2 a3 b3`: Blue to move, and Blue's `c1` scores.
fn six_stones() -> Game {
    let mut game = Game::with_rules(Ruleset::Standard, true);
    for square in ["a1", "b1", "a2", "b2", "a3", "b3"] {
        game.play(square.parse().unwrap()).unwrap();
    }
    game
}

fn text(app: &App) -> String {
    app.message().map(|m| m.text.clone()).unwrap_or_default()
}

/// The first status row of `app` drawn at `size`, and the whole screen.
fn turn_at(app: &App, (width, height): (u16, u16)) -> (String, String) {
    let rows = rows_of(&game_screen_at(app, width, height));
    (rows[rows.len() - 2].trim_end().to_owned(), rows.join("\n"))
}

/// A hot-seat game with claims whose players typed `alice` (Blue) and `bob` (Yellow).
fn alice_and_bob(names: Names) -> App {
    let config = GameConfig {
        claims: true,
        ..GameConfig::default()
    };
    App::with_game(config, six_stones()).with_people(names)
}

/// The moves, the claim and the resignation of a hot-seat game with typed names are
/// said by those names, as the status line says whose move it is; before, by colour
/// (`Blue played a4 (section 1)`, `Blue claims 10 for a4`, `Blue wins: Yellow
/// resigned`) under `alice to move (Blue)`.
#[test]
fn a_hot_seat_game_s_messages_say_the_typed_names() {
    let typed = Names::typed([Some("alice".to_owned()), Some("bob".to_owned())]);
    let mut app = alice_and_bob(typed);
    // Blue's first stone that scores from here.
    let scoring = Square::ALL
        .into_iter()
        .find(|&square| {
            let mut game = app.game().clone();
            game.play(square).is_ok_and(|placed| placed.points > 0)
        })
        .unwrap_or_else(|| unreachable!("a stone scores after six"));
    let _ = app.handle(Input::Click(Some(scoring)));
    assert!(
        text(&app).starts_with(&format!("alice played {scoring} (section")),
        "{}",
        text(&app)
    );
    let points = app.game().last().map(|l| l.points).unwrap_or_default();
    assert!(points > 0);
    key(&mut app, '+');
    for digit in points.to_string().chars() {
        key(&mut app, digit);
    }
    enter(&mut app);
    assert!(
        text(&app).starts_with(&format!("alice claims {points} for {scoring}")),
        "{}",
        text(&app)
    );
    let _ = app.handle(Input::Click(Some(Square::D4)));
    assert!(text(&app).starts_with("bob played d4"), "{}", text(&app));
    // Blue (alice) to move resigns: bob wins.
    key(&mut app, 'R');
    key(&mut app, 'y');
    assert!(app.is_over());
    assert_eq!(text(&app), "bob wins: alice resigned");
    for size in SIZES {
        let (turn, shown) = turn_at(&app, size);
        assert!(turn.contains("bob wins"), "{size:?}\n{shown}");
        assert!(!shown.contains("Yellow wins"), "{size:?}\n{shown}");
        assert!(!shown.contains("Bob"), "{size:?}\n{shown}");
    }
}

/// A game played on from a record with names says them too, as its status line
/// (`Ann to move (Blue)`) and ladders do; a seat the record does not name by its
/// colour.
#[test]
fn a_game_from_a_named_record_says_its_people_s_names_and_a_colour_for_the_rest() {
    let named = alice_and_bob(Names::typed([Some("Ann".to_owned()), None]));
    let record = record_named(named.config(), named.people(), named.played(), "2026-12-07");
    let people = Names::played_on(&record, named.config().seats);
    let mut app = alice_and_bob(people);
    let (turn, shown) = turn_at(&app, (80, 24));
    assert!(turn.contains("Ann to move (Blue)"), "{shown}");
    let _ = app.handle(Input::Click(Some(Square::C1)));
    assert!(
        text(&app).starts_with("Ann played c1 (section 1)"),
        "{}",
        text(&app)
    );
    let _ = app.handle(Input::Click(Some(Square::D4)));
    assert!(text(&app).starts_with("Yellow played d4"), "{}", text(&app));
}

/// `+` in a game of two AIs, where no person plays: only that the AIs claim their
/// own stones (before: `No claim: easy AI (Yellow) claims its own stones; you claim
/// yours`), whole at 80×24 and 44×16.
#[test]
fn a_claim_in_a_game_of_two_ais_says_only_that_they_claim_their_own() {
    let config = GameConfig {
        seats: [Seat::Easy, Seat::Easy],
        claims: true,
        ..GameConfig::default()
    };
    let mut app = App::with_game(config, six_stones());
    key(&mut app, '+');
    assert_eq!(text(&app), "No claim: the AIs claim their own stones");
    for size in SIZES {
        let (_, shown) = turn_at(&app, size);
        assert!(
            shown.contains("No claim: the AIs claim their own stones"),
            "{size:?}\n{shown}"
        );
    }
}

/// Names of 16 columns (the most the start screen takes) at the end of a game at
/// 44×16 (a game without claims, whose `claims` label takes no room): the ending by
/// name, 48 columns, was a box over the final position, the row under it cut
/// (`alexandrapetrova wins: bartholomewjones…`), and the turn line had no room for
/// `r review` (`Blue wins. n new, w swap, q quit`). s40: the row says it by colour
/// (`Blue wins: Yellow resigned`) with `? help` beside it, the board stays whole,
/// and the turn line names every key. Fails on the old code (the box; no `r review`).
/// With history on, the kept note says it by colour too, in the fewer words that
/// leave `? help` room (`Kept. Blue wins: Yellow resigned`).
#[test]
fn long_names_at_the_end_still_leave_the_keys_at_44_columns() {
    use crate::session::StorageReport;
    let typed = Names::typed([
        Some("alexandrapetrova".to_owned()),
        Some("bartholomewjones".to_owned()),
    ]);
    let mut app = App::new(GameConfig::default()).with_people(typed);
    let _ = app.handle(Input::Click(Some(Square::A1)));
    let board_rows = 14;
    key(&mut app, 'R');
    key(&mut app, 'y');
    let mut kept = app.clone();
    kept.report(&StorageReport::Archived(
        "/home/ann/.local/share/hijara/games/hijara-20261130-041500.hij".into(),
    ));
    for (app, said) in [
        (&app, "Blue wins: Yellow resigned"),
        (&kept, "Kept. Blue wins: Yellow resigned"),
    ] {
        let (turn, shown) = turn_at(app, (44, 16));
        let rows: Vec<&str> = shown.lines().collect();
        assert!(
            rows[..board_rows]
                .iter()
                .all(|row| !row.contains("resigned")),
            "a box over the board:\n{shown}"
        );
        assert!(
            turn.contains("Blue wins. n new, w swap, r review, q quit"),
            "{shown}"
        );
        assert!(rows[15].starts_with(said), "{shown}");
        assert!(rows[15].ends_with("? help"), "{shown}");
        assert!(!rows[14..].concat().contains('…'), "{shown}");
    }
    // At 80 columns every key (s39: `r review` too) and `? help`, how it ended by
    // name under it (the name with every key leaves no room for `? help`).
    let (turn, shown) = turn_at(&app, (80, 24));
    assert!(
        turn.contains("Game over. n new, w swap, r review, q quit"),
        "{shown}"
    );
    assert!(
        shown.contains("alexandrapetrova wins: bartholomewjones resigned"),
        "{shown}"
    );
    // The line mode says it by name.
    assert_eq!(
        app.message().map(|m| m.line_words().into_owned()),
        Some("alexandrapetrova wins: bartholomewjones resigned".to_owned())
    );
}

/// s40 (words40 left it): without names, after a resignation with history on, the
/// kept note at 44×16 read `Game kept. Blue wins: Yellow resigned` (37 columns) and
/// every key took the first line: `? help` was on neither row. The note takes its
/// fewer words there, `Kept. Blue wins: Yellow resigned`, beside `? help`; at 80×24
/// the path as before. Fails on the old code (no `? help` at 44×16).
#[test]
fn the_kept_note_after_a_resignation_leaves_the_help_in_view_at_44x16() {
    use crate::session::StorageReport;
    let mut app = App::new(GameConfig::default());
    let _ = app.handle(Input::Click(Some(Square::A1)));
    key(&mut app, 'R');
    key(&mut app, 'y');
    let path = "/home/ann/.local/share/hijara/games/hijara-20261130-041500.hij";
    app.report(&StorageReport::Archived(path.into()));
    let (turn, shown) = turn_at(&app, (44, 16));
    assert_eq!(
        turn, "Blue wins. n new, w swap, r review, q quit",
        "{shown}"
    );
    let row = shown.lines().last().unwrap_or_default();
    assert!(
        row.starts_with("Kept. Blue wins: Yellow resigned"),
        "{shown}"
    );
    assert!(row.ends_with("? help"), "{shown}");
    let (_, shown) = turn_at(&app, (80, 24));
    assert!(shown.contains("Game kept as …/"), "{shown}");
    assert!(shown.contains("? help"), "{shown}");
}

/// A hot-seat game with typed names ends (a resignation here): the hint row under
/// the turn says the ending, so `w`, the rematch with the sides swapped, was named
/// nowhere until the next key (s37). The turn line names it with the other keys at
/// 80×24 and 44×16 while the row is taken (s39: `r review` too at 44, the `? help`
/// label on the row under it).
#[test]
fn the_swap_key_is_named_while_the_hint_row_says_something_else() {
    let typed = Names::typed([Some("alice".to_owned()), Some("bob".to_owned())]);
    let mut app = App::new(GameConfig::default()).with_people(typed);
    let _ = app.handle(Input::Click(Some(Square::A1)));
    key(&mut app, 'R');
    key(&mut app, 'y');
    assert!(app.message().is_some());
    for (size, said) in [
        (
            (80, 24),
            "Blue 0  Yellow 0  │  alice wins. n new, w swap, r review, q quit",
        ),
        ((44, 16), "alice wins. n new, w swap, r review, q quit"),
    ] {
        let (turn, shown) = turn_at(&app, size);
        assert!(turn.starts_with(said), "{size:?}\n{shown}");
        assert!(shown.contains("? help"), "{size:?}\n{shown}");
        insta::assert_snapshot!(format!("swap_key_at_the_end_{}x{}", size.0, size.1), shown);
    }
}

/// The resign question of a hot-seat game with typed names says them, with their
/// colours, as the turn line does (s37: `Resign for Yellow? Blue wins the game.`);
/// without names, colours.
#[test]
fn the_resign_question_names_the_typed_names() {
    let typed = Names::typed([Some("alice".to_owned()), Some("bob".to_owned())]);
    let mut app = App::new(GameConfig::default()).with_people(typed);
    let _ = app.handle(Input::Click(Some(Square::A1)));
    key(&mut app, 'R');
    let question = crate::ui::Question::Resign(crate::rules::Player::Yellow);
    assert!(
        app.question_text(question)
            .starts_with("Resign for bob (Yellow)? alice (Blue) wins the game."),
        "{}",
        app.question_text(question)
    );
    for size in SIZES {
        let (_, shown) = turn_at(&app, size);
        let flat = shown.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("bob (Yellow)"), "{size:?}\n{shown}");
        insta::assert_snapshot!(format!("resign_named_{}x{}", size.0, size.1), shown);
    }
    let mut plain = App::new(GameConfig::default());
    let _ = plain.handle(Input::Click(Some(Square::A1)));
    assert!(
        plain
            .question_text(question)
            .starts_with("Resign for Yellow? Blue wins the game."),
        "{}",
        plain.question_text(question)
    );
}

/// A hint asked in a hot-seat game with typed names says whose it is by name
/// (s37: `Blue to move, hint thinking…`); and against the AI in a game whose person
/// has a name, the AI waiting for the claim by its level and colour (s37: `Yellow
/// waits`), the colour alone where that does not fit.
#[test]
fn the_hint_and_the_ai_s_wait_say_names_where_the_game_has_them() {
    let typed = Names::typed([Some("alice".to_owned()), Some("bob".to_owned())]);
    let mut app = App::new(GameConfig::default()).with_people(typed);
    key(&mut app, 't');
    assert!(app.thinking().is_some());
    let (turn, shown) = turn_at(&app, (80, 24));
    assert!(
        turn.contains("alice to move (Blue), hint thinking…"),
        "{shown}"
    );
    let (turn, shown) = turn_at(&app, (44, 16));
    assert!(turn.contains("alice"), "{shown}");

    let config = GameConfig {
        seats: [Seat::Human, Seat::Hard],
        claims: true,
        ..GameConfig::default()
    };
    let mut app = App::with_game(config, six_stones())
        .with_people(Names::typed([Some("Ann".to_owned()), None]));
    let scoring = Square::ALL
        .into_iter()
        .find(|&square| {
            let mut game = app.game().clone();
            game.play(square).is_ok_and(|placed| placed.points > 0)
        })
        .unwrap_or_else(|| unreachable!("a stone scores after six"));
    let _ = app.handle(Input::Click(Some(scoring)));
    assert!(app.awaits_claim());
    let (turn, shown) = turn_at(&app, (80, 24));
    assert!(
        turn.contains("Ann may claim · Enter: hard AI (Yellow) plays"),
        "{shown}"
    );
    // Claimed, the AI waits for Enter.
    let points = app.game().last().map(|l| l.points).unwrap_or_default();
    key(&mut app, '+');
    for digit in points.to_string().chars() {
        key(&mut app, digit);
    }
    enter(&mut app);
    assert!(app.awaits_claim());
    let (turn, shown) = turn_at(&app, (80, 24));
    assert!(
        turn.contains("hard AI (Yellow) waits: Enter lets it play"),
        "{shown}"
    );
    let (turn, shown) = turn_at(&app, (44, 16));
    assert!(turn.contains("Enter:"), "{shown}");
    // Its stone thought about: by its level and colour too.
    enter(&mut app);
    assert!(app.thinking().is_some());
    let (turn, shown) = turn_at(&app, (80, 24));
    assert!(turn.contains("hard AI (Yellow) thinking…"), "{shown}");
}

/// s38: after a resignation the note that the game was kept took the row that said
/// `alice wins: bob resigned`, and the turn line said the winner alone beside the
/// keys: how the game ended was on screen nowhere while the note showed. The note
/// says it now, after where the game went (as it says the line of a stone that
/// filled the board), at 80×24 and 44×16, and the turn line still names the keys.
/// Fails on the old code (`bob resigned` missing).
#[test]
fn the_kept_note_after_a_resignation_still_says_how_the_game_ended() {
    use crate::session::StorageReport;
    let typed = Names::typed([Some("alice".to_owned()), Some("bob".to_owned())]);
    let mut app = App::new(GameConfig::default()).with_people(typed);
    let _ = app.handle(Input::Click(Some(Square::A1)));
    key(&mut app, 'R');
    key(&mut app, 'y');
    assert_eq!(text(&app), "alice wins: bob resigned");
    let path = "/home/ann/.local/share/hijara/games/hijara-20261130-041500.hij";
    app.report(&StorageReport::Archived(path.into()));
    assert_eq!(
        text(&app),
        format!("Game kept as {path} (see: hijara games). alice wins: bob resigned")
    );
    for size in SIZES {
        let (turn, shown) = turn_at(&app, size);
        let flat = shown
            .lines()
            .map(|l| l.replace('│', " ").trim().to_owned())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            flat.contains("alice wins: bob resigned"),
            "{size:?}\n{shown}"
        );
        // s39: at 44 `Game kept.` and the ending (the path by the line mode).
        assert!(flat.contains("Game kept"), "{size:?}\n{shown}");
        for keys in ["n new", "w swap", "r review", "q quit"] {
            assert!(turn.contains(keys), "{size:?} {keys}\n{shown}");
        }
        insta::assert_snapshot!(
            format!("kept_after_a_resignation_{}x{}", size.0, size.1),
            shown
        );
    }
}

/// local43 (s39 words40): without a kept note (no history), after a resignation the
/// hint row says how the game ended, and at 44×16 the turn line read `alice wins. n
/// new, w swap, q quit    ? help`: the review, what a player wants after a loss, was
/// named nowhere until the message went. The turn line names every key while a
/// message covers the hint row, with `? help` beside the message, at 80×24 and 44×16
/// (names of 5; of 16, `Game over` where the row under it says the winner by name, at
/// 80; at 44, s40, the ending by colour), the ending whole on the row under it. Fails on the old code (no `r review` at 44).
#[test]
fn after_a_resignation_the_review_is_named_at_44x16_without_a_kept_note() {
    for (names, said) in [
        (["alice", "bob"], "alice wins: bob resigned"),
        (
            ["alexandrapetrova", "bartholomewjones"],
            "alexandrapetrova wins: bartholomewjones resigned",
        ),
    ] {
        let typed = Names::typed(names.map(|n| Some(n.to_owned())));
        let mut app = App::new(GameConfig::default()).with_people(typed);
        let _ = app.handle(Input::Click(Some(Square::A1)));
        key(&mut app, 'R');
        key(&mut app, 'y');
        assert_eq!(text(&app), said);
        for size in SIZES {
            let (turn, shown) = turn_at(&app, size);
            for keys in ["n new", "w swap", "r review", "q quit"] {
                assert!(turn.contains(keys), "{size:?} {keys}\n{shown}");
            }
            // s40: with 16-column names the ending at 44 by colour (it was in a box,
            // its row cut): `long_names_at_the_end_still_leave_the_keys_at_44_columns`.
            let said = if said.len() > 44 && size.0 == 44 {
                "Blue wins: Yellow resigned"
            } else {
                said
            };
            let rows: Vec<&str> = shown.lines().collect();
            let status = rows[rows.len() - 2..].concat();
            assert!(!status.contains('…'), "{size:?}\n{shown}");
            let flat = shown
                .lines()
                .map(|l| l.replace('│', " ").trim().to_owned())
                .collect::<Vec<_>>()
                .join(" ");
            assert!(flat.contains(said), "{size:?}\n{shown}");
        }
    }
}

/// board45 (s39 words40): at 44×16 the note `Game kept as /tmp/…/games/hijara-….hij
/// (see: hijara games). alice wins: bob resigned`, after a resignation, showed in a
/// box over rows 6-9 of the board: the final position hidden until a key. The note
/// goes on the message row, the path by its last folders where it does not fit whole
/// (`Game kept as …/games/hijara-….hij. alice wins: bob resigned` at 80 columns,
/// `Game kept. alice wins: bob resigned` at 44): the board and ladders are drawn as
/// they were before the note, at 80×24 and 44×16; a note with no line before it the
/// same (`Game kept as …/hijara-….hij` at 44). Fails on the old code (the box).
#[test]
fn the_kept_note_leaves_the_final_position_in_sight() {
    use crate::session::StorageReport;
    for path in [
        "/home/ann/.local/share/hijara/games/hijara-20261130-041500.hij",
        "/tmp/tmp.Xq3vT8bLr2/h/games/hijara-20261207-181500.hij",
    ] {
        let typed = Names::typed([Some("alice".to_owned()), Some("bob".to_owned())]);
        let mut app = App::new(GameConfig::default()).with_people(typed);
        let _ = app.handle(Input::Click(Some(Square::A1)));
        key(&mut app, 'R');
        key(&mut app, 'y');
        // The same note said with no line before it: a game not over.
        let mut plain = App::new(GameConfig::default());
        let _ = plain.handle(Input::Click(Some(Square::A1)));
        let before = |app: &App| -> Vec<String> { SIZES.map(|size| turn_at(app, size).1).into() };
        let before = [before(&app), before(&plain)];
        app.report(&StorageReport::Archived(path.into()));
        assert_eq!(
            text(&app),
            format!("Game kept as {path} (see: hijara games). alice wins: bob resigned")
        );
        plain.report(&StorageReport::Archived(path.into()));
        assert_eq!(
            text(&plain),
            format!("Game kept as {path} (see: hijara games)")
        );
        for (i, size) in SIZES.into_iter().enumerate() {
            let board_rows = usize::from(size.1) - 2;
            for (j, (app, said)) in [(&app, "alice wins: bob resigned"), (&plain, "hijara-20261")]
                .into_iter()
                .enumerate()
            {
                let old: Vec<&str> = before[j][i].lines().take(board_rows).collect();
                let (_, shown) = turn_at(app, size);
                let rows: Vec<&str> = shown.lines().collect();
                assert_eq!(rows[..board_rows], old[..], "{size:?} {path}\n{shown}");
                let note = rows[board_rows + 1];
                assert!(note.starts_with("Game kept"), "{size:?} {path}\n{shown}");
                assert!(note.contains(said), "{size:?} {path}\n{shown}");
                assert!(
                    !note.contains('…') || note.contains("…/"),
                    "{size:?}\n{shown}"
                );
            }
        }
    }
}
