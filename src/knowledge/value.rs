//! The value network: from a position, the mover's chance of winning, the final owner of each
//! point and the final score, all from the mover's side. It reads the position's binary
//! planes (`network::Encoded`, without candidates) and the mover's komi; a 5×5 convolution
//! and residual 3×3 convolutions make the board's features, a 1×1 convolution gives each
//! point's owner, and the mean of each feature over the board goes through a small hidden
//! layer to the win logit and the score. `examples/train_patterns/value.py` trains it on
//! strong games whose final owners tengen's playouts labelled (`value.rs` there) and exports
//! the weights in this reader's form.

use std::sync::OnceLock;

use super::layers::{Convolution, Linear, Tensors};
use super::network::{Encoded, plane};
use super::weight_file::Error;
use crate::board::{Board, Color};

/// Input planes: the binary ones, then the mover's komi over `KOMI_SCALE`.
pub const PLANES: usize = plane::COUNT + 1;
const KOMI_SCALE: f32 = 15.0;
/// The score output is in units of this many points.
const SCORE_SCALE: f32 = 20.0;

const BUILT_IN: &str = include_str!("value.txt");

/// The value network built into the program.
pub fn built_in() -> &'static ValueNetwork {
    static NETWORK: OnceLock<ValueNetwork> = OnceLock::new();
    NETWORK.get_or_init(|| {
        ValueNetwork::parse(BUILT_IN).expect("the built-in value network reads (a test checks)")
    })
}

#[derive(Debug)]
pub struct ValueNetwork {
    first: Convolution,
    blocks: Vec<Convolution>,
    owners: Convolution,
    hidden: Linear,
    value: Linear,
}

/// What the network says of a position, from the mover's side.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// The chance that the mover wins.
    pub win: f32,
    /// The mover's expected lead at the end, in points, komi counted.
    pub score: f32,
    /// Each point's owner, 1 the mover's, -1 the opponent's, row by row from row 1.
    pub owners: Vec<f32>,
}

impl ValueNetwork {
    pub fn parse(text: &str) -> Result<ValueNetwork, Error> {
        let tensors = Tensors::read(text)?;
        let (first, blocks) = tensors.trunk(PLANES)?;
        let owners = tensors.convolution("owners")?;
        let hidden = tensors.linear("hidden")?;
        let value = tensors.linear("value")?;
        let channels = first.outputs;
        tensors.check(
            owners.inputs == channels && owners.outputs == 1,
            "owners",
            || format!("the owners' layer reads {channels} channels and writes one"),
        )?;
        tensors.check(hidden.inputs == channels, "hidden", || {
            format!("the hidden layer reads {channels} means")
        })?;
        tensors.check(
            value.inputs == hidden.outputs && value.outputs == 2,
            "value",
            || {
                format!(
                    "the value layer reads {} values and writes two",
                    hidden.outputs
                )
            },
        )?;
        tensors.all_used(&["first", "owners", "hidden", "value"], blocks.len(), &[])?;
        Ok(ValueNetwork {
            first,
            blocks,
            owners,
            hidden,
            value,
        })
    }

    /// `color` to move on `board`, komi `komi` (White's).
    pub fn evaluate(&self, board: &Board, color: Color, komi: f32) -> Evaluation {
        let movers_komi = if color == Color::White { komi } else { -komi };
        self.evaluate_encoded(&Encoded::new(board, color, &[]), movers_komi)
    }

    /// A position as `Encoded` holds it, with the mover's komi (komi for White, less it for
    /// Black), as the training positions are stored.
    pub fn evaluate_encoded(&self, position: &Encoded, movers_komi: f32) -> Evaluation {
        let size = position.size;
        let mut input = Vec::with_capacity(size * size * PLANES);
        for &bits in &position.bits {
            input.extend((0..plane::COUNT).map(|b| f32::from((bits >> b) & 1)));
            input.push(movers_komi / KOMI_SCALE);
        }
        let mut h = self.first.apply(&input, size);
        h.iter_mut().for_each(|v| *v = v.max(0.0));
        for block in &self.blocks {
            let step = block.apply(&h, size);
            for (v, s) in h.iter_mut().zip(step) {
                *v = (*v + s).max(0.0);
            }
        }
        let owners = (self.owners.apply(&h, size).into_iter())
            .map(f32::tanh)
            .collect();
        let channels = self.first.outputs;
        let mut means = vec![0.0; channels];
        for point in h.chunks(channels) {
            for (m, v) in means.iter_mut().zip(point) {
                *m += v / (size * size) as f32;
            }
        }
        let mut hidden = self.hidden.apply(&means);
        hidden.iter_mut().for_each(|v| *v = v.max(0.0));
        let out = self.value.apply(&hidden);
        Evaluation {
            win: 1.0 / (1.0 + (-out[0]).exp()),
            score: out[1] * SCORE_SCALE,
            owners,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::layers::tensor_line as tensor;

    /// A one-channel network whose channel is 1 on the mover's stones (of any liberties):
    /// each point's owner is tanh(2 × own stone − 1), the win logit is the share of the
    /// board the mover's stones cover times 40 less 1, the score that share in units of 20.
    fn toy() -> String {
        let own: Vec<(usize, f32)> = (0..3)
            .map(|l| ((plane::OWN_LIBERTIES + l) * 25 + 12, 1.0))
            .collect();
        "# a toy value network\nentries 10\n".to_string()
            + &tensor("first.weight", &[1, PLANES, 5, 5], &own)
            + &tensor("first.bias", &[1], &[])
            + &tensor("blocks.0.weight", &[1, 1, 3, 3], &[])
            + &tensor("blocks.0.bias", &[1], &[])
            + &tensor("owners.weight", &[1, 1, 1, 1], &[(0, 2.0)])
            + &tensor("owners.bias", &[1], &[(0, -1.0)])
            + &tensor("hidden.weight", &[1, 1], &[(0, 1.0)])
            + &tensor("hidden.bias", &[1], &[])
            + &tensor("value.weight", &[2, 1], &[(0, 40.0), (1, 1.0)])
            + &tensor("value.bias", &[2], &[(0, -1.0)])
    }

    #[test]
    fn the_network_reads_the_movers_stones() {
        let network = ValueNetwork::parse(&toy()).unwrap();
        let mut board = Board::new(9);
        board.play(Color::Black, board.point(4, 4)).unwrap();
        let black = network.evaluate(&board, Color::Black, 7.5);
        let share = 1.0 / 81.0;
        let expected = 1.0 / (1.0 + (1.0f32 - 40.0 * share).exp());
        assert!((black.win - expected).abs() < 1e-5, "{}", black.win);
        assert!((black.score - 20.0 * share).abs() < 1e-5);
        assert!((black.owners[4 * 9 + 4] - 1f32.tanh()).abs() < 1e-5);
        assert!((black.owners[0] - (-1f32).tanh()).abs() < 1e-5);
        // White to move sees no stone of its own.
        let white = network.evaluate(&board, Color::White, 7.5);
        assert!((white.win - 1.0 / (1.0 + 1f32.exp())).abs() < 1e-5);
        assert!((white.owners[4 * 9 + 4] - (-1f32).tanh()).abs() < 1e-5);
    }

    /// The built-in network reads, and it sees who is ahead: on an empty board komi favours
    /// White, and a side five stones down is behind (by far less than it is: the network
    /// learnt from even games, which never give five free stones).
    #[test]
    fn the_built_in_network_sees_who_is_ahead() {
        let network = built_in();
        let empty = Board::new(19);
        let even = network.evaluate(&empty, Color::Black, 7.5);
        assert!(even.win < 0.5, "{}", even.win);
        let generous = network.evaluate(&empty, Color::Black, -30.5);
        assert!(
            generous.win > even.win + 0.05,
            "{} {}",
            generous.win,
            even.win
        );
        let mut board = Board::new(19);
        for (col, row) in [(2, 2), (3, 15), (15, 3), (15, 15), (9, 9)] {
            board.play(Color::Black, board.point(col, row)).unwrap();
        }
        let black = network.evaluate(&board, Color::White, 7.5);
        assert!(
            black.win < 0.45,
            "White to move, five stones down: {}",
            black.win
        );
        assert!(black.score < -5.0, "{}", black.score);
    }

    #[test]
    fn a_file_for_another_network_is_an_error_that_names_its_line() {
        let error = |text: &str| ValueNetwork::parse(text).err().unwrap().to_string();
        let text = toy();
        assert_eq!(
            error(&text.replace("value.weight 2x1", "value.weight 3x1")),
            "line 11: 2 values where the shape 3x1 holds 3"
        );
        let three = text
            .replace("value.weight 2x1 40 1", "value.weight 3x1 40 1 0")
            .replace("value.bias 2 -1 0", "value.bias 3 -1 0 0");
        assert_eq!(
            error(&three),
            "line 11: the value layer reads 1 values and writes two"
        );
        let built_in_move_network = include_str!("network.txt");
        assert!(error(built_in_move_network).contains("the tensor \"owners.weight\""));
    }
}
