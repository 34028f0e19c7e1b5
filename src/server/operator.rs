//! The operator's commands, beside a running server or not: `hijara serve names`,
//! `release NAME`, `forget NAME`, `colours`, `export DIR`, `backup FILE` and `check`.
//! The store has one writer: `release` and `forget` hand their change to a server
//! running on the folder (its admin socket; its writer makes the change), or, with
//! none running, make it themselves holding the folder's lock. The others only read
//! the database, through SQLite's own locking (with a busy timeout), so a running
//! server goes on; `export` and `backup` write only their own files, elsewhere.

use std::io::Write;
use std::path::Path;

use anyhow::Context;

use super::outside::safe_text;
use super::store::admin;
use super::store::change::{Change, apply};
use super::store::{
    FolderLock, backup as backup_to, bound_names, check as check_store, club, finished_records,
    lock_for_operator, open_for_operator,
};

/// The names bound at the server in `data_dir`: a line of column heads, then one a
/// line: name, key, when bound, last login (UTC; `not noted` where the store has
/// none); then how many names and keys. Each column is as wide as its widest cell,
/// in display columns.
pub fn names(data_dir: &Path) -> anyhow::Result<String> {
    let conn = open_for_operator(data_dir)?;
    let names = bound_names(&conn)?;
    let rows: Vec<[String; 4]> = names
        .iter()
        .map(|bound| {
            [
                safe_text(&bound.name),
                safe_text(&bound.key),
                safe_text(&bound.bound),
                bound.seen.map_or_else(
                    || crate::strings::serve::NO_LOGIN_NOTED.to_owned(),
                    last_login,
                ),
            ]
        })
        .collect();
    let mut out = String::new();
    if !rows.is_empty() {
        let heads = crate::strings::serve::NAMES_HEADS.map(str::to_owned);
        let mut widths = [0; 4];
        for row in std::iter::once(&heads).chain(&rows) {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(crate::text::width(cell));
            }
        }
        for row in std::iter::once(&heads).chain(&rows) {
            let cells: Vec<String> = row
                .iter()
                .zip(widths)
                .map(|(cell, width)| crate::text::pad(cell, width))
                .collect();
            out.push_str(cells.join("  ").trim_end());
            out.push('\n');
        }
    }
    let keys: std::collections::BTreeSet<&String> = names.iter().map(|n| &n.key).collect();
    out.push_str(&format!(
        "{}, {}\n",
        crate::strings::count(names.len() as u64, "name", "names"),
        crate::strings::count(keys.len() as u64, "key", "keys")
    ));
    Ok(out)
}

/// A last login kept in seconds since the Unix epoch, as the bound column says its
/// time (`2026-12-06T02:35:33Z`); a number past chrono's range (a store written by
/// hand) as the number.
fn last_login(seconds: i64) -> String {
    chrono::DateTime::from_timestamp(seconds, 0).map_or_else(
        || seconds.to_string(),
        |at| at.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
    )
}

/// Unbinds `name` at the server in `data_dir`: anyone may take it at their next
/// login, and its key may bind another. An error if no such name is bound.
pub fn release(data_dir: &Path, name: &str) -> anyhow::Result<String> {
    change(data_dir, Change::Release(name.to_owned()))
}

/// Deletes the profile of the player called `name` at the server in `data_dir`: their
/// ratings, rating history and standings, and their leaderboard choice. Their games
/// stay (they are their opponents' history too), as do their names. An error if no
/// such name is bound.
pub fn forget(data_dir: &Path, name: &str) -> anyhow::Result<String> {
    change(data_dir, Change::Forget(name.to_owned()))
}

/// Carries out `change` with one writer on the store: a server running on `data_dir`
/// does it (asked over its admin socket, [`admin`]); with none, this command does,
/// holding the folder's lock, so a server starting meanwhile refuses. Before, the
/// command wrote the database from beside a running server's writer. An error (the
/// exit status 1) when the change is refused (no such name) or nobody can make it (a
/// server that does not answer): nothing changed then.
fn change(data_dir: &Path, change: Change) -> anyhow::Result<String> {
    let answer = match lock_for_operator(data_dir)? {
        FolderLock::Taken(lock) => {
            let mut conn = open_for_operator(data_dir)?;
            let tx = conn.transaction()?;
            let answer = apply(&tx, &change)?;
            if answer.is_ok() {
                tx.commit()?;
            }
            drop(lock);
            answer
        }
        FolderLock::Held(holder) => {
            let server = holder.pid.map_or_else(
                || "a server".to_owned(),
                |pid| format!("the server (process {pid})"),
            );
            admin::ask(data_dir, &change).with_context(|| {
                format!(
                    "{server} runs on {} and did not take the change: nothing changed by \
                     this command",
                    data_dir.display()
                )
            })?
        }
    };
    answer.map_err(anyhow::Error::msg)
}

/// The colours question asked of the rated games at the server in `data_dir`: per
/// ruleset and speed, Blue's results, its mean score against the mean the ratings
/// expected, and the difference with its 95% interval. An interval clear of zero
/// over many games is the case for a colour term in the expected score
/// (docs/club.md, "Colours").
pub fn colours(data_dir: &Path) -> anyhow::Result<String> {
    let conn = open_for_operator(data_dir)?;
    let mut out = String::new();
    for board in super::club::Board::ALL {
        let c = super::club::colours(&club::colour_results(&conn, board)?);
        out.push_str(&crate::strings::club::colours_line(
            &super::standings::board_name(board),
            c.games,
            c.wdl,
            c.score,
            c.expected,
            c.excess,
        ));
        out.push('\n');
    }
    Ok(out)
}

/// Writes every finished game of the server in `data_dir` into `dir` (made if
/// missing) as a `.hij` record named by when it ended, never over a file; `hijara
/// games --dir DIR`, `replay`, `score` and `analyze` read them.
pub fn export(data_dir: &Path, dir: &Path) -> anyhow::Result<String> {
    export_with(data_dir, dir, |file, record| file.write_all(record))
}

/// [`export`], each record written into its file by `write` (a test's stands for a
/// full disk). Each is written to a hidden temporary file, flushed, and only then
/// named (never over a file): a write cut short leaves no file under a record's
/// name. Before, it left the record cut short as the game's file, which the next
/// export counted "already there" and left so.
fn export_with(
    data_dir: &Path,
    dir: &Path,
    write: impl Fn(&mut std::fs::File, &[u8]) -> std::io::Result<()>,
) -> anyhow::Result<String> {
    let conn = open_for_operator(data_dir)?;
    let games = finished_records(&conn)?;
    // Something not a folder in the folder's place is said (qa48: `export /dev/null`
    // said `cannot create /dev/null: File exists (os error 17)`).
    if let Some(what) = crate::session::what_is_at(dir).filter(|_| !dir.is_dir()) {
        anyhow::bail!(
            "cannot export into {}: it is {what}, not a folder",
            dir.display()
        );
    }
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let (mut written, mut there) = (0, 0);
    for (id, date, record) in &games {
        let path = dir.join(file_name(*id, date));
        if std::fs::symlink_metadata(&path).is_ok() {
            there += 1;
            continue;
        }
        let cannot = || format!("cannot write {}", path.display());
        let mut tmp = tempfile::Builder::new()
            .prefix(".hijara-")
            .suffix(".tmp")
            .tempfile_in(dir)
            .with_context(cannot)?;
        write(tmp.as_file_mut(), record.as_bytes())
            .and_then(|()| tmp.as_file().sync_all())
            .with_context(cannot)?;
        match tmp.persist_noclobber(&path) {
            Ok(_) => written += 1,
            Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => there += 1,
            Err(e) => return Err(e.error).with_context(cannot),
        }
    }
    // The new names on disk too.
    #[cfg(unix)]
    if written > 0 {
        std::fs::File::open(dir)
            .and_then(|folder| folder.sync_all())
            .with_context(|| format!("cannot flush {}", dir.display()))?;
    }
    let mut said = format!(
        "exported {} to {}",
        crate::strings::count(written as u64, "game", "games"),
        dir.display()
    );
    if there > 0 {
        said.push_str(&format!(" ({there} already there, left as they were)"));
    }
    said.push('\n');
    Ok(said)
}

/// `hijara-YYYYMMDD-HHMMSS-ID.hij`: when the game ended (the local time, as the
/// history names its files, so `hijara games` lists them newest first) and its number.
fn file_name(id: i64, date: &str) -> String {
    let when = chrono::DateTime::parse_from_rfc3339(date)
        .map(|d| d.with_timezone(&chrono::Local).naive_local())
        .unwrap_or_default();
    format!("hijara-{}-{id}.hij", when.format("%Y%m%d-%H%M%S"))
}

/// Runs SQLite's full integrity check on the database of the server in `data_dir`,
/// beside a running server too (`check_store`). An error naming the file when it
/// fails.
pub fn check(data_dir: &Path) -> anyhow::Result<String> {
    let (pages, version) = check_store(data_dir)?;
    Ok(format!(
        "{} passes SQLite's full integrity check ({pages} pages, schema {version})\n",
        data_dir.join(super::DB_FILE).display()
    ))
}

/// Copies the database of the server in `data_dir` into `file` (never over a file)
/// with SQLite's online backup, and checks the copy.
pub fn backup(data_dir: &Path, file: &Path) -> anyhow::Result<String> {
    let conn = open_for_operator(data_dir)?;
    backup_to(&conn, file)?;
    let size = std::fs::metadata(file).map_or(0, |m| m.len());
    Ok(format!("backed up to {} ({size} bytes)\n", file.display()))
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::sync::Arc;

    use super::super::store::Store;
    use super::super::table::GameTable;
    use super::super::who::who;
    use crate::rules::{Game, Player, Square};

    /// An export whose write is cut short (a full disk) fails, naming the file, and
    /// leaves no file under the game's name, so the next export, with room, writes the
    /// game whole. Failed before: the half record stayed as the game's file, and the
    /// next export left it so ("1 already there").
    #[test]
    fn an_export_cut_short_leaves_no_half_record_and_the_next_one_writes_it() {
        let dir = tempfile::tempdir().unwrap();
        let (store, _) =
            Store::open(dir.path(), Arc::new(|_: &str| {}), Box::new(|_, _| {})).unwrap();
        let mut table = GameTable::open(who("ann"), Player::Blue, Game::new(), None);
        let now = std::time::Instant::now();
        table.sit(who("bob"), now);
        table.take_keep();
        let game = Game::from_moves([Square::B2]).unwrap();
        table.take_moves((Player::Blue, table.epoch()), &game, now);
        table.request(Player::Yellow, &crate::ui::Request::Resign, now);
        assert!(store.writer().keep(1, table.take_keep().unwrap()));
        assert!(store.writer().flush());
        let out = dir.path().join("export");
        let error = super::export_with(dir.path(), &out, |file, record| {
            std::io::Write::write_all(file, &record[..record.len() / 2])?;
            Err(std::io::Error::from_raw_os_error(libc::ENOSPC))
        })
        .unwrap_err();
        let said = format!("{error:#}");
        assert!(
            said.contains("cannot write") && said.contains(".hij"),
            "{said}"
        );
        let left: Vec<_> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert!(left.is_empty(), "left behind: {left:?}");
        let said = super::export(dir.path(), &out).unwrap();
        assert!(said.contains("exported 1 game"), "{said}");
        let history = crate::session::History::read(&out).unwrap();
        assert_eq!(history.games().next().unwrap().moves, 1);
        drop(store);
    }

    /// An export into a place that is not a folder says what is there. Failed before
    /// (qa48): `cannot create /dev/null: File exists (os error 17)`.
    #[test]
    fn an_export_into_what_is_no_folder_says_what_is_there() {
        let dir = tempfile::tempdir().unwrap();
        let (store, _) =
            Store::open(dir.path(), Arc::new(|_: &str| {}), Box::new(|_, _| {})).unwrap();
        drop(store);
        let file = dir.path().join("notes.txt");
        std::fs::write(&file, "x").unwrap();
        for (place, what) in [
            (file.as_path(), "a file"),
            (Path::new("/dev/null"), "a device"),
        ] {
            let said = format!("{:#}", super::export(dir.path(), place).unwrap_err());
            assert_eq!(
                said,
                format!(
                    "cannot export into {}: it is {what}, not a folder",
                    place.display()
                )
            );
        }
    }

    /// `hijara serve names` shows each name's last login (the store's `names.seen`,
    /// kept since schema 14) under a line of column heads, `not noted` where there is
    /// none (a name bound before the server noted logins): before, a line gave the
    /// name, key and when bound only, with no heads. Columns are as wide as their
    /// widest cell in display columns (a wide name, `Zoë` of 3).
    #[test]
    fn the_names_list_has_heads_and_each_last_login() {
        let dir = tempfile::tempdir().unwrap();
        let (store, _) =
            Store::open(dir.path(), Arc::new(|_: &str| {}), Box::new(|_, _| {})).unwrap();
        for (name, key) in [("Zo\u{eb}", "SHA256:z"), ("\u{6f22}\u{5b57}", "SHA256:k")] {
            assert_eq!(store.claim_name(name, key), Ok(()));
        }
        drop(store);
        let conn = rusqlite::Connection::open(dir.path().join(super::super::DB_FILE)).unwrap();
        conn.execute_batch(
            "UPDATE names SET bound = '2026-11-01T10:00:00Z';
             UPDATE names SET seen = 1796472000 WHERE name = 'Zo\u{eb}';
             UPDATE names SET seen = NULL WHERE key = 'SHA256:k';",
        )
        .unwrap();
        drop(conn);
        assert_eq!(
            super::names(dir.path()).unwrap(),
            "name  key       bound                 last login\n\
             Zo\u{eb}   SHA256:z  2026-11-01T10:00:00Z  2026-12-05T12:00:00Z\n\
             \u{6f22}\u{5b57}  SHA256:k  2026-11-01T10:00:00Z  not noted\n\
             2 names, 2 keys\n"
        );
        assert_eq!(super::last_login(i64::MAX), i64::MAX.to_string());
    }
}
