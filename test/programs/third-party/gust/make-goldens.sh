#!/bin/sh
# Regenerates test/golden/asl-gust/*.bin from the demo sources with ASL and p2bin.
# ASL is not part of this project: build it yourself and point ASL at the folder holding the
# `asl` and `p2bin` binaries and ASL's `include/` (for bitfuncs.inc).
set -eu
: "${ASL:?set ASL to the folder of a built ASL (asl, p2bin, include/)}"
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../../../golden/asl-gust"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$here"/*.a48 "$here"/*.h "$tmp"/
cd "$tmp"
for src in *.a48; do
  name=${src%.a48}
  "$ASL/asl" -q -i "$ASL/include" "$src"
  "$ASL/p2bin" "$name.p" "$out/$name.bin" >/dev/null
done
echo "wrote $(ls "$out"/*.bin | wc -l) images to $out"
