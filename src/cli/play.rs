//! `hijara play`: not built yet.

pub(crate) fn run(_args: super::PlayArgs) -> anyhow::Result<()> {
    anyhow::bail!("`hijara play` is not built yet")
}
