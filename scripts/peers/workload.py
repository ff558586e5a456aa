"""The benchmark workload (benches/workload.txt): a parser for its expressions and
translations to CuTe C++, pycute and tensor-layouts."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOKEN = re.compile(r"\s*(?:(?P<sint>_-?\d+)|(?P<int>-?\d+)|(?P<name>[A-Za-z][A-Za-z0-9_]*)|(?P<p>[(),:]))")


def load(path=None):
    """[(name, expression text, ast)] of the workload file: $RCUTE_WORKLOAD when set (a
    bundle made by `compare-peers.sh --bundle`), else benches/workload.txt."""
    if path is None:
        path = os.environ.get("RCUTE_WORKLOAD") or os.path.join(ROOT, "benches", "workload.txt")
    out = []
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, expr = (s.strip() for s in line.split("|", 1))
        out.append((name, expr, parse(expr)))
    return out


def parse(s):
    toks, pos = [], 0
    while pos < len(s):
        if s[pos:].strip() == "":
            break
        m = TOKEN.match(s, pos)
        if not m:
            raise SyntaxError(f"bad input at {pos}: {s[pos:]!r}")
        toks.append((m.lastgroup, m.group(m.lastgroup)))
        pos = m.end()
    p = _Parser(toks)
    e = p.expr()
    assert p.i == len(toks), s
    return e


class _Parser:
    def __init__(self, toks):
        self.t, self.i = toks, 0

    def peek(self):
        return self.t[self.i] if self.i < len(self.t) else (None, None)

    def eat(self, v=None):
        tok = self.peek()
        assert v is None or tok[1] == v, (v, tok)
        self.i += 1
        return tok

    def expr(self):
        e = self.atom()
        if self.peek()[1] == ":":
            self.eat(":")
            e = ("layout", e, self.atom())
        return e

    def args(self):
        self.eat("(")
        out = []
        if self.peek()[1] != ")":
            out.append(self.expr())
            while self.peek()[1] == ",":
                self.eat(",")
                out.append(self.expr())
        self.eat(")")
        return out

    def atom(self):
        kind, v = self.peek()
        if kind == "int":
            self.eat()
            return ("int", int(v))
        if kind == "sint":
            self.eat()
            return ("sint", int(v[1:]))
        if v == "(":
            return ("tuple", self.args())
        if kind == "name":
            self.eat()
            return ("call", v, self.args())
        raise SyntaxError(v)


# ---------------------------------------------------------------- plain Python values
def to_py(e, lib):
    """An AST as values of pycute or tensor-layouts (no static/dynamic distinction)."""
    t = e[0]
    if t in ("int", "sint"):
        return e[1]
    if t == "tuple":
        items = [to_py(x, lib) for x in e[1]]
        if any(isinstance(x, lib.Layout) for x in items) and hasattr(lib, "Tile"):
            return lib.Tile(*items)
        return tuple(items)
    if t == "layout":
        return lib.Layout(to_py(e[1], lib), to_py(e[2], lib))
    raise ValueError(f"not a value: {e}")
