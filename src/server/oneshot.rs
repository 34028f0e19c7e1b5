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
use super::standings::{board_name, game_line, nobody_words, standings_table};
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

/// The columns an answer is laid out for without a terminal (a pipe, `ssh HOST top
/// | less`), and at most with one.
pub(crate) const COLUMNS: u16 = 80;

/// The fewest columns an answer is laid out for: the leaderboard's columns give way
/// down to its place, name and rating (the screen's served minimum, 44).
const FEWEST_COLUMNS: u16 = 44;

/// The columns an answer is laid out for, given the terminal's (`ssh -t`: its pty's
/// width), or `None` without one: [`COLUMNS`] at most, [`FEWEST_COLUMNS`] at least.
pub(crate) fn columns(terminal: Option<u16>) -> usize {
    usize::from(terminal.map_or(COLUMNS, |w| w.clamp(FEWEST_COLUMNS, COLUMNS)))
}

/// What `command` prints for `who`, laid out for `columns` ([`columns`]), every line
/// filtered.
pub(crate) fn run(command: OneShot, who: &Who, hall: &SharedHall, columns: usize) -> String {
    let lines = match command {
        OneShot::Status => status(who, hall),
        OneShot::Top(board) => top(board, hall, columns),
        OneShot::Games => games(who, hall),
        OneShot::Help => words::one_shot_help(),
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

fn status(who: &Who, hall: &SharedHall) -> Vec<String> {
    let name = who.display_name();
    if !who.can_be_rated() {
        return vec![words::guest_no_games(&name)];
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
    lines
}

/// A leaderboard laid out for `columns`: its rule and any sentence wrapped to them
/// (`Nobody is listed: the 12 players ...` ran to 95), its table's columns as the
/// screen's give way ([`standings_table`]).
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
    let (head, table) = standings_table(shown, now, 1, columns);
    let mut lines: Vec<String> = head.into_iter().chain(table).collect();
    if rows.len() > ROWS {
        lines.extend(crate::text::wrap(&words::more_listed(ROWS), columns));
    }
    lines
}

fn games(who: &Who, hall: &SharedHall) -> Vec<String> {
    let name = who.display_name();
    if !who.can_be_rated() {
        return vec![words::guest_no_games(&name)];
    }
    let Some(store) = hall.store() else {
        return vec![words::NO_STORE.to_owned()];
    };
    match store.club(|c| club_store::games_of(c, &who.key, (0, GAMES))) {
        Ok(games) if games.is_empty() => vec![words::no_games_yet(&name)],
        Ok(games) => {
            let mut lines = vec![words::games_head(&name)];
            for (i, game) in games.iter().enumerate() {
                lines.push(game_line(i + 1, game, &board_name(game.board)));
            }
            lines
        }
        Err(error) => vec![words::not_read(&format!("{error:#}"))],
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
        let names = ["Bartholomew-Lane", "山田太郎花子一二", "al"];
        let rows: Vec<Standing> = (0..3)
            .map(|n| Standing {
                key: format!("k{n}"),
                name: names[n].to_owned(),
                rating: crate::rating::Rating {
                    rating: 1742.0 - n as f64,
                    deviation: 120.0,
                    volatility: 0.06,
                },
                games: 12_345,
                wdl: [9_999, 1_234, 1_112],
                abandoned: 1_000,
                opponents: 10,
                last: now,
            })
            .collect();
        assert_eq!(columns(None), 80, "a pipe: 80");
        assert_eq!(columns(Some(200)), 80);
        assert_eq!(columns(Some(30)), 44);
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
