"""What the bench scripts share: one GTP client, one reader of a match folder's results.dat
and its games, the SGF and vertex helpers, and the two judges of a position (tengen's own
search, or Pachi's built as peers.md says). The scripts beside this file import it by name;
Python puts a script's own folder on its path.
"""
import os
import pathlib
import re
import subprocess
import tarfile
from dataclasses import dataclass

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class Gtp:
    """A GTP engine on pipes. `ask` sends a command and gives the answer's lines, the first
    without its `=`; a `?` answer raises."""

    def __init__(self, command, stderr=subprocess.DEVNULL, env=None):
        shell = isinstance(command, str)
        self.process = subprocess.Popen(command, shell=shell, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=stderr, text=True,
                                        env=env)

    def ask(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            reply = self.process.stdout.readline()
            if reply == "":
                raise RuntimeError(f"the engine ended on {line}")
            if reply.strip() == "" and lines:
                break
            if reply.strip():
                lines.append(reply.rstrip("\n"))
        if not lines[0].startswith("="):
            raise RuntimeError(f"{line}: {lines}")
        lines[0] = lines[0][1:].strip()
        return lines

    def text(self, line):
        """The answer as one line."""
        return " ".join(part.strip() for part in self.ask(line)).strip()

    def close(self):
        self.process.stdin.write("quit\n")
        self.process.stdin.close()
        self.process.wait()


@dataclass
class Game:
    """One line of a results.dat, as `tengen match` writes it."""
    black: str
    white: str
    result: str
    sgf: str
    rulings: str

    @property
    def winner(self):
        """The winner's name, None for a draw or no result."""
        if self.result.startswith("B+"):
            return self.black
        if self.result.startswith("W+"):
            return self.white
        return None

    @property
    def crash(self):
        """A forfeit because the loser's program crashed: no game, which the referee's own
        score leaves out too."""
        return "+Forfeit" in self.result and ("crashed" in self.rulings
                                              or "closed its output" in self.rulings)

    def colour_of(self, name):
        return "b" if self.black == name else "w" if self.white == name else None


def results(folder):
    """The decided games of a match folder, crashes left out."""
    for line in (pathlib.Path(folder) / "results.dat").read_text().splitlines():
        fields = line.split("\t")
        if line.startswith("#") or len(fields) < 15:
            continue
        game = Game(fields[2], fields[3], fields[4], fields[13], fields[14])
        if game.winner and not game.crash:
            yield game


def records(folder):
    """(Game, SGF text) of every decided game, from games/ or from the games.tar.xz kept with
    the records."""
    folder = pathlib.Path(folder)
    games = {game.sgf: game for game in results(folder)}
    archive = folder / "games.tar.xz"
    if archive.exists():
        with tarfile.open(archive) as tar:
            for member in tar.getmembers():
                if member.name in games:
                    yield games[member.name], tar.extractfile(member).read().decode()
        return
    for name, game in games.items():
        if (folder / name).exists():
            yield game, (folder / name).read_text()


def lost_games(folder, name="tengen"):
    """(SGF path, the loser's colour, result) of every game `name` lost in a match folder."""
    folder = pathlib.Path(folder)
    for game in results(folder):
        colour = game.colour_of(name)
        if colour and game.winner != name:
            yield folder / game.sgf, colour, game.result


def moves_of(sgf_text):
    """The record's moves as (colour letter, SGF point)."""
    return re.findall(r";([BW])\[([a-z]{0,2})\]", sgf_text)


def size_and_komi(sgf_text):
    size = int(re.search(r"SZ\[(\d+)\]", sgf_text).group(1))
    komi = float(re.search(r"KM\[([-0-9.]+)\]", sgf_text).group(1))
    return size, komi


def vertex(point, size):
    """A GTP vertex from an SGF point ("" is a pass)."""
    if not point:
        return "pass"
    return f"{COLUMNS[ord(point[0]) - ord('a')]}{size - (ord(point[1]) - ord('a'))}"


def set_up(gtp, size, komi, vertices):
    """A fresh board of `size` with `komi`, and the moves (GTP vertices, Black first) played."""
    gtp.ask(f"boardsize {size}")
    gtp.ask("clear_board")
    gtp.ask(f"komi {komi}")
    colour = "b"
    for move in vertices:
        gtp.ask(f"play {colour} {move}")
        colour = "w" if colour == "b" else "b"


def pachi(arguments, stderr=subprocess.DEVNULL):
    """Pachi without its network (PACHI names the binary, PACHI_DATA its data folder)."""
    binary = pathlib.Path(os.environ.get("PACHI", "target/peers/pachi/pachi")).resolve()
    env = dict(os.environ, DATA_DIR=os.environ.get("PACHI_DATA", str(binary.parent)))
    return Gtp([str(binary), "--nodcnn", "--nojoseki", *arguments], stderr=stderr, env=env)


class PachiJudge:
    """Pachi as the judge: it reads no SGF, so each position is played out from the start."""

    def __init__(self, playouts, size, komi=7.5):
        self.gtp = pachi(["-r", "chinese", "-D", "-d", "0", "-t", f"={playouts}", "threads=1",
                          "reportfreq=0.005s", "resign_threshold=0"])
        self.size = size
        self.komi = komi

    def black_winrate(self, path, moves, number, to_move):
        """Black's win rate before move `number`: Pachi's for the move it chooses there."""
        vertices = [vertex(point, self.size) for _, point in moves[:number - 1]]
        rate = self.mover_rate(vertices, to_move)
        if rate is None:
            return None
        return rate if to_move == "b" else 1.0 - rate

    def mover_rate(self, vertices, to_move):
        """The mover's win rate in the position after `vertices` (Black first), None when no
        search stood behind Pachi's move there (a pass, a book move)."""
        set_up(self.gtp, self.size, self.komi, vertices)
        self.gtp.ask(f"genmove {to_move}")
        try:
            # "colour move playouts winrate extra-komi", the win rate of the side that moved.
            return float(self.gtp.ask("pachi-result")[0].split()[3])
        except RuntimeError:
            return None


class TengenJudge:
    """Tengen as the judge, reading each position from the record."""

    def __init__(self, gtp):
        self.gtp = gtp

    def black_winrate(self, path, moves, number, to_move):
        """Black's win rate in the position before move `number` (1-based)."""
        self.gtp.ask(f"loadsgf {path} {number}")
        return searched_black_rate(self.gtp, to_move)


def searched_black_rate(gtp, to_move):
    """Black's win rate from tengen's search (`kata-genmove_analyze`) for `to_move`."""
    info = [l for l in gtp.ask(f"kata-genmove_analyze {to_move} 0") if l.startswith("info")]
    if not info:
        return None
    rate = float(re.search(r"winrate ([0-9.]+)", info[-1]).group(1))
    return rate if to_move == "b" else 1.0 - rate
