from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("lobby/", views.lobby, name="lobby"),
    path("games/active/", views.active_games, name="active_games"),
    path("games/new/", views.game_new, name="game_new"),
    path("games/<int:game_id>/", views.game_detail, name="game_detail"),
    path("games/<int:game_id>/live", views.game_live, name="game_live"),
    path("games/<int:game_id>/poll", views.game_poll, name="game_poll"),
    path("games/<int:game_id>/move", views.game_move, name="game_move"),
    path("games/<int:game_id>/undo", views.game_undo, name="game_undo"),
    path("games/<int:game_id>/join", views.game_join, name="game_join"),
    path("games/<int:game_id>/accept", views.invitation_accept, name="invitation_accept"),
    path("games/<int:game_id>/leave", views.invitation_decline, name="invitation_decline"),
    path("games/<int:game_id>/invitation/", views.invitation_confirm, name="invitation_confirm"),
    path("games/<int:game_id>/draw/", views.draw_confirm, name="draw_confirm"),
    path("invitations/<str:token>/", views.email_invitation, name="email_invitation"),
    path(
        "invitations/<str:token>/accept",
        views.email_invitation_accept,
        name="email_invitation_accept",
    ),
    path(
        "invitations/<str:token>/decline",
        views.email_invitation_decline,
        name="email_invitation_decline",
    ),
    path("games/<int:game_id>/rematch", views.game_rematch, name="game_rematch"),
    path("games/<int:game_id>/resign", views.game_resign, name="game_resign"),
    path("games/<int:game_id>/draw/offer", views.draw_offer, name="draw_offer"),
    path("games/<int:game_id>/draw/answer", views.draw_answer, name="draw_answer"),
    path("games/<int:game_id>/replay/", views.game_replay, name="game_replay"),
    path("games/<int:game_id>/record.json", views.game_record, name="game_record"),
    path("players/<str:username>/", views.history, name="player_history"),
]
