//! The replay viewer's analysis view (issue 11.3) and a record's own comments:
//! the panel toggled, `]`/`[` between mistakes, values injected by hand (never
//! live engine output), snapshots at 80×24 and 120×40, and every size drawn.

use crate::common::{drawn, press, render, rows, viewer};
use hijara::record::Record;
use hijara::review::{Class, PositionValue, Value};
use hijara::rules::{Game, Player, Square};
use hijara::ui::{BoardGeometry, Deep, Effect, Input, Look, ReplayState, ScreenLayout, input_of};
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

const COMPLETE: &str = include_str!("../../assets/games/complete.hij");
const BLUNDER: &str = include_str!("../data/blunder.hij");

fn go_to(state: &mut ReplayState, n: usize) {
    press(state, 'g');
    for c in n.to_string().chars() {
        press(state, c);
    }
    press(state, KeyCode::Enter);
    assert_eq!(state.at_move(), n);
}

/// Blue's lead after `i` moves in the fake analysis: 8 points, then Blue's move 11
/// loses 20 (a mistake), Blue's move 31 loses 28 more (a blunder), Yellow's move
/// 40 gives 5 back (a good move: it lost 5), and Blue's move 45 loses 8 (an inaccuracy).
fn blue_lead(i: usize) -> i32 {
    match i {
        0..=10 => 8,
        11..=30 => -12,
        31..=39 => -40,
        40..=44 => -35,
        _ => -43,
    }
}

/// The fake value of the position after `i` moves of `game`, for its mover: the best
/// move is the first legal move other than the one played next.
fn fake_value(game: &Game, i: usize) -> PositionValue {
    let position = game.position_at(i);
    let played = game.placements().get(i).map(|p| p.square());
    let best = position.legal_moves().find(|&m| Some(m) != played);
    let lead = blue_lead(i);
    let margin = if position.to_move() == Player::Blue {
        lead
    } else {
        -lead
    };
    exact_value(margin, best)
}

/// An exact value, `margin` for the mover, with `best` the best move: exact, so every
/// verdict follows the thresholds.
fn exact_value(margin: i32, best: Option<Square>) -> PositionValue {
    PositionValue {
        best,
        value: Value {
            margin,
            exact: true,
            outcome: None,
            margin_error: 0,
        },
        played: None,
        loss_bound: None,
    }
}

/// Injects the fake values of positions `range` into the viewer, as the event loop
/// hands in the background analysis's results.
fn inject(state: &mut ReplayState, range: std::ops::RangeInclusive<usize>) {
    let game = state.game().clone();
    for i in range {
        let _ = state.analysis_result(i, fake_value(&game, i));
    }
}

#[test]
fn a_toggles_the_panel_and_asks_for_the_analysis_once() {
    let mut s = viewer(COMPLETE);
    assert!(!s.panel());
    let effects = press(&mut s, 'a');
    assert!(s.panel());
    assert!(effects.contains(&Effect::Analyse), "{effects:?}");
    let effects = press(&mut s, 'a');
    assert!(!s.panel());
    assert!(!effects.contains(&Effect::Analyse), "{effects:?}");
    let effects = press(&mut s, 'a');
    assert!(s.panel());
    assert!(
        !effects.contains(&Effect::Analyse),
        "a game is analysed once: {effects:?}"
    );
    // Results arriving with the panel shut are kept, and ask for no redraw.
    press(&mut s, 'a');
    let game = s.game().clone();
    assert_eq!(s.analysis_result(0, fake_value(&game, 0)), []);
    assert_eq!(s.analysis().progress(), (1, 65));
}

#[test]
fn brackets_jump_between_mistakes_and_blunders() {
    let mut s = viewer(COMPLETE);
    inject(&mut s, 0..=64);
    assert!(s.analysis().finished());
    assert_eq!(s.analysis().move_review(11).unwrap().class, Class::Mistake);
    assert_eq!(s.analysis().move_review(31).unwrap().class, Class::Blunder);
    assert_eq!(s.analysis().move_review(40).unwrap().class, Class::Good);
    assert_eq!(
        s.analysis().move_review(45).unwrap().class,
        Class::Inaccuracy
    );
    // `]` opens the panel (and asks for the analysis) and jumps.
    let effects = press(&mut s, ']');
    assert!(s.panel() && effects.contains(&Effect::Analyse));
    assert_eq!(s.at_move(), 11);
    press(&mut s, ']');
    assert_eq!(s.at_move(), 31);
    // The inaccuracy at 45 is passed over: nothing later.
    press(&mut s, ']');
    assert_eq!(s.at_move(), 31);
    assert!(
        s.message()
            .unwrap()
            .1
            .contains("No mistake or blunder after")
    );
    press(&mut s, '[');
    assert_eq!(s.at_move(), 11);
    press(&mut s, '[');
    assert_eq!(s.at_move(), 11);
    assert!(s.message().unwrap().1.contains("before this move"));
    // From the end, `[` finds the last one.
    go_to(&mut s, 64);
    press(&mut s, '[');
    assert_eq!(s.at_move(), 31);
    // `]` from the blunder itself does not stay on it.
    assert_eq!(s.current_review().unwrap().number, 31);
}

#[test]
fn brackets_use_what_has_arrived_and_say_when_the_analysis_still_runs() {
    let mut s = viewer(COMPLETE);
    press(&mut s, 'a');
    inject(&mut s, 0..=20);
    assert!(!s.analysis().finished());
    press(&mut s, ']');
    assert_eq!(s.at_move(), 11);
    press(&mut s, ']');
    assert_eq!(s.at_move(), 11);
    assert!(s.message().unwrap().1.contains("still running"));
    // The rest arrives, in any order; once it is all in, the message no longer says
    // the analysis runs (it stayed, stale, until the next key): there is a blunder
    // after move 11 now, which `]` finds.
    inject(&mut s, 40..=64);
    assert!(s.message().unwrap().1.contains("still running"));
    inject(&mut s, 21..=39);
    assert!(s.analysis().finished());
    assert!(s.message().is_none(), "{:?}", s.message());
    press(&mut s, ']');
    assert_eq!(s.at_move(), 31);
}

/// `]` with nothing found yet, and nothing found once the analysis is done: the
/// message then says so without "yet".
#[test]
fn a_search_that_found_nothing_yet_is_settled_when_the_analysis_ends() {
    let mut s = viewer(COMPLETE);
    press(&mut s, 'a');
    inject(&mut s, 0..=40);
    go_to(&mut s, 31);
    press(&mut s, ']');
    assert!(s.message().unwrap().1.contains("still running"));
    inject(&mut s, 41..=64);
    let said = s.message().unwrap().1.to_owned();
    assert_eq!(said, "No mistake or blunder after this move");
}

fn screen_text(state: &ReplayState, width: u16, height: u16) -> String {
    render(state, width, height, Look::PLAIN)
        .backend()
        .to_string()
}

/// The viewer on the blunder of the fake analysis, all values in.
fn on_the_blunder() -> ReplayState {
    let mut s = viewer(COMPLETE);
    inject(&mut s, 0..=64);
    press(&mut s, ']');
    press(&mut s, ']');
    assert_eq!(s.at_move(), 31);
    s
}

#[test]
fn analysis_panel_80x24() {
    let s = on_the_blunder();
    let screen = screen_text(&s, 80, 24);
    assert!(screen.contains("Move 31 Blue"), "{screen}");
    assert!(screen.contains("blunder, lost 28"), "{screen}");
    insta::assert_snapshot!(render(&s, 80, 24, Look::PLAIN).backend());
}

#[test]
fn analysis_panel_120x40() {
    let s = on_the_blunder();
    insta::assert_snapshot!(render(&s, 120, 40, Look::PLAIN).backend());
}

#[test]
fn analysis_panel_while_the_analysis_runs() {
    let mut s = viewer(COMPLETE);
    press(&mut s, 'a');
    inject(&mut s, 0..=20);
    go_to(&mut s, 30);
    let screen = screen_text(&s, 80, 24);
    assert!(screen.contains("Analysis 21/65"), "{screen}");
    assert!(screen.contains("Move 30: analysing"), "{screen}");
}

#[test]
fn the_best_move_is_marked_on_the_board_with_a_double_border() {
    let s = on_the_blunder();
    let best = s.current_review().unwrap().best;
    assert_ne!(Some(best), s.current().map(|p| p.square()));
    let screen = screen_text(&s, 80, 24);
    assert!(screen.contains('╔') && screen.contains('╝'), "{screen}");
    assert!(screen.contains(&format!("best {best}")), "{screen}");
    // Panel shut: no double border.
    let mut shut = s.clone();
    press(&mut shut, 'a');
    let screen = screen_text(&shut, 80, 24);
    assert!(!screen.contains('╔'), "{screen}");
}

#[test]
fn the_panel_folds_away_below_its_height() {
    let s = on_the_blunder();
    // 22 rows hold it (five rows for it, sixteen for the board and the status, one
    // for the tags); 21 do not: the screen is laid out as without it.
    assert!(screen_text(&s, 80, 22).contains("blunder, lost 28"));
    let folded = screen_text(&s, 80, 21);
    assert!(!folded.contains("Analysis"), "{folded}");
    assert!(folded.contains("Move 31/64"), "{folded}");
}

/// The viewer on the blunder, its panel shut and opened again, drawn at every size of
/// `widths` by 1 to 45 rows: nothing panics. (Every size from 1×1 to 130×45, shared
/// out between three tests that the test threads run side by side: as one, with the
/// panel's folding, it took 3.3 s of CPU, the integration binary's longest screen test.)
fn nothing_panics_at_widths(widths: std::ops::RangeInclusive<u16>) {
    let mut s = on_the_blunder();
    press(&mut s, 'a');
    press(&mut s, 'a');
    for width in widths {
        for height in 1..=45 {
            render(&s, width, height, Look::PLAIN);
        }
    }
}

#[test]
fn with_the_panel_toggled_nothing_panics_at_widths_1_to_60() {
    nothing_panics_at_widths(1..=60);
}

#[test]
fn with_the_panel_toggled_nothing_panics_at_widths_61_to_95() {
    nothing_panics_at_widths(61..=95);
}

#[test]
fn with_the_panel_toggled_nothing_panics_at_widths_96_to_130() {
    nothing_panics_at_widths(96..=130);
}

/// Where the panel folds away (60×20, 44×17, 44×16: the sizes the viewer still draws), the
/// verdict on the move shown is the message line, in a shorter wording where the full
/// one does not fit: `]`/`[` jumped from mistake to mistake with the verdict, the points
/// lost and the best move (the board's double border) said nowhere.
#[test]
fn a_folded_panel_s_verdict_is_the_message_line() {
    let s = on_the_blunder();
    let best = s.current_review().unwrap().best;
    for (width, height) in [(80, 21), (60, 20), (44, 17), (44, 16)] {
        let screen = screen_text(&s, width, height);
        assert!(!screen.contains("Analysis"), "{width}x{height}: {screen}");
        assert!(
            screen.contains("blunder, lost 28"),
            "{width}x{height}: {screen}"
        );
        assert!(
            screen.contains(&format!("best {best}")),
            "{width}x{height}: {screen}"
        );
        let message = screen.lines().last().unwrap();
        assert!(!message.contains('…'), "{width}x{height}: {screen}");
    }
    // At the start, with no move to judge, it says where the verdicts go, whole, and
    // (s20) `? help` beside it: a longer wording left no room for the help's key.
    let mut start = s.clone();
    go_to(&mut start, 0);
    for height in [17, 16] {
        let screen = screen_text(&start, 44, height);
        let message = screen.lines().last().unwrap();
        assert!(message.contains("verdicts show here"), "{screen}");
        assert!(message.ends_with("  ? help\""), "{screen}");
    }
    // Not yet analysed: it says so, as the panel would.
    let mut running = viewer(COMPLETE);
    press(&mut running, 'a');
    inject(&mut running, 0..=20);
    go_to(&mut running, 30);
    let screen = screen_text(&running, 60, 20);
    assert!(screen.contains("Move 30: analysing"), "{screen}");
    // The panel shut, the move's own message is back.
    let mut shut = s.clone();
    press(&mut shut, 'a');
    let screen = screen_text(&shut, 60, 20);
    assert!(!screen.contains("blunder"), "{screen}");
    assert!(screen.contains("31. Blue played"), "{screen}");
}

#[test]
fn a_records_marks_and_comments_show_on_the_move_they_follow() {
    let mut s = viewer(BLUNDER);
    press(&mut s, 'l');
    let screen = screen_text(&s, 80, 24);
    assert!(screen.contains("{a quiet start}"), "{screen}");
    press(&mut s, 'l');
    let screen = screen_text(&s, 80, 24);
    // In the move list and on the message line.
    assert!(screen.contains("b2!"), "{screen}");
    assert!(
        screen.contains("2. Yellow played b2 (section 1) !"),
        "{screen}"
    );
}

#[test]
fn ctrl_c_leaves_even_a_review_while_q_only_closes_it() {
    use hijara::ui::ReplayExit;
    let mut s = viewer(COMPLETE);
    press(&mut s, 'q');
    assert_eq!(s.exit(), Some(ReplayExit::Quit));
    let mut s = viewer(COMPLETE);
    let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    let effects = s.handle(input_of(&ctrl_c, s.area()).unwrap());
    assert_eq!(effects, [Effect::Quit]);
    assert_eq!(s.exit(), Some(ReplayExit::ForceQuit));
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
    let value = |margin, best| exact_value(margin, Some(best));
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
    let buf = drawn(&state, 80, 24);
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
    // Only that stone is marked, with both brackets (the compact board's second
    // in the square's middle gap).
    let marks = screen.matches("[Y]").count() + screen.matches("[B]").count();
    assert_eq!(marks, 1, "{screen}");
    assert_eq!(screen.matches('[').count(), 1, "{screen}");
}

#[test]
fn the_verdict_names_the_move_once_when_it_was_the_engines_choice() {
    let state = review_at(30, true);
    let placement = *state.current().unwrap();
    let screen = rows(&drawn(&state, 80, 24)).join("\n");
    let square = placement.square();
    let said = format!("Move 30 Yellow {square}: best, ");
    assert!(screen.contains(&said), "{said:?} missing:\n{screen}");
    assert!(!screen.contains(&format!("· best {square}")), "{screen}");
    // A move that was not the engine's still names the engine's.
    let state = review_at(28, false);
    let screen = rows(&drawn(&state, 80, 24)).join("\n");
    assert!(screen.contains("· best "), "{screen}");
}

/// The fake value of position `i`, exact or an estimate.
fn valued(game: &Game, i: usize, exact: bool) -> PositionValue {
    let mut value = fake_value(game, i);
    value.value.exact = exact;
    value
}

/// The viewer on move 31 with the review in: estimates up to position 40, exact after.
fn reviewed_with_estimates() -> ReplayState {
    let mut s = on_the_blunder();
    let game = s.game().clone();
    for i in 0..=64 {
        let _ = s.analysis_result(i, valued(&game, i, i > 40));
    }
    let _ = s.analysis_finished();
    s
}

/// s22: at 44x16 a verdict of 41 columns (`c4?!: likely inaccuracy, lost 20, best
/// a1`) left `? help` no room beside it, and the first line (the totals, the move, the
/// turn) none either: no way to the help was in view. The verdict stays whole and the
/// help takes the totals' place on the first line (the ladders show them in digits).
#[test]
fn a_long_verdict_keeps_the_help_in_view_44x16() {
    let mut s = reviewed_with_estimates();
    go_to(&mut s, 11);
    let screen = rows(&drawn(&s, 44, 16));
    let [top, verdict] = [&screen[14], &screen[15]];
    // s37 (qa41): from who played it; `best a1` is the board's double border here.
    assert!(
        verdict.starts_with("Blue d4?!: likely inaccuracy, lost 20"),
        "{screen:#?}"
    );
    assert!(
        hijara::text::width(verdict.trim_end()) > 44 - 8,
        "{screen:#?}"
    );
    assert!(!verdict.contains('…'), "{screen:#?}");
    assert!(top.starts_with("Move 11/64"), "{screen:#?}");
    assert!(top.ends_with("  ? help"), "{screen:#?}");
    insta::assert_snapshot!(render(&s, 44, 16, Look::PLAIN).backend());
}

/// qa41: at 44×16 the verdict (the folded panel's message line) named neither who
/// played nor a value, `a3??: blunder, lost 28, best a1`, where 80×24 says `Move 31
/// Blue a3??: blunder, lost 28 · a3 -40 · best a1 -12 for Blue`. Every wording now
/// starts with the player and says the points lost, and the values where they fit,
/// never cut.
#[test]
fn the_narrow_verdict_names_who_played_and_what_it_cost_44x16() {
    let last_row = |s: &ReplayState| rows(&drawn(s, 44, 16))[15].trim_end().to_owned();
    let s = on_the_blunder();
    assert_eq!(last_row(&s), "Blue a3?? -40: blunder, lost 28, best a1 -12");
    insta::assert_snapshot!(render(&s, 44, 16, Look::PLAIN).backend());
    // Yellow's move 40 gave 5 back: a good move, its values its own.
    let mut good = s.clone();
    go_to(&mut good, 40);
    let line = last_row(&good);
    assert!(line.starts_with("Yellow "), "{line}");
    assert!(line.contains(": good, lost 5, best "), "{line}");
    // The engine's own move: its one value, and whose it is.
    let mut best = review_at(30, true);
    let _ = best.handle(Input::Resize(44, 16));
    let line = last_row(&best);
    assert_eq!(line, "Move 30 Yellow a4: best, +5 for Yellow");
    // From estimates, the widest verdict: the player and the loss still, whole.
    let mut likely = reviewed_with_estimates();
    go_to(&mut likely, 11);
    let line = last_row(&likely);
    assert_eq!(line, "Blue d4?!: likely inaccuracy, lost 20");
    for state in [&s, &good, &best, &likely] {
        let screen = rows(&drawn(state, 44, 16));
        assert!(screen.iter().all(|row| !row.contains('…')), "{screen:#?}");
    }
}

#[test]
fn shift_d_deepens_the_estimates_counts_them_and_stops_on_d_again() {
    let mut s = reviewed_with_estimates();
    let game = s.game().clone();
    let effects = press(&mut s, 'D');
    assert!(
        effects.contains(&Effect::DeepReview((0..=40).collect())),
        "the estimated positions only: {effects:?}"
    );
    assert_eq!(
        s.analysis().deep(),
        Some(Deep::Running { done: 0, total: 41 })
    );
    assert!(!s.analysis().finished(), "the deep review is still running");
    let screen = screen_text(&s, 80, 24);
    assert!(screen.contains("Deep review of 41 positions"), "{screen}");
    // Its results replace the review's; still estimates, they are not taken again.
    for i in 0..10 {
        let _ = s.analysis_result(i, valued(&game, i, false));
    }
    assert_eq!(
        s.analysis().deep(),
        Some(Deep::Running {
            done: 10,
            total: 41
        })
    );
    assert!(screen_text(&s, 80, 24).contains("Deep review 10/41"));
    // D again stops it, keeping what it found.
    let effects = press(&mut s, 'D');
    assert!(effects.contains(&Effect::StopAnalysis), "{effects:?}");
    assert_eq!(
        s.analysis().deep(),
        Some(Deep::Stopped {
            done: 10,
            total: 41
        })
    );
    let screen = screen_text(&s, 80, 24);
    assert!(
        screen.contains("Deep review stopped after 10 of 41"),
        "{screen}"
    );
    // D goes on with the rest.
    let effects = press(&mut s, 'D');
    assert!(
        effects.contains(&Effect::DeepReview((10..=40).collect())),
        "{effects:?}"
    );
    for i in 10..=40 {
        let _ = s.analysis_result(i, valued(&game, i, true));
    }
    let _ = s.analysis_finished();
    assert_eq!(s.analysis().deep(), Some(Deep::Done { total: 31 }));
    assert!(s.analysis().finished());
    assert!(screen_text(&s, 80, 24).contains("Deep review done: 31 positions"));
    // Nothing is left to deepen.
    let effects = press(&mut s, 'D');
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e, Effect::DeepReview(_) | Effect::StopAnalysis)),
        "{effects:?}"
    );
    assert!(screen_text(&s, 80, 24).contains("Nothing left to review deeper"));
}

#[test]
fn shift_d_before_the_review_takes_every_position_in_its_place() {
    let mut s = viewer(COMPLETE);
    let effects = press(&mut s, 'D');
    assert!(s.panel(), "the panel opens");
    assert!(
        effects.contains(&Effect::DeepReview((0..=64).collect())),
        "{effects:?}"
    );
    // The review is not asked for on top of it.
    let effects = press(&mut s, 'a');
    let effects2 = press(&mut s, 'a');
    assert!(
        !effects.contains(&Effect::Analyse) && !effects2.contains(&Effect::Analyse),
        "{effects:?} {effects2:?}"
    );
}

/// QA (s16 learn): `D` before the analysis was done, then `D` again, left the positions
/// the deep review had not reached with no value for ever: the panel stood at
/// `Analysis 4/65` and `]` said the analysis was still running. Stopped, the deep review
/// has the rest analysed as before.
#[test]
fn a_stopped_deep_review_has_the_rest_analysed() {
    let mut s = viewer(COMPLETE);
    let game = s.game().clone();
    let _ = press(&mut s, 'D');
    for i in 0..4 {
        let _ = s.analysis_result(i, valued(&game, i, false));
    }
    let effects = press(&mut s, 'D');
    assert!(effects.contains(&Effect::StopAnalysis), "{effects:?}");
    assert!(
        effects.contains(&Effect::AnalyseRest((4..=64).collect())),
        "the positions with no value: {effects:?}"
    );
    // Their values come in as the review's, not the deep review's.
    for i in 4..=64 {
        let _ = s.analysis_result(i, valued(&game, i, i > 40));
    }
    let _ = s.analysis_finished();
    assert!(s.analysis().finished());
    assert_eq!(
        s.analysis().deep(),
        Some(Deep::Stopped { done: 4, total: 65 })
    );
    assert_eq!(s.analysis().progress(), (65, 65));
    // D goes on deeper with the estimates it did not reach.
    let effects = press(&mut s, 'D');
    assert!(
        effects.contains(&Effect::DeepReview((4..=40).collect())),
        "{effects:?}"
    );
    // Stopped where every position has a value, nothing more is asked for.
    let effects = press(&mut s, 'D');
    assert!(
        !effects.iter().any(|e| matches!(e, Effect::AnalyseRest(_))),
        "{effects:?}"
    );
}

#[test]
fn a_served_review_is_not_deepened_here() {
    let s = viewer(COMPLETE);
    let game = s.game().clone();
    let values = (0..=64).map(|i| valued(&game, i, false)).collect();
    let mut s = s.served(Some(values), String::new());
    let effects = press(&mut s, 'D');
    assert!(
        !effects.iter().any(|e| matches!(e, Effect::DeepReview(_))),
        "{effects:?}"
    );
    assert_eq!(s.analysis().deep(), None);
}

#[test]
fn deep_review_progress_80x24() {
    let mut s = reviewed_with_estimates();
    let game = s.game().clone();
    press(&mut s, 'D');
    for i in 0..23 {
        let _ = s.analysis_result(i, valued(&game, i, true));
    }
    insta::assert_snapshot!(render(&s, 80, 24, Look::PLAIN).backend());
}

/// The analysis ending on an internal error (a panic in its thread) is said on the
/// message line, and the review goes on with the values found so far.
#[test]
fn an_analysis_that_failed_says_so_and_keeps_the_values_found() {
    let mut s = viewer(COMPLETE);
    let game = s.game().clone();
    for i in 0..=10 {
        let _ = s.analysis_result(i, fake_value(&game, i));
    }
    let effects = s.analysis_failed();
    assert!(effects.contains(&Effect::Redraw), "{effects:?}");
    assert!(s.analysis().finished());
    let (kind, text) = s.message().expect("the failure is said");
    assert_eq!(kind, hijara::ui::MessageKind::Error);
    assert!(text.contains("internal error"), "{text}");
    // The keys go on working: the next move is shown.
    press(&mut s, KeyCode::Right);
    assert_eq!(s.at_move(), 1);
}

/// QA (s27): at a Yellow move the verdict's values (the mover's margins) stood
/// beside the graph's legend `Blue ▲ Yellow ▼` with no word of whose they are, so
/// Yellow's `+5` read as Blue's lead. Wherever the values are shown, the line says
/// `for Yellow` after them (a best move's one value too); at 44×16 the verdict has
/// no values, so nothing to name. Fails on the old code (no `for Yellow`).
#[test]
fn the_verdict_says_whose_values_it_shows() {
    // Move 28 not the engine's choice: Yellow's d -6, best +5; move 30 the engine's: +5.
    for (shown, engines, values) in [(28, false, " -6 · best "), (30, true, ": best, +5")] {
        for (w, h) in [(80, 24), (120, 40), (44, 16)] {
            let mut state = review_at(shown, engines);
            assert_eq!(state.current().unwrap().player, Player::Yellow);
            let _ = state.handle(Input::Resize(w, h));
            let screen = rows(&drawn(&state, w, h)).join("\n");
            let valued = screen.contains(values);
            assert!(valued || (w, h) == (44, 16), "{w}×{h}: no values\n{screen}");
            if valued {
                assert!(screen.contains("+5 for Yellow"), "{w}×{h}:\n{screen}");
            }
        }
    }
}
