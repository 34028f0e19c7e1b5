//! Reading the tools' input files (logs) with a size cap: a file is text from
//! outside, so every read has a limit.

use std::io::Read;
use std::path::Path;

use hijara::text::display_path;

use anyhow::{Context, Result, bail};

/// The most bytes a log may hold (the largest kept here is about 1 MB).
pub const MAX_LOG_BYTES: u64 = 64 * 1024 * 1024;

/// The text of `path`, or an error naming it (unreadable, not UTF-8, or longer
/// than [`MAX_LOG_BYTES`]).
pub fn read_log_text(path: &Path) -> Result<String> {
    let file = std::fs::File::open(path).with_context(|| display_path(path))?;
    let mut text = String::new();
    file.take(MAX_LOG_BYTES + 1)
        .read_to_string(&mut text)
        .with_context(|| display_path(path))?;
    if text.len() as u64 > MAX_LOG_BYTES {
        bail!("{}: longer than {MAX_LOG_BYTES} bytes", display_path(path));
    }
    Ok(text)
}
