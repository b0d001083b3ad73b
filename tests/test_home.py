"""The landing bar of the served page links the tutor, the explorer and the sandbox (issue 6)."""

from __future__ import annotations

import pytest

from burgle.web.home import BurgleHome


@pytest.fixture
def home():
    """A fresh page for each test, so each passes alone and in any order."""
    return BurgleHome()


def test_the_tutor_opens_first_and_the_others_are_built_on_demand(home):
    assert home.current == "tutor"
    assert home.stack.children == (home.tutor.root,)
    assert set(home.apps) == {"tutor"}


@pytest.mark.parametrize("name, root_class", [("explorer", "burgle-explorer"), ("sandbox", "burgle-sandbox")])
def test_each_bar_button_opens_its_app(home, name, root_class):
    home.buttons[name].click()
    shown = home.stack.children[0]
    assert root_class in shown._dom_classes and "burgle-ready" in shown._dom_classes
    assert "burgle-nav-current" in home.buttons[name]._dom_classes
    assert all("burgle-nav-current" not in b._dom_classes for n, b in home.buttons.items() if n != name)


def test_switching_back_keeps_the_state_of_each_app(home):
    home.open("explorer")
    explorer = home.apps["explorer"]
    home.open("tutor")
    home.open("explorer")
    assert home.apps["explorer"] is explorer


def test_unknown_app_is_refused_naming_the_choices(home):
    with pytest.raises(ValueError, match="tutor, explorer, sandbox"):
        home.open("casino")
