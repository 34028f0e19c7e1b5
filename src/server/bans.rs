//! Bans: a text file `bans.txt` in the data folder, which the operator edits. It is read
//! again whenever it changed, so a ban holds from the next connection without a restart.
//!
//! ```text
//! # who is kept out
//! key SHA256:3Jc0MnUc5l1gZqV8aF9Xo1c2Qm7s0n8Hq4Zr6y2u8Yw
//! name mallory
//! address 192.0.2.7
//! address 198.51.100.0/24
//! ```
//!
//! A `key` line bans that key fingerprint (as the log prints it); a `name` line bans a
//! display name (case does not matter, nor how its accents are spelt in Unicode: see
//! [`folded`]), for keys and guests alike; an `address` line
//! bans an IP address, or a network written with its prefix length (IPv4 or IPv6).

use std::fs;
use std::io::Read;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use anyhow::{Context, bail};

use super::names::folded;

/// The bans file's name inside the data folder.
pub const BANS_FILE: &str = "bans.txt";

/// The most the bans file may hold.
const MAX_BANS_BYTES: u64 = 1024 * 1024;

/// The bans in force.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct BanList {
    keys: Vec<String>,
    /// Folded (NFC, lower case), as names are compared: [`folded`].
    names: Vec<String>,
    /// Networks: an address and how many of its leading bits must match.
    addresses: Vec<(IpAddr, u8)>,
}

/// `192.0.2.7` (the one address) or `198.51.100.0/24` (a network) as an address and a
/// prefix length; `None` if it is neither.
fn network(text: &str) -> Option<(IpAddr, u8)> {
    let (address, prefix) = match text.split_once('/') {
        Some((address, prefix)) => (address.parse::<IpAddr>().ok()?, Some(prefix)),
        None => (text.parse::<IpAddr>().ok()?, None),
    };
    let bits = if address.is_ipv4() { 32 } else { 128 };
    let prefix = match prefix {
        Some(prefix) => prefix.parse::<u8>().ok().filter(|&p| p <= bits)?,
        None => bits,
    };
    Some((address, prefix))
}

/// Whether `text` is a key's fingerprint as the server prints it (the log, `hijara
/// serve names`): `SHA256:` and the 43 characters of base64 without padding. Anything
/// else, such as a pasted `ssh-keygen -lf` line (`256 SHA256:... alice@host
/// (ED25519)`), a public key or a fingerprint with a comment after it, bans nobody: it
/// was taken as a ban that never matched (QA s37).
fn is_fingerprint(text: &str) -> bool {
    text.strip_prefix("SHA256:").is_some_and(|digest| {
        digest.len() == 43
            && digest
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/')
    })
}

/// Whether `address` is in the network `(base, prefix)`. An IPv4 address seen as
/// IPv6 (`::ffff:192.0.2.7`) is compared as IPv4.
fn within(address: IpAddr, (base, prefix): (IpAddr, u8)) -> bool {
    let address = address.to_canonical();
    let (a, b, bits) = match (address, base.to_canonical()) {
        (IpAddr::V4(a), IpAddr::V4(b)) => (u128::from(a.to_bits()), u128::from(b.to_bits()), 32),
        (IpAddr::V6(a), IpAddr::V6(b)) => (a.to_bits(), b.to_bits(), 128),
        _ => return false,
    };
    let shift = bits - u32::from(prefix);
    // A prefix of 0 matches everything (a shift by the full width would overflow).
    shift >= bits || (a >> shift) == (b >> shift)
}

impl BanList {
    /// Parses the file's text: the bans of every good line, and one problem for each
    /// line that is no ban (`LINE:COLUMN: expected ...`, the column in characters, of
    /// the word found wrong). A bad line is only left out: a typo on one line lets
    /// nobody in whom another line bans (QA s31: the bans after it, or all of them on a
    /// first read, were dropped).
    pub(crate) fn parse(text: &str) -> (BanList, Vec<String>) {
        let mut list = BanList::default();
        let mut problems = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            // Where `part` (a piece of `raw`) begins, counted in characters from 1.
            let column = |part: &str| {
                let at = part.as_ptr() as usize - raw.as_ptr() as usize;
                raw[..at].chars().count() + 1
            };
            match line.split_once(char::is_whitespace) {
                Some(("key", key)) => match key.trim() {
                    key if is_fingerprint(key) => list.keys.push(key.to_owned()),
                    key => problems.push(format!(
                        "{}:{}: expected a key's fingerprint as the log prints it, \
                         `SHA256:` and 43 characters, found {:?}",
                        n + 1,
                        column(key),
                        super::safe_text(key)
                    )),
                },
                Some(("name", name)) => list.names.push(folded(name.trim())),
                Some(("address", text)) => match network(text.trim()) {
                    Some(net) => list.addresses.push(net),
                    None => problems.push(format!(
                        "{}:{}: expected an IP address or ADDRESS/PREFIX, found {:?}",
                        n + 1,
                        column(text.trim()),
                        super::safe_text(text.trim())
                    )),
                },
                _ => problems.push(format!(
                    "{}:{}: expected `key FINGERPRINT`, `name NAME` or `address IP[/PREFIX]`, found {:?}",
                    n + 1,
                    column(line),
                    super::safe_text(line)
                )),
            }
        }
        (list, problems)
    }

    /// Whether `key` (a fingerprint) is banned.
    pub(crate) fn has_key(&self, key: &str) -> bool {
        self.keys.iter().any(|k| k == key)
    }

    /// Whether connections from `address` are banned.
    pub(crate) fn has_address(&self, address: IpAddr) -> bool {
        self.addresses.iter().any(|&net| within(address, net))
    }

    /// Whether the display name `name` is banned, in any case and either Unicode
    /// spelling of its accents (NFC or not).
    pub(crate) fn has_name(&self, name: &str) -> bool {
        self.names.contains(&folded(name))
    }
}

/// The bans file, read again when it changes; shared by every connection. The file
/// is read (never written) outside the lock, which only guards the list last read.
#[derive(Debug)]
pub(crate) struct Bans {
    path: PathBuf,
    /// The bans last read, and the file's stamp then.
    read: Mutex<LastRead>,
}

/// The file's modification time and length when last read (`None`: no file), and the
/// bans read then.
type LastRead = (Option<(SystemTime, u64)>, Arc<BanList>);

impl Bans {
    /// The bans file in `dir`; read at the first [`Bans::current`].
    pub(crate) fn new(dir: &Path) -> Bans {
        Bans {
            path: dir.join(BANS_FILE),
            read: Mutex::new((None, Arc::default())),
        }
    }

    fn last(&self) -> std::sync::MutexGuard<'_, LastRead> {
        // Nothing is left half done under this lock: a poisoned one is taken over.
        self.read.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The bans in force, read again if the file changed (outside the lock), with what
    /// is wrong in it for the log, said once a reading: a file that can't be read at
    /// all (not a regular file, over 1 MiB) keeps the bans read before; in one that
    /// can, every good line holds and each bad one is a problem (`bans.txt:3:1: ...`).
    pub(crate) fn current(&self) -> (Arc<BanList>, Vec<String>) {
        let meta = match fs::symlink_metadata(&self.path) {
            Ok(meta) => meta,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                *self.last() = (None, Arc::default());
                return (Arc::default(), Vec::new());
            }
            Err(error) => {
                let problem = format!("cannot read {}: {error}", self.path.display());
                return (Arc::clone(&self.last().1), vec![problem]);
            }
        };
        let stamp = (
            meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
            meta.len(),
        );
        {
            let last = self.last();
            if last.0 == Some(stamp) {
                return (Arc::clone(&last.1), Vec::new());
            }
        }
        match read(&self.path, &meta) {
            Ok((list, problems)) => {
                let list = Arc::new(list);
                *self.last() = (Some(stamp), Arc::clone(&list));
                let problems = problems
                    .into_iter()
                    .map(|problem| format!("{}:{problem}", self.path.display()))
                    .collect();
                (list, problems)
            }
            Err(error) => (Arc::clone(&self.last().1), vec![format!("{error:#}")]),
        }
    }
}

fn read(path: &Path, meta: &fs::Metadata) -> anyhow::Result<(BanList, Vec<String>)> {
    if !meta.file_type().is_file() {
        bail!("{} is not a regular file", path.display());
    }
    let mut text = String::new();
    fs::File::open(path)
        .and_then(|f| f.take(MAX_BANS_BYTES + 1).read_to_string(&mut text))
        .with_context(|| format!("cannot read {}", path.display()))?;
    if text.len() as u64 > MAX_BANS_BYTES {
        bail!("{} is larger than {MAX_BANS_BYTES} bytes", path.display());
    }
    Ok(BanList::parse(&text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_names_are_banned_and_names_fold_case() {
        let (list, problems) = BanList::parse(&format!(
            "# note\n\nkey {ALICE}\nname Mallory\n  name  eve \n"
        ));
        assert!(problems.is_empty(), "{problems:?}");
        assert!(list.has_key(ALICE));
        assert!(!list.has_key(&ALICE.replace('J', "K")));
        assert!(list.has_name("mallory") && list.has_name("MALLORY") && list.has_name("Eve"));
        assert!(!list.has_name("alice"));
        let (_, problems) = BanList::parse("name a\nban bob\n");
        assert!(problems[0].starts_with("2:1: "), "{problems:?}");
    }

    /// A key's fingerprint as the log prints it.
    const ALICE: &str = "SHA256:b9fg4OFODrUHM65YiVRMTXnyKYw4rjHJG49Zr5WFeJ4";

    /// QA s37 (qa42): a `key` line took any text, so a fingerprint pasted as
    /// `ssh-keygen -lf` prints it (`256 SHA256:... alice@host (ED25519)`), with a
    /// comment after it, cut short, or a public key, banned nobody and the log said
    /// nothing. Each is a problem now, named by line and column, and bans nobody.
    #[test]
    fn a_key_line_takes_only_a_fingerprint_and_says_what_else_it_found() {
        let (list, problems) = BanList::parse(&format!("key   {ALICE}  \n"));
        assert!(problems.is_empty(), "{problems:?}");
        assert!(list.has_key(ALICE));
        for bad in [
            format!("key 256 {ALICE} alice@host (ED25519)"),
            format!("key {ALICE} # alice's alt"),
            format!("key {}", &ALICE[..40]),
            format!("key {ALICE}="),
            "key ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOc alice@host".to_owned(),
            "key MD5:16:27:ac:a5:76:28:2d:36:63:1b:56:4d:eb:df:a6:48".to_owned(),
            "key SHA256:nonsense".to_owned(),
        ] {
            let (list, problems) = BanList::parse(&format!("# kept out\n{bad}\n"));
            assert_eq!(list, BanList::default(), "{bad}");
            assert_eq!(problems.len(), 1, "{bad}: {problems:?}");
            assert!(
                problems[0].starts_with("2:5: expected a key's fingerprint as the log prints it, `SHA256:` and 43 characters, found "),
                "{bad}: {problems:?}"
            );
        }
    }

    /// A name typed with a decomposed accent (`Zoe` and U+0308), in the file or at the
    /// login, is the precomposed `Zoë` the server binds (NFC): it was let through.
    #[test]
    fn a_name_is_banned_whichever_way_its_accents_are_spelt() {
        let (list, _) = BanList::parse("name zoe\u{308}\nname Ren\u{e9}\n");
        assert!(
            list.has_name("Zo\u{eb}"),
            "NFD in the file, NFC at the login"
        );
        assert!(list.has_name("ZO\u{cb}") && list.has_name("zoe\u{308}"));
        assert!(list.has_name("rene\u{301}"), "NFC in the file, NFD typed");
        assert!(!list.has_name("zoe") && !list.has_name("rene"));
    }

    #[test]
    fn addresses_and_networks_are_banned() {
        let (list, problems) = BanList::parse(
            "address 192.0.2.7\naddress 198.51.100.0/24\naddress 2001:db8::/32\naddress 10.0.0.0/0\n",
        );
        assert!(problems.is_empty(), "{problems:?}");
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert!(list.has_address(ip("192.0.2.7")));
        assert!(
            list.has_address(ip("::ffff:192.0.2.7")),
            "IPv4 seen as IPv6"
        );
        assert!(list.has_address(ip("198.51.100.200")));
        assert!(list.has_address(ip("2001:db8:1::5")));
        assert!(!list.has_address(ip("2001:db9::1")));
        // /0 bans every IPv4 address, and no IPv6 one.
        assert!(list.has_address(ip("203.0.113.1")));
        let (list, _) = BanList::parse("address 192.0.2.7\naddress 198.51.100.0/24\n");
        assert!(!list.has_address(ip("192.0.2.8")));
        assert!(!list.has_address(ip("198.51.101.1")));
        assert!(!list.has_address(ip("::1")));
        for bad in [
            "address 192.0.2.300",
            "address 10.0.0.0/33",
            "address ::/129",
            "address x",
        ] {
            let (list, problems) = BanList::parse(bad);
            assert_eq!(list, BanList::default(), "{bad}");
            assert!(problems[0].starts_with("1:9: "), "{bad}: {problems:?}");
        }
    }

    #[test]
    fn the_file_is_read_again_when_it_changes_and_a_bad_one_keeps_the_old_bans() {
        let dir = tempfile::tempdir().unwrap();
        let bans = Bans::new(dir.path());
        assert!(!bans.current().0.has_name("bob"));
        let path = dir.path().join(BANS_FILE);
        fs::write(&path, "name bob\n").unwrap();
        assert!(bans.current().0.has_name("bob"));
        fs::write(&path, "name bob\nname carol\n").unwrap();
        assert!(bans.current().0.has_name("carol"));
        fs::write(&path, "nonsense here, longer than before\n").unwrap();
        let (list, problems) = bans.current();
        assert!(
            !list.has_name("carol") && problems.len() == 1,
            "{problems:?}"
        );
        // Said once a reading, not at every login.
        assert!(bans.current().1.is_empty());
        fs::write(&path, "name carol\n").unwrap();
        assert!(bans.current().0.has_name("carol"));
        // A directory in the file's place can't be read at all: the last bans hold.
        fs::remove_file(&path).unwrap();
        fs::create_dir(&path).unwrap();
        let (list, problems) = bans.current();
        assert!(
            list.has_name("carol") && problems.len() == 1,
            "{problems:?}"
        );
        fs::remove_dir(&path).unwrap();
        assert!(!bans.current().0.has_name("carol"));
    }

    /// QA s31 (qa32): `name mallory` above a typo (`nmae eve`) let mallory in: the
    /// first bad line threw away the whole reading. Every good line holds, on a first
    /// reading and on a reload, and the bad one is named by line and column.
    #[test]
    fn a_bad_line_is_named_and_every_good_line_still_bans() {
        let dir = tempfile::tempdir().unwrap();
        let bans = Bans::new(dir.path());
        let path = dir.path().join(BANS_FILE);
        fs::write(
            &path,
            "# kept out\nname mallory\n  nmae eve\naddress 192.0.2.7\n",
        )
        .unwrap();
        let (list, problems) = bans.current();
        assert!(list.has_name("mallory"), "the line before the typo");
        assert!(
            list.has_address("192.0.2.7".parse().unwrap()),
            "the line after it"
        );
        assert!(!list.has_name("eve"));
        assert_eq!(
            problems,
            [format!(
                "{}:3:3: expected `key FINGERPRINT`, `name NAME` or `address IP[/PREFIX]`, found \"nmae eve\"",
                path.display()
            )]
        );
        // A reload with a new typo: its good lines hold too.
        fs::write(&path, "name trudy\naddress 192.0.2.300\nname mallory\n").unwrap();
        let (list, problems) = bans.current();
        assert!(list.has_name("trudy") && list.has_name("mallory"));
        assert!(
            problems[0]
                .ends_with(":2:9: expected an IP address or ADDRESS/PREFIX, found \"192.0.2.300\""),
            "{problems:?}"
        );
    }
}
