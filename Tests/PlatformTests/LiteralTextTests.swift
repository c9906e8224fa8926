// Text search, trimming and padding on code points (Platform/LiteralText.swift), path folders.
import Platform
import XCTest

final class LiteralTextTests: XCTestCase {
    /// The reason searches are on bytes: a combining mark after `(` joins it into one Character,
    /// so the standard library's Character search misses `url(` where a browser's CSS tokenizer
    /// (code points) sees it.
    func testASearchFindsWhatACombiningMarkFollows() {
        let text = "fill:url(\u{301}http://evil/x)"
        XCTAssertFalse(text.contains("url("), "the Character search this replaces would miss it")
        XCTAssertTrue(text.containsLiterally("url("))
        let r = text.literalRange(of: "url(")!
        XCTAssertEqual(String(text[..<r.lowerBound]), "fill:")
        XCTAssertEqual(text[r.upperBound...].unicodeScalars.first, "\u{301}")
        XCTAssertNil(text.literalRange(of: "url((("))
        XCTAssertNil("".literalRange(of: "a"))
        XCTAssertNil("abc".literalRange(of: ""))
        XCTAssertEqual("a.tmp-1.tmp-22".lastLiteralRange(of: ".tmp-").map { String("a.tmp-1.tmp-22"[$0.upperBound...]) }, "22")
        XCTAssertNil("abc".lastLiteralRange(of: "x"))
        let sub = "xxurl(#a)"[...].dropFirst(2)
        XCTAssertEqual(sub.literalRange(of: "(").map { sub[$0.upperBound...] }, "#a)")
    }

    func testRemovingAndTrimming() {
        XCTAssertEqual("red !important".removingLiterally("!important"), "red ")
        XCTAssertEqual("a!importantb!important".removingLiterally("!important"), "ab")
        XCTAssertEqual("plain".removingLiterally("!important"), "plain")
        // Foundation's `whitespaces`: Zs (U+00A0 and U+3000 too) and the tab, not newlines.
        XCTAssertEqual(" \t\u{A0}12px\u{3000} ".trimmingSpacesAndTabs, "12px")
        XCTAssertEqual("\n12\n".trimmingSpacesAndTabs, "\n12\n")
        XCTAssertEqual("   ".trimmingSpacesAndTabs, "")
        XCTAssertEqual("\n\r\t 12 \u{85}\u{2028}".trimmingWhitespaceAndNewlines, "12")
        XCTAssertEqual("'#id\"".trimmingScalars(where: { $0 == "'" || $0 == "\"" }), "#id")
    }

    /// As NSString's padding: to a width in UTF-16 units, cut when longer.
    func testPaddingCountsUTF16Units() {
        XCTAssertEqual("ab".padded(toUTF16Width: 4), "ab  ")
        XCTAssertEqual("abcdef".padded(toUTF16Width: 4), "abcd")
        XCTAssertEqual("é".padded(toUTF16Width: 2), "é ")
        XCTAssertEqual("😀".padded(toUTF16Width: 3), "😀 ", "an emoji is two UTF-16 units")
        XCTAssertEqual("".padded(toUTF16Width: 0), "")
    }

    /// The folder of a typed path (NSString.deletingLastPathComponent's results, which trapped on "a").
    func testPathFolders() {
        let cases: [(String, String)] = [
            ("", ""), ("/", "/"), ("a", ""), ("b.json", ""), ("a/b", "a"), ("a/b/", "a"), ("/a", "/"),
            ("a//b", "a"), ("//a", "/"), ("./a", "."), ("Examples/x.json", "Examples"), ("/tmp/x/y.json", "/tmp/x"),
            ("../a/b.json", "../a"), ("a/b//", "a"), ("a/./b", "a/."), ("é/ü.json", "é"),
        ]
        for (path, folder) in cases { XCTAssertEqual(PathText.folder(of: path), folder, path) }
    }

    /// printf's `%.*f`: the binary value rounded, halves to even where exact.
    func testPrintfNumbers() {
        XCTAssertEqual(PrintfNumber.fixed(2.5, decimals: 0), "2")
        XCTAssertEqual(PrintfNumber.fixed(3.5, decimals: 0), "4")
        XCTAssertEqual(PrintfNumber.fixed(0.125, decimals: 2), "0.12")
        XCTAssertEqual(PrintfNumber.fixed(-1.0005, decimals: 3), "-1.000")
        XCTAssertEqual(PrintfNumber.fixed(1e300, decimals: 1).count, 303)
        XCTAssertEqual(PrintfNumber.fixed(.infinity, decimals: 3), "inf")
        XCTAssertEqual(PrintfNumber.fixed(1, decimals: 99), "1.00000000000000000", "decimals capped at 17")
    }
}
