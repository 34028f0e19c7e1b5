//! `hijara engine`: not built yet.

pub(crate) fn run() -> anyhow::Result<()> {
    anyhow::bail!("`hijara engine` is not built yet")
}
