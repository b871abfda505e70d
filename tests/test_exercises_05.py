"""Notebook 5, move ordering (notebooks/05_ordering.ipynb): its exercises, and what their checks say
to the planted wrong solutions tests/planted/ex5-*; the hidden tests refuse them too. The tests:
tests/exercise_tests.py."""
from __future__ import annotations

import re

import pytest

from exercise_tests import ExerciseTests, in_french, says


class TestExercises(ExerciseTests):
    NOTEBOOK = "05_ordering.ipynb"
    HIDDEN_TESTS = True
    # planted file -> what the student's check must say (a regular expression; . matches newlines)
    MESSAGES = {name: re.compile(pattern, re.S) for name, pattern in {
        # hunt4: the kinds read from the depth in the node's name; renaming the tree for the cache test
        # added a dot, and it was told that it keeps a cache between calls
        "ex5-1-best-first-order__depth_parity_kinds.py":
            r"expected \{'r': -1\}, got \{'r': 1\}\. At 'r': yours is 1 where -1 is expected; this matches none of "
            r"the known slips of this exercise$",
        "ex5-1-best-first-order__highest_first_everywhere.py":
            r"best_first_order \(the value, for MAX, of the move searched first at each node\) is wrong on "
            r"the tree \[1, -1\] \(MIN to move at the root\): expected \{'r': -1\}, got \{'r': 1\}\. "
            r"At the MIN node r yours searches first the highest value for MAX, MIN's worst move: at a MIN "
            r"node the move searched first should be the LOWEST value for MAX",
        "ex5-1-best-first-order__max_and_min_swapped.py":
            r"best_first_order \(the value, for MAX, of the move searched first at each node\) is wrong on "
            r"the tree .*: expected \{'r': .*got \{'r': .*\}\. .*the move searched first should be the LOWEST "
            r"value for MAX \(highest first is right only at MAX nodes\)",
        "ex5-1-best-first-order__children_not_moves.py":
            r"""but at node r, \['r\.0'\] is not a reordering of its moves \[0\]: those are its children, not its """
            r"""moves$""",     # frreader7 d1: the sentence shown as text, with no "matches none" after it
        "ex5-1-best-first-order__first_leaf.py":
            r"\. Yours sorts each move by the first leaf below it, a guess: the best move first is the one "
            r"whose EXACT value",
        "ex5-1-best-first-order__calls_the_kit.py":
            r"^best_first_order \(.*\) calls the kit's ordering\.best_first\(tree\), which exercise 5\.1 does not allow: "
            r".* Exercise 5\.1 may use the tree's or game's own methods and tree_values\(tree\)\.$",
        # frreader9 d4: what 5.2 allows, a formula in (b, d), not "the tree's own methods"
        "ex5-2-minimal-tree-nodes__calls_the_kit.py":
            r"^minimal_tree_nodes calls the kit's random_uniform\(\.\.\.\), which exercise 5\.2 does not allow: "
            r"replace that call with your own code \(0 points until then\)\. Exercise 5\.2 may use arithmetic on b "
            r"and d: the exercise asks for a formula in \(b, d\), no tree and no search\.$",
        "ex5-2-minimal-tree-nodes__leaves_only.py":
            r"^minimal_tree_nodes\(b=2, d=1\) is wrong: expected 3, got 2\. That is Knuth and Moore's count "
            r"of the LEAVES alone; the nodes are the root, the internal nodes and the leaves",
        "ex5-2-minimal-tree-nodes__leaf_ply_forgotten.py":
            r"^minimal_tree_nodes\(b=2, d=0\) is wrong: expected 1, got 0\. Short by exactly the leaves on "
            r"every shape: the last ply, d, counts too$",
        "ex5-2-minimal-tree-nodes__root_forgotten.py":
            r"^minimal_tree_nodes\(b=2, d=0\) is wrong: expected 1, got 0\. One node short on every shape: "
            r"the root \(ply 0\) is a node too$",
        "ex5-2-minimal-tree-nodes__whole_tree.py":
            r"^minimal_tree_nodes\(b=2, d=2\) is wrong: expected 6, got 7\. That is every node of the "
            r"uniform tree, minimax's count",
        # the hunt of 2026-11-28 (issue 22): answers the checks once accepted
        "ex5-2-minimal-tree-nodes__kit_tree_own_search.py": r"calls the kit's random_uniform\(\.\.\.\), which exercise 5\.2 does not allow",
        "ex5-2-minimal-tree-nodes__a_float.py": r"got 1\.0\. The right number, but a float: return a whole number, an int \(// divides to an int\)$",
    }.items()}


# frreader9 d4: 5.2 asks for a formula in (b, d): the refusal says so (ABCORE_EDITION=fr)
FRENCH = {
    "ex5-2-minimal-tree-nodes__calls_the_kit.py": "minimal_tree_nodes appelle random_uniform(...) du kit, que l'exercice "
                                                  "5.2 ne permet pas d'utiliser\u00a0: remplacez cet appel par votre "
                                                  "propre code (0 point d'ici là). L'exercice 5.2 peut utiliser "
                                                  "l'arithmétique sur b et d\u00a0: l'exercice demande une formule en "
                                                  "(b, d), sans arbre ni recherche.",
}


@pytest.mark.parametrize("name", sorted(FRENCH))
def test_the_french_edition_says(name, monkeypatch):
    check = in_french(TestExercises.NOTEBOOK, name, monkeypatch)
    assert says(FRENCH[name], check), str(check)
