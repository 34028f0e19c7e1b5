//! The line mode's line editor, for a terminal with no line discipline of its own
//! (the local terminal in raw mode, a client's pty at the server): the typed line
//! echoed and edited, a history, and lines from the game printed above the typed
//! line, which is then shown again. It writes no escape sequence: a carriage return
//! and the line written again move the cursor, and spaces rub out, so what a screen
//! reader hears is plain text.
//!
//! No line-editing crate does this: they draw with escape sequences (cursor moves,
//! erase-line) and need a terminal of their own, which the server does not have.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::text;

/// The prompt before the typed line.
const PROMPT: &str = "> ";
/// The longest line taken, in columns: commands are short, and a typed line that
/// wrapped could not be drawn again with a carriage return alone.
pub(crate) const MAX_COLUMNS: usize = 72;
/// Lines kept in the history.
const HISTORY: usize = 100;
/// The longest line taken, in bytes: a few for each column.
const MAX_BYTES: usize = 8 * MAX_COLUMNS;

/// What a key comes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Edit {
    /// Nothing yet (a character typed, the cursor moved).
    Typing,
    /// A line was entered.
    Line(String),
    /// Ctrl-c: quit at once.
    Interrupt,
    /// Ctrl-d on an empty line: the end of input.
    End,
    /// Ctrl-z ([`crate::ui::keymap::suspends`]): stop as a shell's job, where the
    /// terminal can ([`Editor::stopping`] first; once continued, [`Editor::redraw`]
    /// puts the prompt and the typed line back). Nothing is written for it.
    Suspend,
}

/// The typed line, its cursor and the history.
#[derive(Debug, Clone, Default)]
pub(crate) struct Editor {
    text: Vec<char>,
    /// Where the next character goes, as an index into `text`.
    cursor: usize,
    history: Vec<String>,
    /// The history line shown while browsing it, and the line typed before.
    browsing: Option<(usize, Vec<char>)>,
    /// The prompt and typed line are on screen, the cursor on their row.
    shown: bool,
    /// Columns the prompt and typed line took when last written.
    drawn: usize,
}

/// What a key does to the typed line: the editor's bindings, the usual ones of a
/// shell's line editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Insert(char),
    /// Backspace, Ctrl-h.
    RubBack,
    /// Delete, Ctrl-d on a line with text.
    RubForward,
    /// Left, Ctrl-b.
    Left,
    /// Right, Ctrl-f.
    Right,
    /// Home, Ctrl-a.
    Home,
    /// End, Ctrl-e.
    End,
    /// Up, Ctrl-p: back in the history.
    Back,
    /// Down, Ctrl-n: forward in the history.
    Forward,
    /// Ctrl-u: the text before the cursor.
    KillBefore,
    /// Ctrl-k: the text from the cursor on.
    KillAfter,
    /// Ctrl-w: the word before the cursor.
    KillWord,
    /// Enter, Ctrl-j, Ctrl-m.
    Enter,
    /// Ctrl-c.
    Interrupt,
    /// Ctrl-d on an empty line.
    EndOfInput,
    /// Ctrl-z.
    Suspend,
    Nothing,
}

impl Op {
    /// What `key` does, the typed line being `empty` or not.
    fn of(key: KeyEvent, empty: bool) -> Op {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        match (key.code, ctrl) {
            (KeyCode::Char('c'), true) => Op::Interrupt,
            _ if crate::ui::keymap::suspends(key) => Op::Suspend,
            (KeyCode::Char('d'), true) if empty => Op::EndOfInput,
            (KeyCode::Enter, _) | (KeyCode::Char('j' | 'm'), true) => Op::Enter,
            (KeyCode::Char(c), false) if !alt => Op::Insert(c),
            (KeyCode::Backspace, _) | (KeyCode::Char('h'), true) => Op::RubBack,
            (KeyCode::Delete, _) | (KeyCode::Char('d'), true) => Op::RubForward,
            (KeyCode::Left, _) | (KeyCode::Char('b'), true) => Op::Left,
            (KeyCode::Right, _) | (KeyCode::Char('f'), true) => Op::Right,
            (KeyCode::Home, _) | (KeyCode::Char('a'), true) => Op::Home,
            (KeyCode::End, _) | (KeyCode::Char('e'), true) => Op::End,
            (KeyCode::Up, _) | (KeyCode::Char('p'), true) => Op::Back,
            (KeyCode::Down, _) | (KeyCode::Char('n'), true) => Op::Forward,
            (KeyCode::Char('u'), true) => Op::KillBefore,
            (KeyCode::Char('k'), true) => Op::KillAfter,
            (KeyCode::Char('w'), true) => Op::KillWord,
            _ => Op::Nothing,
        }
    }
}

impl Editor {
    /// The line typed so far.
    pub(crate) fn typed(&self) -> String {
        self.text.iter().collect()
    }

    /// Takes `key`; writes to `out` what shows the change.
    pub(crate) fn key(&mut self, key: KeyEvent, out: &mut String) -> Edit {
        match Op::of(key, self.text.is_empty()) {
            Op::Interrupt => return Edit::Interrupt,
            Op::EndOfInput => return Edit::End,
            Op::Suspend => return Edit::Suspend,
            Op::Enter => return self.enter(out),
            Op::Insert(c) => {
                if self.insert(c) && self.cursor == self.text.len() && self.shown {
                    // Typing at the end: the character alone, as a terminal echoes.
                    out.push(c);
                    self.drawn = text::width(PROMPT) + text::width(&self.typed());
                    return Edit::Typing;
                }
            }
            Op::RubBack => {
                if let Some(before) = self.cursor.checked_sub(1) {
                    self.cursor = before;
                    self.text.remove(before);
                }
            }
            Op::RubForward => {
                if self.cursor < self.text.len() {
                    self.text.remove(self.cursor);
                }
            }
            Op::Left => self.cursor = self.cursor.saturating_sub(1),
            Op::Right => self.cursor = (self.cursor + 1).min(self.text.len()),
            Op::Home => self.cursor = 0,
            Op::End => self.cursor = self.text.len(),
            Op::Back => self.browse(true),
            Op::Forward => self.browse(false),
            Op::KillBefore => {
                self.text.drain(..self.cursor);
                self.cursor = 0;
            }
            Op::KillAfter => self.text.truncate(self.cursor),
            Op::KillWord => {
                let mut start = self.cursor;
                while start > 0 && self.text[start - 1] == ' ' {
                    start -= 1;
                }
                while start > 0 && self.text[start - 1] != ' ' {
                    start -= 1;
                }
                self.text.drain(start..self.cursor);
                self.cursor = start;
            }
            Op::Nothing => {}
        }
        self.redraw(out);
        Edit::Typing
    }

    /// Puts `c` at the cursor when it is safe and the line has room for it: in
    /// columns, in bytes, and in the marks one letter may carry (a mark takes no
    /// column, so without them a line took marks without end).
    fn insert(&mut self, c: char) -> bool {
        if text::is_unsafe(c) {
            return false;
        }
        let mut longer = self.text.clone();
        longer.insert(self.cursor, c);
        let longer: String = longer.into_iter().collect();
        let fits = text::width(&longer) <= MAX_COLUMNS
            && longer.len() <= MAX_BYTES
            && matches!(
                text::cap_marks(&longer, text::MAX_MARKS),
                std::borrow::Cow::Borrowed(_)
            );
        if !fits {
            return false;
        }
        self.text.insert(self.cursor, c);
        self.cursor += 1;
        true
    }

    /// Pasted text: typed as characters, line breaks left out.
    pub(crate) fn paste(&mut self, pasted: &str, out: &mut String) {
        for c in pasted.chars().filter(|&c| !text::is_unsafe(c)) {
            if !self.insert(c) {
                break;
            }
        }
        self.redraw(out);
    }

    fn enter(&mut self, out: &mut String) -> Edit {
        let line = self.typed();
        if !line.trim().is_empty() && self.history.last() != Some(&line) {
            if self.history.len() == HISTORY {
                self.history.remove(0);
            }
            self.history.push(line.clone());
        }
        self.text.clear();
        self.cursor = 0;
        self.browsing = None;
        if !self.shown {
            self.redraw(out);
        }
        out.push_str("\r\n");
        self.shown = false;
        self.drawn = 0;
        Edit::Line(line)
    }

    /// Up (`back`) or down the history; below its newest line, the line typed before.
    fn browse(&mut self, back: bool) {
        let len = self.history.len();
        let at = match (&self.browsing, back) {
            (None, true) if len > 0 => Some(len - 1),
            (None, _) => return,
            (Some((i, _)), true) => Some(i.saturating_sub(1)),
            (Some((i, _)), false) if i + 1 < len => Some(i + 1),
            (Some(_), false) => None,
        };
        match at {
            Some(i) => {
                let draft = match self.browsing.take() {
                    Some((_, draft)) => draft,
                    None => std::mem::take(&mut self.text),
                };
                self.text = self.history[i].chars().collect();
                self.browsing = Some((i, draft));
            }
            None => {
                if let Some((_, draft)) = self.browsing.take() {
                    self.text = draft;
                }
            }
        }
        self.cursor = self.text.len();
    }

    /// Writes the prompt and the typed line again over the row they are on, rubbing
    /// out what is left of a longer one, and puts the cursor back where it was.
    pub(crate) fn redraw(&mut self, out: &mut String) {
        let typed = self.typed();
        let width = text::width(PROMPT) + text::width(&typed);
        out.push('\r');
        out.push_str(PROMPT);
        out.push_str(&typed);
        let rub = self.drawn.saturating_sub(width);
        if rub > 0 || self.cursor < self.text.len() {
            out.push_str(&" ".repeat(rub));
            out.push('\r');
            out.push_str(PROMPT);
            out.extend(&self.text[..self.cursor]);
        }
        self.drawn = width;
        self.shown = true;
    }

    /// Writes `lines` above the typed line (over it, rubbing out what is left of it),
    /// then the prompt and the typed line again.
    pub(crate) fn above(&mut self, lines: &[String], out: &mut String) {
        for (i, line) in lines.iter().enumerate() {
            if i == 0 && self.shown {
                out.push('\r');
                out.push_str(line);
                let rub = self.drawn.saturating_sub(text::width(line));
                out.push_str(&" ".repeat(rub));
            } else {
                out.push_str(line);
            }
            out.push_str("\r\n");
        }
        if !lines.is_empty() {
            self.shown = false;
            self.drawn = 0;
        }
        if !self.shown {
            self.redraw(out);
        }
    }

    /// Leaves the prompt and the typed line as they are and moves to the next row,
    /// for the shell's `Stopped` when the program stops: a later redraw writes them
    /// again on a row of their own.
    pub(crate) fn stopping(&mut self, out: &mut String) {
        if self.shown {
            out.push_str("\r\n");
        }
        self.shown = false;
        self.drawn = 0;
    }

    /// Rubs the prompt and typed line out, leaving the cursor at the start of their
    /// row, for what the program prints after the line mode.
    pub(crate) fn leave(&mut self, out: &mut String) {
        if self.shown {
            out.push('\r');
            out.push_str(&" ".repeat(self.drawn));
            out.push('\r');
        }
        self.shown = false;
        self.drawn = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn ctrl(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
    }

    /// QA (s17): Ctrl-z did nothing in the line mode's raw mode. It is now the
    /// key table's suspend: the typed line is kept, `stopping` moves under it for the
    /// shell's words, and a redraw puts the prompt and the line back.
    #[test]
    fn ctrl_z_stops_and_the_typed_line_comes_back() {
        let mut editor = Editor::default();
        let mut out = String::new();
        typed(&mut editor, "b3", &mut out);
        out.clear();
        assert_eq!(editor.key(ctrl('z'), &mut out), Edit::Suspend);
        assert_eq!(out, "");
        editor.stopping(&mut out);
        assert_eq!(out, "\r\n");
        out.clear();
        editor.above(&[], &mut out);
        assert_eq!(out, "\r> b3");
        assert_eq!(
            editor.key(key(KeyCode::Enter), &mut String::new()),
            Edit::Line("b3".into())
        );
        // A plain z is typed.
        assert_eq!(editor.key(key(KeyCode::Char('z')), &mut out), Edit::Typing);
        assert_eq!(editor.typed(), "z");
    }

    fn typed(editor: &mut Editor, text: &str, out: &mut String) {
        for c in text.chars() {
            editor.key(key(KeyCode::Char(c)), out);
        }
    }

    /// Only printable characters, carriage returns and line feeds are written.
    fn plain(out: &str) {
        assert!(
            out.chars()
                .all(|c| !c.is_control() || c == '\r' || c == '\n'),
            "{out:?}"
        );
    }

    #[test]
    fn typing_editing_and_entering_a_line() {
        let mut editor = Editor::default();
        let mut out = String::new();
        editor.above(&[], &mut out);
        assert_eq!(out, "\r> ");
        out.clear();
        typed(&mut editor, "b4", &mut out);
        assert_eq!(out, "b4", "echoed as typed");
        out.clear();
        editor.key(key(KeyCode::Backspace), &mut out);
        assert_eq!(out, "\r> b \r> b", "rubbed out with a space");
        typed(&mut editor, "3", &mut out);
        editor.key(key(KeyCode::Left), &mut out);
        editor.key(key(KeyCode::Left), &mut out);
        typed(&mut editor, "x", &mut out);
        editor.key(key(KeyCode::Delete), &mut out);
        assert_eq!(editor.typed(), "x3");
        editor.key(ctrl('a'), &mut out);
        editor.key(key(KeyCode::Delete), &mut out);
        typed(&mut editor, "b", &mut out);
        plain(&out);
        out.clear();
        assert_eq!(
            editor.key(key(KeyCode::Enter), &mut out),
            Edit::Line("b3".into())
        );
        assert_eq!(out, "\r\n");
        // Ctrl-w rubs out a word, Ctrl-u the line.
        typed(&mut editor, "claim 25", &mut out);
        editor.key(ctrl('w'), &mut out);
        assert_eq!(editor.typed(), "claim ");
        editor.key(ctrl('u'), &mut out);
        assert_eq!(editor.typed(), "");
        assert_eq!(editor.key(ctrl('d'), &mut out), Edit::End);
        assert_eq!(editor.key(ctrl('c'), &mut out), Edit::Interrupt);
        plain(&out);
    }

    #[test]
    fn the_history_goes_back_and_comes_back_to_the_draft() {
        let mut editor = Editor::default();
        let mut out = String::new();
        for line in ["board", "b3", "b3"] {
            typed(&mut editor, line, &mut out);
            editor.key(key(KeyCode::Enter), &mut out);
        }
        typed(&mut editor, "sc", &mut out);
        editor.key(key(KeyCode::Up), &mut out);
        assert_eq!(editor.typed(), "b3");
        editor.key(key(KeyCode::Up), &mut out);
        assert_eq!(editor.typed(), "board", "a line repeated is kept once");
        editor.key(key(KeyCode::Up), &mut out);
        assert_eq!(editor.typed(), "board");
        editor.key(key(KeyCode::Down), &mut out);
        editor.key(key(KeyCode::Down), &mut out);
        assert_eq!(editor.typed(), "sc", "back to the line being typed");
        plain(&out);
    }

    #[test]
    fn a_line_arriving_while_typing_goes_above_and_the_typed_line_comes_back() {
        let mut editor = Editor::default();
        let mut out = String::new();
        editor.above(&[], &mut out);
        typed(&mut editor, "cla", &mut out);
        out.clear();
        editor.above(
            &["Yellow c2, section 1.".into(), "Your move.".into()],
            &mut out,
        );
        assert_eq!(out, "\rYellow c2, section 1.\r\nYour move.\r\n\r> cla");
        // A short line rubs out the rest of the typed line under it.
        out.clear();
        editor.above(&["ok".into()], &mut out);
        assert_eq!(out, "\rok   \r\n\r> cla");
        out.clear();
        editor.leave(&mut out);
        assert_eq!(out, "\r     \r");
    }

    #[test]
    fn a_line_is_capped_and_control_characters_are_not_taken() {
        let mut editor = Editor::default();
        let mut out = String::new();
        typed(&mut editor, &"x".repeat(200), &mut out);
        assert_eq!(editor.typed().len(), MAX_COLUMNS);
        editor.key(ctrl('u'), &mut out);
        editor.paste("b3\u{1b}[2J\n", &mut out);
        assert_eq!(editor.typed(), "b3[2J");
        plain(&out);
    }

    /// Marks take no column: a letter takes no more than a few (found by the strangers
    /// helper: a client's line took 500 stacked on one letter, the full-screen
    /// message line three).
    #[test]
    fn a_line_takes_no_more_marks_on_a_letter_than_a_message_does() {
        let mut editor = Editor::default();
        let mut out = String::new();
        typed(
            &mut editor,
            &format!("say e{}x", "\u{301}".repeat(500)),
            &mut out,
        );
        let marks = "\u{301}".repeat(text::MAX_MARKS);
        assert_eq!(editor.typed(), format!("say e{marks}x"));
        editor.key(ctrl('u'), &mut out);
        // Vietnamese, decomposed: two marks on a letter, taken as typed.
        typed(&mut editor, "Vie\u{302}\u{323}t", &mut out);
        assert_eq!(editor.typed(), "Vie\u{302}\u{323}t");
    }
}
