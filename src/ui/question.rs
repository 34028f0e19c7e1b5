//! The yes/no questions a game asks, and what is drawn over the board.

use crate::ai::Seat;
use crate::rules::Player;
use crate::session::ResumeOffer;
use crate::strings::question::{self, Answering, Brief};
use crate::strings::table;

use super::keymap::Action;

/// The most columns of a person's name in the resume question: two such names keep
/// the whole question in its box over the board at 44×16, the smallest game screen.
const RESUME_NAME_COLUMNS: usize = 20;

/// What the autosave holds of the game on screen, as the quit and back questions say
/// it: a save announced is a save made, so a move's write still on its way to the
/// disk is said to be on its way, not kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keeping {
    /// The autosave's last write holds the game as it is.
    Kept,
    /// A write of the game as it is now is on its way to the disk, the ones before it
    /// having worked: the way out waits for it (the farewell then says where the game
    /// is).
    Saving,
    /// The autosave does not hold the game (its write failed, or there is none):
    /// the questions offer to save it first.
    NotKept,
}

impl Keeping {
    /// [`Keeping::Kept`] when the autosave holds the game, else [`Keeping::NotKept`].
    pub fn of(autosaved: bool) -> Keeping {
        if autosaved {
            Keeping::Kept
        } else {
            Keeping::NotKept
        }
    }
}

/// A yes/no question on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Question {
    /// Quit the game in progress?
    Quit,
    /// Leave the game in progress for the start screen that opened it (where `y`
    /// goes, and where the autosaved game is resumed: not "quit").
    Back,
    /// Abandon the game in progress for a new one?
    NewGame,
    /// Continue the autosaved game found at start-up, or start a new one?
    Resume,
    /// This player resigns the game in progress?
    Resign(Player),
    /// At a server table: the other player asks to take back their last move.
    UndoAsked,
    /// At a server table: the other player offers a rematch, colours swapped.
    Rematch,
    /// At a server table: leave the game in progress? `early`: before both players
    /// moved, when leaving ends it unrated, not as a rated loss (`rating::ended_too_soon`).
    Leave {
        /// Fewer moves than a rated game needs.
        early: bool,
    },
    /// Against the server's AI at a table: leave the game in progress? `kept`: the
    /// server has it on disk (its last write succeeded), so the question may say so.
    LeaveAi {
        /// The table's last write succeeded.
        kept: bool,
    },
    /// The stone that filled the board may still be claimed by this player (a local
    /// game): a new game (`new_game`), or leaving, forfeits that claim. Asked first
    /// (qa38: `n` right after the last stone dropped its 20 unasked, and the
    /// history kept a draw Yellow's claim would have won).
    ClaimOpen {
        /// Who may claim.
        claimer: Player,
        /// `n` asked (else `q`).
        new_game: bool,
    },
}

impl Question {
    /// What the claim-open question's yes does: `new_game`, else leaving (back to the
    /// start screen that opened the game, `from_start`, or out of the program).
    fn claim_open_then(new_game: bool, from_start: bool) -> question::ClaimOpenThen {
        match (new_game, from_start) {
            (true, _) => question::ClaimOpenThen::NewGame,
            (false, true) => question::ClaimOpenThen::Back,
            (false, false) => question::ClaimOpenThen::Quit,
        }
    }
}

/// The names of the autosaved game's people, for the resume question: they come
/// from a file, so made safe, and cut shorter than a ladder's so the question stays
/// whole in its box at the smallest size.
fn offer_names(offer: &ResumeOffer) -> [Option<String>; 2] {
    Player::BOTH.map(|player| {
        offer.people.of(player).map(|name| {
            crate::text::safe_within(name, RESUME_NAME_COLUMNS, crate::text::MAX_SHOWN_BYTES)
        })
    })
}

/// The names typed for the new game the resume question's no starts (s40: qa45
/// typed two on the start screen and the question said `human` for both), made
/// safe and cut as [`offer_names`] cuts the autosaved game's.
fn new_game_names(offer: Option<&ResumeOffer>) -> [Option<String>; 2] {
    Player::BOTH.map(|player| {
        let name = offer?.new_people.of(player)?;
        Some(crate::text::safe_within(
            name,
            RESUME_NAME_COLUMNS,
            crate::text::MAX_SHOWN_BYTES,
        ))
    })
}

/// The resume question of a damaged autosave whose first moves read, what is
/// damaged said first ([`ResumeOffer::damage`]).
fn damage_first(offer: &ResumeOffer, question: String) -> String {
    match &offer.damage {
        Some(damage) => format!("{damage} {question}"),
        None => question,
    }
}

impl Question {
    /// The question's box: its whole text and the answers a click picks (and a row
    /// keeps whole), as [`Question::text`] and [`Question::clickable_answers`] word
    /// them on the full screen, for a box `columns` wide inside. Where the resume
    /// question's no is wider than a row (s32: 65 columns in 41 at 44×16), its new
    /// game's players go in a sentence before the answers and the no says `any other
    /// key: a new game` ([`question::resume_narrow`]): every answer whole on a row.
    pub(crate) fn boxed(
        self,
        keeping: Keeping,
        offer: Option<&ResumeOffer>,
        new_seats: [Seat; 2],
        from_start: bool,
        columns: usize,
    ) -> (String, Vec<String>) {
        let answers = self.clickable_answers(keeping, offer, new_seats, from_start);
        if let (Question::Resume, Some(offer)) = (self, offer)
            && answers
                .get(1)
                .is_some_and(|no| !crate::text::fits(no, columns))
        {
            let leave = resume_leave(from_start);
            let text = question::resume_narrow(
                offer.config.seats,
                &offer_names(offer),
                &offer.game,
                new_seats,
                &new_game_names(Some(offer)),
                leave,
            );
            return (
                damage_first(offer, text),
                question::resume_key_answers_short(leave),
            );
        }
        let text = self.text(Answering::Keys, keeping, offer, new_seats, from_start);
        (text, answers)
    }

    /// The whole question, its answers named `how`: whether quitting keeps the game
    /// (`keeping`: kept, on its way to the disk, or not, when the question says so
    /// and offers to save), the
    /// autosaved game offered and the seats of the new game offered instead
    /// (`new_seats`) change the wording, and so does where the resume question's `q`
    /// goes (`from_start`: back to the start screen, else out of the program).
    pub(crate) fn text(
        self,
        how: Answering,
        keeping: Keeping,
        offer: Option<&ResumeOffer>,
        new_seats: [Seat; 2],
        from_start: bool,
    ) -> String {
        let leave = resume_leave(from_start);
        match (self, offer) {
            (Question::Quit, _) => match keeping {
                Keeping::Kept => question::quit_autosaved(how),
                Keeping::Saving => question::quit_saving(how),
                Keeping::NotKept => question::quit_not_kept(how),
            },
            (Question::Back, _) => match keeping {
                Keeping::Kept => question::back_autosaved(how, super::RESUME_KEY),
                Keeping::Saving => question::back_saving(how),
                Keeping::NotKept => question::back_not_kept(how),
            },
            (Question::NewGame, _) => question::new_game(how),
            (Question::Resume, Some(offer)) => damage_first(
                offer,
                question::resume(
                    offer.config.seats,
                    &offer_names(offer),
                    &offer.game,
                    new_seats,
                    &new_game_names(Some(offer)),
                    how,
                    leave,
                ),
            ),
            (Question::Resume, None) => question::resume_unknown(how, leave),
            (Question::Resign(player), _) => question::resign(player, how),
            (Question::UndoAsked, _) => table::undo_asked(how),
            (Question::Rematch, _) => table::rematch(how),
            (Question::Leave { early: false }, _) => table::leave(how),
            (Question::Leave { early: true }, _) => table::leave_early(how),
            (Question::LeaveAi { kept: true }, _) => table::leave_kept(how),
            (Question::LeaveAi { kept: false }, _) => table::leave_not_kept(how),
            (Question::ClaimOpen { claimer, new_game }, _) => question::claim_open(
                claimer,
                Question::claim_open_then(new_game, from_start),
                how,
            ),
        }
    }

    /// The answers a click picks in the question's box, as its whole text on the full
    /// screen words them ([`question::key_answers`]): yes, no, then save when it is
    /// offered (the quit and back questions when the game is not autosaved). Every
    /// question takes a click (s24: only the resume question did). The resume
    /// question's third is its `q` (`from_start`: back), not save.
    pub(crate) fn clickable_answers(
        self,
        keeping: Keeping,
        offer: Option<&ResumeOffer>,
        new_seats: [Seat; 2],
        from_start: bool,
    ) -> Vec<String> {
        let save = (keeping == Keeping::NotKept).then_some(question::SAVE);
        let (words, save) = match self {
            Question::Resume => {
                let leave = resume_leave(from_start);
                return question::resume_key_answers(
                    offer.is_some(),
                    new_seats,
                    &new_game_names(offer),
                    leave,
                );
            }
            Question::Quit => (question::QUIT, save),
            Question::Back => (question::BACK, save),
            Question::NewGame => (question::NEW_GAME, None),
            Question::Resign(_) => (question::RESIGN, None),
            Question::UndoAsked => (table::UNDO_ASKED, None),
            Question::Rematch => (table::REMATCH, None),
            Question::Leave { .. } | Question::LeaveAi { .. } => (table::LEAVE, None),
            Question::ClaimOpen { new_game, .. } => {
                let then = Question::claim_open_then(new_game, from_start);
                return question::claim_open_key_answers(then);
            }
        };
        question::key_answers(words.yes, save, words.no)
    }

    /// The wordings for the status line under the question's box, longest first: the
    /// whole question, then shorter ones, the last being the answers alone. Each
    /// carries its answers' words in the order of [`Question::clickable_answers`], so a
    /// click on one in the status line picks the answer a click in the box would (s26:
    /// only the box took one); the whole question's are the box's own.
    pub(crate) fn status_wordings(
        self,
        keeping: Keeping,
        offer: Option<&ResumeOffer>,
        new_seats: [Seat; 2],
        from_start: bool,
    ) -> Vec<Brief> {
        let whole = self.text(Answering::Keys, keeping, offer, new_seats, from_start);
        let mut wordings = vec![Brief {
            text: crate::text::plain_spaces(&whole).into_owned(),
            answers: self.clickable_answers(keeping, offer, new_seats, from_start),
        }];
        match (self, offer) {
            (Question::Quit, _) => wordings.push(match keeping {
                Keeping::Kept => question::quit_autosaved_short(),
                Keeping::Saving => question::quit_saving_short(),
                Keeping::NotKept => question::quit_not_kept_short(),
            }),
            (Question::Back, _) => wordings.push(match keeping {
                Keeping::Kept => question::back_autosaved_short(super::RESUME_KEY),
                Keeping::Saving => question::back_saving_short(),
                Keeping::NotKept => question::back_not_kept_short(),
            }),
            (Question::Resume, Some(offer)) => {
                let leave = resume_leave(from_start);
                wordings.extend(question::resume_short(&offer.game, new_seats, leave));
                wordings.push(question::resume_answers(new_seats, leave));
            }
            (Question::Resign(_), _) => wordings.push(question::resign_answers()),
            _ => {}
        }
        match self {
            Question::Quit => wordings.push(question::quit_answers()),
            Question::Back => wordings.push(question::back_answers()),
            Question::NewGame => wordings.push(question::new_game_answers()),
            Question::Resume => wordings.extend(question::resume_brief(resume_leave(from_start))),
            Question::Resign(_) => wordings.push(question::resign_brief()),
            Question::UndoAsked => wordings.push(table::undo_asked_answers()),
            Question::Rematch => wordings.push(table::rematch_answers()),
            Question::Leave { .. } | Question::LeaveAi { .. } => {
                wordings.push(table::leave_answers())
            }
            Question::ClaimOpen { new_game, .. } => wordings.extend(question::claim_open_answers(
                Question::claim_open_then(new_game, from_start),
            )),
        }
        wordings
    }
}

/// What each answer of the resume question does, by the action its key asks for:
/// yes, no, then `q`'s way out, worded as its box words them (`resume it`, `a new
/// game, ...`, `back`), for the line mode's `help` there.
pub(crate) fn resume_answer_actions(
    offer: Option<&ResumeOffer>,
    new_seats: [Seat; 2],
    from_start: bool,
) -> [(Action, String); 3] {
    let (yes, no) = question::resume_yes_no(offer.is_some(), new_seats, &new_game_names(offer));
    [
        (Action::Yes, yes.to_owned()),
        (Action::No, no),
        (Action::Quit, resume_leave(from_start).to_owned()),
    ]
}

/// What the resume question's `q` does: back to the start screen that opened the
/// game (`from_start`), else out of the program.
fn resume_leave(from_start: bool) -> &'static str {
    if from_start {
        question::RESUME_BACK
    } else {
        question::RESUME_QUIT
    }
}

/// What is drawn over the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing: the board has the keys.
    None,
    /// The help.
    Help,
    /// A yes/no question.
    Question(Question),
}

/// The first of `briefs` whose words fit in `width` columns, else the last; `None`
/// when there is none.
pub(crate) fn fitting_brief(briefs: &[Brief], width: u16) -> Option<&Brief> {
    briefs
        .iter()
        .find(|brief| crate::text::fits(&brief.text, usize::from(width)))
        .or(briefs.last())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every question, in every form that changes its wording.
    fn every_question() -> [Question; 13] {
        [
            Question::Quit,
            Question::Back,
            Question::NewGame,
            Question::Resume,
            Question::Resign(Player::Blue),
            Question::UndoAsked,
            Question::Rematch,
            Question::Leave { early: false },
            Question::Leave { early: true },
            Question::LeaveAi { kept: true },
            Question::LeaveAi { kept: false },
            Question::ClaimOpen {
                claimer: Player::Yellow,
                new_game: true,
            },
            Question::ClaimOpen {
                claimer: Player::Blue,
                new_game: false,
            },
        ]
    }

    /// Every question, in every state that changes its wording.
    fn every_text(how: Answering) -> Vec<String> {
        let offer = ResumeOffer::default();
        let seats = [Seat::Human, Seat::Human];
        let questions = every_question();
        let mut texts = Vec::new();
        for question in questions {
            for keeping in [Keeping::Kept, Keeping::Saving, Keeping::NotKept] {
                for offer in [None, Some(&offer)] {
                    for from_start in [true, false] {
                        texts.push(question.text(how, keeping, offer, seats, from_start));
                    }
                }
            }
        }
        texts
    }

    /// s40 (qa45): names typed on the start screen for the new game were said
    /// nowhere in the resume question, whose no read `a new game, Blue (human)
    /// against Yellow (human)`. Its box at every width, the line mode's words and
    /// its `help` name them now; the autosaved game keeps its own people.
    #[test]
    fn the_resume_question_s_new_game_is_named_by_the_names_typed() {
        let typed = crate::session::Names::typed([Some("alice".into()), Some("bob".into())]);
        let game = crate::session::parse_record("1. b2\n").unwrap().game;
        let app = crate::ui::App::with_game(crate::session::GameConfig::default(), game.clone())
            .with_people(typed)
            .offer(ResumeOffer {
                game,
                ..ResumeOffer::default()
            });
        let named = "Blue (alice) against Yellow (bob)";
        let plain = |text: &str| crate::text::plain_spaces(text).into_owned();
        let text = plain(&app.question_text(Question::Resume));
        assert!(text.contains(&format!("a new game, {named}")), "{text}");
        assert!(text.contains("Resume the autosaved game? Blue (human) against Yellow (human)"));
        let words = app.question_words(Question::Resume, Answering::Commands);
        assert!(
            words.contains(&format!("no: a new game, {named}")),
            "{words}"
        );
        for columns in [39, 41, 78] {
            let (boxed, _) = app.boxed_question(Question::Resume, columns);
            assert!(plain(&boxed).contains(named), "{columns}: {boxed}");
        }
        let actions = app.resume_answer_actions().unwrap();
        assert_eq!(actions[1].1, format!("a new game, {named}"));
    }

    /// QA (s14 lines, left): the resume question's totals read `Blue 0 Yellow 0`, one
    /// number run into the next colour, in its box, its status line and the line mode;
    /// now `Blue 0, Yellow 0`, as every other line says totals, and the short status
    /// wording still fits 80 columns for a long game against a named AI.
    #[test]
    fn the_resume_question_parts_its_totals_with_a_comma() {
        let complete = include_str!("../../assets/games/complete.hij");
        let whole = crate::session::parse_record(complete).unwrap().game;
        let moves: Vec<_> = whole.moves().collect();
        let game = crate::rules::Game::from_moves(moves[..40].iter().copied()).unwrap();
        let (blue, yellow) = (game.score(Player::Blue), game.score(Player::Yellow));
        let offer = ResumeOffer {
            game,
            ..ResumeOffer::default()
        };
        let totals = format!("Blue {blue}, Yellow {yellow}");
        let new_seats = [Seat::Human, Seat::Hard];
        for how in [Answering::Keys, Answering::Commands] {
            let text = Question::Resume.text(how, Keeping::Kept, Some(&offer), new_seats, false);
            let text = crate::text::plain_spaces(&text).into_owned();
            assert!(text.contains(&totals), "{text}");
        }
        let wordings =
            Question::Resume.status_wordings(Keeping::Kept, Some(&offer), new_seats, false);
        assert!(wordings[1].text.contains(&totals), "{}", wordings[1].text);
        // Two-digit totals and `new game vs hard AI` fitted the status line at 80x24
        // with `other:`; with `any other key:` (s40) they take 87 columns, so the
        // row keeps who the new game is against and the moves, and the box above
        // says the totals.
        assert!(yellow >= 10, "{yellow}");
        assert!(
            fitting_brief(&wordings, 80).is_some_and(|brief| brief.text
                == "40 moves. y: resume, q/Esc: quit, any other key: new game vs hard AI"),
            "{wordings:?}"
        );
    }

    /// s39 (qa43 item 13): the quit question's status line said `other key: keep
    /// playing` under its box's `any other key: keep playing`. Every question's
    /// wordings, box and status line alike, say `any other key`, and the brief
    /// chosen fits whole at 80 and at 44 columns; at 80 the quit question's still
    /// says where the game is kept. s40: `other` alone was left in the resume
    /// question's last briefs (`other: new game` at 44); no brief says it now, and
    /// every answer the box names is on the row at 44 (`q/Esc` too, s29).
    #[test]
    fn every_question_says_any_other_key_and_its_brief_fits() {
        let complete = include_str!("../../assets/games/complete.hij");
        let whole = crate::session::parse_record(complete).unwrap().game;
        let moves: Vec<_> = whole.moves().collect();
        let game = crate::rules::Game::from_moves(moves[..40].iter().copied()).unwrap();
        let offer = ResumeOffer {
            game,
            ..ResumeOffer::default()
        };
        let questions = every_question();
        let seats = [Seat::Human, Seat::Hard];
        for question in questions {
            for keeping in [Keeping::Kept, Keeping::Saving, Keeping::NotKept] {
                for offer in [None, Some(&offer)] {
                    for from_start in [true, false] {
                        let wordings = question.status_wordings(keeping, offer, seats, from_start);
                        for brief in &wordings {
                            let said = brief.text.replace("any other key", "");
                            assert!(
                                !said.contains("other:") && !said.contains("other key"),
                                "{question:?}: {}",
                                brief.text
                            );
                        }
                        for width in [80, 44] {
                            let brief = fitting_brief(&wordings, width).unwrap();
                            assert!(
                                crate::text::fits(&brief.text, usize::from(width)),
                                "{question:?} at {width}: {}",
                                brief.text
                            );
                            assert!(
                                brief.text.contains("any other key: "),
                                "{question:?} at {width}: {}",
                                brief.text
                            );
                            if question == Question::Resume {
                                assert!(brief.text.contains("q/Esc: "), "{}", brief.text);
                            }
                        }
                    }
                }
            }
        }
        let wordings = Question::Quit.status_wordings(Keeping::Kept, None, seats, false);
        let brief = fitting_brief(&wordings, 80).unwrap();
        assert_eq!(
            brief.text,
            "Quit? It is kept for `hijara resume`. y: quit, any other key: keep playing"
        );
    }

    /// The line mode's questions name their answers as commands, the full screen's
    /// as keys.
    #[test]
    fn each_face_names_the_answers_it_takes() {
        for text in every_text(Answering::Commands) {
            assert!(text.contains("yes: ") && text.contains(", no: "), "{text}");
            assert!(!text.contains("key") && !text.contains("y: "), "{text}");
        }
        for text in every_text(Answering::Keys) {
            assert!(text.contains("y: "), "{text}");
            assert!(!text.contains("yes: "), "{text}");
        }
    }
}
