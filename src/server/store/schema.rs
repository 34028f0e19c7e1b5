//! The database's schema, one version after another: `PRAGMA user_version` says which
//! of [`MIGRATIONS`] a database has had, and opening it applies the rest, each in the
//! transaction that also moves the version on. Version 2 is the club's (issue 27);
//! version 8 keeps every table's messages; version 9 whether a game was played as
//! rated; version 10 adds what an edit of version 8 in place left out of a store
//! migrated before it; version 12 keeps the vacation days not told yet and whether
//! a palette was chosen; version 13 the address a game in play was opened from;
//! version 14 when a name was last logged in with; version 15 a live clocked game's
//! thinking on the turn under way; version 16 which abandoned games were won by a
//! claim, and whether their losers were told; version 17 which players of a game
//! ended at a restart were not told yet; version 18 each side's rating deviation
//! before a rated game.
//!
//! A migration, once on main, is never edited: a store that had it already would
//! never get the edit. What it lacks goes in a new one.

use rusqlite::{Connection, Transaction};

/// One version's change.
#[derive(Clone, Copy)]
pub(crate) enum Migration {
    /// Statements run as they are.
    Sql(&'static str),
    /// A change that depends on what the database has (a column added only where it
    /// is missing).
    Code(fn(&Transaction<'_>) -> rusqlite::Result<()>),
}

impl Migration {
    /// Applies it in `tx`.
    pub(crate) fn apply(self, tx: &Transaction<'_>) -> rusqlite::Result<()> {
        match self {
            Migration::Sql(statements) => tx.execute_batch(statements),
            Migration::Code(change) => change(tx),
        }
    }
}

/// Each version's change: the database at version `n` has had the first `n`.
pub(crate) const MIGRATIONS: &[Migration] = &[
    // 1: names, switches, games in play, finished games.
    Migration::Sql(
        "
    CREATE TABLE meta (
        name TEXT PRIMARY KEY,
        value INTEGER NOT NULL
    ) STRICT;
    INSERT INTO meta (name, value) VALUES ('guests', 0);

    -- A display name bound to the first key that used it (trust on first use).
    CREATE TABLE names (
        folded TEXT PRIMARY KEY,  -- the name in lower case: Alice and alice are one
        name TEXT NOT NULL,       -- as first given
        key TEXT NOT NULL,        -- the key's SHA-256 fingerprint
        look TEXT NOT NULL,       -- its confusable skeleton (UTS #39)
        bound TEXT NOT NULL       -- when, UTC
    ) STRICT;
    CREATE INDEX names_by_key ON names (key);
    CREATE INDEX names_by_look ON names (look);

    -- Each player's switches, by key.
    CREATE TABLE prefs (
        key TEXT PRIMARY KEY,
        colour INTEGER NOT NULL,
        bell INTEGER NOT NULL,
        mute INTEGER NOT NULL
    ) STRICT;

    -- Each table's game in play (playing = 1, its record), or that it has none any
    -- more (playing = 0): the version keeps an older write from putting back a game.
    CREATE TABLE live (
        table_id INTEGER PRIMARY KEY,
        round INTEGER NOT NULL,
        version INTEGER NOT NULL,
        playing INTEGER NOT NULL,
        record TEXT
    ) STRICT;

    -- The history: every game that ended at the server (or stopped, as `*`), its
    -- record whole and the columns it is looked up by. A game imported from an older
    -- data folder has no table.
    CREATE TABLE finished (
        id INTEGER PRIMARY KEY,
        table_id INTEGER,
        round INTEGER,
        date TEXT NOT NULL,
        blue_name TEXT NOT NULL,
        blue_key TEXT NOT NULL,
        yellow_name TEXT NOT NULL,
        yellow_key TEXT NOT NULL,
        result TEXT NOT NULL,
        termination TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        claims INTEGER NOT NULL,
        blue_total INTEGER NOT NULL,
        yellow_total INTEGER NOT NULL,
        moves INTEGER NOT NULL,
        record TEXT NOT NULL,
        UNIQUE (table_id, round)
    ) STRICT;
    CREATE INDEX finished_by_blue_key ON finished (blue_key);
    CREATE INDEX finished_by_yellow_key ON finished (yellow_key);
    CREATE INDEX finished_by_blue_name ON finished (blue_name COLLATE NOCASE);
    CREATE INDEX finished_by_yellow_name ON finished (yellow_name COLLATE NOCASE);
    CREATE INDEX finished_by_result ON finished (result);
    CREATE INDEX finished_by_termination ON finished (termination);
    CREATE INDEX finished_by_ruleset ON finished (ruleset);
    CREATE INDEX finished_by_date ON finished (date);
    ",
    ),
    // 2: the club (issue 27): ratings, their history, standings, correspondence
    // games, reviews.
    Migration::Sql(
        "
    -- Whether a finished game was rated, its speed, and each side's rating before and
    -- after it (and Blue's expected score, so the colours' results can be checked
    -- against the ratings later).
    ALTER TABLE finished ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE finished ADD COLUMN speed TEXT NOT NULL DEFAULT 'live';
    ALTER TABLE finished ADD COLUMN ended_at INTEGER;
    ALTER TABLE finished ADD COLUMN blue_before REAL;
    ALTER TABLE finished ADD COLUMN blue_after REAL;
    ALTER TABLE finished ADD COLUMN blue_deviation REAL;
    ALTER TABLE finished ADD COLUMN yellow_before REAL;
    ALTER TABLE finished ADD COLUMN yellow_after REAL;
    ALTER TABLE finished ADD COLUMN yellow_deviation REAL;
    ALTER TABLE finished ADD COLUMN blue_expected REAL;
    CREATE INDEX finished_rated ON finished (rated, ruleset, speed);

    -- A game in play: rated or not, and a correspondence game's clocks and what its
    -- players left for each other (JSON), NULL for a live game.
    ALTER TABLE live ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE live ADD COLUMN corr TEXT;

    -- One rating of a player: a ruleset at a speed.
    CREATE TABLE ratings (
        key TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        speed TEXT NOT NULL,
        name TEXT NOT NULL,         -- as last seen in a rated game
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        draws INTEGER NOT NULL,
        losses INTEGER NOT NULL,
        abandoned INTEGER NOT NULL,
        opponents INTEGER NOT NULL, -- distinct, established when played
        last INTEGER NOT NULL,      -- the last rated game's end, Unix seconds
        PRIMARY KEY (key, ruleset, speed)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX ratings_board ON ratings (ruleset, speed, rating DESC);

    -- The opponents counted in ratings.opponents.
    CREATE TABLE opponents (
        key TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        speed TEXT NOT NULL,
        opponent TEXT NOT NULL,
        PRIMARY KEY (key, ruleset, speed, opponent)
    ) STRICT, WITHOUT ROWID;

    -- Each rating after each rated game, for a profile's chart.
    CREATE TABLE rating_history (
        key TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        speed TEXT NOT NULL,
        game INTEGER NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        PRIMARY KEY (key, ruleset, speed, game)
    ) STRICT, WITHOUT ROWID;

    -- What a player chose or used: off the leaderboards, vacation days this year.
    CREATE TABLE players (
        key TEXT PRIMARY KEY,
        unlisted INTEGER NOT NULL DEFAULT 0,
        vacation_year INTEGER NOT NULL DEFAULT 0,
        vacation_used INTEGER NOT NULL DEFAULT 0
    ) STRICT;

    -- The engine's review of a finished game, once made: each position's value.
    CREATE TABLE reviews (
        game INTEGER PRIMARY KEY,
        made INTEGER NOT NULL,
        positions TEXT NOT NULL
    ) STRICT;

    -- The wall-clock time the server was last up, and the seconds it has been down
    -- (correspondence clocks do not run then).
    INSERT INTO meta (name, value) VALUES ('up_until', 0), ('paused', 0);
    ",
    ),
    // 3: the line mode as a switch (issue 28).
    Migration::Sql(
        "
    ALTER TABLE prefs ADD COLUMN plain INTEGER NOT NULL DEFAULT 0;
    ",
    ),
    // 4: a palette per key (issue 28), from the colour switch: on is the default
    // palette, off is none. The colour column stays, written as the palette has colour.
    Migration::Sql(
        "
    ALTER TABLE prefs ADD COLUMN palette TEXT NOT NULL DEFAULT 'default';
    UPDATE prefs SET palette = 'none' WHERE colour = 0;
    ",
    ),
    // 5: the leaderboard's index holds only the ratings with enough games and
    // established opponents (club::MIN_GAMES, club::MIN_OPPONENTS: the literals here
    // and in club::leaderboard's query must agree, or SQLite does not use it). With
    // 10,000 players a leaderboard's page read 0.1 ms instead of 8 (docs/club.md,
    // "Scale").
    Migration::Sql(
        "
    DROP INDEX ratings_board;
    CREATE INDEX ratings_listed ON ratings (ruleset, speed, rating DESC)
        WHERE games >= 20 AND opponents >= 5;
    ",
    ),
    // 6: the ASCII board and notifications as switches of their own (issue 28): off
    // and on, as before they were switches.
    Migration::Sql(
        "
    ALTER TABLE prefs ADD COLUMN ascii INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE prefs ADD COLUMN notify INTEGER NOT NULL DEFAULT 1;
    ",
    ),
    // 7: a kept review that could no longer be read (an older format, damage) is
    // moved here when the review is made again: never destroyed, never read again.
    Migration::Sql(
        "
    CREATE TABLE reviews_aside (
        game INTEGER NOT NULL,
        made INTEGER NOT NULL,
        positions TEXT NOT NULL,
        aside INTEGER NOT NULL  -- when it was moved here, Unix seconds
    ) STRICT;
    ",
    ),
    // 8: every table's last messages and what each seat read of them (JSON), kept
    // before any other screen shows them, as moves are. A correspondence game's state
    // held its unread messages and both read marks until now: they move here. And a
    // private table's invitation code, so that its game stays unlisted after a
    // restart (NULL for the games kept before, which can't tell: the store, once
    // migrated, gives each a code of its own, [`unlist_games_of_unknown_privacy`]).
    Migration::Sql(
        "
    ALTER TABLE live ADD COLUMN chat TEXT;
    ALTER TABLE live ADD COLUMN code TEXT;
    UPDATE live SET chat = json_object(
            'said', json(coalesce(corr ->> '$.said', '[]')),
            'last', coalesce(corr ->> '$.last', 0),
            'read', json(coalesce(corr ->> '$.read', '[0,0]')))
        WHERE corr IS NOT NULL AND json_valid(corr);
    ",
    ),
    // 9: whether a finished game was played as rated (its table was), rated or not:
    // one played so and not rated ended too soon (rating::ended_too_soon), and a
    // profile says so. The games kept before: a rated one was played as rated; the
    // others can't tell, and read as casual, as before.
    Migration::Sql(
        "
    ALTER TABLE finished ADD COLUMN played_rated INTEGER NOT NULL DEFAULT 0;
    UPDATE finished SET played_rated = rated;
    ",
    ),
    // 10: `live.code` where it is missing. Migration 8 was first written without it
    // (0b0249a, on a branch) and edited in place to add it (ad588fd): a store that
    // reached version 8 in between has no column of invitation codes, and every read
    // of the games in play failed on it, so the server did not start. Added here only
    // where it is missing (SQLite has no `ADD COLUMN IF NOT EXISTS`); the games of
    // such a store are not listed ([`unlist_games_of_unknown_privacy`]), as it kept
    // no sign of a private table.
    Migration::Code(add_codes_if_missing),
    // 11: the correspondence tables open, nobody sat at yet, and their owners. Not
    // brought back at a restart (a table nobody sat at is no game); their rows are
    // marked closed when the store opens, and each owner is told at their next login
    // that their table closed, then their rows go.
    Migration::Sql(
        "
    CREATE TABLE open_corr (
        table_id INTEGER NOT NULL,
        key TEXT NOT NULL,
        closed INTEGER NOT NULL DEFAULT 0  -- 1: the server restarted since
    ) STRICT;
    ",
    ),
    // 12: the vacation days used for a player that they have not been told of yet
    // (kept with the count, so a restart before their next login loses no notice;
    // told once, then taken off), and whether a player chose their palette: the
    // default one chosen is kept on a monochrome terminal, where a player who never
    // chose gets none. A palette kept before other than the default was chosen; a
    // kept `default` can't tell (any switch wrote it), and reads as never chosen, as
    // before.
    Migration::Sql(
        "
    ALTER TABLE players ADD COLUMN vacation_untold INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE prefs ADD COLUMN palette_chosen INTEGER NOT NULL DEFAULT 0;
    UPDATE prefs SET palette_chosen = 1 WHERE palette != 'default';
    ",
    ),
    // 13: the client address each game in play was opened from, so that a game
    // brought back at a restart (against the AI above all) still counts to its
    // address's cap (`--max-per-address`'s kin: 20 AI games an address). Forgotten
    // with the game: a game that ended keeps none. A game kept before has none, and
    // counts to the server's ceiling only, as before.
    Migration::Sql(
        "
    ALTER TABLE live ADD COLUMN opened_from TEXT;
    ",
    ),
    // 14: when each name was last logged in with (seconds since the Unix epoch, the
    // server's wall clock), so a name never used to play is released once unused for
    // `names::UNUSED_NAME_DAYS`. A name bound before has none, and counts from the
    // first sweep that finds it (the next start): nobody loses a name to the upgrade.
    Migration::Sql(
        "
    ALTER TABLE names ADD COLUMN seen INTEGER;
    ",
    ),
    // 15: how long the mover of a live clocked game in play had thought on the turn
    // under way (milliseconds), noted every few seconds while the server runs and
    // cleared by each keep (a move begins a new turn), so a restart charges it: the
    // thinking the screens showed being spent is not given back. NULL: none noted.
    Migration::Sql(
        "
    ALTER TABLE live ADD COLUMN thought INTEGER;
    ",
    ),
    // 16: a game that ended as abandoned was either left (a confirmed `q`) or won by
    // a claim (`w`) once its loser's link had dropped and the grace ran out: the
    // record's termination says `abandoned` for both, so `claimed` tells them apart.
    // `claim_untold`: its loser (a player with a key) was not told yet; told once at
    // their next login, then 0. The games kept before can't tell, and read as left,
    // as before; nobody is told of them.
    Migration::Sql(
        "
    ALTER TABLE finished ADD COLUMN claimed INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE finished ADD COLUMN claim_untold INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX finished_claims_untold ON finished (id) WHERE claim_untold = 1;
    ",
    ),
    // 17: a live game ended as the server started again, its mover's clock having
    // run out before the stop: nobody was at it, so both its players are told once
    // at their next login, as a claim's loser is (16). `restart_untold`: the seats
    // (1 Blue, 2 Yellow; players with a key) not told yet, each bit cleared once told.
    // The games kept before were told by their lobby's last line only, as before.
    Migration::Sql(
        "
    ALTER TABLE finished ADD COLUMN restart_untold INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX finished_restarts_untold ON finished (id) WHERE restart_untold > 0;
    ",
    ),
    // 18: each side's rating deviation before a rated game, as of its end (widened by
    // the time since their last rated game), beside the deviation after (2): a note
    // told after a restart says the rating before with its `?` (`your rating went
    // from 1500? to 1490? (-10)`), which only the deviation after could not give.
    // The games rated before keep none (NULL), and their notes say the rating after
    // only (`went to 1490? (-10)`), as before.
    Migration::Sql(
        "
    ALTER TABLE finished ADD COLUMN blue_deviation_before REAL;
    ALTER TABLE finished ADD COLUMN yellow_deviation_before REAL;
    ",
    ),
];

/// The first version that keeps a private table's invitation code (`live.code`).
pub(crate) const CODES_KEPT_FROM: i64 = 8;

/// The version that adds `live.code` to a store at [`CODES_KEPT_FROM`] without it.
pub(crate) const CODES_ADDED_AT: i64 = 10;

/// Whether the games in play have their invitation codes' column (`live.code`): a
/// store from before [`CODES_KEPT_FROM`] has not, nor one migrated to it by migration
/// 8 as first written (see [`CODES_ADDED_AT`]).
pub(crate) fn keeps_codes(conn: &Connection) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM pragma_table_info('live') WHERE name = 'code')",
        [],
        |row| row.get(0),
    )
}

/// Migration 10: adds `live.code` where it is missing.
fn add_codes_if_missing(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    if !keeps_codes(tx)? {
        tx.execute_batch("ALTER TABLE live ADD COLUMN code TEXT;")?;
    }
    Ok(())
}

/// Gives each game in play with no invitation code a new one that nobody is told, so
/// that it is not listed: for a store from before [`CODES_KEPT_FROM`] (and the games
/// it imported from an older data folder), or one without the column all the same
/// ([`CODES_ADDED_AT`]), which kept no sign of a private table. Its
/// private games would come back listed and findable (`f`), to anyone; which of its
/// games were private can't be told, so none is listed: the safe default. Their
/// players see them in their lobbies as ever, and nobody else does (a table shows its
/// code only while it is open, and these come back in play); a game that was public
/// stays unlisted until it ends (its rematches too).
pub(crate) fn unlist_games_of_unknown_privacy(tx: &Transaction<'_>) -> anyhow::Result<usize> {
    let ids: Vec<i64> = tx
        .prepare("SELECT table_id FROM live WHERE playing = 1 AND code IS NULL")?
        .query_map([], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for id in &ids {
        let code = super::super::talk::new_code().ok_or_else(|| {
            anyhow::anyhow!("no random source for the invitation code of table {id}")
        })?;
        tx.execute(
            "UPDATE live SET code = ?2 WHERE table_id = ?1",
            rusqlite::params![id, code],
        )?;
    }
    Ok(ids.len())
}

/// The schema version this program writes.
pub(crate) fn current() -> i64 {
    MIGRATIONS.len() as i64
}

/// The database's schema version.
pub(crate) fn version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.pragma_query_value(None, "user_version", |row| row.get(0))
}

/// Brings the database in `tx` from version `from` to the current one.
pub(crate) fn migrate(tx: &Transaction<'_>, from: i64) -> rusqlite::Result<()> {
    let from = usize::try_from(from).unwrap_or(0);
    for migration in MIGRATIONS.iter().skip(from) {
        migration.apply(tx)?;
    }
    tx.pragma_update(None, "user_version", current())?;
    Ok(())
}

/// Applies the first `to` migrations to the empty database in `tx`, and sets its
/// version to `to`: an older store, for the tests of what opening it does.
#[cfg(test)]
pub(crate) fn migrate_to(tx: &Transaction<'_>, to: usize) -> rusqlite::Result<()> {
    for migration in &MIGRATIONS[..to] {
        migration.apply(tx)?;
    }
    tx.pragma_update(None, "user_version", i64::try_from(to).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_version_applies_in_turn() {
        let mut conn = Connection::open_in_memory().unwrap();
        assert_eq!(version(&conn).unwrap(), 0);
        let tx = conn.transaction().unwrap();
        migrate(&tx, 0).unwrap();
        tx.commit().unwrap();
        assert_eq!(version(&conn).unwrap(), current());
        let guests: i64 = conn
            .query_row("SELECT value FROM meta WHERE name = 'guests'", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(guests, 0);
        assert!(keeps_codes(&conn).unwrap());
    }

    /// Migration 10 adds `live.code` to a version 8 without it, and passes by one
    /// with it: applied again, nothing fails.
    #[test]
    fn the_codes_column_is_added_only_where_it_is_missing() {
        let mut conn = Connection::open_in_memory().unwrap();
        let tx = conn.transaction().unwrap();
        migrate_to(&tx, 8).unwrap();
        tx.execute_batch("ALTER TABLE live DROP COLUMN code;")
            .unwrap();
        assert!(!keeps_codes(&tx).unwrap());
        migrate(&tx, 8).unwrap();
        assert!(keeps_codes(&tx).unwrap());
        MIGRATIONS[9].apply(&tx).unwrap();
        assert!(keeps_codes(&tx).unwrap());
        tx.commit().unwrap();
        assert_eq!(version(&conn).unwrap(), current());
    }
}
