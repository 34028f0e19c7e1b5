//! The shared scoring vectors (tests/data/scoring.jsonl and, for the corners
//! variant, tests/data/corners.jsonl, computed by an independent implementation):
//! every game's totals and scoring moves must match.

use hijara::record::Record;
use hijara::rules::{Game, Player, Ruleset, Square};
use serde_json::Value;

struct Vector {
    moves: Vec<Square>,
    blue: u32,
    yellow: u32,
    /// (move number from 1, player, points)
    events: Vec<(usize, Player, u32)>,
}

fn vectors() -> Vec<Vector> {
    parse_vectors(include_str!("../data/scoring.jsonl"), None)
}

fn corner_vectors() -> Vec<Vector> {
    parse_vectors(include_str!("../data/corners.jsonl"), Some("corners"))
}

/// The vectors of one file; `variant` is what each line's `variant` field must say.
fn parse_vectors(text: &str, variant: Option<&str>) -> Vec<Vector> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["variant"].as_str(), variant, "{line}");
            let moves = v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().parse().unwrap())
                .collect();
            let events = v["events"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| {
                    (
                        e["move"].as_u64().unwrap() as usize,
                        e["player"].as_str().unwrap().parse().unwrap(),
                        e["points"].as_u64().unwrap() as u32,
                    )
                })
                .collect();
            Vector {
                moves,
                blue: v["blue"].as_u64().unwrap() as u32,
                yellow: v["yellow"].as_u64().unwrap() as u32,
                events,
            }
        })
        .collect()
}

fn events_of(game: &Game) -> Vec<(usize, Player, u32)> {
    game.placements()
        .iter()
        .enumerate()
        .filter(|(_, p)| p.points > 0)
        .map(|(i, p)| (i + 1, p.player, p.points))
        .collect()
}

#[test]
fn all_forty_vectors_are_present() {
    let all = vectors();
    assert_eq!(all.len(), 40);
    assert_eq!(all.iter().filter(|v| v.moves.len() == 64).count(), 30);
}

#[test]
fn totals_and_events_match_the_vectors() {
    for (i, v) in vectors().iter().enumerate() {
        let game = Game::from_moves(v.moves.iter().copied()).unwrap();
        assert_eq!(game.score(Player::Blue), v.blue, "game {i}: Blue");
        assert_eq!(game.score(Player::Yellow), v.yellow, "game {i}: Yellow");
        assert_eq!(events_of(&game), v.events, "game {i}: events");
        for p in Player::BOTH {
            assert_eq!(game.position().recount(p), game.score(p), "game {i}");
        }
    }
}

#[test]
fn the_vectors_as_bare_records_give_the_same_games() {
    for (i, v) in vectors().iter().enumerate() {
        let text: Vec<String> = v.moves.iter().map(ToString::to_string).collect();
        let record: Record = text.join(" ").parse().unwrap();
        let game = record.to_game().unwrap();
        assert_eq!(events_of(&game), v.events, "game {i}");
        // And the JSON report agrees.
        let json = hijara::cli::json_report(&game);
        assert_eq!(json["blue"], v.blue, "game {i}");
        assert_eq!(json["yellow"], v.yellow, "game {i}");
        assert_eq!(json["events"].as_array().unwrap().len(), v.events.len());
    }
}

#[test]
fn all_forty_corner_vectors_are_present() {
    let all = corner_vectors();
    assert_eq!(all.len(), 40);
    assert_eq!(all.iter().filter(|v| v.moves.len() == 64).count(), 30);
}

#[test]
fn corner_totals_and_events_match_the_vectors() {
    let mut differ_from_standard = 0;
    for (i, v) in corner_vectors().iter().enumerate() {
        let game = Game::from_moves_with(Ruleset::Corners, v.moves.iter().copied()).unwrap();
        assert_eq!(game.score(Player::Blue), v.blue, "game {i}: Blue");
        assert_eq!(game.score(Player::Yellow), v.yellow, "game {i}: Yellow");
        assert_eq!(events_of(&game), v.events, "game {i}: events");
        for p in Player::BOTH {
            assert_eq!(game.position().recount(p), game.score(p), "game {i}");
        }
        let standard = Game::from_moves(v.moves.iter().copied()).unwrap();
        if events_of(&standard) != v.events {
            differ_from_standard += 1;
        }
    }
    // The vectors exercise the corner formations: most games score differently.
    assert!(differ_from_standard >= 20, "{differ_from_standard}");
}

#[test]
fn the_corner_vectors_as_records_give_the_same_games() {
    for (i, v) in corner_vectors().iter().enumerate() {
        let text: Vec<String> = v.moves.iter().map(ToString::to_string).collect();
        let record: Record = format!("[Variant \"corners\"]\n\n{}", text.join(" "))
            .parse()
            .unwrap();
        let game = record.to_game().unwrap();
        assert_eq!(game.ruleset(), Ruleset::Corners);
        assert_eq!(events_of(&game), v.events, "game {i}");
        let json = hijara::cli::json_report(&game);
        assert_eq!(json["variant"], "corners", "game {i}");
        assert_eq!(json["blue"], v.blue, "game {i}");
        assert_eq!(json["yellow"], v.yellow, "game {i}");
        assert_eq!(json["events"].as_array().unwrap().len(), v.events.len());
        // Written back, the record keeps its variant.
        let again = Record::from_game(&game, [("Event", "vector")]).unwrap();
        let reparsed: Record = again.to_string().parse().unwrap();
        assert_eq!(reparsed.to_game().unwrap(), game, "game {i}");
    }
}
