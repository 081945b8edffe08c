//! The layers of tengen's networks and the reading of their weights: a weight file
//! (`weight_file`) holds an entry a tensor, its name, its shape as `AxBxC` and its values, as
//! `examples/train_patterns/network.py` and `value.py` export them.

use std::collections::HashMap;

use super::weight_file::{self, Entry, Error};

/// The widest kernel a convolution may have.
const MAX_WIDTH: usize = 7;

/// A convolution with a square kernel, its weights kept kernel point by kernel point, then
/// input channel by input channel, output channels innermost (the loop the compiler
/// vectorizes).
#[derive(Debug)]
pub struct Convolution {
    pub inputs: usize,
    pub outputs: usize,
    width: usize,
    weights: Vec<f32>,
    bias: Vec<f32>,
}

impl Convolution {
    /// From the text's tensors: weights by output, input, kernel row and kernel column.
    fn new(weights: &Tensor, bias: &Tensor) -> Result<Convolution, Error> {
        let &[outputs, inputs, width, height] = weights.shape.as_slice() else {
            return Err(weights.error("a convolution's weights have four dimensions"));
        };
        if width != height || width % 2 == 0 || width > MAX_WIDTH {
            return Err(weights.error(format!(
                "a convolution's kernel is square, of odd width up to {MAX_WIDTH}"
            )));
        }
        if bias.shape != [outputs] {
            return Err(bias.error(format!("the bias has {outputs} values, one an output")));
        }
        let mut reordered = vec![0.0; weights.values.len()];
        for o in 0..outputs {
            for i in 0..inputs {
                for k in 0..width * width {
                    let from = (o * inputs + i) * width * width + k;
                    reordered[(k * inputs + i) * outputs + o] = weights.values[from];
                }
            }
        }
        Ok(Convolution {
            inputs,
            outputs,
            width,
            weights: reordered,
            bias: bias.values.clone(),
        })
    }

    /// `input` holds `inputs` values a point, point by point, on a `size`×`size` board
    /// padded with zeros; returns `outputs` values a point.
    pub fn apply(&self, input: &[f32], size: usize) -> Vec<f32> {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, as just checked.
            return unsafe { self.apply_avx2(input, size) };
        }
        self.apply_anywhere(input, size)
    }

    /// `apply` compiled for AVX2: the same loops, eight outputs a step instead of four, and
    /// the same sums to the last bit (a multiply and an add each, in the same order).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn apply_avx2(&self, input: &[f32], size: usize) -> Vec<f32> {
        self.apply_anywhere(input, size)
    }

    #[inline(always)]
    fn apply_anywhere(&self, input: &[f32], size: usize) -> Vec<f32> {
        if self.outputs % 32 == 0 {
            self.apply_in_blocks::<32>(input, size)
        } else if self.outputs % 8 == 0 {
            self.apply_in_blocks::<8>(input, size)
        } else {
            self.apply_in_blocks::<1>(input, size)
        }
    }

    /// The convolution, `N` outputs at a time: each output point's `N` sums stay in
    /// registers over every kernel point and input, and are stored once. The sums are added in
    /// the same order whatever `N`, so every `N` gives the same values to the last bit.
    #[inline(always)]
    fn apply_in_blocks<const N: usize>(&self, input: &[f32], size: usize) -> Vec<f32> {
        let mut out = vec![0.0; size * size * self.outputs];
        let reach = (self.width / 2) as isize;
        for row in 0..size as isize {
            for col in 0..size as isize {
                let at = (row as usize * size + col as usize) * self.outputs;
                // The kernel points that fall on the board, and where their inputs are.
                let mut taps = [(0usize, 0usize); MAX_WIDTH * MAX_WIDTH];
                let mut count = 0;
                for (k, (dr, dc)) in self.offsets(reach).enumerate() {
                    let (r, c) = (row + dr, col + dc);
                    if r >= 0 && c >= 0 && r < size as isize && c < size as isize {
                        taps[count] = (k, (r as usize * size + c as usize) * self.inputs);
                        count += 1;
                    }
                }
                for first in (0..self.outputs).step_by(N) {
                    let mut sums: [f32; N] =
                        self.bias[first..first + N].try_into().expect("N outputs");
                    for &(k, from) in &taps[..count] {
                        let values = &input[from..from + self.inputs];
                        self.add_kernel_point(k, first, values, &mut sums);
                    }
                    out[at + first..at + first + N].copy_from_slice(&sums);
                }
            }
        }
        out
    }

    fn offsets(&self, reach: isize) -> impl Iterator<Item = (isize, isize)> {
        (-reach..=reach).flat_map(move |dr| (-reach..=reach).map(move |dc| (dr, dc)))
    }

    /// Adds kernel point `k`'s weights for outputs `first..first + N` times the values of one
    /// input point.
    #[inline(always)]
    fn add_kernel_point<const N: usize>(
        &self,
        k: usize,
        first: usize,
        input: &[f32],
        sums: &mut [f32; N],
    ) {
        let weights = &self.weights[k * self.inputs * self.outputs..];
        for (i, &value) in input.iter().enumerate() {
            // Most inputs are zero: the binary planes, and what the rectifier cut off.
            if value == 0.0 {
                continue;
            }
            let at = i * self.outputs + first;
            let row: &[f32; N] = weights[at..at + N].try_into().expect("N weights");
            for (sum, w) in sums.iter_mut().zip(row) {
                *sum += w * value;
            }
        }
    }
}

/// A named tensor of the weights' text: its shape, then its values, and its line.
struct Tensor {
    shape: Vec<usize>,
    values: Vec<f32>,
    line: usize,
}

impl Tensor {
    /// Reads an entry: the name, the shape as `AxBxC`, then the values.
    fn read(entry: &Entry) -> Result<(String, Tensor), Error> {
        let name = entry.word(0, "tensor name")?;
        let dimensions = entry.word(1, "shape")?;
        let shape: Vec<usize> = (dimensions.split('x'))
            .map(|d| d.parse().ok())
            .collect::<Option<_>>()
            .ok_or_else(|| entry.error(format!("{dimensions:?} is no shape such as 32x12x5x5")))?;
        let values = entry.finite_from(2, name)?;
        let holds = shape.iter().product::<usize>();
        if values.len() != holds {
            return Err(entry.error(format!(
                "{} values where the shape {dimensions} holds {holds}",
                values.len()
            )));
        }
        let line = entry.line;
        Ok((
            name.to_string(),
            Tensor {
                shape,
                values,
                line,
            },
        ))
    }

    fn error(&self, message: impl Into<String>) -> Error {
        Error {
            line: self.line,
            message: message.into(),
        }
    }
}

/// A fully connected layer: `outputs` values from `inputs`, its weights output by output.
#[derive(Debug)]
pub struct Linear {
    pub inputs: usize,
    pub outputs: usize,
    weights: Vec<f32>,
    bias: Vec<f32>,
}

impl Linear {
    fn new(weights: &Tensor, bias: &Tensor) -> Result<Linear, Error> {
        let &[outputs, inputs] = weights.shape.as_slice() else {
            return Err(weights.error("a linear layer's weights have two dimensions"));
        };
        if bias.shape != [outputs] {
            return Err(bias.error(format!("the bias has {outputs} values, one an output")));
        }
        Ok(Linear {
            inputs,
            outputs,
            weights: weights.values.clone(),
            bias: bias.values.clone(),
        })
    }

    pub fn apply(&self, input: &[f32]) -> Vec<f32> {
        (self.weights.chunks(self.inputs).zip(&self.bias))
            .map(|(row, b)| b + row.iter().zip(input).map(|(w, x)| w * x).sum::<f32>())
            .collect()
    }
}

/// The tensors of a weight file, by name.
pub struct Tensors {
    tensors: HashMap<String, Tensor>,
    /// The file's last line, where a missing tensor is reported.
    end: usize,
}

impl Tensors {
    /// Reads every tensor of `text`; a name given twice is an error.
    pub fn read(text: &str) -> Result<Tensors, Error> {
        let mut tensors = HashMap::new();
        weight_file::read(text, |entry| {
            let (name, tensor) = Tensor::read(entry)?;
            match tensors.insert(name, tensor) {
                Some(earlier) => Err(entry.error(format!(
                    "a second {:?}, first on line {}",
                    entry.word(0, "name")?,
                    earlier.line
                ))),
                None => Ok(()),
            }
        })?;
        let end = text.lines().count();
        Ok(Tensors { tensors, end })
    }

    fn get(&self, name: &str) -> Result<&Tensor, Error> {
        self.tensors.get(name).ok_or_else(|| Error {
            line: self.end,
            message: format!("the file ends without the tensor {name:?}"),
        })
    }

    /// The convolution of `name.weight` and `name.bias`.
    pub fn convolution(&self, name: &str) -> Result<Convolution, Error> {
        Convolution::new(
            self.get(&format!("{name}.weight"))?,
            self.get(&format!("{name}.bias"))?,
        )
    }

    pub fn linear(&self, name: &str) -> Result<Linear, Error> {
        Linear::new(
            self.get(&format!("{name}.weight"))?,
            self.get(&format!("{name}.bias"))?,
        )
    }

    /// The trunk every network of tengen's starts with: the convolution `first` from `planes`
    /// input planes to some channels, then residual blocks `blocks.0` on, as many as the file
    /// has, each from those channels to as many.
    pub fn trunk(&self, planes: usize) -> Result<(Convolution, Vec<Convolution>), Error> {
        let first = self.convolution("first")?;
        self.check(first.inputs == planes, "first", || {
            format!("the first convolution reads {planes} planes")
        })?;
        let channels = first.outputs;
        let blocks: Vec<Convolution> = (0..)
            .take_while(|i| self.tensors.contains_key(&format!("blocks.{i}.weight")))
            .map(|i| self.convolution(&format!("blocks.{i}")))
            .collect::<Result<_, _>>()?;
        for (i, block) in blocks.iter().enumerate() {
            let fits = block.inputs == channels && block.outputs == channels;
            self.check(fits, &format!("blocks.{i}"), || {
                format!("a block reads and writes {channels} channels")
            })?;
        }
        Ok((first, blocks))
    }

    /// The one value of the tensor `name`.
    pub fn scalar(&self, name: &str) -> Result<f32, Error> {
        let tensor = self.get(name)?;
        match tensor.values.as_slice() {
            &[value] => Ok(value),
            _ => Err(tensor.error(format!("{name} is one value"))),
        }
    }

    /// An error at the line of `layer`'s weights unless `fits`.
    pub fn check(
        &self,
        fits: bool,
        layer: &str,
        message: impl FnOnce() -> String,
    ) -> Result<(), Error> {
        if fits {
            return Ok(());
        }
        Err(self.get(&format!("{layer}.weight"))?.error(message()))
    }

    /// An error at the first tensor that is none of the weights and biases of `layers` and of
    /// `blocks` residual blocks, nor one of `scalars`: a file for another network.
    pub fn all_used(&self, layers: &[&str], blocks: usize, scalars: &[&str]) -> Result<(), Error> {
        let layers = (layers.iter().map(|l| l.to_string()))
            .chain((0..blocks).map(|i| format!("blocks.{i}")));
        let known: Vec<String> = layers
            .flat_map(|l| [format!("{l}.weight"), format!("{l}.bias")])
            .chain(scalars.iter().map(|s| s.to_string()))
            .collect();
        let unused = (self.tensors.iter())
            .filter(|(name, _)| !known.contains(name))
            .min_by_key(|(_, t)| t.line);
        match unused {
            Some((name, tensor)) => {
                Err(tensor.error(format!("the network has no use for the tensor {name:?}")))
            }
            None => Ok(()),
        }
    }
}

/// A tensor line of a weight file for tests: zeros, with the values of `set` at their places.
#[cfg(test)]
pub fn tensor_line(name: &str, shape: &[usize], set: &[(usize, f32)]) -> String {
    let count: usize = shape.iter().product();
    let mut values = vec![0.0f32; count];
    for &(at, value) in set {
        values[at] = value;
    }
    let values: Vec<String> = values.iter().map(f32::to_string).collect();
    let shape: Vec<String> = shape.iter().map(usize::to_string).collect();
    format!("{name} {} {}\n", shape.join("x"), values.join(" "))
}
