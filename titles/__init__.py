"""The games, one folder each; the core never imports this package except through the
registry of games (:mod:`games.registry`).

Each game is ``titles/<name>/``::

    __init__.py      SPEC = GameSpec(...): what the game is, can do and provides
    apps.py          the folder as a Django app, so its templates/ and locale/ are found
    engine/          the rules, pure Python (the protocol of games.engines.base)
    board.py         the SVG board and turn guide (the contract of games.boards)
    changes.py       what changed since the viewer last looked (games.boards.changes)
    words.py         the position in words for emails; the front page's sentences
    diagrams.py      the rules page's diagrams (learn.diagrams)
    templates/<name>/rules.html
    locale/          its German words
    tests/           the game's own tests

To add a game: make its folder as above (``tests/titles/tictactoe/`` is the smallest
example), name it in the setting ``TRIPOST_GAMES``, and put its tests in its
``tests/``. The cross-game suites (engine conformance, the board contract, the rules
and hidden-information pages) find it through the registry; nothing else in the site
names a game.
"""
