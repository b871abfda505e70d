# hunt4: a cut chance node valued with the other bound (L where U goes), uncatalogued then.
from abcore.exercises.slips import hand_trace

tree = ex_7_3.tree
inner = {tree.label(n) for n in tree.nodes if tree.kind(n) != "leaf"}
trace_7_3 = [r for r in hand_trace(tree, other_bound=True) if r.node in inner]
