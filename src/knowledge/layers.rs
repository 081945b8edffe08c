//! The layers of tengen's networks and the reading of their weights: a weight file
//! (`weight_file`) holds an entry a tensor, its name, its shape as `AxBxC` and its values, as
//! `examples/train_patterns/network.py` and `value.py` export them.

use std::collections::HashMap;

use super::weight_file::{self, Entry, Error};

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
        if width != height || width % 2 == 0 {
            return Err(weights.error("a convolution's kernel is square and of odd width"));
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
        let mut out: Vec<f32> = (0..size * size)
            .flat_map(|_| self.bias.iter().copied())
            .collect();
        let reach = (self.width / 2) as isize;
        for row in 0..size as isize {
            for col in 0..size as isize {
                let at = (row as usize * size + col as usize) * self.outputs;
                let out = &mut out[at..at + self.outputs];
                for (k, (dr, dc)) in self.offsets(reach).enumerate() {
                    let (r, c) = (row + dr, col + dc);
                    if r < 0 || c < 0 || r >= size as isize || c >= size as isize {
                        continue;
                    }
                    let from = (r as usize * size + c as usize) * self.inputs;
                    self.add_kernel_point(k, &input[from..from + self.inputs], out);
                }
            }
        }
        out
    }

    fn offsets(&self, reach: isize) -> impl Iterator<Item = (isize, isize)> {
        (-reach..=reach).flat_map(move |dr| (-reach..=reach).map(move |dc| (dr, dc)))
    }

    /// Adds kernel point `k`'s weights times the values of one input point.
    fn add_kernel_point(&self, k: usize, input: &[f32], out: &mut [f32]) {
        let weights = &self.weights[k * self.inputs * self.outputs..];
        for (i, &value) in input.iter().enumerate() {
            // Most inputs are zero: the binary planes, and what the rectifier cut off.
            if value == 0.0 {
                continue;
            }
            let row = &weights[i * self.outputs..(i + 1) * self.outputs];
            for (o, w) in out.iter_mut().zip(row) {
                *o += w * value;
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

    /// The residual blocks' convolutions, `blocks.0` on, as many as the file has.
    pub fn blocks(&self) -> Result<Vec<Convolution>, Error> {
        (0..)
            .take_while(|i| self.tensors.contains_key(&format!("blocks.{i}.weight")))
            .map(|i| self.convolution(&format!("blocks.{i}")))
            .collect()
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
