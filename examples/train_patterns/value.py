"""Trains tengen's value network on the positions that
`cargo run --release --example train_patterns -- value-positions LABELS FOLDER` exports
(see `value.rs`): from a 19x19 position, the mover's chance of winning, the final owner of
each point and the final score.

    python3 examples/train_patterns/value.py train FOLDER --steps N [--seed S] [--rate R]
        [--decay-from D]
    python3 examples/train_patterns/value.py evaluate FOLDER [--split test]
    python3 examples/train_patterns/value.py export FOLDER OUT

`train` runs to step N, resuming from FOLDER/value.pt (saved every 500 steps and at the end),
so a run can be stopped and continued, and the same command with the same seed rebuilds the
same network. It reports the loss on the validation positions (games apart from the held-out
test games) as it goes. `evaluate` gives how often the network names the winner of the
held-out games from moves 50, 100 and 150, and its ownership and score errors. `export`
writes the weights as the engine's weight files are written (`entries N`, then a tensor a
line). Needs torch and numpy.

The network: a 5x5 convolution from the input planes (the position's bit planes and the
mover's komi), residual 3x3 convolutions, each followed by a rectifier; a 1x1 convolution
gives each point's owner, and the board's mean channels go through a small hidden layer to
the win logit and the score.
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
BLOCKS = 6
HIDDEN = 32
BATCH = 128
SAVE_EVERY = 500
# The losses' weights: ownership is 361 targets a position, the winner one.
OWNERSHIP_WEIGHT = 1.5
SCORE_WEIGHT = 0.02
SCORE_SCALE = 20.0
KOMI_SCALE = 15.0


def record_type(meta):
    points = meta["size"] ** 2
    return np.dtype([
        ("number", "<u2"), ("komi", "i1"), ("won", "i1"), ("agrees", "u1"), ("score", "<i2"),
        ("bits", "<u2", points), ("owners", "i1", points),
    ])


def load(folder, split):
    meta = json.load(open(os.path.join(folder, "meta.json")))
    path = os.path.join(folder, f"{split}.bin")
    return meta, np.memmap(path, dtype=record_type(meta), mode="r")


def symmetries(size):
    """The point permutations of the board's eight symmetries."""
    grid = np.arange(size * size).reshape(size, size)
    out = []
    for k in range(4):
        turned = np.rot90(grid, k)
        out += [turned.flatten(), turned.T.flatten()]
    return [torch.from_numpy(np.ascontiguousarray(p)) for p in out]


def tensors(meta, records, symmetry=None):
    """Inputs (batch, planes, size, size) and the targets: win (0/1), owners (-1..1), score,
    and whether the owners and score are to be trusted."""
    size, bit_planes = meta["size"], meta["bit_planes"]
    bits = torch.from_numpy(records["bits"].astype(np.int32))
    owners = torch.from_numpy(records["owners"].astype(np.float32)) / 10.0
    if symmetry is not None:
        bits, owners = bits[:, symmetry], owners[:, symmetry]
    planes = [((bits >> b) & 1).float() for b in range(bit_planes)]
    komi = torch.from_numpy(records["komi"].astype(np.float32)) / 2.0 / KOMI_SCALE
    planes.append(komi[:, None].expand(-1, size * size))
    x = torch.stack(planes, 1).reshape(len(records), bit_planes + 1, size, size)
    win = torch.from_numpy((records["won"] > 0).astype(np.float32))
    score = torch.from_numpy(records["score"].astype(np.float32)) / 10.0
    trusted = torch.from_numpy(records["agrees"].astype(np.float32))
    return x, win, owners, score, trusted


class Network(nn.Module):
    def __init__(self, planes):
        super().__init__()
        self.first = nn.Conv2d(planes, CHANNELS, 5, padding=2)
        self.blocks = nn.ModuleList(nn.Conv2d(CHANNELS, CHANNELS, 3, padding=1)
                                    for _ in range(BLOCKS))
        self.owners = nn.Conv2d(CHANNELS, 1, 1)
        self.hidden = nn.Linear(CHANNELS, HIDDEN)
        self.value = nn.Linear(HIDDEN, 2)

    def forward(self, x):
        h = F.relu(self.first(x))
        for block in self.blocks:
            h = F.relu(h + block(h))
        owners = torch.tanh(self.owners(h)).flatten(1)
        pooled = F.relu(self.hidden(h.mean((2, 3))))
        win_logit, score = self.value(pooled).unbind(1)
        return win_logit, owners, score * SCORE_SCALE


def losses(model, batch):
    x, win, owners, score, trusted = batch
    win_logit, owners_out, score_out = model(x)
    win_loss = F.binary_cross_entropy_with_logits(win_logit, win)
    owner_loss = (((owners_out - owners) ** 2).mean(1) * trusted).mean()
    score_loss = (F.huber_loss(score_out / 10, score / 10, reduction="none") * trusted).mean()
    total = win_loss + OWNERSHIP_WEIGHT * owner_loss + SCORE_WEIGHT * score_loss
    return total, win_loss, owner_loss, score_loss


def restore(folder, meta, rate):
    model = Network(meta["bit_planes"] + 1)
    optimizer = torch.optim.Adam(model.parameters(), lr=rate)
    step = 0
    path = os.path.join(folder, "value.pt")
    if os.path.exists(path):
        saved = torch.load(path)
        model.load_state_dict(saved["model"])
        optimizer.load_state_dict(saved["optimizer"])
        step = saved["step"]
    return model, optimizer, step


def save(folder, model, optimizer, step, args):
    path = os.path.join(folder, "value.pt")
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(),
                "step": step, "command": vars(args)}, path + ".new")
    os.replace(path + ".new", path)


def validation_loss(model, meta, data, count=4096):
    model.eval()
    with torch.no_grad():
        sums = np.zeros(4)
        for start in range(0, min(count, len(data)), 512):
            batch = tensors(meta, data[start:start + 512])
            sums += np.array([v.item() for v in losses(model, batch)]) * len(batch[0])
    model.train()
    return sums / min(count, len(data))


def rate_at(args, step):
    """Adam's learning rate at a step: the rate, and with --decay-from N from step N on a
    straight fall to a tenth of it at the last step, where the constant rate has stopped
    lowering the validation loss."""
    if args.decay_from is None or step < args.decay_from:
        return args.rate
    done = (step - args.decay_from) / max(1, args.steps - args.decay_from)
    return args.rate * (1 - 0.9 * done)


def train(args):
    meta, data = load(args.folder, "train")
    _, validation = load(args.folder, "validation")
    model, optimizer, step = restore(args.folder, meta, args.rate)
    turns = symmetries(meta["size"])
    while step < args.steps:
        # Each step's draw depends on the seed and the step alone, so a resumed run draws
        # what an unbroken one would have.
        rng = np.random.default_rng([args.seed, step])
        picked = np.sort(rng.choice(len(data), BATCH, replace=False))
        batch = tensors(meta, data[picked], turns[int(rng.integers(8))])
        total, *_ = losses(model, batch)
        for group in optimizer.param_groups:
            group["lr"] = rate_at(args, step)
        optimizer.zero_grad()
        total.backward()
        optimizer.step()
        step += 1
        if step % SAVE_EVERY == 0 or step == args.steps:
            save(args.folder, model, optimizer, step, args)
            t, w, o, s = validation_loss(model, meta, validation)
            print(f"step {step}: validation loss {t:.4f} (winner {w:.4f}, owners {o:.4f}, "
                  f"score {s:.4f})", flush=True)


def evaluate(args):
    meta, data = load(args.folder, args.split)
    model, _, step = restore(args.folder, meta, 1e-3)
    model.eval()
    numbers = data["number"].astype(np.int64)
    print(f"{args.folder}, step {step}: {len(data)} {args.split} positions")
    with torch.no_grad():
        for low, high in [(40, 60), (90, 110), (140, 160), (1, 10**6)]:
            chosen = np.nonzero((numbers >= low) & (numbers < high))[0]
            if len(chosen) == 0:
                continue
            x, win, owners, score, trusted = tensors(meta, data[chosen])
            win_logit, owners_out, score_out = model(x)
            right = ((win_logit > 0).float() == win).float().mean().item()
            owner_error = (owners_out - owners).abs().mean(1)[trusted > 0].mean().item()
            score_error = (score_out - score).abs()[trusted > 0].mean().item()
            span = f"moves {low}-{high - 1}" if high < 10**6 else "all moves"
            print(f"{span}: winner right {100 * right:.1f}% of {len(chosen)}, owner error "
                  f"{owner_error:.3f}, score error {score_error:.1f} points")


def export(args):
    meta = json.load(open(os.path.join(args.folder, "meta.json")))
    model, _, step = restore(args.folder, meta, 1e-3)
    write_weights(args.out, f"tengen value network: {CHANNELS} channels, {BLOCKS} residual "
                  f"blocks, {meta['bit_planes'] + 1} input planes; trained {step} steps of "
                  f"{BATCH} positions by examples/train_patterns/value.py on {meta['train']} "
                  f"positions of the games labelled in {meta['labels']}", model.state_dict())

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["train", "evaluate", "export"])
    parser.add_argument("folder")
    parser.add_argument("out", nargs="?")
    parser.add_argument("--steps", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=1e-3, help="Adam's learning rate")
    parser.add_argument("--decay-from", type=int, default=None,
                        help="the step from which the rate falls to a tenth at the last step")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--split", default="test")
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    {"train": train, "evaluate": evaluate, "export": export}[args.mode](args)


if __name__ == "__main__":
    main()
