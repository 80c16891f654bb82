#!/usr/bin/env bash
# match.sh — play windpost's Micro-shogi bot against Fairy-Stockfish and print the score and Elo.
# Installs Debian's fairy-stockfish with apt-get when it is missing (it is GPL: it runs only as a
# separate program, never linked into or shipped with windpost), builds windpost, and runs
# 'windpost match' with the arguments given, under nice so that other work keeps the CPU.
#   scripts/match.sh -games 10 -movetime 100ms
#   scripts/match.sh -movetime 1s -elo0 0 -elo1 20        # all openings, both colours, SPRT
# See 'windpost match --help' for the flags.
set -euo pipefail

say()  { echo "match: $*" >&2; }
fail() { echo "match: ERROR: $*" >&2; exit 1; }

cd "$(dirname "$0")/.."

if ! command -v fairy-stockfish >/dev/null && [ ! -x /usr/games/fairy-stockfish ]; then
  say "installing fairy-stockfish with apt-get"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -q >/dev/null || fail "apt-get update failed"
  $SUDO apt-get install -y -q fairy-stockfish >/dev/null || fail "apt-get install fairy-stockfish failed"
fi

bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/windpost" ./cmd/windpost || fail "go build failed"
nice -n "${MATCH_NICE:-19}" "$bin/windpost" match "$@"
