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
use super::outside::{safe_line, safe_text};
use super::shared::SharedHall;
use super::standings::{board_name, game_line, nobody_words};
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

/// What `command` prints for `who`, every line filtered.
pub(crate) fn run(command: OneShot, who: &Who, hall: &SharedHall) -> String {
    let lines = match command {
        OneShot::Status => status(who, hall),
        OneShot::Top(board) => top(board, hall),
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
    let (games, vacation) = {
        let hall = hall.lock();
        (hall.corr_games(&who.key), hall.vacation_left(&who.key))
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

fn top(board: Board, hall: &SharedHall) -> Vec<String> {
    let now = hall.wall();
    let Some(store) = hall.store() else {
        return vec![words::NO_STORE.to_owned()];
    };
    let mut lines = vec![words::leaderboard_title(&board_name(board))];
    let rule = words::listed_rule(
        super::club::MIN_GAMES,
        super::club::MIN_OPPONENTS,
        crate::rating::RANKED_DEVIATION as u32,
        board.speed.active_days(),
    );
    lines.extend(rule);
    // One more than shown: whether more are listed than the answer prints.
    match store.club(|c| club_store::leaderboard(c, board, now, (0, ROWS + 1))) {
        Ok(rows) if rows.is_empty() => {
            // Why: after a quiet month it said `Nobody is listed yet` (QA s34).
            match store.club(|c| club_store::nobody_listed(c, board, now)) {
                Ok(nobody) => lines.push(nobody_words(nobody, board.speed)),
                Err(error) => lines.push(words::not_read(&format!("{error:#}"))),
            }
        }
        Ok(rows) => lines.extend(board_lines(&rows, now)),
        Err(error) => lines.push(words::not_read(&format!("{error:#}"))),
    }
    lines
}

/// A leaderboard's heading and its first [`ROWS`] players of `rows`, read at `now`;
/// a last line says when `rows` has more (a one-shot answer has no pages: without
/// it the twentieth read as the last listed).
fn board_lines(rows: &[Standing], now: i64) -> Vec<String> {
    let mut lines = vec![words::BOARD_HEAD.to_owned()];
    for (i, row) in rows.iter().take(ROWS).enumerate() {
        let rating = row.now(now);
        lines.push(words::board_row(
            i + 1,
            &crate::text::pad(&crate::text::fit(&safe_text(&row.name), 16), 16),
            &words::rating(&rating.display(), rating.deviation.round() as i64),
            row.games,
            row.wdl,
            row.abandoned,
        ));
    }
    if rows.len() > ROWS {
        lines.push(words::more_listed(ROWS));
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
        let lines = board_lines(&all[..=ROWS], now);
        assert_eq!(lines.len(), ROWS + 2, "{lines:#?}");
        assert!(lines[ROWS].contains("p20"), "{lines:#?}");
        assert_eq!(lines[ROWS + 1], words::more_listed(ROWS));
        assert!(!lines.iter().any(|l| l.contains("p21")), "{lines:#?}");
        // Exactly twenty: nothing more to say.
        let lines = board_lines(&all[..ROWS], now);
        assert_eq!(lines.len(), ROWS + 1, "{lines:#?}");
        assert!(lines[ROWS].contains("p20"), "{lines:#?}");
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
