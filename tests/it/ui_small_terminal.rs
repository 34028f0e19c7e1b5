//! Small terminals, on the pure screen states and their drawing: behind the "enlarge"
//! screen only q and Ctrl-c act (a game and the replay viewer), the minimum size plays as
//! usual, the status line and the ladders at 44 and 60 columns, and the minimum sizes the
//! README and docs/ state are the program's. On the real binary: `e2e_play`.

use crate::common::{against, drawn, press, rows, sized, typing};
use hijara::ai::Seat;
use hijara::record::Record;
use hijara::rules::{Game, Ruleset, Square};
use hijara::session::GameConfig;
use hijara::ui::{App, Effect, Input, MIN_HEIGHT, MIN_WIDTH, Overlay, ReplayExit, ReplayState};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

const COMPLETE: &str = include_str!("../../assets/games/complete.hij");

#[test]
fn behind_the_enlarge_screen_keys_do_not_play_and_q_quits_at_once() {
    let mut app = sized(App::new(against(Seat::Medium)), 40, 12);
    let screen = rows(&drawn(&app, 40, 12)).join("\n");
    assert!(screen.contains("Please enlarge"), "{screen}");
    let effects = typing(&mut app, "c3");
    let effects: Vec<Effect> = effects
        .into_iter()
        .chain(press(&mut app, KeyCode::Enter))
        .chain(press(&mut app, KeyCode::Char(' ')))
        .chain(typing(&mut app, "nu?t"))
        .collect();
    assert!(effects.is_empty(), "{effects:?}");
    assert_eq!(
        app.game().len(),
        0,
        "no stone placed behind the enlarge screen"
    );
    assert_eq!(app.overlay(), Overlay::None);
    assert!(app.message().is_none(), "{:?}", app.message());

    // A game in progress: q quits at once, as the screen says, without a question.
    let mut app = sized(App::new(GameConfig::default()), 80, 24);
    let _ = typing(&mut app, "b2c3");
    let mut app = sized(app, 40, 12);
    let effects = press(&mut app, KeyCode::Char('q'));
    assert!(effects.contains(&Effect::Quit), "{effects:?}");
    assert!(app.should_quit());
    assert_eq!(app.overlay(), Overlay::None);
}

#[test]
fn at_the_minimum_size_keys_play_as_usual() {
    let mut app = sized(App::new(GameConfig::default()), 44, 16);
    let _ = typing(&mut app, "c3");
    assert_eq!(app.game().len(), 1);
    let _ = press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.overlay(), Overlay::Question(hijara::ui::Question::Quit));
}

#[test]
fn behind_the_replay_viewers_enlarge_screen_only_q_acts() {
    let record: Record = COMPLETE.parse().unwrap();
    let game = record.to_game().unwrap();
    let mut state = ReplayState::new("game.hij", &record, game);
    // One row less than the viewer needs (a game's minimum).
    let _ = state.handle(Input::Resize(
        hijara::ui::MIN_WIDTH,
        hijara::ui::MIN_HEIGHT - 1,
    ));
    for code in [
        KeyCode::Right,
        KeyCode::End,
        KeyCode::Char(' '),
        KeyCode::Char('a'),
    ] {
        let effects = state.handle(Input::Key(KeyEvent::new(code, KeyModifiers::NONE)));
        assert!(effects.is_empty(), "{code:?}: {effects:?}");
    }
    assert_eq!(state.at_move(), 0);
    assert!(!state.autoplay());
    assert!(!state.panel());
    let _ = state.handle(Input::Key(KeyEvent::new(
        KeyCode::Char('q'),
        KeyModifiers::NONE,
    )));
    assert_eq!(state.exit(), Some(ReplayExit::ForceQuit));
}

/// Defect: the replay viewer needed a row more than a game (44×17, for the record's
/// tags), so a game's review opened at the smallest size a game plays at (44×16, the
/// served minimum too) asked to enlarge the terminal. It now draws there without the
/// tags row, and keys act; from 17 rows the tags row is back.
#[test]
fn the_replay_viewer_draws_at_a_game_s_minimum_size() {
    let record: Record = COMPLETE.parse().unwrap();
    let game = record.to_game().unwrap();
    let (w, h) = (MIN_WIDTH, MIN_HEIGHT);
    let mut state = sized(ReplayState::new("game.hij", &record, game), w, h);
    // s20: the first hint line, too long for 44 columns, lost its last part, `? help`,
    // the one way to all the keys: it keeps it at its right, the other keys cut.
    let start = rows(&drawn(&state, w, h));
    let hint = start.last().map(|row| row.trim_end()).unwrap_or_default();
    assert!(
        hint.starts_with("Start: →/l next") && hint.ends_with("  ? help"),
        "{}",
        start.join("\n")
    );
    let _ = press(&mut state, KeyCode::Right);
    assert_eq!(state.at_move(), 1, "a key acts at {w}×{h}");
    let screen = rows(&drawn(&state, w, h));
    let text = screen.join("\n");
    assert!(!text.contains("enlarge"), "{text}");
    assert!(text.contains("Move 1/"), "{text}");
    // The board's column letters are the top row: no tags row above them.
    assert!(
        screen[0].contains(" a ") && screen[0].contains(" d "),
        "{text}"
    );
    let taller = rows(&drawn(&state, w, h + 1));
    assert!(!taller[0].contains(" a "), "{}", taller.join("\n"));
    assert!(
        taller[1].contains(" a ") && taller[1].contains(" d "),
        "{}",
        taller.join("\n")
    );
}

#[test]
fn the_variant_word_is_dropped_last_and_help_stays_at_60() {
    // Blue to move after two stones, the last the AI's: no claim to make.
    let corners_claims = || {
        let mut game = Game::with_rules(Ruleset::Corners, true);
        game.play(Square::B2).unwrap();
        game.play(Square::C3).unwrap();
        App::with_game(against(Seat::Medium), game)
    };
    // 44 wide: the variant stays.
    let app = sized(corners_claims(), 44, 16);
    let screen = rows(&drawn(&app, 44, 16));
    assert!(screen[14].contains("corners"), "{}", screen[14]);
    // 60 wide: both labels and the help.
    let app = sized(corners_claims(), 60, 20);
    let screen = rows(&drawn(&app, 60, 20));
    assert!(screen[18].contains("corners · claims"), "{}", screen[18]);
    assert!(screen[18].contains("? help"), "{}", screen[18]);
    assert!(
        screen[18].contains("Blue to move") || screen[18].contains("▶ Blue"),
        "{}",
        screen[18]
    );
    // 80 wide: everything at its longest.
    let app = sized(corners_claims(), 80, 24);
    let screen = rows(&drawn(&app, 80, 24));
    assert!(screen[22].contains("Blue to move"), "{}", screen[22]);
    assert!(
        screen[22].contains("corners · claims  ? help"),
        "{}",
        screen[22]
    );
}

#[test]
fn at_60x20_the_ladders_words_are_whole() {
    let mut app = sized(App::new(GameConfig::default()), 60, 20);
    let _ = typing(&mut app, "b2c3a1");
    let screen = rows(&drawn(&app, 60, 20)).join("\n");
    assert!(!screen.contains(" st"), "{screen}");
    assert!(!screen.contains("▶ turn"), "{screen}");
    assert!(screen.contains("▶ to move"), "{screen}");
    assert!(screen.contains("30 left"), "{screen}");
}

#[test]
fn the_readme_states_the_minimum_sizes_the_program_has() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let game = format!("The game needs at least {MIN_WIDTH}×{MIN_HEIGHT}");
    let viewer = format!("The replay viewer needs the game's size too, {MIN_WIDTH}×{MIN_HEIGHT}");
    let learning = "Lessons and puzzles are shown at the game's size too";
    assert!(readme.contains(&game), "README lacks {game:?}");
    assert!(readme.contains(&viewer), "README lacks {viewer:?}");
    assert!(readme.contains(learning), "README lacks {learning:?}");
    // Every minimum size given in the README and docs/ is one of the program's.
    let mut texts = vec![("README.md".to_owned(), readme)];
    for entry in std::fs::read_dir(format!("{root}/docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            texts.push((
                path.display().to_string(),
                std::fs::read_to_string(&path).unwrap(),
            ));
        }
    }
    let prefix = format!("{MIN_WIDTH}×");
    for (name, text) in &texts {
        for (at, _) in text.match_indices(&prefix) {
            let rows: String = text[at + prefix.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            let rows: u16 = rows.parse().unwrap();
            assert!(
                rows == MIN_HEIGHT,
                "{name}: {MIN_WIDTH}×{rows} is no minimum the program has"
            );
        }
    }
}

/// The help shown at `width`×`height`, as text.
fn help_screen(state: &impl crate::common::Driven, width: u16, height: u16) -> String {
    rows(&drawn(state, width, height)).join("\n")
}

/// Defect: the `?` help was cut off on a small screen, with no way to read the rest.
/// Now the scrolling keys reach its last line, a cue in words says there is more, and
/// any other key still closes it.
#[test]
fn a_help_longer_than_the_screen_scrolls_to_its_last_line() {
    let (w, h) = (MIN_WIDTH, MIN_HEIGHT);
    let mut app = sized(App::new(GameConfig::default()), w, h);
    let _ = press(&mut app, '?');
    let top = help_screen(&app, w, h);
    assert!(top.contains("↓ more") && !top.contains("↑ more"), "{top}");
    assert!(top.contains("PgDn") && !top.contains("wins."), "{top}");
    // Down, a line at a time, to the last line: the help stays open.
    let mut lines = 0;
    while !help_screen(&app, w, h).contains("wins.") {
        let _ = press(&mut app, KeyCode::Down);
        assert_eq!(app.overlay(), Overlay::Help);
        lines += 1;
        assert!(lines < 40, "{}", help_screen(&app, w, h));
    }
    let end = help_screen(&app, w, h);
    assert!(end.contains("↑ more") && !end.contains("↓ more"), "{end}");
    // Nothing moves past the end; Home and End, PgUp and PgDn go to either end.
    let _ = press(&mut app, KeyCode::Down);
    assert_eq!(help_screen(&app, w, h), end);
    let _ = press(&mut app, KeyCode::Home);
    assert_eq!(help_screen(&app, w, h), top);
    let _ = press(&mut app, KeyCode::End);
    assert_eq!(help_screen(&app, w, h), end);
    for _ in 0..lines {
        let _ = press(&mut app, KeyCode::PageUp);
    }
    assert_eq!(help_screen(&app, w, h), top);
    for _ in 0..lines {
        let _ = press(&mut app, KeyCode::PageDown);
    }
    assert_eq!(help_screen(&app, w, h), end);
    assert_eq!(app.game().len(), 0, "no key reached the board");
    // Any other key closes it; opened again, it starts at the top.
    let _ = press(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay(), Overlay::None);
    let _ = press(&mut app, '?');
    assert_eq!(help_screen(&app, w, h), top);

    // The replay viewer's help, at its smallest, scrolls too (and the move shown stays).
    let record: Record = COMPLETE.parse().unwrap();
    let game = record.to_game().unwrap();
    let mut state = sized(ReplayState::new("game.hij", &record, game), w, h);
    let _ = press(&mut state, '?');
    assert!(!help_screen(&state, w, h).contains("wins."));
    let _ = press(&mut state, KeyCode::End);
    let end = help_screen(&state, w, h);
    assert!(end.contains("wins.") && end.contains("↑ more"), "{end}");
    assert_eq!(state.at_move(), 0);

    // A help shown whole says "Press any key or click to close": a scrolling key closes it too.
    for code in [KeyCode::Down, KeyCode::End] {
        let mut app = sized(App::new(GameConfig::default()), 80, 24);
        let _ = press(&mut app, '?');
        let _ = press(&mut app, code);
        assert_eq!(app.overlay(), Overlay::None, "{code:?}");
    }
}
