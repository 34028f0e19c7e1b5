//! The database's schema, one version after another: `PRAGMA user_version` says which
//! of [`MIGRATIONS`] a database has had, and opening it applies the rest, each in the
//! transaction that also moves the version on. A later issue adds its tables as the
//! next migration here.

use rusqlite::{Connection, Transaction};

/// Each version's statements: the database at version `n` has had the first `n`.
pub(crate) const MIGRATIONS: &[&str] = &[
    // 1: names, switches, games in play, finished games.
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
];

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
    for statements in MIGRATIONS.iter().skip(from) {
        tx.execute_batch(statements)?;
    }
    tx.pragma_update(None, "user_version", current())?;
    Ok(())
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
    }
}
