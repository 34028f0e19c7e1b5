//! Who is who: a player is a key (its fingerprint); the SSH user name is the display
//! name, checked by [`check_name`] and bound to the first key that used it on this
//! server (trust on first use), in `names.json` in the data folder, written atomically.

use std::collections::BTreeMap;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use serde::{Deserialize, Serialize};
use unicode_security::confusable_detection::skeleton;
use unicode_width::UnicodeWidthStr;

use super::outside::is_unsafe;
use crate::ai::{Level, Seat};
use crate::strings::seat_name;

/// The names file's name inside the data folder.
pub const NAMES_FILE: &str = "names.json";

/// The widest display name, in terminal columns.
pub const MAX_NAME_COLUMNS: usize = 16;

/// The most the names file may hold.
const MAX_NAMES_BYTES: u64 = 16 * 1024 * 1024;

/// Why a name is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Empty, or only spaces.
    #[error("the name is empty")]
    Empty,
    /// Wider than [`MAX_NAME_COLUMNS`].
    #[error("the name is wider than {MAX_NAME_COLUMNS} columns")]
    TooWide,
    /// Spaces at either end, or a space other than U+0020.
    #[error("the name has spaces at an end, or odd spaces")]
    Spaces,
    /// A control, bidi, zero-width or other invisible character.
    #[error("the name has a control or invisible character")]
    Unsafe,
    /// Bound to another key.
    #[error("the name belongs to another key")]
    Taken,
    /// Looks like a name bound to another key (`A1ice` beside `Alice`, a Cyrillic
    /// `а` for a Latin `a`).
    #[error("the name looks like one that belongs to another key")]
    LooksTaken,
    /// Looks like the name the server's AI is shown by (`hard AI`): nobody may pass
    /// for it in the lobby's lists.
    #[error("the name is the server's AI's")]
    Reserved,
}

/// Checks a display name: printable, at most 16 columns, no spaces at its ends, no
/// control, bidi-formatting, zero-width or other invisible character, and not (nor
/// looking like) the server's AI's (`hard AI`).
pub fn check_name(name: &str) -> Result<&str, NameError> {
    if name.trim().is_empty() {
        return Err(NameError::Empty);
    }
    if name.chars().any(is_unsafe) {
        return Err(NameError::Unsafe);
    }
    if name.trim() != name || name.chars().any(|c| c.is_whitespace() && c != ' ') {
        return Err(NameError::Spaces);
    }
    if name.width() > MAX_NAME_COLUMNS {
        return Err(NameError::TooWide);
    }
    let like = look_alike(name);
    if Level::ALL
        .into_iter()
        .any(|level| look_alike(seat_name(Seat::from(level))) == like)
    {
        return Err(NameError::Reserved);
    }
    Ok(name)
}

/// The form two names are compared in: `Alice` and `alice` are one name.
fn folded(name: &str) -> String {
    name.to_lowercase()
}

/// The form two names are compared in to tell whether they look alike: Unicode's
/// confusable skeleton (UTS #39) before and after folding case, and `i` taken for
/// `l` (a capital `I` is an `l` in many fonts), so `A1ice`, `AIice`, `ALlCE` and a
/// Cyrillic `аlice` all look like `alice`. It refuses a few harmless names too.
fn look_alike(name: &str) -> String {
    let lower = skeleton(name).collect::<String>().to_lowercase();
    skeleton(&lower)
        .flat_map(char::to_lowercase)
        .map(|c| if c == 'i' { 'l' } else { c })
        .collect()
}

/// One bound name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Binding {
    /// The name as first given.
    name: String,
    /// The fingerprint of the key it is bound to.
    key: String,
}

/// The names bound to keys on this server.
#[derive(Debug)]
pub(crate) struct Names {
    path: PathBuf,
    by_name: BTreeMap<String, Binding>,
}

impl Names {
    /// Reads the names in `dir` (none yet if the file is missing). A file that can't be
    /// read is an error: the server does not start rather than forget who is who.
    pub(crate) fn load(dir: &Path) -> anyhow::Result<Names> {
        let path = dir.join(NAMES_FILE);
        let by_name = match fs::symlink_metadata(&path) {
            Ok(meta) if !meta.file_type().is_file() => {
                bail!("{} is not a regular file", path.display())
            }
            Ok(_) => {
                let mut text = String::new();
                fs::File::open(&path)
                    .and_then(|f| f.take(MAX_NAMES_BYTES + 1).read_to_string(&mut text))
                    .with_context(|| format!("cannot read {}", path.display()))?;
                if text.len() as u64 > MAX_NAMES_BYTES {
                    bail!("{} is larger than {MAX_NAMES_BYTES} bytes", path.display());
                }
                serde_json::from_str(&text)
                    .with_context(|| format!("{} is not a names file", path.display()))?
            }
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => BTreeMap::new(),
            Err(error) => {
                return Err(error).with_context(|| format!("cannot read {}", path.display()));
            }
        };
        Ok(Names { path, by_name })
    }

    /// Lets `key` use `name`: yes if the name is new (it is bound to the key and the file
    /// rewritten) or already the key's; [`NameError::Taken`] if another key has it.
    pub(crate) fn claim(&mut self, name: &str, key: &str) -> Result<(), NameError> {
        let name = check_name(name)?;
        let folded = folded(name);
        match self.by_name.get(&folded) {
            Some(binding) if binding.key == key => Ok(()),
            Some(_) => Err(NameError::Taken),
            None => {
                // A new name may not pass for another key's. (A scan: names are few,
                // and this runs once a login.)
                let like = look_alike(name);
                if self
                    .by_name
                    .values()
                    .any(|b| b.key != key && look_alike(&b.name) == like)
                {
                    return Err(NameError::LooksTaken);
                }
                let binding = Binding {
                    name: name.to_owned(),
                    key: key.to_owned(),
                };
                self.by_name.insert(folded.clone(), binding);
                if let Err(error) = self.write() {
                    // Not kept on disk, so not granted: the next start would forget it.
                    self.by_name.remove(&folded);
                    eprintln!(
                        "hijara serve: cannot write {}: {error}",
                        self.path.display()
                    );
                    return Err(NameError::Taken);
                }
                Ok(())
            }
        }
    }

    /// Whether `name`, in any case or a look-alike of it, is bound to a key.
    pub(crate) fn is_bound(&self, name: &str) -> bool {
        let like = look_alike(name);
        self.by_name.contains_key(&folded(name))
            || self.by_name.values().any(|b| look_alike(&b.name) == like)
    }

    fn write(&self) -> anyhow::Result<()> {
        let text = serde_json::to_string_pretty(&self.by_name)?;
        crate::session::write_atomic(&self.path, text.as_bytes())?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_printable_narrow_and_visible() {
        assert_eq!(check_name("Alice"), Ok("Alice"));
        assert_eq!(check_name("Zoë Li"), Ok("Zoë Li"));
        assert_eq!(check_name("張三"), Ok("張三"));
        assert_eq!(check_name(""), Err(NameError::Empty));
        assert_eq!(check_name("   "), Err(NameError::Empty));
        assert_eq!(check_name(" Al"), Err(NameError::Spaces));
        assert_eq!(check_name("A\u{3000}l"), Err(NameError::Spaces));
        assert_eq!(check_name("a\u{1b}[31m"), Err(NameError::Unsafe));
        assert_eq!(check_name("a\u{85}b"), Err(NameError::Unsafe));
        assert_eq!(check_name("evil\u{202E}gnp"), Err(NameError::Unsafe));
        assert_eq!(check_name("Al\u{200B}ice"), Err(NameError::Unsafe));
        assert_eq!(check_name("Alice\u{301}"), Err(NameError::Unsafe));
        assert_eq!(check_name("abcdefghijklmnop"), Ok("abcdefghijklmnop"));
        assert_eq!(check_name("abcdefghijklmnopq"), Err(NameError::TooWide));
        // Nobody passes for the server's AI in the lobby's lists.
        assert_eq!(check_name("hard AI"), Err(NameError::Reserved));
        assert_eq!(check_name("Medium ai"), Err(NameError::Reserved));
        assert_eq!(check_name("hard A1"), Err(NameError::Reserved));
        assert_eq!(check_name("hard"), Ok("hard"));
        assert_eq!(check_name("hard AI fan"), Ok("hard AI fan"));
        // Nine wide characters are 18 columns.
        assert_eq!(check_name("張張張張張張張張張"), Err(NameError::TooWide));
    }

    #[test]
    fn a_name_is_bound_to_its_first_key_across_restarts() {
        let dir = tempfile::tempdir().unwrap();
        let mut names = Names::load(dir.path()).unwrap();
        assert_eq!(names.claim("Alice", "SHA256:a"), Ok(()));
        assert_eq!(names.claim("Alice", "SHA256:a"), Ok(()));
        assert_eq!(names.claim("alice", "SHA256:b"), Err(NameError::Taken));
        assert_eq!(names.claim("Bob", "SHA256:b"), Ok(()));
        let mut again = Names::load(dir.path()).unwrap();
        assert_eq!(again.claim("ALICE", "SHA256:b"), Err(NameError::Taken));
        assert_eq!(again.claim("Alice", "SHA256:a"), Ok(()));
    }

    #[test]
    fn a_name_that_only_looks_like_a_taken_one_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let mut names = Names::load(dir.path()).unwrap();
        assert_eq!(names.claim("alice", "SHA256:a"), Ok(()));
        assert_eq!(names.claim("rnoon", "SHA256:a"), Ok(()));
        // A digit one, a capital I, a Cyrillic a, "rn" for "m".
        for fake in ["a1ice", "AIice", "\u{430}lice", "ALlCE"] {
            assert_eq!(
                names.claim(fake, "SHA256:b"),
                Err(NameError::LooksTaken),
                "{fake}"
            );
        }
        assert_eq!(names.claim("moon", "SHA256:b"), Err(NameError::LooksTaken));
        // The owner may use a look-alike of their own name; other names are free.
        assert_eq!(names.claim("A1ice", "SHA256:a"), Ok(()));
        assert_eq!(names.claim("alicia", "SHA256:b"), Ok(()));
        assert!(
            names.is_bound("a1ice"),
            "a guest can't pass for alice either"
        );
        assert!(!names.is_bound("a1ic3"));
    }

    #[test]
    fn a_broken_names_file_stops_the_server_and_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(NAMES_FILE), "{not json").unwrap();
        assert!(Names::load(dir.path()).is_err());
        assert_eq!(
            fs::read_to_string(dir.path().join(NAMES_FILE)).unwrap(),
            "{not json"
        );
    }
}
