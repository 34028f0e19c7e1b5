//! The lobby screen of one session: the tables, the form that opens one (against a
//! person or the server's AI), and the lines that find a player or take an invitation
//! code. Pure: keys in, a [`Choice`] out; drawn from the rows the player sees, each
//! numbered by its table's own number at the server, the same for every player (a
//! player's own adjourned or private table, which others do not see, shifts no one's
//! numbers).

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::ai::Level;
use crate::prefs::Palette;
use crate::record::TimeControl;
use crate::rules::{Player, Ruleset};
use crate::strings::line as line_words;
use crate::strings::serve as words;
use crate::ui::KeysHelp;
use crate::ui::keymap;
use crate::ui::keymap::{Action, HintLine, KeyContext};
use crate::ui::{Keyed, Message, MessageKind, Wording};

use super::club::Board;
use super::corr::Stamp;
use super::hall::CorrGame;
use super::listing::{Row, RowState};
use super::outside::safe_text;
use super::standings::{ClubChoice, ClubView, ClubWidget, board_name, board_short_name};
use super::store::History;
use crate::rating::Shown as RatingShown;
use crate::strings::club as club_words;

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
    /// Against a person: rated (the default for players with a key).
    pub(crate) rated: bool,
    /// Against a person: a correspondence game of this many days a move (`None`: live).
    pub(crate) corr_days: Option<u8>,
}

/// The clocks the form offers, in turn (`t`): none, then these (minutes, seconds a move).
const CLOCKS: [(u64, u64); 4] = [(3, 2), (5, 3), (10, 5), (30, 0)];

/// The pace after `(clock, corr_days)` in the form's list (`t`): no clock, the live
/// clocks, then (against a person) correspondence at 1, 3 and 7 days a move.
fn next_pace(
    (clock, corr_days): (Option<TimeControl>, Option<u8>),
    corr: bool,
) -> (Option<TimeControl>, Option<u8>) {
    let days = super::corr::DAYS_A_MOVE;
    if let Some(d) = corr_days {
        let next = days
            .iter()
            .position(|x| *x == d)
            .and_then(|i| days.get(i + 1));
        return (None, next.copied());
    }
    match next_clock(clock) {
        None if corr && clock.is_some() => (None, Some(days[0])),
        clock => (clock, None),
    }
}

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
    /// A player's name, to see their profile.
    Profile,
}

impl Entry {
    /// The most characters the line takes.
    fn limit(self) -> usize {
        match self {
            Entry::Find | Entry::Profile => super::names::MAX_NAME_COLUMNS,
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
    /// No longer list the correspondence games `f` listed to watch (Esc); where none
    /// are, leave, unless a note was shown (`noted`): Esc clears it first.
    HideFound {
        /// A note was on the status line when Esc came (it is gone now).
        noted: bool,
    },
    /// Sit at, or watch, the private table with this code.
    Code(String),
    /// The next palette chosen.
    Palette(Palette),
    /// The line mode switched on or off (kept for the player's key).
    LineMode,
    /// The ASCII board switched on (`true`) or off.
    Ascii(bool),
    /// Notifications switched on (`true`) or off.
    Notify(bool),
    /// Close the table this session waits at.
    Close,
    /// Claim the win at the table with this number (the opponent did not come back).
    Claim(u32),
    /// End the connection.
    Leave,
    /// Open the correspondence game at this player's move with the least time left.
    NextMove,
    /// Show the first leaderboard (standard, live).
    Leaderboard,
    /// Show this player's own profile.
    OwnProfile,
    /// Show the profile of the player with this name.
    Profile(String),
    /// A club screen's choice.
    Club(ClubChoice),
}

/// What a number typed in the lobby picks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pick {
    /// A table, to sit at or watch.
    Table,
    /// A table whose win is claimed (after `w`).
    Claim,
    /// A row of the club screen shown.
    Club,
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
    /// The palette screens are drawn in.
    pub(crate) palette: Palette,
    /// The board is drawn in ASCII.
    pub(crate) ascii: bool,
    /// Desktop notifications on "your move".
    pub(crate) notify: bool,
    /// The last line said to the player.
    note: Option<Message>,
    /// The player's own games: unfinished ones ([`unfinished`]), the last result, the
    /// tally.
    pub(crate) mine: Vec<Message>,
    /// `w` was pressed: the next number names the table whose win is claimed.
    claiming: bool,
    /// A number being typed, and what it picks.
    number: Option<(Pick, String)>,
    /// A number of two digits or more was ended by its last digit just now: the
    /// Enter a player types after it (the docs' `12` Enter) is not a key of the
    /// screen it opened. The lobby drops it; a table it opened takes this
    /// ([`LobbyState::take_number_ended`]) and drops it there.
    number_ended: bool,
    /// The page of the tables shown (from 0).
    page: usize,
    /// The screen's height, for the rows a page shows.
    height: u16,
    /// The player's correspondence games in play (their moves first, least time left
    /// first: [`crate::server::hall::Hall::corr_games_at`]).
    pub(crate) corr: Vec<CorrGame>,
    /// Their ratings, as the first line shows them: each board, and the rating as
    /// players read it (`1500?` while provisional).
    pub(crate) ratings: Vec<(Board, RatingShown)>,
    /// A club screen over the lobby: a leaderboard or a profile.
    pub(crate) club: Option<ClubView>,
    /// Whether the player may play rated games (a key, not a guest).
    can_rate: bool,
    /// The help shown over the lobby (`?`): whose keys it lists, and its first line
    /// shown.
    help: Option<(KeyContext, usize)>,
    /// The screen's width, for the help's scrolling.
    width: u16,
    /// The rows listed to watch (another player's public correspondence games, after
    /// `f name`): each table, and when its mover's time runs out (correspondence
    /// time). Such a row says whose move it is and the time left at
    /// [`LobbyState::corr_now`] ([`LobbyState::watched_state`]).
    pub(crate) watched: Vec<(u32, Stamp)>,
    /// The correspondence time the lobby is drawn at: set by its host at each look
    /// at the hall, and when the time left a row shows changes (the host's ticks).
    pub(crate) corr_now: Stamp,
    /// The tables listed to watch whose game ended since (gone from the list): a
    /// number typed for one says so ([`words::watched_ended`]), not `No table N`.
    pub(crate) ended: Vec<u32>,
    /// The club's name the operator gave (`--club-name`), on the title line.
    pub(crate) club_name: Option<String>,
    /// The message of the day (`--motd`) while it is the note ([`LobbyState::welcome`]):
    /// under the keys, all of them, not over them as a long note is.
    welcome: Option<String>,
    /// The message of the day, kept for `m` after its note cleared.
    motd: Option<String>,
    /// Whether `m` shows the message of the day whole, over the lobby, until a key.
    reading: bool,
}

impl LobbyState {
    pub(crate) fn new(name: &str, palette: Palette) -> LobbyState {
        LobbyState {
            name: name.to_owned(),
            form: None,
            waiting: None,
            entry: None,
            palette,
            ascii: false,
            notify: true,
            note: None,
            mine: Vec::new(),
            claiming: false,
            number: None,
            number_ended: false,
            page: 0,
            height: 24,
            corr: Vec::new(),
            ratings: Vec::new(),
            club: None,
            can_rate: true,
            help: None,
            width: 80,
            watched: Vec::new(),
            corr_now: 0,
            ended: Vec::new(),
            club_name: None,
            welcome: None,
            motd: None,
            reading: false,
        }
    }

    /// A guest's lobby: their games are never rated.
    pub(crate) fn as_guest(&mut self) {
        self.can_rate = false;
    }

    /// The screen is `width`×`height` now.
    pub(crate) fn resized(&mut self, width: u16, height: u16) {
        self.width = width;
        self.height = height;
    }

    /// The help over the lobby, if it is shown.
    fn help_view(&self) -> Option<KeysHelp> {
        let bold = if self.palette.has_colour() {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        };
        self.help.map(|(context, top)| KeysHelp {
            context,
            top,
            strong: bold,
            dim: Style::new(),
            title: crate::strings::screen::HELP_TITLE,
            // Only a guest may not rate (`as_guest`).
            guest: !self.can_rate,
        })
    }

    /// A key while the help is shown: it scrolls, closes, or (Ctrl-c) leaves.
    fn help_key(&mut self, key: KeyEvent) -> Choice {
        let (Some(view), Some((_, top))) = (self.help_view(), self.help.as_mut()) else {
            return Choice::Stay;
        };
        let area = Rect::new(0, 0, self.width, self.height);
        match keymap::action(key, KeyContext::LobbyHelp) {
            Some(Action::ForceQuit) => return Choice::Leave,
            Some(Action::No) => self.help = None,
            // A help shown whole scrolls nowhere: the key closes it, as its foot
            // says ("Press any key to close").
            Some(Action::Scroll(scroll)) => match view.scrolled(area, *top, scroll) {
                Some(moved) => *top = moved,
                None => self.help = None,
            },
            // Any other key closes it, as the game's help ("other keys close").
            _ => self.help = None,
        }
        Choice::Stay
    }

    /// The lines a page of `rows` takes: nine at most, fewer on a short screen (a
    /// row of two lines, [`LobbyState::row_lines`], takes two of them).
    #[cfg(test)]
    pub(crate) fn page_size(&self, rows: &[Row]) -> usize {
        self.layout(rows).1.min(LISTED)
    }

    /// How the lists fall into pages at this size, worked out once for a frame: the
    /// rows around the lists, whether the player's games go apart, and where each
    /// page starts. (A frame worked them out again for the page and for the page
    /// count, the keys wrapped at two widths each time: at 500 sessions, every
    /// lobby's frame paid it.)
    fn pages(&self, rows: &[Row]) -> Pages {
        self.layout(rows).0
    }

    /// [`LobbyState::pages`], and the lines the screen has for a page's tables, past
    /// the rest of the lobby.
    fn layout(&self, rows: &[Row]) -> (Pages, usize) {
        let legend_lines = self.legend(rows);
        let legend = u16::try_from(legend_lines.len()).unwrap_or(u16::MAX);
        let fixed = self.fixed_rows(rows, legend);
        let section = self.mine_section_rows();
        let apart = self.mine_apart(rows, fixed, section);
        // At least one table: a page of three on a short screen was cut under its
        // heading ("Tables 1-3 of 12" over none of them at 30x12).
        let around = if apart {
            fixed
        } else {
            fixed.saturating_add(section)
        };
        let room = usize::from(self.height.saturating_sub(around));
        let lines = room.max(1);
        let mine = if apart {
            self.mine_starts(fixed.saturating_sub(legend))
        } else {
            Vec::new()
        };
        // The blank row over the keys goes to the tables where that makes fewer
        // pages (s36: at 44x16 a page held one correspondence game of two rows, its
        // third row blank, the next game on a page of its own).
        let starts = self.page_starts(rows, lines);
        let given = self.page_starts(rows, lines + 1);
        let (starts, lines, gap) = if room > 0 && given.len() < starts.len() {
            (given, lines + 1, KeysGap::Given)
        } else {
            (starts, lines, KeysGap::Blank)
        };
        let pages = Pages {
            starts,
            mine,
            legend: legend_lines,
            gap,
        };
        (pages, lines)
    }

    /// The rows a page of the lobby takes past its list, the player's games aside:
    /// the title, the lines over and under the list, the legend (`legend` rows), the
    /// keys, the note.
    fn fixed_rows(&self, rows: &[Row], legend: u16) -> u16 {
        #[cfg(test)]
        frame_work::count(|w| w.fixed_rows += 1);
        let mut fixed = 8; // title, you, a blank, the heading, a blank, keys (2), note
        fixed += u16::from(!self.corr.is_empty());
        // The ratings under the name, where one row does not hold them.
        let you = u16::try_from(self.you_rows().len()).unwrap_or(u16::MAX);
        fixed = fixed.saturating_add(you.saturating_sub(1));
        // The correspondence line and the note wrap on a narrow screen (44 columns:
        // two rows each), and the tables under them were cut past the page's end.
        let extra = |text: &str| -> u16 {
            let rows = Paragraph::new(text)
                .wrap(Wrap { trim: false })
                .line_count(self.width.max(1));
            u16::try_from(rows.saturating_sub(1)).unwrap_or(u16::MAX)
        };
        if let Some(line) = corr_line(&self.corr, Wording::Keys, false, self.width.max(1)) {
            fixed = fixed.saturating_add(extra(&line));
        }
        if let Some(note) = self.note.as_ref().filter(|_| !self.welcoming()) {
            // The message of the day is not counted: shown under the keys until a key,
            // it cuts the lists above it for that while ([`LobbyView::parts`]).
            // Under the lobby's keys a note wider than its row takes the keys' rows
            // but their last ([`LobbyView::parts`]), not the tables': pages do not move as notes
            // come and go (QA s28: 1/3 went 2/2 at 44x16 when one cleared).
            let keys = if self.shows_lobby_keys() {
                self.lobby_keys_rows(rows).saturating_sub(1)
            } else {
                0
            };
            fixed = fixed.saturating_add(extra(&note.text).saturating_sub(keys));
        }
        fixed += match (&self.form, self.waiting, &self.entry) {
            (_, Some(_), _) => 2,
            (Some(_), _, _) => 3,
            (_, _, Some(_)) => 0,
            _ => 0,
        };
        fixed += if self.number.is_some() { 2 } else { 0 };
        fixed += self.keys_wrapped(rows);
        fixed.saturating_add(legend)
    }

    /// The rows each line of the player's games takes, wrapped to the width (at 44
    /// columns a tally or the last game takes two or three; they were counted one).
    fn mine_rows(&self) -> Vec<u16> {
        self.mine
            .iter()
            .map(|line| {
                let rows = Paragraph::new(line.text.as_str())
                    .wrap(Wrap { trim: false })
                    .line_count(self.width.max(1));
                u16::try_from(rows).unwrap_or(u16::MAX)
            })
            .collect()
    }

    /// The rows the player's games take under the tables: a blank, their heading and
    /// their lines, wrapped; none when there are none.
    fn mine_section_rows(&self) -> u16 {
        if self.mine.is_empty() {
            return 0;
        }
        self.mine_rows().into_iter().fold(2, u16::saturating_add)
    }

    /// Whether the player's games go on pages of their own, after the tables': at the
    /// served minimum (44x16) and larger, when under the tables they would leave fewer
    /// than three lines for them (or fewer than the tables take). There, with a
    /// correspondence game and a history, the lists were cut (`… a taller terminal
    /// shows all the lists`) with the keys at the foot and no way to read them. Under
    /// 44x16 the lists are cut, as before (no legend either: the row is a table's).
    /// `fixed` and `section` are [`LobbyState::fixed_rows`] and
    /// [`LobbyState::mine_section_rows`].
    fn mine_apart(&self, rows: &[Row], fixed: u16, section: u16) -> bool {
        if self.mine.is_empty() || self.width < 44 || self.height < 16 {
            return false;
        }
        let digits = number_width(rows);
        let tables: usize = rows.iter().map(|row| self.row_lines(row, digits)).sum();
        let wanted = tables.clamp(1, 3);
        usize::from(self.height.saturating_sub(fixed.saturating_add(section))) < wanted
    }

    /// Where each page of the player's games starts (their lines' indexes), when they
    /// are on pages of their own ([`LobbyState::mine_apart`]): as many lines as the
    /// screen has past the rest of the lobby (`fixed`: its legend aside, which is the
    /// tables'), one at least.
    fn mine_starts(&self, fixed: u16) -> Vec<usize> {
        let room = usize::from(self.height.saturating_sub(fixed)).max(1);
        let mut starts = vec![0];
        let mut used = 0;
        for (i, takes) in self.mine_rows().into_iter().enumerate() {
            let takes = usize::from(takes);
            if used > 0 && used + takes > room {
                starts.push(i);
                used = 0;
            }
            used += takes;
        }
        starts
    }

    /// The lines under the tables that explain what their rows say, wrapped to the
    /// width (never cut): narrower than [`words::FULL_TERMS_COLUMNS`], where rows
    /// may say their terms short, the short words of the variants and paces listed
    /// ([`words::short_terms_legend`]: `std standard, cnr corners, 1d 1 day a move,
    /// 7d 7 days a move`); at every width, each live clock listed, once
    /// ([`words::clock_legend`]: `5+3 5 minutes each, plus 3 seconds a move`; only
    /// the first listed was explained, and `15+10`'s was cut at 44 columns). Not under
    /// the served minimum (44x16), where the row is a table's. Of every row listed,
    /// not only the page's, so that every page is as long.
    fn legend(&self, rows: &[Row]) -> Vec<String> {
        if rows.is_empty() || self.width < 44 || self.height < 16 {
            return Vec::new();
        }
        let width = usize::from(self.width);
        let mut lines = Vec::new();
        if width < words::FULL_TERMS_COLUMNS {
            let mut variants: Vec<String> = Vec::new();
            let mut days: Vec<u8> = Vec::new();
            // Only the short words a row says: a row in full needs no legend.
            let digits = number_width(rows);
            for row in rows.iter().filter(|row| self.says_terms_short(row, digits)) {
                let variant = row.ruleset.to_string();
                if !variants.contains(&variant) {
                    variants.push(variant);
                }
                if let Some((d, _)) = row.corr
                    && !days.contains(&d)
                {
                    days.push(d);
                }
            }
            variants.sort();
            variants.reverse(); // `std` first, as the rows' wording
            days.sort_unstable();
            let variants: Vec<&str> = variants.iter().map(String::as_str).collect();
            lines.extend(words::short_terms_legend(&variants, &days, width));
        }
        let mut clocks: Vec<TimeControl> = Vec::new();
        for clock in rows.iter().filter_map(|row| row.clock) {
            if !clocks.contains(&clock) {
                clocks.push(clock);
            }
        }
        for clock in clocks {
            let (minutes, said) = (clock.minutes_text(), line_words::clock_control(clock));
            let legend = words::clock_legend(&minutes, &said);
            let short = words::clock_legend_short(&minutes, &said);
            // Whole on a line where it fits, in short units if that fits, else wrapped.
            match [&legend, &short]
                .into_iter()
                .find(|l| crate::text::fits(l, width))
            {
                Some(line) => lines.push(line.clone()),
                None => lines.extend(crate::text::wrap(&legend, width)),
            }
        }
        lines
    }

    /// The rows the keys shown take at this width past those they take at 80 columns
    /// (which [`LobbyState::pages`] counts): narrow, they wrap onto more rows.
    fn keys_wrapped(&self, rows: &[Row]) -> u16 {
        let lines: &[HintLine] = match (self.waiting, &self.entry, &self.form) {
            (Some(Waiting::Opponent(_)), _, _) => &[HintLine::LobbyWaiting],
            (Some(Waiting::Return(_)), _, _) => &[HintLine::LobbyAdjourned],
            (None, Some(_), _) => &[HintLine::LobbyEntry],
            (None, None, Some(_)) => &[HintLine::LobbyForm, HintLine::LobbyFormEnd],
            (None, None, None) if self.number.is_some() => &[HintLine::LobbyNumber],
            (None, None, None) => &[table_keys(rows), self.club_keys()],
        };
        let wrapped = |width: usize| -> usize {
            lines
                .iter()
                .map(|&line| keymap::hint_rows(line, width).len())
                .sum()
        };
        // At 80 columns, none (worked out, it was the same wrapping twice).
        let width = usize::from(self.width.max(1));
        let extra = if width == 80 {
            0
        } else {
            wrapped(width).saturating_sub(wrapped(80))
        };
        u16::try_from(extra).unwrap_or(u16::MAX)
    }

    /// Whether the foot shows the lobby's keys (nothing typed, asked or waited for).
    fn shows_lobby_keys(&self) -> bool {
        self.form.is_none()
            && self.waiting.is_none()
            && self.entry.is_none()
            && self.number.is_none()
    }

    /// The rows the lobby's two keys lines take, every key named, at this width (the
    /// rows [`LobbyState::fixed_rows`] keeps for them).
    fn lobby_keys_rows(&self, rows: &[Row]) -> u16 {
        let width = usize::from(self.width.max(1));
        let count: usize = [table_keys(rows), self.club_keys()]
            .iter()
            .map(|&line| keymap::hint_rows(line, width).len())
            .sum();
        u16::try_from(count).unwrap_or(u16::MAX)
    }

    /// The club's keys line: with `Esc hide` while another member's correspondence
    /// games looked up by `f` or `v` are listed ([`LobbyState::watched`]), which Esc
    /// hides (where none are, Esc leaves, and the line does not say it).
    fn club_keys(&self) -> HintLine {
        if self.watched.is_empty() {
            HintLine::LobbyClub
        } else {
            HintLine::LobbyClubFound
        }
    }

    /// The rows of the lobby's `you:` line at this width: the name and every rating
    /// on one row where they fit, the boards named in full (`standard live 1623`),
    /// else short (`std live 1623`, the rows' `std` and `cnr`, and `corr`). From the
    /// served minimum (44 columns) up, where neither fits, the name on its row and
    /// the ratings under it, broken between two ratings only: at 44 columns the
    /// correspondence rating was cut off (`standard live 1258? · standard …`, QA s34).
    /// Narrower, one row cut with `…`.
    fn you_rows(&self) -> Vec<String> {
        let width = usize::from(self.width);
        let you = words::you(&safe_text(&self.name));
        if self.ratings.is_empty() {
            return vec![crate::text::fit(&you, width).into_owned()];
        }
        let each = |short: bool| -> Vec<String> {
            self.ratings
                .iter()
                .map(|(board, shown)| {
                    let name = if short {
                        board_short_name(*board)
                    } else {
                        board_name(*board)
                    };
                    words::rating_of(&name, *shown)
                })
                .collect()
        };
        let (full, short) = (each(false), each(true));
        if let Some(one) = [&full, &short]
            .map(|each| words::you_rated(&you, each))
            .into_iter()
            .find(|one| crate::text::fits(one, width))
        {
            return vec![one];
        }
        if self.width < crate::ui::MIN_WIDTH {
            let one = words::you_rated(&you, &short);
            return vec![crate::text::fit(&one, width).into_owned()];
        }
        let mut rows = vec![crate::text::fit(&you, width).into_owned()];
        let whole = words::ratings_rows(&full, width);
        rows.extend(if whole.len() == 1 {
            whole
        } else {
            words::ratings_rows(&short, width)
        });
        rows
    }

    /// The lines `row` takes in the list at this width: two where one line would cut
    /// a name (`al… v ca…` at 44 columns, `Zoe-Winterb… v Bartholome…` at 80, with
    /// the terms in full there; at 44 a long state left no room, and both names went),
    /// whatever the row's state ([`words::table_lines`]), at every width from the
    /// served minimum (44); one for every other.
    fn row_lines(&self, row: &Row, digits: usize) -> usize {
        if let Some(state) = self.watched_state(row) {
            return self.watched_lines(row, &state, digits).len();
        }
        let width = usize::from(self.width);
        let two = width >= 44
            && !words::names_fit(
                numbered(row, digits),
                [&row.names[0], &row.names[1]],
                // The key is the view's.
                widest_state(row),
                &self.terms_at_width(row),
                width,
            );
        if two { 2 } else { 1 }
    }

    /// What `row` says of its state with a time left in it, on the full screen: a row
    /// listed to watch ([`LobbyState::watched_state_in`]) or one of the player's own
    /// correspondence games ([`LobbyState::own_state_in`]). `None` for every other row.
    fn watched_state(&self, row: &Row) -> Option<String> {
        self.timed_state_in(row, Wording::Keys)
    }

    /// [`LobbyState::watched_state`] in `wording`.
    fn timed_state_in(&self, row: &Row, wording: Wording) -> Option<String> {
        self.watched_state_in(row, wording)
            .or_else(|| self.own_state_in(row, wording))
    }

    /// What `row` says of its state to its player, at their own correspondence game
    /// in play: whose move, and the mover's time left as the lobby's line works it
    /// out ([`LobbyState::corr`]): `your move, 11h 00m left` (`your move, 11h 00m`
    /// under 80 columns), `their move, 2d 0h left`. It said `your move` alone (qa36),
    /// the time only on the lobby's one line, of one game. `None` for every other row.
    fn own_state_in(&self, row: &Row, wording: Wording) -> Option<String> {
        if row.state != RowState::Correspondence {
            return None;
        }
        let game = self.corr.iter().find(|g| g.id == row.id)?;
        let state = if game.my_move {
            club_words::YOUR_MOVE
        } else {
            club_words::THEIR_MOVE
        };
        Some(match wording {
            Wording::Keys => club_words::move_and_time(
                state,
                &club_words::corr_time(game.left),
                usize::from(self.width) < words::FULL_TERMS_COLUMNS,
            ),
            Wording::Commands => {
                club_words::move_and_time(state, &line_words::corr_time(game.left), false)
            }
        })
    }

    /// [`LobbyState::watched_state`] in `wording`: the line mode says the time in
    /// words (`bob's move, 2 days 1 hour left`), as its own tables' lines do (QA s32:
    /// it said the screen's `2d 1h`).
    fn watched_state_in(&self, row: &Row, wording: Wording) -> Option<String> {
        let &(_, due) = self.watched.iter().find(|(id, _)| *id == row.id)?;
        let (_, mover) = row.corr?;
        let mover = mover?;
        let left = match wording {
            Wording::Keys => club_words::corr_time(due - self.corr_now),
            Wording::Commands => line_words::corr_time(due - self.corr_now),
        };
        Some(words::watched_move(&row.names[mover.index()], &left))
    }

    /// The lines of a row listed to watch, saying `state` ([`LobbyState::watched_state`]),
    /// none cut at this width: one as any row where it fits; else the names over the
    /// state and the terms; else (44 columns, two long names) the names, the state
    /// and the terms each on a line of their own.
    fn watched_lines(&self, row: &Row, state: &str, digits: usize) -> Vec<String> {
        let width = usize::from(self.width);
        let n = numbered(row, digits);
        let names = [row.names[0].as_str(), row.names[1].as_str()];
        let full = width >= words::FULL_TERMS_COLUMNS;
        let terms = self.terms_at_width(row);
        let counts = (row.moves, row.spectators);
        if words::names_fit(n, names, state, &terms, width) {
            let short = short_terms_of(row);
            let rules = terms_of(row, Wording::Keys);
            let line = words::table_line(
                n,
                names,
                &rules,
                (!full).then_some(short.as_str()),
                row.moves,
                row.spectators,
                state,
                width,
            );
            return vec![line];
        }
        let two = words::table_lines(n, names, state, (&terms, full), counts, width);
        let indent = " ".repeat(crate::text::width(&n.to_string()) + 2);
        if crate::text::width(&format!("{indent}{state}  {terms}")) <= width {
            return two.to_vec();
        }
        let [first, rest] = words::table_lines(n, names, "", (&terms, full), counts, width);
        vec![first, format!("{indent}{state}"), rest]
    }

    /// Whether `row`'s lines say its terms short at this width ([`short_terms_of`]),
    /// as they are drawn: a row on two lines or more under [`words::FULL_TERMS_COLUMNS`]
    /// always does, a row on one line where its terms in full do not fit. Its state is
    /// the widest it may say to anyone ([`widest_state`]; a row listed to watch, its
    /// own), as for the lines it takes, so the legend is the same in every lobby.
    fn says_terms_short(&self, row: &Row, digits: usize) -> bool {
        let width = usize::from(self.width);
        if width >= words::FULL_TERMS_COLUMNS {
            return false;
        }
        if self.row_lines(row, digits) > 1 {
            return true;
        }
        let watched = self.watched_state(row);
        let state = watched.as_deref().unwrap_or(widest_state(row));
        let (_, short) = words::table_line_said(
            numbered(row, digits),
            [&row.names[0], &row.names[1]],
            &terms_of(row, Wording::Keys),
            Some(&short_terms_of(row)),
            row.moves,
            row.spectators,
            state,
            width,
        );
        short
    }

    /// `row`'s terms as a row says them at this width, names cut first: in full from
    /// [`words::FULL_TERMS_COLUMNS`], short under it ([`short_terms_of`]).
    fn terms_at_width(&self, row: &Row) -> String {
        if usize::from(self.width) < words::FULL_TERMS_COLUMNS {
            short_terms_of(row)
        } else {
            terms_of(row, Wording::Keys)
        }
    }

    /// Where each page of `rows` starts: as many rows as `lines` (the lines the
    /// screen has for a page's tables, past the rest of the lobby) hold, [`LISTED`]
    /// at most, one at least: [`LISTED`] tables at most fill them, so tables of two
    /// lines do not leave lines blank a page of one-line rows fills.
    fn page_starts(&self, rows: &[Row], lines: usize) -> Vec<usize> {
        let mut starts = vec![0];
        let (mut used, mut listed) = (0, 0);
        let digits = number_width(rows);
        for (i, row) in rows.iter().enumerate() {
            let takes = self.row_lines(row, digits);
            if used > 0 && (used + takes > lines || listed == LISTED) {
                starts.push(i);
                (used, listed) = (0, 0);
            }
            used += takes;
            listed += 1;
        }
        starts
    }

    /// How many pages the tables take, and the player's games on pages of their own
    /// ([`LobbyState::mine_apart`]).
    fn page_count(&self, rows: &[Row]) -> usize {
        self.pages(rows).count()
    }

    /// What the page shown lists, the page's number (from 1) first, `pages` being
    /// [`LobbyState::pages`] of `rows`.
    fn shown<'a>(&self, rows: &'a [Row], pages: &Pages) -> (usize, Shown<'a>) {
        let (starts, mine) = (&pages.starts, &pages.mine);
        let page = self.page.min(pages.count() - 1);
        if let Some(at) = page.checked_sub(starts.len()) {
            let end = mine.get(at + 1).copied().unwrap_or(self.mine.len());
            return (page + 1, Shown::Mine(mine[at]..end));
        }
        let end = starts.get(page + 1).copied().unwrap_or(rows.len());
        let mine = if mine.is_empty() {
            Some(0..self.mine.len())
        } else {
            None
        };
        (page + 1, Shown::Tables(&rows[starts[page]..end], mine))
    }

    /// Says `text` on the lobby's status line.
    pub(crate) fn note(&mut self, text: impl Into<String>) {
        self.note = Some(Message::new(MessageKind::Info, text));
    }

    /// Says the operator's message of the day, the first note, until a key: under the
    /// lobby's keys, all of them (the first row a newcomer needs too), the page's lists
    /// cut above while it is shown, to half the screen at most: a message taller than
    /// the rest is cut, `m` showing it whole ([`LobbyView::parts`]). As a note, a
    /// message of more than a row took the keys' rows but their last (QA s32, srv36);
    /// whole, at 44x16 it pushed out the title and the lists (s33).
    pub(crate) fn welcome(&mut self, motd: impl Into<String>) {
        let motd = motd.into();
        self.note(motd.clone());
        self.motd = Some(motd.clone());
        self.welcome = Some(motd);
    }

    /// The line mode said the message of the day `m` asked for: no screen of its own
    /// waits for a key to close.
    pub(crate) fn said_in_lines(&mut self) {
        self.reading = false;
    }

    /// Whether the note is the message of the day ([`LobbyState::welcome`]).
    fn welcoming(&self) -> bool {
        self.welcome.is_some() && self.note.as_ref().map(|n| &n.text) == self.welcome.as_ref()
    }

    /// The text on the lobby's status line, if any, and shown (the keys' help, open,
    /// covers it).
    pub(crate) fn noted(&self) -> Option<&str> {
        self.note
            .as_ref()
            .filter(|_| self.help.is_none())
            .map(|note| note.text.as_str())
    }

    /// Says `said` on the status line, as it is.
    pub(crate) fn tell(&mut self, said: Message) {
        self.note = Some(said);
    }

    /// Says a line that names what to type: each face words it its own way.
    pub(crate) fn note_keyed(&mut self, keyed: Keyed) {
        self.note = Some(Message::keyed(MessageKind::Info, keyed));
    }

    /// Which keys apply now: the key table's context of the lobby's state.
    pub(crate) fn context(&self) -> KeyContext {
        if self.help.is_some() {
            KeyContext::LobbyHelp
        } else if self.number.is_some() {
            KeyContext::LobbyNumber
        } else if self.claiming {
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
        } else if let Some(club) = &self.club {
            club.context()
        } else {
            KeyContext::Lobby
        }
    }

    /// Whether a number of two digits or more was ended by its last digit just now
    /// (the flag is cleared): a table it opened drops an Enter as its first key.
    pub(crate) fn take_number_ended(&mut self) -> bool {
        std::mem::take(&mut self.number_ended)
    }

    /// A digit typed to pick a row of `pick` (after `w` too): a longer number waits
    /// for its next digit or Enter.
    fn digit(&mut self, pick: Pick, d: u8, rows: &[Row]) -> Choice {
        let last = match (pick, &self.club) {
            (Pick::Club, Some(club)) => club.last_shown(),
            // A table's number is its own: the highest listed, whatever the page.
            _ => rows.iter().map(|r| number(r.id)).max().unwrap_or(0),
        };
        let mut typed = self
            .number
            .take()
            .map(|(_, typed)| typed)
            .unwrap_or_default();
        let more_than_one = !typed.is_empty();
        match super::standings::type_digit(&mut typed, d, last) {
            Some(n) => {
                self.number_ended = more_than_one;
                self.picked(pick, n, rows)
            }
            None => {
                self.number = Some((pick, typed));
                Choice::Stay
            }
        }
    }

    /// Number `n` typed to pick a row of `pick`.
    fn picked(&mut self, pick: Pick, n: usize, rows: &[Row]) -> Choice {
        match pick {
            Pick::Club => match self.club.as_ref().map(|c| c.pick(n)) {
                Some(Ok(choice)) => Choice::Club(choice),
                Some(Err(text)) => {
                    self.note(text);
                    Choice::Stay
                }
                None => Choice::Stay,
            },
            Pick::Table => self.table(n, rows).map_or(Choice::Stay, Choice::Pick),
            Pick::Claim => self.table(n, rows).map_or(Choice::Stay, Choice::Claim),
        }
    }

    /// Handles one key, through the key table; `rows` (the tables this player sees)
    /// numbers the lines `1`-`9` pick.
    pub(crate) fn key(&mut self, key: KeyEvent, rows: &[Row]) -> Choice {
        if std::mem::take(&mut self.number_ended) && key.code == KeyCode::Enter {
            return Choice::Stay;
        }
        // Any key clears the note; Esc stops there (QA s28: pressed to clear one, it
        // closed the session).
        let noted = self.note.take().is_some();
        self.welcome = None;
        if self.help.is_some() {
            return self.help_key(key);
        }
        let action = keymap::action(key, self.context());
        if action == Some(Action::ForceQuit) {
            return Choice::Leave;
        }
        if std::mem::take(&mut self.reading) {
            // Any key closes the message shown whole, and does nothing else: the
            // lobby's keys were not on the screen.
            return Choice::Stay;
        }
        if action == Some(Action::Help) {
            self.help = Some((self.context(), 0));
            return Choice::Stay;
        }
        if let Some((pick, typed)) = &mut self.number {
            let pick = *pick;
            match action {
                Some(Action::Digit(d)) => return self.digit(pick, d, rows),
                Some(Action::Backspace) => {
                    typed.pop();
                    if typed.is_empty() {
                        self.number = None;
                    }
                }
                Some(Action::Confirm) => {
                    let n = typed.parse().unwrap_or(0);
                    self.number = None;
                    return self.picked(pick, n, rows);
                }
                _ => self.number = None,
            }
            return Choice::Stay;
        }
        if std::mem::take(&mut self.claiming) {
            return match action {
                Some(Action::Digit(n)) => self.digit(Pick::Claim, n, rows),
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
                        Entry::Profile => Choice::Profile(typed),
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
                Some(Action::Opponent) => {
                    form.opponent = form.opponent.next();
                    // The AI plays live, unrated games only.
                    if form.opponent != Opponent::Person {
                        form.corr_days = None;
                        form.rated = false;
                    } else {
                        form.rated = self.can_rate;
                    }
                }
                Some(Action::Side) => form.side = form.side.other(),
                Some(Action::Clock) => {
                    // Correspondence against a person, and not for a guest: a guest
                    // is a new person at each connection, so could never come back.
                    let corr = form.opponent == Opponent::Person && self.can_rate;
                    (form.clock, form.corr_days) = next_pace((form.clock, form.corr_days), corr);
                }
                Some(Action::Rated) => {
                    if form.opponent != Opponent::Person {
                        self.note(club_words::AI_NOT_RATED);
                    } else if !self.can_rate {
                        self.note(club_words::GUEST_NOT_RATED);
                    } else {
                        form.rated = !form.rated;
                    }
                }
                Some(Action::Variant) => {
                    form.ruleset = match form.ruleset {
                        Ruleset::Standard => Ruleset::Corners,
                        Ruleset::Corners => Ruleset::Standard,
                    }
                }
                Some(Action::ClaimsRule) => form.claims = !form.claims,
                Some(Action::Private) if form.opponent != Opponent::Person => {
                    self.note(words::AI_NOT_PRIVATE);
                }
                Some(Action::Private) => form.private = !form.private,
                Some(Action::Confirm) => {
                    let mut form = *form;
                    // Only a table for two people is private.
                    form.private &= form.opponent == Opponent::Person;
                    self.form = None;
                    return Choice::Start(form);
                }
                Some(Action::No) => self.form = None,
                _ => self.note_keyed(Keyed::LobbyUnknownKey),
            }
            return Choice::Stay;
        }
        if let Some(club) = &self.club {
            if let Some(Action::Digit(d)) = action {
                return self.digit(Pick::Club, d, rows);
            }
            return match club.key(action) {
                Ok(choice) => Choice::Club(choice),
                Err(said) => {
                    self.note = Some(*said);
                    Choice::Stay
                }
            };
        }
        let rated = self.can_rate;
        let new_game = |opponent| NewGame {
            opponent,
            side: Player::Blue,
            ruleset: Ruleset::Standard,
            clock: None,
            claims: false,
            private: false,
            rated: rated && opponent == Opponent::Person,
            corr_days: None,
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
            Some(Action::HideFound) => Choice::HideFound { noted },
            Some(Action::Motd) => {
                match self.motd.clone() {
                    Some(motd) => {
                        // The note too: the line mode says it.
                        self.note(motd);
                        self.reading = true;
                    }
                    None => self.note(words::NO_MOTD),
                }
                Choice::Stay
            }
            Some(Action::Invitation) => {
                self.entry = Some((Entry::Code, String::new()));
                Choice::Stay
            }
            Some(Action::ClaimWin) => {
                self.claiming = true;
                self.note_keyed(Keyed::ClaimWhich);
                Choice::Stay
            }
            Some(Action::Palette) => {
                self.palette = self.palette.next();
                self.note(words::palette_chosen(self.palette.name()));
                Choice::Palette(self.palette)
            }
            Some(Action::Digit(n)) => self.digit(Pick::Table, n, rows),
            Some(Action::NextMove) => {
                if self.corr.iter().any(|g| g.my_move) {
                    Choice::NextMove
                } else {
                    self.note(club_words::NO_MOVE_DUE);
                    Choice::Stay
                }
            }
            Some(Action::Leaderboard) => Choice::Leaderboard,
            Some(Action::Profile) => Choice::OwnProfile,
            Some(Action::ViewProfile) => {
                self.entry = Some((Entry::Profile, String::new()));
                Choice::Stay
            }
            Some(Action::NextPage) => {
                if self.page + 1 < self.page_count(rows) {
                    self.page += 1;
                } else {
                    self.note(club_words::NO_SUCH_PAGE);
                }
                Choice::Stay
            }
            Some(Action::PreviousPage) => {
                if self.page > 0 {
                    self.page -= 1;
                } else {
                    self.note(club_words::NO_SUCH_PAGE);
                }
                Choice::Stay
            }
            Some(Action::LineMode) => Choice::LineMode,
            Some(Action::Ascii) => {
                self.ascii = !self.ascii;
                self.note(words::ascii_chosen(self.ascii));
                Choice::Ascii(self.ascii)
            }
            Some(Action::Notify) => {
                self.notify = !self.notify;
                self.note(words::notify_chosen(self.notify));
                Choice::Notify(self.notify)
            }
            _ => {
                self.note_keyed(Keyed::LobbyUnknownKey);
                Choice::Stay
            }
        }
    }

    /// The table listed with number `n` (its own number, on any page); says so when
    /// there is none.
    fn table(&mut self, n: usize, rows: &[Row]) -> Option<u32> {
        let found = rows.iter().find(|row| number(row.id) == n);
        if found.is_none() {
            if self.ended.iter().any(|&id| number(id) == n) {
                // Listed to watch a moment ago: it ended since, which `No table`
                // would not say.
                self.note(words::watched_ended(n));
            } else {
                self.note_keyed(Keyed::NotATable);
            }
        }
        found.map(|row| row.id)
    }

    /// Shows `view` over the lobby (`None`: back to the lobby).
    pub(crate) fn show_club(&mut self, view: Option<ClubView>) {
        self.club = view;
    }

    /// The lobby drawn over `rows`, for the player whose key is `key`.
    pub(crate) fn view<'a>(
        &'a self,
        rows: &'a [Row],
        key: &'a str,
        wording: Wording,
    ) -> LobbyView<'a> {
        LobbyView {
            lobby: self,
            rows,
            key,
            wording,
            news: false,
            note: true,
        }
    }
}

/// Row `y` of a drawing as text: a wide character (two columns) is read once, not
/// followed by the blank its second cell holds, so a name like `你好` reads whole.
pub(super) fn drawn_row(buf: &Buffer, y: u16) -> String {
    let mut row = String::new();
    let mut covered = 0;
    for x in 0..buf.area.width {
        let Some(cell) = buf.cell((x, y)) else {
            continue;
        };
        if covered > 0 {
            covered -= 1;
            continue;
        }
        let symbol = cell.symbol();
        covered = crate::text::width(symbol).saturating_sub(1);
        row.push_str(symbol);
    }
    row
}

/// The most tables a lobby lists on a page.
pub(crate) const LISTED: usize = 9;

/// How the lobby's lists fall into pages at its size ([`LobbyState::pages`]).
struct Pages {
    /// Where each page of the tables starts (the rows' indexes).
    starts: Vec<usize>,
    /// Where each page of the player's games starts, when they are on pages of their
    /// own (their lines' indexes; none when they are under the tables).
    mine: Vec<usize>,
    /// The lines under the tables that explain what their rows say
    /// ([`LobbyState::legend`]).
    legend: Vec<String>,
    /// Whether the blank row over the keys is kept, or given to the tables.
    gap: KeysGap,
}

/// The blank row between the lists and the keys under them ([`Pages::gap`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum KeysGap {
    /// Kept blank.
    Blank,
    /// Given to the tables: with it a page holds more of them, and the lobby has
    /// fewer pages.
    Given,
}

impl Pages {
    /// The pages in all: the tables' and the player's games'.
    fn count(&self) -> usize {
        self.starts.len() + self.mine.len()
    }
}

/// What a page of the lobby lists ([`LobbyState::shown`]).
enum Shown<'a> {
    /// These tables, and these lines of the player's games under them (`None`: the
    /// games are on pages of their own).
    Tables(&'a [Row], Option<std::ops::Range<usize>>),
    /// These lines of the player's games, on a page of their own.
    Mine(std::ops::Range<usize>),
}

/// What `row`'s line says of its state to the player of `key`: `open`,
/// `adjourned`, whose move it is at a correspondence game of the player's own (`your
/// move`, `their move`), nothing at a game in play they only may watch (live or by
/// correspondence: its terms say which).
fn row_state(row: &Row, key: &str) -> &'static str {
    match row.state {
        RowState::Open if row.code.is_some() => words::PRIVATE_OPEN,
        RowState::Open => words::OPEN,
        RowState::Playing => "",
        RowState::Away => words::AWAY,
        RowState::Adjourned => words::ADJOURNED,
        RowState::Over => words::OVER,
        RowState::Left => words::ABANDONED,
        RowState::Correspondence => match (row.corr, row.seat_of(key)) {
            (_, None) => "",
            (Some((_, Some(mover))), Some(seat)) if seat == mover => club_words::YOUR_MOVE,
            _ => club_words::THEIR_MOVE,
        },
    }
}

/// The widest state `row`'s line may say to anyone ([`row_state`]): the same for
/// every player, so a row takes as many lines in every lobby.
fn widest_state(row: &Row) -> &'static str {
    match row.state {
        // `their move` for `your move`, the wider.
        RowState::Correspondence => club_words::THEIR_MOVE,
        _ => row_state(row, ""),
    }
}

/// `row`'s terms in full: `corners, claims, rated, 7 days a move`, a live clock as
/// `5+3` drawn and in words said (`3+2` was said "3 plus 2" in the line mode).
fn terms_of(row: &Row, wording: Wording) -> String {
    let mut rules = words::rules(&row.ruleset.to_string(), row.claims);
    if row.rated {
        rules.push_str(club_words::RATED_SUFFIX);
    }
    if let Some((days, _)) = row.corr {
        rules.push_str(&club_words::days_suffix(days));
    }
    if let Some(clock) = row.clock {
        let minutes = match wording {
            Wording::Keys => clock.minutes_text(),
            Wording::Commands => line_words::clock_control(clock),
        };
        rules.push_str(&words::clock_suffix(&minutes));
    }
    rules
}

/// `row`'s terms said short ([`words::short_terms`]): `std claims rated 7d`.
fn short_terms_of(row: &Row) -> String {
    words::short_terms(
        &row.ruleset.to_string(),
        row.claims,
        row.rated,
        row.corr.map(|(days, _)| days),
        row.clock.map(TimeControl::minutes_text).as_deref(),
    )
}

/// The number a table is listed with: its own at the server, the same in every
/// player's lobby and in both faces (a player telling another `table 3` means one).
pub(crate) fn number(id: u32) -> usize {
    usize::try_from(id).unwrap_or(usize::MAX)
}

/// The columns of the widest table's number in `rows` (one at least): every row's
/// number is right-aligned to it ([`numbered`]).
fn number_width(rows: &[Row]) -> usize {
    rows.iter()
        .map(|row| number(row.id).to_string().len())
        .max()
        .unwrap_or(1)
}

/// `row`'s number as its lines write it, right-aligned to `digits` columns
/// ([`number_width`]).
fn numbered(row: &Row, digits: usize) -> words::Numbered {
    words::Numbered {
        number: number(row.id),
        width: digits,
    }
}

/// Whether `action` does something in the lobby listing `rows` on `pages` pages, for
/// its keys line: a number sits or watches where a table is listed, `]`/`[` turn
/// where there is more than one page; any other key, always. (`?` lists them all.)
fn lobby_key_does(action: Action, rows: &[Row], pages: usize) -> bool {
    match action {
        Action::Digit(_) => !rows.is_empty(),
        Action::NextPage | Action::PreviousPage => pages > 1,
        _ => true,
    }
}

/// The line mode's commands line for the lobby's hint line `hints`, naming only the
/// commands whose keys `does` keeps ([`lobby_key_does`]): `table N` (a number) and
/// `page, page back` (`]`, `[`). Any other line is said whole. (`help` lists them all.)
fn lobby_commands(hints: HintLine, does: &dyn Fn(Action) -> bool) -> String {
    match hints {
        HintLine::Lobby | HintLine::LobbyNumbered => {
            line_words::lobby_hints(does(Action::Digit(1)))
        }
        HintLine::LobbyClub | HintLine::LobbyClubFound => {
            line_words::lobby_club_hints(does(Action::NextPage) || does(Action::PreviousPage))
        }
        HintLine::LobbyForm => {
            line_words::lobby_form_hints(does(Action::Private), does(Action::Rated))
        }
        other => Keyed::Hints(other).words(Wording::Commands),
    }
}

/// The lobby's keys for `rows`: `1-9 sit/watch` while every table listed has one
/// digit, else `number sit/watch` (a table's number is its id, and grows past 9; a
/// number of two digits is typed, and its first digit waits for the next or Enter).
fn table_keys(rows: &[Row]) -> HintLine {
    if rows.iter().any(|r| number(r.id) > 9) {
        HintLine::LobbyNumbered
    } else {
        HintLine::Lobby
    }
}

/// The line of `key`'s unfinished games, by their tables' numbers (as the lobby
/// lists them), if they have any; it offers `w` only when one of them is against a
/// person who may be claimed against (not the server's AI, not one who left the game
/// for later or waits at the table: [`Row::claimable_for`]).
pub(crate) fn unfinished(rows: &[Row], key: &str) -> Option<Message> {
    let mine: Vec<&Row> = rows.iter().filter(|row| row.unfinished_for(key)).collect();
    let numbers: Vec<String> = mine.iter().map(|row| number(row.id).to_string()).collect();
    let claimable = mine.iter().any(|row| row.claimable_for(key));
    (!numbers.is_empty()).then(|| {
        Message::keyed(
            MessageKind::Info,
            Keyed::Unfinished(numbers.join(", "), claimable),
        )
    })
}

/// The invitation codes of `key`'s own open private correspondence tables, a line
/// each: nobody waits at such a table (its player is back in the lobby), so the lobby
/// tells its code, which is otherwise said only while waiting at a live table.
pub(crate) fn table_codes(rows: &[Row], key: &str) -> Vec<Message> {
    rows.iter()
        .filter(|row| row.state == RowState::Open && row.corr.is_some())
        .filter(|row| row.seat_of(key).is_some())
        .filter_map(|row| {
            let code = row.code.as_deref()?;
            let keyed = Keyed::TableCode(number(row.id), code.to_owned());
            Some(Message::keyed(MessageKind::Info, keyed))
        })
        .collect()
}

/// The lines of `key`'s history under the tables: their last finished game (said not
/// rated if it ended too soon), and their results against each opponent.
pub(crate) fn history_lines(history: &History, key: &str) -> Vec<Message> {
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
        let how = words::last_how(
            history.last_ending,
            outcome == words::WON,
            history.last_claimed,
        );
        lines.push(Keyed::LastGame(Box::new((
            last.seats[me.other().index()].display_name(),
            outcome,
            [last.totals[me.index()], last.totals[me.other().index()]],
            history.last_too_soon,
            how,
        ))));
    }
    if !history.tally.each.is_empty() {
        lines.push(Keyed::Tally(
            history.tally.each.clone(),
            history.tally.early,
        ));
    }
    lines
        .into_iter()
        .map(|keyed| Message::keyed(MessageKind::Info, keyed))
        .collect()
}

/// The lobby's line about the player's correspondence games: how many wait for
/// their move, the one with least time left first, or how many wait for their opponents. `news`: the
/// line as the line mode weighs it for news ([`LobbyView::weighed_for_news`]). On
/// the full screen the longest wording that fits `width` on one row (it wrapped
/// between `Tab opens` and `it` at 80 columns).
fn corr_line(games: &[CorrGame], wording: Wording, news: bool, width: u16) -> Option<String> {
    let due: Vec<&CorrGame> = games.iter().filter(|g| g.my_move).collect();
    match due.first() {
        // The line mode says a lobby line again whenever its weight changes: its
        // time left weighs by the warnings' bands (a day, an hour), not each hour,
        // and is said as the full screen shows it, in words.
        Some(first) if news => Some(line_words::corr_due(
            due.len(),
            &first.opponent,
            club_words::time_band(
                super::corr::WARNINGS
                    .iter()
                    .filter(|&&at| first.left < at)
                    .count(),
            ),
        )),
        Some(first) if wording == Wording::Keys => {
            let left = club_words::corr_time(first.left);
            let (count, opponent) = (due.len(), first.opponent.as_str());
            let mut wordings = vec![
                Keyed::CorrDue(count, opponent.to_owned(), first.left).words(wording),
                club_words::your_move_corr(count, opponent, &left),
                club_words::your_move_tab(count, opponent, &left),
            ];
            // The shortest says no count: only for one game, where it drops none (at
            // 44 columns it said 12 games were one).
            if count == 1 {
                wordings.push(club_words::your_move_tab_short(opponent, &left));
            }
            // Where none fits one row, the shortest wraps (never cut).
            let shortest = wordings.last().cloned().unwrap_or_default();
            let fits =
                crate::text::first_fitting(wordings.iter().map(String::as_str), usize::from(width));
            Some(fits.map_or(shortest, str::to_owned))
        }
        Some(first) => {
            Some(Keyed::CorrDue(due.len(), first.opponent.clone(), first.left).words(wording))
        }
        None if !games.is_empty() => Some(club_words::their_moves(games.len())),
        None => None,
    }
}

/// The lobby on screen.
pub(crate) struct LobbyView<'a> {
    lobby: &'a LobbyState,
    rows: &'a [Row],
    key: &'a str,
    /// Keys for the full screen, commands for the line mode.
    wording: Wording,
    /// The lines as the line mode weighs them for news ([`LobbyView::weighed_for_news`]).
    news: bool,
    /// Whether the note is shown ([`LobbyView::without_note`]).
    note: bool,
}

impl Widget for &LobbyView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.render_foot(area, buf);
    }
}

impl LobbyView<'_> {
    /// Draws the lobby in `area` of `buf`: where its foot went (the keys' hint lines,
    /// the note, a waiting table's line), in which a click on `? help` opens the help
    /// ([`crate::ui::Lobby::status_area`]).
    pub(crate) fn render_foot(&self, area: Rect, buf: &mut Buffer) -> Option<Rect> {
        if let Some(motd) = self.lobby.motd.as_deref().filter(|_| self.lobby.reading) {
            self.render_motd(motd, area, buf);
            return None;
        }
        let foot = if self.lobby.club.is_some() {
            self.render_club(area, buf)
        } else {
            let (lists, mut tail) = self.parts(area.width);
            // Each part wrapped once a frame (it was up to five times, the lobby's
            // costliest work at every frame of a busy server).
            let wrapped = |lines: &[Line<'_>]| {
                #[cfg(test)]
                frame_work::count(|w| w.wrapped += 1);
                let rows = Paragraph::new(lines.to_vec())
                    .wrap(Wrap { trim: false })
                    .line_count(area.width);
                u16::try_from(rows).unwrap_or(u16::MAX)
            };
            let lists_rows = wrapped(&lists);
            let mut tail_rows = wrapped(&tail);
            // Short of a row: the blank over the keys gives way before a table does
            // (at 30x12 a page's one table, its keys and a note fit only so).
            if lists_rows.saturating_add(tail_rows) > area.height
                && tail.first().is_some_and(|l| l.width() == 0)
            {
                tail.remove(0);
                tail_rows = wrapped(&tail);
            }
            let tail_rows = tail_rows.min(area.height);
            if lists_rows.saturating_add(tail_rows) <= area.height {
                let top = area.y.saturating_add(lists_rows);
                Paragraph::new([lists, tail].concat())
                    .wrap(Wrap { trim: false })
                    .render(area, buf);
                Some(Rect::new(area.x, top, area.width, tail_rows))
            } else {
                // Too little room: the keys, the note and a waiting table's line stay
                // whole at the foot, and the lists above them are cut.
                let [top, foot] =
                    Layout::vertical([Constraint::Fill(1), Constraint::Length(tail_rows)])
                        .areas(area);
                // The last line of the cut lists says they were cut, so a heading
                // with nothing under it does not read as an empty list.
                let [lists_area, cue_area] = if top.height >= 2 {
                    Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(top)
                } else {
                    [top, Rect::default()]
                };
                Paragraph::new(lists)
                    .wrap(Wrap { trim: false })
                    .render(lists_area, buf);
                let cue = crate::text::fit(words::LISTS_CUT, usize::from(cue_area.width));
                Line::from(cue.into_owned())
                    .style(Style::default().add_modifier(Modifier::DIM))
                    .render(cue_area, buf);
                Paragraph::new(tail)
                    .wrap(Wrap { trim: false })
                    .render(foot, buf);
                Some(foot)
            }
        };
        // The help, over whichever screen it lists the keys of.
        if let Some(help) = self.lobby.help_view() {
            (&help).render(area, buf);
        }
        foot
    }
}

impl<'a> LobbyView<'a> {
    /// The message of the day whole (`m`), in place of the lobby until a key: its
    /// title, the message wrapped by display width, how to go back at the foot. (A
    /// message of control characters, each shown `\u{1b}`, may be taller than a
    /// small screen: cut, its last row ending with `…`.)
    fn render_motd(&self, motd: &str, area: Rect, buf: &mut Buffer) {
        let bold = if self.lobby.palette.has_colour() {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        };
        let width = usize::from(area.width);
        let height = usize::from(area.height);
        // The title and a blank over it, the way back under it.
        let rows = motd_rows(motd, width, height.saturating_sub(3).max(1));
        let mut lines = vec![
            Line::styled(
                crate::text::fit(words::MOTD_TITLE, width).into_owned(),
                bold,
            ),
            Line::raw(""),
        ];
        lines.extend(rows.into_iter().map(Line::raw));
        lines.truncate(height.saturating_sub(1));
        Paragraph::new(lines).render(area, buf);
        if area.height > 0 {
            let foot = Rect::new(area.x, area.bottom() - 1, area.width, 1);
            Line::raw(crate::text::fit(words::MOTD_CLOSE, width).into_owned()).render(foot, buf);
        }
    }

    /// The club's screen (the leaderboard, a profile), when one is open: where its
    /// foot went.
    fn render_club(&self, area: Rect, buf: &mut Buffer) -> Option<Rect> {
        let club = self.lobby.club.as_ref()?;
        let typed = self.lobby.number.as_ref().map(|(_, t)| t.as_str());
        let note = self.note().map(|n| self.said(n));
        let widget = ClubWidget {
            view: club,
            colour: self.lobby.palette.has_colour(),
            typed,
            note: note.as_deref(),
            wording: self.wording,
        };
        Some(widget.render_foot(area, buf))
    }

    /// A line said, in this view's wording.
    fn said(&self, message: &Message) -> String {
        match self.wording {
            Wording::Keys => message.text.clone(),
            Wording::Commands => message.line_words().into_owned(),
        }
    }

    /// A hint line, in this view's wording, in rows `width` columns wide
    /// ([`super::standings::hint_lines`]).
    fn hints(&self, hints: HintLine, width: u16) -> Vec<Line<'a>> {
        super::standings::hint_lines(hints, self.wording, width)
    }

    /// [`LobbyView::hints`] naming only the keys `does` keeps: on the screen
    /// ([`keymap::hint_rows_doing`]) and in the line mode's commands line
    /// ([`lobby_commands`]), by the same predicate.
    fn hints_doing(
        &self,
        hints: HintLine,
        width: u16,
        does: &dyn Fn(Action) -> bool,
    ) -> Vec<Line<'a>> {
        match self.wording {
            Wording::Keys => keymap::hint_rows_doing(hints, usize::from(width), does)
                .into_iter()
                .map(Line::raw)
                .collect(),
            Wording::Commands => vec![Line::raw(lobby_commands(hints, does))],
        }
    }

    /// The lobby's lines, as drawn `width` columns wide (the line mode: the club's
    /// screen read off a drawing of it, row by row).
    pub(crate) fn lines(&self, width: u16) -> Vec<Line<'a>> {
        let (lists, tail) = self.parts(width);
        [lists, tail].concat()
    }

    /// The view whose [`LobbyView::lines`] are the lobby's lines one for one as the line
    /// mode weighs them for news: a line is said again only when this changed. Another
    /// player's table is news when it opens, when a seat at it is freed or taken while
    /// it is open, and when its game begins (its number, rules, and at an open table
    /// its names and state); its move count, its watchers and how its game stands (a
    /// player away or gone, adjourned, over) are not, and `list` reads them. The
    /// player's own tables are news at any change.
    pub(crate) fn weighed_for_news(self) -> LobbyView<'a> {
        LobbyView { news: true, ..self }
    }

    /// The view without the note: the lobby as the line mode's `list` reads it. The
    /// note answered an earlier key and was said then; a `list` read later did not
    /// cause it (QA s13: `list` said `No such table` again after the number typed).
    pub(crate) fn without_note(self) -> LobbyView<'a> {
        LobbyView {
            note: false,
            ..self
        }
    }

    /// The note, as this view shows it.
    fn note(&self) -> Option<&'a Message> {
        self.lobby.note.as_ref().filter(|_| self.note)
    }

    /// The lobby's lines `width` columns wide in two parts: the lists (the title, the
    /// tables, the player's games), and what answers the player, which a short screen
    /// keeps whole (the form, a waiting table, a line or number typed, the keys, the
    /// note).
    fn parts(&self, width: u16) -> (Vec<Line<'a>>, Vec<Line<'a>>) {
        let bold = if self.lobby.palette.has_colour() {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        };
        if let Some(club) = &self.lobby.club
            && self.wording == Wording::Commands
        {
            // Said, not drawn: the columns in words, a row a sentence.
            let typed = self.lobby.number.as_ref().map(|(_, t)| t.as_str());
            let note = self.note().map(|n| self.said(n));
            let widget = ClubWidget {
                view: club,
                colour: false,
                typed,
                note: note.as_deref(),
                wording: self.wording,
            };
            return (
                widget.said().into_iter().map(Line::raw).collect(),
                Vec::new(),
            );
        }
        if self.lobby.club.is_some() {
            // Wide enough for the club's columns, small enough to draw at each change.
            let area = Rect::new(0, 0, width.min(120), 40);
            let mut buf = Buffer::empty(area);
            self.render_club(area, &mut buf);
            let lines = (0..area.height)
                .map(|y| Line::raw(drawn_row(&buf, y).trim_end().to_owned()))
                .collect();
            return (lines, Vec::new());
        }
        let you = match self.wording {
            // Said: no `·`, and `provisional` for the `?` after a rating.
            Wording::Commands => {
                let ratings: Vec<(String, i64, bool)> = self
                    .lobby
                    .ratings
                    .iter()
                    .map(|(board, shown)| (board_name(*board), shown.whole, shown.provisional))
                    .collect();
                vec![line_words::you(&safe_text(&self.lobby.name), &ratings)]
            }
            Wording::Keys => self.lobby.you_rows(),
        };
        // The club's name on the title's one line, cut with `…` on a narrow screen.
        let title = match &self.lobby.club_name {
            Some(club) => {
                let title = words::club_title(club);
                crate::text::fit(&title, usize::from(width)).into_owned()
            }
            None => words::TITLE.to_owned(),
        };
        let mut lines = vec![Line::styled(title, bold)];
        lines.extend(you.into_iter().map(Line::raw));
        if let Some(line) = corr_line(&self.lobby.corr, self.wording, self.news, width) {
            lines.push(Line::styled(line, bold));
        }
        let laid_out = self.lobby.pages(self.rows);
        let (page, shown) = self.lobby.shown(self.rows, &laid_out);
        let pages = laid_out.count();
        let (shown, mine) = match shown {
            Shown::Tables(tables, mine) => (Some(tables), mine),
            Shown::Mine(mine) => (None, Some(mine)),
        };
        if shown.is_some() {
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                if pages > 1 {
                    Keyed::TablesPage(page, pages).words(self.wording)
                } else {
                    words::TABLES.to_owned()
                },
                bold,
            ));
        }
        if self.rows.is_empty() && shown.is_some() {
            lines.push(Line::raw(Keyed::NoTables.words(self.wording)));
        }
        // The numbers right-aligned to the widest listed, on every page.
        let digits = number_width(self.rows);
        for row in shown.unwrap_or_default() {
            // A row listed to watch, and one of the player's own correspondence games,
            // says whose move and the time left, now; weighed for news, an own game's
            // row without its time (the time alone changing is no news to say again).
            let watched = if self.news {
                self.lobby.watched_state_in(row, self.wording)
            } else {
                self.lobby.timed_state_in(row, self.wording)
            };
            let state = watched.as_deref().unwrap_or(row_state(row, self.key));
            let rules = terms_of(row, self.wording);
            // The same terms said short, for a row short of room (44 columns).
            let short = short_terms_of(row);
            if self.news && row.seat_of(self.key).is_none() {
                // Who sits where at an open table; at a table in play, only that it
                // is one (a seat freed there, by a player who left, is no seat to take).
                // Said, not shown: the seats in words, not `v` and `-`.
                let line = if row.state == RowState::Open {
                    let players = line_words::table_players([&row.names[0], &row.names[1]]);
                    format!("{}  {players}  {rules}  {state}", number(row.id))
                } else {
                    format!("{}  {rules}", number(row.id))
                };
                lines.push(Line::raw(line));
                continue;
            }
            // The line mode's lines are said: the seats in words, not `v` and `-`.
            if self.wording == Wording::Commands {
                lines.push(Line::raw(line_words::table_line(
                    number(row.id),
                    [&row.names[0], &row.names[1]],
                    &rules,
                    row.moves,
                    row.spectators,
                    state,
                )));
                continue;
            }
            if let Some(state) = &watched {
                let drawn = self.lobby.watched_lines(row, state, digits);
                lines.extend(drawn.into_iter().map(Line::raw));
                continue;
            }
            // A row that one line would cut a name of: on two, whole, its terms as
            // the other rows at this width say them.
            if self.lobby.row_lines(row, digits) == 2 {
                let full = usize::from(width) >= words::FULL_TERMS_COLUMNS;
                let two = words::table_lines(
                    numbered(row, digits),
                    [&row.names[0], &row.names[1]],
                    state,
                    (if full { rules.as_str() } else { short.as_str() }, full),
                    (row.moves, row.spectators),
                    usize::from(width),
                );
                lines.extend(two.into_iter().map(Line::raw));
                continue;
            }
            // One line a table, cut to the width.
            let line = words::table_line(
                numbered(row, digits),
                [&row.names[0], &row.names[1]],
                &rules,
                (usize::from(width) < words::FULL_TERMS_COLUMNS).then_some(short.as_str()),
                row.moves,
                row.spectators,
                state,
                usize::from(width),
            );
            lines.push(Line::raw(
                crate::text::fit(&line, usize::from(width)).into_owned(),
            ));
        }
        // What the rows said short mean, and each live clock's `5+3` at every width
        // (`pages` keeps their rows).
        if self.wording == Wording::Keys && !self.news && shown.is_some() {
            lines.extend(laid_out.legend.into_iter().map(Line::raw));
        }
        let apart = shown.is_none();
        if let Some(mine) = mine.and_then(|at| self.lobby.mine.get(at))
            && !mine.is_empty()
        {
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                if apart {
                    // On pages of their own: where they are, as the tables say it.
                    Keyed::YourGamesPage(page, pages).words(self.wording)
                } else {
                    words::YOUR_GAMES.to_owned()
                },
                bold,
            ));
            lines.extend(mine.iter().map(|l| Line::raw(self.said(l))));
        }
        let lists = lines;
        // A page of the player's games alone keeps it: their pages are sized with it.
        let mut lines = match (laid_out.gap, apart) {
            (KeysGap::Given, false) => Vec::new(),
            _ => vec![Line::raw("")],
        };
        // The message of the day's rows, cut to the room it has ([`motd_rows`]).
        let mut welcome: Option<Vec<String>> = None;
        if let Some(waiting) = self.lobby.waiting {
            let row = self.rows.iter().find(|r| r.id == waiting.id());
            let number = number(waiting.id());
            if matches!(waiting, Waiting::Return(_)) {
                lines.push(Line::raw(words::adjourned_to_wait(number)));
                lines.extend(self.hints(HintLine::LobbyAdjourned, width));
            } else {
                lines.push(Line::raw(words::waiting(number)));
                // The code, to the player seated there only.
                if let Some(code) = row
                    .filter(|r| r.seat_of(self.key).is_some())
                    .and_then(|r| r.code.as_deref())
                {
                    let invitation = Keyed::Invitation(code.to_owned());
                    lines.push(Line::styled(invitation.words(self.wording), bold));
                }
                lines.extend(self.hints(HintLine::LobbyWaiting, width));
            }
        } else if let Some((entry, typed)) = &self.lobby.entry {
            let what = match entry {
                Entry::Find => words::FIND,
                Entry::Code => words::CODE,
                Entry::Profile => club_words::WHOSE_PROFILE,
            };
            let typed = safe_text(typed);
            let entry = Keyed::Entry(what, typed.clone()).words(self.wording);
            if self.wording == Wording::Keys && crate::text::width(&entry) > usize::from(width) {
                // Too wide for one row: the keys on rows of their own, each key with
                // its word (`Esc: cancel`, never `Esc:` at a row's end).
                lines.push(Line::raw(words::entry_typed(what, &typed)));
                lines.extend(self.hints(HintLine::LobbyEntry, width));
            } else {
                lines.push(Line::raw(entry));
            }
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
            let pace = match form.corr_days {
                Some(days) => Some(club_words::days_a_move(days)),
                // In words in the line mode: `5+3` was said "5 plus 3".
                None => form.clock.map(|c| match self.wording {
                    Wording::Keys => c.minutes_text(),
                    Wording::Commands => crate::strings::line::clock_control(c),
                }),
            };
            let mut text = words::form(
                &opponent,
                &form.side.to_string(),
                &form.ruleset.to_string(),
                claims,
                private,
                pace.as_deref(),
                form.corr_days.is_some(),
            );
            text.push_str(if form.rated {
                club_words::RATED_SUFFIX
            } else {
                club_words::CASUAL_SUFFIX
            });
            // Each on lines of its own that fit 80 columns, broken between its
            // phrases where narrower (`you play Blue` whole: at 44 columns `Blue` stood
            // alone on a row); said, each a sentence with its capital.
            for line in text.lines() {
                match self.wording {
                    Wording::Keys => {
                        let rows = phrase_rows(line, usize::from(width));
                        lines.extend(rows.into_iter().map(Line::raw));
                    }
                    Wording::Commands => lines.push(Line::raw(line_words::capitalised(line))),
                }
            }
            // Only the keys that act on this form: `p` and `r` only said no against
            // the AI (and `r` for a guest).
            let person = form.opponent == Opponent::Person;
            let can_rate = self.lobby.can_rate;
            let does = |action: Action| match action {
                Action::Private => person,
                Action::Rated => person && can_rate,
                _ => true,
            };
            lines.extend(self.hints_doing(HintLine::LobbyForm, width, &does));
            lines.extend(self.hints(HintLine::LobbyFormEnd, width));
        } else if let Some((_, typed)) = &self.lobby.number {
            lines.push(Line::raw(match self.wording {
                Wording::Keys => club_words::typed_number(typed),
                Wording::Commands => line_words::typed_number(typed),
            }));
            lines.extend(self.hints(HintLine::LobbyNumber, width));
        } else {
            // Only the keys that act here: no `1-9 sit/watch` without a table, no
            // `]/[ pages` on one page. (Pages are sized for the whole lines,
            // [`LobbyState::keys_wrapped`], so they stay as tables come and go.)
            let does = |action: Action| lobby_key_does(action, self.rows, pages);
            let mut keys = self.hints_doing(table_keys(self.rows), width, &does);
            keys.extend(self.hints_doing(self.lobby.club_keys(), width, &does));
            // A note wider than its row takes the keys' rows before their last (`?
            // all keys` stays), as the pages are sized ([`LobbyState::fixed_rows`]),
            // where the screen has no blank rows for it: any key clears it.
            // The message of the day stays under all the keys; the lists above give
            // way while it is shown, to half the screen at most (the title, the
            // first tables stay), and a message taller than the rows left is cut,
            // `m` showing it whole ([`LobbyView::render_motd`]).
            if self.wording == Wording::Keys
                && let Some(note) = self.note()
            {
                if self.lobby.welcoming() {
                    let height = usize::from(self.lobby.height);
                    let lists_rows = Paragraph::new(lists.clone())
                        .wrap(Wrap { trim: false })
                        .line_count(width.max(1));
                    let kept = lists_rows.min(height / 2);
                    // The blank over the keys, the keys.
                    let left = height
                        .saturating_sub(kept + lines.len() + keys.len())
                        .max(1);
                    welcome = Some(motd_rows(&note.text, usize::from(width), left));
                } else {
                    let rows = Paragraph::new(self.said(note))
                        .wrap(Wrap { trim: false })
                        .line_count(width.max(1));
                    // Only where the screen has no room for all (qa36: at 80x24 a
                    // vacation note of two rows took the `n new table` row over seven
                    // blank ones).
                    let lists_rows = Paragraph::new(lists.clone())
                        .wrap(Wrap { trim: false })
                        .line_count(width.max(1));
                    let all = lists_rows + lines.len() + keys.len() + rows;
                    if all > usize::from(self.lobby.height) {
                        let last = keys.len().saturating_sub(1);
                        keys.drain(last.saturating_sub(rows.saturating_sub(1))..last);
                    }
                }
            }
            lines.extend(keys);
        }
        if let Some(rows) = welcome {
            lines.extend(rows.into_iter().map(Line::raw));
        } else if let Some(note) = self.note().filter(|n| !self.told_above(n)) {
            lines.push(Line::raw(self.said(note)));
        }
        (lists, lines)
    }

    /// In the line mode, whether `note` tells what the correspondence line above it
    /// tells already: a game come to this player's move, the one that line names. The
    /// line mode says each line that changed, and both came with the same news.
    fn told_above(&self, note: &Message) -> bool {
        self.wording == Wording::Commands
            && matches!(&note.keyed, Some(Keyed::CorrMoved(opponent))
                if self.lobby.corr.iter().find(|g| g.my_move)
                    .is_some_and(|g| g.opponent == *opponent))
    }
}

/// The message of the day in rows `width` columns wide, at most `room` of them: whole
/// if it fits, else its first rows with the last ending in [`words::MOTD_MORE`] (or
/// `…` alone where that does not fit a row).
fn motd_rows(motd: &str, width: usize, room: usize) -> Vec<String> {
    let mut rows = crate::text::wrap(motd, width);
    if rows.len() <= room {
        return rows;
    }
    rows.truncate(room.max(1));
    let more = if crate::text::width(words::MOTD_MORE) < width {
        words::MOTD_MORE
    } else {
        "…"
    };
    if let Some(last) = rows.last_mut() {
        let room = width.saturating_sub(crate::text::width(more) + 1);
        let kept = crate::text::fit(last.trim_end(), room).into_owned();
        // `fit` ends a cut row with its own `…`: one is enough.
        let kept = kept.trim_end_matches('…').trim_end().to_owned();
        *last = if kept.is_empty() {
            crate::text::fit(more, width).into_owned()
        } else {
            format!("{kept} {more}")
        };
    }
    rows
}

/// `line`, phrases joined by `, `, in rows at most `width` columns wide broken after
/// a phrase's comma only, each phrase whole on a row where it fits one
/// ([`crate::text::wrap`], its spaces made [`crate::text::NO_BREAK`]; a phrase wider
/// than a row is broken between its words), and as even as the fewest rows allow:
/// the narrowest width, down to the widest whole phrase, that takes no more rows, so
/// that a last phrase does not stand alone (`rated` under `standard rules, no
/// claims, listed, no clock,` at 44).
fn phrase_rows(line: &str, width: usize) -> Vec<String> {
    // Room for the comma after it.
    let whole = |phrase: &str| {
        if crate::text::fits(phrase, width.saturating_sub(1)) {
            phrase.replace(' ', &crate::text::NO_BREAK.to_string())
        } else {
            phrase.to_owned()
        }
    };
    let kept = line.split(", ").map(whole).collect::<Vec<_>>().join(", ");
    let widest = kept.split(' ').map(crate::text::width).max().unwrap_or(0);
    let mut rows = crate::text::wrap(&kept, width);
    for narrower in (widest.max(1)..width).rev() {
        let fewer = crate::text::wrap(&kept, narrower);
        if fewer.len() > rows.len() {
            break;
        }
        rows = fewer;
    }
    rows
}

/// The lobby's work at a frame, counted on the drawing thread for the tests: how
/// often the rows around the lists were worked out ([`LobbyState::fixed_rows`]) and
/// how often the lists were wrapped to count their rows ([`LobbyView::render_foot`]).
/// Each a frame repeated was paid at every lobby's frame of a busy server.
#[cfg(test)]
pub(crate) mod frame_work {
    use std::cell::Cell;

    /// The work counted since the last [`take`].
    #[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
    pub(crate) struct Work {
        /// The rows around the lists worked out.
        pub(crate) fixed_rows: usize,
        /// A part of the lobby (its lists, its foot) wrapped to count its rows.
        pub(crate) wrapped: usize,
    }

    thread_local! {
        static WORK: Cell<Work> = const { Cell::new(Work { fixed_rows: 0, wrapped: 0 }) };
    }

    /// Counts work on this thread.
    pub(crate) fn count(add: impl FnOnce(&mut Work)) {
        WORK.with(|work| {
            let mut now = work.get();
            add(&mut now);
            work.set(now);
        });
    }

    /// The work counted on this thread since the last call.
    pub(crate) fn take() -> Work {
        WORK.with(|work| work.replace(Work::default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::club::Speed;
    use crate::server::hall::Hall;
    use crate::server::listing::seen_by;
    use crate::server::who::Who;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    /// A table's row in play, for the tests to change only what they are about:
    /// table `id`, seats `names` (`-` a free seat), each named seat keyed `k` and its
    /// name; a standard live game, no moves, nobody watching or away, no claim,
    /// code, rating, days a move or clock.
    fn table_row(id: u32, names: [&str; 2]) -> Row {
        Row {
            id,
            names: names.map(str::to_owned),
            keys: names.map(|n| (n != words::EMPTY_SEAT).then(|| format!("k{n}"))),
            ruleset: Ruleset::Standard,
            claims: false,
            moves: 0,
            spectators: 0,
            state: RowState::Playing,
            away: [false, false],
            claim: [false, false],
            code: None,
            rated: false,
            corr: None,
            clock: None,
        }
    }

    /// A rated correspondence game of corners with claims, 7 days a move, 12 moves
    /// in, Blue to move ([`table_row`] otherwise).
    fn corners_corr_row(id: u32, names: [&str; 2]) -> Row {
        Row {
            ruleset: Ruleset::Corners,
            claims: true,
            moves: 12,
            state: RowState::Correspondence,
            rated: true,
            corr: Some((7, Some(Player::Blue))),
            ..table_row(id, names)
        }
    }

    /// The lobby drawn at 80×24 for `key`, as text.
    fn drawn(lobby: &LobbyState, rows: &[Row], key: &str) -> String {
        let area = Rect::new(0, 0, 80, 24);
        let mut buf = Buffer::empty(area);
        (&lobby.view(rows, key, Wording::Keys)).render(area, &mut buf);
        buf.content().iter().map(|c| c.symbol()).collect()
    }

    /// The lobby as the line mode says it at 400 columns, a line each.
    fn said(view: LobbyView<'_>) -> Vec<String> {
        view.lines(400).iter().map(ToString::to_string).collect()
    }

    /// A player's ratings on the lobby's first line: `(board, whole, provisional)`.
    fn your_ratings(ratings: &[(Ruleset, Speed, i64, bool)]) -> Vec<(Board, RatingShown)> {
        ratings
            .iter()
            .map(|&(ruleset, speed, whole, provisional)| {
                (
                    Board::new(ruleset, speed),
                    RatingShown { whole, provisional },
                )
            })
            .collect()
    }

    /// QA (serveqa4): at 30 columns the `you: … rating` line wrapped, its rating cut
    /// with no `…`: under the served minimum it is one line, the boards short, cut
    /// with `…`.
    #[test]
    fn the_you_line_is_one_line_cut_with_an_ellipsis() {
        let mut lobby = LobbyState::new("Zoë", Palette::Default);
        lobby.ratings = your_ratings(&[
            (Ruleset::Standard, Speed::Live, 1523, false),
            (Ruleset::Corners, Speed::Live, 1488, false),
            (Ruleset::Standard, Speed::Correspondence, 1502, false),
        ]);
        lobby.resized(30, 24);
        let lines = drawn_at(&lobby, 30, 24);
        assert_eq!(
            lines[1].trim_end(),
            "you: Zoë  std live 1523 · cnr…",
            "{lines:#?}"
        );
        assert_eq!(lines[2].trim(), "", "{lines:#?}");
    }

    /// QA s34 (qa36): at 44x16 the `you:` line read `you: alice  standard live 1258?
    /// · standard …`, the correspondence rating cut off. Every rating is shown, with
    /// its `?`: on the name's row where they fit (the boards short at 44 columns:
    /// `std live`, `std corr`), else on rows of their own under the name, broken
    /// between ratings; the tables under them move down, none cut. Fails on the old
    /// code (the `…`). Cost: twelve drawings, a few ms.
    #[test]
    fn the_you_line_shows_every_rating_at_44x16_and_80x24() {
        let two = your_ratings(&[
            (Ruleset::Standard, Speed::Live, 1258, true),
            (Ruleset::Standard, Speed::Correspondence, 1610, true),
        ]);
        let four = your_ratings(&[
            (Ruleset::Standard, Speed::Live, 1258, true),
            (Ruleset::Corners, Speed::Live, 1523, false),
            (Ruleset::Standard, Speed::Correspondence, 1610, true),
            (Ruleset::Corners, Speed::Correspondence, 1500, true),
        ]);
        let rows = playing(1..=7);
        // A name, its ratings, the screen, and the `you:` rows expected.
        type Case<'a> = (
            &'a str,
            &'a [(Board, RatingShown)],
            (u16, u16),
            &'a [&'a str],
        );
        let cases: [Case; 6] = [
            (
                "alice",
                &two,
                (44, 16),
                &["you: alice  std live 1258? · std corr 1610?"],
            ),
            (
                "Zoe-Winterbourne",
                &two,
                (44, 16),
                &["you: Zoe-Winterbourne", "std live 1258? · std corr 1610?"],
            ),
            (
                "Zoe-Winterbourne",
                &four,
                (44, 16),
                &[
                    "you: Zoe-Winterbourne",
                    "std live 1258? · cnr live 1523",
                    "std corr 1610? · cnr corr 1500?",
                ],
            ),
            (
                "alice",
                &two,
                (80, 24),
                &["you: alice  standard live 1258? · standard correspondence 1610?"],
            ),
            (
                "alice",
                &four,
                (80, 24),
                &["you: alice  std live 1258? · cnr live 1523 · std corr 1610? · cnr corr 1500?"],
            ),
            (
                "Zoe-Winterbourne",
                &four,
                (80, 24),
                &[
                    "you: Zoe-Winterbourne",
                    "std live 1258? · cnr live 1523 · std corr 1610? · cnr corr 1500?",
                ],
            ),
        ];
        for (name, ratings, (width, height), you) in cases {
            let mut lobby = LobbyState::new(name, Palette::Default);
            lobby.ratings = ratings.to_vec();
            lobby.resized(width, height);
            let shown = drawn_at_with(&lobby, &rows, width, height);
            let reads = shown.join("\n");
            let at = shown.iter().map(|l| l.trim_end()).collect::<Vec<_>>();
            assert_eq!(&at[1..=you.len()], you, "{width}x{height}:\n{reads}");
            assert!(!reads.contains('…'), "{width}x{height}:\n{reads}");
            // Every table of the pages once, and the keys on every page.
            every_page_shows_every_table_once(&mut lobby, &rows);
            if name == "Zoe-Winterbourne" && ratings.len() == 4 {
                insta::assert_snapshot!(format!("lobby_you_ratings_{width}x{height}"), reads);
            }
        }
    }

    fn drawn_at(lobby: &LobbyState, width: u16, height: u16) -> Vec<String> {
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        (&lobby.view(&[], "k", Wording::Keys)).render(area, &mut buf);
        (0..height).map(|y| drawn_row(&buf, y)).collect()
    }

    /// QA s28 (club28's list): a guest's `?` over the lobby said the ASCII board, the
    /// notifications and the line mode are `kept for your key`: a guest has no key, and
    /// nothing is kept. It says so as the line mode's help does; a keyed player's help
    /// is as before. Cost: two drawings, < 10 ms.
    #[test]
    fn a_guest_s_lobby_help_promises_nothing_kept_for_a_key() {
        let rows = [];
        let words = |guest: bool| {
            let mut lobby = LobbyState::new("Bob", Palette::Default);
            if guest {
                lobby.as_guest();
            }
            lobby.resized(80, 24);
            assert_eq!(lobby.key(key(KeyCode::Char('?')), &rows), Choice::Stay);
            // The box's sides and the wrapping are left out: the words in order.
            drawn_at(&lobby, 80, 24)
                .join(" ")
                .split_whitespace()
                .filter(|word| !word.chars().all(|c| "│─┌┐└┘".contains(c)))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let kept = crate::strings::serve::KEPT_FOR_KEY;
        let keyed = words(false);
        assert_eq!(keyed.matches(kept).count(), 3, "{keyed}");
        let guest = words(true);
        assert!(!guest.contains(kept), "{guest}");
        assert_eq!(
            guest.matches(crate::strings::serve::KEPT_FOR_VISIT).count(),
            3,
            "{guest}"
        );
    }

    /// QA: the lobby had no `?`; its unknown-key line pointed at a hint line that
    /// leaves out A, N, L, w and Tab. The help lists every row of the lobby's keys,
    /// scrolls where it does not fit, and Esc, `?` and q close it (q does not leave).
    #[test]
    fn question_mark_shows_every_lobby_key_and_scrolls_on_a_small_screen() {
        let rows = [];
        let mut lobby = LobbyState::new("Bob", Palette::Default);
        lobby.resized(80, 24);
        lobby.key(key(KeyCode::Char('x')), &rows);
        assert!(drawn(&lobby, &rows, "k").contains("Unknown key: press ? for help"));
        assert_eq!(lobby.key(key(KeyCode::Char('?')), &rows), Choice::Stay);
        let shown = drawn_at(&lobby, 80, 24).join("\n");
        for (keys, _) in keymap::help_rows(KeyContext::Lobby) {
            assert!(shown.contains(&format!("{keys}  ")), "{keys} in\n{shown}");
        }
        insta::assert_snapshot!("lobby_help_80x24", shown);
        // It shows whole: its foot offers no scrolling.
        assert!(!shown.contains("PgDn scroll"), "{shown}");
        for close in [KeyCode::Esc, KeyCode::Char('?'), KeyCode::Char('q')] {
            assert_eq!(lobby.key(key(close), &rows), Choice::Stay, "{close:?}");
            assert!(
                !drawn(&lobby, &rows, "k").contains("Ctrl-c"),
                "{close:?} closes"
            );
            lobby.key(key(KeyCode::Char('?')), &rows);
        }
        // The form's and the club's own keys, the same way.
        lobby.key(key(KeyCode::Esc), &rows);
        lobby.key(key(KeyCode::Char('n')), &rows);
        lobby.key(key(KeyCode::Char('?')), &rows);
        let help = drawn(&lobby, &rows, "k");
        assert!(help.contains("o, s, v, k, t"), "{help}");
        for row in ["private: joined by a code", "rated or casual"] {
            assert!(help.contains(row), "{row}: {help}");
        }
        lobby.key(key(KeyCode::Esc), &rows);
        lobby.key(key(KeyCode::Esc), &rows);
        // Small: the rows scroll into view, each line within the screen.
        lobby.resized(40, 12);
        lobby.key(key(KeyCode::Char('?')), &rows);
        let mut seen = String::new();
        for _ in 0..60 {
            let lines = drawn_at(&lobby, 40, 12);
            assert!(lines.iter().all(|l| crate::text::width(l) <= 40));
            assert!(
                lines[11].contains(crate::strings::screen::CLOSE_HELP_SCROLLING),
                "{lines:#?}"
            );
            assert!(lines[11].contains("scroll"), "it scrolls: {lines:#?}");
            seen.push_str(&lines.join("\n"));
            lobby.key(key(KeyCode::Down), &rows);
        }
        for (keys, _) in keymap::help_rows(KeyContext::Lobby) {
            assert!(seen.contains(keys), "{keys} scrolled into view");
        }
        // QA (serveqa4): the lobby's help said "Esc ? q close" where the game's says
        // "other keys close"; any key but scrolling closes both.
        lobby.key(key(KeyCode::Char('x')), &rows);
        assert_ne!(lobby.context(), KeyContext::LobbyHelp, "x closes the help");
        assert!(seen.contains("the leaderboards"), "{seen}");
        // Tiny sizes draw without a panic.
        for (w, h) in [(1, 1), (5, 3), (20, 6)] {
            lobby.resized(w, h);
            lobby.key(key(KeyCode::PageDown), &rows);
            drawn_at(&lobby, w, h);
        }
    }

    /// QA s29 (qa30): the lobby's help, whole at 80x24, says `Press any key to close`,
    /// but PgDn (and the other scrolling keys) left it open, scrolling nowhere. A help
    /// shown whole closes at any key, as the game's does; one that scrolls still
    /// scrolls. Fails on the old code (PgDn kept the help). Cost: a few frames, < 10 ms.
    #[test]
    fn a_lobby_help_shown_whole_closes_at_a_scrolling_key_as_its_foot_says() {
        let rows = [];
        let mut lobby = LobbyState::new("Bob", Palette::Default);
        lobby.resized(80, 24);
        for scroll in [
            KeyCode::PageDown,
            KeyCode::Down,
            KeyCode::Char(' '),
            KeyCode::End,
        ] {
            lobby.key(key(KeyCode::Char('?')), &rows);
            let shown = drawn_at(&lobby, 80, 24).join("\n");
            assert!(
                shown.contains(crate::strings::screen::CLOSE_HELP),
                "{shown}"
            );
            assert_eq!(lobby.key(key(scroll), &rows), Choice::Stay, "{scroll:?}");
            assert_ne!(lobby.context(), KeyContext::LobbyHelp, "{scroll:?} closes");
        }
        // Too long for 40x12: PgDn scrolls it, and its foot says other keys close.
        lobby.resized(40, 12);
        lobby.key(key(KeyCode::Char('?')), &rows);
        let before = drawn_at(&lobby, 40, 12);
        assert!(before[11].contains(crate::strings::screen::CLOSE_HELP_SCROLLING));
        lobby.key(key(KeyCode::PageDown), &rows);
        assert_eq!(lobby.context(), KeyContext::LobbyHelp, "scrolled, open");
        assert_ne!(drawn_at(&lobby, 40, 12), before, "scrolled");
    }

    /// s40 (qa46 D): the lobby help's foot said `↑↓ PgUp PgDn scroll  other keys close`
    /// while Space, j/k, Home and End scroll it too: it is built from the key table,
    /// every key where it fits (80x24 scrolled: the help is longer than 16 rows), the
    /// first of each way, then a line and a page each way, where not. Each key it
    /// names scrolls. Fails on the old code (the foot named no `Space`).
    #[test]
    fn the_lobby_help_s_foot_names_every_scrolling_key_where_it_fits() {
        let rows = [];
        let mut lobby = LobbyState::new("Bob", Palette::Default);
        lobby.resized(80, 16);
        lobby.key(key(KeyCode::Char('?')), &rows);
        let shown = drawn_at(&lobby, 80, 16);
        let foot = shown.iter().rev().find(|l| l.contains("scroll")).cloned();
        let foot = foot.unwrap_or_else(|| panic!("no foot: {shown:#?}"));
        assert!(
            foot.contains("↑↓ k j PgUp PgDn Space Home End scroll  other keys close"),
            "{foot}"
        );
        // Each key it names scrolls (the foot's count moves) and leaves it open.
        for scroll in [
            KeyCode::Char('j'),
            KeyCode::Char(' '),
            KeyCode::End,
            KeyCode::Home,
            KeyCode::Down,
            KeyCode::Char('k'),
        ] {
            lobby.key(key(scroll), &rows);
            assert_eq!(
                lobby.context(),
                KeyContext::LobbyHelp,
                "{scroll:?} closed it"
            );
        }
        assert_eq!(
            crate::ui::keymap::scroll_key_names(KeyContext::LobbyHelp),
            [
                "↑↓ k j PgUp PgDn Space Home End",
                "↑↓ PgUp PgDn Home End",
                "↑↓ PgUp PgDn"
            ]
        );
    }

    /// QA: at 50 columns the keys wrapped as words do: `f` ended a row with `find`
    /// under it, and `t clock` began the next with a space. A key stays with its words.
    #[test]
    fn the_keys_wrap_between_keys_never_inside_one() {
        let rows = [];
        let mut lobby = LobbyState::new("Bob", Palette::Default);
        let shown = drawn_at(&lobby, 50, 16);
        assert!(shown.iter().any(|l| l.contains("f find")), "{shown:#?}");
        assert!(
            shown
                .iter()
                .filter(|l| !l.trim().is_empty())
                .all(|l| !l.starts_with(' ') && !l.trim_end().ends_with(" f")),
            "{shown:#?}"
        );
        // The person's form (against the AI, since s28, its keys fit one row).
        lobby.key(key(KeyCode::Char('n')), &rows);
        let shown = drawn_at(&lobby, 50, 16);
        assert!(shown.iter().any(|l| l.starts_with("t clock")), "{shown:#?}");
    }

    /// QA: `?` did nothing while the player waited at a table (opened, or adjourned),
    /// and cancelled a claim (`w`) or a number being typed: every lobby screen but a
    /// line of text reaches the help now, which lists that screen's own keys; closing
    /// it finds the screen as it was (the number still typed, the claim still asked).
    #[test]
    fn question_mark_reaches_the_help_while_waiting_claiming_or_typing_a_number() {
        let rows = [];
        let mut lobby = LobbyState::new("Bob", Palette::Default);
        lobby.resized(80, 24);
        type Case = (fn(&mut LobbyState), KeyContext, &'static str);
        let cases: [Case; 4] = [
            (
                |l| l.waiting = Some(Waiting::Opponent(1)),
                KeyContext::LobbyWaiting,
                "close your table",
            ),
            (
                |l| l.waiting = Some(Waiting::Return(1)),
                KeyContext::LobbyAdjourned,
                "leave the game adjourned",
            ),
            (
                |l| l.claiming = true,
                KeyContext::LobbyClaim,
                "the table whose win you claim",
            ),
            (
                |l| l.number = Some((Pick::Table, "1".to_owned())),
                KeyContext::LobbyNumber,
                "more digits",
            ),
        ];
        for (set, context, row) in cases {
            set(&mut lobby);
            assert_eq!(lobby.context(), context);
            assert_eq!(lobby.key(key(KeyCode::Char('?')), &rows), Choice::Stay);
            assert_eq!(lobby.context(), KeyContext::LobbyHelp, "{context:?}");
            let shown = drawn(&lobby, &rows, "k");
            assert!(shown.contains(row), "{context:?}: {row} in\n{shown}");
            lobby.key(key(KeyCode::Esc), &rows);
            assert_eq!(
                lobby.context(),
                context,
                "closing the help keeps the screen"
            );
            (lobby.waiting, lobby.claiming, lobby.number) = (None, false, None);
        }
    }

    /// QA: on a short or narrow screen (80×12, 40×12) the lobby's last lines were cut
    /// off: the keys (`q leave`, `? all keys`), the note a key had just brought ("Unknown
    /// key", a refused claim), a waiting table's line. The lines that answer the player
    /// are kept, and the lists above them give way.
    #[test]
    fn a_small_screen_keeps_the_keys_and_the_note_and_cuts_the_lists() {
        let rows = [];
        let mut lobby = LobbyState::new("Bob", Palette::Default);
        lobby.mine = (0..6)
            .map(|n| {
                Message::new(
                    MessageKind::Info,
                    format!("v someone{n} 1-0-2 (won-drawn-lost)"),
                )
            })
            .collect();
        for (width, height) in [(80, 12), (40, 12), (30, 10)] {
            lobby.resized(width, height);
            lobby.key(key(KeyCode::Char('x')), &rows);
            let shown = drawn_at(&lobby, width, height).join("\n");
            assert!(shown.contains("Unknown key"), "{width}x{height}:\n{shown}");
            assert!(shown.contains("? all"), "{width}x{height}:\n{shown}");
            assert!(
                shown.contains("hijara: the lobby"),
                "{width}x{height}:\n{shown}"
            );
            // The cut lists say so: at 40x12 "Your games" stood with nothing under it.
            assert!(shown.contains("… a taller"), "{width}x{height}:\n{shown}");
        }
        // Where all fits, all is shown, one line after the other.
        lobby.resized(80, 24);
        lobby.key(key(KeyCode::Char('x')), &rows);
        let shown = drawn_at(&lobby, 80, 24);
        assert!(shown.iter().any(|l| l.contains("someone5")), "{shown:#?}");
        let note = shown
            .iter()
            .position(|l| l.contains("Unknown key"))
            .unwrap();
        assert!(shown[note - 1].contains("? all keys"), "{shown:#?}");
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
        let mut lobby = LobbyState::new("Alice", Palette::Default);
        let rows = [];
        assert_eq!(lobby.key(key(KeyCode::Char('a')), &rows), Choice::Stay);
        lobby.key(key(KeyCode::Char('o')), &rows);
        lobby.key(key(KeyCode::Char('s')), &rows);
        lobby.key(key(KeyCode::Char('v')), &rows);
        lobby.key(key(KeyCode::Char('k')), &rows);
        // Private means nothing against the AI, and `p` says so (it said nothing).
        lobby.key(key(KeyCode::Char('p')), &rows);
        assert_eq!(
            lobby.note.as_ref().map(|n| n.text.as_str()),
            Some(words::AI_NOT_PRIVATE)
        );
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
                rated: false,
                corr_days: None,
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

    /// Brief s25 (srv25): the AI form's first line, `New game: against the medium
    /// AI, you play Blue`, wrapped at 44 columns with `Blue` alone on a row. Its
    /// lines break between their phrases: each phrase whole on a row, at 44x16 and
    /// 80x24, for every level and side. Fails on the old code (`Blue` alone).
    #[test]
    fn the_ai_form_reads_whole_at_44_and_80_columns() {
        let rows = [];
        for (width, height) in [(44, 16), (80, 24)] {
            let mut lobby = LobbyState::new("carol", Palette::Default);
            lobby.resized(width, height);
            lobby.key(key(KeyCode::Char('a')), &rows);
            let shown = drawn_at(&lobby, width, height);
            insta::assert_snapshot!(format!("lobby_ai_form_{width}x{height}"), shown.join("\n"));
            // Every level and side: `you play` with its colour, the AI's level with
            // its `AI`, and no phrase broken.
            for _ in 0..4 {
                for _ in 0..2 {
                    let shown = drawn_at(&lobby, width, height);
                    let text = shown.join("\n");
                    let form = shown
                        .iter()
                        .skip_while(|l| !l.starts_with("New game"))
                        .take_while(|l| !l.starts_with("o opponent"))
                        .map(|l| l.trim_end())
                        .collect::<Vec<_>>();
                    assert!(
                        form.iter()
                            .any(|l| l.contains("you play Blue") || l.contains("you play Yellow")),
                        "{text}"
                    );
                    assert!(
                        form.iter()
                            .any(|l| l.ends_with(" AI,") || l.contains(" AI, ")),
                        "{text}"
                    );
                    for phrase in ["no claims", "no clock", "standard rules"] {
                        assert!(form.iter().any(|l| l.contains(phrase)), "{phrase}: {text}");
                    }
                    lobby.key(key(KeyCode::Char('s')), &rows);
                }
                lobby.key(key(KeyCode::Char('o')), &rows);
                if lobby
                    .form
                    .as_ref()
                    .is_some_and(|f| f.opponent == Opponent::Person)
                {
                    // QA (s25): the person's form at 44 columns left `rated` (or
                    // `casual`) alone under `standard rules, no claims, listed, no
                    // clock,`.
                    let shown = drawn_at(&lobby, width, height);
                    let text = shown.join("\n");
                    assert!(text.contains("against a person, you play"), "{text}");
                    for alone in ["rated", "casual"] {
                        assert!(shown.iter().all(|l| l.trim() != alone), "{text}");
                    }
                    lobby.key(key(KeyCode::Char('o')), &rows);
                }
            }
        }
    }

    /// QA s28 (qa28, over ssh): the AI form's keys line offered `p private` and `r
    /// rated`, which there only said no (`Only a table for two people can be
    /// private`, `... never rated`), as a guest's form offered `r rated`; the line
    /// mode's commands line the same. The form names only the keys (commands) that
    /// act on it, on the screen at 44 and 80 columns and in the line mode. Fails on
    /// the old code (`p private` on the AI's form). Cost: a few forms drawn, < 10 ms.
    #[test]
    fn the_form_names_private_and_rated_only_where_they_act() {
        let rows = [];
        let keys_of = |lobby: &LobbyState, width: u16| {
            let keys = drawn_at(lobby, width, 24).join(" ");
            let said = said(lobby.view(&rows, "kcarol", Wording::Commands)).join(" ");
            (keys, said)
        };
        for width in [44, 80] {
            // Against the AI: neither.
            let mut lobby = LobbyState::new("carol", Palette::Default);
            lobby.resized(width, 24);
            lobby.key(key(KeyCode::Char('a')), &rows);
            let (keys, said) = keys_of(&lobby, width);
            for (key, command) in [("p private", "private"), ("r rated", "rated")] {
                assert!(!keys.contains(key), "{key} at {width}: {keys}");
                assert!(!said.contains(&format!(" {command},")), "{command}: {said}");
            }
            assert!(
                keys.contains("t clock") && keys.contains("o opponent"),
                "{keys}"
            );
            assert!(
                said.contains("Change it with opponent, side, variant, claims, clock."),
                "{said}"
            );
            // Against a person: both, in their places.
            lobby.key(key(KeyCode::Esc), &rows);
            lobby.key(key(KeyCode::Char('n')), &rows);
            let (keys, said) = keys_of(&lobby, width);
            assert!(
                keys.contains("p private") && keys.contains("r rated"),
                "{keys}"
            );
            assert!(said.contains(line_words::LOBBY_FORM_HINTS), "{said}");
            // A guest's form: private, never rated.
            let mut guest = LobbyState::new("~dave", Palette::Default);
            guest.as_guest();
            guest.resized(width, 24);
            guest.key(key(KeyCode::Char('n')), &rows);
            let (keys, said) = keys_of(&guest, width);
            assert!(
                keys.contains("p private") && !keys.contains("r rated"),
                "{keys}"
            );
            assert!(said.contains("claims, private, clock."), "{said}");
        }
    }

    /// QA s28 (qa28): the form of a correspondence table read `clock 3 days a move`,
    /// where no clock runs; it says the days a move alone, as the table's row does,
    /// on the screen and in the line mode, and a live clock still as `clock 3+2`.
    /// Fails on the old code. Cost: a few forms drawn, < 10 ms.
    #[test]
    fn the_form_says_a_correspondence_pace_without_clock() {
        let rows = [];
        let mut lobby = LobbyState::new("alice", Palette::Default);
        lobby.resized(80, 24);
        lobby.key(key(KeyCode::Char('n')), &rows);
        lobby.key(key(KeyCode::Char('t')), &rows);
        assert!(
            drawn_at(&lobby, 80, 24)
                .join(" ")
                .contains("no claims, listed, clock 3+2, rated")
        );
        // 5+3, 10+5, 30+0, then 1 day a move.
        for _ in 0..4 {
            lobby.key(key(KeyCode::Char('t')), &rows);
        }
        for (width, height) in [(44, 16), (80, 24)] {
            let text = drawn_at(&lobby, width, height).join("\n");
            assert!(text.contains("1 day a move"), "{text}");
            assert!(!text.contains("clock 1 day"), "{text}");
        }
        let said = said(lobby.view(&rows, "kalice", Wording::Commands));
        assert!(
            said.iter()
                .any(|l| l == "Standard rules, no claims, listed, 1 day a move, rated"),
            "{said:#?}"
        );
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
            hall.open_public(who, Player::Blue, (Ruleset::Standard, false));
        }
        let mut lobby = LobbyState::new("Bob", Palette::Default);
        lobby.mine = vec![
            Message::keyed(MessageKind::Info, Keyed::Unfinished("2, 5".into(), true)),
            Message::new(
                MessageKind::Info,
                words::last_game("ann", "won", [120, 80], None),
            ),
            Message::new(MessageKind::Info, words::versus("ann", [2, 0, 1])),
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

    /// QA (s12 lines, left): the line mode said `standard rules, no claims, ...` (the
    /// form's second row) and `unfinished: 2 (table N resumes it).`, sentences with no
    /// capital; the full screen keeps its rows' own form.
    #[test]
    fn the_form_and_the_unfinished_line_are_said_with_a_capital() {
        let mut hall = Hall::new(crate::server::hall::DEFAULT_GRACE, false);
        let rows = rows_for(&mut hall, "kBob");
        let mut lobby = LobbyState::new("Bob", Palette::Default);
        lobby.resized(80, 24);
        lobby.mine = vec![Message::keyed(
            MessageKind::Info,
            Keyed::Unfinished("2".into(), false),
        )];
        lobby.key(key(KeyCode::Char('n')), &rows);
        let said = said(lobby.view(&rows, "kBob", Wording::Commands));
        for line in [
            "Standard rules, no claims, listed, no clock, rated",
            "Unfinished: 2 (table N resumes it)",
        ] {
            assert!(said.iter().any(|l| l == line), "{line}: {said:#?}");
        }
        let text = drawn(&lobby, &rows, "kBob");
        assert!(text.contains("standard rules, no claims"), "{text}");
        assert!(text.contains("unfinished: 2"), "{text}");
    }

    /// QA (s13 lines): the new table's form said its clock as the full screen shows
    /// it, `clock 3+2`, which a screen reader says "3 plus 2"; the line mode says it
    /// in words, the full screen keeps its figure.
    #[test]
    fn the_form_s_clock_is_said_in_words() {
        let mut hall = Hall::new(crate::server::hall::DEFAULT_GRACE, false);
        let rows = rows_for(&mut hall, "kBob");
        let mut lobby = LobbyState::new("Bob", Palette::Default);
        lobby.resized(80, 24);
        lobby.key(key(KeyCode::Char('n')), &rows);
        lobby.key(key(KeyCode::Char('t')), &rows);
        let said = said(lobby.view(&rows, "kBob", Wording::Commands));
        assert!(
            said.iter()
                .any(|l| l.contains(", clock 3 minutes each, plus 2 seconds a move, ")),
            "{said:#?}"
        );
        assert!(!said.iter().any(|l| l.contains("3+2")), "{said:#?}");
        assert!(drawn(&lobby, &rows, "kBob").contains("clock 3+2"));
    }

    #[test]
    fn the_tables_page_and_a_number_past_nine_is_typed() {
        let mut hall = Hall::new(crate::server::hall::DEFAULT_GRACE, false);
        for n in 0..12 {
            let who = person(&format!("player{n}"));
            hall.open_public(who, Player::Blue, (Ruleset::Standard, false));
        }
        let rows = rows_for(&mut hall, "kBob");
        let mut lobby = LobbyState::new("Bob", Palette::Default);
        lobby.resized(80, 24);
        let page = drawn(&lobby, &rows, "kBob");
        assert!(
            page.contains("9  player8") && !page.contains("player9"),
            "{page}"
        );
        // Back from the first page: nothing there.
        lobby.key(key(KeyCode::Char('[')), &rows);
        assert!(drawn(&lobby, &rows, "kBob").contains(club_words::NO_SUCH_PAGE));
        assert_eq!(lobby.key(key(KeyCode::Char(']')), &rows), Choice::Stay);
        let page = drawn(&lobby, &rows, "kBob");
        for line in ["10  player9", "11  player10", "12  player11"] {
            assert!(page.contains(line), "{line} in {page}");
        }
        assert!(!page.contains("player8 "), "{page}");
        // 1 could begin 10-12: it waits; 11 picks the eleventh table.
        assert_eq!(lobby.key(key(KeyCode::Char('1')), &rows), Choice::Stay);
        assert_eq!(
            lobby.key(key(KeyCode::Char('1')), &rows),
            Choice::Pick(rows[10].id)
        );
        // A table's number is its own: one on the other page is taken too.
        assert_eq!(
            lobby.key(key(KeyCode::Char('3')), &rows),
            Choice::Pick(rows[2].id)
        );
        // A number no table has is said so.
        lobby.key(key(KeyCode::Char('1')), &rows);
        lobby.key(key(KeyCode::Char('3')), &rows);
        assert!(drawn(&lobby, &rows, "kBob").contains(words::NOT_A_TABLE));
        // It says what to type instead (QA access: it said `No such table` alone),
        // in the line mode a command, not a key.
        let said = said(lobby.view(&rows, "kBob", Wording::Commands));
        assert!(
            said.iter()
                .any(|l| l == "No such table: list reads the tables"),
            "{said:#?}"
        );
        assert!(words::NOT_A_TABLE.contains("type a listed number"));
    }

    #[test]
    fn the_lobby_fits_80_by_24_and_shows_names_safely() {
        let mut hall = Hall::new(crate::server::hall::DEFAULT_GRACE, false);
        let who = Who {
            key: "k".into(),
            name: "Al\u{1b}[2J".into(),
        };
        hall.open_public(who.clone(), Player::Blue, (Ruleset::Standard, false));
        // A private table is not listed to others.
        hall.open(who, Player::Blue, (Ruleset::Standard, false), true, None);
        let lobby = LobbyState::new("Bob", Palette::Default);
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
        let first = hall.open_public(person("ann"), Player::Blue, (Ruleset::Standard, false));
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
        let claims = hall.open_public(person("bob"), Player::Blue, (Ruleset::Corners, true));
        assert!(claims > first + 1);
        let mut lobby = LobbyState::new("bob", Palette::None);
        lobby.waiting = Some(Waiting::Opponent(claims));
        let rows = rows_for(&mut hall, "kbob");
        let text = drawn(&lobby, &rows, "kbob");
        // Listed by its own number, the one every lobby lists it with.
        assert!(
            text.contains(&format!(
                "{claims}  bob (Blue) v - (Yellow)  corners, claims"
            )),
            "{text}"
        );
        // Said in lines, the seats are words: a screen reader says `v` as "vee" and
        // `-` as "dash" (QA by the access helper); read at once or weighed as news.
        let heard = [
            said(lobby.view(&rows, "kann", Wording::Commands)),
            said(
                lobby
                    .view(&rows, "kann", Wording::Commands)
                    .weighed_for_news(),
            ),
        ];
        for lines in &heard {
            assert!(
                lines.iter().any(|l| l.starts_with(&format!(
                    "{claims}  bob (Blue) against an empty seat (Yellow)  corners, claims"
                ))),
                "{lines:?}"
            );
            assert!(!lines.iter().any(|l| l.contains(" v ")), "{lines:?}");
        }
        assert!(text.contains(&format!("Table {claims} is open")), "{text}");
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
        let mut carol = LobbyState::new("carol", Palette::None);
        carol.waiting = Some(Waiting::Opponent(private));
        let rows = rows_for(&mut hall, "kcarol");
        let text = drawn(&carol, &rows, "kcarol");
        assert!(!text.contains("No tables yet"), "{text}");
        assert!(
            text.contains(&format!("{private}  carol (Blue) v - (Yellow)")),
            "{text}"
        );
        assert!(text.contains("open, private"), "{text}");
        assert!(text.contains(&format!("Table {private} is open")), "{text}");
        assert!(text.contains("then the code "), "{text}");
        assert_eq!(rows_for(&mut hall, "kdan").len(), 2);
    }

    /// QA (lineserve2): alice's own adjourned game, which bob does not see, was listed
    /// first in her lobby: her open table was 2 to her and 1 to bob, so "table 1"
    /// meant two tables. A table is listed with its own number in every lobby and in
    /// both faces, and `1` picks the same table for both.
    #[test]
    fn a_table_s_number_is_the_same_for_every_player_and_face() {
        let mut hall = Hall::new(crate::server::hall::DEFAULT_GRACE, false);
        let adjourned = hall.open_ai(
            person("alice"),
            Player::Blue,
            (Ruleset::Standard, false),
            Level::Easy,
            None,
        );
        hall.leave_table(adjourned, "kalice");
        let open = hall.open_public(person("alice"), Player::Blue, (Ruleset::Standard, false));
        let listed = format!("{open}  alice (Blue) v - (Yellow)");
        for who in ["kalice", "kbob"] {
            let rows = rows_for(&mut hall, who);
            let mut lobby = LobbyState::new(who, Palette::None);
            let drawn = drawn(&lobby, &rows, who);
            assert!(drawn.contains(&listed), "{who}: {drawn}");
            let said = said(lobby.view(&rows, who, Wording::Commands));
            let heard = format!("{open}  alice (Blue) against an empty seat (Yellow)");
            assert!(
                said.iter().any(|l| l.starts_with(&heard)),
                "{who}: {said:?}"
            );
            let digit = char::from_digit(open, 10).unwrap();
            let picked = lobby.key(key(KeyCode::Char(digit)), &rows);
            let picked = match picked {
                Choice::Stay => lobby.key(key(KeyCode::Enter), &rows),
                picked => picked,
            };
            assert_eq!(picked, Choice::Pick(open), "{who}");
        }
        // Alice's own adjourned game keeps its number too.
        let rows = rows_for(&mut hall, "kalice");
        let said = drawn(&LobbyState::new("alice", Palette::None), &rows, "kalice");
        assert!(
            said.contains(&format!("{adjourned}  alice (Blue)")),
            "{said}"
        );
    }

    /// QA (lineserve2): the line mode's lobby said its correspondence line again each
    /// hour (`Your move in 1 correspondence game: v bob, 2d 0h left`, then `1d 23h`...):
    /// weighed for news, its time left is the warnings' band, so it is said again when
    /// one is crossed. QA (s12 lines): the line said was the band too (`a day or more
    /// left`) where the full screen showed `2d 0h left`: it says the full screen's
    /// figure, in words (`2 days left`), as `list` reads it.
    #[test]
    fn the_line_mode_lobby_says_the_correspondence_time_by_its_warnings() {
        let lines = |left: i64, wording: Wording, news: bool| -> Vec<String> {
            let mut lobby = LobbyState::new("ann", Palette::None);
            lobby.corr = vec![CorrGame {
                id: 1,
                opponent: "bob".into(),
                my_move: true,
                since: 0,
                left,
                days: 1,
                moves: 1,
            }];
            let view = lobby.view(&[], "kann", wording);
            let view = if news { view.weighed_for_news() } else { view };
            view.lines(400).iter().map(ToString::to_string).collect()
        };
        const H: i64 = 3600;
        let weighed = |left| lines(left, Wording::Commands, true);
        let said = |left| lines(left, Wording::Commands, false);
        let drawn = |left| lines(left, Wording::Keys, false);
        assert_eq!(weighed(48 * H), weighed(47 * H), "an hour on");
        assert_ne!(weighed(25 * H), weighed(23 * H), "under a day");
        assert_eq!(weighed(23 * H), weighed(61 * 60), "an hour on, under a day");
        assert_ne!(weighed(61 * 60), weighed(59 * 60), "under an hour");
        for (left, shown, words) in [
            (48 * H, "2d 0h", "2 days"),
            (47 * H, "1d 23h", "1 day 23 hours"),
            (23 * H, "23h 00m", "23 hours"),
            (59 * 60, "59m", "59 minutes"),
        ] {
            let line = format!("against bob, {words} left. due opens it");
            let said = said(left);
            assert!(said.iter().any(|l| l.contains(&line)), "{said:?}");
            let drawn = drawn(left);
            let line = format!("v bob, {shown} left");
            assert!(drawn.iter().any(|l| l.contains(&line)), "{drawn:?}");
        }
    }

    /// QA (s12 lines): the line mode's lobby said `you: Zoë  standard 1523 · corners
    /// 1488?` (a `·` and a `?` read as symbols), and a club screen over it was read
    /// off its drawing, columns and chart bars and all: the first line is said in
    /// words, and the club screen's lines are its sentences.
    #[test]
    fn the_line_mode_lobby_says_the_player_and_the_club_screens_in_words() {
        let mut lobby = LobbyState::new("Zoë", Palette::None);
        lobby.ratings = your_ratings(&[
            (Ruleset::Standard, Speed::Live, 1523, false),
            (Ruleset::Corners, Speed::Live, 1488, true),
        ]);
        let lines = said(lobby.view(&[], "kzoe", Wording::Commands));
        assert_eq!(
            lines[1],
            "You are Zoë; your ratings: standard live 1523; corners live 1488, provisional"
        );
        let drawn = drawn_at(&lobby, 80, 24);
        assert_eq!(
            drawn[1].trim_end(),
            "you: Zoë  standard live 1523 · corners live 1488?"
        );
        lobby.show_club(Some(ClubView::Board(super::super::standings::BoardView {
            board: super::super::club::Board::new(
                crate::rules::Ruleset::Standard,
                super::super::club::Speed::Live,
            ),
            page: 0,
            rows: Vec::new(),
            more: false,
            size: 20,
            total: 0,
            now: 0,
            nobody: super::super::store::club::Nobody::Yet,
        })));
        let lines = said(lobby.view(&[], "kzoe", Wording::Commands));
        assert_eq!(lines[0], "Leaderboard: standard live", "{lines:#?}");
        assert!(
            lines[1].starts_with("Listed: 20 or more rated games"),
            "{lines:#?}"
        );
        assert!(lines.iter().all(|l| !l.contains('+')), "{lines:#?}");
    }

    #[test]
    fn typed_lines_find_a_player_or_take_a_code() {
        let mut lobby = LobbyState::new("Alice", Palette::None);
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
        // `c` cycles the palettes from none (this lobby's), none after the last, and
        // says which is in force.
        assert_eq!(lobby.palette, Palette::None);
        for want in Palette::ALL {
            assert_eq!(
                lobby.key(key(KeyCode::Char('c')), &rows),
                Choice::Palette(want)
            );
            assert_eq!(lobby.palette, want);
            assert!(
                lobby.note.as_ref().map(|n| n.text.as_str())
                    == Some(words::palette_chosen(want.name()).as_str()),
                "{:?}",
                lobby.note
            );
        }
    }

    /// Issue 26, defect 9 (failed before: "Esc closes your table" where Esc adjourns).
    #[test]
    fn waiting_at_an_adjourned_game_says_esc_leaves_it_adjourned() {
        let mut hall = Hall::new(crate::server::hall::DEFAULT_GRACE, false);
        let id = hall.open_public(person("ann"), Player::Blue, (Ruleset::Standard, false));
        hall.sit(id, person("bob"));
        hall.drop_out(id, "kbob");
        hall.leave_table(id, "kann");
        assert_eq!(
            hall.come_back(id, "kann"),
            Some(crate::server::table::Back::Wait)
        );
        let mut ann = LobbyState::new("ann", Palette::None);
        ann.waiting = Some(Waiting::Return(id));
        let text = drawn(&ann, &rows_for(&mut hall, "kann"), "kann");
        assert!(text.contains("Esc leaves it adjourned"), "{text}");
        assert!(
            text.contains("Table 1: waiting for your opponent"),
            "{text}"
        );
        assert!(!text.contains("closes your table"), "{text}");
    }

    #[test]
    fn the_line_mode_reads_a_wide_name_in_the_club_without_gaps() {
        // A wide character fills two cells of the drawing: the line mode, which read
        // the drawing back once, must not put the second cell's blank inside the name.
        let mut lobby = LobbyState::new("你好世界", Palette::Default);
        lobby.show_club(Some(ClubView::Profile(Box::new(
            super::super::standings::ProfileView {
                profile: super::super::store::club::Profile {
                    key: "k".into(),
                    names: vec!["你好世界".into(), "ann".into()],
                    first_seen: "2026-11-01T00:00:00Z".into(),
                    standings: Vec::new(),
                    unlisted: false,
                    wdl: [0, 0, 0],
                },
                own: true,
                chart: None,
                tally: super::super::store::Tally::default(),
                page: 0,
                games: Vec::new(),
                more: false,
                size: 20,
                total: 0,
                now: 1_000,
                in_play: Default::default(),
            },
        ))));
        let lines: Vec<String> = lobby
            .view(&[], "k", Wording::Commands)
            .lines(80)
            .iter()
            .map(ToString::to_string)
            .collect();
        let head = &lines[0];
        assert!(
            head.starts_with("Profile of 你好世界 (also ann)"),
            "{lines:#?}"
        );
    }

    /// QA (lineserve): a correspondence game come to Alice's move was said twice in
    /// the line mode, by the lobby's correspondence line and by the note under it
    /// ("Your move in your correspondence game v bob"): said once, by the line. The
    /// full screen keeps both (the note is the status line's, with the bell).
    #[test]
    fn a_correspondence_move_come_is_said_once_in_the_line_mode() {
        let mut lobby = LobbyState::new("alice", Palette::Default);
        lobby.corr = vec![crate::server::hall::CorrGame {
            id: 1,
            opponent: "bob".into(),
            my_move: true,
            since: 0,
            left: 86_400,
            days: 3,
            moves: 0,
        }];
        lobby.note_keyed(Keyed::CorrMoved("bob".into()));
        let said = |lobby: &LobbyState, wording| -> Vec<String> {
            lobby
                .view(&[], "k", wording)
                .lines(200)
                .iter()
                .map(ToString::to_string)
                .filter(|l| l.contains("Your move in"))
                .collect()
        };
        let lines = said(&lobby, Wording::Commands);
        assert_eq!(lines.len(), 1, "{lines:#?}");
        assert!(lines[0].contains("against bob"), "{lines:#?}");
        assert_eq!(said(&lobby, Wording::Keys).len(), 2);
        // Another game of the player's come to their move, not the one the line
        // names: the note says whose.
        lobby.note_keyed(Keyed::CorrMoved("carol".into()));
        assert_eq!(said(&lobby, Wording::Commands).len(), 2);
    }

    /// QA (lobbyclock): a live table's clock was nowhere in the lobby, so a player
    /// sat down at a 3+2 game without knowing it had a clock. The row says it after
    /// the rules, as a correspondence table says its days a move.
    #[test]
    fn a_table_s_clock_is_on_its_line() {
        let mut hall = Hall::new(crate::server::hall::DEFAULT_GRACE, false);
        let who = Who {
            key: "k".into(),
            name: "ann".into(),
        };
        let terms = crate::server::hall::Terms {
            clock: crate::record::TimeControl::from_minutes("3+2").ok(),
            rated: true,
            corr_days: None,
        };
        hall.open_with(who, Player::Blue, (Ruleset::Standard, false), false, terms)
            .unwrap();
        let rows: Vec<Row> = hall.listing().iter().cloned().collect();
        let lobby = LobbyState::new("bob", Palette::Default);
        let text = drawn(&lobby, &rows, "k2");
        assert!(text.contains("standard, rated, 3+2, 0 moves"), "{text}");
    }

    #[test]
    fn a_table_s_state_stays_on_its_line_with_two_long_names() {
        // Names may be 16 columns: with both that long and the rules in full, the
        // line is wider than 80 columns, and the state must not be what is cut.
        let mut hall = Hall::new(crate::server::hall::DEFAULT_GRACE, false);
        let who = Who {
            key: "k".into(),
            name: "Abcdefghijklmnop".into(),
        };
        let terms = crate::server::hall::Terms {
            clock: None,
            rated: true,
            corr_days: Some(3),
        };
        let id = hall
            .open_with(who, Player::Blue, (Ruleset::Corners, true), false, terms)
            .unwrap();
        let other = Who {
            key: "k2".into(),
            name: "Qrstuvwxyzabcdef".into(),
        };
        hall.sit(id, other).unwrap();
        let lobby = LobbyState::new("Abcdefghijklmnop", Palette::Default);
        let rows = hall.corr_rows("k");
        let text = drawn(&lobby, &rows, "k");
        // Nor the terms (club6: the colours were kept and `rated` and the pace cut);
        // nor the names (club8: `Abcdefghijk… v Qrstuvwxyza…`): the player's own game
        // takes two lines, the state and the terms under the names.
        for line in [
            "1  Abcdefghijklmnop v Qrstuvwxyzabcdef",
            "   your move  corners, claims, rated, 3 days a move, 0 moves",
        ] {
            assert!(text.contains(line), "{text}");
        }
    }
    /// QA: the "unfinished" line said `w claims a win` for the player's own adjourned
    /// game against the server's AI, where nobody can claim anything.
    #[test]
    fn the_unfinished_line_offers_a_claim_only_against_a_person() {
        let row = |opponent: &str, state: RowState| Row {
            keys: [Some("kBob".into()), Some(opponent.into())],
            moves: 3,
            state,
            away: [true, true],
            claim: [true, false],
            ..table_row(1, ["Bob", "x"])
        };
        let said = |rows: &[Row]| unfinished(rows, "kBob").map(|m| m.text).unwrap_or_default();
        let ai = Who::ai(Level::Hard).key;
        let against_ai = said(&[row(&ai, RowState::Adjourned)]);
        assert!(against_ai.starts_with("unfinished: 1"), "{against_ai}");
        assert!(!against_ai.contains("claims"), "{against_ai}");
        let against_ann = said(&[row("kAnn", RowState::Adjourned)]);
        assert!(against_ann.contains("w claims a win"), "{against_ann}");
        let both = said(&[
            row(&ai, RowState::Adjourned),
            Row {
                id: 2,
                ..row("kAnn", RowState::Away)
            },
        ]);
        assert!(both.contains("unfinished: 1, 2"), "{both}");
        assert!(both.contains("w claims a win"), "{both}");
        // QA (clubqa2, over ssh): two games read `unfinished: 6, 8 (its number
        // resumes it; ...)`, one number's wording. Fails on the old code.
        assert!(both.contains("(a number resumes its game;"), "{both}");
        assert!(
            against_ai.contains("(its number resumes it)"),
            "{against_ai}"
        );
        // Where the hall says the claim would be refused (the grace period runs, the
        // opponent is on the server, left the game for later or waits at the table:
        // `hall::tests::the_rows_offer_a_claim_only_when_the_table_would_take_it`),
        // `w` is not offered.
        let refused = said(&[Row {
            claim: [false, false],
            ..row("kAnn", RowState::Adjourned)
        }]);
        assert!(refused.starts_with("unfinished: 1"), "{refused}");
        assert!(!refused.contains("claims"), "{refused}");
    }

    /// QA (tablefit): at 30 to 43 columns the find line wrapped between `Esc:` and
    /// `cancel)`. Too wide for its row, the keys stand on rows of their own, each key
    /// with its word. Fails without the fix (a row ended `Esc:` at 30 and 40 columns).
    #[test]
    fn the_find_line_keeps_each_key_with_its_word_when_narrow() {
        let rows = [];
        for typed in ["", "Rosalind"] {
            let mut lobby = LobbyState::new("Bob", Palette::Default);
            lobby.key(key(KeyCode::Char('f')), &rows);
            for c in typed.chars() {
                lobby.key(key(KeyCode::Char(c)), &rows);
            }
            for width in 30..=80 {
                lobby.resized(width, 12);
                let shown = drawn_at(&lobby, width, 12);
                assert!(
                    shown
                        .iter()
                        .any(|l| l.contains(&format!("Find a player: {typed}_"))),
                    "{width}: {shown:#?}"
                );
                assert!(
                    shown.iter().any(|l| l.contains("Esc: cancel")),
                    "{width}: {shown:#?}"
                );
                assert!(
                    shown.iter().all(|l| !l.trim_end().ends_with(':')),
                    "{width}: {shown:#?}"
                );
            }
        }
    }

    /// QA (tablefit): the tables page counted its keys as two rows, as at 80 columns,
    /// and kept three tables at least: at 30x12 its heading said "Tables 1-3 of 12"
    /// over none of them (the lists cut for the keys). Every table of every page is
    /// shown now, with a note said and every key. Fails without the fix (at 44x16 a
    /// page of seven lost its sixth and seventh tables under the keys and the note).
    #[test]
    fn every_table_of_a_page_is_shown_at_small_sizes() {
        let rows = playing(0..12);
        for (w, h) in [(80u16, 24u16), (60, 20), (44, 16), (40, 12), (30, 12)] {
            let mut lobby = LobbyState::new("Bob", Palette::Default);
            lobby.resized(w, h);
            // A note under the keys: the unknown key's.
            lobby.key(key(KeyCode::Char('x')), &rows);
            let mut seen = 0;
            for _ in 0..rows.len() {
                let shown = drawn_at_with(&lobby, &rows, w, h).join("\n");
                let size = lobby.page_size(&rows);
                let first = lobby.page * size + 1;
                for n in first..(first + size).min(rows.len() + 1) {
                    // Its colours or not (they go before the rules are cut).
                    let name = format!("  a{} ", n - 1);
                    assert!(shown.contains(&name), "{w}x{h}: {name} in\n{shown}");
                    seen = seen.max(n);
                }
                assert!(shown.contains("q leave"), "{w}x{h}:\n{shown}");
                assert!(shown.contains("Unknown key"), "{w}x{h}:\n{shown}");
                lobby.key(key(KeyCode::Char(']')), &rows);
                lobby.key(key(KeyCode::Char('x')), &rows);
            }
            assert_eq!(seen, rows.len(), "{w}x{h}");
        }
    }

    /// s23 (srvcpu): at 500 sessions the lobbies' frames were most of the server's
    /// CPU, and most of a frame was the same work done again: the rows around the
    /// lists worked out twice (page and page count), and the lists and the foot
    /// wrapped five times to count their rows. A frame does each once now (the foot
    /// once more only where its blank gives way), at every size of the sweep, with a
    /// note, and with the player's games on pages of their own. Counts, no timing;
    /// fails on the old code (the rows around the lists worked out twice at 80x24).
    #[test]
    fn a_lobby_frame_lays_out_its_page_and_wraps_its_lists_once() {
        let rows = playing(0..12);
        for (w, h) in [(80u16, 24u16), (60, 20), (44, 16), (40, 12), (30, 12)] {
            let mut lobby = LobbyState::new("Bob", Palette::Default);
            lobby.resized(w, h);
            lobby.key(key(KeyCode::Char('x')), &rows);
            for page in 0..2 {
                lobby.page = page;
                frame_work::take();
                let shown = drawn_at_with(&lobby, &rows, w, h).join("\n");
                let work = frame_work::take();
                assert_eq!(work.fixed_rows, 1, "{w}x{h} page {page}:\n{shown}");
                let most = if (w, h) == (80, 24) { 2 } else { 3 };
                assert!(
                    (2..=most).contains(&work.wrapped),
                    "{w}x{h} page {page}: {work:?}\n{shown}"
                );
            }
        }
        // The player's games apart, at 44x16: laid out once too.
        let mut lobby = LobbyState::new("Zoe-Winterbourne", Palette::Default);
        corr_game_at_my_move(&mut lobby);
        lobby.mine = (0..6)
            .map(|n| Message::keyed(MessageKind::Info, Keyed::TableCode(n, "ABCDEF".into())))
            .collect();
        lobby.resized(44, 16);
        let rows = playing(1..=6);
        assert!(!lobby.pages(&rows).mine.is_empty(), "the games apart");
        frame_work::take();
        let shown = drawn_at_with(&lobby, &rows, 44, 16).join("\n");
        let work = frame_work::take();
        assert_eq!(work.fixed_rows, 1, "{shown}");
    }

    /// QA (club6, brief s15): at 44x16 an open table read `3  alice (Blue) v -
    /// (Yellow)  open  standar…`: whether it was rated or correspondence was cut, and
    /// sitting is immediate. Open, full, rated, correspondence, corners and claims
    /// tables each say their terms whole, at 44x16 and 80x24; nothing is cut. Fails
    /// on the old code (`rated` and the pace missing at 44 columns).
    #[test]
    fn the_lobby_rows_say_their_terms_whole_at_44x16_and_80x24() {
        let row = |id: u32, names: [&str; 2], state: RowState| Row {
            state,
            ..table_row(id, names)
        };
        let open = row(1, ["alice", "-"], RowState::Open);
        let full = Row {
            moves: 14,
            spectators: 2,
            clock: TimeControl::new(Duration::from_secs(300), Duration::from_secs(3)).ok(),
            ..row(2, ["carol", "dave"], RowState::Playing)
        };
        let rated = Row {
            rated: true,
            clock: TimeControl::new(Duration::from_secs(600), Duration::from_secs(5)).ok(),
            ..row(3, ["erin", "-"], RowState::Open)
        };
        let corr = Row {
            rated: true,
            corr: Some((7, None)),
            ..row(4, ["frank", "-"], RowState::Open)
        };
        let corners = Row {
            ruleset: Ruleset::Corners,
            moves: 9,
            ..row(5, ["grace", "heidi"], RowState::Playing)
        };
        let claims = Row {
            ruleset: Ruleset::Corners,
            claims: true,
            rated: true,
            corr: Some((1, None)),
            ..row(6, ["ivan", "-"], RowState::Open)
        };
        let rows = [open, full, rated, corr, corners, claims];
        for (w, h) in [(44u16, 16u16), (80, 24)] {
            let mut lobby = LobbyState::new("zoe", Palette::Default);
            lobby.resized(w, h);
            // Every page at 44x16.
            let mut shown = Vec::new();
            for page in 0..lobby.page_count(&rows) {
                lobby.page = page;
                shown.extend(drawn_at_with(&lobby, &rows, w, h));
            }
            let reads = shown.join("\n");
            assert!(!reads.contains('…'), "{w}x{h}:\n{reads}");
            let line = |n: &str| {
                shown
                    .iter()
                    .find(|l| l.starts_with(&format!("{n}  ")))
                    .cloned()
                    .unwrap_or_default()
            };
            for (n, terms) in [
                ("1", &["std|standard", "open"][..]),
                ("2", &["5+3"][..]),
                ("3", &["rated", "10+5", "open"][..]),
                ("4", &["rated", "7d|7 days a move", "open"][..]),
                ("5", &["cnr|corners", "9 moves"][..]),
                (
                    "6",
                    &["cnr|corners", "claims", "rated", "1d|1 day a move", "open"][..],
                ),
            ] {
                let line = line(n);
                for term in terms {
                    // The short wording or the long one.
                    let says = term.split('|').any(|t| line.contains(t));
                    assert!(says, "{w}x{h} table {n}: {term} in {line:?}");
                }
            }
            // The legend of the short wording where rows may use it.
            assert_eq!(
                reads.contains("std standard, cnr corners, 1d 1 day a move"),
                w < 80,
                "{w}x{h}:\n{reads}"
            );
            // Brief s17 (club9): every clock listed explained, not only the first
            // (`10+5` was explained nowhere); each pace a move listed, not `7d` alone.
            for clock in [
                "5+3 5 minutes each, plus 3 seconds a move",
                "10+5 10 minutes each, plus 5 seconds a move",
            ] {
                assert!(
                    shown.iter().any(|l| l.trim_end() == clock),
                    "{w}x{h}:\n{reads}"
                );
            }
            assert_eq!(reads.contains("7d 7 days a move"), w < 80, "{reads}");
            insta::assert_snapshot!(format!("lobby_terms_{w}x{h}"), reads);
        }
    }

    /// s22 (srvcorr) left this: while another member's correspondence games that `f`
    /// or `v` looked up are listed, Esc hides them (the answer, the help and the docs
    /// said so) but the keys' lines did not. The club's line names `Esc hide` then,
    /// from the key table, whole at 80x24 and 44x16 and on no more rows than before;
    /// not before the list, nor once it is hidden (Esc leaves then).
    #[test]
    fn the_keys_name_esc_hide_while_looked_up_games_are_listed() {
        let listed = Row {
            keys: [Some("ka".to_owned()), Some("kb".to_owned())],
            moves: 4,
            state: RowState::Correspondence,
            away: [true, true],
            rated: true,
            corr: Some((3, Some(Player::Yellow))),
            ..table_row(3, ["ann", "bob"])
        };
        let rows = [listed];
        let now = 1_000_000;
        for (width, height) in [(80, 24), (44, 16)] {
            let mut lobby = LobbyState::new("carol", Palette::Default);
            lobby.resized(width, height);
            lobby.corr_now = now;
            let before = drawn_at_with(&lobby, &rows, width, height).join("\n");
            assert!(!before.contains("Esc hide"), "{before}");
            let fixed_rows = |lobby: &LobbyState| {
                let legend = u16::try_from(lobby.legend(&rows).len()).unwrap();
                lobby.fixed_rows(&rows, legend)
            };
            let fixed = fixed_rows(&lobby);
            lobby.watched = vec![(3, now + 2 * 24 * 3600)];
            let shown = drawn_at_with(&lobby, &rows, width, height);
            let reads = shown.join("\n");
            assert!(!reads.contains('…'), "{width}x{height}:\n{reads}");
            assert!(reads.contains("bob's move, 2d 0h left"), "{reads}");
            let keys: Vec<&str> = shown
                .iter()
                .map(|l| l.trim_end())
                .filter(|l| l.contains("Esc hide"))
                .collect();
            assert_eq!(keys.len(), 1, "{width}x{height}:\n{reads}");
            // One page: no `]/[ pages` (s26).
            assert!(keys[0].ends_with("Esc hide  ? all keys"), "{reads}");
            assert!(!reads.contains("]/[ pages"), "{reads}");
            assert_eq!(fixed_rows(&lobby), fixed, "no row more");
            insta::assert_snapshot!(format!("lobby_found_{width}x{height}"), reads);
            // Hidden (what Esc does, in the session): the line as before.
            lobby.watched.clear();
            let after = drawn_at_with(&lobby, &rows, width, height).join("\n");
            assert_eq!(after, before);
        }
    }

    /// The closing note of s22 left "the 44-column lobby legend": under 80 columns it
    /// explained the short words of every variant and pace listed (`std standard`)
    /// under rows that said their terms in full (`1  a1 v b1  standard, 3 moves`),
    /// taking rows from the tables' page; and it wrapped as words do, so a short word
    /// and its meaning were split (`3d 3 days a` / `move, 7d 7 days a move`). It
    /// explains only what a row says short now, each short word whole with its meaning.
    #[test]
    fn the_legend_explains_only_the_short_words_the_rows_say_each_whole() {
        let in_full = playing([1, 2]);
        let mut lobby = LobbyState::new("zoe", Palette::Default);
        lobby.resized(44, 16);
        assert!(
            in_full
                .iter()
                .all(|row| !lobby.says_terms_short(row, number_width(&in_full)))
        );
        assert_eq!(lobby.legend(&in_full), Vec::<String>::new());
        let reads = drawn_at_with(&lobby, &in_full, 44, 16).join("\n");
        assert!(reads.contains("1  a1 v b1  standard, 3 moves"), "{reads}");
        assert!(!reads.contains("std standard"), "{reads}");
        insta::assert_snapshot!("lobby_in_full_44x16", reads);
        // Open correspondence tables at 1, 3 and 7 days a move say them short.
        let open = |id: u32, days: u8| Row {
            names: [format!("player{id}"), words::EMPTY_SEAT.to_owned()],
            keys: [Some(format!("k{id}")), None],
            state: RowState::Open,
            rated: true,
            moves: 0,
            corr: Some((days, None)),
            ..playing([id]).remove(0)
        };
        let mut rows = vec![open(3, 1), open(4, 3), open(5, 7)];
        assert!(
            rows.iter()
                .all(|row| lobby.says_terms_short(row, number_width(&rows)))
        );
        assert_eq!(
            lobby.legend(&rows),
            [
                "std standard, 1d 1 day a move,",
                "3d 3 days a move, 7d 7 days a move"
            ]
        );
        // A table in full among them adds nothing to explain; corners said short does.
        rows.extend(playing([6]));
        assert_eq!(lobby.legend(&rows).len(), 2);
        rows.push(Row {
            ruleset: Ruleset::Corners,
            ..open(7, 7)
        });
        assert_eq!(
            lobby.legend(&rows),
            [
                "std standard, cnr corners, 1d 1 day a move,",
                "3d 3 days a move, 7d 7 days a move"
            ]
        );
        // From 80 columns nothing is said short.
        lobby.resized(80, 24);
        assert_eq!(lobby.legend(&rows), Vec::<String>::new());
    }

    /// Tables in play numbered `ids`, each `aN` against `bN`.
    fn playing(ids: impl IntoIterator<Item = u32>) -> Vec<Row> {
        ids.into_iter()
            .map(|n| Row {
                moves: 3,
                ..table_row(n, [&format!("a{n}"), &format!("b{n}")])
            })
            .collect()
    }

    /// QA s28 (qa28): at 44x16 a note wider than its row took a row from the tables,
    /// so the pages moved (1/3 went 2/2) as notes came and went, and a new table sat
    /// on a page the player never looked at. A note takes the keys' last rows
    /// instead: the pages stay, every table of the page and the note whole are shown.
    /// Fails on the old code (fewer tables a page with the note at 44x16). Cost: a
    /// few drawings, < 20 ms.
    #[test]
    fn a_note_does_not_move_the_lobby_s_pages() {
        let many = playing(1..=12);
        let note = "Your move in your correspondence game v alice, 2d 6h left: Tab opens it, or Esc clears this note";
        for (w, h) in [(44u16, 16u16), (80, 24)] {
            let mut lobby = LobbyState::new("Bob", Palette::Default);
            lobby.resized(w, h);
            let size = lobby.page_size(&many);
            let bare = drawn_at_with(&lobby, &many, w, h).join("\n");
            lobby.note(note);
            assert!(crate::text::width(note) > usize::from(w));
            assert_eq!(lobby.page_size(&many), size, "{w}x{h}");
            let shown = drawn_at_with(&lobby, &many, w, h);
            let reads = shown.join("\n");
            let at = format!("{w}x{h}:\n{reads}");
            for n in 1..=size {
                assert!(reads.contains(&format!("a{n} ")), "a{n}: {at}");
            }
            assert!(!reads.contains(&format!("a{} ", size + 1)), "{at}");
            let said = reads.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(said.contains(note), "{at}");
            // The same page heading with the note as without it.
            let heading = |text: &str| {
                text.lines()
                    .find(|l| l.contains("Tables"))
                    .map(str::to_owned)
            };
            assert_eq!(heading(&reads), heading(&bare), "{at}");
            for row in &shown {
                assert_eq!(crate::text::width(row), usize::from(w), "{at}");
            }
        }
    }

    /// Brief s35 (club35, from qa36): at 80x24 a note of two rows (the vacation days
    /// used) took the first keys row (`n new table ...`) with seven blank rows under
    /// the tables. Where the screen has room, the note comes under all the keys; where
    /// it has none (a full page), it still takes the keys' rows but their last
    /// (`a_note_does_not_move_the_lobby_s_pages`). Fails on the old code (the first
    /// keys row gone at 80x24). Cost: a few drawings, < 20 ms.
    #[test]
    fn a_note_takes_no_keys_row_where_the_screen_has_room() {
        let few = playing(1..=3);
        let note = "Your time ran out: 2 vacation days were used, 24 hours more in each game; \
                    18 of this year's 20 days are left";
        for (w, h) in [(80u16, 24u16), (44, 16)] {
            let mut lobby = LobbyState::new("Bob", Palette::Default);
            lobby.resized(w, h);
            lobby.note(note);
            let shown = drawn_at_with(&lobby, &few, w, h);
            let reads = shown.join("\n");
            let at = format!("{w}x{h}:\n{reads}");
            for line in [table_keys(&few), lobby.club_keys()] {
                let does = |action: Action| lobby_key_does(action, &few, 1);
                for row in keymap::hint_rows_doing(line, usize::from(w), &does) {
                    assert!(
                        shown.iter().any(|l| l.trim_end() == row.trim_end()),
                        "{row:?}: {at}"
                    );
                }
            }
            let said = reads.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(said.contains(note), "{at}");
            for n in 1..=3 {
                assert!(reads.contains(&format!("a{n} ")), "a{n}: {at}");
            }
        }
    }

    /// QA (srvpolish): the lobby's keys said `1-9 sit/watch` over tables numbered 10
    /// and up (a table's number is its id). Past 9 they say `number sit/watch`, at
    /// every size of the sweep, with every table of the page and every key shown; up
    /// to 9, `1-9` still. Fails on the old code (`1-9` over tables 10-12).
    #[test]
    fn the_lobby_keys_name_a_number_when_a_table_is_numbered_past_9() {
        let few = playing(1..=3);
        let many = playing(1..=12);
        for (w, h) in [(80u16, 24u16), (60, 20), (44, 16), (40, 12), (30, 12)] {
            let mut lobby = LobbyState::new("Bob", Palette::Default);
            lobby.resized(w, h);
            let shown = drawn_at_with(&lobby, &few, w, h);
            let reads = shown.join("\n");
            assert!(reads.contains("1-9 sit/watch"), "{w}x{h}:\n{reads}");
            for page in 0..2 {
                lobby.page = page;
                let shown = drawn_at_with(&lobby, &many, w, h);
                let reads = shown.join("\n");
                let at = format!("{w}x{h} page {page}:\n{reads}");
                assert!(!reads.contains("1-9"), "{at}");
                for part in ["number sit/watch", "q leave", "? all keys"] {
                    assert!(reads.contains(part), "{part}: {at}");
                }
                for row in &shown {
                    assert_eq!(crate::text::width(row), usize::from(w), "{at}");
                }
                let size = lobby.page_size(&many);
                let first = page * size + 1;
                for n in first..(first + size).min(many.len() + 1) {
                    let name = format!("a{n} ");
                    assert!(reads.contains(&name), "{name}: {at}");
                }
                if page == 0 {
                    insta::assert_snapshot!(format!("lobby_numbered_{w}x{h}"), reads);
                }
            }
        }
    }

    /// Brief s25 (srv26, as srv25 did for the profile): the lobby's keys lines named
    /// `1-9 sit/watch` with no table listed and `]/[ pages` on a single page, keys that
    /// only answered that there was nothing. They are named where they act; the rest
    /// always; pages are sized as before, whatever the keys named. Fails on the old
    /// code (`1-9 sit/watch` and `]/[ pages` in an empty lobby).
    #[test]
    fn the_lobby_names_only_the_keys_that_do_something() {
        let few = playing(1..=3);
        let many = playing(1..=12);
        for (w, h) in [(80u16, 24u16), (60, 20), (44, 16), (30, 12)] {
            let mut lobby = LobbyState::new("Bob", Palette::Default);
            lobby.resized(w, h);
            let reads = |rows: &[Row]| drawn_at_with(&lobby, rows, w, h).join("\n");
            let empty = reads(&[]);
            for part in ["sit/watch", "]/[ pages"] {
                assert!(!empty.contains(part), "{part} at {w}x{h}:\n{empty}");
            }
            for part in ["n new table", "l leaderboard", "q leave", "? all keys"] {
                assert!(empty.contains(part), "{part} at {w}x{h}:\n{empty}");
            }
            // Three tables: one page but at 30x12 (a table a page there).
            let few_read = reads(&few);
            assert!(few_read.contains("1-9 sit/watch"), "{w}x{h}:\n{few_read}");
            let pages = few.len().div_ceil(lobby.page_size(&few));
            assert_eq!(
                few_read.contains("]/[ pages"),
                pages > 1,
                "{w}x{h}:\n{few_read}"
            );
            let paged = reads(&many);
            for part in ["number sit/watch", "]/[ pages"] {
                assert!(paged.contains(part), "{part} at {w}x{h}:\n{paged}");
            }
            // Sized for every key named: an empty lobby's page is the one with tables.
            assert_eq!(lobby.page_size(&[]), lobby.page_size(&few), "{w}x{h}");
            // The line mode's commands lines, by the same predicate (s26: they named
            // `table N` and `page, page back` in an empty lobby).
            let said = |rows: &[Row]| -> Vec<String> {
                let view = lobby.view(rows, "kBob", Wording::Commands);
                view.lines(w).iter().map(ToString::to_string).collect()
            };
            let empty = said(&[]);
            for line in [
                "Commands: new, ai, code CODE, find NAME, palette, quit; help lists them all.",
                "The club: leaderboard, profile, player NAME.",
            ] {
                assert!(
                    empty.iter().any(|l| l == line),
                    "{line} at {w}x{h}: {empty:#?}"
                );
            }
            let few_said = said(&few).join("\n");
            assert!(
                few_said.contains(line_words::LOBBY_HINTS),
                "{w}x{h}: {few_said}"
            );
            assert_eq!(
                few_said.contains("page, page back"),
                pages > 1,
                "{w}x{h}: {few_said}"
            );
            let paged = said(&many).join("\n");
            for line in [line_words::LOBBY_HINTS, line_words::LOBBY_CLUB_HINTS] {
                assert!(paged.contains(line), "{line} at {w}x{h}: {paged}");
            }
        }
    }

    /// QA (srvfix): the lobby's `?` help said `1-9  sit at the table with that
    /// number` while its keys line said `number sit/watch` over tables numbered past
    /// 9. The help names a number and says what its digits do, and they do it: a digit
    /// that may begin a longer number waits for the next, or Enter; one that can't
    /// picks its table at once. Fails on the old code (`1-9` in the help).
    #[test]
    fn the_lobby_help_says_a_number_sits_or_watches_past_9() {
        let many = playing(1..=12);
        let mut lobby = LobbyState::new("Bob", Palette::Default);
        lobby.resized(80, 24);
        lobby.key(key(KeyCode::Char('?')), &many);
        let shown = drawn_at_with(&lobby, &many, 80, 24).join("\n");
        assert!(!shown.contains("1-9"), "{shown}");
        // The help's rows, their wrapped lines joined: the text inside the box.
        let said: String = shown
            .lines()
            .filter_map(|l| l.split('│').nth(1))
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" ");
        for part in [
            "number  sit at the table with that number, or watch it",
            "a digit that may begin a longer number waits for the next, or Enter",
        ] {
            assert!(said.contains(part), "{part}:\n{shown}");
        }
        lobby.key(key(KeyCode::Esc), &many);
        // What it says: `1` may begin 10-12 and waits; Enter picks 1. `2` can't: 2.
        assert_eq!(lobby.key(key(KeyCode::Char('1')), &many), Choice::Stay);
        assert_eq!(lobby.context(), KeyContext::LobbyNumber);
        assert_eq!(lobby.key(key(KeyCode::Enter), &many), Choice::Pick(1));
        assert_eq!(lobby.key(key(KeyCode::Char('1')), &many), Choice::Stay);
        assert_eq!(lobby.key(key(KeyCode::Char('2')), &many), Choice::Pick(12));
        assert_eq!(lobby.key(key(KeyCode::Char('2')), &many), Choice::Pick(2));
    }

    /// QA (club10): a number of two digits ended by its last digit acts at once; the
    /// Enter a player types after it (`12` Enter, as the docs say) is theirs, not a
    /// key of the next screen: the lobby drops it (a table it opened drops it there,
    /// [`LobbyState::take_number_ended`]). A digit alone, or Enter ending a number,
    /// leaves nothing to drop. Failed before: the Enter said `Unknown key` on the
    /// profile a number opened, and placed a stone at the table.
    #[test]
    fn the_enter_after_a_number_ended_by_its_last_digit_is_dropped() {
        let many = playing(1..=12);
        let mut lobby = LobbyState::new("Bob", Palette::Default);
        lobby.resized(80, 24);
        lobby.key(key(KeyCode::Char('1')), &many);
        assert_eq!(lobby.key(key(KeyCode::Char('2')), &many), Choice::Pick(12));
        assert_eq!(lobby.key(key(KeyCode::Enter), &many), Choice::Stay);
        assert!(lobby.note.is_none(), "{:?}", lobby.note);
        // Taken by the table it opened: the lobby's next Enter is its own.
        lobby.key(key(KeyCode::Char('1')), &many);
        assert_eq!(lobby.key(key(KeyCode::Char('1')), &many), Choice::Pick(11));
        assert!(lobby.take_number_ended());
        assert!(!lobby.take_number_ended());
        // One digit, or Enter ending the number: nothing is waited for.
        assert_eq!(lobby.key(key(KeyCode::Char('2')), &many), Choice::Pick(2));
        assert!(!lobby.take_number_ended());
        lobby.key(key(KeyCode::Char('1')), &many);
        assert_eq!(lobby.key(key(KeyCode::Enter), &many), Choice::Pick(1));
        assert!(!lobby.take_number_ended());
    }

    /// Brief s21 (corrwatch): another's correspondence game, listed to a member who
    /// asked after one of its players (`f name`) to watch it, said `their move` (whose?).
    /// Its row state says nothing to one who only may watch (`row_state`: no `your
    /// move`/`their move`; since s22 a row `f` lists names the mover and the time
    /// left instead, `a_row_listed_to_watch_says_whose_move_and_the_time_left_whole`);
    /// the shared listing still leaves it out (there may be thousands), and a private
    /// one stays its players' own.
    #[test]
    fn another_s_correspondence_game_is_listed_to_watch_and_says_no_one_s_move() {
        let row = Row {
            moves: 4,
            state: RowState::Correspondence,
            away: [true, true],
            rated: true,
            corr: Some((1, Some(Player::Blue))),
            ..table_row(3, ["ann", "bob"])
        };
        assert!(!row.seen_by("kcarol") && row.seen_by("kann"), "{row:?}");
        assert_eq!(row_state(&row, "kcarol"), "");
        assert_eq!(row_state(&row, "kann"), club_words::YOUR_MOVE);
        assert_eq!(row_state(&row, "kbob"), club_words::THEIR_MOVE);
        let private = Row {
            code: Some("ABCDEF".into()),
            ..row.clone()
        };
        assert!(!private.seen_by("kcarol") && private.seen_by("kbob"));
        // Drawn whole to the watcher, at the served minimum and at 80 columns.
        let rows = [row];
        for (width, height) in [(44, 16), (80, 24)] {
            let mut lobby = LobbyState::new("carol", Palette::Default);
            lobby.resized(width, height);
            let area = Rect::new(0, 0, width, height);
            let mut buf = Buffer::empty(area);
            (&lobby.view(&rows, "kcarol", Wording::Keys)).render(area, &mut buf);
            let reads = (0..height)
                .map(|y| drawn_row(&buf, y))
                .collect::<Vec<_>>()
                .join("\n");
            let first = reads.lines().find(|l| l.starts_with("3  ann "));
            assert!(first.is_some_and(|l| l.contains("bob")), "{reads}");
            assert!(!reads.contains("their move"), "{reads}");
            assert!(!reads.contains('…'), "{reads}");
            let terms = if width == 80 {
                "1 day a move, 4 moves"
            } else {
                "1d"
            };
            assert!(reads.contains(terms), "{width}: {reads}");
        }
    }

    /// Brief s22 (srvcorr): a row listed to watch (`f name`) named both players and
    /// the terms, not whose move it is nor the time left. It says both, worked out
    /// at the time it is drawn at (an hour on, an hour less), whole at 44x16 (two
    /// names of 16 put the state on a line of its own there) and at 80x24, the
    /// pages holding each row whole; its number, once the game ended and it left
    /// the list, says so (it said `No such table`).
    #[test]
    fn a_row_listed_to_watch_says_whose_move_and_the_time_left_whole() {
        // Every page drawn, each row's first line once in all.
        let all_pages = |lobby: &mut LobbyState, rows: &[Row]| -> String {
            let mut shown = Vec::new();
            for page in 0..lobby.page_count(rows) {
                lobby.page = page;
                shown.extend(drawn_at_with(lobby, rows, lobby.width, lobby.height));
            }
            for row in rows {
                let n = format!("{}  {} ", row.id, row.names[0]);
                let found = shown.iter().filter(|l| l.starts_with(&n)).count();
                assert_eq!(found, 1, "{n}: {}", shown.join("\n"));
            }
            shown.join("\n")
        };
        let row = |id: u32, names: [&str; 2]| Row {
            keys: [Some(format!("k{id}a")), Some(format!("k{id}b"))],
            spectators: 1,
            away: [true, true],
            corr: Some((7, Some(Player::Yellow))),
            ..corners_corr_row(id, names)
        };
        let long = ["Zoe-Winterbottom", "山田太郎花子一二"];
        let rows = [row(3, ["ann", "bob"]), row(4, long), row(5, ["cy", "di"])];
        let now = 1_000_000;
        let day = 24 * 3600;
        for (width, height) in [(44, 16), (80, 24)] {
            let mut lobby = LobbyState::new("carol", Palette::Default);
            lobby.resized(width, height);
            lobby.watched = vec![(3, now + 2 * day + 1), (4, now + 20 * day + 3600 * 23)];
            lobby.corr_now = now;
            let all = all_pages(&mut lobby, &rows);
            assert!(!all.contains('…'), "{width}: {all}");
            assert!(all.contains("bob's move, 2d 1h left"), "{width}: {all}");
            assert!(
                all.contains("山田太郎花子一二's move, 20d 23h left"),
                "{width}: {all}"
            );
            // Not listed to watch: no state, as before.
            assert!(!all.contains("di's move"), "{width}: {all}");
            if width == 44 {
                // Two names of 16: the names, the state, the terms, each whole.
                let lines: Vec<&str> = all.lines().collect();
                let at = lines.iter().position(|l| l.starts_with("4  Zoe")).unwrap();
                assert_eq!(
                    lines[at + 1].trim(),
                    "山田太郎花子一二's move, 20d 23h left"
                );
                assert!(
                    lines[at + 2].trim_start().starts_with("cnr claims"),
                    "{all}"
                );
                assert_eq!(lobby.row_lines(&rows[1], number_width(&rows)), 3);
            }
            // An hour on, an hour less (worked out when drawn, not when listed).
            lobby.corr_now = now + 3600;
            lobby.page = 0;
            let all = all_pages(&mut lobby, &rows);
            assert!(all.contains("bob's move, 2d 0h left"), "{width}: {all}");
            // Table 3 ended since: its number says so.
            lobby.watched.retain(|(id, _)| *id != 3);
            lobby.ended = vec![3];
            let left: Vec<Row> = rows.iter().filter(|r| r.id != 3).cloned().collect();
            assert_eq!(lobby.key(key(KeyCode::Char('3')), &left), Choice::Stay);
            assert_eq!(
                lobby.noted(),
                Some("Table 3's correspondence game has ended since it was listed")
            );
            lobby.key(key(KeyCode::Char('9')), &left);
            assert_eq!(lobby.noted(), Some(words::NOT_A_TABLE));
        }
    }

    /// Brief s16 (club): at 44 columns a correspondence game of the player's own read
    /// `1  al… v ca…  their move  cnr claims rated 7d`, both names cut; and the legend
    /// under the tables explained `std`, `cnr` and `7d` but not a clock's `5+3`. Such a
    /// row takes two lines there, nothing cut (two names of 16, the longest terms);
    /// one that fits on one line stays one; the legend explains the clock; pages count
    /// the second lines. At 80 columns the rows are one line each, as before. Fails on
    /// the old code (`…` at 44, no clock in the legend).
    #[test]
    fn the_player_s_own_correspondence_rows_are_whole_at_44x16_and_the_legend_explains_clocks() {
        let me = "Zoe-Winterbourne";
        let row = corners_corr_row;
        let mine = row(1, [me, "Bartholomew-Lane"]);
        let theirs = Row {
            moves: 62,
            ..row(12, ["Christopher-Robi", me])
        };
        let short = Row {
            ruleset: Ruleset::Standard,
            claims: false,
            corr: Some((1, Some(Player::Yellow))),
            ..row(13, [me, "bob"])
        };
        let live = Row {
            state: RowState::Playing,
            corr: None,
            rated: false,
            claims: false,
            ruleset: Ruleset::Standard,
            clock: TimeControl::new(Duration::from_secs(300), Duration::from_secs(3)).ok(),
            ..row(14, ["carol", "dave"])
        };
        let rows = [mine, theirs, short, live];
        let key = format!("k{me}");
        let draw = |lobby: &LobbyState| {
            let area = Rect::new(0, 0, lobby.width, lobby.height);
            let mut buf = Buffer::empty(area);
            (&lobby.view(&rows, &key, Wording::Keys)).render(area, &mut buf);
            (0..lobby.height)
                .map(|y| drawn_row(&buf, y))
                .collect::<Vec<_>>()
        };
        let mut lobby = LobbyState::new(me, Palette::Default);
        lobby.resized(44, 16);
        let mut shown = Vec::new();
        for page in 0..lobby.page_count(&rows) {
            lobby.page = page;
            shown.extend(draw(&lobby));
        }
        let reads = shown.join("\n");
        assert!(!reads.contains('…'), "{reads}");
        for line in [
            " 1  Zoe-Winterbourne v Bartholomew-Lane",
            "    your move  cnr claims rated 7d  12 moves",
            "12  Christopher-Robi v Zoe-Winterbourne",
            "    their move  cnr claims rated 7d",
            "13  Zoe-Winterbourne v bob",
            "    their move  std rated 1d  12 moves",
            "14  carol v dave  standard, 5+3, 12 moves",
            "std standard, cnr corners, 1d 1 day a move,",
            "7d 7 days a move",
            "5+3 5 minutes each, plus 3 seconds a move",
        ] {
            assert!(
                shown.iter().any(|l| l.trim_end() == line),
                "{line:?} in\n{reads}"
            );
        }
        // Every table on a page, each once, and no page past the screen.
        for n in [" 1  ", "12  ", "13  ", "14  "] {
            assert_eq!(
                shown.iter().filter(|l| l.starts_with(n)).count(),
                1,
                "{n}\n{reads}"
            );
        }
        insta::assert_snapshot!("lobby_own_corr_44x16", reads);
        // Brief s36 (club36): a page held one game of two rows, its third row blank,
        // three pages in all. Two games a page now, the blank over the keys given to
        // them, and every key still shown. Fails on the old code (3 pages).
        assert_eq!(lobby.page_count(&rows), 2, "{reads}");
        lobby.page = 0;
        let first = draw(&lobby).join("\n");
        for part in [
            " 1  Zoe",
            "12  Chris",
            "n new table",
            "]/[ pages  ? all keys",
        ] {
            assert!(first.contains(part), "{part} in\n{first}");
        }
        // A row whose names fit on one line stays one.
        let fits = Row {
            names: ["zoe".into(), "bob".into()],
            ..rows[2].clone()
        };
        assert_eq!(lobby.row_lines(&fits, number_width(&rows)), 1);
        assert_eq!(lobby.row_lines(&rows[2], number_width(&rows)), 2);
        // At 80 columns: the terms in full, no short ones to explain (the two-line
        // rows there: `the_player_s_own_correspondence_rows_are_whole_at_80_columns_too`).
        let mut lobby = LobbyState::new(me, Palette::Default);
        lobby.resized(80, 24);
        let reads = draw(&lobby).join("\n");
        assert!(!reads.contains("std standard"), "{reads}");
        insta::assert_snapshot!("lobby_own_corr_80x24", reads);
    }

    /// Brief s16 (club8): at 80 columns (and wider) a correspondence game of the
    /// player's own with two names of 16 read `1  Zoe-Winterb… v Bartholomew…  your
    /// move  corners, ...`, both names cut, for the two-line form was kept to 44-79
    /// columns; and with no legend from 80 columns a live clock's `5+3` was explained
    /// nowhere. Such a row takes two lines at any width where one would cut a name,
    /// its terms in full from 80 columns; the clock is explained under the tables at
    /// every width; nothing is cut at 80x24 and every table is on a page. Fails on the
    /// old code (`…` at 80, no `5+3` line).
    #[test]
    fn the_player_s_own_correspondence_rows_are_whole_at_80_columns_too() {
        let me = "Zoe-Winterbourne";
        let row = corners_corr_row;
        let live = |id: u32| Row {
            state: RowState::Playing,
            corr: None,
            rated: false,
            claims: false,
            ruleset: Ruleset::Standard,
            clock: TimeControl::new(Duration::from_secs(300), Duration::from_secs(3)).ok(),
            ..row(id, ["carol", "dave"])
        };
        let mut rows = vec![
            row(1, [me, "Bartholomew-Lane"]),
            Row {
                moves: 62,
                spectators: 2,
                ..row(12, ["Christopher-Robi", me])
            },
            Row {
                ruleset: Ruleset::Standard,
                claims: false,
                corr: Some((1, Some(Player::Yellow))),
                ..row(13, [me, "bob"])
            },
        ];
        rows.extend((14..22).map(live));
        let key = format!("k{me}");
        let pages = |lobby: &mut LobbyState| -> Vec<String> {
            let mut shown = Vec::new();
            for page in 0..lobby.page_count(&rows) {
                lobby.page = page;
                let area = Rect::new(0, 0, lobby.width, lobby.height);
                let mut buf = Buffer::empty(area);
                (&lobby.view(&rows, &key, Wording::Keys)).render(area, &mut buf);
                shown.extend((0..lobby.height).map(|y| drawn_row(&buf, y)));
            }
            shown
        };
        for (width, height) in [(80, 24), (120, 30)] {
            let mut lobby = LobbyState::new(me, Palette::Default);
            lobby.resized(width, height);
            let shown = pages(&mut lobby);
            let reads = shown.join("\n");
            assert!(!reads.contains('…'), "{width}: {reads}");
            let lines: &[&str] = if width == 80 {
                &[
                    " 1  Zoe-Winterbourne v Bartholomew-Lane",
                    "    your move  corners, claims, rated, 7 days a move, 12 moves",
                    "12  Christopher-Robi v Zoe-Winterbourne",
                    "    their move  corners, claims, rated, 7 days a move, 62 moves, 2 watching",
                    // One line where it fits.
                    "13  Zoe-Winterbourne v bob  their move  standard, rated, 1 day a move, 12 moves",
                    "5+3 5 minutes each, plus 3 seconds a move",
                ]
            } else {
                // Wide enough for one line each: one, whole.
                &[
                    "12  Christopher-Robi v Zoe-Winterbourne  their move  corners, claims, rated, 7 days a move, 62 moves, 2 watching",
                    "5+3 5 minutes each, plus 3 seconds a move",
                ]
            };
            for &line in lines {
                assert!(
                    shown.iter().any(|l| l.trim_end() == line),
                    "{width}: {line:?} in\n{reads}"
                );
            }
            // Every table on a page, once; the keys on every page (nothing cut).
            for id in [1, 12, 13, 14, 17, 21] {
                let n = format!("{id:>2}  ");
                assert_eq!(
                    shown.iter().filter(|l| l.starts_with(&n)).count(),
                    1,
                    "{width}: {n}\n{reads}"
                );
            }
            let keys = shown.iter().filter(|l| l.contains("? all keys")).count();
            assert_eq!(keys, lobby.page_count(&rows), "{width}: {reads}");
            assert_eq!(
                lobby.row_lines(&rows[0], number_width(&rows)),
                if width == 80 { 2 } else { 1 }
            );
            assert_eq!(lobby.row_lines(&rows[2], number_width(&rows)), 1);
        }
        let mut lobby = LobbyState::new(me, Palette::Default);
        lobby.resized(80, 24);
        insta::assert_snapshot!("lobby_own_corr_pages_80x24", pages(&mut lobby).join("\n"));
    }

    /// Brief s35 (club35, from qa36): a player's own correspondence rows said `your
    /// move` without the time left (only the lobby's one line said it, of one game).
    /// Each own row says whose move and the mover's time left, at 44x16 (without
    /// `left`) and 80x24, nothing cut, every table on a page; the line mode in words;
    /// weighed for news without the time (its hours alone are no news). Fails on the
    /// old code (`your move` alone).
    #[test]
    fn the_player_s_own_correspondence_rows_say_the_time_left() {
        let me = "Zoe-Winterbourne";
        let row = corners_corr_row;
        let rows = [
            row(1, [me, "Bartholomew-Lane"]),
            row(12, ["Christopher-Robi", me]),
            Row {
                ruleset: Ruleset::Standard,
                claims: false,
                corr: Some((1, Some(Player::Blue))),
                ..row(13, ["bob", me])
            },
        ];
        let key = format!("k{me}");
        let game = |id: u32, opponent: &str, my_move: bool, left: i64| CorrGame {
            id,
            opponent: opponent.into(),
            my_move,
            since: 0,
            left,
            days: 7,
            moves: 12,
        };
        let corr = vec![
            game(1, "Bartholomew-Lane", true, 11 * 3600),
            game(13, "bob", false, 3600 + 60),
            game(12, "Christopher-Robi", false, 2 * 86400),
        ];
        for (width, height) in [(44, 16), (80, 24)] {
            let mut lobby = LobbyState::new(me, Palette::Default);
            lobby.resized(width, height);
            lobby.corr = corr.clone();
            let mut shown = Vec::new();
            for page in 0..lobby.page_count(&rows) {
                lobby.page = page;
                let area = Rect::new(0, 0, width, height);
                let mut buf = Buffer::empty(area);
                (&lobby.view(&rows, &key, Wording::Keys)).render(area, &mut buf);
                shown.extend((0..height).map(|y| drawn_row(&buf, y)));
            }
            let reads = shown.join("\n");
            assert!(!reads.contains('…'), "{width}: {reads}");
            let left = if width == 44 { "" } else { " left" };
            for state in [
                // Under numbers right-aligned to the widest (board35: ` 1` over `12`).
                format!("    your move, 11h 00m{left}  "),
                format!("    their move, 2d 0h{left}  "),
                format!("    their move, 1h 01m{left}  "),
            ] {
                assert!(
                    shown.iter().any(|l| l.starts_with(&state)),
                    "{width}: {state:?} in\n{reads}"
                );
            }
            for n in [" 1  ", "12  ", "13  "] {
                let listed = shown.iter().filter(|l| l.starts_with(n)).count();
                assert_eq!(listed, 1, "{width}: {n}\n{reads}");
            }
            insta::assert_snapshot!(format!("lobby_own_corr_time_{width}x{height}"), reads);
        }
        let mut lobby = LobbyState::new(me, Palette::Default);
        lobby.corr = corr;
        let said = said(lobby.view(&rows, &key, Wording::Commands));
        assert!(
            said.iter()
                .any(|l| l.starts_with("1  ") && l.contains("your move, 11 hours left")),
            "{said:?}"
        );
        let news = said_news(&lobby, &rows, &key);
        let own: Vec<&String> = news.iter().filter(|l| l.starts_with("1  ")).collect();
        assert!(
            own.len() == 1 && own[0].contains("your move") && !own[0].contains("left"),
            "{news:?}"
        );
    }

    /// The lobby as the line mode weighs it for news, a line each.
    fn said_news(lobby: &LobbyState, rows: &[Row], key: &str) -> Vec<String> {
        said(lobby.view(rows, key, Wording::Commands).weighed_for_news())
    }

    /// Every page of `lobby`'s tables over `rows` drawn at its size, one under the
    /// other; asserts that no page falls back to `… a taller terminal`, that each
    /// table `aN` v `bN` of `rows` is on a page once, and that the keys are on every
    /// page. The rows read.
    fn every_page_shows_every_table_once(lobby: &mut LobbyState, rows: &[Row]) -> Vec<String> {
        let (width, height) = (lobby.width, lobby.height);
        let mut shown = Vec::new();
        let mut keys = 0;
        for page in 0..lobby.page_count(rows) {
            lobby.page = page;
            let drawn = drawn_at_with(lobby, rows, width, height);
            keys += usize::from(drawn.iter().any(|l| l.contains("? all keys")));
            shown.extend(drawn);
        }
        let reads = shown.join("\n");
        let at = format!("{width}x{height}:\n{reads}");
        assert!(!reads.contains("a taller terminal"), "{at}");
        assert_eq!(keys, lobby.page_count(rows), "the keys on every page: {at}");
        // The numbers right-aligned to the widest listed (QA s34: `9  erin` stood a
        // column left of `10  erin`).
        let digits = number_width(rows);
        for row in rows {
            // `1  a1 v b1`, or `1  a1 (Blue) v b1 (Yellow)` where there is room;
            // ` 1  a1 v b1` where a table is numbered past 9.
            let n = format!("{:>digits$}  a{} ", row.id, row.id);
            let found = shown.iter().filter(|l| l.starts_with(&n)).count();
            assert_eq!(found, 1, "{n} {at}");
        }
        shown
    }

    /// The 44x16 tests' correspondence game: one at the player's move against a
    /// 16-column name (its line and the note that it came each take two rows at 44
    /// columns).
    fn corr_game_at_my_move(lobby: &mut LobbyState) {
        lobby.corr = vec![CorrGame {
            id: 40,
            opponent: "Bartholomew-Lane".into(),
            my_move: true,
            since: 0,
            left: 14 * 86400,
            days: 7,
            moves: 0,
        }];
        lobby.note_keyed(Keyed::CorrMoved("Bartholomew-Lane".into()));
    }

    /// Lines of the lobby that wrap at 44 columns cut no table at 44x16: every table
    /// is on a page once, the keys on each (one sweep of every page, for what were two
    /// tests repeating it, brief s19).
    ///
    /// - QA (club8, over ssh): a correspondence game at the player's move, its line
    ///   and the note that it came (each two rows at 44 columns) took the rows
    ///   `page_size` gave the tables: page 1 of 2 showed tables 1-3 and `… a taller
    ///   terminal shows all the lists`, and tables 4 and 5 were on no page. Failed on
    ///   the old code (the cue, no table 4).
    /// - srvqa4: the lines under "Your games" (`unfinished: 3, 7 (a number resumes
    ///   its game; w claims a win)` takes two, a tally that says its early games two);
    ///   a guard for the tally's longer wording (it held before it too).
    #[test]
    fn wrapped_lobby_lines_cut_no_table_at_44x16() {
        let rows = playing(1..=6);
        let corr: fn(&mut LobbyState) = corr_game_at_my_move;
        let mine: fn(&mut LobbyState) = |lobby| {
            lobby.mine = vec![
                Message::keyed(MessageKind::Info, Keyed::Unfinished("3, 7".into(), true)),
                Message::keyed(
                    MessageKind::Info,
                    Keyed::Tally(vec![("Bartholomew-Lane".into(), [3, 0, 1])], 2),
                ),
            ];
        };
        let cases = [("a correspondence line", corr), ("your games", mine)];
        for (case, set_up) in cases {
            let mut lobby = LobbyState::new("Zoe-Winterbourne", Palette::Default);
            set_up(&mut lobby);
            lobby.resized(44, 16);
            let reads = every_page_shows_every_table_once(&mut lobby, &rows).join("\n");
            if case == "a correspondence line" {
                assert!(reads.contains("Bartholomew-Lane (Tab opens it)"), "{reads}");
            }
        }
    }

    /// Brief s19 (club11): at 44x16 a lobby with a correspondence game at the
    /// player's move (its line and the note that it came) and their history (an
    /// unfinished game, a table's code, the last game, the tally) fell back to `… a
    /// taller terminal shows all the lists`: the tables cut to one and the games'
    /// lines under them cut away, on every page. The player's games go on pages of
    /// their own there, past the tables' (`Your games, page 3 of 3 (]/[)`): every
    /// page whole, every table on one once, every line of the games on one once, the
    /// keys on each. At 80x24 all is on one page, as before. Fails on the old code
    /// (the cue on page 1).
    #[test]
    fn a_lobby_with_correspondence_and_history_pages_its_sections_at_44x16() {
        let rows = playing(1..=6);
        let lobby_at = |width: u16, height: u16| {
            let mut lobby = LobbyState::new("Zoe-Winterbourne", Palette::Default);
            corr_game_at_my_move(&mut lobby);
            lobby.mine = vec![
                Message::keyed(MessageKind::Info, Keyed::Unfinished("3".into(), true)),
                Message::keyed(MessageKind::Info, Keyed::TableCode(7, "ABCDEF".into())),
                Message::keyed(
                    MessageKind::Info,
                    Keyed::LastGame(Box::new((
                        "Christopher-Robi".into(),
                        words::WON,
                        [21, 17],
                        false,
                        None,
                    ))),
                ),
                Message::keyed(
                    MessageKind::Info,
                    Keyed::Tally(
                        vec![
                            ("Bartholomew-Lane".into(), [3, 0, 1]),
                            ("Christopher-Robi".into(), [1, 1, 0]),
                        ],
                        2,
                    ),
                ),
            ];
            lobby.resized(width, height);
            lobby
        };
        // Whitespace as one space: a line wrapped onto two rows reads whole.
        let flat = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        let mut lobby = lobby_at(44, 16);
        let shown = every_page_shows_every_table_once(&mut lobby, &rows);
        let pages = lobby.page_count(&rows);
        let reads = shown.join("\n");
        assert!(pages > 1, "{reads}");
        let heading = format!("Your games, page {pages} of {pages} (]/[)");
        assert!(shown.iter().any(|l| l.trim_end() == heading), "{reads}");
        assert!(
            shown
                .iter()
                .any(|l| l.trim_end() == format!("Tables, page 1 of {pages} (]/[)")),
            "{reads}"
        );
        // Each page fits: nothing under the foot, the correspondence line on each.
        let page_reads: Vec<String> = shown.chunks(16).map(|page| flat(&page.join(" "))).collect();
        for line in &lobby.mine {
            let found = page_reads
                .iter()
                .filter(|p| p.contains(&flat(&line.text)))
                .count();
            assert_eq!(found, 1, "{:?} in\n{reads}", line.text);
        }
        for page in &page_reads {
            assert!(page.contains("Tab opens it"), "{page}");
        }
        insta::assert_snapshot!("lobby_corr_and_history_pages_44x16", reads);
        // At 80x24 all on one page, the games under the tables, as before.
        let mut lobby = lobby_at(80, 24);
        assert_eq!(lobby.page_count(&rows), 1);
        let shown = every_page_shows_every_table_once(&mut lobby, &rows);
        let reads = flat(&shown.join(" "));
        assert!(reads.contains("Your games"), "{reads}");
        assert!(!reads.contains("Your games, page"), "{reads}");
        for line in &lobby.mine {
            assert!(
                reads.contains(&flat(&line.text)),
                "{:?} in {reads}",
                line.text
            );
        }
        insta::assert_snapshot!("lobby_corr_and_history_80x24", shown.join("\n"));
    }

    /// QA (srvpolish): at 80 columns the line of a correspondence game at the
    /// player's move wrapped as `… Tab opens` / `it` (a long name, many games). It
    /// takes the longest wording that fits one row, at 60 and 80 columns, and
    /// still names the key and the oldest game. Fails on the old code (two rows).
    /// At 44 columns it said no count (`Tab: your move v Bartholomew-Lane, 13d 23h`,
    /// 12 games read as one): it wraps onto a second row that says how many more
    /// (srvqa4; fails on the old code), and takes one row for one game.
    #[test]
    fn the_correspondence_line_reads_whole_on_one_row() {
        let rows = playing(1..=2);
        let mut lobby = LobbyState::new("Zoe-Winterbourne", Palette::Default);
        let game = |id: u32| CorrGame {
            id,
            opponent: "Bartholomew-Lane".into(),
            my_move: true,
            since: 0,
            left: 13 * 86400 + 23 * 3600,
            days: 14,
            moves: 0,
        };
        lobby.corr = (40..52).map(game).collect();
        for (w, h) in [(44, 16), (60, 20), (80, 24)] {
            lobby.resized(w, h);
            let shown = drawn_at_with(&lobby, &rows, w, h);
            let at = shown
                .iter()
                .position(|l| l.contains("Bartholomew-Lane"))
                .unwrap();
            let line = shown[at].trim_end();
            assert!(
                line.ends_with("Tab opens it") || line.starts_with("Tab: your move v"),
                "{w}: {line}"
            );
            assert!(line.contains("13d 23h"), "{w}: {line}");
            // At 44 the count goes on a second row; nothing is cut.
            let rows = if w == 44 { 2 } else { 1 };
            let said = shown[at..at + rows].join(" ");
            assert!(
                said.contains("11 more") || said.contains("12 corr."),
                "{w}: {said}"
            );
            assert!(shown.iter().all(|l| !l.contains('…')), "{w}: cut");
            assert_eq!(
                shown[at + rows].trim(),
                "",
                "{w}: {rows} rows\n{}",
                shown.join("\n")
            );
            insta::assert_snapshot!(format!("lobby_corr_due_{w}x{h}"), shown.join("\n"));
        }
        // One game: the shortest wording, on one row at 44, drops no count.
        lobby.corr.truncate(1);
        lobby.resized(44, 16);
        let shown = drawn_at_with(&lobby, &rows, 44, 16);
        let at = shown
            .iter()
            .position(|l| l.contains("Bartholomew-Lane"))
            .unwrap();
        assert_eq!(
            shown[at].trim_end(),
            "Tab: your move v Bartholomew-Lane, 13d 23h"
        );
        assert_eq!(shown[at + 1].trim(), "", "{}", shown.join("\n"));
    }

    /// Brief s17 (club9): only the player's own correspondence rows took two lines
    /// where one would cut a name; every other row with two names (away, adjourned,
    /// over, abandoned, another's correspondence game, a live game, one open seat
    /// beside a long name) cut them on one line (`3  Zoe-Win… v Bar…  adjourned  std
    /// claims`), and at 44 columns `a player is away` left no room for a letter of
    /// them, so both names went. Every row takes two lines where one would cut a
    /// name, at every width from 44 to 200, pages counting the second lines: no
    /// `…`, each table on a page once, the keys on each page. Names of 16 columns,
    /// wide (CJK) and emoji. Fails on the old code (`…` at 44 and 80).
    #[test]
    fn every_row_with_names_one_line_would_cut_takes_two_lines_at_every_width() {
        let row = |id: u32, names: [&str; 2], state: RowState| Row {
            ruleset: Ruleset::Corners,
            claims: true,
            moves: 12,
            spectators: 1,
            state,
            rated: true,
            clock: TimeControl::new(Duration::from_secs(900), Duration::from_secs(10)).ok(),
            ..table_row(id, names)
        };
        let (long, longer) = ("Zoe-Winterbourne", "Bartholomew-Lane");
        let (wide, emoji) = ("王小明李大华张三", "🐉Dragon-Rider🐉");
        let rows = vec![
            row(1, [long, longer], RowState::Away),
            row(2, [wide, emoji], RowState::Adjourned),
            row(3, [emoji, long], RowState::Over),
            row(4, [longer, wide], RowState::Left),
            row(5, [long, wide], RowState::Playing),
            Row {
                corr: Some((7, Some(Player::Yellow))),
                clock: None,
                ..row(6, [emoji, longer], RowState::Correspondence)
            },
            Row {
                code: Some("abc".into()),
                ..row(7, [wide, words::EMPTY_SEAT], RowState::Open)
            },
            row(8, ["al", "bo"], RowState::Adjourned),
        ];
        let pages = |lobby: &mut LobbyState| -> Vec<String> {
            let mut shown = Vec::new();
            for page in 0..lobby.page_count(&rows) {
                lobby.page = page;
                shown.extend(drawn_at_with(lobby, &rows, lobby.width, lobby.height));
            }
            shown
        };
        for width in 44..=200 {
            for height in [16, 24] {
                let mut lobby = LobbyState::new("carol", Palette::Default);
                lobby.resized(width, height);
                let shown = pages(&mut lobby);
                let reads = shown.join("\n");
                assert!(!reads.contains('…'), "{width}x{height}:\n{reads}");
                for r in &rows {
                    let n = format!("{}  ", r.id);
                    assert_eq!(
                        shown.iter().filter(|l| l.starts_with(&n)).count(),
                        1,
                        "{width}x{height}: {n}\n{reads}"
                    );
                    // Both names whole, on the row's first line.
                    let first = shown.iter().find(|l| l.starts_with(&n)).unwrap();
                    for name in &r.names {
                        assert!(first.contains(name.as_str()), "{width}: {first:?}");
                    }
                }
                let keys = shown.iter().filter(|l| l.contains("? all keys")).count();
                assert_eq!(keys, lobby.page_count(&rows), "{width}x{height}: {reads}");
                // Short names stay on one line where it holds the row whole.
                if width >= 50 {
                    assert_eq!(lobby.row_lines(&rows[7], number_width(&rows)), 1, "{width}");
                }
            }
        }
        for (width, height) in [(44, 16), (60, 20), (80, 24)] {
            let mut lobby = LobbyState::new("carol", Palette::Default);
            lobby.resized(width, height);
            insta::assert_snapshot!(
                format!("lobby_two_name_rows_{width}x{height}"),
                pages(&mut lobby).join("\n")
            );
        }
    }

    /// QA (s32): a correspondence game `find` listed to watch was said in the line
    /// mode with the screen's figures (`bob's move, 15d 18h left`), where every other
    /// line there says a correspondence time in words. It says `15 days 18 hours`.
    #[test]
    fn the_line_mode_says_a_watched_game_s_time_left_in_words() {
        let row = Row {
            keys: [Some("k3a".to_owned()), Some("k3b".to_owned())],
            corr: Some((7, Some(Player::Yellow))),
            ..corners_corr_row(3, ["ann", "bob"])
        };
        let rows = [row];
        let now = 1_000_000;
        let mut lobby = LobbyState::new("carol", Palette::Default);
        lobby.resized(80, 24);
        lobby.watched = vec![(3, now + 15 * 86_400 + 18 * 3600)];
        lobby.corr_now = now;
        let said = said(lobby.view(&rows, "kcarol", Wording::Commands)).join("\n");
        assert!(said.contains("bob's move, 15 days 18 hours left"), "{said}");
        assert!(!said.contains("15d"), "{said}");
        // The screen keeps its figures.
        let drawn = drawn_at_with(&lobby, &rows, 80, 24).join("\n");
        assert!(drawn.contains("bob's move, 15d 18h left"), "{drawn}");
    }

    fn drawn_at_with(lobby: &LobbyState, rows: &[Row], width: u16, height: u16) -> Vec<String> {
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        (&lobby.view(rows, "k", Wording::Keys)).render(area, &mut buf);
        (0..height).map(|y| drawn_row(&buf, y)).collect()
    }

    /// Brief s32 (srv36): the operator's club name is the title line and the message
    /// of the day the first note. At 80x24 and 44x16 the title is whole (the widest
    /// name: 32 columns of wide characters), the message wraps by display width with
    /// every word on the screen, and the page's tables and the keys' last row stay;
    /// the line mode says both. A drawing a size, milliseconds.
    #[test]
    fn the_club_s_name_and_message_of_the_day_fit_80x24_and_44x16() {
        let rows = playing(0..12);
        let club = "界".repeat(16);
        let motd = "Welcome to the 界 club: a tournament tonight at 20:00 UTC, \
                    rated standard live 5+3; ask alice for an invitation code.";
        let welcomed = || {
            let mut lobby = LobbyState::new("Bob", Palette::Default);
            lobby.club_name = Some(club.clone());
            lobby.note(motd);
            lobby
        };
        for (w, h) in [(80u16, 24u16), (44, 16)] {
            let mut lobby = welcomed();
            lobby.resized(w, h);
            let shown = drawn_at_with(&lobby, &rows, w, h);
            let text = shown.join("\n");
            assert_eq!(shown[0].trim_end(), format!("{club}: the lobby"), "{text}");
            let flowing: Vec<&str> = shown.iter().map(|row| row.trim()).collect();
            assert!(flowing.join(" ").contains(motd), "{w}x{h}:\n{text}");
            // The keys' last row stays: a note of more than a row takes the keys'
            // rows above it until a key clears it, as any note does.
            assert!(text.contains("? all keys"), "{w}x{h}:\n{text}");
            let size = lobby.page_size(&rows);
            for n in 0..size.min(rows.len()) {
                let name = format!("  a{n} ");
                assert!(text.contains(&name), "{w}x{h}: {name} in\n{text}");
            }
        }
        let lobby = welcomed();
        let said = said(lobby.view(&rows, "k", Wording::Commands));
        assert_eq!(said[0], format!("{club}: the lobby"), "{said:#?}");
        assert!(said.iter().any(|line| line.contains(motd)), "{said:#?}");
    }

    /// Brief s33 (srv38): the message of the day, a note of several rows, took the
    /// keys' rows but their last (`? all keys`) until a key: a newcomer did not see
    /// the first keys. Brief s34 (srv39): whole, the longest (512 bytes) at 44x16 then
    /// pushed out the title, the lists and the keys' middle rows until a key. Now it
    /// is under every key row at both sizes, the lists give way to half the screen at
    /// most (the title and the first tables stay): whole at 80x24, cut at 44x16 with
    /// `… (m: read it all)`, and `m` shows it whole until a key. The pages stay; the
    /// first key brings the lists back. A few drawings, milliseconds.
    #[test]
    fn the_longest_message_of_the_day_leaves_the_title_the_tables_and_every_key_shown() {
        let rows = playing(0..12);
        let mut motd = String::new();
        for word in "Welcome to the Riverside 界 club! Rated standard live 5+3 every \
                     Tuesday at 20:00 UTC; correspondence all week. Ask alice for an \
                     invitation code, be kind, and say gg."
            .split(' ')
            .cycle()
        {
            if motd.len() + word.len() + 1 > crate::server::MAX_MOTD_BYTES as usize {
                break;
            }
            if !motd.is_empty() {
                motd.push(' ');
            }
            motd.push_str(word);
        }
        assert!(motd.len() > 500, "{}", motd.len());
        let flowing = |shown: &[String]| {
            let rows: Vec<&str> = shown.iter().map(|row| row.trim()).collect();
            rows.join(" ")
        };
        for (w, h) in [(80u16, 24u16), (44, 16)] {
            let mut lobby = LobbyState::new("Bob", Palette::Default);
            lobby.resized(w, h);
            let before = lobby.page_size(&rows);
            lobby.welcome(motd.as_str());
            assert_eq!(lobby.page_size(&rows), before, "{w}x{h}: the pages stay");
            let shown = drawn_at_with(&lobby, &rows, w, h);
            let text = shown.join("\n");
            insta::assert_snapshot!(format!("lobby_longest_motd_{w}x{h}"), text);
            assert!(
                shown
                    .iter()
                    .all(|row| crate::text::width(row) <= usize::from(w))
            );
            // The title, the player, the first tables.
            assert_eq!(shown[0].trim_end(), words::TITLE, "{w}x{h}:\n{text}");
            for n in 0..2 {
                let name = format!("  a{n} ");
                assert!(text.contains(&name), "{w}x{h}: {name} in\n{text}");
            }
            // Every key row.
            let keys: Vec<String> = [table_keys(&rows), lobby.club_keys()]
                .iter()
                .flat_map(|&line| keymap::hint_rows(line, usize::from(w)))
                .collect();
            for row in &keys {
                assert!(
                    shown.iter().any(|r| r.trim_end() == row.trim_end()),
                    "{w}x{h}: {row:?} in\n{text}"
                );
            }
            if w == 80 {
                assert!(flowing(&shown).contains(&motd), "{w}x{h}:\n{text}");
            } else {
                // Its start, cut, and how to read it all.
                assert!(
                    flowing(&shown).contains("Welcome to the Riverside 界 club!"),
                    "{text}"
                );
                assert!(!flowing(&shown).contains(&motd), "{text}");
                let last = shown.iter().rev().find(|r| !r.trim().is_empty());
                assert!(
                    last.is_some_and(|r| r.trim_end().ends_with(words::MOTD_MORE)),
                    "{text}"
                );
                // `m`: whole, until a key, which does nothing else.
                assert_eq!(lobby.key(key(KeyCode::Char('m')), &rows), Choice::Stay);
                let whole = drawn_at_with(&lobby, &rows, w, h);
                insta::assert_snapshot!("lobby_longest_motd_whole_44x16", whole.join("\n"));
                assert!(flowing(&whole).contains(&motd), "{}", whole.join("\n"));
                assert_eq!(whole[h as usize - 1].trim_end(), words::MOTD_CLOSE);
                assert_eq!(lobby.key(key(KeyCode::Char('n')), &rows), Choice::Stay);
                assert!(lobby.form.is_none(), "the key closing it opens no form");
            }
            // The first key (Esc: it leaves nothing else) clears it; the tables are back.
            let _ = lobby.key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE), &rows);
            assert!(lobby.noted().is_none());
            let shown = drawn_at_with(&lobby, &rows, w, h).join("\n");
            assert!(!shown.contains(words::LISTS_CUT), "{w}x{h}:\n{shown}");
            assert!(!shown.contains("Welcome"), "{w}x{h}:\n{shown}");
        }
        // `m` with no message of the day says so.
        let mut lobby = LobbyState::new("Bob", Palette::Default);
        assert_eq!(lobby.key(key(KeyCode::Char('m')), &[]), Choice::Stay);
        assert_eq!(lobby.noted(), Some(words::NO_MOTD));
    }
}
