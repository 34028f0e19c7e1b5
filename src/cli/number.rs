//! The checks of the numbers options take, said in words (`expected a seed from 0 to
//! 18446744073709551615`), for `args.rs` and `serve.rs` both.
//!
//! Every option whose value is checked (these numbers, and a clock, a date, an
//! address) sets clap's `allow_hyphen_values`: it takes the next word as its value
//! even when it starts with `-`, and the check says what is wrong with it. With
//! `allow_negative_numbers` alone clap took only a word that is a number (`-1`,
//! `-1e3`) so; `--games -inf`, `-nan` or `-1x` were read as flags (`unexpected
//! argument '-i' found`) where `--games=-inf` was told the range (QA s31; `-1`, cli25).
//! An option's name taken so (`--games --json`) is refused as one ([`no_option`]),
//! clap naming the option and the word. Options naming a file, a folder or a
//! puzzle refuse a word starting with `-` the same way ([`dash_word`]), and so,
//! through `args.rs`, do the file and folder arguments (`score -x`).

/// Why a word taken as an option's value is refused when it is an option's name
/// (`--json`, `--`), or `None`: it is given as a value first.
pub(super) fn no_option(text: &str) -> Option<String> {
    text.starts_with("--")
        .then(|| "an option, not a value: give the value first".to_owned())
}

/// `parse` checking first that the word is no option's name ([`no_option`]), for a
/// value that is not a whole number (an address, `START:RATE:FULL`, a date).
pub(super) fn not_an_option<T: 'static, E: std::fmt::Display + 'static>(
    parse: fn(&str) -> Result<T, E>,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text: &str| match no_option(text) {
        Some(why) => Err(why),
        None => parse(text).map_err(|e| e.to_string()),
    }
}

/// The number `text` gives (spaces around it allowed), if it is one and lies in `range`.
pub(super) fn number_in<T: std::str::FromStr + PartialOrd>(
    text: &str,
    range: std::ops::RangeInclusive<T>,
) -> Option<T> {
    text.trim().parse().ok().filter(|n| range.contains(n))
}

/// The number `text` gives in `range`, or why not: an option's name is said to be one
/// ([`no_option`]), any other word is told `expected()`.
pub(super) fn number_or<T: std::str::FromStr + PartialOrd>(
    text: &str,
    range: std::ops::RangeInclusive<T>,
    expected: impl FnOnce() -> String,
) -> Result<T, String> {
    if let Some(why) = no_option(text) {
        return Err(why);
    }
    number_in(text, range).ok_or_else(expected)
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
        number_or(text, range.clone(), || {
            format!("expected {what} from {} to {}", range.start(), range.end())
        })
    }
}

/// [`whole`] for a count whose top is a cap of the program's own: the error says
/// where it comes from, `why` (`expected a number of engines from 1 to 256 (a thread
/// and up to 32 MiB each)`). Brief s38: `serve`'s counts took any number to
/// 2^64 - 1, and said `from 1 to 18446744073709551615` of 0.
pub(super) fn capped<T>(
    what: &'static str,
    range: std::ops::RangeInclusive<T>,
    why: &'static str,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Clone + Send + Sync + 'static,
{
    move |text: &str| {
        number_or(text, range.clone(), || {
            format!(
                "expected {what} from {} to {} ({why})",
                range.start(),
                range.end()
            )
        })
    }
}

/// What a file, folder or id option names, which picks the words [`dash_word`]
/// refuses a word starting with `-` in: a file or folder is told how to name
/// one so (`./-x`); a puzzle's id cannot be one, and is told what ids look like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Named {
    /// A file (`--load`, `--annotate`, `--motd`, a record argument).
    File,
    /// A folder (`--dir`, `--save-dir`, `serve --data-dir`, `serve export DIR`).
    Folder,
    /// A puzzle's id (`puzzle --id`).
    Puzzle,
}

/// Why a word given to a file, folder or id option is refused, or `None`: an option's
/// name (`--json`: [`no_option`]), or a word starting with `-` (`-x`), told how to
/// name such a file (`./-x`). `-` alone passes: where it means standard input or
/// output (`--annotate -`) it is no name. These options take a word starting with
/// `-` as their value (`allow_hyphen_values`), so the error names the option: clap
/// said `unexpected argument '-x' found` for `--dir -x`, naming neither, and took
/// `--dir=-x` as a folder (cli36). An empty word names nothing, and is refused too
/// (qa48: `--dir ''` said `cannot read the folder : No such file or directory`,
/// `--annotate ''` `cannot write : it is not a file path`, both exit 1, and
/// `--save-dir ''` saved in the current folder unasked).
pub(super) fn dash_word(text: &str, named: Named) -> Option<String> {
    if let Some(why) = no_option(text) {
        return Some(why);
    }
    if text.is_empty() {
        return Some(
            match named {
                Named::File => "an empty name: give a file",
                Named::Folder => "an empty name: give a folder (`.` for the current one)",
                Named::Puzzle => "an empty id: give a puzzle's id (like p0001)",
            }
            .to_owned(),
        );
    }
    let what = match named {
        Named::File => "file",
        Named::Folder => "folder",
        Named::Puzzle => return dash(text).then(|| PUZZLE_ID_DASH.to_owned()),
    };
    dash(text).then(|| format!("looks like an option: a {what} named {text} is ./{text}"))
}

/// What a puzzle's id starting with `-` is told.
const PUZZLE_ID_DASH: &str = "looks like an option, not a puzzle id (like p0001)";

/// Whether `text` starts with `-` and is more than `-` alone.
fn dash(text: &str) -> bool {
    text.len() > 1 && text.starts_with('-')
}

/// A file or folder option's value, any name a file may have (not UTF-8 too), but a
/// word [`dash_word`] refuses.
pub(super) fn path_option(
    named: Named,
) -> impl clap::builder::TypedValueParser<Value = std::path::PathBuf> {
    use clap::builder::TypedValueParser;
    clap::builder::OsStringValueParser::new().try_map(move |arg| {
        match dash_word(&arg.to_string_lossy(), named) {
            Some(why) => Err(why),
            None => Ok(std::path::PathBuf::from(arg)),
        }
    })
}

/// A puzzle's id (`--id`), but a word [`dash_word`] refuses.
pub(super) fn puzzle_id(text: &str) -> Result<String, String> {
    match dash_word(text, Named::Puzzle) {
        Some(why) => Err(why),
        None => Ok(text.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::{Named, dash_word};

    /// Read-through (s33): `dash_word` picked its words by a string (`"puzzle"`), and
    /// any other string was put in the sentence as it was. Each kind names its own.
    #[test]
    fn each_kind_of_name_is_refused_in_its_own_words() {
        let said = |named| dash_word("-x", named).unwrap_or_default();
        assert_eq!(
            said(Named::File),
            "looks like an option: a file named -x is ./-x"
        );
        assert_eq!(
            said(Named::Folder),
            "looks like an option: a folder named -x is ./-x"
        );
        assert_eq!(
            said(Named::Puzzle),
            "looks like an option, not a puzzle id (like p0001)"
        );
        for named in [Named::File, Named::Folder, Named::Puzzle] {
            let empty = dash_word("", named).unwrap_or_default();
            assert!(empty.starts_with("an empty "), "{named:?}: {empty:?}");
            assert_eq!(dash_word("-", named), None, "{named:?}");
            assert_eq!(dash_word("./-x", named), None, "{named:?}");
            let option = dash_word("--json", named).unwrap_or_default();
            assert!(option.starts_with("an option, not a value"), "{option}");
        }
    }
}
