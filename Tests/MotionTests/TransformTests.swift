import Foundation
import Geometry
import XCTest

@testable import Motion

private func assertPoint(
    _ p: Point, _ x: Double, _ y: Double, _ accuracy: Double = 1e-6,
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(p.x, x, accuracy: accuracy, "x of \(p)", file: file, line: line)
    XCTAssertEqual(p.y, y, accuracy: accuracy, "y of \(p)", file: file, line: line)
}

final class Transform3DTests: XCTestCase {
    // CATransform3DConcat(a, b) applies a first (docs/uikit-motion.md#transform-matrices).
    func testConcatOrder() {
        let a = Transform3D.scale(2, 2), b = Transform3D.translation(10, 0)
        assertPoint(a.concatenating(b).apply(to: Point(1, 1)), 12, 2)  // scale, then move
        assertPoint(b.concatenating(a).apply(to: Point(1, 1)), 22, 2)  // move, then scale
        // CA-style helpers put the op before the receiver.
        XCTAssertEqual(b.scaled(2, 2), a.concatenating(b))
        XCTAssertEqual(Transform3D.identity.translated(10, 0), b)
    }

    // About z equals CGAffineTransform(rotationAngle:): (1,0) → (cos, sin), clockwise on a y-down screen.
    func testRotationAboutZ() {
        let theta = 0.3
        let r = Transform3D.rotation(angle: theta, x: 0, y: 0, z: 1)
        XCTAssertEqual(r, Transform3D.affine(a: cos(theta), b: sin(theta), c: -sin(theta), d: cos(theta), tx: 0, ty: 0))
        assertPoint(r.apply(to: Point(1, 0)), cos(theta), sin(theta), 1e-12)
        assertPoint(Transform3D.rotation(angle: .pi / 2, x: 0, y: 0, z: 1).apply(to: Point(1, 0)), 0, 1, 1e-12)
        XCTAssertTrue(r.isAffine2D)
        XCTAssertEqual(Transform3D.rotation(angle: 1, x: 0, y: 0, z: 0), .identity)
    }

    // docs/uikit-motion.md#transform-matrices: about y, m11 = cos, m13 = −sin, m31 = sin, m33 = cos.
    func testRotationAboutY() {
        let r = Transform3D.rotation(angle: 0.4, x: 0, y: 2, z: 0)
        XCTAssertEqual(r.m11, cos(0.4), accuracy: 1e-15)
        XCTAssertEqual(r.m13, -sin(0.4), accuracy: 1e-15)
        XCTAssertEqual(r.m31, sin(0.4), accuracy: 1e-15)
        XCTAssertEqual(r.m33, cos(0.4), accuracy: 1e-15)
        XCTAssertEqual(r.m22, 1, accuracy: 1e-15)
        XCTAssertFalse(r.isAffine2D)
        XCTAssertFalse(Transform3D.perspective(eyeDistance: 500).isAffine2D)
    }

    func testInverseRoundTrip() {
        let m = Transform3D.rotation(angle: 0.7, x: 1, y: 2, z: 3)
            .concatenating(.perspective(eyeDistance: 400))
            .concatenating(.scale(2, 0.5, 3))
            .concatenating(.translation(10, -20, 5))
        guard let inv = m.inverse else { return XCTFail("invertible") }
        let product = m.concatenating(inv)
        let id = Transform3D.identity
        for (x, y) in zip(product.allEntries, id.allEntries) { XCTAssertEqual(x, y, accuracy: 1e-12) }
        // A full homogeneous round trip (a projected 2D point has lost its z, so only 4-vectors invert).
        let h = m.applyHomogeneous(x: 13, y: -7, z: 2)
        let back = inv.applyHomogeneous(x: h.x / h.w, y: h.y / h.w, z: h.z / h.w)
        XCTAssertEqual(back.x / back.w, 13, accuracy: 1e-9)
        XCTAssertEqual(back.y / back.w, -7, accuracy: 1e-9)
        XCTAssertEqual(back.z / back.w, 2, accuracy: 1e-9)
        let affine = Transform3D.affine(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: 6)
        assertPoint(affine.inverse!.apply(to: affine.apply(to: Point(13, -7))), 13, -7, 1e-12)
        XCTAssertNil(Transform3D.scale(0, 1).inverse)
    }

    // docs/uikit-motion.md#perspective test vector: 100×100 layer, 45° about y, d = 500, anchor at the centre; transform = R_y·P.
    func testPerspectiveProjectionVector() {
        let t = Transform3D.perspective(eyeDistance: 500).rotated(angle: .pi / 4, x: 0, y: 1, z: 0)
        XCTAssertEqual(
            t,
            Transform3D.rotation(angle: .pi / 4, x: 0, y: 1, z: 0)
                .concatenating(.perspective(eyeDistance: 500)))
        let layer = LayerGeometry(position: .zero, boundsSize: Size(100, 100), transform: t)
        let m = layer.toSuperlayer
        assertPoint(m.apply(to: Point(0, 0)), -38.046, -53.805, 0.5e-3)
        assertPoint(m.apply(to: Point(100, 0)), 33.020, -46.698, 0.5e-3)
        assertPoint(m.apply(to: Point(0, 100)), -38.046, 53.805, 0.5e-3)
        assertPoint(m.apply(to: Point(100, 100)), 33.020, 46.698, 0.5e-3)
    }
}

final class LayerGeometryTests: XCTestCase {
    func testFrameWithIdentityTransform() {
        let layer = LayerGeometry(
            position: Point(100, 200), boundsOrigin: Point(5, 7), boundsSize: Size(40, 60),
            anchorPoint: Point(0.25, 0.5))
        XCTAssertEqual(layer.frame, Rect(90, 170, 40, 60))
        // The general path (corner bounding box) agrees.
        let m = layer.toSuperlayer
        assertPoint(m.apply(to: Point(5, 7)), 90, 170, 1e-12)
        assertPoint(m.apply(to: Point(45, 67)), 130, 230, 1e-12)
    }

    func testFrameIsCornerBoundingBox() {
        let layer = LayerGeometry(
            position: Point(50, 50), boundsSize: Size(20, 10),
            transform: .rotation(angle: .pi / 2, x: 0, y: 0, z: 1))
        let f = layer.frame
        XCTAssertEqual(f.minX, 45, accuracy: 1e-9); XCTAssertEqual(f.minY, 40, accuracy: 1e-9)
        XCTAssertEqual(f.size.width, 10, accuracy: 1e-9); XCTAssertEqual(f.size.height, 20, accuracy: 1e-9)
    }

    // The anchor lands on position whatever the transform, and the inverse brings it back.
    func testPositionAnchorRoundTrip() {
        let layer = LayerGeometry(
            position: Point(30, 80), boundsOrigin: Point(-10, 4), boundsSize: Size(200, 120),
            anchorPoint: Point(0.2, 0.9),
            transform: Transform3D.rotation(angle: 0.5, x: 1, y: 1, z: 0)
                .concatenating(.perspective(eyeDistance: 600)))
        let anchor = layer.anchorInBounds
        assertPoint(anchor, 30, 112, 1e-12)
        assertPoint(layer.toSuperlayer.apply(to: anchor), 30, 80, 1e-9)
        guard let back = layer.toSuperlayer.inverse else { return XCTFail("invertible") }
        assertPoint(back.apply(to: Point(30, 80)), anchor.x, anchor.y, 1e-9)
    }

    // Anchor (0, 0.5) at (0, 422): the left edge is the hinge of a y rotation.
    func testLeftEdgeHingeUnderYRotation() {
        for angle in [0.0, 0.3, -1.2, .pi / 2 * 0.99] {
            let t = Transform3D.perspective(eyeDistance: 1000).rotated(angle: angle, x: 0, y: 1, z: 0)
            let layer = LayerGeometry(
                position: Point(0, 422), boundsSize: Size(390, 844),
                anchorPoint: Point(0, 0.5), transform: t)
            let m = layer.toSuperlayer
            assertPoint(m.apply(to: Point(0, 0)), 0, 0, 1e-9)
            assertPoint(m.apply(to: Point(0, 844)), 0, 844, 1e-9)
        }
    }

    // docs/uikit-motion.md#layer-geometry: M ← M · Tr(−A_S) · ST · Tr(A_S).
    func testSublayerTransformAboutSuperlayerAnchor() {
        let child = LayerGeometry(position: Point(50, 50), boundsSize: Size(10, 10))
        let st = Transform3D.scale(2, 2)
        let m = LayerGeometry.applyingSublayerTransform(
            child.toSuperlayer, sublayerTransform: st,
            superlayerAnchorInBounds: Point(100, 100))
        // Child centre (50,50) scales about (100,100) → (0,0).
        assertPoint(m.apply(to: Point(5, 5)), 0, 0, 1e-12)
        assertPoint(m.apply(to: Point(0, 0)), -10, -10, 1e-12)
    }
}

extension Transform3D {
    var allEntries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }
}
