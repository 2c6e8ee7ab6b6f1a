/// The known word closest to a misspelt one (a few edits away at most), for "did you mean".
package func nearest(_ word: String, in known: [String]) -> String? {
    let w = Array(word.lowercased().unicodeScalars)
    var best: (String, Int)?
    for k in known {
        let d = editDistance(w, Array(k.lowercased().unicodeScalars))
        if d < (best?.1 ?? Int.max) { best = (k, d) }
    }
    guard let (k, d) = best, d <= max(1, min(w.count, k.count) / 4) else { return nil }
    return k
}

/// Levenshtein distance (insertions, deletions, substitutions).
package func editDistance<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
