#!/usr/bin/env python3
"""Where did tengen's lost games turn? Replays each lost game of a match folder through a
tengen analysis and prints, for every game, tengen's win rate before each of its own moves and
the moves after which that win rate fell the most, with the board, so that the mistakes can be
looked at and classified.

    gtp-scripts/bench/loss-analysis.py MATCH_FOLDER [--games N] [--playouts P] [--engine CMD]
                                                    [--judge tengen|pachi]

The match folder is one written by `tengen match` (results.dat and games/*.sgf) in which one
entrant is named tengen. The default judge is target/release/tengen with 10,000 playouts on one
thread and a fixed seed. With `--judge pachi` the win rates are Pachi's (built as peers.md
says; PACHI names the binary), searching P playouts a position afresh: a stronger judge than
tengen itself sees the mistakes tengen's own search is blind to. The boards are drawn by tengen
either way.
"""
import argparse
import pathlib
import re
import sys

from benchlib import Gtp, PachiJudge, TengenJudge, lost_games, moves_of


def analyse(judge, viewer, path, colour, result, worst):
    """Prints the win rates `judge` gives tengen's moves in one lost game and draws, with the
    tengen process `viewer`, the boards after the worst of them."""
    moves = moves_of(path.read_text())
    rates = []
    for number in range(1, len(moves) + 2):
        to_move = "b" if number % 2 == 1 else "w"
        rates.append(judge.black_winrate(path, moves, number, to_move)
                     if number <= len(moves) else None)
    own = [r if colour == "b" else (None if r is None else 1 - r) for r in rates]
    drops = []
    for i, (c, _) in enumerate(moves):
        if c.lower() == colour and i + 2 < len(own) and own[i] is not None and own[i + 2] is not None:
            drops.append((own[i] - own[i + 2], i + 1))
    print(f"## {path.name}: tengen {colour.upper()}, {result}, {len(moves)} moves")
    print("tengen's win rate before its moves: " + " ".join(
        f"{n}:{100 * own[n - 1]:.0f}" for n in range(1, len(moves) + 1)
        if moves[n - 1][0].lower() == colour and own[n - 1] is not None))
    for drop, number in sorted(drops, reverse=True)[:worst]:
        viewer.ask(f"loadsgf {path} {number + 1}")
        board = "\n".join(viewer.ask("showboard"))
        mv = moves[number - 1][1]
        print(f"move {number} ({mv}): -{100 * drop:.0f} points of win rate over the reply\n{board}\n")
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=pathlib.Path)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--worst", type=int, default=2)
    parser.add_argument("--playouts", type=int, default=10000)
    parser.add_argument("--engine", default="target/release/tengen")
    parser.add_argument("--judge", choices=["tengen", "pachi"], default="tengen")
    args = parser.parse_args()
    viewer = Gtp(f"{args.engine} --playouts {args.playouts} --threads 1 --seed 1 --never-resign")
    judge = TengenJudge(viewer)
    if args.judge == "pachi":
        size = int(re.search(r"SZ\[(\d+)\]", next(args.folder.glob("games/*.sgf")).read_text())[1])
        judge = PachiJudge(args.playouts, size)
    for path, colour, result in list(lost_games(args.folder))[:args.games]:
        analyse(judge, viewer, path.resolve(), colour, result, args.worst)


if __name__ == "__main__":
    main()
