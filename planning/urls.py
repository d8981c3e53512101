from django.urls import path

from . import analysis_views, views

urlpatterns = [
    path("settings/planning/", views.planning_settings, name="planning_settings"),
    path("games/<int:game_id>/analyse/", analysis_views.analyse, name="planning_analyse"),
    path("games/<int:game_id>/analyse/keep", analysis_views.note_save, name="planning_note_save"),
    path(
        "games/<int:game_id>/analyse/notes/<int:note_id>/delete",
        analysis_views.note_delete,
        name="planning_note_delete",
    ),
]
