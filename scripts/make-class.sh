#!/usr/bin/env bash
# A generated class of N tile-game hand-ins for `harness judge` (docs/judge.md): copies of
# solvers/tegel/examples/ with their faults, in turn: correct (a folder), the minimax fault
# (.zip), the miscount (.tar.gz, makers in namen.txt), a syntax error, <algorithm> and
# <map> included (.tgz), an over-long function, a crash in besteScore, a hang in
# besteScore, and a hostile archive (an entry ../evil.cc). Needs zip, tar and python3.
#
#   scripts/make-class.sh 20 /tmp/class && harness judge instances/tegel/judge.toml /tmp/class/* --out /tmp/judged
set -euo pipefail
N=${1:?usage: make-class.sh N DIR}
OUT=${2:?usage: make-class.sh N DIR}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
EX=$ROOT/solvers/tegel/examples
mkdir -p "$OUT"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export REC=$'long long &aantalStanden)\n{ vector< pair<int,char> > zetten;'

# fault KIND DIR: the correct hand-in in DIR with fault KIND.
fault() {
  cp -r "$EX/correct" "$2"
  local cc=$2/tegelspel.cc
  case $1 in
    syntax) perl -0pi -e 's/\Q$ENV{REC}\E/long long &aantalStanden)\n{ int kapot ( {/' "$cc" ;;
    header) perl -0pi -e 's/#include <iostream>\n/#include <algorithm>\n#include <map>\n#include <iostream>\n/' "$cc" ;;
    long) { printf '\n// Far too long.\nint teLang (int x)\n{\n'; for _ in $(seq 38); do printf '  x++;\n'; done; printf '  return x;\n}\n'; } >> "$cc" ;;
    crash) perl -0pi -e 's/(\Q$ENV{REC}\E)/$1 abort ();/' "$cc" ;;
    hang) perl -0pi -e 's/(\Q$ENV{REC}\E)/$1 volatile int v = 0; while (v == 0) { }/' "$cc" ;;
  esac
}

for i in $(seq 1 "$N"); do
  n=$(printf '%03d' "$i")
  case $(( (i - 1) % 9 )) in
    0) cp -r "$EX/correct" "$OUT/Jansen${n}_Bos${n}" ;;
    1) (cd "$EX/minimax-abs" && zip -qr "$OUT/Piet${n}_Klaas${n}.zip" .) ;;
    2) cp -r "$EX/miscount" "$WORK/m$n" && printf 'Anna %s\nBram %s\n' "$n" "$n" > "$WORK/m$n/namen.txt"
       tar czf "$OUT/Wit${n}_Bos${n}.tar.gz" -C "$WORK" "m$n" ;;
    3) fault syntax "$OUT/Syntax${n}_Fout" ;;
    4) fault header "$WORK/h$n" && tar czf "$OUT/Header${n}_Fout.tgz" -C "$WORK" "h$n" ;;
    5) fault long "$OUT/Lang${n}_Fout" ;;
    6) fault crash "$OUT/Crash${n}_Fout" ;;
    7) fault hang "$OUT/Hang${n}_Fout" ;;
    8) python3 -c 'import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w") as z:
    z.writestr("tegelspel.cc", "int x;\n")
    z.writestr("../evil.cc", "int evil;\n")' "$OUT/Evil${n}_Hacker.zip" ;;
  esac
done
chmod -R a+rX "$OUT"
