#!/bin/sh
# Regenerates test/golden/asl-ktaa/ (ktaa_b0..3.bin and ktaa_b0.inc) from the KTAA sources with
# ASL and p2bin, as KTAA's Makefile does (asl -a -u -q; p2bin -r $400-$fff), and the sprite
# includes *.i from the *.pnm pictures with KTAA's tools/ppmtosprite.pl (needs perl).
# ASL is not part of this project: build ASL 1.42 Bld 148 with asl-1.42-ktaa.patch applied
# (see README.md) and point ASL at the folder holding `asl`, `p2bin` and `include/`.
set -eu
: "${ASL:?set ASL to the folder of a patched, built ASL (asl, p2bin, include/)}"
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../../../golden/asl-ktaa"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$here"/*.a48 "$here"/*.h "$here"/*.pnm "$here"/tools "$tmp"/
cd "$tmp"
for pic in *.pnm; do
  # The pictures' header lines end in CR LF in the repository they come from; the script reads LF.
  perl -pe 's/\r\n/\n/ if $. <= 4' "$pic" >picture.ppm
  perl tools/ppmtosprite.pl picture.ppm >"$here/${pic%.pnm}.i"
done
cp "$here"/*.i .
for bank in 0 1 2 3; do
  # Bank 0 first: its -a writes ktaa_b0.inc (SHARED tune addresses), which banks 1-3 include.
  "$ASL/asl" -a -u -q -i "$ASL/include" "ktaa_b$bank.a48" -o "ktaa_b$bank.p"
  "$ASL/p2bin" "ktaa_b$bank.p" "$out/ktaa_b$bank.bin" -r '$400-$fff' >/dev/null
done
cp ktaa_b0.inc "$out/"
echo "wrote $(ls "$out"/*.bin | wc -l) banks and ktaa_b0.inc to $out"
