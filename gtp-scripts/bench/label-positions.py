#!/usr/bin/env python3
"""Positions of match games labelled with a deep search's win rate, for the playout-balance
screen (`examples/playout_balance.rs` reads the file this writes).

    gtp-scripts/bench/label-positions.py OUT GAMES_FOLDER... [--first 12] [--every 5]
                                         [--last 60] [--games 40] [--playouts 20000]

A game's winner is a weak label for a position thirty moves before its end; a search of many
times the playouts a move gets in a match is a better one. Pachi is the judge (built as
peers.md says; PACHI names the binary), so that the label does not share tengen's playouts,
whose bias is what the screen measures. Each line of OUT is

    SIZE KOMI TO_MOVE BLACK_RATE MOVE...

with the moves as GTP vertices from the empty board. Rerunning appends to OUT and skips the
positions it already holds. Pachi searches each position with the record's komi.
"""
import argparse
import pathlib
import re

from benchlib import PachiJudge, moves_of, size_and_komi, vertex


def positions(path, first, every, last):
    """(size, komi, moves before the position, side to move) of one record."""
    text = path.read_text()
    size, komi = size_and_komi(text)
    moves = moves_of(text)
    for number in range(first, min(last, len(moves)) + 1, every):
        colour = moves[number - 1][0].lower()
        yield size, komi, moves[:number - 1], colour


def unlabelled(folders, args, done):
    """(record, size, komi, moves, side to move, vertices) of every position not in `done`,
    whose keys are (side to move, vertices)."""
    for folder in folders:
        records = sorted((folder / "games").glob("g*.sgf"),
                         key=lambda p: int(re.sub(r"\D", "", p.stem)))[:args.games]
        for path in records:
            for size, komi, moves, colour in positions(path, args.first, args.every, args.last):
                vertices = tuple(vertex(point, size) for _, point in moves)
                if (colour, vertices) not in done:
                    yield path, size, komi, moves, colour, vertices


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("folders", type=pathlib.Path, nargs="+")
    parser.add_argument("--first", type=int, default=12)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--last", type=int, default=60)
    parser.add_argument("--games", type=int, default=40, help="records taken from each folder")
    parser.add_argument("--playouts", type=int, default=20000)
    args = parser.parse_args()
    done = set()
    if args.out.exists():
        for line in args.out.read_text().splitlines():
            fields = line.split()
            done.add((fields[2], tuple(fields[4:])))
    judges = {}
    with args.out.open("a") as out:
        for path, size, komi, moves, colour, vertices in unlabelled(args.folders, args, done):
            if (size, komi) not in judges:
                judges[size, komi] = PachiJudge(args.playouts, size, komi)
            rate = judges[size, komi].black_winrate(path, moves, len(moves) + 1, colour)
            if rate is None:
                continue
            out.write(f"{size} {komi} {colour} {rate:.4f} {' '.join(vertices)}\n")
            out.flush()
            done.add((colour, vertices))


if __name__ == "__main__":
    main()
