# hunt4: the right rows, no `cut` list: was told "cut on ≥, not >" where the first cut is a tie.
import dataclasses
from abcore.practice import expected_rows

tree = ex_7_3.tree
inner = {tree.label(n) for n in tree.nodes if tree.kind(n) != "leaf"}
trace_7_3 = [dataclasses.replace(r, cut=()) for r in expected_rows("star1", tree) if r.node in inner]
