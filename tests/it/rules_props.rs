//! Properties of the rules over random games: totals equal a brute-force recount
//! (and the `score --json` report), and undo restores the exact previous position.

use hijara::rules::{ClaimState, Game, Player, Position, Ruleset, Square};
use proptest::prelude::*;

/// A full game from 64 choices, each picking among the squares still open.
fn game_from(choices: &[usize]) -> Game {
    game_in(Ruleset::Standard, choices)
}

/// [`game_from`] under `ruleset`.
fn game_in(ruleset: Ruleset, choices: &[usize]) -> Game {
    let mut game = Game::with_ruleset(ruleset);
    for &c in choices {
        let open: Vec<Square> = game.position().legal_moves().collect();
        if open.is_empty() {
            break;
        }
        game.play(open[c % open.len()]).unwrap();
    }
    game
}

fn choices(len: usize) -> impl Strategy<Value = Vec<usize>> {
    proptest::collection::vec(0usize..16, len)
}

proptest! {
    #![proptest_config(crate::common::quick_rng(ProptestConfig::with_cases(3000)))]

    /// After any random full game each total is the points of every combination
    /// wholly of that colour, recounted from scratch, and the JSON report agrees.
    #[test]
    fn totals_equal_a_brute_force_recount(choices in choices(64)) {
        let game = game_from(&choices);
        prop_assert!(game.is_over());
        let end = game.position();
        let json = hijara::cli::json_report(&game);
        for p in Player::BOTH {
            prop_assert_eq!(end.score(p), end.recount(p));
            prop_assert_eq!(&json[p.name()], end.score(p));
        }
        // Every event's points add up to the totals, and each event's points are
        // the sum of its combinations.
        let mut sums = [0u64; 2];
        for e in json["events"].as_array().unwrap() {
            let player: Player = e["player"].as_str().unwrap().parse().unwrap();
            let points = e["points"].as_u64().unwrap();
            let combos: u64 = e["combinations"].as_array().unwrap().iter()
                .map(|c| c["points"].as_u64().unwrap()).sum();
            prop_assert_eq!(points, combos);
            sums[player.index()] += points;
        }
        prop_assert_eq!(sums[0], u64::from(end.score(Player::Blue)));
        prop_assert_eq!(sums[1], u64::from(end.score(Player::Yellow)));
        prop_assert_eq!(&json["finished"], true);
        prop_assert_eq!(json["moves"].as_u64(), Some(64));
    }

    /// Totals match the recount at every step, not only at the end.
    #[test]
    fn totals_equal_the_recount_after_every_move(choices in choices(64)) {
        let game = game_from(&choices);
        for n in 0..=game.len() {
            let pos = game.position_at(n);
            for p in Player::BOTH {
                prop_assert_eq!(pos.score(p), pos.recount(p));
            }
        }
    }

    /// Undo restores the exact previous position; redo plays the move again.
    #[test]
    fn undo_restores_the_exact_previous_position(choices in choices(64), cut in 1usize..=64) {
        let mut game = game_from(&choices[..cut]);
        let before: Vec<Position> = (0..=game.len()).map(|n| *game.position_at(n)).collect();
        let after = *game.position();
        for n in (0..game.len()).rev() {
            prop_assert!(game.undo().is_some());
            prop_assert_eq!(*game.position(), before[n]);
        }
        prop_assert!(game.undo().is_none());
        prop_assert_eq!(*game.position(), Position::new());
        while game.redo().is_some() {}
        prop_assert_eq!(*game.position(), after);
    }

    /// A refused move leaves the position unchanged.
    #[test]
    fn full_squares_are_refused_without_change(choices in choices(64), cut in 0usize..=64) {
        let game = game_from(&choices[..cut]);
        let pos = *game.position();
        for sq in Square::ALL {
            let mut copy = pos;
            if pos.is_full(sq) {
                prop_assert!(copy.play(sq).is_err());
                prop_assert_eq!(copy, pos);
            } else {
                prop_assert!(copy.play(sq).is_ok());
            }
        }
    }

    /// In the corners variant too, every total is a brute-force recount over the
    /// 104 combinations, at every move, and the JSON report agrees.
    #[test]
    fn corner_totals_equal_a_brute_force_recount(choices in choices(64)) {
        let game = game_in(Ruleset::Corners, &choices);
        prop_assert!(game.is_over());
        for n in 0..=game.len() {
            let pos = game.position_at(n);
            prop_assert_eq!(pos.ruleset(), Ruleset::Corners);
            for p in Player::BOTH {
                // Recounted here from the table itself, not with `recount`.
                let brute: u32 = Ruleset::Corners
                    .combinations()
                    .iter()
                    .filter(|c| pos.stones(p) & c.mask() == c.mask())
                    .map(|c| c.points())
                    .sum();
                prop_assert_eq!(pos.score(p), brute);
                prop_assert_eq!(pos.recount(p), brute);
            }
        }
        let json = hijara::cli::json_report(&game);
        for p in Player::BOTH {
            prop_assert_eq!(&json[p.name()], game.score(p));
        }
        // Rotating the whole game keeps every move's points.
        let rotated = Game::from_moves_with(Ruleset::Corners, game.moves().map(Square::rotated)).unwrap();
        for (a, b) in game.placements().iter().zip(rotated.placements()) {
            prop_assert_eq!(a.points, b.points);
        }
    }

    /// With claims: totals are the sum of what was awarded, awarded plus forfeited
    /// plus a pending last stone is every point scored, and undo restores every
    /// claim state.
    #[test]
    fn claim_totals_are_derived_and_undo_restores_them(
        choices in proptest::collection::vec((0usize..16, 0u32..50, any::<bool>()), 1..=64),
        ruleset in proptest::sample::select(Ruleset::ALL.to_vec()),
    ) {
        let mut game = Game::with_rules(ruleset, true);
        let mut history: Vec<Game> = vec![game.clone()];
        for &(c, claim, try_it) in &choices {
            let open: Vec<Square> = game.position().legal_moves().collect();
            if open.is_empty() {
                break;
            }
            game.play(open[c % open.len()]).unwrap();
            if try_it && claim > 0 {
                game.claim(claim).unwrap();
            }
            history.push(game.clone());
        }
        for p in Player::BOTH {
            let mut awarded = 0;
            let mut lost = 0;
            let mut pending = 0;
            for (i, pl) in game.placements().iter().enumerate() {
                if pl.player != p {
                    continue;
                }
                awarded += game.awarded(i);
                lost += game.forfeited(i);
                if game.claim_state(i) == Some(ClaimState::Pending) {
                    pending += pl.points;
                }
                prop_assert!(game.awarded(i) + game.forfeited(i) <= pl.points);
            }
            prop_assert_eq!(game.score(p), awarded);
            prop_assert_eq!(game.forfeited_total(p), lost);
            // The position keeps the full automatic score.
            prop_assert_eq!(awarded + lost + pending, game.position().score(p));
        }
        // Only the last stone can be pending.
        let states = game.claim_states();
        prop_assert_eq!(states.len(), game.len());
        prop_assert!(states[..states.len() - 1].iter().all(|s| *s != ClaimState::Pending));
        // Undo walks back through the positions seen, and a claim settled stays
        // settled (s36): the claims are the end's, cut to the moves left, which differ
        // from those seen at that point at most by the last stone's, settled since.
        let end = game.clone();
        for n in (0..history.len() - 1).rev() {
            game.undo().unwrap();
            let len = history[n].len();
            prop_assert_eq!(game.position(), history[n].position());
            prop_assert_eq!(game.claim_states(), &end.claim_states()[..len]);
            let seen = history[n].claim_states();
            prop_assert_eq!(&seen[..len.saturating_sub(1)], &game.claim_states()[..len.saturating_sub(1)]);
            if let Some(last) = seen.last()
                && *last != ClaimState::Pending
            {
                prop_assert_eq!(Some(last), game.claim_states().last());
            }
        }
        while game.redo().is_some() {}
        prop_assert_eq!(game, end);
    }
}
