//! Lists the shipped lessons, `assets/lessons/*.hij` in name order, for
//! `src/learn/lesson.rs` to build into the binary: adding a lesson is only
//! writing its file. (A build script rather than a crate such as
//! `include_dir`: a dozen lines, no dependency, and the order is the names'.)

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    println!("cargo::rerun-if-changed=assets/lessons");
    let root = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&root).join("assets").join("lessons");
    let mut lessons: Vec<(String, String)> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a readable folder entry").path())
        .filter(|path| path.is_file() && path.extension().is_some_and(|e| e == "hij"))
        .map(|path| {
            let name = |p: Option<&std::ffi::OsStr>| {
                p.and_then(|s| s.to_str())
                    .unwrap_or_else(|| panic!("{} is not a UTF-8 name", path.display()))
                    .to_string()
            };
            (name(path.file_stem()), name(Some(path.as_os_str())))
        })
        .collect();
    lessons.sort();
    let mut code = String::from("&[\n");
    for (id, path) in &lessons {
        writeln!(code, "    ({id:?}, include_str!({path:?})),").expect("writing to a String");
    }
    code.push(']');
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("lessons.rs");
    fs::write(&out, code).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
}
