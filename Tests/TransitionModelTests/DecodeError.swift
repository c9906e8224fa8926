import TransitionModel

/// The one line a definition's decoding prints, or "no error": what the decoder tests compare.
func decodeError(_ text: String, art: ArtLibrary = .empty) -> String {
    do {
        _ = try DefinitionDecoder.decode(text, file: "t.json", art: art)
        return "no error"
    } catch {
        return "\(error)"
    }
}
