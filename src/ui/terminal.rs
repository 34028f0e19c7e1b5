//! Terminal set-up and tear-down: raw mode, the alternate screen, mouse capture and
//! focus reporting are undone on every exit path, an error or a panic.

use std::io::{self, IsTerminal, stdout};

use anyhow::{Context, bail};
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{
    DisableFocusChange, DisableMouseCapture, EnableFocusChange, EnableMouseCapture,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{Clear, ClearType};

/// The terminal in full-screen mode. Dropping it restores the terminal.
pub(crate) struct Tui {
    /// The ratatui terminal.
    pub(crate) terminal: DefaultTerminal,
    _mouse: MouseCapture,
}

/// Mouse capture and focus reporting (the terminal says when its window gains or
/// loses the focus, so the player is told of their move when away), on while this
/// guard lives.
struct MouseCapture;

impl MouseCapture {
    fn enable() -> io::Result<MouseCapture> {
        execute!(stdout(), EnableMouseCapture, EnableFocusChange)?;
        Ok(MouseCapture)
    }
}

/// Turns mouse capture and focus reporting off. Nothing to do on failure: the
/// terminal is being torn down anyway.
fn stop_reporting() {
    let _ = execute!(stdout(), DisableMouseCapture, DisableFocusChange);
}

impl Drop for MouseCapture {
    fn drop(&mut self) {
        stop_reporting();
    }
}

impl Drop for Tui {
    fn drop(&mut self) {
        // Fields drop after this body, so turn the mouse off first, explicitly.
        stop_reporting();
        // A blank alternate screen: some terminals (tmux after a resize) show parts of it
        // on the main screen once it is left.
        // (Not `Terminal::clear`: it asks the terminal for the cursor, which can stall.)
        let _ = execute!(stdout(), Clear(ClearType::All));
        ratatui::restore();
    }
}

/// Enters full-screen mode with the mouse captured, after checking that there is a terminal.
///
/// A panic anywhere afterwards turns mouse capture off and restores the terminal
/// (ratatui's hook) before the panic message prints.
pub(crate) fn init() -> anyhow::Result<Tui> {
    if !io::stdin().is_terminal() || !stdout().is_terminal() {
        bail!("the game needs a terminal: stdin and stdout must not be redirected");
    }
    let terminal = ratatui::try_init().context("cannot switch the terminal to full-screen mode");
    let terminal = match terminal {
        Ok(terminal) => terminal,
        Err(error) => {
            ratatui::restore();
            return Err(error);
        }
    };
    // Wraps ratatui's hook, which restores the screen and then prints the panic.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        stop_reporting();
        hook(info);
    }));
    restore_on_signals();
    let mouse = match MouseCapture::enable() {
        Ok(mouse) => mouse,
        Err(error) => {
            ratatui::restore();
            return Err(error).context("cannot turn on mouse capture");
        }
    };
    Ok(Tui {
        terminal,
        _mouse: mouse,
    })
}

/// On SIGTERM or SIGHUP (a `kill`, a closed terminal window), restores the terminal and
/// exits with 128 + the signal's number. The game itself is already safe: the autosave
/// is rewritten after every move. Installed once, on a thread of its own.
#[cfg(unix)]
fn restore_on_signals() {
    use signal_hook::consts::{SIGHUP, SIGTERM};
    use signal_hook::iterator::Signals;
    static INSTALL: std::sync::Once = std::sync::Once::new();
    INSTALL.call_once(|| {
        // Without the handler the default action (exit) still keeps the autosave.
        let Ok(mut signals) = Signals::new([SIGTERM, SIGHUP]) else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("hijara-signals".into())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    stop_reporting();
                    ratatui::restore();
                    std::process::exit(128 + signal);
                }
            });
    });
}

#[cfg(not(unix))]
fn restore_on_signals() {}
