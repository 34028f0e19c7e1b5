//! The club's part of the store: a rated game's end (the result, both ratings and
//! their history, in the writer's one transaction with the game itself), and the
//! reads of the leaderboards, profiles, a player's games and the engine's reviews.

use rusqlite::{Connection, OptionalExtension, params};

use crate::rating::{Outcome, Rating, SCALE, Shown, ended_too_soon};
use crate::record::{GameResult, Termination};
use crate::rules::Player;
use crate::session::Played;

use super::super::club::{
    Board, EndHow, EndUntold, MIN_GAMES, MIN_OPPONENTS, RatedEnd, RatingBefore, RatingWent, SYSTEM,
    Speed, Standing, abandoned_by, days_between,
};
use super::super::table::Snapshot;
use super::super::who::Who;

/// The speed a game was played at.
pub(crate) fn speed_of(snapshot: &Snapshot) -> Speed {
    if snapshot.corr.is_some() {
        Speed::Correspondence
    } else {
        Speed::Live
    }
}

/// Records game `id` (just entered into the history, `ended` as it ended at `when`,
/// wall-clock seconds) as rated if it was: both players' ratings move (each
/// deviation first widened by the time since their last rated game), their history
/// and tallies with them; all in `tx`, the writer's transaction. Returns the change,
/// or `None` for a game not rated.
pub(crate) fn rate_finished(
    tx: &Connection,
    id: i64,
    ended: &Snapshot,
    when: i64,
) -> rusqlite::Result<Option<RatedEnd>> {
    let speed = speed_of(ended);
    tx.prepare_cached(
        "UPDATE finished SET speed = ?2, ended_at = ?3, played_rated = ?4 WHERE id = ?1",
    )?
    .execute(params![id, speed.token(), when, ended.rated])?;
    let seats: Vec<&Who> = ended.seats.iter().flatten().collect();
    let rated = ended.rated
        && seats.len() == 2
        && seats.iter().all(|w| w.can_be_rated())
        && !ended_too_soon(ended.game.len());
    let result = Played::new(&ended.game, &ended.course).result();
    let blue_outcome = match result {
        GameResult::BlueWins => Outcome::Win,
        GameResult::YellowWins => Outcome::Loss,
        GameResult::Draw => Outcome::Draw,
        GameResult::Unfinished => return Ok(None),
    };
    if !rated {
        return Ok(None);
    }
    let board = Board::new(ended.game.ruleset(), speed);
    let ruleset = board.ruleset_token();
    let [blue, yellow] = [seats[0], seats[1]];
    let read =
        |who: &Who| -> rusqlite::Result<Option<Standing>> { standing_of(tx, &who.key, board) };
    let (blue_was, yellow_was) = (read(blue)?, read(yellow)?);
    let before_of = |was: &Option<Standing>| -> (Rating, Option<f64>) {
        match was {
            Some(s) => (s.rating, Some(days_between(s.last, when))),
            None => (SYSTEM.initial, None),
        }
    };
    let (blue_before, blue_days) = before_of(&blue_was);
    let (yellow_before, yellow_days) = before_of(&yellow_was);
    let (blue_after, yellow_after) = SYSTEM.rate_game_after(
        (blue_before, blue_days),
        (yellow_before, yellow_days),
        blue_outcome,
    );
    // As of the game's end: the deviation widened by the time away.
    let aged = |r: Rating, days: Option<f64>| SYSTEM.aged(r, days.unwrap_or(0.0));
    let now_before = [
        aged(blue_before, blue_days),
        aged(yellow_before, yellow_days),
    ];
    let expected = SYSTEM.expected(now_before[0], now_before[1]);
    let winner = match blue_outcome {
        Outcome::Win => Some(Player::Blue),
        Outcome::Loss => Some(Player::Yellow),
        Outcome::Draw => None,
    };
    let termination = ended
        .course
        .ending()
        .map_or(Termination::Normal, |e| e.termination());
    let abandoner = abandoned_by(termination, speed, winner);
    let after = [blue_after, yellow_after];
    for (player, who, opponent) in [(Player::Blue, blue, yellow), (Player::Yellow, yellow, blue)] {
        let i = player.index();
        let outcome = if player == Player::Blue {
            blue_outcome
        } else {
            blue_outcome.reversed()
        };
        // An opponent counts for the leaderboard once, if established when played.
        let established = !now_before[1 - i].is_provisional();
        let new_opponent = established
            && tx
                .prepare_cached(
                    "INSERT OR IGNORE INTO opponents (key, ruleset, speed, opponent)
                     VALUES (?1, ?2, ?3, ?4)",
                )?
                .execute(params![who.key, ruleset, speed.token(), opponent.key])?
                > 0;
        let r = after[i];
        tx.prepare_cached(
            "INSERT INTO ratings (key, ruleset, speed, name, rating, deviation, volatility,
                 games, wins, draws, losses, abandoned, opponents, last)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 1, ?8, ?9, ?10, ?11, ?12, ?13)
             ON CONFLICT (key, ruleset, speed) DO UPDATE SET
                 name = excluded.name, rating = excluded.rating,
                 deviation = excluded.deviation, volatility = excluded.volatility,
                 games = games + 1, wins = wins + excluded.wins,
                 draws = draws + excluded.draws, losses = losses + excluded.losses,
                 abandoned = abandoned + excluded.abandoned,
                 opponents = opponents + excluded.opponents, last = excluded.last",
        )?
        .execute(params![
            who.key,
            ruleset,
            speed.token(),
            who.name,
            r.rating,
            r.deviation,
            r.volatility,
            outcome == Outcome::Win,
            outcome == Outcome::Draw,
            outcome == Outcome::Loss,
            abandoner == Some(player),
            new_opponent,
            when,
        ])?;
        tx.prepare_cached(
            "INSERT OR REPLACE INTO rating_history (key, ruleset, speed, game, rating, deviation)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![
            who.key,
            ruleset,
            speed.token(),
            id,
            r.rating,
            r.deviation
        ])?;
    }
    tx.prepare_cached(
        "UPDATE finished SET rated = 1, blue_before = ?2, blue_after = ?3, blue_deviation = ?4,
             yellow_before = ?5, yellow_after = ?6, yellow_deviation = ?7, blue_expected = ?8,
             blue_deviation_before = ?9, yellow_deviation_before = ?10
         WHERE id = ?1",
    )?
    .execute(params![
        id,
        blue_before.rating,
        blue_after.rating,
        blue_after.deviation,
        yellow_before.rating,
        yellow_after.rating,
        yellow_after.deviation,
        expected,
        // As of the game's end, as the note told at once says it ([`RatedEnd`]):
        // the `?` of the rating before, for a note read back after a restart.
        now_before[0].deviation,
        now_before[1].deviation,
    ])?;
    Ok(Some(RatedEnd {
        before: now_before,
        after,
    }))
}

const STANDING_COLUMNS: &str = "key, name, rating, deviation, volatility, games, wins, draws,
    losses, abandoned, opponents, last";

fn standing_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Standing> {
    Ok(Standing {
        key: row.get(0)?,
        name: row.get(1)?,
        rating: Rating {
            rating: row.get(2)?,
            deviation: row.get(3)?,
            volatility: row.get(4)?,
        },
        games: row.get(5)?,
        wdl: [row.get(6)?, row.get(7)?, row.get(8)?],
        abandoned: row.get(9)?,
        opponents: row.get(10)?,
        last: row.get(11)?,
    })
}

/// `key`'s standing in `board`, if they have a rated game there.
pub(crate) fn standing_of(
    conn: &Connection,
    key: &str,
    board: Board,
) -> rusqlite::Result<Option<Standing>> {
    conn.prepare_cached(&format!(
        "SELECT {STANDING_COLUMNS} FROM ratings WHERE key = ?1 AND ruleset = ?2 AND speed = ?3"
    ))?
    .query_row(
        params![key, board.ruleset_token(), board.speed.token()],
        standing_row,
    )
    .optional()
}

/// `key`'s standing in every board where they have a rated game, in
/// [`Board::ALL`]'s order.
pub(crate) fn standings_of(
    conn: &Connection,
    key: &str,
) -> rusqlite::Result<Vec<(Board, Standing)>> {
    let mut standings = Vec::new();
    for board in Board::ALL {
        if let Some(standing) = standing_of(conn, key, board)? {
            standings.push((board, standing));
        }
    }
    Ok(standings)
}

/// The standings of a board (`?1`, `?2`) with the rated games and the opponents a
/// leaderboard asks ([`Standing::has_enough_games`]), of players who did not leave
/// the leaderboards, as a query's `FROM` and `WHERE`: the part of [`listed_from`]
/// that an empty board counts too ([`nobody_listed`]), written once, so that the
/// two never ask different games or days (s36: [`nobody_listed`] wrote its own).
fn enough_games_from() -> String {
    format!(
        "FROM ratings AS r
     WHERE ruleset = ?1 AND speed = ?2 AND games >= {MIN_GAMES} AND opponents >= {MIN_OPPONENTS}
       AND NOT EXISTS (SELECT 1 FROM players AS p WHERE p.key = r.key AND p.unlisted = 1)"
    )
}

/// A standing's last rated game within its board's days, `?3` the oldest time taken
/// ([`listed_params`]; [`Standing::played_within`]): part of [`listed_from`], and
/// what an empty board counts ([`nobody_listed`]).
const PLAYED_WITHIN: &str = "last >= ?3";

/// Who a leaderboard lists, as a query's `FROM` and `WHERE` (see [`leaderboard`]),
/// its parameters `?1` to `?6` ([`listed_params`]): written once, for its page
/// ([`leaderboard_query`]) and its count ([`leaderboard_page`]), of the parts
/// [`nobody_listed`] reads too.
fn listed_from() -> String {
    format!(
        "{}
       AND {PLAYED_WITHIN}
       AND deviation * deviation
           + max(?4 - last, 0) / 86400.0 * ?5 * volatility * volatility <= ?6",
        enough_games_from()
    )
}

/// The leaderboard's query (see [`leaderboard`]).
pub(super) fn leaderboard_query() -> String {
    format!(
        "SELECT {STANDING_COLUMNS} {}
     ORDER BY rating DESC, key
     LIMIT ?7 OFFSET ?8",
        listed_from()
    )
}

/// The parameters `?1` to `?6` of [`listed_from`] for `board` at `now`.
fn listed_params(board: Board, now: i64) -> (String, &'static str, i64, i64, f64, f64) {
    let ranked = crate::rating::RANKED_DEVIATION;
    let per_day = SYSTEM.periods_per_day * SCALE * SCALE;
    let oldest = now - board.speed.active_days() * 86_400;
    (
        board.ruleset_token(),
        board.speed.token(),
        oldest,
        now,
        per_day,
        ranked * ranked,
    )
}

/// The leaderboard of `board` at `now` (wall-clock seconds): the players it lists
/// ([`Standing::listed`], written here as one query: the deviation widened to today
/// is compared squared, φ² + t·σ² ≤ 75², so no square root is needed), best first
/// (equal ratings by key, so that pages neither repeat nor skip a player),
/// `limit` of them from place `offset`. The games and opponents asked are literals
/// in the query, as in the partial index `ratings_listed` (schema 5) it reads.
pub(crate) fn leaderboard(
    conn: &Connection,
    board: Board,
    now: i64,
    (offset, limit): (usize, usize),
) -> rusqlite::Result<Vec<Standing>> {
    let (ruleset, speed, oldest, now_at, per_day, ranked) = listed_params(board, now);
    conn.prepare_cached(&leaderboard_query())?
        .query_map(
            params![
                ruleset,
                speed,
                oldest,
                now_at,
                per_day,
                ranked,
                i64::try_from(limit).unwrap_or(i64::MAX),
                i64::try_from(offset).unwrap_or(i64::MAX),
            ],
            standing_row,
        )?
        .collect::<rusqlite::Result<Vec<Standing>>>()
        .inspect(|rows| {
            // The query is the rule, written for SQLite: both say the same.
            debug_assert!(rows.iter().all(|s| s.listed(board.speed, now)));
        })
}

/// Why a leaderboard lists nobody, as it says it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum Nobody {
    /// Nobody has the rated games and opponents it asks (or the board lists some).
    #[default]
    Yet,
    /// This many players have them, and none has a rated game within the board's
    /// days ([`Speed::active_days`]): a quiet month emptied it.
    Idle(usize),
    /// Some have them and played recently, but none is sure enough today (a
    /// deviation over 75).
    Today,
}

/// Why `board` lists nobody at `now` ([`Nobody`]): read where its first page is
/// empty (a leaderboard after a month without games said `Nobody is listed yet`).
pub(crate) fn nobody_listed(conn: &Connection, board: Board, now: i64) -> rusqlite::Result<Nobody> {
    // The listing's own parts and parameters ([`listed_from`]): the games, the
    // opponents and the days are stated once.
    let (ruleset, speed, oldest, ..) = listed_params(board, now);
    let (players, recent): (i64, i64) = conn
        .prepare_cached(&nobody_query())?
        .query_row(params![ruleset, speed, oldest], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })?;
    Ok(match (players, recent) {
        (0, _) => Nobody::Yet,
        (players, 0) => Nobody::Idle(usize::try_from(players).unwrap_or(usize::MAX)),
        _ => Nobody::Today,
    })
}

/// [`nobody_listed`]'s query: the players with enough games, and how many of them
/// played within the board's days, in [`listed_from`]'s own parts.
fn nobody_query() -> String {
    format!(
        "SELECT count(*), count(CASE WHEN {PLAYED_WITHIN} THEN 1 END) {}",
        enough_games_from()
    )
}

/// A page of a leaderboard as read at once: its rows and how many the whole board
/// lists, so the page can say where it is (`Page 2 of 5`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BoardPage {
    /// The rows asked for, best first.
    pub(crate) rows: Vec<Standing>,
    /// How many players the board lists in all.
    pub(crate) total: usize,
    /// Why it lists nobody, where it does ([`nobody_listed`]).
    pub(crate) nobody: Nobody,
}

/// `board`'s page at `now` ([`leaderboard`]'s `(offset, limit)`) and how many it
/// lists in all, read in one transaction, so the count is the rows' own.
pub(crate) fn leaderboard_page(
    conn: &Connection,
    board: Board,
    now: i64,
    (offset, limit): (usize, usize),
) -> rusqlite::Result<BoardPage> {
    let tx = conn.unchecked_transaction()?;
    let rows = leaderboard(&tx, board, now, (offset, limit))?;
    let (ruleset, speed, oldest, now_at, per_day, ranked) = listed_params(board, now);
    let total: i64 = tx
        .prepare_cached(&format!("SELECT count(*) {}", listed_from()))?
        .query_row(
            params![ruleset, speed, oldest, now_at, per_day, ranked],
            |row| row.get(0),
        )?;
    let nobody = if total == 0 {
        nobody_listed(&tx, board, now)?
    } else {
        Nobody::Yet
    };
    drop(tx);
    Ok(BoardPage {
        rows,
        total: usize::try_from(total).unwrap_or(0),
        nobody,
    })
}

/// A player as a profile shows them, beside their games.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Profile {
    /// Their key.
    pub(crate) key: String,
    /// Their names at this server, the first bound first.
    pub(crate) names: Vec<String>,
    /// When their first name was bound (UTC, as kept).
    pub(crate) first_seen: String,
    /// Each rating they have, in [`Board::ALL`]'s order.
    pub(crate) standings: Vec<(Board, Standing)>,
    /// Whether they left the leaderboards.
    pub(crate) unlisted: bool,
    /// All their finished games (rated or not): wins, draws, losses.
    pub(crate) wdl: [u32; 3],
}

/// The key bound to `name` (any case), and the name as bound.
pub(crate) fn key_of_name(conn: &Connection, name: &str) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT key FROM names WHERE folded = ?1")?
        .query_row([super::super::names::folded(name.trim())], |row| row.get(0))
        .optional()
}

/// The name bound as `name` is (any case, either spelling of its accents), as it was
/// bound: `f`'s answer for a member not connected names them so, not as typed.
pub(crate) fn bound_name(conn: &Connection, name: &str) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT name FROM names WHERE folded = ?1")?
        .query_row([super::super::names::folded(name.trim())], |row| row.get(0))
        .optional()
}

/// `key`'s profile: `None` if no name is bound to it.
pub(crate) fn profile(conn: &Connection, key: &str) -> rusqlite::Result<Option<Profile>> {
    let mut names = Vec::new();
    let mut first_seen = String::new();
    {
        let mut rows =
            conn.prepare_cached("SELECT name, bound FROM names WHERE key = ?1 ORDER BY bound")?;
        let mut found = rows.query([key])?;
        while let Some(row) = found.next()? {
            if names.is_empty() {
                first_seen = row.get(1)?;
            }
            names.push(row.get(0)?);
        }
    }
    if names.is_empty() {
        return Ok(None);
    }
    let standings = standings_of(conn, key)?;
    let unlisted = conn
        .prepare_cached("SELECT unlisted FROM players WHERE key = ?1")?
        .query_row([key], |row| row.get(0))
        .optional()?
        .unwrap_or(false);
    let wdl = conn
        .prepare_cached(
            "SELECT
                 coalesce(sum((blue_key = ?1 AND result = '1-0') OR (yellow_key = ?1 AND result = '0-1')), 0),
                 coalesce(sum(result = '1/2-1/2'), 0),
                 coalesce(sum((blue_key = ?1 AND result = '0-1') OR (yellow_key = ?1 AND result = '1-0')), 0)
             FROM finished WHERE (blue_key = ?1 OR yellow_key = ?1) AND result != '*'",
        )?
        .query_row([key], |row| Ok([row.get(0)?, row.get(1)?, row.get(2)?]))?;
    Ok(Some(Profile {
        key: key.to_owned(),
        names,
        first_seen,
        standings,
        unlisted,
        wdl,
    }))
}

/// A profile's screen as read from the store: the profile, its chart, a page of
/// its games and whether more follow.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ProfilePage {
    pub(crate) profile: Profile,
    /// The rating charted and its last points, oldest first.
    pub(crate) chart: Option<(Board, Vec<ChartPoint>)>,
    pub(crate) games: Vec<GameLine>,
    pub(crate) more: bool,
    /// How many finished games the player has in all (the pages' count).
    pub(crate) total: usize,
}

/// The points of a profile's chart.
const CHART_POINTS: usize = 240;

/// What `key`'s profile screen reads (`None` if no name is bound to it): the chart
/// of `chart` (the rating with the most games if `None`), and games' `page` of
/// `size_for(profile)` rows.
pub(crate) fn profile_page(
    conn: &Connection,
    key: &str,
    (chart, page): (Option<Board>, usize),
    size_for: impl Fn(&Profile, Option<&(Board, Vec<ChartPoint>)>) -> usize,
) -> rusqlite::Result<Option<ProfilePage>> {
    // One transaction: the count of games is the pages' own.
    let tx = conn.unchecked_transaction()?;
    let conn: &Connection = &tx;
    let Some(profile) = profile(conn, key)? else {
        return Ok(None);
    };
    let chart_board = chart.or_else(|| {
        profile
            .standings
            .iter()
            .max_by_key(|(_, s)| s.games)
            .map(|(b, _)| *b)
    });
    let chart = match chart_board {
        Some(board) => Some((board, rating_history(conn, key, board, CHART_POINTS)?)),
        None => None,
    };
    let size = size_for(&profile, chart.as_ref());
    let mut games = games_of(conn, key, (page * size, size + 1))?;
    let more = games.len() > size;
    games.truncate(size);
    let total = games_count(conn, key)?;
    drop(tx);
    Ok(Some(ProfilePage {
        profile,
        chart,
        games,
        more,
        total,
    }))
}

/// How many finished games `key` has ([`games_of`] lists them).
pub(crate) fn games_count(conn: &Connection, key: &str) -> rusqlite::Result<usize> {
    let count: i64 = conn
        .prepare_cached(
            "SELECT (SELECT count(*) FROM finished WHERE blue_key = ?1)
                  + (SELECT count(*) FROM finished WHERE yellow_key = ?1 AND blue_key != ?1)",
        )?
        .query_row([key], |row| row.get(0))?;
    Ok(usize::try_from(count).unwrap_or(0))
}

/// A rating after a rated game, a point of a profile's chart: the rating and its
/// deviation then, which gives its `?` ([`ChartPoint::shown`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct ChartPoint {
    pub(crate) rating: f64,
    pub(crate) deviation: f64,
}

impl ChartPoint {
    /// The rating as shown (`1742?` while provisional), as every rating is.
    pub(crate) fn shown(self) -> Shown {
        Shown::of(self.rating, self.deviation)
    }
}

/// `key`'s ratings in `board` after each of their last `limit` rated games, oldest
/// first: a profile's chart.
pub(crate) fn rating_history(
    conn: &Connection,
    key: &str,
    board: Board,
    limit: usize,
) -> rusqlite::Result<Vec<ChartPoint>> {
    let mut points: Vec<ChartPoint> = conn
        .prepare_cached(
            "SELECT rating, deviation FROM rating_history
             WHERE key = ?1 AND ruleset = ?2 AND speed = ?3
             ORDER BY game DESC LIMIT ?4",
        )?
        .query_map(
            params![
                key,
                board.ruleset_token(),
                board.speed.token(),
                i64::try_from(limit).unwrap_or(i64::MAX)
            ],
            |row| {
                Ok(ChartPoint {
                    rating: row.get(0)?,
                    deviation: row.get(1)?,
                })
            },
        )?
        .collect::<rusqlite::Result<_>>()?;
    points.reverse();
    Ok(points)
}

/// One finished game as a player's list shows it, from their side.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct GameLine {
    /// The game's number in the history.
    pub(crate) id: i64,
    /// When it ended (UTC, as kept).
    pub(crate) date: String,
    /// The colour the player had.
    pub(crate) colour: Player,
    /// The opponent as shown.
    pub(crate) opponent: String,
    /// Won, drawn, lost (or `None`: stopped, `*`).
    pub(crate) outcome: Option<Outcome>,
    /// How it ended.
    pub(crate) termination: Termination,
    /// Its rating, and whether it was rated.
    pub(crate) board: Board,
    pub(crate) rated: bool,
    /// Whether it was played as rated (its table was), rated or not; `false` for a
    /// game kept before schema 9 that was not rated (which can't tell).
    pub(crate) played_rated: bool,
    /// The player's rating before (whole points) and after (as shown: `1742?` while
    /// provisional), for a rated game.
    pub(crate) change: Option<(i64, Shown)>,
    /// Moves played.
    pub(crate) moves: u32,
    /// Whether the engine's review of it is kept.
    pub(crate) reviewed: bool,
}

/// Why a finished game was not rated, as a player's list says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NotRated {
    /// It was played as casual (or kept before schema 9, which can't tell).
    Casual,
    /// It was played as rated, and ended before both players moved.
    TooSoon,
    /// It was played as rated, and was not rated otherwise (stopped, unfinished).
    Otherwise,
}

impl GameLine {
    /// Why it was not rated (`None`: it was), by the rule [`rate_finished`] applies.
    pub(crate) fn not_rated(&self) -> Option<NotRated> {
        if self.rated {
            None
        } else if !self.played_rated {
            Some(NotRated::Casual)
        } else if ended_too_soon(usize::try_from(self.moves).unwrap_or(usize::MAX)) {
            Some(NotRated::TooSoon)
        } else {
            Some(NotRated::Otherwise)
        }
    }
}

/// `key`'s finished games, newest first: `limit` from the `offset`th.
pub(crate) fn games_of(
    conn: &Connection,
    key: &str,
    (offset, limit): (usize, usize),
) -> rusqlite::Result<Vec<GameLine>> {
    conn.prepare_cached(
        "SELECT id, date, blue_name, blue_key, yellow_name, yellow_key, result, termination,
                ruleset, speed, rated, blue_before, blue_after, yellow_before, yellow_after,
                moves, EXISTS (SELECT 1 FROM reviews WHERE game = f.id), played_rated,
                blue_deviation, yellow_deviation
         FROM finished AS f
         WHERE id IN (SELECT id FROM finished WHERE blue_key = ?1
                      UNION ALL SELECT id FROM finished WHERE yellow_key = ?1)
         ORDER BY id DESC LIMIT ?2 OFFSET ?3",
    )?
    .query_map(
        params![
            key,
            i64::try_from(limit).unwrap_or(i64::MAX),
            i64::try_from(offset).unwrap_or(i64::MAX)
        ],
        |row| {
            let blue_key: String = row.get(3)?;
            let colour = if blue_key == key {
                Player::Blue
            } else {
                Player::Yellow
            };
            let (name_at, key_at) = match colour {
                Player::Blue => (4, 5),
                Player::Yellow => (2, 3),
            };
            let opponent = Who {
                name: row.get(name_at)?,
                key: row.get(key_at)?,
            };
            let result: String = row.get(6)?;
            let blue_outcome = match result.parse().unwrap_or(GameResult::Unfinished) {
                GameResult::BlueWins => Some(Outcome::Win),
                GameResult::YellowWins => Some(Outcome::Loss),
                GameResult::Draw => Some(Outcome::Draw),
                GameResult::Unfinished => None,
            };
            let outcome = match colour {
                Player::Blue => blue_outcome,
                Player::Yellow => blue_outcome.map(Outcome::reversed),
            };
            let termination: String = row.get(7)?;
            let ruleset: String = row.get(8)?;
            let speed: String = row.get(9)?;
            let board = Board::new(
                ruleset.parse().unwrap_or_default(),
                Speed::parse(&speed).unwrap_or(Speed::Live),
            );
            let rated: bool = row.get(10)?;
            let (before, after, deviation) = match colour {
                Player::Blue => (
                    row.get::<_, Option<f64>>(11)?,
                    row.get::<_, Option<f64>>(12)?,
                    row.get::<_, Option<f64>>(18)?,
                ),
                Player::Yellow => (row.get(13)?, row.get(14)?, row.get(19)?),
            };
            // The rating after as shown, its `?` from the deviation after, written
            // with the ratings (a row without one, as no writer leaves, shows none).
            let change = before.zip(after).map(|(before, after)| {
                let shown = Shown::of(after, deviation.unwrap_or(0.0));
                (before.round() as i64, shown)
            });
            Ok(GameLine {
                id: row.get(0)?,
                date: row.get(1)?,
                colour,
                opponent: opponent.display_name(),
                outcome,
                termination: termination.parse().unwrap_or_default(),
                board,
                rated,
                change,
                moves: row.get(15)?,
                reviewed: row.get(16)?,
                played_rated: row.get(17)?,
            })
        },
    )?
    .collect()
}

/// A finished game's record, its keys (Blue's, Yellow's) and its review if kept.
pub(crate) type KeptGame = (String, [String; 2], Option<String>);

/// Game `id`'s record and its keys (Blue's, Yellow's), and its review if one is kept.
pub(crate) fn record_of(conn: &Connection, id: i64) -> rusqlite::Result<Option<KeptGame>> {
    conn.prepare_cached(
        "SELECT record, blue_key, yellow_key, (SELECT positions FROM reviews WHERE game = ?1)
         FROM finished WHERE id = ?1",
    )?
    .query_row([id], |row| {
        Ok((row.get(0)?, [row.get(1)?, row.get(2)?], row.get(3)?))
    })
    .optional()
}

/// Keeps game `id`'s review, made at `when` (once: a second one changes nothing),
/// or, with `unreadable`, in place of the kept one that could not be read: that one
/// is moved to `reviews_aside` if it is still the one found unreadable (never
/// destroyed), and the new one kept instead.
pub(crate) fn write_review(
    tx: &Connection,
    id: i64,
    positions: &str,
    when: i64,
    unreadable: Option<&str>,
) -> rusqlite::Result<()> {
    if let Some(old) = unreadable {
        let moved = tx
            .prepare_cached(
                "INSERT INTO reviews_aside (game, made, positions, aside)
                 SELECT game, made, positions, ?3 FROM reviews WHERE game = ?1 AND positions = ?2",
            )?
            .execute(params![id, old, when])?;
        if moved > 0 {
            tx.prepare_cached("DELETE FROM reviews WHERE game = ?1")?
                .execute([id])?;
        }
    }
    tx.prepare_cached("INSERT OR IGNORE INTO reviews (game, made, positions) VALUES (?1, ?2, ?3)")?
        .execute(params![id, when, positions])?;
    Ok(())
}

/// Takes `key` off the leaderboards (`listed` false) or puts them back.
pub(crate) fn write_listed(tx: &Connection, key: &str, listed: bool) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "INSERT INTO players (key, unlisted) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET unlisted = excluded.unlisted",
    )?
    .execute(params![key, !listed])?;
    Ok(())
}

/// Keeps `key`'s vacation days used in `year`.
pub(crate) fn write_vacation(
    tx: &Connection,
    key: &str,
    (year, used): (i32, u32),
) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "INSERT INTO players (key, vacation_year, vacation_used) VALUES (?1, ?2, ?3)
         ON CONFLICT (key) DO UPDATE SET vacation_year = excluded.vacation_year,
             vacation_used = excluded.vacation_used",
    )?
    .execute(params![key, year, used])?;
    Ok(())
}

/// Counts `days` more vacation days used for `key` that they were not told of yet
/// (with the count [`write_vacation`] keeps, in the same transaction).
pub(crate) fn add_days_untold(tx: &Connection, key: &str, days: u32) -> rusqlite::Result<()> {
    tx.prepare_cached("UPDATE players SET vacation_untold = vacation_untold + ?2 WHERE key = ?1")?
        .execute(params![key, days])?;
    Ok(())
}

/// `key` was shown `days` of their vacation days used: no longer to be told.
pub(crate) fn write_days_told(tx: &Connection, key: &str, days: u32) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "UPDATE players SET vacation_untold = max(vacation_untold - ?2, 0) WHERE key = ?1",
    )?
    .execute(params![key, days])?;
    Ok(())
}

/// The vacation days used for each player that they were not told of yet, for the
/// players with any.
pub(crate) fn days_untold(conn: &Connection) -> rusqlite::Result<Vec<(String, u32)>> {
    conn.prepare("SELECT key, vacation_untold FROM players WHERE vacation_untold > 0")?
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect()
}

/// Notes game `id` (just entered into the history, `ended` as it ended; `rated`, its
/// ratings' change, if rated) as a correspondence game ended, untold to both its
/// players, as won by a claim if it was, untold to its loser, or as ended at a
/// restart, untold to both its players; never to a guest (a guest never
/// comes back with the same key) nor to the AI. All in `tx`. Returns what each
/// player is to be told.
pub(crate) fn note_untold(
    tx: &Connection,
    id: i64,
    ended: &Snapshot,
    rated: Option<&RatedEnd>,
) -> rusqlite::Result<Vec<EndUntold>> {
    let untold = |seat: Player, how: EndHow| {
        let i = seat.index();
        let (Some(me), Some(other)) = (&ended.seats[i], &ended.seats[seat.other().index()]) else {
            return None;
        };
        me.can_be_rated().then(|| EndUntold {
            game: id,
            key: me.key.clone(),
            other: other.display_name(),
            how,
            rating: rated.map(|r| RatingWent {
                before: RatingBefore::Shown(r.before[i].shown()),
                after: r.after[i].shown(),
            }),
            here: false,
        })
    };
    if ended.corr.is_some() {
        // Both players, each with their seat's bit in the restart's column: a game of
        // the correspondence speed reads as this ([`ends_untold`]). The hall counts a
        // player told at once whose screen showed the board as it ended.
        let played = Played::new(&ended.game, &ended.course);
        let how = ended
            .course
            .ending()
            .map_or(Termination::Normal, |e| e.termination());
        let winner = match played.result() {
            GameResult::BlueWins => Some(Player::Blue),
            GameResult::YellowWins => Some(Player::Yellow),
            GameResult::Draw => None,
            // Stopped, not ended: nothing to tell.
            _ => return Ok(Vec::new()),
        };
        let too_soon = ended.rated && ended_too_soon(ended.game.len());
        let mut told = Vec::new();
        let mut seats = 0;
        for seat in [Player::Blue, Player::Yellow] {
            let score = [seat, seat.other()].map(|p| ended.game.score(p));
            let won = winner.map(|w| w == seat);
            let how = EndHow::Corr {
                how,
                won,
                score,
                too_soon,
            };
            if let Some(end) = untold(seat, how) {
                seats |= restart_bit(seat);
                told.push(end);
            }
        }
        tx.prepare_cached("UPDATE finished SET restart_untold = ?2 WHERE id = ?1")?
            .execute(params![id, seats])?;
        return Ok(told);
    }
    let Some(ending) = ended.course.ending() else {
        return Ok(Vec::new());
    };
    if ended.claimed {
        let moves = u32::try_from(ended.game.len()).unwrap_or(u32::MAX);
        let told = untold(ending.loser(), EndHow::Claimed { moves });
        tx.prepare_cached("UPDATE finished SET claimed = 1, claim_untold = ?2 WHERE id = ?1")?
            .execute(params![id, told.is_some()])?;
        return Ok(told.into_iter().collect());
    }
    if !ended.at_restart {
        return Ok(Vec::new());
    }
    let mut told = Vec::new();
    let mut seats = 0;
    for seat in [Player::Blue, Player::Yellow] {
        let lost = seat == ending.loser();
        if let Some(end) = untold(seat, EndHow::AtRestart { lost }) {
            seats |= restart_bit(seat);
            told.push(end);
        }
    }
    tx.prepare_cached("UPDATE finished SET restart_untold = ?2 WHERE id = ?1")?
        .execute(params![id, seats])?;
    Ok(told)
}

/// `seat`'s bit in `finished.restart_untold`.
fn restart_bit(seat: Player) -> i64 {
    match seat {
        Player::Blue => 1,
        Player::Yellow => 2,
    }
}

/// The player with `key` was told how game `id` ended (a win claimed against them,
/// or an end at a restart): no later login says it again.
pub(crate) fn write_end_told(tx: &Connection, id: i64, key: &str) -> rusqlite::Result<()> {
    // A claim's row has one player to tell, its loser: `key`.
    tx.prepare_cached(
        "UPDATE finished SET claim_untold = 0,
             restart_untold = restart_untold
                 & ~(CASE WHEN blue_key = ?2 THEN 1 ELSE 0 END)
                 & ~(CASE WHEN yellow_key = ?2 THEN 2 ELSE 0 END)
         WHERE id = ?1",
    )?
    .execute(params![id, key])?;
    Ok(())
}

/// The games' ends that players were not told of yet (wins claimed against them,
/// correspondence games they lost on time, games ended at a restart), oldest first.
pub(crate) fn ends_untold(conn: &Connection) -> rusqlite::Result<Vec<EndUntold>> {
    // Blue's side, Yellow's side, and a bit saying whether each is still to be told
    // (a claim's: its loser only, the side the result is against).
    let mut untold = Vec::new();
    let mut query = conn.prepare(
        "SELECT id, moves, rated, result, claim_untold, restart_untold,
             blue_key, blue_name, blue_before, blue_after,
             yellow_key, yellow_name, yellow_before, yellow_after, speed,
             termination, blue_total, yellow_total, played_rated,
             blue_deviation, yellow_deviation, blue_deviation_before, yellow_deviation_before
         FROM finished WHERE claim_untold = 1
         UNION ALL
         SELECT id, moves, rated, result, claim_untold, restart_untold,
             blue_key, blue_name, blue_before, blue_after,
             yellow_key, yellow_name, yellow_before, yellow_after, speed,
             termination, blue_total, yellow_total, played_rated,
             blue_deviation, yellow_deviation, blue_deviation_before, yellow_deviation_before
         FROM finished WHERE restart_untold > 0
         ORDER BY id",
    )?;
    let mut rows = query.query([])?;
    while let Some(row) = rows.next()? {
        let result: String = row.get(3)?;
        // A game that ended so always has a winner, but a correspondence game
        // drawn on the board.
        let drawn = result == GameResult::Draw.to_string();
        let winner = if result == "0-1" {
            Player::Yellow
        } else {
            Player::Blue
        };
        let (claimed, restart): (bool, i64) = (row.get(4)?, row.get(5)?);
        let rated: bool = row.get(2)?;
        for seat in [Player::Blue, Player::Yellow] {
            let lost = seat != winner;
            let how = if claimed {
                if !lost {
                    continue;
                }
                EndHow::Claimed { moves: row.get(1)? }
            } else if restart & restart_bit(seat) != 0 {
                // A correspondence game's bits are its players' ([`note_untold`]).
                let speed: String = row.get(14)?;
                if speed == Speed::Correspondence.token() {
                    let how: String = row.get(15)?;
                    let totals: [u32; 2] = [row.get(16)?, row.get(17)?];
                    let score = match seat {
                        Player::Blue => totals,
                        Player::Yellow => [totals[1], totals[0]],
                    };
                    let moves: u32 = row.get(1)?;
                    let played_rated: bool = row.get(18)?;
                    EndHow::Corr {
                        how: how.parse().unwrap_or_default(),
                        won: (!drawn).then_some(!lost),
                        score,
                        too_soon: played_rated
                            && ended_too_soon(usize::try_from(moves).unwrap_or(usize::MAX)),
                    }
                } else {
                    EndHow::AtRestart { lost }
                }
            } else {
                continue;
            };
            // Blue's columns from 6, Yellow's from 10.
            let (mine, theirs) = match seat {
                Player::Blue => (6, 10),
                Player::Yellow => (10, 6),
            };
            let other = Who {
                name: row.get(theirs + 1)?,
                key: row.get(theirs)?,
            };
            let before: Option<f64> = row.get(mine + 2)?;
            let after: Option<f64> = row.get(mine + 3)?;
            // The deviation after, Blue's in 19, Yellow's in 20: the `?` a profile's
            // game line shows ([`games_of`]); a row without one shows none.
            let deviation: Option<f64> = row.get(if mine == 6 { 19 } else { 20 })?;
            // The deviation before, Blue's in 21, Yellow's in 22 (schema 18): a game
            // rated before keeps none, and its note says the rating after only.
            let deviation_before: Option<f64> = row.get(if mine == 6 { 21 } else { 22 })?;
            let rating = match (rated, before, after) {
                (true, Some(before), Some(after)) => Some(RatingWent {
                    before: match deviation_before {
                        Some(deviation) => RatingBefore::Shown(Shown::of(before, deviation)),
                        None => RatingBefore::Whole(before.round() as i64),
                    },
                    after: Shown::of(after, deviation.unwrap_or(0.0)),
                }),
                _ => None,
            };
            untold.push(EndUntold {
                game: row.get(0)?,
                key: row.get(mine)?,
                other: other.display_name(),
                how,
                rating,
                here: false,
            });
        }
    }
    Ok(untold)
}

/// Every player's vacation days used in `year`, for the players who used any.
pub(crate) fn vacations(conn: &Connection, year: i32) -> rusqlite::Result<Vec<(String, u32)>> {
    conn.prepare(
        "SELECT key, vacation_used FROM players WHERE vacation_year = ?1 AND vacation_used > 0",
    )?
    .query_map([year], |row| Ok((row.get(0)?, row.get(1)?)))?
    .collect()
}

/// Keeps the wall-clock time the server is up at.
pub(crate) fn write_up_until(tx: &Connection, wall: i64) -> rusqlite::Result<()> {
    tx.prepare_cached("UPDATE meta SET value = ?1 WHERE name = 'up_until'")?
        .execute([wall])?;
    Ok(())
}

/// At a start at wall-clock `now`: the time since the server was last up is added
/// to the pause the correspondence clocks do not count (a database never up before
/// adds nothing), and the server is up now. Returns the pause, in seconds.
pub(crate) fn resume_clock(tx: &Connection, now: i64) -> rusqlite::Result<i64> {
    let read = |name: &str| -> rusqlite::Result<i64> {
        tx.query_row("SELECT value FROM meta WHERE name = ?1", [name], |row| {
            row.get(0)
        })
    };
    let (up_until, mut paused) = (read("up_until")?, read("paused")?);
    if up_until > 0 && now > up_until {
        paused += now - up_until;
    }
    tx.execute("UPDATE meta SET value = ?1 WHERE name = 'paused'", [paused])?;
    write_up_until(tx, now)?;
    Ok(paused)
}

/// Sets the pause the correspondence clocks do not count to `paused` seconds.
pub(crate) fn set_paused(tx: &Connection, paused: i64) -> rusqlite::Result<()> {
    tx.execute("UPDATE meta SET value = ?1 WHERE name = 'paused'", [paused])?;
    Ok(())
}

/// Deletes `key`'s profile for the operator: their ratings, their history and
/// standings, their choices; their games stay (they are their opponents' history
/// too), as do their names. Returns how many ratings went.
pub(crate) fn forget(tx: &Connection, key: &str) -> rusqlite::Result<usize> {
    let ratings = tx.execute("DELETE FROM ratings WHERE key = ?1", [key])?;
    tx.execute("DELETE FROM rating_history WHERE key = ?1", [key])?;
    tx.execute("DELETE FROM opponents WHERE key = ?1", [key])?;
    tx.execute("DELETE FROM players WHERE key = ?1", [key])?;
    Ok(ratings)
}

/// Each rated game of `board`: Blue's score (1, ½, 0) and Blue's expected score, in
/// the order they ended (for `hijara serve colours`).
pub(crate) fn colour_results(conn: &Connection, board: Board) -> rusqlite::Result<Vec<(f64, f64)>> {
    conn.prepare_cached(
        "SELECT CASE result WHEN '1-0' THEN 1.0 WHEN '0-1' THEN 0.0 ELSE 0.5 END, blue_expected
         FROM finished
         WHERE rated = 1 AND ruleset = ?1 AND speed = ?2 AND blue_expected IS NOT NULL
           AND result IN ('1-0', '1/2-1/2', '0-1')
         ORDER BY id",
    )?
    .query_map(params![board.ruleset_token(), board.speed.token()], |row| {
        Ok((row.get(0)?, row.get(1)?))
    })?
    .collect()
}
