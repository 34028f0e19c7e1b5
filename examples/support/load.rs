//! What the load measurements share: the board's squares in filling order
//! (`serve_load`, `preauth_flood`) and the machine's load average (those, and
//! every tool that prints it beside its figures).

/// The squares in the order the pairs play them: the board filled row by row, four times.
pub fn square(k: usize) -> String {
    let cell = k % 16;
    format!("{}{}", (b'a' + (cell % 4) as u8) as char, cell / 4 + 1)
}

/// The load averages over 1, 5 and 15 minutes (`unknown` where /proc has none).
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}
