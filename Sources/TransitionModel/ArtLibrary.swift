// Art components: a layer subtree defined once in an art file (`Templates/art/NAME.json`) and
// placed by definitions with {"use": "NAME", …}. This file: the library the decoder asks for
// art files, and reading one art file (its parameters and root layer). Placing art at a use
// site is in DefinitionDecoder+Art.swift; `Templates/art.schema.json` documents the file.
import FoundationEssentials
import Glibc
import JSONText
import Platform

/// The text of one art file and how diagnostics name it.
package struct ArtSource: Sendable {
    package var text: String
    package var file: String
    package init(text: String, file: String) { self.text = text; self.file = file }
}

/// Where the decoder finds art by name. The command line reads `art/NAME.json` beside the
/// definition, then in the catalog; a definition without `use` needs none.
package struct ArtLibrary: Sendable {
    /// The names it offers, for "expected one of" messages.
    package var names: @Sendable () -> [String]
    package var source: @Sendable (_ name: String) -> ArtSource?
    /// Where `image`/`svg` layers' files are found (the definition's folder) and how messages
    /// name it; nil: relative to the current directory.
    package var artworkDirectory: (url: URL, display: String)?

    package init(names: @escaping @Sendable () -> [String], source: @escaping @Sendable (_ name: String) -> ArtSource?) {
        self.names = names; self.source = source
    }

    package static let empty = ArtLibrary(names: { [] }, source: { _ in nil })

    /// Art files held in memory (name → text), named `folder/NAME.json` in diagnostics.
    package static func inMemory(_ files: [String: String], folder: String = "art") -> ArtLibrary {
        ArtLibrary(
            names: { files.keys.sorted() },
            source: { name in files[name].map { ArtSource(text: $0, file: "\(folder)/\(name).json") } })
    }
}

/// What a parameter holds; a use site's value is checked against it where it is written.
enum ArtParameterType: String, CaseIterable {
    case color, fill, id, number
}

struct ArtParameter {
    enum Default {
        /// No default: every use site must give it.
        case required
        /// `"default": null`: a member whose value is this parameter is left out when not given.
        case optional
        case value(JSONNode)
    }
    let name: String
    let type: ArtParameterType
    let defaultValue: Default
}

/// One art file, read and checked.
struct ArtComponent {
    let name: String
    let file: String
    let parameters: [ArtParameter]
    /// The root layer, a plain layer (not itself a `use`); "$name" strings in it are parameters.
    let layer: LocatedJSON

    static func parse(_ source: ArtSource, name: String) throws -> ArtComponent {
        let root: LocatedJSON
        do {
            root = try JSONParser.parse(source.text)
        } catch var e as TransExportError {
            e.file = source.file  // a syntax error: its line and column, in this file
            throw e
        }
        let doc = JSONNode(node: root, path: "", file: source.file)
        try doc.checkMembers(allowed: ["$schema", "version", "name", "description", "parameters", "layer"])
        let version = try doc.required("version", "the format version 1").integer(1...Int.max)
        guard version == TransitionDefinition.formatVersion else { throw doc.child("version")!.fail("unsupported version \(version); expected 1") }
        let nameNode = try doc.required("name", "the art's name (its file name)")
        guard try nameNode.string() == name else { throw nameNode.fail("expected \"\(name)\" (the file's name)") }
        _ = try doc.required("description", "a description string").string()

        var parameters: [ArtParameter] = []
        if let list = doc.child("parameters") {
            for (key, p) in try list.object(allowed: list.node.keys) {
                guard DefinitionDecoder.isValidName(key) else { throw p.fail("expected a parameter name of letters, digits, '-' or '_'") }
                try p.checkMembers(allowed: ["type", "default", "description"])
                let typeNode = try p.required("type", "one of \(Self.typeNames)")
                guard let type = ArtParameterType(rawValue: try typeNode.string()) else {
                    throw typeNode.fail("unknown parameter type \"\(try typeNode.string())\"; expected one of \(Self.typeNames)")
                }
                var defaultValue = ArtParameter.Default.required
                if let d = p.child("default") {
                    if case .null = d.node.value {
                        defaultValue = .optional
                    } else {
                        try check(d, isA: type)
                        defaultValue = .value(d)
                    }
                }
                parameters.append(ArtParameter(name: key, type: type, defaultValue: defaultValue))
            }
        }
        let layer = try doc.required("layer", "the art's root layer")
        try layer.checkMembers(allowed: DefinitionDecoder.layerMembers + ["use"])
        if let use = layer.child("use") { throw use.fail("an art file's root layer cannot be a use; put the use in a group's children") }
        let declared = parameters.map(\.name)
        if mayReferenceUndeclared(layer.node, declared: declared) { try checkParameterReferences(layer, declared: declared) }
        return ArtComponent(name: name, file: source.file, parameters: parameters, layer: layer.node)
    }

    static var typeNames: String { ArtParameterType.allCases.map(\.rawValue).joined(separator: ", ") }

    /// A use site's value (or a default) must be what the parameter's type says.
    static func check(_ value: JSONNode, isA type: ArtParameterType) throws {
        switch type {
        case .color: _ = try value.color()
        case .fill: _ = try DefinitionDecoder.decodeFill(value)
        case .number: _ = try value.number()
        case .id:
            let s = try value.string()
            guard DefinitionDecoder.isValidName(s) else { throw value.fail("expected an id of letters, digits, '-' or '_', found \"\(s)\"") }
        }
    }

    /// Whether `checkParameterReferences` can fail: the same test on every string of the parsed
    /// tree (a superset of the nodes it visits), without a JSONNode (path, lookup) per member.
    static func mayReferenceUndeclared(_ node: LocatedJSON, declared: [String]) -> Bool {
        switch node.value {
        case .string(let s) where s.hasPrefix("$"): return !declared.contains(String(s.dropFirst()))
        case .object, .array: return node.elements.contains { mayReferenceUndeclared($0, declared: declared) }
        case .null, .bool, .number, .string, .numbers, .written: return false
        }
    }

    /// Every "$name" string in the layer tree names a declared parameter (a typo fails here,
    /// in the art file, rather than as a strange value later).
    static func checkParameterReferences(_ node: JSONNode, declared: [String]) throws {
        switch node.node.value {
        case .string(let s) where s.hasPrefix("$"):
            guard declared.contains(String(s.dropFirst())) else {
                throw node.fail("unknown parameter \"\(s)\"; " + (declared.isEmpty ? "the art declares none" : "declared: \(declared.joined(separator: ", "))"))
            }
        case .object:
            for key in node.node.keys { try checkParameterReferences(node.child(key)!, declared: declared) }
        case .array:
            for e in try node.elements() { try checkParameterReferences(e, declared: declared) }
        case .null, .bool, .number, .string, .numbers, .written:  // a parsed tree holds no writer's values
            break
        }
    }
}

/// Art read during one decode, each file once.
final class ArtResolver {
    let library: ArtLibrary
    private var cache: [String: ArtComponent] = [:]
    /// Layers decoded so far, art included: the ceiling is met while decoding, not after.
    var layersDecoded = 0
    init(library: ArtLibrary) { self.library = library }

    /// nil when the library has no art of that name.
    func component(_ name: String) throws -> ArtComponent? {
        if let c = cache[name] { return c }
        guard let source = library.source(name) else { return nil }
        let c = try ParsedArt.shared.component(source, name: name)
        cache[name] = c
        return c
    }
}

/// Art files read and checked in this process, by name, file and text: every template of the
/// catalog places the same few files, and reading one is the same work each time. Bounded: a
/// long-running process that decodes ever new art (a batch of user files) starts over at
/// `capacity` entries instead of growing without end.
private final class ParsedArt: @unchecked Sendable {
    static let shared = ParsedArt()
    static let capacity = 64
    private struct Key: Hashable {
        let name: String, file: String, text: String
    }
    private let lock = Lock()
    private var components: [Key: ArtComponent] = [:]

    func component(_ source: ArtSource, name: String) throws -> ArtComponent {
        let key = Key(name: name, file: source.file, text: source.text)
        if let c = lock.withLock({ components[key] }) { return c }
        let c = try ArtComponent.parse(source, name: name)
        lock.withLock {
            if components.count >= Self.capacity { components.removeAll(keepingCapacity: true) }
            components[key] = c
        }
        return c
    }
}

/// The art context of a node: the resolver, the parameters in force and the art being placed
/// (outermost first, to catch art that uses itself).
final class ArtScope {
    let resolver: ArtResolver
    let arguments: [String: JSONNode?]
    let chain: [String]
    init(resolver: ArtResolver, arguments: [String: JSONNode?] = [:], chain: [String] = []) {
        self.resolver = resolver; self.arguments = arguments; self.chain = chain
    }
}
