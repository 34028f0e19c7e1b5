//! Clocks in records: the `TimeControl` tag (`300+3`: seconds each, plus seconds a
//! move) and the time a player had left after each move, as PGN writes it in a
//! comment: `{[%clk 0:04:31]}`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The longest starting time: a day.
const MAX_BASE: Duration = Duration::from_secs(24 * 3600);
/// The largest increment: an hour a move.
const MAX_INCREMENT: Duration = Duration::from_secs(3600);

/// A time control: each player starts with `base` and gains `increment` after each
/// of their moves (Fischer). Written `300+3` in records; `--clock 5+3` counts the
/// starting time in minutes ([`TimeControl::from_minutes`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeControl {
    base: Duration,
    increment: Duration,
}

/// A time control that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// Not `A+B` with two numbers.
    #[error("expected {form}, found {}", super::quote::quote(.text))]
    Form {
        /// What was written.
        text: String,
        /// The expected form, with an example.
        form: &'static str,
    },
    /// No starting time.
    #[error("the starting time must be more than 0")]
    NoTime,
    /// More than a day to start with, or more than an hour a move.
    #[error("a clock starts with at most 24 hours and adds at most 1 hour a move")]
    TooLong,
}

impl TimeControl {
    /// `base` each, plus `increment` a move. Errors for no starting time, or more than
    /// a day (an hour a move). Times are kept to the millisecond.
    pub fn new(base: Duration, increment: Duration) -> Result<TimeControl, TimeControlError> {
        let millis =
            |d: Duration| Duration::from_millis(d.as_millis().min(u128::from(u64::MAX)) as u64);
        let (base, increment) = (millis(base), millis(increment));
        if base.is_zero() {
            return Err(TimeControlError::NoTime);
        }
        if base > MAX_BASE || increment > MAX_INCREMENT {
            return Err(TimeControlError::TooLong);
        }
        Ok(TimeControl { base, increment })
    }

    /// The time each player starts with.
    pub fn base(self) -> Duration {
        self.base
    }

    /// The time added after each move.
    pub fn increment(self) -> Duration {
        self.increment
    }

    /// Reads the command line's form, `MINUTES+SECONDS`: `5+3` is 5 minutes each
    /// plus 3 seconds a move; `0.5+0` is 30 seconds, no increment.
    pub fn from_minutes(text: &str) -> Result<TimeControl, TimeControlError> {
        const FORM: &str = "MINUTES+SECONDS, like `5+3` (5 minutes each, 3 seconds a move)";
        let (base, increment) = split(text, FORM)?;
        TimeControl::new(base * 60, increment)
    }
}

impl TimeControl {
    /// The command line's form: `5+3` (minutes, then seconds a move), as `--clock` takes it.
    pub fn minutes_text(self) -> String {
        let base = self.base.as_millis();
        let increment = Seconds(self.increment);
        if base.is_multiple_of(60_000) {
            format!("{}+{increment}", base / 60_000)
        } else {
            // Minutes to the millisecond would need more than three decimals: seconds.
            format!("{}s+{increment}", Seconds(self.base))
        }
    }
}

/// Seconds as tags write them, for `format!`.
struct Seconds(Duration);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_seconds(f, self.0)
    }
}

/// `A+B` as two durations in seconds (decimals allowed, to the millisecond).
fn split(text: &str, form: &'static str) -> Result<(Duration, Duration), TimeControlError> {
    let error = || TimeControlError::Form {
        text: text.to_owned(),
        form,
    };
    let (a, b) = text.trim().split_once('+').ok_or_else(error)?;
    let a = seconds(a).ok_or_else(error)?;
    let b = seconds(b).ok_or_else(error)?;
    Ok((a, b))
}

/// The most a number in a time control is kept as: a million (seconds, or minutes),
/// past every limit ([`MAX_BASE`], [`MAX_INCREMENT`]), so that a larger one is refused
/// as too long, and small enough that minutes times 60 cannot overflow.
const PAST_EVERY_LIMIT: u64 = 1_000_000;

/// A number of seconds: digits, with at most three decimals. One of more than six
/// digits (leading zeros aside) is kept as [`PAST_EVERY_LIMIT`]: QA (cli25), `--clock
/// 9999999+0` was told `expected MINUTES+SECONDS`, which it is, where `2000+0` is told
/// the limits.
fn seconds(text: &str) -> Option<Duration> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || frac.len() > 3 || !digits(whole) || !digits(frac) {
        return None;
    }
    if text.ends_with('.') {
        return None;
    }
    if whole.trim_start_matches('0').len() > 6 {
        return Some(Duration::from_secs(PAST_EVERY_LIMIT));
    }
    let whole: u64 = whole.parse().ok()?;
    let millis: u64 = format!("{frac:0<3}").parse().ok()?;
    Some(Duration::from_secs(whole) + Duration::from_millis(millis))
}

/// Seconds as written in a tag: `300`, or `2.5`.
fn write_seconds(f: &mut fmt::Formatter<'_>, d: Duration) -> fmt::Result {
    let millis = d.subsec_millis();
    if millis == 0 {
        write!(f, "{}", d.as_secs())
    } else {
        let frac = format!("{millis:03}");
        write!(f, "{}.{}", d.as_secs(), frac.trim_end_matches('0'))
    }
}

impl fmt::Display for TimeControl {
    /// The tag's form: `300+3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_seconds(f, self.base)?;
        f.write_str("+")?;
        write_seconds(f, self.increment)
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// The tag's form: `300+3`, in seconds.
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        const FORM: &str = "SECONDS+SECONDS, like `300+3`";
        let (base, increment) = split(text, FORM)?;
        TimeControl::new(base, increment)
    }
}

/// The most a `%clk` may show: 999 hours.
const MAX_CLOCK: Duration = Duration::from_secs(999 * 3600);

/// `d` as a record keeps it: tenths of a second, at most [`MAX_CLOCK`].
pub(super) fn clock_precision(d: Duration) -> Duration {
    Duration::from_millis((d.min(MAX_CLOCK).as_millis() / 100 * 100) as u64)
}

/// A time left as `%clk` writes it: `0:04:31`, with tenths when there are any (`0:00:04.3`).
pub(super) fn format_clock(d: Duration) -> String {
    let d = clock_precision(d);
    let secs = d.as_secs();
    let tenths = d.subsec_millis() / 100;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if tenths == 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{h}:{m:02}:{s:02}.{tenths}")
    }
}

/// Reads `H:MM:SS` or `H:MM:SS.f` (any number of decimals; tenths are kept).
fn parse_clock(text: &str) -> Option<Duration> {
    let mut parts = text.split(':');
    let (h, m, s) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || h.is_empty() || h.len() > 3 || m.len() != 2 {
        return None;
    }
    let (s, frac) = s.split_once('.').unwrap_or((s, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if s.len() != 2 || !digits(h) || !digits(m) || !digits(s) || !digits(frac) {
        return None;
    }
    let (h, m, s): (u64, u64, u64) = (h.parse().ok()?, m.parse().ok()?, s.parse().ok()?);
    if m >= 60 || s >= 60 {
        return None;
    }
    let tenths = frac.bytes().next().map_or(0, |b| u64::from(b - b'0'));
    Some(Duration::from_millis(
        (h * 3600 + m * 60 + s) * 1000 + tenths * 100,
    ))
}

/// Takes the first `[%clk H:MM:SS]` out of a comment's text: the time, and what is
/// left of the text (trimmed; empty when the comment held only the command). `None`
/// when the text holds no readable `%clk`, so it stays a plain comment.
pub(super) fn take_clock(text: &str) -> Option<(Duration, String)> {
    let start = text.find("[%clk")?;
    let end = start + text[start..].find(']')?;
    let value = text[start + "[%clk".len()..end].trim();
    let clock = parse_clock(value)?;
    let rest = format!("{}{}", &text[..start], &text[end + 1..]);
    Some((clock, rest.trim().to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_write() {
        let tc: TimeControl = "300+3".parse().unwrap();
        assert_eq!(tc.base(), Duration::from_secs(300));
        assert_eq!(tc.increment(), Duration::from_secs(3));
        assert_eq!(tc.to_string(), "300+3");
        assert_eq!(TimeControl::from_minutes("5+3"), Ok(tc));
        let half = TimeControl::from_minutes("0.5+0").unwrap();
        assert_eq!(half.to_string(), "30+0");
        assert_eq!(
            "2.25+0.5".parse::<TimeControl>().unwrap().to_string(),
            "2.25+0.5"
        );
        for bad in [
            "5", "5+", "+3", "a+3", "5+3s", "-1+3", "1.2345+0", "5.+1", " + ",
        ] {
            assert!(
                matches!(
                    TimeControl::from_minutes(bad),
                    Err(TimeControlError::Form { .. })
                ),
                "{bad}"
            );
        }
        assert_eq!(
            TimeControl::from_minutes("5").unwrap_err().to_string(),
            "expected MINUTES+SECONDS, like `5+3` (5 minutes each, 3 seconds a move), found `5`"
        );
        assert_eq!(
            TimeControl::from_minutes("0+3"),
            Err(TimeControlError::NoTime)
        );
        assert_eq!(
            TimeControl::from_minutes("1441+0"),
            Err(TimeControlError::TooLong)
        );
        assert_eq!(
            TimeControl::from_minutes("5+3601"),
            Err(TimeControlError::TooLong)
        );
        assert!(TimeControl::from_minutes("999999+0").is_err());
        // Numbers of any length, in the right form, are told the limits.
        for long in ["9999999+0", "5+99999999999", "99999999999999999999999+0"] {
            assert_eq!(
                TimeControl::from_minutes(long),
                Err(TimeControlError::TooLong),
                "{long}"
            );
        }
        assert_eq!(
            "300+99999999999999999999".parse::<TimeControl>(),
            Err(TimeControlError::TooLong)
        );
        assert_eq!(TimeControl::from_minutes("0000005+3"), Ok(tc));
    }

    #[test]
    fn clocks_read_and_write_as_pgn_does() {
        let d = |ms| Duration::from_millis(ms);
        assert_eq!(format_clock(d(271_000)), "0:04:31");
        assert_eq!(format_clock(d(4_349)), "0:00:04.3");
        assert_eq!(format_clock(d(3_723_000)), "1:02:03");
        assert_eq!(format_clock(Duration::ZERO), "0:00:00");
        assert_eq!(
            take_clock("[%clk 0:04:31]"),
            Some((d(271_000), String::new()))
        );
        assert_eq!(
            take_clock(" [%clk 0:00:04.37] a note"),
            Some((d(4_300), "a note".to_owned()))
        );
        for bad in [
            "[%clk 4:31]",
            "[%clk 0:61:00]",
            "[%clk x]",
            "[%clk 0:04:31",
            "no clock",
        ] {
            assert_eq!(take_clock(bad), None, "{bad}");
        }
        for ms in [0, 100, 4_300, 271_000, 3_723_400] {
            let text = format!("[%clk {}]", format_clock(d(ms)));
            assert_eq!(take_clock(&text), Some((d(ms), String::new())));
        }
    }
}
