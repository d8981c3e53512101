from django.apps import AppConfig


class Config(AppConfig):
    """The test game as a Django app, so that its rules template is found."""

    name = "tests.titles.tictactoe"
    label = "titles_tictactoe"
