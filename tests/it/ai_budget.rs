//! Issue 9: every level answers within its budget from any legal position, including
//! positions hard did not steer (loaded records, hints for a person playing Yellow,
//! engine command sequences). In-process, the budget is a node count, so a loaded CI
//! machine cannot fail the test and a search that overruns its budget by any margin
//! does; one end-to-end check (`genmove`) keeps the time promise itself, with a generous
//! bound (3 s for a 1 s budget). The tight time figure (<= 1.1 s) comes from
//! `hijara selfplay` and docs/ai.md.

use std::time::Duration;

use hijara::ai::{AiSettings, Engine, Level, SearchLimit};
use hijara::rules::Position;

/// The positions of the bug reports, as move lists.
pub const BUG_POSITIONS: [&str; 6] = [
    // `genmove yellow` never answered (issue 9, point 1).
    "b2 a1 c3",
    // `play --load r.hij --yellow hard` never moved (point 2).
    "a1 c1 a3 a3 b2 d2 a3 c4 c2 d2 d2 d4 b3 a2 b3 a3 c1 b3 c4 b1 b1",
    // Yellow to move at 29 empty sections, searched in turn in one process (point 4).
    "a3 d1 c4 a4 c4 a3 b3 c4 c3 d3 c3 d4 d2 c1 c3 c3 b3 b3 b1 c1 b2 b4 b4 b2 d2 d2 d3 a4 b2 d1 d1 a2 c1 c1 a1",
    "a4 c2 a2 a4 c4 c1 d3 a1 d4 d1 a2 c2 c2 c1 a2 a2 c4 d1 c4 c4 b1 c1 c1 b1 b4 a1 b3 b3 d1 d1 b3 a4 b4 a4 c3",
    "b2 b4 b3 b1 d4 b4 d3 d1 b4 a1 c3 c1 a3 b2 b3 b3 b4 c3 c3 c1 c1 b1 b1 a1 d1 a1 a1 c2 c2 d4 c2 c4 d3 c1 a4",
    // Blue to move on an empty board (a hint for the first move).
    "",
];

/// Hard's budget in these tests: about a quarter of a second's nodes.
const NODES: u64 = 200_000;

/// Threads for hard: two, so the parallel search's stopping is tested too.
const THREADS: usize = 2;

/// How far past its node limit a search may go: each phase checks the limit once 256
/// nodes have passed since its last check, on each thread, and a phase whose share is
/// spent still runs one such batch. Measured from these positions: at most 520 nodes
/// past the limit on two threads (`negamax` counted only a check's worth of nodes
/// when its check fell on an inner node before, and searched up to 3.5 times its limit).
const OVERRUN: u64 = 4 * 256 * THREADS as u64;

/// A node limit, with a time far past it only so that a search that ignored the node
/// count would end (and fail) instead of hanging CI.
fn node_budget(nodes: u64) -> SearchLimit<'static> {
    SearchLimit {
        nodes: Some(nodes),
        time: Some(Duration::from_secs(120)),
        ..SearchLimit::NONE
    }
}

fn position(moves: &str) -> Position {
    let mut p = Position::new();
    for mv in moves.split_whitespace() {
        p.play(mv.parse().expect("a square")).expect("a legal move");
    }
    p
}

/// Hard's move in `p` within `nodes`, checked: a legal move, and no more nodes than
/// the budget allows. `what` says where, for the failure message.
fn hard_within(engine: &mut Engine, p: &Position, nodes: u64, what: &str) {
    let decision = engine
        .decide(p, &node_budget(nodes))
        .expect("the board is not full");
    assert!(!p.is_full(decision.mv), "{what}");
    assert!(
        decision.nodes <= nodes + OVERRUN,
        "hard searched {} nodes for a budget of {nodes} {what}",
        decision.nodes
    );
}

#[test]
fn every_bug_report_position_answers_within_the_budget() {
    // One player per level for every position in turn, as in one process
    // (point 4): what hard kept from one position must not slow the next.
    let mut engines = [Level::Random, Level::Easy, Level::Medium, Level::Hard].map(|level| {
        Engine::new(AiSettings {
            threads: Some(THREADS),
            ..AiSettings::new(level)
        })
    });
    for moves in BUG_POSITIONS {
        let p = position(moves);
        for engine in &mut engines {
            let what = format!("after `{moves}`");
            if engine.settings().level == Level::Hard {
                hard_within(engine, &p, NODES, &what);
            } else {
                // The other levels do not search by budget: they answer at once (the
                // end-to-end test below times them).
                let mv = engine.choose(&p, &node_budget(NODES)).expect("a move");
                assert!(!p.is_full(mv), "{what}");
            }
        }
    }
}

#[test]
fn a_hint_for_yellow_off_the_mirror_line_answers_within_the_budget() {
    // Yellow leaves the mirror line at once, as a person might; then every
    // Yellow position of a medium-played game is a cold start for hard.
    let mut p = position("b2 a1");
    let mut medium = Engine::new(AiSettings::new(Level::Medium));
    let mut hard = Engine::new(AiSettings {
        threads: Some(THREADS),
        ..AiSettings::new(Level::Hard)
    });
    while !p.is_over() {
        if p.to_move() == hijara::rules::Player::Yellow && p.empty_sections() % 6 == 1 {
            let what = format!("at {} empty", p.empty_sections());
            hard_within(&mut hard, &p, NODES / 4, &what);
        }
        p.play(medium.choose(&p, &SearchLimit::NONE).expect("a move"))
            .expect("legal");
    }
}

// Each level under both rulesets (`variant` starts the game under them), one test a
// ruleset: as one, its 12 searches of hard at 1 s each were the integration binary's
// longest test (11 s), and the test threads run the two side by side.

#[test]
fn genmove_answers_every_bug_report_position_within_the_budget_in_standard() {
    genmove_answers_every_bug_report_position_within_the_budget("standard");
}

#[test]
fn genmove_answers_every_bug_report_position_within_the_budget_in_corners() {
    genmove_answers_every_bug_report_position_within_the_budget("corners");
}

/// `genmove` at each level from each of [`BUG_POSITIONS`] under `variant`'s rules: a
/// legal move, every reply a success, within 3 s of a 1 s budget.
fn genmove_answers_every_bug_report_position_within_the_budget(variant: &str) {
    for moves in BUG_POSITIONS {
        let p = position(moves);
        for level in ["random", "easy", "medium", "hard"] {
            let mut input = format!(
                "variant {variant}\nboardsize 4\nseed 3\nthreads 2\nlevel {level}\ntime_per_move 1000\n"
            );
            let mut colour = "blue";
            for mv in moves.split_whitespace() {
                input += &format!("play {colour} {mv}\n");
                colour = if colour == "blue" { "yellow" } else { "blue" };
            }
            input += &format!("genmove {}\nquit\n", p.to_move().name());
            let (out, took) = crate::common::run_engine(&input);
            let replies: Vec<&str> = out.split("\n\n").filter(|r| !r.is_empty()).collect();
            let genmove = replies[replies.len() - 2];
            let square: hijara::rules::Square = genmove
                .strip_prefix("= ")
                .unwrap_or_else(|| panic!("genmove failed: {genmove}"))
                .parse()
                .expect("a square");
            assert!(!p.is_full(square));
            assert!(replies.iter().all(|r| r.starts_with('=')), "{out}");
            // One genmove of 1 s plus starting the process: a generous margin.
            assert!(
                took < Duration::from_secs(3),
                "{level} ({variant}) took {took:?} after `{moves}`"
            );
        }
    }
}
