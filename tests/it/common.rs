//! Helpers shared by the end-to-end tests: the real `hijara` binary in a pseudo-terminal,
//! read through a vt100 parser. Each session gets its own data folder (`HIJARA_DATA_DIR`),
//! so no test touches the user's autosave.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::num::NonZero;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use hijara::ai::Seat;
use hijara::record::Record;
use hijara::session::GameConfig;
use hijara::ui::{AiRequest, App, AppView, Effect, Input, Look, ReplayState, ReplayView, input_of};
use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::{Frame, Terminal};

/// `config` with proptest's XorShift generator rather than its default ChaCha20:
/// the same cases and strategies, drawn about ten times faster (record_props'
/// 2000-case parser test went from 17 s to 1.6 s; ChaCha20's rounds were most of
/// its time). Failures persisted with `cc` seeds still replay with ChaCha20.
pub fn quick_rng(config: proptest::test_runner::Config) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        rng_algorithm: proptest::test_runner::RngAlgorithm::XorShift,
        ..config
    }
}

/// How long to wait for the screen to show something before failing.
pub const TIMEOUT: Duration = Duration::from_secs(20);

pub struct Session {
    master: Box<dyn MasterPty + Send>,
    /// Shared with the reader, which answers the terminal queries it is given.
    writer: Arc<Mutex<Box<dyn Write + Send>>>,
    child: Box<dyn Child + Send + Sync>,
    parser: Arc<Mutex<vt100::Parser>>,
    raw: Arc<Mutex<Vec<u8>>>,
    /// The reader met the end of the output (the child and its children exited).
    ended: Arc<std::sync::atomic::AtomicBool>,
    /// The child's data folder, removed when the session ends (unless shared).
    _data: Option<tempfile::TempDir>,
}

/// A terminal's answer to a query a program writes (`ESC ] 11 ; ?`: the background
/// colour), sent after `delay`.
#[derive(Clone)]
pub struct Answer {
    pub query: &'static [u8],
    pub answer: Vec<u8>,
    pub delay: Duration,
}

/// A terminal that knows no OSC 11 but answers DA1 (`ESC [ c`), as every terminal
/// does: `hijara`'s start reads up to that answer, so it waits for nothing, and no
/// late answer is looked for (a silent terminal holds an Esc pressed in the first
/// three seconds until the late-answer window ends: `background_query`).
pub fn answers_da1() -> Vec<Answer> {
    vec![Answer {
        query: b"\x1b[c",
        answer: b"\x1b[?62;22c".to_vec(),
        delay: Duration::ZERO,
    }]
}

pub fn size(cols: u16, rows: u16) -> PtySize {
    PtySize {
        rows,
        cols,
        pixel_width: 0,
        pixel_height: 0,
    }
}

impl Session {
    /// Starts `hijara ARGS` in a `cols`×`rows` terminal with a data folder of its own.
    pub fn start(args: &[&str], cols: u16, rows: u16) -> Session {
        let data = tempfile::tempdir().unwrap();
        let mut session = Session::start_in(args, cols, rows, data.path(), None);
        session._data = Some(data);
        session
    }

    /// Starts `hijara ARGS` with `data` as its data folder, in `cwd` if given.
    pub fn start_in(
        args: &[&str],
        cols: u16,
        rows: u16,
        data: &Path,
        cwd: Option<&Path>,
    ) -> Session {
        let mut cmd = Session::command(args, data, &[]);
        if let Some(cwd) = cwd {
            cmd.cwd(cwd);
        }
        Session::spawn(cmd, cols, rows)
    }

    /// `hijara ARGS` with `data` as its data folder, in the isolated environment
    /// ([`ISOLATED_ENV`]) with `env` over it.
    fn command(args: &[&str], data: &Path, env: &[(&str, &str)]) -> CommandBuilder {
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_hijara"));
        cmd.args(args);
        Session::isolate(&mut cmd, data, env);
        cmd
    }

    /// `sh -c SCRIPT` in the environment `hijara` gets here ([`Session::command`]),
    /// `$HIJARA` naming the binary: a shell around it, to see what reaches the shell
    /// after it.
    pub fn shell(script: &str, data: &Path) -> CommandBuilder {
        let mut cmd = CommandBuilder::new("sh");
        cmd.args(["-c", script]);
        Session::isolate(&mut cmd, data, &[]);
        cmd.env("HIJARA", env!("CARGO_BIN_EXE_hijara"));
        cmd
    }

    fn isolate(cmd: &mut CommandBuilder, data: &Path, env: &[(&str, &str)]) {
        cmd.env("TERM", "xterm-256color");
        for (name, value) in ISOLATED_ENV {
            match value {
                Some(value) => cmd.env(name, value),
                None => cmd.env_remove(name),
            }
        }
        cmd.env("HIJARA_DATA_DIR", data);
        for (name, value) in env {
            cmd.env(name, value);
        }
    }

    /// Starts `hijara ARGS` with `data` as its data folder and `env` over the isolated
    /// environment (a config file of the test's own, say).
    pub fn start_with_env(
        args: &[&str],
        cols: u16,
        rows: u16,
        data: &Path,
        env: &[(&str, &str)],
    ) -> Session {
        Session::spawn(Session::command(args, data, env), cols, rows)
    }

    /// Starts `cmd` (any program) in a `cols`×`rows` terminal that answers DA1, as
    /// every real terminal does ([`answers_da1`]); one that answers nothing is
    /// [`Session::spawn_answering`] with no answers.
    pub fn spawn(cmd: CommandBuilder, cols: u16, rows: u16) -> Session {
        Session::spawn_answering(cmd, cols, rows, answers_da1())
    }

    /// Starts `hijara ARGS` as [`Session::start_with_env`] does, in a terminal that
    /// answers each query of `answers` (the bytes the program writes) with its
    /// answer, after its delay, as a terminal would.
    pub fn start_answering(
        args: &[&str],
        data: &Path,
        env: &[(&str, &str)],
        answers: Vec<Answer>,
    ) -> Session {
        Session::spawn_answering(Session::command(args, data, env), 80, 24, answers)
    }

    /// Starts `cmd` in a `cols`×`rows` terminal that answers `answers`.
    pub fn spawn_answering(
        cmd: CommandBuilder,
        cols: u16,
        rows: u16,
        answers: Vec<Answer>,
    ) -> Session {
        let pair = native_pty_system().openpty(size(cols, rows)).unwrap();
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
        let ended = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let e = Arc::clone(&ended);
        let writer = Arc::new(Mutex::new(pair.master.take_writer().unwrap()));
        let answering = Arc::clone(&writer);
        thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // Where the search for each query goes on from.
            let mut searched = vec![0; answers.len()];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                p.lock().unwrap().process(&buf[..n]);
                let mut raw = r.lock().unwrap();
                raw.extend_from_slice(&buf[..n]);
                // Every answer due from this read, in the order of its delay.
                let mut due = Vec::new();
                for (answer, from) in answers.iter().zip(searched.iter_mut()) {
                    let Some(at) = raw[*from..]
                        .windows(answer.query.len())
                        .position(|w| w == answer.query)
                    else {
                        continue;
                    };
                    *from += at + answer.query.len();
                    due.push((answer.delay, answer.answer.clone()));
                }
                if due.is_empty() {
                    continue;
                }
                due.sort_by_key(|(delay, _)| *delay);
                // One thread writes them all, each at its time after the query: parts
                // of one answer come in their order even when the thread wakes late
                // (a thread each could wake out of order on a loaded machine).
                let (to, asked) = (Arc::clone(&answering), Instant::now());
                thread::spawn(move || {
                    for (delay, bytes) in due {
                        thread::sleep((asked + delay).saturating_duration_since(Instant::now()));
                        let mut to = to.lock().unwrap();
                        let _ = to.write_all(&bytes);
                        let _ = to.flush();
                    }
                });
            }
            e.store(true, std::sync::atomic::Ordering::SeqCst);
        });
        Session {
            master: pair.master,
            writer,
            child,
            parser,
            raw,
            ended,
            _data: None,
        }
    }

    pub fn screen(&self) -> String {
        self.parser.lock().unwrap().screen().contents()
    }

    /// Every cell of the screen: its text, foreground and background colours.
    pub fn cells(&self) -> Vec<(String, vt100::Color, vt100::Color)> {
        let parser = self.parser.lock().unwrap();
        let screen = parser.screen();
        let (rows, cols) = screen.size();
        (0..rows.get())
            .flat_map(|row| (0..cols.get()).map(move |col| (row, col)))
            .filter_map(|(row, col)| screen.cell(row, col))
            .map(|cell| (cell.contents().to_owned(), cell.fgcolor(), cell.bgcolor()))
            .collect()
    }

    /// What of the terminal a full screen changes is still changed: the alternate
    /// screen, the cursor hidden, the mouse reported (empty once all are restored).
    pub fn left_changed(&self) -> Vec<&'static str> {
        let parser = self.parser.lock().unwrap();
        let screen = parser.screen();
        let mut changed = Vec::new();
        if screen.alternate_screen() {
            changed.push("the alternate screen");
        }
        if screen.hide_cursor() {
            changed.push("the cursor hidden");
        }
        if screen.mouse_protocol_mode() != vt100::MouseProtocolMode::None {
            changed.push("the mouse reported");
        }
        changed
    }

    /// The character under the terminal's cursor, if the cursor is shown.
    pub fn under_cursor(&self) -> Option<String> {
        let parser = self.parser.lock().unwrap();
        let screen = parser.screen();
        if screen.hide_cursor() {
            return None;
        }
        let (row, col) = screen.cursor_position();
        screen.cell(row, col).map(|c| c.contents().to_owned())
    }

    /// Waits until `done` holds of the session (what arrives after a frame, such as
    /// the cursor's place or a bell, may come a moment after the text waited for);
    /// fails naming `what`, with the screen, after [`TIMEOUT`].
    pub fn wait_until(&self, what: &str, done: impl Fn(&Session) -> bool) {
        let start = Instant::now();
        while start.elapsed() < TIMEOUT {
            if done(self) {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        panic!(
            "timed out waiting for {what}; under the cursor {:?}; the screen:\n{}",
            self.under_cursor(),
            self.screen()
        );
    }

    /// Waits until the screen contains `text`; fails with the screen after [`TIMEOUT`].
    pub fn wait_for(&self, text: &str) {
        self.wait_for_within(text, TIMEOUT);
    }

    /// Waits up to `timeout` until the screen contains `text`; fails with the screen.
    pub fn wait_for_within(&self, text: &str, timeout: Duration) {
        let start = Instant::now();
        while start.elapsed() < timeout {
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

    pub fn send(&mut self, bytes: &str) {
        let mut writer = self.writer.lock().unwrap();
        writer.write_all(bytes.as_bytes()).unwrap();
        writer.flush().unwrap();
    }

    /// Types keys one at a time, as a person would (one key per read).
    pub fn type_keys(&mut self, keys: &str) {
        for c in keys.chars() {
            self.send(&c.to_string());
            thread::sleep(Duration::from_millis(5));
        }
    }

    pub fn resize(&self, cols: u16, rows: u16) {
        // The parser first: the program redraws as soon as the pty's size changes.
        self.parser
            .lock()
            .unwrap()
            .screen_mut()
            .set_size(NonZero::new(rows).unwrap(), NonZero::new(cols).unwrap());
        self.master.resize(size(cols, rows)).unwrap();
    }

    /// Waits for the process to exit and for the reader to take all it wrote, then
    /// returns its exit code: the screen after it is the last one. (The reader is a
    /// thread of its own, which a loaded machine can leave behind the exit: before s32
    /// a screen read at once could miss the last line, 9 runs in 60 of
    /// `serve_openssh::the_system_ssh_client_shows_the_last_line_of_a_server_that_stops`
    /// with the cores busy.)
    pub fn exit_code(&mut self) -> u32 {
        let start = Instant::now();
        while start.elapsed() < TIMEOUT {
            if let Some(status) = self.child.try_wait().unwrap() {
                self.wait_until("the end of the output", |s| {
                    s.ended.load(std::sync::atomic::Ordering::SeqCst)
                });
                return status.exit_code();
            }
            thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        panic!("hijara did not exit; the screen:\n{}", self.screen());
    }

    /// Watches the terminal's mode (the pty's line discipline) on a thread of its own
    /// until the watch is stopped: whether it was ever back in cooked mode (canonical,
    /// the keys echoed) while watched. A program that switches the terminal back and
    /// forth between two screens shows it.
    #[cfg(unix)]
    pub fn watch_cooked(&self) -> CookedWatch {
        let fd = self.master.as_raw_fd().unwrap();
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        // The watch starts once its first look is taken: on a loaded machine the
        // thread could otherwise first run after the screens it is meant to watch.
        let (started, first_look) = std::sync::mpsc::channel();
        let thread = thread::spawn(move || {
            let mut samples = 0u64;
            let mut started = Some(started);
            while samples == 0 || !stopped.load(std::sync::atomic::Ordering::SeqCst) {
                // SAFETY: `termios` is plain data, filled by `tcgetattr` on the pty's
                // master, which the session keeps open while it is watched.
                let mut termios: libc::termios = unsafe { std::mem::zeroed() };
                let looked = unsafe { libc::tcgetattr(fd, &mut termios) } == 0;
                assert!(looked, "tcgetattr on the pty failed");
                samples += 1;
                if let Some(started) = started.take() {
                    let _ = started.send(());
                }
                if termios.c_lflag & libc::ICANON != 0 {
                    return (true, samples);
                }
            }
            (false, samples)
        });
        first_look
            .recv_timeout(Duration::from_secs(10))
            .expect("the cooked-mode watch took no first look");
        CookedWatch { stop, thread }
    }

    /// How many bytes sent to the program wait unread in its terminal's input queue
    /// (the pty's slave side, opened through `/proc` and asked with `FIONREAD`):
    /// 0 once the program has read all that was sent.
    #[cfg(target_os = "linux")]
    pub fn unread_input(&self) -> usize {
        let path = format!("/proc/{}/fd/0\0", self.pid());
        // SAFETY: a NUL-ended path; the descriptor is ours, closed below. O_NOCTTY:
        // the test's process takes no controlling terminal by it.
        let fd = unsafe {
            libc::open(
                path.as_ptr().cast(),
                libc::O_RDONLY | libc::O_NOCTTY | libc::O_NONBLOCK,
            )
        };
        assert!(
            fd >= 0,
            "cannot open the program's terminal: {}",
            std::io::Error::last_os_error()
        );
        let mut waiting: libc::c_int = 0;
        // SAFETY: FIONREAD writes one int, ours, on the descriptor opened above.
        let asked = unsafe { libc::ioctl(fd, libc::FIONREAD, &raw mut waiting) };
        // SAFETY: closes the descriptor opened above, once.
        unsafe { libc::close(fd) };
        assert_eq!(asked, 0, "FIONREAD on the program's terminal failed");
        usize::try_from(waiting).unwrap_or(0)
    }

    /// How many bytes the program has read in all (`rchar` in `/proc/PID/io`): from
    /// its terminal only, while a screen waits for keys.
    #[cfg(target_os = "linux")]
    pub fn bytes_read(&self) -> u64 {
        let io = std::fs::read_to_string(format!("/proc/{}/io", self.pid())).unwrap();
        io.lines()
            .find_map(|line| line.strip_prefix("rchar: "))
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or_else(|| panic!("no rchar in {io:?}"))
    }

    /// Sends `bytes` and waits until the program has read them all: it has read as
    /// many bytes more, and its terminal's input queue is empty. What is sent next
    /// then comes in a read of its own, whatever the scheduler does. (The queue
    /// alone is not enough: a pty passes what is written to it on a moment later,
    /// from a kernel worker, and the queue is empty until then.) Fails after
    /// [`TIMEOUT`].
    #[cfg(target_os = "linux")]
    pub fn send_and_wait_read(&mut self, bytes: &str) {
        let before = self.bytes_read();
        self.send(bytes);
        let want = before + u64::try_from(bytes.len()).unwrap();
        let start = Instant::now();
        while self.bytes_read() < want || self.unread_input() > 0 {
            assert!(
                start.elapsed() < TIMEOUT,
                "the program did not read {bytes:?}"
            );
            thread::sleep(Duration::from_millis(1));
        }
    }

    /// The child's process id.
    pub fn pid(&self) -> u32 {
        self.child.process_id().unwrap()
    }

    /// Sends the program `signal` (`-TERM`, `-HUP`, ...) with the system's `kill`.
    pub fn signal(&self, signal: &str) {
        let status = std::process::Command::new("kill")
            .args([signal, &self.pid().to_string()])
            .status()
            .unwrap();
        assert!(status.success(), "kill {signal} failed");
    }

    /// Everything the program wrote, once it has all been read (the program exited):
    /// nothing more can come after it.
    pub fn whole_output(&self) -> String {
        self.wait_until("the end of the output", |s| {
            s.ended.load(std::sync::atomic::Ordering::SeqCst)
        });
        self.output()
    }

    /// Everything the program wrote, as text (escape sequences included).
    pub fn output(&self) -> String {
        String::from_utf8_lossy(&self.raw.lock().unwrap()).into_owned()
    }
}

/// A watch of a session's terminal mode ([`Session::watch_cooked`]).
#[cfg(unix)]
pub struct CookedWatch {
    stop: Arc<std::sync::atomic::AtomicBool>,
    thread: thread::JoinHandle<(bool, u64)>,
}

#[cfg(unix)]
impl CookedWatch {
    /// Stops the watch: whether the terminal was seen in cooked mode, and how many
    /// times its mode was read.
    pub fn stop(self) -> (bool, u64) {
        self.stop.store(true, std::sync::atomic::Ordering::SeqCst);
        self.thread.join().unwrap()
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

pub fn assert_restored(session: &Session) {
    // Give the reader thread a moment to drain the last bytes written before exit.
    // The cursor hidden while the screen was drawn is shown again (after SIGTERM it
    // stayed hidden at the shell's prompt).
    let cursor_shown = |output: &str| output.rfind("\x1b[?25h") >= output.rfind("\x1b[?25l");
    let start = Instant::now();
    while start.elapsed() < TIMEOUT && {
        let output = session.output();
        !output.contains("\x1b[?1049l") || !cursor_shown(&output)
    } {
        thread::sleep(Duration::from_millis(20));
    }
    let output = session.output();
    assert!(output.contains("\x1b[?1049l"), "left the alternate screen");
    assert!(output.contains("\x1b[?1000l"), "turned mouse capture off");
    assert!(output.contains("\x1b[?1004l"), "turned focus reporting off");
    assert!(cursor_shown(&output), "showed the cursor again");
}

/// Ctrl-c ends `session` at once: the program exits with 0 and restores the terminal.
#[track_caller]
pub fn ctrl_c_ends_cleanly(session: &mut Session) {
    session.send("\x03");
    assert_eq!(session.exit_code(), 0);
    assert_restored(session);
}

/// The path of the `hijara` binary under test.
pub fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_hijara"))
}

/// The request for the AI among a screen state's `effects`, as the event loop would send it.
pub fn asked(effects: &[Effect]) -> Option<AiRequest> {
    effects.iter().find_map(|e| match e {
        Effect::AskAi(request) => Some(*request),
        _ => None,
    })
}

/// `hijara engine` with `input` on stdin, run to its end: its standard output and
/// how long it ran. A failing exit shows its standard error.
pub fn run_engine(input: &str) -> (String, Duration) {
    use std::process::Stdio;
    let start = Instant::now();
    let mut child = hijara_command()
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
    (
        String::from_utf8(output.stdout).expect("utf-8 output"),
        start.elapsed(),
    )
}

/// A pure screen state the tests drive with keys and draw: a game or the replay viewer.
pub trait Driven {
    /// Hands `input` to the state, as the event loop does.
    fn handle(&mut self, input: Input) -> Vec<Effect>;
    /// The screen area the state was last sized to.
    fn area(&self) -> Rect;
    /// Draws the state over the whole frame.
    fn draw(&self, frame: &mut Frame, look: Look);
}

impl Driven for App {
    fn handle(&mut self, input: Input) -> Vec<Effect> {
        App::handle(self, input)
    }
    fn area(&self) -> Rect {
        App::area(self)
    }
    fn draw(&self, frame: &mut Frame, look: Look) {
        frame.render_widget(&AppView { app: self, look }, frame.area());
    }
}

impl Driven for ReplayState {
    fn handle(&mut self, input: Input) -> Vec<Effect> {
        ReplayState::handle(self, input)
    }
    fn area(&self) -> Rect {
        ReplayState::area(self)
    }
    fn draw(&self, frame: &mut Frame, look: Look) {
        frame.render_widget(&ReplayView { state: self, look }, frame.area());
    }
}

/// A key to press: a [`KeyCode`], or a character for `KeyCode::Char`.
pub struct Key(pub KeyCode);

impl From<KeyCode> for Key {
    fn from(code: KeyCode) -> Key {
        Key(code)
    }
}

impl From<char> for Key {
    fn from(c: char) -> Key {
        Key(KeyCode::Char(c))
    }
}

/// Sends `event` through the loop's own mapping ([`input_of`]); fails loudly if it
/// maps to no input, so a test never silently presses nothing.
pub fn send_event(state: &mut impl Driven, event: &Event) -> Vec<Effect> {
    let Some(input) = input_of(event, state.area()) else {
        panic!("{event:?} maps to no input: the test cannot send it");
    };
    state.handle(input)
}

/// Presses `key` without modifiers; the effects it returns.
pub fn press(state: &mut impl Driven, key: impl Into<Key>) -> Vec<Effect> {
    let Key(code) = key.into();
    send_event(state, &Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

/// Types `text` one character at a time; all the effects, in order.
pub fn typing(state: &mut impl Driven, text: &str) -> Vec<Effect> {
    text.chars().flat_map(|c| press(state, c)).collect()
}

/// Draws `state` in a `width`×`height` test terminal.
pub fn render(state: &impl Driven, width: u16, height: u16, look: Look) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| state.draw(frame, look)).unwrap();
    terminal
}

/// `state` sized to `width`×`height`, as the loop does at start and on a resize.
pub fn sized<S: Driven>(mut state: S, width: u16, height: u16) -> S {
    let _ = state.handle(Input::Resize(width, height));
    state
}

/// What `state` draws in a `width`×`height` test terminal under the plain look.
pub fn drawn(state: &impl Driven, width: u16, height: u16) -> Buffer {
    render(state, width, height, Look::PLAIN)
        .backend()
        .buffer()
        .clone()
}

/// The rows of a drawing, as text.
pub fn rows(buf: &Buffer) -> Vec<String> {
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_owned())
                .collect()
        })
        .collect()
}

/// The records `s` and the safety copies save in `dir` (`hijara-*`), by name.
pub fn saved_records(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("hijara-")
        })
        .collect();
    files.sort();
    files
}

/// `buf`'s rows as one text, and the same with every run of white space one space (a
/// sentence wrapped across rows reads whole).
pub fn screen_and_words(buf: &Buffer) -> (String, String) {
    let screen = rows(buf).join("\n");
    let words = screen.split_whitespace().collect::<Vec<_>>().join(" ");
    (screen, words)
}

/// What `state` draws at 80×24 under the plain look, as text: a line a row.
pub fn screen_text(state: &impl Driven) -> String {
    rows(&drawn(state, 80, 24)).join("\n")
}

/// A game of a person (Blue) against the AI at `level`, thinking 50 ms, seed 1.
pub fn against(level: Seat) -> GameConfig {
    GameConfig {
        seats: [Seat::Human, level],
        think_ms: Some(50),
        seed: 1,
        ..GameConfig::default()
    }
}

/// The replay viewer on a record's `text`, titled `game.hij`.
pub fn viewer(text: &str) -> ReplayState {
    let record: Record = text.parse().unwrap();
    let game = record.to_game().unwrap();
    ReplayState::new("game.hij", &record, game)
}

/// How many times `effects` ask for the autosave: once per change to the game.
pub fn autosaves(effects: &[Effect]) -> usize {
    effects.iter().filter(|e| **e == Effect::Autosave).count()
}

/// Asserts that `effects` change nothing kept: no autosave, save or AI request, and
/// the screen is drawn again (a message, the cursor, an overlay).
#[track_caller]
pub fn only_redraw(effects: &[Effect]) {
    assert!(
        effects.iter().all(|e| *e == Effect::Redraw) && !effects.is_empty(),
        "expected only a redraw: {effects:?}"
    );
}

/// A config file no test writes: every spawned `hijara` reads its preferences from
/// here (so none), never from the developer's own file.
pub const NO_CONFIG: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/no-config-here/config.toml");

/// The environment every spawned `hijara` gets, so no preference or guess comes from
/// the developer's: no config file, a UTF-8 locale (the Unicode board), no palette
/// hints, no terminal but the `TERM` given (the notifications' protocol), no
/// `COLUMNS` (clap wraps help to it off a terminal). `None` removes the variable.
pub const ISOLATED_ENV: [(&str, Option<&str>); 11] = [
    ("HIJARA_CONFIG", Some(NO_CONFIG)),
    ("LANG", Some("C.UTF-8")),
    ("LC_ALL", None),
    ("LC_CTYPE", None),
    ("COLORFGBG", None),
    ("NO_COLOR", None),
    ("TMUX", None),
    ("TERM_PROGRAM", None),
    ("KITTY_WINDOW_ID", None),
    ("VTE_VERSION", None),
    ("COLUMNS", None),
];

/// `cmd` with [`ISOLATED_ENV`].
pub fn isolate(cmd: &mut std::process::Command) -> &mut std::process::Command {
    for (name, value) in ISOLATED_ENV {
        match value {
            Some(value) => cmd.env(name, value),
            None => cmd.env_remove(name),
        };
    }
    cmd
}

/// `hijara` as a plain process, to run to its end with `output()`, isolated.
pub fn hijara_command() -> std::process::Command {
    let mut cmd = std::process::Command::new(binary());
    isolate(&mut cmd);
    cmd
}

/// `hijara` for `assert_cmd`, isolated.
pub fn hijara() -> assert_cmd::Command {
    assert_cmd::Command::from_std(hijara_command())
}

/// [`hijara`] with `args` and a data folder of its own, run to its end, which must
/// exit with `code`: its standard output and standard error.
pub fn outputs_of(args: &[&str], code: i32) -> (String, String) {
    let data = tempfile::tempdir().unwrap();
    let out = hijara()
        .args(args)
        .env("HIJARA_DATA_DIR", data.path())
        .assert()
        .code(code)
        .get_output()
        .clone();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// [`Session::exit_code`] returns once the reader has taken all the program wrote, not
/// at its exit: here the reader is held (its `raw` lock taken) from before the last
/// line until 100 ms after the exit (five of `exit_code`'s 20 ms looks).
#[cfg(unix)]
#[test]
fn the_exit_code_comes_after_the_last_output_is_read() {
    let mut cmd = CommandBuilder::new("/bin/sh");
    cmd.args(["-c", "read line; printf 'the last line'"]);
    let mut s = Session::spawn(cmd, 80, 24);
    let pid = s.pid() as libc::id_t;
    let raw = Arc::clone(&s.raw);
    let (held, holding) = std::sync::mpsc::channel();
    let holder = thread::spawn(move || {
        let _raw = raw.lock().unwrap();
        held.send(()).unwrap();
        // Until the child has exited (seen unreaped, or already reaped by `exit_code`:
        // the call then fails), bounded.
        let start = Instant::now();
        while start.elapsed() < TIMEOUT {
            // SAFETY: `siginfo_t` is plain data; WNOWAIT leaves the child unreaped.
            let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
            let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
            // SAFETY: `info` is a valid siginfo_t the call fills.
            let r = unsafe { libc::waitid(libc::P_PID, pid, &mut info, flags) };
            // SAFETY: `si_pid` is set (or left 0) by a waitid that succeeded.
            if r != 0 || unsafe { info.si_pid() } != 0 {
                break;
            }
            thread::sleep(Duration::from_millis(5));
        }
        thread::sleep(Duration::from_millis(100));
    });
    holding.recv().unwrap();
    s.send("\n");
    assert_eq!(s.exit_code(), 0);
    assert!(s.ended.load(std::sync::atomic::Ordering::SeqCst));
    assert!(s.screen().contains("the last line"), "{}", s.screen());
    holder.join().unwrap();
}
