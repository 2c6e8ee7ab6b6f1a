import Evdev
import Glibc
import Sysfs

/// The users `doctor` weighs a node's access for, and a node's owner, mode and ACL.
enum Users {
    /// The service's user and the groups its unit gives it (`User=`, `Group=`, `SupplementaryGroups=`).
    static let serviceUser = "touchbridge"
    static let serviceGroups = ["touchbridge-events", "touchbridge"]

    /// Whoever runs doctor: the real user, with every group it has now.
    static func me() -> Reader {
        var groups = Set([getgid(), getegid()])
        let n = getgroups(0, nil)
        if n > 0 {
            var list = [gid_t](repeating: 0, count: Int(n))
            let got = getgroups(n, &list)
            if got > 0 { groups.formUnion(list.prefix(Int(got))) }
        }
        return Reader(name: name(getuid(), group: false), uid: getuid(), groups: groups)
    }

    /// The service's user with its unit's groups, nil when the machine has no such user.
    static func service() -> Reader? {
        guard let pw = getpwnam(serviceUser) else { return nil }
        let uid = pw.pointee.pw_uid
        let primary = pw.pointee.pw_gid
        var count: Int32 = 64
        var list = [gid_t](repeating: 0, count: 64)
        var groups: Set<UInt32> = [primary]
        if getgrouplist(serviceUser, primary, &list, &count) >= 0 { groups.formUnion(list.prefix(Int(count))) }
        for g in serviceGroups { if let gr = getgrnam(g) { groups.insert(gr.pointee.gr_gid) } }
        return Reader(name: serviceUser, uid: uid, groups: groups)
    }

    /// A user's or group's name, or its number.
    static func name(_ id: UInt32, group: Bool) -> String {
        if group, let g = getgrgid(id), let n = g.pointee.gr_name { return String(cString: n) }
        if !group, let p = getpwuid(id), let n = p.pointee.pw_name { return String(cString: n) }
        return String(id)
    }

    /// A node's owner, group, mode and ACL; nil when it cannot be looked at.
    static func access(_ node: String) -> NodeAccess? {
        var st = stat()
        guard stat(node, &st) == 0 else { return nil }
        return NodeAccess(
            mode: UInt32(st.st_mode & 0o7777), owner: st.st_uid, group: st.st_gid,
            acl: NodeACL.bytes(of: node).map(NodeAccess.entries(xattr:)) ?? [])
    }
}
