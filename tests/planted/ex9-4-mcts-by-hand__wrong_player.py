# The right path and UCB1 values, but the backup credited to the wrong player: each total moves the other way.
from abcore.practice.mcts_practice import slip_rows

trace_9_4 = "\n".join(" ".join([r.node] + ([f"{r.ucb:.2f}"] if r.ucb is not None else [])
                                + ([str(r.value)] if r.value is not None else []))
                       for r in slip_rows(ex_9_4.question, "wrong_player"))
