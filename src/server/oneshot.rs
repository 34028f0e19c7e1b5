//! One-shot commands over SSH (`ssh -p 2222 alice@host status`): read-only, an
//! explicit allow-list, each answered in a few lines of text and then the channel
//! closes. Every other command is refused: one line on standard error (the handler
//! names it, made safe, and lists these), exit status 127. Every
//! line goes through the one filter for a stranger's text.
//!
//! - `status`: the correspondence games where it is your move, with the time left,
//!   and those waiting for your opponents;
//! - `top [standard|corners] [live|correspondence]`: a leaderboard;
//! - `games`: your last games;
//! - `help`: these commands, one a line.

use crate::rules::Ruleset;
use crate::strings::club as words;

use super::club::{Board, Speed, Standing};
use super::corr;
use super::outside::safe_line;
use super::shared::SharedHall;
use super::standings::{STACKED_FEWEST, board_name, games_answer, nobody_words, standings_answer};
use super::store::club as club_store;
use super::who::Who;

/// The longest command line taken (bytes).
pub(crate) const MAX_COMMAND: usize = 200;

/// Rows a leaderboard and a list of games print.
const ROWS: usize = 20;
const GAMES: usize = 10;

/// A command of the allow-list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OneShot {
    /// The player's correspondence games.
    Status,
    /// A leaderboard.
    Top(Board),
    /// The player's last games.
    Games,
    /// The commands taken.
    Help,
}

impl OneShot {
    /// The command in the words it is typed with, every part named (`top corners
    /// live`): what the log says, where the Rust form read `Top(Board { .. })`.
    pub(crate) fn words(self) -> String {
        match self {
            OneShot::Status => "status".to_owned(),
            OneShot::Games => "games".to_owned(),
            OneShot::Help => "help".to_owned(),
            OneShot::Top(board) => format!("top {} {}", board.ruleset_token(), board.speed.token()),
        }
    }
}

/// The command `line` asks for, if it is on the allow-list; anything else (another
/// word, more words, not UTF-8, too long) is `None`: refused.
pub(crate) fn parse(line: &[u8]) -> Option<OneShot> {
    if line.len() > MAX_COMMAND {
        return None;
    }
    let line = std::str::from_utf8(line).ok()?;
    let mut words = line.split_ascii_whitespace();
    let command = match words.next()? {
        "status" => OneShot::Status,
        "games" => OneShot::Games,
        "help" => OneShot::Help,
        "top" => {
            let mut board = Board::new(Ruleset::Standard, Speed::Live);
            let (mut ruleset, mut speed) = (false, false);
            for word in words.by_ref() {
                match (word.parse::<Ruleset>(), Speed::parse(word)) {
                    (Ok(r), _) if !ruleset && (word == "standard" || word == "corners") => {
                        board.ruleset = r;
                        ruleset = true;
                    }
                    (_, Some(s)) if !speed => {
                        board.speed = s;
                        speed = true;
                    }
                    _ => return None,
                }
            }
            OneShot::Top(board)
        }
        _ => return None,
    };
    words.next().is_none().then_some(command)
}

/// A command of the list given words it does not take (`top blitz`, `status now`):
/// the command and the first word [`parse`] refuses after it, for the refusal to name
/// (qa43: it said `no command `top blitz` here`). `None` for a command off the list.
pub(crate) fn bad_argument(line: &[u8]) -> Option<(&'static str, String)> {
    if line.len() > MAX_COMMAND {
        return None;
    }
    let line = std::str::from_utf8(line).ok()?;
    let mut parts = line.split_ascii_whitespace();
    let first = parts.next()?;
    let command = words::ONE_SHOTS
        .iter()
        .filter_map(|(usage, _)| usage.split(' ').next())
        .find(|name| *name == first)?;
    let mut taken = first.to_owned();
    for word in parts {
        taken.push(' ');
        taken.push_str(word);
        if parse(taken.as_bytes()).is_none() {
            return Some((command, word.to_owned()));
        }
    }
    None
}

/// The columns an answer is laid out for without a terminal (a pipe, `ssh HOST top
/// | less`), and at most with one.
pub(crate) const COLUMNS: u16 = 80;

/// The fewest columns an answer is laid out for: a leaderboard's or a list of
/// games' row on two lines, place and a 16-column name whole on the first
/// ([`STACKED_FEWEST`], 20). A narrower terminal is told so ([`Layout::TooNarrow`]).
pub(crate) const FEWEST_COLUMNS: u16 = STACKED_FEWEST as u16;

/// What an answer is laid out for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    /// This many columns, [`FEWEST_COLUMNS`] to [`COLUMNS`].
    Columns(usize),
    /// A terminal this many columns wide, under [`FEWEST_COLUMNS`]: the answer says
    /// it is too narrow, in its width, and nothing else.
    TooNarrow(usize),
}

/// What an answer is laid out for, given the terminal's width (`ssh -t`: its pty's),
/// or `None` without one: [`COLUMNS`] at most; under [`FEWEST_COLUMNS`] too narrow.
/// s37: under 44 columns it was laid out for 44, and wrapped in the client.
pub(crate) fn layout(terminal: Option<u16>) -> Layout {
    match terminal {
        None => Layout::Columns(usize::from(COLUMNS)),
        Some(width) if width < FEWEST_COLUMNS => Layout::TooNarrow(usize::from(width)),
        Some(width) => Layout::Columns(usize::from(width.min(COLUMNS))),
    }
}

/// What `command` prints for `who`, laid out for `layout` ([`layout`]), every line
/// filtered.
pub(crate) fn run(command: OneShot, who: &Who, hall: &SharedHall, layout: Layout) -> String {
    let columns = match layout {
        Layout::Columns(columns) => columns,
        Layout::TooNarrow(width) => {
            let said = words::one_shot_too_narrow(width, usize::from(FEWEST_COLUMNS));
            return shown(&crate::text::wrap(&said, width));
        }
    };
    let lines = match command {
        OneShot::Status => status(who, hall, columns),
        OneShot::Top(board) => top(board, hall, columns),
        OneShot::Games => games(who, hall, columns),
        OneShot::Help => hanging(&words::one_shot_help(), columns),
    };
    shown(&lines)
}

/// `lines` as printed: each through the house filter, one a line.
fn shown(lines: &[String]) -> String {
    lines
        .iter()
        .map(|line| format!("{}\n", safe_line(line)))
        .collect()
}

/// Sentences `lines` made safe and wrapped to `columns`, whole words to a line; an
/// indented line's indent (an item: `  table 12: ...`) kept on its first line, and
/// two more on the lines it wraps to, so each item stands out from the one under
/// it: less where the widest word would not fit after them (at 20 columns,
/// `Bartholomew-Lane,`). A line with no indent wraps flush.
fn hanging(lines: &[String], columns: usize) -> Vec<String> {
    let mut out = Vec::new();
    for line in lines {
        let line = safe_line(line);
        // A word too wide for a line (`[live|correspondence]:` under 22 columns) may
        // break after each `|` of it, between the choices, never inside one.
        let line = if line
            .split_whitespace()
            .any(|w| crate::text::width(w) > columns)
        {
            line.replace('|', "| ")
        } else {
            line
        };
        let body = line.trim_start_matches(' ');
        let widest = body
            .split_whitespace()
            .map(crate::text::width)
            .max()
            .unwrap_or(0);
        let room = columns.saturating_sub(widest);
        let lead = (line.len() - body.len()).min(room);
        let mut wrapped = crate::text::wrap(body, columns.saturating_sub(lead)).into_iter();
        out.extend(
            wrapped
                .next()
                .map(|first| format!("{}{first}", " ".repeat(lead))),
        );
        let rest: Vec<String> = wrapped.collect();
        if !rest.is_empty() {
            // A sentence of its own (no indent) wraps flush, as prose.
            let hang = if lead > 0 { (lead + 2).min(room) } else { 0 };
            out.extend(
                crate::text::wrap(&rest.join(" "), columns.saturating_sub(hang))
                    .into_iter()
                    .map(|more| format!("{}{more}", " ".repeat(hang))),
            );
        }
    }
    out
}

/// The player's correspondence games, a sentence each, wrapped to `columns`
/// ([`hanging`]; s37: a 16-column name made a line of 75 at any width).
fn status(who: &Who, hall: &SharedHall, columns: usize) -> Vec<String> {
    let name = who.display_name();
    if !who.can_be_rated() {
        return hanging(&[words::guest_no_games(&name)], columns);
    }
    // The wall clock, read before the hall is locked (`SharedHall::wall`).
    let wall = hall.wall();
    let (games, vacation) = {
        let hall = hall.lock();
        (
            hall.corr_games_at(&who.key, wall),
            hall.vacation_left_at(&who.key, wall),
        )
    };
    let mine: Vec<_> = games.iter().filter(|g| g.my_move).collect();
    let theirs: Vec<_> = games.iter().filter(|g| !g.my_move).collect();
    let mut lines = vec![words::status_head(&name, mine.len(), theirs.len())];
    for (my_move, list) in [(true, mine), (false, theirs)] {
        for game in list {
            lines.push(words::status_game(
                game.id,
                &game.opponent,
                game.days,
                &corr::show(game.left),
                my_move,
            ));
        }
    }
    lines.push(words::vacation_left(vacation));
    hanging(&lines, columns)
}

/// A leaderboard laid out for `columns`: its rule and any sentence wrapped to them
/// (`Nobody is listed: the 12 players ...` ran to 95), its table's columns as the
/// screen's give way ([`standings_answer`]: two lines a player where a name would be cut).
fn top(board: Board, hall: &SharedHall, columns: usize) -> Vec<String> {
    let now = hall.wall();
    let Some(store) = hall.store() else {
        return vec![words::NO_STORE.to_owned()];
    };
    let mut said = vec![words::leaderboard_title(&board_name(board))];
    let rule = (
        super::club::MIN_GAMES,
        super::club::MIN_OPPONENTS,
        crate::rating::RANKED_DEVIATION as u32,
        board.speed.active_days(),
    );
    let rule = if columns < usize::from(COLUMNS) {
        words::listed_rule_short(rule.0, rule.1, rule.2, rule.3)
    } else {
        words::listed_rule(rule.0, rule.1, rule.2, rule.3)
    };
    said.extend(rule);
    let mut table = Vec::new();
    // One more than shown: whether more are listed than the answer prints.
    match store.club(|c| club_store::leaderboard(c, board, now, (0, ROWS + 1))) {
        Ok(rows) if rows.is_empty() => {
            // Why: after a quiet month it said `Nobody is listed yet` (QA s34).
            match store.club(|c| club_store::nobody_listed(c, board, now)) {
                Ok(nobody) => said.push(nobody_words(nobody, board.speed)),
                Err(error) => said.push(words::not_read(&format!("{error:#}"))),
            }
        }
        Ok(rows) => table = board_lines(&rows, now, columns),
        Err(error) => said.push(words::not_read(&format!("{error:#}"))),
    }
    let mut lines: Vec<String> = said
        .iter()
        .flat_map(|line| crate::text::wrap(line, columns))
        .collect();
    lines.extend(table);
    lines
}

/// A leaderboard's heading and its first [`ROWS`] players of `rows`, read at `now`,
/// `columns` wide; a last line says when `rows` has more (a one-shot answer has no
/// pages: without it the twentieth read as the last listed).
fn board_lines(rows: &[Standing], now: i64, columns: usize) -> Vec<String> {
    let shown = &rows[..rows.len().min(ROWS)];
    let mut lines = standings_answer(shown, now, 1, columns);
    if rows.len() > ROWS {
        lines.extend(crate::text::wrap(&words::more_listed(ROWS), columns));
    }
    lines
}

/// The player's last games laid out for `columns` ([`games_answer`]: the profile's
/// list, names whole; s37: rows of 75 columns at any width).
fn games(who: &Who, hall: &SharedHall, columns: usize) -> Vec<String> {
    let name = who.display_name();
    let said = |line: String| hanging(&[line], columns);
    if !who.can_be_rated() {
        return said(words::guest_no_games(&name));
    }
    let Some(store) = hall.store() else {
        return said(words::NO_STORE.to_owned());
    };
    match store.club(|c| club_store::games_of(c, &who.key, (0, GAMES))) {
        Ok(games) if games.is_empty() => said(words::no_games_yet(&name)),
        Ok(games) => {
            let mut lines = said(words::games_head(&name));
            lines.extend(games_answer(&games, columns));
            lines
        }
        Err(error) => said(words::not_read(&format!("{error:#}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_s_words_parse_back_to_it() {
        let top = OneShot::Top(Board::new(Ruleset::Corners, Speed::Correspondence));
        assert_eq!(top.words(), "top corners correspondence");
        for command in [
            OneShot::Status,
            OneShot::Games,
            OneShot::Help,
            top,
            OneShot::Top(Board::new(Ruleset::Standard, Speed::Live)),
        ] {
            assert_eq!(parse(command.words().as_bytes()), Some(command));
        }
    }

    #[test]
    fn only_the_allow_list_is_taken() {
        assert_eq!(parse(b"status"), Some(OneShot::Status));
        assert_eq!(parse(b"  games \n"), Some(OneShot::Games));
        assert_eq!(parse(b"help"), Some(OneShot::Help));
        assert_eq!(
            parse(b"top"),
            Some(OneShot::Top(Board::new(Ruleset::Standard, Speed::Live)))
        );
        assert_eq!(
            parse(b"top correspondence corners"),
            Some(OneShot::Top(Board::new(
                Ruleset::Corners,
                Speed::Correspondence
            )))
        );
        for refused in [
            &b"ls"[..],
            b"status now",
            b"top standard standard",
            b"top live corners live",
            b"top blitz",
            b"sh -c status",
            b"STATUS",
            b"",
            b"\xff",
            &[b' '; 300][..],
        ] {
            assert_eq!(parse(refused), None, "{refused:?}");
        }
    }

    /// QA (s18 club10): `top` printed the first 20 and never said more were listed.
    #[test]
    fn a_leaderboard_longer_than_the_answer_says_so() {
        let now = 1_800_000_000;
        let standing = |n: u32| Standing {
            key: format!("k{n}"),
            name: format!("p{n}"),
            rating: crate::rating::Rating {
                rating: 2000.0 - f64::from(n),
                deviation: 50.0,
                volatility: 0.06,
            },
            games: 30,
            wdl: [30, 0, 0],
            abandoned: 0,
            opponents: 10,
            last: now,
        };
        let all: Vec<_> = (1..=25).map(standing).collect();
        let lines = board_lines(&all[..=ROWS], now, 80);
        assert_eq!(lines.len(), ROWS + 2, "{lines:#?}");
        assert!(lines[ROWS].contains("p20"), "{lines:#?}");
        assert_eq!(lines[ROWS + 1], words::more_listed(ROWS));
        assert!(!lines.iter().any(|l| l.contains("p21")), "{lines:#?}");
        // Exactly twenty: nothing more to say.
        let lines = board_lines(&all[..ROWS], now, 80);
        assert_eq!(lines.len(), ROWS + 1, "{lines:#?}");
        assert!(lines[ROWS].contains("p20"), "{lines:#?}");
    }

    /// Brief s36 (club36): `ssh HOST top` at 80 columns, with 16-column names (wide
    /// ones too), 4-digit provisional ratings (`1742? ±120`) and long won-drawn-lost
    /// counts, fits each row in 80 columns, every column there; a narrow terminal
    /// (`ssh -t` at 44 columns) gets the screen's narrow columns, names whole (it
    /// printed 64-column rows at any width); a pipe (no terminal) is laid out for
    /// 80, plain text with no escape. Fails on the old code (rows 64 wide at 44).
    #[test]
    fn a_leaderboard_answer_fits_its_columns_names_whole() {
        let now = 1_800_000_000;
        let names = LONG_NAMES;
        let rows = standings(now, 12_345, [9_999, 1_234, 1_112], 1_000);
        assert_eq!(layout(None), Layout::Columns(80), "a pipe: 80");
        assert_eq!(layout(Some(200)), Layout::Columns(80));
        assert_eq!(layout(Some(44)), Layout::Columns(44));
        for width in [80, 60, 44] {
            let lines = board_lines(&rows, now, width);
            let text = shown(&lines);
            assert_eq!(lines.len(), 4, "{text}");
            for line in &lines {
                assert!(
                    crate::text::width(line) <= width,
                    "{width}: {line:?}\n{text}"
                );
            }
            for name in names {
                assert!(text.contains(name), "{width}: {name} whole in\n{text}");
            }
            assert!(text.contains("1742? ±120"), "{text}");
            assert!(!text.contains('\u{1b}') && !text.contains('…'), "{text}");
            if width == 80 {
                assert!(lines[0].contains("won-drawn-lost"), "{text}");
                assert!(text.contains("9999-1234-1112"), "{text}");
            }
        }
    }

    /// A leaderboard's names at their widest: 16 columns, wide characters, two letters.
    const LONG_NAMES: [&str; 3] = ["Bartholomew-Lane", "山田太郎花子一二", "al"];

    /// Three players named [`LONG_NAMES`], rated 1742? ±120 down by one, each with
    /// `games`, won-drawn-lost `wdl` and `abandoned`, last played at `now`.
    fn standings(now: i64, games: u32, wdl: [u32; 3], abandoned: u32) -> Vec<Standing> {
        (0..3)
            .map(|n| Standing {
                key: format!("k{n}"),
                name: LONG_NAMES[n].to_owned(),
                rating: crate::rating::Rating {
                    rating: 1742.0 - n as f64,
                    deviation: 120.0,
                    volatility: 0.06,
                },
                games,
                wdl,
                abandoned,
                opponents: 10,
                last: now,
            })
            .collect()
    }

    /// Every line's words, in order: what a layout may move between lines, never
    /// cut or drop.
    fn words_of(lines: &[String]) -> Vec<String> {
        lines
            .iter()
            .flat_map(|line| line.split_whitespace())
            .map(str::to_owned)
            .collect()
    }

    /// Brief s37 (club37): `ssh -t HOST top` in a terminal narrower than 44 columns
    /// was laid out for 44 (the client wrapped its rows mid-name). Down to 20 columns
    /// each player takes two lines, place and name whole, then the rating (and
    /// won-drawn-lost where it fits); under 20 the answer says plainly the terminal
    /// is too narrow, in its width. Fails on the old code (`columns(Some(30))` was
    /// 44; no narrower layout).
    #[test]
    fn a_leaderboard_under_44_columns_takes_two_lines_a_player_down_to_20() {
        let now = 1_800_000_000;
        let names = LONG_NAMES;
        let rows = standings(now, 31, [20, 5, 6], 0);
        assert_eq!(layout(Some(43)), Layout::Columns(43));
        assert_eq!(layout(Some(20)), Layout::Columns(20));
        assert_eq!(layout(Some(19)), Layout::TooNarrow(19));
        for width in [43, 32, 26, 20] {
            let lines = board_lines(&rows, now, width);
            let text = shown(&lines);
            for line in &lines {
                assert!(
                    crate::text::width(line) <= width,
                    "{width}: {line:?}\n{text}"
                );
            }
            assert!(!text.contains('…') && !text.contains('\u{1b}'), "{text}");
            for (place, name) in names.iter().enumerate() {
                let row = format!("{:>2}  {name}", place + 1);
                assert!(
                    lines
                        .iter()
                        .any(|l| l.trim_end() == row || l.contains(&format!("  {name}  "))),
                    "{width}: {row:?} whole in\n{text}"
                );
            }
            assert_eq!(text.matches("1742? ±120").count(), 1, "{width}:\n{text}");
            assert!(lines[0].contains('#') && text.contains("rating"), "{text}");
        }
        // At 20: two lines a player under a heading of two.
        let lines = board_lines(&rows, now, 20);
        assert_eq!(lines.len(), 2 + 2 * rows.len(), "{lines:#?}");
        assert_eq!(lines[2], " 1  Bartholomew-Lane");
        assert_eq!(lines[3].trim_end(), "    1742? ±120");
        // Under 20: said plainly, whole words, in the terminal's width.
        let hall = SharedHall::default();
        let who = crate::server::who::who("ann");
        for width in [19, 12] {
            let said = run(
                OneShot::Top(Board::new(Ruleset::Standard, Speed::Live)),
                &who,
                &hall,
                layout(Some(width)),
            );
            let lines: Vec<String> = said.lines().map(str::to_owned).collect();
            assert_eq!(
                words_of(&lines).join(" "),
                "Please widen the terminal to 20 columns (now {width}), and ask again."
                    .replace("{width}", &width.to_string()),
            );
            for line in &lines {
                assert!(crate::text::width(line) <= usize::from(width), "{said}");
            }
        }
    }

    /// Brief s37 (club37): `ssh HOST status`, `games` and `help` ignored the width: a
    /// status line with a 16-column name ran to 70 columns, a games row to 75, a help
    /// line to 87 (over 80 through a pipe). Each is laid out for the width now, 80
    /// through a pipe down to 20 with `ssh -t`: sentences wrapped whole words to a
    /// line (an item's lines after its first indented two more), the games as the
    /// profile's table with every name whole, two lines and more a game where a name
    /// would be cut. Fails on the old code (lines as wide at 44 as at 80).
    #[test]
    fn status_games_and_help_answers_fit_their_columns_words_whole() {
        use crate::rating::{Outcome, Shown};
        use crate::server::store::club::GameLine;
        let names = ["Bartholomew-Lane", "你好世界你好世界", "al"];
        let status: Vec<String> =
            std::iter::once(words::status_head("Bartholomew-Lane", 2, 1))
                .chain(names.iter().enumerate().map(|(i, name)| {
                    words::status_game(100 + i as u32, name, 14, "13d 23h", i < 2)
                }))
                .chain([words::vacation_left(20)])
                .collect();
        let help = words::one_shot_help();
        let game = |n: usize| GameLine {
            id: n as i64,
            date: "2026-12-04T10:00:00Z".into(),
            colour: crate::rules::Player::Blue,
            opponent: names[n % 3].to_owned(),
            outcome: Some([Outcome::Win, Outcome::Draw, Outcome::Loss][n % 3]),
            termination: crate::record::Termination::Resignation,
            board: Board::new(
                Ruleset::Corners,
                [Speed::Live, Speed::Correspondence][n % 2],
            ),
            rated: true,
            played_rated: true,
            change: Some((1500, Shown::of(1741.6, 396.8))),
            moves: 30,
            reviewed: n == 1,
        };
        let mut games: Vec<GameLine> = (0..GAMES).map(game).collect();
        // Played as rated, ended before both moved: `not rated: early`.
        games[3] = GameLine {
            rated: false,
            change: None,
            moves: 1,
            ..game(3)
        };
        let at_80 = |lines: &[String]| hanging(lines, 80);
        assert!(
            at_80(&help).iter().all(|l| crate::text::width(l) <= 80),
            "help at 80: {:#?}",
            at_80(&help)
        );
        for width in [80, 60, 44, 30, 20] {
            for (what, lines) in [("status", &status), ("help", &help)] {
                let laid = hanging(lines, width);
                let text = shown(&laid);
                for line in &laid {
                    assert!(
                        crate::text::width(line) <= width,
                        "{what} {width}: {line:?}\n{text}"
                    );
                }
                // The same words, none cut: only the lines they are on moved; under
                // 22 columns `[live|correspondence]:` breaks after its `|`.
                if width >= 22 {
                    assert_eq!(words_of(&laid), words_of(lines), "{what} {width}:\n{text}");
                } else {
                    let whole: Vec<String> = words_of(lines)
                        .iter()
                        .flat_map(|w| {
                            w.split_inclusive('|')
                                .map(str::to_owned)
                                .collect::<Vec<_>>()
                        })
                        .collect();
                    assert_eq!(words_of(&laid), whole, "{what} {width}:\n{text}");
                }
                assert!(!text.contains('…'), "{text}");
            }
            let laid = games_answer(&games, width);
            let text = shown(&laid);
            for line in &laid {
                assert!(
                    crate::text::width(line) <= width,
                    "games {width}: {line:?}\n{text}"
                );
            }
            assert!(!text.contains('…'), "{text}");
            for name in names {
                assert!(
                    text.contains(name),
                    "games {width}: {name} whole in\n{text}"
                );
            }
            // Every game's number, outcome and rating with its change, whole.
            for n in 1..=GAMES {
                assert!(
                    laid.iter().any(|l| l.starts_with(&format!("{n:>2} "))
                        || l.starts_with(&format!("{n:>3} "))),
                    "games {width}: {n}\n{text}"
                );
            }
            assert_eq!(
                text.matches("1742? (+242)").count(),
                GAMES - 1,
                "{width}:\n{text}"
            );
            let said = words_of(&laid).join(" ");
            assert!(said.contains(words::NOT_RATED_EARLY), "{width}:\n{text}");
            assert!(text.contains('*'), "the reviewed mark at {width}:\n{text}");
        }
        // A status item's second line hangs under its first.
        let laid = hanging(&status[1..2], 44);
        assert!(
            laid.len() > 1 && laid[0].starts_with("  table 100: ") && laid[1].starts_with("    "),
            "{laid:#?}"
        );
    }

    #[test]
    fn an_answer_s_lines_are_filtered_but_not_cut_short() {
        // A 16-column name leaves a status line longer than a stranger's text may be
        // on its own (64 columns): the time left, what the line is for, must stay.
        let line = words::status_game(2, "你好世界你好世界", 3, "6d 17h", false);
        assert!(crate::text::width(&line) > 64, "{line}");
        let shown = shown(&[line.clone(), "a\u{1b}[2Jb".to_owned()]);
        assert_eq!(shown.lines().next(), Some(line.as_str()), "{shown}");
        assert!(!shown.contains('\u{1b}'), "{shown}");
        assert!(shown.ends_with("a\\u{1b}[2Jb\n"), "{shown}");
    }
}
