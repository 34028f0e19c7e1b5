//! What only a game served by `hijara serve` has: requests to the other player (undo,
//! rematch), resigning, messages, and the table's news coming back. Pure, like the
//! rest of the app: a request is an effect ([`Effect::ToTable`]) the event loop hands
//! to the table.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::ai::Seat;
use crate::record::Termination;
use crate::rules::{ClaimState, Player};
use crate::session::Course;
use crate::strings::question::{Answering, Brief};
use crate::strings::table::Who;
use crate::strings::{message, question, serve, table, talk};
use crate::text;

use super::super::effect::{Effect, Effects};
use super::super::keymap::{self, Action, KeyContext};
use super::super::message::{Keyed, Message, MessageKind};
use super::super::question::{Overlay, Question};
use super::super::table_link::{News, Request};
use super::App;

impl App {
    /// A table the lobby opened on the last digit of its number, typed (see
    /// [`App::served`]): its first key, if Enter, is dropped, as the one a player
    /// types to end a number (the docs' `12` Enter) and not a move. Does nothing to a
    /// game not served.
    pub(crate) fn after_typed_number(mut self) -> App {
        if let Some(served) = self.network.as_mut() {
            served.enter_after_number = true;
        }
        self
    }

    /// Whether `key` is the Enter that a number typed in the lobby (ended by its last
    /// digit) would have taken: the first key after [`App::after_typed_number`], an
    /// Enter. Any first key ends the wait.
    pub(super) fn enter_after_number(&mut self, key: ratatui::crossterm::event::KeyEvent) -> bool {
        let waited = self
            .network
            .as_mut()
            .is_some_and(|served| std::mem::take(&mut served.enter_after_number));
        waited && key.code == ratatui::crossterm::event::KeyCode::Enter
    }

    /// A game against the server's AI kept at a table of the server (see
    /// [`App::served`], with no seat remote): undo, a new game (a rematch, colours
    /// swapped) and resigning are asked of the table, which answers at once for the AI
    /// and sends back its game. Does nothing to a game not served.
    pub fn at_ai_table(mut self) -> App {
        if let Some(served) = self.network.as_mut() {
            served.ai_table = true;
        }
        self
    }

    /// A correspondence game at a table (see [`App::served`]): `q` goes back to the
    /// lobby without a question, as the game waits for its next move. Does nothing to
    /// a game not served.
    pub fn correspondence(mut self) -> App {
        if let Some(served) = self.network.as_mut() {
            served.correspondence = true;
        }
        self
    }

    /// Whether this is a correspondence game ([`App::correspondence`]).
    pub fn corresponding(&self) -> bool {
        self.network.as_ref().is_some_and(|s| s.correspondence)
    }

    /// The players' names as shown (by [`Player::index`]): the ladders say who plays,
    /// and the result says who won. Does nothing to a game not served.
    pub fn named(mut self, names: [String; 2]) -> App {
        if let Some(served) = self.network.as_mut() {
            served.names = Some(names);
        }
        self
    }

    /// The players' ratings at a rated game (by [`Player::index`]; `None` for a seat
    /// not rated): the ladders and the line mode's first line show them beside the
    /// names. Does nothing to a game not served.
    pub(crate) fn rated(mut self, ratings: [Option<crate::rating::Shown>; 2]) -> App {
        if let Some(served) = self.network.as_mut() {
            served.ratings = ratings;
        }
        self
    }

    /// `player`'s rating at a served rated game, as the table said it.
    pub(crate) fn seat_rating(&self, player: Player) -> Option<crate::rating::Shown> {
        self.network.as_ref()?.ratings[player.index()]
    }

    /// The players' names, at a served game that has them.
    pub fn player_names(&self) -> Option<&[String; 2]> {
        self.network.as_ref()?.names.as_ref()
    }

    /// What a ladder says of `player`'s seat when it has a name: at a served game with
    /// names, the name, and `(you)` for the seat played on this screen by its person;
    /// at a local game played on (resumed, loaded) from a record, its person's name,
    /// through the gate every displayed name takes (`safe_text`: escaped, capped).
    pub(crate) fn seat_label(&self, player: Player) -> Option<String> {
        let Some(names) = self.player_names() else {
            return self.people.of(player).map(crate::text::safe_text);
        };
        let name = &names[player.index()];
        let mine = !self.is_remote(player) && self.config.is_human(player);
        Some(if mine { table::you(name) } else { name.clone() })
    }

    /// Both seats' labels, where any seat has a name ([`App::seat_label`]): a seat with
    /// none is named as the ladder names it (`human`, `hard AI`).
    pub(crate) fn seat_labels(&self) -> Option<[String; 2]> {
        let labels = Player::BOTH.map(|player| self.seat_label(player));
        if labels.iter().all(Option::is_none) {
            return None;
        }
        let [blue, yellow] = labels;
        let or_seat = |label: Option<String>, player: Player| {
            label.unwrap_or_else(|| crate::strings::seat_name(self.config.seat(player)).to_owned())
        };
        Some([or_seat(blue, Player::Blue), or_seat(yellow, Player::Yellow)])
    }

    /// How an early ending is said: with the players' names at a served game.
    pub(crate) fn ending_words(&self, ending: crate::session::Ending) -> String {
        match self.said_names() {
            Some(names) => table::named_ending(ending, names),
            None => crate::strings::describe::ending(ending),
        }
    }

    /// Whether `text` only tells how `ending`, this game's, came: its words
    /// ([`App::ending_words`], `bob wins: alice resigned`), the table's note of a
    /// resignation (`alice resigned: bob wins`) or, to a watcher, of a win claimed
    /// (`bob wins: alice did not come back`; s33: the line mode said that end twice).
    /// The screen's status line and the line mode say such a line once.
    pub(crate) fn tells_the_ending(&self, ending: crate::session::Ending, text: &str) -> bool {
        let named = |said: fn(&str, &str) -> String, winner_first: bool| {
            self.player_names().is_some_and(|names| {
                let (winner, loser) = (
                    &names[ending.winner().index()],
                    &names[ending.loser().index()],
                );
                let said = if winner_first {
                    said(winner, loser)
                } else {
                    said(loser, winner)
                };
                said == text
            })
        };
        // The resignation's note as this screen reads it (s35: in the second person).
        let resigned = self.said_names().is_some_and(|said| {
            talk::resigned(said[ending.loser().index()], said[ending.winner().index()]) == text
        });
        self.ending_words(ending) == text
            || (ending.termination() == Termination::Resignation && resigned)
            || (ending.termination() == Termination::Abandoned
                && named(serve::watched_claimed, true))
    }

    /// The other player's question at a table (their undo asked, their rematch), with
    /// their name and, for an undo, the stones it takes back (qa30: `The other player
    /// asks ...` named no one); `None` for any other question, or with no names.
    pub(crate) fn named_question(&self, question: Question, how: Answering) -> Option<String> {
        if let Question::Resign(player) = question {
            return self.resign_named(player, how);
        }
        let (name, stones) = self.asker(question)?;
        Some(match stones {
            Some((theirs, yours)) => {
                table::undo_asked_by(name, &table::undo_stones(&theirs, &yours), how)
            }
            None => table::rematch_by(name, how),
        })
    }

    /// The resign question at a table (between players, or against the server's AI)
    /// by the players' names: who wins if `player` resigns (s31: `Resign for Yellow?
    /// Blue wins the game.` meant little there). `None` for a local game, a
    /// spectator, or a seat with no one named.
    /// `player`'s name at a local game whose people have names (typed on the start
    /// screen, or a record's), through the gate every displayed name takes; an AI by
    /// its level (`hard AI`). `None` at a served game, a game without names, or a
    /// person's seat with none: the words then say colours.
    pub(crate) fn local_name(&self, player: Player) -> Option<String> {
        if self.is_served() || self.people_said.is_none() {
            return None;
        }
        match self.config.seat(player) {
            Seat::Human => self.people.of(player).map(crate::text::safe_text),
            seat => Some(crate::strings::seat_name(seat).to_owned()),
        }
    }

    /// At a local game whose people have names, by name and colour as its turn line
    /// says them (s37: `Resign for Yellow? Blue wins the game.` in a named hot-seat
    /// game): `Resign for bob (Yellow)? alice (Blue) wins the game.`
    fn resign_named(&self, player: Player, how: Answering) -> Option<String> {
        if !self.is_served() && self.people_said.is_some() {
            // A seat with no name by its colour.
            let said = |p: Player| crate::strings::line::named(p, self.local_name(p).as_deref());
            return Some(question::resign_for(
                &said(player),
                &said(player.other()),
                how,
            ));
        }
        if !self.table_decides() || self.spectating() {
            return None;
        }
        let names = self.seated_names()?;
        Some(question::resign_named(&names[player.other().index()], how))
    }

    /// The players' names at a served game when both seats have someone
    /// ([`serve::EMPTY_SEAT`] names no one: a line with it says colours instead).
    pub(crate) fn seated_names(&self) -> Option<&[String; 2]> {
        self.player_names()
            .filter(|names| !names.iter().any(|n| n == serve::EMPTY_SEAT))
    }

    /// The seat this screen's person plays at a served game with names (against a
    /// person or the server's AI): the one seat played here by a person. `None` for a
    /// watcher, a local game, or a game without names.
    pub(crate) fn own_seat(&self) -> Option<Player> {
        self.player_names()?;
        if self.spectating() {
            return None;
        }
        let here = |p: &Player| !self.is_remote(*p) && self.config.is_human(*p);
        let mut seats = Player::BOTH.into_iter().filter(here);
        match (seats.next(), seats.next()) {
            (Some(mine), None) => Some(mine),
            _ => None,
        }
    }

    /// The players as this screen's words say them ([`App::player_names`]): the seat
    /// played here in the second person (s35: a player read their own name, `alice
    /// to move`, `alice wins`), the other by name; a watcher reads both names. At a
    /// local game whose people have names (typed on the start screen, or a record's),
    /// those names, a seat with none by its colour (s36: `alice to move (Blue)` above
    /// `Yellow played b1`).
    pub(crate) fn said_names(&self) -> Option<[Who<'_>; 2]> {
        let Some(names) = self.player_names() else {
            return self.people_said.as_ref().map(Who::both);
        };
        let mut said = Who::both(names);
        if let Some(mine) = self.own_seat() {
            said[mine.index()] = Who::You;
        }
        Some(said)
    }

    /// Who played a stone, as a notification of it says them (s36): at a table as
    /// [`App::said_names`] say them (`bob`, `hard AI`), at a local game by its
    /// record's person, an AI by its level (`hard AI`), else by colour.
    pub(crate) fn mover_said(&self, player: Player) -> String {
        if self.player_names().is_some()
            && let Some(names) = self.said_names()
        {
            return names[player.index()].to_string();
        }
        if let Some(label) = self.seat_label(player) {
            return label;
        }
        match self.config.seat(player) {
            Seat::Human => player.to_string(),
            seat => crate::strings::seat_name(seat).to_owned(),
        }
    }

    /// [`App::said_names`] where both seats have someone ([`App::seated_names`]; at a
    /// local game both always have).
    pub(crate) fn seated_said(&self) -> Option<[Who<'_>; 2]> {
        if self.player_names().is_some() {
            self.seated_names()?;
        }
        self.said_names()
    }

    /// [`App::named_question`] in brief for the status line (the undo asked), widest
    /// first: at 80 columns, shorter, then at 44 (the name cut if need be); the plain brief
    /// follows them, for a screen narrower still.
    pub(crate) fn named_briefs(&self, question: Question) -> Vec<Brief> {
        let Some((name, Some((theirs, _)))) = self.asker(question) else {
            return Vec::new();
        };
        vec![
            table::undo_asked_by_answers(name, &theirs),
            table::undo_asked_by_brief(name, &theirs),
            table::undo_asked_by_short(name),
        ]
    }

    /// The stones an undo asked by `asker` takes back, as the table's `take_back`
    /// takes them: the asker's last stone, and the other player's after it.
    fn stones_back(&self, asker: Player) -> Option<(String, Vec<String>)> {
        let placements = self.game.placements();
        let last = placements.iter().rposition(|p| p.player == asker)?;
        let after = placements[last + 1..]
            .iter()
            .map(|p| p.square().to_string())
            .collect();
        Some((placements[last].square().to_string(), after))
    }

    /// The line said when this player asks the other to take back: at a table with
    /// names, who is asked and the stones that go back, shorter on narrow screens.
    fn undo_sent(&self) -> Message {
        let named = Player::BOTH
            .into_iter()
            .find(|p| !self.is_remote(*p))
            .zip(self.seated_names())
            .and_then(|(mine, names)| {
                let (last, theirs) = self.stones_back(mine)?;
                Some((names[mine.other().index()].as_str(), last, theirs))
            });
        let Some((name, last, theirs)) = named else {
            return Message::new(MessageKind::Info, table::UNDO_SENT);
        };
        let stones = table::undo_sent_stones(&last, &theirs);
        let mut message = Message::with_short(
            MessageKind::Info,
            table::undo_sent_to(name, &stones),
            table::undo_sent_to_short(name, &last),
        );
        message.middle = vec![
            table::undo_sent_to(name, &table::undo_sent_stones(&last, &[])),
            table::undo_sent_to_brief(name, &last),
        ];
        message
    }

    /// Who asks `question` at a table, and for an undo the squares it takes back: the
    /// asker's last stone, and this player's after it.
    #[allow(clippy::type_complexity)]
    fn asker(&self, question: Question) -> Option<(&str, Option<(String, Vec<String>)>)> {
        if !matches!(question, Question::UndoAsked | Question::Rematch)
            || !self.at_table()
            || self.spectating()
        {
            return None;
        }
        let asker = Player::BOTH.into_iter().find(|p| self.is_remote(*p))?;
        let name = self.player_names()?[asker.index()].as_str();
        if question == Question::Rematch {
            return Some((name, None));
        }
        Some((name, Some(self.stones_back(asker)?)))
    }

    /// Whether leaving the game in progress now ends it too soon to be rated (before
    /// both players moved, `rating::ended_too_soon`, the rule the server rates by): no
    /// rated loss, no abandonment. A casual game is not rated either way.
    pub(super) fn leaving_early(&self) -> bool {
        crate::rating::ended_too_soon(self.game.len())
    }

    /// The leave question, if open, says what leaving does now: a move from the other
    /// terminal (or an undo agreed) while it is open may change it (the line mode
    /// says it again then).
    pub(super) fn reword_leave_question(&mut self) {
        if let Overlay::Question(Question::Leave { early }) = self.overlay
            && early != self.leaving_early()
        {
            self.overlay = Overlay::Question(Question::Leave {
                early: self.leaving_early(),
            });
        }
    }

    /// Whether the table's last write of this game succeeded (nothing failed yet).
    pub(super) fn table_saved(&self) -> bool {
        self.network.as_ref().is_none_or(|s| !s.unsaved)
    }

    /// Whether this is a game against the server's AI kept at a table ([`App::at_ai_table`]).
    pub fn against_table_ai(&self) -> bool {
        self.network.as_ref().is_some_and(|s| s.ai_table)
    }

    /// Whether the table decides what the players ask (undo, rematch, resigning): a
    /// game between two players at a table, or against the server's AI at one.
    fn table_decides(&self) -> bool {
        self.at_table() || self.against_table_ai()
    }

    /// A game between two players at a server table: one seat here, one elsewhere.
    pub fn at_table(&self) -> bool {
        self.network
            .as_ref()
            .is_some_and(|s| s.remote[0] != s.remote[1])
    }

    /// A spectator's screen: both seats are played elsewhere.
    pub fn spectating(&self) -> bool {
        self.network.as_ref().is_some_and(|s| s.remote == [true; 2])
    }

    /// Whether the game is served over the network.
    pub fn is_served(&self) -> bool {
        self.network.is_some()
    }

    /// How many watch the game, at a server table.
    pub fn watching(&self) -> Option<usize> {
        self.network
            .as_ref()
            .filter(|_| self.table_decides())
            .map(|s| s.watching)
    }

    /// The message being typed to the other player, if one is.
    pub fn typing(&self) -> Option<&str> {
        self.network.as_ref()?.typing.as_deref()
    }

    /// The last lines said at the table, oldest first, and how many were said since
    /// the screen opened: more than the lines once more were said than it keeps (`CHAT_KEPT`).
    pub fn chat(&self) -> (Vec<&str>, u64) {
        self.network.as_ref().map_or((Vec::new(), 0), |s| {
            let chat = &s.chat;
            (chat.lines.iter().map(String::as_str).collect(), chat.count)
        })
    }

    /// Whether a line typed to the other player goes to the table, which sends it back
    /// to be shown (a player's, at a table between people, the opponent there).
    pub(crate) fn chat_open(&self) -> bool {
        self.network.as_ref().is_some_and(|s| s.remote != [true; 2])
            && self.at_table()
            && !self.against_table_ai()
            && !self.opponent_left()
    }

    /// The lines said at the table before this screen opened, which this player saw
    /// already (on another screen, or before they left), oldest first.
    pub fn earlier_chat(&self) -> &[String] {
        self.network.as_ref().map_or(&[], |s| &s.chat.earlier)
    }

    /// The last line said at the table while this player has pressed no key since it
    /// came: the status line keeps it, beside a message that came after it.
    pub fn held_chat(&self) -> Option<&super::Message> {
        self.network.as_ref()?.chat.held.as_ref()
    }

    /// The line said at the table that the status line keeps beside a newer message
    /// ([`App::held_chat`]) when it is too long for the line `width` wide: it is shown
    /// whole in a box over the board until the next key.
    pub(crate) fn boxed_chat(&self, width: u16) -> Option<&super::Message> {
        self.held_chat()
            .filter(|chat| self.message.as_ref() != Some(*chat) && !chat.fits(width))
    }

    /// What the status line says for `message` at a width of `width`, with the line
    /// said at the table before it while that is held ([`App::held_chat`]): both when
    /// they fit, else the line said alone (a move's line is told by the board too).
    /// `None`: `message` as it is.
    pub(crate) fn status_with_chat(&self, message: &super::Message, width: u16) -> Option<String> {
        let chat = self.held_chat().filter(|chat| *chat != message)?;
        let both = message
            .wordings()
            .flat_map(|m| table::with_chat(m, &chat.text))
            .find(|both| text::fits(both, usize::from(width)));
        match both {
            Some(both) => Some(both),
            // Once the game is over, the message that came after the line said (how it
            // ended, the rating change) outranks it: the board does not tell that, as
            // it tells a move (qa43: at 44 columns bob's own line hid the winner).
            None if self.over_or_stopped() => None,
            None => Some(chat.wording(width).to_owned()),
        }
    }

    /// A served game that ended, or stopped before a full board.
    fn over_or_stopped(&self) -> bool {
        self.is_served() && (self.is_over() || self.stopped().is_some())
    }

    /// A key is refused at a served game that is over: the message it covers (how the
    /// game ended, the rating change) is kept to come back with the next key
    /// ([`App::end_back`]), as that is said nowhere else at 44 columns (qa43: after
    /// `Unknown key` nothing said who won).
    pub(super) fn keep_under_refusal(&mut self) {
        let shown = self
            .message
            .clone()
            .filter(|m| m.kind != MessageKind::Error && self.over_or_stopped());
        if let (Some(served), Some(shown)) = (self.network.as_mut(), shown) {
            served.under_refusal = Some(Box::new(shown));
        }
    }

    /// The next key after a refusal at a served game that is over: the message the
    /// refusal covered comes back ([`App::keep_under_refusal`]), unless a newer one
    /// than the refusal was set meanwhile.
    pub(super) fn end_back(&mut self) {
        let Some(kept) = self.network.as_mut().and_then(|s| s.under_refusal.take()) else {
            return;
        };
        if self
            .message
            .as_ref()
            .is_none_or(|m| m.kind == MessageKind::Error)
        {
            self.message = Some(*kept);
        }
    }

    /// This player pressed a key: the line said last has been on screen for them.
    pub(super) fn chat_seen(&mut self) {
        if let Some(served) = self.network.as_mut() {
            served.chat.held = None;
        }
    }

    /// What a move, an undo or a resignation after the table's game says: the keys
    /// left (no rematch once the other player got up, none to offer while this
    /// player's offer waits).
    pub(crate) fn table_over(&self) -> Keyed {
        if self.opponent_left() {
            Keyed::TableLeft
        } else if self.rematch_sent() {
            Keyed::TableRematchSent
        } else {
            Keyed::TableOver
        }
    }

    /// Whether the other player is away from the live game in play: leaving adjourns
    /// it (the table keeps it for both), so it asks nothing.
    pub(crate) fn opponent_away(&self) -> bool {
        self.network.as_ref().is_some_and(|s| s.away)
    }

    /// Whether the other player got up from the table: no rematch, no messages.
    pub fn opponent_left(&self) -> bool {
        self.network.as_ref().is_some_and(|s| s.alone)
    }

    /// Why the game stopped before a full board (a resignation, a player left).
    pub fn stopped(&self) -> Option<&super::Message> {
        self.network.as_ref()?.stopped.as_ref()
    }

    /// `effects` with `request` for the table first, in a served game; else `effects`.
    fn to_table(&self, request: Request, mut effects: Effects) -> Effects {
        if self.is_served() {
            effects.insert(0, Effect::ToTable(request));
        }
        effects
    }

    /// The line the lobby shows once this screen is back there, when the table sent
    /// it back ([`News::Adjourned`]); once.
    pub(crate) fn take_farewell(&mut self) -> Option<super::super::Message> {
        self.network.as_mut()?.farewell.take().map(|said| *said)
    }

    /// Takes what the table says.
    pub(crate) fn table_news(&mut self, news: News) -> Effects {
        let Some(served) = self.network.as_mut() else {
            return Vec::new();
        };
        if !matches!(
            news,
            News::Bell
                | News::Watching(_)
                | News::Saved(_)
                | News::Earlier(_)
                | News::TimeLeft { .. }
                | News::TimeLine(_)
                | News::OpponentAway(_)
                | News::UndoSettled
                | News::RematchWaiting(_)
        ) {
            served.asked = false;
        }
        match news {
            News::Game {
                game,
                remote,
                ai,
                names,
                ratings,
            } => {
                served.remote = remote;
                served.stopped = None;
                served.rematch_sent = false;
                served.names = Some(names);
                served.ratings = ratings;
                // Against the server's AI, it plays the colour the table says (a
                // rematch swaps them).
                if served.ai_table
                    && let Some((colour, level)) = ai
                {
                    let mut seats = [Seat::Human; 2];
                    seats[colour.index()] = Seat::from(level);
                    self.config.seats = seats;
                }
                self.game = game;
                self.course = Course::default();
                self.config = self.config.with_rules_of(&self.game);
                if matches!(
                    self.overlay,
                    Overlay::Question(
                        Question::UndoAsked
                            | Question::Rematch
                            | Question::Resign(_)
                            | Question::LeaveAi { .. }
                    )
                ) {
                    self.overlay = Overlay::None;
                }
                self.reword_leave_question();
                self.changed();
                if let Some(last) = self.game.last() {
                    self.cursor.set(last.square());
                    // A claim made on the other screen is settled here: no prompt stays.
                    let index = self.game.len() - 1;
                    if self.game.claim_mode()
                        && self.is_remote(last.player)
                        && self.game.claim_state(index) != Some(ClaimState::Pending)
                        && let Some(said) = super::super::message::Message::of_move_by(
                            &self.game,
                            index,
                            self.seated_said(),
                        )
                    {
                        self.set_message(said, true);
                    }
                }
                // The AI moves first after a rematch that gave it Blue.
                return self.ask_ai_seat(vec![Effect::Redraw]);
            }
            News::Resigned(loser) => {
                self.close_questions_the_game_ended();
                // The table decided it: a second ending here is refused, and changes nothing.
                return self
                    .end(Termination::Resignation, loser)
                    .unwrap_or_else(|_| vec![Effect::Redraw]);
            }
            News::UndoAsked => self.overlay = Overlay::Question(Question::UndoAsked),
            News::UndoSettled => {
                if self.overlay == Overlay::Question(Question::UndoAsked) {
                    self.overlay = Overlay::None;
                    self.set_message(
                        super::super::Message::new(MessageKind::Info, table::UNDO_SETTLED),
                        false,
                    );
                }
            }
            News::RematchOffered => self.overlay = Overlay::Question(Question::Rematch),
            News::RematchWaiting(waiting) => served.rematch_sent = waiting,
            News::OpponentLeft => {
                served.alone = true;
                served.rematch_sent = false;
                if served.typing.take().is_some() {
                    self.set_message(
                        super::super::Message::new(MessageKind::Info, talk::NOT_DELIVERED),
                        false,
                    );
                }
                if self.overlay == Overlay::Question(Question::Rematch) {
                    self.overlay = Overlay::None;
                }
            }
            News::Stopped(said) => {
                served.stopped = Some(said.clone());
                self.close_questions_the_game_ended();
                self.changed();
                self.set_message(said, false);
            }
            News::Adjourned(said) => {
                // Back to the lobby, whatever was asked here: the game is kept.
                served.farewell = Some(Box::new(said));
                served.typing = None;
                self.overlay = Overlay::None;
                return vec![Effect::Quit];
            }
            News::Note(said) => self.set_message(said, false),
            News::Chat(said) => {
                let chat = &mut served.chat;
                if chat.lines.len() == super::CHAT_KEPT {
                    chat.lines.pop_front();
                }
                chat.lines.push_back(said.text.clone());
                chat.count += 1;
                chat.held = Some(said.clone());
                self.set_message(said, false);
            }
            News::Earlier(said) => {
                let chat = &mut served.chat;
                if chat.lines.len() == super::CHAT_KEPT {
                    chat.lines.pop_front();
                }
                chat.lines.push_back(said.text.clone());
                if chat.earlier.len() == super::CHAT_KEPT {
                    chat.earlier.remove(0);
                }
                chat.earlier.push(said.text);
            }
            News::TimeLeft { was, now } => {
                // Only over the line it updates: a newer message stays until it is read.
                // Only its time moved: no new message ([`App::said`] is not counted).
                if self.message.as_ref().is_none_or(|shown| *shown == was) {
                    self.message = Some(now);
                }
            }
            News::TimeLine(line) => served.time_line = Some(Box::new(line)),
            News::OpponentAway(away) => served.away = away,
            News::Watching(count) => served.watching = count,
            News::Saved(saved) => served.unsaved = !saved,
            News::Bell => {}
        }
        vec![Effect::Redraw]
    }

    /// What a served game does with `action` of its own, if anything: requests to the
    /// table, and what it refuses.
    pub(super) fn served_action(&mut self, action: Action) -> Option<Effects> {
        let served = self.network.as_ref()?;
        if served.remote == [true; 2] {
            return match action {
                Action::Save
                | Action::Review
                | Action::Undo
                | Action::Redo
                | Action::NewGame
                | Action::SwapRematch
                | Action::Hint
                | Action::Resign
                | Action::Message
                | Action::Mute
                | Action::Bell
                // No cursor on a spectator's board (qa43: its frame sat on a1).
                | Action::Cursor(_) => Some(self.refuse_keyed(Keyed::Spectating)),
                _ => None,
            };
        }
        let at_table = self.at_table();
        let ended = self.is_over() || self.stopped().is_some();
        if self.against_table_ai() {
            return self.ai_table_action(action, ended);
        }
        let effects = match action {
            Action::Save | Action::Review => self.refuse(message::NOT_OVER_THE_NETWORK),
            // The table's rematch (n) swaps the colours itself.
            Action::SwapRematch => self.refuse(message::SWAP_AT_A_TABLE),
            Action::Redo | Action::Hint if at_table => self.refuse(message::NOT_BETWEEN_PLAYERS),
            Action::Undo if at_table => {
                let mine = self
                    .game
                    .placements()
                    .iter()
                    .any(|p| !self.is_remote(p.player));
                if ended {
                    self.refuse_keyed(self.table_over())
                } else if !mine {
                    self.refuse(table::NOTHING_TO_ASK)
                } else {
                    let sent = self.undo_sent();
                    self.set_message(sent, false);
                    self.to_table(Request::Undo, vec![Effect::Redraw])
                }
            }
            Action::NewGame if at_table && self.opponent_left() => {
                self.refuse(talk::NO_ONE_TO_PLAY)
            }
            Action::Message if self.opponent_left() => self.refuse(talk::NOT_DELIVERED),
            Action::NewGame if at_table => {
                if ended {
                    let said = self.say_keyed(MessageKind::Info, Keyed::RematchSent);
                    self.to_table(Request::Rematch, said)
                } else {
                    self.refuse(table::REMATCH_AT_THE_END)
                }
            }
            // Against the server's AI, R resigns as in a local game; m and M are no
            // keys there (they are looked up at a table between people only).
            Action::Resign if at_table && ended => self.refuse_keyed(self.table_over()),
            Action::Resign if at_table => {
                let mine = Player::BOTH.into_iter().find(|p| !self.is_remote(*p));
                match mine {
                    Some(seat) => self.ask(Question::Resign(seat)),
                    None => self.refuse_keyed(Keyed::Spectating),
                }
            }
            Action::Message => {
                if let Some(served) = self.network.as_mut() {
                    served.typing = Some(String::new());
                }
                self.message = None;
                vec![Effect::Redraw]
            }
            Action::Mute => self.to_table(Request::ToggleMute, Vec::new()),
            Action::Bell => self.to_table(Request::ToggleBell, Vec::new()),
            _ => return None,
        };
        Some(effects)
    }

    /// What a game against the server's AI at a table does with `action` of its own:
    /// undo and a new game (a rematch) are asked of the table, which answers for the
    /// AI; the hint is the local game's; resigning asks first, as in a local game.
    fn ai_table_action(&mut self, action: Action, ended: bool) -> Option<Effects> {
        let effects = match action {
            Action::Save | Action::Review => self.refuse(message::NOT_OVER_THE_NETWORK),
            // The server's AI keeps its own seat: n is its rematch.
            Action::SwapRematch => self.refuse(message::SWAP_AT_A_TABLE),
            Action::Redo => self.refuse(table::NO_REDO_AI),
            Action::Undo if ended => self.refuse_keyed(Keyed::TableOverAi),
            Action::Undo => {
                let config = self.config;
                let mine = self
                    .game
                    .placements()
                    .iter()
                    .any(|p| config.is_human(p.player));
                if !mine {
                    self.refuse(table::NOTHING_TO_ASK)
                } else {
                    // The table's game comes back at once, with what was taken back.
                    self.ask_table(Request::Undo)
                }
            }
            Action::NewGame if ended => self.ask_table(Request::Rematch),
            Action::NewGame => self.refuse_keyed(Keyed::NewGameAtTheEndAi),
            // The bell on the player's move, as at a table between people.
            Action::Bell => self.to_table(Request::ToggleBell, Vec::new()),
            _ => return None,
        };
        Some(effects)
    }

    /// Closes a question the game's end made moot: an undo asked, a resignation or
    /// leaving (the game is over, resigned or stopped at the table).
    fn close_questions_the_game_ended(&mut self) {
        if matches!(
            self.overlay,
            Overlay::Question(
                Question::UndoAsked
                    | Question::Resign(_)
                    | Question::Leave { .. }
                    | Question::LeaveAi { .. }
            )
        ) {
            self.overlay = Overlay::None;
        }
    }

    /// The answer to a served game's question, if `question` is one.
    pub(super) fn served_answer(&mut self, question: Question, yes: bool) -> Option<Effects> {
        if !self.is_served() {
            return None;
        }
        let request = match (question, yes) {
            // At a table the table decides: the resignation is asked of it.
            (Question::Resign(_), true) if self.table_decides() => Request::Resign,
            (Question::UndoAsked, yes) => Request::AnswerUndo(yes),
            (Question::Rematch, true) => Request::Rematch,
            (Question::Rematch, false) => Request::DeclineRematch,
            (Question::Leave { .. } | Question::LeaveAi { .. }, true) => return Some(self.quit()),
            (Question::Resign(_), false) if self.table_decides() => {
                self.message = None;
                return Some(vec![Effect::Redraw]);
            }
            (Question::Leave { .. } | Question::LeaveAi { .. }, false) => {
                self.message = None;
                return Some(vec![Effect::Redraw]);
            }
            _ => return None,
        };
        // A no is confirmed to whoever gave it: the question just closes, and in the
        // line mode `quit` (a no too) said only the board.
        match request {
            Request::AnswerUndo(false) => {
                let _ = self.say(MessageKind::Info, table::YOU_REFUSED_UNDO);
            }
            Request::DeclineRematch => {
                let _ = self.say(MessageKind::Info, table::YOU_DECLINED_REMATCH);
            }
            _ => {}
        }
        // A rematch taken and an undo agreed to come back as the table's game.
        if matches!(request, Request::Rematch | Request::AnswerUndo(true)) {
            return Some(self.ask_table(request));
        }
        Some(self.to_table(request, vec![Effect::Redraw]))
    }

    /// A correspondence game's line about its time (whose move, the time left), as the
    /// table last told it, while the game is in play.
    pub(crate) fn time_line(&self) -> Option<&super::Message> {
        self.network
            .as_ref()?
            .time_line
            .as_deref()
            .filter(|_| !self.is_over() && self.stopped().is_none())
    }

    /// `request` for the table, whose answer comes back as its news ([`App::asked`]).
    fn ask_table(&mut self, request: Request) -> Effects {
        if let Some(served) = self.network.as_mut() {
            served.asked = true;
        }
        self.to_table(request, vec![Effect::Redraw])
    }

    /// Whether this player's rematch offer waits for the other player's answer (the
    /// table holds it): `n` again only says so again.
    pub(crate) fn rematch_sent(&self) -> bool {
        self.network.as_ref().is_some_and(|s| s.rematch_sent)
    }

    /// Whether a request handed to the table waits for its answer, which comes as the
    /// table's news (an undo against the server's AI, a rematch, an undo agreed to):
    /// a view that answers each line typed (the line mode) waits for that news rather
    /// than saying the unchanged state first.
    pub(crate) fn asked(&self) -> bool {
        self.network.as_ref().is_some_and(|s| s.asked)
    }

    /// A key while a message is typed: characters, and through the key table Backspace,
    /// Enter (sends) and Esc (cancels). `None` when no message is typed.
    pub(super) fn typing_key(&mut self, key: KeyEvent) -> Option<Effects> {
        let typing = self.network.as_mut()?.typing.as_mut()?;
        let plain = !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        let effects = match (keymap::action(key, KeyContext::MessageEntry), key.code) {
            (Some(Action::ForceQuit), _) => self.force_quit(),
            (None, KeyCode::Char(c)) if plain && !c.is_control() => {
                let mut longer = typing.clone();
                longer.push(c);
                // Text from a client: counted in display columns and bytes, unsafe
                // characters and marks past the few a letter may carry refused.
                let calm = matches!(
                    text::cap_marks(&longer, text::MAX_MARKS),
                    std::borrow::Cow::Borrowed(_)
                );
                if !text::is_unsafe(c)
                    && calm
                    && longer.len() <= table::MAX_SAY_BYTES
                    && text::width(&longer) <= table::MAX_SAY_COLUMNS
                {
                    *typing = longer;
                }
                vec![Effect::Redraw]
            }
            (Some(Action::Backspace), _) => {
                typing.pop();
                vec![Effect::Redraw]
            }
            (Some(Action::Confirm), _) if typing.trim().is_empty() => self.refuse(table::SAY_EMPTY),
            (Some(Action::Confirm), _) => {
                let text = std::mem::take(typing);
                if let Some(served) = self.network.as_mut() {
                    served.typing = None;
                }
                self.to_table(Request::Say(text), vec![Effect::Redraw])
            }
            (Some(Action::No), _) => {
                if let Some(served) = self.network.as_mut() {
                    served.typing = None;
                }
                vec![Effect::Redraw]
            }
            _ => Vec::new(),
        };
        Some(effects)
    }
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use super::*;
    use crate::rules::Game;
    use crate::session::GameConfig;
    use crate::ui::effect::Input;

    /// A served game's screen, and the requests its effects handed to the table, as
    /// the event loop hands them over.
    struct Served {
        app: App,
        sent: Vec<Request>,
    }

    impl Served {
        fn new(app: App) -> Served {
            Served {
                app,
                sent: Vec::new(),
            }
        }

        /// The requests sent since the last call.
        fn take_requests(&mut self) -> Vec<Request> {
            std::mem::take(&mut self.sent)
        }

        fn sent(&mut self, effects: Effects) -> Effects {
            for effect in &effects {
                if let Effect::ToTable(request) = effect {
                    self.sent.push(request.clone());
                }
            }
            effects
        }

        fn handle(&mut self, input: Input) -> Effects {
            let effects = self.app.handle(input);
            self.sent(effects)
        }

        fn table_news(&mut self, news: News) -> Effects {
            let effects = self.app.table_news(news);
            self.sent(effects)
        }
    }

    impl std::ops::Deref for Served {
        type Target = App;

        fn deref(&self) -> &App {
            &self.app
        }
    }

    fn key(app: &mut Served, c: char) -> Effects {
        app.handle(Input::Key(KeyEvent::new(
            KeyCode::Char(c),
            KeyModifiers::NONE,
        )))
    }

    fn typed(app: &mut Served, text: &str) {
        for c in text.chars() {
            key(app, c);
        }
    }

    /// Blue resigns at the table: `R` asks first, `y` asks the table, and the game
    /// ends when the table says so. The ending.
    fn blue_resigns(app: &mut Served) -> crate::session::Ending {
        key(app, 'R');
        assert_eq!(
            app.overlay(),
            Overlay::Question(Question::Resign(Player::Blue))
        );
        key(app, 'y');
        assert_eq!(app.take_requests(), [Request::Resign]);
        assert_eq!(app.ending(), None, "the table decides");
        app.table_news(News::Resigned(Player::Blue));
        app.ending().unwrap()
    }

    /// Blue's screen at a table, after `moves`.
    fn blue_at(moves: &[&str]) -> Served {
        let game = Game::from_moves(moves.iter().map(|s| s.parse().unwrap())).unwrap();
        Served::new(App::with_game(GameConfig::default(), game).served([false, true]))
    }

    /// QA (club10, over ssh): typing a table's number in the lobby then Enter, as the
    /// docs say (`12` Enter), sat at the table on the last digit, and the Enter placed
    /// Blue's stone at a1. The first key, if Enter, is dropped; the next Enter places;
    /// any other first key ends the wait. Fails on the old code (a1 placed).
    #[test]
    fn an_enter_after_a_number_typed_in_the_lobby_places_no_stone() {
        let enter = || Input::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
        let opened = || {
            Served::new(
                App::with_game(GameConfig::default(), Game::new())
                    .served([false, true])
                    .after_typed_number(),
            )
        };
        let mut app = opened();
        app.handle(enter());
        assert_eq!(app.game().len(), 0, "the number's Enter");
        app.handle(enter());
        assert_eq!(app.game().len(), 1, "a move");
        let mut app = opened();
        key(&mut app, 'l');
        app.handle(enter());
        assert_eq!(app.game().len(), 1, "another key first");
        // A table opened otherwise takes its first Enter as a move.
        let mut app = blue_at(&[]);
        app.handle(enter());
        assert_eq!(app.game().len(), 1);
    }

    #[test]
    fn undo_and_a_new_game_become_requests_and_the_hint_is_off() {
        let mut app = blue_at(&[]);
        key(&mut app, 'u');
        assert_eq!(app.message().unwrap().text, table::NOTHING_TO_ASK);
        key(&mut app, 't');
        assert_eq!(app.message().unwrap().text, message::NOT_BETWEEN_PLAYERS);
        let mut app = blue_at(&["a1", "b1"]);
        key(&mut app, 'u');
        key(&mut app, 'n');
        assert_eq!(app.message().unwrap().text, table::REMATCH_AT_THE_END);
        assert_eq!(app.take_requests(), [Request::Undo]);
        assert_eq!(app.game().len(), 2, "nothing taken back until agreed");
        assert!(app.take_requests().is_empty());
    }

    #[test]
    fn questions_from_the_table_are_answered_with_y_or_any_other_key() {
        let mut app = blue_at(&["a1", "b1"]);
        app.table_news(News::UndoAsked);
        assert_eq!(app.overlay(), Overlay::Question(Question::UndoAsked));
        key(&mut app, 'x');
        assert_eq!(app.take_requests(), [Request::AnswerUndo(false)]);
        app.table_news(News::UndoAsked);
        key(&mut app, 'y');
        assert_eq!(app.take_requests(), [Request::AnswerUndo(true)]);
        let ending = blue_resigns(&mut app);
        assert_eq!(ending.winner(), Player::Yellow);
        assert_eq!(ending.termination(), Termination::Resignation);
        // Over: no stone, and n offers the rematch.
        typed(&mut app, "c3");
        assert_eq!(app.game().len(), 2);
        key(&mut app, 'n');
        assert_eq!(app.take_requests(), [Request::Rematch]);
        // The rematch arrives with the colours swapped: this screen plays Yellow.
        app.table_news(News::Game {
            game: Game::new(),
            remote: [true, false],
            ai: None,
            names: ["ann".into(), "bob".into()],
            ratings: [None; 2],
        });
        assert_eq!(app.ending(), None);
        assert!(app.is_remote(Player::Blue) && !app.is_remote(Player::Yellow));
        app.table_news(News::RematchOffered);
        key(&mut app, 'q');
        assert_eq!(app.take_requests(), [Request::DeclineRematch]);
    }

    /// QA: a question from the table (the other player asks to take back a move) that
    /// came while this player typed a claim could not be answered: `y` went to the
    /// claim and was refused as no digit. The question takes the keys; the claim waits.
    #[test]
    fn a_question_that_comes_while_a_claim_is_typed_is_answered_and_the_claim_waits() {
        let mut game = Game::with_claims();
        for square in ["a1", "b1", "a2"] {
            game.play(square.parse().unwrap()).unwrap();
        }
        let config = GameConfig {
            claims: true,
            ..GameConfig::default()
        };
        let mut app = Served::new(App::with_game(config, game).served([false, true]));
        typed(&mut app, "+5");
        assert_eq!(app.claim_entry(), Some("5"));
        app.table_news(News::UndoAsked);
        key(&mut app, 'y');
        assert_eq!(app.take_requests(), [Request::AnswerUndo(true)]);
        assert_eq!(app.overlay(), Overlay::None);
        assert_eq!(app.claim_entry(), Some("5"), "the claim waits");
    }

    #[test]
    fn against_the_table_s_ai_undo_and_a_new_game_are_asked_of_the_table_and_the_hint_stays() {
        use crate::ai::{Level, Seat};
        let mut config = GameConfig::default();
        config.seats[1] = Seat::Hard;
        let game = Game::from_moves(["a1", "b1"].map(|s| s.parse().unwrap())).unwrap();
        let mut app = Served::new(
            App::with_game(config, game)
                .served([false, false])
                .at_ai_table(),
        );
        assert!(app.against_table_ai() && !app.at_table());
        // Undo goes to the table (which answers at once); redo is refused.
        key(&mut app, 'u');
        assert_eq!(app.take_requests(), [Request::Undo]);
        assert_eq!(app.game().len(), 2, "the table's game comes back");
        key(&mut app, 'U');
        assert_eq!(app.message().unwrap().text, table::NO_REDO_AI);
        // The hint is the local game's: the hard AI is asked.
        assert!(
            key(&mut app, 't')
                .iter()
                .any(|e| matches!(e, Effect::AskAi(_)))
        );
        // No new game mid-game; R asks, and the table decides.
        key(&mut app, 'n');
        assert_eq!(app.message().unwrap().text, table::NEW_GAME_AT_THE_END_AI);
        // The line mode says it with its commands.
        assert_eq!(
            app.message().unwrap().line_words(),
            crate::strings::line::NEW_GAME_AT_THE_END_AI
        );
        assert_eq!(blue_resigns(&mut app).winner(), Player::Yellow);
        // Over: n asks for the next game; it comes with the colours swapped, and the
        // AI, now Blue, is asked for its move at once.
        key(&mut app, 'n');
        assert_eq!(app.take_requests(), [Request::Rematch]);
        let effects = app.table_news(News::Game {
            game: Game::new(),
            remote: [false, false],
            ai: Some((Player::Blue, Level::Hard)),
            names: ["ann".into(), "bob".into()],
            ratings: [None; 2],
        });
        assert!(effects.iter().any(|e| matches!(e, Effect::AskAi(_))));
        assert_eq!(app.config().seats, [Seat::Hard, Seat::Human]);
        assert_eq!(app.ending(), None);
        // Leaving mid-game says the game is kept.
        let moved = Game::from_moves(["a1", "b1"].map(|s| s.parse().unwrap())).unwrap();
        app.table_news(News::Game {
            game: moved,
            remote: [false, false],
            ai: Some((Player::Blue, Level::Hard)),
            names: ["ann".into(), "bob".into()],
            ratings: [None; 2],
        });
        key(&mut app, 'q');
        assert_eq!(
            app.overlay(),
            Overlay::Question(Question::LeaveAi { kept: true })
        );
        // While the server can't write the game, the question does not say it is kept.
        key(&mut app, 'x');
        app.table_news(News::Saved(false));
        key(&mut app, 'q');
        assert_eq!(
            app.overlay(),
            Overlay::Question(Question::LeaveAi { kept: false })
        );
        key(&mut app, 'y');
        assert!(app.should_quit());
    }

    #[test]
    fn a_message_is_typed_bounded_and_sent_and_spectators_send_nothing() {
        let mut app = blue_at(&[]);
        key(&mut app, 'm');
        assert_eq!(app.typing(), Some(""));
        // Letters are text now, not moves; an unsafe character is refused.
        typed(&mut app, "b3 \u{202E}q");
        assert_eq!(app.typing(), Some("b3 q"));
        assert_eq!(app.game().len(), 0);
        // A letter keeps its first few marks; the stack stops there.
        typed(&mut app, &format!("Q{}", "\u{300}".repeat(500)));
        let stacked = format!("b3 qQ{}", "\u{300}".repeat(crate::text::MAX_MARKS));
        assert_eq!(app.typing(), Some(stacked.as_str()));
        typed(&mut app, &"x".repeat(100));
        assert_eq!(
            crate::text::width(app.typing().unwrap()),
            table::MAX_SAY_COLUMNS
        );
        app.handle(Input::Key(KeyEvent::new(
            KeyCode::Enter,
            KeyModifiers::NONE,
        )));
        assert_eq!(app.typing(), None);
        let sent = app.take_requests();
        assert!(matches!(&sent[..], [Request::Say(text)] if text.starts_with("b3 q")));
        key(&mut app, 'M');
        key(&mut app, 'B');
        assert_eq!(
            app.take_requests(),
            [Request::ToggleMute, Request::ToggleBell]
        );
        app.table_news(News::Watching(3));
        assert_eq!(app.watching(), Some(3));
        let mut watcher = Served::new(App::new(GameConfig::default()).served([true, true]));
        for c in ['m', 'u', 'B', 'n'] {
            key(&mut watcher, c);
            assert_eq!(watcher.message().unwrap().text, table::SPECTATING);
            assert_eq!(
                watcher.message().unwrap().line_words(),
                crate::strings::line::SPECTATING
            );
        }
        assert!(watcher.take_requests().is_empty());
        assert_eq!(watcher.watching(), None);
    }

    #[test]
    fn a_correspondence_game_is_left_without_a_question() {
        let mut app = Served::new(blue_at(&["a1", "b1"]).app.correspondence());
        assert!(app.corresponding());
        key(&mut app, 'q');
        assert_eq!(app.overlay(), Overlay::None);
        assert!(app.should_quit());
    }

    /// Before both players moved, leaving ends the game unrated: the question says
    /// so, not that a rated game is lost as abandoned (what leaving did say, though
    /// the server rates no such game: `rating::ended_too_soon`). Once both moved, the
    /// abandonment is said again; the question open when the other's move comes
    /// says what leaving does then.
    #[test]
    fn the_leave_question_says_what_leaving_does_before_and_after_both_moved() {
        let early = table::leave_early(crate::strings::question::Answering::Keys);
        assert!(early.contains("not rated") && early.contains("not counted as abandoned"));
        assert!(!early.contains("lost"), "{early}");
        let late = table::leave(crate::strings::question::Answering::Keys);
        assert!(late.contains("lost, as abandoned"), "{late}");
        let mut app = blue_at(&["a1"]);
        key(&mut app, 'q');
        let question = Question::Leave { early: true };
        assert_eq!(app.overlay(), Overlay::Question(question));
        assert_eq!(app.question_text(question), early);
        // Bob's move comes while it is open: leaving now abandons.
        app.app.remote_move("b1".parse().unwrap());
        assert_eq!(app.game().len(), 2);
        assert_eq!(
            app.overlay(),
            Overlay::Question(Question::Leave { early: false })
        );
        // An undo agreed comes back as the table's game: early again.
        app.table_news(News::Game {
            game: Game::from_moves(["a1"].iter().map(|s| s.parse().unwrap())).unwrap(),
            remote: [false, true],
            ai: None,
            names: ["ann".into(), "bob".into()],
            ratings: [None; 2],
        });
        assert_eq!(
            app.overlay(),
            Overlay::Question(Question::Leave { early: true })
        );
        app.app.remote_move("b1".parse().unwrap());
        key(&mut app, 'n');
        key(&mut app, 'q');
        assert_eq!(
            app.overlay(),
            Overlay::Question(Question::Leave { early: false })
        );
        // No move yet: nothing to lose, no question.
        let mut app = blue_at(&[]);
        key(&mut app, 'q');
        assert_eq!(app.overlay(), Overlay::None);
        assert!(app.should_quit());
    }

    #[test]
    fn leaving_a_game_in_progress_asks_and_offers_no_save() {
        let mut app = blue_at(&["a1"]);
        key(&mut app, 'q');
        assert_eq!(
            app.overlay(),
            Overlay::Question(Question::Leave { early: true })
        );
        key(&mut app, 's');
        assert_eq!(app.overlay(), Overlay::None, "s is no answer here");
        assert!(!app.should_quit());
        key(&mut app, 'q');
        key(&mut app, 'y');
        assert!(app.should_quit());
    }

    /// The screen drawn at 80×24, as text.
    fn drawn(app: &App) -> String {
        use ratatui::buffer::Buffer;
        use ratatui::layout::Rect;
        use ratatui::widgets::Widget;
        let area = Rect::new(0, 0, 80, 24);
        let mut buf = Buffer::empty(area);
        (&crate::ui::AppView {
            app,
            look: crate::ui::Look::PLAIN,
        })
            .render(area, &mut buf);
        (0..24)
            .map(|y| (0..80).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// QA (serveqa4): a chat line that came with or just before the opponent's move
    /// was covered at once by the move's line (or, at a correspondence board, by the
    /// line saying whose move it is): the chat line stays on the status line, with the
    /// move's line beside it when both fit, until this player's next key.
    #[test]
    fn a_chat_line_that_comes_with_a_move_stays_on_screen_until_a_key() {
        let chat = || News::Chat(crate::ui::Message::new(MessageKind::Info, "bob: nice one"));
        // Just before the move.
        let mut app = blue_at(&["a1"]);
        app.app.table_news(chat());
        app.app.remote_move("b1".parse().unwrap());
        let screen = drawn(&app);
        assert!(screen.contains("bob: nice one"), "{screen}");
        assert!(
            screen.contains("Yellow played b1 (section 1)  │  bob: nice one"),
            "{screen}"
        );
        // At a correspondence board the line about whose move it is comes after it.
        let mut app = blue_at(&["a1"]);
        app.app.table_news(chat());
        app.app.remote_move("b1".parse().unwrap());
        app.app.table_news(News::Note(crate::ui::Message::new(
            MessageKind::Info,
            "Your move: 1 day a move, 23h left",
        )));
        let screen = drawn(&app);
        assert!(screen.contains("bob: nice one"), "{screen}");
        // The player's next key has seen it: the line goes back to the game.
        key(&mut app, 'l');
        let screen = drawn(&app);
        assert!(!screen.contains("bob: nice one"), "{screen}");
        // m shows the last lines said again while the reply is typed.
        key(&mut app, 'm');
        let screen = drawn(&app);
        assert!(
            screen.contains(table::CHAT_TITLE) && screen.contains("bob: nice one"),
            "{screen}"
        );
    }

    /// At 80x24, 60x20 and 44x16 the status line shows `keys`, and no screen row
    /// offers `n: rematch`.
    #[track_caller]
    fn status_keys_at_every_width(app: &App, keys: &str) {
        for (width, height) in [(80, 24), (60, 20), (44, 16)] {
            let rows = drawn_at(app, width, height);
            let screen = rows.join("\n");
            assert!(!screen.contains("n: rematch"), "{width}: {screen}");
            assert!(
                rows[usize::from(height) - 2].contains(keys),
                "{width}: {screen}"
            );
        }
    }

    /// QA (srvpolish): with the other player's rematch asked, the status line still
    /// offered `n: rematch` while the question said any other key declines, so `n`
    /// declined. The keys shown are the question's answers then, at every width.
    #[test]
    fn an_offered_rematch_shows_its_answers_not_n_rematch() {
        let mut app = blue_at(&["a1", "b1"]);
        blue_resigns(&mut app);
        app.table_news(News::RematchOffered);
        status_keys_at_every_width(&app, table::OVER_KEYS_REMATCH_ASKED);
        // s40: the no in the words of every question's (it was `other: no`).
        status_keys_at_every_width(&app, "y: rematch, any other key: no");
        key(&mut app, 'n');
        assert_eq!(app.take_requests(), [Request::DeclineRematch]);
        assert!(
            drawn(&app).contains("n: rematch"),
            "offered again after the no"
        );
    }

    /// QA (srv27): after offering a rematch, the player's status line still said
    /// `Draw. n: rematch, q: lobby` while the offer waited. It says the offer is
    /// sent, at every width, until the table says it waits no more (declined); `n`
    /// again sends it again (the table holds one) and says it waits.
    #[test]
    fn an_offer_made_says_it_waits_not_n_rematch() {
        let mut app = blue_at(&["a1", "b1"]);
        blue_resigns(&mut app);
        key(&mut app, 'n');
        assert_eq!(app.take_requests(), [Request::Rematch]);
        app.table_news(News::RematchWaiting(true));
        status_keys_at_every_width(&app, table::OVER_KEYS_REMATCH_SENT);
        key(&mut app, 'n');
        assert_eq!(app.take_requests(), [Request::Rematch]);
        assert_eq!(
            app.message().map(|m| m.text.as_str()),
            Some(table::REMATCH_SENT)
        );
        app.table_news(News::RematchWaiting(false));
        assert!(
            drawn(&app).contains("n: rematch"),
            "offered again once declined"
        );
    }

    /// QA (serveqa4): after the other player got up from a finished game the status
    /// line still offered `n: rematch`, and `m` let a message be typed and sent to
    /// nobody. Neither is offered; both keys say why.
    #[test]
    fn once_the_opponent_left_no_rematch_is_offered_and_no_message_typed() {
        let mut app = blue_at(&["a1", "b1"]);
        blue_resigns(&mut app);
        assert!(drawn(&app).contains("n: rematch"), "{}", drawn(&app));
        app.table_news(News::OpponentLeft);
        let screen = drawn(&app);
        assert!(!screen.contains("n: rematch"), "{screen}");
        assert!(screen.contains("q: lobby"), "{screen}");
        key(&mut app, 'n');
        assert_eq!(
            app.message().unwrap().text,
            crate::strings::talk::NO_ONE_TO_PLAY
        );
        key(&mut app, 'm');
        assert_eq!(app.typing(), None);
        assert_eq!(
            app.message().unwrap().text,
            crate::strings::talk::NOT_DELIVERED
        );
        assert!(app.take_requests().is_empty());
        // Mid-game too (the game stopped): m sends nothing.
        let mut app = blue_at(&["a1"]);
        app.table_news(News::OpponentLeft);
        key(&mut app, 'm');
        assert_eq!(app.typing(), None);
    }

    /// The line mode says every line said at the table, one line each, with the move
    /// and the line about whose move it is that came after it.
    #[test]
    fn the_line_mode_says_each_chat_line_with_the_move_that_came_with_it() {
        use crate::ui::line::narrate::Narrator;
        use crate::ui::navigation::Screen;
        let chat = |text: &str| News::Chat(crate::ui::Message::new(MessageKind::Info, text));
        let mut screen = Screen::Game(blue_at(&["a1"]).app);
        let mut narrator = Narrator::default();
        narrator.tell(&screen);
        let Screen::Game(app) = &mut screen else {
            unreachable!()
        };
        app.table_news(chat("bob: hi"));
        app.table_news(chat("bob: nice one"));
        app.remote_move("b1".parse().unwrap());
        app.table_news(News::Note(crate::ui::Message::new(
            MessageKind::Info,
            "Your move",
        )));
        let said = narrator.tell(&screen);
        assert_eq!(said[..2], ["bob: hi.", "bob: nice one."], "{said:?}");
        assert!(said[2].contains("b1"), "{said:?}");
        assert!(said.iter().any(|l| l.contains("Your move")), "{said:?}");
        // A line alone is said once.
        let Screen::Game(app) = &mut screen else {
            unreachable!()
        };
        app.table_news(chat("bob: good game"));
        assert_eq!(narrator.tell(&screen), ["bob: good game."]);
    }

    /// Issue 26, defect 9 (failed before: both ladders said `human`, nothing said which
    /// colour you play, and the result said `Blue wins`): the ladders name the players
    /// and mark yours, and the result names who won.
    #[test]
    fn the_game_screen_names_the_players_and_says_which_is_you() {
        let game = Game::from_moves([crate::rules::Square::A1]).unwrap();
        let mut app = App::with_game(GameConfig::default(), game)
            .served([false, true])
            .named(["alice".into(), "bob".into()]);
        assert_eq!(app.seat_label(Player::Blue).as_deref(), Some("alice (you)"));
        let screen = drawn(&app);
        // The ladder is 9 columns wide at 80×24: `alice (you)` becomes `you`.
        assert!(screen.contains("│   you   │"), "{screen}");
        assert!(screen.contains("┃   bob   ┃"), "{screen}");
        assert!(!screen.contains("human"), "{screen}");
        app.table_news(News::Resigned(Player::Yellow));
        let screen = drawn(&app);
        // To alice in the second person (s35: `alice wins: bob resigned`).
        assert!(screen.contains("You win: bob resigned"), "{screen}");
        // A spectator's screen names both, and marks nobody as you.
        let watcher = App::with_game(GameConfig::default(), Game::new())
            .served([true, true])
            .named(["alice".into(), "hard AI".into()]);
        let screen = drawn(&watcher);
        assert!(
            screen.contains("hard AI") && !screen.contains("(you)"),
            "{screen}"
        );
    }

    /// Issue 26, defect 9 (failed before: the other screen kept "Claim its points"
    /// after the claim came): a stone played at the other terminal asks nobody here to
    /// claim, and its claim, when it comes, settles the line.
    #[test]
    fn the_claim_prompt_of_the_other_player_s_stone_goes_when_it_is_claimed() {
        use crate::rules::Ruleset;
        let squares = ["a1", "b1", "a2", "b2", "a3", "b3"];
        let mut game = Game::with_rules(Ruleset::Standard, true);
        for square in squares {
            game.play(square.parse().unwrap()).unwrap();
        }
        // Yellow's screen; Blue's a4 arrives from the table.
        let mut yellow = App::with_game(GameConfig::default(), game.clone()).served([true, false]);
        yellow.remote_move("a4".parse().unwrap());
        let said = yellow.message().unwrap().text.clone();
        assert!(said.contains("Blue may claim"), "{said}");
        assert!(!said.contains("Claim its points"), "{said}");
        // Blue claims at the table: Yellow takes the table's game, the prompt goes.
        game.play("a4".parse().unwrap()).unwrap();
        let points = game.last().unwrap().points;
        game.claim(points).unwrap();
        yellow.table_news(News::Game {
            game,
            remote: [true, false],
            ai: None,
            names: ["ann".into(), "bob".into()],
            ratings: [None; 2],
        });
        let said = yellow.message().unwrap().text.clone();
        assert!(said.contains("claims"), "{said}");
        assert!(!said.contains("may claim"), "{said}");
    }

    /// s40 (claim47's tmux check): at a table, `q` while this player's claim of the
    /// stone that filled the board was open left at once, forfeiting it (the table
    /// ends the game unclaimed: a draw where the claim of 45 won). Now it asks first,
    /// as a local game does; any other key goes back to the board, `y` leaves.
    #[test]
    fn leaving_with_the_last_claim_open_at_a_table_asks_first() {
        use crate::rules::Ruleset;
        let order = "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4".split(' ');
        let mut game = Game::with_rules(Ruleset::Standard, true);
        for square in order.cycle().take(64) {
            game.play(square.parse().unwrap()).unwrap();
        }
        assert!(game.is_over() && game.last().unwrap().points > 0);
        // Yellow's screen: its d4 filled the board.
        let app = App::with_game(GameConfig::default(), game)
            .served([true, false])
            .named(["alice".into(), "bob".into()]);
        let mut app = Served::new(app);
        key(&mut app, 'q');
        assert_eq!(
            app.overlay(),
            Overlay::Question(Question::ClaimOpen {
                claimer: Player::Yellow,
                new_game: false
            })
        );
        key(&mut app, 'x');
        assert_eq!(app.overlay(), Overlay::None);
        key(&mut app, 'q');
        let effects = key(&mut app, 'y');
        assert!(effects.contains(&Effect::Quit), "{effects:?}");
    }

    /// s33 (words32 left it): at a table in play, the turn line while the other
    /// player's last stone may still be claimed said who by colour (`Blue may claim
    /// (+ points Enter) · Yellow to move`), with a key this screen cannot use. It names
    /// them, and what the claim would add in the key's place. Fails on the old code
    /// (`Blue may claim`).
    #[test]
    fn a_pending_claim_at_a_table_in_play_is_said_by_name() {
        use crate::rules::Ruleset;
        let mut game = Game::with_rules(Ruleset::Standard, true);
        for square in ["a1", "b1", "a2", "b2", "a3", "b3"] {
            game.play(square.parse().unwrap()).unwrap();
        }
        let mut yellow = App::with_game(GameConfig::default(), game)
            .served([true, false])
            .named(["alice".into(), "bob".into()]);
        yellow.remote_move("a4".parse().unwrap());
        let points = yellow
            .game()
            .last()
            .map(|last| last.points)
            .unwrap_or_default();
        // Whose turn by name too (s34: `Yellow to move`), to bob his own (s35).
        let worth = format!("alice may claim +{points} · Your move");
        for (width, height, said) in [(80, 24, worth.as_str()), (44, 16, "alice may claim")] {
            let rows = drawn_at(&yellow, width, height);
            let status = &rows[usize::from(height) - 2];
            let shown = rows.join("\n");
            assert!(status.contains(said), "{width}:\n{shown}");
            assert!(!status.contains("Blue may claim"), "{width}:\n{shown}");
            assert!(!status.contains("Enter"), "{width}:\n{shown}");
        }
    }

    /// The screen drawn at `width`×`height`, as rows of text.
    fn drawn_at(app: &App, width: u16, height: u16) -> Vec<String> {
        use ratatui::buffer::Buffer;
        use ratatui::layout::Rect;
        use ratatui::widgets::Widget;
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        (&crate::ui::AppView {
            app,
            look: crate::ui::Look::PLAIN,
        })
            .render(area, &mut buf);
        (0..height)
            .map(|y| (0..width).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect()
    }

    /// QA (qa43, over ssh at 44x16): bob's own line said at the table before alice
    /// resigned took the status line, and nothing said who won, how, or the rating
    /// change; after an unknown key its refusal covered the end for good. The end
    /// outranks a line said before it, and comes back with the key after a refusal.
    #[test]
    fn a_table_s_end_outranks_a_line_said_before_it_and_comes_back_after_a_refusal() {
        let game = Game::from_moves([crate::rules::Square::A1, crate::rules::Square::D4]).unwrap();
        let mut app = Served::new(
            App::with_game(GameConfig::default(), game)
                .served([true, false])
                .named(["alice".into(), "bob".into()]),
        );
        app.app.table_news(News::Chat(crate::ui::Message::new(
            MessageKind::Info,
            "bob: abevilq",
        )));
        app.app.table_news(News::Resigned(Player::Blue));
        let rating = crate::ui::Message::with_short(
            MessageKind::Info,
            "alice resigned: you win; rated standard live: you 1742? +242",
            "alice resigned · you 1742? +242".to_owned(),
        );
        app.app.table_news(News::Note(rating));
        let bottom = |app: &App| drawn_at(app, 44, 16)[14..].join("\n");
        let rows = bottom(&app);
        assert!(rows.contains("alice resigned · you 1742? +242"), "{rows}");
        assert!(!rows.contains("abevilq"), "{rows}");
        // At 80 columns both fit, the line said beside the end.
        let wide = drawn_at(&app, 80, 24)[22..].join("\n");
        assert!(wide.contains("abevilq") && wide.contains("+242"), "{wide}");
        // An unknown key's refusal, then any key: the end is back.
        key(&mut app, '%');
        let rows = bottom(&app);
        assert!(rows.contains("Unknown key"), "{rows}");
        key(&mut app, '%');
        key(&mut app, '?');
        key(&mut app, '?');
        let rows = bottom(&app);
        assert!(rows.contains("alice resigned · you 1742? +242"), "{rows}");
    }

    /// QA (qa43): a spectator's board showed the cursor's frame on a1, which follows
    /// nothing a spectator does; the terminal's cursor was parked there too.
    #[test]
    fn a_spectator_s_board_has_no_cursor() {
        let game = Game::from_moves(["b2".parse().unwrap()]).unwrap();
        let app = |remote| {
            App::with_game(GameConfig::default(), game.clone())
                .served(remote)
                .named(["alice".into(), "bob".into()])
        };
        let frames = |app: &App| drawn_at(app, 80, 24).join("").matches('┏').count();
        let (watcher, player) = (app([true, true]), app([true, false]));
        let area = ratatui::layout::Rect::new(0, 0, 80, 24);
        assert_eq!(crate::ui::screen::cursor_cell(&watcher, area), None);
        assert!(crate::ui::screen::cursor_cell(&player, area).is_some());
        assert_eq!(frames(&watcher) + 1, frames(&player));
    }

    /// QA (qa43): the other player's stone that scored nothing read `alice may claim
    /// +0 · Your move (Yellow)` on this screen: no claim is said of it.
    #[test]
    fn the_other_player_s_pointless_stone_is_no_claim_of_plus_zero() {
        let mut game = Game::with_rules(crate::rules::Ruleset::Standard, true);
        game.play("a1".parse().unwrap()).unwrap();
        let app = App::with_game(GameConfig::default(), game)
            .served([true, false])
            .named(["alice".into(), "bob".into()]);
        let screen = drawn(&app);
        assert!(!screen.contains("+0"), "{screen}");
        assert!(!screen.contains("may claim"), "{screen}");
    }

    /// QA (clubqa3, over ssh): alice resigned a rated game with carol watching; at 80
    /// columns both players read `Blue wins. n: rematch, q: lobby` beside `1 watching
    /// ? help`, and the ratings line under it, so nobody read that she resigned: the
    /// labels outranked how the game ended. They give way first now (the label goes
    /// under, beside the ratings line, where it fits).
    #[test]
    fn how_a_table_s_game_ended_outranks_the_watching_label() {
        let game = Game::from_moves([crate::rules::Square::A1, crate::rules::Square::D4]).unwrap();
        let mut app = App::with_game(GameConfig::default(), game)
            .served([true, false])
            .named(["bob".into(), "alice".into()]);
        app.table_news(News::Watching(1));
        app.table_news(News::Resigned(Player::Yellow));
        let ratings = "Rated standard live: alice 1313? -187 · bob 1687? +187";
        app.table_news(News::Note(super::super::super::message::Message::new(
            MessageKind::Info,
            ratings,
        )));
        let rows = drawn_at(&app, 80, 24);
        let (status, below) = (rows[22].trim_end(), rows[23].trim_end());
        // alice's own screen: in the second person (s35: `alice resigned`).
        assert!(
            status.contains("│  bob wins: you resigned. n: rematch, q: lobby"),
            "{status}"
        );
        assert!(
            below.starts_with(ratings) && below.ends_with("1 watching  ? help"),
            "{below}"
        );
        // A spectator at 44 columns, where nothing that says how fits: the winner
        // still goes before the label (a first take of this fix left `q: lobby`).
        let game = Game::from_moves([crate::rules::Square::A1, crate::rules::Square::D4]).unwrap();
        let mut watcher = App::with_game(GameConfig::default(), game)
            .served([true, true])
            .named(["bob".into(), "alice".into()]);
        watcher.table_news(News::Resigned(Player::Yellow));
        let rows = drawn_at(&watcher, 44, 16);
        // By name (s33: `Blue wins`).
        assert!(rows[14].contains("│  bob wins. q: lobby"), "{}", rows[14]);
        // Without the label the line was already whole.
        app.table_news(News::Watching(0));
        let rows = drawn_at(&app, 80, 24);
        assert!(
            rows[22].contains("│  bob wins: you resigned. n: rematch, q: lobby")
                && rows[22].trim_end().ends_with("? help"),
            "{}",
            rows[22]
        );
    }

    /// QA (lead, over ssh): with two 16-column names the result by name and its keys
    /// do not fit the status line at 80 columns, which said only `n: rematch, q:
    /// lobby`; the line under it, where the result was, soon says the ratings. The
    /// result is said by colour then, and the winner alone where that is too long;
    /// the keys alone only where neither fits (44 columns, where the ladder says it;
    /// since s22 the totals give way there to the help, and the result by colour fits).
    #[test]
    fn a_table_s_result_stays_on_the_status_line_with_long_names() {
        let game = Game::from_moves([crate::rules::Square::A1, crate::rules::Square::B1]).unwrap();
        let mut app = App::with_game(GameConfig::default(), game)
            .served([false, true])
            .named(["alexandrapetrova".into(), "bartholomewjones".into()]);
        app.table_news(News::Resigned(Player::Yellow));
        let status = |app: &App, width: u16| {
            let rows = drawn_at(app, width, 24);
            rows[22].trim_end().to_owned()
        };
        // The winner's own screen (s35): `You win` with both keys at 80 and 66, the
        // row under it saying how it ended until the ratings (which name who
        // resigned) take its place; at 44 the keys beside the totals, `You win: ...`
        // on the row under (as on the loser's screen there).
        for width in [80, 66, 44] {
            let rows = drawn_at(&app, width, 24);
            let (first, shown) = (rows[22].trim_end(), rows.join("\n"));
            let under = rows[23].trim_start();
            assert!(
                first.contains("You win") || (width == 44 && under.starts_with("You win")),
                "{shown}"
            );
            assert!(first.contains("n: rematch, q: lobby"), "{shown}");
            assert!(shown.contains("? help"), "{shown}");
            assert!(!shown.contains("Blue wins"), "{shown}");
        }
        // At 80 how it ended too, the opponent by colour (the name does not fit).
        let wide = status(&app, 80);
        assert!(
            wide.contains("│  You win: Yellow resigned. n: rematch, q: lobby"),
            "{wide}"
        );
        // The loser's own screen (Yellow resigned, Yellow's screen).
        let mut app = App::with_game(
            GameConfig::default(),
            Game::from_moves([crate::rules::Square::A1, crate::rules::Square::B1]).unwrap(),
        )
        .served([true, false])
        .named(["alexandrapetrova".into(), "bartholomewjones".into()]);
        app.table_news(News::Resigned(Player::Yellow));
        // The loser's own screen (s35): by colour with how it ended, in the second
        // person, before the winner alone by name (s34: `alexandrapetrova wins.`).
        assert!(
            status(&app, 66).contains("│  Blue wins: you resigned. n: rematch, q: lobby"),
            "{}",
            status(&app, 66)
        );
        // Short names: the result whole, to ann in the second person (s35).
        let mut app = App::with_game(
            GameConfig::default(),
            Game::from_moves([crate::rules::Square::A1, crate::rules::Square::B1]).unwrap(),
        )
        .served([false, true])
        .named(["ann".into(), "bo".into()]);
        app.table_news(News::Resigned(Player::Yellow));
        assert!(
            status(&app, 80).contains("│  You win: bo resigned. n: rematch, q: lobby"),
            "{}",
            status(&app, 80)
        );
    }

    /// QA (servesweep): the line a message is typed on was cut at its end: at 44
    /// columns `Message (15/60): thanks, you too_  Enter…`, and a longer message lost
    /// its own end, where the typing goes on (`Message (55/60): 山田 x山田 x…`). The
    /// keys go first, whole; then the text keeps its end after `…`.
    #[test]
    fn a_message_being_typed_keeps_its_end_in_view_on_a_narrow_screen() {
        let mut app = blue_at(&[]);
        key(&mut app, 'm');
        typed(&mut app, "thanks, you too");
        let rows = drawn_at(&app, 44, 16);
        assert_eq!(
            rows[15].trim_end(),
            "Message (15/60): thanks, you too_",
            "{rows:#?}"
        );
        let rows = drawn_at(&app, 60, 20);
        assert_eq!(
            rows[19].trim_end(),
            "Message (15/60): thanks, you too_  Enter: send · Esc: cancel"
        );
        typed(&mut app, &format!(" {}the end", "x".repeat(36)));
        for (width, height) in [(44, 16), (60, 20), (80, 24)] {
            let rows = drawn_at(&app, width, height);
            let status = rows[usize::from(height) - 1].trim_end();
            assert!(status.starts_with("Message (59/60): "), "{status}");
            assert!(status.ends_with("the end_"), "{width}: {status}");
            assert!(crate::text::fits(status, usize::from(width)), "{status}");
        }
    }

    /// QA (clubfit): after a served game the first status line read `alice wins: bob
    /// resigned. n: rematch, q: lobby` at 80 columns, but only `alice wins: bob
    /// resigned` at 60 and 44 (the line under it says the same), and with a longer
    /// name at 44 `hard AI wins: alice resig`: the key back to the lobby was gone. Where
    /// the result and the keys do not fit, the keys are kept, the result said below.
    #[test]
    fn the_key_back_to_the_lobby_stays_on_a_narrow_screen_after_a_served_game() {
        let names = |other: &str| ["alice".to_owned(), other.to_owned()];
        let mut table = blue_at(&["a1", "b1"]).app.named(names("bob"));
        table.table_news(News::Resigned(Player::Yellow));
        // A longer result (a table's opponent named as the AI is).
        let mut long = blue_at(&["a1", "b1"]).app.named(names("hard AI"));
        long.table_news(News::Resigned(Player::Blue));
        let mut alone = blue_at(&["a1", "b1"]).app.named(names("bob"));
        alone.table_news(News::Resigned(Player::Yellow));
        alone.table_news(News::OpponentLeft);
        let mut watcher = App::with_game(
            GameConfig::default(),
            Game::from_moves(["a1", "b1"].iter().map(|s| s.parse().unwrap())).unwrap(),
        )
        .served([true, true])
        .named(names("bob"));
        watcher.table_news(News::Watching(2));
        watcher.table_news(News::Resigned(Player::Yellow));
        for (app, keys, result) in [
            // alice's own screen in the second person (s35: by her name).
            (&table, "n: rematch, q: lobby", "You win: bob resigned"),
            (&long, "n: rematch, q: lobby", "hard AI wins: you resigned"),
            (&alone, "q: lobby", "You win: bob resigned"),
            (&watcher, "q: lobby", "alice wins: bob resigned"),
        ] {
            for (width, height) in [(80, 24), (60, 20), (44, 16)] {
                let rows = drawn_at(app, width, height);
                let status = &rows[usize::from(height) - 2];
                let shown = rows.join("\n");
                assert!(status.contains(keys), "{keys} at {width}:\n{shown}");
                assert!(shown.contains(result), "{result} at {width}:\n{shown}");
                assert!(!status.contains('…'), "nothing cut at {width}:\n{shown}");
            }
        }
        let rows = drawn_at(&long, 44, 16);
        insta::assert_snapshot!("served_over_44x16", rows[14..].join("\n"));
    }

    /// QA s28 (qa28, over ssh): after resigning a game against the server's AI, at
    /// 120x40 the status line read `hard AI wins: carol resigned. n: new game, q:
    /// lobby` and under it the table's note `carol resigned: Yellow wins`: the same
    /// ending twice (a casual game between people the same). The note is said once,
    /// by the first line, with the keys under it, where that line says the result; at
    /// 44 columns, where it has no room for it, the note still says it. Fails on the
    /// old code (the note under the result at 80x24). Cost: four drawings, < 50 ms.
    #[test]
    fn a_resignation_s_note_is_not_said_again_under_the_result() {
        let mut app = blue_at(&["a1", "b1"])
            .app
            .named(["alice".into(), "hard AI".into()]);
        app.table_news(News::Resigned(Player::Blue));
        app.table_news(News::Note(crate::ui::Message::new(
            MessageKind::Info,
            talk::resigned(Who::You, Who::Named("hard AI")),
        )));
        for (width, height) in [(120, 40), (80, 24)] {
            let rows = drawn_at(&app, width, height);
            let shown = rows.join("\n");
            // The player's own screen in the second person (s35: by name).
            assert_eq!(shown.matches("resigned").count(), 1, "{width}:\n{shown}");
            let status = &rows[usize::from(height) - 2];
            assert!(status.contains("hard AI wins: you resigned"), "{shown}");
        }
        // Narrower, the first line says `Yellow wins` with the keys: the note says who.
        for (width, height) in [(60, 20), (44, 16)] {
            let shown = drawn_at(&app, width, height).join("\n");
            assert!(shown.contains("You resigned"), "{width}:\n{shown}");
        }
    }

    /// s33 (QA over OpenSSH, carol watching alice v bob at 44x16): after bob resigned
    /// and then got up, the leave's note below and the first line above read `Blue
    /// wins. q: lobby`, by colour. The first line names the winner: beside the totals
    /// where both fit, in their place where two 16-column names leave no room (the
    /// ladders show the totals). Fails on the old code (`Blue wins` at 44).
    #[test]
    fn a_watcher_s_status_line_names_the_winner_at_every_width() {
        let long = "alexandrapetrova";
        let wide = "山田太郎山田太郎";
        for names in [["alice", "bob"], [long, "bartholomewsmith"], [wide, long]] {
            let game = Game::from_moves(["a1", "b1"].iter().map(|s| s.parse().unwrap()));
            let mut watcher = App::with_game(GameConfig::default(), game.unwrap())
                .served([true, true])
                .named(names.map(str::to_owned));
            watcher.table_news(News::Watching(1));
            watcher.table_news(News::Resigned(Player::Yellow));
            let left = Keyed::Left(names[1].to_owned());
            watcher.table_news(News::Note(Message::keyed(MessageKind::Info, left)));
            let wins = format!("{} wins", names[0]);
            for (width, height) in [(80, 24), (44, 16)] {
                let rows = drawn_at(&watcher, width, height);
                let status = &rows[usize::from(height) - 2];
                let shown = rows.join("\n");
                // A wide character's second cell reads as a space here.
                let wins = wins.replace(' ', "");
                assert!(status.replace(' ', "").contains(&wins), "{width}:\n{shown}");
                assert!(status.contains("q: lobby"), "{width}:\n{shown}");
                assert!(!status.contains("Blue wins"), "{width}:\n{shown}");
                assert!(!status.contains('…'), "{width}:\n{shown}");
            }
        }
    }

    /// Brief s25 (srv26, srv25's QA): someone watching a rated game a player left read
    /// `carol wins: erin left` twice at 80x24, at the first status line's end and on
    /// the line under it (the ending said as it came). It is said once: on the first
    /// line, with the watcher's keys under it; at 44 columns, where the first line has
    /// no room for it, on the line under it. Fails on the old code (twice at 80x24).
    #[test]
    fn a_watcher_reads_a_game_s_end_by_a_leave_once() {
        let game = Game::from_moves(["a1", "b1"].iter().map(|s| s.parse().unwrap())).unwrap();
        let mut course = Course::with_clock(None);
        assert!(
            course
                .end(&game, Termination::Abandoned, Player::Yellow)
                .is_ok()
        );
        let mut watcher = App::with_game(GameConfig::default(), game)
            .served([true, true])
            .named(["carol".into(), "erin".into()]);
        watcher.table_news(News::Watching(2));
        watcher.follow_course(course);
        let said = "carol wins: erin left";
        for (width, height) in [(80, 24), (60, 20), (44, 16)] {
            let rows = drawn_at(&watcher, width, height);
            let shown = rows.join("\n");
            assert_eq!(shown.matches(said).count(), 1, "at {width}:\n{shown}");
        }
        let rows = drawn_at(&watcher, 80, 24);
        insta::assert_snapshot!("watched_left_80x24", rows[22..].join("\n"));
        assert!(rows[23].starts_with(table::SPECTATING), "{}", rows[23]);
        let rows = drawn_at(&watcher, 44, 16);
        insta::assert_snapshot!("watched_left_44x16", rows[14..].join("\n"));
    }
}
