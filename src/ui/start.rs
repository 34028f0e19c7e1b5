//! The start screen of `hijara` with no arguments: every door on one screen,
//! hot-seat one key away. Pure: keys in, the choice kept for the caller.

use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;

use crate::ai::Level;
use crate::strings::start as words;

use crate::rules::{Player, Ruleset};

use super::effect::{Effect, Effects, Input, behind_enlarge};
use super::help::{self, HelpAnswer, HelpView};
use super::keymap::{self, Action, Direction, KeyContext, START_KEYS};
use super::look::Look;
use super::message::{Keyed, Message, MessageKind};

/// What the player chose on the start screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartChoice {
    /// Two players at this keyboard.
    HotSeat,
    /// Blue against the AI at this level.
    Ai(Level),
    /// Continue the autosaved game.
    Resume,
    /// The lessons.
    Learn,
    /// The puzzles.
    Puzzles,
    /// Replay the newest game of the history.
    Replay,
}

impl StartChoice {
    /// The door's name in the line mode's short start screen (`h hot-seat, 1 easy
    /// AI, ...`), said after the first time instead of its label.
    pub(crate) fn short_name(self) -> &'static str {
        match self {
            StartChoice::HotSeat => words::SHORT_HOT_SEAT,
            StartChoice::Ai(level) => crate::strings::seat_name(level.into()),
            StartChoice::Resume => words::SHORT_RESUME,
            StartChoice::Learn => words::SHORT_LEARN,
            StartChoice::Puzzles => words::SHORT_PUZZLES,
            StartChoice::Replay => words::SHORT_REPLAY,
        }
    }
}

/// The side the person takes in a game against the AI (kept in the config file's
/// `side`, where the preferences live).
pub use crate::prefs::AiSide;

impl AiSide {
    /// The next side `s` turns to.
    pub fn next(self) -> AiSide {
        match self {
            AiSide::Blue => AiSide::Yellow,
            AiSide::Yellow => AiSide::Random,
            AiSide::Random => AiSide::Blue,
        }
    }

    /// Its name on the screen and in the line mode.
    pub(crate) fn name(self) -> &'static str {
        match self {
            AiSide::Blue => words::SIDE_BLUE,
            AiSide::Yellow => words::SIDE_YELLOW,
            AiSide::Random => words::SIDE_RANDOM,
        }
    }
}

/// `text` with `c` typed after it, if `c` may be: a name from the keyboard reaches
/// the screen, the records and the line mode, so no control, bidi or invisible
/// character, no pile of combining marks, and at most [`NAME_COLUMNS`] display
/// columns (never a count of characters); no space first.
fn typed(text: &str, c: char) -> Option<String> {
    let mut longer = text.to_owned();
    longer.push(c);
    // `c` alone is checked for a control character: `is_name` would refuse it too,
    // but an Enter or a Tab typed is no name's.
    (!c.is_control() && crate::text::is_name(&longer, NAME_COLUMNS)).then_some(longer)
}

/// The start screen's items: the choice, its key (from the key table), its label.
pub const START_ITEMS: [(StartChoice, char, &str); 8] = [
    (StartChoice::HotSeat, START_KEYS[0], words::HOT_SEAT),
    (StartChoice::Ai(Level::Easy), START_KEYS[1], words::AI_EASY),
    (
        StartChoice::Ai(Level::Medium),
        START_KEYS[2],
        words::AI_MEDIUM,
    ),
    (StartChoice::Ai(Level::Hard), START_KEYS[3], words::AI_HARD),
    (StartChoice::Resume, START_KEYS[4], words::RESUME),
    (StartChoice::Learn, START_KEYS[5], words::LEARN),
    (StartChoice::Puzzles, START_KEYS[6], words::PUZZLES),
    (StartChoice::Replay, START_KEYS[7], words::REPLAY),
];

/// The key of the door that resumes the autosaved game (its item's, above).
pub const RESUME_KEY: char = START_KEYS[4];

/// The key that turns the side taken against the AI (the key table's).
pub const SIDE_KEY: char = keymap::START_SIDE_KEY;

/// The key that types the players' names (the key table's).
pub const NAMES_KEY: char = keymap::START_NAMES_KEY;

/// The widest name a player may type, in display columns (the config file's too,
/// [`crate::prefs::NAME_COLUMNS`]).
pub const NAME_COLUMNS: usize = crate::prefs::NAME_COLUMNS;

/// A hot-seat player's name being typed (after `n`): whose, and the text so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NameTyping {
    /// The seat named.
    pub(crate) player: Player,
    /// The name typed so far.
    pub(crate) text: String,
}

/// Lines above the items in the box: the welcome and a blank line.
pub(crate) const ITEMS_AT: u16 = 2;
/// Lines in the box: those above the items, the items, the side against the AI, the
/// hot-seat names, a blank line and the note.
pub(crate) const LINES: u16 = ITEMS_AT + START_ITEMS.len() as u16 + 4;
/// The smallest terminal the box fits whole in: one line per item (the pointer, the
/// key, the longest label and " (none)") inside the borders, every line on its row.
pub const START_MIN_WIDTH: u16 = 43;
/// See [`START_MIN_WIDTH`].
pub const START_MIN_HEIGHT: u16 = LINES + 2;

/// Whether `area` is too small for the start screen's box: the "please enlarge"
/// screen is drawn instead, and behind it only q and Ctrl-c act.
pub(crate) fn too_small(area: Rect) -> bool {
    area.width < START_MIN_WIDTH || area.height < START_MIN_HEIGHT
}

/// The start screen's state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartState {
    selected: usize,
    /// Whether there is an autosaved game to resume.
    can_resume: bool,
    /// Whether the history holds a game to replay.
    can_replay: bool,
    choice: Option<StartChoice>,
    note: Option<Message>,
    size: Rect,
    /// The help is shown over the screen (`?`); a scrolling key scrolls it, any other
    /// key or a click closes it.
    help: bool,
    /// The help's first line shown.
    help_top: u16,
    /// Shown before in this run, now come back to from a door: the line mode says
    /// its doors in one line.
    returned: bool,
    /// The side the person takes against the AI.
    side: AiSide,
    /// The players' names, by [`Player::index`]; empty: the colour.
    names: [String; 2],
    /// A name being typed.
    typing: Option<NameTyping>,
}

impl StartState {
    /// The start screen; `can_resume` and `can_replay` say whether those doors open.
    pub fn new(can_resume: bool, can_replay: bool) -> StartState {
        StartState {
            selected: 0,
            can_resume,
            can_replay,
            choice: None,
            note: None,
            size: Rect::default(),
            help: false,
            help_top: 0,
            returned: false,
            side: AiSide::Blue,
            names: [String::new(), String::new()],
            typing: None,
        }
    }

    /// The screen with the players' names typed before (in this run, or kept in the
    /// config file).
    pub fn with_names(mut self, names: [Option<String>; 2]) -> StartState {
        self.names = names.map(Option::unwrap_or_default);
        self
    }

    /// The players' names, by [`Player::index`]: `None` for a seat left at
    /// its colour. Each passed one gate ([`crate::text::is_name`], typed here or read
    /// from the config file): no control, bidi or invisible character, at most
    /// `NAME_COLUMNS` (16) display columns.
    pub fn names(&self) -> [Option<String>; 2] {
        self.names
            .clone()
            .map(|name| Some(name).filter(|n| !n.is_empty()))
    }

    /// The name being typed, if one is.
    pub(crate) fn typing(&self) -> Option<&NameTyping> {
        self.typing.as_ref()
    }

    /// The screen with `side` taken against the AI (the one chosen before in this run).
    pub fn with_side(mut self, side: AiSide) -> StartState {
        self.side = side;
        self
    }

    /// The side the person takes against the AI.
    pub fn side(&self) -> AiSide {
        self.side
    }

    /// The screen come back to from a door it opened (a game, a lesson, the puzzles,
    /// the replay viewer, the resume question): its doors were said whole before, so
    /// the line mode says them in one line (s30: it read all ten again each time).
    pub fn returned(mut self) -> StartState {
        self.returned = true;
        self
    }

    /// Whether the screen was come back to ([`StartState::returned`]).
    pub(crate) fn is_returned(&self) -> bool {
        self.returned
    }

    /// The screen with item `selected` under the pointer (the door last taken, when
    /// the lessons or puzzles come back to it).
    pub fn with_selected(mut self, selected: usize) -> StartState {
        self.selected = selected.min(START_ITEMS.len() - 1);
        self
    }

    /// The choice made, once the screen has quit (`None`: the player left).
    pub fn choice(&self) -> Option<StartChoice> {
        self.choice
    }

    /// The item selected.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// Whether an item's door is open.
    pub fn enabled(&self, choice: StartChoice) -> bool {
        match choice {
            StartChoice::Resume => self.can_resume,
            StartChoice::Replay => self.can_replay,
            _ => true,
        }
    }

    /// The one-line note (a closed door chosen).
    pub fn note(&self) -> Option<&str> {
        self.note.as_ref().map(|note| note.text.as_str())
    }

    /// The note as a message: its kind styles it (a summary is no error).
    pub(crate) fn note_message(&self) -> Option<&Message> {
        self.note.as_ref()
    }

    /// The note in the line mode's words, a no-break space written as a plain one
    /// (the box's wrapping writes it so too).
    pub(crate) fn note_words(&self) -> Option<std::borrow::Cow<'_, str>> {
        self.note.as_ref().map(|note| {
            crate::text::plain_spaces(&note.line_words())
                .into_owned()
                .into()
        })
    }

    /// The screen with `text` on its note line until the first key (a problem of the
    /// config file).
    pub fn with_note(mut self, text: String) -> StartState {
        self.note = Some(Message::new(MessageKind::Error, text));
        self
    }

    /// The screen with `text` on its note line until the first key, as plain
    /// information: what the lessons or the puzzles sum up when they come back here.
    pub fn with_summary(mut self, text: String) -> StartState {
        self.note = Some(Message::new(MessageKind::Info, text));
        self
    }

    /// The whole terminal.
    pub fn area(&self) -> Rect {
        self.size
    }

    /// Whether the help is shown.
    pub fn help_shown(&self) -> bool {
        self.help
    }

    /// The help, drawn with `look` over the whole terminal, scrolled as it is: the
    /// start screen's keys and the standard rules.
    pub(crate) fn help_view(&self, look: Look) -> HelpView {
        HelpView {
            look,
            context: KeyContext::Start,
            ruleset: Ruleset::Standard,
            claims: false,
            ai: false,
            top: self.help_top,
            suspends: true,
            leaving: keymap::Leaving::Out,
            acts_as: None,
        }
    }

    /// The key a turn of the mouse wheel (`down`, or up) stands for: over the help, a
    /// line's scroll of it (none where it shows whole: a key closes it); else the
    /// pointer's move along the doors.
    pub(crate) fn wheel_key(&self, down: bool) -> Option<ratatui::crossterm::event::KeyEvent> {
        if self.help {
            return help::wheel_key(&self.help_view(Look::PLAIN), self.size, down);
        }
        if too_small(self.size) {
            return None;
        }
        let direction = if down { Direction::Down } else { Direction::Up };
        keymap::key_for(Action::Cursor(direction), &[KeyContext::Start])
    }

    /// One input.
    pub fn handle(&mut self, input: Input) -> Effects {
        // A name being typed takes the keys, `?` and `q` too, where its row shows.
        if let (Some(_), Input::Key(key)) = (&self.typing, input)
            && !too_small(self.size)
        {
            return self.type_key(key);
        }
        let view = self.help_view(Look::PLAIN);
        match help::answer(&mut self.help, &mut self.help_top, &view, self.size, input) {
            Some(HelpAnswer::Quit) => return vec![Effect::Quit],
            Some(_) => return vec![Effect::Redraw],
            None => {}
        }
        // Nothing but the "please enlarge" screen is shown: a key must not pick a door
        // the player cannot see (the game's screen does the same); q quits.
        let quit = |action| match action {
            Action::Quit | Action::ForceQuit => vec![Effect::Quit],
            _ => Vec::new(),
        };
        if too_small(self.size)
            && let Some(effects) = behind_enlarge(input, quit)
        {
            return effects;
        }
        let key = match input {
            Input::Resize(width, height) => {
                self.size = Rect::new(0, 0, width, height);
                return vec![Effect::Redraw];
            }
            Input::Key(key) => key,
            Input::Pick(item) => {
                self.note = None;
                // A click ends a name being typed, as Enter does.
                self.typing = None;
                // The side's row, under the doors, and the names' under it.
                if item == START_ITEMS.len() {
                    self.side = self.side.next();
                    return vec![Effect::Redraw];
                }
                if item == START_ITEMS.len() + 1 {
                    return self.start_names();
                }
                return match START_ITEMS.get(item) {
                    Some((choice, ..)) => {
                        self.selected = item;
                        self.choose(*choice)
                    }
                    None => Vec::new(),
                };
            }
            Input::Click(_) | Input::Tick => return Vec::new(),
        };
        self.note = None;
        let last = START_ITEMS.len() - 1;
        match keymap::action(key, KeyContext::Start) {
            Some(Action::Quit | Action::ForceQuit) => return vec![Effect::Quit],
            Some(Action::Cursor(Direction::Up)) => self.selected = self.selected.saturating_sub(1),
            Some(Action::Cursor(Direction::Down)) => self.selected = (self.selected + 1).min(last),
            Some(Action::Confirm) => return self.choose(START_ITEMS[self.selected].0),
            Some(Action::Side) => self.side = self.side.next(),
            Some(Action::Names) => return self.start_names(),
            Some(Action::Help) => {
                self.help = true;
                self.help_top = 0;
            }
            Some(Action::Item(item)) => {
                if let Some((choice, ..)) = START_ITEMS.get(usize::from(item)) {
                    return self.choose(*choice);
                }
            }
            _ if matches!(key.code, KeyCode::Char(_)) => {
                self.note = Some(Message::keyed(MessageKind::Error, Keyed::StartUnknownKey))
            }
            _ => {}
        }
        vec![Effect::Redraw]
    }

    /// `n`: Blue's name is typed first, from the name kept.
    fn start_names(&mut self) -> Effects {
        self.typing = Some(NameTyping {
            player: Player::Blue,
            text: self.names[0].clone(),
        });
        vec![Effect::Redraw]
    }

    /// A key while a name is typed: characters, and through the key table Backspace,
    /// Enter (this name, then the next) and Esc (both names as they were).
    fn type_key(&mut self, key: ratatui::crossterm::event::KeyEvent) -> Effects {
        use ratatui::crossterm::event::KeyModifiers;
        let Some(typing) = self.typing.as_mut() else {
            return Vec::new();
        };
        let plain = !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        match (keymap::action(key, KeyContext::NameEntry), key.code) {
            (Some(Action::ForceQuit), _) => return vec![Effect::Quit],
            (Some(Action::Backspace), _) => {
                typing.text.pop();
            }
            (Some(Action::No), _) => self.typing = None,
            (Some(Action::Confirm), _) => {
                let player = typing.player;
                self.names[player.index()] = typing.text.trim().to_owned();
                self.typing = match player {
                    Player::Blue => Some(NameTyping {
                        player: Player::Yellow,
                        text: self.names[1].clone(),
                    }),
                    Player::Yellow => None,
                };
            }
            (None, KeyCode::Char(c)) if plain => {
                self.note = None;
                match typed(&typing.text, c) {
                    Some(longer) => typing.text = longer,
                    // Too wide, not a character a name may hold: the limit is said
                    // (qa45: the typing stopped without a word).
                    None if !c.is_control()
                        && crate::text::width(&format!("{}{c}", typing.text)) > NAME_COLUMNS =>
                    {
                        self.note = Some(Message::new(
                            MessageKind::Error,
                            words::name_too_long(NAME_COLUMNS),
                        ));
                    }
                    None => {}
                }
                return vec![Effect::Redraw];
            }
            _ => {}
        }
        // Any other key but Enter (which ends the name the note is about, and the
        // line mode says the note after it) takes the note away.
        if !matches!(
            keymap::action(key, KeyContext::NameEntry),
            Some(Action::Confirm)
        ) {
            self.note = None;
        }
        vec![Effect::Redraw]
    }

    fn choose(&mut self, choice: StartChoice) -> Effects {
        if !self.enabled(choice) {
            let text = match choice {
                StartChoice::Resume => words::NOTHING_TO_RESUME,
                _ => words::NO_HISTORY,
            };
            self.note = Some(Message::new(MessageKind::Error, text));
            return vec![Effect::Redraw];
        }
        self.choice = Some(choice);
        vec![Effect::Quit]
    }
}
