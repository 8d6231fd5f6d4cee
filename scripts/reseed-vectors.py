#!/usr/bin/env python3
"""Writes tests/data/reseed-vectors.yaml: the vectors of dikast-reseed/1 (docs/dice.md,
"A turn adjudicated again"), computed here from the page's formulas with Python's own
hashlib, independently of the Rust code that `tests/dice_vectors.rs` checks against them."""
import hashlib

def H(*parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(p)
    return h.digest()

def chain_prev(x):
    return H(b"dikast/v1/chain", x)

def walk(x, n):
    for _ in range(n):
        x = chain_prev(x)
    return x

def reseed_head(s_n, turn, retired):
    return H(b"dikast/v1/reseed", s_n, turn.to_bytes(4, "big"), retired)

out = ["# Vectors of dikast-reseed/1 (docs/dice.md, \"A turn adjudicated again\"), written by",
       "# scripts/reseed-vectors.py from the formulas alone. Hex throughout.",
       "# head = SHA-256(\"dikast/v1/reseed\" || s_N || u32be(turn) || retired_seed)",
       "# seed = head hashed chain_length - turn times down the open chain",
       "# commitment = SHA-256(\"dikast/v1/chain\" || seed)",
       "reseeds:"]
cases = []
s_n = bytes(range(32))
n = 16
# Turn 3 undone once: the seed retired is the campaign chain's s_3.
r1 = walk(s_n, n - 3)
h1 = reseed_head(s_n, 3, r1)
seed1 = walk(h1, n - 3)
cases.append((s_n, n, 3, r1, h1, seed1))
# The redo undone again: the seed retired is the first reseed's s'_3.
h2 = reseed_head(s_n, 3, seed1)
seed2 = walk(h2, n - 3)
cases.append((s_n, n, 3, seed1, h2, seed2))
# Turn 5, on the chain the second reseed started (its s''_5 is retired).
r3 = walk(h2, n - 5)
h3 = reseed_head(s_n, 5, r3)
cases.append((s_n, n, 5, r3, h3, walk(h3, n - 5)))
# The default chain length.
s_n2 = H(b"another campaign")
r4 = walk(s_n2, 4096 - 1)
h4 = reseed_head(s_n2, 1, r4)
cases.append((s_n2, 4096, 1, r4, h4, walk(h4, 4096 - 1)))
for (s, ln, t, r, h, seed) in cases:
    out += [f"  - open_head: {s.hex()}",
            f"    chain_length: {ln}",
            f"    turn: {t}",
            f"    retired_seed: {r.hex()}",
            f"    retired_commitment: {chain_prev(r).hex()}",
            f"    head: {h.hex()}",
            f"    seed: {seed.hex()}",
            f"    commitment: {chain_prev(seed).hex()}"]
print("\n".join(out))
