//! Review tests: thresholds, the proof rule, the report, the text and JSON, the
//! driver, and against the solver: a thrown-away win is a blunder, and exact
//! values near the end equal plain minimax.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::classify::{GOOD_MAX, INACCURACY_MAX, MISTAKE_MAX, classify, points_lost};
use super::*;
use crate::ai::SearchLimit;
use crate::ai::analysis::{self, PositionEval, Wdl};
use crate::ai::search::Searcher;
use crate::ai::test_support::brute_force;
use crate::ai::{medium, random};
use crate::record::Record;
use crate::rules::{Game, Move, Player, Position, Square};

/// An estimate with no error: classified by the thresholds alone.
fn est(margin: i32) -> Value {
    est_within(margin, 0)
}

/// An estimate that may be `error` points off.
fn est_within(margin: i32, error: i32) -> Value {
    Value {
        margin,
        exact: false,
        outcome: None,
        margin_error: error,
    }
}

fn proven(margin: i32) -> Value {
    Value::exact_margin(margin)
}

#[test]
fn classes_follow_the_documented_thresholds() {
    let b = exact(0);
    let cases = [
        (0, Class::Best),
        (1, Class::Good),
        (GOOD_MAX, Class::Good),
        (GOOD_MAX + 1, Class::Inaccuracy),
        (INACCURACY_MAX, Class::Inaccuracy),
        (INACCURACY_MAX + 1, Class::Mistake),
        (MISTAKE_MAX, Class::Mistake),
        (MISTAKE_MAX + 1, Class::Blunder),
        (100, Class::Blunder),
    ];
    for (lost, class) in cases {
        for empties in [4, 30, 60] {
            assert_eq!(
                classify(lost, b, exact(-lost), empties, None),
                class,
                "lost {lost}"
            );
        }
    }
}

#[test]
fn throwing_away_a_proven_outcome_is_always_a_blunder() {
    // Win to draw: 5 points, a blunder all the same.
    assert_eq!(classify(5, proven(5), proven(0), 20, None), Class::Blunder);
    // Win to loss, draw to loss.
    assert_eq!(
        classify(10, proven(5), proven(-5), 20, None),
        Class::Blunder
    );
    assert_eq!(classify(5, proven(0), proven(-5), 20, None), Class::Blunder);
    // A win kept, a loss made worse, a draw kept: by points only.
    assert_eq!(
        classify(10, proven(15), proven(5), 20, None),
        Class::Inaccuracy
    );
    assert_eq!(
        classify(10, proven(-5), proven(-15), 20, None),
        Class::Inaccuracy
    );
    assert_eq!(classify(0, proven(0), proven(0), 20, None), Class::Best);
    // A thrown-away proof is a blunder whatever the margins' error.
    let win = Value {
        outcome: Some(Wdl::Win),
        ..est_within(3, 25)
    };
    let loss = Value {
        outcome: Some(Wdl::Loss),
        ..est_within(-3, 25)
    };
    assert_eq!(classify(6, win, loss, 20, None), Class::Blunder);
}

#[test]
fn from_estimates_the_verdict_is_likely_and_follows_the_calibrated_thresholds() {
    use super::classify::{LIKELY_FROM, LOSS_ERROR, likely, lost_range};
    use crate::ai::analysis::{LossBound, PROVE_LOSS_AT};
    for empties in [12, 20, 28, 40] {
        let band = empties as usize / 4;
        let [inaccuracy, mistake, blunder] = LIKELY_FROM[band];
        assert!(0 < inaccuracy && inaccuracy < mistake && mistake < blunder);
        // With the loss proven on the side of it the estimate is on: every
        // threshold holds as calibrated.
        let bound = |lost| {
            Some(if lost >= PROVE_LOSS_AT {
                LossBound::AtLeast(PROVE_LOSS_AT)
            } else {
                LossBound::AtMost(PROVE_LOSS_AT - 5)
            })
        };
        let class = |lost| classify(lost, est(0), est(-lost), empties, bound(lost));
        assert_eq!(class(0), Class::Best);
        assert_eq!(class(inaccuracy - 1), Class::Good);
        assert_eq!(class(inaccuracy), Class::Inaccuracy);
        assert_eq!(class(mistake - 1), Class::Inaccuracy);
        assert_eq!(class(mistake), Class::Mistake);
        assert_eq!(class(blunder - 1), Class::Mistake);
        assert_eq!(class(blunder), Class::Blunder);
        // One estimate is enough to make it likely, with a range around the loss.
        assert!(likely(proven(0), est(-20)) && likely(est(0), proven(-20)));
        assert!(!likely(proven(0), proven(-20)));
        let (low, high) = LOSS_ERROR[band];
        assert_eq!(
            lost_range(20, proven(0), est(-20), empties, None),
            Some([(20 - high).max(0), (20 - low).max(0)])
        );
        assert_eq!(lost_range(20, proven(0), proven(-20), empties, None), None);
    }
}

#[test]
fn a_move_proven_to_have_lost_at_most_10_is_never_called_a_mistake() {
    use super::classify::lost_range;
    use crate::ai::analysis::LossBound;
    let at_most = Some(LossBound::AtMost(10));
    for empties in [16, 20, 24, 28] {
        for estimated in [15, 20, 25, 40, 90] {
            let (b, p) = (est(0), est(-estimated));
            let class = classify(estimated, b, p, empties, at_most);
            assert!(
                class <= Class::Inaccuracy,
                "{empties} {estimated}: {class:?}"
            );
            let [low, high] = lost_range(estimated, b, p, empties, at_most).unwrap();
            assert!(low <= high && high <= 10, "{empties} {estimated}");
        }
    }
    // Through the report: the loss shown is within the proof too.
    let before = PositionValue {
        best: Some(Square::C3),
        value: est(30),
        played: Some((Square::A1, est(-10))),
        loss_bound: at_most,
    };
    let m = MoveReview::new(1, Player::Blue, Square::A1, &before, None).unwrap();
    assert_eq!((m.lost, m.class), (10, Class::Inaccuracy), "{m:?}");
    assert!(m.likely && m.lost_range.unwrap()[1] <= 10, "{m:?}");
    // ... and the best move's value with it: the played move's plus the loss.
    assert_eq!(m.best_value.margin - m.played_value.margin, m.lost, "{m:?}");
    assert!(!m.best_value.exact, "{m:?}");
    // The bound is the move played's only: another move's loss keeps its estimate.
    let other = PositionValue {
        played: Some((Square::D4, est(-10))),
        ..before
    };
    let after = PositionValue {
        best: Some(Square::A2),
        value: est(10),
        played: None,
        loss_bound: None,
    };
    let m = MoveReview::new(1, Player::Blue, Square::A1, &other, Some(&after)).unwrap();
    assert_eq!(m.lost, 40, "{m:?}");
    // Beside an exact best move's value (a proven draw), the estimate moves: the
    // played move's (a proven loss) rises to 0 less the loss, and 0 stays exact.
    let lost_20 = Value {
        outcome: Some(Wdl::Loss),
        ..est(-20)
    };
    let drawn = PositionValue {
        value: proven(0),
        played: Some((Square::A1, lost_20)),
        ..before
    };
    let m = MoveReview::new(1, Player::Blue, Square::A1, &drawn, None).unwrap();
    // (A thrown-away draw is a blunder, whatever the points.)
    assert_eq!((m.lost, m.class), (10, Class::Blunder), "{m:?}");
    let lost_10 = Value {
        margin: -10,
        ..lost_20
    };
    assert_eq!(
        (m.best_value, m.played_value),
        (proven(0), lost_10),
        "{m:?}"
    );
}

#[test]
fn an_estimated_mistake_needs_a_proof_or_a_larger_estimate_from_24_empty_sections() {
    use super::classify::{LIKELY_FROM, UNPROVEN_MISTAKE_FROM, lost_range};
    use crate::ai::analysis::{LossBound, PROVE_LOSS_AT};
    let at_least = Some(LossBound::AtLeast(PROVE_LOSS_AT));
    // Below 24 empty sections an estimate is judged as before.
    for empties in [16, 20, 23] {
        let band = empties as usize / 4;
        assert_eq!(UNPROVEN_MISTAKE_FROM[band], LIKELY_FROM[band][1]);
    }
    for empties in [24, 28, 30] {
        let band = empties as usize / 4;
        let unproven = UNPROVEN_MISTAKE_FROM[band];
        assert!(unproven > LIKELY_FROM[band][1]);
        let class = |lost, bound| classify(lost, est(0), est(-lost), empties, bound);
        // Unproven: an inaccuracy up to the higher threshold, then a mistake or worse.
        assert_eq!(class(unproven - 1, None), Class::Inaccuracy);
        assert!(class(unproven, None) >= Class::Mistake);
        // Proven to have lost 15 or more: a mistake from the calibrated threshold.
        assert_eq!(class(PROVE_LOSS_AT, at_least), Class::Mistake);
        assert_eq!(class(LIKELY_FROM[band][2], at_least), Class::Blunder);
        // Its range starts at the proven loss.
        let range = lost_range(PROVE_LOSS_AT, est(0), est(-15), empties, at_least).unwrap();
        assert_eq!(range[0], PROVE_LOSS_AT);
    }
    // The proofs ask the question that separates a mistake from an inaccuracy:
    // in steps of 5 points, a loss under the proofs' 15 is at most 10.
    const { assert!(PROVE_LOSS_AT > INACCURACY_MAX && PROVE_LOSS_AT - 5 <= INACCURACY_MAX) };
    assert!(LIKELY_FROM.iter().all(|t| t[1] >= PROVE_LOSS_AT));
}

#[test]
fn a_small_estimated_loss_proven_big_is_a_mistake() {
    use crate::ai::analysis::{LossBound, PROVE_LOSS_AT};
    let at_least = Some(LossBound::AtLeast(PROVE_LOSS_AT));
    // The analysis named the move that beat the played one best, at the played
    // move's value plus the proof (`ai::analysis::evaluate_move`).
    let renamed = PositionValue {
        best: Some(Square::C3),
        value: est(PROVE_LOSS_AT - 2),
        played: Some((Square::A1, est(-2))),
        loss_bound: at_least,
    };
    // Or kept an exact best move whose value says 2: the proof moves the loss.
    let kept = PositionValue {
        value: proven(0),
        ..renamed
    };
    for before in [renamed, kept] {
        // Move 39: 26 empty sections before it.
        let m = MoveReview::new(39, Player::Blue, Square::A1, &before, None).unwrap();
        assert_eq!((m.lost, m.class), (PROVE_LOSS_AT, Class::Mistake), "{m:?}");
        assert_eq!(m.best_value.margin - m.played_value.margin, m.lost, "{m:?}");
        assert_eq!(m.lost_range.unwrap()[0], PROVE_LOSS_AT, "{m:?}");
    }
    // The estimate moves with the proof, never the exact value: an estimated
    // best move's value rises to the played move's plus the loss ...
    let m = MoveReview::new(39, Player::Blue, Square::A1, &renamed, None).unwrap();
    assert_eq!((m.best_value, m.played_value), (est(13), est(-2)), "{m:?}");
    // ... and beside an exact best move's value (a proven draw: 0), the played
    // move's estimate falls to it less the loss, and only 0 is marked exact.
    let m = MoveReview::new(39, Player::Blue, Square::A1, &kept, None).unwrap();
    assert_eq!(
        (m.best_value, m.played_value),
        (proven(0), est(-15)),
        "{m:?}"
    );
    // So says every view: the table's notation, the line mode's words, the JSON.
    assert_eq!(
        (m.best_value.to_string(), m.played_value.to_string()),
        ("0".to_owned(), "~-15".to_owned())
    );
    assert_eq!(
        crate::strings::line::reviewed_move(&m),
        "Move 39 Blue a1: likely mistake, lost 15 (15 to 29); a1 about -15; best c3, 0 for Blue"
    );
    let json = serde_json::to_value(m).unwrap();
    assert_eq!(
        (&json["best_value"], &json["played_value"]),
        (
            &serde_json::json!({"margin": 0, "exact": true, "outcome": "draw", "margin_error": 0}),
            &serde_json::json!({"margin": -15, "exact": false, "outcome": null, "margin_error": 0})
        )
    );
}

/// Brief s21 item 1: the loss proof solves the move played to the end, and the
/// review shows that exact value, marked exact, in every view; before, it showed
/// the search's estimate (here ~+34 with its stage's error, for an exact +30).
#[test]
fn a_move_whose_loss_was_proven_shows_the_proofs_exact_value() {
    use crate::ai::analysis::LossBound;
    use crate::ai::test_support::random_position;
    // 12 empty sections: at 1,000 nodes the estimates call the loss small, and
    // the proof checks it (`ai::analysis`'s tests meet this position too).
    let position = random_position(52, 0);
    let mv = Square::A2;
    let eval = analysis::evaluate_move(&position, Some(mv), &SearchLimit::nodes(1_000)).unwrap();
    // At most 10, then (s22) exactly 0: the best value is exact too.
    assert_eq!(eval.loss_bound, Some(LossBound::AtMost(0)), "{eval:?}");
    assert!(eval.exact, "{eval:?}");
    let mut child = position;
    child.play(mv).unwrap();
    let truth = -brute_force(&child);
    let before = PositionValue::of(&position, eval);
    let m = MoveReview::new(53, position.to_move(), mv, &before, None).unwrap();
    assert_eq!(m.played_value, proven(truth), "{m:?}");
    // The move lost nothing, and the verdict says so (an unpaired estimate of
    // the best move, ~+36, beside the exact +30 would call it a likely
    // inaccuracy); since s22 the proofs say it exactly.
    assert_eq!(brute_force(&position), truth, "a2 is a best move");
    assert_eq!(m.best_value, proven(truth), "{m:?}");
    assert_eq!(
        (m.best, m.lost, m.class, m.likely),
        (mv, 0, Class::Best, false)
    );
    let value = format!("{truth:+}");
    // The panel's line and the line mode's `why`.
    let panel = crate::strings::describe::reviewed_move(
        &m,
        &m.mv.to_string(),
        &m.played_value.to_string(),
        &m.best_value.to_string(),
    );
    let side = m.player;
    assert!(
        panel.ends_with(&format!(" {mv}: best, {value} for {side}")),
        "{panel}"
    );
    let line = crate::strings::line::reviewed_move(&m);
    assert!(
        line.ends_with(&format!(" {mv}: best, {value} for {side}")),
        "{line}"
    );
    // `hijara analyze`'s table: the played move's value column.
    let review = Review {
        total_moves: 53,
        moves: vec![m],
        summary: [
            PlayerSummary::of(Player::Blue, &[m]),
            PlayerSummary::of(Player::Yellow, &[m]),
        ],
    };
    let mut table = Vec::new();
    crate::strings::review::write_review(&mut table, &review).unwrap();
    let table = String::from_utf8(table).unwrap();
    let row: Vec<&str> = table.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!((row[0], row[3]), ("53", value.as_str()), "{table}");
    // ... and its JSON.
    let json = serde_json::to_value(m).unwrap();
    assert_eq!(
        json["played_value"],
        serde_json::json!({
            "margin": truth,
            "exact": true,
            "outcome": Wdl::from_value(truth),
            "margin_error": 0
        })
    );
}

/// Brief s22 item 1: a move that lost exactly 10 points, which the review at
/// 50,000 nodes estimated as the best (a loss of 0): the proof then showed only
/// "at most 10", and the review called the move best (`examples/review_verdicts`,
/// easy v medium seed 1011, move 46). The proofs now go on to tell 10 from 5 and
/// 0 in the same budget, so the loss and both values are exact, and the verdict
/// is the exact column's: an inaccuracy.
#[test]
fn a_move_that_lost_10_under_an_estimate_of_0_is_proven_an_inaccuracy_not_best() {
    use crate::ai::analysis::LossBound;
    use crate::ai::test_support::random_position;
    use crate::ai::{SolveFor, easy, solve};
    // The example's game: easy (Blue) against medium, each move seeded as there.
    let mut game = Game::new();
    while game.len() < 46 {
        let s = 1011 * 1000 + game.len() as u64;
        let mv = match game.to_move() {
            Player::Blue => easy::choose(game.position(), s),
            Player::Yellow => medium::choose(game.position(), s),
        };
        game.play(mv.unwrap()).unwrap();
    }
    let position = game.position_at(45).to_owned();
    let mv = game.placements()[45].square();
    assert_eq!((mv, position.empty_sections()), (Square::A1, 19));
    let exact = |position: &Position| {
        solve(position, SolveFor::Margin, &SearchLimit::NONE, 1)
            .and_then(|s| s.margin)
            .unwrap()
    };
    let best = exact(&position);
    let truth = -exact(game.position_at(46));
    assert_eq!(best - truth, 10, "a1 lost 10 points");
    let eval = analysis::evaluate_move(&position, Some(mv), &SearchLimit::nodes(50_000)).unwrap();
    assert_eq!(eval.loss_bound, Some(LossBound::AtMost(10)), "{eval:?}");
    let before = PositionValue::of(&position, eval);
    let m = MoveReview::new(46, Player::Yellow, mv, &before, None).unwrap();
    assert_eq!(
        (m.played_value, m.best_value),
        (proven(truth), proven(best)),
        "{m:?}"
    );
    assert_eq!(
        (m.lost, m.lost_range, m.class, m.likely),
        (10, None, Class::Inaccuracy, false),
        "{m:?}"
    );
    // The move named the best is one: its exact value is the position's.
    let mut child = position;
    child.play(m.best).unwrap();
    assert_eq!(-exact(&child), best, "{m:?}");
    // When the budget runs out before the step that tells 10 apart, the review
    // still says at most 10 beside an estimated loss of 0, and calls the move
    // likely best, not best as if proven: at 16 empty sections and 10,000 nodes
    // (c3 there lost 10 too) ...
    let position = random_position(48, 17);
    let eval =
        analysis::evaluate_move(&position, Some(Square::C3), &SearchLimit::nodes(10_000)).unwrap();
    assert_eq!(
        (eval.loss_bound, eval.exact),
        (Some(LossBound::AtMost(10)), false)
    );
    let before = PositionValue::of(&position, eval);
    let m = MoveReview::new(49, Player::Blue, Square::C3, &before, None).unwrap();
    assert_eq!((m.lost, m.class, m.likely), (0, Class::Best, true), "{m:?}");
    // ... and so for every bound that leaves a loss above 0 open; at most 0 is best.
    for (at_most, likely) in [(10, true), (5, true), (0, false)] {
        let before = PositionValue {
            loss_bound: Some(LossBound::AtMost(at_most)),
            ..before
        };
        let m = MoveReview::new(49, Player::Blue, Square::C3, &before, None).unwrap();
        assert_eq!(
            (m.lost, m.class, m.likely),
            (0, Class::Best, likely),
            "{m:?}"
        );
        let said = crate::strings::line::reviewed_move(&m);
        let class = if likely { "likely best" } else { "best" };
        let value = crate::strings::line::value(&m.played_value);
        assert!(
            said.ends_with(&format!("c3: {class}, {value} for Blue")),
            "{said}"
        );
    }
}

/// Brief s23 item 1: a move no proof backs at all is not called best as if
/// proven. At 50,000 nodes (`examples/review_verdicts`, random v medium seed 1009,
/// move 46) b4 lost 10 points, yet the estimates valued it as the best move, and
/// neither the loss proof nor the exact margins finished (both values `~+87
/// win`, no bound): the review said "best". From estimates alone it now says
/// "likely best" (the engine's choice), in the panel, its short form, the line
/// mode, `hijara analyze`'s table and the JSON; exact values, or a proof that the
/// move lost nothing, still say "best".
#[test]
fn a_best_move_that_only_estimates_back_is_likely_best_never_proven() {
    use crate::ai::analysis::LossBound;
    use crate::ai::{SolveFor, solve};
    let mut game = Game::new();
    while game.len() < 46 {
        let s = 1009 * 1000 + game.len() as u64;
        let mv = match game.to_move() {
            Player::Blue => random::choose(game.position(), s),
            Player::Yellow => medium::choose(game.position(), s),
        };
        game.play(mv.unwrap()).unwrap();
    }
    let position = game.position_at(45).to_owned();
    let mv = game.placements()[45].square();
    assert_eq!((mv, position.empty_sections()), (Square::B4, 19));
    let exact = |position: &Position| {
        solve(position, SolveFor::Margin, &SearchLimit::NONE, 1)
            .and_then(|s| s.margin)
            .unwrap()
    };
    assert_eq!(
        exact(&position) + exact(game.position_at(46)),
        10,
        "b4 lost 10 points"
    );
    let eval = analysis::evaluate_move(&position, Some(mv), &SearchLimit::nodes(50_000)).unwrap();
    let before = PositionValue::of(&position, eval);
    let m = MoveReview::new(46, Player::Yellow, mv, &before, None).unwrap();
    // No proof finished: no bound, both values estimates, the loss estimated 0.
    assert_eq!(before.loss_bound, None, "{eval:?}");
    assert!(!m.best_value.exact && !m.played_value.exact, "{m:?}");
    assert_eq!((m.lost, m.class, m.likely), (0, Class::Best, true), "{m:?}");
    // Every view says "likely best", and none says "best" alone.
    let played = m.played_value.to_string();
    let panel =
        crate::strings::describe::reviewed_move(&m, "b4", &played, &m.best_value.to_string());
    assert!(panel.contains("b4: likely best"), "{panel}");
    let short = crate::strings::describe::reviewed_move_short(&m, "b4");
    assert!(short.starts_with("b4: likely best"), "{short}");
    let line = crate::strings::line::reviewed_move(&m);
    assert!(line.contains("b4: likely best"), "{line}");
    let review = Review {
        total_moves: 46,
        moves: vec![m],
        summary: [
            PlayerSummary::of(Player::Blue, &[m]),
            PlayerSummary::of(Player::Yellow, &[m]),
        ],
    };
    let mut table = Vec::new();
    crate::strings::review::write_review(&mut table, &review).unwrap();
    let table = String::from_utf8(table).unwrap();
    let row = table.lines().nth(1).unwrap();
    assert!(row.ends_with(" likely best"), "{table}");
    let json = serde_json::to_value(m).unwrap();
    assert_eq!(
        (&json["class"], &json["likely"]),
        (&"best".into(), &true.into())
    );
    // The same from hand-made values, for the engine's own move (no loss by
    // definition) and for a good move: estimates say likely, whatever the class.
    let own = PositionValue {
        best: Some(Square::A1),
        value: est(3),
        played: Some((Square::A1, est(3))),
        loss_bound: None,
    };
    let good = PositionValue {
        played: Some((Square::B2, est(1))),
        ..own
    };
    for (before, played, class) in [
        (own, Square::A1, Class::Best),
        (good, Square::B2, Class::Good),
    ] {
        let m = MoveReview::new(1, Player::Blue, played, &before, None).unwrap();
        assert_eq!((m.class, m.likely), (class, true), "{m:?}");
        let line = crate::strings::line::reviewed_move(&m);
        assert!(
            line.contains(&format!("{played}: likely {class}")),
            "{line}"
        );
    }
    // Known: both values exact, or the loss proven at most 0 beside an estimate.
    let proven_best = PositionValue {
        value: proven(3),
        played: Some((Square::A1, proven(3))),
        ..own
    };
    let lossless = PositionValue {
        played: Some((Square::B2, proven(3))),
        loss_bound: Some(LossBound::AtMost(0)),
        ..own
    };
    for (before, played) in [(proven_best, Square::A1), (lossless, Square::B2)] {
        let m = MoveReview::new(1, Player::Blue, played, &before, None).unwrap();
        assert_eq!((m.class, m.likely), (Class::Best, false), "{m:?}");
        let line = crate::strings::line::reviewed_move(&m);
        assert!(line.contains(&format!("{played}: best")), "{line}");
    }
}

#[test]
fn an_estimate_carries_its_stages_error_and_an_exact_value_none() {
    use super::classify::{ESTIMATE_ERROR, estimate_error};
    let position = random_game(40, 3).position_at(40).to_owned();
    let best = position.legal_moves().next().unwrap();
    let eval = PositionEval {
        best,
        margin: 7,
        exact: false,
        wdl: None,
        played: None,
        loss_bound: None,
    };
    let value = PositionValue::of(&position, eval).value;
    assert_eq!(value.margin_error, ESTIMATE_ERROR[24 / 4]);
    assert_eq!(value.margin_error, estimate_error(24));
    assert_eq!(value.flipped().margin_error, value.margin_error);
    let exact = PositionEval {
        exact: true,
        margin: 5,
        ..eval
    };
    assert_eq!(PositionValue::of(&position, exact).value.margin_error, 0);
    assert_eq!(
        PositionValue::terminal(&random_game(64, 3).position_at(64).to_owned())
            .value
            .margin_error,
        0
    );
    // Every band has an error, the start position's included.
    assert_eq!(estimate_error(64), ESTIMATE_ERROR[15]);
    assert!(ESTIMATE_ERROR.iter().all(|&e| e > 0));
}

#[test]
fn points_lost_is_zero_for_the_engines_move_and_never_negative() {
    let (a1, b2) = (Square::A1, Square::B2);
    assert_eq!(points_lost(a1, Some(a1), est(10), est(-30)), 0);
    assert_eq!(points_lost(b2, Some(a1), est(10), est(-30)), 40);
    assert_eq!(points_lost(b2, Some(a1), est(10), est(12)), 0);
}

#[test]
fn values_flip_to_the_other_side() {
    let v = Value {
        margin: 15,
        exact: false,
        outcome: Some(Wdl::Win),
        margin_error: 20,
    };
    let f = v.flipped();
    assert_eq!(
        (f.margin, f.exact, f.outcome, f.margin_error),
        (-15, false, Some(Wdl::Loss), 20)
    );
    assert_eq!(f.flipped(), v);
    assert_eq!(proven(0).flipped(), proven(0));
}

/// A game of `plies` seeded random moves.
fn random_game(plies: usize, seed: u64) -> Game {
    let mut game = Game::new();
    for i in 0..plies {
        let mv = random::choose(game.position(), seed.wrapping_add(i as u64 * 7919)).unwrap();
        game.play(mv).unwrap();
    }
    game
}

/// A value whose margin is exact, with no outcome attached (so the thresholds
/// alone decide, whatever the signs).
fn exact(margin: i32) -> Value {
    Value {
        outcome: None,
        ..proven(margin)
    }
}

/// Hand-made values: position `i` is worth `margins[i]` for its mover (exact),
/// best move a1 while a1 is open (else the first open square); no move played
/// valued with it, so a move's value is the next position's.
fn values_of(game: &Game, margins: &[Option<i32>]) -> Vec<Option<PositionValue>> {
    margins
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let position = game.position_at(i);
            m.map(|margin| PositionValue {
                best: position.legal_moves().next(),
                value: exact(margin),
                played: None,
                loss_bound: None,
            })
        })
        .collect()
}

#[test]
fn the_review_uses_each_position_once_and_skips_moves_not_yet_analysed() {
    let game = Game::from_moves([Square::B2, Square::C3, Square::D4, Square::A1]).unwrap();
    // Blue b2 (best a1): 10 -> -(-4) = 4: lost 6. Yellow c3: 4 -> -(8): lost 12.
    // Blue d4: position 3 unknown: skipped. Yellow a1 (its best): lost 0.
    let values = values_of(&game, &[Some(10), Some(-4), Some(8), None, Some(3)]);
    let review = Review::build(&game, &values);
    assert_eq!(review.total_moves, 4);
    let got: Vec<(usize, i32, i32, i32, Class)> = review
        .moves
        .iter()
        .map(|m| {
            (
                m.number,
                m.best_value.margin,
                m.played_value.margin,
                m.lost,
                m.class,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (1, 10, 4, 6, Class::Inaccuracy),
            (2, -4, -8, 4, Class::Good),
        ]
    );
    assert_eq!(review.moves[0].player, Player::Blue);
    assert_eq!(review.moves[0].best, Square::A1);
    let blue = review.summary_of(Player::Blue);
    assert_eq!((blue.moves, blue.count(Class::Inaccuracy)), (1, 1));
    assert_eq!(blue.average_lost, 6.0);
    assert_eq!(blue.biggest_swing.map(|s| s.number), Some(1));
    let yellow = review.summary_of(Player::Yellow);
    assert_eq!(
        yellow.biggest_swing.map(|s| (s.number, s.lost)),
        Some((2, 4))
    );
}

#[test]
fn a_move_valued_with_its_position_is_reviewed_without_the_next_one() {
    let game = Game::from_moves([Square::B2, Square::C3]).unwrap();
    // Position 0 valued with b2 in the same search: best a1 at ~+10, b2 ~-10.
    let values = vec![
        Some(PositionValue {
            best: Some(Square::A1),
            value: est(10),
            played: Some((Square::B2, est(-10))),
            loss_bound: None,
        }),
        None,
        None,
    ];
    let review = Review::build(&game, &values);
    assert_eq!(review.moves.len(), 1);
    let m = review.moves[0];
    assert_eq!((m.best, m.mv), (Square::A1, Square::B2));
    assert_eq!(
        (m.best_value.margin, m.played_value.margin, m.lost),
        (10, -10, 20)
    );
    // From estimates: likely, with a range; unproven, 20 points is an
    // inaccuracy this far from the end (`UNPROVEN_MISTAKE_FROM`).
    assert!(m.likely && m.lost_range.is_some(), "{m:?}");
    assert_eq!(m.class, Class::Inaccuracy, "{m:?}");
    // A value for another move than the one played is not used for it.
    let values = vec![
        Some(PositionValue {
            best: Some(Square::A1),
            value: est(10),
            played: Some((Square::D4, est(-10))),
            loss_bound: None,
        }),
        None,
        None,
    ];
    assert!(Review::build(&game, &values).moves.is_empty());
}

#[test]
fn the_biggest_swing_is_the_first_of_equal_losses_and_none_without_losses() {
    let game =
        Game::from_moves([Square::B2, Square::C3, Square::D4, Square::B2, Square::B2]).unwrap();
    let values = values_of(
        &game,
        &[Some(0), Some(10), Some(-20), Some(30), Some(-40), Some(0)],
    );
    let review = Review::build(&game, &values);
    // Blue: move 1 loses 0 - (-10) = 10, move 3 loses -20 - (-30) = 10, move 5 -40 - 0: best.
    let blue = review.summary_of(Player::Blue);
    assert_eq!(
        blue.biggest_swing.map(|s| (s.number, s.lost)),
        Some((1, 10))
    );
    // Yellow's moves both gain.
    let yellow = review.summary_of(Player::Yellow);
    assert_eq!(yellow.biggest_swing, None);
    assert_eq!(yellow.count(Class::Best), 2);
}

/// A small review with every kind of value and verdict, for the text and JSON
/// tests: a likely best move (estimates), a likely blunder (estimates), the engine's
/// own move from a proof, and a mistake from exact values.
fn sample_review() -> Review {
    let game = Game::from_moves([Square::B2, Square::C3, Square::A1, Square::D4]).unwrap();
    let valued = |best, value, played| {
        Some(PositionValue {
            best: Some(best),
            value,
            played,
            loss_bound: None,
        })
    };
    let values = vec![
        valued(
            Square::A1,
            est_within(3, 20),
            Some((Square::B2, est_within(3, 20))),
        ),
        // Estimates, the loss proven to be 15 or more.
        Some(PositionValue {
            best: Some(Square::A1),
            value: est_within(-3, 20),
            played: Some((Square::C3, est_within(-25, 20))),
            loss_bound: Some(analysis::LossBound::AtLeast(15)),
        }),
        valued(Square::A1, proven(25), Some((Square::A1, proven(25)))),
        valued(Square::B3, proven(-5), Some((Square::D4, proven(-20)))),
        valued(
            Square::B3,
            Value {
                margin: 20,
                exact: false,
                outcome: Some(Wdl::Win),
                margin_error: 25,
            },
            None,
        ),
    ];
    Review::build(&game, &values)
}

#[test]
fn the_text_table_and_summary() {
    let mut out = Vec::new();
    crate::strings::review::write_review(&mut out, &sample_review()).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    insta::assert_snapshot!(text);
    // The line mode's summary counts the likely best move (1, from estimates) apart
    // from the proven one (3), as the table's columns do; it said "2 best moves".
    let review = sample_review();
    let said = crate::strings::line::player_summary(review.summary_of(Player::Blue));
    assert!(
        said.starts_with("Blue: 2 moves reviewed, 1 best move, 1 likely best move; "),
        "{said}"
    );
    assert_eq!(review.summary_of(Player::Blue).proven_best(), 1);
}

/// QA (s30): `Biggest swing, Blue: move 49 c4 ~-77 loss (best b2 ~-44 loss), 33
/// (28-45) points lost` was 86 columns, cut at 80. Too wide, the points lost go on a
/// line of their own, indented; with the widest values every line still fits 80
/// display columns, and a swing that fits stays one line.
#[test]
fn a_biggest_swing_too_wide_for_80_columns_is_wrapped_with_an_indent() {
    let loss = |margin| Value {
        margin,
        exact: false,
        outcome: Some(Wdl::Loss),
        margin_error: 20,
    };
    let text_with = |played: Value, best: Value, lost: i32, range: [i32; 2]| {
        let mut review = sample_review();
        review.summary[0].biggest_swing = Some(report::Swing {
            number: 49,
            mv: Square::C4,
            best: Square::B2,
            lost,
            lost_range: Some(range),
            best_value: best,
            played_value: played,
        });
        let mut out = Vec::new();
        crate::strings::review::write_review(&mut out, &review).unwrap();
        String::from_utf8(out).unwrap()
    };
    let text = text_with(loss(-77), loss(-44), 33, [28, 45]);
    assert!(
        text.contains(
            "Biggest swing, Blue: move 49 c4 ~-77 loss (best b2 ~-44 loss),\n  33 (28-45) points lost\n"
        ),
        "{text}"
    );
    let widest = text_with(loss(-999), loss(-999), 999, [985, 999]);
    for text in [&text, &widest] {
        for line in text.lines() {
            assert!(crate::text::width(line) <= 80, "{line:?}");
        }
    }
    // One that fits is one line, as before.
    let text = text_with(est(-10), est(5), 15, [3, 29]);
    assert!(
        text.contains(
            "Biggest swing, Blue: move 49 c4 ~-10 (best b2 ~+5), 15 (3-29) points lost\n"
        ),
        "{text}"
    );
}

#[test]
fn value_text_marks_estimates_and_proofs() {
    assert_eq!(proven(15).to_string(), "+15");
    assert_eq!(proven(0).to_string(), "0");
    assert_eq!(est(-5).to_string(), "~-5");
    let v = Value {
        margin: 1,
        exact: false,
        outcome: Some(Wdl::Win),
        margin_error: 25,
    };
    assert_eq!(v.to_string(), "~+1 win");
    assert_eq!(
        crate::strings::review::lost_text(20, Some([12, 30])),
        "20 (12-30)"
    );
    assert_eq!(crate::strings::review::lost_text(20, None), "20");
    assert_eq!(
        crate::strings::review::class_text(Class::Mistake, true),
        "likely mistake"
    );
    assert_eq!(
        crate::strings::review::class_text(Class::Mistake, false),
        "mistake"
    );
}

#[test]
fn the_json_shape() {
    let json = serde_json::to_value(sample_review()).unwrap();
    let expected = serde_json::json!({
        "moves": 4,
        "review": [
            {"move": 1, "player": "blue", "square": "b2", "best": "a1",
             "best_value": {"margin": 3, "exact": false, "outcome": null, "margin_error": 20},
             "played_value": {"margin": 3, "exact": false, "outcome": null, "margin_error": 20},
             "lost": 0, "lost_range": null, "class": "best", "likely": true},
            {"move": 2, "player": "yellow", "square": "c3", "best": "a1",
             "best_value": {"margin": -3, "exact": false, "outcome": null, "margin_error": 20},
             "played_value": {"margin": -25, "exact": false, "outcome": null, "margin_error": 20},
             "lost": 22, "lost_range": [15, 36], "class": "blunder", "likely": true},
            {"move": 3, "player": "blue", "square": "a1", "best": "a1",
             "best_value": {"margin": 25, "exact": true, "outcome": "win", "margin_error": 0},
             "played_value": {"margin": 25, "exact": true, "outcome": "win", "margin_error": 0},
             "lost": 0, "lost_range": null, "class": "best", "likely": false},
            {"move": 4, "player": "yellow", "square": "d4", "best": "b3",
             "best_value": {"margin": -5, "exact": true, "outcome": "loss", "margin_error": 0},
             "played_value": {"margin": -20, "exact": true, "outcome": "loss", "margin_error": 0},
             "lost": 15, "lost_range": null, "class": "mistake", "likely": false}
        ],
        "summary": {
            "blue": {"moves": 2, "best": 2, "likely_best": 1, "good": 0, "inaccuracy": 0, "mistake": 0,
                     "blunder": 0, "average_lost": 0.0, "biggest_swing": null},
            "yellow": {"moves": 2, "best": 0, "likely_best": 0, "good": 0, "inaccuracy": 0, "mistake": 1,
                       "blunder": 1, "average_lost": 18.5,
                       "biggest_swing": {"move": 2, "square": "c3", "best": "a1", "lost": 22,
                                         "lost_range": [15, 36],
                                         "best_value": {"margin": -3, "exact": false,
                                                        "outcome": null, "margin_error": 20},
                                         "played_value": {"margin": -25, "exact": false,
                                                          "outcome": null, "margin_error": 20}}}
        }
    });
    assert_eq!(json, expected);
}

/// A fake evaluator: the value is the number of stones, the best move the first open square.
fn fake(
    position: &Position,
    _played: Option<Move>,
    _stop: Option<&AtomicBool>,
) -> Option<PositionEval> {
    Some(PositionEval {
        best: position.legal_moves().next()?,
        margin: position.ply() as i32,
        exact: false,
        wdl: None,
        played: None,
        loss_bound: None,
    })
}

#[test]
fn the_driver_analyses_each_position_once_on_any_number_of_threads() {
    let game = random_game(64, 5);
    let positions: Vec<Position> = (0..=64).map(|n| *game.position_at(n)).collect();
    for threads in [1, 2, 5] {
        let mut seen = vec![0; positions.len()];
        let mut dones = Vec::new();
        let values = analyse_positions(&positions, &[], threads, None, fake, |p| {
            seen[p.index] += 1;
            dones.push(p.done);
            assert_eq!(p.total, 65);
        });
        assert!(seen.iter().all(|&n| n == 1), "threads {threads}: {seen:?}");
        assert_eq!(dones, (1..=65).collect::<Vec<_>>());
        for (i, v) in values.iter().enumerate() {
            let v = v.unwrap();
            if i < 64 {
                assert_eq!(v.value.margin, i as i32);
                assert_eq!(v.best, positions[i].legal_moves().next());
            } else {
                // The full board: its real final margin for the side to move, exact.
                assert_eq!(v, PositionValue::terminal(&positions[64]));
                assert!(v.value.exact && v.best.is_none());
            }
        }
    }
}

#[test]
fn a_raised_stop_flag_ends_the_driver_with_no_results() {
    let game = random_game(20, 1);
    let stop = AtomicBool::new(true);
    let mut calls = 0;
    let values = analyse_game(&game, Duration::from_secs(60), 2, Some(&stop), |_| {
        calls += 1
    });
    assert_eq!(calls, 0);
    assert_eq!(values.len(), 21);
    assert!(values.iter().all(Option::is_none));
}

#[test]
fn a_background_analysis_delivers_every_position_and_stops_when_dropped() {
    let game = random_game(64, 9);
    let background = Background::start(game.clone(), Duration::from_millis(1), 2);
    let mut values = vec![None; 65];
    while let Some(p) = background.recv() {
        values[p.index] = Some(p.value);
    }
    assert!(values.iter().all(Option::is_some));
    let review = Review::build(&game, &values);
    assert_eq!(review.moves.len(), 64);
    // Stopped at once: dropping returns, whatever was analysed by then.
    let long = Background::start(game, Duration::from_secs(3600), 2);
    long.stop();
    let delivered = long.try_iter().count();
    assert!(delivered <= 65);
    drop(long);
}

/// A panic in one of the analysis's threads ends the background analysis: its
/// message kept for the UI ([`Background::failure`]), the results channel closed.
#[test]
fn a_panic_in_an_analysis_thread_ends_the_background_with_its_message() {
    let background = Background::spawn(
        || {},
        |stop, report| {
            let positions = vec![*Game::new().position(); 6];
            let evaluator = |_: &Position,
                             _: Option<Move>,
                             _: Option<&AtomicBool>|
             -> Option<PositionEval> { panic!("the evaluator broke") };
            analyse_positions(&positions, &[], 2, Some(stop), evaluator, report);
        },
    );
    while background.recv().is_some() {}
    let failure = background.failure().expect("the panic is kept");
    assert!(failure.starts_with("the evaluator broke"), "{failure}");
    assert!(background.drain().1, "ended");
    // An analysis that ends well has no failure.
    let fine = Background::start(random_game(4, 1), Duration::from_millis(1), 2);
    while fine.recv().is_some() {}
    assert_eq!(fine.failure(), None);
}

/// Proves `position` for win, draw or loss, with no limit.
fn solve(position: &Position) -> Wdl {
    let mut searcher = Searcher::new(18, SearchLimit::NONE);
    let order: Vec<Move> = position.legal_moves().collect();
    searcher.solve_wdl(position, &order).unwrap().1
}

/// A game where move 47 (18 empty sections before it) turns a proven win into a
/// draw or a loss, found by playing seeded medium-against-medium games, then
/// played to the end by medium.
fn game_with_a_thrown_away_win() -> Game {
    for seed in 0..200u64 {
        let mut game = Game::new();
        for i in 0..46 {
            let mv = medium::choose(game.position(), seed * 1000 + i).unwrap();
            game.play(mv).unwrap();
        }
        let position = *game.position();
        assert_eq!(position.empty_sections(), 18);
        if solve(&position) != Wdl::Win {
            continue;
        }
        let throw = position.legal_moves().find(|&mv| {
            let mut child = position;
            child.play(mv).unwrap();
            solve(&child) != Wdl::Loss
        });
        let Some(throw) = throw else { continue };
        game.play(throw).unwrap();
        while let Some(mv) = medium::choose(game.position(), seed) {
            game.play(mv).unwrap();
        }
        return game;
    }
    panic!("no medium game in 200 seeds has a win to throw away at 18 empty sections");
}

#[test]
fn a_thrown_away_win_is_a_blunder_and_the_named_move_wins() {
    let game = game_with_a_thrown_away_win();
    // Through the record format, as `hijara analyze` reads it.
    let text = Record::from_game(&game, [("Blue", "medium")])
        .unwrap()
        .to_string();
    let game = text.parse::<Record>().unwrap().to_game().unwrap();
    let positions: Vec<Position> = (0..=game.len()).map(|n| *game.position_at(n)).collect();
    // A big budget where it matters (before move 47, valued with it), a small
    // one elsewhere, so the test is quick: 20 s across the whole solve range took 22-28 s.
    let values = analyse_game_with(
        &game,
        2,
        None,
        |position, mv, stop| {
            let budget = if *position == positions[46] {
                Duration::from_secs(20)
            } else {
                Duration::from_millis(5)
            };
            let limit = SearchLimit {
                time: Some(budget),
                stop,
                ..SearchLimit::NONE
            };
            analysis::evaluate_move(position, mv, &limit)
        },
        |_| {},
    );
    let review = Review::build(&game, &values);
    assert_eq!(review.moves.len(), 64);
    let m = review.moves[46];
    assert_eq!(m.number, 47);
    assert_eq!(m.best_value.outcome, Some(Wdl::Win), "{m:?}");
    assert!(
        matches!(m.played_value.outcome, Some(Wdl::Draw | Wdl::Loss)),
        "{m:?}"
    );
    assert_eq!(m.class, Class::Blunder, "{m:?}");
    assert_ne!(m.best, m.mv);
    // The named move wins: after it the opponent is proven lost.
    let mut child = positions[46];
    child.play(m.best).unwrap();
    assert_eq!(solve(&child), Wdl::Loss, "{} does not win", m.best);
    assert!(review.summary_of(Player::Blue).count(Class::Blunder) >= 1);
}

/// The last `n` positions of `game` analysed, earlier ones left out.
fn analyse_tail(game: &Game, n: usize) -> Vec<Option<PositionValue>> {
    let len = game.len();
    let positions: Vec<Position> = (len - n..=len).map(|i| *game.position_at(i)).collect();
    let played: Vec<Move> = game.placements()[len - n..]
        .iter()
        .map(|p| p.square())
        .collect();
    let tail = analyse_positions(
        &positions,
        &played,
        2,
        None,
        |p, mv, stop| {
            let limit = SearchLimit {
                time: Some(Duration::from_secs(20)),
                stop,
                ..SearchLimit::NONE
            };
            analysis::evaluate_move(p, mv, &limit)
        },
        |_| {},
    );
    let mut values = vec![None; len - n];
    values.extend(tail);
    values
}

#[test]
fn exact_values_of_the_last_ten_moves_equal_plain_minimax() {
    let complete: Record = include_str!("../../assets/games/complete.hij")
        .parse()
        .unwrap();
    let mut games = vec![complete.to_game().unwrap()];
    games.extend((0..3).map(|seed| random_game(64, 100 + seed)));
    for (g, game) in games.iter().enumerate() {
        let review = Review::build(game, &analyse_tail(game, 10));
        assert_eq!(review.moves.len(), 10, "game {g}");
        for m in &review.moves {
            let i = m.number - 1;
            let before = brute_force(game.position_at(i));
            let after = -brute_force(game.position_at(i + 1));
            assert!(
                m.best_value.exact && m.played_value.exact && !m.likely,
                "game {g} move {}",
                m.number
            );
            assert_eq!(m.best_value.margin, before, "game {g} move {}", m.number);
            assert_eq!(m.played_value.margin, after, "game {g} move {}", m.number);
            assert_eq!(m.lost, before - after, "game {g} move {}", m.number);
            let mut child = *game.position_at(i);
            child.play(m.best).unwrap();
            assert_eq!(
                -brute_force(&child),
                before,
                "game {g}: best move of {}",
                m.number
            );
        }
    }
}

#[test]
fn annotating_marks_inaccuracies_and_worse_and_round_trips() {
    let game = Game::from_moves([Square::B2, Square::C3, Square::D4, Square::A1]).unwrap();
    // Move 1 loses 6 (inaccuracy), move 2 loses 4 (good), move 3 loses 25 (blunder);
    // exact values.
    let values = values_of(&game, &[Some(10), Some(-4), Some(8), Some(17), Some(0)]);
    let review = Review::build(&game, &values);
    let text = "[Blue \"Ann\"]\n\n{before the game}\n1. b2 {Ann's idea} c3! 2. d4 a1\n";
    let mut record: Record = text.parse().unwrap();
    let marked = annotate::annotate(&mut record, &review).unwrap();
    assert_eq!(marked, 2);
    let written = record.to_string();
    assert!(
        written.contains("b2?! {Ann's idea} {b2 +4, best a1 +10}"),
        "{written}"
    );
    assert!(
        written.contains("c3!"),
        "a good move keeps its own mark: {written}"
    );
    assert!(written.contains("d4?? {d4 -17, best a1 +8}"), "{written}");
    // Parse -> annotate -> parse: the same record, marks and comments included.
    let back: Record = written.parse().unwrap();
    assert_eq!(back, record);
    assert_eq!(back.mark(0), Some(crate::record::Mark::Dubious));
    assert_eq!(back.comments(0), ["Ann's idea", "b2 +4, best a1 +10"]);
    assert_eq!(back.game_comments(), ["before the game"]);
    assert_eq!(back.to_game().unwrap().placements(), game.placements());
    // Annotating again changes nothing.
    let mut again = back.clone();
    annotate::annotate(&mut again, &review).unwrap();
    assert_eq!(again, back);
}

/// Defect (cliqa helper): annotating an annotated record again, with values that had
/// changed (estimates vary from run to run; `--deep` after a first review), stacked a
/// second, contradicting comment on each marked move and kept the old `?!` on a move
/// the new review calls good. The new review replaces the old one's marks and
/// comments; the record's own comments and marks stay.
#[test]
fn annotating_again_replaces_an_earlier_review() {
    let game = Game::from_moves([Square::B2, Square::C3, Square::D4, Square::A1]).unwrap();
    let first = Review::build(
        &game,
        &values_of(&game, &[Some(10), Some(-4), Some(8), Some(17), Some(0)]),
    );
    let text = "[Blue \"Ann\"]\n\n1. b2 {Ann's idea} c3! 2. d4 {a1 -3, best b1 +2} a1!?\n";
    let mut record: Record = text.parse().unwrap();
    annotate::annotate(&mut record, &first).unwrap();
    assert_eq!(record.comments(0), ["Ann's idea", "b2 +4, best a1 +10"]);
    assert_eq!(record.mark(2), Some(crate::record::Mark::Blunder));
    // The second review: move 1 now good (lost 2), move 3 a mistake (lost 12).
    let second = Review::build(
        &game,
        &values_of(&game, &[Some(6), Some(-4), Some(8), Some(4), Some(0)]),
    );
    let mut again: Record = record.to_string().parse().unwrap();
    annotate::annotate(&mut again, &second).unwrap();
    assert_eq!(again.comments(0), ["Ann's idea"], "{again}");
    assert_eq!(again.mark(0), None, "{again}");
    assert_eq!(again.mark(1), Some(crate::record::Mark::Good));
    // A comment naming another move's square is the record's own, as is a mark the
    // review never gives.
    assert_eq!(
        again.comments(2),
        ["a1 -3, best b1 +2", "d4 -4, best a1 +8"],
        "{again}"
    );
    assert_eq!(again.mark(2), Some(crate::record::Mark::Mistake));
    assert_eq!(again.mark(3), Some(crate::record::Mark::Interesting));
    // Annotating with the second review once more changes nothing.
    let mut thrice = again.clone();
    annotate::annotate(&mut thrice, &second).unwrap();
    assert_eq!(thrice, again);
}

#[test]
fn the_stored_blunder_record_throws_away_a_proven_win_at_move_53() {
    // tests/data/blunder.hij is the record the replay viewer's end-to-end test reviews.
    let record: Record = include_str!("../../tests/data/blunder.hij")
        .parse()
        .unwrap();
    let game = record.to_game().unwrap();
    let before = *game.position_at(52);
    assert_eq!(before.empty_sections(), 12);
    assert_eq!(game.placements()[52].square(), Square::D1);
    assert_eq!(solve(&before), Wdl::Win, "Blue wins before move 53");
    assert_eq!(solve(game.position_at(53)), Wdl::Win, "and Yellow after it");
    assert_eq!(record.comments(0), ["a quiet start"]);
    assert_eq!(record.mark(1), Some(crate::record::Mark::Good));
}

/// The exact JSON text of a review (`hijara analyze --json`): field names, order and
/// every enum's spelling, kept byte for byte (issue 16 added `margin_error` to each value;
/// issue 29 named the values `best_value` and `played_value` and added `lost_range` and `likely`).
#[test]
fn the_json_text_is_kept_exactly() {
    let json = serde_json::to_string(&sample_review()).unwrap();
    assert_eq!(json, GOLDEN_REVIEW_JSON);
}

const GOLDEN_REVIEW_JSON: &str = concat!(
    r#"{"moves":4,"review":[{"move":1,"player":"blue","square":"b2","best":"a1","best_v"#,
    r#"alue":{"margin":3,"exact":false,"outcome":null,"margin_error":20},"played_value""#,
    r#":{"margin":3,"exact":false,"outcome":null,"margin_error":20},"lost":0,"lost_rang"#,
    r#"e":null,"class":"best","likely":true},{"move":2,"player":"yellow","square":"c3","#,
    r#""best":"a1","best_value":{"margin":-3,"exact":false,"outcome":null,"margin_error"#,
    r#"":20},"played_value":{"margin":-25,"exact":false,"outcome":null,"margin_error":2"#,
    r#"0},"lost":22,"lost_range":[15,36],"class":"blunder","likely":true},{"move":3,"pl"#,
    r#"ayer":"blue","square":"a1","best":"a1","best_value":{"margin":25,"exact":true,"o"#,
    r#"utcome":"win","margin_error":0},"played_value":{"margin":25,"exact":true,"outcom"#,
    r#"e":"win","margin_error":0},"lost":0,"lost_range":null,"class":"best","likely":fa"#,
    r#"lse},{"move":4,"player":"yellow","square":"d4","best":"b3","best_value":{"margin"#,
    r#"":-5,"exact":true,"outcome":"loss","margin_error":0},"played_value":{"margin":-2"#,
    r#"0,"exact":true,"outcome":"loss","margin_error":0},"lost":15,"lost_range":null,"c"#,
    r#"lass":"mistake","likely":false}],"summary":{"blue":{"moves":2,"best":2,"likely_b"#,
    r#"est":1,"good":0,"inaccuracy":0,"mistake":0,"blunder":0,"average_lost":0.0,"bigge"#,
    r#"st_swing":null},"yellow":{"moves":2,"best":0,"likely_best":0,"good":0,"inaccurac"#,
    r#"y":0,"mistake":1,"blunder":1,"average_lost":18.5,"biggest_swing":{"move":2,"squa"#,
    r#"re":"c3","best":"a1","lost":22,"lost_range":[15,36],"best_value":{"margin":-3,"e"#,
    r#"xact":false,"outcome":null,"margin_error":20},"played_value":{"margin":-25,"exac"#,
    r#"t":false,"outcome":null,"margin_error":20}}}}}"#,
);

/// A game of medium against medium down to 22 empty sections, then of hard
/// (`hard_colour`, 20,000 nodes a move on one thread, its engine kept between
/// moves as in a local game) against medium; hard's decisions by move index.
fn hard_from_22(seed: u64, hard_colour: Player) -> (Game, Vec<Option<crate::ai::Decision>>) {
    use crate::ai::{AiSettings, Engine, Level};
    let mut engine = Engine::new(AiSettings {
        seed,
        threads: Some(1),
        ..AiSettings::new(Level::Hard)
    });
    let mut game = Game::new();
    let mut decisions = Vec::new();
    while !game.is_over() {
        let position = *game.position();
        let (mv, d) = if position.to_move() == hard_colour && position.empty_sections() <= 22 {
            let d = engine
                .decide(&position, &SearchLimit::nodes(20_000))
                .unwrap();
            (d.mv, Some(d))
        } else {
            (
                medium::choose(&position, seed ^ position.ply() as u64).unwrap(),
                None,
            )
        };
        game.play(mv).unwrap();
        decisions.push(d);
    }
    (game, decisions)
}

#[test]
fn the_review_never_flags_a_move_hard_played_from_a_position_it_had_solved() {
    let mut solved = 0;
    for seed in 1..=3 {
        for colour in [Player::Blue, Player::Yellow] {
            let (game, decisions) = hard_from_22(seed, colour);
            // The review of hard's moves whose margin it proved (a node budget:
            // the same verdicts on any machine), the other positions left out.
            let values = analyse_game_with(
                &game,
                1,
                None,
                |position, mv, _| {
                    let i = position.ply() as usize;
                    decisions.get(i)?.as_ref()?.margin?;
                    analysis::evaluate_move(position, mv, &SearchLimit::nodes(2_000_000))
                },
                |_| {},
            );
            let review = Review::build(&game, &values);
            for m in &review.moves {
                solved += 1;
                assert!(
                    m.class <= Class::Good && !m.likely,
                    "seed {seed}, hard {colour}: move {} flagged: {m:?}",
                    m.number
                );
            }
        }
    }
    // Not vacuous: hard proved the margin of many moves.
    assert!(solved >= 30, "{solved} moves of hard with a proven margin");
}

/// Brief s20 item 2: the review's verdicts against the solver's on real games. Every
/// move played from a position with at most 14 empty sections (where the review
/// solves to the end within its budget) of the two finished shipped records and of
/// seeded games of medium against easy, under both rulesets, is valued twice: by the review, as `hijara analyze --nodes
/// 20000` values it, and by exact solves of the position and of the position after
/// the move ([`crate::ai::solve`]), whose class follows the same rule with exact
/// values. The review's values are then exact and the solver's, and the classes agree.
/// (`examples/review_verdicts.rs` compares them at the review's own budget, from 20
/// empty sections, on more games.)
#[test]
fn late_verdicts_agree_with_the_solver_on_real_games() {
    use crate::ai::{SolveFor, easy, solve};
    use crate::rules::Ruleset;
    let mut games: Vec<(String, Game)> = ["tests/data/blunder.hij", "assets/games/complete.hij"]
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            let record: Record = text.parse().unwrap();
            (path.to_string(), record.to_game().unwrap())
        })
        .collect();
    for (seed, ruleset) in (1..=4u64).zip([Ruleset::Standard, Ruleset::Corners].repeat(2)) {
        let mut game = Game::with_ruleset(ruleset);
        while !game.is_over() {
            let s = seed * 1000 + game.len() as u64;
            let mv = match game.to_move() {
                Player::Blue => medium::choose(game.position(), s),
                Player::Yellow => easy::choose(game.position(), s),
            };
            game.play(mv.unwrap()).unwrap();
        }
        games.push((format!("medium v easy, {ruleset}, seed {seed}"), game));
    }
    let margin = |position: &Position| {
        if position.is_over() {
            return PositionValue::terminal(position).value.margin;
        }
        solve(position, SolveFor::Margin, &SearchLimit::NONE, 1)
            .and_then(|s| s.margin)
            .unwrap()
    };
    let (mut compared, mut flagged) = (0, 0);
    for (name, game) in &games {
        let every: Vec<usize> = (64 - 14..=game.len()).collect();
        let values = analyse_game_at(game, &every, ReviewBudget::Nodes(20_000), 2, None, |_| {});
        let mut all = vec![None; game.len() + 1];
        for (&i, v) in every.iter().zip(values) {
            all[i] = v;
        }
        let review = Review::build(game, &all);
        assert_eq!(review.moves.len(), 14, "{name}");
        for m in &review.moves {
            let before = game.position_at(m.number - 1);
            let (best, played) = (margin(before), -margin(game.position_at(m.number)));
            let lost = best - played;
            let truth = classify(lost, proven(best), proven(played), 0, None);
            let what = format!(
                "{name}, move {} {}: {m:?}, exact {played} of {best}",
                m.number, m.mv
            );
            assert!(m.best_value.exact && m.played_value.exact, "{what}");
            assert_eq!(
                (m.best_value.margin, m.played_value.margin),
                (best, played),
                "{what}"
            );
            assert_eq!(m.lost, lost, "{what}");
            assert_eq!(m.class, truth, "{what}");
            compared += 1;
            flagged += usize::from(truth > Class::Good);
        }
    }
    // Not vacuous: the games hold faults to find, proven ones among them.
    assert_eq!(compared, 14 * games.len());
    assert!(
        flagged >= 5,
        "{flagged} of {compared} moves worse than good"
    );
}
