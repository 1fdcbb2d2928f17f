#!/usr/bin/env bash
# Draws the example pictures of docs/RENDER.md and README.md (committed in
# docs/images) with the programs of a build. Run from the source root:
#   scripts/render-examples.sh [OUT_DIR]      (default docs/images)
# PZ_BUILD names the build directory (default build). Generated puzzles
# depend on the backend, so the script names one (cadical; a build without
# it draws with its default backend). Prints nothing.
set -euo pipefail
out=${1:-docs/images}
b=${PZ_BUILD:-build}
d=test/data
mkdir -p "$out"
backend=()
if "$b/pz-sudoku" --list-values backend | grep -qx cadical; then backend=(--backend cadical); fi
run() { "$b/$1" "${backend[@]}" "${@:2}" >/dev/null; }
# A sheet of six generated Sudoku (A4; page 2 of a sheet would hold the
# solutions, with --render-solutions).
run pz-sudoku --generate 6 --seed 1 --render "$out/sudoku-sheet.png"
# One puzzle and its solution each: NAME.png and NAME-2.png.
run pz-sudoku --generate 1 --seed 3 --variant diagonal,anti-knight \
  --render "$out/sudoku-x.png" --render-solutions
run pz-sudoku "$d/jigsaw/six.txt" --render "$out/jigsaw.png" --render-solutions
run pz-killer "$d/killer/nine.txt" --render "$out/killer.png" --render-solutions
run pz-futoshiki "$d/futoshiki/four.txt" --render "$out/futoshiki.svg" --render-solutions
run pz-kakuro "$d/kakuro/six.txt" --render "$out/kakuro.png" --render-solutions
run pz-starbattle "$d/starbattle/black8.txt" --render "$out/starbattle.png" --render-solutions
run pz-knightdoku "$d/knightdoku/nine.txt" --render "$out/knightdoku.png" --render-solutions
run pz-nondango "$d/nondango/a4x6.txt" --render "$out/nondango.png" --render-solutions
run pz-eulero "$d/eulero/small4.txt" --render "$out/eulero.png" --render-solutions
