//! Telling the player that it is their move, once the other side's move has arrived:
//! the bell, and a desktop notification when the terminal is known to be in the
//! background (focus reporting, `CSI ?1004h`: the terminal sends `CSI I` and `CSI O`).
//!
//! Pure: [`Alerts::bytes`] says what to write for a terminal's focus; the event loop
//! writes it through its backend ([`super::table_link::Bell`]), so a served session's
//! terminal can be told the same way.
//!
//! The notification protocols: OSC 9 (iTerm2, WezTerm, Windows Terminal, ghostty,
//! foot, Konsole …), OSC 777 (rxvt-unicode's and VTE's `notify`), OSC 99 (kitty). A
//! terminal is sent one of them, never two, so one move makes at most one
//! notification; inside tmux it is wrapped for tmux's passthrough (tmux 3.3 and later
//! pass it on with `set -g allow-passthrough on`).

use ratatui::crossterm::event::Event;

/// What the terminal has said of its focus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Focus {
    /// Nothing yet: a terminal that reports focus says so at its first change.
    #[default]
    Unknown,
    /// The player's window has the focus.
    Focused,
    /// Another window has it: the player is doing something else.
    Unfocused,
}

impl Focus {
    /// The focus a terminal event reports, if it is a focus event.
    pub fn of(event: &Event) -> Option<Focus> {
        match event {
            Event::FocusGained => Some(Focus::Focused),
            Event::FocusLost => Some(Focus::Unfocused),
            _ => None,
        }
    }
}

/// How a terminal shows a desktop notification.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Notifier {
    /// `OSC 9 ; body ST`.
    #[default]
    Osc9,
    /// `OSC 777 ; notify ; title ; body ST`.
    Osc777,
    /// kitty's `OSC 99 ; ; title ST`.
    Kitty,
}

/// What a terminal's environment says of it, for the notifications.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TerminalEnv {
    /// `TERM`.
    pub term: Option<String>,
    /// `TERM_PROGRAM`.
    pub term_program: Option<String>,
    /// `KITTY_WINDOW_ID` is set (kitty sets it, and it survives into tmux).
    pub kitty: bool,
    /// `VTE_VERSION` is set (GNOME Terminal, Tilix and the other VTE terminals).
    pub vte: bool,
    /// `TMUX` is set: inside tmux.
    pub tmux: bool,
}

impl TerminalEnv {
    /// This process's environment.
    pub fn read() -> TerminalEnv {
        let var = |name| std::env::var(name).ok().filter(|v| !v.is_empty());
        TerminalEnv {
            term: var("TERM"),
            term_program: var("TERM_PROGRAM"),
            kitty: var("KITTY_WINDOW_ID").is_some(),
            vte: var("VTE_VERSION").is_some(),
            tmux: var("TMUX").is_some(),
        }
    }

    /// A terminal known only by its `TERM` (a served client's: its other variables
    /// never reach the server), which comes from outside: a terminal's name is short
    /// and plain, so anything else in it is dropped and it is cut at 64 characters. A
    /// `tmux*` one is inside tmux.
    pub fn of_term(term: Option<&str>) -> TerminalEnv {
        let term = term
            .map(|t| {
                t.chars()
                    .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '+'))
                    .take(64)
                    .collect::<String>()
            })
            .filter(|t| !t.is_empty());
        TerminalEnv {
            tmux: term.as_deref().is_some_and(|t| t.starts_with("tmux")),
            term,
            ..TerminalEnv::default()
        }
    }

    /// The one protocol to use: kitty's for kitty, OSC 777 for rxvt-unicode and the
    /// VTE terminals, OSC 9 for the others.
    pub fn notifier(&self) -> Notifier {
        let term = self.term.as_deref().unwrap_or("");
        if self.kitty || term == "xterm-kitty" {
            Notifier::Kitty
        } else if self.vte || term.starts_with("rxvt") {
            Notifier::Osc777
        } else {
            Notifier::Osc9
        }
    }
}

/// How the player is told that it is their move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alerts {
    /// The bell (BEL).
    pub bell: bool,
    /// A desktop notification too, when the terminal is known not to be focused.
    pub notify: bool,
    /// The protocol the terminal understands.
    pub notifier: Notifier,
    /// Inside tmux: the notification is wrapped for its passthrough.
    pub tmux: bool,
}

impl Alerts {
    /// Nothing at all.
    pub const OFF: Alerts = Alerts {
        bell: false,
        notify: false,
        notifier: Notifier::Osc9,
        tmux: false,
    };

    /// The bell and notifications as the preferences say, for the terminal `env`.
    pub fn new(bell: bool, notify: bool, env: &TerminalEnv) -> Alerts {
        Alerts {
            bell,
            notify,
            notifier: env.notifier(),
            tmux: env.tmux,
        }
    }

    /// What to write to the terminal when the other side's move makes it the player's,
    /// the terminal's focus being `focus`: the bell, and before it a notification
    /// (`title`, `body`) when the terminal is known to be in the background (where the
    /// focus is unknown, the bell alone). Empty when nothing is to be written.
    pub fn bytes(&self, focus: Focus, title: &str, body: &str) -> Vec<u8> {
        let mut out = Vec::new();
        if self.notify && focus == Focus::Unfocused {
            let sequence = notification(self.notifier, &clean(title), &clean(body));
            out.extend(if self.tmux {
                passthrough(&sequence)
            } else {
                sequence
            });
        }
        if self.bell {
            out.push(0x07);
        }
        out
    }
}

/// `text` with no control character, and none of the separators the sequences use.
fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() || c == ';' { ' ' } else { c })
        .collect()
}

/// The notification's escape sequence, ended by ST (`ESC \`), as each protocol reads.
fn notification(notifier: Notifier, title: &str, body: &str) -> Vec<u8> {
    let text = match notifier {
        Notifier::Osc9 => format!("\x1b]9;{title}: {body}\x1b\\"),
        Notifier::Osc777 => format!("\x1b]777;notify;{title};{body}\x1b\\"),
        Notifier::Kitty => format!("\x1b]99;;{title}: {body}\x1b\\"),
    };
    text.into_bytes()
}

/// `sequence` wrapped for tmux's passthrough: `ESC P tmux ;`, the sequence with each
/// ESC doubled, then ST.
fn passthrough(sequence: &[u8]) -> Vec<u8> {
    let mut out = b"\x1bPtmux;".to_vec();
    for &b in sequence {
        if b == 0x1b {
            out.push(0x1b);
        }
        out.push(b);
    }
    out.extend_from_slice(b"\x1b\\");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const ON: Alerts = Alerts {
        bell: true,
        notify: true,
        notifier: Notifier::Osc9,
        tmux: false,
    };

    #[test]
    fn a_terminal_in_the_background_gets_a_notification_as_well_as_the_bell() {
        assert_eq!(ON.bytes(Focus::Focused, "Hijara", "x"), b"\x07");
        assert_eq!(ON.bytes(Focus::Unknown, "Hijara", "x"), b"\x07");
        assert_eq!(
            ON.bytes(Focus::Unfocused, "Hijara", "Yellow played c3"),
            b"\x1b]9;Hijara: Yellow played c3\x1b\\\x07"
        );
        let quiet = Alerts {
            bell: false,
            notify: false,
            ..ON
        };
        assert_eq!(quiet.bytes(Focus::Unfocused, "Hijara", "x"), b"");
        let bell_only = Alerts {
            notify: false,
            ..ON
        };
        assert_eq!(bell_only.bytes(Focus::Unfocused, "Hijara", "x"), b"\x07");
    }

    #[test]
    fn one_protocol_per_terminal_and_tmux_passes_it_through() {
        let env = |term: &str| TerminalEnv {
            term: Some(term.to_owned()),
            ..TerminalEnv::default()
        };
        assert_eq!(env("xterm-kitty").notifier(), Notifier::Kitty);
        assert_eq!(env("rxvt-unicode-256color").notifier(), Notifier::Osc777);
        assert_eq!(env("xterm-256color").notifier(), Notifier::Osc9);
        let gnome = TerminalEnv {
            vte: true,
            ..env("xterm-256color")
        };
        assert_eq!(gnome.notifier(), Notifier::Osc777);
        let kitty_in_tmux = TerminalEnv {
            kitty: true,
            tmux: true,
            ..env("tmux-256color")
        };
        let alerts = Alerts::new(true, true, &kitty_in_tmux);
        assert_eq!(
            alerts.bytes(Focus::Unfocused, "Hijara", "b3"),
            b"\x1bPtmux;\x1b\x1b]99;;Hijara: b3\x1b\x1b\\\x1b\\\x07"
        );
        let vte = Alerts::new(false, true, &gnome);
        assert_eq!(
            vte.bytes(Focus::Unfocused, "Hijara", "b3"),
            b"\x1b]777;notify;Hijara;b3\x1b\\"
        );
    }

    /// A served client's `TERM` alone decides, cleaned: kitty's name gives kitty's
    /// protocol, tmux's the passthrough.
    #[test]
    fn a_served_terminal_is_known_by_its_term_alone() {
        let kitty = TerminalEnv::of_term(Some("xterm-kitty"));
        assert_eq!(kitty.notifier(), Notifier::Kitty);
        assert!(!kitty.tmux);
        let tmux = TerminalEnv::of_term(Some("tmux-256color"));
        assert!(tmux.tmux);
        assert_eq!(tmux.notifier(), Notifier::Osc9);
        let odd = TerminalEnv::of_term(Some("xterm\x1b]0;x\x07-256color"));
        assert_eq!(odd.term.as_deref(), Some("xterm0x-256color"));
        assert_eq!(
            TerminalEnv::of_term(Some(&"x".repeat(1000)))
                .term
                .unwrap()
                .len(),
            64
        );
        assert_eq!(TerminalEnv::of_term(Some("\x07")), TerminalEnv::default());
    }

    #[test]
    fn no_control_character_or_separator_from_the_text_reaches_the_terminal() {
        let out = ON.bytes(Focus::Unfocused, "Hi\x07jara", "a;b\x1b]0;pwned");
        assert_eq!(out, b"\x1b]9;Hi jara: a b ]0 pwned\x1b\\\x07");
    }
}
