//! The club's rules, pure: which rating a game counts for (its ruleset and speed),
//! who is listed on a leaderboard, what "abandoned" means, and the values the lobby's
//! standings and profiles show. The store ([`super::store`]) keeps them; the lobby
//! ([`super::standings`]) draws them.
//!
//! Ratings are Glicko-2 with Lichess's parameters ([`crate::rating::Glicko2::CLUB`]).
//! Every number here and its source is in docs/network.md, "Ratings".

use crate::rating::{Glicko2, Rating};
use crate::record::Termination;
use crate::rules::{Player, Ruleset};

/// How a game is played, for its rating: one rating per ruleset and speed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Speed {
    /// At the board, with or without a clock.
    Live,
    /// Days a move.
    Correspondence,
}

impl Speed {
    /// Both speeds, live first.
    pub(crate) const BOTH: [Speed; 2] = [Speed::Live, Speed::Correspondence];

    /// How the store and the commands name it: `live`, `correspondence`.
    pub(crate) fn token(self) -> &'static str {
        match self {
            Speed::Live => "live",
            Speed::Correspondence => "correspondence",
        }
    }

    /// The speed named `token`.
    pub(crate) fn parse(token: &str) -> Option<Speed> {
        Speed::BOTH.into_iter().find(|s| s.token() == token)
    }

    /// The last rated game must be at most this many days old for a leaderboard:
    /// 30 days live; 90 in correspondence, where one game lasts weeks.
    pub(crate) fn active_days(self) -> i64 {
        match self {
            Speed::Live => 30,
            Speed::Correspondence => 90,
        }
    }
}

/// One rating: a ruleset at a speed (the claims rule is a table's rule, not a rating).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Board {
    pub(crate) ruleset: Ruleset,
    pub(crate) speed: Speed,
}

impl Board {
    /// Every rating a player has, in the order profiles list them.
    pub(crate) const ALL: [Board; 4] = [
        Board::new(Ruleset::Standard, Speed::Live),
        Board::new(Ruleset::Corners, Speed::Live),
        Board::new(Ruleset::Standard, Speed::Correspondence),
        Board::new(Ruleset::Corners, Speed::Correspondence),
    ];

    pub(crate) const fn new(ruleset: Ruleset, speed: Speed) -> Board {
        Board { ruleset, speed }
    }

    /// The ruleset's token, as the store keeps it (`standard`, `corners`).
    pub(crate) fn ruleset_token(self) -> String {
        self.ruleset.to_string()
    }

    /// The next board round the list (the leaderboard's `v` and `s` keys).
    pub(crate) fn next_ruleset(self) -> Board {
        let ruleset = match self.ruleset {
            Ruleset::Standard => Ruleset::Corners,
            Ruleset::Corners => Ruleset::Standard,
        };
        Board { ruleset, ..self }
    }

    /// The same ruleset at the other speed.
    pub(crate) fn next_speed(self) -> Board {
        let speed = match self.speed {
            Speed::Live => Speed::Correspondence,
            Speed::Correspondence => Speed::Live,
        };
        Board { speed, ..self }
    }
}

/// The club's rating system: Lichess's parameters.
pub(crate) const SYSTEM: Glicko2 = Glicko2::CLUB;

/// A leaderboard lists a player with at least this many rated games in its rating.
pub(crate) const MIN_GAMES: u32 = 20;

/// ... against at least this many distinct opponents who were established (not
/// provisional) when they played them: a fresh key is free, so each alt key would
/// need its own dozen games first.
pub(crate) const MIN_OPPONENTS: u32 = 5;

/// A player's standing in one rating, as the store keeps it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Standing {
    /// The player's key and name (as last seen in a rated game).
    pub(crate) key: String,
    pub(crate) name: String,
    /// The rating after their last rated game.
    pub(crate) rating: Rating,
    /// Rated games, and their wins, draws and losses.
    pub(crate) games: u32,
    pub(crate) wdl: [u32; 3],
    /// Rated games they abandoned (see [`abandoned_by`]).
    pub(crate) abandoned: u32,
    /// Distinct opponents who were established when played.
    pub(crate) opponents: u32,
    /// When their last rated game ended (wall-clock seconds).
    pub(crate) last: i64,
}

impl Standing {
    /// The rating as of `now` (wall-clock seconds): its deviation widened by the
    /// time since the last rated game.
    pub(crate) fn now(&self, now: i64) -> Rating {
        SYSTEM.aged(self.rating, days_between(self.last, now))
    }

    /// Whether the leaderboard of `speed` lists this standing at `now`: enough rated
    /// games, against enough established opponents, a deviation (widened to today)
    /// of 75 at most, and a rated game recently. A player who left the leaderboard
    /// is not listed either (the store leaves them out).
    pub(crate) fn listed(&self, speed: Speed, now: i64) -> bool {
        self.has_enough_games() && self.now(now).is_ranked() && self.played_within(speed, now)
    }

    /// Whether this standing has the rated games and the established opponents a
    /// leaderboard asks ([`MIN_GAMES`], [`MIN_OPPONENTS`]): part of
    /// [`Standing::listed`], and what an empty board counts ([`super::store::club::nobody_listed`]).
    pub(crate) fn has_enough_games(&self) -> bool {
        self.games >= MIN_GAMES && self.opponents >= MIN_OPPONENTS
    }

    /// Whether this standing's last rated game is within the board's days at `now`
    /// ([`Speed::active_days`]): part of [`Standing::listed`].
    pub(crate) fn played_within(&self, speed: Speed, now: i64) -> bool {
        now - self.last <= speed.active_days() * 86_400
    }
}

/// Days from `then` to `now` (wall-clock seconds), never less than none.
pub(crate) fn days_between(then: i64, now: i64) -> f64 {
    (now - then).max(0) as f64 / 86_400.0
}

/// A rated game's end for its two players, by [`Player::index`]: the ratings
/// before (as of the game's end) and after.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct RatedEnd {
    pub(crate) before: [Rating; 2],
    pub(crate) after: [Rating; 2],
}

impl RatedEnd {
    /// `player`'s change, in whole points (`+12`, `-7`, `+0`).
    pub(crate) fn change(&self, player: Player) -> String {
        let i = player.index();
        let delta = self.after[i].rating.round() as i64 - self.before[i].rating.round() as i64;
        format!("{delta:+}")
    }
}

/// How a game ended that a player was away for and is to be told of
/// ([`EndUntold`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EndHow {
    /// A win claimed (`w`) against them once their link dropped
    /// ([`super::table::Snapshot::claimed`]), `moves` played in the game (the other
    /// player may have moved once after the link dropped).
    Claimed { moves: u32 },
    /// A live game ended as the server started again, the mover's clock having run
    /// out before the stop ([`super::table::Snapshot::at_restart`]): `lost`, theirs
    /// (else the other's, and they won).
    AtRestart { lost: bool },
    /// A correspondence game that ended while they were not at its board: the
    /// other's last move filled it, someone resigned, or a player's time, bank and
    /// vacation days ran out (`how`); `won` theirs (`None`: drawn), `score` their
    /// total then the other's. Told to both players (before s34 nobody was told of a
    /// loss on time; before s35 the winner was not, nor a player in the lobby as the
    /// game ended): each is told once, unless their screen showed its board then.
    /// `too_soon`: played as rated and ended before both players moved
    /// ([`crate::rating::ended_too_soon`]), so not rated (a resignation on the empty
    /// board, a first move never made): said, where a rated game says its rating.
    Corr {
        how: crate::record::Termination,
        won: Option<bool>,
        score: [u32; 2],
        too_soon: bool,
    },
}

/// A game's end that a player was away for and was not told of yet: a win claimed
/// against them, a game ended on time at a restart (both its players), or a
/// correspondence game that ended while they were not at its board (both). Their
/// next look says it once, then the store notes it told
/// ([`super::store::club::write_end_told`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct EndUntold {
    /// The game's number in the history.
    pub(crate) game: i64,
    /// The player's key: whom to tell.
    pub(crate) key: String,
    /// The other player, as shown (the winner of a claimed win).
    pub(crate) other: String,
    /// How it ended.
    pub(crate) how: EndHow,
    /// The player's rating before and after the game, if it was rated.
    pub(crate) rating: Option<RatingWent>,
    /// Whether the player had a session on the server as it ended (in the lobby, or
    /// at another table): told as news, not as `While you were away`. Not kept (the
    /// store's ends read as away).
    pub(crate) here: bool,
}

/// A player's rating over a rated game a note tells of ([`EndUntold`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RatingWent {
    /// Before the game.
    pub(crate) before: RatingBefore,
    /// After it as shown, its `?` from the deviation kept with the game (as a
    /// profile's game lines show it).
    pub(crate) after: crate::rating::Shown,
}

impl RatingWent {
    /// The change in whole points (`-10`), counted as the profile's game lines count
    /// it: the whole rating after less the whole rating before.
    pub(crate) fn delta(&self) -> i64 {
        self.after.whole - self.before.whole()
    }
}

/// A player's rating before a rated game, as a note can say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RatingBefore {
    /// As shown then, its `?` from the deviation as of the game's end (schema 18
    /// keeps it: `finished.blue_deviation_before`): the note says `from 1500? to
    /// 1490? (-10)`.
    Shown(crate::rating::Shown),
    /// Whole points only: a game rated before schema 18 kept no deviation before it,
    /// so its `?` is not known, and the note says the rating after only (`to 1490?
    /// (-10)`).
    Whole(i64),
}

impl RatingBefore {
    /// The rating in whole points.
    pub(crate) fn whole(self) -> i64 {
        match self {
            RatingBefore::Shown(shown) => shown.whole,
            RatingBefore::Whole(whole) => whole,
        }
    }

    /// The rating as shown, if its `?` is known.
    pub(crate) fn shown(self) -> Option<crate::rating::Shown> {
        match self {
            RatingBefore::Shown(shown) => Some(shown),
            RatingBefore::Whole(_) => None,
        }
    }
}

/// Who abandoned a game that ended so, if anyone did: the loser of a game that
/// ended as abandoned (a confirmed `q` at a rated table with the other there, or a
/// win claimed after the grace), and the loser on time of a correspondence game
/// (their whole time, bank and vacation went by without a move). A game adjourned by
/// both never ends so.
pub(crate) fn abandoned_by(
    termination: Termination,
    speed: Speed,
    winner: Option<Player>,
) -> Option<Player> {
    let loser = winner?.other();
    match (termination, speed) {
        (Termination::Abandoned, _) => Some(loser),
        (Termination::TimeForfeit, Speed::Correspondence) => Some(loser),
        _ => None,
    }
}

/// Blue's results in the rated games of one board against what the ratings
/// expected: the colours question (Yellow can always force a draw) asked of the
/// games people played. With no colour term in the expected score, a Blue score
/// steadily above or below its expectation is what a colour term would correct.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Colours {
    /// Rated games counted.
    pub(crate) games: u32,
    /// Blue's wins, draws and losses.
    pub(crate) wdl: [u32; 3],
    /// Blue's mean score (a draw is half), and the mean the ratings expected.
    pub(crate) score: f64,
    pub(crate) expected: f64,
    /// Blue's mean score less its expectation, with its 95% interval (normal, over the
    /// games' differences); `None` below two games.
    pub(crate) excess: Option<(f64, f64, f64)>,
}

/// [`Colours`] from each rated game's Blue score (1, ½ or 0) and Blue's expected
/// score before it.
pub(crate) fn colours(games: &[(f64, f64)]) -> Colours {
    let n = games.len();
    let count = |s: f64| games.iter().filter(|(x, _)| *x == s).count() as u32;
    let mean = |f: &dyn Fn(&(f64, f64)) -> f64| games.iter().map(f).sum::<f64>() / n.max(1) as f64;
    let (score, expected) = (mean(&|g| g.0), mean(&|g| g.1));
    let excess = (n >= 2).then(|| {
        let d = score - expected;
        let var = games.iter().map(|(s, e)| (s - e - d).powi(2)).sum::<f64>() / (n - 1) as f64;
        let half = 1.96 * (var / n as f64).sqrt();
        (d, d - half, d + half)
    });
    Colours {
        games: n as u32,
        wdl: [count(1.0), count(0.5), count(0.0)],
        score,
        expected,
        excess,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blue_s_excess_over_its_expectation_has_an_interval() {
        // Four games at even ratings: two Blue wins, a draw, a loss.
        let c = colours(&[(1.0, 0.5), (1.0, 0.5), (0.5, 0.5), (0.0, 0.5)]);
        assert_eq!(c.games, 4);
        assert_eq!(c.wdl, [2, 1, 1]);
        assert!((c.score - 0.625).abs() < 1e-12 && (c.expected - 0.5).abs() < 1e-12);
        let (d, low, high) = c.excess.unwrap();
        // Differences 0.5, 0.5, 0, -0.5: mean 0.125, sample sd 0.4787, half-width
        // 1.96 * 0.4787 / 2 = 0.4691.
        assert!((d - 0.125).abs() < 1e-12);
        assert!(
            (low + 0.3441).abs() < 1e-4 && (high - 0.5941).abs() < 1e-4,
            "{low} {high}"
        );
        assert_eq!(colours(&[(1.0, 0.7)]).excess, None);
        assert_eq!(colours(&[]).games, 0);
    }

    fn standing(games: u32, opponents: u32, deviation: f64, days_ago: i64) -> Standing {
        Standing {
            key: "k".into(),
            name: "ann".into(),
            rating: Rating {
                rating: 1700.0,
                deviation,
                volatility: 0.06,
            },
            games,
            wdl: [games, 0, 0],
            abandoned: 0,
            opponents,
            last: 1_000_000_000 - days_ago * 86_400,
        }
    }

    #[test]
    fn the_leaderboard_asks_games_opponents_a_sure_rating_and_recent_play() {
        let now = 1_000_000_000;
        let live = Speed::Live;
        assert!(standing(20, 5, 60.0, 1).listed(live, now));
        assert!(!standing(19, 5, 60.0, 1).listed(live, now), "games");
        assert!(!standing(40, 4, 60.0, 1).listed(live, now), "opponents");
        assert!(!standing(40, 9, 76.0, 0).listed(live, now), "deviation");
        assert!(!standing(40, 9, 60.0, 31).listed(live, now), "inactive");
        assert!(standing(40, 9, 60.0, 31).listed(Speed::Correspondence, now));
        // Time away widens the deviation: 74 today is over 75 after 20 days.
        assert!(standing(40, 9, 74.0, 0).listed(live, now));
        assert!(!standing(40, 9, 74.0, 20).listed(live, now), "aged past 75");
    }

    #[test]
    fn abandoned_is_a_claimed_or_quit_game_or_a_correspondence_loss_on_time() {
        use Termination::*;
        let blue = Some(Player::Blue);
        assert_eq!(
            abandoned_by(Abandoned, Speed::Live, blue),
            Some(Player::Yellow)
        );
        assert_eq!(
            abandoned_by(TimeForfeit, Speed::Correspondence, blue),
            Some(Player::Yellow)
        );
        assert_eq!(abandoned_by(TimeForfeit, Speed::Live, blue), None);
        assert_eq!(abandoned_by(Resignation, Speed::Correspondence, blue), None);
        assert_eq!(abandoned_by(Normal, Speed::Live, None), None);
    }

    #[test]
    fn boards_go_round_and_changes_are_signed() {
        let board = Board::new(Ruleset::Standard, Speed::Live);
        assert_eq!(board.next_ruleset().ruleset, Ruleset::Corners);
        assert_eq!(board.next_speed().speed, Speed::Correspondence);
        assert_eq!(Speed::parse("correspondence"), Some(Speed::Correspondence));
        let r = |rating| Rating {
            rating,
            deviation: 100.0,
            volatility: 0.09,
        };
        let end = RatedEnd {
            before: [r(1500.4), r(1500.0)],
            after: [r(1512.2), r(1499.6)],
        };
        assert_eq!(end.change(Player::Blue), "+12");
        assert_eq!(end.change(Player::Yellow), "+0");
    }
}
