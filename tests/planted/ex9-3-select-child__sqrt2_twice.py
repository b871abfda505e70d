def select_child(children, parent_visits, c=math.sqrt(2)):
    "The child of largest UCB1 score (unvisited first; ties: the first)."
    best, best_score = None, -math.inf
    for child in children:
        if child.visits == 0:
            return child
        score = child.total / child.visits + c * math.sqrt(2 * math.log(parent_visits) / child.visits)
        if score > best_score:
            best, best_score = child, score
    return best
