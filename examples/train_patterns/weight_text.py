"""The weight-file form that tengen reads (src/knowledge/weight_file.rs), written by both
trainers: comment lines, the count of entries, then a tensor a line (its name, its shape as
AxBxC, its values)."""


def write_weights(path, heading, tensors):
    """Writes the state dict `tensors` to `path` under the one-line comment `heading`."""
    with open(path, "w") as f:
        f.write(f"# {heading}\n")
        f.write(f"entries {len(tensors)}\n")
        for name, tensor in tensors.items():
            values = " ".join(f"{v:.6g}" for v in tensor.flatten().tolist())
            shape = "x".join(str(d) for d in tensor.shape)
            f.write(f"{name} {shape} {values}\n")
