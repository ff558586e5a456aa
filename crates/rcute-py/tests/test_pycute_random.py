"""rcute.pycute against pycute itself on random layouts (seeded): the same printed answer,
or both refuse, or rcute.pycute refuses and pycute's answer breaks the operation's law."""
import ast
import random

import rcute
import rcute.pycute as R
from pycute_site import import_pycute

P = import_pycute()
OPS = ["composition", "logical_divide", "zipped_divide", "tiled_divide", "complement",
       "logical_product", "zipped_product", "coalesce", "filter", "right_inverse",
       "left_inverse"]


def shape(rng, depth=0):
    if depth < 2 and rng.random() < 0.35:
        return tuple(shape(rng, depth + 1) for _ in range(rng.randint(1, 3)))
    return rng.choice([1, 2, 2, 3, 4, 4, 6, 8])


def stride_like(rng, s):
    if isinstance(s, tuple):
        return tuple(stride_like(rng, x) for x in s)
    return rng.choice([0, 1, 1, 2, 3, 4, 6, 8, 16, 32, -1, -2])


def stride_like_nonneg(rng, s):
    if isinstance(s, tuple):
        return tuple(stride_like_nonneg(rng, x) for x in s)
    return rng.choice([0, 1, 1, 2, 3, 4, 6, 8, 16, 32])


def layout(rng, compact=False):
    s = shape(rng)
    return (s, None) if compact or rng.random() < 0.3 else (s, stride_like(rng, s))


def make(lib, sd):
    return lib.Layout(sd[0]) if sd[1] is None else lib.Layout(*sd)


def draw(rng):
    """One call: (operation, [argument builders taking the library])."""
    a, b, c = layout(rng), layout(rng), layout(rng, compact=True)
    rank = len(a[0]) if isinstance(a[0], tuple) else 1
    tiler = tuple(rng.choice([None, rng.choice([1, 2, 4]), layout(rng)])
                  for _ in range(rng.randint(1, rank)))

    def tl(lib):
        return tuple(x if x is None or isinstance(x, int) else make(lib, x) for x in tiler)

    op = rng.choice(OPS)
    A = (lambda lib: make(lib, a))
    B = (lambda lib: make(lib, b))
    if op in ("composition", "logical_divide", "zipped_divide", "tiled_divide"):
        return op, [A, rng.choice([B, tl])]
    if op == "complement":
        return op, [A] + ([lambda lib, n=rng.choice([1, 8, 16, 64, 100]): n] if rng.random() < 0.5 else [])
    if op in ("logical_product", "zipped_product"):
        # a B of negative cosize takes pycute through a complement with a negative shape,
        # which rcute.pycute does not mirror (it refuses): B's strides are not negative
        bp = (b[0], None if b[1] is None else stride_like_nonneg(rng, b[0]))
        return op, [rng.choice([A, lambda lib: make(lib, c)]), lambda lib: make(lib, bp)]
    return op, [rng.choice([A, lambda lib: make(lib, c)])]


def run(lib, op, args):
    try:
        return str(getattr(lib, op)(*[f(lib) for f in args]))
    except RecursionError:
        return "error"
    except Exception:  # pycute's refusals: AssertionError, ZeroDivisionError, ...
        return "error"


LAW = {"zipped_divide": "zipped_divide", "tiled_divide": "tiled_divide"}


def breaks_law(op, args, answer):
    def conv(x):
        if isinstance(x, R.Layout):
            return R.to_rcute(x)
        if isinstance(x, tuple):
            return tuple(conv(e) for e in x)
        return rcute.static(x) if isinstance(x, int) else x

    operands = [conv(f(R)) for f in args]
    shape_text, stride_text = answer.split(":")
    try:
        result = R.to_rcute(R.Layout(ast.literal_eval(shape_text), ast.literal_eval(stride_text)))
    except rcute.Error:
        return True  # no layout: a shape of 0 or below
    verdict = rcute.check_law(op, operands, result)[0]
    if verdict == "unchecked":
        # a law that cannot judge these operands: lawless only where rcute refuses too
        try:
            getattr(rcute, op)(*operands)
        except rcute.Error:
            return True
    return verdict == "breaks"


def test_random_layouts_answer_as_pycute():
    rng = random.Random(20240)
    same = refused = unlawful = 0
    for _ in range(3000):
        op, args = draw(rng)
        p, r = run(P, op, args), run(R, op, args)
        if p == r:
            same += 1
        elif p == "error" and r == "error":
            refused += 1
        else:
            assert r == "error", f"{op}({[str(f(P)) for f in args]}): pycute {p}, rcute.pycute {r}"
            assert breaks_law(op, args, p), f"{op}({[str(f(P)) for f in args]}): pycute's {p} is lawful"
            unlawful += 1
    assert same + refused + unlawful == 3000
    assert same > 2000, (same, refused, unlawful)
    print(f"same {same}, both refuse {refused}, pycute unlawful {unlawful}")


def test_indexing_answers_as_pycute():
    rng = random.Random(7)
    n = 0
    for _ in range(300):
        sd = layout(rng)
        pl, rl = make(P, sd), make(R, sd)
        for i in range(min(pl.size(), 64)):
            assert pl(i) == rl(i)
            n += 1
        assert str(pl) == str(rl) and pl.size() == rl.size() and pl.cosize() == rl.cosize()
    assert n > 1000


def answer(L, c):
    try:
        return L(c)
    except Exception:  # noqa: BLE001 (pycute asserts, rcute.pycute raises rcute.Error)
        return "error"


def test_indexing_past_the_domain_and_by_mode_answers_as_pycute():
    """Ints past the size (pycute's last leaf takes the rest) and tuples of one int per
    mode (inside each mode's domain and past it), on the fast paths of `L(c)`."""
    rng = random.Random(11)
    n = same = 0
    for _ in range(400):
        sd = layout(rng)
        pl, rl = make(P, sd), make(R, sd)
        size = pl.size()
        for i in list(range(size, size + 4)) + [rng.randrange(4 * size + 1)]:
            p, r = answer(pl, i), answer(rl, i)
            assert p == r, (str(pl), i, p, r)
            n += 1
            same += p == r
        if isinstance(pl.shape, tuple):
            for _ in range(6):
                c = tuple(rng.randrange(R.size(m) + 2) for m in pl.shape)
                p, r = answer(pl, c), answer(rl, c)
                assert p == r, (str(pl), c, p, r)
                n += 1
                same += p == r
    assert n > 2500 and same == n, (n, same)
