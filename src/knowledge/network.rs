//! A small convolutional network that refines the move model's probabilities on the big
//! board. It reads the position from the mover's side as binary planes (stones, the
//! liberties of their strings, the last two moves, the candidate moves) and the move
//! model's log-probability of every candidate, and gives each candidate a correction to
//! that log-probability: the patterns see a few points around a move, the network sees
//! the whole board. `examples/train_patterns` exports positions of strong games in this
//! encoding (`planes`) and trains it (`network.py`).

use std::sync::OnceLock;

use super::layers::{Convolution, Tensors};
use super::weight_file::Error;
use crate::board::{Board, Color, Point};

/// The binary planes, one bit each in `Encoded::bits`.
pub mod plane {
    pub const EMPTY: usize = 0;
    /// The mover's stones whose string has one, two, and three or more liberties.
    pub const OWN_LIBERTIES: usize = 1;
    /// The opponent's stones by the liberties of their string, likewise.
    pub const OPPONENT_LIBERTIES: usize = 4;
    pub const LAST: usize = 7;
    pub const BEFORE_LAST: usize = 8;
    /// The moves the search considers: legal, and filling no own eye.
    pub const CANDIDATE: usize = 9;
    /// Every point of the board: beside the zero padding, it shows the edges.
    pub const ON_BOARD: usize = 10;
    pub const COUNT: usize = 11;
}

/// Input planes: the binary ones, then the move model's log-probability.
pub const PLANES: usize = plane::COUNT + 1;

/// A candidate's log-probability under the move model is kept in steps of 1/`SHARE_STEPS`
/// down to `-LOWEST_SHARE`; `NO_SHARE` marks a point that is no candidate.
pub const SHARE_STEPS: f32 = 20.0;
pub const LOWEST_SHARE: f32 = 12.0;
pub const NO_SHARE: u8 = u8::MAX;

/// A position as the network reads it, point by point, row by row from row 1.
#[derive(Clone, Debug, PartialEq)]
pub struct Encoded {
    pub size: usize,
    pub bits: Vec<u16>,
    pub shares: Vec<u8>,
}

impl Encoded {
    /// `color` to move on `board`; `candidates` are the moves the search considers with
    /// the move model's strength of each.
    pub fn new(board: &Board, color: Color, candidates: &[(Point, f32)]) -> Encoded {
        let size = board.size();
        let index = |p| Encoded::index(board, p);
        let mut bits = vec![1 << plane::ON_BOARD; size * size];
        for (i, p) in board.points().enumerate() {
            bits[i] |= 1 << stone_plane(board, color, p);
        }
        for (last, plane) in board
            .last_moves()
            .iter()
            .zip([plane::LAST, plane::BEFORE_LAST])
        {
            if let Some(p) = last {
                bits[index(*p)] |= 1 << plane;
            }
        }
        let mut shares = vec![NO_SHARE; size * size];
        let total: f32 = candidates.iter().map(|c| c.1).sum();
        for &(p, strength) in candidates {
            bits[index(p)] |= 1 << plane::CANDIDATE;
            shares[index(p)] = quantized_share(strength / total);
        }
        Encoded { size, bits, shares }
    }

    /// Where point `p` of `board` is in `bits` and `shares`: row by row from row 1.
    pub fn index(board: &Board, p: Point) -> usize {
        let (col, row) = board.coords(p);
        row * board.size() + col
    }

    /// The log-probability that `shares` holds for point `i` (0 if it is no candidate).
    pub fn share(&self, i: usize) -> f32 {
        match self.shares[i] {
            NO_SHARE => 0.0,
            q => -f32::from(q) / SHARE_STEPS,
        }
    }
}

/// The plane of the stone (or emptiness) at `p`, with the liberties of its string.
fn stone_plane(board: &Board, color: Color, p: Point) -> usize {
    let Some(owner) = board.stone(p) else {
        return plane::EMPTY;
    };
    let liberties = board.string_liberties(p).clamp(1, 3) - 1;
    if owner == color {
        plane::OWN_LIBERTIES + liberties
    } else {
        plane::OPPONENT_LIBERTIES + liberties
    }
}

fn quantized_share(share: f32) -> u8 {
    let steps = (-share.max(f32::MIN_POSITIVE).ln()).min(LOWEST_SHARE) * SHARE_STEPS;
    steps.round() as u8
}

/// The trained network: a 5×5 convolution, residual 3×3 convolutions, each followed by a
/// rectifier, and a 1×1 convolution that gives each point its correction.
#[derive(Debug)]
pub struct Network {
    first: Convolution,
    blocks: Vec<Convolution>,
    head: Convolution,
    /// How much of the move model's log-probability the logits keep.
    share_weight: f32,
}

const BUILT_IN: &str = include_str!("network.txt");

/// The network built into the program.
pub fn built_in() -> &'static Network {
    static NETWORK: OnceLock<Network> = OnceLock::new();
    NETWORK.get_or_init(|| {
        Network::parse(BUILT_IN).expect("the built-in network reads (a test checks)")
    })
}

impl Network {
    /// Reads the text that `network.py export` writes: an entry a tensor (its name, its
    /// shape as `AxBxC`, its values), as every weight file (`weight_file`).
    pub fn parse(text: &str) -> Result<Network, Error> {
        let tensors = Tensors::read(text)?;
        let (first, blocks) = tensors.trunk(PLANES)?;
        let head = tensors.convolution("head")?;
        let channels = first.outputs;
        tensors.check(head.inputs == channels && head.outputs == 1, "head", || {
            format!("the head reads {channels} channels and writes one")
        })?;
        let share_weight = tensors.scalar("share_weight")?;
        tensors.all_used(&["first", "head"], blocks.len(), &["share_weight"])?;
        Ok(Network {
            first,
            blocks,
            head,
            share_weight,
        })
    }

    /// The probability of each of `candidates` (with the move model's strength of each),
    /// `color` to move on `board`, in their order.
    pub fn shares(&self, board: &Board, color: Color, candidates: &[(Point, f32)]) -> Vec<f32> {
        let position = Encoded::new(board, color, candidates);
        let p = self.probabilities(&position);
        (candidates.iter())
            .map(|&(point, _)| p[Encoded::index(board, point)])
            .collect()
    }

    /// The probability of each candidate of `position`, by point index as in `Encoded`
    /// (0 for a point that is no candidate).
    fn probabilities(&self, position: &Encoded) -> Vec<f32> {
        let size = position.size;
        let mut h = self.first.apply(&planes(position), size);
        h.iter_mut().for_each(|v| *v = v.max(0.0));
        for block in &self.blocks {
            let step = block.apply(&h, size);
            for (v, s) in h.iter_mut().zip(step) {
                *v = (*v + s).max(0.0);
            }
        }
        let corrections = self.head.apply(&h, size);
        let is_candidate = |i: usize| position.bits[i] & (1 << plane::CANDIDATE) != 0;
        let logits: Vec<f32> = (0..size * size)
            .map(|i| corrections[i] + self.share_weight * position.share(i))
            .collect();
        let top = (0..size * size)
            .filter(|&i| is_candidate(i))
            .map(|i| logits[i])
            .fold(f32::NEG_INFINITY, f32::max);
        let mut p: Vec<f32> = (0..size * size)
            .map(|i| {
                if is_candidate(i) {
                    (logits[i] - top).exp()
                } else {
                    0.0
                }
            })
            .collect();
        let total: f32 = p.iter().sum();
        p.iter_mut()
            .for_each(|v| *v /= total.max(f32::MIN_POSITIVE));
        p
    }
}

/// The input planes, point by point, `PLANES` values a point.
fn planes(position: &Encoded) -> Vec<f32> {
    let mut out = Vec::with_capacity(position.bits.len() * PLANES);
    for (i, &bits) in position.bits.iter().enumerate() {
        out.extend((0..plane::COUNT).map(|b| f32::from((bits >> b) & 1)));
        out.push(position.share(i));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::layers::tensor_line as tensor;

    /// Stones carry their side and their string's liberties, seen from the mover; the
    /// candidates their log-probability; the last move is marked.
    #[test]
    fn a_position_is_encoded_from_the_movers_side() {
        let mut board = Board::new(9);
        let (black, white) = (board.point(2, 2), board.point(3, 2));
        board.play(Color::Black, black).unwrap();
        board.play(Color::White, white).unwrap();
        let empty = board.point(0, 0);
        let encoded = Encoded::new(
            &board,
            Color::Black,
            &[(empty, 1.0), (board.point(5, 5), 3.0)],
        );
        let bits = |i: usize| encoded.bits[i];
        let has = |i: usize, plane: usize| bits(i) & (1 << plane) != 0;
        assert!(has(2 * 9 + 2, plane::OWN_LIBERTIES + 2));
        assert!(has(2 * 9 + 3, plane::OPPONENT_LIBERTIES + 2));
        assert!(has(2 * 9 + 3, plane::LAST) && has(2 * 9 + 2, plane::BEFORE_LAST));
        assert!(has(0, plane::EMPTY) && has(0, plane::CANDIDATE) && !has(1, plane::CANDIDATE));
        assert!((encoded.share(0) - 0.25f32.ln()).abs() < 0.5 / SHARE_STEPS);
        assert_eq!(encoded.share(1), 0.0);
        assert!((0..81).all(|i| has(i, plane::ON_BOARD)));
        let for_white = Encoded::new(&board, Color::White, &[]);
        assert!(for_white.bits[2 * 9 + 2] & (1 << (plane::OPPONENT_LIBERTIES + 2)) != 0);
    }

    /// The built-in network reads, and on an empty 19×19 board it gives every candidate a
    /// share, the shares make one, and its favourite is on the third or fourth line.
    #[test]
    fn the_built_in_network_opens_on_the_third_or_fourth_line() {
        let board = Board::new(19);
        let points: Vec<Point> = board.points().collect();
        let candidates = crate::knowledge::candidates::rated(&board, Color::Black, &points);
        let shares = built_in().shares(&board, Color::Black, &candidates);
        assert!(shares.iter().all(|&s| s > 0.0));
        assert!((shares.iter().sum::<f32>() - 1.0).abs() < 1e-3);
        let best = (0..shares.len())
            .max_by(|&a, &b| shares[a].total_cmp(&shares[b]))
            .unwrap();
        let (col, row) = board.coords(candidates[best].0);
        let line = col.min(row).min(18 - col).min(18 - row);
        assert!(
            (2..=3).contains(&line),
            "favourite {:?}",
            board.coords(candidates[best].0)
        );
    }

    /// A one-channel network whose first convolution reads the last move one point to the
    /// right: the candidate left of the last move gains a logit of 2 over the others.
    #[test]
    fn the_network_shifts_the_move_models_probabilities() {
        // Kernel row 2 (the same row), column 3 (one to the right), in the last-move plane.
        let tap = plane::LAST * 25 + 2 * 5 + 3;
        let text = "# a test network\nentries 7\n".to_string()
            + &tensor("first.weight", &[1, PLANES, 5, 5], &[(tap, 1.0)])
            + &tensor("first.bias", &[1], &[])
            + &tensor("blocks.0.weight", &[1, 1, 3, 3], &[])
            + &tensor("blocks.0.bias", &[1], &[])
            + &tensor("head.weight", &[1, 1, 1, 1], &[(0, 2.0)])
            + &tensor("head.bias", &[1], &[])
            + &tensor("share_weight", &[1], &[(0, 1.0)]);
        let network = Network::parse(&text).expect("the test network reads");
        let mut board = Board::new(9);
        board.play(Color::Black, board.point(4, 4)).unwrap();
        let (left, far) = (board.point(3, 4), board.point(0, 8));
        let position = Encoded::new(&board, Color::White, &[(left, 1.0), (far, 1.0)]);
        let p = network.probabilities(&position);
        let e2 = 2f32.exp();
        assert!((p[4 * 9 + 3] - e2 / (1.0 + e2)).abs() < 1e-4);
        assert!((p[8 * 9] - 1.0 / (1.0 + e2)).abs() < 1e-4);
        assert_eq!(p.iter().filter(|&&v| v > 0.0).count(), 2);
        let error = |text: &str| Network::parse(text).err().unwrap().to_string();
        assert_eq!(
            error(&text.replace("share_weight 1", "share_weight 2")),
            "line 9: 1 values where the shape 2 holds 2"
        );
        assert_eq!(
            error(&text.replace("head.bias 1 0", "head.bias 1 x")),
            "line 8: word 3, \"x\", is not a finite number (head.bias)"
        );
        let without_head = text
            .replace("entries 7", "entries 6")
            .replace("head.bias 1 0\n", "");
        assert_eq!(
            error(&without_head),
            "line 8: the file ends without the tensor \"head.bias\""
        );
        let extra = text.replace("entries 7", "entries 8") + &tensor("blocks.3.bias", &[1], &[]);
        assert_eq!(
            error(&extra),
            "line 10: the network has no use for the tensor \"blocks.3.bias\""
        );
        let twice = text.replace("entries 7", "entries 8") + &tensor("head.bias", &[1], &[]);
        assert_eq!(
            error(&twice),
            "line 10: a second \"head.bias\", first on line 8"
        );
        let wide = text.replace("first.weight 1x12x5x5", "first.weight 1x11x5x5");
        assert!(error(&wide).starts_with("line 3: "), "{}", error(&wide));
    }
}
