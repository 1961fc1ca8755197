"""Makes the fake-TLC fixture of tlc_helpers available to every test here."""

from tests.tlc.tlc_helpers import fake_tlc  # noqa: F401
