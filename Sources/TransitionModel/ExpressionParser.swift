// Parses the expression strings of an interaction (Expression.swift) with errors that name the
// column inside the expression; DefinitionDecoder+Interaction.swift turns that column into the
// line and column of the file.
//
//   condition := sum compare sum                      (begin rules, release `when`)
//   sum       := product (("+" | "-" | "−") product)*
//   product   := unary (("*" | "×" | "/" | "÷") unary)*
//   unary     := ("-" | "−" | "+") unary | primary
//   primary   := number | name | function "(" sum ("," sum)* ")" | "(" sum ")"
//   compare   := "<" | "<=" | "≤" | ">" | ">=" | "≥" | "==" | "!=" | "≠"

/// A problem in an expression: `column` counts characters from 1 at the expression's start.
package struct ExpressionError: Error, Hashable, Sendable {
    package var column: Int
    package var message: String
}

/// The names an expression may use where it is written, and why the others may not.
package struct ExpressionScope: Sendable {
    package var names: [(String, ExpressionName)]
    /// A builtin name that is not in `names`, with the reason it is not available here.
    package var unavailable: [String: String] = [:]

    package init(names: [(String, ExpressionName)], unavailable: [String: String] = [:]) {
        self.names = names; self.unavailable = unavailable
    }

    func lookup(_ name: String) -> ExpressionName? { names.first { $0.0 == name }?.1 }
}

package enum ExpressionParser {
    package static func expression(_ text: String, scope: ExpressionScope) throws -> ExpressionNode {
        var p = Parser(text, scope: scope)
        let node = try p.sum()
        if let t = p.peek {
            if case .compare = t.kind { throw p.error(at: t, "a comparison gives a condition, not a number; expected an expression such as \"1 - 0.5 * p\"") }
            throw p.error(at: t, "unexpected \(t.kind.text); expected an operator or the end of the expression")
        }
        return node
    }

    package static func condition(_ text: String, scope: ExpressionScope) throws -> (ExpressionComparison, ExpressionNode, ExpressionNode) {
        var p = Parser(text, scope: scope)
        let left = try p.sum()
        guard let t = p.next() else {
            throw ExpressionError(column: p.endColumn, message: "expected a comparison (<, <=, >, >=, ==, !=) such as \"p < 0.2\"")
        }
        guard case .compare(let c) = t.kind else {
            throw p.error(at: t, "unexpected \(t.kind.text); expected a comparison (<, <=, >, >=, ==, !=)")
        }
        let right = try p.sum()
        if let extra = p.peek { throw p.error(at: extra, "unexpected \(extra.kind.text); a condition has one comparison") }
        return (c, left, right)
    }
}

private struct Token {
    enum Kind {
        case number(Double), name(String), op(ExpressionOperator), compare(ExpressionComparison), open, close, comma
        var text: String {
            switch self {
            case .number(let d): return "number \(NumberText.string(d))"
            case .name(let n): return "\"\(n)\""
            case .op(let o): return "\"\(o.rawValue)\""
            case .compare(let c): return "\"\(c.rawValue)\""
            case .open: return "\"(\""
            case .close: return "\")\""
            case .comma: return "\",\""
            }
        }
    }
    var kind: Kind
    var column: Int
}

private struct Parser {
    let scope: ExpressionScope
    var tokens: [Token] = []
    var index = 0
    var endColumn = 1
    var lexError: ExpressionError?

    init(_ text: String, scope: ExpressionScope) {
        self.scope = scope
        let chars = Array(text.unicodeScalars)
        endColumn = chars.count + 1
        var i = 0
        func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
        func isNameStart(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" }
        while i < chars.count {
            let c = chars[i], col = i + 1
            if c == " " || c == "\t" || c == "\n" || c == "\r" { i += 1; continue }
            if isDigit(c) || (c == "." && i + 1 < chars.count && isDigit(chars[i + 1])) {
                var j = i
                while j < chars.count, isDigit(chars[j]) || chars[j] == "." { j += 1 }
                if j < chars.count, chars[j] == "e" || chars[j] == "E" {
                    var k = j + 1
                    if k < chars.count, chars[k] == "+" || chars[k] == "-" { k += 1 }
                    if k < chars.count, isDigit(chars[k]) {
                        while k < chars.count, isDigit(chars[k]) { k += 1 }
                        j = k
                    }
                }
                let s = String(String.UnicodeScalarView(chars[i..<j]))
                guard let d = Double(s), d.isFinite, abs(d) <= 1e9 else {
                    lexError = ExpressionError(column: col, message: "\"\(s)\" is not a number from -1e9 to 1e9")
                    return
                }
                tokens.append(Token(kind: .number(d), column: col))
                i = j
                continue
            }
            if isNameStart(c) {
                var j = i
                while j < chars.count, isNameStart(chars[j]) || isDigit(chars[j]) { j += 1 }
                tokens.append(Token(kind: .name(String(String.UnicodeScalarView(chars[i..<j]))), column: col))
                i = j
                continue
            }
            let next: Unicode.Scalar? = i + 1 < chars.count ? chars[i + 1] : nil
            var kind: Token.Kind?
            var width = 1
            switch c {
            case "+": kind = .op(.add)
            case "-", "−": kind = .op(.subtract)
            case "*", "×": kind = .op(.multiply)
            case "/", "÷": kind = .op(.divide)
            case "(": kind = .open
            case ")": kind = .close
            case ",": kind = .comma
            case "≤": kind = .compare(.lessOrEqual)
            case "≥": kind = .compare(.greaterOrEqual)
            case "≠": kind = .compare(.notEqual)
            case "<": if next == "=" { kind = .compare(.lessOrEqual); width = 2 } else { kind = .compare(.less) }
            case ">": if next == "=" { kind = .compare(.greaterOrEqual); width = 2 } else { kind = .compare(.greater) }
            case "=": if next == "=" { kind = .compare(.equal); width = 2 }
            case "!": if next == "=" { kind = .compare(.notEqual); width = 2 }
            default: break
            }
            guard let kind else {
                let hint = c == "=" ? "; compare with ==" : c == "!" ? "; write != for \"not equal\"" : ""
                lexError = ExpressionError(column: col, message: "unexpected character \"\(c)\"\(hint)")
                return
            }
            tokens.append(Token(kind: kind, column: col))
            i += width
        }
    }

    var peek: Token? { index < tokens.count ? tokens[index] : nil }
    mutating func next() -> Token? {
        defer { index += 1 }
        return peek
    }

    func error(at t: Token, _ message: String) -> ExpressionError { ExpressionError(column: t.column, message: message) }

    mutating func sum() throws -> ExpressionNode {
        if let lexError { throw lexError }
        var left = try product()
        while let t = peek, case .op(let o) = t.kind, o == .add || o == .subtract {
            index += 1
            left = .binary(o, left, try product())
        }
        return left
    }

    mutating func product() throws -> ExpressionNode {
        var left = try unary()
        while let t = peek, case .op(let o) = t.kind, o == .multiply || o == .divide {
            index += 1
            left = .binary(o, left, try unary())
        }
        return left
    }

    mutating func unary() throws -> ExpressionNode {
        if let t = peek, case .op(let o) = t.kind, o == .add || o == .subtract {
            index += 1
            let operand = try unary()
            return o == .subtract ? .negate(operand) : operand
        }
        return try primary()
    }

    mutating func primary() throws -> ExpressionNode {
        guard let t = next() else {
            throw ExpressionError(
                column: endColumn,
                message: index <= 1 && tokens.isEmpty
                    ? "empty expression; expected a number, a name or \"(\""
                    : "the expression ends too early; expected a number, a name or \"(\"")
        }
        switch t.kind {
        case .number(let d):
            return .number(d)
        case .open:
            let inner = try sum()
            guard let close = next() else { throw ExpressionError(column: endColumn, message: "missing \")\" for the \"(\" at column \(t.column)") }
            guard case .close = close.kind else { throw error(at: close, "unexpected \(close.kind.text); expected \")\" for the \"(\" at column \(t.column)") }
            return inner
        case .name(let name):
            if let f = ExpressionFunction(rawValue: name) { return try call(f, at: t) }
            if let open = peek, case .open = open.kind {
                throw error(at: t, "unknown function \"\(name)\"; expected one of \(ExpressionFunction.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if let n = scope.lookup(name) { return .name(n) }
            if let why = scope.unavailable[name] { throw error(at: t, "\"\(name)\" cannot be used here: \(why)") }
            throw error(at: t, "unknown name \"\(name)\"; expected a number or one of \(scope.names.map(\.0).joined(separator: ", "))")
        default:
            throw error(at: t, "unexpected \(t.kind.text); expected a number, a name or \"(\"")
        }
    }

    mutating func call(_ f: ExpressionFunction, at t: Token) throws -> ExpressionNode {
        let usage = f == .clamp ? "clamp(x, lo, hi)" : f == .abs ? "abs(x)" : "\(f.rawValue)(a, b, …)"
        guard let open = next(), case .open = open.kind else { throw error(at: t, "\"\(f.rawValue)\" is a function; write \(usage)") }
        var args: [ExpressionNode] = []
        while true {
            args.append(try sum())
            guard let sep = next() else { throw ExpressionError(column: endColumn, message: "missing \")\" closing \(f.rawValue)( at column \(t.column)") }
            if case .comma = sep.kind { continue }
            guard case .close = sep.kind else { throw error(at: sep, "unexpected \(sep.kind.text); expected \",\" or \")\" in \(f.rawValue)(…)") }
            break
        }
        guard f.arity.contains(args.count) else {
            throw error(
                at: t,
                "\(f.rawValue) takes \(f.arity.lowerBound == f.arity.upperBound ? "\(f.arity.lowerBound)" : "at least \(f.arity.lowerBound)") arguments (\(usage)), found \(args.count)"
            )
        }
        return .call(f, args)
    }
}
