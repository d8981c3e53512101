from django.apps import AppConfig


class Config(AppConfig):
    """Tri*T*Area as a Django app, so that its templates/ are found."""

    name = "titles.tritarea"
    label = "titles_tritarea"
