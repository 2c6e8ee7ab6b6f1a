import TouchInput

/// `"noiseFilters": "all"`, `"none"` or `["edge", "pressure:0.25"]`: the noise rules every
/// panel gets unless its udev property or the command line says otherwise.
struct NoiseFiltersSpec: Decodable, Sendable {
    var choice: NoiseChoice

    init(from decoder: any Decoder) throws {
        let expected = "expected \"all\", \"none\" or a list of rules such as [\"edge\", \"pressure:0.25\"]"
        let text: String
        if let s = try? decoder.singleValueContainer().decode(String.self) {
            text = s
        } else if let list = try? decoder.singleValueContainer().decode([String].self), !list.isEmpty {
            text = list.joined(separator: ",")
        } else {
            throw decoder.failure(expected)
        }
        switch NoiseChoice.parse(text) {
        case .success(let c): choice = c
        case .failure(let e): throw decoder.failure("\(expected): \(e)")
        }
    }
}
