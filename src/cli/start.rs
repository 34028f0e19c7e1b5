//! `hijara` with no arguments: the start screen, then the door chosen; the lessons
//! and the puzzles come back to it, and a game and the replay viewer (a game played
//! on from it too) do when left with `q`.

use crate::ai::Seat;
use crate::session::{
    Autosave, History, data_dir, data_folder_problem_unnamed, games_dir, read_record,
    unfinished_autosave,
};
use crate::ui::{AiSide, START_ITEMS, StartChoice, StartState};

use super::config::RunPrefs;
use super::play::Left;
use super::{LearnArgs, PlainArgs, PlayArgs, PuzzleArgs, ReplayArgs, ResumeArgs};

/// The start screen, then the door chosen, both on the full screen or both in the
/// line mode (`plain`, or the config file's).
pub(crate) fn run(plain: bool, prefs: &RunPrefs) -> anyhow::Result<()> {
    let plain = PlainArgs {
        plain: plain || prefs.prefs().plain,
    };
    let mut front = crate::ui::Frontend::choose(plain.plain)?;
    let front = &mut front;
    let mut selected = 0;
    // The side taken against the AI: the config file's, kept there when `s` turns it
    // (s36: it was Blue again at each start).
    let mut side = prefs.prefs().side;
    let mut kept_side = side;
    // The names typed with `n`: the config file's, kept there when changed (s37:
    // they were gone at the next start, and a game against the AI had none).
    let mut names: [Option<String>; 2] = prefs.prefs().names.clone();
    let mut kept_names = names.clone();
    // What the start screen says when it comes back: a door that could not open,
    // or what the lessons or puzzles sum up.
    let mut note: Option<String> = None;
    let mut summary: Option<String> = None;
    let mut returned = false;
    loop {
        // A damaged autosave whose first moves still read is offered too: by the
        // game's own question, which says what is wrong and keeps the file aside.
        let autosave = Autosave::in_data_dir().map(|a| unfinished_autosave(&a));
        let damaged = matches!(&autosave, Some(Err(d)) if d.salvaged.is_some());
        // QA (s22): one none of whose moves read made the door say `(none)` and
        // "There is no unfinished game to resume", though the file is there and
        // `hijara resume` says what is wrong with it: the door opens to say it, and
        // the start screen stays.
        let unreadable = match &autosave {
            Some(Err(d)) if d.salvaged.is_none() => Some(crate::strings::start::cannot_resume(
                &crate::strings::describe::damaged_autosave(d),
            )),
            _ => None,
        };
        let can_resume = damaged || unreadable.is_some() || matches!(autosave, Some(Ok(Some(_))));
        let can_replay = data_dir()
            .map(|d| games_dir(&d))
            .and_then(|dir| History::read(&dir).ok())
            .is_some_and(|h| !h.is_empty());
        let mut state = StartState::new(can_resume, can_replay)
            .with_selected(selected)
            .with_side(side)
            .with_names(names.clone());
        // Each turn of the loop after the first comes back from a door.
        if returned {
            state = state.returned();
        }
        returned = true;
        // Something else where the data folder should be: the doors' "(none)" alone
        // would not say why nothing is kept (s24). Any other note comes first. No
        // path: a long one would not fit the box at 44 columns (commands name it).
        if let Some(problem) = data_dir().and_then(|d| data_folder_problem_unnamed(&d)) {
            state = state.with_note(crate::strings::start::nothing_kept(&problem));
        }
        // A problem of the config file shows the first time only.
        if let Some(notice) = prefs.notice() {
            state = state.with_note(notice);
        }
        if let Some(note) = note.take() {
            state = state.with_note(note);
        }
        if let Some(summary) = summary.take() {
            state = state.with_summary(summary);
        }
        let setup = prefs.setup(front);
        let left_screen = crate::ui::start(state, front, setup)?;
        side = left_screen.side();
        names = left_screen.names();
        if side != kept_side {
            kept_side = side;
            if let Err(why) = prefs.keep_side(side) {
                note = Some(crate::strings::start::side_not_kept(&why));
            }
        }
        if names != kept_names {
            kept_names = names.clone();
            if let Err(why) = prefs.keep_names(&names) {
                note = Some(crate::strings::start::names_not_kept(&why));
            }
        }
        let Some(choice) = left_screen.choice() else {
            return Ok(());
        };
        selected = START_ITEMS
            .iter()
            .position(|(c, ..)| *c == choice)
            .unwrap_or(0);
        // The lessons and the puzzles always come back here; a game and the replay
        // viewer, when left with q.
        let mut left = Left::Back(None);
        match choice {
            // The lessons and the puzzles come back here when left.
            StartChoice::Learn => {
                let args = LearnArgs {
                    list: false,
                    // The run's preferences hold the flags already.
                    display: Default::default(),
                    plain,
                };
                summary = super::learn::run_on(&args, prefs, front, true)?;
            }
            StartChoice::Puzzles => {
                let args = PuzzleArgs {
                    plain,
                    ..PuzzleArgs::default()
                };
                summary = super::puzzle::run_on(
                    &args,
                    prefs,
                    front,
                    super::puzzle::PuzzlesBack::StartScreen,
                )?;
            }
            // A game comes back here when left with q (not Ctrl-c), as the lessons do.
            StartChoice::HotSeat => {
                let args = PlayArgs {
                    plain,
                    names: names.clone(),
                    ..PlayArgs::default()
                };
                left = super::play::run_on(args, prefs, front, true)?;
            }
            StartChoice::Ai(level) => {
                let seats = ai_seats(level, side, coin());
                let args = PlayArgs {
                    blue: Some(seats[0]),
                    yellow: Some(seats[1]),
                    plain,
                    names: person_named(&names, seats),
                    ..PlayArgs::default()
                };
                left = super::play::run_on(args, prefs, front, true)?;
            }
            // Another hijara is playing the autosaved game: said here, and the
            // start screen stays (`hijara resume` refuses it as well). Before the
            // damaged file's door (s40: that one opened a new game, not autosaved).
            StartChoice::Resume if Autosave::in_data_dir().is_some_and(|a| a.busy()) => {
                note = Some(crate::strings::start::RESUME_BUSY.to_owned());
                continue;
            }
            StartChoice::Resume if damaged => {
                // The question's no starts a hot-seat game: the names typed here
                // are its people's, as the hot-seat door's (s40: none were).
                let args = PlayArgs {
                    plain,
                    names: names.clone(),
                    ..PlayArgs::default()
                };
                left = super::play::run_on(args, prefs, front, true)?;
            }
            StartChoice::Resume if unreadable.is_some() => {
                note = unreadable;
                continue;
            }
            StartChoice::Resume => {
                let args = ResumeArgs {
                    save_dir: None,
                    threads: Default::default(),
                    no_history: false,
                    clock: None,
                    display: Default::default(),
                    plain,
                };
                left = super::resume::run_on(&args, prefs, front, true)?;
            }
            StartChoice::Replay => {
                // A newest game that cannot be read is said here and the start screen
                // stays (the door led out of the program with the error).
                let readable = super::replay::record_path(None, None).and_then(|p| read_record(&p));
                if let Err(error) = readable {
                    note = Some(crate::strings::start::cannot_replay(&format!("{error:#}")));
                    continue;
                }
                let args = ReplayArgs {
                    game: None,
                    last: true,
                    dir: None,
                    blue: Seat::Human,
                    yellow: Seat::Human,
                    session: Default::default(),
                    display: Default::default(),
                    plain,
                };
                left = super::replay::run_on(&args, prefs, front, true)?;
            }
        }
        match left {
            Left::Out => return Ok(()),
            Left::Back(note) => summary = summary.or(note),
        }
    }
}

/// The seats of a game against the AI at `level` the start screen opens, the person
/// on `side`; `yellow_if_random` says the side a random draw fell on.
fn ai_seats(level: crate::ai::Level, side: AiSide, yellow_if_random: bool) -> [Seat; 2] {
    let yellow = match side {
        AiSide::Blue => false,
        AiSide::Yellow => true,
        AiSide::Random => yellow_if_random,
    };
    if yellow {
        [Seat::from(level), Seat::Human]
    } else {
        [Seat::Human, Seat::from(level)]
    }
}

/// The names of a game against the AI with `seats`, from the start screen's `names`
/// (by colour): the person's seat takes its colour's name, else the other colour's
/// (one player alone types one name); the AI's seat none (it is named by its level).
fn person_named(names: &[Option<String>; 2], seats: [Seat; 2]) -> [Option<String>; 2] {
    let person = |index: usize| {
        (seats[index] == Seat::Human)
            .then(|| names[index].clone().or_else(|| names[1 - index].clone()))
            .flatten()
    };
    [person(0), person(1)]
}

/// A coin for the random side: the system's random bytes, else the clock's last bit.
fn coin() -> bool {
    let mut byte = [0u8];
    match getrandom::fill(&mut byte) {
        Ok(()) => byte[0] & 1 == 1,
        Err(_) => crate::session::fresh_seed() & 1 == 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    /// qa37: the start screen's AI doors always seated the person as Blue. The side
    /// row's choice now seats them; random follows the draw.
    #[test]
    fn the_start_screen_s_side_seats_the_person() {
        let hard = Seat::Hard;
        assert_eq!(
            ai_seats(Level::Hard, AiSide::Blue, true),
            [Seat::Human, hard]
        );
        assert_eq!(
            ai_seats(Level::Hard, AiSide::Yellow, false),
            [hard, Seat::Human]
        );
        assert_eq!(
            ai_seats(Level::Hard, AiSide::Random, false),
            [Seat::Human, hard]
        );
        assert_eq!(
            ai_seats(Level::Hard, AiSide::Random, true),
            [hard, Seat::Human]
        );
    }

    /// s37: a game against the AI from the start screen had no names. The person
    /// takes the name of the colour they play, else the other one typed; the AI's
    /// seat has none (its level names it).
    #[test]
    fn the_person_against_the_ai_takes_a_typed_name() {
        let both = [Some("alice".to_owned()), Some("bob".to_owned())];
        let blue_only = [Some("alice".to_owned()), None];
        let (human, hard) = (Seat::Human, Seat::Hard);
        assert_eq!(
            person_named(&both, [human, hard]),
            [Some("alice".to_owned()), None]
        );
        assert_eq!(
            person_named(&both, [hard, human]),
            [None, Some("bob".to_owned())]
        );
        assert_eq!(
            person_named(&blue_only, [hard, human]),
            [None, Some("alice".to_owned())]
        );
        assert_eq!(person_named(&[None, None], [human, hard]), [None, None]);
    }
}
