import Motion
// The spec of an interactive transition: the gesture, what follows the finger, the release rules
// and the scripted branches, written with the definition's own expressions.
import TransitionModel

package struct InteractionSpec: Hashable, Sendable {
    package struct Row: Hashable, Sendable {
        package var label: String
        package var code: String
    }

    package var rows: [Row]

    package init(_ i: Interaction) {
        var rows = [
            Row(
                label: "Gesture",
                code: "pan from \(SpecText.point(i.touch))"
                    + (i.begin.isEmpty ? "" : "; begins when " + i.begin.map(\.source).joined(separator: " and ")))
        ]
        rows.append(Row(label: "Progress", code: "p = \(i.progress.source)"))
        rows += i.lets.map { Row(label: "Let", code: "\($0.name) = \($0.expression.source)") }
        switch i.kind {
        case .directManipulation(let changes):
            rows += changes.map { Row(label: "Follows the finger", code: Self.assignment($0)) }
        case .percentDriven(let p):
            rows.append(
                Row(
                    label: "Percent-driven",
                    code: "phase \(p.phase) shows p × its duration; completionSpeed \(SpecText.number(p.completionSpeed)), "
                        + "completion curve \(TimingSpec.short(p.completionCurve))"))
        }
        for (n, rule) in i.release.enumerated() {
            let condition = rule.when.map { "if \($0.source)" } ?? (n == 0 ? "always" : "otherwise")
            rows.append(Row(label: n == 0 ? "Release" : "", code: "\(condition) → \(rule.outcome.rawValue): \(Self.action(rule))"))
        }
        for script in i.scripts {
            var steps = script.points.map { "to \(SpecText.point($0.translation)) at \(SpecText.number($0.time)) s (\(TimingSpec.short($0.easing)))" }
            steps.append(
                "lifts at \(SpecText.number(script.release)) s"
                    + (script.releaseVelocity.map { " with velocity \(SpecText.point($0)) pt/s" } ?? ""))
            rows.append(Row(label: "Branch \(script.name)", code: "finger " + steps.joined(separator: ", ")))
        }
        self.rows = rows
    }

    static func action(_ rule: ReleaseRule) -> String {
        switch rule.action {
        case .blocks(let blocks):
            return blocks.map(block).joined(separator: "; ")
        case .phase(let name, let start):
            return "phase \(name) runs from the release" + (start.isEmpty ? "" : ", starting with " + start.map(assignment).joined(separator: ", "))
        case .complete:
            return rule.outcome == .finish ? "finishInteractiveTransition()" : "cancelInteractiveTransition()"
        }
    }

    static func block(_ b: ExpressionBlock) -> String {
        var args: [String] = []
        if let d = b.duration { args.append("duration: \(d.source)") }
        if b.delay.source != "0" { args.append("delay: \(b.delay.source)") }
        args.append(TimingSpec.short(b.timing))
        let body = (b.before.map { "before: " + assignment($0) } + b.changes.map(assignment)).joined(separator: "; ")
        return "UIView.animate(\(args.joined(separator: ", "))) { \(body) }"
    }

    static func assignment(_ c: ExpressionChange) -> String { "\(c.layer).\(c.value.propertyName) = \(value(c.value))" }

    static func value(_ v: ValueExpression) -> String {
        switch v {
        case .position(let x, let y): return "(\(x.source), \(y.source))"
        case .size(let w, let h): return "\(w.source) × \(h.source)"
        case .number(_, let e): return e.source
        case .transform(let t):
            var parts: [String] = []
            if t.translateX.source != "0" || t.translateY.source != "0" { parts.append("translate(\(t.translateX.source), \(t.translateY.source))") }
            if t.scaleX.source != "1" || t.scaleY.source != "1" {
                parts.append(t.scaleX.source == t.scaleY.source ? "scale(\(t.scaleX.source))" : "scale(\(t.scaleX.source), \(t.scaleY.source))")
            }
            if t.rotation.source != "0" { parts.append("rotate(\(t.rotation.source)°)") }
            if t.rotationY.source != "0" { parts.append("rotateY(\(t.rotationY.source)°)") }
            if t.rotationX.source != "0" { parts.append("rotateX(\(t.rotationX.source)°)") }
            if let d = t.perspective { parts.append("perspective(\(d.source))") }
            return parts.isEmpty ? "identity" : parts.joined(separator: " ")
        case .constant(let c): return SpecText.value(c)
        }
    }
}
