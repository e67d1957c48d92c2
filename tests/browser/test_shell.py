"""Around the game: safe cards going home, asking before a game in progress
is dropped, restarting a deal, the account forms while they wait, the rules
page, dark mode and the API's own documentation page."""

import pytest

from tests.browser.board import board_state, open_deal, wait_settled

pytestmark = pytest.mark.browser


def double_click(site, code):
    """Play a card by double-clicking it (deal 1's 3D and 2C go to a cell) and let it land."""
    site.locator(f'.card[data-card="{code}"]').dblclick()
    wait_settled(site)


@pytest.mark.auto_home
def test_safe_cards_go_home_by_themselves_as_moves_of_the_log(site):
    open_deal(site)
    # Deal 1: 3D to a cell, then 2C to a cell exposes AC; AC goes home, which
    # exposes AS, and both Aces then the 2C in its cell are safe.
    double_click(site, "3D")
    site.locator('.card[data-card="2C"]').dblclick()
    site.wait_for_function("() => document.querySelectorAll('.card[data-pile=\"hC\"]').length === 2")
    wait_settled(site)
    assert board_state(site)["hC"] == ["AC", "2C"]
    assert board_state(site)["hS"] == ["AS"]
    assert site.locator('[data-hud="moves"]').text_content() == "5"
    site.keyboard.press("u")
    wait_settled(site)
    # Undo takes back the last automatic move, which does not come back by itself.
    assert board_state(site)["hC"] == ["AC"]
    assert site.locator('[data-hud="moves"]').text_content() == "4"


def test_safe_cards_stay_put_with_the_setting_off(site):
    open_deal(site)
    double_click(site, "3D")
    double_click(site, "2C")
    assert board_state(site)["hC"] == []


def test_new_deal_asks_before_dropping_a_game_in_progress(site):
    open_deal(site)
    double_click(site, "3D")
    site.locator('[data-hud="new"]').click()
    dialog = site.locator("dialog[data-confirm]")
    dialog.get_by_text("Leave this game and deal a new one?").wait_for()
    dialog.get_by_role("button", name="Keep playing").click()
    assert site.url.endswith("/play/freecell/1")
    assert site.locator('[data-hud="moves"]').text_content() == "1"


def test_restart_this_deal_from_the_settings_after_asking(site):
    open_deal(site)
    double_click(site, "3D")
    site.locator('[data-hud="settings"]').click()
    site.locator('[data-hud="restart"]').click()
    site.locator("dialog[data-confirm]").get_by_role("button", name="Restart").click()
    wait_settled(site)
    assert site.locator('[data-hud="moves"]').text_content() == "0"
    assert board_state(site)["a"] == []


def test_the_register_button_waits_for_the_server_and_shows_its_reason(site):
    site.goto(f"{site.base}/register/")
    held = []
    site.route("**/api/accounts/register/", lambda route: held.append(route))
    site.fill("input[name=username]", "newcomer")
    site.fill("input[name=password]", "aaaaaaaaaaaa")
    button = site.locator("form[data-account] button[type=submit]")
    button.click()
    site.wait_for_function("() => document.querySelector('form[data-account] button').disabled")
    assert button.text_content() == "Creating your account…"
    button.click(force=True)
    for _ in range(1500):  # the first request reaches the route handler as Playwright dispatches events
        if held:
            break
        site.wait_for_timeout(10)
    held[0].fulfill(status=400, content_type="application/json",
                    body='{"error": {"code": "weak_password", "message": "This password is too common.",'
                         ' "reasons": ["This password is too common."]}}')
    site.locator("[data-error]", has_text="This password is too common.").wait_for()
    # A request the second click sent would have been held before the first one's answer
    # arrived (the page had it only once it was fulfilled): counted now, with no wait of its own.
    assert len(held) == 1
    assert button.is_enabled()
    assert button.text_content() == "Create account"


def test_the_rules_page_is_linked_from_the_play_page(site):
    open_deal(site, "/play/forecell/3")
    site.locator('[data-hud="settings"]').click()
    site.get_by_role("link", name="Rules").click()
    site.wait_for_url("**/rules/forecell")
    assert "Only a King" in site.locator("main").inner_text()


def test_dark_mode_follows_the_system_and_the_setting_overrides_it(site):
    site.emulate_media(color_scheme="dark")
    open_deal(site)
    background = "() => getComputedStyle(document.documentElement).backgroundColor"
    dark = site.evaluate(background)
    site.locator('[data-hud="settings"]').click()
    site.locator("select[name=theme]").select_option("light")
    assert site.evaluate("() => document.documentElement.dataset.theme") == "light"
    assert site.evaluate(background) != dark
    site.reload()
    site.locator('.card[data-pile="1"]').first.wait_for()
    assert site.evaluate("() => document.documentElement.dataset.theme") == "light"


def test_swagger_ui_renders_the_api_from_the_apps_own_files(site):
    outside = []
    site.on("request", lambda r: outside.append(r.url) if not r.url.startswith(site.base) else None)
    site.goto(f"{site.base}/api/docs/")
    site.locator(".opblock").first.wait_for()
    assert outside == []
    assert site.errors == []


SIZES = {"desktop": (1280, 800), "phone": (390, 844), "landscape": (844, 390)}


def test_the_play_page_and_an_error_page_at_three_sizes(site, screenshots):
    for name, (width, height) in SIZES.items():
        site.set_viewport_size({"width": width, "height": height})
        open_deal(site)
        site.locator('.card[data-card="3D"]').dblclick()
        wait_settled(site)
        size = site.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        assert size[0] <= size[1]
        site.screenshot(path=str(screenshots / f"play-{name}.png"))
        site.locator('[data-hud="settings"]').click()
        site.screenshot(path=str(screenshots / f"settings-{name}.png"))
        site.keyboard.press("Escape")
        answer = site.goto(f"{site.base}/play/freecell/0")
        assert answer.status == 404
        site.get_by_role("link").filter(has_text="Home").first.wait_for()
        site.screenshot(path=str(screenshots / f"error-page-{name}.png"))
    assert site.errors == []
