//! Bytes typed at a terminal, as terminal events: parsed by `terminput` (the same
//! escape sequences crossterm reads from a local terminal), never by hand. The
//! server reads an SSH channel with it, and the background query the keys typed
//! during its wait.

use ratatui::crossterm::event::Event;

/// The longest incomplete sequence kept while waiting for its end: more is garbage.
const MAX_PENDING: usize = 64;

/// Turns typed bytes (an SSH channel's, or those read during the background query's
/// wait) into terminal events. A sequence split across two
/// packets is kept until it is whole; bytes that are no event are dropped, as crossterm
/// drops them.
#[derive(Debug, Default)]
pub struct InputParser {
    pending: Vec<u8>,
}

impl InputParser {
    /// A parser with nothing pending.
    pub fn new() -> InputParser {
        InputParser::default()
    }

    /// The events in `bytes` (after any kept from before), in order.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut events = Vec::new();
        for &byte in bytes {
            self.pending.push(byte);
            self.advance(&mut events);
        }
        // An escape byte alone at the end of a packet is the Escape key: the keys
        // that start with one arrive whole.
        if self.pending == [0x1b] {
            self.pending.clear();
            push(&mut events, terminput::Event::parse_from(&[0x1b]));
        }
        if self.pending.len() > MAX_PENDING {
            self.pending.clear();
        }
        events
    }

    /// Parses what is pending, if it is a whole event: a lone escape waits for more.
    fn advance(&mut self, events: &mut Vec<Event>) {
        if self.pending == [0x1b] {
            return;
        }
        if mouse_at_cell_0(&self.pending) {
            self.pending.clear();
            return;
        }
        match terminput::Event::parse_from(&self.pending) {
            Ok(Some(event)) => {
                self.pending.clear();
                push(events, Ok(Some(event)));
            }
            // Incomplete: wait for more.
            Ok(None) => {}
            Err(_) => self.pending.clear(),
        }
    }
}

/// Whether `sequence` is a whole mouse report (SGR's `CSI < b;x;y M` or `m`, rxvt's
/// `CSI b;x;y M`) at column or row 0. Terminals count cells from 1, and terminput
/// takes 1 off unchecked: a peer's `CSI < 0;0;0 M` panicked where overflow is checked
/// (a debug build's connection task, every test's server) and came out as a click
/// at column 65535 where it is not. No terminal sends one: it is garbage, dropped.
fn mouse_at_cell_0(sequence: &[u8]) -> bool {
    let Some(body) = sequence.strip_prefix(b"\x1b[") else {
        return false;
    };
    let (body, sgr) = match body.strip_prefix(b"<") {
        Some(body) => (body, true),
        None => (body, false),
    };
    let Some((&last, fields)) = body.split_last() else {
        return false;
    };
    let report = last == b'M' || (sgr && last == b'm');
    // terminput reads rxvt's form only after a digit.
    if !report || (!sgr && !fields.first().is_some_and(u8::is_ascii_digit)) {
        return false;
    }
    // The column and the row, read as terminput reads them.
    fields.split(|&b| b == b';').skip(1).take(2).any(|field| {
        std::str::from_utf8(field)
            .ok()
            .and_then(|field| field.parse::<u16>().ok())
            == Some(0)
    })
}

fn push(events: &mut Vec<Event>, parsed: std::io::Result<Option<terminput::Event>>) {
    if let Ok(Some(event)) = parsed
        && let Ok(event) = terminput_crossterm::to_crossterm(event)
    {
        events.push(event);
    }
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::{KeyCode, KeyModifiers};

    use super::*;

    fn keys(events: &[Event]) -> Vec<(KeyCode, KeyModifiers)> {
        events
            .iter()
            .filter_map(|e| e.as_key_press_event())
            .map(|k| (k.code, k.modifiers))
            .collect()
    }

    #[test]
    fn plain_keys_arrows_and_control_keys() {
        let mut parser = InputParser::new();
        let events = parser.feed(b"b3\x1b[A\r\x03");
        assert_eq!(
            keys(&events),
            [
                (KeyCode::Char('b'), KeyModifiers::NONE),
                (KeyCode::Char('3'), KeyModifiers::NONE),
                (KeyCode::Up, KeyModifiers::NONE),
                (KeyCode::Enter, KeyModifiers::NONE),
                (KeyCode::Char('c'), KeyModifiers::CONTROL),
            ]
        );
    }

    #[test]
    fn a_sequence_split_across_packets_is_kept_until_whole() {
        let mut parser = InputParser::new();
        assert!(parser.feed(b"\x1b[").is_empty());
        assert_eq!(
            keys(&parser.feed(b"B")),
            [(KeyCode::Down, KeyModifiers::NONE)]
        );
        assert_eq!(
            keys(&parser.feed(b"\x1b")),
            [(KeyCode::Esc, KeyModifiers::NONE)]
        );
    }

    #[test]
    fn a_mouse_click_and_utf8_arrive_as_events() {
        let mut parser = InputParser::new();
        let events = parser.feed(b"\x1b[<0;10;5M");
        assert!(matches!(events[..], [Event::Mouse(_)]), "{events:?}");
        assert_eq!(
            keys(&parser.feed("é".as_bytes())),
            [(KeyCode::Char('é'), KeyModifiers::NONE)]
        );
    }

    /// Focus reports (`CSI I`, `CSI O`, sent once focus reporting is on) arrive as
    /// events, so a player in another window can be told of their move.
    #[test]
    fn focus_reports_arrive_as_events() {
        let mut parser = InputParser::new();
        assert_eq!(
            parser.feed(b"\x1b[O\x1b[I"),
            [Event::FocusLost, Event::FocusGained]
        );
    }

    /// A mouse report at column or row 0 is no event, and what follows it is read as
    /// ever. Failed before: terminput's unchecked `- 1` panicked (overflow is checked
    /// in tests and debug builds; a release build made it a click at column 65535).
    #[test]
    fn a_mouse_report_at_cell_0_is_dropped() {
        let mut parser = InputParser::new();
        let reports: [&[u8]; 5] = [
            b"\x1b[<0;0;5M",
            b"\x1b[<0;5;0m",
            b"\x1b[32;0;1M",
            b"\x1b[32;1;+0M",
            b"\x1b[<64;00;1M",
        ];
        for report in reports {
            assert!(parser.feed(report).is_empty(), "{report:?}");
        }
        let events = parser.feed(b"\x1b[<0;1;1Mx");
        assert!(
            matches!(&events[..], [Event::Mouse(m), Event::Key(_)] if (m.column, m.row) == (0, 0)),
            "{events:?}"
        );
    }

    /// Garbage never panics and never grows the pending bytes without bound.
    #[test]
    fn random_bytes_are_bounded_and_harmless() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(19);
        let mut parser = InputParser::new();
        for _ in 0..2_000 {
            let len = rng.random_range(0..200);
            let bytes: Vec<u8> = (0..len).map(|_| rng.random()).collect();
            let _ = parser.feed(&bytes);
            assert!(parser.pending.len() <= MAX_PENDING);
        }
    }
}
