from django.urls import path
from django.views.generic import RedirectView

from . import views

urlpatterns = [
    # The game page links here (``game_help``) with an anchor of its GameSpec.rules_anchors.
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<str:engine>/", views.rules, name="game_help"),
    path(
        "help/<str:engine>/",
        RedirectView.as_view(pattern_name="game_help", permanent=True, query_string=True),
    ),
    path("watch/", views.watch, name="watch"),
    path("social/<str:name>.png", views.social_image, name="social_image"),
]
