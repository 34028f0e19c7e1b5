//! s35 (words35): a player's own screen at a table spoke of them by their own name
//! (`alice to move`, `alice played a1 (section 1)`, `alice wins`) or by colour (`Blue
//! played a4 (section 1). Claim its points`, `Claim for Blue's a4`, `Blue claims 10`):
//! it speaks to them (`Your move`, `You played a4`, `You win`), the other player by
//! name; a watcher reads both names. At 80×24 and 44×16 with short and 16-column
//! names, the line mode too; the server's AI by the name its table gives it.

use crate::ai::Seat;
use crate::record::Termination;
use crate::rules::{Game, Player, Ruleset, Square};
use crate::session::GameConfig;
use crate::ui::ai_worker::{AiJob, AiReply};
use crate::ui::line::narrate::Narrator;
use crate::ui::navigation::Screen;
use crate::ui::{App, Input, MessageKind, News};

use super::{click_asking_the_ai, enter, game_screen_at, key, rows_of};

const SHORT: [&str; 2] = ["alice", "bob"];
const LONG: [&str; 2] = ["alexandrapetrova", "bartholomewjones"];
const SIZES: [(u16, u16); 2] = [(80, 24), (44, 16)];
/// Blue's own screen: Yellow plays at another terminal.
const BLUE: [bool; 2] = [false, true];
/// A watcher's screen.
const WATCHER: [bool; 2] = [true, true];

/// Six stones (a1 b1 a2 b2 a3 b3), Blue to move: a4 makes column a's 1s (10) for
/// Blue, b4 column b's for Yellow, c1 nothing.
fn six_stones(claims: bool) -> Game {
    let mut game = Game::with_rules(Ruleset::Standard, claims);
    for square in ["a1", "b1", "a2", "b2", "a3", "b3"] {
        game.play(square.parse().unwrap()).unwrap();
    }
    game
}

/// [`six_stones`] seen from a screen whose remote seats are `remote`.
fn at_a_table(claims: bool, remote: [bool; 2], names: [&str; 2]) -> App {
    let config = GameConfig {
        claims,
        ..GameConfig::default()
    };
    App::with_game(config, six_stones(claims))
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

fn text(app: &App) -> String {
    app.message().map(|m| m.text.clone()).unwrap_or_default()
}

/// Blue's own turn and stone on Blue's screen: `Your move`, `You +10: ...`, `You
/// played c1 (section 1)` (were `alice to move`, `alice +10`), the line mode's `You
/// played a4, section 1` (was `alice (Blue) a4`); the other's turn by name, and a
/// watcher's screen by both names as before. Fails on the old code.
#[test]
fn a_player_s_own_turn_and_stone_are_said_to_them() {
    for names in [SHORT, LONG] {
        let [me, other] = names;
        let mut app = at_a_table(false, BLUE, names);
        for (width, height) in SIZES {
            let ([turn, _], shown) = status_at(&app, width, height);
            assert!(turn.contains("Your move"), "{width}x{height}:\n{shown}");
            assert!(!turn.contains(me), "{width}x{height}:\n{shown}");
        }
        // The colour beside it where it fits.
        let ([turn, _], shown) = status_at(&app, 80, 24);
        assert!(turn.contains("Your move (Blue)"), "{shown}");
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Game(app.clone()));
        let _ = app.handle(Input::Click(Some(Square::A4)));
        assert!(text(&app).starts_with("You +10: "), "{}", text(&app));
        let kind = app.message().map(|m| m.kind);
        assert_eq!(kind, Some(MessageKind::Score(Player::Blue)), "colour kept");
        for (width, height) in SIZES {
            let ([turn, said], shown) = status_at(&app, width, height);
            assert!(said.starts_with("You +10"), "{width}x{height}:\n{shown}");
            assert!(!turn.contains("Your move"), "{width}x{height}:\n{shown}");
            assert!(!shown.contains(&format!("{me} +10")), "{shown}");
        }
        let ([turn, _], shown) = status_at(&app, 80, 24);
        assert!(turn.contains(&format!("{other} to move")), "{shown}");
        let heard = narrator.tell(&Screen::Game(app.clone())).join(" ");
        assert!(heard.contains("You played a4, section 1: +10"), "{heard}");
        assert!(!heard.contains(&format!("{me} (Blue) a4")), "{heard}");
        // A stone that scored nothing.
        let mut app = at_a_table(false, BLUE, names);
        let _ = app.handle(Input::Click(Some(Square::C1)));
        assert_eq!(text(&app), "You played c1 (section 1)");
        // A watcher: both by name, as before.
        let mut app = at_a_table(false, WATCHER, names);
        let ([turn, _], shown) = status_at(&app, 80, 24);
        assert!(turn.contains(&format!("{me} to move")), "{shown}");
        let _ = app.remote_move(Square::A4);
        assert!(text(&app).starts_with(&format!("{me} +10: ")));
        assert!(!status_at(&app, 80, 24).1.contains("You"));
    }
}

/// Blue's own stone in a claim game and its claim on Blue's screen: `You played a4
/// (section 1). Claim its points` (was `Blue played a4 ...`; whole at 44 columns),
/// `You may claim`, `Claim for your a4` (was `Blue's a4`), `You claim 10 for a4`
/// (was `Blue claims 10`), a wrong claim's `your a4`, `Your a4 went unclaimed`; the
/// line mode's `you may still claim`. Fails on the old code.
#[test]
fn a_player_s_own_claim_is_said_to_them() {
    for names in [SHORT, LONG] {
        let [me, other] = names;
        let mut app = at_a_table(true, BLUE, names);
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Game(app.clone()));
        let _ = app.handle(Input::Click(Some(Square::A4)));
        assert_eq!(
            text(&app),
            "You played a4 (section 1). Claim its points: + points Enter"
        );
        for (width, height) in SIZES {
            let ([turn, said], shown) = status_at(&app, width, height);
            assert!(
                said.starts_with("You played a4"),
                "{width}x{height}:\n{shown}"
            );
            assert!(
                said.contains("+ points Enter"),
                "{width}x{height}:\n{shown}"
            );
            assert!(turn.contains("You may claim"), "{width}x{height}:\n{shown}");
            assert!(!shown.contains("Blue played"), "{shown}");
            assert!(!shown.contains(me), "{width}x{height}:\n{shown}");
        }
        let ([turn, _], shown) = status_at(&app, 80, 24);
        assert!(turn.contains(&format!("{other} to move")), "{shown}");
        let heard = narrator.tell(&Screen::Game(app.clone())).join(" ");
        assert!(heard.contains("You played a4, section 1."), "{heard}");
        assert!(heard.contains("you may still claim"), "{heard}");
        // The claim typed, then awarded.
        for c in ['+', '1', '0'] {
            key(&mut app, c);
        }
        for (width, height) in SIZES {
            let (_, shown) = status_at(&app, width, height);
            assert!(shown.contains("+10_"), "{width}x{height}:\n{shown}");
            assert!(!shown.contains("Blue's"), "{width}x{height}:\n{shown}");
        }
        let ([_, said], shown) = status_at(&app, 80, 24);
        assert!(said.starts_with("Claim for your a4: +10_"), "{shown}");
        let _ = enter(&mut app);
        assert!(
            text(&app).starts_with("You claim 10 for a4: "),
            "{}",
            text(&app)
        );
        for (width, height) in SIZES {
            let ([_, said], shown) = status_at(&app, width, height);
            assert!(said.starts_with("You "), "{width}x{height}:\n{shown}");
            assert!(!shown.contains("Blue claims"), "{shown}");
        }
        // A wrong claim.
        let mut app = at_a_table(true, BLUE, names);
        let _ = app.handle(Input::Click(Some(Square::A4)));
        for c in ['+', '2', '5'] {
            key(&mut app, c);
        }
        let _ = enter(&mut app);
        assert!(
            text(&app).starts_with("Wrong claim of 25: your a4 made 10"),
            "{}",
            text(&app)
        );
        // Left unclaimed when the other player moved.
        let mut app = at_a_table(true, BLUE, names);
        let _ = app.handle(Input::Click(Some(Square::A4)));
        let _ = narrator.tell(&Screen::Game(app.clone()));
        let _ = app.remote_move(Square::B4);
        assert!(
            text(&app).starts_with("Your a4 went unclaimed, 10 forfeited"),
            "{}",
            text(&app)
        );
        let heard = narrator.tell(&Screen::Game(app.clone())).join(" ");
        assert!(heard.contains("Your a4 went unclaimed"), "{heard}");
    }
}

/// How the game ended, on each player's own screen: `You win: bob resigned`, `bob
/// wins: you resigned`, `You win on time` (were `alice wins: ...`); a watcher's by
/// both names as before; the line mode's `Game over: You win`. Fails on the old code.
#[test]
fn a_player_reads_the_result_as_their_own() {
    for names in [SHORT, LONG] {
        let [me, other] = names;
        let mut app = at_a_table(false, BLUE, names);
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Game(app.clone()));
        app.table_news(News::Resigned(Player::Yellow));
        for (width, height) in SIZES {
            // At 44 columns the keys above, how it ended under them.
            let ([first, second], shown) = status_at(&app, width, height);
            assert!(
                first.contains("You win") || second.starts_with("You win"),
                "{width}x{height}:\n{shown}"
            );
            assert!(!shown.contains(&format!("{me} wins")), "{shown}");
            assert!(!first.contains('…'), "{width}x{height}:\n{shown}");
        }
        // A 16-column name: `You win: Yellow resigned` above it.
        let (_, shown) = status_at(&app, 80, 24);
        assert!(
            shown.contains(&format!("You win: {other} resigned")),
            "{shown}"
        );
        let heard = narrator.tell(&Screen::Game(app.clone())).join(" ");
        assert!(
            heard.contains(&format!("Game over: you win, {other} resigned")),
            "{heard}"
        );
        // The loser's own screen.
        let mut app = at_a_table(false, BLUE, names);
        app.table_news(News::Resigned(Player::Blue));
        // At 80 by colour beside the labels, by name on the row under (as the
        // winner's `You win: Yellow resigned` above `You win: {other} resigned`).
        let ([first, second], shown) = status_at(&app, 80, 24);
        let by_name = format!("{other} wins: you resigned");
        assert!(
            first.contains(&by_name)
                || (first.contains("Yellow wins: you resigned") && second.starts_with(&by_name)),
            "{shown}"
        );
        let ([first, second], shown) = status_at(&app, 44, 16);
        assert!(
            first.contains(&format!("{other} wins")) || second.starts_with(other),
            "{shown}"
        );
        // On time (Blue's flag, Blue to move): on Blue's screen and on Yellow's.
        for (remote, said) in [
            (BLUE, format!("{other} wins on time")),
            ([true, false], "You win on time".to_owned()),
        ] {
            let mut app = at_a_table(false, remote, names);
            assert!(app.end(Termination::TimeForfeit, Player::Blue).is_ok());
            let ([first, _], shown) = status_at(&app, 80, 24);
            assert!(first.contains(&said), "{shown}");
        }
        // A watcher: both names.
        let mut app = at_a_table(false, WATCHER, names);
        app.table_news(News::Resigned(Player::Yellow));
        let ([first, _], shown) = status_at(&app, 80, 24);
        assert!(
            first.contains(&format!("{me} wins: {other} resigned")),
            "{shown}"
        );
    }
}

/// At a table with the server's AI in a claim game, the human read the AI's claimed
/// stone by colour (`Yellow +10 (claimed): ...`) and `Yellow waits: Enter lets it
/// play` under the ladder's `hard AI`: by the name the table gives it. Fails on the
/// old code.
#[test]
fn the_server_s_ai_stone_and_its_wait_are_said_by_its_name() {
    let config = GameConfig {
        seats: [Seat::Human, Seat::Easy],
        claims: true,
        seed: 1,
        ..GameConfig::default()
    };
    let mut app = App::with_game(config, six_stones(true))
        .served([false; 2])
        .named(["alice".into(), "hard AI".into()])
        .at_ai_table();
    let tag = click_asking_the_ai(&mut app, Square::C1);
    assert_eq!(
        text(&app),
        "You played c1 (section 1). Claim its points: + points Enter"
    );
    assert!(app.awaits_claim());
    let ([turn, _], shown) = status_at(&app, 80, 24);
    assert!(turn.contains("Enter: hard AI plays"), "{shown}");
    for (width, height) in SIZES {
        let ([turn, _], shown) = status_at(&app, width, height);
        assert!(!turn.contains("Yellow plays"), "{width}x{height}:\n{shown}");
        assert!(!turn.contains("Yellow waits"), "{width}x{height}:\n{shown}");
    }
    let _ = app.on_ai_reply(AiReply {
        tag,
        job: AiJob::Move,
        mv: Some(Square::B4),
    });
    let _ = enter(&mut app);
    assert_eq!(app.game().len(), 8, "the AI's held move is played");
    assert!(
        text(&app).starts_with("hard AI +10 (claimed): "),
        "{}",
        text(&app)
    );
    for (width, height) in SIZES {
        let ([turn, said], shown) = status_at(&app, width, height);
        assert!(
            said.starts_with("hard AI +10"),
            "{width}x{height}:\n{shown}"
        );
        assert!(
            turn.contains("Your move") || turn.contains("▶ You"),
            "{width}x{height}:\n{shown}"
        );
    }
}

/// s36: `+` after the server's AI's stone (one that scored nothing: a scoring one
/// is claimed already) said `No claim: the last stone is Yellow's,
/// and the AI claims its own points` under the ladder's `hard AI`: by its name there,
/// the person as `you`, whole at 80×24 and 44×16. Fails on the old code.
#[test]
fn a_claim_after_the_server_s_ai_stone_names_it_and_you() {
    let config = GameConfig {
        seats: [Seat::Human, Seat::Easy],
        claims: true,
        seed: 1,
        ..GameConfig::default()
    };
    let mut app = App::with_game(config, six_stones(true))
        .served([false; 2])
        .named(["alice".into(), "hard AI".into()])
        .at_ai_table();
    let tag = click_asking_the_ai(&mut app, Square::C1);
    let _ = app.on_ai_reply(AiReply {
        tag,
        job: AiJob::Move,
        mv: Some(Square::D4),
    });
    let _ = enter(&mut app);
    assert_eq!(
        app.game().len(),
        8,
        "the AI's d4, scoring nothing, is played"
    );
    key(&mut app, '+');
    let said = "No claim: hard AI claims its own stones; you claim yours";
    assert_eq!(text(&app), said);
    for (width, height) in SIZES {
        let ([_, line], shown) = status_at(&app, width, height);
        assert!(!line.contains("Yellow"), "{width}x{height}:\n{shown}");
        // At 44 the box over the board shows it whole, the line under it cut.
        assert!(
            shown.contains("hard AI claims its own stones") && shown.contains("you claim yours"),
            "{width}x{height}:\n{shown}"
        );
    }
}

/// s40 (qa46 D): at 44×16 a table's key row was cut, `arrows/hjkl: move · Enter:
/// place · …`, so taking back, resigning and the message named nothing. Where the
/// whole row does not fit, the keys a player at a table uses most, whole: `Enter:
/// place · u: take back · m: message` (the help lists the rest); at 80×24 the whole
/// row as before. Fails on the old code (the row cut with `…`).
#[test]
fn a_table_s_key_row_at_44_columns_names_its_keys_whole() {
    let app = at_a_table(false, BLUE, SHORT);
    let ([_, keys], shown) = status_at(&app, 44, 16);
    assert!(!keys.contains('…'), "{shown}");
    for named in ["Enter: place", "u: take back", "m: message"] {
        assert!(keys.contains(named), "{named}\n{shown}");
    }
    assert!(shown.contains("? help"), "{shown}");
    let ([_, keys], shown) = status_at(&app, 80, 24);
    assert_eq!(
        keys, "arrows/hjkl: move · Enter: place · u: take back · R: resign · m: message",
        "{shown}"
    );
}
