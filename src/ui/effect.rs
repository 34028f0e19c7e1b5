//! What goes into a screen state and what comes out: [`Input`] in (a terminal event
//! turned into one by [`input_of`]), a list of [`Effect`]s out, carried out by the
//! one event loop (as gitui's `queue.rs`).

use ratatui::crossterm::event::{Event, KeyEvent, MouseButton, MouseEventKind};
use ratatui::layout::Rect;

use crate::rules::Square;

use super::ai_worker::AiRequest;
use super::keymap::{self, Action, KeyContext};
use super::layout::ScreenLayout;
use super::puzzle_check::CheckRequest;
use super::table_link::Request;

/// An input, already translated from the terminal: clicks arrive as squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// A key press (releases and repeats never get here).
    Key(KeyEvent),
    /// A left click: on this square of the board, or off the board (`None`).
    Click(Option<Square>),
    /// A left click on the row of this item of a menu (the start screen, the lessons).
    Pick(usize),
    /// The terminal's new size (columns, rows).
    Resize(u16, u16),
    /// The timer the state asked for fired (the thinking indicator, autoplay).
    Tick,
}

/// A terminal event as the state sees it: key presses only, clicks as squares of the
/// game's board (the screen `area` places it), resizes. `None` for anything else.
pub fn input_of(event: &Event, area: Rect) -> Option<Input> {
    if let Some(key) = event.as_key_press_event() {
        return Some(Input::Key(key));
    }
    match event {
        Event::Resize(width, height) => Some(Input::Resize(*width, *height)),
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => Some(
            Input::Click(ScreenLayout::square_at(area, mouse.column, mouse.row)),
        ),
        _ => None,
    }
}

/// Whether `event` is a turn of the mouse wheel: `Some(true)` down (towards the end),
/// `Some(false)` up.
pub(crate) fn wheel(event: &Event) -> Option<bool> {
    match event {
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::ScrollDown => Some(true),
            MouseEventKind::ScrollUp => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// The cell of a left click, if `event` is one.
pub(crate) fn left_click(event: &Event) -> Option<(u16, u16)> {
    match event {
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
            Some((mouse.column, mouse.row))
        }
        _ => None,
    }
}

/// Something for the event loop to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// Something on screen changed: draw again.
    Redraw,
    /// The game's moves changed (a move, undo, redo, new game): rewrite the autosave.
    Autosave,
    /// A clock runs: rewrite the autosave with the thinking on the turn under way, so
    /// a `kill -9` gives back at most [`crate::session::NOTE_THINKING_EVERY`] of it.
    NoteThinking,
    /// Write the game to a record file (`s`).
    Save,
    /// Write the progress of the puzzle or lesson screen to the data folder (after a
    /// puzzle's first try, a lesson done).
    SaveProgress,
    /// The game just ended: keep it in the history (once per game; the storage knows).
    Archive,
    /// The autosaved game was taken up: the session may rewrite its autosave.
    ResumedAutosave,
    /// The game's people changed seats (a rematch with sides swapped): the session's
    /// records name them as the screen now does.
    PeopleSeated,
    /// Send this request to the AI worker.
    AskAi(AiRequest),
    /// Send this wrong puzzle move to the puzzle check worker, to learn what it costs.
    CheckPuzzle(CheckRequest),
    /// Start the state's timer again from now (autoplay switched on, or the move shown changed).
    RestartTimer,
    /// Start analysing the replay viewer's game in the background, feeding the results
    /// back as they arrive (asked once per game).
    Analyse,
    /// Start the deep review of the replay viewer's game over these positions (each
    /// the number of moves before it), in place of any analysis running.
    DeepReview(Vec<usize>),
    /// Stop the replay viewer's analysis running (the deep review, stopped by the player).
    StopAnalysis,
    /// Analyse these positions of the replay viewer's game (each the number of moves
    /// before it) at the review's thinking: those a stopped deep review, which took the
    /// analysis's place, left with no value at all.
    AnalyseRest(Vec<usize>),
    /// Open the replay viewer with analysis on the game just finished (`r` at game over).
    Review,
    /// Leave the replay viewer and play on from the position after this many moves.
    PlayOn(usize),
    /// The lobby of a served session opens the game it has ready (`Lobby::take_game`).
    Open,
    /// Hand this request to the table the game on screen is linked to (a served game).
    ToTable(Request),
    /// The other side's move (the AI's) made it a person's move: tell them (the bell,
    /// and a desktop notification when the terminal is in the background).
    YourMove,
    /// Leave.
    Quit,
}

/// The effects of one input, in order.
pub type Effects = Vec<Effect>;

/// An input to a screen hidden behind the "please enlarge" screen, which shows nothing
/// else: a key acts only as [`KeyContext::TooSmall`] has it (`q` and Ctrl-c quit,
/// through `apply`), any other key and a click or a menu pick do nothing, so nothing is
/// chosen or played that the player could not see. `None`: a resize or the timer, taken
/// as usual.
pub(crate) fn behind_enlarge(
    input: Input,
    apply: impl FnOnce(Action) -> Effects,
) -> Option<Effects> {
    match input {
        Input::Key(key) => Some(match keymap::action(key, KeyContext::TooSmall) {
            Some(action) => apply(action),
            None => Vec::new(),
        }),
        Input::Click(_) | Input::Pick(_) => Some(Vec::new()),
        Input::Resize(..) | Input::Tick => None,
    }
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::{KeyCode, KeyModifiers};

    use super::*;

    #[test]
    fn behind_the_enlarge_screen_q_and_ctrl_c_act_clicks_do_nothing_resizes_pass() {
        let key = |code, modifiers| Input::Key(KeyEvent::new(code, modifiers));
        let quit = |action| {
            vec![if action == Action::ForceQuit {
                Effect::Quit
            } else {
                Effect::Redraw
            }]
        };
        let none = KeyModifiers::NONE;
        assert_eq!(
            behind_enlarge(key(KeyCode::Char('q'), none), quit),
            Some(vec![Effect::Quit])
        );
        let ctrl_c = key(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(behind_enlarge(ctrl_c, quit), Some(vec![Effect::Quit]));
        for code in [
            KeyCode::Char('c'),
            KeyCode::Char('3'),
            KeyCode::Enter,
            KeyCode::Char('?'),
        ] {
            assert_eq!(
                behind_enlarge(key(code, none), quit),
                Some(vec![]),
                "{code:?}"
            );
        }
        assert_eq!(
            behind_enlarge(Input::Click(Some(Square::B3)), quit),
            Some(vec![])
        );
        assert_eq!(behind_enlarge(Input::Pick(0), quit), Some(vec![]));
        assert_eq!(behind_enlarge(Input::Resize(80, 24), quit), None);
        assert_eq!(behind_enlarge(Input::Tick, quit), None);
    }
}
