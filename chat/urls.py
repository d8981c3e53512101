from django.urls import path

from . import views

urlpatterns = [
    path("games/<int:game_id>/chat/", views.chat_page, name="chat_page"),
    path("games/<int:game_id>/chat/panel", views.chat_panel, name="chat_panel"),
    path("games/<int:game_id>/chat/log", views.chat_log, name="chat_log"),
    path("games/<int:game_id>/chat/post", views.chat_post, name="chat_post"),
    path("games/<int:game_id>/chat/toggle", views.chat_toggle, name="chat_toggle"),
    path("games/<int:game_id>/chat/notes", views.note_save, name="chat_note_save"),
    path("games/<int:game_id>/chat/<int:message_id>/delete", views.chat_delete, name="chat_delete"),
    path("games/<int:game_id>/chat/<int:message_id>/report", views.chat_report, name="chat_report"),
    path("settings/chat/", views.chat_settings, name="chat_settings"),
]
