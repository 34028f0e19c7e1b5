//! Terminal set-up and tear-down: raw mode, the alternate screen, the hidden cursor,
//! mouse capture and focus reporting are undone on every exit path, an error, a panic
//! or a signal. The panic hook and the signal handler that undo them are installed
//! once per process ([`install_restorers`]), however many screens open, and undo only
//! what is on at the time ([`SWITCHED_ON`]), once.

use std::io::{self, IsTerminal, Write, stdout};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use anyhow::{Context, bail};
use ratatui::DefaultTerminal;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{
    DisableFocusChange, DisableMouseCapture, EnableFocusChange, EnableMouseCapture,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    Clear, ClearType, EnterAlternateScreen, disable_raw_mode, enable_raw_mode, size,
};

use crate::session::{Autosave, Kept, unfinished_autosave};
use crate::strings::describe;
use crate::strings::question::Answering;

/// Nothing of ours is on at the terminal.
const NOTHING: u8 = 0;
/// The line mode's raw mode is on ([`RawLines`]).
const RAW_LINES: u8 = 1;
/// The full screen is on ([`Tui`]): raw mode, the alternate screen, mouse and focus
/// reporting.
const FULL_SCREEN: u8 = 2;

/// What this process has switched on at its terminal, for whoever restores it first
/// (the guard's drop, the panic hook, the signal handler) to undo, and the others to
/// leave alone: the screen is left once, not once per restorer. Process-wide
/// because the terminal, the panic hook and the signal handler are: the hook and
/// the handler are installed once per process and take no value of ours.
static SWITCHED_ON: AtomicU8 = AtomicU8::new(NOTHING);

/// Undoes what is switched on, if anything still is.
fn undo() {
    match SWITCHED_ON.swap(NOTHING, Ordering::SeqCst) {
        FULL_SCREEN => {
            stop_reporting();
            // Not `ratatui::restore`: it prints its failure with `eprintln!`, which
            // panics on a terminal that is gone (a closed window), and the signal's
            // handler died with it, leaving the process spinning on the lost input.
            let _ = ratatui::try_restore();
            show_cursor();
        }
        RAW_LINES => {
            let _ = disable_raw_mode();
        }
        _ => {}
    }
}

#[cfg(test)]
thread_local! {
    /// How many times the panic hook of ours ran on this thread (a test's count).
    static HOOK_RUNS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Installs, once per process, the panic hook that restores the terminal before the
/// panic message prints, and the handler of SIGTERM and SIGHUP. Every screen's set-up
/// calls it: each call used to wrap the hook once more, so after a few screens a panic
/// restored the terminal as many times (and left the alternate screen as often).
fn install_restorers() {
    // Process-wide: a panic hook and a signal handler are the process's, so is
    // whether they are installed.
    static INSTALL: std::sync::Once = std::sync::Once::new();
    INSTALL.call_once(|| {
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // A worker's panic, caught on its thread: its event loop ends or goes on,
            // and restores the terminal once on its way out. Restoring here left the
            // screen drawing on the main screen, the panic's lines among it.
            if crate::caught::noted(info) {
                return;
            }
            #[cfg(test)]
            HOOK_RUNS.with(|runs| runs.set(runs.get() + 1));
            undo();
            hook(info);
        }));
        restore_on_signals();
    });
}

/// The terminal in full-screen mode. Dropping it restores the terminal.
pub(crate) struct Tui {
    /// The ratatui terminal.
    pub(crate) terminal: DefaultTerminal,
}

/// Turns mouse capture and focus reporting off. Nothing to do on failure: the
/// terminal is being torn down anyway.
fn stop_reporting() {
    let _ = execute!(stdout(), DisableMouseCapture, DisableFocusChange);
}

/// Shows the cursor the screens hide. The drop of the ratatui terminal does it on the
/// way out; a signal ends the process without that drop, and `ratatui::restore`
/// leaves the cursor as it is. Nothing to do on failure, as above.
fn show_cursor() {
    let _ = execute!(stdout(), Show);
}

impl Drop for Tui {
    fn drop(&mut self) {
        // Not when a panic or a signal has restored the terminal already.
        if SWITCHED_ON.load(Ordering::SeqCst) == FULL_SCREEN {
            stop_reporting();
            // A blank alternate screen: some terminals (tmux after a resize) show parts
            // of it on the main screen once it is left.
            // (Not `Terminal::clear`: it asks the terminal for the cursor, which can stall.)
            let _ = execute!(stdout(), Clear(ClearType::All));
        }
        undo();
    }
}

/// Enters full-screen mode with the mouse captured, after checking that there is a terminal.
///
/// A panic anywhere afterwards turns mouse capture off, shows the cursor and restores
/// the terminal before the panic message prints; SIGTERM and SIGHUP do the same before
/// the process exits.
pub(crate) fn init() -> anyhow::Result<Tui> {
    if !io::stdin().is_terminal() || !stdout().is_terminal() {
        bail!("the game needs a terminal: stdin and stdout must not be redirected");
    }
    install_restorers();
    enable_raw_mode().context("cannot switch the terminal to full-screen mode")?;
    // From here on a failure, a panic or a signal undoes the whole set-up.
    SWITCHED_ON.store(FULL_SCREEN, Ordering::SeqCst);
    let terminal = execute!(stdout(), EnterAlternateScreen)
        .and_then(|()| ratatui::Terminal::new(ratatui::backend::CrosstermBackend::new(stdout())))
        .context("cannot switch the terminal to full-screen mode");
    let terminal = match terminal {
        Ok(terminal) => terminal,
        Err(error) => {
            undo();
            return Err(error);
        }
    };
    if let Err(error) = execute!(stdout(), EnableMouseCapture, EnableFocusChange) {
        undo();
        return Err(error).context("cannot turn on mouse capture");
    }
    Ok(Tui { terminal })
}

/// `Ctrl-z` on the full screen or in the line mode's raw mode: leaves it as the way
/// out does, stops the process as a shell's job stops (SIGTSTP), and once continued
/// (`fg`) puts back what was on (raw mode, and the full screen's alternate screen and
/// reporting). `false` when neither is on (nothing was done); the caller then draws
/// the whole screen, or the prompt, again. Raw mode hides `Ctrl-z` from the
/// terminal's own handling, so without this it was an unknown key (the full screen)
/// or nothing at all (the line mode).
#[cfg(unix)]
pub(crate) fn suspend() -> bool {
    let on = SWITCHED_ON.load(Ordering::SeqCst);
    if on != FULL_SCREEN && on != RAW_LINES {
        return false;
    }
    undo();
    // SAFETY: raise only sends this process a signal; SIGTSTP's default action stops
    // it here until SIGCONT.
    unsafe {
        libc::raise(libc::SIGTSTP);
    }
    // Continued: the set-up of `init` or `raw_lines` again (a failure leaves the
    // line as it is, and the next draw or the way out reports or undoes what is on).
    if enable_raw_mode().is_err() {
        return true;
    }
    SWITCHED_ON.store(on, Ordering::SeqCst);
    if on == FULL_SCREEN {
        let _ = execute!(
            stdout(),
            EnterAlternateScreen,
            EnableMouseCapture,
            EnableFocusChange
        );
    }
    true
}

/// No job control without unix signals: `Ctrl-z` stays a key.
#[cfg(not(unix))]
pub(crate) fn suspend() -> bool {
    false
}

/// Raw mode for the line mode at this terminal: its keys come one by one and its
/// echo is the line mode's own, with no alternate screen and no escape sequence.
/// Dropping it turns raw mode off.
pub(crate) struct RawLines;

impl Drop for RawLines {
    fn drop(&mut self) {
        undo();
    }
}

/// Turns raw mode on for the line mode; off again on every exit path (the guard
/// dropped, a panic, SIGTERM or SIGHUP).
pub(crate) fn raw_lines() -> anyhow::Result<RawLines> {
    install_restorers();
    enable_raw_mode().context("cannot switch the terminal to raw mode")?;
    SWITCHED_ON.store(RAW_LINES, Ordering::SeqCst);
    Ok(RawLines)
}

/// Whether a game is on screen, so that a signal speaks of the autosave once the
/// terminal is restored: set by the event loop of a session with an autosave (a
/// local game, never a served one). What the autosave holds is the file writer's to
/// say ([`autosave_on_disk`](super::writer::autosave_on_disk)), recorded before a
/// write counts as done; the loop, which learns of a write only on its next turn,
/// decided both before s40, and a signal in between said nothing of a game the file
/// held. Process-wide because a signal is: the handler thread is installed once per
/// process (see [`restore_on_signals`]).
static GAME_ON_SCREEN: AtomicBool = AtomicBool::new(false);

/// The columns a line said after the full screen may take: the terminal's width
/// when it is narrower than [`AFTER_SCREEN_COLUMNS`](crate::text::AFTER_SCREEN_COLUMNS)
/// (at 44 columns an 80-column farewell was broken mid-sentence), else that; the
/// same when the width cannot be read (no terminal, or one hung up).
pub(crate) fn after_screen_columns() -> usize {
    let most = crate::text::AFTER_SCREEN_COLUMNS;
    size().map_or(most, |(columns, _)| match usize::from(columns) {
        0 => most,
        columns => columns.min(most),
    })
}

/// Says whether a game is on screen ([`GAME_ON_SCREEN`]): a signal then says where
/// the autosave keeps it, if the file holds a game in progress.
pub(crate) fn game_on_screen(on: bool) {
    GAME_ON_SCREEN.store(on, Ordering::SeqCst);
}

#[cfg_attr(not(unix), allow(dead_code))]
/// The line to say at a signal: what the autosave holds, read back from disk, so the
/// line tells the moves the file has even when a signal lands between a move's write
/// and the event loop's next word (a save announced is a save made). Nothing when
/// the file holds no game in progress.
fn said_at_signal(kept: Option<&Autosave>) -> Option<String> {
    let autosave = kept?;
    let loaded = unfinished_autosave(autosave).ok()??;
    let kept = Kept::Autosave(autosave.path().to_path_buf());
    // Said on standard error at a signal, whichever face was open: the full
    // screen's wording, as it was.
    Some(describe::farewell(&kept, &loaded.game, Answering::Keys))
}

/// On SIGTERM or SIGHUP (a `kill`, a closed terminal window), ends the process as
/// [`end_as_at`] does. Installed once, on a thread of its own.
#[cfg(unix)]
fn restore_on_signals() {
    use signal_hook::consts::{SIGHUP, SIGTERM};
    use signal_hook::iterator::Signals;
    // Without the handler the default action (exit) still keeps the autosave.
    let Ok(mut signals) = Signals::new([SIGTERM, SIGHUP]) else {
        return;
    };
    let _ = std::thread::Builder::new()
        .name("hijara-signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                end_as_at(signal);
            }
        });
}

#[cfg(not(unix))]
fn restore_on_signals() {}

/// Ends the process at a hang-up of its terminal seen without the signal (SIGHUP
/// ignored by the shell that leads the terminal's session, which then passes none
/// on): as at SIGHUP, with 129 ([`end_as_at`]).
#[cfg(unix)]
pub(crate) fn hung_up() -> ! {
    end_as_at(signal_hook::consts::SIGHUP)
}

/// Waits for the writes queued on the file writer (at most
/// [`SIGNAL_WAIT`](super::writer::SIGNAL_WAIT)), stops the writes in progress
/// ([`crate::session::stop_writes`]: their temporary files removed), restores the terminal, says on standard error that the game is
/// kept for `hijara resume` when a game is on screen ([`game_on_screen`]) and the
/// autosave the writer last wrote holds it, read back, and
/// exits with 128 + `signal`, as a shell reports a death by it. The game itself is
/// already safe: the autosave is rewritten after every move. The first of the signal's thread and the
/// hang-up watch to come here ends the process; the other waits for the exit.
#[cfg(unix)]
fn end_as_at(signal: i32) -> ! {
    // Process-wide: the signal's thread and the hang-up watch, which share no
    // value, both come here, and the process ends once.
    static ENDING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    // Held to the exit: a second comer never says the line again.
    let _ending = ENDING.lock().unwrap_or_else(|p| p.into_inner());
    // The process exits whatever befalls the farewell: at a hang-up the terminal is
    // gone, and every write to it fails.
    // A move's autosave queued on the file writer a moment ago (the screen shows the
    // move before its file is on disk) is given a moment to get there first.
    super::writer::wait_for_writes(super::writer::SIGNAL_WAIT);
    // Held to the exit: no write starts again, and none in progress leaves its
    // temporary file behind (the file it was to replace stays as it was).
    let _writes = crate::session::stop_writes();
    // Held to the exit: a frame the event loop is drawing stops at its next write, so
    // none of it lands on the main screen after the way out (seen once: a frame's
    // bytes among the farewell at SIGHUP). The lock is reentrant, so `undo` writes.
    let _screen = io::stdout().lock();
    let _ = std::panic::catch_unwind(|| {
        undo();
        // Read once the writes asked are done (or cut): the writer records what it
        // left on disk before it counts a write done.
        let kept = GAME_ON_SCREEN
            .load(Ordering::SeqCst)
            .then(super::writer::autosave_on_disk)
            .flatten();
        if let Some(line) = said_at_signal(kept.as_ref()) {
            // Not `eprintln!`, which panics when the write fails.
            let line = crate::text::wrap_message(&line, after_screen_columns());
            let _ = writeln!(io::stderr(), "{line}");
        }
    });
    std::process::exit(128 + signal);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A worker's panic caught on its thread leaves the terminal to the event loop,
    /// which restores it once on its way out; the hook notes where, for the message.
    #[test]
    fn a_worker_panic_caught_on_its_thread_is_left_to_its_event_loop() {
        install_restorers();
        let before = HOOK_RUNS.with(std::cell::Cell::get);
        let failed = crate::caught::catching(|| -> u8 { panic!("a worker's panic") });
        let message = failed.unwrap_err();
        // The hook only noted where: no restore, no message printed.
        assert!(
            message.starts_with("a worker's panic (at src/ui/terminal.rs:"),
            "{message}"
        );
        assert_eq!(HOOK_RUNS.with(std::cell::Cell::get), before);
    }

    /// However many screens set the terminal up, a panic runs the hook of ours once:
    /// every screen used to wrap the hook anew, so after the start screen and a game a
    /// panic restored the terminal twice, and more after each lesson or puzzle.
    #[test]
    fn the_panic_hook_is_installed_once() {
        for _ in 0..3 {
            install_restorers();
        }
        // Nothing is switched on in a test: the hook restores nothing.
        assert_eq!(SWITCHED_ON.load(Ordering::SeqCst), NOTHING);
        let before = HOOK_RUNS.with(std::cell::Cell::get);
        let panicked = std::panic::catch_unwind(|| panic!("a test's panic"));
        assert!(panicked.is_err());
        assert_eq!(HOOK_RUNS.with(std::cell::Cell::get) - before, 1);
    }

    /// The line is said only while its autosave holds a game in progress, and it tells
    /// the moves the file holds, read back at the signal (not what the event loop last
    /// counted, which a signal between a move's write and the loop's next word misses).
    #[test]
    fn a_signal_says_what_the_autosave_on_disk_holds() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("autosave.hij");
        let kept = Autosave::at(path.clone());
        assert_eq!(said_at_signal(None), None);
        assert_eq!(said_at_signal(Some(&kept)), None, "no file");
        std::fs::write(&path, "").unwrap();
        assert_eq!(said_at_signal(Some(&kept)), None, "an empty file");
        std::fs::write(&path, "1. b2 c3 2. a1 *\n").unwrap();
        let line = said_at_signal(Some(&kept)).expect("a game in progress");
        assert!(line.starts_with("The game is kept (3 moves,"), "{line}");
        assert!(line.contains("hijara resume"), "{line}");
        std::fs::write(&path, "1. b2 c3 2. a1 b2 *\n").unwrap();
        let line = said_at_signal(Some(&kept)).expect("a game in progress");
        assert!(line.starts_with("The game is kept (4 moves,"), "{line}");
        std::fs::write(&path, "1. b2 zz *\n").unwrap();
        assert_eq!(said_at_signal(Some(&kept)), None, "a damaged file");
        std::fs::remove_file(&path).unwrap();
        std::fs::create_dir(&path).unwrap();
        assert_eq!(said_at_signal(Some(&kept)), None, "a folder");
    }
}
