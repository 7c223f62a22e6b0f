#!/usr/bin/env bash
# Builds every C++ example hand-in in solvers/ with its game's driver, runs
# protocol sessions against each (requests piped into ./solver) and compares
# the answers with the reference engine's (`harness ... --json`).
# Prints one line per check; exits non-zero when a check fails.
#
# The reference binary: $HARNESS, else target/release/harness of this
# repository, else `harness` on PATH. Needs g++ and python3 (for the JSON).
#
#   solvers/check-examples.sh            # every game
#   solvers/check-examples.sh tegel nim  # only these games

set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
S="$ROOT/solvers"
I="$ROOT/instances"
HARNESS=${HARNESS:-}
if [ -z "$HARNESS" ]; then
  for h in "$ROOT/target/release/harness" "$ROOT/target/debug/harness" "$(command -v harness || true)"; do
    if [ -n "$h" ] && [ -x "$h" ]; then HARNESS=$h; break; fi
  done
fi
[ -n "$HARNESS" ] && [ -x "$HARNESS" ] || { echo "no harness binary: set HARNESS" >&2; exit 2; }
CXX=${CXX:-g++}
CXXFLAGS="-std=c++17 -O2 -Wall -Wextra -Werror"
GAMES=${*:-tegel stenen nim checkers}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FAILED=0
PASSED=0

pass() { echo "ok    $*"; PASSED=$((PASSED + 1)); }
fail() { echo "FAIL  $*"; FAILED=$((FAILED + 1)); }

# build GAME EXAMPLE: compiles solvers/GAME/examples/EXAMPLE (every .cc but
# main.cc) with solvers/GAME/driver.cc into $TMP/GAME-EXAMPLE.
build() {
  local dir="$S/$1/examples/$2" out="$TMP/$1-$2" files=()
  [ "$2" = skeleton ] && dir="$S/$1/skeleton"
  for f in "$dir"/*.cc; do [ "$(basename "$f")" = main.cc ] || files+=("$f"); done
  if $CXX $CXXFLAGS -o "$out" "${files[@]}" "$S/$1/driver.cc" -I"$dir" 2>"$out.log"; then
    pass "build $1/$2"
  else
    fail "build $1/$2"; sed 's/^/      /' "$out.log"; return 1
  fi
}

# ask SOLVER REQUEST...: one session (hello, the requests, quit); prints the
# answers after the handshake, one a line.
ask() {
  local solver=$1; shift
  { echo "hello 1"; for r in "$@"; do echo "$r"; done; echo quit; } | timeout 120 "$solver" 2>/dev/null | tail -n +2
}

# expect NAME GOT WANT: a check that GOT equals WANT.
expect() {
  if [ "$2" = "$3" ]; then pass "$1: $2"; else fail "$1: got '$2', reference '$3'"; fi
}

# differ NAME GOT REFERENCE: a check that GOT differs from REFERENCE.
differ() {
  if [ "$2" != "$3" ]; then pass "$1: '$2' differs from the reference '$3' as it should"
  else fail "$1: '$2' equals the reference; expected a difference"; fi
}

json() { python3 -c "import json,sys; d=json.load(sys.stdin); $1"; }

tegel_best_ref() {
  "$HARNESS" -q tegel best "$1" --json -j 1 | json 'm=d.get("best_move"); print("ok", d["score"], m[1:-1].replace(",", "") if m else "-", d["positions"])'
}

check_tegel() {
  local files=("$I/tegel/spel1.txt" "$I/tegel/spel3.txt" "$I/tegel/greedy.txt" "$S/tegel/positions/small1.txt" "$S/tegel/positions/small2.txt" "$S/tegel/positions/abs-wrong.txt")
  local ex f ref got
  for ex in correct minimax-abs miscount; do build tegel $ex || return; done
  local c="$TMP/tegel-correct"
  expect "tegel/correct hello" "$(echo quit | { echo "hello 1"; cat; } | "$c" 2>/dev/null)" "hello 1 tegel TegelSpel hand-in"
  for f in "${files[@]}"; do
    ref=$(tegel_best_ref "$f")
    expect "tegel/correct best $(basename "$f")" "$(ask "$c" "load $f" best | tail -1)" "$ref"
  done
  f="$I/tegel/spel1.txt"
  expect "tegel/correct session spel1" "$(ask "$c" "load $f" moves end "do 0g" "do 9g" "do 0x" undo undo frobnicate | tr '\n' '|')" \
    "ok|ok 0g 0b|ok false|ok true|ok false|error usage: do MOVE (a bowl number and g or b, e.g. 0g)|ok true|ok false|error unknown request|"
  expect "tegel/correct refuses a missing file" "$(ask "$c" "load $TMP/none.txt" | cut -c1-5)" "error"
  # minimax-abs: right where no score is negative, wrong on abs-wrong.txt
  ref=$(tegel_best_ref "$S/tegel/positions/abs-wrong.txt")
  differ "tegel/minimax-abs best abs-wrong.txt" "$(ask "$TMP/tegel-minimax-abs" "load $S/tegel/positions/abs-wrong.txt" best | tail -1)" "$ref"
  # miscount: same score and move, one position fewer (the start is not counted)
  ref=$(tegel_best_ref "$f")
  got=$(ask "$TMP/tegel-miscount" "load $f" best | tail -1)
  differ "tegel/miscount best spel1.txt" "$got" "$ref"
  expect "tegel/miscount score and move spel1.txt" "$(echo "$got" | cut -d' ' -f1-3)" "$(echo "$ref" | cut -d' ' -f1-3)"
  if [ -x "$S/tegel/python/solver.py" ] && command -v python3 >/dev/null; then
    expect "tegel/python best spel1.txt" "$(ask "$S/tegel/python/solver.py" "load $f" best | tail -1)" "$ref"
  fi
  if command -v java >/dev/null; then
    printf '#!/bin/sh\nexec java "%s"\n' "$S/tegel/java/Solver.java" > "$TMP/java-solver"
    chmod +x "$TMP/java-solver"
    expect "tegel/java best spel1.txt" "$(ask "$TMP/java-solver" "load $f" best | tail -1)" "$ref"
  fi
}

check_stenen() {
  build stenen correct || return
  local c="$TMP/stenen-correct" spec h w file mode ref
  for spec in "4 5 stenen1" "5 4 stenen1" "2 10 stenen1" "4 10 stenen3"; do
    set -- $spec; h=$1; w=$2; file="$I/stenen/$3.in"
    for mode in dumb smart; do
      ref=$("$HARNESS" -q stenen find $h $w "$file" --mode $mode --json | json 'print("ok", str(d["found"]).lower(), d["positions"], *[c for row in (d.get("board") or []) for c in row])')
      expect "stenen/correct $h x $w $3 find $mode" "$(ask "$c" "load $h $w $file" "find $mode" | tail -1)" "$ref"
      ref=$("$HARNESS" -q stenen count $h $w "$file" --mode $mode --json | json 'print("ok", d["solutions_distinct"], d["positions"])')
      expect "stenen/correct $h x $w $3 count $mode" "$(ask "$c" "load $h $w $file" "count $mode" | tail -1)" "$ref"
    done
  done
  expect "stenen/correct wrong cell count" "$(ask "$c" "load 4 4 $I/stenen/stenen1.in" "count smart" "find dumb" | tr '\n' '|')" "ok|ok 0 0|ok false 0|"
}

check_nim() {
  build nim correct || return
  local c="$TMP/nim-correct" pos ref
  for pos in "3 9 11 7" "0 1 2 3" "0 5 9" "3 10 11 11" "2 0 0" "1000000 999999 3 77" "0 1000000 1 2 3 4 5 6 7" "4 13 26 39 52"; do
    set -- $pos
    local m=$1; shift
    ref=$("$HARNESS" -q nim value --maxtake $m "$@" --json | json 'w=d["winning_moves"]; print("ok", d["value"]); print("ok", "%d %d" % tuple(w[0]) if w else "-")' | tr '\n' '|')
    expect "nim/correct load $pos: value, winning" "$(ask "$c" "load $pos" value winning | tail -n +2 | tr '\n' '|')" "$ref"
  done
}

# the FEN of the start position of M rows, N columns, R rows of men
start_fen() {
  python3 -c '
import sys
m, n, r = map(int, sys.argv[1:4])
name = lambda R, C: chr(97 + C) + str(R + 1)
black = [name(R, C) for R in range(r) for C in range(n) if (R + C) % 2 == 0]
white = [name(R, C) for R in range(m - r, m) for C in range(n) if (R + C) % 2 == 0]
print("B:W" + ",".join(white) + ":B" + ",".join(black))' "$@"
}

check_checkers() {
  build checkers correct || return
  local c="$TMP/checkers-correct" d ref spec fen
  for spec in "8 8 3 6" "6 7 2 6" "6 6 1 10"; do
    set -- $spec; fen=$(start_fen $1 $2 $3)
    for d in $(seq 1 $4); do
      ref=$("$HARNESS" -q checkers perft $1 $2 $3 $d --json -j 1 | json 'print("ok", d["leaves"])')
      expect "checkers/correct $1x$2 r$3 perft $d" "$(ask "$c" "load $1 $2 $fen" "perft $d" | tail -1)" "$ref"
    done
  done
  for spec in "4 4 1" "3 5 1" "5 3 1" "4 6 1" "6 4 1" "5 5 1"; do
    set -- $spec; fen=$(start_fen $1 $2 $3)
    ref=$("$HARNESS" -q checkers count $1 $2 $3 --json -j 1 | json 'print("ok", d["games"], d["black_wins"], d["white_wins"], d["both_kings"], d["positions"])')
    expect "checkers/correct $1x$2 r$3 count" "$(ask "$c" "load $1 $2 $fen" count | tail -1)" "$ref"
  done
  expect "checkers/correct multi-jump moves" "$(ask "$c" "load 8 8 B:Wd4,d6,f6:Bc3" moves | tail -1 | tr ' ' '\n' | sort | tr '\n' ' ')" "c3xe5xc7 c3xe5xg7 ok "
}

# The course's rule: only these headers (never <algorithm>).
check_headers() {
  local allowed=" iostream sstream iomanip fstream cstring string vector utility set unordered_set cstdlib ctime climits "
  local bad
  bad=$(grep -ho '#include <[^>]*>' $(find "$S" -name '*.cc' -o -name '*.h') | sort -u | sed 's/#include <\(.*\)>/\1/' |
        while read -r h; do case "$allowed" in *" $h "*) ;; *) echo "$h";; esac; done | tr '\n' ' ')
  expect "only the allowed headers in solvers/" "${bad:-none other}" "none other"
}

check_headers
for game in $GAMES; do
  build "$game" skeleton
  case $game in
    tegel) check_tegel ;;
    stenen) check_stenen ;;
    nim) check_nim ;;
    checkers) check_checkers ;;
    *) fail "unknown game $game" ;;
  esac
done
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
