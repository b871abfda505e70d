"""Tries to overwrite the tournament's results: the path the test plants in RESULTS below, then
results.jsonl in its working folder; plays on only if both writes did nothing."""
RESULTS = "results.jsonl"


def choose(game, state):
    with open(RESULTS, "w") as f:
        f.write('{"first": "writes_results", "result": 1}\n')
    return game.actions(state)[0]
