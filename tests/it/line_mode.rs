//! The line mode end to end through pipes (no pseudo-terminal): the real binary's
//! standard input written a line at a time and its standard output read as lines. A
//! whole game against the AI, a claim game, a review, a lesson, a puzzle and the start
//! screen; no byte of any of them is an escape sequence or another control character.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::binary;

/// How long any wait in these tests may take.
const PATIENCE: Duration = Duration::from_secs(30);

/// Every byte of `output` is printable text or one of the control characters
/// `allowed` (a line feed; at a terminal with no line discipline a carriage return;
/// the bell where it may ring): no escape sequence, no other control character.
pub fn assert_plain(output: &[u8], allowed: &[char]) {
    let text = String::from_utf8(output.to_vec()).expect("UTF-8 output");
    for (i, c) in text.chars().enumerate() {
        let fine = !c.is_control() || allowed.contains(&c);
        assert!(fine, "character {i} is {c:?} in:\n{}", text.escape_debug());
    }
}

/// `hijara ARGS` with piped standard input and output, in folders of its own.
struct Piped {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every byte written to standard output.
    raw: Arc<Mutex<Vec<u8>>>,
    /// The lines read so far.
    seen: Vec<String>,
    home: tempfile::TempDir,
}

impl Piped {
    /// Starts `hijara ARGS`, no `--plain`: the pipes alone turn the line mode on.
    fn start(args: &[&str]) -> Piped {
        let home = tempfile::tempdir().unwrap();
        Piped::start_in(args, home)
    }

    /// [`Piped::start`] with the review's budget at 20,000 nodes a position (the
    /// `review_nodes` preference, in the config folder it reads): the same values at
    /// any load, and a whole game reviewed in a few seconds instead of 400 ms a
    /// position (the budget `e2e_review` gives, which proves move 53 a blunder).
    fn start_quick_review(args: &[&str]) -> Piped {
        let home = tempfile::tempdir().unwrap();
        let folder = home.path().join("xdg-config").join("hijara");
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("config.toml"), "review_nodes = 20000\n").unwrap();
        Piped::start_in(args, home)
    }

    fn start_in(args: &[&str], home: tempfile::TempDir) -> Piped {
        let data = home.path().join("data");
        Piped::start_with_data(args, home, &data)
    }

    /// [`Piped::start`] on the data folder `data` (another program's), its own home.
    fn start_sharing(args: &[&str], data: &Path) -> Piped {
        Piped::start_with_data(args, tempfile::tempdir().unwrap(), data)
    }

    fn start_with_data(args: &[&str], home: tempfile::TempDir, data: &Path) -> Piped {
        let dir = home.path();
        let mut child = Command::new(binary())
            .args(args)
            .current_dir(dir)
            .env("HOME", dir)
            .env("HIJARA_DATA_DIR", data)
            .env("XDG_DATA_HOME", dir.join("xdg-data"))
            .env("XDG_CONFIG_HOME", dir.join("xdg-config"))
            .env("TERM", "xterm-256color")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let raw = Arc::new(Mutex::new(Vec::new()));
        let (tx, lines) = channel();
        let kept = Arc::clone(&raw);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(TeeReader {
                inner: stdout,
                kept,
            });
            let mut line = String::new();
            while reader.read_line(&mut line).is_ok_and(|n| n > 0) {
                // The bell, where it rings, is no part of the line's words.
                let _ = tx.send(line.trim_end_matches('\n').replace('\x07', ""));
                line.clear();
            }
        });
        Piped {
            stdin: child.stdin.take(),
            child,
            lines,
            raw,
            seen: Vec::new(),
            home,
        }
    }

    /// Writes one line to the program.
    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("standard input open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Reads lines until one contains `text`; returns the lines read, that one last.
    fn wait_for(&mut self, text: &str) -> Vec<String> {
        let start = Instant::now();
        let mut read = Vec::new();
        loop {
            let left = PATIENCE.saturating_sub(start.elapsed());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    let found = line.contains(text);
                    read.push(line);
                    if found {
                        return read;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!(
                        "no line with {text:?} in {PATIENCE:?}; read:\n{}",
                        self.seen.join("\n")
                    )
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!(
                        "the output ended with no {text:?}; read:\n{}",
                        self.seen.join("\n")
                    )
                }
            }
        }
    }

    /// Closes standard input and waits for the program to end, which it must do with
    /// success; every line it wrote, and its raw output, checked to be plain.
    #[track_caller]
    fn finish(self) -> Vec<String> {
        self.finish_with(0)
    }

    /// [`Piped::finish`], the program's exit code `code` (s40: 1 after a farewell
    /// saying the game was NOT saved).
    fn finish_with(mut self, code: i32) -> Vec<String> {
        drop(self.stdin.take());
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(start.elapsed() < PATIENCE, "the program did not end");
            std::thread::sleep(Duration::from_millis(20));
        };
        // The reader thread ends with the output.
        while let Ok(line) = self.lines.recv_timeout(PATIENCE) {
            self.seen.push(line);
        }
        // The bell rings when a move makes it yours (the bell preference on).
        assert_plain(&self.raw.lock().unwrap(), &['\n', '\x07']);
        assert_eq!(status.code(), Some(code), "{status}");
        std::mem::take(&mut self.seen)
    }
}

impl Drop for Piped {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Keeps a copy of every byte read.
struct TeeReader<R> {
    inner: R,
    kept: Arc<Mutex<Vec<u8>>>,
}

impl<R: Read> Read for TeeReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.kept.lock().unwrap().extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

/// A home folder for one test whose data folder (`data`, returned) holds `record` as
/// the autosave.
fn home_with_autosave(record: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("autosave.hij"), record).unwrap();
    (home, data)
}

/// Some line of `lines` starts with `start`.
#[track_caller]
fn assert_a_line_starts(lines: &[String], start: &str) {
    assert!(
        lines.iter().any(|l| l.starts_with(start)),
        "no line starts with {start:?}: {lines:?}"
    );
}

/// No line is over 120 characters but the board's rows and the list of moves.
fn assert_short(lines: &[String]) {
    for line in lines
        .iter()
        .filter(|l| !l.starts_with("Row ") && !l.starts_with("Moves "))
    {
        assert!(
            line.chars().count() <= 120,
            "{} characters: {line}",
            line.chars().count()
        );
    }
}

/// Whether `line` says a stone placed (`Blue b3, section 2...`), numbered in a replay or not.
fn is_move(line: &str) -> bool {
    let line = line
        .split_once(": ")
        .filter(|(head, _)| head.starts_with("Move "))
        .map_or(line, |(_, rest)| rest);
    let mut words = line.split_whitespace();
    matches!(words.next(), Some("Blue" | "Yellow"))
        && words
            .next()
            .is_some_and(|w| w.len() == 3 && w.ends_with(','))
        && words.next() == Some("section")
}

/// A whole game against the AI, typed ahead all at once: each square four times in
/// turn, so every line either plays or finds its square full. Every move is one
/// line, and no line but the board's is over 120 characters.
#[test]
fn a_whole_game_against_the_ai_through_a_pipe() {
    let mut s = Piped::start(&["play", "--ai", "easy", "--seed", "5", "--no-history"]);
    s.wait_for("Your move, Blue.");
    let mut script = vec!["board".to_owned(), "score".to_owned()];
    for square in ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"]
        .iter()
        .chain(&["a3", "b3", "c3", "d3", "a4", "b4", "c4", "d4"])
    {
        script.extend(std::iter::repeat_n((*square).to_owned(), 4));
    }
    // A square once the game is over is refused in commands.
    script.extend(["moves", "last", "a1"].map(str::to_owned));
    for line in &script {
        s.send(line);
    }
    s.wait_for("Game over:");
    let over = s.wait_for("The game is over");
    assert!(over.last().unwrap().contains("review"), "{over:?}");
    // The review's heading names it once: it used to read "Replay of Review of ...".
    s.send("review");
    let heading = s.wait_for("Review of the game just played: Blue");
    assert!(
        !heading.last().unwrap().contains("Replay of"),
        "{heading:?}"
    );
    let lines = s.finish();
    for line in &lines {
        assert_commands(line);
    }
    let moves = lines.iter().filter(|l| is_move(l)).count();
    assert_eq!(
        moves,
        64 + 1,
        "each move a line, and `last` once more:\n{}",
        lines.join("\n")
    );
    assert!(lines[0].starts_with("Hijara: Blue, human, against Yellow, easy AI."));
    assert!(
        lines
            .iter()
            .any(|l| l == "Row 1: a1 empty, b1 empty, c1 empty, d1 empty.")
    );
    assert_a_line_starts(&lines, "Moves 1 to 16: ");
    assert_short(&lines);
    // The AI thinks, then answers, in the same turn's lines.
    assert!(
        lines
            .iter()
            .any(|l| l.ends_with("Yellow (easy AI) thinking."))
    );
}

/// A claim game between two players: a claim awarded, one forfeited by the next
/// stone, a wrong one; undo; the question to quit answered.
#[test]
fn a_claim_game_through_a_pipe() {
    let mut s = Piped::start(&["play", "--claim", "--no-history"]);
    s.wait_for("Rules: claims.");
    // Blue fills column a's first sections: a4 completes it (10).
    for square in ["a1", "b1", "a2", "b2", "a3", "b3", "a4"] {
        s.send(square);
    }
    let placed = s.wait_for("Blue a4, section 1.");
    // A person's stone says nothing of its points until they are claimed.
    assert!(!placed.last().unwrap().contains("+10"), "{placed:?}");
    assert!(
        placed.last().unwrap().contains("Blue may still claim"),
        "{placed:?}"
    );
    s.send("claim 10");
    s.wait_for("Blue claims 10 for a4: column a same number 1s (10). Blue 10, Yellow 0.");
    // Yellow's b4 completes column b, and goes unclaimed: Blue's c1 forfeits it.
    s.send("b4");
    s.wait_for("Yellow b4, section 1.");
    s.send("c1");
    s.wait_for("Yellow's b4 went unclaimed, 10 forfeited: column b all 1s.");
    s.wait_for("Blue c1, section 1. Blue 10, Yellow 0. Your move, Yellow; Blue may still claim.");
    s.send("+5");
    s.wait_for("Wrong claim: Blue's c1 made no points, not 5");
    s.send("undo");
    s.wait_for("Took back 1 move");
    s.send("quit");
    // The command in words: a screen reader may say the full screen's backticks.
    // The undo's autosave may still be on its way to the disk (s39: the question then
    // says it is being autosaved, never kept before it is).
    let asked = s.wait_for("Quit the game in progress?");
    let asked = asked.last().expect("the line waited for");
    assert!(
        asked.contains("It is kept: the command hijara resume continues it.")
            || asked.contains("It is being autosaved: quitting waits for it."),
        "{asked}"
    );
    s.send("yes");
    s.wait_for("The game is kept");
    let lines = s.finish();
    for line in &lines {
        assert_commands(line);
    }
    // The autosave's path may be long: every other line is short.
    let lines: Vec<String> = lines
        .into_iter()
        .filter(|l| !l.starts_with("The game is kept"))
        .collect();
    assert_short(&lines);
}

/// Against the AI in a claim game, the AI waits for the person's claim: what the
/// line mode says then names its commands (`claim N`, `go`), not the full screen's
/// keys (`+`, Enter), even when a square is typed too soon.
#[test]
fn the_ai_waits_for_a_claim_in_line_commands() {
    let args = [
        "play",
        "--claim",
        "--ai",
        "random",
        "--seed",
        "3",
        "--no-history",
    ];
    let mut s = Piped::start(&args);
    s.wait_for("Your move, Blue.");
    s.send("a1");
    let mut said = s.wait_for("Yellow waits");
    let waits = said.last().unwrap().clone();
    assert!(waits.contains("claim N"), "{waits}");
    s.send("b1");
    said.extend(s.wait_for("The AI moves next"));
    let refused = said.last().unwrap().clone();
    assert!(refused.contains("go lets it play"), "{refused}");
    assert!(refused.contains("claim N"), "{refused}");
    for line in &said {
        assert!(
            !line.contains("Enter") && !line.contains("+ points"),
            "{line}"
        );
    }
    s.send("go");
    s.wait_for("Your move, Blue.");
    s.finish();
}

/// qa29 (left open since s30): against the AI in a claim game, a claim was followed
/// by `go` before the AI played, two commands where the claim had settled the stone
/// (one try). A claim now lets the AI play on, said after the claim's line.
#[test]
fn a_claim_lets_the_waiting_ai_play_on() {
    let args = [
        "play",
        "--claim",
        "--ai",
        "random",
        "--seed",
        "3",
        "--no-history",
    ];
    let mut s = Piped::start(&args);
    s.wait_for("Your move, Blue.");
    s.send("a1");
    s.wait_for("Yellow waits");
    s.send("claim 5");
    s.send("moves");
    let said = s.wait_for("Moves 1 to ");
    let wrong = said.iter().position(|l| l.contains("Wrong claim"));
    let moved = said
        .iter()
        .position(|l| l.starts_with("Yellow ") && l.contains(", section "));
    assert!(
        matches!((wrong, moved), (Some(w), Some(m)) if w < m),
        "the claim, then the AI's move: {said:?}"
    );
    assert!(
        said.last().unwrap().starts_with("Moves 1 to 2: a1 "),
        "{said:?}"
    );
    // Nothing asks for the `go` that follows by itself.
    assert!(
        !said.iter().any(|l| l.contains("go lets it play")),
        "{said:?}"
    );
    s.finish();
}

/// `go` lets the AI play on after a claim; where nothing waits for it (a person's
/// turn, a hot-seat game) it says so and places no stone (it typed Enter, which
/// placed one on the cursor's square).
#[test]
fn go_with_nothing_waiting_places_no_stone() {
    for args in [
        &[
            "play",
            "--claim",
            "--ai",
            "random",
            "--seed",
            "3",
            "--no-history",
        ][..],
        &["play", "--no-history"],
    ] {
        let mut s = Piped::start(args);
        s.wait_for("Your move, Blue.");
        s.send("go");
        s.send("moves");
        let said = s.wait_for("No move yet.");
        assert!(!said.iter().any(|l| is_move(l)), "{args:?}: {said:?}");
        assert!(
            said.iter().any(|l| l.contains("Nothing waits")),
            "{args:?}: {said:?}"
        );
        s.finish();
    }
}

/// QA (access): `say` in a local game, where no one hears it, typed its text as the
/// full screen's keys: `say hello` moved the cursor and its Enter placed a stone,
/// `say send` saved the game too. Now it says it does nothing here and types nothing.
#[test]
fn say_in_a_local_game_types_no_keys() {
    let mut s = Piped::start(&["play", "--no-history"]);
    s.wait_for("Your move, Blue.");
    s.send("say hello");
    s.send("say send");
    s.send("moves");
    let said = s.wait_for("No move yet.");
    assert!(!said.iter().any(|l| is_move(l)), "{said:?}");
    assert!(!said.iter().any(|l| l.contains("Saved")), "{said:?}");
    assert_eq!(
        said.iter()
            .filter(|l| l.as_str() == "The command say does nothing here: help lists the commands.")
            .count(),
        2,
        "{said:?}"
    );
    s.finish();
}

/// `claim N` where no claim can open (a game without claims, a claim game before its
/// first stone, a lesson with no stone to claim) is refused and places no stone: it
/// used to type `+`, the digits and Enter, and the Enter alone placed a stone on the
/// cursor's square (and solved lesson 1 on a1). A claim of more than 3 digits is
/// refused whole, not cut to its first 3.
#[test]
fn a_claim_that_cannot_open_places_no_stone() {
    for args in [
        &["play", "--no-history"][..],
        &["play", "--claim", "--no-history"],
    ] {
        let mut s = Piped::start(args);
        s.wait_for("Your move, Blue.");
        s.send("claim 20");
        s.send("moves");
        let said = s.wait_for("No move yet.");
        assert!(!said.iter().any(|l| is_move(l)), "{args:?}: {said:?}");
        assert!(
            said.iter().any(|l| l.starts_with("No claim:")),
            "{args:?}: {said:?}"
        );
        s.finish();
    }
    let mut s = Piped::start(&["play", "--claim", "--no-history"]);
    s.wait_for("Your move, Blue.");
    s.send("b2");
    s.wait_for("Blue may still claim.");
    s.send("claim 2000");
    let said = s.wait_for("at most 3 digits");
    assert!(!said.iter().any(|l| l.contains("Wrong claim")), "{said:?}");
    s.send("moves");
    s.wait_for("Moves 1 to 1: b2.");
    s.finish();

    let mut s = Piped::start(&["learn"]);
    s.wait_for("Blue to move. Place a stone on a section 3.");
    s.send("claim 20");
    s.send("board");
    let said = s.wait_for("Row 1:");
    assert!(!said.iter().any(|l| l.contains("Well done")), "{said:?}");
    s.wait_for("Row 4:");
    let lines = s.finish();
    assert!(
        lines.last().unwrap().starts_with("Lessons done: 0 of 10."),
        "{lines:?}"
    );
}
/// An overlong line that is no command is quoted back cut short, as the engine
/// protocol quotes a word: a pasted 5,000-character line was read out whole.
#[test]
fn an_overlong_unknown_line_is_quoted_short() {
    let mut s = Piped::start(&["play", "--no-history"]);
    s.wait_for("Your move, Blue.");
    s.send(&"x".repeat(5000));
    let said = s.wait_for("Unknown command");
    assert_short(&said);
    s.finish();
}

/// A command without what it needs, or with something else, says what it needs and
/// how to type it, and plays nothing.
#[test]
fn a_command_short_of_its_argument_says_what_it_needs() {
    let mut s = Piped::start(&["play", "--no-history"]);
    s.wait_for("Your move, Blue.");
    s.send("square e9");
    s.wait_for("square needs a square (a1 to d4): type square b3.");
    s.send("moves");
    s.wait_for("No move yet.");
    s.finish();
}

/// A record's marks and comments are read with the move they follow, as the full
/// screen shows them on its message line (the line mode used to leave them out).
#[test]
fn a_replay_reads_a_move_s_mark_and_comments() {
    let home = tempfile::tempdir().unwrap();
    let record = home.path().join("notes.hij");
    std::fs::write(&record, "{Ann's game} 1. a1?! {Ann's idea} b2 *\n").unwrap();
    let mut s = Piped::start_in(&["replay", record.to_str().unwrap()], home);
    s.wait_for("The start:");
    s.send("next");
    let said = s.wait_for("Move 1 of 2:");
    assert!(said.last().unwrap().contains("?! {Ann's idea}"), "{said:?}");
    s.send("next");
    let said = s.wait_for("Move 2 of 2:");
    assert!(!said.last().unwrap().contains('{'), "{said:?}");
    s.finish();
}

/// QA (learn3): a record's name of 500 columns was read out whole in the replay's
/// first line; it is cut to 64 columns as a game's names are, controls escaped.
#[test]
fn a_replay_s_heading_cuts_a_record_s_long_name() {
    let home = tempfile::tempdir().unwrap();
    let record = home.path().join("long.hij");
    let name = format!("Evil\u{1b}[31m{}", "W".repeat(500));
    std::fs::write(
        &record,
        format!("[Blue \"{name}\"]\n[Yellow \"Ann\"]\n\n1. a1 b2 *\n"),
    )
    .unwrap();
    let mut s = Piped::start_in(&["replay", record.to_str().unwrap()], home);
    let said = s.wait_for("The start:");
    let heading = said.iter().find(|l| l.contains("Blue Evil")).unwrap();
    assert!(
        heading.contains("\\u{1b}") && !heading.contains('\u{1b}'),
        "{heading}"
    );
    assert!(heading.contains("…, Yellow Ann,"), "{heading}");
    assert!(!heading.contains(&"W".repeat(100)), "{heading}");
    s.finish();
}

/// QA (qa helper): `go 99999999999` answered `No move 999`, the number cut to the
/// three digits a jump takes; the refusal now quotes the number typed.
#[test]
fn a_jump_past_the_record_quotes_the_number_typed() {
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/blunder.hij");
    let mut s = Piped::start(&["replay", record]);
    s.wait_for("The start: the empty board, 64 moves to come.");
    s.send("go 99999999999");
    s.wait_for("No move 99999999999: the record has 64 moves (go 0 is the start).");
    s.send("go 100");
    s.wait_for("No move 100: the record has 64 moves (go 0 is the start).");
    s.send("go 64");
    s.wait_for("Move 64 of 64:");
    s.finish();
}

/// QA: a claim game's replay said `Game over: draw` at its last move (the board's full
/// totals, every point but the last stone's forfeited), not the points claimed.
#[test]
fn a_claim_game_s_replay_ends_on_the_points_claimed() {
    let home = tempfile::tempdir().unwrap();
    let mut moves = String::new();
    for square in [
        "a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "d3",
    ] {
        moves.push_str(&format!("{square} {square} {square} {square} "));
    }
    moves.push_str("a4 a4 a4 a4 b4 b4 b4 b4 c4 c4 c4 c4 d4 d4 d4 d4+30 0-1");
    let record = home.path().join("claimed.hij");
    std::fs::write(&record, format!("[Claim \"on\"]\n\n{moves}\n")).unwrap();
    let mut s = Piped::start_in(&["replay", record.to_str().unwrap()], home);
    s.wait_for("The start:");
    s.send("end");
    let end = s.wait_for("Move 64 of 64:");
    let last = end.last().unwrap();
    assert!(last.contains("Blue 0, Yellow 30"), "{last}");
    assert!(last.ends_with("Game over: Yellow wins."), "{last}");
    // `score` there says the game over, not a side to move (`Blue to move`).
    s.send("score");
    let score = s.wait_for("Blue 0, Yellow 30.");
    assert_eq!(
        score.last().unwrap(),
        "Blue 0, Yellow 30. Game over: Yellow wins."
    );
    // Before the end, it says whose move it was.
    s.send("back");
    s.wait_for("Move 63 of 64:");
    s.send("score");
    s.wait_for("Yellow to move.");
}

/// The replay viewer: steps, a jump, the board read at a move, the verdict asked at
/// the start, and playing on from a move.
#[test]
fn a_review_through_a_pipe() {
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/blunder.hij");
    let mut s = Piped::start_quick_review(&["replay", record]);
    s.wait_for("blunder.hij: Blue medium, Yellow medium, 64 moves.");
    s.wait_for("The start: the empty board, 64 moves to come.");
    s.send("why");
    s.wait_for("No move shown yet");
    s.send("next");
    s.wait_for("Move 1 of 64: Blue d1, section 1. Blue 0, Yellow 0.");
    s.send("go 53");
    s.wait_for("Move 53 of 64: Blue d1, section 4.");
    // The verdict waits for the engine: the next line is taken after it.
    s.send("why");
    let why = s.wait_for("Move 53 Blue d1");
    // In words, not the full screen's symbols (`· d1 ~+6 · best c3 ~+15`, the mark).
    let why = why.last().unwrap();
    assert!(
        !why.contains(['·', '~', '?', '!']) && why.contains("; best "),
        "{why}"
    );
    // The values are the mover's and say so, as the full screen's `for Blue` does
    // (s30: `best b2, about -39, a loss` named no side).
    assert!(why.ends_with(" for Blue."), "{why}");
    s.send("row 1");
    s.wait_for("Row 1: ");
    s.send("back");
    s.wait_for("Move 52 of 64:");
    s.send("end");
    let end = s.wait_for("Move 64 of 64:");
    assert!(
        end.last().unwrap().ends_with("Game over: Yellow wins."),
        "{end:?}"
    );
    s.send("go 60");
    s.send("play");
    let asked = s.wait_for("Play on from move 60? The 4 later moves are dropped");
    assert_commands(asked.last().unwrap());
    // The move is said once, by `go 60`: `play` is answered by its question alone.
    let said = asked.iter().filter(|l| l.starts_with("Move 60 of 64:"));
    assert_eq!(said.count(), 1, "{asked:?}");
    s.send("y");
    s.wait_for("60 moves played, the last ");
    s.send("quit");
    s.send("y");
    let lines = s.finish();
    assert_a_line_starts(&lines, "The game is kept");
}

/// QA (s15 lines): `next` at the replay's last move said that move again, as if it
/// were the next, and `back` at the start said the start again: each says there is
/// no move that way, and the move shown stays.
#[test]
fn a_step_past_either_end_of_a_replay_says_there_is_none() {
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/blunder.hij");
    let mut s = Piped::start(&["replay", record]);
    s.wait_for("The start: the empty board, 64 moves to come.");
    s.send("back");
    let back = s.wait_for("No move before the start");
    assert_eq!(
        back.last().unwrap(),
        "No move before the start: next steps forward, end goes to the last move."
    );
    s.send("end");
    s.wait_for("Move 64 of 64:");
    for line in ["next", "ten"] {
        s.send(line);
        let next = s.wait_for("No more moves");
        assert_eq!(
            next,
            ["No more moves: move 64 of 64 is the last; back steps back, start goes to the start."],
            "{line}"
        );
    }
    s.send("back");
    s.wait_for("Move 63 of 64:");
    // The question to play on still takes its answers.
    s.send("play");
    s.wait_for("Play on from move 63?");
    s.send("no");
    s.wait_for("Move 63 of 64:");
    s.send("play");
    s.wait_for("Play on from move 63?");
    s.send("yes");
    s.wait_for("63 moves played, the last ");
    s.send("quit");
    s.send("yes");
    s.finish();
}

/// Playing on from a record with names says them, as the full screen's ladders show
/// them: the people keep the record's names, an escape in one shown as text.
#[test]
fn playing_on_from_a_named_record_says_the_names() {
    let home = tempfile::tempdir().unwrap();
    let record = home.path().join("named.hij");
    std::fs::write(
        &record,
        "[Blue \"Annabel\"]\n[Yellow \"Bert\u{1b}[2J\"]\n[YellowType \"human\"]\n1. a2 d1 *\n",
    )
    .unwrap();
    let record = record.to_str().unwrap().to_owned();
    let mut s = Piped::start_in(&["replay", &record, "--no-history"], home);
    s.wait_for("The start:");
    s.send("next");
    s.wait_for("Move 1 of 2:");
    s.send("play");
    s.wait_for("Play on from move 1?");
    s.send("y");
    let heading = s.wait_for("Hijara: Blue");
    let heading = heading.last().unwrap();
    assert!(
        heading.contains("Hijara: Blue, Annabel, against Yellow, Bert\\u{1b}[2J."),
        "{heading}"
    );
    s.send("quit");
    s.send("y");
    // Every byte plain: the escape reached the output as text only.
    let lines = s.finish();
    assert_a_line_starts(&lines, "The game is kept");
}

/// The deep review in words: started with its count, stopped with what it did,
/// each naming the command, not a key.
#[test]
fn the_deep_review_through_a_pipe() {
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/blunder.hij");
    let mut s = Piped::start(&["replay", record]);
    s.wait_for("The start: the empty board, 64 moves to come.");
    s.send("deep");
    let started = s.wait_for("Deep review of 65 positions started");
    assert!(
        started
            .last()
            .unwrap()
            .contains("Type deep again to stop it."),
        "{started:?}"
    );
    s.send("deep");
    let stopped = s.wait_for("Deep review stopped after");
    assert!(
        stopped.last().unwrap().contains("Type deep to go on"),
        "{stopped:?}"
    );
    s.send("quit");
    s.finish();
}

/// QA (lines): `clock` said `Blue 4:32, Yellow 5:00`, which a screen reader may
/// read as times of day; it says the time left in words. QA (cli23): the first line
/// said `--clock 5+3.5` as `plus 3 seconds a move`.
#[test]
fn the_clocks_are_said_in_words() {
    let mut s = Piped::start(&["play", "--plain", "--clock", "5+3.5"]);
    s.wait_for("Clocks 5 minutes each, plus 3.5 seconds a move.");
    s.wait_for("Your move, Blue.");
    s.send("clock");
    // Blue's clock may have run a second already; Yellow's has not.
    s.wait_for("Yellow 5 minutes; Blue's clock runs.");
    s.send("quit");
    s.finish();
}

/// The first lesson: the board read, a wrong try, the right one, the next lesson.
#[test]
fn a_lesson_through_a_pipe() {
    let mut s = Piped::start(&["learn"]);
    s.wait_for("Lesson 1 of 10: The board and the lowest open section.");
    s.wait_for("Blue to move. Place a stone on a section 3.");
    s.send("board");
    s.wait_for("Row 1: a1 Blue Yellow, b1 empty, c1 empty, d1 empty.");
    s.send("c3");
    s.wait_for("Not yet:");
    s.send("a1");
    s.wait_for("Well done!");
    s.send("next");
    s.wait_for("Lesson 2 of 10:");
    let lines = s.finish();
    assert!(
        lines.last().unwrap().starts_with("Lessons done: 1 of 10."),
        "{lines:?}"
    );
}

/// qa37: `hijara learn`, `p` (the puzzles, from the lessons' menu), `q` quit the
/// program, one key away from losing the lessons. The puzzles' `quit` goes back to the
/// menu (their help says so), and the menu's own `quit` leaves.
#[test]
fn the_puzzles_the_lessons_open_go_back_to_them() {
    let mut s = Piped::start(&["learn"]);
    s.wait_for("Lesson 1 of 10:");
    s.send("menu");
    s.wait_for("The lessons. Type a lesson's number to open it:");
    s.send("puzzles");
    s.wait_for("Puzzle p");
    s.send("help");
    s.wait_for("quit (or q): back to the lessons.");
    s.send("quit");
    s.wait_for("The lessons. Type a lesson's number to open it:");
    s.send("quit");
    let lines = s.finish();
    assert!(
        lines.last().unwrap().starts_with("Lessons done: 0 of 10."),
        "{lines:?}"
    );
}

/// s19: the lessons menu had no `back` (it said `back does nothing here`), where the
/// full screen's Esc goes back to the lesson it came from. `back` goes back, and the
/// lesson is read again as it stands.
#[test]
fn back_leaves_the_lessons_menu_for_the_lesson() {
    let mut s = Piped::start(&["learn"]);
    s.wait_for("Lesson 1 of 10: The board and the lowest open section.");
    s.send("c3");
    s.wait_for("Not yet:");
    s.send("menu");
    s.wait_for("The lessons. Type a lesson's number to open it:");
    s.send("back");
    let said = s.wait_for("Lesson 1 of 10: The board and the lowest open section.");
    assert!(!said.iter().any(|l| l.contains("does nothing")), "{said:?}");
    s.wait_for("Blue to move. Place a stone on a section 3.");
    s.send("a1");
    s.wait_for("Well done!");
    s.send("quit");
    let lines = s.finish();
    assert!(
        lines.last().unwrap().starts_with("Lessons done: 1 of 10."),
        "{lines:?}"
    );
}

/// QA (access): a blind player had no way to hear which squares are open but to read
/// the whole board and count stones; `legal` names them, with the section each takes,
/// in a lesson, a game and its end, as a blind mode's legal moves do.
#[test]
fn legal_names_the_open_squares() {
    let mut s = Piped::start(&["learn"]);
    s.wait_for("Lesson 1 of 10: The board and the lowest open section.");
    s.send("legal");
    let said = s.wait_for("Legal moves");
    assert_eq!(
        said.last().unwrap(),
        "Legal moves, 16: a1 section 3, b1 section 1, c1 section 1, d1 section 1, \
         a2 section 1, b2 section 3, c2 section 1, d2 section 1, a3 section 1, \
         b3 section 1, c3 section 1, d3 section 1, a4 section 1, b4 section 1, \
         c4 section 1, d4 section 1."
    );
    s.send("help");
    s.wait_for("legal: the squares open to a stone");
    s.send("quit");
    s.finish();

    let mut s = Piped::start(&["play", "--no-history"]);
    s.wait_for("Your move, Blue.");
    s.send("b2");
    s.send("resign");
    s.send("yes");
    s.wait_for("Yellow resigned");
    s.send("legal");
    s.wait_for("No legal move: the game is over.");
    s.finish();
}

/// The claim lesson: what it says once the stone scored, and to a square typed
/// before the claim, names the line mode's command (`claim N`), not the full
/// screen's keys (`+`, Enter, Esc); the claim typed then finishes it.
#[test]
fn the_claim_lesson_names_the_claim_command() {
    let mut s = Piped::start(&["learn"]);
    s.wait_for("Lesson 1 of 10:");
    s.send("menu");
    s.send("open 8");
    s.wait_for("Lesson 8 of 10: Claiming.");
    s.wait_for("Complete a square with one stone.");
    s.send("a1");
    let mut said = s.wait_for("Your stone scored");
    s.send("b1");
    said.extend(s.wait_for("Claim first"));
    for line in &said {
        assert!(line.contains("claim N"), "{line}");
        assert!(!line.contains("Enter") && !line.contains("Esc"), "{line}");
    }
    // Read again while the claim waits (an empty line, `list`), the lesson says
    // the claim it waits for, not its task and the other side to move.
    s.send("");
    let again = s.wait_for("Claim the points of a1");
    assert!(
        !again.iter().any(|l| l.contains("Complete a square")),
        "{again:?}"
    );
    s.send("claim 20");
    s.wait_for("Well done!");
    // Read again once done, it says so and what to type next.
    s.send("");
    let done = s.wait_for("Lesson 8 of 10: Claiming.");
    let done = [done, s.wait_for("next opens the next lesson")].concat();
    assert!(!done.iter().any(|l| l.contains("to move")), "{done:?}");
    // The menu says a lesson done in a word, not a letter (`x 8: Claiming.`).
    s.send("menu");
    let menu = s.wait_for("8: Claiming. Done.");
    assert!(
        menu.contains(&"1: The board and the lowest open section.".to_owned()),
        "{menu:?}"
    );
    // Every line, the lesson's own text too, names commands, not keys (it said
    // `type +, the points, then Enter`).
    for line in s.finish() {
        assert_commands(&line);
    }
}

/// A line names the line mode's commands, never the full screen's keys.
pub fn assert_commands(line: &str) {
    let lower = line.to_lowercase();
    for key in [
        "any other key",
        "other keys",
        "press",
        "enter",
        "esc",
        "tab opens",
        "keys listed",
        "listed below",
        "keys below",
        "n opens",
        "n new table",
        "1-9",
        "]/[",
        "] next",
        "[ back",
        "q leave",
        "types i,",
        "w claims",
        "(q)",
        "q: ",
        " s saves",
        "(←)",
        " n opens",
        " n for ",
        " q to ",
        " r to ",
        " u starts",
        " u tries",
        " u to ",
        " u again",
    ] {
        assert!(!lower.contains(key), "{key:?} in: {line}");
    }
}

/// A hot-seat game whose record names its people (resumed here) said `Your move,
/// Blue.` as for a nameless one: now each turn names the person, the colour kept.
#[test]
fn the_turn_names_the_people_the_record_names() {
    let (home, _) = home_with_autosave(
        "[Blue \"Ann\"]\n[BlueType \"human\"]\n[Yellow \"Bob\"]\n[YellowType \"human\"]\n\n1. b2 c3 *\n",
    );
    let mut s = Piped::start_in(&["resume", "--no-history"], home);
    s.wait_for("Your move, Ann (Blue).");
    s.send("a1");
    s.wait_for("Your move, Bob (Yellow).");
}

/// A failed autosave names `save`, the way out, not the full screen's `s`; and
/// `save` keeps the game by hand.
#[test]
fn a_failed_autosave_names_the_save_command() {
    let mut s = Piped::start(&["play", "--no-history"]);
    s.wait_for("Your move, Blue.");
    s.send("a1");
    s.wait_for("Your move, Yellow.");
    // The data folder becomes a file: the next autosave cannot be written.
    let data = s.home.path().join("data");
    // Written off the loop (s38): a moment after the move is said.
    let start = Instant::now();
    while !data.join("autosave.hij").is_file() && start.elapsed() < PATIENCE {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(
        data.join("autosave.hij").is_file(),
        "autosaved at the first move"
    );
    std::fs::rename(&data, s.home.path().join("data-aside")).unwrap();
    std::fs::write(&data, "not a folder").unwrap();
    s.send("b1");
    let said = s.wait_for("Autosave failed");
    let failed = said.last().unwrap();
    assert_commands(failed);
    assert!(failed.contains("save writes the game by hand"), "{failed}");
    s.send("save");
    s.wait_for("Saved to");
    s.send("quit");
    s.wait_for("?");
    s.send("yes");
    let lines = s.finish();
    for line in &lines {
        assert_commands(line);
    }
}

/// A lesson done says the commands that go on (`next`, `again`), then and at a
/// square typed after it, not the full screen's `n` and `u`.
#[test]
fn a_lesson_done_names_next_and_again() {
    let mut s = Piped::start(&["learn"]);
    s.wait_for("Blue to move. Place a stone on a section 3.");
    s.send("a1");
    let mut said = s.wait_for("Well done!");
    s.send("b1");
    said.extend(s.wait_for("Done!"));
    for line in &said[said.len() - 2..] {
        assert_commands(line);
        assert!(line.contains("next") && line.contains("again"), "{line}");
    }
    s.send("again");
    s.wait_for("Blue to move. Place a stone on a section 3.");
    s.finish();
}

/// QA (s16 learn): a lesson try's why, under the verdict on the full screen, was not
/// said: the endgame lesson's proved margins (its whole answer) and what a block
/// stopped. Said now, right or wrong, before the hint.
#[test]
fn a_lesson_try_says_why() {
    let mut s = Piped::start(&["learn"]);
    s.wait_for("Blue to move. Place a stone on a section 3.");
    s.send("open 10");
    s.wait_for("Find the one move with the best final margin.");
    s.send("a2");
    let said = s.wait_for("Not yet:");
    assert_eq!(
        said.last().unwrap(),
        "Not yet: a2 lands on section 1 and scores nothing. With best play a2 ends the \
         game in a win by 105 for Yellow; one move does better. Count to the end: which squares will \
         each player fill, and what does the last stone in each complete?"
    );
    s.send("b2");
    let said = s.wait_for("Well done!");
    assert_eq!(
        said.last().unwrap(),
        "Well done! b2 lands on section 2 and scores nothing. With best play b2 ends the \
         game in a win by 115 for Yellow; a2 ends it in a win by 105. Done! next opens the next \
         lesson, again starts this one again."
    );
    s.send("open 6");
    s.wait_for("Stop your opponent's combination.");
    s.send("a1");
    let said = s.wait_for("Well done!");
    assert!(
        said.last()
            .unwrap()
            .contains("scores nothing. It stops Yellow's square a1 (20). Done!"),
        "{said:?}"
    );
    s.finish();
}

/// QA (s15 lines): `puzzles` in a lesson (it works from the lessons menu) said
/// `That does nothing here`, naming no command, its key found for it on the menu and
/// typed to the lesson. Each refusal names the command as typed, and types nothing.
#[test]
fn a_one_key_command_refused_names_what_was_typed() {
    let mut s = Piped::start(&["learn"]);
    s.wait_for("Blue to move. Place a stone on a section 3.");
    for (typed, said) in [
        (
            "puzzles",
            "The command puzzles does nothing here: help lists the commands.",
        ),
        (
            "p",
            "The command p does nothing here: help lists the commands.",
        ),
        (
            "Hint",
            "The command Hint does nothing here: help lists the commands.",
        ),
    ] {
        s.send(typed);
        let lines = s.wait_for("does nothing here");
        assert_eq!(lines, [said], "{typed}");
    }
    // The lesson is where it was: its square still plays.
    s.send("a1");
    s.wait_for("Well done!");
    s.finish();
}

/// A command that types a key the lesson does not take (`open 8` out of the menu)
/// points to `help`, not to keys listed below a screen the line mode has not.
#[test]
fn a_lesson_refuses_in_commands() {
    let mut s = Piped::start(&["learn"]);
    s.wait_for("Blue to move. Place a stone on a section 3.");
    // `open N` opens lesson N from a lesson too (it said `open 8` did nothing here,
    // while `open 1` typed the menu's key); a number no lesson has says which there are.
    s.send("open 11");
    s.wait_for("No lesson 11: the lessons are 1 to 10, open 3 opens the third.");
    s.send("open 8");
    s.wait_for("Lesson 8 of 10: Claiming.");
    s.send("review");
    let said = s.wait_for("nothing here");
    let refused = said.last().unwrap();
    assert_commands(refused);
    assert!(!refused.contains("key"), "{refused}");
    assert!(refused.contains("help"), "{refused}");
    // A command of the game is no unknown word here (QA: "Unknown command: hint").
    s.send("hint");
    s.wait_for("The command hint does nothing here: help lists the commands.");
    s.send("moves");
    s.wait_for("Moves 1 to ");
    s.finish();
}

/// The questions (quit, resign, new game) name the answers as commands: `yes`,
/// `no` (and `save` where the game is not kept), not "any other key"; each answer
/// named does what it says.
#[test]
fn the_questions_name_their_answers_as_commands() {
    let mut s = Piped::start(&["play", "--no-history"]);
    s.wait_for("Your move, Blue.");
    s.send("a1");
    s.wait_for("Your move, Yellow.");
    for (command, asked) in [
        ("resign", "Resign for Yellow?"),
        ("new", "Abandon this game"),
        ("quit", "Quit the game in progress?"),
    ] {
        s.send(command);
        let said = s.wait_for(asked);
        let question = said.last().unwrap();
        assert_commands(question);
        assert!(question.contains("yes: "), "{question}");
        assert!(question.contains("no: "), "{question}");
        s.send("no");
        s.wait_for("Your move, Yellow.");
    }
    s.send("quit");
    s.wait_for("Quit the game in progress?");
    s.send("yes");
    // The last line, after the screens, names the command in words: it said
    // `` `hijara resume` continues it``, whose backticks a screen reader may say.
    let lines = s.finish();
    let last = lines.last().unwrap();
    assert!(last.starts_with("The game is kept (1 move"), "{last}");
    assert!(
        last.contains("the command hijara resume continues it"),
        "{last}"
    );
    for line in &lines {
        assert!(!line.contains('`'), "{line}");
    }
}

/// QA (s13 lines): a game over said how it ended and nothing of what to type next
/// (the full screen's hint line, which the line mode does not say): a player heard it
/// only from a command refused. Now it follows the end at once.
#[test]
fn a_game_over_says_what_to_type_next() {
    let mut s = Piped::start(&["play", "--no-history"]);
    s.wait_for("Your move, Blue.");
    s.send("a1");
    s.wait_for("Your move, Yellow.");
    s.send("resign");
    s.wait_for("Resign for Yellow?");
    s.send("yes");
    let said = s.wait_for("Game over: Blue wins");
    let next = s.wait_for("The game is over");
    assert_eq!(
        next.last().unwrap(),
        "The game is over: new for a new game, swap to swap sides, review to review it, quit to quit."
    );
    assert!(
        !said.iter().chain(&next).any(|l| l.contains("Unknown")),
        "{said:?}"
    );
    s.send("quit");
    s.finish();
}

/// QA (s15 lines): back from the review of a game just ended, the game's last stone
/// came after its game over, as the full screen's message says it (`Yellow +30: row
/// 4 same number 4s (10), ...`): it is said in order, as its move line said it.
#[test]
fn back_from_a_review_the_last_stone_is_said_in_order() {
    let mut s = Piped::start(&["play", "--no-history"]);
    s.wait_for("Your move, Blue.");
    for square in ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"]
        .iter()
        .chain(&["a3", "b3", "c3", "d3", "a4", "b4", "c4", "d4"])
    {
        for _ in 0..4 {
            s.send(square);
        }
    }
    let last = "Yellow d4, section 4: +30, row 4 all 4s, column d all 4s, diagonal a1-d4 all 4s.";
    s.wait_for(last);
    s.wait_for("The game is over");
    s.send("review");
    s.wait_for("Review of the game just played");
    s.send("quit");
    s.wait_for("Hijara: Blue, human, against Yellow, human.");
    let back = s.wait_for("The game is over");
    assert_eq!(
        back,
        [
            "64 moves played, the last Yellow d4, section 4: +30, row 4 all 4s, column d all 4s, \
             diagonal a1-d4 all 4s. Blue 200, Yellow 200. Game over: a draw.",
            "The game is over: new for a new game, swap to swap sides, review to review it, quit to quit.",
        ]
    );
    s.send("quit");
    s.finish();
}

/// The hint says the empty line that plays it, not Enter; the empty line does.
#[test]
fn the_hint_names_the_empty_line() {
    let mut s = Piped::start(&["play", "--no-history"]);
    s.wait_for("Your move, Blue.");
    s.send("hint");
    let said = s.wait_for("plays it");
    let hint = said.last().unwrap().clone();
    assert_commands(&hint);
    let square = hint
        .split_once("Hint: ")
        .map(|(_, rest)| rest[..2].to_owned())
        .unwrap_or_else(|| panic!("no square in: {hint}"));
    s.send("");
    s.wait_for(&format!("Blue {square}, section 1."));
    s.finish();
}

/// A puzzle: a wrong move and what it costs (the check waited for), again, the answer.
#[test]
fn a_puzzle_through_a_pipe() {
    let mut s = Piped::start(&["puzzle", "--id", "p0001"]);
    let title = s.wait_for("Puzzle p0001");
    // QA (s12 lines): the title said the full screen's `·` between its parts.
    let title = title.last().unwrap();
    assert!(
        title.starts_with("Puzzle p0001, ") && title.contains("; your rating "),
        "{title}"
    );
    assert!(!title.contains('·'), "{title}");
    assert!(title.ends_with('.'), "{title}");
    // `hint` is the puzzle's themes, as its key is on the full screen.
    s.send("hint");
    s.wait_for("Themes: square.");
    s.send("d2");
    s.wait_for("Not this one");
    // What to type next comes at once, after what the wrong move cost.
    s.wait_for("Type next for the next puzzle, again to try this one again.");
    s.send("again");
    s.send("c4");
    s.wait_for("Right!");
    // At once, with nothing typed (QA: only a move typed after said it).
    s.wait_for("Type next for the next puzzle");
    // The game's readings read the puzzle's board; `hint` is its themes.
    s.send("last");
    s.wait_for(" c4, section ");
    // A move once it is answered says the commands that go on.
    s.send("d2");
    let answered = s.wait_for("Answered");
    let answered = answered.last().unwrap();
    assert!(
        answered.contains("again") && answered.contains("next"),
        "{answered}"
    );
    s.send("x");
    s.wait_for("help lists the commands");
    let lines = s.finish();
    for line in &lines {
        assert_commands(line);
    }
    assert_a_line_starts(&lines, "Your puzzle rating: ");
    // And the rating after, its `(± 350)` read as symbols: in words.
    let rating = lines
        .iter()
        .find(|l| l.starts_with("Your puzzle rating: "))
        .unwrap();
    assert!(
        rating.contains(", give or take ") && !rating.contains('±'),
        "{rating}"
    );
}

/// A puzzle given up in the line mode (`giveup`, the full screen's `g`): the proven
/// answer said, how it counts, then what to type next.
#[test]
fn a_puzzle_given_up_through_a_pipe() {
    let mut s = Piped::start(&["puzzle", "--id", "p0001"]);
    s.wait_for("Puzzle p0001");
    s.send("giveup");
    s.wait_for("Given up. The answer: c4 completes square c4 (20): 20 points.");
    s.wait_for("It counts as not solved.");
    s.wait_for("Type next for the next puzzle, again to try this one again.");
    s.send("last");
    s.wait_for(" c4, section ");
    s.send("giveup");
    s.wait_for("Answered");
    let lines = s.finish();
    for line in &lines {
        assert_commands(line);
    }
}

/// QA (s12 lines, left): `themes` typed again hid the themes and read the task, as if
/// nothing had changed. Hiding them is said; a third `themes` says them again.
#[test]
fn themes_typed_again_says_they_are_hidden() {
    let mut s = Piped::start(&["puzzle", "--id", "p0001"]);
    s.wait_for("Puzzle p0001");
    s.send("themes");
    s.wait_for("Themes: square.");
    s.send("themes");
    let hidden = s.wait_for("Themes hidden");
    assert_eq!(
        hidden.last().map(String::as_str),
        Some("Themes hidden: themes says them again.")
    );
    s.send("themes");
    s.wait_for("Themes: square.");
    s.send("quit");
    s.finish();
}

/// QA (access): each help says only what works on its screen. The start screen's
/// `list` named "the tables, doors or lessons"; the lessons menu listed the board's
/// commands of the lesson behind it (and `board` read that lesson's board); `quit`
/// said it asks "while a game is in progress" where no game is.
#[test]
fn each_help_says_only_what_works_on_its_screen() {
    let mut s = Piped::start(&["--plain"]);
    // s27: the doors end with `help` and `quit`, the help's own rows.
    let doors = s.wait_for("quit (or q): leave.");
    assert_eq!(doors[0], "Hijara. Type the key of a door:", "{doors:?}");
    assert!(
        doors.contains(&"help (or ?): these commands.".to_owned()),
        "{doors:?}"
    );
    s.send("help");
    let help = s.wait_for("quit (or q): leave.");
    assert!(
        help.contains(&"list: the doors again.".to_owned()),
        "{help:?}"
    );
    assert!(!help.iter().any(|l| l.contains("tables")), "{help:?}");
    s.send("quit");
    s.finish();

    let mut s = Piped::start(&["learn"]);
    s.wait_for("Blue to move. Place a stone on a section 3.");
    s.send("menu");
    s.wait_for("The lessons. Type a lesson's number to open it:");
    s.send("help");
    let help = s.wait_for("quit (or q): leave.");
    let help = &help[help
        .iter()
        .position(|l| l.starts_with("Commands here"))
        .unwrap()..];
    for board in [
        "b3:", "board", "square", "row", "score", "legal", "last", "moves",
    ] {
        assert!(
            !help.iter().any(|l| l.starts_with(board)),
            "{board} in the menu's help: {help:?}"
        );
    }
    assert!(
        help.contains(&"list: the lessons again.".to_owned()),
        "{help:?}"
    );
    // `board` in the menu reads the menu, not the lesson behind it.
    s.send("board");
    s.wait_for("The lessons. Type a lesson's number to open it:");
    s.send("open 1");
    s.wait_for("Lesson 1 of 10:");
    s.send("help");
    let help = s.wait_for("quit (or q): leave.");
    assert!(
        help.contains(&"next (or n): the next lesson.".to_owned()),
        "{help:?}"
    );
    assert!(!help.iter().any(|l| l.starts_with("list")), "{help:?}");
    s.finish();
}

/// The start screen in the line mode with `--plain`, and the door chosen in it too,
/// with lines typed ahead for the game.
#[test]
fn the_start_screen_and_its_door_take_lines_typed_ahead() {
    let mut s = Piped::start(&["--plain"]);
    s.send("h");
    s.send("b3");
    s.send("help");
    s.wait_for("Hijara. Type the key of a door:");
    s.wait_for("Blue b3, section 1. Blue 0, Yellow 0. Your move, Yellow.");
    // s25: its quit goes back to the start screen, as the help says.
    s.wait_for("quit (or q): back to the start screen (asks while a game is in progress)");
    let lines = s.finish();
    assert_a_line_starts(&lines, "The game is kept");
}

/// s30: `hijara --plain` read the start screen's ten lines again on every return; after
/// the first time one line names the doors open now (`r resume` once a game is kept),
/// and `help` says them whole. Fails on the old code (the doors' heading again).
#[test]
fn the_start_screen_says_its_doors_in_one_line_on_coming_back() {
    let mut s = Piped::start(&["--plain"]);
    s.wait_for("quit (or q): leave.");
    s.send("h");
    s.wait_for("Your move, Blue.");
    s.send("b3");
    s.send("quit");
    s.send("yes");
    let back = s.wait_for(". Type a key, or help.");
    let short = "Start: h hot-seat, 1 easy AI, 2 medium AI, 3 hard AI, r resume, l lessons, \
                 p puzzles. Type a key, or help.";
    // The note of the game kept (`... r resumes it.`) first, the short line last.
    assert_eq!(back.last(), Some(&short.to_owned()), "{back:?}");
    assert!(
        back[..back.len() - 1]
            .iter()
            .any(|l| l.ends_with("r resumes it.")),
        "{back:?}"
    );
    assert!(!back.iter().any(|l| l.starts_with("Hijara.")), "{back:?}");
    s.send("help");
    let help = s.wait_for("quit (or q): leave.");
    assert!(
        help.contains(&"h: Two players here, hot-seat.".to_owned()),
        "{help:?}"
    );
    s.send("quit");
    s.finish();
}

/// A damaged autosave whose first moves still read: `hijara resume` says `hijara`
/// offers them, and the start screen's resume door does (through the game's own
/// offer and its note on the damage). The door used to say there was nothing to
/// resume.
#[test]
fn the_start_screen_offers_a_damaged_autosave_s_moves() {
    let (home, data) = home_with_autosave("1. a1 b2 2. c3 e9\n");
    let mut s = Piped::start_in(&["--plain"], home);
    s.wait_for("Hijara. Type the key of a door:");
    s.send("r");
    // s25: `quit` at the resume question goes back, as the question says, starting
    // no game (it was a no: a new game) and leaving the autosave as it was.
    let asked = s.wait_for("Resume the autosaved game?");
    assert!(
        asked.last().unwrap().contains("quit: back, no: "),
        "{asked:?}"
    );
    s.send("quit");
    // s30: back at the start screen, its doors in one line (said whole at first).
    let back = s.wait_for(". Type a key, or help.");
    let autosave = std::fs::read_to_string(data.join("autosave.hij")).unwrap();
    assert_eq!(autosave, "1. a1 b2 2. c3 e9\n");
    s.send("r");
    let again = s.wait_for("Resume the autosaved game?");
    // A damaged autosave is not said to be kept for `r` on leaving the question: only
    // its salvaged moves were offered.
    assert!(
        !back.iter().chain(&again).any(|l| l.contains("kept")),
        "{back:?} {again:?}"
    );
    s.send("yes");
    s.send("moves");
    s.wait_for("Moves 1 to 3: a1 b2 c3.");
    s.send("quit");
    s.send("yes");
    // s24: back to the start screen, which says where the game is kept.
    let said = s.wait_for("r resumes it.");
    let kept = said.last().unwrap();
    assert!(kept.starts_with("Game kept (3 moves"), "{said:?}");
    s.finish();
}

/// s24 (cli24 left it): with a file where the data folder should be, the start
/// screen's doors said only `(none)`, never why nothing was kept.
#[test]
fn the_start_screen_says_when_the_data_folder_is_a_file() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data");
    std::fs::write(&data, "not a folder").unwrap();
    let mut s = Piped::start_in(&["--plain"], home);
    s.wait_for("Hijara. Type the key of a door:");
    s.send("q");
    let said = s.finish();
    let note = "Nothing is kept: the data folder is not a folder (a file is there); \
                HIJARA_DATA_DIR sets it.";
    assert!(said.iter().any(|l| l.contains(note)), "{said:?}");
}

/// QA (s14 lines, left): `hijara play` with an autosaved game said the new game's
/// first lines, then asked whether to resume the autosaved one, so a screen reader
/// heard a new game begin that might never be played. The question comes first,
/// alone; the answer brings the first lines of the game it chose.
#[test]
fn the_resume_question_is_the_first_line() {
    for (answer, heading, state) in [
        (
            "yes",
            "Hijara: Blue, human, against Yellow, human.",
            "2 moves played, the last Yellow b2, section 1. Blue 0, Yellow 0. Your move, Blue.",
        ),
        (
            "no",
            "Hijara: Blue, human, against Yellow, easy AI.",
            "Blue 0, Yellow 0. Your move, Blue.",
        ),
    ] {
        let (home, _) =
            home_with_autosave("[BlueType \"human\"]\n[YellowType \"human\"]\n\n1. a1 b2 *\n");
        let mut s = Piped::start_in(&["play", "--ai", "easy", "--no-history"], home);
        let first = s.wait_for("");
        assert!(
            first[0].starts_with("Resume the autosaved game? Blue (human) against Yellow (human), 2 moves, Blue 0, Yellow 0. "),
            "{first:?}"
        );
        s.send(answer);
        let said = s.wait_for(state);
        assert!(said[0].starts_with(heading), "{answer}: {said:?}");
        s.finish();
    }
}

/// QA (s27): a square typed at the resume question is a no, then that move; the new
/// game's first lines came with the move already in it, so the stone was said only as
/// `1 move played.`, never its square and section. Now the first lines come, then the
/// move's own line.
#[test]
fn a_square_typed_at_the_resume_question_is_said_as_its_move() {
    let (home, _) =
        home_with_autosave("[BlueType \"human\"]\n[YellowType \"human\"]\n\n1. a1 b2 *\n");
    let mut s = Piped::start_in(&["play", "--no-history"], home);
    s.wait_for("Resume the autosaved game?");
    s.send("c3");
    let said = s.wait_for("Your move, Yellow.");
    assert!(
        said.iter()
            .any(|l| l.starts_with("Hijara: Blue, human, against Yellow, human.")),
        "{said:?}"
    );
    assert!(!said.iter().any(|l| l.contains("move played")), "{said:?}");
    assert_eq!(
        said.last().map(String::as_str),
        Some("Blue c3, section 1. Blue 0, Yellow 0. Your move, Yellow."),
        "{said:?}"
    );
    s.finish();
}

/// QA (s27): `undo` said `Took back 1 move` and whose move it is, never which stone
/// left the board, which the full screen shows. The stones taken back are named, in
/// the undo's line before whose move it is (s29: they came in a line after it).
#[test]
fn an_undo_names_the_stones_it_took_back() {
    let mut s = Piped::start(&["play", "--no-history"]);
    s.wait_for("Your move, Blue.");
    s.send("b2");
    s.wait_for("Blue b2, section 1.");
    s.send("c3");
    s.wait_for("Yellow c3, section 1.");
    s.send("undo");
    let undone = s.wait_for("Took back 1 move");
    assert_eq!(
        undone.last().map(String::as_str),
        Some(
            "Took back 1 move (Yellow c3, section 1): undo or redo more. Blue 0, Yellow 0. Your move, Yellow."
        ),
        "{undone:?}"
    );
    // `score` says the state again: nothing of the undo is said after its line.
    s.send("score");
    let said = s.wait_for("Blue 0, Yellow 0. Your move, Yellow.");
    assert_eq!(said, ["Blue 0, Yellow 0. Your move, Yellow."]);
    s.finish();
}

/// s25: `quit` at the resume question of `hijara play` was a no, and started the new
/// game. It leaves the program, as the question says (its input still open), with no
/// game started and the autosave as it was, and says where that game is kept, as
/// leaving a game in progress does (it said nothing).
#[test]
fn quit_at_the_resume_question_leaves_and_keeps_the_autosave() {
    let autosave = "[BlueType \"human\"]\n[YellowType \"human\"]\n\n1. a1 b2 *\n";
    let (home, data) = home_with_autosave(autosave);
    let mut s = Piped::start_in(&["play", "--ai", "easy", "--no-history"], home);
    let first = s.wait_for("Resume the autosaved game?");
    assert!(first[0].contains("quit: quit, no: "), "{first:?}");
    s.send("quit");
    let start = Instant::now();
    while s.child.try_wait().unwrap().is_none() {
        assert!(start.elapsed() < PATIENCE, "quit left the program running");
        std::thread::sleep(Duration::from_millis(20));
    }
    // Read before `finish`, which removes the temporary home.
    let kept = std::fs::read_to_string(data.join("autosave.hij")).unwrap();
    assert_eq!(kept, autosave);
    let said = s.finish();
    assert!(!said.iter().any(|l| l.starts_with("Hijara:")), "{said:?}");
    let farewell = "The game is kept (2 moves, Blue 0, Yellow 0): the command hijara resume \
                    continues it. Autosave: ";
    assert!(said.iter().any(|l| l.starts_with(farewell)), "{said:?}");
}

/// s25: `quit` at the resume question a start screen's door asked goes back to the
/// start screen, which says the autosaved game is kept, as after a game left in
/// progress (it said nothing).
#[test]
fn quit_at_a_door_s_resume_question_says_the_game_is_kept() {
    let autosave = "[BlueType \"human\"]\n[YellowType \"human\"]\n\n1. a1 b2 2. c3 *\n";
    let (home, data) = home_with_autosave(autosave);
    let mut s = Piped::start_in(&["--plain"], home);
    s.wait_for("Hijara. Type the key of a door:");
    s.send("h");
    s.wait_for("Resume the autosaved game?");
    s.send("quit");
    let said = s.wait_for("r resumes it.");
    assert_eq!(
        said.last().unwrap(),
        "Game kept (3 moves, Blue 0, Yellow 0): r resumes it."
    );
    assert_eq!(
        std::fs::read_to_string(data.join("autosave.hij")).unwrap(),
        autosave
    );
    // s26: `no` still starts the new game. It was typed as Esc (any other key),
    // which now leaves the resume question as `q` does; it has a key of its own.
    s.send("h");
    s.wait_for("Resume the autosaved game?");
    // s26: `help` there lists what the question takes, as its box words it; it
    // listed the board's commands and `quit (asks while a game is in progress)`.
    s.send("help");
    let said = s.wait_for("quit (or q): back.");
    let help = &said[said.len() - 5..];
    assert!(help[0].starts_with("Commands"), "{said:?}");
    assert!(help[1].starts_with("yes (or y): resume it."), "{said:?}");
    assert!(help[2].starts_with("no: a new game, "), "{said:?}");
    assert!(help[3].starts_with("help (or ?): "), "{said:?}");
    s.send("no");
    let said = s.wait_for("kept aside at your first move");
    assert!(
        said.iter().any(|l| l.starts_with("Hijara: Blue, human")),
        "{said:?}"
    );
    assert_eq!(
        std::fs::read_to_string(data.join("autosave.hij")).unwrap(),
        autosave
    );
    // s26: a second hijara on this data folder while this one plays (local18's QA:
    // each wrote the autosave in turn, and the later write lost the other's game).
    // This one holds the autosave from its start: the second neither offers its
    // game nor writes the autosave, says so, and never calls its own game kept.
    let mut other = Piped::start_sharing(&["play", "--plain", "--no-history"], &data);
    other.wait_for(
        "Another hijara plays from this data folder: not autosaved; a file save keeps it",
    );
    other.send("d4");
    other.wait_for("Your move, Yellow.");
    assert_eq!(
        std::fs::read_to_string(data.join("autosave.hij")).unwrap(),
        autosave
    );
    let resume = std::process::Command::new(binary())
        .arg("resume")
        .env("HOME", s.home.path())
        .env("HIJARA_DATA_DIR", &data)
        .env("XDG_CONFIG_HOME", s.home.path().join("xdg-config"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let error = String::from_utf8_lossy(&resume.stderr);
    assert_eq!(resume.status.code(), Some(1), "{error}");
    assert!(error.contains("another hijara is playing"), "{error}");
    other.send("quit");
    other.wait_for("NOT autosaved");
    other.send("yes");
    // s40: a farewell saying the game was NOT saved fails the program.
    let last = other.finish_with(1);
    let last = last.last().unwrap();
    assert!(
        last.starts_with("The game (1 move, ") && last.contains("was NOT saved: another hijara"),
        "{last}"
    );
    // This one's first move keeps the earlier game aside and autosaves its own.
    s.send("d4");
    s.wait_for("The earlier unfinished game was kept as");
    let now = std::fs::read_to_string(data.join("autosave.hij")).unwrap();
    assert!(now.contains("d4") && !now.contains("c3"), "{now}");
    s.finish();
}

/// A key the start screen does not take says what to type in the line mode: a
/// door's key, or quit.
#[test]
fn the_start_screen_refuses_in_commands() {
    let mut s = Piped::start(&["--plain"]);
    s.wait_for("Hijara. Type the key of a door:");
    s.send("x");
    let said = s.wait_for("quit");
    assert_commands(said.last().unwrap());
    s.send("quit");
    let lines = s.finish();
    for line in &lines {
        assert_commands(line);
    }
}

/// `TERM=dumb` at a terminal (a pty, not a pipe): the line mode, its own editor
/// echoing and editing the typed line (the terminal in raw mode), the game's lines
/// above it; nothing but text, carriage returns and line feeds is written.
#[test]
fn a_dumb_terminal_gets_the_line_mode_and_its_editor() {
    let home = tempfile::tempdir().unwrap();
    let dir = home.path();
    let mut cmd = portable_pty::CommandBuilder::new(binary());
    cmd.args(["play", "--ai", "easy", "--seed", "5", "--no-history"]);
    cmd.cwd(dir);
    cmd.env("TERM", "dumb");
    cmd.env("HOME", dir);
    cmd.env("HIJARA_DATA_DIR", dir.join("data"));
    cmd.env("XDG_DATA_HOME", dir.join("xdg-data"));
    cmd.env("XDG_CONFIG_HOME", dir.join("xdg-config"));
    let mut s = crate::common::Session::spawn(cmd, 80, 24);
    s.wait_for("Your move, Blue.");
    s.wait_for("> ");
    // A typo rubbed out with Backspace (DEL): `b3` is played.
    s.type_keys("b3x\x7f\r");
    s.wait_for("Blue b3, section 1.");
    s.wait_for("Yellow (easy AI) thinking.");
    s.type_keys("score\r");
    s.wait_for("Your move, Blue.");
    s.type_keys("quit\r");
    s.wait_for("Quit the game in progress?");
    s.type_keys("y\r");
    assert_eq!(s.exit_code(), 0, "{}", s.screen());
    let output = s.whole_output();
    assert!(
        output.contains("\r> b3x\r> b3 \r> b3\r\n"),
        "{}",
        output.escape_debug()
    );
    assert_plain(output.as_bytes(), &['\r', '\n', '\x07']);
}

/// A line longer than the line mode keeps (1 KiB) had its rest read into memory to be
/// dropped: 200 MiB with no line break held 200 MiB (`/dev/zero` piped in, all the
/// memory there is). The rest is skipped as it comes: the peak grows far less than
/// the line. The line is 9 MiB: s26 took a line of over 8 MiB for the end of the
/// input, where s27 takes one of over 64 MiB.
#[cfg(target_os = "linux")]
#[test]
fn a_huge_line_is_skipped_without_being_held() {
    const HUGE: usize = 9 << 20;
    let peak_kb = |pid: u32| -> usize {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap()
    };
    let mut p = Piped::start(&["play", "--no-history"]);
    p.wait_for("Your move, Blue");
    let before = peak_kb(p.child.id());
    {
        let stdin = p.stdin.as_mut().expect("standard input open");
        let chunk = vec![b'a'; 1 << 20];
        for _ in 0..HUGE >> 20 {
            stdin.write_all(&chunk).unwrap();
        }
    }
    p.send("");
    p.wait_for("Unknown command");
    let grown = peak_kb(p.child.id()).saturating_sub(before);
    assert!(grown < (HUGE >> 10) / 2, "the peak grew {grown} kB");
    p.send("b2");
    p.wait_for("Blue b2");
}

/// QA (s26): `hijara play < /dev/zero` read for ever, the screen waiting for a line
/// that never ended. A line of more than 64 MiB (NULs counted too) is the end of the
/// input, said on standard error; nothing of it, nor after it, is taken as a command.
#[test]
fn a_line_of_over_64_mib_is_the_end_of_the_input() {
    let home = tempfile::tempdir().unwrap();
    let mut nuls = vec![0; 65 << 20];
    nuls.extend_from_slice(b"\nb2\n");
    let out = crate::common::hijara()
        .args(["play", "--no-history"])
        .env("HIJARA_DATA_DIR", home.path())
        .timeout(PATIENCE)
        .write_stdin(nuls)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", out.status);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "hijara: standard input: a line of over 64 MiB: read as the end of the input\n"
    );
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(said.contains("Your move, Blue"), "{said}");
    assert!(
        !said.contains("Unknown command") && !said.contains("Blue b2"),
        "{said}"
    );
}

/// QA: `a` (analysis) said the start position again, as if nothing had happened. It
/// says the analysis runs, once, then what it found when it is done; `a` again says
/// it is hidden. A jump with `mistake` says the move and then its verdict, so a
/// screen-reader user hears why they jumped there.
#[test]
fn the_analysis_and_a_jump_to_a_mistake_through_a_pipe() {
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/blunder.hij");
    let mut s = Piped::start_quick_review(&["replay", record]);
    s.wait_for("The start: the empty board, 64 moves to come.");
    s.send("a");
    let started = s.wait_for("The analysis is running");
    assert_eq!(started.len(), 1, "the start said again: {started:?}");
    let done = s.wait_for("The analysis is done");
    assert_eq!(done.len(), 1, "{done:?}");
    let done = done.last().unwrap();
    assert!(
        done.contains("it found") && done.contains("blunder"),
        "{done}"
    );
    // QA (s12 lines): the summary `hijara analyze` prints (counts per class, the
    // average lost, each player's biggest swing) was not said at all: a sentence a
    // player, naming the move.
    let blue = s.wait_for("Blue: 32 moves reviewed");
    assert_eq!(blue.len(), 1, "{blue:?}");
    let yellow = s.wait_for("Yellow: 32 moves reviewed");
    assert_eq!(yellow.len(), 1, "{yellow:?}");
    for line in [&blue[0], &yellow[0]] {
        assert!(
            line.contains("points lost a move on average")
                && (line.contains("; the biggest swing was move ")
                    || line.ends_with("no move lost points.")),
            "{line}"
        );
        assert!(!line.contains('~') && !line.contains("-"), "{line}");
    }
    assert!(
        [&blue[0], &yellow[0]]
            .iter()
            .any(|l| l.contains("the biggest swing was move ") && l.contains(" was best.")),
        "{blue:?} {yellow:?}"
    );
    s.send("mistake");
    s.send("a");
    let jumped = s.wait_for("The analysis is hidden");
    assert_eq!(jumped.len(), 3, "{jumped:?}");
    let n = jumped[0]
        .strip_prefix("Move ")
        .and_then(|rest| rest.split(" of 64:").next())
        .unwrap_or_else(|| panic!("{jumped:?}"));
    assert!(
        jumped[1].starts_with(&format!("Move {n} ")) && jumped[1].contains("lost"),
        "the verdict with the jump: {jumped:?}"
    );
    s.send("quit");
    s.finish();
}

/// s38: a wrong claim on a stone before the last was kept as a bare move, and read
/// back as not claimed (`hijara score`: `not claimed, 10 forfeited` of a stone
/// claimed wrong). A claim game through a pipe, a wrong claim on a4, then the next
/// stone, then quit: the autosave says `{[%claim wrong 7]}` after a4, and `hijara
/// score` reads it as a wrong claim. Fails on the old code (a bare a4).
#[test]
fn a_wrong_claim_on_an_earlier_stone_is_kept_wrong() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Piped::start_sharing(&["play", "--claim", "--no-history"], data.path());
    s.wait_for("Rules: claims.");
    for square in ["a1", "b1", "a2", "b2", "a3", "b3", "a4"] {
        s.send(square);
    }
    s.wait_for("Blue a4, section 1.");
    s.send("claim 7");
    s.wait_for("Wrong claim of 7");
    s.send("b4");
    s.wait_for("Yellow b4, section 1.");
    s.send("quit");
    s.wait_for("Quit the game in progress?");
    s.send("yes");
    s.wait_for("The game is kept");
    s.finish();
    let autosave = data.path().join("autosave.hij");
    let text = std::fs::read_to_string(&autosave).unwrap();
    assert!(text.contains("a4 {[%claim wrong 7]} b4"), "{text}");
    let out = crate::common::hijara()
        .args(["score", "--json"])
        .arg(&autosave)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let a4 = json["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["move"] == 7)
        .cloned();
    assert_eq!(
        a4.as_ref().map(|e| e["claim"].clone()),
        Some("wrong".into()),
        "{json}"
    );
    assert_eq!(json["forfeited"]["blue"], 10, "{json}");
}

/// qa47: the start screen's `names` asked `Blue's name, then Enter (Enter alone: Blue;
/// Esc or cancel: as they were):`, the full screen's keys, where every line of the line
/// mode names its commands. Each prompt now says what to type, and the names typed are
/// said back. Fails on the old code (`"enter"` in the prompt).
#[test]
fn the_names_prompts_name_lines_not_keys() {
    let mut s = Piped::start(&["--plain"]);
    s.wait_for("quit (or q): leave.");
    s.send("names");
    let blue = s.wait_for("Blue's name");
    s.send("Ann");
    let yellow = s.wait_for("Yellow's name");
    s.send("");
    let said = s.wait_for("Names: Ann, Yellow.");
    for line in [blue, yellow, said].concat() {
        assert_commands(&line);
    }
    s.finish();
}

/// qa47: `save` was answered by the state line said just before it (`Blue 0, Yellow 0.
/// Your move, Yellow.`, said twice), then by `Saved to ...` once the file was on disk.
/// Its answer is the report alone, said once. Fails on the old code (the state line
/// again between the move and the report).
#[test]
fn save_is_answered_by_where_it_saved_alone() {
    let mut s = Piped::start(&["play", "--no-history"]);
    s.wait_for("Your move, Blue.");
    s.send("b2");
    s.wait_for("Blue b2, section 1.");
    s.send("save");
    let said = s.wait_for("Saved to");
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].starts_with("Saved to hijara-"), "{said:?}");
    s.send("quit");
    s.send("yes");
    s.finish();
}
