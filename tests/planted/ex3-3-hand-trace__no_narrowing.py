# Every node entered with the full window (-inf, inf): the window is never narrowed for the children.
from abcore.exercises.slips import hand_trace

trace_3_3 = hand_trace(ex_3_3.tree, stale=True)
