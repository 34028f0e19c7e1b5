//! The line mode's words: each event as one plain line a screen reader can read
//! (`Yellow b3, section 2: +10, row 3 all 2s. Blue 35, Yellow 20. Your move,
//! Blue.`), the board read row by row, and the commands' replies. Texts the full
//! screen shows too (messages, questions, lessons, puzzles) come from their own
//! modules; these are the ones only a line needs.

use std::time::Duration;

use crate::ai::Seat;
use crate::rules::{ClaimState, Combination, ComboShape, Placement, Player, Ruleset, Square};

use super::{describe, rules_parts, seat_name};

/// [`placed_by`]'s player for the stone of the player who hears it at a table (s35):
/// `You played a4, section 1`.
pub(crate) const YOU_PLAYED: &str = "You played";
/// Who may still claim, to the claimer at a table ([`may_claim`]): `Board full: You
/// lead; you may still claim: claim N`.
pub(crate) const YOU: &str = "you";

/// `Blue b3, section 2`: who placed where, the player said as `player` says them.
fn stone(placement: &Placement, player: &str) -> String {
    let cell = placement.cell;
    format!("{player} {}, section {}", cell.square, cell.section)
}

/// What a stone completed, each combination by its short name (`row 3 all 2s`; `row 4
/// all 4s, row 4 sequence`), the total said before them, so that the line stays short
/// enough to listen to. One name whether one or several (qa37: one was `row 3 same
/// number 2s`, several `row 3 all 2s`: two names for one thing).
fn combos(placement: &Placement) -> String {
    let named: Vec<String> = placement.combos().iter().map(short).collect();
    named.join(", ")
}

/// A combination's short name: `row 4 all 4s`, `column d sequence`, `square b2`.
fn short(combo: Combination) -> String {
    match combo.shape() {
        ComboShape::SameNumber(line, section) => format!("{line} all {section}s"),
        ComboShape::CornersSameNumber(section) => format!("corners all {section}s"),
        _ => combo.to_string(),
    }
}

/// A stone placed, in words, with what it did: `Blue b3, section 2: +10, row 3 all
/// 2s`. `state` is its claim state in a claim game (`None` without claims):
/// a person's stone still to be claimed says nothing of its points.
pub(crate) fn placed(placement: &Placement, state: Option<ClaimState>) -> String {
    placed_by(placement, state, &placement.player.to_string())
}

/// [`placed`] with its player said as `player` says them: at a table `alice (Blue)
/// b3, section 2` ([`named`]; s34: a stone there was said by colour alone).
pub(crate) fn placed_by(placement: &Placement, state: Option<ClaimState>, player: &str) -> String {
    let stone = stone(placement, player);
    let points = placement.points;
    match state {
        // A stone still to be claimed says nothing of its points.
        Some(ClaimState::Pending) => stone,
        _ if points == 0 && !matches!(state, Some(ClaimState::Wrong { .. })) => stone,
        None => format!("{stone}: +{points}, {}", combos(placement)),
        Some(ClaimState::Claimed {
            points: claimed, ..
        }) => {
            let rest = points.saturating_sub(claimed);
            let forfeited = if rest > 0 {
                format!("; {rest} forfeited")
            } else {
                String::new()
            };
            format!(
                "{stone}: +{claimed} claimed{forfeited}, {}",
                combos(placement)
            )
        }
        Some(ClaimState::Unclaimed) => {
            format!(
                "{stone}: {points} unclaimed, forfeited, {}",
                combos(placement)
            )
        }
        Some(ClaimState::Wrong { claimed }) => {
            format!("{stone}: wrong claim of {claimed}, {points} forfeited")
        }
    }
}

/// A person's last stone in a claim game may still be claimed, before the turn: `who`
/// is the person as [`named`] says them (`Your move, Yellow; Ann (Blue) may still claim`).
pub(crate) fn may_claim(who: &str, turn: &str) -> String {
    format!("{turn}; {who} may still claim")
}

/// [`may_claim`] at a table's game over, with the command that claims (s32: a game
/// here has it in its autosave's note, [`kept_claim_open`]; a table's said none):
/// `Board full: bob leads; you may still claim (claim N)` (s36: `...claim: claim N`,
/// two colons in one sentence).
pub(crate) fn may_claim_at_table(who: &str, turn: &str) -> String {
    format!("{} (claim N)", may_claim(who, turn))
}

/// The other player's last stone, or a watched one, may still be claimed, before the
/// turn: who may claim as [`named`] says them, and what the claim would add, as the
/// full screen's `alice may claim +25` (s36: a watcher's line mode said nothing of
/// it): `Your move (Yellow); bob (Blue) may still claim 25 points`.
pub(crate) fn may_claim_worth(who: &str, points: u32, turn: &str) -> String {
    format!(
        "{turn}; {who} may still claim {}",
        super::count(points, "point", "points")
    )
}

/// A finished game kept (`kept`, the storage's note) while the stone that filled
/// the board may still be claimed.
pub(crate) fn kept_claim_open(kept: &str) -> String {
    format!("{kept}. The last stone may still be claimed: claim N")
}

/// The claim for the stone that filled the board (`claim`, as its line says it),
/// then where the finished game was kept (`kept`, the storage's note, which the
/// line mode said before the claim but says again so the claim does not bury it).
pub(crate) fn kept_after_claim(claim: &str, kept: &str) -> String {
    format!("{claim}. {kept}")
}

/// The stone before went unclaimed when the next was placed, a line before the new
/// stone's: `Blue's b3 went unclaimed, 10 forfeited: row 3 all 2s`, `Your b3 ...` to
/// its player at a table.
pub(crate) fn unclaimed(earlier: &Placement, player: super::table::Who<'_>) -> String {
    describe::unclaimed_as(earlier, player, &combos(earlier))
}

/// A move line: what happened, the totals, and what comes next (each a sentence).
pub(crate) fn sentences(parts: &[&str]) -> String {
    let mut line = String::new();
    for part in parts.iter().filter(|p| !p.is_empty()) {
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(part);
        if !part.ends_with(['.', '!', '?', ':', '…']) {
            line.push('.');
        }
    }
    line
}

/// The lines said at a table before this player came back (which they saw already),
/// oldest first, in one line: `2 earlier lines: alice: hi. bob: hello.`
pub(crate) fn earlier_lines(lines: &[&str]) -> String {
    let count = lines.len();
    let heading = if count == 1 {
        "1 earlier line:".to_owned()
    } else {
        format!("{count} earlier lines:")
    };
    let mut parts = vec![heading.as_str()];
    parts.extend_from_slice(lines);
    sentences(&parts)
}

/// A player as a turn's words name them: the colour, or with the person's name when
/// the game has one for them (already made safe), the colour kept: `Ann (Blue)`.
pub(crate) fn named(player: Player, name: Option<&str>) -> String {
    match name {
        Some(name) => format!("{name} ({player})"),
        None => player.to_string(),
    }
}

/// The turn of a person at this keyboard, `who` as [`named`] says them: `Your move,
/// Blue`, `Your move, Ann (Blue)`.
pub(crate) fn your_move(who: &str) -> String {
    format!("Your move, {who}")
}

/// The AI's turn, while it thinks, as the full screen names it
/// ([`super::screen::ai_thinking`]): by colour, its level in brackets, `Yellow
/// (hard AI) thinking` (s38: `Yellow, hard AI, thinking`).
pub(crate) fn thinking(player: Player, seat: Seat) -> String {
    format!("{player} ({}) thinking", seat_name(seat))
}

/// The AI's turn, while it thinks, in a local game whose people have names, `who`
/// as [`named`] says it, name first as the full screen says it
/// ([`super::screen::ai_thinking_as`]): `hard AI (Yellow) thinking` (s38: `Yellow,
/// hard AI, thinking`, colour first, where the full screen says the name first).
pub(crate) fn thinking_as(who: &str) -> String {
    format!("{who} thinking")
}

/// The turn of a player who does not play here (an AI not asked yet, a spectator's
/// view), `who` as [`named`] says them.
pub(crate) fn to_move(who: &str) -> String {
    format!("{who} to move")
}

/// The turn of a player at another terminal, `who` as [`named`] says them.
pub(crate) fn elsewhere(who: &str) -> String {
    format!("{who} to move, at the other terminal")
}

/// The AI to move waits for the person's claim (`claimed`: made already, so only
/// `go` is left, as the full screen's `Enter lets it play`), the AI said as the full
/// screen says it (its colour; at a table with the server's AI, its name there: s36,
/// `Yellow waits` under the ladder's `hard AI`).
pub(crate) fn waits(ai: &str, claimed: bool) -> String {
    if claimed {
        format!("{ai} waits: go lets it play")
    } else {
        format!("{ai} waits: claim N with your stone's points, or go to let it play")
    }
}

/// [`GO_ON`] once the stone was claimed: only `go` is left.
pub(crate) const GO_ON_CLAIMED: &str = "The AI moves next: go lets it play";

/// A square typed while the AI waits for the person's claim: the full screen's
/// [`super::claim::GO_ON`], its keys named as the line mode's commands.
pub(crate) const GO_ON: &str = "The AI moves next: go lets it play (claim first: claim N)";

/// A claim lesson's stone scored: [`super::lesson::NOW_CLAIM`] in the line mode's
/// commands.
pub(crate) const NOW_CLAIM: &str = "Your stone scored, but in claim mode points count only once claimed: type claim and the points (claim N).";

/// A square typed while a lesson's stone waits for its claim:
/// [`super::lesson::CLAIM_FIRST`] in the line mode's commands.
pub(crate) const CLAIM_FIRST: &str = "Claim first: type claim and the points (claim N).";

/// A claim lesson's stone waiting for its claim, read again:
/// [`super::lesson::claiming`] in the line mode's commands.
pub(crate) fn lesson_claiming(square: impl std::fmt::Display) -> String {
    format!(
        "Claim the points of {square} before anything else: type claim and the points (claim N)"
    )
}

/// A move after a lesson's task was done: [`super::lesson::DONE_ALREADY`] in the
/// line mode's commands.
pub(crate) const LESSON_DONE: &str =
    "Done! next opens the next lesson, again starts this one again.";

/// A key a screen does not take (a command whose key does nothing there).
pub(crate) const NOTHING_HERE: &str = "That does nothing here: help lists the commands.";

/// [`super::puzzle::ANSWERED`] in the line mode's commands.
pub(crate) const PUZZLE_ANSWERED: &str = "Answered: again tries again, next opens the next puzzle.";

/// A puzzle's themes hidden again (`themes` typed a second time): said, as showing
/// them is, so the task read after is not the only answer.
pub(crate) const THEMES_HIDDEN: &str = "Themes hidden: themes says them again.";
/// Said at once after a puzzle's answer is explained (right or wrong): what to type
/// next, so it is not heard only after a move typed to no purpose.
pub(crate) const PUZZLE_WHAT_NEXT: &str =
    "Type next for the next puzzle, again to try this one again.";

/// [`super::start::UNKNOWN_KEY`] in the line mode's words: the doors are typed by
/// their letters.
pub(crate) const START_UNKNOWN: &str = "Type the key of a door, or quit.";

/// [`super::message::NEW_GAME`] in the line mode: the state line after it says whose
/// move it is (QA qa29: `New game: Blue to move. Blue 0, Yellow 0. Your move, Blue.`).
pub(crate) const NEW_GAME: &str = "New game";
/// [`super::message::resumed`] in the line mode: the game's first lines say whose move
/// it is (QA qa29: `Resumed: Blue to move.` came after `Your move, Blue.`).
pub(crate) const RESUMED: &str = "Resumed";

/// [`super::message::HINT_THINKING`] in the line mode: a stop, not `…`, which a
/// screen reader reads badly.
pub(crate) const HINT_THINKING: &str = "Hint: the hard AI is thinking.";

/// [`super::describe::CHECKING_COST`] in the line mode, a stop for its `…`.
pub(crate) const CHECKING_COST: &str = "Checking what it costs.";

/// The hint: [`super::message::hint`] in the line mode's commands.
pub(crate) fn hint(square: Square) -> String {
    format!("Hint: {square} (an empty line plays it)")
}

/// [`super::message::GAME_OVER`] in the line mode's commands.
/// Said at once after every game over: `swap` too (qa43: a screen reader heard new,
/// review and quit, while the help lists `swap` for the end).
pub(crate) const GAME_OVER: &str =
    "The game is over: new for a new game, swap to swap sides, review to review it, quit to quit";
/// [`super::message::GAME_OVER_BACK`] in the line mode's commands.
pub(crate) const GAME_OVER_BACK: &str = "The game is over: new for a new game, swap to swap sides, review to review it, quit for the start screen";

/// [`took_back`] with the stones it took back named, in the order they were played,
/// each player as `who` says them (a colour, or a name and colour: `alice (Blue)`):
/// `Took back 2 moves (Blue c3, section 1; Yellow c4, section 1): undo or redo more`.
pub(crate) fn took_back_named(stones: &[Placement], who: impl Fn(Player) -> String) -> String {
    let named: Vec<String> = stones.iter().map(|p| stone(p, &who(p.player))).collect();
    let moves = if stones.len() == 1 { "move" } else { "moves" };
    // Short: with the totals and a claim's turn the line stays within 120 characters.
    format!(
        "Took back {} {moves} ({}): undo or redo more",
        stones.len(),
        named.join("; ")
    )
}

/// [`super::message::took_back`] in the line mode's commands.
pub(crate) fn took_back(count: usize) -> String {
    let moves = if count == 1 { "move" } else { "moves" };
    format!("Took back {count} {moves}: undo again to undo more, redo to redo")
}
/// [`super::message::AI_STALLED`] in the line mode's commands.
pub(crate) const AI_STALLED: &str = "The AI found no legal move: undo, or new for a new game";

/// [`super::message::REVIEW_AFTER_THE_GAME`] in the line mode's commands.
pub(crate) const REVIEW_AFTER_THE_GAME: &str = "review reviews the game once it is over";

/// [`super::table::GAME_OVER`] in the line mode's commands.
pub(crate) const TABLE_OVER: &str =
    "The game is over: new offers a rematch, quit goes back to the lobby";

/// [`super::table::REMATCH_SENT`] in the line mode's commands: the offer, and what is
/// left to type while it waits (said once: qa30 heard the offer three ways).
pub(crate) const REMATCH_SENT: &str =
    "Rematch offered: waiting for the other player's answer; quit goes back to the lobby";

/// [`super::table::GAME_OVER_REMATCH_SENT`] in the line mode's commands.
pub(crate) const TABLE_REMATCH_SENT: &str =
    "The game is over and your rematch offer is sent: quit goes back to the lobby";

/// [`super::table::GAME_OVER_LEFT`] in the line mode's commands.
pub(crate) const TABLE_LEFT: &str =
    "The game is over and the other player has left: quit goes back to the lobby";

/// [`super::table::GAME_OVER_AI`] in the line mode's commands.
pub(crate) const TABLE_OVER_AI: &str =
    "The game is over: new for a new game (colours swapped), quit goes back to the lobby";

/// [`super::table::SPECTATING`] in the line mode's commands.
pub(crate) const SPECTATING: &str = "You are watching: quit goes back to the lobby";

/// [`super::table::NEW_GAME_AT_THE_END_AI`] in the line mode's commands.
pub(crate) const NEW_GAME_AT_THE_END_AI: &str =
    "A new game starts once this one is over (resign ends it)";

/// [`super::analysis::REVIEW_ARRIVED`] in the line mode, whose next line says what
/// the review found and names `why`.
pub(crate) const REVIEW_ARRIVED: &str = "The engine's review is ready";
/// [`super::message::OVER_AT_THIS_MOVE`] in the line mode's commands.
pub(crate) const OVER_AT_THIS_MOVE: &str =
    "The game is over at this move: back steps back, to play on from earlier";

/// [`super::message::no_such_move`] in the line mode's commands.
pub(crate) fn no_such_move(typed: &str, len: usize) -> String {
    format!(
        "No move {typed}: the record has {} (go 0 is the start)",
        super::moves_count(len)
    )
}

/// `open N` (or a number alone on the menu) where no lesson has that number.
pub(crate) fn no_such_lesson(typed: &str, count: usize) -> String {
    let typed = crate::text::fit_sanitized(typed, 12);
    format!("No lesson {typed}: the lessons are 1 to {count}, open 3 opens the third.")
}

/// `go` where no AI waits for a claim.
pub(crate) const NOTHING_WAITS: &str =
    "Nothing waits for go: it lets the AI play after your stone in a claim game.";

/// The board is full, but the claim of the stone that filled it is open and could
/// change the result: the result so far, `Board full: Blue leads` (`Board full:
/// level` for equal totals), not a final `Game over: Blue wins`.
pub(crate) fn board_full(outcome: crate::rules::Outcome) -> String {
    board_full_as(&super::screen::provisional(outcome))
}
/// [`board_full`] with the result so far as worded (`bob leads`, at a table).
pub(crate) fn board_full_as(so_far: &str) -> String {
    format!("Board full: {so_far}")
}

/// The game is over: how it ended, said within the sentence as
/// [`super::table::ending_within`] says it (`Game over: you win, bob resigned`,
/// `Game over: Yellow wins on time`, `Game over: a draw`). s36: it said `Game over:
/// You win: bob resigned.`, a capital mid-line and two colons.
pub(crate) fn over(result: &str) -> String {
    format!("Game over: {result}")
}

/// Who plays whom, under which rules: the first line of a game. `names`, at a
/// server's table or a game played on from a record with names: the seats' labels as
/// the ladders show them (`alice (you)`, `bob`; `Ann`, `hard AI`), said in the seats'
/// place (`Hijara: Blue, alice (you), against Yellow, hard AI`), each seat once.
/// `ratings`, at a rated game: each rating after its player's name, in words, not
/// `?` (`Blue, alice (you) (1500, provisional), against Yellow, bob (1432)`).
pub(crate) fn game_heading(
    seats: [Seat; 2],
    names: Option<[String; 2]>,
    ratings: [Option<crate::rating::Shown>; 2],
    ruleset: Ruleset,
    claims: bool,
    clock: Option<&str>,
    end: HeadingEnd,
) -> String {
    let names = names.unwrap_or_else(|| seats.map(|seat| seat_name(seat).to_owned()));
    let [blue, yellow] = [0, 1].map(|i| match ratings[i] {
        Some(rating) => {
            let provisional = if rating.provisional {
                ", provisional"
            } else {
                ""
            };
            format!("{} ({}{provisional})", names[i], rating.whole)
        }
        None => names[i].clone(),
    });
    let mut parts = vec![format!("Hijara: Blue, {blue}, against Yellow, {yellow}")];
    let rules = rules_parts(ruleset, claims);
    if !rules.is_empty() {
        parts.push(format!("Rules: {}", rules.join(" and ")));
    }
    if let Some(clock) = clock {
        parts.push(format!("Clocks {clock}"));
    }
    match end {
        HeadingEnd::Play => parts.push(TYPE_HELP.to_owned()),
        HeadingEnd::Watching => parts.push(WATCHING_HELP.to_owned()),
        HeadingEnd::Over => {}
    }
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    sentences(&parts)
}

/// How a game's first line ends: what it tells its reader to type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HeadingEnd {
    /// A game in play: [`TYPE_HELP`].
    Play,
    /// A spectator's game: [`WATCHING_HELP`].
    Watching,
    /// A player's game that opens over (back from its review): nothing, since the
    /// lines after it say what to type; `Type a square` offered a move it refuses.
    Over,
}

/// A game's clocks in words, where the full screen writes `5+3`, which a screen
/// reader says as "5 plus 3", a figure only the command line's form explains:
/// `5 minutes each, plus 3 seconds a move`. Said to the millisecond the clock keeps:
/// QA (cli23): `--clock 5+3.5` was said `plus 3 seconds a move`, and `0.001+0` (60
/// ms) `0 seconds each`.
pub(crate) fn clock_control(control: crate::record::TimeControl) -> String {
    let base = control.base().as_millis();
    let each = match base / 60_000 {
        1 if base == 60_000 => "1 minute".to_owned(),
        minutes if base.is_multiple_of(60_000) => format!("{minutes} minutes"),
        _ => seconds_said(base),
    };
    match control.increment().as_millis() {
        0 => format!("{each} each, no time added"),
        increment => format!("{each} each, plus {} a move", seconds_said(increment)),
    }
}

/// `ms` milliseconds as seconds in words, to the millisecond: `1 second`, `30
/// seconds`, `3.5 seconds`, `0.06 seconds`.
fn seconds_said(ms: u128) -> String {
    match (ms / 1000, ms % 1000) {
        (1, 0) => "1 second".to_owned(),
        (seconds, 0) => format!("{seconds} seconds"),
        (seconds, millis) => {
            let decimals = format!("{millis:03}");
            format!("{seconds}.{} seconds", decimals.trim_end_matches('0'))
        }
    }
}

/// How a game's first line ends.
pub(crate) const TYPE_HELP: &str = "Type a square such as b3 to play, help for the commands";

/// How a watched game's first line ends: a spectator plays no square.
pub(crate) const WATCHING_HELP: &str =
    "You are watching: help lists what you can read, quit goes back to the lobby";

/// How many moves were played already (a loaded or resumed game).
pub(crate) fn played_so_far(moves: usize) -> String {
    format!("{} played", super::moves_count(moves))
}

/// The moves played so far and the last of them, as its move line says it: `64
/// moves played, the last Yellow d4, section 4: +30, row 4 all 4s`.
pub(crate) fn played_the_last(moves: usize, last: &str) -> String {
    format!("{}, the last {last}", played_so_far(moves))
}

/// A player's clock running low, `who` as [`named`] says them (the reader's own at a
/// table `You`: s36, `bob (Yellow): 1 minute left` to bob), the time as
/// [`clock_left`] says it (rounded as every clock text is: at 59.4 seconds it said
/// `59 seconds left` while `clock` said `1 minute`).
pub(crate) fn time_low(who: &str, left: Duration) -> String {
    format!("{who}: {} left", clock_left(left))
}

/// A correspondence time left in words: the figure the full screen shows as `6d 3h`
/// ([`super::club::corr_time`]), said so a screen reader does not spell it out
/// (`6 days 3 hours`).
pub(crate) fn corr_time(seconds: i64) -> String {
    use super::club::CorrTime as Shown;
    let unit = |n: i64, one: &str, many: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let (big, small) = match super::club::corr_time_shown(seconds) {
        Shown::Days(days, hours) => (unit(days, "day", "days"), unit(hours, "hour", "hours")),
        Shown::Hours(hours, minutes) => (
            unit(hours, "hour", "hours"),
            unit(minutes, "minute", "minutes"),
        ),
        Shown::Minutes(0) => return "no time".to_owned(),
        Shown::Minutes(minutes) => return unit(minutes, "minute", "minutes"),
    };
    // `6 days`, not `6 days 0 hours`.
    if small.starts_with("0 ") {
        big
    } else {
        format!("{big} {small}")
    }
}

/// A clock's time left in words, rounded up to the second as the full screen's
/// `4:31` is ([`crate::session::show_clock`]): `4 minutes 31 seconds`, said so a
/// screen reader does not read `4:31` as a time of day.
pub(crate) fn clock_left(left: Duration) -> String {
    let secs = crate::session::shown_secs(left);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let unit = |n: u64, one: &str| match n {
        1 => format!("1 {one}"),
        n => format!("{n} {one}s"),
    };
    let parts: Vec<String> = [(h, "hour"), (m, "minute"), (s, "second")]
        .into_iter()
        .filter(|&(n, _)| n > 0)
        .map(|(n, one)| unit(n, one))
        .collect();
    if parts.is_empty() {
        "0 seconds".to_owned()
    } else {
        parts.join(" ")
    }
}

/// `clock` at a local game: both clocks by colour, each as [`clock_left`] says it
/// (at a table [`clocks_at_table`]).
pub(crate) fn clocks(blue: &str, yellow: &str, running: Option<Player>) -> String {
    let mut line = format!("Blue {blue}, Yellow {yellow}");
    if let Some(player) = running {
        line.push_str(&format!("; {player}'s clock runs"));
    }
    line.push('.');
    line
}

/// `clock` at a server table (s36: it said colours, `Blue 5 minutes, Yellow 1 minute;
/// Blue's clock runs.`): the players as the table says them (`said`, by
/// [`Player::index`]), each clock's time (`left`, as [`clock_left`] says it) after
/// the name and colour, the reader first: `You have 5 minutes, bob (Yellow) 1 minute;
/// your clock runs.`; to a watcher `alice (Blue) has 5 minutes, bob (Yellow) 1
/// minute; alice's clock runs.`
pub(crate) fn clocks_at_table(
    said: [super::table::Who<'_>; 2],
    left: [&str; 2],
    running: Option<Player>,
) -> String {
    use super::table::Who;
    // The reader first, as a sentence begins with `You have`; else Blue first.
    let order = match said {
        [_, Who::You] => [Player::Yellow, Player::Blue],
        _ => [Player::Blue, Player::Yellow],
    };
    let part = |player: Player, verb: bool| {
        let time = left[player.index()];
        match (said[player.index()], verb) {
            (Who::You, _) => format!("You have {time}"),
            (Who::Named(name), true) => format!("{name} ({player}) has {time}"),
            (Who::Named(name), false) => format!("{name} ({player}) {time}"),
        }
    };
    let mut line = format!("{}, {}", part(order[0], true), part(order[1], false));
    if let Some(player) = running {
        line.push_str(&format!(
            "; {} runs",
            said[player.index()].whose_within("clock")
        ));
    }
    line.push('.');
    line
}

/// `clock` in a game without clocks.
pub(crate) const NO_CLOCKS: &str = "This game has no clocks.";

/// How many watch a game at a server table.
pub(crate) fn watching(n: usize) -> String {
    match n {
        0 => "Nobody watches now.".to_owned(),
        1 => "1 person watches.".to_owned(),
        n => format!("{n} people watch."),
    }
}

/// One row of the board read out: `Row 1: a1 Blue Blue, b1 empty, c1 Yellow, d1 Blue
/// Yellow Blue Yellow.` Each square names its stones from section 1 up.
pub(crate) fn board_row(row: usize, squares: &[(Square, Vec<Player>)]) -> String {
    board_line(&format!("row {row}"), squares)
}

/// `column b`, `diagonals`: a line of the board named as the rules name it
/// (`column b`, `diagonal d1-a4`), each square's stones from section 1 up.
pub(crate) fn board_line(line: &str, squares: &[(Square, Vec<Player>)]) -> String {
    let squares: Vec<String> = squares
        .iter()
        .map(|(square, stones)| {
            if stones.is_empty() {
                format!("{square} empty")
            } else {
                let names: Vec<String> = stones.iter().map(Player::to_string).collect();
                format!("{square} {}", names.join(" "))
            }
        })
        .collect();
    let mut name = line.chars();
    let first = name.next().map(|c| c.to_ascii_uppercase());
    format!(
        "{}{}: {}.",
        first.into_iter().collect::<String>(),
        name.as_str(),
        squares.join(", ")
    )
}

/// `square b3`: each section and where the next stone goes.
pub(crate) fn square_detail(square: Square, stones: &[Player]) -> String {
    let mut parts: Vec<String> = stones
        .iter()
        .enumerate()
        .map(|(i, p)| format!("section {} {p}", i + 1))
        .collect();
    match stones.len() {
        4 => parts.push("full".to_owned()),
        n => parts.push(format!("the next stone goes on section {}", n + 1)),
    }
    format!("{square}: {}.", parts.join(", "))
}

/// `legal`: the squares open to a stone, each with the section it would take
/// (`Legal moves, 2: b1 section 1, d4 section 3.`), or why there are none.
pub(crate) fn legal(open: &[(Square, usize)], over: bool) -> String {
    if over {
        return NO_LEGAL_OVER.to_owned();
    }
    if open.is_empty() {
        return NO_LEGAL_FULL.to_owned();
    }
    let squares: Vec<String> = open
        .iter()
        .map(|(square, section)| format!("{square} section {section}"))
        .collect();
    format!("Legal moves, {}: {}.", open.len(), squares.join(", "))
}

/// `legal` once the game is over.
pub(crate) const NO_LEGAL_OVER: &str = "No legal move: the game is over.";

/// `legal` on a full board.
pub(crate) const NO_LEGAL_FULL: &str = "No legal move: every square is full.";

/// `moves`: the moves from `first` (1-based), in order, Blue first.
pub(crate) fn moves(first: usize, last: usize, moves: &[String]) -> String {
    format!("Moves {first} to {last}: {}.", moves.join(" "))
}

/// A move in `moves`: its square, the points awarded after `+` and, in a claim game,
/// those forfeited in words (`b2+10 (20 forfeited)`, `a1 (20 forfeited)`), where the
/// full screen's move list writes `+10 ✗20` and `✗20`.
pub(crate) fn listed_move(square: Square, awarded: u32, forfeited: u32) -> String {
    let mut said = square.to_string();
    if awarded > 0 {
        said.push_str(&format!("+{awarded}"));
    }
    if forfeited > 0 {
        said.push_str(&format!(" ({forfeited} forfeited)"));
    }
    said
}

/// `moves` before any move.
pub(crate) const NO_MOVES: &str = "No move yet.";

/// `last` before any move.
pub(crate) const NO_LAST: &str = "No stone placed yet.";

/// The move shown in the replay viewer, numbered: `Move 12 of 40: Blue b3, section 2.`
pub(crate) fn numbered(n: usize, of: usize, said: &str) -> String {
    format!("Move {n} of {of}: {said}")
}

/// `next` (or `ten`) with the replay's last move shown: there is none after it
/// (it said the last move again, as if it were the next).
pub(crate) fn no_later_move(of: usize) -> String {
    if of == 0 {
        return RECORD_EMPTY.to_owned();
    }
    format!(
        "No more moves: move {of} of {of} is the last; back steps back, start goes to the start."
    )
}

/// `back` (or `ten back`) at the replay's start: there is no move before it.
pub(crate) fn no_earlier_move(of: usize) -> String {
    if of == 0 {
        return RECORD_EMPTY.to_owned();
    }
    "No move before the start: next steps forward, end goes to the last move.".to_owned()
}

/// A replay of a record with no moves, stepped.
const RECORD_EMPTY: &str = "This record has no moves.";

/// The replay viewer at the start.
pub(crate) fn at_start(of: usize) -> String {
    format!(
        "The start: the empty board, {} to come",
        super::moves_count(of)
    )
}

/// The replay viewer's first line: its title (a file's name, a served game's players
/// and date, or the review of the game just played, which is why no "Replay of" leads
/// it) and its players.
pub(crate) fn replay_heading(name: &str, blue: &str, yellow: &str, moves: usize) -> String {
    format!(
        "{name}: Blue {blue}, Yellow {yellow}, {}. Type next, back, go and a \
         move number, why, or help.",
        super::moves_count(moves)
    )
}

/// `why` while the move shown waits for its analysis.
pub(crate) fn analysing(n: usize) -> String {
    format!("Move {n} is being analysed; its verdict follows.")
}

/// The analysis of the replayed game is done: what it found, so many blunders and
/// mistakes (what `mistake` stops at).
pub(crate) fn analysed(blunders: usize, mistakes: usize) -> String {
    let found = match (blunders, mistakes) {
        (0, 0) => "no blunder or mistake".to_owned(),
        (b, 0) => super::count(b as u64, "blunder", "blunders"),
        (0, m) => super::count(m as u64, "mistake", "mistakes"),
        (b, m) => format!(
            "{} and {}",
            super::count(b as u64, "blunder", "blunders"),
            super::count(m as u64, "mistake", "mistakes")
        ),
    };
    let jump = if blunders + mistakes > 0 {
        ", mistake jumps to the next"
    } else {
        ""
    };
    format!("The analysis is done: it found {found}. Why judges the move shown{jump}.")
}

/// The analysis asked for in the replay (`analysis` while it is hidden), still
/// running: said once, and what it found when it is done.
pub(crate) const ANALYSIS_STARTED: &str =
    "The analysis is running: you hear what it found when it is done.";

/// The analysis hidden (`analysis` again): it goes on, unseen.
pub(crate) const ANALYSIS_HIDDEN: &str =
    "The analysis is hidden; its verdicts stay, and analysis shows them again.";

/// The replay's autoplay pace in words: `a move a second`, `a move every 4
/// seconds`, `2 moves a second` (the full screen's `1 s/move`, `2 moves/s`).
fn autoplay_pace(delay: std::time::Duration) -> String {
    let ms = delay.as_millis().max(1);
    match ms {
        1000 => "a move a second".to_owned(),
        1001.. => format!("a move every {} seconds", ms / 1000),
        _ => format!("{} moves a second", 1000 / ms),
    }
}

/// `auto` in the replay: autoplay started or stopped, said in words (it repeated the
/// move shown, and nothing said whether it now ran).
pub(crate) fn autoplay(on: bool, delay: std::time::Duration) -> String {
    if on {
        format!("Autoplay on: {}; auto stops it.", autoplay_pace(delay))
    } else {
        "Autoplay off.".to_owned()
    }
}

/// `faster` or `slower` in the replay: the pace it comes to, and whether it runs;
/// `limit` when it was already the fastest or the slowest.
pub(crate) fn autoplay_speed(
    running: bool,
    delay: std::time::Duration,
    limit: Option<&str>,
) -> String {
    let pace = autoplay_pace(delay);
    let limit = limit.map(|l| format!(", the {l}")).unwrap_or_default();
    if running {
        format!("Autoplay: {pace}{limit}.")
    } else {
        format!("Autoplay speed: {pace}{limit}; auto starts it.")
    }
}

/// `why` at the start.
pub(crate) const WHY_AT_START: &str = "No move shown yet: type next first.";

/// The start screen's first line.
pub(crate) const START: &str = "Hijara. Type the key of a door:";

/// The start screen said again, after the first time (back from a game, a lesson or
/// the puzzles; a line that changed nothing there): the doors open now, each its key
/// and short name ([`door_short`]), then that `help` says them whole.
pub(crate) fn start_again(doors: &[String]) -> String {
    format!("Start: {}. Type a key, or help.", doors.join(", "))
}

/// A door in [`start_again`]: its key, its short name.
pub(crate) fn door_short(key: char, name: &str) -> String {
    format!("{key} {name}")
}

/// A door of the start screen: its key and its words.
pub(crate) fn door(key: char, label: &str, open: bool) -> String {
    let closed = if open { "" } else { super::start::CLOSED };
    format!("{key}: {label}{closed}.")
}

/// A lesson opened: which of how many, its title.
pub(crate) fn lesson(n: usize, of: usize, title: &str) -> String {
    format!("Lesson {n} of {of}: {title}.")
}

/// The lessons menu's first line.
pub(crate) const LESSONS: &str = "The lessons. Type a lesson's number to open it:";

/// A lesson in the menu: a lesson done says so in a word after its title, where the
/// full screen's `[x]` would be read as a letter (`x 1: ...`).
pub(crate) fn lesson_item(n: usize, done: bool, title: &str) -> String {
    let done = if done { " Done." } else { "" };
    format!("{n}: {title}.{done}")
}

/// A lesson's or puzzle's position: the turn, and how to hear the board.
pub(crate) const HEAR_BOARD: &str = "Type board to hear the position.";

/// A word typed that is no command here, escaped and cut to 40 columns as the engine
/// protocol quotes one: a pasted line is not read out whole, and what an escape adds
/// counts too.
pub(crate) fn unknown(word: &str) -> String {
    let word = crate::text::fit_sanitized(word, 40);
    format!("Unknown command: {word}. Type help for the commands.")
}

/// A square typed that is not on the board, quoted as `unknown` quotes a word.
pub(crate) fn no_square(word: &str) -> String {
    let word = crate::text::fit_sanitized(word, 40);
    format!(
        "There is no square {word}: the squares are a1 to d4, a letter for the column and a digit for the row."
    )
}

/// A command that needs something after it (`what`, in words), and how the help
/// writes it (`name`): `square needs a square (a1 to d4): type square b3.`
pub(crate) fn needs(command: &str, what: &str, name: &str) -> String {
    format!("{command} needs {what}: type {command} {name}.")
}

/// A command whose key the screen does not take (`say` where no one hears it, `find`
/// in the new table's form): none of it is typed, since its text typed as keys would
/// act as keys.
/// It names the command as typed, after `The command` (qa45: `why does nothing here`
/// began the line and read as a question).
pub(crate) fn not_here(command: &str) -> String {
    let command = crate::text::fit_sanitized(command, 40);
    format!("The command {command} does nothing here: help lists the commands.")
}

/// A command of this screen that takes nothing, typed with words after it (`next
/// mistake`): its word as the table spells it.
pub(crate) fn takes_nothing(command: &str) -> String {
    format!("The command {command} takes nothing after it: type {command} alone.")
}

/// The help's first line.
pub(crate) const HELP: &str = "Commands here (a line each; a key of the full screen works too):";

/// One command in the help: its name and aliases, what follows it, what it does.
pub(crate) fn help_row(names: &[&str], arg: &str, help: &str) -> String {
    let name = match (names.first(), arg) {
        (Some(name), "") => (*name).to_owned(),
        (Some(name), arg) => format!("{name} {arg}"),
        (None, arg) => arg.to_owned(),
    };
    // A sign's alias takes its argument joined (`+20`: `+` alone is refused), so
    // the help writes it so: `claim N (or +N)`, not `(or +)`.
    let more: Vec<String> = names
        .iter()
        .skip(1)
        .map(|alias| match alias.chars().last() {
            Some(c) if !arg.is_empty() && !c.is_alphanumeric() => format!("{alias}{arg}"),
            _ => (*alias).to_owned(),
        })
        .collect();
    if more.is_empty() {
        format!("{name}: {help}.")
    } else {
        format!("{name} (or {}): {help}.", more.join(", "))
    }
}

/// A table the lobby listed that is gone (its game ended, its player closed it).
pub(crate) fn table_closed(number: usize) -> String {
    format!("Table {number} closed.")
}
/// A table the lobby listed that is still there, listed to its players only now: its
/// correspondence game began (both seats taken), or its game was adjourned.
pub(crate) fn table_unlisted(number: usize, corr: bool) -> String {
    if corr {
        format!("Table {number}: its correspondence game began; it is listed to its players only.")
    } else {
        format!("Table {number}: its game is adjourned; it is listed to its players only.")
    }
}
/// A table the lobby listed that is still there and no longer listed, for a reason
/// the line does not know.
pub(crate) fn table_no_longer_listed(number: usize) -> String {
    format!("Table {number} is no longer listed.")
}

/// The lobby as lines: re-read with `list`.
pub(crate) const LIST: &str = "Type list to hear the tables again.";

/// [`super::storage::autosave_failed`] in the line mode's commands.
pub(crate) fn autosave_failed(path: &str, error: &str) -> String {
    format!("Autosave failed ({path}): {error}; save writes the game by hand")
}

/// A hint line the line mode does not say: its commands are in `help`.
pub(crate) const SEE_HELP: &str = "help lists the commands.";

// The lobby's hint lines (`keymap::HintLine`), in its commands.
/// The lobby.
pub(crate) const LOBBY_HINTS: &str =
    "Commands: new, ai, table N, code CODE, find NAME, palette, quit; help lists them all.";
/// The lobby's doors to the club.
pub(crate) const LOBBY_CLUB_HINTS: &str =
    "The club: leaderboard, profile, player NAME, page, page back.";
/// The new table's form: its switches.
pub(crate) const LOBBY_FORM_HINTS: &str =
    "Change it with opponent, side, variant, claims, private, clock, rated.";
/// [`LOBBY_FORM_HINTS`] naming only the commands that act on the form: `private`
/// at a table for two people, `rated` there for players with keys.
pub(crate) fn lobby_form_hints(private: bool, rated: bool) -> String {
    let mut commands = vec!["opponent", "side", "variant", "claims"];
    commands.extend(private.then_some("private"));
    commands.push("clock");
    commands.extend(rated.then_some("rated"));
    format!("Change it with {}.", commands.join(", "))
}
/// The new table's form: going ahead or not.
pub(crate) const LOBBY_FORM_END_HINTS: &str = "start opens the table, cancel closes the form.";
/// Waiting at the table opened.
pub(crate) const LOBBY_WAITING_HINTS: &str = "quit closes your table.";
/// Waiting at an adjourned game.
pub(crate) const LOBBY_ADJOURNED_HINTS: &str = "quit leaves it adjourned, kept for later.";
/// A name or a code being typed (the full screen's `Enter: go · Esc: cancel`).
pub(crate) const LOBBY_ENTRY_HINTS: &str =
    "An empty line sends what you typed; cancel drops it and goes back.";
/// A number being typed, its first digits taken (the full screen's `more digits,
/// Enter: go · Backspace: rub out · Esc: cancel`): it said `An empty line goes,
/// cancel does not.`, which told neither what goes nor what cancel does.
pub(crate) const LOBBY_NUMBER_HINTS: &str = "Type more digits to make the number longer; an empty line takes the number as it stands; cancel drops it.";
/// A leaderboard.
pub(crate) const LOBBY_BOARD_HINTS: &str =
    "variant, speed, page, page back; a number: that player's profile; quit: back to the lobby.";
/// A profile.
pub(crate) const LOBBY_PROFILE_HINTS: &str =
    "page, page back; a number: that game's replay; chart, listed; quit: back to the lobby.";
/// [`LOBBY_PROFILE_HINTS`] on another player's profile: `listed` is one's own.
pub(crate) const LOBBY_OTHER_PROFILE_HINTS: &str =
    "page, page back; a number: that game's replay; chart; quit: back to the lobby.";

/// The lobby's commands line, in the words of [`LOBBY_HINTS`] (all of them: that
/// line), naming `table N` only with a table listed to sit at or watch (an empty lobby
/// named it, and it answered that there was no table).
pub(crate) fn lobby_hints(tables: bool) -> String {
    let table = if tables { "table N, " } else { "" };
    format!("Commands: new, ai, {table}code CODE, find NAME, palette, quit; help lists them all.")
}

/// The lobby's club line, in the words of [`LOBBY_CLUB_HINTS`] (all of them: that
/// line), naming `page, page back` only when the tables take more than one page.
pub(crate) fn lobby_club_hints(pages: bool) -> String {
    let pages = if pages { ", page, page back" } else { "" };
    format!("The club: leaderboard, profile, player NAME{pages}.")
}

/// A leaderboard's commands that do something on it now, in the words of
/// [`LOBBY_BOARD_HINTS`] (all of them: that line): the pages with more than one, a
/// player's number with players listed.
pub(crate) fn lobby_board_hints(pages: bool, profiles: bool) -> String {
    let switches = if pages {
        "variant, speed, page, page back"
    } else {
        "variant, speed"
    };
    let mut parts = vec![switches];
    if profiles {
        parts.push("a number: that player's profile");
    }
    parts.push("quit: back to the lobby");
    format!("{}.", parts.join("; "))
}

/// A profile's commands that do something on it now, in the words of
/// [`LOBBY_PROFILE_HINTS`] (all of them: that line): the pages with more than one, a
/// game's number with games listed, `chart` with a rating to chart, `listed` on
/// one's own profile when it has a leaderboard to leave (or to come back on).
pub(crate) fn lobby_profile_hints(pages: bool, replay: bool, chart: bool, listed: bool) -> String {
    let switches: Vec<&str> = [(chart, "chart"), (listed, "listed")]
        .into_iter()
        .filter_map(|(shown, word)| shown.then_some(word))
        .collect();
    let switches = switches.join(", ");
    let parts = [
        (pages, "page, page back"),
        (replay, "a number: that game's replay"),
        (!switches.is_empty(), switches.as_str()),
        (true, "quit: back to the lobby"),
    ];
    let parts: Vec<&str> = parts
        .into_iter()
        .filter_map(|(shown, part)| shown.then_some(part))
        .collect();
    format!("{}.", parts.join("; "))
}

/// [`super::serve::NOT_A_TABLE`] in the line mode's commands.
pub(crate) const NOT_A_TABLE: &str = "No such table: list reads the tables";

/// [`super::serve::NO_TABLES`] in the line mode's commands.
pub(crate) const NO_TABLES: &str = "No tables yet: new opens one";

/// [`super::serve::CLAIM_WHICH`] in the line mode's commands.
pub(crate) const CLAIM_WHICH: &str =
    "Claim the win at which of your tables? Its number (anything else: no)";

/// [`super::club::tables_page`] in the line mode's commands.
pub(crate) fn tables_page(page: usize, pages: usize) -> String {
    format!(
        "Tables, {} (page, page back)",
        super::club::page_of(page, pages)
    )
}

/// [`super::serve::your_games_page`] in the line mode's commands.
pub(crate) fn your_games_page(page: usize, pages: usize) -> String {
    let at = super::club::page_of(page, pages);
    format!("{}, {at} (page, page back)", super::serve::YOUR_GAMES)
}

/// [`super::club::page`] in the line mode's commands.
pub(crate) fn page(number: usize, pages: usize) -> String {
    let at = super::club::page_of_at_start(number, pages);
    match (number, number < pages) {
        (1, true) => format!("{at}: page for the next"),
        (_, true) => format!("{at}: page for the next, page back"),
        (1, false) => at,
        (_, false) => format!("{at}, the last: page back"),
    }
}

/// [`super::serve::unfinished`] in the line mode's commands.
pub(crate) fn unfinished(numbers: &str, claim: bool) -> String {
    if claim {
        format!("Unfinished: {numbers} (table N resumes it; win N claims a win)")
    } else {
        format!("Unfinished: {numbers} (table N resumes it)")
    }
}

/// A line said with a capital first letter, as a sentence starts: the new table's form
/// reads `Standard rules, no claims, ...` where the full screen's second row keeps
/// `standard rules, ...` under its first.
pub(crate) fn capitalised(line: &str) -> String {
    let mut chars = line.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// [`super::serve::invitation`] in the line mode's commands.
pub(crate) fn invitation(code: &str) -> String {
    format!("Private: your opponent joins with the invitation code {code}")
}

/// [`super::serve::table_code`] in the line mode's commands.
pub(crate) fn table_code(number: usize, code: &str) -> String {
    format!("Table {number} is private: your opponent joins with the invitation code {code}")
}

/// [`super::club::your_move`] in the line mode's commands, `against` in words (a
/// screen reader says `v` as "vee").
pub(crate) fn corr_due(count: usize, opponent: &str, left: &str) -> String {
    let games = if count == 1 { "game" } else { "games" };
    format!(
        "Your move in {count} correspondence {games}: against {opponent}, {left} left. due opens it"
    )
}

/// The lobby's line of the player's last game in words, where the full screen
/// writes `last: v bob, lost 80-120` ([`super::serve::last_game`]): `outcome` is
/// `won`, `drawn` or `lost`, `score` the player's total then the opponent's, `early`
/// that it was played as rated and ended too soon to be rated, `how` how it ended
/// early ([`super::serve::last_how`]).
pub(crate) fn last_game(
    opponent: &str,
    outcome: &str,
    score: [u32; 2],
    early: bool,
    how: Option<&str>,
) -> String {
    let [mine, theirs] = score;
    let rated = if early {
        ", not rated: it ended before both players moved"
    } else {
        ""
    };
    let how = how.map(|how| format!(", {how}")).unwrap_or_default();
    format!("Your last game: against {opponent}, {outcome}, {mine} to {theirs}{how}{rated}")
}

/// The lobby's first line in the line mode: the player's name and ratings in words,
/// where the full screen writes `you: ann  standard live 1623 · corners live 1500?`.
pub(crate) fn you(name: &str, ratings: &[(String, i64, bool)]) -> String {
    if ratings.is_empty() {
        return format!("You are {name}");
    }
    let each: Vec<String> = ratings
        .iter()
        .map(|(board, whole, provisional)| {
            let provisional = if *provisional { ", provisional" } else { "" };
            format!("{board} {whole}{provisional}")
        })
        .collect();
    format!("You are {name}; your ratings: {}", each.join("; "))
}

/// A number being typed to pick a row, where the full screen shows `Number: 3_`
/// (its `_` a cursor, read as "underscore").
pub(crate) fn typed_number(typed: &str) -> String {
    format!("Number typed so far: {typed}.")
}

/// Results against each opponent in words, where the full screen writes
/// `v bob 3-0-1 (won-drawn-lost)` ([`super::serve::tally`]).
pub(crate) fn tally(each: &[(String, [u32; 3])], early: u32) -> String {
    let each: Vec<String> = each
        .iter()
        .map(|(name, counts)| format!("against {name} {}", results(*counts)))
        .collect();
    format!(
        "Your results: {}{}",
        each.join("; "),
        early_not_counted(early)
    )
}

/// What a tally in words adds of the games it leaves out (played as rated, ended
/// before both moved): nothing when none.
pub(crate) fn early_not_counted(early: u32) -> String {
    match early {
        0 => String::new(),
        1 => ". Not counted: 1 game that ended before both moved".to_owned(),
        n => format!(". Not counted: {n} games that ended before both moved"),
    }
}

/// Games won, drawn and lost in words, where the full screen writes `20-5-6`.
pub(crate) fn results(counts: [u32; 3]) -> String {
    let [won, drawn, lost] = counts;
    format!("won {won}, drawn {drawn}, lost {lost}")
}

/// `hide` in the line mode's lobby: the games `find` listed of `name`'s are listed no
/// more (the full screen's Esc says `f lists them again`, a key the line mode has not).
pub(crate) fn found_hidden(name: &str) -> String {
    format!("{name}'s correspondence games are no longer listed (find {name} lists them again)")
}

/// [`super::club::moved`] in the line mode's commands.
pub(crate) fn corr_moved(opponent: &str) -> String {
    format!("Your move in your correspondence game against {opponent} (due opens it)")
}

/// A seat as the line mode's lobby says it: its player, or a free seat (the full
/// screen's [`super::serve::EMPTY_SEAT`], `-`, said as "dash") in words.
fn seat(name: &str) -> &str {
    if name == super::serve::EMPTY_SEAT {
        "an empty seat"
    } else {
        name
    }
}

/// Who sits where at a table, in words: `alice (Blue) against an empty seat (Yellow)`
/// (the full screen's `alice (Blue) v - (Yellow)`).
pub(crate) fn table_players([blue, yellow]: [&str; 2]) -> String {
    format!("{} (Blue) against {} (Yellow)", seat(blue), seat(yellow))
}

/// [`super::serve::table_line`] in the line mode: never cut (a line is as long as it
/// needs), the players in words.
pub(crate) fn table_line(
    number: usize,
    names: [&str; 2],
    rules: &str,
    moves: usize,
    watching: usize,
    state: &str,
) -> String {
    let moves = super::moves_count(moves);
    let watched = if watching == 0 {
        String::new()
    } else {
        format!(", {watching} watching")
    };
    let players = table_players(names);
    format!("{number}  {players}  {rules}, {moves}{watched}  {state}")
        .trim_end()
        .to_owned()
}

/// [`super::serve::PLAYER_LEFT`] in the line mode's commands.
pub(crate) const PLAYER_LEFT: &str =
    "A player left the table: the game stops here (quit: back to the lobby)";

/// [`super::serve::left_stopped`] in the line mode's commands.
pub(crate) fn left_stopped(name: &str) -> String {
    format!("{name} left the table: the game stops here (quit: back to the lobby)")
}

/// [`super::serve::both_left_stopped`] in the line mode's commands.
pub(crate) fn both_left_stopped(blue: &str, yellow: &str) -> String {
    format!("{blue} and {yellow} left the table: the game stops here (quit: back to the lobby)")
}

/// [`super::talk::left`] in the line mode's commands.
pub(crate) fn left(name: &str) -> String {
    format!("{name} left the table (quit: back to the lobby)")
}
/// [`left`] when leaving ended a rated game before both players moved: not rated.
pub(crate) fn left_early(name: &str) -> String {
    format!("{}. {}", super::talk::ENDED_TOO_SOON, left(name))
}

/// [`super::serve::gone`] in the line mode's commands, at table `table` (its number
/// said in the command: `win 3`).
pub(crate) fn gone(name: &str, table: u32) -> String {
    format!(
        "{name} did not come back: quit adjourns the game; then win {table} in the lobby claims the win"
    )
}

/// [`super::message::wait_away`] in the line mode's commands.
pub(crate) fn wait_away(name: &str, mover: Player) -> String {
    format!(
        "Wait: {name} ({mover}) is away, their link dropped: wait for them to come back, or quit, which adjourns the game"
    )
}

/// The opponent's link dropped: their seat is kept for `left`, said in words
/// ([`clock_left`]), where the full screen shows `waiting for bob (1:30)`.
pub(crate) fn waiting_for(name: &str, left: Duration) -> String {
    format!(
        "Waiting for {name}: their seat is kept {} more",
        clock_left(left)
    )
}

/// [`waiting_for`] as a spectator is told it.
pub(crate) fn watched_waiting_for(name: &str, left: Duration) -> String {
    format!(
        "Waiting for {name} to come back: their seat is kept {} more",
        clock_left(left)
    )
}

/// [`super::club::CLAIM_WITH_MOVE`] in the line mode's commands.
pub(crate) const CLAIM_WITH_MOVE: &str =
    "Your stone goes with its claim (claim N), or unclaimed when you leave (quit)";

/// [`super::club::corr_your_move`] in the line mode's commands: `pace` is the days
/// a move in words.
pub(crate) fn corr_your_move(pace: &str, left: &str) -> String {
    format!("{pace}: your move, {left} left (quit: back to the lobby)")
}

/// [`super::club::corr_their_move`] in the line mode's commands: `pace` is the days
/// a move in words.
pub(crate) fn corr_their_move(pace: &str, mover: &str, left: &str, mine: Option<&str>) -> String {
    match mine {
        Some(mine) => {
            format!("{pace}: {mover}'s move, {left} left (yours: {mine}; quit: back to the lobby)")
        }
        None => format!("{pace}: {mover}'s move, {left} left (quit: back to the lobby)"),
    }
}

/// [`super::serve::entry`] in the line mode's commands.
pub(crate) fn entry(what: &str, typed: &str) -> String {
    format!("{what}: {typed}  ({LOBBY_ENTRY_HINTS})")
}

/// A value in words for a screen reader, not the review's notation (`~+3 win`, its
/// `~` said "tilde"): `+15` when exact, `about +3` for an estimate, `about +3, a win`
/// with a proven outcome.
pub(crate) fn value(value: &crate::review::Value) -> String {
    let sign = if value.margin > 0 { "+" } else { "" };
    let margin = format!("{sign}{}", value.margin);
    if value.exact {
        return margin;
    }
    match value.outcome {
        Some(wdl) => format!(
            "about {margin}, a {}",
            crate::review::classify::wdl_name(wdl)
        ),
        None => format!("about {margin}"),
    }
}

/// The move shown, judged, as the line mode says it (the `why` line): the full
/// screen's [`super::describe::reviewed_move`] without its symbols (`·`, `~`, the
/// mark, whose class is said in words): `Move 12 Blue b3: likely mistake, lost 12
/// (4 to 20); b3 about -9; best c3, about +3 for Blue`. The values are the mover's,
/// and said so, as on the full screen.
pub(crate) fn reviewed_move(m: &crate::review::MoveReview) -> String {
    let (number, player, mv, best) = (m.number, m.player, m.mv, m.best);
    let class = super::review::verdict_text(m);
    let played = value(&m.played_value);
    if m.best == m.mv {
        return format!("Move {number} {player} {mv}: {class}, {played} for {player}");
    }
    let lost = match (m.lost, m.lost_range) {
        (0, _) => String::new(),
        (lost, Some([low, high])) => format!(", lost {lost} ({low} to {high})"),
        (lost, None) => format!(", lost {lost}"),
    };
    let best_value = value(&m.best_value);
    format!(
        "Move {number} {player} {mv}: {class}{lost}; {mv} {played}; best {best}, {best_value} for {player}"
    )
}

/// Both ratings after a rated game in words, where the full screen writes `Rated
/// standard live: alice 1742? +242 · bob 1258? -242`: each player's name, rating
/// after in whole points, whether provisional, and change.
pub(crate) fn ratings_changed(board: &str, each: [(&str, i64, bool, i64); 2]) -> String {
    let one = |(name, after, provisional, delta): (&str, i64, bool, i64)| {
        let provisional = if provisional { ", provisional" } else { "" };
        let change = match delta {
            0 => "unchanged".to_owned(),
            d if d > 0 => format!("up {d}"),
            d => format!("down {}", -d),
        };
        format!("{name} {change}, now {after}{provisional}")
    };
    let [first, second] = each;
    format!("Rated {board}: {}; {}", one(first), one(second))
}

/// One player's summary of the replay's analysis, as `hijara analyze` prints it in
/// columns and a `Biggest swing` line (`move 43 c2 ~-37 (best a3 ~-11), 26 (18-40)
/// points lost`), said in one sentence: the moves reviewed, each class counted, the
/// points lost a move on average, and the move that lost the most.
pub(crate) fn player_summary(s: &crate::review::PlayerSummary) -> String {
    use crate::review::Class;
    // Best moves only estimates back are counted apart from the proven ones, in the
    // review's word for them ("likely best"), as `hijara analyze`'s columns are.
    let counts: Vec<String> = [
        (s.proven_best(), "best move", "best moves"),
        (s.likely_best, "likely best move", "likely best moves"),
        (s.count(Class::Good), "good move", "good moves"),
        (s.count(Class::Inaccuracy), "inaccuracy", "inaccuracies"),
        (s.count(Class::Mistake), "mistake", "mistakes"),
        (s.count(Class::Blunder), "blunder", "blunders"),
    ]
    .into_iter()
    .filter(|(n, _, _)| *n > 0)
    .map(|(n, one, many)| super::count(n as u64, one, many))
    .collect();
    let moves = super::count(s.moves as u64, "move", "moves");
    let swing = match s.biggest_swing {
        Some(w) => {
            let points = if w.lost == 1 { "point" } else { "points" };
            // A loss the proofs settled has no range, an estimate has one: each
            // says which it is (qa34 heard `lost 15 points` for one side and
            // `lost 22 points (17 to 34)` for the other, with no why).
            let lost = match w.lost_range {
                Some([low, high]) => {
                    format!("likely lost {} {points} ({low} to {high})", w.lost)
                }
                None => format!("lost exactly {} {points}", w.lost),
            };
            format!(
                "the biggest swing was move {} at {}, which {lost} where {} was best",
                w.number, w.mv, w.best
            )
        }
        None => "no move lost points".to_owned(),
    };
    format!(
        "{}: {moves} reviewed, {}; {:.1} points lost a move on average; {swing}.",
        s.player,
        counts.join(", "),
        s.average_lost
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;

    /// qa34: the review's summaries gave the biggest swing a range for one side
    /// (`lost 22 points (17 to 34)`) and not the other (`lost 15 points`): the one
    /// is an estimate, the other proven. Each now says which it is.
    #[test]
    fn a_biggest_swing_says_whether_its_loss_is_exact_or_likely() {
        use crate::review::{PlayerSummary, Value};
        use crate::rules::{Player, Square};
        let value = |margin, exact| Value {
            margin,
            exact,
            outcome: None,
            margin_error: if exact { 0 } else { 12 },
        };
        let summary = |player, lost, lost_range, exact| PlayerSummary {
            player,
            moves: 32,
            counts: [20, 6, 4, 2, 0],
            likely_best: 0,
            average_lost: 1.5,
            biggest_swing: Some(crate::review::report::Swing {
                number: 40,
                mv: Square::C3,
                best: Square::B4,
                lost,
                lost_range,
                best_value: value(0, exact),
                played_value: value(-lost, exact),
            }),
        };
        let exact = player_summary(&summary(Player::Blue, 15, None, true));
        assert!(
            exact.ends_with("which lost exactly 15 points where b4 was best."),
            "{exact}"
        );
        let likely = player_summary(&summary(Player::Yellow, 22, Some([17, 34]), false));
        assert!(
            likely.ends_with("which likely lost 22 points (17 to 34) where b4 was best."),
            "{likely}"
        );
    }

    /// A rated game's first line says each rating after its player's name, in words
    /// (no `?`), and a seat without one (the AI, a casual game) its name alone.
    #[test]
    fn a_rated_game_s_first_line_says_each_rating_after_the_name() {
        let shown = |whole, provisional| crate::rating::Shown { whole, provisional };
        let names = Some(["alice (you)".to_owned(), "bob".to_owned()]);
        let heading = |ratings| {
            game_heading(
                [Seat::Human; 2],
                names.clone(),
                ratings,
                Ruleset::Standard,
                false,
                None,
                HeadingEnd::Play,
            )
        };
        assert!(
            heading([Some(shown(1500, true)), Some(shown(1432, false))]).starts_with(
                "Hijara: Blue, alice (you) (1500, provisional), against Yellow, bob (1432). "
            )
        );
        assert!(
            heading([None, None]).starts_with("Hijara: Blue, alice (you), against Yellow, bob. ")
        );
    }

    /// A game's clocks in words, not the figure `5+3` said as "5 plus 3".
    #[test]
    fn a_time_control_is_said_in_words() {
        let said =
            |text: &str| clock_control(crate::record::TimeControl::from_minutes(text).unwrap());
        assert_eq!(said("5+3"), "5 minutes each, plus 3 seconds a move");
        assert_eq!(said("1+1"), "1 minute each, plus 1 second a move");
        assert_eq!(said("30+0"), "30 minutes each, no time added");
        assert_eq!(said("0.5+0"), "30 seconds each, no time added");
        // To the millisecond the clock keeps, never rounded away.
        assert_eq!(said("5+3.5"), "5 minutes each, plus 3.5 seconds a move");
        assert_eq!(said("0.001+0"), "0.06 seconds each, no time added");
        assert_eq!(
            said("0.01+0.25"),
            "0.6 seconds each, plus 0.25 seconds a move"
        );
        assert_eq!(
            said("1.5+0.001"),
            "90 seconds each, plus 0.001 seconds a move"
        );
    }

    /// A clock is said in words, rounded up as the full screen's `4:31`: a screen
    /// reader read `4:31` as a time of day.
    #[test]
    fn a_clock_is_said_in_words_as_the_screen_rounds_it() {
        let said = |ms: u64| clock_left(Duration::from_millis(ms));
        assert_eq!(said(270_500), "4 minutes 31 seconds");
        assert_eq!(said(300_000), "5 minutes");
        assert_eq!(said(3_723_000), "1 hour 2 minutes 3 seconds");
        assert_eq!(said(1), "1 second");
        assert_eq!(said(0), "0 seconds");
        assert_eq!(
            clocks(&said(300_000), &said(61_000), Some(Player::Blue)),
            "Blue 5 minutes, Yellow 1 minute 1 second; Blue's clock runs."
        );
    }

    /// s36 (words36, left alone): `clock` at a table said colours (`Blue 5 minutes,
    /// Yellow 1 minute; Blue's clock runs.`) where every other table line names the
    /// players: the reader is `you`, first; a watcher reads both names.
    #[test]
    fn a_table_s_clocks_name_the_players_and_the_reader_as_you() {
        use crate::strings::table::Who;
        let left = ["5 minutes", "1 minute"];
        let bob = Who::Named("bob");
        let alice = Who::Named("alice");
        assert_eq!(
            clocks_at_table([Who::You, bob], left, Some(Player::Blue)),
            "You have 5 minutes, bob (Yellow) 1 minute; your clock runs."
        );
        assert_eq!(
            clocks_at_table([Who::You, bob], left, Some(Player::Yellow)),
            "You have 5 minutes, bob (Yellow) 1 minute; bob's clock runs."
        );
        assert_eq!(
            clocks_at_table([alice, Who::You], left, Some(Player::Yellow)),
            "You have 1 minute, alice (Blue) 5 minutes; your clock runs."
        );
        assert_eq!(
            clocks_at_table([alice, bob], left, Some(Player::Blue)),
            "alice (Blue) has 5 minutes, bob (Yellow) 1 minute; alice's clock runs."
        );
        assert_eq!(
            clocks_at_table([alice, bob], left, None),
            "alice (Blue) has 5 minutes, bob (Yellow) 1 minute."
        );
    }

    /// QA (s17): at 59.4 seconds left the warning said `59 seconds left` while
    /// `clock` said `1 minute`, and the screen `1:00`: one clock, one figure.
    #[test]
    fn a_clock_running_low_is_rounded_as_every_clock_text() {
        for ms in [59_400, 29_001, 9_999, 10_000, 500] {
            let left = Duration::from_millis(ms);
            assert_eq!(
                time_low("Blue", left),
                format!("Blue: {} left", clock_left(left)),
                "{ms} ms"
            );
        }
        assert_eq!(
            time_low("Blue", Duration::from_millis(59_400)),
            "Blue: 1 minute left"
        );
        assert_eq!(
            crate::session::show_clock(Duration::from_millis(59_400)),
            "1:00"
        );
        assert_eq!(
            time_low("Blue", Duration::from_millis(9_200)),
            "Blue: 10 seconds left"
        );
    }

    /// A value is said in words: `~+6` was heard as "tilde plus 6".
    #[test]
    fn a_value_is_said_without_symbols() {
        use crate::review::Value;
        let estimate = Value {
            margin: 6,
            exact: false,
            outcome: None,
            margin_error: 4,
        };
        assert_eq!(value(&estimate), "about +6");
        let won = Value {
            outcome: Some(crate::ai::Wdl::Win),
            ..estimate
        };
        assert_eq!(value(&won), "about +6, a win");
        let exact = Value {
            margin: -5,
            exact: true,
            outcome: None,
            margin_error: 0,
        };
        assert_eq!(value(&exact), "-5");
    }

    /// Several combinations by short names after the total, so the line stays short;
    /// one by the same short name (qa37: it was `row 1 same number 1s` alone, `row 1
    /// all 1s` beside another: two names for one thing).
    #[test]
    fn a_stone_s_combinations_are_named_short_when_there_are_several() {
        let squares = "a1 b2 b1 b3 c1 c2 d2 c3 d3 a2 d4 a3 d1";
        let moves: Vec<Square> = squares.split(' ').map(|s| s.parse().unwrap()).collect();
        let game = Game::from_moves(moves[..3].iter().copied()).unwrap();
        let placed_before = game.last().unwrap();
        assert_eq!(placed(placed_before, None), "Blue b1, section 1");
        let one = Game::from_moves(
            "a1 d4 b1 d4 c1 d3 d1"
                .split(' ')
                .map(|s| s.parse().unwrap()),
        )
        .unwrap();
        assert_eq!(
            placed(one.last().unwrap(), None),
            "Blue d1, section 1: +10, row 1 all 1s"
        );
        assert_eq!(
            unclaimed(one.last().unwrap(), super::super::table::Who::Named("Blue")),
            "Blue's d1 went unclaimed, 10 forfeited: row 1 all 1s"
        );
        let game = Game::from_moves(moves.iter().copied()).unwrap();
        let last = game.last().unwrap();
        assert_eq!(
            placed(last, None),
            "Blue d1, section 1: +20, row 1 all 1s, column d all 1s"
        );
    }

    /// The word was cut before it was escaped, so an escape could take it past its 40
    /// columns (ten bidi overrides came out 80 columns wide).
    #[test]
    fn an_unknown_word_is_cut_after_it_is_escaped() {
        let said = unknown(&"\u{202e}".repeat(10));
        let word = said
            .strip_prefix("Unknown command: ")
            .and_then(|s| s.strip_suffix(". Type help for the commands."))
            .unwrap();
        assert_eq!(word, format!("{}…", "\\u{202e}".repeat(4)));
        assert_eq!(
            unknown("dance"),
            "Unknown command: dance. Type help for the commands."
        );
    }
}

/// The club's screens in the line mode: what the full screen draws as columns
/// (`1623 ±62`, `20-5-6`, `v bob`, `*`, a chart's bars), said in words, a row a line.
pub(crate) mod club {
    use super::{early_not_counted, results};

    /// A rating in words, where the full screen writes `1623 ±62` (`1500? ±500`
    /// while provisional).
    pub(crate) fn rating(whole: i64, provisional: bool, deviation: i64) -> String {
        let provisional = if provisional { ", provisional" } else { "" };
        format!("rating {whole}{provisional}, give or take {deviation}")
    }

    /// Who a leaderboard lists, in one line.
    pub(crate) fn listed_rule(games: u32, opponents: u32, deviation: u32, days: i64) -> String {
        format!(
            "Listed: {games} or more rated games, against {opponents} or more opponents not provisional then, \
             a deviation of {deviation} or less today, and a rated game in the last {days} days"
        )
    }

    /// A leaderboard's row: its number (typed to open the profile), the player,
    /// their rating in words ([`rating`]), rated games, results, abandoned.
    pub(crate) fn board_row(
        number: usize,
        name: &str,
        rating: &str,
        games: u32,
        wdl: [u32; 3],
        abandoned: u32,
    ) -> String {
        let games = crate::strings::count(games, "rated game", "rated games");
        format!(
            "{number}  {name}, {rating}, {games}: {}, abandoned {abandoned}",
            results(wdl)
        )
    }

    /// A profile's first line: the names, when first seen, whether off the
    /// leaderboards.
    pub(crate) fn profile_title(
        name: &str,
        others: &str,
        first_seen: &str,
        unlisted: bool,
    ) -> String {
        let also = if others.is_empty() {
            String::new()
        } else {
            format!(" (also {others})")
        };
        let listed = if unlisted {
            ", off the leaderboards"
        } else {
            ""
        };
        format!("Profile of {name}{also}, first seen {first_seen}{listed}")
    }

    /// One of a profile's ratings: its board (`standard live`), the rating in words
    /// ([`rating`]), its rated games and results.
    pub(crate) fn rating_row(
        board: &str,
        rating: &str,
        games: u32,
        wdl: [u32; 3],
        abandoned: u32,
    ) -> String {
        let games = crate::strings::count(games, "rated game", "rated games");
        format!(
            "{board}: {rating}, {games}: {}, abandoned {abandoned}",
            results(wdl)
        )
    }

    /// The heading over a player's correspondence games in play on their profile,
    /// with the command that lists them in the lobby.
    /// On one's `own` profile, where `watch` only says they are in one's lobby, that.
    pub(crate) fn in_play_head(total: usize, shown: usize, own: bool) -> String {
        let games = if total == 1 { "game" } else { "games" };
        let command = if own {
            "your lobby lists them"
        } else {
            "watch lists them to watch"
        };
        if shown < total {
            format!("In play: {total} correspondence {games}, the newest {shown} here; {command}")
        } else {
            format!("In play: {total} correspondence {games}; {command}")
        }
    }

    /// All of a player's finished games here, rated or not.
    pub(crate) fn all_games(total: u32, wdl: [u32; 3]) -> String {
        format!("All games here: {total}: {}", results(wdl))
    }

    /// Where the full screen draws a rating's chart: the first and last ratings of
    /// it, which way it went.
    /// `first` and `last` in words ([`shown`]: `1500, provisional`).
    pub(crate) fn chart_ends(first: &str, last: &str) -> String {
        format!("It was {first} after the first of them, and is {last} after the last")
    }

    /// A profile's results against each opponent: `own`, the reader's own profile.
    pub(crate) fn tally(each: &[(String, [u32; 3])], own: bool, early: u32) -> String {
        let each: Vec<String> = each
            .iter()
            .map(|(name, counts)| format!("against {name} {}", results(*counts)))
            .collect();
        let whose = if own { "Your results" } else { "Results" };
        format!("{whose}: {}{}", each.join("; "), early_not_counted(early))
    }

    /// The heading of a profile's games.
    pub(crate) const GAMES_HEAD: &str = "Games, newest first: a number replays one";

    /// Why a game of a profile's list was not rated, in words.
    pub(crate) const CASUAL: &str = "casual";
    /// See [`CASUAL`].
    pub(crate) const NOT_RATED_EARLY: &str = "not rated: it ended before both players moved";
    /// See [`CASUAL`].
    pub(crate) const NOT_RATED: &str = "not rated";

    /// A rated game's rating after it and its change in words, where the full
    /// screen writes `1512 (+12)` (`1742? (+242)`: `rating 1742, provisional, up 242`).
    pub(crate) fn change(after: crate::rating::Shown, delta: i64) -> String {
        format!("rating {}", went_to(after, delta))
    }

    /// A rating's way over a game in words, where the face writes `from 1500? to
    /// 1490? (-10)` ([`crate::strings::club::went`]): `from 1500, provisional, to
    /// 1490, provisional, down 10`; `before` not known (`None`): `to 1490,
    /// provisional, down 10`. After `your rating went`
    /// ([`crate::strings::club::rating_went`]).
    pub(crate) fn went(
        before: Option<crate::rating::Shown>,
        after: crate::rating::Shown,
        delta: i64,
    ) -> String {
        let to = went_to(after, delta);
        match before {
            Some(before) if before.provisional => {
                format!("from {}, provisional, to {to}", before.whole)
            }
            Some(before) => format!("from {} to {to}", before.whole),
            None => format!("to {to}"),
        }
    }

    /// [`change`] without its `rating` (`1742, provisional, up 242`): the rating
    /// after a game and its change, in [`went`] too.
    pub(crate) fn went_to(after: crate::rating::Shown, delta: i64) -> String {
        let whole = after.whole;
        let provisional = if after.provisional {
            ", provisional"
        } else {
            ""
        };
        match delta {
            0 => format!("{whole}{provisional}, unchanged"),
            d if d > 0 => format!("{whole}{provisional}, up {d}"),
            d => format!("{whole}{provisional}, down {}", -d),
        }
    }

    /// A rating as a line says it, where the full screen writes `1500?` or `1623`:
    /// `1500 (provisional)`, `1623` (a chart's title and ends, where commas would run
    /// into the sentence's).
    pub(crate) fn shown(rating: crate::rating::Shown) -> String {
        if rating.provisional {
            format!("{} (provisional)", rating.whole)
        } else {
            rating.whole.to_string()
        }
    }

    /// One game of a profile's list: its number (typed to replay it), date,
    /// opponent, outcome, rules (`corners correspondence`), its rating or why it was
    /// not rated, whether the engine reviewed it.
    pub(crate) fn game_row(
        number: usize,
        date: &str,
        opponent: &str,
        outcome: &str,
        rules: &str,
        rating: &str,
        reviewed: bool,
    ) -> String {
        let mut line = format!("{number}  {date}, against {opponent}, {outcome}, {rules}");
        if !rating.is_empty() {
            line.push_str(&format!(", {rating}"));
        }
        if reviewed {
            line.push_str(", reviewed by the engine");
        }
        line
    }
}

/// Said on standard error when a line of standard input runs past `mib` MiB: it is
/// no lines at all (a binary file, `/dev/zero`), and the line mode stops reading.
pub(crate) fn endless_input(mib: u64) -> String {
    format!("hijara: standard input: a line of over {mib} MiB: read as the end of the input")
}
