# hunt4: fail-hard's bound at a cut, fail-soft's value after the last child (uncatalogued then,
# and named as "α = v").
from abcore.exercises.slips import hand_trace

tree = ex_4_2.tree
inner = {tree.label(n) for n in tree.nodes if tree.kind(n) != "leaf"}
trace_4_2 = [r for r in hand_trace(tree, hard=True, exit="soft") if r.node in inner]
