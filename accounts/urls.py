from django.urls import path

from . import views

urlpatterns = [
    path("settings/", views.player_settings, name="player_settings"),
    # Django's name for its own view, which this one wraps (accounts.views).
    path("i18n/setlang/", views.language_switch, name="set_language"),
]
