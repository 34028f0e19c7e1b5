//! Every key binding, in one place: a key press becomes an [`Action`].
//!
//! The help overlay reads [`HELP`] from here, so the bindings and their
//! documentation cannot drift apart.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A direction for the cursor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Towards row 1.
    Up,
    /// Towards row 4.
    Down,
    /// Towards column a.
    Left,
    /// Towards column d.
    Right,
}

/// What a key asks for. The app decides what it means in its current state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Move the cursor one square.
    Cursor(Direction),
    /// Place a stone on the cursor's square.
    Place,
    /// A column letter typed (0 = `a` .. 3 = `d`): the first half of a square name.
    Column(u8),
    /// A row digit typed (0 = `1` .. 3 = `4`): the second half of a square name.
    Row(u8),
    /// Take back a move (against the AI: your move and its reply).
    Undo,
    /// Play again a move taken back.
    Redo,
    /// Ask the hard AI for a move for the player to move.
    Hint,
    /// Save the game to a record file.
    Save,
    /// Start a new game (asks first when one is in progress).
    NewGame,
    /// Show or hide the help.
    Help,
    /// Quit (asks first when a game is in progress).
    Quit,
    /// Quit at once (`Ctrl-C`).
    ForceQuit,
    /// Answer yes to a question.
    Yes,
    /// Answer no to a question, or close an overlay.
    No,
}

/// Which bindings apply: they differ while a question or the help is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyContext {
    /// The board has the keys.
    Board,
    /// The help overlay is shown: any key closes it.
    Help,
    /// A yes/no question is asked: `y` says yes, anything else no.
    Question,
}

/// The keys and what they do, for the help overlay.
pub const HELP: &[(&str, &str)] = &[
    ("arrows / h j k l", "move the cursor"),
    ("Enter / Space", "place a stone on the cursor's square"),
    ("a-d then 1-4", "place on the square named (e.g. b3)"),
    ("mouse click", "place on the square clicked"),
    ("u", "undo (against the AI: your move and its reply)"),
    ("U / Ctrl-r", "redo"),
    ("t", "hint: the hard AI's move for the player to move"),
    ("s", "save the game as a .hij record"),
    ("n", "new game"),
    ("?", "show or hide this help"),
    ("q / Esc", "quit (asks while a game is in progress)"),
    ("Ctrl-c", "quit at once"),
];

/// The action a key press asks for in `context`, if any. Call it with key presses only.
pub fn action(key: KeyEvent, context: KeyContext) -> Option<Action> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('C')) {
        return Some(Action::ForceQuit);
    }
    match context {
        KeyContext::Help => Some(Action::No),
        KeyContext::Question => match key.code {
            KeyCode::Char('y') | KeyCode::Char('Y') => Some(Action::Yes),
            _ => Some(Action::No),
        },
        KeyContext::Board => board_action(key.code, ctrl),
    }
}

fn board_action(code: KeyCode, ctrl: bool) -> Option<Action> {
    if ctrl {
        return match code {
            KeyCode::Char('r') | KeyCode::Char('R') => Some(Action::Redo),
            _ => None,
        };
    }
    let action = match code {
        KeyCode::Up | KeyCode::Char('k') => Action::Cursor(Direction::Up),
        KeyCode::Down | KeyCode::Char('j') => Action::Cursor(Direction::Down),
        KeyCode::Left | KeyCode::Char('h') => Action::Cursor(Direction::Left),
        KeyCode::Right | KeyCode::Char('l') => Action::Cursor(Direction::Right),
        KeyCode::Enter | KeyCode::Char(' ') => Action::Place,
        KeyCode::Char(c @ 'a'..='d') => Action::Column(c as u8 - b'a'),
        KeyCode::Char(c @ '1'..='4') => Action::Row(c as u8 - b'1'),
        KeyCode::Char('u') => Action::Undo,
        KeyCode::Char('U') => Action::Redo,
        KeyCode::Char('t') => Action::Hint,
        KeyCode::Char('s') => Action::Save,
        KeyCode::Char('n') => Action::NewGame,
        KeyCode::Char('?') => Action::Help,
        KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
        _ => return None,
    };
    Some(action)
}

/// What a key asks of the replay viewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayAction {
    /// Step this many moves (negative: back).
    Step(i32),
    /// Go to the start (no move played).
    Start,
    /// Go to the last move.
    End,
    /// Start typing a move number to jump to.
    Goto,
    /// A digit of the move number being typed.
    Digit(u8),
    /// Rub out the last digit typed.
    Backspace,
    /// Jump to the move number typed.
    Jump,
    /// Start or stop autoplay.
    Autoplay,
    /// Autoplay faster.
    Faster,
    /// Autoplay slower.
    Slower,
    /// Play on from the move shown (asks first when later moves would be dropped).
    Continue,
    /// Show or hide the help.
    Help,
    /// Leave the viewer.
    Quit,
    /// Leave at once (`Ctrl-C`).
    ForceQuit,
    /// Answer yes to a question.
    Yes,
    /// Answer no, close an overlay, or stop typing a move number.
    No,
}

/// Which replay bindings apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayContext {
    /// Watching: the viewer's keys.
    Viewer,
    /// A move number is being typed after `g`.
    Goto,
    /// The help is shown: any key closes it.
    Help,
    /// A yes/no question: `y` says yes, anything else no.
    Question,
}

/// The replay viewer's keys, for its help overlay.
pub const REPLAY_HELP: &[(&str, &str)] = &[
    ("→ / l, ← / h", "next move, previous move"),
    ("PgDn / PgUp", "ten moves on, ten moves back"),
    ("Home / End", "the start, the last move"),
    ("g 23 Enter", "jump to move 23 (g 0 for the start)"),
    ("Space", "autoplay on or off"),
    ("+ / -", "autoplay faster, slower"),
    ("c", "play on from the move shown (later moves dropped)"),
    ("?", "show or hide this help"),
    ("q / Esc", "quit"),
    ("Ctrl-c", "quit at once"),
];

/// The replay action a key press asks for in `context`, if any.
pub fn replay_action(key: KeyEvent, context: ReplayContext) -> Option<ReplayAction> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('C')) {
        return Some(ReplayAction::ForceQuit);
    }
    let action = match context {
        ReplayContext::Help => ReplayAction::No,
        ReplayContext::Question => match key.code {
            KeyCode::Char('y') | KeyCode::Char('Y') => ReplayAction::Yes,
            _ => ReplayAction::No,
        },
        ReplayContext::Goto => match key.code {
            KeyCode::Char(c @ '0'..='9') => ReplayAction::Digit(c as u8 - b'0'),
            KeyCode::Backspace => ReplayAction::Backspace,
            KeyCode::Enter => ReplayAction::Jump,
            _ => ReplayAction::No,
        },
        ReplayContext::Viewer => match key.code {
            _ if ctrl => return None,
            KeyCode::Right | KeyCode::Char('l') => ReplayAction::Step(1),
            KeyCode::Left | KeyCode::Char('h') => ReplayAction::Step(-1),
            KeyCode::PageDown => ReplayAction::Step(10),
            KeyCode::PageUp => ReplayAction::Step(-10),
            KeyCode::Home => ReplayAction::Start,
            KeyCode::End => ReplayAction::End,
            KeyCode::Char('g') => ReplayAction::Goto,
            KeyCode::Char(' ') => ReplayAction::Autoplay,
            KeyCode::Char('+') | KeyCode::Char('=') => ReplayAction::Faster,
            KeyCode::Char('-') | KeyCode::Char('_') => ReplayAction::Slower,
            KeyCode::Char('c') => ReplayAction::Continue,
            KeyCode::Char('?') => ReplayAction::Help,
            KeyCode::Char('q') | KeyCode::Esc => ReplayAction::Quit,
            _ => return None,
        },
    };
    Some(action)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn board_keys() {
        let b = KeyContext::Board;
        assert_eq!(
            action(key(KeyCode::Char('k')), b),
            Some(Action::Cursor(Direction::Up))
        );
        assert_eq!(
            action(key(KeyCode::Left), b),
            Some(Action::Cursor(Direction::Left))
        );
        assert_eq!(action(key(KeyCode::Char(' ')), b), Some(Action::Place));
        assert_eq!(action(key(KeyCode::Char('c')), b), Some(Action::Column(2)));
        assert_eq!(action(key(KeyCode::Char('4')), b), Some(Action::Row(3)));
        assert_eq!(action(key(KeyCode::Char('5')), b), None);
        assert_eq!(action(key(KeyCode::Char('U')), b), Some(Action::Redo));
        let ctrl_r = KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL);
        assert_eq!(action(ctrl_r, b), Some(Action::Redo));
        assert_eq!(action(key(KeyCode::Esc), b), Some(Action::Quit));
    }

    #[test]
    fn ctrl_c_quits_everywhere() {
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        for context in [KeyContext::Board, KeyContext::Help, KeyContext::Question] {
            assert_eq!(action(ctrl_c, context), Some(Action::ForceQuit));
        }
    }

    #[test]
    fn questions_need_an_explicit_yes() {
        let q = KeyContext::Question;
        assert_eq!(action(key(KeyCode::Char('y')), q), Some(Action::Yes));
        assert_eq!(action(key(KeyCode::Char('q')), q), Some(Action::No));
        assert_eq!(action(key(KeyCode::Enter), q), Some(Action::No));
    }
}
