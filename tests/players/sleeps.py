import time


def choose(game, state):
    while True:
        time.sleep(1000)
