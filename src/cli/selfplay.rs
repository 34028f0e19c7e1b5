//! `hijara selfplay`: not built yet.

pub(crate) fn run(_args: &super::SelfplayArgs) -> anyhow::Result<()> {
    anyhow::bail!("`hijara selfplay` is not built yet")
}
