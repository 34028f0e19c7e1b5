//! Which lessons are done: `lessons.json` in the data folder, with a format
//! version, written atomically; an unreadable file is moved aside, not destroyed.

use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::lesson::Lesson;

/// The file's name in the data folder.
pub const LEARN_FILE: &str = "lessons.json";
/// The format version.
pub const LEARN_VERSION: u32 = 1;
/// The largest file read.
const MAX_BYTES: u64 = 64 << 10;

/// The lessons done, by id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LearnProgress {
    /// The format version ([`LEARN_VERSION`]).
    pub version: u32,
    /// The ids of the lessons done, in the order they were done.
    pub done: Vec<String>,
}

impl Default for LearnProgress {
    fn default() -> LearnProgress {
        LearnProgress {
            version: LEARN_VERSION,
            done: Vec::new(),
        }
    }
}

impl LearnProgress {
    /// The file in `data_dir`.
    pub fn path_in(data_dir: &Path) -> PathBuf {
        data_dir.join(LEARN_FILE)
    }

    /// Reads the progress; none yet is a fresh start. An unreadable file (too large,
    /// not UTF-8, not this build's JSON) is moved aside to the first free
    /// `lessons.json.unreadable-N` and the error says so.
    pub fn load(data_dir: &Path) -> io::Result<LearnProgress> {
        let path = LearnProgress::path_in(data_dir);
        // An error names the file, as the puzzles' does (it said only `Not a
        // directory (os error 20)` for a data folder that is a file).
        let named = |e: io::Error| {
            io::Error::new(
                e.kind(),
                format!("{}: {e}", crate::text::display_path(&path)),
            )
        };
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(LearnProgress::default()),
            Err(e) => return Err(named(e)),
        };
        // Why it cannot be read, as the puzzles' file says it: QA (cli23) `hijara
        // learn --list` said only `could not be read`.
        let why = if !meta.is_file() {
            "not a regular file".to_owned()
        } else if meta.len() > MAX_BYTES {
            format!("larger than {MAX_BYTES} bytes")
        } else {
            // Bytes, not text: a file that is not UTF-8 is unreadable too, and kept.
            let bytes = std::fs::read(&path).map_err(named)?;
            // A byte-order mark (an editor's save) is no part of the JSON, which
            // serde_json refuses: the file was moved aside as unreadable (QA, cli26).
            match std::str::from_utf8(&bytes).map(crate::session::without_bom) {
                Ok(text) => match serde_json::from_str::<LearnProgress>(text) {
                    Ok(progress) if progress.version == LEARN_VERSION => return Ok(progress),
                    Ok(progress) => format!(
                        "format version {}, this build reads {LEARN_VERSION}",
                        progress.version
                    ),
                    // The JSON's error may quote the file: shown safe.
                    Err(e) => crate::text::sanitize(&e.to_string()).into_owned(),
                },
                Err(e) => format!("not UTF-8 text: {e}"),
            }
        };
        let kept = crate::session::keep_aside(&path).map_err(named)?;
        Err(io::Error::other(format!(
            "{} could not be read ({why}); it was kept as {}",
            crate::text::display_path(&path),
            crate::text::display_path(&kept)
        )))
    }

    /// Writes the progress atomically, creating the folder if needed: the lessons done
    /// in the file as it is now (another hijara on the folder may have written it
    /// since this one read it) and then this progress's, read and written holding the
    /// folder (`session::hold_folder`). This progress becomes what was
    /// written. A file that cannot be read now (kept aside by [`LearnProgress::load`])
    /// is replaced by this progress.
    pub fn save(&mut self, data_dir: &Path) -> io::Result<()> {
        crate::session::create_data_folder(data_dir)?;
        let _held = crate::session::hold_folder(data_dir);
        let mut kept = LearnProgress::load(data_dir).unwrap_or_default();
        for id in &self.done {
            kept.mark_done(id);
        }
        let text = serde_json::to_string_pretty(&kept).map_err(io::Error::other)?;
        crate::session::write_atomic(&LearnProgress::path_in(data_dir), text.as_bytes())?;
        *self = kept;
        Ok(())
    }

    /// Whether lesson `id` is done.
    pub fn is_done(&self, id: &str) -> bool {
        self.done.iter().any(|d| d == id)
    }

    /// Marks lesson `id` done.
    pub fn mark_done(&mut self, id: &str) {
        if !self.is_done(id) {
            self.done.push(id.to_string());
        }
    }

    /// The index of the first lesson not done (where `hijara learn` resumes);
    /// the first lesson once all are done.
    pub fn resume_at(&self, lessons: &[Lesson]) -> usize {
        lessons
            .iter()
            .position(|l| !self.is_done(&l.id))
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// QA (cli26): a `lessons.json` saved by an editor that starts files with a
    /// byte-order mark was moved aside as unreadable (`expected value at line 1
    /// column 1`), and the lessons started afresh.
    #[test]
    fn a_progress_file_starting_with_a_byte_order_mark_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let mut progress = LearnProgress::default();
        progress.mark_done("stones");
        progress.save(dir.path()).unwrap();
        let path = LearnProgress::path_in(dir.path());
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, format!("\u{feff}{text}")).unwrap();
        assert_eq!(LearnProgress::load(dir.path()).unwrap(), progress);
        let files = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(files, 1, "nothing moved aside");
    }

    /// QA (qa35): two hijara on one data folder each wrote the lessons done that they
    /// had read at their start with their own on it: a lesson done in the one was
    /// undone by the other's later save. A save now adds its lessons to the file's.
    #[test]
    fn a_save_keeps_the_lessons_another_hijara_saved_meanwhile() {
        let dir = tempfile::tempdir().unwrap();
        let mut first = LearnProgress::load(dir.path()).unwrap();
        let mut second = LearnProgress::load(dir.path()).unwrap();
        second.mark_done("stones");
        second.save(dir.path()).unwrap();
        first.mark_done("squares");
        first.save(dir.path()).unwrap();
        let back = LearnProgress::load(dir.path()).unwrap();
        assert_eq!(back.done, ["stones", "squares"]);
        assert_eq!(first, back, "the screen that saved last shows the file's");
    }

    /// QA (s16 learn): a file in the data folder's place made the save say only
    /// `File exists (os error 17)`.
    #[test]
    fn a_file_in_the_data_folder_s_place_is_said_as_such() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("data");
        std::fs::write(&file, "x").unwrap();
        let error = LearnProgress::default()
            .save(&file)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("data is not a folder (a file is there)"),
            "{error}"
        );
    }
}
