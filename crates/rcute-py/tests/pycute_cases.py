"""The cases of pycute's own test suite (CUTLASS test/python/pycute: test_composition,
test_complement, test_coalesce, test_left_inverse, test_right_inverse,
test_logical_product, test_product, test_int_tuple, test_swizzle, test_typing), as
expressions of pycute's API. Each is evaluated with pycute (``answer_pycute.py`` writes
``pycute_answers.json``) and with ``rcute.pycute`` (``test_pycute_suite.py``).

Each case: (suite, operation, expression); the operation names the law an answer is
checked by where the two differ.
"""

L = "Layout"


def _layouts(*items):
    return list(items)


COMPOSITION = [
    ("1,0", "1,0"), ("1,0", "1,1"), ("1,1", "1,0"), ("1,1", "1,1"),
    ("(4)", "(4)"), ("(4), (2)", "(4)"), ("(4)", "(4), (2)"), ("(4), (0)", "(4)"),
    ("(4)", "(4), (0)"), ("(1), (0)", "(4)"), ("(4)", "(1), (0)"), ("(4)", "(2)"),
    ("(4), (2)", "(2)"), ("(4)", "(2), (2)"), ("(4), (2)", "(2), (2)"), ("(12)", "(4,3)"),
    ("(12), (2)", "(4,3)"), ("(12)", "(4,3), (3,1)"), ("(12), (2)", "(4,3), (3,1)"),
    ("(12)", "(2,3), (2,4)"), ("(4,3)", "(4,3)"), ("(4,3)", "(12)"), ("(4,3)", "(6), (2)"),
    ("(4,3)", "(6,2), (2,1)"), ("(4,3), (3,1)", "(4,3)"), ("(4,3), (3,1)", "(12)"),
    ("(4,3), (3,1)", "(6), (2)"), ("(4,3), (3,1)", "(6,2), (2,1)"),
    ("(8,8)", "((2,2,2), (2,2,2)),((1,16,4), (8,2,32))"),
    ("(8,8), (8,1)", "((2,2,2), (2,2,2)),((1,16,4), (8,2,32))"),
    ("((2,2,2), (2,2,2)),((1,16,4), (8,2,32))", "8, 4"),
    ("((4,2)), ((1,16))", "(4,2), (2,1)"), ("(2,2), (2,1)", "(2,2), (2,1)"),
    ("(4,8,2)", "(2,2,2), (2,8,1)"), ("(4,8,2), (2,8,1)", "(2,2,2), (1,8,2)"),
    ("(4,8,2), (2,8,1)", "(4,2,2), (2,8,1)"), ("(4,6,8),(1,4,7)", "(6),(1)"),
    ("(4,6,8,10),(2,3,5,7)", "6,12"),
]

COMPLEMENT = [
    "1,0", "1,1", "4,0", "(2,4),(1,2)", "(2,3),(1,2)", "(2,4),(1,4)", "(2,4,8),(8,1,64)",
    "((2,2),(2,2)),((1,4),(8,32))", "(2,(3,4)),(3,(1,6))", "(4,6),(1,6)", "(4,10),(1,10)",
]

COALESCE = [
    "1,0", "1,1", "(2,4)", "(2,4,6)", "(2,4,6), (1,6,2)", "(2,1,6), (1,7,2)",
    "(2,1,6), (4,7,8)", "(2,(4,6))", "(2,4), (4,1)", "(2,4,6), (24,6,1)",
    "(2,1,3), (2,4,4)", "((2,2),(2,2)), ((1,4),(8,32))",
]

LEFT_INVERSE = [
    "1,0", "(1,1),(0,0)", "1,1", "4,1", "4,2", "(8,4),(1,8)", "(8,4),(4,1)",
    "(2,4,6),(1,2,8)", "(2,4,6),(4,1,8)", "(4,2),(1,16)",
]

RIGHT_INVERSE = [
    "1,0", "(1,1),(0,0)", "(3,7),(0,0)", "1,1", "4,0", "4,1", "4,2", "(2,4),(0,2)",
    "(8,4),(1,8)", "(8,4),(4,1)", "(2,4,6),(1,2,8)", "(2,4,6),(4,1,8)", "(4,2),(1,16)",
]

# test_logical_product.py and test_product.py
PRODUCT = [
    ("logical_product", "logical_product(Layout((2,5),(5,1)), 4)"),
    ("logical_product", "logical_product(Layout((2,5),(5,1)), Layout(4))"),
    ("logical_product", "logical_product(Layout(4,1), 3)"),
    ("logical_product", "logical_product(Layout(4,1), Layout(3))"),
    ("logical_product", "logical_product(Layout((4,8),(1,4)), 16)"),
    ("logical_product", "logical_product(Layout((4,8),(1,4)), Layout(16))"),
    ("logical_product", "logical_product(Layout(((2,2),(2,2)),((1,4),(8,32))), 4)"),
    ("logical_product", "logical_product(Layout(((2,2),(2,2)),((1,4),(8,32))), Layout(4))"),
    ("logical_product", "logical_product(Layout((2,5),(5,1)), None)"),
    ("logical_product", "logical_product(Layout((2,5),(5,1)), (4,2))"),
    ("logical_product", "logical_product(Layout((2,5),(5,1)), (Layout(4),Layout(2)))"),
    ("logical_product", "make_layout(logical_product(Layout((2,5),(5,1))[0], Layout(4)), logical_product(Layout((2,5),(5,1))[1], Layout(2)))"),
    ("zipped_product", "zipped_product(Layout((2,5),(5,1)), 4)"),
    ("zipped_product", "zipped_product(Layout((2,5),(5,1)), Layout(4))"),
    ("tiled_product", "tiled_product(Layout((2,5),(5,1)), 4)"),
    ("tiled_product", "tiled_product(Layout((2,5),(5,1)), Layout(4))"),
    ("logical_product", "logical_product(Layout(1,0), Layout(1,0))"),
    ("logical_product", "logical_product(Layout(1,1), Layout(1,0))"),
    ("logical_product", "logical_product(Layout(1,0), Layout(1,1))"),
    ("logical_product", "logical_product(Layout(1,1), Layout(1,1))"),
    ("logical_product", "logical_product(Layout(3,1), Layout(4,0))"),
    ("logical_product", "logical_product(Layout(3,0), Layout(4,1))"),
    ("logical_product", "logical_product(Layout(3,0), Layout(4,0))"),
    ("logical_product", "logical_product(Layout(3,2), Layout(4,1))"),
    ("logical_product", "logical_product(Layout(3), Layout((2,4)))"),
    ("logical_product", "logical_product(Layout(3,2), 4)"),
    ("logical_product", "logical_product(Layout(3,2), Layout(4))"),
]

INT_TUPLE = [
    "product(2)", "product((3,2))", "product(product(((2,3),4)))",
    "inner_product(2, 3)", "inner_product((1,2), (3,2))", "inner_product(((2,3),4), ((2,1),2))",
    "shape_div((3,4), 6)", "shape_div((3,4), 12)", "shape_div((3,4), 36)",
    "shape_div(((3,4),6), 36)", "shape_div((6,(3,4)), 36)",
    "prefix_product(2)", "prefix_product((3,2))", "prefix_product((3,2,4))",
    "prefix_product(((2,3),4))", "prefix_product(((2,3),(2, 1, 2),( 5,  2,  1)))",
]

PROBE_POINTS = [0, 1, 2, 7, 8, 9, 15, 16, 63, 64, 255, 256]
SWIZZLES = ["0, 4, 0", "2, 3, -3", "1, 0, 1", "3, 2, 3", "2, 1, -2"]

TYPING = [
    "issubclass(int, Integer)", "isinstance(1, Integer)", "issubclass(float, Integer)",
    "isinstance(1., Integer)", "issubclass(str, Integer)", "isinstance('hi', Integer)",
    "issubclass(bool, Integer)", "isinstance(False, Integer)",
]


def cases():
    """Every case: (suite, operation, expression)."""
    out = []
    for a, b in COMPOSITION:
        out.append(("composition", "composition", f"composition(Layout({a}), Layout({b}))"))
    for a in COMPLEMENT:
        out.append(("complement", "complement", f"complement(Layout({a}))"))
    for a in COALESCE:
        out.append(("coalesce", "coalesce", f"coalesce(Layout({a}))"))
    for a in LEFT_INVERSE:
        out.append(("left_inverse", "left_inverse", f"left_inverse(Layout({a}))"))
    for a in RIGHT_INVERSE:
        out.append(("right_inverse", "right_inverse", f"right_inverse(Layout({a}))"))
    for op, e in PRODUCT:
        out.append(("product", op, e))
    for e in INT_TUPLE:
        out.append(("int_tuple", e.split("(")[0], e))
    for s in SWIZZLES:
        out.append(("swizzle", "swizzle", f"[Swizzle({s})(x) for x in {PROBE_POINTS}]"))
        out.append((
            "swizzle", "swizzle",
            f"all(Swizzle({s})(Swizzle({s})(x)) == x for x in range(Swizzle({s}).size()))",
        ))
    for e in TYPING:
        out.append(("typing", "typing", e))
    return out
