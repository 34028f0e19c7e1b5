//! Every key binding, as data: one table of (contexts, keys → actions, names, help,
//! hint-line wording). Key handling ([`action`]), the `?` help ([`help_rows`]) and the
//! hint lines ([`hint_line`]) all read [`BINDINGS`], for every screen: a game (and a
//! game at a server table), the replay viewer, the start screen, the lessons menu and a
//! lesson, a puzzle, and the server's lobby, so a binding and its documentation cannot
//! drift apart. Only text being typed (a name, an invitation code, a message) is taken
//! key by key as characters; the keys that end it are rows here.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::rules::Square;

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

impl Direction {
    /// The square one step this way from `square`; the board's edge stops it.
    pub fn step(self, square: Square) -> Square {
        let (column, row) = (square.column(), square.row());
        let (column, row) = match self {
            Direction::Up => (column, row.saturating_sub(1)),
            Direction::Down => (column, (row + 1).min(3)),
            Direction::Left => (column.saturating_sub(1), row),
            Direction::Right => ((column + 1).min(3), row),
        };
        Square::new(column, row).unwrap_or(square)
    }
}

/// What a key asks for. The state that gets it decides what it means.
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
    /// A finished game: a rematch with the sides swapped (the person against the AI
    /// takes the other colour; at one keyboard, each player the other's).
    SwapRematch,
    /// The start screen: type the players' names.
    Names,
    /// Replay: step this many moves (negative: back).
    Step(i32),
    /// Replay: go to the start (no move played).
    Start,
    /// Replay: go to the last move.
    End,
    /// Replay: start typing a move number to jump to.
    Goto,
    /// Replay: a digit of the move number being typed.
    Digit(u8),
    /// Replay: rub out the last digit typed.
    Backspace,
    /// Replay: jump to the move number typed.
    Jump,
    /// Replay: start or stop autoplay.
    Autoplay,
    /// Replay: autoplay faster.
    Faster,
    /// Replay: autoplay slower.
    Slower,
    /// Replay: play on from the move shown (asks first when later moves would be dropped).
    Continue,
    /// Replay: open or close the analysis panel.
    Analysis,
    /// Replay: start the deep review (longer thinking per position), or stop it.
    DeepReview,
    /// Replay: jump to the next mistake or blunder.
    NextMistake,
    /// Replay: jump to the previous mistake or blunder.
    PreviousMistake,
    /// A finished game: review it in the replay viewer with analysis.
    Review,
    /// Resign the game in progress (asks first).
    Resign,
    /// A puzzle: give it up, and see its proven answer.
    GiveUp,
    /// Show or hide the help.
    Help,
    /// Quit (asks first when a game is in progress).
    Quit,
    /// Quit at once (`Ctrl-C`).
    ForceQuit,
    /// Answer yes to a question.
    Yes,
    /// Answer no to a question, close an overlay, or stop typing a move number.
    No,
    /// A claim game: start typing a claim for the last stone (`+`).
    ClaimStart,
    /// A claim game: claim the points typed (`Enter`).
    Claim,
    /// At a server table: type a message to the other player.
    Message,
    /// At a server table: mute the other player's messages, or hear them again.
    Mute,
    /// At a server table: the bell on "your move", on or off.
    Bell,
    /// The lobby: play the server's AI (opens the new-game form).
    PlayAi,
    /// The lobby: type a private table's invitation code.
    Invitation,
    /// The lobby: type a player's name to find them.
    FindPlayer,
    /// The lobby: no longer list the correspondence games `f` listed to watch.
    HideFound,
    /// The lobby: the operator's message of the day, whole, until a key.
    Motd,
    /// A profile: list the player's correspondence games in play in the lobby, to
    /// watch one (as `f` does).
    WatchInPlay,
    /// The lobby: the next palette (none after the last), kept for the key.
    Palette,
    /// The lobby: the line mode (for screen readers) on or off, kept for the key.
    LineMode,
    /// The lobby: the board drawn in ASCII or in boxes, kept for the key.
    Ascii,
    /// The lobby: desktop notifications on "your move" on or off, kept for the key.
    Notify,
    /// The lobby: claim the win at a table the opponent left (its number next).
    ClaimWin,
    /// The new-game form: the next opponent (a person, the AI's levels).
    Opponent,
    /// The new-game form: the other side.
    Side,
    /// The new-game form: the other variant.
    Variant,
    /// The new-game form: claims on or off.
    ClaimsRule,
    /// The new-game form: private (by invitation) or listed.
    Private,
    /// The new-game form: the next clock.
    Clock,
    /// The new-game form: rated or casual.
    Rated,
    /// The lobby: the leaderboards.
    Leaderboard,
    /// The lobby: your own profile.
    Profile,
    /// The lobby: type a player's name to see their profile.
    ViewProfile,
    /// The lobby: the correspondence game at your move with least time left.
    NextMove,
    /// A list: its next page.
    NextPage,
    /// A list: its previous page.
    PreviousPage,
    /// A leaderboard: the other speed (live, correspondence).
    Speed,
    /// Your profile: leave the leaderboards, or come back to them.
    Listed,
    /// A profile: the chart of the next rating.
    Chart,
    /// Go ahead with what is on screen: the new-game form, a line typed, the item
    /// selected in a menu.
    Confirm,
    /// A menu: choose its item with this number (from 0).
    Item(u8),
    /// A lesson: open the lessons menu.
    Menu,
    /// The lessons menu: leave for the puzzles.
    Puzzles,
    /// A lesson or a puzzle: its text read in full, in place of the board (where the
    /// terminal has no room for it beside or under the board).
    Read,
    /// The help, when it is longer than the screen: scroll it.
    Scroll(Scroll),
}

/// How far a key scrolls a text longer than its box (the help).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scroll {
    /// One line back towards the start.
    LineUp,
    /// One line on towards the end.
    LineDown,
    /// A box's height back.
    PageUp,
    /// A box's height on.
    PageDown,
    /// To the first line.
    Top,
    /// To the last line.
    Bottom,
}

impl Scroll {
    /// The first line shown once this moves a text on from its line `top`, `last`
    /// being the first line of its last screenful and `page` the lines a page moves:
    /// never before the first line nor past `last`.
    pub(crate) fn moved(self, top: u16, last: u16, page: u16) -> u16 {
        let top = top.min(last);
        match self {
            Scroll::LineUp => top.saturating_sub(1),
            Scroll::LineDown => top.saturating_add(1).min(last),
            Scroll::PageUp => top.saturating_sub(page),
            Scroll::PageDown => top.saturating_add(page).min(last),
            Scroll::Top => 0,
            Scroll::Bottom => last,
        }
    }
}

/// Which bindings apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyContext {
    /// A game: the board has the keys.
    Board,
    /// The replay viewer: watching.
    Replay,
    /// The replay viewer: a move number is being typed after `g`.
    Goto,
    /// The help overlay is shown: the arrows, PgUp, PgDn, Home and End scroll it (when
    /// it is longer than the screen), any other key closes it.
    Help,
    /// A message too long for the status line is shown in a box over the board: these
    /// keys only close it; any other closes it and acts as usual.
    MessageBox,
    /// A yes/no question is asked: `y` says yes, anything else no.
    Question,
    /// The resume question (`hijara play` or a start screen's new game, with a game
    /// autosaved): as [`KeyContext::Question`], but `q` leaves, asking nothing and
    /// starting nothing, where it was a no that started the new game (s25).
    ResumeQuestion,
    /// A game with claims, on the board: looked up before [`KeyContext::Board`].
    ClaimGame,
    /// A game with claims where an AI plays: only for the help (its Enter is the
    /// board's Place, which lets a waiting AI play).
    ClaimAgainstAi,
    /// A game with claims: the points of a claim are being typed after `+`.
    ClaimEntry,
    /// The terminal is too small to show the board: only `q` and `Ctrl-c` act, and
    /// both quit at once, as the "please enlarge" screen says.
    TooSmall,
    /// A served game or replay (`hijara serve`), or the review of a finished game, on
    /// a terminal too small to show it: `q` means what it means on the screen under it
    /// (back to the lobby, asking first where that screen asks; back to the reviewed
    /// game), as the "please enlarge" screen says; Ctrl-c ends the connection (the
    /// program).
    TooSmallGoesBack,
    /// A game between two players at a server table: looked up before
    /// [`KeyContext::Board`] (undo and a new game become requests to the other player).
    Served,
    /// A game against the server's AI at a table: looked up before
    /// [`KeyContext::Board`] (the bell switch of a server table).
    ServedAi,
    /// A spectator's screen at a server table. Only its help is drawn from it (the
    /// served game refuses a spectator's other keys): its own row, `q` back to the
    /// lobby, then the board's that a spectator uses (the help, Ctrl-c; no cursor).
    Watching,
    /// The lobby of `hijara serve`: the tables and the doors from it.
    Lobby,
    /// The lobby's new-game form.
    LobbyForm,
    /// The lobby while the player waits at the table they opened.
    LobbyWaiting,
    /// The lobby while the player waits at an adjourned game for the other player.
    LobbyAdjourned,
    /// The lobby while a line is typed (a name to find, an invitation code): keys
    /// other than these are the text typed.
    LobbyEntry,
    /// The lobby after `w`: the number of the table whose win is claimed.
    LobbyClaim,
    /// A number being typed in the lobby (after its first digit): more digits, Enter.
    LobbyNumber,
    /// The lobby's help, over the lobby: it scrolls, and Esc, `?` or q close it.
    LobbyHelp,
    /// A leaderboard, over the lobby.
    LobbyBoard,
    /// A player's profile, over the lobby.
    LobbyProfile,
    /// At a server table: a message to the other player is being typed after `m`;
    /// keys other than these are the text typed.
    MessageEntry,
    /// The start screen of `hijara`: its doors.
    Start,
    /// The start screen while a hot-seat player's name is typed after `n`: keys other
    /// than these are the name's.
    NameEntry,
    /// The lessons menu.
    LessonMenu,
    /// A lesson on the board: looked up before [`KeyContext::Board`] (undo starts
    /// the lesson again, a new game is the next lesson).
    Lesson,
    /// A puzzle on the board: looked up before [`KeyContext::Board`] (undo tries
    /// again, a new game is the next puzzle, a hint shows the themes).
    Puzzle,
}

/// A key as the table names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Key {
    /// A character typed without Ctrl (Shift is part of the character).
    Char(char),
    /// A special key without Ctrl.
    Code(KeyCode),
    /// Ctrl and a letter, either case.
    Ctrl(char),
    /// Any key at all.
    Any,
}

impl Key {
    fn matches(self, key: KeyEvent) -> bool {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match self {
            Key::Char(c) => !ctrl && key.code == KeyCode::Char(c),
            Key::Code(code) => !ctrl && key.code == code,
            Key::Ctrl(c) => {
                ctrl && matches!(key.code, KeyCode::Char(k) if k.eq_ignore_ascii_case(&c))
            }
            Key::Any => true,
        }
    }
}

/// `Ctrl-z`: stops the program as a shell's job where the terminal can (the local
/// full screen, the local line mode at a terminal). The terminal layer takes it before
/// any screen's keys, so it is no binding of the table; the layer knows it by
/// [`suspends`] and the help lists it from [`SUSPEND_ROW`], both from here. No hint
/// line names it, as none names `Ctrl-c`: both are the terminal's own keys, which
/// polished full-screen programs leave to their help (helix's and gitui's bars name
/// neither), and the game's hint line has no room for it at 80 columns (72 taken,
/// and ` · Ctrl-z: stop` is 15 more).
const SUSPEND: Key = Key::Ctrl('z');

/// The help's row for [`SUSPEND`] (a test checks that it names the key).
pub(crate) const SUSPEND_ROW: (&str, &str) = ("Ctrl-z", "stop for the shell (fg: back)");

/// Whether `key` is [`SUSPEND`].
pub(crate) fn suspends(key: KeyEvent) -> bool {
    SUSPEND.matches(key)
}

/// Which hint line a binding appears on, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HintLine {
    /// A game in progress, with no message to show.
    Playing,
    /// A finished game.
    Over,
    /// The replay viewer before the first move.
    ReplayStart,
    /// The replay viewer of a server's game before the first move: no playing on.
    ReplayServedStart,
    /// A game with claims in progress, with no message to show.
    PlayingClaims,
    /// A claim being typed.
    ClaimEntry,
    /// A claim being typed, fewest words: after what is typed on a lesson's status line.
    ClaimEntryBrief,
    /// A game in progress between two players at a server table.
    Table,
    /// [`HintLine::Table`] on a row too narrow for it (44 columns): the keys a player
    /// at a table uses most, whole (s40, qa46: `arrows/hjkl: move · Enter: place · …`);
    /// the help lists the rest.
    TableNarrow,
    /// A finished (or stopped) game between two players at a server table.
    TableOver,
    /// A table the other player got up from: only leaving is left.
    TableAlone,
    /// A finished game against the server's AI.
    ServedAiOver,
    /// The lobby.
    Lobby,
    /// The lobby, a table listed with a number past 9 (a table's number is its id):
    /// the digits name a number typed, not `1-9`.
    LobbyNumbered,
    /// The lobby's new-game form: its switches.
    LobbyForm,
    /// The lobby's new-game form: going ahead or not.
    LobbyFormEnd,
    /// The lobby while the player waits at their table.
    LobbyWaiting,
    /// The lobby while the player waits at an adjourned game.
    LobbyAdjourned,
    /// A line typed in the lobby.
    LobbyEntry,
    /// The lobby's doors to the club: standings, profiles, pages.
    LobbyClub,
    /// [`HintLine::LobbyClub`] while another member's correspondence games that `f` or
    /// `v` looked up are listed: with the key that hides them (`Esc hide`), which has
    /// room on this line at 80 and 44 columns, where the tables' keys have none.
    LobbyClubFound,
    /// A number being typed in the lobby.
    LobbyNumber,
    /// A leaderboard.
    LobbyBoard,
    /// The player's own profile.
    LobbyProfile,
    /// Another player's profile: no key to leave the leaderboards, which only one's
    /// own profile takes.
    LobbyOtherProfile,
    /// The lobby's help: its scroll keys, at the foot of its box.
    LobbyHelp,
    /// A message typed at a server table.
    MessageEntry,
    /// The start screen.
    Start,
    /// The start screen while a name is typed.
    NameEntry,
    /// The start screen whose welcome (`Press a key:`, which [`HintLine::Start`]
    /// goes on from) gave its rows up to a long note: a line read whole on its own.
    StartAlone,
    /// The lessons menu.
    LessonMenu,
    /// A lesson.
    Lesson,
    /// A lesson whose stone is played and done: a square typed or clicked is no try
    /// then, so the line does not offer one.
    LessonPlayed,
    /// A lesson whose stone's points wait for their claim, before `+`: the key that
    /// starts it, then the others the lesson takes then (`LessonState::claim_key`
    /// refuses the rest, `e` and `?` too).
    LessonClaim,
    /// A puzzle, waiting for a move.
    PuzzleAsking,
    /// A puzzle answered.
    PuzzleAnswered,
    /// The help, longer than the screen: the keys that scroll it.
    HelpScroll,
    /// The help, longer than the screen: the scrolling keys, fewest words.
    HelpScrollShort,
    /// A text longer than its box (a lesson's): the key to the lines below.
    TextBelow,
    /// A text longer than its box (a lesson's): the key to the lines above.
    TextAbove,
    /// The border of a lesson's text or a puzzle's panel: the key to the help, whose
    /// hint lines have no room for it at 80×24.
    PanelHelp,
    /// A lesson's status line where its text has no room (44×16): the key to read it,
    /// and the help's, which the text's border names on a larger screen.
    LessonHidden,
    /// [`HintLine::LessonHidden`] once the lesson is done: the key to the next lesson
    /// first (QA, s22: at 44×16 "Well done!" said no way on but the help's).
    LessonHiddenDone,
    /// A puzzle's status line where its panel has no room (44×16): the key to read it,
    /// and the help's, which the panel's border names on a larger screen.
    PuzzleHidden,
    /// [`HintLine::PuzzleHidden`] after a try or the answer given up: the keys to try
    /// again and to the next puzzle first, which only the panel's border named (s23:
    /// at 44×16 a verdict said no way on but the help's).
    PuzzleHiddenAnswered,
    /// A puzzle's title line where there is no panel and nothing in it (44×16, before
    /// a try): how to play and where the help is, which the panel's borders say on a
    /// larger screen.
    PuzzleNoPanel,
    /// A lesson's or a puzzle's text read in place of the board: its keys.
    Reading,
    /// The same text when it fits its box whole: nothing to scroll, only the way back.
    ReadingWhole,
    /// What closes the game's help shown whole, its foot's words: every key, and a
    /// click (s40: the foot said `Press any key to close`, a click closing it too).
    HelpWhole,
}

impl HintLine {
    /// What goes between the wordings: the lobby's lines space them out, as a
    /// list of keys with no colons; the others use ` · `.
    fn separator(self) -> &'static str {
        match self {
            HintLine::Lobby
            | HintLine::LobbyNumbered
            | HintLine::LobbyForm
            | HintLine::LobbyFormEnd
            | HintLine::LobbyClub
            | HintLine::LobbyClubFound
            | HintLine::LobbyBoard
            | HintLine::LobbyProfile
            | HintLine::LobbyOtherProfile
            | HintLine::LobbyHelp => "  ",
            HintLine::HelpWhole => " or ",
            _ => crate::text::PART_SEPARATOR,
        }
    }
}

/// The lessons menu's digit keys as the help and the hint line both name them: one
/// wording, so the footer cannot say `1-9` while `0` opens the tenth lesson.
macro_rules! lesson_digits {
    () => {
        "1-9, 0"
    };
}

/// One row of the key table.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Binding {
    /// Where it applies.
    pub(crate) contexts: &'static [KeyContext],
    /// Each key and the action it asks for.
    pub(crate) keys: &'static [(Key, Action)],
    /// The keys as the help names them.
    pub(crate) names: &'static str,
    /// What they do, for the help; empty for rows the help leaves out.
    pub(crate) help: &'static str,
    /// Each hint line it appears on, its place there, and its wording.
    pub(crate) hints: &'static [(HintLine, u8, &'static str)],
}

use Action as A;
use KeyContext as C;

/// The start screen's keys, one a door, in the order of its items
/// (`ui::start::START_ITEMS`).
pub(crate) const START_KEYS: [char; 8] = ['h', '1', '2', '3', 'r', 'l', 'p', 'v'];
/// The start screen's key that turns the side taken against the AI (`s`, as the
/// club's new-game form turns its side).
pub(crate) const START_SIDE_KEY: char = 's';
/// The start screen's key that types the players' names.
pub(crate) const START_NAMES_KEY: char = 'n';

const fn ch(c: char) -> Key {
    Key::Char(c)
}
const fn code(code: KeyCode) -> Key {
    Key::Code(code)
}

/// The digits that begin a number (a table's, a player's, a game's): 0 begins none.
const NUMBER_DIGITS: &[(Key, Action)] = &[
    (ch('1'), A::Digit(1)),
    (ch('2'), A::Digit(2)),
    (ch('3'), A::Digit(3)),
    (ch('4'), A::Digit(4)),
    (ch('5'), A::Digit(5)),
    (ch('6'), A::Digit(6)),
    (ch('7'), A::Digit(7)),
    (ch('8'), A::Digit(8)),
    (ch('9'), A::Digit(9)),
];

/// The key table, in the order the help lists it.
pub(crate) const BINDINGS: &[Binding] = &[
    // The game.
    Binding {
        contexts: &[C::Board],
        keys: &[
            (code(KeyCode::Up), A::Cursor(Direction::Up)),
            (ch('k'), A::Cursor(Direction::Up)),
            (code(KeyCode::Down), A::Cursor(Direction::Down)),
            (ch('j'), A::Cursor(Direction::Down)),
            (code(KeyCode::Left), A::Cursor(Direction::Left)),
            (ch('h'), A::Cursor(Direction::Left)),
            (code(KeyCode::Right), A::Cursor(Direction::Right)),
            (ch('l'), A::Cursor(Direction::Right)),
        ],
        names: "arrows / h j k l",
        help: "move the cursor",
        hints: &[
            (HintLine::Playing, 0, "arrows/hjkl: move"),
            (HintLine::PlayingClaims, 0, "arrows/hjkl: move"),
            (HintLine::Table, 0, "arrows/hjkl: move"),
            // A square's name plays it at once, as Enter does (the footer said
            // `arrows/a-d 1-4: choose`, and `c4` read off it was the try).
            (HintLine::PuzzleAsking, 0, "arrows: choose"),
        ],
    },
    Binding {
        contexts: &[C::Board],
        keys: &[(code(KeyCode::Enter), A::Place), (ch(' '), A::Place)],
        names: "Enter / Space",
        help: "place a stone on the cursor's square",
        hints: &[
            (HintLine::Playing, 1, "Enter: place"),
            (HintLine::PlayingClaims, 1, "Enter: place"),
            (HintLine::Table, 1, "Enter: place"),
            (HintLine::TableNarrow, 0, "Enter: place"),
            (HintLine::PuzzleAsking, 1, "a-d 1-4/Enter/click: play"),
        ],
    },
    Binding {
        contexts: &[C::Board],
        keys: &[
            (ch('a'), A::Column(0)),
            (ch('b'), A::Column(1)),
            (ch('c'), A::Column(2)),
            (ch('d'), A::Column(3)),
            (ch('1'), A::Row(0)),
            (ch('2'), A::Row(1)),
            (ch('3'), A::Row(2)),
            (ch('4'), A::Row(3)),
        ],
        names: "a-d then 1-4",
        help: "place on the square named (e.g. b3)",
        hints: &[
            (HintLine::Playing, 2, "b3: type a square"),
            (HintLine::PuzzleNoPanel, 0, "a-d 1-4: play"),
            (
                HintLine::Lesson,
                0,
                "a-d 1-4, arrows and Enter, or click: play",
            ),
        ],
    },
    Binding {
        // Clicks reach the game as squares (see the event loop), not as keys.
        contexts: &[C::Board],
        keys: &[],
        names: "mouse click",
        help: "place on the square clicked",
        hints: &[],
    },
    Binding {
        contexts: &[C::Board],
        keys: &[(ch('u'), A::Undo)],
        names: "u",
        help: "undo (against the AI: your move and its reply)",
        hints: &[
            (HintLine::Playing, 3, "u: undo"),
            (HintLine::PlayingClaims, 3, "u: undo"),
            (HintLine::Over, 3, "u: undo"),
        ],
    },
    Binding {
        contexts: &[C::Board],
        keys: &[(ch('U'), A::Redo), (Key::Ctrl('r'), A::Redo)],
        names: "U / Ctrl-r",
        help: "redo",
        hints: &[],
    },
    Binding {
        contexts: &[C::Board],
        keys: &[(ch('t'), A::Hint)],
        names: "t",
        help: "hint: the hard AI's move for the player to move",
        hints: &[
            (HintLine::Playing, 4, "t: hint"),
            (HintLine::PlayingClaims, 4, "t: hint"),
        ],
    },
    Binding {
        contexts: &[C::Board],
        keys: &[(ch('s'), A::Save)],
        names: "s",
        help: "save the game as a .hij record",
        hints: &[],
    },
    Binding {
        contexts: &[C::Board],
        // `w`: a rematch with the sides swapped, at the end (s36), in the same row so
        // the help of a corners game with claims still shows whole at 80x24.
        keys: &[
            (ch('n'), A::NewGame),
            (ch('w'), A::SwapRematch),
            (ch('r'), A::Review),
            (ch('R'), A::Resign),
        ],
        names: "n, w, r, R",
        help: "new game (w: swap sides, at the end); review; resign",
        hints: &[
            (HintLine::Over, 0, "n: new game"),
            (HintLine::Over, 4, "r: review"),
            (HintLine::ServedAiOver, 0, "n: new game"),
            (HintLine::Over, 1, "w: rematch, swap sides"),
        ],
    },
    // A game between two players at a server table: looked up before the board's keys.
    Binding {
        contexts: &[C::Served],
        keys: &[(ch('u'), A::Undo)],
        names: "u",
        help: "ask the other player to take back your last move",
        hints: &[
            (HintLine::Table, 2, "u: take back"),
            (HintLine::TableNarrow, 1, "u: take back"),
        ],
    },
    Binding {
        contexts: &[C::Served],
        keys: &[(ch('R'), A::Resign)],
        names: "R",
        help: "resign (asks first)",
        hints: &[(HintLine::Table, 3, "R: resign")],
    },
    Binding {
        contexts: &[C::Served],
        keys: &[(ch('n'), A::NewGame)],
        names: "n",
        help: "at the end: offer a rematch, colours swapped",
        hints: &[(HintLine::TableOver, 0, "n: rematch")],
    },
    Binding {
        contexts: &[C::Served],
        keys: &[(ch('m'), A::Message)],
        names: "m",
        help: "a message to the other player (Enter sends)",
        hints: &[
            (HintLine::Table, 4, "m: message"),
            (HintLine::TableNarrow, 2, "m: message"),
            (HintLine::TableOver, 1, "m: message"),
        ],
    },
    // A message typed after `m`: any other key is the text.
    Binding {
        contexts: &[C::MessageEntry],
        keys: &[
            (code(KeyCode::Enter), A::Confirm),
            (code(KeyCode::Esc), A::No),
            (code(KeyCode::Backspace), A::Backspace),
        ],
        names: "",
        help: "",
        hints: &[
            (HintLine::MessageEntry, 0, "Enter: send"),
            (HintLine::MessageEntry, 1, "Esc: cancel"),
        ],
    },
    Binding {
        contexts: &[C::Served],
        keys: &[(ch('M'), A::Mute), (ch('B'), A::Bell)],
        names: "M, B",
        help: "mute their messages; the bell on your move, on or off",
        hints: &[(HintLine::TableOver, 2, "M: mute")],
    },
    Binding {
        contexts: &[C::ServedAi],
        keys: &[(ch('B'), A::Bell)],
        names: "B",
        help: "the bell on your move, on or off (kept for your key)",
        hints: &[],
    },
    // A served game: q goes back to the lobby, not out of the program (the board's
    // row, "quit", is left out of this help).
    Binding {
        contexts: &[C::Served, C::ServedAi],
        keys: &[(ch('q'), A::Quit), (code(KeyCode::Esc), A::Quit)],
        names: "q / Esc",
        help: "back to the lobby (asks while a game is in progress)",
        hints: &[],
    },
    // A spectator's screen: `q` leaves at once, asking nothing (the help listed the
    // local game's keys there: undo, the hint, saving, a new game, none of them a
    // spectator's).
    Binding {
        contexts: &[C::Watching],
        keys: &[(ch('q'), A::Quit), (code(KeyCode::Esc), A::Quit)],
        names: "q / Esc",
        help: "back to the lobby",
        hints: &[],
    },
    // A lesson: looked up before the board's keys.
    Binding {
        contexts: &[C::Lesson],
        keys: &[(ch('u'), A::Undo)],
        names: "u",
        help: "start the lesson again",
        hints: &[
            (HintLine::Lesson, 1, "u: again"),
            (HintLine::LessonPlayed, 1, "u: again"),
            (HintLine::LessonClaim, 1, "u: again"),
        ],
    },
    Binding {
        contexts: &[C::Lesson, C::Puzzle],
        keys: &[
            (code(KeyCode::PageDown), A::Scroll(Scroll::PageDown)),
            (code(KeyCode::PageUp), A::Scroll(Scroll::PageUp)),
        ],
        names: "PgDn / PgUp",
        help: "more of the text by the board, when it does not fit",
        hints: &[
            (HintLine::TextBelow, 0, "↓ PgDn"),
            (HintLine::TextAbove, 0, "↑ PgUp"),
        ],
    },
    Binding {
        contexts: &[C::Lesson, C::Puzzle],
        keys: &[(ch('e'), A::Read)],
        names: "e",
        // One help row at 80 columns (54 at most): its wrapped form read as two rows.
        help: "the whole text (↑↓ scroll it; any other key: back)",
        hints: &[
            (HintLine::LessonHidden, 0, "e: read the lesson"),
            (HintLine::LessonHiddenDone, 1, "e: read the lesson"),
            (HintLine::PuzzleHidden, 0, "e: read it all"),
            (HintLine::PuzzleHiddenAnswered, 2, "e: read it all"),
        ],
    },
    Binding {
        contexts: &[C::Lesson],
        keys: &[(ch('n'), A::NewGame)],
        names: "n",
        help: "the next lesson",
        hints: &[
            (HintLine::Lesson, 2, "n: next"),
            (HintLine::LessonPlayed, 2, "n: next"),
            (HintLine::LessonClaim, 2, "n: next"),
            (HintLine::LessonHiddenDone, 0, "n: next"),
        ],
    },
    Binding {
        // Not the menu's own: `m` there would open the very screen it is on.
        contexts: &[C::Lesson],
        keys: &[(ch('m'), A::Menu)],
        names: "m",
        help: "the lessons menu",
        hints: &[
            (HintLine::Lesson, 3, "m: menu"),
            (HintLine::LessonPlayed, 3, "m: menu"),
            (HintLine::LessonClaim, 3, "m: menu"),
            // In `n: next`'s place after the last lesson, which has no next (its
            // screen leaves one of the two out, `lesson::hint_keys`).
            (HintLine::LessonHiddenDone, 0, "m: menu"),
        ],
    },
    Binding {
        contexts: &[C::Lesson, C::Puzzle],
        keys: &[(ch('q'), A::Quit), (code(KeyCode::Esc), A::Quit)],
        names: "q / Esc",
        help: "leave",
        hints: &[
            (HintLine::Lesson, 4, "q: quit"),
            (HintLine::LessonPlayed, 4, "q: quit"),
            (HintLine::LessonClaim, 4, "q: quit"),
            (HintLine::PuzzleAsking, 5, "q: quit"),
            (HintLine::PuzzleAnswered, 2, "q: quit"),
        ],
    },
    // A puzzle: looked up before the board's keys.
    Binding {
        contexts: &[C::Puzzle],
        keys: &[(ch('t'), A::Hint)],
        names: "t",
        help: "the puzzle's themes",
        hints: &[(HintLine::PuzzleAsking, 2, "t: themes")],
    },
    Binding {
        contexts: &[C::Puzzle],
        keys: &[(ch('n'), A::NewGame)],
        names: "n",
        help: "the next puzzle (unanswered: skips this one)",
        hints: &[
            (HintLine::PuzzleAsking, 3, "n: skip"),
            (HintLine::PuzzleAnswered, 1, "n: next puzzle"),
            (HintLine::PuzzleHiddenAnswered, 1, "n: next"),
        ],
    },
    Binding {
        contexts: &[C::Puzzle],
        keys: &[(ch('u'), A::Undo)],
        names: "u",
        help: "try the puzzle again",
        hints: &[
            (HintLine::PuzzleAnswered, 0, "u: try again"),
            (HintLine::PuzzleHiddenAnswered, 0, "u: again"),
        ],
    },
    Binding {
        contexts: &[C::Puzzle],
        keys: &[(ch('g'), A::GiveUp)],
        names: "g",
        help: "give up: the proven answer, counted as not solved",
        hints: &[(HintLine::PuzzleAsking, 4, "g: give up")],
    },
    // The start screen and the lessons menu.
    Binding {
        contexts: &[C::Start],
        keys: &[
            (ch(START_KEYS[0]), A::Item(0)),
            (ch(START_KEYS[1]), A::Item(1)),
            (ch(START_KEYS[2]), A::Item(2)),
            (ch(START_KEYS[3]), A::Item(3)),
            (ch(START_KEYS[4]), A::Item(4)),
            (ch(START_KEYS[5]), A::Item(5)),
            (ch(START_KEYS[6]), A::Item(6)),
            (ch(START_KEYS[7]), A::Item(7)),
        ],
        names: "h 1 2 3 r l p v",
        help: "the door beside the key",
        hints: &[],
    },
    Binding {
        contexts: &[C::Start],
        keys: &[(ch(START_SIDE_KEY), A::Side)],
        names: "s",
        help: "your side against the AI: Blue, Yellow, or random",
        hints: &[],
    },
    Binding {
        contexts: &[C::Start],
        keys: &[(ch(START_NAMES_KEY), A::Names)],
        names: "n",
        help: "the players' names, kept (Enter: the next, Esc: cancel)",
        hints: &[],
    },
    // A hot-seat player's name typed after `n`: any other key is the name's.
    Binding {
        contexts: &[C::NameEntry],
        keys: &[
            (code(KeyCode::Enter), A::Confirm),
            (code(KeyCode::Esc), A::No),
            (code(KeyCode::Backspace), A::Backspace),
        ],
        names: "",
        help: "",
        hints: &[
            (HintLine::NameEntry, 0, "Enter: next"),
            (HintLine::NameEntry, 1, "Esc: cancel"),
        ],
    },
    Binding {
        contexts: &[C::LessonMenu],
        keys: &[
            (ch('1'), A::Item(0)),
            (ch('2'), A::Item(1)),
            (ch('3'), A::Item(2)),
            (ch('4'), A::Item(3)),
            (ch('5'), A::Item(4)),
            (ch('6'), A::Item(5)),
            (ch('7'), A::Item(6)),
            (ch('8'), A::Item(7)),
            (ch('9'), A::Item(8)),
            (ch('0'), A::Item(9)),
        ],
        names: lesson_digits!(),
        help: "open that lesson (0: the tenth)",
        hints: &[],
    },
    Binding {
        contexts: &[C::Start, C::LessonMenu],
        keys: &[
            (code(KeyCode::Up), A::Cursor(Direction::Up)),
            (ch('k'), A::Cursor(Direction::Up)),
            (code(KeyCode::Down), A::Cursor(Direction::Down)),
            (ch('j'), A::Cursor(Direction::Down)),
        ],
        names: "↑↓ / k j",
        help: "select",
        hints: &[(HintLine::LessonMenu, 0, "↑↓: choose")],
    },
    Binding {
        contexts: &[C::LessonMenu],
        keys: &[
            (code(KeyCode::Home), A::Start),
            (code(KeyCode::End), A::End),
        ],
        names: "Home / End",
        help: "the first, the last",
        hints: &[],
    },
    Binding {
        contexts: &[C::Start, C::LessonMenu],
        keys: &[(code(KeyCode::Enter), A::Confirm), (ch(' '), A::Confirm)],
        names: "Enter / Space",
        help: "open the one selected",
        hints: &[
            (HintLine::Start, 0, "or ↑↓ and Enter, or a click"),
            (HintLine::StartAlone, 0, "A key, ↑↓ and Enter, or a click"),
            // A digit opens its lesson at once, as Enter does: named with the keys
            // that open (the footer said `1-9, 0: choose`, and `8 Enter` opened the
            // lesson and played a stone on it).
            (
                HintLine::LessonMenu,
                1,
                concat!(lesson_digits!(), ", Enter or click: open"),
            ),
        ],
    },
    Binding {
        contexts: &[C::LessonMenu],
        keys: &[(ch('p'), A::Puzzles)],
        names: "p",
        help: "the puzzles",
        hints: &[(HintLine::LessonMenu, 2, "p: puzzles")],
    },
    Binding {
        contexts: &[C::Start],
        keys: &[(ch('q'), A::Quit), (code(KeyCode::Esc), A::Quit)],
        names: "q / Esc",
        help: "quit",
        hints: &[
            (HintLine::Start, 1, "q: quit"),
            (HintLine::StartAlone, 1, "q: quit"),
        ],
    },
    // The menu's q leaves the lessons: out of the program, or back to the start
    // screen that opened them (its hint then says so, `Q_BACK`).
    Binding {
        contexts: &[C::LessonMenu],
        keys: &[(ch('q'), A::Quit)],
        names: "q",
        help: "leave the lessons",
        hints: &[(HintLine::LessonMenu, 3, "q: quit")],
    },
    // Esc goes back, as on every screen over another (QA, learn3: it left the
    // program from a lesson's menu).
    Binding {
        contexts: &[C::LessonMenu],
        keys: &[(code(KeyCode::Esc), A::No)],
        names: "Esc",
        help: "back to the lesson the menu came from",
        hints: &[],
    },
    // A game with claims: looked up before the board's keys.
    Binding {
        contexts: &[C::ClaimGame],
        keys: &[(ch('+'), A::ClaimStart)],
        names: "+ 25 Enter",
        help: "claim 25 points for your last stone (Esc cancels)",
        hints: &[
            (HintLine::PlayingClaims, 2, "+25 Enter: claim"),
            (HintLine::LessonClaim, 0, "+: claim"),
        ],
    },
    Binding {
        // Enter is the board's Place: with the AI to move, it lets the AI play.
        contexts: &[C::ClaimAgainstAi],
        keys: &[],
        names: "Enter",
        help: "no claim: let the AI play on",
        hints: &[],
    },
    // Typing a claim after `+`: digits, Backspace, Enter, Esc; other keys are refused.
    Binding {
        contexts: &[C::ClaimEntry],
        keys: &[
            (ch('0'), A::Digit(0)),
            (ch('1'), A::Digit(1)),
            (ch('2'), A::Digit(2)),
            (ch('3'), A::Digit(3)),
            (ch('4'), A::Digit(4)),
            (ch('5'), A::Digit(5)),
            (ch('6'), A::Digit(6)),
            (ch('7'), A::Digit(7)),
            (ch('8'), A::Digit(8)),
            (ch('9'), A::Digit(9)),
            (code(KeyCode::Backspace), A::Backspace),
            (code(KeyCode::Enter), A::Claim),
            (code(KeyCode::Esc), A::No),
        ],
        names: "",
        help: "",
        hints: &[
            (
                HintLine::ClaimEntry,
                0,
                "Enter: claim · Backspace: rub out · Esc: cancel",
            ),
            (HintLine::ClaimEntryBrief, 0, "Enter: claim · Esc: cancel"),
        ],
    },
    // The replay viewer.
    Binding {
        contexts: &[C::Replay],
        keys: &[
            (code(KeyCode::Right), A::Step(1)),
            (ch('l'), A::Step(1)),
            (code(KeyCode::Left), A::Step(-1)),
            (ch('h'), A::Step(-1)),
        ],
        names: "→ / l, ← / h",
        help: "next move, previous move",
        hints: &[
            (HintLine::ReplayStart, 0, "→/l next · ←/h back"),
            (HintLine::ReplayServedStart, 0, "→/l next · ←/h back"),
        ],
    },
    Binding {
        contexts: &[C::Replay],
        keys: &[
            (code(KeyCode::PageDown), A::Step(10)),
            (code(KeyCode::PageUp), A::Step(-10)),
        ],
        names: "PgDn / PgUp",
        help: "ten moves on, ten moves back",
        hints: &[],
    },
    Binding {
        contexts: &[C::Replay],
        keys: &[
            (code(KeyCode::Home), A::Start),
            (code(KeyCode::End), A::End),
        ],
        names: "Home / End",
        help: "the start, the last move",
        hints: &[],
    },
    Binding {
        contexts: &[C::Replay],
        keys: &[(ch('g'), A::Goto)],
        names: "g 23 Enter",
        help: "jump to move 23 (g 0 for the start)",
        hints: &[
            (HintLine::ReplayStart, 2, "g jump"),
            (HintLine::ReplayServedStart, 2, "g jump"),
        ],
    },
    Binding {
        contexts: &[C::Replay],
        keys: &[(ch(' '), A::Autoplay)],
        names: "Space",
        help: "autoplay on or off",
        hints: &[
            (HintLine::ReplayStart, 1, "Space autoplay"),
            (HintLine::ReplayServedStart, 1, "Space autoplay"),
        ],
    },
    Binding {
        contexts: &[C::Replay],
        keys: &[
            (ch('+'), A::Faster),
            (ch('='), A::Faster),
            (ch('-'), A::Slower),
            (ch('_'), A::Slower),
        ],
        names: "+ / -",
        help: "autoplay faster, slower",
        hints: &[],
    },
    Binding {
        contexts: &[C::Replay],
        keys: &[(ch('c'), A::Continue)],
        names: "c",
        help: "play on from the move shown (later moves, or a resignation there, dropped)",
        hints: &[(HintLine::ReplayStart, 3, "c play on")],
    },
    Binding {
        contexts: &[C::Replay],
        keys: &[
            (ch('a'), A::Analysis),
            (ch(']'), A::NextMistake),
            (ch('['), A::PreviousMistake),
        ],
        names: "a, ] / [",
        // s31: values found in a time vary run to run, and nothing on screen said so.
        // qa37: it named the config key that holds them (`review_nodes`), which a
        // newcomer has not met: docs/review.md names it.
        help: "analysis panel (its values may vary a little from run to run); next, \
               previous mistake or blunder",
        hints: &[],
    },
    Binding {
        contexts: &[C::Replay],
        keys: &[(ch('D'), A::DeepReview)],
        names: "D",
        help: "deep review (4× the thinking); D again stops",
        hints: &[],
    },
    // Both.
    Binding {
        contexts: &[
            C::Board,
            C::Replay,
            // Typing a number: `?` is no digit, so the help comes and the number stays.
            C::Goto,
            C::ClaimEntry,
            C::Lobby,
            C::LobbyForm,
            C::LobbyWaiting,
            C::LobbyAdjourned,
            C::LobbyClaim,
            C::LobbyNumber,
            C::LobbyBoard,
            C::LobbyProfile,
            C::Start,
            C::LessonMenu,
        ],
        keys: &[(ch('?'), A::Help)],
        names: "?",
        help: "show or hide this help",
        hints: &[
            (HintLine::ReplayStart, 4, "? help"),
            (HintLine::ReplayServedStart, 4, "? help"),
            (HintLine::LobbyClub, 4, "? all keys"),
            (HintLine::LobbyClubFound, 5, "? all keys"),
            (HintLine::LobbyFormEnd, 2, "? help"),
            (HintLine::LobbyBoard, 5, "? help"),
            (HintLine::LobbyProfile, 5, "? help"),
            (HintLine::LobbyOtherProfile, 5, "? help"),
            (HintLine::LobbyWaiting, 1, "? help"),
            (HintLine::LobbyAdjourned, 1, "? help"),
            (HintLine::LobbyNumber, 1, "? help"),
            (HintLine::PanelHelp, 0, "? help"),
            (HintLine::PuzzleNoPanel, 1, "? help"),
            (HintLine::LessonHidden, 1, "? help"),
            (HintLine::LessonHiddenDone, 2, "? help"),
            (HintLine::PuzzleHidden, 1, "? help"),
            (HintLine::PuzzleHiddenAnswered, 3, "? help"),
        ],
    },
    Binding {
        contexts: &[C::Board],
        keys: &[(ch('q'), A::Quit), (code(KeyCode::Esc), A::Quit)],
        names: "q / Esc",
        help: BOARD_QUIT_HELP,
        hints: &[
            (HintLine::Over, 2, "q: quit"),
            (HintLine::TableOver, 3, "q: lobby"),
            (HintLine::TableAlone, 0, "q: lobby"),
            (HintLine::ServedAiOver, 2, "q: lobby"),
        ],
    },
    Binding {
        contexts: &[C::Replay],
        keys: &[(ch('q'), A::Quit), (code(KeyCode::Esc), A::Quit)],
        names: "q / Esc",
        help: VIEWER_QUIT_HELP,
        hints: &[],
    },
    Binding {
        // Behind the "please enlarge" screen nothing else acts: q quits as it says.
        contexts: &[C::TooSmall],
        keys: &[(ch('q'), A::ForceQuit)],
        names: "",
        help: "",
        hints: &[],
    },
    Binding {
        // q goes back as on the screen under it (a served screen's lobby, which asks
        // first where there is something to lose; a review's game).
        contexts: &[C::TooSmallGoesBack],
        keys: &[(ch('q'), A::Quit)],
        names: "",
        help: "",
        hints: &[],
    },
    Binding {
        contexts: &[
            C::Board,
            C::Replay,
            C::Goto,
            C::Help,
            C::Question,
            C::ResumeQuestion,
            C::ClaimEntry,
            C::TooSmall,
            C::TooSmallGoesBack,
            C::Lobby,
            C::LobbyForm,
            C::LobbyWaiting,
            C::LobbyAdjourned,
            C::LobbyEntry,
            C::LobbyClaim,
            C::LobbyNumber,
            C::LobbyHelp,
            C::LobbyBoard,
            C::LobbyProfile,
            C::Start,
            C::NameEntry,
            C::LessonMenu,
            C::MessageEntry,
        ],
        keys: &[(Key::Ctrl('c'), A::ForceQuit)],
        names: "Ctrl-c",
        help: "quit at once",
        hints: &[],
    },
    // Typing a move number after `g`: digits, Backspace, Enter; anything else stops.
    Binding {
        contexts: &[C::Goto],
        keys: &[
            (ch('0'), A::Digit(0)),
            (ch('1'), A::Digit(1)),
            (ch('2'), A::Digit(2)),
            (ch('3'), A::Digit(3)),
            (ch('4'), A::Digit(4)),
            (ch('5'), A::Digit(5)),
            (ch('6'), A::Digit(6)),
            (ch('7'), A::Digit(7)),
            (ch('8'), A::Digit(8)),
            (ch('9'), A::Digit(9)),
            (code(KeyCode::Backspace), A::Backspace),
            (code(KeyCode::Enter), A::Jump),
            (Key::Any, A::No),
        ],
        names: "",
        help: "",
        hints: &[],
    },
    // The lobby of `hijara serve`.
    Binding {
        contexts: &[C::Lobby],
        keys: &[(ch('n'), A::NewGame)],
        names: "n",
        help: "open a table for two players",
        hints: &[
            (HintLine::Lobby, 0, "n new table"),
            (HintLine::LobbyNumbered, 0, "n new table"),
        ],
    },
    Binding {
        contexts: &[C::Lobby],
        keys: &[(ch('a'), A::PlayAi)],
        names: "a",
        help: "play the server's AI",
        hints: &[
            (HintLine::Lobby, 1, "a AI"),
            (HintLine::LobbyNumbered, 1, "a AI"),
        ],
    },
    Binding {
        contexts: &[C::Lobby],
        keys: NUMBER_DIGITS,
        // A table's number is its own and passes 9: the help names a number, as the
        // keys line does once one is listed (`number sit/watch`), and says what a
        // digit that may begin a longer number does (`standings::type_digit`).
        names: "number",
        help: "sit at the table with that number, or watch it; a digit that may begin a \
               longer number waits for the next, or Enter",
        hints: &[
            (HintLine::Lobby, 2, "1-9 sit/watch"),
            // Past 9 a number is typed: `1` waits for `12`, or Enter. No wider than 16
            // columns: at 30 its row takes `i invitation` too, as `1-9`'s did (the page
            // at 30x12 keeps its one table and a note).
            (HintLine::LobbyNumbered, 2, "number sit/watch"),
        ],
    },
    Binding {
        contexts: &[C::Lobby],
        keys: &[(ch('i'), A::Invitation)],
        names: "i",
        help: "type an invitation code to a private table",
        hints: &[
            (HintLine::Lobby, 3, "i invitation"),
            (HintLine::LobbyNumbered, 3, "i invitation"),
        ],
    },
    Binding {
        contexts: &[C::Lobby],
        keys: &[(ch('f'), A::FindPlayer)],
        names: "f",
        help: "find a player by name",
        hints: &[
            (HintLine::Lobby, 4, "f find"),
            (HintLine::LobbyNumbered, 4, "f find"),
        ],
    },
    Binding {
        contexts: &[C::Lobby],
        // Esc closes the innermost thing, as over the lobby (the help, the form, a
        // club screen): a note shown, the games `f` listed, then the lobby itself
        // (it left the lobby before they were listed, and does so where none are).
        keys: &[(code(KeyCode::Esc), A::HideFound)],
        names: "Esc",
        help: "clear the note; else hide the games f listed; else leave",
        hints: &[(HintLine::LobbyClubFound, 4, "Esc hide")],
    },
    Binding {
        contexts: &[C::Lobby],
        keys: &[(ch('c'), A::Palette)],
        names: "c",
        // One row at 80 columns: the lobby's help, `m`'s row with it, fits 80x24 whole.
        help: "next palette: default, colour-blind, light, high-contrast, none",
        hints: &[
            (HintLine::Lobby, 5, "c colour"),
            (HintLine::LobbyNumbered, 5, "c colour"),
        ],
    },
    Binding {
        contexts: &[C::Lobby],
        keys: &[(ch('m'), A::Motd)],
        names: "m",
        help: "the message of the day, whole (a small screen shows its start)",
        // Not on the hint line: the message cut short says it (`… (m: read it all)`).
        hints: &[],
    },
    Binding {
        contexts: &[C::Lobby],
        keys: &[(ch('A'), A::Ascii)],
        names: "A",
        help: "the board in ASCII, for fonts without box-drawing characters, or back (kept for your key)",
        hints: &[],
    },
    Binding {
        contexts: &[C::Lobby],
        keys: &[(ch('N'), A::Notify)],
        names: "N",
        help: "desktop notifications on your move, when your terminal is in the background (kept for your key; the bell is B at a table)",
        hints: &[],
    },
    Binding {
        contexts: &[C::Lobby],
        // `L`: `l` is the leaderboards'.
        keys: &[(ch('L'), A::LineMode)],
        names: "L",
        help: "line mode, for screen readers: one plain line per event (kept for your key)",
        // Not on the hint line, which has no room: the server says it before the
        // lobby opens, for a screen reader to hear first.
        hints: &[],
    },
    Binding {
        contexts: &[C::Lobby],
        keys: &[(ch('w'), A::ClaimWin)],
        names: "w",
        help: "claim the win at a table your opponent did not come back to",
        hints: &[],
    },
    Binding {
        contexts: &[C::Lobby],
        keys: &[(code(KeyCode::Tab), A::NextMove)],
        names: "Tab",
        help: "the correspondence game at your move with least time left",
        hints: &[],
    },
    Binding {
        contexts: &[C::Lobby],
        keys: &[
            (ch('l'), A::Leaderboard),
            (ch('p'), A::Profile),
            (ch('v'), A::ViewProfile),
        ],
        names: "l, p, v",
        // One line at 80 columns: the lobby's help fits 80x24 whole.
        help: "the leaderboards; your profile; another player's profile",
        hints: &[
            (HintLine::LobbyClub, 0, "l leaderboard"),
            (HintLine::LobbyClub, 1, "p your profile"),
            (HintLine::LobbyClub, 2, "v a player"),
            (HintLine::LobbyClubFound, 0, "l leaderboard"),
            (HintLine::LobbyClubFound, 1, "p your profile"),
            (HintLine::LobbyClubFound, 2, "v a player"),
        ],
    },
    Binding {
        contexts: &[C::Lobby, C::LobbyBoard, C::LobbyProfile],
        keys: &[
            (ch(']'), A::NextPage),
            (code(KeyCode::PageDown), A::NextPage),
            (ch('['), A::PreviousPage),
            (code(KeyCode::PageUp), A::PreviousPage),
        ],
        names: "] / [",
        help: "the next page of the list, the previous page",
        hints: &[
            (HintLine::LobbyClub, 3, "]/[ pages"),
            (HintLine::LobbyClubFound, 3, "]/[ pages"),
            (HintLine::LobbyBoard, 2, "]/[ pages"),
            (HintLine::LobbyProfile, 0, "]/[ games"),
            (HintLine::LobbyOtherProfile, 0, "]/[ games"),
        ],
    },
    // A number being typed after its first digit.
    Binding {
        contexts: &[C::LobbyNumber],
        keys: &[
            (ch('0'), A::Digit(0)),
            (ch('1'), A::Digit(1)),
            (ch('2'), A::Digit(2)),
            (ch('3'), A::Digit(3)),
            (ch('4'), A::Digit(4)),
            (ch('5'), A::Digit(5)),
            (ch('6'), A::Digit(6)),
            (ch('7'), A::Digit(7)),
            (ch('8'), A::Digit(8)),
            (ch('9'), A::Digit(9)),
            (code(KeyCode::Backspace), A::Backspace),
            (code(KeyCode::Enter), A::Confirm),
        ],
        names: "0-9, Backspace, Enter",
        help: "more digits of the number, rub one out, go",
        hints: &[(
            HintLine::LobbyNumber,
            0,
            "more digits, Enter: go · Backspace: rub out · Esc: cancel",
        )],
    },
    Binding {
        contexts: &[C::LobbyNumber],
        keys: &[(Key::Any, A::No)],
        names: "Esc, other keys",
        help: "cancel",
        hints: &[],
    },
    // A leaderboard.
    Binding {
        contexts: &[C::LobbyBoard],
        keys: &[(ch('v'), A::Variant), (ch('s'), A::Speed)],
        names: "v, s",
        help: "the other variant; the other speed (live, correspondence)",
        hints: &[
            (HintLine::LobbyBoard, 0, "v variant"),
            (HintLine::LobbyBoard, 1, "s speed"),
        ],
    },
    Binding {
        contexts: &[C::LobbyBoard, C::LobbyProfile],
        keys: NUMBER_DIGITS,
        names: "number",
        help: "a leaderboard's player: their profile; a profile's game: its replay (past 9, \
               a digit that may begin a longer number waits for the next, or Enter)",
        hints: &[
            (HintLine::LobbyBoard, 3, "number: profile"),
            (HintLine::LobbyProfile, 1, "number: replay"),
            (HintLine::LobbyOtherProfile, 1, "number: replay"),
        ],
    },
    // A profile.
    Binding {
        contexts: &[C::LobbyProfile],
        keys: &[(ch('b'), A::Chart)],
        names: "b",
        help: "the chart of the next rating",
        hints: &[
            (HintLine::LobbyProfile, 2, "b chart"),
            (HintLine::LobbyOtherProfile, 2, "b chart"),
        ],
    },
    // A letter, not a number: a profile's numbers open its finished games' replays.
    Binding {
        contexts: &[C::LobbyProfile],
        keys: &[(ch('w'), A::WatchInPlay)],
        names: "w",
        help: "list the player's correspondence games in play in the lobby, to watch one \
               by its table's number",
        hints: &[],
    },
    // Said as what it does: `h leaderboards` read as a way to them, and took the
    // player off them.
    Binding {
        contexts: &[C::LobbyProfile],
        keys: &[(ch('h'), A::Listed)],
        names: "h",
        help: "your profile: leave the leaderboards, or come back on them",
        hints: &[(HintLine::LobbyProfile, 3, "h off/on leaderboards")],
    },
    Binding {
        contexts: &[C::LobbyBoard, C::LobbyProfile],
        keys: &[(ch('q'), A::Quit), (code(KeyCode::Esc), A::Quit)],
        names: "q / Esc",
        help: "back to the lobby",
        hints: &[
            (HintLine::LobbyBoard, 4, "Esc back"),
            (HintLine::LobbyProfile, 4, "Esc back"),
            (HintLine::LobbyOtherProfile, 4, "Esc back"),
        ],
    },
    Binding {
        contexts: &[C::Lobby],
        keys: &[(ch('q'), A::Quit)],
        names: "q",
        help: "leave",
        hints: &[
            (HintLine::Lobby, 6, "q leave"),
            (HintLine::LobbyNumbered, 6, "q leave"),
        ],
    },
    // The lobby's new-game form.
    Binding {
        contexts: &[C::LobbyForm],
        keys: &[
            (ch('o'), A::Opponent),
            (ch('s'), A::Side),
            (ch('v'), A::Variant),
            (ch('k'), A::ClaimsRule),
            (ch('t'), A::Clock),
        ],
        names: "o, s, v, k, t",
        help: "opponent, side, variant, claims, clock (or days a move)",
        hints: &[
            (HintLine::LobbyForm, 0, "o opponent"),
            (HintLine::LobbyForm, 1, "s side"),
            (HintLine::LobbyForm, 2, "v variant"),
            (HintLine::LobbyForm, 3, "k claims"),
            (HintLine::LobbyForm, 5, "t clock"),
        ],
    },
    // Bindings of their own, so that the form names them only where they act (a
    // table for two people; rated, with keys): against the AI they only said no.
    Binding {
        contexts: &[C::LobbyForm],
        keys: &[(ch('p'), A::Private)],
        names: "p",
        help: "private: joined by a code (a table for two people)",
        hints: &[(HintLine::LobbyForm, 4, "p private")],
    },
    Binding {
        contexts: &[C::LobbyForm],
        keys: &[(ch('r'), A::Rated)],
        names: "r",
        help: "rated or casual (two people with keys)",
        hints: &[(HintLine::LobbyForm, 6, "r rated")],
    },
    Binding {
        contexts: &[C::LobbyForm],
        keys: &[(code(KeyCode::Enter), A::Confirm)],
        names: "Enter",
        help: "start the game",
        hints: &[(HintLine::LobbyFormEnd, 0, "Enter start")],
    },
    Binding {
        contexts: &[C::LobbyForm],
        keys: &[(code(KeyCode::Esc), A::No), (ch('q'), A::No)],
        names: "Esc / q",
        help: "cancel",
        hints: &[(HintLine::LobbyFormEnd, 1, "Esc cancel")],
    },
    Binding {
        contexts: &[C::LobbyWaiting],
        keys: &[(code(KeyCode::Esc), A::Quit), (ch('q'), A::Quit)],
        names: "Esc / q",
        help: "close your table",
        hints: &[(HintLine::LobbyWaiting, 0, "Esc closes your table")],
    },
    Binding {
        contexts: &[C::LobbyAdjourned],
        keys: &[(code(KeyCode::Esc), A::Quit), (ch('q'), A::Quit)],
        names: "Esc / q",
        help: "leave the game adjourned",
        hints: &[(
            HintLine::LobbyAdjourned,
            0,
            "Esc leaves it adjourned, kept for later",
        )],
    },
    // A help longer than the screen scrolls: the game's and the lobby's (where any
    // other key closes it).
    Binding {
        contexts: &[C::LobbyHelp, C::Help],
        // In the order the lobby help's foot names them (`scroll_key_names`).
        keys: &[
            (code(KeyCode::Up), A::Scroll(Scroll::LineUp)),
            (code(KeyCode::Down), A::Scroll(Scroll::LineDown)),
            (ch('k'), A::Scroll(Scroll::LineUp)),
            (ch('j'), A::Scroll(Scroll::LineDown)),
            (code(KeyCode::PageUp), A::Scroll(Scroll::PageUp)),
            (code(KeyCode::PageDown), A::Scroll(Scroll::PageDown)),
            (ch(' '), A::Scroll(Scroll::PageDown)),
            (code(KeyCode::Home), A::Scroll(Scroll::Top)),
            (code(KeyCode::End), A::Scroll(Scroll::Bottom)),
        ],
        names: "↑ ↓ / PgUp PgDn",
        help: "scroll this help",
        hints: &[
            (HintLine::HelpScroll, 0, "↑↓ PgUp PgDn Home End: scroll"),
            (HintLine::HelpScrollShort, 0, "↑↓ PgUp PgDn: scroll"),
            (HintLine::Reading, 0, "↑↓ PgUp PgDn: scroll"),
        ],
    },
    Binding {
        contexts: &[C::LobbyHelp],
        keys: &[
            (code(KeyCode::Esc), A::No),
            (ch('?'), A::No),
            (ch('q'), A::No),
        ],
        names: "Esc / ? / q",
        help: "close this help (as any key but the scrolling keys does)",
        // As the game's help says it: any other key closes.
        hints: &[(
            HintLine::LobbyHelp,
            1,
            crate::strings::screen::CLOSE_HELP_SCROLLING,
        )],
    },
    // A line typed in the lobby: any other key is the text.
    Binding {
        contexts: &[C::LobbyEntry],
        keys: &[
            (code(KeyCode::Enter), A::Confirm),
            (code(KeyCode::Esc), A::No),
            (code(KeyCode::Backspace), A::Backspace),
        ],
        names: "Enter, Esc",
        help: "go, cancel",
        hints: &[
            (HintLine::LobbyEntry, 0, "Enter: go"),
            (HintLine::LobbyEntry, 1, "Esc: cancel"),
        ],
    },
    Binding {
        // After `w`: a table's number, anything else is no.
        contexts: &[C::LobbyClaim],
        keys: NUMBER_DIGITS,
        names: "number",
        help: "the table whose win you claim, by its number",
        hints: &[],
    },
    Binding {
        contexts: &[C::LobbyClaim],
        keys: &[(Key::Any, A::No)],
        names: "other keys",
        help: "no claim",
        hints: &[],
    },
    // The resume question's way out: `q` or Esc leaves as it opened (back to the
    // start screen, or out of the program), the autosave untouched. Before the
    // questions' catch-all, which would take either for the new game (s26: a player
    // pressing Esc to dismiss the question started a game over the autosave).
    Binding {
        contexts: &[C::ResumeQuestion],
        keys: &[(ch('q'), A::Quit), (code(KeyCode::Esc), A::Quit)],
        names: "",
        help: "",
        hints: &[],
    },
    // A question wants an explicit yes (`s` saves from the quit question, and is
    // no to the others); any key closes the help. `n` is a no as any other key is,
    // named so that the line mode's `no` types it ([`key_for`]): the catch-all's
    // Esc is the resume question's way out.
    Binding {
        contexts: &[C::Question, C::ResumeQuestion],
        keys: &[
            (ch('y'), A::Yes),
            (ch('Y'), A::Yes),
            (ch('s'), A::Save),
            (ch('n'), A::No),
            (Key::Any, A::No),
        ],
        names: "",
        help: "",
        hints: &[],
    },
    Binding {
        contexts: &[C::Help],
        keys: &[(Key::Any, A::No)],
        names: "",
        help: "",
        // A lesson's text read in full closes as the help does: where it scrolls, by
        // any key but the scrolling ones (qa41: `any key: back` beside them read as if
        // ↓ went back too); where it shows whole, by any key.
        hints: &[
            (HintLine::Reading, 1, "any other key: back"),
            (HintLine::ReadingWhole, 0, "any key: back"),
            (HintLine::HelpWhole, 0, "any key"),
        ],
    },
    Binding {
        // A click anywhere closes the help, as a key does (the event loop), where
        // it shows whole and where it scrolls.
        contexts: &[C::Help],
        keys: &[],
        names: "",
        help: "",
        hints: &[(HintLine::HelpWhole, 1, "click")],
    },
    // Enter and Space would place a stone on a square the box may hide.
    Binding {
        contexts: &[C::MessageBox],
        keys: &[
            (code(KeyCode::Enter), A::No),
            (ch(' '), A::No),
            (code(KeyCode::Esc), A::No),
        ],
        names: "",
        help: "",
        hints: &[],
    },
];

/// The action a key press asks for in `context`, if any. Call it with key presses only.
pub(crate) fn action(key: KeyEvent, context: KeyContext) -> Option<Action> {
    // Ctrl-c first: it quits from every context, before any catch-all.
    let force = BINDINGS
        .iter()
        .flat_map(|b| b.keys)
        .find(|(k, _)| *k == Key::Ctrl('c'));
    if let Some((k, action)) = force
        && k.matches(key)
    {
        return Some(*action);
    }
    BINDINGS
        .iter()
        .filter(|b| b.contexts.contains(&context))
        .flat_map(|b| b.keys)
        .find(|(k, _)| k.matches(key))
        .map(|(_, action)| *action)
}

/// The wordings the hint lines give the help's keys (`? help`, the lobby's `? all
/// keys`): what a click on a status line's label is looked for as.
pub(crate) fn help_labels() -> Vec<&'static str> {
    let mut labels: Vec<&str> = BINDINGS
        .iter()
        .filter(|b| b.keys.iter().any(|(_, a)| *a == Action::Help))
        .flat_map(|b| b.hints.iter().map(|&(_, _, text)| text))
        .collect();
    labels.sort_unstable();
    labels.dedup();
    labels
}

/// A key press that asks for `action`, looked up in `contexts` in order (as a screen
/// looks its keys up), then in every context: the line mode types the keys of the
/// key table for a screen, so a command acts exactly as its key does. Rows that take
/// any key give Esc.
pub(crate) fn key_for(action: Action, contexts: &[KeyContext]) -> Option<KeyEvent> {
    let in_context = |context: Option<KeyContext>| {
        BINDINGS
            .iter()
            .filter(move |b| context.is_none_or(|c| b.contexts.contains(&c)))
            .flat_map(|b| b.keys)
            .find(|(_, a)| *a == action)
            .map(|(k, _)| *k)
    };
    let key = contexts
        .iter()
        .find_map(|&c| in_context(Some(c)))
        .or_else(|| in_context(None))?;
    Some(match key {
        Key::Char(c) => KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE),
        Key::Code(code) => KeyEvent::new(code, KeyModifiers::NONE),
        Key::Ctrl(c) => KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL),
        Key::Any => KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE),
    })
}

/// Whether a key asks for `action` in one of `contexts`.
pub(crate) fn bound(action: Action, contexts: &[KeyContext]) -> bool {
    BINDINGS
        .iter()
        .filter(|b| contexts.iter().any(|c| b.contexts.contains(c)))
        .flat_map(|b| b.keys)
        .any(|(_, a)| *a == action)
}

/// Whether one of `contexts` takes any key (a question answered no by any other key):
/// there a key bound nowhere else still acts.
pub(crate) fn takes_any(contexts: &[KeyContext]) -> bool {
    BINDINGS
        .iter()
        .filter(|b| contexts.iter().any(|c| b.contexts.contains(c)))
        .flat_map(|b| b.keys)
        .any(|(k, _)| *k == Key::Any)
}

/// Whether `action` is on offer in `contexts` (looked up in order), as the help lists
/// it: bound there, and where only the board binds it, not given another meaning or
/// refused by a screen whose keys come first (a server table refuses the hint).
pub(crate) fn offered(action: Action, contexts: &[KeyContext]) -> bool {
    contexts.iter().enumerate().any(|(i, context)| {
        bound(action, std::slice::from_ref(context))
            && (*context != C::Board || !contexts[..i].iter().any(|c| not_the_board_s(*c, &action)))
    })
}

/// The help row (keys, what they do) of `action`'s binding in `context`: the one whose
/// first key asks for it.
pub(crate) fn help_row_of(
    context: KeyContext,
    action: Action,
) -> Option<(&'static str, &'static str)> {
    BINDINGS
        .iter()
        .find(|b| b.contexts.contains(&context) && b.keys.first().is_some_and(|k| k.1 == action))
        .map(|b| (b.names, b.help))
}

/// `rows` of the help of `context` where a key does another's action on the screen
/// now (`acts_as`: its action, the action it does): that key's row says the other
/// action's help, from its binding. After the last lesson `n` opens the menu, as `m`
/// does (QA s27: its row said `the next lesson`).
pub(crate) fn acting_as(
    rows: &mut [(&'static str, &'static str)],
    context: KeyContext,
    acts_as: Option<(Action, Action)>,
) {
    let Some((from, to)) = acts_as else {
        return;
    };
    let (Some(key), Some((_, does))) = (help_row_of(context, from), help_row_of(context, to))
    else {
        return;
    };
    for row in rows.iter_mut().filter(|row| **row == key) {
        row.1 = does;
    }
}

/// The help's rows for `context` (keys, what they do), in table order.
pub(crate) fn help_rows(context: KeyContext) -> impl Iterator<Item = (&'static str, &'static str)> {
    BINDINGS
        .iter()
        .filter(move |b| b.contexts.contains(&context) && !b.help.is_empty())
        .map(|b| (b.names, b.help))
}

/// The help's rows for a screen without a board (`context`: the lobby, its form and
/// club screens): its own rows first, then those it shares with a game (`?`, Ctrl-c).
pub(crate) fn help_rows_own_first(
    context: KeyContext,
) -> impl Iterator<Item = (&'static str, &'static str)> {
    let rows = move |shared: bool| {
        BINDINGS
            .iter()
            .filter(move |b| {
                b.contexts.contains(&context)
                    && !b.help.is_empty()
                    && b.contexts.contains(&C::Board) == shared
            })
            .map(|b| (b.names, b.help))
    };
    rows(false).chain(rows(true))
}

/// Whether a screen that looks its own keys up before the board's (`context`) gives
/// the board's `action` another meaning, refuses it, or has no use for it.
fn not_the_board_s(context: KeyContext, action: &Action) -> bool {
    match context {
        // A game at a server table: undo and a new game are requests, the rest refused.
        // Quit goes back to the lobby there.
        C::Served => matches!(
            action,
            A::Undo
                | A::Redo
                | A::Hint
                | A::Save
                | A::NewGame
                | A::SwapRematch
                | A::Review
                | A::Resign
                | A::Quit
        ),
        // A game against the server's AI: no redo, and nothing is saved or reviewed
        // at the table (undo, a new game and the hint work as in a local game); quit
        // goes back to the lobby.
        C::ServedAi => matches!(
            action,
            A::Redo | A::Save | A::Review | A::Quit | A::SwapRematch
        ),
        // A spectator's screen: every key is refused but the help and Ctrl-c (their
        // board has no cursor, qa43); quit goes back to the lobby.
        C::Watching => !matches!(action, A::Help | A::ForceQuit),
        // A lesson, a puzzle: undo, a new game, a hint and quit are their own.
        C::Lesson | C::Puzzle => matches!(
            action,
            A::Undo
                | A::Redo
                | A::Hint
                | A::Save
                | A::NewGame
                | A::SwapRematch
                | A::Review
                | A::Resign
                | A::Quit
        ),
        _ => false,
    }
}

/// The help's rows for a screen whose own keys come before the board's (`context`: a
/// game between two players at a server table, a lesson, a puzzle): its own rows, then
/// the board's, without those it gives another meaning, refuses or does not use.
pub(crate) fn help_rows_over_board(
    context: KeyContext,
) -> impl Iterator<Item = (&'static str, &'static str)> {
    let board = BINDINGS.iter().filter(move |b| {
        b.contexts.contains(&C::Board)
            && !b.help.is_empty()
            // The keyless row is the click, which places a stone: a spectator places none.
            && (if b.keys.is_empty() {
                context != C::Watching
            } else {
                !b.keys.iter().all(|(_, a)| not_the_board_s(context, a))
            })
    });
    BINDINGS
        .iter()
        .filter(move |b| b.contexts.contains(&context) && !b.help.is_empty())
        .chain(board)
        .map(|b| (b.names, b.help))
}

/// A key as a foot names it (`↑`, `PgDn`, `Space`, `j`); `None` for a key no foot
/// names (Ctrl, any key).
fn key_name(key: Key) -> Option<String> {
    Some(match key {
        Key::Char(' ') => "Space".to_owned(),
        Key::Char(c) => c.to_string(),
        Key::Code(code) => match code {
            KeyCode::Up => "↑",
            KeyCode::Down => "↓",
            KeyCode::Left => "←",
            KeyCode::Right => "→",
            KeyCode::PageUp => "PgUp",
            KeyCode::PageDown => "PgDn",
            KeyCode::Home => "Home",
            KeyCode::End => "End",
            KeyCode::Enter => "Enter",
            KeyCode::Esc => "Esc",
            _ => return None,
        }
        .to_owned(),
        Key::Ctrl(_) | Key::Any => return None,
    })
}

/// The keys that scroll in `context` (its bindings' [`Action::Scroll`] keys), named
/// as the lobby help's foot names them, from the key table (s40, qa46: the foot said
/// `↑↓ PgUp PgDn scroll` while Space, j/k, Home and End scrolled too), widest first:
/// every key (`↑↓ k j PgUp PgDn Space Home End`); the first key of each way
/// (`↑↓ PgUp PgDn Home End`); a line and a page each way (`↑↓ PgUp PgDn`). Arrows
/// side by side are named together (`↑↓`).
pub(crate) fn scroll_key_names(context: KeyContext) -> [String; 3] {
    let keys: Vec<(Key, Scroll)> = BINDINGS
        .iter()
        .filter(|b| b.contexts.contains(&context))
        .flat_map(|b| b.keys)
        .filter_map(|&(key, action)| match action {
            A::Scroll(scroll) => Some((key, scroll)),
            _ => None,
        })
        .collect();
    let named = |keys: &mut dyn Iterator<Item = Key>| {
        let mut said = String::new();
        let mut arrow_before = false;
        for name in keys.filter_map(key_name) {
            let arrow = matches!(name.as_str(), "↑" | "↓" | "←" | "→");
            // Arrows side by side are one name (`↑↓`).
            let joined = arrow && arrow_before;
            if !(said.is_empty() || joined) {
                said.push(' ');
            }
            said.push_str(&name);
            arrow_before = arrow;
        }
        said
    };
    let mut ways: Vec<Scroll> = Vec::new();
    let firsts: Vec<Key> = keys
        .iter()
        .filter(|(_, scroll)| {
            let first = !ways.contains(scroll);
            ways.push(*scroll);
            first
        })
        .map(|&(key, _)| key)
        .collect();
    let line_or_page = |key: &Key| {
        keys.iter()
            .any(|(k, scroll)| k == key && !matches!(scroll, Scroll::Top | Scroll::Bottom))
    };
    [
        named(&mut keys.iter().map(|&(key, _)| key)),
        named(&mut firsts.iter().copied()),
        named(&mut firsts.iter().copied().filter(line_or_page)),
    ]
}

/// The hint line `line`, from the table's wordings, joined with its separator.
pub(crate) fn hint_line(line: HintLine) -> String {
    hint_parts(line).join(line.separator())
}

/// [`hint_line`] of the wordings whose keys `does` says do something on the screen
/// now (as [`hint_rows_doing`]).
pub(crate) fn hint_line_doing(line: HintLine, does: &dyn Fn(Action) -> bool) -> String {
    hint_parts_doing(line, does).join(line.separator())
}

/// The help of the game's leave key (`q / Esc`) in a game started on the command line.
const BOARD_QUIT_HELP: &str = "quit (asks while a game is in progress)";
/// The same in a game the start screen opened, where `q` goes back to it.
const BOARD_BACK_HELP: &str = "back to the start screen (asks while a game is in progress)";

/// The help of the replay viewer's leave key (`q / Esc`) opened on the command line.
const VIEWER_QUIT_HELP: &str = "quit";
/// The same in the viewer the start screen opened, where `q` goes back to it.
const VIEWER_BACK_HELP: &str = "back to the start screen";
/// The same in the review of a game (`r` after it), where `q` goes back to the game.
const VIEWER_GAME_HELP: &str = "back to the game";
/// The same in a server's viewer (a club game's record), where `q` goes back to the lobby.
const VIEWER_LOBBY_HELP: &str = "back to the lobby";

/// Where a screen's leave key (`q / Esc`) goes, which its help row says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Leaving {
    /// Out of the program: a screen the command line opened (the rows' own words).
    Out,
    /// Back to the start screen that opened the screen.
    StartScreen,
    /// Back to the game under it: the review of a game.
    Game,
    /// Back to a server's lobby.
    Lobby,
    /// Back to the lessons' menu: the puzzles it opened.
    Lessons,
}

/// The leave keys' help by where they go: a row's own words (out of the program),
/// where the key goes instead, and the row's words there. A row with no entry for
/// where its key goes keeps its own words.
const LEAVE_HELP: &[(&str, Leaving, &str)] = &[
    (BOARD_QUIT_HELP, Leaving::StartScreen, BOARD_BACK_HELP),
    (VIEWER_QUIT_HELP, Leaving::StartScreen, VIEWER_BACK_HELP),
    (VIEWER_QUIT_HELP, Leaving::Game, VIEWER_GAME_HELP),
    (VIEWER_QUIT_HELP, Leaving::Lobby, VIEWER_LOBBY_HELP),
];

/// A help row (keys, what they do) as a screen whose leave key goes `to` says it
/// ([`LEAVE_HELP`]): the leave key's row names where it goes; every other row is as
/// it is.
pub(crate) fn leaving(
    row: (&'static str, &'static str),
    to: Leaving,
) -> (&'static str, &'static str) {
    LEAVE_HELP
        .iter()
        .find(|(own, goes, _)| *own == row.1 && *goes == to)
        .map_or(row, |&(_, _, help)| (row.0, help))
}

/// The wording of the leave key on the hint line of a screen the start screen
/// opened: `q` goes back to it there, not out of the program.
const Q_BACK: &str = "q: back";

/// The hint line `line`; with `back` (a lesson, puzzle or game screen the start
/// screen opened), the leave key's wording is [`Q_BACK`], as `q` goes back there.
pub(crate) fn hint_line_leaving(line: HintLine, back: bool) -> String {
    hint_line_leaving_doing(line, back, &|_| true)
}

/// [`hint_line_leaving`] of the wordings whose keys `does` says do something on the
/// screen now (as [`hint_rows_doing`]): the last lesson names no `n: next`.
pub(crate) fn hint_line_leaving_doing(
    line: HintLine,
    back: bool,
    does: &dyn Fn(Action) -> bool,
) -> String {
    if !back {
        return hint_line_doing(line, does);
    }
    let mut parts: Vec<(u8, &str)> = BINDINGS
        .iter()
        .filter(|b| b.keys.first().is_none_or(|&(_, action)| does(action)))
        .flat_map(|b| {
            let leaves = b.keys.iter().any(|(_, a)| *a == A::Quit);
            b.hints
                .iter()
                .filter(|(l, ..)| *l == line)
                .map(move |&(_, place, text)| (place, if leaves { Q_BACK } else { text }))
        })
        .collect();
    parts.sort_by_key(|&(place, _)| place);
    let parts: Vec<&str> = parts.into_iter().map(|(_, text)| text).collect();
    parts.join(line.separator())
}

/// The hint line `line` in rows at most `width` columns wide, broken only between its
/// parts, so a key stays with its words (`f find`, never `f` at a row's end and `find`
/// under it); a part wider than `width` has a row of its own.
pub(crate) fn hint_rows(line: HintLine, width: usize) -> Vec<String> {
    hint_rows_doing(line, width, &|_| true)
}

/// [`hint_rows`] of the wordings whose keys `does` says do something on the screen
/// now (asked of each wording's first action): a screen names only the keys that act
/// there (a new player's profile, with no games, no `number: replay`). The `?` help
/// still lists every key.
pub(crate) fn hint_rows_doing(
    line: HintLine,
    width: usize,
    does: &dyn Fn(Action) -> bool,
) -> Vec<String> {
    let separator = line.separator();
    let mut rows: Vec<String> = Vec::new();
    for part in hint_parts_doing(line, does) {
        match rows.last_mut() {
            Some(row)
                if crate::text::width(row)
                    + crate::text::width(separator)
                    + crate::text::width(part)
                    <= width =>
            {
                row.push_str(separator);
                row.push_str(part);
            }
            _ => rows.push(part.to_owned()),
        }
    }
    rows
}

/// The wordings of the hint line `line`, in their places.
pub(crate) fn hint_parts(line: HintLine) -> Vec<&'static str> {
    hint_parts_doing(line, &|_| true)
}

/// [`hint_parts`] whose binding's first action `does` keeps.
fn hint_parts_doing(line: HintLine, does: &dyn Fn(Action) -> bool) -> Vec<&'static str> {
    let mut parts: Vec<(u8, &str)> = BINDINGS
        .iter()
        .filter(|b| b.keys.first().is_none_or(|&(_, action)| does(action)))
        .flat_map(|b| b.hints)
        .filter(|(l, ..)| *l == line)
        .map(|&(_, place, text)| (place, text))
        .collect();
    parts.sort_by_key(|&(place, _)| place);
    parts.into_iter().map(|(_, text)| text).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    /// qa37: the replay viewer's help said `unless review_nodes is set`, a config key
    /// a newcomer has not met. No help row names a key of the config file written
    /// as it is there (`review_nodes`, `think_ms`: the ones with an underscore; a
    /// one-word key such as `level` is an ordinary word).
    #[test]
    fn no_help_row_names_a_config_file_key() {
        let config_keys: Vec<&str> = crate::prefs::Key::ALL
            .iter()
            .map(|k| k.name())
            .filter(|name| name.contains('_'))
            .collect();
        assert!(config_keys.contains(&"review_nodes"), "{config_keys:?}");
        for binding in BINDINGS {
            for name in &config_keys {
                assert!(
                    !binding.help.contains(name),
                    "{}: {}",
                    binding.names,
                    binding.help
                );
            }
        }
    }

    /// QA: the lobby's keys wrapped as words do, `f` at a row's end and `find` at the
    /// next one's start, and a row began with a space.
    /// QA (learn2): the lessons menu's footer said `↑↓ or 1-9: choose` while `0`
    /// opens the tenth lesson. Every key that picks a lesson is named on the footer,
    /// with the help's own words for it. Fails on the old code (no `0` there).
    #[test]
    fn the_lessons_footer_names_every_key_that_picks_a_lesson() {
        let footer = hint_line(HintLine::LessonMenu);
        let pickers: Vec<&Binding> = BINDINGS
            .iter()
            .filter(|b| b.contexts.contains(&C::LessonMenu))
            .filter(|b| b.keys.iter().any(|(_, a)| matches!(a, A::Item(_))))
            .collect();
        assert!(!pickers.is_empty());
        for b in pickers {
            assert!(footer.contains(b.names), "{footer} / {}", b.names);
            for (key, _) in b.keys {
                let Key::Char(c) = key else { continue };
                let ranged = ('1'..='9').contains(c) && b.names.contains("1-9");
                assert!(ranged || b.names.contains(*c), "{} / {c}", b.names);
            }
        }
        assert!(help_rows(C::LessonMenu).any(|(names, _)| footer.contains(names)));
    }

    /// QA (learn3): the lessons menu's footer said `↑↓, 1-9, 0: choose · Enter or
    /// click: open`, but a digit opens its lesson at once (the help: `open that
    /// lesson`); `8 Enter`, read off the footer, opened lesson 8 and played its cursor's
    /// square. The footer's part naming the digits says what they do: open.
    #[test]
    fn the_lessons_footer_says_the_digits_open() {
        let footer = hint_line(HintLine::LessonMenu);
        let digits = lesson_digits!();
        let part = footer
            .split(crate::text::PART_SEPARATOR)
            .find(|p| p.contains(digits))
            .unwrap_or_default();
        assert!(part.ends_with(": open"), "{footer}");
        let eight = KeyEvent::from(KeyCode::Char('8'));
        assert_eq!(action(eight, C::LessonMenu), Some(A::Item(7)));
        assert!(
            help_rows(C::LessonMenu).any(|(k, w)| k == digits && w.starts_with("open")),
            "the help says open too"
        );
    }

    /// QA (learn3): the puzzle's footer said `arrows/a-d 1-4: choose · Enter or
    /// click: play`, but a square's name plays it at once (the help: `place on the
    /// square named`): `c4`, typed to choose it, was the puzzle's one counted try. The
    /// footer names the square's letters and digits with the keys that play.
    #[test]
    fn the_puzzle_footer_says_a_square_typed_plays() {
        let footer = hint_line(HintLine::PuzzleAsking);
        let part = footer
            .split(crate::text::PART_SEPARATOR)
            .find(|p| p.contains("a-d 1-4"))
            .unwrap_or_default();
        assert!(part.ends_with(": play"), "{footer}");
        assert!(
            help_rows(C::Board).any(|(k, w)| k == "a-d then 1-4" && w.starts_with("place")),
            "the help says place too"
        );
    }

    /// QA (club9, over ssh): one's own profile offered `h leaderboards`, which read as
    /// the way to the leaderboards; pressed, it took the player off them. The hint
    /// and the help say what `h` does, and `h` does it there alone.
    #[test]
    fn the_profile_s_h_is_said_as_leaving_or_rejoining_the_leaderboards() {
        let hint = hint_line(HintLine::LobbyProfile);
        assert!(hint.contains("h off/on leaderboards"), "{hint}");
        assert!(
            !hint_line(HintLine::LobbyOtherProfile).contains("h "),
            "no h there"
        );
        let key = KeyEvent::from(KeyCode::Char('h'));
        assert_eq!(action(key, KeyContext::LobbyProfile), Some(Action::Listed));
        let help: Vec<String> = help_rows(KeyContext::LobbyProfile)
            .map(|(keys, words)| format!("{keys}  {words}"))
            .collect();
        assert!(
            help.iter()
                .any(|l| l == "h  your profile: leave the leaderboards, or come back on them"),
            "{help:#?}"
        );
        assert!(
            help.iter().any(|l| l == "b  the chart of the next rating"),
            "{help:#?}"
        );
    }

    #[test]
    fn hint_rows_break_between_the_parts_only() {
        assert_eq!(
            hint_rows(HintLine::Lobby, 200),
            [hint_line(HintLine::Lobby)]
        );
        let rows = hint_rows(HintLine::Lobby, 50);
        assert!(rows.len() > 1, "{rows:?}");
        let parts = hint_parts(HintLine::Lobby);
        for row in &rows {
            assert!(crate::text::width(row) <= 50, "{row}");
            assert!(
                row.split("  ").all(|part| parts.contains(&part)),
                "a part cut: {row}"
            );
        }
        assert_eq!(rows.join("  "), hint_line(HintLine::Lobby));
        // Narrower than a part: the part stands alone.
        assert_eq!(hint_rows(HintLine::Lobby, 3)[0], parts[0]);
    }

    #[test]
    fn an_action_is_offered_where_the_screen_on_top_does_not_refuse_it() {
        let table = [C::Served, C::Board];
        let ai_table = [C::ServedAi, C::Board];
        assert!(offered(A::Hint, &[C::Board]) && offered(A::Save, &[C::Board]));
        // At a table between people: undo is the table's own key; the hint is refused.
        assert!(offered(A::Undo, &table) && offered(A::Place, &table));
        assert!(!offered(A::Hint, &table) && !offered(A::Save, &table));
        // Against the server's AI the hint works; saving and redo do not.
        assert!(offered(A::Hint, &ai_table) && offered(A::Undo, &ai_table));
        assert!(!offered(A::Save, &ai_table) && !offered(A::Redo, &ai_table));
    }

    /// The lessons menu's help listed "m: the lessons menu", on that menu. No screen
    /// binds (so no help lists) a key whose action is to open that very screen.
    #[test]
    fn no_screen_has_a_key_to_itself() {
        let doors = [
            (A::Menu, &[C::LessonMenu][..]),
            (A::Puzzles, &[C::Puzzle][..]),
            (A::Review, &[C::Replay, C::Goto][..]),
            (A::Goto, &[C::Goto][..]),
            (A::ClaimStart, &[C::ClaimEntry][..]),
            (A::Message, &[C::MessageEntry][..]),
            (A::Invitation, &[C::LobbyEntry][..]),
            (A::FindPlayer, &[C::LobbyEntry][..]),
            (A::ViewProfile, &[C::LobbyEntry][..]),
            (A::ClaimWin, &[C::LobbyClaim][..]),
            (A::PlayAi, &[C::LobbyForm][..]),
            (A::Leaderboard, &[C::LobbyBoard][..]),
            (A::Profile, &[C::LobbyProfile][..]),
        ];
        for (door, screens) in doors {
            for &screen in screens {
                // The help's rows are the bound rows': not bound, not listed.
                assert!(!bound(door, &[screen]), "{door:?} in {screen:?}");
            }
        }
        // The menu's `m` is a key it does not take, and its help does not list it.
        assert_eq!(action(key(KeyCode::Char('m')), C::LessonMenu), None);
        assert!(help_rows(C::LessonMenu).all(|(names, _)| names != "m"));
        assert_eq!(action(key(KeyCode::Char('m')), C::Lesson), Some(A::Menu));
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

    /// The help's `Ctrl-z` row names the key the terminal layer stops at, and no
    /// binding of the table takes that key for something else.
    #[test]
    fn the_suspend_row_names_its_key() {
        let Key::Ctrl(c) = SUSPEND else {
            panic!("{SUSPEND:?}")
        };
        assert_eq!(SUSPEND_ROW.0, format!("Ctrl-{c}"));
        assert!(suspends(KeyEvent::new(
            KeyCode::Char('z'),
            KeyModifiers::CONTROL
        )));
        assert!(!suspends(KeyEvent::new(
            KeyCode::Char('z'),
            KeyModifiers::NONE
        )));
        assert!(
            !BINDINGS
                .iter()
                .flat_map(|b| b.keys)
                .any(|(k, _)| *k == SUSPEND)
        );
    }

    #[test]
    fn ctrl_c_quits_everywhere() {
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        for context in [
            KeyContext::Board,
            KeyContext::ClaimEntry,
            KeyContext::Help,
            KeyContext::Question,
            KeyContext::Replay,
            KeyContext::Goto,
            KeyContext::TooSmall,
            KeyContext::Lobby,
            KeyContext::LobbyEntry,
            KeyContext::LobbyClaim,
            KeyContext::LobbyAdjourned,
        ] {
            assert_eq!(action(ctrl_c, context), Some(Action::ForceQuit));
        }
    }

    #[test]
    fn behind_the_enlarge_screen_only_q_and_ctrl_c_act() {
        let small = KeyContext::TooSmall;
        assert_eq!(
            action(key(KeyCode::Char('q')), small),
            Some(Action::ForceQuit)
        );
        for code in [
            KeyCode::Char('c'),
            KeyCode::Char('3'),
            KeyCode::Enter,
            KeyCode::Esc,
            KeyCode::Char('n'),
            KeyCode::Char('u'),
            KeyCode::Char(' '),
            KeyCode::Right,
        ] {
            assert_eq!(action(key(code), small), None, "{code:?}");
        }
    }

    #[test]
    fn behind_a_served_enlarge_screen_q_goes_back_as_on_the_game_screen() {
        let small = KeyContext::TooSmallGoesBack;
        assert_eq!(action(key(KeyCode::Char('q')), small), Some(Action::Quit));
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(action(ctrl_c, small), Some(Action::ForceQuit));
        for code in [
            KeyCode::Char('3'),
            KeyCode::Enter,
            KeyCode::Esc,
            KeyCode::Char('u'),
        ] {
            assert_eq!(action(key(code), small), None, "{code:?}");
        }
    }

    /// QA: `?` was no key while waiting at a table, claiming a win or typing a number
    /// (the lobby's, a claim's, a move number's): every screen reaches the help but
    /// those where a key is text typed.
    #[test]
    fn question_mark_is_the_help_everywhere_but_in_typed_text() {
        let help = key(KeyCode::Char('?'));
        // A game's and the replay viewer's: their whole help, the number kept.
        for context in [
            KeyContext::Board,
            KeyContext::Replay,
            KeyContext::Goto,
            KeyContext::ClaimEntry,
        ] {
            assert_eq!(action(help, context), Some(Action::Help), "{context:?}");
        }
        for context in [
            KeyContext::Lobby,
            KeyContext::LobbyForm,
            KeyContext::LobbyWaiting,
            KeyContext::LobbyAdjourned,
            KeyContext::LobbyClaim,
            KeyContext::LobbyNumber,
            KeyContext::LobbyBoard,
            KeyContext::LobbyProfile,
        ] {
            assert_eq!(action(help, context), Some(Action::Help), "{context:?}");
            // The lobby's help lists the screen's own keys, not only ? and Ctrl-c.
            assert!(help_rows_own_first(context).count() > 2, "{context:?}");
        }
        for typed in [KeyContext::LobbyEntry, KeyContext::MessageEntry] {
            assert_eq!(action(help, typed), None, "{typed:?}");
        }
    }

    #[test]
    fn claim_keys() {
        assert_eq!(
            action(key(KeyCode::Char('+')), KeyContext::ClaimGame),
            Some(Action::ClaimStart)
        );
        // Without claims `+` is no board key.
        assert_eq!(action(key(KeyCode::Char('+')), KeyContext::Board), None);
        let e = KeyContext::ClaimEntry;
        assert_eq!(action(key(KeyCode::Char('2')), e), Some(Action::Digit(2)));
        assert_eq!(action(key(KeyCode::Enter), e), Some(Action::Claim));
        assert_eq!(action(key(KeyCode::Backspace), e), Some(Action::Backspace));
        assert_eq!(action(key(KeyCode::Esc), e), Some(Action::No));
        assert_eq!(action(key(KeyCode::Char('b')), e), None);
    }

    #[test]
    fn questions_need_an_explicit_yes() {
        let q = KeyContext::Question;
        assert_eq!(action(key(KeyCode::Char('y')), q), Some(Action::Yes));
        assert_eq!(action(key(KeyCode::Char('q')), q), Some(Action::No));
        assert_eq!(action(key(KeyCode::Enter), q), Some(Action::No));
    }

    #[test]
    fn replay_keys_and_typing_a_move_number() {
        let r = KeyContext::Replay;
        assert_eq!(action(key(KeyCode::Char('l')), r), Some(Action::Step(1)));
        assert_eq!(action(key(KeyCode::PageUp), r), Some(Action::Step(-10)));
        assert_eq!(action(key(KeyCode::Char('z')), r), None);
        let ctrl_l = KeyEvent::new(KeyCode::Char('l'), KeyModifiers::CONTROL);
        assert_eq!(action(ctrl_l, r), None);
        let g = KeyContext::Goto;
        assert_eq!(action(key(KeyCode::Char('7')), g), Some(Action::Digit(7)));
        assert_eq!(action(key(KeyCode::Enter), g), Some(Action::Jump));
        assert_eq!(action(key(KeyCode::Char('x')), g), Some(Action::No));
    }

    /// s33 (words32 unified the box's and the brief's word): the table's key row said
    /// `u: ask to undo` where its help, the question's box, its brief and the asker's
    /// note say `take back`. One word for one thing: the key row says the help's.
    /// Fails on the old code.
    #[test]
    fn a_table_s_take_back_key_is_said_in_the_help_s_words() {
        let served = BINDINGS
            .iter()
            .find(|b| b.contexts == [C::Served] && b.keys.contains(&(ch('u'), A::Undo)));
        let Some(served) = served else {
            panic!("no table row for u");
        };
        assert!(served.help.contains("take back"), "{}", served.help);
        let parts = hint_parts(HintLine::Table);
        assert!(parts.contains(&"u: take back"), "{parts:?}");
        assert!(!parts.iter().any(|p| p.contains("undo")), "{parts:?}");
        assert!(
            crate::strings::table::UNDO_SENT.contains("take back"),
            "the asker's note"
        );
    }

    #[test]
    fn every_bound_row_is_reachable_and_the_hints_come_from_the_table() {
        // Each key of each row gives that row's action in its contexts, unless an
        // earlier row in the same context claims the key first.
        for binding in BINDINGS {
            for &context in binding.contexts {
                for &(k, want) in binding.keys {
                    let Some(event) = (match k {
                        Key::Char(c) => Some(key(KeyCode::Char(c))),
                        Key::Code(code) => Some(key(code)),
                        Key::Ctrl(c) => {
                            Some(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
                        }
                        Key::Any => None,
                    }) else {
                        continue;
                    };
                    assert_eq!(action(event, context), Some(want), "{k:?} in {context:?}");
                }
            }
        }
        assert_eq!(
            hint_line(HintLine::Playing),
            "arrows/hjkl: move · Enter: place · b3: type a square · u: undo · t: hint"
        );
        assert_eq!(
            hint_line(HintLine::PlayingClaims),
            "arrows/hjkl: move · Enter: place · +25 Enter: claim · u: undo · t: hint"
        );
        assert_eq!(
            hint_line(HintLine::ClaimEntry),
            "Enter: claim · Backspace: rub out · Esc: cancel"
        );
        assert_eq!(
            hint_line(HintLine::ReplayStart),
            "→/l next · ←/h back · Space autoplay · g jump · c play on · ? help"
        );
        assert_eq!(
            hint_line(HintLine::ReplayServedStart),
            "→/l next · ←/h back · Space autoplay · g jump · ? help"
        );
        assert_eq!(
            hint_line(HintLine::Lobby),
            "n new table  a AI  1-9 sit/watch  i invitation  f find  c colour  q leave"
        );
        assert_eq!(
            hint_line(HintLine::LobbyNumbered),
            "n new table  a AI  number sit/watch  i invitation  f find  c colour  q leave"
        );
        assert_eq!(
            hint_line(HintLine::LobbyForm),
            "o opponent  s side  v variant  k claims  p private  t clock  r rated"
        );
        assert_eq!(
            hint_line(HintLine::LobbyClub),
            "l leaderboard  p your profile  v a player  ]/[ pages  ? all keys"
        );
        assert_eq!(
            hint_line(HintLine::LobbyClubFound),
            "l leaderboard  p your profile  v a player  ]/[ pages  Esc hide  ? all keys"
        );
        assert_eq!(
            hint_line(HintLine::LobbyFormEnd),
            "Enter start  Esc cancel  ? help"
        );
        assert_eq!(hint_line(HintLine::LobbyEntry), "Enter: go · Esc: cancel");
        assert_eq!(
            hint_line(HintLine::MessageEntry),
            "Enter: send · Esc: cancel"
        );
        assert_eq!(
            hint_line(HintLine::Start),
            "or ↑↓ and Enter, or a click · q: quit"
        );
        assert_eq!(
            hint_line(HintLine::StartAlone),
            "A key, ↑↓ and Enter, or a click · q: quit"
        );
        assert_eq!(
            hint_line(HintLine::LessonMenu),
            "↑↓: choose · 1-9, 0, Enter or click: open · p: puzzles · q: quit"
        );
        assert_eq!(
            hint_line(HintLine::Lesson),
            "a-d 1-4, arrows and Enter, or click: play · u: again · n: next · m: menu · q: quit"
        );
        assert_eq!(
            hint_line(HintLine::PuzzleAsking),
            "arrows: choose · a-d 1-4/Enter/click: play · t: themes · n: skip · g: give up · q: quit"
        );
        assert_eq!(
            hint_line(HintLine::PuzzleAnswered),
            "u: try again · n: next puzzle · q: quit"
        );
        assert_eq!(hint_line(HintLine::PuzzleNoPanel), "a-d 1-4: play · ? help");
        assert_eq!(hint_line(HintLine::PuzzleHidden), "e: read it all · ? help");
        // s23: 44 columns, the narrowest status line's whole width.
        assert_eq!(
            hint_line(HintLine::PuzzleHiddenAnswered),
            "u: again · n: next · e: read it all · ? help"
        );
        assert_eq!(
            crate::text::width(&hint_line(HintLine::PuzzleHiddenAnswered)),
            44
        );
        assert_eq!(
            hint_line(HintLine::LessonHidden),
            "e: read the lesson · ? help"
        );
        // `n` and `m` share a place: a lesson's screen names one of them (`m` after
        // the last lesson, `lesson::hint_keys`).
        let done = |next: bool| {
            hint_line_doing(HintLine::LessonHiddenDone, &|a| match a {
                A::NewGame => next,
                A::Menu => !next,
                _ => true,
            })
        };
        assert_eq!(done(true), "n: next · e: read the lesson · ? help");
        assert_eq!(done(false), "m: menu · e: read the lesson · ? help");
        assert_eq!(
            hint_line(HintLine::LessonPlayed),
            "u: again · n: next · m: menu · q: quit"
        );
    }

    /// A screen the start screen opened says its q goes back, every other part of its
    /// hint line as it is; the lessons' menu's help says `q` leaves (to the shell or
    /// the start screen) and `Esc` goes back, the start screen's "quit".
    #[test]
    fn screens_opened_from_the_start_screen_say_q_goes_back() {
        for line in [
            HintLine::Lesson,
            HintLine::LessonPlayed,
            HintLine::LessonMenu,
            HintLine::PuzzleAsking,
            HintLine::PuzzleAnswered,
        ] {
            let quits = hint_line_leaving(line, false);
            let back = hint_line_leaving(line, true);
            assert_eq!(quits, hint_line(line));
            assert!(quits.ends_with(" · q: quit"), "{quits}");
            assert_eq!(back, quits.replace("q: quit", "q: back"));
        }
        // The lessons' menu leaves (to the shell or the start screen); the start screen quits.
        let help = |context| {
            help_rows(context)
                .find(|(names, _)| *names == "q / Esc")
                .map(|(_, help)| help)
        };
        let menu = |names: &str| {
            help_rows(KeyContext::LessonMenu)
                .find(|(n, _)| *n == names)
                .map(|(_, help)| help)
        };
        assert_eq!(menu("q"), Some("leave the lessons"));
        // Esc goes back, as over every other screen (learn4).
        assert_eq!(menu("Esc"), Some("back to the lesson the menu came from"));
        assert_eq!(help(KeyContext::Lesson), Some("leave"));
        assert_eq!(help(KeyContext::Start), Some("quit"));
    }

    #[test]
    fn menu_keys() {
        let start = KeyContext::Start;
        for (i, c) in START_KEYS.into_iter().enumerate() {
            let item = u8::try_from(i).unwrap();
            assert_eq!(
                action(key(KeyCode::Char(c)), start),
                Some(Action::Item(item))
            );
        }
        assert_eq!(
            action(key(KeyCode::Char('j')), start),
            Some(Action::Cursor(Direction::Down))
        );
        assert_eq!(action(key(KeyCode::Home), start), None);
        let menu = KeyContext::LessonMenu;
        assert_eq!(action(key(KeyCode::Char('0')), menu), Some(Action::Item(9)));
        assert_eq!(action(key(KeyCode::Char('p')), menu), Some(Action::Puzzles));
        assert_eq!(action(key(KeyCode::End), menu), Some(Action::End));
    }

    #[test]
    fn lobby_keys() {
        let l = KeyContext::Lobby;
        assert_eq!(action(key(KeyCode::Char('7')), l), Some(Action::Digit(7)));
        assert_eq!(action(key(KeyCode::Char('0')), l), None);
        // Esc hides the games `f` listed; with none listed, the lobby leaves.
        assert_eq!(action(key(KeyCode::Esc), l), Some(Action::HideFound));
        assert_eq!(action(key(KeyCode::Char('q')), l), Some(Action::Quit));
        let form = KeyContext::LobbyForm;
        assert_eq!(action(key(KeyCode::Char('q')), form), Some(Action::No));
        assert_eq!(action(key(KeyCode::Enter), form), Some(Action::Confirm));
        // A line typed takes letters as text: only the keys that end it are bound.
        let entry = KeyContext::LobbyEntry;
        assert_eq!(action(key(KeyCode::Char('q')), entry), None);
        assert_eq!(action(key(KeyCode::Esc), entry), Some(Action::No));
        let claim = KeyContext::LobbyClaim;
        assert_eq!(
            action(key(KeyCode::Char('3')), claim),
            Some(Action::Digit(3))
        );
        assert_eq!(action(key(KeyCode::Char('x')), claim), Some(Action::No));
    }

    /// The key tables of the README and docs/ name a key for every action the key
    /// table binds on their screen (a help row's), so a binding added or changed can't
    /// leave them behind: the network page's lobby table lacked `Ctrl-c`.
    mod doc_tables {
        use super::*;

        const README: &str = include_str!("../../README.md");
        const SAVING: &str = include_str!("../../docs/saving.md");
        const NETWORK: &str = include_str!("../../docs/network.md");
        const LEARNING: &str = include_str!("../../docs/learning.md");
        const CLUB: &str = include_str!("../../docs/club.md");

        /// The first cells (the keys) of the rows of the Markdown table in `doc` that
        /// holds a row starting with `row`.
        fn key_cells(doc: &str, row: &str) -> String {
            let lines: Vec<&str> = doc.lines().collect();
            let at = lines
                .iter()
                .position(|line| line.starts_with(row))
                .unwrap_or_else(|| panic!("no row {row:?}"));
            let start = (0..at)
                .rev()
                .find(|&i| !lines[i].starts_with('|'))
                .map_or(0, |i| i + 1);
            lines[start..]
                .iter()
                .take_while(|line| line.starts_with('|'))
                .filter_map(|line| line.split('|').nth(1))
                .collect::<Vec<_>>()
                .join("\n")
        }

        /// Whether `cells` name `key`: a character in backticks or in a range
        /// (`` `a`-`d` ``), a digit as "number" too, a special key by its name.
        fn named(cells: &str, key: Key) -> bool {
            let in_range = |c: char| {
                let b: Vec<char> = cells.chars().collect();
                b.windows(7).any(|w| {
                    w[0] == '`'
                        && w[2] == '`'
                        && w[3] == '-'
                        && w[4] == '`'
                        && w[6] == '`'
                        && (w[1]..=w[5]).contains(&c)
                })
            };
            match key {
                Key::Char(' ') => cells.contains("Space"),
                Key::Char(c) => {
                    cells.contains(&format!("`{c}`"))
                        || in_range(c)
                        || (c.is_ascii_digit() && cells.contains("number"))
                }
                Key::Code(code) => {
                    let names: &[&str] = match code {
                        KeyCode::Up => &["arrows", "↑"],
                        KeyCode::Down => &["arrows", "↓"],
                        KeyCode::Left => &["arrows", "←"],
                        KeyCode::Right => &["arrows", "→"],
                        KeyCode::Enter => &["Enter"],
                        KeyCode::Esc => &["Esc"],
                        KeyCode::PageUp => &["PgUp"],
                        KeyCode::PageDown => &["PgDn"],
                        KeyCode::Home => &["Home"],
                        KeyCode::End => &["End"],
                        KeyCode::Tab => &["Tab"],
                        KeyCode::Backspace => &["Backspace"],
                        other => panic!("no name for {other:?}"),
                    };
                    names.iter().any(|name| cells.contains(name))
                }
                Key::Ctrl(c) => cells.contains(&format!("Ctrl-{c}")),
                Key::Any => true,
            }
        }

        /// Every action of a help row of `context` that none of its keys in `cells`
        /// names.
        fn unnamed(context: KeyContext, cells: &str) -> Vec<String> {
            let mut missing = Vec::new();
            for binding in BINDINGS.iter().filter(|b| b.contexts.contains(&context)) {
                if binding.help.is_empty() {
                    continue;
                }
                for (_, action) in binding.keys {
                    let keys = binding.keys.iter().filter(|(_, a)| a == action);
                    if !keys.clone().any(|(key, _)| named(cells, *key)) {
                        missing.push(format!("{} ({action:?})", binding.names));
                    }
                }
            }
            missing.dedup();
            missing
        }

        /// The keys `cells` name in backticks (`` `u` ``, `` `a`-`d` ``, `` `Ctrl-r` ``,
        /// `` `PgDn` ``, `` `↑` ``) and as the word "arrows"; a name it cannot read is
        /// an error, so a table cannot name a key this check skips.
        fn keys_named(cells: &str) -> Result<Vec<Key>, String> {
            let mut keys = Vec::new();
            if cells.contains("arrows") {
                keys.extend([KeyCode::Up, KeyCode::Down, KeyCode::Left, KeyCode::Right].map(code));
            }
            let chars: Vec<char> = cells.chars().collect();
            for w in chars.windows(7) {
                if w[0] == '`' && w[2] == '`' && w[3] == '-' && w[4] == '`' && w[6] == '`' {
                    keys.extend((w[1]..=w[5]).map(ch));
                }
            }
            for name in cells.split('`').skip(1).step_by(2) {
                let mut one = name.chars();
                let key = match (one.next(), one.next()) {
                    (Some(c), None) => match c {
                        '↑' => code(KeyCode::Up),
                        '↓' => code(KeyCode::Down),
                        '←' => code(KeyCode::Left),
                        '→' => code(KeyCode::Right),
                        c => ch(c),
                    },
                    _ => match name {
                        "Space" => ch(' '),
                        "Enter" => code(KeyCode::Enter),
                        "Esc" => code(KeyCode::Esc),
                        "PgUp" => code(KeyCode::PageUp),
                        "PgDn" => code(KeyCode::PageDown),
                        "Home" => code(KeyCode::Home),
                        "End" => code(KeyCode::End),
                        "Tab" => code(KeyCode::Tab),
                        "Backspace" => code(KeyCode::Backspace),
                        _ => match name.strip_prefix("Ctrl-") {
                            Some(c) if c.chars().count() == 1 => {
                                Key::Ctrl(c.chars().next().unwrap_or('?'))
                            }
                            _ => return Err(format!("no key named {name:?} in {cells:?}")),
                        },
                    },
                };
                keys.push(key);
            }
            Ok(keys)
        }

        /// The keys `cells` name that no binding of `contexts` (looked up in order, as
        /// the screen does) has, or only the board's where a screen above it refuses
        /// that action there (a lesson's `t`). Catch-all rows (`Key::Any`) bind none.
        fn unbound(contexts: &[KeyContext], cells: &str) -> Vec<String> {
            let keys = match keys_named(cells) {
                Ok(keys) => keys,
                Err(e) => return vec![e],
            };
            // The terminal layer takes `Ctrl-z` before any screen's keys, on local
            // screens only: a server's screens (the lobby's, a served table's) never stop.
            let served = contexts.iter().any(|c| {
                matches!(
                    c,
                    C::Served
                        | C::ServedAi
                        | C::Lobby
                        | C::LobbyNumber
                        | C::LobbyBoard
                        | C::LobbyProfile
                )
            });
            keys.into_iter()
                .filter(|key| {
                    if *key == SUSPEND {
                        return served;
                    }
                    let found = contexts.iter().enumerate().find_map(|(i, context)| {
                        BINDINGS
                            .iter()
                            .filter(|b| b.contexts.contains(context))
                            .flat_map(|b| b.keys)
                            .find(|(k, _)| k == key)
                            .map(|(_, action)| (i, *context, *action))
                    });
                    match found {
                        None => true,
                        Some((i, context, action)) => {
                            context == C::Board
                                && contexts[..i].iter().any(|c| not_the_board_s(*c, &action))
                        }
                    }
                })
                .map(|key| format!("{key:?}"))
                .collect()
        }

        #[test]
        fn keys_named_reads_every_form_and_refuses_an_unknown_name() {
            assert_eq!(
                keys_named("arrows, `a`-`b`, `U`, `Ctrl-r`, `PgDn`, `Space`, `↑`"),
                Ok(vec![
                    code(KeyCode::Up),
                    code(KeyCode::Down),
                    code(KeyCode::Left),
                    code(KeyCode::Right),
                    ch('a'),
                    ch('b'),
                    ch('a'),
                    ch('b'),
                    ch('U'),
                    Key::Ctrl('r'),
                    code(KeyCode::PageDown),
                    ch(' '),
                    code(KeyCode::Up),
                ])
            );
            assert!(keys_named("`F5`").is_err());
            // A key bound nowhere, and a board key a lesson refuses, are caught.
            assert_eq!(unbound(&[C::Board], "`x`, `u`"), ["Char('x')"]);
            assert_eq!(
                unbound(&[C::Lesson, C::Board], "`t`, `u`, `?`"),
                ["Char('t')"]
            );
        }

        /// Every key a key table of the README or docs/ names works on its screen: a
        /// table naming a key that was renamed or never bound would send players to a
        /// key that does nothing.
        #[test]
        fn every_key_the_docs_key_tables_name_is_bound() {
            let tables = [
                (
                    "README: the game",
                    &[C::ClaimGame, C::ClaimEntry, C::Board][..],
                    key_cells(README, "| arrows, `h` `j` `k` `l` |"),
                ),
                (
                    "README: replay",
                    &[C::Replay, C::Goto],
                    key_cells(README, "| `→`, `l` / `←`, `h` |"),
                ),
                (
                    "saving.md: replay",
                    &[C::Replay, C::Goto],
                    key_cells(SAVING, "| `→`, `l` / `←`, `h` |"),
                ),
                (
                    "network.md: the lobby",
                    &[C::Lobby, C::LobbyNumber],
                    key_cells(NETWORK, "| `n` | a new table"),
                ),
                (
                    "network.md: a table",
                    &[C::Served, C::Board],
                    key_cells(NETWORK, "| `u` | ask the other player"),
                ),
                (
                    "network.md: against the AI",
                    &[C::ServedAi, C::Board],
                    key_cells(NETWORK, "| `u` | take back your last move and the AI's"),
                ),
                (
                    "learning.md: the start screen",
                    &[C::Start],
                    key_cells(LEARNING, "| Start screen keys |"),
                ),
                (
                    "learning.md: the lessons menu",
                    &[C::LessonMenu],
                    key_cells(LEARNING, "| Lessons menu keys |"),
                ),
                (
                    "learning.md: a lesson",
                    &[C::Lesson, C::Board],
                    key_cells(LEARNING, "| Lesson keys |"),
                ),
                (
                    "learning.md: a puzzle",
                    &[C::Puzzle, C::Board],
                    key_cells(LEARNING, "| Puzzle keys |"),
                ),
                (
                    "club.md: standings and profiles",
                    &[C::LobbyBoard, C::LobbyProfile, C::Lobby],
                    key_cells(CLUB, "| `l` | the leaderboards"),
                ),
            ];
            let wrong: Vec<String> = tables
                .into_iter()
                .map(|(table, contexts, cells)| (table, unbound(contexts, &cells)))
                .filter(|(_, keys)| !keys.is_empty())
                .map(|(table, keys)| format!("{table} names unbound keys {keys:?}"))
                .collect();
            assert!(wrong.is_empty(), "{wrong:#?}");
        }

        #[test]
        fn the_docs_key_tables_name_every_binding() {
            let game = key_cells(README, "| arrows, `h` `j` `k` `l` |");
            let tables = [
                ("README: the game", C::Board, game.clone()),
                ("README: claims", C::ClaimGame, game),
                (
                    "README: replay",
                    C::Replay,
                    key_cells(README, "| `→`, `l` / `←`, `h` |"),
                ),
                (
                    "saving.md: replay",
                    C::Replay,
                    key_cells(SAVING, "| `→`, `l` / `←`, `h` |"),
                ),
                (
                    "network.md: the lobby",
                    C::Lobby,
                    key_cells(NETWORK, "| `n` | a new table"),
                ),
                (
                    "network.md: a table",
                    C::Served,
                    key_cells(NETWORK, "| `u` | ask the other player"),
                ),
                (
                    "network.md: against the AI",
                    C::ServedAi,
                    key_cells(NETWORK, "| `u` | take back your last move and the AI's"),
                ),
                (
                    "learning.md: the start screen",
                    C::Start,
                    key_cells(LEARNING, "| Start screen keys |"),
                ),
                (
                    "learning.md: the lessons menu",
                    C::LessonMenu,
                    key_cells(LEARNING, "| Lessons menu keys |"),
                ),
                (
                    "learning.md: a lesson",
                    C::Lesson,
                    key_cells(LEARNING, "| Lesson keys |"),
                ),
                (
                    "learning.md: a puzzle",
                    C::Puzzle,
                    key_cells(LEARNING, "| Puzzle keys |"),
                ),
                (
                    "club.md: a leaderboard",
                    C::LobbyBoard,
                    key_cells(CLUB, "| `l` | the leaderboards"),
                ),
                (
                    "club.md: a profile",
                    C::LobbyProfile,
                    key_cells(CLUB, "| `l` | the leaderboards"),
                ),
            ];
            let lacking: Vec<String> = tables
                .into_iter()
                .map(|(table, context, cells)| (table, unnamed(context, &cells)))
                .filter(|(_, missing)| !missing.is_empty())
                .map(|(table, missing)| format!("{table} lacks {missing:?}"))
                .collect();
            assert!(lacking.is_empty(), "{lacking:#?}");
        }
    }
}
