from django.urls import path

from . import views

urlpatterns = [
    path("settings/", views.player_settings, name="player_settings"),
]
