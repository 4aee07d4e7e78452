"""Draw the app's PNG icons (static/img/icon-192.png, icon-512.png) from
static/img/icon.svg with headless Chromium (Playwright): no Pillow, no
ImageMagick needed, and the PNGs look exactly like the SVG the browser draws.

Usage: .venv/bin/python scripts/make_icons.py   (run it again after editing the SVG)
Chromium is Debian's /usr/bin/chromium unless $CHROMIUM names another one.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

IMG = Path(__file__).resolve().parent.parent / "static" / "img"
SIZES = (192, 512)


def main() -> None:
    """Write one PNG per size in SIZES, square, next to icon.svg."""
    svg = (IMG / "icon.svg").read_text(encoding="utf-8")
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                "<!DOCTYPE html><html><body style='margin:0'>"
                f"<div style='width:{size}px;height:{size}px'>{svg}</div></body></html>"
            )
            page.locator("svg").evaluate("s => { s.style.width = s.style.height = '100%'; }")
            page.locator("svg").screenshot(path=str(IMG / f"icon-{size}.png"), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
