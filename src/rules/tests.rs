//! Unit tests of the rules: every kind of combination, refusals, outcomes, perft counts.

use super::*;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn cell(name: &str) -> Cell {
    let (s, n) = name.split_once(':').unwrap();
    Cell::new(sq(s), Section::new(n.parse().unwrap()).unwrap())
}

fn game(moves: &str) -> Game {
    Game::from_moves(moves.split_whitespace().map(sq)).unwrap()
}

fn names(p: &Placement) -> Vec<String> {
    p.combos().iter().map(|c| c.to_string()).collect()
}

/// Plays a game in which Blue's last stone lands on `last` and Blue then owns every
/// cell of `targets`; Yellow fills the sections below them, and both sides mark time
/// on the other squares.
fn blue_completes(targets: &[Cell], last: Cell) -> (Game, Placement) {
    let involved: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|s| targets.iter().any(|c| c.square == *s))
        .collect();
    let mut game = Game::new();
    loop {
        let pos = *game.position();
        let blue = pos.to_move() == Player::Blue;
        let remaining = targets.iter().filter(|c| pos.owner(**c).is_none()).count();
        let mut choice = None;
        for &s in &involved {
            let Some(next) = pos.next_section(s) else {
                continue;
            };
            let next = Cell::new(s, next);
            let top = targets
                .iter()
                .filter(|c| c.square == s)
                .map(|c| c.section)
                .max();
            if targets.contains(&next) {
                if blue && (next != last || remaining == 1) {
                    choice = Some(s);
                    break;
                }
            } else if !blue && top.is_some_and(|t| next.section < t) {
                choice = Some(s);
                break;
            }
        }
        let mv = choice.unwrap_or_else(|| {
            pos.legal_moves()
                .filter(|s| !involved.contains(s))
                .min_by_key(|s| (pos.stones_on(*s), s.index()))
                .expect("a spare square is open")
        });
        let placement = game.play(mv).unwrap();
        if placement.cell == last {
            return (game, placement);
        }
        assert!(game.len() < 64, "the scheduler did not converge");
    }
}

#[test]
fn square_scores_twenty() {
    let g = game("b2 a1 b2 a1 b2 a1 b2");
    let last = g.last().unwrap();
    assert_eq!(last.points, 20);
    assert_eq!(names(last), ["square b2"]);
    assert_eq!(g.score(Player::Blue), 20);
    assert_eq!(g.score(Player::Yellow), 0);
}

#[test]
fn same_number_on_every_line_type() {
    for (moves, expected) in [
        ("a1 a2 b1 b2 c1 c2 d1", "row 1 same number 1s"),
        ("a1 b1 a2 b2 a3 b3 a4", "column a same number 1s"),
        ("a1 b1 b2 c2 c3 d3 d4", "diagonal a1-d4 same number 1s"),
        ("d1 a1 c2 b1 b3 c1 a4", "diagonal d1-a4 same number 1s"),
    ] {
        let g = game(moves);
        let last = g.last().unwrap();
        assert_eq!(names(last), [expected], "{moves}");
        assert_eq!(last.points, 10);
        assert_eq!(g.score(Player::Blue), 10);
    }
}

#[test]
fn sequence_forward_and_backward() {
    let forward = game("a1 b1 b1 c1 a3 c1 c1 d1 a4 d1 a3 d1 d1");
    let last = forward.last().unwrap();
    assert_eq!(last.player, Player::Blue);
    assert_eq!(names(last), ["row 1 sequence"]);
    assert_eq!(last.points, 15);
    assert_eq!(last.cell, cell("d1:4"));

    let backward = game("d1 c1 c1 b1 d3 b1 b1 a1 d4 a1 d3 a1 a1");
    let last = backward.last().unwrap();
    assert_eq!(names(last), ["row 1 sequence"]);
    assert_eq!(last.cell, cell("a1:4"));
    assert_eq!(backward.score(Player::Blue), 15);
}

#[test]
fn every_combination_can_be_completed_alone() {
    for combo in COMBINATIONS {
        let cells = combo.cells();
        // The last stone must be the top target of its square: sections fill in order.
        for last in cells.into_iter().filter(|l| {
            !cells
                .iter()
                .any(|c| c.square == l.square && c.section > l.section)
        }) {
            let (_, placement) = blue_completes(&cells, last);
            assert_eq!(placement.player, Player::Blue);
            assert!(
                placement.combos().contains(combo),
                "{combo} not reported, last {last}"
            );
            assert_eq!(
                placement.points,
                placement.combos().iter().map(|c| c.points()).sum::<u32>()
            );
        }
    }
}

#[test]
fn one_stone_completes_three_combinations() {
    // d1 whole, d2..d4 at section 4 (column d same number), a1:1 b1:2 c1:3 (row 1 sequence).
    let targets = [
        "d1:1", "d1:2", "d1:3", "d1:4", "d2:4", "d3:4", "d4:4", "a1:1", "b1:2", "c1:3",
    ]
    .map(cell);
    let (g, placement) = blue_completes(&targets, cell("d1:4"));
    assert_eq!(
        names(&placement),
        ["square d1", "column d same number 4s", "row 1 sequence"]
    );
    assert_eq!(placement.points, 45);
    assert_eq!(g.score(Player::Blue), g.position().recount(Player::Blue));
}

#[test]
fn full_square_is_refused_and_nothing_changes() {
    let mut g = game("c3 c3 c3 c3");
    let before = g.clone();
    let err = g.play(sq("c3")).unwrap_err();
    assert_eq!(err.move_number, 5);
    assert_eq!(err.error.square, sq("c3"));
    assert_eq!(err.to_string(), "move 5: square c3 is full");
    assert_eq!(g, before);

    let mut pos = *g.position();
    let copy = pos;
    assert_eq!(pos.play(sq("c3")), Err(FullSquare { square: sq("c3") }));
    assert_eq!(pos, copy);
}

#[test]
fn stones_go_on_the_lowest_open_section() {
    let g = game("b2 b2 b2");
    let sections: Vec<u8> = g
        .placements()
        .iter()
        .map(|p| p.cell.section.number())
        .collect();
    assert_eq!(sections, [1, 2, 3]);
    assert_eq!(g.position().next_section(sq("b2")), Section::new(4));
    assert_eq!(g.position().owner(cell("b2:2")), Some(Player::Yellow));
}

#[test]
fn mirrored_game_is_a_draw() {
    // Yellow answers every move with its half-turn rotation: the final board is symmetric.
    let mut g = Game::new();
    let mut k = 7usize;
    while !g.is_over() {
        let open: Vec<Square> = g.position().legal_moves().collect();
        let s = open[k % open.len()];
        k = (k * 31 + 11) % 1009;
        g.play(s).unwrap();
        g.play(s.rotated()).unwrap();
    }
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    assert_eq!(g.score(Player::Blue), g.score(Player::Yellow));
    assert!(g.score(Player::Blue) > 0);
}

#[test]
fn filling_squares_in_turn_gives_a_known_draw() {
    // Each square gets Blue, Yellow, Blue, Yellow: Blue owns every section 1 and 3,
    // Yellow every 2 and 4, so each has 20 same-number lines and nothing else.
    let mut g = Game::new();
    for s in Square::ALL {
        for _ in 0..4 {
            g.play(s).unwrap();
        }
    }
    assert_eq!((g.score(Player::Blue), g.score(Player::Yellow)), (200, 200));
    assert_eq!(g.outcome(), Some(Outcome::Draw));
}

#[test]
fn a_win_is_reported_once_the_board_is_full() {
    // Game 2 of the shared test vectors: Yellow wins 55 to 35.
    let moves = "a1 a4 a3 c2 d1 a1 c1 c3 b2 b2 b3 d3 b2 c4 a2 a1 d2 d1 d1 c3 b3 b1 d4 d3 a1 a3 d4 b2 d2 d4 d2 d1 c2 c1 c3 b1 d2 c4 c4 c3 d3 b1 b4 c4 b4 d4 b3 c2 b4 b4 a4 a4 a2 a3 c2 d3 c1 b1 a4 c1 a2 b3 a3 a2";
    let mut g = game(moves);
    assert_eq!(g.outcome(), Some(Outcome::Winner(Player::Yellow)));
    assert_eq!((g.score(Player::Blue), g.score(Player::Yellow)), (35, 55));
    g.undo();
    assert_eq!(g.outcome(), None);
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut g = game("a1 b1 c1");
    let after_three = g.clone();
    assert_eq!(g.undo().map(|p| p.square()), Some(sq("c1")));
    assert_eq!(g.undo().map(|p| p.square()), Some(sq("b1")));
    assert_eq!(g.to_move(), Player::Yellow);
    assert!(g.can_redo());
    g.redo();
    g.redo();
    assert_eq!(g, after_three);
    assert_eq!(g.redo(), None);
    g.undo();
    g.play(sq("d4")).unwrap();
    assert!(!g.can_redo(), "a new move clears the redo list");
    g.truncate(1);
    assert_eq!(g.len(), 1);
    assert_eq!(g.position().ply(), 1);
}

fn perft(pos: Position, depth: u32) -> (u64, u64) {
    if depth == 0 {
        return (1, 0);
    }
    let mut nodes = 0;
    let mut scoring = 0;
    for mv in pos.legal_moves() {
        let mut child = pos;
        let placement = child.play(mv).unwrap();
        if depth == 1 && placement.points > 0 {
            scoring += 1;
        }
        let (n, s) = perft(child, depth - 1);
        nodes += n;
        scoring += s;
    }
    (nodes, scoring)
}

#[test]
fn perft_counts() {
    let start = Position::new();
    assert_eq!(perft(start, 1), (16, 0));
    assert_eq!(perft(start, 2), (256, 0));
    assert_eq!(perft(start, 4), (65_536, 0));
    // Only the 16 sequences that put all four first stones on one square fill it.
    assert_eq!(perft(start, 5).0, 16u64.pow(5) - 16);
    // Sequences of 7 moves where no square is named a fifth time: 16^7 less
    // 16 * (C(7,5) 15^2 + C(7,6) 15 + 1).
    assert_eq!(
        perft(start, 7).0,
        16u64.pow(7) - 16 * (21 * 225 + 7 * 15 + 1)
    );
    // The first points can come on move 7. Count scoring moves from a fixed opening,
    // checked against a brute-force recount at every leaf.
    let opening = *game("a1 b1").position();
    let (nodes, scoring) = perft(opening, 5);
    let mut recount = 0u64;
    count_scoring_leaves(opening, 5, &mut recount);
    assert_eq!(scoring, recount);
    assert!(scoring > 0 && nodes > scoring);
}

fn count_scoring_leaves(pos: Position, depth: u32, out: &mut u64) {
    for mv in pos.legal_moves() {
        let mut child = pos;
        child.play(mv).unwrap();
        if depth == 1 {
            if child.recount(Player::Blue) > 0 {
                *out += 1;
            }
        } else {
            count_scoring_leaves(child, depth - 1, out);
        }
    }
}

#[test]
fn rotation_keeps_scores_and_legal_moves() {
    let g = game("a1 b2 c3 a1 d4 d4 d4 a2");
    let pos = *g.position();
    let r = pos.rotated();
    assert_eq!(r.rotated(), pos);
    for p in Player::BOTH {
        assert_eq!(r.recount(p), pos.recount(p));
    }
    assert_eq!(r.stones_on(sq("a1")), pos.stones_on(sq("d4")));
}

#[test]
fn square_constants_match_their_names() {
    let named = [
        (Square::A1, "a1"),
        (Square::D1, "d1"),
        (Square::B2, "b2"),
        (Square::C3, "c3"),
        (Square::A4, "a4"),
        (Square::D4, "d4"),
    ];
    for (square, name) in named {
        assert_eq!(square.to_string(), name);
    }
    for (i, square) in Square::ALL.into_iter().enumerate() {
        assert_eq!(square.index(), i);
    }
}

#[test]
fn play_unchecked_matches_play_on_legal_moves() {
    let moves = [
        Square::A1,
        Square::A1,
        Square::A1,
        Square::A1,
        Square::B2,
        Square::C3,
    ];
    let (mut checked, mut unchecked) = (Position::new(), Position::new());
    for mv in moves {
        let a = checked.play(mv).expect("legal in this line");
        let b = unchecked.play_unchecked(mv);
        assert_eq!(a, b);
        assert_eq!(checked, unchecked);
    }
    assert_eq!(checked.score(Player::Blue), 0);
    assert_eq!(checked.score(Player::Yellow), 0);
}
