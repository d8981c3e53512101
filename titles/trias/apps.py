from django.apps import AppConfig


class Config(AppConfig):
    """Trias as a Django app, so that its templates/ and locale/ are found."""

    name = "titles.trias"
    label = "titles_trias"
