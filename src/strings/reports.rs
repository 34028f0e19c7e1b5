//! The reports of the headless commands: `hijara score`, `analyze`, `bench` and
//! `selfplay`. The figures are the commands'; the words and their layout are here.

use std::fmt::Display;

use crate::rules::Player;

/// `score`: the variant, when not the standard game.
pub(crate) fn variant(variant: impl Display) -> String {
    format!("variant: {variant}")
}

/// `score`: a claim game's totals.
pub(crate) const CLAIMS_ON: &str = "claims on: totals are the points claimed";

/// `score`: a move that scored, and what became of its claim (`claim`, maybe empty).
pub(crate) fn scoring_move(
    number: usize,
    player: Player,
    square: &str,
    section: u8,
    points: u32,
    claim: &str,
) -> String {
    format!("move {number}: {player} {square}:{section} scores {points}{claim}")
}

/// `score`: one combination of a scoring move, its points, name and cells.
pub(crate) fn combination(points: u32, name: &str, cells: &str) -> String {
    format!("  {points:<2} {name:<30} {cells}")
}

/// `score`, where [`combination`] is wider than the terminal: the points and the
/// name, the cells under them ([`COMBINATION_CELLS_INDENT`]).
pub(crate) fn combination_named(points: u32, name: &str) -> String {
    format!("  {points:<2} {name}")
}

/// `score`: how far the cells of a combination are indented on their own line.
pub(crate) const COMBINATION_CELLS_INDENT: &str = "      ";

/// `score`: no move of the game scored.
pub(crate) const NO_MOVE_SCORED: &str = "no move scored";

/// `score`, after a scoring move in a claim game: its points wait for a claim.
pub(crate) const NOT_CLAIMED_YET: &str = "; not claimed yet";

/// `score`: a claim made, and what it left.
pub(crate) fn claimed(claimed: u32, forfeited: u32) -> String {
    if forfeited == 0 {
        format!("; claimed {claimed}")
    } else {
        format!("; claimed {claimed}, {forfeited} forfeited")
    }
}

/// `score`: a wrong claim, all forfeited.
pub(crate) fn wrong_claim(forfeited: u32) -> String {
    format!("; wrong claim, {forfeited} forfeited")
}

/// `score`: no claim before the next stone.
pub(crate) fn not_claimed(forfeited: u32) -> String {
    format!("; not claimed, {forfeited} forfeited")
}

/// `score`: how a finished game ended (`Blue wins`, `a draw`, an early ending).
pub(crate) fn finished(how: &str) -> String {
    format!("finished: {how}")
}

/// `score`: who won a finished game.
pub(crate) fn wins(player: Player) -> String {
    format!("{player} wins")
}

/// `score`: a finished game drawn.
pub(crate) const A_DRAW: &str = "a draw";

/// `score`: a game not over.
pub(crate) fn unfinished(moves: usize) -> String {
    format!("unfinished after {moves} of 64 moves")
}

/// `score`: the totals and the game's state.
pub(crate) fn totals(blue: u32, yellow: u32, state: &str) -> String {
    format!("Blue {blue}, Yellow {yellow}; {state}")
}

/// `score`: a claim game's totals, with what each player forfeited.
pub(crate) fn totals_forfeited(points: [u32; 2], forfeited: [u32; 2], state: &str) -> String {
    format!("{}; {state}", super::scores_forfeited(points, forfeited))
}

/// On standard error, of a record whose Date tag is no date (`why`: where and what,
/// [`crate::record::DateError`]), as `games` lists it (`?`) or `replay` opens it: the
/// record is read, its date as not known.
pub(crate) fn date_not_known(file: &str, why: &str) -> String {
    format!("hijara: {file}: {why}: read as a date not known")
}

/// `analyze`'s progress on standard error, in words: `Analysing: 3 of 65 positions,
/// 1.2 s` (it read `3/65 positions`, and `1/1 positions` for one; QA, cli26).
pub(crate) fn analysing(done: usize, total: usize, secs: f64) -> String {
    let positions = super::count(total as u64, "position", "positions");
    format!("Analysing: {done} of {positions}, {secs:.1} s")
}

/// `analyze`: the record's name, on a line of its own (a long path would push the
/// rest past 80 columns), then what was reviewed and how: a position whose
/// estimates call the move played a mistake gets its budget again for proofs.
pub(crate) fn reviewed(
    name: &str,
    moves: usize,
    secs: f64,
    budget: crate::review::ReviewBudget,
    threads: usize,
) -> String {
    use crate::review::ReviewBudget;
    let plural = if threads == 1 { "" } else { "s" };
    let budget = match budget {
        ReviewBudget::Millis(ms) => format!("{ms} ms"),
        ReviewBudget::Nodes(n) => super::count(n, "node", "nodes"),
    };
    format!(
        "{name}\n{} reviewed in {secs:.1} s ({budget} a position, {threads} thread{plural})\n\
         (as much again where proofs checked the loss: docs/review.md, rules 4-5)",
        super::moves_count(moves)
    )
}

/// `analyze` of a record with no moves: its name, then that there is nothing to review
/// (no table, no summary, no search).
pub(crate) fn nothing_to_analyse(name: &str) -> String {
    format!("{name}\nno moves to analyse: the record has none")
}

/// `, corners rules` after a header, for a game other than the standard one.
pub(crate) fn rules(variant: impl Display) -> String {
    format!(", {variant} rules")
}

/// `bench`'s header (`rules` from [`rules`], empty for the standard game).
pub(crate) fn bench(rules: &str, seconds: f64) -> String {
    format!(
        "hijara bench: random full games (64 moves with scoring{rules}), one thread, {seconds} s"
    )
}

/// `bench`: games played and their average totals.
pub(crate) fn bench_games(games: u64, secs: f64, blue: f64, yellow: f64) -> String {
    format!("{games} games in {secs:.3} s; average totals Blue {blue:.2}, Yellow {yellow:.2}")
}

/// `bench`: the time the thread was on a CPU, and the rate per CPU-second.
pub(crate) fn bench_cpu(cpu: f64, secs: f64, share: f64, rate: f64) -> String {
    format!("on a CPU {cpu:.3} s of {secs:.3} s ({share:.0}%): {rate:.0} games per CPU-second")
}

/// `bench`: the rate per second.
pub(crate) fn bench_rate(rate: f64) -> String {
    format!("{rate:.0} games/s")
}

/// `selfplay`'s header (`rules` from [`rules`], empty for the standard game).
pub(crate) fn selfplay(games: u32, seed: u64, rules: &str, blue: &str, yellow: &str) -> String {
    let games = if games == 1 {
        "1 game".to_owned()
    } else {
        format!("{games} games")
    };
    format!("{games}, seed {seed}{rules}: Blue {blue} against Yellow {yellow}")
}

/// `selfplay`'s warning that `flag` (`--think-ms`, `--nodes` or `--threads`), which
/// only the hard level reads, was given when no side is hard.
pub(crate) fn selfplay_unused_limit(flag: &str) -> String {
    format!("hijara: {flag} is only the hard level's, and neither side is hard: it is not used")
}

/// The columns of `selfplay`'s summary table ([`selfplay_table_head`],
/// [`selfplay_side`]): 65, so a row fits 80 with room for longer figures.
pub(crate) const SELFPLAY_TABLE_COLUMNS: usize = 65;

/// `selfplay`'s summary table head. `score` is the match score, wins and half the
/// draws over the games: it stood unnamed beside the wins (`0 wins   25.0%`), and
/// the rows were 83 columns, wider than an 80-column terminal (QA, s31).
pub(crate) fn selfplay_table_head() -> String {
    format!(
        "{:<6}{:>6}{:>8}{:>8}{:>15}{:>12}{:>10}",
        "", "wins", "losses", "score", "average total", "ms a move", "max ms"
    )
    .trim_end()
    .to_owned()
}

/// `selfplay`: one side's row of the summary table ([`selfplay_table_head`]), or
/// with `narrow` (a terminal narrower than the table) the same as words, to wrap.
pub(crate) fn selfplay_side(player: Player, side: &SideFigures, narrow: bool) -> String {
    let SideFigures {
        wins,
        losses,
        share,
        average,
        ms_avg,
        ms_max,
    } = *side;
    let player = player.to_string();
    if narrow {
        let (wins, losses) = (count(wins, "win", "wins"), count(losses, "loss", "losses"));
        return format!(
            "{player}: {wins}, {losses}, score {share:.1}%, average total {average:.1}, \
             {ms_avg:.1} ms a move (at most {ms_max:.1})"
        );
    }
    format!(
        "{player:<6}{wins:>6}{losses:>8}{share:>7.1}%{average:>15.1}{ms_avg:>12.1}{ms_max:>10.1}"
    )
}

/// The figures of one side that `selfplay`'s summary says.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SideFigures {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// The match score in percent: wins and half the draws over the games.
    pub share: f64,
    /// The average final total.
    pub average: f64,
    /// The average time a move, in milliseconds.
    pub ms_avg: f64,
    /// The longest time a move, in milliseconds.
    pub ms_max: f64,
}

/// `n` and the word for one or many.
fn count(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `selfplay`: one game as it ends, `game` of `games` (from 1): the totals, who won,
/// and how long it took.
pub(crate) fn selfplay_game(
    game: u32,
    games: u32,
    blue: u32,
    yellow: u32,
    winner: Option<Player>,
    secs: f64,
) -> String {
    let result = match winner {
        Some(player) => format!("{player} wins"),
        None => "a draw".to_owned(),
    };
    format!("game {game} of {games}: Blue {blue}, Yellow {yellow}, {result} ({secs:.1} s)")
}

/// `selfplay`: the draws.
pub(crate) fn selfplay_draws(draws: u32) -> String {
    format!("{:<6}{draws:>6}", "Draws")
}
