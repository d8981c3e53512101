from django.urls import path

from . import views

urlpatterns = [
    path("manifest.webmanifest", views.manifest, name="push_manifest"),
    path("sw.js", views.service_worker, name="push_service_worker"),
    path("offline/", views.offline, name="push_offline"),
    path("settings/devices/", views.devices, name="push_devices"),
    path("settings/devices/subscribe", views.subscribe, name="push_subscribe"),
    path("settings/devices/<int:device_id>/remove", views.remove, name="push_remove"),
]
