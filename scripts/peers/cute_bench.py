#!/usr/bin/env python3
"""Times the workload in CuTe C++ (g++ -O3 against the CuTe headers of the registry package
nvidia-cutlass). Dynamic values are loaded from memory and passed through an empty asm
barrier on every iteration, so the optimizer cannot fold or hoist them; static values
(_N) are Int<N>. Prints `name ns_per_op` lines; `--static` times crd2idx with a static
layout (and a dynamic coordinate) instead.

  cute_bench.py INCLUDE_DIR... [--static] [--exe PATH]

With `--exe PATH`, the program is only compiled, to PATH (with libstdc++ linked in, so
that it runs on another machine), and not run.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import workload  # noqa: E402

PRELUDE = r"""
#include <cute/layout.hpp>
#include <cute/tensor.hpp>
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <vector>
using namespace cute;
static int g_vals[64];
template <class T> static inline void sink(T const& t) {
  long acc = 0;
  if constexpr (is_layout<T>::value) {
    for_each_leaf(shape(t), [&](auto x) { acc += long(x); });
    for_each_leaf(stride(t), [&](auto x) { acc += long(x); });
  } else if constexpr (is_tuple<T>::value) {
    for_each_leaf(t, [&](auto x) { acc += long(x); });
  } else {
    acc += long(t);
  }
  asm volatile("" : : "r"(acc) : "memory");
}
template <class F> static double time_ns(F f) {
  using clk = std::chrono::steady_clock;
  long iters = 1;
  for (;;) {
    auto t0 = clk::now();
    for (long i = 0; i < iters; ++i) f();
    double ms = std::chrono::duration<double, std::milli>(clk::now() - t0).count();
    if (ms >= 20 || iters >= (1L << 30)) break;
    iters *= 2;
  }
  std::vector<double> s;
  for (int r = 0; r < 7; ++r) {
    auto t0 = clk::now();
    for (long i = 0; i < iters; ++i) f();
    s.push_back(std::chrono::duration<double, std::nano>(clk::now() - t0).count() / iters);
  }
  return *std::min_element(s.begin(), s.end());
}
"""


class Gen:
    def __init__(self, static_all=False):
        self.vals = []
        self.static_all = static_all

    def cpp(self, e):
        t = e[0]
        if t == "sint" or (t == "int" and self.static_all):
            return f"Int<{e[1]}>{{}}"
        if t == "int":
            self.vals.append(e[1])
            return f"d{len(self.vals) - 1}"
        if t == "tuple":
            return "make_tuple(" + ",".join(self.cpp(x) for x in e[1]) + ")"
        if t == "layout":
            return f"make_layout({self.cpp(e[1])},{self.cpp(e[2])})"
        if t == "call":
            return f"{e[1]}(" + ",".join(self.cpp(x) for x in e[2]) + ")"
        raise ValueError(t)


def body(name, e, static):
    g = Gen()
    if e[0] == "call" and e[1] == "offsets":
        inner = g.cpp(e[2][0])
        expr = f"[&]{{ auto L = {inner}; long s = 0; for (int i = 0; i < int(size(L)); ++i) s += L(i); return s; }}()"
    elif static and e[0] == "call" and e[1] == "crd2idx":
        # a static layout and a dynamic coordinate
        coord = g.cpp(e[2][0])
        s = Gen(static_all=True)
        expr = f"crd2idx({coord},{s.cpp(e[2][1])},{s.cpp(e[2][2])})"
    else:
        expr = g.cpp(e)
    loads = "".join(f"int d{k} = g_vals[{k}]; asm volatile(\"\" : \"+r\"(d{k}));" for k in range(len(g.vals)))
    init = "".join(f"g_vals[{k}] = {v};" for k, v in enumerate(g.vals))
    return (f'{{ {init} double ns = time_ns([&]{{ {loads} auto r = {expr}; sink(r); }});'
            f' std::printf("{name} %.2f\\n", ns); }}\n')


def main():
    argv = sys.argv[1:]
    exe_out = None
    if "--exe" in argv:
        k = argv.index("--exe")
        exe_out = argv[k + 1]
        del argv[k:k + 2]
    args = [a for a in argv if not a.startswith("--")]
    static = "--static" in argv
    src = PRELUDE + "int main() {\n"
    for name, text, e in workload.load():
        if static and not (e[0] == "call" and e[1] == "crd2idx"):
            continue
        src += body(name + ("_static" if static else ""), e, static)
    src += "return 0; }\n"
    with tempfile.TemporaryDirectory() as d:
        cpp = os.path.join(d, "bench.cpp")
        exe = exe_out or os.path.join(d, "bench")
        open(cpp, "w").write(src)
        cmd = (["g++", "-std=c++17", "-O3", "-DNDEBUG", "-w", "-static-libstdc++", "-static-libgcc"]
               + [f"-I{p}" for p in args] + [cpp, "-o", exe])
        subprocess.run(cmd, check=True)
        if exe_out is None:
            subprocess.run([exe], check=True)


if __name__ == "__main__":
    main()
