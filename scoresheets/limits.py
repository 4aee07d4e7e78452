"""Limits that a real match never meets and an attacker always does (issue 8).

The one place for every number: the services, the forms, the upload guard,
the rate limits, the commands and the README quote these names, never a
copy. Each value says why it is what it is. The scoring engine knows none of
them: ``score_match`` still scores a document of any length.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from scoresheets import scoring

# --------------------------------------------------------------------------
# Sizes
# --------------------------------------------------------------------------

# Hands a match can store, deleted ones included. A real match ends in under
# 60 hands (1,000 points at ~40 a hand, plus a few redeals); 200 leaves room
# for a long evening played to 3,000. Every stored hand counts, not only the
# live ones: a deleted hand still costs its row, its history and a line in
# the sheet's "deleted hands", and counting live hands only would let
# delete/enter cycles grow a match without end. At 200 hands the whole sheet
# renders in tens of milliseconds (bench/README.md, "Limits").
MATCH_MAX_HANDS = 200

# The largest match document the import accepts, in bytes. The export of a
# 200-hand match with every field filled and the longest names is about
# 92 KB (with its result document, indented); a real match (< 60 hands) is
# under 30 KB. 256 KB is 2.8 times the largest document the hand cap allows,
# and small enough to read and parse in a few milliseconds.
IMPORT_MAX_BYTES = 256 * 1024

# The largest request body, in bytes: one import plus its multipart envelope
# (boundaries, part headers, the CSRF token), which is well under 16 KB. A
# hand, a match or a table form is under 4 KB. Anything longer is refused
# from its Content-Length, before a byte of it is read.
REQUEST_MAX_BYTES = IMPORT_MAX_BYTES + 16 * 1024

# Players in a table's roster. A group of friends has 4 to 12; a club that
# keeps all its members in one table, a few dozen. 100 is beyond both, and
# keeps the roster lists, the ranking and the statistics pages short.
TABLE_MAX_PLAYERS = 100

# Matches of one table. A weekly table playing two matches a night reaches
# 2,000 in about 20 years; the table's statistics and ranking read every
# match (1,000 matches: 50-400 ms, bench/README.md), so this keeps them
# within a second.
TABLE_MAX_MATCHES = 2000

# --------------------------------------------------------------------------
# Rates of anonymous writes, per client address (django-ratelimit's
# "count/period" syntax: "60/10m" is 60 in a 10-minute window).
# --------------------------------------------------------------------------

# New matches (from the home page, a table or an import), per address. A club
# night behind one shared address (NAT) starts perhaps 15 tables twice an
# hour, 30 matches; twice that is allowed. "200 matches from one address"
# stops at 60.
MATCHES_RATE = "60/h"

# New tables, per address: a group creates one once; a club sets up its
# tables in one go.
TABLES_RATE = "20/h"

# Players added to rosters, per address: a club typing in its members in an
# evening stays under it.
ROSTER_RATE = "120/h"

# Teams (or players) registered at ONE concours' door, per address: one
# laptop types every team of the night, up to 148 at the biggest (Cannes),
# 200 for the draw's own bound, with room for typos struck off and typed
# again. A pasted list counts each of its lines (issue 27).
CONCOURS_REGISTRATION_RATE = "400/h"

# Hand writes (entries, corrections, deletes, restores) into ONE match, per
# address. The fastest real table: four phones each saving a hand a minute
# (one is saved, the three others are told "already entered": four POSTs a
# minute) is 40 in 10 minutes; corrections add a few. "500 hands into one
# match" stops at 60 (and at MATCH_MAX_HANDS anyway).
HANDS_PER_MATCH_RATE = "60/10m"

# Hand writes into all matches, per address: ten tables of a club sharing one
# address at the fastest real pace make 400 in 10 minutes.
HANDS_RATE = "600/10m"
# Costly answers read by anyone holding a read-only link (issue 27: the room's
# link is on the projector): a sheet's share image, a concours' results sheet
# and its zip of every table's sheet. Each is built once per version of what
# it shows and then served from the cache, so a reader's repeats cost little;
# this bounds what a loop of requests can still make the server do (new
# languages, versions changing under it) per address. A hall behind one
# address at the end of a night: some 300 phones opening the results once or
# twice; a loop of 3-4 a second reaches it in under 4 minutes.
COSTLY_RATE = "600/10m"

# The live preview (a POST on every pause in typing) writes nothing and
# costs what a GET of the same match page costs (one engine run over at most
# MATCH_MAX_HANDS hands), and pages are not rate-limited: it is not limited
# either, so that a busy table never sees its preview freeze.


# --------------------------------------------------------------------------
# Refusals
# --------------------------------------------------------------------------


def _problem(code: str, message: str, **params: Any) -> scoring.MatchError:
    problem = scoring.Problem(None, "hands", code, message, tuple(params.items()))
    return scoring.MatchError([problem])


def check_hands_stored(count: int) -> None:
    """Refuse a write that would leave a match with ``count`` stored hands.

    Raises ``scoring.MatchError`` (code ``hands_limit``, field ``hands``)
    past :data:`MATCH_MAX_HANDS`: every path that shows an engine problem
    shows this one too, in the user's language.
    """
    if count > MATCH_MAX_HANDS:
        raise _problem(
            "hands_limit",
            f"a match holds at most {MATCH_MAX_HANDS} hands",
            max=MATCH_MAX_HANDS,
        )


def check_document_hands(document: Any) -> None:
    """Refuse a match document with more than :data:`MATCH_MAX_HANDS` hands,
    before the engine reads any of them. Raises ``scoring.MatchError`` (code
    ``too_many_hands``); anything else is left to the engine's checks."""
    hands = document.get("hands") if isinstance(document, dict) else None
    if isinstance(hands, list) and len(hands) > MATCH_MAX_HANDS:
        raise _problem(
            "too_many_hands",
            f"a match holds at most {MATCH_MAX_HANDS} hands; this document has {len(hands)}",
            count=len(hands),
            max=MATCH_MAX_HANDS,
        )


class TableFull(Exception):
    """A table has reached :data:`TABLE_MAX_PLAYERS` players (``what`` is
    ``"players"``) or :data:`TABLE_MAX_MATCHES` matches (``"matches"``);
    nothing was written. ``message()`` says so in the active language."""

    def __init__(self, what: str):
        self.what = what
        super().__init__(f"a table holds at most {self.maximum} {what}")

    @property
    def maximum(self) -> int:
        return TABLE_MAX_PLAYERS if self.what == "players" else TABLE_MAX_MATCHES

    def message(self) -> str:
        if self.what == "players":
            text = gettext("Cette table a déjà %(max)s joueurs, le maximum.")
        else:
            text = gettext(
                "Cette table a déjà %(max)s parties, le maximum : créez une nouvelle table."
            )
        return text % {"max": self.maximum}


def import_max_kb() -> int:
    """:data:`IMPORT_MAX_BYTES` in kilobytes (1,024 bytes), as messages quote it."""
    return IMPORT_MAX_BYTES // 1024
