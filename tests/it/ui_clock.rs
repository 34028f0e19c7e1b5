//! Clocks in a game on screen: the time is handed in (`App::set_now`), so these
//! tests step it by hand and never sleep.

use std::time::{Duration, Instant};

use crate::common::{asked, render, screen_text, typing};
use hijara::ai::Seat;
use hijara::record::{Record, Termination, TimeControl};
use hijara::rules::Player;
use hijara::session::{GameConfig, parse_record, record_of};
use hijara::ui::{App, Effect, Input, Look};
use ratatui::crossterm::event::KeyCode;

const S: Duration = Duration::from_secs(1);

fn clocked(seats: [Seat; 2], control: &str) -> GameConfig {
    GameConfig {
        seats,
        seed: 1,
        clock: Some(TimeControl::from_minutes(control).unwrap()),
        ..GameConfig::default()
    }
}

/// A game with clocks opened at `t0`.
fn opened(config: GameConfig, t0: Instant) -> (App, Vec<Effect>) {
    let mut app = App::new(config);
    app.set_now(t0);
    let effects = app.start();
    (app, effects)
}

#[test]
fn the_mover_s_clock_runs_and_a_move_adds_the_increment() {
    let t0 = Instant::now();
    let (mut app, _) = opened(clocked([Seat::Human; 2], "1+2"), t0);
    assert_eq!(app.clock_left(Player::Blue), Some(60 * S));
    app.set_now(t0 + 10 * S);
    assert_eq!(app.clock_left(Player::Blue), Some(50 * S));
    assert_eq!(app.clock_left(Player::Yellow), Some(60 * S));
    let effects = typing(&mut app, "b2");
    assert!(effects.contains(&Effect::RestartTimer), "{effects:?}");
    assert_eq!(app.clock_left(Player::Blue), Some(52 * S));
    app.set_now(t0 + 25 * S);
    assert_eq!(app.clock_left(Player::Yellow), Some(45 * S));
    let text = screen_text(&app);
    assert!(text.contains(" 0:52 ") && text.contains(" 0:45 "), "{text}");
    // The next wake is when Yellow's clock shows another second.
    app.set_now(t0 + 25 * S + S / 4);
    assert_eq!(app.clock_wake(), Some(S * 3 / 4 + Duration::from_millis(1)));
}

#[test]
fn the_flag_falls_on_a_tick_with_no_key_and_the_record_says_so() {
    let t0 = Instant::now();
    let (mut app, _) = opened(clocked([Seat::Human; 2], "0.5+0"), t0);
    app.set_now(t0 + 5 * S);
    let _ = typing(&mut app, "a1");
    app.set_now(t0 + 34 * S);
    let _ = app.handle(Input::Tick);
    assert!(app.ending().is_none(), "Yellow still has a second");
    app.set_now(t0 + 35 * S);
    // The loop is woken at once to let the flag fall.
    assert_eq!(app.clock_wake(), Some(Duration::from_millis(1)));
    let effects = app.handle(Input::Tick);
    let ending = app.ending().expect("the flag fell");
    assert_eq!(ending.termination(), Termination::TimeForfeit);
    assert_eq!(ending.winner(), Player::Blue);
    assert!(effects.contains(&Effect::Archive), "{effects:?}");
    assert_eq!(app.clock_wake(), None, "no clock runs after the end");
    assert_eq!(app.clock_left(Player::Yellow), Some(Duration::ZERO));
    let text = screen_text(&app);
    assert!(text.contains("Blue wins on time"), "{text}");
    assert!(text.contains(" 0:00 "), "{text}");
    // A key after the flag places nothing.
    let _ = typing(&mut app, "b2");
    assert_eq!(app.game().len(), 1);

    let record = record_of(app.config(), app.played(), "2026-11-30").to_string();
    assert!(record.contains("[TimeControl \"30+0\"]"), "{record}");
    assert!(
        record.contains("[Termination \"time forfeit\"]"),
        "{record}"
    );
    assert!(record.contains("1. a1 {[%clk 0:00:25]} 1-0"), "{record}");
    let loaded = parse_record(&record).unwrap();
    assert_eq!(loaded.course.ending(), Some(ending));
    assert!(loaded.played().is_over());
}

/// s38: a resignation (the one early ending a local game with a clock has besides the
/// flag) stops the clock where it stood: the resigner's thinking on the turn counts, on
/// the ended screen and in the record (`TurnUsed`), read back the same. Before, the
/// resigner's clock went back to its time at their last move.
#[test]
fn a_resignation_stops_the_mover_s_clock_where_it_stood_and_the_record_keeps_it() {
    let t0 = Instant::now();
    let (mut app, _) = opened(clocked([Seat::Human; 2], "1+2"), t0);
    app.set_now(t0 + 10 * S);
    let _ = typing(&mut app, "b2");
    app.set_now(t0 + 15 * S);
    let _ = typing(&mut app, "c3");
    // Blue: 52 after b2; thinks 7.5 s, then resigns (3 s of it with the question up).
    app.set_now(t0 + 19 * S + S / 2);
    let _ = typing(&mut app, "R");
    app.set_now(t0 + 22 * S + S / 2);
    let _ = typing(&mut app, "y");
    let ending = app.ending().expect("resigned");
    assert_eq!(ending.termination(), Termination::Resignation);
    let left = [Player::Blue, Player::Yellow].map(|p| app.clock_left(p));
    assert_eq!(left, [Some(52 * S - 7 * S - S / 2), Some(57 * S)]);
    // It stays stopped there, on the screen too.
    app.set_now(t0 + 90 * S);
    let _ = app.handle(Input::Tick);
    assert_eq!(app.clock_left(Player::Blue), Some(44 * S + S / 2));
    assert_eq!(app.clock_wake(), None, "no clock runs after the end");
    let text = screen_text(&app);
    assert!(text.contains(" 0:45 ") && text.contains(" 0:57 "), "{text}");

    let record = record_of(app.config(), app.played(), "2026-12-07").to_string();
    assert!(record.contains("[TurnUsed \"7.500\"]"), "{record}");
    let loaded = parse_record(&record).unwrap();
    let clock = loaded.course.clock().expect("clocked");
    assert_eq!(clock.remaining(Player::Blue, t0), 44 * S + S / 2);
    assert_eq!(clock.remaining(Player::Yellow, t0), 57 * S);
}

#[test]
fn a_move_made_after_the_flag_fell_is_refused_even_before_a_tick() {
    let t0 = Instant::now();
    let (mut app, _) = opened(clocked([Seat::Human; 2], "0.5+0"), t0);
    app.set_now(t0 + 31 * S);
    let _ = typing(&mut app, "a1");
    assert_eq!(app.game().len(), 0);
    assert_eq!(app.ending().map(|e| e.loser()), Some(Player::Blue));
}

#[test]
fn an_undo_gives_back_the_clock_of_the_earlier_move() {
    let t0 = Instant::now();
    let (mut app, _) = opened(clocked([Seat::Human; 2], "1+0"), t0);
    app.set_now(t0 + 10 * S);
    let _ = typing(&mut app, "a1"); // Blue 50
    app.set_now(t0 + 30 * S);
    let _ = typing(&mut app, "b1"); // Yellow 40
    app.set_now(t0 + 45 * S);
    let _ = typing(&mut app, "c1"); // Blue 35
    app.set_now(t0 + 50 * S);
    let _ = crate::common::press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.game().len(), 2);
    assert_eq!(app.clock_left(Player::Blue), Some(50 * S));
    app.set_now(t0 + 52 * S);
    assert_eq!(
        app.clock_left(Player::Blue),
        Some(48 * S),
        "Blue's turn runs again"
    );
    assert_eq!(app.clock_left(Player::Yellow), Some(40 * S));
}

#[test]
fn the_ai_spends_a_share_of_its_clock_not_a_fixed_second() {
    let t0 = Instant::now();
    let (_, effects) = opened(clocked([Seat::Hard, Seat::Human], "2+0"), t0);
    let request = asked(&effects).expect("the AI is asked");
    // 120 s over Blue's 32 moves: 3.75 s, not hard's default second.
    assert_eq!(request.settings.think_ms, Some(3750));

    let config = GameConfig {
        think_ms: Some(500),
        ..clocked([Seat::Hard, Seat::Human], "2+0")
    };
    let (_, effects) = opened(config, t0);
    assert_eq!(
        asked(&effects).unwrap().settings.think_ms,
        Some(500),
        "never more than --think-ms"
    );

    // With little time left, never the whole of it.
    let (mut app, _) = opened(clocked([Seat::Human, Seat::Hard], "0.5+0"), t0);
    app.set_now(t0 + S);
    let _ = typing(&mut app, "a1");
    let mut low = app.clone();
    low.set_now(t0 + 29 * S);
    // Ask again as the loop would after a change: undo and redo replay the turn.
    let effects = {
        let _ = crate::common::press(&mut low, KeyCode::Char('u'));
        crate::common::press(&mut low, KeyCode::Char('U'))
    };
    if let Some(request) = asked(&effects) {
        let ms = request.settings.think_ms.unwrap();
        assert!(ms < 30_000 / 2, "{ms}");
    }
}

#[test]
fn a_game_without_a_clock_never_wakes_the_loop() {
    let t0 = Instant::now();
    let mut app = App::new(GameConfig::default());
    app.set_now(t0);
    let _ = app.start();
    assert_eq!(app.clock_wake(), None);
    assert_eq!(app.clock_left(Player::Blue), None);
    assert!(app.handle(Input::Tick).is_empty());
    assert!(!screen_text(&app).contains("0:00"));
}

#[test]
fn a_resumed_record_resumes_its_clocks() {
    let text = "[Blue \"human\"]\n[Yellow \"human\"]\n[TimeControl \"300+3\"]\n[Result \"*\"]\n\n\
        1. b2 {[%clk 0:04:58]} c3 {[%clk 0:04:31]} 2. a1 {[%clk 0:03:10]} *\n";
    let loaded = parse_record(text).unwrap();
    let config = hijara::session::config_of(&loaded.record, GameConfig::default());
    assert_eq!(
        config.clock.map(|c| c.to_string()).as_deref(),
        Some("300+3")
    );
    let t0 = Instant::now();
    let mut app = App::with_game(config, loaded.game.clone()).with_course(loaded.course.clone());
    app.set_now(t0);
    let _ = app.start();
    assert_eq!(app.clock_left(Player::Blue), Some(190 * S));
    app.set_now(t0 + S);
    assert_eq!(app.clock_left(Player::Yellow), Some(270 * S));
    // Written back, the earlier moves keep their times.
    let again = record_of(app.config(), app.played(), "2026-11-30");
    let record: Record = text.parse().unwrap();
    assert_eq!(
        again.clocks().collect::<Vec<_>>(),
        record.clocks().collect::<Vec<_>>()
    );
}

#[test]
fn clocks_on_the_screen_at_80x24() {
    let t0 = Instant::now();
    let (mut app, _) = opened(clocked([Seat::Human; 2], "5+3"), t0);
    app.set_now(t0 + 12 * S);
    let _ = typing(&mut app, "b2");
    app.set_now(t0 + 12 * S + 29 * S + S / 2);
    insta::assert_snapshot!(render(&app, 80, 24, Look::PLAIN).backend());
}

#[test]
fn the_replay_shows_each_move_s_clock_and_how_the_game_ended() {
    use crate::common::viewer;
    use hijara::ui::ReplayState;
    let text = "[Blue \"Ann\"]\n[Yellow \"Bob\"]\n[TimeControl \"300+3\"]\n\
        [Termination \"time forfeit\"]\n[Result \"1-0\"]\n\n\
        1. b2 {[%clk 0:04:58]} c3 {[%clk 0:04:31]} 2. a1 {[%clk 0:00:02]} 1-0\n";
    let mut state: ReplayState = viewer(text);
    assert_eq!(state.clock_left(Player::Blue), Some(300 * S));
    let _ = crate::common::press(&mut state, KeyCode::Right);
    assert_eq!(state.clock_left(Player::Blue), Some(298 * S));
    assert_eq!(state.clock_left(Player::Yellow), Some(300 * S));
    let _ = crate::common::press(&mut state, KeyCode::Right);
    assert_eq!(state.clock_left(Player::Yellow), Some(271 * S));
    assert!(state.ending().is_none(), "not at the end yet");
    let _ = crate::common::press(&mut state, KeyCode::End);
    assert_eq!(state.ending().map(|e| e.winner()), Some(Player::Blue));
    assert_eq!(state.clock_left(Player::Blue), Some(2 * S));
    assert_eq!(
        state.clock_left(Player::Yellow),
        Some(Duration::ZERO),
        "flagged"
    );
    insta::assert_snapshot!(render(&state, 80, 24, Look::PLAIN).backend());
    // A record without clocks shows none.
    assert_eq!(viewer("b2 c3").clock_left(Player::Blue), None);
}

/// s39 clock45: the replay's last move shows the clocks the game ended with. A
/// resignation after 7.5 s of thinking (`TurnUsed`, as the game's screen showed it:
/// 0:45) read 0:52 in the replay, Blue's time after b2. Failed on the old code:
/// `left: Some(52s), right: Some(44.5s)`. A time forfeit's loser stays at 0:00, said
/// in words too (`on time`), and a move before the end shows that move's clocks.
#[test]
fn the_replay_s_last_move_shows_the_clocks_the_game_ended_with() {
    use crate::common::viewer;
    let text = "[Blue \"Ann\"]\n[Yellow \"Bob\"]\n[TimeControl \"60+2\"]\n\
        [Termination \"resignation\"]\n[Result \"0-1\"]\n[TurnUsed \"7.500\"]\n\n\
        1. b2 {[%clk 0:00:52]} c3 {[%clk 0:00:57]} 0-1\n";
    let mut state = viewer(text);
    let _ = crate::common::press(&mut state, KeyCode::Right);
    assert_eq!(state.clock_left(Player::Blue), Some(52 * S));
    let _ = crate::common::press(&mut state, KeyCode::End);
    let left = [Player::Blue, Player::Yellow].map(|p| state.clock_left(p));
    assert_eq!(left, [Some(44 * S + S / 2), Some(57 * S)]);
    let shown = render(&state, 80, 24, Look::PLAIN).backend().to_string();
    assert!(
        shown.contains(" 0:45 ") && shown.contains(" 0:57 "),
        "{shown}"
    );
    // Back one move: that move's clocks, nothing charged.
    let _ = crate::common::press(&mut state, KeyCode::Left);
    assert_eq!(state.clock_left(Player::Blue), Some(52 * S));
    assert_eq!(state.clock_left(Player::Yellow), Some(60 * S));
    // Lost on time: 0:00 for the loser, at 44x16 too, and the words say how.
    let flagged = text
        .replace("resignation", "time forfeit")
        .replace("[TurnUsed \"7.500\"]\n", "")
        .replace("0-1", "1-0")
        .replace(
            "c3 {[%clk 0:00:57]}",
            "c3 {[%clk 0:00:57]} 2. a1 {[%clk 0:00:40]}",
        );
    let mut state = viewer(&flagged);
    let _ = crate::common::press(&mut state, KeyCode::End);
    assert_eq!(state.clock_left(Player::Yellow), Some(Duration::ZERO));
    assert_eq!(state.clock_left(Player::Blue), Some(40 * S));
    for (w, h) in [(80, 24), (44, 16)] {
        let shown = render(&state, w, h, Look::PLAIN).backend().to_string();
        assert!(
            shown.contains(" 0:00 ") && shown.contains(" 0:40 "),
            "{shown}"
        );
        assert!(shown.contains("on time"), "{w}x{h}: {shown}");
    }
}

/// s39 clock45: the replay's header leaves `TurnUsed` to the clocks, as it leaves
/// every tag the program writes for itself (s38 wrote it into a resignation's record,
/// and s39 into a server game stopped as it stands): `resign.hij · Ann (Blue) vs Bob
/// (Yellow) · clock 1+2 · TurnUsed 7.500` at 80x24 before.
#[test]
fn the_replay_header_leaves_the_turn_used_to_the_clocks() {
    let text = "[Blue \"Ann\"]\n[Yellow \"Bob\"]\n[TimeControl \"60+2\"]\n\
        [Termination \"resignation\"]\n[Result \"0-1\"]\n[TurnUsed \"7.500\"]\n\n\
        1. b2 {[%clk 0:00:52]} c3 {[%clk 0:00:57]} 0-1\n";
    let state = crate::common::viewer(text);
    let shown = render(&state, 80, 24, Look::PLAIN).backend().to_string();
    let header = shown.lines().next().unwrap().trim_matches('"').trim_end();
    assert_eq!(header, "game.hij · Ann (Blue) vs Bob (Yellow) · clock 1+2");
}

/// s39 clock45: the stone that fills the board keeps no increment: the game is over,
/// and its clocks stand where the last mover's ran (one second a move of a 1+5 clock:
/// Yellow had 3:04 before the 64th stone, 3:03 after). The record's last `%clk` says
/// the same, and so does the game read back. Failed on the old code: 3:08 (188 s).
#[test]
fn the_stone_that_fills_the_board_keeps_no_increment() {
    use hijara::rules::Game;
    let t0 = Instant::now();
    let (mut app, _) = opened(clocked([Seat::Human; 2], "1+5"), t0);
    let mut moves = Game::new();
    let mut n = 0;
    while !moves.is_over() {
        let mv = moves.position().legal_moves().next().unwrap();
        moves.play(mv).unwrap();
        n += 1;
        app.set_now(t0 + n * S);
        let _ = typing(&mut app, &mv.to_string());
        assert_eq!(app.game().len(), moves.len(), "{mv}");
    }
    assert!(app.is_over());
    app.set_now(t0 + 999 * S);
    let left = [Player::Blue, Player::Yellow].map(|p| app.clock_left(p));
    assert_eq!(left, [Some(188 * S), Some(183 * S)]);
    assert_eq!(app.clock_wake(), None, "no clock runs after the end");
    let text = screen_text(&app);
    assert!(text.contains(" 3:08 ") && text.contains(" 3:03 "), "{text}");
    let record = record_of(app.config(), app.played(), "2026-12-07").to_string();
    let loaded = parse_record(&record).unwrap();
    let last = loaded.record.clocks().last();
    assert_eq!(last, Some(Some(183 * S)), "{record}");
    let clock = loaded.course.clock().expect("clocked");
    assert_eq!(clock.standing(Player::Yellow), 183 * S);
}

#[test]
fn a_served_screen_follows_the_server_s_clock_and_its_verdict() {
    use hijara::session::{Clock, Course};
    let t0 = Instant::now();
    let mut app = App::new(GameConfig::default()).served([false, true]);
    app.set_now(t0);
    let _ = app.start();
    let _ = typing(&mut app, "b2");
    // The table's course: its clocks, then Yellow's flag fallen there.
    let control = TimeControl::from_minutes("1+0").unwrap();
    let mut clock = Clock::new(control);
    clock.start(t0);
    clock.moved(t0 + 5 * S).unwrap();
    let mut course = Course::with_clock(Some(clock));
    let effects = app.follow_course(course.clone());
    assert!(effects.contains(&Effect::RestartTimer), "{effects:?}");
    app.set_now(t0 + 20 * S);
    assert_eq!(app.clock_left(Player::Yellow), Some(45 * S));
    assert!(app.follow_course(course.clone()).is_empty(), "nothing new");
    course
        .end(app.game(), Termination::TimeForfeit, Player::Yellow)
        .unwrap();
    let _ = app.follow_course(course);
    assert!(screen_text(&app).contains("Blue wins on time"));
    // Resigning is not for one side of a shared game (yet): refused, not done locally.
    let mut other = App::new(GameConfig::default()).served([false, true]);
    let _ = crate::common::press(&mut other, 'R');
    assert!(other.ending().is_none());
}
