#!/usr/bin/env python3
"""Whether two builds of the harness print the same JSON: every one-shot command with
`--json` (and `solver check` of two wrong fixtures), run by each build from the root of a
checkout, compared once the fields that hold times, rates, memory and build identity are
set aside. Exit 0 when every command agrees, 1 otherwise.

    scripts/same-json.py /tmp/harness-before target/debug/harness
"""
import json
import re
import subprocess
import sys

COMMANDS = """
tegel best instances/tegel/spel1.txt --json
tegel greedy instances/tegel/greedy.txt --json
tegel good instances/tegel/spel1.txt --json --seed 7
tegel sweep instances/tegel/spel1.txt --json --seed 7 -j 1
tegel match instances/tegel/spel1.txt --json --seed 7
stenen find 4 5 instances/stenen/stenen1.in --json
stenen count 4 5 instances/stenen/stenen1.in --json
stenen count 5 8 instances/stenen/stenen3.in --json --mode smart
nim value 3 4 5 --json
nim grundy --takes 1,2,3 --upto 40 --json
nim check --json
checkers perft 6 6 2 6 --json
checkers divide 6 6 2 4 --json
checkers count 4 4 1 --json
solver check tegel --solver wrong=tests/fixtures/solvers/tegel_wrong.py --random 10 --seed 3 --json --out {scratch}/tegel
solver check nim --solver wrong=tests/fixtures/solvers/nim_wrong.py --random 10 --seed 3 --json --out {scratch}/nim
"""

MEASURED = re.compile(
    r"seconds|share|busy|memory|per_second|speedup|ratio|cpu|wall|_ms$|elapsed|rate|time$|mad|_min$|_max$"
    r"|samples|build|version|results"
)


def unmeasured(value):
    """`value` without the keys that hold measurements."""
    if isinstance(value, dict):
        return {k: unmeasured(v) for k, v in value.items() if not MEASURED.search(k)}
    if isinstance(value, list):
        return [unmeasured(v) for v in value]
    return value


def answer(binary, args):
    """The exit code and the unmeasured JSON `binary` prints for `args`."""
    p = subprocess.run([binary, "-q", *args], capture_output=True, text=True, timeout=600)
    try:
        return p.returncode, unmeasured(json.loads(p.stdout))
    except json.JSONDecodeError:
        return p.returncode, f"not JSON: {p.stdout[:200]!r} {p.stderr[:200]!r}"


def main():
    import tempfile

    if len(sys.argv) != 3:
        sys.exit("usage: same-json.py BEFORE_BINARY AFTER_BINARY")
    before, after = sys.argv[1:3]
    differ = 0
    lines = [l for l in COMMANDS.strip().splitlines() if l.strip()]
    for line in lines:
        answers = []
        for binary in (before, after):
            with tempfile.TemporaryDirectory() as scratch:
                answers.append(answer(binary, line.format(scratch=scratch).split()))
        if answers[0] != answers[1] or isinstance(answers[0][1], str):
            differ += 1
            print(f"differs or is no JSON: {line}\n  before: {str(answers[0])[:300]}\n  after:  {str(answers[1])[:300]}")
    print(f"{len(lines) - differ} of {len(lines)} commands print the same JSON in every unmeasured field")
    sys.exit(1 if differ else 0)


main()
