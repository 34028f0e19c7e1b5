//! `hijara serve`: the lobby and what a connection is told.

/// Sent to a client that asked for no terminal, on its standard error (as a refused
/// command's line), before the connection closes. It ends in `\n` alone: with no
/// terminal there is no raw mode to need a carriage return (until s39 it went to
/// standard output with `\r\n`, a stray `^M` in a pipe or a file).
pub(crate) const NO_PTY: &str =
    "hijara serves a full-screen game: connect with `ssh -t` (a terminal is needed)\n";
pub(crate) const TITLE: &str = "hijara: the lobby";

/// The lobby's title at a club the operator named (`hijara serve --club-name NAME`).
pub(crate) fn club_title(club: &str) -> String {
    format!("{club}: the lobby")
}
pub(crate) const TABLES: &str = "Tables";
pub(crate) const NO_TABLES: &str = "No tables yet: n opens one";
/// Under the lobby's lists when the terminal is too short to show them all.
pub(crate) const LISTS_CUT: &str = "… a taller terminal shows all the lists";
/// The end of the message of the day cut short under the lobby's keys: `m` shows it
/// whole.
pub(crate) const MOTD_MORE: &str = "… (m: read it all)";
/// The title over the message of the day shown whole (`m`).
pub(crate) const MOTD_TITLE: &str = "The message of the day";
/// Under the message of the day shown whole.
pub(crate) const MOTD_CLOSE: &str = "Any key: back to the lobby";
/// `m` at a club with no message of the day.
pub(crate) const NO_MOTD: &str = "This club has no message of the day";
pub(crate) const FIND: &str = "Find a player";
pub(crate) const CODE: &str = "Invitation code";
pub(crate) const NO_SUCH_CODE: &str = "No table has that invitation code";
pub(crate) const NO_CODE: &str = "No invitation code could be made: try again";
pub(crate) const CLAIMS: &str = "claims";
pub(crate) const NO_CLAIMS: &str = "no claims";
pub(crate) const PRIVATE: &str = "private";
pub(crate) const PUBLIC: &str = "listed";
/// `p` in the new-game form against the AI, which has no private tables.
pub(crate) const AI_NOT_PRIVATE: &str = "Only a table for two people can be private";
pub(crate) const A_PERSON: &str = "a person";
pub(crate) const OPEN: &str = "open";
/// A table a player got up from (its seat shows [`EMPTY_SEAT`]).
pub(crate) const ABANDONED: &str = "a player left";
pub(crate) const EMPTY_SEAT: &str = "-";
/// A table number typed that no table has (or a table gone since it was listed).
pub(crate) const NOT_A_TABLE: &str = "No such table: type a listed number";
pub(crate) const YOUR_TABLE: &str = "That is your own table";
/// A live game's seat picked from a second screen of the player's key while the first
/// is at it (at the board, or waiting for the other player): one screen a live seat.
pub(crate) const SEATED_ELSEWHERE: &str = "You are at this table at another terminal";
/// What the lobby's `c` says: the palette now in force, by its name.
pub(crate) fn palette_chosen(name: &str) -> String {
    format!("Palette: {name}")
}
/// The ASCII board switched (no key named: the line mode reads it too).
pub(crate) fn ascii_chosen(on: bool) -> &'static str {
    if on {
        "Board: ASCII"
    } else {
        "Board: box-drawing characters"
    }
}
/// Notifications switched (no key named: the line mode reads it too).
pub(crate) fn notify_chosen(on: bool) -> &'static str {
    if on {
        "Notifications on: the desktop tells your move while your terminal is hidden"
    } else {
        "Notifications off: the bell alone tells your move, if it is on"
    }
}
/// A switch in force now that the server could not save (a full disk, a read-only
/// database): `said` is what it says of the switch when saved. Not saved, it lasts
/// while the player's sessions do, and the next switch saved keeps it too: so "for
/// now", never "kept" nor "lost".
pub(crate) fn switch_not_saved(said: &str, error: &str) -> String {
    format!("Not saved ({error}), for now only: {said}")
}
/// The face switched to in the lobby (`true`: the line mode), as
/// [`switch_not_saved`] names it.
pub(crate) fn line_mode_chosen(on: bool) -> &'static str {
    if on { "Line mode" } else { "Full screen" }
}
/// A key the lobby does not take: `?` lists those it does.
pub(crate) const UNKNOWN_KEY: &str = "Unknown key: press ? for help";
/// The lobby's help box, scrolled: the lines shown (`first`-`last`) of `all`.
pub(crate) fn help_shown(first: usize, last: usize, all: usize) -> String {
    format!("{first}-{last} of {all}")
}
/// The lobby help's foot where it scrolls: the keys that scroll it, named from the
/// key table (`↑↓ k j PgUp PgDn Space Home End`), then how to close it.
pub(crate) fn help_scroll_foot(keys: &str, close: &str) -> String {
    format!("{keys} scroll  {close}")
}
pub(crate) const PLAYER_LEFT: &str = "A player left the table: the game stops here (q: lobby)";
/// [`PLAYER_LEFT`] naming who left (a name through the gate, as every table line's).
pub(crate) fn left_stopped(name: &str) -> String {
    format!("{name} left the table: the game stops here (q: lobby)")
}
/// [`left_stopped`] when both players left before the screen saw either go: both
/// named, Blue first.
pub(crate) fn both_left_stopped(blue: &str, yellow: &str) -> String {
    format!("{blue} and {yellow} left the table: the game stops here (q: lobby)")
}

pub(crate) fn you(name: &str) -> String {
    format!("you: {name}")
}

/// The column heads of `hijara serve names`: the name, its key's fingerprint, when it
/// was bound and its last login.
pub(crate) const NAMES_HEADS: [&str; 4] = ["name", "key", "bound", "last login"];

/// `hijara serve names`' last login of a name the server has noted none for: one
/// bound before it noted logins (schema 14), or imported, with no start since.
pub(crate) const NO_LOGIN_NOTED: &str = "not noted";
/// One of the player's ratings on the lobby's first line: `standard live 1623`,
/// `1500?` while provisional (as [`crate::rating::Rating::display`]).
pub(crate) fn rating_of(board: &str, rating: crate::rating::Shown) -> String {
    format!("{board} {rating}")
}
/// The lobby's first line with the player's ratings ([`rating_of`]) after [`you`]:
/// `you: ann  standard live 1623 · corners live 1500?`.
pub(crate) fn you_rated(you: &str, ratings: &[String]) -> String {
    format!("{you}  {}", ratings.join(" · "))
}
/// The player's ratings ([`rating_of`]) on rows under their name, `columns` wide,
/// joined by ` · ` and broken between two ratings only (one wider than a row cut
/// with `…`).
pub(crate) fn ratings_rows(ratings: &[String], columns: usize) -> Vec<String> {
    let mut rows: Vec<String> = Vec::new();
    for rating in ratings {
        match rows.last_mut() {
            Some(row) if crate::text::fits(&format!("{row} · {rating}"), columns) => {
                row.push_str(" · ");
                row.push_str(rating);
            }
            _ => rows.push(crate::text::fit(rating, columns).into_owned()),
        }
    }
    rows
}

/// The new-game form's words. `pace` is a live clock (`3+2`) or, with `days`, a
/// correspondence game's days a move, said alone (`3 days a move`: it read `clock 3
/// days a move`, where no clock runs).
pub(crate) fn form(
    opponent: &str,
    side: &str,
    variant: &str,
    claims: &str,
    private: Option<&str>,
    pace: Option<&str>,
    days: bool,
) -> String {
    let private = private.map(|p| format!(", {p}")).unwrap_or_default();
    let clock = match pace {
        Some(days_a_move) if days => days_a_move.to_owned(),
        Some(clock) => format!("clock {clock}"),
        None => "no clock".to_owned(),
    };
    format!(
        "New game: against {opponent}, you play {side}\n{variant} rules, {claims}{private}, {clock}"
    )
}
/// A line being typed (`what`: find, code), and the keys that end it.
pub(crate) fn entry(what: &str, typed: &str, keys: &str) -> String {
    format!("{what}: {typed}_  ({keys})")
}
/// A line being typed (`what`: find, code) alone, its keys on the rows under it.
pub(crate) fn entry_typed(what: &str, typed: &str) -> String {
    format!("{what}: {typed}_")
}
pub(crate) fn invitation(code: &str) -> String {
    format!("Private: your opponent types i, then the code {code}")
}
/// The code of a player's own private table they do not wait at (a correspondence
/// table), under "Your games".
pub(crate) fn table_code(number: usize, code: &str) -> String {
    format!("Table {number} is private: your opponent types i, then the code {code}")
}
pub(crate) fn found_at(name: &str, number: usize) -> String {
    format!("{name} plays at table {number}: {number} watches")
}
pub(crate) fn found_unlisted(name: &str) -> String {
    format!("{name} plays at a table not listed here")
}
pub(crate) fn found_private(name: &str) -> String {
    format!("{name} plays at a private table")
}
pub(crate) fn found_watching(name: &str, number: usize) -> String {
    format!("{name} watches table {number}: {number} watches it too")
}
pub(crate) fn found_watching_unlisted(name: &str) -> String {
    format!("{name} watches a table not listed here")
}
pub(crate) fn found_corr(name: &str) -> String {
    format!("{name} is at a correspondence game")
}
/// `f name`'s answer `found` when the player has public correspondence games in
/// play: `shown` of their `total` are now listed, to watch one by its number, and
/// what hides them (`hides`: `Esc hides` at the full screen, [`hides`]).
pub(crate) fn found_with_corr(found: &str, shown: usize, total: usize, hides: &str) -> String {
    if total == 1 {
        format!(
            "{found}. Their correspondence game in play is listed: its number watches it, {hides} it"
        )
    } else if shown < total {
        format!(
            "{found}. Their {total} correspondence games in play: the newest {shown} listed, a number watches one, {hides} them"
        )
    } else {
        format!(
            "{found}. Their {total} correspondence games in play are listed: a number watches one, {hides} them"
        )
    }
}
/// What hides the games `f` or `w` listed: the full screen's key, or the line
/// mode's command (`hide`; Esc there is no command).
pub(crate) fn hides(line_mode: bool) -> &'static str {
    if line_mode { "hide hides" } else { "Esc hides" }
}
/// Esc in the lobby: the games `f` listed of `name`'s are listed no more.
pub(crate) fn found_hidden(name: &str) -> String {
    format!("{name}'s correspondence games are no longer listed (f lists them again)")
}
/// `hide` in the line mode's lobby with no games listed by `find`.
pub(crate) const NONE_FOUND_LISTED: &str = "No games listed by find: nothing to hide";
/// A row listed to watch (`f name`): whose move, and their time left (`2d 0h`), as
/// the spectator's board says it.
pub(crate) fn watched_move(mover: &str, left: &str) -> String {
    format!("{mover}'s move, {left} left")
}
/// A correspondence game in play as a profile lists it: both players, and
/// [`watched_move`] (`alice v bob: bob's move, 2d 0h left`).
pub(crate) fn in_play_game(blue: &str, yellow: &str, state: Option<&str>) -> String {
    match state {
        Some(state) => format!("{blue} v {yellow}: {state}"),
        None => format!("{blue} v {yellow}"),
    }
}
/// `w` on a profile: `name`'s games in play are listed in the lobby now, `shown`
/// of `total`, and what hides them ([`hides`]).
pub(crate) fn in_play_listed(name: &str, shown: usize, total: usize, hides: &str) -> String {
    if shown < total {
        format!(
            "Listed to watch: the newest {shown} of {name}'s {total} correspondence games in play (a number watches one, {hides} them)"
        )
    } else if total == 1 {
        format!(
            "Listed to watch: {name}'s correspondence game in play (its number watches it, {hides} it)"
        )
    } else {
        format!(
            "Listed to watch: {name}'s {total} correspondence games in play (a number watches one, {hides} them)"
        )
    }
}
/// Table `number`, listed to watch, was picked after its game ended.
pub(crate) fn watched_ended(number: usize) -> String {
    format!("Table {number}'s correspondence game has ended since it was listed")
}
pub(crate) fn found_here(name: &str) -> String {
    format!("{name} is in the lobby")
}
pub(crate) fn found_away(name: &str) -> String {
    format!("{name} is not connected")
}
pub(crate) fn ai(level: &str) -> String {
    format!("the {level} AI")
}
/// The player's own open table, by its number in their list.
pub(crate) fn waiting(number: usize) -> String {
    format!("Table {number} is open: waiting for an opponent")
}
/// A table's terms in a row short of room, each a word or two ([`short_terms_legend`]
/// explains them, under the tables): `std claims rated 7d`, `cnr 3+2`. Casual
/// is said by `rated` missing, as in the long wording.
pub(crate) fn short_terms(
    variant: &str,
    claims: bool,
    rated: bool,
    days: Option<u8>,
    clock: Option<&str>,
) -> String {
    let mut terms = vec![super::club::short_variant(variant).to_owned()];
    if claims {
        terms.push(CLAIMS.to_owned());
    }
    if rated {
        terms.push("rated".to_owned());
    }
    if let Some(days) = days {
        terms.push(format!("{days}d"));
    }
    if let Some(clock) = clock {
        terms.push(clock.to_owned());
    }
    terms.join(" ")
}
/// Under the tables of a lobby narrower than 80 columns, where rows say their terms
/// short ([`short_terms`]): the short words of the `variants` and the `days` a move
/// they say (`std standard, cnr corners, 1d 1 day a move, 7d 7 days a move`), in rows
/// at most `columns` wide broken between the words explained only, so a short word
/// stays with its meaning (at 44 columns `3d 3 days a` ended a row, `move` began the
/// next); casual is said by `rated` missing.
pub(crate) fn short_terms_legend(variants: &[&str], days: &[u8], columns: usize) -> Vec<String> {
    let mut said: Vec<String> = variants
        .iter()
        .filter_map(|variant| match *variant {
            "standard" => Some("std standard".to_owned()),
            "corners" => Some("cnr corners".to_owned()),
            _ => None,
        })
        .collect();
    said.extend(
        days.iter()
            .map(|&d| format!("{d}d {}", super::club::days_a_move(d))),
    );
    let last = said.len().saturating_sub(1);
    let mut rows: Vec<String> = Vec::new();
    for (at, item) in said.into_iter().enumerate() {
        let item = if at < last { format!("{item},") } else { item };
        match rows.last_mut() {
            Some(row) if crate::text::width(row) + 1 + crate::text::width(&item) <= columns => {
                row.push(' ');
                row.push_str(&item);
            }
            // One too wide for a row of its own (none is, from 16 columns) wraps.
            _ => rows.extend(crate::text::wrap(&item, columns)),
        }
    }
    rows
}
/// Under the tables (and [`short_terms_legend`], narrower than [`FULL_TERMS_COLUMNS`]) where
/// a table listed has a live clock, at every width: `5+3` explained
/// (`5+3 5 minutes each, plus 3 seconds a move`), in `words` ([`super::line::clock_control`]).
pub(crate) fn clock_legend(clock: &str, words: &str) -> String {
    format!("{clock} {words}")
}
/// [`clock_legend`] in short units, where it is too wide for the lobby (`15+10 15
/// minutes each, plus 10 seconds a move` is 45 columns): `15+10 15 min each, plus
/// 10 s a move`.
pub(crate) fn clock_legend_short(clock: &str, words: &str) -> String {
    let words = words
        .split(' ')
        .map(|word| match word {
            "minute" | "minutes" => "min",
            "second" | "seconds" => "s",
            "milliseconds" => "ms",
            other => other,
        })
        .collect::<Vec<_>>()
        .join(" ");
    format!("{clock} {words}")
}
/// A table's number as the lobby's rows write it: right-aligned to `width` columns
/// (the widest number listed), so that the names start in one column (`9  erin`
/// stood a column left of `10  erin`, QA s34).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Numbered {
    pub(crate) number: usize,
    pub(crate) width: usize,
}
impl std::fmt::Display for Numbered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:>width$}", self.number, width = self.width)
    }
}
/// Whether [`table_line`] says both names whole at `columns`, with `state` (none
/// at a table in play) and the terms said `short`: its last try before it cuts them.
pub(crate) fn names_fit(
    number: impl std::fmt::Display,
    [blue, yellow]: [&str; 2],
    state: &str,
    short: &str,
    columns: usize,
) -> bool {
    let players = format!("{blue} v {yellow}");
    let mut fields = vec![number.to_string(), players];
    fields.extend(
        [state, short]
            .into_iter()
            .filter(|f| !f.is_empty())
            .map(str::to_owned),
    );
    crate::text::width(&fields.join("  ")) <= columns
}
/// A table's row on two lines, where one would cut a name ([`names_fit`]): the
/// number and both names (Blue's first; with the colours where a seat is free, its
/// colour being the one a newcomer plays), then under them the state (none at a
/// table in play), the terms and the moves (which go first where the line is short
/// of room): whole from 44 columns with two names of 16. The terms are said short
/// (`cnr claims rated 7d  12 moves`) or, `full`, as [`table_line`] says them from
/// [`FULL_TERMS_COLUMNS`] (`corners, claims, rated, 7 days a move, 12 moves`).
pub(crate) fn table_lines(
    number: impl std::fmt::Display,
    [blue, yellow]: [&str; 2],
    state: &str,
    (terms, full): (&str, bool),
    (moves, watching): (usize, usize),
    columns: usize,
) -> [String; 2] {
    let coloured = format!("{number}  {blue} (Blue) v {yellow} (Yellow)");
    let first = if [blue, yellow].contains(&EMPTY_SEAT) && crate::text::width(&coloured) <= columns
    {
        coloured
    } else {
        format!("{number}  {blue} v {yellow}")
    };
    let indent = " ".repeat(crate::text::width(&number.to_string()) + 2);
    let watched = if watching == 0 {
        String::new()
    } else {
        format!(", {watching} watching")
    };
    let count = format!("{}{watched}", super::moves_count(moves));
    let joined = if full { ", " } else { "  " };
    let lead = if state.is_empty() {
        indent
    } else {
        format!("{indent}{state}  ")
    };
    let second = [
        format!("{lead}{terms}{joined}{count}"),
        format!("{lead}{terms}"),
    ]
    .into_iter()
    .find(|line| crate::text::width(line) <= columns)
    .unwrap_or_else(|| format!("{lead}{terms}"));
    [
        crate::text::fit(&first, columns).into_owned(),
        crate::text::fit(&second, columns).into_owned(),
    ]
}
/// The narrowest lobby whose rows say their terms in full (names are cut first).
pub(crate) const FULL_TERMS_COLUMNS: usize = 80;
/// One table's line: number, players (Blue's name first), rules, moves, spectators
/// (only when someone watches: nobody watching is not said, as on the game's screen),
/// state. Where the whole line is wider than `columns`, the state comes before the
/// rules, then the colours go where both seats are taken, then the terms are said
/// short (`short`, from [`short_terms`], where given), then the moves go, then the names are cut
/// with `…`: the terms that matter to someone sitting down (rated, the pace, the
/// variant, claims) and the state are never what is cut, from 44 columns up.
#[allow(clippy::too_many_arguments)]
pub(crate) fn table_line(
    number: impl std::fmt::Display,
    names: [&str; 2],
    rules: &str,
    short: Option<&str>,
    moves: usize,
    watching: usize,
    state: &str,
    columns: usize,
) -> String {
    let (line, _) = table_line_said(number, names, rules, short, moves, watching, state, columns);
    line
}
/// [`table_line`], and whether it says its terms short (`short`, where given): the
/// lobby's legend explains only short words a row says ([`short_terms_legend`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn table_line_said(
    number: impl std::fmt::Display,
    [blue, yellow]: [&str; 2],
    rules: &str,
    short: Option<&str>,
    moves: usize,
    watching: usize,
    state: &str,
    columns: usize,
) -> (String, bool) {
    // No short wording: the long one, the names cut first.
    let said_short = short.is_some();
    let short = short.unwrap_or(rules);
    let fits = |line: &String| crate::text::width(line) <= columns;
    let coloured = format!("{blue} (Blue) v {yellow} (Yellow)");
    let bare = format!("{blue} v {yellow}");
    let moves = super::moves_count(moves);
    let watched = if watching == 0 {
        String::new()
    } else {
        format!(", {watching} watching")
    };
    let count = format!("{moves}{watched}");
    // The fields, two spaces between them; a table in play has no state to say.
    let row = |fields: &[&str]| -> String {
        let mut all = vec![number.to_string()];
        all.extend(
            fields
                .iter()
                .filter(|f| !f.is_empty())
                .map(|f| (*f).to_owned()),
        );
        all.join("  ")
    };
    let long = format!("{rules}, {count}");
    let brief = format!("{short}  {count}");
    let seats_taken = ![blue, yellow].contains(&EMPTY_SEAT);
    // Each try, and whether it says the terms short.
    let mut tries = vec![
        (row(&[&coloured, &long, state]), false),
        (row(&[&coloured, state, &long]), false),
    ];
    // The colours go (Blue is named first) where no seat is free (a free seat's
    // colour is the one a newcomer plays) before the terms are said short.
    if seats_taken {
        tries.push((row(&[&bare, state, &long]), false));
    }
    tries.push((row(&[&coloured, state, &brief]), said_short));
    if !seats_taken {
        tries.push((row(&[&coloured, state, short]), said_short));
    }
    tries.push((row(&[&bare, state, &brief]), said_short));
    tries.push((row(&[&bare, state, short]), said_short));
    if let Some(said) = tries.into_iter().find(|(l, _)| fits(l)) {
        return said;
    }
    // The names are cut, not the state nor the terms; with no room for a letter of
    // them (a long state at 44 columns), they go: nobody sits at a table in play.
    let rest = crate::text::width(&row(&["", state, short])) + 2;
    // Each name is cut to its share (a free seat's `-` is kept), so both show.
    let room = columns.saturating_sub(rest).saturating_sub(3);
    if room < 4 {
        return (row(&[state, short]), said_short);
    }
    let cut = |name: &str, columns: usize| -> String {
        if name == EMPTY_SEAT {
            name.to_owned()
        } else {
            crate::text::fit(name, columns).into_owned()
        }
    };
    // Blue's share leaves Yellow half the room, or what Yellow needs if less.
    let blue = cut(blue, room - crate::text::width(yellow).min(room / 2));
    let yellow = cut(yellow, room - crate::text::width(&blue));
    let players = format!("{blue} v {yellow}");
    (row(&[&players, state, short]), said_short)
}
/// A live table's clock after its rules: `, 3+2` (minutes, then seconds a move).
pub(crate) fn clock_suffix(minutes: &str) -> String {
    format!(", {minutes}")
}
/// The server's AI as a player's name: `hard AI`.
pub(crate) fn ai_name(level: &str) -> String {
    format!("{level} AI")
}
pub(crate) fn refused_name(error: &str) -> String {
    format!("name refused: {error}")
}
pub(crate) const ADJOURNED: &str = "adjourned";
pub(crate) const AWAY: &str = "a player is away";
pub(crate) const BACK: &str = "Your opponent is back";
/// The opponent's link dropped: their seat is kept for `left` (`m:ss`).
pub(crate) fn waiting_for(name: &str, left: &str) -> String {
    format!("waiting for {name} ({left})")
}
/// Whether `told` is a [`waiting_for`] or [`gone`] line.
pub(crate) fn is_waiting(told: &str) -> bool {
    told.starts_with("waiting for ") || told.contains(" did not come back")
}
/// Whether `told` is a countdown of a seat kept ([`waiting_for`], [`watched_waiting_for`]):
/// a new one with only its time moved is no news.
pub(crate) fn is_countdown(told: &str) -> bool {
    told.starts_with("waiting for ")
}
/// The other player did not come back to table `table` within the grace: how to
/// claim the win, with the table's number (s33: the `w` key asks for it; only the line
/// mode's `win 3` named it).
pub(crate) fn gone(name: &str, table: u32) -> String {
    format!("{name} did not come back: q adjourns; then w {table} in the lobby claims the win")
}
pub(crate) const CLAIM_WHICH: &str =
    "Claim the win at which of your tables? Its number (any other key: no)";
pub(crate) const CLAIMED: &str =
    "You won: your opponent did not come back. The game is in your history.";
pub(crate) const NOT_CLAIMABLE: &str =
    "Not yet: a win can be claimed once the opponent's link has been gone for the grace period";
/// A claim at a table with no live game of the claimer's in play (watched, someone
/// else's, over, a correspondence game, whose clock decides): it said
/// [`NOT_CLAIMABLE`]'s `Not yet`, as if waiting would grant it.
pub(crate) const NO_GAME_TO_CLAIM: &str = "No win to claim: that table has no live game of yours";
pub(crate) fn not_saved(error: &str) -> String {
    format!("This game is not being saved: {error}")
}
pub(crate) fn adjourned_to_wait(number: usize) -> String {
    format!("Table {number}: waiting for your opponent to come back")
}
/// A table's rules in its lobby line: `standard`, `corners, claims`.
pub(crate) fn rules(variant: &str, claims: bool) -> String {
    if claims {
        format!("{variant}, {CLAIMS}")
    } else {
        variant.to_owned()
    }
}
/// A private table in its own player's list.
pub(crate) const PRIVATE_OPEN: &str = "open, private";
/// A finished game at a table, in the lobby's list.
pub(crate) const OVER: &str = "over";
/// The win claimed against a player who is on the server now.
pub(crate) fn claim_present(name: &str) -> String {
    format!("{name} is on the server: no win is claimed against a player who is here")
}
/// A move or request the store could not keep: taken back, and why. (Said of an
/// undo request or a resignation too, so not "not played".)
pub(crate) fn not_kept(error: &str) -> String {
    format!("Not saved, so not done: {error}. The game is as it was.")
}
/// A spectator's line: a player's link dropped, their seat kept for `left`.
pub(crate) fn watched_waiting_for(name: &str, left: &str) -> String {
    format!("waiting for {name}: their seat is kept ({left})")
}
/// A spectator's line: a player's seat was kept for the grace period in vain.
pub(crate) fn watched_gone(name: &str) -> String {
    format!("{name} did not come back")
}
/// A spectator's line: `winner` claimed the win against `loser`, whose link dropped
/// and who did not come back (the table closes with it).
pub(crate) fn watched_claimed(winner: &str, loser: &str) -> String {
    format!("{winner} wins: {loser} did not come back")
}
/// A spectator's line: both players are at the table again.
pub(crate) const WATCHED_BACK: &str = "Both players are at the table";
/// Both players' lobby line: their live game without a clock at table `number` was
/// adjourned, its mover `name` having sent nothing for the idle time-out (`seconds`).
pub(crate) fn idle_adjourned(number: u32, name: &str, seconds: u64) -> String {
    let span = match seconds {
        60 => "1 minute".to_owned(),
        s if s % 60 == 0 => format!("{} minutes", s / 60),
        1 => "1 second".to_owned(),
        s => format!("{s} seconds"),
    };
    format!(
        "Table {number} adjourned: {name} did not move for {span}; either resumes it from the lobby"
    )
}
/// A spectator's line: the game waits until both players are back.
pub(crate) const WATCHED_ADJOURNED: &str =
    "The game is adjourned: it goes on when both players are back";
/// [`WATCHED_ADJOURNED`] at a game against the server's AI, which is always there:
/// it waits for its one player, `name`.
pub(crate) fn watched_adjourned_for(name: &str) -> String {
    format!("The game is adjourned: it goes on when {name} is back")
}
/// [`watched_adjourned_for`] on a narrow screen (44 columns, a name of 16).
pub(crate) fn watched_adjourned_for_short(name: &str) -> String {
    format!("Adjourned until {name} is back")
}
pub(crate) const YOUR_GAMES: &str = "Your games";
/// The heading of the player's games on a page of their own, past the tables' (a
/// short screen): [`super::club::tables_page`]'s words.
pub(crate) fn your_games_page(page: usize, pages: usize) -> String {
    format!("{YOUR_GAMES}, {} (]/[)", super::club::page_of(page, pages))
}
/// The line listing the player's adjourned games by their numbers in the list; `claim`:
/// one is against a person, so `w` may claim a win there.
pub(crate) fn unfinished(numbers: &str, claim: bool) -> String {
    // `numbers` is one number, or several joined by commas.
    let resumes = if numbers.contains(',') {
        "a number resumes its game"
    } else {
        "its number resumes it"
    };
    if claim {
        format!("unfinished: {numbers} ({resumes}; w claims a win)")
    } else {
        format!("unfinished: {numbers} ({resumes})")
    }
}
/// The player's last finished game here; `how` it ended, if early ([`last_how`]).
pub(crate) fn last_game(
    opponent: &str,
    outcome: &str,
    [mine, theirs]: [u32; 2],
    how: Option<&str>,
) -> String {
    match how {
        Some(how) => format!("last: v {opponent}, {outcome} {mine}-{theirs} ({how})"),
        None => format!("last: v {opponent}, {outcome} {mine}-{theirs}"),
    }
}
/// How the player's last game ended early, from their side (`won` or not): the
/// totals of a game ended so (`won 0-0`) do not say who won it, nor why. `claimed`:
/// abandoned by a link that dropped, the win claimed (not a player who chose to
/// leave).
pub(crate) fn last_how(
    ending: crate::record::Termination,
    won: bool,
    claimed: bool,
) -> Option<&'static str> {
    use crate::record::Termination;
    match (ending, won, claimed) {
        (Termination::Normal, _, _) => None,
        (Termination::Resignation, true, _) => Some("they resigned"),
        (Termination::Resignation, false, _) => Some("you resigned"),
        (Termination::Abandoned, true, true) => Some("claimed: their link dropped"),
        (Termination::Abandoned, false, true) => Some("claimed: your link dropped"),
        (Termination::Abandoned, true, false) => Some("they left"),
        (Termination::Abandoned, false, false) => Some("you left"),
        (Termination::TimeForfeit, _, _) => Some("on time"),
    }
}
/// [`last_game`]'s line for a game played as rated that ended before both players
/// moved, which was not rated: worded as a profile's list words it.
pub(crate) fn last_game_not_rated(last: &str) -> String {
    format!("{last}, {}", super::club::NOT_RATED_EARLY)
}
/// Results against one opponent: wins, draws, losses.
pub(crate) fn versus(opponent: &str, counts: [u32; 3]) -> String {
    let [w, d, l] = counts;
    format!("v {opponent} {w}-{d}-{l}")
}
pub(crate) const TALLY_HEAD: &str = "won-drawn-lost";
/// The player's last game, from their side.
pub(crate) const WON: &str = "won";
/// See [`WON`].
pub(crate) const DRAWN: &str = "drawn";
/// See [`WON`].
pub(crate) const LOST: &str = "lost";
/// The results against each opponent ([`versus`]), with the tally's heading.
pub(crate) fn tally(each: &[String], early: u32) -> String {
    match early {
        0 => format!("{} ({TALLY_HEAD})", each.join(", ")),
        _ => format!(
            "{} ({TALLY_HEAD}; {})",
            each.join(", "),
            early_left_out(early)
        ),
    }
}
/// The games a tally leaves out, played as rated and ended before both moved.
pub(crate) fn early_left_out(early: u32) -> String {
    format!(
        "{} not counted",
        super::count(early, "early game", "early games")
    )
}

/// What a help line says of a switch kept with the player's key.
pub(crate) const KEPT_FOR_KEY: &str = "kept for your key";
/// [`KEPT_FOR_KEY`] as a guest reads it: a guest has no key, and nothing is kept.
pub(crate) const KEPT_FOR_VISIT: &str = "for this visit only: a guest's choices are not kept";

/// A help line (`help`) as a guest reads it: what is kept for a key is kept for
/// nobody (QA s28: a guest's line-mode help said `kept for your key`).
pub(crate) fn help_for_guest(help: &str) -> std::borrow::Cow<'_, str> {
    if help.contains(KEPT_FOR_KEY) {
        help.replace(KEPT_FOR_KEY, KEPT_FOR_VISIT).into()
    } else {
        help.into()
    }
}

/// Said on the client's main screen before the full-screen lobby opens, for a screen
/// reader to hear first (a line of its own, with the pty's carriage return). A
/// guest's switches are kept for nobody, so a guest is not promised it is kept.
pub(crate) fn line_mode_offer(guest: bool) -> String {
    let kept = if guest { "" } else { " (kept for your key)" };
    format!(
        "Hijara. Screen reader? Press L in the lobby for the line mode{kept}, or connect with TERM=dumb.\r\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// QA (serveqa4): a table whose player got up read `… left` at the end of its row,
    /// or lost it past the width. It says a player left, right after the players
    /// when the row is short, and the colours go before the state does.
    #[test]
    fn a_table_a_player_left_says_so_even_in_a_narrow_lobby() {
        let row = |columns| {
            table_line(
                1,
                ["Zoë", "-"],
                "standard",
                Some("std"),
                12,
                0,
                ABANDONED,
                columns,
            )
        };
        assert_eq!(
            row(80),
            "1  Zoë (Blue) v - (Yellow)  standard, 12 moves  a player left"
        );
        // A free seat keeps its colour (who sits there plays it), though the rules
        // are cut.
        let middle = row(50);
        assert!(
            middle.starts_with("1  Zoë (Blue) v - (Yellow)  a player left  "),
            "{middle}"
        );
        let narrow = row(30);
        assert!(narrow.starts_with("1  Zoë v -  a player left"), "{narrow}");
    }

    /// QA (srvfix): a lobby row said `0 watching` where it had room (80 columns),
    /// while the game's screen says nothing when nobody watches. Watchers are said
    /// only when there are some, at every width. Fails on the old code (`0 watching`
    /// at 80).
    #[test]
    fn a_table_line_says_watchers_only_when_someone_watches() {
        for columns in [200, 80, 60, 44] {
            let line = |watching| {
                table_line(
                    12,
                    ["Zoë", "Bob"],
                    "standard",
                    Some("std"),
                    7,
                    watching,
                    // As the lobby says a table in play: no state.
                    "",
                    columns,
                )
            };
            let nobody = line(0);
            assert!(!nobody.contains("watching"), "{columns}: {nobody}");
            assert!(nobody.contains("7 moves"), "{columns}: {nobody}");
            let two = line(2);
            assert!(two.contains(", 2 watching"), "{columns}: {two}");
        }
    }

    /// QA (lead, played over ssh): a correspondence row at 80 columns lost its move
    /// count (`standard, rated, 3 days a move, 3 mo…`) while the colour words
    /// stood. Where dropping them keeps the row whole, they go. Fails on the old code.
    #[test]
    fn a_correspondence_row_is_whole_at_80_columns_without_the_colours() {
        let line = table_line(
            1,
            ["alice", "bob"],
            "standard, rated, 3 days a move",
            Some("std rated 3d"),
            3,
            0,
            "your move",
            80,
        );
        assert_eq!(
            line,
            "1  alice v bob  your move  standard, rated, 3 days a move, 3 moves"
        );
        // Room for it all: the colours stay.
        let wide = table_line(
            1,
            ["alice", "bob"],
            "standard, rated, 3 days a move",
            Some("std rated 3d"),
            3,
            0,
            "your move",
            100,
        );
        assert!(
            wide.starts_with("1  alice (Blue) v bob (Yellow)  "),
            "{wide}"
        );
        // An open seat keeps the colours.
        let open = table_line(
            1,
            ["alice", EMPTY_SEAT],
            "standard, rated, 3 days a move",
            Some("std rated 3d"),
            0,
            0,
            "open",
            60,
        );
        assert!(
            open.starts_with("1  alice (Blue) v - (Yellow)  open  "),
            "{open}"
        );
    }

    /// QA (srvfix, played over ssh): a table where one stone was played read `1
    /// moves` in the lobby. Fails on the old code.
    #[test]
    fn a_table_line_counts_one_move_as_one_move() {
        for columns in [80, 44] {
            let line = |moves| {
                table_line(
                    3,
                    ["ann", "bob"],
                    "standard",
                    Some("std"),
                    moves,
                    0,
                    "open",
                    columns,
                )
            };
            assert!(line(1).contains("standard, 1 move"), "{}", line(1));
            assert!(!line(1).contains("1 moves"), "{}", line(1));
            assert!(line(0).contains("0 moves") && line(12).contains("12 moves"));
        }
    }

    /// QA (club6, brief s15): at 44 columns an open table read `3  alice (Blue) v -
    /// (Yellow)  open  standar…`: whether it was rated, or correspondence at 7 days a
    /// move, was cut, and sitting is immediate. At every width from 44 up a row is
    /// whole and says the state, the variant, claims, rated and the pace; names are
    /// cut before any of them. Fails on the old code (`rated` missing at 44).
    #[test]
    fn a_table_row_always_says_its_terms_from_44_columns_up() {
        let long_name = "abcdefghijklmnop";
        let cases = [
            (
                ["alice", EMPTY_SEAT],
                "corners, claims, rated, 7 days a move",
                "open",
                true,
                Some(7),
                None,
            ),
            (
                ["alice", EMPTY_SEAT],
                "standard, rated, 3+2",
                "open, private",
                false,
                None,
                Some("3+2"),
            ),
            (
                [long_name, long_name],
                "standard, claims, rated, 1 day a move",
                "their move",
                true,
                Some(1),
                None,
            ),
            (
                [long_name, EMPTY_SEAT],
                "corners, claims, rated, 10+5",
                "a player is away",
                true,
                None,
                Some("10+5"),
            ),
            (["ann", "bob"], "standard", "", false, None, None),
        ];
        for ([blue, yellow], rules, state, claims, days, clock) in cases {
            let variant = rules.split(',').next().unwrap_or_default();
            let short = short_terms(variant, claims, rules.contains("rated"), days, clock);
            for columns in 44..=120 {
                let line = table_line(
                    12,
                    [blue, yellow],
                    rules,
                    Some(&short),
                    40,
                    3,
                    state,
                    columns,
                );
                assert!(crate::text::width(&line) <= columns, "{columns}: {line}");
                assert!(line.contains(state), "{columns}: {line}");
                let says = |long: &str, short: &str| line.contains(long) || line.contains(short);
                assert!(says(variant, &short[..3]), "{columns}: {line}");
                assert_eq!(line.contains("claims"), claims, "{columns}: {line}");
                assert_eq!(
                    line.contains("rated"),
                    rules.contains("rated"),
                    "{columns}: {line}"
                );
                if let Some(days) = days {
                    assert!(
                        says(&format!("{days} day"), &format!("{days}d")),
                        "{columns}: {line}"
                    );
                }
                if let Some(clock) = clock {
                    assert!(line.contains(clock), "{columns}: {line}");
                }
            }
        }
        // The old row's case, at 44: the terms said short, the names whole.
        let short = short_terms("corners", true, true, Some(7), None);
        assert_eq!(short, "cnr claims rated 7d");
        let line = table_line(
            3,
            ["alice", EMPTY_SEAT],
            "corners, claims, rated, 7 days a move",
            Some(&short),
            0,
            0,
            OPEN,
            44,
        );
        assert_eq!(line, "3  alice v -  open  cnr claims rated 7d");
        // 80 columns as before where the long wording fits.
        let line = table_line(
            3,
            ["alice", EMPTY_SEAT],
            "standard, rated, 3+2",
            Some("std rated 3+2"),
            0,
            0,
            OPEN,
            80,
        );
        assert_eq!(
            line,
            "3  alice (Blue) v - (Yellow)  standard, rated, 3+2, 0 moves  open"
        );
    }

    /// QA (club6, over ssh at 44x16): with the terms kept whole, a correspondence row
    /// read `2  alice v…  their move  cnr claims rated 7d`: the opponent's name gone
    /// whole. Each name is cut to its share, so both show (`al… v c…`). Fails on a
    /// whole-string cut.
    #[test]
    fn a_short_row_cuts_each_name_to_its_share() {
        let short = short_terms("corners", true, true, Some(7), None);
        let line = table_line(
            2,
            ["alice", "carol"],
            "corners, claims, rated, 7 days a move",
            Some(&short),
            0,
            0,
            "their move",
            44,
        );
        assert_eq!(line, "2  al… v c…  their move  cnr claims rated 7d");
        let long = table_line(
            2,
            ["abcdefghijklmnop", "qrstuvwxyzabcdef"],
            "corners, claims, rated, 7 days a move",
            Some(&short),
            0,
            0,
            "their move",
            44,
        );
        assert_eq!(long, "2  ab… v q…  their move  cnr claims rated 7d");
    }
}
