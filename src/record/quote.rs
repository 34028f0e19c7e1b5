//! Offending text quoted in an error, shown safe and cut short: a leaf, so that every
//! file of `record/` that reports an error can quote without importing the others.

/// The most display columns of offending text quoted in an error (a wide character
/// takes two, an escape such as `\u{1b}` as many as it shows), as the engine quotes a
/// word back: enough for any tag value or move worth reading, and a 1 MiB line still
/// gives a one-line error.
const QUOTE_COLUMNS: usize = 40;

/// `text` in backticks for an error message: made safe to show (control characters,
/// bidi and invisible characters escaped, a stack of combining marks capped) and cut
/// with `…` to [`QUOTE_COLUMNS`] display columns, never inside an escape or a character.
pub(super) fn quote(text: &str) -> String {
    use crate::text::{MAX_MARKS, cap_marks, fit_sanitized, sanitize};
    let safe = sanitize(text);
    format!(
        "`{}`",
        fit_sanitized(&cap_marks(&safe, MAX_MARKS), QUOTE_COLUMNS)
    )
}
