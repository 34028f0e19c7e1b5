//! How a server is set up: the options `hijara serve` takes, and the checks of the
//! operator's words every player is shown (the club's name, the message of the day).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use super::gate::Startups;

/// How a server is set up.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// The address to listen on.
    pub listen: SocketAddr,
    /// Where the host key and the names are kept.
    pub data_dir: PathBuf,
    /// The most players (authenticated connections) at once, in all.
    pub max_sessions: usize,
    /// The most players at once from one source address.
    pub max_per_address: usize,
    /// How long a connection may take to log in.
    pub login_grace: Duration,
    /// The random early drop of connections waiting to log in.
    pub startups: Startups,
    /// The most connections waiting to log in from one address.
    pub startups_per_address: usize,
    /// New connections one address may open at once...
    pub connect_burst: u32,
    /// ...and per minute after that.
    pub connect_per_minute: u32,
    /// New names one address may bind to keys an hour (and at once).
    pub new_names_per_hour: u32,
    /// Whether keyless guests are let in (keyboard-interactive, no prompt).
    pub guests: bool,
    /// How long a lobby, a game watched, a correspondence game or a screen with nothing
    /// running may be left alone before the session is closed (a player in a live game
    /// in play never is); and how long the player to move at a live game without a
    /// clock may send nothing before the game is adjourned.
    pub idle_timeout: Duration,
    /// How long a client may leave its screen's output unread before it is dropped.
    pub write_timeout: Duration,
    /// The most correspondence tables open (nobody sat at them yet) on the server.
    pub max_open_corr: usize,
    /// The most unfinished games against the server's AI kept on the server.
    pub max_ai_games: usize,
    /// How many AI searches may run at once (each on one thread).
    pub ai_engines: usize,
    /// How long a dropped player's seat is kept for them.
    pub grace: Duration,
    /// The engine's thinking time per position in the reviews of finished games.
    pub review_think: Duration,
    /// The club's name on the lobby's title line (checked: safe text, at most
    /// [`super::MAX_CLUB_NAME_COLUMNS`] columns).
    pub club_name: Option<String>,
    /// The message of the day, the lobby's first note (read from `--motd FILE` and
    /// made safe: [`super::read_motd`]).
    pub motd: Option<String>,
    /// How long every refused login waits before the client hears it
    /// ([`super::DEFAULT_AUTH_REJECTION`]; less only in tests, where each refusal
    /// cost a second).
    pub auth_rejection: Duration,
    /// For tests: the wall clock correspondence games run on, read from this file (a
    /// Unix time in seconds) instead of the system's.
    pub clock_file: Option<PathBuf>,
}

/// The most columns a club's name takes (`--club-name`): with `: the lobby` after it,
/// the title fits 44 columns whole.
pub const MAX_CLUB_NAME_COLUMNS: usize = 32;

/// The most bytes a message of the day's file may hold (`--motd FILE`): a few lines,
/// the lobby's note on a small screen.
pub const MAX_MOTD_BYTES: u64 = 512;

/// `text` as the address to listen on (`--listen ADDR:PORT`), or why not, with an
/// example to copy. The standard parser's only word was `invalid socket address
/// syntax`, for a host name (`localhost:2222`, which is not looked up), a missing
/// port (`127.0.0.1`), a missing address (`2222`) and a port past 65535 alike (QA s37).
pub fn listen_address(text: &str) -> Result<SocketAddr, String> {
    use std::net::IpAddr;
    let text = text.trim();
    if let Ok(address) = text.parse::<SocketAddr>() {
        return Ok(address);
    }
    let shown = crate::text::sanitize(text);
    let bracketed = text.strip_prefix('[').and_then(|t| t.strip_suffix(']'));
    if text.parse::<IpAddr>().is_ok() || bracketed.is_some_and(|t| t.parse::<IpAddr>().is_ok()) {
        return Err(format!(
            "no port in \"{shown}\": give one after the address, as 127.0.0.1:2222 \
             ([::1]:2222 for an IPv6 address)"
        ));
    }
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "no address in \"{shown}\": give one before the port, as 127.0.0.1:{shown} \
             (this machine only) or 0.0.0.0:{shown} (other machines too)"
        ));
    }
    let (host, port) = text.rsplit_once(':').unwrap_or((text, ""));
    let ip = host.trim_start_matches('[').trim_end_matches(']');
    if ip.parse::<IpAddr>().is_ok() {
        let port = crate::text::sanitize(port);
        return Err(format!(
            "the port \"{port}\" is not a number from 0 to 65535 (0 picks a free one)"
        ));
    }
    Err(format!(
        "\"{}\" is not an IP address (a host name is not looked up): give \
         127.0.0.1:2222 (this machine only), 0.0.0.0:2222 (other machines too) or \
         [::]:2222 (IPv6 too)",
        crate::text::sanitize(host)
    ))
}

/// `name` as a club's name (`--club-name`), or why not: its spaces at the ends
/// trimmed, not empty, no control or invisible character (a terminal escape, a
/// line break), at most [`MAX_CLUB_NAME_COLUMNS`] display columns.
pub fn club_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("expected a name, found nothing".into());
    }
    if crate::text::sanitize(name) != name {
        return Err(format!(
            "a control or invisible character in \"{}\"",
            crate::text::sanitize(name)
        ));
    }
    let columns = crate::text::width(name);
    if columns > MAX_CLUB_NAME_COLUMNS {
        return Err(format!(
            "at most {MAX_CLUB_NAME_COLUMNS} columns, found {columns}"
        ));
    }
    Ok(name.to_owned())
}

/// The message of the day in `path` (`--motd FILE`), as the lobby's note says it:
/// its lines joined by spaces, blank ones dropped, every control or invisible
/// character shown escaped (`\u{1b}`), never sent raw. An error naming the file
/// when it is no regular file, holds more than [`MAX_MOTD_BYTES`], is not UTF-8 (the
/// line and column of the first bad byte) or says nothing.
pub fn read_motd(path: &std::path::Path) -> anyhow::Result<String> {
    use std::io::Read;
    let shown = path.display();
    let mut file = std::fs::File::open(path)
        .map_err(|error| anyhow::anyhow!("cannot read the message of the day {shown}: {error}"))?;
    let meta = file
        .metadata()
        .map_err(|error| anyhow::anyhow!("cannot read the message of the day {shown}: {error}"))?;
    if !meta.is_file() {
        anyhow::bail!("the message of the day {shown} is not a regular file");
    }
    // Read with its limit, whatever the file's size said a moment ago.
    let mut bytes = Vec::new();
    (&mut file)
        .take(MAX_MOTD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| anyhow::anyhow!("cannot read the message of the day {shown}: {error}"))?;
    if bytes.len() as u64 > MAX_MOTD_BYTES {
        anyhow::bail!(
            "the message of the day {shown} is over {MAX_MOTD_BYTES} bytes: a few lines at most"
        );
    }
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => {
            let good = &error.as_bytes()[..error.utf8_error().valid_up_to()];
            // Valid up to there: the line and column (in characters) of the bad byte.
            let before = String::from_utf8_lossy(good);
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            anyhow::bail!(
                "the message of the day {shown}: line {line}, column {column}: not UTF-8 text"
            );
        }
    };
    let said: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    if said.is_empty() {
        anyhow::bail!("the message of the day {shown} says nothing");
    }
    Ok(crate::text::sanitize(&said.join(" ")).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brief s32 (srv36): the operator's words are checked at the start: a name that
    /// would break the title (an escape, too wide), a file too big, not text, or empty
    /// is refused, naming what; a control character in the message is shown escaped.
    #[test]
    fn the_club_s_name_and_the_message_of_the_day_are_checked_and_made_safe() {
        assert_eq!(
            club_name("  Riverside Hijara  "),
            Ok("Riverside Hijara".into())
        );
        assert!(club_name("").is_err());
        assert!(club_name("ev\u{1b}[2Jil").unwrap_err().contains("\\u{1b}"));
        let wide = "界".repeat(17);
        assert_eq!(club_name(&wide), Err("at most 32 columns, found 34".into()));
        assert!(club_name(&"界".repeat(16)).is_ok());
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("motd.txt");
        std::fs::write(&file, "Welcome!\n\n  Tournament \u{1b}[31mtonight  \n").unwrap();
        assert_eq!(
            read_motd(&file).unwrap(),
            "Welcome! Tournament \\u{1b}[31mtonight"
        );
        std::fs::write(&file, b"ok\nab\xffc").unwrap();
        let error = read_motd(&file).unwrap_err().to_string();
        assert!(
            error.ends_with("line 2, column 3: not UTF-8 text"),
            "{error}"
        );
        std::fs::write(&file, "x".repeat(513)).unwrap();
        assert!(
            read_motd(&file)
                .unwrap_err()
                .to_string()
                .contains("over 512 bytes")
        );
        std::fs::write(&file, "x".repeat(512)).unwrap();
        assert!(read_motd(&file).is_ok());
        std::fs::write(&file, " \n\n").unwrap();
        assert!(
            read_motd(&file)
                .unwrap_err()
                .to_string()
                .ends_with("says nothing")
        );
        assert!(read_motd(dir.path()).is_err(), "a folder");
        assert!(read_motd(&dir.path().join("none")).is_err());
    }
}
