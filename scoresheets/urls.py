"""URLs of the scoresheet app. A match, and a table of friends, are reached only by
their unguessable token."""

from __future__ import annotations

from django.urls import path

from scoresheets import table_views, views

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
    # Tables of friends (issue 5).
    path("tables/nouvelle/", table_views.table_new, name="table_new"),
    path("t/<str:token>/", table_views.table_detail, name="table"),
    path("t/<str:token>/joueurs/", table_views.table_player_add, name="table_player_add"),
    path("t/<str:token>/nouvelle/", table_views.table_match_new, name="table_match_new"),
    path("t/<str:token>/joueurs/<int:player_id>/", table_views.table_player, name="table_player"),
    path("t/<str:token>/classement/", table_views.table_ranking, name="table_ranking"),
    path("t/<str:token>/parties.csv", table_views.table_matches_csv, name="table_matches_csv"),
    path("t/<str:token>/donnes.csv", table_views.table_hands_csv, name="table_hands_csv"),
    # Read-only links (issue 8): the same live pages, with nothing that writes.
    # Each name is its writing twin's name + "_read" (see the page_url tag).
    path("voir/<str:token>/", views.match_read, name="match_read"),
    path("voir/<str:token>/poll/", views.match_poll_read, name="match_poll_read"),
    path("voir/<str:token>/export.json", views.match_export_read, name="match_export_read"),
    path("voir/table/<str:token>/", table_views.table_read, name="table_read"),
    path(
        "voir/table/<str:token>/joueurs/<int:player_id>/",
        table_views.table_player_read,
        name="table_player_read",
    ),
    path(
        "voir/table/<str:token>/classement/",
        table_views.table_ranking_read,
        name="table_ranking_read",
    ),
    path(
        "voir/table/<str:token>/parties.csv",
        table_views.table_matches_csv_read,
        name="table_matches_csv_read",
    ),
    path(
        "voir/table/<str:token>/donnes.csv",
        table_views.table_hands_csv_read,
        name="table_hands_csv_read",
    ),
]
