from django.urls import path

from ratings import views

urlpatterns = [
    path("ratings/", views.leaderboards, name="leaderboards"),
    path("ratings/<str:engine>/<str:bracket>/", views.leaderboard, name="leaderboard"),
]
