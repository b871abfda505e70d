"""The benchmark of abcore: ``python -m bench`` (or ``make bench``) prints plain-text tables.

A script, never a timed test. Its modules, one idea each:

- :mod:`bench.timing`: medians of repeated runs, and their spread;
- :mod:`bench.reference`: a plain bitboard negamax, the yardstick (not part of abcore);
- :mod:`bench.peers`: OpenSpiel's ``alpha_beta_search`` on the same game, when installed;
- :mod:`bench.overhead`: what tracing costs when it is off, and what counting costs;
- :mod:`bench.connect4_port`: Connect 4 ``solve`` beside a plain CPython port of Pons' solver;
- :mod:`bench.mcts`: MCTS simulations per second beside OpenSpiel's ``MCTSBot``, and the solver;
- :mod:`bench.course`: issue 26's table, the course as a class feels it (notebooks' CPU under
  nbclient, autograde a student and a class of 120, the keep rows); run on its own, it takes
  minutes (``python -m bench.course``);
- :mod:`bench.run`: the tables, in order (``main``).
"""
__all__: list = []
