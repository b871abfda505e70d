# Expectimax divided by the number of outcomes: the first chance node searched to the end
# returns Σ p·v / n (aima-python's slip).
import dataclasses
from abcore.practice import expected_rows

tree = ex_7_3.tree
chance = {tree.label(n): len(tree.children(n)) for n in tree.nodes if tree.kind(n) == "chance"}
rows = expected_rows("star1", tree)
first = next(i for i, r in enumerate(rows) if r.node in chance and not r.cut)
rows[first] = dataclasses.replace(rows[first], value=rows[first].value / chance[rows[first].node])
trace_7_3 = rows
