//! Tests of the AI levels: legality, reproducibility, the exact endgame against
//! brute force, hard's never-lose guarantee as Yellow, and the fitted weights.

use super::eval::Weights;
use super::search::{Searcher, Wdl};
use super::test_support::{brute_force, minimax, random_position};
use super::*;
use crate::rules::{Move, Player, Position, Ruleset};

/// The move `settings` plays in `position`, by a fresh [`Engine`] within the
/// settings' own limit.
fn choose_move(position: &Position, settings: &AiSettings) -> Option<Move> {
    Engine::new(*settings).choose(position, &SearchLimit::NONE)
}

/// The exact solve on `threads` threads: the best move and the final margin.
fn exact(position: &Position, threads: usize) -> (Move, i32) {
    let s = solve(position, SolveFor::Margin, &SearchLimit::NONE, threads).unwrap();
    (s.best, s.margin.unwrap())
}

/// The win/draw/loss solve on `threads` threads: the best move and the outcome.
fn outcome(position: &Position, threads: usize) -> (Move, Wdl) {
    let s = solve(position, SolveFor::Outcome, &SearchLimit::NONE, threads).unwrap();
    assert_eq!(s.margin, None);
    (s.best, s.wdl)
}

/// A hard player on one thread with `seed`, keeping its proofs between calls.
fn hard(seed: u64) -> Engine {
    Engine::new(AiSettings {
        seed,
        threads: Some(1),
        ..AiSettings::new(Level::Hard)
    })
}

/// Defect: `threads 256` in `hijara engine` (and `--threads 256`) ran 256 search
/// threads on a 2-core machine, and a 300 ms move took 1.3-1.8 s: every thread must
/// be scheduled before a search ends. A request is now capped at the cores.
#[test]
fn no_more_search_threads_than_cores() {
    let cores = smp::available_threads();
    assert_eq!(thread_count(None), cores);
    assert_eq!(thread_count(Some(0)), 1);
    assert_eq!(thread_count(Some(1)), 1);
    assert_eq!(thread_count(Some(256)), cores.min(256));
    assert_eq!(thread_count(Some(usize::MAX)), cores);
    let settings = AiSettings {
        threads: Some(256),
        ..AiSettings::new(Level::Hard)
    };
    assert_eq!(settings.threads(), cores.min(256));
}

#[test]
fn every_level_plays_legal_moves_to_the_end() {
    for level in [Level::Random, Level::Easy, Level::Medium, Level::Hard] {
        let settings = AiSettings {
            level,
            think_ms: Some(5),
            seed: 3,
            threads: Some(1),
        };
        let mut position = random_position(40, 11);
        while let Some(mv) = choose_move(&position, &settings) {
            position.play(mv).unwrap();
        }
        assert!(position.is_over(), "{level}");
    }
}

#[test]
fn the_same_seed_gives_the_same_move() {
    for level in [Level::Random, Level::Easy, Level::Medium] {
        for seed in 0..20 {
            let position = random_position(seed as u32 % 30, seed);
            let settings = AiSettings {
                level,
                think_ms: None,
                seed,
                threads: Some(1),
            };
            assert_eq!(
                choose_move(&position, &settings),
                choose_move(&position, &settings)
            );
        }
    }
}

#[test]
fn the_exact_search_matches_brute_force_minimax() {
    for seed in 0..60 {
        let empties = 4 + (seed % 7) as u32; // 4..=10 empty sections
        let position = random_position(64 - empties, seed);
        let expected = brute_force(&position);
        let (mv, value) = exact(&position, 1);
        assert_eq!(value, expected, "seed {seed}\n{position}");
        // The move it picks achieves that value.
        let mut child = position;
        child.play(mv).unwrap();
        assert_eq!(-brute_force(&child), expected, "seed {seed}");
    }
}

#[test]
fn the_win_draw_loss_solve_matches_brute_force() {
    for seed in 100..160 {
        let empties = 4 + (seed % 7) as u32;
        let position = random_position(64 - empties, seed);
        let expected = Wdl::from_value(brute_force(&position));
        let moves: Vec<Move> = position.legal_moves().collect();
        let mut searcher = Searcher::new(12, SearchLimit::NONE);
        let (mv, wdl) = searcher.solve_wdl(&position, &moves).unwrap();
        assert_eq!(wdl, expected, "seed {seed}");
        let mut child = position;
        child.play(mv).unwrap();
        assert_eq!(
            Wdl::from_value(-brute_force(&child)),
            expected,
            "seed {seed}"
        );
    }
}

#[test]
fn a_node_limited_hard_move_is_reproducible() {
    let position = random_position(10, 5);
    // Reproducible on one thread (several threads race for the shared table) from
    // the same kept state: here a fresh player each time.
    let local = |_| hard(0).choose(&position, &SearchLimit::nodes(20_000));
    let first = local(0);
    assert!(first.is_some_and(|mv| !position.is_full(mv)));
    assert_eq!(first, local(1));
}

/// A node limit counts every node, leaves included: a search stops within one
/// check's batch of nodes past it, from every stage of the game, searching to a
/// depth (most nodes leaves) or to the end.
#[test]
fn a_searcher_stops_within_a_batch_of_its_node_limit() {
    for (plies, seed) in [(0, 1), (10, 2), (24, 3), (36, 4), (44, 5)] {
        let position = random_position(plies, seed);
        let order: Vec<Move> = position.legal_moves().collect();
        for limit in [1_000, 30_000, 200_000] {
            let mut searcher = Searcher::new(16, SearchLimit::nodes(limit));
            searcher.search(&position, &order);
            // 256 nodes a batch, plus the first iteration (16 moves, one ply),
            // which always completes, and the leaves of the node that saw the limit.
            let nodes = searcher.nodes();
            assert!(
                nodes <= limit + 256 + 2 * 17,
                "{nodes} nodes for a limit of {limit} at {plies} plies"
            );
            if nodes > 300 {
                assert!(searcher.aborted() || nodes < limit, "{nodes} {limit}");
            }
        }
    }
}

#[test]
fn a_raised_stop_flag_still_gives_a_legal_move() {
    let stop = std::sync::atomic::AtomicBool::new(true);
    let settings = AiSettings::new(Level::Hard);
    let position = Position::new();
    let limit = SearchLimit::NONE.with_stop(&stop);
    let mv = Engine::new(settings).choose(&position, &limit).unwrap();
    assert!(!position.is_full(mv));
}

#[test]
fn hard_plays_perfectly_near_the_end() {
    for seed in 200..212 {
        let position = random_position(56, seed);
        // A node budget, not the clock: a loaded machine once cut a 200 ms search
        // short here. 8 empty sections take far fewer nodes than this to solve.
        let mv = hard(seed)
            .choose(&position, &SearchLimit::nodes(1_000_000))
            .unwrap();
        let mut child = position;
        child.play(mv).unwrap();
        assert_eq!(
            -brute_force(&child),
            brute_force(&position),
            "seed {seed}\n{position}"
        );
    }
}

#[test]
fn hard_as_yellow_chooses_by_search_not_by_copying() {
    // Node-limited on one thread: the same game every run. Before issue 16 hard
    // copied Blue on all 19 of these moves; it now plays the mirror move only
    // where its search prefers it.
    let mut medium = Engine::new(AiSettings {
        seed: 7,
        ..AiSettings::new(Level::Medium)
    });
    let mut yellow = hard(1007);
    let mut position = Position::new();
    let (mut copies, mut yellow_moves) = (0, 0);
    while yellow_moves < 19 {
        let mv = medium.choose(&position, &SearchLimit::NONE).unwrap();
        position.play(mv).unwrap();
        let d = yellow
            .decide(&position, &SearchLimit::nodes(10_000))
            .unwrap();
        assert_eq!(d.mirrored, Some(d.mv) == mirror::mirror_move(&position));
        copies += usize::from(d.mv == mv.rotated());
        yellow_moves += 1;
        position.play(d.mv).unwrap();
    }
    // Measured when written: 1 of 19.
    assert!(copies <= 4, "hard copied {copies} of its first 19 moves");
}

/// A Yellow-to-move position off the mirror line that Yellow can hold to at least a draw.
fn yellow_holds(empties: u32) -> (Position, u64) {
    (0..200)
        .map(|seed| (random_position(64 - empties, seed), seed))
        .find(|(p, _)| {
            mirror::mirror_move(p).is_none() && {
                let mut s = Searcher::new(16, SearchLimit::NONE);
                let order: Vec<Move> = p.legal_moves().collect();
                s.solve_wdl(p, &order).is_some_and(|(_, w)| w >= Wdl::Draw)
            }
        })
        .expect("some random position is good for Yellow")
}

/// The nodes a player that keeps the first move's proof gets to re-prove it after
/// each Blue reply: its re-proof with the kept table takes a handful of nodes. At
/// this position neither a new player nor the kept table without the proof
/// re-proves every reply within it (measured in s23, the least budget of a grid
/// from 10 to 10,000 nodes: with the kept proof 10 at every reply; the table
/// alone 300 at three replies; a new player 300 at one), so the test fails when
/// the kept proof goes unused. (At 2,000 nodes, the budget before s23, all three
/// re-prove every reply: the test passed with the proof never applied.)
const KEPT_PROOF_NODES: u64 = 50;

#[test]
fn off_the_mirror_line_the_kept_proof_makes_re_proving_cheap() {
    let unlimited = SearchLimit::nodes(u64::MAX);
    let (position, seed) = yellow_holds(17);
    assert_eq!(position.to_move(), Player::Yellow);
    let mut prover = hard(seed);
    let first = prover.decide(&position, &unlimited).unwrap();
    let proven = first.solved.expect("the first move is proved");
    assert!(proven >= Wdl::Draw);
    let mut after = position;
    after.play(first.mv).unwrap();
    // Whatever Blue answers, the kept proof (its outcome, re-proved with its
    // table) answers it within `KEPT_PROOF_NODES`, and the result never drops
    // below the proven one; a cold re-proof takes far more.
    let without_proof = prover.with_table_only();
    let (mut cold_max, mut table_short, mut new_short) = (0, Vec::new(), Vec::new());
    for blue in after.legal_moves() {
        let mut next = after;
        next.play(blue).unwrap();
        let mut searcher = Searcher::new(16, SearchLimit::NONE);
        let cold_order: Vec<Move> = next.legal_moves().collect();
        searcher
            .prove(&next, &cold_order, proven)
            .expect("proof holds");
        cold_max = cold_max.max(searcher.nodes());
        // Each reply's player is a copy of the one that proved (its table copied
        // too), so no reply's re-proof leaves entries for the next.
        let re_proved = |player: &Engine| {
            player
                .clone()
                .decide(&next, &SearchLimit::nodes(KEPT_PROOF_NODES))
                .unwrap()
                .solved
                .is_some_and(|w| w >= proven)
        };
        assert!(re_proved(&prover), "{blue}\n{next}");
        if !re_proved(&without_proof) {
            table_short.push(blue);
        }
        if !re_proved(&hard(seed)) {
            new_short.push(blue);
        }
    }
    assert!(
        cold_max > 2_000,
        "cold re-proofs took at most {cold_max} nodes"
    );
    // The budget needs the proof: without it (the same table, or nothing kept)
    // some reply is not re-proved within it. The new player's shortfall also
    // shows that a new engine takes nothing another one kept: in s24, with a
    // temporary break handing an engine that kept nothing the last state any
    // engine kept, the new player re-proved every reply and this failed (the
    // table-alone replies unchanged).
    assert!(
        !table_short.is_empty() && !new_short.is_empty(),
        "within {KEPT_PROOF_NODES} nodes the table alone fell short at [{}], \
         a new player at [{}]",
        square_names(&table_short),
        square_names(&new_short)
    );
}

/// Squares by their names (`c1, a2`), for a failure message: `Debug` would
/// print `Square(2), Square(4)`.
fn square_names(squares: &[Move]) -> String {
    squares
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

#[test]
fn failure_messages_name_squares() {
    let squares: Vec<Move> = ["c1", "a2", "d3"]
        .iter()
        .map(|name| name.parse().unwrap())
        .collect();
    assert_eq!(square_names(&squares), "c1, a2, d3");
    assert_eq!(square_names(&[]), "");
}

#[test]
fn after_an_undo_the_kept_table_still_speeds_up_the_proof() {
    let (position, seed) = yellow_holds(17);
    let decide = |p: &Position, engine: &mut Engine| {
        engine.decide(p, &SearchLimit::nodes(u64::MAX)).unwrap()
    };
    let cold = decide(&position, &mut hard(seed));
    // Play on a move each, then take both back: the kept proof is for a later
    // position, so its outcome does not apply, but its table does.
    let mut engine = hard(seed);
    let mut later = position;
    later.play(decide(&position, &mut engine).mv).unwrap();
    let blue = later.legal_moves().next().unwrap();
    later.play(blue).unwrap();
    decide(&later, &mut engine);
    let warm = decide(&position, &mut engine);
    assert!(warm.solved.is_some_and(|w| w >= Wdl::Draw));
    assert_eq!(warm.solved, cold.solved);
    assert!(
        warm.nodes < cold.nodes,
        "with the old table {} nodes, cold {}",
        warm.nodes,
        cold.nodes
    );
}

/// Blue's score (1 a win, ½ a draw) when a fixed-node search with `weights`
/// plays Blue against medium, seeded by `seed`.
fn searcher_against_medium(weights: Weights, nodes: u64, seed: u64) -> f64 {
    let mut position = Position::new();
    while !position.is_over() {
        let mv = if position.to_move() == Player::Blue {
            let mut searcher = Searcher::new(16, SearchLimit::nodes(nodes));
            searcher.weights = weights;
            let order = random::shuffled_moves(&position, seed);
            searcher.search(&position, &order).unwrap().best
        } else {
            medium::choose(&position, seed).unwrap()
        };
        position.play(mv).unwrap();
    }
    match position
        .score(Player::Blue)
        .cmp(&position.score(Player::Yellow))
    {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    }
}

#[test]
fn the_fitted_weights_beat_medium_more_often_than_the_hand_set_ones() {
    // The same 12 seeded games, 2,000 nodes a move: only the weights differ. A
    // shallow search leans on its evaluation, so the weights are told apart
    // widely: fitted 11.5/12, hand-set 1/12 (s23; on seeds 12-23, which the test
    // does not play, 11/12 and 2.5/12). At 20,000 nodes a move, the budget before
    // s23, they scored 10.5/12 and 7/12, within half a point of both thresholds
    // below (and at 10,000 nodes 9.5/12 and 4/12: the fitted score under 10).
    let game = |w: Weights, g: u64| searcher_against_medium(w, 2_000, g);
    let fitted: f64 = (0..12).map(|g| game(Weights::HARD, g)).sum();
    assert!(fitted >= 10.0, "fitted weights scored {fitted}/12");
    // The hand-set games in turn, until even winning all the rest could not bring
    // them within 3 of the fitted score: the same verdict as playing all 12 (a
    // failing run plays all 12 and reports their score), on fewer games.
    let (mut hand_set, mut played) = (0.0, 0u32);
    while played < 12 && hand_set + f64::from(12 - played) > fitted - 3.0 {
        hand_set += game(Weights::MEDIUM, u64::from(played));
        played += 1;
    }
    let most = hand_set + f64::from(12 - played);
    assert!(
        fitted >= most + 3.0,
        "fitted {fitted}/12, hand-set {hand_set}/{played}"
    );
}

#[test]
fn seat_and_level_convert_both_ways() {
    for level in Level::ALL {
        assert_eq!(Seat::from(level).level(), Some(level));
        // One name everywhere: the command line's (clap), records' and the protocol's.
        let cli = clap::ValueEnum::to_possible_value(&level).unwrap();
        assert_eq!(cli.get_name(), level.name());
        let seat = clap::ValueEnum::to_possible_value(&Seat::from(level)).unwrap();
        assert_eq!(seat.get_name(), level.name());
    }
    assert_eq!(Seat::Human.level(), None);
}

/// The position after `moves`, squares separated by spaces.
fn line(moves: &str) -> Position {
    let mut position = Position::new();
    for mv in moves.split_whitespace() {
        position.play(mv.parse().unwrap()).unwrap();
    }
    position
}

use std::collections::HashMap;

/// The two positions of issue 9 whose exact margin was wrong (10 and 82 for 5 and 90).
const WRONG_MARGINS: [(&str, i32); 2] = [
    (
        "b2 b1 b1 d2 d2 c2 a1 c4 d2 b4 d2 d3 c1 b2 a1 b3 b3 b2 c2 a1 b4 d4 b2 b4 a1 a2 c3 a4 \
         b3 a2 c4 c3 c2 d1 a3 b4 c2 c1 b1 c4 a4 a4 c3 a4 c3 c1 d1 d1 a3 b3 b1 d4 d4 a2",
        5,
    ),
    (
        "d4 d3 b3 d2 c2 d1 b2 b4 a1 a2 c2 d4 b4 b2 b3 d2 c4 b2 a4 a2 b4 b1 d4 c1 c2 a2 a4 d2 \
         c2 b4 c1 a3 c3 a2 c3 c3 b3 b2 d3 a3 d1 d1 b3 b1 c4 c4 c3 a1 a1 c1 d1 a4 d2 d3",
        90,
    ),
];

#[test]
fn the_exact_margins_of_issue_9_match_minimax() {
    for (moves, expected) in WRONG_MARGINS {
        let position = line(moves);
        assert_eq!(minimax(&position, &mut HashMap::new()), expected);
        let (mv, value) = exact(&position, 1);
        assert_eq!(value, expected, "{moves}");
        let mut child = position;
        child.play(mv).unwrap();
        assert_eq!(-minimax(&child, &mut HashMap::new()), expected, "{moves}");
    }
}

/// Every distinct position reachable from `position`.
fn tree(position: &Position, seen: &mut HashMap<(u64, u64), Position>) {
    let key = (
        position.stones(Player::Blue),
        position.stones(Player::Yellow),
    );
    if seen.insert(key, *position).is_some() {
        return;
    }
    for mv in position.legal_moves() {
        let mut child = *position;
        child.play(mv).unwrap();
        tree(&child, seen);
    }
}

#[test]
fn no_two_positions_of_a_search_tree_share_a_hash() {
    // The old hash gave 200 collisions in the 10-empty search of the second
    // position alone: heuristic entries of one position were read as another's.
    let mut positions = HashMap::new();
    for (moves, _) in WRONG_MARGINS {
        tree(&line(moves), &mut positions);
    }
    for seed in 0..6 {
        tree(&random_position(52, 900 + seed), &mut positions);
    }
    let mut keys = HashMap::new();
    for (stones, position) in &positions {
        if let Some(other) = keys.insert(tt::hash(position), *stones) {
            panic!("{stones:x?} and {other:x?} share a hash");
        }
    }
    assert!(positions.len() > 100_000, "{} positions", positions.len());
}

/// The two cross-check positions of `seed` (0 to 89): seeded random play and
/// medium-vs-easy play, at 4 to 12 empty sections.
fn cross_check_positions(seed: u64) -> [Position; 2] {
    let empties = 4 + (seed % 9) as u32;
    let random_play = random_position(64 - empties, seed * 31 + 7);
    // Closer games: medium against easy, then random moves down to `empties`.
    let mut p = Position::new();
    while p.empty_sections() > 12 {
        let mv = if p.to_move() == Player::Blue {
            medium::choose(&p, seed)
        } else {
            easy::choose(&p, seed)
        };
        p.play(mv.unwrap()).unwrap();
    }
    while p.empty_sections() > empties {
        p.play(random::choose(&p, seed ^ p.ply() as u64).unwrap())
            .unwrap();
    }
    [random_play, p]
}

/// A cross-check position with its values by plain minimax: the mover's best final
/// margin, and the margin each legal move leads to with best play after it.
struct Known {
    position: Position,
    value: i32,
    after: Vec<(Move, i32)>,
}

impl Known {
    /// The final margin for the mover after `mv` and best play on.
    fn after(&self, mv: Move) -> i32 {
        match self.after.iter().find(|(m, _)| *m == mv) {
            Some(&(_, value)) => value,
            None => panic!("{mv} is not legal in\n{}", self.position),
        }
    }
}

/// [`cross_check_positions`] with their minimax values, worked out once for the
/// tests that check the engine against them (the minimax was most of their time,
/// each test working out the same values again), on every core.
fn cross_checks() -> &'static [Known] {
    static KNOWN: std::sync::OnceLock<Vec<Known>> = std::sync::OnceLock::new();
    KNOWN.get_or_init(|| {
        // Playing the medium-vs-easy games is most of the work (on one thread 12 s
        // against the minimax's 1 s, measured 2026-12-05 under load), so each worker
        // plays its own seeds' games too: the positions and their order as before.
        let seeds: Vec<u64> = (0..90).collect();
        on_every_core(&seeds, |&seed| {
            cross_check_positions(seed)
                .iter()
                .map(known)
                .collect::<Vec<_>>()
        })
        .into_iter()
        .flatten()
        .collect()
    })
}

/// `f` of each of `items`, in their order, the items shared out over every core:
/// the fixtures' games are independent and most of their time.
fn on_every_core<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = items.len().div_ceil(cores).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = items
            .chunks(chunk)
            .map(|part| scope.spawn(|| part.iter().map(&f).collect::<Vec<_>>()))
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    })
}

/// `position` with its values by plain minimax (one memo for it and its children).
fn known(position: &Position) -> Known {
    let mut memo = HashMap::new();
    let value = minimax(position, &mut memo);
    let after = position
        .legal_moves()
        .map(|mv| {
            let mut child = *position;
            child.play_unchecked(mv);
            (mv, -minimax(&child, &mut memo))
        })
        .collect();
    Known {
        position: *position,
        value,
        after,
    }
}

#[test]
fn the_minimax_values_of_the_cross_checks_agree() {
    // The shared values are what the tests below check against: each root's value
    // is its best move's, and a fresh minimax gives the same.
    let known = cross_checks();
    assert_eq!(known.len(), 180);
    for (i, k) in known.iter().enumerate() {
        let best = k.after.iter().map(|&(_, v)| v).max();
        assert_eq!(best, Some(k.value), "position {i}\n{}", k.position);
    }
    for k in known.iter().step_by(30) {
        assert_eq!(minimax(&k.position, &mut HashMap::new()), k.value);
    }
}

#[test]
fn the_exact_search_matches_minimax_with_fresh_and_kept_tables() {
    let mut kept = Searcher::new(16, SearchLimit::NONE);
    for (i, k) in cross_checks().iter().enumerate() {
        let (position, expected) = (&k.position, k.value);
        let (mv, value) = exact(position, 1);
        assert_eq!(value, expected, "position {i}, fresh table\n{position}");
        assert_eq!(k.after(mv), expected, "{i}");
        // One searcher for every position in turn: its table holds all earlier ones.
        let moves: Vec<Move> = position.legal_moves().collect();
        let r = kept.search(position, &moves).unwrap();
        assert!(r.exact);
        assert_eq!(r.value, expected * eval::SCALE, "position {i}, kept table");
    }
}

#[test]
fn the_win_draw_loss_solve_matches_minimax_with_a_kept_table() {
    let mut kept = Searcher::new(14, SearchLimit::NONE);
    for (i, k) in cross_checks().iter().enumerate().rev() {
        let position = &k.position;
        let expected = Wdl::from_value(k.value);
        let moves: Vec<Move> = position.legal_moves().collect();
        let (mv, wdl) = kept.solve_wdl(position, &moves).unwrap();
        assert_eq!(wdl, expected, "position {i}\n{position}");
        assert_eq!(Wdl::from_value(k.after(mv)), expected);
        // A proof of each outcome holds exactly when minimax says so.
        for target in [Wdl::Win, Wdl::Draw] {
            match kept.prove(position, &moves, target) {
                Some(mv) => assert!(Wdl::from_value(k.after(mv)) >= target),
                None => assert!(expected < target, "position {i}: no {target:?} proof"),
            }
        }
    }
}

#[test]
fn hard_claims_only_true_outcomes_with_a_shared_kept_proof() {
    // One player across unrelated positions, keeping its proofs (issue 9, point 4).
    let mut engine = hard(0);
    for (i, k) in cross_checks().iter().enumerate() {
        let position = &k.position;
        engine.set_settings(AiSettings {
            seed: i as u64,
            ..*engine.settings()
        });
        let d = engine
            .decide(position, &SearchLimit::nodes(200_000))
            .unwrap();
        let got = Wdl::from_value(k.after(d.mv));
        let best = Wdl::from_value(k.value);
        // At 12 empty sections or fewer 200,000 nodes always finish the solve:
        // a won or drawn position is proven and kept. (In a lost one any move loses.)
        if let Some(claimed) = d.solved {
            assert_eq!(claimed, got, "position {i}\n{position}");
        }
        if best >= Wdl::Draw {
            assert_eq!(d.solved, Some(best), "position {i}\n{position}");
        }
        assert_eq!(got, best, "position {i}\n{position}");
    }
}

#[test]
fn proven_results_are_the_same_on_one_and_two_threads() {
    let mut positions: Vec<(Position, Option<&Known>)> = cross_checks()
        .iter()
        .take(60)
        .map(|k| (k.position, Some(k)))
        .collect();
    // Bigger solves too, where the threads really overlap.
    positions.extend((0..6).map(|s| (random_position(46, 300 + s), None)));
    for (i, (position, known)) in positions.iter().enumerate() {
        let one = outcome(position, 1);
        let two = outcome(position, 2);
        let (wdl1, wdl2) = (one.1, two.1);
        assert_eq!(wdl1, wdl2, "position {i}\n{position}");
        if let Some(k) = known {
            // On one thread a fresh exact solve of each of these positions gives
            // this same minimax value (checked in the test of the exact search above),
            // so the two-thread value equal to it is the one-thread value: the one-
            // thread solves are not done a second time here.
            let exact2 = exact(position, 2);
            assert_eq!(exact2.1, k.value, "position {i}\n{position}");
            assert_eq!(k.after(exact2.0), k.value, "position {i}");
            // The two-thread solve's move achieves the outcome it claims: by the
            // minimax value of the move.
            assert_eq!(Wdl::from_value(k.after(two.0)), wdl2, "position {i}");
        } else {
            // The same, by a solve of the position after the move.
            let mut s = Searcher::new(16, SearchLimit::NONE);
            let mut child = *position;
            child.play(two.0).unwrap();
            let order: Vec<Move> = child.legal_moves().collect();
            let reply = s.solve_wdl(&child, &order).map(|(_, w)| w);
            assert_eq!(reply.map(Wdl::flipped), Some(wdl2), "position {i}");
        }
    }
}

#[test]
fn an_analysis_near_the_end_is_exact_and_matches_minimax() {
    use std::time::Duration;
    for (i, k) in cross_checks().iter().enumerate().step_by(5) {
        let (position, expected) = (&k.position, k.value);
        let eval = analysis::evaluate(position, Duration::from_secs(2), None).unwrap();
        assert!(eval.exact, "position {i}");
        assert_eq!(eval.margin, expected, "position {i}\n{position}");
        assert_eq!(eval.wdl, Some(Wdl::from_value(expected)));
        assert_eq!(k.after(eval.best), expected, "position {i}: best move");
    }
}

/// The node budget of a move in the node-limited games below.
const GAME_NODES: u64 = 30_000;

/// About 10 ms of hard's search: the nodes it counts on a millisecond (`NODES_PER_MS`
/// in `hard.rs`, 1,000) ten times over.
const TEN_MS_OF_NODES: u64 = 10_000;

/// A whole game, node-limited on one thread (the same every run): `level` as Blue
/// against hard as Yellow, under `ruleset`, each side a player of its own, each
/// move within `nodes`.
fn hard_yellow_game(ruleset: Ruleset, level: Level, seed: u64, nodes: u64) -> Position {
    let settings = |level, seed| AiSettings {
        level,
        think_ms: None,
        seed,
        threads: Some(1),
    };
    let mut engines = [
        Engine::new(settings(level, seed)),
        Engine::new(settings(Level::Hard, seed + 1000)),
    ];
    let mut position = Position::with_ruleset(ruleset);
    while !position.is_over() {
        let engine = &mut engines[position.to_move().index()];
        let mv = engine
            .choose(&position, &SearchLimit::nodes(nodes))
            .unwrap();
        position.play(mv).unwrap();
    }
    position
}

/// Hard as Yellow against `level` under `ruleset` in the games of `seeds`, node budgets
/// instead of the clock and one thread: the same games every run. (One test per level
/// under the standard rules, so the test threads share them out.)
fn hard_as_yellow_never_loses_to(ruleset: Ruleset, level: Level, seeds: std::ops::Range<u64>) {
    hard_as_yellow_never_loses_within(ruleset, level, seeds, GAME_NODES);
}

/// [`hard_as_yellow_never_loses_to`] with `nodes` a move for both sides.
fn hard_as_yellow_never_loses_within(
    ruleset: Ruleset,
    level: Level,
    seeds: std::ops::Range<u64>,
    nodes: u64,
) {
    for seed in seeds {
        let position = hard_yellow_game(ruleset, level, seed, nodes);
        assert!(
            position.score(Player::Yellow) >= position.score(Player::Blue),
            "hard Yellow lost to {level} seed {seed} under the {ruleset} rules\n{position}"
        );
    }
}

#[test]
fn hard_as_yellow_never_loses_to_random_node_limited() {
    hard_as_yellow_never_loses_to(Ruleset::Standard, Level::Random, 0..4);
}

#[test]
fn hard_as_yellow_never_loses_to_easy_node_limited() {
    hard_as_yellow_never_loses_to(Ruleset::Standard, Level::Easy, 0..3);
}

#[test]
fn hard_as_yellow_never_loses_to_medium_node_limited() {
    hard_as_yellow_never_loses_to(Ruleset::Standard, Level::Medium, 0..3);
}

#[test]
fn hard_as_yellow_never_loses_to_hard_node_limited() {
    hard_as_yellow_never_loses_to(Ruleset::Standard, Level::Hard, 0..2);
}

#[test]
fn hard_as_yellow_never_loses_to_the_weaker_levels_at_ten_ms_of_nodes() {
    // Was played on the clock (10 ms a move, both sides), so a loaded machine decided
    // how deep hard looked: strength is measured by tools (`examples/strength.rs`), not
    // promised by the clock. The same games' seeds at hard's own estimate of 10 ms in
    // nodes, for both sides: a small budget, the same result every run. The clock
    // budget itself is tested apart: `genmove` within its time (tests/it/ai_budget.rs),
    // the proof's share of the time (`analysis.rs`), time against deadline (`limit.rs`),
    // and every level playing to the end on a 5 ms clock (above).
    for (level, seeds) in [(Level::Random, 0..6), (Level::Easy, 0..2)] {
        hard_as_yellow_never_loses_within(Ruleset::Standard, level, seeds, TEN_MS_OF_NODES);
    }
}

// The corners variant: the AI reads the position's ruleset everywhere.

/// Corners positions with 4 to 10 empty sections (medium against easy, then
/// random moves), each beside the same stones under the standard rules.
fn corners_positions() -> Vec<(Position, Position)> {
    let seeds: Vec<u64> = (0..48).collect();
    // Each game is independent: played on every core, in the seeds' order.
    on_every_core(&seeds, |&seed| {
        let empties = 4 + (seed % 7) as u32;
        let mut corners = Position::with_ruleset(Ruleset::Corners);
        let mut standard = Position::new();
        let mut i = 0;
        while corners.empty_sections() > empties {
            // Medium against easy down to 16 empty sections, random moves after.
            let mv = if corners.empty_sections() > 16 {
                if corners.to_move() == Player::Blue {
                    medium::choose(&corners, seed)
                } else {
                    easy::choose(&corners, seed)
                }
            } else {
                random::choose(&corners, seed ^ i)
            };
            let mv = mv.unwrap();
            corners.play(mv).unwrap();
            standard.play(mv).unwrap();
            i += 1;
        }
        (corners, standard)
    })
}

#[test]
fn corners_exact_and_win_draw_loss_solves_match_minimax() {
    // One searcher (so one table) for every position under both rulesets in
    // turn: an entry from one ruleset must never answer for the other.
    let mut kept = Searcher::new(16, SearchLimit::NONE);
    let mut kept_wdl = Searcher::new(14, SearchLimit::NONE);
    let mut differ = 0;
    for (i, (corners, standard)) in corners_positions().iter().enumerate() {
        // One memo for a position and its children: the memo's key is the stones
        // alone, so the rulesets never share one. Each ruleset's minimax and fresh
        // exact solve once (the corners position comes back below only for the kept
        // tables: a fresh solve of it again would repeat the same search).
        let mut memos = [HashMap::new(), HashMap::new()];
        let mut values = [0; 2];
        for (r, position) in [corners, standard].into_iter().enumerate() {
            let expected = minimax(position, &mut memos[r]);
            let (mv, value) = exact(position, 1);
            assert_eq!(
                value,
                expected,
                "position {i} ({})\n{position}",
                position.ruleset()
            );
            let mut child = *position;
            child.play(mv).unwrap();
            assert_eq!(-minimax(&child, &mut memos[r]), expected, "{i}");
            values[r] = expected;
        }
        for (r, position) in [(0, corners), (1, standard), (0, corners)] {
            let expected = values[r];
            let moves: Vec<Move> = position.legal_moves().collect();
            let r_search = kept.search(position, &moves).unwrap();
            assert!(r_search.exact);
            assert_eq!(
                r_search.value,
                expected * eval::SCALE,
                "position {i} ({}), kept table",
                position.ruleset()
            );
            let (mv, wdl) = kept_wdl.solve_wdl(position, &moves).unwrap();
            assert_eq!(wdl, Wdl::from_value(expected), "position {i}, wdl");
            let mut child = *position;
            child.play(mv).unwrap();
            assert_eq!(Wdl::from_value(-minimax(&child, &mut memos[r])), wdl, "{i}");
        }
        differ += usize::from(values[0] != values[1]);
    }
    // The check means something only if the corner formations change values.
    assert!(
        differ >= 5,
        "only {differ} positions differ between the rulesets"
    );
}

/// Node budgets and one thread: the same games every run. One test per level (they
/// were one, the library's longest at 7 games), so the test threads share them out.
#[test]
fn hard_as_yellow_never_loses_in_corners_to_random() {
    hard_as_yellow_never_loses_to(Ruleset::Corners, Level::Random, 0..2);
}

#[test]
fn hard_as_yellow_never_loses_in_corners_to_easy() {
    hard_as_yellow_never_loses_to(Ruleset::Corners, Level::Easy, 0..2);
}

#[test]
fn hard_as_yellow_never_loses_in_corners_to_medium() {
    hard_as_yellow_never_loses_to(Ruleset::Corners, Level::Medium, 0..2);
}

#[test]
fn hard_as_yellow_never_loses_in_corners_to_hard() {
    hard_as_yellow_never_loses_to(Ruleset::Corners, Level::Hard, 0..1);
}

#[test]
fn mirroring_draws_in_corners() {
    // The rotation maps the corner formations onto each other...
    let corners = Ruleset::Corners.combinations();
    assert_eq!(corners.len(), 104);
    for combo in corners {
        let image = crate::rules::Symmetry::HALF_TURN.apply_cells(combo.mask());
        assert!(
            corners
                .iter()
                .any(|c| c.mask() == image && c.points() == combo.points()),
            "the image of {combo:?} is no combination"
        );
    }
    // ...so mirroring every Blue move ties every game, formations included.
    let mut scored = 0;
    for seed in 0..40 {
        let mut pos = Position::with_ruleset(Ruleset::Corners);
        let mut standard = Position::new();
        let mut i = 0;
        while !pos.is_over() {
            let blue = random::choose(&pos, seed * 131 + i).unwrap();
            pos.play(blue).unwrap();
            let mv = mirror::mirror_move(&pos).expect("the mirror move is always open");
            assert_eq!(mv, blue.rotated());
            pos.play(mv).unwrap();
            assert!(mirror::is_symmetric(&pos));
            standard.play(blue).unwrap();
            standard.play(mv).unwrap();
            i += 1;
        }
        assert_eq!(pos.score(Player::Blue), pos.score(Player::Yellow));
        // Games where a corner formation scored (the same stones score less
        // under the standard rules).
        scored += usize::from(pos.score(Player::Blue) > standard.score(Player::Blue));
    }
    assert!(scored >= 5, "only {scored} games scored a corner formation");
}

/// Random positions with Blue to move (`plies` even) under `ruleset` where
/// the follow-up bound applies, with the bound.
fn follow_up_positions(ruleset: Ruleset, plies: u32, count: usize) -> Vec<(Position, i32)> {
    (0..count as u64 * 20)
        .map(|seed| super::test_support::random_position_in(ruleset, plies, 5000 + seed))
        .filter_map(|p| super::search::follow_up_bound(&p).map(|b| (p, b)))
        .take(count)
        .collect()
}

#[test]
fn yellows_follow_up_bounds_blues_exact_margin_and_is_often_tight() {
    // 12 empty sections: minimax is exact and quick; both rulesets. A bound
    // below the exact margin (say, the pairs' cells all given to Yellow) fails
    // the first assert; one that never binds, the last.
    for ruleset in Ruleset::ALL {
        let positions = follow_up_positions(ruleset, 52, 25);
        assert_eq!(positions.len(), 25, "{ruleset:?}: too few positions");
        let mut memo = HashMap::new();
        let mut tight = 0;
        for (p, bound) in &positions {
            let exact = minimax(p, &mut memo) * super::eval::SCALE;
            assert!(
                *bound >= exact,
                "{ruleset:?} {p}: follow-up bound {bound} below Blue's exact {exact}"
            );
            tight += usize::from(*bound == exact);
            // A full board's margin: a multiple of 5 points.
            assert_eq!(bound % (5 * super::eval::SCALE), 0);
        }
        assert!(tight >= 3, "{ruleset:?}: only {tight} of 25 tight");
    }
}

#[test]
fn the_follow_up_bound_changes_no_solve() {
    // Deeper than minimax reaches: the exact margin and the outcome with and
    // without the bound, from positions with either side to move.
    for ruleset in Ruleset::ALL {
        for seed in 0..4 {
            let position =
                super::test_support::random_position_in(ruleset, 49 + seed as u32 % 2, 70 + seed);
            let order: Vec<Move> = position.legal_moves().collect();
            let solve = |follow_up: bool| {
                let mut s = Searcher::new(16, SearchLimit::NONE);
                s.use_follow_up = follow_up;
                let margin = s.solve_margin(&position, &order, -search::INF, search::INF);
                let mut s = Searcher::new(16, SearchLimit::NONE);
                s.use_follow_up = follow_up;
                let wdl = s.solve_wdl(&position, &order).map(|(_, w)| w);
                (margin.map(|(_, v)| v), wdl)
            };
            let (with, without) = (solve(true), solve(false));
            assert_eq!(with, without, "{ruleset:?} {position}");
        }
    }
}

#[test]
fn yellows_moves_cut_off_by_their_follow_up_bound_change_no_solve() {
    // Hard bounds Yellow's children this way from 15 empty sections; here from
    // every exact node, at 9-12 empty sections where minimax is exact: the
    // outcome and the margin (whole window and the proven side's) match it,
    // with either side to move, in both rulesets.
    let mut fired = 0;
    for ruleset in Ruleset::ALL {
        let mut memo = HashMap::new();
        for seed in 0..12u64 {
            let plies = 52 + (seed % 4) as u32;
            let position = super::test_support::random_position_in(ruleset, plies, 900 + seed);
            let exact = minimax(&position, &mut memo);
            let order: Vec<Move> = position.legal_moves().collect();
            let searcher = || {
                let mut s = Searcher::new(14, SearchLimit::NONE);
                s.follow_up_children_from = 1;
                s
            };
            let mut s = searcher();
            let (mv, wdl) = s.solve_wdl(&position, &order).expect("unlimited");
            assert_eq!(wdl, Wdl::from_value(exact), "{ruleset:?} {position}");
            let mut child = position;
            child.play(mv).unwrap();
            assert_eq!(
                Wdl::from_value(-minimax(&child, &mut memo)),
                wdl,
                "{ruleset:?} {position}"
            );
            let mut s = searcher();
            let margin = s.solve_margin(&position, &order, -search::INF, search::INF);
            assert_eq!(
                margin.map(|(_, v)| v),
                Some(exact * super::eval::SCALE),
                "{ruleset:?} {position}"
            );
            // The proven side's window, as hard searches it.
            if exact != 0 {
                let window = if exact > 0 {
                    (0, search::INF)
                } else {
                    (-search::INF, 0)
                };
                let mut s = searcher();
                let (_, v) = s
                    .solve_margin(&position, &order, window.0, window.1)
                    .expect("the margin lies in the window");
                assert_eq!(v, exact * super::eval::SCALE, "{ruleset:?} {position}");
            }
            // The same solves without the children's bounds visit more nodes
            // somewhere: the cut-offs are not dead code.
            let mut plain = Searcher::new(14, SearchLimit::NONE);
            plain.follow_up_children_from = i32::MAX;
            plain.solve_wdl(&position, &order);
            let mut with = searcher();
            with.solve_wdl(&position, &order);
            fired += usize::from(with.nodes() != plain.nodes());
        }
    }
    assert!(
        fired >= 3,
        "the children's bounds changed only {fired} of 24 solves"
    );
}
