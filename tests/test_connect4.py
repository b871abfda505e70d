"""Connect 4: the bitboards against a naive board, moves, scores, and the search hooks."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from abcore import IllegalMoveError, alphabeta, minimax
from abcore.games import ConnectFour, connect4, load_positions, position_sets

GAME = ConnectFour()


def naive_winner(columns: list[list[str]], width: int, height: int) -> str | None:
    """Four equal stones in a row, by looking at every cell and direction."""
    def at(c, r):
        return columns[c][r] if 0 <= c < width and 0 <= r < len(columns[c]) else None
    for c in range(width):
        for r in range(height):
            p = at(c, r)
            if p is None:
                continue
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if all(at(c + i * dc, r + i * dr) == p for i in range(4)):
                    return p
    return None


def naive_grid(columns, width, height):
    return ["".join(columns[c][r] if r < len(columns[c]) else "." for c in range(width))
            for r in reversed(range(height))]


@settings(max_examples=settings.default.max_examples * 2)          # 200 quick and ci, 2,000 fuzz
@given(st.sampled_from([(7, 6), (7, 6), (4, 4), (5, 4), (6, 5), (9, 7), (3, 5)]),
       st.integers(0, 2**32))
def test_win_detection_matches_a_naive_board(size, seed):
    """1,000 random games (5 per example): after each move the bitboard game agrees with a
    list-of-columns board on the cells, the winner, the end of the game and the legal columns."""
    width, height = size
    g = ConnectFour(width, height)
    rng = random.Random(seed)
    for _ in range(5):
        s = g.initial_state
        columns: list[list[str]] = [[] for _ in range(width)]
        while True:
            legal = g.actions(s)
            assert legal == tuple(c + 1 for c in range(width) if len(columns[c]) < height)
            col = rng.choice(legal)
            player = g.to_move(s)
            s = g.result(s, col)
            columns[col - 1].append(player)
            assert s.grid() == naive_grid(columns, width, height)
            winner = naive_winner(columns, width, height)
            assert g.winner(s) == winner
            full = all(len(c) == height for c in columns)
            assert g.is_terminal(s) == (winner is not None or full)
            if g.is_terminal(s):
                assert g.actions(s) == () and g.search_actions(s) == ()
                break


@given(st.sampled_from([(7, 6), (7, 6), (4, 4), (5, 4), (1, 4), (4, 1), (9, 7), (3, 5)]),
       st.integers(0, 2**32), st.integers(0, 60))
def test_random_playout_ends_the_game_as_the_loop_it_stands_for(size, seed, opening):
    """The MCTS hook: from a position ``opening`` random moves in (terminal ones too), the same
    ``choice`` gives the same final state, in as many moves, as choice(actions(s)) until the end."""
    g = ConnectFour(*size)
    rng = random.Random(seed)
    s = g.initial_state
    for _ in range(opening):
        if g.is_terminal(s):
            break
        s = g.result(s, rng.choice(g.actions(s)))
    got = g.random_playout(s, random.Random(seed + 1).choice)
    loop, t, moves = random.Random(seed + 1), s, 0
    while not g.is_terminal(t):
        t, moves = g.result(t, loop.choice(g.actions(t))), moves + 1
    assert got == (t, moves) and type(got[0]) is type(t) and repr(got[0]) == repr(t)
    assert g.is_terminal(got[0]) and g.utility(got[0], "X") == g.utility(t, "X")


def test_from_moves_errors_list_the_legal_columns():
    with pytest.raises(IllegalMoveError) as e:                 # a full column
        GAME.from_moves("4444444")
    assert e.value.action == 4 and e.value.legal == (1, 2, 3, 5, 6, 7)
    assert "(move 7 of '4444444')" in e.value.__notes__
    for bad in ("8", "0", "4x"):                              # out of range, not a column
        with pytest.raises(IllegalMoveError) as e:
            GAME.from_moves(bad)
        assert e.value.legal == (1, 2, 3, 4, 5, 6, 7)
    with pytest.raises(IllegalMoveError) as e:                 # after X has won
        GAME.from_moves("44556673")
    assert e.value.legal == ()
    with pytest.raises(IllegalMoveError):
        GAME.result(GAME.initial_state, True)                 # a bool is not a column
    assert GAME.from_moves([4, 4, 5]) == GAME.from_moves("445")
    with pytest.raises(ValueError, match="width"):
        ConnectFour(10, 6)


def test_utility_prefers_quick_wins():
    quick = GAME.from_moves("4455667")                      # X wins with its 4th stone
    slow = GAME.from_moves("561727374")                      # X wins with its 5th stone
    assert GAME.utility(quick, "X") == 18 > GAME.utility(slow, "X") == 17
    assert GAME.utility(quick, "O") == -18 < GAME.utility(slow, "O") == -17
    assert ConnectFour(4, 4).utility(ConnectFour(4, 4).from_moves("1122334"), "X") == 5
    with pytest.raises(ValueError, match="not over"):
        GAME.utility(GAME.initial_state, "X")


def test_utility_is_22_minus_the_winners_stones_on_random_games():
    rng = random.Random(4)
    seen = set()
    for _ in range(300):
        s, moves = GAME.initial_state, []
        while not GAME.is_terminal(s):
            moves.append(rng.choice(GAME.actions(s)))
            s = GAME.result(s, moves[-1])
        w = GAME.winner(s)
        if w is None:
            assert GAME.utility(s, "X") == GAME.utility(s, "O") == 0
            continue
        k = sum(1 for i in range(len(moves)) if "XO"[i % 2] == w)
        assert GAME.utility(s, w) == 22 - k == -GAME.utility(s, "XO"[w == "X"])
        seen.add(k)
    assert len(seen) > 5                                      # many different win lengths


def test_states_hash_and_compare_by_position():
    a, b = GAME.from_moves("1234"), GAME.from_moves("3214")   # the same stones, other order
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert GAME.from_moves("1234") != GAME.from_moves("2143")  # colours swapped
    assert ConnectFour(4, 4).initial_state != GAME.initial_state
    assert repr(a) == "C4State('......./......./......./......./......./XOXO...', to_move='X')"
    assert GAME.key(a) == GAME.key(b) and GAME.key(a) != GAME.key(GAME.from_moves("2143"))
    assert GAME.moves_played(a) == 4


def all_positions(g):
    """Every position reachable on a small board, with its exact value for the side to move."""
    value = {}

    def solve(s):
        if s in value:
            return value[s]
        if g.is_terminal(s):
            v = g.utility(s, g.to_move(s))
        else:
            v = max(-solve(g.result(s, a)) for a in g.actions(s))
        value[s] = v
        return v
    solve(g.initial_state)
    return value


def test_search_actions_keep_every_value_on_4x4_exhaustively():
    """On every one of the 161,029 positions of 4 x 4: the best of search_actions is the best of
    all moves; the keys are unique; the value lies within value_bounds, and within
    search_bounds, which are tighter. (5 x 4, all 3,945,711 positions, was checked the same way
    by hand for search_actions and value_bounds: no difference; too slow for the suite.)"""
    g = ConnectFour(4, 4)
    value = all_positions(g)
    assert len(value) == 161_029 and value[g.initial_state] == 0
    keys, exact = set(), 0
    for s, v in value.items():
        keys.add(g.key(s))
        if g.is_terminal(s):
            continue
        lo, hi = g.value_bounds(s)
        assert lo <= v <= hi
        tight_lo, tight_hi = g.search_bounds(s)
        assert lo <= tight_lo <= v <= tight_hi <= hi
        exact += tight_lo == tight_hi
        moves = g.search_actions(s)
        assert moves and set(moves) <= set(g.actions(s)) and len(set(moves)) == len(moves)
        assert max(-value[g.result(s, a)] for a in moves) == v
    assert len(keys) == len(value)
    assert exact > 10_000           # search_bounds settles many positions without a search


class Pruned(ConnectFour):
    """The game whose moves are only the search hooks' moves."""

    def actions(self, state):
        return self.search_actions(state)


@settings(max_examples=settings.default.max_examples * 2 // 5)     # 40 quick and ci, 400 fuzz
@given(st.sampled_from([(4, 4), (5, 4)]), st.lists(st.integers(0, 100), min_size=12, max_size=12))
def test_alphabeta_and_pruned_moves_agree_with_minimax_on_small_boards(size, picks):
    """Positions with at most 8 empty cells, so that plain minimax stays quick."""
    g, p = ConnectFour(*size), Pruned(*size)
    s = g.initial_state
    for pick in picks[:size[0] * size[1] - 8]:
        if g.is_terminal(s):
            break
        legal = g.actions(s)
        s = g.result(s, legal[pick % len(legal)])
    m = minimax(g, s)
    assert alphabeta(g, s).value == m.value
    assert minimax(p, s).value == m.value == alphabeta(p, s).value


def naive_ends(state, width, height) -> bool:
    """Whether a naive board (lists of columns) finds four in a row in ``state``'s grid."""
    rows = state.grid()
    columns = [[rows[height - 1 - r][c] for r in range(height) if rows[height - 1 - r][c] != "."]
               for c in range(width)]
    return naive_winner(columns, width, height) is not None


@settings(max_examples=settings.default.max_examples)              # 100 quick and ci, 1,000 fuzz
@given(st.sampled_from([(7, 6), (7, 6), (4, 4), (5, 4), (3, 5), (1, 4), (4, 1), (2, 9), (9, 15)]),
       st.integers(0, 2**32))
def test_what_the_hooks_remember_is_a_fact_about_the_exact_state(size, seed):
    """search_actions keeps, for each child it returns, what the child would compute again
    (ConnectFour._kids, one small dict per ply), read by search_bounds and result. One game is
    asked, in a random order, about the states of a random game and their children (siblings
    and cousins write over each other's records); every answer equals that of a fresh game asked
    only that question, and a move ends the game exactly when a naive board sees four in a row."""
    rng = random.Random(seed)
    width, height = size
    used = ConnectFour(width, height)
    s, path = used.initial_state, [used.initial_state]
    while not used.is_terminal(s):
        s = used.result(s, rng.choice(used.actions(s)))
        path.append(s)
    pool = path + [used.result(p, a) for p in path for a in used.actions(p)]
    for _ in range(60):
        s = rng.choice(pool)
        ask = rng.randrange(4)
        if ask == 0:
            assert used.search_actions(s) == ConnectFour(*size).search_actions(s), s
        elif ask == 1 and not used.is_terminal(s):
            assert used.search_bounds(s) == ConnectFour(*size).search_bounds(s), s
        elif ask == 2 and not used.is_terminal(s):        # bounds then moves, as a search asks
            fresh = ConnectFour(*size)
            assert ((used.search_bounds(s), used.search_actions(s))
                    == (fresh.search_bounds(s), fresh.search_actions(s))), s
        elif ask == 3:
            for a in used.actions(s):
                child = used.result(s, a)
                assert child == ConnectFour(*size).result(s, a), (s, a)
                assert (used.winner(child) is not None) == naive_ends(child, width, height), (s, a)


def test_finished_games_have_no_moves_whatever_was_asked_before():
    """search_bounds keeps the facts of its last state for search_actions (ConnectFour._seen),
    and it answers any state it is given: asked next about the same finished game (four in a
    row, or a full board), search_actions still says there is nothing to play."""
    rng = random.Random(3)
    finished = [GAME.from_moves(m) for m in ("4455667", "1122334", "561727374")]
    while len(finished) < 8 or not any(GAME.winner(s) is None for s in finished):
        s = GAME.initial_state
        while not GAME.is_terminal(s):
            s = GAME.result(s, rng.choice(GAME.actions(s)))
        finished.append(s)
    for s in finished:
        GAME.search_bounds(s)
        assert GAME.search_actions(s) == () and GAME.actions(s) == ()


def test_search_actions_remembers_facts_in_bounded_memory(monkeypatch):
    """search_actions keeps its answers (ConnectFour._memo, emptied when full): with room for 8
    states, a game asked twice in a row about each state of random games holds at most 8, and
    every answer, remembered or not, is a fresh game's, with the children's records that result
    and search_bounds read after it (the property test above mixes the questions)."""
    monkeypatch.setattr(connect4, "_MEMO", 8)
    rng = random.Random(5)
    used, states = ConnectFour(), []
    for _ in range(4):
        s = used.initial_state
        while not used.is_terminal(s):
            states.append(s)
            s = used.result(s, rng.choice(used.actions(s)))
    remembered = 0
    for s in states:
        for _ in range(2):
            remembered += s in used._memo
            fresh = ConnectFour()
            moves = used.search_actions(s)
            assert moves == fresh.search_actions(s) and len(used._memo) <= 8
            for m in moves:
                child = used.result(s, m)
                assert child == fresh.result(s, m)
                if not used.is_terminal(child):
                    assert used.search_bounds(child) == fresh.search_bounds(child)
    assert remembered >= len(states)                     # each second question was remembered


def test_search_actions_order_and_rules():
    assert GAME.search_actions(GAME.initial_state) == (4, 3, 5, 2, 6, 1, 7)
    assert GAME.search_actions(GAME.from_moves("445566")) == (3,)          # wins at once
    assert GAME.search_actions(GAME.from_moves("112233")) == (4,)          # X wins at once
    assert GAME.search_actions(GAME.from_moves("11223")) == (4,)           # O must block
    assert GAME.search_actions(GAME.from_moves("1122334")) == ()           # over: X won


def test_search_actions_never_hand_the_opponent_a_win():
    rng = random.Random(7)
    for _ in range(300):
        s = GAME.initial_state
        while not GAME.is_terminal(s):
            moves = GAME.search_actions(s)
            wins = [a for a in GAME.actions(s) if GAME.is_terminal(GAME.result(s, a))
                    and GAME.winner(GAME.result(s, a))]
            if wins:
                assert len(moves) == 1 and moves[0] in wins
            else:
                def loses(a):
                    t = GAME.result(s, a)
                    return any(GAME.winner(GAME.result(t, b)) for b in GAME.actions(t))
                safe = [a for a in GAME.actions(s) if not loses(a)]
                assert sorted(moves) == sorted(safe) if safe else len(moves) == 1
            s = GAME.result(s, rng.choice(GAME.actions(s)))


def test_evaluate_stays_inside_every_win():
    rng = random.Random(1)
    for _ in range(200):
        s = GAME.initial_state
        while not GAME.is_terminal(s):
            for p in GAME.players:
                e = GAME.evaluate(s, p)
                assert -1 < e < 1 and e == -GAME.evaluate(s, "XO"[p == "X"])
            s = GAME.result(s, rng.choice(GAME.actions(s)))
        assert GAME.evaluate(s, "X") == GAME.utility(s, "X")
    assert GAME.evaluate(GAME.from_moves("4"), "X") == 7 / 70


def test_evaluate_counts_the_open_lines_one_by_one():
    # evaluate's byte tables (_window_bytes) against the definition: every line of four, one by
    # one, open for a player when it holds none of the opponent's stones; boards of several sizes.
    rng = random.Random(2)
    for width, height in ((7, 6), (5, 4), (9, 15), (4, 4)):
        game = ConnectFour(width, height)
        for _ in range(20):
            s = game.initial_state
            while not game.is_terminal(s):
                for p in game.players:
                    mine = game.stones(s, p)
                    theirs = game.stones(s, "XO"[p == "X"])
                    open_mine = sum(1 for w in game._windows if not w & theirs)
                    open_theirs = sum(1 for w in game._windows if not w & mine)
                    assert game.evaluate(s, p) == (open_mine - open_theirs) / (len(game._windows) + 1)
                s = game.result(s, rng.choice(game.actions(s)))


def test_shipped_sets_load_and_agree_with_the_game():
    assert set(position_sets()) >= {"end", "middle"}
    with pytest.raises(ValueError, match="choose one of"):
        load_positions("nope")
    end = load_positions("end")
    assert len(end) == 1000
    for moves, score in end[:20]:
        s = GAME.from_moves(moves)
        assert not GAME.is_terminal(s) and GAME.moves_played(s) > 28
        assert alphabeta(Pruned(), s).value == score


def test_draw_connect4_puts_one_disc_per_stone():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from abcore.draw import draw_connect4

    for moves in ("", "4453", "4455667", "1" * 6 + "2" * 6):
        s = GAME.from_moves(moves)
        ax = draw_connect4(s, values={c: c - 4 for c in range(1, 8)}, highlight=[1, 7])
        discs = [p for p in ax.patches if p.get_gid() == "disc"]
        holes = [p for p in ax.patches if p.get_gid() == "hole"]
        assert len(discs) == len(moves) and len(discs) + len(holes) == 42
        reds = sum(1 for p in discs if matplotlib.colors.to_hex(p.get_facecolor()) == "#d62728")
        assert reds == (len(moves) + 1) // 2
        assert [t.get_text() for t in ax.texts] == ["-3", "-2", "-1", "0", "1", "2", "3"]
        plt.close(ax.figure)
    with pytest.raises(ValueError, match="not in 1..7"):
        draw_connect4(GAME.initial_state, highlight=8)
    plt.close("all")


def test_a_state_of_another_board_size_is_refused():
    """Review rev27 C1: search_actions and result read a state's bits as their board's, so a
    position of another size (column 1 twice in its moves, before) is refused, named."""
    small = ConnectFour(6, 5).from_moves("1234")
    game = ConnectFour()
    for call in (lambda: game.search_actions(small), lambda: game.result(small, 1),
                 lambda: game.result(small, 9), lambda: game.result(small, 4)):
        with pytest.raises(ValueError, match="a 6 x 5 board, and this game's board is 7 x 6"):
            call()
    assert game.search_actions(game.from_moves("1234")) == ConnectFour().search_actions(game.from_moves("1234"))
    # Review rev28r A4: a bigger board's state with more stones than 7 x 6 holds (44 here, no
    # four in a row: a random game, seeded); an IndexError for most columns, before.
    tall = ConnectFour(7, 15)
    big = tall.from_moves("51642713771171647635371175556215615153752712")
    assert tall.moves_played(big) == 44 and not tall.is_terminal(big)
    for call in [lambda c=c: game.result(big, c) for c in range(1, 8)] + [lambda: game.search_bounds(big)]:
        with pytest.raises(ValueError, match="a 7 x 15 board, and this game's board is 7 x 6"):
            call()
    # Review rev28s B4: random_playout (once a playout) and utility check too
    import random
    wide = ConnectFour(9, 15)
    won = wide.from_moves("1212121")
    assert wide.is_terminal(won)
    for call in (lambda: game.random_playout(big, random.Random(0).choice), lambda: game.utility(won, "X"),
                 lambda: game.random_playout(won, random.Random(0).choice)):
        with pytest.raises(ValueError, match="board, and this game's board is 7 x 6"):
            call()
