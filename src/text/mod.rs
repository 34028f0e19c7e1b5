//! Text on its way to a person: made safe ([`sanitize()`]) and fitted to display
//! columns ([`fit()`]). Every text that comes from outside (a record's tags, a file
//! name, engine input, a network peer) and every text fitted to a width goes through here.

mod fit;
mod sanitize;

pub use fit::{
    AFTER_SCREEN_COLUMNS, ELLIPSIS, MAX_MARKS, NO_BREAK, PART_SEPARATOR, cap_marks, first_fitting,
    fit, fit_bytes, fit_end, fit_middle, fit_parts, fit_parts_from_front, fit_words, fits, pad,
    parts_in_rows, path_cuts, plain_spaces, width, wrap, wrap_keeping, wrap_lines, wrap_message,
    wrap_spaced, wrap_word,
};
pub use sanitize::{
    MAX_SHOWN_BYTES, MAX_SHOWN_COLUMNS, display_path, fit_sanitized, is_name, is_unsafe,
    pad_sanitized, safe_text, safe_within, sanitize,
};
