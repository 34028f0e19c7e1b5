//! `hijara score FILE [--json]`: replays a record headlessly and prints every
//! scoring move and the totals, under the record's ruleset, and in a claim game
//! what was claimed and what was forfeited.

use std::io::Write;

use anyhow::Context;
use serde::Serialize;

use crate::record::{GameResult, Record, Termination};
use crate::rules::{ClaimState, Game, Player, Ruleset};
use crate::session::{Ending, read_text};
use crate::strings::reports as words;

/// The whole report, in the field order of the JSON output.
///
/// The keys for the variant and claims are left out for a standard game without
/// claims, so its report is what it always was.
#[derive(Debug, Serialize)]
struct Report {
    /// `corners`; absent for the standard game.
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<Ruleset>,
    /// `true` in a claim game; absent otherwise.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    claims: bool,
    moves: usize,
    finished: bool,
    /// Blue's total: in a claim game, the points claimed.
    blue: u32,
    /// Yellow's total: in a claim game, the points claimed.
    yellow: u32,
    /// In a claim game, the points each player forfeited.
    #[serde(skip_serializing_if = "Option::is_none")]
    forfeited: Option<Totals>,
    /// `blue`, `yellow`, `draw`, or null while unfinished.
    winner: Option<GameResult>,
    /// How a game that stopped before the board was full ended (`time forfeit`,
    /// `resignation`, `abandoned`); absent for a game the board decides.
    #[serde(skip_serializing_if = "Option::is_none")]
    termination: Option<Termination>,
    /// The early ending, for the text output only.
    #[serde(skip)]
    ending: Option<Ending>,
    events: Vec<Event>,
}

/// Points per player.
#[derive(Debug, Serialize)]
struct Totals {
    blue: u32,
    yellow: u32,
}

/// One move that scored.
#[derive(Debug, Serialize)]
struct Event {
    #[serde(rename = "move")]
    move_number: usize,
    player: Player,
    square: String,
    section: u8,
    points: u32,
    /// In a claim game: `claimed`, `wrong`, `unclaimed` or `pending` (the last
    /// stone, which may still be claimed).
    #[serde(skip_serializing_if = "Option::is_none")]
    claim: Option<&'static str>,
    /// In a claim game, the points awarded for the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    claimed: Option<u32>,
    /// In a claim game, the points forfeited at the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    forfeited: Option<u32>,
    combinations: Vec<Combo>,
    /// Plain-text names of the combinations, for the text output only.
    #[serde(skip)]
    names: Vec<String>,
}

/// One combination a move completed.
#[derive(Debug, Serialize)]
struct Combo {
    kind: &'static str,
    points: u32,
    cells: Vec<String>,
}

impl Report {
    fn of(game: &Game) -> Report {
        let events = game
            .placements()
            .iter()
            .enumerate()
            .filter(|(_, p)| p.points > 0)
            .map(|(i, _)| Event::of(game, i))
            .collect();
        let claims = game.claim_mode();
        Report {
            variant: Some(game.ruleset()).filter(|r| *r != Ruleset::Standard),
            claims,
            forfeited: claims.then(|| Totals {
                blue: game.forfeited_total(Player::Blue),
                yellow: game.forfeited_total(Player::Yellow),
            }),
            moves: game.len(),
            finished: game.is_over(),
            blue: game.score(Player::Blue),
            yellow: game.score(Player::Yellow),
            winner: game.outcome().map(|o| GameResult::from(Some(o))),
            termination: None,
            ending: None,
            events,
        }
    }

    /// The report of a game that ended early: finished, with its winner and why.
    fn ended(mut self, ending: Option<Ending>) -> Report {
        if let Some(ending) = ending {
            self.finished = true;
            self.winner = Some(ending.result());
            self.termination = Some(ending.termination());
            self.ending = Some(ending);
        }
        self
    }
}

impl Event {
    /// Move `index` (0-based) of `game`, which scored.
    fn of(game: &Game, index: usize) -> Event {
        let p = &game.placements()[index];
        let combos = p.combos();
        let state = game.claim_state(index);
        Event {
            move_number: index + 1,
            player: p.player,
            square: p.cell.square.to_string(),
            section: p.cell.section.number(),
            points: p.points,
            claim: state.map(|s| match s {
                ClaimState::Pending => "pending",
                ClaimState::Claimed { .. } => "claimed",
                ClaimState::Wrong { .. } => "wrong",
                ClaimState::Unclaimed => "unclaimed",
            }),
            claimed: state.map(|_| game.awarded(index)),
            forfeited: state.map(|_| game.forfeited(index)),
            combinations: combos
                .iter()
                .map(|c| Combo {
                    kind: c.kind().name(),
                    points: c.points(),
                    cells: c.cells().iter().map(ToString::to_string).collect(),
                })
                .collect(),
            names: combos.iter().map(|c| c.to_string()).collect(),
        }
    }
}

/// What happened to a scoring move's points in a claim game, after `scores N`.
fn claim_text(event: &Event) -> String {
    let (claimed, forfeited) = (event.claimed.unwrap_or(0), event.forfeited.unwrap_or(0));
    match event.claim {
        None => String::new(),
        Some("pending") => words::NOT_CLAIMED_YET.to_owned(),
        Some("claimed") => words::claimed(claimed, forfeited),
        Some("wrong") => words::wrong_claim(forfeited),
        Some(_) => words::not_claimed(forfeited),
    }
}

/// `line` as it is where it fits in `columns` (or nothing is known of them: a pipe),
/// else wrapped to them.
fn fitted(line: String, columns: Option<usize>) -> String {
    match columns {
        Some(columns) if crate::text::width(&line) > columns => {
            crate::text::wrap_lines(&line, columns.max(1))
        }
        _ => line,
    }
}

/// A combination's line, or where it is wider than `columns` (its name padded to 30
/// columns made it 57 wide), its points and name, then its cells on lines of their
/// own, indented.
fn combination_text(points: u32, name: &str, cells: &str, columns: Option<usize>) -> String {
    let wide = words::combination(points, name, cells);
    let Some(columns) = columns.filter(|&c| crate::text::width(&wide) > c) else {
        return wide;
    };
    let indent = words::COMBINATION_CELLS_INDENT;
    let room = columns.saturating_sub(crate::text::width(indent)).max(1);
    let mut lines = vec![fitted(
        words::combination_named(points, name),
        Some(columns),
    )];
    lines.extend(
        crate::text::wrap(cells, room)
            .into_iter()
            .map(|l| format!("{indent}{l}")),
    );
    lines.join("\n")
}

/// The report as text: one paragraph per scoring move, then the totals; laid out for
/// `columns` when standard output is a terminal that wide (`None`: as it is, for a
/// pipe or a file).
fn write_text(
    out: &mut impl Write,
    report: &Report,
    columns: Option<usize>,
) -> std::io::Result<()> {
    if let Some(variant) = report.variant {
        writeln!(out, "{}", words::variant(variant))?;
    }
    if report.claims {
        writeln!(out, "{}", fitted(words::CLAIMS_ON.to_owned(), columns))?;
    }
    for event in &report.events {
        let line = words::scoring_move(
            event.move_number,
            event.player,
            &event.square,
            event.section,
            event.points,
            &claim_text(event),
        );
        writeln!(out, "{}", fitted(line, columns))?;
        for (combo, name) in event.combinations.iter().zip(&event.names) {
            let cells = combo.cells.join(" ");
            writeln!(
                out,
                "{}",
                combination_text(combo.points, name, &cells, columns)
            )?;
        }
    }
    if report.events.is_empty() {
        writeln!(out, "{}", words::NO_MOVE_SCORED)?;
    }
    let state = match (report.ending, report.winner) {
        (Some(ending), _) => words::finished(&crate::strings::describe::ending(ending)),
        (_, None) => words::unfinished(report.moves),
        (_, Some(GameResult::Draw)) => words::finished(words::A_DRAW),
        (_, Some(GameResult::BlueWins)) => words::finished(&words::wins(Player::Blue)),
        (_, Some(_)) => words::finished(&words::wins(Player::Yellow)),
    };
    let line = match &report.forfeited {
        Some(lost) => words::totals_forfeited(
            [report.blue, report.yellow],
            [lost.blue, lost.yellow],
            &state,
        ),
        None => words::totals(report.blue, report.yellow, &state),
    };
    writeln!(out, "{}", fitted(line, columns))
}

/// The `hijara score --json` object for `game`, as a JSON value.
///
/// Public so tests can check it against a brute-force recount without a process per game.
pub fn json_report(game: &Game) -> serde_json::Value {
    // A struct of strings and numbers always serializes; `Null` is unreachable.
    serde_json::to_value(Report::of(game)).unwrap_or_default()
}

pub(crate) fn run(args: &super::ScoreArgs) -> anyhow::Result<()> {
    let file = super::replay::record_path(args.game.as_ref(), args.dir.as_deref())?;
    let name = crate::session::input_name(&file);
    let text = read_text(&file, &name)?;
    let record = Record::parse_file(&text).with_context(|| name.clone())?;
    let game = record.to_game().with_context(|| name.clone())?;
    let ending = Ending::of_record(&record).with_context(|| name.clone())?;
    let report = Report::of(&game).ended(ending);
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &report).context("cannot write the report")?;
        writeln!(out).context("cannot write the report")?;
    } else {
        let columns = super::out::stdout_columns();
        write_text(&mut out, &report, columns).context("cannot write the report")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Ruleset, Square};

    /// The exact JSON text of `hijara score --json` for a corners game with claims:
    /// every enum's spelling kept byte for byte.
    #[test]
    fn the_json_text_is_kept_exactly() {
        let mut game = Game::with_rules(Ruleset::Corners, true);
        for mv in [
            Square::A1,
            Square::B2,
            Square::A1,
            Square::B2,
            Square::A1,
            Square::B2,
            Square::A1,
        ] {
            game.play(mv).unwrap();
        }
        let json = serde_json::to_string(&Report::of(&game)).unwrap();
        assert_eq!(json, GOLDEN);
    }

    fn text_of(record: &str, columns: Option<usize>) -> String {
        let game = Record::parse_file(record).unwrap().to_game().unwrap();
        let mut out = Vec::new();
        write_text(&mut out, &Report::of(&game), columns).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// QA (s17): the text report is 57 columns wide (a combination's name padded to
    /// 30 columns): at a 44-column terminal each such line broke where the terminal
    /// cut it. At a terminal narrower than a line the cells go under the name and
    /// every other line wraps at spaces; a pipe (no width known), or a terminal
    /// wide enough, gets the report as it was.
    #[test]
    fn the_text_report_fits_a_narrow_terminal() {
        let record = include_str!("../../assets/games/combinations.hij");
        let whole = text_of(record, None);
        assert!(whole.contains("  10 column a same number 4s        a1:4 a2:4 a3:4 a4:4\n"));
        assert_eq!(text_of(record, Some(80)), whole);
        for columns in [44, 30, 20] {
            let narrow = text_of(record, Some(columns));
            for line in narrow.lines() {
                assert!(crate::text::width(line) <= columns, "{columns}: {line:?}");
            }
            // Nothing lost: the same words, laid out anew.
            let words = |t: &str| t.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
            assert_eq!(words(&narrow), words(&whole), "{columns}");
        }
        assert!(
            text_of(record, Some(44))
                .contains("  10 column a same number 4s\n      a1:4 a2:4 a3:4 a4:4\n")
        );
    }

    const GOLDEN: &str = concat!(
        r#"{"variant":"corners","claims":true,"moves":7,"finished":false,"blue":0,"yellow":"#,
        r#"0,"forfeited":{"blue":0,"yellow":0},"winner":null,"events":[{"move":7,"player":""#,
        r#"blue","square":"a1","section":4,"points":20,"claim":"pending","claimed":0,"forfe"#,
        r#"ited":0,"combinations":[{"kind":"square","points":20,"cells":["a1:1","a1:2","a1:"#,
        r#"3","a1:4"]}]}]}"#,
    );
}
