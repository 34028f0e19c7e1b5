//! The lobby screen of one session: the tables, the form that opens one (against a
//! person or the server's AI), and the lines that find a player or take an invitation
//! code. Pure: keys in, a [`Choice`] out; drawn from the rows the player sees, numbered
//! from 1 in the one order every line of the lobby uses.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::ai::Level;
use crate::record::TimeControl;
use crate::rules::{Player, Ruleset};
use crate::strings::serve as words;
use crate::ui::keymap::{self, Action, HintLine, KeyContext};

use super::listing::{Row, RowState};
use super::outside::safe_text;
use super::store::History;

/// Who the new game is against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Opponent {
    /// Another player, who sits at the table from the lobby.
    Person,
    /// The server's AI at this level.
    Ai(Level),
}

impl Opponent {
    /// The next choice, round the list (`o`).
    fn next(self) -> Opponent {
        match self {
            Opponent::Person => Opponent::Ai(Level::Random),
            Opponent::Ai(Level::Random) => Opponent::Ai(Level::Easy),
            Opponent::Ai(Level::Easy) => Opponent::Ai(Level::Medium),
            Opponent::Ai(Level::Medium) => Opponent::Ai(Level::Hard),
            Opponent::Ai(Level::Hard) => Opponent::Person,
        }
    }
}

/// A new game's settings, as the form shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NewGame {
    pub(crate) opponent: Opponent,
    pub(crate) side: Player,
    pub(crate) ruleset: Ruleset,
    /// The clocks, run by the server; `None` for none.
    pub(crate) clock: Option<TimeControl>,
    /// Players claim their points.
    pub(crate) claims: bool,
    /// Against a person: joined by invitation code only, not listed.
    pub(crate) private: bool,
}

/// The clocks the form offers, in turn (`t`): none, then these (minutes, seconds a move).
const CLOCKS: [(u64, u64); 4] = [(3, 2), (5, 3), (10, 5), (30, 0)];

/// The clock after `clock` in the form's list, back to none after the last.
fn next_clock(clock: Option<TimeControl>) -> Option<TimeControl> {
    let presets = CLOCKS
        .map(|(m, s)| TimeControl::new(Duration::from_secs(m * 60), Duration::from_secs(s)).ok());
    match presets.iter().position(|p| *p == clock && clock.is_some()) {
        Some(i) => presets.get(i + 1).copied().flatten(),
        None => presets[0],
    }
}

/// A line being typed in the lobby.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Entry {
    /// A player's name, to find them.
    Find,
    /// A private table's invitation code.
    Code,
}

impl Entry {
    /// The most characters the line takes.
    fn limit(self) -> usize {
        match self {
            Entry::Find => super::names::MAX_NAME_COLUMNS,
            Entry::Code => 12,
        }
    }
}

/// What the session does after a key in the lobby.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Choice {
    /// Nothing but a redraw.
    Stay,
    /// Start this game (open a table, or play the AI).
    Start(NewGame),
    /// Sit at, or watch, the table with this number.
    Pick(u32),
    /// Find the player with this name.
    Find(String),
    /// Sit at, or watch, the private table with this code.
    Code(String),
    /// Colour switched (on: `true`).
    Colour(bool),
    /// Close the table this session waits at.
    Close,
    /// Claim the win at the table with this number (the opponent did not come back).
    Claim(u32),
    /// End the connection.
    Leave,
}

/// A table a session waits at, in its lobby.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Waiting {
    /// The table it opened, for an opponent to sit down.
    Opponent(u32),
    /// An adjourned game it came back to, for the other player to come back.
    Return(u32),
}

impl Waiting {
    /// The table's number at the server.
    pub(crate) fn id(self) -> u32 {
        match self {
            Waiting::Opponent(id) | Waiting::Return(id) => id,
        }
    }
}

/// The lobby as one session sees it.
#[derive(Debug, Clone)]
pub(crate) struct LobbyState {
    /// The player's name (checked).
    name: String,
    /// The new-game form, while it is open.
    form: Option<NewGame>,
    /// The table this session waits at.
    pub(crate) waiting: Option<Waiting>,
    /// A line being typed, and what is typed so far.
    entry: Option<(Entry, String)>,
    /// Whether screens are drawn in colour.
    pub(crate) colour: bool,
    /// The last line said to the player.
    note: Option<String>,
    /// The player's own games: unfinished ones, the last result, the tally
    /// ([`your_games`]).
    pub(crate) mine: Vec<String>,
    /// `w` was pressed: the next digit names the table whose win is claimed.
    claiming: bool,
}

impl LobbyState {
    pub(crate) fn new(name: &str, colour: bool) -> LobbyState {
        LobbyState {
            name: name.to_owned(),
            form: None,
            waiting: None,
            entry: None,
            colour,
            note: None,
            mine: Vec::new(),
            claiming: false,
        }
    }

    /// Says `text` on the lobby's status line.
    pub(crate) fn note(&mut self, text: impl Into<String>) {
        self.note = Some(text.into());
    }

    /// Which keys apply now: the key table's context of the lobby's state.
    fn context(&self) -> KeyContext {
        if self.claiming {
            KeyContext::LobbyClaim
        } else if self.entry.is_some() {
            KeyContext::LobbyEntry
        } else if let Some(waiting) = self.waiting {
            match waiting {
                Waiting::Opponent(_) => KeyContext::LobbyWaiting,
                Waiting::Return(_) => KeyContext::LobbyAdjourned,
            }
        } else if self.form.is_some() {
            KeyContext::LobbyForm
        } else {
            KeyContext::Lobby
        }
    }

    /// Handles one key, through the key table; `rows` (the tables this player sees)
    /// numbers the lines `1`-`9` pick.
    pub(crate) fn key(&mut self, key: KeyEvent, rows: &[Row]) -> Choice {
        self.note = None;
        let action = keymap::action(key, self.context());
        if action == Some(Action::ForceQuit) {
            return Choice::Leave;
        }
        if std::mem::take(&mut self.claiming) {
            return match action {
                Some(Action::Digit(n)) => self.table(n, rows).map_or(Choice::Stay, Choice::Claim),
                _ => Choice::Stay,
            };
        }
        if let Some((entry, typed)) = &mut self.entry {
            let plain = !key
                .modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
            match (action, key.code) {
                (Some(Action::Backspace), _) => {
                    typed.pop();
                }
                (Some(Action::Confirm), _) => {
                    let (entry, typed) = (*entry, std::mem::take(typed));
                    self.entry = None;
                    return match entry {
                        Entry::Find => Choice::Find(typed),
                        Entry::Code => Choice::Code(typed),
                    };
                }
                (Some(Action::No), _) => self.entry = None,
                (_, KeyCode::Char(c))
                    if plain
                        && !crate::text::is_unsafe(c)
                        && crate::text::width(typed) < entry.limit() =>
                {
                    typed.push(c)
                }
                _ => {}
            }
            return Choice::Stay;
        }
        if self.waiting.is_some() {
            return match action {
                Some(Action::Quit) => Choice::Close,
                _ => Choice::Stay,
            };
        }
        if let Some(form) = &mut self.form {
            match action {
                Some(Action::Opponent) => form.opponent = form.opponent.next(),
                Some(Action::Side) => form.side = form.side.other(),
                Some(Action::Clock) => form.clock = next_clock(form.clock),
                Some(Action::Variant) => {
                    form.ruleset = match form.ruleset {
                        Ruleset::Standard => Ruleset::Corners,
                        Ruleset::Corners => Ruleset::Standard,
                    }
                }
                Some(Action::ClaimsRule) => form.claims = !form.claims,
                Some(Action::Private) => form.private = !form.private,
                Some(Action::Confirm) => {
                    let mut form = *form;
                    // Only a table for two people is private.
                    form.private &= form.opponent == Opponent::Person;
                    self.form = None;
                    return Choice::Start(form);
                }
                Some(Action::No) => self.form = None,
                _ => self.note(words::UNKNOWN_KEY),
            }
            return Choice::Stay;
        }
        let new_game = |opponent| NewGame {
            opponent,
            side: Player::Blue,
            ruleset: Ruleset::Standard,
            clock: None,
            claims: false,
            private: false,
        };
        match action {
            Some(Action::Quit) => Choice::Leave,
            Some(Action::NewGame) => {
                self.form = Some(new_game(Opponent::Person));
                Choice::Stay
            }
            Some(Action::PlayAi) => {
                self.form = Some(new_game(Opponent::Ai(Level::Medium)));
                Choice::Stay
            }
            Some(Action::FindPlayer) => {
                self.entry = Some((Entry::Find, String::new()));
                Choice::Stay
            }
            Some(Action::Invitation) => {
                self.entry = Some((Entry::Code, String::new()));
                Choice::Stay
            }
            Some(Action::ClaimWin) => {
                self.claiming = true;
                self.note(words::CLAIM_WHICH);
                Choice::Stay
            }
            Some(Action::Colour) => {
                self.colour = !self.colour;
                self.note(if self.colour {
                    words::COLOUR_ON
                } else {
                    words::COLOUR_OFF
                });
                Choice::Colour(self.colour)
            }
            Some(Action::Digit(n)) => self.table(n, rows).map_or(Choice::Stay, Choice::Pick),
            _ => {
                self.note(words::UNKNOWN_KEY);
                Choice::Stay
            }
        }
    }

    /// The table listed `n`th (from 1); says so when there is none.
    fn table(&mut self, n: u8, rows: &[Row]) -> Option<u32> {
        let found = rows.get(usize::from(n).wrapping_sub(1));
        if found.is_none() {
            self.note(words::NOT_A_TABLE);
        }
        found.map(|row| row.id)
    }

    /// The lobby drawn over `rows`, for the player whose key is `key`.
    pub(crate) fn view<'a>(&'a self, rows: &'a [Row], key: &'a str) -> LobbyView<'a> {
        LobbyView {
            lobby: self,
            rows,
            key,
        }
    }
}

/// The most tables a lobby lists (the keys `1`-`9`).
pub(crate) const LISTED: usize = 9;

/// The line of `key`'s unfinished games, by their numbers in `rows` (as the lobby
/// lists them), if they have any.
pub(crate) fn unfinished(rows: &[Row], key: &str) -> Option<String> {
    let numbers: Vec<String> = rows
        .iter()
        .take(LISTED)
        .enumerate()
        .filter(|(_, row)| row.unfinished_for(key))
        .map(|(n, _)| (n + 1).to_string())
        .collect();
    (!numbers.is_empty()).then(|| words::unfinished(&numbers.join(", ")))
}

/// The lines of `key`'s history under the tables: their last finished game, and their
/// results against each opponent.
pub(crate) fn history_lines(history: &History, key: &str) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(last) = &history.last
        && let Some(me) = Player::BOTH
            .into_iter()
            .find(|p| last.seats[p.index()].key == key)
    {
        let outcome = match (last.result, me) {
            (crate::record::GameResult::Draw, _) => words::DRAWN,
            (crate::record::GameResult::BlueWins, Player::Blue)
            | (crate::record::GameResult::YellowWins, Player::Yellow) => words::WON,
            _ => words::LOST,
        };
        lines.push(words::last_game(
            &last.seats[me.other().index()].display_name(),
            outcome,
            last.totals[me.index()],
            last.totals[me.other().index()],
        ));
    }
    if !history.tally.is_empty() {
        let each: Vec<String> = history
            .tally
            .iter()
            .map(|(name, counts)| words::versus(name, *counts))
            .collect();
        lines.push(words::tally(&each));
    }
    lines
}

/// The lobby on screen.
pub(crate) struct LobbyView<'a> {
    lobby: &'a LobbyState,
    rows: &'a [Row],
    key: &'a str,
}

impl Widget for &LobbyView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let bold = if self.lobby.colour {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        };
        let mut lines = vec![
            Line::styled(words::TITLE, bold),
            Line::raw(words::you(&safe_text(&self.lobby.name))),
            Line::raw(""),
            Line::styled(words::TABLES, bold),
        ];
        if self.rows.is_empty() {
            lines.push(Line::raw(words::NO_TABLES));
        }
        for (n, row) in self.rows.iter().take(LISTED).enumerate() {
            let state = match row.state {
                RowState::Open if row.code.is_some() => words::PRIVATE_OPEN,
                RowState::Open => words::OPEN,
                RowState::Playing => "",
                RowState::Away => words::AWAY,
                RowState::Adjourned => words::ADJOURNED,
                RowState::Over => words::OVER,
                RowState::Left => words::ABANDONED,
            };
            lines.push(Line::raw(words::table_line(
                n + 1,
                &row.names[0],
                &row.names[1],
                &words::rules(&row.ruleset.to_string(), row.claims),
                row.moves,
                row.spectators,
                state,
            )));
        }
        if !self.lobby.mine.is_empty() {
            lines.push(Line::raw(""));
            lines.push(Line::styled(words::YOUR_GAMES, bold));
            lines.extend(self.lobby.mine.iter().map(|l| Line::raw(l.as_str())));
        }
        lines.push(Line::raw(""));
        if let Some(waiting) = self.lobby.waiting {
            let found = self
                .rows
                .iter()
                .enumerate()
                .find(|(_, r)| r.id == waiting.id());
            let number = found.map_or(0, |(n, _)| n + 1);
            let row = found.map(|(_, r)| r);
            if matches!(waiting, Waiting::Return(_)) {
                lines.push(Line::raw(words::adjourned_to_wait(number)));
                lines.push(Line::raw(keymap::hint_line(HintLine::LobbyAdjourned)));
            } else {
                lines.push(Line::raw(words::waiting(number)));
                // The code, to the player seated there only.
                if let Some(code) = row
                    .filter(|r| r.seat_of(self.key).is_some())
                    .and_then(|r| r.code.as_deref())
                {
                    lines.push(Line::styled(words::invitation(code), bold));
                }
                lines.push(Line::raw(keymap::hint_line(HintLine::LobbyWaiting)));
            }
        } else if let Some((entry, typed)) = &self.lobby.entry {
            let what = match entry {
                Entry::Find => words::FIND,
                Entry::Code => words::CODE,
            };
            let keys = keymap::hint_line(HintLine::LobbyEntry);
            lines.push(Line::raw(words::entry(what, &safe_text(typed), &keys)));
        } else if let Some(form) = &self.lobby.form {
            let opponent = match form.opponent {
                Opponent::Person => words::A_PERSON.to_owned(),
                Opponent::Ai(level) => words::ai(&level.to_string()),
            };
            let claims = if form.claims {
                words::CLAIMS
            } else {
                words::NO_CLAIMS
            };
            let private = (form.opponent == Opponent::Person).then_some(if form.private {
                words::PRIVATE
            } else {
                words::PUBLIC
            });
            let text = words::form(
                &opponent,
                &form.side.to_string(),
                &form.ruleset.to_string(),
                claims,
                private,
                form.clock.map(|c| c.minutes_text()).as_deref(),
            );
            // Each on lines of its own that fit 80 columns.
            for line in text.lines() {
                lines.push(Line::raw(line.to_owned()));
            }
            lines.push(Line::raw(keymap::hint_line(HintLine::LobbyForm)));
            lines.push(Line::raw(keymap::hint_line(HintLine::LobbyFormEnd)));
        } else {
            lines.push(Line::raw(keymap::hint_line(HintLine::Lobby)));
        }
        if let Some(note) = &self.lobby.note {
            lines.push(Line::raw(note.as_str()));
        }
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::hall::Hall;
    use crate::server::listing::seen_by;
    use crate::server::who::Who;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    /// The lobby drawn at 80×24 for `key`, as text.
    fn drawn(lobby: &LobbyState, rows: &[Row], key: &str) -> String {
        let area = Rect::new(0, 0, 80, 24);
        let mut buf = Buffer::empty(area);
        (&lobby.view(rows, key)).render(area, &mut buf);
        buf.content().iter().map(|c| c.symbol()).collect()
    }

    fn rows_for(hall: &mut Hall, key: &str) -> Vec<Row> {
        seen_by(&hall.listing(), key).cloned().collect()
    }

    fn person(name: &str) -> Who {
        Who {
            key: format!("k{name}"),
            name: name.to_owned(),
        }
    }

    #[test]
    fn the_form_chooses_opponent_side_and_variant() {
        let mut lobby = LobbyState::new("Alice", true);
        let rows = [];
        assert_eq!(lobby.key(key(KeyCode::Char('a')), &rows), Choice::Stay);
        lobby.key(key(KeyCode::Char('o')), &rows);
        lobby.key(key(KeyCode::Char('s')), &rows);
        lobby.key(key(KeyCode::Char('v')), &rows);
        lobby.key(key(KeyCode::Char('k')), &rows);
        // Private means nothing against the AI.
        lobby.key(key(KeyCode::Char('p')), &rows);
        lobby.key(key(KeyCode::Char('t')), &rows);
        lobby.key(key(KeyCode::Char('t')), &rows);
        assert_eq!(
            lobby.key(key(KeyCode::Enter), &rows),
            Choice::Start(NewGame {
                opponent: Opponent::Ai(Level::Hard),
                side: Player::Yellow,
                ruleset: Ruleset::Corners,
                claims: true,
                private: false,
                clock: TimeControl::from_minutes("5+3").ok(),
            })
        );
        lobby.key(key(KeyCode::Char('n')), &rows);
        lobby.key(key(KeyCode::Char('p')), &rows);
        assert!(matches!(
            lobby.key(key(KeyCode::Enter), &rows),
            Choice::Start(NewGame {
                opponent: Opponent::Person,
                private: true,
                ..
            })
        ));
        assert_eq!(lobby.key(key(KeyCode::Char('7')), &rows), Choice::Stay);
        assert_eq!(lobby.key(key(KeyCode::Char('q')), &rows), Choice::Leave);
    }

    #[test]
    fn the_form_s_clock_goes_round_its_list_and_back_to_none() {
        let mut clock = None;
        let mut seen = Vec::new();
        for _ in 0..5 {
            clock = next_clock(clock);
            seen.push(clock.map(|c| c.minutes_text()));
        }
        assert_eq!(
            seen,
            [Some("3+2"), Some("5+3"), Some("10+5"), Some("30+0"), None]
                .map(|s| s.map(str::to_owned))
        );
    }

    #[test]
    fn nine_tables_and_your_games_still_fit_80_by_24() {
        let mut hall = Hall::new(crate::server::hall::DEFAULT_GRACE, false);
        for n in 0..12 {
            let who = person(&format!("player{n}"));
            hall.open(who, Player::Blue, (Ruleset::Standard, false), false, None);
        }
        let mut lobby = LobbyState::new("Bob", true);
        lobby.mine = vec![
            words::unfinished("2, 5"),
            words::last_game("ann", "won", 120, 80),
            words::versus("ann", [2, 0, 1]),
        ];
        lobby.note("a note");
        let rows = rows_for(&mut hall, "kBob");
        let text = drawn(&lobby, &rows, "kBob");
        for line in [
            "9  player8",
            "unfinished: 2, 5",
            "last: v ann",
            "q leave",
            "a note",
        ] {
            assert!(text.contains(line), "{line} in {text}");
        }
    }

    #[test]
    fn the_lobby_fits_80_by_24_and_shows_names_safely() {
        let mut hall = Hall::new(crate::server::hall::DEFAULT_GRACE, false);
        let who = Who {
            key: "k".into(),
            name: "Al\u{1b}[2J".into(),
        };
        hall.open(
            who.clone(),
            Player::Blue,
            (Ruleset::Standard, false),
            false,
            None,
        );
        // A private table is not listed to others.
        hall.open(who, Player::Blue, (Ruleset::Standard, false), true, None);
        let lobby = LobbyState::new("Bob", true);
        let rows = rows_for(&mut hall, "kBob");
        let text = drawn(&lobby, &rows, "kBob");
        assert!(
            text.contains("1  Al\\u{1b}[2J (Blue) v - (Yellow)"),
            "{text}"
        );
        assert!(text.contains("q leave"), "{text}");
        assert!(!text.contains('\u{1b}'));
        assert!(!text.contains("2  "), "{text}");
    }

    /// Defect 9: the lobby's numbers disagreed ("Table 9 is open" for the table listed
    /// as 2), a claims table was listed as `standard`, and the owner of an open private
    /// table saw "No tables yet".
    #[test]
    fn one_numbering_the_rules_in_full_and_your_own_private_table_listed() {
        let mut hall = Hall::new(crate::server::hall::DEFAULT_GRACE, false);
        let first = hall
            .open(
                person("ann"),
                Player::Blue,
                (Ruleset::Standard, false),
                false,
                None,
            )
            .unwrap();
        // Tables opened and closed in between: numbers at the server grow.
        for n in 0..7 {
            let id = hall
                .open(
                    person(&format!("x{n}")),
                    Player::Blue,
                    (Ruleset::Standard, false),
                    false,
                    None,
                )
                .unwrap();
            hall.leave_table(id, &format!("kx{n}"));
        }
        let claims = hall
            .open(
                person("bob"),
                Player::Blue,
                (Ruleset::Corners, true),
                false,
                None,
            )
            .unwrap();
        assert!(claims > first + 1);
        let mut lobby = LobbyState::new("bob", false);
        lobby.waiting = Some(Waiting::Opponent(claims));
        let rows = rows_for(&mut hall, "kbob");
        let text = drawn(&lobby, &rows, "kbob");
        assert!(
            text.contains("2  bob (Blue) v - (Yellow)  corners, claims"),
            "{text}"
        );
        assert!(text.contains("Table 2 is open"), "{text}");
        // The owner of a private table sees it (and its code); others don't.
        let private = hall
            .open(
                person("carol"),
                Player::Blue,
                (Ruleset::Standard, false),
                true,
                None,
            )
            .unwrap();
        let mut carol = LobbyState::new("carol", false);
        carol.waiting = Some(Waiting::Opponent(private));
        let rows = rows_for(&mut hall, "kcarol");
        let text = drawn(&carol, &rows, "kcarol");
        assert!(!text.contains("No tables yet"), "{text}");
        assert!(text.contains("3  carol (Blue) v - (Yellow)"), "{text}");
        assert!(text.contains("open, private"), "{text}");
        assert!(text.contains("Table 3 is open"), "{text}");
        assert!(text.contains("then the code "), "{text}");
        assert_eq!(rows_for(&mut hall, "kdan").len(), 2);
    }

    #[test]
    fn typed_lines_find_a_player_or_take_a_code() {
        let mut lobby = LobbyState::new("Alice", false);
        let rows = [];
        lobby.key(key(KeyCode::Char('f')), &rows);
        for c in "bobX".chars() {
            lobby.key(key(KeyCode::Char(c)), &rows);
        }
        lobby.key(key(KeyCode::Backspace), &rows);
        // An escape typed is refused; q is a letter here, not "leave".
        lobby.key(key(KeyCode::Char('\u{1b}')), &rows);
        assert_eq!(
            lobby.key(key(KeyCode::Enter), &rows),
            Choice::Find("bob".into())
        );
        lobby.key(key(KeyCode::Char('i')), &rows);
        for c in "q".repeat(40).chars() {
            lobby.key(key(KeyCode::Char(c)), &rows);
        }
        assert_eq!(
            lobby.key(key(KeyCode::Enter), &rows),
            Choice::Code("q".repeat(12))
        );
        assert_eq!(
            lobby.key(key(KeyCode::Char('c')), &rows),
            Choice::Colour(true)
        );
    }

    /// Issue 26, defect 9 (failed before: "Esc closes your table" where Esc adjourns).
    #[test]
    fn waiting_at_an_adjourned_game_says_esc_leaves_it_adjourned() {
        let mut hall = Hall::new(crate::server::hall::DEFAULT_GRACE, false);
        let id = hall
            .open(
                person("ann"),
                Player::Blue,
                (Ruleset::Standard, false),
                false,
                None,
            )
            .unwrap();
        hall.sit(id, person("bob"));
        hall.drop_out(id, "kbob");
        hall.leave_table(id, "kann");
        assert_eq!(
            hall.come_back(id, "kann"),
            Some(crate::server::table::Back::Wait)
        );
        let mut ann = LobbyState::new("ann", false);
        ann.waiting = Some(Waiting::Return(id));
        let text = drawn(&ann, &rows_for(&mut hall, "kann"), "kann");
        assert!(text.contains("Esc leaves it adjourned"), "{text}");
        assert!(
            text.contains("Table 1: waiting for your opponent"),
            "{text}"
        );
        assert!(!text.contains("closes your table"), "{text}");
    }
}
