from django.urls import path

from . import moderation_views

urlpatterns = [
    path("games/<int:game_id>/report", moderation_views.game_report, name="game_report"),
]
