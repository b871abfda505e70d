def select_child(children, parent_visits, c=math.sqrt(2)):
    "The child of largest UCB1 score (unvisited first; ties: the first)."
    for child in children:
        if child.visits == 0:
            return child
    return max(children, key=lambda child: child.visits)
