"""The HDF-B lemmas of paper §5.2 as z3 queries on bounded trees, with the free state symbolic.

Each rule of Algorithm 1 is encoded as the planner states it (phalanx_ref/hdfb.py): Place scans
levels upward and takes the first level with a node that has a listed free block of order >= k
holding an aligned order-k block whose TP groups fit in level-1 domains; Release coalesces with a
free buddy as long as it can; Replan repairs a failed block from a reserved spare, else a free
block, in the failed block's domain, escalating one level at a time. Each planner mutant of
phalanx_ref/mutants.py is the same encoding with its one rule changed, and must get a
counterexample on some tree. A query is the negation of the lemma: unsat = proved.

Obligations (per tree, over every order k and TP size):
- Theorem 2 (precise): under the buddy invariant no fully free aligned order-k block with fitting
  TP groups has its bottleneck level below Place's level;
- Theorem 2 (naive): any g = 2^k free leaves, TP groups inside level-1 domains, in place of an
  aligned block: expected to FAIL (fragmentation), which is why the paper needs its caveat;
- Proposition 1 (i): Carve and Release (eager coalescing) keep the buddy invariant and change the
  free leaves by exactly the block; (ii): a listed block of order >= k exists iff an aligned
  order-k block is fully free;
- Proposition 2 (i)-(iii) with a spare in the failed block's level-(a+1) domain (a = 1): the
  repair moves exactly the 2^k ranks of the failed block, leaves the rest in place, and does not
  raise the bottleneck level B when B >= a+1. Two precisions the paper's "(ii) leaves B unchanged"
  needs, both found by z3: without B >= a+1 it fails (a job inside one level-1 domain whose repair
  must leave it rises to a+1; reported as a refuted statement), and B may *decrease* (NVL72-like:
  a repair escalated to the root can land in the rack holding the job's other blocks), so (ii) is
  checked as "B does not increase".
"""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

import z3

from phalanx_verify.prove import Kind, Limits, Result, Verdict, check, verdict

from .trees import Block, FreeList, Tree, bounded_trees, every, some, substituted


class Queries(NamedTuple):
    """A statement's queries on one tree, each the negation of one part (unsat: the part holds):
    the facts all of them share (the premise) and each query's own. With more than one query the
    shared facts are asserted once and each query is pushed and popped on that solver, which
    keeps what z3 learnt from the premise (NVL72-like Carve: 4.0 CPU s of z3 with a fresh solver
    per query, 0.7 s this way; Release 13.8 s, 7.1 s)."""

    shared: list[z3.BoolRef]
    each: list[list[z3.BoolRef]]


def one_query(*facts: z3.BoolRef) -> Queries:
    return Queries(list(facts), [[]])


Lemma = Callable[[Tree, z3.Context], Queries | None]
"""A statement on a tree as its queries, built in the given z3 context; None where it does not
apply to the tree."""

HDFB_RLIMIT = 400_000_000
"""z3 resource units per query of ``prove hdfb`` (its --rlimit). The lemmas on the NVL72-like
tree were far larger queries than the inductive obligations (about 40 s each under the old 60 s
wall limit, before Prop. 1 was asked only about what a step changes). z3 spends roughly 0.3 to 0.8 million units per CPU second on the inductive queries,
so this is about ten times what a 60 s query spent: a budget no proved lemma should reach, the
same on every machine. ``benchmarks/prove_bench.py --only-hdfb`` prints the most units any
obligation spent, all its queries together: 6 million (Prop. 2 order 0 on NVL72-like), far below
what one query may spend."""
HDFB_LIMITS = Limits(HDFB_RLIMIT)


def _tps(tree: Tree, k: int, split: bool) -> list[int]:
    """TP sizes to try for an order-k request; ``split`` adds sizes larger than a level-1 domain."""
    return [1 << i for i in range(k + 1) if split or (1 << i) <= tree.max_domain]


def place_level(fl: FreeList, k: int, tp: int, top_down: bool = False, ignore_fit: bool = False) -> z3.ArithRef:
    """Place's level for an order-k gang with TP size tp (depth+1 = queued)."""
    t = fl.tree
    cands = [b for b in t.blocks_of(k) if ignore_fit or t.groups_fit(b, tp)]
    feasible = [z3.Or([fl.inlisted(b) for b in cands if t.lca_level(b) <= h], fl.ctx) for h in range(t.depth + 1)]
    order = list(range(t.depth, -1, -1)) if top_down else list(range(t.depth + 1))
    out: z3.ArithRef = z3.IntVal(t.depth + 1, fl.ctx)
    for h in reversed(order):
        out = z3.If(feasible[h], h, out)
    return out


def theorem2(tree: Tree, fl: FreeList, top_down: bool = False) -> z3.BoolRef:
    """Negation of Theorem 2 (precise): a fully free fitting aligned block below Place's level."""
    cases = []
    for k in range(tree.max_order + 1):
        for tp in _tps(tree, k, split=False):
            pl = place_level(fl, k, tp, top_down=top_down)
            cases += [z3.And(fl.fully_free(b), tree.lca_level(b) < pl) for b in tree.blocks_of(k)
                      if tree.groups_fit(b, tp)]
    return z3.Or(cases, fl.ctx)


def tp_split(tree: Tree, fl: FreeList, ignore_fit: bool) -> z3.BoolRef:
    """Negation of "Place's block keeps every TP group inside a level-1 domain"."""
    cases = []
    for k in range(tree.max_order + 1):
        for tp in _tps(tree, k, split=True):
            pl = place_level(fl, k, tp, ignore_fit=ignore_fit)
            cases += [z3.And(fl.inlisted(b), tree.lca_level(b) == pl) for b in tree.blocks_of(k)
                      if not tree.groups_fit(b, tp) and (ignore_fit or tree.groups_fit(b, tp))]
    return z3.Or(cases, fl.ctx)


def naive_theorem2(tree: Tree, fl: FreeList) -> z3.BoolRef:
    """Negation of the naive Theorem 2: 2^k free leaves, TP groups inside level-1 domains, whose
    bottleneck level is below Place's."""
    cases = []
    ctx = fl.ctx
    pick = [z3.Bool(f"pick_{x}", ctx) for x in range(tree.n)]
    for k in range(1, tree.max_order + 1):
        for tp in _tps(tree, k, split=False):
            pl = place_level(fl, k, tp)
            per_domain = [z3.Sum([z3.If(pick[x], 1, 0) for x in r]) for r in tree.domain_ranges(1)]
            below = z3.Or([z3.And(z3.IntVal(h, ctx) < pl, z3.And([z3.Not(pick[x]) for x in range(tree.n)
                                                               if tree.domain(h, x) != dom], ctx))
                           for h in range(tree.depth + 1) for dom in tree.domain_ids(h)])
            cases.append(z3.And(z3.Sum([z3.If(p, 1, 0) for p in pick]) == (1 << k),
                                z3.And([z3.Implies(pick[x], fl.covers(x)) for x in range(tree.n)]),
                                z3.And([c % tp == 0 for c in per_domain]), below))
    return z3.Or(cases, ctx)


# -- Proposition 1 -------------------------------------------------------------------------------
def release(tree: Tree, fl: FreeList, r: Block, coalesce: bool) -> dict[Block, z3.BoolRef]:
    """The free list after releasing allocated block r, merging free buddies while it can (an
    entry it leaves alone is the pre-state's own term)."""
    post = dict(fl.listed)
    true, false = z3.BoolVal(True, fl.ctx), z3.BoolVal(False, fl.ctx)
    if not coalesce:
        post[r] = true
        return post
    cur, active = r, true
    while True:
        bud = tree.buddy(cur)
        merge = z3.And(active, fl.listed[bud]) if bud is not None else false
        post[cur] = z3.Or(post[cur], z3.And(active, z3.Not(merge)))
        if bud is None:
            return post
        post[bud] = z3.And(post[bud], z3.Not(merge))
        cur, active = (min(cur[0], bud[0]), cur[1] + 1), merge


def carve(tree: Tree, fl: FreeList, r: Block) -> dict[Block, z3.BoolRef]:
    """The free list after allocating block r out of the listed block containing it (splitting;
    an entry it leaves alone is the pre-state's own term)."""
    post = dict(fl.listed)
    s, k = r
    for c, v in fl.listed.items():
        cs, co = c
        if co >= k and cs <= s < cs + (1 << co):
            post[c] = z3.And(post[c], z3.Not(v))
            for i in range(k, co):
                piece = (tree.align(s, i), i)
                bud = tree.buddy(piece)
                assert bud is not None
                post[bud] = z3.Or(post[bud], v)
    return post


def _leaves(b: Block) -> range:
    return range(b[0], b[0] + (1 << b[1]))


def _post_list(tree: Tree, fl: FreeList, posts: dict[Block, dict[Block, z3.BoolRef]],
               pre: Callable[[Block], z3.BoolRef]) -> tuple[FreeList, dict[Block, z3.BoolRef], z3.BoolRef]:
    """A fresh free list equal to the post-state of one selected block r (which satisfies pre(r))."""
    after = FreeList.symbolic(tree, "post", fl.ctx)
    sel = {r: z3.Bool(f"sel_{r[0]}_{r[1]}", fl.ctx) for r in posts}
    choice = z3.And(z3.PbEq([(v, 1) for v in sel.values()], 1),
                    z3.And([z3.Implies(sel[r], z3.And(pre(r), *[after.listed[b] == post[b] for b in tree.blocks]))
                            for r, post in posts.items()]))
    return after, sel, choice


def _allocated(fl: FreeList, r: Block) -> z3.BoolRef:
    return every([z3.Not(fl.covers(x)) for x in _leaves(r)], fl.ctx)


def prop1_step(tree: Tree, ctx: z3.Context, freed: bool) -> Queries:
    """Negation of Prop. 1 (i) for Release (``freed``, with eager coalescing) or Carve, one query
    per block r (allocated, resp. fully free, under the buddy invariant): the post-state breaks the
    invariant, or its free leaves are not exactly the pre-state's with r's added (resp. removed).

    The post-state's exclusions and coverage are built once over template Booleans and, for each
    r, substituted by the step's formulas. Left out are the parts whose blocks the step leaves as
    they were (the same term as the pre-state's): such an exclusion is a clause of the premise.
    A leaf outside r is covered by a block the step changed or by one it did not (the same term
    before and after), so its coverage is kept when "one of the changed blocks holding it is
    listed" is kept: that is asked once per set of changed blocks holding a leaf outside r, not
    once per leaf, and states a little more than the leaf's coverage (it holds whatever the
    unchanged blocks are). On 64 leaves, Release asked per leaf spent 14 million z3 units, this
    way 2 million. Building each query from the whole post-invariant in Python was most of the
    CPU time on 64 and 144 leaves (18-45 s per obligation)."""
    pre, tmpl = FreeList.symbolic(tree, "pre", ctx), FreeList.symbolic(tree, "post", ctx)
    inv = pre.invariant()
    exclusions = list(zip(tree.exclusive_pairs, tmpl.exclusions(), strict=True))
    out = []
    for r in tree.blocks:
        post = release(tree, pre, r, coalesce=True) if freed else carve(tree, pre, r)
        changed = {b for b, v in post.items() if v is not pre.listed[b]}
        goal = [c for (a, b), c in exclusions if a in changed or b in changed]
        outside = set().union(*(_leaves(b) for b in changed)) - set(_leaves(r))
        holding = sorted({tuple(b for b in tree.containing[x] if b in changed) for x in outside})
        goal += [some([tmpl.listed[b] for b in bs], ctx) == some([pre.listed[b] for b in bs], ctx) for bs in holding]
        goal += [tmpl.covers(x) if freed else z3.Not(tmpl.covers(x)) for x in _leaves(r)]
        negation = substituted(z3.Not(every(goal, ctx)), [(tmpl.listed[b], post[b]) for b in tree.blocks], ctx)
        out.append([_allocated(pre, r) if freed else pre.fully_free(r), negation])
    return Queries([inv], out)


def prop1_admission(fl: FreeList) -> z3.BoolRef:
    """Negation of Prop. 1 (ii): listed order >= k differs from "an aligned order-k block is free"."""
    t = fl.tree
    return z3.Or([fl.has_listed(k) != z3.Or([fl.fully_free(b) for b in t.blocks_of(k)])
                  for k in range(t.max_order + 1)])


def after_release_without_coalescing(tree: Tree, ctx: z3.Context) -> tuple[FreeList, list[z3.BoolRef]]:
    """A free list reached from a canonical one by the no-coalescing mutant's Release."""
    fl = FreeList.symbolic(tree, "pre", ctx)
    after, _, choice = _post_list(tree, fl, {r: release(tree, fl, r, coalesce=False) for r in tree.blocks},
                                  lambda r: _allocated(fl, r))
    return after, [fl.invariant(), choice]


# -- Proposition 2 -------------------------------------------------------------------------------
SPARE_LEVEL = 1  # a: spares are level-1-sized blocks reserved per level-2 domain


def _bottleneck(tree: Tree, held: dict[Block, z3.BoolRef], ctx: z3.Context) -> z3.ArithRef:
    """B of a footprint: the level of the smallest domain holding every held block."""
    out: z3.ArithRef = z3.IntVal(tree.depth, ctx)
    absent = {b: z3.Not(v) for b, v in held.items()}
    for h in range(tree.depth - 1, -1, -1):
        inside = some([every([absent[b] for b in held
                              if tree.domain(h, b[0]) != dom or tree.domain(h, b[0] + (1 << b[1]) - 1) != dom], ctx)
                       for dom in tree.domain_ids(h)], ctx)
        out = z3.If(inside, h, out)
    return out


def prop2(tree: Tree, k: int, mode: str, ctx: z3.Context) -> list[z3.BoolRef] | None:
    """Negation of Prop. 2 for failed blocks of order k. ``mode``: "precise" ((i)-(iii), (ii) when
    B >= a+1), "unconditional" ((ii) without that premise), "outside" (the spare-outside-domain
    mutant: the repair takes the lowest spare anywhere)."""
    parts = replan_model(tree, k, mode, ctx)
    return None if parts is None else [*parts[0], parts[1]]


def replan_model(tree: Tree, k: int, mode: str = "precise",
                 ctx: z3.Context | None = None) -> tuple[list[z3.BoolRef], z3.BoolRef] | None:
    """Replan of a failed order-k block as the model states it: (the rule's facts over the Booleans
    ``held_s_k``, ``spare_s_k``, ``free_x_k``, ``fail_s_k``, ``target_s_k`` of ``ctx`` (None: z3's
    main context), the statement's negation). The differential test pins the Booleans to a
    planner's state and its repair."""
    ctx = z3.main_ctx() if ctx is None else ctx
    a = SPARE_LEVEL
    if tree.depth < a + 1:
        return None
    ka = max(o for s, o in tree.blocks if tree.lca_level((s, o)) <= a)
    if k > ka:
        return None
    kb = tree.blocks_of(k)
    held = {b: z3.Bool(f"held_{b[0]}_{k}", ctx) for b in kb}
    spare = {b: z3.Bool(f"spare_{b[0]}_{k}", ctx) for b in tree.blocks_of(ka) if tree.lca_level(b) <= a}
    free = [z3.Bool(f"free_{x}_{k}", ctx) for x in range(tree.n)]
    fail = {b: z3.Bool(f"fail_{b[0]}_{k}", ctx) for b in kb}
    target = {b: z3.Bool(f"target_{b[0]}_{k}", ctx) for b in kb}

    def under(b: Block, sp: Block) -> bool:
        return sp[0] <= b[0] and b[0] + (1 << b[1]) <= sp[0] + (1 << sp[1])

    in_spare = {b: some([v for sp, v in spare.items() if under(b, sp)], ctx) for b in kb}
    owner_clash = [z3.Not(z3.And(held[b], v)) for b in kb for sp, v in spare.items() if under(b, sp) or under(sp, b)]
    owner_clash += [z3.Not(z3.And(held[b], free[x])) for b in kb for x in _leaves(b)]
    owner_clash += [z3.Not(z3.And(v, free[x])) for sp, v in spare.items() for x in _leaves(sp)]
    usable = {b: z3.And(z3.Not(held[b]), z3.Or(in_spare[b], every([free[x] for x in _leaves(b)], ctx))) for b in kb}
    facts = [*owner_clash, z3.PbEq([(v, 1) for v in fail.values()], 1),
             z3.PbEq([(v, 1) for v in target.values()], 1)]

    # What the rule asks of a domain, over every block in it. The rule speaks of the failed block's
    # domains *without* it, but the failed block is never usable (it is held), and exactly one
    # block is the target, so "a usable target in the domain, a spare one if the domain has a
    # usable spare" is the same fact per domain as per failed block and target: built once per
    # domain, not once per (failed block, level, block) (17 CPU s on NVL72's order 0).
    def per_domain(term: Callable[[Block], z3.BoolRef]) -> dict[tuple[int, int], z3.BoolRef]:
        return {(h, d): some([term(b) for b in kb if tree.domain(h, b[0]) == d], ctx)
                for h in range(tree.depth + 1) for d in tree.domain_ids(h)}

    any_usable = per_domain(lambda b: usable[b])
    any_spare = per_domain(lambda b: z3.And(usable[b], in_spare[b]))
    usable_target = per_domain(lambda b: z3.And(target[b], usable[b]))
    spare_target = per_domain(lambda b: z3.And(target[b], in_spare[b]))
    spares_in = {d: some([v for sp, v in spare.items() if tree.domain(a + 1, sp[0]) == d], ctx)
                 for d in tree.domain_ids(a + 1)}
    for f, fv in fail.items():
        facts.append(z3.Implies(fv, held[f]))
        facts.append(z3.Implies(fv, spares_in[tree.domain(a + 1, f[0])]))  # the premise
        if mode == "outside":
            order = sorted(spare)
            for i, sp in enumerate(order):
                first = z3.And(spare[sp], *[z3.Not(spare[q]) for q in order[:i]])
                facts.append(z3.Implies(z3.And(fv, first), target[(sp[0], k)]))
            continue
        # The repair level: the lowest domain of f with a usable block; spares before free blocks.
        for h in range(tree.lca_level(f), tree.depth + 1):
            here = (h, tree.domain(h, f[0]))
            first_here = any_usable[here]
            if h > tree.lca_level(f):
                first_here = z3.And(first_here, z3.Not(any_usable[(h - 1, tree.domain(h - 1, f[0]))]))
            facts.append(z3.Implies(z3.And(fv, first_here),
                                    z3.And(usable_target[here], z3.Implies(any_spare[here], spare_target[here]))))
    new = {b: z3.Or(z3.And(held[b], z3.Not(fail[b])), target[b]) for b in kb}
    moved = z3.Sum([z3.If(z3.And(held[b], z3.Not(new[b])), 1 << k, 0) for b in kb])
    b_old, b_new = _bottleneck(tree, held, ctx), _bottleneck(tree, new, ctx)
    kept = z3.And([z3.Implies(z3.And(held[b], z3.Not(fail[b])), new[b]) for b in kb])
    if mode == "precise":
        bad = z3.Or(moved != (1 << k), z3.Not(kept), z3.And(b_old >= a + 1, b_new > b_old))
    else:
        bad = b_new > b_old if mode == "unconditional" else z3.And(b_old >= a + 1, b_new > b_old)
    return facts, bad


# -- running -------------------------------------------------------------------------------------
def _solve(queries: Queries, limits: Limits,
           ctx: z3.Context) -> Iterator[tuple[z3.CheckSatResult, z3.ModelRef | None, int]]:
    """Each query's answer, its model when sat and the z3 units it spent, each within ``limits``:
    z3's resource count, so a loaded machine gets the answers an idle one does (a 60 s wall
    timeout made NVL72's Carve/Release lemmas depend on the load)."""
    s = limits.solver(ctx=ctx)
    s.add(*queries.shared)
    scoped = len(queries.each) > 1
    for facts in queries.each:
        if scoped:
            s.push()
        s.add(*facts)
        res, units = check(s)
        yield res, (s.model() if res == z3.sat else None), units
        if scoped:
            s.pop()


def _witness(m: z3.ModelRef) -> str:
    """The true Boolean atoms of a model (listed blocks, free leaves, picks, held blocks...)."""
    names = sorted(str(d) for d in m.decls() if d.arity() == 0 and z3.is_true(m[d]))
    return "  true in the counterexample: " + ", ".join(names)


def _instance(tree: Tree) -> str:
    return f"{tree.name} ({tree.n} leaves)"


@dataclass(frozen=True)
class Obligation:
    """One row of the report: a lemma that must hold on one tree (``Kind.LEMMA``), or a statement
    that must fail on some tree (``Kind.REFUTATION``: a naive lemma, a planner mutant), tried on
    the smallest trees first. ``build`` is a module-level function or a partial of one, so that an
    obligation can be sent to a worker process.

    Each tree's queries are built and solved in a z3 context of their own: an answer (and the
    resource units it spent) depends on nothing an earlier obligation left in z3, so a run in a
    process pool reports what a sequential run does."""

    name: str
    build: Lemma
    trees: tuple[Tree, ...]
    kind: Kind = Kind.LEMMA

    def decide(self, limits: Limits) -> Result | None:
        """The result (None: the lemma does not apply to its tree). Seconds are CPU seconds of
        building the formulas as well as solving them."""
        start, spent = time.process_time(), 0
        for tree in sorted(self.trees, key=lambda t: (t.n, t.depth)):
            ctx = z3.Context()
            queries = self.build(tree, ctx)
            if queries is None:
                if self.kind is Kind.LEMMA:
                    return None
                continue
            for res, m, units in _solve(queries, limits, ctx):
                spent += units
                if self.kind is Kind.LEMMA and res != z3.unsat:
                    return Result(self.name, _instance(tree), verdict(res, Verdict.COUNTEREXAMPLE),
                                  time.process_time() - start, _witness(m) if m is not None else "", z3_units=spent)
                if self.kind is Kind.REFUTATION and m is not None:
                    return Result(self.name, _instance(tree), Verdict.REFUTED, time.process_time() - start,
                                  _witness(m), kind=Kind.REFUTATION, z3_units=spent)
        if self.kind is Kind.LEMMA:
            return Result(self.name, _instance(self.trees[0]), Verdict.PROVED, time.process_time() - start,
                          z3_units=spent)
        return Result(self.name, "every tree", Verdict.NO_COUNTEREXAMPLE, time.process_time() - start,
                      "expected a counterexample on some bounded tree; none found", kind=Kind.REFUTATION)


def _theorem2(tree: Tree, ctx: z3.Context, top_down: bool = False) -> Queries:
    fl = FreeList.symbolic(tree, "f", ctx)
    return one_query(fl.invariant(), theorem2(tree, fl, top_down))


def _no_coalescing(tree: Tree, ctx: z3.Context) -> Queries:
    after, facts = after_release_without_coalescing(tree, ctx)
    return one_query(*facts, z3.Or(theorem2(tree, after), prop1_admission(after)))


def _no_coalescing_inv(tree: Tree, ctx: z3.Context) -> Queries:
    after, facts = after_release_without_coalescing(tree, ctx)
    return one_query(*facts, z3.Not(after.invariant()))


def _admission(tree: Tree, ctx: z3.Context) -> Queries:
    fl = FreeList.symbolic(tree, "f", ctx)
    return one_query(fl.invariant(), prop1_admission(fl))


def _prop2_precise(tree: Tree, ctx: z3.Context, k: int) -> Queries | None:
    """Prop. 2 (i)-(iii) for failed blocks of order k: one query, or None where k does not apply."""
    facts = prop2(tree, k, "precise", ctx)
    return None if facts is None else one_query(*facts)


def _naive(tree: Tree, ctx: z3.Context) -> Queries:
    fl = FreeList.symbolic(tree, "f", ctx)
    return one_query(fl.invariant(), naive_theorem2(tree, fl))


def _tp(tree: Tree, ctx: z3.Context, ignore_fit: bool) -> Queries:
    fl = FreeList.symbolic(tree, "f", ctx)
    return one_query(fl.invariant(), tp_split(tree, fl, ignore_fit))


def _prop2_any_k(tree: Tree, ctx: z3.Context, mode: str) -> Queries | None:
    """Prop. 2's negation for some failed-block order k: a disjunction over k (variables are
    named per k, so the cases are independent)."""
    cases = [prop2(tree, k, mode, ctx) for k in range(tree.max_order + 1)]
    found = [z3.And(c) for c in cases if c is not None]
    return one_query(z3.Or(found)) if found else None


def obligations(trees: list[Tree], mutants: bool) -> list[Obligation]:
    """Every obligation of ``prove hdfb``, in the report's order: each tree's lemmas, tree by
    tree, then the statements that must fail somewhere."""
    out: list[Obligation] = []
    for tree in trees:
        ka = max(o for s, o in tree.blocks if tree.lca_level((s, o)) <= SPARE_LEVEL) if tree.depth > 1 else -1
        lemmas: list[tuple[str, Lemma]] = [
            ("Theorem 2 (precise)", _theorem2),
            ("Place keeps TP groups in level-1 domains", partial(_tp, ignore_fit=False)),
            ("Prop 1 (i) Carve keeps the buddy invariant", partial(prop1_step, freed=False)),
            ("Prop 1 (i) Release keeps the buddy invariant", partial(prop1_step, freed=True)),
            ("Prop 1 (ii) admission iff an aligned block is free", _admission),
        ]
        lemmas += [(f"Prop 2 (i)-(iii), failed block order {k}", partial(_prop2_precise, k=k)) for k in range(ka + 1)]
        out += [Obligation(name, build, (tree,)) for name, build in lemmas]
    refutations: list[tuple[str, Lemma]] = [
        ("Theorem 2 (naive: any 2^k free leaves)", _naive),
        ("Prop 2 (ii) without B >= a+1", partial(_prop2_any_k, mode="unconditional")),
    ]
    if mutants:
        refutations += [
            ("mutant scan-top-down vs Theorem 2", partial(_theorem2, top_down=True)),
            ("mutant no-coalescing vs Theorem 2 / Prop 1 (ii)", _no_coalescing),
            ("mutant no-coalescing vs Prop 1 (i)", _no_coalescing_inv),
            ("mutant spare-outside-domain vs Prop 2 (ii)", partial(_prop2_any_k, mode="outside")),
            ("mutant tp-group-split vs TP groups in level-1 domains", partial(_tp, ignore_fit=True)),
        ]
    return out + [Obligation(name, build, tuple(trees), Kind.REFUTATION) for name, build in refutations]


def _in_worker() -> None:
    """A pool worker leaves Ctrl-C (sent to the whole process group) to the parent, which ends
    every worker: z3 would otherwise catch it during a check and answer unknown."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    z3.set_param("ctrl_c", False)


def _decide(ob: Obligation, limits: Limits) -> Result | None:
    return ob.decide(limits)


def hdfb_obligations(trees: list[Tree], mutants: bool, limits: Limits = HDFB_LIMITS,
                     results: list[Result] | None = None, jobs: int = 1) -> list[Result]:
    """Every obligation's result in the order of :func:`obligations`, appended to ``results`` as
    each is decided (what a Ctrl-C leaves there is what was decided before it, for the partial
    table). ``jobs`` > 1: obligations are decided side by side in that many worker processes
    (each in its own z3 contexts) and reported in the same order with the same content; a
    Ctrl-C ends the workers at once."""
    out: list[Result] = [] if results is None else results
    todo = obligations(trees, mutants)
    if jobs <= 1:
        for ob in todo:
            r = ob.decide(limits)
            if r is not None:
                out.append(r)
        return out
    with multiprocessing.get_context("fork").Pool(min(jobs, len(todo)), _in_worker) as pool:
        try:
            for r in pool.imap(partial(_decide, limits=limits), todo):
                if r is not None:
                    out.append(r)
        except KeyboardInterrupt:
            pool.terminate()  # SIGTERM to every worker, then joined: nothing keeps running
            raise
    return out


def run_hdfb(max_leaves: int = 64, mutants: bool = True, limits: Limits = HDFB_LIMITS,
             results: list[Result] | None = None, jobs: int = 1) -> list[Result]:
    """Every obligation on every generated tree with at most ``max_leaves`` leaves, plus the
    HGX-like and NVL72-like clusters; ``results`` and ``jobs`` as in :func:`hdfb_obligations`."""
    return hdfb_obligations(bounded_trees(max_leaves), mutants, limits, results, jobs)
