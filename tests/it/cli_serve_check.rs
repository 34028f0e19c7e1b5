//! `hijara serve check`: SQLite's full integrity check of a server's database, with a
//! clear error naming the file and a non-zero exit when it fails. Beside a running
//! server it is tested in `serve_keeps`.

use std::path::Path;

use crate::common::hijara;

/// `hijara serve --data-dir DIR check`: its exit success and what it wrote.
fn check(dir: &Path) -> (bool, String, String) {
    let out = hijara()
        .args(["serve", "--data-dir"])
        .arg(dir)
        .arg("check")
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A database whose index disagrees with its table: SQLite's quick check (the
/// server's start) does not compare them, the full check does.
fn index_out_of_step(db: &Path) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute_batch(
        "CREATE TABLE t (a INTEGER, b INTEGER);
         CREATE INDEX t_a ON t (a);",
    )
    .unwrap();
    for i in 0..200 {
        conn.execute("INSERT INTO t (a, b) VALUES (?1, ?2)", [i, 1000 + i])
            .unwrap();
    }
    conn.execute_batch(
        "PRAGMA writable_schema = ON;
         UPDATE sqlite_schema SET sql = 'CREATE INDEX t_a ON t (b)' WHERE name = 't_a';",
    )
    .unwrap();
    drop(conn);
    let conn = rusqlite::Connection::open(db).unwrap();
    let quick: String = conn
        .query_row("PRAGMA quick_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(quick, "ok", "the quick check passes it");
}

#[test]
fn a_damaged_store_fails_the_check_with_its_file_named() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join(hijara::server::DB_FILE);
    index_out_of_step(&db);
    let (ok, out, err) = check(dir.path());
    assert!(!ok, "a failed check exits non-zero: {out}");
    assert!(err.contains(&db.display().to_string()), "{err}");
    assert!(err.contains("fails SQLite's integrity check"), "{err}");
    assert!(err.contains("t_a"), "the problem named: {err}");

    // Not a database at all; no database.
    std::fs::write(&db, vec![b'x'; 8192]).unwrap();
    let (ok, _, err) = check(dir.path());
    assert!(!ok);
    assert!(err.contains(&db.display().to_string()), "{err}");
    std::fs::remove_file(&db).unwrap();
    let (ok, _, err) = check(dir.path());
    assert!(!ok);
    assert!(err.contains("no server database in"), "{err}");
    assert!(!db.exists(), "the check makes no database");
}

/// QA (qa48): a folder named `hijara.db` in the data folder was said to be no
/// database at all (`no server database in D`): what is there is said.
#[test]
fn a_folder_for_the_database_is_said_to_be_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hijara.db");
    std::fs::create_dir(&db).unwrap();
    let (ok, out, err) = check(dir.path());
    assert!(!ok, "{out}");
    assert_eq!(
        err,
        format!(
            "hijara: {} is a folder, not a server database (hijara serve makes its hijara.db there as a file)\n",
            db.display()
        )
    );
}

/// QA (lines3): `serve --data-dir FILE check` (and the other operator commands) said
/// `no server database in FILE` of a file where the data folder should be; `hijara
/// serve` itself says it is not a folder, and so do they now.
#[test]
fn a_file_for_the_data_folder_is_said_to_be_one() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("data");
    std::fs::write(&file, "x").unwrap();
    let (ok, out, err) = check(&file);
    assert!(!ok, "{out}");
    assert_eq!(
        err,
        format!(
            "hijara: the data folder {} is not a folder (a file is there)\n",
            file.display()
        )
    );
    let out = hijara()
        .args(["serve", "--data-dir"])
        .arg(&file)
        .arg("names")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is not a folder (a file is there)"), "{err}");
}

/// QA (qa48): a `hijara.db` that is no SQLite database was said twice over, SQLite's
/// message and then its code with the message again: `cannot open DIR/hijara.db: file
/// is not a database: Error code 26: file is not a database`. Once now, exit 1.
#[test]
fn a_file_that_is_no_database_is_said_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join(hijara::server::DB_FILE);
    std::fs::write(
        &db,
        "not a database, but more than a header's worth of bytes ".repeat(20),
    )
    .unwrap();
    for command in ["names", "check", "colours"] {
        let out = hijara()
            .args(["serve", "--data-dir"])
            .arg(dir.path())
            .arg(command)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{command}: {err}");
        assert_eq!(
            err,
            format!(
                "hijara: cannot open {}: file is not a database\n",
                db.display()
            ),
            "{command}"
        );
    }
}

/// QA s31 (qa32): on a read-only folder `hijara serve names` said only `unable to open
/// database file`: SQLite's write-ahead log needs its `-shm` (and `-wal`) file beside
/// the database, and opens it at the first query. Each command on the database says
/// which folder and what to do, and exits 1. CI runs as root, for whom no folder is
/// read-only by its mode: a dangling link in the `-shm` file's place stops SQLite the
/// same way (it can neither make nor open the file), for root too (a folder there does
/// not: SQLite opens it to read and goes on). The read-only folder itself: checked by
/// hand on a read-only mount (s32).
#[cfg(unix)]
#[test]
fn a_database_sqlite_cannot_open_beside_is_said_with_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join(hijara::server::DB_FILE);
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch("PRAGMA journal_mode = WAL; CREATE TABLE t (a INTEGER);")
        .unwrap();
    drop(conn);
    let shm = dir.path().join(format!("{}-shm", hijara::server::DB_FILE));
    std::os::unix::fs::symlink(dir.path().join("gone").join("shm"), &shm).unwrap();
    let copy = dir.path().join("copy.db");
    let said = format!(
        "cannot open the club's database in {}: {} is not a file (SQLite keeps its -shm file there): move it away",
        dir.path().display(),
        shm.display()
    );
    for command in [
        &["names"][..],
        &["release", "bob"],
        &["backup", copy.to_str().unwrap()],
        &["check"],
    ] {
        let out = hijara()
            .args(["serve", "--data-dir"])
            .arg(dir.path())
            .args(command)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{command:?}: {err}");
        assert!(err.contains(&said), "{command:?}: {err}");
        assert!(out.stdout.is_empty(), "{command:?}");
    }
    assert!(!copy.exists());
}
