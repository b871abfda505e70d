# hunt4: fail-soft's value at a cut, fail-hard's bound after the last child (uncatalogued then:
# on some students' trees it gave the key's rows).
from abcore.exercises.slips import hand_trace

tree = ex_3_3.tree
inner = {tree.label(n) for n in tree.nodes if tree.kind(n) != "leaf"}
trace_3_3 = [r for r in hand_trace(tree, exit="hard") if r.node in inner]
