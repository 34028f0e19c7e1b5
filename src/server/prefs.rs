//! What each player switched (colour, the bell, muted messages), remembered by key
//! fingerprint in `prefs.json` in the data folder, written atomically. A file that
//! can't be read is kept aside and the switches start afresh: they are comfort, not
//! identity.

use std::collections::BTreeMap;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The switches file's name inside the data folder.
pub const PREFS_FILE: &str = "prefs.json";

/// The most the switches file may hold.
const MAX_PREFS_BYTES: u64 = 16 * 1024 * 1024;

/// One player's switches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub(crate) struct Pref {
    /// Screens drawn in colour.
    pub(crate) colour: bool,
    /// The bell rings on "your move".
    pub(crate) bell: bool,
    /// The other player's messages are not shown.
    pub(crate) mute: bool,
    /// The line mode: one plain line per event, for screen readers (issue 28).
    pub(crate) plain: bool,
}

impl Default for Pref {
    fn default() -> Pref {
        Pref {
            colour: true,
            bell: true,
            mute: false,
            plain: false,
        }
    }
}

/// Every player's switches, and where they are kept (nowhere in tests).
#[derive(Debug, Default)]
pub(crate) struct Prefs {
    path: Option<PathBuf>,
    by_key: BTreeMap<String, Pref>,
}

impl Prefs {
    /// Reads the switches kept in `dir`. A file that is not a regular file, too large or
    /// not a switches file is renamed aside (`prefs.json.bad`) and reported.
    pub(crate) fn load(dir: &Path) -> Prefs {
        let path = dir.join(PREFS_FILE);
        let read = || -> anyhow::Result<Option<BTreeMap<String, Pref>>> {
            match fs::symlink_metadata(&path) {
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
                Err(error) => return Err(error.into()),
                Ok(meta) if !meta.file_type().is_file() => anyhow::bail!("not a regular file"),
                Ok(_) => {}
            }
            let mut text = String::new();
            fs::File::open(&path)?
                .take(MAX_PREFS_BYTES + 1)
                .read_to_string(&mut text)?;
            if text.len() as u64 > MAX_PREFS_BYTES {
                anyhow::bail!("larger than {MAX_PREFS_BYTES} bytes");
            }
            Ok(Some(serde_json::from_str(&text)?))
        };
        let by_key = match read() {
            Ok(found) => found.unwrap_or_default(),
            Err(error) => {
                let aside = path.with_extension("json.bad");
                let kept = fs::rename(&path, &aside).is_ok();
                eprintln!(
                    "hijara serve: cannot read {}: {error}{}",
                    path.display(),
                    if kept { " (kept aside as .bad)" } else { "" }
                );
                BTreeMap::new()
            }
        };
        Prefs {
            path: Some(path),
            by_key,
        }
    }

    /// `key`'s switches.
    pub(crate) fn get(&self, key: &str) -> Pref {
        self.by_key.get(key).copied().unwrap_or_default()
    }

    /// Changes `key`'s switches and writes the file; a failed write is reported, and the
    /// switch holds for this run.
    pub(crate) fn update(&mut self, key: &str, change: impl FnOnce(&mut Pref)) -> Pref {
        let pref = self.by_key.entry(key.to_owned()).or_default();
        change(pref);
        let pref = *pref;
        if let Some(path) = &self.path {
            let written = serde_json::to_string_pretty(&self.by_key)
                .map_err(anyhow::Error::from)
                .and_then(|text| {
                    crate::session::write_atomic(path, text.as_bytes()).map_err(Into::into)
                });
            if let Err(error) = written {
                eprintln!("hijara serve: cannot write {}: {error}", path.display());
            }
        }
        pref
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_are_kept_per_key_across_restarts() {
        let dir = tempfile::tempdir().unwrap();
        let mut prefs = Prefs::load(dir.path());
        assert_eq!(prefs.get("SHA256:a"), Pref::default());
        prefs.update("SHA256:a", |p| p.bell = false);
        prefs.update("SHA256:b", |p| p.colour = false);
        let again = Prefs::load(dir.path());
        assert!(!again.get("SHA256:a").bell && again.get("SHA256:a").colour);
        assert!(!again.get("SHA256:b").colour && again.get("SHA256:b").bell);
    }

    #[test]
    fn a_broken_file_is_kept_aside() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(PREFS_FILE), "{oops").unwrap();
        let prefs = Prefs::load(dir.path());
        assert_eq!(prefs.get("k"), Pref::default());
        assert_eq!(
            fs::read_to_string(dir.path().join("prefs.json.bad")).unwrap(),
            "{oops"
        );
    }
}
