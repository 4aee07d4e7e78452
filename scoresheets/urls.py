"""URLs of the scoresheet app. A match, and a table of friends, are reached only by
their unguessable token."""

from __future__ import annotations

from django.urls import path, register_converter

from scoresheets.concours import room_views as room
from scoresheets.concours import views as concours_views
from scoresheets.converters import TokenConverter
from scoresheets.matches import hand_views, views
from scoresheets.season import views as season_views
from scoresheets.sync import pwa
from scoresheets.tables import views as table_views

# A token route matches only a well-formed token: anything else is a 404 at once.
register_converter(TokenConverter, "token")

urlpatterns = [
    path("", views.home, name="home"),
    path("nouvelle/", views.match_new, name="match_new"),
    path("importer/", views.match_import, name="match_import"),
    path("calculateur/", views.calculator, name="calculator"),
    # The installable app (issue 12): the worker at the root, so its scope is the site.
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("hors-ligne/", pwa.offline, name="offline"),
    path("m/<token:token>/", views.match_detail, name="match"),
    path("m/<token:token>/donnes/", hand_views.hand_create, name="hand_create"),
    path("m/<token:token>/apercu/", hand_views.hand_preview, name="hand_preview"),
    path("m/<token:token>/annonces/", hand_views.hand_helper, name="hand_helper"),
    path("m/<token:token>/donnes/<int:hand_id>/", hand_views.hand_edit, name="hand_edit"),
    path(
        "m/<token:token>/donnes/<int:hand_id>/supprimer/",
        hand_views.hand_delete,
        name="hand_delete",
    ),
    path(
        "m/<token:token>/donnes/<int:hand_id>/retablir/",
        hand_views.hand_restore,
        name="hand_restore",
    ),
    path("m/<token:token>/annuler/", hand_views.hand_undo, name="hand_undo"),
    path("m/<token:token>/appareil/", views.device_set, name="device_set"),
    path("m/<token:token>/poll/", views.match_poll, name="match_poll"),
    path("m/<token:token>/events/", views.match_events, name="match_events"),
    path("m/<token:token>/export.json", views.match_export, name="match_export"),
    path("m/<token:token>/feuille.png", views.match_image, name="match_image"),
    # Tables of friends (issue 5).
    path("tables/nouvelle/", table_views.table_new, name="table_new"),
    path("t/<token:token>/", table_views.table_detail, name="table"),
    path("t/<token:token>/joueurs/", table_views.table_player_add, name="table_player_add"),
    path("t/<token:token>/nouvelle/", table_views.table_match_new, name="table_match_new"),
    path("t/<token:token>/joueurs/<int:player_id>/", table_views.table_player, name="table_player"),
    path("t/<token:token>/classement/", table_views.table_ranking, name="table_ranking"),
    path("t/<token:token>/parties.csv", table_views.table_matches_csv, name="table_matches_csv"),
    path("t/<token:token>/donnes.csv", table_views.table_hands_csv, name="table_hands_csv"),
    # Concours (issue 19, docs/concours.md 5): the organiser's link.
    path("concours/nouveau/", concours_views.concours_new, name="concours_new"),
    path("c/<token:token>/", concours_views.concours_detail, name="concours"),
    path(
        "c/<token:token>/inscription/", concours_views.concours_register, name="concours_register"
    ),
    path(
        "c/<token:token>/inscription/liste/",
        concours_views.concours_register_many,
        name="concours_register_many",
    ),
    path(
        "c/<token:token>/inscription/<int:number>/",
        concours_views.concours_entrant_edit,
        name="concours_entrant_edit",
    ),
    path("c/<token:token>/abandon/", concours_views.concours_leave, name="concours_leave"),
    path("c/<token:token>/retour/", concours_views.concours_return, name="concours_return"),
    path("c/<token:token>/tirage/", concours_views.concours_draw, name="concours_draw"),
    path(
        "c/<token:token>/tirage/annuler/",
        concours_views.concours_undraw,
        name="concours_undraw",
    ),
    path("c/<token:token>/echange/", concours_views.concours_swap, name="concours_swap"),
    path("c/<token:token>/penalites/", concours_views.concours_penalty, name="concours_penalty"),
    path(
        "c/<token:token>/penalites/<int:penalty_id>/retirer/",
        concours_views.concours_penalty_delete,
        name="concours_penalty_delete",
    ),
    # A season, the club's "challenge" (issue 19, docs/concours.md 6.5): the organiser's link.
    path("challenge/nouveau/", season_views.season_new, name="season_new"),
    path("ch/<token:token>/", season_views.season_detail, name="season"),
    path("ch/<token:token>/concours/", season_views.season_night_add, name="season_night_add"),
    path(
        "ch/<token:token>/concours/<int:concours_id>/retirer/",
        season_views.season_night_remove,
        name="season_night_remove",
    ),
    path("ch/<token:token>/reglages/", season_views.season_settings, name="season_settings"),
    path("ch/<token:token>/joueurs/fusion/", season_views.season_merge, name="season_merge"),
    path("ch/<token:token>/joueurs/separer/", season_views.season_unmerge, name="season_unmerge"),
    # Read-only links (issue 8): the same live pages, with nothing that writes.
    # Each name is its writing twin's name + "_read" (see the page_url tag).
    path("voir/<token:token>/", views.match_read, name="match_read"),
    path("voir/<token:token>/poll/", views.match_poll_read, name="match_poll_read"),
    path("voir/<token:token>/events/", views.match_events_read, name="match_events_read"),
    path("voir/<token:token>/export.json", views.match_export_read, name="match_export_read"),
    path("voir/<token:token>/feuille.png", views.match_image_read, name="match_image_read"),
    path("voir/table/<token:token>/", table_views.table_read, name="table_read"),
    path(
        "voir/table/<token:token>/joueurs/<int:player_id>/",
        table_views.table_player_read,
        name="table_player_read",
    ),
    path(
        "voir/table/<token:token>/classement/",
        table_views.table_ranking_read,
        name="table_ranking_read",
    ),
    path(
        "voir/table/<token:token>/parties.csv",
        table_views.table_matches_csv_read,
        name="table_matches_csv_read",
    ),
    path(
        "voir/table/<token:token>/donnes.csv",
        table_views.table_hands_csv_read,
        name="table_hands_csv_read",
    ),
    # A concours' room (issue 19): the projector's screen and a player's phone,
    # a table card's address, the printables and the exports (concours_room_views).
    path("voir/concours/<token:token>/salle/", room.concours_room, name="concours_room_read"),
    # The concours' first read-only address: a permanent redirect to its room.
    path("voir/concours/<token:token>/", room.concours_read, name="concours_read"),
    path(
        "voir/concours/<token:token>/events/",
        room.concours_events_read,
        name="concours_events_read",
    ),
    path("c/<token:token>/events/", room.concours_events_organiser, name="concours_events"),
    path(
        "voir/concours/<token:token>/salle/live/",
        room.concours_room_live,
        name="concours_room_live_read",
    ),
    path(
        "voir/concours/<token:token>/table/<int:number>/",
        room.concours_table_go,
        name="concours_table_go_read",
    ),
    path(
        "voir/concours/<token:token>/resultats/",
        room.concours_results,
        name="concours_results_read",
    ),
    path(
        "voir/concours/<token:token>/classement.csv",
        room.concours_ranking_csv,
        name="concours_ranking_csv_read",
    ),
    path(
        "voir/concours/<token:token>/tables.csv",
        room.concours_tables_csv,
        name="concours_tables_csv_read",
    ),
    path(
        "voir/concours/<token:token>/resultats.json",
        room.concours_results_json,
        name="concours_results_json_read",
    ),
    path(
        "voir/concours/<token:token>/feuilles.zip",
        room.concours_documents_zip,
        name="concours_documents_zip_read",
    ),
    path("c/<token:token>/cartes/", room.concours_cards, name="concours_cards"),
    # A table card's address (writes: its key is not derivable from the read-only link).
    path(
        "carte/<token:token>/<token:key>/<int:number>/",
        room.concours_table_card,
        name="concours_table_card",
    ),
    # A season's read-only link: its ranking and its downloads.
    path("voir/challenge/<token:token>/", season_views.season_read, name="season_read"),
    path(
        "voir/challenge/<token:token>/classement.csv",
        season_views.season_ranking_csv,
        name="season_ranking_csv_read",
    ),
    path(
        "voir/challenge/<token:token>/challenge.json",
        season_views.season_document_json,
        name="season_document_json_read",
    ),
]
