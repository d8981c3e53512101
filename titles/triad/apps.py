from django.apps import AppConfig


class Config(AppConfig):
    """Triad as a Django app, so that its templates/ and locale/ are found."""

    name = "titles.triad"
    label = "titles_triad"
