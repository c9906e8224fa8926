import TransitionModel

/// The one line a definition's decoding prints, or "no error": what the decoder tests compare.
func decodeError(_ text: String) -> String {
    do {
        _ = try DefinitionDecoder.decode(text, file: "t.json")
        return "no error"
    } catch {
        return "\(error)"
    }
}
