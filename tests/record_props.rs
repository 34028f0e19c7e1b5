//! Properties of the `.hij` format: write-then-parse round-trips, and the parser
//! never panics, whatever the text.

use hijara::record::{GameResult, Record, RecordError};
use hijara::rules::{Game, Square};
use proptest::prelude::*;

fn square() -> impl Strategy<Value = Square> {
    (0u8..16).prop_map(|i| Square::from_index(i).unwrap())
}

/// Any text, line breaks included (`any::<String>()` is `.*`, which has none).
fn any_text(max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(any::<char>(), 0..max).prop_map(String::from_iter)
}

fn result() -> impl Strategy<Value = Option<GameResult>> {
    proptest::option::of(proptest::sample::select(GameResult::ALL.to_vec()))
}

/// Records with any tags (any Unicode in values), any squares (legal or not) and any result.
fn record() -> impl Strategy<Value = Record> {
    (
        proptest::collection::vec(("[A-Za-z0-9_]{1,8}", any_text(20)), 0..6),
        proptest::collection::vec(square(), 0..80),
        result(),
    )
        .prop_map(|(tags, moves, result)| {
            let mut record = Record::new();
            for (name, value) in tags {
                // A Result tag must be a result token to parse back.
                if name != "Result" {
                    record.set_tag(name, value).unwrap();
                }
            }
            for mv in moves {
                record.push_move(mv);
            }
            record.set_result(result);
            record
        })
}

/// Text made of the format's own characters, to reach deep into the parser.
fn record_like() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just("[".to_owned()),
            Just("]".to_owned()),
            Just("\"".to_owned()),
            Just("\\".to_owned()),
            Just("{".to_owned()),
            Just("}".to_owned()),
            Just(";".to_owned()),
            Just("\n".to_owned()),
            Just(" ".to_owned()),
            Just(".".to_owned()),
            Just("...".to_owned()),
            Just("1-0".to_owned()),
            Just("1/2-1/2".to_owned()),
            Just("*".to_owned()),
            Just("Result".to_owned()),
            Just("é".to_owned()),
            Just("\u{feff}".to_owned()),
            "[0-9]{1,3}",
            "[a-eA-E][0-5]",
            any::<char>().prop_map(String::from),
        ],
        0..60,
    )
    .prop_map(|parts| parts.concat())
}

/// Checks the parser's answer is sane: no panic got here, and an error points inside the text.
fn check(text: &str) -> Result<(), TestCaseError> {
    match text.parse::<Record>() {
        Ok(record) => {
            // Whatever parsed writes back to something that parses the same.
            let again: Record = record.to_string().parse().unwrap();
            prop_assert_eq!(&again, &record);
            if let Err(e) = record.to_game() {
                prop_assert!(e.location().is_some(), "{}", e);
            }
        }
        Err(e) => {
            let location = e.location().unwrap();
            let lines = text.split('\n').count() as u32;
            prop_assert!(
                location.line >= 1 && location.line <= lines,
                "{} in {:?}",
                e,
                text
            );
            let line = text.split('\n').nth(location.line as usize - 1).unwrap();
            prop_assert!(location.column >= 1);
            prop_assert!(
                location.column as usize <= line.chars().count() + 1,
                "{} in {:?}",
                e,
                text
            );
            let is_syntax = matches!(e, RecordError::Syntax { .. });
            prop_assert!(is_syntax);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn write_then_parse_round_trips(record in record()) {
        let text = record.to_string();
        let parsed: Record = text.parse().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(parsed, record);
    }

    #[test]
    fn a_legal_game_round_trips_through_its_record(choices in proptest::collection::vec(0usize..16, 0..=64)) {
        let mut game = Game::new();
        for c in choices {
            let open: Vec<Square> = game.position().legal_moves().collect();
            game.play(open[c % open.len()]).unwrap();
        }
        let record = Record::from_game(&game, [("Blue", "Ann"), ("Yellow", "hard")]).unwrap();
        let parsed: Record = record.to_string().parse().unwrap();
        prop_assert_eq!(&parsed, &record);
        prop_assert_eq!(parsed.to_game().unwrap(), game);
    }

    #[test]
    fn the_parser_never_panics_on_any_text(text in any_text(200)) {
        check(&text)?;
    }

    #[test]
    fn the_parser_never_panics_on_record_like_text(text in record_like()) {
        check(&text)?;
    }
}
