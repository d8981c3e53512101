"""The computer: the players that sit at a site's computer seats, and how the site
runs them.

Pure Python, no Django (used by the engines' tests and the benchmarks too):

- ``players``: the engine-agnostic bots (``RandomBot``, the Monte-Carlo
  ``MonteCarloBot``) and ``play_game``, speaking only the engine protocol;
- ``levels``: the strengths a person can choose (``LEVELS``: Beginner, Casual,
  Strong, Expert), each a search budget of the Monte-Carlo player.

The site's side (Django, Celery):

- ``choice``: the level a seat plays at (the takeover level when none is stored) and
  its action, seeded by the game and ply so two workers choose alike;
- ``turns``: computer turns played in a task on the ``computer`` queue after the
  commit, never in a person's request: queueing, the claim on a position, delays and
  the sweep's re-queueing. The task itself stays ``games.tasks.play_computer_turns``;
  ``games.services.computer_turns_play`` applies the actions.

The rules' own computer-run seats (Tri*T*Area's NPCs) are played inside the engines.
"""
