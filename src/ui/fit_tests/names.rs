//! s31 (names31): at a server's table the words that meant a colour say the players'
//! names, on the full screen (80×24, 44×16) and in the line mode; a local game keeps
//! its words.

use ratatui::layout::Rect;

use crate::record::{Record, Termination};
use crate::rules::{Game, Player, Square};
use crate::session::GameConfig;
use crate::ui::line::commands::Reading;
use crate::ui::line::narrate::{Narrator, read};
use crate::ui::navigation::Screen;
use crate::ui::{App, Input, Look, News, Question, ReplayState, ReplayView};

use super::{before_the_last_stone, game_screen_at, key, row, rows_of};

const WIDE: [&str; 2] = ["alexandrapetrova", "bartholomewjones"];

/// alice (Blue) here, bob (Yellow) at another terminal, after a1 d4 b2 c3.
fn alice_at_a_table(names: [&str; 2]) -> App {
    let game = Game::from_moves([Square::A1, Square::D4, Square::B2, Square::C3]).unwrap();
    App::with_game(GameConfig::default(), game)
        .served([false, true])
        .named(names.map(str::to_owned))
}

/// Whether some row of the game screen drawn at `width`×`height` holds `text`.
fn on_screen(app: &App, (width, height): (u16, u16), text: &str) -> bool {
    rows_of(&game_screen_at(app, width, height))
        .iter()
        .any(|r| r.contains(text))
}

/// The asker's side of an undo said `Asked the other player to take back the last
/// move`, where the other side's question names the asker and the stones. Now it names
/// who is asked and what goes back, whole at 80 columns and shorter at 44 (with
/// 16-column names too), in the line mode as on the screen; unnamed, the old words.
/// Fails on the old code (the old words).
#[test]
fn asking_an_undo_at_a_table_names_who_is_asked_and_the_stones() {
    let mut app = alice_at_a_table(["alice", "bob"]);
    let mut narrator = Narrator::default();
    let _ = narrator.tell(&Screen::Game(app.clone()));
    key(&mut app, 'u');
    let whole = "Asked bob to take back your b2 (and their c3 after it): waiting for the answer";
    let message = app.message().cloned().unwrap();
    assert_eq!(message.text, whole);
    let said = narrator.tell(&Screen::Game(app.clone())).join(" ");
    assert!(said.contains(whole), "{said}");
    assert!(on_screen(&app, (80, 24), whole));
    assert_eq!(message.wording(44), "Asked bob to take back b2: waiting");
    assert!(on_screen(
        &app,
        (44, 16),
        "Asked bob to take back b2: waiting"
    ));

    let mut app = alice_at_a_table(WIDE);
    key(&mut app, 'u');
    let message = app.message().cloned().unwrap();
    for (width, height) in [(80, 24), (44, 16)] {
        let shown = message.wording(width);
        assert!(message.fits(width), "{width}: {shown}");
        assert!(
            shown.contains("bartholomewjones") && shown.contains("b2"),
            "{shown}"
        );
        assert!(on_screen(&app, (width, height), shown), "{width}: {shown}");
    }
    // No names (a seat empty, or none given): the old words.
    let mut app = alice_at_a_table(["alice", crate::strings::serve::EMPTY_SEAT]);
    key(&mut app, 'u');
    assert_eq!(
        app.message().map(|m| m.text.as_str()),
        Some(crate::strings::table::UNDO_SENT)
    );
}

/// The resign question at a table said `Resign for Blue? Yellow wins the game.`: it
/// names the winner there (`Resign? bob wins the game.`), in its box, on the status
/// line and in the line mode; a local game keeps its words. Fails on the old code.
#[test]
fn the_resign_question_at_a_table_names_who_wins() {
    let mut app = alice_at_a_table(["alice", "bob"]);
    let mut narrator = Narrator::default();
    let _ = narrator.tell(&Screen::Game(app.clone()));
    key(&mut app, 'R');
    let question = Question::Resign(Player::Blue);
    assert_eq!(
        app.question_text(question),
        "Resign? bob wins the game. y: resign, any other key: keep playing"
    );
    assert_eq!(
        narrator.tell(&Screen::Game(app.clone())),
        ["Resign? bob wins the game. yes: resign, no: keep playing"]
    );
    assert!(on_screen(
        &app,
        (80, 24),
        &app.question_status(question, 80)
    ));
    let mut wide = alice_at_a_table(WIDE);
    key(&mut wide, 'R');
    assert!(
        wide.question_text(question)
            .starts_with("Resign? bartholomewjones wins")
    );
    for (width, height) in [(80, 24), (44, 16)] {
        let status = wide.question_status(question, width);
        assert!(crate::text::fits(&status, usize::from(width)), "{status}");
        assert!(on_screen(&wide, (width, height), &status), "{status}");
    }
    // Hot-seat: by colour, as before.
    let mut local = App::with_game(
        GameConfig::default(),
        Game::from_moves([Square::A1, Square::D4]).unwrap(),
    );
    key(&mut local, 'R');
    assert!(
        local
            .question_text(question)
            .starts_with("Resign for Blue? Yellow wins the game."),
        "{}",
        local.question_text(question)
    );
}

/// The line mode at a table's claim game said `Board full: Blue leads; alice
/// (Yellow) may still claim` when alice's stone filled the board: the result so far by
/// name (`bob leads`). Fails on the old code (`Blue leads`).
#[test]
fn a_claim_still_open_at_a_table_s_game_over_is_said_by_names() {
    let before = before_the_last_stone(true);
    let mut game = before.game().clone();
    game.play(Square::B1).unwrap();
    let app = App::with_game(*before.config(), game)
        .served([true, false])
        .named(["bob".to_owned(), "alice".to_owned()]);
    assert_eq!(app.final_claim_open(), Some(Player::Yellow));
    let score = read(&Screen::Game(app), Reading::Score, "").join(" ");
    assert!(
        // s32: with the command that claims, as no autosave's note says it here; to
        // alice, on her screen, `you` (s35: `alice (Yellow) may still claim`).
        score.ends_with("Board full: bob leads; you may still claim (claim N)."),
        "{score}"
    );
}

/// A record as the server writes one (names, types, keys) of four moves, after which
/// Blue resigns (`blue_resigns`) or Yellow does.
fn server_record(names: [&str; 2], blue_resigns: bool) -> (Record, Game) {
    let game = Game::from_moves([Square::A1, Square::D4, Square::B2, Square::C3]).unwrap();
    let mut tags = Vec::new();
    for (player, name) in Player::BOTH.into_iter().zip(names) {
        let colour = player.to_string();
        tags.push((colour.clone(), name.to_owned()));
        tags.push((format!("{colour}Type"), "human".to_owned()));
        tags.push((format!("{colour}Key"), format!("SHA256:{name}")));
    }
    let mut record = Record::from_game(&game, tags).unwrap();
    let winner = if blue_resigns {
        Player::Yellow
    } else {
        Player::Blue
    };
    record.set_early_ending(Termination::Resignation, winner);
    // Read back as a file is: the viewer sees what the server wrote.
    let record: Record = record.to_string().parse().unwrap();
    (record, game)
}

/// The replay viewer at the last move of `record`, drawn at `width`×`height`.
fn replay_at_end(record: &Record, game: Game) -> ReplayState {
    let mut state = ReplayState::new("game.hij", record, game);
    let _ = state.handle(Input::Key(ratatui::crossterm::event::KeyEvent::new(
        ratatui::crossterm::event::KeyCode::End,
        ratatui::crossterm::event::KeyModifiers::NONE,
    )));
    state
}

fn replay_rows(state: &ReplayState, width: u16, height: u16) -> Vec<String> {
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| {
            frame.render_widget(
                &ReplayView {
                    state,
                    look: Look::PLAIN,
                },
                Rect::new(0, 0, width, height),
            )
        })
        .unwrap();
    rows_of(terminal.backend().buffer())
}

/// The replay of a server game said its ending by colour (`Game over: Yellow wins:
/// Blue resigned`): it says the names its record gives, made safe and cut (a
/// record's tags are a stranger's text), on the screen at 80×24 and 44×16 and in the
/// line mode; a record of a local game keeps the colours. Fails on the old code.
#[test]
fn a_server_game_s_replay_ends_by_the_record_s_names() {
    let (record, game) = server_record(["alice", "bob"], true);
    let state = replay_at_end(&record, game);
    let screen = Screen::Replay(state.clone(), GameConfig::default());
    let score = read(&screen, Reading::Score, "").join(" ");
    assert!(
        score.ends_with("Game over: bob wins, alice resigned."),
        "{score}"
    );
    for (width, height) in [(80, 24), (44, 16)] {
        let rows = replay_rows(&state, width, height);
        assert!(
            // `Game over: ... wins, ... resigned` where it fits (s36: two colons), the
            // ending alone where it does not.
            rows.iter().any(|r| r.contains("bob wins, alice resigned")
                || r.contains("bob wins: alice resigned")),
            "{width}×{height}:\n{}",
            rows.join("\n")
        );
    }
    // A stranger's name: its control character made visible, cut to 16 columns; at
    // 44 columns, where two such names leave no room for how it ended, the winner.
    let (record, game) = server_record(["al\u{202e}ice-with-a-very-long-name", "bob"], false);
    let state = replay_at_end(&record, game);
    let screen = Screen::Replay(state, GameConfig::default());
    let score = read(&screen, Reading::Score, "").join(" ");
    assert!(!score.contains('\u{202e}'), "{score}");
    let name = score
        .split_once("Game over: ")
        .and_then(|(_, end)| end.split_once(" wins, bob resigned."))
        .map(|(name, _)| name)
        .unwrap_or_default();
    assert!(name.starts_with("al") && name.ends_with('…'), "{score}");
    assert_eq!(crate::text::width(name), 16, "{score}");
    let (record, game) = server_record(WIDE, true);
    let state = replay_at_end(&record, game);
    let rows = replay_rows(&state, 44, 16);
    assert!(
        rows.iter()
            .any(|r| r.contains("bartholomewjones wins") && !r.contains('…')),
        "{}",
        rows.join("\n")
    );
    // A local game's record, with its names: by them too (s32: it said colours; a
    // record with no names does, `words::a_local_record_with_names_ends_its_replay_by_them`).
    let mut local = record.clone();
    for player in Player::BOTH {
        local.remove_tag(crate::session::key_tag(player));
    }
    let game = local.to_game().unwrap();
    let state = replay_at_end(&local, game);
    let score = read(
        &Screen::Replay(state, GameConfig::default()),
        Reading::Score,
        "",
    )
    .join(" ");
    assert!(
        score.ends_with("Game over: bartholomewjones wins, alexandrapetrova resigned."),
        "{score}"
    );
}

/// The other player's undo asked said `Take it back? ...` on a 44-column status
/// line, naming no one (line30): it names who and which stone there, the name cut
/// where it is too wide, and a click on its answers picks them. Fails on the old code.
/// s32: in the box's words, `take back` (it said `undo`); fails on s31's code.
/// s40: `any other key` at every width, as every question says it (it said `other:
/// refuse`): at 44 the asker and the answers, the box naming the stones.
#[test]
fn the_undo_asked_names_who_and_which_stone_at_44_columns() {
    let question = Question::UndoAsked;
    for (names, expected) in [
        (
            ["bob", "carol"],
            "bob asks: y: agree, any other key: refuse",
        ),
        (WIDE, "alexa… asks: y: agree, any other key: refuse"),
    ] {
        let game = Game::from_moves([Square::A1, Square::D4, Square::B2, Square::C3]).unwrap();
        let mut app = App::with_game(GameConfig::default(), game)
            .served([true, false])
            .named(names.map(str::to_owned));
        let _ = app.table_news(News::UndoAsked);
        let _ = app.handle(Input::Resize(44, 16));
        assert_eq!(app.question_status(question, 44), expected);
        if names == WIDE {
            // Between 44 and the whole brief, the whole name (64 columns).
            assert_eq!(
                app.question_status(question, 64),
                "alexandrapetrova: take back b2? y: agree, any other key: refuse"
            );
        }
        let buf = game_screen_at(&app, 44, 16);
        let y = (0..16).find(|&y| row(&buf, y).contains(expected)).unwrap();
        let line = row(&buf, y);
        let drawn = Rect::new(0, 0, 44, 16);
        for (answer, index) in [("y: agree", 0), ("any other key: refuse", 1)] {
            let at = crate::text::width(&line[..line.find(answer).unwrap()]);
            let at = u16::try_from(at).unwrap();
            for x in at..at + u16::try_from(answer.len()).unwrap() {
                assert_eq!(
                    crate::ui::screen::answer_at(&app, drawn, x, y),
                    Some(index),
                    "{answer} at {x}"
                );
            }
        }
    }
}
