from django.urls import path

from . import views
from .api import api

urlpatterns = [
    path("settings/tokens/", views.tokens, name="api_tokens"),
    path("settings/tokens/<int:token_id>/revoke", views.revoke, name="api_token_revoke"),
    path("api/v1/", api.urls),
]
