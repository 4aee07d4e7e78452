"""URLs of the scoresheet app. A match is reached only by its unguessable token."""

from __future__ import annotations

from django.urls import path

from scoresheets import views

urlpatterns = [
    path("", views.home, name="home"),
    path("nouvelle/", views.match_new, name="match_new"),
    path("importer/", views.match_import, name="match_import"),
    path("calculateur/", views.calculator, name="calculator"),
    path("m/<str:token>/", views.match_detail, name="match"),
    path("m/<str:token>/donnes/", views.hand_create, name="hand_create"),
    path("m/<str:token>/apercu/", views.hand_preview, name="hand_preview"),
    path("m/<str:token>/donnes/<int:hand_id>/", views.hand_edit, name="hand_edit"),
    path("m/<str:token>/donnes/<int:hand_id>/supprimer/", views.hand_delete, name="hand_delete"),
    path("m/<str:token>/donnes/<int:hand_id>/retablir/", views.hand_restore, name="hand_restore"),
    path("m/<str:token>/appareil/", views.device_set, name="device_set"),
    path("m/<str:token>/poll/", views.match_poll, name="match_poll"),
    path("m/<str:token>/export.json", views.match_export, name="match_export"),
]
