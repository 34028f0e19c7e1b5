//! `hijara selfplay`: AI against AI, headless, with results and timings.

use std::time::Instant;

use serde::Serialize;

use crate::ai::{AiSettings, Engine, Level, SearchLimit};
use crate::rules::{Player, Position, Ruleset};
use crate::strings::reports as words;

/// The results of a match, with exactly the keys `--json` prints.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Summary {
    /// The rules the games were played under: `"corners"`, absent for the standard
    /// game (whose object is what it always was), as in `score --json`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<Ruleset>,
    /// Games played.
    pub games: u32,
    /// Games Blue won.
    pub blue_wins: u32,
    /// Games Yellow won.
    pub yellow_wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Blue's average final total.
    pub blue_avg: f64,
    /// Yellow's average final total.
    pub yellow_avg: f64,
    /// Blue's average time per move, in milliseconds.
    pub blue_ms_avg: f64,
    /// Blue's longest time for one move, in milliseconds.
    pub blue_ms_max: f64,
    /// Yellow's average time per move, in milliseconds.
    pub yellow_ms_avg: f64,
    /// Yellow's longest time for one move, in milliseconds.
    pub yellow_ms_max: f64,
}

/// How one match is played.
#[derive(Debug, Clone, Copy)]
pub struct Match {
    /// Blue's level.
    pub blue: Level,
    /// Yellow's level.
    pub yellow: Level,
    /// Games to play.
    pub games: u32,
    /// The match seed; game `g` gives each side its own seed derived from it.
    pub seed: u64,
    /// Hard's thinking time per move.
    pub think_ms: Option<u64>,
    /// Hard's node budget per move instead of the clock (reproducible with one thread).
    pub nodes: Option<u64>,
    /// Hard's threads; `None` for one with `nodes` (reproducible), else every core.
    pub threads: Option<usize>,
    /// The rules every game is played under.
    pub variant: Ruleset,
}

/// The seed of one side in one game: distinct per game and side.
fn game_seed(seed: u64, game: u32, player: Player) -> u64 {
    let mut x =
        seed ^ ((game as u64) << 1 | player.index() as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
    x ^= x >> 29;
    x.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Summary {
    /// The figures rounded to [`DECIMALS`] decimals, as `--json` prints them: a mean
    /// or a time in binary floating point printed whole was noise
    /// (`0.004307000000000001`), and two runs' objects differed in digits no one
    /// measured.
    pub fn rounded(&self) -> Summary {
        let round = |x: f64| {
            let scale = 10f64.powi(DECIMALS);
            (x * scale).round() / scale
        };
        Summary {
            blue_avg: round(self.blue_avg),
            yellow_avg: round(self.yellow_avg),
            blue_ms_avg: round(self.blue_ms_avg),
            blue_ms_max: round(self.blue_ms_max),
            yellow_ms_avg: round(self.yellow_ms_avg),
            yellow_ms_max: round(self.yellow_ms_max),
            ..*self
        }
    }
}

/// The decimals `--json` keeps: hundredths of a point, of a millisecond (10 µs).
pub const DECIMALS: i32 = 2;

/// Plays the match; `on_game` sees each finished game's number (from 0) and final
/// position as it ends, and an error it returns (a report that cannot be written)
/// ends the match.
pub fn play_match(
    m: &Match,
    mut on_game: impl FnMut(u32, &Position) -> anyhow::Result<()>,
) -> anyhow::Result<Summary> {
    let mut wins = [0u32; 2];
    let mut draws = 0;
    let mut totals = [0u64; 2];
    let mut ms_sum = [0f64; 2];
    let mut ms_max = [0f64; 2];
    let mut moves = [0u64; 2];
    // Hard's node budget, else (no limit given) each side's thinking time.
    let limit = m.nodes.map_or(SearchLimit::NONE, SearchLimit::nodes);
    for game in 0..m.games {
        let mut position = Position::with_ruleset(m.variant);
        // Each side of each game is its own player, keeping its own proofs.
        let mut engines = Player::BOTH.map(|player| {
            Engine::new(AiSettings {
                level: [m.blue, m.yellow][player.index()],
                think_ms: m.think_ms,
                seed: game_seed(m.seed, game, player),
                threads: m.threads.or(m.nodes.map(|_| 1)),
            })
        });
        while !position.is_over() {
            let player = position.to_move();
            let engine = &mut engines[player.index()];
            let start = Instant::now();
            let mv = engine.choose(&position, &limit);
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            let Some(mv) = mv else {
                anyhow::bail!(
                    "the {} AI found no move on an open board",
                    engine.settings().level
                );
            };
            position.play(mv)?;
            let i = player.index();
            ms_sum[i] += ms;
            ms_max[i] = ms_max[i].max(ms);
            moves[i] += 1;
        }
        match position.outcome().and_then(|o| o.winner()) {
            Some(p) => wins[p.index()] += 1,
            None => draws += 1,
        }
        for p in Player::BOTH {
            totals[p.index()] += position.score(p) as u64;
        }
        on_game(game, &position)?;
    }
    let avg = |sum: f64, n: u64| if n == 0 { 0.0 } else { sum / n as f64 };
    Ok(Summary {
        variant: Some(m.variant).filter(|r| *r != Ruleset::Standard),
        games: m.games,
        blue_wins: wins[0],
        yellow_wins: wins[1],
        draws,
        blue_avg: avg(totals[0] as f64, m.games as u64),
        yellow_avg: avg(totals[1] as f64, m.games as u64),
        blue_ms_avg: avg(ms_sum[0], moves[0]),
        blue_ms_max: ms_max[0],
        yellow_ms_avg: avg(ms_sum[1], moves[1]),
        yellow_ms_max: ms_max[1],
    })
}

pub(crate) fn run(args: &super::SelfplayArgs) -> anyhow::Result<()> {
    use std::io::IsTerminal;
    let m = Match {
        blue: args.blue,
        yellow: args.yellow,
        games: args.games,
        seed: args.seed,
        think_ms: args.think_ms,
        nodes: args.nodes,
        threads: args.threads.get(),
        variant: args.variant,
    };
    // The standard game's header stays as it was; a variant is named.
    let rules = match m.variant {
        Ruleset::Standard => String::new(),
        variant => words::rules(variant),
    };
    let (blue, yellow) = (m.blue.to_string(), m.yellow.to_string());
    // On a terminal the lines wrap at spaces to its width, as `score`'s do.
    let columns = super::out::stdout_columns();
    if !args.json {
        let header = words::selfplay(m.games, m.seed, &rules, &blue, &yellow);
        super::out::say(super::out::wrapped(header, columns))?;
    }
    // Each game is said as it ends: on standard output in the text report; with
    // `--json`, whose output stays one object, on standard error when a person
    // watches it there.
    let progress = !args.json || std::io::stderr().is_terminal();
    let mut started = Instant::now();
    let summary = play_match(&m, |game, position| {
        if progress {
            let line = words::selfplay_game(
                game + 1,
                m.games,
                position.score(Player::Blue),
                position.score(Player::Yellow),
                position.outcome().and_then(|o| o.winner()),
                started.elapsed().as_secs_f64(),
            );
            if args.json {
                super::out::note(line);
            } else {
                super::out::say(super::out::wrapped(line, columns))?;
            }
        }
        started = Instant::now();
        Ok(())
    })?;
    if args.json {
        super::out::say_json(&summary.rounded())?;
        return Ok(());
    }
    let s = &summary;
    let share = |wins: u32| {
        if s.games == 0 {
            0.0
        } else {
            (wins as f64 + s.draws as f64 / 2.0) * 100.0 / s.games as f64
        }
    };
    let sides = [
        words::SideFigures {
            wins: s.blue_wins,
            losses: s.yellow_wins,
            share: share(s.blue_wins),
            average: s.blue_avg,
            ms_avg: s.blue_ms_avg,
            ms_max: s.blue_ms_max,
        },
        words::SideFigures {
            wins: s.yellow_wins,
            losses: s.blue_wins,
            share: share(s.yellow_wins),
            average: s.yellow_avg,
            ms_avg: s.yellow_ms_avg,
            ms_max: s.yellow_ms_max,
        },
    ];
    // A terminal narrower than the table gets each side in words, wrapped at spaces.
    let narrow = columns.is_some_and(|c| c < words::SELFPLAY_TABLE_COLUMNS);
    if !narrow {
        super::out::say(words::selfplay_table_head())?;
    }
    for (player, side) in Player::BOTH.into_iter().zip(&sides) {
        let line = words::selfplay_side(player, side, narrow);
        super::out::say(super::out::wrapped(line, columns))?;
    }
    super::out::say(words::selfplay_draws(s.draws))?;
    Ok(())
}
