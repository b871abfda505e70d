# Fail-hard's bound at a cut in a fail-soft exercise: a cut node returns the bound, not the value it found
# (after its last child, the value found, as fail-soft).
from abcore.exercises.slips import hand_trace

trace_3_3 = hand_trace(ex_3_3.tree, returns="hard")
