"""Sizes of the randomised suites: the CI size by default, a larger soak on request.

``TRIPOST_SOAK=1`` runs the same checks over more random games and positions (see the
README, "Tests and CI"); it is a resize, never another test.
"""

import os

SOAK = os.environ.get("TRIPOST_SOAK") == "1"


def sized(ci: int, soak: int) -> int:
    """``ci`` normally, ``soak`` under ``TRIPOST_SOAK=1``."""
    return soak if SOAK else ci
