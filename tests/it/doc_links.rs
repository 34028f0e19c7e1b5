//! The links between the documents: every `[text](file.md#anchor)` and `[text](#anchor)`
//! in README.md and docs/*.md leads to a heading that is there, by GitHub's rule for
//! a heading's anchor. A heading changed (a flag added to `hijara analyze`'s) left
//! the README's command table pointing nowhere.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// GitHub's anchor of a heading: lower case, every character but letters, digits,
/// `-`, `_` and spaces dropped, spaces made `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of `file`'s headings (outside code blocks), repeats numbered `-1`, `-2`.
fn anchors(file: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut seen = BTreeSet::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code || !line.starts_with('#') {
            continue;
        }
        let heading = line.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let base = slug(heading);
        let mut anchor = base.clone();
        let mut n = 0;
        while seen.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        seen.insert(anchor);
    }
    seen
}

/// The `(target#anchor)` of every Markdown link in `text`.
fn links(text: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = &rest[..end];
        if let Some((file, anchor)) = target.split_once('#')
            && !file.contains("://")
            && (file.is_empty() || file.ends_with(".md"))
        {
            found.push((file.to_owned(), anchor.to_owned()));
        }
    }
    found
}

#[test]
fn every_link_to_a_heading_finds_it() {
    let mut files: Vec<PathBuf> = vec![Path::new(ROOT).join("README.md")];
    for entry in std::fs::read_dir(Path::new(ROOT).join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (target, anchor) in links(&text) {
            checked += 1;
            let to = if target.is_empty() {
                file.clone()
            } else {
                file.parent().unwrap().join(&target)
            };
            if !to.exists() || !anchors(&to).contains(&anchor) {
                broken.push(format!(
                    "{}: ({target}#{anchor})",
                    file.strip_prefix(ROOT).unwrap().display()
                ));
            }
        }
    }
    // The reader finds links at all: the README alone has a dozen.
    assert!(checked > 20, "{checked} links");
    assert!(
        broken.is_empty(),
        "links to no heading:\n{}",
        broken.join("\n")
    );
}
