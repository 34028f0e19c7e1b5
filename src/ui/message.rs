//! The status-line message: its kind (which picks its style) and its wordings; and
//! the texts that name what to type next ([`Keyed`]), which each face words its own
//! way.

use std::borrow::Cow;

use ratatui::style::Style;

use crate::rules::{ClaimState, ComboSet, Game, Placement, Player, Square};
use crate::session::{Notice, StorageReport};
use crate::strings::{
    analysis, claim, club, describe, lesson, line, message, narrow, puzzle, serve, start, storage,
    table,
};
use crate::text;

use super::keymap::{self, HintLine};
use super::look::Look;

/// What kind of message the status line shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageKind {
    /// Plain information.
    Info,
    /// A scoring move by this player.
    Score(Player),
    /// Something refused.
    Error,
}

/// [`Keyed::LastGame`]'s parts: the opponent, the result, the totals, not rated for
/// ending too soon, how it ended early.
pub type LastGame = (String, &'static str, [u32; 2], bool, Option<&'static str>);

/// A text that names what to type next. The full screen says it with its keys
/// ([`Keyed::keys`]), the line mode with its commands ([`Keyed::commands`]): carried
/// as data, so the line mode never has to recognise a text to reword it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Keyed {
    /// A square while the AI waits for the person's claim: whether the stone may
    /// still be claimed (once claimed, `claim first` would send the player to a
    /// claim the game refuses).
    GoOn(bool),
    /// A lesson's stone waits for its claim: anything else is refused.
    ClaimFirst,
    /// A move after the lesson's task was done.
    LessonDone,
    /// A key the lesson does not take.
    LessonUnknownKey,
    /// A key the puzzle does not take.
    PuzzleUnknownKey,
    /// A move after the puzzle was answered.
    PuzzleAnswered,
    /// A key the start screen does not take.
    StartUnknownKey,
    /// A key the game does not take.
    UnknownKey,
    /// The hint is being looked for: the full screen's `…` is a plain stop in the
    /// line mode, since a screen reader reads it as a word (or not at all).
    HintThinking,
    /// The hint: the hard AI's move for the player to move.
    Hint(Square),
    /// A new game began. The full screen says whose move it is; the line mode's
    /// state line says it after this text, so the line mode's words do not.
    NewGame,
    /// The autosaved game was resumed, this player to move: the same.
    Resumed(Player),
    /// A move or a take-back once the game is over.
    GameOver,
    /// The same in a game the start screen opened, where `q` goes back to it.
    GameOverBack,
    /// Moves taken back, this many.
    TookBack(usize),
    /// The AI found no legal move.
    AiStalled,
    /// A review asked for before the game is over.
    ReviewAfterTheGame,
    /// This player's rematch offer, made: it waits for the other player's answer.
    RematchSent,
    /// A move or a resignation at a server table once its game is over.
    TableOver,
    /// [`Keyed::TableOver`] while this player's rematch offer waits for the other's
    /// answer: only leaving is offered.
    TableRematchSent,
    /// The same against the server's AI.
    TableOverAi,
    /// The same once the other player got up from the table: no rematch.
    TableLeft,
    /// Something only a player does, asked by a spectator at a table.
    Spectating,
    /// A new game asked of the server's AI before this one is over.
    NewGameAtTheEndAi,
    /// The replay viewer's play-on at the last move of a finished game.
    OverAtThisMove,
    /// The server's review came while its game was open in the replay viewer.
    ReviewArrived,
    /// The stone that filled the board, its claim still open, and where the
    /// finished game was kept (the storage's note).
    KeptClaimOpen(Placement, String),
    /// What the stone that filled the board did, or how the game ended early (`bob
    /// wins: alice resigned`), as its line said it, and where the finished game was
    /// kept (the storage's note, which took that line's place). The line mode said
    /// that line as it came: it says the note alone.
    KeptAfterLast(String, String),
    /// The claim for the stone that filled the board, as its line says it, and where
    /// the finished game was kept ([`Keyed::KeptClaimOpen`]'s note, which the claim
    /// would have replaced: qa45, `Game kept as …` and `r review` were then named
    /// nowhere). The line mode, which has not said the claim, says both.
    KeptAfterClaim(String, String),
    /// What a write came to, come back after newer news was said (a slow disk): the
    /// newer line's text, then the report's text and its line-mode words. The full
    /// screen keeps the newer line first; the line mode, which said it as it came,
    /// says the report alone.
    LateReport {
        /// The newer line, as the status row showed it.
        newer: String,
        /// What the write came to, as the full screen says it.
        report: String,
        /// The same, as the line mode says it.
        line: String,
    },
    /// The replay viewer's jump to a move the record has not: the number typed, and
    /// how many moves it has.
    NoSuchMove(String, usize),
    /// The autosave could not be written: where, and why (said once per run of
    /// failures); a save by hand is the way out.
    AutosaveFailed {
        /// The autosave, as shown.
        path: String,
        /// Why the write failed.
        error: String,
    },
    /// A hint line of the key table: the line mode says the commands instead.
    Hints(HintLine),
    /// The server's lobby lists no tables.
    NoTables,
    /// A key the server's lobby (or a club screen over it) does not take.
    LobbyUnknownKey,
    /// A table number that no table listed has.
    NotATable,
    /// The lobby asks which table's win is claimed.
    ClaimWhich,
    /// The lobby's tables take more than a page: the page shown (from 1), of how many.
    TablesPage(usize, usize),
    /// The lobby's page of the player's games, on pages of their own past the
    /// tables' (a short screen): the page shown (from 1), of how many.
    YourGamesPage(usize, usize),
    /// A club list's page (from 1), of how many.
    Page(usize, usize),
    /// The player's unfinished games, by their numbers in the lobby's list, and
    /// whether a win may be claimed at one of them (one is against a person).
    Unfinished(String, bool),
    /// A private table's invitation code, told to the player who opened it.
    Invitation(String),
    /// The invitation code of a private table of the player's own that they do not
    /// wait at (a correspondence table): its number, and the code.
    TableCode(usize, String),
    /// Correspondence games wait for this player's move: how many, the oldest's
    /// opponent and its time left in seconds (shown `2d 0h`, said `2 days`).
    CorrDue(usize, String, i64),
    /// A correspondence game just came to this player's move: the opponent.
    CorrMoved(String),
    /// `f name`'s answer (where they are) with their correspondence games in play
    /// now listed to watch: `shown` of `total`, which Esc (the line mode's `hide`)
    /// hides.
    FoundWithCorr(String, usize, usize),
    /// A profile's `w`: the name's correspondence games in play listed to watch,
    /// `shown` of `total`, which Esc (the line mode's `hide`) hides.
    InPlayListed(String, usize, usize),
    /// The games `f` (the line mode's `find`) or `w` listed of the name's are
    /// listed no more: how to list them again.
    FoundHidden(String),
    /// A line typed in the lobby (a name to find, an invitation code): what it is,
    /// and what is typed so far.
    Entry(&'static str, String),
    /// A player left a server table: the game stops there. Said so only when the
    /// table has closed, and with it who left ([`Keyed::LeftStopped`] names them).
    PlayerLeft,
    /// The player named left a server table's game in play: it stops there.
    LeftStopped(String),
    /// Both players, named (Blue, Yellow), left a server table's game, before the
    /// screen saw either go: it stops there.
    BothLeftStopped(String, String),
    /// The opponent, named, left the table after its game.
    Left(String),
    /// The opponent, named, left the table, which ended the rated game before both
    /// players moved: not rated, said with the leaving in one line.
    LeftEarly(String),
    /// The table's line of a game's end (`bob resigned: alice wins`) when it ended
    /// before both players moved, with that it is not rated. The line mode says only
    /// that: its state line says the end.
    EndedEarly(String),
    /// The opponent's link dropped: their name and how long their seat is still
    /// kept. The full screen shows it as a clock (`1:30`), the line mode in words.
    WaitingFor(String, std::time::Duration),
    /// [`Keyed::WaitingFor`] as a spectator is told it.
    WatchedWaitingFor(String, std::time::Duration),
    /// A square chosen on the turn of the other player, who is away (their link
    /// dropped, or they left it adjourned): their name and colour, and what leaving
    /// does (it adjourns the game), where it said they play at another terminal.
    WaitAway(String, Player),
    /// The opponent did not come back within the grace period: their name, and the
    /// number of the table (the line mode's `win N` names it).
    Gone(String, u32),
    /// The line of both ratings after a rated game for the player who stayed after
    /// the opponent got up: the opponent's name, the line as the full screen writes
    /// it, and as the line mode says it (boxed: a message stays small). The full
    /// screen says the leaving first, as this line replaces the one that said it; the
    /// line mode, which said that line already, the ratings alone.
    RatedLeft(Box<[String; 3]>),
    /// The line of both ratings after a rated game: as the full screen writes it
    /// (`alice 1742? +242 · bob 1258? -242`), and as the line mode says it, in words.
    Rated(Box<[String; 2]>),
    /// At a correspondence game with claims: the stone waits for its claim.
    ClaimWithMove,
    /// A correspondence game's line for the player to move: its days a move, and
    /// the time left in seconds.
    CorrYourMove(u8, i64),
    /// A correspondence game's line for the player waiting (their own time left, the
    /// last) or for a spectator (none): its days a move, the mover's name and their
    /// time left (boxed: a message stays small); times in seconds.
    CorrTheirMove(u8, Box<(String, i64)>, Option<i64>),
    /// The replay viewer's deep review started, over this many positions.
    DeepStarted(usize),
    /// The deep review stopped by the player after this many of so many positions.
    DeepStopped(usize, usize),
    /// The lobby's line of the player's last game: the opponent, its result from
    /// the player's side (`won`, `drawn`, `lost`), both totals (the player's first),
    /// whether it was played as rated and ended too soon to be rated, and how it
    /// ended early (`they resigned`). The full screen writes `v bob` and `80-120`;
    /// the line mode says them in words.
    LastGame(Box<LastGame>),
    /// The lobby's and a profile's results against each opponent: their names, and
    /// the games won, drawn and lost against each.
    Tally(Vec<(String, [u32; 3])>, u32),
}

/// Which face a [`Keyed`] text is worded for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wording {
    /// The full screen: its keys.
    Keys,
    /// The line mode: its commands.
    Commands,
}

impl Keyed {
    /// The full screen's wording: the keys.
    pub fn keys(&self) -> String {
        match self {
            Keyed::GoOn(true) => claim::GO_ON.to_owned(),
            Keyed::GoOn(false) => claim::GO_ON_CLAIMED.to_owned(),
            Keyed::ClaimFirst => lesson::CLAIM_FIRST.to_owned(),
            Keyed::LessonDone => lesson::DONE_ALREADY.to_owned(),
            Keyed::LessonUnknownKey => lesson::UNKNOWN_KEY.to_owned(),
            Keyed::PuzzleUnknownKey => puzzle::UNKNOWN_KEY.to_owned(),
            Keyed::PuzzleAnswered => puzzle::ANSWERED.to_owned(),
            Keyed::StartUnknownKey => start::UNKNOWN_KEY.to_owned(),
            Keyed::UnknownKey => message::UNKNOWN_KEY.to_owned(),
            Keyed::HintThinking => message::HINT_THINKING.to_owned(),
            Keyed::Hint(square) => message::hint(*square),
            Keyed::NewGame => message::NEW_GAME.to_owned(),
            Keyed::Resumed(to_move) => message::resumed(*to_move),
            Keyed::GameOver => message::GAME_OVER.to_owned(),
            Keyed::GameOverBack => message::GAME_OVER_BACK.to_owned(),
            Keyed::TookBack(count) => message::took_back(*count),
            Keyed::AiStalled => message::AI_STALLED.to_owned(),
            Keyed::ReviewAfterTheGame => message::REVIEW_AFTER_THE_GAME.to_owned(),
            Keyed::RematchSent => table::REMATCH_SENT.to_owned(),
            Keyed::TableOver => table::GAME_OVER.to_owned(),
            Keyed::TableRematchSent => table::GAME_OVER_REMATCH_SENT.to_owned(),
            Keyed::TableOverAi => table::GAME_OVER_AI.to_owned(),
            Keyed::TableLeft => table::GAME_OVER_LEFT.to_owned(),
            Keyed::Spectating => table::SPECTATING.to_owned(),
            Keyed::NewGameAtTheEndAi => table::NEW_GAME_AT_THE_END_AI.to_owned(),
            Keyed::OverAtThisMove => message::OVER_AT_THIS_MOVE.to_owned(),
            Keyed::ReviewArrived => analysis::REVIEW_ARRIVED.to_owned(),
            Keyed::KeptClaimOpen(placement, kept) => claim::placed_last(placement, kept),
            Keyed::KeptAfterLast(stone, kept) => storage::kept_after_last(stone, kept),
            Keyed::KeptAfterClaim(claim, kept) => storage::kept_after_last(claim, kept),
            Keyed::LateReport { newer, report, .. } => storage::late_report(newer, report),
            Keyed::NoSuchMove(typed, len) => message::no_such_move(typed, *len),
            Keyed::AutosaveFailed { path, error } => storage::autosave_failed(path, error),
            Keyed::Hints(hints) => keymap::hint_line(*hints),
            Keyed::NoTables => serve::NO_TABLES.to_owned(),
            Keyed::LobbyUnknownKey => serve::UNKNOWN_KEY.to_owned(),
            Keyed::NotATable => serve::NOT_A_TABLE.to_owned(),
            Keyed::ClaimWhich => serve::CLAIM_WHICH.to_owned(),
            Keyed::TablesPage(page, pages) => club::tables_page(*page, *pages),
            Keyed::YourGamesPage(page, pages) => serve::your_games_page(*page, *pages),
            Keyed::Page(number, pages) => club::page(*number, *pages),
            Keyed::Unfinished(numbers, claim) => serve::unfinished(numbers, *claim),
            Keyed::Invitation(code) => serve::invitation(code),
            Keyed::TableCode(number, code) => serve::table_code(*number, code),
            Keyed::CorrDue(count, opponent, left) => {
                club::your_move(*count, opponent, &club::corr_time(*left))
            }
            Keyed::CorrMoved(opponent) => club::moved(opponent),
            Keyed::FoundWithCorr(found, shown, total) => {
                serve::found_with_corr(found, *shown, *total, serve::hides(false))
            }
            Keyed::InPlayListed(name, shown, total) => {
                serve::in_play_listed(name, *shown, *total, serve::hides(false))
            }
            Keyed::FoundHidden(name) => serve::found_hidden(name),
            Keyed::Entry(what, typed) => {
                serve::entry(what, typed, &keymap::hint_line(HintLine::LobbyEntry))
            }
            Keyed::PlayerLeft => serve::PLAYER_LEFT.to_owned(),
            Keyed::LeftStopped(name) => serve::left_stopped(name),
            Keyed::BothLeftStopped(blue, yellow) => serve::both_left_stopped(blue, yellow),
            Keyed::Left(name) => crate::strings::talk::left(name),
            Keyed::LeftEarly(name) => crate::strings::talk::left_early(name),
            Keyed::EndedEarly(end) => crate::strings::talk::not_rated_after(end),
            Keyed::WaitingFor(name, left) => {
                serve::waiting_for(name, &crate::session::show_clock(*left))
            }
            Keyed::WatchedWaitingFor(name, left) => {
                serve::watched_waiting_for(name, &crate::session::show_clock(*left))
            }
            Keyed::Gone(name, table) => serve::gone(name, *table),
            Keyed::WaitAway(name, mover) => message::wait_away(name, *mover),
            Keyed::RatedLeft(rated) => {
                let [name, ratings, _] = &**rated;
                club::left_then_rated(name, ratings)
            }
            Keyed::Rated(rated) => rated[0].clone(),
            Keyed::ClaimWithMove => club::CLAIM_WITH_MOVE.to_owned(),
            Keyed::CorrYourMove(days, left) => club::corr_your_move(*days, &club::corr_time(*left)),
            Keyed::CorrTheirMove(days, whose, mine) => {
                let (mover, left) = &**whose;
                let mine = mine.map(club::corr_time);
                club::corr_their_move(*days, mover, &club::corr_time(*left), mine.as_deref())
            }
            Keyed::DeepStarted(total) => analysis::deep_started(*total),
            Keyed::DeepStopped(done, total) => analysis::deep_stopped(*done, *total),
            Keyed::LastGame(last) => {
                let (opponent, outcome, score, early, how) = &**last;
                let line = serve::last_game(opponent, outcome, *score, *how);
                if *early {
                    serve::last_game_not_rated(&line)
                } else {
                    line
                }
            }
            Keyed::Tally(each, early) => {
                let each: Vec<String> = each
                    .iter()
                    .map(|(name, counts)| serve::versus(name, *counts))
                    .collect();
                serve::tally(&each, *early)
            }
        }
    }

    /// The line mode's wording: the commands typed for those keys.
    pub fn commands(&self) -> String {
        match self {
            Keyed::GoOn(true) => line::GO_ON.to_owned(),
            Keyed::GoOn(false) => line::GO_ON_CLAIMED.to_owned(),
            Keyed::ClaimFirst => line::CLAIM_FIRST.to_owned(),
            Keyed::LessonDone => line::LESSON_DONE.to_owned(),
            Keyed::LessonUnknownKey | Keyed::PuzzleUnknownKey | Keyed::UnknownKey => {
                line::NOTHING_HERE.to_owned()
            }
            Keyed::PuzzleAnswered => line::PUZZLE_ANSWERED.to_owned(),
            Keyed::StartUnknownKey => line::START_UNKNOWN.to_owned(),
            Keyed::HintThinking => line::HINT_THINKING.to_owned(),
            Keyed::Hint(square) => line::hint(*square),
            Keyed::NewGame => line::NEW_GAME.to_owned(),
            Keyed::Resumed(_) => line::RESUMED.to_owned(),
            Keyed::GameOver => line::GAME_OVER.to_owned(),
            Keyed::GameOverBack => line::GAME_OVER_BACK.to_owned(),
            Keyed::TookBack(count) => line::took_back(*count),
            Keyed::AiStalled => line::AI_STALLED.to_owned(),
            Keyed::ReviewAfterTheGame => line::REVIEW_AFTER_THE_GAME.to_owned(),
            Keyed::RematchSent => line::REMATCH_SENT.to_owned(),
            Keyed::TableOver => line::TABLE_OVER.to_owned(),
            Keyed::TableRematchSent => line::TABLE_REMATCH_SENT.to_owned(),
            Keyed::TableOverAi => line::TABLE_OVER_AI.to_owned(),
            Keyed::TableLeft => line::TABLE_LEFT.to_owned(),
            Keyed::Spectating => line::SPECTATING.to_owned(),
            Keyed::NewGameAtTheEndAi => line::NEW_GAME_AT_THE_END_AI.to_owned(),
            Keyed::OverAtThisMove => line::OVER_AT_THIS_MOVE.to_owned(),
            Keyed::ReviewArrived => line::REVIEW_ARRIVED.to_owned(),
            Keyed::KeptClaimOpen(_, kept) => line::kept_claim_open(kept),
            Keyed::KeptAfterLast(_, kept) => kept.clone(),
            Keyed::KeptAfterClaim(claim, kept) => line::kept_after_claim(claim, kept),
            Keyed::LateReport { line, .. } => line.clone(),
            Keyed::NoSuchMove(typed, len) => line::no_such_move(typed, *len),
            Keyed::AutosaveFailed { path, error } => line::autosave_failed(path, error),
            Keyed::Hints(hints) => line_hints(*hints).to_owned(),
            Keyed::NoTables => line::NO_TABLES.to_owned(),
            Keyed::LobbyUnknownKey => line::NOTHING_HERE.to_owned(),
            Keyed::NotATable => line::NOT_A_TABLE.to_owned(),
            Keyed::ClaimWhich => line::CLAIM_WHICH.to_owned(),
            Keyed::TablesPage(page, pages) => line::tables_page(*page, *pages),
            Keyed::YourGamesPage(page, pages) => line::your_games_page(*page, *pages),
            Keyed::Page(number, pages) => line::page(*number, *pages),
            Keyed::Unfinished(numbers, claim) => line::unfinished(numbers, *claim),
            Keyed::Invitation(code) => line::invitation(code),
            Keyed::TableCode(number, code) => line::table_code(*number, code),
            Keyed::CorrDue(count, opponent, left) => {
                line::corr_due(*count, opponent, &line::corr_time(*left))
            }
            Keyed::CorrMoved(opponent) => line::corr_moved(opponent),
            Keyed::FoundWithCorr(found, shown, total) => {
                serve::found_with_corr(found, *shown, *total, serve::hides(true))
            }
            Keyed::InPlayListed(name, shown, total) => {
                serve::in_play_listed(name, *shown, *total, serve::hides(true))
            }
            Keyed::FoundHidden(name) => line::found_hidden(name),
            Keyed::Entry(what, typed) => line::entry(what, typed),
            Keyed::PlayerLeft => line::PLAYER_LEFT.to_owned(),
            Keyed::LeftStopped(name) => line::left_stopped(name),
            Keyed::BothLeftStopped(blue, yellow) => line::both_left_stopped(blue, yellow),
            Keyed::Left(name) => line::left(name),
            Keyed::LeftEarly(name) => line::left_early(name),
            Keyed::EndedEarly(_) => crate::strings::talk::ENDED_TOO_SOON.to_owned(),
            Keyed::WaitingFor(name, left) => line::waiting_for(name, *left),
            Keyed::WatchedWaitingFor(name, left) => line::watched_waiting_for(name, *left),
            Keyed::Gone(name, table) => line::gone(name, *table),
            Keyed::WaitAway(name, mover) => line::wait_away(name, *mover),
            Keyed::RatedLeft(rated) => rated[2].clone(),
            Keyed::Rated(rated) => rated[1].clone(),
            Keyed::ClaimWithMove => line::CLAIM_WITH_MOVE.to_owned(),
            Keyed::CorrYourMove(days, left) => {
                line::corr_your_move(&club::days_a_move(*days), &line::corr_time(*left))
            }
            Keyed::CorrTheirMove(days, whose, mine) => {
                let (mover, left) = &**whose;
                let mine = mine.map(line::corr_time);
                line::corr_their_move(
                    &club::days_a_move(*days),
                    mover,
                    &line::corr_time(*left),
                    mine.as_deref(),
                )
            }
            Keyed::DeepStarted(total) => analysis::deep_started_words(*total),
            Keyed::DeepStopped(done, total) => analysis::deep_stopped_words(*done, *total),
            Keyed::LastGame(last) => {
                let (opponent, outcome, score, early, how) = &**last;
                line::last_game(opponent, outcome, *score, *early, *how)
            }
            Keyed::Tally(each, early) => line::tally(each, *early),
        }
    }

    /// The wording for `wording`'s face.
    pub fn words(&self, wording: Wording) -> String {
        match wording {
            Wording::Keys => self.keys(),
            Wording::Commands => self.commands(),
        }
    }
}

/// A hint line in the line mode's commands: the lobby's own; the other screens'
/// hint lines are not said in lines (their commands are in `help`).
fn line_hints(hints: HintLine) -> &'static str {
    match hints {
        HintLine::Lobby | HintLine::LobbyNumbered => line::LOBBY_HINTS,
        // Unchanged in the line mode, which says a changed line again: `help` lists `hide`.
        HintLine::LobbyClub | HintLine::LobbyClubFound => line::LOBBY_CLUB_HINTS,
        HintLine::LobbyForm => line::LOBBY_FORM_HINTS,
        HintLine::LobbyFormEnd => line::LOBBY_FORM_END_HINTS,
        HintLine::LobbyWaiting => line::LOBBY_WAITING_HINTS,
        HintLine::LobbyAdjourned => line::LOBBY_ADJOURNED_HINTS,
        HintLine::LobbyEntry => line::LOBBY_ENTRY_HINTS,
        HintLine::LobbyNumber => line::LOBBY_NUMBER_HINTS,
        HintLine::LobbyBoard => line::LOBBY_BOARD_HINTS,
        HintLine::LobbyProfile => line::LOBBY_PROFILE_HINTS,
        HintLine::LobbyOtherProfile => line::LOBBY_OTHER_PROFILE_HINTS,
        _ => line::SEE_HELP,
    }
}

/// The stone before a placement, when its points went unclaimed at it: how the
/// placement's message says so ([`Message::played_at`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unclaimed<'a> {
    /// None went unclaimed.
    None,
    /// Said whole, in a box over the board if too long for the status line: after a
    /// stone played at this keyboard, what was forfeited is the lesson.
    Whole(&'a Placement),
    /// The other player's stone (at another terminal, or an AI's), after which the
    /// player at this keyboard is to move: said in as few words as the status line
    /// needs, never in a box, whose closing key would take the Enter meant for a move.
    News(&'a Placement),
}

/// The message on the status line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// Its kind, which picks its style.
    pub kind: MessageKind,
    /// The text.
    pub text: String,
    /// A shorter wording for narrow screens, if there is one.
    pub short: Option<String>,
    /// Wordings between the text and the short one, widest first, for the screens
    /// between: the first that fits is shown (so a name in it is cut only where the
    /// screen is too narrow for it whole). Empty for most lines.
    pub middle: Vec<String>,
    /// What the text names to type, when it names keys: the line mode words it
    /// with its commands instead.
    pub keyed: Option<Keyed>,
}

impl Message {
    /// A message with one wording.
    pub fn new(kind: MessageKind, text: impl Into<String>) -> Message {
        let text = text.into();
        Message {
            kind,
            short: narrow::short_of(&text).map(str::to_owned),
            text,
            middle: Vec::new(),
            keyed: None,
        }
    }

    /// A message with a short wording of its own for narrow screens (one that holds
    /// a name, which [`Message::new`] cannot look up by its text).
    pub fn with_short(kind: MessageKind, text: impl Into<String>, short: String) -> Message {
        Message {
            short: Some(short),
            ..Message::new(kind, text)
        }
    }

    /// A message that names what to type: the full screen's keys as its text.
    pub fn keyed(kind: MessageKind, keyed: Keyed) -> Message {
        Message {
            kind,
            text: keyed.keys(),
            short: match &keyed {
                Keyed::TookBack(count) => Some(message::took_back_short(*count)),
                Keyed::LeftEarly(name) => Some(narrow::left_early(name)),
                Keyed::LeftStopped(name) => Some(narrow::left_stopped(name)),
                Keyed::BothLeftStopped(..) => Some(narrow::BOTH_LEFT_STOPPED.to_owned()),
                Keyed::Gone(name, table) => Some(narrow::gone(name, *table)),
                Keyed::WaitAway(name, _) => Some(narrow::wait_away(name)),
                Keyed::WatchedWaitingFor(name, left) => Some(narrow::watched_waiting_for(
                    name,
                    &crate::session::show_clock(*left),
                )),
                _ => narrow::short_of(&keyed.keys()).map(str::to_owned),
            },
            // The names where they fit, before the short wording that has none.
            middle: match &keyed {
                Keyed::BothLeftStopped(blue, yellow) => {
                    vec![narrow::both_left_stopped(blue, yellow)]
                }
                _ => Vec::new(),
            },
            keyed: Some(keyed),
        }
    }

    /// The line mode's wording: the commands where the text names keys.
    pub fn line_words(&self) -> Cow<'_, str> {
        match &self.keyed {
            Some(keyed) => Cow::Owned(keyed.commands()),
            None => Cow::Borrowed(&self.text),
        }
    }

    /// What a placement did, with a short wording for narrow screens.
    pub(crate) fn placement(placement: &Placement) -> Message {
        Message::placement_by(placement, &placement.player.to_string())
    }

    /// [`Message::placement`] with its player said as `player` says them (a name at a
    /// table); its colour is the message's style still.
    fn placement_by(placement: &Placement, player: &str) -> Message {
        let kind = if placement.points > 0 {
            MessageKind::Score(placement.player)
        } else {
            MessageKind::Info
        };
        let short = describe::placement_short_by(placement, player);
        // A stone of many combinations: how many, where even their short names leave
        // no room (s40: at 44×16 the last stone's `Yellow +30: row 4 4s (10), column
        // d 4s (10), diagonal a1-d4 4s (10)` was a box over the final position); the
        // move list and the review name them.
        match describe::placement_counted_by(placement, player) {
            Some(counted) => Message {
                kind,
                text: describe::placement_by(placement, player),
                short: Some(counted),
                middle: vec![short],
                keyed: None,
            },
            None => Message {
                kind,
                text: describe::placement_by(placement, player),
                short: Some(short),
                middle: Vec::new(),
                keyed: None,
            },
        }
    }

    /// A claim of `points` awarded for `placement` by `player` (a colour; a name at a
    /// table): whole where it fits. A part claim's shorter wording still names what it
    /// forfeited, and none is shorter: where that does not fit either, it shows whole
    /// in a box, as a wrong claim does, so the players can check the score (qa38:
    /// `Blue +25 claimed; 20 forfeited` said which points, not which combinations).
    pub(crate) fn claim_awarded(
        placement: &Placement,
        player: table::Who<'_>,
        points: u32,
        combos: ComboSet,
    ) -> Message {
        let part = points < placement.points;
        let said = player.to_string();
        Message {
            kind: MessageKind::Score(placement.player),
            text: describe::claim_awarded_by(placement, player, points, combos),
            short: (!part).then(|| describe::claim_awarded_short_by(placement, &said, points)),
            middle: if part {
                vec![describe::claim_awarded_middle(
                    placement, &said, points, combos,
                )]
            } else {
                Vec::new()
            },
            keyed: None,
        }
    }

    /// What a placement did in a game that may have claims: `state` is the stone's
    /// claim state (`None` without claims, or for an AI's stone that scored nothing),
    /// `unclaimed` the stone before it when its
    /// points went unclaimed at this placement. A person's pending stone says nothing
    /// of its points; an AI's stone, claimed in full at once, says what it claimed.
    pub(crate) fn played(
        placement: &Placement,
        state: Option<ClaimState>,
        unclaimed: Option<&Placement>,
    ) -> Message {
        let unclaimed = unclaimed.map_or(Unclaimed::None, Unclaimed::Whole);
        Message::played_at(placement, state, unclaimed, false, None)
    }

    /// [`Message::played`] of a stone played here (`remote` false) or at another
    /// terminal, whose player claims it there: nobody here is asked to claim it.
    /// `names`, the players' at a table, say its players (s34: by colour alone, `Blue
    /// played a4 (section 1): Blue may claim its points`, where both had names); the
    /// player who reads it in the second person (s35: `alice played a4` on alice's
    /// screen, her own claim still by colour: `Blue played a4 ... Claim its points`).
    pub(crate) fn played_at(
        placement: &Placement,
        state: Option<ClaimState>,
        unclaimed: Unclaimed<'_>,
        remote: bool,
        names: Option<[table::Who<'_>; 2]>,
    ) -> Message {
        let colours = Player::BOTH.map(|p| p.to_string());
        let who = |player: Player| match names {
            Some(names) => names[player.index()],
            None => table::Who::Named(&colours[player.index()]),
        };
        let said = |player: Player| who(player).to_string();
        let player = said(placement.player);
        let mut message = match state {
            None => Message::placement_by(placement, &player),
            Some(ClaimState::Pending) if remote => Message {
                kind: MessageKind::Info,
                text: claim::placed_remote(placement, &player),
                short: Some(claim::placed_remote_short(placement, &player)),
                middle: Vec::new(),
                keyed: None,
            },
            Some(ClaimState::Pending) => Message {
                kind: MessageKind::Info,
                text: claim::placed_by(placement, &player),
                short: Some(match who(placement.player) {
                    table::Who::You => claim::placed_yours_short(placement),
                    table::Who::Named(_) => claim::placed_short(placement),
                }),
                middle: Vec::new(),
                keyed: None,
            },
            // A person's part claim, put back by a redo: what it awarded and forfeited
            // (qa38: the AI's wording said the stone's whole points, `Blue +45`).
            Some(ClaimState::Claimed { points, combos }) if points < placement.points => {
                Message::claim_awarded(placement, who(placement.player), points, combos)
            }
            // The AI's stone: at a table with the server's AI, by the name it has there
            // (s35: by colour, `Yellow +10 (claimed)` under `hard AI` on the ladder).
            Some(ClaimState::Claimed { .. }) => Message {
                kind: MessageKind::Score(placement.player),
                text: describe::ai_claimed(placement, &player),
                short: Some(describe::placement_short_by(placement, &player)),
                middle: Vec::new(),
                keyed: None,
            },
            Some(other) => Message::new(MessageKind::Info, describe::settled(placement, other)),
        };
        let (earlier, news) = match unclaimed {
            Unclaimed::None => return message,
            Unclaimed::Whole(earlier) => (earlier, false),
            Unclaimed::News(earlier) => (earlier, true),
        };
        let whose = who(earlier.player);
        let full = describe::unclaimed_by(earlier, whose);
        let brief = describe::unclaimed_brief(earlier, whose);
        let placed: Vec<String> = message.wordings().map(str::to_owned).collect();
        message.text = claim::unclaimed_then(&full, &message.text);
        message.keyed = None;
        message.middle.clear();
        message.short = None;
        if news {
            // The other player's move, come to the player now to move: on the status
            // line, never in a box that would take the Enter meant for their move
            // (qa46 B). Widest first: the forfeited combinations, then without them,
            // then the fewest words; the whole text is the line mode's, and the move
            // list shows the forfeit (`✗10`).
            let mut middle: Vec<String> = placed
                .iter()
                .skip(1)
                .map(|w| claim::unclaimed_then(&full, w))
                .chain(placed.iter().map(|w| claim::unclaimed_then(&brief, w)))
                .collect();
            middle.sort_by_key(|w| std::cmp::Reverse(text::width(w)));
            message.middle = middle;
            message.short = Some(narrow::forfeited_then(
                &whose.whose(earlier.square()),
                earlier.points,
                &said(placement.player),
                &placement.square().to_string(),
            ));
        }
        // Otherwise whole, in a box if need be: what was forfeited is the lesson.
        message
    }

    /// Move `index` (0-based) of a game as a finished record shows it (the replay
    /// viewer): in a claim game, what was claimed and what was forfeited.
    pub(crate) fn of_move(game: &Game, index: usize) -> Option<Message> {
        Message::of_move_by(game, index, None)
    }

    /// [`Message::of_move`] with its player said by name where `names`, the players'
    /// at a table, are given (s34: the other player's claim, as it arrived, said
    /// `Blue claims 20 for a4`).
    pub(crate) fn of_move_by(
        game: &Game,
        index: usize,
        names: Option<[table::Who<'_>; 2]>,
    ) -> Option<Message> {
        let placement = game.placements().get(index)?;
        let colour = placement.player.to_string();
        let player = match names {
            Some(names) => names[placement.player.index()],
            None => table::Who::Named(&colour),
        };
        Some(match game.claim_state(index) {
            None => Message::placement_by(placement, &player.to_string()),
            Some(state) => {
                let kind = if game.awarded(index) > 0 {
                    MessageKind::Score(placement.player)
                } else {
                    MessageKind::Info
                };
                Message::new(kind, describe::settled_by(placement, state, player))
            }
        })
    }

    /// What a write of the session's storage came to. A failed autosave names the
    /// way out, a save by hand: the key or the command.
    pub(crate) fn storage(report: &StorageReport) -> Message {
        match report {
            StorageReport::Archived(path) => Message::kept(&text::display_path(path), None),
            StorageReport::AutosaveFailed { path, error } => Message::keyed(
                MessageKind::Error,
                Keyed::AutosaveFailed {
                    path: text::display_path(path),
                    error: error.clone(),
                },
            ),
            _ => Message::notice(describe::storage_report(report)),
        }
    }

    /// The note that the finished game was kept as `path` (its whole path, made safe
    /// as [`text::display_path`] makes it), after the line it takes the place of,
    /// `after` (how the game ended, what the last stone made: [`Keyed::KeptAfterLast`]),
    /// on one row wherever it can be: board45 (s39), at 44×16 its box hid four rows of
    /// the final position. Its wordings, the first that fits shown: whole; without
    /// `(see: hijara games)`; the path by its last folders (`…/games/hijara-….hij`,
    /// [`text::path_cuts`]), then without `(see: ...)` again; then `Game kept.` and
    /// each of the line's wordings (s40: by colour where long names leave the line by
    /// name no room, `Game kept. Blue wins: Yellow resigned`); then `Kept.` and each of
    /// them, which leaves `? help` room beside it at 44 columns
    /// ([`Message::wording_beside`]); the shortest says the path by its file name
    /// alone. The line mode says it whole (its words are the `keyed`'s), and `hijara
    /// games` lists it.
    pub(crate) fn kept(path: &str, after: Option<&Message>) -> Message {
        let cuts = text::path_cuts(path);
        let last = cuts.last().map_or(path, String::as_str);
        let said = |kept: String| match after {
            Some(after) => storage::kept_after_last(&after.text, &kept),
            None => kept,
        };
        // The whole path without where to see it, before a path cut.
        let mut middle = vec![said(storage::archived_brief(path))];
        middle.extend(cuts.iter().map(|cut| said(storage::archived(cut))));
        middle.extend(cuts.iter().map(|cut| said(storage::archived_brief(cut))));
        let short = match after {
            Some(after) => {
                middle.extend(after.wordings().map(storage::kept_then));
                middle.extend(after.wordings().map(storage::kept_then_brief));
                storage::archived_brief(last)
            }
            None => storage::ARCHIVED_SHORT.to_owned(),
        };
        middle.dedup();
        let keyed =
            after.map(|after| Keyed::KeptAfterLast(after.text.clone(), storage::archived(path)));
        Message {
            kind: MessageKind::Info,
            text: said(storage::archived(path)),
            short: Some(short),
            middle,
            keyed,
        }
    }

    /// The stone that filled the board, its claim still open, and the note that the
    /// finished game was kept as `path` ([`Keyed::KeptClaimOpen`]), on one row
    /// wherever it can be as [`Message::kept`]'s note is (s40: it was a box over the
    /// final position at 80×24 and 44×16): whole; the path without `(see: ...)`;
    /// the path by its last folders, with and without it; the same after the claim's
    /// prompt in fewer words (`Yellow b1:4. Claim: + points Enter. Game kept as ...`);
    /// then that prompt after `Game kept.`, and after `Kept.` (40 columns with
    /// `Yellow`).
    pub(crate) fn kept_claim_open(placement: &Placement, path: &str) -> Message {
        let cuts = text::path_cuts(path);
        let said = |kept: String| claim::placed_last(placement, &kept);
        let mut middle = vec![said(storage::archived_brief(path))];
        middle.extend(cuts.iter().map(|cut| said(storage::archived(cut))));
        middle.extend(cuts.iter().map(|cut| said(storage::archived_brief(cut))));
        // The prompt in fewer words, the path as before (73 columns at 80 with a
        // short path).
        let brief = |kept: String| claim::placed_last_short(placement, &kept);
        middle.push(brief(storage::archived(path)));
        middle.push(brief(storage::archived_brief(path)));
        middle.extend(cuts.iter().map(|cut| brief(storage::archived(cut))));
        middle.extend(cuts.iter().map(|cut| brief(storage::archived_brief(cut))));
        let prompt = claim::placed_short(placement);
        middle.push(storage::kept_then(&prompt));
        middle.dedup();
        let keyed = Keyed::KeptClaimOpen(*placement, storage::archived(path));
        Message {
            kind: MessageKind::Info,
            text: keyed.keys(),
            short: Some(storage::kept_then_brief(&prompt)),
            middle,
            keyed: Some(keyed),
        }
    }

    /// A session's notice as a message.
    pub(crate) fn notice(notice: Notice) -> Message {
        match notice {
            Notice::Info(text) => Message::new(MessageKind::Info, text),
            Notice::Error(text) => Message::new(MessageKind::Error, text),
            Notice::Resumed(to_move) => Message::keyed(MessageKind::Info, Keyed::Resumed(to_move)),
        }
    }

    /// The wording for a screen `width` columns wide: the long one if it fits, else the
    /// first of the middle ones that fits, else the short one if there is one.
    pub fn wording(&self, width: u16) -> &str {
        if text::fits(&self.text, usize::from(width)) {
            return &self.text;
        }
        let middle = self
            .middle
            .iter()
            .find(|m| text::fits(m, usize::from(width)));
        match (middle, &self.short) {
            (Some(middle), _) => middle,
            (None, Some(short)) => short,
            (None, None) => &self.text,
        }
    }

    /// The wording for a row `width` columns wide that leaves `beside` columns free
    /// beside it (the help's label, `? help`): the first of its wordings that fits in
    /// what is left, else [`Message::wording`]'s. The kept note takes it where the
    /// first status line gives its room to every key of the game over (s40: at 44×16
    /// `Game kept. Blue wins: Yellow resigned` left `? help` on neither line).
    pub fn wording_beside(&self, width: u16, beside: usize) -> &str {
        let room = usize::from(width).saturating_sub(beside);
        match self.wordings().find(|wording| text::fits(wording, room)) {
            Some(wording) if beside > 0 => wording,
            _ => self.wording(width),
        }
    }

    /// Whether this is the note that the finished game was kept, said after the line
    /// it took the place of ([`Keyed::KeptAfterLast`], [`Keyed::KeptAfterClaim`]).
    pub(crate) fn is_kept_after(&self) -> bool {
        matches!(
            self.keyed,
            Some(Keyed::KeptAfterLast(..) | Keyed::KeptAfterClaim(..))
        )
    }

    /// Its wordings, the widest first: the text, the middle ones, the short one.
    pub(crate) fn wordings(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.text.as_str())
            .chain(self.middle.iter().map(String::as_str))
            .chain(self.short.as_deref())
    }

    /// Whether [`Message::wording`] fits on one line `width` wide; if not, the screen
    /// shows it whole in a box over the board until the next key.
    pub fn fits(&self, width: u16) -> bool {
        text::fits(self.wording(width), usize::from(width))
    }

    /// Its style.
    pub(crate) fn style(&self, look: Look) -> Style {
        match self.kind {
            MessageKind::Info => Style::new(),
            MessageKind::Score(player) => look.player(player),
            MessageKind::Error => look.error(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// QA (s13 lines): a number or a name being typed in the lobby's line mode said
    /// `An empty line goes, cancel does not.`, which told neither what goes nor what
    /// `cancel` does; the number's line did not say more digits may follow.
    #[test]
    fn typing_a_number_or_a_name_says_what_each_line_does() {
        let number = Keyed::Hints(HintLine::LobbyNumber).commands();
        let name = Keyed::Hints(HintLine::LobbyEntry).commands();
        assert!(number.contains("more digits"), "{number}");
        for said in [&number, &name] {
            assert!(!said.contains("does not"), "{said}");
            assert!(
                said.contains("an empty line") || said.contains("An empty line"),
                "{said}"
            );
            assert!(said.contains("cancel drops it"), "{said}");
            assert_ne!(said.split(';').count(), 1, "{said}");
        }
        assert_ne!(number, name);
    }

    /// QA (s12 lines): a correspondence game's line said `6d 0h left`, which a screen
    /// reader spells out: the line mode says the full screen's figure in words.
    #[test]
    fn a_correspondence_time_is_shown_as_a_figure_and_said_in_words() {
        const DAY: i64 = 86_400;
        let mine = Keyed::CorrYourMove(3, 6 * DAY);
        assert_eq!(
            mine.keys(),
            "3 days a move: your move, 6d 0h left (q: lobby)"
        );
        assert_eq!(
            mine.commands(),
            "3 days a move: your move, 6 days left (quit: back to the lobby)"
        );
        let theirs = Keyed::CorrTheirMove(
            1,
            Box::new(("bob".to_owned(), DAY - 1)),
            Some(DAY + 3 * 3600),
        );
        assert!(
            theirs
                .keys()
                .contains("bob's move, 23h 59m left (yours: 1d 3h")
        );
        assert!(
            theirs
                .commands()
                .contains("bob's move, 23 hours 59 minutes left (yours: 1 day 3 hours;"),
            "{}",
            theirs.commands()
        );
        let due = Keyed::CorrDue(2, "bob".to_owned(), 59 * 60);
        assert!(due.keys().contains("v bob, 59m left"), "{}", due.keys());
        assert!(due.commands().contains("against bob, 59 minutes left"));
    }

    /// At 44 columns the take-back message stays on the status line rather than
    /// covering the board with a box until the next key.
    #[test]
    fn took_back_fits_the_narrow_screen() {
        for count in [1, 2, 31] {
            let message = Message::keyed(MessageKind::Info, Keyed::TookBack(count));
            assert!(message.fits(44), "{:?}", message.wording(44));
            assert!(message.wording(80).contains("U to redo"));
        }
    }

    /// s33 (srv37 left it): past the grace the full screen's line said `then w in the
    /// lobby claims the win`, and `w` there asks for the table's number, which only
    /// the line mode's `win 3` named. Every wording names it. Fails on the old code.
    #[test]
    fn the_gone_line_names_the_table_at_every_width() {
        let gone = Message::keyed(MessageKind::Info, Keyed::Gone("bob".to_owned(), 3));
        assert!(
            gone.wording(120).contains("then w 3 in the lobby"),
            "{gone:?}"
        );
        assert!(gone.wording(44).contains("w 3 claims win"), "{gone:?}");
        assert!(gone.line_words().contains("win 3"), "{gone:?}");
        let widest = Keyed::Gone("abcdefghijklmnop".to_owned(), 999);
        let widest = Message::keyed(MessageKind::Info, widest);
        assert!(widest.fits(44), "{:?}", widest.wording(44));
        assert!(widest.wording(44).contains("w 999"), "{widest:?}");
    }

    /// At 44 columns the keyed lines with a name (of the widest, 16 columns) stay on
    /// the status line; the full wording where it fits. Failed before: both opened a
    /// box over the board.
    #[test]
    fn keyed_lines_with_the_widest_name_fit_the_narrow_screen() {
        let name = "abcdefghijklmnop".to_owned();
        for keyed in [
            Keyed::Gone(name.clone(), 3),
            Keyed::LeftEarly(name.clone()),
            Keyed::LeftStopped(name.clone()),
            Keyed::BothLeftStopped(name.clone(), name),
        ] {
            let message = Message::keyed(MessageKind::Info, keyed.clone());
            assert!(message.fits(44), "{:?}", message.wording(44));
            assert_eq!(message.wording(120), keyed.keys());
            assert_eq!(message.line_words(), keyed.commands());
        }
        // Both players who left: named where the names fit (at 44 with short ones).
        let both = Keyed::BothLeftStopped("alice".to_owned(), "bob".to_owned());
        let message = Message::keyed(MessageKind::Info, both);
        assert_eq!(
            message.wording(80),
            "alice and bob left the table: the game stops here (q: lobby)"
        );
        assert_eq!(
            message.wording(44),
            "alice and bob left: game stops (q: lobby)"
        );
    }

    /// At 44 columns the one-wording lines a player meets at a served table (a
    /// refusal, a table's note, a keyed line) stay on the status line with a short
    /// wording; the full wording where it fits. Failed before: each opened a box.
    #[test]
    fn single_wording_lines_fit_the_narrow_screen() {
        use crate::strings::{serve, table, talk};
        for text in [table::UNDO_SENT, talk::NOT_DELIVERED, serve::CLAIMED] {
            let message = Message::new(MessageKind::Info, text);
            assert!(message.fits(44), "{:?}", message.wording(44));
            assert_eq!(message.wording(80), text);
        }
        for keyed in [
            Keyed::TableOver,
            Keyed::TableRematchSent,
            Keyed::TableLeft,
            Keyed::PlayerLeft,
            Keyed::GoOn(true),
            Keyed::GoOn(false),
        ] {
            let message = Message::keyed(MessageKind::Info, keyed.clone());
            assert!(message.fits(44), "{:?}", message.wording(44));
            assert_eq!(message.wording(80), keyed.keys());
            // The line mode still says its commands.
            assert_eq!(message.line_words(), keyed.commands());
        }
    }

    /// s23: `f name`'s answer and a profile's `w`, when they list correspondence
    /// games to watch, said `Esc hides them` in the line mode too, where Esc is no
    /// command: the line mode says its own `hide` (the full screen as before).
    #[test]
    fn the_games_listed_to_watch_are_hidden_by_each_face_s_own_word() {
        for keyed in [
            Keyed::FoundWithCorr("bob is in the lobby".to_owned(), 10, 12),
            Keyed::FoundWithCorr("bob is in the lobby".to_owned(), 1, 1),
            Keyed::InPlayListed("bob".to_owned(), 2, 2),
            Keyed::InPlayListed("bob".to_owned(), 1, 1),
        ] {
            let message = Message::keyed(MessageKind::Info, keyed.clone());
            let (keys, said) = (message.wording(200), message.line_words());
            assert!(keys.contains("Esc hides"), "{keys}");
            assert!(!said.contains("Esc"), "{said}");
            assert!(said.contains("hide hides"), "{said}");
            assert_eq!(keys.replace("Esc hides", "hide hides"), said);
        }
        // Hidden: listed again by the line mode's `find bob`, not the key `f`.
        let hidden = Keyed::FoundHidden("bob".to_owned());
        assert!(hidden.keys().ends_with("(f lists them again)"));
        assert!(
            hidden.commands().ends_with("(find bob lists them again)"),
            "{}",
            hidden.commands()
        );
        assert_eq!(
            Keyed::FoundWithCorr("bob is in the lobby".to_owned(), 10, 12).commands(),
            "bob is in the lobby. Their 12 correspondence games in play: the newest 10 \
             listed, a number watches one, hide hides them"
        );
    }
}
