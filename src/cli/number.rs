//! The checks of the whole numbers options take, said in words (`expected a seed from 0
//! to 18446744073709551615`), for `args.rs` and `serve.rs` both.
//!
//! Every option whose value is checked (these numbers, and a clock, a square, a date,
//! an address) also sets clap's `allow_negative_numbers`: without it clap read the `-1`
//! of `--games -1` as a flag (`unexpected argument '-1' found`), where `--games=-1`
//! reached the check and was told the range (QA, cli25). Only a word that is a number
//! (`-1`, `-0.5`, `-1e3`) is taken so; `--games --json` still lacks a value. A clock
//! (`-5+3`, no number) takes any word instead, and its check refuses an option's name
//! (`args::time_control`).

/// The number `text` gives (spaces around it allowed), if it is one and lies in `range`.
pub(super) fn number_in<T: std::str::FromStr + PartialOrd>(
    text: &str,
    range: std::ops::RangeInclusive<T>,
) -> Option<T> {
    text.trim().parse().ok().filter(|n| range.contains(n))
}

/// A whole number of `what` in `range`, for a flag that takes a count, a seed or a
/// time in whole units: clap's own checks said `0 is not in 1..18446744073709551615`,
/// `number would be zero for non-zero type`, `number too large to fit in target type`
/// or `invalid digit found in string` (QA, cli25).
pub(super) fn whole<T>(
    what: &'static str,
    range: std::ops::RangeInclusive<T>,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Clone + Send + Sync + 'static,
{
    move |text: &str| {
        number_in(text, range.clone())
            .ok_or_else(|| format!("expected {what} from {} to {}", range.start(), range.end()))
    }
}
