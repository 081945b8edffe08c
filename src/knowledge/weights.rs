//! The move model's strengths, fitted by `examples/train_patterns.rs` and built into the
//! program from `weights.txt` (see its header for the games behind it). A value the file does
//! not list has strength 1, so without the file every move is equally strong. Each value may
//! also carry latent factors (`factors`), whose pairs multiply a move's strength.

use std::sync::OnceLock;

use super::factors::{self, DIMENSIONS, Factors, Pairs};
use super::features::{Features, GROUP_NAMES, GROUP_SIZES, GROUPS, SPATIAL};
use super::weight_file::{self, Entry, Error};
use super::{pattern, spatial};
use crate::board::Color;

const WEIGHTS: &str = include_str!("weights.txt");

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

/// Reads the `group value gamma [factors]` entries of a weights file (`weight_file`).
fn parse(text: &str) -> Result<Model, Error> {
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
    weight_file::read(text, |entry| {
        let Value {
            group: g,
            value: v,
            gamma,
            factors: read,
        } = read_value(entry)?;
        if v < size(g) {
            gammas[g][v] = gamma;
            if let Some(read) = read {
                factors[g][v] = read;
            }
        } else {
            listed.push((v as u32, gamma));
        }
        Ok(())
    })?;
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
    Ok(Model {
        gammas,
        shapes,
        marked,
        factors,
        shape_factors,
    })
}

/// The values a group keeps a strength for in its table: the plain shapes alone for the
/// shape group, whose shapes with atari marks are listed apart.
fn size(g: usize) -> usize {
    if g == 0 { PLAIN_SHAPES } else { GROUP_SIZES[g] }
}

/// An entry of `weights.txt`: a value of a group of features, its strength and factors.
pub struct Value {
    pub group: usize,
    pub value: usize,
    pub gamma: f32,
    pub factors: Option<Factors>,
}

impl Value {
    /// Whether the search's model reads it: all but the shapes with atari marks, which only
    /// the playouts read.
    pub fn is_plain(&self) -> bool {
        self.value < size(self.group)
    }
}

/// Reads an entry of `weights.txt`. The large shapes' strengths live in `spatial.txt`, so
/// their group has no entries here.
pub fn read_value(entry: &Entry) -> Result<Value, Error> {
    let name = entry.word(0, "group")?;
    let g = (GROUP_NAMES.iter().position(|n| *n == name))
        .filter(|&g| g != SPATIAL)
        .ok_or_else(|| entry.error(format!("{name:?} is no group of the move model")))?;
    let v: usize = entry.number(1, "value")?;
    if v >= GROUP_SIZES[g] {
        return Err(entry.error(format!(
            "value {v} is beyond the {} values of group {name}",
            GROUP_SIZES[g]
        )));
    }
    let gamma = entry.strength(2)?;
    let read = factors::read(entry, 3)?;
    if v >= size(g) && read.is_some() {
        return Err(entry.error("a shape with atari marks has no factors"));
    }
    Ok(Value {
        group: g,
        value: v,
        gamma,
        factors: read,
    })
}

fn model() -> &'static Model {
    static MODEL: OnceLock<Model> = OnceLock::new();
    MODEL.get_or_init(|| parse(WEIGHTS).expect("the built-in weights read (a test checks)"))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_weights_prefer_saving_captures_and_shun_self_ataris_and_ladders() {
        use super::super::features::{CAPTURE, ESCAPE, SELF_ATARI, capture, escape, self_atari};
        let model = parse(WEIGHTS).unwrap();
        let gamma = |g: usize, v: u32| model.gammas[g][v as usize];
        assert!(gamma(CAPTURE, capture::SAVES) > 2.0 * gamma(CAPTURE, 0));
        assert!(gamma(CAPTURE, capture::LAST_MOVE) > gamma(CAPTURE, capture::ONE_STONE));
        assert!(gamma(ESCAPE, escape::TWO_LIBERTIES) > 5.0 * gamma(ESCAPE, escape::INTO_LADDER));
        assert!(gamma(SELF_ATARI, self_atari::LARGE) < 0.2 * gamma(SELF_ATARI, 0));
        // Values the file does not list keep strength 1.
        let one = parse("# comment\nentries 1\nshape 5 2.5\n").unwrap();
        assert_eq!(one.gammas[0][5], 2.5);
        assert_eq!(one.gammas[1][1], 1.0);
    }

    #[test]
    fn a_malformed_entry_is_an_error_that_names_its_line() {
        let error = |entry: &str| {
            let text = format!("# heading\nentries 2\nshape 5 2.5\n{entry}\n");
            parse(&text).err().map(|e| e.to_string())
        };
        let expect = |entry, message: &str| {
            assert_eq!(error(entry).as_deref(), Some(message), "{entry}");
        };
        expect(
            "capture x 3",
            "line 4: word 2, \"x\", is not a finite number (value)",
        );
        expect(
            "nothing 1 2",
            "line 4: \"nothing\" is no group of the move model",
        );
        expect(
            "spatial 1 2",
            "line 4: \"spatial\" is no group of the move model",
        );
        expect(
            "line 99 3",
            "line 4: value 99 is beyond the 5 values of group line",
        );
        expect("line 2 0", "line 4: strength 0 is not above zero");
        expect(
            "line 2 NaN",
            "line 4: word 3, \"NaN\", is not a finite number (strength)",
        );
        expect(
            "line 2 1.5 1 2 3",
            "line 4: 3 factors where 8 or none belong",
        );
        expect(
            "shape 70000 1.5 1 2 3 4 5 6 7 8",
            "line 4: a shape with atari marks has no factors",
        );
        assert_eq!(error("line 2 1.5"), None);
        let cut_short = "entries 3\nshape 5 2.5\nline 2 1.5\n";
        assert_eq!(
            parse(cut_short).err().unwrap().to_string(),
            "line 1: the count says 3 entries, the file has 2"
        );
    }

    #[test]
    fn a_shape_with_atari_marks_has_its_own_strength_when_listed() {
        // A black stone in atari above the point, as Black sees it.
        let key = pattern::canonical(0x10004, Color::Black);
        let model = parse(&format!("entries 1\nshape {key} 0.5\n")).unwrap();
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
        let built_in = parse(WEIGHTS).unwrap();
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
        let text = "entries 2\n\
                    capture 1 2.0 0.5 0 0 0 0 0 0 1\n\
                    line 3 1.0 2 0 0 0 0 0 0 0\n";
        let model = parse(text).unwrap();
        let mut f = [0; GROUPS];
        (f[CAPTURE], f[LINE]) = (1, 3);
        // 2.0 × 1.0 × exp(0.5 × 2 + 1 × 0): the pair's dot product is 1.
        let strength = strength_in(&model, &f, Color::Black);
        assert!((strength - 2.0 * 1f32.exp()).abs() < 1e-5, "{strength}");
        f[LINE] = 4;
        let alone = strength_in(&model, &f, Color::Black);
        assert!((alone - 2.0).abs() < 1e-5, "no pair: {alone}");
        // The built-in model has factors and they change the strengths.
        let built_in = parse(WEIGHTS).unwrap();
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
