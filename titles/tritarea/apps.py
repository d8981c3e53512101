from django.apps import AppConfig


class Config(AppConfig):
    """Tri*T*Area as a Django app, so that its templates/ and locale/ are found."""

    name = "titles.tritarea"
    label = "titles_tritarea"
