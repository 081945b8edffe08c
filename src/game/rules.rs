//! The rules a game is played under, as one value: board size, komi, the repetition rule of
//! `play` and the handicap. Counting is by area (the Chinese rules, art. 9); the effective
//! komi, what Black's area must exceed White's by, is computed here and nowhere else.

/// Which repetitions `play` refuses (art. 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Superko {
    /// A move may not give the opponent a position (stones and side to move) seen before.
    Situational,
    /// A move may not recreate any earlier arrangement of stones.
    Positional,
}

impl Superko {
    pub fn name(self) -> &'static str {
        match self {
            Superko::Situational => "situational",
            Superko::Positional => "positional",
        }
    }

    pub fn from_name(name: &str) -> Option<Superko> {
        match name.to_ascii_lowercase().as_str() {
            "situational" => Some(Superko::Situational),
            "positional" => Some(Superko::Positional),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rules {
    pub size: usize,
    /// Points White receives (3¾ stones = 7.5 points by default, art. 11).
    pub komi: f64,
    pub superko: Superko,
    /// Handicap stones given to Black: 0, or 2 and more.
    pub handicap: usize,
}

impl Rules {
    /// Komi plus the handicap compensation: White receives one point per handicap stone from
    /// two stones on. The count, the search, `final_score` and the referee all use this.
    pub fn effective_komi(&self) -> f64 {
        let compensation = if self.handicap >= 2 {
            self.handicap as f64
        } else {
            0.0
        };
        self.komi + compensation
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handicap_compensation_starts_at_two_stones() {
        let rules = |handicap| Rules {
            size: 9,
            komi: 0.5,
            superko: Superko::Situational,
            handicap,
        };
        assert_eq!(rules(0).effective_komi(), 0.5);
        assert_eq!(rules(1).effective_komi(), 0.5);
        assert_eq!(rules(2).effective_komi(), 2.5);
        assert_eq!(rules(9).effective_komi(), 9.5);
    }
}
