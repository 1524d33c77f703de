"""A toy game that plugs into zoobook through its ``kinds`` module alone.

``toy/heaviest``: which tile is heaviest? The package has everything a game
brings (puzzle kind, picture, play widget, generator, a command), and nothing
outside it names it: the registry finds it. Its modules import each other
relatively, so the tests can also drop a copy of it into a copy of the zoobook
folder (``tests/foundation/test_plugins.py``).
"""
