//! `hijara bench`: not built yet.

pub(crate) fn run(_args: &super::BenchArgs) -> anyhow::Result<()> {
    anyhow::bail!("`hijara bench` is not built yet")
}
