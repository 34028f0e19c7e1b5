//! A game with claims: typing a claim for the last stone after `+`, awarding or
//! refusing it by the rules, and letting a waiting AI play on.

use crate::rules::{ClaimError, ClaimOutcome, ClaimState};
use crate::strings::table::Who;
use crate::strings::{claim as claim_words, describe};

use super::super::effect::{Effect, Effects};
use super::super::keymap::{Action, KeyContext};
use super::super::message::{Keyed, Message, MessageKind};
use super::{App, ClaimTyping};

/// The longest claim typed, in digits: no stone scores 1000 points.
pub(crate) const CLAIM_DIGITS: usize = 3;

impl App {
    /// `+`: starts typing a claim for the last stone, if it may still be claimed.
    pub(super) fn start_claim(&mut self) -> Effects {
        if let Some(refusal) = self.claim_refusal() {
            self.claim_entry = Some(ClaimTyping::Refused(refusal.clone()));
            return self.refuse(refusal);
        }
        self.claim_entry = Some(ClaimTyping::Digits(String::new()));
        self.message = None;
        vec![Effect::Redraw]
    }

    /// Why `+` cannot open a claim now, if it cannot. The line mode's `claim N`
    /// types `+`, its digits and Enter only where this is `None`: where `+` is
    /// refused, Enter alone would place a stone.
    pub(crate) fn claim_refusal(&self) -> Option<String> {
        let len = self.game.len();
        let refused = match self.game.claim_state(len.wrapping_sub(1)) {
            _ if !self.game.claim_mode() => Some(ClaimError::ClaimsOff),
            None => Some(ClaimError::NoStone),
            // A served game's last stone that scored nothing: the table ended the game
            // with it, and takes no claim of it (s40).
            Some(ClaimState::Pending)
                if self.is_served()
                    && self.game.is_over()
                    && self.final_claim_pending().is_none()
                    && self.game.last().is_some_and(|l| !self.is_remote(l.player)) =>
            {
                Some(ClaimError::Closed {
                    move_number: len as u32,
                })
            }
            Some(ClaimState::Pending) => None,
            Some(ClaimState::Unclaimed) => Some(ClaimError::Closed {
                move_number: len as u32,
            }),
            Some(ClaimState::Claimed { .. } | ClaimState::Wrong { .. }) => {
                Some(ClaimError::AlreadyClaimed {
                    move_number: len as u32,
                })
            }
        };
        // At one keyboard a claim is the last stone's, for its player: a `+` once that
        // claim is settled says whose stone it was and when the other player claims
        // (s36: `already been claimed` read, to the player to move, as their own).
        if let (
            Some(error @ (ClaimError::AlreadyClaimed { .. } | ClaimError::Closed { .. })),
            Some(last),
        ) = (refused, self.game.last())
            && !self.is_served()
            && self.config.is_human(self.game.to_move())
        {
            let closed = matches!(error, ClaimError::Closed { .. });
            return Some(claim_words::settled_stone(
                last,
                closed,
                self.game.to_move(),
            ));
        }
        if let Some(error) = refused {
            return Some(claim_words::refused(error));
        }
        match self.game.last() {
            // An AI claims its own stones in full as it places them; two AIs, no
            // person here to claim anything.
            Some(_) if !self.config.seats.contains(&crate::ai::Seat::Human) => {
                Some(claim_words::AIS_STONES.to_owned())
            }
            Some(last) if !self.config.is_human(last.player) => {
                let ai = match self.player_names() {
                    Some(names) => names[last.player.index()].clone(),
                    None => claim_words::ai_named(
                        crate::strings::seat_name(self.config.seat(last.player)),
                        last.player,
                    ),
                };
                Some(claim_words::ai_stone(&ai))
            }
            // At a table the other player claims their stone at their terminal: the
            // table refuses a claim from here, which this screen said was made (qa39:
            // `Blue claims 20 for a1`, or `20 forfeited` while alice's claim was open).
            Some(last) if self.is_remote(last.player) => {
                let name = self.player_names().map(|n| n[last.player.index()].as_str());
                Some(claim_words::remote_stone(name, last.player))
            }
            _ => None,
        }
    }

    /// The words on screen a click on which claims as a key would (s36: a player with
    /// only the mouse could not claim), each with that key's action: while a claim
    /// may be opened here, its prompt's `+ points Enter` (`+`); while one is typed,
    /// the [`claim_words::PAD`] (its cells the digits and Backspace, see
    /// [`App::pad_action`]) and the hint line's `Enter: claim`, `Esc: cancel`,
    /// `Backspace: rub out` (at 44 columns `Enter`, `Esc`). None elsewhere.
    pub(crate) fn claim_clicks(&self) -> Vec<(String, Action)> {
        use super::super::keymap::{HintLine, hint_parts};
        if self.overlay != super::Overlay::None {
            return Vec::new();
        }
        match self.key_context() {
            KeyContext::ClaimEntry => {
                let mut labels = vec![(claim_words::PAD.to_owned(), Action::Backspace)];
                for part in hint_parts(HintLine::ClaimEntry) {
                    let action = match part.split(':').next() {
                        Some("Enter") => Action::Claim,
                        Some("Esc") => Action::No,
                        Some("Backspace") => Action::Backspace,
                        _ => continue,
                    };
                    labels.push((part.to_string(), action));
                }
                labels.push((claim_words::PAD_ENTER.to_owned(), Action::Claim));
                labels.push((claim_words::PAD_ESC.to_owned(), Action::No));
                labels
            }
            KeyContext::Board if self.game.claim_mode() && self.claim_refusal().is_none() => {
                vec![(claim_words::OPEN_LABEL.to_owned(), Action::ClaimStart)]
            }
            _ => Vec::new(),
        }
    }

    /// What a click on cell `index` of the [`claim_words::PAD`] types: a digit, or
    /// Backspace on its rub-out; nothing on the spaces between.
    pub(crate) fn pad_action(index: usize) -> Option<Action> {
        match claim_words::PAD.chars().nth(index)? {
            claim_words::PAD_RUB_OUT => Some(Action::Backspace),
            c => c
                .to_digit(10)
                .and_then(|d| u8::try_from(d).ok())
                .map(Action::Digit),
        }
    }

    /// A key while a claim is typed: digits, Backspace, Enter, Esc.
    pub(super) fn claim_key(&mut self, action: Action) -> Effects {
        let Some(ClaimTyping::Digits(entry)) = self.claim_entry.as_mut() else {
            return Vec::new();
        };
        match action {
            Action::ForceQuit => self.force_quit(),
            Action::Digit(d) if entry.len() < CLAIM_DIGITS => {
                entry.push(char::from(b'0' + d));
                self.message = None;
                vec![Effect::Redraw]
            }
            Action::Digit(_) => self.refuse(claim_words::TOO_LONG),
            Action::Backspace if !entry.is_empty() => {
                entry.pop();
                self.message = None;
                vec![Effect::Redraw]
            }
            Action::Backspace | Action::No => {
                self.claim_entry = None;
                self.say(MessageKind::Info, claim_words::CANCELLED)
            }
            Action::Claim => match entry.parse::<u32>() {
                Ok(points) => self.claim(points),
                Err(_) => self.refuse(claim_words::EMPTY),
            },
            _ => self.refuse(claim_words::TYPE_DIGITS),
        }
    }

    /// A key after a refused `+`: the claim's digits and its Enter are refused as the
    /// `+` was, placing nothing; any other key is the board's again. `None` where no
    /// claim was refused.
    pub(super) fn refused_claim_key(&mut self, action: Action) -> Option<Effects> {
        let Some(ClaimTyping::Refused(refusal)) = &self.claim_entry else {
            return None;
        };
        let refusal = refusal.clone();
        match action {
            Action::Row(_) | Action::Digit(_) => Some(self.refuse(refusal)),
            Action::Place => {
                self.claim_entry = None;
                Some(self.refuse(refusal))
            }
            _ => {
                self.claim_entry = None;
                None
            }
        }
    }

    /// Claims `points` for the last stone (one try): awarded or wrong, it is settled.
    pub(super) fn claim(&mut self, points: u32) -> Effects {
        let Some(placement) = self.game.last().copied() else {
            return self.refuse(claim_words::refused(ClaimError::NoStone));
        };
        let claimed = self.game.claim(points);
        // The claimer at a table reads it in the second person (s35: `Blue claims
        // 20 for a4` on their own screen); at a local game whose people have names,
        // by name (s36: `Blue claims 20` under `alice to move (Blue)`).
        let colour = placement.player.to_string();
        let who = match (self.own_seat(), self.said_names()) {
            (Some(mine), _) if mine == placement.player => Who::You,
            (_, Some(names)) if !self.is_served() => names[placement.player.index()],
            _ => Who::Named(&colour),
        };
        match claimed {
            Ok(outcome) => {
                let message = match outcome {
                    ClaimOutcome::Awarded { points, combos } => {
                        Message::claim_awarded(&placement, who, points, combos)
                    }
                    // Whole, in a box if need be: what the stone made is the lesson
                    // (a short wording only where it made nothing).
                    ClaimOutcome::Wrong { claimed, .. } => Message {
                        short: describe::wrong_claim_short_by(&placement, who, claimed),
                        ..Message::new(
                            MessageKind::Error,
                            describe::wrong_claim_by(&placement, who, claimed),
                        )
                    },
                };
                self.claim_entry = None;
                self.hint = None;
                // The claim for the stone that filled the board keeps the note of
                // where the game was kept, whose line it takes (qa45: the note and
                // `r review` were then named nowhere); its colour stays the claim's.
                // On one row where it can be, the path cut from the front as the
                // note after the last stone is (words40): at 80 columns the whole
                // path ran past the row's end.
                let message = match self.kept_claim_open.take() {
                    Some(path) if self.is_over() => {
                        let kept = crate::strings::storage::archived(&path);
                        Message {
                            kind: message.kind,
                            keyed: Some(Keyed::KeptAfterClaim(message.text.clone(), kept)),
                            ..Message::kept(&path, Some(&message))
                        }
                    }
                    _ => message,
                };
                self.set_message(message, false);
                vec![Effect::Autosave, Effect::Redraw]
            }
            Err(error) => {
                self.claim_entry = None;
                self.refuse(claim_words::refused(error))
            }
        }
    }

    /// Enter while the AI waits for a person's claim: the AI plays (its move at once
    /// if it has one ready).
    pub(super) fn let_ai_play(&mut self) -> Effects {
        self.go_on = true;
        match self.held.take() {
            Some(mv) => self.play(mv),
            None => vec![Effect::Redraw],
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use crate::ai::Seat;
    use crate::record::TimeControl;
    use crate::rules::{ClaimState, Game, Player, Ruleset, Square};
    use crate::session::GameConfig;
    use crate::ui::ai_worker::{AiJob, AiReply};
    use crate::ui::effect::{Effect, Input};

    use super::App;

    /// QA (qa37): `hijara play --claim --clock 1+2 --yellow hard` (any AI): after
    /// the person's stone the AI waited for their claim on its own clock, so a person
    /// who never pressed Enter won on time. Under a clock the AI now waits no longer
    /// than the share of its time it thinks for (1:00 over 32 moves: 1.875 s), then
    /// plays the move it held.
    #[test]
    fn under_a_clock_the_ai_waits_for_a_claim_only_its_thinking_share() {
        let second = Duration::from_secs(1);
        let t0 = Instant::now();
        let mut app = App::new(GameConfig {
            seats: [Seat::Human, Seat::Easy],
            claims: true,
            clock: TimeControl::from_minutes("1+0").ok(),
            ..GameConfig::default()
        });
        app.set_now(t0);
        let _ = app.start();
        let mut asked = None;
        for c in ['a', '1'] {
            let key = KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
            for effect in app.handle(Input::Key(key)) {
                if let Effect::AskAi(request) = effect {
                    asked = Some(request.tag);
                }
            }
        }
        let tag = asked.expect("the AI is asked for its move after a1");
        assert!(app.awaits_claim());
        app.set_now(t0 + second / 10);
        let reply = AiReply {
            tag,
            job: AiJob::Move,
            mv: Some(Square::B1),
        };
        let _ = app.on_ai_reply(reply);
        assert_eq!(app.game().len(), 1, "held for the claim");
        app.set_now(t0 + second);
        let _ = app.handle(Input::Tick);
        assert!(app.awaits_claim(), "still within its share");
        let wake = app.clock_wake().expect("a clock runs");
        assert!(
            wake < Duration::from_millis(900),
            "woken as the wait ends: {wake:?}"
        );
        app.set_now(t0 + 2 * second);
        let _ = app.handle(Input::Tick);
        assert_eq!(app.game().len(), 2, "the held move is played");
        assert_eq!(app.ending(), None);
        let left = app.clock_left(Player::Yellow).expect("a clock");
        assert!(left > 57 * second, "{left:?}");
    }

    /// QA (qa39): at a table with claims, bob (Yellow) typed `claim 20` after
    /// alice's stone: his screen said `Blue claims 20 for a1: square a1 (20)` and
    /// the table refused it (alice's a1 then went unclaimed); `+25 Enter` said `Wrong
    /// claim of 25: ... 20 forfeited` while her claim stayed open, and she then
    /// claimed it. The other player's stone is refused at `+`.
    #[test]
    fn at_a_table_the_other_player_s_stone_is_not_claimed_here() {
        let mut game = Game::with_rules(Ruleset::Standard, true);
        for square in ["a1", "b2", "a1", "b2", "a1", "b2", "a1"] {
            let square: Square = square.parse().expect("a square");
            game.play(square).expect("legal");
        }
        let config = GameConfig {
            claims: true,
            ..GameConfig::default()
        };
        let mut bob = App::with_game(config, game)
            .served([true, false])
            .named(["alice".into(), "bob".into()]);
        let mut press = |code| {
            let _ = bob.handle(Input::Key(KeyEvent::new(code, KeyModifiers::NONE)));
        };
        press(KeyCode::Char('+'));
        press(KeyCode::Char('2'));
        press(KeyCode::Char('0'));
        press(KeyCode::Enter);
        assert_eq!(bob.game().score(Player::Blue), 0);
        assert_eq!(bob.game().claim_state(6), Some(ClaimState::Pending));
        let _ = bob.handle(Input::Key(KeyEvent::new(
            KeyCode::Char('+'),
            KeyModifiers::NONE,
        )));
        let said = bob.message().map(|m| m.text.clone()).unwrap_or_default();
        assert_eq!(
            said,
            "No claim: the last stone is alice's (Blue), theirs to claim"
        );
        assert!(bob.claim_refusal().is_some());
        // Alice's own screen claims it.
        let mut game = bob.game().clone();
        assert!(game.claim(20).is_ok());
    }

    /// QA (qa38): hot-seat, the last stone already claimed, Yellow to move typed
    /// `+20 Enter`: `+` was refused, `2` and `0` were refused as a square, and Enter
    /// placed Yellow's stone on the cursor's square. The digits and Enter after a
    /// refused `+` place nothing; the next key of the board's own works again.
    #[test]
    fn enter_after_a_refused_claim_places_no_stone() {
        let mut game = Game::with_rules(Ruleset::Standard, true);
        for square in ["a1", "b2", "a1", "b2", "a1", "b2", "a1"] {
            let square: Square = square.parse().expect("a square");
            game.play(square).expect("legal");
        }
        assert!(game.claim(20).is_ok());
        let config = GameConfig {
            claims: true,
            ..GameConfig::default()
        };
        let mut app = App::with_game(config, game);
        let press = |app: &mut App, code| {
            let _ = app.handle(Input::Key(KeyEvent::new(code, KeyModifiers::NONE)));
        };
        for code in [
            KeyCode::Down,
            KeyCode::Char('+'),
            KeyCode::Char('2'),
            KeyCode::Char('0'),
            KeyCode::Enter,
        ] {
            press(&mut app, code);
        }
        assert_eq!(app.game().len(), 7, "no stone placed");
        let said = app.message().map(|m| m.text.clone()).unwrap_or_default();
        assert!(said.contains("claim"), "{said}");
        press(&mut app, KeyCode::Enter);
        assert_eq!(app.game().len(), 8, "Enter places again");
    }
}
