#!/usr/bin/env bash
# Runs every test of spieltisch: the Rust workspace (unit, integration and doc tests) and the
# browser end-to-end test (needs Debian's chromium at /usr/bin/chromium and npm).
set -euo pipefail
cd "$(dirname "$0")"

cargo build --workspace --bins
cargo nextest run --workspace --no-fail-fast
cargo test --workspace --doc

if [ ! -x /usr/bin/chromium ]; then
  echo "the browser test needs chromium: sudo apt-get install -y chromium" >&2
  exit 1
fi
(cd web-tests && npm ci --no-audit --no-fund && SPIELTISCH_BIN=../target/debug/spieltisch npm test)
