//! Who may come in, and how many may wait to log in. A connection is *pending* from
//! the moment it is accepted until it authenticates, and a *session* after that; the
//! two are counted apart, each with its own caps, as OpenSSH counts `MaxStartups`
//! apart from its sessions:
//!
//! - **the rate of new connections** from one address: a token bucket per address
//!   (wish's rate-limiter middleware), checked before anything else;
//! - **pending connections**, with OpenSSH's `MaxStartups start:rate:full`: above
//!   `start`, a new connection from an address that already has one pending is refused
//!   with a probability of `rate`%, rising linearly to 100% at `full` (random early
//!   drop). One from an address with none pending is never dropped so: at `full` it
//!   takes the place of a pending connection (`Counts::victim`: one that has not
//!   asked to authenticate, from the address with the most, the oldest).
//!   So a stranger holding many sockets open from a few addresses can't keep out a
//!   player from another address; before authentication the two can't be told apart,
//!   so this is a likelihood, not a promise;
//! - **pending connections per address** (OpenSSH's `PerSourceMaxStartups`): at the
//!   cap, a new one takes the place of one of the address's pending connections (a
//!   stale one, most likely), so nobody behind the stranger's address is locked out
//!   for long;
//! - **sessions**, in all and per address, checked when a connection authenticates.
//!
//! "An address" is a source as [`counted_as`] gives it: an IPv4 address, or an IPv6
//! address's /64 network (one host's, which holds 2^64 addresses).
//!
//! The login grace time (OpenSSH's `LoginGraceTime`) is enforced by the connection's
//! own task (`handler`), through its [`Door`]. Nothing here does I/O: the lock is held
//! for counting only.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::door::Door;
#[cfg(test)]
use super::door::Stage;
use super::rate::Bucket;

/// OpenSSH's `MaxStartups start:rate:full`: the random early drop of pending connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Startups {
    /// Pending connections at which the early drop starts.
    pub start: usize,
    /// The drop's probability at `start`, in percent.
    pub rate: u8,
    /// Pending connections at which every new one from a busy address is refused.
    pub full: usize,
}

/// The most players at once `--max-sessions` and `--max-per-address` take: each
/// session is a thread of its own and a socket, and some 350 KiB of memory measured
/// at 500 sessions (docs/network.md, "Load"): 10,000 are about 3.4 GiB, five times the
/// most `examples/serve_load.rs` opens (2,000). Until s38 any number to 2^64 - 1 was
/// taken.
pub const MAX_SESSIONS: usize = 10_000;

/// The most connections waiting to log in that `--max-startups` (START and FULL) and
/// `--max-startups-per-address` take, and the most new connections one address may
/// open at once or a minute (`--connect-burst`, `--connect-per-minute`) and new names
/// it may bind an hour (`--new-names-per-hour`): as many as the players there can be
/// ([`MAX_SESSIONS`]). Each waiting connection holds a socket and a task until the
/// login grace; a FULL past 2^32 made the early drop's chance divide by zero.
pub const MAX_STARTUPS: usize = MAX_SESSIONS;

/// [`MAX_STARTUPS`] as the rates' type.
pub const MAX_RATE_OPTION: u32 = MAX_STARTUPS as u32;

/// The default: OpenSSH's 10 and 30%, and a `full` of 32, half the default cap on sessions.
pub const DEFAULT_STARTUPS: Startups = Startups {
    start: 10,
    rate: 30,
    full: 32,
};

/// Why a `START:RATE:FULL` could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartupsError {
    /// Not three numbers (or one) separated by colons.
    #[error("expected START:RATE:FULL (like 10:30:32) or one number")]
    Shape,
    /// The rate is a percentage.
    #[error("RATE is a percentage, 1 to 100")]
    Rate,
    /// `full` must be at least `start`, and both at least 1.
    #[error("START and FULL must be at least 1, and START at most FULL")]
    Order,
    /// Past [`MAX_STARTUPS`].
    #[error("START and FULL at most {MAX_STARTUPS} (as many as the players there can be)")]
    Full,
}

impl FromStr for Startups {
    type Err = StartupsError;

    /// `10:30:32`, or one number `N` (as OpenSSH: `N:100:N`, every connection past N
    /// from a busy address refused).
    fn from_str(text: &str) -> Result<Startups, StartupsError> {
        let numbers: Vec<&str> = text.trim().split(':').collect();
        let number = |s: &str| s.trim().parse::<usize>().map_err(|_| StartupsError::Shape);
        let startups = match numbers[..] {
            [full] => {
                let full = number(full)?;
                Startups {
                    start: full,
                    rate: 100,
                    full,
                }
            }
            [start, rate, full] => Startups {
                start: number(start)?,
                rate: rate
                    .trim()
                    .parse::<u8>()
                    .ok()
                    .filter(|r| (1..=100).contains(r))
                    .ok_or(StartupsError::Rate)?,
                full: number(full)?,
            },
            _ => return Err(StartupsError::Shape),
        };
        if startups.start == 0 || startups.start > startups.full {
            return Err(StartupsError::Order);
        }
        if startups.full > MAX_STARTUPS {
            return Err(StartupsError::Full);
        }
        Ok(startups)
    }
}

impl fmt::Display for Startups {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.start, self.rate, self.full)
    }
}

impl Startups {
    /// The chance, in percent, that a new connection from an address with some pending
    /// is refused while `pending` connections wait to log in.
    fn drop_percent(&self, pending: usize) -> u32 {
        if pending < self.start {
            return 0;
        }
        if pending >= self.full {
            return 100;
        }
        let rate = u32::from(self.rate);
        let span = (self.full - self.start) as u32;
        rate + (100 - rate) * (pending - self.start) as u32 / span
    }
}

/// The gate's caps.
#[derive(Debug, Clone)]
pub(crate) struct GateOptions {
    pub(crate) startups: Startups,
    pub(crate) startups_per_address: usize,
    /// New connections one address may open at once, and per minute after that.
    pub(crate) connect_burst: u32,
    pub(crate) connect_per_minute: u32,
    pub(crate) max_sessions: usize,
    pub(crate) max_per_address: usize,
}

/// Why a connection was turned away at the door, before the SSH version exchange.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Its address opened new connections faster than the rate allows.
    TooFast,
    /// Too many connections wait to log in (the random early drop).
    Busy,
}

/// Why an authenticated connection gets no session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Full {
    /// `--max-sessions` players are in.
    Server(usize),
    /// `--max-per-address` players are in from this address.
    Address(usize),
}

/// One address's counts.
#[derive(Debug)]
struct Address {
    pending: usize,
    sessions: usize,
    /// New connections: refilled at the connect rate.
    bucket: Bucket,
    /// Refusals not logged yet, and when the last one was logged.
    unlogged: u64,
    logged: Option<Instant>,
}

/// A pending connection, by its number (older ones first).
#[derive(Debug)]
struct Waiting {
    address: IpAddr,
    door: Arc<Door>,
}

#[derive(Debug, Default)]
struct Counts {
    pending: BTreeMap<u64, Waiting>,
    next: u64,
    sessions: usize,
    addresses: HashMap<IpAddr, Address>,
}

/// How long after a logged refusal from an address the next ones are only counted.
pub(crate) const QUIET: Duration = Duration::from_secs(10);

/// The addresses kept in mind at most; past it, idle ones are forgotten first.
const MAX_ADDRESSES: usize = 16 * 1024;

/// The door's counts, shared by the accept loop and every connection; cloning shares them.
#[derive(Debug, Clone)]
pub(crate) struct Gate {
    counts: Arc<Mutex<Counts>>,
    options: Arc<GateOptions>,
}

/// A connection let in, and the one that lost its place to it, if any.
#[derive(Debug)]
pub(crate) struct Admitted {
    pub(crate) pending: Pending,
    pub(crate) evicted: Option<Arc<Door>>,
}

/// A refusal at the door, and whether to log it now (else it is counted, and the
/// count logged by [`Gate::unlogged`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Refused {
    pub(crate) why: Refusal,
    pub(crate) log: bool,
}

/// A connection counted as pending until it is dropped or seated.
#[derive(Debug)]
pub(crate) struct Pending {
    gate: Gate,
    id: u64,
    address: IpAddr,
    door: Arc<Door>,
}

/// A session's place under the caps, given back when dropped.
#[derive(Debug)]
pub(crate) struct Seat {
    gate: Gate,
    address: IpAddr,
    /// The connection's number and door while it was pending, for
    /// [`Seat::pending_again`].
    id: u64,
    door: Arc<Door>,
}

/// An IPv4 address seen as IPv6 counts as the IPv4 address.
pub(crate) fn plain(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    }
}

/// The prefix length an IPv6 source is counted by: one /64 is one subscriber's
/// network (RFC 6177 gives a site a /48 to /64, and SLAAC needs a whole /64), so a
/// host that has one has 2^64 addresses to pick from at no cost.
pub(crate) const IPV6_PREFIX: u8 = 64;

/// The source `address` is counted as by every per-address limit (the door's rate and
/// pending caps, players at once, new names, the tables an address may open): an IPv4
/// address (seen as IPv6 too) as itself, an IPv6 address as its /64 network
/// ([`IPV6_PREFIX`]), the host bits zero: OpenSSH's `PerSourceNetBlockSize 32:64`
/// groups sources so (its default, `32:128`, counts each IPv6 address apart). Before
/// (s23), each IPv6 address counted apart here too, so one /64 held 2^64 budgets.
pub(crate) fn counted_as(address: IpAddr) -> IpAddr {
    match plain(address) {
        IpAddr::V6(v6) => {
            let mask = u128::MAX << (128 - u32::from(IPV6_PREFIX));
            IpAddr::V6(std::net::Ipv6Addr::from_bits(v6.to_bits() & mask))
        }
        v4 => v4,
    }
}

/// A source as the log names it: an IPv4 address, or an IPv6 /64 with its prefix
/// length (`2001:db8:1:2::/64`), which is what was counted ([`counted_as`]).
pub(crate) fn shown(counted: IpAddr) -> String {
    match counted {
        IpAddr::V6(v6) => format!("{v6}/{IPV6_PREFIX}"),
        v4 => v4.to_string(),
    }
}

impl Gate {
    pub(crate) fn new(options: GateOptions) -> Gate {
        Gate {
            counts: Arc::default(),
            options: Arc::new(options),
        }
    }

    fn counts(&self) -> MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A new connection from `address` at `now`; `roll` is a random number below 100
    /// for the early drop. Either it is pending (perhaps in another's place: that
    /// one's door is returned, to be closed), or it is refused.
    pub(crate) fn admit(
        &self,
        address: IpAddr,
        now: Instant,
        roll: u32,
    ) -> Result<Admitted, Refused> {
        let address = counted_as(address);
        let o = &self.options;
        let mut counts = self.counts();
        if counts.addresses.len() >= MAX_ADDRESSES && !counts.addresses.contains_key(&address) {
            counts.forget_idle(now);
        }
        if counts.addresses.len() >= MAX_ADDRESSES && !counts.addresses.contains_key(&address) {
            // Every address kept is busy: a new one is turned away, and not kept.
            return Err(Refused {
                why: Refusal::Busy,
                log: false,
            });
        }
        let waiting = counts.pending.len();
        let entry = counts.addresses.entry(address).or_insert_with(|| Address {
            pending: 0,
            sessions: 0,
            bucket: Bucket::per_minute(o.connect_burst, o.connect_per_minute, now),
            unlogged: 0,
            logged: None,
        });
        let why = if entry.bucket.take(1, now) == 0 {
            Some(Refusal::TooFast)
        } else if entry.pending > 0 && roll < o.startups.drop_percent(waiting) {
            Some(Refusal::Busy)
        } else {
            None
        };
        if let Some(why) = why {
            let log = entry
                .logged
                .is_none_or(|t| now.saturating_duration_since(t) >= QUIET);
            if log {
                entry.logged = Some(now);
            } else {
                entry.unlogged += 1;
            }
            return Err(Refused { why, log });
        }
        let crowded = entry.pending >= o.startups_per_address;
        let victim = if crowded {
            counts.victim(Some(address))
        } else if waiting >= o.startups.full {
            counts.victim(None)
        } else {
            None
        };
        let evicted = victim.and_then(|id| counts.unpend(id)).map(|w| w.door);
        let id = counts.next;
        counts.next += 1;
        let door = Arc::new(Door::default());
        counts.pending.insert(
            id,
            Waiting {
                address,
                door: door.clone(),
            },
        );
        if let Some(entry) = counts.addresses.get_mut(&address) {
            entry.pending += 1;
        }
        Ok(Admitted {
            pending: Pending {
                gate: self.clone(),
                id,
                address,
                door,
            },
            evicted,
        })
    }

    /// The refusals counted but not logged so far, per address (each counted once), to
    /// be logged now, one line an address: called every [`QUIET`]. Idle addresses are
    /// forgotten meanwhile.
    pub(crate) fn unlogged(&self, now: Instant) -> Vec<(IpAddr, u64)> {
        let mut counts = self.counts();
        let mut out = Vec::new();
        for (address, entry) in &mut counts.addresses {
            if entry.unlogged > 0 {
                out.push((*address, std::mem::take(&mut entry.unlogged)));
                entry.logged = Some(now);
            }
        }
        counts.forget_idle(now);
        out.sort();
        out
    }

    /// How many connections are pending and seated now.
    #[cfg(test)]
    fn now_counted(&self) -> (usize, usize) {
        let counts = self.counts();
        (counts.pending.len(), counts.sessions)
    }
}

impl Counts {
    /// The pending connection (from `address`, or from any) that gives its place to a
    /// newer one: the one that got least far in logging in (a socket that said
    /// nothing before one that finished the key exchange, and that before one that
    /// asked to authenticate: a player's client asks within milliseconds, a stranger's
    /// held socket never), then one from the address with the most pending, then the
    /// oldest.
    fn victim(&self, address: Option<IpAddr>) -> Option<u64> {
        self.pending
            .iter()
            .filter(|(_, w)| address.is_none_or(|a| w.address == a))
            .min_by_key(|(id, w)| {
                let crowd = self.addresses.get(&w.address).map_or(0, |a| a.pending);
                (w.door.stage(), std::cmp::Reverse(crowd), **id)
            })
            .map(|(id, _)| *id)
    }

    /// Takes connection `id` off the pending list, if it is still there.
    fn unpend(&mut self, id: u64) -> Option<Waiting> {
        let waiting = self.pending.remove(&id)?;
        if let Some(entry) = self.addresses.get_mut(&waiting.address) {
            entry.pending = entry.pending.saturating_sub(1);
        }
        Some(waiting)
    }

    /// Forgets addresses with nothing counted: no connection, a full bucket, no
    /// refusal waiting to be logged.
    fn forget_idle(&mut self, now: Instant) {
        self.addresses.retain(|_, a| {
            a.pending > 0 || a.sessions > 0 || a.unlogged > 0 || !a.bucket.is_full(now)
        });
    }
}

impl Pending {
    /// The connection's door (to close it from elsewhere).
    pub(crate) fn door(&self) -> Arc<Door> {
        self.door.clone()
    }

    /// A session's place for this connection, now that it authenticated: it is no
    /// longer pending. Refused (and still pending) when the sessions' caps are reached.
    pub(crate) fn seat(self) -> Result<Seat, (Pending, Full)> {
        let o = self.gate.options.clone();
        let mut counts = self.gate.counts();
        let here = counts
            .addresses
            .get(&self.address)
            .map_or(0, |a| a.sessions);
        if counts.sessions >= o.max_sessions {
            drop(counts);
            return Err((self, Full::Server(o.max_sessions)));
        }
        if here >= o.max_per_address {
            drop(counts);
            return Err((self, Full::Address(o.max_per_address)));
        }
        counts.unpend(self.id);
        counts.sessions += 1;
        if let Some(entry) = counts.addresses.get_mut(&self.address) {
            entry.sessions += 1;
        }
        drop(counts);
        let seat = Seat {
            gate: self.gate.clone(),
            address: self.address,
            id: self.id,
            door: self.door.clone(),
        };
        // Already taken off the list: dropping it finds nothing to give back.
        drop(self);
        Ok(seat)
    }
}

impl Seat {
    /// The place given back and the connection pending again, with its number (its
    /// age among the pending) and door: its login was refused after the seat was
    /// taken (a name not granted), and it may try again.
    pub(crate) fn pending_again(self) -> Pending {
        let pending = Pending {
            gate: self.gate.clone(),
            id: self.id,
            address: self.address,
            door: self.door.clone(),
        };
        let mut counts = self.gate.counts();
        counts.pending.insert(
            self.id,
            Waiting {
                address: self.address,
                door: self.door.clone(),
            },
        );
        if let Some(entry) = counts.addresses.get_mut(&self.address) {
            entry.pending += 1;
        }
        drop(counts);
        // Its drop gives the session's place back.
        drop(self);
        pending
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        self.gate.counts().unpend(self.id);
    }
}

impl Drop for Seat {
    fn drop(&mut self) {
        let mut counts = self.gate.counts();
        counts.sessions = counts.sessions.saturating_sub(1);
        if let Some(entry) = counts.addresses.get_mut(&self.address) {
            entry.sessions = entry.sessions.saturating_sub(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::net::Ipv4Addr;

    use super::*;

    fn gate(startups: &str, per_address: usize) -> Gate {
        Gate::new(GateOptions {
            startups: startups.parse().unwrap(),
            startups_per_address: per_address,
            connect_burst: 1000,
            connect_per_minute: 60,
            max_sessions: 3,
            max_per_address: 2,
        })
    }

    fn ip(n: u8) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(127, 0, 0, n))
    }

    #[test]
    fn startups_read_as_openssh_writes_them() {
        assert_eq!(
            "10:30:100".parse(),
            Ok(Startups {
                start: 10,
                rate: 30,
                full: 100
            })
        );
        assert_eq!(
            "20".parse(),
            Ok(Startups {
                start: 20,
                rate: 100,
                full: 20
            })
        );
        assert_eq!(DEFAULT_STARTUPS.to_string().parse(), Ok(DEFAULT_STARTUPS));
        for (bad, error) in [
            ("10:30", StartupsError::Shape),
            ("a:30:40", StartupsError::Shape),
            ("10:0:40", StartupsError::Rate),
            ("10:101:40", StartupsError::Rate),
            ("50:30:40", StartupsError::Order),
            ("0", StartupsError::Order),
        ] {
            assert_eq!(bad.parse::<Startups>(), Err(error), "{bad}");
        }
    }

    /// Brief s38 (srv44): FULL took any number; past 2^32 the early drop's span
    /// (`full - start` as a u32) was 0, and the first connection past START divided
    /// by it. START and FULL are capped at [`MAX_STARTUPS`], and the cap is taken.
    #[test]
    fn startups_past_the_cap_are_refused() {
        let past_u32 = format!("10:30:{}", (1u64 << 32) + 10);
        for bad in [past_u32.as_str(), "10:30:10001", "10001"] {
            assert_eq!(bad.parse::<Startups>(), Err(StartupsError::Full), "{bad}");
        }
        let top: Startups = "10:30:10000".parse().unwrap();
        assert_eq!(top.full, MAX_STARTUPS);
        assert_eq!(top.drop_percent(MAX_STARTUPS - 1), 99);
    }

    #[test]
    fn the_early_drop_rises_from_rate_to_all() {
        let s = Startups {
            start: 10,
            rate: 30,
            full: 20,
        };
        assert_eq!(s.drop_percent(9), 0);
        assert_eq!(s.drop_percent(10), 30);
        assert_eq!(s.drop_percent(15), 65);
        assert_eq!(s.drop_percent(19), 93);
        assert_eq!(s.drop_percent(20), 100);
        assert_eq!(s.drop_percent(500), 100);
    }

    #[test]
    fn a_busy_address_is_dropped_early_a_new_one_never() {
        let gate = gate("2:50:10", 100);
        let now = Instant::now();
        let mut held: Vec<Admitted> = (0..2).map(|_| gate.admit(ip(2), now, 0).unwrap()).collect();
        // Two pending: at `start`, the busy address meets the drop (a roll under 50%).
        assert_eq!(
            gate.admit(ip(2), now, 49).unwrap_err(),
            Refused {
                why: Refusal::Busy,
                log: true
            }
        );
        held.push(gate.admit(ip(2), now, 50).unwrap());
        // An address with nothing pending is let in whatever the roll.
        held.push(gate.admit(ip(3), now, 0).unwrap());
        assert_eq!(gate.now_counted(), (4, 0));
        // A second refusal soon after is counted, not logged: the count is logged at
        // the next tick, and the next refusal waits a quiet time again.
        assert!(!gate.admit(ip(2), now, 0).unwrap_err().log);
        assert_eq!(gate.unlogged(now), [(ip(2), 1)]);
        assert_eq!(gate.unlogged(now), []);
        assert!(!gate.admit(ip(2), now + QUIET / 2, 0).unwrap_err().log);
        assert!(gate.admit(ip(2), now + QUIET, 0).unwrap_err().log);
        assert_eq!(gate.unlogged(now + QUIET), [(ip(2), 1)]);
    }

    #[test]
    fn at_full_a_new_address_takes_the_place_of_the_busiest_oldest() {
        let gate = gate("2:30:4", 100);
        let now = Instant::now();
        let first = gate.admit(ip(2), now, 99).unwrap();
        let _second = gate.admit(ip(2), now, 99).unwrap();
        let _third = gate.admit(ip(2), now, 99).unwrap();
        let _other = gate.admit(ip(3), now, 99).unwrap();
        assert_eq!(gate.now_counted(), (4, 0));
        // Full: the busy address is refused whatever the roll...
        assert_eq!(gate.admit(ip(2), now, 99).unwrap_err().why, Refusal::Busy);
        // ...and a new address gets in, in the place of 127.0.0.2's oldest.
        let player = gate.admit(ip(9), now, 0).unwrap();
        let evicted = player.evicted.expect("someone made room");
        assert!(Arc::ptr_eq(&evicted, &first.pending.door()));
        assert_eq!(gate.now_counted(), (4, 0));
        // The evicted connection's ticket, dropped later, gives back nothing twice.
        drop(first);
        assert_eq!(gate.now_counted(), (4, 0));
    }

    #[test]
    fn a_seat_given_back_pends_again_and_is_counted_once() {
        let gate = gate("10:30:20", 100);
        let now = Instant::now();
        let pending = gate.admit(ip(2), now, 0).unwrap().pending;
        let seat = pending.seat().unwrap();
        assert_eq!(gate.now_counted(), (0, 1));
        let pending = seat.pending_again();
        assert_eq!(gate.now_counted(), (1, 0));
        let seat = pending.seat().unwrap();
        assert_eq!(gate.now_counted(), (0, 1));
        drop(seat);
        assert_eq!(gate.now_counted(), (0, 0));
    }

    #[test]
    fn a_connection_that_asked_to_log_in_keeps_its_place_over_silent_ones() {
        let gate = gate("2:30:3", 100);
        let now = Instant::now();
        let asking = gate.admit(ip(9), now, 0).unwrap();
        asking.pending.door().advance(Stage::Asked);
        let talking = gate.admit(ip(8), now, 0).unwrap();
        talking.pending.door().advance(Stage::Talking);
        let silent = gate.admit(ip(2), now, 0).unwrap();
        // Full: the newcomer takes the silent socket's place, though it is the newest
        // and its address is no busier; then the one past the key exchange's.
        let first = gate.admit(ip(3), now, 0).unwrap();
        assert!(Arc::ptr_eq(&first.evicted.unwrap(), &silent.pending.door()));
        first.pending.door().advance(Stage::Asked);
        let second = gate.admit(ip(4), now, 0).unwrap();
        assert!(Arc::ptr_eq(
            &second.evicted.unwrap(),
            &talking.pending.door()
        ));
    }

    /// Brief s23 ("addresses are cheap"): each IPv6 address had a bucket and caps of
    /// its own, so a host with a /64 came back with a fresh one at every connection.
    /// An IPv6 source is its /64 now, an IPv4 address seen as IPv6 the IPv4 address.
    #[test]
    fn an_ipv6_source_is_counted_as_its_64() {
        let v6 = |s: &str| s.parse::<IpAddr>().unwrap();
        assert_eq!(
            counted_as(v6("2001:db8:1:2:aaaa:bbbb:cccc:1")),
            v6("2001:db8:1:2::")
        );
        assert_eq!(counted_as(v6("2001:db8:1:2::")), v6("2001:db8:1:2::"));
        assert_eq!(counted_as(v6("::ffff:192.0.2.7")), v6("192.0.2.7"));
        assert_eq!(counted_as(v6("192.0.2.7")), v6("192.0.2.7"));
        assert_eq!(counted_as(v6("::1")), v6("::"));
        assert_eq!(
            shown(counted_as(v6("2001:db8:1:2::9"))),
            "2001:db8:1:2::/64"
        );
        assert_eq!(shown(v6("192.0.2.7")), "192.0.2.7");
        // The rate: a burst of 3 taken from three addresses of one /64, a fourth
        // from a fourth is too fast; the next /64 has its own bucket.
        let gate = Gate::new(GateOptions {
            startups: "100".parse().unwrap(),
            startups_per_address: 2,
            connect_burst: 3,
            connect_per_minute: 30,
            max_sessions: 10,
            max_per_address: 1,
        });
        let now = Instant::now();
        let mut kept = Vec::new();
        for host in [":1", ":2", "ffff:ffff:ffff:ffff"] {
            kept.push(
                gate.admit(v6(&format!("2001:db8:1:2:{host}")), now, 99)
                    .unwrap(),
            );
        }
        let fourth = gate.admit(v6("2001:db8:1:2:4::4"), now, 99);
        assert_eq!(fourth.unwrap_err().why, Refusal::TooFast);
        // Pending per address (2): the third of the /64 took the first one's place.
        assert!(Arc::ptr_eq(
            kept[2].evicted.as_ref().unwrap(),
            &kept[0].pending.door()
        ));
        // Players per address (1): a second from the /64 is one too many.
        let Admitted { pending, .. } = kept.pop().unwrap();
        let _seat = pending.seat().unwrap();
        let second = kept.pop().unwrap().pending.seat();
        assert!(matches!(second, Err((_, Full::Address(1)))));
        let next = gate.admit(v6("2001:db8:1:3::1"), now, 99).unwrap();
        assert!(
            next.pending.seat().is_ok(),
            "the next /64 is another source"
        );
    }

    #[test]
    fn an_address_at_its_cap_replaces_its_own_oldest() {
        let gate = gate("100", 2);
        let now = Instant::now();
        let a = gate.admit(ip(2), now, 0).unwrap();
        let b = gate.admit(ip(2), now, 0).unwrap();
        let c = gate.admit(ip(2), now, 0).unwrap();
        assert!(Arc::ptr_eq(&c.evicted.unwrap(), &a.pending.door()));
        assert!(b.evicted.is_none());
        assert_eq!(gate.now_counted(), (2, 0));
    }

    #[test]
    fn sessions_are_counted_apart_from_pending_connections() {
        let gate = gate("2:30:4", 100);
        let now = Instant::now();
        let mut seats = Vec::new();
        for n in [2, 2, 3] {
            let pending = gate.admit(ip(n), now, 0).unwrap().pending;
            seats.push(pending.seat().unwrap());
        }
        assert_eq!(gate.now_counted(), (0, 3));
        // Sessions leave the pending room free: four more may wait to log in.
        let waiting: Vec<_> = (4..8).map(|n| gate.admit(ip(n), now, 0).unwrap()).collect();
        assert!(waiting.iter().all(|w| w.evicted.is_none()));
        // The server is full: the fourth player stays pending, told why.
        let (pending, full) = waiting
            .into_iter()
            .next()
            .unwrap()
            .pending
            .seat()
            .unwrap_err();
        assert_eq!(full, Full::Server(3));
        drop(seats.pop());
        // Two from 127.0.0.2 already: that address is full, another is not.
        let from_2 = gate.admit(ip(2), now, 0).unwrap().pending;
        assert_eq!(from_2.seat().unwrap_err().1, Full::Address(2));
        let _seat = pending.seat().unwrap();
        assert_eq!(gate.now_counted().1, 3);
    }

    #[test]
    fn new_connections_are_rate_limited_per_address() {
        let gate = Gate::new(GateOptions {
            startups: DEFAULT_STARTUPS,
            startups_per_address: 100,
            connect_burst: 3,
            connect_per_minute: 30,
            max_sessions: 10,
            max_per_address: 10,
        });
        let now = Instant::now();
        for _ in 0..3 {
            drop(gate.admit(ip(2), now, 99).unwrap());
        }
        assert_eq!(
            gate.admit(ip(2), now, 99).unwrap_err().why,
            Refusal::TooFast
        );
        // Another address has its own bucket; two seconds give one more (30 a minute).
        drop(gate.admit(ip(3), now, 99).unwrap());
        assert!(gate.admit(ip(2), now + Duration::from_secs(2), 99).is_ok());
        // An IPv4 address seen as IPv6 shares the IPv4 address's bucket.
        let mapped = IpAddr::V6(Ipv4Addr::new(127, 0, 0, 2).to_ipv6_mapped());
        let later = now + Duration::from_secs(2);
        assert_eq!(
            gate.admit(mapped, later, 99).unwrap_err().why,
            Refusal::TooFast
        );
        // Idle addresses are forgotten once their buckets are full again.
        gate.unlogged(now + Duration::from_secs(60));
        assert!(gate.counts().addresses.is_empty());
    }
}
