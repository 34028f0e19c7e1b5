//! Issue 18's newcomer snags, on the pure screen states and their rendering: keys
//! behind the "enlarge" screen, keys that close a box, the review's mark on the move
//! it judges, claim mode's wording, the corners variant, and sizes the README states.
//! The same snags are played on the real binary in `e2e_snags`.

use hijara::ai::Seat;
use hijara::record::Record;
use hijara::review::{PositionValue, Value};
use hijara::rules::{ClaimError, Game, Ruleset, Square};
use hijara::session::{GameConfig, Notice};
use hijara::ui::{
    App, AppView, BoardGeometry, Effect, Input, MIN_HEIGHT, MIN_WIDTH, Overlay, Question,
    REPLAY_MIN_HEIGHT, ReplayExit, ReplayState, ReplayView, ScreenLayout, Theme,
};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

const COMPLETE: &str = include_str!("../../assets/games/complete.hij");

fn press(app: &mut App, code: KeyCode) -> Vec<Effect> {
    app.handle(Input::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

fn typing(app: &mut App, text: &str) -> Vec<Effect> {
    text.chars()
        .flat_map(|c| press(app, KeyCode::Char(c)))
        .collect()
}

fn sized(mut app: App, width: u16, height: u16) -> App {
    let _ = app.handle(Input::Resize(width, height));
    app
}

fn against(level: Seat) -> GameConfig {
    GameConfig {
        seats: [Seat::Human, level],
        think_ms: Some(50),
        seed: 1,
        ..GameConfig::default()
    }
}

pub fn render(app: &App, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| {
            frame.render_widget(
                &AppView {
                    app,
                    theme: Theme::PLAIN,
                },
                frame.area(),
            )
        })
        .unwrap();
    terminal.backend().buffer().clone()
}

pub fn rows(buf: &Buffer) -> Vec<String> {
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_owned())
                .collect()
        })
        .collect()
}

// Snag 1: behind "Please enlarge the terminal", only q and Ctrl-c act.

#[test]
fn behind_the_enlarge_screen_keys_do_not_play_and_q_quits_at_once() {
    let mut app = sized(App::new(against(Seat::Medium)), 40, 12);
    let screen = rows(&render(&app, 40, 12)).join("\n");
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
    // One row less than the viewer needs (a game's minimum plus the tags' row).
    let _ = state.handle(Input::Resize(
        hijara::ui::MIN_WIDTH,
        hijara::ui::REPLAY_MIN_HEIGHT - 1,
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
    assert_eq!(state.shown(), 0);
    assert!(!state.autoplay());
    assert!(!state.panel());
    let _ = state.handle(Input::Key(KeyEvent::new(
        KeyCode::Char('q'),
        KeyModifiers::NONE,
    )));
    assert_eq!(state.exit(), Some(ReplayExit::ForceQuit));
}

// Snag 2: a key that closes a box does only that.

#[test]
fn the_key_that_closes_a_long_message_box_does_nothing_else() {
    let mut app = sized(App::new(GameConfig::default()), 80, 24);
    let _ = typing(&mut app, "b2c3");
    let path = "/home/ann/a-rather-long-folder-name/with/many/levels/hijara-20261130-041500.hij";
    app.notify(Notice::Info(format!("Saved to {path}")));
    let screen = rows(&render(&app, 80, 24)).join("\n");
    assert!(screen.contains("hijara-20261130-041500.hij"), "{screen}");
    // `n` closes the box: no "Abandon this game…" question, no new game.
    let effects = press(&mut app, KeyCode::Char('n'));
    assert_eq!(effects, vec![Effect::Redraw]);
    assert_eq!(app.overlay(), Overlay::None);
    assert!(app.message().is_none());
    assert_eq!(app.game().len(), 2);
    // The next `n` is a key like any other.
    let _ = press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.overlay(), Overlay::Question(Question::NewGame));
}

#[test]
fn the_save_box_breaks_a_path_after_a_separator_not_mid_word() {
    let mut app = sized(App::new(GameConfig::default()), 80, 24);
    let _ = typing(&mut app, "b2");
    let path = "/home/ann/a-rather-long-folder-name/with/many/levels/hijara-20261130-041500.hij";
    app.notify(Notice::Info(format!("Saved to {path}")));
    let screen = rows(&render(&app, 80, 24));
    // Each piece of the path on the box's rows ends at a separator, or is the file name.
    let pieces: Vec<String> = screen
        .iter()
        .flat_map(|row| {
            row.split('│')
                .map(str::trim)
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
    let screen = rows(&render(&app, 80, 24)).join("\n");
    assert!(!screen.contains("Nothing to redo"), "{screen}");
}

// Snag 8: the quit question's status-line copy keeps the question.

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

#[test]
fn a_second_claim_is_refused_in_a_whole_sentence() {
    let text = ClaimError::AlreadyClaimed { move_number: 17 }.to_string();
    assert_eq!(
        text,
        "the stone of move 17 has already been claimed (one try per stone)"
    );
}

// Snag 3: the review marks the move it judges on the board, by shape.

fn replay_render(state: &ReplayState, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| {
            frame.render_widget(
                &ReplayView {
                    state,
                    theme: Theme::PLAIN,
                },
                frame.area(),
            )
        })
        .unwrap();
    terminal.backend().buffer().clone()
}

/// The replay viewer on `assets/games/complete.hij` at move `shown`, the panel open,
/// with the positions around that move analysed: the move played was the engine's
/// own choice when `engines` is true.
fn review_at(shown: usize, engines: bool) -> ReplayState {
    let record: Record = COMPLETE.parse().unwrap();
    let game = record.to_game().unwrap();
    let played = game.placements()[shown - 1].square();
    let other = Square::ALL.into_iter().find(|s| *s != played).unwrap();
    let mut state = ReplayState::new("game.hij", &record, game);
    let _ = state.handle(Input::Resize(80, 24));
    let _ = state.open_panel();
    let value = |margin, best| PositionValue {
        best: Some(best),
        value: Value {
            margin,
            exact: true,
            outcome: None,
            margin_error: 0,
        },
        played: None,
    };
    let (before, after) = if engines { (5, -5) } else { (5, 6) };
    let _ = state.analysis_result(
        shown - 1,
        value(before, if engines { played } else { other }),
    );
    let _ = state.analysis_result(shown, value(after, other));
    for _ in 0..shown {
        let _ = state.handle(Input::Key(KeyEvent::new(
            KeyCode::Right,
            KeyModifiers::NONE,
        )));
    }
    state
}

#[test]
fn the_review_at_80x24_marks_the_stone_of_the_move_it_judges() {
    let state = review_at(28, false);
    let placement = *state.current().unwrap();
    let buf = replay_render(&state, 80, 24);
    let screen = rows(&buf).join("\n");
    assert!(screen.contains("Move 28"), "{screen}");
    // The panel takes 7 rows at 80×24 (docs/saving.md): the board is laid out in the
    // 16 rows between the tags' row and the panel.
    let layout = ScreenLayout::new(Rect::new(0, 1, 80, 16)).unwrap();
    let geometry = BoardGeometry::fit(layout.board).unwrap();
    let rect = geometry.section_rect(placement.cell);
    let cells: String = (rect.x..rect.right())
        .map(|x| buf[(x, rect.y)].symbol().to_owned())
        .collect();
    assert!(
        cells == "[Y" || cells == "Y]" || cells.contains("[Y]"),
        "the stone of move 28 ({}) is not marked: {cells:?}\n{screen}",
        placement.cell.square
    );
    // Only that stone is marked.
    let marks = screen.matches("[Y").count()
        + screen.matches("Y]").count()
        + screen.matches("[B").count()
        + screen.matches("B]").count();
    assert_eq!(marks, 1, "{screen}");
}

#[test]
fn the_verdict_names_the_move_once_when_it_was_the_engines_choice() {
    let state = review_at(30, true);
    let placement = *state.current().unwrap();
    let screen = rows(&replay_render(&state, 80, 24)).join("\n");
    let square = placement.square();
    let said = format!("Move 30 Yellow {square}: best, ");
    assert!(screen.contains(&said), "{said:?} missing:\n{screen}");
    assert!(!screen.contains(&format!("· best {square}")), "{screen}");
    // A move that was not the engine's still names the engine's.
    let state = review_at(28, false);
    let screen = rows(&replay_render(&state, 80, 24)).join("\n");
    assert!(screen.contains("· best "), "{screen}");
}

// Snag 4: claim mode says who may claim and whose turn it is; the hot-seat help
// leaves out the key that lets an AI play.

/// A claim game where Blue's fourth a1 has just completed square a1 (20 points).
fn claim_pending(config: GameConfig) -> App {
    let mut game = Game::with_claims();
    for square in [
        Square::A1,
        Square::B2,
        Square::A1,
        Square::B2,
        Square::A1,
        Square::B2,
    ] {
        game.play(square).unwrap();
    }
    let mut app = sized(App::with_game(config, game), 80, 24);
    let _ = typing(&mut app, "a1");
    app
}

#[test]
fn claim_mode_says_both_who_may_claim_and_whose_turn_it_is() {
    let app = sized(claim_pending(GameConfig::default()), 120, 30);
    assert_eq!(app.game().len(), 7);
    let screen = rows(&render(&app, 120, 30));
    let status = &screen[28];
    assert!(
        status.contains("Blue may claim (+ points Enter) · Yellow to move"),
        "{status}"
    );
    let app = claim_pending(GameConfig::default());
    let screen = rows(&render(&app, 80, 24));
    let status = &screen[22];
    assert!(
        status.contains("Blue may claim · Yellow to move"),
        "{status}"
    );
    assert!(status.contains("claims  ? help"), "{status}");
    assert!(screen[23].contains("+ points Enter"), "{}", screen[23]);
    // Narrower, both are still said.
    for width in [44, 60] {
        let app = sized(claim_pending(GameConfig::default()), width, 20);
        let screen = rows(&render(&app, width, 20));
        let status = &screen[18];
        assert!(
            status.contains("Blue may claim") && status.contains("Yellow"),
            "{width}: {status}"
        );
    }
    // Once claimed, only the turn.
    let mut app = claim_pending(GameConfig::default());
    let _ = typing(&mut app, "+20");
    let _ = press(&mut app, KeyCode::Enter);
    let screen = rows(&render(&app, 80, 24));
    assert!(!screen[22].contains("may claim"), "{}", screen[22]);
    assert!(screen[22].contains("Yellow to move"), "{}", screen[22]);
}

#[test]
fn the_hot_seat_help_lists_no_key_for_an_ai() {
    let mut app = claim_pending(GameConfig::default());
    let _ = press(&mut app, KeyCode::Char('?'));
    let screen = rows(&render(&app, 80, 24)).join("\n");
    assert!(screen.contains("+ 25 Enter"), "{screen}");
    assert!(!screen.contains("let the AI play on"), "{screen}");

    let mut app = claim_pending(against(Seat::Medium));
    let _ = press(&mut app, KeyCode::Char('?'));
    let screen = rows(&render(&app, 80, 24)).join("\n");
    assert!(screen.contains("let the AI play on"), "{screen}");
}

// Snag 5: the corners variant shows on the board and keeps its word on the status line.

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
        let buf = render(&app, 80, 24);
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
    let screen = rows(&render(&app, 44, 16));
    assert!(screen[14].contains("corners"), "{}", screen[14]);
    // 60 wide: both labels and the help.
    let app = sized(corners_claims(), 60, 20);
    let screen = rows(&render(&app, 60, 20));
    assert!(screen[18].contains("corners · claims"), "{}", screen[18]);
    assert!(screen[18].contains("? help"), "{}", screen[18]);
    assert!(
        screen[18].contains("Blue to move") || screen[18].contains("▶ Blue"),
        "{}",
        screen[18]
    );
    // 80 wide: everything at its longest.
    let app = sized(corners_claims(), 80, 24);
    let screen = rows(&render(&app, 80, 24));
    assert!(screen[22].contains("Blue to move"), "{}", screen[22]);
    assert!(
        screen[22].contains("corners · claims  ? help"),
        "{}",
        screen[22]
    );
}

// Snag 8: at 60×20 the ladders' words are whole.

#[test]
fn at_60x20_the_ladders_words_are_whole() {
    let mut app = sized(App::new(GameConfig::default()), 60, 20);
    let _ = typing(&mut app, "b2c3a1");
    let screen = rows(&render(&app, 60, 20)).join("\n");
    assert!(!screen.contains(" st"), "{screen}");
    assert!(!screen.contains("▶ turn"), "{screen}");
    assert!(screen.contains("▶ to move"), "{screen}");
    assert!(screen.contains("30 left"), "{screen}");
}

// Snag 9: the README states the sizes the program needs.

#[test]
fn the_readme_states_the_minimum_sizes_the_program_has() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let game = format!("The game needs at least {MIN_WIDTH}×{MIN_HEIGHT}");
    let viewer = format!("The replay viewer needs at least {MIN_WIDTH}×{REPLAY_MIN_HEIGHT}");
    assert!(readme.contains(&game), "README lacks {game:?}");
    assert!(readme.contains(&viewer), "README lacks {viewer:?}");
    // Every minimum size given in the README and docs/ is one of the two.
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
                rows == MIN_HEIGHT || rows == REPLAY_MIN_HEIGHT,
                "{name}: {MIN_WIDTH}×{rows} is no minimum the program has"
            );
        }
    }
}
