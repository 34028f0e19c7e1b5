//! `hijara play` (and `hijara` alone): the full-screen game.

use anyhow::bail;

use crate::ai::Seat;
use crate::session::{
    Course, GameConfig, Kept, LoadedRecord, Names, Notice, ResumeOffer, Session, StorageReport,
    config_of, read_record, unfinished_autosave,
};
use crate::strings::{describe, message, totals};
use crate::text::display_path;
use crate::ui;

use super::config::RunPrefs;
use super::{PlayArgs, storage};
use crate::prefs::Prefs;

/// The game set-up the options ask for, the preferences filling in what they leave:
/// `--ai LEVEL` is you as Blue against that level (`--ai` alone: the preferred level).
fn config(args: &PlayArgs, prefs: &Prefs) -> GameConfig {
    let claims = if args.no_claim {
        false
    } else {
        args.claim || prefs.claims
    };
    let clock = if args.no_clock {
        None
    } else {
        args.clock.or(prefs.clock)
    };
    GameConfig {
        ruleset: args.variant.unwrap_or(prefs.variant),
        claims,
        clock,
        ..args.session.config(seats(args, prefs), prefs)
    }
}

fn seats(args: &PlayArgs, prefs: &Prefs) -> [Seat; 2] {
    match args.ai {
        Some(level) => [Seat::Human, Seat::from(level.unwrap_or(prefs.level))],
        None => [
            args.blue.unwrap_or(Seat::Human),
            args.yellow.unwrap_or(Seat::Human),
        ],
    }
}

/// The settings for a loaded record: its tags, overridden by what the command line gives.
fn loaded_config(args: &PlayArgs, prefs: &Prefs, loaded: &LoadedRecord) -> GameConfig {
    let mut config = config_of(&loaded.record, config(args, prefs));
    if args.ai.is_some() {
        config.seats = seats(args, prefs);
    }
    if let Some(seat) = args.blue {
        config.seats[0] = seat;
    }
    if let Some(seat) = args.yellow {
        config.seats[1] = seat;
    }
    if args.session.think_ms.is_some() {
        config.think_ms = args.session.think_ms;
    }
    if let Some(seed) = args.session.seed {
        config.seed = seed;
    }
    if args.clock.is_some() {
        config.clock = args.clock;
    }
    if args.no_clock {
        config.clock = None;
    }
    config
}

pub(crate) fn run(args: PlayArgs, run: &RunPrefs) -> anyhow::Result<()> {
    let mut front = ui::Frontend::choose(args.plain.plain || run.prefs().plain)?;
    run_on(args, run, &mut front, false).map(|_| ())
}

/// Where the player went on leaving a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Left {
    /// Out of the program: the farewell line, if any, is printed.
    Out,
    /// Back to the start screen that opened the game (`q`), with what it says there:
    /// where the game left in progress is kept.
    Back(Option<String>),
}

/// After a game: with `from_start` and not left with `Ctrl-c`, back to the start
/// screen, which says where the game in progress is kept (printed, it went to the
/// main screen, seen only once the program had ended); else the farewell printed.
/// Leaving saves nothing more here either way: the autosave is as the game left it.
pub(crate) fn after_game(
    session: &Session,
    forced: bool,
    from_start: bool,
    front: &mut ui::Frontend,
) -> anyhow::Result<Left> {
    let kept = session
        .left_in_progress()
        .map(|kept| (kept, session.game.clone()))
        .or_else(|| offer_left(session));
    // What writes that came back only as the screen ended came to (a slow disk): a
    // failure drawn once before the terminal was restored is said after it too.
    let late: Vec<String> = session
        .storage
        .late()
        .iter()
        .filter_map(|report| match describe::storage_report(report) {
            Notice::Info(text) | Notice::Error(text) => Some(text),
            Notice::Resumed(_) => None,
        })
        .collect();
    if from_start && !forced {
        let note = kept.map(|(kept, game)| match kept {
            Kept::Autosave(_) => crate::strings::storage::kept_for_start(&game, ui::RESUME_KEY),
            kept => describe::farewell(&kept, &game, front.answering()),
        });
        let note = std::iter::once(note)
            .flatten()
            .chain(late)
            .reduce(|a, b| a + " " + &b);
        return Ok(Left::Back(note));
    }
    // The game is the last screen: the farewell goes to the main screen.
    front.restore_terminal();
    let mut not_saved = false;
    if let Some((kept, game)) = kept {
        let farewell = describe::farewell(&kept, &game, front.answering());
        super::out::say_after(front, farewell)?;
        not_saved = !kept.holds_the_game();
    }
    // A save asked for with `s` that failed fails the program (its status says so);
    // the other failures are notes beside the farewell.
    let requested = session
        .storage
        .late()
        .iter()
        .any(|r| matches!(r, StorageReport::NotSaved { .. }));
    if requested {
        bail!("{}", late.join("\n"));
    }
    // The line mode printed them as they came, after its last prompt.
    if !front.is_plain() {
        for line in late {
            super::out::note(line);
        }
    }
    // A farewell saying the game was NOT saved as it is now (its last write did not
    // finish, the autosave failed or was another program's) fails the program too,
    // quietly: the farewell said why (s40: it exited 0, as after a game kept).
    if not_saved {
        return Err(super::out::QuietExit(1).into());
    }
    Ok(Left::Out)
}

/// The autosaved game the resume question offered, when the player left at the
/// question (nothing played, nothing written): said as a game left in progress is,
/// once the file is read again and still holds it (a damaged one, whose salvaged
/// moves were offered, is not a game kept as it was: nothing is said of it).
fn offer_left(session: &Session) -> Option<(Kept, crate::rules::Game)> {
    session.resume_offer.as_ref()?;
    let autosave = session.storage.autosave()?;
    let loaded = unfinished_autosave(autosave).ok()??;
    Some((Kept::Autosave(autosave.path().to_path_buf()), loaded.game))
}

/// The game, on `front` (the start screen's, when it opened the door: then
/// `from_start`, and `q` goes back to it).
pub(crate) fn run_on(
    args: PlayArgs,
    run: &RunPrefs,
    front: &mut ui::Frontend,
    from_start: bool,
) -> anyhow::Result<Left> {
    let prefs = run.prefs();
    let save_dir = args.session.save_dir.as_ref().or(prefs.save_dir.as_ref());
    let mut storage = storage(save_dir, args.session.no_history)?;
    let session = match &args.load {
        Some(path) => {
            let loaded = read_record(path)?;
            if loaded.played().is_over() {
                bail!(
                    "{}: the game is over ({}, {}); `hijara replay {}` shows it move by move",
                    display_path(path),
                    describe::ended(loaded.played()),
                    totals(&loaded.game),
                    display_path(path)
                );
            }
            storage = storage.with_date(loaded.record.tag("Date"));
            let text = message::loaded(&display_path(path), &loaded.game);
            let config = loaded_config(&args, prefs, &loaded);
            // The people keep the record's names, as a game played on from it does.
            storage.name_people(Names::played_on(&loaded.record, config.seats));
            let mut session = Session::new(config, loaded.game, storage);
            // The record's clocks go on, unless `--clock` gives new ones.
            if args.clock.is_none() {
                session.course = loaded.course;
            }
            session.notice = Some(Notice::Info(text));
            session
        }
        None => {
            let mut offer = None;
            // The autosave's lock first: another hijara playing from this data
            // folder owns the autosave and its game, which is then neither offered
            // here nor written over (this game is not autosaved, and says so).
            let mut notice = storage
                .claim_autosave()
                .map(|busy| describe::storage_report(&busy));
            if let Some(autosave) = storage.autosave().cloned() {
                match unfinished_autosave(&autosave) {
                    Ok(Some(loaded)) => {
                        // A new game instead is dated at its first move.
                        storage = storage.with_date(loaded.record.tag("Date"));
                        let offered = config_of(&loaded.record, config(&args, prefs));
                        offer = Some(Box::new(ResumeOffer {
                            people: Names::played_on(&loaded.record, offered.seats),
                            config: offered,
                            game: loaded.game,
                            course: loaded.course,
                            ..ResumeOffer::default()
                        }));
                    }
                    Ok(None) => {}
                    Err(damaged) => {
                        notice = Some(Notice::Error(describe::damaged_autosave(&damaged)));
                        // The moves that still read are offered, the question saying
                        // what is damaged and where; the file is kept aside before
                        // the autosave is next written.
                        if let Some(loaded) = damaged.salvaged.map(|b| *b) {
                            storage = storage.with_date(loaded.record.tag("Date"));
                            let offered = config_of(&loaded.record, config(&args, prefs));
                            offer = Some(Box::new(ResumeOffer {
                                people: Names::played_on(&loaded.record, offered.seats),
                                config: offered,
                                damage: Some(describe::salvaged_autosave(
                                    &damaged.path,
                                    &damaged.error,
                                    loaded.game.len(),
                                )),
                                game: loaded.game,
                                course: Course::default(),
                                ..ResumeOffer::default()
                            }));
                        }
                    }
                }
            }
            let config = config(&args, prefs);
            // The names the start screen's hot-seat players typed: the records and
            // the screen name them (a resumed game keeps its own instead).
            if args.names.iter().any(Option::is_some) {
                storage.name_people(Names::typed(args.names.clone()).seated(config.seats));
            }
            let mut session = Session::new(config, config.new_game(), storage);
            session.resume_offer = offer;
            // A problem of the config file is the first thing said, unless the
            // autosave's is.
            session.notice = notice.or_else(|| run.notice().map(Notice::Error));
            session
        }
    };
    let setup = run.setup(front);
    let (session, forced) = ui::play(session, front, setup, from_start)?;
    after_game(&session, forced, from_start, front)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::cli::SessionArgs;
    use crate::session::parse_record;

    #[test]
    fn short_form_is_human_blue_against_the_ai() {
        let args = PlayArgs {
            ai: Some(Some(Level::Hard)),
            session: SessionArgs {
                seed: Some(7),
                ..SessionArgs::default()
            },
            ..PlayArgs::default()
        };
        let config = config(&args, &Prefs::default());
        assert_eq!(config.seats, [Seat::Human, Seat::Hard]);
        assert_eq!(config.seed, 7);
    }

    #[test]
    fn the_preferences_fill_in_what_the_flags_leave_and_flags_beat_them() {
        let prefs = Prefs {
            level: Level::Easy,
            think_ms: Some(300),
            clock: crate::record::TimeControl::from_minutes("5+3").ok(),
            variant: crate::rules::Ruleset::Corners,
            claims: true,
            ..Prefs::default()
        };
        let args = PlayArgs {
            ai: Some(None),
            ..PlayArgs::default()
        };
        let filled = config(&args, &prefs);
        assert_eq!(filled.seats, [Seat::Human, Seat::Easy]);
        assert_eq!(filled.think_ms, Some(300));
        assert_eq!(filled.clock, prefs.clock);
        assert_eq!(filled.ruleset, crate::rules::Ruleset::Corners);
        assert!(filled.claims);
        let args = PlayArgs {
            ai: Some(Some(Level::Medium)),
            variant: Some(crate::rules::Ruleset::Standard),
            no_claim: true,
            no_clock: true,
            session: SessionArgs {
                think_ms: Some(50),
                ..SessionArgs::default()
            },
            ..PlayArgs::default()
        };
        let config = config(&args, &prefs);
        assert_eq!(config.seats, [Seat::Human, Seat::Medium]);
        assert_eq!(config.think_ms, Some(50));
        assert_eq!(config.clock, None);
        assert_eq!(config.ruleset, crate::rules::Ruleset::Standard);
        assert!(!config.claims);
    }

    #[test]
    fn default_is_hot_seat() {
        let config = config(&PlayArgs::default(), &Prefs::default());
        assert_eq!(config.seats, [Seat::Human, Seat::Human]);
        assert_eq!(config.ruleset, crate::rules::Ruleset::Standard);
        assert!(!config.claims);
    }

    #[test]
    fn variant_and_claims_from_the_command_line() {
        let args = PlayArgs {
            variant: Some(crate::rules::Ruleset::Corners),
            claim: true,
            ..PlayArgs::default()
        };
        let config = config(&args, &Prefs::default());
        assert_eq!(config.ruleset, crate::rules::Ruleset::Corners);
        assert!(config.claims);
        let game = config.new_game();
        assert_eq!(game.ruleset(), crate::rules::Ruleset::Corners);
        assert!(game.claim_mode());
    }

    #[test]
    fn the_command_line_overrides_a_loaded_record() {
        let loaded = parse_record("[Blue \"hard\"]\n[Yellow \"Bob\"]\n[Seed \"5\"]\nb2\n").unwrap();
        let config = loaded_config(&PlayArgs::default(), &Prefs::default(), &loaded);
        assert_eq!(config.seats, [Seat::Hard, Seat::Human]);
        assert_eq!(config.seed, 5);
        let args = PlayArgs {
            yellow: Some(Seat::Easy),
            session: SessionArgs {
                seed: Some(8),
                ..SessionArgs::default()
            },
            ..PlayArgs::default()
        };
        let config = loaded_config(&args, &Prefs::default(), &loaded);
        assert_eq!(config.seats, [Seat::Hard, Seat::Easy]);
        assert_eq!(config.seed, 8);
    }
}
