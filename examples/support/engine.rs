//! A `hijara engine` child process driven through its pipes, as a controller drives
//! it (the strength match and the budget timer).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use anyhow::{Context, bail};

/// One `hijara engine` child process; dropping it says `quit` and waits for it.
pub struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    /// Starts `binary engine` with `args` after `engine`.
    pub fn start(binary: &Path, args: &[&str]) -> anyhow::Result<Engine> {
        let mut child = Command::new(binary)
            .arg("engine")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .with_context(|| format!("cannot start {} engine", binary.display()))?;
        let input = child.stdin.take().context("stdin")?;
        let output = BufReader::new(child.stdout.take().context("stdout")?);
        Ok(Engine {
            child,
            input,
            output,
        })
    }

    /// Sends one command and returns its reply's text (after `=`, trimmed), read up
    /// to the blank line that ends it; an error reply is an error.
    pub fn send(&mut self, command: &str) -> anyhow::Result<String> {
        writeln!(self.input, "{command}")?;
        self.input.flush()?;
        let mut reply = String::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line)? == 0 {
                bail!("the engine closed its output after `{command}`");
            }
            if line.trim().is_empty() {
                break;
            }
            reply += &line;
        }
        match reply.strip_prefix('=') {
            Some(text) => Ok(text.trim().to_owned()),
            None => bail!("`{command}`: {}", reply.trim()),
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}
