//! s36 (local39): the local game's start and end, at 80×24 and 44×16: the names the
//! hot-seat players typed on the start screen, who leads beside the board, and the
//! rematch with the sides swapped.

use crate::ai::Seat;
use crate::record::Termination;
use crate::rules::{Game, Player, Square};
use crate::session::{GameConfig, Names, record_named};
use crate::ui::status::totals_at;
use crate::ui::{App, Effect, Input};

use super::{SIXTY_THREE_UNCLAIMED, game_screen_at, key, rows_of};

const SIZES: [(u16, u16); 2] = [(80, 24), (44, 16)];

/// The screen drawn at `size`, its rows joined.
fn shown(app: &App, (width, height): (u16, u16)) -> String {
    rows_of(&game_screen_at(app, width, height)).join("\n")
}

/// A hot-seat game with the names typed on the start screen, `alice` for Blue and
/// `bob` for Yellow, after the first moves of a known game up to the first where
/// the totals differ (Blue or Yellow ahead).
fn alice_and_bob_scored() -> App {
    let mut game = Game::new();
    for mv in SIXTY_THREE_UNCLAIMED.split_whitespace() {
        game.play(mv.parse::<Square>().unwrap()).unwrap();
        let totals = totals_at(&game, game.len());
        if totals[0] != totals[1] {
            break;
        }
    }
    App::with_game(GameConfig::default(), game).with_people(Names::typed([
        Some("alice".to_owned()),
        Some("bob".to_owned()),
    ]))
}

/// The typed names name the seats on the ladders, and the status line says whose
/// move it is by name with the colour (`alice to move (Blue)`); they go into the
/// record's seat tags. Before, a hot-seat game had no names at all.
#[test]
fn the_typed_names_are_on_the_ladders_the_status_line_and_the_record() {
    let app = App::new(GameConfig::default()).with_people(Names::typed([
        Some("alice".to_owned()),
        Some("bob".to_owned()),
    ]));
    // By name with the colour where it fits, by name alone at 44 columns.
    for (size, turn) in [
        ((80, 24), "alice to move (Blue)"),
        ((44, 16), "alice to move"),
    ] {
        let screen = shown(&app, size);
        assert!(screen.contains(turn), "{size:?}\n{screen}");
        assert!(screen.contains("bob"), "{size:?}\n{screen}");
        insta::assert_snapshot!(format!("hot_seat_names_{}x{}", size.0, size.1), screen);
    }
    let mut app = app;
    let _ = app.handle(Input::Click(Some(Square::A1)));
    assert!(shown(&app, (80, 24)).contains("bob to move (Yellow)"));
    let record = record_named(app.config(), app.people(), app.played(), "2026-12-07");
    assert_eq!(record.tag("Blue"), Some("alice"));
    assert_eq!(record.tag("Yellow"), Some("bob"));
    assert_eq!(record.tag("BlueType"), Some("human"));
}

/// Both totals and who leads, at a glance beside the board: the leader's ladder says
/// `leads by N` (`+N` at 44 columns), the other's nothing, under each total; the
/// status line keeps both totals. Before, only the two totals showed.
#[test]
fn the_ladders_say_who_leads_and_by_how_much() {
    let app = alice_and_bob_scored();
    let totals = totals_at(app.game(), app.game().len());
    let (leader, by) = if totals[0] > totals[1] {
        ("alice", totals[0] - totals[1])
    } else {
        ("bob", totals[1] - totals[0])
    };
    // `leads by 10` is wider than the ladder at 80 columns: `leads +10` there.
    let wide = if by < 10 {
        format!("leads by {by}")
    } else {
        format!("leads +{by}")
    };
    for (size, lead) in [((80, 24), wide), ((44, 16), format!("+{by}"))] {
        let screen = shown(&app, size);
        assert!(screen.contains(&lead), "{size:?} {leader}\n{screen}");
        assert!(
            screen.contains(&format!("Blue {}  Yellow {}", totals[0], totals[1])),
            "{size:?}\n{screen}"
        );
        insta::assert_snapshot!(format!("hot_seat_lead_{}x{}", size.0, size.1), screen);
    }
}

/// At the end, `w` (from the key table, so the help lists it) starts a rematch with
/// the sides swapped: at one keyboard the names change colour, and bob (Yellow
/// before) moves first; against the AI the person takes the other colour. Before the
/// end it is refused, and says so.
#[test]
fn w_at_the_end_is_a_rematch_with_the_sides_swapped() {
    let mut app = alice_and_bob_scored();
    key(&mut app, 'w');
    assert_eq!(app.config().seats, [Seat::Human; 2]);
    assert!(
        app.message()
            .is_some_and(|m| m.text.contains("once the game is over")),
        "{:?}",
        app.message()
    );
    key(&mut app, 'R');
    key(&mut app, 'y');
    assert_eq!(
        app.ending().map(|e| e.termination()),
        Some(Termination::Resignation)
    );
    for size in SIZES {
        let screen = shown(&app, size);
        insta::assert_snapshot!(format!("hot_seat_over_{}x{}", size.0, size.1), screen);
    }
    let moves = app.game().len();
    assert!(moves > 0);
    let effects = app.handle(Input::Key(ratatui::crossterm::event::KeyEvent::new(
        ratatui::crossterm::event::KeyCode::Char('w'),
        ratatui::crossterm::event::KeyModifiers::NONE,
    )));
    assert!(effects.contains(&Effect::PeopleSeated), "{effects:?}");
    assert!(effects.contains(&Effect::Autosave), "{effects:?}");
    assert_eq!(app.game().len(), 0);
    assert_eq!(app.ending(), None);
    assert_eq!(app.people().of(Player::Blue), Some("bob"));
    assert_eq!(app.people().of(Player::Yellow), Some("alice"));
    assert!(shown(&app, (80, 24)).contains("bob to move (Blue)"));
    for size in SIZES {
        let screen = shown(&app, size);
        // With the colour at 80 columns, by name alone at 44.
        assert!(screen.contains("bob to move"), "{size:?}\n{screen}");
        insta::assert_snapshot!(format!("hot_seat_swapped_{}x{}", size.0, size.1), screen);
    }
    assert_eq!(
        app.message().map(|m| m.text.as_str()),
        Some("Rematch, sides swapped: bob plays Blue and moves first, alice plays Yellow")
    );

    // Against the AI: the person (Blue) takes Yellow, and the AI moves first.
    let config = GameConfig {
        seats: [Seat::Human, Seat::Easy],
        ..GameConfig::default()
    };
    let mut app = App::with_game(config, Game::from_moves([Square::A1]).unwrap());
    key(&mut app, 'R');
    key(&mut app, 'y');
    assert!(app.is_over());
    key(&mut app, 'w');
    assert_eq!(app.config().seats, [Seat::Easy, Seat::Human]);
    assert_eq!(app.game().len(), 0);
    assert_eq!(
        app.message().map(|m| m.text.as_str()),
        Some("Rematch, sides swapped: you play Yellow, the AI moves first")
    );
    // The help lists the key, from the key table.
    let rows: Vec<_> = crate::ui::keymap::help_rows(crate::ui::KeyContext::Board).collect();
    assert!(
        rows.iter()
            .any(|(keys, help)| *keys == "n, w, r, R" && help.contains("w: swap sides")),
        "{rows:?}"
    );
}

/// s36: `c` at the last move of a replayed game that ended by resignation played on
/// at once, as if no one had resigned, and said nothing. It asks now, saying how the
/// game ended and that the game played on leaves that out (the record keeps it), at
/// 80 and 44 columns; `y` plays on, any other key stays. A game that did not end early
/// is played on from its last move at once, as before.
#[test]
fn c_at_the_end_of_a_resigned_game_asks_first_and_says_the_resignation_is_left_out() {
    use crate::ui::keymap::{Action, KeyContext, key_for};
    use crate::ui::{ReplayOverlay, ReplayState};
    let mut app = App::with_game(
        GameConfig::default(),
        Game::from_moves([Square::A1, Square::D4, Square::B2]).unwrap(),
    );
    key(&mut app, 'R');
    key(&mut app, 'y');
    let record = record_named(app.config(), app.people(), app.played(), "2026-12-07");
    let press = |replay: &mut ReplayState, c: char| {
        replay.handle(Input::Key(ratatui::crossterm::event::KeyEvent::new(
            ratatui::crossterm::event::KeyCode::Char(c),
            ratatui::crossterm::event::KeyModifiers::NONE,
        )))
    };
    let end = |replay: &mut ReplayState| {
        let end = key_for(Action::End, &[KeyContext::Replay]).unwrap();
        let _ = replay.handle(Input::Key(end));
    };
    let mut replay = ReplayState::new("game", &record, app.game().clone());
    let _ = replay.handle(Input::Resize(80, 24));
    end(&mut replay);
    assert!(replay.ending().is_some());
    let effects = press(&mut replay, 'c');
    assert!(!effects.contains(&Effect::PlayOn(3)), "{effects:?}");
    assert_eq!(replay.overlay(), ReplayOverlay::ConfirmContinue);
    assert_eq!(
        replay.continue_question(),
        "Blue wins: Yellow resigned. Play on from move 3 as if it had not ended? The new \
         game leaves that out (the saved game keeps it). y: play on, any other key: stay"
    );
    assert_eq!(
        replay.continue_status(80),
        "It ended here. Play on from move 3 anyway? y: play on, any other key: stay"
    );
    // Any other key stays; `y` plays on.
    let _ = press(&mut replay, 'x');
    assert_eq!(replay.overlay(), ReplayOverlay::None);
    let _ = press(&mut replay, 'c');
    assert!(press(&mut replay, 'y').contains(&Effect::PlayOn(3)));

    // The same moves, not resigned: played on at once.
    let game = Game::from_moves([Square::A1, Square::D4, Square::B2]).unwrap();
    let record = crate::session::record_of(&GameConfig::default(), &game, "2026-12-07");
    let mut replay = ReplayState::new("game", &record, game);
    let _ = replay.handle(Input::Resize(80, 24));
    end(&mut replay);
    assert!(press(&mut replay, 'c').contains(&Effect::PlayOn(3)));
}

/// The rows of `screen` where a gauge's tick `tick` (`100┤`) stands, and how many
/// stand on each: level ladders put both on one row.
fn tick_rows(screen: &str, tick: &str) -> Vec<(usize, usize)> {
    screen
        .lines()
        .enumerate()
        .map(|(y, row)| (y, row.matches(tick).count()))
        .filter(|(_, count)| *count > 0)
        .collect()
}

/// s37: at the end of a game the winner's ladder has a row more (`wins!`), so its
/// gauge started a row lower than the other's and their scales (`100┤`, `50┤`) stood
/// on different rows, at 80×24 and 44×16 alike. The other ladder leaves that row blank
/// now: both scales are level, on the game's screen and at a replay's last move.
#[test]
fn the_ladders_line_up_at_the_end_of_a_game() {
    let mut app = alice_and_bob_scored();
    key(&mut app, 'R');
    key(&mut app, 'y');
    assert!(app.is_over());
    let record = record_named(app.config(), app.people(), app.played(), "2026-12-07");
    for size in SIZES {
        let screen = shown(&app, size);
        assert!(screen.contains("wins!"), "{size:?}\n{screen}");
        for tick in ["100┤", "  0┤"] {
            let rows = tick_rows(&screen, tick);
            assert!(
                rows.len() == 1 && rows[0].1 == 2,
                "{size:?} {tick} on rows {rows:?}:\n{screen}"
            );
        }
        // The screen itself is `hot_seat_over`'s snapshot.

        // The replay of the same game, at its last move.
        let mut replay = crate::ui::ReplayState::new("game", &record, app.game().clone());
        let _ = replay.handle(Input::Resize(size.0, size.1));
        let end = crate::ui::keymap::key_for(
            crate::ui::keymap::Action::End,
            &[crate::ui::KeyContext::Replay],
        )
        .unwrap();
        let _ = replay.handle(Input::Key(end));
        let drawn = super::replay_screen_at(&replay, size.0, size.1);
        let screen = rows_of(&drawn).join("\n");
        assert!(screen.contains("wins!"), "{size:?}\n{screen}");
        let rows = tick_rows(&screen, "100┤");
        assert!(
            rows.len() == 1 && rows[0].1 == 2,
            "replay {size:?}: 100┤ on rows {rows:?}:\n{screen}"
        );
    }
}

/// s37: a game against the AI from the start screen had no names: the person was
/// `Blue`, the AI `Yellow` in the words. The person's typed name is theirs now, and
/// the AI is named by its level, on the ladders, the status line, the end screen and
/// the record's tags, at 80×24 and 44×16.
#[test]
fn a_person_playing_the_ai_is_named_and_the_ai_by_its_level() {
    let config = GameConfig {
        seats: [Seat::Human, Seat::Easy],
        ..GameConfig::default()
    };
    let names = Names::typed([Some("alice".to_owned()), None]).seated(config.seats);
    let mut app = App::with_game(config, Game::new()).with_people(names);
    for size in SIZES {
        let screen = shown(&app, size);
        assert!(screen.contains("alice to move"), "{size:?}\n{screen}");
        // The ladder at 44 columns has room for `easy` alone.
        let ai = if size.0 == 80 { "easy AI" } else { "easy" };
        assert!(screen.contains(ai), "{size:?}\n{screen}");
    }
    key(&mut app, 'R');
    key(&mut app, 'y');
    assert!(app.is_over());
    for size in SIZES {
        let screen = shown(&app, size);
        assert!(
            screen.contains("easy AI wins: alice resigned"),
            "{size:?}\n{screen}"
        );
        assert!(!screen.contains("Yellow wins"), "{size:?}\n{screen}");
        insta::assert_snapshot!(format!("ai_named_over_{}x{}", size.0, size.1), screen);
    }
    let record = record_named(app.config(), app.people(), app.played(), "2026-12-07");
    assert_eq!(record.tag("Blue"), Some("alice"));
    assert_eq!(record.tag("BlueType"), Some("human"));
    assert_eq!(record.tag("Yellow"), Some("easy"));
}
