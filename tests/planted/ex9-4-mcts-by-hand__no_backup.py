# The right path and UCB1 values, but the totals as they were before the iteration: the playout never backed up.
from abcore.practice.mcts_practice import slip_rows

trace_9_4 = "\n".join(" ".join([r.node] + ([f"{r.ucb:.2f}"] if r.ucb is not None else [])
                                + ([str(r.value)] if r.value is not None else []))
                       for r in slip_rows(ex_9_4.question, "no_backup"))
