//! The server's host key: ed25519, made on the first start and kept in the data folder
//! with mode 0600, so clients see the same key at every start.

use std::fs;
use std::io::Write;
use std::path::Path;

use anyhow::{Context, bail};
use russh::keys::ssh_key::LineEnding;
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{HashAlg, PrivateKey, PublicKey};

/// The host key's file name inside the data folder.
pub const HOST_KEY_FILE: &str = "host_key_ed25519";

/// The most a host key file may hold: an OpenSSH ed25519 key is about 400 bytes.
const MAX_KEY_BYTES: u64 = 16 * 1024;

/// What an operator can do about a host key file the server cannot use: it is never
/// replaced unasked, since clients that know the old key refuse a new one.
const KEY_REMEDY: &str = "put back the key your players' clients know (from a backup), or \
                          remove the file and the server makes a new one (clients that knew \
                          the old key then warn that it changed)";

/// The SHA-256 fingerprint of `key` as `ssh-keygen -l` and ssh print it (`SHA256:...`).
pub fn fingerprint_of(key: &PublicKey) -> String {
    key.fingerprint(HashAlg::Sha256).to_string()
}

/// Reads the host key in `dir`, or makes one and writes it there (mode 0600) if there
/// is none. A key file that can't be read is an error, never replaced.
pub fn load_or_create_host_key(dir: &Path) -> anyhow::Result<PrivateKey> {
    let path = dir.join(HOST_KEY_FILE);
    match fs::symlink_metadata(&path) {
        Ok(meta) => {
            if !meta.file_type().is_file() {
                bail!("{} is not a regular file", path.display());
            }
            if meta.len() > MAX_KEY_BYTES {
                bail!("{} is too large to be a host key", path.display());
            }
            check_mode(&path, &meta)?;
            let bytes = fs::read(&path)
                .with_context(|| format!("cannot read the host key {}", path.display()))?;
            if bytes.trim_ascii().is_empty() {
                // ssh-key said "PEM preamble contains invalid data (NUL byte)", three
                // times over, of an empty file.
                bail!("the host key {} is empty: {KEY_REMEDY}", path.display());
            }
            let Ok(text) = std::str::from_utf8(&bytes) else {
                bail!(
                    "the host key {} is not text, so not an OpenSSH private key (damaged?): \
                     {KEY_REMEDY}",
                    path.display()
                );
            };
            // ssh-key's error repeats its cause three times over: said once.
            let key = PrivateKey::from_openssh(text.as_bytes()).map_err(|e| {
                anyhow::anyhow!(
                    "{} is not an OpenSSH private key ({e}; cut short or damaged?): {KEY_REMEDY}",
                    path.display()
                )
            })?;
            Ok(key)
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            let mut seed = [0u8; 32];
            getrandom::fill(&mut seed)
                .map_err(|e| anyhow::anyhow!("no randomness for a host key: {e}"))?;
            let key = PrivateKey::from(Ed25519Keypair::from_seed(&seed));
            let text = key
                .to_openssh(LineEnding::LF)
                .context("cannot encode the host key")?;
            write_private(&path, text.as_bytes())?;
            Ok(key)
        }
        Err(error) => {
            Err(error).with_context(|| format!("cannot read the host key {}", path.display()))
        }
    }
}

/// Writes a new file readable by its owner only, whole or not at all: written and
/// synced beside it first, then renamed into place. Written in place, a start cut
/// short (a kill, a full disk) left an empty or partial key, and every later start
/// refused it.
fn write_private(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    let mut beside = path.as_os_str().to_owned();
    beside.push(".new");
    let beside = std::path::PathBuf::from(beside);
    // Left by a start cut short: never a key anyone knows (it was not renamed).
    match fs::remove_file(&beside) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            return Err(e).with_context(|| format!("cannot remove {}", beside.display()));
        }
        _ => {}
    }
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options
        .open(&beside)
        .with_context(|| format!("cannot create the host key {}", beside.display()))?;
    file.write_all(contents)
        .and_then(|()| file.sync_all())
        .with_context(|| format!("cannot write the host key {}", beside.display()))?;
    drop(file);
    fs::rename(&beside, path)
        .with_context(|| format!("cannot create the host key {}", path.display()))?;
    // The rename itself made durable; a folder that can't be synced (some file
    // systems) still has the key, which is all a start needs.
    if let Some(dir) = path.parent()
        && let Ok(dir) = fs::File::open(dir)
    {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// A key others can read is refused: the operator should fix its mode.
#[cfg(unix)]
fn check_mode(path: &Path, meta: &fs::Metadata) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = meta.permissions().mode() & 0o777;
    if mode & 0o077 != 0 {
        bail!(
            "the host key {} can be read by others (mode {mode:o}): chmod 600 it",
            path.display()
        );
    }
    Ok(())
}

#[cfg(not(unix))]
fn check_mode(_: &Path, _: &fs::Metadata) -> anyhow::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_made_once_private_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let first = load_or_create_host_key(dir.path()).unwrap();
        let second = load_or_create_host_key(dir.path()).unwrap();
        assert_eq!(
            fingerprint_of(first.public_key()),
            fingerprint_of(second.public_key())
        );
        assert!(fingerprint_of(first.public_key()).starts_with("SHA256:"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(dir.path().join(HOST_KEY_FILE))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn an_unreadable_key_is_an_error_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(HOST_KEY_FILE);
        write_private(&path, b"not a key").unwrap();
        let error = load_or_create_host_key(dir.path()).unwrap_err();
        assert!(format!("{error:#}").contains("not an OpenSSH private key"));
        assert_eq!(fs::read(&path).unwrap(), b"not a key");
    }

    /// QA (s16 serverqa): a key file left empty (the key was written in place, so a
    /// first start cut short left one) was refused with ssh-key's "PEM preamble
    /// contains invalid data (NUL byte)", three times over, though it holds no byte:
    /// the operator was not told what to do. It is said to be empty, and left as it is.
    #[test]
    fn an_empty_key_file_is_said_to_be_empty_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(HOST_KEY_FILE);
        write_private(&path, b"").unwrap();
        let error = format!("{:#}", load_or_create_host_key(dir.path()).unwrap_err());
        assert!(error.contains("is empty: put back the key"), "{error}");
        assert!(error.contains("remove the file and the server makes a new one"));
        assert!(!error.contains("NUL"), "{error}");
        assert_eq!(fs::read(&path).unwrap(), b"");
        // Garbage is named once, not three times.
        fs::write(&path, b"garbage").unwrap();
        let error = format!("{:#}", load_or_create_host_key(dir.path()).unwrap_err());
        assert!(error.contains("not an OpenSSH private key"), "{error}");
        assert_eq!(error.matches("PEM").count(), 1, "{error}");
    }

    /// QA (s33 qa35): random bytes said `stream did not contain valid UTF-8`, a key cut
    /// short ssh-key's PEM error alone: neither said what to do. Both say the file may
    /// be damaged and give the remedy; neither file is touched.
    #[test]
    fn a_damaged_or_cut_key_says_what_to_do_and_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(HOST_KEY_FILE);
        let whole = load_or_create_host_key(dir.path()).unwrap();
        let text = whole.to_openssh(LineEnding::LF).unwrap();
        let cut = &text.as_bytes()[..100];
        let random: Vec<u8> = (0..200u32).map(|i| (i * 151 % 251) as u8 | 0x80).collect();
        for (bytes, said) in [(cut, "cut short or damaged?"), (&random[..], "is not text")] {
            fs::write(&path, bytes).unwrap();
            let error = format!("{:#}", load_or_create_host_key(dir.path()).unwrap_err());
            assert!(error.contains(said), "{error}");
            assert!(
                error.contains("put back the key your players' clients know"),
                "{error}"
            );
            assert_eq!(fs::read(&path).unwrap(), bytes);
        }
    }

    /// A file left beside the key by a start cut short before its rename is no key:
    /// the next start replaces it and makes the key.
    #[test]
    fn a_key_half_written_beside_is_made_again() {
        let dir = tempfile::tempdir().unwrap();
        let beside = dir.path().join(format!("{HOST_KEY_FILE}.new"));
        fs::write(&beside, b"-----BEGIN OPENSSH PRI").unwrap();
        let key = load_or_create_host_key(dir.path()).unwrap();
        let again = load_or_create_host_key(dir.path()).unwrap();
        assert_eq!(
            fingerprint_of(key.public_key()),
            fingerprint_of(again.public_key())
        );
        assert!(!beside.exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_key_others_can_read_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        load_or_create_host_key(dir.path()).unwrap();
        let path = dir.path().join(HOST_KEY_FILE);
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        let error = load_or_create_host_key(dir.path()).unwrap_err();
        assert!(error.to_string().contains("chmod 600"), "{error}");
    }
}
