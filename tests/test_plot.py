"""Drawings: what is drawn where, for the seeds' trees, uniform trees and tic-tac-toe."""
import math

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from abcore import (GameTree, alphabeta, alphabeta_failhard, expectimax, minimax,  # noqa: E402
                    negamax, random_uniform, replay, tree_values)
from abcore.games import TicTacToe  # noqa: E402
from abcore.draw import (LEGEND, draw_board, draw_tree, format_value, format_window,  # noqa: E402
                         tidy_layout, tree_graph)

SEED004 = "seed004_a_to_j"
SEED002 = "seed002_a_to_g"
SEED000 = "seed000_vert_rouge"


def traced(search, tree, **kw):
    log = []
    search(tree, tree.initial_state, trace=log, **kw)
    return log


def axes():
    return Figure(figsize=(9, 6)).subplots()


def node_offsets(ax):
    """{gid: list of (x, y)} of the node markers."""
    out = {}
    for c in ax.collections:
        gid = str(c.get_gid())
        if gid.startswith("nodes:"):
            out[gid] = [tuple(p) for p in c.get_offsets()]
    return out


def arcs(ax, style):
    segs = [c.get_segments() for c in ax.collections if c.get_gid() == f"arcs:{style}"]
    return [tuple(map(tuple, s)) for group in segs for s in group]


def texts(ax):
    return [t.get_text() for t in ax.texts]


@pytest.fixture
def seed004():
    t = GameTree.load(SEED004)
    return t, traced(alphabeta, t)


def test_every_node_of_the_tree_has_one_marker(seed004):
    t, log = seed004
    ax = draw_tree(t, log, ax=axes())
    points = [p for pts in node_offsets(ax).values() for p in pts]
    assert len(points) == len(t) == 18
    assert len(set(points)) == 18                       # no two nodes on the same spot


def test_a_dashed_arc_for_each_cut_move(seed004):
    t, log = seed004
    g = tree_graph(t, log)
    ax = draw_tree(t, log, ax=axes())
    cut_moves = [(path, m) for path, n in replay(log).nodes.items() for m in n.skipped]
    assert len(cut_moves) == 3
    pos = {n: g.nodes[n]["pos"] for n in g}
    expected = {(pos[u], pos[v]) for u, v in [("J", "J2"), ("D", "D2"), ("B", "B2")]}
    assert set(arcs(ax, "cut")) == expected
    # The subtrees under cut arcs are faded; here they are leaves, so only their markers fade.
    assert {n for n in g if g.nodes[n]["status"] == "pruned"} == {"J2", "D2", "B2"}
    cut_style = [c for c in ax.collections if c.get_gid() == "arcs:cut"][0]
    assert cut_style.get_linestyle()[0][1] is not None        # dashed, not solid


def test_faded_subtree_under_a_cut_arc():
    t = GameTree.load(SEED002)
    g = tree_graph(t, traced(alphabeta, t))
    assert g.edges["c", "g"]["cut"] and not g.edges["c", "g"]["faded"]
    assert g.edges["g", "g1"]["faded"] and g.edges["g", "g2"]["faded"]
    assert {g.nodes[n]["status"] for n in ("g", "g1", "g2")} == {"pruned"}


def test_legend_has_seed_004_categories(seed004):
    t, log = seed004
    ax = draw_tree(t, log, ax=axes())
    labels = [x.get_text() for x in ax.get_legend().get_texts()]
    for category in LEGEND[:6]:
        assert any(x.startswith(category) for x in labels)
    assert "(α, β) window on the way down (on entry)" in labels
    assert "(α, β) window on the way up (after its children)" in labels
    assert any(x.startswith(LEGEND[6]) for x in labels)
    assert "MAX ▲" in labels and "MIN ▼" in labels and "principal variation" in labels


def test_same_input_same_coordinates(seed004):
    t, log = seed004
    a, b = draw_tree(t, log, upto=30, ax=axes()), draw_tree(t, log, upto=30, ax=axes())
    assert node_offsets(a) == node_offsets(b)
    assert [t_.get_position() for t_ in a.texts] == [t_.get_position() for t_ in b.texts]


def test_layout_is_the_same_at_every_frame(seed004):
    t, log = seed004
    first = tree_graph(t, log, upto=1)
    last = tree_graph(t, log)
    assert {n: first.nodes[n]["pos"] for n in first} == {n: last.nodes[n]["pos"] for n in last}


def test_tidy_layout_spaces_leaves_and_centres_parents():
    t = random_uniform(3, 3, seed=1)
    pos = tidy_layout(t.initial_state, t.children)
    xs = sorted(pos[leaf][0] for leaf in t.leaves)
    assert xs == [float(i) for i in range(27)]
    for n in t.nodes:
        kids = t.children(n)
        if kids:
            assert pos[n][0] == (pos[kids[0]][0] + pos[kids[-1]][0]) / 2
            assert pos[n][1] == pos[kids[0]][1] + 1


def test_frame_statuses_follow_the_recursion_stack(seed004):
    t, log = seed004
    k = 12                                  # after event 11: entering I, under G
    assert log[k - 1].kind == "enter" and log[k - 1].state == "I"
    g = tree_graph(t, log, upto=k)
    status = dict(g.nodes(data="status"))
    assert g.graph["stack"] == ["A", "C", "E", "F", "G", "I"]
    assert [n for n in status if status[n] == "active"] == ["A", "C", "E", "F", "G", "I"]
    assert [n for n in status if status[n] == "visited"] == ["H"]
    assert status["B"] == "unvisited" and status["J2"] == "unvisited"   # not cut yet
    assert g.nodes["G"]["window"] == (3, math.inf)
    assert g.nodes["G"]["value"] == 3 and g.nodes["G"]["running"] and g.nodes["G"]["bound"] == "≥"
    assert g.graph["current"] == "I"
    ax = draw_tree(t, log, upto=k, ax=axes())
    assert len(node_offsets(ax)["nodes:max:active"]) == 3     # A, E, G (I is a leaf)
    assert not any(pv for _, _, pv in g.edges(data="pv"))       # the root has not returned


def test_seed_004_windows_and_values(seed004):
    t, log = seed004
    g = tree_graph(t, log)
    assert g.nodes["A"]["window"] == (6, math.inf)
    assert g.nodes["C"]["window"][1] == 6 and g.nodes["F"]["window"][1] == 7
    assert g.nodes["E"]["value"] == 7 and g.nodes["E"]["bound"] == ""
    ax = draw_tree(t, log, ax=axes())
    shown = texts(ax)
    assert "↓ (−∞, +∞)\n↑ (6, +∞)" in shown and "↓ (−∞, +∞)\n↑ (−∞, 6)" in shown
    assert "v=7" in shown and "v=6" in shown


def test_principal_variation_is_bold_at_the_end(seed004):
    t, log = seed004
    g = tree_graph(t, log)
    assert [(u, v) for u, v, pv in g.edges(data="pv") if pv] == [("A", "C"), ("C", "C2")]
    ax = draw_tree(t, log, ax=axes())
    assert len(arcs(ax, "pv")) == 2


def test_bounds_are_labelled_as_bounds():
    t = GameTree.load(SEED002)              # seed 002: c and e are only bounds, d is exact
    g = tree_graph(t, traced(alphabeta, t))
    assert g.nodes["c"]["bound"] == "≤" and g.nodes["e"]["bound"] == "≥"
    assert g.nodes["d"]["bound"] == "" and g.nodes["a"]["bound"] == ""
    ax = draw_tree(t, traced(alphabeta, t), ax=axes())
    assert "v≤2" in texts(ax) and "v≥5" in texts(ax) and "v=4" in texts(ax)


def test_fail_hard_values_are_the_window_ends():
    t = GameTree.load(SEED002)
    g = tree_graph(t, traced(alphabeta_failhard, t))
    assert g.nodes["e"]["value"] == 4 and g.nodes["e"]["bound"] == "≥"     # beta, not 5


def test_negamax_values_say_whose_they_are(seed004):
    t, _ = seed004
    log = traced(negamax, t)
    g = tree_graph(t, log)
    assert g.graph["negamax"]
    assert g.nodes["C"]["value"] == -6 and g.nodes["C"]["side"] == "min"
    shown = texts(draw_tree(t, log, ax=axes()))
    assert "v=−6 (MIN)" in shown and "v=6 (MAX)" in shown


def test_minimax_trace_has_no_windows_and_no_cuts(seed004):
    t, _ = seed004
    g = tree_graph(t, traced(minimax, t))
    assert all(w is None for _, w in g.nodes(data="window"))
    assert not any(c for _, _, c in g.edges(data="cut"))
    assert {s for _, s in g.nodes(data="status")} == {"visited"}


def test_expectimax_arcs_show_probabilities():
    t = GameTree.from_nested([[(0.5, 4), (0.5, 0)], [(0.9, 1), (0.1, 10)]])
    log = traced(expectimax, t)
    g = tree_graph(t, log)
    assert g.nodes["r.0"]["kind"] == "chance" and g.nodes["r.0"]["value"] == 2.0
    shown = texts(draw_tree(t, log, ax=axes()))
    assert "0: p=0.9" in shown and "1: p=0.1" in shown     # the outcome and its probability


def test_chance_arcs_say_the_move_the_file_names():
    """A tree file that names a chance node's moves (heads, tails) has its arcs drawn with
    them, with and without a trace, and its search still walks the tree by outcome index."""
    coin = GameTree.from_dict({"root": {"id": "R", "kind": "max", "children": [
        {"id": "toss", "move": "flip", "kind": "chance", "children": [
            {"id": "H", "move": "heads", "p": "1/2", "value": 4},
            {"id": "T", "move": "tails", "p": "1/2", "value": -2}]},
        {"id": "S", "move": "stay", "value": 0}]}})
    g = tree_graph(coin)
    assert sorted((v, d["move"], str(d["p"])) for _, v, d in g.edges(data=True)) == [
        ("H", "heads", "1/2"), ("S", "stay", "None"), ("T", "tails", "1/2"), ("toss", "flip", "None")]
    assert {"heads: p=1/2", "tails: p=1/2"} <= set(texts(draw_tree(coin, ax=axes())))
    log = traced(expectimax, coin)
    shown = texts(draw_tree(coin, log, ax=axes()))
    assert {"heads: p=1/2", "tails: p=1/2", "flip"} <= set(shown) and "v=1" in shown
    assert not any(t.startswith(("0:", "1:")) for t in shown)


def test_the_tree_comes_before_the_trace(seed004):
    t, log = seed004
    with pytest.raises(TypeError, match=r"the tree comes first, then the trace: tree_graph\(tree, trace\)"):
        tree_graph(log, t)
    with pytest.raises(TypeError, match="the tree comes first"):
        draw_tree(log, t, ax=axes())


def test_tree_without_trace_and_with_exact_values():
    t = GameTree.load(SEED000)
    ax = draw_tree(t, ax=axes())
    assert {gid.split(":")[2] for gid in node_offsets(ax)} == {"plain"}
    assert "V1" in texts(ax) and "R6" in texts(ax)           # seed 000's moves label the arcs
    g = tree_graph(t, values=tree_values(t))
    assert [(u, v) for u, v, pv in g.edges(data="pv") if pv] == [("P0", "P1.1"), ("P1.1", "P2.3")]


def test_a_trace_alone_draws_what_was_explored_plus_cut_arcs():
    game = TicTacToe()
    board = TicTacToe.board("XXO...X.O")
    log = []
    alphabeta(game, board, trace=log)
    r = replay(log)
    g = tree_graph(None, log, game=game)
    skipped = sum(len(n.skipped) for n in r.nodes.values())
    assert len(g) == len(r.nodes) + skipped
    assert sum(1 for _, k in g.nodes(data="kind") if k == "cut") == skipped
    assert sum(1 for *_, c in g.edges(data="cut") if c) == skipped
    assert g.nodes[()]["kind"] == "max" and g.nodes[(3,)]["kind"] == "min"
    ax = draw_tree(None, log, game=game, ax=axes())
    assert len(arcs(ax, "cut")) == skipped


def test_tic_tac_toe_subtree_with_boards_as_nodes():
    game = TicTacToe()
    tree = GameTree.from_game(game, TicTacToe.board("XXO...X.O"))
    log = traced(alphabeta, tree)
    ax = draw_tree(tree, log, ax=axes())
    boards = [p for p in ax.patches if p.get_width() == pytest.approx(0.84)]
    assert len(boards) == len(tree) == 38
    assert ax.get_aspect() == 1.0
    labels = [x.get_text() for x in ax.get_legend().get_texts()]
    assert "MAX ▲ (O at the root)" in labels


def test_large_trees_are_drawn_to_a_depth_and_say_so():
    t = random_uniform(3, 5, seed=0)            # 364 nodes
    g = tree_graph(t, max_nodes=60)
    assert g.graph["max_depth"] == 3 and g.graph["hidden"] == 364 - 40
    assert len(g) == 40
    ax = draw_tree(t, ax=axes(), max_nodes=60)
    assert any("324 deeper nodes not shown" in s for s in texts(ax))
    assert "+12" in texts(ax)                  # under each node at depth 3: 3 + 9 nodes
    g2 = tree_graph(t, max_depth=1)
    assert len(g2) == 4 and g2.graph["hidden"] == 360


def test_plotting_leaves_its_input_alone(seed004):
    t, log = seed004
    before = list(log)
    draw_tree(t, log, upto=20, ax=axes())
    assert log == before


def test_returns_the_axes_it_was_given(seed004):
    t, log = seed004
    ax = axes()
    assert draw_tree(t, log, ax=ax) is ax
    assert draw_board(TicTacToe.board("X........"), axes()) is not None


def test_draw_board_marks_and_values():
    ax = draw_board(TicTacToe.board("XXO...X.O"), Figure().subplots(), values={3: "≤ 0", 4: "+1"},
                    highlight=8)
    shown = texts(ax)
    assert shown.count("X") == 3 and shown.count("O") == 2
    assert "≤ 0" in shown and "+1" in shown
    with pytest.raises(ValueError, match="9 characters"):
        draw_board("XO", Figure().subplots())


def test_bad_input_says_what_to_do():
    with pytest.raises(ValueError, match="give a tree, a trace"):
        tree_graph()
    with pytest.raises(ValueError, match="trace=\\[\\]"):
        tree_graph(None, [1, 2, 3])


def test_format():
    assert format_value(-2) == "−2" and format_value(2.5) == "2.5"
    assert format_window(-math.inf, math.inf) == "(−∞, +∞)"


def test_game_states_as_labels_are_left_out_when_too_long():
    from abcore.games import DiceDuel
    game = DiceDuel()
    tree = GameTree.from_game(game, game.result(game.initial_state, "249"))
    log = traced(expectimax, tree)
    ax = draw_tree(tree, log, upto=40, ax=axes())
    assert not any("DuelState" in s for s in texts(ax))
    assert "0: p=1/3" in texts(ax) and "Σ=2/9…" in texts(ax)     # a chance node's running sum


def test_a_trace_of_another_tree_is_refused():
    t = GameTree.load(SEED004)
    other = GameTree.load(SEED002)
    with pytest.raises(ValueError, match="does not follow this tree"):
        tree_graph(other, traced(alphabeta, t))


def test_the_renderer_leaves_its_model_unchanged():
    """draw_graph draws a tree_graph and changes nothing in it (positions, attributes)."""
    import copy

    from abcore.games import TicTacToe
    from abcore.draw import draw_graph
    t = GameTree.from_game(TicTacToe(), TicTacToe.board("XXO...X.O"))
    log = traced(alphabeta, t)
    g = tree_graph(t, log, upto=30)
    before = (copy.deepcopy(dict(g.graph)), {n: dict(d) for n, d in g.nodes(data=True)},
              {(u, v): dict(d) for u, v, d in g.edges(data=True)})
    draw_graph(g, t, ax=axes(), boards=True)
    after = (dict(g.graph), {n: dict(d) for n, d in g.nodes(data=True)},
             {(u, v): dict(d) for u, v, d in g.edges(data=True)})
    assert after == before


def test_a_failed_check_draws_the_smallest_failing_tree(monkeypatch):
    """checks.check draws the failing tree with draw_tree; its import sits in a try that
    swallows errors, so this test is what notices a drawing module that moved."""
    import IPython.display

    from abcore.checks import CheckFailed, check, random_cases
    shown = []
    monkeypatch.setattr(IPython.display, "display", shown.append)

    def reference(t):
        return tree_values(t)[t.initial_state]
    with pytest.raises(CheckFailed):
        check(lambda t: reference(t) + 1, reference, random_cases(5))
    assert len(shown) == 1
    assert shown[0].axes[0].get_title() == "the smallest tree where your function fails"


def test_searches_and_games_import_no_view():
    """The views sit above the searches: importing abcore, its searches, MCTS, games and trees
    loads no drawing, no widget, not even matplotlib (a fresh interpreter, so nothing that
    another test imported counts)."""
    import subprocess
    import sys
    code = ("import sys, abcore, abcore.mcts, abcore.search, abcore.games, abcore.trees\n"
            "print(sorted(m for m in sys.modules if m.startswith(('abcore.draw', 'abcore.widgets',"
            " 'matplotlib', 'ipywidgets'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_chance_arc_labels_do_not_run_into_each_other():
    """Issue 15 (notebook 7): three outcomes under each chance node, their labels ``k: p=1/3``
    drawn at one height ran into each other; staggered, no two arc labels overlap."""
    from abcore.games import DiceDuel
    duel = DiceDuel()
    tree = GameTree.from_game(duel, duel.result(duel.initial_state, "249"))
    ax = draw_tree(tree, labels=False)
    fig = ax.figure
    renderer = fig.canvas.get_renderer()
    boxes = [t.get_window_extent(renderer) for t in ax.texts if "p=" in t.get_text()]
    assert len(boxes) == 2 * 3 + 2 * 3 * 3
    assert not [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if a.overlaps(b)]


def test_boards_and_mcts_drawings_import_no_networkx():
    """networkx is for tree drawings (``tree_graph``): a notebook that draws only boards or MCTS
    trees (08, 09), and its widgets, do not pay for its import; ``abcore.widgets`` loads a widget
    only when it is named (a fresh interpreter)."""
    import subprocess
    import sys
    code = ("import sys\nimport abcore.widgets\nwidgets = sorted(m for m in sys.modules if m.startswith('abcore.widgets.'))\n"
            "from abcore.draw import draw_board, draw_connect4, draw_mcts, format_value\n"
            "from abcore.widgets import ConnectFourBoard, MCTSStepThrough, TicTacToeBoard\n"
            "print(widgets, 'networkx' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[] False"
