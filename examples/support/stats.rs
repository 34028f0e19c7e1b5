//! What the measuring tools' rates share (`eval_fit`, `review_error`): the
//! confidence interval of a proportion.

/// The 95% Wilson interval of `k` in `n`, in percent.
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 100.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96_f64);
    let p = k / n;
    let den = 1.0 + z * z / n;
    let centre = p + z * z / (2.0 * n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (100.0 * (centre - half) / den, 100.0 * (centre + half) / den)
}

/// The `key=value` fields of a logged `loss ...` line, without its `# ...`
/// comment; `None` for another line or a field without `=`.
pub fn loss_fields(line: &str) -> Option<Vec<(&str, &str)>> {
    let rest = line.trim().strip_prefix("loss ")?;
    let rest = rest.split('#').next().unwrap_or(rest);
    rest.split_whitespace().map(|f| f.split_once('=')).collect()
}
