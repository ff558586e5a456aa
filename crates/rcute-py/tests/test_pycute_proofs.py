"""The answers rcute.pycute gives by proof (pycute's answer, proved to be its operation's
function where the conditions of src/pycute_algo.rs hold, without rcute's answer or the
law) against the checked way (rcute's answer, the law) and against pycute itself, on
random operands (seeded): those of test_pycute_random.py and the GEMM-like tilings of
bench/speed.py."""
import os
import random
import sys

import rcute
import rcute.pycute as R
from pycute_site import import_pycute
from test_pycute_random import draw, run

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import speed  # noqa: E402

P = import_pycute()
native = rcute._rcute.pycute


NATIVE = {"composition", "logical_divide", "complement", "logical_product", "coalesce"}


def gemm_calls(rng):
    """The calls of bench/speed.py on one operand set, as (operation, [argument builders])."""
    o = speed.draw(rng)

    def lay(x):
        return lambda lib: lib.Layout(*x)

    tile = o["tile"]
    return [
        ("composition", [lay(o["A"]), lambda lib: (lib.Layout(tile[0], 1), lib.Layout(tile[1], 1))]),
        ("logical_divide", [lay(o["A"]), lambda lib: tile]),
        ("complement", [lay(o["tv"]), lambda lib: o["cot"]]),
        ("logical_product", [lay(o["atom"]), lay(o["rep"])]),
        ("coalesce", [lay(o["part"])]),
    ]


def checked(op, args):
    """The answer with every proved answer checked the second way, and whether it was
    answered by proof; a failed check raises."""
    before = native._proved()
    native._set_checked(True)
    try:
        getattr(R, op)(*[f(R) for f in args])
    except rcute.Error as e:
        assert "proved lawful" not in str(e), str(e)
    finally:
        native._set_checked(False)
    return native._proved() > before


def test_proved_answers_are_the_checked_ones_and_pycutes():
    rng = random.Random(4242)
    calls = [draw(rng) for _ in range(6000)]
    for _ in range(400):
        calls += gemm_calls(rng)
    proved = by_op = 0
    seen = {}
    for op, args in calls:
        # zipped_divide, tiled_divide, zipped_product call the native operations more than
        # once (each call answered by proof is checked the second way): pycute's answer is
        # compared in test_pycute_random.py
        if checked(op, args) and op in NATIVE:
            proved += 1
            seen[op] = seen.get(op, 0) + 1
            # the proved answer is pycute's, printed alike, and the same unchecked
            p, r = run(P, op, args), run(R, op, args)
            assert p == r, f"{op}({[str(f(P)) for f in args]}): pycute {p}, rcute.pycute {r}"
        else:
            by_op += 1
    assert proved + by_op == 8000
    # the proofs answer most calls, each operation many
    assert proved > 4000, (proved, seen)
    for op in NATIVE:
        assert seen.get(op, 0) >= 300, (op, seen)
    print(f"proved {proved} of 8000: {seen}")


def test_the_checked_way_catches_a_wrong_proof():
    # while checked, a call answered by proof is counted; one not proved is not
    n = native._proved()
    assert checked("coalesce", [lambda lib: lib.Layout((2, 4), (1, 2))])
    assert native._proved() == n + 1
    # pycute's composition (6,2):(1,10) o 4:2 floors 4 // 3 (its answer, 3:2, has 3
    # elements): not proved, answered the checked way (an error)
    a, b = (lambda lib: lib.Layout((6, 2), (1, 10))), (lambda lib: lib.Layout(4, 2))
    assert run(P, "composition", [a, b]) == "3:2"
    assert not checked("composition", [a, b])
    assert run(R, "composition", [a, b]) == "error"


def test_the_call_floor_of_the_bench_answers_its_first_argument():
    # bench/speed.py times a call of it: the floor of L(i)
    f = native._CallFloor()
    assert f(12345) == 12345 and f(None, 2) is None and f((1, 2)) == (1, 2)
    try:
        f()
    except IndexError:
        pass
    else:
        raise AssertionError("a call without an argument answered")
