# hunt4: MIN nodes never cut (MAX nodes do), leaves left out: was told "cut on ≥, not >" where the
# first missed cut is a tie.
from abcore.exercises.slips import hand_trace

tree = ex_4_2.tree
inner = {tree.label(n) for n in tree.nodes if tree.kind(n) != "leaf"}
trace_4_2 = [r for r in hand_trace(tree, hard=True, nocut="min") if r.node in inner]
