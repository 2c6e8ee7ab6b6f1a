/// Who may read a device node: its owner, group and mode, and its POSIX ACL (udev's `uaccess`
/// and touchbridge's rule grant read that way).
package struct NodeAccess: Equatable, Sendable {
    package var mode: UInt32
    package var owner: UInt32
    package var group: UInt32
    package var acl: [Entry] = []

    /// One ACL entry: whom (by tag and id) it grants what (`perm`, rwx bits).
    package struct Entry: Equatable, Sendable {
        package var tag: UInt16
        package var perm: UInt16
        package var id: UInt32
        static let user: UInt16 = 0x02
        static let groupObject: UInt16 = 0x04
        static let group: UInt16 = 0x08
        static let mask: UInt16 = 0x10
    }

    package init(mode: UInt32, owner: UInt32, group: UInt32, acl: [Entry] = []) {
        self.mode = mode
        self.owner = owner
        self.group = group
        self.acl = acl
    }

    /// The entries of a `system.posix_acl_access` value (version 2, then 8-byte entries); none
    /// for anything else.
    package static func entries(xattr b: [UInt8]) -> [Entry] {
        guard b.count >= 4, b.count <= 4 + 8 * 1024, (b.count - 4) % 8 == 0, b[0] == 2, b[1] == 0, b[2] == 0, b[3] == 0
        else { return [] }
        func u16(_ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
        func u32(_ i: Int) -> UInt32 { UInt32(u16(i)) | UInt32(u16(i + 2)) << 16 }
        return stride(from: 4, to: b.count, by: 8).map { i in Entry(tag: u16(i), perm: u16(i + 2), id: u32(i + 4)) }
    }

    /// Whether a user with these ids may read the node (POSIX ACL's order: owner, named users,
    /// groups, others; root always).
    package func canRead(_ r: Reader) -> Bool {
        if r.uid == 0 { return true }
        if r.uid == owner { return mode & 0o400 != 0 }
        let mask = acl.first { $0.tag == Entry.mask }.map { UInt32($0.perm) } ?? 7
        if let named = acl.first(where: { $0.tag == Entry.user && $0.id == r.uid }) {
            return UInt32(named.perm) & mask & 4 != 0
        }
        // With an ACL, the owning group's bits are its GROUP_OBJ entry under the mask.
        let groupObject = acl.first { $0.tag == Entry.groupObject }.map { UInt32($0.perm) & mask } ?? (mode >> 3 & 7)
        var matched = false
        if r.groups.contains(group) {
            matched = true
            if groupObject & 4 != 0 { return true }
        }
        for e in acl where e.tag == Entry.group && r.groups.contains(e.id) {
            matched = true
            if UInt32(e.perm) & mask & 4 != 0 { return true }
        }
        return matched ? false : mode & 0o004 != 0
    }

    /// `crw-rw---- root:input` with the ACL's named entries.
    package func describe(names: (UInt32, Bool) -> String) -> String {
        let bits = "rwxrwxrwx"
        var text = "mode "
        for (i, c) in bits.enumerated() { text.append(mode & (0o400 >> UInt32(i)) != 0 ? c : "-") }
        text += " \(names(owner, false)):\(names(group, true))"
        let named = acl.filter { $0.tag == Entry.user || $0.tag == Entry.group }
        if !named.isEmpty {
            text +=
                ", ACL "
                + named.map {
                    "\($0.tag == Entry.user ? "u" : "g"):\(names($0.id, $0.tag == Entry.group)):\($0.perm & 4 != 0 ? "r" : "-")"
                }.joined(separator: ",")
        }
        return text
    }
}

/// A user as far as reading a node goes: a name, uid and every group id.
package struct Reader: Equatable, Sendable {
    package var name: String
    package var uid: UInt32
    package var groups: Set<UInt32>

    package init(name: String, uid: UInt32, groups: Set<UInt32>) {
        self.name = name
        self.uid = uid
        self.groups = groups
    }
}
