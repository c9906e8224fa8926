"""The gallery check's keyboard check (Conformance/gallery_layout.py) on a real three-card page and
on copies of it broken the way a page can break: Home that does not go to 0, keys that act on
another card than the one in use. Needs the exporter (.build/release or .build/debug, or
$TRANS_EXPORT_BINARY), Chromium and lottie-web (Scripts/install-test-deps.sh)."""
import os
import shutil
import tempfile
import unittest

from Conformance import gallery_check, gallery_layout
from Conformance.chromium import Browser, BrowserError, find_chromium

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Card 1 is taller than the viewport (an interactive card) and a card follows it, so centred its
# spec's top sits under the sticky card index: the check's click must still land on the card
# (the first keyboard check clicked an index link there and judged the keys of stories-open).
TEMPLATES = ("douyin-present", "douyin-drag-dismiss", "stories-open")
HOME = "case 'Home': c.pause(); c.seek(0); break;"
WHICH_CARD = "var c = cardOf(target) || currentCard();"


def exporter():
    candidates = [os.environ.get("TRANS_EXPORT_BINARY"), os.path.join(REPO, ".build", "release", "trans-export"),
                  os.path.join(REPO, ".build", "debug", "trans-export")]
    return next((c for c in candidates if c and os.access(c, os.X_OK)), None)


def chromium():
    try:
        return find_chromium()
    except BrowserError:
        return None


class QuietCheck(gallery_check.Check):
    def ok(self, cond, what):
        if not cond:
            self.failures.append(what)
        return cond


@unittest.skipUnless(exporter() and chromium() and os.path.exists(gallery_check.DEFAULT_PLAYER),
                     "needs the exporter binary, Chromium and lottie-web")
class GalleryKeys(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="gallery-keys-selftest-")
        path, _ = gallery_check.export(exporter(), os.path.join(cls.tmp, "page"), gallery_check.DEFAULT_PLAYER, TEMPLATES)
        with open(path, encoding="utf-8") as f:
            cls.html = f.read()
        cls.browser = Browser()

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def failures_on(self, html, name):
        """The keyboard check's failures on `html` (written as NAME.html), every card mounted first."""
        path = os.path.join(self.tmp, name + ".html")
        with open(path, "w", encoding="utf-8") as f:
            f.write(html)
        page = gallery_check.Page(self.browser, path)
        try:
            for i in range(page.eval("gallery.cards.length")):
                page.eval("gallery.cards[%d].root.scrollIntoView({block: 'center'})" % i)
                page.frames(2)
            check = QuietCheck()
            gallery_layout.check_keys_and_links(page, check, gallery_check.TIME_TOLERANCE)
            return check.failures
        finally:
            page.tab.close()

    def test_the_page_passes(self):
        self.assertEqual(self.failures_on(self.html, "good"), [])

    def test_home_that_does_not_go_to_0_fails(self):
        self.assertEqual(self.html.count(HOME), 1)
        failures = self.failures_on(self.html.replace(HOME, "case 'Home': c.pause(); break;"), "home")
        self.assertEqual(len(failures), 1, failures)
        self.assertIn("Home went to t=", failures[0])

    def test_keys_on_another_card_fail(self):
        self.assertEqual(self.html.count(WHICH_CARD), 1)
        failures = self.failures_on(self.html.replace(WHICH_CARD, "var c = cards[0];"), "other-card")
        self.assertEqual(len(failures), 1, failures)
        self.assertIn("space did not pause", failures[0])
        self.assertIn("Home went to t=", failures[0])


if __name__ == "__main__":
    unittest.main()
