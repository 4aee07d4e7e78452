"""``make hall`` (scripts/hall.py): a laptop serves a hall's phones on its own
Wi-Fi (README, "No internet in the hall")."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from django.test import Client, override_settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def hall():
    spec = importlib.util.spec_from_file_location("hall", ROOT / "scripts" / "hall.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["hall"] = module
    spec.loader.exec_module(module)
    return module


def test_it_serves_every_address_in_production_mode_over_plain_http(hall, capsys):
    assert hall.main(["--print", "--port", "8123"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:4] == ["DEBUG=0", "ALLOWED_HOSTS=*", "SECURE_COOKIES=0", "BIND=0.0.0.0:8123"]
    assert out[-1].endswith("-m belote_site.serve")  # the production server
    assert any("collectstatic" in line for line in out)


def test_its_secret_key_is_made_once_and_kept(hall, tmp_path):
    path = tmp_path / ".hall-secret"
    first = hall.secret_key(path)
    assert len(first) > 50 and hall.secret_key(path) == first  # sessions survive a restart
    assert path.stat().st_mode & 0o077 == 0


def test_its_addresses_leave_loopback_out(hall):
    assert all(not a.startswith("127.") for a in hall.addresses())


@pytest.mark.django_db
@override_settings(ALLOWED_HOSTS=["*"])
def test_any_address_a_phone_uses_is_accepted_with_its_settings(client: Client):
    assert client.get("/", HTTP_HOST="192.168.43.1:8000").status_code == 200
    assert client.get("/", HTTP_HOST="portable.local:8000").status_code == 200
