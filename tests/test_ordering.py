"""Orderings are parameters: the same value, different work."""
from abcore import alphabeta, minimax, random_uniform
from abcore.games import TicTacToe
from abcore.ordering import best_first, by_key, center_first, natural, reverse, shuffled, worst_first


def test_orderings_permute_the_moves():
    moves = tuple(range(9))
    for order in (natural, reverse, shuffled(seed=2), center_first, by_key(lambda g, s, a: -a)):
        assert sorted(order(None, None, moves)) == list(moves)
    assert center_first(None, None, moves) == (4, 0, 2, 6, 8, 1, 3, 5, 7)


def test_shuffled_is_reproducible():
    a, b = shuffled(seed=7), shuffled(seed=7)
    assert [a(None, None, range(5)) for _ in range(3)] == [b(None, None, range(5)) for _ in range(3)]


def test_centre_corners_edges_prunes_more_on_tictactoe():
    g = TicTacToe()
    plain = alphabeta(g, g.initial_state)
    better = alphabeta(g, g.initial_state, order=center_first)
    assert better.value == plain.value == 0
    assert better.stats.nodes < plain.stats.nodes == 18_297


def test_best_first_beats_natural_beats_worst_first_on_average():
    best = nat = worst = 0
    for seed in range(30):
        t = random_uniform(3, 4, seed=seed, distinct=True)
        best += alphabeta(t, t.initial_state, order=best_first(t)).stats.leaves
        nat += alphabeta(t, t.initial_state).stats.leaves
        worst += alphabeta(t, t.initial_state, order=worst_first(t)).stats.leaves
        assert minimax(t, t.initial_state, order=best_first(t)).value == minimax(t, t.initial_state).value
    assert best < nat < worst
