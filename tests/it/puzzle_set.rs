//! The shipped puzzle set: its shape, a sample re-proved with the exact
//! solver on every run, and the smallest puzzles checked again by plain minimax.

use std::time::{Instant, SystemTime, UNIX_EPOCH};

use hijara::puzzle::build::{self, MAX_EMPTIES};
use hijara::puzzle::{Goal, Kind, PuzzleSet};
use hijara::rules::Position;

/// The final margin for the mover under best play, by plain minimax with no
/// pruning and no table: independent of the solver it checks.
fn brute_force(position: &Position) -> i32 {
    if position.is_over() {
        return position.margin(position.to_move());
    }
    position
        .legal_moves()
        .map(|mv| {
            let mut child = *position;
            child.play_unchecked(mv);
            -brute_force(&child)
        })
        .max()
        .unwrap_or(i32::MIN)
}

fn shipped() -> PuzzleSet {
    PuzzleSet::shipped().expect("the shipped set parses")
}

#[test]
fn the_shipped_set_has_300_puzzles_within_20_empty_sections() {
    let set = shipped();
    assert!(set.puzzles.len() >= 300, "{} puzzles", set.puzzles.len());
    for p in &set.puzzles {
        let position = p.position().expect("replays");
        assert!(position.empty_sections() <= MAX_EMPTIES, "{}", p.id);
        assert!(!position.is_full(p.answer), "{}: the answer is legal", p.id);
        assert!(!p.themes.is_empty(), "{}", p.id);
        assert!((1..=5).contains(&p.difficulty), "{}", p.id);
        if p.kind == Kind::OnlyMove {
            assert_ne!(p.goal, Goal::Loss, "{}", p.id);
        }
    }
}

/// Every run re-proves a different sample (the seed is printed; set
/// `HIJARA_PUZZLE_SAMPLE` to repeat one): the proof, kind, answer, margin,
/// themes and difficulty must all come out as shipped.
#[test]
fn a_sample_of_the_shipped_set_is_proved_again() {
    let set = shipped();
    let seed = std::env::var("HIJARA_PUZZLE_SAMPLE")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_secs())
        });
    println!("sample seed {seed} (HIJARA_PUZZLE_SAMPLE={seed} repeats it)");
    let start = Instant::now();
    let n = set.puzzles.len() as u64;
    const SAMPLE: u64 = 100;
    // A stride coprime with the set size visits distinct puzzles.
    let mut stride = (seed % n).max(1) | 1;
    while gcd(stride, n) != 1 {
        stride += 2;
    }
    for k in 0..SAMPLE.min(n) {
        let shipped = &set.puzzles[((seed + k * stride) % n) as usize];
        let again = build::judge(&shipped.moves, shipped.id.clone(), shipped.source.clone())
            .expect("a position with moves left")
            .unwrap_or_else(|why| panic!("{}: no longer unique ({why:?})", shipped.id));
        assert_eq!(&again, shipped, "{}", shipped.id);
    }
    println!(
        "{} puzzles re-proved in {:?}",
        SAMPLE.min(n),
        start.elapsed()
    );
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// An independent check: in every shipped puzzle with at most 8 empty
/// sections, plain minimax (no pruning, no table) values each move, and the
/// answer alone does what the puzzle asks.
#[test]
fn small_puzzles_agree_with_plain_minimax() {
    let set = shipped();
    let mut checked = 0;
    for p in set.puzzles.iter().filter(|p| p.moves.len() >= 56) {
        let position = p.position().expect("replays");
        let values: Vec<_> = position
            .legal_moves()
            .map(|mv| {
                let mut child = position;
                child.play_unchecked(mv);
                (mv, -brute_force(&child))
            })
            .collect();
        let best = values.iter().map(|&(_, v)| v).max().expect("moves");
        assert_eq!(best, p.margin, "{}", p.id);
        let answer_value = values
            .iter()
            .find(|&&(m, _)| m == p.answer)
            .expect("legal")
            .1;
        match p.kind {
            Kind::MostPoints => {
                assert_eq!(answer_value, best, "{}", p.id);
                let reaching = values.iter().filter(|&&(_, v)| v == best).count();
                assert_eq!(reaching, 1, "{}: the best margin is unique", p.id);
            }
            Kind::OnlyMove => {
                let keeps = |v: i32| v.signum() == best.signum();
                assert!(keeps(answer_value), "{}", p.id);
                let keeping = values.iter().filter(|&&(_, v)| keeps(v)).count();
                assert_eq!(keeping, 1, "{}: one move keeps the outcome", p.id);
            }
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} small puzzles");
}

/// The set follows from its seed: building its first puzzles again from the
/// shipped seed and options gives the same puzzles.
#[test]
fn the_set_rebuilds_from_its_seed() {
    let set = shipped();
    let per_game = option(&set.built_by, "--per-game");
    let min = option(&set.built_by, "--min-empties");
    let max = option(&set.built_by, "--max-empties");
    let (again, _) = build::build(
        set.seed,
        3,
        per_game as usize,
        min as u32,
        max as u32,
        &set.built_by,
        |_, _| {},
    );
    assert_eq!(again.puzzles, set.puzzles[..3]);
}

fn option(command: &str, name: &str) -> u64 {
    let mut words = command.split_whitespace();
    words.find(|w| *w == name);
    words
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("{name} in {command}"))
}
