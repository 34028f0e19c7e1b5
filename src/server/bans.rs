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
    /// Parses the file's text; a line that is no ban is an error naming it.
    pub(crate) fn parse(text: &str) -> anyhow::Result<BanList> {
        let mut list = BanList::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            match line.split_once(char::is_whitespace) {
                Some(("key", key)) => list.keys.push(key.trim().to_owned()),
                Some(("name", name)) => list.names.push(folded(name.trim())),
                Some(("address", text)) => match network(text.trim()) {
                    Some(net) => list.addresses.push(net),
                    None => bail!(
                        "line {}: expected an IP address or ADDRESS/PREFIX, found {:?}",
                        n + 1,
                        super::safe_text(text.trim())
                    ),
                },
                _ => bail!(
                    "line {}: expected `key FINGERPRINT`, `name NAME` or `address IP[/PREFIX]`, found {:?}",
                    n + 1,
                    super::safe_text(line)
                ),
            }
        }
        Ok(list)
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

    /// The bans in force, read again if the file changed (outside the lock). A file
    /// that can't be read keeps the bans read before, and the error is returned for
    /// the log.
    pub(crate) fn current(&self) -> (Arc<BanList>, Option<anyhow::Error>) {
        let meta = match fs::symlink_metadata(&self.path) {
            Ok(meta) => meta,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                *self.last() = (None, Arc::default());
                return (Arc::default(), None);
            }
            Err(error) => return (Arc::clone(&self.last().1), Some(error.into())),
        };
        let stamp = (
            meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
            meta.len(),
        );
        {
            let last = self.last();
            if last.0 == Some(stamp) {
                return (Arc::clone(&last.1), None);
            }
        }
        match read(&self.path, &meta) {
            Ok(list) => {
                let list = Arc::new(list);
                *self.last() = (Some(stamp), Arc::clone(&list));
                (list, None)
            }
            Err(error) => (Arc::clone(&self.last().1), Some(error)),
        }
    }
}

fn read(path: &Path, meta: &fs::Metadata) -> anyhow::Result<BanList> {
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
    BanList::parse(&text).with_context(|| format!("{}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_names_are_banned_and_names_fold_case() {
        let list =
            BanList::parse("# note\n\nkey SHA256:abc\nname Mallory\n  name  eve \n").unwrap();
        assert!(list.has_key("SHA256:abc"));
        assert!(!list.has_key("SHA256:abd"));
        assert!(list.has_name("mallory") && list.has_name("MALLORY") && list.has_name("Eve"));
        assert!(!list.has_name("alice"));
        let error = BanList::parse("key a\nban bob\n").unwrap_err().to_string();
        assert!(error.contains("line 2"), "{error}");
    }

    /// A name typed with a decomposed accent (`Zoe` and U+0308), in the file or at the
    /// login, is the precomposed `Zoë` the server binds (NFC): it was let through.
    #[test]
    fn a_name_is_banned_whichever_way_its_accents_are_spelt() {
        let list = BanList::parse("name zoe\u{308}\nname Ren\u{e9}\n").unwrap();
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
        let list = BanList::parse(
            "address 192.0.2.7\naddress 198.51.100.0/24\naddress 2001:db8::/32\naddress 10.0.0.0/0\n",
        )
        .unwrap();
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
        let list = BanList::parse("address 192.0.2.7\naddress 198.51.100.0/24\n").unwrap();
        assert!(!list.has_address(ip("192.0.2.8")));
        assert!(!list.has_address(ip("198.51.101.1")));
        assert!(!list.has_address(ip("::1")));
        for bad in [
            "address 192.0.2.300",
            "address 10.0.0.0/33",
            "address ::/129",
            "address x",
        ] {
            let error = BanList::parse(bad).unwrap_err().to_string();
            assert!(error.contains("line 1"), "{bad}: {error}");
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
        let (list, error) = bans.current();
        assert!(list.has_name("carol") && error.is_some());
        fs::remove_file(&path).unwrap();
        assert!(!bans.current().0.has_name("carol"));
    }
}
