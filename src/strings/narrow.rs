//! Short wordings of status-line messages, for a narrow screen (the served minimum,
//! 44 columns): a message with one wording wider than the screen covers the board
//! with a box until the next key, where its short wording stays on the status line.
//! Each is paired with its long text here, so `ui::Message` finds it for any way
//! the long text reaches a screen (a refusal, a table's note, a keyed line). The
//! lessons', puzzles' and start screen's notes are wrapped in their panels instead.

use super::table::Who;
use super::talk::LastClaimEnd;
use super::{analysis, claim, club, message, serve, table, talk};

/// Each long text and its short wording.
const PAIRS: &[(&str, &str)] = &[
    (table::UNDO_SENT, "Take-back asked: waiting for the answer"),
    (
        table::UNDO_SETTLED,
        "Take-back settled at your other screen",
    ),
    (
        table::REMATCH_SENT,
        "Rematch offered: waiting for the answer",
    ),
    (table::NO_REDO_AI, "No redo here: the table keeps the game"),
    (
        table::NEW_GAME_AT_THE_END_AI,
        "New game once this one is over (R resigns)",
    ),
    (table::GAME_OVER, "Game over: n rematch, q lobby"),
    (
        table::GAME_OVER_REMATCH_SENT,
        "Game over: rematch sent, q lobby",
    ),
    (table::GAME_OVER_AI, "Game over: n new game, q lobby"),
    (table::GAME_OVER_LEFT, "Game over, the other left: q lobby"),
    (
        message::GAME_OVER,
        "Game over: n new, w swap, r review, q quit",
    ),
    (
        message::GAME_OVER_BACK,
        "Game over: n new, w swap, r review, q back",
    ),
    (
        message::AI_STALLED,
        "The AI has no move: u undo, n new game",
    ),
    (
        message::TYPE_A_SQUARE,
        "Type a square: a-d, then 1-4, such as b3",
    ),
    (
        message::NEW_INSTEAD_OF_RESUME,
        // `kept aside`, as the long text says (qa45: `set aside` read as thrown away).
        "New game: the autosaved one is kept aside",
    ),
    (
        message::NOT_BETWEEN_PLAYERS,
        "Not in a network game between two players",
    ),
    (
        message::OVER_AT_THIS_MOVE,
        "Over at this move: ← back to play on",
    ),
    (talk::MUTED, "Their messages are muted (M: hear them)"),
    (talk::NOT_DELIVERED, "Not delivered: the other player left"),
    (
        talk::NO_CORR_REMATCH,
        "No corr. rematch: open a table (lobby, n)",
    ),
    (
        serve::PLAYER_LEFT,
        "A player left: the game stops (q: lobby)",
    ),
    (
        serve::WATCHED_ADJOURNED,
        "Adjourned: it goes on when both are back",
    ),
    (serve::CLAIMED, "You won: your opponent did not come back"),
    (
        serve::NOT_CLAIMABLE,
        "Not yet: a win waits for the grace period",
    ),
    (
        serve::CLAIM_WHICH,
        "Which table? Its number (any other key: no)",
    ),
    (
        club::NOT_YOUR_PROFILE,
        "Only your own profile can leave the boards",
    ),
    (club::AI_NOT_RATED, "Games against the AI are never rated"),
    (
        club::GUEST_NOT_RATED,
        "A guest is never rated: connect with a key",
    ),
    (
        club::REVIEW_QUEUED,
        "Under review at the server: shown when ready",
    ),
    (
        club::CLAIM_WITH_MOVE,
        "Claim (+N Enter), or it goes unclaimed",
    ),
    (
        claim::TYPE_DIGITS,
        "Points (digits), Enter: claim, Esc: cancel",
    ),
    (claim::EMPTY, "Type the points after +, then Enter"),
    (claim::GO_ON, "Enter: the AI plays (claim first: +N Enter)"),
    (analysis::DEEP_NOTHING_LEFT, "Nothing left to review deeper"),
    (
        analysis::DEEP_AT_SERVER,
        "The server's review: no deep review",
    ),
];

/// The short wording of `text`, if it has one.
pub(crate) fn short_of(text: &str) -> Option<&'static str> {
    PAIRS
        .iter()
        .find(|(long, _)| *long == text)
        .map(|(_, short)| *short)
}

// The short wordings of lines that hold a player's name, built with it: each fits
// 44 columns with a name of the widest a player may have (16 columns).

/// [`crate::strings::describe::unclaimed_brief`] and the other player's stone on a
/// narrow screen: `Your d1: 10 forfeited; bob e2`, at most 43 columns with a name of
/// 16 (`whose` is `Your d1` there) and 100 points.
pub(crate) fn forfeited_then(whose: &str, points: u32, mover: &str, square: &str) -> String {
    format!("{whose}: {points} forfeited; {mover} {square}")
}
/// [`talk::undo_refused`] on a narrow screen.
pub(crate) fn undo_refused(name: &str) -> String {
    format!("{name} refused the take-back")
}
/// [`talk::rematch_started`] on a narrow screen.
pub(crate) fn rematch_started(blue: &str) -> String {
    format!("Rematch: {blue} plays Blue")
}
/// [`talk::YOU_PLAY_BLUE`] on a narrow screen.
pub(crate) const YOU_PLAY_BLUE: &str = "Rematch: you play Blue";
/// [`talk::left_early`] on a narrow screen.
pub(crate) fn left_early(name: &str) -> String {
    format!("{name} left: not rated (q: lobby)")
}
/// [`serve::left_stopped`] on a narrow screen: 44 columns with a name of 16.
pub(crate) fn left_stopped(name: &str) -> String {
    format!("{name} left: game stops (q: lobby)")
}
/// [`serve::both_left_stopped`] on a narrow screen, where the names fit (two of 16
/// columns do not at 44: [`BOTH_LEFT_STOPPED`] is said there).
pub(crate) fn both_left_stopped(blue: &str, yellow: &str) -> String {
    format!("{blue} and {yellow} left: game stops (q: lobby)")
}
/// [`serve::both_left_stopped`] on a narrow screen with no room for the names.
pub(crate) const BOTH_LEFT_STOPPED: &str = "Both players left: game stops (q: lobby)";
/// How a player ended a game by resigning, in the fewest words: for
/// [`ended_early`].
pub(crate) fn resigned(name: &str) -> String {
    format!("{name} resigned")
}
/// How a player lost a correspondence game on time, in the fewest words: for
/// [`ended_early`].
pub(crate) fn out_of_time(name: Who<'_>) -> String {
    match name {
        Who::You => "You ran out of time".to_owned(),
        Who::Named(name) => format!("{name} out of time"),
    }
}
/// [`talk::not_rated_after`] where it is too wide but the end's own line is not
/// (`bob resigned: alice wins. Not rated`).
pub(crate) fn not_rated_after(end: &str) -> String {
    format!("{end}. Not rated")
}
/// [`talk::not_rated_after`] on a narrow screen: `how` the game ended, with the name
/// ([`resigned`], [`out_of_time`]), and that it is not rated, in 41 columns at the
/// most with a name of 16.
pub(crate) fn ended_early(how: &str) -> String {
    format!("{how}: not rated")
}
/// [`talk::abandoned`] on a narrow screen, naming the winner where it fits (two
/// names of 16 columns make 49: there [`abandoned_short`]).
pub(crate) fn abandoned(name: &str, winner: &str) -> String {
    format!("{name} abandoned: {winner} wins")
}
/// [`abandoned`] with no room for the winner's name: who left (the status line says
/// who wins), as [`resigned`] says a resignation.
pub(crate) fn abandoned_short(name: &str) -> String {
    format!("{name} abandoned")
}
/// [`serve::watched_claimed`] on a narrow screen, naming the winner (44 columns with
/// two names of 16; where that does not fit, [`watched_claimed_short`]).
pub(crate) fn watched_claimed(loser: &str, winner: &str) -> String {
    format!("{loser} gone: {winner} wins")
}
/// [`watched_claimed`] with no room for the winner's name: who was gone, as
/// [`abandoned_short`] says an abandonment.
pub(crate) fn watched_claimed_short(loser: &str) -> String {
    format!("{loser} gone, the win claimed")
}
/// [`message::wait_away`] on a narrow screen (42 columns with a name of 16).
pub(crate) fn wait_away(name: &str) -> String {
    format!("Wait: {name} is away; q adjourns")
}
/// [`talk::corr_time_out`] on a narrow screen, naming the winner where it fits (two
/// names of 16 columns make 51: there [`out_of_time`]).
pub(crate) fn corr_time_out(name: Who<'_>, winner: Who<'_>) -> String {
    format!("{}: {}", out_of_time(name), winner.wins_within())
}
/// [`serve::gone`] on a narrow screen, the table's number too (42 columns with a
/// name of 16 and a table of 3 digits).
pub(crate) fn gone(name: &str, table: u32) -> String {
    format!("{name} gone: q, w {table} claims win")
}
/// [`serve::watched_waiting_for`] on a narrow screen: the player's own wording.
pub(crate) fn watched_waiting_for(name: &str, left: &str) -> String {
    serve::waiting_for(name, left)
}
/// [`club::left_then_rated`] on a narrow screen: the leaving, and the reader's own
/// rating after and change ([`club::ratings_changed_short`]'s).
pub(crate) fn left_then_rated(name: &str, after: &str, change: &str) -> String {
    format!("{name} left · you {after} {change}")
}
/// The narrow screen's width: the served minimum.
const NARROW_COLUMNS: usize = 44;
/// [`talk::claim_lapsed`] on a narrow screen: `bob's claim of d4 lapsed`, 38 columns
/// with a name of 16.
pub(crate) fn claim_lapsed(claimer: Who<'_>, square: &str) -> String {
    talk::last_claim_end(claimer, square, LastClaimEnd::Lapsed)
}
/// [`talk::lapsed_then_rated`] on a narrow screen, for a player: the lapse, no name
/// (the line before said whose), and the reader's own change, as
/// [`club::ratings_changed_short`]: `Claim of d4 lapsed · you 1742? +242`.
pub(crate) fn lapsed_then_rated(
    square: &str,
    end: LastClaimEnd,
    after: &str,
    change: &str,
) -> String {
    club::ratings_changed_short(Some(&last_claim_end(square, end)), after, change)
}
/// [`talk::last_claim_end`] with no name, for the 44-column ratings' line: `Claim of
/// d4 lapsed`, `Wrong claim of d4`, `Claim of d4 left open` (17-21 columns).
fn last_claim_end(square: &str, end: LastClaimEnd) -> String {
    match end {
        LastClaimEnd::Lapsed => format!("Claim of {square} lapsed"),
        LastClaimEnd::Wrong => format!("Wrong claim of {square}"),
        LastClaimEnd::Left => format!("Claim of {square} left open"),
    }
}
/// [`talk::lapsed_then_rated`] on a narrow screen, for a spectator: the lapse and
/// both changes, Blue's first (`Claim of d4 lapsed · alice +0 · bob +0`), the names
/// cut with `…` where two do not fit.
pub(crate) fn watched_lapsed_then_rated(
    square: &str,
    end: LastClaimEnd,
    names: [&str; 2],
    change: [&str; 2],
) -> String {
    use crate::text::{fit, width};
    let wording = |blue: &str, yellow: &str| {
        format!(
            "{} · {blue} {} · {yellow} {}",
            last_claim_end(square, end),
            change[0],
            change[1]
        )
    };
    let line = wording(names[0], names[1]);
    if width(&line) <= NARROW_COLUMNS {
        return line;
    }
    let room = NARROW_COLUMNS.saturating_sub(width(&wording("", "")));
    let (w_blue, w_yellow, half) = (width(names[0]), width(names[1]), room / 2);
    let (r_blue, r_yellow) = if w_blue <= half {
        (w_blue, room - w_blue)
    } else if w_yellow <= half {
        (room - w_yellow, w_yellow)
    } else {
        (room - half, half)
    };
    wording(&fit(names[0], r_blue), &fit(names[1], r_yellow))
}

/// [`club::ratings_changed`] for a spectator on a narrow screen, by names (s33: it
/// said colours), as the ratings line takes the place of the line that said how:
/// after a game that did not end by its board, how and both changes, the winner's
/// first (`bob resigned · alice +12 · bob -12`), else how and the winner's change
/// (`bob resigned: alice +12`); after a full board each player's rating after and
/// change, Blue's first (`Rated: alice 1742? +242 · bob 1258? -242`), else the
/// changes alone (`alice +242 · bob -242`). Where none fits 44 columns (two names of
/// 16), the shorter with the names cut with `…` to the room left.
pub(crate) fn watched_rated(
    ending: Option<crate::session::Ending>,
    names: [&str; 2],
    after: [&str; 2],
    change: [&str; 2],
) -> String {
    use crate::text::{fit, width};
    let how = ending.filter(|e| e.termination() != crate::record::Termination::Normal);
    // The winner first after an ending, Blue first after a full board.
    let [first, second] = match how {
        Some(ending) => [ending.winner().index(), ending.loser().index()],
        None => [0, 1],
    };
    let wording = |one: &str, other: &str, whole: bool| match how {
        Some(ending) => {
            let how = how_by(ending, other).unwrap_or_default();
            if whole {
                format!(
                    "{how} · {one} {} · {other} {}",
                    change[first], change[second]
                )
            } else {
                format!("{how}: {one} {}", change[first])
            }
        }
        None if whole => format!(
            "Rated: {one} {} {} · {other} {} {}",
            after[0], change[0], after[1], change[1]
        ),
        None => format!("{one} {} · {other} {}", change[0], change[1]),
    };
    let (one, other) = (names[first], names[second]);
    for whole in [true, false] {
        let line = wording(one, other, whole);
        if width(&line) <= NARROW_COLUMNS {
            return line;
        }
    }
    // The room left shared between the names: a short one keeps its width.
    let room = NARROW_COLUMNS.saturating_sub(width(&wording("", "", false)));
    let (w_one, w_other, half) = (width(one), width(other), room / 2);
    let (r_one, r_other) = if w_one <= half {
        (w_one, room - w_one)
    } else if w_other <= half {
        (room - w_other, w_other)
    } else {
        (room - half, half)
    };
    wording(&fit(one, r_one), &fit(other, r_other), false)
}
/// How a game that did not end by its board ended, for one of the game's players
/// ([`watched_rated`] says it to a spectator): the loser by name, or `You` when
/// the reader lost (`bob resigned`, `You timed out`). At 44 columns the player's
/// status line has no room for the winner beside its keys, so this line says who.
pub(crate) fn player_how(ending: crate::session::Ending, loser: Option<&str>) -> Option<String> {
    how_by(ending, loser.unwrap_or("You"))
}
/// How a game that did not end by its board ended, `loser` the one who lost.
fn how_by(ending: crate::session::Ending, loser: &str) -> Option<String> {
    use crate::record::Termination;
    match ending.termination() {
        Termination::Resignation => Some(format!("{loser} resigned")),
        Termination::Abandoned => Some(format!("{loser} left")),
        Termination::TimeForfeit => Some(format!("{loser} timed out")),
        Termination::Normal => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Player;
    use crate::text::width;

    /// The narrowest screen every short wording fits (the served minimum's width).
    const NARROW: usize = 44;

    /// Each pair is a long text too wide for the narrow screen and a short one that
    /// fits it; no long text is paired twice.
    #[test]
    fn every_short_wording_fits_where_its_text_does_not() {
        for (i, (long, short)) in PAIRS.iter().enumerate() {
            assert!(width(long) > NARROW, "{long}");
            assert!(width(short) <= NARROW, "{short}: {}", width(short));
            assert!(!PAIRS[..i].iter().any(|(l, _)| l == long), "{long}");
        }
    }

    /// s40: the lobby's `w` said its no as `other keys: no` (`else no` at 44 columns)
    /// where every question says `any other key: no`: one wording, at both widths.
    #[test]
    fn the_lobby_s_claim_says_its_no_as_every_question_does() {
        let short = PAIRS
            .iter()
            .find(|(long, _)| *long == serve::CLAIM_WHICH)
            .map(|(_, short)| *short)
            .unwrap_or_default();
        let no = format!("{}: no", crate::strings::question::ANY_OTHER_KEY);
        for said in [serve::CLAIM_WHICH, short] {
            assert!(said.contains(&no), "{said}");
        }
    }

    /// qa45: the narrow wording of a new game over an autosave said the autosaved
    /// game was `set aside`, which reads as thrown away, where the long text says it
    /// is `kept aside` (at the first move, into the data folder): one name for it.
    #[test]
    fn the_autosaved_game_set_aside_for_a_new_one_is_kept_aside_at_any_width() {
        let (long, short) = PAIRS
            .iter()
            .find(|(long, _)| *long == message::NEW_INSTEAD_OF_RESUME)
            .copied()
            .unwrap_or_default();
        assert!(long.contains("kept aside"), "{long}");
        assert!(short.contains("kept aside"), "{short}");
    }

    /// s33: a spectator's ratings line on a narrow screen names the players (it said
    /// colours) and fits 44 columns however the game ended, with four-digit changes
    /// and two names of 16 columns (cut then, with `…`); short names keep both changes.
    #[test]
    fn the_watched_ratings_name_the_players_and_fit_the_narrow_screen() {
        use crate::record::Termination;
        let game = crate::rules::Game::from_moves([crate::rules::Square::A1]).unwrap();
        let mut endings = vec![None];
        for termination in [Termination::Resignation, Termination::Abandoned] {
            let mut course = crate::session::Course::default();
            course.end(&game, termination, Player::Yellow).unwrap();
            endings.push(course.ending());
        }
        let (after, change) = (["1742?", "1258?"], ["+1000", "-1000"]);
        let long = ["abcdefghijklmnop", "名前名前名前名前"];
        for names in [["alice", "bob"], long, ["ann", long[1]]] {
            for ending in &endings {
                let line = watched_rated(*ending, names, after, change);
                assert!(width(&line) <= NARROW, "{line}: {}", width(&line));
                assert!(!line.contains("Blue") && !line.contains("Yellow"), "{line}");
                if ending.is_some() {
                    assert!(
                        line.contains(" resigned") || line.contains(" left"),
                        "{line}"
                    );
                }
            }
        }
        let resigned = endings[1];
        let said = |names| watched_rated(resigned, names, after, ["+12", "-12"]);
        assert_eq!(said(["alice", "bob"]), "bob resigned · alice +12 · bob -12");
        assert_eq!(
            said(["abcdefghijklm", "bob"]),
            "bob resigned · abcdefghijklm +12 · bob -12"
        );
        assert_eq!(
            said(["abcdefghijklmnop", "bob"]),
            "bob resigned: abcdefghijklmnop +12"
        );
        assert_eq!(said(long), "名前名前名前… resigned: abcdefghijklmn… +12");
        assert_eq!(
            watched_rated(None, ["alice", "bob"], after, ["+242", "-242"]),
            "Rated: alice 1742? +242 · bob 1258? -242"
        );
    }

    /// Each line with a name is too wide for the narrow screen with a name of the
    /// widest a player may have, in letters or in wide characters, and its short
    /// wording fits it.
    #[test]
    fn every_named_short_wording_fits_with_the_widest_name() {
        // The server's `names::MAX_NAME_COLUMNS`.
        for name in ["abcdefghijklmnop", "名前名前名前名前"] {
            assert_eq!(width(name), 16);
            let ratings = club::ratings_changed(
                "standard",
                true,
                [(name, "1742?", "+242"), ("bob", "1258?", "-242")],
            );
            for (long, short) in [
                (talk::undo_refused(name), undo_refused(name)),
                (talk::rematch_started(name), rematch_started(name)),
                (talk::left_early(name), left_early(name)),
                (talk::abandoned(name, name), abandoned_short(name)),
                (
                    talk::corr_time_out(Who::Named(name), Who::Named(name)),
                    out_of_time(Who::Named(name)),
                ),
                (serve::gone(name, 999), gone(name, 999)),
                (
                    talk::claim_lapsed(Who::Named(name), "d4"),
                    claim_lapsed(Who::Named(name), "d4"),
                ),
                (
                    talk::lapsed_then_rated(Who::Named(name), "d4", LastClaimEnd::Lapsed, &ratings),
                    watched_lapsed_then_rated(
                        "d4",
                        LastClaimEnd::Lapsed,
                        [name, name],
                        ["+242", "-242"],
                    ),
                ),
                (
                    talk::lapsed_then_rated(Who::You, "d4", LastClaimEnd::Lapsed, &ratings),
                    lapsed_then_rated("d4", LastClaimEnd::Lapsed, "1742?", "-1242"),
                ),
                (
                    talk::lapsed_then_rated(Who::Named(name), "d4", LastClaimEnd::Wrong, &ratings),
                    watched_lapsed_then_rated(
                        "d4",
                        LastClaimEnd::Wrong,
                        [name, name],
                        ["+242", "-242"],
                    ),
                ),
                (
                    talk::lapsed_then_rated(Who::You, "d4", LastClaimEnd::Wrong, &ratings),
                    lapsed_then_rated("d4", LastClaimEnd::Wrong, "1742?", "-1242"),
                ),
                (
                    talk::lapsed_then_rated(Who::Named(name), "d4", LastClaimEnd::Left, &ratings),
                    watched_lapsed_then_rated(
                        "d4",
                        LastClaimEnd::Left,
                        [name, name],
                        ["+242", "-242"],
                    ),
                ),
                (
                    talk::lapsed_then_rated(Who::You, "d4", LastClaimEnd::Left, &ratings),
                    lapsed_then_rated("d4", LastClaimEnd::Left, "1742?", "-1242"),
                ),
                (
                    serve::watched_waiting_for(name, "10:00"),
                    watched_waiting_for(name, "10:00"),
                ),
                (
                    club::left_then_rated(name, &ratings),
                    left_then_rated(name, "1742?", "-1242"),
                ),
                (
                    talk::not_rated_after(&talk::resigned(
                        super::table::Who::Named(name),
                        super::table::Who::Named(name),
                    )),
                    ended_early(&resigned(name)),
                ),
                (
                    talk::not_rated_after(&talk::corr_time_out(Who::Named(name), Who::Named(name))),
                    ended_early(&out_of_time(Who::Named(name))),
                ),
            ] {
                assert!(width(&long) > NARROW, "{long}");
                assert!(width(&short) <= NARROW, "{short}: {}", width(&short));
            }
        }
    }
}
