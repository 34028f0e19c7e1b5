//! The `Date` tag: the day a game was played, `2026-11-30` as `hijara` writes it or
//! PGN's `2026.11.30`, with question marks for a part not known (`2026.??.??`).
//!
//! A Date that is no date (`2026-13-45`, `yesterday`) does not make a record
//! unreadable: the date is a note about the game, not the game, and records written
//! before this check (by `hijara` too, which kept a loaded record's Date when a game
//! was played on from it) or by other programs must still read. It is read as a
//! date not known, and the commands that show dates say so ([`DateError`]).

use std::fmt;

use super::Location;
use super::quote::quote;

/// The tag with the day the game was played.
pub const DATE_TAG: &str = "Date";

/// Whether `text` is a date as a record writes one: `YYYY-MM-DD` or `YYYY.MM.DD`
/// (one separator throughout), each part digits or question marks (`????`, `??`)
/// for a part not known, the month from 01 to 12, the day from 01 to 31, and a day
/// the month has (29 February only in a leap year, or one not known).
pub fn is_date(text: &str) -> bool {
    let Some(separator) = text.chars().find(|c| *c == '-' || *c == '.') else {
        return false;
    };
    let parts: Vec<&str> = text.split(separator).collect();
    let [year, month, day] = parts[..] else {
        return false;
    };
    // A part of `width` characters: `Some(None)` all question marks (not known),
    // `Some(Some(n))` all digits.
    let part = |text: &str, width: usize| -> Option<Option<u32>> {
        if text.len() != width {
            return None;
        }
        if text.bytes().all(|b| b == b'?') {
            return Some(None);
        }
        if !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        text.parse().ok().map(Some)
    };
    let (Some(year), Some(month), Some(day)) = (part(year, 4), part(month, 2), part(day, 2)) else {
        return false;
    };
    if month.is_some_and(|m| !(1..=12).contains(&m)) || day.is_some_and(|d| !(1..=31).contains(&d))
    {
        return false;
    }
    match (month, day) {
        // A year not known may be a leap year: 2000 stands for it.
        (Some(month), Some(day)) => {
            let year = year.map_or(2000, |y| y as i32);
            chrono::NaiveDate::from_ymd_opt(year, month, day).is_some()
        }
        _ => true,
    }
}

/// A Date tag that is no date: where its value is and what it says. Shown as a
/// warning, never as a reason to refuse the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateError {
    /// Where the tag's name starts (as every tag's error says), if the record was parsed.
    pub location: Option<Location>,
    /// The tag's value.
    pub text: String,
}

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(at) = self.location {
            write!(f, "{at}: ")?;
        }
        write!(
            f,
            "the Date {} is not a date (YYYY-MM-DD, ?? for a part not known)",
            quote(&self.text)
        )
    }
}

impl std::error::Error for DateError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_days_of_the_calendar_or_say_what_is_not_known() {
        for date in [
            "2026-11-30",
            "2026.11.30",
            "2024-02-29",
            "2026.??.??",
            "????.??.??",
            "????-??-??",
            "2026-11-??",
            "????-02-29",
            "0001-01-01",
        ] {
            assert!(is_date(date), "{date}");
        }
        for not in [
            "2026-13-45",
            "2026-02-29",
            "2026-04-31",
            "2026-00-10",
            "2026-11-00",
            "yesterday",
            "",
            "2026",
            "2026-11",
            "2026-11-30-1",
            "2026.11-30",
            "26-11-30",
            "2026-1-30",
            "2026-11-30 ",
            " 2026-11-30",
            "2026-1?-30",
            "2026-+1-30",
            "２０２６-11-30",
            "2026/11/30",
        ] {
            assert!(!is_date(not), "{not:?}");
        }
        // A parsed record says where the tag is; one set by code, nowhere.
        let record: super::super::Record = "[Blue \"Ann\"]\n [Date \"2026-13-45\"]\nb2 *"
            .parse()
            .unwrap();
        let error = record.date().unwrap_err();
        assert_eq!(error.location, Some(Location { line: 2, column: 3 }));
        assert_eq!(error.text, "2026-13-45");
        let mut record = record;
        record.set_tag(DATE_TAG, "yesterday").unwrap();
        assert_eq!(record.date().unwrap_err().location, None);
        record.set_tag(DATE_TAG, "2026-11-30").unwrap();
        assert_eq!(record.date(), Ok(Some("2026-11-30")));
        assert!(record.to_game().is_ok());
        assert_eq!(super::super::Record::new().date(), Ok(None));
        let error = DateError {
            location: Some(Location { line: 3, column: 8 }),
            text: "2026-13-45".to_owned(),
        };
        assert_eq!(
            error.to_string(),
            "line 3, column 8: the Date `2026-13-45` is not a date (YYYY-MM-DD, ?? for a part not known)"
        );
    }
}
