//! Games that end before the board is full: resigning at the keyboard, and the
//! session's rule the screens call (`App::end`).

use crate::common::{press, render, screen_text, typing};
use hijara::ai::Seat;
use hijara::record::{GameResult, Termination};
use hijara::rules::Player;
use hijara::session::{GameConfig, record_of};
use hijara::ui::{App, Effect, Look, Overlay, Question};
use ratatui::crossterm::event::KeyCode;

#[test]
fn r_asks_first_and_only_yes_resigns_for_the_player_to_move() {
    let mut app = App::new(GameConfig::default());
    let _ = typing(&mut app, "b2c3a1");
    assert_eq!(app.game().to_move(), Player::Yellow);
    let _ = press(&mut app, 'R');
    assert_eq!(
        app.overlay(),
        Overlay::Question(Question::Resign(Player::Yellow))
    );
    assert!(screen_text(&app).contains("Resign for Yellow?"));
    // Any other key keeps playing.
    let _ = press(&mut app, 'n');
    assert_eq!(app.overlay(), Overlay::None);
    assert!(app.ending().is_none() && app.in_progress());

    let _ = press(&mut app, 'R');
    let effects = press(&mut app, 'y');
    let ending = app.ending().expect("resigned");
    assert_eq!(ending.termination(), Termination::Resignation);
    assert_eq!(ending.winner(), Player::Blue);
    assert!(app.is_over() && !app.in_progress());
    // Kept in the history, then the autosave cleared, as at a full board.
    let archive = effects.iter().position(|e| *e == Effect::Archive);
    let autosave = effects.iter().position(|e| *e == Effect::Autosave);
    assert!(archive.is_some() && archive < autosave, "{effects:?}");
    let text = screen_text(&app);
    assert!(text.contains("Blue wins: Yellow resigned"), "{text}");
    // s23: the keys that go on, in fewer words, where the whole wording with the
    // result and how it came does not fit with `? help` (they were named nowhere);
    // s37: with `w`, while the ending on the hint row hides it.
    assert!(
        text.contains("Blue wins. n new, w swap, r review, q quit"),
        "{text}"
    );
    // s39: `r review` too at 44 (local43: the review, what a player wants after a
    // loss, was named nowhere while the ending showed), `? help` on the row under it.
    let small = crate::common::rows(render(&app, 44, 16, Look::PLAIN).backend().buffer());
    assert_eq!(
        small[14].split_whitespace().collect::<Vec<_>>().join(" "),
        "Blue wins. n new, w swap, r review, q quit"
    );
    assert_eq!(
        small[15].split_whitespace().collect::<Vec<_>>().join(" "),
        "Blue wins: Yellow resigned ? help"
    );
    // No stone goes on a resigned board, and R again has nothing to resign.
    let _ = typing(&mut app, "d4");
    assert_eq!(app.game().len(), 3);
    let _ = press(&mut app, 'R');
    assert_eq!(app.overlay(), Overlay::None);

    let record = record_of(app.config(), app.played(), "2026-11-30").to_string();
    assert!(record.contains("[Termination \"resignation\"]"), "{record}");
    assert!(record.contains("[Result \"1-0\"]"), "{record}");
}

#[test]
fn against_the_ai_the_person_resigns_even_on_the_ai_s_turn() {
    let config = GameConfig {
        seats: [Seat::Hard, Seat::Human],
        ..GameConfig::default()
    };
    let mut app = App::new(config);
    let _ = press(&mut app, 'R');
    assert_eq!(
        app.overlay(),
        Overlay::Question(Question::Resign(Player::Yellow))
    );
    let effects = press(&mut app, 'y');
    assert_eq!(app.played().result(), GameResult::BlueWins);
    assert!(
        !effects.iter().any(|e| matches!(e, Effect::AskAi(_))),
        "no AI move after the end: {effects:?}"
    );
}

#[test]
fn nobody_resigns_for_two_ais_and_undo_plays_on_after_a_resignation() {
    let mut ais = App::new(GameConfig {
        seats: [Seat::Random, Seat::Random],
        ..GameConfig::default()
    });
    let _ = press(&mut ais, 'R');
    assert_eq!(ais.overlay(), Overlay::None);
    assert!(ais.ending().is_none());

    let mut app = App::new(GameConfig::default());
    let _ = typing(&mut app, "a1b1");
    let _ = press(&mut app, 'R');
    let _ = press(&mut app, 'y');
    assert_eq!(app.ending().map(|e| e.loser()), Some(Player::Blue));
    let _ = press(&mut app, KeyCode::Char('u'));
    assert!(
        app.ending().is_none(),
        "the undo takes the resignation back"
    );
    assert_eq!(app.game().len(), 1);
    assert!(app.in_progress());
}

#[test]
fn a_time_forfeit_or_an_abandoned_game_ends_it_once() {
    let mut app = App::new(GameConfig::default());
    let _ = typing(&mut app, "a1");
    app.end(Termination::TimeForfeit, Player::Yellow).unwrap();
    assert_eq!(app.played().result(), GameResult::BlueWins);
    assert!(screen_text(&app).contains("Blue wins on time"));
    assert!(app.end(Termination::Abandoned, Player::Blue).is_err());
    assert_eq!(
        app.ending().map(|e| e.termination()),
        Some(Termination::TimeForfeit)
    );
}

/// Issue 28, defect 9: after a game ended early (resigned, lost on time) the loser's
/// ladder still said `▶ to move`, in the game and in its replay at "Game over".
#[test]
fn no_ladder_says_to_move_once_the_game_has_ended() {
    let mut app = App::new(GameConfig::default());
    let _ = typing(&mut app, "b2c3a1");
    assert!(screen_text(&app).contains("to move"));
    let _ = press(&mut app, 'R');
    let _ = press(&mut app, 'y');
    let text = screen_text(&app);
    assert!(!text.contains("to move"), "{text}");
    let text = "[Blue \"Ann\"]\n[Yellow \"Bob\"]\n[TimeControl \"300+3\"]\n\
        [Termination \"time forfeit\"]\n[Result \"1-0\"]\n\n\
        1. b2 {[%clk 0:04:58]} c3 {[%clk 0:04:31]} 2. a1 {[%clk 0:00:02]} 1-0\n";
    let mut state = crate::common::viewer(text);
    let _ = crate::common::press(&mut state, KeyCode::End);
    let shown = render(&state, 80, 24, Look::PLAIN).backend().to_string();
    assert!(shown.contains("Game over"), "{shown}");
    assert!(!shown.contains("to move"), "{shown}");
}

/// Issue 28, defect 10: the replay's header showed the raw tags (`BlueType human…`,
/// `Termination time…`), cut at 80 columns. It says who played, when and under
/// which rules and clock, in words, and leaves the bookkeeping tags out.
#[test]
fn the_replay_header_says_who_played_in_words() {
    let text = "[Blue \"human\"]\n[Yellow \"hard\"]\n[BlueType \"human\"]\n\
        [YellowType \"program\"]\n[Date \"2026-11-30\"]\n[Seed \"77\"]\n[ThinkMs \"500\"]\n\
        [TimeControl \"300+3\"]\n[Termination \"time forfeit\"]\n[Result \"1-0\"]\n\n\
        1. b2 c3 2. a1 1-0\n";
    let state = crate::common::viewer(text);
    let shown = render(&state, 80, 24, Look::PLAIN).backend().to_string();
    let header = shown.lines().next().unwrap().trim_matches('"').trim_end();
    assert_eq!(
        header,
        "game.hij · human (Blue) vs hard AI (Yellow) · 2026-11-30 · clock 5+3"
    );
}
