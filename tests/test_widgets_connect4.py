"""ConnectFourBoard driven from Python, as a student's clicks would (no pixel tests)."""
import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from abcore import alphabeta  # noqa: E402
from abcore.games import ConnectFour  # noqa: E402
from abcore.widgets import ConnectFourBoard, column_value_labels  # noqa: E402


def test_a_click_drops_a_disc_and_the_computer_replies():
    b = ConnectFourBoard(depth=4)
    assert b.history == [] and b.message.value.startswith("Your move")
    b.columns[3].click()                               # the button of column 4
    assert len(b.history) == 2 and b.history[0] == 4
    g = ConnectFour()
    assert b.state == g.from_moves(b.history)
    assert g.to_move(b.state) == "X"                  # the human's turn again


def test_after_its_move_it_shows_every_column_value_and_its_depth():
    b = ConnectFourBoard(depth=4)
    b.click(4)
    reply = b.history[1]
    assert set(b.values) == set(range(1, 8))            # every legal column got a value or bound
    assert b.values[reply] == column_value_labels(b.result)[reply]
    assert not b.values[reply].startswith("≤")          # the move played is exact
    assert b.depth_reached == 4
    msg = b.message.value
    assert f"played column {reply}" in msg and "4 plies ahead" in msg
    assert f"{b.result.stats.nodes:,} nodes" in msg
    assert "Your move" in msg


def test_its_values_are_those_of_the_same_search():
    b = ConnectFourBoard(depth=3)
    b.click(1)
    g = ConnectFour()
    before = g.from_moves("1")
    assert b.result.value == b.search(before).value
    # the value of the move it played is the depth-3 alpha-beta value of the position
    assert b.result.value == alphabeta(g, before, depth=3, evaluate=g.evaluate).value


def test_illegal_columns_are_refused_with_the_legal_ones_listed():
    b = ConnectFourBoard(width=4, height=2, depth=2)
    b.click(1)                                     # X in 1, the computer replies
    while 1 in ConnectFour(4, 2).actions(b.state):     # fill column 1 if the reply did not
        b.click(1)
    history, state = list(b.history), b.state
    b.click(1)
    assert "column 1 is full" in b.message.value
    legal = ", ".join(map(str, ConnectFour(4, 2).actions(state)))
    assert f"Legal columns: {legal}." in b.message.value
    assert b.history == history and b.state == state  # nothing changed
    assert b.columns[0].disabled
    b.click(9)
    assert "9 is not a column (they are 1 to 4)" in b.message.value
    b.click("2")
    assert "'2' is not a column" in b.message.value
    assert b.history == history


def test_the_computer_moves_first_when_you_play_o():
    b = ConnectFourBoard(human="O", depth=2)
    assert len(b.history) == 1 and b.values and b.result is not None
    b.human.value = "X"                                # a new game, the human first
    assert b.history == [] and b.values == {}


def test_a_won_game_says_so_and_refuses_more_moves():
    b = ConnectFourBoard(depth=1)
    g = ConnectFour()
    b.state, b.history = g.from_moves("172737"), [1, 7, 2, 7, 3, 7]
    b.click(4)                                         # X's fourth disc on the bottom row
    assert g.winner(b.state) == "X" and "Game over: you win" in b.message.value
    before = list(b.history)
    b.click(5)
    assert "The game is over: you win" in b.message.value and b.history == before


def test_it_plays_a_win_at_once_and_shows_it_as_a_result():
    b = ConnectFourBoard(human="O", depth=2)
    g = ConnectFour()
    b.state, b.history = g.from_moves("17273"), [1, 7, 2, 7, 3]   # X has 1, 2, 3 on the bottom
    b.click(6)                                         # O does not block
    assert b.history[-1] == 4 and g.winner(b.state) == "X"
    assert b.values[4] == "18"                         # a win with X's 4th disc: 22 - 4
    assert "Game over: I win" in b.message.value


def test_a_node_budget_deepens_iteratively():
    b = ConnectFourBoard(nodes=10_000)
    assert b.budget.value == ("nodes", 10_000)
    b.click(4)
    r = b.result
    assert r.stats.nodes <= 10_000 and b.depth_reached == r.depth == r.history[-1].depth >= 4
    assert set(b.values) == set(range(1, 8))
    assert f"looking {r.depth} plies ahead with iterative deepening" in b.message.value
    # the move and values are those of the last finished iteration
    g = ConnectFour()
    fixed = b.search(g.from_moves("4"))
    assert (fixed.value, fixed.move, fixed.depth) == (r.value, r.move, r.depth)


def test_changing_the_budget_changes_the_next_search():
    b = ConnectFourBoard(depth=2)
    b.budget.value = ("nodes", 1_000)
    b.click(4)
    assert b.result.stats.nodes <= 1_000 and "iterative deepening" in b.message.value
    b.budget.value = ("depth", 3)
    b.click(4)
    assert b.depth_reached == 3 and "iterative deepening" not in b.message.value


def test_budget_and_side_are_checked():
    with pytest.raises(ValueError, match="human must be 'X' or 'O'"):
        ConnectFourBoard(human="x")
    with pytest.raises(ValueError, match="depth must be one of"):
        ConnectFourBoard(depth=0)
    with pytest.raises(ValueError, match="nodes must be one of"):
        ConnectFourBoard(nodes=0)


def test_figure_and_static_fallback_say_what_they_show():
    b = ConnectFourBoard(depth=2)
    assert isinstance(b.figure(), Figure)
    assert "the first position" in b.static_caption()
    bundle = b._repr_mimebundle_()
    assert "image/png" in bundle and bundle["text/plain"].startswith("<ConnectFourBoard")
    b.click(4)
    assert "after 4" in b.static_caption()
    assert b.board.value[:4] == b"\x89PNG"
