from django.urls import path

from . import views

urlpatterns = [
    path("settings/calendar/", views.calendar_settings, name="calendar_settings"),
    path("calendar/<int:feed_id>/<str:token>.ics", views.calendar_feed, name="calendar_feed"),
]
