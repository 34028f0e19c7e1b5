//! A game at a table of `hijara serve`: requests, offers, messages, the bell.

use crate::rules::Outcome;

use super::question::{Answering, Answers, Brief, answers, brief_answers};
pub(crate) use super::who::Who;

/// The widest message one player sends the other, in display columns.
pub(crate) const MAX_SAY_COLUMNS: usize = 60;
/// The most bytes of one message: 8 a column (a letter and its few marks).
pub(crate) const MAX_SAY_BYTES: usize = 8 * MAX_SAY_COLUMNS;

/// A ladder's name for the seat played on this screen: `alice (you)`.
pub(crate) fn you(name: &str) -> String {
    format!("{name} (you)")
}
/// An early ending with the players' names: `bob wins: alice resigned`; to a player
/// in the second person (`You win: bob resigned`, `bob wins: you resigned`).
pub(crate) fn named_ending(ending: crate::session::Ending, names: [Who<'_>; 2]) -> String {
    use crate::record::Termination;
    let winner = names[ending.winner().index()];
    let loser = names[ending.loser().index()].object();
    let wins = winner.wins();
    match ending.termination() {
        Termination::TimeForfeit => format!("{wins} on time"),
        Termination::Resignation => format!("{wins}: {loser} resigned"),
        Termination::Abandoned => format!("{wins}: {loser} left"),
        Termination::Normal => wins,
    }
}
/// [`named_ending`] within a sentence, after `Game over: ` (s36: the line mode said
/// `Game over: You win: bob resigned.`, a capital mid-line and two colons): `you win,
/// bob resigned`, `bob wins on time`, `alice wins, you left`; by colour where `names`
/// are the colours (`Yellow wins, Blue resigned`).
pub(crate) fn ending_within(ending: crate::session::Ending, names: [Who<'_>; 2]) -> String {
    use crate::record::Termination;
    let wins = names[ending.winner().index()].wins_within();
    let loser = names[ending.loser().index()].object();
    match ending.termination() {
        Termination::TimeForfeit => format!("{wins} on time"),
        Termination::Resignation => format!("{wins}, {loser} resigned"),
        Termination::Abandoned => format!("{wins}, {loser} left"),
        Termination::Normal => wins,
    }
}
/// [`named_outcome`] within a sentence, after `Game over: `: `you win`, `bob wins`,
/// `a draw` (s36: `Game over: You win`, `Game over: Draw`).
pub(crate) fn outcome_within(outcome: Outcome, names: [Who<'_>; 2]) -> String {
    match outcome {
        Outcome::Winner(player) => names[player.index()].wins_within(),
        Outcome::Draw => DRAW_WITHIN.to_owned(),
    }
}
/// A draw within a sentence: `Game over: a draw`.
pub(crate) const DRAW_WITHIN: &str = "a draw";
/// [`named_provisional`] within a sentence, after `Board full: `: `you lead`, `bob
/// leads`, `level` (s36: `Board full: You lead`).
pub(crate) fn provisional_within(outcome: Outcome, names: [Who<'_>; 2]) -> String {
    match outcome.winner() {
        Some(leader) => names[leader.index()].does_within("lead", super::screen::LEADS),
        None => super::screen::LEVEL.to_owned(),
    }
}
/// A full board's result with the players' names: `alice wins`, `You win`, `Draw`.
pub(crate) fn named_outcome(outcome: Outcome, names: [Who<'_>; 2]) -> String {
    match outcome {
        Outcome::Winner(player) => names[player.index()].wins(),
        Outcome::Draw => "Draw".to_owned(),
    }
}
/// The result so far with the players' names, while the last stone's claim could
/// change it: `bob leads`, `You lead`, `level` ([`super::screen::provisional`] by
/// colour).
pub(crate) fn named_provisional(outcome: Outcome, names: [Who<'_>; 2]) -> String {
    match outcome.winner() {
        Some(leader) => names[leader.index()].does("lead", super::screen::LEADS),
        None => super::screen::LEVEL.to_owned(),
    }
}

pub(crate) const UNDO_SENT: &str =
    "Asked the other player to take back the last move: waiting for the answer";
/// [`UNDO_SENT`] at a table with names, naming who is asked and what goes back (s31:
/// it named no one, where the other side's question names both): `Asked bob to take
/// back your b3 (and their c2 after it): waiting for the answer`.
pub(crate) fn undo_sent_to(name: &str, stones: &str) -> String {
    format!("Asked {name} to take back {stones}: waiting for the answer")
}
/// The stones an undo asked by this player takes back: their own last, `mine`, and
/// the other player's after it, `theirs` ([`undo_stones`] from the asker's side).
pub(crate) fn undo_sent_stones(mine: &str, theirs: &[String]) -> String {
    match theirs {
        [] => format!("your {mine}"),
        theirs => format!("your {mine} (and their {} after it)", theirs.join(", ")),
    }
}
/// [`undo_sent_to`] shorter, for a screen too narrow for it (the asker's stone only).
pub(crate) fn undo_sent_to_brief(name: &str, mine: &str) -> String {
    format!("Asked {name} to take back {mine}: waiting")
}
/// [`undo_sent_to`] at its shortest, 38 columns with a name of 16: the narrow screen's.
pub(crate) fn undo_sent_to_short(name: &str, mine: &str) -> String {
    format!("Asked {name} to take back {mine}")
}
/// The answers to the other player's request to take back a move.
pub(crate) const UNDO_ASKED: Answers = Answers {
    yes: "agree",
    no: "refuse",
};
/// The other player asks to take back their last move: the answers named `how`.
pub(crate) fn undo_asked(how: Answering) -> String {
    format!(
        "The other player asks to take back their last move. {}",
        answers(how, UNDO_ASKED.yes, None, UNDO_ASKED.no)
    )
}
/// [`undo_asked`] naming who asks and what goes back (qa30: it named no one):
/// `bob asks to take back their b3 (and your c2 after it)`.
pub(crate) fn undo_asked_by(name: &str, stones: &str, how: Answering) -> String {
    format!(
        "{name} asks to take back {stones}. {}",
        answers(how, UNDO_ASKED.yes, None, UNDO_ASKED.no)
    )
}
/// The stones an undo asked takes back: the asker's last, `theirs`, and this player's
/// after it, `yours`.
pub(crate) fn undo_stones(theirs: &str, yours: &[String]) -> String {
    match yours {
        [] => format!("their {theirs}"),
        yours => format!("their {theirs} (and your {} after it)", yours.join(", ")),
    }
}
/// [`undo_asked_by`] in brief, for the status line where it fits: `bob asks to take
/// back b3: y: agree, any other key: refuse`.
pub(crate) fn undo_asked_by_answers(name: &str, theirs: &str) -> Brief {
    Brief::asked(
        &format!("{name} asks to take back {theirs}:"),
        brief_answers(UNDO_ASKED.yes, false, UNDO_ASKED.no),
    )
}
/// The narrow screen's width, which [`undo_asked_by_short`] fits.
const NARROW_COLUMNS: usize = 44;
/// [`undo_asked_by_answers`] shorter, in the box's words (`take back`: s32, the brief
/// said `undo` where the box said `take back`): `bob: take back b3? y: agree, any
/// other key: refuse`; the answers' words are the ones a click picks.
pub(crate) fn undo_asked_by_brief(name: &str, theirs: &str) -> Brief {
    Brief::asked(
        &format!("{name}: take back {theirs}?"),
        brief_answers(UNDO_ASKED.yes, false, UNDO_ASKED.no),
    )
}
/// [`undo_asked_by_brief`] at 44 columns, as the resign question is there: the asker
/// and the answers on the row, the box above naming the stones (s31: the narrow
/// screen said `Take it back?`, naming no one; s40: it said `other: refuse`, the
/// one no at 44 columns not `any other key`). `bob asks: y: agree, any other key:
/// refuse`, the name cut with `…` where it is too wide (the box says it whole).
pub(crate) fn undo_asked_by_short(name: &str) -> Brief {
    let asked = |name: &str| {
        Brief::asked(
            &format!("{name} asks:"),
            brief_answers(UNDO_ASKED.yes, false, UNDO_ASKED.no),
        )
    };
    let rest = crate::text::width(&asked("").text);
    asked(&crate::text::fit(name, NARROW_COLUMNS.saturating_sub(rest)))
}
/// [`undo_asked`] in brief, for the status line, 42 columns (`Take it back?` made it
/// 45 with `any other key`).
pub(crate) fn undo_asked_answers() -> Brief {
    Brief::asked(
        "Take back?",
        brief_answers(UNDO_ASKED.yes, false, UNDO_ASKED.no),
    )
}
/// The undo asked of this player was answered (or moved past) at another screen of
/// theirs: the question closes here.
pub(crate) const UNDO_SETTLED: &str = "The request to take back was settled at your other screen";
/// Said to the player who answered no to the other's undo request (with `n`, any other
/// key, or the line mode's `no` or `quit`): the answer confirmed.
pub(crate) const YOU_REFUSED_UNDO: &str = "You refused to take the move back";
pub(crate) const NOTHING_TO_ASK: &str = "No move of yours to take back";
/// The answers to the other player's rematch.
pub(crate) const REMATCH: Answers = Answers {
    yes: "play",
    no: "no thanks",
};
/// The other player offers a rematch: the answers named `how`.
pub(crate) fn rematch(how: Answering) -> String {
    format!(
        "The other player offers a rematch, colours swapped. {}",
        answers(how, REMATCH.yes, None, REMATCH.no)
    )
}
/// [`rematch`] naming who offers it.
pub(crate) fn rematch_by(name: &str, how: Answering) -> String {
    format!(
        "{name} offers a rematch, colours swapped. {}",
        answers(how, REMATCH.yes, None, REMATCH.no)
    )
}
/// [`rematch`] in brief, for the status line.
pub(crate) fn rematch_answers() -> Brief {
    Brief::asked("Rematch?", brief_answers(REMATCH.yes, false, REMATCH.no))
}
/// Said to the player who answered no to the other's rematch: the answer confirmed.
pub(crate) const YOU_DECLINED_REMATCH: &str = "You declined the rematch";
pub(crate) const REMATCH_SENT: &str = "Rematch offered: waiting for the other player";
pub(crate) const REMATCH_AT_THE_END: &str = "A rematch is offered once the game is over";
/// The answers to leaving a game at a table (between people, or against the AI).
pub(crate) const LEAVE: Answers = Answers {
    yes: "leave",
    no: "stay",
};
/// Leave the table, the game stopping for both: the answers named `how`.
pub(crate) fn leave(how: Answering) -> String {
    format!(
        "Leave the table? The game stops here for both players (a rated game is lost, \
         as abandoned). {}",
        answers(how, LEAVE.yes, None, LEAVE.no)
    )
}
/// [`leave`] before both players moved: the game ends, not rated, and nobody is
/// counted as having abandoned it (`rating::ended_too_soon`).
pub(crate) fn leave_early(how: Answering) -> String {
    format!(
        "Leave the table? The game stops here for both players, before both moved: it \
         is not rated, and not counted as abandoned. {}",
        answers(how, LEAVE.yes, None, LEAVE.no)
    )
}
/// The leave questions in brief, for the status line.
pub(crate) fn leave_answers() -> Brief {
    Brief::asked("Leave?", brief_answers(LEAVE.yes, false, LEAVE.no))
}
/// Leave a game against the server's AI, which keeps it: the answers named `how`.
pub(crate) fn leave_kept(how: Answering) -> String {
    format!(
        "Leave the game? It is kept: pick it in the lobby to go on. {}",
        answers(how, LEAVE.yes, None, LEAVE.no)
    )
}
/// The same while the server can't write the game: it is not on disk.
pub(crate) fn leave_not_kept(how: Answering) -> String {
    format!(
        "Leave the game? It is not saved (the server cannot write it): it waits in the \
         lobby only until the server stops. {}",
        answers(how, LEAVE.yes, None, LEAVE.no)
    )
}
pub(crate) const NO_REDO_AI: &str = "No redo here: the table keeps the game as it is";
pub(crate) const NEW_GAME_AT_THE_END_AI: &str =
    "A new game starts once this one is over (R resigns)";
pub(crate) const GAME_OVER: &str = "The game is over: n offers a rematch, q goes back to the lobby";
/// [`GAME_OVER`] while this player's rematch offer waits for the other's answer.
pub(crate) const GAME_OVER_REMATCH_SENT: &str =
    "The game is over and your rematch offer is sent: q goes back to the lobby";
pub(crate) const GAME_OVER_AI: &str =
    "The game is over: n for a new game (colours swapped), q goes back to the lobby";
pub(crate) const GAME_OVER_LEFT: &str =
    "The game is over and the other player has left: q goes back to the lobby";
pub(crate) const STOPPED_TURN: &str = "game stopped";
pub(crate) const OVER_KEYS_TABLE: &str = "n: rematch, q: lobby";
/// After the game, while this player's rematch offer waits for the other's answer:
/// `n` again only says it waits (`REMATCH_SENT`), so no key but `q` is named.
pub(crate) const OVER_KEYS_REMATCH_SENT: &str = "rematch sent, q: lobby";
pub(crate) const OVER_KEYS_AI: &str = "n: new game, q: lobby";
/// After the game, while the other player's rematch is asked: the question's keys (`n`
/// is one of the other keys then, a no), in the words every question's no has (s40:
/// `other: no`), 29 columns.
pub(crate) const OVER_KEYS_REMATCH_ASKED: &str = "y: rematch, any other key: no";
pub(crate) const OVER_KEYS_WATCHING: &str = "q: lobby";
/// After the game, once the other player got up: no rematch.
pub(crate) const OVER_KEYS_ALONE: &str = "q: lobby";
pub(crate) const SPECTATING: &str = "You are watching: q goes back to the lobby";
pub(crate) const SAY_EMPTY: &str = "Nothing to send: type a message, or Esc";
/// A message being typed to the other player, its width so far, and the keys that
/// end it.
pub(crate) fn typing(text: &str, keys: &str) -> String {
    format!("{}{text}_  {keys}", typing_head(text))
}
/// [`typing`]'s start, before the text (`shown`: the text as it fits the line).
pub(crate) fn typing_head(text: &str) -> String {
    let used = crate::text::width(text);
    format!("Message ({used}/{MAX_SAY_COLUMNS}): ")
}
/// [`typing`] on a narrow line: the end of the text (`shown`, cut at its start), and
/// no keys.
pub(crate) fn typing_end(text: &str, shown: &str) -> String {
    format!("{}{shown}_", typing_head(text))
}
pub(crate) fn watching(count: usize) -> String {
    format!("{count} watching")
}
/// The status line's right end at a table: who watches, then the help key.
pub(crate) fn watching_and_help(count: usize, help: &str) -> String {
    format!("{}  {help}", watching(count))
}
/// The status line's message and, after it, the line said at the table just before
/// it (still unread), widest separator first.
pub(crate) fn with_chat(message: &str, chat: &str) -> [String; 2] {
    [
        format!("{message}  │  {chat}"),
        format!("{message} │ {chat}"),
    ]
}
/// The title of the box of the last lines said at the table, shown while a reply is
/// typed.
pub(crate) const CHAT_TITLE: &str = "Said at this table";
