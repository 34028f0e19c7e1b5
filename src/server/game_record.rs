//! The record of a game at the server: a `.hij` text with the players' names, that they
//! are people (or the server's AI, a program named by its level), their keys, the
//! date, the rules, the moves and an early ending; read back into seats and a game. And
//! a finished game as the lobby shows it.

use crate::ai::Seat;
use crate::record::{GameResult, Record};
use crate::rules::{Game, Player};
use crate::session::{
    Course, PROGRAM_TYPE, key_tag, parse_record, seat_in, seat_tag, seat_type, seat_type_tag, today,
};

use super::who::Who;

/// The record of a game at the server as it stands (a live row's, kept to go on
/// after a restart). The server's AI's seat is a program named by its level
/// (`[Yellow "hard"] [YellowType "program"]`), without a key.
pub(crate) fn table_record(seats: &[Option<Who>; 2], game: &Game, course: &Course) -> Record {
    let mut record = seated_record(seats, game);
    course.write_to(&mut record);
    record
}

/// The record of a game kept in the server's history, over or stopped as it stands
/// (`*`): as [`table_record`], and a stopped game's mover's thinking up to the stop
/// ([`Course::write_final_to`]). Never a live row's: a restart charges the thinking
/// noted beside it (`live.thought`), and would charge a copy in the record again.
pub(crate) fn history_record(seats: &[Option<Who>; 2], game: &Game, course: &Course) -> Record {
    let mut record = seated_record(seats, game);
    course.write_final_to(&mut record);
    record
}

/// The record of `game` with its players' tags and the date, without its course.
fn seated_record(seats: &[Option<Who>; 2], game: &Game) -> Record {
    let mut tags: Vec<(&str, String)> = Vec::new();
    for player in Player::BOTH {
        if let Some(who) = &seats[player.index()] {
            tags.push((seat_tag(player), who.name.clone()));
            match who.level() {
                Some(level) => tags.push((
                    seat_type_tag(player),
                    seat_type(Seat::from(level)).to_owned(),
                )),
                None => {
                    tags.push((seat_type_tag(player), seat_type(Seat::Human).to_owned()));
                    tags.push((key_tag(player), who.key.clone()));
                }
            }
        }
    }
    tags.push(("Date", today()));
    // Every name above is a valid tag name.
    Record::from_game(game, tags).unwrap_or_default()
}

/// Who sat in `player`'s seat, from a server record's tags: the server's AI (the type
/// tag says `program`, the name its level), or a person with a name and a key.
fn who_in(record: &Record, player: Player) -> Option<Who> {
    let program = record
        .tag(seat_type_tag(player))
        .is_some_and(|kind| kind.trim().eq_ignore_ascii_case(PROGRAM_TYPE));
    if program {
        return seat_in(record, player).and_then(Seat::level).map(Who::ai);
    }
    Some(Who {
        key: record.tag(key_tag(player))?.to_owned(),
        name: record.tag(seat_tag(player))?.to_owned(),
    })
}

/// A server record read back: both seats with their keys, the game and its course.
pub(crate) fn read_table_record(text: &str) -> Result<([Who; 2], Game, Course), String> {
    let loaded = parse_record(text).map_err(|e| e.to_string())?;
    let seat = |player| who_in(&loaded.record, player).ok_or("a seat without a name or key");
    let seats = [seat(Player::Blue)?, seat(Player::Yellow)?];
    Ok((seats, loaded.game, loaded.course))
}

/// One finished game of the server's history, as the lobby shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Finished {
    /// Who played each side (by [`Player::index`]).
    pub(crate) seats: [Who; 2],
    /// How it ended.
    pub(crate) result: GameResult,
    /// Each side's total.
    pub(crate) totals: [u32; 2],
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::rules::Square;

    use crate::server::who::who;

    #[test]
    fn a_person_called_hard_is_a_person_and_the_ai_a_program_without_a_key() {
        let seats = [Some(who("hard")), Some(Who::ai(Level::Hard))];
        let game = Game::from_moves([Square::B2]).unwrap();
        let text = table_record(&seats, &game, &Course::NONE).to_string();
        let record: Record = text.parse().unwrap();
        assert_eq!(seat_in(&record, Player::Blue), Some(Seat::Human));
        assert_eq!(record.tag("BlueKey"), Some("SHA256:hard"));
        assert_eq!(record.tag("YellowKey"), None);
        let (back, game_back, _) = read_table_record(&text).unwrap();
        assert_eq!(back, [who("hard"), Who::ai(Level::Hard)]);
        assert_eq!(game_back.len(), 1);
        assert!(read_table_record("a1 e9\n").unwrap_err().contains("e9"));
    }
}
