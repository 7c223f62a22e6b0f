#!/usr/bin/env python3
"""The tile game (Tegelspel) speaking the harness's solver protocol, version 1.

Standard library only. Reads requests on standard input, one a line, and writes
one answer a line on standard output (flushed after each); see docs/solvers.md.
The rules, tie-breaks and counts are those of the harness's tegel spec: distinct
moves in bowl order (g before b), plain negamax without pruning, positions
visited counted once per call of the recursive search, the start included.

Usage: ./solver.py   (then e.g. `hello 1`, `load spel1.txt`, `best`, `quit`)
"""

import random
import re
import sys

COLOURS = "gb"  # colour number -> letter
MAX_BOWLS, MAX_BOWL_TILES, MAX_ROWS, MAX_ROW_LEN = 5, 5, 10, 6
INTEGER = re.compile(r"[+-]?[0-9]+\Z")
DECIMAL = re.compile(r"[0-9]{1,18}\Z")
MOVE = re.compile(r"([0-9]{1,7})([gb])\Z")


class LoadError(Exception):
    """A game file that is refused; the message names the file and the line."""


class Tokens:
    """The whitespace-separated tokens of a game file, with their line numbers."""

    def __init__(self, path, text):
        self.path = path
        self.items = [(i + 1, t) for i, line in enumerate(text.splitlines()) for t in line.split()]
        self.next = 0
        self.last_line = max(1, len(text.splitlines()))

    def fail(self, line, message):
        """Raise the refusal of the file at `line`."""
        raise LoadError(f"{self.path}, line {line}: {message}")

    def take(self, what):
        """The next token and its line; refuses the file when it has ended."""
        if self.next == len(self.items):
            self.fail(self.last_line, f"unexpected end of file: expected {what}")
        self.next += 1
        return self.items[self.next - 1]

    def integer(self, what, low, high):
        """The next token as an integer in low..high."""
        line, token = self.take(f"{what}, an integer in {low}..{high}")
        if not INTEGER.match(token):
            self.fail(line, f"expected {what}, an integer in {low}..{high}, found `{token[:40]}`")
        value = int(token)
        if not low <= value <= high:
            self.fail(line, f"{what} must be in {low}..{high}, found {value}")
        return value

    def pot(self):
        """The pot: a token of letters g and b, as colour numbers."""
        line, token = self.take("the pot (a string of letters g and b)")
        for i, ch in enumerate(token):
            if ch not in COLOURS:
                self.fail(line, f"the pot may only hold letters g and b, found `{ch}` at position {i + 1}")
        return [COLOURS.index(ch) for ch in token]

    def row(self, player, r, length):
        """A row `y b`: one colour at most, at most `length` tiles."""
        yellow = self.integer(f"the yellow count of player {player}'s row {r}", 0, length)
        blue = self.integer(f"the blue count of player {player}'s row {r}", 0, length)
        line = self.items[self.next - 1][0]
        if yellow > 0 and blue > 0:
            self.fail(line, f"player {player}'s row {r} holds two colours")
        if yellow + blue > length:
            self.fail(line, f"player {player}'s row {r} holds more than L = {length} tiles")
        return [yellow, blue]

    def end(self):
        """Refuses the file when a token follows the player to move."""
        if self.next < len(self.items):
            line, token = self.items[self.next]
            self.fail(line, f"extra token `{token[:40]}` after the player to move")


class Game:
    """A loaded game: pot, bowls, both boards, the player to move, the moves done."""

    def __init__(self, path):
        try:
            with open(path, "rb") as f:
                data = f.read(1 << 20)
            text = data.decode("utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise LoadError(f"{path}: cannot read the game file ({e})")
        tokens = Tokens(path, text[1:] if text.startswith("\ufeff") else text)
        self.pot = tokens.pot()
        self.m = tokens.integer("M (number of bowls)", 1, MAX_BOWLS)
        self.n = tokens.integer("N (tiles per bowl)", 1, MAX_BOWL_TILES)
        self.k = tokens.integer("K (rows per board)", 1, MAX_ROWS)
        self.l = tokens.integer("L (cells per row)", 1, MAX_ROW_LEN)
        self.rows = [[tokens.row(p, r, self.l) for r in range(self.k)] for p in range(2)]
        self.to_move = tokens.integer("the player to move (0 or 1)", 0, 1)
        tokens.end()
        self.drawn = 0
        self.bowls = [[0, 0] for _ in range(self.m)]
        for bowl in range(self.m):
            self.refill(bowl)
        self.history = []

    def refill(self, bowl):
        """Fill `bowl` from the front of the pot up to N tiles; the tiles moved."""
        tiles = self.bowls[bowl]
        moved = 0
        while tiles[0] + tiles[1] < self.n and self.drawn < len(self.pot):
            tiles[self.pot[self.drawn]] += 1
            self.drawn += 1
            moved += 1
        return moved

    def target_row(self, colour, count):
        """The row of the player to move that takes `count` tiles of `colour`
        (the fullest that fits, the lowest on a tie), or -1."""
        best, best_fill = -1, -1
        for r, row in enumerate(self.rows[self.to_move]):
            fill = row[0] + row[1]
            if (fill == 0 or row[colour] > 0) and fill + count <= self.l and fill > best_fill:
                best, best_fill = r, fill
        return best

    def full_rows(self, player):
        """The number of full rows of `player`."""
        return sum(1 for row in self.rows[player] if row[0] + row[1] == self.l)

    def someone_all_full(self):
        """Whether a player has all her rows full."""
        return self.full_rows(0) == self.k or self.full_rows(1) == self.k

    def moves(self):
        """The distinct moves (bowl, colour number), bowl ascending, g before b."""
        result = []
        seen = [set(), set()]
        for bowl, tiles in enumerate(self.bowls):
            for colour in (0, 1):
                count = tiles[colour]
                if count > 0 and count not in seen[colour]:
                    seen[colour].add(count)
                    if self.target_row(colour, count) >= 0:
                        result.append((bowl, colour))
        return result

    def is_end(self):
        """Whether the position is an end position."""
        return self.someone_all_full() or not self.moves()

    def score(self, player):
        """Full rows of `player` minus her opponent's."""
        return self.full_rows(player) - self.full_rows(1 - player)

    def do(self, bowl, colour):
        """Do a legal move (any legal move, not only a distinct one); False and no
        change when it is not legal or a player has all rows full."""
        if bowl >= self.m or self.someone_all_full():
            return False
        count = self.bowls[bowl][colour]
        row = self.target_row(colour, count) if count > 0 else -1
        if row < 0:
            return False
        self.rows[self.to_move][row][colour] += count
        self.bowls[bowl][colour] = 0
        self.history.append((bowl, colour, count, row, self.refill(bowl)))
        self.to_move = 1 - self.to_move
        return True

    def undo(self):
        """Undo the last move done; False when there is none."""
        if not self.history:
            return False
        bowl, colour, count, row, moved = self.history.pop()
        self.to_move = 1 - self.to_move
        for _ in range(moved):
            self.drawn -= 1
            self.bowls[bowl][self.pot[self.drawn]] -= 1
        self.bowls[bowl][colour] += count
        self.rows[self.to_move][row][colour] -= count
        return True

    def negamax(self, counter):
        """Score for the player to move and the first best move (None at an end);
        counter[0] is raised by one per call."""
        counter[0] += 1
        moves = [] if self.someone_all_full() else self.moves()
        if not moves:
            return self.score(self.to_move), None
        best, best_move = None, None
        for bowl, colour in moves:
            self.do(bowl, colour)
            value = -self.negamax(counter)[0]
            self.undo()
            if best is None or value > best:
                best, best_move = value, (bowl, colour)
        return best, best_move

    def playout(self, player, rng):
        """Random distinct moves to an end position, undone afterwards; the final
        score of `player`."""
        done = 0
        moves = [] if self.someone_all_full() else self.moves()
        while moves:
            self.do(*moves[rng.randrange(len(moves))])
            done += 1
            moves = [] if self.someone_all_full() else self.moves()
        result = self.score(player)
        for _ in range(done):
            self.undo()
        return result

    def good_move(self, sims, seed):
        """The Monte Carlo good move (None at an end position)."""
        rng = random.Random(seed)
        player = self.to_move
        best, best_move = None, None
        for bowl, colour in ([] if self.someone_all_full() else self.moves()):
            self.do(bowl, colour)
            total = sum(self.playout(player, rng) for _ in range(sims))
            self.undo()
            if best is None or total > best:
                best, best_move = total, (bowl, colour)
        return best_move


def move_text(move):
    """A move as `0g`, or `-` for none."""
    return "-" if move is None else f"{move[0]}{COLOURS[move[1]]}"


def answer_game(game, words):
    """The answer to a request about a loaded game."""
    request, args = words[0], words[1:]
    if request == "do":
        match = MOVE.match(args[0]) if len(args) == 1 else None
        if not match:
            return "error usage: do MOVE (a bowl number and g or b, e.g. 0g)"
        return "ok true" if game.do(int(match.group(1)), COLOURS.index(match.group(2))) else "ok false"
    if request == "good":
        if len(args) != 2 or not all(DECIMAL.match(a) for a in args) or int(args[0]) < 1:
            return "error usage: good SIMS SEED (SIMS >= 1)"
        return "ok " + move_text(game.good_move(int(args[0]), int(args[1])))
    if args:
        return f"error {request} takes no arguments"
    if request == "moves":
        return " ".join(["ok"] + [move_text(m) for m in game.moves()])
    if request == "undo":
        return "ok true" if game.undo() else "ok false"
    if request == "end":
        return "ok true" if game.is_end() else "ok false"
    counter = [0]
    score, move = game.negamax(counter)
    return f"ok {score} {move_text(move)} {counter[0]}"


def answer(state, line):
    """The answer to one request line after the handshake; state['game'] is the
    loaded game (None before a load succeeds)."""
    if line.startswith("load ") and len(line) > 5:
        try:
            state["game"] = Game(line[5:])
        except LoadError as e:
            return f"error {e}".replace("\n", " ")
        return "ok"
    words = line.split(" ")
    if "" in words:
        return "error malformed request"
    if words[0] not in ("moves", "do", "undo", "end", "best", "good"):
        return "error usage: load PATH" if words[0] == "load" else "error unknown request"
    if state["game"] is None:
        return "error no game loaded"
    return answer_game(state["game"], words)


def main():
    """The handshake, then one answer per request until `quit` or end of input."""
    sys.setrecursionlimit(10000)
    state = {"game": None}
    greeted = False
    for raw in sys.stdin:
        line = raw[:-1] if raw.endswith("\n") else raw
        line = line[:-1] if line.endswith("\r") else line
        if line == "quit":
            break
        if not greeted:
            words = line.split(" ")
            greeted = len(words) == 2 and words[0] == "hello" and bool(DECIMAL.match(words[1]))
            reply = "hello 1 tegel python example" if greeted else "error expected hello 1"
        else:
            reply = answer(state, line)
        print(reply, flush=True)


if __name__ == "__main__":
    main()
