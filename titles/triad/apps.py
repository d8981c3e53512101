from django.apps import AppConfig


class Config(AppConfig):
    """Triad as a Django app, so that its templates/ are found."""

    name = "titles.triad"
    label = "titles_triad"
