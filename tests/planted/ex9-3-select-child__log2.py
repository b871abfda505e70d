# hunt5 (misnamed "ln(N(parent) + 1)"): log2 for the natural logarithm
def select_child(children, parent_visits, c=math.sqrt(2)):
    best, best_score = None, -math.inf
    for child in children:
        if child.visits == 0:
            return child
        score = child.total / child.visits + c * math.sqrt(math.log2(parent_visits) / child.visits)
        if score > best_score:
            best, best_score = child, score
    return best
