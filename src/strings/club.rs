//! The club at `hijara serve`: ratings, standings, profiles, correspondence games and
//! the one-shot commands.

use crate::record::Termination;

/// A rating's name: its ruleset and speed (`standard live`, `corners correspondence`).
pub(crate) fn board(ruleset: &str, speed: &str) -> String {
    format!("{ruleset} {speed}")
}
/// A variant's name as a row short of room says it (the lobby's rows,
/// their short terms): `std`, `cnr`.
pub(crate) fn short_variant(variant: &str) -> &str {
    match variant {
        "standard" => "std",
        "corners" => "cnr",
        other => other,
    }
}
/// [`board`] short, for a row short of room: `std live`, `cnr corr` (the lobby rows'
/// `std` and `cnr`, [`short_variant`]).
pub(crate) fn board_short(ruleset: &str, speed: &str) -> String {
    let speed = match speed {
        "correspondence" => CORR_SHORT.trim_start(),
        other => other,
    };
    format!("{} {speed}", short_variant(ruleset))
}

/// Both players' ratings after a rated game, the reader's first: each name, rating
/// after and change (`Rated standard live: alice 1742? +242 · bob 1258? -242`). The
/// speed is short (`corr`), so that two names of the widest (16 columns) fit in 80.
pub(crate) fn ratings_changed(
    ruleset: &str,
    correspondence: bool,
    [mine, theirs]: [(&str, &str, &str); 2],
) -> String {
    let speed = if correspondence { "corr" } else { "live" };
    let one = |(name, after, change): (&str, &str, &str)| format!("{name} {after} {change}");
    format!("Rated {ruleset} {speed}: {} · {}", one(mine), one(theirs))
}

/// [`ratings_changed`] on a narrow screen (44 columns), where two names and ratings do
/// not fit: how the game ended, if not by its board ([`super::narrow::player_how`]),
/// and the reader's own change (`bob resigned · you 1742? +242`, `Rated: you 1742? +242`),
/// as the ratings line takes the place of the line that said how. The winner is not
/// said: the status line above it says it.
pub(crate) fn ratings_changed_short(how: Option<&str>, after: &str, change: &str) -> String {
    match how {
        Some(how) => format!("{how} · you {after} {change}"),
        None => format!("Rated: you {after} {change}"),
    }
}

/// [`ratings_changed`] for the player who stayed after the other (named) got up: the
/// leaving first, so that the ratings' line, the last at the table, does not hide it.
pub(crate) fn left_then_rated(name: &str, ratings: &str) -> String {
    format!("{name} left the table. {ratings}")
}

pub(crate) const NO_SUCH_PAGE: &str = "No more pages that way";
pub(crate) const NO_RATING: &str = "No rated games yet: nothing to chart";
/// `b` on a profile with one rating, after one rated game.
pub(crate) const CHART_NEEDS_TWO: &str = "One rated game: a chart needs two";
/// `b` on a profile with one rating, its chart shown.
pub(crate) const ONLY_RATING: &str = "This is the only rating: its chart is shown";
pub(crate) const NOT_YOUR_PROFILE: &str = "Only your own profile can leave the leaderboards";
/// `w` on one's own profile: one's games in play are listed in one's lobby.
pub(crate) const OWN_IN_PLAY: &str = "Your correspondence games in play are in your lobby";
/// `w` on a profile of a player with no public correspondence game in play.
pub(crate) const NONE_IN_PLAY: &str = "No correspondence game of theirs in play to watch";
/// A profile's heading over the player's public correspondence games in play:
/// how many, and the key that lists them in the lobby, to watch (its numbers are
/// the tables', not this screen's). On one's `own` profile, where `w` only says
/// they are in one's lobby, that instead (it offered `w: watch` there).
pub(crate) fn in_play_head(total: usize, shown: usize, own: bool) -> String {
    let games = if total == 1 { "game" } else { "games" };
    let key = if own { "in your lobby" } else { "w: watch" };
    if shown < total {
        format!("In play: {total} correspondence {games}, the newest {shown} here ({key})")
    } else {
        format!("In play: {total} correspondence {games} ({key})")
    }
}
pub(crate) const NOBODY_LISTED: &str = "Nobody is listed yet: see the rule above";
/// A leaderboard listing nobody where `players` have the rated games and opponents
/// it asks, and none played a rated game in the last `days` (it said
/// [`NOBODY_LISTED`], as if nobody ever had).
pub(crate) fn nobody_idle(players: usize, days: i64) -> String {
    if players == 1 {
        format!(
            "Nobody is listed: the one player with enough rated games has played none in the last {days} days"
        )
    } else {
        format!(
            "Nobody is listed: the {players} players with enough rated games have played none in the last {days} days"
        )
    }
}
/// A leaderboard listing nobody where players with enough games played recently,
/// none with a deviation small enough today.
pub(crate) const NOBODY_SURE: &str =
    "Nobody is listed today: no rating is sure enough (see the rule above)";
pub(crate) const NO_MORE: &str = "No more players";
pub(crate) const NO_RATED_GAMES: &str = "No rated games yet";
pub(crate) const NO_GAMES: &str = "No games here yet";
pub(crate) const STOPPED: &str = "stopped";
/// After a ruleset, for a correspondence game.
pub(crate) const CORR_SHORT: &str = " corr";
/// The headings of a leaderboard's columns on a club screen: place, player, rating,
/// games, won-drawn-lost, abandoned.
pub(crate) const BOARD_COLUMNS: [&str; 6] = [
    "#",
    "player",
    "rating",
    "games",
    "won-drawn-lost",
    "abandoned",
];
/// The won-drawn-lost column's heading where a leaderboard is short of room (44
/// columns): `won-drawn-lost` made it wider than its cells, and the names were cut.
pub(crate) const WDL_SHORT: &str = "w-d-l";
/// What a profile's list of games shows for a game that was not rated.
pub(crate) const CASUAL: &str = "casual";
/// ... for a game played as rated that ended before both players moved, so was not
/// rated: no wider than a rating and its change with room to spare (16 columns keep
/// the column at 44), where `ended before both moved` would push out the date at 80.
pub(crate) const NOT_RATED_EARLY: &str = "not rated: early";
/// ... for a game played as rated that was not rated otherwise (stopped, `*`).
pub(crate) const NOT_RATED: &str = "not rated";
/// Won-drawn-lost counts: `20-5-6`.
pub(crate) fn wdl(wdl: [u32; 3]) -> String {
    let [w, d, l] = wdl;
    format!("{w}-{d}-{l}")
}
/// The rated games of a profile's rating: `31 rated games`.
pub(crate) fn rated_games(games: u32) -> String {
    super::count(games, "rated game", "rated games")
}
/// The games abandoned of a profile's rating: `abandoned 1`.
pub(crate) fn abandoned(count: u32) -> String {
    format!("abandoned {count}")
}
/// The heading of a profile's games, longest first: the first that fits is shown.
pub(crate) const GAMES_HEAD: [&str; 5] = [
    "Games, newest first (a number replays one; * has the engine's review)",
    "Games, newest first (* has the engine's review)",
    "Games, newest first (* reviewed)",
    "Games, newest first",
    "Games",
];

/// A number being typed to pick a row.
pub(crate) fn typed_number(typed: &str) -> String {
    format!("Number: {typed}_")
}
/// A number typed that is not shown.
pub(crate) fn not_on_this_page(n: usize) -> String {
    format!("Number {n} is not on this page")
}
/// A rating with its deviation: `1623 ±62`, `1500? ±500`.
pub(crate) fn rating(display: &str, deviation: i64) -> String {
    format!("{display} ±{deviation}")
}
pub(crate) fn leaderboard_title(board: &str) -> String {
    format!("Leaderboard: {board}")
}
/// The last line of `ssh HOST top` when more are listed than its `shown`.
pub(crate) fn more_listed(shown: usize) -> String {
    format!("More are listed than these {shown}: the lobby's leaderboards (l) show them all")
}
/// Who a leaderboard lists, on two lines.
pub(crate) fn listed_rule(games: u32, opponents: u32, deviation: u32, days: i64) -> [String; 2] {
    [
        format!(
            "Listed: {games}+ rated games, against {opponents}+ opponents not provisional then,"
        ),
        format!("a deviation of {deviation} or less today, a rated game in the last {days} days"),
    ]
}
/// [`listed_rule`] short, on two rows of 44 columns where it took four (the page
/// listed 3 players at 44x16): `opponents not provisional` (then, when played), the
/// deviation as the rows write it (`±75`), a rated game within `days`.
pub(crate) fn listed_rule_short(
    games: u32,
    opponents: u32,
    deviation: u32,
    days: i64,
) -> [String; 2] {
    [
        format!("Listed: {games}+ rated games v {opponents}+ opponents not"),
        format!("provisional, ±{deviation} or less, played in {days} days"),
    ]
}
/// Where a paged list of the club is, as every one says it (the lobby's tables, a
/// leaderboard, a profile's games; both faces): `page 2 of 5`.
pub(crate) fn page_of(number: usize, pages: usize) -> String {
    format!("page {number} of {pages}")
}
/// [`page_of`] at the start of a line: `Page 2 of 5`.
pub(crate) fn page_of_at_start(number: usize, pages: usize) -> String {
    let at = page_of(number, pages);
    match at.strip_prefix('p') {
        Some(rest) => format!("P{rest}"),
        None => at,
    }
}
/// A list's page: its number (from 1), of how many ([`page_of`]). Only the keys
/// that lead somewhere: the first page has none before it, the last none after.
pub(crate) fn page(number: usize, pages: usize) -> String {
    let at = page_of_at_start(number, pages);
    match (number, number < pages) {
        (1, true) => format!("{at}: ] next page"),
        (_, true) => format!("{at}: ] next page, [ back"),
        (1, false) => at,
        (_, false) => format!("{at}, the last: [ back"),
    }
}
/// A profile's first line: the names, when first seen, and whether the player left
/// the leaderboards.
pub(crate) fn profile_title(name: &str, others: &str, first_seen: &str, unlisted: bool) -> String {
    let also = if others.is_empty() {
        String::new()
    } else {
        format!(" (also {others})")
    };
    // Listed is the default and says nothing: "on the leaderboards" read as ranked,
    // on a profile with no rated game yet.
    let listed = if unlisted {
        " · off the leaderboards"
    } else {
        ""
    };
    format!("{name}{also} · first seen {first_seen}{listed}")
}
/// All of a player's finished games here, rated or not.
pub(crate) fn all_games(total: u32, wdl: [u32; 3]) -> String {
    let [w, d, l] = wdl;
    format!("All games here: {total} (won-drawn-lost {w}-{d}-{l})")
}
/// The chart's title: the lowest and highest of the ratings after each of the last
/// `points` rated games (one rating when they are the same; one game has no chart),
/// said as a range: `1191 to 1258` read as a rise for a rating that fell (QA s28).
/// `low` and `high` as shown (`1500?`, or in the line mode's words, `1500,
/// provisional`): with the `?` every other rating carries (s36).
pub(crate) fn chart_title(board: &str, low: &str, high: &str, points: usize) -> String {
    let games = super::count(points as u64, "rated game", "rated games");
    if points < 2 {
        format!("Rating, {board}: {low} after {games} (a chart needs two)")
    } else if low == high {
        format!("Rating, {board}: {low} over the last {games}")
    } else {
        format!("Rating, {board}: between {low} and {high} over the last {games}")
    }
}
/// A rated game's rating after it and its change: `1623 (+11)`, `1742? (+242)` while
/// provisional (as every rating is shown).
pub(crate) fn change_short(after: crate::rating::Shown, delta: i64) -> String {
    format!("{after} ({delta:+})")
}
pub(crate) const AI_NOT_RATED: &str = "Games against the server's AI are never rated";
pub(crate) const GUEST_NOT_RATED: &str = "A guest's games are never rated: connect with a key";
/// `p` (your profile) pressed by a guest, who has none.
pub(crate) const GUEST_NO_PROFILE: &str = "A guest has no profile: connect with a key";
pub(crate) const NO_MOVE_DUE: &str = "No correspondence game waits for your move";
/// After a table's rules: rated, casual.
pub(crate) const RATED_SUFFIX: &str = ", rated";
pub(crate) const CASUAL_SUFFIX: &str = ", casual";
/// A correspondence game in the lobby's list, as its players see it.
pub(crate) const YOUR_MOVE: &str = "your move";
pub(crate) const THEIR_MOVE: &str = "their move";
/// [`YOUR_MOVE`] or [`THEIR_MOVE`] (`state`) with the mover's time `left` (`your
/// move, 11h 00m left`); `short`, under 80 columns, without `left` (`your move, 11h
/// 00m`), as the lobby's line says it at 44.
pub(crate) fn move_and_time(state: &str, left: &str, short: bool) -> String {
    if short {
        format!("{state}, {left}")
    } else {
        format!("{state}, {left} left")
    }
}
/// After a table's rules: its days a move.
pub(crate) fn days_suffix(days: u8) -> String {
    format!(", {}", days_a_move(days))
}
/// A correspondence time left as it is shown, rounded up to its last unit
/// ([`corr_time`], and [`super::line::corr_time`] in words): both faces say the same
/// figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CorrTime {
    /// A day or more: days and hours.
    Days(i64, i64),
    /// Under a day: hours and minutes.
    Hours(i64, i64),
    /// Under an hour: minutes.
    Minutes(i64),
}

/// `seconds` as a correspondence clock shows it: days and hours, hours and minutes
/// under a day, minutes under an hour; rounded up to the last unit shown, as a
/// countdown is (and as the live clock's `m:ss`), so a time read a second after the
/// line said two days is two days too, not a day and 23 hours. Under a day and under
/// an hour it stays under (23 hours 59 minutes, 59 minutes), as the warnings' bands say.
pub(crate) fn corr_time_shown(seconds: i64) -> CorrTime {
    const HOUR: i64 = 3600;
    const DAY: i64 = 24 * HOUR;
    let s = seconds.max(0);
    let up = |unit: i64| (s + unit - 1) / unit;
    if s >= DAY {
        let hours = up(HOUR);
        CorrTime::Days(hours / 24, hours % 24)
    } else if s >= HOUR {
        let minutes = up(60).min(DAY / 60 - 1);
        CorrTime::Hours(minutes / 60, minutes % 60)
    } else {
        CorrTime::Minutes(up(60).min(59))
    }
}

/// [`corr_time_shown`] as the full screen writes it: `2d 14h`, `5h 03m`, `59m`.
pub(crate) fn corr_time(seconds: i64) -> String {
    match corr_time_shown(seconds) {
        CorrTime::Days(days, hours) => format!("{days}d {hours}h"),
        CorrTime::Hours(hours, minutes) => format!("{hours}h {minutes:02}m"),
        CorrTime::Minutes(minutes) => format!("{minutes}m"),
    }
}

/// A correspondence table's pace: `1 day a move`, `3 days a move`.
pub(crate) fn days_a_move(days: u8) -> String {
    if days == 1 {
        "1 day a move".to_owned()
    } else {
        format!("{days} days a move")
    }
}
/// The tables' heading when they take more than a page.
pub(crate) fn tables_page(page: usize, pages: usize) -> String {
    format!("Tables, {} (]/[)", page_of(page, pages))
}
/// The lobby's line when correspondence games wait for this player.
pub(crate) fn your_move(count: usize, opponent: &str, left: &str) -> String {
    let games = if count == 1 { "game" } else { "games" };
    format!("Your move in {count} correspondence {games}: v {opponent}, {left} left. Tab opens it")
}
/// [`your_move`] shorter, for a lobby narrower than it (80 columns with a long name
/// and many games): `corr.` for `correspondence`.
pub(crate) fn your_move_corr(count: usize, opponent: &str, left: &str) -> String {
    let games = if count == 1 { "game" } else { "games" };
    format!("Your move in {count} corr. {games}: v {opponent}, {left} left. Tab opens it")
}
/// [`your_move`] shorter still (60 columns): the key first, then the game with least time left, and
/// how many more wait.
pub(crate) fn your_move_tab(count: usize, opponent: &str, left: &str) -> String {
    match count.saturating_sub(1) {
        0 => format!("Tab: your move v {opponent}, {left} left"),
        more => format!("Tab: your move v {opponent}, {left} left, {more} more"),
    }
}
/// [`your_move`] at its shortest (44 columns): the key, the game with least time left, its time.
pub(crate) fn your_move_tab_short(opponent: &str, left: &str) -> String {
    format!("Tab: your move v {opponent}, {left}")
}
/// A correspondence game's time left as the line mode's lobby says it: by how many
/// of the warnings (a day, an hour) it is under.
pub(crate) fn time_band(warned: usize) -> &'static str {
    match warned {
        0 => "a day or more",
        1 => "under a day",
        _ => "under an hour",
    }
}
/// The lobby's line when the player's correspondence games wait for their opponents.
pub(crate) fn their_moves(count: usize) -> String {
    let games = if count == 1 {
        "game waits"
    } else {
        "games wait"
    };
    format!(
        "{count} correspondence {games} for your {}",
        opponents(count)
    )
}
pub(crate) const WHOSE_PROFILE: &str = "A player's profile";
/// No name bound like this one.
pub(crate) fn no_player(name: &str) -> String {
    format!("No player called {name} here")
}
/// The store could not be read.
pub(crate) fn not_read(error: &str) -> String {
    format!("Could not read the club's records: {error}")
}
/// A correspondence game came to this player's move: the lobby's line, with the bell.
pub(crate) fn moved(opponent: &str) -> String {
    format!("Your move in your correspondence game v {opponent} (Tab opens it)")
}
/// The replay viewer's title for a game of the history.
pub(crate) fn replay_title(blue: &str, yellow: &str, date: &str) -> String {
    format!("{blue} v {yellow}, {date}")
}
/// The engine's review of a game is not made yet.
pub(crate) const REVIEW_QUEUED: &str =
    "The engine reviews this game at the server now: it shows here when it is ready";
/// The player's review of another game is under way.
pub(crate) fn review_busy(game: i64) -> String {
    format!("One review at a time: your review of game {game} is still under way")
}
pub(crate) const NO_REVIEWS: &str = "No engine reviews at this server";
/// The server's review of the game shown could not be made or kept (a full disk, a
/// record that no longer reads): said in place of "it shows here when it is ready".
pub(crate) const REVIEW_NOT_MADE: &str = "The server could not make or keep this game's review";
pub(crate) const NOT_A_GAME: &str = "That game can't be read back";
/// Off or on the leaderboards.
pub(crate) const LEFT_BOARDS: &str = "You left the leaderboards (h: back on them)";
pub(crate) const BACK_ON_BOARDS: &str = "You are on the leaderboards again";
/// Leaving or going back on the leaderboards could not be saved (a full disk): the
/// profile shown is as the store has it, unchanged.
pub(crate) fn listed_not_saved(error: &str) -> String {
    format!("Not saved ({error}): the leaderboards are as they were")
}
/// A correspondence table opened: nobody waits for the opponent in the lobby.
pub(crate) fn corr_open(number: usize) -> String {
    format!("Table {number} is open for a correspondence game: you hear when someone sits")
}
pub(crate) const CORR_CLOSED: &str = "Your open correspondence table is closed";
/// At login: the player's open correspondence tables (their numbers) closed when the
/// server restarted, nobody having sat at them.
pub(crate) fn corr_closed_at_restart(numbers: &[String]) -> String {
    match numbers {
        [one] => format!(
            "Your open correspondence table {one} closed when the server restarted: open a new one"
        ),
        many => format!(
            "Your open correspondence tables {} closed when the server restarted: open new ones",
            many.join(", ")
        ),
    }
}
/// At login, once: the games that ended while the player was away (each said by
/// [`claimed_while_away`] or [`ended_at_restart`]), after `While you were away:`
/// said once; a second note and each after it begin `Also,`.
pub(crate) fn while_away(ends: &[String]) -> String {
    format!("While you were away: {}", ends.join(". Also, "))
}
/// After a game told once ([`claimed_while_away`], [`ended_at_restart`],
/// [`corr_ended`]): how the player's rating went ([`went`]; the line mode's
/// [`super::line::club::went`]).
pub(crate) fn rating_went(went: &str) -> String {
    format!("; your rating went {went}")
}
/// A rating's way over a game, as the face says it: from the rating `before` as
/// shown then to the rating `after` and its change (`from 1500? to 1490? (-10)`),
/// or, where the `?` before is not known (`None`: a game rated before schema 18
/// kept no deviation before it), to the rating after only (`to 1490? (-10)`,
/// [`change_short`]). s36 said `to` only; before it, `from 1500 to 1490`, the `?`
/// of a provisional rating missing.
pub(crate) fn went(
    before: Option<crate::rating::Shown>,
    after: crate::rating::Shown,
    delta: i64,
) -> String {
    let to = change_short(after, delta);
    match before {
        Some(before) => format!("from {before} to {to}"),
        None => format!("to {to}"),
    }
}
/// For [`while_away`]: a win claimed by `winner` against the player while their link
/// was down, `moves` played in the game, their rating after ([`rating_went`]) if it
/// was rated. Plain words (no `->` for a screen reader to spell out).
pub(crate) fn claimed_while_away(winner: &str, moves: u32, rating: Option<&str>) -> String {
    let played = super::count(moves, "move", "moves");
    let rating = rating.map(rating_went).unwrap_or_default();
    format!(
        "{winner} claimed the win against you after your link dropped ({played} played){rating}"
    )
}
/// For [`while_away`], to both players: their live game with `other` ended as the
/// server started again, the mover's clock having run out before the stop (`lost`:
/// the player's own, else `other`'s), their rating after ([`rating_went`]) if it was
/// rated. Plain words, as [`claimed_while_away`].
pub(crate) fn ended_at_restart(other: &str, lost: bool, rating: Option<&str>) -> String {
    let (whose, result) = if lost {
        ("your".to_owned(), "lost")
    } else {
        (format!("{other}'s"), "won")
    };
    let rating = rating.map(rating_went).unwrap_or_default();
    format!(
        "your game with {other} was ended when the server restarted, as {whose} clock had run out before it stopped ({result} on time){rating}"
    )
}
/// As [`while_away`], for games that ended while the player was on the server (in
/// the lobby, or at another table): told as news, once, as a move is.
pub(crate) fn game_over(ends: &[String]) -> String {
    format!("Game over: {}", ends.join(". Also, "))
}
/// Said of a game played as rated that ended before both players moved, where a
/// rated game says its rating ([`rating_went`]).
pub(crate) const NOT_RATED_TOO_SOON: &str = "; not rated, as it ended before both of you moved";
/// For [`while_away`] and [`game_over`], to each player: their correspondence game
/// with `other` ended, `how` (the board full, a resignation, abandoned, time: their
/// time, bank and vacation days all gone), `won` theirs (`None`: drawn), `score`
/// their total then the other's; then their rating after ([`rating_went`]) if it was
/// rated, or, `too_soon`, that it was not as it ended before both moved. One
/// sentence, what happened first, then what it made of the game (`bob resigned: you
/// won your correspondence game with bob; ...`; s36: `you lost your correspondence
/// game with bob: abandoned`, `you won ... 120-80` said neither who did what nor how).
/// Plain words, as [`claimed_while_away`].
pub(crate) fn corr_ended(
    other: &str,
    how: Termination,
    won: Option<bool>,
    [mine, theirs]: [u32; 2],
    too_soon: bool,
    rating: Option<&str>,
) -> String {
    let rating = match (rating, too_soon) {
        (Some(change), _) => rating_went(change),
        (None, true) => NOT_RATED_TOO_SOON.to_owned(),
        (None, false) => String::new(),
    };
    let game = format!("your correspondence game with {other}");
    let said = match (how, won) {
        (Termination::TimeForfeit, Some(false)) => format!("you lost {game} on time"),
        (Termination::TimeForfeit, _) => format!("{other} ran out of time: you won {game}"),
        (Termination::Resignation, Some(false)) => format!("you resigned: you lost {game}"),
        (Termination::Resignation, _) => format!("{other} resigned: you won {game}"),
        (Termination::Abandoned, Some(false)) => format!("you abandoned it: you lost {game}"),
        (Termination::Abandoned, _) => format!("{other} abandoned it: you won {game}"),
        (Termination::Normal, Some(true)) => {
            format!("the board filled up: you won {game} {mine}-{theirs}")
        }
        (Termination::Normal, Some(false)) => {
            format!("the board filled up: you lost {game} {mine}-{theirs}")
        }
        (Termination::Normal, None) => {
            format!("the board filled up: {game} was drawn {mine}-{theirs}")
        }
    };
    format!("{said}{rating}")
}
/// [`corr_ended`] on time for several games at once (a player away for weeks):
/// `won` or lost, how many, against whom (each opponent once, three named, then how
/// many more), and where the ratings are.
pub(crate) fn corr_on_time_many(won: bool, others: &[&str]) -> String {
    let mut distinct: Vec<&str> = Vec::new();
    for &other in others {
        if !distinct.contains(&other) {
            distinct.push(other);
        }
    }
    let named = distinct.iter().take(3).map(|o| format!("v {o}"));
    let mut against = named.collect::<Vec<_>>().join(", ");
    if distinct.len() > 3 {
        against.push_str(&format!(" and {} more", distinct.len() - 3));
    }
    let result = if won { "won" } else { "lost" };
    format!(
        "you {result} {} correspondence games on time ({against}); your profile shows your ratings",
        others.len()
    )
}
pub(crate) const RATED_GUEST_REFUSED: &str = "A rated table is for players with a key";
/// A guest opening or picking a correspondence table: a guest is a new person at each
/// connection, so could never come back to the game.
pub(crate) const CORR_GUEST_REFUSED: &str =
    "Correspondence games are for players with a key: a guest can't come back to one";
/// A new correspondence table asked for while `max` of the player's are open.
pub(crate) fn too_many_open_corr(max: usize) -> String {
    format!("You have {max} correspondence tables open, the most: close one (its number) first")
}
/// A new correspondence table asked for while `max` opened from the player's address
/// are open.
pub(crate) fn address_open_corr(max: usize) -> String {
    let tables = super::count(
        max as u64,
        "correspondence table is",
        "correspondence tables are",
    );
    format!("{tables} open from your address, the most: try later")
}
/// A new correspondence table asked for while `max` are open on the server.
pub(crate) fn server_open_corr(max: usize) -> String {
    let tables = super::count(max as u64, "correspondence table", "correspondence tables");
    format!("The server has {tables} open, the most: try later")
}
/// A new game against the AI asked for while `max` from the player's address are
/// unfinished.
pub(crate) fn address_ai_games(max: usize) -> String {
    let games = super::count(
        max as u64,
        "game against the AI is",
        "games against the AI are",
    );
    format!("{games} unfinished from your address, the most")
}
/// A new game against the AI asked for while `max` are unfinished on the server.
pub(crate) fn server_ai_games(max: usize) -> String {
    let games = super::count(max as u64, "unfinished game", "unfinished games");
    format!("The server keeps {games} against the AI, the most: try later")
}
/// A new game against the AI asked for while `max` of the player's are unfinished.
pub(crate) fn too_many_ai_games(max: usize) -> String {
    match max {
        1 => {
            "You have 1 unfinished game against the AI, the most: resume it (its number)".to_owned()
        }
        n => format!(
            "You have {n} unfinished games against the AI, the most: resume one (its number)"
        ),
    }
}
/// At a correspondence game with claims: the stone waits for its claim.
pub(crate) const CLAIM_WITH_MOVE: &str =
    "Your stone goes with its claim (+N Enter), or unclaimed when you leave (q)";
// The lines of a correspondence game fit one status line (80 columns, a name of 16).
/// A correspondence game's line for the player to move.
pub(crate) fn corr_your_move(days: u8, left: &str) -> String {
    format!("{}: your move, {left} left (q: lobby)", days_a_move(days))
}
/// [`corr_your_move`] for a narrow screen (44 columns).
pub(crate) fn corr_your_move_short(left: &str) -> String {
    format!("Your move, {left} left (q: lobby)")
}
/// A correspondence game's line for the player waiting (`mine`: their own time left)
/// or, with no `mine`, for a spectator; both with the key back to the lobby.
pub(crate) fn corr_their_move(days: u8, mover: &str, left: &str, mine: Option<&str>) -> String {
    let pace = days_a_move(days);
    match mine {
        Some(mine) => format!("{pace}: {mover}'s move, {left} left (yours: {mine}; q: lobby)"),
        None => format!("{pace}: {mover}'s move, {left} left (q: lobby)"),
    }
}
/// [`corr_their_move`] where it does not fit the status line:
/// the mover and their time, the waiting player's own (`mine`; a spectator has none),
/// and the key back to the lobby (`lobby`). The server picks the first of these that
/// fits 44 columns, the mover's name cut with `…` first.
pub(crate) fn corr_their_move_short(
    mover: &str,
    left: &str,
    mine: Option<&str>,
    lobby: bool,
) -> String {
    match (mine, lobby) {
        (Some(mine), true) => format!("{mover}'s move, {left} left (yours: {mine}; q: lobby)"),
        (Some(mine), false) => format!("{mover}'s move, {left} left (yours: {mine})"),
        (None, true) => format!("{mover}'s move, {left} left (q: lobby)"),
        (None, false) => format!("{mover}'s move, {left} left"),
    }
}

pub(crate) const NO_STORE: &str = "This server keeps no records";
/// `status` and `games` for a guest.
pub(crate) fn guest_no_games(name: &str) -> String {
    format!("{name}: a guest has no games kept here: connect with a key")
}
/// The one-shot commands taken, each with what it prints: `help` lists them, a
/// refusal names them.
pub(crate) const ONE_SHOTS: [(&str, &str); 4] = [
    (
        "status",
        "your correspondence games: your move first, with the time left; vacation days",
    ),
    (
        "top [standard|corners] [live|correspondence]",
        "a leaderboard (standard live unless named)",
    ),
    ("games", "your last games"),
    ("help", "this list"),
];
/// `help`'s lines: how to ask, then each command and what it prints.
pub(crate) fn one_shot_help() -> Vec<String> {
    let mut lines = vec![
        "Commands, asked as you connect (ssh ... NAME@host COMMAND); with none, the game:"
            .to_owned(),
    ];
    lines.extend(
        ONE_SHOTS
            .iter()
            .map(|(command, what)| format!("  {command}: {what}")),
    );
    lines
}
/// A one-shot command's answer to a terminal `width` columns wide, under the
/// `fewest` an answer is laid out for (`ssh -t HOST top` in a narrow window): all it
/// says, as the game says a screen too small is (`Please enlarge the terminal to
/// 44×16 (now 30×24)`).
pub(crate) fn one_shot_too_narrow(width: usize, fewest: usize) -> String {
    format!("Please widen the terminal to {fewest} columns (now {width}), and ask again.")
}
/// A one-shot command off the list (`shown`: the command made safe and cut): one line
/// on standard error.
pub(crate) fn no_such_command(shown: &str) -> String {
    let commands: Vec<&str> = ONE_SHOTS.iter().map(|(command, _)| *command).collect();
    format!(
        "hijara serve: no command `{shown}` here; the commands are {}",
        commands.join(", ")
    )
}
/// A one-shot command of the list given a word it does not take (`argument`, made
/// safe and cut): one line on standard error naming it and what `command` takes.
pub(crate) fn no_such_argument(command: &str, argument: &str) -> String {
    let takes = ONE_SHOTS
        .iter()
        .find_map(|(usage, _)| usage.strip_prefix(command)?.strip_prefix(' '));
    match takes {
        Some(takes) => format!("hijara serve: `{command}` takes {takes}, not `{argument}`"),
        None => format!("hijara serve: `{command}` takes nothing after it, not `{argument}`"),
    }
}
/// `status`'s first line.
pub(crate) fn status_head(name: &str, mine: usize, theirs: usize) -> String {
    match (mine, theirs) {
        (0, 0) => format!("{name}: no correspondence games in play"),
        (0, _) => format!(
            "{name}: no move due; {} for your {}",
            super::count(theirs as u64, "game waits", "games wait"),
            opponents(theirs)
        ),
        (_, 0) => format!(
            "{name}: your move in {}",
            super::count(mine as u64, "game", "games")
        ),
        _ => format!(
            "{name}: your move in {}; {} for your {}",
            super::count(mine as u64, "game", "games"),
            super::count(theirs as u64, "waits", "wait"),
            opponents(theirs)
        ),
    }
}
/// Whose move the games wait for: one game's opponent, or several games' opponents.
fn opponents(games: usize) -> &'static str {
    if games == 1 { "opponent" } else { "opponents" }
}
/// One correspondence game of `status`.
pub(crate) fn status_game(table: u32, opponent: &str, days: u8, left: &str, mine: bool) -> String {
    let whose = if mine { "your move" } else { "their move" };
    format!(
        "  table {table}: v {opponent}, {}, {whose}, {left} left",
        days_a_move(days)
    )
}
/// Vacation days used for a player, to tell them: `used` in all, `earlier` of them
/// before `year` (the year now: days untold at a year's end are told in the next),
/// and `left` this year.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DaysUsed {
    /// Days used in all, not told yet.
    pub(crate) used: u32,
    /// How many of them were used before `year`.
    pub(crate) earlier: u32,
    /// The year now.
    pub(crate) year: i32,
    /// Days left in `year`.
    pub(crate) left: u32,
}
#[cfg(test)]
impl DaysUsed {
    /// `used` days, all of this year (which no wording of them says), `left` left.
    pub(crate) fn this_year(used: u32, left: u32) -> DaysUsed {
        DaysUsed {
            used,
            earlier: 0,
            year: 2026,
            left,
        }
    }
}
/// The lobby's line, once, when vacation days were used for the player (their time
/// ran out in a correspondence game while they had days left): how many, what they
/// gave, how many of them before this year (`left` counts this year's only), and
/// how many are left this year.
pub(crate) fn vacation_used(days: DaysUsed) -> String {
    let DaysUsed {
        used,
        earlier,
        year,
        left,
    } = days;
    let hours = u64::from(used) * 24;
    let mut said = if used == 1 {
        "a vacation day was used".to_owned()
    } else {
        format!("{used} vacation days were used")
    };
    if earlier >= used {
        said.push_str(&format!(" before {year}"));
    } else if earlier > 0 {
        said.push_str(&format!(" ({earlier} of them before {year})"));
    }
    format!(
        "Your time ran out: {said}, {hours} hours more in each correspondence game ({left} left this year)"
    )
}
/// [`vacation_used`] shorter, for a board's status line under 80 columns
/// (`Time ran out: a vacation day was used, 24h more (19 left this year)`).
pub(crate) fn vacation_used_middle(days: DaysUsed) -> String {
    let DaysUsed {
        used,
        earlier,
        year,
        left,
    } = days;
    let hours = u64::from(used) * 24;
    if earlier >= used {
        let said = if used == 1 {
            "a vacation day".to_owned()
        } else {
            format!("{used} vacation days")
        };
        return format!(
            "Time ran out: {said} used before {year}, {hours}h more ({left} left this year)"
        );
    }
    if earlier > 0 {
        return format!(
            "Time ran out: {used} vacation days used ({earlier} before {year}), {hours}h more ({left} left)"
        );
    }
    let said = if used == 1 {
        "a vacation day was used".to_owned()
    } else {
        format!("{used} vacation days were used")
    };
    format!("Time ran out: {said}, {hours}h more ({left} left this year)")
}
/// [`vacation_used`] at 44 columns: `Vacation day used: 24h more (19 left)`;
/// with days of an earlier year, `3 vacation days (2 pre-2027): +72h (19 left)`.
pub(crate) fn vacation_used_short(days: DaysUsed) -> String {
    let DaysUsed {
        used,
        earlier,
        year,
        left,
    } = days;
    let hours = u64::from(used) * 24;
    if earlier >= used {
        let said = if used == 1 {
            "Vacation day".to_owned()
        } else {
            format!("{used} vacation days")
        };
        return format!("{said} pre-{year}: {hours}h more ({left} left)");
    }
    if earlier > 0 {
        return format!("{used} vacation days ({earlier} pre-{year}): +{hours}h ({left} left)");
    }
    let said = if used == 1 {
        "Vacation day used".to_owned()
    } else {
        format!("{used} vacation days used")
    };
    format!("{said}: {hours}h more ({left} left)")
}
/// `status`'s last line.
pub(crate) fn vacation_left(days: u32) -> String {
    format!("Vacation days left this year: {days}")
}
/// `games` for a player with none.
pub(crate) fn no_games_yet(name: &str) -> String {
    format!("{name}: no finished games here yet")
}
/// `games`'s first line.
pub(crate) fn games_head(name: &str) -> String {
    format!("{name}: the last games, newest first")
}

/// One board's line of `hijara serve colours`.
pub(crate) fn colours_line(
    board: &str,
    games: u32,
    wdl: [u32; 3],
    score: f64,
    expected: f64,
    excess: Option<(f64, f64, f64)>,
) -> String {
    if games == 0 {
        return format!("{board}: no rated games");
    }
    let [w, d, l] = wdl;
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    let excess = match excess {
        Some((e, low, high)) => format!(
            "; Blue's excess {:+.1} points (95% interval {:+.1} to {:+.1})",
            100.0 * e,
            100.0 * low,
            100.0 * high
        ),
        None => String::new(),
    };
    let games = super::count(games, "rated game", "rated games");
    format!(
        "{board}: {games}, Blue {w}-{d}-{l}, scored {} against {} expected{excess}",
        pct(score),
        pct(expected)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// QA (qa36): a player away for weeks lost eight correspondence games on time at
    /// once; they are said in one sentence, three opponents named, each once.
    #[test]
    fn correspondence_games_lost_on_time_are_said_together() {
        assert_eq!(
            corr_ended(
                "carol",
                Termination::TimeForfeit,
                Some(false),
                [40, 10],
                false,
                Some("to 1610 (-298)")
            ),
            "you lost your correspondence game with carol on time; your rating went to 1610 (-298)"
        );
        assert_eq!(
            corr_on_time_many(false, &["carol", "dave", "erin", "frank", "bob"]),
            "you lost 5 correspondence games on time (v carol, v dave, v erin and 2 more); \
             your profile shows your ratings"
        );
        // Brief s35 (club35): the winner on time is told too, with the rating; a game
        // ended on the board or by a resignation says how, and the score.
        assert_eq!(
            corr_ended(
                "ann",
                Termination::TimeForfeit,
                Some(true),
                [10, 40],
                false,
                Some("to 1662? (+162)")
            ),
            "ann ran out of time: you won your correspondence game with ann; your rating went \
             to 1662? (+162)"
        );
        assert_eq!(
            corr_ended(
                "bob",
                Termination::Resignation,
                Some(true),
                [3, 9],
                false,
                None
            ),
            "bob resigned: you won your correspondence game with bob"
        );
        assert_eq!(
            corr_ended(
                "bob",
                Termination::Normal,
                Some(false),
                [80, 120],
                false,
                None
            ),
            "the board filled up: you lost your correspondence game with bob 80-120"
        );
        assert_eq!(
            corr_ended("bob", Termination::Normal, None, [100, 100], false, None),
            "the board filled up: your correspondence game with bob was drawn 100-100"
        );
        assert_eq!(
            game_over(&["you lost your correspondence game with bob 80-120".into()]),
            "Game over: you lost your correspondence game with bob 80-120"
        );
        assert_eq!(
            corr_on_time_many(true, &["carol", "dave"]),
            "you won 2 correspondence games on time (v carol, v dave); your profile shows your ratings"
        );
        // Over ssh: `(v alice, v alice)`. Each opponent once.
        assert_eq!(
            corr_on_time_many(false, &["alice", "alice"]),
            "you lost 2 correspondence games on time (v alice); your profile shows your ratings"
        );
    }

    /// Brief s37 (club37): a note says the rating before a game with its `?` as well
    /// as after (`from 1500? to 1490? (-10)`), in words in the line mode (`from 1500,
    /// provisional, to 1490, provisional, down 10`); where the `?` before is not
    /// known (a game rated before schema 18), the rating after only, as s36 said it.
    #[test]
    fn a_rating_s_way_says_where_it_went_from_where_known() {
        use crate::rating::Shown;
        let line = |b, a, d| super::super::line::club::went(b, a, d);
        let (was, now) = (Shown::of(1500.0, 350.0), Shown::of(1490.0, 300.0));
        assert_eq!(went(Some(was), now, -10), "from 1500? to 1490? (-10)");
        assert_eq!(went(None, now, -10), "to 1490? (-10)");
        assert_eq!(
            line(Some(was), now, -10),
            "from 1500, provisional, to 1490, provisional, down 10"
        );
        assert_eq!(line(None, now, -10), "to 1490, provisional, down 10");
        let (was, now) = (Shown::of(1600.0, 60.0), Shown::of(1612.0, 59.0));
        assert_eq!(went(Some(was), now, 12), "from 1600 to 1612 (+12)");
        assert_eq!(line(Some(was), now, 12), "from 1600 to 1612, up 12");
        assert_eq!(
            rating_went(&went(Some(was), now, 12)),
            "; your rating went from 1600 to 1612 (+12)"
        );
    }

    /// Brief s36 (club36): each way a correspondence game ends, told to its winner
    /// and its loser, is one sentence saying what happened, then what it made of the
    /// game, then the rating after with its `?` (or why it was not rated). It said
    /// `you lost your correspondence game with bob: abandoned`, `you resigned your
    /// correspondence game with bob`, `you won ... 120-80` (how, not said), and
    /// nothing of a game too short to be rated.
    #[test]
    fn every_correspondence_ending_is_one_sentence_for_both_players() {
        let rated = Some("to 1517? (+17)");
        let cases = [
            (
                Termination::Resignation,
                Some(true),
                false,
                "bob resigned: you won your correspondence game with bob; your rating went \
                 to 1517? (+17)",
            ),
            (
                Termination::Resignation,
                Some(false),
                false,
                "you resigned: you lost your correspondence game with bob; your rating went \
                 to 1517? (+17)",
            ),
            (
                Termination::Abandoned,
                Some(true),
                false,
                "bob abandoned it: you won your correspondence game with bob; your rating \
                 went to 1517? (+17)",
            ),
            (
                Termination::Abandoned,
                Some(false),
                false,
                "you abandoned it: you lost your correspondence game with bob; your rating \
                 went to 1517? (+17)",
            ),
            (
                Termination::Normal,
                Some(true),
                false,
                "the board filled up: you won your correspondence game with bob 120-80; your \
                 rating went to 1517? (+17)",
            ),
            (
                Termination::Normal,
                Some(false),
                false,
                "the board filled up: you lost your correspondence game with bob 120-80; your \
                 rating went to 1517? (+17)",
            ),
            (
                Termination::Normal,
                None,
                false,
                "the board filled up: your correspondence game with bob was drawn 120-80; your \
                 rating went to 1517? (+17)",
            ),
        ];
        for (how, won, too_soon, said) in cases {
            assert_eq!(
                corr_ended("bob", how, won, [120, 80], too_soon, rated),
                said,
                "{how:?} {won:?}"
            );
            assert_eq!(said.matches(": ").count(), 1, "{said}");
        }
        // Ended before both moved (resigned on the empty board, a first move never
        // made): not rated, and it says why where a rated game says its rating.
        assert_eq!(
            corr_ended(
                "bob",
                Termination::Resignation,
                Some(true),
                [0, 0],
                true,
                None
            ),
            "bob resigned: you won your correspondence game with bob; not rated, as it \
             ended before both of you moved"
        );
        assert_eq!(
            corr_ended(
                "bob",
                Termination::TimeForfeit,
                Some(false),
                [0, 0],
                true,
                None
            ),
            "you lost your correspondence game with bob on time; not rated, as it ended \
             before both of you moved"
        );
        // The line mode's words for the same rating: no `?`, no `(+17)`.
        let plain =
            super::super::line::club::went(None, crate::rating::Shown::of(1517.0, 200.0), 17);
        assert_eq!(
            corr_ended(
                "bob",
                Termination::Resignation,
                Some(true),
                [3, 9],
                false,
                Some(&plain)
            ),
            "bob resigned: you won your correspondence game with bob; your rating went to \
             1517, provisional, up 17"
        );
    }

    /// The caps of an address past 1, said with `count` as the server's are (one
    /// wording, kept as it read when each wrote its own plural).
    #[test]
    fn an_address_s_caps_read_in_the_plural_past_one() {
        assert_eq!(
            address_open_corr(10),
            "10 correspondence tables are open from your address, the most: try later"
        );
        assert_eq!(
            address_ai_games(20),
            "20 games against the AI are unfinished from your address, the most"
        );
    }

    /// QA (cli24, s25): a server started with a limit of 1 (`--max-sessions 1`,
    /// `--max-per-address 1`, `--max-open-corr 1`, `--max-ai-games 1`: each flag takes
    /// 1 and up) said `the server is full (1 players)`, `1 players are in from this
    /// address`, `The server has 1 correspondence tables open` and `The server keeps
    /// 1 unfinished games`; the caps of an address and a key are constants (20, 10, 5)
    /// but read right at 1 too. The other counts that reach 1: a deep review of one
    /// position, `--nodes 1` (analyze and the config's `review_nodes`).
    #[test]
    fn a_limit_of_one_reads_in_the_singular() {
        use super::super::{analysis, config, reports, serve_limits};
        let said = [
            (
                serve_limits::server_full_why(1),
                "the server is full (1 player)",
            ),
            (
                serve_limits::address_full_why(1),
                "1 player is in from this address",
            ),
            (
                server_open_corr(1),
                "The server has 1 correspondence table open, the most: try later",
            ),
            (
                address_open_corr(1),
                "1 correspondence table is open from your address, the most: try later",
            ),
            (
                server_ai_games(1),
                "The server keeps 1 unfinished game against the AI, the most: try later",
            ),
            (
                address_ai_games(1),
                "1 game against the AI is unfinished from your address, the most",
            ),
            (
                too_many_ai_games(1),
                "You have 1 unfinished game against the AI, the most: resume it (its number)",
            ),
            (
                analysis::deep_progress(0, 1),
                "Deep review: 0 of 1 position valued again.",
            ),
            (
                analysis::deep_done(1),
                "Deep review done: 1 position valued again",
            ),
        ];
        for (text, expected) in &said {
            assert_eq!(text, expected);
        }
        let reviewed = reports::reviewed("x.hij", 2, 0.5, crate::review::ReviewBudget::Nodes(1), 1);
        assert!(
            reviewed.contains("(1 node a position, 1 thread)"),
            "{reviewed}"
        );
        let prefs = crate::prefs::Prefs {
            review_nodes: Some(1),
            ..crate::prefs::Prefs::default()
        };
        assert_eq!(
            config::value(&prefs, crate::prefs::Key::ReviewNodes),
            "1 node"
        );
        let more = [
            serve_limits::server_full_why(64),
            serve_limits::address_full_why(8),
            server_open_corr(2),
            address_open_corr(10),
            server_ai_games(200),
            address_ai_games(20),
            too_many_ai_games(10),
            analysis::deep_started(2),
            analysis::deep_started_words(1),
            analysis::deep_stopped(1, 1),
            analysis::deep_stopped_words(1, 1),
        ];
        assert!(more[0].ends_with("(64 players)") && more[1].starts_with("8 players are"));
        assert!(more[2].contains("2 correspondence tables open") && more[6].contains("resume one"));
        assert!(
            more[7].starts_with("Deep review of 2 positions,"),
            "{}",
            more[7]
        );
        for text in said
            .iter()
            .map(|(t, _)| t)
            .chain(&more[8..])
            .chain([&reviewed])
        {
            for plural in ["players", "tables", "games", "positions", "nodes"] {
                assert!(!text.contains(&format!(" 1 {plural}")), "{text}");
                assert!(!text.contains(&format!(" 1 unfinished {plural}")), "{text}");
                assert!(
                    !text.contains(&format!(" 1 correspondence {plural}")),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn status_and_lobby_count_games_and_opponents_in_words() {
        assert_eq!(
            status_head("al", 0, 0),
            "al: no correspondence games in play"
        );
        assert_eq!(
            status_head("al", 0, 1),
            "al: no move due; 1 game waits for your opponent"
        );
        assert_eq!(
            status_head("al", 0, 3),
            "al: no move due; 3 games wait for your opponents"
        );
        assert_eq!(status_head("al", 1, 0), "al: your move in 1 game");
        assert_eq!(
            status_head("al", 2, 1),
            "al: your move in 2 games; 1 waits for your opponent"
        );
        assert_eq!(
            status_head("al", 1, 2),
            "al: your move in 1 game; 2 wait for your opponents"
        );
        assert_eq!(
            their_moves(1),
            "1 correspondence game waits for your opponent"
        );
        assert_eq!(
            their_moves(2),
            "2 correspondence games wait for your opponents"
        );
    }

    #[test]
    fn both_rating_changes_fit_in_80_columns_with_the_widest_names() {
        let wide = "ｗｉｄｅｗｉｄｅ";
        assert_eq!(crate::text::width(wide), 16);
        for ruleset in ["standard", "corners"] {
            for corr in [false, true] {
                let text = ratings_changed(
                    ruleset,
                    corr,
                    [
                        (wide, "1742?", "+242"),
                        ("abcdefghijklmnop", "1258?", "-242"),
                    ],
                );
                assert!(crate::text::width(&text) <= 80, "{text}");
            }
        }
        assert_eq!(
            ratings_changed(
                "standard",
                false,
                [("bob", "1258?", "-242"), ("alice", "1742?", "+242")]
            ),
            "Rated standard live: bob 1258? -242 · alice 1742? +242"
        );
    }
}
