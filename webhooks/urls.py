from django.urls import path

from . import views

urlpatterns = [
    path("settings/webhooks/", views.webhook_settings, name="webhook_settings"),
    path("settings/webhooks/<int:hook_id>/remove", views.webhook_remove, name="webhook_remove"),
    path("settings/webhooks/<int:hook_id>/enable", views.webhook_enable, name="webhook_enable"),
]
