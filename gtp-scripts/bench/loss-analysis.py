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
import os
import pathlib
import re
import subprocess
import sys


class Gtp:
    def __init__(self, command):
        self.process = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        text=True)

    def ask(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            reply = self.process.stdout.readline()
            if reply == "":
                raise RuntimeError(f"the judge ended on {line}")
            if reply.strip() == "" and lines:
                break
            if reply.strip():
                lines.append(reply.rstrip("\n"))
        if not lines[0].startswith("="):
            raise RuntimeError(f"{line}: {lines}")
        lines[0] = lines[0][1:].strip()
        return lines


def lost_games(folder):
    """(game file, tengen's colour, result) of every game tengen lost."""
    for line in (folder / "results.dat").read_text().splitlines():
        if line.startswith("#"):
            continue
        fields = line.split("\t")
        black, white, result, sgf = fields[2], fields[3], fields[4], fields[13]
        colour = "b" if black == "tengen" else "w" if white == "tengen" else None
        if colour and result[:1].lower() != colour and result[:1] in "BW":
            yield folder / sgf, colour, result


def moves_of(sgf_text):
    return re.findall(r";([BW])\[([a-z]{0,2})\]", sgf_text)


def set_up(gtp, size, komi, vertices):
    """A fresh board of `size` with `komi`, and the moves (GTP vertices, Black first) played."""
    gtp.ask(f"boardsize {size}")
    gtp.ask("clear_board")
    gtp.ask(f"komi {komi}")
    colour = "b"
    for vertex in vertices:
        gtp.ask(f"play {colour} {vertex}")
        colour = "w" if colour == "b" else "b"


class PachiJudge:
    """Pachi as the judge: it reads no SGF, so each position is played out from the start."""

    def __init__(self, playouts, size, komi=7.5):
        binary = pathlib.Path(os.environ.get("PACHI", "target/peers/pachi/pachi")).resolve()
        os.environ.setdefault("DATA_DIR", str(binary.parent))
        self.gtp = Gtp(f"{binary} -r chinese --nodcnn --nojoseki -D -d 0 -t ={playouts} "
                       "threads=1 reportfreq=0.005s resign_threshold=0")
        self.size = size
        self.komi = komi

    def black_winrate(self, path, moves, number, to_move):
        """Black's win rate before move `number`: Pachi's for the move it chooses there."""
        self.gtp.ask(f"boardsize {self.size}")
        self.gtp.ask("clear_board")
        self.gtp.ask(f"komi {self.komi}")
        for colour, point in moves[:number - 1]:
            self.gtp.ask(f"play {colour.lower()} {vertex(point, self.size)}")
        rate = self.searched_rate(to_move)
        if rate is None:
            return None
        return rate if to_move == "b" else 1.0 - rate

    def mover_rate(self, vertices, to_move):
        """The mover's win rate in the position after `vertices` (Black first)."""
        set_up(self.gtp, self.size, self.komi, vertices)
        return self.searched_rate(to_move)

    def searched_rate(self, to_move):
        """The win rate of Pachi's move for `to_move` here, None when no search stood behind
        the move (a pass, a book move)."""
        self.gtp.ask(f"genmove {to_move}")
        try:
            # "colour move playouts winrate extra-komi", the win rate of the side that moved.
            return float(self.gtp.ask("pachi-result")[0].split()[3])
        except RuntimeError:
            return None


def vertex(point, size):
    """A GTP vertex from an SGF point ("" is a pass)."""
    if not point:
        return "pass"
    column = "ABCDEFGHJKLMNOPQRST"[ord(point[0]) - ord("a")]
    return f"{column}{size - (ord(point[1]) - ord('a'))}"


class TengenJudge:
    """Tengen as the judge, reading each position from the record."""

    def __init__(self, gtp):
        self.gtp = gtp

    def black_winrate(self, path, moves, number, to_move):
        """Black's win rate in the position before move `number` (1-based)."""
        self.gtp.ask(f"loadsgf {path} {number}")
        lines = self.gtp.ask(f"kata-genmove_analyze {to_move} 0")
        info = [l for l in lines if l.startswith("info")]
        if not info:
            return None
        found = re.search(r"winrate ([0-9.]+)", info[-1])
        rate = float(found.group(1))
        return rate if to_move == "b" else 1.0 - rate


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
