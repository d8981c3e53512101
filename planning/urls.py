from django.urls import path

from . import views

urlpatterns = [
    path("settings/planning/", views.planning_settings, name="planning_settings"),
]
