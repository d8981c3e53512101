from django.urls import path

from . import views

urlpatterns = [
    path("games/<int:game_id>/report", views.game_report, name="game_report"),
]
