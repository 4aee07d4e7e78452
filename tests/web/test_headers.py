"""Security headers and methods: the Content-Security-Policy on every page, the
other headers, private exports, HEAD wherever GET works, https behind a TLS
proxy, and ``check --deploy`` clean with the README's production environment."""

from __future__ import annotations

import os
import re
import secrets
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import Client, override_settings
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from belote_site.settings import env_int, env_proxy_ssl_header
from scoresheets.matches.scoresheet import match_get_scoresheet
from tests.factories import hand, make_match, play
from tests.tables_fixture import Fixture, make_fixture

ROOT = Path(__file__).resolve().parents[2]
# What every GET page of the walk must answer 200 to (so that the walk walks).
PAGES = {
    "home",
    "match_new",
    "calculator",
    "match",
    "hand_edit",
    "match_poll",
    "match_export",
    "table_new",
    "table",
    "table_match_new",
    "table_player",
    "table_ranking",
    "table_matches_csv",
    "table_hands_csv",
}
NONCE = re.compile(r"'nonce-([^']+)'")


def _patterns(
    patterns: list[URLPattern | URLResolver], prefix: str = ""
) -> Iterator[tuple[str, URLPattern]]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _patterns(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern), pattern


def every_route(fixture: Fixture) -> list[tuple[str, str]]:
    """(name, URL) of every pattern of the URLconf, built with a real match (in
    progress, with hands), its table, a hand and a player of that table."""
    match = fixture.matches[-1]
    hand = match.hands.first()
    values = {
        "hand_id": hand.pk,
        "player_id": fixture.ids["Léa"],
        "number": 1,
        "penalty_id": 1,
        "concours_id": 1,
        "key": "A" * 24,
    }
    routes = []
    for route, pattern in _patterns(get_resolver().url_patterns):
        kwargs = {}
        for name in pattern.pattern.converters:
            if name == "token":
                kwargs[name] = match.token if route.startswith("m/") else fixture.table.token
            else:
                kwargs[name] = values[name]
        routes.append((pattern.name, reverse(pattern.name, kwargs=kwargs)))
    return routes


def policy(response) -> dict[str, list[str]]:
    """The Content-Security-Policy header as {directive: [sources]}."""
    directives = {}
    for part in response["Content-Security-Policy"].split(";"):
        name, *sources = part.split()
        directives[name] = sources
    return directives


def is_html(response) -> bool:
    return response.get("Content-Type", "").startswith("text/html")


# --------------------------------------------------------------------------
# HEAD
# --------------------------------------------------------------------------


@pytest.mark.django_db
def test_it_answers_head_like_get_on_every_route(client: Client):
    fixture = make_fixture()
    answered = set()
    for name, url in every_route(fixture):
        got = client.get(url)
        head = client.head(url)
        assert head.status_code == got.status_code, (name, url)
        assert head.get("Content-Type") == got.get("Content-Type"), (name, url)
        assert head.content == b"", (name, url)
        if got.status_code == 200:
            answered.add(name)
    assert answered >= PAGES


@pytest.mark.django_db
def test_head_of_the_home_page_is_not_405(client: Client):
    response = client.head("/")
    assert response.status_code == 200
    assert response.content == b""


@pytest.mark.django_db
def test_a_form_only_address_still_refuses_head_and_get(client: Client):
    fixture = make_fixture()
    url = f"/m/{fixture.matches[-1].token}/donnes/"
    assert client.get(url).status_code == 405
    assert client.head(url).status_code == 405


# --------------------------------------------------------------------------
# Content-Security-Policy
# --------------------------------------------------------------------------


@pytest.mark.django_db
def test_every_html_page_has_the_strict_policy_and_no_inline_style(client: Client):
    fixture = make_fixture()
    pages = 0
    for name, url in every_route(fixture):
        response = client.get(url, follow=True)
        if not is_html(response):
            continue
        pages += 1
        directives = policy(response)
        assert directives["default-src"] == ["'self'"], name
        body = response.content.decode()
        # The policy allows no inline style: none may be left on a page.
        assert "<style" not in body, name
        assert not re.search(r"\sstyle=", body), name
        # Every inline script carries this response's nonce (data blocks aside).
        nonces = NONCE.findall(response["Content-Security-Policy"])
        for tag in re.findall(r"<script\b[^>]*>", body):
            if "src=" in tag or 'type="application/json"' in tag:
                continue
            assert nonces and f'nonce="{nonces[0]}"' in tag, (name, tag)
    assert pages >= 10


@pytest.mark.django_db
def test_the_policy_is_strict(client: Client):
    directives = policy(client.get("/"))
    assert directives["default-src"] == ["'self'"]
    script = directives["script-src"]
    assert script[0] == "'self'" and NONCE.fullmatch(script[1]) and len(script) == 2
    assert directives["style-src"] == ["'self'"]
    assert directives["img-src"] == ["'self'"]
    for name in ("object-src", "base-uri", "frame-ancestors"):
        assert directives[name] == ["'none'"], name
    assert directives["form-action"] == ["'self'"]
    assert "unsafe" not in client.get("/").headers["Content-Security-Policy"]


@pytest.mark.django_db
def test_the_nonce_differs_per_response_and_matches_the_inline_script(client: Client):
    seen = []
    for _ in range(2):
        response = client.get("/")
        nonce = NONCE.search(response["Content-Security-Policy"]).group(1)
        assert f'<script nonce="{nonce}">' in response.content.decode()
        seen.append(nonce)
    assert seen[0] != seen[1]


@pytest.mark.django_db
def test_error_pages_have_the_policy_too(client: Client):
    missing = client.get("/m/no-such-match/")
    assert missing.status_code == 404
    assert policy(missing)["default-src"] == ["'self'"]
    nonce = NONCE.search(missing["Content-Security-Policy"]).group(1)
    assert f'<script nonce="{nonce}">' in missing.content.decode()
    refused = client.get(f"/m/{make_fixture().matches[0].token}/donnes/")
    assert refused.status_code == 405
    assert policy(refused)["default-src"] == ["'self'"]


def test_the_500_page_needs_no_inline_style():
    body = (ROOT / "templates" / "500.html").read_text()
    assert "style=" not in body and "<style" not in body


# --------------------------------------------------------------------------
# Other headers
# --------------------------------------------------------------------------


@pytest.mark.django_db
def test_it_sends_the_other_security_headers(client: Client):
    response = client.get("/")
    features = dict(
        item.strip().split("=", 1) for item in response["Permissions-Policy"].split(",")
    )
    for denied in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert features[denied] == "()", denied
    # app.js copies the link and opens the share sheet.
    assert features["clipboard-write"] == "(self)"
    # wakelock.js keeps the screen awake on a match page (issue 20).
    assert features["screen-wake-lock"] == "(self)"
    # The share sheet needs no entry: its default is the page's own origin, and
    # Chromium logs "Unrecognized feature: 'web-share'" on every page when named.
    assert "web-share" not in features
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"


@pytest.mark.django_db
def test_exports_are_private_and_never_stored(client: Client):
    fixture = make_fixture()
    urls = [
        f"/m/{fixture.matches[0].token}/export.json",
        f"/t/{fixture.table.token}/parties.csv",
        f"/t/{fixture.table.token}/donnes.csv",
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        directives = {d.strip() for d in response["Cache-Control"].split(",")}
        assert {"private", "no-store"} <= directives, url


# --------------------------------------------------------------------------
# Behind a TLS proxy
# --------------------------------------------------------------------------


@pytest.mark.django_db
@override_settings(SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"))
def test_links_are_https_behind_a_configured_proxy(client: Client):
    fixture = make_fixture()
    token = fixture.matches[0].token
    # What the TLS proxy forwards: the site's host, and the scheme it was asked in.
    proxied = {"host": "testserver", "x-forwarded-proto": "https"}
    page = client.get(f"/m/{token}/", headers=proxied)
    assert f'value="https://testserver/m/{token}/"' in page.content.decode()
    table = client.get(f"/t/{fixture.table.token}/", headers=proxied)
    assert f'value="https://testserver/t/{fixture.table.token}/"' in table.content.decode()
    csv = client.get(f"/t/{fixture.table.token}/parties.csv", headers=proxied)
    assert f"https://testserver/m/{token}/" in csv.content.decode()


@pytest.mark.django_db
@override_settings(SECURE_PROXY_SSL_HEADER=None)
def test_the_proxy_header_is_ignored_unless_configured(client: Client):
    token = make_fixture().matches[0].token
    page = client.get(f"/m/{token}/", headers={"host": "testserver", "x-forwarded-proto": "https"})
    assert f'value="http://testserver/m/{token}/"' in page.content.decode()


def test_the_proxy_header_is_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("SECURE_PROXY_SSL_HEADER", "X-Forwarded-Proto")
    assert env_proxy_ssl_header("SECURE_PROXY_SSL_HEADER") == ("HTTP_X_FORWARDED_PROTO", "https")
    monkeypatch.setenv("SECURE_PROXY_SSL_HEADER", "")
    assert env_proxy_ssl_header("SECURE_PROXY_SSL_HEADER") is None
    monkeypatch.setenv("SECURE_PROXY_SSL_HEADER", "X-Forwarded-Proto: https")
    with pytest.raises(ImproperlyConfigured):
        env_proxy_ssl_header("SECURE_PROXY_SSL_HEADER")


def test_whole_numbers_are_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("SECURE_HSTS_SECONDS", "31536000")
    assert env_int("SECURE_HSTS_SECONDS", 0) == 31536000
    monkeypatch.delenv("SECURE_HSTS_SECONDS")
    assert env_int("SECURE_HSTS_SECONDS", 0) == 0
    for bad in ("-1", "1 year", "1e6"):
        monkeypatch.setenv("SECURE_HSTS_SECONDS", bad)
        with pytest.raises(ImproperlyConfigured):
            env_int("SECURE_HSTS_SECONDS", 0)


# --------------------------------------------------------------------------
# check --deploy with the README's production environment
# --------------------------------------------------------------------------


def production_environment() -> dict[str, str]:
    """The variables the README's "Production" section exports, placeholders
    filled in: a long random SECRET_KEY; DATABASE_URL left to this run's."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Production", 1)[1]
    block = section.split("```sh", 1)[1].split("```", 1)[0]
    exports = block.replace("\\\n", " ").split("\n")
    words = [word for line in exports if line.startswith("export ") for word in shlex.split(line)]
    variables = {}
    for word in words[1:]:
        name, value = word.split("=", 1)
        if name == "SECRET_KEY":
            value = secrets.token_urlsafe(50)
        elif name == "DATABASE_URL":
            continue
        assert "..." not in value, f"{name} has no value to test with"
        variables[name] = value
    return variables


def check_deploy(variables: dict[str, str]) -> subprocess.CompletedProcess:
    env = {**os.environ, **variables}
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_with_the_readme_production_environment():
    variables = production_environment()
    assert variables["DEBUG"] == "0"
    assert variables["SECURE_SSL_REDIRECT"] == "1"
    result = check_deploy(variables)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "WARNINGS" not in output
    assert "no issues" in output


def test_check_deploy_warns_without_hsts():
    # The check above can fail: the same environment without HSTS warns.
    variables = {**production_environment(), "SECURE_HSTS_SECONDS": "0"}
    result = check_deploy(variables)
    assert result.returncode != 0
    assert "security.W004" in result.stdout + result.stderr


@pytest.mark.django_db
def test_the_edit_page_is_never_cached(client: Client):
    match = play(make_match(), hand("A", 100))
    one = match_get_scoresheet(match).hands[0]
    assert "no-store" in client.get(f"/m/{match.token}/donnes/{one.pk}/")["Cache-Control"]


@pytest.mark.django_db
def test_the_match_pages_are_revalidated_but_may_enter_the_back_forward_cache(client: Client):
    """``no-store`` would keep them out of the browsers' back-forward cache
    (docs/sync.md, "Back"): private (no shared cache) and no-cache instead."""
    match = make_match()
    for url in (f"/m/{match.token}/", f"/voir/{match.read_token}/"):
        directives = {d.strip() for d in client.get(url)["Cache-Control"].split(",")}
        assert directives == {"private", "no-cache"}, url
