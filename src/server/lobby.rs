//! The lobby screen of one session: the tables, the form that opens one (against a
//! person or the server's AI), and the lines that find a player or take an invitation
//! code. Pure: keys in, a [`Choice`] out; drawn from the lobby's tables as they are.

use std::collections::BTreeMap;
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

use super::outside::shown;
use super::tables::{Lobby, Table, tally};

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

/// The lobby as one session sees it.
#[derive(Debug, Clone)]
pub(crate) struct LobbyScreen {
    /// The player's name (checked).
    name: String,
    /// The new-game form, while it is open.
    form: Option<NewGame>,
    /// The table this session opened and waits at.
    pub(crate) waiting: Option<u32>,
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

impl LobbyScreen {
    pub(crate) fn new(name: &str, colour: bool) -> LobbyScreen {
        LobbyScreen {
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
        } else if self.waiting.is_some() {
            KeyContext::LobbyWaiting
        } else if self.form.is_some() {
            KeyContext::LobbyForm
        } else {
            KeyContext::Lobby
        }
    }

    /// Handles one key, through the key table; `tables` numbers the lines `1`-`9` pick.
    pub(crate) fn key(&mut self, key: KeyEvent, tables: &BTreeMap<u32, Table>) -> Choice {
        self.note = None;
        let action = keymap::action(key, self.context());
        if action == Some(Action::ForceQuit) {
            return Choice::Leave;
        }
        if std::mem::take(&mut self.claiming) {
            return match action {
                Some(Action::Digit(n)) => self.table(n, tables).map_or(Choice::Stay, Choice::Claim),
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
            Some(Action::Digit(n)) => self.table(n, tables).map_or(Choice::Stay, Choice::Pick),
            _ => {
                self.note(words::UNKNOWN_KEY);
                Choice::Stay
            }
        }
    }

    /// The table listed `n`th (from 1); says so when there is none.
    fn table(&mut self, n: u8, tables: &BTreeMap<u32, Table>) -> Option<u32> {
        let found = listed(tables).nth(usize::from(n).wrapping_sub(1));
        if found.is_none() {
            self.note(words::NOT_A_TABLE);
        }
        found.map(|(id, _)| id)
    }

    /// The lobby drawn over `tables`.
    pub(crate) fn view<'a>(&'a self, tables: &'a BTreeMap<u32, Table>) -> LobbyView<'a> {
        LobbyView {
            lobby: self,
            tables,
        }
    }
}

/// The tables listed in the lobby, numbered from 1 in this order: all but private ones.
pub(crate) fn listed(tables: &BTreeMap<u32, Table>) -> impl Iterator<Item = (u32, &Table)> {
    tables
        .iter()
        .filter(|(_, t)| t.talk.code.is_none())
        .map(|(&id, t)| (id, t))
}

/// The lines of `key`'s own games under the tables: their unfinished games by their
/// numbers in `tables` (as the lobby lists them), their last finished game, and their
/// results against each opponent.
pub(crate) fn your_games(lobby: &Lobby, tables: &BTreeMap<u32, Table>, key: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let unfinished: Vec<String> = listed(tables)
        .map(|(_, t)| t)
        .take(9)
        .enumerate()
        .filter(|(_, t)| {
            t.seat_of(key)
                .is_some_and(|p| t.adjourned || t.away[p.index()].is_some())
        })
        .map(|(n, _)| (n + 1).to_string())
        .collect();
    if !unfinished.is_empty() {
        lines.push(words::unfinished(&unfinished.join(", ")));
    }
    if let Some(last) = lobby.history_of(key).next()
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
            &last.seats[me.other().index()].shown(),
            outcome,
            last.totals[me.index()],
            last.totals[me.other().index()],
        ));
    }
    let results = tally(key, lobby.history_of(key));
    if !results.is_empty() {
        let each: Vec<String> = results
            .iter()
            .map(|(name, counts)| words::versus(name, *counts))
            .collect();
        lines.push(words::tally(&each));
    }
    lines
}

/// The lobby on screen.
pub(crate) struct LobbyView<'a> {
    lobby: &'a LobbyScreen,
    tables: &'a BTreeMap<u32, Table>,
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
            Line::raw(words::you(&shown(&self.lobby.name))),
            Line::raw(""),
            Line::styled(words::TABLES, bold),
        ];
        if listed(self.tables).next().is_none() {
            lines.push(Line::raw(words::NO_TABLES));
        }
        for (n, (_, table)) in listed(self.tables).take(9).enumerate() {
            let name = |p: Player| {
                table.seats[p.index()]
                    .as_ref()
                    .map_or_else(|| words::EMPTY_SEAT.to_owned(), super::tables::Who::shown)
            };
            let state = if table.abandoned {
                words::ABANDONED
            } else if table.adjourned {
                words::ADJOURNED
            } else if table.away.iter().any(Option::is_some) {
                words::AWAY
            } else if table.is_open() {
                words::OPEN
            } else {
                ""
            };
            lines.push(Line::raw(words::table_line(
                n + 1,
                &name(Player::Blue),
                &name(Player::Yellow),
                &table.game.ruleset().to_string(),
                table.game.len(),
                table.spectators,
                state,
            )));
        }
        if !self.lobby.mine.is_empty() {
            lines.push(Line::raw(""));
            lines.push(Line::styled(words::YOUR_GAMES, bold));
            lines.extend(self.lobby.mine.iter().map(|l| Line::raw(l.as_str())));
        }
        lines.push(Line::raw(""));
        if let Some(id) = self.lobby.waiting {
            if self.tables.get(&id).is_some_and(|t| t.adjourned) {
                lines.push(Line::raw(words::adjourned_to_wait(id)));
            } else {
                lines.push(Line::raw(words::waiting(id)));
            }
            if let Some(code) = self.tables.get(&id).and_then(|t| t.talk.code.as_deref()) {
                lines.push(Line::styled(words::invitation(code), bold));
            }
            lines.push(Line::raw(keymap::hint_line(HintLine::LobbyWaiting)));
        } else if let Some((entry, typed)) = &self.lobby.entry {
            let what = match entry {
                Entry::Find => words::FIND,
                Entry::Code => words::CODE,
            };
            let keys = keymap::hint_line(HintLine::LobbyEntry);
            lines.push(Line::raw(words::entry(what, &shown(typed), &keys)));
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

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn the_form_chooses_opponent_side_and_variant() {
        let mut lobby = LobbyScreen::new("Alice", true);
        let tables = BTreeMap::new();
        assert_eq!(lobby.key(key(KeyCode::Char('a')), &tables), Choice::Stay);
        lobby.key(key(KeyCode::Char('o')), &tables);
        lobby.key(key(KeyCode::Char('s')), &tables);
        lobby.key(key(KeyCode::Char('v')), &tables);
        lobby.key(key(KeyCode::Char('k')), &tables);
        // Private means nothing against the AI.
        lobby.key(key(KeyCode::Char('p')), &tables);
        lobby.key(key(KeyCode::Char('t')), &tables);
        lobby.key(key(KeyCode::Char('t')), &tables);
        assert_eq!(
            lobby.key(key(KeyCode::Enter), &tables),
            Choice::Start(NewGame {
                opponent: Opponent::Ai(Level::Hard),
                side: Player::Yellow,
                ruleset: Ruleset::Corners,
                claims: true,
                private: false,
                clock: TimeControl::from_minutes("5+3").ok(),
            })
        );
        lobby.key(key(KeyCode::Char('n')), &tables);
        lobby.key(key(KeyCode::Char('p')), &tables);
        assert!(matches!(
            lobby.key(key(KeyCode::Enter), &tables),
            Choice::Start(NewGame {
                opponent: Opponent::Person,
                private: true,
                ..
            })
        ));
        assert_eq!(lobby.key(key(KeyCode::Char('7')), &tables), Choice::Stay);
        assert_eq!(lobby.key(key(KeyCode::Char('q')), &tables), Choice::Leave);
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
        use super::super::tables::{SharedLobby, Who};
        let shared = SharedLobby::default();
        for n in 0..12 {
            let who = Who {
                key: format!("k{n}"),
                name: format!("player{n}"),
            };
            shared
                .lock()
                .open(who, Player::Blue, Ruleset::Standard, false, false);
        }
        let mut lobby = LobbyScreen::new("Bob", true);
        lobby.mine = vec![
            words::unfinished("2, 5"),
            words::last_game("ann", "won", 120, 80),
            words::versus("ann", [2, 0, 1]),
        ];
        lobby.note("a note");
        let tables = shared.lock().tables().clone();
        let area = Rect::new(0, 0, 80, 24);
        let mut buf = Buffer::empty(area);
        (&lobby.view(&tables)).render(area, &mut buf);
        let text: String = buf.content().iter().map(|c| c.symbol()).collect();
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
        use super::super::tables::{SharedLobby, Who};
        let shared = SharedLobby::default();
        let who = Who {
            key: "k".into(),
            name: "Al\u{1b}[2J".into(),
        };
        shared
            .lock()
            .open(who.clone(), Player::Blue, Ruleset::Standard, false, false);
        // A private table is not listed.
        shared
            .lock()
            .open(who, Player::Blue, Ruleset::Standard, false, true);
        let lobby = LobbyScreen::new("Bob", true);
        let tables = shared.lock().tables().clone();
        let area = Rect::new(0, 0, 80, 24);
        let mut buf = Buffer::empty(area);
        (&lobby.view(&tables)).render(area, &mut buf);
        let text: String = buf.content().iter().map(|c| c.symbol()).collect();
        assert!(
            text.contains("1  Al\\u{1b}[2J (Blue) v - (Yellow)"),
            "{text}"
        );
        assert!(text.contains("q leave"), "{text}");
        assert!(!text.contains('\u{1b}'));
        assert!(!text.contains("2  "), "{text}");
    }

    #[test]
    fn typed_lines_find_a_player_or_take_a_code() {
        let mut lobby = LobbyScreen::new("Alice", false);
        let tables = BTreeMap::new();
        lobby.key(key(KeyCode::Char('f')), &tables);
        for c in "bobX".chars() {
            lobby.key(key(KeyCode::Char(c)), &tables);
        }
        lobby.key(key(KeyCode::Backspace), &tables);
        // An escape typed is refused; q is a letter here, not "leave".
        lobby.key(key(KeyCode::Char('\u{1b}')), &tables);
        assert_eq!(
            lobby.key(key(KeyCode::Enter), &tables),
            Choice::Find("bob".into())
        );
        lobby.key(key(KeyCode::Char('i')), &tables);
        for c in "q".repeat(40).chars() {
            lobby.key(key(KeyCode::Char(c)), &tables);
        }
        assert_eq!(
            lobby.key(key(KeyCode::Enter), &tables),
            Choice::Code("q".repeat(12))
        );
        assert_eq!(
            lobby.key(key(KeyCode::Char('c')), &tables),
            Choice::Colour(true)
        );
    }
}
