// The tile game (Tegelspel) speaking the harness's solver protocol, version 1.
//
// Java 17, one source file: run it with `java Solver.java`. Reads requests on
// standard input, one a line, and writes one answer a line on standard output,
// flushed after each (see docs/solvers.md). Rules, tie-breaks and counts are
// those of the harness's tegel spec: distinct moves in bowl order (g before b),
// plain negamax without pruning, positions visited counted once per call of the
// recursive search, the start included.

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class Solver {
    static final String COLOURS = "gb";
    static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]{1,18}");
    static final Pattern DECIMAL = Pattern.compile("[0-9]{1,18}");
    static final Pattern MOVE = Pattern.compile("([0-9]{1,7})([gb])");

    /** A game file that is refused; the message names the file and the line. */
    static class LoadError extends Exception {
        LoadError(String message) {
            super(message);
        }
    }

    /** The whitespace-separated tokens of a game file, with their line numbers. */
    static class Tokens {
        final String path;
        final List<String> tokens = new ArrayList<>();
        final List<Integer> lines = new ArrayList<>();
        int next = 0;
        int lastLine;

        Tokens(String path, String text) {
            this.path = path;
            String[] all = text.split("\r?\n", -1);
            for (int i = 0; i < all.length; i++) {
                for (String t : all[i].trim().split("\\s+")) {
                    if (!t.isEmpty()) {
                        tokens.add(t);
                        lines.add(i + 1);
                    }
                }
            }
            lastLine = Math.max(1, all.length);
        }

        LoadError fail(int line, String message) {
            return new LoadError(path + ", line " + line + ": " + message);
        }

        /** The next token; refuses the file when it has ended. */
        String take(String what) throws LoadError {
            if (next == tokens.size()) {
                throw fail(lastLine, "unexpected end of file: expected " + what);
            }
            return tokens.get(next++);
        }

        /** The next token as an integer in low..high. */
        int integer(String what, int low, int high) throws LoadError {
            String token = take(what + ", an integer in " + low + ".." + high);
            int line = lines.get(next - 1);
            if (!INTEGER.matcher(token).matches()) {
                throw fail(line, "expected " + what + ", an integer, found `" + token + "`");
            }
            long value = Long.parseLong(token);
            if (value < low || value > high) {
                throw fail(line, what + " must be in " + low + ".." + high + ", found " + value);
            }
            return (int) value;
        }

        /** The pot: a token of letters g and b, as colour numbers. */
        int[] pot() throws LoadError {
            String token = take("the pot (a string of letters g and b)");
            int[] pot = new int[token.length()];
            for (int i = 0; i < token.length(); i++) {
                pot[i] = COLOURS.indexOf(token.charAt(i));
                if (pot[i] < 0) {
                    throw fail(lines.get(next - 1), "the pot may only hold letters g and b, found `"
                            + token.charAt(i) + "` at position " + (i + 1));
                }
            }
            return pot;
        }

        /** A row `y b`: one colour at most, at most `length` tiles. */
        int[] row(int player, int r, int length) throws LoadError {
            int yellow = integer("the yellow count of player " + player + "'s row " + r, 0, length);
            int blue = integer("the blue count of player " + player + "'s row " + r, 0, length);
            if ((yellow > 0 && blue > 0) || yellow + blue > length) {
                throw fail(lines.get(next - 1), "player " + player + "'s row " + r
                        + " must hold one colour and at most L = " + length + " tiles");
            }
            return new int[] {yellow, blue};
        }

        /** Refuses the file when a token follows the player to move. */
        void end() throws LoadError {
            if (next < tokens.size()) {
                throw fail(lines.get(next), "extra token `" + tokens.get(next) + "` after the player to move");
            }
        }
    }

    /** A loaded game: pot, bowls, both boards, the player to move, the moves done. */
    static class Game {
        int[] pot;
        int drawn = 0;
        int m, n, k, l;
        int[][] bowls;
        int[][][] rows = new int[2][][];
        int toMove;
        final List<int[]> history = new ArrayList<>();

        Game(String path) throws LoadError {
            String text;
            try {
                text = new String(Files.readAllBytes(Path.of(path)), StandardCharsets.UTF_8);
            } catch (IOException | RuntimeException e) {
                throw new LoadError(path + ": cannot read the game file (" + e.getMessage() + ")");
            }
            Tokens t = new Tokens(path, text.startsWith("\ufeff") ? text.substring(1) : text);
            pot = t.pot();
            m = t.integer("M (number of bowls)", 1, 5);
            n = t.integer("N (tiles per bowl)", 1, 5);
            k = t.integer("K (rows per board)", 1, 10);
            l = t.integer("L (cells per row)", 1, 6);
            for (int p = 0; p < 2; p++) {
                rows[p] = new int[k][];
                for (int r = 0; r < k; r++) {
                    rows[p][r] = t.row(p, r, l);
                }
            }
            toMove = t.integer("the player to move (0 or 1)", 0, 1);
            t.end();
            bowls = new int[m][2];
            for (int b = 0; b < m; b++) {
                refill(b);
            }
        }

        /** Fill `bowl` from the front of the pot up to N tiles; the tiles moved. */
        int refill(int bowl) {
            int moved = 0;
            while (bowls[bowl][0] + bowls[bowl][1] < n && drawn < pot.length) {
                bowls[bowl][pot[drawn++]]++;
                moved++;
            }
            return moved;
        }

        /** The row taking `count` tiles of `colour` for the player to move (fullest, lowest on a tie), or -1. */
        int targetRow(int colour, int count) {
            int best = -1, bestFill = -1;
            for (int r = 0; r < k; r++) {
                int[] row = rows[toMove][r];
                int fill = row[0] + row[1];
                if ((fill == 0 || row[colour] > 0) && fill + count <= l && fill > bestFill) {
                    best = r;
                    bestFill = fill;
                }
            }
            return best;
        }

        int fullRows(int player) {
            int full = 0;
            for (int[] row : rows[player]) {
                if (row[0] + row[1] == l) {
                    full++;
                }
            }
            return full;
        }

        boolean someoneAllFull() {
            return fullRows(0) == k || fullRows(1) == k;
        }

        /** The distinct moves {bowl, colour}, bowl ascending, g before b. */
        List<int[]> moves() {
            List<int[]> result = new ArrayList<>();
            for (int b = 0; b < m; b++) {
                for (int c = 0; c < 2; c++) {
                    int count = bowls[b][c];
                    boolean earlier = false;
                    for (int e = 0; e < b; e++) {
                        earlier |= bowls[e][c] == count;
                    }
                    if (count > 0 && !earlier && targetRow(c, count) >= 0) {
                        result.add(new int[] {b, c});
                    }
                }
            }
            return result;
        }

        List<int[]> movesUnlessOver() {
            return someoneAllFull() ? new ArrayList<>() : moves();
        }

        int score(int player) {
            return fullRows(player) - fullRows(1 - player);
        }

        /** Do a legal move; false and no change when illegal or a player has all rows full. */
        boolean doMove(int bowl, int colour) {
            if (bowl >= m || someoneAllFull()) {
                return false;
            }
            int count = bowls[bowl][colour];
            int row = count > 0 ? targetRow(colour, count) : -1;
            if (row < 0) {
                return false;
            }
            rows[toMove][row][colour] += count;
            bowls[bowl][colour] = 0;
            history.add(new int[] {bowl, colour, count, row, refill(bowl)});
            toMove = 1 - toMove;
            return true;
        }

        boolean undo() {
            if (history.isEmpty()) {
                return false;
            }
            int[] h = history.remove(history.size() - 1);
            toMove = 1 - toMove;
            for (int i = 0; i < h[4]; i++) {
                bowls[h[0]][pot[--drawn]]--;
            }
            bowls[h[0]][h[1]] += h[2];
            rows[toMove][h[3]][h[1]] -= h[2];
            return true;
        }

        /** Negamax: the score for the player to move; best[0] gets the first best move; count[0] +1 per call. */
        int negamax(long[] count, int[][] best) {
            count[0]++;
            List<int[]> moves = movesUnlessOver();
            if (moves.isEmpty()) {
                return score(toMove);
            }
            int bestValue = Integer.MIN_VALUE;
            int[][] ignored = new int[1][];
            for (int[] mv : moves) {
                doMove(mv[0], mv[1]);
                int value = -negamax(count, ignored);
                undo();
                if (value > bestValue) {
                    bestValue = value;
                    best[0] = mv;
                }
            }
            return bestValue;
        }

        /** Random distinct moves to an end position, undone afterwards; the final score of `player`. */
        int playout(int player, Random rng) {
            int done = 0;
            for (List<int[]> moves = movesUnlessOver(); !moves.isEmpty(); moves = movesUnlessOver()) {
                int[] mv = moves.get(rng.nextInt(moves.size()));
                doMove(mv[0], mv[1]);
                done++;
            }
            int result = score(player);
            for (int i = 0; i < done; i++) {
                undo();
            }
            return result;
        }

        /** The Monte Carlo good move, or null at an end position. */
        int[] goodMove(long sims, long seed) {
            Random rng = new Random(seed);
            int player = toMove;
            long best = Long.MIN_VALUE;
            int[] bestMove = null;
            for (int[] mv : movesUnlessOver()) {
                doMove(mv[0], mv[1]);
                long total = 0;
                for (long s = 0; s < sims; s++) {
                    total += playout(player, rng);
                }
                undo();
                if (total > best) {
                    best = total;
                    bestMove = mv;
                }
            }
            return bestMove;
        }
    }

    static String moveText(int[] mv) {
        return mv == null ? "-" : mv[0] + "" + COLOURS.charAt(mv[1]);
    }

    static Game game = null;

    /** The answer to a request about a loaded game. */
    static String answerGame(String[] w) {
        if (w[0].equals("do")) {
            Matcher mt = w.length == 2 ? MOVE.matcher(w[1]) : null;
            if (mt == null || !mt.matches()) {
                return "error usage: do MOVE (a bowl number and g or b, e.g. 0g)";
            }
            return game.doMove(Integer.parseInt(mt.group(1)), COLOURS.indexOf(mt.group(2))) ? "ok true" : "ok false";
        }
        if (w[0].equals("good")) {
            if (w.length != 3 || !DECIMAL.matcher(w[1]).matches() || !DECIMAL.matcher(w[2]).matches()
                    || Long.parseLong(w[1]) < 1) {
                return "error usage: good SIMS SEED (SIMS >= 1)";
            }
            return "ok " + moveText(game.goodMove(Long.parseLong(w[1]), Long.parseLong(w[2])));
        }
        if (w.length != 1) {
            return "error " + w[0] + " takes no arguments";
        }
        switch (w[0]) {
            case "moves": {
                StringBuilder sb = new StringBuilder("ok");
                for (int[] mv : game.moves()) {
                    sb.append(' ').append(moveText(mv));
                }
                return sb.toString();
            }
            case "undo":
                return game.undo() ? "ok true" : "ok false";
            case "end":
                return game.movesUnlessOver().isEmpty() ? "ok true" : "ok false";
            default: {
                long[] count = {0};
                int[][] best = new int[1][];
                int score = game.negamax(count, best);
                return "ok " + score + " " + moveText(best[0]) + " " + count[0];
            }
        }
    }

    /** The answer to one request line after the handshake. */
    static String answer(String line) {
        if (line.startsWith("load ") && line.length() > 5) {
            try {
                game = new Game(line.substring(5));
            } catch (LoadError e) {
                return "error " + e.getMessage().replace('\n', ' ');
            }
            return "ok";
        }
        String[] w = line.split(" ", -1);
        for (String word : w) {
            if (word.isEmpty()) {
                return "error malformed request";
            }
        }
        if (!List.of("moves", "do", "undo", "end", "best", "good").contains(w[0])) {
            return w[0].equals("load") ? "error usage: load PATH" : "error unknown request";
        }
        if (game == null) {
            return "error no game loaded";
        }
        return answerGame(w);
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        boolean greeted = false;
        for (String line = in.readLine(); line != null && !line.equals("quit"); line = in.readLine()) {
            String reply;
            if (!greeted) {
                String[] w = line.split(" ", -1);
                greeted = w.length == 2 && w[0].equals("hello") && DECIMAL.matcher(w[1]).matches();
                reply = greeted ? "hello 1 tegel java example" : "error expected hello 1";
            } else {
                reply = answer(line);
            }
            out.print(reply + "\n");
            out.flush();
        }
    }
}
