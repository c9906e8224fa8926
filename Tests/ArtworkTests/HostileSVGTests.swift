import Diagnostics
import Foundation
import XCTest

@testable import Artwork

/// One test per way a hostile SVG could fetch, expand, run or hang; each must be refused with one located line.
final class HostileSVGTests: XCTestCase {
    func refusal(_ text: String, file: String = "evil.svg") -> String {
        do {
            _ = try SVGArtReader.read(bytes: Array(text.utf8), file: file)
            return "accepted"
        } catch let error as TransExportError { return error.description } catch { return "\(error)" }
    }

    let open = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">"#

    func testXXEFileEntityIsRefusedAndNothingIsRead() {
        let secret = try! ArtworkTestFiles.temporaryFile("secret.txt", Array("TOP-SECRET-42".utf8))
        let text = "<!DOCTYPE svg [<!ENTITY x SYSTEM \"file://\(secret)\">]>\n\(open)<text>&x;</text></svg>"
        let message = refusal(text)
        XCTAssertEqual(
            message,
            "evil.svg:1: <!DOCTYPE>: declares entities; entity declarations are refused "
                + "(they can read files or expand without bound)")
        XCTAssertFalse(message.contains("TOP-SECRET"))
    }

    func testBillionLaughsIsRefused() {
        var dtd = "<!ENTITY l0 \"lol\">"
        for i in 1...9 { dtd += "<!ENTITY l\(i) \"" + String(repeating: "&l\(i - 1);", count: 10) + "\">" }
        let message = refusal("<!DOCTYPE svg [\(dtd)]>\n\(open)<title>&l9;</title></svg>")
        XCTAssertTrue(message.hasPrefix("evil.svg:1: <!DOCTYPE>: declares entities") || message.contains("entity reference loop"), message)
    }

    func testQuadraticEntityBombIsRefusedBeforeAnyoneReadsTheText() {
        let big = String(repeating: "x", count: 50_000)
        let refs = String(repeating: "&b;", count: 2_000)
        let message = refusal("<!DOCTYPE svg [<!ENTITY b \"\(big)\">]>\n\(open)<desc>\(refs)</desc></svg>")
        XCTAssertTrue(message.hasPrefix("evil.svg:1: <!DOCTYPE>: declares entities"), message)
    }

    func testExternalDTDIsNotLoaded() throws {
        let dtd = try ArtworkTestFiles.temporaryFile("ext.dtd", Array("<!ENTITY greet \"hello\">".utf8))
        let message = refusal("<!DOCTYPE svg SYSTEM \"file://\(dtd)\">\n\(open)<desc>&greet;</desc></svg>")
        XCTAssertEqual(message, "evil.svg:2: not accepted as XML: Entity 'greet' not defined")
        let parameter = refusal("<!DOCTYPE svg [<!ENTITY % p SYSTEM \"http://127.0.0.1:9/x.dtd\"> %p;]>\n\(open)</svg>")
        XCTAssertTrue(parameter.hasPrefix("evil.svg:1: <!DOCTYPE>: declares entities"), parameter)
    }

    func testTheUsualSVGDoctypeWithoutEntitiesIsAccepted() {
        let text =
            #"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">"#
            + "\n\(open)<rect width=\"5\" height=\"5\"/></svg>"
        XCTAssertEqual(refusal(text), "accepted")
    }

    func testFileAndHTTPHrefsAreRefused() {
        XCTAssertEqual(
            refusal("\(open)\n<use href=\"file:///etc/passwd#x\"/></svg>"),
            "evil.svg:2: <use>: href=\"file:///etc/passwd#x\" points outside the file; external references are refused (nothing is fetched)")
        XCTAssertTrue(
            refusal("\(open)\n<image xmlns:xlink=\"http://www.w3.org/1999/xlink\" xlink:href=\"http://example.com/a.png\"/></svg>")
                .hasPrefix("evil.svg:2: <image>: xlink:href=\"http://example.com/a.png\" points outside the file"))
        XCTAssertTrue(
            refusal("\(open)\n<rect width=\"5\" height=\"5\" fill=\"url(http://example.com/p.svg#g)\"/></svg>")
                .hasPrefix("evil.svg:2: <rect>: attribute fill: url(http://example.com/p.svg#g)…) points outside the file"))
    }

    func testScriptAndEventAttributesAndScriptURLsAreRefused() {
        XCTAssertEqual(
            refusal("\(open)\n<script>alert(1)</script></svg>"),
            "evil.svg:2: <script>: active content is refused (nothing scriptable or embedded reaches an exported file)")
        XCTAssertEqual(
            refusal("\(open)\n<rect width=\"5\" height=\"5\" onclick=\"alert(1)\"/></svg>"),
            "evil.svg:2: <rect>: event attribute onclick is refused (no script reaches an exported file)")
        XCTAssertEqual(
            refusal("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"9\" height=\"9\" onload=\"x()\"/>"),
            "evil.svg:1: <svg>: event attribute onload is refused (no script reaches an exported file)")
        XCTAssertEqual(
            refusal("\(open)\n<a href=\" javascript:alert(1)\"><rect width=\"5\" height=\"5\"/></a></svg>"),
            "evil.svg:2: <a>: attribute href holds a script URL; refused")
    }

    func testForeignObjectIframeAndCSSImportsAreRefused() {
        XCTAssertTrue(
            refusal("\(open)\n<foreignObject><div xmlns=\"http://www.w3.org/1999/xhtml\"/></foreignObject></svg>")
                .hasPrefix("evil.svg:2: <foreignObject>: active content is refused"))
        XCTAssertTrue(refusal("\(open)\n<iframe src=\"x\"/></svg>").hasPrefix("evil.svg:2: <iframe>: active content is refused"))
        XCTAssertEqual(
            refusal("\(open)\n<style>@import url(http://example.com/x.css);</style></svg>"),
            "evil.svg:2: <style>: CSS @import is refused (nothing is fetched)")
        XCTAssertTrue(
            refusal("\(open)\n<rect width=\"5\" height=\"5\" style=\"fill: url( 'https://x.test/p' )\"/></svg>")
                .hasPrefix("evil.svg:2: <rect>: attribute style: url(https://x.test/p')…) points outside the file"))
    }

    func testDeepNestingIsRefusedAtOurLimitAndAtLibxml2s() {
        let deep = open + String(repeating: "<g>", count: 100) + String(repeating: "</g>", count: 100) + "</svg>"
        XCTAssertEqual(refusal(deep), "evil.svg:1: <g>: nested deeper than 64 elements")
        let deeper = open + String(repeating: "<g>", count: 10_000) + String(repeating: "</g>", count: 10_000) + "</svg>"
        XCTAssertTrue(refusal(deeper).hasPrefix("evil.svg:1: not accepted as XML: Excessive depth in document: 256"))
    }

    func testTooManyElementsAndTooManyBytesAreRefused() {
        let many = open + String(repeating: "<g/>", count: 50_001) + "</svg>"
        XCTAssertEqual(refusal(many), "evil.svg:1: <g>: more than 50000 elements")
        let huge = open + "<desc>" + String(repeating: "x", count: 4 << 20) + "</desc></svg>"
        XCTAssertEqual(refusal(huge), "evil.svg: SVG of 4194386 bytes is over the limit of 4194304 bytes")
    }

    /// A dash array of 1e-9 on a circle asked for 10^11 outlined dashes and never ended (found by
    /// fuzzing the sample art); the dashes of a file are counted from above and bounded.
    func testTinyDashesAreRefusedAtTheirShape() {
        let circle = ##"<circle cx="50" cy="50" r="40" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="%@"/>"##
        func svg(_ dashes: [String]) -> String {
            open + "\n" + dashes.map { circle.replacingOccurrences(of: "%@", with: $0) }.joined(separator: "\n") + "</svg>"
        }
        XCTAssertEqual(
            refusal(svg(["1e-9 1e-9"])),
            "evil.svg:2: <circle>: its dashed stroke takes the file past 5000 dashes (each is outlined in the Lottie export and under 3D); "
                + "use longer dashes or fewer dashed shapes")
        // 2πr = 251.3 pt: a pattern of 0.1 is about 2,513 dashes; two such circles pass 5,000 at the second.
        XCTAssertEqual(refusal(svg(["0.05"])), "accepted")
        XCTAssertTrue(refusal(svg(["0.05", "0.05"])).hasPrefix("evil.svg:3: <circle>: its dashed stroke takes the file past 5000 dashes"))
        // A solid stroke, and a pattern summing to 0 (drawn solid), count nothing.
        XCTAssertEqual(refusal(svg(Array(repeating: "none", count: 3) + ["0 0"])), "accepted")
    }

    /// The count's length: never under the arc length, within 1 % of a circle's.
    func testTheDashCountsLengthBoundsTheCurveClosely() throws {
        let document = try SVGArtReader.read(bytes: Array((open + #"<circle cx="0" cy="0" r="100"/></svg>"#).utf8), file: "c.svg")
        guard case .shape(let shape)? = document.nodes.first?.content else { return XCTFail("no circle") }
        let length = shape.path.controlLength, circumference = 2 * Double.pi * 100
        XCTAssertGreaterThanOrEqual(length, circumference)
        XCTAssertLessThan(length / circumference, 1.01)
        let stroke = ArtStroke(paint: .color(ArtColor(red: 0, green: 0, blue: 0)), width: 1, cap: .butt, join: .miter, miterLimit: 4, dashes: [1, 1])
        XCTAssertEqual(stroke.dashCount(on: shape.path), (length / 2).rounded(.up) + 1)
    }

    func testWhatCannotBeCarriedIsALocatedError() {
        XCTAssertEqual(
            refusal("\(open)\n<g>\n<text x=\"1\" y=\"5\">Hi</text></g></svg>", file: "feed.svg"),
            "feed.svg:3: <text>: text is not carried; convert text to outlines in the design tool before exporting")
        XCTAssertEqual(
            refusal("\(open)\n<image href=\"data:image/png;base64,AAAA\"/></svg>"),
            "evil.svg:2: <image>: pictures inside an SVG are not carried; use an `image` layer for the picture")
        XCTAssertEqual(
            refusal("\(open)\n<rect width=\"5\" height=\"5\" filter=\"url(#f)\"/></svg>"),
            "evil.svg:2: <rect>: filter is not carried")
        XCTAssertEqual(
            refusal("\(open)\n<defs><pattern id=\"p\"/></defs><rect width=\"5\" height=\"5\" fill=\"url(#p)\"/></svg>"),
            "evil.svg:2: <pattern>: used as a paint; only linear and radial gradients are carried")
    }

    /// A listening socket on 127.0.0.1 that no one should ever connect to; its port, and whether
    /// a connection came in (checked without blocking).
    final class Listener {
        let fd: Int32
        let port: UInt16
        init() throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { p in
                p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0 }
            }
            guard fd >= 0, bound else { throw CocoaError(.fileWriteUnknown) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            self.fd = fd
            port = UInt16(bigEndian: address.sin_port)
        }
        var wasContacted: Bool {
            let c = accept(fd, nil, nil)
            if c >= 0 { close(c) }
            return c >= 0
        }
        deinit { close(fd) }
    }

    func testNothingIsFetchedFromTheNetwork() throws {
        // Every way an SVG can name a URL, pointed at a live local server: refused, and no connection made.
        let server = try Listener()
        let url = "http://127.0.0.1:\(server.port)/x"
        for text in [
            "<!DOCTYPE svg SYSTEM \"\(url).dtd\">\n\(open)</svg>",
            "<!DOCTYPE svg [<!ENTITY % p SYSTEM \"\(url).dtd\"> %p;]>\n\(open)</svg>",
            "<!DOCTYPE svg [<!ENTITY e SYSTEM \"\(url).txt\">]>\n\(open)<desc>&e;</desc></svg>",
            "\(open)\n<use href=\"\(url).svg#a\"/></svg>",
            "\(open)\n<rect width=\"5\" height=\"5\" fill=\"url(\(url).svg#g)\"/></svg>",
            "\(open)\n<style>@import url(\(url).css);</style></svg>",
            "<?xml-stylesheet href=\"\(url).css\"?>\n\(open)</svg>",
            "\(open)<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"\(url).xml\"/></svg>",
        ] {
            _ = refusal(text)
        }
        // A connection attempt would be queued by now: the reader runs synchronously.
        XCTAssertFalse(server.wasContacted, "the SVG reader connected to \(url)")
        XCTAssertEqual(
            refusal("<!DOCTYPE svg [<!ENTITY e SYSTEM \"\(url).txt\">]>\n\(open)<desc>&e;</desc></svg>").prefix(31), "evil.svg:1: <!DOCTYPE>: declare")
        XCTAssertTrue(refusal("\(open)\n<use href=\"\(url).svg#a\"/></svg>").hasPrefix("evil.svg:2: <use>: href="))
    }
}
