// A definition file's bytes as text: UTF-8 only, and a file that is not names its first bad byte.
import JSONText

package enum DefinitionText {
    package static func utf8(_ bytes: [UInt8], file: String) throws -> String {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0, line = 1, column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
                if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
            case .emptyInput:
                return String(decoding: bytes, as: UTF8.self)
            case .error:
                let hex = String(bytes[offset], radix: 16, uppercase: true)
                throw DefinitionDiagnostic(
                    file: file, location: SourceLocation(line: line, column: column), path: "",
                    message: "byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(offset) is not UTF-8; expected UTF-8 text")
            }
        }
    }
}
