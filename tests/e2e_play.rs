//! End to end: the real `hijara` binary in a pseudo-terminal, read through a vt100 parser,
//! played with keys and a mouse click, as a person would.

use std::io::{Read, Write};
use std::num::NonZero;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use hijara::rules::{Game, Player, Square};
use hijara::ui::screen::ScreenLayout;
use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use ratatui::layout::Rect;

/// How long to wait for the screen to show something before failing.
const TIMEOUT: Duration = Duration::from_secs(20);

struct Session {
    master: Box<dyn MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    parser: Arc<Mutex<vt100::Parser>>,
    raw: Arc<Mutex<Vec<u8>>>,
}

fn size(cols: u16, rows: u16) -> PtySize {
    PtySize {
        rows,
        cols,
        pixel_width: 0,
        pixel_height: 0,
    }
}

impl Session {
    fn start(args: &[&str], cols: u16, rows: u16) -> Session {
        let pair = native_pty_system().openpty(size(cols, rows)).unwrap();
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_hijara"));
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        let child = pair.slave.spawn_command(cmd).unwrap();
        // Only the child holds the slave end, so reads end when it exits.
        drop(pair.slave);
        let parser = Arc::new(Mutex::new(vt100::Parser::new(
            NonZero::new(rows).unwrap(),
            NonZero::new(cols).unwrap(),
            0,
        )));
        let raw = Arc::new(Mutex::new(Vec::new()));
        let mut reader = pair.master.try_clone_reader().unwrap();
        let (p, r) = (Arc::clone(&parser), Arc::clone(&raw));
        thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                p.lock().unwrap().process(&buf[..n]);
                r.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        let writer = pair.master.take_writer().unwrap();
        Session {
            master: pair.master,
            writer,
            child,
            parser,
            raw,
        }
    }

    fn screen(&self) -> String {
        self.parser.lock().unwrap().screen().contents()
    }

    /// Waits until the screen contains `text`; fails with the screen after the timeout.
    fn wait_for(&self, text: &str) {
        let start = Instant::now();
        while start.elapsed() < TIMEOUT {
            if self.screen().contains(text) {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        panic!(
            "timed out waiting for {text:?}; the screen:\n{}",
            self.screen()
        );
    }

    fn send(&mut self, bytes: &str) {
        self.writer.write_all(bytes.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Types keys one at a time, as a person would (one key per read).
    fn type_keys(&mut self, keys: &str) {
        for c in keys.chars() {
            self.send(&c.to_string());
            thread::sleep(Duration::from_millis(5));
        }
    }

    fn resize(&self, cols: u16, rows: u16) {
        // The parser first: the program redraws as soon as the pty's size changes.
        self.parser
            .lock()
            .unwrap()
            .screen_mut()
            .set_size(NonZero::new(rows).unwrap(), NonZero::new(cols).unwrap());
        self.master.resize(size(cols, rows)).unwrap();
    }

    /// Waits for the process to exit and returns its exit code.
    fn exit_code(&mut self) -> u32 {
        let start = Instant::now();
        while start.elapsed() < TIMEOUT {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.exit_code();
            }
            thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        panic!("hijara did not exit; the screen:\n{}", self.screen());
    }

    /// Everything the program wrote, as text (escape sequences included).
    fn output(&self) -> String {
        String::from_utf8_lossy(&self.raw.lock().unwrap()).into_owned()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // A failed test must not leave a process behind.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
    }
}

fn assert_restored(session: &Session) {
    // Give the reader thread a moment to drain the last bytes written before exit.
    let start = Instant::now();
    while start.elapsed() < TIMEOUT && !session.output().contains("\x1b[?1049l") {
        thread::sleep(Duration::from_millis(20));
    }
    let output = session.output();
    assert!(output.contains("\x1b[?1049l"), "left the alternate screen");
    assert!(output.contains("\x1b[?1000l"), "turned mouse capture off");
}

#[test]
fn hot_seat_game_by_keys_and_mouse_then_quit_with_confirmation() {
    let mut s = Session::start(&[], 80, 24);
    s.wait_for("Blue 0  Yellow 0");
    s.wait_for("Blue to move");

    // Blue takes section 1 of a2 a3 a4 b1 c1 d1, Yellow elsewhere; Blue's a1 completes
    // row 1 and column a (same number): +20, as the rules count it.
    let moves = "a2b2a3b3a4b4b1c2c1c3d1c4a1";
    s.type_keys(moves);
    let squares: Vec<Square> = moves
        .as_bytes()
        .chunks(2)
        .map(|c| std::str::from_utf8(c).unwrap().parse().unwrap())
        .collect();
    let game = Game::from_moves(squares).unwrap();
    let (blue, yellow) = (game.score(Player::Blue), game.score(Player::Yellow));
    assert_eq!((blue, yellow), (20, 0));
    s.wait_for(&format!("Blue {blue}  Yellow {yellow}"));
    s.wait_for("Blue +20: row 1 same number 1s (10), column a same number 1s (10)");

    // A full square is refused; a bad key explains.
    s.type_keys("a1a1a1");
    s.wait_for("16 Y a1");
    s.type_keys("a1");
    s.wait_for("a1 is full");
    s.type_keys("z");
    s.wait_for("Unknown key");

    // A click on c3 (SGR mouse report: 1-based column and row) places Yellow there.
    let layout = ScreenLayout::new(Rect::new(0, 0, 80, 24)).unwrap();
    let rect = layout
        .board_geometry()
        .unwrap()
        .square_rect("c3".parse().unwrap());
    let (x, y) = (rect.x + rect.width / 2 + 1, rect.y + rect.height / 2 + 1);
    s.send(&format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m"));
    s.wait_for("17 B c3");
    let mut game = game;
    for square in ["a1", "a1", "a1", "c3"] {
        game.play(square.parse().unwrap()).unwrap();
    }
    let (blue, yellow) = (game.score(Player::Blue), game.score(Player::Yellow));
    s.wait_for(&format!("Blue {blue}  Yellow {yellow}"));

    // A resize below the minimum asks to enlarge; back to 80×24 the board returns.
    s.resize(40, 12);
    s.wait_for("Please enlarge");
    s.resize(80, 24);
    s.wait_for(&format!("Blue {blue}  Yellow {yellow}"));

    // Quitting a game in progress asks; a no keeps playing, a yes quits cleanly.
    s.type_keys("q");
    s.wait_for("Quit the game in progress?");
    s.type_keys("n");
    s.wait_for("Yellow to move");
    s.type_keys("q");
    s.wait_for("Quit the game in progress?");
    s.type_keys("y");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
}

#[test]
fn against_the_ai_it_answers_and_ctrl_c_quits_at_once() {
    let mut s = Session::start(&["play", "--ai", "easy", "--seed", "1"], 80, 24);
    s.wait_for("easy AI");
    s.type_keys("b2");
    // The AI replies on its own: move 2 appears in the list, and it is Blue's turn again.
    s.wait_for(" 2 Y ");
    s.wait_for("Blue to move");
    s.send("\x03");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
}

#[test]
fn quitting_while_the_ai_thinks_does_not_wait_for_it() {
    let mut s = Session::start(&["play", "--ai", "hard", "--think-ms", "5000"], 80, 24);
    s.wait_for("hard AI");
    s.type_keys("b2");
    s.wait_for(" 1 B b2");
    let start = Instant::now();
    s.send("\x03");
    assert_eq!(s.exit_code(), 0);
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "Ctrl-C waited for the AI"
    );
    assert_restored(&s);
}

#[test]
fn without_a_terminal_it_fails_cleanly() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_hijara"))
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("needs a terminal"), "{stderr}");
}
