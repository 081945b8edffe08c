//! The move model's strengths, fitted by `examples/train_patterns.rs` and built into the
//! program from `weights.txt` (see its header for the games behind it). A value the file does
//! not list has strength 1, so without the file every move is equally strong.
//!
//! Each value may also carry `DIMENSIONS` latent factors (a factorization Bradley–Terry
//! model, Xiao and Müller 2016): a move's strength is the product of its values' γ times
//! `exp` of the sum, over every pair of its values, of the dot product of their factors. The
//! pairs say what a product of independent strengths cannot: taking the last move's string is
//! always near the last move, and their pair takes back part of the two strengths' product.

use std::sync::OnceLock;

use super::features::{Features, GROUP_NAMES, GROUP_SIZES, GROUPS, SPATIAL};
use super::{pattern, spatial};
use crate::board::Color;

const WEIGHTS: &str = include_str!("weights.txt");

/// Latent factors a value.
pub const DIMENSIONS: usize = 8;
pub type Factors = [f32; DIMENSIONS];

struct Model {
    /// Strength of every value of every group (shapes without atari marks by canonical
    /// code).
    gammas: Vec<Vec<f32>>,
    /// Shape strengths by plain neighbourhood code, for Black and for White to move.
    shapes: [Vec<f32>; 2],
    /// The strengths of the shapes with atari marks the file lists, by plain key (every
    /// rotation, reflection and colour of each), sorted, for Black and for White to move.
    marked: [Vec<(u32, f32)>; 2],
    /// The factors of every value of every group (none for the large shapes, which
    /// `spatial` keeps), shapes by canonical code.
    factors: Vec<Vec<Factors>>,
    /// The shapes' factors by plain neighbourhood code, for Black and for White to move.
    shape_factors: [Vec<Factors>; 2],
}

/// Shape values below this are plain neighbourhood codes; above, they carry atari marks.
const PLAIN_SHAPES: usize = 1 << 16;

/// Reads the factors that follow a value's strength on its line: all `DIMENSIONS` of them,
/// finite, or none (`Some(None)`); `None` if the words are anything else.
pub fn parse_factors<'a>(mut words: impl Iterator<Item = &'a str>) -> Option<Option<Factors>> {
    let Some(first) = words.next() else {
        return Some(None);
    };
    let mut factors = [0.0; DIMENSIONS];
    let mut count = 0;
    for word in std::iter::once(first).chain(words) {
        let x = word.parse::<f32>().ok().filter(|x| x.is_finite())?;
        *factors.get_mut(count)? = x;
        count += 1;
    }
    (count == DIMENSIONS).then_some(Some(factors))
}

/// Reads `group value gamma [factors]` lines; comments and malformed lines are skipped.
fn parse(text: &str) -> Model {
    let size = |g: usize| if g == 0 { PLAIN_SHAPES } else { GROUP_SIZES[g] };
    let mut gammas: Vec<Vec<f32>> = (0..GROUPS).map(|g| vec![1.0; size(g)]).collect();
    let mut factors: Vec<Vec<Factors>> = (0..GROUPS)
        .map(|g| {
            if g == SPATIAL {
                Vec::new()
            } else {
                vec![[0.0; DIMENSIONS]; size(g)]
            }
        })
        .collect();
    let mut listed = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [name, value, gamma, ref rest @ ..] = words[..] else {
            continue;
        };
        let Some(read) = parse_factors(rest.iter().copied()) else {
            continue;
        };
        let (Some(g), Ok(v), Ok(gamma)) = (
            GROUP_NAMES.iter().position(|n| *n == name),
            value.parse::<usize>(),
            gamma.parse::<f32>(),
        ) else {
            continue;
        };
        if !(gamma.is_finite() && gamma > 0.0) {
            continue;
        }
        if v < size(g) {
            gammas[g][v] = gamma;
            if let (Some(read), false) = (read, g == SPATIAL) {
                factors[g][v] = read;
            }
        } else if g == 0 && v < GROUP_SIZES[0] {
            listed.push((v as u32, gamma));
        }
    }
    // Every plain neighbourhood code's canonical code, for Black and for White to move.
    let canonical = [Color::Black, Color::White].map(|color| {
        (0..=u16::MAX)
            .map(|code| pattern::canonical(code.into(), color) as usize)
            .collect::<Vec<_>>()
    });
    let shapes = canonical
        .each_ref()
        .map(|keys| keys.iter().map(|&k| gammas[0][k]).collect());
    let marked = [Color::Black, Color::White].map(|color| {
        let mut all: Vec<(u32, f32)> = (listed.iter())
            .flat_map(|&(key, gamma)| pattern::variants(key, color).map(move |k| (k, gamma)))
            .collect();
        all.sort_unstable_by_key(|&(key, _)| key);
        all.dedup_by_key(|&mut (key, _)| key);
        all
    });
    let shape_factors = canonical
        .each_ref()
        .map(|keys| keys.iter().map(|&k| factors[0][k]).collect());
    Model {
        gammas,
        shapes,
        marked,
        factors,
        shape_factors,
    }
}

fn model() -> &'static Model {
    static MODEL: OnceLock<Model> = OnceLock::new();
    MODEL.get_or_init(|| parse(WEIGHTS))
}

/// Loads the model now rather than in the middle of a search.
pub fn prepare() {
    model();
    pattern::prepare();
    spatial::strength(0);
}

/// The model's strength of the 3×3 shape alone: a move of `color` into the shape `key`
/// (`pattern::shape_key`). A shape with atari marks the model does not know counts as the
/// plain one.
pub fn shape_strength(key: u32, color: Color) -> f32 {
    let model = model();
    let plain = model.shapes[color.index()][(key as usize) % PLAIN_SHAPES];
    if !pattern::has_atari_marks(key) {
        return plain;
    }
    let marked = &model.marked[color.index()];
    marked
        .binary_search_by_key(&key, |&(k, _)| k)
        .map_or(plain, |i| marked[i].1)
}

/// The model's strength of a move of `color` with the features `f` (see `features`). The
/// shape counts without its atari marks: the capture and escape groups say most of what they
/// would add (with them the favourite is the move played 0.14 points more often), and in short searches
/// they lean into self-ataris that break sekis (`gtp::tests::scoring`). The playouts, which
/// see only shapes, use the marks (`shape_strength`).
pub fn strength(f: &Features, color: Color) -> f32 {
    strength_in(model(), f, color)
}

fn strength_in(model: &Model, f: &Features, color: Color) -> f32 {
    let code = f[0] as usize % PLAIN_SHAPES;
    let shape = model.shapes[color.index()][code];
    let spatial = spatial::strength(f[SPATIAL]);
    let product = (1..GROUPS)
        .filter(|&g| g != SPATIAL)
        .fold(shape * spatial, |s, g| s * model.gammas[g][f[g] as usize]);
    let mut pairs = Pairs::default();
    pairs.add(&model.shape_factors[color.index()][code]);
    pairs.add(spatial::factors(f[SPATIAL]));
    for g in (1..GROUPS).filter(|&g| g != SPATIAL) {
        pairs.add(&model.factors[g][f[g] as usize]);
    }
    product * pairs.value().exp()
}

/// The sum over every pair of a move's values of the dot product of their factors, as the
/// square of the sum less the sum of the squares, halved: one pass over the values.
#[derive(Default)]
struct Pairs {
    sum: Factors,
    squares: f32,
}

impl Pairs {
    fn add(&mut self, factors: &Factors) {
        for (s, x) in self.sum.iter_mut().zip(factors) {
            *s += x;
            self.squares += x * x;
        }
    }

    fn value(&self) -> f32 {
        // Far beyond any fitted model's pairs: a corrupt file cannot make a strength infinite.
        let square: f32 = self.sum.iter().map(|s| s * s).sum();
        (0.5 * (square - self.squares)).clamp(-40.0, 40.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_weights_prefer_saving_captures_and_shun_self_ataris_and_ladders() {
        use super::super::features::{CAPTURE, ESCAPE, SELF_ATARI, capture, escape, self_atari};
        let model = parse(WEIGHTS);
        let gamma = |g: usize, v: u32| model.gammas[g][v as usize];
        assert!(gamma(CAPTURE, capture::SAVES) > 2.0 * gamma(CAPTURE, 0));
        assert!(gamma(CAPTURE, capture::LAST_MOVE) > gamma(CAPTURE, capture::ONE_STONE));
        assert!(gamma(ESCAPE, escape::TWO_LIBERTIES) > 5.0 * gamma(ESCAPE, escape::INTO_LADDER));
        assert!(gamma(SELF_ATARI, self_atari::LARGE) < 0.2 * gamma(SELF_ATARI, 0));
        // Malformed lines are skipped; unknown values keep strength 1.
        let odd = parse("# comment\nshape 5 2.5\ncapture x 3\nnothing 1 2\nline 99 3\n");
        assert_eq!(odd.gammas[0][5], 2.5);
        assert_eq!(odd.gammas[1][1], 1.0);
        assert_eq!(odd.gammas[7][4], 1.0);
    }

    #[test]
    fn a_shape_with_atari_marks_has_its_own_strength_when_listed() {
        // A black stone in atari above the point, as Black sees it.
        let key = pattern::canonical(0x10004, Color::Black);
        let model = parse(&format!("shape {key} 0.5\nshape 2000000 3\n"));
        assert_eq!(shape_of(&model, 0x10004, Color::Black), Some(0.5));
        assert_eq!(
            shape_of(&model, 0x10004, Color::White),
            None,
            "the enemy's stone"
        );
        for color in [Color::Black, Color::White] {
            // Every variant of the shape, and nothing beyond the marks.
            for &(variant, _) in &model.marked[color.index()] {
                assert_eq!(pattern::canonical(variant, color), key);
            }
        }
        // The built-in file lists marked shapes, and a marked shape may differ from its plain
        // one.
        let built_in = parse(WEIGHTS);
        assert!(built_in.marked[0].len() > 100);
        let differs = built_in.marked[0].iter().any(|&(key, gamma)| {
            let plain = built_in.shapes[0][key as usize % PLAIN_SHAPES];
            pattern::has_atari_marks(key) && (gamma / plain - 1.0).abs() > 0.5
        });
        assert!(differs);
    }

    #[test]
    fn factors_add_the_dot_product_of_every_pair_of_values() {
        use super::super::features::{CAPTURE, LINE};
        let text = "capture 1 2.0 0.5 0 0 0 0 0 0 1\n\
                    line 3 1.0 2 0 0 0 0 0 0 0\n\
                    line 2 3.0 1 1 1 1 1 1 1\n";
        let model = parse(text);
        let mut f = [0; GROUPS];
        (f[CAPTURE], f[LINE]) = (1, 3);
        // 2.0 × 1.0 × exp(0.5 × 2 + 1 × 0): the pair's dot product is 1.
        let strength = strength_in(&model, &f, Color::Black);
        assert!((strength - 2.0 * 1f32.exp()).abs() < 1e-5, "{strength}");
        f[LINE] = 4;
        let alone = strength_in(&model, &f, Color::Black);
        assert!((alone - 2.0).abs() < 1e-5, "no pair: {alone}");
        // A line of seven factors is malformed and skipped whole.
        assert_eq!(model.gammas[LINE][2], 1.0);
        // The built-in model has factors and they change the strengths.
        let built_in = parse(WEIGHTS);
        assert!(
            built_in.factors[CAPTURE]
                .iter()
                .any(|v| v.iter().any(|&x| x != 0.0))
        );
        let mut pairs = Pairs::default();
        pairs.add(&built_in.factors[CAPTURE][1]);
        pairs.add(&built_in.factors[LINE][0]);
        assert!(pairs.value().abs() > 1e-4);
    }

    fn shape_of(model: &Model, key: u32, color: Color) -> Option<f32> {
        let marked = &model.marked[color.index()];
        let i = marked.binary_search_by_key(&key, |&(k, _)| k).ok()?;
        Some(marked[i].1)
    }
}
