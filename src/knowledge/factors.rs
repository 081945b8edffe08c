//! The latent factors of the move model's values (a factorization Bradley–Terry model, Xiao
//! and Müller 2016): each value may carry `DIMENSIONS` of them, and a move's strength is
//! multiplied by `exp` of the sum, over every pair of its values, of the dot product of their
//! factors. The pairs say what a product of independent strengths cannot: taking the last
//! move's string is always near the last move, and their pair takes back part of the two
//! strengths' product. Both `weights` (the small features) and `spatial` (the large shapes)
//! read them here.

use super::weight_file::{Entry, Error};

/// Latent factors a value.
pub const DIMENSIONS: usize = 8;
pub type Factors = [f32; DIMENSIONS];

pub const NONE: Factors = [0.0; DIMENSIONS];

/// Reads the factors that follow a value's strength on its entry, from word `from` on: all
/// `DIMENSIONS` of them, finite, or none.
pub fn read(entry: &Entry, from: usize) -> Result<Option<Factors>, Error> {
    let words = entry.finite_from(from, "a factor")?;
    if words.is_empty() {
        return Ok(None);
    }
    let factors: Factors = words.as_slice().try_into().map_err(|_| {
        entry.error(format!(
            "{} factors where {DIMENSIONS} or none belong",
            words.len()
        ))
    })?;
    Ok(Some(factors))
}

/// The sum over every pair of a move's values of the dot product of their factors, as the
/// square of the sum less the sum of the squares, halved: one pass over the values.
#[derive(Default)]
pub struct Pairs {
    sum: Factors,
    squares: f32,
}

impl Pairs {
    pub fn add(&mut self, factors: &Factors) {
        for (s, x) in self.sum.iter_mut().zip(factors) {
            *s += x;
            self.squares += x * x;
        }
    }

    pub fn value(&self) -> f32 {
        // Far beyond any fitted model's pairs: a corrupt file cannot make a strength infinite.
        let square: f32 = self.sum.iter().map(|s| s * s).sum();
        (0.5 * (square - self.squares)).clamp(-40.0, 40.0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::weight_file::entries;
    use super::*;

    #[test]
    fn factors_are_all_or_none_and_finite() {
        let text = "entries 4\n\
                    a 1 2 3 4 5 6 7 8\n\
                    b\n\
                    c 1 2\n\
                    d 1 2 3 4 5 6 7 inf\n";
        let lines = entries(text).unwrap();
        assert_eq!(read(&lines[0], 1).unwrap().unwrap()[7], 8.0);
        assert_eq!(read(&lines[1], 1).unwrap(), None);
        let short = read(&lines[2], 1).unwrap_err();
        assert_eq!(
            short.to_string(),
            "line 4: 2 factors where 8 or none belong"
        );
        let infinite = read(&lines[3], 1).unwrap_err();
        assert_eq!(
            infinite.to_string(),
            "line 5: word 9, \"inf\", is not a finite number (a factor)"
        );
    }

    #[test]
    fn pairs_add_the_dot_product_of_every_pair() {
        let mut pairs = Pairs::default();
        pairs.add(&[1.0, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
        pairs.add(&[3.0, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
        pairs.add(&[0.0, 0.0, 9.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
        // (1·3 + 2·0.5) for the first pair; the third value meets neither.
        assert!((pairs.value() - 4.0).abs() < 1e-6);
    }
}
