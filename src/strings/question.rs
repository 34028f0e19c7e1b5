//! The questions: the whole question, and the answers alone for the status line.
//! The whole question names its answers as the face that asks it takes them
//! ([`Answering`]): the full screen's keys, or the line mode's commands.

use crate::ai::Seat;
use crate::rules::{Game, Player};

use super::{moves_count, seat_name};

/// How a whole question names its answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Answering {
    /// The full screen's keys: `y`, `s`, and any other key for no.
    Keys,
    /// The line mode's commands: `yes`, `save`, `no`.
    Commands,
}

impl Answering {
    /// What saves from the quit question.
    fn save(self) -> &'static str {
        match self {
            Answering::Keys => "s",
            Answering::Commands => "save",
        }
    }
}

/// What a question's yes and its no (any other key) do, in a word or two: the one
/// source of both its whole text's answers ([`answers`]) and of the answers a click
/// picks in its box ([`key_answers`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Answers {
    /// What yes does.
    pub(crate) yes: &'static str,
    /// What no does.
    pub(crate) no: &'static str,
}

/// The quit question's answers.
pub(crate) const QUIT: Answers = Answers {
    yes: "quit",
    no: "keep playing",
};
/// The back question's answers (a game the start screen opened).
pub(crate) const BACK: Answers = Answers {
    yes: "back",
    no: "keep playing",
};
/// The new-game question's answers on the full screen (the line mode's no is
/// [`NEW_GAME_NO_COMMAND`]).
pub(crate) const NEW_GAME: Answers = Answers {
    yes: "new game",
    no: "no",
};
/// The new-game question's no in the line mode.
const NEW_GAME_NO_COMMAND: &str = "keep this game";
/// The resign question's answers.
pub(crate) const RESIGN: Answers = Answers {
    yes: "resign",
    no: "keep playing",
};
/// The answer that saves, offered when the game is not autosaved.
pub(crate) const SAVE: &str = "save";

/// A question's answers: `y: quit, s: save, any other key: keep playing` (where
/// any other key is no), or `yes: quit, save: save, no: keep playing`.
pub(crate) fn answers(how: Answering, yes: &str, save: Option<&str>, no: &str) -> String {
    match how {
        Answering::Keys => match key_answers(yes, save, no).as_slice() {
            [yes, no, save] => format!("{yes}, {save}, {no}"),
            [yes, no, ..] => format!("{yes}, {no}"),
            _ => String::new(),
        },
        Answering::Commands => {
            let save = save.map(|s| format!(", {}: {s}", how.save()));
            let save = save.as_deref().unwrap_or("");
            format!("yes: {yes}{save}, no: {no}")
        }
    }
}

/// The keys that answer no, as every question names them, at every width (s40:
/// [`resume_brief`] and the undo asked by name said `other` at 44 columns).
pub(crate) const ANY_OTHER_KEY: &str = "any other key";

/// The full screen's answers as [`answers`] words them, in the order a click on one
/// picks it: `y: {yes}`, `any other key: {no}`, then `s: {save}` when it is offered
/// (each is found in the question's box by its words).
pub(crate) fn key_answers(yes: &str, save: Option<&str>, no: &str) -> Vec<String> {
    let mut words = vec![format!("y: {yes}"), format!("{ANY_OTHER_KEY}: {no}")];
    if let Some(save) = save {
        words.push(format!("{}: {save}", Answering::Keys.save()));
    }
    words
}

/// A question in brief, for the status line: its words, and its answers' words in
/// them in the order a click picks them, as [`key_answers`] orders them (yes, no,
/// then save); a brief that leaves an answer out lists fewer, and a click picks
/// only those it lists.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Brief {
    /// The words shown.
    pub(crate) text: String,
    /// The answers' words, each as it is in `text`.
    pub(crate) answers: Vec<String>,
}

impl Brief {
    /// `head` followed by `answers` as they are listed.
    pub(crate) fn asked(head: &str, answers: Vec<String>) -> Brief {
        Brief {
            text: format!("{head} {}", answers.join(", ")),
            answers,
        }
    }

    /// `answers` alone, as they are listed: a question's shortest brief, under its
    /// box that asks it.
    pub(crate) fn alone(answers: Vec<String>) -> Brief {
        Brief {
            text: answers.join(", "),
            answers,
        }
    }

    /// `head` followed by `answers` (yes, no, save), save named first: the
    /// warning that the game is not kept goes with the way to keep it.
    fn save_first(head: &str, answers: Vec<String>) -> Brief {
        let text = match answers.as_slice() {
            [yes, no, save] => format!("{head} {save}, {yes}, {no}"),
            listed => format!("{head} {}", listed.join(", ")),
        };
        Brief { text, answers }
    }
}

/// The answers in the fewest words, as the status line's briefs name them: `y: {yes}`,
/// `any other key: {no}`, then `s: save first` when `save` (the order a click picks
/// them, as [`key_answers`]'s). s39: `other key` here, `any other key` in the box
/// above were two wordings of one answer; the box's is the one.
pub(crate) fn brief_answers(yes: &str, save: bool, no: &str) -> Vec<String> {
    let mut words = vec![format!("y: {yes}"), format!("{ANY_OTHER_KEY}: {no}")];
    if save {
        words.push(format!("{}: {SAVE} first", Answering::Keys.save()));
    }
    words
}

/// The resume question's yes, as [`resume`] words it.
const RESUME_YES: &str = "resume it";

/// The resume question's no: the new game it starts instead, as [`resume`] words it.
fn resume_no(new_seats: [Seat; 2], new_names: &[Option<String>; 2]) -> String {
    format!("a new game, {}", pairing_named(new_seats, new_names))
}

/// The resume question's no in a box too narrow for [`resume_no`] on a row
/// ([`resume_narrow`]), its players said before the answers.
const RESUME_NO_SHORT: &str = "a new game";

/// [`resume_key_answers`] of the autosaved game with [`RESUME_NO_SHORT`]: the
/// answers of a box too narrow for its whole no on a row.
pub(crate) fn resume_key_answers_short(leave: &str) -> Vec<String> {
    let mut words = key_answers(RESUME_YES, None, RESUME_NO_SHORT);
    words.push(format!("{RESUME_LEAVE_KEYS}: {leave}"));
    words
}

/// The resume question's answers on the full screen, as [`resume`] (with the game
/// offered) or [`resume_unknown`] (`known`: false) words them, in the order a click
/// picks them: yes, no, then `q/Esc` ([`RESUME_BACK`] or [`RESUME_QUIT`], `leave`).
pub(crate) fn resume_key_answers(
    known: bool,
    new_seats: [Seat; 2],
    new_names: &[Option<String>; 2],
    leave: &str,
) -> Vec<String> {
    let (yes, no) = resume_yes_no(known, new_seats, new_names);
    let mut words = key_answers(yes, None, &no);
    words.push(format!("{RESUME_LEAVE_KEYS}: {leave}"));
    words
}

/// The resume question's yes and no in words, without their keys: the box's
/// ([`resume_key_answers`]) and the line mode's `help` there.
pub(crate) fn resume_yes_no(
    known: bool,
    new_seats: [Seat; 2],
    new_names: &[Option<String>; 2],
) -> (&'static str, String) {
    if known {
        (RESUME_YES, resume_no(new_seats, new_names))
    } else {
        (RESUME_UNKNOWN_YES, RESUME_UNKNOWN_NO.to_owned())
    }
}

/// The resume question's keys that leave, choosing neither game (s26: Esc too,
/// where it was any other key, a new game).
pub(crate) const RESUME_LEAVE_KEYS: &str = "q/Esc";

/// What the resume question's `q` (the line mode's `quit`) does when the start screen
/// opened the game: back to it, no game started and the autosave as it was.
pub(crate) const RESUME_BACK: &str = "back";
/// What the resume question's `q` does when the command line opened the game: out
/// of the program, no game started and the autosave as it was.
pub(crate) const RESUME_QUIT: &str = "quit";

/// The resume question's answers: `y: resume it, q/Esc: back, any other key: a new
/// game…`, or `yes: resume it, quit: back, no: a new game…` (`leave`: what `q` does).
fn resume_answers_of(how: Answering, yes: &str, leave: &str, no: &str) -> String {
    match how {
        Answering::Keys => match key_answers(yes, None, no).as_slice() {
            [yes, no, ..] => format!("{yes}, {RESUME_LEAVE_KEYS}: {leave}, {no}"),
            _ => String::new(),
        },
        Answering::Commands => format!("yes: {yes}, quit: {leave}, no: {no}"),
    }
}

/// Quit the game in progress, when the autosave holds it. The line mode names the
/// command in words: a screen reader may say the screen's backticks.
pub(crate) fn quit_autosaved(how: Answering) -> String {
    let resume = match how {
        Answering::Keys => "`hijara resume` continues it",
        Answering::Commands => "the command hijara resume continues it",
    };
    format!(
        "Quit the game in progress? It is kept: {resume}. {}",
        answers(how, QUIT.yes, None, QUIT.no)
    )
}

/// Quit the game in progress, when a write of the game as it is now is still on its
/// way to the autosave (a slow disk): the quit waits for it, and the farewell says
/// where the game is then. "Kept" is said only of a write on disk.
pub(crate) fn quit_saving(how: Answering) -> String {
    // The farewell names `hijara resume` once the write is on disk; here the line
    // mode's question stays within its 120 characters.
    format!(
        "Quit the game in progress? It is being autosaved: quitting waits for it. {}",
        answers(how, QUIT.yes, None, QUIT.no)
    )
}

/// Quit the game in progress, when the autosave does not hold it (it failed, or
/// there is none): the game may be on disk nowhere.
pub(crate) fn quit_not_kept(how: Answering) -> String {
    format!(
        "Quit the game in progress? It is NOT autosaved: {} saves it to a file first. {}",
        how.save(),
        answers(how, QUIT.yes, Some(SAVE), QUIT.no)
    )
}

/// Leave the game in progress for the start screen, when the autosave holds it:
/// the start screen's `resume` door (its key) continues it.
pub(crate) fn back_autosaved(how: Answering, resume: char) -> String {
    format!(
        "Back to the start screen? The game is kept: {resume} there resumes it. {}",
        answers(how, BACK.yes, None, BACK.no)
    )
}

/// Leave the game in progress for the start screen, when a write of the game as it
/// is now is still on its way to the autosave: going back waits for it (the start
/// screen then says where it is).
pub(crate) fn back_saving(how: Answering) -> String {
    format!(
        "Back to the start screen? The game is being autosaved: going back waits for it. {}",
        answers(how, BACK.yes, None, BACK.no)
    )
}

/// Leave the game in progress for the start screen, when the autosave does not
/// hold it: the game may be on disk nowhere.
pub(crate) fn back_not_kept(how: Answering) -> String {
    format!(
        "Back to the start screen? The game is NOT autosaved: {} saves it to a file first. {}",
        how.save(),
        answers(how, BACK.yes, Some(SAVE), BACK.no)
    )
}

/// [`back_autosaved`] in brief, for the status line.
pub(crate) fn back_autosaved_short(resume: char) -> Brief {
    Brief::asked(
        &format!("Back? It is kept: {resume} resumes it."),
        brief_answers(BACK.yes, false, BACK.no),
    )
}

/// [`back_saving`] in brief, for the status line.
pub(crate) fn back_saving_short() -> Brief {
    Brief::asked(
        "Back? Being autosaved: going back waits for it.",
        brief_answers(BACK.yes, false, BACK.no),
    )
}

/// [`back_not_kept`] in brief, for the status line.
pub(crate) fn back_not_kept_short() -> Brief {
    Brief::save_first(
        "Back? NOT autosaved.",
        brief_answers(BACK.yes, true, BACK.no),
    )
}

/// The back question at its shortest, for the status line.
pub(crate) fn back_answers() -> Brief {
    Brief::asked("Back?", key_answers(BACK.yes, None, BACK.no))
}

/// The quit question's warning and answers, when the game is not autosaved.
pub(crate) fn quit_not_kept_short() -> Brief {
    Brief::save_first(
        "Quit? NOT autosaved.",
        brief_answers(QUIT.yes, true, QUIT.no),
    )
}

/// What the claim-open question's yes does: a new game, quitting, or going back to
/// the start screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ClaimOpenThen {
    /// `n`: a new game.
    NewGame,
    /// `q`: out of the program.
    Quit,
    /// `q` in a game the start screen opened: back to it.
    Back,
}

impl ClaimOpenThen {
    /// The yes answer's words, and what it does in the question.
    fn words(self) -> (&'static str, &'static str) {
        match self {
            ClaimOpenThen::NewGame => (NEW_GAME.yes, "a new game"),
            ClaimOpenThen::Quit => (QUIT.yes, "quitting"),
            ClaimOpenThen::Back => (BACK.yes, "going back"),
        }
    }
}

/// The claim-open question's no on the full screen: back to the game, where the
/// claim can be made ([`CLAIM_OPEN_NO_COMMAND`] in the line mode).
const CLAIM_OPEN_NO: &str = "no";
/// The claim-open question's no in the line mode.
const CLAIM_OPEN_NO_COMMAND: &str = "back to the game";

/// The stone that filled the board may still be claimed by `claimer`: a new game or
/// leaving forfeits it. Asked whether or not the stone scored, so it tells nothing.
pub(crate) fn claim_open(claimer: Player, then: ClaimOpenThen, how: Answering) -> String {
    let (yes, doing) = then.words();
    let no = match how {
        Answering::Keys => CLAIM_OPEN_NO,
        Answering::Commands => CLAIM_OPEN_NO_COMMAND,
    };
    format!(
        "{claimer} may still claim the stone that filled the board: {doing} forfeits its \
         points. {}",
        answers(how, yes, None, no)
    )
}

/// [`claim_open`] in brief, for the status line: with its question, then the answers
/// alone (`Forfeit claim? y: new game, any other key: no` is 46 columns, 44 at the
/// narrowest).
pub(crate) fn claim_open_answers(then: ClaimOpenThen) -> [Brief; 2] {
    let (yes, _) = then.words();
    let answers = brief_answers(yes, false, CLAIM_OPEN_NO);
    [
        Brief::asked("Forfeit claim?", answers.clone()),
        Brief::alone(answers),
    ]
}

/// [`claim_open`]'s answers a click picks in its box.
pub(crate) fn claim_open_key_answers(then: ClaimOpenThen) -> Vec<String> {
    key_answers(then.words().0, None, CLAIM_OPEN_NO)
}

/// Abandon the game for a new one?
pub(crate) fn new_game(how: Answering) -> String {
    let no = match how {
        Answering::Keys => NEW_GAME.no,
        Answering::Commands => NEW_GAME_NO_COMMAND,
    };
    format!(
        "Abandon this game for a new one? {}",
        answers(how, NEW_GAME.yes, None, no)
    )
}

/// The new-game question at its shortest, for the status line.
pub(crate) fn new_game_answers() -> Brief {
    Brief::asked("New game?", key_answers(NEW_GAME.yes, None, NEW_GAME.no))
}

/// `player` resigns the game in progress?
pub(crate) fn resign(player: Player, how: Answering) -> String {
    resign_for(&player.to_string(), &player.other().to_string(), how)
}
/// [`resign`] with the players as the game says them (`bob (Yellow)` at a local
/// game whose people have names): `Resign for bob (Yellow)? alice (Blue) wins the game.`
pub(crate) fn resign_for(loser: &str, winner: &str, how: Answering) -> String {
    format!(
        "Resign for {loser}? {winner} wins the game. {}",
        answers(how, RESIGN.yes, None, RESIGN.no)
    )
}
/// [`resign`] at a server's table, by the players' names (s31: `Resign for Yellow?
/// Blue wins the game.` meant little there): `Resign? alice wins the game.`
pub(crate) fn resign_named(winner: &str, how: Answering) -> String {
    format!(
        "Resign? {winner} wins the game. {}",
        answers(how, RESIGN.yes, None, RESIGN.no)
    )
}
/// The resign question in brief, for the status line.
pub(crate) fn resign_answers() -> Brief {
    Brief::asked("Resign?", key_answers(RESIGN.yes, None, RESIGN.no))
}

/// The resign question at its shortest, its answers alone (the box above asks it):
/// [`resign_answers`] is 46 columns, and was cut at 44 (`… any other key: keep…`).
pub(crate) fn resign_brief() -> Brief {
    Brief::alone(brief_answers(RESIGN.yes, false, RESIGN.no))
}

/// [`resume_unknown`]'s yes and no.
const RESUME_UNKNOWN_YES: &str = "resume";
/// See [`RESUME_UNKNOWN_YES`].
const RESUME_UNKNOWN_NO: &str = "new game";

/// Resume an autosaved game, when its details are not known (`leave`: what `q` does,
/// [`RESUME_BACK`] or [`RESUME_QUIT`]).
pub(crate) fn resume_unknown(how: Answering, leave: &str) -> String {
    format!(
        "An unfinished game was autosaved. Resume it? {}",
        resume_answers_of(how, RESUME_UNKNOWN_YES, leave, RESUME_UNKNOWN_NO)
    )
}

/// The quit question at its shortest, for the status line: the question kept.
pub(crate) fn quit_answers() -> Brief {
    Brief::asked("Quit?", key_answers(QUIT.yes, None, QUIT.no))
}
/// The resume question's yes in brief.
const RESUME_BRIEF_YES: &str = "resume";

/// The resume question's no at its shortest, under a box that names the new game.
const RESUME_NARROW_NO: &str = "new";

/// The resume question in brief: `head`, then every answer its box names, in the
/// box's order, `y: resume, q/Esc: {leave}, any other key: {no}`; its answers listed
/// in the order a click picks them ([`resume_key_answers`]'s: yes, no, then `q/Esc`).
/// s29 (qa29): the briefs left `q/Esc` out, which the box names.
fn resume_brief_of(head: Option<&str>, leave: &str, no: &str) -> Brief {
    let yes = format!("y: {RESUME_BRIEF_YES}");
    let no = format!("{ANY_OTHER_KEY}: {no}");
    let leave = format!("{RESUME_LEAVE_KEYS}: {leave}");
    let listed = format!("{yes}, {leave}, {no}");
    Brief {
        text: match head {
            Some(head) => format!("{head} {listed}"),
            None => listed,
        },
        answers: vec![yes, no, leave],
    }
}

/// The resume question at its shortest, for the status line: every answer, within
/// 44 columns (`y: resume, q/Esc: quit, any other key: new`, 42; the box above names
/// the new game), after the same answers with the question's word where they fit
/// (`leave`: what `q` does). s40: the shortest said `other: new game`, the one
/// question at 44 columns not saying `any other key`.
pub(crate) fn resume_brief(leave: &str) -> [Brief; 2] {
    [
        resume_brief_of(Some("Resume?"), leave, RESUME_UNKNOWN_NO),
        resume_brief_of(None, leave, RESUME_NARROW_NO),
    ]
}
/// The replay viewer's play-on question at its shortest, for the status line.
pub(crate) fn play_on_answers() -> Brief {
    Brief::asked("Play on?", key_answers(PLAY_ON.yes, None, PLAY_ON.no))
}
/// The quit question in brief, for the status line: the question, its
/// consequence and the answers, 75 columns (s39: the head was `It is kept: \`hijara
/// resume\` continues it.`, 84 columns with [`ANY_OTHER_KEY`]).
pub(crate) fn quit_autosaved_short() -> Brief {
    Brief::asked(
        "Quit? It is kept for `hijara resume`.",
        brief_answers(QUIT.yes, false, QUIT.no),
    )
}

/// [`quit_saving`] in brief, for the status line.
pub(crate) fn quit_saving_short() -> Brief {
    Brief::asked(
        "Quit? Being autosaved: quitting waits for it.",
        brief_answers(QUIT.yes, false, QUIT.no),
    )
}

/// The resume question in brief, for the status line: the autosaved game, and the
/// new game any other key starts instead (`new_seats`); the box above names the
/// autosave and asks the question.
/// With every answer named (`leave`: what `q` does) there is no room for `Resume?`
/// (`y: resume` asks it). Where the totals and `new game vs hard AI` pass the row
/// (83 columns with one move), the second drops the totals, which the box above
/// says, and keeps who the new game is against (issue 28, defect 11: the door and
/// the game differed); the third, for narrower rows, says `new game` alone.
pub(crate) fn resume_short(game: &Game, new_seats: [Seat; 2], leave: &str) -> [Brief; 3] {
    let moves = moves_count(game.len());
    let totals = format!(
        "{moves}, Blue {}, Yellow {}.",
        game.score(Player::Blue),
        game.score(Player::Yellow),
    );
    let new_game = new_game_short(new_seats);
    [
        resume_brief_of(Some(&totals), leave, &new_game),
        resume_brief_of(Some(&format!("{moves}.")), leave, &new_game),
        resume_brief_of(Some(&totals), leave, RESUME_UNKNOWN_NO),
    ]
}

/// The resume question's answers, with the new game any other key starts (`leave`:
/// what `q` does).
pub(crate) fn resume_answers(new_seats: [Seat; 2], leave: &str) -> Brief {
    resume_brief_of(Some("Resume?"), leave, &new_game_short(new_seats))
}

/// The new game in a few words: `new hot-seat game`, `new game vs easy AI`.
fn new_game_short(seats: [Seat; 2]) -> String {
    match seats {
        [Seat::Human, Seat::Human] => "new hot-seat game".to_owned(),
        [Seat::Human, ai] | [ai, Seat::Human] => format!("new game vs {}", seat_name(ai)),
        [blue, yellow] => format!("new game, {} vs {}", seat_name(blue), seat_name(yellow)),
    }
}

/// The rules of an autosaved game other than the standard game's, said after who
/// plays whom: ` with corners and claims`, ` with claims`; nothing for the standard
/// game. (qa45: the question said none, so a corners game with claims was resumed
/// from `hijara play` as if it were the standard game asked for.)
fn with_rules(game: &Game) -> String {
    let rules = super::rules_parts(game.ruleset(), game.claim_mode());
    if rules.is_empty() {
        String::new()
    } else {
        format!(" with {}", rules.join(" and "))
    }
}

/// Who plays whom, a seat with a person's name (already made safe) named by it:
/// `Blue (Ann) against Yellow (easy AI)`.
fn pairing_named(seats: [Seat; 2], names: &[Option<String>; 2]) -> String {
    let who = |i: usize| names[i].as_deref().unwrap_or(seat_name(seats[i]));
    format!(
        "{} ({}) against {} ({})",
        Player::Blue,
        who(0),
        Player::Yellow,
        who(1),
    )
}

/// The play-on question in brief, for the status line.
pub(crate) fn play_on_short(at_move: usize, dropped: usize) -> Brief {
    let moves = if dropped == 1 { "move" } else { "moves" };
    Brief::asked(
        &format!("Play on from move {at_move}? {dropped} later {moves} dropped."),
        key_answers(PLAY_ON.yes, None, PLAY_ON.no),
    )
}

/// Resume the autosaved game, with who played it (its people by the names its record
/// gives them, `names`, already made safe) and how far it got, or start the new game
/// the player asked for (`new_seats`): each answer names its game. `q` leaves as the
/// game was opened (`leave`: [`RESUME_BACK`] or [`RESUME_QUIT`]), choosing neither.
pub(crate) fn resume(
    seats: [Seat; 2],
    names: &[Option<String>; 2],
    game: &Game,
    new_seats: [Seat; 2],
    new_names: &[Option<String>; 2],
    how: Answering,
    leave: &str,
) -> String {
    format!(
        // Each total joined to its colour: a box's line never parts them.
        "Resume the autosaved game? {}{}, {}, Blue\u{a0}{}, Yellow\u{a0}{}. {}",
        pairing_named(seats, names),
        with_rules(game),
        moves_count(game.len()),
        game.score(Player::Blue),
        game.score(Player::Yellow),
        resume_answers_of(how, RESUME_YES, leave, &resume_no(new_seats, new_names)),
    )
}

/// Said before the resume question when the autosave is damaged and only its first
/// `moves` moves read (qa45: `hijara resume` refused such a file while `hijara`
/// offered it, and neither said where it went wrong): the file (`file`, its name:
/// a whole path could be wider than the box), where it goes wrong (`at`: `line 3,
/// column 7`, else what is wrong) and that the rest is left out. Short, so that the
/// box stays whole at 44×16 with long names.
pub(crate) fn resume_damaged(file: &str, at: &str, moves: usize) -> String {
    format!(
        "The autosave {file} is damaged at {at}: only its {} can be resumed.",
        super::first_moves(moves)
    )
}

/// [`resume`] in a box too narrow for its no whole on a row (s32: 65 columns in the
/// 41 of the box at 44×16, 39 at 80×24): the new game's players in a sentence of
/// their own before the answers, its answer in fewer words, `any other key: a new
/// game` ([`resume_key_answers_short`]), so that each answer is whole on a row.
pub(crate) fn resume_narrow(
    seats: [Seat; 2],
    names: &[Option<String>; 2],
    game: &Game,
    new_seats: [Seat; 2],
    new_names: &[Option<String>; 2],
    leave: &str,
) -> String {
    format!(
        "Resume the autosaved game? {}{}, {}, Blue\u{a0}{}, Yellow\u{a0}{}. Or {}. {}",
        pairing_named(seats, names),
        with_rules(game),
        moves_count(game.len()),
        game.score(Player::Blue),
        game.score(Player::Yellow),
        resume_no(new_seats, new_names),
        resume_answers_of(Answering::Keys, RESUME_YES, leave, RESUME_NO_SHORT),
    )
}

/// The replay viewer's play-on question's answers.
pub(crate) const PLAY_ON: Answers = Answers {
    yes: "play on",
    no: "stay",
};

/// Play on from the last move of a game that ended there before a full board
/// (`ended`: `Yellow resigned: Blue wins`)? The game played on is a new one from that
/// position: the ending does not come with it (the saved game keeps it).
pub(crate) fn play_on_ended(at_move: usize, ended: &str, how: Answering) -> String {
    format!(
        "{ended}. Play on from move {at_move} as if it had not ended? The new game leaves \
         that out (the saved game keeps it). {}",
        answers(how, PLAY_ON.yes, None, PLAY_ON.no)
    )
}
/// [`play_on_ended`] in brief, for the status line.
pub(crate) fn play_on_ended_short(at_move: usize) -> Brief {
    Brief::asked(
        &format!("It ended here. Play on from move {at_move} anyway?"),
        key_answers(PLAY_ON.yes, None, PLAY_ON.no),
    )
}

/// Play on from move `at_move`, dropping `dropped` later moves? Said of a file
/// loaded, the game just played and a club's game alike, so it names no file.
pub(crate) fn play_on(at_move: usize, dropped: usize, how: Answering) -> String {
    let moves = if dropped == 1 { "move is" } else { "moves are" };
    format!(
        "Play on from move {at_move}? The {dropped} later {moves} dropped (the saved \
         game is not changed). {}",
        answers(how, PLAY_ON.yes, None, PLAY_ON.no)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ruleset;

    /// qa45: the resume question named no rules, so an autosaved corners game with
    /// claims was offered in the same words as a standard one.
    #[test]
    fn the_resume_question_names_the_autosaved_game_s_rules() {
        let seats = [Seat::Human, Seat::Human];
        let names = [None, None];
        let asked = |game: &Game| {
            [
                resume(
                    seats,
                    &names,
                    game,
                    seats,
                    &names,
                    Answering::Keys,
                    RESUME_QUIT,
                ),
                resume_narrow(seats, &names, game, seats, &names, RESUME_QUIT),
            ]
        };
        for text in asked(&Game::with_rules(Ruleset::Corners, true)) {
            assert!(
                text.contains("against Yellow (human) with corners and claims, 0 moves"),
                "{text}"
            );
        }
        for text in asked(&Game::with_claims()) {
            assert!(text.contains("(human) with claims, 0 moves"), "{text}");
        }
        for text in asked(&Game::new()) {
            assert!(text.contains("Yellow (human), 0 moves"), "{text}");
        }
    }
}
