"""The site's settings plus the benchmark's bare view (``benchmarks/web.py`` only)."""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "benchmarks.urls"
