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

/// What `--json` prints: the [`Summary`]'s keys, and what a script needs to play
/// the match again and to tabulate it (before s31 it had neither the seed, nor the
/// levels, nor a game's result). Its keys are documented in docs/ai.md.
#[derive(Debug, Serialize)]
struct Report {
    /// The results (`variant` first when not standard).
    #[serde(flatten)]
    summary: Summary,
    /// The match seed (`--seed`).
    seed: u64,
    /// Blue's level.
    blue: Level,
    /// Yellow's level.
    yellow: Level,
    /// Hard's thinking time per move in ms, default or given: `None` (null) when no
    /// side is hard or `--nodes` replaces the clock.
    think_ms: Option<u64>,
    /// Hard's node budget per move (`--nodes`), else null.
    nodes: Option<u64>,
    /// The threads hard searched with: null when no side is hard.
    threads: Option<usize>,
    /// Each game, in the order played.
    results: Vec<GameLine>,
}

/// One game of the `--json` report.
#[derive(Debug, Serialize)]
struct GameLine {
    /// Its number, from 1.
    game: u32,
    /// Blue's final total.
    blue_score: u32,
    /// Yellow's final total.
    yellow_score: u32,
    /// `blue`, `yellow` or `draw`, as `hijara games --json` says it.
    result: crate::record::GameResult,
    /// Moves played (64 in a game played to the end).
    moves: u32,
    /// The game's wall time in ms, from the engines' start to the last move: it varies
    /// from run to run, where the rest is the same for the same seed and limits.
    ms: f64,
    /// The time Blue took for its moves of this game, in ms.
    blue_ms: f64,
    /// The time Yellow took for its moves of this game, in ms.
    yellow_ms: f64,
}

/// The flags of `args` that only the hard level reads, given when neither side is
/// hard: they would be taken silently (QA s31).
fn unused_limits(args: &super::SelfplayArgs) -> Vec<&'static str> {
    if args.blue == Level::Hard || args.yellow == Level::Hard {
        return Vec::new();
    }
    [
        ("--think-ms", args.think_ms.is_some()),
        ("--nodes", args.nodes.is_some()),
        ("--threads", args.threads.get().is_some()),
    ]
    .into_iter()
    .filter_map(|(flag, given)| given.then_some(flag))
    .collect()
}

/// The decimals `--json` keeps: hundredths of a point, of a millisecond (10 µs).
pub const DECIMALS: i32 = 2;

/// `x` rounded to [`DECIMALS`] decimals, as `--json` prints it.
fn round(x: f64) -> f64 {
    let scale = 10f64.powi(DECIMALS);
    (x * scale).round() / scale
}

/// How long one game took, for [`play_match`]'s `on_game`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameTimes {
    /// Wall time from the engines' start to the last move, in ms.
    pub wall_ms: f64,
    /// Each side's time choosing its moves, in ms, by [`Player::index`].
    pub think_ms: [f64; 2],
}

/// Plays the match; `on_game` sees each finished game's number (from 0), final
/// position and times as it ends, and an error it returns (a report that cannot be
/// written) ends the match.
pub fn play_match(
    m: &Match,
    mut on_game: impl FnMut(u32, &Position, &GameTimes) -> anyhow::Result<()>,
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
        let game_start = Instant::now();
        let mut think = [0f64; 2];
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
            think[i] += ms;
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
        let times = GameTimes {
            wall_ms: game_start.elapsed().as_secs_f64() * 1000.0,
            think_ms: think,
        };
        on_game(game, &position, &times)?;
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
    for flag in unused_limits(args) {
        super::out::note(words::selfplay_unused_limit(flag));
    }
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
    let mut results = Vec::new();
    let summary = play_match(&m, |game, position, times| {
        results.push(GameLine {
            game: game + 1,
            blue_score: position.score(Player::Blue),
            yellow_score: position.score(Player::Yellow),
            result: crate::record::GameResult::from(position.outcome()),
            moves: position.ply(),
            ms: round(times.wall_ms),
            blue_ms: round(times.think_ms[0]),
            yellow_ms: round(times.think_ms[1]),
        });
        if progress {
            let line = words::selfplay_game(
                game + 1,
                m.games,
                position.score(Player::Blue),
                position.score(Player::Yellow),
                position.outcome().and_then(|o| o.winner()),
                times.wall_ms / 1000.0,
            );
            if args.json {
                super::out::note(line);
            } else {
                super::out::say(super::out::wrapped(line, columns))?;
            }
        }
        Ok(())
    })?;
    if args.json {
        let hard = m.blue == Level::Hard || m.yellow == Level::Hard;
        let settings = AiSettings {
            think_ms: m.think_ms,
            threads: m.threads.or(m.nodes.map(|_| 1)),
            ..AiSettings::new(Level::Hard)
        };
        let report = Report {
            seed: m.seed,
            blue: m.blue,
            yellow: m.yellow,
            think_ms: (hard && m.nodes.is_none()).then(|| settings.hard_think_ms()),
            nodes: m.nodes,
            threads: hard.then(|| settings.threads()),
            summary: summary.rounded(),
            results,
        };
        super::out::say_json(&report)?;
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
