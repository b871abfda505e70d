import os


def choose(game, state):
    for fd in range(1, 8):
        try:
            os.write(fd, b"\x00garbage{not json\n")
        except OSError:
            pass
    print("my move is four")
    return "four"
