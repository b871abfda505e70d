# hunt5 (misnamed "no cut at MIN nodes"): fail-hard, a MIN node cutting only on v < α (a MAX node on
# v ≥ β); on this tree no cut at MIN nodes gives the same rows, so no cause is claimed
from abcore.exercises.slips import hand_trace

tree = ex_4_2.tree
inner = {tree.label(n) for n in tree.nodes if tree.kind(n) != "leaf"}
trace_4_2 = [r for r in hand_trace(tree, hard=True, strict="min") if r.node in inner]
