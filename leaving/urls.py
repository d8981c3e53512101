from django.urls import path

from . import views

urlpatterns = [
    path("settings/data.json", views.data_download, name="data_download"),
    path("settings/delete/", views.account_delete, name="account_delete"),
]
