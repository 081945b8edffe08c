#!/usr/bin/env python3
"""A move-choice screen: positions where tengen's move in a match lost much of its win rate by
Pachi's judgement, and how much an engine's choice there loses by the same judgement.

    gtp-scripts/bench/move-choice.py build SUITE MATCH_FOLDER... [--games 20] [--skip 0] [--first 10]
                                     [--last 40] [--drop 0.1] [--playouts 20000]
    gtp-scripts/bench/move-choice.py score SUITE 'ENGINE COMMAND' [--seeds 1,2,3]

`build` takes tengen's lost games of each folder (`tengen match` folders, as pachi.sh writes
them) and, for each of tengen's moves from move FIRST to LAST, asks Pachi (built as peers.md
says; PACHI names the binary) for the mover's win rate before the move and after it. A move
that loses DROP or more is a mistake, and its position goes into SUITE, one a line:

    SIZE KOMI TO_MOVE BEST_RATE MOVE_PLAYED MOVE...

with the win rates the mover's and the moves as GTP vertices from the empty board. `score`
asks the engine (`--never-resign --seed S` added for each seed S of SEEDS) for its move in
each position and prints the mean loss of its choices, by the win rate Pachi gives the
position after them, against BEST_RATE. A search of a few thousand playouts a move chooses in
the positions that decided matches; Pachi judges with many more.

Kept for its mistakes, a position favours any engine that plays otherwise than the one that
played the match: that engine repeats its mistake about half the time, another engine makes
its own mistakes in positions the suite does not hold. To compare engines that differ from
the match's, build with `--drop -1`, which keeps every position.

Every judged move is kept in SUITE.judged (size, komi, move, mover's rate, moves; Pachi's own
choice as the move "best"), so each is searched once however many engines are scored or
however often the suite is built on.
"""
import argparse
import pathlib
import re

from benchlib import Gtp, PachiJudge, lost_games, moves_of, set_up, vertex


class Judged:
    """The mover's win rate after a move, by Pachi, kept in a file beside the suite."""

    def __init__(self, path, playouts):
        self.path, self.playouts, self.judges, self.rates = path, playouts, {}, {}
        if path.exists():
            for line in path.read_text().splitlines():
                size, komi, move, rate, *moves = line.split()
                self.rates[size, komi, tuple(moves), move] = float(rate)

    def before(self, size, komi, moves, to_move):
        """The mover's win rate with Pachi's own choice (kept as the move "best")."""
        return self.kept(size, komi, moves, "best",
                         lambda: self.judge(size, komi).mover_rate(moves, to_move))

    def after(self, size, komi, moves, to_move, move):
        """The mover's win rate once `move` is played: one minus the opponent's."""
        other = "w" if to_move == "b" else "b"

        def search():
            rate = self.judge(size, komi).mover_rate(moves + [move], other)
            return None if rate is None else 1.0 - rate
        return self.kept(size, komi, moves, move, search)

    def kept(self, size, komi, moves, move, search):
        """A rate from the file, or else from `search` (None when Pachi's move had no search
        behind it), then kept."""
        key = (size, komi, tuple(moves), move)
        if key not in self.rates:
            rate = search()
            if rate is None:
                return None
            self.rates[key] = rate
            with self.path.open("a") as out:
                out.write(f"{size} {komi} {move} {rate:.4f} {' '.join(moves)}\n")
        return self.rates[key]

    def judge(self, size, komi):
        if (size, komi) not in self.judges:
            self.judges[size, komi] = PachiJudge(self.playouts, size, komi)
        return self.judges[size, komi]


def build(args):
    judged = Judged(pathlib.Path(f"{args.suite}.judged"), args.playouts)
    suite_path = pathlib.Path(args.suite)
    lines = suite_path.read_text().splitlines() if suite_path.exists() else []
    held = {(f[2], tuple(f[5:])) for f in map(str.split, lines)}
    kept = 0
    with suite_path.open("a") as suite:
        for folder in args.folders:
            lost = list(lost_games(folder))[args.skip:args.skip + args.games]
            for path, colour, _ in lost:
                text = path.read_text()
                size = re.search(r"SZ\[(\d+)\]", text).group(1)
                komi = re.search(r"KM\[([-0-9.]+)\]", text).group(1)
                record = [vertex(p, int(size)) for _, p in moves_of(text)]
                for number in range(args.first, min(args.last, len(record)) + 1):
                    if "bw"[(number - 1) % 2] != colour:
                        continue
                    moves, played = record[:number - 1], record[number - 1]
                    if (colour, tuple(moves)) in held:
                        continue
                    best = judged.before(size, komi, moves, colour)
                    after = judged.after(size, komi, moves, colour, played)
                    if best is None or after is None or best - after < args.drop:
                        continue
                    suite.write(f"{size} {komi} {colour} {best:.4f} {played} {' '.join(moves)}\n")
                    suite.flush()
                    kept += 1
    print(f"{kept} positions kept")


def score(args):
    judged = Judged(pathlib.Path(f"{args.suite}.judged"), args.playouts)
    positions = [line.split() for line in pathlib.Path(args.suite).read_text().splitlines()]
    losses, repeats = [], 0
    for seed in args.seeds.split(","):
        engine = Gtp(f"{args.engine} --never-resign --seed {seed}")
        for size, komi, to_move, best, played, *moves in positions:
            set_up(engine, size, komi, moves)
            move = engine.ask(f"genmove {to_move}")[0].upper()
            rate = judged.after(size, komi, moves, to_move, move)
            if rate is not None:
                losses.append(float(best) - rate)
            repeats += move == played.upper()
        engine.ask("quit")
    mean = sum(losses) / len(losses)
    spread = (sum((x - mean) ** 2 for x in losses) / (len(losses) - 1)) ** 0.5
    print(f"{args.engine}: {len(losses)} choices, mean loss {mean:.4f} "
          f"(standard error {spread / len(losses) ** 0.5:.4f}), the match's mistake repeated "
          f"{repeats} times")


def main():
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command", required=True)
    making = commands.add_parser("build")
    making.add_argument("suite")
    making.add_argument("folders", type=pathlib.Path, nargs="+")
    making.add_argument("--games", type=int, default=20)
    making.add_argument("--skip", type=int, default=0, help="lost games passed over first")
    making.add_argument("--first", type=int, default=10)
    making.add_argument("--last", type=int, default=40)
    making.add_argument("--drop", type=float, default=0.1)
    scoring = commands.add_parser("score")
    scoring.add_argument("suite")
    scoring.add_argument("engine")
    scoring.add_argument("--seeds", default="1,2,3")
    for sub in (making, scoring):
        sub.add_argument("--playouts", type=int, default=20000)
    args = parser.parse_args()
    build(args) if args.command == "build" else score(args)


if __name__ == "__main__":
    main()
