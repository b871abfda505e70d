def select_child(children, parent_visits, c=math.sqrt(2)):
    "The child of largest UCB1 score (unvisited first; ties: the first)."
    visited = [child for child in children if child.visits > 0] or children
    return max(visited, key=lambda child: child.total / child.visits
               + c * math.sqrt(math.log(parent_visits) / child.visits) if child.visits else 0)
