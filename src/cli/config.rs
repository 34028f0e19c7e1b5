//! The preferences of a run: the config file read (unless `--no-config`), the global
//! flags over it, and the guesses from the environment where nothing chose; and
//! `hijara config`, which shows them with where each came from, or writes a
//! commented file.

use std::io::Write;

use anyhow::{Context, bail};

use crate::prefs::{
    ConfigFile, Key, Palette, PrefError, Prefs, Settings, Source, colorfgbg_names_a_background,
    config_path, guess_from_colorfgbg, guess_from_term, locale_is_utf8, read,
};
use crate::strings::config as words;
use crate::text::display_path;

use super::out::STDOUT_FAILED;
use super::{Cli, ConfigArgs};

/// The preferences in force for this run, the file they came from and its problems.
#[derive(Debug, Clone)]
pub(crate) struct RunPrefs {
    /// The values and where each came from. The palette and ASCII are always decided.
    pub(crate) settings: Settings,
    /// What was found at the config file's place.
    pub(crate) file: ConfigFile,
    /// The file's problems, each key's alone.
    pub(crate) problems: Vec<PrefError>,
    /// Whether a screen has shown the first problem already (one screen says it).
    told: std::cell::Cell<bool>,
    /// The default palette was taken with nothing said of the background (no
    /// answer to the query, no `COLORFGBG`): the screens draw it for both
    /// ([`crate::ui::Look::on_unknown_background`]).
    background_unknown: bool,
    /// The background is known to be light (the terminal's answer, else
    /// `COLORFGBG`): every palette draws for it
    /// ([`crate::ui::Look::on_light_background`]).
    background_light: bool,
    /// The background query, put off until a screen really opens ([`RunPrefs::setup`]):
    /// a command that stops first (nothing to resume, a record that does not read)
    /// asks the terminal nothing. `None` when its answer would not count.
    deferred: Option<Box<Deferred>>,
}

/// What deciding the look again takes once the terminal has answered the background
/// query: the values before the first deciding, the flags and the environment, and
/// the answer (asked once, by the first screen).
#[derive(Debug, Clone)]
pub(crate) struct Deferred {
    /// The file's values, before [`RunPrefs::decide`] filled in the palette and ASCII.
    settings: Settings,
    /// `--palette`.
    palette: Option<Palette>,
    /// `--ascii`.
    ascii: bool,
    /// The environment read at the start (its `background` still `None`).
    env: Environment,
    /// The terminal's answer, once asked: `Some(None)` when it gave none.
    answer: std::cell::OnceCell<Option<Palette>>,
}

/// What the environment says, read once so that the deciding stays pure.
#[derive(Debug, Clone, Default)]
pub(crate) struct Environment {
    /// `NO_COLOR` is set and not empty.
    pub(crate) no_color: bool,
    /// `COLORFGBG`'s value.
    pub(crate) colorfgbg: Option<String>,
    /// `TERM`'s value.
    pub(crate) term: Option<String>,
    /// `LC_ALL`, `LC_CTYPE` and `LANG`.
    pub(crate) locale: [Option<String>; 3],
    /// The palette the terminal's answer to the OSC 11 query suggests (its
    /// background light or dark), when it was asked and answered.
    pub(crate) background: Option<Palette>,
}

impl Environment {
    /// This process's environment.
    pub(crate) fn read() -> Environment {
        let var = |name| std::env::var(name).ok();
        Environment {
            no_color: var("NO_COLOR").is_some_and(|v| !v.is_empty()),
            colorfgbg: var("COLORFGBG"),
            term: var("TERM"),
            locale: [var("LC_ALL"), var("LC_CTYPE"), var("LANG")],
            background: None,
        }
    }

    /// Whether the terminal's background would decide the palette: nothing else
    /// does (`NO_COLOR`, a monochrome `TERM`), and `TERM` is not `dumb` (the line
    /// mode's).
    fn background_would_decide(&self) -> bool {
        let term = self.term.as_deref();
        !self.no_color && term.and_then(guess_from_term).is_none() && term != Some("dumb")
    }
}

impl RunPrefs {
    /// The preferences for `cli`: its file (unless `--no-config`, or the command is
    /// `serve`), its flags, and the environment.
    pub(crate) fn load(cli: &Cli) -> RunPrefs {
        // `hijara serve` reads none: a server's settings are its flags, and a player's
        // palette or AI level means nothing to it (QA s31: its start printed the
        // operator's own file's problems, `max_sessions`: no such key).
        let serving = matches!(cli.command, Some(super::Command::Serve(_)));
        let (settings, file, problems) = if cli.no_config || serving {
            (Settings::default(), ConfigFile::Ignored, Vec::new())
        } else {
            match config_path() {
                Some(path) => read(&path),
                None => (Settings::default(), ConfigFile::NoFolder, Vec::new()),
            }
        };
        let mut run = RunPrefs {
            settings,
            file,
            problems,
            told: std::cell::Cell::new(false),
            background_unknown: false,
            background_light: false,
            deferred: None,
        };
        let display = cli.display();
        let mut env = Environment::read();
        // Asked only when its answer would be used: no palette chosen, a screen to
        // draw (never `serve`'s own terminal, nor the line mode's).
        let chosen = display.palette.is_some() || run.settings.prefs.palette.is_some();
        if !chosen
            && !run.settings.prefs.plain
            && cli.may_draw_the_full_screen()
            && env.background_would_decide()
        {
            if matches!(&cli.command, Some(super::Command::Config(args)) if args.ask_terminal) {
                // `hijara config --ask-terminal` reports the answer and opens no
                // screen: asked now, and what is typed ahead is the shell's.
                let (background, typed) = crate::ui::ask_background_leaving_keys();
                env.background = background;
                // Lost (nothing can give them back to the shell): said, not silent.
                if !typed.is_empty() {
                    super::out::note(crate::strings::config::keys_lost(&typed));
                }
            } else {
                // Asked by the first screen, once the command's checks have passed.
                // `hijara config` opens none, so without `--ask-terminal` it is never
                // asked: the keys typed during the wait would be lost, and a late
                // answer would reach the shell as typed text. Its report says the
                // palette is automatic ([`RunPrefs::palette_automatic`]).
                run.deferred = Some(Box::new(Deferred {
                    settings: run.settings.clone(),
                    palette: display.palette,
                    ascii: display.ascii,
                    env: env.clone(),
                    answer: std::cell::OnceCell::new(),
                }));
            }
        }
        run.decide(display.palette, display.ascii, &env);
        run
    }

    /// Whether the palette is left to the terminal's background, which a screen asks
    /// for as it opens and which was not asked yet: nothing chose a palette, and
    /// nothing but the background would decide it.
    pub(crate) fn palette_automatic(&self) -> bool {
        self.deferred
            .as_deref()
            .is_some_and(|d| d.answer.get().is_none())
    }

    /// These preferences with the terminal's answer to the background query put in,
    /// asking it first if no screen has yet: `None` when there is nothing to ask, or
    /// no answer came (the look stays as decided without one).
    fn answered(&self, ask: impl FnOnce() -> Option<Palette>) -> Option<RunPrefs> {
        let deferred = self.deferred.as_deref()?;
        let answer = (*deferred.answer.get_or_init(ask))?;
        let mut again = RunPrefs {
            settings: deferred.settings.clone(),
            deferred: None,
            ..self.clone()
        };
        let env = Environment {
            background: Some(answer),
            ..deferred.env.clone()
        };
        again.decide(deferred.palette, deferred.ascii, &env);
        Some(again)
    }

    /// Puts the flags over the file's values, and decides the palette and ASCII where
    /// neither chose: `NO_COLOR`, then a monochrome `TERM`, then the terminal's
    /// answer to the background query, then `COLORFGBG`; the locale. `TERM=dumb`
    /// turns the line mode on.
    pub(crate) fn decide(&mut self, palette: Option<Palette>, ascii: bool, env: &Environment) {
        self.background_unknown = false;
        // The terminal's own word first (COLORFGBG may be inherited, stale).
        self.background_light = match env.background {
            Some(palette) => palette == Palette::Light,
            None => env.colorfgbg.as_deref().and_then(guess_from_colorfgbg) == Some(Palette::Light),
        };
        let settings = &mut self.settings;
        if let Some(palette) = palette {
            settings.prefs.palette = Some(palette);
            settings.set(Key::Palette, Source::Flag("--palette"));
        }
        if settings.prefs.palette.is_none() {
            let guessed = env.colorfgbg.as_deref().and_then(guess_from_colorfgbg);
            let mono = env.term.as_deref().and_then(guess_from_term);
            let (palette, source) = if env.no_color {
                (Palette::None, Source::Environment("NO_COLOR".to_owned()))
            } else if let (Some(palette), Some(value)) = (mono, &env.term) {
                (palette, Source::Environment(format!("TERM={value}")))
            } else if let Some(palette) = env.background {
                (palette, Source::Environment(words::background(palette)))
            } else if let (Some(palette), Some(value)) = (guessed, &env.colorfgbg) {
                (palette, Source::Environment(format!("COLORFGBG={value}")))
            } else {
                self.background_unknown = !env
                    .colorfgbg
                    .as_deref()
                    .is_some_and(colorfgbg_names_a_background);
                (Palette::Default, Source::Default)
            };
            settings.prefs.palette = Some(palette);
            settings.set(Key::Palette, source);
        }
        if !settings.prefs.plain && env.term.as_deref() == Some("dumb") {
            // The line mode is on whatever the file says (`ui::line::local::needed`):
            // `hijara config` said `plain false (default)` under it (docs25).
            settings.prefs.plain = true;
            settings.set(Key::Plain, Source::Environment("TERM=dumb".to_owned()));
        }
        if ascii {
            settings.prefs.ascii = Some(true);
            settings.set(Key::Ascii, Source::Flag("--ascii"));
        }
        if settings.prefs.ascii.is_none() {
            let [all, ctype, lang] = env.locale.each_ref().map(Option::as_deref);
            let utf8 = locale_is_utf8(all, ctype, lang);
            settings.prefs.ascii = Some(!utf8);
            let named = ["LC_ALL", "LC_CTYPE", "LANG"]
                .into_iter()
                .zip(env.locale.iter())
                .find(|(_, v)| v.as_deref().is_some_and(|v| !v.is_empty()));
            let source = match named {
                Some((name, Some(value))) => Source::Environment(format!("{name}={value}")),
                _ => Source::Environment(words::NO_LOCALE.to_owned()),
            };
            settings.set(Key::Ascii, source);
        }
    }

    /// The values in force.
    pub(crate) fn prefs(&self) -> &Prefs {
        &self.settings.prefs
    }

    /// The palette in force.
    pub(crate) fn palette(&self) -> Palette {
        self.prefs().palette.unwrap_or_default()
    }

    /// Whether the board is drawn in ASCII.
    pub(crate) fn ascii(&self) -> bool {
        self.prefs().ascii.unwrap_or(false)
    }

    /// The look in force on a terminal of `range`: for both backgrounds when
    /// nothing said which it is.
    pub(crate) fn look(&self, range: crate::ui::ColourRange) -> crate::ui::Look {
        let mut look = crate::ui::Look::new(self.palette(), self.ascii()).in_range(range);
        if self.background_light {
            look = look.on_light_background();
        }
        if self.background_unknown {
            look.on_unknown_background()
        } else {
            look
        }
    }

    /// The review's budget per position on the screens: `review_nodes` if set, else
    /// `review_think_ms`, else the review's own.
    pub(crate) fn review(&self) -> crate::review::ReviewBudget {
        use crate::review::ReviewBudget;
        let prefs = self.prefs();
        match (prefs.review_nodes, prefs.review_think_ms) {
            (Some(nodes), _) => ReviewBudget::Nodes(nodes),
            (None, Some(ms)) => ReviewBudget::Millis(ms),
            (None, None) => ReviewBudget::DEFAULT,
        }
    }

    /// How the screens meet the terminal: the look, the bell and notifications, and the
    /// review's thinking time. Called as a screen opens, after the command's checks: the
    /// first call asks the terminal for its background when its answer would count (see
    /// `load`), on `front`, which keeps what the query leaves for its input
    /// ([`crate::ui::Frontend::ask_background`]).
    pub(crate) fn setup(&self, front: &mut crate::ui::Frontend) -> crate::ui::Setup {
        self.setup_asking(|| front.ask_background())
    }

    /// [`RunPrefs::setup`], with `ask` standing for the background query.
    fn setup_asking(&self, ask: impl FnOnce() -> Option<Palette>) -> crate::ui::Setup {
        match self.answered(ask) {
            Some(answered) => answered.setup_as_decided(),
            None => self.setup_as_decided(),
        }
    }

    /// The setup of the look as decided, with no question asked.
    fn setup_as_decided(&self) -> crate::ui::Setup {
        let alerts = crate::ui::Alerts::new(
            self.prefs().bell,
            self.prefs().notify,
            &crate::ui::TerminalEnv::read(),
        );
        crate::ui::Setup {
            look: self.look(crate::ui::ColourRange::of_terminal(
                std::env::var("TERM").ok().as_deref(),
                std::env::var("COLORTERM").ok().as_deref(),
            )),
            alerts,
            review: self.review(),
        }
    }

    /// Each problem of the file, as a line for standard error.
    pub(crate) fn warnings(&self) -> Vec<String> {
        let path = file_path(&self.file).unwrap_or_default();
        self.problems
            .iter()
            .map(|problem| words::problem(&path, &problem.to_string()))
            .collect()
    }

    /// Each problem of the file for `hijara config`'s report, in its 80 columns.
    fn report_problems(&self) -> Vec<String> {
        let path = file_path(&self.file).unwrap_or_default();
        self.problems
            .iter()
            .flat_map(|problem| words::problem_lines(&path, &problem.to_string()))
            .collect()
    }

    /// Keeps `side` (the start screen's `s`) in the config file for the next start:
    /// nothing where no file is looked for (`--no-config`, no config folder), nor in
    /// a file that could not be read (it is not overwritten). The error names the
    /// file.
    pub(crate) fn keep_side(&self, side: crate::prefs::AiSide) -> Result<(), String> {
        self.keep(&[(Key::Side, format!("\"{}\"", side.token()))])
    }

    /// Keeps the start screen's names (`n`) in the config file for the next start,
    /// as [`RunPrefs::keep_side`] keeps the side: `blue_name` and `yellow_name`, a
    /// seat with none as `""`. Each name passed the start screen's gate (no control
    /// character, 16 columns at most), and is written as a TOML string.
    pub(crate) fn keep_names(&self, names: &[Option<String>; 2]) -> Result<(), String> {
        // A TOML basic string: the name has no control character to escape (its
        // gate refused them), so only `\` and `"` are.
        let quoted = |name: &Option<String>| {
            let name = name.as_deref().unwrap_or_default();
            format!("\"{}\"", name.replace('\\', "\\\\").replace('"', "\\\""))
        };
        self.keep(&[
            (Key::BlueName, quoted(&names[0])),
            (Key::YellowName, quoted(&names[1])),
        ])
    }

    /// Writes each key's value (as TOML writes it) into the config file, as
    /// [`RunPrefs::keep_side`] says.
    fn keep(&self, values: &[(Key, String)]) -> Result<(), String> {
        let path = match &self.file {
            ConfigFile::Read(path) | ConfigFile::Missing(path) => path,
            ConfigFile::Unreadable(path) => {
                return Err(words::not_kept(&display_path(path), words::UNREADABLE));
            }
            ConfigFile::Ignored | ConfigFile::NoFolder => return Ok(()),
        };
        for (key, value) in values {
            crate::prefs::file::keep(path, *key, value)
                .map_err(|e| words::not_kept(&display_path(path), &e.to_string()))?;
        }
        Ok(())
    }

    /// The first problem, for the first screen's message line (the others are on
    /// standard error and in `hijara config`); `None` once a screen has taken it.
    pub(crate) fn notice(&self) -> Option<String> {
        if self.told.replace(true) {
            return None;
        }
        let first = self.problems.first()?;
        let path = file_path(&self.file).unwrap_or_default();
        Some(words::notice(
            &path,
            &first.to_string(),
            self.problems.len() - 1,
        ))
    }
}

/// The file's path as shown, when there is one.
fn file_path(file: &ConfigFile) -> Option<String> {
    match file {
        ConfigFile::Read(p) | ConfigFile::Missing(p) | ConfigFile::Unreadable(p) => {
            Some(display_path(p))
        }
        ConfigFile::Ignored | ConfigFile::NoFolder => None,
    }
}

/// `hijara config [--init]`.
pub(crate) fn run(args: &ConfigArgs, run: &RunPrefs) -> anyhow::Result<()> {
    if args.init {
        return init();
    }
    let mut out = std::io::stdout().lock();
    for line in words::file_lines(&run.file) {
        writeln!(out, "{line}").context(STDOUT_FAILED)?;
    }
    // Wrapped for the person reading the report; standard error's (other commands')
    // stay one line each, for tools.
    for line in run.report_problems() {
        writeln!(out, "{line}").context(STDOUT_FAILED)?;
    }
    // A palette the terminal's background would choose: a screen asks it as it
    // opens; the report asks nothing, so it names no palette the answer could change.
    let automatic = run.palette_automatic();
    let values: Vec<(Key, String)> = Key::ALL
        .into_iter()
        .map(|key| match key {
            Key::Palette if automatic => (key, words::AUTOMATIC.to_owned()),
            _ => (key, words::value(run.prefs(), key)),
        })
        .collect();
    let width = values
        .iter()
        .map(|(_, v)| crate::text::width(v))
        .max()
        .unwrap_or(0);
    // The keys' column one wider than the longest name (`review_think_ms`), so two
    // spaces at least part a key from its value.
    let names = Key::ALL.iter().map(|k| k.name().len()).max().unwrap_or(0) + 1;
    for (key, value) in values {
        let source = match key {
            Key::Palette if automatic => words::AUTOMATIC_SOURCE.to_owned(),
            _ => words::source(run.settings.source(key)),
        };
        writeln!(
            out,
            "{:<names$} {}  {source}",
            key.name(),
            crate::text::pad(&value, width)
        )
        .context(STDOUT_FAILED)?;
    }
    if automatic {
        let fallback = words::value(run.prefs(), Key::Palette);
        for line in words::automatic_note(&fallback, run.settings.source(Key::Palette)) {
            writeln!(out, "{line}").context(STDOUT_FAILED)?;
        }
    }
    // The report is whole; the status tells a script the file needs mending.
    if !run.problems.is_empty() {
        let path = file_path(&run.file).unwrap_or_default();
        if let ConfigFile::Unreadable(_) = run.file {
            bail!("{}", words::unreadable(&path));
        }
        bail!("{}", words::has_problems(&path, run.problems.len()));
    }
    Ok(())
}

/// `hijara config --init`: a commented file with every key at its default, at the
/// config file's place; an existing file is never overwritten.
fn init() -> anyhow::Result<()> {
    let Some(path) = config_path() else {
        bail!("{}", words::NO_FOLDER);
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the folder {}", display_path(dir)))?;
    }
    let text = words::init_file(&Prefs::default());
    let mut file = match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
    {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            bail!("{}", words::exists(&display_path(&path)))
        }
        Err(e) => return Err(e).with_context(|| format!("cannot write {}", display_path(&path))),
    };
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .with_context(|| format!("cannot write {}", display_path(&path)))?;
    super::out::say(words::written(&display_path(&path)))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decided(palette: Option<Palette>, env: Environment) -> RunPrefs {
        let mut run = RunPrefs {
            settings: Settings::default(),
            file: ConfigFile::Ignored,
            problems: Vec::new(),
            told: std::cell::Cell::new(false),
            background_unknown: false,
            background_light: false,
            deferred: None,
        };
        run.decide(palette, false, &env);
        run
    }

    /// The screens' review thinks what the file's `review_nodes` or `review_think_ms`
    /// says (testtime: before, 400 ms whatever the file said), and 400 ms without them.
    #[test]
    fn the_screens_setup_takes_the_review_s_budget_from_the_file() {
        use crate::review::ReviewBudget;
        let mut run = decided(None, Environment::default());
        // Nothing to ask (no query deferred): the frontend is only where it would go.
        let front = &mut crate::ui::Frontend::full_screen();
        assert_eq!(run.setup(front).review, ReviewBudget::Millis(400));
        run.settings.prefs.review_think_ms = Some(25);
        assert_eq!(run.setup(front).review, ReviewBudget::Millis(25));
        // A node budget beats a time.
        run.settings.prefs.review_nodes = Some(30_000);
        assert_eq!(run.setup(front).review, ReviewBudget::Nodes(30_000));
        assert_eq!(run.setup(front).review.deep(), ReviewBudget::Nodes(120_000));
    }

    #[test]
    fn a_flag_beats_the_file_which_beats_no_color_which_beats_colorfgbg() {
        let light_bg = Environment {
            colorfgbg: Some("0;15".to_owned()),
            locale: [None, None, Some("C.UTF-8".to_owned())],
            ..Environment::default()
        };
        let run = decided(None, light_bg.clone());
        assert_eq!(run.palette(), Palette::Light);
        assert_eq!(
            run.settings.source(Key::Palette),
            &Source::Environment("COLORFGBG=0;15".to_owned())
        );
        assert!(!run.ascii());
        let no_color = Environment {
            no_color: true,
            ..light_bg.clone()
        };
        assert_eq!(decided(None, no_color.clone()).palette(), Palette::None);
        let flag = decided(Some(Palette::HighContrast), no_color.clone());
        assert_eq!(flag.palette(), Palette::HighContrast);
        assert_eq!(
            flag.settings.source(Key::Palette),
            &Source::Flag("--palette")
        );
        // The file's choice stands over NO_COLOR (no-color.org: a config file wins).
        let mut run = decided(None, Environment::default());
        run.settings.prefs.palette = Some(Palette::ColourBlind);
        run.settings.set(Key::Palette, Source::File(3));
        run.decide(None, false, &no_color);
        assert_eq!(run.palette(), Palette::ColourBlind);
        assert_eq!(run.settings.source(Key::Palette), &Source::File(3));
    }

    /// The default palette taken with nothing said of the background (no answer,
    /// no `COLORFGBG` naming one) is drawn for both backgrounds; an answer, a
    /// `COLORFGBG` that names a dark one, or any palette chosen, keep the look.
    #[test]
    fn the_default_palette_with_no_word_of_the_background_is_drawn_for_both() {
        use crate::ui::ColourRange::Many;
        let unknown = decided(None, Environment::default());
        assert_eq!(unknown.palette(), Palette::Default);
        assert!(unknown.look(Many).background_unknown);
        let junk = Environment {
            colorfgbg: Some("default;default".to_owned()),
            ..Environment::default()
        };
        assert!(decided(None, junk).look(Many).background_unknown);
        for known in [
            Environment {
                background: Some(Palette::Default),
                ..Environment::default()
            },
            Environment {
                colorfgbg: Some("15;0".to_owned()),
                ..Environment::default()
            },
        ] {
            let run = decided(None, known);
            assert_eq!(run.palette(), Palette::Default);
            assert!(!run.look(Many).background_unknown);
        }
        let chosen = decided(Some(Palette::Default), Environment::default());
        assert!(!chosen.look(Many).background_unknown);
    }

    /// A background known to be light (the terminal's answer, or `COLORFGBG`) is
    /// drawn for by every palette, a chosen one too; the terminal's word beats
    /// `COLORFGBG`'s; nothing said, or dark, leaves the look as it was.
    #[test]
    fn a_light_background_known_is_drawn_for_by_every_palette() {
        use crate::ui::ColourRange::Many;
        let by_colorfgbg = Environment {
            colorfgbg: Some("0;15".to_owned()),
            ..Environment::default()
        };
        let by_answer = Environment {
            background: Some(Palette::Light),
            ..Environment::default()
        };
        for env in [by_colorfgbg.clone(), by_answer] {
            for palette in [
                Palette::ColourBlind,
                Palette::HighContrast,
                Palette::Default,
            ] {
                assert!(
                    decided(Some(palette), env.clone())
                        .look(Many)
                        .background_light
                );
            }
        }
        let dark_answer = Environment {
            background: Some(Palette::Default),
            ..by_colorfgbg
        };
        assert!(
            !decided(Some(Palette::ColourBlind), dark_answer)
                .look(Many)
                .background_light
        );
        let nothing = decided(Some(Palette::ColourBlind), Environment::default());
        assert!(!nothing.look(Many).background_light);
    }

    /// The background query is put off to the first screen's `setup` and asked
    /// once: its answer decides the look then (the light palette for a light
    /// background), and the screens after it reuse it without asking again.
    #[test]
    fn the_background_is_asked_by_the_first_screen_once() {
        let env = Environment {
            locale: [None, None, Some("C.UTF-8".to_owned())],
            ..Environment::default()
        };
        let mut run = decided(None, env.clone());
        run.deferred = Some(Box::new(Deferred {
            settings: Settings::default(),
            palette: None,
            ascii: false,
            env,
            answer: std::cell::OnceCell::new(),
        }));
        // Before any screen: decided without an answer.
        assert_eq!(run.palette(), Palette::Default);
        let asked = std::cell::Cell::new(0);
        let ask = || {
            asked.set(asked.get() + 1);
            Some(Palette::Light)
        };
        let first = run.setup_asking(ask);
        assert_eq!(first.look.palette, Palette::Light);
        assert!(first.look.background_light);
        let second = run.setup_asking(ask);
        assert_eq!(second.look, first.look);
        assert_eq!(asked.get(), 1);
        // No answer: the look stays as decided without one.
        let silent = RunPrefs {
            deferred: run.deferred.clone().map(|mut d| {
                d.answer = std::cell::OnceCell::new();
                d
            }),
            ..run.clone()
        };
        let look = silent.setup_asking(|| None).look;
        assert_eq!(look.palette, Palette::Default);
        assert!(look.background_unknown);
    }

    /// The terminal's answer to the background query chooses light or the default
    /// when nothing else chose (over `COLORFGBG`, which an inherited environment
    /// can make stale); a flag, the file, `NO_COLOR` and a monochrome `TERM` beat
    /// it. Before, a light terminal without `COLORFGBG` got the default palette,
    /// its Yellow stones 1.7 to 1 against white.
    #[test]
    fn the_terminal_s_background_chooses_the_palette_unless_chosen() {
        let light = Environment {
            background: Some(Palette::Light),
            colorfgbg: Some("15;0".to_owned()),
            ..Environment::default()
        };
        let run = decided(None, light.clone());
        assert_eq!(run.palette(), Palette::Light);
        assert_eq!(
            words::source(run.settings.source(Key::Palette)),
            "environment: OSC 11: a light background"
        );
        // `hijara config`'s line (the source at column 39: the key's 16 columns, the
        // widest default value's 21 and the gaps) fits 80: it wrapped at first, and
        // again at 85 columns (`OSC 11 answer: ...`, s21). So does the automatic
        // palette's.
        for shade in [Palette::Light, Palette::Default] {
            let said = words::source(&Source::Environment(words::background(shade)));
            assert!(39 + crate::text::width(&said) <= 80, "{said}");
        }
        assert!(39 + crate::text::width(words::AUTOMATIC_SOURCE) <= 80);
        for source in [
            Source::Default,
            Source::Environment("COLORFGBG=0;15".to_owned()),
        ] {
            for line in words::automatic_note("light", &source) {
                assert!(crate::text::width(&line) <= 80, "{line}");
            }
        }
        let dark = Environment {
            background: Some(Palette::Default),
            colorfgbg: Some("0;15".to_owned()),
            ..Environment::default()
        };
        assert_eq!(decided(None, dark).palette(), Palette::Default);
        assert_eq!(
            decided(Some(Palette::HighContrast), light.clone()).palette(),
            Palette::HighContrast
        );
        let mut run = decided(None, Environment::default());
        run.settings.prefs.palette = Some(Palette::ColourBlind);
        run.settings.set(Key::Palette, Source::File(3));
        run.decide(None, false, &light);
        assert_eq!(run.palette(), Palette::ColourBlind);
        let no_color = Environment {
            no_color: true,
            ..light.clone()
        };
        assert_eq!(decided(None, no_color.clone()).palette(), Palette::None);
        assert!(!no_color.background_would_decide());
        let mono = Environment {
            term: Some("vt100".to_owned()),
            ..light.clone()
        };
        assert_eq!(decided(None, mono.clone()).palette(), Palette::None);
        assert!(!mono.background_would_decide());
        let dumb = Environment {
            term: Some("dumb".to_owned()),
            ..Environment::default()
        };
        assert!(!dumb.background_would_decide());
        assert!(light.background_would_decide());
    }

    /// A monochrome `TERM` gives no colour when nothing chose a palette, over
    /// `COLORFGBG`; a flag still beats it, and a colour terminal guesses nothing.
    #[test]
    fn a_monochrome_term_gives_no_colour_unless_chosen() {
        let mono = Environment {
            term: Some("xterm-mono".to_owned()),
            colorfgbg: Some("0;15".to_owned()),
            ..Environment::default()
        };
        let run = decided(None, mono.clone());
        assert_eq!(run.palette(), Palette::None);
        assert_eq!(
            run.settings.source(Key::Palette),
            &Source::Environment("TERM=xterm-mono".to_owned())
        );
        assert_eq!(
            decided(Some(Palette::Light), mono).palette(),
            Palette::Light
        );
        let colour = Environment {
            term: Some("xterm-256color".to_owned()),
            ..Environment::default()
        };
        let run = decided(None, colour);
        assert_eq!(run.palette(), Palette::Default);
        assert_eq!(run.settings.source(Key::Palette), &Source::Default);
    }

    #[test]
    fn ascii_by_the_locale_unless_chosen() {
        let latin1 = Environment {
            locale: [None, None, Some("de_DE.ISO-8859-1".to_owned())],
            ..Environment::default()
        };
        let run = decided(None, latin1);
        assert!(run.ascii());
        assert_eq!(
            run.settings.source(Key::Ascii),
            &Source::Environment("LANG=de_DE.ISO-8859-1".to_owned())
        );
        assert!(
            decided(None, Environment::default()).ascii(),
            "no locale: POSIX, ASCII"
        );
    }

    /// `TERM=dumb` turns the line mode on, and `hijara config` says so: it said
    /// `plain false (default)` (docs25).
    #[test]
    fn a_dumb_terminal_turns_the_line_mode_on() {
        let dumb = Environment {
            term: Some("dumb".to_owned()),
            ..Environment::default()
        };
        let run = decided(None, dumb);
        assert!(run.prefs().plain);
        assert_eq!(
            run.settings.source(Key::Plain),
            &Source::Environment("TERM=dumb".to_owned())
        );
        let xterm = Environment {
            term: Some("xterm".to_owned()),
            ..Environment::default()
        };
        let run = decided(None, xterm);
        assert!(!run.prefs().plain);
        assert_eq!(run.settings.source(Key::Plain), &Source::Default);
    }
}
