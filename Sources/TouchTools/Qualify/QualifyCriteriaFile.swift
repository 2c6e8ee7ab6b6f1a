import PanelHealth
import StrictJSON
import TouchScene

/// A malformed `--criteria` file: where it is wrong and what was expected there.
package struct CriteriaFileError: Error, CustomStringConvertible, Equatable {
    package var file: String
    package var line: Int
    package var expected: String

    package var description: String { "\(file):\(line): expected \(expected)" }
}

extension QualifyCriteria {
    /// The published criteria with those of a `--criteria` file (a JSON object of numbers by
    /// name) replacing theirs; a file that is not such an object is refused with its line.
    package static func parse(_ bytes: [UInt8], file: String) throws(CriteriaFileError) -> QualifyCriteria {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw CriteriaFileError(file: file, line: error.line, expected: error.expected)
        }
        guard case .object(let members) = root.value else {
            throw CriteriaFileError(file: file, line: root.line, expected: "an object of criteria")
        }
        var criteria = QualifyCriteria()
        for member in members {
            guard case .number(let value) = member.node.value else {
                throw CriteriaFileError(file: file, line: member.node.line, expected: "a number for \(member.key)")
            }
            if let expected = criteria.set(member.key, value) {
                throw CriteriaFileError(file: file, line: member.node.line, expected: expected)
            }
        }
        return criteria
    }
}
