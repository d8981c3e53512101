from django.urls import path

from . import views

urlpatterns = [
    path("mail/unsubscribe/<str:token>/", views.unsubscribe, name="mail_unsubscribe"),
    path("mail/resume/", views.resume, name="mail_resume"),
    path(
        "mail/invitations/stop/<str:token>/",
        views.invitation_stop,
        name="mail_invitation_stop",
    ),
]
