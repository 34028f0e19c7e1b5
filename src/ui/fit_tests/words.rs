//! s32 (words32), s33 (words33): the words a player reads, at a table and at home: a claim still
//! open at a table's full board said on the full screen too, by names and with its
//! key; a local record's names at its replay's end; a lesson's keys whole on their
//! rows. (The end notes' words are `server::table`'s tests; the undo brief's and the
//! resume question's are in `names` and `fit_tests`.)

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::learn::{LearnProgress, lessons};
use crate::record::{Record, Termination};
use crate::rules::{Game, Player, Square};
use crate::session::GameConfig;
use crate::ui::line::commands::Reading;
use crate::ui::line::narrate::read;
use crate::ui::navigation::Screen;
use crate::ui::{App, Input, LessonPhase, LessonState, LessonView, Look, ReplayState};

use super::{before_the_last_stone, game_screen_at, rows_of};

/// alice (Yellow) here, bob (Blue) at another terminal, in a claim game whose board
/// alice's stone just filled, its claim open, bob leading (`names`: Blue's, Yellow's).
fn claim_open_at_a_table(names: [&str; 2]) -> App {
    claim_open_seen_from(names, [true, false])
}

/// [`claim_open_at_a_table`] on the screen whose remote seats are `remote`: bob's
/// (`[false, true]`), a watcher's (`[true, true]`).
fn claim_open_seen_from(names: [&str; 2], remote: [bool; 2]) -> App {
    let before = before_the_last_stone(true);
    let mut game = before.game().clone();
    game.play(Square::B1).unwrap();
    App::with_game(*before.config(), game)
        .served(remote)
        .named(names.map(str::to_owned))
}

/// At a table, the full screen said `bob wins. n: rematch, q: lobby` when alice's
/// stone filled the board with its claim open (only the line mode said she may still
/// claim, by no command): it says who may claim, by name, and the result so far where
/// it fits (`bob leads`), the ladders `leads`, and the row under it the key to claim
/// first, at 80×24 and 44×16 (16-column names too); the line mode names the command.
/// Fails on the old code.
#[test]
fn a_claim_open_at_a_table_s_full_board_is_said_on_the_screen_by_names() {
    let app = claim_open_at_a_table(["bob", "alice"]);
    assert_eq!(app.final_claim_open(), Some(Player::Yellow));
    let rows = rows_of(&game_screen_at(&app, 80, 24));
    let all = rows.join("\n");
    // To alice on her own screen, `You` (s35: `alice may claim`).
    assert!(rows[22].contains("You may claim · bob leads"), "{all}");
    assert!(
        rows[23].starts_with("+25 Enter: claim · n: rematch"),
        "{all}"
    );
    for (names, claimer) in [
        (["bob", "alice"], "You"),
        (["bartholomewjones", "alexandrapetrova"], "You"),
    ] {
        let app = claim_open_at_a_table(names);
        for (width, height) in [(80, 24), (44, 16)] {
            let rows = rows_of(&game_screen_at(&app, width, height));
            let all = rows.join("\n");
            let [.., turn, keys] = &rows[..] else {
                panic!("{all}");
            };
            assert!(
                turn.contains(&format!("{claimer} may claim")),
                "{width}x{height}:\n{all}"
            );
            assert!(
                keys.starts_with("+25 Enter: claim"),
                "{width}x{height}:\n{all}"
            );
            // The ladders say `leads`, no line says a colour may claim or who wins.
            assert!(all.contains("leads"), "{all}");
            assert!(
                !all.contains("Yellow may") && !all.contains("wins"),
                "{all}"
            );
        }
    }
    let score = read(&Screen::Game(app), Reading::Score, "").join(" ");
    assert!(
        score.ends_with("Board full: bob leads; you may still claim (claim N)."),
        "{score}"
    );
}

/// s33 (words32 left it): the other player's screen, and a watcher's, at that full
/// board said `bob wins. n: rematch, q: lobby` (bob leading, alice's claim to come):
/// they say who may claim, by name, what it would add and the result so far (`alice
/// may claim +20 · bob leads` where it fits), the ladders `leads`, and no key to claim,
/// at 80×24 and 44×16 (16-column names too); the line mode the same, with no command.
/// Fails on the old code (`bob wins`).
#[test]
fn a_claim_open_at_a_table_s_full_board_is_said_on_the_other_screens_too() {
    for remote in [[false, true], [true, true]] {
        for (names, claimer) in [
            (["bob", "alice"], "alice"),
            (["bartholomewjones", "alexandrapetrova"], "alexandrapetrova"),
        ] {
            let app = claim_open_seen_from(names, remote);
            assert_eq!(app.final_claim_open(), None);
            assert_eq!(app.final_claim_pending(), Some(Player::Yellow));
            for (width, height) in [(80, 24), (44, 16)] {
                let rows = rows_of(&game_screen_at(&app, width, height));
                let all = rows.join("\n");
                let [.., turn, keys] = &rows[..] else {
                    panic!("{all}");
                };
                assert!(
                    turn.contains(&format!("{claimer} may claim")),
                    "{width}x{height}:\n{all}"
                );
                assert!(!keys.contains("claim"), "{width}x{height}:\n{all}");
                assert!(all.contains("leads"), "{all}");
                assert!(
                    !all.contains("wins") && !all.contains("Yellow may"),
                    "{all}"
                );
            }
            // Where the line has room (the rules' label and the help go first).
            let points = app
                .game()
                .last()
                .map(|last| last.points)
                .unwrap_or_default();
            let rows = rows_of(&game_screen_at(&app, 120, 40));
            assert!(
                rows[38].contains(&format!("{claimer} may claim +{points} · ")),
                "{}",
                rows.join("\n")
            );
        }
    }
    let app = claim_open_seen_from(["bob", "alice"], [false, true]);
    let score = read(&Screen::Game(app), Reading::Score, "").join(" ");
    assert!(
        // bob's own screen: `You lead` (s35: `bob leads`).
        score.ends_with("Board full: you lead; alice (Yellow) may still claim."),
        "{score}"
    );
}

/// qa44 (s39 words40): at a table's full board, the other player's stone that filled
/// it and scored nothing still had its claim waited on: bob's screen (and a
/// watcher's) said `alice may claim +0 · ...` where it fitted, the ladders `level`,
/// though no claim could change the draw. Now that screen says the result and its
/// keys, no claim, at 80×24, 44×16 and 120×40, and the line mode no `may still claim`;
/// so does alice's own (s40), the table having ended the game with her stone.
#[test]
fn the_other_player_s_pointless_last_stone_is_no_claim_of_plus_zero() {
    // Yellow's a1, the 64th stone, scores nothing; claims on, none made: a draw.
    const MOVES: &str = "c2 a2 d1 d4 a1 d4 a3 a4 c4 c2 b3 a3 a3 d3 d1 c3 a1 b1 b1 d2 a2 c1 \
        c3 c4 d3 d3 c4 b1 a4 b3 b4 b1 c4 a3 a1 b3 b4 b2 d4 b2 b2 d1 d2 d2 a4 d4 a4 c1 a2 c3 \
        c1 b4 c3 c1 b4 d3 c2 c2 b3 a2 d2 b2 d1 a1";
    let mut game = Game::with_rules(crate::rules::Ruleset::Standard, true);
    for mv in MOVES.split_whitespace() {
        game.play(mv.parse::<Square>().unwrap()).unwrap();
    }
    assert!(game.is_over());
    assert_eq!(
        game.last().map(|p| (p.player, p.points)),
        Some((Player::Yellow, 0))
    );
    let config = GameConfig {
        claims: true,
        ..GameConfig::default()
    };
    let seen_from = |remote: [bool; 2]| {
        App::with_game(config, game.clone())
            .served(remote)
            .named(["bob", "alice"].map(str::to_owned))
    };
    // bob's screen, then a watcher's.
    for remote in [[false, true], [true, true]] {
        let app = seen_from(remote);
        assert_eq!(app.final_claim_pending(), None, "{remote:?}");
        for (width, height) in [(80, 24), (44, 16), (120, 40)] {
            let all = rows_of(&game_screen_at(&app, width, height)).join("\n");
            assert!(
                !all.contains("+0") && !all.contains("may claim") && !all.contains("to claim"),
                "{remote:?} {width}x{height}:\n{all}"
            );
        }
        let score = read(&Screen::Game(app), Reading::Score, "").join(" ");
        assert!(!score.contains("may still claim"), "{remote:?}: {score}");
    }
    // alice's own screen (s40): the table ended the game with that stone (claim46's
    // mend) and takes no claim of it, so her screen says the end, not `You may claim`
    // (it did), and `+` is refused. Failed before: `You may claim` at every size.
    let app = seen_from([true, false]);
    assert_eq!(app.final_claim_open(), None);
    for (width, height) in [(80, 24), (44, 16), (120, 40)] {
        let all = rows_of(&game_screen_at(&app, width, height)).join("\n");
        assert!(
            !all.contains("+0") && !all.contains("may claim") && !all.contains("to claim"),
            "{width}x{height}:\n{all}"
        );
        // The result: `Draw` on the status line, or the ladders' `draw` at 44.
        assert!(
            all.to_lowercase().contains("draw"),
            "{width}x{height}:\n{all}"
        );
    }
    assert!(app.claim_refusal().is_some());
    let score = read(&Screen::Game(app), Reading::Score, "").join(" ");
    assert!(!score.contains("may still claim"), "{score}");
}

/// A record of four moves with these tags, Blue resigning, read back as a file is.
fn record_with(tags: &[(&str, &str)]) -> (Record, Game) {
    let game = Game::from_moves([Square::A1, Square::D4, Square::B2, Square::C3]).unwrap();
    let tags: Vec<(String, String)> = tags
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    let mut record = Record::from_game(&game, tags).unwrap();
    record.set_early_ending(Termination::Resignation, Player::Yellow);
    let record: Record = record.to_string().parse().unwrap();
    (record, game)
}

/// How the replay of `record` at its last move ends, in the line mode and on the
/// screen at 80×24 and 44×16.
fn replay_end(record: &Record, game: Game) -> (String, Vec<Vec<String>>) {
    let mut state = ReplayState::new("game.hij", record, game);
    let _ = state.handle(Input::Key(KeyEvent::new(KeyCode::End, KeyModifiers::NONE)));
    let score = read(
        &Screen::Replay(state.clone(), GameConfig::default()),
        Reading::Score,
        "",
    )
    .join(" ");
    let screens = [(80, 24), (44, 16)]
        .into_iter()
        .map(|(width, height)| {
            let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
            terminal
                .draw(|frame| {
                    frame.render_widget(
                        &crate::ui::ReplayView {
                            state: &state,
                            look: Look::PLAIN,
                        },
                        frame.area(),
                    )
                })
                .unwrap();
            rows_of(terminal.backend().buffer())
        })
        .collect();
    (score, screens)
}

/// A local game's record with its players' names (no key tags, which only a
/// server's has) ended its replay by colours: it ends by the names, made safe and cut
/// to 16 columns, as a server's record does; a person against the AI by the AI's
/// level; a record with no names, or two alike, keeps the colours. Fails on the old
/// code (`Game over: Yellow wins: Blue resigned.`).
#[test]
fn a_local_record_with_names_ends_its_replay_by_them() {
    let human = |name| {
        vec![
            ("Blue", name),
            ("Yellow", "Bob"),
            ("BlueType", "human"),
            ("YellowType", "human"),
        ]
    };
    let (record, game) = record_with(&human("Ann"));
    let (score, screens) = replay_end(&record, game);
    assert!(
        score.ends_with("Game over: Bob wins, Ann resigned."),
        "{score}"
    );
    for rows in screens {
        assert!(
            // `Game over: ... wins, ... resigned` where it fits (s36: two colons), the
            // ending alone where it does not.
            rows.iter()
                .any(|r| r.contains("Bob wins, Ann resigned")
                    || r.contains("Bob wins: Ann resigned")),
            "{}",
            rows.join("\n")
        );
    }
    // A stranger's text in a name: made visible and cut to 16 columns.
    let (record, game) = record_with(&human("An\u{1b}[2Jn-with-a-very-long-name"));
    let (score, _) = replay_end(&record, game);
    assert!(!score.contains('\u{1b}'), "{score}");
    let name = score
        .split_once(": Bob wins, ")
        .and_then(|(_, end)| end.strip_suffix(" resigned."))
        .unwrap_or_default();
    assert!(name.ends_with('…'), "{score}");
    assert_eq!(crate::text::width(name), 16, "{score}");
    // A person against the AI.
    let (record, game) = record_with(&[
        ("Blue", "Ann"),
        ("Yellow", "hard"),
        ("BlueType", "human"),
        ("YellowType", "program"),
    ]);
    let (score, _) = replay_end(&record, game);
    assert!(
        score.ends_with("Game over: hard AI wins, Ann resigned."),
        "{score}"
    );
    // No names, or two alike: colours.
    for tags in [
        vec![
            ("Blue", "human"),
            ("Yellow", "hard"),
            ("BlueType", "human"),
            ("YellowType", "program"),
        ],
        human("Bob"),
    ] {
        let (record, game) = record_with(&tags);
        let (score, _) = replay_end(&record, game);
        assert!(
            score.ends_with("Game over: Yellow wins, Blue resigned."),
            "{tags:?}: {score}"
        );
    }
}

/// The rows of keys beside a lesson's text broke at any space (`Enter: claim ·
/// Backspace:` / `rub out · Esc: cancel`, polish34): each `key: action` is whole on
/// one row of the text, at 80×24 and at 120×40. Fails on the old code.
#[test]
fn a_lesson_s_key_rows_keep_each_key_with_its_words() {
    let press = |s: &mut LessonState, code| {
        let _ = s.handle(Input::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    };
    for (width, height) in [(80, 24), (120, 40)] {
        let mut s = LessonState::resume(lessons().unwrap(), LearnProgress::default(), None);
        let _ = s.handle(Input::Resize(width, height));
        let n = s
            .lessons()
            .iter()
            .position(|l| l.id == "08-claims")
            .unwrap();
        press(&mut s, KeyCode::Char('m'));
        press(&mut s, KeyCode::Home);
        for _ in 0..n {
            press(&mut s, KeyCode::Down);
        }
        press(&mut s, KeyCode::Enter);
        for c in ['a', '1'] {
            press(&mut s, KeyCode::Char(c));
        }
        let waiting = ["+: claim", "u: again", "n: next", "m: menu", "q: quit"];
        press(&mut s, KeyCode::Char('+'));
        assert!(matches!(s.phase(), LessonPhase::Claiming(_, Some(_))));
        let typing = ["Enter: claim", "Backspace: rub out", "Esc: cancel"];
        for (keys, phase) in [(&typing[..], "typing"), (&waiting[..], "waiting")] {
            let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
            terminal
                .draw(|frame| {
                    frame.render_widget(
                        &LessonView {
                            state: &s,
                            look: Look::PLAIN,
                        },
                        frame.area(),
                    )
                })
                .unwrap();
            let rows = rows_of(terminal.backend().buffer());
            for key in keys {
                assert!(
                    rows.iter().any(|r| r.contains(key)),
                    "{width}x{height} {phase}: {key:?} not whole on a row:\n{}",
                    rows.join("\n")
                );
            }
            // Esc: the claim waits again, its keys `+`, then the lesson's.
            press(&mut s, KeyCode::Esc);
        }
    }
}
