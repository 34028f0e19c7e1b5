//! How a game ends when the board does not decide it: a time forfeit, a
//! resignation, or a win claimed after the opponent left. The rule lives here,
//! not in `rules` (which has no clock) and not in the screens, which only ask.

use std::time::{Duration, Instant};

use crate::record::{GameResult, Record, RecordError, Termination};
use crate::rules::{Game, Outcome, Player};

use super::Clock;
use super::clock::Flagged;

/// A game ended early: how, and who won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ending {
    termination: Termination,
    winner: Player,
}

/// Why a game cannot be ended early now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EndError {
    /// The board is full: the totals decided the game.
    #[error("the game is over: the board is full")]
    BoardFull,
    /// The game has ended already (by time, resignation or abandonment).
    #[error("the game has ended already ({0})")]
    Ended(Termination),
    /// A normal ending comes from the board only.
    #[error("a game ends normally only when the board is full")]
    Normal,
    /// Only the clock of the player to move runs, so only they can lose on time.
    #[error("only the player to move can run out of time")]
    NotToMove,
}

impl Ending {
    /// How the game ended.
    pub fn termination(self) -> Termination {
        self.termination
    }

    /// Who won.
    pub fn winner(self) -> Player {
        self.winner
    }

    /// Who lost: the player who resigned, ran out of time or left.
    pub fn loser(self) -> Player {
        self.winner.other()
    }

    /// The result a record gives it: `1-0` or `0-1`.
    pub fn result(self) -> GameResult {
        GameResult::from(Some(Outcome::Winner(self.winner)))
    }

    /// The early ending a checked record states, if any (`record.to_game()` has
    /// accepted it: an early `Termination` with a winner's result).
    pub fn of_record(record: &Record) -> Result<Option<Ending>, RecordError> {
        let termination = record.termination()?;
        if !termination.is_early() {
            return Ok(None);
        }
        let winner = match record.result() {
            Some(GameResult::BlueWins) => Player::Blue,
            Some(GameResult::YellowWins) => Player::Yellow,
            claimed => {
                return Err(RecordError::EarlyEndingMismatch {
                    location: None,
                    termination,
                    claimed,
                    moves: record.moves().len(),
                });
            }
        };
        Ok(Some(Ending {
            termination,
            winner,
        }))
    }

    /// Writes the ending into `record`: its `Termination` tag and result.
    pub fn write_to(self, record: &mut Record) {
        record.set_early_ending(self.termination, self.winner);
    }
}

/// Tag with the time the player to move had used on the turn under way, in seconds
/// (`6.5`), as the autosave last noted it while a clock ran: a resume charges it
/// ([`turn_used`]). The autosave writes it (`Storage::note_thinking`), and the record
/// of a game that ended early after its mover's clock ran ([`Course::write_to`]).
pub const TURN_USED_TAG: &str = "TurnUsed";

/// The most a [`TURN_USED_TAG`] is read as: a day, the longest clock.
const MOST_TURN_USED: Duration = Duration::from_secs(24 * 3600);

/// The time `record`'s [`TURN_USED_TAG`] says the player to move had used on the turn
/// under way. A value that is not a number of seconds from 0 to a day is read as
/// none, as a record without the tag: the hint is lost, never the game.
pub fn turn_used(record: &Record) -> Option<Duration> {
    let secs: f64 = record.tag(TURN_USED_TAG)?.trim().parse().ok()?;
    Duration::try_from_secs_f64(secs)
        .ok()
        .filter(|used| *used <= MOST_TURN_USED)
}

/// `used` as [`TURN_USED_TAG`] writes it: seconds to the millisecond.
pub(crate) fn turn_used_text(used: Duration) -> String {
    format!("{}.{:03}", used.as_secs(), used.subsec_millis())
}

/// What a game's record keeps beside its moves: its clocks, and how it ended when
/// not by a full board.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Course {
    ending: Option<Ending>,
    /// Boxed: most games have none, and a screen state stays small.
    clock: Option<Box<Clock>>,
}

impl Course {
    /// Nothing beside the moves: a game without a clock, not ended early.
    pub const NONE: Course = Course {
        ending: None,
        clock: None,
    };

    /// A course with these clocks.
    pub fn with_clock(clock: Option<Clock>) -> Course {
        Course {
            ending: None,
            clock: clock.map(Box::new),
        }
    }

    /// The clocks, if the game has them.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_deref()
    }

    /// The clocks, to start, stop or move them.
    pub fn clock_mut(&mut self) -> Option<&mut Clock> {
        self.clock.as_deref_mut()
    }

    /// A move was just played on `game` at `now`: the clocks (if the game has them)
    /// keep its mover's time left, with the increment ([`Clock::moved`]), or without it
    /// when the move filled the board and the game is over ([`Clock::moved_last`]: no
    /// move is to come, and the clocks stop). `None` without clocks; an error if the
    /// flag fell first.
    pub fn moved(&mut self, game: &Game, now: Instant) -> Option<Result<Duration, Flagged>> {
        let clock = self.clock.as_deref_mut()?;
        Some(if game.is_over() {
            clock.moved_last(now)
        } else {
            clock.moved(now)
        })
    }

    /// Ends the game on time if the clock of the player to move in `game` is at 0 at
    /// `now`; returns the ending. The clocks stop.
    pub fn check_flag(&mut self, game: &Game, now: Instant) -> Option<Ending> {
        let flagged = self.clock.as_ref()?.flagged(now)?;
        let ending = self.end(game, Termination::TimeForfeit, flagged).ok()?;
        if let Some(clock) = &mut self.clock {
            clock.fall();
        }
        Some(ending)
    }

    /// The early ending, if the game had one.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Ends `game` early by `termination`, `loser` losing: the rule the screens and
    /// the server call. Any player may resign at any moment of a game in progress,
    /// or on the empty board; a full board or a game already ended cannot end again.
    pub fn end(
        &mut self,
        game: &Game,
        termination: Termination,
        loser: Player,
    ) -> Result<Ending, EndError> {
        if let Some(ending) = self.ending {
            return Err(EndError::Ended(ending.termination));
        }
        if game.is_over() {
            return Err(EndError::BoardFull);
        }
        if !termination.is_early() {
            return Err(EndError::Normal);
        }
        if termination == Termination::TimeForfeit && loser != game.to_move() {
            return Err(EndError::NotToMove);
        }
        let ending = Ending {
            termination,
            winner: loser.other(),
        };
        self.ending = Some(ending);
        if let Some(clock) = &mut self.clock {
            clock.stop();
        }
        Ok(ending)
    }

    /// `player` resigns.
    pub fn resign(&mut self, game: &Game, player: Player) -> Result<Ending, EndError> {
        self.end(game, Termination::Resignation, player)
    }

    /// Forgets the early ending: an undo past it (or a new game) plays on.
    pub fn clear_ending(&mut self) {
        self.ending = None;
    }

    /// The course a checked record states: its early ending, and its clocks (from
    /// the `TimeControl` tag and each move's `%clk`), stopped. A game in progress whose
    /// autosave noted the mover's thinking on the turn under way
    /// ([`TURN_USED_TAG`]) has it charged, as a server charges what it noted
    /// before a restart: a `kill -9` gives back at most the time since that note. A
    /// game that ended early with that tag has it charged too: the mover's thinking up
    /// to the end ([`Course::write_to`]). A game lost on time has the loser's flag
    /// fallen, their clock at 0 as it stood at the end (before s39 it read back as
    /// their time at their last move).
    pub fn of_record(record: &Record) -> Result<Course, RecordError> {
        let ending = Ending::of_record(record)?;
        let mut clock = record
            .time_control()?
            .map(|control| Box::new(Clock::with_history(control, record.clocks().collect())));
        if let (Some(clock), Some(used)) = (&mut clock, turn_used(record)) {
            clock.charge(used);
        }
        if let (Some(clock), Some(ending)) = (&mut clock, ending) {
            // A checked record's time forfeit is the mover's (`Record::to_game`); one
            // that is not is left standing rather than zero the winner's clock.
            if ending.termination == Termination::TimeForfeit && ending.loser() == clock.to_move() {
                clock.fall();
            }
        }
        Ok(Course { ending, clock })
    }

    /// Writes the course into `record` (made from the game's moves): the early ending,
    /// the `TimeControl` tag and each move's time left. A game that ended early with
    /// its mover charged thinking on the turn under way (a resignation after the clock
    /// ran a while) keeps that in [`TURN_USED_TAG`]: no `%clk` follows a move not made.
    /// A time forfeit needs none: the loser's clock is out.
    pub fn write_to(&self, record: &mut Record) {
        if let Some(ending) = self.ending {
            ending.write_to(record);
        }
        if let Some(clock) = &self.clock {
            record.set_time_control(Some(clock.control()));
            for (index, left) in clock.history().iter().enumerate() {
                // Moves beyond the record's (none, when made from the same game) are skipped.
                let _ = record.set_clock(index, *left);
            }
        }
        if self.ending.is_some() {
            self.write_turn_used(record);
        }
    }

    /// Writes the course of a game that goes no further into `record`, as
    /// [`Course::write_to`] does, and also, for a game stopped as it stands (`*`, a
    /// player got up), the mover's thinking up to the stop in [`TURN_USED_TAG`]: its
    /// record reads back with the clock at the stop, not at the last move. Only for a
    /// game kept for good (the server's history): a game still in play notes its
    /// thinking apart (the autosave's own tag, a server's `live.thought`), and a copy
    /// in its record too would be charged twice at a resume or a restart.
    pub fn write_final_to(&self, record: &mut Record) {
        self.write_to(record);
        self.write_turn_used(record);
    }

    /// [`TURN_USED_TAG`] with what the mover was charged of the turn under way when
    /// the clocks stopped, if anything. A flag that fell says the mover's time was all
    /// used: nothing to add.
    fn write_turn_used(&self, record: &mut Record) {
        let forfeit = self
            .ending
            .is_some_and(|e| e.termination == Termination::TimeForfeit);
        if let (false, Some(used)) = (forfeit, self.clock().and_then(Clock::stopped_thought)) {
            // "TurnUsed" is a valid tag name.
            let _ = record.set_tag(TURN_USED_TAG, turn_used_text(used));
        }
    }
}

/// A game and its course, as records and saves take it. A bare `&Game` converts
/// into one with nothing beside the moves.
#[derive(Debug, Clone, Copy)]
pub struct Played<'a> {
    /// The moves, by the rules.
    pub game: &'a Game,
    /// Its course beside the moves.
    pub course: &'a Course,
}

impl<'a> Played<'a> {
    /// `game` with `course`.
    pub fn new(game: &'a Game, course: &'a Course) -> Played<'a> {
        Played { game, course }
    }

    /// Whether the game is over: the board is full, or it ended early.
    pub fn is_over(&self) -> bool {
        self.game.is_over() || self.course.ending.is_some()
    }

    /// Whether the game has started and not ended.
    pub fn in_progress(&self) -> bool {
        self.game.in_progress() && self.course.ending.is_none()
    }

    /// The result: the early ending's winner, or the board's.
    pub fn result(&self) -> GameResult {
        match self.course.ending {
            Some(ending) => ending.result(),
            None => GameResult::of(self.game),
        }
    }
}

impl<'a> From<&'a Game> for Played<'a> {
    fn from(game: &'a Game) -> Played<'a> {
        Played::new(game, &Course::NONE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

    fn opening() -> Game {
        Game::from_moves([Square::B2, Square::C3, Square::A1]).unwrap()
    }

    #[test]
    fn resigning_gives_the_opponent_the_game_and_reads_back() {
        let game = opening();
        let mut course = Course::default();
        let ending = course.resign(&game, Player::Yellow).unwrap();
        assert_eq!(ending.winner(), Player::Blue);
        assert_eq!(ending.loser(), Player::Yellow);
        assert_eq!(ending.result(), GameResult::BlueWins);
        let played = Played::new(&game, &course);
        assert!(played.is_over() && !played.in_progress());
        assert_eq!(played.result(), GameResult::BlueWins);

        let mut record = Record::from_game(&game, [("Blue", "Ann")]).unwrap();
        course.write_to(&mut record);
        let text = record.to_string();
        assert!(text.contains("[Termination \"resignation\"]"), "{text}");
        assert!(text.contains("[Result \"1-0\"]"), "{text}");
        assert!(text.trim_end().ends_with("1-0"), "{text}");
        let back: Record = text.parse().unwrap();
        let replayed = back.to_game().unwrap();
        assert_eq!(replayed.len(), 3);
        assert!(replayed.in_progress(), "by the rules the board is not full");
        assert_eq!(Course::of_record(&back).unwrap(), course);
    }

    /// s38 board44: a resignation after the mover's clock ran keeps the thinking up to
    /// it in the record (`TurnUsed`, no `%clk` being written without a move), and reads
    /// back with it charged: the clock as it stood at the end, not at the last move.
    #[test]
    fn a_resignation_keeps_the_mover_s_thinking_in_the_record() {
        let s = Duration::from_secs;
        let control = crate::record::TimeControl::new(s(180), s(2)).unwrap();
        let game = opening();
        let history = vec![Some(s(170)), Some(s(175)), Some(s(168))];
        let mut course = Course::with_clock(Some(Clock::with_history(control, history)));
        let t0 = std::time::Instant::now();
        let clock = course.clock_mut().unwrap();
        clock.start(t0);
        clock.pause(t0 + s(7) + Duration::from_millis(500));
        course.resign(&game, Player::Yellow).unwrap();
        let mut record = Record::from_game(&game, [("Blue", "Ann")]).unwrap();
        course.write_to(&mut record);
        let text = record.to_string();
        assert!(text.contains("[TurnUsed \"7.500\"]"), "{text}");
        let back = Course::of_record(&text.parse().unwrap()).unwrap();
        assert_eq!(back, course);
        let left = back.clock().unwrap().remaining(Player::Yellow, t0);
        assert_eq!(left, s(175) - s(7) - Duration::from_millis(500));
        // Nothing charged, nothing written.
        let mut resigned = Course::with_clock(Some(Clock::new(control)));
        resigned.resign(&game, Player::Yellow).unwrap();
        let mut record = Record::from_game(&game, [("Blue", "Ann")]).unwrap();
        resigned.write_to(&mut record);
        assert!(!record.to_string().contains("TurnUsed"), "{record}");
    }

    /// s39 clock45: a record of a game lost on time read back (a replay, the server's
    /// history) had the loser's clock at their time after their last move (2 s here),
    /// not at 0 where the flag fell: `Clock::fallen` was not restored. Failed on the
    /// old code: `left: 2s, right: 0ns`.
    #[test]
    fn a_time_forfeit_reads_back_with_the_loser_s_flag_fallen() {
        let s = Duration::from_secs;
        let text = "[TimeControl \"300+3\"]\n[Termination \"time forfeit\"]\n\
            [Result \"1-0\"]\n\n1. b2 {[%clk 0:04:58]} c3 {[%clk 0:00:02]} 2. a1 \
            {[%clk 0:04:31]} 1-0\n";
        let record: Record = text.parse().unwrap();
        record.to_game().unwrap();
        let course = Course::of_record(&record).unwrap();
        let clock = course.clock().unwrap();
        let t0 = Instant::now();
        assert_eq!(clock.remaining(Player::Yellow, t0 + s(60)), Duration::ZERO);
        assert_eq!(clock.standing(Player::Yellow), Duration::ZERO);
        assert_eq!(clock.remaining(Player::Blue, t0), s(271));
        assert_eq!(clock.standing(Player::Blue), s(271));
        assert!(!clock.is_running());
        // Written again, it says the same: the flag writes nothing of its own.
        let mut again = Record::from_game(&record.to_game().unwrap(), [("Blue", "x")]).unwrap();
        course.write_to(&mut again);
        assert!(!again.to_string().contains("TurnUsed"), "{again}");
        assert_eq!(Course::of_record(&again).unwrap(), course);
        // A resignation's loser to move keeps their clock.
        let resigned = text.replace("time forfeit", "resignation");
        let course = Course::of_record(&resigned.parse().unwrap()).unwrap();
        assert_eq!(course.clock().unwrap().standing(Player::Yellow), s(2));
    }

    /// s39 clock45: a game stopped as it stands (`*`, kept for good: the server's
    /// history) keeps the mover's thinking up to the stop; the same course written
    /// as a game still in play (a live row, which notes its thinking apart) does not.
    #[test]
    fn only_a_game_kept_for_good_writes_the_thinking_of_a_turn_not_ended() {
        let s = Duration::from_secs;
        let control = crate::record::TimeControl::new(s(60), s(0)).unwrap();
        let game = Game::from_moves([Square::A1]).unwrap();
        let mut course = Course::with_clock(Some(Clock::with_history(control, vec![Some(s(50))])));
        let t0 = Instant::now();
        let clock = course.clock_mut().unwrap();
        clock.start(t0);
        clock.pause(t0 + s(30));
        let written = |final_: bool| {
            let mut record = Record::from_game(&game, [("Blue", "x")]).unwrap();
            if final_ {
                course.write_final_to(&mut record);
            } else {
                course.write_to(&mut record);
            }
            record
        };
        let live = written(false);
        assert_eq!(live.tag(TURN_USED_TAG), None, "{live}");
        let kept = written(true);
        assert_eq!(kept.tag(TURN_USED_TAG), Some("30.000"), "{kept}");
        let back = Course::of_record(&kept).unwrap();
        assert_eq!(back.clock().unwrap().standing(Player::Yellow), s(30));
        assert_eq!(back.clock().unwrap().standing(Player::Blue), s(50));
    }

    /// s39 clock45: the move that fills the board keeps no increment (the game is over:
    /// no move is to come) and stops the clocks; every move before it keeps one.
    #[test]
    fn the_move_that_fills_the_board_keeps_no_increment() {
        let s = Duration::from_secs;
        let control = crate::record::TimeControl::new(s(60), s(5)).unwrap();
        let mut course = Course::with_clock(Some(Clock::new(control)));
        let t0 = Instant::now();
        course.clock_mut().unwrap().start(t0);
        let mut game = Game::new();
        let mut n = 0;
        while !game.is_over() {
            let mv = game.position().legal_moves().next().unwrap();
            game.play(mv).unwrap();
            n += 1;
            // Each move takes a second.
            let kept = course.moved(&game, t0 + s(n)).unwrap().unwrap();
            // The mover's k-th move: 60 - k + 5 (k - 1) before it, less 1, plus 5.
            let k = n.div_ceil(2);
            let increment = if game.is_over() { 0 } else { 5 };
            assert_eq!(kept, s(60 + 4 * k - 5 + increment), "move {n}");
        }
        assert_eq!(n, 64);
        let clock = course.clock().unwrap();
        assert!(!clock.is_running(), "a full board stops the clocks");
        assert_eq!(clock.standing(Player::Yellow), s(183));
        assert_eq!(clock.standing(Player::Blue), s(188));
        let mut unclocked = Course::NONE;
        assert_eq!(unclocked.moved(&game, t0), None);
    }

    #[test]
    fn each_early_ending_names_the_loser() {
        assert_eq!(
            Course::default().end(&opening(), Termination::TimeForfeit, Player::Blue),
            Err(EndError::NotToMove)
        );
        for (termination, loser) in [
            (Termination::TimeForfeit, Player::Yellow),
            (Termination::Abandoned, Player::Yellow),
            (Termination::Resignation, Player::Blue),
        ] {
            let mut course = Course::default();
            let ending = course.end(&opening(), termination, loser).unwrap();
            assert_eq!(ending.termination(), termination);
            assert_eq!(ending.winner(), loser.other());
            let mut record = Record::from_game(&opening(), [("Blue", "x")]).unwrap();
            course.write_to(&mut record);
            let back: Record = record.to_string().parse().unwrap();
            back.to_game().unwrap();
            assert_eq!(Ending::of_record(&back).unwrap(), Some(ending));
        }
    }

    #[test]
    fn a_full_board_a_second_ending_or_a_normal_one_is_refused() {
        let mut full = Game::new();
        while !full.is_over() {
            let mv = full.position().legal_moves().next().unwrap();
            full.play(mv).unwrap();
        }
        let mut course = Course::default();
        assert_eq!(course.resign(&full, Player::Blue), Err(EndError::BoardFull));
        assert_eq!(
            course.end(&opening(), Termination::Normal, Player::Blue),
            Err(EndError::Normal)
        );
        course.resign(&opening(), Player::Blue).unwrap();
        assert_eq!(
            course.end(&opening(), Termination::TimeForfeit, Player::Yellow),
            Err(EndError::Ended(Termination::Resignation))
        );
        assert_eq!(course.ending().unwrap().winner(), Player::Yellow);
        course.clear_ending();
        assert_eq!(course, Course::NONE);
        // The empty board can be resigned.
        assert!(Course::default().resign(&Game::new(), Player::Blue).is_ok());
    }

    #[test]
    fn a_bare_game_is_played_without_a_course() {
        let game = opening();
        let played = Played::from(&game);
        assert!(played.in_progress());
        assert_eq!(played.result(), GameResult::Unfinished);
    }
}
