//! `hijara engine` driven through a child process with piped stdin/stdout.

use std::io::Write;
use std::process::{Command, Stdio};

fn run_engine(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hijara"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("the engine reads its input");
    let output = child.wait_with_output().expect("the engine exits");
    assert!(
        output.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("utf-8 output")
}

/// The replies, split on the blank line that ends each one.
fn replies(output: &str) -> Vec<&str> {
    let mut out: Vec<&str> = output.split("\n\n").collect();
    assert_eq!(
        out.pop(),
        Some(""),
        "every reply ends in a blank line: {output:?}"
    );
    out
}

#[test]
fn a_session_through_the_protocol() {
    let output = run_engine(
        "protocol_version\n1 name\n# a comment line\nlist_commands\nlevel easy\n\
         play blue b2\n2 play blue c3\nplay yellow z9\n3 genmove yellow\nfinal_score\n\
         undo\nundo\nundo\nshowboard\ntime_per_move 50\nlevel hard\ngenmove blue\nfly away\nquit\nname\n",
    );
    let r = replies(&output);
    assert_eq!(r[0], "= 2");
    assert_eq!(r[1], "=1 hijara");
    assert!(r[2].starts_with("= protocol_version\nname\n") && r[2].contains("\ntime_per_move"));
    assert_eq!(r[3], "=");
    assert_eq!(r[4], "=");
    assert_eq!(r[5], "?2 it is yellow's turn");
    assert!(r[6].starts_with("? expected a square"), "{}", r[6]);
    let square = r[7].strip_prefix("=3 ").expect("genmove answers a square");
    assert!(
        square.len() == 2 && ("a".."e").contains(&&square[..1]),
        "{square}"
    );
    assert_eq!(r[8], "= 0");
    assert_eq!(r[9], "=");
    assert_eq!(r[10], "=");
    assert_eq!(r[11], "? cannot undo: no moves played");
    assert!(
        r[12].starts_with("= \n    a      b      c      d\n1 [....]"),
        "{}",
        r[12]
    );
    assert_eq!(r[13], "=");
    assert_eq!(r[14], "=");
    assert!(r[15].starts_with("= ") && r[15].len() == 4, "{}", r[15]);
    assert_eq!(r[16], "? unknown command `fly`");
    assert_eq!(r[17], "=");
    // Nothing after quit is answered.
    assert_eq!(r.len(), 18);
}

#[test]
fn a_full_square_is_refused_and_the_game_goes_on() {
    let output = run_engine(
        "play blue a1\nplay yellow a1\nplay blue a1\nplay yellow a1\nplay blue a1\nplay blue d4\nfinal_score\n",
    );
    let r = replies(&output);
    assert_eq!(r[4], "? illegal move: square a1 is full");
    assert_eq!(r[5], "=");
    assert_eq!(r[6], "= 0");
}
