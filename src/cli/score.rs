//! `hijara score FILE [--json]`: replays a record headlessly and prints every
//! scoring move and the totals.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use serde::Serialize;

use crate::record::Record;
use crate::rules::{Game, Outcome, Placement, Player};
use crate::session::read_text;

/// The whole report, in the field order of the JSON output.
#[derive(Debug, Serialize)]
struct Report {
    moves: usize,
    finished: bool,
    blue: u32,
    yellow: u32,
    /// `blue`, `yellow`, `draw`, or null while unfinished.
    winner: Option<&'static str>,
    events: Vec<Event>,
}

/// One move that scored.
#[derive(Debug, Serialize)]
struct Event {
    #[serde(rename = "move")]
    move_number: usize,
    player: &'static str,
    square: String,
    section: u8,
    points: u32,
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
            .map(|(i, p)| Event::of(i + 1, p))
            .collect();
        Report {
            moves: game.len(),
            finished: game.is_over(),
            blue: game.score(Player::Blue),
            yellow: game.score(Player::Yellow),
            winner: game.outcome().map(|o| match o {
                Outcome::Winner(p) => p.name(),
                Outcome::Draw => "draw",
            }),
            events,
        }
    }
}

impl Event {
    fn of(move_number: usize, p: &Placement) -> Event {
        let combos = p.combos();
        Event {
            move_number,
            player: p.player.name(),
            square: p.cell.square.to_string(),
            section: p.cell.section.number(),
            points: p.points,
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

/// The report as text: one paragraph per scoring move, then the totals.
fn write_text(out: &mut impl Write, report: &Report) -> std::io::Result<()> {
    for event in &report.events {
        let player = if event.player == "blue" {
            "Blue"
        } else {
            "Yellow"
        };
        writeln!(
            out,
            "move {}: {player} {}:{} scores {}",
            event.move_number, event.square, event.section, event.points
        )?;
        for (combo, name) in event.combinations.iter().zip(&event.names) {
            writeln!(
                out,
                "  {:<2} {name:<30} {}",
                combo.points,
                combo.cells.join(" ")
            )?;
        }
    }
    if report.events.is_empty() {
        writeln!(out, "no move scored")?;
    }
    let state = match report.winner {
        None => format!("unfinished after {} of 64 moves", report.moves),
        Some("draw") => "finished: a draw".to_owned(),
        Some("blue") => "finished: Blue wins".to_owned(),
        Some(_) => "finished: Yellow wins".to_owned(),
    };
    writeln!(
        out,
        "Blue {}, Yellow {}; {state}",
        report.blue, report.yellow
    )
}

/// The `hijara score --json` object for `game`, as a JSON value.
///
/// Public so tests can check it against a brute-force recount without a process per game.
pub fn json_report(game: &Game) -> serde_json::Value {
    // A struct of strings and numbers always serializes; `Null` is unreachable.
    serde_json::to_value(Report::of(game)).unwrap_or_default()
}

pub(crate) fn run(args: &super::ScoreArgs) -> anyhow::Result<()> {
    let name = if args.file == Path::new("-") {
        "<stdin>".to_owned()
    } else {
        args.file.display().to_string()
    };
    let text = read_text(&args.file, &name)?;
    let record: Record = text.parse().with_context(|| name.clone())?;
    let game = record.to_game().with_context(|| name.clone())?;
    let report = Report::of(&game);
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &report).context("cannot write the report")?;
        writeln!(out).context("cannot write the report")?;
    } else {
        write_text(&mut out, &report).context("cannot write the report")?;
    }
    Ok(())
}
