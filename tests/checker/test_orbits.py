"""The canonical member of a state's orbit (tla/orbits.py): one per orbit, whatever the order in
which states come, since the canonicaliser carries the previous state's rank sums forward."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from phalanx_verify.check.fingerprints import state_fingerprint
from phalanx_verify.check.parallel import orbit_fingerprint
from phalanx_verify.check.symmetry import generated_group
from phalanx_verify.tla.orbits import canonicaliser, permute
from phalanx_verify.tla.valuetypes import Fcn, ModelValue

A = [ModelValue(f"a{i}") for i in range(3)]
P = [ModelValue(f"p{i}") for i in range(2)]
# Permutations(A) \cup Permutations(P), as Detlefs names them: the group they generate
GROUP = generated_group([dict(zip(A, q, strict=True)) for q in itertools.permutations(A)]
                        + [dict(zip(P, q, strict=True)) for q in itertools.permutations(P)])

component = st.one_of(
    st.sampled_from(A + P + [0, 1, "x"]),
    st.frozensets(st.sampled_from(A), max_size=3),
    st.builds(lambda vs: Fcn(dict(zip(P, vs, strict=True))), st.tuples(st.sampled_from(A), st.sampled_from(A))),
    st.tuples(st.sampled_from(A + P), st.integers(0, 2)),
)
states = st.lists(st.tuples(component, component, component), min_size=1, max_size=12)


@settings(max_examples=150, deadline=None)
@given(states, st.randoms(use_true_random=False))
def test_every_member_of_an_orbit_has_one_canonical_member(batch: list[tuple], rnd) -> None:
    canonical = canonicaliser(GROUP)
    picked = {s: canonical(s) for s in batch}
    # the orbit's other members, in a shuffled order and with components shared by identity
    # with the state before them (as successors of one state come)
    members = [(s, tuple(permute(x, pi) for x in s)) for s in batch for pi in GROUP]
    rnd.shuffle(members)
    for s, image in members:
        assert canonical(image) == picked[s]
        mixed = image[:1] + s[1:]  # not in s's orbit in general
        assert canonical(mixed) == canonicaliser(GROUP)(mixed)  # carried forward = from scratch
    fresh = canonicaliser(GROUP)
    assert all(fresh(s) == picked[s] for s in reversed(batch))


def test_states_of_different_orbits_stay_apart() -> None:
    canonical = canonicaliser(GROUP)
    s = (Fcn({P[0]: A[0], P[1]: A[0]}), frozenset({A[1]}))
    t = (Fcn({P[0]: A[0], P[1]: A[1]}), frozenset({A[1]}))  # no permutation maps s to t
    assert canonical(s) != canonical(t)
    assert canonical(s) == canonical((Fcn({P[0]: A[2], P[1]: A[2]}), frozenset({A[0]})))


@settings(max_examples=60, deadline=None)
@given(states, st.sampled_from([None, 7]))
def test_the_parallel_search_fingerprints_the_representative(batch: list[tuple], seed: int | None) -> None:
    """orbit_fingerprint keeps component fingerprints by identity: the value is still
    state_fingerprint of the canonical member, for every member of the orbit."""
    model = SimpleNamespace(canonical=canonicaliser(GROUP), component_fps={})
    reference = canonicaliser(GROUP)
    for s in batch:
        want = state_fingerprint(reference(s), seed)
        for pi in GROUP[:4]:
            assert orbit_fingerprint(model, tuple(permute(x, pi) for x in s), seed) == want  # type: ignore[arg-type]
        assert orbit_fingerprint(model, s, seed) == want  # type: ignore[arg-type]
