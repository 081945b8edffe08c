"""Trains the move network of tengen::knowledge::network on the positions that
`cargo run --release --example train_patterns -- planes FOLDER GAMES_PER_FILE` exports.

    python3 examples/train_patterns/network.py train FOLDER --steps N [--seed S] [--rate R]
    python3 examples/train_patterns/network.py evaluate FOLDER
    python3 examples/train_patterns/network.py export FOLDER src/knowledge/network.txt

`train` runs to step N, resuming from FOLDER/checkpoint.pt (saved every 2,000 steps and at
the end), so it can be stopped and started again, and the same command with the same seed
rebuilds the same network; it reports top-1 and log-likelihood on the validation positions
(training games kept apart) as it goes. `evaluate` reports, on the held-out positions of test.bin, how
often the network's favourite is the move played and the mean log-likelihood of that move,
by stage, beside the move model alone. `export` writes the weights in the text form the
engine builds in. Needs torch and numpy.

The network: a 5x5 convolution from the input planes, residual 3x3 convolutions, and a 1x1
convolution giving each point a correction that is added to the move model's
log-probability (scaled by a learned weight). The correction starts at zero, so training
starts from the move model.
"""

import argparse
import json
import os

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from weight_text import write_weights

CHANNELS = 32
BLOCKS = 4
BATCH = 256
STAGES = [(1, 50), (51, 150), (151, 10**6)]


def record_type(meta):
    points = meta["size"] ** 2
    return np.dtype(
        [("number", "<u2"), ("move", "<u2"), ("bits", "<u2", points), ("shares", "u1", points)]
    )


def load(folder, name):
    meta = json.load(open(os.path.join(folder, "meta.json")))
    data = np.memmap(os.path.join(folder, name), dtype=record_type(meta), mode="r")
    return meta, data


def symmetries(size):
    """The point permutations of the board's eight symmetries."""
    grid = np.arange(size * size).reshape(size, size)
    out = []
    for k in range(4):
        turned = np.rot90(grid, k)
        out += [turned.flatten(), turned.T.flatten()]
    return [torch.from_numpy(np.ascontiguousarray(p)) for p in out]


def inputs(meta, records):
    """The planes (batch, planes, size, size), the log-probabilities and the candidates."""
    size, count = meta["size"], meta["bit_planes"]
    bits = torch.from_numpy(records["bits"].astype(np.int32))
    planes = (bits.unsqueeze(1) >> torch.arange(count).view(1, count, 1)) & 1
    shares = torch.from_numpy(records["shares"].astype(np.float32))
    candidate = planes[:, meta["candidate_plane"]].bool()
    shares = torch.where(candidate, -shares / meta["share_steps"], torch.zeros_like(shares))
    x = torch.cat([planes.float(), shares.unsqueeze(1)], dim=1)
    return x.view(-1, count + 1, size, size), shares, candidate


class Network(nn.Module):
    def __init__(self, planes, channels=CHANNELS, blocks=BLOCKS):
        super().__init__()
        self.first = nn.Conv2d(planes, channels, 5, padding=2)
        self.blocks = nn.ModuleList(
            nn.Conv2d(channels, channels, 3, padding=1) for _ in range(blocks)
        )
        self.head = nn.Conv2d(channels, 1, 1)
        nn.init.zeros_(self.head.weight)
        nn.init.zeros_(self.head.bias)
        self.share_weight = nn.Parameter(torch.ones(1))

    def forward(self, x, shares, candidate):
        h = F.relu(self.first(x))
        for conv in self.blocks:
            h = F.relu(h + conv(h))
        logits = self.head(h).flatten(1) + self.share_weight * shares
        return logits.masked_fill(~candidate, -1e9)


def batch(meta, data, indices, symmetry):
    records = data[np.sort(indices)]
    x, shares, candidate = inputs(meta, records)
    moves = torch.from_numpy(records["move"].astype(np.int64))
    # The same symmetry for the whole batch: points move by the permutation.
    inverse = torch.argsort(symmetry)
    n, p = x.shape[0], x.shape[1]
    x = x.view(n, p, -1)[:, :, symmetry].view_as(x)
    return x, shares[:, symmetry], candidate[:, symmetry], inverse[moves]


def evaluate_on(model, meta, data, limit=None):
    """Top-1 and mean log-likelihood by stage, of the network and of the move model."""
    model.eval()
    count = len(data) if limit is None else min(limit, len(data))
    rows = []
    with torch.no_grad():
        for start in range(0, count, 1024):
            records = data[start : min(start + 1024, count)]
            x, shares, candidate = inputs(meta, records)
            moves = torch.from_numpy(records["move"].astype(np.int64))
            numbers = records["number"].astype(np.int64)
            for name, logits in [
                ("network", model(x.contiguous(memory_format=torch.channels_last), shares, candidate)),
                ("model", shares.masked_fill(~candidate, -1e9)),
            ]:
                log_p = F.log_softmax(logits, dim=1)
                played = log_p.gather(1, moves.unsqueeze(1)).squeeze(1)
                best = logits.max(dim=1).values
                hits = (logits.gather(1, moves.unsqueeze(1)).squeeze(1) == best).float()
                ties = (logits == best.unsqueeze(1)).sum(dim=1).float()
                rows.append((name, numbers, (hits / ties).numpy(), played.numpy()))
    model.train()
    report = {}
    for name in ["network", "model"]:
        numbers = np.concatenate([r[1] for r in rows if r[0] == name])
        hits = np.concatenate([r[2] for r in rows if r[0] == name])
        played = np.concatenate([r[3] for r in rows if r[0] == name])
        for first, last in STAGES + [(1, 10**6)]:
            mask = (numbers >= first) & (numbers <= last)
            label = "all" if (first, last) == (1, 10**6) else f"{first}-{last if last < 10**6 else ''}"
            report[(name, label)] = (int(mask.sum()), 100 * hits[mask].mean(), played[mask].mean())
    return report


def print_report(report):
    for (name, label), (n, top, likelihood) in report.items():
        print(f"  {name:8} moves {label:>7}: {n:>6} moves, top-1 {top:.1f}%, log-likelihood {likelihood:.3f}")


def train(folder, steps, seed, rate):
    meta, data = load(folder, "train.bin")
    _, validation = load(folder, "validation.bin")
    model = Network(meta["planes"]).to(memory_format=torch.channels_last)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    step, path = 0, os.path.join(folder, "checkpoint.pt")
    if os.path.exists(path):
        saved = torch.load(path)
        model.load_state_dict(saved["model"])
        optimizer.load_state_dict(saved["optimizer"])
        step = saved["step"]
        print(f"resuming at step {step}", flush=True)
    for group in optimizer.param_groups:
        group["lr"] = rate
    turns = symmetries(meta["size"])
    losses = []
    while step < steps:
        # Each step's draw depends on the seed and the step alone, so a resumed run draws
        # what an unbroken one would have.
        rng = np.random.default_rng([seed, step])
        indices = rng.integers(0, len(data), BATCH)
        x, shares, candidate, moves = batch(meta, data, indices, turns[step % 8])
        x = x.contiguous(memory_format=torch.channels_last)
        loss = F.cross_entropy(model(x, shares, candidate), moves)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
        step += 1
        if step % 500 == 0:
            print(f"step {step}: loss {np.mean(losses):.4f}", flush=True)
            losses = []
        if step % 2000 == 0 or step == steps:
            report = evaluate_on(model, meta, validation, limit=20000)
            top, likelihood = report[("network", "all")][1:]
            print(f"step {step}: validation top-1 {top:.2f}%, log-likelihood {likelihood:.4f}", flush=True)
            save(model, optimizer, step, path)


def save(model, optimizer, step, path):
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(), "step": step}, path + ".new")
    os.replace(path + ".new", path)


def restore(folder):
    meta = json.load(open(os.path.join(folder, "meta.json")))
    model = Network(meta["planes"])
    saved = torch.load(os.path.join(folder, "checkpoint.pt"))
    model.load_state_dict(saved["model"])
    return meta, model, saved["step"]


def export(folder, out):
    """Each tensor on a line of its own: its name, its shape, then its values."""
    meta, model, step = restore(folder)
    write_weights(out, f"tengen move network: {CHANNELS} channels, {BLOCKS} residual blocks, "
                  f"{meta['planes']} input planes; trained {step} steps of {BATCH} positions "
                  f"on {meta['train_positions']} positions of {meta['train_games']} games "
                  f"by examples/train_patterns/network.py", model.state_dict())

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["train", "evaluate", "export"])
    parser.add_argument("folder")
    parser.add_argument("out", nargs="?")
    parser.add_argument("--steps", type=int, default=30000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--rate", type=float, default=1e-3, help="Adam's learning rate")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    if args.mode == "train":
        torch.manual_seed(args.seed)
        train(args.folder, args.steps, args.seed, args.rate)
    elif args.mode == "evaluate":
        meta, model, step = restore(args.folder)
        _, test = load(args.folder, "test.bin")
        print(f"{args.folder}, step {step}: {len(test)} held-out positions")
        print_report(evaluate_on(model, meta, test))
    else:
        export(args.folder, args.out)


if __name__ == "__main__":
    main()
