//! The command line's arguments as clap reads them: every subcommand's options (but
//! `serve`'s, beside the server's start), the checks of their values, and what a game's
//! options give: its settings and where it saves.

use std::path::PathBuf;

use clap::{ArgGroup, Args, Parser, Subcommand};

use super::number::{Named, dash_word, not_an_option, number_or, path_option, puzzle_id, whole};
use crate::ai::{Level, Seat};
use crate::session::{
    Autosave, GameConfig, Storage, data_dir, fresh_seed, games_dir, open_save_dir,
};

/// Hijara, the four-by-four board game, in the terminal.
#[derive(Debug, Parser)]
#[command(name = "hijara", version, about, long_about = None,
    after_help = crate::strings::start::NO_COMMAND_HELP)]
pub struct Cli {
    /// What to do; with none, the start screen opens (hot-seat is `h` there, or `hijara play`).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The line mode: the start screen and the door chosen there, or the command that
    /// follows (`hijara --plain play`, as `play --plain`; see `play --plain`).
    /// `--line` is the same flag, by the name the docs give the mode.
    #[arg(long, visible_alias = "line")]
    pub plain: bool,
    /// Read no config file (`hijara config` tells where it is).
    #[arg(long, global = true)]
    pub no_config: bool,
    /// How the screens draw: the start screen's, and a command's given before it
    /// (`hijara --ascii play`); once [`Cli::parse_from_args`] has run, the flags in
    /// force ([`Cli::display`]).
    #[command(flatten)]
    pub display: DisplayArgs,
    /// Whether the command draws the full screen (or, for `config`, reports how it
    /// would), as far as its screen flags say: not in the line mode, and never for a
    /// headless command. Set by [`Cli::parse_from_args`].
    #[arg(skip)]
    full_screen: bool,
}

impl Cli {
    /// `--palette` and `--ascii` in force: the command's, over those given before it
    /// ([`Cli::parse_from_args`]). A headless command takes none of its own, and
    /// draws nothing to use them on.
    pub fn display(&self) -> DisplayArgs {
        self.display
    }

    /// The command line `args` (the program's name first) parsed, and the screen flags
    /// given before a command that draws made that command's own, under its own
    /// ([`Command::screen_flags`]): `hijara --ascii play` draws in ASCII as `play
    /// --ascii` does. QA (s22): `hijara --plain play` was taken and left unused, and
    /// the full screen opened. A headless command takes them too, and has nothing to
    /// use them on.
    pub fn parse_from_args<I, T>(args: I) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
        let mut cli = Cli::try_parse_from(&args)
            .map_err(|error| value_error_first(error, &args))
            .map_err(|error| dash_file_argument(error, &args))?;
        if let Some(own) = cli.command.as_mut().and_then(Command::screen_flags) {
            own.display.palette = own.display.palette.or(cli.display.palette);
            own.display.ascii |= cli.display.ascii;
            cli.display = *own.display;
            cli.full_screen = match own.plain {
                Some(plain) => {
                    plain.plain |= cli.plain;
                    !plain.plain
                }
                // `config`: no line mode; it reports the palette a screen draws with.
                None => true,
            };
        }
        Ok(cli)
    }

    /// Whether, as far as the command line says, this run may draw the full screen
    /// (so that the terminal's background is worth asking for its palette):
    /// `hijara` itself and the commands that open a screen, unless `--plain`; and
    /// `config`, which reports the palette they would draw with.
    pub fn may_draw_the_full_screen(&self) -> bool {
        match &self.command {
            None => !self.plain,
            // `--list` prints the lessons: no screen.
            Some(Command::Learn(args)) if args.list => false,
            Some(Command::Puzzle(args)) if args.headless() => false,
            Some(_) => self.full_screen,
        }
    }
}

/// clap's error for `play --clock --ai easy` said `unexpected argument 'easy' found`:
/// `--clock` took `--ai` for its value (it takes a word starting with `-`, for
/// `-5+3`), and clap names the word left over before it checks that value. The same
/// holds for every option whose value is checked (`selfplay --games --blue easy`):
/// they all take such words (`-inf`, QA s31). Where the word clap did not expect
/// comes just after a `-` word that such an option took, the command line is parsed
/// again without it, and clap's error for that value (`invalid value '--ai' for
/// '--clock <MIN+SEC>'`) is the one given; any other error is clap's as it is.
fn value_error_first(error: clap::Error, args: &[std::ffi::OsString]) -> clap::Error {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::UnknownArgument {
        return error;
    }
    let Some(ContextValue::String(stray)) = error.get(ContextKind::InvalidArg) else {
        return error;
    };
    let Some(at) = args.windows(3).position(|w| {
        let option = w[0].to_string_lossy();
        option.starts_with("--")
            && !option.contains('=')
            && w[1].to_string_lossy().starts_with('-')
            && w[2] == stray.as_str()
    }) else {
        return error;
    };
    let option = args[at].to_string_lossy().into_owned();
    let mut fewer = args.to_vec();
    fewer.remove(at + 2);
    match Cli::try_parse_from(&fewer) {
        Err(again)
            if again.kind() == ErrorKind::ValueValidation
                && matches!(again.get(ContextKind::InvalidArg),
                    Some(ContextValue::String(arg))
                        if arg == &option || arg.starts_with(&format!("{option} "))) =>
        {
            again
        }
        _ => error,
    }
}

/// clap's error for `score -x` said `unexpected argument '-x' found` and `to pass
/// '-x' as a value, use '-- -x'`, where a file or folder option given `-x` names
/// itself and how to name such a file (`./-x`, cli36). Where clap found a word
/// starting with `-` it did not know and a file or folder argument (`FILE|N`,
/// `serve export DIR`, `serve backup FILE`) was still to come, the command line is
/// parsed again with those arguments taking such words ([`dash_word`] refusing them):
/// `invalid value '-x' for '[FILE|N]': looks like an option: a file named -x is
/// ./-x`. Not in the first parse, so that `score -- -x` still reads `-x` and a
/// misspelt option (`score --jsn`) keeps clap's tip (`a similar argument exists`).
fn dash_file_argument(error: clap::Error, args: &[std::ffi::OsString]) -> clap::Error {
    use clap::CommandFactory;
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::UnknownArgument
        || !matches!(error.get(ContextKind::InvalidArg),
            Some(ContextValue::String(stray)) if stray.starts_with('-') && !stray.starts_with("--"))
    {
        return error;
    }
    match taking_dash_words(Cli::command()).try_get_matches_from(args) {
        Err(again)
            if again.kind() == ErrorKind::ValueValidation
                && matches!(again.get(ContextKind::InvalidArg),
                    Some(ContextValue::String(arg)) if !arg.starts_with('-')) =>
        {
            again
        }
        _ => error,
    }
}

/// `command` with each file or folder argument (not option) of it and its
/// subcommands, told by its value's name, taking a word starting with `-` and
/// refusing it ([`path_option`]): for [`dash_file_argument`]'s error only.
fn taking_dash_words(mut command: clap::Command) -> clap::Command {
    let positionals: Vec<(String, Named)> = command
        .get_positionals()
        .filter_map(|arg| {
            let names = arg.get_value_names()?;
            let named = match names.first()?.as_str() {
                "FILE" | "FILE|N" => Named::File,
                "DIR" => Named::Folder,
                _ => return None,
            };
            Some((arg.get_id().to_string(), named))
        })
        .collect();
    // `mut_arg` and `mut_subcommand` panic on a name the command lacks: each name
    // here was just read from the command itself.
    for (id, named) in positionals {
        command = command.mut_arg(id, |arg| {
            arg.allow_hyphen_values(true)
                .value_parser(path_option(named))
        });
    }
    let subcommands: Vec<String> = command
        .get_subcommands()
        .map(|sub| sub.get_name().to_owned())
        .collect();
    for name in subcommands {
        command = command.mut_subcommand(name, taking_dash_words);
    }
    command
}

/// A drawing command's screen flags, to be read or set: its `--palette` and
/// `--ascii`, and its `--plain` where it has a line mode (`config` has none).
#[derive(Debug)]
pub struct ScreenFlags<'a> {
    /// `--palette` and `--ascii`.
    pub display: &'a mut DisplayArgs,
    /// `--plain`; `None` for `config`.
    pub plain: Option<&'a mut PlainArgs>,
}

impl Command {
    /// The one place that knows which commands draw a screen (`play`, `replay`,
    /// `resume`, `learn`, `puzzle`, and `config`, which reports how they would draw)
    /// and where their screen flags are; `None` for a headless command.
    pub fn screen_flags(&mut self) -> Option<ScreenFlags<'_>> {
        let (display, plain) = match self {
            Command::Play(args) => (&mut args.display, Some(&mut args.plain)),
            Command::Replay(args) => (&mut args.display, Some(&mut args.plain)),
            Command::Resume(args) => (&mut args.display, Some(&mut args.plain)),
            Command::Learn(args) => (&mut args.display, Some(&mut args.plain)),
            Command::Puzzle(args) => (&mut args.display, Some(&mut args.plain)),
            Command::Config(args) => (&mut args.display, None),
            _ => return None,
        };
        Some(ScreenFlags { display, plain })
    }
}

/// `--palette` and `--ascii`, declared once and flattened into `hijara` itself (the
/// start screen) and every command that draws a screen, and `config`, which reports
/// them: not global, so the headless commands' help does not offer them.
#[derive(Debug, Clone, Copy, Args, Default, PartialEq, Eq)]
pub struct DisplayArgs {
    /// The screens' colours [default: the config file's, else none under NO_COLOR or
    /// on a monochrome TERM, else light when the terminal says its background is
    /// light (OSC 11) or, when it does not answer, COLORFGBG does, else default].
    #[arg(long, value_enum, ignore_case = true, value_name = "NAME")]
    pub palette: Option<crate::prefs::Palette>,
    /// Draw the board with ASCII characters only, for fonts without box-drawing or
    /// block glyphs [default: the config file's, else when the locale is not UTF-8].
    #[arg(long)]
    pub ascii: bool,
}

/// `--plain`, declared once and flattened into every command that opens a screen.
#[derive(Debug, Clone, Copy, Args, Default, PartialEq, Eq)]
pub struct PlainArgs {
    /// The line mode, for screen readers and braille displays, pipes and dumb
    /// terminals: one plain line per event, commands typed as lines (`help` lists
    /// them) [default: the config file's plain]. On by itself when TERM=dumb or
    /// standard input or output is not a terminal. `--line` is the same flag.
    #[arg(long, visible_alias = "line")]
    pub plain: bool,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play in the terminal: hot-seat by default, or against the AI.
    Play(PlayArgs),
    /// Replay a record headlessly and print every scoring move and the totals.
    Score(ScoreArgs),
    /// Measure how many random full games one thread plays per second.
    Bench(BenchArgs),
    /// Play AI against AI headlessly and print the results.
    Selfplay(SelfplayArgs),
    /// Speak a GTP-style text protocol on stdin/stdout.
    Engine(EngineArgs),
    /// Watch a record move by move, and play on from any move.
    Replay(ReplayArgs),
    /// Continue the game autosaved when it was left (quit, crash or closed terminal).
    Resume(ResumeArgs),
    /// Review every move of a record against the engine: best moves, points lost, mistakes.
    Analyze(AnalyzeArgs),
    /// List the finished games kept in the history, newest first, with a tally per AI level.
    Games(GamesArgs),
    /// Learn the game: short lessons on the real board, resumed where you stopped.
    Learn(LearnArgs),
    /// Solve a puzzle with one proven answer: the one nearest your rating, or the day's.
    Puzzle(PuzzleArgs),
    /// Serve the game over SSH: anyone with an ssh client and a key can play.
    Serve(super::serve::ServeArgs),
    /// Print a shell completion script to stdout.
    Completions(CompletionsArgs),
    /// Print the man page (roff) to stdout.
    Manpage,
    /// Show the preferences in force and where each came from, or write a config file.
    Config(ConfigArgs),
}

/// Options of `hijara config`.
#[derive(Debug, Clone, Args, Default)]
pub struct ConfigArgs {
    /// Write a config file with every key at its default, commented (never over an
    /// existing file).
    #[arg(long)]
    pub init: bool,
    /// Ask the terminal for its background colour now (OSC 11, half a second at most)
    /// and report the palette it gives; don't type while it asks: those keys are lost.
    /// Without it, a palette the background would choose is reported as automatic
    /// (each screen asks as it opens) and nothing is sent to the terminal.
    #[arg(long, conflicts_with = "init")]
    pub ask_terminal: bool,
    /// The palette and ASCII it reports as the flags' (as a screen would draw).
    #[command(flatten)]
    pub display: DisplayArgs,
}

/// Options of `hijara play`.
#[derive(Debug, Clone, Args, Default)]
pub struct PlayArgs {
    /// Who plays Blue (moves first) [default: human, or the --load record's seat].
    #[arg(long, value_enum, ignore_case = true)]
    pub blue: Option<Seat>,
    /// Who plays Yellow [default: human, or the --load record's seat].
    #[arg(long, value_enum, ignore_case = true)]
    pub yellow: Option<Seat>,
    /// Short form: you play Blue against the AI at this level [default: the config
    /// file's level, else hard].
    #[arg(long, value_enum, ignore_case = true, num_args = 0..=1, conflicts_with_all = ["blue", "yellow"])]
    pub ai: Option<Option<Level>>,
    /// AI and save settings.
    #[command(flatten)]
    pub session: SessionArgs,
    /// Continue the unfinished game in this record (seats and settings from its tags
    /// unless given here).
    #[arg(long, value_name = "FILE", value_parser = any_load_file(), allow_hyphen_values = true)]
    pub load: Option<PathBuf>,
    /// The rules: `standard`, or `corners` (corner formations score too) [default: the
    /// config file's variant, else standard; not with --load, whose record's rules hold].
    #[arg(long, value_enum, ignore_case = true, conflicts_with = "load")]
    pub variant: Option<crate::rules::Ruleset>,
    /// Players claim their own points (`+25 Enter`); overlooked points are forfeited
    /// [default: the config file's claims].
    #[arg(long, conflicts_with = "load")]
    pub claim: bool,
    /// No claims, whatever the config file says.
    #[arg(long, conflicts_with_all = ["load", "claim"])]
    pub no_claim: bool,
    /// Play with clocks: `5+3` is 5 minutes each plus 3 seconds a move; who runs out
    /// loses [default: the --load record's clocks, else the config file's, else none].
    #[arg(long, value_name = "MIN+SEC", value_parser = time_control,
          allow_hyphen_values = true)]
    pub clock: Option<crate::record::TimeControl>,
    /// No clocks, whatever the config file says.
    #[arg(long, conflicts_with = "clock")]
    pub no_clock: bool,
    /// How the screen draws.
    #[command(flatten)]
    pub display: DisplayArgs,
    /// The line mode.
    #[command(flatten)]
    pub plain: PlainArgs,
    /// The people's names typed on the start screen for a hot-seat game (no flag):
    /// by seat, `None` for one left at its colour.
    #[arg(skip)]
    pub names: [Option<String>; 2],
}

/// Which record `hijara replay` opens: a file, or a game of the history by number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayTarget {
    /// A record file.
    File(PathBuf),
    /// Game N of `hijara games` (1 = newest), and the digits as typed (`007`), the
    /// name of a file the number may shadow. A number too large for a `usize` is
    /// `usize::MAX`: no history holds it.
    Number(usize, String),
}

/// What an empty FILE|N says: an empty name is no file (reading it would say
/// `cannot read :`).
const EMPTY_NAME: &str = "an empty name: give a record file, or N for game N of `hijara games`";

/// All digits is a number from `hijara games`; anything else a file (`./3` for a file named 3).
/// A minus and digits (`-1`) is a game number below 1: refused, saying how to name
/// such a file (`./-1`).
pub(crate) fn replay_target(text: &str) -> Result<ReplayTarget, String> {
    if text.is_empty() {
        return Err(EMPTY_NAME.to_owned());
    }
    // clap hands `score -1` on as a value (the argument's `allow_negative_numbers`):
    // it was `unexpected argument '-1' found` (cli26).
    if let Some(digits) = text.strip_prefix('-')
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(format!(
            "games are numbered from 1 (see `hijara games`); a file named {text} is ./{text}"
        ));
    }
    if text.bytes().all(|b| b.is_ascii_digit()) {
        return match text.parse::<usize>() {
            Ok(0) => Err("games are numbered from 1 (see `hijara games`)".to_owned()),
            Ok(n) => Ok(ReplayTarget::Number(n, text.to_owned())),
            // Too large for a count: no such game, as one past the history's end
            // is (exit 1, naming how many it holds), not a usage error.
            Err(_) => Ok(ReplayTarget::Number(usize::MAX, text.to_owned())),
        };
    }
    Ok(ReplayTarget::File(PathBuf::from(text)))
}

/// What standard input as a record (`-`) says where standard input is the keyboard.
const STDIN_IS_THE_KEYBOARD: &str = "standard input is the keyboard here, not a record: give a file (`score` and `analyze` take `-`)";

/// [`replay_target`] for the viewer, which reads its keys (or the line mode's
/// commands) from standard input: `-` is refused.
pub(crate) fn viewer_target(text: &str) -> Result<ReplayTarget, String> {
    if text == "-" {
        return Err(STDIN_IS_THE_KEYBOARD.to_owned());
    }
    replay_target(text)
}

/// The record `play --load` continues: a file, not `-` (see [`viewer_target`]).
pub(crate) fn load_file(text: &str) -> Result<PathBuf, String> {
    if text == "-" {
        return Err(STDIN_IS_THE_KEYBOARD.to_owned());
    }
    if text.is_empty() {
        return Err("an empty name: give a record file".to_owned());
    }
    if let Some(why) = dash_word(text, Named::File) {
        return Err(why);
    }
    Ok(PathBuf::from(text))
}

/// `check`, a parser of a file argument's text, for any file name: one that is not
/// UTF-8 (a Unix file name may be any bytes) is a file as it is, where a `&str`
/// parser made clap refuse it (`invalid UTF-8 was detected`) and no such record
/// could be scored.
fn file_arg<T: Clone + Send + Sync + 'static>(
    check: fn(&str) -> Result<T, String>,
    file: fn(PathBuf) -> T,
) -> impl clap::builder::TypedValueParser<Value = T> {
    use clap::builder::TypedValueParser;
    clap::builder::OsStringValueParser::new().try_map(move |arg| match arg.to_str() {
        Some(text) => check(text),
        None => Ok(file(PathBuf::from(arg))),
    })
}

/// [`replay_target`] for any file name ([`file_arg`]).
fn any_replay_target() -> impl clap::builder::TypedValueParser<Value = ReplayTarget> {
    file_arg(replay_target, ReplayTarget::File)
}

/// [`viewer_target`] for any file name ([`file_arg`]).
fn any_viewer_target() -> impl clap::builder::TypedValueParser<Value = ReplayTarget> {
    file_arg(viewer_target, ReplayTarget::File)
}

/// [`load_file`] for any file name ([`file_arg`]).
fn any_load_file() -> impl clap::builder::TypedValueParser<Value = PathBuf> {
    file_arg(load_file, |path| path)
}

/// Options of `hijara replay`.
#[derive(Debug, Clone, Args)]
#[command(group(ArgGroup::new("which").required(true).args(["game", "last"])))]
pub struct ReplayArgs {
    /// The record to watch: a file, or N to watch game N of `hijara games`.
    #[arg(value_name = "FILE|N", value_parser = any_viewer_target(), allow_negative_numbers = true)]
    pub game: Option<ReplayTarget>,
    /// Watch the newest game of the history.
    #[arg(long)]
    pub last: bool,
    /// With N or --last: game N (the newest) of the records in DIR, numbered as
    /// `hijara games --dir DIR` lists them, not of the history.
    #[arg(long, value_name = "DIR", value_parser = path_option(Named::Folder),
          allow_hyphen_values = true)]
    pub dir: Option<std::path::PathBuf>,
    /// Who plays Blue on after `c` (continue from the move shown).
    #[arg(long, value_enum, ignore_case = true, default_value_t = Seat::Human)]
    pub blue: Seat,
    /// Who plays Yellow on after `c`.
    #[arg(long, value_enum, ignore_case = true, default_value_t = Seat::Human)]
    pub yellow: Seat,
    /// AI and save settings for playing on.
    #[command(flatten)]
    pub session: SessionArgs,
    /// How the screen draws.
    #[command(flatten)]
    pub display: DisplayArgs,
    /// The line mode.
    #[command(flatten)]
    pub plain: PlainArgs,
}

/// The settings a game session shares between `play` and `replay`'s playing on.
#[derive(Debug, Clone, Args, Default)]
pub struct SessionArgs {
    /// The AI's thinking time per move, in milliseconds (hard level; at most an hour)
    /// [default: the config file's, else the level's own].
    #[arg(long, value_name = "MS", value_parser = think_ms, allow_hyphen_values = true)]
    pub think_ms: Option<u64>,
    /// Seed for the AI's random choices.
    #[arg(long, value_parser = seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,
    /// Where `s` saves records [default: the config file's save_dir, else the current
    /// folder].
    #[arg(long, value_name = "DIR", value_parser = path_option(Named::Folder),
          allow_hyphen_values = true)]
    pub save_dir: Option<PathBuf>,
    /// Search threads.
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// Do not keep this run's finished games in the history (`hijara games`).
    #[arg(long)]
    pub no_history: bool,
}

impl SessionArgs {
    /// The game settings for these seats: the thinking time (the flag's, else the
    /// preferences'), and the seed or a fresh one.
    pub(crate) fn config(&self, seats: [Seat; 2], prefs: &crate::prefs::Prefs) -> GameConfig {
        GameConfig {
            seats,
            think_ms: self.think_ms.or(prefs.think_ms),
            seed: self.seed.unwrap_or_else(fresh_seed),
            threads: self.threads.get(),
            ..GameConfig::default()
        }
    }
}

/// `--threads`, declared once and flattened into every command that searches.
#[derive(Debug, Clone, Copy, Args, Default, PartialEq, Eq)]
pub struct ThreadsArgs {
    /// Search threads for the AI and the analysis [default: every core].
    #[arg(long, value_name = "N", value_parser = thread_count, allow_hyphen_values = true)]
    pub threads: Option<u16>,
}

impl ThreadsArgs {
    /// The count asked for; `None` for the default ([`crate::ai::thread_count`]).
    pub fn get(&self) -> Option<usize> {
        self.threads.map(usize::from)
    }
}

/// Where a game from the command line saves: `--save-dir` (created when missing), or
/// the current folder; the autosave in the data folder; and, unless `no_history`,
/// finished games in the data folder's `games/`.
pub(crate) fn storage(save_dir: Option<&PathBuf>, no_history: bool) -> anyhow::Result<Storage> {
    let dir = open_save_dir(save_dir.map(PathBuf::as_path))?;
    // What writes a SIGKILL or a power loss cut short left, swept at the start.
    if let Some(data) = data_dir() {
        crate::session::sweep_stale_temporaries(&data);
        crate::session::sweep_stale_temporaries(&games_dir(&data));
    }
    let history = data_dir().filter(|_| !no_history).map(|d| games_dir(&d));
    Ok(Storage::new(dir, Autosave::in_data_dir()).with_history(history))
}

/// Options of `hijara engine`.
#[derive(Debug, Clone, Args)]
#[command(mut_arg("threads", |arg| arg.help(
    "The hard level's search threads (the protocol's `threads N` changes them) [default: every core]"
)))]
pub struct EngineArgs {
    /// Search threads (the protocol's `threads N` changes them).
    #[command(flatten)]
    pub threads: ThreadsArgs,
}

/// Options of `hijara games`.
#[derive(Debug, Clone, Args)]
pub struct GamesArgs {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// List the records in DIR instead of the history (`hijara serve export DIR`
    /// writes a server's games there).
    #[arg(long, value_name = "DIR", value_parser = path_option(Named::Folder),
          allow_hyphen_values = true)]
    pub dir: Option<std::path::PathBuf>,
}

/// Options of `hijara learn`.
#[derive(Debug, Clone, Args)]
pub struct LearnArgs {
    /// List the lessons and which are done, without opening the screen.
    #[arg(long)]
    pub list: bool,
    /// How the screen draws.
    #[command(flatten)]
    pub display: DisplayArgs,
    /// The line mode.
    #[command(flatten)]
    pub plain: PlainArgs,
}

/// Options of `hijara puzzle`.
#[derive(Debug, Clone, Args, Default)]
pub struct PuzzleArgs {
    /// Today's puzzle (UTC date): the same for everyone.
    #[arg(long, conflicts_with = "id")]
    pub daily: bool,
    /// A puzzle by its id (`p0001`).
    #[arg(long, value_name = "ID", value_parser = puzzle_id, allow_hyphen_values = true)]
    pub id: Option<String>,
    /// Answer without the screen: print why the move is right or wrong, and keep the try.
    /// Exits 0 for the right answer, 1 for a wrong one.
    #[arg(long, value_name = "SQUARE", allow_hyphen_values = true,
          value_parser = not_an_option(<crate::rules::Square as std::str::FromStr>::from_str))]
    pub answer: Option<crate::rules::Square>,
    /// Give up without the screen: print the proven answer and why; the puzzle counts
    /// as not solved.
    #[arg(long, conflicts_with_all = ["answer", "print"])]
    pub give_up: bool,
    /// Print the puzzle as text instead of opening the screen.
    #[arg(long, conflicts_with = "answer")]
    pub print: bool,
    /// Print your puzzle rating, streaks and counts.
    #[arg(long, conflicts_with_all = ["daily", "id", "answer", "print", "give_up"])]
    pub stats: bool,
    /// With --stats: one JSON object for scripts.
    // clap counts a required argument as given when it conflicts with one present,
    // so `requires` alone let `--json --print` through (docs25): the conflicts too.
    #[arg(long, requires = "stats", conflicts_with_all = ["daily", "id", "answer", "print", "give_up"])]
    pub json: bool,
    /// The UTC date for --daily (YYYY-MM-DD) [default: today]. Only with --daily:
    /// without it the date would be dropped without a word, and another puzzle shown.
    #[arg(long, hide = true, requires = "daily", value_parser = parse_date,
          allow_hyphen_values = true)]
    pub date: Option<chrono::NaiveDate>,
    /// How the screen draws.
    #[command(flatten)]
    pub display: DisplayArgs,
    /// The line mode.
    #[command(flatten)]
    pub plain: PlainArgs,
}

impl PuzzleArgs {
    /// Whether the puzzle is answered, given up, printed or counted without a screen.
    pub(crate) fn headless(&self) -> bool {
        self.stats || self.answer.is_some() || self.print || self.give_up
    }
}

/// A `YYYY-MM-DD` date.
pub(crate) fn parse_date(text: &str) -> Result<chrono::NaiveDate, String> {
    if let Some(why) = super::number::no_option(text) {
        return Err(why);
    }
    chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map_err(|e| format!("{text:?}: {e} (YYYY-MM-DD)"))
}

/// Options of `hijara completions`.
#[derive(Debug, Clone, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum, ignore_case = true)]
    pub shell: clap_complete::Shell,
}

/// Options of `hijara resume`.
#[derive(Debug, Clone, Args)]
pub struct ResumeArgs {
    /// Where `s` saves records, created if missing [default: the config file's
    /// save_dir, else the current folder].
    #[arg(long, value_name = "DIR", value_parser = path_option(Named::Folder),
          allow_hyphen_values = true)]
    pub save_dir: Option<PathBuf>,
    /// Search threads.
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// Do not keep the game in the history (`hijara games`) when it ends.
    #[arg(long)]
    pub no_history: bool,
    /// New clocks for the rest of the game (`5+3`: 5 minutes each plus 3 seconds a
    /// move), both starting full [default: the saved game's clocks, if it has them].
    #[arg(long, value_name = "MIN+SEC", value_parser = time_control,
          allow_hyphen_values = true)]
    pub clock: Option<crate::record::TimeControl>,
    /// How the screen draws.
    #[command(flatten)]
    pub display: DisplayArgs,
    /// The line mode.
    #[command(flatten)]
    pub plain: PlainArgs,
}

/// Options of `hijara score`.
#[derive(Debug, Clone, Args)]
#[command(group(ArgGroup::new("which").required(true).args(["game", "last"])))]
pub struct ScoreArgs {
    /// The record to score: a file (`-` for stdin), or N for game N of `hijara games`.
    #[arg(value_name = "FILE|N", value_parser = any_replay_target(), allow_negative_numbers = true)]
    pub game: Option<ReplayTarget>,
    /// Score the newest game of the history.
    #[arg(long)]
    pub last: bool,
    /// With N or --last: game N (the newest) of the records in DIR, numbered as
    /// `hijara games --dir DIR` lists them, not of the history.
    #[arg(long, value_name = "DIR", value_parser = path_option(Named::Folder),
          allow_hyphen_values = true)]
    pub dir: Option<std::path::PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Options of `hijara analyze`.
#[derive(Debug, Clone, clap::Args)]
#[command(group(clap::ArgGroup::new("which").required(true).args(["game", "last"])))]
pub struct AnalyzeArgs {
    /// The record to review: a file (`-` for stdin), or N for game N of `hijara games`.
    #[arg(value_name = "FILE|N", value_parser = any_replay_target(), allow_negative_numbers = true)]
    pub game: Option<ReplayTarget>,
    /// Review the newest game of the history.
    #[arg(long)]
    pub last: bool,
    /// With N or --last: game N (the newest) of the records in DIR, numbered as
    /// `hijara games --dir DIR` lists them, not of the history.
    #[arg(long, value_name = "DIR", value_parser = path_option(Named::Folder),
          allow_hyphen_values = true)]
    pub dir: Option<std::path::PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Thinking time per position, in milliseconds (at most an hour) [default: 400].
    ///
    /// How far a search gets in a time depends on the machine and its load, so the
    /// values and verdicts may differ a little from run to run: --nodes gives the same
    /// review every run. A position whose loss needs a proof gets as much again, so up
    /// to twice this (docs/review.md, rules 4-5). The config file's `review_think_ms` and
    /// `review_nodes` are the screens' and do not apply here, so a script's output
    /// depends on its own options only: to review as the screens do, give their
    /// value here (or to --nodes).
    #[arg(long, value_name = "MS", value_parser = think_ms, allow_hyphen_values = true)]
    pub think_ms: Option<u64>,
    /// Search nodes per position instead of a time (1 to a billion): the same record
    /// and N give the same review on any machine, at any load. (The config's
    /// `review_nodes` does not apply here: give it as N.)
    #[arg(long, value_name = "N", value_parser = node_count, conflicts_with = "think_ms",
          allow_hyphen_values = true)]
    pub nodes: Option<u64>,
    /// The deep review: 4 times the budget per position (1600 ms by default, or 4 ×
    /// --think-ms or --nodes); surer verdicts in the middle game (docs/review.md).
    #[arg(long)]
    pub deep: bool,
    /// Search threads.
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// Also write the record to OUT with `?!`/`?`/`??` after inaccuracies, mistakes and
    /// blunders and a comment with the move's value and the best move's
    /// (`{d1 -5, best c3 +15}`); `-` prints it to standard output instead of the
    /// report. A symlink is written through.
    #[arg(long, value_name = "OUT", value_parser = path_option(Named::File),
          allow_hyphen_values = true)]
    pub annotate: Option<PathBuf>,
}

/// The shortest `hijara bench` measurement, in seconds.
pub(crate) const MIN_BENCH_SECONDS: f64 = 2.0;
/// The longest `hijara bench` measurement, in seconds (an hour).
pub(crate) const MAX_BENCH_SECONDS: f64 = 3600.0;

/// A seed for `--seed`: any number from 0 to 2^64-1.
pub(crate) fn seed(text: &str) -> Result<u64, String> {
    whole("a seed", 0..=u64::MAX)(text)
}

/// A `hijara bench` duration, from [`MIN_BENCH_SECONDS`] to [`MAX_BENCH_SECONDS`]:
/// out of that range (or no number) it is a usage error, as clap's own are (exit 2,
/// clap quoting the text given). `--seconds` takes the next word even when it starts
/// with `-` (`allow_hyphen_values`): `-inf` and `-nan` are numbers clap does not know,
/// so it read them as the flags `-i...` and said `unexpected argument '-i' found`
/// (QA s31); an option's name taken so is refused as `time_control` refuses it.
fn bench_seconds(text: &str) -> Result<f64, String> {
    number_or(text, MIN_BENCH_SECONDS..=MAX_BENCH_SECONDS, || {
        format!("expected seconds from {MIN_BENCH_SECONDS} to {MAX_BENCH_SECONDS}")
    })
}

/// A clock as `--clock` takes it: `MINUTES+SECONDS`, like `5+3`.
///
/// `--clock` takes the next word as its value even when it starts with `-`
/// (`allow_hyphen_values`): `-5+3` is no number, so `allow_negative_numbers` left it to
/// clap, which said `unexpected argument '-5+3' found` (s27). An option's name taken
/// so (`--clock --ai`) is refused here, clap naming `--clock` and the word: it is never
/// a clock, and no game starts.
pub(crate) fn time_control(text: &str) -> Result<crate::record::TimeControl, String> {
    if let Some(rest) = text.trim_start().strip_prefix('-') {
        return Err(
            if rest.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
                "a clock cannot be negative: MINUTES+SECONDS, like `5+3`"
            } else {
                "an option, not a clock: give --clock MINUTES+SECONDS first, like `--clock 5+3`"
            }
            .to_owned(),
        );
    }
    crate::record::TimeControl::from_minutes(text).map_err(|e| e.to_string())
}

/// A thinking time in milliseconds, from 1 to an hour: past that the AI would
/// think without end for any purpose.
pub(crate) fn think_ms(text: &str) -> Result<u64, String> {
    use crate::ai::gtp::MAX_THINK_MS;
    number_or(text, 1..=MAX_THINK_MS, || {
        format!("expected milliseconds from 1 to {MAX_THINK_MS} (an hour)")
    })
}

/// A node budget from 1 to a billion, as the engine protocol's `nodes N` takes it:
/// 0 would have hard search its minimum, a match no one asked for, and past
/// [`MAX_NODES`](crate::ai::gtp::MAX_NODES) a move could take hours.
pub(crate) fn node_count(text: &str) -> Result<u64, String> {
    use crate::ai::gtp::MAX_NODES;
    number_or(text, 1..=MAX_NODES, || {
        format!("expected a number of nodes from 1 to {MAX_NODES} (a billion)")
    })
}

/// A number of games for `selfplay --games`, from 1: clap's own range check said
/// `0 is not in 1..=4294967295`.
pub(crate) fn game_count(text: &str) -> Result<u32, String> {
    number_or(text, 1..=u32::MAX, || {
        format!("expected a number of games from 1 to {}", u32::MAX)
    })
}

/// The most search threads `--threads` takes (as the engine protocol's `threads N`).
const MAX_THREADS: u16 = 256;

/// A number of search threads for `--threads`, from 1 to [`MAX_THREADS`]: clap's own
/// range check said `0 is not in 1..=256`.
fn thread_count(text: &str) -> Result<u16, String> {
    number_or(text, 1..=MAX_THREADS, || {
        format!("expected a number of threads from 1 to {MAX_THREADS}")
    })
}

/// Options of `hijara bench`.
#[derive(Debug, Clone, Args)]
pub struct BenchArgs {
    /// How long to measure, in seconds (2 to 3600).
    #[arg(long, default_value = "3", value_parser = bench_seconds,
          allow_hyphen_values = true)]
    pub seconds: f64,
    /// The rules to play the random games under.
    #[arg(long, value_enum, ignore_case = true, default_value_t = crate::rules::Ruleset::Standard)]
    pub variant: crate::rules::Ruleset,
    /// Print one JSON object at the end instead of the lines (keys in docs/commands.md).
    #[arg(long)]
    pub json: bool,
}

/// Options of `hijara selfplay`.
#[derive(Debug, Clone, Args)]
#[command(mut_arg("threads", |arg| arg.help(
    "Search threads [default: every core; 1 with --nodes, for reproducible games]"
)))]
pub struct SelfplayArgs {
    /// Blue's level.
    #[arg(long, value_enum, ignore_case = true)]
    pub blue: Level,
    /// Yellow's level.
    #[arg(long, value_enum, ignore_case = true)]
    pub yellow: Level,
    /// How many games (at least 1).
    #[arg(long, default_value_t = 10, value_parser = game_count, allow_hyphen_values = true)]
    pub games: u32,
    /// Seed: the same seed plays the same games; hard's only with --nodes, since its
    /// thinking time depends on the machine.
    #[arg(long, default_value_t = 1, value_parser = seed, allow_hyphen_values = true)]
    pub seed: u64,
    /// The hard level's thinking time per move, in milliseconds (at most an hour).
    #[arg(long, value_name = "MS", value_parser = think_ms, allow_hyphen_values = true)]
    pub think_ms: Option<u64>,
    /// Hard searches this many nodes per move (1 to a billion) instead of using the clock: reproducible.
    #[arg(long, value_name = "N", conflicts_with = "think_ms", value_parser = node_count,
          allow_hyphen_values = true)]
    pub nodes: Option<u64>,
    /// Search threads.
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// The rules the games are played under.
    #[arg(long, value_enum, ignore_case = true, default_value_t = crate::rules::Ruleset::Standard)]
    pub variant: crate::rules::Ruleset,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::parse_from_args(std::iter::once("hijara").chain(args.iter().copied()))
    }

    /// qa43: `hijara --line` was refused (`unexpected argument '--line' found`),
    /// though the docs call the mode "the line mode": `--line` is `--plain`, before a
    /// command and after it, and the help names it.
    #[test]
    fn line_is_the_plain_flag_s_other_name() {
        assert!(parse(&["--line"]).unwrap().plain);
        let mut command = parse(&["--line", "play"]).unwrap().command.unwrap();
        let own = command
            .screen_flags()
            .and_then(|own| own.plain.map(|p| p.plain));
        assert_eq!(own, Some(true));
        let mut command = parse(&["learn", "--line"]).unwrap().command.unwrap();
        let own = command
            .screen_flags()
            .and_then(|own| own.plain.map(|p| p.plain));
        assert_eq!(own, Some(true));
        let help = <Cli as clap::CommandFactory>::command()
            .render_help()
            .to_string();
        assert!(help.contains("--line]"), "{help}");
    }

    /// QA (s22): `hijara --plain play` opened the full screen: the flag before the
    /// command was taken and left unused. It is the command's now, as `--ascii` is.
    #[test]
    fn plain_before_a_drawing_command_is_that_command_s() {
        let plain = |args: &[&str]| {
            let mut command = parse(args).unwrap().command.unwrap();
            let own = command
                .screen_flags()
                .and_then(|own| own.plain.map(|p| p.plain));
            own.unwrap_or_else(|| panic!("{command:?}"))
        };
        for args in [
            &["--plain", "play"][..],
            &["--plain", "play", "--ai", "easy"],
            &["--plain", "replay", "game.hij"],
            &["--plain", "resume"],
            &["--plain", "learn"],
            &["--plain", "puzzle"],
        ] {
            assert!(plain(args), "{args:?}");
            assert!(!parse(args).unwrap().may_draw_the_full_screen(), "{args:?}");
        }
        assert!(!plain(&["play"]));
        assert!(parse(&["play"]).unwrap().may_draw_the_full_screen());
        // The start screen's own, and a headless command's, as before.
        assert!(parse(&["--plain"]).unwrap().plain);
        assert!(parse(&["--plain", "score", "game.hij"]).is_ok());
    }

    /// A puzzle answered, given up, printed or counted draws no screen, so the
    /// terminal is not asked its background for one (`--give-up` was taken for the
    /// screen's and asked it).
    #[test]
    fn only_the_puzzle_screen_may_draw() {
        let draws = |args: &[&str]| parse(args).unwrap().may_draw_the_full_screen();
        assert!(draws(&["puzzle"]));
        assert!(draws(&["puzzle", "--daily"]));
        for headless in [
            &["puzzle", "--give-up"][..],
            &["puzzle", "--id", "p0001", "--give-up"],
            &["puzzle", "--answer", "c4"],
            &["puzzle", "--print"],
            &["puzzle", "--stats"],
        ] {
            assert!(!draws(headless), "{headless:?}");
        }
    }

    /// `puzzle --json` is `--stats`' only: with `--print` (or another of the puzzle's
    /// doings) it was accepted and ignored, the text printed (docs25).
    #[test]
    fn puzzle_json_is_refused_without_stats() {
        assert!(parse(&["puzzle", "--stats", "--json"]).is_ok());
        for args in [
            &["puzzle", "--json"][..],
            &["puzzle", "--json", "--print"],
            &["puzzle", "--json", "--give-up"],
            &["puzzle", "--json", "--answer", "c4"],
            &["puzzle", "--json", "--daily"],
            &["puzzle", "--json", "--id", "p0001"],
        ] {
            let error = parse(args).map(|_| ()).unwrap_err();
            assert!(error.render().to_string().contains("--json"), "{args:?}");
        }
    }

    /// `learn --list` prints the lessons and draws no screen: on a terminal it asked
    /// the background (OSC 11 and DA1 written, typed-ahead keys read) for nothing.
    #[test]
    fn the_lessons_listed_draw_no_screen() {
        let draws = |args: &[&str]| parse(args).unwrap().may_draw_the_full_screen();
        assert!(draws(&["learn"]));
        assert!(!draws(&["learn", "--list"]));
        assert!(!draws(&["learn", "--plain"]));
    }

    /// The long help of `hijara ARGS... --help`, as the binary prints it, but not
    /// wrapped (clap's `wrap_help` wraps it to the terminal the tests run in, else
    /// `COLUMNS`), so a phrase reads whole at any width.
    fn help(args: &[&str]) -> String {
        use clap::CommandFactory;
        let mut command = Cli::command();
        let mut sub = &mut command;
        for name in args {
            sub = sub
                .find_subcommand_mut(name)
                .unwrap_or_else(|| panic!("no subcommand {name}"));
        }
        sub.clone().term_width(0).render_long_help().to_string()
    }

    /// Issue 28, defect 12: `--threads` on the commands that play or analyse told of
    /// `selfplay --nodes`, and `hijara --help` never said that `hijara` alone opens
    /// the start screen.
    #[test]
    fn the_help_says_what_each_command_does() {
        for command in ["play", "replay", "resume", "analyze", "engine"] {
            let text = help(&[command]);
            assert!(text.contains("--threads"), "{command}: {text}");
            assert!(!text.contains("selfplay"), "{command}: {text}");
        }
        let selfplay = help(&["selfplay"]);
        assert!(selfplay.contains("1 with --nodes"), "{selfplay}");
        let top = help(&[]);
        assert!(
            top.contains("With no command, `hijara` opens the start screen"),
            "{top}"
        );
    }

    /// Docs helper: `play --variant`'s help gave its default as "standard, or the --load
    /// record's", though the config file's `variant` sets it (and the flag can't be
    /// given with --load). Each flag a config key is the default of says so in its
    /// help, on every command that takes it.
    #[test]
    fn a_flag_the_config_file_sets_says_so() {
        let flags = [
            (&["play"][..], "--ai", "level"),
            (&["play"], "--think-ms", "think_ms"),
            (&["replay"], "--think-ms", "think_ms"),
            (&["play"], "--clock", "clock"),
            (&["play"], "--variant", "variant"),
            (&["play"], "--claim", "claims"),
            (&["play"], "--save-dir", "save_dir"),
            (&["replay"], "--save-dir", "save_dir"),
            (&["resume"], "--save-dir", "save_dir"),
            (&["play"], "--plain", "plain"),
            (&["play"], "--palette", "palette"),
            (&["play"], "--ascii", "ascii"),
        ];
        for (command, flag, key) in flags {
            assert!(crate::prefs::Key::named(key).is_some(), "{key}");
            let text = help(command);
            // The flag's own paragraph: from its line to the next flag's.
            let lines: Vec<&str> = text.lines().collect();
            let at = lines
                .iter()
                .position(|line| {
                    let line = line.trim_start();
                    line == flag || line.starts_with(&format!("{flag} "))
                })
                .unwrap_or_else(|| panic!("{command:?} has no {flag}"));
            let own = lines[at..]
                .iter()
                .enumerate()
                .take_while(|(i, line)| *i == 0 || !line.trim_start().starts_with("--"))
                .map(|(_, line)| *line)
                .collect::<Vec<_>>()
                .join("\n");
            let default = own
                .split_once("[default:")
                .map(|(_, d)| d)
                .unwrap_or_default();
            assert!(
                default.contains("the config file's"),
                "{command:?} {flag}: {own}"
            );
        }
        assert!(!help(&["play"]).contains("or the --load record's]"));
    }

    /// QA (cliqa): `selfplay --help` promised that the same seed plays the same games,
    /// which hard under the clock does not (docs/ai.md says so); `engine --help` offered
    /// threads "for the AI and the analysis", and the engine runs no analysis.
    #[test]
    fn the_seed_and_threads_help_is_true_of_its_command() {
        let selfplay = help(&["selfplay"]);
        assert!(
            !selfplay.contains("the same seed plays the same games."),
            "{selfplay}"
        );
        assert!(selfplay.contains("hard's only with --nodes"), "{selfplay}");
        let engine = help(&["engine"]);
        assert!(!engine.contains("analysis"), "{engine}");
        assert!(engine.contains("`threads N`"), "{engine}");
    }

    /// QA (uifit): the global `--palette` and `--ascii` were offered by every headless
    /// command's help. Now only where a screen is drawn (and `config`, which reports
    /// them); given before the command or after it, the command's own win.
    #[test]
    fn the_display_flags_are_the_drawing_commands_own() {
        for command in ["score", "analyze", "bench", "selfplay", "engine", "games"] {
            let text = help(&[command]);
            assert!(!text.contains("--palette"), "{command}: {text}");
            assert!(!text.contains("--ascii"), "{command}: {text}");
        }
        for command in [&[][..], &["play"], &["replay"], &["resume"], &["learn"]] {
            let text = help(command);
            assert!(
                text.contains("--palette") && text.contains("--ascii"),
                "{text}"
            );
        }
        let display = |args: &[&str]| parse(args).map(|cli| cli.display()).unwrap();
        use crate::prefs::Palette;
        let light = Some(Palette::Light);
        assert_eq!(display(&["--palette", "light", "play"]).palette, light);
        assert_eq!(display(&["play", "--palette", "light"]).palette, light);
        assert_eq!(
            display(&["--palette", "none", "puzzle", "--palette", "light"]).palette,
            light
        );
        assert!(display(&["--ascii", "learn"]).ascii && display(&["config", "--ascii"]).ascii);
        assert_eq!(display(&["resume"]), DisplayArgs::default());
        assert!(parse(&["analyze", "x.hij", "--ascii"]).is_err());
    }

    #[test]
    fn no_history_is_taken_by_play_resume_and_replay() {
        let Ok(Cli {
            command: Some(Command::Play(play)),
            ..
        }) = parse(&["play", "--no-history"])
        else {
            panic!("play");
        };
        assert!(play.session.no_history);
        let Ok(Cli {
            command: Some(Command::Resume(resume)),
            ..
        }) = parse(&["resume", "--no-history"])
        else {
            panic!("resume");
        };
        assert!(resume.no_history);
        let Ok(Cli {
            command: Some(Command::Replay(replay)),
            ..
        }) = parse(&["replay", "--last", "--no-history"])
        else {
            panic!("replay");
        };
        assert!(replay.last && replay.session.no_history && replay.game.is_none());
        assert!(parse(&["games", "--no-history"]).is_err());
    }

    #[test]
    fn every_command_that_searches_takes_threads() {
        let threads = |args: &[&str]| -> Option<usize> {
            match parse(args)
                .unwrap_or_else(|e| panic!("{args:?}: {e}"))
                .command
            {
                Some(Command::Play(a)) => {
                    a.session
                        .config([Seat::Human; 2], &Default::default())
                        .threads
                }
                Some(Command::Replay(a)) => {
                    a.session
                        .config([Seat::Human; 2], &Default::default())
                        .threads
                }
                Some(Command::Resume(a)) => a.threads.get(),
                Some(Command::Engine(a)) => a.threads.get(),
                Some(Command::Selfplay(a)) => a.threads.get(),
                Some(Command::Analyze(a)) => a.threads.get(),
                other => panic!("{other:?}"),
            }
        };
        for args in [
            &["play", "--threads", "3"][..],
            &["replay", "--last", "--threads", "3"],
            &["resume", "--threads", "3"],
            &["engine", "--threads", "3"],
            &[
                "selfplay",
                "--blue",
                "easy",
                "--yellow",
                "hard",
                "--threads",
                "3",
            ],
            &["analyze", "game.hij", "--threads", "3"],
        ] {
            assert_eq!(threads(args), Some(3), "{args:?}");
            let without: Vec<&str> = args
                .iter()
                .copied()
                .filter(|a| *a != "--threads" && *a != "3")
                .collect();
            assert_eq!(threads(&without), None, "{without:?}");
            let mut zero = without.clone();
            zero.extend(["--threads", "0"]);
            assert!(parse(&zero).is_err(), "{zero:?}");
        }
        // The game's settings carry the count to its AI.
        let config = parse(&["play", "--threads", "2"]).map(|c| match c.command {
            Some(Command::Play(a)) => a.session.config([Seat::Hard; 2], &Default::default()),
            _ => GameConfig::default(),
        });
        assert_eq!(config.unwrap().ai_settings(Level::Hard).threads, Some(2));
    }

    /// QA (s31, qa33): `bench --seconds -inf` said `unexpected argument '-i' found`
    /// where `-1` was told the range: `-inf`, `-nan` and `-infinity` are told it too,
    /// as with `=`; an option after `--seconds` is named as no value. Fails on the old
    /// code (an `UnknownArgument` error).
    #[test]
    fn bench_seconds_names_the_range_for_any_negative() {
        use clap::error::ErrorKind;
        for word in ["-inf", "-nan", "-infinity", "-1", "-1e3"] {
            let apart = parse(&["bench", "--seconds", word]).unwrap_err();
            let joined = parse(&["bench", &format!("--seconds={word}")]).unwrap_err();
            assert_eq!(apart.kind(), ErrorKind::ValueValidation, "{word}: {apart}");
            assert_eq!(apart.render().to_string(), joined.render().to_string());
            assert!(
                apart
                    .to_string()
                    .contains("expected seconds from 2 to 3600"),
                "{apart}"
            );
        }
        let option = parse(&["bench", "--seconds", "--variant"]).unwrap_err();
        assert!(
            option.to_string().contains("an option, not a value"),
            "{option}"
        );
        assert!(parse(&["bench", "--seconds", "2.5"]).is_ok());
    }

    /// QA (cli25): `selfplay --games -1` was clap's `unexpected argument '-1' found`,
    /// where `--games=-1` was told the range. Every option of every command (and of
    /// `serve`'s operator commands) whose `=-1` is refused by its value's check now
    /// gives the same error with the number as the next word; and a real flag after an
    /// option is still no value.
    #[test]
    fn a_negative_number_is_told_the_range_with_or_without_equals() {
        use clap::CommandFactory;
        use clap::error::ErrorKind;
        fn walk(command: &clap::Command, path: &mut Vec<String>, checked: &mut Vec<String>) {
            for arg in command.get_arguments() {
                let Some(long) = arg.get_long() else { continue };
                if !arg.get_action().takes_values() {
                    continue;
                }
                // Words that are no number clap knows (`-inf`, `-1x`) too: they were
                // read as flags, `unexpected argument '-i' found` (QA s31).
                for number in [
                    "-1",
                    "-0",
                    "-2.5",
                    "-1e3",
                    "-inf",
                    "-nan",
                    "-Infinity",
                    "-1x",
                ] {
                    let joined = path.iter().cloned().chain([format!("--{long}={number}")]);
                    let Err(with_equals) = parse_owned(joined) else {
                        continue;
                    };
                    if with_equals.kind() != ErrorKind::ValueValidation {
                        continue;
                    }
                    let apart = path
                        .iter()
                        .cloned()
                        .chain([format!("--{long}"), number.to_owned()]);
                    let told = parse_owned(apart).map(|_| ()).unwrap_err();
                    assert_eq!(
                        told.render().to_string(),
                        with_equals.render().to_string(),
                        "{path:?} --{long} {number}"
                    );
                    checked.push(format!("{} --{long} {number}", path.join(" ")));
                }
            }
            for sub in command.get_subcommands() {
                path.push(sub.get_name().to_owned());
                walk(sub, path, checked);
                path.pop();
            }
        }
        fn parse_owned(args: impl Iterator<Item = String>) -> Result<Cli, clap::Error> {
            Cli::parse_from_args(std::iter::once("hijara".to_owned()).chain(args))
        }
        let mut checked = Vec::new();
        walk(&Cli::command(), &mut Vec::new(), &mut checked);
        // The walk reached the numbers of every kind of command: a game's, a
        // measurement's, the analysis's and the server's.
        for expected in [
            "selfplay --games -1",
            "selfplay --seed -1",
            "selfplay --nodes -1e3",
            "play --think-ms -1",
            "play --threads -0",
            "replay --seed -1",
            "resume --threads -1",
            "engine --threads -1",
            "analyze --nodes -1",
            "bench --seconds -2.5",
            "serve --max-sessions -1",
            "serve --reconnect-grace -1",
            "serve --review-think-ms -1",
        ] {
            assert!(
                checked.iter().any(|c| c == expected),
                "{expected}: {checked:#?}"
            );
        }
        for expected in [
            "selfplay --games -inf",
            "bench --seconds -inf",
            "play --think-ms -nan",
            "analyze --nodes -1x",
            "engine --threads -Infinity",
            "serve --max-sessions -inf",
            "serve --listen -inf",
            "serve --max-startups -1x",
            "puzzle --answer -inf",
        ] {
            assert!(
                checked.iter().any(|c| c == expected),
                "{expected}: {checked:#?}"
            );
        }
        // An option's name after an option that takes a value is named as no value,
        // the option named by clap; and the word after it is not blamed first
        // (`unexpected argument 'easy' found`).
        for args in [
            &[
                "selfplay", "--blue", "easy", "--yellow", "easy", "--games", "--json",
            ][..],
            &["selfplay", "--games", "--blue", "easy", "--yellow", "easy"][..],
            &["bench", "--seconds", "--variant", "corners"][..],
        ] {
            let error = parse(args).map(|_| ()).unwrap_err();
            assert_eq!(
                error.kind(),
                ErrorKind::ValueValidation,
                "{args:?}: {error}"
            );
            let said = error.render().to_string();
            assert!(said.contains("an option, not a value"), "{said}");
            assert!(
                said.contains("for '--games <GAMES>'")
                    || said.contains("for '--seconds <SECONDS>'"),
                "{said}"
            );
        }
    }

    /// cli36: `puzzle --id -x`, `games --dir -x` and `play --load -x` said `unexpected
    /// argument '-x' found`, naming no option, and `--dir=-x` was a folder. Every
    /// option naming a file, a folder or a puzzle (of every command, and `serve`'s
    /// operator commands) now names itself and says how to give such a name, with
    /// or without `=`; an option's name after it is no value either.
    #[test]
    fn a_dash_word_for_a_file_folder_or_id_names_the_option() {
        use clap::CommandFactory;
        use clap::error::ErrorKind;
        fn walk(command: &clap::Command, path: &mut Vec<String>, checked: &mut Vec<String>) {
            for arg in command.get_arguments() {
                let Some(long) = arg.get_long() else { continue };
                let names = arg.get_value_names().unwrap_or_default();
                if !names
                    .iter()
                    .any(|n| ["FILE", "DIR", "OUT", "ID"].contains(&n.as_str()))
                {
                    continue;
                }
                // An empty word is none either (qa48: `--dir ''` was read as a
                // folder named nothing, exit 1, and `--save-dir ''` as this one).
                for (word, why) in [
                    ("-x", "looks like an option"),
                    ("--json", "an option, not a value"),
                    ("", "an empty "),
                ] {
                    for apart in [true, false] {
                        let words: Vec<String> = if apart {
                            vec![format!("--{long}"), word.to_owned()]
                        } else {
                            vec![format!("--{long}={word}")]
                        };
                        let args = path.iter().cloned().chain(words);
                        let error =
                            Cli::parse_from_args(std::iter::once("hijara".to_owned()).chain(args))
                                .map(|_| ())
                                .unwrap_err();
                        let said = error.render().to_string();
                        assert_eq!(
                            error.kind(),
                            ErrorKind::ValueValidation,
                            "{path:?} --{long} {word}: {said}"
                        );
                        assert!(said.contains(&format!("'--{long} <")), "{said}");
                        assert!(said.contains(why), "{said}");
                        if word == "-x" && long != "id" {
                            assert!(said.contains("is ./-x"), "{said}");
                        }
                    }
                }
                checked.push(format!("{} --{long}", path.join(" ")));
            }
            for sub in command.get_subcommands() {
                path.push(sub.get_name().to_owned());
                walk(sub, path, checked);
                path.pop();
            }
        }
        let mut checked = Vec::new();
        walk(&Cli::command(), &mut Vec::new(), &mut checked);
        for expected in [
            "puzzle --id",
            "games --dir",
            "score --dir",
            "analyze --annotate",
            "play --load",
            "play --save-dir",
            "serve --data-dir",
            "serve --motd",
        ] {
            assert!(
                checked.iter().any(|c| c == expected),
                "{expected}: {checked:#?}"
            );
        }
        // `-` alone is still a name where it means standard output, and `./-x` is a file.
        assert!(parse(&["analyze", "--annotate", "-", "g.hij"]).is_ok());
        assert!(parse(&["games", "--dir", "./-x"]).is_ok());
        assert!(parse(&["puzzle", "--id", "p0001", "--print"]).is_ok());
    }

    /// s33 (cli36 left it): `play --blue HARD` was refused, where the engine
    /// protocol and the config file take a level in any case. Every named value of
    /// every command (levels, seats, variants, palettes, shells) is now taken in any
    /// case; a value that is none still lists the names.
    #[test]
    fn every_named_value_is_taken_in_any_case() {
        use clap::CommandFactory;
        use clap::error::ErrorKind;
        fn walk(command: &clap::Command, path: &mut Vec<String>, checked: &mut Vec<String>) {
            for arg in command.get_arguments() {
                // Flags have the possible values `true` and `false`, never typed.
                if !arg.get_action().takes_values() || arg.is_hide_set() {
                    continue;
                }
                let named = if arg.is_positional() {
                    String::new()
                } else {
                    match arg.get_long() {
                        Some(long) => format!("--{long}"),
                        None => continue,
                    }
                };
                for value in arg.get_possible_values() {
                    let name = value.get_name();
                    let mut first = name.chars();
                    let capitalised: String = first
                        .next()
                        .map(|c| c.to_ascii_uppercase())
                        .into_iter()
                        .chain(first)
                        .collect();
                    for typed in [name.to_ascii_uppercase(), capitalised] {
                        let args: Vec<String> = path
                            .iter()
                            .cloned()
                            .chain([named.clone(), typed.clone()])
                            .filter(|a| !a.is_empty())
                            .collect();
                        // Another argument may be missing (`selfplay` wants both
                        // levels): the value itself must not be what is refused.
                        if let Err(error) = Cli::parse_from_args(
                            std::iter::once("hijara".to_owned()).chain(args.clone()),
                        ) {
                            assert_ne!(error.kind(), ErrorKind::InvalidValue, "{args:?}: {error}");
                        }
                    }
                }
                if arg.get_possible_values().is_empty() {
                    continue;
                }
                checked.push(format!("{} {named}", path.join(" ")).trim().to_owned());
                // A value that is none is refused, the names listed.
                let args = path
                    .iter()
                    .cloned()
                    .chain([named.clone(), "Nonesuch".into()]);
                let error = Cli::parse_from_args(
                    std::iter::once("hijara".to_owned()).chain(args.filter(|a| !a.is_empty())),
                )
                .map(|_| ())
                .unwrap_err();
                assert_eq!(error.kind(), ErrorKind::InvalidValue, "{path:?} {named}");
                assert!(
                    error.render().to_string().contains("[possible values: "),
                    "{error}"
                );
            }
            for sub in command.get_subcommands() {
                path.push(sub.get_name().to_owned());
                walk(sub, path, checked);
                path.pop();
            }
        }
        let mut checked = Vec::new();
        walk(&Cli::command(), &mut Vec::new(), &mut checked);
        for expected in [
            "--palette",
            "play --blue",
            "play --yellow",
            "play --ai",
            "play --variant",
            "play --palette",
            "replay --blue",
            "replay --yellow",
            "selfplay --blue",
            "selfplay --yellow",
            "selfplay --variant",
            "bench --variant",
            "completions",
            "config --palette",
        ] {
            assert!(
                checked.iter().any(|c| c == expected),
                "{expected}: {checked:#?}"
            );
        }
        // Read as the names are.
        let play = |args: &[&str]| match parse(args).map(|cli| cli.command) {
            Ok(Some(Command::Play(play))) => play,
            other => panic!("{other:?}"),
        };
        let game = play(&["play", "--blue", "HARD", "--variant", "Corners"]);
        assert_eq!(game.blue, Some(Seat::Hard));
        assert_eq!(game.variant, Some(crate::rules::Ruleset::Corners));
        assert_eq!(play(&["play", "--ai", "Easy"]).ai, Some(Some(Level::Easy)));
        assert_eq!(
            play(&["play", "--palette", "COLOUR-BLIND"]).display.palette,
            Some(crate::prefs::Palette::ColourBlind)
        );
    }

    /// s33 (cli36 left it): `score -x` said clap's `unexpected argument '-x' found`
    /// and `to pass '-x' as a value, use '-- -x'`, where every file or folder option
    /// names itself and how to name such a file. A file or folder argument now does
    /// too; after `--` the word is still a file, a misspelt option keeps clap's tip,
    /// and a word after the file is still clap's unexpected argument.
    #[test]
    fn a_dash_word_for_a_file_argument_names_it() {
        use clap::error::ErrorKind;
        for (args, argument, said) in [
            (
                &["score", "-x"][..],
                "'[FILE|N]'",
                "a file named -x is ./-x",
            ),
            (
                &["score", "--json", "-x"],
                "'[FILE|N]'",
                "a file named -x is ./-x",
            ),
            (
                &["analyze", "-x", "--json"],
                "'[FILE|N]'",
                "a file named -x is ./-x",
            ),
            (
                &["replay", "-abc"],
                "'[FILE|N]'",
                "a file named -abc is ./-abc",
            ),
            (
                &["serve", "export", "-x"],
                "'<DIR>'",
                "a folder named -x is ./-x",
            ),
            (
                &["serve", "backup", "-x"],
                "'<FILE>'",
                "a file named -x is ./-x",
            ),
        ] {
            let error = parse(args).map(|_| ()).unwrap_err();
            let text = error.render().to_string();
            assert_eq!(error.kind(), ErrorKind::ValueValidation, "{args:?}: {text}");
            assert!(text.contains(&format!("for {argument}")), "{text}");
            assert!(
                text.contains(&format!("looks like an option: {said}")),
                "{text}"
            );
            assert!(!text.contains("'-- -"), "{text}");
        }
        let game = |args: &[&str]| match parse(args).map(|cli| cli.command) {
            Ok(Some(Command::Score(score))) => score.game,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            game(&["score", "--", "-x"]),
            Some(ReplayTarget::File(PathBuf::from("-x")))
        );
        assert_eq!(
            game(&["score", "./-x"]),
            Some(ReplayTarget::File(PathBuf::from("./-x")))
        );
        // Clap's own errors where the word is no file.
        let misspelt = parse(&["score", "--jsn", "g.hij"]).map(|_| ()).unwrap_err();
        assert_eq!(misspelt.kind(), ErrorKind::UnknownArgument, "{misspelt}");
        assert!(misspelt.to_string().contains("'--json'"), "{misspelt}");
        for args in [&["score", "g.hij", "-x"][..], &["play", "-x"], &["-x"]] {
            let error = parse(args).map(|_| ()).unwrap_err();
            assert_eq!(
                error.kind(),
                ErrorKind::UnknownArgument,
                "{args:?}: {error}"
            );
        }
        let below_one = parse(&["score", "-1"]).map(|_| ()).unwrap_err();
        assert!(
            below_one.to_string().contains("numbered from 1"),
            "{below_one}"
        );
        let help = parse(&["score", "-h"]).map(|_| ()).unwrap_err();
        assert_eq!(help.kind(), ErrorKind::DisplayHelp);
    }

    #[test]
    fn replay_takes_a_number_or_a_file() {
        let target = |arg: &str| match parse(&["replay", arg]) {
            Ok(Cli {
                command: Some(Command::Replay(replay)),
                ..
            }) => replay.game,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            target("12"),
            Some(ReplayTarget::Number(12, "12".to_owned()))
        );
        assert_eq!(
            target("007"),
            Some(ReplayTarget::Number(7, "007".to_owned()))
        );
        assert_eq!(
            target("./12"),
            Some(ReplayTarget::File(PathBuf::from("./12")))
        );
        assert_eq!(
            target("game.hij"),
            Some(ReplayTarget::File(PathBuf::from("game.hij")))
        );
        assert!(parse(&["replay", "0"]).is_err());
        assert_eq!(
            target("99999999999999999999999"),
            Some(ReplayTarget::Number(
                usize::MAX,
                "99999999999999999999999".to_owned()
            ))
        );
    }
}
