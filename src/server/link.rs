//! A screen's link to a table ([`crate::ui::Link`]): a player's screen hands over its
//! own moves and claims and its requests; every screen at the table (players and
//! spectators) gets the other moves and the table's news. The table is the judge: a
//! screen whose game no longer matches it takes the table's game whole.

use std::time::{Duration, Instant};

use crate::rules::{ClaimState, Game, Move, Player};
use crate::session::Course;
use crate::strings::talk as words;
use crate::ui::{Link, News, Request};

use super::outside::shown;
use super::tables::{AiSeat, SharedLobby, Table, Who};
use crate::strings::serve as serve_words;

/// One screen's link to table `table`. A session's link ([`TableLink::player`],
/// [`TableLink::spectator`]), when dropped, gets the player up from the table (they
/// left it: [`Link::leave`]) or out for the grace period (their link dropped), or
/// counts the spectator out.
#[derive(Debug)]
pub(crate) struct TableLink {
    lobby: SharedLobby,
    table: u32,
    /// The player's key, or `None` for a spectator.
    key: Option<String>,
    /// The colour the player plays now (a rematch swaps it).
    seat: Option<Player>,
    /// The table's epoch this screen's game is of.
    epoch: u32,
    /// The last note and message read.
    seen_note: u64,
    seen_said: u64,
    /// What this screen was told already.
    told_undo: bool,
    told_rematch: bool,
    told_stop: bool,
    told_end: bool,
    watching: Option<usize>,
    /// News found while syncing, handed out with the rest.
    pending: Vec<News>,
    /// The last line about the other player's link (away, back, not saved), told once.
    told: Option<String>,
    /// Whether the screen was last told the game is not on disk ([`News::Saved`]).
    told_unsaved: bool,
    /// A session's link acts on the table when dropped; a bare one ([`TableLink::new`]) not.
    attached: bool,
    /// The player chose to leave (rather than their link dropping).
    left: bool,
}

impl TableLink {
    /// `who`'s link to table `id`, where they sit; `None` if they don't (any more).
    pub(crate) fn player(lobby: &SharedLobby, id: u32, who: &Who) -> Option<TableLink> {
        let guard = lobby.lock();
        let table = guard.tables().get(&id)?;
        let seat = table.seat_of(&who.key)?;
        let mut link = TableLink::make(lobby.clone(), id, Some(who.key.clone()), Some(seat), table);
        link.attached = true;
        Some(link)
    }

    /// A spectator's link to table `id` (counted in); `None` if it is gone.
    pub(crate) fn spectator(lobby: &SharedLobby, id: u32) -> Option<TableLink> {
        let mut guard = lobby.lock();
        let table = guard.tables().get(&id)?;
        let mut link = TableLink::make(lobby.clone(), id, None, None, table);
        link.attached = true;
        guard.watch(id, true);
        Some(link)
    }

    /// A bare link of `seat` (a spectator: `None`) at table `table`, which does nothing
    /// to the table when dropped (tests drive the lobby themselves).
    #[cfg(test)]
    pub(crate) fn new(lobby: SharedLobby, table: u32, seat: Option<Player>) -> TableLink {
        let guard = lobby.lock();
        let at = guard.tables().get(&table).expect("a table to link to");
        let key = seat.and_then(|s| at.seats[s.index()].as_ref().map(|w| w.key.clone()));
        let link = TableLink::make(lobby.clone(), table, key, seat, at);
        drop(guard);
        link
    }

    fn make(
        lobby: SharedLobby,
        table: u32,
        key: Option<String>,
        seat: Option<Player>,
        at: &Table,
    ) -> TableLink {
        TableLink {
            lobby,
            table,
            key,
            seat,
            epoch: at.talk.epoch,
            // Messages before the screen opened are not its news.
            seen_note: at.talk.last_note(),
            seen_said: at.talk.chat.last(),
            told_undo: false,
            told_rematch: false,
            told_stop: false,
            told_end: false,
            watching: None,
            pending: Vec::new(),
            told: None,
            told_unsaved: false,
            attached: false,
            left: false,
        }
    }

    /// Rings this player's bell now if it is their move (a game that starts while they
    /// wait in the lobby) and their bell is on.
    pub(crate) fn ring_if_my_move(&mut self) {
        let mut lobby = self.lobby.lock();
        let bell = self
            .key
            .as_ref()
            .is_some_and(|key| lobby.prefs().get(key).bell);
        if let Some(table) = lobby.tables().get(&self.table)
            && self.rings(table, bell)
        {
            self.pending.push(News::Bell);
        }
    }

    /// The game the screen should open with: the table's as it is, the seats played
    /// at other terminals, and the server's AI's colour and level at a game against it.
    pub(crate) fn game(&self) -> Option<(Game, [bool; 2], Option<AiSeat>)> {
        let lobby = self.lobby.lock();
        let table = lobby.tables().get(&self.table)?;
        Some((table.game.clone(), self.remote(table), table.ai()))
    }

    /// The seats played at other terminals, seen from this screen. A player against the
    /// server's AI plays both here: their screen runs the AI (on the server's pool).
    fn remote(&self, table: &Table) -> [bool; 2] {
        let mut remote = [true; 2];
        if let Some(seat) = self.seat {
            remote[seat.index()] = false;
            if let Some((ai, _)) = table.ai() {
                remote[ai.index()] = false;
            }
        }
        remote
    }

    /// The table's game, whole, for this screen to go on from.
    fn whole_game(&self, table: &Table) -> News {
        News::Game {
            game: table.game.clone(),
            remote: self.remote(table),
            ai: table.ai(),
        }
    }

    /// Whether this player's bell is on and it is their move at `table`.
    fn rings(&self, table: &Table, bell: bool) -> bool {
        bell && table.playing() && self.seat == Some(table.game.to_move())
    }
}

/// Hands the claim the screen made on the table's last stone, if it is `seat`'s and
/// still pending at the table. Returns whether the table changed.
fn hand_claim(table: &mut Table, game: &Game, seat: Player) -> bool {
    let Some(index) = table.game.len().checked_sub(1) else {
        return false;
    };
    let mine = table.game.last().is_some_and(|p| p.player == seat);
    let pending = table.game.claim_state(index) == Some(ClaimState::Pending);
    let points = match game.claim_state(index) {
        Some(ClaimState::Claimed { points, .. }) => points,
        Some(ClaimState::Wrong { claimed }) => claimed,
        _ => return false,
    };
    mine && pending && table.game.claim(points).is_ok()
}

/// Hands the claim the screen made on the table's last stone, if the stone is one of
/// `ours` (see [`hand_claim`]).
fn hand_claims(table: &mut Table, game: &Game, ours: impl Fn(Player) -> bool) -> bool {
    match table.game.last().map(|p| p.player) {
        Some(player) if ours(player) => hand_claim(table, game, player),
        _ => false,
    }
}

/// Whether `game` is `table`'s game so far (moves and claims), given the `news` moves
/// it has yet to play.
fn in_step(game: &Game, table: &Game, news: &[Move]) -> bool {
    let n = game.len();
    if n > table.len() || game.placements() != &table.placements()[..n] {
        return false;
    }
    if !table.claim_mode() {
        return true;
    }
    let mut after = game.clone();
    news.iter().all(|mv| after.play(*mv).is_ok()) && after.claim_states() == table.claim_states()
}

impl TableLink {
    /// [`Link::sync`] at `now`, the server's time.
    pub(crate) fn sync_at(&mut self, game: &Game, now: Instant) -> Vec<Move> {
        let mut lobby = self.lobby.lock();
        let bell = self
            .key
            .as_ref()
            .is_some_and(|key| lobby.prefs().get(key).bell);
        let Some(table) = lobby.table_mut(self.table) else {
            return Vec::new();
        };
        if table.talk.epoch != self.epoch {
            // An agreed undo or a rematch: the table's game, whole, and the seat anew.
            self.epoch = table.talk.epoch;
            if let Some(key) = &self.key {
                self.seat = table.seat_of(key);
            }
            (self.told_undo, self.told_rematch) = (false, false);
            (self.told_stop, self.told_end) = (false, false);
            self.pending.push(self.whole_game(table));
            if self.rings(table, bell) {
                self.pending.push(News::Bell);
            }
            return Vec::new();
        }
        // The server's clock decides: a flag that fell ends the game for every screen,
        // and a move that comes after it is not taken.
        let mut changed = table.course.check_flag(&table.game, now).is_some();
        if let Some(seat) = self.seat
            && table.playing()
            && game.len() >= table.game.len()
            && game.placements()[..table.game.len()] == *table.game.placements()
        {
            // The seat's own moves and claims, and those of the server's AI it plays
            // against (this screen runs it).
            let ai = table.ai().map(|(colour, _)| colour);
            let ours = |p: Player| p == seat || Some(p) == ai;
            changed |= hand_claims(table, game, ours);
            let mut ai_moved = false;
            for mv in game.moves().skip(table.game.len()) {
                // Only those moves, in turn: the screen refuses the others.
                let mover = table.game.to_move();
                if !table.playing() || !ours(mover) || table.game.play(mv).is_err() {
                    break;
                }
                ai_moved |= Some(mover) == ai;
                table.moved(now);
                changed = true;
                changed |= hand_claims(table, game, ours);
            }
            // The server's AI moved (on this screen): the player's move, their bell.
            if ai_moved && self.rings(table, bell) {
                self.pending.push(News::Bell);
            }
        }
        let news: Vec<Move> = table.game.moves().skip(game.len()).collect();
        let news = if in_step(game, &table.game, &news) {
            if !news.is_empty() && self.rings(table, bell) {
                self.pending.push(News::Bell);
            }
            news
        } else {
            // The screen went where the table did not follow (a move after the game
            // stopped, a claim the other player's stone overtook): the table's game.
            self.pending.push(self.whole_game(table));
            Vec::new()
        };
        if changed {
            lobby.stored(self.table);
            lobby.changed();
        }
        news
    }
}

impl Link for TableLink {
    fn sync(&mut self, game: &Game) -> Vec<Move> {
        self.sync_at(game, Instant::now())
    }

    fn course(&mut self) -> Option<Course> {
        let lobby = self.lobby.lock();
        let table = lobby.tables().get(&self.table)?;
        // A table without clocks or an early end leaves the screen's course alone.
        (table.course != Course::NONE).then(|| table.course.clone())
    }

    fn request(&mut self, request: Request) {
        let mut lobby = self.lobby.lock();
        let (Some(key), Some(seat)) = (self.key.clone(), self.seat) else {
            return;
        };
        match request {
            Request::ToggleMute => {
                let pref = lobby.prefs().update(&key, |p| p.mute = !p.mute);
                let text = if pref.mute {
                    words::MUTED
                } else {
                    words::UNMUTED
                };
                self.pending.push(News::Note(text.into()));
            }
            Request::ToggleBell => {
                let pref = lobby.prefs().update(&key, |p| p.bell = !p.bell);
                let text = if pref.bell {
                    words::BELL_ON
                } else {
                    words::BELL_OFF
                };
                self.pending.push(News::Note(text.into()));
            }
            request => {
                if let Some(table) = lobby.table_mut(self.table) {
                    if table.request(seat, &request, Instant::now()) {
                        lobby.stored(self.table);
                    }
                    lobby.changed();
                }
            }
        }
    }

    fn leave(&mut self) {
        self.left = true;
    }

    fn news(&mut self) -> Vec<News> {
        let mut news = std::mem::take(&mut self.pending);
        let mut lobby = self.lobby.lock();
        let grace = lobby.grace();
        let mute = self
            .key
            .as_ref()
            .is_some_and(|key| lobby.prefs().get(key).mute);
        let Some(table) = lobby.tables().get(&self.table) else {
            if !self.told_stop {
                self.told_stop = true;
                news.push(News::Stopped(crate::strings::serve::PLAYER_LEFT.into()));
            }
            return news;
        };
        if self.seat.is_some() && self.watching != Some(table.spectators) {
            self.watching = Some(table.spectators);
            news.push(News::Watching(table.spectators));
        }
        let asked_of_me =
            |asker: Option<Player>| asker.is_some() && self.seat.is_some() && asker != self.seat;
        if asked_of_me(table.talk.undo) && !self.told_undo {
            news.push(News::UndoAsked);
        }
        self.told_undo = asked_of_me(table.talk.undo);
        if asked_of_me(table.talk.rematch) && !self.told_rematch {
            news.push(News::RematchOffered);
        }
        self.told_rematch = asked_of_me(table.talk.rematch);
        match table.course.ending() {
            Some(ending) if !self.told_end => {
                self.told_end = true;
                news.push(News::Resigned(ending.loser()));
            }
            Some(_) => {}
            None => self.told_end = false,
        }
        match table.stopped() {
            Some(text) if !self.told_stop => {
                self.told_stop = true;
                news.push(News::Stopped(text));
            }
            Some(_) => {}
            None => self.told_stop = false,
        }
        for note in table.talk.notes_since(self.seen_note) {
            if note.to.is_none() || note.to == self.seat {
                news.push(News::Note(note.text.clone()));
            }
        }
        self.seen_note = table.talk.last_note();
        if let Some(me) = self.seat {
            for said in table.talk.chat.since(self.seen_said) {
                if said.from == me || !mute {
                    let name = table.seats[said.from.index()]
                        .as_ref()
                        .map_or_else(|| said.from.to_string(), |w| shown(&w.name));
                    news.push(News::Note(words::said(&name, &said.text)));
                }
            }
        }
        self.seen_said = table.talk.chat.last();
        // The other player's link: away (the grace period counts down), back, and a
        // game not kept on disk.
        let others: Vec<Player> = match self.seat {
            Some(seat) => vec![seat.other()],
            None => Player::BOTH.to_vec(),
        };
        let away = others
            .into_iter()
            .find_map(|p| table.away[p.index()].map(|since| (p, since)));
        let line = match away {
            _ if table.abandoned => None,
            Some((p, since)) => {
                let left = grace.saturating_sub(since.elapsed());
                Some(if left.is_zero() {
                    serve_words::gone(&table.name(p))
                } else {
                    serve_words::waiting_for(&table.name(p), &clock(left))
                })
            }
            None if self.told.as_deref().is_some_and(serve_words::is_waiting) => {
                Some(serve_words::BACK.to_owned())
            }
            None => table.unsaved.as_deref().map(serve_words::not_saved),
        };
        // Whether the game is on disk, for what the screen may promise when leaving.
        if table.unsaved.is_some() != self.told_unsaved {
            self.told_unsaved = table.unsaved.is_some();
            news.push(News::Saved(!self.told_unsaved));
        }
        if line.is_some() && line != self.told {
            self.told.clone_from(&line);
            news.extend(line.map(News::Note));
        }
        news
    }
}

/// `m:ss` of `left`, rounded up.
fn clock(left: Duration) -> String {
    let secs = left.as_secs() + u64::from(left.subsec_nanos() > 0);
    format!("{}:{:02}", secs / 60, secs % 60)
}

impl Drop for TableLink {
    fn drop(&mut self) {
        if !self.attached {
            return;
        }
        let mut lobby = self.lobby.lock();
        match &self.key {
            // The link dropped: the seat is kept for the grace period.
            Some(key) if !self.left => lobby.drop_out(self.table, key),
            Some(key) => {
                // After the game, the other player learns not to wait for a rematch.
                if let Some(table) = lobby.table_mut(self.table)
                    && let Some(seat) = self.seat
                    && !table.playing()
                {
                    let name = table.seats[seat.index()]
                        .as_ref()
                        .map_or_else(|| seat.to_string(), |w| shown(&w.name));
                    table.talk.note(Some(seat.other()), words::left(&name));
                }
                lobby.leave_table(self.table, key)
            }
            None => {
                lobby.watch(self.table, false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::rules::{Ruleset, Square};

    fn who(name: &str) -> Who {
        Who {
            key: format!("SHA256:{name}"),
            name: name.to_owned(),
        }
    }

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// A table with alice (Blue) and bob (Yellow), and their links.
    fn table(claims: bool) -> (SharedLobby, u32, TableLink, TableLink) {
        let lobby = SharedLobby::default();
        let id = lobby
            .lock()
            .open(who("alice"), Player::Blue, Ruleset::Standard, claims, false)
            .unwrap();
        assert_eq!(lobby.lock().sit(id, who("bob")), Some(Player::Yellow));
        let blue = TableLink::player(&lobby, id, &who("alice")).unwrap();
        let yellow = TableLink::player(&lobby, id, &who("bob")).unwrap();
        (lobby, id, blue, yellow)
    }

    /// Against the server's AI the bell rings on the player's move, after the AI's
    /// (made on the player's own screen), and not after the player's own; off, never.
    #[test]
    fn the_bell_rings_after_the_server_s_ai_moves() {
        let lobby = SharedLobby::default();
        let id = lobby.lock().open_ai(
            who("alice"),
            Player::Blue,
            (Ruleset::Standard, false),
            Level::Easy,
            None,
        );
        let mut link = TableLink::player(&lobby, id, &who("alice")).unwrap();
        link.news();
        let (b3, c1, a1) = (sq("b3"), sq("c1"), sq("a1"));
        assert!(link.sync(&Game::from_moves([b3]).unwrap()).is_empty());
        assert!(!link.news().contains(&News::Bell), "not after her own move");
        assert!(link.sync(&Game::from_moves([b3, c1]).unwrap()).is_empty());
        assert_eq!(lobby.lock().tables()[&id].game.len(), 2);
        assert!(link.news().contains(&News::Bell), "after the AI's");
        link.request(Request::ToggleBell);
        link.news();
        assert!(
            link.sync(&Game::from_moves([b3, c1, a1, c1]).unwrap())
                .is_empty()
        );
        assert_eq!(lobby.lock().tables()[&id].game.len(), 4);
        assert!(!link.news().contains(&News::Bell), "the bell is off");
    }

    /// A screen learns when its game is not on disk, once, and when it is again.
    #[test]
    fn the_screen_is_told_whether_the_game_is_on_disk() {
        let lobby = SharedLobby::default();
        let id = lobby.lock().open_ai(
            who("alice"),
            Player::Blue,
            (Ruleset::Standard, false),
            Level::Easy,
            None,
        );
        let mut link = TableLink::player(&lobby, id, &who("alice")).unwrap();
        let saved = |news: Vec<News>| -> Vec<bool> {
            news.iter()
                .filter_map(|n| match n {
                    News::Saved(saved) => Some(*saved),
                    _ => None,
                })
                .collect()
        };
        assert_eq!(saved(link.news()), Vec::<bool>::new());
        let fail = |error: Option<&str>| {
            lobby.lock().table_mut(id).unwrap().unsaved = error.map(str::to_owned);
        };
        fail(Some("disk full"));
        assert_eq!(saved(link.news()), [false]);
        assert_eq!(saved(link.news()), Vec::<bool>::new(), "told once");
        fail(None);
        assert_eq!(saved(link.news()), [true]);
    }

    fn notes(news: &[News]) -> Vec<String> {
        news.iter()
            .filter_map(|n| match n {
                News::Note(text) => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn two_players_share_one_game_and_each_plays_only_their_colour() {
        let (lobby, id, mut blue, mut yellow) = table(false);
        assert_eq!(
            TableLink::player(&lobby, id, &who("carol")).map(|_| ()),
            None
        );
        let (b3, c1) = (sq("b3"), sq("c1"));
        // Yellow can't move first: its screen is put back to the table's game.
        assert_eq!(yellow.sync(&Game::from_moves([c1]).unwrap()), Vec::new());
        assert_eq!(lobby.lock().tables()[&id].game.len(), 0);
        assert!(matches!(yellow.news()[..], [News::Game { .. }, ..]));
        // Blue's move reaches Yellow (with the bell), and Yellow's reply reaches Blue.
        let blue_game = Game::from_moves([b3]).unwrap();
        assert!(blue.sync(&blue_game).is_empty());
        assert_eq!(yellow.sync(&Game::new()), vec![b3]);
        assert!(yellow.news().contains(&News::Bell));
        let yellow_game = Game::from_moves([b3, c1]).unwrap();
        assert!(yellow.sync(&yellow_game).is_empty());
        assert_eq!(blue.sync(&blue_game), vec![c1]);
        // Blue can't play Yellow's move.
        let cheat = Game::from_moves([b3, c1, c1, c1]).unwrap();
        blue.sync(&cheat);
        assert_eq!(lobby.lock().tables()[&id].game.len(), 3);
        // Bell off: no bell on the next move.
        yellow.news();
        yellow.request(Request::ToggleBell);
        assert_eq!(notes(&yellow.news()), [words::BELL_OFF]);
        assert_eq!(yellow.sync(&yellow_game), vec![c1]);
        assert!(!yellow.news().contains(&News::Bell));
        // Yellow leaves (q, not a dropped link): Blue is told once, and no more
        // moves are taken.
        blue.news();
        yellow.leave();
        drop(yellow);
        let told = blue.news();
        assert!(
            told.iter()
                .any(|n| matches!(n, News::Stopped(text) if text.contains("left"))),
            "{told:?}"
        );
        assert!(blue.news().is_empty());
        let on = Game::from_moves([b3, c1, c1, b3]).unwrap();
        blue.sync(&on);
        assert_eq!(lobby.lock().tables()[&id].game.len(), 3);
    }

    #[test]
    fn undo_is_asked_and_answered() {
        let (lobby, id, mut blue, mut yellow) = table(false);
        let moves = [sq("a1"), sq("b1"), sq("c1")];
        let game = Game::from_moves(moves).unwrap();
        blue.sync(&Game::from_moves([moves[0]]).unwrap());
        yellow.sync(&Game::from_moves(moves[..2].iter().copied()).unwrap());
        blue.sync(&game);
        assert_eq!(lobby.lock().tables()[&id].game.len(), 3);
        blue.news();
        yellow.news();
        // Yellow asks after Blue's reply: Blue is asked once, refuses, Yellow is told.
        yellow.request(Request::Undo);
        assert!(blue.news().contains(&News::UndoAsked));
        assert!(!blue.news().contains(&News::UndoAsked));
        blue.request(Request::AnswerUndo(false));
        assert_eq!(notes(&yellow.news()), [words::undo_refused("alice")]);
        assert_eq!(lobby.lock().tables()[&id].game.len(), 3);
        // Asked again and agreed: Yellow's b1 and Blue's c1 go; both screens take the game.
        yellow.request(Request::Undo);
        blue.news();
        blue.request(Request::AnswerUndo(true));
        assert_eq!(lobby.lock().tables()[&id].game.len(), 1);
        for link in [&mut blue, &mut yellow] {
            assert!(link.sync(&game).is_empty());
            let news = link.news();
            assert!(
                news.iter()
                    .any(|n| matches!(n, News::Game { game, .. } if game.len() == 1)),
                "{news:?}"
            );
            assert!(notes(&news).contains(&words::undo_agreed("alice", 2)));
        }
        // An answer nobody asked for changes nothing.
        yellow.request(Request::AnswerUndo(true));
        assert_eq!(lobby.lock().tables()[&id].game.len(), 1);
    }

    #[test]
    fn resign_then_a_rematch_with_colours_swapped() {
        let (lobby, id, mut blue, mut yellow) = table(false);
        blue.sync(&Game::from_moves([sq("a1")]).unwrap());
        // No rematch before the end.
        blue.request(Request::Rematch);
        assert!(!yellow.news().contains(&News::RematchOffered));
        yellow.request(Request::Resign);
        let told = blue.news();
        assert!(told.contains(&News::Resigned(Player::Yellow)), "{told:?}");
        assert!(notes(&told).contains(&words::resigned("bob", Player::Blue)));
        assert!(
            !blue.news().contains(&News::Resigned(Player::Yellow)),
            "told once"
        );
        // Nothing more is played.
        yellow.sync(&Game::from_moves([sq("a1"), sq("b2")]).unwrap());
        assert_eq!(lobby.lock().tables()[&id].game.len(), 1);
        yellow.news();
        blue.request(Request::Rematch);
        assert!(yellow.news().contains(&News::RematchOffered));
        yellow.request(Request::Rematch);
        let table = lobby.lock().tables()[&id].clone();
        assert_eq!(table.seat_of("SHA256:bob"), Some(Player::Blue));
        assert_eq!(table.game.len(), 0);
        assert_eq!(table.stopped(), None);
        let old = Game::from_moves([sq("a1")]).unwrap();
        yellow.sync(&old);
        let news = yellow.news();
        assert!(
            news.contains(&News::Game {
                game: Game::new(),
                remote: [false, true],
                ai: None,
            }),
            "bob now plays Blue: {news:?}"
        );
        assert!(news.contains(&News::Bell), "bob's move: {news:?}");
        // And Blue's moves are bob's now.
        yellow.sync(&Game::from_moves([sq("d4")]).unwrap());
        assert_eq!(lobby.lock().tables()[&id].game.len(), 1);
    }

    #[test]
    fn messages_reach_the_other_player_unless_muted_and_spectators_count() {
        let (lobby, id, mut blue, mut yellow) = table(false);
        let mut carol = TableLink::spectator(&lobby, id).unwrap();
        assert!(blue.news().contains(&News::Watching(1)));
        blue.request(Request::Say("hi \u{1b}[2Jbob".into()));
        let heard = notes(&yellow.news());
        assert_eq!(heard.len(), 1);
        assert!(heard[0].starts_with("alice: hi ") && heard[0].ends_with("bob"));
        assert!(!heard[0].contains('\u{1b}'), "{heard:?}");
        assert!(notes(&carol.news()).is_empty(), "spectators don't hear");
        yellow.request(Request::ToggleMute);
        assert_eq!(notes(&yellow.news()), [words::MUTED]);
        blue.request(Request::Say("still there?".into()));
        assert!(notes(&yellow.news()).is_empty());
        // Blue sees their own lines; a fourth in ten seconds is refused.
        let own = notes(&blue.news());
        assert_eq!(own.len(), 2, "{own:?}");
        blue.request(Request::Say("3".into()));
        blue.request(Request::Say("4".into()));
        assert!(notes(&blue.news()).contains(&words::TOO_FAST.to_owned()));
        drop(carol);
        assert!(blue.news().contains(&News::Watching(0)));
    }

    #[test]
    fn a_claim_goes_to_the_table_and_the_other_screen_takes_it() {
        let (lobby, id, mut blue, mut yellow) = table(true);
        // a1 b1 a2 b2 a3 b3 a4: Blue's a4 fills column a's section 1.
        let squares = ["a1", "b1", "a2", "b2", "a3", "b3", "a4"].map(sq);
        let mut game = Game::with_rules(Ruleset::Standard, true);
        for (k, square) in squares.iter().enumerate() {
            game.play(*square).unwrap();
            let link = if k % 2 == 0 { &mut blue } else { &mut yellow };
            link.sync(&game);
        }
        let points = game.last().unwrap().points;
        assert!(points > 0);
        game.claim(points).unwrap();
        blue.sync(&game);
        let at_table = lobby.lock().tables()[&id].game.clone();
        assert_eq!(at_table.score(Player::Blue), points);
        // Yellow's screen, a stone behind, takes the claimed stone.
        let mut yellow_game = Game::with_rules(Ruleset::Standard, true);
        for square in &squares[..6] {
            yellow_game.play(*square).unwrap();
        }
        let news = yellow.sync(&yellow_game);
        assert!(news.is_empty(), "{news:?}");
        assert!(
            yellow.news().iter().any(
                |n| matches!(n, News::Game { game, .. } if game.score(Player::Blue) == points)
            )
        );
    }
}
