"""Widgets driven from Python, as a student's clicks would: frames, buttons, board cells."""
import math

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from abcore import (GameTree, alphabeta, alphabeta_failhard, expectimax, minimax,  # noqa: E402
                    negamax, pvs, random_uniform)
from abcore.games import TicTacToe  # noqa: E402
from abcore.draw import lines  # noqa: E402
from abcore.search import describe  # noqa: E402
from abcore.widgets import OrderingLab, StepThrough, TicTacToeBoard, root_value_labels  # noqa: E402

SEED004 = "seed004_a_to_j"


def traced(search, tree, **kw):
    log = []
    search(tree, tree.initial_state, trace=log, **kw)
    return log


@pytest.fixture(scope="module")
def seed004():
    t = GameTree.load(SEED004)
    return t, traced(alphabeta, t)


@pytest.fixture(scope="module")
def step(seed004):
    t, log = seed004
    return StepThrough(t, log)


def highlighted_text(widget):
    html = widget.pseudocode.value
    start = html.index('class="abcore-current-line"')
    return html[html.index(">", start) + 1:html.index("</span>", start)]


# --- StepThrough ------------------------------------------------------------------------

def test_frame_12_of_seed_004(step):
    step.slider.value = 12                        # event 12: the leaf I is evaluated, under G
    info = step.info()
    assert info.event.kind == "leaf" and info.node == "I"
    assert info.stack == ["A", "C", "E", "F", "G", "I"]
    assert info.window == (3, math.inf)           # G's window after H: [3, +inf]
    assert info.counts == {"nodes": 7, "leaves": 2, "cutoffs": 0}
    # I is searched by MIN-VALUE (G is a MAX node): its TERMINAL line is highlighted.
    assert step.highlighted == lines("alphabeta").index("  if TERMINAL(n): return UTILITY(n)", 10)
    assert "TERMINAL" in highlighted_text(step)
    assert "A → C → E → F → G → I" in step.stack_label.value
    assert info.window_in == (3, math.inf)        # the leaf I is entered with G's window
    assert "at I: ↓ on the way down (3, +∞)" in step.window_label.value
    assert "7 nodes · 2 leaves · 0 cut-offs" in step.counters_label.value


def test_seed_004_cuts_highlight_the_cut_lines(step):
    step.show(24)                                  # J is beta-cut: 9 >= beta = 7
    assert step.info().event.kind == "cut" and step.info().node == "J"
    assert "β-cut" in highlighted_text(step)
    assert "9 ≥ β = 7" in step.event_label.value and "J2" in step.event_label.value
    step.show(58)                                  # B is alpha-cut: 4 <= alpha = 6
    assert step.info().node == "B" and "α-cut" in highlighted_text(step)
    assert "4 ≤ α = 6" in step.event_label.value
    assert step.info().counts["cutoffs"] == 3


def test_seed_004_windows_of_g(step, seed004):
    _, log = seed004
    windows = []
    for k in range(len(log)):
        info = step.info(k)
        if info.stack and info.stack[-1] == "G" and info.window not in windows:
            windows.append(info.window)
            assert info.window_in == (-math.inf, math.inf)      # on the way down, every time
            if info.window == (3, math.inf):                       # on the way up from H
                step.show(k)
                assert ("at G: ↓ on the way down (−∞, +∞) · ↑ on the way up (3, +∞)"
                        in step.window_label.value)
    # seed 004: "en descendant" (−∞, +∞); "en remontant de H" (3, +∞); "de I" (7, +∞)
    assert windows == [(-math.inf, math.inf), (3, math.inf), (7, math.inf)]


def test_buttons_move_one_frame_and_stop_at_the_ends(step):
    step.first.click()
    assert step.slider.value == 0 and step.highlighted is None        # the start event
    step.back.click()
    assert step.slider.value == 0
    step.forward.click()
    step.forward.click()
    assert step.slider.value == 2 and step.info().stack == ["A", "C"]
    step.last.click()
    assert step.slider.value == step.frames - 1 == 61
    step.forward.click()
    assert step.slider.value == 61
    assert "A returns 6" in step.event_label.value


def test_frames_are_png_images_that_change(step):
    step.show(5)
    a = step.image.value
    step.show(6)
    b = step.image.value
    assert a[:8] == b"\x89PNG\r\n\x1a\n" and a != b
    assert step.legend.value[:4] == b"\x89PNG"
    assert step.play.max == step.slider.max == 61


def test_static_figure_and_fallback(step):
    fig = step.figure(24)
    assert isinstance(fig, Figure)
    assert fig._repr_png_()[:4] == b"\x89PNG"          # shows in a notebook without pyplot
    marked = [t for ax in fig.axes for t in ax.texts if t.get_bbox_patch() is not None
              and "β-cut" in t.get_text()]
    assert len(marked) == 1
    bundle = step._repr_mimebundle_()
    assert "image/png" in bundle and "application/vnd.jupyter.widget-view+json" in bundle


_ROLE = {"enter": ("header",), "leaf": ("utility", "evaluate"), "return": ("return",),
         "alpha": ("alpha",), "beta": ("beta",), "cut": ("cut",), "research": ("research",),
         "leave": ("leave", "cut", "utility", "evaluate")}


@pytest.mark.parametrize("search", [minimax, alphabeta, alphabeta_failhard, negamax, pvs])
def test_every_event_highlights_a_line_of_its_kind(search):
    t = random_uniform(2, 3, seed=4)
    log = traced(search, t)
    st = StepThrough(t, log)
    roles = describe(search.__name__).roles
    for k, ev in enumerate(log[1:], start=1):
        line = st.info(k).line
        assert line is not None
        assert roles[line].startswith(_ROLE[ev.kind]), (k, ev, roles[line])


def test_expectimax_chance_lines():
    t = GameTree.from_nested([[(0.5, 4), (0.5, 0)], [(0.9, 1), (0.1, 10)]])
    log = traced(expectimax, t)
    st = StepThrough(t, log)
    roles = describe("expectimax").roles
    k = next(i for i, ev in enumerate(log) if ev.kind == "return" and ev.detail[2] is not None)
    st.show(k)
    assert roles[st.highlighted] == "return-chance"
    assert "0.5 × 4" in st.event_label.value


def test_negamax_window_is_for_the_side_to_move(seed004):
    t, _ = seed004
    st = StepThrough(t, traced(negamax, t))
    st.show(2)                                     # entering C, a MIN node
    assert "side to move" in st.window_label.value
    assert lines("negamax")[st.highlighted].startswith("function NEGAMAX")


def test_a_tic_tac_toe_trace_without_a_tree():
    game, board = TicTacToe(), TicTacToe.board("XXO...X.O")
    log = []
    alphabeta(game, board, trace=log)
    st = StepThrough(None, log, game=game)
    st.last.click()
    assert st.info().event.kind == "leave" and st.info().node == "r"
    st.show(2)
    assert st.info().stack == ["r", "r.3"]


def test_not_a_trace():
    with pytest.raises(ValueError, match="trace=\\[\\]"):
        StepThrough(None, [])


def test_the_tree_comes_before_the_trace_as_in_draw_tree(seed004):
    """StepThrough(tree, trace), the order of draw_tree; the old order is refused with the fix."""
    t, log = seed004
    assert StepThrough(t, log).tree is t
    with pytest.raises(TypeError, match=r"the tree comes first, then the trace: StepThrough\(tree, log\)"):
        StepThrough(log, t)


# --- OrderingLab --------------------------------------------------------------------------

def test_ordering_lab_best_first_reaches_knuth_moore():
    t = random_uniform(3, 3, seed=5, distinct=True)
    lab = OrderingLab(t)
    assert lab.minimax_result.stats.leaves == 27
    natural = lab.result.stats.leaves
    lab.ordering.value = "best-first"
    assert lab.result.stats.leaves == 3 ** 2 + 3 ** 1 - 1 == 11     # b^ceil(d/2) + b^floor(d/2) - 1
    assert lab.result.value == lab.minimax_result.value
    lab.ordering.value = "worst-first"
    assert lab.result.stats.leaves >= natural >= 11
    assert lab.result.value == lab.minimax_result.value
    assert f">{lab.result.stats.leaves} (" in lab.counts.value


def test_ordering_lab_random_is_seeded():
    t = random_uniform(3, 3, seed=5, distinct=True)
    lab = OrderingLab(t, ordering="random", seed=3)
    assert not lab.seed.disabled
    first = (lab.result.stats.leaves, lab.image.value)
    lab.seed.value = 4
    lab.seed.value = 3
    assert (lab.result.stats.leaves, lab.image.value) == first
    lab.ordering.value = "natural"
    assert lab.seed.disabled
    assert isinstance(lab.figure(), Figure)


# --- TicTacToeBoard -----------------------------------------------------------------------

def test_clicking_an_occupied_cell_changes_nothing_and_names_the_legal_moves():
    b = TicTacToeBoard()
    b.cells[4].click()
    before, history = b.state, list(b.history)
    taken = next(i for i in range(9) if before.cells()[i] == "O")
    b.cells[taken].click()
    assert b.state == before and b.history == history
    legal = ", ".join(str(c) for c in TicTacToe().actions(before))
    assert f"cell {taken} is taken by O" in b.message.value and legal in b.message.value
    b.click(9)
    assert b.state == before and "not a cell" in b.message.value


def test_the_computer_replies_with_a_best_move():
    b = TicTacToeBoard(algorithm="alphabeta")
    b.cells[0].click()                               # a corner: only the centre holds the draw
    assert b.history == [0, 4]
    after_human = TicTacToe.board("X........")
    assert b.history[1] in minimax(TicTacToe(), after_human).moves
    assert b.state.cells() == "X...O...."
    # Its values for the other cells, shown in the empty cells: the first move searched (1) and
    # the best (4) are exact; alpha-beta proved only bounds for the moves after the centre.
    assert b.values[1] == "−1" and b.values[4] == "0"
    assert all(b.values[m].startswith("≤") for m in (5, 6, 7, 8))
    assert [c.description for c in b.cells[1:4]] == [b.values[1], b.values[2], b.values[3]]
    assert b.cells[4].description == "O"


def test_minimax_values_are_exact():
    b = TicTacToeBoard(algorithm="minimax")
    b.click(0)
    exact = dict(minimax(TicTacToe(), TicTacToe.board("X........")).root_values)
    assert b.values == {m: ("0" if v == 0 else f"−{-v}" if v < 0 else str(v)) for m, v in exact.items()}
    assert not any("≤" in v for v in b.values.values())


def test_the_game_ends_with_a_clear_message_and_new_game_resets():
    b = TicTacToeBoard(algorithm="minimax", depth=1, evaluation="zero (no knowledge)")
    for cell in (4, 2, 6):                           # a short-sighted computer lets X win
        b.click(cell)
    assert TicTacToe().winner(b.state) == "X"
    assert "Game over" in b.message.value and "you win" in b.message.value
    before = b.state
    b.click(8)
    assert b.state == before and "The game is over" in b.message.value
    b.new_game.click()
    assert b.state == TicTacToe.initial_state and b.history == []
    assert all(c.description == "" for c in b.cells)


def test_playing_the_full_search_never_loses():
    b = TicTacToeBoard(algorithm="negamax")
    while not TicTacToe().is_terminal(b.state):
        b.click(TicTacToe().actions(b.state)[0])    # the human plays the first free cell
    assert TicTacToe().winner(b.state) in (None, "O")
    assert "Game over" in b.message.value


def test_computer_plays_x_when_you_play_o():
    b = TicTacToeBoard(human="O", algorithm="alphabeta", depth=2)
    assert len(b.history) == 1 and b.state.cells().count("X") == 1
    assert "+∞" in b.message.value                 # depth-limited: wins are worth +inf
    b.human.value = "X"
    assert b.history == [] and "Your move" in b.message.value
    assert isinstance(b.figure(), Figure) and "image/png" in b._repr_mimebundle_()


def test_root_value_labels_mark_bounds():
    t = GameTree.load(SEED004)
    assert root_value_labels(alphabeta(t, t.initial_state)) == {"C": "6", "B": "≤ 4"}
    assert root_value_labels(pvs(t, t.initial_state)) == {"C": "6", "B": "≤ 4"}
    assert root_value_labels(minimax(t, t.initial_state)) == {"C": "6", "B": "4"}


def test_pvs_steps_with_its_own_pseudocode_and_no_view_knows_its_name():
    """pvs was added as an engine module and a description: StepThrough shows its re-searches
    on its own pseudocode's lines, and no drawing or widget module names it."""
    t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 4]])
    log = traced(pvs, t)
    st = StepThrough(t, log)
    k = next(i for i, e in enumerate(log) if e.kind == "research")
    st.show(k)
    assert lines("pvs")[st.highlighted] == "      if α < v < β: v ← −PVS(c, −β, −α)   ▷ yes: search it again"
    assert "searches it again" in st.event_label.value
    assert "principal variation search" in st.children[0].value
    st.show(1)
    assert lines("pvs")[st.highlighted].startswith("function PVS(n, α, β)")
    # root 1 + first child 4 + null-window test of B cut after one leaf 2 + null-window test of
    # the last child 4, then its re-search 6 (in it, the leaves 5 and 4 are searched twice each)
    assert st.info(st.frames - 1).counts == {"nodes": 17, "leaves": 12, "cutoffs": 1}
    assert alphabeta(t, t.initial_state).stats.nodes == 11      # a bad ordering costs PVS
    import pathlib
    import abcore
    root = pathlib.Path(abcore.__file__).parent
    views = [*sorted((root / "draw").glob("*.py")), *sorted((root / "widgets").glob("*.py"))]
    import re
    names = "|".join(abcore.search.ALGORITHMS)
    compare = re.compile(rf'(==|!=|\bin)\s*\(?\s*"({names})"|ALPHA_BETA|\bNAMES\b')
    assert len(views) > 15
    for path in views:
        assert not compare.search(path.read_text()), (path.name, compare.search(path.read_text()))


def test_static_fallback_says_it_is_the_first_frame():
    t = GameTree.load(SEED004)
    step = StepThrough(t, traced(alphabeta, t))
    assert step.static_caption() == f"static image: frame 0 (frames 0 to {step.frames - 1}); run the notebook to step"
    step.show(5)                # counted from 0, as the slider, info(k) and the repr count
    assert step.static_caption().startswith("static image: frame 5 (frames 0 to ")
    assert repr(step) == f"<StepThrough: alphabeta, frame 5 (frames 0 to {step.frames - 1})>"
    assert "static image" in TicTacToeBoard().static_caption()


def test_the_static_caption_fits_in_the_picture():
    """The caption of a widget's stored image is drawn whole, not cut at the image's edge (the
    tic-tac-toe board's picture is 3 inches wide: issue 15, notebook 6)."""
    from abcore.widgets import DiceDuelBoard
    for widget in (TicTacToeBoard(), DiceDuelBoard()):
        fig = widget.figure()
        text = fig.text(0.005, 0.005, widget.static_caption(), fontsize=7.5, ha="left", va="bottom")
        width = text.get_window_extent(renderer=fig.canvas.get_renderer()).x1
        assert width <= fig.bbox.width, (type(widget).__name__, widget.static_caption(), width, fig.bbox.width)


def test_the_legend_picture_holds_its_entries(step):
    """Two window entries (on the way down, on the way up) widen the legend: none is cut."""
    import io

    from matplotlib.image import imread
    picture = imread(io.BytesIO(step.legend.value))
    ink = (picture[:, :, :3] < 0.5).any(axis=2)          # dark pixels: text and markers
    assert not ink[:, -3:].any() and not ink[:, :2].any()


def test_a_frame_looks_the_same_whatever_came_before(seed004):
    t, log = seed004
    a = StepThrough(t, log)
    for k in (3, 40, 61, 10):
        a.show(k)
    assert a.png(24) == StepThrough(t, log).png(24)
    a._cache.clear()
    assert a.png(24) == StepThrough(t, log).png(24)


# --- DiceDuelBoard ------------------------------------------------------------------------

def test_dice_duel_the_computer_takes_the_die_that_beats_yours():
    from abcore.widgets import DiceDuelBoard
    beats = {"249": "357", "168": "249", "357": "168"}       # 357 beats 249 with probability 5/9
    for mine, answer in beats.items():
        b = DiceDuelBoard(seed=1)
        b.dice[mine].click()
        assert b.state.first_die == mine and b.state.second_die == answer
        assert b.values[answer] == "1/9" and set(b.values) == set(beats) - {mine}
        assert b.state.first_roll is not None and b.state.second_roll is not None
        assert ("you win" in b.message.value) != ("I win" in b.message.value)
    before = b.state
    b.click("249")
    assert b.state == before and "New game" in b.message.value
    assert isinstance(b.figure(), Figure)
    b.new_game.click()
    assert b.state.first_die is None


def test_dice_duel_stored_picture_shows_the_dice():
    """The static image stored in notebook 7 (before any pick) shows the three dice, not an
    empty frame (reader 6, e3)."""
    from abcore.games import DICE
    from abcore.widgets import DiceDuelBoard
    b = DiceDuelBoard()
    b._repr_mimebundle_()
    drawn = [t.get_text() for ax in b.figure().axes for t in ax.texts]
    for faces in DICE.values():
        assert "  ".join(map(str, faces)) in drawn and " ".join(map(str, faces)) in b.static_alt


def test_dice_duel_rolls_repeat_with_the_seed():
    from abcore.widgets import DiceDuelBoard
    a, b = DiceDuelBoard(seed=7), DiceDuelBoard(seed=7)
    a.click("168")
    b.click("168")
    assert a.state == b.state


def test_depth_dropdown_shows_a_choice_for_a_full_search():
    b = TicTacToeBoard()
    assert b.depth.label == "to the end" and b.depth_limit is None
    b.depth.value = 3
    assert b.depth_limit == 3


def test_the_end_of_a_game_and_an_empty_window_in_french(monkeypatch, seed004):
    """frreader9 c4, c5, c6: one sentence per outcome (no « Partie finie : partie nulle »), « la case »
    as after an ordinary move, no parenthesis inside a parenthesis, « (α, β) : — »."""
    monkeypatch.setenv("ABCORE_EDITION", "fr")
    game = TicTacToe()
    b = TicTacToeBoard(algorithm="alphabeta")
    b.click(0)
    assert "là où l'alpha-bêta s'est arrêté" in b.message.value and "))" not in b.message.value
    while not game.is_terminal(b.state):             # the human plays the minimax move: a draw
        b.click(minimax(game, b.state).move)
    assert game.winner(b.state) is None and b.message.value == "Partie terminée\u00a0: match nul."
    b = TicTacToeBoard(algorithm="negamax")
    while not game.is_terminal(b.state):             # the human plays the first free cell: the computer wins
        b.click(game.actions(b.state)[0])
    last = b.history[-1]
    assert b.message.value == f"J'ai joué la case {last}. Partie terminée\u00a0: je gagne."
    b.click(0)
    assert b.message.value.startswith("La partie est terminée\u00a0: je gagne. Appuyez sur")
    t, log = seed004
    assert StepThrough(t, log).window_label.value == "<b>(α, β)</b>\u00a0: —"


def test_the_tictactoe_depth_9_is_the_whole_game_and_a_bad_depth_says_so():
    """frreader11 b7: 06 says depth 9 is perfect play: TicTacToeBoard(depth=9) searches to the
    end (the menu's 0); a depth it cannot show is the kit's error, not ipywidgets' TraitError."""
    assert TicTacToeBoard(depth=9).depth_limit is None and TicTacToeBoard(depth=8).depth_limit == 8
    for bad in (10, -1, 2.5, "3", True):
        with pytest.raises(ValueError, match=r"depth must be None or 0 \(to the end\), 1 to 8 plies, or 9"):
            TicTacToeBoard(depth=bad)
    for evaluation in ("open lines", [1], {}):          # unhashable too (rev28s C2)
        with pytest.raises(ValueError, match="evaluation must be one of"):
            TicTacToeBoard(evaluation=evaluation)
    import abcore
    abcore.use_language("fr")
    try:
        with pytest.raises(ValueError, match="depth vaut None ou 0 \\(jusqu'au bout\\), de 1 à 8 demi-coups, ou 9"):
            TicTacToeBoard(depth=10)
    finally:
        abcore.use_language(None)
