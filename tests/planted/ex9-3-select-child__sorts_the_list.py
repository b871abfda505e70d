def select_child(children, parent_visits, c=math.sqrt(2)):
    """Right choice, but the caller's list is sorted in place (hunt, accepted #22)."""
    def score(ch):
        if ch.visits == 0:
            return math.inf
        return ch.total / ch.visits + c * math.sqrt(math.log(parent_visits) / ch.visits)
    children.sort(key=lambda ch: -score(ch))
    return children[0]
