//! `hijara score`: not built yet.

pub(crate) fn run(_args: &super::ScoreArgs) -> anyhow::Result<()> {
    anyhow::bail!("`hijara score` is not built yet")
}
