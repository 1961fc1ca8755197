"""fingerprints.ComponentTable, the parallel search's row encoding: a variable's values get one
id per TLA+ value, so Python's 1 == True must not merge [n |-> 1] and [n |-> TRUE]; for the
variables proven never to hold a Boolean (``exact``) the encoding skips that confirming walk and
must give the same ids and fingerprints."""

from __future__ import annotations

import numpy as np

from phalanx_verify.check.fingerprints import ComponentTable, state_fingerprint
from phalanx_verify.tla import make_fcn


def _encode(table: ComponentTable, states: list[tuple]) -> np.ndarray:
    buf = bytearray()
    append = table.appender(buf)
    parent_row, parent = table.encode_new(states[0])[1], states[0]
    for k, t in enumerate(states):
        append(t, parent_row, parent, k)
    return np.frombuffer(bytes(buf), dtype=table.record)


def test_exact_variables_encode_as_the_walked_ones() -> None:
    states = [(make_fcn({"n": i % 3}), i % 2, frozenset({i % 4})) for i in range(12)]
    walked = _encode(ComponentTable(3), states)
    exact = _encode(ComponentTable(3, exact=frozenset({0, 1, 2})), states)
    assert (walked["fp"] == exact["fp"]).all() and (walked["row"] == exact["row"]).all()
    assert walked["fp"].tolist() == [state_fingerprint(t) for t in states]
    assert len(set(walked["fp"].tolist())) == 12


def test_a_boolean_keeps_its_own_id_where_the_variable_is_not_exact() -> None:
    one, true = make_fcn({"n": 1}), make_fcn({"n": True})
    rows = _encode(ComponentTable(1), [(one,), (true,), (one,)])
    assert rows["row"][0][0] == rows["row"][2][0] != rows["row"][1][0]
    assert rows["fp"][0] != rows["fp"][1]


def test_the_value_array_decodes_rows_as_decode_does() -> None:
    """value_array()[rows] gives the states decode gives, value for value (the same objects),
    for values numpy would otherwise take apart: tuples all of one length (which np.array
    makes a matrix of), sets, functions; and again after the table grew (the array is kept
    and extended)."""
    for states in ([((i, i + 1),) for i in range(40)],
                   [((i, i + 1), frozenset({i % 3}), make_fcn({"n": i % 2}), (), "s") for i in range(40)]):
        table = ComponentTable(len(states[0]))
        for end in (1, 2, 9, 40):  # the table grows between the calls
            rows = np.array(_encode(table, states[:end])["row"])
            blocks = table.value_array()[rows].tolist()
            assert len(blocks) == end
            for row, block, t in zip(rows.tolist(), blocks, states[:end], strict=True):
                decoded = table.decode(row)
                assert decoded == t and all(a is b for a, b in zip(tuple(block), decoded, strict=True))
