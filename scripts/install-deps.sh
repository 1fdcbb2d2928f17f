#!/usr/bin/env bash
# Installs everything pz needs to build and test on a fresh Debian machine.
set -euo pipefail
# lld and gold: the link-matrix test and the clang+lld CI build (gold is in
# binutils up to Debian 12, its own package binutils-gold after).
pkgs=(cmake make gcc g++ clang libclang-rt-dev binutils lld pkg-config python3
      libcadical-dev picosat)
# The cryptominisat and z3 backends (optional: pz builds without them).
pkgs+=(libcryptominisat5-dev libz3-dev)
if ! command -v ld.gold >/dev/null 2>&1; then pkgs+=(binutils-gold); fi
# The hosts.* tests (GNU parallel across two network namespaces, each with
# its own sshd; docs/PARALLEL.md) need these; on a machine run by systemd,
# installing openssh-server also starts the system's ssh service
# ('systemctl disable --now ssh' stops it: the tests start their own).
pkgs+=(parallel openssh-server openssh-client iproute2)
# The exec backend's tests run a solver program: Debian's minisat
# (docs/BACKENDS.md).
pkgs+=(minisat)
# pz-web (docs/WEB.md): libmicrohttpd and jansson; its tests drive it with
# curl, its browser tests run Debian's chromium headless through
# playwright-core (npm, web/test/package.json), its load test uses wrk.
pkgs+=(libmicrohttpd-dev libjansson-dev curl chromium wrk)
# jansson also gives the puzzle programs --format json (docs/JSON.md).
# Man pages (man/): help2man makes each program's page from its --help,
# scdoc makes pz(3); the man test renders them with man-db's man (groff).
# Bash completion (completion/pz.bash) uses bash-completion's helpers.
pkgs+=(help2man scdoc man-db groff-base bash-completion)
# Debian's node and npm, unless a node with npm is installed already
# (another node package would clash with Debian's npm).
if ! command -v npm >/dev/null 2>&1; then pkgs+=(nodejs npm); fi
# pz_render and --render (docs/RENDER.md): cairo draws the pictures; its
# tests read them back with xmllint (SVG) and pdfinfo (PDF pages).
pkgs+=(libcairo2-dev libxml2-utils poppler-utils)
# Simon Tatham's puzzles: test_skyscrapers solves sgt-towers' own puzzles
# and bench/generate*.sh compare generation (both skip them when absent).
pkgs+=(sgt-puzzles)
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y "${missing[@]}"
fi
