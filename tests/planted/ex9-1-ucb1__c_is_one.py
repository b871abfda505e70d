def ucb1(mean, visits, parent_visits, c=math.sqrt(2)):
    "UCB1 score of a child: mean + c * sqrt(ln(parent_visits) / visits); inf when unvisited."
    if visits == 0:
        return math.inf
    return mean + math.sqrt(math.log(parent_visits) / visits)
