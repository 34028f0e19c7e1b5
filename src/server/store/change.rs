//! The operator's changes to the store (`hijara serve release NAME`, `forget NAME`),
//! as data: carried out by the running server's writer when a server runs on the
//! folder ([`super::admin`]), or by the command itself, holding the folder's lock,
//! when none does. One function does the change and words the answer, so both ways
//! say the same.

use rusqlite::Connection;

use super::super::outside::safe_text;
use super::club;

/// A change an operator asks of the store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Change {
    /// Unbind a name (either case): anyone may take it at their next login, and its key
    /// may bind another.
    Release(String),
    /// Delete the profile of the player called so: their ratings, rating history,
    /// standings and leaderboard choice (their games and names stay).
    Forget(String),
}

/// What became of a change: done (`Ok`, what to print), refused (`Err`, why: no such
/// name). Either way, a line or two of text for the operator.
pub(crate) type Answer = Result<String, String>;

impl Change {
    /// The command's word for the change (`release`, `forget`).
    pub(crate) fn verb(&self) -> &'static str {
        match self {
            Change::Release(_) => "release",
            Change::Forget(_) => "forget",
        }
    }

    /// The name the change is about.
    pub(crate) fn name(&self) -> &str {
        match self {
            Change::Release(name) | Change::Forget(name) => name,
        }
    }

    /// The change named by `verb` about `name`; `None` for another word.
    pub(crate) fn parse(verb: &str, name: &str) -> Option<Change> {
        match verb {
            "release" => Some(Change::Release(name.to_owned())),
            "forget" => Some(Change::Forget(name.to_owned())),
            _ => None,
        }
    }
}

/// Carries out `change` on `conn` (inside the caller's transaction or savepoint, so
/// it lands whole or not at all): the outer `Err` is the store failing, the inner
/// [`Answer`] what the operator is told.
pub(crate) fn apply(conn: &Connection, change: &Change) -> rusqlite::Result<Answer> {
    let no_such = |name: &str| format!("no name {} is bound at this server", safe_text(name));
    match change {
        Change::Release(name) => Ok(if release_name(conn, name)? {
            Ok(format!("released {}\n", safe_text(name)))
        } else {
            Err(no_such(name))
        }),
        Change::Forget(name) => {
            let Some(key) = club::key_of_name(conn, name)? else {
                return Ok(Err(no_such(name)));
            };
            let ratings = club::forget(conn, &key)?;
            Ok(Ok(format!(
                "deleted the profile of {} ({}): {} and their history\n",
                safe_text(name),
                safe_text(&key),
                crate::strings::count(ratings as u64, "rating", "ratings")
            )))
        }
    }
}

/// Unbinds `name` (in any case, either Unicode spelling of its accents:
/// [`folded`](super::super::names::folded)): the key it was bound to may bind another,
/// and anyone may take it. Whether it was bound.
pub(crate) fn release_name(conn: &Connection, name: &str) -> rusqlite::Result<bool> {
    let folded = super::super::names::folded(name.trim());
    Ok(conn.execute(
        "DELETE FROM names WHERE folded = ?1",
        rusqlite::params![folded],
    )? > 0)
}
