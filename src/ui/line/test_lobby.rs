//! The one [`Lobby`] test double of the line mode's tests (`mod.rs`, `narrate.rs`): a
//! lobby in one key context, with the lines and tables it lists, taking nothing.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::ui::effect::Effects;
use crate::ui::keymap::KeyContext;
use crate::ui::{App, Input, Link, Lobby, Look};

/// A lobby as the line mode reads it: its key context, its lines, the tables listed,
/// and whether a club screen stands in for the list.
#[derive(Debug)]
pub(crate) struct FakeLobby {
    context: KeyContext,
    lines: Vec<String>,
    tables: Vec<usize>,
    club: bool,
    /// A guest's lobby (no key).
    pub(crate) guest: bool,
}

impl FakeLobby {
    /// A lobby in `context`, listing nothing.
    pub(crate) fn in_context(context: KeyContext) -> FakeLobby {
        FakeLobby {
            context,
            lines: Vec::new(),
            tables: Vec::new(),
            club: false,
            guest: false,
        }
    }

    /// The lobby's list (`club`: a club screen instead) with these lines and tables.
    pub(crate) fn listing(lines: &[&str], tables: &[usize], club: bool) -> FakeLobby {
        FakeLobby {
            context: KeyContext::Lobby,
            lines: lines.iter().map(|l| (*l).to_owned()).collect(),
            tables: tables.to_vec(),
            club,
            guest: false,
        }
    }
}

impl Lobby for FakeLobby {
    fn handle(&mut self, _: Input) -> Effects {
        Vec::new()
    }
    fn linked(&mut self) -> Effects {
        Vec::new()
    }
    fn render(&self, _: Rect, _: &mut Buffer) {}
    fn lines(&self) -> Vec<String> {
        self.lines.clone()
    }
    fn table_numbers(&self) -> Vec<usize> {
        self.tables.clone()
    }
    fn lists_tables(&self) -> bool {
        !self.club
    }
    fn key_context(&self) -> KeyContext {
        self.context
    }
    fn look(&self) -> Look {
        Look::PLAIN
    }
    fn area(&self) -> Rect {
        Rect::default()
    }
    fn tick_every(&self) -> Option<Duration> {
        None
    }
    fn take_game(&mut self) -> Option<(App, Option<Box<dyn Link>>)> {
        None
    }
    fn back(&mut self) -> Effects {
        Vec::new()
    }
    fn face_asked(&mut self) -> Option<bool> {
        None
    }
    fn waiting(&self) -> bool {
        false
    }
    fn guest(&self) -> bool {
        self.guest
    }
}
