//! What the load measurements of `hijara serve` share (`serve_load`,
//! `preauth_flood`): the board's squares in filling order, percentiles and the load
//! average.

use std::time::Duration;

/// The squares in the order the pairs play them: the board filled row by row, four times.
pub fn square(k: usize) -> String {
    let cell = k % 16;
    format!("{}{}", (b'a' + (cell % 4) as u8) as char, cell / 4 + 1)
}

/// The `p`th percentile of `sorted` (nearest rank; zero when empty).
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// The load averages over 1, 5 and 15 minutes (empty where /proc has none).
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}
