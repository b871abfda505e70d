def expectimax_value(tree, node):
    "The expectimax value of node, for MAX."
    return expectimax(tree, node, player="max").value
