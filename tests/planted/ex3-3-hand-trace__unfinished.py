# hunt4: the first half of the right rows, then nothing: told it is unfinished, not named as a slip.
from abcore.practice import expected_rows

tree = ex_3_3.tree
inner = {tree.label(n) for n in tree.nodes if tree.kind(n) != "leaf"}
rows = [r for r in expected_rows("failsoft", tree) if r.node in inner]
trace_3_3 = rows[: len(rows) // 2]
