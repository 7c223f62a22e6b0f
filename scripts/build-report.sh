#!/usr/bin/env bash
# Builds the report PDF from a results directory:
#   scripts/build-report.sh [RESULTS_DIR] [--png]
#   scripts/build-report.sh [RESULTS_DIR] --assignment GAME [--author NAME [--student-number N]]...
#                           [--title T] [--course C] [--date DATE] [--appendix] [--language en|nl]
#                           [--explanations DIR] [--program NAME] [--png]
# 1. installs the TeX packages it needs from Debian's archive when they are missing
#    (apt-get; needs root), 2. regenerates RESULTS_DIR/tex and RESULTS_DIR/plots with
#    `harness report`, 3. builds every figure to RESULTS_DIR/plots/NAME.pdf,
#    4. builds report/report.tex to RESULTS_DIR/report.pdf, or with --assignment GAME
#    (tegel, stenen, nim, checkers) report/assignment.tex to RESULTS_DIR/report-GAME.pdf:
#    that assignment alone, with a title page naming the authors (--author, repeatable).
# --explanations DIR sets the authors' own explanations (DIR/T2.txt, DIR/S3.txt, ...: plain
# text, one file per report question) under the questions' headings; --program NAME is
# the program's name in the text (default: the name its handshake gives).
# --language nl writes the assignment's report in Dutch (babel's dutch, from Debian's
# texlive-lang-european, installed when missing and root; without it the build stops).
# With --png it also renders every page to RESULTS_DIR/report-pages/page-N.png
# (report-GAME-pages/ with --assignment) for a quick look in an image viewer.
# The engine is pdfLaTeX while it can set every character of the generated text (Latin-1
# and the other Western and Central European letters, dashes, quotes), and LuaLaTeX (with
# fonts that have the characters: DejaVu, Noto CJK, Noto Color Emoji) where a name (an
# author, a title, an instance) needs more; a character no installed font has is
# named, with what to install.
# HARNESS=PATH runs that binary for step 2 (else target/release/harness, else cargo).
# CI builds the report from test results (tests/report_pdf.rs) after installing TeX.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

results=results
png=no
assignment=
language=
front=()
while [ $# -gt 0 ]; do
  case "$1" in
    --png) png=yes ;;
    --appendix) front+=("$1") ;;
    --assignment|--author|--student-number|--title|--course|--date|--language|--explanations|--program)
      [ $# -ge 2 ] || { echo "build-report: $1 needs a value" >&2; exit 2; }
      [ "$1" = --assignment ] && assignment=$2
      [ "$1" = --language ] && language=$2
      front+=("$1" "$2"); shift ;;
    -h|--help) sed -n '2,24{s/^# \{0,1\}//;p;}' "$0"; exit 0 ;;
    -*) echo "build-report: unknown option $1" >&2; exit 2 ;;
    *) results=$1 ;;
  esac
  shift
done
case "$assignment" in
  ''|tegel|stenen|nim|checkers) ;;
  *) echo "build-report: --assignment $assignment: expected tegel, stenen, nim or checkers" >&2; exit 2 ;;
esac
if [ -n "$assignment" ]; then
  document=assignment.tex; pdf=report-$assignment
else
  [ ${#front[@]} -eq 0 ] || { echo "build-report: --author, --student-number, --title, --course, --date, --appendix, --language, --explanations and --program need --assignment GAME" >&2; exit 2; }
  document=report.tex; pdf=report
fi
if [ ! -d "$results" ]; then
  echo "build-report: no results directory '$results'; run: harness run instances/all.toml (or instances/quick.toml)" >&2
  exit 2
fi
results=$(cd "$results" && pwd)
# TeX reads the path inside \def\resultsdir{...} and \input{...}: a space ends it, and
# % # { } \ ~ ^ $ & are TeX's special characters (a % would comment out the rest of the
# line). Such a path is refused here rather than failing deep inside pdflatex.
case "$results" in
  *[[:space:]]*|*[%#{}\\~^\$\&]*)
    echo "build-report: the results path must not contain spaces or any of % # { } \\ ~ ^ \$ & (TeX reads it as a macro argument): $results; copy or move the results to a plain path" >&2
    exit 2 ;;
esac

# --- 1. TeX from Debian's packages --------------------------------------------------
packages=(texlive-latex-base texlive-latex-recommended texlive-latex-extra texlive-pictures lmodern poppler-utils)
have_tex() {
  command -v pdflatex >/dev/null && command -v pdftoppm >/dev/null || return 1
  local sty
  for sty in booktabs.sty longtable.sty adjustbox.sty rotating.sty pdflscape.sty placeins.sty needspace.sty pgfplots.sty standalone.cls lmodern.sty hyperref.sty; do
    [ -n "$(kpsewhich "$sty" 2>/dev/null)" ] || return 1
  done
}
if ! have_tex; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "build-report: installing ${packages[*]}" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${packages[@]}" >&2 || {
      apt-get update >&2
      DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${packages[@]}" >&2
    }
  else
    echo "build-report: TeX is missing; install it with:" >&2
    echo "  sudo apt-get install --no-install-recommends ${packages[*]}" >&2
    exit 1
  fi
fi

# babel's Dutch (dutch.ldf), for --language nl or language = "nl" under [report]; checked
# again after `harness report` (which knows the manifest's language) through tex/language.tex.
have_dutch() { [ -n "$(kpsewhich dutch.ldf 2>/dev/null)" ]; }
install_dutch() {
  have_dutch && return 0
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "build-report: installing texlive-lang-european (babel's Dutch)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends texlive-lang-european >&2 || {
      apt-get update >&2
      DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends texlive-lang-european >&2
    } || true
  else
    echo "build-report: babel's Dutch is missing and this is not root: not installing texlive-lang-european" >&2
  fi
  have_dutch || {
    echo "build-report: a Dutch report needs babel's Dutch (dutch.ldf); install it with:" >&2
    echo "  sudo apt-get install --no-install-recommends texlive-lang-european" >&2
    echo "  or build the report in English (--language en)" >&2
    exit 1
  }
}
[ "$language" = nl ] && install_dutch

# --- 2. tables and plot sources ------------------------------------------------------
if [ -n "${HARNESS:-}" ]; then
  harness=("$HARNESS")
elif [ -x "$root/target/release/harness" ] && [ -z "${HARNESS_REBUILD:-}" ]; then
  harness=("$root/target/release/harness")
else
  harness=(cargo run --release --quiet --)
fi
"${harness[@]}" report "$results" ${front[@]+"${front[@]}"}
if [ -n "$assignment" ] && grep -q '^\\def\\reportlanguage{dutch}' "$results/tex/language.tex" 2>/dev/null; then
  install_dutch
fi

# --- 2b. the engine: pdfLaTeX where it can, LuaLaTeX for the rest --------------------
shopt -s nullglob
generated=("$results"/tex/*.tex "$results"/plots/*.tex "$results"/plots/*.tikz)
# The characters of the generated text that pdfLaTeX cannot set, once each, as
# `c (U+XXXX)`: those past ASCII that none of the encodings the preamble loads declares
# for inputenc (t1enc.dfu, ts1enc.dfu, ...: Latin-1 and the Latin letters of Western
# and Central Europe, dashes, quotes, the euro sign; Latin-1 alone where none is found).
dfu=()
for f in t1enc.dfu ts1enc.dfu ot1enc.dfu omsenc.dfu; do
  p=$(kpsewhich "$f" 2>/dev/null || true)
  [ -z "$p" ] || dfu+=("$p")
done
wide=$(DFU="${dfu[*]-}" LC_ALL=C perl -CSD -e '
  my %ok;
  for my $f (split / /, $ENV{DFU}) {
    open(my $h, "<", $f) or next;
    while (<$h>) { $ok{hex $1} = 1 while /DeclareUnicodeCharacter\{([0-9A-Fa-f]+)\}/g }
  }
  %ok = map { $_ => 1 } 0x80 .. 0xff unless %ok;
  my %seen;
  for my $f (@ARGV) {
    open(my $h, "<:encoding(UTF-8)", $f) or next;
    while (<$h>) { $seen{$1} = 1 while /([^\x00-\x7f])/g }
  }
  print join(" ", map { sprintf("%s (U+%04X)", $_, ord $_) } grep { !$ok{ord $_} } sort keys %seen);
' ${generated[@]+"${generated[@]}"})
engine=pdflatex
fallbacks=
if [ -n "$wide" ]; then
  engine=lualatex
  unicode_packages=(texlive-luatex fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji)
  have_lua() {
    command -v lualatex >/dev/null && [ -n "$(kpsewhich fontspec.sty 2>/dev/null)" ] \
      && [ -n "$(kpsewhich luaotfload.sty 2>/dev/null)" ] && command -v fc-list >/dev/null \
      && fc-list -q "Noto Serif CJK SC" && fc-list -q "Noto Color Emoji"
  }
  if ! have_lua; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
      echo "build-report: the text holds characters pdfLaTeX cannot set ($wide); installing ${unicode_packages[*]} for LuaLaTeX" >&2
      DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${unicode_packages[@]}" >&2 || {
        apt-get update >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${unicode_packages[@]}" >&2
      } || true
    fi
    if ! command -v lualatex >/dev/null || [ -z "$(kpsewhich luaotfload.sty 2>/dev/null)" ] || [ -z "$(kpsewhich fontspec.sty 2>/dev/null)" ]; then
      echo "build-report: the text holds characters pdfLaTeX cannot set: $wide" >&2
      echo "build-report: they need LuaLaTeX and fonts that have them; install them with:" >&2
      echo "  sudo apt-get install --no-install-recommends ${unicode_packages[*]}" >&2
      exit 1
    fi
  fi
  # The fallback fonts installed, in the order they are asked for a character; the
  # colour emoji need HarfBuzz, the others are set as Latin Modern is (so that the PDF's
  # text gives 李 back as U+674E, not as the compatibility form the font also maps).
  for font in "DejaVu Serif:mode=node" "Noto Serif CJK SC:mode=node" "Noto Sans CJK SC:mode=node" "Noto Color Emoji:mode=harf"; do
    if command -v fc-list >/dev/null && fc-list -q "${font%%:*}"; then
      fallbacks="$fallbacks${fallbacks:+,}\"$font;\""
    fi
  done
  echo "build-report: LuaLaTeX, for characters pdfLaTeX cannot set: $wide" >&2
fi
# The figures find report/unicode-fonts.tex; LuaLaTeX is given its fallback fonts.
export TEXINPUTS="$root/report:${TEXINPUTS:-}"
engine_pre=
[ "$engine" = lualatex ] && engine_pre="\\def\\harnessfallbacks{$fallbacks}"

# --- 3. figures to PDF ---------------------------------------------------------------
latex() { # latex DIR FILE.tex [TEX-CODE-BEFORE-INPUT]: the engine, quiet unless it fails
  local dir=$1 file=$2 pre=${3:-} log missing
  log=$(mktemp)
  if ! (cd "$dir" && "$engine" -interaction=nonstopmode -halt-on-error -output-directory "$build" \
        "${engine_pre}${pre}\\input{$file}" >"$log" 2>&1); then
    echo "build-report: $engine failed on $dir/$file; the end of its log:" >&2
    tail -n 30 "$log" >&2
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
  # A character no font had is left out of the PDF with only a line in the log.
  [ "$engine" = lualatex ] || return 0
  missing=$(grep -ho 'Missing character: There is no [^ ]* ([^)]*)' "$build"/*.log 2>/dev/null \
    | sed 's/Missing character: There is no //' | sort -u | tr '\n' ' ' || true)
  if [ -n "$missing" ]; then
    echo "build-report: no installed font has ${missing% }, so $dir/$file would lose them; install a font that has them" >&2
    echo "  (fonts-noto-cjk: Chinese, Japanese, Korean; fonts-noto-color-emoji: emoji; fonts-noto-core: most other scripts) and build again" >&2
    exit 1
  fi
}
# page_overflows LOG: one line per float too large for its page, overfull \vbox, or
# overfull \hbox over 1 pt, each with the last generated file (tex/..., plots/...) TeX
# had opened before it: the figure or table at fault.
page_overflows() {
  awk '
    { n = split($0, parts, "(")
      for (i = 2; i <= n; i++) if (match(parts[i], /^[^ ()]*\.(tex|tikz)/)) file = substr(parts[i], RSTART, RLENGTH) }
    /Float too large for page/ { print where() ": " $0; next }
    /^Overfull \\vbox/ { print where() ": " $0; next }
    /^Overfull \\hbox \(/ { w = $0; sub(/^Overfull \\hbox \(/, "", w); sub(/pt.*/, "", w); if (w + 0 > 1) print where() ": " $0 }
    function where() { f = file; sub(/.*\/(tex|plots)\//, "", f); return f == "" ? "report.tex" : f }
  ' "$1"
}
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
figures=0
for tex in "$results"/plots/*.tex; do
  name=$(basename "$tex" .tex)
  latex "$results/plots" "$name.tex"
  mv "$build/$name.pdf" "$results/plots/$name.pdf"
  figures=$((figures + 1))
done
[ "$figures" = 1 ] && noun=figure || noun=figures
echo "build-report: $figures $noun built in $results/plots" >&2

# --- 4. the report ---------------------------------------------------------------------
# Twice, so that references and the longtable widths settle.
# \assignment is one of four plain words (checked above).
for _ in 1 2; do
  latex "$root/report" "$document" "\\def\\resultsdir{$results}\\def\\assignment{$assignment}"
done
base=${document%.tex}
cp "$build/$base.pdf" "$results/$pdf.pdf"
cp "$build/$base.log" "$results/$pdf.log"
# A figure or table that does not fit its page is an error, named by the generated file
# TeX was reading: `Float too large for page`, an overfull \vbox, or an overfull \hbox
# of more than 1 pt (smaller ones are invisible).
lost=$(page_overflows "$build/$base.log")
if [ -n "$lost" ]; then
  echo "build-report: the PDF loses part of a page (see $results/$pdf.log):" >&2
  printf '%s\n' "$lost" | sed 's/^/build-report:   /' >&2
  exit 1
fi
overfull=$(grep -c '^Overfull \\hbox' "$build/$base.log" || true)
[ "$overfull" = 0 ] || echo "build-report: note: $overfull overfull line(s) of at most 1 pt in $results/$pdf.log" >&2
grep -o "No result [^ ]* / [^ ]* / [^ ]*" "$build/$base.log" | sort -u | sed 's/^/build-report: warning: /' >&2 || true
pages=$(pdfinfo "$results/$pdf.pdf" 2>/dev/null | awk '/^Pages:/ {print $2}')
echo "build-report: $results/$pdf.pdf (${pages:-?} pages)" >&2

if [ "$png" = yes ]; then
  rm -rf "$results/$pdf-pages"
  mkdir -p "$results/$pdf-pages"
  pdftoppm -r 80 -png "$results/$pdf.pdf" "$results/$pdf-pages/page"
  echo "build-report: page images in $results/$pdf-pages" >&2
fi
