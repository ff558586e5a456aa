#!/usr/bin/env python3
"""Random host programs that mix signed and unsigned integers of every width: two
variables of C++ integer types (`int`, `int64_t`, `long`, `long long`, `ptrdiff_t`,
`short`, `unsigned`, `uint32_t`, `uint64_t`, `size_t`, `unsigned long`, `auto`), one
operator (arithmetic, comparison, bit, shift), in an expression, a compound assignment
or `?:`.

Usage:
  gen_signedness_cases.py SEED COUNT OUT.cpp
  snippets.py OUT.cpp tests/golden/signedness/random-11.jsonl

The answers are replayed by `cargo test -p rcute-lang --test host`: rcute prints CuTe's
answer or refuses (a narrowing conversion, an overflow C++ leaves undefined, a width it
does not know), never another answer.
"""
import random
import sys

TYPES = ['int', 'int64_t', 'long', 'long long', 'ptrdiff_t', 'short', 'unsigned',
         'uint32_t', 'uint64_t', 'size_t', 'unsigned long', 'auto']
VALUES = ['-3', '-1', '0', '2', '7', '3000000000', '100000', '1u', '-5ll', '2ull']
OPS = ['+', '-', '*', '/', '%', '<', '>=', '==', '&', '|', '^', '<<', '>>']
FORMS = ['a OP b', '(a OP b) - 1', 'a OP b OP 1u', 'c ? a : b', 'a OP= b', '(a OP b) < 0']


def case(rng):
    ta, tb = rng.choice(TYPES), rng.choice(TYPES)
    va, vb = rng.choice(VALUES), rng.choice(VALUES)
    op = rng.choice(OPS)
    if op in ('<<', '>>'):
        vb = rng.choice(['1', '3', '31u', '2u'])
    if op in ('/', '%') and vb == '0':
        vb = '7'
    form = rng.choice(FORMS)
    if form == 'a OP= b' and op in ('<', '>=', '=='):
        form = 'a OP b'
    head = f'{ta} a = {va}; {tb} b = {vb};'
    if form == 'a OP= b':
        return f'{head} a {op}= b; print(a);'
    if form == 'c ? a : b':
        return f'{head} bool c = {rng.choice(["true", "false"])}; print(c ? a : b);'
    return f'{head} print({form.replace("OP", op)});'


def main():
    seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    with open(out, 'w') as f:
        for k in range(count):
            f.write(f'// ---- signedness {seed}.{k}\n{case(rng)}\n')


if __name__ == '__main__':
    main()
