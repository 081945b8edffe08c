//! The move model's strengths, fitted by `examples/train_patterns.rs` and built into the
//! program from `weights.txt` (see its header for the games behind it). A value the file does
//! not list has strength 1, so without the file every move is equally strong.

use std::sync::OnceLock;

use super::features::{GROUP_NAMES, GROUP_SIZES, GROUPS, SPATIAL};
use super::{pattern, spatial};
use crate::board::Color;

const WEIGHTS: &str = include_str!("weights.txt");

struct Model {
    /// Strength of every value of every group (shapes by canonical code).
    gammas: Vec<Vec<f32>>,
    /// Shape strengths by plain neighbourhood code, for Black and for White to move.
    shapes: [Vec<f32>; 2],
}

/// Reads `group value gamma` lines; comments and malformed lines are skipped.
fn parse(text: &str) -> Model {
    let mut gammas: Vec<Vec<f32>> = GROUP_SIZES.iter().map(|&n| vec![1.0; n]).collect();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [name, value, gamma] = words[..] else {
            continue;
        };
        let (Some(g), Ok(v), Ok(gamma)) = (
            GROUP_NAMES.iter().position(|n| *n == name),
            value.parse::<usize>(),
            gamma.parse::<f32>(),
        ) else {
            continue;
        };
        if v < GROUP_SIZES[g] && gamma.is_finite() && gamma > 0.0 {
            gammas[g][v] = gamma;
        }
    }
    let shapes = [Color::Black, Color::White].map(|color| {
        (0..=u16::MAX)
            .map(|code| gammas[0][pattern::canonical(code, color) as usize])
            .collect()
    });
    Model { gammas, shapes }
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

/// The model's strength of the 3×3 shape alone: a move of `color` into the neighbourhood
/// `code` (`Board::neighbourhood`).
pub fn shape_strength(code: u16, color: Color) -> f32 {
    model().shapes[color.index()][code as usize]
}

/// The model's strength of a move of `color` with the features `f` (see `features`).
pub fn strength(f: &[u16; GROUPS], color: Color) -> f32 {
    let model = model();
    let shape = model.shapes[color.index()][f[0] as usize];
    let spatial = spatial::strength(f[SPATIAL]);
    (1..GROUPS)
        .filter(|&g| g != SPATIAL)
        .fold(shape * spatial, |s, g| s * model.gammas[g][f[g] as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_weights_prefer_a_capture_and_shun_a_self_atari() {
        let model = parse(WEIGHTS);
        let capture = &model.gammas[1];
        assert!(
            capture[3] > 5.0 && capture[1] > capture[0],
            "{:?}",
            &capture[..4]
        );
        assert!(
            model.gammas[3][1] < model.gammas[3][0],
            "self-atari is weak"
        );
        // Malformed lines are skipped; unknown values keep strength 1.
        let odd = parse("# comment\nshape 5 2.5\ncapture x 3\nnothing 1 2\nline 99 3\n");
        assert_eq!(odd.gammas[0][5], 2.5);
        assert_eq!(odd.gammas[1][1], 1.0);
        assert_eq!(odd.gammas[7][4], 1.0);
    }
}
