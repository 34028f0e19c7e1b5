//! The line mode: a second face of the same screen states on the same event loop, for
//! screen readers and braille displays, pipes and dumb terminals. No alternate
//! screen, no cursor movement, no redraw, no escape sequence: every event is one
//! plain line, written once ([`narrate`]), and commands are typed lines
//! ([`commands`]) turned into the key table's keys, so a command acts exactly as its
//! key does on the full screen.
//!
//! - [`LineFace`]: the [`Face`] the loop shows the states on. Lines come from a pipe
//!   ([`Face::line`], typed ahead and taken one at a time once the screen is ready
//!   for them), or are typed at a terminal with no line discipline of its own
//!   through the [`editor`] (the local terminal in raw mode, a client's pty at the
//!   server), which echoes and edits them and keeps the game's lines above them.
//! - [`LineInput`]: what lasts from one screen to the next (the lines typed ahead,
//!   the history, the end of a pipe).

pub(crate) mod commands;
pub(crate) mod editor;
pub(crate) mod local;
pub(crate) mod narrate;
#[cfg(test)]
mod test_lobby;

use std::collections::VecDeque;
use std::io::{self, Write};

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Size;

use crate::strings::{claim as claim_words, line as words};

use super::app::CLAIM_DIGITS;
use super::effect::Input;
use super::face::Face;
use super::keymap::{self, Action};
use super::lesson::LessonPhase;
use super::look::Look;
use super::navigation::Screen;
use super::replay::GOTO_DIGITS;
use commands::{Does, Parsed, Place, Reading, Step};
use editor::{Edit, Editor};
use narrate::{Narrator, Why, key_contexts, place, read, read_whole};

/// The size the states are laid out for in the line mode: wide enough that no
/// message is ever too long for its line, so no key goes to closing a box.
const SIZE: Size = Size::new(400, 100);

/// What lasts from one screen to the next in the line mode.
#[derive(Debug, Default)]
pub(crate) struct LineInput {
    /// The lines typed ahead, in order, not yet handed to a screen.
    pub(crate) queue: VecDeque<String>,
    /// The line source ended (a pipe's end): once every line is taken, the screens quit.
    pub(crate) ended: bool,
    /// The editor, at a terminal that has no line discipline (typed lines are echoed
    /// and edited here); `None` for lines from a pipe.
    pub(crate) editor: Option<Editor>,
}

impl LineInput {
    /// Lines from a pipe, or a terminal in cooked mode: no echo, no editing.
    pub(crate) fn piped() -> LineInput {
        LineInput::default()
    }

    /// Keys from a terminal with no line discipline: the editor echoes and edits.
    pub(crate) fn edited() -> LineInput {
        LineInput {
            editor: Some(Editor::default()),
            ..LineInput::default()
        }
    }
}

/// The line mode's face: it writes lines to `out`.
pub(crate) struct LineFace<'a, W: Write> {
    out: W,
    input: &'a mut LineInput,
    narrator: Narrator,
    /// The quit sent once the line source ended, so it is sent once.
    quit_sent: bool,
    /// A line could not be written (a full disk, a closed device): the error that
    /// ends the loop is then the output's.
    write_failed: bool,
    /// What `Ctrl-z` calls to stop the program as a shell's job (`true` once it is
    /// continued): the local terminal's [`super::terminal::suspend`]; `None` where
    /// nothing can stop (a client's pty at the server).
    stop: Option<fn() -> bool>,
}

impl<'a, W: Write> LineFace<'a, W> {
    /// A face writing to `out`, taking lines as `input` says.
    pub(crate) fn new(out: W, input: &'a mut LineInput) -> LineFace<'a, W> {
        LineFace {
            out,
            input,
            narrator: Narrator::default(),
            quit_sent: false,
            write_failed: false,
            stop: None,
        }
    }

    /// `Ctrl-z` calls `stop` (the local terminal's job control), then puts the
    /// prompt and the typed line back.
    pub(crate) fn stopping(mut self, stop: fn() -> bool) -> LineFace<'a, W> {
        self.stop = Some(stop);
        self
    }

    /// Rubs out the prompt, for what is printed after the screens.
    pub(crate) fn leave(&mut self) -> io::Result<()> {
        if let Some(editor) = self.input.editor.as_mut() {
            let mut out = String::new();
            editor.leave(&mut out);
            self.out.write_all(out.as_bytes())?;
        }
        self.out.flush()
    }

    /// Whether writing a screen's lines failed, so the loop's error is the output's.
    pub(crate) fn write_failed(&self) -> bool {
        self.write_failed
    }

    /// Writes `lines`, made safe: every control character shown as text. A terminal
    /// with no line discipline gets them above the line being typed.
    fn say(&mut self, lines: &[String]) -> io::Result<()> {
        let lines: Vec<String> = lines
            .iter()
            .map(|l| sentence(crate::text::sanitize(l).into_owned()))
            .collect();
        let mut out = String::new();
        match self.input.editor.as_mut() {
            Some(editor) => editor.above(&lines, &mut out),
            None => {
                for line in &lines {
                    out.push_str(line);
                    out.push('\n');
                }
            }
        }
        self.out.write_all(out.as_bytes())?;
        self.out.flush()
    }

    /// Writes what the editor echoes.
    fn echo(&mut self, out: &str) {
        // A client that stopped reading fails the next frame anyway.
        let _ = self.out.write_all(out.as_bytes());
        let _ = self.out.flush();
    }

    /// Whether `line` waits for the screen: a pipe's lines wait while a worker works
    /// for the screen (the AI's move, a hint, a puzzle's check), so a script plays in
    /// turn; a terminal's squares wait for the AI's move, other commands go at once.
    fn waits(&self, screen: &Screen, line: &str) -> bool {
        if self.input.editor.is_none() {
            // A verdict asked for (`why`) comes before the next line's answer.
            return screen.busy() || self.narrator.awaits_why(screen);
        }
        screen.busy() && matches!(commands::parse(line, place(screen)), Parsed::Square(_))
    }

    /// The inputs of a line typed on `screen`; what it reads out is said at once.
    fn command(&mut self, screen: &Screen, line: &str) -> Vec<Input> {
        let place = place(screen);
        let contexts = key_contexts(screen);
        let key = |action| keymap::key_for(action, &contexts).map(Input::Key);
        let mut answered_later = false;
        // A hot-seat player's name typed after `n` on the start screen: the line is
        // the name (the one kept rubbed out first), Enter ends it; `cancel` keeps both
        // names as they were.
        if let Screen::Start(state) = screen
            && let Some(typing) = state.typing()
        {
            let key = |code| Input::Key(KeyEvent::new(code, KeyModifiers::NONE));
            if line.trim() == "cancel" {
                return vec![key(KeyCode::Esc)];
            }
            return std::iter::repeat_n(key(KeyCode::Backspace), typing.text.chars().count())
                .chain(line.trim().chars().map(|c| key(KeyCode::Char(c))))
                .chain([key(KeyCode::Enter)])
                .collect();
        }
        let parsed = match screen {
            // The menu says to type a lesson's number: a number alone opens it, one
            // of two digits too (`10` was an unknown command, `8` a key).
            Screen::Lesson(state)
                if matches!(state.phase(), LessonPhase::Menu(_))
                    && !line.trim().is_empty()
                    && line.trim().chars().all(|c| c.is_ascii_digit()) =>
            {
                commands::of(place)
                    .find(|c| matches!(c.does, Does::Keys([Step::Item])))
                    .map_or(Parsed::Unknown(line.trim().to_owned()), |c| {
                        Parsed::Command(c, line.trim().to_owned())
                    })
            }
            _ => commands::parse(line, place),
        };
        let inputs: Vec<Input> = match parsed {
            // A question asked takes any other key as no, as on the full screen;
            // then the square is played.
            Parsed::Square(square) => match screen {
                // The resume question's no opens the new game, whose first lines
                // are said before the square is played, as a line of its own
                // (QA s27: the stone was said only as `1 move played.`).
                Screen::Game(app)
                    if app.overlay()
                        == super::question::Overlay::Question(
                            super::question::Question::Resume,
                        )
                        && let Some(no) = key(Action::No) =>
                {
                    self.input.queue.push_front(line.to_owned());
                    vec![no]
                }
                Screen::Game(app)
                    if matches!(app.overlay(), super::question::Overlay::Question(_)) =>
                {
                    key(Action::No)
                        .into_iter()
                        .chain([Input::Click(Some(square))])
                        .collect()
                }
                _ => vec![Input::Click(Some(square))],
            },
            Parsed::Key(c) => {
                let typed = KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
                // The full screen's `e` shows a lesson's or a puzzle's text in place of
                // the board, and its next key only goes back. The line mode never shows
                // that view, so the next command was lost (QA s23: `e`, then `q`, said
                // the task again and stayed). The text is said whole instead.
                let action = contexts
                    .iter()
                    .find_map(|&context| keymap::action(typed, context));
                match read_whole(screen) {
                    Some(lines) if action == Some(Action::Read) => {
                        let _ = self.say(&lines);
                        Vec::new()
                    }
                    _ => vec![Input::Key(typed)],
                }
            }
            Parsed::Empty => match screen {
                // Enter, where the screen waits for it: the AI plays on after a
                // claim, the hint is played.
                Screen::Game(app) if app.awaits_claim() || app.hint().is_some() => {
                    key(Action::Place).into_iter().collect()
                }
                // Enter, where the lobby waits for a number or a name to go.
                Screen::Lobby(lobby)
                    if matches!(
                        lobby.key_context(),
                        keymap::KeyContext::LobbyNumber | keymap::KeyContext::LobbyEntry
                    ) =>
                {
                    key(Action::Confirm).into_iter().collect()
                }
                _ => {
                    let _ = self.say(&read(screen, Reading::Again, ""));
                    Vec::new()
                }
            },
            Parsed::Unknown(word) => {
                // A command of another screen is no unknown word (`hint` in a lesson).
                let said = match commands::elsewhere(&word, place) {
                    Some(_) => words::not_here(&word),
                    // A square off the board (`e5`, `a0`) where squares are played:
                    // it said `Unknown command: e5`, as if no square were meant.
                    None if off_the_board(&word)
                        && matches!(place, Place::Game | Place::Lesson | Place::Puzzle) =>
                    {
                        words::no_square(&word)
                    }
                    None => words::unknown(&word),
                };
                let _ = self.say(&[said]);
                Vec::new()
            }
            Parsed::Needs(command) => {
                let word = command.words.first().copied().unwrap_or("");
                let _ = self.say(&[words::needs(word, command.arg.what(), command.arg.name())]);
                Vec::new()
            }
            Parsed::TakesNothing(command) => {
                let word = command.words.first().copied().unwrap_or("");
                let _ = self.say(&[words::takes_nothing(word)]);
                Vec::new()
            }
            Parsed::Command(command, arg) => match command.does {
                Does::Play => Vec::new(),
                Does::Read(Reading::Why) => {
                    let _ = self.say(&read(screen, Reading::Why, &arg));
                    // Opening the analysis is no change to say.
                    return match screen {
                        Screen::Replay(state, _)
                            if state.at_move() > 0
                                && state.current_review().is_none()
                                && !state.analysis().finished()
                                && state.review_pending().is_none() =>
                        {
                            self.narrator.await_why(Why::Move(state.at_move()));
                            if state.analysis().requested() {
                                Vec::new()
                            } else {
                                key(Action::Analysis).into_iter().collect()
                            }
                        }
                        _ => Vec::new(),
                    };
                }
                Does::Read(reading) => {
                    let _ = self.say(&read(screen, reading, &arg));
                    Vec::new()
                }
                // `go` is Enter where the AI waits for a claim; elsewhere Enter
                // would place a stone on the cursor's square.
                Does::Keys([Step::Key(Action::Place)]) if !matches!(screen, Screen::Game(app) if app.awaits_claim()) =>
                {
                    let _ = self.say(&[words::NOTHING_WAITS.to_owned()]);
                    Vec::new()
                }
                // `claim N` is `+`, the digits and Enter: typed only where `+` opens
                // a claim, since Enter alone places a stone (or plays a lesson's
                // square). Elsewhere the line says why not.
                Does::Keys([Step::Key(Action::ClaimStart), ..])
                    if let Some(why) = claim_refused(screen) =>
                {
                    let _ = self.say(&[words::sentences(&[&why])]);
                    Vec::new()
                }
                // A claim cut to its first digits would be a claim never typed.
                Does::Keys([Step::Key(Action::ClaimStart), ..])
                    if arg.chars().count() > CLAIM_DIGITS =>
                {
                    let _ = self.say(&[claim_words::TOO_LONG.to_owned()]);
                    Vec::new()
                }
                // A move number cut to its first digits would be a jump never typed:
                // `go 99999999999` answered `No move 999`.
                Does::Keys([Step::Key(Action::Goto), ..]) if arg.len() > GOTO_DIGITS => {
                    if let Screen::Replay(state, _) = screen {
                        let _ = self
                            .say(&[words::sentences(&[&words::no_such_move(&arg, state.len())])]);
                    }
                    Vec::new()
                }
                // A step past either end of the replay: it said the move shown again,
                // as if it were the next (or the one before).
                Does::Keys([Step::Key(Action::Step(by))])
                    if let Some(why) = step_refused(screen, *by) =>
                {
                    let _ = self.say(&[why]);
                    Vec::new()
                }
                // `open N`: lesson N of the menu, from the menu or from a lesson (through
                // the menu, as its key goes), numbered as the menu numbers them; a
                // number no lesson has says which there are.
                Does::Keys([Step::Item]) => match screen {
                    Screen::Lesson(state) => {
                        let count = state.lessons().len();
                        match arg.parse::<usize>() {
                            Ok(n) if (1..=count).contains(&n) => {
                                let menu = matches!(state.phase(), LessonPhase::Menu(_));
                                let to_menu = (!menu)
                                    .then(|| {
                                        keymap::key_for(Action::Menu, &[keymap::KeyContext::Lesson])
                                    })
                                    .flatten()
                                    .map(Input::Key);
                                to_menu.into_iter().chain([Input::Pick(n - 1)]).collect()
                            }
                            _ => {
                                let _ = self.say(&[words::no_such_lesson(&arg, count)]);
                                Vec::new()
                            }
                        }
                    }
                    _ => Vec::new(),
                },
                // `new` offers a rematch, so to one offered it is yes: both want it.
                // `n` alone stays the no a y/n question reads.
                Does::Keys([Step::Key(Action::NewGame)])
                    if rematch_asked(screen) && line.split_whitespace().next() == Some("new") =>
                {
                    key(Action::Yes).into_iter().collect()
                }
                // A command of several keys whose first this screen does not take
                // types nothing: its text typed as keys would act as keys (`say hello` in a local
                // game moved the cursor and placed a stone; `find os` in the new
                // table's form changed it and started a game against the AI).
                // A command of one key this screen does not take, where no key answers
                // a question, types nothing either: its key would be another screen's,
                // found for it elsewhere (`puzzles` in a lesson said `That does
                // nothing here`, naming no command).
                Does::Keys([Step::Key(action), rest @ ..])
                    if !keymap::bound(*action, &contexts)
                        && (!rest.is_empty() || !keymap::takes_any(&contexts)) =>
                {
                    let refused = match screen {
                        Screen::Game(app) if app.spectating() => {
                            words::sentences(&[words::SPECTATING])
                        }
                        _ => words::not_here(&typed_words(line, command)),
                    };
                    let _ = self.say(&[refused]);
                    Vec::new()
                }
                Does::Keys(steps) => {
                    // A line said at a table is answered by the table, which sends it
                    // back to be said: the screen's state is no answer to it.
                    // A save asked is answered by its report (`Saved to ...`) once
                    // the file is on disk: the state, unchanged, is no answer to it
                    // (qa47: `save` said `Blue 0, Yellow 0. Your move, Yellow.`, the
                    // line said just before, then `Saved to`).
                    answered_later = matches!(
                        (steps.first(), screen),
                        (Some(Step::Key(Action::Message)), Screen::Game(app)) if app.chat_open()
                    ) || matches!(
                        (steps, screen),
                        ([Step::Key(Action::Save)], Screen::Game(app))
                            if !app.is_served() && app.overlay() == super::question::Overlay::None
                    );
                    let jump = steps.iter().any(|s| {
                        matches!(s, Step::Key(Action::NextMistake | Action::PreviousMistake))
                    });
                    if jump && matches!(screen, Screen::Replay(..)) {
                        // A jump to a mistake says its verdict.
                        self.narrator.await_why(Why::Shown);
                    }
                    let pace = steps
                        .iter()
                        .any(|s| matches!(s, Step::Key(Action::Faster | Action::Slower)));
                    if pace && matches!(screen, Screen::Replay(..)) {
                        self.narrator.await_pace();
                    }
                    // A claim settles the stone (one try): the AI that waited for it
                    // plays on, as `go` would, once the claim is said (qa29: `claim N`
                    // then `go` at every stone). The full screen keeps its Enter: the
                    // claim's message stays on the status line until then.
                    if matches!(steps.first(), Some(Step::Key(Action::ClaimStart)))
                        && matches!(screen, Screen::Game(app) if app.awaits_claim())
                    {
                        self.input.queue.push_front("go".to_owned());
                        self.narrator.await_go();
                    }
                    steps
                        .iter()
                        .flat_map(|step| match step {
                            Step::Key(action) => key(*action).into_iter().collect::<Vec<_>>(),
                            Step::Arg => arg
                                .chars()
                                .map(|c| {
                                    Input::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
                                })
                                .collect(),
                            Step::Item => arg
                                .parse::<u8>()
                                .ok()
                                .and_then(|n| n.checked_sub(1))
                                .and_then(|n| key(Action::Item(n)))
                                .into_iter()
                                .collect(),
                        })
                        .collect()
                }
            },
        };
        if !inputs.is_empty() && !answered_later {
            self.narrator.typed();
        }
        inputs
    }
}

/// Why `+` opens no claim on `screen`, if it does not: a claim opens for the last
/// stone of a claim game when it is a person's and unclaimed, and in a lesson when
/// its stone waits for its claim.
fn claim_refused(screen: &Screen) -> Option<String> {
    match screen {
        Screen::Game(app) => app.claim_refusal(),
        Screen::Lesson(state) if matches!(state.phase(), LessonPhase::Claiming(_, None)) => None,
        _ => Some(claim_words::refused(crate::rules::ClaimError::NoStone)),
    }
}

/// A line as a sentence: one that ends with no stop gets one, so that a screen
/// reader pauses and a braille reader sees where it ends (the lobby's headings and
/// rows, its notes, a puzzle's title said `You are alice`, `Number 1 is not on this
/// page`, each without one). A line that ends with a stop, a colon or `…` is as it was,
/// and so is one that ends with a record's comment (`{…}`): the comment is the record's
/// own text, set apart by its braces, and a stop after them read `{A game.}.`.
fn sentence(mut line: String) -> String {
    if !line.is_empty() && !line.ends_with(['.', '!', '?', ':', '…', '}']) {
        line.push('.');
    }
    line
}

/// Whether `word` looks like a square's name, a letter and a number, but names none
/// on the board (`e5`, `a0`, `b12`).
fn off_the_board(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && (1..=2).contains(&chars.clone().count())
        && chars.all(|c| c.is_ascii_digit())
        && word.parse::<crate::rules::Square>().is_err()
}

/// Ctrl-c, which quits from every screen.
fn force_quit() -> Input {
    Input::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL))
}

impl<W: Write> Face for LineFace<'_, W> {
    fn answering(&self) -> crate::strings::question::Answering {
        crate::strings::question::Answering::Commands
    }

    fn size(&mut self) -> anyhow::Result<Size> {
        Ok(SIZE)
    }

    fn show(&mut self, screen: &Screen, _look: Look) -> anyhow::Result<()> {
        let lines = self.narrator.tell(screen);
        let said = self.say(&lines);
        self.write_failed |= said.is_err();
        said?;
        Ok(())
    }

    /// The bell alone, if the alert holds one: never a notification's escape sequence.
    fn alert(&mut self, bytes: &[u8]) -> io::Result<()> {
        if !bytes.contains(&0x07) {
            return Ok(());
        }
        self.out.write_all(b"\x07")?;
        self.out.flush()
    }

    fn event(&mut self, screen: &Screen, event: &Event) -> Vec<Input> {
        let Some(editor) = self.input.editor.as_mut() else {
            return Vec::new();
        };
        let mut out = String::new();
        let edit = match event {
            Event::Key(key) if !key.is_release() => editor.key(*key, &mut out),
            Event::Paste(text) => {
                editor.paste(text, &mut out);
                Edit::Typing
            }
            _ => Edit::Typing,
        };
        self.echo(&out);
        match edit {
            Edit::Typing => Vec::new(),
            Edit::Interrupt => vec![force_quit()],
            Edit::End => self.command(screen, "quit"),
            Edit::Suspend => {
                // Where nothing can stop (a client's pty), the key does nothing.
                if let Some(stop) = self.stop
                    && let Some(editor) = self.input.editor.as_mut()
                {
                    let mut out = String::new();
                    editor.stopping(&mut out);
                    self.echo(&out);
                    stop();
                    // Back from the shell: the prompt and the line typed so far
                    // again, on a row of their own.
                    let _ = self.say(&[]);
                }
                Vec::new()
            }
            Edit::Line(line) => {
                if self.waits(screen, &line) || !self.input.queue.is_empty() {
                    self.input.queue.push_back(line);
                    return Vec::new();
                }
                let inputs = self.command(screen, &line);
                if inputs.is_empty() {
                    // Nothing for the screen: the prompt comes back.
                    let _ = self.say(&[]);
                }
                inputs
            }
        }
    }

    fn line(&mut self, line: Option<String>) {
        match line {
            Some(line) => self.input.queue.push_back(line),
            None => self.input.ended = true,
        }
    }

    fn ready(&mut self, screen: &Screen) -> Vec<Input> {
        while let Some(line) = self.input.queue.front() {
            if self.waits(screen, line) {
                return Vec::new();
            }
            let line = self.input.queue.pop_front().unwrap_or_default();
            let inputs = self.command(screen, &line);
            if !inputs.is_empty() {
                return inputs;
            }
        }
        if self.input.ended && !self.quit_sent && !screen.busy() {
            self.quit_sent = true;
            return vec![force_quit()];
        }
        Vec::new()
    }
}

/// The words of `line` that named `command`, as typed (`p`, `Puzzles`): as many as
/// the command's name has.
fn typed_words(line: &str, command: &commands::Command) -> String {
    let count = command
        .words
        .first()
        .map_or(1, |w| w.split_whitespace().count());
    line.split_whitespace()
        .take(count)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Why a step of `by` moves goes nowhere on `screen`, if it does not: the replay
/// already shows its last move (a step on) or its start (a step back).
fn step_refused(screen: &Screen, by: i32) -> Option<String> {
    let Screen::Replay(state, _) = screen else {
        return None;
    };
    if state.overlay() != super::replay::ReplayOverlay::None {
        return None;
    }
    let (at, len) = (state.at_move(), state.len());
    if by > 0 && at >= len {
        Some(words::no_later_move(len))
    } else if by < 0 && at == 0 {
        Some(words::no_earlier_move(len))
    } else {
        None
    }
}

/// Whether `screen` asks its player to take a rematch the other offered.
fn rematch_asked(screen: &Screen) -> bool {
    matches!(screen, Screen::Game(app)
        if app.overlay() == super::question::Overlay::Question(super::question::Question::Rematch))
}

#[cfg(test)]
mod tests {
    use super::test_lobby::FakeLobby;
    use super::*;
    use crate::ui::keymap::KeyContext;

    /// QA (access): a command whose key the screen does not take typed its text as
    /// keys: `say hello` in a local game moved the cursor (`h`, `l`) and placed a
    /// stone (Enter), `say send` saved the game too; `find os` in the new table's form
    /// changed the opponent and the side and started a game. Now none of it is typed,
    /// and the line says so.
    #[test]
    fn a_command_not_taken_here_types_none_of_its_text() {
        let said = |screen: &Screen, line: &str| {
            let mut input = LineInput::piped();
            let mut out = Vec::new();
            let typed = LineFace::new(&mut out, &mut input).command(screen, line);
            (typed, String::from_utf8_lossy(&out).into_owned())
        };
        let game = || {
            crate::ui::App::with_game(
                crate::session::GameConfig::default(),
                crate::rules::Game::new(),
            )
        };
        let local = Screen::Game(game());
        for line in ["say hello", "say send"] {
            let (typed, out) = said(&local, line);
            assert_eq!(typed, Vec::new(), "{line}");
            let word = line.split(' ').next().unwrap_or(line);
            assert_eq!(
                out,
                format!("The command {word} does nothing here: help lists the commands.\n"),
                "{line}"
            );
        }
        // qa45: a command of this screen with words after it was another screen's
        // (`next mistake` in the replay viewer: `next does nothing here`) or unknown.
        for (line, word) in [("undo now", "undo"), ("board please", "board")] {
            let (typed, out) = said(&local, line);
            assert_eq!(typed, Vec::new(), "{line}");
            assert_eq!(
                out,
                format!("The command {word} takes nothing after it: type {word} alone.\n"),
                "{line}"
            );
        }
        let form = Screen::Lobby(Box::new(FakeLobby::in_context(KeyContext::LobbyForm)));
        for line in ["find os", "code abc", "player vs"] {
            let (typed, out) = said(&form, line);
            assert_eq!(typed, Vec::new(), "{line}");
            assert!(out.contains("does nothing here"), "{line}: {out}");
        }
        // A spectator hears that they watch.
        let watching = Screen::Game(game().served([true, true]));
        let (typed, out) = said(&watching, "say hi");
        assert_eq!(typed, Vec::new());
        assert_eq!(out, "You are watching: quit goes back to the lobby.\n");
        // Where the key is taken, the command types it and its text as before.
        let table = Screen::Game(game().served([false, true]));
        let (typed, _) = said(&table, "say hi");
        assert!(typed.len() >= 3, "{typed:?}");
    }

    /// QA (qa39): columns and the long diagonals score as rows do, but only `board`
    /// read them, a column being a square of each of its four rows. `column b` and
    /// `diagonals` read them as `row 2` reads a row (lichess's blind mode scans files).
    #[test]
    fn a_column_and_the_diagonals_are_read_as_a_row_is() {
        let moves = ["b3", "b2", "c2", "a4"].map(|s| s.parse().expect("a square"));
        let game = crate::rules::Game::from_moves(moves).expect("legal");
        let screen = Screen::Game(crate::ui::App::with_game(
            crate::session::GameConfig::default(),
            game,
        ));
        let said = |line: &str| {
            let mut input = LineInput::piped();
            let mut out = Vec::new();
            let typed = LineFace::new(&mut out, &mut input).command(&screen, line);
            assert_eq!(typed, Vec::new(), "{line}");
            String::from_utf8_lossy(&out).into_owned()
        };
        let column = "Column b: b1 empty, b2 Yellow, b3 Blue, b4 empty.\n";
        assert_eq!(said("column b"), column);
        assert_eq!(said("Column B"), column);
        assert_eq!(
            said("diagonals"),
            "Diagonal a1-d4: a1 empty, b2 Yellow, c3 empty, d4 empty.\n\
             Diagonal d1-a4: d1 empty, c2 Blue, b3 Blue, a4 Yellow.\n"
        );
        assert_eq!(said("diagonal"), said("diagonals"));
        assert_eq!(
            said("column e"),
            "column needs a column (a to d): type column b.\n"
        );
        assert!(said("help").contains("column b: read one column.\n"));
    }

    /// A served game after a1 b1, this screen Blue's, and a narrator that has told it.
    fn served_after_a1_b1() -> (crate::ui::App, Narrator) {
        let app = crate::ui::App::with_game(
            crate::session::GameConfig::default(),
            crate::rules::Game::from_moves(["a1", "b1"].map(|s| s.parse().unwrap())).unwrap(),
        )
        .served([false, true]);
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Game(app.clone()));
        (app, narrator)
    }

    /// What the narrator says after `line` is typed at `app` (the command itself
    /// prints nothing).
    fn said_after_typing(
        app: &mut crate::ui::App,
        narrator: &mut Narrator,
        line: &str,
    ) -> Vec<String> {
        let mut input = LineInput::piped();
        let mut out = Vec::new();
        let inputs = LineFace::new(&mut out, &mut input).command(&Screen::Game(app.clone()), line);
        assert!(out.is_empty(), "{line}: {}", String::from_utf8_lossy(&out));
        for input in inputs {
            let _ = app.handle(input);
        }
        narrator.typed();
        narrator.tell(&Screen::Game(app.clone()))
    }

    /// QA (s12 lines, left): at a served table the other player asked to take a move
    /// back (or offered a rematch) and the player typed `quit`, a no: they heard only
    /// the board, not that they refused. The no is confirmed in a sentence (`no` too).
    #[test]
    fn a_no_to_the_other_player_s_question_is_confirmed() {
        use crate::ui::News;
        let (mut app, mut narrator) = served_after_a1_b1();
        let answer = said_after_typing;
        for line in ["quit", "no"] {
            let _ = app.table_news(News::UndoAsked);
            let said = answer(&mut app, &mut narrator, line);
            assert_eq!(said, ["You refused to take the move back."], "{line}");
        }
        let _ = app.table_news(News::Resigned(crate::rules::Player::Yellow));
        assert!(app.is_over());
        let _ = narrator.tell(&Screen::Game(app.clone()));
        for line in ["quit", "no"] {
            let _ = app.table_news(News::RematchOffered);
            let said = answer(&mut app, &mut narrator, line);
            assert_eq!(said, ["You declined the rematch."], "{line}");
        }
    }

    /// s27 (srv29): while this player's rematch offer waited, a stone typed in the line
    /// mode said `The game is over: new offers a rematch, quit goes back to the lobby`,
    /// where the full screen's status line says `rematch sent, q: lobby`. It says the
    /// offer is sent and quit is left; once declined, `new` offers again.
    ///
    /// qa30: the offer was said three ways: `Rematch offered: waiting...`, then `The
    /// game is over and your rematch offer is sent: ...` as the table held it, then
    /// `The game is over: new offers a rematch, ...` as bob accepted (his answer takes
    /// the offer away before the rematch's game comes), then the rematch. Each event
    /// is said once now. Fails on the old code (the second and third lines).
    #[test]
    fn a_rematch_offer_is_said_once_and_a_decline_offers_new_again() {
        use crate::strings::line as said_words;
        use crate::ui::{Message, MessageKind, News};
        let (app, mut narrator) = served_after_a1_b1();
        let mut app = app.named(["carol".into(), "bob".into()]);
        let typed = said_after_typing;
        let over = format!("{}.", said_words::TABLE_OVER);
        let sent = format!("{}.", said_words::TABLE_REMATCH_SENT);
        let _ = app.table_news(News::Resigned(crate::rules::Player::Yellow));
        let ended = narrator.tell(&Screen::Game(app.clone()));
        assert!(ended.contains(&over), "{ended:?}");
        assert_eq!(typed(&mut app, &mut narrator, "c3"), [over.as_str()]);
        let offered = typed(&mut app, &mut narrator, "new");
        assert_eq!(
            offered,
            [
                "Rematch offered: waiting for the other player's answer; quit goes back to the lobby."
            ]
        );
        let _ = app.table_news(News::RematchWaiting(true));
        assert_eq!(
            narrator.tell(&Screen::Game(app.clone())),
            Vec::<String>::new()
        );
        assert_eq!(typed(&mut app, &mut narrator, "c3"), [sent.as_str()]);
        // Declined: the table holds no offer of this player's any more, and says who.
        let _ = app.table_news(News::RematchWaiting(false));
        let declined = crate::strings::talk::rematch_declined("bob");
        let _ = app.table_news(News::Note(Message::new(MessageKind::Info, &declined)));
        assert_eq!(
            narrator.tell(&Screen::Game(app.clone())),
            [format!("{declined}."), over.clone()]
        );
        assert_eq!(typed(&mut app, &mut narrator, "c3"), [over.as_str()]);
        // Offered again and taken: the offer goes, then the rematch's game comes.
        let _ = typed(&mut app, &mut narrator, "new");
        let _ = app.table_news(News::RematchWaiting(true));
        let _ = narrator.tell(&Screen::Game(app.clone()));
        let _ = app.table_news(News::RematchWaiting(false));
        assert_eq!(
            narrator.tell(&Screen::Game(app.clone())),
            Vec::<String>::new()
        );
        let _ = app.table_news(News::Game {
            game: crate::rules::Game::new(),
            remote: [true, false],
            ai: None,
            names: ["bob".into(), "carol".into()],
            ratings: [None; 2],
        });
        let started = crate::strings::talk::rematch_started("bob");
        let _ = app.table_news(News::Note(Message::new(MessageKind::Info, &started)));
        let said = narrator.tell(&Screen::Game(app.clone()));
        assert!(said[0].starts_with(&started), "{said:?}");
        assert!(!said.iter().any(|l| l.contains("over")), "{said:?}");
    }

    /// QA (s13 lines): the served lobby said `You are alice`, `Tables`, `Number 1 is
    /// not on this page`, each with no stop, so a screen reader ran them together
    /// and a braille line did not show its end; now every line said is a sentence.
    #[test]
    fn every_line_said_ends_as_a_sentence() {
        let mut input = LineInput::piped();
        let mut out = Vec::new();
        let lines = [
            "You are alice",
            "2  alice (Blue) against an empty seat (Yellow)",
            "Blue 0, Yellow 0. Your move, Blue.",
            "Commands here (a line each; a key of the full screen works too):",
            "Hint: the hard AI is thinking…",
            "Resign? yes: resign, no: keep playing",
            "",
        ]
        .map(str::to_owned);
        LineFace::new(&mut out, &mut input).say(&lines).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "You are alice.\n\
             2  alice (Blue) against an empty seat (Yellow).\n\
             Blue 0, Yellow 0. Your move, Blue.\n\
             Commands here (a line each; a key of the full screen works too):\n\
             Hint: the hard AI is thinking…\n\
             Resign? yes: resign, no: keep playing.\n\
             \n"
        );
    }

    /// QA (learn2): a replayed move whose record has a comment after it was said
    /// `... Blue 0, Yellow 0. {A game.}.`, a stop after the comment's brace. Fails on
    /// the old code (the `}.`).
    #[test]
    fn a_line_ending_with_a_comment_gets_no_stop_after_its_brace() {
        let mut input = LineInput::piped();
        let mut out = Vec::new();
        let lines = [
            "Move 1 of 2: Blue a1. Blue 0, Yellow 0. {A game}",
            "Move 2 of 2: Yellow b1. Blue 0, Yellow 0. ! {Good.}",
        ]
        .map(str::to_owned);
        LineFace::new(&mut out, &mut input).say(&lines).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Move 1 of 2: Blue a1. Blue 0, Yellow 0. {A game}\n\
             Move 2 of 2: Yellow b1. Blue 0, Yellow 0. ! {Good.}\n"
        );
    }

    /// QA (s13 lines): a square off the board (`e5`) said `Unknown command: e5`, as
    /// if no square were meant; now it says which squares there are. A word that is
    /// no square stays unknown, and so does `e5` where no square is played.
    #[test]
    fn a_square_off_the_board_says_which_squares_there_are() {
        let said = |screen: &Screen, line: &str| {
            let mut input = LineInput::piped();
            let mut out = Vec::new();
            let typed = LineFace::new(&mut out, &mut input).command(screen, line);
            assert_eq!(typed, Vec::new(), "{line}");
            String::from_utf8_lossy(&out).into_owned()
        };
        let game = Screen::Game(crate::ui::App::with_game(
            crate::session::GameConfig::default(),
            crate::rules::Game::new(),
        ));
        for square in ["e5", "a0", "B12", "z9"] {
            assert_eq!(
                said(&game, square),
                format!(
                    "There is no square {square}: the squares are a1 to d4, a letter for the column and a digit for the row.\n"
                )
            );
        }
        for word in ["zz9", "e5x", "55"] {
            assert!(said(&game, word).starts_with("Unknown command"), "{word}");
        }
        let lobby = Screen::Lobby(Box::new(FakeLobby::in_context(KeyContext::Lobby)));
        assert!(said(&lobby, "e5").starts_with("Unknown command"));
    }

    /// A lesson screen at 80x24, on lesson `index` (from 0).
    fn lesson_at(index: usize) -> crate::ui::LessonState {
        let lessons = crate::learn::lessons().unwrap();
        let mut state =
            crate::ui::LessonState::resume(lessons, crate::learn::LearnProgress::default(), None);
        let _ = state.handle(Input::Resize(80, 24));
        let _ = state.handle(Input::Key(KeyEvent::new(
            KeyCode::Char('m'),
            KeyModifiers::NONE,
        )));
        let _ = state.handle(Input::Pick(index));
        assert_eq!(state.index(), index);
        state
    }

    /// A line typed on `state`, its inputs handed to it: what the line said at once.
    fn type_in(state: &mut crate::ui::LessonState, line: &str) -> String {
        let mut input = LineInput::piped();
        let mut out = Vec::new();
        let screen = Screen::Lesson(Box::new(state.clone()));
        let inputs = LineFace::new(&mut out, &mut input).command(&screen, line);
        for input in inputs {
            let _ = state.handle(input);
        }
        String::from_utf8(out).unwrap()
    }

    /// QA (s23): `e`, the full screen's key that shows a lesson's or a puzzle's text in
    /// place of the board, opened that view in the line mode, where it is never seen,
    /// and the next command only closed it: `e` then `q` said the task again and
    /// stayed. `e` types nothing now; it says the text whole, and the next command acts.
    #[test]
    fn e_says_the_text_whole_and_the_next_command_acts() {
        let set = crate::puzzle::PuzzleSet::shipped().unwrap();
        let puzzle = set.puzzle("p0001").unwrap().clone();
        let mut state = crate::ui::PuzzleState::new(
            set,
            crate::puzzle::Progress::default(),
            None,
            puzzle,
            None,
        );
        let _ = state.handle(Input::Resize(80, 24));
        let _ = state.handle(Input::Click(Some(crate::rules::Square::B4)));
        let mut input = LineInput::piped();
        let mut out = Vec::new();
        let screen = Screen::Puzzle(Box::new(state.clone()));
        let typed = LineFace::new(&mut out, &mut input).command(&screen, "e");
        assert_eq!(typed, Vec::new());
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.starts_with("Blue to move, after your b4.\nNot this one: b4 completes "),
            "{out}"
        );
        assert!(out.contains("Checking what it costs.\n"), "{out}");
        // The next command acts: `q` leaves.
        let screen = Screen::Puzzle(Box::new(state.clone()));
        let typed = LineFace::new(&mut Vec::new(), &mut input).command(&screen, "q");
        for input in typed {
            let _ = state.handle(input);
        }
        assert!(state.has_quit());
        // A lesson's `e` says its text as an empty line reads it.
        let mut lesson = lesson_at(1);
        let said = type_in(&mut lesson, "e");
        assert_eq!(said, type_in(&mut lesson, ""));
        assert!(said.contains("Squares score 20"), "{said}");
        let _ = type_in(&mut lesson, "q");
        assert!(lesson.has_quit());
    }

    /// QA (s14 lines, left): in the claim lesson, its stone waiting for its claim,
    /// `help` left out `menu`, which works there (and `m` on the full screen). Now
    /// the help lists it, and `menu` opens the menu.
    #[test]
    fn the_claim_lesson_s_help_lists_menu_while_the_claim_waits() {
        let lessons = crate::learn::lessons().unwrap();
        let claiming = lessons.iter().position(|l| l.title == "Claiming").unwrap();
        let mut state = lesson_at(claiming);
        assert_eq!(type_in(&mut state, "a1"), "");
        assert!(
            matches!(state.phase(), LessonPhase::Claiming(_, None)),
            "{:?}",
            state.phase()
        );
        let help = type_in(&mut state, "help");
        for command in [
            "menu (or m)",
            "again (or u)",
            "next (or n)",
            "claim N",
            "quit",
        ] {
            assert!(
                help.lines().any(|l| l.starts_with(command)),
                "{command}:\n{help}"
            );
        }
        assert_eq!(type_in(&mut state, "menu"), "");
        assert!(
            matches!(state.phase(), LessonPhase::Menu(_)),
            "{:?}",
            state.phase()
        );
    }

    /// s19: the lessons menu had no `back` in the line mode (`back does nothing
    /// here`), where the full screen's Esc goes back to the lesson it came from, the
    /// try made there kept. Now `back` does what Esc does, and the menu's help lists
    /// it; in a lesson, where Esc leaves, it types nothing.
    #[test]
    fn back_on_the_lessons_menu_goes_back_to_the_lesson() {
        let mut state = lesson_at(2);
        let said = type_in(&mut state, "back");
        assert_eq!(
            said,
            "The command back does nothing here: help lists the commands.\n"
        );
        assert!(!state.has_quit());
        assert!(!type_in(&mut state, "help").contains("\nback"));
        assert_eq!(type_in(&mut state, "c3"), "");
        let tried = state.phase().clone();
        assert!(matches!(tried, LessonPhase::Tried(..)), "{tried:?}");
        assert_eq!(type_in(&mut state, "menu"), "");
        assert!(matches!(state.phase(), LessonPhase::Menu(_)));
        let help = type_in(&mut state, "help");
        assert!(
            help.lines()
                .any(|l| l.starts_with("back: the lessons menu")),
            "{help}"
        );
        assert_eq!(type_in(&mut state, "back"), "");
        assert_eq!(state.index(), 2);
        assert_eq!(state.phase(), &tried);
        assert!(!state.has_quit());
        // With no lesson behind it (every lesson done), the menu leaves as Esc does.
        let lessons = crate::learn::lessons().unwrap();
        let mut progress = crate::learn::LearnProgress::default();
        for lesson in &lessons {
            progress.mark_done(&lesson.id);
        }
        let mut state = crate::ui::LessonState::resume(lessons, progress, None);
        let _ = state.handle(Input::Resize(80, 24));
        assert!(matches!(state.phase(), LessonPhase::Menu(_)));
        assert_eq!(type_in(&mut state, "back"), "");
        assert!(state.has_quit());
    }

    /// QA (s14 lines, left): `open 1` typed in a lesson typed the menu's key `1`,
    /// which the lesson took as something else, while `open 8` said it did nothing,
    /// and `10` on the menu, which says to type a lesson's number, was an unknown
    /// command. One rule now: `open N` (or a number alone on the menu) opens lesson
    /// N as the menu numbers them, from the menu or a lesson; a number no lesson has
    /// says which there are and types nothing.
    #[test]
    fn open_n_opens_lesson_n_from_the_menu_or_a_lesson() {
        let count = crate::learn::lessons().unwrap().len();
        assert!(count >= 10, "{count}");
        for (from, line, to) in [
            (0, "open 1", 0),
            (0, "open 8", 7),
            (4, "open 10", 9),
            (2, "open 3", 2),
        ] {
            let mut state = lesson_at(from);
            assert_eq!(type_in(&mut state, line), "", "{line}");
            assert_eq!(state.index(), to, "{line} from lesson {}", from + 1);
            assert!(
                matches!(state.phase(), LessonPhase::Asking),
                "{line}: {:?}",
                state.phase()
            );
            let help = type_in(&mut state, "help");
            assert!(help.lines().any(|l| l.starts_with("open N")), "{help}");
        }
        for (line, to) in [("10", 9), ("8", 7), ("open 2", 1)] {
            let mut state = lesson_at(0);
            let _ = type_in(&mut state, "menu");
            assert!(matches!(state.phase(), LessonPhase::Menu(_)));
            assert_eq!(type_in(&mut state, line), "", "{line}");
            assert_eq!(state.index(), to, "{line}");
            assert!(
                matches!(state.phase(), LessonPhase::Asking),
                "{line}: {:?}",
                state.phase()
            );
        }
        for line in [
            "open 0",
            &format!("open {}", count + 1),
            "open 99999999999999999999",
        ] {
            let mut state = lesson_at(2);
            let said = type_in(&mut state, line);
            assert!(said.starts_with("No lesson "), "{line}: {said}");
            assert!(
                said.contains(&format!("the lessons are 1 to {count}")),
                "{said}"
            );
            assert_eq!(state.index(), 2, "{line}");
        }
    }

    /// QA (s17): Ctrl-z at the local line mode did nothing (raw mode swallowed it).
    /// It now calls the terminal's stop, under the typed line, and puts the prompt
    /// and the line back once continued; at a client's pty (no stop) it does nothing.
    #[test]
    fn ctrl_z_stops_the_local_line_mode_and_prompts_again() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static STOPS: AtomicUsize = AtomicUsize::new(0);
        fn stop() -> bool {
            STOPS.fetch_add(1, Ordering::SeqCst);
            true
        }
        let screen = Screen::Game(crate::ui::App::with_game(
            crate::session::GameConfig::default(),
            crate::rules::Game::new(),
        ));
        let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
        let ctrl_z = Event::Key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
        for local in [true, false] {
            let mut out = Vec::new();
            let mut input = LineInput::edited();
            let mut face = LineFace::new(&mut out, &mut input);
            if local {
                face = face.stopping(stop);
            }
            for c in "b3".chars() {
                assert!(face.event(&screen, &key(KeyCode::Char(c))).is_empty());
            }
            let before = STOPS.load(Ordering::SeqCst);
            assert!(face.event(&screen, &ctrl_z).is_empty());
            drop(face);
            let written = String::from_utf8(out).unwrap();
            if local {
                assert_eq!(STOPS.load(Ordering::SeqCst), before + 1);
                assert!(written.ends_with("> b3\r\n\r> b3"), "{written:?}");
            } else {
                assert_eq!(STOPS.load(Ordering::SeqCst), before);
                assert!(written.ends_with("> b3"), "{written:?}");
            }
            // The line typed before is still there: Enter plays it.
            let mut face = LineFace::new(Vec::new(), &mut input);
            let played = face.event(&screen, &key(KeyCode::Enter));
            assert!(!played.is_empty(), "{local}");
        }
    }

    /// In the lobby an empty line is Enter where a number (`table 1` of twelve) or
    /// a name waits for it, as the line mode's hint says; elsewhere it types nothing.
    #[test]
    fn an_empty_line_ends_a_number_typed_in_the_lobby() {
        let enter = Input::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
        for (context, typed) in [
            (KeyContext::LobbyNumber, vec![enter]),
            (KeyContext::LobbyEntry, vec![enter]),
            (KeyContext::Lobby, vec![]),
        ] {
            let mut input = LineInput::piped();
            let mut face = LineFace::new(Vec::new(), &mut input);
            let screen = Screen::Lobby(Box::new(FakeLobby::in_context(context)));
            assert_eq!(face.command(&screen, ""), typed, "{context:?}");
        }
    }
}
