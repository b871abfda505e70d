"""MCTSStepThrough and the MCTS boards, driven from Python: frames, the highlighted path with
both UCB1 terms, what each phase shows (no pixel tests)."""
import math

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from abcore.games import Nim, TicTacToe  # noqa: E402
from abcore.mcts import mcts, replay_mcts  # noqa: E402
from abcore.widgets import MCTSStepThrough, MCTSTicTacToeBoard, mcts_reply  # noqa: E402
from abcore.widgets.mcts_stepthrough import PHASE_NAMES  # noqa: E402

TTT = TicTacToe()


def stepper(state=None, sims=30, seed=2, game=TTT, **kw):
    log: list = []
    mcts(game, game.initial_state if state is None else state, simulations=sims, seed=seed,
         trace=log, **kw)
    return MCTSStepThrough(log), log


def test_one_start_frame_then_four_phases_per_iteration():
    w, log = stepper(TTT.board("X.O .X. ..O"), sims=25)
    assert w.iterations == 25 and w.frames == 1 + 4 * 25
    assert w.info(0).phase == "start" and w.info(0).iteration == 0
    for k in range(1, w.frames):
        f = w.info(k)
        assert f.iteration == (k + 3) // 4 and f.phase == PHASE_NAMES[(k - 1) % 4]
    last = w.info(w.frames - 1)
    assert last.replay.nodes[()].visits == 25 and last.replay.stopped == "simulations"
    with pytest.raises(IndexError, match="frames run from 0 to 100"):
        w.info(101)


def test_each_backup_frame_is_the_replay_after_that_many_iterations():
    w, log = stepper(sims=20)
    for it in range(1, 21):
        f = w.info(w.frame_of(it, "backup"))
        ref = replay_mcts(log, iterations=it)
        assert {p: (n.visits, n.total) for p, n in f.replay.nodes.items()} == \
               {p: (n.visits, n.total) for p, n in ref.nodes.items()}


def test_the_selection_frame_shows_the_path_with_both_ucb1_terms():
    w, log = stepper(TTT.board("X.O .X. ..O"), sims=40)
    seen = 0
    for it in range(1, 41):
        f = w.info(w.frame_of(it, "selection"))
        assert f.path[0] == () and all(len(b) == len(a) + 1 for a, b in zip(f.path, f.path[1:]))
        # before selection the iteration's tree is the previous iteration's
        prev = replay_mcts(log, iterations=it - 1)
        assert f.replay.nodes[()].visits == prev.nodes[()].visits
        for (parent, n, scores, move), child in zip(f.steps, f.path[1:]):
            assert child == parent + (move,)
            assert n == prev.nodes[parent].visits
            for s in scores:
                node = prev.nodes[parent + (s.move,)]
                assert s.visits == node.visits
                assert s.mean == pytest.approx(node.total / node.visits)       # for the chooser
                assert s.explore == pytest.approx(w.c * math.sqrt(math.log(n) / s.visits))
                assert s.ucb == pytest.approx(s.mean + s.explore)
            assert max(s.ucb for s in scores) == next(s.ucb for s in scores if s.move == move)
            seen += 1
        if f.steps:
            assert "+" in f.text and "=" in f.text and "N = " in f.text
    assert seen > 40


def test_the_first_iteration_selects_nothing_the_root_has_untried_moves():
    w, _ = stepper()
    f = w.info(w.frame_of(1, "selection"))
    assert f.path == ((),) and f.steps == () and "untried" in f.text
    assert f.replay.nodes.keys() == {()}


def test_the_expansion_frame_adds_the_one_node_at_the_end_of_the_path():
    w, _ = stepper(sims=30)
    for it in range(1, 31):
        before = w.info(w.frame_of(it, "selection")).replay.nodes
        f = w.info(w.frame_of(it, "expansion"))
        assert f.expanded is not None and f.expanded == f.path[-1]
        assert set(f.replay.nodes) - set(before) == {f.expanded}
        assert f.replay.nodes[f.expanded].visits == 0 and "new node" in f.text


def test_an_iteration_that_reaches_a_terminal_node_expands_nothing():
    # one empty cell: the only child is terminal; from iteration 2 on it is selected again
    w, _ = stepper(TTT.board("XOX XOO OX."), sims=3)
    f = w.info(w.frame_of(2, "expansion"))
    assert f.expanded is None and "terminal" in f.text
    assert len(f.replay.nodes) == 2


def test_the_playout_frame_gives_the_result_the_backup_adds():
    w, _ = stepper(TTT.board("X.O .X. ..O"), sims=30)
    for it in range(1, 31):
        p = w.info(w.frame_of(it, "playout"))
        b = w.info(w.frame_of(it, "backup"))
        moves, ending, v = p.playout
        assert ending == "terminal" and moves >= 0 and v in (-1, 0, 1)
        assert "playout" in p.text and f"{v:+g}" in p.text
        assert p.replay.nodes[()].visits == it - 1 and b.replay.nodes[()].visits == it
        assert b.replay.nodes[()].total - p.replay.nodes[()].total == v


def test_the_backup_credits_each_node_for_the_player_who_moved_into_it():
    w, _ = stepper(TTT.board("X.O .X. ..O"), sims=30)       # X to move at the root
    for it in range(1, 31):
        p = w.info(w.frame_of(it, "playout"))
        b = w.info(w.frame_of(it, "backup"))
        v = b.playout[2]
        assert [row[0] for row in b.backup] == list(b.path)
        for depth, (path, who, credit, visits, mean) in enumerate(b.backup):
            # the root is credited to the root player, X; X moved into its children, O into
            # theirs, and so on
            assert who == ("X" if depth == 0 or depth % 2 == 1 else "O")
            assert credit == (v if who == "X" else -v)
            before = p.replay.nodes[path]
            assert visits == before.visits + 1
            assert b.replay.nodes[path].total - before.total == credit
            assert mean == pytest.approx(b.replay.nodes[path].mean)


def test_the_picture_highlights_the_selected_path():
    w, _ = stepper(TTT.board("X.O .X. ..O"), sims=40)
    k = w.frame_of(30, "selection")
    f = w.info(k)
    fig = w.figure(k)
    ax = fig.axes[0]
    thick = [line for line in ax.lines if line.get_linewidth() == 3]
    assert len(thick) == min(len(f.path), 4) - 1                 # drawn down to depth 3
    labels = [t.get_text() for t in ax.texts]
    for parent, n, scores, move in f.steps[:3]:
        s = next(s for s in scores if s.move == move)
        assert any(f"{s.mean:.2f} + {s.explore:.2f} = {s.ucb:.2f}" in t for t in labels)
    words = [t.get_text() for t in fig.texts]
    assert "1. selection" in words and "4. backup" in words
    assert f"frame {k + 1} of {w.frames}" in words


def test_phase_marks_in_the_picture():
    w, _ = stepper(TTT.board("X.O .X. ..O"), sims=20)
    ax = w.figure(w.frame_of(10, "playout")).axes[0]
    assert any(t.get_text().startswith("playout:") for t in ax.texts)
    ax = w.figure(w.frame_of(10, "backup")).axes[0]
    f = w.info(w.frame_of(10, "backup"))
    credited = [f"{c:+g}" for _, _, c, _, _ in f.backup]
    assert sorted(t.get_text() for t in ax.texts if t.get_text() in ("+1", "-1", "+0")) == sorted(credited)
    ax = w.figure(w.frame_of(10, "expansion")).axes[0]
    assert len(ax.collections) == 2                               # the discs and the green rim


def test_the_controls_move_between_frames():
    w, _ = stepper(sims=10)
    assert w.frame == 0 and bytes(w.image.value).startswith(b"\x89PNG")
    w.forward.click()
    assert w.frame == 1 and w.phase_buttons.value == "selection" and w.iteration_slider.value == 1
    w.phase_buttons.value = "playout"
    assert w.frame == w.frame_of(1, "playout")
    w.iteration_slider.value = 7
    assert w.frame == w.frame_of(7, "playout")
    w.next_iteration.click()
    assert w.frame == w.frame_of(8, "backup")
    w.back.click()
    assert w.frame == w.frame_of(8, "playout") and "abcore-current-phase" in w.phases_label.value
    assert "3. playout" in w.phases_label.value and "playout" in w.detail_label.value
    w.goto(10, "selection")                  # the root's 9 moves are tried: UCB1 chooses
    assert "<table class='abcore-ucb'" in w.detail_label.value
    w.goto(8, "backup")
    assert "<table class='abcore-backup'" in w.detail_label.value
    w.show(10_000)
    assert w.frame == w.frames - 1
    with pytest.raises(ValueError, match="phase must be one of"):
        w.goto(1, "rollout")
    with pytest.raises(ValueError, match="does not exist"):
        w.goto(11)


def test_the_static_fallback_says_which_frame_it_shows():
    w, _ = stepper(sims=10)
    data = w._repr_mimebundle_()
    assert "image/png" in data and data["text/plain"].startswith("<MCTSStepThrough")
    assert w.static_caption().startswith("static image: frame 1 of 41")


def test_a_chance_game_steps_through():
    from abcore.games import DiceDuel
    g = DiceDuel()
    w, _ = stepper(g.initial_state, sims=30, game=g)
    texts = [w.info(k).text for k in range(w.frames)]
    assert any("chance state" in t for t in texts)


def test_a_trace_that_is_not_an_mcts_trace_is_refused():
    with pytest.raises(ValueError, match="needs an MCTS trace"):
        MCTSStepThrough([])
    from abcore import alphabeta
    log: list = []
    alphabeta(Nim(3), Nim(3).initial_state, trace=log)
    with pytest.raises(ValueError, match="needs an MCTS trace"):
        MCTSStepThrough(log)


# --- playing against MCTS ---------------------------------------------------------------------

def test_mcts_reply_gives_the_move_and_the_visits():
    move, visits = mcts_reply(TTT, TTT.board("XX. OO. ..."), simulations=300, seed=1)
    assert move == 2 and sum(visits.values()) == 300 and max(visits, key=visits.get) == 2


def test_the_mcts_board_plays_and_shows_visits_per_move():
    b = MCTSTicTacToeBoard(human="O", simulations=300, seed=0)
    assert len(b.history) == 1 and b.budget.value == 300
    first = b.history[0]
    assert sum(b.visits.values()) == 300 and max(b.visits, key=b.visits.get) == first
    shown = {i: c.description for i, c in enumerate(b.cells) if TTT.board(str(b.state)) is not None}
    for cell, n in b.visits.items():
        if cell != first:
            assert shown[cell] == str(n)
    assert "300 simulations" in b.message.value and f"{b.visits[first]} of them" in b.message.value
    reply = next(m for m in TTT.actions(b.state))
    b.click(reply)
    assert len(b.history) == 3 and sum(b.visits.values()) == 300
    b.budget.value = 30
    b.reset()
    assert sum(b.visits.values()) == 30


def test_the_mcts_board_takes_a_win_and_blocks_a_loss():
    lines = [(0, 1, 2), (0, 3, 6), (0, 4, 8)]
    for seed in range(3):
        b = MCTSTicTacToeBoard(human="X", simulations=1000, seed=seed)
        b.click(0)
        # X's second stone on a line through 0 that O left open: O must take its third cell
        a, c, d = next(line for line in lines if all(b.state.cells()[i] == "." for i in line[1:]))
        b.click(c)
        assert b.history[-1] == d, f"MCTS (O) did not block {a}-{c}-{d}: {b.history}"
        # the board shows the visits of the moves O did not play
        assert {i: b.cells[i].description for i in b.visits if i != d} == \
               {i: str(n) for i, n in b.visits.items() if i != d}


def test_the_mcts_board_refuses_a_budget_it_does_not_offer():
    with pytest.raises(ValueError, match="simulations must be one of"):
        MCTSTicTacToeBoard(simulations=7)


def test_the_connect4_board_plays_and_shows_visits_above_the_columns():
    from abcore.games import ConnectFour
    from abcore.widgets import MCTSConnectFourBoard
    g = ConnectFour()
    b = MCTSConnectFourBoard(human="O", simulations=300, seed=0)
    assert len(b.history) == 1 and sum(b.visits.values()) == 300
    assert max(b.visits, key=b.visits.get) == b.history[0]
    assert "300 simulations" in b.message.value and bytes(b.image.value).startswith(b"\x89PNG")
    ax = b.figure().axes[0]
    shown = {t.get_text() for t in ax.texts}
    assert {str(n) for n in b.visits.values()} <= shown          # the visits, above the columns
    b.click(1)
    assert len(b.history) == 3 and b.state == g.from_moves(b.history)
    assert repr(b).startswith("<MCTSConnectFourBoard:")


def test_the_connect4_board_takes_a_win_and_blocks_one():
    from abcore.games import ConnectFour
    from abcore.widgets import MCTSConnectFourBoard
    g = ConnectFour()
    b = MCTSConnectFourBoard(human="X", simulations=1000, seed=1)
    for column in (1, 1, 1):               # X builds three in column 1: MCTS must block at once
        before = len(b.history)
        b.click(column)
        if g.is_terminal(b.state) or b.history[-1] == 1:
            break
        assert len(b.history) == before + 2
    assert 1 in b.history[1::2], f"MCTS never blocked column 1: {b.history}"


def test_the_mcts_connect4_board_is_the_connect4_board_with_another_reply():
    from abcore.mcts import MCTSResult
    from abcore.widgets import ConnectFourBoard, MCTSConnectFourBoard
    from abcore.widgets.mcts_boards import BUDGETS
    assert issubclass(MCTSConnectFourBoard, ConnectFourBoard)
    # the human's path and the drawing are the base class's, not copies
    for name in ("click", "_refresh", "figure", "_outcome", "static_caption", "__repr__"):
        assert name not in vars(MCTSConnectFourBoard), name
    # what differs: the search, the reply it shows, the budget control, the tooltips
    for name in ("search", "_reply", "_budget_control", "_column_tooltip"):
        assert getattr(MCTSConnectFourBoard, name) is not getattr(ConnectFourBoard, name), name
    b = MCTSConnectFourBoard(simulations=100, seed=3)
    assert b.budget.description == "simulations" and list(b.budget.options) == list(BUDGETS)
    assert {"abcore-connect4", "abcore-mcts-connect4"} <= set(b._dom_classes)
    assert b.image is b.board
    assert b.children[0].children[1].children == (b.human, b.budget, b.new_game)  # the layout
    b.click(4)
    reply = b.history[1]
    assert isinstance(b.result, MCTSResult) and b.visits == dict(b.result.visits)
    assert b.values == {c: str(n) for c, n in b.visits.items()}      # visits, not values
    assert b.depth_reached == b.result.stats.max_depth > 0
    assert f"played column {reply} after 100 simulations" in b.message.value
    assert f"it got {b.visits[reply]} of them" in b.message.value
    assert "plies ahead" not in b.message.value
    assert b.columns[reply - 1].tooltip == f"column {reply}: {b.visits[reply]} simulations"
    # the base board's reply, by contrast, shows alpha-beta's values and depth
    a = ConnectFourBoard(depth=2)
    a.click(4)
    assert "2 plies ahead" in a.message.value and "simulations" not in a.message.value
    assert a.columns[0].tooltip.startswith("column 1: my value ")
    # the same seed plays the same game; each new game draws its own seeds
    again = MCTSConnectFourBoard(simulations=100, seed=3)
    again.click(4)
    assert again.history == b.history and again.visits == b.visits
    b.human.value = "O"                  # a new game (the second): MCTS opens
    assert b.games == 2 and len(b.history) == 1 and sum(b.visits.values()) == 100


@pytest.mark.parametrize("make", ["alpha-beta", "mcts"])
def test_both_connect4_boards_refuse_an_illegal_click_and_say_why(make):
    from abcore.games import ConnectFour
    from abcore.widgets import ConnectFourBoard, MCTSConnectFourBoard
    b = ConnectFourBoard(depth=1) if make == "alpha-beta" else MCTSConnectFourBoard(simulations=10)
    g = ConnectFour()
    for column, why in ((9, "9 is not a column (they are 1 to 7)"),
                        (0, "0 is not a column (they are 1 to 7)"),
                        ("2", "'2' is not a column (they are 1 to 7)"),
                        ("<b>", "'&lt;b&gt;' is not a column (they are 1 to 7)")):  # HTML escaped
        b.click(column)
        assert b.message.value == f"Illegal move: {why}. Legal columns: 1, 2, 3, 4, 5, 6, 7."
        assert b.history == [] and b.state == g.initial_state
    b.state, b.history = g.from_moves("444444"), [4] * 6      # column 4 full, X (you) to move
    b.click(4)
    assert b.message.value == "Illegal move: column 4 is full. Legal columns: 1, 2, 3, 5, 6, 7."
    assert b.history == [4] * 6 and b.state == g.from_moves("444444")


def test_the_mcts_connect4_board_refuses_a_budget_it_does_not_offer():
    from abcore.widgets import MCTSConnectFourBoard
    with pytest.raises(ValueError, match=r"simulations must be one of \(10, 30, 100"):
        MCTSConnectFourBoard(simulations=5)
    with pytest.raises(ValueError, match="human must be 'X' or 'O'"):
        MCTSConnectFourBoard(human="x")
