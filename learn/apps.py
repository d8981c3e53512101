from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LearnConfig(AppConfig):
    """Learning to play: rules pages with drawn examples, the front page, games to watch.

    Imports ``games`` (engines, boards, models); ``games`` never imports it."""

    name = "learn"
    verbose_name = _("Learning to play")
