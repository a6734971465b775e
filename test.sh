#!/usr/bin/env bash
# Runs every test of spieltisch: the Rust workspace (unit, integration and doc tests), the
# server's tests again on PostgreSQL if SPIELTISCH_POSTGRES_URL is set, the Python package's
# tests (python3 ≥ 3.9 with venv; packages from PyPI) and the browser end-to-end test (needs Debian's chromium at
# /usr/bin/chromium and npm).
#
# Tests run in release mode: the random simulations (10,000+ games per game) need optimised
# code, and the browser test drives the same binary `cargo run --release -- serve` builds.
set -euo pipefail
cd "$(dirname "$0")"

cargo build --release --workspace --bins
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --release --workspace --no-fail-fast
else
  echo "cargo-nextest is not installed (cargo install cargo-nextest --locked); running cargo test instead" >&2
  cargo test --release --workspace --no-fail-fast --lib --bins --tests --examples
fi
cargo test --release --workspace --doc

# The server's tests once more on PostgreSQL, when a database is given (`.ci/run` starts one):
# SPIELTISCH_POSTGRES_URL names a role that may create databases; each test server gets its own.
# The whole workspace with a filter, not `-p server`: the same features as the first pass, so
# nothing is compiled again.
if [ -n "${SPIELTISCH_POSTGRES_URL:-}" ]; then
  if cargo nextest --version >/dev/null 2>&1; then
    SPIELTISCH_TEST_POSTGRES="$SPIELTISCH_POSTGRES_URL" cargo nextest run --release --workspace --no-fail-fast -E 'package(server)'
  else
    SPIELTISCH_TEST_POSTGRES="$SPIELTISCH_POSTGRES_URL" cargo test --release -p server --no-fail-fast --tests
  fi
fi

# The Python package (clients/python): maturin builds the native extension into a virtual
# environment under target/ (in the `python` profile, target/python: the release build with
# whole-program optimisation, a minute more than reusing target/release), pip brings its test extras
# (pytest, pettingzoo, gymnasium, open_spiel, numpy) from PyPI, and pytest runs its tests: the
# native API, the field's own checks, the examples, and the protocol client against the binary
# built above. pytest exits 5 when it collected no test, which fails the script too.
venv="${CARGO_TARGET_DIR:-target}/python-venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "./clients/python[test]"
SPIELTISCH_BIN="${CARGO_TARGET_DIR:-target}/release/spieltisch" \
  "$venv/bin/pytest" -c clients/python/pyproject.toml -p no:cacheprovider -q clients/python/tests

if [ ! -x /usr/bin/chromium ]; then
  echo "the browser test needs chromium: sudo apt-get install -y chromium" >&2
  exit 1
fi
(cd web-tests && npm ci --no-audit --no-fund && SPIELTISCH_BIN=../target/release/spieltisch npm test)
