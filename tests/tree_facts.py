"""The ``facts`` of a tree file, checked: each key of abcore/data/trees/README.md ("Facts") is a
function here, and a key that is not one is refused (a fact nobody checks is no fact).

``problems(tree)`` returns what is wrong, one sentence a fact; ``[]`` when every fact holds.
"""
from __future__ import annotations

import math
from typing import Any, Callable

from abcore import alphabeta, alphabeta_failhard, minimax, negamax, replay, tree_values

SEARCHES = {"minimax": minimax, "alphabeta": alphabeta, "alphabeta_failhard": alphabeta_failhard,
            "negamax": negamax}


def number(x):
    """"inf", "+inf", "-inf" as floats; anything else as it is."""
    return {"inf": math.inf, "+inf": math.inf, "-inf": -math.inf}.get(x, x) if isinstance(x, str) else x


class Run:
    """The searches of one tree, each run once (traced) and kept."""

    def __init__(self, tree):
        self.tree, self._runs = tree, {}
        self.exact = tree_values(tree)

    def __call__(self, search: str):
        """(result, trace events, replay) of a search from the root."""
        if search not in self._runs:
            log: list = []
            result = SEARCHES[search](self.tree, self.tree.initial_state, trace=log)
            self._runs[search] = (result, log, replay(log))
        return self._runs[search]

    def node(self, search: str, state):
        return next((n for n in self(search)[2].nodes.values() if n.state == state), None)

    def for_side_to_move(self, state, value):
        return -value if self.tree.kind(state) == "min" else value

    def below(self, state) -> set:
        out, todo = set(), [state]
        while todo:
            s = todo.pop()
            out.add(s)
            todo.extend(self.tree.children(s))
        return out


def _each(check: Callable[[Run, Any, Any], str | None]):
    """A fact {node: expected}: one check a node."""
    def run(r: Run, fact: dict) -> list[str]:
        return [m for node, want in fact.items() if (m := check(r, node, want))]
    return run


def _statements(r, fact):
    ok = isinstance(fact, list) and fact and all(isinstance(s, str) and s.strip() for s in fact)
    return [] if ok else ["statements must be a non-empty list of sentences"]


def _root_value(r, fact):
    got = {name: r(name)[0].value for name in SEARCHES}
    return [f"root_value {fact}: {name} says {v}" for name, v in got.items() if v != number(fact)]


def _best_move(r, fact):
    got = r("minimax")[0].move
    return [] if got == fact else [f"best_move {fact!r}: minimax moves {got!r}"]


def _principal_variation(r, fact):
    pv, node, exact = [], r.tree.initial_state, r.exact
    while r.tree.children(node):
        pick = max if r.tree.kind(node) == "max" else min
        node = pick(r.tree.children(node), key=exact.get)
        pv.append(node)
    return [] if pv == fact else [f"principal_variation {fact}: minimax's is {pv}"]


def _static_evaluations(r, fact):
    return [f"static_evaluations: {name} evaluates {r(name)[0].stats.leaves} leaves, not {n}"
            for name, n in fact.items() if r(name)[0].stats.leaves != n]


def _cut(r, fact):
    seen = {n.state for n in r("alphabeta")[2].nodes.values()}
    return [f"cut: alpha-beta enters {s}" for s in fact if s in seen]


def _not_cut_under(r, fact):
    cuts = [e.state for e in r("alphabeta")[1] if e.kind == "cut"]
    return [f"not_cut_under {s}: alpha-beta cuts at {c}" for s in fact for c in cuts if c in r.below(s)]


def _cuts(r, fact):
    out = []
    for node, cut in fact.items():
        e = next((e for e in r("alphabeta")[1] if e.kind == "cut" and e.state == node), None)
        if e is None or not e.detail:
            out.append(f"cuts {node}: alpha-beta skips nothing there")
            continue
        bound = e.alpha if cut["type"] == "alpha" else e.beta
        kind = "min" if cut["type"] == "alpha" else "max"
        beyond = e.value <= e.alpha if kind == "min" else e.value >= e.beta
        if (r.tree.kind(node), e.value, bound, beyond) != (kind, number(cut["seen"]), number(cut["bound"]), True):
            out.append(f"cuts {node}: {cut}, but alpha-beta cuts at a {r.tree.kind(node)} node having seen "
                       f"{e.value} with the window ({e.alpha}, {e.beta})")
    return out


def _windows(r, fact):
    out = []
    for node, want in fact.items():
        got = [[e.alpha, e.beta] for e in r("alphabeta")[1] if e.state == node and e.kind in ("enter", "alpha", "beta")]
        if got != [[number(a), number(b)] for a, b in want]:
            out.append(f"windows {node}: {want}, alpha-beta's are {got}")
    return out


def _seen(r, node, want):
    got = [r.for_side_to_move(node, e.detail[1]) for e in r("minimax")[1] if e.kind == "return" and e.state == node]
    return None if got[:len(want)] == want else f"sees_in_order {node}: {want}, under minimax it sees {got}"


FACTS: dict[str, Callable[[Run, Any], list[str]]] = {
    "statements": _statements,
    "root_value": _root_value,
    "best_move": _best_move,
    "principal_variation": _principal_variation,
    "kinds": _each(lambda r, n, k: None if r.tree.kind(n) == k else f"kinds {n}: {k}, the tree says {r.tree.kind(n)}"),
    "leaf_values_for_max": _each(lambda r, n, v: None if r.tree.kind(n) == "leaf" and r.tree.value(n) == number(v)
                                 else f"leaf_values_for_max {n}: {v}, the tree says {r.tree.value(n)}"),
    "first_leaf": _each(lambda r, n, v: None if (c := r.tree.children(n)) and r.tree.kind(c[0]) == "leaf"
                        and r.tree.value(c[0]) == number(v) else f"first_leaf {n}: {v}, not its first child"),
    "values": _each(lambda r, n, v: None if r.exact[n] == number(v) and getattr(r.node("alphabeta", n), "value", None)
                    == number(v) else f"values {n}: {v}, minimax says {r.exact[n]}, alpha-beta "
                    f"{getattr(r.node('alphabeta', n), 'value', 'nothing')}"),
    "side_to_move_values": _each(lambda r, n, v: None if r.for_side_to_move(n, r.exact[n]) == number(v)
                                 else f"side_to_move_values {n}: {v}, minimax says {r.for_side_to_move(n, r.exact[n])}"),
    "sees_in_order": _each(_seen),
    "bounds_only": lambda r, fact: [f"bounds_only {n}: alpha-beta returns its exact value {r.exact[n]}"
                                    for n in fact if getattr(r.node("alphabeta", n), "value", r.exact[n]) == r.exact[n]],
    "final_alpha": _each(lambda r, n, a: None if getattr(r.node("alphabeta", n), "alpha", None) == number(a)
                         else f"final_alpha {n}: {a}, alpha-beta ends with {getattr(r.node('alphabeta', n), 'alpha', None)}"),
    "final_beta": _each(lambda r, n, b: None if getattr(r.node("alphabeta", n), "beta", None) == number(b)
                        else f"final_beta {n}: {b}, alpha-beta ends with {getattr(r.node('alphabeta', n), 'beta', None)}"),
    "cuts": _cuts,
    "cut": _cut,
    "not_cut_under": _not_cut_under,
    "windows": _windows,
    "static_evaluations": _static_evaluations,
}


def problems(tree) -> list[str]:
    """Every fact of ``tree.facts`` that does not hold, or that no check knows."""
    facts = tree.facts or {}
    unknown = sorted(set(facts) - set(FACTS))
    if unknown:
        return [f"unknown facts {unknown}: each fact must be one of {sorted(FACTS)} "
                "(abcore/data/trees/README.md), or it is never checked"]
    r = Run(tree)
    return [m for key, fact in facts.items() for m in FACTS[key](r, fact)]
