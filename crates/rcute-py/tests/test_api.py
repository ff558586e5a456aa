"""import rcute: values, the functions of the language's table, errors, pictures."""
import glob
import json
import os
import shutil
import subprocess

import pytest

import rcute

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def test_done_when_line():
    assert rcute.eval("A = (4,(2,2)):(2,(1,8)); A(2,(1,0))") == "5\n"


def test_as_cute_answers_what_cute_answers():
    program = "composition((_3,_16):(_48,_1), _4:_2)"
    with pytest.raises(rcute.Error) as e:
        rcute.eval(program)
    assert "CuTe C++ answers (_2,_2):(_96,_1)" in str(e.value)
    out = rcute.eval(program, as_cute=True).splitlines()
    assert out[0].startswith("warning: composition: rcute refuses this call")
    assert out[1:] == ["(_2,_2):(_96,_1)"]


def test_layout_is_a_function_with_pythons_conventions():
    A = rcute.Layout("(4,(2,2)):(2,(1,8))")
    assert A(2, (1, 0)) == 5 and A((2, (1, 0))) == 5 and A(6) == 5
    assert len(A) == 2 and [str(m) for m in A] == ["4:2", "(2,2):(1,8)"]
    assert str(A[1]) == "(2,2):(1,8)" and str(A) == "(4,(2,2)):(2,(1,8))"
    assert A == rcute.Layout((4, (2, 2)), (2, (1, 8)))
    assert A == rcute.Layout("(_4,(_2,_2)):(_2,(_1,_8))")  # CuTe's ==: values
    assert hash(A) == hash(rcute.Layout("(_4,(_2,_2)):(_2,(_1,_8))"))
    assert len({A, rcute.Layout((4, (2, 2)), (2, (1, 8)))}) == 1
    assert str(A(None, (1, None))) == "(4,2):(2,8)"


def test_int_tuples_keep_static_marks():
    s = rcute.static(8)
    assert str(s) == "_8" and s == 8 and hash(s) == hash(8) and int(s) == 8
    assert str(s * rcute.static(2)) == "_16" and s * 2 == 16 and type(s * 2) is int
    assert str(rcute.IntTuple("(_2,4)")) == "(_2,4)" and len(rcute.IntTuple("(_2,4)")) == 2
    assert str(rcute.size(rcute.Layout("(_4,_8):(_1,_4)"))) == "_32"
    assert rcute.size(rcute.Layout((4, 8))) == 32


def test_every_function_of_the_table_is_there_with_its_doc():
    fs = rcute.functions()
    assert len(fs) > 100
    for f in fs:
        if f.__name__ == "explain":
            continue  # rcute.explain takes the call to explain
        if f.__name__ == "make_tensor":
            # numpy's view or the table's function, by the first argument
            assert "language's ``make_tensor``" in rcute.make_tensor.__doc__
            continue
        g = getattr(rcute, f.__name__)
        assert isinstance(g, rcute.Function) and g.__doc__.startswith(f.doc.split("\n")[0])
    assert rcute.explain.__doc__  # explain takes a program or a call


def test_template_arguments_are_an_index():
    A = rcute.Layout("(_4,(_2,_3)):(_2,(_1,_8))")
    assert str(rcute.size[1](A)) == "_6"
    assert str(rcute.take[0, 1](A)) == "(_4):(_2)"
    assert str(rcute.get[1, 0](A.shape)) == "_2"
    assert str(rcute.upcast[2](rcute.Layout("(_4,_8):(_1,_4)"))) == rcute.eval("upcast<2>((_4,_8):(_1,_4))").strip()


def test_the_cli_examples():
    cases = {
        "composition((12,(4,8)):(59,(13,1)), (_3:_4, _8:_2))": lambda: rcute.composition(
            "(12,(4,8)):(59,(13,1))", (rcute.value("_3:_4"), rcute.value("_8:_2"))),
        "zipped_divide((_9,(_4,_8)):(_59,(_13,_1)), (_3:_3, (_2,_4):(_1,_8)))": lambda: rcute.zipped_divide(
            "(_9,(_4,_8)):(_59,(_13,_1))", "(_3:_3, (_2,_4):(_1,_8))"),
        "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (_2,_2,_1))": lambda: rcute.make_tiled_mma(
            rcute.atom("SM80_16x8x16_F32F16F16F32_TN"), rcute.static((2, 2, 1))),
    }
    for program, call in cases.items():
        assert str(call()) + "\n" == rcute.eval(program)


def test_errors_carry_the_message_and_the_caret():
    with pytest.raises(rcute.Error) as e:
        rcute.composition("(_3,_16):(_48,_1)", "_4:_2")
    assert isinstance(e.value, ValueError)
    assert e.value.message.startswith("composition: stride divisibility condition violated")
    lines = str(e.value).split("\n")
    assert lines[0] == "error: " + e.value.message
    assert lines[1] == "composition((_3,_16):(_48,_1), _4:_2)" and set(lines[2]) == {"^"}
    with pytest.raises(rcute.Error) as e:
        rcute.eval("A = (2,3):(3,1); A; frob(1)")
    assert e.value.output == "(2,3):(3,1)\n" and str(e.value).endswith("frob(1)\n                    ^^^^")
    with pytest.raises(rcute.Error) as e:
        rcute.logical_divide(rcute.Layout((4, 8)), rcute.value("_3:_2"))
    # the caret under the argument the error is about
    assert "^" in str(e.value)


def cli():
    # the newer of the two builds (a stale release build must not answer for the sources)
    built = [os.path.join(ROOT, p) for p in ["target/release/cute", "target/debug/cute"]]
    built = [p for p in built if os.path.exists(p)]
    if built:
        return max(built, key=os.path.getmtime)
    subprocess.run(["cargo", "build", "-q", "-p", "rcute-cli"], cwd=ROOT, check=True)
    return os.path.join(ROOT, "target/debug/cute")


def cute(*args):
    return subprocess.run([cli(), *args], capture_output=True, text=True, check=True).stdout


def test_pictures_are_the_clis():
    L = "composition(Swizzle<3,0,3>, make_layout((_8,_8), LayoutRight))"
    assert rcute.value(L)._repr_svg_() == cute("svg", L)
    assert rcute.Layout("(_4,_8):(_8,_1)")._repr_svg_() == cute("svg", "(_4,_8):(_8,_1)")
    tv = "((_4,_2),(_2,_2)):((_2,_16),(_1,_8))"
    assert rcute.TVLayout(tv, rcute.static((8, 4)))._repr_svg_() == cute("svg", "--tv", tv, "(_8,_4)")
    M = "make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN)"
    assert rcute.value(M)._repr_svg_() == cute("svg", "--mma", M)
    C = "make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN))"
    assert rcute.value(C)._repr_svg_() == cute("svg", "--copy", C)
    r = rcute.bank_conflicts("(_16,_64):(_64,_1)", C)
    assert str(r) == cute("banks", "(_16,_64):(_64,_1)", C)
    assert r.svg() == cute("banks", "(_16,_64):(_64,_1)", C, "--svg")
    assert r.svg() in r._repr_html_()


def golden_cases():
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "golden", "*.jsonl"))):
        for line in open(path):
            if line.strip():
                yield os.path.basename(path), json.loads(line)


def test_golden_files_replay_through_eval():
    """Every golden program gives through rcute.eval what `cute eval --batch` gives."""
    cases = list(golden_cases())
    assert len(cases) > 8000
    batch = "\n".join(c["expr"].replace("\n", " ") for _, c in cases if "\n" not in c["expr"]) + "\n"
    out = subprocess.run([cli(), "eval", "--batch", "-"], input=batch, capture_output=True,
                         text=True).stdout.splitlines()
    n = 0
    for (name, c), line in zip(((n_, c) for n_, c in cases if "\n" not in c["expr"]), out):
        want = json.loads(line)
        try:
            got = rcute.eval(c["expr"])
        except rcute.Error as e:
            got = e.output + "error: " + e.message
        assert got.rstrip("\n") == want["out"].rstrip("\n"), (name, c["expr"])
        n += 1
    assert n > 8000


def test_the_stubs_are_the_tables():
    import importlib.util

    spec = importlib.util.spec_from_file_location("stubs", os.path.join(os.path.dirname(__file__), "..", "stubs.py"))
    stubs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(stubs)
    here = os.path.join(os.path.dirname(__file__), "..", "python", "rcute", "_functions.pyi")
    assert open(here).read() == stubs.text()
