"""Alt text (issue 23 item 25): every picture the kit draws says in words what it shows, and a
notebook's image output carries it where nbconvert writes the <img>'s alt."""

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from IPython.core.formatters import DisplayFormatter  # noqa: E402
from IPython.core.pylabtools import print_figure  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from abcore import GameTree, alphabeta, negamax  # noqa: E402
from abcore.draw import (alt_text, draw_board, draw_connect4, draw_legend, draw_mcts,  # noqa: E402
                         draw_tree, set_alt_text)
from abcore.draw.alt import alt_metadata, install  # noqa: E402

SEED004 = "seed004_a_to_j"


def axes():
    return Figure(figsize=(9, 6)).subplots()


@pytest.fixture(scope="module")
def seed004():
    t = GameTree.load(SEED004)
    log = []
    alphabeta(t, t.initial_state, trace=log)
    return t, log


def test_a_searched_tree_says_its_root_value_cuts_windows_and_values(seed004):
    t, log = seed004
    text = alt_text(draw_tree(t, log, ax=axes()))
    assert "alpha-beta" in text and "the root is worth 6" in text
    assert "3 arcs cut: J to J2, D to D2, B to B2" in text
    assert "Principal variation: A, C, C2" in text
    # G, seed 004: entered with (−∞, +∞) "en descendant", left with (7, +∞) "en remontant"
    assert "G: MAX under F, window (−∞, +∞) on the way down, (7, +∞) on the way up, value 7" in text
    assert "B: MIN under A, window (6, +∞) on the way down and up, value at most 4 (a bound)" in text
    assert "B2: leaf under B, 8, pruned" in text
    assert "[" not in text                          # one notation: the open window (α, β)


def test_a_frame_says_what_is_being_visited(seed004):
    t, log = seed004
    text = alt_text(draw_tree(t, log, upto=14, ax=axes()))
    assert "during the search (after 14 events): being visited A, C, E, F, G" in text
    assert "No arc cut." in text and "J: MAX under F, not yet visited" in text
    assert "G: MAX under F, being visited, window (−∞, +∞) on the way down, (3, +∞) on the way up" \
        in text


def test_the_title_given_to_the_drawing_names_the_tree_in_words(seed004):
    # frreader14 d1: a drawing titled by its caller is named by that title, not the tree file's
    t, log = seed004
    text = alt_text(draw_tree(t, log, ax=axes(), title="seed 004, my title"))
    assert text.startswith("A game tree (seed 004, my title) of 18 nodes")
    assert alt_text(draw_tree(t, log, ax=axes())).startswith(f"A game tree ({t.title}) of 18")


def test_french_counters_and_frames_read_as_sentences(seed004):
    # frreader14 c2, c4: number before noun, singular and plural by ngettext; a subject for "visited"
    from abcore import use_language
    from abcore.draw.formatting import count_words
    t, log = seed004
    use_language("fr")
    try:
        assert count_words(11, 1, 0) == "11 nœuds, 1 feuille, 0 coupure"
        assert count_words(1, 5, 2, sep=" · ") == "1 nœud · 5 feuilles · 2 coupures"
        text = alt_text(draw_tree(t, log, upto=1, ax=axes()))
        assert "(après 1\u00a0événement), nœuds en cours de visite\u00a0: aucun pour l'instant" in text
    finally:
        use_language(None)
    assert count_words(11, 1, 0) == "11 nodes, 1 leaf, 0 cut-offs"


def test_a_tree_alone_lists_its_leaves_and_a_trace_alone_its_paths(seed004):
    t, _ = seed004
    text = alt_text(draw_tree(t, ax=axes()))
    assert "of 18 nodes (10 leaves)" in text and "H: leaf under G, 3" in text and "cut" not in text
    log = []
    negamax(t, t.initial_state, trace=log)
    text = alt_text(draw_tree(None, log, ax=axes()))
    assert "the root is worth 6" in text and "3 arcs cut" in text
    assert "r.C: MIN under r, window (−∞, +∞) on the way down, (−6, +∞) on the way up, value −6 " \
           "for MIN" in text


def test_a_big_tree_lists_its_first_nodes_only():
    from abcore import random_uniform
    t = random_uniform(3, 4, seed=1)
    text = alt_text(draw_tree(t, ax=axes(), max_depth=4))
    assert text.endswith(f"; and {len(t) - 40} more nodes.") and len(text) < 4000


def test_boards_mcts_and_legend_say_what_they_show():
    from abcore.games import ConnectFour, Nim
    from abcore.mcts import mcts, replay_mcts
    assert alt_text(draw_board("XO.......", axes(), highlight=1)).startswith(
        "A tic-tac-toe board, cells 0 to 8 row by row. Row 1: X, O, empty 2.")
    game = ConnectFour()
    text = alt_text(draw_connect4(game.from_moves("4453"), axes(), values={3: -2}, highlight=4))
    assert "column 4: X, O" in text and "column 5: X" in text and "3: −2" in text \
        and "Column 4 is outlined" in text
    log = []
    mcts(Nim(5), Nim(5).initial_state, simulations=30, seed=0, trace=log)
    text = alt_text(draw_mcts(replay_mcts(log, iterations=8), axes()))
    assert text.startswith("An MCTS tree after 8 iterations") and "The root: 8 visits" in text
    text = alt_text(draw_legend(axes()))
    assert "(α, β) window on the way down (on entry)" in text


def test_a_figure_names_its_panels_and_refuses_empty_words():
    fig = Figure()
    a, b, c = fig.subplots(1, 3)
    draw_board("X........", a)
    b.set_xlabel("depth")
    assert alt_text(fig).startswith("2 panels. Panel 1: A tic-tac-toe board")
    assert alt_text(fig).endswith("Panel 2: a plot x: depth.")
    assert alt_text(Figure()) is None            # nothing the kit drew, nothing it can say
    with pytest.raises(ValueError, match="what the picture shows"):
        set_alt_text(c, " ")


def _formatter():
    """IPython's display formatter as a notebook kernel has it: PNGs of figures (the inline
    backend's printer), and the kit's hook installed."""
    fmt = DisplayFormatter()
    fmt.formatters["image/png"].for_type(Figure, lambda f: print_figure(f, "png", base64=True))

    class Shell:
        display_formatter = fmt
    assert install(Shell())
    return fmt


def test_the_alt_text_reaches_the_output_metadata_and_nbconvert(seed004):
    nbformat = pytest.importorskip("nbformat")
    from nbconvert import HTMLExporter
    t, log = seed004
    fmt = _formatter()
    ax = draw_tree(t, log, ax=Figure(figsize=(6, 4)).subplots())
    data, md = fmt.format(ax.figure)
    assert "image/png" in data and md == alt_metadata(alt_text(ax.figure))
    plain = Figure()
    plain.subplots()
    assert fmt.format(plain)[1] == {}                # a figure with nothing to say: no metadata
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("draw_tree(t, log)", outputs=[
        nbformat.v4.new_output("display_data", data=data, metadata=md)])])
    # nbgrader's feedback pages extend nbconvert's classic template, which reads the alt there
    # (the lab template of nbconvert 7.17 writes no alt for a PNG output, whatever it carries)
    html, _ = HTMLExporter(template_name="classic").from_notebook_node(nb)
    assert 'alt="A game tree (The animated example, nodes A to J) of 18 nodes' in html
    assert "No description has been provided" not in html


def test_a_widget_image_carries_its_alt_text(seed004):
    from abcore.widgets import StepThrough
    t, log = seed004
    st = StepThrough(t, log)
    st.show(24)
    fmt = _formatter()
    data, md = fmt.format(st)
    assert "image/png" in data and "application/vnd.jupyter.widget-view+json" in data
    alt = md["image/png"]["alt"]
    assert alt.startswith("StepThrough, static image: frame 24 (frames 0 to 61)")       # show(24): frame 24
    assert "2 panels" in alt and "A game tree" in alt and "β-cut" in alt
    assert "(α, β): ↓ (−∞, 7)" in alt                   # J, entered with F's window


def test_every_widget_image_says_what_it_shows():
    from abcore import random_uniform
    from abcore.games import Nim
    from abcore.mcts import mcts
    from abcore.widgets import ConnectFourBoard, MCTSStepThrough, OrderingLab, TicTacToeBoard
    log = []
    mcts(Nim(5), Nim(5).initial_state, simulations=10, seed=0, trace=log)
    expected = {TicTacToeBoard(): "A tic-tac-toe board (you: X, computer: O), cells 0 to 8 row by row",
                ConnectFourBoard(depth=1): "A Connect 4 board, 7 columns and 6 rows",
                OrderingLab(random_uniform(2, 2, seed=1)): "searched by alpha-beta",
                MCTSStepThrough(log): "An MCTS tree after 0 iterations"}
    for widget, words in expected.items():
        assert "image/png" in widget._repr_mimebundle_()
        assert widget.static_alt.startswith(f"{type(widget).__name__}, static image")
        assert words in widget.static_alt, (type(widget).__name__, widget.static_alt)
